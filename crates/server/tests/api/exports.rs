//! Exports and prints: safe CSV, PDF, and the rows of homes and communities.

use super::*;

async fn sqlx_set_name(w: &World, username: &str, firstname: &str) {
    let user = db::users::find_for_sign_in(&w.state.db, username)
        .await
        .unwrap()
        .unwrap();
    let record = db::users::ProfileUpdate {
        firstname: firstname.into(),
        lastname: user.lastname.clone(),
        phone: user.phone.clone(),
        email: user.email.clone(),
        notifications: user.notifications.clone(),
    };
    db::users::update_profile(&w.state.db, user.user_id, &record)
        .await
        .unwrap();
}

#[tokio::test]
async fn exports_are_safe_csv_and_print_is_pdf() {
    let w = world().await;
    let token = w.sign_in("demo.pm").await;
    let evil = json!({"username": "evil.one", "firstname": "Eve", "lastname": "Formula", "phone": "555-222-3333",
        "email": "eve@example.com", "roles": {"id": 2}});
    assert_eq!(
        w.post(&token, "/api/agents", evil).await.status,
        StatusCode::CREATED
    );
    sqlx_set_name(&w, "evil.one", "=HYPERLINK(\"x\")").await;
    let csv = w
        .post(
            &token,
            "/api/agents/export",
            json!({"selection": ["evil.one", "demo.sales"]}),
        )
        .await;
    assert_eq!(csv.headers[header::CONTENT_TYPE], "text/csv; charset=utf-8");
    assert!(csv.headers[header::CONTENT_DISPOSITION]
        .to_str()
        .unwrap()
        .contains("agents-export.csv"));
    let text = csv.text();
    assert!(text.starts_with("\u{feff}Username,First Name,Last Name,User Type,Builder,Email,Phone"));
    assert!(text.contains("\"'=HYPERLINK(\"\"x\"\")\""), "{text}");
    assert_eq!(text.lines().count(), 3);
    let all = w
        .post(
            &token,
            "/api/agents/exportAll",
            json!({"params": {"search": "brightway"}}),
        )
        .await;
    let total = w.get(&token, "/api/agents?search=brightway").await.json()["total"]
        .as_i64()
        .unwrap();
    assert_eq!(all.text().lines().count() as i64, total + 1);
    let by_query = w
        .post(
            &token,
            "/api/teams/exportAll",
            json!({"query": "?search=north"}),
        )
        .await;
    assert_eq!(by_query.text().lines().count(), 2);
    let bad = w
        .post(
            &token,
            "/api/agents/exportAll",
            json!({"params": {"orderBy": "secret"}}),
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    let pdf = w
        .post(
            &token,
            "/api/agents/print",
            json!({"selection": ["demo.sales"]}),
        )
        .await;
    assert_eq!(pdf.headers[header::CONTENT_TYPE], "application/pdf");
    assert!(pdf.body.starts_with(b"%PDF-"));
    let text = pdf_extract::extract_text_from_mem(&pdf.body).unwrap();
    assert!(text.contains("demo.sales"), "{text}");
    w.done().await;
}

#[tokio::test]
async fn property_and_community_rows_export_and_print_and_adding_can_be_turned_off() {
    let w = world().await;
    let token = w.sign_in("demo.pm").await;
    let homes = builder_of_session(&w, &token).await;
    let list = w.get(&token, "/api/properties?limit=100").await.json();
    let ids: Vec<i64> = list["data"]
        .as_array()
        .unwrap()
        .iter()
        .take(2)
        .map(|p| p["property_id"].as_i64().unwrap())
        .collect();
    let cedar = w.sign_in("cedar.pm").await;
    let theirs = first_id(&w, &cedar, "/api/properties", "property_id").await;
    let csv = w
        .post(
            &token,
            "/api/properties/export",
            json!({"selection": [ids[0], ids[1], theirs]}),
        )
        .await;
    assert_eq!(csv.headers[header::CONTENT_TYPE], "text/csv; charset=utf-8");
    let text = csv.text();
    assert_eq!(
        text.lines().count(),
        3,
        "the two selected homes, not another builder's: {text}"
    );
    let address = list["data"][0]["address_1"].as_str().unwrap();
    assert!(text.contains(address), "{text}");
    let pdf = w
        .post(&token, "/api/properties/print", json!({"selection": ids}))
        .await;
    assert_eq!(pdf.headers[header::CONTENT_TYPE], "application/pdf");
    assert!(pdf.body.starts_with(b"%PDF-"));
    let community = first_id(&w, &token, "/api/communities", "id").await;
    let pdf = w
        .post(
            &token,
            "/api/communities/print",
            json!({"selection": [community]}),
        )
        .await;
    assert_eq!(pdf.headers[header::CONTENT_TYPE], "application/pdf");
    let csv = w
        .post(
            &token,
            "/api/communities/export",
            json!({"selection": [community]}),
        )
        .await;
    assert_eq!(csv.text().lines().count(), 2);

    // Other Staff have no console pages, and no community data through the side doors either.
    let field = w.sign_in("olivia.field").await;
    for path in [
        "/api/communities/statuses".to_string(),
        format!("/api/communities/builder/{homes}"),
        format!("/api/communities/{community}/QRCode"),
    ] {
        assert_eq!(
            w.get(&field, &path).await.status,
            StatusCode::FORBIDDEN,
            "{path}"
        );
    }

    db::testing::run(
        &w.state.db,
        "UPDATE builders SET disable_add_property_and_community = TRUE WHERE builder_id = $1",
        homes,
    )
    .await;
    let oak = first_id(&w, &token, "/api/communities?search=oak", "id").await;
    let home = w
        .post(&token, "/api/properties/new_property", new_property(oak))
        .await;
    assert_eq!(
        (home.status, home.json()["message"].as_str()),
        (
            StatusCode::FORBIDDEN,
            Some("Adding properties is turned off for this builder")
        )
    );
    let added = w
        .post(
            &token,
            "/api/communities/saveCommunity",
            community_body("Turned Off"),
        )
        .await;
    assert_eq!(
        (added.status, added.json()["message"].as_str()),
        (
            StatusCode::FORBIDDEN,
            Some("Adding communities is turned off for this builder")
        )
    );
    assert_eq!(
        w.get(&token, "/api/properties").await.json()["total"],
        18,
        "nothing was added"
    );
    w.done().await;
}
