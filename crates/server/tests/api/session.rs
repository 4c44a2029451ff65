//! Signing in: each refusal's message, throttling, tokens, and the password reset by mail.

use super::*;

#[tokio::test]
async fn sign_in_answers_each_case_with_the_spec_message() {
    let w = world().await;
    for (username, pm, admin, enterprise, rental) in [
        ("demo.admin", true, true, false, false),
        ("demo.pm", true, false, false, false),
        ("demo.sales", false, false, false, false),
        ("rental.pm", true, false, false, true),
        ("demo.enterprise", true, false, true, false),
    ] {
        let a = w
            .anonymous(
                Method::POST,
                "/api/auth/users",
                json!({"username": username, "password": "tourdesk-demo"}),
            )
            .await;
        assert_eq!(a.status, StatusCode::OK);
        let user = &a.json()["user"];
        assert_eq!(user["username"], username);
        assert_eq!(
            (user["isPM"].as_bool(), user["isAdmin"].as_bool()),
            (Some(pm), Some(admin)),
            "{username}"
        );
        assert_eq!(
            (user["isEnterprise"].as_bool(), user["isRental"].as_bool()),
            (Some(enterprise), Some(rental)),
            "{username}"
        );
    }
    let a = w
        .anonymous(
            Method::POST,
            "/api/auth/users",
            json!({"username": "nobody", "password": "x"}),
        )
        .await;
    assert_eq!(
        (a.status, a.json()["message"].as_str()),
        (StatusCode::NOT_FOUND, Some("User not found"))
    );
    let a = w
        .anonymous(
            Method::POST,
            "/api/auth/users",
            json!({"username": "demo.pm", "password": "nope"}),
        )
        .await;
    assert_eq!(
        (a.status, a.json()["message"].as_str()),
        (StatusCode::FORBIDDEN, Some("Invalid usersname or password"))
    );
    let a = w
        .anonymous(
            Method::POST,
            "/api/auth/users",
            json!({"username": "demo.pm"}),
        )
        .await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY);
    let a = w
        .anonymous(
            Method::POST,
            "/api/auth/users",
            json!({"username": 5, "password": "x"}),
        )
        .await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY);
    let a = w
        .raw(
            Method::POST,
            "/api/auth/users",
            None,
            Some(Body::from("{not json")),
            Some("application/json"),
        )
        .await;
    assert_eq!(
        (a.status, a.json()["message"].as_str()),
        (
            StatusCode::BAD_REQUEST,
            Some("The request body is not valid JSON")
        )
    );
    let huge = format!(
        "{{\"username\":\"{}\",\"password\":\"x\"}}",
        "a".repeat(2 * 1024 * 1024)
    );
    let a = w
        .raw(
            Method::POST,
            "/api/auth/users",
            None,
            Some(Body::from(huge)),
            Some("application/json"),
        )
        .await;
    assert_eq!(a.status, StatusCode::PAYLOAD_TOO_LARGE);
    w.done().await;
}

#[tokio::test]
async fn repeated_failures_are_throttled() {
    let w = world().await;
    for _ in 0..5 {
        let a = w
            .anonymous(
                Method::POST,
                "/api/auth/users",
                json!({"username": "demo.sales", "password": "bad"}),
            )
            .await;
        assert_eq!(a.status, StatusCode::FORBIDDEN);
    }
    let a = w
        .anonymous(
            Method::POST,
            "/api/auth/users",
            json!({"username": "demo.sales", "password": "tourdesk-demo"}),
        )
        .await;
    assert_eq!(a.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(a.json()["message"]
        .as_str()
        .unwrap()
        .starts_with("Too many failed sign-in attempts."));
    assert!(a.headers.get(header::RETRY_AFTER).is_some());
    // Another account is not locked by it.
    w.sign_in("demo.pm").await;
    w.done().await;
}

#[tokio::test]
async fn tokens_are_checked() {
    let w = world().await;
    assert_eq!(
        w.call(Method::GET, "/api/agents", None, None).await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        w.get("forged.token", "/api/agents").await.status,
        StatusCode::UNAUTHORIZED
    );
    let token = w.sign_in("demo.pm").await;
    let (payload, signature) = token.split_once('.').unwrap();
    let tampered = format!("{}A.{signature}", &payload[..payload.len() - 1]);
    assert_eq!(
        w.get(&tampered, "/api/agents").await.status,
        StatusCode::UNAUTHORIZED
    );
    let other_keys = TokenKeys::new(b"another-secret");
    let user = db::users::find_for_sign_in(&w.state.db, "demo.pm")
        .await
        .unwrap()
        .unwrap();
    let foreign = other_keys.issue(&user, "any-session", None, None);
    assert_eq!(
        w.get(&foreign, "/api/agents").await.status,
        StatusCode::UNAUTHORIZED
    );
    let session = w.get(&token, "/api/auth/session").await;
    assert_eq!(session.json()["username"], "demo.pm");
    w.done().await;
}

#[tokio::test]
async fn password_reset_by_mail_and_refresh() {
    let w = world().await;
    let a = ask_reset(&w).await;
    assert_eq!(
        (a.status, a.json()["message"].as_str()),
        (StatusCode::OK, Some("Email sent."))
    );
    let unknown = w
        .call(
            Method::GET,
            "/api/auth/password_reset?username=nobody&email=x@example.com",
            None,
            None,
        )
        .await;
    assert_eq!(unknown.status, StatusCode::OK, "no account enumeration");
    assert_eq!(
        w.call(
            Method::GET,
            "/api/auth/password_reset?username=demo.sales",
            None,
            None
        )
        .await
        .status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    let params = newest_reset_link(&w, "demo.sales@demo.tourdesk.test").await;
    let refreshed = w
        .anonymous(
            Method::PATCH,
            "/api/auth/password_reset",
            json!({"refreshToken": params["refreshToken"]}),
        )
        .await;
    assert_eq!(refreshed.status, StatusCode::OK);
    let old = w
        .anonymous(
            Method::POST,
            "/api/auth/password_reset",
            json!({"token": params["token"]}),
        )
        .await;
    assert_eq!(
        old.json()["message"],
        "Token is not valid or expired.",
        "refreshing spends the old pair"
    );
    let new_token = refreshed.json()["token"].as_str().unwrap().to_string();
    let short = w
        .anonymous(
            Method::PUT,
            "/api/auth/password_reset",
            json!({"token": new_token, "password": "short"}),
        )
        .await;
    assert_eq!(short.status, StatusCode::UNPROCESSABLE_ENTITY);
    let session = w.sign_in("demo.sales").await;
    let set = w
        .anonymous(
            Method::PUT,
            "/api/auth/password_reset",
            json!({"token": new_token, "password": "brand-new-pass"}),
        )
        .await;
    assert_eq!(set.status, StatusCode::OK);
    assert_eq!(
        w.get(&session, "/api/profile").await.status,
        StatusCode::UNAUTHORIZED,
        "old sessions end"
    );
    let ok = w
        .anonymous(
            Method::POST,
            "/api/auth/users",
            json!({"username": "demo.sales", "password": "brand-new-pass"}),
        )
        .await;
    assert_eq!(ok.status, StatusCode::OK);
    w.done().await;
}
