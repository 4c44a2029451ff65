//! Scheduled visits (spec 2 §2, §7): the list, one visit's detail, Export and Delete of selected
//! rows, Export All; and booking one for a customer, a call of the public API (docs/api.md).

use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use db::scheduled_visits::{ScheduledVisitDetail, ScheduledVisitRow, SCHEDULED_VISITS};
use db::Page;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::exports::Selection;
use crate::exports::{self, ExportRow, ListParams};
use crate::extract::{JsonBody, Path, QueryParams};
use crate::http::MessageBody;
use crate::state::AppState;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/schedule_visit", get(list).post(create))
        .route("/schedule_visit/export", post(export))
        .route("/schedule_visit/exportAll", post(export_all))
        .route("/schedule_visit/print", post(print))
        .route("/schedule_visit/delete", post(delete))
        .route("/schedule_visit/{id}", get(detail))
}

#[utoipa::path(get, path = "/api/schedule_visit", tag = "scheduled visits", params(ListParams),
    responses((status = 200, body = Page<ScheduledVisitRow>), (status = 422, body = ErrorBody)), security(("bearer" = [])))]
/// The scheduled visits of the caller's builders, latest visit date first.
pub async fn list(
    State(state): State<AppState>,
    caller: Caller,
    QueryParams(params): QueryParams<ListParams>,
) -> ApiResult<Json<Page<ScheduledVisitRow>>> {
    caller.require_console()?;
    let page = params
        .page::<ScheduledVisitRow>(&SCHEDULED_VISITS, &state.db, &caller.scope)
        .await?;
    Ok(Json(page.map(ScheduledVisitRow::zoned)))
}

/// A tour to book for a customer of the home's builder, at one of the day's slots of the tour
/// page's Schedule.
#[derive(Debug, Deserialize, ToSchema)]
pub struct NewScheduledVisitRequest {
    pub property_id: i64,
    pub customer_id: i64,
    /// yyyy-MM-dd, in the home's time zone.
    #[serde(default)]
    pub date: String,
    /// One of the day's slots, `9:30 AM`.
    #[serde(default)]
    pub time: String,
}

#[utoipa::path(post, path = "/api/schedule_visit", tag = "scheduled visits", request_body = NewScheduledVisitRequest,
    responses((status = 201, body = crate::http::tour::BookedTour), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
/// Books a tour for a customer as the visitor's Schedule does: a scheduled visit (status
/// created) with a code for the customer preloaded for its hour, the confirmation text and the
/// builder's Scheduled Tour text; refused as the tour page refuses (a blacklisted customer, a
/// home not open to tours or without a working lock, a time that is not a slot).
pub async fn create(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(request): JsonBody<NewScheduledVisitRequest>,
) -> ApiResult<(axum::http::StatusCode, Json<crate::http::tour::BookedTour>)> {
    caller.require_console()?;
    let home = db::properties::get(&state.db, &caller.scope, request.property_id)
        .await?
        .filter(|h| h.disposition_constant != "PROPERTY_ARCHIVED")
        .ok_or_else(ApiError::not_found)?;
    let customer = db::visitors::visitor(&state.db, request.customer_id)
        .await?
        .filter(|c| c.builder_id == home.builder_id)
        .ok_or_else(|| ApiError::field("customer_id", "No such customer of the home's builder"))?;
    crate::http::tour::may_tour(&state, &home, &customer, "Booking").await?;
    let booking = crate::http::tour::BookingRequest {
        date: request.date,
        time: request.time,
    };
    let booked = crate::http::tour::book_tour(&state, &home, &customer, &booking, "api").await?;
    Ok((axum::http::StatusCode::CREATED, Json(booked)))
}

#[utoipa::path(get, path = "/api/schedule_visit/{id}", tag = "scheduled visits", params(("id" = i64, Path)),
    responses((status = 200, body = ScheduledVisitDetail), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
/// One scheduled visit with its home's agents.
pub async fn detail(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
) -> ApiResult<Json<ScheduledVisitDetail>> {
    caller.require_console()?;
    db::scheduled_visits::detail(&state.db, &caller.scope, id)
        .await?
        .map(Json)
        .ok_or_else(ApiError::not_found)
}

#[utoipa::path(post, path = "/api/schedule_visit/delete", tag = "scheduled visits", request_body = Selection,
    responses((status = 200, body = MessageBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
/// Deletes the selected scheduled visits of the caller's builders.
pub async fn delete(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(request): JsonBody<Selection>,
) -> ApiResult<Json<MessageBody>> {
    caller.require_console()?;
    let delete =
        db::scheduled_visits::delete_in_scope(&state.db, &caller.scope, &request.selection);
    crate::http::delete_selected("selected", "scheduled visit", &request.selection, delete).await
}

impl ExportRow for ScheduledVisitRow {
    const LIST: &'static db::list::ListSpec = &SCHEDULED_VISITS;
    const FILE: &'static str = "scheduled-visits";
    const TITLE: &'static str = "Scheduled Visits";
    const HEADERS: &'static [&'static str] = &[
        "Id",
        "First Name",
        "Last Name",
        "Email",
        "Phone",
        "Status",
        "Visit Date",
        "Property Id",
        "Address",
        "Source",
        "Comments",
    ];
    fn cells(&self, cells: &mut exports::Cells) {
        cells
            .value(self.id)
            .text(&self.first_name)
            .text(&self.last_name)
            .maybe_text(&self.email)
            .maybe_text(&self.phone)
            .text(&self.status)
            .value(exports::ZonedTime(self.visit_date, Some(self.timezone)))
            .value(self.property_id)
            .text(
                [
                    self.house_num.as_deref().unwrap_or_default(),
                    &self.address_1,
                ]
                .join(" ")
                .trim(),
            )
            .text(&self.source)
            .maybe_text(&self.comments);
    }
}

crate::list_exports!(
    tag = "scheduled visits",
    row = ScheduledVisitRow,
    selection = Selection,
    keys = exports::int_keys,
    export = "/api/schedule_visit/export",
    export_all = "/api/schedule_visit/exportAll",
    print = "/api/schedule_visit/print"
);
