//! Insights: the figures of the charts for the builders in scope (and one community, when
//! chosen) on the range's days of each home's clock, so that what leaves the database is counts,
//! not the range's visits. Visits, tours, offers, tours outside staff hours, visitors' first
//! steps and the homes sold are read from the tallies triggers keep (migrations 0060 to 0062);
//! one community's charts and its registrations are counted from their rows.

use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};
use domain::insights::{CommunityInsight, DayCount, VisitHour};
use domain::reports::ReportRange;

use crate::reports::{in_range, InRange};
use crate::{on_pool, Db, Result, Scope};

/// The condition on a row's builder and community columns for the scope and the chosen
/// community.
fn chosen(scope: &Scope, community: Option<i64>, builder: &str, community_column: &str) -> String {
    let mut condition = scope.condition(builder);
    if let Some(community) = community {
        condition.push_str(&format!(" AND {community_column} = {community}"));
    }
    condition
}

/// The condition on `p` (a home) for the scope and the chosen community.
fn homes(scope: &Scope, community: Option<i64>) -> String {
    chosen(scope, community, "p.builder_id", "p.community_id")
}

/// The condition on `v` (a visit) and `p` (its home) for the scope and the chosen community. The
/// visit's own builder lets its index of (builder, instant) bound what one builder's range reads.
fn visits(scope: &Scope, community: Option<i64>) -> String {
    format!(
        "{} AND {}",
        scope.condition("v.builder_id"),
        homes(scope, community)
    )
}

/// The one number the statement `write` writes (a count on the range's days) answers. Distinct
/// counts are written as a count of a `SELECT DISTINCT`, which PostgreSQL may hash rather than
/// sort.
async fn count_in_range(
    db: &Db,
    range: &ReportRange,
    write: impl FnOnce(&mut InRange) -> String,
) -> Result<i64> {
    let rows: Vec<(i64,)> = in_range(db, range, write).await?;
    Ok(rows.first().map_or(0, |(n,)| *n))
}

/// The hour a visit began, truncated: cheap to group by (`started`), then written as text both
/// dialects write alike for each group (`as_text`).
fn hour_of(db: &Db) -> (&'static str, &'static str) {
    match db {
        // Instants are stored as RFC 3339 text in UTC: its first 13 characters are the hour.
        Db::Sqlite(_) => (
            "substr(v.visited_on, 1, 13)",
            "strftime('%Y-%m-%dT%H:00:00', started || ':00')",
        ),
        Db::Postgres(_) => (
            "date_trunc('hour', v.visited_on AT TIME ZONE 'UTC')",
            "to_char(started, 'YYYY-MM-DD\"T\"HH24:00:00')",
        ),
    }
}

fn parse_hour(text: &str) -> Option<DateTime<Utc>> {
    NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M:%S")
        .ok()
        .map(|t| t.and_utc())
}

fn accessed() -> i64 {
    crate::visits::status_id("Accessed")
}

/// The range's visits counted by zone, UTC hour and whether the door opened (a zone's hour is
/// one hour of its clock too: the offsets are whole hours): one chosen community's charts.
pub async fn visit_hours(
    db: &Db,
    scope: &Scope,
    community: Option<i64>,
    range: &ReportRange,
) -> Result<Vec<VisitHour>> {
    let (started, as_text) = hour_of(db);
    let write = |query: &mut InRange| {
        format!(
            "SELECT timezone, {as_text}, toured, visits FROM (\
             SELECT p.timezone, {started} AS started, v.visit_status_id = {accessed} AS toured, COUNT(*) AS visits \
             FROM customer_visits v JOIN properties p ON p.property_id = v.property_id \
             WHERE {visits} AND {days} \
             GROUP BY p.timezone, {started}, v.visit_status_id = {accessed}) hours",
            accessed = accessed(),
            visits = visits(scope, community),
            days = query.days("v.visited_on", "p.timezone"),
        )
    };
    let rows: Vec<(i64, String, bool, i64)> = in_range(db, range, write).await?;
    Ok(rows
        .into_iter()
        .filter_map(|(timezone, hour, toured, visits)| {
            Some(VisitHour {
                timezone,
                hour: parse_hour(&hour)?,
                toured,
                visits,
            })
        })
        .collect())
}

/// The rows of a tally (`select`: `SELECT ... FROM ... WHERE` and its conditions) whose
/// `period` is one of `keys` (whole months or weeks) or a day of one of `runs`, as one branch
/// each: every branch is one stretch of the key per builder, where one condition with ORs was
/// read as the whole table. The keys are written from dates, never from a request.
fn in_periods(select: &str, keys: &[String], runs: &[(NaiveDate, NaiveDate)]) -> String {
    let mut branches: Vec<String> = runs
        .iter()
        .map(|(first, last)| format!("{select} AND period BETWEEN '{first}' AND '{last}'"))
        .collect();
    if !keys.is_empty() {
        let keys: Vec<String> = keys.iter().map(|key| format!("'{key}'")).collect();
        branches.push(format!("{select} AND period IN ({})", keys.join(", ")));
    }
    branches.join(" UNION ALL ")
}

/// The sum of a tally's count over the rows read, as a BIGINT. Each row's count is summed as
/// an INTEGER: PostgreSQL sums BIGINTs as NUMERIC, which took 25 of the 64 ms of an
/// enterprise's year of lines (35,000 rows).
fn total(count: &str) -> String {
    format!("CAST(SUM(CAST({count} AS INTEGER)) AS BIGINT)")
}

/// The range's visits and tours by day and its tours by hour of the clock, from the builders'
/// tallies (migration 0060): every community of the builders in scope.
pub async fn tallied_days_and_hours(
    db: &Db,
    scope: &Scope,
    range: &ReportRange,
) -> Result<(Vec<DayCount>, [i64; 24])> {
    let days_sql = format!(
        "SELECT day, {}, {} FROM builder_day_tallies \
         WHERE {} AND day BETWEEN '{}' AND '{}' GROUP BY day ORDER BY day",
        total("visits"),
        total("tours"),
        scope.condition("builder_id"),
        range.start,
        range.end
    );
    let (months, runs) = domain::insights::spans(range);
    let hours_sql = format!(
        "SELECT CAST(hour AS BIGINT), {} FROM ({}) h GROUP BY hour",
        total("tours"),
        in_periods(
            &format!(
                "SELECT hour, tours FROM builder_hour_tallies WHERE {}",
                scope.condition("builder_id")
            ),
            &months,
            &runs
        )
    );
    let days: Vec<(String, i64, i64)> =
        on_pool!(db, |pool| sqlx::query_as(&days_sql).fetch_all(pool).await)?;
    let hours: Vec<(i64, i64)> =
        on_pool!(db, |pool| sqlx::query_as(&hours_sql).fetch_all(pool).await)?;
    let days = days
        .into_iter()
        .filter_map(|(day, visits, tours)| {
            Some(DayCount {
                day: day.parse().ok()?,
                visits,
                tours,
            })
        })
        .collect();
    let mut by_hour = [0i64; 24];
    for (hour, tours) in hours {
        if let Some(slot) = usize::try_from(hour).ok().and_then(|h| by_hour.get_mut(h)) {
            *slot += tours;
        }
    }
    Ok((days, by_hour))
}

/// The funnel's visitors (its homes sold after a tour are the sum of the communities' lines).
pub struct Events {
    /// Visitors whose first tour fell in the range.
    pub toured: i64,
    /// Visitors whose first offer was made in the range.
    pub offered: i64,
    /// Visitors registered in the range (who visited the chosen community, when one is).
    pub registered: i64,
}

pub async fn events_of(
    db: &Db,
    scope: &Scope,
    community: Option<i64>,
    range: &ReportRange,
) -> Result<Events> {
    // Visitors whose first tour, and whose first offer (at the chosen community's homes, when
    // one is), fell on the range's days: kept on each visitor (migration 0060).
    let firsts = |step: &str| {
        format!(
            "SELECT COUNT(*) FROM customers c WHERE {} AND c.first_{step}_day BETWEEN '{}' AND '{}'{}",
            scope.condition("c.builder_id"),
            range.start,
            range.end,
            community
                .map(|c| format!(" AND c.first_{step}_community_id = {c}"))
                .unwrap_or_default()
        )
    };
    let (toured_sql, offered_sql) = (firsts("tour"), firsts("offer"));
    let (toured,): (i64,) = on_pool!(db, |pool| sqlx::query_as(&toured_sql).fetch_one(pool).await)?;
    let (offered,): (i64,) = on_pool!(db, |pool| sqlx::query_as(&offered_sql)
        .fetch_one(pool)
        .await)?;
    // Registrations are the builder's: read on its clock.
    let visited = match community {
        Some(community) => format!(
            " AND EXISTS (SELECT 1 FROM customer_visits v JOIN properties p ON p.property_id = v.property_id \
             WHERE v.customer_id = c.customer_id AND p.community_id = {community})"
        ),
        None => String::new(),
    };
    let registered = count_in_range(db, range, |query| {
        format!(
            "SELECT COUNT(*) FROM customers c JOIN builders b ON b.builder_id = c.builder_id \
             WHERE {} AND {}{visited}",
            scope.condition("c.builder_id"),
            query.days("c.created_on", "b.timezone"),
        )
    })
    .await?;
    Ok(Events {
        toured,
        offered,
        registered,
    })
}

/// The homes sold or rented on the range's days (of the builders in scope, or the chosen
/// community) with what `columns` names of each, from the sales triggers keep (migration 0062).
async fn sold_in_range<T: crate::list::Row>(
    db: &Db,
    scope: &Scope,
    community: Option<i64>,
    range: &ReportRange,
    columns: &str,
    rest: &str,
) -> Result<Vec<T>> {
    let condition = chosen(scope, community, "builder_id", "community_id");
    let sql = format!(
        "SELECT {columns} FROM home_sales WHERE {condition} AND sold_day >= $1 AND sold_day <= $2 {rest}"
    );
    on_pool!(db, |pool| sqlx::query_as(&sql)
        .bind(range.start)
        .bind(range.end)
        .fetch_all(pool)
        .await)
}

/// The communities in scope (or the chosen one), by name, each with a line to fill.
pub async fn communities(
    db: &Db,
    scope: &Scope,
    community: Option<i64>,
) -> Result<Vec<CommunityInsight>> {
    let condition = chosen(scope, community, "m.builder_id", "m.id");
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

/// A community's counts in a range, from its tallies.
struct TalliedLine {
    community_id: i64,
    visits: i64,
    tours: i64,
    offers: i64,
    /// Tours that began outside the community's staff hours (migration 0061).
    tours_outside: i64,
}

/// Each community's counts in the range (of the builders in scope, or the chosen community),
/// read from its tallies' whole months and weeks and the days left over.
async fn tallied_lines(
    db: &Db,
    scope: &Scope,
    community: Option<i64>,
    range: &ReportRange,
) -> Result<Vec<TalliedLine>> {
    let condition = chosen(scope, community, "builder_id", "community_id");
    let (keys, runs) = domain::insights::week_spans(range);
    let sql = format!(
        "SELECT community_id, {}, {}, {}, {} FROM ({}) t GROUP BY community_id",
        total("visits"),
        total("tours"),
        total("offers"),
        total("tours_outside"),
        in_periods(
            &format!(
                "SELECT community_id, visits, tours, offers, tours_outside FROM community_tallies WHERE {condition}"
            ),
            &keys,
            &runs
        )
    );
    let rows: Vec<(i64, i64, i64, i64, i64)> =
        on_pool!(db, |pool| sqlx::query_as(&sql).fetch_all(pool).await)?;
    Ok(rows
        .into_iter()
        .map(
            |(community_id, visits, tours, offers, tours_outside)| TalliedLine {
                community_id,
                visits,
                tours,
                offers,
                tours_outside,
            },
        )
        .collect())
}

/// Fills each community's line with its visits, tours, offers and homes sold after a tour in
/// the range.
pub async fn fill_lines(
    db: &Db,
    scope: &Scope,
    community: Option<i64>,
    range: &ReportRange,
    lines: &mut [CommunityInsight],
) -> Result<()> {
    let counts = tallied_lines(db, scope, community, range).await?;
    let sales: Vec<(i64, i64)> = sold_in_range(
        db,
        scope,
        community,
        range,
        "community_id, COUNT(*)",
        "AND toured GROUP BY community_id",
    )
    .await?;
    // An enterprise has thousands of lines: find each by its id.
    let at: std::collections::HashMap<i64, usize> = lines
        .iter()
        .enumerate()
        .map(|(index, line)| (line.community_id, index))
        .collect();
    let line_of = |community: i64| at.get(&community).copied();
    for counts in counts {
        if let Some(index) = line_of(counts.community_id) {
            lines[index].visits = counts.visits;
            lines[index].tours = counts.tours;
            lines[index].offers = counts.offers;
        }
    }
    for (community, count) in sales {
        if let Some(index) = line_of(community) {
            lines[index].sales = count;
        }
    }
    Ok(())
}

/// The homes sold or rented on the range's days, with whether a tour came before and their
/// days from activation to sale (docs/insights.md).
pub async fn sales(
    db: &Db,
    scope: &Scope,
    community: Option<i64>,
    range: &ReportRange,
) -> Result<Vec<domain::insights::Sale>> {
    type SaleRow = (i64, Option<i64>, NaiveDate, NaiveDate, bool);
    let rows: Vec<SaleRow> = sold_in_range(
        db,
        scope,
        community,
        range,
        "community_id, price_cents, sold_day, activated_day, toured",
        "",
    )
    .await?;
    Ok(rows
        .into_iter()
        .map(
            |(community_id, price_cents, sold, activated, toured)| domain::insights::Sale {
                community_id,
                price_cents,
                toured,
                days_on_market: domain::reports::days_between(activated, sold),
            },
        )
        .collect())
}

/// The range's tours that began outside their community's staff hours, by community, as the
/// tallies counted them under the community's staff hours (migration 0061).
pub async fn tours_outside_staff_hours(
    db: &Db,
    scope: &Scope,
    community: Option<i64>,
    range: &ReportRange,
) -> Result<std::collections::HashMap<i64, i64>> {
    Ok(tallied_lines(db, scope, community, range)
        .await?
        .into_iter()
        .map(|line| (line.community_id, line.tours_outside))
        .collect())
}
