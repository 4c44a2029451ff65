//! A builder's lock provider (the platform admin's): connecting a Seam workspace with its API key,
//! bringing its locks and thermostats into the inventory, and installing a device at a home (or
//! taking it off one), which any console user of the builder may do.

use axum::extract::State;
use axum::routing::{patch, post, put};
use axum::{Json, Router};
use db::hardware::devices::{self, kind, NewDevice};
use db::hardware::providers;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::inventory::{actor, is_serial};
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{JsonBody, Path};
use crate::http::reference::builder_in_scope;
use crate::http::MessageBody;
use crate::state::AppState;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route(
            "/builders/{id}/device-provider",
            put(connect).get(provider_of).delete(disconnect),
        )
        .route("/builders/{id}/device-provider/sync", post(sync_devices))
        .route("/devices/{id}/install", patch(install))
}

/// Seam's API unless another address is given (a region, or a test's fake).
pub const SEAM_API: &str = "https://connect.getseam.com";

#[derive(Debug, Deserialize, ToSchema)]
pub struct ProviderInput {
    /// seam.
    #[schema(pattern = "^seam$")]
    pub provider: String,
    #[schema(min_length = 1, max_length = 500)]
    pub api_key: String,
    #[serde(default)]
    pub base_url: Option<String>,
}

/// A builder's provider, its key shown by its last four characters only.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProviderView {
    pub builder_id: i64,
    pub provider: String,
    pub base_url: String,
    pub api_key_ending: String,
}

/// The builder whose provider the platform admin manages; nobody else manages one.
async fn admin_builder(state: &AppState, caller: &Caller, id: i64) -> ApiResult<()> {
    caller.require_admin()?;
    builder_in_scope(state, caller, id).await.map(|_| ())
}

fn view(config: &providers::ProviderConfig) -> ProviderView {
    let key = &config.api_key;
    ProviderView {
        builder_id: config.builder_id,
        provider: config.provider.clone(),
        base_url: config.base_url.clone(),
        api_key_ending: key
            .char_indices()
            .rev()
            .nth(3)
            .map(|(at, _)| key[at..].to_string())
            .unwrap_or_default(),
    }
}

#[utoipa::path(put, path = "/api/builders/{id}/device-provider", tag = "hardware", params(("id" = i64, Path)),
    request_body = ProviderInput,
    responses((status = 200, body = ProviderView), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
/// Connects the builder's Seam workspace (platform admin).
pub async fn connect(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
    JsonBody(input): JsonBody<ProviderInput>,
) -> ApiResult<Json<ProviderView>> {
    admin_builder(&state, &caller, id).await?;
    let mut errors = std::collections::BTreeMap::new();
    if input.provider != "seam" {
        errors.insert("provider".to_string(), "The provider is seam".to_string());
    }
    let key = input.api_key.trim();
    if key.is_empty() || key.len() > 500 {
        errors.insert("api_key".into(), "An API key is required".into());
    }
    let base_url = input
        .base_url
        .as_deref()
        .map(str::trim)
        .filter(|u| !u.is_empty())
        .unwrap_or(SEAM_API)
        .trim_end_matches('/')
        .to_string();
    if let Err(problem) = state.hardware.outbound.check_url(&base_url) {
        errors.insert("base_url".into(), problem);
    }
    ApiError::check(errors)?;
    providers::put(&state.db, id, "seam", key, &base_url).await?;
    let config = providers::get(&state.db, id)
        .await?
        .ok_or_else(ApiError::not_found)?;
    Ok(Json(view(&config)))
}

#[utoipa::path(get, path = "/api/builders/{id}/device-provider", tag = "hardware", params(("id" = i64, Path)),
    responses((status = 200, body = ProviderView), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
pub async fn provider_of(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
) -> ApiResult<Json<ProviderView>> {
    admin_builder(&state, &caller, id).await?;
    let config = providers::get(&state.db, id)
        .await?
        .ok_or_else(ApiError::not_found)?;
    Ok(Json(view(&config)))
}

#[utoipa::path(delete, path = "/api/builders/{id}/device-provider", tag = "hardware", params(("id" = i64, Path)),
    responses((status = 200, body = MessageBody), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
/// Disconnects the builder's provider; its devices answer that no provider is configured.
pub async fn disconnect(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
) -> ApiResult<Json<MessageBody>> {
    admin_builder(&state, &caller, id).await?;
    if !providers::delete(&state.db, id).await? {
        return Err(ApiError::not_found());
    }
    Ok(Json(MessageBody::new("Seam is disconnected")))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SyncDevicesAnswer {
    pub message: String,
    /// Serial numbers of the devices added to the inventory.
    pub added: Vec<String>,
}

#[utoipa::path(post, path = "/api/builders/{id}/device-provider/sync", tag = "hardware", params(("id" = i64, Path)),
    responses((status = 200, body = SyncDevicesAnswer), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)),
    security(("bearer" = [])))]
/// Adds the Seam workspace's locks and thermostats the inventory does not have yet.
pub async fn sync_devices(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
) -> ApiResult<Json<SyncDevicesAnswer>> {
    admin_builder(&state, &caller, id).await?;
    let config = providers::get(&state.db, id)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let seam = ::devices::seam::Seam::new(
        state.hardware.outbound.client().clone(),
        &config.base_url,
        &config.api_key,
    );
    let mut added = Vec::new();
    let mut known = 0;
    for found in seam.devices().await? {
        let serial = found
            .serial_number
            .clone()
            .filter(|s| is_serial(s))
            .unwrap_or_else(|| found.device_id.clone())
            .to_uppercase();
        if devices::by_any_serial(&state.db, &serial).await?.is_some() {
            known += 1;
            continue;
        }
        let kind = match found.kind {
            ::devices::DeviceKind::WifiThermostat => kind::WIFI_THERMOSTAT,
            _ => kind::SMART_LOCK,
        };
        devices::insert(
            &state.db,
            &NewDevice {
                builder_id: id,
                kind: kind.into(),
                serial_number: serial.clone(),
                name: found.name.clone(),
                smart_lock_type: (kind == kind::SMART_LOCK).then(|| "seam".to_string()),
                provider: "seam".into(),
                provider_device_id: Some(found.device_id.clone()),
                status_id: Some(domain::devices::UNASSIGNED),
                ..NewDevice::default()
            },
        )
        .await?;
        if let Some(device) = devices::by_any_serial(&state.db, &serial).await? {
            state.hardware.refresh(&device).await?;
        }
        added.push(serial);
    }
    Ok(Json(SyncDevicesAnswer {
        message: format!(
            "{} devices added, {known} already in the inventory",
            added.len()
        ),
        added,
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct InstallInput {
    /// The home to install the device at; none takes it off its home.
    pub property_id: Option<i64>,
}

#[utoipa::path(patch, path = "/api/devices/{id}/install", tag = "hardware", params(("id" = i64, Path)),
    request_body = InstallInput,
    responses((status = 200, body = MessageBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
/// Installs a hub, smart lock or wifi thermostat at a home of its builder, or takes it off.
pub async fn install(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
    JsonBody(input): JsonBody<InstallInput>,
) -> ApiResult<Json<MessageBody>> {
    caller.require_console()?;
    let device = devices::get(&state.db, &caller.scope, id)
        .await?
        .ok_or_else(ApiError::not_found)?;
    if device.hub_id.is_some() {
        return Err(ApiError::field(
            "id",
            "A hub's device goes where its hub goes",
        ));
    }
    let before = device.property_id;
    if let Some(home) = input.property_id {
        db::properties::get(&state.db, &caller.scope, home)
            .await?
            .filter(|p| p.builder_id == device.builder_id)
            .ok_or_else(|| {
                ApiError::field("property_id", "Choose a property of the device's builder")
            })?;
    }
    devices::set_property(&state.db, device.id, input.property_id).await?;
    let action = if input.property_id.is_some() {
        "activate"
    } else {
        "remove"
    };
    let moved = devices::for_job(&state.db, device.id)
        .await?
        .ok_or_else(ApiError::not_found)?;
    // A device taken off is recorded at the home it left.
    let recorded = if input.property_id.is_some() {
        &moved
    } else {
        &device
    };
    state
        .hardware
        .record(recorded, action, &actor(&caller))
        .await?;
    for home in [before, input.property_id].into_iter().flatten() {
        state.hardware.update_home_status(home).await?;
    }
    Ok(Json(MessageBody::new(if input.property_id.is_some() {
        "Device is installed"
    } else {
        "Device is taken off its home"
    })))
}
