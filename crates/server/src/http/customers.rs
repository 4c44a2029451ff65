//! Customers (spec 2 §2, §7): the list with its filters, Export, Print and Export All; a
//! customer's detail and the blacklist switch.

use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use db::customers::{CustomerDetail, CustomerFilter, CustomerRow, CUSTOMERS};
use db::list::Filters;
use db::Page;
use domain::catalog::{BLACKLISTED, NOT_BLACKLISTED, VISITOR_STATUSES, VISITOR_TYPES};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::exports::Selection;
use crate::exports::{self, ExportRow, ListParams};
use crate::extract::{JsonBody, Path, QueryParams};
use crate::state::AppState;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/customers", get(list))
        .route("/customers/export", post(export))
        .route("/customers/exportAll", post(export_all))
        .route("/customers/print", post(print))
        .route("/customers/{id}", get(detail).post(update))
        .route("/customers/{id}/selfie", get(selfie))
}

#[utoipa::path(get, path = "/api/customers/{id}/selfie", tag = "customers", params(("id" = i64, Path)),
    responses((status = 200, description = "The selfie, image/webp", content_type = "image/webp"),
        (status = 404, body = ErrorBody)),
    security(("bearer" = [])))]
/// The selfie the visitor took on the tour page, for the builder's staff only (never cached by
/// shared caches); 404 when there is none or the customer is another builder's.
pub async fn selfie(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
) -> ApiResult<axum::response::Response> {
    use axum::http::{header, HeaderValue};
    use axum::response::IntoResponse;
    caller.require_console()?;
    let key = db::customers::selfie_of(&state.db, &caller.scope, id)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let (bytes, content_type) = state
        .files
        .private()
        .read(&key)
        .await
        .ok_or_else(ApiError::not_found)?;
    let mut response = bytes.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-store"),
    );
    Ok(response)
}

/// The customers list's own filters (the spec's names).
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CustomerFilters {
    /// Blacklisted or Not blacklisted.
    #[serde(rename = "customerStatus")]
    pub customer_status: Option<String>,
    /// V, AG, TC or CL.
    #[serde(rename = "visitorType")]
    pub visitor_type: Option<String>,
    /// The status of the customer's last visit: Accessed, Deny, NA-I, NA-L, NA-T, NA-V or NC.
    #[serde(rename = "lastStatus")]
    pub last_status: Option<String>,
}

impl CustomerFilters {
    fn conditions(&self) -> ApiResult<Filters> {
        let mut filters = Filters::default();
        fn given(v: &Option<String>) -> Option<&str> {
            v.as_deref().map(str::trim).filter(|v| !v.is_empty())
        }
        if let Some(status) = given(&self.customer_status) {
            let id = match status {
                "Blacklisted" => BLACKLISTED,
                "Not blacklisted" => NOT_BLACKLISTED,
                other => {
                    return Err(ApiError::field(
                        "customerStatus",
                        format!("No customer status {other}"),
                    ))
                }
            };
            filters.with(CustomerFilter::VisitorStatus(id));
        }
        if let Some(kind) = given(&self.visitor_type) {
            let (id, _, _) = VISITOR_TYPES
                .iter()
                .find(|(_, name, _)| *name == kind)
                .ok_or_else(|| ApiError::field("visitorType", format!("No visitor type {kind}")))?;
            filters.with(CustomerFilter::VisitorType(*id));
        }
        if let Some(last) = given(&self.last_status) {
            // The visit statuses are the catalogue's after the two blacklist values.
            let (id, _, _) = VISITOR_STATUSES
                .iter()
                .filter(|(id, _, _)| *id != BLACKLISTED && *id != NOT_BLACKLISTED)
                .find(|(_, name, _)| *name == last)
                .ok_or_else(|| ApiError::field("lastStatus", format!("No visit status {last}")))?;
            filters.with(CustomerFilter::LastVisitStatus(*id));
        }
        Ok(filters)
    }
}

#[utoipa::path(get, path = "/api/customers", tag = "customers", params(ListParams, CustomerFilters),
    responses((status = 200, body = Page<CustomerRow>), (status = 422, body = ErrorBody)), security(("bearer" = [])))]
/// The customers of the caller's builders, newest last visit first.
pub async fn list(
    State(state): State<AppState>,
    caller: Caller,
    QueryParams(params): QueryParams<ListParams>,
    QueryParams(filters): QueryParams<CustomerFilters>,
) -> ApiResult<Json<Page<CustomerRow>>> {
    caller.require_console()?;
    let (mut query, scope) = params.check(&CUSTOMERS, &caller.scope)?;
    query.filters = filters.conditions()?;
    let page = CUSTOMERS
        .page::<CustomerRow>(&state.db, &scope, &query)
        .await?;
    Ok(Json(page.map(CustomerRow::zoned)))
}

#[utoipa::path(get, path = "/api/customers/{id}", tag = "customers", params(("id" = i64, Path)),
    responses((status = 200, body = CustomerDetail), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
/// A customer of the caller's builders: profile, visits (newest first) and survey answers.
pub async fn detail(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
) -> ApiResult<Json<CustomerDetail>> {
    caller.require_console()?;
    Ok(Json(customer(&state, &caller, id).await?))
}

async fn customer(state: &AppState, caller: &Caller, id: i64) -> ApiResult<CustomerDetail> {
    db::customers::detail(&state.db, &caller.scope, id)
        .await?
        .ok_or_else(ApiError::not_found)
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct CustomerUpdate {
    /// The customer of the path, when given.
    #[serde(default)]
    pub customer_id: Option<i64>,
    /// 155 blacklists the customer, 154 lifts it.
    pub visitor_status_id: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CustomerUpdated {
    pub message: String,
    pub customer: CustomerDetail,
}

#[utoipa::path(post, path = "/api/customers/{id}", tag = "customers", params(("id" = i64, Path)),
    request_body = CustomerUpdate,
    responses((status = 200, body = CustomerUpdated), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
/// The blacklist switch: a blacklisted customer (155) is refused tours; 154 lifts it.
pub async fn update(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
    JsonBody(input): JsonBody<CustomerUpdate>,
) -> ApiResult<Json<CustomerUpdated>> {
    caller.require_console()?;
    if input.customer_id.is_some_and(|given| given != id) {
        return Err(ApiError::field(
            "customer_id",
            "The customer does not match the address",
        ));
    }
    if ![BLACKLISTED, NOT_BLACKLISTED].contains(&input.visitor_status_id) {
        return Err(ApiError::field(
            "visitor_status_id",
            format!("The visitor status must be {BLACKLISTED} (blacklisted) or {NOT_BLACKLISTED} (not blacklisted)"),
        ));
    }
    if !db::customers::set_visitor_status(&state.db, &caller.scope, id, input.visitor_status_id)
        .await?
    {
        return Err(ApiError::not_found());
    }
    Ok(Json(CustomerUpdated {
        message: "Updated successfully".into(),
        customer: customer(&state, &caller, id).await?,
    }))
}

impl ExportRow for CustomerRow {
    const LIST: &'static db::list::ListSpec = &CUSTOMERS;
    const FILE: &'static str = "customers";
    const TITLE: &'static str = "Customers";
    const HEADERS: &'static [&'static str] = &[
        "Customer ID",
        "First Name",
        "Last Name",
        "Email",
        "Phone",
        "Contact Status",
        "Visitor Type",
        "Visits",
        "Last Visit",
        "Created On",
        "Last Visited Property",
        "Last Visit Status",
        "Customer Status",
    ];
    fn cells(&self, cells: &mut exports::Cells) {
        let at = |t| exports::ZonedTime(t, self.timezone);
        cells
            .value(self.customer_id)
            .text(&self.firstname)
            .text(&self.lastname)
            .maybe_text(&self.email_1)
            .maybe_text(&self.cell_phone_1)
            .text(&self.visitor_contact_status_id_value)
            .text(&self.visitor_type_id_value)
            .value(self.visits_count)
            .maybe_value(self.last_visit_date.map(at))
            .value(at(self.created_on))
            .maybe_value(self.last_visit_property_id)
            .maybe_text(&self.last_visit_status)
            .text(&self.visitor_status_id_value);
    }
}

crate::list_exports!(
    tag = "customers",
    row = CustomerRow,
    filters = CustomerFilters,
    selection = Selection,
    keys = exports::int_keys,
    export = "/api/customers/export",
    export_all = "/api/customers/exportAll",
    print = "/api/customers/print"
);
