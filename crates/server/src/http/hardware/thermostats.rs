//! A home's wifi thermostat (spec 2 §2): our own panel of its state and set points, and the call
//! that changes them. The spec's panel token (`token.token`) is a short-lived grant naming the
//! thermostat, for a panel shown outside the console.

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use chrono::{DateTime, Utc};
use db::hardware::devices::{kind, Device};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::device_by_serial;
use super::hubs::check_set_points;
use super::inventory::actor;
use crate::auth::Caller;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{JsonBody, Path};
use crate::hardware::Command;
use crate::state::AppState;

pub fn routes() -> Router<AppState> {
    Router::new().route("/wifi-thermostats/{serial}", get(details).patch(set_points))
}

/// Minutes a panel token lasts.
const PANEL_TOKEN_MINUTES: i64 = 15;

#[derive(Debug, Serialize, ToSchema)]
pub struct PanelToken {
    pub token: String,
    pub expires_at: DateTime<Utc>,
}

/// A wifi thermostat as its panel shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct WifiThermostatDetails {
    pub id: i64,
    pub wifi_thermostat_serial_number: String,
    pub name: String,
    pub property_id: Option<i64>,
    pub online: bool,
    /// °F.
    pub temperature: Option<f64>,
    pub heat_set_point: Option<f64>,
    pub cool_set_point: Option<f64>,
    pub token: PanelToken,
    pub state_on: Option<DateTime<Utc>>,
}

fn details_of(state: &AppState, device: &Device) -> WifiThermostatDetails {
    let expires_at = state.hardware.now() + chrono::Duration::minutes(PANEL_TOKEN_MINUTES);
    WifiThermostatDetails {
        id: device.id,
        wifi_thermostat_serial_number: device.serial_number.clone(),
        name: device.name.clone(),
        property_id: device.property_id,
        online: device.online,
        temperature: device.temperature,
        heat_set_point: device.heat_set_point,
        cool_set_point: device.cool_set_point,
        token: PanelToken {
            token: state.tokens.sign(&format!(
                "wifi-thermostat:{}:{}",
                device.serial_number,
                expires_at.timestamp()
            )),
            expires_at,
        },
        state_on: device.state_on,
    }
}

#[utoipa::path(get, path = "/api/wifi-thermostats/{serial}", tag = "hardware", params(("serial" = String, Path)),
    responses((status = 200, body = WifiThermostatDetails), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
/// The thermostat as it last reported, read again.
pub async fn details(
    State(state): State<AppState>,
    caller: Caller,
    Path(serial): Path<String>,
) -> ApiResult<Json<WifiThermostatDetails>> {
    let device = device_by_serial(&state, &caller, &serial, kind::WIFI_THERMOSTAT).await?;
    let device = state.hardware.refresh(&device).await?;
    Ok(Json(details_of(&state, &device)))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SetPointsInput {
    #[schema(minimum = 45, maximum = 95)]
    pub heat_set_point: Option<f64>,
    #[schema(minimum = 45, maximum = 95)]
    pub cool_set_point: Option<f64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ThermostatAnswer {
    pub message: String,
    pub thermostat: WifiThermostatDetails,
}

#[utoipa::path(patch, path = "/api/wifi-thermostats/{serial}", tag = "hardware", params(("serial" = String, Path)),
    request_body = SetPointsInput,
    responses((status = 200, body = ThermostatAnswer), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
/// Sets the thermostat's set points ("Thermostat is updated").
pub async fn set_points(
    State(state): State<AppState>,
    caller: Caller,
    Path(serial): Path<String>,
    JsonBody(input): JsonBody<SetPointsInput>,
) -> ApiResult<Json<ThermostatAnswer>> {
    let setting = check_set_points(input.heat_set_point, input.cool_set_point)?;
    let device = device_by_serial(&state, &caller, &serial, kind::WIFI_THERMOSTAT).await?;
    let device = state
        .hardware
        .command(&device, &Command::Thermostat(setting), &actor(&caller))
        .await?;
    Ok(Json(ThermostatAnswer {
        message: "Thermostat is updated".into(),
        thermostat: details_of(&state, &device),
    }))
}
