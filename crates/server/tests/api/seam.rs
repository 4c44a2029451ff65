//! The Seam provider against a local fake of Seam's HTTP API (its real shapes: POST with JSON,
//! bearer keys, `{<key>, ok}` answers, `{error: {type, message}}` failures, action attempts that
//! stay pending for a while, access codes that go from setting to set or carry errors, events
//! after an instant), and a builder running its Seam locks from the console.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration as StdDuration;

use ::devices::seam::Seam;
use ::devices::{CodeSpec, DeviceError, EventKind, Provider, ThermostatSetting};
use axum::extract::State as AxumState;
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};

use super::*;

const KEY: &str = "seam_test_key";

#[derive(Default)]
struct FakeDevice {
    device_type: String,
    name: String,
    serial: String,
    online: bool,
    locked: bool,
    battery: f64,
    heat: f64,
    cool: f64,
}

#[derive(Clone)]
struct FakeCode {
    device_id: String,
    name: String,
    code: String,
    starts_at: Option<String>,
    ends_at: Option<String>,
    status: String,
    errors: Vec<Value>,
    /// Reads left before a setting code is set.
    reads_to_set: u32,
}

struct FakeAttempt {
    action_type: String,
    /// Reads left while pending.
    pending_reads: u32,
    error: Option<(String, String)>,
}

/// Seam as the fake keeps it; `pending_reads` and `code_reads` make actions and codes slow.
#[derive(Default)]
struct Fake {
    devices: HashMap<String, FakeDevice>,
    codes: HashMap<String, FakeCode>,
    attempts: HashMap<String, FakeAttempt>,
    events: Vec<Value>,
    next: u64,
    pending_reads: u32,
    code_reads: u32,
    calls: Vec<String>,
}

type Shared = Arc<Mutex<Fake>>;

impl Fake {
    fn id(&mut self, what: &str) -> String {
        self.next += 1;
        format!("{what}-{:08}", self.next)
    }

    fn event(&mut self, event_type: &str, device_id: &str, extra: Value) {
        let id = self.id("evt");
        let mut event = json!({
            "event_id": id, "event_type": event_type, "device_id": device_id, "workspace_id": "ws-1",
            "created_at": Utc::now().to_rfc3339(), "occurred_at": Utc::now().to_rfc3339(),
        });
        if let (Some(target), Some(extra)) = (event.as_object_mut(), extra.as_object()) {
            target.extend(extra.clone());
        }
        self.events.push(event);
    }

    fn device_json(&self, id: &str, d: &FakeDevice) -> Value {
        let thermostat = d.device_type.ends_with("_thermostat");
        let mut properties = json!({
            "online": d.online, "name": d.name, "serial_number": d.serial,
            "battery_level": d.battery, "battery": {"level": d.battery, "status": "good"},
        });
        if thermostat {
            properties["temperature_fahrenheit"] = json!(71.5);
            properties["current_climate_setting"] = json!({
                "hvac_mode_setting": "heat_cool", "heating_set_point_fahrenheit": d.heat,
                "cooling_set_point_fahrenheit": d.cool, "manual_override_allowed": true,
            });
        } else {
            properties["locked"] = json!(d.locked);
            properties["supported_code_lengths"] = json!([4, 5, 6, 7, 8]);
            properties["max_active_codes_supported"] = json!(20);
        }
        json!({
            "device_id": id, "device_type": d.device_type, "display_name": d.name,
            "capabilities_supported": if thermostat { json!(["thermostat"]) } else { json!(["access_code", "lock"]) },
            "properties": properties, "connected_account_id": "acct-1", "workspace_id": "ws-1",
            "created_at": "2026-01-01T00:00:00Z", "errors": if d.online { json!([]) } else {
                json!([{"error_code": "device_offline", "message": "Device is offline", "is_device_error": true}])
            },
            "warnings": [], "is_managed": true, "can_remotely_lock": !thermostat, "can_remotely_unlock": !thermostat,
        })
    }

    fn code_json(&self, id: &str, c: &FakeCode) -> Value {
        json!({
            "access_code_id": id, "device_id": c.device_id, "name": c.name, "code": c.code,
            "type": if c.starts_at.is_some() { "time_bound" } else { "ongoing" },
            "status": c.status, "starts_at": c.starts_at, "ends_at": c.ends_at, "errors": c.errors,
            "warnings": [], "is_managed": true, "created_at": Utc::now().to_rfc3339(),
        })
    }

    fn attempt(&mut self, action_type: &str, error: Option<(&str, &str)>) -> Value {
        let id = self.id("aa");
        self.attempts.insert(
            id.clone(),
            FakeAttempt {
                action_type: action_type.into(),
                pending_reads: self.pending_reads,
                error: error.map(|(t, m)| (t.to_string(), m.to_string())),
            },
        );
        self.attempt_json(&id)
    }

    fn attempt_json(&self, id: &str) -> Value {
        let a = &self.attempts[id];
        let (status, error) = match (&a.error, a.pending_reads) {
            (_, n) if n > 0 => ("pending", Value::Null),
            (Some((t, m)), _) => ("error", json!({"type": t, "message": m})),
            (None, _) => ("success", Value::Null),
        };
        json!({"action_attempt_id": id, "action_type": a.action_type, "status": status,
               "result": if status == "success" { json!({}) } else { Value::Null }, "error": error})
    }
}

fn ok(key: &str, value: Value) -> Response {
    (
        [("seam-request-id", "req-1")],
        axum::Json(json!({key: value, "ok": true})),
    )
        .into_response()
}

fn failure(status: StatusCode, kind: &str, message: &str) -> Response {
    (
        status,
        axum::Json(json!({"error": {"type": kind, "message": message, "request_id": "req-1"}, "ok": false})),
    )
        .into_response()
}

fn text(body: &Value, key: &str) -> String {
    body[key].as_str().unwrap_or_default().to_string()
}

async fn rpc(
    AxumState(fake): AxumState<Shared>,
    uri: axum::http::Uri,
    headers: axum::http::HeaderMap,
    axum::Json(body): axum::Json<Value>,
) -> Response {
    if headers.get("authorization").and_then(|v| v.to_str().ok()) != Some(&format!("Bearer {KEY}"))
    {
        return (StatusCode::UNAUTHORIZED, "Unauthorized").into_response();
    }
    let mut f = fake.lock().unwrap();
    let path = uri.path().trim_start_matches('/').to_string();
    f.calls.push(path.clone());
    let device_id = text(&body, "device_id");
    let known = f.devices.contains_key(&device_id);
    match path.as_str() {
        "devices/list" => {
            let list: Vec<Value> = f
                .devices
                .iter()
                .map(|(id, d)| f.device_json(id, d))
                .collect();
            ok("devices", json!(list))
        }
        "devices/get" if known => ok("device", f.device_json(&device_id, &f.devices[&device_id])),
        "locks/lock_door" | "locks/unlock_door" if known => {
            let lock = path == "locks/lock_door";
            let online = f.devices[&device_id].online;
            let attempt = if online {
                f.devices.get_mut(&device_id).unwrap().locked = lock;
                let (event, method) = if lock {
                    ("lock.locked", "seamapi")
                } else {
                    ("lock.unlocked", "seamapi")
                };
                f.event(event, &device_id, json!({"method": method}));
                f.attempt(if lock { "LOCK_DOOR" } else { "UNLOCK_DOOR" }, None)
            } else {
                f.attempt(
                    if lock { "LOCK_DOOR" } else { "UNLOCK_DOOR" },
                    Some(("device_offline", "Device is offline")),
                )
            };
            ok("action_attempt", attempt)
        }
        "action_attempts/get" => {
            let id = text(&body, "action_attempt_id");
            match f.attempts.get_mut(&id) {
                Some(a) => {
                    a.pending_reads = a.pending_reads.saturating_sub(1);
                    ok("action_attempt", f.attempt_json(&id))
                }
                None => failure(
                    StatusCode::NOT_FOUND,
                    "action_attempt_not_found",
                    "Action attempt not found",
                ),
            }
        }
        "access_codes/create" if known => {
            let code = text(&body, "code");
            if code.len() < 4 || !code.bytes().all(|b| b.is_ascii_digit()) {
                return failure(
                    StatusCode::BAD_REQUEST,
                    "invalid_input",
                    "code must be 4 to 8 digits",
                );
            }
            let duplicate = f
                .codes
                .values()
                .any(|c| c.device_id == device_id && c.code == code && c.status != "removing");
            let online = f.devices[&device_id].online;
            let id = f.id("ac");
            let errors = if duplicate {
                vec![
                    json!({"error_code": "duplicate_code_on_device", "message": "Duplicate code", "is_access_code_error": true}),
                ]
            } else if !online {
                vec![
                    json!({"error_code": "device_offline", "message": "Device is offline", "is_device_error": true}),
                ]
            } else {
                Vec::new()
            };
            let starts_at = body["starts_at"].as_str().map(str::to_string);
            let created = FakeCode {
                device_id: device_id.clone(),
                name: text(&body, "name"),
                code,
                status: if starts_at.is_some() {
                    "unset".into()
                } else {
                    "setting".into()
                },
                starts_at,
                ends_at: body["ends_at"].as_str().map(str::to_string),
                errors,
                reads_to_set: f.code_reads,
            };
            let answer = f.code_json(&id, &created);
            f.codes.insert(id, created);
            ok("access_code", answer)
        }
        "access_codes/get" => {
            let id = text(&body, "access_code_id");
            let Some(code) = f.codes.get_mut(&id) else {
                return failure(
                    StatusCode::NOT_FOUND,
                    "access_code_not_found",
                    "Could not find an access_code with device_id or access_code_id",
                );
            };
            if code.status == "setting" && code.errors.is_empty() {
                if code.reads_to_set == 0 {
                    code.status = "set".into();
                } else {
                    code.reads_to_set -= 1;
                }
            }
            let (device, set) = (code.device_id.clone(), code.status == "set");
            let answer = f.code_json(&id, &f.codes[&id].clone());
            if set {
                f.event(
                    "access_code.set_on_device",
                    &device,
                    json!({"access_code_id": id}),
                );
            }
            ok("access_code", answer)
        }
        "access_codes/list" if known => {
            let list: Vec<Value> = f
                .codes
                .iter()
                .filter(|(_, c)| c.device_id == device_id)
                .map(|(id, c)| f.code_json(id, c))
                .collect();
            ok("access_codes", json!(list))
        }
        "access_codes/delete" => {
            let id = text(&body, "access_code_id");
            match f.codes.remove(&id) {
                Some(code) => {
                    f.event(
                        "access_code.removed_from_device",
                        &code.device_id,
                        json!({"access_code_id": id}),
                    );
                    let attempt = f.attempt("DELETE_ACCESS_CODE", None);
                    (
                        [("seam-request-id", "req-1")],
                        axum::Json(json!({"action_attempt": attempt, "ok": true})),
                    )
                        .into_response()
                }
                None => failure(
                    StatusCode::NOT_FOUND,
                    "access_code_not_found",
                    "Could not find an access_code with device_id or access_code_id",
                ),
            }
        }
        "events/list" => {
            let Some(since) = body["since"]
                .as_str()
                .and_then(|s| s.parse::<DateTime<Utc>>().ok())
            else {
                return failure(
                    StatusCode::BAD_REQUEST,
                    "invalid_input",
                    "since or between is required",
                );
            };
            let list: Vec<Value> = f
                .events
                .iter()
                .filter(|e| device_id.is_empty() || e["device_id"] == device_id.as_str())
                .filter(|e| {
                    e["created_at"]
                        .as_str()
                        .and_then(|t| t.parse::<DateTime<Utc>>().ok())
                        .is_some_and(|t| t > since)
                })
                .cloned()
                .collect();
            ok("events", json!(list))
        }
        "thermostats/heat_cool" if known => {
            let (heat, cool) = (
                body["heating_set_point_fahrenheit"].as_f64(),
                body["cooling_set_point_fahrenheit"].as_f64(),
            );
            match (heat, cool) {
                (Some(h), Some(c)) if c - h >= 5.0 => {
                    let d = f.devices.get_mut(&device_id).unwrap();
                    (d.heat, d.cool) = (h, c);
                    let attempt = f.attempt("SET_HEAT_COOL", None);
                    ok("action_attempt", attempt)
                }
                _ => failure(
                    StatusCode::BAD_REQUEST,
                    "invalid_heating_cooling_delta",
                    "Set points are too close",
                ),
            }
        }
        "locks/simulate/keypad_code_entry" if known => {
            let code = text(&body, "code");
            let used = f
                .codes
                .iter()
                .find(|(_, c)| c.device_id == device_id && c.code == code && c.status == "set")
                .map(|(id, _)| id.clone());
            match used {
                Some(id) => {
                    f.devices.get_mut(&device_id).unwrap().locked = false;
                    f.event("lock.unlocked", &device_id, json!({"method": "keycode", "access_code_id": id, "access_code_is_managed": true}));
                }
                None => f.event("lock.access_denied", &device_id, json!({})),
            }
            let attempt = f.attempt("SIMULATE_KEYPAD_CODE_ENTRY", None);
            ok("action_attempt", attempt)
        }
        "devices/simulate/disconnect" | "devices/simulate/connect" if known => {
            let online = path.ends_with("/connect");
            f.devices.get_mut(&device_id).unwrap().online = online;
            if online {
                f.event("device.connected", &device_id, json!({}));
            } else {
                f.event(
                    "device.disconnected",
                    &device_id,
                    json!({"error_code": "device_disconnected"}),
                );
            }
            ok("ok", json!(true))
        }
        _ if !device_id.is_empty() && !known => failure(
            StatusCode::NOT_FOUND,
            "device_not_found",
            "Device not found",
        ),
        _ => failure(
            StatusCode::BAD_REQUEST,
            "invalid_input",
            "unknown route or body",
        ),
    }
}

/// A fake Seam on loopback with a lock and a thermostat; answers its address.
async fn fake_seam() -> (String, Shared) {
    let mut fake = Fake::default();
    fake.devices.insert(
        "dev-lock-1".into(),
        FakeDevice {
            device_type: "kwikset_lock".into(),
            name: "Garage door".into(),
            serial: "KWS-7781".into(),
            online: true,
            locked: true,
            battery: 0.9,
            ..FakeDevice::default()
        },
    );
    fake.devices.insert(
        "dev-thermo-1".into(),
        FakeDevice {
            device_type: "ecobee_thermostat".into(),
            name: "Upstairs".into(),
            serial: "ECB-55".into(),
            online: true,
            heat: 68.0,
            cool: 76.0,
            ..FakeDevice::default()
        },
    );
    fake.pending_reads = 2;
    fake.code_reads = 1;
    let shared = Arc::new(Mutex::new(fake));
    let app = axum::Router::new()
        .fallback(axum::routing::post(rpc))
        .with_state(shared.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (address, shared)
}

fn client(base: &str, key: &str) -> Seam {
    Seam::new(loopback().client().clone(), base, key)
        .polling(StdDuration::from_millis(10), StdDuration::from_millis(400))
}

#[tokio::test]
async fn the_seam_provider_speaks_seams_protocol() {
    let (base, fake) = fake_seam().await;
    let seam = client(&base, KEY);
    let status = seam.status("dev-lock-1").await.unwrap();
    assert_eq!(
        (
            status.online,
            status.locked,
            status.battery,
            status.code_capacity
        ),
        (true, Some(true), Some(0.9), Some(20))
    );
    assert_eq!(status.code_lengths, [4, 5, 6, 7, 8]);
    let thermostat = seam.status("dev-thermo-1").await.unwrap();
    assert_eq!(
        (
            thermostat.heat_set_point,
            thermostat.cool_set_point,
            thermostat.temperature
        ),
        (Some(68.0), Some(76.0), Some(71.5))
    );
    // Lock commands answer pending attempts, polled until they succeed.
    seam.unlock("dev-lock-1").await.unwrap();
    assert!(!fake.lock().unwrap().devices["dev-lock-1"].locked);
    let polls = fake
        .lock()
        .unwrap()
        .calls
        .iter()
        .filter(|c| *c == "action_attempts/get")
        .count();
    assert_eq!(polls, 2, "pending twice, then success");
    // Codes: created setting, set once the lock has it; a duplicate is the lock's refusal.
    let spec = |code: &str, name: &str| CodeSpec {
        code: code.into(),
        name: name.into(),
        starts_at: None,
        ends_at: None,
    };
    let id = seam
        .set_code("dev-lock-1", &spec("4321", "Trade"))
        .await
        .unwrap();
    assert_eq!(fake.lock().unwrap().codes[&id].status, "set");
    assert_eq!(
        seam.set_code("dev-lock-1", &spec("4321", "Again")).await,
        Err(DeviceError::DuplicateCode)
    );
    assert!(matches!(
        seam.set_code("dev-lock-1", &spec("12", "Short")).await,
        Err(DeviceError::Invalid(_))
    ));
    let codes = seam.codes("dev-lock-1").await.unwrap();
    assert_eq!(codes.len(), 1, "the refused duplicate was taken off again");
    assert_eq!(
        (codes[0].spec.name.as_str(), codes[0].id.as_str()),
        ("Trade", id.as_str())
    );
    // A keypad entry becomes an unlock with the code's id; a wrong one an access denied.
    let before = Utc::now() - chrono::Duration::seconds(1);
    {
        let mut f = fake.lock().unwrap();
        f.events.clear();
    }
    let entry = |code: &str| {
        let base = base.clone();
        let code = code.to_string();
        async move {
            loopback()
                .client()
                .post(format!("{base}/locks/simulate/keypad_code_entry"))
                .bearer_auth(KEY)
                .json(&json!({"device_id": "dev-lock-1", "code": code}))
                .send()
                .await
                .unwrap()
        }
    };
    entry("4321").await;
    entry("9999").await;
    let events = seam.events("dev-lock-1", before).await.unwrap();
    let kinds: Vec<EventKind> = events.into_iter().map(|e| e.kind).collect();
    assert_eq!(
        kinds,
        [
            EventKind::Unlocked {
                code_id: Some(id.clone()),
                code_name: None
            },
            EventKind::WrongCode { code_id: None }
        ]
    );
    seam.remove_code("dev-lock-1", &id).await.unwrap();
    seam.remove_code("dev-lock-1", &id).await.unwrap();
    assert!(seam.codes("dev-lock-1").await.unwrap().is_empty());
    // Thermostats take both set points; Seam's own refusal is not retried.
    seam.set_thermostat(
        "dev-thermo-1",
        &ThermostatSetting {
            heat_set_point: Some(66.0),
            cool_set_point: Some(78.0),
        },
    )
    .await
    .unwrap();
    assert!(matches!(
        seam.set_thermostat(
            "dev-thermo-1",
            &ThermostatSetting {
                heat_set_point: Some(70.0),
                cool_set_point: Some(72.0)
            }
        )
        .await,
        Err(DeviceError::Refused(_))
    ));
    // An offline lock: its attempt fails as offline; codes carry the device's error.
    fake.lock()
        .unwrap()
        .devices
        .get_mut("dev-lock-1")
        .unwrap()
        .online = false;
    assert_eq!(seam.lock("dev-lock-1").await, Err(DeviceError::Offline));
    assert_eq!(
        seam.set_code("dev-lock-1", &spec("5555", "x")).await,
        Err(DeviceError::Offline)
    );
    // Unknown devices, a wrong key, and attempts that never end.
    assert_eq!(seam.status("nope").await, Err(DeviceError::NotFound));
    assert!(matches!(
        client(&base, "seam_wrong").status("dev-lock-1").await,
        Err(DeviceError::Unavailable(_))
    ));
    fake.lock()
        .unwrap()
        .devices
        .get_mut("dev-lock-1")
        .unwrap()
        .online = true;
    fake.lock().unwrap().pending_reads = 1_000;
    assert_eq!(seam.lock("dev-lock-1").await, Err(DeviceError::Timeout));
    assert_eq!(
        seam.set_auto_lock("dev-lock-1", true).await,
        Err(DeviceError::Unsupported)
    );
}

#[tokio::test]
async fn a_builder_on_seam_runs_its_locks_from_the_console() {
    let (base, fake) = fake_seam().await;
    fake.lock().unwrap().pending_reads = 0;
    fake.lock().unwrap().code_reads = 0;
    let w = world().await;
    let admin = w.sign_in("demo.admin").await;
    let cedar = w.sign_in("cedar.pm").await;
    let path = "/api/builders/3/device-provider";
    let refused = w
        .put(
            &cedar,
            path,
            json!({"provider": "seam", "api_key": KEY, "base_url": base}),
        )
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    let internal = w
        .put(
            &admin,
            path,
            json!({"provider": "seam", "api_key": KEY, "base_url": "http://10.0.0.5"}),
        )
        .await;
    assert!(
        internal.json()["errors"]["base_url"].is_string(),
        "{}",
        internal.text()
    );
    let connected = w
        .put(
            &admin,
            path,
            json!({"provider": "seam", "api_key": KEY, "base_url": base}),
        )
        .await;
    assert_eq!(connected.status, StatusCode::OK, "{}", connected.text());
    assert_eq!(connected.json()["api_key_ending"], "_key");
    assert!(!connected.text().contains(KEY), "the key is never shown");
    let synced = w
        .call(Method::POST, &format!("{path}/sync"), Some(&admin), None)
        .await;
    assert_eq!(synced.status, StatusCode::OK, "{}", synced.text());
    let mut added: Vec<String> = serde_json::from_value(synced.json()["added"].clone()).unwrap();
    added.sort();
    assert_eq!(added, ["ECB-55", "KWS-7781"]);
    let again = w
        .call(Method::POST, &format!("{path}/sync"), Some(&admin), None)
        .await;
    assert_eq!(again.json()["added"], json!([]));
    // Cedar's staff install the lock at one of their homes and run it.
    let lock = get_row(&w, &cedar, "/api/smart-locks?search=KWS-7781").await;
    let home = w.get(&cedar, "/api/properties?limit=25").await.json()["data"][0]["property_id"]
        .as_i64()
        .unwrap();
    let installed = w
        .patch(
            &cedar,
            &format!("/api/devices/{}/install", lock["id"]),
            json!({"property_id": home}),
        )
        .await;
    assert_eq!(installed.status, StatusCode::OK, "{}", installed.text());
    let pm = w.sign_in("demo.pm").await;
    let theirs = w
        .patch(
            &pm,
            &format!("/api/devices/{}/install", lock["id"]),
            json!({"property_id": 1}),
        )
        .await;
    assert_eq!(theirs.status, StatusCode::NOT_FOUND);
    let detail = w
        .get(&cedar, &format!("/api/properties/{home}"))
        .await
        .json();
    assert_eq!(detail["smart_lock_serial_number"], "KWS-7781");
    let unlocked = w
        .patch(
            &cedar,
            "/api/smart-locks/KWS-7781/status",
            json!({"status": "unlocked"}),
        )
        .await;
    assert_eq!(unlocked.status, StatusCode::OK, "{}", unlocked.text());
    assert!(!fake.lock().unwrap().devices["dev-lock-1"].locked);
    let added = w
        .post(
            &cedar,
            "/api/smart-locks/KWS-7781/code",
            json!({"code": "246810", "name": "Painter"}),
        )
        .await;
    assert_eq!(
        added.json()["message"],
        "Code is created",
        "{}",
        added.text()
    );
    let details = w.get(&cedar, "/api/smart-locks/KWS-7781").await.json();
    let painter = details["accessCodes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "Painter")
        .unwrap()
        .clone();
    assert_eq!(painter["status"], "Active");
    assert!(fake
        .lock()
        .unwrap()
        .codes
        .values()
        .any(|c| c.code == "246810"));
    // The thermostat through Seam.
    let thermostat = get_row(&w, &cedar, "/api/wifi-thermostats?search=ECB-55").await;
    w.patch(
        &cedar,
        &format!("/api/devices/{}/install", thermostat["id"]),
        json!({"property_id": home}),
    )
    .await;
    let set = w
        .patch(
            &cedar,
            "/api/wifi-thermostats/ECB-55",
            json!({"heat_set_point": 65, "cool_set_point": 75}),
        )
        .await;
    assert_eq!(set.status, StatusCode::OK, "{}", set.text());
    assert_eq!(fake.lock().unwrap().devices["dev-thermo-1"].cool, 75.0);
    // A code typed at the door reaches the access history by the code's name.
    loopback()
        .client()
        .post(format!("{base}/locks/simulate/keypad_code_entry"))
        .bearer_auth(KEY)
        .json(&json!({"device_id": "dev-lock-1", "code": "246810"}))
        .send()
        .await
        .unwrap();
    server::hardware::routines::watch(&w.state.hardware)
        .await
        .unwrap();
    let logs = w
        .get(&cedar, "/api/smart-locks/KWS-7781/lock-logs")
        .await
        .json();
    assert!(
        logs.as_array()
            .unwrap()
            .iter()
            .any(|l| l["msg"] == "Unlocked with code Painter"),
        "{logs}"
    );
    // Disconnected: the lock answers that no provider is configured, never a 500.
    w.delete(&admin, path).await;
    let orphan = w
        .patch(
            &cedar,
            "/api/smart-locks/KWS-7781/status",
            json!({"status": "locked"}),
        )
        .await;
    assert_eq!(
        (orphan.status, orphan.json()["message"].as_str()),
        (
            StatusCode::SERVICE_UNAVAILABLE,
            Some("no Seam account is configured for this builder")
        )
    );
    w.done().await;
}

async fn get_row(w: &World, token: &str, path: &str) -> Value {
    let answer = w.get(token, path).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
    answer.json()["data"][0].clone()
}
