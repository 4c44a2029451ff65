//! Message previews and training: the catalogue, its media and trainer from configuration.

use super::*;

#[tokio::test]
async fn message_previews_and_training_catalogue() {
    let w = world().await;
    let token = w.sign_in("demo.pm").await;
    let company = w
        .get(&token, "/api/builders/settings/messaging/preview")
        .await
        .json();
    assert_eq!(company["values"]["company_name"], "Brightway Homes");
    assert!(company["values"].get("community_name").is_none());
    let oak = w.get(&token, "/api/communities?search=oak").await.json()["data"][0]["id"]
        .as_i64()
        .unwrap();
    let preview = w
        .get(
            &token,
            &format!("/api/builders/settings/messaging/preview?communityId={oak}"),
        )
        .await
        .json();
    assert_eq!(preview["values"]["community_name"], "Oak Ridge");
    assert_eq!(
        preview["values"]["community_sales_phone_number"],
        "555-300-1000"
    );
    let cedar = w.sign_in("cedar.pm").await;
    let foreign = w
        .get(
            &cedar,
            &format!("/api/builders/settings/messaging/preview?communityId={oak}"),
        )
        .await;
    assert_eq!(foreign.status, StatusCode::NOT_FOUND);
    let home = w
        .get(
            &token,
            &format!("/api/properties/properties_by_community/{oak}"),
        )
        .await
        .json()[0]
        .clone();
    let id = home["property_id"].as_i64().unwrap();
    let with_home = w
        .get(
            &token,
            &format!("/api/builders/settings/messaging/preview?propertyId={id}"),
        )
        .await
        .json();
    assert_eq!(with_home["values"]["property_address"], home["address_1"]);
    assert_eq!(with_home["values"]["community_name"], "Oak Ridge");
    assert!(with_home["values"]["property_lot_number"].is_string());
    assert_eq!(
        w.get(
            &cedar,
            &format!("/api/builders/settings/messaging/preview?propertyId={id}")
        )
        .await
        .status,
        StatusCode::NOT_FOUND
    );

    let training = w.get(&token, "/api/training").await.json();
    assert_eq!(training["general"].as_array().unwrap().len(), 10);
    assert_eq!(training["sales"].as_array().unwrap().len(), 3);
    assert_eq!(training["sales"][0]["category"], "Lead Conversion");
    assert!(
        training["sales"][0]["creator"].is_null(),
        "no trainer configured: none is invented"
    );
    assert!(
        training["general"][0]["video_url"].is_null(),
        "no media address configured: the console shows the written guide"
    );
    w.done().await;
}

#[tokio::test]
async fn training_media_and_trainer_come_from_configuration() {
    let w = world_with(FileSettings {
        training_media_url: Some("https://media.tourdesk.test/training/".into()),
        training_trainer: Some(server::config::Trainer {
            name: "Sam Lee".into(),
            company: Some("Lee Sales".into()),
            ..Default::default()
        }),
        ..Default::default()
    })
    .await;
    let token = w.sign_in("demo.sales").await;
    let training = w.get(&token, "/api/training").await.json();
    assert_eq!(
        training["general"][0]["video_url"],
        "https://media.tourdesk.test/training/creating-staff.mp4"
    );
    assert_eq!(
        training["sales"][2]["creator"],
        json!({"name": "Sam Lee", "title": null, "bio": null, "company": "Lee Sales", "link": null})
    );
    assert!(training["general"][0]["creator"].is_null());
    w.done().await;
}
