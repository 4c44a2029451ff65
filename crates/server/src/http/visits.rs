//! Visits (spec 2 §2, §7): the list of every visit, newest first, with its date range, Export,
//! Print and Export All.

use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use chrono::{DateTime, NaiveDate, Utc};
use db::list::Filters;
use db::visits::{VisitRow, VISITS};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::exports::{self, ExportRow, ListParams};
use crate::extract::QueryParams;
use crate::state::AppState;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/visits", get(list))
        .route("/visits/export", post(export))
        .route("/visits/exportAll", post(export_all))
        .route("/visits/print", post(print))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct VisitList {
    pub data: Vec<VisitRow>,
    pub total: i64,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct VisitSelection {
    pub selection: Vec<i64>,
}

/// The visits list's date range: the days of the visits' last change, each in its home's time
/// zone, as the list shows them; either end may be left open.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct VisitFilters {
    /// The first day, yyyy-MM-dd or MM/dd/yyyy.
    #[serde(rename = "startDate")]
    pub start_date: Option<String>,
    /// The last day, yyyy-MM-dd or MM/dd/yyyy.
    #[serde(rename = "endDate")]
    pub end_date: Option<String>,
}

/// A day as the API takes it: yyyy-MM-dd, or the console's MM/dd/yyyy.
fn day(field: &str, label: &str, value: &Option<String>) -> ApiResult<Option<NaiveDate>> {
    let Some(text) = value.as_deref().map(str::trim).filter(|v| !v.is_empty()) else {
        return Ok(None);
    };
    NaiveDate::parse_from_str(text, "%Y-%m-%d")
        .or_else(|_| NaiveDate::parse_from_str(text, "%m/%d/%Y"))
        .map(Some)
        .map_err(|_| ApiError::field(field, format!("{label} must be a date (MM/dd/yyyy)")))
}

impl VisitFilters {
    fn conditions(&self) -> ApiResult<Filters> {
        let start = day("startDate", "Start date", &self.start_date)?;
        let end = day("endDate", "End date", &self.end_date)?;
        let mut filters = Filters::default();
        if start.is_none() && end.is_none() {
            return Ok(filters);
        }
        if let (Some(start), Some(end)) = (start, end) {
            if end < start {
                return Err(ApiError::field(
                    "endDate",
                    "End date must not be before the start date",
                ));
            }
        }
        // Midnight of a day in each home's zone, so a visit's day is the one the list shows.
        let midnight = |zone: i64, day: NaiveDate| -> DateTime<Utc> {
            domain::zones::from_local(zone, day.and_time(chrono::NaiveTime::MIN))
        };
        let zones = domain::catalog::TIMEZONES.map(|(zone, _, _)| zone);
        let starts: Vec<DateTime<Utc>> = start
            .map(|day| zones.iter().map(|z| midnight(*z, day)).collect())
            .unwrap_or_default();
        let ends: Vec<DateTime<Utc>> = end
            .and_then(|day| day.succ_opt())
            .map(|day| zones.iter().map(|z| midnight(*z, day)).collect())
            .unwrap_or_default();
        // The range as the zones' widest (every visit in it lies there, so the index on the
        // visits' change narrows the page and its count) and narrowest (every visit there lies
        // in it whatever its zone); only the few hours between are checked against the home's
        // zone, read for those visits alone.
        let mut outer = Vec::new();
        let mut inner = Vec::new();
        let mut values = Vec::new();
        let mut inner_values = Vec::new();
        if let (Some(first), Some(last)) = (starts.iter().min(), starts.iter().max()) {
            outer.push("v.modified_on >= ?");
            values.push(db::Value::from(*first));
            inner.push("v.modified_on >= ?");
            inner_values.push(db::Value::from(*last));
        }
        if let (Some(first), Some(last)) = (ends.iter().min(), ends.iter().max()) {
            outer.push("v.modified_on < ?");
            values.push(db::Value::from(*last));
            inner.push("v.modified_on < ?");
            inner_values.push(db::Value::from(*first));
        }
        values.extend(inner_values);
        let mut by_zone = Vec::new();
        for (at, zone) in zones.iter().enumerate() {
            let mut bounds = Vec::new();
            values.push(db::Value::from(*zone));
            if let Some(start) = starts.get(at) {
                bounds.push("v.modified_on >= ?");
                values.push(db::Value::from(*start));
            }
            if let Some(end) = ends.get(at) {
                bounds.push("v.modified_on < ?");
                values.push(db::Value::from(*end));
            }
            by_zone.push(format!("WHEN ? THEN {}", bounds.join(" AND ")));
        }
        filters.add(
            &format!(
                "{} AND ({} OR CASE (SELECT timezone FROM properties WHERE property_id = v.property_id) {} ELSE 1=0 END)",
                outer.join(" AND "),
                inner.join(" AND "),
                by_zone.join(" ")
            ),
            values,
        );
        Ok(filters)
    }
}

#[utoipa::path(get, path = "/api/visits", tag = "visits", params(ListParams, VisitFilters),
    responses((status = 200, body = VisitList), (status = 422, body = ErrorBody)), security(("bearer" = [])))]
/// Every visit to the caller's builders' homes, newest change first.
pub async fn list(
    State(state): State<AppState>,
    caller: Caller,
    QueryParams(params): QueryParams<ListParams>,
    QueryParams(filters): QueryParams<VisitFilters>,
) -> ApiResult<Json<VisitList>> {
    caller.require_console()?;
    let (mut query, scope) = params.check(&VISITS, &caller.scope)?;
    query.filters = filters.conditions()?;
    let page = VISITS.page::<VisitRow>(&state.db, &scope, &query).await?;
    Ok(Json(VisitList {
        data: page.data.into_iter().map(VisitRow::zoned).collect(),
        total: page.total,
    }))
}

impl ExportRow for VisitRow {
    const LIST: &'static db::list::ListSpec = &VISITS;
    const FILE: &'static str = "visits";
    const TITLE: &'static str = "Visits";
    const HEADERS: &'static [&'static str] = &[
        "Visit ID",
        "First Name",
        "Last Name",
        "Phone",
        "Visitor Type",
        "Status",
        "Community",
        "Lot #",
        "Address",
        "Platform",
        "Attribution",
        "Modified On",
        "Customer ID",
    ];
    fn cells(&self) -> Vec<String> {
        vec![
            self.customer_visit_id.to_string(),
            self.firstname.clone(),
            self.lastname.clone(),
            self.cell_phone_1.clone().unwrap_or_default(),
            self.visitor_type.clone(),
            self.visitor_status.clone(),
            self.subdivision.clone(),
            self.house_num.clone().unwrap_or_default(),
            self.address_1.clone(),
            self.platform.clone().unwrap_or_default(),
            self.attribution.clone().unwrap_or_default(),
            exports::zoned_cell(self.modified_on, Some(self.timezone)),
            self.customer_id.to_string(),
        ]
    }
}

crate::list_exports!(
    tag = "visits",
    row = VisitRow,
    filters = VisitFilters,
    selection = VisitSelection,
    keys = exports::int_keys,
    export = "/api/visits/export",
    export_all = "/api/visits/exportAll",
    print = "/api/visits/print"
);
