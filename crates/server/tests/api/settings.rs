//! Builder settings: disclosures, messages, time zone, company, logo and content.

use super::*;

#[tokio::test]
async fn disclosures_messages_and_time_zone_are_saved_with_their_rules() {
    let w = world().await;
    let token = w.sign_in("demo.pm").await;
    let homes = w.get(&token, "/api/auth/session").await.json()["builderId"]
        .as_i64()
        .unwrap();
    let settings = w
        .get(&token, &format!("/api/builders/settings/{homes}"))
        .await
        .json();
    assert_eq!(
        (
            settings["primary_color"].as_str(),
            settings["country"].as_str()
        ),
        (Some("#DB5C0E"), Some("USA"))
    );
    assert_eq!(
        settings["default_install_property_status"],
        "PROPERTY_AVAILABLE"
    );

    let missing = w
        .post(
            &token,
            "/api/builders/settings/disclosures",
            json!({"custom_disclosure_active": true, "custom_disclosure_name": " "}),
        )
        .await;
    assert_eq!(
        missing.json()["errors"],
        json!({"custom_disclosure_name": "Required field!", "custom_disclosure_text": "Required field!"})
    );
    let long = "x".repeat(65_001);
    let too_long = w.post(&token, "/api/builders/settings/disclosures", json!({"custom_disclosure_active": true, "custom_disclosure_name": "Terms", "custom_disclosure_text": long})).await;
    assert_eq!(too_long.status, StatusCode::UNPROCESSABLE_ENTITY);
    let on = w.post(&token, "/api/builders/settings/disclosures", json!({"custom_disclosure_active": true, "custom_disclosure_name": "Terms", "custom_disclosure_text": "Be kind."})).await;
    assert_eq!(on.status, StatusCode::OK);
    let off = w.post(&token, "/api/builders/settings/disclosures", json!({"custom_disclosure_active": false, "custom_disclosure_name": "Terms", "custom_disclosure_text": "Be kind."})).await;
    assert_eq!(off.status, StatusCode::OK);
    let settings = w
        .get(&token, &format!("/api/builders/settings/{homes}"))
        .await
        .json();
    assert_eq!(
        (
            settings["custom_disclosure_active"].as_bool(),
            settings["custom_disclosure_name"].is_null()
        ),
        (Some(false), true),
        "off clears the disclosure"
    );

    let exactly = "x".repeat(240);
    let a = w
        .post(
            &token,
            "/api/builders/settings/messaging",
            json!({"during_tour_message": exactly, "during_tour_message_interval": "1 min"}),
        )
        .await;
    assert_eq!(
        a.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "exactly 240 characters is too long"
    );
    let a = w.post(&token, "/api/builders/settings/messaging", json!({"after_tour_message": "Thanks {{shoe_size}}", "after_tour_message_interval": "30 min"})).await;
    assert_eq!(
        a.json()["errors"]["after_tour_message"],
        "Unknown variables: shoe_size"
    );
    let ok = w.post(&token, "/api/builders/settings/messaging", json!({
        "during_tour_message": "Welcome to {{community_name}}, {{visitor_first_name}}!", "during_tour_message_interval": "1 min",
        "after_tour_message": null, "after_tour_message_interval": null, "scheduled_tour_message": "See you {{scheduled_tour_date}}"})).await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.text());
    let settings = w
        .get(&token, &format!("/api/builders/settings/{homes}"))
        .await
        .json();
    assert_eq!(settings["during_tour_message_interval"], "1 min");
    assert!(settings["after_tour_message"].is_null());

    assert_eq!(
        w.post(&token, "/api/builders/timezone", json!({"timezone": 50}))
            .await
            .status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    let saved = w
        .post(&token, "/api/builders/timezone", json!({"timezone": 54}))
        .await;
    assert_eq!(saved.json()["message"], "Timezone Saved!");
    assert_eq!(
        w.get(&token, "/api/builders/timezone").await.json()["timezone"],
        54
    );

    let cedar = w.sign_in("cedar.pm").await;
    assert_eq!(
        w.get(&cedar, &format!("/api/builders/settings/{homes}"))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        w.get(&cedar, &format!("/api/builders/timezone?builderId={homes}"))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    let foreign = w
        .post(
            &cedar,
            "/api/builders/timezone",
            json!({"timezone": 51, "builder_id": homes}),
        )
        .await;
    assert_eq!(foreign.status, StatusCode::NOT_FOUND);
    assert_eq!(
        w.get(&token, "/api/builders/timezone").await.json()["timezone"],
        54,
        "unchanged"
    );
    w.done().await;
}

#[tokio::test]
async fn company_settings_logo_and_content_are_saved() {
    let w = world().await;
    let token = w.sign_in("demo.pm").await;
    let company = [
        ("builderName", "Brightway Homes"),
        ("primary_color", "#123"),
        ("secondary_color", "blue"),
        ("country", "USA"),
        (
            "button_settings",
            r##"{"text":"Book a tour","textColor":"#ffffff","backgroundColor":"#DB5C0E","borderRadius":40,"fontSize":14}"##,
        ),
        ("default_install_property_status", "PROPERTY_AVAILABLE"),
    ];
    let bad = w
        .upload("/api/builders/settings", &token, &company, None)
        .await;
    assert_eq!(
        bad.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        bad.text()
    );
    assert_eq!(
        bad.json()["errors"]["secondary_color"],
        "Invalid HEX Format"
    );
    assert!(bad.json()["errors"]["button_settings.borderRadius"].is_string());

    let mut good = company;
    good[2] = ("secondary_color", "#FFFFFF");
    good[4] = (
        "button_settings",
        r##"{"text":"Book a tour","textColor":"#ffffff","backgroundColor":"#DB5C0E","borderRadius":12,"fontSize":16}"##,
    );
    // Only the signature of a PNG, then text: refused, as a file that does not decode.
    let fake = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR-not-a-real-image".to_vec();
    let refused = w
        .upload(
            "/api/builders/settings",
            &token,
            &good,
            Some(("logo.png", &fake)),
        )
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(refused.json()["errors"]["file"], "Unsupported file type");
    let png = png(64, 32);
    let saved = w
        .upload(
            "/api/builders/settings",
            &token,
            &good,
            Some(("logo.png", &png)),
        )
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());
    let settings = saved.json();
    assert_eq!(settings["primary_color"], "#123");
    assert!(settings["button_settings"]
        .as_str()
        .unwrap()
        .contains("Book a tour"));
    let logo = settings["logo"].as_str().unwrap().to_string();
    let served = w.call(Method::GET, &logo, None, None).await;
    assert_eq!(
        (
            served.status,
            served.headers[header::CONTENT_TYPE].to_str().unwrap()
        ),
        (StatusCode::OK, "image/webp")
    );
    let stored = webp::Decoder::new(&served.body).decode().unwrap();
    assert_eq!(
        (stored.width(), stored.height()),
        (64, 32),
        "decoded and re-encoded"
    );

    let gif = b"GIF89a....".to_vec();
    let refused = w
        .upload(
            "/api/builders/settings",
            &token,
            &[],
            Some(("sneaky.png", &gif)),
        )
        .await;
    assert_eq!(
        refused.json()["errors"]["file"],
        "Unsupported file type",
        "the bytes decide, not the name"
    );
    let mut huge = png.clone();
    huge.resize(50 * 1024 * 1024 + 1, 0);
    let too_big = w
        .upload(
            "/api/builders/settings",
            &token,
            &[],
            Some(("big.png", &huge)),
        )
        .await;
    assert_eq!(too_big.json()["errors"]["file"], "Max logo size is 50mb");
    let after = w.get(&token, "/api/builders/settings/1").await.json();
    assert_eq!(
        after["logo"].as_str(),
        Some(logo.as_str()),
        "a refused upload changes nothing"
    );

    let content = w
        .upload(
            "/api/builders/settings",
            &token,
            &[(
                "content_settings",
                r#"{"tour_now_title":"Tour today","tour_now_button":"Go"}"#,
            )],
            None,
        )
        .await;
    assert_eq!(content.status, StatusCode::OK);
    let stored: Value =
        serde_json::from_str(content.json()["content_settings"].as_str().unwrap()).unwrap();
    assert_eq!(stored["tour_now_title"], "Tour today");
    assert_eq!(
        content.json()["primary_color"],
        "#123",
        "a content save leaves the company settings"
    );
    let typo = w
        .upload(
            "/api/builders/settings",
            &token,
            &[("content_settings", r#"{"tour_now_titel":"x"}"#)],
            None,
        )
        .await;
    assert_eq!(typo.status, StatusCode::UNPROCESSABLE_ENTITY);

    let cedar = w.sign_in("cedar.pm").await;
    let foreign = w
        .upload(
            "/api/builders/settings",
            &cedar,
            &[("builder_id", "1"), ("content_settings", "{}")],
            None,
        )
        .await;
    assert_eq!(foreign.status, StatusCode::NOT_FOUND);
    assert_eq!(
        w.call(Method::GET, "/api/files/../../etc/passwd", None, None)
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    w.done().await;
}
