//! Insights: the rows the charts are folded from, read for the builders in scope (and one
//! community, when chosen) between the instants that hold the range in every zone; the exact
//! days are kept on each home's clock by `domain::insights`.

use chrono::{DateTime, NaiveDateTime, Utc};
use domain::insights::{CommunityInsight, VisitHour};
use domain::reports::ReportRange;

use crate::{on_pool, Db, Result, Scope};

/// The condition on `p` (a home) for the scope and the chosen community.
fn homes(scope: &Scope, community: Option<i64>) -> String {
    let mut condition = scope.condition("p.builder_id");
    if let Some(community) = community {
        condition.push_str(&format!(" AND p.community_id = {community}"));
    }
    condition
}

/// The hour a visit began, truncated, as text both dialects write alike.
fn hour_of(db: &Db, column: &str) -> String {
    match db {
        Db::Sqlite(_) => format!("strftime('%Y-%m-%dT%H:00:00', {column})"),
        Db::Postgres(_) => {
            format!("to_char({column} AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:00:00')")
        }
    }
}

fn parse_hour(text: &str) -> Option<DateTime<Utc>> {
    NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M:%S")
        .ok()
        .map(|t| t.and_utc())
}

/// The rows of `sql` between the instants that hold the range in every zone (`$1`, `$2`), with
/// `$3` the status of a tour (Accessed).
async fn tour_rows<T: crate::list::Row>(db: &Db, sql: &str, range: &ReportRange) -> Result<Vec<T>> {
    let (from, to) = range.widest();
    on_pool!(db, |pool| sqlx::query_as(sql)
        .bind(from)
        .bind(to)
        .bind(crate::visits::status_id("Accessed"))
        .fetch_all(pool)
        .await)
}

/// The visits of the range's instants, counted by community, zone, UTC hour and whether the
/// door opened.
pub async fn visit_hours(
    db: &Db,
    scope: &Scope,
    community: Option<i64>,
    range: &ReportRange,
) -> Result<Vec<VisitHour>> {
    let sql = format!(
        "SELECT p.community_id, p.timezone, {hour} AS hour, v.visit_status_id = $3 AS toured, COUNT(*) \
         FROM customer_visits v JOIN properties p ON p.property_id = v.property_id \
         WHERE {homes} AND v.visited_on >= $1 AND v.visited_on < $2 \
         GROUP BY p.community_id, p.timezone, {hour}, v.visit_status_id = $3",
        hour = hour_of(db, "v.visited_on"),
        homes = homes(scope, community)
    );
    let rows: Vec<(i64, i64, String, bool, i64)> = tour_rows(db, &sql, range).await?;
    Ok(rows
        .into_iter()
        .filter_map(|(community_id, timezone, hour, toured, visits)| {
            Some(VisitHour {
                community_id,
                timezone,
                hour: parse_hour(&hour)?,
                toured,
                visits,
            })
        })
        .collect())
}

/// Rows of (community, customer, instant, the home's zone) of `what` (an SQL select of those
/// four columns from `p` joined to its rows) in the range, kept to the range's days.
async fn events(db: &Db, sql: &str, range: &ReportRange) -> Result<Vec<(i64, i64)>> {
    let (from, to) = range.widest();
    let rows: Vec<(i64, i64, DateTime<Utc>, i64)> = on_pool!(db, |pool| sqlx::query_as(sql)
        .bind(from)
        .bind(to)
        .fetch_all(pool)
        .await)?;
    Ok(rows
        .into_iter()
        .filter(|(_, _, at, zone)| range.holds(*at, *zone))
        .map(|(community, who, _, _)| (community, who))
        .collect())
}

/// Everything the funnel and the communities' lines need beyond the visit hours.
pub struct Events {
    /// (community, customer) of each tour.
    pub tours: Vec<(i64, i64)>,
    /// (community, customer) of each offer.
    pub offers: Vec<(i64, i64)>,
    /// (community, home) of each home sold or rented after a tour.
    pub sales: Vec<(i64, i64)>,
    /// Visitors registered in the range (who visited the chosen community, when one is).
    pub registered: i64,
}

pub async fn events_of(
    db: &Db,
    scope: &Scope,
    community: Option<i64>,
    range: &ReportRange,
) -> Result<Events> {
    let homes = homes(scope, community);
    let accessed = crate::visits::status_id("Accessed");
    let tours = events(
        db,
        &format!(
            "SELECT p.community_id, v.customer_id, v.visited_on, p.timezone \
             FROM customer_visits v JOIN properties p ON p.property_id = v.property_id \
             WHERE {homes} AND v.visit_status_id = {accessed} AND v.visited_on >= $1 AND v.visited_on < $2"
        ),
        range,
    )
    .await?;
    let offers = events(
        db,
        &format!(
            "SELECT p.community_id, o.customer_id, o.created_on, p.timezone \
             FROM offers o JOIN properties p ON p.property_id = o.property_id \
             WHERE {homes} AND o.created_on >= $1 AND o.created_on < $2"
        ),
        range,
    )
    .await?;
    let sales = events(
        db,
        &format!(
            "SELECT p.community_id, p.property_id, p.disposition_on, p.timezone FROM properties p \
             WHERE {homes} AND p.disposition_id IN (13, 14) AND p.disposition_on >= $1 AND p.disposition_on < $2 \
             AND EXISTS (SELECT 1 FROM customer_visits v WHERE v.property_id = p.property_id \
             AND v.visit_status_id = {accessed} AND v.visited_on <= p.disposition_on)"
        ),
        range,
    )
    .await?;
    // Registrations are the builder's: read on its clock.
    let visited = match community {
        Some(community) => format!(
            " AND EXISTS (SELECT 1 FROM customer_visits v JOIN properties p ON p.property_id = v.property_id \
             WHERE v.customer_id = c.customer_id AND p.community_id = {community})"
        ),
        None => String::new(),
    };
    let registered = events(
        db,
        &format!(
            "SELECT CAST(0 AS BIGINT), c.customer_id, c.created_on, b.timezone FROM customers c \
             JOIN builders b ON b.builder_id = c.builder_id \
             WHERE {} AND c.created_on >= $1 AND c.created_on < $2{visited}",
            scope.condition("c.builder_id")
        ),
        range,
    )
    .await?
    .len() as i64;
    Ok(Events {
        tours,
        offers,
        sales,
        registered,
    })
}

/// The communities in scope (or the chosen one), by name, each with a line to fill.
pub async fn communities(
    db: &Db,
    scope: &Scope,
    community: Option<i64>,
) -> Result<Vec<CommunityInsight>> {
    let mut condition = scope.condition("m.builder_id");
    if let Some(community) = community {
        condition.push_str(&format!(" AND m.id = {community}"));
    }
    let sql = format!(
        "SELECT m.id, m.name FROM communities m WHERE {condition} ORDER BY lower(m.name), m.id"
    );
    let rows: Vec<(i64, String)> = on_pool!(db, |pool| sqlx::query_as(&sql).fetch_all(pool).await)?;
    Ok(rows
        .into_iter()
        .map(|(community_id, community)| CommunityInsight {
            community_id,
            community,
            ..Default::default()
        })
        .collect())
}

/// The homes sold or rented on the range's days, with whether a tour came before and their
/// days from activation to sale (docs/insights.md).
pub async fn sales(
    db: &Db,
    scope: &Scope,
    community: Option<i64>,
    range: &ReportRange,
) -> Result<Vec<domain::insights::Sale>> {
    let sql = format!(
        "SELECT p.community_id, p.price_cents, p.disposition_on, p.timezone, \
         EXISTS (SELECT 1 FROM customer_visits v WHERE v.property_id = p.property_id \
         AND v.visit_status_id = $3 AND v.visited_on <= p.disposition_on) AS toured, \
         COALESCE((SELECT MIN(h.created_on) FROM hub_activity_logs h \
         WHERE h.property_id = p.property_id AND h.action = 'activate'), p.created_on) AS activated_on \
         FROM properties p WHERE {} AND p.disposition_id IN (13, 14) \
         AND p.disposition_on >= $1 AND p.disposition_on < $2",
        homes(scope, community)
    );
    type SaleRow = (i64, Option<i64>, DateTime<Utc>, i64, bool, DateTime<Utc>);
    let rows: Vec<SaleRow> = tour_rows(db, &sql, range).await?;
    Ok(rows
        .into_iter()
        .filter(|(_, _, sold, zone, _, _)| range.holds(*sold, *zone))
        .map(
            |(community_id, price_cents, sold, zone, toured, activated)| domain::insights::Sale {
                community_id,
                price_cents,
                toured,
                days_on_market: domain::reports::days_until(
                    activated,
                    zone,
                    domain::reports::local_day(sold, zone),
                ),
            },
        )
        .collect())
}

/// The range's tours that began outside their community's staff hours, by community.
pub async fn tours_outside_staff_hours(
    db: &Db,
    scope: &Scope,
    community: Option<i64>,
    range: &ReportRange,
) -> Result<std::collections::HashMap<i64, i64>> {
    let weeks_sql = format!(
        "SELECT m.id, m.staff_hours FROM communities m WHERE {}{}",
        scope.condition("m.builder_id"),
        community
            .map(|c| format!(" AND m.id = {c}"))
            .unwrap_or_default()
    );
    let weeks: Vec<(i64, Option<String>)> =
        on_pool!(db, |pool| sqlx::query_as(&weeks_sql).fetch_all(pool).await)?;
    let weeks: std::collections::HashMap<i64, Vec<domain::hours::StaffDay>> = weeks
        .into_iter()
        .map(|(id, text)| {
            // A community without staff hours of its own has the console's default week.
            let week = text
                .and_then(|t| serde_json::from_str(&t).ok())
                .unwrap_or_else(domain::hours::default_staff_week);
            (id, week)
        })
        .collect();
    let sql = format!(
        "SELECT p.community_id, v.visited_on, p.timezone FROM customer_visits v \
         JOIN properties p ON p.property_id = v.property_id \
         WHERE {} AND v.visit_status_id = $3 AND v.visited_on >= $1 AND v.visited_on < $2",
        homes(scope, community)
    );
    let tours: Vec<(i64, DateTime<Utc>, i64)> = tour_rows(db, &sql, range).await?;
    let mut outside = std::collections::HashMap::new();
    for (community_id, at, zone) in tours {
        let local = domain::zones::to_local(zone, at);
        if !range.contains(local.date()) {
            continue;
        }
        let staffed = weeks
            .get(&community_id)
            .is_some_and(|week| domain::insights::staffed(week, local));
        if !staffed {
            *outside.entry(community_id).or_insert(0) += 1;
        }
    }
    Ok(outside)
}
