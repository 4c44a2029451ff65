//! After tour hours (spec 2 §2, §7): visitors' attempts outside a home's tour hours, with
//! Export, Print and Export All.

use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use db::after_tour_hours::{AfterTourHoursRow, AFTER_TOUR_HOURS};
use db::Page;

use crate::auth::Caller;
use crate::error::{ApiResult, ErrorBody};
use crate::exports::Selection;
use crate::exports::{self, ExportRow, ListParams};
use crate::extract::QueryParams;
use crate::state::AppState;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/visits/afterTourHours", get(list))
        .route("/visits/afterTourHours/export", post(export))
        .route("/visits/afterTourHours/exportAll", post(export_all))
        .route("/visits/afterTourHours/print", post(print))
}

#[utoipa::path(get, path = "/api/visits/afterTourHours", tag = "visits", params(ListParams),
    responses((status = 200, body = Page<AfterTourHoursRow>), (status = 422, body = ErrorBody)), security(("bearer" = [])))]
/// Attempts to tour the caller's builders' homes outside their tour hours, latest first.
pub async fn list(
    State(state): State<AppState>,
    caller: Caller,
    QueryParams(params): QueryParams<ListParams>,
) -> ApiResult<Json<Page<AfterTourHoursRow>>> {
    caller.require_console()?;
    let page = params
        .page::<AfterTourHoursRow>(&AFTER_TOUR_HOURS, &state.db, &caller.scope)
        .await?;
    Ok(Json(page.map(AfterTourHoursRow::zoned)))
}

impl ExportRow for AfterTourHoursRow {
    const LIST: &'static db::list::ListSpec = &AFTER_TOUR_HOURS;
    const FILE: &'static str = "after-tour-hours";
    const TITLE: &'static str = "After Tour Hours";
    const HEADERS: &'static [&'static str] =
        &["Property Id", "Community", "Tour Hours", "Attempted At"];
    fn cells(&self, cells: &mut exports::Cells) {
        cells
            .value(self.property_id)
            .text(&self.community)
            .text(&self.tour_hours)
            .value(exports::ZonedTime(self.modified_on, Some(self.timezone)));
    }
}

crate::list_exports!(
    tag = "visits",
    row = AfterTourHoursRow,
    selection = Selection,
    keys = exports::int_keys,
    export = "/api/visits/afterTourHours/export",
    export_all = "/api/visits/afterTourHours/exportAll",
    print = "/api/visits/afterTourHours/print"
);
