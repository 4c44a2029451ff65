//! Reports (spec 3, Reports): the property tour report, the visit report and the market
//! report, each for a range of days (startDate, endDate) with its list, Export, Print and Export
//! All. Every figure is computed from the recorded visits and the homes' history
//! (docs/reports.md).

use std::future::Future;
use std::sync::Arc;

use axum::routing::{get, post};
use axum::Router;
use chrono::{DateTime, Duration, Utc};
use db::list::{Beside, Filters};
use db::reports::{
    MarketReportRow, MissedTours, PropertyTourRow, VisitReportRow, MARKET_REPORT, PROPERTY_TOURS,
    VISIT_REPORT,
};
use db::{Db, Scope};
use domain::reports::ReportRange;
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::exports::{self, ExportAllRequest, ExportRow, ListParams};
use crate::state::AppState;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/properties/tourReport", get(property_tours::list))
        .route(
            "/properties/tourReport/export",
            post(property_tours::export),
        )
        .route(
            "/properties/tourReport/exportAll",
            post(property_tours::export_all),
        )
        .route("/properties/tourReport/print", post(property_tours::print))
        .route("/visits/report", get(visit_report::list))
        .route("/visits/report/export", post(visit_report::export))
        .route("/visits/report/exportAll", post(visit_report::export_all))
        .route("/visits/report/print", post(visit_report::print))
        .route("/properties/marketReport", get(market_report::list))
        .route(
            "/properties/marketReport/export",
            post(market_report::export),
        )
        .route(
            "/properties/marketReport/exportAll",
            post(market_report::export_all),
        )
        .route("/properties/marketReport/print", post(market_report::print))
}

/// The report's days, each in its home's time zone: yyyy-MM-dd (or an ISO timestamp's day, or
/// MM/dd/yyyy).
#[derive(Debug, Default, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
pub struct ReportDates {
    /// The first day.
    #[serde(rename = "startDate")]
    pub start_date: Option<String>,
    /// The last day, at most today.
    #[serde(rename = "endDate")]
    pub end_date: Option<String>,
}

impl ReportDates {
    /// The checked range. Today is the latest day on any clock (UTC+14), so no one's today is
    /// refused.
    pub fn range(&self, now: DateTime<Utc>) -> ApiResult<ReportRange> {
        let today = (now + Duration::hours(14)).date_naive();
        ReportRange::check(self.start_date.as_deref(), self.end_date.as_deref(), today)
            .map_err(|e| ApiError::field(e.field, e.message))
    }
}

/// Export and Print: the selected rows (homes or communities) and the report's days.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ReportSelection {
    #[serde(alias = "selected")]
    pub selection: Vec<i64>,
    #[serde(flatten)]
    #[schema(inline)]
    pub dates: ReportDates,
}

/// A report: a list whose rows' figures are computed for the range once the rows are read.
pub trait Report: ExportRow + serde::Serialize {
    /// What the figures need beside the rows' own, read once for all the rows of a page, a
    /// selection or a whole export (the visit report's missed tours).
    type Shared: Default + Send + Sync + 'static;

    /// Narrows the list to the range, where its rows are events (the market report's sales).
    fn filters(_range: &ReportRange) -> Filters {
        Filters::default()
    }

    /// What its Export All reads beside each row of the list (its running totals), so that
    /// the batches need not look them up.
    fn beside(_db: &Db, _range: &ReportRange) -> Option<Beside> {
        None
    }

    fn shared(
        _db: &Db,
        _scope: &Scope,
        _range: &ReportRange,
        _now: DateTime<Utc>,
    ) -> impl Future<Output = db::Result<Self::Shared>> + Send {
        async { Ok(Self::Shared::default()) }
    }

    fn complete(
        db: Db,
        range: ReportRange,
        shared: Arc<Self::Shared>,
        rows: Vec<Self>,
    ) -> impl Future<Output = db::Result<Vec<Self>>> + Send;
}

impl Report for PropertyTourRow {
    type Shared = ();

    fn beside(_db: &Db, range: &ReportRange) -> Option<Beside> {
        Some(db::reports::property_tours_beside(range))
    }

    async fn complete(
        db: Db,
        range: ReportRange,
        _shared: Arc<()>,
        mut rows: Vec<Self>,
    ) -> db::Result<Vec<Self>> {
        db::reports::complete_property_tours(&db, &range, &mut rows).await?;
        Ok(rows)
    }
}

impl Report for VisitReportRow {
    type Shared = MissedTours;

    fn beside(db: &Db, range: &ReportRange) -> Option<Beside> {
        Some(db::reports::visit_report_beside(db, range))
    }

    async fn shared(
        db: &Db,
        scope: &Scope,
        range: &ReportRange,
        now: DateTime<Utc>,
    ) -> db::Result<MissedTours> {
        MissedTours::read(db, scope, range, now).await
    }

    async fn complete(
        db: Db,
        range: ReportRange,
        missed: Arc<MissedTours>,
        mut rows: Vec<Self>,
    ) -> db::Result<Vec<Self>> {
        db::reports::complete_visit_report(&db, &range, &missed, &mut rows).await?;
        Ok(rows)
    }
}

impl Report for MarketReportRow {
    type Shared = ();

    fn filters(range: &ReportRange) -> Filters {
        let mut filters = Filters::default();
        filters.with(db::reports::SoldIn(*range));
        filters
    }

    async fn complete(
        _db: Db,
        _range: ReportRange,
        _shared: Arc<()>,
        mut rows: Vec<Self>,
    ) -> db::Result<Vec<Self>> {
        db::reports::complete_market_report(&mut rows);
        Ok(rows)
    }
}

impl ExportRow for PropertyTourRow {
    const LIST: &'static db::list::ListSpec = &PROPERTY_TOURS;
    const FILE: &'static str = "properties_tourReport";
    const TITLE: &'static str = "Tours Per Property Report";
    const HEADERS: &'static [&'static str] = &[
        "Property Id",
        "Community",
        "Address",
        "Lot #",
        "Marketing Name",
        "Tours",
        "Avg Tours Per Day",
        "Repeat Visitors",
        "Days Since Activation",
        "Days Since Last Tour",
        "Top Toured Day",
        "Top Toured Hour",
    ];
    fn cells(&self, cells: &mut exports::Cells) {
        let f = &self.figures;
        cells
            .value(self.property_id)
            .text(&self.community_name)
            .text(&self.address_1)
            .maybe_text(&self.lot_num)
            .maybe_text(&self.marketing_name)
            .value(f.no_of_tours)
            .value(format_args!("{:.2}", f.avg_tours_per_day))
            .value(f.no_of_repeat_visitors)
            .maybe_value(f.days_since_activation)
            .maybe_value(f.days_since_last_tour)
            .maybe_text(&f.top_toured_day)
            .maybe_text(&f.top_toured_hour);
    }
}

impl ExportRow for VisitReportRow {
    const LIST: &'static db::list::ListSpec = &VISIT_REPORT;
    const FILE: &'static str = "visits-report";
    const TITLE: &'static str = "Visit Report";
    const HEADERS: &'static [&'static str] = &[
        "Community",
        "Visits",
        "Web Tours",
        "App Tours",
        "Call Tours",
        "Missed Tours",
        "Properties Per Customer",
        "Top Tour Day",
        "Top Tour Time",
    ];
    fn cells(&self, cells: &mut exports::Cells) {
        let f = &self.figures;
        cells
            .text(&self.community)
            .value(f.visits)
            .value(f.web_tours)
            .value(f.app_tours)
            .value(f.call_tours)
            .value(f.missed_tours)
            .value(format_args!("{:.2}", f.properties_per_customer))
            .maybe_text(&f.top_tour_day_of_week)
            .maybe_text(&f.top_tour_time);
    }
}

impl ExportRow for MarketReportRow {
    const LIST: &'static db::list::ListSpec = &MARKET_REPORT;
    const FILE: &'static str = "market-report";
    const TITLE: &'static str = "Market Report";
    const HEADERS: &'static [&'static str] = &[
        "Property Id",
        "Address",
        "Lot #",
        "Community",
        "Marketing Name",
        "Sale Date",
        "Days Before Sale",
        "Visits",
    ];
    fn cells(&self, cells: &mut exports::Cells) {
        cells
            .value(self.property_id)
            .text(&self.address)
            .maybe_text(&self.lot_number)
            .text(&self.community_name)
            .maybe_text(&self.marketing_name)
            .text(&self.sale_date)
            .maybe_value(self.days_before_sale)
            .value(self.visits);
    }
}

/// One page of a report, its figures computed.
pub async fn page<R: Report>(
    state: &AppState,
    caller: &Caller,
    params: &ListParams,
    dates: &ReportDates,
) -> ApiResult<db::list::Page<R>> {
    caller.require_console()?;
    let now = state.hardware.now();
    let range = dates.range(now)?;
    let (mut query, scope) = params.check(R::LIST, &caller.scope)?;
    query.filters = R::filters(&range);
    let page = R::LIST.page::<R>(&state.db, &scope, &query).await?;
    let shared = R::shared(&state.db, &scope, &range, now).await?;
    let data = R::complete(state.db.clone(), range, Arc::new(shared), page.data).await?;
    Ok(db::list::Page {
        data,
        total: page.total,
    })
}

/// The selected rows of a report within the caller's scope, their figures computed.
pub async fn selected<R: Report>(
    state: &AppState,
    caller: &Caller,
    request: &ReportSelection,
) -> ApiResult<Vec<R>> {
    caller.require_console()?;
    let now = state.hardware.now();
    let range = request.dates.range(now)?;
    let keys = exports::int_keys(&request.selection);
    // The market report's rows are its range's sales: a home sold on another day is not one.
    let rows = R::LIST
        .selected_filtered::<R>(&state.db, &caller.scope, &keys, R::filters(&range))
        .await?;
    let shared = R::shared(&state.db, &caller.scope, &range, now).await?;
    Ok(R::complete(state.db.clone(), range, Arc::new(shared), rows).await?)
}

/// Export All of a report: every row of its filtered list, figures computed a batch at a time.
pub fn export_all<R: Report>(
    state: &AppState,
    caller: &Caller,
    request: &ExportAllRequest,
) -> ApiResult<axum::response::Response> {
    caller.require_console()?;
    let now = state.hardware.now();
    let range = request.filters::<ReportDates>()?.range(now)?;
    let db = state.db.clone();
    let scope = Arc::new(caller.scope.clone());
    // Read once, beside the list's query; the batches wait for it and share it. Should that
    // read fail, the first batch reads it again and fails the export with its error.
    let shared = Arc::new(tokio::sync::OnceCell::new());
    let read_shared = move || {
        let (db, scope, shared) = (db.clone(), scope.clone(), shared.clone());
        async move {
            let read = shared.get_or_try_init(|| async {
                R::shared(&db, &scope, &range, now).await.map(Arc::new)
            });
            let read = read.await?.clone();
            db::Result::Ok((db, read))
        }
    };
    tokio::spawn(read_shared());
    exports::export_all_completed::<R, _, _>(
        &state.db,
        &caller.scope,
        request,
        R::filters(&range),
        R::beside(&state.db, &range),
        move |rows| {
            let shared = read_shared();
            async move {
                let (db, shared) = shared.await?;
                R::complete(db, range, shared, rows).await
            }
        },
    )
}

/// The four documented calls of a report, each a thin wrapper of the generic ones above.
macro_rules! report_calls {
    (row = $row:ty, page = $page:ident, tag = $tag:literal, list = $list:literal,
     export = $export:literal, export_all = $export_all:literal, print = $print:literal) => {
        use axum::extract::State;
        use axum::Json;
        use serde::Serialize;
        use utoipa::ToSchema;

        use super::{ReportDates, ReportSelection};
        use crate::auth::Caller;
        use crate::error::{ApiResult, ErrorBody};
        use crate::exports::{self, ExportAllRequest, ListParams};
        use crate::extract::{JsonBody, QueryParams};
        use crate::state::AppState;

        #[derive(Debug, Serialize, ToSchema)]
        pub struct $page {
            pub data: Vec<$row>,
            pub total: i64,
            /// The same count, under the report's own name.
            #[serde(rename = "totalCount")]
            pub total_count: i64,
        }

        #[utoipa::path(get, path = $list, tag = $tag, params(ListParams, ReportDates),
            responses((status = 200, body = $page), (status = 422, body = ErrorBody)), security(("bearer" = [])))]
        pub async fn list(
            State(state): State<AppState>,
            caller: Caller,
            QueryParams(params): QueryParams<ListParams>,
            QueryParams(dates): QueryParams<ReportDates>,
        ) -> ApiResult<Json<$page>> {
            let page = super::page::<$row>(&state, &caller, &params, &dates).await?;
            Ok(Json($page {
                total_count: page.total,
                total: page.total,
                data: page.data,
            }))
        }

        #[utoipa::path(post, path = $export, tag = $tag, request_body = ReportSelection,
            responses((status = 200, content_type = "text/csv", body = String), (status = 422, body = ErrorBody)),
            security(("bearer" = [])))]
        pub async fn export(
            State(state): State<AppState>,
            caller: Caller,
            JsonBody(request): JsonBody<ReportSelection>,
        ) -> ApiResult<axum::response::Response> {
            let rows = super::selected::<$row>(&state, &caller, &request).await?;
            Ok(exports::csv_of_rows(&rows))
        }

        #[utoipa::path(post, path = $print, tag = $tag, request_body = ReportSelection,
            responses((status = 200, content_type = "application/pdf", body = String), (status = 422, body = ErrorBody)),
            security(("bearer" = [])))]
        pub async fn print(
            State(state): State<AppState>,
            caller: Caller,
            JsonBody(request): JsonBody<ReportSelection>,
        ) -> ApiResult<axum::response::Response> {
            let rows = super::selected::<$row>(&state, &caller, &request).await?;
            Ok(exports::pdf_of_rows(&rows))
        }

        #[utoipa::path(post, path = $export_all, tag = $tag, request_body = ExportAllRequest,
            responses((status = 200, content_type = "text/csv", body = String), (status = 422, body = ErrorBody)),
            security(("bearer" = [])))]
        pub async fn export_all(
            State(state): State<AppState>,
            caller: Caller,
            JsonBody(request): JsonBody<ExportAllRequest>,
        ) -> ApiResult<axum::response::Response> {
            super::export_all::<$row>(&state, &caller, &request)
        }
    };
}

pub mod property_tours {
    report_calls!(
        row = db::reports::PropertyTourRow,
        page = PropertyTourReport,
        tag = "reports",
        list = "/api/properties/tourReport",
        export = "/api/properties/tourReport/export",
        export_all = "/api/properties/tourReport/exportAll",
        print = "/api/properties/tourReport/print"
    );
}

pub mod visit_report {
    report_calls!(
        row = db::reports::VisitReportRow,
        page = VisitReport,
        tag = "reports",
        list = "/api/visits/report",
        export = "/api/visits/report/export",
        export_all = "/api/visits/report/exportAll",
        print = "/api/visits/report/print"
    );
}

pub mod market_report {
    report_calls!(
        row = db::reports::MarketReportRow,
        page = MarketReport,
        tag = "reports",
        list = "/api/properties/marketReport",
        export = "/api/properties/marketReport/export",
        export_all = "/api/properties/marketReport/exportAll",
        print = "/api/properties/marketReport/print"
    );
}
