//! The hardware world (issue 18): 20 builders of one enterprise with 12,500 homes and 50,000
//! devices (a hub with its door lock, a smart lock and a wifi thermostat per home), 1,000,000
//! hardware-history rows and 5,000,000 lock events; the inventory lists, the hardware history and
//! one lock's week of access history measured against it. Then the code programming budget:
//! 1,000 scheduled codes starting in the same minute on simulated locks answering in 200 ms, all
//! on their locks before their start.

use std::time::{Duration, Instant};

use db::hardware::codes::{self, purpose, NewCode};
use db::hardware::devices::{kind, NewDevice};
use db::{Db, Value};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::{measure, row, send, Call, PASSWORD};

const BUILDERS: usize = 20;
const HOMES_PER_BUILDER: usize = 625;
const HISTORY_PER_BUILDER: usize = 50_000;
const EVENTS_PER_LOCK: usize = 200;
const EVENT_DAYS: i64 = 90;
pub const KEPT_NAME: &str = "tourdesk_bench_hardware";

async fn seed_builder(db: &Db, b: usize, enterprise: i64, hash: &str) -> i64 {
    let mut rng = StdRng::seed_from_u64(7_000 + b as u64);
    let now = chrono::Utc::now();
    let builder_id = crate::world_builder(db, "hw", "Hardware", b, enterprise, hash).await;
    let community = db::communities::save(
        db,
        &db::Scope::All,
        None,
        builder_id,
        &db::communities::CommunityFields {
            name: format!("Hardware Heights {b}"),
            city: "Denver".into(),
            state: "CO".into(),
            zip: "80202".into(),
            sales_agent: "555-200-0000".into(),
            emergency_contacts: format!("hw.pm{b}"),
            community_backup_code: "482910".into(),
            ..Default::default()
        },
        &db::communities::Members {
            user_ids: &[],
            team_ids: &[],
        },
        "hw.seed",
    )
    .await
    .unwrap()
    .unwrap();
    let available = domain::catalog::disposition_by_constant("PROPERTY_AVAILABLE")
        .unwrap()
        .id;
    let homes = (0..HOMES_PER_BUILDER).map(|h| {
        vec![
            Value::from(builder_id),
            Value::from(community),
            Value::from(available),
            Value::from(Some(format!("{}", h + 1))),
            Value::from(format!("{} Circuit Way", 100 + h)),
            Value::from("Denver"),
            Value::from("CO"),
            Value::from("80202"),
            Value::from(3),
            Value::from(2),
            Value::from(1),
            Value::from(1_800),
            Value::from(52),
            Value::from(now),
            Value::from("hw.seed"),
            Value::from(now),
            Value::from("hw.seed"),
        ]
    });
    db::bulk::insert_rows(
        db,
        "properties",
        &[
            "builder_id",
            "community_id",
            "disposition_id",
            "house_num",
            "address_1",
            "city",
            "state",
            "zipcode",
            "bedrooms",
            "full_bathrooms",
            "half_bathrooms",
            "square_footage",
            "timezone",
            "created_on",
            "created_by",
            "modified_on",
            "modified_by",
        ],
        homes.collect::<Vec<_>>(),
    )
    .await
    .unwrap();
    let home_ids: Vec<i64> = db::properties::of_community(db, &db::Scope::All, community)
        .await
        .unwrap()
        .iter()
        .map(|h| h.property_id)
        .collect();
    // Hubs first (their devices refer to them), then the door locks, smart locks, thermostats.
    let device = |kind: &str, serial: String, home: Option<i64>, hub: Option<i64>, status: i64| {
        vec![
            Value::from(builder_id),
            Value::from(kind),
            Value::from(serial),
            Value::from(kind.replace('_', " ")),
            Value::Int(hub),
            Value::from("sim"),
            Value::Int(home),
            Value::from(status),
            Value::Text((kind == kind::DOOR_LOCK).then(|| {
                ["Installed", "Shipped", "Received", "To be returned"][status as usize % 4].into()
            })),
            Value::from("4,5,6"),
            Value::from(now),
            Value::from(now),
        ]
    };
    let columns = [
        "builder_id",
        "kind",
        "serial_number",
        "name",
        "hub_id",
        "provider",
        "property_id",
        "status_id",
        "shipment_status",
        "code_lengths",
        "created_on",
        "modified_on",
    ];
    let statuses = [71, 71, 71, 71, 71, 71, 74, 76, 72, 78];
    let hubs: Vec<Vec<Value>> = home_ids
        .iter()
        .enumerate()
        .map(|(i, h)| device(kind::HUB, format!("HUB{b:02}{i:05}"), Some(*h), None, 71))
        .collect();
    db::bulk::insert_rows(db, "devices", &columns, hubs)
        .await
        .unwrap();
    let hub_ids: Vec<i64> = db::hardware::devices::HUBS
        .page::<db::hardware::devices::HubRow>(
            db,
            &db::Scope::builder(builder_id),
            &db::ListQuery::default(),
        )
        .await
        .unwrap()
        .data
        .iter()
        .map(|h| h.id)
        .collect();
    let mut rest = Vec::new();
    for (i, hub) in hub_ids.iter().enumerate() {
        let status = statuses[rng.gen_range(0..statuses.len())];
        let prefix = if i % 2 == 0 { "IGK" } else { "KW" };
        rest.push(device(
            kind::DOOR_LOCK,
            format!("{prefix}{b:02}{i:05}"),
            None,
            Some(*hub),
            status,
        ));
    }
    for (i, home) in home_ids.iter().enumerate() {
        rest.push(device(
            kind::SMART_LOCK,
            format!("SL{b:02}{i:05}"),
            Some(*home),
            None,
            71,
        ));
        rest.push(device(
            kind::WIFI_THERMOSTAT,
            format!("WT{b:02}{i:05}"),
            Some(*home),
            None,
            71,
        ));
    }
    db::bulk::insert_rows(db, "devices", &columns, rest)
        .await
        .unwrap();
    let locks: Vec<(i64, i64)> = db::hardware::devices::locks_to_watch(db, i64::MAX)
        .await
        .unwrap()
        .into_iter()
        .filter(|d| d.builder_id == builder_id)
        .map(|d| (d.id, d.property_id.unwrap_or(home_ids[0])))
        .collect();
    let history = (0..HISTORY_PER_BUILDER).map(|n| {
        let action = [
            "lock",
            "unlock",
            "codes",
            "activate",
            "scheduled_codes",
            "remove",
        ][n % 6];
        vec![
            Value::from(builder_id),
            Value::from("kwikset"),
            Value::from("door_lock"),
            Value::from(format!("KW{b:02}{:05}", n % HOMES_PER_BUILDER)),
            Value::from(home_ids[n % home_ids.len()]),
            Value::from(action),
            Value::from(now - chrono::Duration::minutes((HISTORY_PER_BUILDER - n) as i64 * 7)),
            Value::from(format!("hw.pm{b}")),
            Value::from(Some(format!("pm{b}@hardware.test"))),
        ]
    });
    db::bulk::insert_rows(
        db,
        "hub_activity_logs",
        &[
            "builder_id",
            "hub_type",
            "lock_type",
            "serial_number",
            "property_id",
            "action",
            "created_on",
            "created_by",
            "users_email",
        ],
        history.collect::<Vec<_>>(),
    )
    .await
    .unwrap();
    // Lock events in the order they happened, lock by lock within each stretch of time.
    let mut events = Vec::with_capacity(locks.len() * EVENTS_PER_LOCK);
    let span = EVENT_DAYS * 24 * 60;
    for step in 0..EVENTS_PER_LOCK {
        for (lock, home) in &locks {
            let minutes_ago =
                span - (step as i64 * span / EVENTS_PER_LOCK as i64) - rng.gen_range(0..60);
            let unlock = step % 2 == 0;
            events.push(vec![
                Value::from(builder_id),
                Value::from(*lock),
                Value::from(*home),
                Value::from(now - chrono::Duration::minutes(minutes_ago)),
                Value::from(if unlock { "unlock" } else { "lock" }),
                Value::from(if unlock {
                    "Unlocked with code Trade"
                } else {
                    "Locked"
                }),
                Value::Text(unlock.then(|| "Trade".to_string())),
            ]);
        }
    }
    db::bulk::insert_rows(
        db,
        "lock_events",
        &[
            "builder_id",
            "device_id",
            "property_id",
            "occurred_on",
            "action",
            "msg",
            "code_name",
        ],
        events,
    )
    .await
    .unwrap();
    builder_id
}

async fn seed(db: &Db) {
    let hash = server::auth::hash_password(PASSWORD);
    let enterprise = db::builders::create_enterprise(db, "Hardware Enterprise")
        .await
        .unwrap();
    let mut first = None;
    for b in 0..BUILDERS {
        let id = seed_builder(db, b, enterprise, &hash).await;
        first.get_or_insert(id);
    }
    crate::world_enterprise_user(db, "hw", first, enterprise, hash).await;
}

pub async fn run(name: &str, test_db: &db::testing::TestDb, data_dir: &std::path::Path) {
    let (how, seconds) = crate::seed_unless_kept(&test_db.db, "hw", seed(&test_db.db)).await;
    println!(
        "\n## {name}, hardware world: {BUILDERS} builders, {} devices, {} history rows, {} lock events {} in {:.0} s",
        BUILDERS * HOMES_PER_BUILDER * 4,
        BUILDERS * HISTORY_PER_BUILDER,
        BUILDERS * HOMES_PER_BUILDER * 2 * EVENTS_PER_LOCK,
        how,
        seconds
    );
    let (server, client, pm, enterprise) = crate::start_world(test_db, data_dir, "hw").await;
    let first_hub = {
        let (_, body) = send(
            &client,
            server.port,
            &Call::get("/api/hubs?limit=25".into(), &pm),
        )
        .await;
        serde_json::from_slice::<serde_json::Value>(&body).unwrap()["data"][0]["id"]
            .as_i64()
            .unwrap()
    };
    let calls = [
        ("locks, first page", "/api/locks?limit=25".to_string()),
        (
            "locks, current inventory",
            "/api/locks?returned=false&limit=25".into(),
        ),
        (
            "locks, returned",
            "/api/locks?returned=true&limit=25".into(),
        ),
        (
            "locks, filter Down",
            "/api/locks?lockStatus=Down&limit=25".into(),
        ),
        (
            "locks, search by device ID",
            "/api/locks?search=IGK03001&limit=25".into(),
        ),
        (
            "locks, sort by status",
            "/api/locks?orderBy=lock_status_value&order=desc&limit=25".into(),
        ),
        ("locks, deep page", "/api/locks?page=20&limit=25".into()),
        ("hubs, first page", "/api/hubs?limit=25".into()),
        (
            "smart locks, first page",
            "/api/smart-locks?limit=25".into(),
        ),
        (
            "wifi thermostats, first page",
            "/api/wifi-thermostats?limit=25".into(),
        ),
        (
            "hardware history, first page",
            "/api/hubs/activity-logs?limit=25".into(),
        ),
        (
            "hardware history, search",
            "/api/hubs/activity-logs?search=KW0300042&limit=25".into(),
        ),
        (
            "hardware history, sort by serial",
            "/api/hubs/activity-logs?orderBy=serial_number&order=asc&limit=25".into(),
        ),
        (
            "hardware history, deep page",
            "/api/hubs/activity-logs?page=1000&limit=25".into(),
        ),
        (
            "access history of a hub's lock, 7 days",
            format!("/api/hubs/{first_hub}/lock-logs"),
        ),
        (
            "access history of a smart lock, 7 days",
            "/api/smart-locks/SL0300007/lock-logs".into(),
        ),
    ];
    println!(
        "| call | p50 ms | p95 ms | p99 ms | req/s (16 clients) |\n| --- | --- | --- | --- | --- |"
    );
    let mut worst: f64 = 0.0;
    for (who, token) in [("one builder", &pm), ("all builders", &enterprise)] {
        for (label, path) in &calls {
            if who == "all builders" && path.contains("lock-logs") {
                continue;
            }
            let f = measure(
                &client,
                server.port,
                &[Call::get(path.clone(), token)],
                200,
                50,
            )
            .await;
            worst = worst.max(f.p95);
            row(&format!("{label} ({who})"), &f);
        }
    }
    println!("worst hardware list p95 {worst:.2} ms (budget 20)");
    drop(server);
    programming(name, test_db).await;
}

/// 1,000 scheduled codes starting in the same minute, on simulated locks answering in 200 ms:
/// the worker (of a server's size) sets them all before their start.
pub async fn programming(name: &str, test_db: &db::testing::TestDb) {
    const CODES: usize = 1_000;
    const LATENCY_MS: u64 = 200;
    let db = &test_db.db;
    let outbound = server::outbound::Outbound::new(Vec::new());
    let hw =
        server::hardware::Hardware::new(db.clone(), devices::wall_clock(), LATENCY_MS, outbound);
    // A hundred smart locks of a builder of their own, simulated.
    let builder_id = db::builders::create(
        db,
        &db::builders::NewBuilder {
            name: "Code Bench Builder".into(),
            webflow_name: "code-bench".into(),
            timezone: 52,
            ..Default::default()
        },
    )
    .await
    .unwrap();
    let mut locks = Vec::new();
    for n in 0..100 {
        let device = NewDevice {
            builder_id,
            kind: kind::SMART_LOCK.into(),
            serial_number: format!("CB{n:05}"),
            name: "Bench lock".into(),
            provider: "sim".into(),
            code_lengths: "4,5,6".into(),
            code_capacity: Some(100),
            locked: Some(true),
            battery: Some(1.0),
            status_id: Some(domain::devices::ACTIVE),
            ..NewDevice::default()
        };
        let id = db::hardware::devices::insert(db, &device).await.unwrap();
        hw.simulate(&device).await.unwrap();
        locks.push(
            db::hardware::devices::for_job(db, id)
                .await
                .unwrap()
                .expect("just written"),
        );
    }
    let start_at = hw.now() + chrono::Duration::minutes(3);
    let wanted: Vec<NewCode> = (0..CODES)
        .map(|n| {
            let lock = &locks[n % locks.len()];
            NewCode {
                builder_id: lock.builder_id,
                device_id: lock.id,
                property_id: lock.property_id,
                purpose: purpose::VISITOR,
                slot: None,
                code: format!("{}", 100_000 + n),
                name: format!("Bench {n}"),
                starts_at: Some(start_at + chrono::Duration::seconds((n % 60) as i64)),
                ends_at: Some(start_at + chrono::Duration::hours(1)),
                customer_id: None,
                created_by: "bench".into(),
            }
        })
        .collect();
    let began = Instant::now();
    let ids = codes::change(db, &wanted, &[], hw.now()).await.unwrap();
    let worker = server::worker::Worker::new(
        hw.clone(),
        server::notify::Notifier::outbox(std::env::temp_dir().join("bench-outbox.log")),
    );
    let running = tokio::spawn(worker.run());
    let mine: std::collections::HashSet<i64> = ids.iter().copied().collect();
    loop {
        let set = codes::every(db, purpose::VISITOR)
            .await
            .unwrap()
            .iter()
            .filter(|c| mine.contains(&c.id) && c.state == "set")
            .count();
        if set >= ids.len() || hw.now() > start_at + chrono::Duration::minutes(2) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    running.abort();
    let took = began.elapsed().as_secs_f64();
    let mut late = 0;
    let mut unset = 0;
    for id in &ids {
        let code = codes::get(db, *id).await.unwrap().unwrap();
        match code.set_on {
            Some(set) if set <= code.starts_at.unwrap() => {}
            Some(_) => late += 1,
            None => unset += 1,
        }
    }
    println!(
        "{name}: {} codes over {} locks answering in {LATENCY_MS} ms: all programmed in {took:.1} s, \
         {} before their start (budget: all), {late} late, {unset} not set",
        ids.len(),
        locks.len(),
        ids.len() - late - unset
    );
}
