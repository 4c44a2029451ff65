//! Share (POST /api/customers/share): a verified account and a scheduled tour invite, each
//! written with its text and mail in one go; the form's rules; blacklisted visitors, homes not
//! open to tours and other builders' homes refused with nothing written or sent.

use super::*;

fn request(property_id: i64, book_tour: &str) -> Value {
    json!({
        "firstname": "Ann", "lastname": "Share", "email_1": "Ann.Share@Example.com",
        "cell_phone_1": "555-777-1234", "property_id": property_id, "book_tour": book_tour,
        "visitor_type_id": 122,
    })
}

async fn share(w: &World, token: &str, body: Value) -> Answer {
    w.post(token, "/api/customers/share", body).await
}

async fn texts_to(w: &World, phone: &str) -> Vec<db::messages::Sms> {
    db::messages::sms_to(&w.state.db, phone).await.unwrap()
}

#[tokio::test]
async fn a_verified_account_is_made_and_sent() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let home = touring_home(&w, &pm, true).await;
    let property_id = home["property_id"].as_i64().unwrap();
    let answer = share(&w, &pm, request(property_id, "verifiedCustomer")).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
    let answer = answer.json();
    assert_eq!(answer["message"], "Verified account sent to Ann Share");
    assert_eq!(answer["scheduled_visit_id"], Value::Null);
    let customer_id = answer["customer_id"].as_i64().unwrap();

    let customer = get(&w, &pm, &format!("/api/customers/{customer_id}")).await;
    let info = &customer;
    assert_eq!(
        (&info["firstname"], &info["email_1"], &info["cell_phone_1"]),
        (
            &json!("Ann"),
            &json!("Ann.Share@Example.com"),
            &json!("555-777-1234")
        )
    );
    assert_eq!(info["visitor_type_id_value"], "V");

    // The text carries the sign-in; the password is kept only hashed and verifies.
    let texts = texts_to(&w, "555-777-1234").await;
    assert_eq!(texts.len(), 1);
    let text = &texts[0].body;
    assert!(
        text.chars().count() <= domain::messaging::MESSAGE_LIMIT,
        "{text}"
    );
    assert!(text.contains("username ann.share@example.com"), "{text}");
    let password = text
        .split("password ")
        .nth(1)
        .and_then(|rest| rest.split('.').next())
        .unwrap();
    assert_eq!(password.len(), 10, "{text}");
    let webflow = db::builders::get(
        &w.state.db,
        &db::Scope::All,
        home["builder_id"].as_i64().unwrap(),
    )
    .await
    .unwrap()
    .unwrap()
    .webflow_name;
    assert!(
        text.ends_with(&format!("{PUBLIC_SITE}/{webflow}/property/{property_id}")),
        "{text}"
    );
    let (username, hash) = db::customers::visitor_account(&w.state.db, customer_id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(username, "ann.share@example.com");
    assert!(!hash.contains(password));
    assert!(server::auth::verify_password(password, &hash));
    let mails = db::messages::mails_to(&w.state.db, "Ann.Share@Example.com")
        .await
        .unwrap();
    assert_eq!(mails.len(), 1);
    assert!(mails[0].body.contains(&format!("Password: {password}")));

    // Sharing again with the same email keeps one customer, brought up to date, with a new password.
    let mut body = request(property_id, "verifiedCustomer");
    body["firstname"] = json!("Anne");
    body["cell_phone_1"] = json!("555-777-9999");
    body["email_1"] = json!("ann.share@example.com");
    let again = share(&w, &pm, body).await;
    assert_eq!(again.status, StatusCode::OK, "{}", again.text());
    assert_eq!(again.json()["customer_id"].as_i64(), Some(customer_id));
    let customer = get(&w, &pm, &format!("/api/customers/{customer_id}")).await;
    assert_eq!(customer["firstname"], "Anne");
    let (_, new_hash) = db::customers::visitor_account(&w.state.db, customer_id)
        .await
        .unwrap()
        .unwrap();
    assert_ne!(hash, new_hash);
    assert_eq!(texts_to(&w, "555-777-9999").await.len(), 1);
    w.done().await;
}

#[tokio::test]
async fn a_scheduled_tour_invite_books_the_visit_and_sends_the_link() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let home = touring_home(&w, &pm, true).await;
    let property_id = home["property_id"].as_i64().unwrap();
    let record = db::properties::get(&w.state.db, &db::Scope::All, property_id)
        .await
        .unwrap()
        .unwrap();
    let zone = record.fields.timezone;
    let tomorrow =
        domain::zones::to_local(zone, chrono::Utc::now()).date() + chrono::Duration::days(1);
    let mut body = request(property_id, "scheduledTour");
    body["visitor_type_id"] = json!(123);
    body["visit_date"] = json!(tomorrow.format("%m/%d/%Y").to_string());
    body["visit_time"] = json!("2:30 PM");
    let answer = share(&w, &pm, body).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
    let answer = answer.json();
    assert_eq!(answer["message"], "Scheduled tour invite sent to Ann Share");
    let visit_id = answer["scheduled_visit_id"].as_i64().unwrap();
    let visit = get(&w, &pm, &format!("/api/schedule_visit/{visit_id}")).await;
    let expected = domain::zones::from_local(zone, tomorrow.and_hms_opt(14, 30, 0).unwrap());
    let booked: chrono::DateTime<chrono::Utc> =
        visit["visit_date"].as_str().unwrap().parse().unwrap();
    assert_eq!(booked, expected, "2:30 PM in the home's zone");
    assert_eq!(
        (&visit["status"], &visit["property_id"], &visit["email"]),
        (
            &json!("created"),
            &json!(property_id),
            &json!("Ann.Share@Example.com")
        )
    );
    assert!(
        db::customers::visitor_account(&w.state.db, answer["customer_id"].as_i64().unwrap())
            .await
            .unwrap()
            .is_none(),
        "the visitor verifies their identity"
    );

    let texts = texts_to(&w, "555-777-1234").await;
    assert_eq!(texts.len(), 1);
    let day = tomorrow.format("%A, %B %-d").to_string();
    assert!(
        texts[0].body.contains(&format!("{day} at 2:30 PM")),
        "{}",
        texts[0].body
    );
    assert!(texts[0].body.contains(&format!("/property/{property_id}")));
    let events = db::properties::pending_events(&w.state.db, home["builder_id"].as_i64().unwrap())
        .await
        .unwrap();
    let (kind, payload) = events.last().unwrap();
    assert_eq!(kind, "scheduled.tours");
    let payload: Value = serde_json::from_str(payload).unwrap();
    assert_eq!(
        (
            &payload["scheduled_visit_id"],
            &payload["property_id"],
            &payload["source"]
        ),
        (&json!(visit_id), &json!(property_id), &json!("share"))
    );
    w.done().await;
}

#[tokio::test]
async fn bad_invites_are_refused_and_change_nothing() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let open = touring_home(&w, &pm, true).await["property_id"]
        .as_i64()
        .unwrap();
    let closed = touring_home(&w, &pm, false).await["property_id"]
        .as_i64()
        .unwrap();
    let refused = |answer: &Answer, field: &str, message: &str| {
        assert_eq!(
            answer.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{}",
            answer.text()
        );
        assert_eq!(answer.json()["errors"][field], message, "{}", answer.text());
    };

    let empty = share(&w, &pm, json!({})).await;
    for (field, message) in [
        ("firstname", "First Name is required"),
        ("lastname", "Last Name is required"),
        ("email_1", "Email is required"),
        ("cell_phone_1", "Phone is required"),
        ("property_id", "Property is required"),
        ("visitor_type_id", "Visitor Type is required"),
        ("book_tour", "Book Tour is required"),
    ] {
        refused(&empty, field, message);
    }
    let mut body = request(open, "scheduledTour");
    body["visitor_type_id"] = json!(124);
    body["email_1"] = json!("ann@");
    body["visit_time"] = json!("9:00 PM");
    let answer = share(&w, &pm, body).await;
    refused(&answer, "visitor_type_id", "Choose V or AG");
    refused(&answer, "email_1", "Email must be valid email");
    refused(&answer, "visit_date", "Visit date is required");
    refused(
        &answer,
        "visit_time",
        "Choose a time from 7:00 AM to 8:30 PM",
    );

    let mut past = request(open, "scheduledTour");
    past["visit_date"] = json!("01/05/2024");
    past["visit_time"] = json!("10:00 AM");
    refused(
        &share(&w, &pm, past).await,
        "visit_time",
        "Choose a time that has not passed",
    );
    refused(
        &share(&w, &pm, request(closed, "verifiedCustomer")).await,
        "property_id",
        "This property is not open to tours",
    );

    // Another builder's home is not found.
    let rental = w.sign_in("rental.pm").await;
    let answer = share(&w, &rental, request(open, "verifiedCustomer")).await;
    assert_eq!(answer.status, StatusCode::NOT_FOUND);

    // A blacklisted visitor is refused.
    let first = get(&w, &pm, "/api/customers?limit=25").await["data"][0].clone();
    let customer_id = first["customer_id"].as_i64().unwrap();
    blacklist(&w, &pm, customer_id).await;
    let detail = get(&w, &pm, &format!("/api/customers/{customer_id}")).await;
    let mut body = request(open, "verifiedCustomer");
    body["email_1"] = detail["email_1"].clone();
    refused(
        &share(&w, &pm, body).await,
        "customer",
        "This visitor is blacklisted and cannot be invited",
    );
    assert!(db::customers::visitor_account(&w.state.db, customer_id)
        .await
        .unwrap()
        .is_none());

    assert!(
        texts_to(&w, "555-777-1234").await.is_empty(),
        "nothing was sent"
    );
    assert!(db::messages::mails_to(&w.state.db, "Ann.Share@Example.com")
        .await
        .unwrap()
        .is_empty());
    w.done().await;
}
