//! Issue 19's visitor budget: 200 visitors at once go from verification to a code set on the
//! simulated lock, against the release binary's demo world (`--demo`) with its clock at 11:00 AM
//! in the demo builders' time zone, so the homes are inside their tour hours. Each visitor asks for
//! the texted code, reads it from the outbox (as a phone would receive it), verifies, takes Tour
//! Now and asks for its visit until the lock holds the code. Every request is timed; the server's
//! p95 per step has a budget of 100 ms, and no step may fail.
//!
//! The budget's run goes at a person's pace: the visitors arrive within five seconds and each
//! takes five seconds to type the code and three to press Tour Now, so all 200 are touring in the
//! same few seconds. A second run, on a fresh demo world, sends every visitor's steps with no
//! pause at all, all 200 in the same instant, to show how the server queues a burst.

use std::sync::Arc;
use std::time::{Duration, Instant};

use chrono::{NaiveTime, Utc};
use db::{Db, Scope};
use tokio::sync::Mutex;

use crate::{percentile, send_from, Call, HttpClient};

const VISITORS: usize = 200;
/// Visitors whose codes one lock takes at once (the simulated locks hold 30, some taken by
/// staff and earlier tours).
const VISITORS_PER_LOCK: usize = 17;
/// The demo builders' zone (America/Chicago).
const DEMO_ZONE: i64 = 53;

/// The next 11:00 AM in the demo builders' zone.
fn next_eleven() -> chrono::DateTime<Utc> {
    let local = domain::zones::to_local(DEMO_ZONE, Utc::now());
    let eleven = NaiveTime::from_hms_opt(11, 0, 0).expect("a time");
    let day = if local.time() < eleven {
        local.date()
    } else {
        local.date() + chrono::Duration::days(1)
    };
    domain::zones::from_local(DEMO_ZONE, day.and_time(eleven))
}

/// Homes a visitor can tour now on the demo clock, as (web name, home): open to tours and
/// inside their tour hours, with a working lock, of a builder that asks no selfie.
async fn tourable_homes(db: &Db, at: chrono::DateTime<Utc>) -> Vec<(String, i64)> {
    let every = db::properties::PROPERTIES
        .page::<db::properties::PropertyRow>(db, &Scope::All, &db::list::ListQuery::default())
        .await
        .unwrap();
    let mut homes = Vec::new();
    for id in every.data.iter().map(|home| home.property_id) {
        let home = db::properties::get(db, &Scope::All, id)
            .await
            .unwrap()
            .expect("listed");
        let local = domain::zones::to_local(home.fields.timezone, at);
        let open = matches!(
            domain::hours::tour_time(&server::http::tour::tour_week(&home), local),
            domain::hours::TourTime::Open { until } if until > local + chrono::Duration::minutes(30)
        );
        let lock = db::hardware::devices::of_property(db, id)
            .await
            .unwrap()
            .iter()
            .any(|d| (d.kind == "door_lock" || d.kind == "smart_lock") && d.online && !d.jammed);
        let settings = db::settings::get(db, &Scope::All, home.builder_id)
            .await
            .unwrap();
        let selfie = settings.is_some_and(|s| s.selfie_verification_active);
        if open && lock && !selfie && server::http::tour::opens_tours(home.fields.disposition_id) {
            let builder = db::builders::get(db, &Scope::All, home.builder_id)
                .await
                .unwrap()
                .expect("the home's builder");
            homes.push((builder.webflow_name, id));
        }
    }
    homes
}

/// How fast the visitors go: when each arrives after the one before, how long each takes to
/// type the code, and to press Tour Now once verified.
#[derive(Clone, Copy)]
struct Pace {
    arrivals: Duration,
    typing: Duration,
    deciding: Duration,
}

const A_PERSONS_PACE: Pace = Pace {
    arrivals: Duration::from_millis(25),
    typing: Duration::from_secs(5),
    deciding: Duration::from_secs(3),
};

const NO_PAUSE: Pace = Pace {
    arrivals: Duration::ZERO,
    typing: Duration::ZERO,
    deciding: Duration::ZERO,
};

/// What the visitors' requests took, per step, and what went wrong.
#[derive(Default)]
struct Steps {
    times: Vec<(&'static str, Duration)>,
    until_set: Vec<Duration>,
    errors: Vec<String>,
}

/// One visitor's way from the code to the lock, each request timed.
async fn visitor(
    client: HttpClient,
    port: u16,
    db: Db,
    n: usize,
    (webflow, home): (String, i64),
    pace: Pace,
    steps: Arc<Mutex<Steps>>,
) {
    tokio::time::sleep(pace.arrivals * n as u32).await;
    // Each visitor's own address, named by the trusted proxy the server sits behind.
    let from = format!("10.19.{}.{}", n / 250, n % 250 + 1);
    let phone = format!("555-{:03}-{:04}", 700 + n / 10_000, n % 10_000);
    let timed = |step: &'static str, call: Call| {
        let (client, from, steps) = (client.clone(), from.clone(), steps.clone());
        async move {
            let start = Instant::now();
            let (status, body) = send_from(&client, port, &call, Some(&from)).await;
            steps.lock().await.times.push((step, start.elapsed()));
            let json: serde_json::Value = serde_json::from_slice(&body).unwrap_or_default();
            if status >= 300 {
                return Err(format!("{step}: {status} {json}"));
            }
            Ok(json)
        }
    };
    let run = async {
        let identity = serde_json::json!({
            "firstname": "Bench", "lastname": format!("Visitor {n}"), "phone": phone,
            "email": format!("bench.visitor{n}@example.com"), "disclosure_accepted": true,
        });
        let asked = timed(
            "send the code",
            Call::post(
                format!("/api/tour/{webflow}/property/{home}/code"),
                identity,
                None,
            ),
        )
        .await?;
        // The text as the visitor's phone receives it.
        let text = db::messages::sms_to(&db, &phone)
            .await
            .map_err(|e| e.to_string())?
            .first()
            .map(|sms| sms.body.clone())
            .ok_or("no text with the code")?;
        let code: String = text.chars().take(6).collect();
        tokio::time::sleep(pace.typing).await;
        let session = timed(
            "verify",
            Call::post(
                format!("/api/tour/{webflow}/verify"),
                serde_json::json!({ "challenge": asked["challenge"], "code": code }),
                None,
            ),
        )
        .await?;
        let token = session["token"].as_str().ok_or("no session")?.to_string();
        tokio::time::sleep(pace.deciding).await;
        let touring = timed(
            "Tour Now",
            Call::post(
                format!("/api/tour/{webflow}/property/{home}/tour-now"),
                serde_json::Value::Null,
                Some(&token),
            ),
        )
        .await?;
        let asked_at = Instant::now();
        let visit = touring["visit_id"].as_i64().ok_or("no visit")?;
        loop {
            let state = timed(
                "the visit's code",
                Call::get(format!("/api/tour/{webflow}/visits/{visit}"), &token),
            )
            .await?;
            match state["state"].as_str() {
                Some("ready") => break,
                Some("setting") if asked_at.elapsed() < Duration::from_secs(60) => {
                    tokio::time::sleep(Duration::from_millis(250)).await
                }
                _ => return Err(format!("the code: {state}")),
            }
        }
        steps.lock().await.until_set.push(asked_at.elapsed());
        Ok::<(), String>(())
    };
    if let Err(error) = run.await {
        steps
            .lock()
            .await
            .errors
            .push(format!("visitor {n}: {error}"));
    }
}

/// 200 visitors at a person's pace (the budget), then all at once, each on a fresh demo world
/// on SQLite under `root`.
pub async fn run(root: &std::path::Path) {
    run_at(&root.join("paced"), A_PERSONS_PACE, "at a person's pace").await;
    run_at(
        &root.join("burst"),
        NO_PAUSE,
        "with no pause, all in the same instant",
    )
    .await;
}

/// The demo world on SQLite in `data_dir`, 200 visitors going at `pace`, and their figures.
async fn run_at(data_dir: &std::path::Path, pace: Pace, how: &str) {
    let clock = next_eleven();
    let (server, _) = crate::start_with(
        None,
        data_dir,
        &["--demo"],
        &[
            ("TOURDESK_DEMO_CLOCK", clock.to_rfc3339()),
            ("TOURDESK_TRUSTED_PROXIES", "127.0.0.1".into()),
        ],
    );
    let db = Db::connect(&format!(
        "sqlite://{}",
        data_dir.join("tourdesk.db").display()
    ))
    .await
    .expect("the demo database");
    let homes = tourable_homes(&db, clock).await;
    let visitors = VISITORS.min(homes.len() * VISITORS_PER_LOCK);
    println!(
        "\n## 200 visitors from verification to a set code, {how} (demo world on SQLite, clock at {clock})\n\n\
         {visitors} visitors over {} homes with a working lock",
        homes.len()
    );
    let client = crate::client();
    let steps = Arc::new(Mutex::new(Steps::default()));
    let began = Instant::now();
    let tasks: Vec<_> = (0..visitors)
        .map(|n| {
            tokio::spawn(visitor(
                client.clone(),
                server.port,
                db.clone(),
                n,
                homes[n % homes.len()].clone(),
                pace,
                steps.clone(),
            ))
        })
        .collect();
    for task in tasks {
        task.await.unwrap();
    }
    let took = began.elapsed();
    let mut steps = steps.lock().await;
    println!("\n| step | requests | p50 ms | p95 ms | p99 ms |\n| --- | --- | --- | --- | --- |");
    let mut worst: f64 = 0.0;
    for step in ["send the code", "verify", "Tour Now", "the visit's code"] {
        let mut times: Vec<Duration> = steps
            .times
            .iter()
            .filter(|(s, _)| *s == step)
            .map(|(_, t)| *t)
            .collect();
        if times.is_empty() {
            continue;
        }
        times.sort();
        let p95 = percentile(&times, 0.95);
        worst = worst.max(p95);
        println!(
            "| {step} | {} | {:.2} | {p95:.2} | {:.2} |",
            times.len(),
            percentile(&times, 0.5),
            percentile(&times, 0.99)
        );
    }
    steps.until_set.sort();
    let until_set = if steps.until_set.is_empty() {
        "none set".to_string()
    } else {
        format!(
            "median {:.2} s, p95 {:.2} s",
            percentile(&steps.until_set, 0.5) / 1000.0,
            percentile(&steps.until_set, 0.95) / 1000.0
        )
    };
    println!(
        "\nall {visitors} in {:.1} s; from Tour Now to the code on the lock: {until_set}; \
         worst step p95 {worst:.2} ms (budget 100 at a person's pace); {} errors (budget 0)",
        took.as_secs_f64(),
        steps.errors.len()
    );
    for error in steps.errors.iter().take(5) {
        println!("- {error}");
    }
    drop(server);
}
