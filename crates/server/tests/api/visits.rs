//! Visits: the list with its date range, each visit in its home's time zone, and the exports.

use super::*;

async fn list(w: &World, token: &str, query: &str) -> Value {
    get(w, token, &format!("/api/visits?{query}")).await
}

/// The day a visit's row shows, in its home's time zone.
fn local_day(row: &Value) -> chrono::NaiveDate {
    let at: chrono::DateTime<chrono::Utc> = row["modified_on"].as_str().unwrap().parse().unwrap();
    domain::zones::to_local(row["timezone"].as_i64().unwrap(), at).date()
}

#[tokio::test]
async fn visits_are_listed_by_day_in_their_homes_zone_and_exported() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let newest = list(&w, &pm, "limit=150").await;
    let rows = newest["data"].as_array().unwrap();
    assert!(newest["total"].as_i64().unwrap() > 150);
    for row in rows {
        assert!(["ET", "CT", "MT", "PT"].contains(&row["timezoneAbbr"].as_str().unwrap()));
        assert!(row["timezoneValue"]
            .as_str()
            .unwrap()
            .starts_with("America/"));
    }
    // A day's visits: exactly those whose local day it is, in either date format.
    let visit = &rows[40];
    let day = local_day(visit);
    let iso = day.format("%Y-%m-%d").to_string();
    let us = day.format("%m/%d/%Y").to_string();
    let on_day = list(&w, &pm, &format!("startDate={iso}&endDate={us}&limit=150")).await;
    let found = on_day["data"].as_array().unwrap();
    assert!(found
        .iter()
        .any(|r| r["customer_visit_id"] == visit["customer_visit_id"]));
    assert!(found.iter().all(|r| local_day(r) == day));
    let total = on_day["total"].as_i64().unwrap();
    assert!(total as usize >= found.len());
    // Open ends: from the day on, and up to the day before it, part the whole list.
    let from = list(&w, &pm, &format!("startDate={iso}")).await["total"]
        .as_i64()
        .unwrap();
    let before = day.pred_opt().unwrap().format("%Y-%m-%d");
    let until = list(&w, &pm, &format!("endDate={before}")).await["total"]
        .as_i64()
        .unwrap();
    assert_eq!(from + until, newest["total"].as_i64().unwrap());
    for (query, field) in [
        ("startDate=tomorrow", "startDate"),
        ("endDate=2026-02-30", "endDate"),
        ("startDate=2026-03-02&endDate=2026-03-01", "endDate"),
    ] {
        refused(&w, &pm, &format!("/api/visits?{query}"), field).await;
    }

    // Export of the selected visits, Print, and Export All of the day's visits.
    let id = visit["customer_visit_id"].as_i64().unwrap();
    let file = "visits-export.csv";
    let lines = csv(
        &w,
        &pm,
        "/api/visits/export",
        json!({"selection": [id]}),
        file,
    )
    .await;
    assert!(
        lines[0].starts_with("Visit ID,First Name,Last Name"),
        "{lines:?}"
    );
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[1].starts_with(&format!("{id},")), "{lines:?}");
    assert!(lines[1].contains(&format!(" {}", visit["timezoneAbbr"].as_str().unwrap())));
    printed(&w, &pm, "/api/visits/print", &[id]).await;
    let range = json!({"params": {"startDate": iso, "endDate": iso}});
    let all = csv(&w, &pm, "/api/visits/exportAll", range, file).await;
    assert_eq!(all.len() as i64, total + 1);

    // Another builder's visits are neither listed nor exported.
    let cedar = w.sign_in("cedar.pm").await;
    let theirs = list(&w, &cedar, "limit=150").await;
    assert!(theirs["data"]
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r["customer_visit_id"] != id));
    let none = w
        .post(&cedar, "/api/visits/export", json!({"selection": [id]}))
        .await
        .text();
    assert_eq!(none.trim_start_matches('\u{feff}').lines().count(), 1);
    w.done().await;
}
