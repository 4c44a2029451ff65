//! Customers: the list with its filters, sorts and exports, on the demo world's visitors.

use super::*;

async fn list(w: &World, token: &str, query: &str) -> Value {
    let answer = w
        .call(
            Method::GET,
            &format!("/api/customers?{query}"),
            Some(token),
            None,
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{query}: {}", answer.text());
    answer.json()
}

fn rows(page: &Value) -> Vec<Value> {
    page["data"].as_array().unwrap().clone()
}

#[tokio::test]
async fn customers_are_listed_by_last_visit_filtered_and_exported() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let page = list(&w, &pm, "limit=150").await;
    let first = rows(&page);
    assert!(page["total"].as_i64().unwrap() > 900, "{}", page["total"]);
    // Newest last visit first; each row carries what it keeps of its visits.
    let dates: Vec<&str> = first
        .iter()
        .map(|r| r["last_visit_date"].as_str().unwrap())
        .collect();
    assert!(
        dates
            .windows(2)
            .all(|d| d[0].parse::<chrono::DateTime<chrono::Utc>>().unwrap()
                >= d[1].parse::<chrono::DateTime<chrono::Utc>>().unwrap()),
        "{dates:?}"
    );
    for row in &first {
        assert!(row["visits_count"].as_i64().unwrap() >= 1, "{row}");
        assert!(row["last_visit_property_id"].is_number(), "{row}");
        assert!(["ET", "CT", "MT", "PT"].contains(&row["timezoneAbbr"].as_str().unwrap()));
        assert_eq!(row["visitor_contact_status_id_value"], "Contact");
        assert_eq!(row["visitor_status_id_value"], "Not blacklisted");
    }
    // A customer's count and last visit agree with the visits list.
    let ann = &first[0];
    let id = ann["customer_id"].as_i64().unwrap();
    let visits = w
        .call(
            Method::GET,
            &format!(
                "/api/visits?search={}&limit=150",
                ann["lastname"].as_str().unwrap()
            ),
            Some(&pm),
            None,
        )
        .await
        .json();
    let theirs: Vec<&Value> = visits["data"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|v| v["customer_id"] == id)
        .collect();
    assert_eq!(ann["visits_count"].as_i64().unwrap(), theirs.len() as i64);
    assert_eq!(
        theirs
            .iter()
            .map(|v| v["visited_on"].as_str().unwrap().to_string())
            .max(),
        ann["last_visit_date"].as_str().map(str::to_string)
    );

    // Each filter keeps only its rows; together they narrow.
    for (query, field, value) in [
        ("lastStatus=NA-V", "last_visit_status", "NA-V"),
        ("visitorType=AG", "visitor_type_id_value", "AG"),
        (
            "customerStatus=Not%20blacklisted",
            "visitor_status_id_value",
            "Not blacklisted",
        ),
    ] {
        let filtered = list(&w, &pm, &format!("{query}&limit=150")).await;
        let found = rows(&filtered);
        assert!(!found.is_empty(), "{query}");
        assert!(found.iter().all(|r| r[field] == value), "{query}");
    }
    let both = list(&w, &pm, "lastStatus=Accessed&visitorType=AG").await;
    assert!(rows(&both)
        .iter()
        .all(|r| r["last_visit_status"] == "Accessed" && r["visitor_type_id_value"] == "AG"));
    assert_eq!(
        list(&w, &pm, "customerStatus=Blacklisted").await["total"],
        0
    );
    for (query, field) in [
        ("lastStatus=Gone", "lastStatus"),
        ("visitorType=ZZ", "visitorType"),
        ("customerStatus=Banned", "customerStatus"),
    ] {
        let refused = w
            .call(
                Method::GET,
                &format!("/api/customers?{query}"),
                Some(&pm),
                None,
            )
            .await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{query}");
        assert!(refused.json()["errors"][field].is_string(), "{query}");
    }
    for (column, _) in db::customers::CUSTOMERS.sort_columns {
        for order in ["asc", "desc"] {
            list(&w, &pm, &format!("orderBy={column}&order={order}")).await;
        }
    }
    let lastname = ann["lastname"].as_str().unwrap();
    let searched = list(&w, &pm, &format!("search={lastname}")).await;
    assert!(rows(&searched)
        .iter()
        .all(|r| r["lastname"] == lastname || r["firstname"].as_str().unwrap().contains(lastname)));

    // Export and Print of selected rows; Export All of the filtered list.
    let exported = w
        .call(
            Method::POST,
            "/api/customers/export",
            Some(&pm),
            Some(json!({"selection": [id]})),
        )
        .await;
    assert_eq!(exported.status, StatusCode::OK);
    assert!(exported.headers[header::CONTENT_DISPOSITION]
        .to_str()
        .unwrap()
        .contains("customers-export.csv"));
    let csv = exported.text();
    let lines: Vec<&str> = csv.trim_start_matches('\u{feff}').lines().collect();
    assert!(
        lines[0].starts_with("Customer ID,First Name,Last Name"),
        "{csv}"
    );
    assert_eq!(lines.len(), 2, "{csv}");
    assert!(lines[1].starts_with(&format!("{id},")), "{csv}");
    let printed = w
        .call(
            Method::POST,
            "/api/customers/print",
            Some(&pm),
            Some(json!({"selection": [id]})),
        )
        .await;
    assert_eq!(printed.status, StatusCode::OK);
    assert!(printed.body.starts_with(b"%PDF"));
    let all = w
        .call(
            Method::POST,
            "/api/customers/exportAll",
            Some(&pm),
            Some(json!({"query": "lastStatus=NA-V&orderBy=last_visit_date&order=desc"})),
        )
        .await;
    assert_eq!(all.status, StatusCode::OK, "{}", all.text());
    let csv = all.text();
    let lines: Vec<&str> = csv.trim_start_matches('\u{feff}').lines().collect();
    let na_v = list(&w, &pm, "lastStatus=NA-V").await["total"]
        .as_i64()
        .unwrap();
    assert_eq!(lines.len() as i64, na_v + 1);
    assert!(lines[1..].iter().all(|l| l.contains(",NA-V,")), "{csv}");
    let bad = w
        .call(
            Method::POST,
            "/api/customers/exportAll",
            Some(&pm),
            Some(json!({"query": "lastStatus=Gone"})),
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);

    // Another builder's customers are neither listed nor exported.
    let cedar = w.sign_in("cedar.pm").await;
    let theirs = list(&w, &cedar, "limit=150").await;
    assert!(rows(&theirs).iter().all(|r| r["customer_id"] != id));
    let none = w
        .call(
            Method::POST,
            "/api/customers/export",
            Some(&cedar),
            Some(json!({"selection": [id]})),
        )
        .await
        .text();
    assert_eq!(none.trim_start_matches('\u{feff}').lines().count(), 1);
    w.done().await;
}
