//! A home's hub (spec 2 §2 Hub device panel and drawer, §7 Hubs): the hub's status, the devices it
//! holds (door locks with their bolt, battery, auto-lock, user codes by slot and scheduled codes;
//! lights; thermostats; motion sensors), and every command: lock or unlock, auto-lock, user codes,
//! the master code, scheduled codes, lights, the thermostat, reboot and refresh; and the access
//! history of its locks. Codes go to the locks through `hardware::codes` and show where they
//! stand (set, pending, failed with the lock's words).

use std::collections::{BTreeMap, BTreeSet};

use axum::extract::State;
use axum::routing::{delete, get, patch};
use axum::{Json, Router};
use chrono::{DateTime, Utc};
use db::hardware::codes::{self, purpose, CodeRecord, NewCode};
use db::hardware::devices::{self, kind, Device};
use db::hardware::events::LockLog;
use domain::codes::{
    check_hub_codes, check_scheduled_codes, next_slot, HubCode, ScheduledFor, CODE_TYPE_MASTER,
    CODE_TYPE_SCHEDULE, CODE_TYPE_TEMPORARY, HUB_CODE_MAX, MSG_CODES_NOT_VALID,
    MSG_INVALID_CODE_LENGTH,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::inventory::actor;
use super::{device_of_kind, lock_logs_of, LockLogQuery};
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{JsonBody, Path, QueryParams};
use crate::hardware::{codes as programming, Command};
use crate::http::MessageBody;
use crate::state::AppState;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/hubs/{id}/info", get(info))
        .route("/hubs/{id}/devices", get(hub_devices))
        .route(
            "/hubs/{id}/devices/{device_id}/refresh",
            get(refresh_device),
        )
        .route("/hubs/{id}/reboot", get(reboot))
        .route("/hubs/{id}/lock/status", patch(lock_status))
        .route("/hubs/{id}/lock/auto-lock", patch(auto_lock))
        .route("/hubs/{id}/lock/codes", patch(user_codes))
        .route(
            "/hubs/{id}/lock/code",
            axum::routing::post(create_master_code)
                .patch(update_master_code)
                .delete(delete_code),
        )
        .route("/hubs/{id}/lock/scheduled-codes", patch(scheduled_codes))
        .route(
            "/hubs/{id}/lock/scheduled-code",
            delete(delete_scheduled_code),
        )
        .route("/hubs/{id}/lock-logs", get(lock_logs))
        .route("/hubs/{id}/lights/{light_id}", patch(light))
        .route("/hubs/{id}/thermostat", patch(thermostat))
}

/// The hub type's label: seam is shown as "Wifi Lock" (spec 2 §3).
pub fn hub_type_label(hub_type: Option<&str>) -> String {
    match hub_type {
        Some("seam") => "Wifi Lock".into(),
        Some(other) => other.to_string(),
        None => String::new(),
    }
}

/// A battery as a percent.
pub fn percent(battery: Option<f64>) -> Option<i64> {
    battery.map(|b| (b * 100.0).round() as i64)
}

#[derive(Debug, Serialize, ToSchema)]
pub struct HubInfo {
    pub id: i64,
    pub serial_number: String,
    pub hub_type: Option<String>,
    /// "Wifi Lock" for seam hubs, else the type.
    pub hub_type_label: String,
    pub name: String,
    pub property_id: Option<i64>,
    pub online: bool,
    /// Online or Offline.
    pub status: String,
    /// The battery of the hub's first lock, in percent.
    pub battery: Option<i64>,
    /// An Alarm.com hub: its devices are controlled in the alarm company's own service.
    pub is_adc: bool,
    pub device_count: i64,
}

/// A user code of a hub lock, keyed by its slot.
#[derive(Debug, Serialize, ToSchema)]
pub struct HubUserCode {
    pub code: String,
    pub name: String,
    /// Code type: 2 master, 3 temporary, 4 second temporary, 5 schedule.
    pub mode: i64,
    /// What the code is for: user, master, trade, sales, resident, backup.
    pub purpose: String,
    /// scheduled, setting, set, failed or removing.
    pub state: String,
    /// The lock's words when it failed or is being retried.
    pub error: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct HubScheduledCode {
    pub slot: Option<i64>,
    pub code: String,
    pub name: String,
    pub scheduled_on: Option<DateTime<Utc>>,
    pub expires_on: Option<DateTime<Utc>>,
    pub is_added: bool,
    pub property_id: Option<i64>,
    pub state: String,
    pub error: Option<String>,
    /// The code missed its start and the community's backup code was put on the lock.
    pub backup_in_use: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LightState {
    pub on: bool,
    pub level: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ThermostatState {
    pub temperature: Option<f64>,
    pub heat_set_point: Option<f64>,
    pub cool_set_point: Option<f64>,
}

/// A lock's code slots: taken (codes meant for it) of those it has.
#[derive(Debug, Serialize, ToSchema)]
pub struct Capacity {
    pub used: i64,
    pub available: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct HubDeviceProperties {
    /// locked or unlocked (locks).
    pub status: Option<String>,
    pub online: bool,
    /// Percent.
    pub battery: Option<i64>,
    pub autoLock: Option<bool>,
    pub jammed: bool,
    /// Locked, Unlocked, Offline, Jammed or Low battery (locks).
    pub health: Option<String>,
    pub userCodes: BTreeMap<String, HubUserCode>,
    pub scheduledCodes: Vec<HubScheduledCode>,
    pub light: Option<LightState>,
    pub thermostat: Option<ThermostatState>,
    pub capacity: Option<Capacity>,
    pub supported_code_lengths: Vec<usize>,
}

/// A device of a hub (spec 2 §3 Hub lock record).
#[derive(Debug, Serialize, ToSchema)]
pub struct HubDevice {
    pub id: i64,
    pub name: String,
    /// door_lock, dimmable_light, thermostat or motion_sensor.
    #[serde(rename = "type")]
    pub kind: String,
    pub serial_number: String,
    pub properties: HubDeviceProperties,
    pub state_on: Option<DateTime<Utc>>,
}

fn code_type(purpose: &str) -> i64 {
    match purpose {
        purpose::MASTER => CODE_TYPE_MASTER,
        purpose::SCHEDULED | purpose::VISITOR => CODE_TYPE_SCHEDULE,
        _ => CODE_TYPE_TEMPORARY,
    }
}

pub(super) fn is_time_bound(code: &CodeRecord) -> bool {
    code.purpose == purpose::SCHEDULED || code.purpose == purpose::VISITOR
}

/// The error staff should read beside a code: the lock's, while the code is not where it should be.
pub fn shown_error(code: &CodeRecord) -> Option<String> {
    (code.state != "set")
        .then(|| code.last_error.clone())
        .flatten()
}

fn view(device: &Device, codes: &[CodeRecord]) -> HubDevice {
    let is_lock = kind::is_lock(&device.kind);
    let mine: Vec<&CodeRecord> = codes
        .iter()
        .filter(|c| c.device_id == device.id && c.state != "removing")
        .collect();
    let user_codes = mine
        .iter()
        .filter(|c| !is_time_bound(c))
        .filter_map(|c| {
            c.slot.map(|slot| {
                (
                    slot.to_string(),
                    HubUserCode {
                        code: c.code.clone(),
                        name: c.name.clone(),
                        mode: code_type(&c.purpose),
                        purpose: c.purpose.clone(),
                        state: c.state.clone(),
                        error: shown_error(c),
                    },
                )
            })
        })
        .collect();
    let scheduled = mine
        .iter()
        .filter(|c| is_time_bound(c))
        .map(|c| HubScheduledCode {
            slot: c.slot,
            code: c.code.clone(),
            name: c.name.clone(),
            scheduled_on: c.starts_at,
            expires_on: c.ends_at,
            is_added: true,
            property_id: c.property_id,
            state: c.state.clone(),
            error: shown_error(c),
            backup_in_use: c.backup_issued_on.is_some() && c.state != "set",
        })
        .collect();
    HubDevice {
        id: device.id,
        name: device.name.clone(),
        kind: device.kind.clone(),
        serial_number: device.serial_number.clone(),
        state_on: device.state_on,
        properties: HubDeviceProperties {
            status: device
                .locked
                .filter(|_| is_lock)
                .map(|l| if l { "locked" } else { "unlocked" }.to_string()),
            online: device.online,
            battery: percent(device.battery),
            autoLock: device.auto_lock.filter(|_| is_lock),
            jammed: device.jammed,
            health: is_lock.then(|| crate::hardware::health(device).word().to_string()),
            userCodes: user_codes,
            scheduledCodes: scheduled,
            light: (device.kind == kind::DIMMABLE_LIGHT).then(|| LightState {
                on: device.light_on.unwrap_or(false),
                level: device.level,
            }),
            thermostat: (device.kind == kind::THERMOSTAT).then_some(ThermostatState {
                temperature: device.temperature,
                heat_set_point: device.heat_set_point,
                cool_set_point: device.cool_set_point,
            }),
            capacity: is_lock.then(|| capacity_of(device, codes)),
            supported_code_lengths: device.supported_code_lengths(),
        },
    }
}

/// The hub and one of its devices, both in the caller's scope.
async fn device_on_hub(
    state: &AppState,
    caller: &Caller,
    hub_id: i64,
    device_id: i64,
) -> ApiResult<(Device, Device)> {
    let hub = device_of_kind(state, caller, hub_id, kind::HUB).await?;
    let device = devices::get(&state.db, &caller.scope, device_id)
        .await?
        .filter(|d| d.hub_id == Some(hub.id))
        .ok_or_else(ApiError::not_found)?;
    Ok((hub, device))
}

async fn lock_on_hub(
    state: &AppState,
    caller: &Caller,
    hub_id: i64,
    device_id: i64,
) -> ApiResult<(Device, Device)> {
    let (hub, device) = device_on_hub(state, caller, hub_id, device_id).await?;
    if device.kind != kind::DOOR_LOCK {
        return Err(ApiError::field("deviceId", "This device is not a lock"));
    }
    Ok((hub, device))
}

async fn record_of(state: &AppState, device: &Device) -> ApiResult<HubDevice> {
    let codes = codes::live_on(&state.db, &[device.id]).await?;
    Ok(view(device, &codes))
}

#[utoipa::path(get, path = "/api/hubs/{id}/info", tag = "hardware", params(("id" = i64, Path)),
    responses((status = 200, body = HubInfo), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
pub async fn info(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
) -> ApiResult<Json<HubInfo>> {
    let hub = device_of_kind(&state, &caller, id, kind::HUB).await?;
    let on_hub = devices::on_hub(&state.db, hub.id).await?;
    let first_lock = on_hub.iter().find(|d| d.kind == kind::DOOR_LOCK);
    let online = hub.online && first_lock.is_none_or(|l| l.online);
    Ok(Json(HubInfo {
        id: hub.id,
        serial_number: hub.serial_number.clone(),
        hub_type_label: hub_type_label(hub.hub_type.as_deref()),
        is_adc: hub.hub_type.as_deref() == Some("adc"),
        hub_type: hub.hub_type,
        name: hub.name,
        property_id: hub.property_id,
        online,
        status: if online { "Online" } else { "Offline" }.into(),
        battery: first_lock.and_then(|l| percent(l.battery)),
        device_count: on_hub.len() as i64,
    }))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DevicesQuery {
    /// true: read every device again first (Refresh List).
    #[serde(default)]
    pub refresh: Option<String>,
}

#[utoipa::path(get, path = "/api/hubs/{id}/devices", tag = "hardware", params(("id" = i64, Path), DevicesQuery),
    responses((status = 200, body = Vec<HubDevice>), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
/// The hub's devices with their state and codes ("Hub doesn't have devices" when none).
pub async fn hub_devices(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
    QueryParams(query): QueryParams<DevicesQuery>,
) -> ApiResult<Json<Vec<HubDevice>>> {
    let hub = device_of_kind(&state, &caller, id, kind::HUB).await?;
    let mut on_hub = devices::on_hub(&state.db, hub.id).await?;
    if query.refresh.as_deref() == Some("true") {
        let mut fresh = Vec::with_capacity(on_hub.len());
        for device in &on_hub {
            crate::hardware::watch::visit(&state.hardware, device).await?;
            fresh.push(
                devices::for_job(&state.db, device.id)
                    .await?
                    .unwrap_or_else(|| device.clone()),
            );
        }
        on_hub = fresh;
    }
    let ids: Vec<i64> = on_hub.iter().map(|d| d.id).collect();
    let codes = codes::live_on(&state.db, &ids).await?;
    Ok(Json(on_hub.iter().map(|d| view(d, &codes)).collect()))
}

#[utoipa::path(get, path = "/api/hubs/{id}/devices/{device_id}/refresh", tag = "hardware",
    params(("id" = i64, Path), ("device_id" = i64, Path)),
    responses((status = 200, body = HubDevice), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
/// Reads one device again (Refresh Device).
pub async fn refresh_device(
    State(state): State<AppState>,
    caller: Caller,
    Path((id, device_id)): Path<(i64, i64)>,
) -> ApiResult<Json<HubDevice>> {
    let (_, device) = device_on_hub(&state, &caller, id, device_id).await?;
    crate::hardware::watch::visit(&state.hardware, &device).await?;
    let device = devices::for_job(&state.db, device.id)
        .await?
        .ok_or_else(ApiError::not_found)?;
    Ok(Json(record_of(&state, &device).await?))
}

#[utoipa::path(get, path = "/api/hubs/{id}/reboot", tag = "hardware", params(("id" = i64, Path)),
    responses((status = 200, body = MessageBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn reboot(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
) -> ApiResult<Json<MessageBody>> {
    let hub = device_of_kind(&state, &caller, id, kind::HUB).await?;
    state
        .hardware
        .command(&hub, &Command::Reboot, &actor(&caller))
        .await?;
    Ok(Json(MessageBody::new("Hub is rebooting")))
}

/// Lock or unlock a hub's lock.
#[derive(Debug, Deserialize, ToSchema)]
#[allow(non_snake_case)]
pub struct LockStatusInput {
    pub hubId: Option<i64>,
    pub deviceId: i64,
    /// locked or unlocked.
    #[schema(pattern = "^(locked|unlocked)$")]
    pub status: String,
}

/// A command's answer: the toast's words and the device as it now is.
#[derive(Debug, Serialize, ToSchema)]
pub struct DeviceAnswer {
    pub message: String,
    pub device: HubDevice,
}

/// Whether a status word asks for locked.
pub fn wants_locked(status: &str) -> ApiResult<bool> {
    match status {
        "locked" => Ok(true),
        "unlocked" => Ok(false),
        _ => Err(ApiError::field("status", "status is locked or unlocked")),
    }
}

#[utoipa::path(patch, path = "/api/hubs/{id}/lock/status", tag = "hardware", params(("id" = i64, Path)),
    request_body = LockStatusInput,
    responses((status = 200, body = DeviceAnswer), (status = 404, body = ErrorBody),
        (status = 409, description = "The lock could not do it (offline, jammed)", body = ErrorBody)),
    security(("bearer" = [])))]
/// Locks or unlocks ("Lock is locked" / "Lock is unlocked").
pub async fn lock_status(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
    JsonBody(input): JsonBody<LockStatusInput>,
) -> ApiResult<Json<DeviceAnswer>> {
    let locked = wants_locked(&input.status)?;
    let (_, lock) = lock_on_hub(&state, &caller, id, input.deviceId).await?;
    let command = if locked {
        Command::Lock
    } else {
        Command::Unlock
    };
    let lock = state
        .hardware
        .command(&lock, &command, &actor(&caller))
        .await?;
    Ok(Json(DeviceAnswer {
        message: format!("Lock is {}", input.status),
        device: record_of(&state, &lock).await?,
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[allow(non_snake_case)]
pub struct AutoLockInput {
    pub deviceId: i64,
    pub autoLock: bool,
}

#[utoipa::path(patch, path = "/api/hubs/{id}/lock/auto-lock", tag = "hardware", params(("id" = i64, Path)),
    request_body = AutoLockInput,
    responses((status = 200, body = DeviceAnswer), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn auto_lock(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
    JsonBody(input): JsonBody<AutoLockInput>,
) -> ApiResult<Json<DeviceAnswer>> {
    let (_, lock) = lock_on_hub(&state, &caller, id, input.deviceId).await?;
    let lock = state
        .hardware
        .command(&lock, &Command::AutoLock(input.autoLock), &actor(&caller))
        .await?;
    Ok(Json(DeviceAnswer {
        message: format!(
            "Auto-lock {}",
            if input.autoLock {
                "enabled"
            } else {
                "disabled"
            }
        ),
        device: record_of(&state, &lock).await?,
    }))
}

/// A user code of the Lock Codes editor.
#[derive(Debug, Deserialize, ToSchema)]
pub struct HubCodeInput {
    /// The slot (`key`).
    #[serde(alias = "key")]
    pub slot: i64,
    pub code: String,
    pub name: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[allow(non_snake_case)]
pub struct HubCodesInput {
    pub deviceId: i64,
    pub codes: Vec<HubCodeInput>,
}

/// A code's length against what the lock takes.
fn fits(device: &Device, code: &str) -> bool {
    let lengths = device.supported_code_lengths();
    lengths.is_empty() || lengths.contains(&code.len())
}

/// Refuses codes that would not fit the lock's slots.
pub async fn check_room(
    state: &AppState,
    device: &Device,
    adding: usize,
    field: &str,
) -> ApiResult<()> {
    let used = codes::slots_used(&state.db, device.id).await?;
    match device.code_capacity {
        Some(capacity) if used + adding as i64 > capacity => Err(ApiError::field(
            field,
            ::devices::DeviceError::NoCapacity {
                used: used as usize,
                capacity: capacity as usize,
            }
            .to_string(),
        )),
        _ => Ok(()),
    }
}

/// Adds and replaces a lock's codes, programs them while staff wait, and records the change in
/// the lock's history under the editor that made it ("codes" or "scheduled_codes").
pub async fn program(
    state: &AppState,
    caller: &Caller,
    lock: &Device,
    add: &[NewCode],
    replacing: &[i64],
    editor: &str,
) -> ApiResult<()> {
    let at = state.hardware.now();
    let mut work = codes::change(&state.db, add, replacing, at).await?;
    work.extend(replacing);
    programming::program_now(&state.hardware, &work).await;
    state.hardware.record(lock, editor, &actor(caller)).await?;
    Ok(())
}

fn new_code(
    caller: &Caller,
    device: &Device,
    home: Option<i64>,
    purpose: &'static str,
    slot: Option<i64>,
    code: &str,
    name: &str,
) -> NewCode {
    NewCode {
        builder_id: device.builder_id,
        device_id: device.id,
        property_id: home,
        purpose,
        slot,
        code: code.trim().to_string(),
        name: name.trim().to_string(),
        starts_at: None,
        ends_at: None,
        customer_id: None,
        created_by: caller.user.username.clone(),
    }
}

#[utoipa::path(patch, path = "/api/hubs/{id}/lock/codes", tag = "hardware", params(("id" = i64, Path)),
    request_body = HubCodesInput,
    responses((status = 200, body = MessageBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
/// The Lock Codes editor's save: codes of new slots are added (existing ones are read-only);
/// "Codes are updated".
pub async fn user_codes(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
    JsonBody(input): JsonBody<HubCodesInput>,
) -> ApiResult<Json<MessageBody>> {
    let (_, lock) = lock_on_hub(&state, &caller, id, input.deviceId).await?;
    let live = codes::live_on(&state.db, &[lock.id]).await?;
    let existing: Vec<&CodeRecord> = live
        .iter()
        .filter(|c| c.purpose == purpose::USER && c.state != "removing")
        .collect();
    let taken: BTreeSet<i64> = live.iter().filter_map(|c| c.slot).collect();
    let added: Vec<&HubCodeInput> = input
        .codes
        .iter()
        .filter(|c| !existing.iter().any(|e| e.slot == Some(c.slot)))
        .collect();
    let mut all: Vec<HubCode> = existing
        .iter()
        .map(|c| HubCode {
            slot: c.slot.unwrap_or(0),
            code: c.code.clone(),
            name: c.name.clone(),
        })
        .collect();
    all.extend(added.iter().map(|c| HubCode {
        slot: c.slot,
        code: c.code.clone(),
        name: c.name.clone(),
    }));
    let mut errors = check_hub_codes(&all);
    for c in &added {
        if taken.contains(&c.slot) {
            errors.insert(format!("codes.{}.slot", c.slot), MSG_CODES_NOT_VALID.into());
        }
        let code = c.code.trim();
        if !errors.contains_key(&format!("codes.{}.code", c.slot)) && !fits(&lock, code) {
            errors.insert(
                format!("codes.{}.code", c.slot),
                MSG_INVALID_CODE_LENGTH.into(),
            );
        }
        // A code equal to one of the lock's other codes (master, trade, scheduled ...) would open
        // the lock as that one.
        if live.iter().any(|l| l.code == code && l.state != "removing") {
            errors.insert("codes".into(), domain::codes::MSG_IDENTICAL_CODES.into());
        }
    }
    ApiError::check(errors)?;
    if added.is_empty() {
        return Ok(Json(MessageBody::new("Codes are updated")));
    }
    check_room(&state, &lock, added.len(), "codes").await?;
    let home = state.hardware.home_of(&lock).await?;
    let add: Vec<NewCode> = added
        .iter()
        .map(|c| {
            new_code(
                &caller,
                &lock,
                home,
                purpose::USER,
                Some(c.slot),
                &c.code,
                &c.name,
            )
        })
        .collect();
    program(&state, &caller, &lock, &add, &[], "codes").await?;
    Ok(Json(MessageBody::new("Codes are updated")))
}

/// The master code (slot 6).
#[derive(Debug, Deserialize, ToSchema)]
#[allow(non_snake_case)]
pub struct MasterCodeInput {
    pub deviceId: i64,
    pub code: String,
    #[serde(default)]
    pub name: Option<String>,
}

/// Checks a master code: digits, not all zeros, at most 10, a length the lock takes.
fn check_master(lock: &Device, code: &str) -> ApiResult<()> {
    let digits = !code.is_empty() && code.bytes().all(|b| b.is_ascii_digit());
    if !digits || code.bytes().all(|b| b == b'0') || code.len() > HUB_CODE_MAX {
        return Err(ApiError::field("code", MSG_CODES_NOT_VALID));
    }
    if !fits(lock, code) {
        return Err(ApiError::field("code", MSG_INVALID_CODE_LENGTH));
    }
    Ok(())
}

async fn put_master(
    state: &AppState,
    caller: &Caller,
    id: i64,
    input: &MasterCodeInput,
    creating: bool,
) -> ApiResult<Json<MessageBody>> {
    let (_, lock) = lock_on_hub(state, caller, id, input.deviceId).await?;
    let code = input.code.trim();
    check_master(&lock, code)?;
    let live = codes::live_on(&state.db, &[lock.id]).await?;
    let current: Vec<i64> = live
        .iter()
        .filter(|c| c.purpose == purpose::MASTER && c.state != "removing")
        .map(|c| c.id)
        .collect();
    if creating && !current.is_empty() {
        return Err(ApiError::field(
            "code",
            "The lock has a master code: update it",
        ));
    }
    if !creating && current.is_empty() {
        return Err(ApiError::not_found());
    }
    if live
        .iter()
        .any(|c| c.code == code && c.state != "removing" && c.purpose != purpose::MASTER)
    {
        return Err(ApiError::field("code", domain::codes::MSG_CODES_SAME));
    }
    let name = input
        .name
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .unwrap_or("Master");
    if name.chars().count() > domain::codes::CODE_NAME_MAX {
        return Err(ApiError::field("name", MSG_CODES_NOT_VALID));
    }
    let home = state.hardware.home_of(&lock).await?;
    let add = new_code(
        caller,
        &lock,
        home,
        purpose::MASTER,
        codes::reserved_slot(purpose::MASTER),
        code,
        name,
    );
    program(state, caller, &lock, &[add], &current, "codes").await?;
    Ok(Json(MessageBody::new(if creating {
        "Code is created"
    } else {
        "Code is updated"
    })))
}

#[utoipa::path(post, path = "/api/hubs/{id}/lock/code", tag = "hardware", params(("id" = i64, Path)),
    request_body = MasterCodeInput,
    responses((status = 200, body = MessageBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
/// Creates the lock's master code ("Code is created").
pub async fn create_master_code(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
    JsonBody(input): JsonBody<MasterCodeInput>,
) -> ApiResult<Json<MessageBody>> {
    put_master(&state, &caller, id, &input, true).await
}

#[utoipa::path(patch, path = "/api/hubs/{id}/lock/code", tag = "hardware", params(("id" = i64, Path)),
    request_body = MasterCodeInput,
    responses((status = 200, body = MessageBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
/// Changes the lock's master code ("Code is updated").
pub async fn update_master_code(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
    JsonBody(input): JsonBody<MasterCodeInput>,
) -> ApiResult<Json<MessageBody>> {
    put_master(&state, &caller, id, &input, false).await
}

#[derive(Debug, Deserialize, ToSchema)]
#[allow(non_snake_case)]
pub struct DeleteCodeInput {
    pub deviceId: i64,
    /// The slot of the code.
    pub codeKey: i64,
}

#[utoipa::path(delete, path = "/api/hubs/{id}/lock/code", tag = "hardware", params(("id" = i64, Path)),
    request_body = DeleteCodeInput,
    responses((status = 200, body = MessageBody), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
/// Takes the code of a slot off the lock ("Code is deleted").
pub async fn delete_code(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
    JsonBody(input): JsonBody<DeleteCodeInput>,
) -> ApiResult<Json<MessageBody>> {
    take_off_slot(&state, &caller, id, input.deviceId, input.codeKey, false).await?;
    Ok(Json(MessageBody::new("Code is deleted")))
}

/// Takes the code of a lock's slot off: a scheduled one (`time_bound`) or a standing one; 404
/// when the slot holds no such code.
async fn take_off_slot(
    state: &AppState,
    caller: &Caller,
    hub: i64,
    device_id: i64,
    slot: i64,
    time_bound: bool,
) -> ApiResult<()> {
    let (_, lock) = lock_on_hub(state, caller, hub, device_id).await?;
    let going: Vec<i64> = codes::live_on(&state.db, &[lock.id])
        .await?
        .into_iter()
        .filter(|c| c.slot == Some(slot) && is_time_bound(c) == time_bound && c.state != "removing")
        .map(|c| c.id)
        .collect();
    if going.is_empty() {
        return Err(ApiError::not_found());
    }
    let editor = if time_bound {
        "scheduled_codes"
    } else {
        "codes"
    };
    program(state, caller, &lock, &[], &going, editor).await?;
    Ok(())
}

/// A scheduled code of an editor: new ones have no slot yet (or `is_added` false).
#[derive(Debug, Deserialize, ToSchema)]
pub struct ScheduledCodeInput {
    #[serde(default)]
    pub slot: Option<i64>,
    pub code: String,
    pub name: String,
    /// An instant (RFC 3339), or MM/dd/yyyy HH:mm in the home's time zone.
    pub scheduled_on: String,
    pub expires_on: String,
    #[serde(default)]
    pub is_added: Option<bool>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[allow(non_snake_case)]
pub struct HubScheduledCodesInput {
    pub deviceId: i64,
    pub scheduledCodes: Vec<ScheduledCodeInput>,
}

/// A scheduled code's time: an instant, or the home's clock time; kept to the minute.
pub fn read_time(text: &str, timezone: i64) -> Option<DateTime<Utc>> {
    use chrono::{DurationRound, NaiveDateTime};
    let text = text.trim();
    let at = DateTime::parse_from_rfc3339(text)
        .map(|t| t.with_timezone(&Utc))
        .ok()
        .or_else(|| {
            ["%m/%d/%Y %H:%M", "%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"]
                .iter()
                .find_map(|f| NaiveDateTime::parse_from_str(text, f).ok())
                .map(|local| domain::zones::from_local(timezone, local))
        })?;
    at.duration_trunc(chrono::Duration::minutes(1)).ok()
}

/// The home's time zone (the default one for a device at no home).
pub async fn timezone_of(state: &AppState, home: Option<i64>) -> ApiResult<i64> {
    Ok(match home {
        Some(home) => db::properties::get(&state.db, &db::Scope::All, home)
            .await?
            .map(|p| p.fields.timezone)
            .unwrap_or(domain::catalog::DEFAULT_TIMEZONE),
        None => domain::catalog::DEFAULT_TIMEZONE,
    })
}

/// Checks the new scheduled codes of an editor's save against a lock, with the spec's messages.
pub async fn checked_scheduled(
    state: &AppState,
    lock: &Device,
    home: Option<i64>,
    rows: &[&ScheduledCodeInput],
    kind: ScheduledFor<'_>,
) -> ApiResult<Vec<domain::codes::ScheduledCode>> {
    let timezone = timezone_of(state, home).await?;
    let scheduled: Vec<domain::codes::ScheduledCode> = rows
        .iter()
        .map(|c| domain::codes::ScheduledCode {
            code: c.code.trim().to_string(),
            name: c.name.trim().to_string(),
            scheduled_on: read_time(&c.scheduled_on, timezone),
            expires_on: read_time(&c.expires_on, timezone),
        })
        .collect();
    let live = codes::live_on(&state.db, &[lock.id]).await?;
    let on_lock: Vec<&str> = live
        .iter()
        .filter(|c| c.state != "removing")
        .map(|c| c.code.as_str())
        .collect();
    ApiError::check(check_scheduled_codes(
        &scheduled,
        &on_lock,
        kind,
        state.hardware.now(),
    ))?;
    check_room(state, lock, scheduled.len(), "scheduledCodes").await?;
    Ok(scheduled)
}

#[utoipa::path(patch, path = "/api/hubs/{id}/lock/scheduled-codes", tag = "hardware", params(("id" = i64, Path)),
    request_body = HubScheduledCodesInput,
    responses((status = 200, body = MessageBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
/// The scheduled codes editor's save: the new codes take the next free slots ("Scheduled codes
/// updated").
pub async fn scheduled_codes(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
    JsonBody(input): JsonBody<HubScheduledCodesInput>,
) -> ApiResult<Json<MessageBody>> {
    let (_, lock) = lock_on_hub(&state, &caller, id, input.deviceId).await?;
    let home = state.hardware.home_of(&lock).await?;
    let new: Vec<&ScheduledCodeInput> = input
        .scheduledCodes
        .iter()
        .filter(|c| c.slot.is_none() || c.is_added != Some(true))
        .collect();
    let checked = checked_scheduled(&state, &lock, home, &new, ScheduledFor::Hub).await?;
    let mut used: BTreeSet<i64> = codes::live_on(&state.db, &[lock.id])
        .await?
        .iter()
        .filter_map(|c| c.slot)
        .collect();
    let add: Vec<NewCode> = checked
        .into_iter()
        .map(|c| {
            let slot = next_slot(&used);
            used.insert(slot);
            NewCode {
                starts_at: c.scheduled_on,
                ends_at: c.expires_on,
                ..new_code(
                    &caller,
                    &lock,
                    home,
                    purpose::SCHEDULED,
                    Some(slot),
                    &c.code,
                    &c.name,
                )
            }
        })
        .collect();
    program(&state, &caller, &lock, &add, &[], "scheduled_codes").await?;
    Ok(Json(MessageBody::new("Scheduled codes updated")))
}

#[derive(Debug, Deserialize, ToSchema)]
#[allow(non_snake_case)]
pub struct DeleteScheduledInput {
    pub deviceId: i64,
    pub slot: i64,
}

#[utoipa::path(delete, path = "/api/hubs/{id}/lock/scheduled-code", tag = "hardware", params(("id" = i64, Path)),
    request_body = DeleteScheduledInput,
    responses((status = 200, body = MessageBody), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
/// Takes a scheduled code off ("Scheduled code deleted").
pub async fn delete_scheduled_code(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
    JsonBody(input): JsonBody<DeleteScheduledInput>,
) -> ApiResult<Json<MessageBody>> {
    take_off_slot(&state, &caller, id, input.deviceId, input.slot, true).await?;
    Ok(Json(MessageBody::new("Scheduled code deleted")))
}

#[utoipa::path(get, path = "/api/hubs/{id}/lock-logs", tag = "hardware", params(("id" = i64, Path), LockLogQuery),
    responses((status = 200, body = Vec<LockLog>), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
/// The access history of the hub's locks, newest first.
pub async fn lock_logs(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
    QueryParams(query): QueryParams<LockLogQuery>,
) -> ApiResult<Json<Vec<LockLog>>> {
    let hub = device_of_kind(&state, &caller, id, kind::HUB).await?;
    let locks = devices::on_hub(&state.db, hub.id).await?;
    Ok(Json(
        lock_logs_of(&state, hub.property_id, locks, &query).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct LightInput {
    /// on or off.
    #[schema(pattern = "^(on|off)$")]
    pub status: String,
    /// 0-100 for a dimmable light.
    #[serde(default)]
    #[schema(minimum = 0, maximum = 100)]
    pub level: Option<u8>,
}

#[utoipa::path(patch, path = "/api/hubs/{id}/lights/{light_id}", tag = "hardware",
    params(("id" = i64, Path), ("light_id" = i64, Path)), request_body = LightInput,
    responses((status = 200, body = DeviceAnswer), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)),
    security(("bearer" = [])))]
/// Switches a light ("Light is on" / "Light is off").
pub async fn light(
    State(state): State<AppState>,
    caller: Caller,
    Path((id, light_id)): Path<(i64, i64)>,
    JsonBody(input): JsonBody<LightInput>,
) -> ApiResult<Json<DeviceAnswer>> {
    let on = match input.status.as_str() {
        "on" => true,
        "off" => false,
        _ => return Err(ApiError::field("status", "status is on or off")),
    };
    if input.level.is_some_and(|l| l > 100) {
        return Err(ApiError::field("level", "A level is 0 to 100"));
    }
    let (_, light) = device_on_hub(&state, &caller, id, light_id).await?;
    if light.kind != kind::DIMMABLE_LIGHT {
        return Err(ApiError::field("light_id", "This device is not a light"));
    }
    let light = state
        .hardware
        .command(
            &light,
            &Command::Light {
                on,
                level: input.level,
            },
            &actor(&caller),
        )
        .await?;
    Ok(Json(DeviceAnswer {
        message: format!("Light is {}", input.status),
        device: record_of(&state, &light).await?,
    }))
}

/// Set points in °F: heat below cool.
#[derive(Debug, Deserialize, ToSchema)]
#[allow(non_snake_case)]
pub struct ThermostatInput {
    pub deviceId: i64,
    #[schema(minimum = 45, maximum = 95)]
    pub heat_set_point: Option<f64>,
    #[schema(minimum = 45, maximum = 95)]
    pub cool_set_point: Option<f64>,
}

/// Checks set points (45-95 °F, heat below cool) with messages on their fields.
pub fn check_set_points(
    heat: Option<f64>,
    cool: Option<f64>,
) -> ApiResult<::devices::ThermostatSetting> {
    let mut errors = BTreeMap::new();
    for (field, value) in [("heat_set_point", heat), ("cool_set_point", cool)] {
        if value.is_some_and(|v| !(45.0..=95.0).contains(&v) || !v.is_finite()) {
            errors.insert(field.to_string(), "A set point is 45 to 95 °F".to_string());
        }
    }
    if let (Some(h), Some(c)) = (heat, cool) {
        if h >= c && errors.is_empty() {
            errors.insert(
                "heat_set_point".into(),
                "The heat set point must be below the cool set point".into(),
            );
        }
    }
    if heat.is_none() && cool.is_none() {
        errors.insert("heat_set_point".into(), "Give a set point".into());
    }
    ApiError::check(errors)?;
    Ok(::devices::ThermostatSetting {
        heat_set_point: heat,
        cool_set_point: cool,
    })
}

#[utoipa::path(patch, path = "/api/hubs/{id}/thermostat", tag = "hardware", params(("id" = i64, Path)),
    request_body = ThermostatInput,
    responses((status = 200, body = DeviceAnswer), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
/// Sets a hub thermostat's set points ("Thermostat is updated").
pub async fn thermostat(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
    JsonBody(input): JsonBody<ThermostatInput>,
) -> ApiResult<Json<DeviceAnswer>> {
    let setting = check_set_points(input.heat_set_point, input.cool_set_point)?;
    let (_, device) = device_on_hub(&state, &caller, id, input.deviceId).await?;
    if device.kind != kind::THERMOSTAT {
        return Err(ApiError::field(
            "deviceId",
            "This device is not a thermostat",
        ));
    }
    let device = state
        .hardware
        .command(&device, &Command::Thermostat(setting), &actor(&caller))
        .await?;
    Ok(Json(DeviceAnswer {
        message: "Thermostat is updated".into(),
        device: record_of(&state, &device).await?,
    }))
}

/// Codes of a lock by state, shared with the smart lock's answer.
pub fn capacity_of(device: &Device, codes: &[CodeRecord]) -> Capacity {
    Capacity {
        used: codes
            .iter()
            .filter(|c| c.device_id == device.id && c.state != "failed")
            .count() as i64,
        available: device.code_capacity,
    }
}
