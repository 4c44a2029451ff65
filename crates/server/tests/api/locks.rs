//! Hardware calls on the demo world's devices: the inventory, hubs, smart locks, thermostats,
//! alarm devices, Sync Codes Now, and codes carried to locks by the worker on the test clock.
//!
//! The demo world's first community (Oak Ridge, Brightway Homes, homes 1-6): home 1 is the model
//! home (hub HUB0100001 with door lock IGK0100001, a light, a thermostat and a motion sensor; wifi
//! thermostat WT0100001; relock 15 min, lockup 10:00 PM), home 2 has hub HUB0100002 whose lock
//! KW0100002 is offline, home 3 smart lock SL0100003 (codes of 4 or 6 digits) and an alarm unit,
//! home 4 is sold (its lock KW0100004 waits to be returned), home 6 a seam hub with KW0100006.

use ::devices::Provider;
use chrono::Duration;

use super::*;

fn message(answer: &Answer) -> String {
    answer.json()["message"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// The id of a device of a list by its serial number.
async fn id_of(w: &World, token: &str, list: &str, serial: &str) -> i64 {
    let rows = get(w, token, &format!("/api/{list}?search={serial}")).await;
    rows["data"][0]["id"]
        .as_i64()
        .expect("the device is listed")
}

/// Whether a simulated lock's bolt is thrown.
async fn locked(w: &World, serial: &str) -> Option<bool> {
    w.state
        .hardware
        .simulator()
        .status(serial)
        .await
        .unwrap()
        .locked
}

/// The codes a simulated lock holds, by name.
async fn on_lock(w: &World, serial: &str) -> Vec<(String, String)> {
    w.state
        .hardware
        .simulator()
        .codes(serial)
        .await
        .unwrap()
        .into_iter()
        .map(|c| (c.spec.name, c.spec.code))
        .collect()
}

#[tokio::test]
async fn the_inventory_lists_filters_partitions_and_exports_devices() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let hubs = get(&w, &pm, "/api/hubs?limit=150").await;
    assert!(hubs["total"].as_i64().unwrap() >= 9);
    let model = hubs["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|h| h["serial_number"] == "HUB0100001")
        .unwrap();
    assert_eq!(
        (
            model["device_count"].as_i64(),
            model["property_id"].as_i64()
        ),
        (Some(4), Some(1))
    );
    assert!(hubs["data"]
        .as_array()
        .unwrap()
        .iter()
        .all(|h| h["builder_id"] == 1));
    // Locks: Down in the filter is the offline one; returned locks apart from the rest.
    let down = get(&w, &pm, "/api/locks?lockStatus=Down&limit=150").await;
    let serials: Vec<&str> = down["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["serial_number"].as_str().unwrap())
        .collect();
    assert!(serials.contains(&"KW0100002"), "{serials:?}");
    assert!(down["data"]
        .as_array()
        .unwrap()
        .iter()
        .all(|l| l["lock_status_value"] == "Down"));
    let returned = get(&w, &pm, "/api/locks?returned=true&limit=150").await;
    assert!(returned["data"]
        .as_array()
        .unwrap()
        .iter()
        .all(|l| l["lock_shipment_status"] == "To be returned"));
    assert!(returned["data"]
        .as_array()
        .unwrap()
        .iter()
        .any(|l| l["serial_number"] == "KW0100004"));
    let current = get(&w, &pm, "/api/locks?returned=false&limit=150").await;
    let all = get(&w, &pm, "/api/locks?limit=150").await;
    assert_eq!(
        current["total"].as_i64().unwrap() + returned["total"].as_i64().unwrap(),
        all["total"].as_i64().unwrap()
    );
    let shipped_filter = get(&w, &pm, "/api/locks?lockStatus=To%20be%20returned").await;
    assert_eq!(shipped_filter["total"], returned["total"]);
    let communities = get(&w, &pm, "/api/locks/community").await;
    let oak = communities
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "Oak Ridge")
        .unwrap()["id"]
        .as_i64()
        .unwrap();
    let of_oak = get(&w, &pm, &format!("/api/locks?community={oak}")).await;
    assert!(of_oak["data"]
        .as_array()
        .unwrap()
        .iter()
        .all(|l| l["community_name"] == "Oak Ridge"));
    // The communities of the builder's smart locks, each once.
    let smart = get(&w, &pm, "/api/smart-locks/community").await;
    let mut named: Vec<&str> = smart
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    let locks = get(&w, &pm, "/api/smart-locks?limit=100").await;
    let mut expected: Vec<&str> = locks["data"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|l| l["community_name"].as_str())
        .collect();
    expected.sort_unstable();
    expected.dedup();
    named.sort_unstable();
    assert!(!named.is_empty());
    assert_eq!(named, expected);
    for bad in [
        "lockStatus=Shiny",
        "shipmentStatus=Lost",
        "community=oak",
        "returned=maybe",
    ] {
        let answer = w.get(&pm, &format!("/api/locks?{bad}")).await;
        assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}");
    }
    let smart = get(&w, &pm, "/api/smart-locks?search=SL0100003").await;
    assert_eq!(smart["data"][0]["smart_lock_type_id"], "seam");
    let thermostats = get(&w, &pm, "/api/wifi-thermostats?search=WT0100001").await;
    assert_eq!(thermostats["data"][0]["property_id"], 1);
    // The lock details; another builder's lock is not there.
    let record = get(&w, &pm, "/api/locks/IGK0100001").await;
    assert_eq!(
        (
            record["manufacturer"].as_str(),
            record["property_id"].as_i64()
        ),
        (Some("igloohome"), Some(1))
    );
    let cedar = w.sign_in("cedar.pm").await;
    assert_eq!(
        w.get(&cedar, "/api/locks/IGK0100001").await.status,
        StatusCode::NOT_FOUND
    );
    let theirs = get(&w, &cedar, "/api/locks?limit=150").await;
    assert!(theirs["data"]
        .as_array()
        .unwrap()
        .iter()
        .all(|l| l["builder_id"] == 3));
    // An enterprise user sees both builders' devices, and where only its own builder's are.
    let enterprise = w.sign_in("demo.enterprise").await;
    let both = get(&w, &enterprise, "/api/smart-locks?limit=150").await;
    let rows = both["data"].as_array().unwrap();
    assert!(rows.iter().any(|r| r["builder_id"] == 2));
    for row in rows {
        let own = row["builder_id"] == 1;
        assert_eq!(row["property_id"].is_number(), own, "{row}");
        assert_eq!(row["address_1"].is_string(), own, "{row}");
    }
    // Each panel's Export All.
    let export = w
        .post(
            &pm,
            "/api/locks/exportAll",
            json!({"query": "returned=true"}),
        )
        .await;
    assert_eq!(export.status, StatusCode::OK, "{}", export.text());
    let csv = export.text();
    assert!(
        csv.contains("KW0100004") && !csv.contains("IGK0100001"),
        "{csv}"
    );
    w.done().await;
}

#[tokio::test]
async fn a_new_device_is_registered_once_with_clear_errors() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let empty = w.post(&pm, "/api/locks", json!({"lock_id": " "})).await;
    assert_eq!(empty.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(empty.json()["errors"]["lock_id"], "Lock ID is required");
    let bad = w.post(&pm, "/api/locks", json!({"lock_id": "IGK77", "email": "nope", "purchase_date": "31/31/2026", "lock_status": "open"}))
    .await;
    let errors = bad.json()["errors"].clone();
    assert_eq!(errors["email"], "Email must be valid email");
    assert!(errors["purchase_date"].is_string() && errors["lock_status"].is_string());
    assert_eq!(
        get(&w, &pm, "/api/locks?search=IGK77").await["total"],
        0,
        "nothing changed"
    );
    let form = json!({
        "lock_id": "igk77", "secret_id": "s-1", "battery_change_date": "11/01/2026", "lock_version": "3",
        "licensee": "Brightway", "lock_status": "locked", "email": "ops@example.com",
        "manufacturer": "igloohome", "purchase_date": "10/15/2026", "license_start_date": "11/01/2026",
        "comments": "spare"
    });
    let created = w.post(&pm, "/api/locks", form.clone()).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
    assert_eq!(message(&created), "Device is created");
    let record = get(&w, &pm, "/api/locks/IGK77").await;
    assert_eq!(
        (
            record["lock_status_value"].as_str(),
            record["purchase_date"].as_str(),
            record["licensee"].as_str()
        ),
        (Some("Unassigned"), Some("2026-10-15"), Some("Brightway"))
    );
    let again = w.post(&pm, "/api/locks", form).await;
    assert_eq!(again.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        again.json()["errors"]["lock_id"],
        "A device with this Lock ID already exists"
    );
    // It is a real device: the simulator holds it, and the history says who registered it.
    assert!(w.state.hardware.simulator().status("IGK77").await.is_ok());
    let history = get(&w, &pm, "/api/hubs/activity-logs?search=IGK77").await;
    assert_eq!(history["data"][0]["action"], "registered");
    assert_eq!(history["data"][0]["created_by"], "demo.pm");
    w.done().await;
}

#[tokio::test]
async fn hub_commands_answer_in_the_spec_words_and_offline_locks_say_so() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let hub = id_of(&w, &pm, "hubs", "HUB0100001").await;
    let info = get(&w, &pm, &format!("/api/hubs/{hub}/info")).await;
    assert_eq!(
        (
            info["status"].as_str(),
            info["device_count"].as_i64(),
            info["is_adc"].as_bool()
        ),
        (Some("Online"), Some(4), Some(false))
    );
    let devices = get(&w, &pm, &format!("/api/hubs/{hub}/devices")).await;
    let kinds: Vec<&str> = devices
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["type"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        ["door_lock", "dimmable_light", "thermostat", "motion_sensor"]
    );
    let lock = &devices[0];
    let lock_id = lock["id"].as_i64().unwrap();
    assert_eq!(lock["properties"]["status"], "locked");
    // The home's codes are on the lock: master, trade and sales in the reserved slots.
    for slot in ["6", "7", "8"] {
        assert_eq!(
            lock["properties"]["userCodes"][slot]["state"], "set",
            "{lock}"
        );
    }
    assert_eq!(lock["properties"]["userCodes"]["6"]["mode"], 2);
    let unlock = w
        .patch(
            &pm,
            &format!("/api/hubs/{hub}/lock/status"),
            json!({"hubId": hub, "deviceId": lock_id, "status": "unlocked"}),
        )
        .await;
    assert_eq!(unlock.status, StatusCode::OK, "{}", unlock.text());
    assert_eq!(message(&unlock), "Lock is unlocked");
    assert_eq!(unlock.json()["device"]["properties"]["status"], "unlocked");
    let detail = get(&w, &pm, "/api/properties/1").await;
    assert_eq!(
        (detail["lockStatus"].as_str(), detail["hub_id"].as_i64()),
        (Some("Unlocked"), Some(hub))
    );
    let relock = w
        .patch(
            &pm,
            &format!("/api/hubs/{hub}/lock/status"),
            json!({"deviceId": lock_id, "status": "locked"}),
        )
        .await;
    assert_eq!(message(&relock), "Lock is locked");
    let bad = w
        .patch(
            &pm,
            &format!("/api/hubs/{hub}/lock/status"),
            json!({"deviceId": lock_id, "status": "ajar"}),
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    let auto = w
        .patch(
            &pm,
            &format!("/api/hubs/{hub}/lock/auto-lock"),
            json!({"deviceId": lock_id, "autoLock": true}),
        )
        .await;
    assert_eq!(message(&auto), "Auto-lock enabled");
    let off = w
        .patch(
            &pm,
            &format!("/api/hubs/{hub}/lock/auto-lock"),
            json!({"deviceId": lock_id, "autoLock": false}),
        )
        .await;
    assert_eq!(message(&off), "Auto-lock disabled");
    // Refresh Device reads the lock again and answers it.
    let refreshed = get(
        &w,
        &pm,
        &format!("/api/hubs/{hub}/devices/{lock_id}/refresh"),
    )
    .await;
    assert_eq!(
        (
            refreshed["id"].as_i64(),
            refreshed["properties"]["autoLock"].as_bool()
        ),
        (Some(lock_id), Some(false))
    );
    let light = devices[1]["id"].as_i64().unwrap();
    let on = w
        .patch(
            &pm,
            &format!("/api/hubs/{hub}/lights/{light}"),
            json!({"status": "on", "level": 60}),
        )
        .await;
    assert_eq!(message(&on), "Light is on");
    assert_eq!(on.json()["device"]["properties"]["light"]["level"], 60);
    let dark = w
        .patch(
            &pm,
            &format!("/api/hubs/{hub}/lights/{light}"),
            json!({"status": "off"}),
        )
        .await;
    assert_eq!(message(&dark), "Light is off");
    assert_eq!(dark.json()["device"]["properties"]["light"]["on"], false);
    let not_a_light = w
        .patch(
            &pm,
            &format!("/api/hubs/{hub}/lights/{lock_id}"),
            json!({"status": "on"}),
        )
        .await;
    assert_eq!(not_a_light.status, StatusCode::UNPROCESSABLE_ENTITY);
    let thermostat = devices[2]["id"].as_i64().unwrap();
    let crossed = w
        .patch(
            &pm,
            &format!("/api/hubs/{hub}/thermostat"),
            json!({"deviceId": thermostat, "heat_set_point": 80, "cool_set_point": 70}),
        )
        .await;
    assert_eq!(crossed.status, StatusCode::UNPROCESSABLE_ENTITY);
    let set = w
        .patch(
            &pm,
            &format!("/api/hubs/{hub}/thermostat"),
            json!({"deviceId": thermostat, "heat_set_point": 66, "cool_set_point": 77}),
        )
        .await;
    assert_eq!(message(&set), "Thermostat is updated");
    assert_eq!(
        set.json()["device"]["properties"]["thermostat"]["cool_set_point"],
        77.0
    );
    let reboot = w.get(&pm, &format!("/api/hubs/{hub}/reboot")).await;
    assert_eq!(reboot.status, StatusCode::OK);
    // An offline lock answers with its state, never a 500, and the history keeps the attempt.
    let down_hub = id_of(&w, &pm, "hubs", "HUB0100002").await;
    let down_lock = get(&w, &pm, &format!("/api/hubs/{down_hub}/devices")).await[0]["id"]
        .as_i64()
        .unwrap();
    let offline = w
        .patch(
            &pm,
            &format!("/api/hubs/{down_hub}/lock/status"),
            json!({"deviceId": down_lock, "status": "unlocked"}),
        )
        .await;
    assert_eq!(
        (offline.status, message(&offline).as_str()),
        (StatusCode::CONFLICT, "The device is offline")
    );
    let history = get(&w, &pm, "/api/hubs/activity-logs?search=KW0100002").await;
    assert_eq!(history["data"][0]["action"], "unlock failed");
    let tried = get(&w, &pm, "/api/hubs/activity-logs?search=IGK0100001").await;
    let actions: Vec<&str> = tried["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["action"].as_str().unwrap())
        .collect();
    assert_eq!(actions[..4], ["auto_lock", "auto_lock", "lock", "unlock"]);
    // The access history: the console's unlock, and a code typed on the keypad, by its name.
    let admin = w.sign_in("demo.admin").await;
    let master = lock["properties"]["userCodes"]["6"]["code"]
        .as_str()
        .unwrap();
    let typed = w
        .post(
            &admin,
            "/api/sim/devices/IGK0100001/keypad",
            json!({"code": master}),
        )
        .await;
    assert_eq!(typed.json()["opened"], true, "{}", typed.text());
    let logs = get(&w, &pm, &format!("/api/hubs/{hub}/lock-logs")).await;
    let logs = logs.as_array().unwrap();
    assert_eq!(logs[0]["msg"], "Unlocked with code Master");
    assert_eq!(logs[0]["pinCodeName"], "Master");
    assert!(logs.iter().any(|l| l["msg"] == "Unlocked remotely"));
    // A week of visits opened the door with the visitors' codes.
    assert!(logs.iter().any(|l| l["visitor"]["firstname"].is_string()));
    let old = get(
        &w,
        &pm,
        &format!("/api/hubs/{hub}/lock-logs?startDate=2020-01-01%2000:00:00&endDate=2020-01-08%2000:00:00"),
    )
    .await;
    assert_eq!(old.as_array().unwrap().len(), 0);
    let backwards = w.get(&pm, &format!("/api/hubs/{hub}/lock-logs?startDate=2026-01-08%2000:00:00&endDate=2026-01-01%2000:00:00"))
        .await;
    assert_eq!(backwards.status, StatusCode::UNPROCESSABLE_ENTITY);
    w.done().await;
}

#[tokio::test]
async fn hub_codes_keep_the_rules_and_reach_the_lock() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let hub = id_of(&w, &pm, "hubs", "HUB0100001").await;
    let lock = get(&w, &pm, &format!("/api/hubs/{hub}/devices")).await[0].clone();
    let lock_id = lock["id"].as_i64().unwrap();
    let codes_path = format!("/api/hubs/{hub}/lock/codes");
    // Slots 2 and 3 hold the demo's scheduled and visitor codes: the next free slot is 4.
    let identical = w.patch(&pm, &codes_path, json!({"deviceId": lock_id, "codes": [{"slot": 4, "code": "13579", "name": "Cleaner"}, {"slot": 5, "code": "13579", "name": "Painter"}]}))
    .await;
    assert_eq!(identical.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        identical.json()["errors"]["codes"],
        "Identical codes are not allowed!"
    );
    let reserved = w
        .patch(
            &pm,
            &codes_path,
            json!({"deviceId": lock_id, "codes": [{"key": 7, "code": "13579", "name": "Cleaner"}]}),
        )
        .await;
    assert_eq!(
        reserved.json()["errors"]["codes.7.slot"],
        "Some codes are not valid"
    );
    let short = w
        .patch(
            &pm,
            &codes_path,
            json!({"deviceId": lock_id, "codes": [{"slot": 4, "code": "123", "name": "Cleaner"}]}),
        )
        .await;
    assert_eq!(
        short.json()["errors"]["codes.4.code"],
        "invalid code length"
    );
    let added = w.patch(&pm, &codes_path, json!({"deviceId": lock_id, "codes": [{"slot": 4, "code": "13579", "name": "Cleaner"}]}))
    .await;
    assert_eq!(message(&added), "Codes are updated", "{}", added.text());
    let after = get(&w, &pm, &format!("/api/hubs/{hub}/devices")).await[0].clone();
    assert_eq!(after["properties"]["userCodes"]["4"]["state"], "set");
    assert!(on_lock(&w, "IGK0100001")
        .await
        .contains(&("Cleaner".into(), "13579".into())));
    // The master code: created once, then updated; the old one leaves the lock.
    let code_path = format!("/api/hubs/{hub}/lock/code");
    let twice = w
        .post(
            &pm,
            &code_path,
            json!({"deviceId": lock_id, "code": "97531"}),
        )
        .await;
    assert_eq!(twice.status, StatusCode::UNPROCESSABLE_ENTITY);
    let old_master = lock["properties"]["userCodes"]["6"]["code"]
        .as_str()
        .unwrap()
        .to_string();
    let updated = w
        .patch(
            &pm,
            &code_path,
            json!({"deviceId": lock_id, "code": "97531"}),
        )
        .await;
    assert_eq!(message(&updated), "Code is updated", "{}", updated.text());
    let held = on_lock(&w, "IGK0100001").await;
    assert!(held.contains(&("Master".into(), "97531".into())));
    assert!(!held.iter().any(|(_, code)| *code == old_master));
    let deleted = w
        .delete_with(&pm, &code_path, json!({"deviceId": lock_id, "codeKey": 4}))
        .await;
    assert_eq!(message(&deleted), "Code is deleted");
    assert!(!on_lock(&w, "IGK0100001")
        .await
        .iter()
        .any(|(name, _)| name == "Cleaner"));
    let gone = w
        .delete_with(&pm, &code_path, json!({"deviceId": lock_id, "codeKey": 4}))
        .await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND);
    // Scheduled codes: four digits, five minutes ahead, lasting five minutes.
    let now = w.state.hardware.now();
    let at = |minutes: i64| (now + Duration::minutes(minutes)).to_rfc3339();
    let scheduled_path = format!("/api/hubs/{hub}/lock/scheduled-codes");
    let early = w
        .patch(
            &pm,
            &scheduled_path,
            json!({"deviceId": lock_id, "scheduledCodes": [
                {"code": "12", "name": "", "scheduled_on": at(3), "expires_on": at(6)},
                {"code": "2468", "name": "Tour", "scheduled_on": "whenever", "expires_on": at(10)}
            ]}),
        )
        .await;
    let errors = early.json()["errors"].clone();
    assert_eq!(
        errors["scheduledCodes.0.code"],
        "Code must be exactly 4 digits."
    );
    assert_eq!(errors["scheduledCodes.0.name"], "Name is required.");
    assert_eq!(
        errors["scheduledCodes.0.scheduled_on"],
        "Scheduled time must be at least 5 minutes from now."
    );
    assert_eq!(
        errors["scheduledCodes.1.scheduled_on"],
        "Scheduled time is invalid."
    );
    let saved = w
        .patch(
            &pm,
            &scheduled_path,
            json!({"deviceId": lock_id, "scheduledCodes": [
                {"code": "2468", "name": "Tour Ann", "scheduled_on": at(30), "expires_on": at(90)}
            ]}),
        )
        .await;
    assert_eq!(
        message(&saved),
        "Scheduled codes updated",
        "{}",
        saved.text()
    );
    let scheduled = get(&w, &pm, &format!("/api/hubs/{hub}/devices")).await[0]["properties"]
        ["scheduledCodes"]
        .clone();
    let tour = scheduled
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "Tour Ann")
        .unwrap();
    // Within the preload: on the lock already, in the first free slot.
    assert_eq!(
        (tour["slot"].as_i64(), tour["state"].as_str()),
        (Some(4), Some("set"))
    );
    let removed = w
        .delete_with(
            &pm,
            &format!("/api/hubs/{hub}/lock/scheduled-code"),
            json!({"deviceId": lock_id, "slot": 4}),
        )
        .await;
    assert_eq!(message(&removed), "Scheduled code deleted");
    assert!(!on_lock(&w, "IGK0100001")
        .await
        .iter()
        .any(|(name, _)| name == "Tour Ann"));
    // The demo's visitor code the lock refused shows failed, with its backup in use.
    let visitor = scheduled
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "Visitor Jordan")
        .unwrap();
    assert_eq!(
        (
            visitor["state"].as_str(),
            visitor["backup_in_use"].as_bool()
        ),
        (Some("failed"), Some(true))
    );
    assert_eq!(visitor["error"], "The lock already holds this code");
    w.done().await;
}

#[tokio::test]
async fn a_lock_full_of_codes_refuses_more_and_its_capacity_shows() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let hub = id_of(&w, &pm, "hubs", "HUB0100001").await;
    let lock = get(&w, &pm, &format!("/api/hubs/{hub}/devices")).await[0].clone();
    let lock_id = lock["id"].as_i64().unwrap();
    let capacity = lock["properties"]["capacity"].clone();
    let (used, available) = (
        capacity["used"].as_i64().unwrap(),
        capacity["available"].as_i64().unwrap(),
    );
    assert!(used > 0 && used < available, "{capacity}");
    // More scheduled codes than the slots left: refused whole, with the count, nothing kept.
    let now = w.state.hardware.now();
    let at = |minutes: i64| (now + Duration::minutes(minutes)).to_rfc3339();
    // Digits none of the lock's codes have (the demo's visitors' codes are random).
    let held: Vec<String> = db::hardware::codes::live_on(&w.state.db, &[lock_id])
        .await
        .unwrap()
        .into_iter()
        .map(|c| c.code)
        .collect();
    let codes = |count: i64, first: i64| -> Vec<Value> {
        (first..)
            .filter(|n| !held.contains(&n.to_string()))
            .take(usize::try_from(count).unwrap())
            .map(|n| json!({"code": n.to_string(), "name": format!("Tour {n}"), "scheduled_on": at(30), "expires_on": at(90)}))
            .collect()
    };
    let too_many = codes(available - used + 1, 3000);
    let path = format!("/api/hubs/{hub}/lock/scheduled-codes");
    let refused = w
        .patch(
            &pm,
            &path,
            json!({"deviceId": lock_id, "scheduledCodes": too_many}),
        )
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        refused.json()["errors"]["scheduledCodes"],
        format!("The lock has no free code slot ({used} of {available} used)")
    );
    let after = get(&w, &pm, &format!("/api/hubs/{hub}/devices")).await[0].clone();
    assert_eq!(after["properties"]["capacity"]["used"], used);
    // The ones that fit are taken, and counted.
    let fitting = codes(available - used, 5000);
    let taken = w
        .patch(
            &pm,
            &path,
            json!({"deviceId": lock_id, "scheduledCodes": fitting}),
        )
        .await;
    assert_eq!(
        message(&taken),
        "Scheduled codes updated",
        "{}",
        taken.text()
    );
    let full = get(&w, &pm, &format!("/api/hubs/{hub}/devices")).await[0].clone();
    assert_eq!(full["properties"]["capacity"]["used"], available);
    w.done().await;
}

#[tokio::test]
async fn access_settings_changes_go_into_the_locks_history_with_who_made_them() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let hub = id_of(&w, &pm, "hubs", "HUB0100001").await;
    let home = get(&w, &pm, &format!("/api/hubs/{hub}/info")).await["property_id"]
        .as_i64()
        .unwrap();
    let settings_rows = || async {
        get(
            &w,
            &pm,
            "/api/hubs/activity-logs?search=IGK0100001&limit=100",
        )
        .await["data"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| r["action"] == "settings")
            .cloned()
            .collect::<Vec<Value>>()
    };
    assert!(settings_rows().await.is_empty());
    let mut edit = get(&w, &pm, &format!("/api/properties/{home}")).await;
    edit["access_settings"] = json!(true);
    edit["relock_interval"] = json!(20);
    edit["end_of_day_lockup"] = json!("9:30 PM");
    let path = format!("/api/properties/{home}");
    let saved = w.post(&pm, &path, edit.clone()).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());
    let rows = settings_rows().await;
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0]["created_by"], "demo.pm");
    // Saving the home again without a change of them adds nothing.
    let again = w.post(&pm, &path, edit).await;
    assert_eq!(again.status, StatusCode::OK);
    assert_eq!(settings_rows().await.len(), 1);
    w.done().await;
}

#[tokio::test]
async fn a_code_that_failed_for_good_is_alerted_once_however_often_it_is_looked_at() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let hub = id_of(&w, &pm, "hubs", "HUB0100001").await;
    let lock_id = get(&w, &pm, &format!("/api/hubs/{hub}/devices")).await[0]["id"]
        .as_i64()
        .unwrap();
    // Staff save again while the demo's refused visitor code's jobs are still queued.
    w.patch(
        &pm,
        &format!("/api/hubs/{hub}/lock/codes"),
        json!({"deviceId": lock_id, "codes": [{"slot": 4, "code": "86420", "name": "Cleaner"}]}),
    )
    .await;
    drain(&worker(&w)).await;
    let alerts = db::hardware::alerts::about_codes(&w.state.db)
        .await
        .unwrap();
    assert!(alerts.iter().any(|(_, kind)| kind == "code_failed"));
    let mut once = alerts.clone();
    once.sort();
    once.dedup();
    assert_eq!(once.len(), alerts.len(), "{alerts:?}");
    w.done().await;
}

#[tokio::test]
async fn smart_lock_codes_keep_their_rules() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let details = get(&w, &pm, "/api/smart-locks/SL0100003").await;
    assert_eq!(details["supported_code_lengths"], json!([4, 6]));
    let trade = details["accessCodes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "Trade")
        .unwrap()
        .clone();
    assert_eq!(trade["status"], "Active");
    let add = |code: &str, name: &str| json!({"code": code, "name": name});
    let path = "/api/smart-locks/SL0100003/code";
    let checks = [
        (
            add("12a4", "Cleaner"),
            "code",
            "code must be a number".to_string(),
        ),
        (
            add("12345", "Cleaner"),
            "code",
            "invalid code length".to_string(),
        ),
        (
            add(trade["code"].as_str().unwrap(), "Cleaner"),
            "code",
            format!(
                "code {} already exists as Trade",
                trade["code"].as_str().unwrap()
            ),
        ),
    ];
    for (body, field, expected) in checks {
        let answer = w.post(&pm, path, body).await;
        assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(answer.json()["errors"][field], expected.as_str());
    }
    let created = w.post(&pm, path, add("246810", "Cleaner")).await;
    assert_eq!(message(&created), "Code is created", "{}", created.text());
    let details = get(&w, &pm, "/api/smart-locks/SL0100003").await;
    let cleaner = details["accessCodes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "Cleaner")
        .unwrap()
        .clone();
    assert_eq!(cleaner["status"], "Active");
    let id = cleaner["access_code_id"].as_i64().unwrap();
    let updated = w
        .post(
            &pm,
            path,
            json!({"code": "864200", "name": "Cleaner", "access_code_id": id}),
        )
        .await;
    assert_eq!(message(&updated), "Code is updated");
    let held = on_lock(&w, "SL0100003").await;
    assert!(held.contains(&("Cleaner".into(), "864200".into())));
    assert!(!held.contains(&("Cleaner".into(), "246810".into())));
    // Scheduled codes: ten minutes ahead, thirty long, names up to 50.
    let now = w.state.hardware.now();
    let at = |minutes: i64| (now + Duration::minutes(minutes)).to_rfc3339();
    let bad = w.post(&pm, "/api/smart-locks/SL0100003/scheduled-codes", json!({"scheduledCodes": [{"code": "", "name": "", "scheduled_on": at(9), "expires_on": at(30)}]}))
    .await;
    let errors = bad.json()["errors"].clone();
    assert_eq!(errors["scheduledCodes.0.code"], "Code is required.");
    assert_eq!(errors["scheduledCodes.0.name"], "Name is required.");
    assert_eq!(
        errors["scheduledCodes.0.scheduled_on"],
        "Scheduled time must be at least 10 minutes from now."
    );
    assert_eq!(
        errors["scheduledCodes.0.expires_on"],
        "Expires time must be at least 30 minutes after scheduled time."
    );
    let saved = w.post(&pm, "/api/smart-locks/SL0100003/scheduled-codes", json!({"scheduledCodes": [{"code": "1122", "name": "Showing with the Lees", "scheduled_on": at(180), "expires_on": at(240), "is_added": false}]}))
    .await;
    assert_eq!(message(&saved), "Scheduled code updated successfully!");
    let details = get(&w, &pm, "/api/smart-locks/SL0100003").await;
    let showing = details["scheduledCodes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "Showing with the Lees")
        .unwrap()
        .clone();
    // Hours ahead: waiting for its preload, Pending.
    assert_eq!(
        (showing["state"].as_str(), showing["status"].as_str()),
        (Some("scheduled"), Some("Pending"))
    );
    let deleted = w.delete_with(&pm, "/api/smart-locks/scheduled-code", json!({"smartLockSerial": "SL0100003", "access_code_id": showing["access_code_id"], "scheduled_code_id": showing["id"]}))
    .await;
    assert_eq!(message(&deleted), "Scheduled code deleted successfully!");
    let gone = w
        .delete_with(
            &pm,
            "/api/smart-locks/code",
            json!({"smartLockSerial": "SL0100003", "access_code_id": showing["id"]}),
        )
        .await;
    assert_eq!(
        gone.status,
        StatusCode::NOT_FOUND,
        "a scheduled code is not a permanent one"
    );
    let replaced = w
        .delete_with(
            &pm,
            "/api/smart-locks/code",
            json!({"smartLockSerial": "SL0100003", "access_code_id": id}),
        )
        .await;
    assert_eq!(
        replaced.status,
        StatusCode::NOT_FOUND,
        "the replaced code is gone"
    );
    let current = get(&w, &pm, "/api/smart-locks/SL0100003").await["accessCodes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "Cleaner")
        .unwrap()["access_code_id"]
        .clone();
    let removed = w
        .delete_with(
            &pm,
            "/api/smart-locks/code",
            json!({"smartLockSerial": "SL0100003", "access_code_id": current}),
        )
        .await;
    assert_eq!(message(&removed), "Code is deleted");
    // At most 8 codes.
    let mut added = 0;
    for n in 0..8 {
        let answer = w
            .post(&pm, path, add(&format!("55{n:02}"), &format!("Crew {n}")))
            .await;
        if answer.status == StatusCode::OK {
            added += 1;
        } else {
            assert_eq!(
                answer.json()["errors"]["codes"],
                "A lock holds at most 8 codes"
            );
        }
    }
    let details = get(&w, &pm, "/api/smart-locks/SL0100003").await;
    assert_eq!(
        details["accessCodes"].as_array().unwrap().len(),
        8,
        "added {added}"
    );
    // Locking it, and its access history.
    let unlocked = w
        .patch(
            &pm,
            "/api/smart-locks/SL0100003/status",
            json!({"status": "unlocked"}),
        )
        .await;
    assert_eq!(unlocked.json()["locked"], false, "{}", unlocked.text());
    let logs = get(&w, &pm, "/api/smart-locks/SL0100003/lock-logs").await;
    assert_eq!(logs[0]["msg"], "Unlocked remotely");
    w.done().await;
}

#[tokio::test]
async fn wifi_thermostats_show_and_take_their_set_points() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let details = get(&w, &pm, "/api/wifi-thermostats/WT0100001").await;
    assert!(details["token"]["token"].as_str().unwrap().contains('.'));
    assert_eq!(details["online"], true);
    let bad = w
        .patch(
            &pm,
            "/api/wifi-thermostats/WT0100001",
            json!({"heat_set_point": 120}),
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(bad.json()["errors"]["heat_set_point"].is_string());
    let set = w
        .patch(
            &pm,
            "/api/wifi-thermostats/WT0100001",
            json!({"heat_set_point": 64, "cool_set_point": 79}),
        )
        .await;
    assert_eq!(message(&set), "Thermostat is updated");
    assert_eq!(set.json()["thermostat"]["heat_set_point"], 64.0);
    let detail = get(&w, &pm, "/api/properties/1").await;
    assert_eq!(detail["wifi_thermostat_serial_number"], "WT0100001");
    w.done().await;
}

#[tokio::test]
async fn sync_codes_now_reports_each_lock_and_pushes_new_codes() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let offline = w
        .patch(
            &pm,
            "/api/hubs/automationCodes",
            json!({"propertyId": 2, "deviceId": null, "builderName": "Brightway Homes"}),
        )
        .await;
    assert_eq!(offline.status, StatusCode::OK, "{}", offline.text());
    assert_eq!(
        message(&offline),
        "0 of 1 devices updated; 1 failed: Front door (KW0100002): The device is offline"
    );
    let fine = w
        .patch(
            &pm,
            "/api/smart-locks/automationCodes",
            json!({"propertyId": 3}),
        )
        .await;
    assert_eq!(message(&fine), "1 of 1 devices updated");
    // The community's Sync Codes Now saves its codes and pushes them where homes have none.
    let community = get(&w, &pm, "/api/properties/1").await["community_id"]
        .as_i64()
        .unwrap();
    let synced = w
        .patch(
            &pm,
            &format!("/api/communities/{community}/automationCodes"),
            json!({"communityCode": "482910", "tradeCode": "7777", "salesCode": "7340"}),
        )
        .await;
    assert_eq!(synced.status, StatusCode::OK, "{}", synced.text());
    assert!(
        message(&synced).ends_with(
            "3 of 4 devices updated; 1 failed: Front door (KW0100002): The device is offline"
        ),
        "{}",
        message(&synced)
    );
    assert_eq!(synced.json()["results"].as_array().unwrap().len(), 4);
    let held = on_lock(&w, "IGK0100001").await;
    assert!(held.contains(&("Trade".into(), "7777".into())), "{held:?}");
    assert_eq!(
        held.iter().filter(|(name, _)| name == "Trade").count(),
        1,
        "the old trade code left"
    );
    let too_short = w
        .patch(
            &pm,
            &format!("/api/communities/{community}/automationCodes"),
            json!({"communityCode": "12", "tradeCode": "", "salesCode": ""}),
        )
        .await;
    assert_eq!(too_short.status, StatusCode::UNPROCESSABLE_ENTITY);
    w.done().await;
}

#[tokio::test]
async fn scheduled_codes_are_preloaded_opened_only_in_their_window_and_taken_off() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let worker = worker(&w);
    let now = w.state.hardware.now();
    let at = |minutes: i64| (now + Duration::minutes(minutes)).to_rfc3339();
    let saved = w.post(&pm, "/api/smart-locks/SL0100003/scheduled-codes", json!({"scheduledCodes": [{"code": "9090", "name": "Evening tour", "scheduled_on": at(180), "expires_on": at(240)}]}))
    .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());
    let state = |details: &Value| {
        details["scheduledCodes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == "Evening tour")
            .map(|c| c["state"].as_str().unwrap().to_string())
    };
    drain(&worker).await;
    assert_eq!(
        state(&get(&w, &pm, "/api/smart-locks/SL0100003").await).as_deref(),
        Some("scheduled")
    );
    assert!(!on_lock(&w, "SL0100003")
        .await
        .iter()
        .any(|(n, _)| n == "Evening tour"));
    // An hour before its start it goes on the lock, but opens it only from its start.
    w.clock.advance(Duration::minutes(125));
    drain(&worker).await;
    assert_eq!(
        state(&get(&w, &pm, "/api/smart-locks/SL0100003").await).as_deref(),
        Some("set")
    );
    let sim = w.state.hardware.simulator();
    assert!(!sim.keypad("SL0100003", "9090").await.unwrap());
    w.clock.advance(Duration::minutes(60));
    assert!(sim.keypad("SL0100003", "9090").await.unwrap());
    // At its end the job takes it off; it is gone from the list and from the lock.
    w.clock.advance(Duration::minutes(60));
    drain(&worker).await;
    assert_eq!(
        state(&get(&w, &pm, "/api/smart-locks/SL0100003").await),
        None
    );
    assert!(!on_lock(&w, "SL0100003")
        .await
        .iter()
        .any(|(n, _)| n == "Evening tour"));
    assert!(!sim.keypad("SL0100003", "9090").await.unwrap());
    w.done().await;
}

#[tokio::test]
async fn a_code_the_lock_will_not_take_is_retried_and_its_backup_issued_at_its_start() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let admin = w.sign_in("demo.admin").await;
    let worker = worker(&w);
    let faults = w
        .put(
            &admin,
            "/api/sim/devices/SL0100003/faults",
            json!({"fail_set_code": true}),
        )
        .await;
    assert_eq!(faults.status, StatusCode::OK);
    let now = w.state.hardware.now();
    let at = |minutes: i64| (now + Duration::minutes(minutes)).to_rfc3339();
    w.post(&pm, "/api/smart-locks/SL0100003/scheduled-codes", json!({"scheduledCodes": [{"code": "4242", "name": "Tour Kim", "scheduled_on": at(15), "expires_on": at(75)}]}))
    .await;
    let find = |details: Value| {
        details["scheduledCodes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == "Tour Kim")
            .cloned()
            .unwrap()
    };
    let code = find(get(&w, &pm, "/api/smart-locks/SL0100003").await);
    assert_eq!(code["state"], "setting");
    assert_eq!(
        code["error"],
        "The device refused: the lock did not take the code"
    );
    // Retried with a growing delay; after three tries it shows failed, and staff hear of it.
    for _ in 0..4 {
        w.clock.advance(Duration::minutes(3));
        drain(&worker).await;
    }
    let code = find(get(&w, &pm, "/api/smart-locks/SL0100003").await);
    assert_eq!(
        (code["state"].as_str(), code["backup_in_use"].as_bool()),
        (Some("failed"), Some(false))
    );
    // Its start passes: the community's backup code is in use (the master, already on the lock).
    w.clock.advance(Duration::minutes(5));
    drain(&worker).await;
    let code = find(get(&w, &pm, "/api/smart-locks/SL0100003").await);
    assert_eq!(code["backup_in_use"], true, "{code}");
    let mails = db::messages::mails_to(&w.state.db, "demo.pm@demo.tourdesk.test")
        .await
        .unwrap();
    let subjects: Vec<&str> = mails.iter().map(|m| m.subject.as_str()).collect();
    assert!(
        subjects.contains(&"Tourdesk: A code could not be set"),
        "{subjects:?}"
    );
    assert!(
        subjects.contains(&"Tourdesk: Backup code in use"),
        "{subjects:?}"
    );
    assert!(
        mails.iter().all(|m| !m.body.contains("4242")),
        "codes never travel in alerts"
    );
    // The lock takes codes again: the next try sets it.
    w.put(&admin, "/api/sim/devices/SL0100003/faults", json!({}))
        .await;
    w.clock.advance(Duration::minutes(6));
    drain(&worker).await;
    let code = find(get(&w, &pm, "/api/smart-locks/SL0100003").await);
    assert_eq!(
        (code["state"].as_str(), code["backup_in_use"].as_bool()),
        (Some("set"), Some(false))
    );
    w.done().await;
}

#[tokio::test]
async fn doors_relock_after_the_interval_and_homes_lock_up_at_night() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let worker = worker(&w);
    let hub = id_of(&w, &pm, "hubs", "HUB0100001").await;
    let lock = get(&w, &pm, &format!("/api/hubs/{hub}/devices")).await[0]["id"]
        .as_i64()
        .unwrap();
    // The model home relocks after 15 minutes (outside staff hours, or 10 within them).
    w.patch(
        &pm,
        &format!("/api/hubs/{hub}/lock/status"),
        json!({"deviceId": lock, "status": "unlocked"}),
    )
    .await;
    drain(&worker).await;
    assert_eq!(
        locked(&w, "IGK0100001").await,
        Some(false),
        "not before its time"
    );
    w.clock.advance(Duration::minutes(16));
    drain(&worker).await;
    assert_eq!(locked(&w, "IGK0100001").await, Some(true));
    let history = get(&w, &pm, "/api/hubs/activity-logs?search=IGK0100001").await;
    assert_eq!(
        (
            history["data"][0]["action"].as_str(),
            history["data"][0]["created_by"].as_str()
        ),
        (Some("lock"), Some("Relock"))
    );
    // At 10:00 PM in the home's time zone every lock of the home is locked.
    w.patch(
        &pm,
        &format!("/api/hubs/{hub}/lock/status"),
        json!({"deviceId": lock, "status": "unlocked"}),
    )
    .await;
    let timezone = get(&w, &pm, "/api/properties/1").await["timezone"]
        .as_i64()
        .unwrap();
    let now = w.state.hardware.now();
    let local = domain::zones::to_local(timezone, now);
    let mut target = local.date().and_hms_opt(22, 5, 0).unwrap();
    if target <= local {
        target += Duration::days(1);
    }
    w.clock
        .advance(domain::zones::from_local(timezone, target) - now);
    // A later unlock's relock is not due yet; the lockup is.
    worker.tick().await;
    drain(&worker).await;
    assert_eq!(locked(&w, "IGK0100001").await, Some(true));
    let history = get(&w, &pm, "/api/hubs/activity-logs?search=IGK0100001").await;
    assert!(history["data"]
        .as_array()
        .unwrap()
        .iter()
        .any(|r| r["created_by"] == "End Of Day Lockup"));
    // A lock that will not lock raises an alert.
    let admin = w.sign_in("demo.admin").await;
    w.put(
        &admin,
        "/api/sim/devices/IGK0100001/faults",
        json!({"jam": true}),
    )
    .await;
    w.patch(
        &pm,
        &format!("/api/hubs/{hub}/lock/status"),
        json!({"deviceId": lock, "status": "unlocked"}),
    )
    .await;
    w.clock.advance(Duration::minutes(16));
    drain(&worker).await;
    let since = now - Duration::days(1);
    assert!(
        db::hardware::alerts::count_since(&w.state.db, "not_locked", since)
            .await
            .unwrap()
            >= 1
    );
    assert!(
        db::hardware::alerts::count_since(&w.state.db, "jam", since)
            .await
            .unwrap()
            >= 1
    );
    let detail = get(&w, &pm, "/api/properties/1").await;
    assert_eq!(
        (
            detail["lockStatus"].as_str(),
            detail["lock_status"].as_str()
        ),
        (Some("Jammed"), Some("Awaiting Repair"))
    );
    w.done().await;
}

#[tokio::test]
async fn low_batteries_and_lost_connections_reach_staff_by_their_preferences() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let admin = w.sign_in("demo.admin").await;
    let mut profile = get(&w, &pm, "/api/profile").await;
    profile["lock_battery_level_send_email"] = json!(1);
    profile["lock_battery_level_send_sms"] = json!(1);
    profile["lock_offline_send_email"] = json!(1);
    let saved = w.patch(&pm, "/api/profile", profile).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());
    w.put(
        &admin,
        "/api/sim/devices/SL0100003/battery",
        json!({"level": 0.1}),
    )
    .await;
    w.put(
        &admin,
        "/api/sim/devices/SL0100003/faults",
        json!({"offline": true}),
    )
    .await;
    let mails = db::messages::mails_to(&w.state.db, "demo.pm@demo.tourdesk.test")
        .await
        .unwrap();
    let battery = mails
        .iter()
        .find(|m| m.subject == "Tourdesk: Lock battery low")
        .expect("a battery mail");
    assert!(
        battery.body.contains("Side door (SL0100003)") && battery.body.contains("10% left"),
        "{}",
        battery.body
    );
    assert!(mails
        .iter()
        .any(|m| m.subject == "Tourdesk: Lock offline" && m.body.contains("went offline")));
    let phone = get(&w, &pm, "/api/profile").await["phone"]
        .as_str()
        .unwrap()
        .to_string();
    let texts = db::messages::sms_to(&w.state.db, &phone).await.unwrap();
    assert!(
        texts.iter().any(|t| t.body.contains("low battery")),
        "{texts:?}"
    );
    assert!(
        !texts.iter().any(|t| t.body.contains("went offline")),
        "offline texts were not asked for"
    );
    let detail = get(&w, &pm, "/api/properties/3").await;
    assert_eq!(
        (
            detail["smartLockStatus"].as_str(),
            detail["lock_status"].as_str()
        ),
        (Some("Offline"), Some("Down"))
    );
    // The worker delivers what was queued.
    drain(&worker(&w)).await;
    w.done().await;
}

#[tokio::test]
async fn alarm_units_attach_activate_and_are_marked_sold() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    assert_eq!(
        get(&w, &pm, "/api/hubs/adc-account").await["hasAccount"],
        true
    );
    let cedar = w.sign_in("cedar.pm").await;
    assert_eq!(
        get(&w, &cedar, "/api/hubs/adc-account").await["hasAccount"],
        false
    );
    let units = get(&w, &pm, "/api/hubs/adc-devices").await;
    let rows = units["data"].as_array().unwrap().clone();
    assert_eq!(units["total"], 4);
    let ids: Vec<i64> = rows
        .iter()
        .map(|r| r["CustomerId"].as_i64().unwrap())
        .collect();
    assert!(ids.windows(2).all(|p| p[0] > p[1]), "CustomerId descending");
    // Export All: every unit, Attached or Available, in the list's order.
    let export = w
        .post(
            &pm,
            "/api/hubs/adc-devices/exportAll",
            json!({"query": "orderBy=CustomerId&order=desc"}),
        )
        .await;
    assert_eq!(export.status, StatusCode::OK, "{}", export.text());
    let csv = export.text();
    let lines: Vec<&str> = csv.trim_start_matches('\u{feff}').lines().collect();
    assert!(
        lines[0].starts_with("Customer ID,Unit Description,Status"),
        "{csv}"
    );
    assert_eq!(lines.len(), 5, "{csv}");
    assert!(lines[1].starts_with(&ids[0].to_string()), "{csv}");
    assert!(
        csv.contains("Attached") && csv.contains("Available"),
        "{csv}"
    );
    assert_eq!(
        rows.iter().filter(|r| r["property_id"].is_number()).count(),
        2
    );
    let available = rows
        .iter()
        .find(|r| r["property_id"].is_null())
        .unwrap()
        .clone();
    let customer = available["CustomerId"].as_i64().unwrap();
    // Save Hub on a created home, then Activate.
    let home = 5;
    assert_eq!(
        get(&w, &pm, "/api/properties/5").await["disposition_constant"],
        "PROPERTY_CREATED"
    );
    let unknown = w
        .post(
            &pm,
            "/api/hubs/adc-devices",
            json!({"UnitDescription": "x", "customer_id": 1, "property_id": home}),
        )
        .await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    let sold = w.post(&pm, "/api/hubs/adc-devices", json!({"UnitDescription": available["UnitDescription"], "customer_id": customer, "property_id": 4}))
    .await;
    assert_eq!(
        sold.json()["errors"]["property_id"],
        "Choose an active property"
    );
    let saved = w.post(&pm, "/api/hubs/adc-devices", json!({"UnitDescription": available["UnitDescription"], "customer_id": customer, "property_id": home, "hub_type": "adc"}))
    .await;
    assert_eq!(saved.status, StatusCode::CREATED, "{}", saved.text());
    let serial = saved.json()["serial_number"].as_str().unwrap().to_string();
    let description = available["UnitDescription"]
        .as_str()
        .unwrap()
        .replace(' ', "")
        .to_uppercase();
    assert_eq!(serial, format!("ADC{description}"));
    let again = w.post(&pm, "/api/hubs/adc-devices", json!({"UnitDescription": available["UnitDescription"], "customer_id": customer, "property_id": 6}))
    .await;
    assert_eq!(again.status, StatusCode::UNPROCESSABLE_ENTITY);
    let activated = w
        .patch(&pm, &format!("/api/properties/{home}/activate"), json!({}))
        .await;
    assert_eq!(message(&activated), "Updated successfully");
    let detail = get(&w, &pm, &format!("/api/properties/{home}")).await;
    assert_eq!(detail["disposition_constant"], "PROPERTY_AVAILABLE");
    assert_ne!(detail["latitude"], 0.0, "geocoded from the state");
    let info = get(&w, &pm, &format!("/api/hubs/{}/info", detail["hub_id"])).await;
    assert_eq!(info["is_adc"], true);
    let units = get(&w, &pm, "/api/hubs/adc-devices").await;
    assert_eq!(
        units["data"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| r["property_id"].is_number())
            .count(),
        3
    );
    // Mark as sold: the unit is available again, and the history says so.
    let retired = w
        .patch(&pm, &format!("/api/properties/{home}/retire"), json!({}))
        .await;
    assert_eq!(retired.status, StatusCode::OK, "{}", retired.text());
    let units = get(&w, &pm, "/api/hubs/adc-devices").await;
    assert_eq!(
        units["data"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| r["property_id"].is_number())
            .count(),
        2
    );
    let history = get(&w, &pm, &format!("/api/hubs/activity-logs?search={serial}")).await;
    let actions: Vec<&str> = history["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["action"].as_str().unwrap())
        .collect();
    assert_eq!(actions, ["mask_as_sold", "activate"]);
    // Selling a home takes its visitors' and scheduled codes off its locks, not its own codes.
    let now = w.state.hardware.now();
    w.post(&pm, "/api/smart-locks/SL0100003/scheduled-codes", json!({"scheduledCodes": [{"code": "3030", "name": "Tour", "scheduled_on": (now + Duration::minutes(20)).to_rfc3339(), "expires_on": (now + Duration::minutes(80)).to_rfc3339()}]}))
    .await;
    assert!(on_lock(&w, "SL0100003")
        .await
        .iter()
        .any(|(n, _)| n == "Tour"));
    w.patch(&pm, "/api/properties/3/retire", json!({})).await;
    let held = on_lock(&w, "SL0100003").await;
    assert!(
        !held
            .iter()
            .any(|(n, _)| n == "Tour" || n == "Realtor showing"),
        "{held:?}"
    );
    assert!(held.iter().any(|(n, _)| n == "Master"));
    w.done().await;
}

#[tokio::test]
async fn another_builder_reaches_none_of_these_devices() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let cedar = w.sign_in("cedar.pm").await;
    let hub = id_of(&w, &pm, "hubs", "HUB0100001").await;
    let devices = get(&w, &pm, &format!("/api/hubs/{hub}/devices")).await;
    let lock = devices[0]["id"].as_i64().unwrap();
    let light = devices[1]["id"].as_i64().unwrap();
    let customer = get(&w, &pm, "/api/hubs/adc-devices").await["data"][0]["CustomerId"].clone();
    let calls: Vec<(Method, String, Option<Value>)> = vec![
        (Method::GET, format!("/api/hubs/{hub}/info"), None),
        (Method::GET, format!("/api/hubs/{hub}/devices"), None),
        (
            Method::GET,
            format!("/api/hubs/{hub}/devices/{lock}/refresh"),
            None,
        ),
        (Method::GET, format!("/api/hubs/{hub}/reboot"), None),
        (
            Method::PATCH,
            format!("/api/hubs/{hub}/lock/status"),
            Some(json!({"deviceId": lock, "status": "unlocked"})),
        ),
        (
            Method::PATCH,
            format!("/api/hubs/{hub}/lock/auto-lock"),
            Some(json!({"deviceId": lock, "autoLock": true})),
        ),
        (
            Method::PATCH,
            format!("/api/hubs/{hub}/lock/codes"),
            Some(json!({"deviceId": lock, "codes": [{"slot": 4, "code": "1234", "name": "x"}]})),
        ),
        (
            Method::POST,
            format!("/api/hubs/{hub}/lock/code"),
            Some(json!({"deviceId": lock, "code": "1234"})),
        ),
        (
            Method::PATCH,
            format!("/api/hubs/{hub}/lock/code"),
            Some(json!({"deviceId": lock, "code": "1234"})),
        ),
        (
            Method::DELETE,
            format!("/api/hubs/{hub}/lock/code"),
            Some(json!({"deviceId": lock, "codeKey": 6})),
        ),
        (
            Method::PATCH,
            format!("/api/hubs/{hub}/lock/scheduled-codes"),
            Some(json!({"deviceId": lock, "scheduledCodes": []})),
        ),
        (
            Method::DELETE,
            format!("/api/hubs/{hub}/lock/scheduled-code"),
            Some(json!({"deviceId": lock, "slot": 2})),
        ),
        (Method::GET, format!("/api/hubs/{hub}/lock-logs"), None),
        (
            Method::PATCH,
            format!("/api/hubs/{hub}/lights/{light}"),
            Some(json!({"status": "on"})),
        ),
        (
            Method::PATCH,
            format!("/api/hubs/{hub}/thermostat"),
            Some(json!({"deviceId": lock, "heat_set_point": 66})),
        ),
        (Method::GET, "/api/smart-locks/SL0100003".into(), None),
        (
            Method::POST,
            "/api/smart-locks/SL0100003/code".into(),
            Some(json!({"code": "1234", "name": "x"})),
        ),
        (
            Method::DELETE,
            "/api/smart-locks/code".into(),
            Some(json!({"smartLockSerial": "SL0100003", "access_code_id": 1})),
        ),
        (
            Method::POST,
            "/api/smart-locks/SL0100003/scheduled-codes".into(),
            Some(json!({"scheduledCodes": []})),
        ),
        (
            Method::DELETE,
            "/api/smart-locks/scheduled-code".into(),
            Some(json!({"smartLockSerial": "SL0100003", "access_code_id": 1})),
        ),
        (
            Method::PATCH,
            "/api/smart-locks/SL0100003/status".into(),
            Some(json!({"status": "unlocked"})),
        ),
        (
            Method::GET,
            "/api/smart-locks/SL0100003/lock-logs".into(),
            None,
        ),
        (Method::GET, "/api/wifi-thermostats/WT0100001".into(), None),
        (
            Method::PATCH,
            "/api/wifi-thermostats/WT0100001".into(),
            Some(json!({"heat_set_point": 66})),
        ),
        (Method::GET, "/api/locks/IGK0100001".into(), None),
        (
            Method::PATCH,
            "/api/hubs/automationCodes".into(),
            Some(json!({"propertyId": 1})),
        ),
        (
            Method::PATCH,
            "/api/smart-locks/automationCodes".into(),
            Some(json!({"propertyId": 3})),
        ),
        (
            Method::PATCH,
            "/api/properties/1/activate".into(),
            Some(json!({})),
        ),
        (
            Method::POST,
            "/api/hubs/adc-devices".into(),
            Some(json!({"UnitDescription": "x", "customer_id": customer, "property_id": 1})),
        ),
    ];
    for (method, path, body) in calls {
        let answer = w.call(method.clone(), &path, Some(&cedar), body).await;
        assert_eq!(
            answer.status,
            StatusCode::NOT_FOUND,
            "{method} {path}: {}",
            answer.text()
        );
    }
    // Nothing moved: the lock is still locked and holds the same codes.
    assert_eq!(
        w.state
            .hardware
            .simulator()
            .status("IGK0100001")
            .await
            .unwrap()
            .locked,
        Some(true)
    );
    for list in [
        "hubs",
        "smart-locks",
        "wifi-thermostats",
        "hubs/adc-devices",
    ] {
        let rows = get(&w, &cedar, &format!("/api/{list}?limit=150")).await;
        assert!(
            rows["data"]
                .as_array()
                .unwrap()
                .iter()
                .all(|r| r["builder_id"] == 3),
            "{list}"
        );
    }
    w.done().await;
}
