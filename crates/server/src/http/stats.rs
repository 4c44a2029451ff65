//! The dashboard's figures (spec 1: Dashboard, §7): counts for the stats cards, visit series for
//! the charts, and the recent visits list. Windows end now; the cards cover the last 30 days.

use crate::extract::Path;
use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::QueryParams;
use crate::state::AppState;

pub const WINDOW_DAYS: i64 = 30;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/stats/allVisits", get(all_visits))
        .route("/stats/allProperties", get(all_properties))
        .route("/stats/soldProprties/{id}", get(sold_properties))
        .route("/stats/weeklyVisits", get(weekly_visits))
        .route("/stats/monthlyVisits", get(monthly_visits))
        .route("/stats/yearlyVisits", get(yearly_visits))
        .route("/visits/contractorsVisits", get(contractors_visits))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StatsQuery {
    /// A builder of the caller's, 0 or none for all of them.
    #[serde(rename = "builderId")]
    pub builder_id: Option<i64>,
    /// Start of the window (yyyy-MM-dd or an RFC 3339 time); default 30 days before its end.
    pub from: Option<String>,
    /// End of the window (exclusive); default the end of today (UTC), so the default window is
    /// today and the 29 days before, the days of the Daily Visits chart.
    pub to: Option<String>,
    /// A property status by name (allProperties); default Accessible.
    pub status: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Count {
    pub count: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SeriesPoint {
    /// The day (yyyy-MM-dd) or month (yyyy-MM).
    pub date: String,
    /// Sunday to Saturday, for days.
    pub name_of_day: Option<String>,
    /// January to December, for months.
    pub name_of_month: Option<String>,
    pub visit_count: i64,
}

fn parse_time(text: &str, field: &str) -> ApiResult<DateTime<Utc>> {
    if let Ok(t) = DateTime::parse_from_rfc3339(text) {
        return Ok(t.with_timezone(&Utc));
    }
    NaiveDate::parse_from_str(text, "%Y-%m-%d")
        .map(|d| d.and_hms_opt(0, 0, 0).expect("midnight exists").and_utc())
        .map_err(|_| ApiError::field(field, "Use a date like 2026-11-21"))
}

impl StatsQuery {
    fn window(&self) -> ApiResult<(DateTime<Utc>, DateTime<Utc>)> {
        let to = match self.to.as_deref().filter(|t| !t.is_empty()) {
            Some(t) => parse_time(t, "to")?,
            None => (Utc::now().date_naive() + Duration::days(1))
                .and_hms_opt(0, 0, 0)
                .expect("midnight exists")
                .and_utc(),
        };
        let from = match self.from.as_deref().filter(|t| !t.is_empty()) {
            Some(f) => parse_time(f, "from")?,
            None => to - Duration::days(WINDOW_DAYS),
        };
        if from > to {
            return Err(ApiError::field(
                "from",
                "Start date cannot be later than end date",
            ));
        }
        Ok((from, to))
    }
}

fn scope(caller: &Caller, builder_id: Option<i64>) -> ApiResult<db::Scope> {
    caller.require_console()?;
    Ok(caller.scope.narrow(builder_id))
}

#[utoipa::path(get, path = "/api/stats/allVisits", tag = "dashboard", params(StatsQuery),
    responses((status = 200, body = Count), (status = 422, body = ErrorBody)), security(("bearer" = [])))]
pub async fn all_visits(
    State(state): State<AppState>,
    caller: Caller,
    QueryParams(q): QueryParams<StatsQuery>,
) -> ApiResult<Json<Count>> {
    let (from, to) = q.window()?;
    let count =
        db::visits::count(&state.db, &scope(&caller, q.builder_id)?, from, to, None).await?;
    Ok(Json(Count { count }))
}

#[utoipa::path(get, path = "/api/visits/contractorsVisits", tag = "dashboard", params(StatsQuery),
    responses((status = 200, body = Count), (status = 422, body = ErrorBody)), security(("bearer" = [])))]
pub async fn contractors_visits(
    State(state): State<AppState>,
    caller: Caller,
    QueryParams(q): QueryParams<StatsQuery>,
) -> ApiResult<Json<Count>> {
    let (from, to) = q.window()?;
    let trade = domain::catalog::VISITOR_TYPES
        .iter()
        .find(|t| t.1 == "TC")
        .map(|t| t.0);
    let count =
        db::visits::count(&state.db, &scope(&caller, q.builder_id)?, from, to, trade).await?;
    Ok(Json(Count { count }))
}

#[utoipa::path(get, path = "/api/stats/allProperties", tag = "dashboard", params(StatsQuery),
    responses((status = 200, body = Count), (status = 422, body = ErrorBody)), security(("bearer" = [])))]
pub async fn all_properties(
    State(state): State<AppState>,
    caller: Caller,
    QueryParams(q): QueryParams<StatsQuery>,
) -> ApiResult<Json<Count>> {
    let name = q.status.clone().unwrap_or_else(|| "Accessible".into());
    let disposition = domain::catalog::DISPOSITIONS
        .iter()
        .find(|d| d.name == name)
        .ok_or_else(|| ApiError::field("status", format!("No status {name}")))?;
    let count =
        db::visits::count_properties(&state.db, &scope(&caller, q.builder_id)?, disposition.id)
            .await?;
    Ok(Json(Count { count }))
}

#[utoipa::path(get, path = "/api/stats/soldProprties/{id}", tag = "dashboard", params(("id" = i64, Path, description = "builder id, 0 for all")),
    responses((status = 200, body = Count), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
pub async fn sold_properties(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
) -> ApiResult<Json<Count>> {
    if id != 0 && !caller.scope.allows(id) {
        return Err(ApiError::not_found());
    }
    let since = Utc::now() - Duration::days(WINDOW_DAYS);
    let count =
        db::visits::count_closed_since(&state.db, &scope(&caller, Some(id))?, since).await?;
    Ok(Json(Count { count }))
}

use domain::hours::DAY_NAMES as WEEKDAYS;
const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// Daily points for the last `days` days (today included), zero where nothing happened.
async fn daily(
    state: &AppState,
    caller: &Caller,
    builder_id: Option<i64>,
    days: i64,
) -> ApiResult<Vec<SeriesPoint>> {
    let today = Utc::now().date_naive();
    let first = today - Duration::days(days - 1);
    let counts = db::visits::series(
        &state.db,
        &scope(caller, builder_id)?,
        first,
        today + Duration::days(1),
    )
    .await?;
    Ok((0..days)
        .map(|i| {
            let day = first + Duration::days(i);
            let date = day.format("%Y-%m-%d").to_string();
            let visit_count = counts
                .iter()
                .find(|(d, _)| *d == day)
                .map(|(_, c)| *c)
                .unwrap_or(0);
            let name = WEEKDAYS[day.weekday().num_days_from_sunday() as usize];
            SeriesPoint {
                date,
                name_of_day: Some(name.into()),
                name_of_month: None,
                visit_count,
            }
        })
        .collect())
}

#[utoipa::path(get, path = "/api/stats/weeklyVisits", tag = "dashboard", params(StatsQuery),
    responses((status = 200, body = [SeriesPoint])), security(("bearer" = [])))]
pub async fn weekly_visits(
    State(state): State<AppState>,
    caller: Caller,
    QueryParams(q): QueryParams<StatsQuery>,
) -> ApiResult<Json<Vec<SeriesPoint>>> {
    Ok(Json(daily(&state, &caller, q.builder_id, 7).await?))
}

#[utoipa::path(get, path = "/api/stats/monthlyVisits", tag = "dashboard", params(StatsQuery),
    responses((status = 200, body = [SeriesPoint])), security(("bearer" = [])))]
pub async fn monthly_visits(
    State(state): State<AppState>,
    caller: Caller,
    QueryParams(q): QueryParams<StatsQuery>,
) -> ApiResult<Json<Vec<SeriesPoint>>> {
    Ok(Json(
        daily(&state, &caller, q.builder_id, WINDOW_DAYS).await?,
    ))
}

#[utoipa::path(get, path = "/api/stats/yearlyVisits", tag = "dashboard", params(StatsQuery),
    responses((status = 200, body = [SeriesPoint])), security(("bearer" = [])))]
pub async fn yearly_visits(
    State(state): State<AppState>,
    caller: Caller,
    QueryParams(q): QueryParams<StatsQuery>,
) -> ApiResult<Json<Vec<SeriesPoint>>> {
    let today = Utc::now().date_naive();
    let month_start = |year: i32, month: u32| {
        NaiveDate::from_ymd_opt(year, month, 1).expect("a first of the month")
    };
    // Twelve months ending with the current one.
    let months: Vec<NaiveDate> = (0..12)
        .map(|i| {
            let index = today.year() * 12 + today.month0() as i32 - 11 + i;
            month_start(index.div_euclid(12), index.rem_euclid(12) as u32 + 1)
        })
        .collect();
    let counts = db::visits::series(
        &state.db,
        &scope(&caller, q.builder_id)?,
        months[0],
        today + Duration::days(1),
    )
    .await?;
    Ok(Json(
        months
            .into_iter()
            .map(|m| {
                let date = m.format("%Y-%m").to_string();
                let visit_count = counts
                    .iter()
                    .filter(|(d, _)| d.year() == m.year() && d.month() == m.month())
                    .map(|(_, c)| *c)
                    .sum();
                SeriesPoint {
                    date,
                    name_of_day: None,
                    name_of_month: Some(MONTHS[m.month0() as usize].into()),
                    visit_count,
                }
            })
            .collect(),
    ))
}
