//! Scheduled visits: the list, the detail, Export, Export All and Delete of selected rows.

use super::*;

async fn list(w: &World, token: &str, query: &str) -> Value {
    get(w, token, &format!("/api/schedule_visit?{query}")).await
}

#[tokio::test]
async fn scheduled_visits_are_listed_shown_exported_and_deleted() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let page = list(&w, &pm, "limit=150").await;
    let rows = page["data"].as_array().unwrap().clone();
    assert_eq!(page["total"].as_i64().unwrap(), rows.len() as i64);
    assert!(rows.len() >= 10);
    let dates: Vec<chrono::DateTime<chrono::Utc>> = rows
        .iter()
        .map(|r| r["visit_date"].as_str().unwrap().parse().unwrap())
        .collect();
    assert!(dates.windows(2).all(|d| d[0] >= d[1]), "latest visit first");
    for status in ["created", "cancelled", "completed"] {
        assert!(rows.iter().any(|r| r["status"] == status), "{status}");
    }
    for row in &rows {
        assert!(["ET", "CT", "MT", "PT"].contains(&row["timezoneAbbr"].as_str().unwrap()));
        assert!(!row["builderName"].as_str().unwrap().is_empty());
    }
    // Search by name, email or property id; every sort.
    let first = &rows[0];
    let last_name = first["last_name"].as_str().unwrap();
    let found = list(&w, &pm, &format!("search={last_name}")).await;
    assert!(found["data"]
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r["last_name"] == last_name
            || r["first_name"].as_str().unwrap().contains(last_name)
            || r["email"]
                .as_str()
                .unwrap_or_default()
                .contains(&last_name.to_lowercase())));
    for (column, _) in db::scheduled_visits::SCHEDULED_VISITS.sort_columns {
        for order in ["asc", "desc"] {
            list(&w, &pm, &format!("orderBy={column}&order={order}")).await;
        }
    }

    // The detail: the row with its home's agents.
    let id = first["id"].as_i64().unwrap();
    let detail = w.get(&pm, &format!("/api/schedule_visit/{id}")).await;
    assert_eq!(detail.status, StatusCode::OK, "{}", detail.text());
    let detail = detail.json();
    for field in [
        "first_name",
        "last_name",
        "email",
        "phone",
        "visit_date",
        "status",
        "address_1",
        "builderName",
    ] {
        assert_eq!(detail[field], first[field], "{field}");
    }
    assert!(detail["propertyAgents"].is_array());

    // Export of selected rows (the spec sends them as `selected`) and Export All.
    let exported = w
        .post(&pm, "/api/schedule_visit/export", json!({"selected": [id]}))
        .await;
    assert_eq!(exported.status, StatusCode::OK, "{}", exported.text());
    assert!(exported.headers[header::CONTENT_DISPOSITION]
        .to_str()
        .unwrap()
        .contains("scheduled-visits-export.csv"));
    let lines: Vec<String> = exported
        .text()
        .trim_start_matches('\u{feff}')
        .lines()
        .map(str::to_string)
        .collect();
    assert!(lines[0].starts_with("Id,First Name,Last Name,Email,Phone,Status,Visit Date"));
    assert_eq!(lines.len(), 2);
    let all = w
        .post(&pm, "/api/schedule_visit/exportAll", json!({"params": {}}))
        .await;
    assert_eq!(
        all.text().trim_start_matches('\u{feff}').lines().count(),
        rows.len() + 1
    );

    // Another builder's scheduled visits are not there to see, export or delete.
    let cedar = w.sign_in("cedar.pm").await;
    assert_eq!(
        w.get(&cedar, &format!("/api/schedule_visit/{id}"))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    let theirs = list(&w, &cedar, "limit=150").await;
    assert!(theirs["data"]
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r["id"] != id));
    assert_eq!(
        w.post(
            &cedar,
            "/api/schedule_visit/delete",
            json!({"selected": [id]})
        )
        .await
        .status,
        StatusCode::NOT_FOUND
    );
    let empty = w
        .post(&pm, "/api/schedule_visit/delete", json!({"selected": []}))
        .await;
    assert_eq!(empty.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        list(&w, &pm, "").await["total"].as_i64().unwrap(),
        rows.len() as i64
    );

    // Delete of selected rows.
    let second = rows[1]["id"].as_i64().unwrap();
    let deleted = w
        .post(
            &pm,
            "/api/schedule_visit/delete",
            json!({"selected": [id, second]}),
        )
        .await;
    assert_eq!(deleted.status, StatusCode::OK, "{}", deleted.text());
    assert_eq!(deleted.json()["message"], "Successfully deleted");
    assert_eq!(
        list(&w, &pm, "").await["total"].as_i64().unwrap(),
        rows.len() as i64 - 2
    );
    assert_eq!(
        w.get(&pm, &format!("/api/schedule_visit/{id}"))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    let field = w.sign_in("olivia.field").await;
    assert_eq!(
        w.get(&field, "/api/schedule_visit").await.status,
        StatusCode::FORBIDDEN
    );
    w.done().await;
}
