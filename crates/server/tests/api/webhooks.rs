//! Webhooks: the calls of spec 3, and deliveries to a receiver on loopback that verifies them
//! with a Standard Webhooks library.

use std::sync::{Arc, Mutex};

use axum::extract::State as AxumState;
use axum::http::{HeaderMap, Method, StatusCode};
use axum::response::IntoResponse;
use axum::Router;
use serde_json::{json, Value};

use server::worker::Worker;

use crate::{drain, new_property, worker, world, world_with, World};
use server::config::FileSettings;

/// An answer of the receiver: its status and headers.
type Reply = (u16, Vec<(&'static str, &'static str)>);

/// What the receiver was sent (headers, body and path), and the answers it gives in turn (then
/// 204, or 503 while it is `down`).
#[derive(Default)]
struct Receiver {
    received: Vec<(HeaderMap, Vec<u8>)>,
    answers: Vec<Reply>,
    down: bool,
    /// Requests to any other path than the webhook's.
    strays: usize,
}

type Shared = Arc<Mutex<Receiver>>;

async fn receive(
    AxumState(receiver): AxumState<Shared>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> axum::response::Response {
    let mut receiver = receiver.lock().unwrap();
    receiver.received.push((headers, body.to_vec()));
    let (status, headers) = if receiver.down {
        (503, Vec::new())
    } else if receiver.answers.is_empty() {
        (204, Vec::new())
    } else {
        receiver.answers.remove(0)
    };
    let mut answer = (StatusCode::from_u16(status).unwrap(), "thanks").into_response();
    for (name, value) in headers {
        answer.headers_mut().insert(name, value.parse().unwrap());
    }
    answer
}

async fn stray(AxumState(receiver): AxumState<Shared>) -> StatusCode {
    receiver.lock().unwrap().strays += 1;
    StatusCode::OK
}

/// Starts a receiver on loopback; answers its address.
async fn start_receiver(receiver: Shared) -> String {
    let app = Router::new()
        .route("/hook", axum::routing::post(receive))
        .fallback(stray)
        .with_state(receiver);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    format!("http://{address}/hook")
}

/// The demo world, its worker, the demo program manager's token, and a receiver with its
/// address.
async fn receiving_world() -> (World, Worker, String, Shared, String) {
    let w = world().await;
    let worker = worker(&w);
    let token = w.sign_in("demo.pm").await;
    let receiver = Shared::default();
    let url = start_receiver(receiver.clone()).await;
    (w, worker, token, receiver, url)
}

async fn create(w: &World, token: &str, body: Value) -> crate::Answer {
    w.post(token, "/api/webhooks/add", body).await
}

async fn log(w: &World, token: &str, id: i64) -> Vec<Value> {
    let answer = w
        .get(token, &format!("/api/webhooks/{id}/deliveries"))
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
    answer.json().as_array().unwrap().clone()
}

async fn webhook(w: &World, token: &str, id: i64) -> Value {
    w.get(token, &format!("/api/webhooks/{id}")).await.json()
}

/// Asks for a delivery of a webhook to be sent again.
async fn replay(w: &World, token: &str, id: i64, delivery: &Value) -> crate::Answer {
    w.call(
        Method::POST,
        &format!("/api/webhooks/{id}/deliveries/{}/replay", delivery["id"]),
        Some(token),
        None,
    )
    .await
}

/// Sends a webhook a test event and runs the jobs due.
async fn send_test_event(w: &World, token: &str, id: i64, worker: &Worker) {
    let answer = w
        .call(
            Method::POST,
            &format!("/api/webhooks/{id}/test"),
            Some(token),
            None,
        )
        .await;
    assert_eq!(answer.status, StatusCode::ACCEPTED);
    drain(worker).await;
}

/// Whether the demo's program manager was mailed this subject.
async fn program_manager_told(w: &World, subject: &str) -> bool {
    db::messages::mails_to(&w.state.db, "demo.pm@demo.tourdesk.test")
        .await
        .unwrap()
        .iter()
        .any(|m| m.subject == subject)
}

/// A new home open for tours: a tours.enable event. Answers its id.
async fn a_touring_home(w: &World, token: &str) -> i64 {
    let communities = w.get(token, "/api/communities?limit=25").await.json();
    let community = communities["data"][0]["id"].as_i64().unwrap();
    let created = w
        .post(
            token,
            "/api/properties/new_property",
            new_property(community),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
    created.json()["property_id"].as_i64().unwrap()
}

#[tokio::test]
async fn webhooks_are_checked_created_listed_edited_and_deleted() {
    let w = world().await;
    let token = w.sign_in("demo.pm").await;
    let empty = create(
        &w,
        &token,
        json!({"payload_url": "", "content_type": "", "event_type": ""}),
    )
    .await;
    assert_eq!(empty.status, StatusCode::UNPROCESSABLE_ENTITY);
    for field in ["payload_url", "content_type", "event_type"] {
        assert_eq!(empty.json()["errors"][field], "Required field", "{field}");
    }
    // Addresses inside the network are refused at once, before anything is sent to them.
    for inside in [
        "http://10.0.0.7/hook",
        "http://169.254.169.254/latest/meta-data",
        "http://[fd00::1]/hook",
    ] {
        let refused = create(
            &w,
            &token,
            json!({"payload_url": inside, "event_type": "tours.enable"}),
        )
        .await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{inside}");
        assert!(
            refused.json()["errors"]["payload_url"]
                .as_str()
                .unwrap()
                .contains("internal address"),
            "{}",
            refused.text()
        );
    }
    let odd = create(
        &w,
        &token,
        json!({"payload_url": "ftp://x", "content_type": "xml", "event_type": "tours.maybe"}),
    )
    .await;
    assert_eq!(odd.json()["errors"].as_object().unwrap().len(), 3);

    let created = create(
        &w,
        &token,
        json!({"payload_url": "http://127.0.0.1:9/hook", "event_type": "tours.enable"}),
    )
    .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
    let id = created.json()["id"].as_i64().unwrap();
    let taken = create(
        &w,
        &token,
        json!({"payload_url": "http://127.0.0.1:9/other", "event_type": "tours.enable"}),
    )
    .await;
    assert_eq!(
        taken.json()["errors"]["event_type"],
        "Each event type can be used by only one webhook"
    );
    let second = create(
        &w,
        &token,
        json!({"payload_url": "http://127.0.0.1:9/sched", "content_type": "plain", "event_type": "scheduled.tours"}),
    )
    .await;
    let second = second.json()["id"].as_i64().unwrap();

    let list = w.get(&token, "/api/webhooks").await.json();
    assert_eq!(list["total"], 2);
    assert_eq!(list["data"][0]["id"], second, "newest first");
    assert_eq!(list["data"][1]["content_type"], "json", "json by default");
    let found = w.get(&token, "/api/webhooks?search=sched").await.json();
    assert_eq!(
        (found["total"].as_i64(), &found["data"][0]["id"]),
        (Some(1), &json!(second))
    );

    let edited = w
        .post(
            &token,
            &format!("/api/webhooks/{id}"),
            json!({"payload_url": "http://127.0.0.1:9/hook2", "content_type": "html",
                        "event_type": "scheduled.tours"}),
        )
        .await;
    assert_eq!(
        edited.json()["errors"]["event_type"],
        "Each event type can be used by only one webhook",
        "another webhook has that type"
    );
    let edited = w
        .post(
            &token,
            &format!("/api/webhooks/{id}"),
            json!({"payload_url": "http://127.0.0.1:9/hook2", "content_type": "html",
                        "event_type": "tours.enable", "secret": "s3cret"}),
        )
        .await;
    assert_eq!(edited.status, StatusCode::OK, "{}", edited.text());
    let edited = webhook(&w, &token, id).await;
    assert_eq!(
        (
            &edited["payload_url"],
            &edited["content_type"],
            &edited["secret"]
        ),
        (
            &json!("http://127.0.0.1:9/hook2"),
            &json!("html"),
            &json!("…")
        )
    );

    // Another builder's staff find none of it.
    let other = w.sign_in("rental.pm").await;
    let theirs = w.get(&other, "/api/webhooks").await.json();
    assert_eq!(theirs["total"], 0);
    for (method, path, body) in [
        (Method::GET, format!("/api/webhooks/{id}"), None),
        (
            Method::POST,
            format!("/api/webhooks/{id}"),
            Some(json!({"payload_url": "http://127.0.0.1:9/x", "event_type": "tours.enable"})),
        ),
        (Method::GET, format!("/api/webhooks/{id}/deliveries"), None),
        (Method::POST, format!("/api/webhooks/{id}/test"), None),
        (
            Method::POST,
            format!("/api/webhooks/{id}/deliveries/1/replay"),
            None,
        ),
        (
            Method::DELETE,
            "/api/webhooks".into(),
            Some(json!({"ids": [id]})),
        ),
    ] {
        let answer = w.call(method.clone(), &path, Some(&other), body).await;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{method} {path}");
    }

    let deleted = w
        .delete_with(&token, "/api/webhooks", json!({"ids": [id, second]}))
        .await;
    assert_eq!(deleted.status, StatusCode::OK);
    assert_eq!(
        w.get(&token, &format!("/api/webhooks/{id}")).await.status,
        StatusCode::NOT_FOUND
    );
    w.done().await;
}

#[tokio::test]
async fn deliveries_are_signed_retried_replayed_and_logged() {
    let (w, worker, token, receiver, url) = receiving_world().await;
    let secret = w.get(&token, "/api/webhooks/secret").await.json()["secret"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(secret.starts_with("whsec_"));
    let id = create(
        &w,
        &token,
        json!({"payload_url": url, "event_type": "tours.enable", "secret": secret}),
    )
    .await
    .json()["id"]
        .as_i64()
        .unwrap();

    // The endpoint is busy and asks for a minute: later than the schedule's 5 seconds.
    receiver.lock().unwrap().answers = vec![(503, vec![("retry-after", "60")])];
    let home = a_touring_home(&w, &token).await;
    drain(&worker).await;
    let first = log(&w, &token, id).await;
    assert_eq!(first.len(), 1);
    let delivery = &first[0];
    assert_eq!(
        (
            &delivery["state"],
            &delivery["attempts"],
            &delivery["event_type"]
        ),
        (&json!("pending"), &json!(1), &json!("tours.enable"))
    );
    assert_eq!(delivery["attempt_log"][0]["status_code"], 503);
    assert_eq!(delivery["attempt_log"][0]["response"], "thanks");
    let next: chrono::DateTime<chrono::Utc> =
        serde_json::from_value(delivery["next_attempt_on"].clone()).unwrap();
    assert!(next > w.state.hardware.now() + chrono::Duration::seconds(55));
    // A delivery still being tried is not replayed beside its own attempts.
    let early = replay(&w, &token, id, delivery).await;
    assert_eq!(early.status, StatusCode::CONFLICT);

    w.clock.advance(chrono::Duration::seconds(61));
    drain(&worker).await;
    let delivered = log(&w, &token, id).await;
    assert_eq!(
        (&delivered[0]["state"], &delivered[0]["attempts"]),
        (&json!("delivered"), &json!(2))
    );

    let verifier = standardwebhooks::Webhook::new(&secret).unwrap();
    {
        let receiver = receiver.lock().unwrap();
        assert_eq!(receiver.received.len(), 2);
        for (headers, body) in &receiver.received {
            verifier.verify(body, headers).expect("a valid signature");
            assert_eq!(headers["content-type"], "application/json");
            assert_eq!(
                headers["webhook-id"],
                delivery["message_id"].as_str().unwrap()
            );
        }
        let sent: Value = serde_json::from_slice(&receiver.received[1].1).unwrap();
        assert_eq!(sent["type"], "tours.enable");
        assert_eq!(sent["data"]["property_id"], home);
        // A forged body does not verify.
        let (headers, _) = &receiver.received[1];
        assert!(verifier
            .verify(b"{\"type\":\"tours.disable\"}", headers)
            .is_err());
    }

    // Replay sends the same message again; a test event is a message of its own.
    let replayed = replay(&w, &token, id, delivery).await;
    assert_eq!(replayed.status, StatusCode::ACCEPTED);
    let tested = w
        .call(
            Method::POST,
            &format!("/api/webhooks/{id}/test"),
            Some(&token),
            None,
        )
        .await;
    assert_eq!(tested.status, StatusCode::ACCEPTED);
    drain(&worker).await;
    {
        let receiver = receiver.lock().unwrap();
        assert_eq!(receiver.received.len(), 4);
        let replay = &receiver.received[2];
        assert_eq!(
            replay.0["webhook-id"],
            delivery["message_id"].as_str().unwrap()
        );
        let test = &receiver.received[3];
        assert_ne!(
            test.0["webhook-id"],
            delivery["message_id"].as_str().unwrap()
        );
        let sent: Value = serde_json::from_slice(&test.1).unwrap();
        assert_eq!(sent["data"]["test"], true);
        verifier
            .verify(&test.1, &test.0)
            .expect("a valid signature");
    }
    let logged = log(&w, &token, id).await;
    assert_eq!(logged.len(), 2);
    assert_eq!(logged[0]["test"], true);
    assert_eq!(
        logged[1]["attempts"], 1,
        "a replay starts the attempts anew"
    );
    assert_eq!(logged[1]["attempt_log"].as_array().unwrap().len(), 3);

    // 410 Gone disables the webhook and tells the builder's program managers; later events are
    // not delivered until the webhook is saved again.
    receiver.lock().unwrap().answers = vec![(410, Vec::new())];
    send_test_event(&w, &token, id, &worker).await;
    let gone = webhook(&w, &token, id).await;
    assert!(gone["disabled_on"].is_string());
    assert_eq!(gone["disabled_reason"], "The endpoint answered 410 Gone");
    assert!(
        program_manager_told(&w, "Tourdesk: a webhook was disabled").await,
        "the program manager is told"
    );
    let received = receiver.lock().unwrap().received.len();
    a_touring_home(&w, &token).await;
    drain(&worker).await;
    assert_eq!(receiver.lock().unwrap().received.len(), received);
    let saved = w
        .post(
            &token,
            &format!("/api/webhooks/{id}"),
            json!({"payload_url": url, "event_type": "tours.enable"}),
        )
        .await;
    assert_eq!(saved.status, StatusCode::OK);
    // The secret is never answered whole, and a save without one keeps it.
    let shown = webhook(&w, &token, id).await["secret"].clone();
    assert_eq!(shown, format!("…{}", &secret[secret.len() - 4..]));
    assert!(!w
        .get(&token, "/api/webhooks")
        .await
        .text()
        .contains(&secret));
    a_touring_home(&w, &token).await;
    drain(&worker).await;
    {
        let receiver = receiver.lock().unwrap();
        assert_eq!(receiver.received.len(), received + 1);
        let (headers, body) = receiver.received.last().unwrap();
        verifier
            .verify(body, headers)
            .expect("signed with the kept secret");
    }
    w.done().await;
}

#[tokio::test]
async fn a_failing_endpoint_is_tried_on_the_schedule_then_given_up_and_disabled_after_days() {
    let (w, worker, token, receiver, url) = receiving_world().await;
    receiver.lock().unwrap().answers = vec![(500, Vec::new()); 20];
    let id = create(
        &w,
        &token,
        json!({"payload_url": url, "content_type": "plain", "event_type": "tours.enable"}),
    )
    .await
    .json()["id"]
        .as_i64()
        .unwrap();
    a_touring_home(&w, &token).await;
    drain(&worker).await;
    // 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h.
    for wait in [5, 300, 1800, 7200, 18000, 36000, 36000] {
        w.clock.advance(chrono::Duration::seconds(wait + 1));
        drain(&worker).await;
    }
    let logged = log(&w, &token, id).await;
    assert_eq!(
        (&logged[0]["state"], &logged[0]["attempts"]),
        (&json!("failed"), &json!(8))
    );
    {
        let receiver = receiver.lock().unwrap();
        assert_eq!(receiver.received.len(), 8);
        let (headers, body) = &receiver.received[0];
        assert_eq!(headers["content-type"], "text/plain");
        assert!(
            headers.get("webhook-signature").is_none(),
            "no secret, no signature"
        );
        assert!(String::from_utf8_lossy(body).starts_with("type: tours.enable\n"));
    }
    assert!(program_manager_told(&w, "Tourdesk: a webhook delivery failed").await);
    let failing = webhook(&w, &token, id).await;
    assert!(failing["failing_since"].is_string() && failing["disabled_on"].is_null());

    // Still failing five days after the first failure: disabled.
    w.clock.advance(chrono::Duration::days(4));
    send_test_event(&w, &token, id, &worker).await;
    let disabled = webhook(&w, &token, id).await;
    assert!(
        disabled["disabled_reason"]
            .as_str()
            .unwrap_or_default()
            .starts_with("Every delivery has failed since"),
        "{disabled}"
    );
    w.done().await;
}

#[tokio::test]
async fn redirects_are_not_followed_and_an_endpoint_down_for_an_hour_gets_every_event_after() {
    let (w, worker, token, receiver, url) = receiving_world().await;
    let id = create(
        &w,
        &token,
        json!({"payload_url": url, "event_type": "tours.enable"}),
    )
    .await
    .json()["id"]
        .as_i64()
        .unwrap();
    // A redirect is an answer like any other that is not a 2xx: a failure, not followed.
    receiver.lock().unwrap().answers = vec![(302, vec![("location", "/elsewhere")])];
    a_touring_home(&w, &token).await;
    drain(&worker).await;
    let logged = log(&w, &token, id).await;
    assert_eq!(
        (
            &logged[0]["state"],
            &logged[0]["attempt_log"][0]["status_code"]
        ),
        (&json!("pending"), &json!(302))
    );
    assert_eq!(receiver.lock().unwrap().strays, 0);

    // Down for an hour while three more events happen.
    receiver.lock().unwrap().down = true;
    for _ in 0..3 {
        a_touring_home(&w, &token).await;
    }
    drain(&worker).await;
    for wait in [6, 301, 1801, 1200] {
        w.clock.advance(chrono::Duration::seconds(wait));
        drain(&worker).await;
    }
    receiver.lock().unwrap().down = false;
    w.clock.advance(chrono::Duration::hours(2));
    drain(&worker).await;
    let logged = log(&w, &token, id).await;
    assert_eq!(logged.len(), 4);
    assert!(
        logged.iter().all(|d| d["state"] == "delivered"),
        "{logged:?}"
    );
    // Every attempt of a delivery carried its webhook-id: the receiver keeps one of each.
    let mut ids: Vec<String> = receiver
        .lock()
        .unwrap()
        .received
        .iter()
        .map(|(headers, _)| headers["webhook-id"].to_str().unwrap().to_string())
        .collect();
    assert!(ids.len() > 4, "retried while down");
    ids.sort();
    ids.dedup();
    let mut delivered: Vec<String> = logged
        .iter()
        .map(|d| d["message_id"].as_str().unwrap().to_string())
        .collect();
    delivered.sort();
    assert_eq!(ids, delivered);
    w.done().await;
}

#[tokio::test]
async fn metrics_show_requests_jobs_and_deliveries_to_the_operator() {
    let w = world_with(FileSettings {
        metrics_token: Some("m3trics-token".into()),
        ..FileSettings::default()
    })
    .await;
    let token = w.sign_in("demo.pm").await;
    w.get(&token, "/api/properties?limit=25").await;
    w.get(&token, "/api/properties/999999").await;
    let refused = w.call(Method::GET, "/metrics", None, None).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    let wrong = w.get("nope", "/metrics").await;
    assert_eq!(wrong.status, StatusCode::FORBIDDEN);
    let metrics = w.get("m3trics-token", "/metrics").await;
    assert_eq!(metrics.status, StatusCode::OK);
    assert_eq!(
        metrics.headers["content-type"],
        "text/plain; version=0.0.4; charset=utf-8"
    );
    let text = metrics.text();
    for line in [
        "# TYPE tourdesk_http_requests_total counter",
        "tourdesk_http_requests_total{route=\"/api/properties\",method=\"GET\",status=\"200\"}",
        "tourdesk_http_requests_total{route=\"/api/properties/{id}\",method=\"GET\",status=\"404\"}",
        "# TYPE tourdesk_http_request_duration_seconds histogram",
        "tourdesk_http_request_duration_seconds_bucket{route=\"/api/properties\",method=\"GET\",le=\"+Inf\"}",
        "# TYPE tourdesk_jobs gauge",
        "tourdesk_jobs{kind=",
        "# TYPE tourdesk_webhook_attempts_total counter",
        "# TYPE tourdesk_code_commands_total counter",
        "# TYPE tourdesk_job_failures_total counter",
    ] {
        assert!(text.contains(line), "{line} in\n{text}");
    }
    assert!(
        !text.contains("/api/properties/999999"),
        "no raw paths or ids"
    );
    w.done().await;
}
