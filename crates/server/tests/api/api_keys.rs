//! API keys: OAuth clients made and removed in the console, the client-credentials grant, and
//! the public API their tokens reach.

use super::*;
use base64::Engine as _;

/// Asks for a token with a form body, the client authenticating by HTTP Basic or in the form.
async fn token_answer(w: &World, form: &str, basic: Option<(&str, &str)>) -> Answer {
    let mut request = Request::builder()
        .method(Method::POST)
        .uri("/api/oauth/token")
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded");
    if let Some((id, secret)) = basic {
        let encoded = base64::engine::general_purpose::STANDARD.encode(format!("{id}:{secret}"));
        request = request.header(header::AUTHORIZATION, format!("Basic {encoded}"));
    }
    w.send(request.body(Body::from(form.to_string())).unwrap())
        .await
}

/// Makes an API key as demo.pm: its id and secret.
async fn new_key(w: &World, pm: &str) -> (String, String) {
    let made = w
        .call(Method::POST, "/api/auth/oauth_clients", Some(pm), None)
        .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.text());
    let made = made.json();
    assert_eq!(made["clientId"], made["client_id"]);
    (
        made["client_id"].as_str().unwrap().to_string(),
        made["client_secret"].as_str().unwrap().to_string(),
    )
}

async fn access_token(w: &World, id: &str, secret: &str) -> String {
    let answer = token_answer(w, "grant_type=client_credentials", Some((id, secret))).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
    answer.json()["access_token"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn api_keys_are_made_listed_shown_once_and_removed() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let (id, secret) = new_key(&w, &pm).await;
    assert!(id.starts_with("td_") && secret.len() >= 40);
    let listed = get(&w, &pm, "/api/auth/oauth_clients").await;
    let row = &listed[0];
    assert_eq!(row["client_id"], id.as_str());
    assert!(
        row.get("client_secret").is_none(),
        "the secret is shown once"
    );
    assert_eq!(row["created_by"], "Paula Manning");
    let session = get(&w, &pm, "/api/auth/session").await;
    assert_eq!(session["builderOauthClients"], json!([id]));

    // Another builder's staff cannot remove it; a wrong secret removes nothing.
    let other = w.sign_in("rental.pm").await;
    assert!(get(&w, &other, "/api/auth/oauth_clients")
        .await
        .as_array()
        .unwrap()
        .is_empty());
    let theirs = w
        .delete_with(&other, "/api/auth/oauth_clients", json!({"clientId": id}))
        .await;
    assert_eq!(theirs.status, StatusCode::NOT_FOUND);
    let wrong = w
        .delete_with(
            &pm,
            "/api/auth/oauth_clients",
            json!({"clientId": id, "clientSecret": "nope"}),
        )
        .await;
    assert_eq!(wrong.status, StatusCode::NOT_FOUND);
    let token = access_token(&w, &id, &secret).await;
    let removed = w
        .delete_with(
            &pm,
            "/api/auth/oauth_clients",
            json!({"clientId": id, "clientSecret": secret}),
        )
        .await;
    assert_eq!(removed.status, StatusCode::OK);
    // Its tokens stop working at once, and it gets no more.
    assert_eq!(
        w.get(&token, "/api/properties").await.status,
        StatusCode::UNAUTHORIZED
    );
    let refused = token_answer(&w, "grant_type=client_credentials", Some((&id, &secret))).await;
    assert_eq!(refused.status, StatusCode::UNAUTHORIZED);
    w.done().await;
}

#[tokio::test]
async fn the_client_credentials_grant_answers_as_oauth_says() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let (id, secret) = new_key(&w, &pm).await;
    let by_basic = token_answer(&w, "grant_type=client_credentials", Some((&id, &secret))).await;
    assert_eq!(by_basic.status, StatusCode::OK);
    assert_eq!(by_basic.headers[header::CACHE_CONTROL], "no-store");
    let body = by_basic.json();
    assert_eq!(
        (&body["token_type"], &body["expires_in"]),
        (&json!("Bearer"), &json!(3600))
    );
    let by_form = token_answer(
        &w,
        &format!("grant_type=client_credentials&client_id={id}&client_secret={secret}"),
        None,
    )
    .await;
    assert_eq!(by_form.status, StatusCode::OK, "{}", by_form.text());

    let wrong = token_answer(&w, "grant_type=client_credentials", Some((&id, "nope"))).await;
    assert_eq!(
        (wrong.status, wrong.json()["error"].as_str()),
        (StatusCode::UNAUTHORIZED, Some("invalid_client"))
    );
    assert!(wrong.headers.contains_key(header::WWW_AUTHENTICATE));
    for (form, error) in [
        ("", "invalid_request"),
        ("grant_type=password", "unsupported_grant_type"),
    ] {
        let answer = token_answer(&w, form, Some((&id, &secret))).await;
        assert_eq!(
            (answer.status, answer.json()["error"].as_str()),
            (StatusCode::BAD_REQUEST, Some(error)),
            "{form}"
        );
    }
    let both = token_answer(
        &w,
        &format!("grant_type=client_credentials&client_id={id}&client_secret={secret}"),
        Some((&id, &secret)),
    )
    .await;
    assert_eq!(both.status, StatusCode::BAD_REQUEST);
    let json_body = w
        .anonymous(
            Method::POST,
            "/api/oauth/token",
            json!({"grant_type": "client_credentials"}),
        )
        .await;
    assert_eq!(json_body.json()["error"], "invalid_request");
    w.done().await;
}

#[tokio::test]
async fn an_api_key_reaches_the_public_api_of_its_builder_alone() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let (id, secret) = new_key(&w, &pm).await;
    let token = access_token(&w, &id, &secret).await;

    // It reads what its builder's staff read.
    for path in [
        "/api/properties",
        "/api/communities",
        "/api/customers",
        "/api/visits",
        "/api/schedule_visit",
        "/api/webhooks",
    ] {
        assert_eq!(
            get(&w, &token, path).await["total"],
            get(&w, &pm, path).await["total"],
            "{path}"
        );
    }
    let home = get(&w, &pm, "/api/properties?limit=25").await["data"][0]["property_id"].clone();
    get(&w, &token, &format!("/api/properties/{home}")).await;
    // Another builder's objects stay not found.
    let rental = w.sign_in("rental.pm").await;
    let theirs =
        get(&w, &rental, "/api/properties?limit=25").await["data"][0]["property_id"].clone();
    assert_eq!(
        w.get(&token, &format!("/api/properties/{theirs}"))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    // Every call outside the public API is forbidden to it.
    for (method, path, body) in [
        (Method::GET, "/api/agents", None),
        (Method::GET, "/api/offers", None),
        (Method::GET, "/api/auth/oauth_clients", None),
        (Method::POST, "/api/auth/oauth_clients", None),
        (
            Method::POST,
            "/api/properties/new_property",
            Some(json!({})),
        ),
        (Method::POST, "/api/visits/exportAll", Some(json!({}))),
    ] {
        let answer = w.call(method.clone(), path, Some(&token), body).await;
        assert_eq!(answer.status, StatusCode::FORBIDDEN, "{method} {path}");
    }
    // It manages webhooks.
    let hook = w
        .post(
            &token,
            "/api/webhooks/add",
            json!({"payload_url": "http://127.0.0.1:9/hook", "event_type": "scheduled.tours"}),
        )
        .await;
    assert_eq!(hook.status, StatusCode::CREATED, "{}", hook.text());

    // It books a tour for a customer at one of the day's slots.
    let (webflow, home) = tour::working_home(&w).await;
    let customers = get(&w, &token, "/api/customers?limit=150").await;
    let customer = customers["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["visitor_status_id"] != domain::catalog::BLACKLISTED)
        .unwrap()["customer_id"]
        .clone();
    let tomorrow = domain::zones::to_local(home.fields.timezone, w.state.hardware.now()).date()
        + chrono::Duration::days(1);
    let day = tomorrow.format("%Y-%m-%d").to_string();
    let slots = w
        .call(
            Method::GET,
            &format!(
                "/api/tour/{webflow}/property/{}/slots?date={day}",
                home.property_id
            ),
            None,
            None,
        )
        .await
        .json();
    let time = slots["times"][2].clone();
    let not_a_slot = w.post(&token, "/api/schedule_visit", json!({"property_id": home.property_id, "customer_id": customer, "date": day, "time": "3:17 AM"}))
        .await;
    assert_eq!(not_a_slot.status, StatusCode::UNPROCESSABLE_ENTITY);
    let booked = w.post(&token, "/api/schedule_visit", json!({"property_id": home.property_id, "customer_id": customer, "date": day, "time": time}))
        .await;
    assert_eq!(booked.status, StatusCode::CREATED, "{}", booked.text());
    let booking = booked.json()["id"].as_i64().unwrap();
    let seen = get(&w, &pm, &format!("/api/schedule_visit/{booking}")).await;
    let named = customers["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["customer_id"] == customer)
        .unwrap();
    assert_eq!(
        (&seen["first_name"], &seen["source"], &seen["status"]),
        (&named["firstname"], &json!("api"), &json!("created"))
    );
    let elsewhere = w
        .post(
            &token,
            "/api/schedule_visit",
            json!({"property_id": theirs, "customer_id": customer, "date": day, "time": time}),
        )
        .await;
    assert_eq!(elsewhere.status, StatusCode::NOT_FOUND);

    // The OpenAPI document declares the grant and the calls it opens.
    let document = w
        .call(Method::GET, "/api/openapi.json", None, None)
        .await
        .json();
    assert_eq!(
        document["components"]["securitySchemes"]["oauth2"]["flows"]["clientCredentials"]
            ["tokenUrl"],
        "/api/oauth/token"
    );
    let security = |path: &str, method: &str| {
        document["paths"][path][method]["security"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s.get("oauth2").is_some())
    };
    assert!(security("/api/properties", "get"));
    assert!(security("/api/schedule_visit", "post"));
    assert!(!security("/api/agents", "get"));
    w.done().await;
}
