//! Visits (spec 2 §2, §7): the list of every visit, newest first, with its date range, Export,
//! Print and Export All.

use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use chrono::NaiveDate;
use db::list::Filters;
use db::visits::{VisitRow, VISITS};
use db::Page;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::exports::Selection;
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
    domain::reports::parse_day(text)
        .map(Some)
        .ok_or_else(|| ApiError::field(field, format!("{label} must be a date (MM/dd/yyyy)")))
}

impl VisitFilters {
    fn conditions(&self) -> ApiResult<Filters> {
        let start = day("startDate", "Start date", &self.start_date)?;
        let end = day("endDate", "End date", &self.end_date)?;
        if let (Some(start), Some(end)) = (start, end) {
            if end < start {
                return Err(ApiError::field(
                    "endDate",
                    "End date must not be before the start date",
                ));
            }
        }
        let mut filters = Filters::default();
        filters.with(db::visits::VisitFilter::ChangedOn { start, end });
        Ok(filters)
    }
}

#[utoipa::path(get, path = "/api/visits", tag = "visits", params(ListParams, VisitFilters),
    responses((status = 200, body = Page<VisitRow>), (status = 422, body = ErrorBody)), security(("bearer" = [])))]
/// Every visit to the caller's builders' homes, newest change first.
pub async fn list(
    State(state): State<AppState>,
    caller: Caller,
    QueryParams(params): QueryParams<ListParams>,
    QueryParams(filters): QueryParams<VisitFilters>,
) -> ApiResult<Json<Page<VisitRow>>> {
    caller.require_console()?;
    let (mut query, scope) = params.check(&VISITS, &caller.scope)?;
    query.filters = filters.conditions()?;
    let page = VISITS.page::<VisitRow>(&state.db, &scope, &query).await?;
    Ok(Json(page.map(VisitRow::zoned)))
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
    fn cells(&self, cells: &mut exports::Cells) {
        cells
            .value(self.customer_visit_id)
            .text(&self.firstname)
            .text(&self.lastname)
            .maybe_text(&self.cell_phone_1)
            .text(&self.visitor_type)
            .text(&self.visitor_status)
            .text(&self.subdivision)
            .maybe_text(&self.house_num)
            .text(&self.address_1)
            .maybe_text(&self.platform)
            .maybe_text(&self.attribution)
            .value(exports::ZonedTime(self.modified_on, Some(self.timezone)))
            .value(self.customer_id);
    }
}

crate::list_exports!(
    tag = "visits",
    row = VisitRow,
    filters = VisitFilters,
    selection = Selection,
    keys = exports::int_keys,
    export = "/api/visits/export",
    export_all = "/api/visits/exportAll",
    print = "/api/visits/print"
);
