//! Hardware: the device simulator over the database.

use std::time::Duration;

use chrono::Utc;
use devices::sim::{Clock, Faults, SimDevice, SimStore, Simulator};
use devices::{CodeSpec, DeviceError, DeviceKind, EventKind, Provider};
use server::sim_store::DbSimStore;

use super::*;

fn clock() -> Clock {
    std::sync::Arc::new(Utc::now)
}

#[tokio::test]
async fn simulated_devices_live_in_the_database_across_restarts() {
    let w = world().await;
    let first = Simulator::new(DbSimStore::new(w.state.db.clone()), Duration::ZERO, clock());
    first
        .store()
        .put(SimDevice::new(
            "SL-100",
            DeviceKind::SmartLock,
            "Front door",
        ))
        .await
        .unwrap();
    let id = first
        .set_code(
            "SL-100",
            &CodeSpec {
                code: "8642".into(),
                name: "Trade".into(),
                starts_at: None,
                ends_at: None,
            },
        )
        .await
        .unwrap();
    first
        .set_faults(
            "SL-100",
            Faults {
                jam: true,
                ..Faults::default()
            },
        )
        .await
        .unwrap();
    drop(first);
    // Another simulator on the same database (a restart, or a second server) sees it all.
    let second = Simulator::new(DbSimStore::new(w.state.db.clone()), Duration::ZERO, clock());
    let codes = second.codes("SL-100").await.unwrap();
    assert_eq!(codes.len(), 1);
    assert_eq!(codes[0].id, id);
    assert_eq!(second.lock("SL-100").await, Err(DeviceError::Jammed));
    assert!(second.keypad("SL-100", "8642").await.unwrap());
    let events = second
        .events("SL-100", chrono::DateTime::<Utc>::MIN_UTC)
        .await
        .unwrap();
    assert!(events.iter().any(|e| e.kind
        == EventKind::Unlocked {
            code_id: Some(id.clone()),
            code_name: Some("Trade".into())
        }));
    assert_eq!(second.status("nope").await, Err(DeviceError::NotFound));
    w.done().await;
}

#[tokio::test]
async fn the_admin_drives_simulated_devices_and_nobody_else_may() {
    let w = world().await;
    let admin = w.sign_in("demo.admin").await;
    let pm = w.sign_in("demo.pm").await;
    let body = json!({"kind": "smart_lock", "name": "Side door", "code_lengths": [4, 6], "code_capacity": 10});
    assert_eq!(
        w.put(&pm, "/api/sim/devices/SL-7", body.clone())
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    let added = w.put(&admin, "/api/sim/devices/SL-7", body).await;
    assert_eq!(added.status, StatusCode::CREATED, "{}", added.text());
    assert_eq!(added.json()["code_lengths"], json!([4, 6]));
    assert_eq!(added.json()["code_capacity"], 10);
    assert_eq!(added.json()["locked"], true);
    let bad = w
        .put(
            &admin,
            "/api/sim/devices/bad%20serial",
            json!({"kind": "toaster", "name": "", "code_lengths": [3]}),
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(bad.json()["errors"]["serial"].is_string(), "{}", bad.text());
    let bad = w
        .put(
            &admin,
            "/api/sim/devices/SL-8",
            json!({"kind": "toaster", "name": "", "code_lengths": [3]}),
        )
        .await;
    let errors = bad.json()["errors"].clone();
    assert!(
        errors["kind"].is_string()
            && errors["name"].is_string()
            && errors["code_lengths"].is_string()
    );

    // A code on the lock opens it from the keypad; a wrong one does not.
    let sim = server::http::sim::simulator(&w.state);
    sim.set_code(
        "SL-7",
        &CodeSpec {
            code: "1357".into(),
            name: "Visitor".into(),
            starts_at: None,
            ends_at: None,
        },
    )
    .await
    .unwrap();
    let typed = |code: &str| json!({"code": code});
    let opened = w
        .post(&admin, "/api/sim/devices/SL-7/keypad", typed("1357"))
        .await;
    assert_eq!(opened.json()["opened"], true, "{}", opened.text());
    let wrong = w
        .post(&admin, "/api/sim/devices/SL-7/keypad", typed("9999"))
        .await;
    assert_eq!(wrong.json()["opened"], false);
    assert_eq!(
        w.get(&admin, "/api/sim/devices/SL-7").await.json()["locked"],
        false
    );
    // Faults: an offline lock answers with its state, never a 500; codes stay masked.
    let faults = w
        .put(
            &admin,
            "/api/sim/devices/SL-7/faults",
            json!({"offline": true}),
        )
        .await;
    assert_eq!(faults.status, StatusCode::OK, "{}", faults.text());
    assert_eq!(faults.json()["faults"]["offline"], true);
    // As a JSON string: a time's fraction of a second may hold the same digits.
    assert!(!faults.text().contains("\"1357\""), "codes are secrets");
    let offline = w
        .post(&admin, "/api/sim/devices/SL-7/keypad", typed("1357"))
        .await;
    assert_eq!(
        (offline.status, offline.json()["message"].as_str()),
        (StatusCode::CONFLICT, Some("The device is offline"))
    );
    let battery = w
        .put(
            &admin,
            "/api/sim/devices/SL-7/battery",
            json!({"level": 0.1}),
        )
        .await;
    assert_eq!(battery.json()["battery"], 0.1);
    assert!(battery.json()["events"]
        .as_array()
        .unwrap()
        .iter()
        .any(|e| e["type"] == "battery_low"));
    assert_eq!(
        w.put(&admin, "/api/sim/devices/SL-7/battery", json!({"level": 2}))
            .await
            .status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    assert_eq!(
        w.get(&admin, "/api/sim/devices/none").await.status,
        StatusCode::NOT_FOUND
    );
    w.done().await;
}

async fn history(w: &World, token: &str, query: &str) -> Value {
    get(w, token, &format!("/api/hubs/activity-logs?{query}")).await
}

#[tokio::test]
async fn hardware_history_is_searched_sorted_exported_and_kept_per_builder() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let all = history(&w, &pm, "").await;
    let rows = all["data"].as_array().unwrap();
    assert_eq!(rows.len(), 25);
    let ids: Vec<i64> = rows.iter().map(|r| r["id"].as_i64().unwrap()).collect();
    assert!(
        ids.windows(2).all(|p| p[0] > p[1]),
        "newest id first by default"
    );
    let total = all["total"].as_i64().unwrap();
    assert!(total > 25);
    // Searched by serial number, property id, author or the action's shown words.
    let serial = rows[0]["serial_number"].as_str().unwrap().to_string();
    let by_serial = history(&w, &pm, &format!("search={serial}")).await;
    assert!(by_serial["data"]
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r["serial_number"] == serial.as_str()));
    let property = rows[0]["property_id"].as_i64().unwrap();
    let by_property = history(&w, &pm, &format!("search={property}&limit=150")).await;
    assert!(by_property["data"]
        .as_array()
        .unwrap()
        .iter()
        .any(|r| r["property_id"] == property));
    let sold = history(&w, &pm, "search=marked%20as%20sold&limit=150").await;
    assert!(sold["total"].as_i64().unwrap() > 0);
    assert!(sold["data"]
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r["action"] == "mask_as_sold"));
    let activated = history(&w, &pm, "search=Activated&limit=150").await;
    assert!(activated["data"]
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r["action"] == "activate"));
    let by_author = history(&w, &pm, "search=demo.pm").await;
    assert!(by_author["total"].as_i64().unwrap() > 0);
    let sorted = history(&w, &pm, "orderBy=serial_number&order=asc").await;
    let serials: Vec<&str> = sorted["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["serial_number"].as_str().unwrap())
        .collect();
    assert!(serials.windows(2).all(|p| p[0] <= p[1]));
    let bad = w.get(&pm, "/api/hubs/activity-logs?orderBy=secret").await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    // Another builder's history is not there; Other Staff have no hardware pages.
    let cedar = w.sign_in("cedar.pm").await;
    assert_eq!(
        history(&w, &cedar, &format!("search={serial}")).await["total"],
        0
    );
    // Over several builders: counted from the per-builder totals, each sort walked over the
    // whole table, and the same rows a search of two characters (which no index answers) finds.
    let ent = w.sign_in("demo.enterprise").await;
    let whole = |query: String| {
        let (w, ent) = (&w, &ent);
        async move {
            let mut entries: Vec<Value> = Vec::new();
            for page in 0.. {
                let answer = history(w, ent, &format!("{query}&limit=150&page={page}")).await;
                let rows = answer["data"].as_array().unwrap().clone();
                let total = answer["total"].as_i64().unwrap();
                entries.extend(rows.iter().cloned());
                if rows.is_empty() || entries.len() as i64 >= total {
                    assert_eq!(entries.len() as i64, total, "{query}");
                    break;
                }
            }
            entries
        }
    };
    let everything = whole("orderBy=id&order=desc".into()).await;
    assert!(everything.len() as i64 > total, "more than one builder's");
    for column in ["serial_number", "created_by", "action"] {
        for order in ["asc", "desc"] {
            let entries = whole(format!("orderBy={column}&order={order}")).await;
            assert_eq!(entries.len(), everything.len());
            let keys: Vec<(String, i64)> = entries
                .iter()
                .map(|r| {
                    let value = r[column].as_str().unwrap().to_lowercase();
                    (value, r["id"].as_i64().unwrap())
                })
                .collect();
            let mut expected = keys.clone();
            expected.sort();
            if order == "desc" {
                expected.reverse();
            }
            assert_eq!(keys, expected, "{column} {order}");
        }
    }
    let short = whole("search=pm".into()).await;
    let long = whole("search=.pm".into()).await;
    assert!(!long.is_empty());
    assert!(long.iter().all(|r| short.contains(r)));
    let field = w.sign_in("olivia.field").await;
    assert_eq!(
        w.get(&field, "/api/hubs/activity-logs").await.status,
        StatusCode::FORBIDDEN
    );
    // Export All: the whole filtered history as HubActivityLogs.csv, actions in their words.
    let export = w
        .post(
            &pm,
            "/api/hubs/activity-logs/exportAll",
            json!({"params": {"search": "marked as sold"}}),
        )
        .await;
    assert_eq!(export.status, StatusCode::OK, "{}", export.text());
    assert!(export.headers[header::CONTENT_DISPOSITION]
        .to_str()
        .unwrap()
        .contains("HubActivityLogs.csv"));
    let csv = export.text();
    let mut lines = csv.lines();
    assert!(lines
        .next()
        .unwrap()
        .contains("Serial Number,Property Id,Action"));
    let body: Vec<&str> = lines.collect();
    assert_eq!(body.len() as i64, sold["total"].as_i64().unwrap());
    assert!(
        body.iter()
            .all(|l| l.contains("\"Removed, marked as sold\"")),
        "{csv}"
    );
    w.done().await;
}
