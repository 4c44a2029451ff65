//! Reference data, flags, feedback, health, and the pinned OpenAPI document.

use super::*;

#[tokio::test]
async fn reference_data_flags_feedback_and_health() {
    let w = world().await;
    let catalog = w
        .call(Method::GET, "/api/catalog?catalog_type_id=12", None, None)
        .await
        .json();
    let types: Vec<(i64, &str)> = catalog
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["catalog_id"].as_i64().unwrap(),
                c["name"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        types,
        [
            (122, "V"),
            (123, "AG"),
            (124, "TC"),
            (125, "CL"),
            (126, "NN")
        ]
    );
    assert_eq!(
        w.call(Method::GET, "/api/catalog?catalog_type_id=x", None, None)
            .await
            .status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    assert_eq!(
        w.call(Method::GET, "/api/states", None, None)
            .await
            .json()
            .as_array()
            .unwrap()
            .len(),
        64
    );
    // The demo world switches billing on; a platform admin may switch it off and on.
    assert_eq!(
        w.call(Method::GET, "/api/feature_flags", None, None)
            .await
            .json()["BILLING_UI"],
        true
    );
    let pm = w.sign_in("demo.pm").await;
    assert_eq!(
        w.put(
            &pm,
            "/api/feature_flags/BILLING_UI",
            json!({"enabled": true})
        )
        .await
        .status,
        StatusCode::FORBIDDEN
    );
    let admin = w.sign_in("demo.admin").await;
    for enabled in [false, true] {
        assert_eq!(
            w.put(
                &admin,
                "/api/feature_flags/BILLING_UI",
                json!({ "enabled": enabled })
            )
            .await
            .json()["BILLING_UI"],
            enabled
        );
    }
    assert_eq!(
        w.call(Method::GET, "/api/feature_flags", None, None)
            .await
            .json()["BILLING_UI"],
        true
    );
    let empty = w
        .post(&pm, "/api/feedback", json!({"feedbackMessage": "  "}))
        .await;
    assert_eq!(empty.status, StatusCode::UNPROCESSABLE_ENTITY);
    let sent = w
        .post(
            &pm,
            "/api/feedback",
            json!({"feedbackMessage": "Love the staff list", "page": "/agents"}),
        )
        .await;
    assert_eq!(
        (sent.status, sent.json()["message"].as_str()),
        (StatusCode::CREATED, Some("Success!"))
    );
    let detail = w.get(&pm, "/api/builders/1/detail").await;
    assert_eq!(detail.headers[header::CACHE_CONTROL], "no-store");
    let health = w.call(Method::GET, "/api/health", None, None).await;
    assert_eq!(health.json()["database"], "ok");
    assert_eq!(health.headers["x-content-type-options"], "nosniff");
    assert!(health.headers[header::CONTENT_SECURITY_POLICY]
        .to_str()
        .unwrap()
        .contains("frame-ancestors 'none'"));
    assert!(health.headers.contains_key("x-request-id"));
    assert_eq!(
        w.call(Method::GET, "/api/nothing-here", None, None)
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    w.done().await;
}

#[tokio::test]
async fn the_openapi_document_is_pinned() {
    let document = serde_json::to_string_pretty(&server::http::openapi()).unwrap() + "\n";
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/openapi.json");
    if std::env::var("UPDATE_SNAPSHOTS").is_ok() {
        std::fs::write(path, &document).unwrap();
    }
    let pinned = std::fs::read_to_string(path).unwrap();
    assert!(
        pinned == document,
        "the API changed: run `make openapi` and commit crates/server/openapi.json"
    );
    let value: Value = serde_json::from_str(&document).unwrap();
    for path in [
        "/api/auth/users",
        "/api/agents",
        "/api/agents/{username}",
        "/api/teams/{id}/agent",
        "/api/agents/exportAll",
    ] {
        assert!(value["paths"].get(path).is_some(), "{path} is documented");
    }
}
