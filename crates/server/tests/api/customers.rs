//! Customers: the list with its filters, sorts and exports, on the demo world's visitors.

use super::*;

async fn list(w: &World, token: &str, query: &str) -> Value {
    get(w, token, &format!("/api/customers?{query}")).await
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
    assert!(page["total"].as_i64().unwrap() > 300, "{}", page["total"]);
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
        assert!(["Not blacklisted", "Blacklisted"]
            .contains(&row["visitor_status_id_value"].as_str().unwrap()));
    }
    // The demo's staff blacklisted one recent visitor of each builder.
    let blacklisted = first
        .iter()
        .filter(|row| row["visitor_status_id_value"] == "Blacklisted")
        .count();
    assert_eq!(blacklisted, 1, "{first:?}");
    // A customer's count and last visit agree with the visits list.
    let ann = &first[0];
    let id = ann["customer_id"].as_i64().unwrap();
    let visits = w
        .get(
            &pm,
            &format!(
                "/api/visits?search={}&limit=150",
                ann["lastname"].as_str().unwrap()
            ),
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
    // The visitor the demo's staff blacklisted.
    assert_eq!(
        list(&w, &pm, "customerStatus=Blacklisted").await["total"],
        1
    );
    for (query, field) in [
        ("lastStatus=Gone", "lastStatus"),
        ("visitorType=ZZ", "visitorType"),
        ("customerStatus=Banned", "customerStatus"),
    ] {
        refused(&w, &pm, &format!("/api/customers?{query}"), field).await;
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
        .post(&pm, "/api/customers/export", json!({"selection": [id]}))
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
        .post(&pm, "/api/customers/print", json!({"selection": [id]}))
        .await;
    assert_eq!(printed.status, StatusCode::OK);
    assert!(printed.body.starts_with(b"%PDF"));
    let all = w
        .post(
            &pm,
            "/api/customers/exportAll",
            json!({"query": "lastStatus=NA-V&orderBy=last_visit_date&order=desc"}),
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
    // The same query as an object, as some clients send it.
    let as_object = w
        .post(
            &pm,
            "/api/customers/exportAll",
            json!({"query": {"lastStatus": "NA-V", "orderBy": "last_visit_date", "order": "desc"}}),
        )
        .await;
    assert_eq!(as_object.text(), csv);
    let neither = w
        .post(&pm, "/api/customers/exportAll", json!({"query": 7}))
        .await;
    assert_eq!(neither.status, StatusCode::UNPROCESSABLE_ENTITY);
    let bad = w
        .post(
            &pm,
            "/api/customers/exportAll",
            json!({"query": "lastStatus=Gone"}),
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);

    // Another builder's customers are neither listed nor exported.
    let cedar = w.sign_in("cedar.pm").await;
    let theirs = list(&w, &cedar, "limit=150").await;
    assert!(rows(&theirs).iter().all(|r| r["customer_id"] != id));
    let none = w
        .post(&cedar, "/api/customers/export", json!({"selection": [id]}))
        .await
        .text();
    assert_eq!(none.trim_start_matches('\u{feff}').lines().count(), 1);
    w.done().await;
}

async fn customer(w: &World, token: &str, id: i64) -> Value {
    get(w, token, &format!("/api/customers/{id}")).await
}

#[tokio::test]
async fn a_customer_shows_profile_visits_and_survey_and_can_be_blacklisted() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    // The demo's past-week visitors who left feedback answered the pre-tour survey (one of
    // them was blacklisted since).
    let recent = rows(&list(&w, &pm, "limit=150").await);
    let mut surveyed = None;
    for row in &recent {
        let id = row["customer_id"].as_i64().unwrap();
        let detail = customer(&w, &pm, id).await;
        let feedback = detail["visits"][0]["remarks"]
            .as_str()
            .is_some_and(|r| r.contains("\nUser sent feedback\n"));
        if !detail["surveyResults"].as_array().unwrap().is_empty()
            && feedback
            && detail["visitor_status_id"] == 154
        {
            surveyed = Some(detail);
            break;
        }
    }
    let detail = surveyed.expect("a customer with survey answers");
    let id = detail["customer_id"].as_i64().unwrap();
    let listed = recent.iter().find(|r| r["customer_id"] == id).unwrap();
    for field in [
        "firstname",
        "lastname",
        "email_1",
        "cell_phone_1",
        "visitor_type_id_value",
    ] {
        assert_eq!(detail[field], listed[field], "{field}");
    }
    assert_eq!(detail["visitor_status_id"], 154);
    assert_eq!(detail["visitor_contact_status_id_value"], "Contact");
    let answers = detail["surveyResults"].as_array().unwrap();
    assert_eq!(answers.len(), 3);
    assert_eq!(
        answers[0]["question"],
        "Do you currently own, rent, live with family or other?"
    );
    assert_eq!(answers[0]["survey"], "pre");
    // Visits newest first, each with its home's time zone, builder and agents; the feedback
    // is in the remarks as the tour wrote it.
    let visits = detail["visits"].as_array().unwrap();
    assert_eq!(
        visits.len() as i64,
        listed["visits_count"].as_i64().unwrap()
    );
    let newest = &visits[0];
    assert_eq!(newest["property_id"], listed["last_visit_property_id"]);
    assert_eq!(newest["visit_status_id_value"], "Accessed");
    assert_eq!(newest["propertyTimezone"], listed["timezoneAbbr"]);
    assert!(newest["propTimezoneValue"]
        .as_str()
        .unwrap()
        .starts_with("America/"));
    assert!(!newest["builder"].as_str().unwrap().is_empty());
    assert!(newest["address_1"].is_string());
    assert!(newest["agents"].is_array());
    // After the visit's own remark (Tour Now), as the tour wrote it.
    assert!(newest["remarks"]
        .as_str()
        .unwrap()
        .contains("\nUser sent feedback\n"));

    // The blacklist switch: 155 on, 154 off; the list filters by it at once.
    let set = |status: Value| {
        let w = &w;
        let pm = &pm;
        async move {
            w.post(
                pm,
                &format!("/api/customers/{id}"),
                json!({"customer_id": id, "visitor_status_id": status}),
            )
            .await
        }
    };
    let before = list(&w, &pm, "customerStatus=Blacklisted").await["total"]
        .as_i64()
        .unwrap();
    let on = set(json!(155)).await;
    assert_eq!(on.status, StatusCode::OK, "{}", on.text());
    assert_eq!(on.json()["message"], "Updated successfully");
    assert_eq!(
        on.json()["customer"]["visitor_status_id_value"],
        "Blacklisted"
    );
    let blacklisted = list(&w, &pm, "customerStatus=Blacklisted").await;
    assert_eq!(blacklisted["total"], before + 1);
    assert!(rows(&blacklisted).iter().any(|r| r["customer_id"] == id));
    // Bad input is refused and changes nothing.
    for bad in [json!(156), json!("155"), Value::Null] {
        let refused = set(bad.clone()).await;
        assert_eq!(
            refused.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{bad}: {}",
            refused.text()
        );
    }
    let mismatched = w
        .post(
            &pm,
            &format!("/api/customers/{id}"),
            json!({"customer_id": id + 1, "visitor_status_id": 154}),
        )
        .await;
    assert_eq!(mismatched.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(customer(&w, &pm, id).await["visitor_status_id"], 155);
    let off = set(json!(154)).await;
    assert_eq!(off.json()["customer"]["visitor_status_id"], 154);
    assert_eq!(
        list(&w, &pm, "customerStatus=Blacklisted").await["total"],
        before
    );

    // Another builder's customer is not there, to see or to change; Other Staff have no customers.
    let cedar = w.sign_in("cedar.pm").await;
    for (method, body) in [
        (Method::GET, None),
        (Method::POST, Some(json!({"visitor_status_id": 155}))),
    ] {
        let hidden = w
            .call(method, &format!("/api/customers/{id}"), Some(&cedar), body)
            .await;
        assert_eq!(hidden.status, StatusCode::NOT_FOUND);
    }
    assert_eq!(customer(&w, &pm, id).await["visitor_status_id"], 154);
    let field = w.sign_in("olivia.field").await;
    assert_eq!(
        w.get(&field, &format!("/api/customers/{id}")).await.status,
        StatusCode::FORBIDDEN
    );
    for path in [
        "/api/customers/abc",
        "/api/customers/9223372036854775808",
        "/api/offers/x",
        "/api/schedule_visit/x",
    ] {
        assert_eq!(
            w.get(&pm, path).await.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{path}"
        );
    }
    assert_eq!(
        w.get(&pm, "/api/customers/999999").await.status,
        StatusCode::NOT_FOUND
    );
    w.done().await;
}
