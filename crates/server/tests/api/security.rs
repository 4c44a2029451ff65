//! Who may change whom, hostile input, sessions and sign-in throttling.

use super::*;

/// The staff form for `role`, with a password when one is given.
fn staff_form(role: i64, password: Option<&str>) -> Value {
    let mut form = json!({"firstname": "Pat", "lastname": "Changed", "phone": "555-222-3333",
        "email": "pat@example.com", "roles": {"id": role}});
    if let Some(password) = password {
        form["pass_word"] = json!(password);
        form["confirm_password"] = json!(password);
    }
    form
}

/// One request of the access matrix and the status it must get.
struct Row {
    actor: &'static str,
    method: Method,
    path: &'static str,
    body: Value,
    expected: StatusCode,
}

fn row(
    actor: &'static str,
    method: Method,
    path: &'static str,
    body: Value,
    expected: StatusCode,
) -> Row {
    Row {
        actor,
        method,
        path,
        body,
        expected,
    }
}

#[tokio::test]
async fn managers_cannot_touch_wider_or_higher_accounts_nor_grant_above_their_own() {
    let w = world().await;
    const FORBIDDEN: StatusCode = StatusCode::FORBIDDEN;
    const OK: StatusCode = StatusCode::OK;
    const SA: i64 = 8;
    const PM: i64 = 4;
    const SALES: i64 = 2;
    let takeover = staff_form(PM, Some("hijacked-123"));
    let delete = |username: &str| json!({"usernames": [username]});
    let resend = |username: &str| json!({"username": username});
    // Refusals first (they change nothing), then the allowed changes.
    let rows = [
        // A builder's program manager: not the enterprise user, not a super admin, no role above PM.
        row(
            "demo.pm",
            Method::PATCH,
            "/api/agents/demo.enterprise",
            takeover.clone(),
            FORBIDDEN,
        ),
        row(
            "demo.pm",
            Method::DELETE,
            "/api/agents",
            delete("demo.enterprise"),
            FORBIDDEN,
        ),
        row(
            "demo.pm",
            Method::DELETE,
            "/api/agents",
            json!({"usernames": ["demo.sales", "demo.enterprise"]}),
            FORBIDDEN,
        ),
        row(
            "demo.pm",
            Method::POST,
            "/api/agents/resendEmail",
            resend("demo.enterprise"),
            FORBIDDEN,
        ),
        row(
            "demo.pm",
            Method::PATCH,
            "/api/agents/hannah.lead",
            staff_form(SA, None),
            FORBIDDEN,
        ),
        row(
            "demo.pm",
            Method::DELETE,
            "/api/agents",
            delete("hannah.lead"),
            FORBIDDEN,
        ),
        row(
            "demo.pm",
            Method::PATCH,
            "/api/agents/demo.sales",
            staff_form(SA, None),
            FORBIDDEN,
        ),
        row(
            "demo.pm",
            Method::PATCH,
            "/api/agents/demo.pm",
            staff_form(SA, None),
            FORBIDDEN,
        ),
        row(
            "demo.pm",
            Method::POST,
            "/api/agents",
            staff_form(SA, Some("newcomer-123")),
            FORBIDDEN,
        ),
        // A builder's super admin: still not the enterprise user.
        row(
            "hannah.lead",
            Method::PATCH,
            "/api/agents/demo.enterprise",
            takeover.clone(),
            FORBIDDEN,
        ),
        row(
            "hannah.lead",
            Method::DELETE,
            "/api/agents",
            delete("demo.enterprise"),
            FORBIDDEN,
        ),
        // Sales staff manage nobody.
        row(
            "demo.sales",
            Method::PATCH,
            "/api/agents/olivia.field",
            staff_form(1, None),
            FORBIDDEN,
        ),
        row(
            "demo.sales",
            Method::DELETE,
            "/api/agents",
            delete("olivia.field"),
            FORBIDDEN,
        ),
        row(
            "demo.sales",
            Method::PATCH,
            "/api/agents/demo.sales",
            staff_form(PM, None),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        // The enterprise user (a program manager): not a builder's super admin, no role above PM.
        row(
            "demo.enterprise",
            Method::PATCH,
            "/api/agents/hannah.lead",
            staff_form(SA, None),
            FORBIDDEN,
        ),
        row(
            "demo.enterprise",
            Method::POST,
            "/api/agents",
            staff_form(SA, Some("newcomer-123")),
            FORBIDDEN,
        ),
        // Another builder's program manager does not even see them.
        row(
            "cedar.pm",
            Method::PATCH,
            "/api/agents/demo.enterprise",
            takeover.clone(),
            StatusCode::NOT_FOUND,
        ),
        row(
            "cedar.pm",
            Method::DELETE,
            "/api/agents",
            delete("demo.enterprise"),
            StatusCode::NOT_FOUND,
        ),
        // Allowed: within reach and rank.
        row(
            "demo.pm",
            Method::PATCH,
            "/api/agents/demo.sales",
            staff_form(SALES, None),
            OK,
        ),
        row(
            "demo.pm",
            Method::PATCH,
            "/api/agents/olivia.field",
            staff_form(PM, None),
            OK,
        ),
        row(
            "demo.pm",
            Method::POST,
            "/api/agents/resendEmail",
            resend("demo.sales"),
            OK,
        ),
        row(
            "demo.enterprise",
            Method::PATCH,
            "/api/agents/demo.sales",
            staff_form(SALES, None),
            OK,
        ),
        row(
            "demo.enterprise",
            Method::PATCH,
            "/api/agents/rental.pm",
            staff_form(PM, None),
            OK,
        ),
        row(
            "demo.admin",
            Method::PATCH,
            "/api/agents/demo.enterprise",
            staff_form(PM, None),
            OK,
        ),
        row(
            "demo.admin",
            Method::PATCH,
            "/api/agents/hannah.lead",
            staff_form(SA, None),
            OK,
        ),
        row(
            "demo.pm",
            Method::DELETE,
            "/api/agents",
            delete("terry.trades"),
            OK,
        ),
        row(
            "hannah.lead",
            Method::PATCH,
            "/api/agents/demo.sales",
            staff_form(SA, None),
            OK,
        ),
    ];
    let mut tokens = std::collections::HashMap::new();
    let mut wrong = Vec::new();
    for r in &rows {
        if !tokens.contains_key(r.actor) {
            tokens.insert(r.actor, w.sign_in(r.actor).await);
        }
        let answer = w
            .call(
                r.method.clone(),
                r.path,
                Some(&tokens[r.actor]),
                Some(r.body.clone()),
            )
            .await;
        if answer.status != r.expected {
            wrong.push(format!(
                "{} {} {} as {}: {} (expected {}) {}",
                r.method,
                r.path,
                r.body,
                r.actor,
                answer.status,
                r.expected,
                answer.text()
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // The refused takeover left the enterprise user's password and account as they were.
    w.sign_in("demo.enterprise").await;
    let hijack = w
        .anonymous(
            Method::POST,
            "/api/auth/users",
            json!({"username": "demo.enterprise", "password": "hijacked-123"}),
        )
        .await;
    assert_eq!(hijack.status, StatusCode::FORBIDDEN);
    let pm = w.sign_in("demo.pm").await;
    let sales = w.get(&pm, "/api/agents/demo.sales").await;
    assert_eq!(
        sales.status,
        StatusCode::OK,
        "the mixed delete removed nobody"
    );
    w.done().await;
}

/// The field a refused request names, with the control-character message.
fn refused_field(answer: &Answer) -> String {
    assert_eq!(
        answer.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        answer.text()
    );
    let errors = answer.json()["errors"]
        .as_object()
        .cloned()
        .unwrap_or_default();
    assert_eq!(errors.len(), 1, "{}", answer.text());
    let (field, message) = errors.into_iter().next().unwrap();
    assert_eq!(message, "Must not contain control characters");
    field
}

#[tokio::test]
async fn control_characters_are_refused_on_their_field_and_change_nothing() {
    let w = world().await;
    let sign_in = w
        .anonymous(
            Method::POST,
            "/api/auth/users",
            json!({"username": "a\u{0}b", "password": "x"}),
        )
        .await;
    assert_eq!(refused_field(&sign_in), "username");
    let token = w.sign_in("demo.pm").await;
    let teams_before = w.get(&token, "/api/teams").await.json()["total"].clone();
    for (method, path, body, field) in [
        (
            Method::POST,
            "/api/teams/add",
            Some(json!({"name": "a\u{0}b", "description": "d", "agents": ["demo.sales"]})),
            "name",
        ),
        (
            Method::POST,
            "/api/teams/add",
            Some(json!({"name": "Bell", "description": "ring\u{7}", "agents": ["demo.sales"]})),
            "description",
        ),
        (
            Method::POST,
            "/api/agents/export",
            Some(json!({"selection": ["demo.sales", "a\u{0}b"]})),
            "selection",
        ),
        (
            Method::DELETE,
            "/api/agents",
            Some(json!({"usernames": ["a\u{0}b"]})),
            "usernames",
        ),
        (
            Method::POST,
            "/api/teams/exportAll",
            Some(json!({"params": {"search": "\u{0}"}})),
            "search",
        ),
        (
            Method::POST,
            "/api/teams/exportAll",
            Some(json!({"query": "search=%00"})),
            "search",
        ),
        (Method::GET, "/api/agents/a%00b", None, "username"),
        (Method::GET, "/api/teams?search=%00", None, "search"),
        (Method::GET, "/api/teams?search=a%00b", None, "search"),
        (Method::GET, "/api/properties?search=a%00b", None, "search"),
        (
            Method::GET,
            "/api/properties?search=abc%00def",
            None,
            "search",
        ),
        (Method::GET, "/api/communities?search=%1B", None, "search"),
    ] {
        let answer = w.call(method.clone(), path, Some(&token), body).await;
        assert_eq!(refused_field(&answer), field, "{method} {path}");
    }
    let teams_after = w.get(&token, "/api/teams").await.json()["total"].clone();
    assert_eq!(teams_before, teams_after);
    // Line breaks and tabs have their place in multi-line text.
    let multi_line = w
        .post(
            &token,
            "/api/teams/add",
            json!({"name": "Night\tshift", "description": "two\nlines", "agents": ["demo.sales"]}),
        )
        .await;
    assert_eq!(
        multi_line.status,
        StatusCode::CREATED,
        "{}",
        multi_line.text()
    );
    w.done().await;
}

#[tokio::test]
async fn page_numbers_are_bounded_and_malformed_list_parameters_refused() {
    let w = world().await;
    let token = w.sign_in("demo.pm").await;
    for query in [
        "page=9223372036854775807&limit=150",
        "page=1000001",
        "page=-1",
        "page=null",
        "page=",
        "limit=",
        "limit=null",
        "showAll=",
    ] {
        let answer = w.get(&token, &format!("/api/teams?{query}")).await;
        assert_eq!(
            answer.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{query}: {}",
            answer.text()
        );
    }
    let far = w.get(&token, "/api/teams?page=1000000&limit=150").await;
    assert_eq!(far.status, StatusCode::OK, "{}", far.text());
    assert_eq!(far.json()["data"], json!([]));
    for body in [
        json!({"params": {"page": 9223372036854775807_i64, "limit": 150}}),
        json!({"query": "page=9223372036854775807&limit=150"}),
    ] {
        let export = w
            .post(&token, "/api/properties/exportAll", body.clone())
            .await;
        assert_eq!(export.status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert!(
            export.json()["errors"]["page"].is_string(),
            "{}",
            export.text()
        );
    }
    w.done().await;
}

#[tokio::test]
async fn searches_fold_case_beyond_ascii_on_both_databases() {
    let w = world().await;
    let token = w.sign_in("demo.pm").await;
    for name in ["Équipe Nord", "ПРИВЕТ команда", "Straße Crew"] {
        let created = w
            .post(
                &token,
                "/api/teams/add",
                json!({"name": name, "description": "d", "agents": ["demo.sales"]}),
            )
            .await;
        assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
    }
    for (term, expected) in [
        ("équipe", "Équipe Nord"),
        ("ÉQUIPE", "Équipe Nord"),
        ("привет", "ПРИВЕТ команда"),
        ("Пр", "ПРИВЕТ команда"),
        ("STRASSE", ""),
        ("straße", "Straße Crew"),
    ] {
        let query: String = serde_urlencoded::to_string([("search", term)]).unwrap();
        let found = w.get(&token, &format!("/api/teams?{query}")).await.json();
        let names: Vec<&str> = found["data"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|t| t["name"].as_str())
            .collect();
        let expected: Vec<&str> = [expected].into_iter().filter(|e| !e.is_empty()).collect();
        assert_eq!(names, expected, "{term}");
    }
    w.done().await;
}

#[tokio::test]
async fn the_bearer_scheme_is_case_insensitive() {
    let w = world().await;
    let token = w.sign_in("demo.pm").await;
    for scheme in ["bearer", "BEARER", "Bearer"] {
        let request = Request::builder()
            .uri("/api/auth/session")
            .header(header::AUTHORIZATION, format!("{scheme} {token}"))
            .body(Body::empty())
            .unwrap();
        assert_eq!(w.send(request).await.status, StatusCode::OK, "{scheme}");
    }
    w.done().await;
}

async fn session_status(w: &World, token: &str) -> StatusCode {
    w.get(token, "/api/auth/session").await.status
}

#[tokio::test]
async fn signing_out_and_ending_sessions_revoke_tokens_at_once() {
    let w = world().await;
    // Signing out ends that sign-in only.
    let first = w.sign_in("demo.sales").await;
    let second = w.sign_in("demo.sales").await;
    let out = w
        .call(Method::POST, "/api/auth/logout", Some(&first), None)
        .await;
    assert_eq!(
        (out.status, out.json()["message"].as_str()),
        (StatusCode::OK, Some("Signed out."))
    );
    assert_eq!(session_status(&w, &first).await, StatusCode::UNAUTHORIZED);
    assert_eq!(session_status(&w, &second).await, StatusCode::OK);
    assert_eq!(
        w.call(Method::POST, "/api/auth/logout", Some(&first), None)
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
    // An admin acting as a program manager signs out of both.
    let admin = w.sign_in("demo.admin").await;
    let acting = w
        .post(
            &admin,
            "/api/auth/admin_as_pm",
            json!({"username": "demo.pm"}),
        )
        .await
        .json()["token"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(session_status(&w, &acting).await, StatusCode::OK);
    w.call(Method::POST, "/api/auth/logout", Some(&acting), None)
        .await;
    assert_eq!(session_status(&w, &acting).await, StatusCode::UNAUTHORIZED);
    assert_eq!(session_status(&w, &admin).await, StatusCode::UNAUTHORIZED);
    // A manager ends a staff member's sessions everywhere; they can sign in again.
    let pm = w.sign_in("demo.pm").await;
    let ended = w.delete(&pm, "/api/agents/demo.sales/sessions").await;
    assert_eq!(ended.status, StatusCode::OK, "{}", ended.text());
    assert_eq!(session_status(&w, &second).await, StatusCode::UNAUTHORIZED);
    let again = w.sign_in("demo.sales").await;
    assert_eq!(session_status(&w, &again).await, StatusCode::OK);
    // Not of an account that reaches further, nor by staff who manage nobody.
    assert_eq!(
        w.delete(&pm, "/api/agents/demo.enterprise/sessions")
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        w.delete(&again, "/api/agents/demo.pm/sessions")
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    let admin = w.sign_in("demo.admin").await;
    let enterprise = w.sign_in("demo.enterprise").await;
    assert_eq!(
        w.delete(&admin, "/api/agents/demo.enterprise/sessions")
            .await
            .status,
        StatusCode::OK
    );
    assert_eq!(
        session_status(&w, &enterprise).await,
        StatusCode::UNAUTHORIZED
    );
    // Removing a user ends their sessions at once.
    let created = w
        .post(
            &pm,
            "/api/agents",
            json!({"firstname": "Gone", "lastname": "Soon", "phone": "555-222-3333",
                "email": "gone@example.com", "roles": {"id": 2}, "pass_word": "leaving-123",
                "confirm_password": "leaving-123"}),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
    let leaving = w
        .anonymous(
            Method::POST,
            "/api/auth/users",
            json!({"username": "gone.soon", "password": "leaving-123"}),
        )
        .await
        .json()["token"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(session_status(&w, &leaving).await, StatusCode::OK);
    w.delete_with(&pm, "/api/agents", json!({"usernames": ["gone.soon"]}))
        .await;
    assert_eq!(session_status(&w, &leaving).await, StatusCode::UNAUTHORIZED);
    w.done().await;
}

/// Asks for a reset link for demo.sales and answers its token.
async fn reset_link(w: &World) -> String {
    let asked = ask_reset(w).await;
    assert_eq!(asked.status, StatusCode::OK);
    newest_reset_link(w, "demo.sales@demo.tourdesk.test").await["token"].clone()
}

async fn link_works(w: &World, token: &str) -> bool {
    w.anonymous(
        Method::POST,
        "/api/auth/password_reset",
        json!({"token": token}),
    )
    .await
    .status
        == StatusCode::OK
}

#[tokio::test]
async fn using_a_reset_link_or_changing_the_password_voids_every_other_link() {
    let w = world().await;
    let first = reset_link(&w).await;
    let second = reset_link(&w).await;
    assert_ne!(first, second);
    assert!(link_works(&w, &first).await && link_works(&w, &second).await);
    let used = w
        .anonymous(
            Method::PUT,
            "/api/auth/password_reset",
            json!({"token": second, "password": "brand-new-1"}),
        )
        .await;
    assert_eq!(used.status, StatusCode::OK, "{}", used.text());
    assert!(
        !link_works(&w, &first).await,
        "the older link died with the use of another"
    );
    let replay = w
        .anonymous(
            Method::PUT,
            "/api/auth/password_reset",
            json!({"token": first, "password": "attacker-99"}),
        )
        .await;
    assert_eq!(replay.status, StatusCode::BAD_REQUEST);
    // A password set by a manager voids outstanding links too.
    let third = reset_link(&w).await;
    assert!(link_works(&w, &third).await);
    let pm = w.sign_in("demo.pm").await;
    let mut form = staff_form(2, Some("set-by-pm-1"));
    form["email"] = json!("demo.sales@demo.tourdesk.test");
    let set = w.patch(&pm, "/api/agents/demo.sales", form).await;
    assert_eq!(set.status, StatusCode::OK, "{}", set.text());
    assert!(!link_works(&w, &third).await);
    w.done().await;
}

/// A sign-in from `client` (the peer's address), optionally forwarded for others.
async fn sign_in_from(
    w: &World,
    client: &str,
    forwarded_for: Option<&str>,
    username: &str,
    password: &str,
) -> StatusCode {
    let mut request = Request::builder()
        .method(Method::POST)
        .uri("/api/auth/users")
        .header(header::CONTENT_TYPE, "application/json");
    if let Some(forwarded) = forwarded_for {
        request = request.header("x-forwarded-for", forwarded);
    }
    let mut request = request
        .body(Body::from(
            json!({"username": username, "password": password}).to_string(),
        ))
        .unwrap();
    let peer: std::net::SocketAddr = format!("{client}:40000").parse().unwrap();
    request
        .extensions_mut()
        .insert(axum::extract::ConnectInfo(peer));
    w.send(request).await.status
}

const RIGHT: &str = "tourdesk-demo";

#[tokio::test]
async fn throttling_stops_guessing_without_locking_the_owner_out() {
    let w = world().await;
    const FORBIDDEN: StatusCode = StatusCode::FORBIDDEN;
    const THROTTLED: StatusCode = StatusCode::TOO_MANY_REQUESTS;
    // Five wrong passwords from one address stop that address for that account only.
    for _ in 0..5 {
        assert_eq!(
            sign_in_from(&w, "198.51.100.1", None, "demo.sales", "wrong").await,
            FORBIDDEN
        );
    }
    assert_eq!(
        sign_in_from(&w, "198.51.100.1", None, "demo.sales", RIGHT).await,
        THROTTLED
    );
    assert_eq!(
        sign_in_from(&w, "198.51.100.2", None, "demo.sales", RIGHT).await,
        StatusCode::OK
    );
    assert_eq!(
        sign_in_from(&w, "198.51.100.1", None, "demo.pm", RIGHT).await,
        StatusCode::OK
    );
    // A guess spread over many addresses: once the account has had many failures, an address
    // that has failed it is stopped, one without failures still gets in.
    for n in 0..20 {
        let address = format!("203.0.113.{n}");
        assert_eq!(
            sign_in_from(&w, &address, None, "demo.pm", "wrong").await,
            FORBIDDEN
        );
    }
    assert_eq!(
        sign_in_from(&w, "203.0.113.3", None, "demo.pm", RIGHT).await,
        THROTTLED
    );
    assert_eq!(
        sign_in_from(&w, "203.0.113.200", None, "demo.pm", RIGHT).await,
        StatusCode::OK
    );
    // Many failures from one address (everyone behind one proxy) slow its sign-ins down, and
    // refuse nobody who has not failed.
    for n in 0..20 {
        let status = sign_in_from(&w, "192.0.2.1", None, &format!("nobody{n}"), "x").await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
    let started = std::time::Instant::now();
    assert_eq!(
        sign_in_from(&w, "192.0.2.1", None, "rental.pm", RIGHT).await,
        StatusCode::OK
    );
    assert!(
        started.elapsed() >= std::time::Duration::from_secs(1),
        "slowed down"
    );
    w.done().await;
}

#[tokio::test]
async fn forwarded_addresses_count_only_from_configured_proxies() {
    // Not configured: a client cannot pick its address with the header, so its guesses all
    // count against the address it really comes from.
    let w = world().await;
    for n in 0..5 {
        let forged = format!("198.51.100.{n}");
        let status = sign_in_from(&w, "127.0.0.1", Some(&forged), "demo.sales", "wrong").await;
        assert_eq!(status, StatusCode::FORBIDDEN);
    }
    let status = sign_in_from(&w, "127.0.0.1", Some("198.51.100.77"), "demo.sales", RIGHT).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    w.done().await;
    // Behind a trusted proxy, each client behind it is told apart.
    let w = world_with(FileSettings {
        trusted_proxies: Some(vec!["127.0.0.1".into()]),
        ..FileSettings::default()
    })
    .await;
    for _ in 0..5 {
        let status =
            sign_in_from(&w, "127.0.0.1", Some("198.51.100.1"), "demo.sales", "wrong").await;
        assert_eq!(status, StatusCode::FORBIDDEN);
    }
    let blocked = sign_in_from(&w, "127.0.0.1", Some("198.51.100.1"), "demo.sales", RIGHT).await;
    assert_eq!(blocked, StatusCode::TOO_MANY_REQUESTS);
    let other = sign_in_from(&w, "127.0.0.1", Some("198.51.100.2"), "demo.sales", RIGHT).await;
    assert_eq!(other, StatusCode::OK);
    w.done().await;
}

#[tokio::test]
async fn malformed_requests_get_the_json_error_shape_and_the_document_names_them() {
    let w = world().await;
    let token = w.sign_in("demo.pm").await;
    // An array where an object is expected is not read as the object's fields in order.
    let array = w
        .anonymous(
            Method::POST,
            "/api/auth/users",
            json!(["demo.pm", "tourdesk-demo"]),
        )
        .await;
    assert_eq!(
        array.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        array.text()
    );
    assert_eq!(
        array.json()["errors"]["body"],
        "The body must be a JSON object"
    );
    // A path segment of the wrong kind names its parameter.
    let segment = w.get(&token, "/api/teams/abc").await;
    assert_eq!(segment.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        segment.json()["errors"]["id"].is_string(),
        "{}",
        segment.text()
    );
    // A verb a path does not take, and a path that is no call, answer in JSON too.
    let verb = w.call(Method::PUT, "/api/teams", Some(&token), None).await;
    assert_eq!(verb.status, StatusCode::METHOD_NOT_ALLOWED);
    assert!(verb.json()["message"].is_string(), "{}", verb.text());
    let nothing = w.get(&token, "/api/no/such/call").await;
    assert_eq!(nothing.status, StatusCode::NOT_FOUND);
    assert!(nothing.json()["message"].is_string());
    // A form call without its form answers in JSON.
    let no_form = w
        .call(Method::POST, "/api/builders/settings", Some(&token), None)
        .await;
    assert_eq!(no_form.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        no_form.headers[header::CONTENT_TYPE].to_str().unwrap(),
        "application/json"
    );
    assert!(no_form.json()["message"].is_string());
    // The document names the statuses the shapes of a call can bring.
    let doc = w
        .call(Method::GET, "/api/openapi.json", None, None)
        .await
        .json();
    let responses = |path: &str, verb: &str| {
        doc["paths"][path][verb]["responses"]
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect::<Vec<_>>()
    };
    for status in ["200", "400", "401", "403", "404", "413", "422"] {
        assert!(
            responses("/api/teams/{id}", "post").contains(&status.to_string()),
            "{status}"
        );
    }
    assert!(responses("/api/auth/users", "post").contains(&"429".to_string()));
    assert!(!responses("/api/health", "get").contains(&"401".to_string()));
    assert_eq!(
        doc["paths"]["/api/teams"]["get"]["parameters"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == "limit")
            .unwrap()["schema"]["enum"],
        json!([25, 50, 100, 150])
    );
    w.done().await;
}
