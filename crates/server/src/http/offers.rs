//! Offers (spec 2 §2, §7): the visitors' "Ready to Buy" (or "Ready to Rent"), listed and shown one
//! by one, with Export, Print and Export All.

use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use db::offers::{OfferRow, OFFERS};
use db::Page;

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::exports::Selection;
use crate::exports::{self, ExportRow, ListParams};
use crate::extract::{Path, QueryParams};
use crate::state::AppState;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/offers", get(list))
        .route("/offers/export", post(export))
        .route("/offers/exportAll", post(export_all))
        .route("/offers/print", post(print))
        .route("/offers/{id}", get(detail))
}

#[utoipa::path(get, path = "/api/offers", tag = "offers", params(ListParams),
    responses((status = 200, body = Page<OfferRow>), (status = 422, body = ErrorBody)), security(("bearer" = [])))]
/// The offers on the caller's builders' homes, latest move-in first.
pub async fn list(
    State(state): State<AppState>,
    caller: Caller,
    QueryParams(params): QueryParams<ListParams>,
) -> ApiResult<Json<Page<OfferRow>>> {
    caller.require_console()?;
    Ok(Json(
        params
            .page::<OfferRow>(&OFFERS, &state.db, &caller.scope)
            .await?,
    ))
}

#[utoipa::path(get, path = "/api/offers/{id}", tag = "offers", params(("id" = i64, Path)),
    responses((status = 200, body = OfferRow), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
/// One offer of the caller's builders.
pub async fn detail(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
) -> ApiResult<Json<OfferRow>> {
    caller.require_console()?;
    OFFERS
        .selected::<OfferRow>(&state.db, &caller.scope, &[db::Value::from(id)])
        .await?
        .into_iter()
        .next()
        .map(Json)
        .ok_or_else(ApiError::not_found)
}

/// How the offer's maker prefers to be reached, as the console says it.
fn contact_label(preferred_contact: &str) -> &'static str {
    if preferred_contact == "email" {
        "Email"
    } else {
        "Phone"
    }
}

impl ExportRow for OfferRow {
    const LIST: &'static db::list::ListSpec = &OFFERS;
    const FILE: &'static str = "offers";
    const TITLE: &'static str = "Offers";
    const HEADERS: &'static [&'static str] = &[
        "Id",
        "First Name",
        "Last Name",
        "Email",
        "Phone",
        "Property Id",
        "Floor Plan",
        "Prequalified",
        "Move In",
        "Preferred Contact",
        "Comments",
    ];
    fn cells(&self, cells: &mut exports::Cells) {
        cells
            .value(self.id)
            .text(&self.firstname)
            .text(&self.lastname)
            .maybe_text(&self.email)
            .maybe_text(&self.phone)
            .value(self.property_id)
            .maybe_text(&self.floor_plan)
            .text(if self.prequalified { "Yes" } else { "No" })
            .maybe_value(self.move_in.map(|d| d.format("%m/%d/%Y")))
            .text(contact_label(&self.preferred_contact))
            .maybe_text(&self.comments);
    }
}

crate::list_exports!(
    tag = "offers",
    row = OfferRow,
    selection = Selection,
    keys = exports::int_keys,
    export = "/api/offers/export",
    export_all = "/api/offers/exportAll",
    print = "/api/offers/print"
);
