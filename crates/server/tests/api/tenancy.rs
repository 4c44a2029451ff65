//! Tenancy: another builder's objects are not found; enterprise users span and choose their builders.

use super::*;

#[tokio::test]
async fn another_builders_objects_are_not_found() {
    let w = world().await;
    let cedar = w.sign_in("cedar.pm").await;
    let pm = w.sign_in("demo.pm").await;
    let homes_team = w.get(&pm, "/api/teams").await.json()["data"][0]["id"]
        .as_i64()
        .unwrap();
    let homes = w.get(&pm, "/api/auth/session").await.json()["builderId"]
        .as_i64()
        .unwrap();
    let edit = json!({"firstname": "Sam", "lastname": "Sellers", "phone": "555-222-3333", "email": "s@example.com", "roles": {"id": 2}});
    let checks: Vec<(Method, String, Option<Value>)> = vec![
        (Method::GET, "/api/agents/demo.sales".into(), None),
        (Method::PATCH, "/api/agents/demo.sales".into(), Some(edit)),
        (
            Method::DELETE,
            "/api/agents".into(),
            Some(json!({"usernames": ["demo.sales"]})),
        ),
        (
            Method::POST,
            "/api/agents/resendEmail".into(),
            Some(json!({"username": "demo.sales"})),
        ),
        (Method::GET, format!("/api/available_agents/{homes}"), None),
        (Method::GET, format!("/api/teams/{homes_team}"), None),
        (
            Method::POST,
            format!("/api/teams/{homes_team}"),
            Some(json!({"name": "x", "description": "y"})),
        ),
        (
            Method::DELETE,
            "/api/teams".into(),
            Some(json!({"ids": [homes_team]})),
        ),
        (
            Method::POST,
            format!("/api/teams/{homes_team}/agent"),
            Some(json!({"agent": "cedar.sales"})),
        ),
        (
            Method::DELETE,
            format!("/api/teams/{homes_team}/agent"),
            Some(json!({"agent": "demo.sales"})),
        ),
        (Method::GET, format!("/api/teams/builder/{homes}"), None),
        (Method::GET, format!("/api/builders/{homes}"), None),
        (Method::GET, format!("/api/builders/{homes}/detail"), None),
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
    let list = w.get(&cedar, "/api/agents?limit=150").await.json();
    assert!(list["data"]
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r["builder"] == "Cedar Ridge Builders"));
    let filtered = w
        .get(&cedar, &format!("/api/agents?filterByBuilder={homes}"))
        .await
        .json();
    assert_eq!(filtered["total"], 0);
    let export = w
        .post(
            &cedar,
            "/api/agents/export",
            json!({"selection": ["demo.sales"]}),
        )
        .await;
    assert_eq!(
        export.text().lines().count(),
        1,
        "only the header: the row is another builder's"
    );
    // The team survived the attempts.
    assert_eq!(
        w.get(&pm, &format!("/api/teams/{homes_team}")).await.status,
        StatusCode::OK
    );
    w.done().await;
}

#[tokio::test]
async fn enterprise_users_span_their_builders_and_admins_act_as_pms() {
    let w = world().await;
    let ent = w.sign_in("demo.enterprise").await;
    let builders = w
        .get(&ent, "/api/builders/enterprise/demo.enterprise")
        .await
        .json();
    let names: Vec<&str> = builders
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Brightway Homes", "Brightway Rentals"]);
    let rentals = builders[1]["builder_id"].as_i64().unwrap();
    let all = w.get(&ent, "/api/agents?limit=150").await.json();
    let one = w
        .get(&ent, &format!("/api/agents?limit=150&builderId={rentals}"))
        .await
        .json();
    assert!(all["total"].as_i64() > one["total"].as_i64());
    assert!(one["data"]
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r["builder"] == "Brightway Rentals"));
    let chosen = w
        .post(
            &ent,
            "/api/auth/enterprise_user",
            json!({"username": "demo.enterprise", "builder_id": rentals}),
        )
        .await;
    assert_eq!(chosen.status, StatusCode::OK);
    assert_eq!(
        (
            chosen.json()["user"]["builder"].as_str(),
            chosen.json()["user"]["isRental"].as_bool()
        ),
        (Some("Brightway Rentals"), Some(true))
    );
    let pm = w.sign_in("demo.pm").await;
    let refused = w
        .post(
            &pm,
            "/api/auth/enterprise_user",
            json!({"username": "demo.pm", "builder_id": rentals}),
        )
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);

    let admin = w.sign_in("demo.admin").await;
    let builders = w.get(&admin, "/api/builders?limit=150").await.json();
    assert_eq!(builders["total"], 3);
    let homes = builders["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["name"] == "Brightway Homes")
        .unwrap()["builder_id"]
        .as_i64()
        .unwrap();
    let pms = w
        .get(&admin, &format!("/api/builders/{homes}/pms"))
        .await
        .json();
    assert!(pms
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["username"] == "demo.pm"));
    let acting = w
        .post(
            &admin,
            "/api/auth/admin_as_pm",
            json!({"username": "demo.pm"}),
        )
        .await;
    assert_eq!(
        (acting.status, acting.json()["user"]["username"].as_str()),
        (StatusCode::OK, Some("demo.pm"))
    );
    // The session says who is acting, and the admin goes back within the same sign-in.
    let acting_token = acting.json()["token"].as_str().unwrap().to_string();
    assert_eq!(
        get(&w, &acting_token, "/api/auth/session").await["actingAdmin"],
        "demo.admin"
    );
    let back = w
        .call(
            Method::POST,
            "/api/auth/admin_return",
            Some(&acting_token),
            None,
        )
        .await;
    assert_eq!(back.status, StatusCode::OK, "{}", back.text());
    assert_eq!(
        (
            back.json()["user"]["isAdmin"].clone(),
            back.json()["user"]["actingAdmin"].clone()
        ),
        (json!(true), Value::Null)
    );
    // Nobody else can: not the admin as themselves, not a program manager.
    for token in [&admin, &pm] {
        let refused = w
            .call(Method::POST, "/api/auth/admin_return", Some(token), None)
            .await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN);
    }
    let not_pm = w
        .post(
            &admin,
            "/api/auth/admin_as_pm",
            json!({"username": "demo.sales"}),
        )
        .await;
    assert_eq!(not_pm.status, StatusCode::NOT_FOUND);
    assert_eq!(
        w.post(&pm, "/api/auth/admin_as_pm", json!({"username": "demo.pm"}))
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    w.done().await;
}

#[tokio::test]
async fn enterprise_users_choose_builders_for_lists_and_new_homes() {
    let w = world().await;
    let ent = w.sign_in("demo.enterprise").await;
    let homes = builder_of_session(&w, &w.sign_in("demo.pm").await).await;
    let rentals = builder_of_session(&w, &w.sign_in("rental.pm").await).await;
    let cedar = builder_of_session(&w, &w.sign_in("cedar.pm").await).await;
    let rows = |path: String| {
        let w = &w;
        let ent = ent.clone();
        async move { w.get(&ent, &path).await.json() }
    };
    for (list, builder_key, all, of_rentals) in [
        ("/api/properties", "builder", 30, 12),
        ("/api/communities", "builderName", 5, 2),
    ] {
        assert_eq!(rows(list.to_string()).await["total"], all, "{list}");
        for narrowed in [
            format!("{list}?builderId={rentals}"),
            format!("{list}?filterByBuilder={rentals}"),
        ] {
            let page = rows(narrowed.clone()).await;
            assert_eq!(page["total"], of_rentals, "{narrowed}");
            assert!(
                page["data"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .all(|r| r[builder_key] == "Brightway Rentals"),
                "{narrowed}"
            );
        }
        let outside = rows(format!("{list}?builderId={cedar}")).await;
        assert_eq!(
            outside["total"], 0,
            "{list}: a builder outside the enterprise"
        );
    }
    let paged = rows("/api/properties?limit=25".into()).await;
    assert_eq!(paged["data"].as_array().unwrap().len(), 25);
    let everything = rows("/api/properties?limit=25&showAll=true".into()).await;
    assert_eq!(everything["data"].as_array().unwrap().len(), 30);

    let aspen = first_id(
        &w,
        &ent,
        &format!("/api/communities?search=aspen&builderId={rentals}"),
        "id",
    )
    .await;
    let mut home = new_property(aspen);
    home["agents"] = json!([{"agentUsername": "rental.pm", "is_project_manager": true}]);
    home["builder_id"] = json!(cedar);
    let refused = w
        .post(&ent, "/api/properties/new_property", home.clone())
        .await;
    assert_eq!(refused.json()["errors"]["builder_id"], "Builder required");
    home["builder_id"] = json!(homes);
    let wrong_community = w
        .post(&ent, "/api/properties/new_property", home.clone())
        .await;
    assert_eq!(
        wrong_community.json()["errors"]["community_id"],
        "community required",
        "the community belongs to the chosen builder"
    );
    home["builder_id"] = json!(rentals);
    let created = w.post(&ent, "/api/properties/new_property", home).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
    let id = created.json()["property_id"].as_i64().unwrap();
    let detail = w.get(&ent, &format!("/api/properties/{id}")).await.json();
    assert_eq!(detail["builder_id"], rentals);

    let mut community = community_body("Enterprise Row");
    community["community"]["builder_id"] = json!(cedar);
    let refused = w
        .post(&ent, "/api/communities/saveCommunity", community.clone())
        .await;
    assert_eq!(
        refused.json()["errors"]["builder_id"],
        "Builder is required field"
    );
    community["community"]["builder_id"] = json!(rentals);
    community["community"]["emergency_contacts"] = json!("rental.pm");
    community["community"]["agents"] = json!(["leo.leasing"]);
    let saved = w
        .post(&ent, "/api/communities/saveCommunity", community)
        .await;
    assert_eq!(saved.status, StatusCode::CREATED, "{}", saved.text());
    let of_rentals = w
        .get(&ent, &format!("/api/communities/builder/{rentals}"))
        .await
        .json();
    let names: Vec<&str> = of_rentals
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"Enterprise Row") && names.contains(&"Aspen Flats"));
    assert!(!names.contains(&"Oak Ridge"), "{names:?}");
    w.done().await;
}
