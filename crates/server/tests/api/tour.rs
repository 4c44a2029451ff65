//! The visitor's side: the public pages of homes and communities, read without signing in.

use super::*;
use chrono::Datelike;

async fn public(w: &World, path: &str) -> Answer {
    w.call(Method::GET, path, None, None).await
}

/// A home of demo.pm's builder open (or not) to tours, with the builder's web name.
async fn demo_home(w: &World, tours: bool) -> (String, db::properties::PropertyRecord) {
    let pm = w.sign_in("demo.pm").await;
    let row = touring_home(w, &pm, tours).await;
    let id = row["property_id"].as_i64().unwrap();
    let home = db::properties::get(&w.state.db, &db::Scope::All, id)
        .await
        .unwrap()
        .unwrap();
    let builder = db::builders::get(&w.state.db, &db::Scope::All, home.builder_id)
        .await
        .unwrap()
        .unwrap();
    (builder.webflow_name, home)
}

#[tokio::test]
async fn a_homes_public_page_is_read_without_signing_in() {
    let w = world().await;
    let (webflow, home) = demo_home(&w, true).await;
    let id = home.property_id;
    let answer = public(&w, &format!("/api/tour/{webflow}/property/{id}")).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
    let page = answer.json();
    assert_eq!(page["address_1"], home.fields.address_1.as_str());
    assert_eq!(page["bedrooms"], home.fields.bedrooms);
    assert_eq!(
        page["price"],
        json!(home.fields.price_cents.map(|c| c / 100))
    );
    assert_eq!(page["open_to_tours"], true);
    assert_eq!(page["branding"]["builder_name"], home.builder.as_str());
    assert_eq!(page["branding"]["webflow_name"], webflow.as_str());
    let days: Vec<&str> = page["tour_hours"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["day"].as_str().unwrap())
        .collect();
    assert_eq!(days.first(), Some(&"Sunday"));
    assert_eq!(days.len(), 7);
    assert!(page["tour_hours"]
        .as_array()
        .unwrap()
        .iter()
        .all(|d| d["hours"] == "Closed" || d["hours"].as_str().unwrap().contains(" - ")));
    assert_eq!(
        page["community"]["page"],
        format!(
            "{PUBLIC_SITE}/{webflow}/community/{}",
            home.fields.community_id
        )
    );
    assert!(["ET", "CT", "MT", "PT"].contains(&page["timezone_abbr"].as_str().unwrap()));
    // Nothing of the staff's: no codes, no lock, no agents.
    let text = answer.text();
    for private in [
        "backup",
        "trade_code",
        "sales_code",
        "agents",
        "lock_status",
    ] {
        assert!(!text.contains(private), "{private} leaked: {text}");
    }

    // The community's page lists its homes open to tours, each with its page.
    let community = public(
        &w,
        &format!("/api/tour/{webflow}/community/{}", home.fields.community_id),
    )
    .await;
    assert_eq!(community.status, StatusCode::OK, "{}", community.text());
    let community = community.json();
    assert_eq!(community["name"], home.community.as_str());
    let homes = community["homes"].as_array().unwrap();
    assert!(homes.iter().any(|h| h["property_id"] == id));
    assert!(homes.iter().all(|h| h["page"]
        .as_str()
        .unwrap()
        .ends_with(&format!("/property/{}", h["property_id"]))));
    w.done().await;
}

#[tokio::test]
async fn public_pages_are_found_only_under_their_builders_name() {
    let w = world().await;
    let (webflow, home) = demo_home(&w, true).await;
    let id = home.property_id;
    let community = home.fields.community_id;
    for path in [
        format!("/api/tour/someone-else/property/{id}"),
        format!("/api/tour/{webflow}/property/999999"),
        format!("/api/tour/someone-else/community/{community}"),
        format!("/api/tour/{webflow}/community/999999"),
    ] {
        assert_eq!(
            public(&w, &path).await.status,
            StatusCode::NOT_FOUND,
            "{path}"
        );
    }
    let bad = public(&w, &format!("/api/tour/{webflow}/property/abc")).await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);

    // A home not open to tours still has its page, saying so.
    let (webflow, closed) = demo_home(&w, false).await;
    let page = public(
        &w,
        &format!("/api/tour/{webflow}/property/{}", closed.property_id),
    )
    .await;
    if closed.disposition_constant == "PROPERTY_ARCHIVED" {
        assert_eq!(page.status, StatusCode::NOT_FOUND);
    } else {
        assert_eq!(page.status, StatusCode::OK);
        assert_eq!(page.json()["open_to_tours"], false);
    }
    w.done().await;
}

fn identity(phone: &str) -> Value {
    let email = format!("vera.{}@example.com", phone.replace('-', ""));
    json!({"firstname": "Vera", "lastname": "Visitor", "phone": phone, "email": email,
           "disclosure_accepted": true})
}

/// Asks for a code; answers the challenge and the code read from the text it sent.
async fn ask_code(w: &World, webflow: &str, id: i64, phone: &str) -> (String, String) {
    let answer = w
        .anonymous(
            Method::POST,
            &format!("/api/tour/{webflow}/property/{id}/code"),
            identity(phone),
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
    let body = answer.json();
    let text = db::messages::sms_to(&w.state.db, phone).await.unwrap()[0]
        .body
        .clone();
    let code: String = text.chars().take(6).collect();
    assert!(code.chars().all(|c| c.is_ascii_digit()), "{text}");
    assert!(
        !answer.text().contains(&code),
        "the code is never in an answer"
    );
    (body["challenge"].as_str().unwrap().to_string(), code)
}

async fn verify(w: &World, webflow: &str, challenge: &str, code: &str) -> Answer {
    w.anonymous(
        Method::POST,
        &format!("/api/tour/{webflow}/verify"),
        json!({"challenge": challenge, "code": code}),
    )
    .await
}

#[tokio::test]
async fn a_visitor_proves_who_they_are_with_a_texted_code() {
    let w = world().await;
    let (webflow, home) = demo_home(&w, true).await;
    let id = home.property_id;
    let path = format!("/api/tour/{webflow}/property/{id}/code");

    let empty = w.anonymous(Method::POST, &path, json!({})).await;
    assert_eq!(empty.status, StatusCode::UNPROCESSABLE_ENTITY);
    let errors = &empty.json()["errors"];
    assert_eq!(errors["firstname"], "First Name is required");
    assert_eq!(errors["phone"], "Phone is required");
    assert_eq!(errors["email"], "Email is required");
    assert_eq!(
        errors["disclosure_accepted"],
        "Accept the disclosure to continue"
    );

    let (challenge, code) = ask_code(&w, &webflow, id, "555-321-0001").await;
    let wrong = if code == "000000" { "000001" } else { "000000" };
    let answer = verify(&w, &webflow, &challenge, wrong).await;
    assert_eq!(
        answer.json()["errors"]["code"],
        "That code is not right. Check the text and try again."
    );
    let answer = verify(&w, &webflow, &challenge, &code).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
    let session = answer.json();
    assert_eq!(session["firstname"], "Vera");
    let token = session["token"].as_str().unwrap().to_string();
    let replay = verify(&w, &webflow, &challenge, &code).await;
    assert_eq!(
        replay.json()["errors"]["code"],
        "That code has been used already. Ask for a new one."
    );

    // The visitor is the builder's customer now, seen by its staff.
    let me = w.get(&token, &format!("/api/tour/{webflow}/me")).await;
    assert_eq!(me.status, StatusCode::OK, "{}", me.text());
    let customer_id = me.json()["customer_id"].as_i64().unwrap();
    let pm = w.sign_in("demo.pm").await;
    let customer = get(&w, &pm, &format!("/api/customers/{customer_id}")).await;
    assert_eq!(
        (&customer["firstname"], &customer["cell_phone_1"]),
        (&json!("Vera"), &json!("555-321-0001"))
    );

    // A visitor's session opens no staff call, and a staff session is no visitor's.
    for staff_call in ["/api/customers", "/api/properties", "/api/auth/session"] {
        let refused = w.get(&token, staff_call).await;
        assert_eq!(refused.status, StatusCode::UNAUTHORIZED, "{staff_call}");
    }
    let staff_as_visitor = w.get(&pm, &format!("/api/tour/{webflow}/me")).await;
    assert_eq!(staff_as_visitor.status, StatusCode::UNAUTHORIZED);
    let elsewhere = w.get(&token, "/api/tour/someone-else/me").await;
    assert_eq!(elsewhere.status, StatusCode::NOT_FOUND);
    w.clock.advance(chrono::Duration::hours(5));
    let expired = w.get(&token, &format!("/api/tour/{webflow}/me")).await;
    assert_eq!(expired.status, StatusCode::UNAUTHORIZED);
    w.done().await;
}

#[tokio::test]
async fn codes_expire_end_after_five_wrong_tries_and_are_rationed() {
    let w = world().await;
    let (webflow, home) = demo_home(&w, true).await;
    let id = home.property_id;

    let (challenge, code) = ask_code(&w, &webflow, id, "555-321-0002").await;
    let wrong = if code == "999999" { "999998" } else { "999999" };
    for _ in 0..4 {
        let answer = verify(&w, &webflow, &challenge, wrong).await;
        assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY);
    }
    let fifth = verify(&w, &webflow, &challenge, wrong).await;
    assert_eq!(
        fifth.json()["errors"]["code"],
        "Too many wrong codes. Ask for a new one."
    );
    let right_too_late = verify(&w, &webflow, &challenge, &code).await;
    assert_eq!(
        right_too_late.json()["errors"]["code"],
        "Too many wrong codes. Ask for a new one."
    );

    let (challenge, code) = ask_code(&w, &webflow, id, "555-321-0002").await;
    w.clock.advance(chrono::Duration::minutes(11));
    let late = verify(&w, &webflow, &challenge, &code).await;
    assert_eq!(
        late.json()["errors"]["code"],
        "That code has expired. Ask for a new one."
    );

    // A third code this hour is the phone's last.
    ask_code(&w, &webflow, id, "555-321-0002").await;
    let flood = w
        .anonymous(
            Method::POST,
            &format!("/api/tour/{webflow}/property/{id}/code"),
            identity("555-321-0002"),
        )
        .await;
    assert_eq!(flood.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        db::messages::sms_to(&w.state.db, "555-321-0002")
            .await
            .unwrap()
            .len(),
        3
    );

    // A forged or foreign challenge is refused.
    let forged = verify(&w, &webflow, "bm90LWEtY2hhbGxlbmdl.c2lnbmF0dXJl", "123456").await;
    assert_eq!(forged.json()["errors"]["challenge"], "Ask for a code first");
    let (challenge, _) = ask_code(&w, &webflow, id, "555-321-0003").await;
    let other = verify(&w, "someone-else", &challenge, "123456").await;
    assert_eq!(other.status, StatusCode::NOT_FOUND);
    w.done().await;
}

#[tokio::test]
async fn a_visitor_with_a_verified_account_signs_in_without_a_code() {
    let w = world().await;
    let (webflow, home) = demo_home(&w, true).await;
    let pm = w.sign_in("demo.pm").await;
    let shared = w
        .post(
            &pm,
            "/api/customers/share",
            json!({"firstname": "Sam", "lastname": "Signin", "email_1": "sam@example.com",
                        "cell_phone_1": "555-321-0009", "property_id": home.property_id,
                        "book_tour": "verifiedCustomer", "visitor_type_id": 122}),
        )
        .await;
    assert_eq!(shared.status, StatusCode::OK, "{}", shared.text());
    let text = db::messages::sms_to(&w.state.db, "555-321-0009")
        .await
        .unwrap()[0]
        .body
        .clone();
    let password = text
        .split("password ")
        .nth(1)
        .unwrap()
        .split('.')
        .next()
        .unwrap()
        .to_string();
    let sign_in = |password: String| {
        let webflow = webflow.clone();
        let w = &w;
        async move {
            w.anonymous(
                Method::POST,
                &format!("/api/tour/{webflow}/signin"),
                json!({"username": "SAM@example.com", "password": password}),
            )
            .await
        }
    };
    let wrong = sign_in("not-it".into()).await;
    assert_eq!(
        wrong.json()["errors"]["password"],
        "The username or password is not right"
    );
    let answer = sign_in(password).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
    assert_eq!(answer.json()["firstname"], "Sam");
    let token = answer.json()["token"].as_str().unwrap().to_string();
    let me = w.get(&token, &format!("/api/tour/{webflow}/me")).await;
    assert_eq!(me.json()["customer_id"], shared.json()["customer_id"]);
    w.done().await;
}

/// A visitor verified on a home of demo.pm's builder that is open to tours and has a working
/// lock, with the clock moved into the home's tour hours: (web name, home, session token).
async fn visitor_at_a_working_home(
    w: &World,
    phone: &str,
) -> (String, db::properties::PropertyRecord, String) {
    let (webflow, home) = working_home(w).await;
    // Into the tour hours with an hour and a half of the window left, so that a tour's steps
    // never meet its closing (the clock only moves on).
    let zone = home.fields.timezone;
    let week = server::http::tour::tour_week(&home);
    for _ in 0..20 {
        let now = w.state.hardware.now();
        let local = domain::zones::to_local(zone, now);
        let wait_until = match domain::hours::tour_time(&week, local) {
            domain::hours::TourTime::Open { until }
                if until - local >= chrono::Duration::minutes(90) =>
            {
                break
            }
            domain::hours::TourTime::Open { until } => until,
            domain::hours::TourTime::Closed { next } => next.unwrap(),
        };
        let at = domain::zones::from_local(zone, wait_until);
        w.clock.advance(at - now + chrono::Duration::minutes(5));
    }
    let token = verified(w, &webflow, home.property_id, phone).await;
    (webflow, home, token)
}

/// A home of demo.pm's builder open to tours with a working lock, and the builder's web name.
pub(crate) async fn working_home(w: &World) -> (String, db::properties::PropertyRecord) {
    let pm = w.sign_in("demo.pm").await;
    let touring = get(w, &pm, "/api/properties?limit=150&tours=true").await;
    let mut chosen = None;
    for row in touring["data"].as_array().unwrap() {
        let id = row["property_id"].as_i64().unwrap();
        let locks = db::hardware::devices::of_property(&w.state.db, id)
            .await
            .unwrap();
        if locks
            .iter()
            .any(|d| (d.kind == "door_lock" || d.kind == "smart_lock") && d.online && !d.jammed)
        {
            chosen = Some(id);
            break;
        }
    }
    let id = chosen.expect("the demo has a home with a working lock");
    let home = db::properties::get(&w.state.db, &db::Scope::All, id)
        .await
        .unwrap()
        .unwrap();
    let webflow = db::builders::get(&w.state.db, &db::Scope::All, home.builder_id)
        .await
        .unwrap()
        .unwrap()
        .webflow_name;
    (webflow, home)
}

/// A visitor session, by the texted code.
async fn verified(w: &World, webflow: &str, id: i64, phone: &str) -> String {
    let (challenge, code) = ask_code(w, webflow, id, phone).await;
    let session = verify(w, webflow, &challenge, &code).await.json();
    session["token"].as_str().unwrap().to_string()
}

/// The customer a visitor session names.
async fn visitor_id(w: &World, webflow: &str, token: &str) -> i64 {
    let me = w.get(token, &format!("/api/tour/{webflow}/me")).await;
    assert_eq!(me.status, StatusCode::OK, "{}", me.text());
    me.json()["customer_id"].as_i64().unwrap()
}

/// A visit as staff see it on the customer's page.
async fn visit_seen_by_staff(w: &World, token: &str, customer_id: i64, visit_id: i64) -> Value {
    let customer = get(w, token, &format!("/api/customers/{customer_id}")).await;
    customer["visits"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["customer_visit_id"] == visit_id)
        .cloned()
        .expect("the visit is on the customer's page")
}

/// A visit's state once the lock has taken its code (the worker runs meanwhile).
async fn code_ready(w: &World, worker: &server::worker::Worker, path: &str, token: &str) -> Value {
    drain(worker).await;
    for _ in 0..50 {
        let state = w.get(token, path).await.json();
        if state["state"] != "setting" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        drain(worker).await;
    }
    let state = w.get(token, path).await.json();
    assert_eq!(state["state"], "ready", "{state}");
    state
}

/// At the home's lock on the simulator: the keypad (`keypad` with the code; answers whether it
/// opened) or its lock button (`lock-button`). The server reads the lock's events at once.
async fn at_the_door(w: &World, home: i64, what: &str, code: Option<&str>) -> bool {
    let admin = w.sign_in("demo.admin").await;
    let lock = db::hardware::devices::of_property(&w.state.db, home)
        .await
        .unwrap()
        .into_iter()
        .find(|d| (d.kind == "door_lock" || d.kind == "smart_lock") && d.online)
        .unwrap();
    let pressed = w
        .call(
            Method::POST,
            &format!("/api/sim/devices/{}/{what}", lock.serial_number),
            Some(&admin),
            code.map(|code| json!({ "code": code })),
        )
        .await;
    assert_eq!(pressed.status, StatusCode::OK, "{}", pressed.text());
    pressed.json()["opened"] == true
}

async fn tour_now(w: &World, webflow: &str, id: i64, token: Option<&str>) -> Answer {
    let path = format!("/api/tour/{webflow}/property/{id}/tour-now");
    w.call(Method::POST, &path, token, None).await
}

#[tokio::test]
async fn tour_now_puts_a_code_for_this_visitor_on_the_lock_and_texts_it() {
    let w = world().await;
    let worker = worker(&w);
    drain(&worker).await;
    let (webflow, home, token) = visitor_at_a_working_home(&w, "555-321-0101").await;
    let id = home.property_id;
    let started = tour_now(&w, &webflow, id, Some(&token)).await;
    assert_eq!(started.status, StatusCode::OK, "{}", started.text());
    let started = started.json();
    assert_eq!(
        (&started["state"], &started["code"]),
        (&json!("setting"), &Value::Null)
    );
    let visit_id = started["visit_id"].as_i64().unwrap();
    let path = format!("/api/tour/{webflow}/visits/{visit_id}");
    let events = db::properties::pending_events(&w.state.db, home.builder_id)
        .await
        .unwrap();
    let (kind, payload) = events.last().unwrap();
    let payload: Value = serde_json::from_str(payload).unwrap();
    assert_eq!(kind, "on.demand.tours");
    assert_eq!(
        (&payload["visit_id"], &payload["property_id"]),
        (&json!(visit_id), &json!(id))
    );

    // The lock takes it; then the page shows it, and a text carries it.
    let state = code_ready(&w, &worker, &path, &token).await;
    let code = state["code"].as_str().unwrap().to_string();
    assert!(code.len() >= 4 && code.chars().all(|c| c.is_ascii_digit()));
    let texts = db::messages::sms_to(&w.state.db, "555-321-0101")
        .await
        .unwrap();
    assert!(
        texts[0].body.contains(&format!("is {code}.")),
        "{}",
        texts[0].body
    );
    assert!(texts[0].body.contains(&home.fields.address_1));

    // The code is on the home's lock for this visitor's window only.
    let ends: chrono::DateTime<chrono::Utc> = state["ends_at"].as_str().unwrap().parse().unwrap();
    let starts: chrono::DateTime<chrono::Utc> =
        state["starts_at"].as_str().unwrap().parse().unwrap();
    assert!(ends - starts <= chrono::Duration::minutes(60));

    // The home's staff hear of the lead by their preferences.
    let admin = w.sign_in("demo.admin").await;
    let told = get(&w, &admin, "/api/outbox?search=started%20a%20self-tour").await;
    assert!(told["total"].as_i64().unwrap() >= 1, "{told}");
    assert!(
        told["data"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["subject"] == "Tourdesk: A visitor lead"
                || m["body"]
                    .as_str()
                    .unwrap()
                    .starts_with("Tourdesk: A visitor lead: ")),
        "{told}"
    );

    // Staff see the visit (NC until the door opens).
    let pm = w.sign_in("demo.pm").await;
    let customer_id = visitor_id(&w, &webflow, &token).await;
    let visit = visit_seen_by_staff(&w, &pm, customer_id, visit_id).await;
    assert_eq!(
        (&visit["visit_status_id_value"], &visit["property_id"]),
        (&json!("NC"), &json!(id))
    );

    // At the door: the code typed on the lock in its window opens it, the visit is Accessed, and
    // the During Tour text follows after the builder's interval.
    db::settings::set_messages(
        &w.state.db,
        home.builder_id,
        db::settings::Messages {
            during_tour_message: Some("Enjoy {{property_address}}, {{visitor_first_name}}!".into()),
            after_tour_message: None,
            scheduled_tour_message: None,
            during_tour_message_interval: Some("2 min".into()),
            after_tour_message_interval: None,
        },
    )
    .await
    .unwrap();
    w.clock.advance(chrono::Duration::minutes(2));
    assert!(at_the_door(&w, id, "keypad", Some(&code)).await);
    let visit = visit_seen_by_staff(&w, &pm, customer_id, visit_id).await;
    assert_eq!(visit["visit_status_id_value"], "Accessed");
    drain(&worker).await;
    let during = format!("Enjoy {}, Vera!", home.fields.address_1);
    let texts = db::messages::sms_to(&w.state.db, "555-321-0101")
        .await
        .unwrap();
    assert!(
        !texts.iter().any(|t| t.body == during),
        "not before its interval"
    );
    w.clock.advance(chrono::Duration::minutes(3));
    drain(&worker).await;
    let texts = db::messages::sms_to(&w.state.db, "555-321-0101")
        .await
        .unwrap();
    assert_eq!(texts.iter().filter(|t| t.body == during).count(), 1);

    // Another visitor never sees this visit.
    let (_, _, other) = visitor_at_a_working_home(&w, "555-321-0102").await;
    let theirs = w.get(&other, &path).await;
    assert_eq!(theirs.status, StatusCode::NOT_FOUND);
    // Without a session, no tour.
    let anonymous = tour_now(&w, &webflow, id, None).await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
    w.done().await;
}

#[tokio::test]
async fn tour_now_is_refused_outside_the_hours_and_to_blacklisted_visitors() {
    let w = world().await;
    let (webflow, home, _) = visitor_at_a_working_home(&w, "555-321-0201").await;
    let id = home.property_id;
    // The window closes: the attempt is kept for staff, with the next opening.
    let zone = home.fields.timezone;
    let local = domain::zones::to_local(zone, w.state.hardware.now());
    let domain::hours::TourTime::Open { until } =
        domain::hours::tour_time(&server::http::tour::tour_week(&home), local)
    else {
        panic!("inside the hours");
    };
    let closes = domain::zones::from_local(zone, until);
    w.clock
        .advance(closes - w.state.hardware.now() + chrono::Duration::minutes(1));
    let token = verified(&w, &webflow, id, "555-321-0202").await;
    let closed = tour_now(&w, &webflow, id, Some(&token)).await;
    assert_eq!(closed.status, StatusCode::CONFLICT, "{}", closed.text());
    let message = closed.json()["message"].as_str().unwrap().to_string();
    assert!(
        message.starts_with("Self-tours of this home are closed now. They open again "),
        "{message}"
    );
    let admin = w.sign_in("demo.admin").await;
    let told = get(
        &w,
        &admin,
        "/api/outbox?search=outside%20its%20tour%20hours",
    )
    .await;
    assert!(told["total"].as_i64().unwrap() >= 1, "{told}");
    let pm = w.sign_in("demo.pm").await;
    let attempts = get(
        &w,
        &pm,
        "/api/visits/afterTourHours?orderBy=modified_on&order=desc",
    )
    .await;
    assert_eq!(attempts["data"][0]["property_id"], id);

    // A blacklisted visitor is refused politely, and staff see a Deny visit.
    let customer_id = visitor_id(&w, &webflow, &token).await;
    blacklist(&w, &pm, customer_id).await;
    let denied = tour_now(&w, &webflow, id, Some(&token)).await;
    assert_eq!(denied.status, StatusCode::FORBIDDEN);
    assert!(denied.json()["message"]
        .as_str()
        .unwrap()
        .starts_with("We're sorry, we can't offer you a self-tour"));
    let customer = get(&w, &pm, &format!("/api/customers/{customer_id}")).await;
    let statuses: Vec<&str> = customer["visits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["visit_status_id_value"].as_str().unwrap())
        .collect();
    assert!(
        statuses.contains(&"Deny") && statuses.contains(&"NA-T"),
        "{statuses:?}"
    );
    assert!(
        db::hardware::codes::live_on(
            &w.state.db,
            &db::hardware::devices::of_property(&w.state.db, id)
                .await
                .unwrap()
                .iter()
                .map(|d| d.id)
                .collect::<Vec<_>>()
        )
        .await
        .unwrap()
        .iter()
        .all(|c| c.customer_id != Some(customer_id)),
        "no code was made"
    );
    w.done().await;
}

#[tokio::test]
async fn a_visitor_books_a_time_gets_its_code_in_time_and_can_cancel() {
    let w = world().await;
    let worker = worker(&w);
    drain(&worker).await;
    let (webflow, home, token) = visitor_at_a_working_home(&w, "555-321-0301").await;
    let id = home.property_id;
    let zone = home.fields.timezone;
    db::settings::set_messages(
        &w.state.db,
        home.builder_id,
        db::settings::Messages {
            during_tour_message: None,
            after_tour_message: None,
            scheduled_tour_message: Some(
                "See you {{scheduled_tour_date}} at {{scheduled_tour_time}}, {{visitor_first_name}}!".into(),
            ),
            during_tour_message_interval: None,
            after_tour_message_interval: None,
        },
    )
    .await
    .unwrap();
    let tomorrow =
        domain::zones::to_local(zone, w.state.hardware.now()).date() + chrono::Duration::days(1);
    let day = tomorrow.format("%Y-%m-%d").to_string();
    let slots = get(
        &w,
        &token,
        &format!("/api/tour/{webflow}/property/{id}/slots?date={day}"),
    )
    .await;
    let times: Vec<String> = slots["times"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap().to_string())
        .collect();
    // The demo's communities open at 7, but at 10 on Sundays.
    let opens = if tomorrow.weekday() == chrono::Weekday::Sun {
        "10:00 AM"
    } else {
        "7:00 AM"
    };
    assert_eq!(times.first().map(String::as_str), Some(opens), "{day}");
    assert_eq!(
        times.last().map(String::as_str),
        Some("8:00 PM"),
        "an hour's tour ends by 9"
    );
    let yesterday = (tomorrow - chrono::Duration::days(2))
        .format("%Y-%m-%d")
        .to_string();
    let past = get(
        &w,
        &token,
        &format!("/api/tour/{webflow}/property/{id}/slots?date={yesterday}"),
    )
    .await;
    assert_eq!(past["times"], json!([]));
    let bad = w
        .call(
            Method::GET,
            &format!("/api/tour/{webflow}/property/{id}/slots?date=12/01/2026"),
            None,
            None,
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);

    let book = |time: &str| {
        let body = json!({"date": day, "time": time});
        let path = format!("/api/tour/{webflow}/property/{id}/schedule");
        let (w, token) = (&w, token.clone());
        async move { w.post(&token, &path, body).await }
    };
    let refused = book("7:15 AM").await;
    assert_eq!(
        refused.json()["errors"]["time"],
        "Choose one of the times offered for that day"
    );
    let booked = book("10:00 AM").await;
    assert_eq!(booked.status, StatusCode::OK, "{}", booked.text());
    let booked = booked.json();
    let booking_id = booked["id"].as_i64().unwrap();
    assert!(
        booked["when"].as_str().unwrap().contains("at 10:00 AM"),
        "{booked}"
    );
    let pm = w.sign_in("demo.pm").await;
    let staff = get(&w, &pm, &format!("/api/schedule_visit/{booking_id}")).await;
    assert_eq!(
        (&staff["status"], &staff["property_id"]),
        (&json!("created"), &json!(id))
    );
    let texts = db::messages::sms_to(&w.state.db, "555-321-0301")
        .await
        .unwrap();
    assert!(
        texts
            .iter()
            .any(|t| t.body.starts_with("Your self-tour of")),
        "{:?}",
        texts.iter().map(|t| &t.body).collect::<Vec<_>>()
    );
    let events = db::properties::pending_events(&w.state.db, home.builder_id)
        .await
        .unwrap();
    assert_eq!(events.last().unwrap().0, "scheduled.tours");
    // The Scheduled Tour text 30 seconds later.
    drain(&worker).await;
    let scheduled_text = format!(
        "See you {} at 10:00 AM, Vera!",
        tomorrow.format("%A, %B %-d")
    );
    let status_of_text = || async {
        db::messages::sms_to(&w.state.db, "555-321-0301")
            .await
            .unwrap()
            .into_iter()
            .find(|t| t.body == scheduled_text)
            .map(|t| t.status)
    };
    assert_eq!(status_of_text().await.as_deref(), Some("queued"), "not yet");
    w.clock.advance(chrono::Duration::seconds(31));
    drain(&worker).await;
    assert_eq!(status_of_text().await.as_deref(), Some("sent"));

    // The visitor's list; another visitor cannot cancel it; cancelling takes the code off.
    let upcoming = get(
        &w,
        &token,
        &format!("/api/tour/{webflow}/property/{id}/scheduled"),
    )
    .await;
    assert_eq!(upcoming.as_array().unwrap().len(), 1);
    let other = verified(&w, &webflow, id, "555-321-0302").await;
    let path = format!("/api/tour/{webflow}/scheduled/{booking_id}/cancel");
    assert_eq!(
        w.call(Method::POST, &path, Some(&other), None).await.status,
        StatusCode::NOT_FOUND
    );
    let cancelled = w.call(Method::POST, &path, Some(&token), None).await;
    assert_eq!(cancelled.status, StatusCode::OK, "{}", cancelled.text());
    assert_eq!(
        get(&w, &pm, &format!("/api/schedule_visit/{booking_id}")).await["status"],
        "cancelled"
    );
    assert_eq!(
        w.call(Method::POST, &path, Some(&token), None).await.status,
        StatusCode::NOT_FOUND
    );
    let upcoming = get(
        &w,
        &token,
        &format!("/api/tour/{webflow}/property/{id}/scheduled"),
    )
    .await;
    assert_eq!(upcoming, json!([]));

    // Another booking: its code is on the lock by its start, and the door opening with it in
    // its hour completes the booking with an Accessed visit.
    let booked = book("11:00 AM").await.json();
    let booking_id = booked["id"].as_i64().unwrap();
    let code_id = db::scheduled_visits::upcoming(
        &w.state.db,
        visitor_id(&w, &webflow, &token).await,
        id,
        w.state.hardware.now(),
    )
    .await
    .unwrap()[0]
        .access_code_id
        .unwrap();
    let starts: chrono::DateTime<chrono::Utc> =
        booked["visit_date"].as_str().unwrap().parse().unwrap();
    w.clock
        .advance(starts - w.state.hardware.now() - chrono::Duration::minutes(5));
    drain(&worker).await;
    let code = db::hardware::codes::get(&w.state.db, code_id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(code.state, "set", "preloaded before its start");
    assert!(db::messages::sms_to(&w.state.db, "555-321-0301")
        .await
        .unwrap()
        .iter()
        .any(|t| t.body.contains(&format!("is {}.", code.code))));

    // Typed before its time, the lock refuses the code: the tour is flagged NA-I, with when.
    assert!(!at_the_door(&w, id, "keypad", Some(&code.code)).await);
    let customer_id = code.customer_id.unwrap();
    let customer = get(&w, &pm, &format!("/api/customers/{customer_id}")).await;
    let early = &customer["visits"][0];
    assert_eq!(early["visit_status_id_value"], "NA-I", "{early}");
    assert!(
        early["remarks"]
            .as_str()
            .unwrap()
            .contains("outside the tour's time: the lock refused it"),
        "{early}"
    );
    assert_eq!(
        get(&w, &pm, &format!("/api/schedule_visit/{booking_id}")).await["status"],
        "created"
    );

    // In its window it opens the door: the same visit is Accessed, its flag kept.
    w.clock.advance(chrono::Duration::minutes(10));
    assert!(at_the_door(&w, id, "keypad", Some(&code.code)).await);
    assert_eq!(
        get(&w, &pm, &format!("/api/schedule_visit/{booking_id}")).await["status"],
        "completed"
    );
    let customer = get(&w, &pm, &format!("/api/customers/{customer_id}")).await;
    let visits = customer["visits"].as_array().unwrap();
    assert_eq!(visits.len(), 1, "{customer}");
    assert_eq!(visits[0]["visit_status_id_value"], "Accessed");
    assert!(visits[0]["remarks"].as_str().unwrap().contains("refused"));
    w.done().await;
}

#[tokio::test]
async fn a_visitor_answers_the_pre_tour_survey_and_staff_read_it() {
    let w = world().await;
    let (webflow, home) = demo_home(&w, true).await;
    let id = home.property_id;
    let token = verified(&w, &webflow, id, "555-321-0401").await;
    let questions = w
        .call(
            Method::GET,
            &format!("/api/tour/{webflow}/survey/pre"),
            None,
            None,
        )
        .await
        .json();
    let questions = questions.as_array().unwrap().clone();
    assert!(!questions.is_empty());
    assert_eq!(
        w.call(
            Method::GET,
            &format!("/api/tour/{webflow}/survey/other"),
            None,
            None
        )
        .await
        .status,
        StatusCode::NOT_FOUND
    );
    let answer_of = |q: &Value| {
        q["choices"]
            .as_array()
            .and_then(|c| c.first())
            .and_then(Value::as_str)
            .unwrap_or("7")
            .to_string()
    };
    let path = format!("/api/tour/{webflow}/survey/pre");
    let incomplete = w.post(&token, &path, json!({"answers": []})).await;
    assert_eq!(incomplete.status, StatusCode::UNPROCESSABLE_ENTITY);
    let first = questions[0]["questionId"].as_i64().unwrap();
    assert_eq!(
        incomplete.json()["errors"][format!("answers.{first}")],
        "Answer this question"
    );
    let answers: Vec<Value> = questions
        .iter()
        .map(|q| json!({"question_id": q["questionId"], "answer": answer_of(q)}))
        .collect();
    let anonymous = w
        .anonymous(Method::POST, &path, json!({"answers": answers}))
        .await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
    let saved = w.post(&token, &path, json!({"answers": answers})).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());

    let pm = w.sign_in("demo.pm").await;
    let customer_id = visitor_id(&w, &webflow, &token).await;
    let customer = get(&w, &pm, &format!("/api/customers/{customer_id}")).await;
    let results = customer["surveyResults"].as_array().unwrap();
    assert_eq!(results.len(), questions.len());
    assert_eq!(results[0]["question"], questions[0]["text"]);
    assert_eq!(results[0]["answer"], answer_of(&questions[0]).as_str());

    // A post-tour survey names one of the visitor's own visits.
    let other_visit = w
        .post(
            &token,
            &format!("/api/tour/{webflow}/survey/post"),
            json!({"answers": [], "visit_id": 1}),
        )
        .await;
    assert_eq!(other_visit.status, StatusCode::NOT_FOUND);
    w.done().await;
}

#[tokio::test]
async fn a_tour_ends_with_the_after_tour_text_then_feedback_and_an_offer() {
    let w = world().await;
    let worker = worker(&w);
    drain(&worker).await;
    let phone = "555-321-0501";
    let (webflow, home, token) = visitor_at_a_working_home(&w, phone).await;
    let id = home.property_id;
    db::settings::set_messages(
        &w.state.db,
        home.builder_id,
        db::settings::Messages {
            during_tour_message: None,
            after_tour_message: Some("Thanks for touring {{property_address}}!".into()),
            scheduled_tour_message: None,
            during_tour_message_interval: None,
            after_tour_message_interval: Some("5 min".into()),
        },
    )
    .await
    .unwrap();
    let started = tour_now(&w, &webflow, id, Some(&token)).await.json();
    let visit_id = started["visit_id"].as_i64().unwrap();
    let path = format!("/api/tour/{webflow}/visits/{visit_id}");
    let code = code_ready(&w, &worker, &path, &token).await["code"]
        .as_str()
        .unwrap()
        .to_string();
    let feedback_path = format!("/api/tour/{webflow}/survey/post");
    let offer_path = format!("/api/tour/{webflow}/visits/{visit_id}/offer");
    let offer = json!({"floor_plan": "The <b>Aspen</b>", "prequalified": true,
        "move_in": (w.state.hardware.now() + chrono::Duration::days(60)).format("%Y-%m-%d").to_string(),
        "comments": "Can we close before the school year?", "preferred_contact": "email"});

    // Before the door opens there is no tour to tell about.
    let early = w
        .post(
            &token,
            &feedback_path,
            json!({"visit_id": visit_id, "rating": 5}),
        )
        .await;
    assert_eq!(early.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(early.json()["errors"]["visit_id"].is_string());
    let early = w.post(&token, &offer_path, offer.clone()).await;
    assert_eq!(early.status, StatusCode::UNPROCESSABLE_ENTITY);

    // The door opens, then the visitor locks it leaving: the tour is over, and the After Tour
    // text follows at its interval with the link to this visit's page.
    w.clock.advance(chrono::Duration::minutes(2));
    assert!(at_the_door(&w, id, "keypad", Some(&code)).await);
    let state = w.get(&token, &path).await.json();
    assert_eq!(
        (&state["accessed"], &state["tour_ended"]),
        (&json!(true), &json!(false))
    );
    w.clock.advance(chrono::Duration::minutes(20));
    assert!(!at_the_door(&w, id, "lock-button", None).await);
    let state = w.get(&token, &path).await.json();
    assert_eq!(state["tour_ended"], true, "{state}");
    drain(&worker).await;
    let after = format!("Thanks for touring {}!", home.fields.address_1);
    let sent = |texts: Vec<db::messages::Sms>| {
        texts
            .into_iter()
            .filter(|t| t.body.starts_with(&after))
            .map(|t| t.body)
            .collect::<Vec<_>>()
    };
    assert!(sent(db::messages::sms_to(&w.state.db, phone).await.unwrap()).is_empty());
    w.clock.advance(chrono::Duration::minutes(5));
    drain(&worker).await;
    let texts = sent(db::messages::sms_to(&w.state.db, phone).await.unwrap());
    assert_eq!(texts.len(), 1, "{texts:?}");
    assert!(texts[0].chars().count() <= domain::messaging::MESSAGE_LIMIT);
    let link = texts[0].rsplit(' ').next().unwrap();
    let prefix = format!("http://127.0.0.1:8080/tour/{webflow}/after/{visit_id}?key=");
    assert!(link.starts_with(&prefix), "{link}");
    let key = &link[prefix.len()..];

    // The link's key signs the visitor in to that visit only; a wrong key is 404.
    let session_path = format!("/api/tour/{webflow}/after/{visit_id}/session");
    let wrong = w
        .anonymous(Method::POST, &session_path, json!({"key": "nope"}))
        .await;
    assert_eq!(wrong.status, StatusCode::NOT_FOUND);
    let elsewhere = w
        .anonymous(
            Method::POST,
            &format!("/api/tour/{webflow}/after/{}/session", visit_id + 1),
            json!({ "key": key }),
        )
        .await;
    assert_eq!(elsewhere.status, StatusCode::NOT_FOUND);
    let signed = w
        .anonymous(Method::POST, &session_path, json!({ "key": key }))
        .await;
    assert_eq!(signed.status, StatusCode::OK, "{}", signed.text());
    let linked = signed.json()["token"].as_str().unwrap().to_string();

    // Feedback: stars, what they loved, comments and the post-tour questions, checked first.
    let questions = w.call(Method::GET, &feedback_path, None, None).await.json();
    let answers: Vec<Value> = questions
        .as_array()
        .unwrap()
        .iter()
        .filter(|q| q["questionId"].is_i64())
        .map(|q| {
            let answer = q["choices"]
                .as_array()
                .and_then(|c| c.first())
                .and_then(Value::as_str)
                .unwrap_or("8");
            json!({"question_id": q["questionId"], "answer": answer})
        })
        .collect();
    let wrong = w
        .post(
            &linked,
            &feedback_path,
            json!({"visit_id": visit_id, "rating": 9, "answers": answers}),
        )
        .await;
    assert_eq!(wrong.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(wrong.json()["errors"]["rating"], "Choose 1 to 5 stars");
    let feedback = json!({"visit_id": visit_id, "rating": 4, "loved": "the kitchen\nthe <script>light</script>",
        "comments": "The yard is small", "answers": answers});
    let sent_feedback = w.post(&linked, &feedback_path, feedback.clone()).await;
    assert_eq!(
        sent_feedback.status,
        StatusCode::OK,
        "{}",
        sent_feedback.text()
    );
    let again = w.post(&linked, &feedback_path, feedback).await;
    assert_eq!(again.status, StatusCode::CONFLICT);

    // The offer: checked, kept once, and the home's staff told.
    let bad = w
        .post(
            &linked,
            &offer_path,
            json!({"move_in": "2001-01-01", "preferred_contact": "fax"}),
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        bad.json()["errors"]["preferred_contact"],
        "Choose email or phone"
    );
    let made = w.post(&linked, &offer_path, offer.clone()).await;
    assert_eq!(made.status, StatusCode::OK, "{}", made.text());
    let again = w.post(&linked, &offer_path, offer).await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    let state = w.get(&token, &path).await.json();
    assert_eq!(
        (&state["feedback_sent"], &state["offer_sent"]),
        (&json!(true), &json!(true))
    );
    let admin = w.sign_in("demo.admin").await;
    let told = get(&w, &admin, "/api/outbox?search=is%20ready%20to").await;
    assert!(told["total"].as_i64().unwrap() >= 1, "{told}");

    // Staff see it all: the structured remarks, the Survey tab, the offer.
    let pm = w.sign_in("demo.pm").await;
    let customer_id = visitor_id(&w, &webflow, &token).await;
    let visit = visit_seen_by_staff(&w, &pm, customer_id, visit_id).await;
    let remarks = visit["remarks"].as_str().unwrap();
    assert!(
        remarks.contains(
            "User sent feedback\n★★★★☆\nComments:\nloved: the kitchen\nloved: the <script>light</script>\nThe yard is small"
        ),
        "{remarks}"
    );
    if !answers.is_empty() {
        assert!(remarks.contains("\nPost tour survey\n"), "{remarks}");
        let customer = get(&w, &pm, &format!("/api/customers/{customer_id}")).await;
        let post = customer["survey_results"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| r["survey"] == "post")
            .count();
        assert_eq!(post, answers.len(), "{customer}");
    }
    let offers = get(&w, &pm, &format!("/api/offers?search={}", "Aspen")).await;
    let row = offers["data"]
        .as_array()
        .unwrap()
        .iter()
        // The demo's visitors may have made offers at this home too, one of them for the Aspen.
        .find(|o| o["property_id"] == id && o["customer_id"] == customer_id)
        .cloned()
        .expect("the offer is listed");
    assert_eq!(row["floor_plan"], "The <b>Aspen</b>");

    // Another visitor cannot use this visit.
    let (_, _, other) = visitor_at_a_working_home(&w, "555-321-0502").await;
    let theirs = w
        .post(
            &other,
            &offer_path,
            json!({"move_in": "2027-01-01", "preferred_contact": "email"}),
        )
        .await;
    assert_eq!(theirs.status, StatusCode::NOT_FOUND);
    w.done().await;
}

#[tokio::test]
async fn a_tour_also_ends_when_its_window_is_over() {
    let w = world().await;
    let worker = worker(&w);
    drain(&worker).await;
    let (webflow, home, token) = visitor_at_a_working_home(&w, "555-321-0601").await;
    let started = tour_now(&w, &webflow, home.property_id, Some(&token))
        .await
        .json();
    let visit_id = started["visit_id"].as_i64().unwrap();
    let path = format!("/api/tour/{webflow}/visits/{visit_id}");
    let state = code_ready(&w, &worker, &path, &token).await;
    w.clock.advance(chrono::Duration::minutes(2));
    assert!(at_the_door(&w, home.property_id, "keypad", state["code"].as_str()).await);
    let ends: chrono::DateTime<chrono::Utc> = state["ends_at"].as_str().unwrap().parse().unwrap();
    w.clock
        .advance(ends - w.state.hardware.now() + chrono::Duration::seconds(1));
    drain(&worker).await;
    let state = w.get(&token, &path).await.json();
    assert_eq!(
        (&state["state"], &state["tour_ended"]),
        (&json!("ended"), &json!(true)),
        "{state}"
    );
    w.done().await;
}

#[tokio::test]
async fn a_builder_asking_for_selfies_gets_one_before_a_tour_and_staff_alone_see_it() {
    let w = world().await;
    let (webflow, home, token) = visitor_at_a_working_home(&w, "555-321-0701").await;
    let settings = db::settings::get(&w.state.db, &db::Scope::All, home.builder_id)
        .await
        .unwrap()
        .unwrap();
    db::settings::set_company(
        &w.state.db,
        home.builder_id,
        db::settings::Company {
            builder_name: settings.builder_name,
            legal_name: settings.legal_name,
            marketing_name: settings.marketing_name,
            country: settings.country,
            primary_color: settings.primary_color,
            secondary_color: settings.secondary_color,
            button_settings: settings.button_settings.unwrap_or_else(|| "{}".into()),
            selfie_verification_active: true,
            default_install_property_status: settings.default_install_property_status,
        },
    )
    .await
    .unwrap();
    let me_path = format!("/api/tour/{webflow}/me");
    let me = w.get(&token, &me_path).await.json();
    assert_eq!(me["selfie_taken"], false);

    // No tour and no booking without it.
    let refused = tour_now(&w, &webflow, home.property_id, Some(&token)).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        refused.json()["errors"]["selfie"],
        server::http::tour::MSG_SELFIE_FIRST
    );

    // Only a picture is taken, and only from a visitor.
    let selfie_path = format!("/api/tour/{webflow}/selfie");
    let pm = w.sign_in("demo.pm").await;
    let staff = w
        .upload(&selfie_path, &pm, &[], Some(("me.png", &png(40, 40))))
        .await;
    assert_eq!(staff.status, StatusCode::UNAUTHORIZED);
    let text = w
        .upload(
            &selfie_path,
            &token,
            &[],
            Some(("me.png", b"not a picture")),
        )
        .await;
    assert_eq!(text.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(text.json()["errors"]["file"].is_string());
    let missing = w.upload(&selfie_path, &token, &[], None).await;
    assert_eq!(missing.json()["errors"]["file"], "Take a selfie to send");
    let taken = w
        .upload(&selfie_path, &token, &[], Some(("me.png", &png(640, 480))))
        .await;
    assert_eq!(taken.status, StatusCode::OK, "{}", taken.text());
    let me = w.get(&token, &me_path).await.json();
    assert_eq!(me["selfie_taken"], true);
    let started = tour_now(&w, &webflow, home.property_id, Some(&token)).await;
    assert_eq!(started.status, StatusCode::OK, "{}", started.text());

    // Staff of the builder see it on the customer; no one else, and it is not a public file.
    let customer_id = me["customer_id"].as_i64().unwrap();
    let customer = get(&w, &pm, &format!("/api/customers/{customer_id}")).await;
    assert!(customer["selfie_on"].is_string(), "{customer}");
    let picture = w
        .get(&pm, &format!("/api/customers/{customer_id}/selfie"))
        .await;
    assert_eq!(picture.status, StatusCode::OK);
    assert_eq!(&picture.body[8..12], b"WEBP");
    let other = w.sign_in("cedar.pm").await;
    let theirs = w
        .get(&other, &format!("/api/customers/{customer_id}/selfie"))
        .await;
    assert_eq!(theirs.status, StatusCode::NOT_FOUND);
    let visitor = w
        .get(&token, &format!("/api/customers/{customer_id}/selfie"))
        .await;
    assert_eq!(visitor.status, StatusCode::UNAUTHORIZED);
    let key = db::visitors::visitor(&w.state.db, customer_id)
        .await
        .unwrap()
        .unwrap()
        .selfie_key
        .unwrap();
    let public = w
        .call(Method::GET, &format!("/api/files/{key}"), None, None)
        .await;
    assert_eq!(public.status, StatusCode::NOT_FOUND);
    w.done().await;
}
