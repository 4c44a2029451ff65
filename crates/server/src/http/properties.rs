//! Properties (spec 1 §2–9): the list, the create wizard's save, the detail page's load and save,
//! and retiring a sold home. Tour-state changes are recorded as domain events with the change.

use std::collections::BTreeMap;

use crate::exports::Selection;
use crate::extract::Path;
use crate::http::reference::builder_in_scope;
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{get, patch, post};
use axum::{Json, Router};
use db::list::ListSpec;
use db::properties::{
    CommunityProperty, Events, PropertyFields, PropertyFilter, PropertyRecord, PropertyRow,
    Staffing, PROPERTIES,
};
use db::Page;
use domain::catalog::{disposition_by_constant, Disposition, DISPOSITIONS};
use domain::codes;
use domain::community::check_codes;
use domain::hours::{check_staff_week, check_tour_week, StaffDay, TourDay};
use domain::property::{
    check, disposition_allowed, number, PropertyForm, MSG_SHORT_LIST_ONLY, SHORT_LIST,
};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::ToSchema;

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::exports::{self, ExportRow, ListParams};
use crate::extract::{JsonBody, QueryParams};
use crate::http::communities::community_in_scope;
use crate::http::MessageBody;
use crate::state::AppState;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/properties", get(list))
        .route("/properties/new_property", post(create))
        .route("/properties/export", post(export))
        .route("/properties/exportAll", post(export_all))
        .route("/properties/print", post(print))
        .route(
            "/properties/properties_by_community/{id}",
            get(by_community),
        )
        .route("/properties/{id}", get(get_property).post(update))
        .route("/properties/{id}/retire", patch(retire))
        .route("/properties/properties_by_status", get(by_status))
        .route("/properties/properties_by_builders/", get(by_builders))
        .route(
            "/properties/saveIntegrationsProjectId/{id}",
            patch(save_integration),
        )
        .route(
            "/properties/{id}/agent",
            patch(set_agent).delete(remove_agent),
        )
        .route("/properties/coordinates", post(coordinates))
        .route(
            "/properties/{id}/images",
            // Room for a 50 MB photo and the form around it.
            get(images)
                .post(upload_image)
                .layer(axum::extract::DefaultBodyLimit::max(
                    domain::branding::LOGO_LIMIT + 1024 * 1024,
                )),
        )
        .route(
            "/properties/{id}/images/{image_id}",
            axum::routing::delete(delete_image),
        )
}

impl ExportRow for PropertyRow {
    const LIST: &'static ListSpec = &PROPERTIES;
    const FILE: &'static str = "properties";
    const TITLE: &'static str = "Properties";
    const HEADERS: &'static [&'static str] = &[
        "Property ID",
        "Lot #",
        "Address",
        "Community",
        "City",
        "State",
        "Zipcode",
        "Status",
        "Lock Status",
        "Price",
        "Bedrooms",
        "Builder",
    ];
    fn cells(&self, cells: &mut exports::Cells) {
        cells
            .value(self.property_id)
            .maybe_text(&self.house_num)
            .text(&self.address_1)
            .text(&self.community)
            .text(&self.city)
            .text(&self.state)
            .text(&self.zipcode)
            .text(&self.disposition)
            .maybe_text(&self.lock_status)
            .maybe_value(self.price)
            .value(self.bedrooms)
            .text(&self.builder);
    }
}

/// The list's query: the shared list parameters and the disposition filter.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PropertyFilters {
    /// A filter option of the list: Accessible, Awaiting Activation, Created, Removed, Sold,
    /// Non-Accessible or Under Contract.
    #[serde(rename = "lockDisposition")]
    pub lock_disposition: Option<String>,
    /// A lock status (catalogue type 7): Active, Awaiting Repair, Broken, Down, Lost,
    /// Maintenance, Retired or Unassigned.
    #[serde(rename = "lockStatus")]
    pub lock_status: Option<String>,
    /// Only homes open to tours (a disposition that tours): the pickers of invites.
    pub tours: Option<bool>,
}

/// The disposition a filter option stands for. Awaiting Activation is a created home that has
/// not been activated; Removed is an archived one.
fn filter_disposition(option: &str) -> Option<&'static str> {
    match option {
        "Accessible" => Some("PROPERTY_AVAILABLE"),
        "Awaiting Activation" | "Created" => Some("PROPERTY_CREATED"),
        "Removed" => Some("PROPERTY_ARCHIVED"),
        "Sold" => Some("PROPERTY_SOLD"),
        "Non-Accessible" => Some("PROPERTY_NOT_AVAILABLE"),
        "Under Contract" => Some("PROPERTY_UNDER_CONTRACT"),
        _ => None,
    }
}

#[utoipa::path(get, path = "/api/properties", tag = "properties", params(ListParams, PropertyFilters),
    responses((status = 200, body = Page<PropertyRow>), (status = 422, body = ErrorBody)), security(("bearer" = [])))]
pub async fn list(
    State(state): State<AppState>,
    caller: Caller,
    QueryParams(params): QueryParams<ListParams>,
    QueryParams(filters): QueryParams<PropertyFilters>,
) -> ApiResult<Json<Page<PropertyRow>>> {
    caller.require_console()?;
    let (mut query, scope) = params.check(&PROPERTIES, &caller.scope)?;
    if let Some(option) = filters
        .lock_disposition
        .as_deref()
        .filter(|o| !o.is_empty())
    {
        let constant = filter_disposition(option)
            .ok_or_else(|| ApiError::field("lockDisposition", format!("No filter {option}")))?;
        query.filters.with(PropertyFilter::Disposition(
            disposition_by_constant(constant)
                .expect("a catalogue disposition")
                .id,
        ));
    }
    if let Some(name) = filters.lock_status.as_deref().filter(|o| !o.is_empty()) {
        let (id, _) = domain::catalog::LOCK_STATUSES
            .iter()
            .find(|(_, n)| *n == name)
            .ok_or_else(|| ApiError::field("lockStatus", format!("No lock status {name}")))?;
        query.filters.with(PropertyFilter::LockStatus(*id));
    }
    if filters.tours == Some(true) {
        query.filters.with(PropertyFilter::OpenToTours);
    }
    Ok(Json(
        PROPERTIES
            .page::<PropertyRow>(&state.db, &scope, &query)
            .await?,
    ))
}

fn text(object: &Map<String, Value>, field: &str) -> Option<String> {
    object
        .get(field)
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
}

fn whole(object: &Map<String, Value>, field: &str) -> Option<i64> {
    number(object.get(field)).ok().flatten().map(|n| n as i64)
}

fn flag(object: &Map<String, Value>, field: &str) -> bool {
    match object.get(field) {
        Some(Value::Bool(b)) => *b,
        Some(Value::Number(n)) => n.as_i64() == Some(1),
        Some(Value::String(s)) => s == "true" || s == "1",
        _ => false,
    }
}

fn parse<T: serde::de::DeserializeOwned>(
    object: &Map<String, Value>,
    field: &str,
    errors: &mut BTreeMap<String, String>,
) -> Option<T> {
    match object.get(field) {
        None | Some(Value::Null) => None,
        Some(value) => serde_json::from_value(value.clone())
            .map_err(|e| errors.insert(field.to_string(), format!("{field}: {e}")))
            .ok(),
    }
}

/// An integration project id: digits (text or number) or empty, which means none.
fn integration_id(value: Option<&Value>) -> Result<Option<i64>, &'static str> {
    match value {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(n)) => n
            .as_i64()
            .filter(|n| *n >= 0)
            .map(Some)
            .ok_or(domain::community::MSG_DIGITS_ONLY),
        Some(Value::String(s)) => domain::community::project_id(s),
        Some(_) => Err(domain::community::MSG_DIGITS_ONLY),
    }
}

/// Turns a property object into the fields to store, applying the form rules that clear or
/// default fields, and collecting every error.
fn fields_of(
    object: &Map<String, Value>,
    form: PropertyForm,
    is_rental: bool,
) -> Result<(PropertyFields, &'static Disposition), ApiError> {
    let mut errors = check(form, object);
    let disposition = match object.get("disposition_id") {
        None | Some(Value::Null) if form == PropertyForm::Wizard => {
            disposition_by_constant("PROPERTY_CREATED")
        }
        value => number(value)
            .ok()
            .flatten()
            .and_then(|id| DISPOSITIONS.iter().find(|d| d.id == id as i64)),
    };
    let disposition = match disposition {
        Some(d) if disposition_allowed(d.constant, is_rental) => Some(d),
        _ => {
            errors.insert(
                "disposition_id".into(),
                "Choose a status for the property".into(),
            );
            None
        }
    };
    let codes = [
        "property_backup_code",
        "trade_code",
        "sales_code",
        "resident_code",
    ];
    let code_values: Vec<(&str, String)> = codes
        .iter()
        .map(|c| (*c, text(object, c).unwrap_or_default()))
        .collect();
    let code_refs: Vec<(&str, &str)> = code_values.iter().map(|(f, v)| (*f, v.as_str())).collect();
    errors.extend(check_codes(&code_refs));
    let tour_hours: Option<Vec<TourDay>> = parse(object, "propertyTourHours", &mut errors);
    if let Some(days) = &tour_hours {
        errors.extend(check_tour_week(days, "propertyTourHours"));
    }
    let staff_hours: Option<Vec<StaffDay>> = parse(object, "propertyStaffHours", &mut errors);
    let staff_lock_interval = whole(object, "staff_lock_interval");
    errors.extend(check_staff_week(
        staff_hours.as_deref().unwrap_or(&[]),
        staff_lock_interval,
        "propertyStaffHours",
    ));
    let access_settings = flag(object, "access_settings");
    let (relock_interval, end_of_day_lockup) = if access_settings {
        let relock = whole(object, "relock_interval").unwrap_or(codes::DEFAULT_RELOCK_INTERVAL);
        let lockup =
            text(object, "end_of_day_lockup").unwrap_or_else(|| codes::DEFAULT_LOCKUP_TIME.into());
        if !codes::RELOCK_INTERVALS.contains(&relock) {
            errors.insert(
                "relock_interval".into(),
                "Choose 15, 20, 25 or 30 min".into(),
            );
        }
        if !codes::lockup_allowed(&lockup) {
            errors.insert(
                "end_of_day_lockup".into(),
                "Choose 8:00 PM to 11:00 PM".into(),
            );
        }
        (Some(relock), Some(lockup))
    } else {
        (None, None)
    };
    let lasso_project_id =
        integration_id(object.get("lasso_project_id")).unwrap_or_else(|message| {
            errors.insert("lasso_project_id".into(), message.into());
            None
        });
    let (start, end) = (
        whole(object, "tourHoursStart").unwrap_or(5),
        whole(object, "tourHoursEnd").unwrap_or(23),
    );
    if !(5..=23).contains(&start) || !(5..=23).contains(&end) || end <= start {
        errors.insert(
            "tourHoursStart".into(),
            "Tour hours run from 5 to 23, end after start".into(),
        );
    }
    ApiError::check(errors)?;
    let disposition = disposition.expect("checked above");
    let alarm = flag(object, "alarm");
    let alarm_text = |field: &str| if alarm { text(object, field) } else { None };
    let is_sold = disposition.constant == "PROPERTY_SOLD";
    let fields = PropertyFields {
        community_id: whole(object, "community_id").unwrap_or_default(),
        disposition_id: disposition.id,
        house_num: text(object, "house_num"),
        address_1: text(object, "address_1").unwrap_or_default(),
        address_2: text(object, "address_2"),
        subdivision: text(object, "subdivision"),
        city: text(object, "city").unwrap_or_default(),
        state: text(object, "state").unwrap_or_default(),
        zipcode: text(object, "zipcode").unwrap_or_default(),
        latitude: number(object.get("latitude")).ok().flatten().unwrap_or(0.0),
        longitude: number(object.get("longitude"))
            .ok()
            .flatten()
            .unwrap_or(0.0),
        price_cents: number(object.get("price"))
            .ok()
            .flatten()
            .map(|p| (p * 100.0).round() as i64),
        bedrooms: whole(object, "bedrooms").unwrap_or_default(),
        full_bathrooms: whole(object, "fullBathrooms").unwrap_or_default(),
        half_bathrooms: whole(object, "halfBathrooms").unwrap_or_default(),
        square_footage: whole(object, "squareFootage").unwrap_or_default(),
        is_model: flag(object, "isModel"),
        timezone: whole(object, "timezone").unwrap_or_default(),
        url_1: text(object, "url_1"),
        rental_application_url: if is_rental {
            text(object, "rental_application_url")
        } else {
            None
        },
        marketing_name: text(object, "marketing_name"),
        mls_number: text(object, "mls_number"),
        external_identifier: text(object, "external_identifier"),
        external_identifier_2: text(object, "external_identifier_2"),
        alarm,
        alarm_company: alarm_text("alarm_company"),
        armed_hours: alarm_text("armed_hours"),
        disarm_code: alarm_text("disarm_code"),
        emergency_notes: alarm_text("emergency_notes"),
        property_backup_code: code_values[0].1.clone(),
        trade_code: code_values[1].1.clone(),
        sales_code: code_values[2].1.clone(),
        resident_code: if is_rental {
            code_values[3].1.clone()
        } else {
            String::new()
        },
        access_notes: text(object, "access_notes"),
        // The contract date belongs to sold homes only.
        contract_date: if is_sold {
            text(object, "contract_date")
        } else {
            None
        },
        access_settings,
        relock_interval,
        end_of_day_lockup,
        staff_lock_interval: staff_hours
            .as_ref()
            .map(|_| staff_lock_interval.unwrap_or(domain::hours::DEFAULT_STAFF_LOCK_INTERVAL)),
        tour_hours: tour_hours
            .as_ref()
            .map(|h| serde_json::to_string(h).expect("hours serialise")),
        staff_hours: staff_hours
            .as_ref()
            .map(|h| serde_json::to_string(h).expect("hours serialise")),
        tour_hours_start: start,
        tour_hours_end: end,
        lasso_project_id,
        integration_active: flag(object, "integration_active"),
    };
    Ok((fields, disposition))
}

/// The staff and teams of a property object, checked against the builder.
async fn staffing(
    state: &AppState,
    caller: &Caller,
    object: &Map<String, Value>,
    builder_id: i64,
) -> ApiResult<(Vec<(i64, bool)>, Vec<i64>)> {
    /// The spec names the username both ways.
    #[derive(Deserialize)]
    struct AgentRef {
        #[serde(rename = "agentUsername")]
        agent_username_camel: Option<String>,
        agent_username: Option<String>,
        #[serde(default)]
        is_project_manager: bool,
    }
    let refs: Vec<AgentRef> = match object.get("agents") {
        None | Some(Value::Null) => Vec::new(),
        Some(v) => serde_json::from_value(v.clone())
            .map_err(|e| ApiError::field("agents", format!("agents: {e}")))?,
    };
    let mut agents = Vec::with_capacity(refs.len());
    for r in refs {
        let username = r
            .agent_username_camel
            .or(r.agent_username)
            .unwrap_or_default();
        let user = db::users::find_in_scope(&state.db, &caller.scope, &username)
            .await?
            .filter(|u| u.builder_id == Some(builder_id))
            .ok_or_else(|| {
                ApiError::field("agents", format!("No agent {username} in this builder"))
            })?;
        if !domain::roles::offerable_for_assignment(
            &db::users::group_ids(&state.db, user.user_id).await?,
        ) {
            return Err(ApiError::field(
                "agents",
                format!("{username} cannot be assigned to properties"),
            ));
        }
        agents.push((user.user_id, r.is_project_manager));
    }
    let teams: Vec<i64> = match object.get("teams") {
        None | Some(Value::Null) => Vec::new(),
        Some(v) => serde_json::from_value::<Vec<Value>>(v.clone())
            .map_err(|e| ApiError::field("teams", format!("teams: {e}")))?
            .iter()
            .filter_map(|t| t.get("id").unwrap_or(t).as_i64())
            .collect(),
    };
    let known = db::communities::teams_of_builder(&state.db, builder_id, &teams).await?;
    if known.len()
        != teams
            .iter()
            .collect::<std::collections::BTreeSet<_>>()
            .len()
    {
        return Err(ApiError::field(
            "teams",
            "Choose teams of the property's builder",
        ));
    }
    Ok((agents, known))
}

/// A home's staff (user id, project manager) other than `user_id`.
fn staff_but(
    staff: &[db::properties::AssignedStaff],
    user_id: i64,
) -> impl Iterator<Item = (i64, bool)> + '_ {
    staff
        .iter()
        .filter(move |a| a.user_id != user_id)
        .map(|a| (a.user_id, a.is_project_manager))
}

/// The Staff tab's rules for any change of a home's staff (`staff` before, `agents` after; the
/// error goes on `field`): nobody takes themselves off a home, and a home with a project
/// manager keeps one.
fn keeps_staff_rules(
    caller: &Caller,
    staff: &[db::properties::AssignedStaff],
    agents: &[(i64, bool)],
    field: &str,
) -> ApiResult<()> {
    let stays = |user_id: i64| agents.iter().any(|(id, _)| *id == user_id);
    if staff.iter().any(|a| a.user_id == caller.user.user_id) && !stays(caller.user.user_id) {
        return Err(ApiError::field(field, "You cannot remove yourself"));
    }
    if staff.iter().any(|a| a.is_project_manager) && !agents.iter().any(|(_, pm)| *pm) {
        return Err(ApiError::field(field, "A PM is required to be assigned!"));
    }
    Ok(())
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PropertyCreated {
    pub message: String,
    pub property_id: i64,
}

/// The property object of the wizard or the detail page; see the spec's Property entity.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(value_type = Object)]
pub struct PropertyObject(pub Map<String, Value>);

/// Refuses a community of another builder with the form's missing-community message.
async fn community_of_builder(
    state: &AppState,
    caller: &Caller,
    community_id: i64,
    builder_id: i64,
    form: PropertyForm,
) -> ApiResult<()> {
    match db::communities::get(&state.db, &caller.scope, community_id).await? {
        Some(c) if c.builder_id == builder_id => Ok(()),
        _ => Err(ApiError::field(
            "community_id",
            domain::property::missing_community(form),
        )),
    }
}

#[utoipa::path(post, path = "/api/properties/new_property", tag = "properties", request_body = PropertyObject,
    responses((status = 201, body = PropertyCreated), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn create(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(PropertyObject(object)): JsonBody<PropertyObject>,
) -> ApiResult<(StatusCode, Json<PropertyCreated>)> {
    caller.require_console()?;
    let builder_id = caller
        .target_builder(whole(&object, "builder_id"))
        .map_err(|_| ApiError::field("builder_id", "Builder required"))?;
    let builder = builder_in_scope(&state, &caller, builder_id).await?;
    if builder.disable_add_property_and_community {
        return Err(ApiError::Forbidden(
            "Adding properties is turned off for this builder".into(),
        ));
    }
    let (fields, _) = fields_of(&object, PropertyForm::Wizard, builder.is_rental)?;
    community_of_builder(
        &state,
        &caller,
        fields.community_id,
        builder_id,
        PropertyForm::Wizard,
    )
    .await?;
    let (agents, teams) = staffing(&state, &caller, &object, builder_id).await?;
    if !agents.iter().any(|(_, pm)| *pm) {
        return Err(ApiError::field(
            "agents",
            "A PM is required to be assigned!",
        ));
    }
    let staffing = Staffing {
        agents: &agents,
        team_ids: &teams,
    };
    let id = db::properties::save(
        &state.db,
        &caller.scope,
        None,
        builder_id,
        &fields,
        &staffing,
        Events::Record,
        &caller.user.username,
    )
    .await?
    .ok_or_else(ApiError::not_found)?;
    Ok((
        StatusCode::CREATED,
        Json(PropertyCreated {
            message: "Property created".into(),
            property_id: id,
        }),
    ))
}

#[utoipa::path(post, path = "/api/properties/{id}", tag = "properties", params(("id" = i64, Path)), request_body = PropertyObject,
    responses((status = 200, body = MessageBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn update(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
    JsonBody(PropertyObject(object)): JsonBody<PropertyObject>,
) -> ApiResult<Json<MessageBody>> {
    caller.require_console()?;
    let current = property_in_scope(&state, &caller, id).await?;
    let builder = builder_in_scope(&state, &caller, current.builder_id).await?;
    let (fields, disposition) = fields_of(&object, PropertyForm::Edit, builder.is_rental)?;
    if caller.chooses_from_short_list()
        && disposition.id != current.fields.disposition_id
        && !SHORT_LIST.contains(&disposition.constant)
    {
        return Err(ApiError::field("disposition_id", MSG_SHORT_LIST_ONLY));
    }
    community_of_builder(
        &state,
        &caller,
        fields.community_id,
        current.builder_id,
        PropertyForm::Edit,
    )
    .await?;
    let (agents, teams) = staffing(&state, &caller, &object, current.builder_id).await?;
    let staff = db::properties::assigned_staff(&state.db, id).await?;
    keeps_staff_rules(&caller, &staff, &agents, "agents")?;
    let staffing = Staffing {
        agents: &agents,
        team_ids: &teams,
    };
    db::properties::save(
        &state.db,
        &caller.scope,
        Some(id),
        current.builder_id,
        &fields,
        &staffing,
        Events::Record,
        &caller.user.username,
    )
    .await?
    .ok_or_else(ApiError::not_found)?;
    record_access_settings(&state, &caller, id, &current.fields, &fields).await?;
    Ok(Json(MessageBody::new("Updated successfully")))
}

/// A change of how the home's locks secure it (relock interval, end-of-day lockup, staff lock
/// interval) goes into each lock's hardware history with who made it.
async fn record_access_settings(
    state: &AppState,
    caller: &Caller,
    property_id: i64,
    before: &db::properties::PropertyFields,
    after: &db::properties::PropertyFields,
) -> ApiResult<()> {
    let settings = |f: &db::properties::PropertyFields| {
        (
            f.access_settings,
            f.relock_interval,
            f.end_of_day_lockup.clone(),
            f.staff_lock_interval,
        )
    };
    if settings(before) == settings(after) {
        return Ok(());
    }
    let who = crate::http::hardware::inventory::actor(caller);
    for lock in db::hardware::devices::of_property(&state.db, property_id).await? {
        if db::hardware::devices::kind::is_lock(&lock.kind) {
            state.hardware.record(&lock, "settings", &who).await?;
        }
    }
    Ok(())
}

/// A staff member assigned to a property.
#[derive(Debug, Serialize, ToSchema)]
pub struct PropertyAgent {
    #[serde(rename = "agentUsername")]
    pub agent_username_camel: String,
    pub agent_username: String,
    pub firstname: String,
    pub lastname: String,
    pub phone: String,
    pub email: String,
    pub is_project_manager: bool,
}

/// An integration of a property: its project id and whether it is active.
#[derive(Debug, Serialize, ToSchema)]
pub struct PropertyIntegration {
    /// The integration of the catalogue (`GET /integrations/list`).
    pub id: i64,
    pub name: String,
    pub project_id: Option<i64>,
    #[serde(rename = "isActive")]
    pub is_active: bool,
}

/// The visits the Timeline tab shows, newest first.
pub const TIMELINE_VISITS: i64 = 100;

/// The detail page's property (the spec's Property entity): the stored fields under the spec's
/// names, codes with their community fallbacks, staff, teams, the latest visits and the address of
/// its public page.
#[derive(Debug, Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct PropertyDetail {
    pub property_id: i64,
    pub builder: String,
    pub builder_id: i64,
    /// Whether the property's builder rents its homes (rental wording, Resident Code, Rented).
    pub is_rental: bool,
    pub community_id: i64,
    pub community: String,
    pub disposition_id: i64,
    pub disposition: String,
    pub disposition_constant: String,
    /// The status of the home's lock; none without a lock.
    pub lock_status: Option<String>,
    /// The home's hub (the Hub tab), its type, and the serial of its first door lock.
    pub hub_id: Option<i64>,
    pub hub_type: Option<String>,
    pub lock_serial_number: Option<String>,
    /// The live word of the hub's first lock: Locked, Unlocked, Offline, Jammed or Low battery.
    pub lockStatus: Option<String>,
    /// The home's smart lock (the Smart Lock tab), its type and live word.
    pub smart_lock_serial_number: Option<String>,
    pub smart_lock_type: Option<String>,
    pub smartLockStatus: Option<String>,
    /// The home's wifi thermostat (the Wifi Thermostat tab).
    pub wifi_thermostat_serial_number: Option<String>,
    pub house_num: Option<String>,
    pub address_1: String,
    pub address_2: Option<String>,
    pub subdivision: Option<String>,
    pub city: String,
    pub state: String,
    pub zipcode: String,
    pub latitude: f64,
    pub longitude: f64,
    /// Whole US dollars (rent per month for rental builders).
    pub price: Option<i64>,
    pub bedrooms: i64,
    pub fullBathrooms: i64,
    pub halfBathrooms: i64,
    pub squareFootage: i64,
    pub isModel: bool,
    pub timezone: i64,
    pub timezoneAbbr: Option<String>,
    pub timezoneValue: Option<String>,
    pub url_1: Option<String>,
    pub rental_application_url: Option<String>,
    pub marketing_name: Option<String>,
    pub mls_number: Option<String>,
    pub external_identifier: Option<String>,
    pub external_identifier_2: Option<String>,
    pub alarm: bool,
    pub alarm_company: Option<String>,
    pub armed_hours: Option<String>,
    pub disarm_code: Option<String>,
    pub emergency_notes: Option<String>,
    /// The property's own code, or the community's when it has none (also trade and sales).
    pub property_backup_code: String,
    pub trade_code: String,
    pub sales_code: String,
    pub resident_code: String,
    pub community_backup_code: String,
    pub community_trade_code: String,
    pub community_sales_code: String,
    pub access_notes: Option<String>,
    pub contract_date: Option<String>,
    pub access_settings: bool,
    pub relock_interval: Option<i64>,
    pub end_of_day_lockup: Option<String>,
    pub staff_lock_interval: Option<i64>,
    pub propertyTourHours: Option<Vec<TourDay>>,
    pub communityTourHours: Option<Vec<TourDay>>,
    pub propertyStaffHours: Option<Vec<StaffDay>>,
    pub tourHoursStart: i64,
    pub tourHoursEnd: i64,
    pub agents: Vec<PropertyAgent>,
    pub teams: Vec<db::teams::Team>,
    pub lasso_project_id: Option<i64>,
    pub integrations: Vec<PropertyIntegration>,
    /// The latest visits of the home (at most [`TIMELINE_VISITS`]), newest first.
    pub visits: Vec<db::visits::VisitRow>,
    /// The home's page on the public site; none when no public site is configured.
    pub public_url: Option<String>,
    pub created_on: chrono::DateTime<chrono::Utc>,
    pub created_by: String,
    pub modified_on: chrono::DateTime<chrono::Utc>,
    pub modified_by: String,
}

fn stored_hours<T: serde::de::DeserializeOwned>(text: &Option<String>) -> Option<T> {
    text.as_deref().and_then(|t| serde_json::from_str(t).ok())
}

async fn detail(state: &AppState, caller: &Caller, p: PropertyRecord) -> ApiResult<PropertyDetail> {
    let agents = db::properties::assigned_staff(&state.db, p.property_id)
        .await?
        .into_iter()
        .map(|a| PropertyAgent {
            agent_username_camel: a.username.clone(),
            agent_username: a.username,
            firstname: a.firstname,
            lastname: a.lastname,
            phone: a.phone,
            email: a.email,
            is_project_manager: a.is_project_manager,
        })
        .collect();
    let teams = db::teams::of_property(&state.db, &caller.scope, p.property_id).await?;
    let mut timeline = db::list::ListQuery {
        order_by: Some("visited_on".into()),
        order: Some(domain::lists::Order::Desc),
        limit: Some(TIMELINE_VISITS),
        ..Default::default()
    };
    timeline
        .filters
        .with(db::visits::VisitFilter::Property(p.property_id));
    let visits = db::visits::VISITS
        .page::<db::visits::VisitRow>(&state.db, &caller.scope, &timeline)
        .await?
        .data;
    let builder = builder_in_scope(state, caller, p.builder_id).await?;
    let devices = db::hardware::devices::of_property(&state.db, p.property_id).await?;
    use db::hardware::devices::kind;
    let hub = devices.iter().find(|d| d.kind == kind::HUB);
    let door_lock = hub.and_then(|h| {
        devices
            .iter()
            .find(|d| d.kind == kind::DOOR_LOCK && d.hub_id == Some(h.id))
    });
    let smart_lock = devices.iter().find(|d| d.kind == kind::SMART_LOCK);
    let thermostat = devices.iter().find(|d| d.kind == kind::WIFI_THERMOSTAT);
    let word = |d: &db::hardware::devices::Device| crate::hardware::health(d).word().to_string();
    let or_community =
        |own: &str, community: &str| if own.is_empty() { community } else { own }.to_string();
    let (zone_name, zone_abbr) = domain::catalog::timezone_names(p.fields.timezone);
    // The home's integration is the catalogue's Lasso, as on its community.
    let lasso = db::integrations::name(&state.db, db::integrations::LASSO)
        .await?
        .unwrap_or_default();
    let f = p.fields;
    Ok(PropertyDetail {
        public_url: state
            .settings
            .public_page(&builder.webflow_name, "property", p.property_id),
        is_rental: builder.is_rental,
        property_id: p.property_id,
        builder: p.builder,
        builder_id: p.builder_id,
        community_id: f.community_id,
        community: p.community,
        disposition_id: f.disposition_id,
        disposition: p.disposition,
        disposition_constant: p.disposition_constant,
        lock_status: p.lock_status,
        hub_id: hub.map(|h| h.id),
        hub_type: hub.and_then(|h| h.hub_type.clone()),
        lock_serial_number: door_lock.map(|l| l.serial_number.clone()),
        lockStatus: door_lock.map(word),
        smart_lock_serial_number: smart_lock.map(|l| l.serial_number.clone()),
        smart_lock_type: smart_lock.and_then(|l| l.smart_lock_type.clone()),
        smartLockStatus: smart_lock.map(word),
        wifi_thermostat_serial_number: thermostat.map(|t| t.serial_number.clone()),
        house_num: f.house_num,
        address_1: f.address_1,
        address_2: f.address_2,
        subdivision: f.subdivision,
        city: f.city,
        state: f.state,
        zipcode: f.zipcode,
        latitude: f.latitude,
        longitude: f.longitude,
        price: f.price_cents.map(|c| c / 100),
        bedrooms: f.bedrooms,
        fullBathrooms: f.full_bathrooms,
        halfBathrooms: f.half_bathrooms,
        squareFootage: f.square_footage,
        isModel: f.is_model,
        timezone: f.timezone,
        timezoneAbbr: zone_abbr,
        timezoneValue: zone_name,
        url_1: f.url_1,
        rental_application_url: f.rental_application_url,
        marketing_name: f.marketing_name,
        mls_number: f.mls_number,
        external_identifier: f.external_identifier,
        external_identifier_2: f.external_identifier_2,
        alarm: f.alarm,
        alarm_company: f.alarm_company,
        armed_hours: f.armed_hours,
        disarm_code: f.disarm_code,
        emergency_notes: f.emergency_notes,
        property_backup_code: or_community(&f.property_backup_code, &p.community_backup_code),
        trade_code: or_community(&f.trade_code, &p.community_trade_code),
        sales_code: or_community(&f.sales_code, &p.community_sales_code),
        resident_code: f.resident_code,
        community_backup_code: p.community_backup_code,
        community_trade_code: p.community_trade_code,
        community_sales_code: p.community_sales_code,
        access_notes: f.access_notes,
        contract_date: f.contract_date,
        access_settings: f.access_settings,
        relock_interval: f.relock_interval,
        end_of_day_lockup: f.end_of_day_lockup,
        staff_lock_interval: f.staff_lock_interval,
        propertyTourHours: stored_hours(&f.tour_hours),
        communityTourHours: stored_hours(&p.community_tour_hours),
        propertyStaffHours: stored_hours(&f.staff_hours),
        tourHoursStart: f.tour_hours_start,
        tourHoursEnd: f.tour_hours_end,
        agents,
        teams,
        lasso_project_id: f.lasso_project_id,
        integrations: vec![PropertyIntegration {
            id: db::integrations::LASSO,
            name: lasso,
            project_id: f.lasso_project_id,
            is_active: f.integration_active,
        }],
        visits,
        created_on: p.created_on,
        created_by: p.created_by,
        modified_on: p.modified_on,
        modified_by: p.modified_by,
    })
}

#[utoipa::path(get, path = "/api/properties/{id}", tag = "properties", params(("id" = i64, Path)),
    responses((status = 200, body = PropertyDetail), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
pub async fn get_property(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
) -> ApiResult<Json<PropertyDetail>> {
    caller.require_console()?;
    let property = property_in_scope(&state, &caller, id).await?;
    Ok(Json(detail(&state, &caller, property).await?))
}

#[utoipa::path(patch, path = "/api/properties/{id}/retire", tag = "properties", params(("id" = i64, Path)),
    responses((status = 200, body = MessageBody), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
pub async fn retire(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
) -> ApiResult<Json<MessageBody>> {
    caller.require_console()?;
    if caller.chooses_from_short_list() {
        return Err(ApiError::Forbidden(MSG_SHORT_LIST_ONLY.into()));
    }
    let sold = disposition_by_constant("PROPERTY_SOLD").expect("seeded");
    if !db::properties::set_disposition(
        &state.db,
        &caller.scope,
        id,
        sold.id,
        &caller.user.username,
    )
    .await?
    {
        return Err(ApiError::not_found());
    }
    state
        .hardware
        .retire_home(id, &crate::http::hardware::inventory::actor(&caller))
        .await?;
    Ok(Json(MessageBody::new("Updated successfully")))
}

#[utoipa::path(get, path = "/api/properties/properties_by_community/{id}", tag = "properties", params(("id" = i64, Path)),
    responses((status = 200, body = [CommunityProperty]), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
pub async fn by_community(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
) -> ApiResult<Json<Vec<CommunityProperty>>> {
    caller.require_console()?;
    community_in_scope(&state, &caller, id).await?;
    Ok(Json(
        db::properties::of_community(&state.db, &caller.scope, id).await?,
    ))
}

crate::list_exports!(
    tag = "properties",
    row = PropertyRow,
    selection = Selection,
    keys = exports::int_keys,
    export = "/api/properties/export",
    export_all = "/api/properties/exportAll",
    print = "/api/properties/print"
);

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StatusQuery {
    /// A disposition name, e.g. Accessible.
    pub status: Option<String>,
    #[serde(rename = "builderId")]
    pub builder_id: Option<i64>,
}

#[utoipa::path(get, path = "/api/properties/properties_by_status", tag = "properties", params(StatusQuery),
    responses((status = 200, body = Page<PropertyRow>), (status = 422, body = ErrorBody)), security(("bearer" = [])))]
pub async fn by_status(
    State(state): State<AppState>,
    caller: Caller,
    QueryParams(q): QueryParams<StatusQuery>,
) -> ApiResult<Json<Page<PropertyRow>>> {
    caller.require_console()?;
    let name = q.status.unwrap_or_else(|| "Accessible".into());
    let disposition = DISPOSITIONS
        .iter()
        .find(|d| d.name == name)
        .ok_or_else(|| ApiError::field("status", format!("No status {name}")))?;
    let mut query = db::list::ListQuery::default();
    query
        .filters
        .with(PropertyFilter::Disposition(disposition.id));
    Ok(Json(
        PROPERTIES
            .page::<PropertyRow>(&state.db, &caller.scope.narrow(q.builder_id), &query)
            .await?,
    ))
}

#[utoipa::path(get, path = "/api/properties/properties_by_builders/", tag = "properties", params(ListParams),
    responses((status = 200, body = Page<PropertyRow>), (status = 422, body = ErrorBody)), security(("bearer" = [])))]
pub async fn by_builders(
    State(state): State<AppState>,
    caller: Caller,
    QueryParams(params): QueryParams<ListParams>,
) -> ApiResult<Json<Page<PropertyRow>>> {
    caller.require_console()?;
    Ok(Json(
        params
            .page::<PropertyRow>(&PROPERTIES, &state.db, &caller.scope)
            .await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct IntegrationInput {
    #[schema(value_type = Option<String>)]
    pub lasso_project_id: Option<Value>,
    #[serde(default)]
    pub integration_active: bool,
}

#[utoipa::path(patch, path = "/api/properties/saveIntegrationsProjectId/{id}", tag = "properties", params(("id" = i64, Path)),
    request_body = IntegrationInput, responses((status = 200, body = MessageBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn save_integration(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
    JsonBody(input): JsonBody<IntegrationInput>,
) -> ApiResult<Json<MessageBody>> {
    caller.require_console()?;
    let project_id = integration_id(input.lasso_project_id.as_ref())
        .map_err(|m| ApiError::field("lasso_project_id", m))?;
    if !db::properties::set_integration(
        &state.db,
        &caller.scope,
        id,
        project_id,
        input.integration_active,
    )
    .await?
    {
        return Err(ApiError::not_found());
    }
    Ok(Json(MessageBody::new("Updated successfully")))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PropertyAgentInput {
    #[serde(rename = "agentUsername")]
    pub agent_username: String,
    #[serde(default)]
    pub is_project_manager: bool,
}

/// The home, when it is the caller's; else not found.
async fn property_in_scope(
    state: &AppState,
    caller: &Caller,
    id: i64,
) -> ApiResult<PropertyRecord> {
    db::properties::get(&state.db, &caller.scope, id)
        .await?
        .ok_or_else(ApiError::not_found)
}

async fn property_member(
    state: &AppState,
    caller: &Caller,
    id: i64,
    username: &str,
) -> ApiResult<(PropertyRecord, db::users::UserRecord)> {
    let property = property_in_scope(state, caller, id).await?;
    let user = db::users::find_in_scope(&state.db, &caller.scope, username)
        .await?
        .filter(|u| u.builder_id == Some(property.builder_id))
        .ok_or_else(|| ApiError::field("agentUsername", "No agents were found"))?;
    Ok((property, user))
}

#[utoipa::path(patch, path = "/api/properties/{id}/agent", tag = "properties", params(("id" = i64, Path)), request_body = PropertyAgentInput,
    responses((status = 200, body = MessageBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)), security(("bearer" = [])))]
pub async fn set_agent(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
    JsonBody(input): JsonBody<PropertyAgentInput>,
) -> ApiResult<Json<MessageBody>> {
    caller.require_console()?;
    let (property, user) = property_member(&state, &caller, id, &input.agent_username).await?;
    if !domain::roles::offerable_for_assignment(
        &db::users::group_ids(&state.db, user.user_id).await?,
    ) {
        return Err(ApiError::field(
            "agentUsername",
            format!("{} cannot be assigned to properties", user.username),
        ));
    }
    let staff = db::properties::assigned_staff(&state.db, property.property_id).await?;
    let after: Vec<(i64, bool)> = staff_but(&staff, user.user_id)
        .chain([(user.user_id, input.is_project_manager)])
        .collect();
    keeps_staff_rules(&caller, &staff, &after, "agentUsername")?;
    db::properties::set_agent(
        &state.db,
        property.property_id,
        user.user_id,
        input.is_project_manager,
    )
    .await?;
    Ok(Json(MessageBody::new("Agent added..")))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PropertyAgentRef {
    #[serde(rename = "agentUsername")]
    pub agent_username: String,
}

#[utoipa::path(delete, path = "/api/properties/{id}/agent", tag = "properties", params(("id" = i64, Path)), request_body = PropertyAgentRef,
    responses((status = 200, body = MessageBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)), security(("bearer" = [])))]
pub async fn remove_agent(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
    JsonBody(input): JsonBody<PropertyAgentRef>,
) -> ApiResult<Json<MessageBody>> {
    caller.require_console()?;
    let (property, user) = property_member(&state, &caller, id, &input.agent_username).await?;
    let staff = db::properties::assigned_staff(&state.db, property.property_id).await?;
    let remaining: Vec<(i64, bool)> = staff_but(&staff, user.user_id).collect();
    keeps_staff_rules(&caller, &staff, &remaining, "agentUsername")?;
    if !db::properties::remove_agent(&state.db, property.property_id, user.user_id).await? {
        return Err(ApiError::not_found());
    }
    Ok(Json(MessageBody::new("Agent removed.")))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Coordinates {
    pub lat: f64,
    pub lng: f64,
}

#[utoipa::path(post, path = "/api/properties/coordinates", tag = "properties", request_body = crate::geocode::Address,
    responses((status = 200, body = Coordinates)), security(("bearer" = [])))]
pub async fn coordinates(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(address): JsonBody<crate::geocode::Address>,
) -> ApiResult<Json<Coordinates>> {
    caller.require_console()?;
    let (lat, lng) = state.geocoder.locate(&address).await;
    Ok(Json(Coordinates { lat, lng }))
}

/// A photo as the gallery shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct PhotoView {
    #[serde(flatten)]
    pub image: db::properties::PropertyImage,
    pub image_url: String,
}

fn photo_view(image: db::properties::PropertyImage) -> PhotoView {
    let image_url = crate::files::url(&image.file_key);
    PhotoView { image, image_url }
}

#[utoipa::path(get, path = "/api/properties/{id}/images", tag = "properties", params(("id" = i64, Path)),
    responses((status = 200, body = [PhotoView]), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
pub async fn images(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
) -> ApiResult<Json<Vec<PhotoView>>> {
    caller.require_console()?;
    property_in_scope(&state, &caller, id).await?;
    Ok(Json(
        db::properties::images(&state.db, id)
            .await?
            .into_iter()
            .map(photo_view)
            .collect(),
    ))
}

/// Gallery edits are for builders that have them switched on.
async fn gallery_property(state: &AppState, caller: &Caller, id: i64) -> ApiResult<PropertyRecord> {
    caller.require_console()?;
    let property = property_in_scope(state, caller, id).await?;
    if !builder_in_scope(state, caller, property.builder_id)
        .await?
        .enable_photo_gallery_edits
    {
        return Err(ApiError::Forbidden(
            "Photo gallery edits are turned off for this builder".into(),
        ));
    }
    Ok(property)
}

/// The upload form: `file` (PNG or JPEG, at most 50 MB) and `sequence_position` (optional).
#[derive(Debug, ToSchema)]
#[allow(dead_code)]
pub struct PhotoForm {
    #[schema(format = Binary, content_media_type = "application/octet-stream")]
    file: String,
    sequence_position: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PhotoUploaded {
    pub message: String,
    pub image: PhotoView,
}

#[utoipa::path(post, path = "/api/properties/{id}/images", tag = "properties", params(("id" = i64, Path)),
    request_body(content = PhotoForm, content_type = "multipart/form-data"),
    responses((status = 201, body = PhotoUploaded), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn upload_image(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
    multipart: Result<axum::extract::Multipart, axum::extract::multipart::MultipartRejection>,
) -> ApiResult<(StatusCode, Json<PhotoUploaded>)> {
    let property = gallery_property(&state, &caller, id).await?;
    let (texts, file) = crate::files::read_form(multipart).await?;
    let bytes = file.ok_or_else(|| ApiError::field("file", "Choose a photo to upload"))?;
    let position = match texts
        .get("sequence_position")
        .map(|p| p.trim())
        .filter(|p| !p.is_empty())
    {
        None => None,
        Some(p) => Some(p.parse::<i64>().ok().filter(|p| *p >= 1).ok_or_else(|| {
            ApiError::field("sequence_position", "A position is a whole number from 1")
        })?),
    };
    let webp = crate::photos::converted_upload(bytes, |detail| {
        format!("The photo could not be read: {detail}")
    })
    .await?;
    let key = state
        .files
        .put(webp, crate::files::ImageKind::Webp)
        .await
        .map_err(|e| ApiError::Internal(format!("storing a photo: {e}")))?;
    let (image_id, replaced) = match db::properties::put_image(
        &state.db,
        property.property_id,
        &key,
        position,
        &caller.user.username,
    )
    .await
    {
        Ok(done) => done,
        Err(error) => {
            state.files.remove(&key).await;
            return Err(error.into());
        }
    };
    if let Some(old) = replaced {
        state.files.remove(&old).await;
    }
    let image = db::properties::images(&state.db, property.property_id)
        .await?
        .into_iter()
        .find(|i| i.id == image_id)
        .ok_or_else(ApiError::not_found)?;
    Ok((
        StatusCode::CREATED,
        Json(PhotoUploaded {
            message: "Sucessfully Uploaded".into(),
            image: photo_view(image),
        }),
    ))
}

#[utoipa::path(delete, path = "/api/properties/{id}/images/{image_id}", tag = "properties",
    params(("id" = i64, Path), ("image_id" = i64, Path)),
    responses((status = 200, body = MessageBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
pub async fn delete_image(
    State(state): State<AppState>,
    caller: Caller,
    Path((id, image_id)): Path<(i64, i64)>,
) -> ApiResult<Json<MessageBody>> {
    let property = gallery_property(&state, &caller, id).await?;
    let key = db::properties::delete_image(&state.db, property.property_id, image_id)
        .await?
        .ok_or_else(ApiError::not_found)?;
    state.files.remove(&key).await;
    Ok(Json(MessageBody::new("Successfully deleted")))
}
