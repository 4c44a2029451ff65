//! Alarm devices (spec 2 §2 /devices and the device wizard): the units of a builder's alarm
//! (Alarm.com) account, Available or Attached to a home; Save Hub attaches a unit as a hub of
//! type adc; Activate opens the home (PROPERTY_AVAILABLE) at its geocoded address and puts its
//! codes on its locks; Mark as sold (the properties' retire call) takes the unit off the home.

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{get, patch, post};
use axum::{Json, Router};
use db::hardware::alarm::{self, AlarmAccount, AlarmDeviceRow, ALARM_DEVICES};
use db::hardware::devices::{self, kind, NewDevice};
use db::list::ListSpec;
use db::Page;
use domain::catalog::disposition_by_constant;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::inventory::{actor, DeviceCreated};
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::exports::{self, ExportAllRequest, ExportRow, ListParams};
use crate::extract::{JsonBody, Path, QueryParams};
use crate::http::MessageBody;
use crate::state::AppState;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/hubs/adc-account", get(account))
        .route("/hubs/adc-devices", get(list).post(create))
        .route("/hubs/adc-devices/exportAll", post(export_all))
        .route("/properties/{id}/activate", patch(activate))
}

#[derive(Debug, Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct AlarmAccountAnswer {
    /// Whether a builder in scope has an alarm account (the sidebar's Alarm entry).
    pub hasAccount: bool,
    pub accounts: Vec<AlarmAccount>,
}

#[utoipa::path(get, path = "/api/hubs/adc-account", tag = "hardware",
    responses((status = 200, body = AlarmAccountAnswer)), security(("bearer" = [])))]
pub async fn account(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<AlarmAccountAnswer>> {
    let scope = caller
        .scope
        .narrow(caller.builder_id().filter(|_| !caller.is_enterprise()));
    let accounts = alarm::accounts(&state.db, &scope).await?;
    Ok(Json(AlarmAccountAnswer {
        hasAccount: !accounts.is_empty(),
        accounts,
    }))
}

#[utoipa::path(get, path = "/api/hubs/adc-devices", tag = "hardware", params(ListParams),
    responses((status = 200, body = Page<AlarmDeviceRow>), (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
/// The alarm account's units, newest customer id first.
pub async fn list(
    State(state): State<AppState>,
    caller: Caller,
    QueryParams(params): QueryParams<ListParams>,
) -> ApiResult<Json<Page<AlarmDeviceRow>>> {
    Ok(Json(
        params
            .page::<AlarmDeviceRow>(&ALARM_DEVICES, &state.db, &caller.scope)
            .await?,
    ))
}

impl ExportRow for AlarmDeviceRow {
    const LIST: &'static ListSpec = &ALARM_DEVICES;
    const FILE: &'static str = "alarm-devices";
    const TITLE: &'static str = "Alarm Devices";
    const HEADERS: &'static [&'static str] = &[
        "Customer ID",
        "Unit Description",
        "Status",
        "Property ID",
        "Lot Number",
        "Community",
    ];
    fn cells(&self, cells: &mut exports::Cells) {
        cells
            .value(self.customer_id)
            .text(&self.unit_description)
            .text(if self.property_id.is_some() {
                "Attached"
            } else {
                "Available"
            })
            .maybe_value(self.property_id)
            .maybe_text(&self.lot_number)
            .maybe_text(&self.community_name);
    }
}

#[utoipa::path(post, path = "/api/hubs/adc-devices/exportAll", tag = "hardware", request_body = ExportAllRequest,
    responses((status = 200, content_type = "text/csv", body = String), (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn export_all(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(request): JsonBody<ExportAllRequest>,
) -> ApiResult<axum::response::Response> {
    exports::export_all::<AlarmDeviceRow>(&state.db, &caller.scope, &request)
}

/// The device wizard's Save Hub (spec 2 §3 New device).
#[derive(Debug, Deserialize, ToSchema)]
pub struct NewAlarmDevice {
    #[serde(rename = "UnitDescription")]
    pub unit_description: String,
    /// Derived from the unit description when not given: spaces removed, upper case, ADC first.
    #[serde(rename = "serialNumber", default)]
    pub serial_number: Option<String>,
    #[serde(default)]
    pub imei: Option<String>,
    /// adc (the default).
    #[serde(default)]
    pub hub_type: Option<String>,
    #[serde(default)]
    pub comments: Option<String>,
    #[serde(default)]
    pub description: Option<String>,
    pub property_id: i64,
    pub customer_id: i64,
}

/// The serial of an alarm unit's hub: its description without spaces, upper case, after ADC.
pub fn alarm_serial(unit_description: &str) -> String {
    let compact: String = unit_description
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    format!("ADC{}", compact.to_uppercase())
}

/// Dispositions a home must not have to take an alarm unit (the wizard offers active homes).
const INACTIVE: [&str; 3] = ["PROPERTY_SOLD", "PROPERTY_ARCHIVED", "PROPERTY_RENTED"];

#[utoipa::path(post, path = "/api/hubs/adc-devices", tag = "hardware", request_body = NewAlarmDevice,
    responses((status = 201, body = DeviceCreated), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
/// Attaches an alarm unit to a home as its hub (Save Hub).
pub async fn create(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(input): JsonBody<NewAlarmDevice>,
) -> ApiResult<(StatusCode, Json<DeviceCreated>)> {
    caller.require_console()?;
    let (builder_id, description) = alarm::unit(&state.db, &caller.scope, input.customer_id)
        .await?
        .ok_or_else(ApiError::not_found)?;
    if input.hub_type.as_deref().is_some_and(|t| t != "adc") {
        return Err(ApiError::field(
            "hub_type",
            "An alarm device's hub is of type adc",
        ));
    }
    let home = db::properties::get(&state.db, &caller.scope, input.property_id)
        .await?
        .filter(|p| p.builder_id == builder_id)
        .ok_or_else(|| ApiError::field("property_id", "Choose a property of the unit's builder"))?;
    if INACTIVE.contains(&home.disposition_constant.as_str()) {
        return Err(ApiError::field("property_id", "Choose an active property"));
    }
    let serial = input
        .serial_number
        .as_deref()
        .map(|s| s.trim().to_uppercase())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| alarm_serial(&description));
    if !super::inventory::is_serial(&serial) {
        return Err(ApiError::field(
            "serialNumber",
            super::inventory::MSG_LOCK_ID_FORMAT,
        ));
    }
    let id = match devices::by_any_serial(&state.db, &serial).await? {
        Some(hub) if hub.builder_id == builder_id && hub.kind == kind::HUB => {
            if hub.property_id.is_some() {
                return Err(ApiError::field(
                    "customer_id",
                    "This unit is attached already",
                ));
            }
            devices::set_property(&state.db, hub.id, Some(home.property_id)).await?;
            hub.id
        }
        Some(_) => {
            return Err(ApiError::field(
                "serialNumber",
                super::inventory::MSG_LOCK_ID_TAKEN,
            ))
        }
        None => {
            let device = NewDevice {
                builder_id,
                kind: kind::HUB.into(),
                serial_number: serial.clone(),
                name: description.clone(),
                hub_type: Some("adc".into()),
                provider: "sim".into(),
                property_id: Some(home.property_id),
                customer_id: Some(input.customer_id),
                imei: input.imei.clone().filter(|i| !i.trim().is_empty()),
                description: input
                    .description
                    .clone()
                    .or(input.comments.clone())
                    .filter(|d| !d.trim().is_empty()),
                ..NewDevice::default()
            };
            let id = devices::insert(&state.db, &device).await?;
            state.hardware.simulate(&device).await?;
            id
        }
    };
    Ok((
        StatusCode::CREATED,
        Json(DeviceCreated {
            message: "Hub is saved".into(),
            id,
            serial_number: serial,
        }),
    ))
}

/// Activation's coordinates: given, or found from the home's address.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ActivateInput {
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
}

#[utoipa::path(patch, path = "/api/properties/{id}/activate", tag = "hardware", params(("id" = i64, Path)),
    request_body = ActivateInput,
    responses((status = 200, body = MessageBody), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
/// Activates a home (the wizard's Activate): its coordinates (0,0 when the address cannot be
/// found, with "Cannot get coordinates" logged), PROPERTY_AVAILABLE, and its codes on its locks.
pub async fn activate(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
    JsonBody(input): JsonBody<ActivateInput>,
) -> ApiResult<Json<MessageBody>> {
    caller.require_console()?;
    let home = db::properties::get(&state.db, &caller.scope, id)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let (latitude, longitude) = match (input.latitude, input.longitude) {
        (Some(lat), Some(lng)) if lat.is_finite() && lng.is_finite() => (lat, lng),
        _ => {
            state
                .geocoder
                .locate(&crate::geocode::Address {
                    address_1: home.fields.address_1.clone(),
                    house_num: home.fields.house_num.clone(),
                    city: home.fields.city.clone(),
                    state: home.fields.state.clone(),
                })
                .await
        }
    };
    db::properties::set_coordinates(&state.db, id, latitude, longitude).await?;
    let available = disposition_by_constant("PROPERTY_AVAILABLE").expect("seeded");
    db::properties::set_disposition(
        &state.db,
        &caller.scope,
        id,
        available.id,
        &caller.user.username,
    )
    .await?;
    let who = actor(&caller);
    for device in devices::of_property(&state.db, id).await? {
        if device.hub_id.is_none() {
            state.hardware.record(&device, "activate", &who).await?;
        }
    }
    // Its codes go on its locks (the "temporary codes to be updated" of activation).
    super::automation::sync_homes(&state, &caller, &[home]).await?;
    Ok(Json(MessageBody::new("Updated successfully")))
}
