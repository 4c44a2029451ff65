//! After tour hours: the attempts list in the builder's time zone, Export, Print and Export All.

use super::*;

async fn list(w: &World, token: &str, query: &str) -> Value {
    get(w, token, &format!("/api/visits/afterTourHours?{query}")).await
}

#[tokio::test]
async fn attempts_outside_tour_hours_are_listed_and_exported() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let page = list(&w, &pm, "limit=150").await;
    let rows = page["data"].as_array().unwrap().clone();
    // The demo's visitors who came too early or too late (one per touring home: nine at
    // Brightway Homes), and those whose tour ran past closing (how many depends on the hour).
    assert!(rows.len() >= 9, "{}", rows.len());
    assert_eq!(page["total"], rows.len());
    let times: Vec<chrono::DateTime<chrono::Utc>> = rows
        .iter()
        .map(|r| r["modified_on"].as_str().unwrap().parse().unwrap())
        .collect();
    assert!(times.windows(2).all(|t| t[0] >= t[1]), "latest first");
    for row in &rows {
        // The day's hours as the home had them: `9:00 AM - 6:00 PM`.
        let hours = row["tour_hours"].as_str().unwrap();
        assert!(
            hours.ends_with(" PM") && hours.contains(" AM - "),
            "{hours}"
        );
        assert!(!row["community"].as_str().unwrap().is_empty());
        // The builder's zone (the demo builder keeps Chicago's), whatever the home's.
        assert_eq!(row["timezoneAbbr"], "CT");
    }
    for (column, _) in db::after_tour_hours::AFTER_TOUR_HOURS.sort_columns {
        for order in ["asc", "desc"] {
            list(&w, &pm, &format!("orderBy={column}&order={order}")).await;
        }
    }
    let community = rows[0]["community"].as_str().unwrap().replace(' ', "%20");
    let found = list(&w, &pm, &format!("search={community}")).await;
    assert!(found["data"]
        .as_array()
        .unwrap()
        .iter()
        .any(|r| r["id"] == rows[0]["id"]));

    let id = rows[0]["id"].as_i64().unwrap();
    let base = "/api/visits/afterTourHours";
    let file = "after-tour-hours-export.csv";
    let lines = csv(
        &w,
        &pm,
        &format!("{base}/export"),
        json!({"selected": [id]}),
        file,
    )
    .await;
    assert_eq!(lines[0], "Property Id,Community,Tour Hours,Attempted At");
    assert!(lines[1].ends_with(" CT"), "{lines:?}");
    printed(&w, &pm, &format!("{base}/print"), &[id]).await;
    let all = csv(
        &w,
        &pm,
        &format!("{base}/exportAll"),
        json!({"params": {}}),
        file,
    )
    .await;
    assert_eq!(all.len(), rows.len() + 1);

    let cedar = w.sign_in("cedar.pm").await;
    assert!(list(&w, &cedar, "limit=150").await["data"]
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r["id"] != id));
    w.done().await;
}
