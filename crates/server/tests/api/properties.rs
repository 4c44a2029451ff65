//! Homes: created, listed, edited and retired; staff, integrations, coordinates, photos, the timeline and rentals.

use super::*;

#[tokio::test]
async fn properties_are_created_listed_edited_and_retired() {
    let w = world().await;
    let token = w.sign_in("demo.pm").await;
    let list = w.get(&token, "/api/properties").await.json();
    assert_eq!(list["total"], 18, "three demo communities of six homes");
    for (column, _) in db::properties::PROPERTIES.sort_columns {
        assert_eq!(
            w.get(
                &token,
                &format!("/api/properties?orderBy={column}&order=asc")
            )
            .await
            .status,
            StatusCode::OK,
            "{column}"
        );
    }
    let sold = w
        .get(&token, "/api/properties?lockDisposition=Sold")
        .await
        .json();
    assert_eq!(sold["total"], 3);
    assert!(sold["data"]
        .as_array()
        .unwrap()
        .iter()
        .all(|p| p["disposition"] == "Sold"));
    assert_eq!(
        w.get(&token, "/api/properties?lockDisposition=Gone")
            .await
            .status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    let down = w
        .get(
            &token,
            "/api/properties?lockStatus=Down&lockDisposition=Accessible",
        )
        .await
        .json();
    assert_eq!(down["total"], 3, "one home per community has its lock down");
    assert!(down["data"]
        .as_array()
        .unwrap()
        .iter()
        .all(|p| p["lock_status"] == "Down" && p["disposition"] == "Accessible"));
    let active = w
        .get(&token, "/api/properties?lockStatus=Active&limit=100")
        .await
        .json();
    assert!(active["data"]
        .as_array()
        .unwrap()
        .iter()
        .all(|p| p["lock_status"] == "Active" && p["disposition"] != "Created"));
    assert_eq!(
        w.get(&token, "/api/properties?lockStatus=Gone")
            .await
            .json()["errors"]["lockStatus"],
        "No lock status Gone"
    );
    let oak = w.get(&token, "/api/communities?search=oak").await.json()["data"][0]["id"]
        .as_i64()
        .unwrap();

    let empty = w
        .post(
            &token,
            "/api/properties/new_property",
            json!({"price": "abc"}),
        )
        .await;
    let errors = &empty.json()["errors"];
    assert_eq!(errors["address_1"], "Address field is required");
    assert_eq!(errors["price"], "Price must be a number");
    assert_eq!(errors["community_id"], "community required");
    let mut no_pm = new_property(oak);
    no_pm["agents"] = json!([{"agentUsername": "demo.sales", "is_project_manager": false}]);
    let a = w.post(&token, "/api/properties/new_property", no_pm).await;
    assert_eq!(a.json()["message"], "A PM is required to be assigned!");
    let mut rented = new_property(oak);
    rented["disposition_id"] = json!(14);
    assert_eq!(
        w.post(&token, "/api/properties/new_property", rented)
            .await
            .status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "Rented is for rental builders"
    );

    let created = w
        .post(&token, "/api/properties/new_property", new_property(oak))
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
    let id = created.json()["property_id"].as_i64().unwrap();
    let property = w.get(&token, &format!("/api/properties/{id}")).await.json();
    assert_eq!(
        (property["address_1"].as_str(), property["price"].as_i64()),
        (Some("7 Meadow Lane"), Some(455000))
    );
    assert_eq!(property["disposition"], "Accessible");
    assert_eq!(property["agents"][0]["agentUsername"], "demo.pm");
    assert!(
        property["property_backup_code"].as_str().unwrap().len() >= 6,
        "the community's master code fills in"
    );
    assert_eq!(property["trade_code"], "5555");
    assert_eq!(property["alarm_company"], "SafeCo");
    let homes = w.get(&token, "/api/auth/session").await.json()["builderId"]
        .as_i64()
        .unwrap();
    let events = db::properties::pending_events(&w.state.db, homes)
        .await
        .unwrap();
    assert_eq!(
        events.last().unwrap().0,
        "tours.enable",
        "a home that starts touring is an event"
    );

    let mut edit = property.clone();
    edit["latitude"] = json!("");
    edit["squareFootage"] = json!(" ");
    let bad = w
        .post(&token, &format!("/api/properties/{id}"), edit.clone())
        .await;
    assert_eq!(bad.json()["errors"]["latitude"], "Latitude is required");
    assert_eq!(
        bad.json()["errors"]["squareFootage"],
        "Square Footage is required"
    );
    let mut edit = property.clone();
    edit["alarm"] = json!(false);
    edit["disposition_id"] = json!(16);
    edit["contract_date"] = json!("2026-11-01");
    let saved = w.post(&token, &format!("/api/properties/{id}"), edit).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());
    let property = w.get(&token, &format!("/api/properties/{id}")).await.json();
    assert!(
        property["alarm_company"].is_null(),
        "turning the alarm off clears its fields"
    );
    assert!(
        property["contract_date"].is_null(),
        "the contract date belongs to sold homes"
    );
    assert_eq!(
        db::properties::pending_events(&w.state.db, homes)
            .await
            .unwrap()
            .last()
            .unwrap()
            .0,
        "tours.disable"
    );

    let retired = w
        .call(
            Method::PATCH,
            &format!("/api/properties/{id}/retire"),
            Some(&token),
            None,
        )
        .await;
    assert_eq!(retired.status, StatusCode::OK);
    assert_eq!(
        w.get(&token, &format!("/api/properties/{id}")).await.json()["disposition"],
        "Sold"
    );
    let in_oak = w
        .get(
            &token,
            &format!("/api/properties/properties_by_community/{oak}"),
        )
        .await
        .json();
    assert_eq!(in_oak.as_array().unwrap().len(), 7);
    let community = w
        .get(&token, &format!("/api/communities/{oak}"))
        .await
        .json();
    assert_eq!(
        community["communityProperties"].as_array().unwrap().len(),
        7
    );
    let refused = w
        .delete_with(&token, "/api/communities", json!({"ids": [oak]}))
        .await;
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "a community with homes stays"
    );
    let csv = w
        .post(
            &token,
            "/api/properties/exportAll",
            json!({"params": {"search": "meadow"}}),
        )
        .await;
    assert_eq!(csv.text().lines().count(), 2);
    assert!(csv.headers[header::CONTENT_DISPOSITION]
        .to_str()
        .unwrap()
        .contains("properties-export.csv"));

    let cedar = w.sign_in("cedar.pm").await;
    for (method, path, body) in [
        (Method::GET, format!("/api/properties/{id}"), None),
        (
            Method::POST,
            format!("/api/properties/{id}"),
            Some(property.clone()),
        ),
        (Method::PATCH, format!("/api/properties/{id}/retire"), None),
        (
            Method::GET,
            format!("/api/properties/properties_by_community/{oak}"),
            None,
        ),
    ] {
        let a = w.call(method.clone(), &path, Some(&cedar), body).await;
        assert_eq!(
            a.status,
            StatusCode::NOT_FOUND,
            "{method} {path}: {}",
            a.text()
        );
    }
    let cedar_community = w.get(&cedar, "/api/communities").await.json()["data"][0]["id"]
        .as_i64()
        .unwrap();
    let mut foreign = new_property(cedar_community);
    foreign["builder_id"] = json!(homes);
    assert_eq!(
        w.post(&cedar, "/api/properties/new_property", foreign)
            .await
            .status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    let mut wrong_community = new_property(oak);
    wrong_community["agents"] = json!([{"agentUsername": "cedar.pm", "is_project_manager": true}]);
    assert_eq!(
        w.post(&cedar, "/api/properties/new_property", wrong_community)
            .await
            .status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    w.done().await;
}

#[tokio::test]
async fn property_staff_integrations_and_status_lists() {
    let w = world().await;
    let token = w.sign_in("demo.pm").await;
    let rows = w.get(&token, "/api/properties?limit=50").await.json();
    let id = rows["data"][0]["property_id"].as_i64().unwrap();
    let added = w
        .patch(
            &token,
            &format!("/api/properties/{id}/agent"),
            json!({"agentUsername": "demo.sales", "is_project_manager": false}),
        )
        .await;
    assert_eq!(
        (added.status, added.json()["message"].as_str()),
        (StatusCode::OK, Some("Agent added.."))
    );
    let field = w
        .patch(
            &token,
            &format!("/api/properties/{id}/agent"),
            json!({"agentUsername": "olivia.field"}),
        )
        .await;
    assert_eq!(
        field.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "other staff are not offered"
    );
    let me = w
        .delete_with(
            &token,
            &format!("/api/properties/{id}/agent"),
            json!({"agentUsername": "demo.pm"}),
        )
        .await;
    assert_eq!(
        me.json()["errors"]["agentUsername"],
        "You cannot remove yourself"
    );
    let removed = w
        .delete_with(
            &token,
            &format!("/api/properties/{id}/agent"),
            json!({"agentUsername": "demo.sales"}),
        )
        .await;
    assert_eq!(removed.json()["message"], "Agent removed.");

    let bad = w
        .patch(
            &token,
            &format!("/api/properties/saveIntegrationsProjectId/{id}"),
            json!({"lasso_project_id": "12x"}),
        )
        .await;
    assert_eq!(
        bad.json()["errors"]["lasso_project_id"],
        "The field should have digits only"
    );
    let ok = w
        .patch(
            &token,
            &format!("/api/properties/saveIntegrationsProjectId/{id}"),
            json!({"lasso_project_id": "991 ", "integration_active": true}),
        )
        .await;
    assert_eq!(ok.status, StatusCode::OK);
    let property = w.get(&token, &format!("/api/properties/{id}")).await.json();
    assert_eq!(
        property["integrations"][0],
        json!({"id": 4, "name": "Lasso CRM", "project_id": 991, "isActive": true})
    );

    let accessible = w
        .get(
            &token,
            "/api/properties/properties_by_status?status=Accessible",
        )
        .await
        .json();
    assert_eq!(
        accessible["total"], 6,
        "two accessible homes in each of three communities"
    );
    assert_eq!(
        w.get(&token, "/api/properties/properties_by_status?status=Gone")
            .await
            .status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    let all = w
        .get(&token, "/api/properties/properties_by_builders/?limit=150")
        .await
        .json();
    assert_eq!(all["total"], 18);

    let cedar = w.sign_in("cedar.pm").await;
    assert_eq!(
        w.patch(
            &cedar,
            &format!("/api/properties/{id}/agent"),
            json!({"agentUsername": "cedar.sales"})
        )
        .await
        .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        w.patch(
            &cedar,
            &format!("/api/properties/saveIntegrationsProjectId/{id}"),
            json!({"lasso_project_id": "1"})
        )
        .await
        .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        w.get(
            &cedar,
            "/api/properties/properties_by_status?status=Accessible"
        )
        .await
        .json()["total"],
        2
    );
    w.done().await;
}

#[tokio::test]
async fn coordinates_come_from_the_configured_geocoder_or_the_offline_one() {
    let w = world().await;
    let token = w.sign_in("demo.pm").await;
    let body =
        json!({"address_1": "7 Meadow Lane", "houseNum": "42", "city": "Austin", "state": "TX"});
    let offline = w
        .post(&token, "/api/properties/coordinates", body.clone())
        .await
        .json();
    assert_eq!(
        (offline["lat"].as_f64(), offline["lng"].as_f64()),
        (Some(31.5), Some(-99.3)),
        "the state's centre"
    );
    let nowhere = w
        .post(
            &token,
            "/api/properties/coordinates",
            json!({"address_1": "x", "state": "Atlantis"}),
        )
        .await
        .json();
    assert_eq!(
        (nowhere["lat"].as_f64(), nowhere["lng"].as_f64()),
        (Some(0.0), Some(0.0))
    );

    // A local stand-in for a Nominatim server: answers one place, and records what it was asked.
    let asked = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
    let seen = asked.clone();
    let fake = Router::new().route(
        "/search",
        axum::routing::get(move |uri: axum::http::Uri| {
            let seen = seen.clone();
            async move {
                *seen.lock().unwrap() = uri.query().unwrap_or_default().to_string();
                axum::Json(json!([{"lat": "30.2672", "lon": "-97.7431", "display_name": "Austin"}]))
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move { axum::serve(listener, fake).await.unwrap() });
    let url = format!("http://127.0.0.1:{port}");
    let address: server::geocode::Address = serde_json::from_value(body).unwrap();
    // The outgoing client reaches no loopback address unless the operator allows it.
    let guarded =
        server::geocode::Geocoder::new(Some(&url), &server::outbound::Outbound::new(Vec::new()));
    assert_eq!(guarded.locate(&address).await, (0.0, 0.0));
    assert!(asked.lock().unwrap().is_empty(), "nothing was sent");
    let geocoder = server::geocode::Geocoder::new(Some(&url), &loopback());
    assert_eq!(geocoder.locate(&address).await, (30.2672, -97.7431));
    assert!(
        asked.lock().unwrap().contains("street=42+7+Meadow+Lane"),
        "{}",
        asked.lock().unwrap()
    );
    let down = server::geocode::Geocoder::new(Some("http://127.0.0.1:9"), &loopback());
    assert_eq!(
        down.locate(&address).await,
        (0.0, 0.0),
        "an unreachable geocoder gives 0,0"
    );
    w.done().await;
}

async fn photos_of(w: &World, path: &str, token: &str) -> usize {
    let list = w.get(token, path).await.json();
    list.as_array().unwrap().len()
}

#[tokio::test]
async fn property_photos_are_converted_positioned_and_removed() {
    let w = world().await;
    let token = w.sign_in("demo.pm").await;
    // A home just created has no photos yet (the demo's other homes have two).
    let id = w
        .get(&token, "/api/properties?lockDisposition=Created")
        .await
        .json()["data"][0]["property_id"]
        .as_i64()
        .unwrap();
    let path = format!("/api/properties/{id}/images");
    let first = w
        .upload(&path, &token, &[], Some(("front.png", &png(2400, 1200))))
        .await;
    assert_eq!(first.status, StatusCode::CREATED, "{}", first.text());
    assert_eq!(first.json()["message"], "Sucessfully Uploaded");
    assert_eq!(
        first.json()["image"]["sequence_position"],
        1,
        "the first photo goes first"
    );
    let url = first.json()["image"]["image_url"]
        .as_str()
        .unwrap()
        .to_string();
    let stored = w.call(Method::GET, &url, None, None).await;
    assert_eq!(stored.headers[header::CONTENT_TYPE], "image/webp");
    assert!(stored.body.len() <= 200 * 1024);
    let second = w
        .upload(&path, &token, &[], Some(("side.png", &png(300, 200))))
        .await;
    assert_eq!(
        second.json()["image"]["sequence_position"],
        2,
        "next is last plus one"
    );
    let replaced = w
        .upload(
            &path,
            &token,
            &[("sequence_position", "1")],
            Some(("new-front.png", &png(400, 300))),
        )
        .await;
    assert_eq!(
        replaced.json()["image"]["id"],
        first.json()["image"]["id"],
        "editing a position replaces its photo"
    );
    assert_eq!(
        w.call(Method::GET, &url, None, None).await.status,
        StatusCode::NOT_FOUND,
        "the replaced file is gone"
    );
    let refused = w
        .upload(&path, &token, &[], Some(("fake.png", b"GIF89a not a png")))
        .await;
    assert_eq!(refused.json()["errors"]["file"], "Unsupported file type");
    let mut huge = png(10, 10);
    huge.resize(50 * 1024 * 1024 + 1, 0);
    let too_big = w
        .upload(&path, &token, &[], Some(("huge.png", &huge)))
        .await;
    assert_eq!(too_big.json()["errors"]["file"], "Max logo size is 50mb");
    assert_eq!(
        photos_of(&w, &path, &token).await,
        2,
        "refused uploads add nothing"
    );
    let second_id = second.json()["image"]["id"].as_i64().unwrap();
    let gone = w.delete(&token, &format!("{path}/{second_id}")).await;
    assert_eq!(gone.status, StatusCode::OK);
    assert_eq!(photos_of(&w, &path, &token).await, 1);

    let cedar = w.sign_in("cedar.pm").await;
    assert_eq!(w.get(&cedar, &path).await.status, StatusCode::NOT_FOUND);
    let foreign_upload = w
        .upload(&path, &cedar, &[], Some(("theirs.png", &png(10, 10))))
        .await;
    assert_eq!(foreign_upload.status, StatusCode::NOT_FOUND);
    let first_id = first.json()["image"]["id"].as_i64().unwrap();
    let foreign_delete = w.delete(&cedar, &format!("{path}/{first_id}")).await;
    assert_eq!(foreign_delete.status, StatusCode::NOT_FOUND);
    assert_eq!(
        photos_of(&w, &path, &token).await,
        1,
        "another builder changes nothing"
    );
    let cedar_home = w.get(&cedar, "/api/properties").await.json()["data"][0]["property_id"]
        .as_i64()
        .unwrap();
    let off = w
        .upload(
            &format!("/api/properties/{cedar_home}/images"),
            &cedar,
            &[],
            Some(("a.png", &png(10, 10))),
        )
        .await;
    assert_eq!(
        off.status,
        StatusCode::FORBIDDEN,
        "gallery edits are off for this builder"
    );
    w.done().await;
}

#[tokio::test]
async fn the_property_page_has_its_timeline_and_public_pages() {
    let w = world().await;
    let token = w.sign_in("demo.pm").await;
    let latest = w
        .get(&token, "/api/visits?order=desc&orderBy=visited_on&limit=25")
        .await
        .json();
    let home = latest["data"][0]["property_id"].as_i64().unwrap();
    let property = w
        .get(&token, &format!("/api/properties/{home}"))
        .await
        .json();
    let visits = property["visits"].as_array().unwrap();
    assert!(!visits.is_empty() && visits.len() <= 100);
    assert!(visits.iter().all(|v| v["property_id"] == home));
    let times: Vec<&str> = visits
        .iter()
        .map(|v| v["visited_on"].as_str().unwrap())
        .collect();
    assert!(
        times.windows(2).all(|pair| pair[0] >= pair[1]),
        "newest first"
    );
    assert_eq!(
        visits[0]["customer_visit_id"],
        latest["data"][0]["customer_visit_id"]
    );
    assert!(visits[0]["firstname"].is_string() && visits[0]["cell_phone_1"].is_string());
    assert_eq!(
        property["public_url"].as_str(),
        Some(format!("{PUBLIC_SITE}/brightway-homes/property/{home}").as_str())
    );
    assert_eq!(property["is_rental"], false);
    let photos = w
        .get(&token, &format!("/api/properties/{home}/images"))
        .await
        .json();
    assert_eq!(
        photos.as_array().unwrap().len(),
        2,
        "demo homes have photos"
    );
    let photo = w
        .call(
            Method::GET,
            photos[0]["image_url"].as_str().unwrap(),
            None,
            None,
        )
        .await;
    assert_eq!(photo.headers[header::CONTENT_TYPE], "image/webp");

    let community_id = property["community_id"].as_i64().unwrap();
    let community = w
        .get(&token, &format!("/api/communities/{community_id}"))
        .await
        .json();
    assert_eq!(
        community["public_url"].as_str(),
        Some(format!("{PUBLIC_SITE}/brightway-homes/community/{community_id}").as_str())
    );
    assert_eq!(
        community["id"], community_id,
        "the community's own fields stay flat"
    );
}

#[tokio::test]
async fn rental_builders_rent_homes_and_the_dashboard_counts_them_by_when() {
    let w = world().await;
    let token = w.sign_in("rental.pm").await;
    let rentals = builder_of_session(&w, &token).await;
    let closed = |token: String, builder: i64| {
        let w = &w;
        async move {
            w.get(&token, &format!("/api/stats/soldProprties/{builder}"))
                .await
                .json()["count"]
                .as_i64()
                .unwrap()
        }
    };
    assert_eq!(
        closed(token.clone(), rentals).await,
        2,
        "Homes Rented counts the rented homes of a rental builder"
    );
    let maple = first_id(&w, &token, "/api/communities?search=maple", "id").await;
    let mut home = new_property(maple);
    home["agents"] = json!([{"agentUsername": "rental.pm", "is_project_manager": true}]);
    home["disposition_id"] = json!(14);
    home["resident_code"] = json!("2468");
    home["rental_application_url"] = json!("https://apply.example.com/7");
    let created = w.post(&token, "/api/properties/new_property", home).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
    let id = created.json()["property_id"].as_i64().unwrap();
    let path = format!("/api/properties/{id}");
    let detail = w.get(&token, &path).await.json();
    assert_eq!(
        (
            detail["disposition"].as_str(),
            detail["resident_code"].as_str(),
            detail["rental_application_url"].as_str()
        ),
        (
            Some("Rented"),
            Some("2468"),
            Some("https://apply.example.com/7")
        )
    );
    assert_eq!(closed(token.clone(), rentals).await, 3);

    // Rented long ago: an edit today does not make it a rental of the last 30 days.
    db::testing::run(
        &w.state.db,
        "UPDATE properties SET disposition_on = '2020-01-01 00:00:00+00:00' WHERE property_id = $1",
        id,
    )
    .await;
    assert_eq!(closed(token.clone(), rentals).await, 2);
    let mut edit = detail.clone();
    edit["marketing_name"] = json!("The Maple Loft");
    let saved = w.post(&token, &path, edit.clone()).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());
    assert_eq!(closed(token.clone(), rentals).await, 2);
    for disposition in [11, 14] {
        edit["disposition_id"] = json!(disposition);
        let saved = w.post(&token, &path, edit.clone()).await;
        assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());
    }
    assert_eq!(
        closed(token.clone(), rentals).await,
        3,
        "rented again today"
    );

    let ent = w.sign_in("demo.enterprise").await;
    let homes = builder_of_session(&w, &w.sign_in("demo.pm").await).await;
    assert_eq!(closed(ent.clone(), homes).await, 3, "a seller's sold homes");
    assert_eq!(
        closed(ent.clone(), 0).await,
        6,
        "both builders of the enterprise"
    );
    w.done().await;
}
