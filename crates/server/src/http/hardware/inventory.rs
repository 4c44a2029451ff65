//! The inventory (spec 2 §2): hubs, locks, smart locks and wifi thermostats of the builders in
//! scope, each list searched by device ID; the locks' filters and their partition into Current
//! Inventory and Returned Locks; the lock details; and the New Device form, which registers a
//! lock. Where a device is (its home and address) is shown only for the caller's own builder.

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::get;
use axum::{Json, Router};
use db::hardware::devices::{
    self, kind, DeviceFilter, HubRow, LockFields, LockRecord, LockRow, NewDevice, SmartLockRow,
    WifiThermostatRow, HUBS, LOCKS, SHIPMENT_STATUSES, SMART_LOCKS, WIFI_THERMOSTATS,
};
use db::list::{Filters, ListSpec, Row};
use db::Page;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::exports::{self, ExportAllRequest, ExportRow, ListParams};
use crate::extract::{JsonBody, Path, QueryParams};
use crate::hardware::Actor;
use crate::state::AppState;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/hubs", get(hubs))
        .route("/locks", get(locks).post(new_device))
        .route("/locks/community", get(lock_communities))
        .route("/locks/exportAll", axum::routing::post(export_locks))
        .route("/locks/{serial}", get(lock_details))
        .route("/smart-locks", get(smart_locks))
        .route("/smart-locks/community", get(smart_lock_communities))
        .route("/wifi-thermostats", get(wifi_thermostats))
}

/// A row that says where a device is; hidden from callers of other builders.
pub trait Located {
    fn builder_id(&self) -> i64;
    fn hide_location(&mut self);
}

macro_rules! located {
    ($row:ty) => {
        impl Located for $row {
            fn builder_id(&self) -> i64 {
                self.builder_id
            }
            fn hide_location(&mut self) {
                self.property_id = None;
                self.house_num = None;
                self.address_1 = None;
                self.city = None;
                self.state = None;
                self.community_name = None;
            }
        }
    };
}
located!(HubRow);
located!(LockRow);
located!(SmartLockRow);
located!(WifiThermostatRow);
located!(LockRecord);

/// Hides where devices of other builders are (spec 2 §6).
fn for_caller<T: Located>(caller: &Caller, rows: &mut [T]) {
    let own = caller.builder_id();
    for row in rows {
        if Some(row.builder_id()) != own {
            row.hide_location();
        }
    }
}

async fn page_of<T: Row + Located>(
    state: &AppState,
    caller: &Caller,
    spec: &ListSpec,
    params: &ListParams,
    filters: Filters,
) -> ApiResult<Json<Page<T>>> {
    caller.require_console()?;
    let (mut query, scope) = params.check(spec, &caller.scope)?;
    query.filters = filters;
    let mut page = spec.page::<T>(&state.db, &scope, &query).await?;
    for_caller(caller, &mut page.data);
    Ok(Json(page))
}

#[utoipa::path(get, path = "/api/hubs", tag = "hardware", params(ListParams),
    responses((status = 200, body = Page<HubRow>), (status = 422, body = ErrorBody)), security(("bearer" = [])))]
pub async fn hubs(
    State(state): State<AppState>,
    caller: Caller,
    QueryParams(params): QueryParams<ListParams>,
) -> ApiResult<Json<Page<HubRow>>> {
    page_of(&state, &caller, &HUBS, &params, Filters::default()).await
}

/// The locks list's own filters.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LockFilters {
    /// A lock status (Active, Awaiting Repair, Broken, Down, Lost, Maintenance, Retired,
    /// Unassigned) or one of Activated, Created, Installed, Ready, To be returned.
    #[serde(rename = "lockStatus")]
    pub lock_status: Option<String>,
    /// Created, Ready, Shipped, Received, Installed, Activated or To be returned.
    #[serde(rename = "shipmentStatus")]
    pub shipment_status: Option<String>,
    /// A community's id.
    pub community: Option<String>,
    /// true: the Returned Locks panel; false: Current Inventory; none: every lock.
    pub returned: Option<String>,
}

/// The extra words the lock status filter offers: shipment statuses (spec 2 §2).
const STATUS_FILTER_SHIPMENTS: [&str; 5] = [
    "Activated",
    "Created",
    "Installed",
    "Ready",
    "To be returned",
];

impl LockFilters {
    fn conditions(&self) -> ApiResult<Filters> {
        let mut filters = Filters::default();
        let given = |v: &Option<String>| v.clone().filter(|v| !v.trim().is_empty());
        if let Some(status) = given(&self.lock_status) {
            if let Some((id, _)) = domain::catalog::LOCK_STATUSES
                .iter()
                .find(|(_, name)| *name == status)
            {
                filters.with(DeviceFilter::Status(*id));
            } else if STATUS_FILTER_SHIPMENTS.contains(&status.as_str()) {
                filters.with(DeviceFilter::ShipmentStatus(status));
            } else {
                return Err(ApiError::field(
                    "lockStatus",
                    format!("No lock status {status}"),
                ));
            }
        }
        if let Some(shipment) = given(&self.shipment_status) {
            if !SHIPMENT_STATUSES.contains(&shipment.as_str()) {
                return Err(ApiError::field(
                    "shipmentStatus",
                    format!("No shipment status {shipment}"),
                ));
            }
            filters.with(DeviceFilter::ShipmentStatus(shipment));
        }
        if let Some(community) = given(&self.community) {
            let id: i64 = community
                .trim()
                .parse()
                .map_err(|_| ApiError::field("community", "A community is given by its id"))?;
            filters.with(DeviceFilter::Community(id));
        }
        match given(&self.returned).as_deref() {
            None => {}
            Some("true") => {
                filters.with(DeviceFilter::Returned(true));
            }
            Some("false") => {
                filters.with(DeviceFilter::Returned(false));
            }
            Some(_) => return Err(ApiError::field("returned", "returned is true or false")),
        }
        Ok(filters)
    }
}

#[utoipa::path(get, path = "/api/locks", tag = "hardware", params(ListParams, LockFilters),
    responses((status = 200, body = Page<LockRow>), (status = 422, body = ErrorBody)), security(("bearer" = [])))]
pub async fn locks(
    State(state): State<AppState>,
    caller: Caller,
    QueryParams(params): QueryParams<ListParams>,
    QueryParams(filters): QueryParams<LockFilters>,
) -> ApiResult<Json<Page<LockRow>>> {
    page_of(&state, &caller, &LOCKS, &params, filters.conditions()?).await
}

#[utoipa::path(get, path = "/api/smart-locks", tag = "hardware", params(ListParams),
    responses((status = 200, body = Page<SmartLockRow>), (status = 422, body = ErrorBody)), security(("bearer" = [])))]
pub async fn smart_locks(
    State(state): State<AppState>,
    caller: Caller,
    QueryParams(params): QueryParams<ListParams>,
) -> ApiResult<Json<Page<SmartLockRow>>> {
    page_of(&state, &caller, &SMART_LOCKS, &params, Filters::default()).await
}

#[utoipa::path(get, path = "/api/wifi-thermostats", tag = "hardware", params(ListParams),
    responses((status = 200, body = Page<WifiThermostatRow>), (status = 422, body = ErrorBody)), security(("bearer" = [])))]
pub async fn wifi_thermostats(
    State(state): State<AppState>,
    caller: Caller,
    QueryParams(params): QueryParams<ListParams>,
) -> ApiResult<Json<Page<WifiThermostatRow>>> {
    page_of(
        &state,
        &caller,
        &WIFI_THERMOSTATS,
        &params,
        Filters::default(),
    )
    .await
}

/// A community the inventory's filter offers.
#[derive(Debug, Serialize, ToSchema)]
pub struct InventoryCommunity {
    pub id: i64,
    pub name: String,
}

async fn communities_of(
    state: &AppState,
    caller: &Caller,
    of: &str,
) -> ApiResult<Json<Vec<InventoryCommunity>>> {
    caller.require_console()?;
    Ok(Json(
        devices::communities_with(&state.db, &caller.scope, of)
            .await?
            .into_iter()
            .map(|(id, name)| InventoryCommunity { id, name })
            .collect(),
    ))
}

#[utoipa::path(get, path = "/api/locks/community", tag = "hardware",
    responses((status = 200, body = Vec<InventoryCommunity>)), security(("bearer" = [])))]
/// The communities whose homes have locks (the inventory's community filter).
pub async fn lock_communities(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<Vec<InventoryCommunity>>> {
    communities_of(&state, &caller, kind::DOOR_LOCK).await
}

#[utoipa::path(get, path = "/api/smart-locks/community", tag = "hardware",
    responses((status = 200, body = Vec<InventoryCommunity>)), security(("bearer" = [])))]
/// The communities whose homes have smart locks.
pub async fn smart_lock_communities(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<Vec<InventoryCommunity>>> {
    communities_of(&state, &caller, kind::SMART_LOCK).await
}

#[utoipa::path(get, path = "/api/locks/{serial}", tag = "hardware", params(("serial" = String, Path)),
    responses((status = 200, body = LockRecord), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
/// A lock's record (the lock details screen), by its serial number.
pub async fn lock_details(
    State(state): State<AppState>,
    caller: Caller,
    Path(serial): Path<String>,
) -> ApiResult<Json<LockRecord>> {
    let mut record = devices::lock_record(&state.db, &caller.scope, &serial)
        .await?
        .ok_or_else(ApiError::not_found)?;
    for_caller(&caller, std::slice::from_mut(&mut record));
    Ok(Json(record))
}

impl ExportRow for LockRow {
    const LIST: &'static ListSpec = &LOCKS;
    const FILE: &'static str = "inventory";
    const TITLE: &'static str = "Inventory";
    const HEADERS: &'static [&'static str] = &[
        "Lock ID",
        "Manufacturer",
        "Version",
        "Lock Status",
        "Shipment Status",
        "License Date",
        "License Start Date",
        "Licensee",
        "Community",
        "Lot",
        "Address",
        "Property Id",
    ];
    fn cells(&self, cells: &mut exports::Cells) {
        cells
            .text(&self.serial_number)
            .maybe_text(&self.manufacturer)
            .maybe_text(&self.version)
            .maybe_text(&self.lock_status_value)
            .maybe_text(&self.lock_shipment_status)
            .maybe_text(&self.license_date)
            .maybe_text(&self.license_start_date)
            .maybe_text(&self.licensee)
            .maybe_text(&self.community_name)
            .maybe_text(&self.house_num)
            .maybe_text(&self.address_1)
            .maybe_value(self.property_id);
    }
}

#[utoipa::path(post, path = "/api/locks/exportAll", tag = "hardware", request_body = ExportAllRequest,
    responses((status = 200, content_type = "text/csv", body = String), (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
/// Every lock of the filtered list as CSV (each inventory panel exports its own: `returned`).
pub async fn export_locks(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(request): JsonBody<ExportAllRequest>,
) -> ApiResult<axum::response::Response> {
    caller.require_console()?;
    let filters = request.filters::<LockFilters>()?.conditions()?;
    exports::export_all_filtered::<LockRow>(&state.db, &caller.scope, &request, filters)
}

/// The New Device form (spec 2 §2): a lock registered into inventory.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct NewLockInput {
    /// The lock's serial number (Lock ID).
    #[schema(min_length = 1, max_length = 64)]
    pub lock_id: String,
    pub secret_id: Option<String>,
    /// MM/dd/yyyy or yyyy-MM-dd.
    pub battery_change_date: Option<String>,
    pub lock_version: Option<String>,
    pub licensee: Option<String>,
    /// locked or unlocked.
    pub lock_status: Option<String>,
    pub email: Option<String>,
    pub manufacturer: Option<String>,
    pub purchase_date: Option<String>,
    pub license_start_date: Option<String>,
    pub comments: Option<String>,
    /// The builder it goes to (enterprise users and the admin choose; others get their own).
    pub builder_id: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DeviceCreated {
    pub message: String,
    pub id: i64,
    pub serial_number: String,
}

pub const MSG_LOCK_ID_REQUIRED: &str = "Lock ID is required";
pub const MSG_LOCK_ID_FORMAT: &str = "A Lock ID is 1-64 letters, digits, dashes or underscores";
pub const MSG_LOCK_ID_TAKEN: &str = "A device with this Lock ID already exists";
const MSG_DATE: &str = "Enter a date as MM/dd/yyyy";

/// A serial number as devices carry them.
pub fn is_serial(text: &str) -> bool {
    (1..=64).contains(&text.len())
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// A date of the form, kept as yyyy-MM-dd.
fn form_date(text: &Option<String>) -> Result<Option<String>, ()> {
    let Some(text) = text.as_deref().map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok(None);
    };
    chrono::NaiveDate::parse_from_str(text, "%m/%d/%Y")
        .or_else(|_| chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d"))
        .map(|d| Some(d.format("%Y-%m-%d").to_string()))
        .map_err(|_| ())
}

fn optional(text: &Option<String>, max: usize) -> Result<Option<String>, ()> {
    match text.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(None),
        Some(t) if t.chars().count() <= max => Ok(Some(t.to_string())),
        Some(_) => Err(()),
    }
}

#[utoipa::path(post, path = "/api/locks", tag = "hardware", request_body = NewLockInput,
    responses((status = 201, body = DeviceCreated), (status = 422, body = ErrorBody)), security(("bearer" = [])))]
/// Registers a lock into inventory (New Device): unassigned, received, and reachable through
/// the simulator until a provider is configured for the builder.
pub async fn new_device(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(input): JsonBody<NewLockInput>,
) -> ApiResult<(StatusCode, Json<DeviceCreated>)> {
    caller.require_console()?;
    let builder_id = caller.target_builder(input.builder_id)?;
    let mut errors = std::collections::BTreeMap::new();
    let serial = input.lock_id.trim().to_uppercase();
    if serial.is_empty() {
        errors.insert("lock_id".to_string(), MSG_LOCK_ID_REQUIRED.to_string());
    } else if !is_serial(&serial) {
        errors.insert("lock_id".into(), MSG_LOCK_ID_FORMAT.into());
    }
    let mut date = |field: &str, value: &Option<String>| match form_date(value) {
        Ok(date) => date,
        Err(()) => {
            errors.insert(field.to_string(), MSG_DATE.to_string());
            None
        }
    };
    let battery_change_date = date("battery_change_date", &input.battery_change_date);
    let purchase_date = date("purchase_date", &input.purchase_date);
    let license_start_date = date("license_start_date", &input.license_start_date);
    let mut text = |field: &str, value: &Option<String>, max: usize| match optional(value, max) {
        Ok(text) => text,
        Err(()) => {
            errors.insert(field.to_string(), format!("At most {max} characters"));
            None
        }
    };
    let record = LockFields {
        manufacturer: text("manufacturer", &input.manufacturer, 100),
        version: text("lock_version", &input.lock_version, 50),
        licensee: text("licensee", &input.licensee, 100),
        license_date: license_start_date.clone(),
        license_start_date,
        secret_id: text("secret_id", &input.secret_id, 100),
        purchase_date,
        battery_change_date,
        email: text("email", &input.email, 250),
        comments: text("comments", &input.comments, 2000),
    };
    if record
        .email
        .as_deref()
        .is_some_and(|e| !domain::validation::is_email(e))
    {
        errors.insert("email".into(), "Email must be valid email".into());
    }
    let locked = match input.lock_status.as_deref().map(str::trim) {
        None | Some("") | Some("locked") => true,
        Some("unlocked") => false,
        Some(_) => {
            errors.insert(
                "lock_status".into(),
                "Lock Status is locked or unlocked".into(),
            );
            true
        }
    };
    ApiError::check(errors)?;
    if devices::by_any_serial(&state.db, &serial).await?.is_some() {
        return Err(ApiError::field("lock_id", MSG_LOCK_ID_TAKEN));
    }
    let device = NewDevice {
        builder_id,
        kind: kind::DOOR_LOCK.into(),
        serial_number: serial.clone(),
        name: "Door lock".into(),
        provider: "sim".into(),
        record,
        status_id: Some(domain::devices::UNASSIGNED),
        shipment_status: Some("Received".into()),
        battery: Some(1.0),
        locked: Some(locked),
        code_lengths: "4,5,6,7,8".into(),
        code_capacity: Some(30),
        ..NewDevice::default()
    };
    let id = match devices::insert(&state.db, &device).await {
        Ok(id) => id,
        Err(db::Error::Database(e)) if e.is_unique_violation() => {
            return Err(ApiError::field("lock_id", MSG_LOCK_ID_TAKEN))
        }
        Err(other) => return Err(other.into()),
    };
    state.hardware.simulate(&device).await?;
    let registered = devices::for_job(&state.db, id)
        .await?
        .ok_or_else(ApiError::not_found)?;
    state
        .hardware
        .record(&registered, "registered", &actor(&caller))
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(DeviceCreated {
            message: "Device is created".into(),
            id,
            serial_number: serial,
        }),
    ))
}

/// The caller as the hardware history names them.
pub fn actor(caller: &Caller) -> Actor {
    Actor {
        username: caller.user.username.clone(),
        email: Some(caller.user.email.clone()).filter(|e| !e.is_empty()),
    }
}
