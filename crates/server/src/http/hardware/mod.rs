//! Hardware (spec 2): the inventory (`inventory`), hubs and what hangs off them (`hubs`), smart
//! locks (`smart_locks`), wifi thermostats (`thermostats`), alarm devices (`alarm`), Sync Codes Now
//! (`automation`) and the history of device actions (here). Every device, code and history call
//! answers another builder's object as not found.

use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use chrono::{DateTime, Utc};
use db::hardware::devices::Device;
use db::hardware::events::LockLog;
use db::hardware::{action_label, ActivityLogRow, ACTIVITY_LOGS};
use db::list::ListSpec;
use db::Page;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::exports::{self, ExportAllRequest, ExportRow, ListParams};
use crate::extract::{JsonBody, QueryParams};
use crate::state::AppState;

pub mod alarm;
pub mod automation;
pub mod hubs;
pub mod inventory;
pub mod providers;
pub mod smart_locks;
pub mod thermostats;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/hubs/activity-logs", get(activity_logs))
        .route("/hubs/activity-logs/exportAll", post(export_activity_logs))
        .merge(inventory::routes())
        .merge(hubs::routes())
        .merge(smart_locks::routes())
        .merge(thermostats::routes())
        .merge(alarm::routes())
        .merge(automation::routes())
        .merge(providers::routes())
}

/// A device of a kind in the caller's scope, by id; another builder's is not found.
pub async fn device_of_kind(
    state: &AppState,
    caller: &Caller,
    id: i64,
    kind: &str,
) -> ApiResult<Device> {
    caller.require_console()?;
    db::hardware::devices::get(&state.db, &caller.scope, id)
        .await?
        .filter(|d| d.kind == kind)
        .ok_or_else(ApiError::not_found)
}

/// A device by serial number in the caller's scope.
pub async fn device_by_serial(
    state: &AppState,
    caller: &Caller,
    serial: &str,
    kind: &str,
) -> ApiResult<Device> {
    caller.require_console()?;
    db::hardware::devices::by_serial(&state.db, &caller.scope, kind, serial)
        .await?
        .ok_or_else(ApiError::not_found)
}

/// The access history's range (spec 2 §7): `yyyy-MM-dd HH:mm:ss` in the home's time zone; the
/// last 7 days when not given.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LockLogQuery {
    /// yyyy-MM-dd HH:mm:ss, in the home's time zone.
    #[serde(rename = "startDate")]
    pub start_date: Option<String>,
    #[serde(rename = "endDate")]
    pub end_date: Option<String>,
    /// One lock of the home (all of them when not given).
    #[serde(
        rename = "deviceId",
        default,
        deserialize_with = "crate::exports::number"
    )]
    pub device_id: Option<i64>,
}

/// Days of access history shown by default.
pub const LOG_DAYS: i64 = 7;

impl LockLogQuery {
    /// The range as instants, read in the home's time zone.
    pub fn range(
        &self,
        timezone: i64,
        now: DateTime<Utc>,
    ) -> ApiResult<(DateTime<Utc>, DateTime<Utc>)> {
        let read = |field: &str, text: &Option<String>| -> ApiResult<Option<DateTime<Utc>>> {
            match text.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
                None => Ok(None),
                Some(text) => chrono::NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S")
                    .map(|local| Some(domain::zones::from_local(timezone, local)))
                    .map_err(|_| ApiError::field(field, "A date is yyyy-MM-dd HH:mm:ss")),
            }
        };
        let end = read("endDate", &self.end_date)?.unwrap_or(now);
        let start =
            read("startDate", &self.start_date)?.unwrap_or(end - chrono::Duration::days(LOG_DAYS));
        if start > end {
            return Err(ApiError::field(
                "startDate",
                "The start must come before the end",
            ));
        }
        Ok((start, end))
    }
}

/// A home's lock events in a range: all its locks, or the one asked for.
pub async fn lock_logs_of(
    state: &AppState,
    home: Option<i64>,
    locks: Vec<Device>,
    query: &LockLogQuery,
) -> ApiResult<Vec<LockLog>> {
    let timezone = match home {
        Some(home) => db::properties::get(&state.db, &db::Scope::All, home)
            .await?
            .map(|p| p.fields.timezone)
            .unwrap_or(domain::catalog::DEFAULT_TIMEZONE),
        None => domain::catalog::DEFAULT_TIMEZONE,
    };
    let (start, end) = query.range(timezone, state.hardware.now())?;
    let ids: Vec<i64> = locks
        .iter()
        .filter(|d| db::hardware::devices::kind::is_lock(&d.kind))
        .filter(|d| query.device_id.is_none_or(|id| id == d.id))
        .map(|d| d.id)
        .collect();
    if let Some(id) = query.device_id {
        if ids.is_empty() {
            return Err(ApiError::field("deviceId", format!("No lock {id} here")));
        }
    }
    Ok(db::hardware::events::logs(&state.db, &ids, start, end).await?)
}

impl ExportRow for ActivityLogRow {
    const LIST: &'static ListSpec = &ACTIVITY_LOGS;
    const FILE: &'static str = "hub-activity-logs";
    const EXPORT_ALL_FILE: Option<&'static str> = Some("HubActivityLogs.csv");
    const TITLE: &'static str = "Hardware History";
    const HEADERS: &'static [&'static str] = &[
        "Id",
        "Hub Type",
        "Lock Type",
        "Serial Number",
        "Property Id",
        "Action",
        "Created On",
        "Created By",
        "User Email",
    ];
    fn cells(&self, cells: &mut exports::Cells) {
        cells
            .value(self.id)
            .maybe_text(&self.hub_type)
            .maybe_text(&self.lock_type)
            .text(&self.serial_number)
            .maybe_value(self.property_id)
            .text(action_label(&self.action))
            .value(self.created_on.format("%m/%d/%Y %H:%M"))
            .text(&self.created_by)
            .maybe_text(&self.users_email);
    }
}

#[utoipa::path(get, path = "/api/hubs/activity-logs", tag = "hardware", params(ListParams),
    responses((status = 200, body = Page<ActivityLogRow>), (status = 422, body = ErrorBody)), security(("bearer" = [])))]
pub async fn activity_logs(
    State(state): State<AppState>,
    caller: Caller,
    QueryParams(params): QueryParams<ListParams>,
) -> ApiResult<Json<Page<ActivityLogRow>>> {
    caller.require_console()?;
    Ok(Json(
        params
            .page::<ActivityLogRow>(&ACTIVITY_LOGS, &state.db, &caller.scope)
            .await?,
    ))
}

#[utoipa::path(post, path = "/api/hubs/activity-logs/exportAll", tag = "hardware", request_body = ExportAllRequest,
    responses((status = 200, content_type = "text/csv", body = String)), security(("bearer" = [])))]
/// The whole filtered history as HubActivityLogs.csv.
pub async fn export_activity_logs(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(request): JsonBody<ExportAllRequest>,
) -> ApiResult<axum::response::Response> {
    caller.require_console()?;
    exports::export_all::<ActivityLogRow>(&state.db, &caller.scope, &request)
}
