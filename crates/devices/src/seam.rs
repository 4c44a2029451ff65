//! Seam's lock API (https://connect.getseam.com): RPC-style `POST /<resource>/<verb>` calls with a
//! JSON body and a bearer API key. Lock commands answer an action attempt that is polled until it
//! succeeds or fails; access codes move from setting to set on the device, or carry the device's
//! error; events are read after an instant. A device's handle is Seam's `device_id`.
//! The HTTP client is given (the server's one outgoing client, with its timeouts and address
//! guard), so this module has no network policy of its own.

use std::time::Duration;

use chrono::{DateTime, Utc};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::{
    CodeSpec, DeviceCode, DeviceError, DeviceEvent, DeviceKind, DeviceResult, DeviceStatus,
    EventKind, Provider, ThermostatSetting,
};

/// How often a pending action attempt or a setting code is asked about, and for how long.
const POLL_EVERY: Duration = Duration::from_millis(500);
const POLL_FOR: Duration = Duration::from_secs(10);
/// How far back the first reading of a device's events goes.
const FIRST_EVENTS_DAYS: i64 = 7;

#[derive(Clone)]
pub struct Seam {
    http: reqwest::Client,
    base_url: String,
    api_key: String,
    poll_every: Duration,
    poll_for: Duration,
}

#[derive(Deserialize)]
struct ErrorBody {
    error: SeamError,
}

#[derive(Deserialize)]
struct SeamError {
    #[serde(rename = "type")]
    kind: String,
    message: String,
}

#[derive(Deserialize)]
struct CodeError {
    error_code: String,
    #[serde(default)]
    message: String,
}

#[derive(Deserialize)]
struct AccessCode {
    access_code_id: String,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    code: Option<String>,
    #[serde(default)]
    status: String,
    #[serde(default)]
    starts_at: Option<DateTime<Utc>>,
    #[serde(default)]
    ends_at: Option<DateTime<Utc>>,
    #[serde(default)]
    errors: Vec<CodeError>,
}

#[derive(Deserialize)]
struct ActionAttempt {
    action_attempt_id: String,
    status: String,
    #[serde(default)]
    error: Option<SeamError>,
}

#[derive(Deserialize)]
struct Event {
    event_type: String,
    occurred_at: DateTime<Utc>,
    #[serde(default)]
    access_code_id: Option<String>,
    #[serde(default)]
    battery_level: Option<f64>,
}

/// The device errors and code errors Seam names, in our words.
fn device_error(code: &str, message: &str) -> DeviceError {
    match code {
        "device_offline" | "device_disconnected" | "hub_disconnected" => DeviceError::Offline,
        "device_not_found" | "device_removed" | "access_code_not_found" => DeviceError::NotFound,
        "duplicate_code_on_device" | "duplicate_code_attempt_prevented" => {
            DeviceError::DuplicateCode
        }
        "no_space_for_access_code_on_device" => {
            DeviceError::Refused("the lock has no free code slot".into())
        }
        "invalid_input" => DeviceError::Invalid(message.to_string()),
        "account_disconnected" | "unauthorized" => {
            DeviceError::Unavailable(format!("the Seam account is not connected: {message}"))
        }
        _ if message.is_empty() => DeviceError::Refused(code.replace('_', " ")),
        _ => DeviceError::Refused(message.to_string()),
    }
}

impl Seam {
    pub fn new(http: reqwest::Client, base_url: &str, api_key: &str) -> Seam {
        Seam {
            http,
            base_url: base_url.trim_end_matches('/').to_string(),
            api_key: api_key.to_string(),
            poll_every: POLL_EVERY,
            poll_for: POLL_FOR,
        }
    }

    /// Polls faster and for less long (tests against a local fake).
    pub fn polling(mut self, every: Duration, for_at_most: Duration) -> Seam {
        self.poll_every = every;
        self.poll_for = for_at_most;
        self
    }

    /// One call: the answer's `key`, or the error Seam gave, in our words.
    async fn call<T: DeserializeOwned>(
        &self,
        path: &str,
        body: Value,
        key: &str,
    ) -> DeviceResult<T> {
        let response = self
            .http
            .post(format!("{}/{path}", self.base_url))
            .bearer_auth(&self.api_key)
            .json(&body)
            .send()
            .await
            .map_err(|e| {
                if e.is_timeout() {
                    DeviceError::Timeout
                } else {
                    DeviceError::Unavailable(format!("Seam did not answer: {e}"))
                }
            })?;
        let status = response.status();
        let bytes = response
            .bytes()
            .await
            .map_err(|e| DeviceError::Unavailable(format!("Seam's answer was cut: {e}")))?;
        if status.as_u16() == 401 {
            return Err(DeviceError::Unavailable("Seam refused the API key".into()));
        }
        if status.as_u16() == 429 || status.is_server_error() {
            return Err(DeviceError::Unavailable(format!("Seam answered {status}")));
        }
        if !status.is_success() {
            return Err(match serde_json::from_slice::<ErrorBody>(&bytes) {
                Ok(body) => device_error(&body.error.kind, &body.error.message),
                Err(_) => DeviceError::Invalid(format!("Seam answered {status}")),
            });
        }
        let mut value: Value = serde_json::from_slice(&bytes)
            .map_err(|e| DeviceError::Unavailable(format!("Seam's answer is not JSON: {e}")))?;
        serde_json::from_value(value.get_mut(key).map(Value::take).unwrap_or(Value::Null))
            .map_err(|e| DeviceError::Unavailable(format!("Seam's {key} is not as expected: {e}")))
    }

    /// Waits for an action attempt to end.
    async fn settle(&self, mut attempt: ActionAttempt) -> DeviceResult<()> {
        let started = tokio::time::Instant::now();
        loop {
            match attempt.status.as_str() {
                "success" => return Ok(()),
                "error" => {
                    let error = attempt.error.unwrap_or(SeamError {
                        kind: "unknown".into(),
                        message: String::new(),
                    });
                    return Err(device_error(&error.kind, &error.message));
                }
                _ if started.elapsed() >= self.poll_for => return Err(DeviceError::Timeout),
                _ => {}
            }
            tokio::time::sleep(self.poll_every).await;
            attempt = self
                .call(
                    "action_attempts/get",
                    json!({"action_attempt_id": attempt.action_attempt_id}),
                    "action_attempt",
                )
                .await?;
        }
    }

    async fn act(&self, path: &str, body: Value) -> DeviceResult<()> {
        let attempt: ActionAttempt = self.call(path, body, "action_attempt").await?;
        self.settle(attempt).await
    }

    /// A code's first error, in our words.
    fn code_error(code: &AccessCode) -> Option<DeviceError> {
        code.errors
            .first()
            .map(|e| device_error(&e.error_code, &e.message))
    }
}

fn number(value: &Value, path: &[&str]) -> Option<f64> {
    path.iter()
        .try_fold(value, |v, key| v.get(key))
        .and_then(Value::as_f64)
}

impl Provider for Seam {
    async fn status(&self, device_id: &str) -> DeviceResult<DeviceStatus> {
        let device: Value = self
            .call("devices/get", json!({"device_id": device_id}), "device")
            .await?;
        let p = &device["properties"];
        let thermostat = device["device_type"]
            .as_str()
            .is_some_and(|t| t.ends_with("_thermostat"));
        let climate = &p["current_climate_setting"];
        let lengths = p["supported_code_lengths"]
            .as_array()
            .map(|l| {
                l.iter()
                    .filter_map(|n| n.as_u64())
                    .map(|n| n as usize)
                    .collect()
            })
            .unwrap_or_default();
        Ok(DeviceStatus {
            serial: device_id.to_string(),
            kind: if thermostat {
                DeviceKind::WifiThermostat
            } else {
                DeviceKind::SmartLock
            },
            name: device["display_name"]
                .as_str()
                .or(p["name"].as_str())
                .unwrap_or_default()
                .to_string(),
            online: p["online"].as_bool().unwrap_or(false),
            battery: number(p, &["battery_level"]).or(number(p, &["battery", "level"])),
            locked: p["locked"].as_bool(),
            auto_lock: p["auto_lock_enabled"].as_bool(),
            light_on: None,
            level: None,
            temperature: number(p, &["temperature_fahrenheit"]),
            heat_set_point: number(climate, &["heating_set_point_fahrenheit"]),
            cool_set_point: number(climate, &["cooling_set_point_fahrenheit"]),
            code_lengths: lengths,
            code_capacity: number(p, &["max_active_codes_supported"]).map(|n| n as usize),
            codes_used: 0,
        })
    }

    async fn lock(&self, device_id: &str) -> DeviceResult<()> {
        self.act("locks/lock_door", json!({"device_id": device_id}))
            .await
    }

    async fn unlock(&self, device_id: &str) -> DeviceResult<()> {
        self.act("locks/unlock_door", json!({"device_id": device_id}))
            .await
    }

    async fn set_auto_lock(&self, _device_id: &str, _on: bool) -> DeviceResult<()> {
        Err(DeviceError::Unsupported)
    }

    async fn codes(&self, device_id: &str) -> DeviceResult<Vec<DeviceCode>> {
        let codes: Vec<AccessCode> = self
            .call(
                "access_codes/list",
                json!({"device_id": device_id}),
                "access_codes",
            )
            .await?;
        Ok(codes
            .into_iter()
            .filter(|c| c.status != "removing")
            .map(|c| DeviceCode {
                id: c.access_code_id,
                spec: CodeSpec {
                    code: c.code.unwrap_or_default(),
                    name: c.name.unwrap_or_default(),
                    starts_at: c.starts_at,
                    ends_at: c.ends_at,
                },
            })
            .collect())
    }

    /// Creates the code and waits until the lock holds it (a time-bound code Seam schedules on
    /// the device itself is held once Seam has taken it: `unset` until Seam programs it).
    async fn set_code(&self, device_id: &str, code: &CodeSpec) -> DeviceResult<String> {
        let mut body = json!({"device_id": device_id, "name": code.name, "code": code.code});
        if let (Some(start), Some(end)) = (code.starts_at, code.ends_at) {
            body["starts_at"] = json!(start.to_rfc3339());
            body["ends_at"] = json!(end.to_rfc3339());
        }
        let mut created: AccessCode = self
            .call("access_codes/create", body, "access_code")
            .await
            .map_err(|e| e.hiding(&code.code))?;
        let started = tokio::time::Instant::now();
        loop {
            if let Some(error) = Self::code_error(&created) {
                // Seam keeps trying on its side; the code is taken off so our retry starts clean.
                let _ = self.remove_code(device_id, &created.access_code_id).await;
                return Err(error.hiding(&code.code));
            }
            let time_bound = code.starts_at.is_some();
            if created.status == "set" || (time_bound && created.status == "unset") {
                return Ok(created.access_code_id);
            }
            if started.elapsed() >= self.poll_for {
                return Err(DeviceError::Timeout);
            }
            tokio::time::sleep(self.poll_every).await;
            created = self
                .call(
                    "access_codes/get",
                    json!({"access_code_id": created.access_code_id}),
                    "access_code",
                )
                .await?;
        }
    }

    async fn remove_code(&self, _device_id: &str, code_id: &str) -> DeviceResult<()> {
        let gone = self
            .call::<Value>(
                "access_codes/delete",
                json!({"access_code_id": code_id}),
                "ok",
            )
            .await;
        match gone {
            // Already gone: removal is idempotent.
            Ok(_) | Err(DeviceError::NotFound) => Ok(()),
            Err(other) => Err(other),
        }
    }

    async fn set_light(&self, _: &str, _: bool, _: Option<u8>) -> DeviceResult<()> {
        Err(DeviceError::Unsupported)
    }

    async fn set_thermostat(
        &self,
        device_id: &str,
        setting: &ThermostatSetting,
    ) -> DeviceResult<()> {
        match (setting.heat_set_point, setting.cool_set_point) {
            (Some(heat), Some(cool)) => {
                self.act(
                    "thermostats/heat_cool",
                    json!({"device_id": device_id, "heating_set_point_fahrenheit": heat,
                           "cooling_set_point_fahrenheit": cool}),
                )
                .await
            }
            (Some(heat), None) => {
                self.act(
                    "thermostats/heat",
                    json!({"device_id": device_id, "heating_set_point_fahrenheit": heat}),
                )
                .await
            }
            (None, Some(cool)) => {
                self.act(
                    "thermostats/cool",
                    json!({"device_id": device_id, "cooling_set_point_fahrenheit": cool}),
                )
                .await
            }
            (None, None) => Ok(()),
        }
    }

    async fn reboot(&self, _: &str) -> DeviceResult<()> {
        Err(DeviceError::Unsupported)
    }

    async fn events(
        &self,
        device_id: &str,
        after: DateTime<Utc>,
    ) -> DeviceResult<Vec<DeviceEvent>> {
        let floor = Utc::now() - chrono::Duration::days(FIRST_EVENTS_DAYS);
        let since = after.max(floor);
        let events: Vec<Event> = self
            .call(
                "events/list",
                json!({"device_id": device_id, "since": since.to_rfc3339()}),
                "events",
            )
            .await?;
        let mut kept: Vec<DeviceEvent> = events
            .into_iter()
            .filter(|e| e.occurred_at > after)
            .filter_map(|e| {
                let kind = match e.event_type.as_str() {
                    "lock.locked" => EventKind::Locked,
                    "lock.unlocked" => EventKind::Unlocked {
                        code_id: e.access_code_id,
                        code_name: None,
                    },
                    "lock.access_denied" => EventKind::WrongCode {
                        code_id: e.access_code_id,
                    },
                    "device.low_battery" => EventKind::BatteryLow {
                        level: e.battery_level.unwrap_or(0.0),
                    },
                    "device.disconnected" => EventKind::WentOffline,
                    "device.connected" => EventKind::CameOnline,
                    "access_code.set_on_device" => EventKind::CodeSet {
                        code_id: e.access_code_id?,
                    },
                    "access_code.removed_from_device" => EventKind::CodeRemoved {
                        code_id: e.access_code_id?,
                    },
                    _ => return None,
                };
                Some(DeviceEvent {
                    at: e.occurred_at,
                    serial: device_id.to_string(),
                    kind,
                })
            })
            .collect();
        kept.sort_by_key(|e| e.at);
        Ok(kept)
    }
}

/// A device of a Seam workspace, as its list gives it (for registering a builder's devices).
#[derive(Debug, Clone)]
pub struct SeamDevice {
    pub device_id: String,
    pub name: String,
    pub kind: DeviceKind,
    pub serial_number: Option<String>,
}

impl Seam {
    /// The workspace's locks and thermostats.
    pub async fn devices(&self) -> DeviceResult<Vec<SeamDevice>> {
        let devices: Vec<Value> = self.call("devices/list", json!({}), "devices").await?;
        Ok(devices
            .into_iter()
            .filter_map(|d| {
                let kind = match d["device_type"].as_str()? {
                    t if t.ends_with("_thermostat") => DeviceKind::WifiThermostat,
                    t if t.ends_with("_lock") => DeviceKind::SmartLock,
                    _ => return None,
                };
                Some(SeamDevice {
                    device_id: d["device_id"].as_str()?.to_string(),
                    name: d["display_name"]
                        .as_str()
                        .or(d["properties"]["name"].as_str())
                        .unwrap_or_default()
                        .to_string(),
                    kind,
                    serial_number: d["properties"]["serial_number"]
                        .as_str()
                        .map(str::to_string),
                })
            })
            .collect())
    }
}
