//! Hardware (spec 2): the history of device actions. Inventory, hubs, locks, smart locks and
//! thermostats join it here as they are built.

use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use db::hardware::{action_label, ActivityLogRow, ACTIVITY_LOGS};
use db::list::ListSpec;
use serde::Serialize;
use utoipa::ToSchema;

use crate::app::{AppState, JsonBody, QueryParams};
use crate::auth::Caller;
use crate::error::{ApiResult, ErrorBody};
use crate::exports::{self, ExportAllRequest, ExportRow, ListParams};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/hubs/activity-logs", get(activity_logs))
        .route("/hubs/activity-logs/exportAll", post(export_activity_logs))
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
    fn cells(&self) -> Vec<String> {
        vec![
            self.id.to_string(),
            self.hub_type.clone().unwrap_or_default(),
            self.lock_type.clone().unwrap_or_default(),
            self.serial_number.clone(),
            self.property_id.map(|p| p.to_string()).unwrap_or_default(),
            action_label(&self.action).to_string(),
            self.created_on.format("%m/%d/%Y %H:%M").to_string(),
            self.created_by.clone(),
            self.users_email.clone().unwrap_or_default(),
        ]
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ActivityLogList {
    pub data: Vec<ActivityLogRow>,
    pub total: i64,
}

#[utoipa::path(get, path = "/api/hubs/activity-logs", tag = "hardware", params(ListParams),
    responses((status = 200, body = ActivityLogList), (status = 422, body = ErrorBody)), security(("bearer" = [])))]
pub async fn activity_logs(
    State(state): State<AppState>,
    caller: Caller,
    QueryParams(params): QueryParams<ListParams>,
) -> ApiResult<Json<ActivityLogList>> {
    caller.require_console()?;
    let (query, scope) = params.check(&ACTIVITY_LOGS, &caller.scope)?;
    let page = ACTIVITY_LOGS
        .page::<ActivityLogRow>(&state.db, &scope, &query)
        .await?;
    Ok(Json(ActivityLogList {
        data: page.data,
        total: page.total,
    }))
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
