//! Issue 20's webhook budget: 10,000 deliveries to a receiver on loopback, sent by the worker
//! as the server runs it, over 200 deliveries/s with none lost. The events are recorded first, as
//! changes would record them; the worker then delivers them with its usual concurrency, and the
//! receiver counts each webhook-id once.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};

const EVENTS: usize = 10_000;

async fn receive(
    State(seen): State<Arc<Mutex<HashSet<String>>>>,
    headers: HeaderMap,
) -> StatusCode {
    if let Some(id) = headers.get("webhook-id").and_then(|v| v.to_str().ok()) {
        seen.lock().unwrap().insert(id.to_string());
    }
    StatusCode::NO_CONTENT
}

pub async fn deliveries(name: &str, test_db: &db::testing::TestDb) {
    let db = &test_db.db;
    let seen = Arc::new(Mutex::new(HashSet::new()));
    let app = axum::Router::new()
        .route("/hook", axum::routing::post(receive))
        .with_state(seen.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });

    let outbound = server::outbound::Outbound::new(vec!["127.0.0.0/8".parse().unwrap()]);
    let hw = server::hardware::Hardware::new(db.clone(), devices::wall_clock(), 0, outbound);
    let builder_id = db::builders::create(
        db,
        &db::builders::NewBuilder {
            name: "Webhook Bench Builder".into(),
            webflow_name: "webhook-bench".into(),
            timezone: 52,
            ..Default::default()
        },
    )
    .await
    .unwrap();
    let webhook = db::webhooks::create(
        db,
        builder_id,
        &db::webhooks::WebhookInput {
            payload_url: &format!("http://{address}/hook"),
            content_type: "json",
            event_type: "tours.enable",
            secret: Some("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"),
        },
        hw.now(),
    )
    .await
    .unwrap();
    for n in 0..EVENTS {
        db::webhooks::record(
            db,
            builder_id,
            "tours.enable",
            &serde_json::json!({"property_id": n, "disposition": "PROPERTY_AVAILABLE"}),
            hw.now(),
        )
        .await
        .unwrap();
    }
    let worker = server::worker::Worker::new(
        hw.clone(),
        server::notify::Notifier::outbox(std::env::temp_dir().join("bench-webhook-outbox.log")),
    );
    let began = Instant::now();
    let running = tokio::spawn(worker.run());
    let deadline = began + Duration::from_secs(300);
    loop {
        let delivered = db::webhooks::delivered(db, webhook).await.unwrap();
        if delivered >= EVENTS as i64 || Instant::now() > deadline {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let seconds = began.elapsed().as_secs_f64();
    running.abort();
    let delivered = db::webhooks::delivered(db, webhook).await.unwrap();
    let received = seen.lock().unwrap().len();
    println!(
        "\n### Webhook deliveries ({name})\n\n{EVENTS} events: {delivered} delivered and {received} \
         received (each webhook-id once) in {seconds:.1} s, {:.0} deliveries/s (budget over 200, none lost)",
        delivered as f64 / seconds
    );
    assert_eq!(
        (delivered, received),
        (EVENTS as i64, EVENTS),
        "every event delivered once"
    );
}
