//! A home's smart lock (spec 2 §2 smart lock drawer, §7 Smart locks): its state and battery, its
//! permanent codes (Active once on the lock, else Pending; codes being removed are hidden) and its
//! scheduled codes, their changes, locking it, and its access history.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::routing::{delete, get, patch, post};
use axum::{Json, Router};
use chrono::{DateTime, Utc};
use db::hardware::codes::{self, purpose, NewCode};
use db::hardware::devices::{kind, Device};
use db::hardware::events::LockLog;
use domain::codes::{check_smart_lock_code, CodeState, ScheduledFor};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::hubs::{
    capacity_of, checked_scheduled, is_time_bound, program, shown_error, wants_locked, Capacity,
    ScheduledCodeInput,
};
use super::inventory::actor;
use super::{device_by_serial, lock_logs_of, LockLogQuery};
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{JsonBody, Path, QueryParams};
use crate::hardware::Command;
use crate::http::MessageBody;
use crate::state::AppState;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/smart-locks/{serial}", get(details))
        .route("/smart-locks/{serial}/code", post(put_code))
        .route("/smart-locks/code", delete(delete_code))
        .route(
            "/smart-locks/{serial}/scheduled-codes",
            post(scheduled_codes),
        )
        .route("/smart-locks/scheduled-code", delete(delete_scheduled_code))
        .route("/smart-locks/{serial}/status", patch(lock_status))
        .route("/smart-locks/{serial}/lock-logs", get(lock_logs))
}

/// A permanent code of a smart lock (spec 2 §3).
#[derive(Debug, Serialize, ToSchema)]
pub struct SmartLockCode {
    pub access_code_id: i64,
    pub code: String,
    pub name: String,
    /// Active (on the lock) or Pending.
    pub status: String,
    /// scheduled, setting, set or failed.
    pub state: String,
    pub error: Option<String>,
    /// What the code is for: user, master, trade, sales, resident or backup.
    pub purpose: String,
}

/// A scheduled code of a smart lock (spec 2 §3).
#[derive(Debug, Serialize, ToSchema)]
pub struct SmartLockScheduledCode {
    pub id: i64,
    pub access_code_id: i64,
    pub code: String,
    pub name: String,
    pub scheduled_on: Option<DateTime<Utc>>,
    pub expires_on: Option<DateTime<Utc>>,
    pub is_added: bool,
    pub builder_id: i64,
    pub property_id: Option<i64>,
    /// Active or Pending.
    pub status: String,
    pub state: String,
    pub error: Option<String>,
    pub backup_in_use: bool,
}

/// The smart lock drawer's record (spec 2 §3 Smart lock details).
#[derive(Debug, Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct SmartLockDetails {
    pub id: i64,
    pub serial_number: String,
    pub name: String,
    pub locked: Option<bool>,
    pub online: bool,
    /// 0 to 1.
    pub battery_level: Option<f64>,
    /// Locked, Unlocked, Offline, Jammed or Low battery.
    pub health: String,
    pub supported_code_lengths: Vec<usize>,
    pub property_id: Option<i64>,
    pub accessCodes: Vec<SmartLockCode>,
    pub scheduledCodes: Vec<SmartLockScheduledCode>,
    pub capacity: Capacity,
    pub state_on: Option<DateTime<Utc>>,
}

fn status_word(state: &str) -> Option<String> {
    CodeState::parse(state)
        .and_then(CodeState::label)
        .map(str::to_string)
}
async fn details_of(state: &AppState, lock: &Device) -> ApiResult<SmartLockDetails> {
    let live = codes::live_on(&state.db, &[lock.id]).await?;
    let access_codes = live
        .iter()
        .filter(|c| !is_time_bound(c))
        .filter_map(|c| {
            status_word(&c.state).map(|status| SmartLockCode {
                access_code_id: c.id,
                code: c.code.clone(),
                name: c.name.clone(),
                status,
                state: c.state.clone(),
                error: shown_error(c),
                purpose: c.purpose.clone(),
            })
        })
        .collect();
    let scheduled = live
        .iter()
        .filter(|c| is_time_bound(c))
        .filter_map(|c| {
            status_word(&c.state).map(|status| SmartLockScheduledCode {
                id: c.id,
                access_code_id: c.id,
                code: c.code.clone(),
                name: c.name.clone(),
                scheduled_on: c.starts_at,
                expires_on: c.ends_at,
                is_added: true,
                builder_id: c.builder_id,
                property_id: c.property_id,
                status,
                state: c.state.clone(),
                error: shown_error(c),
                backup_in_use: c.backup_issued_on.is_some() && c.state != "set",
            })
        })
        .collect();
    Ok(SmartLockDetails {
        id: lock.id,
        serial_number: lock.serial_number.clone(),
        name: lock.name.clone(),
        locked: lock.locked,
        online: lock.online,
        battery_level: lock.battery,
        health: crate::hardware::health(lock).word().to_string(),
        supported_code_lengths: lock.supported_code_lengths(),
        property_id: lock.property_id,
        accessCodes: access_codes,
        scheduledCodes: scheduled,
        capacity: capacity_of(lock, &live),
        state_on: lock.state_on,
    })
}

async fn smart_lock(state: &AppState, caller: &Caller, serial: &str) -> ApiResult<Device> {
    device_by_serial(state, caller, serial, kind::SMART_LOCK).await
}

#[utoipa::path(get, path = "/api/smart-locks/{serial}", tag = "hardware", params(("serial" = String, Path)),
    responses((status = 200, body = SmartLockDetails), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
/// The smart lock's record, codes and scheduled codes (the drawer polls it).
pub async fn details(
    State(state): State<AppState>,
    caller: Caller,
    Path(serial): Path<String>,
) -> ApiResult<Json<SmartLockDetails>> {
    let lock = smart_lock(&state, &caller, &serial).await?;
    Ok(Json(details_of(&state, &lock).await?))
}

/// A permanent code to add, or to put in place of one (`access_code_id`).
#[derive(Debug, Deserialize, ToSchema)]
pub struct SmartLockCodeInput {
    pub code: String,
    pub name: String,
    #[serde(default)]
    pub access_code_id: Option<i64>,
}

#[utoipa::path(post, path = "/api/smart-locks/{serial}/code", tag = "hardware", params(("serial" = String, Path)),
    request_body = SmartLockCodeInput,
    responses((status = 200, body = MessageBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
/// Adds a permanent code ("Code is created"), or changes one ("Code is updated").
pub async fn put_code(
    State(state): State<AppState>,
    caller: Caller,
    Path(serial): Path<String>,
    JsonBody(input): JsonBody<SmartLockCodeInput>,
) -> ApiResult<Json<MessageBody>> {
    let lock = smart_lock(&state, &caller, &serial).await?;
    let live = codes::live_on(&state.db, &[lock.id]).await?;
    let replacing: Vec<i64> = match input.access_code_id {
        None => Vec::new(),
        Some(id) => vec![
            live.iter()
                .find(|c| c.id == id && !is_time_bound(c) && c.state != "removing")
                .ok_or_else(ApiError::not_found)?
                .id,
        ],
    };
    let on_lock: BTreeMap<String, String> = live
        .iter()
        .filter(|c| !is_time_bound(c) && c.state != "removing" && !replacing.contains(&c.id))
        .map(|c| (c.code.clone(), c.name.clone()))
        .collect();
    let mut errors = check_smart_lock_code(
        &input.code,
        &input.name,
        &lock.supported_code_lengths(),
        &on_lock,
    );
    let code = input.code.trim();
    if !errors.contains_key("code") {
        if let Some(other) = live
            .iter()
            .find(|c| is_time_bound(c) && c.code == code && c.state != "removing")
        {
            errors.insert(
                "code".into(),
                domain::codes::msg_code_exists(code, &other.name),
            );
        }
    }
    ApiError::check(errors)?;
    if replacing.is_empty() {
        super::hubs::check_room(&state, &lock, 1, "codes").await?;
    }
    let home = state.hardware.home_of(&lock).await?;
    let add = NewCode {
        builder_id: lock.builder_id,
        device_id: lock.id,
        property_id: home,
        purpose: purpose::USER,
        slot: None,
        code: code.to_string(),
        name: input.name.trim().to_string(),
        starts_at: None,
        ends_at: None,
        customer_id: None,
        created_by: caller.user.username.clone(),
    };
    program(&state, &caller, &lock, &[add], &replacing, "codes").await?;
    Ok(Json(MessageBody::new(if replacing.is_empty() {
        "Code is created"
    } else {
        "Code is updated"
    })))
}

#[derive(Debug, Deserialize, ToSchema)]
#[allow(non_snake_case)]
pub struct DeleteSmartCodeInput {
    pub smartLockSerial: String,
    pub access_code_id: i64,
}

#[utoipa::path(delete, path = "/api/smart-locks/code", tag = "hardware", request_body = DeleteSmartCodeInput,
    responses((status = 200, body = MessageBody), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
/// Takes a permanent code off ("Code is deleted").
pub async fn delete_code(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(input): JsonBody<DeleteSmartCodeInput>,
) -> ApiResult<Json<MessageBody>> {
    let lock = smart_lock(&state, &caller, &input.smartLockSerial).await?;
    take_off(&state, &caller, &lock, input.access_code_id, false).await?;
    Ok(Json(MessageBody::new("Code is deleted")))
}

/// Takes a code of the lock off (a permanent or a scheduled one, as asked).
async fn take_off(
    state: &AppState,
    caller: &Caller,
    lock: &Device,
    id: i64,
    scheduled: bool,
) -> ApiResult<()> {
    let code = codes::live_on(&state.db, &[lock.id])
        .await?
        .into_iter()
        .find(|c| c.id == id && is_time_bound(c) == scheduled && c.state != "removing")
        .ok_or_else(ApiError::not_found)?;
    let editor = if scheduled {
        "scheduled_codes"
    } else {
        "codes"
    };
    program(state, caller, lock, &[], &[code.id], editor).await?;
    Ok(())
}

#[derive(Debug, Deserialize, ToSchema)]
#[allow(non_snake_case)]
pub struct SmartScheduledCodesInput {
    pub scheduledCodes: Vec<SmartScheduledCodeInput>,
}

/// A scheduled code of the smart lock's editor; new rows have no `access_code_id` (or
/// `is_added` false).
#[derive(Debug, Deserialize, ToSchema)]
pub struct SmartScheduledCodeInput {
    pub name: String,
    pub code: String,
    pub scheduled_on: String,
    pub expires_on: String,
    #[serde(default)]
    pub is_added: Option<bool>,
    #[serde(default)]
    pub builder_id: Option<i64>,
    #[serde(default)]
    pub access_code_id: Option<i64>,
}

#[utoipa::path(post, path = "/api/smart-locks/{serial}/scheduled-codes", tag = "hardware", params(("serial" = String, Path)),
    request_body = SmartScheduledCodesInput,
    responses((status = 200, body = MessageBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
/// Adds the editor's new scheduled codes ("Scheduled code updated successfully!").
pub async fn scheduled_codes(
    State(state): State<AppState>,
    caller: Caller,
    Path(serial): Path<String>,
    JsonBody(input): JsonBody<SmartScheduledCodesInput>,
) -> ApiResult<Json<MessageBody>> {
    let lock = smart_lock(&state, &caller, &serial).await?;
    let home = state.hardware.home_of(&lock).await?;
    let rows: Vec<ScheduledCodeInput> = input
        .scheduledCodes
        .iter()
        .filter(|c| c.access_code_id.is_none() || c.is_added != Some(true))
        .map(|c| ScheduledCodeInput {
            slot: None,
            code: c.code.clone(),
            name: c.name.clone(),
            scheduled_on: c.scheduled_on.clone(),
            expires_on: c.expires_on.clone(),
            is_added: c.is_added,
        })
        .collect();
    let refs: Vec<&ScheduledCodeInput> = rows.iter().collect();
    let lengths = lock.supported_code_lengths();
    let checked = checked_scheduled(
        &state,
        &lock,
        home,
        &refs,
        ScheduledFor::SmartLock {
            supported_lengths: &lengths,
        },
    )
    .await?;
    let add: Vec<NewCode> = checked
        .into_iter()
        .map(|c| NewCode {
            builder_id: lock.builder_id,
            device_id: lock.id,
            property_id: home,
            purpose: purpose::SCHEDULED,
            slot: None,
            code: c.code,
            name: c.name,
            starts_at: c.scheduled_on,
            ends_at: c.expires_on,
            customer_id: None,
            created_by: caller.user.username.clone(),
        })
        .collect();
    program(&state, &caller, &lock, &add, &[], "scheduled_codes").await?;
    Ok(Json(MessageBody::new(
        "Scheduled code updated successfully!",
    )))
}

#[derive(Debug, Deserialize, ToSchema)]
#[allow(non_snake_case)]
pub struct DeleteSmartScheduledInput {
    pub smartLockSerial: String,
    pub access_code_id: i64,
    #[serde(default)]
    pub scheduled_code_id: Option<i64>,
}

#[utoipa::path(delete, path = "/api/smart-locks/scheduled-code", tag = "hardware", request_body = DeleteSmartScheduledInput,
    responses((status = 200, body = MessageBody), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
/// Takes a scheduled code off ("Scheduled code deleted successfully!").
pub async fn delete_scheduled_code(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(input): JsonBody<DeleteSmartScheduledInput>,
) -> ApiResult<Json<MessageBody>> {
    let lock = smart_lock(&state, &caller, &input.smartLockSerial).await?;
    let id = input.scheduled_code_id.unwrap_or(input.access_code_id);
    take_off(&state, &caller, &lock, id, true).await?;
    Ok(Json(MessageBody::new(
        "Scheduled code deleted successfully!",
    )))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SmartLockStatusInput {
    /// locked or unlocked.
    #[schema(pattern = "^(locked|unlocked)$")]
    pub status: String,
}

#[utoipa::path(patch, path = "/api/smart-locks/{serial}/status", tag = "hardware", params(("serial" = String, Path)),
    request_body = SmartLockStatusInput,
    responses((status = 200, body = SmartLockDetails), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)),
    security(("bearer" = [])))]
/// Locks or unlocks the smart lock.
pub async fn lock_status(
    State(state): State<AppState>,
    caller: Caller,
    Path(serial): Path<String>,
    JsonBody(input): JsonBody<SmartLockStatusInput>,
) -> ApiResult<Json<SmartLockDetails>> {
    let command = if wants_locked(&input.status)? {
        Command::Lock
    } else {
        Command::Unlock
    };
    let lock = smart_lock(&state, &caller, &serial).await?;
    let lock = state
        .hardware
        .command(&lock, &command, &actor(&caller))
        .await?;
    Ok(Json(details_of(&state, &lock).await?))
}

#[utoipa::path(get, path = "/api/smart-locks/{serial}/lock-logs", tag = "hardware",
    params(("serial" = String, Path), LockLogQuery),
    responses((status = 200, body = Vec<LockLog>), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
/// The smart lock's access history, newest first.
pub async fn lock_logs(
    State(state): State<AppState>,
    caller: Caller,
    Path(serial): Path<String>,
    QueryParams(query): QueryParams<LockLogQuery>,
) -> ApiResult<Json<Vec<LockLog>>> {
    let lock = smart_lock(&state, &caller, &serial).await?;
    let home = lock.property_id;
    Ok(Json(lock_logs_of(&state, home, vec![lock], &query).await?))
}
