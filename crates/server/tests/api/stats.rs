//! The dashboard's figures.

use super::*;

#[tokio::test]
async fn the_dashboard_sums_up_visits_and_homes() {
    let w = world().await;
    let token = w.sign_in("demo.pm").await;
    let visits = w.get(&token, "/api/stats/allVisits").await.json()["count"]
        .as_i64()
        .unwrap();
    assert!(visits > 0, "the demo world has recent visits");
    let everything = w
        .get(&token, "/api/stats/allVisits?from=2000-01-01")
        .await
        .json()["count"]
        .as_i64()
        .unwrap();
    assert!(everything > visits);
    assert_eq!(
        w.get(&token, "/api/stats/allVisits?from=2026-13-01")
            .await
            .status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    let contractors = w.get(&token, "/api/visits/contractorsVisits").await.json()["count"]
        .as_i64()
        .unwrap();
    assert!(contractors <= visits);
    assert_eq!(
        w.get(&token, "/api/stats/allProperties?status=Accessible")
            .await
            .json()["count"],
        6
    );
    let homes = w.get(&token, "/api/auth/session").await.json()["builderId"]
        .as_i64()
        .unwrap();
    assert_eq!(
        w.get(&token, &format!("/api/stats/soldProprties/{homes}"))
            .await
            .json()["count"],
        3
    );

    let daily = w.get(&token, "/api/stats/monthlyVisits").await.json();
    let days = daily.as_array().unwrap();
    assert_eq!(days.len(), 30);
    assert!(
        days.iter()
            .map(|d| d["visit_count"].as_i64().unwrap())
            .sum::<i64>()
            >= 1
    );
    assert!(days[29]["name_of_day"].is_string());
    let weekly = w.get(&token, "/api/stats/weeklyVisits").await.json();
    assert_eq!(weekly.as_array().unwrap().len(), 7);
    let yearly = w.get(&token, "/api/stats/yearlyVisits").await.json();
    let months = yearly.as_array().unwrap();
    assert_eq!(months.len(), 12);
    assert!(months.iter().all(|m| m["name_of_month"].is_string()));
    assert!(
        months
            .iter()
            .map(|m| m["visit_count"].as_i64().unwrap())
            .sum::<i64>()
            > 0
    );

    let recent = w
        .get(
            &token,
            "/api/visits?order=desc&orderBy=modified_on&limit=25",
        )
        .await
        .json();
    let rows = recent["data"].as_array().unwrap();
    assert!(
        rows.windows(2)
            .all(|p| p[0]["modified_on"].as_str() >= p[1]["modified_on"].as_str()),
        "newest first"
    );
    assert!(rows[0]["subdivision"].is_string() && rows[0]["visitor_type"].is_string());
    assert!(
        rows.iter()
            .all(|r| r["platform"].is_string() && r["attribution"].is_string()),
        "visits keep the spec's platform and attribution"
    );

    let cedar = w.sign_in("cedar.pm").await;
    assert_eq!(
        w.get(&cedar, &format!("/api/stats/soldProprties/{homes}"))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    let theirs = w
        .get(
            &cedar,
            &format!("/api/stats/allVisits?from=2000-01-01&builderId={homes}"),
        )
        .await
        .json();
    assert_eq!(
        theirs["count"], 0,
        "another builder's visits are never counted"
    );
    let ent = w.sign_in("demo.enterprise").await;
    let all = w
        .get(&ent, "/api/stats/allVisits?from=2000-01-01")
        .await
        .json()["count"]
        .as_i64()
        .unwrap();
    let one = w
        .get(
            &ent,
            &format!("/api/stats/allVisits?from=2000-01-01&builderId={homes}"),
        )
        .await
        .json()["count"]
        .as_i64()
        .unwrap();
    assert_eq!(one, everything);
    assert!(all > one, "the enterprise spans both builders");
    w.done().await;
}
