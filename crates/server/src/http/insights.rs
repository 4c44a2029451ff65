//! Insights (issue 21; the layout is ours): GET /insights, every chart of a range of days for
//! the caller's builders (or the chosen one) and, when asked, one community. docs/insights.md.

use std::collections::HashMap;

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use domain::insights::{CommunityInsight, Earnings, FunnelStage, TourCharts};
use domain::reports::ReportRange;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::QueryParams;
use crate::http::reports::ReportDates;
use crate::state::AppState;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/insights", get(insights))
        .route("/insights/profitCenter", get(profit_center))
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct InsightsChoice {
    /// The enterprise builder selection; 0 or none means all builders in scope.
    #[serde(
        rename = "builderId",
        default,
        deserialize_with = "crate::exports::number"
    )]
    pub builder_id: Option<i64>,
    /// One community of the caller's, or all.
    #[serde(
        rename = "communityId",
        default,
        deserialize_with = "crate::exports::number"
    )]
    pub community_id: Option<i64>,
}

/// What a page of figures is asked for: the range, the builders, the community (when one) and
/// the communities' lines to fill.
struct Chosen {
    range: ReportRange,
    scope: db::Scope,
    community: Option<i64>,
    lines: Vec<CommunityInsight>,
}

async fn chosen(
    state: &AppState,
    caller: &Caller,
    dates: &ReportDates,
    choice: &InsightsChoice,
) -> ApiResult<Chosen> {
    let range = dates.range(state.hardware.now())?;
    let scope = caller.scope.narrow(choice.builder_id);
    let community = choice.community_id.filter(|c| *c != 0);
    let lines = db::insights::communities(&state.db, &scope, community).await?;
    if community.is_some() && lines.is_empty() {
        return Err(ApiError::not_found());
    }
    Ok(Chosen {
        range,
        scope,
        community,
        lines,
    })
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Insights {
    #[serde(flatten)]
    pub charts: TourCharts,
    pub funnel: Vec<FunnelStage>,
    pub communities: Vec<CommunityInsight>,
}

#[utoipa::path(get, path = "/api/insights", tag = "reports", params(ReportDates, InsightsChoice),
    responses((status = 200, body = Insights), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
/// Tours over time, by weekday and hour, the funnel and each community's line, for the range.
pub async fn insights(
    State(state): State<AppState>,
    caller: Caller,
    QueryParams(dates): QueryParams<ReportDates>,
    QueryParams(choice): QueryParams<InsightsChoice>,
) -> ApiResult<Json<Insights>> {
    let Chosen {
        range,
        scope,
        community,
        mut lines,
    } = chosen(&state, &caller, &dates, &choice).await?;
    // The builders' tallies hold every community's visits; one community's are few enough to
    // read from its visits.
    let (days, by_hour) = match community {
        None => db::insights::tallied_days_and_hours(&state.db, &scope, &range).await?,
        Some(_) => {
            let hours = db::insights::visit_hours(&state.db, &scope, community, &range).await?;
            domain::insights::days_and_hours(&range, &hours)
        }
    };
    let events = db::insights::events_of(&state.db, &scope, community, &range).await?;
    db::insights::fill_lines(&state.db, &scope, community, &range, &mut lines).await?;
    Ok(Json(Insights {
        charts: domain::insights::tour_charts(&range, &days, &by_hour),
        funnel: domain::insights::funnel(
            events.registered,
            events.toured,
            events.offered,
            lines.iter().map(|line| line.sales).sum(),
        ),
        communities: lines,
    }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ProfitCenter {
    /// The builder's (or the chosen community's) sums; its community id is 0.
    pub total: Earnings,
    pub communities: Vec<Earnings>,
    /// Minutes of an agent's time each tour outside staff hours counts for.
    #[serde(rename = "showingMinutes")]
    pub showing_minutes: i64,
}

#[utoipa::path(get, path = "/api/insights/profitCenter", tag = "reports", params(ReportDates, InsightsChoice),
    responses((status = 200, body = ProfitCenter), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
/// What self-tours earned in the range: homes sold or rented after a tour and their value, days
/// on market of toured and untoured homes, and tours outside staffed hours, per community.
pub async fn profit_center(
    State(state): State<AppState>,
    caller: Caller,
    QueryParams(dates): QueryParams<ReportDates>,
    QueryParams(choice): QueryParams<InsightsChoice>,
) -> ApiResult<Json<ProfitCenter>> {
    let Chosen {
        range,
        scope,
        community,
        lines,
    } = chosen(&state, &caller, &dates, &choice).await?;
    let sales = db::insights::sales(&state.db, &scope, community, &range).await?;
    let outside =
        db::insights::tours_outside_staff_hours(&state.db, &scope, community, &range).await?;
    let mut sales_of: HashMap<i64, Vec<&domain::insights::Sale>> = HashMap::new();
    for sale in &sales {
        sales_of.entry(sale.community_id).or_default().push(sale);
    }
    let communities = lines
        .into_iter()
        .map(|line| {
            let id = line.community_id;
            let sold = sales_of.get(&id).map(Vec::as_slice).unwrap_or_default();
            Earnings {
                community_id: id,
                community: line.community,
                ..domain::insights::earnings(
                    sold.iter().copied(),
                    outside.get(&id).copied().unwrap_or(0),
                )
            }
        })
        .collect();
    Ok(Json(ProfitCenter {
        total: Earnings {
            community: "All communities".into(),
            ..domain::insights::earnings(sales.iter(), outside.values().sum())
        },
        communities,
        showing_minutes: domain::insights::SHOWING_MINUTES,
    }))
}
