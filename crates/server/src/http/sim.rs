//! The device simulator's own controls, for the platform admin (demos, tests, training): add a
//! simulated device, read it, type a code on its keypad, give it faults, set its battery. The
//! console's hardware calls drive the same devices as a real provider's.

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{post, put};
use axum::{Json, Router};
use devices::sim::{Faults, SimDevice, SimStore, Simulator};
use devices::{DeviceError, DeviceKind, DeviceStatus, Provider};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{JsonBody, Path};
use crate::sim_store::DbSimStore;
use crate::state::AppState;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/sim/devices/{serial}", put(add_device).get(device_status))
        .route("/sim/devices/{serial}/keypad", post(keypad))
        .route("/sim/devices/{serial}/lock-button", post(lock_button))
        .route("/sim/devices/{serial}/faults", put(set_faults))
        .route("/sim/devices/{serial}/battery", put(set_battery))
}

/// The simulator over the database, with the configured command latency.
pub fn simulator(state: &AppState) -> &Simulator<DbSimStore> {
    state.hardware.simulator()
}

impl From<DeviceError> for ApiError {
    fn from(error: DeviceError) -> ApiError {
        match error {
            DeviceError::NotFound => ApiError::NotFound("No such device".into()),
            // Our records or the provider cannot be reached: say so, as a service unavailable.
            DeviceError::Unavailable(detail) => ApiError::Unavailable(detail),
            other => ApiError::Conflict {
                message: other.to_string(),
                suggested_username: None,
            },
        }
    }
}

/// A simulated device to add (or to put back as it came out of the box).
#[derive(Debug, Deserialize, ToSchema)]
pub struct SimDeviceInput {
    /// hub, door_lock, smart_lock, dimmable_light, thermostat, motion_sensor or wifi_thermostat.
    #[schema(
        pattern = "^(hub|door_lock|smart_lock|dimmable_light|thermostat|motion_sensor|wifi_thermostat)$"
    )]
    pub kind: String,
    #[schema(min_length = 1, max_length = 250)]
    pub name: String,
    /// Locks: the code lengths taken (default 4, 5 and 6 digits).
    #[serde(default)]
    pub code_lengths: Option<Vec<u8>>,
    /// Locks: how many codes fit (default 30).
    #[serde(default)]
    #[schema(minimum = 1, maximum = 250)]
    pub code_capacity: Option<u16>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct KeypadInput {
    pub code: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct KeypadAnswer {
    /// Whether the code opened the lock.
    pub opened: bool,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct FaultsInput {
    #[serde(default)]
    pub offline: bool,
    #[serde(default)]
    pub fail_set_code: bool,
    #[serde(default)]
    pub fail_remove_code: bool,
    #[serde(default)]
    pub jam: bool,
    /// Battery taken by each command, 0 to 1.
    #[serde(default)]
    #[schema(minimum = 0, maximum = 1)]
    pub drain_per_command: f64,
    /// The share of commands that time out, 0 to 1.
    #[serde(default)]
    #[schema(minimum = 0, maximum = 1)]
    pub fail_rate: f64,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct BatteryInput {
    /// 0 (empty) to 1 (full).
    #[schema(minimum = 0, maximum = 1)]
    pub level: f64,
}

fn kind_of(text: &str) -> Option<DeviceKind> {
    serde_json::from_value(serde_json::Value::String(text.to_string())).ok()
}

fn check_serial(serial: &str) -> ApiResult<()> {
    let ok = (1..=64).contains(&serial.len())
        && serial
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if ok {
        Ok(())
    } else {
        Err(ApiError::field(
            "serial",
            "A serial is 1-64 letters, digits, dashes or underscores",
        ))
    }
}

#[utoipa::path(put, path = "/api/sim/devices/{serial}", tag = "simulator", params(("serial" = String, Path)),
    request_body = SimDeviceInput,
    responses((status = 201, description = "The device, as it came out of the box", content_type = "application/json")),
    security(("bearer" = [])))]
pub async fn add_device(
    State(state): State<AppState>,
    caller: Caller,
    Path(serial): Path<String>,
    JsonBody(input): JsonBody<SimDeviceInput>,
) -> ApiResult<(StatusCode, Json<DeviceStatus>)> {
    caller.require_admin()?;
    check_serial(&serial)?;
    let mut errors = std::collections::BTreeMap::new();
    let kind = kind_of(&input.kind);
    if kind.is_none() {
        errors.insert("kind".to_string(), "Choose a kind of device".to_string());
    }
    let name = input.name.trim();
    if name.is_empty() || name.chars().count() > 250 {
        errors.insert("name".into(), "A name is 1-250 characters".into());
    }
    if input
        .code_lengths
        .as_ref()
        .is_some_and(|l| l.is_empty() || l.iter().any(|n| !(4..=8).contains(n)))
    {
        errors.insert(
            "code_lengths".into(),
            "Code lengths are 4 to 8 digits".into(),
        );
    }
    if input.code_capacity.is_some_and(|c| !(1..=250).contains(&c)) {
        errors.insert("code_capacity".into(), "A lock holds 1 to 250 codes".into());
    }
    ApiError::check(errors)?;
    let kind = kind.expect("checked above");
    let mut device = SimDevice::new(&serial, kind, name);
    if kind.takes_codes() {
        if let Some(lengths) = input.code_lengths {
            device.code_lengths = lengths.into_iter().map(usize::from).collect();
        }
        if let Some(capacity) = input.code_capacity {
            device.code_capacity = usize::from(capacity);
        }
    }
    let sim = simulator(&state);
    sim.store().put(device).await?;
    Ok((StatusCode::CREATED, Json(sim.status(&serial).await?)))
}

#[utoipa::path(get, path = "/api/sim/devices/{serial}", tag = "simulator", params(("serial" = String, Path)),
    responses((status = 200, description = "The device's status", content_type = "application/json"),
        (status = 409, description = "The device cannot answer (offline)", body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn device_status(
    State(state): State<AppState>,
    caller: Caller,
    Path(serial): Path<String>,
) -> ApiResult<Json<DeviceStatus>> {
    caller.require_admin()?;
    Ok(Json(simulator(&state).status(&serial).await?))
}

#[utoipa::path(post, path = "/api/sim/devices/{serial}/keypad", tag = "simulator", params(("serial" = String, Path)),
    request_body = KeypadInput,
    responses((status = 200, body = KeypadAnswer), (status = 409, description = "The lock is offline", body = ErrorBody)),
    security(("bearer" = [])))]
/// A code typed on the lock's keypad: it opens the lock when a code open at this moment matches.
pub async fn keypad(
    State(state): State<AppState>,
    caller: Caller,
    Path(serial): Path<String>,
    JsonBody(input): JsonBody<KeypadInput>,
) -> ApiResult<Json<KeypadAnswer>> {
    caller.require_admin()?;
    let opened = simulator(&state).keypad(&serial, input.code.trim()).await?;
    noticed(&state, &serial).await;
    Ok(Json(KeypadAnswer { opened }))
}

#[utoipa::path(post, path = "/api/sim/devices/{serial}/lock-button", tag = "simulator", params(("serial" = String, Path)),
    responses((status = 200, description = "The device's status", content_type = "application/json"),
        (status = 409, description = "The lock is offline, or not a lock", body = ErrorBody)),
    security(("bearer" = [])))]
/// The keypad's lock button, as a visitor leaving presses it: the lock locks and says so (which
/// ends the tours under way through it).
pub async fn lock_button(
    State(state): State<AppState>,
    caller: Caller,
    Path(serial): Path<String>,
) -> ApiResult<Json<DeviceStatus>> {
    caller.require_admin()?;
    let sim = simulator(&state);
    sim.lock(&serial).await?;
    noticed(&state, &serial).await;
    Ok(Json(sim.status(&serial).await?))
}

#[utoipa::path(put, path = "/api/sim/devices/{serial}/faults", tag = "simulator", params(("serial" = String, Path)),
    request_body = FaultsInput,
    responses((status = 200, description = "The device's status", content_type = "application/json")),
    security(("bearer" = [])))]
pub async fn set_faults(
    State(state): State<AppState>,
    caller: Caller,
    Path(serial): Path<String>,
    JsonBody(input): JsonBody<FaultsInput>,
) -> ApiResult<Json<SimDevice>> {
    caller.require_admin()?;
    if !(0.0..=1.0).contains(&input.drain_per_command) {
        return Err(ApiError::field("drain_per_command", "A drain is 0 to 1"));
    }
    if !(0.0..=1.0).contains(&input.fail_rate) {
        return Err(ApiError::field(
            "fail_rate",
            "A share of failures is 0 to 1",
        ));
    }
    let sim = simulator(&state);
    sim.set_faults(
        &serial,
        Faults {
            offline: input.offline,
            fail_set_code: input.fail_set_code,
            fail_remove_code: input.fail_remove_code,
            jam: input.jam,
            drain_per_command: input.drain_per_command,
            fail_rate: input.fail_rate,
        },
    )
    .await?;
    noticed(&state, &serial).await;
    stored(sim, &serial).await
}

#[utoipa::path(put, path = "/api/sim/devices/{serial}/battery", tag = "simulator", params(("serial" = String, Path)),
    request_body = BatteryInput,
    responses((status = 200, description = "The device's status", content_type = "application/json"),
        (status = 409, description = "The device has no battery", body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn set_battery(
    State(state): State<AppState>,
    caller: Caller,
    Path(serial): Path<String>,
    JsonBody(input): JsonBody<BatteryInput>,
) -> ApiResult<Json<SimDevice>> {
    caller.require_admin()?;
    if !(0.0..=1.0).contains(&input.level) {
        return Err(ApiError::field("level", "A battery level is 0 to 1"));
    }
    let sim = simulator(&state);
    sim.set_battery(&serial, input.level).await?;
    noticed(&state, &serial).await;
    stored(sim, &serial).await
}

/// The console hears at once what a simulated device did (a registered device is looked at as
/// the watch routine would, without waiting for its turn).
async fn noticed(state: &AppState, serial: &str) {
    let registered = db::hardware::devices::by_any_serial(&state.db, serial).await;
    if let Ok(Some(device)) = registered {
        if let Err(error) = crate::hardware::watch::visit(&state.hardware, &device).await {
            tracing::warn!(%serial, %error, "could not read a simulated device");
        }
    }
}

/// The device as the simulator holds it, faults and events included (answered even while it is
/// offline), its codes masked.
async fn stored(sim: &Simulator<DbSimStore>, serial: &str) -> ApiResult<Json<SimDevice>> {
    Ok(Json(
        crate::sim_store::masked_device(sim.store(), serial).await?,
    ))
}
