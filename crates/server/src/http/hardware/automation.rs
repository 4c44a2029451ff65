//! Sync Codes Now (spec 1 §4 Automations, spec 3 community Automations): a home's master, trade,
//! sales and (rentals) resident codes, its own or its community's, pushed to every lock of the
//! home, answered lock by lock ("12 of 13 devices updated; 1 failed: ...").

use axum::extract::State;
use axum::routing::patch;
use axum::{Json, Router};
use db::properties::PropertyRecord;
use db::Scope;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::inventory::actor;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::JsonBody;
use crate::hardware::codes::{sync_home, sync_summary, AutomationCodes, LockSync};
use crate::state::AppState;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/hubs/automationCodes", patch(sync_property))
        .route(
            "/smart-locks/automationCodes",
            patch(sync_smart_lock_property),
        )
}

/// The call's body (spec 2 §7): the codes shown, the device and the home. The home's saved codes
/// (its own, else its community's) are what is pushed: the tab shows them read-only.
#[derive(Debug, Deserialize, ToSchema)]
#[allow(non_snake_case)]
pub struct SyncCodesInput {
    pub propertyId: i64,
    #[serde(default)]
    pub deviceId: Option<serde_json::Value>,
    #[serde(default)]
    pub communityCode: Option<String>,
    #[serde(default)]
    pub tradeCode: Option<String>,
    #[serde(default)]
    pub salesCode: Option<String>,
    #[serde(default)]
    pub builderName: Option<String>,
}

/// What Sync Codes Now answers: its summary, shown as the success message, and each lock's result.
#[derive(Debug, Serialize, ToSchema)]
pub struct SyncAnswer {
    pub message: String,
    pub results: Vec<LockSync>,
}

/// A home's codes as its locks should hold them: its own, else its community's.
pub fn effective_codes(p: &PropertyRecord) -> AutomationCodes {
    let or = |own: &str, community: &str| if own.is_empty() { community } else { own }.to_string();
    AutomationCodes {
        master: or(&p.fields.property_backup_code, &p.community_backup_code),
        trade: or(&p.fields.trade_code, &p.community_trade_code),
        sales: or(&p.fields.sales_code, &p.community_sales_code),
        resident: p.fields.resident_code.clone(),
    }
}

/// Pushes each home's codes to its locks; the homes' results together.
pub async fn sync_homes(
    state: &AppState,
    caller: &Caller,
    homes: &[PropertyRecord],
) -> ApiResult<SyncAnswer> {
    let mut results = Vec::new();
    for home in homes {
        let codes = effective_codes(home);
        results.extend(sync_home(&state.hardware, home.property_id, &codes, &actor(caller)).await?);
    }
    Ok(SyncAnswer {
        message: sync_summary(&results),
        results,
    })
}

#[utoipa::path(patch, path = "/api/hubs/automationCodes", tag = "hardware", request_body = SyncCodesInput,
    responses((status = 200, body = SyncAnswer), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
/// Sync Codes Now for a home (the smart-locks path is the same call).
pub async fn sync_property(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(input): JsonBody<SyncCodesInput>,
) -> ApiResult<Json<SyncAnswer>> {
    caller.require_console()?;
    let home = db::properties::get(&state.db, &caller.scope, input.propertyId)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let codes = effective_codes(&home);
    domain::community::check_sync_codes(&[&codes.master, &codes.trade, &codes.sales])
        .map_err(|m| ApiError::field("codes", m))?;
    Ok(Json(sync_homes(&state, &caller, &[home]).await?))
}

#[utoipa::path(patch, path = "/api/smart-locks/automationCodes", tag = "hardware", request_body = SyncCodesInput,
    responses((status = 200, body = SyncAnswer), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
/// Sync Codes Now for a home with a smart lock (spec 2 §7: the smart-locks path of the same call).
pub async fn sync_smart_lock_property(
    state: State<AppState>,
    caller: Caller,
    input: JsonBody<SyncCodesInput>,
) -> ApiResult<Json<SyncAnswer>> {
    sync_property(state, caller, input).await
}

/// The homes of a community, for its Sync Codes Now.
pub async fn homes_of_community(
    state: &AppState,
    caller: &Caller,
    community_id: i64,
) -> ApiResult<Vec<PropertyRecord>> {
    let mut homes = Vec::new();
    for listed in db::properties::of_community(&state.db, &caller.scope, community_id).await? {
        if let Some(home) = db::properties::get(&state.db, &Scope::All, listed.property_id).await? {
            homes.push(home);
        }
    }
    Ok(homes)
}
