//! Teams: created, edited, and closed to other builders' staff.

use super::*;

#[tokio::test]
async fn teams_are_created_edited_and_keep_other_staff_out() {
    let w = world().await;
    let token = w.sign_in("demo.pm").await;
    let missing = w
        .post(
            &token,
            "/api/teams/add",
            json!({"name": "", "description": "", "agents": []}),
        )
        .await;
    assert_eq!(missing.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        missing.json()["errors"],
        json!({"name": "required", "description": "required", "agents": "required"})
    );
    let field = w
        .post(
            &token,
            "/api/teams/add",
            json!({"name": "Field", "description": "x", "agents": ["olivia.field"]}),
        )
        .await;
    assert_eq!(
        field.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "other staff cannot be on teams"
    );
    let created = w
        .post(
            &token,
            "/api/teams/add",
            json!({"name": "South", "description": "South sales", "agents": ["demo.sales"]}),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
    let id = created.json()["id"].as_i64().unwrap();
    let add = w
        .post(
            &token,
            &format!("/api/teams/{id}/agent"),
            json!({"agent": "demo.pm"}),
        )
        .await;
    assert_eq!(add.status, StatusCode::OK);
    let team = w.get(&token, &format!("/api/teams/{id}")).await.json();
    assert_eq!(team["total_members"], 2);
    assert_eq!(team["agents"][0]["username"], "demo.pm");
    let removed = w
        .delete_with(
            &token,
            &format!("/api/teams/{id}/agent"),
            json!({"agent": "demo.sales"}),
        )
        .await;
    assert_eq!(removed.json()["message"], "Agent removed.");
    let renamed = w
        .post(
            &token,
            &format!("/api/teams/{id}"),
            json!({"name": "South Sales", "description": "All of the south"}),
        )
        .await;
    assert_eq!(renamed.status, StatusCode::OK);
    let list = w.get(&token, "/api/teams?search=south").await.json();
    assert_eq!(
        (list["total"].as_i64(), list["data"][0]["name"].as_str()),
        (Some(1), Some("South Sales"))
    );
    let default_order = w.get(&token, "/api/teams").await.json();
    assert_eq!(
        default_order["data"][0]["id"].as_i64(),
        Some(id),
        "newest first"
    );
    let deleted = w
        .delete_with(&token, "/api/teams", json!({"ids": [id]}))
        .await;
    assert_eq!(deleted.status, StatusCode::OK);
    w.done().await;
}
