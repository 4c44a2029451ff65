//! Communities: the list, the form's rules, other builders' communities, and community codes.

use super::*;

#[tokio::test]
async fn communities_are_listed_created_validated_and_edited() {
    let w = world().await;
    let token = w.sign_in("demo.pm").await;
    let list = w.get(&token, "/api/communities").await.json();
    assert_eq!(
        list["total"], 3,
        "the sales builder's three demo communities"
    );
    for (column, _) in db::communities::COMMUNITIES.sort_columns {
        let a = w
            .get(
                &token,
                &format!("/api/communities?orderBy={column}&order=asc"),
            )
            .await;
        assert_eq!(a.status, StatusCode::OK, "{column}");
    }
    let found = w.get(&token, "/api/communities?search=WILLOW").await.json();
    assert_eq!(
        (found["total"].as_i64(), found["data"][0]["name"].as_str()),
        (Some(1), Some("Willow Creek"))
    );
    let statuses = w.get(&token, "/api/communities/statuses").await.json();
    assert_eq!(statuses[0], json!({"status_id": 1, "status": "Active"}));

    let empty = w
        .post(
            &token,
            "/api/communities/saveCommunity",
            json!({"community": {"trade_code": "12"}}),
        )
        .await;
    assert_eq!(empty.status, StatusCode::UNPROCESSABLE_ENTITY);
    let errors = &empty.json()["errors"];
    assert_eq!(errors["name"], "Name is required field");
    assert_eq!(errors["sales_agent"], "Sales contact is a required field");
    assert_eq!(
        errors["emergency_contacts"],
        "Point person is a required field"
    );
    assert_eq!(
        errors["trade_code"],
        "Trade code are must have between 4-8 digits! Empty slots are acceptable"
    );

    let mut late = community_body("Late Hours");
    late["community"]["communityTourHours"][0]["tourHoursEnd"] = json!({"hour": 22, "minute": 45});
    let a = w.post(&token, "/api/communities/saveCommunity", late).await;
    assert_eq!(
        a.json()["errors"]["communityTourHours.1"],
        "No available time slots!"
    );
    let mut letters = community_body("Letters");
    letters["community"]["sales_code"] = json!("12ab");
    let a = w
        .post(&token, "/api/communities/saveCommunity", letters)
        .await;
    assert_eq!(
        a.json()["errors"]["sales_code"],
        "The field should have digits only"
    );
    let mut lasso = community_body("Lasso");
    lasso["community"]["lasso_community_project_id"] = json!("77a");
    let a = w
        .post(&token, "/api/communities/saveCommunity", lasso)
        .await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        a.json()["errors"]["lasso_community_project_id"],
        "The field should have digits only",
        "a value of the wrong shape is answered on its field: {}",
        a.text()
    );

    let created = w
        .post(
            &token,
            "/api/communities/saveCommunity",
            community_body("Juniper Park"),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
    let id = created.json()["id"].as_i64().unwrap();
    let community = w
        .get(&token, &format!("/api/communities/{id}"))
        .await
        .json();
    assert_eq!(
        (community["name"].as_str(), community["status"].as_str()),
        (Some("Juniper Park"), Some("Coming Soon"))
    );
    assert_eq!(community["lasso_community_project_id"], 778);
    assert_eq!(community["created_by"], "demo.pm");
    assert_eq!(community["agents"][0]["username"], "demo.sales");
    assert_eq!(
        community["communityTourHours"][0]["secondWindowEnd"],
        json!({"hour": 18, "minute": 30})
    );
    assert_eq!(
        community["communityStaffHours"][0]["staffHoursEnd"],
        "3:00 PM"
    );
    let newest = w.get(&token, "/api/communities").await.json();
    assert_eq!(
        newest["data"][0]["id"].as_i64(),
        Some(id),
        "default sort is modified_on desc"
    );

    let mut edit = community_body("Juniper Park North");
    edit["community"]["id"] = json!(id);
    edit["community"]["agents"] = json!([]);
    edit["community"]["communityTourHours"] = Value::Null;
    let updated = w.post(&token, "/api/communities/saveCommunity", edit).await;
    assert_eq!(updated.status, StatusCode::OK, "{}", updated.text());
    let community = w
        .get(&token, &format!("/api/communities/{id}"))
        .await
        .json();
    assert_eq!(community["name"], "Juniper Park North");
    assert_eq!(community["agents"], json!([]));
    assert!(
        community["communityTourHours"].is_null(),
        "no custom hours: the defaults apply"
    );

    let mut field_staff = community_body("Field");
    field_staff["community"]["agents"] = json!(["olivia.field"]);
    assert_eq!(
        w.post(&token, "/api/communities/saveCommunity", field_staff)
            .await
            .status,
        StatusCode::UNPROCESSABLE_ENTITY
    );

    let qr = w
        .post(
            &token,
            &format!("/api/communities/{id}/saveQRCode"),
            json!({"QRCodeText": "https://tours.example/c/1", "QRCodeName": "Front sign"}),
        )
        .await;
    assert_eq!(qr.status, StatusCode::CREATED);
    let qr_id = qr.json()["id"].as_i64().unwrap();
    let codes = w
        .get(&token, &format!("/api/communities/{id}/QRCode"))
        .await
        .json();
    assert_eq!(codes[0]["name"], "Front sign");
    assert_eq!(
        w.post(
            &token,
            &format!("/api/communities/{id}/saveQRCode"),
            json!({"QRCodeText": "", "QRCodeName": "x"})
        )
        .await
        .status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    let gone = w
        .post(
            &token,
            "/api/communities/QRCode_delete",
            json!({"id": qr_id}),
        )
        .await;
    assert_eq!(gone.status, StatusCode::OK);

    let csv = w
        .post(
            &token,
            "/api/communities/export",
            json!({"selection": [id]}),
        )
        .await;
    assert!(csv.headers[header::CONTENT_DISPOSITION]
        .to_str()
        .unwrap()
        .contains("communities-export.csv"));
    assert!(csv.text().contains("Juniper Park North"));
    let all = w
        .post(&token, "/api/communities/exportAll", json!({"params": {}}))
        .await;
    assert_eq!(all.text().lines().count(), 5);
    let deleted = w
        .delete_with(&token, "/api/communities", json!({"ids": [id]}))
        .await;
    assert_eq!(deleted.json()["message"], "Successfully deleted!");
    assert_eq!(
        w.get(&token, &format!("/api/communities/{id}"))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    w.done().await;
}

#[tokio::test]
async fn another_builders_communities_are_not_found() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let cedar = w.sign_in("cedar.pm").await;
    let homes = w.get(&pm, "/api/auth/session").await.json()["builderId"]
        .as_i64()
        .unwrap();
    let theirs = w.get(&pm, "/api/communities").await.json()["data"][0]["id"]
        .as_i64()
        .unwrap();
    let qr = w
        .post(
            &pm,
            &format!("/api/communities/{theirs}/saveQRCode"),
            json!({"QRCodeText": "t", "QRCodeName": "n"}),
        )
        .await
        .json()["id"]
        .as_i64()
        .unwrap();
    let mut edit = community_body("Taken Over");
    edit["community"]["id"] = json!(theirs);
    let checks: Vec<(Method, String, Option<Value>)> = vec![
        (Method::GET, format!("/api/communities/{theirs}"), None),
        (
            Method::POST,
            "/api/communities/saveCommunity".into(),
            Some(edit),
        ),
        (
            Method::DELETE,
            "/api/communities".into(),
            Some(json!({"ids": [theirs]})),
        ),
        (
            Method::GET,
            format!("/api/communities/{theirs}/QRCode"),
            None,
        ),
        (
            Method::POST,
            format!("/api/communities/{theirs}/saveQRCode"),
            Some(json!({"QRCodeText": "t", "QRCodeName": "n"})),
        ),
        (
            Method::POST,
            "/api/communities/QRCode_delete".into(),
            Some(json!({"id": qr})),
        ),
        (
            Method::GET,
            format!("/api/communities/builder/{homes}"),
            None,
        ),
    ];
    for (method, path, body) in checks {
        let a = w.call(method.clone(), &path, Some(&cedar), body).await;
        assert_eq!(
            a.status,
            StatusCode::NOT_FOUND,
            "{method} {path}: {}",
            a.text()
        );
    }
    let mut foreign_builder = community_body("Elsewhere");
    foreign_builder["community"]["builder_id"] = json!(homes);
    assert_eq!(
        w.post(&cedar, "/api/communities/saveCommunity", foreign_builder)
            .await
            .status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    let list = w.get(&cedar, "/api/communities?limit=150").await.json();
    assert!(list["data"]
        .as_array()
        .unwrap()
        .iter()
        .all(|c| c["builderName"] == "Cedar Ridge Builders"));
    assert!(w
        .get(&pm, &format!("/api/communities/{theirs}"))
        .await
        .json()["name"]
        .is_string());
    w.done().await;
}

#[tokio::test]
async fn community_codes_are_checked_and_saved_for_its_homes() {
    let w = world().await;
    let token = w.sign_in("demo.pm").await;
    let oak = w.get(&token, "/api/communities?search=oak").await.json()["data"][0]["id"]
        .as_i64()
        .unwrap();
    let path = format!("/api/communities/{oak}/automationCodes");
    let short = w
        .patch(
            &token,
            &path,
            json!({"communityCode": "12", "tradeCode": "", "salesCode": "345"}),
        )
        .await;
    assert_eq!(
        short.json()["message"],
        "At least one code must be at least 4 characters long"
    );
    let trade = w
        .patch(
            &token,
            &path,
            json!({"communityCode": "123456", "tradeCode": "12", "salesCode": ""}),
        )
        .await;
    assert_eq!(
        trade.json()["errors"]["tradeCode"],
        "Trade code are must have between 4-8 digits! Empty slots are acceptable"
    );
    let letters = w
        .patch(
            &token,
            &path,
            json!({"communityCode": "12ab56", "tradeCode": "", "salesCode": ""}),
        )
        .await;
    assert_eq!(
        letters.json()["errors"]["communityCode"],
        "The field should have digits only"
    );
    let ok = w.patch(&token, &path, json!({"communityCode": "246810", "tradeCode": "1357", "salesCode": "", "hubCode": "9999"})).await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.text());
    assert!(ok.json()["message"]
        .as_str()
        .unwrap()
        .starts_with("Codes saved for Oak Ridge"));
    let community = w
        .get(&token, &format!("/api/communities/{oak}"))
        .await
        .json();
    assert_eq!(
        (
            community["community_backup_code"].as_str(),
            community["hub_backup_code"].as_str()
        ),
        (Some("246810"), Some("9999"))
    );
    let home = community["communityProperties"][0]["property_id"]
        .as_i64()
        .unwrap();
    assert_eq!(
        w.get(&token, &format!("/api/properties/{home}"))
            .await
            .json()["property_backup_code"],
        "246810",
        "homes without their own code use the community's"
    );
    let cedar = w.sign_in("cedar.pm").await;
    assert_eq!(
        w.patch(&cedar, &path, json!({"communityCode": "111111"}))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    w.done().await;
}
