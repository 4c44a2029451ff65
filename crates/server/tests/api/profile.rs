//! The signed-in user's own profile.

use super::*;

#[tokio::test]
async fn profile_is_read_and_updated_with_its_rules() {
    let w = world().await;
    let token = w.sign_in("demo.sales").await;
    let profile = w.get(&token, "/api/profile").await.json();
    assert_eq!(profile["firstName"], "Sam");
    let mut update = json!({"firstName": "Sammy", "lastName": "Sellers", "phone": "555-103-1003", "email": "sam@example.com",
        "send_email": 1, "send_sms": 0, "send_cc_email": 1, "cc_email": ""});
    let bad = w.patch(&token, "/api/profile", update.clone()).await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(bad.json()["errors"]["cc_email"], "CC email is required");
    update["cc_email"] = json!("boss@example.com");
    update["pass_word"] = json!("one-password");
    update["confirm"] = json!("two-password");
    let mismatch = w.patch(&token, "/api/profile", update.clone()).await;
    assert_eq!(
        mismatch.json()["errors"]["confirm"],
        "Password doesn't match."
    );
    update["confirm"] = json!("one-password");
    let ok = w.patch(&token, "/api/profile", update).await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.text());
    let user = ok.json();
    assert_eq!(
        (user["firstName"].as_str(), user["cc_email"].as_str()),
        (Some("Sammy"), Some("boss@example.com"))
    );
    let fresh = user["token"].as_str().unwrap();
    assert_eq!(
        w.get(fresh, "/api/profile").await.status,
        StatusCode::OK,
        "a new token after a password change"
    );
    w.done().await;
}
