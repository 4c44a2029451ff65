//! Reports (spec 3, Reports): each report is a list of homes or communities (searched, sorted,
//! paged and scoped by the one list engine) whose figures are then computed for the rows read,
//! a page or an export's batch at a time, from the visits of those rows alone.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, Utc};
use domain::lists::Order;
use domain::reports::{
    CommunityVisits, PropertyTours, ReportRange, TourTotals, VisitFact, VisitTotals,
};
use serde::Serialize;
use sqlx::FromRow;
use utoipa::ToSchema;

use crate::list::{numbered, zoned_days, Beside, ListSpec};
use crate::{bind_values, on_pool, Db, Result, Scope, Value};

/// When a home took part: its first activation of a lock or hub, else when it was added.
macro_rules! activated_on {
    () => {
        "COALESCE((SELECT MIN(h.created_on) FROM hub_activity_logs h \
         WHERE h.property_id = p.property_id AND h.action = 'activate'), p.created_on) AS activated_on"
    };
}

/// A row of the property tour report (spec 3, Reports rows).
#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct PropertyTourRow {
    pub property_id: i64,
    pub community_name: String,
    pub address_1: String,
    pub lot_num: Option<String>,
    pub marketing_name: Option<String>,
    #[serde(skip)]
    pub timezone: i64,
    #[serde(skip)]
    pub activated_on: DateTime<Utc>,
    #[sqlx(flatten)]
    #[serde(skip)]
    pub totals: TotalsBeside,
    #[sqlx(skip)]
    #[serde(flatten)]
    pub figures: PropertyTours,
}

/// Every home of the builders in scope but the archived ones.
pub const PROPERTY_TOURS: ListSpec = ListSpec {
    columns: concat!(
        "p.property_id, m.name AS community_name, p.address_1, p.house_num AS lot_num, p.marketing_name, \
         p.timezone, ",
        activated_on!()
    ),
    from: "properties p JOIN communities m ON m.id = p.community_id",
    scope_column: "p.builder_id",
    search_columns: &["p.address_1", "p.house_num", "p.marketing_name", "m.name"],
    sort_columns: &[
        ("property_id", "p.property_id"),
        ("community_name", "lower(m.name), m.id"),
        ("address_1", "lower(p.address_1)"),
        ("lot_num", "p.house_num"),
        ("marketing_name", "lower(p.marketing_name)"),
    ],
    default_sort: ("community_name", Order::Asc),
    tie_breaker: "p.property_id",
    key_column: "p.property_id",
    base_condition: "p.disposition_id <> 10",
    base: "properties p",
    ..ListSpec::PLAIN
};

/// A row of the visit report: a community and its figures.
#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct VisitReportRow {
    #[serde(rename = "communityId")]
    pub community_id: i64,
    pub community: String,
    #[sqlx(flatten)]
    #[serde(skip)]
    pub totals: TotalsBeside,
    #[sqlx(skip)]
    #[serde(flatten)]
    pub figures: CommunityVisits,
}

/// A report row's running totals as its list read them beside its own columns (an Export All:
/// [`property_tours_beside`], [`visit_report_beside`]); a page or a selection has none
/// (`read` is false) and reads them after its rows.
#[derive(Debug, Clone, Default, FromRow)]
pub struct TotalsBeside {
    #[sqlx(default, rename = "totals_read")]
    read: bool,
    #[sqlx(default, rename = "totals_last_day")]
    last_day: Option<NaiveDate>,
    #[sqlx(default, rename = "totals_last")]
    last: Option<String>,
    #[sqlx(default, rename = "totals_before")]
    before: Option<String>,
}

/// Every community of the builders in scope.
pub const VISIT_REPORT: ListSpec = ListSpec {
    columns: "m.id AS community_id, m.name AS community",
    from: "communities m",
    scope_column: "m.builder_id",
    search_columns: &["m.name"],
    sort_columns: &[("community", "lower(m.name)"), ("communityId", "m.id")],
    default_sort: ("community", Order::Asc),
    tie_breaker: "m.id",
    key_column: "m.id",
    ..ListSpec::PLAIN
};

/// A row of the market report: a home sold or rented, when, and how it was toured before.
#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MarketReportRow {
    pub property_id: i64,
    pub address: String,
    pub lot_number: Option<String>,
    pub community_name: String,
    pub marketing_name: Option<String>,
    /// When the home took the disposition Sold (or Rented).
    #[serde(skip)]
    pub sold_on: DateTime<Utc>,
    #[serde(skip)]
    pub timezone: i64,
    #[serde(skip)]
    pub activated_on: DateTime<Utc>,
    /// The day of the sale on the home's clock, MM/dd/yyyy.
    #[sqlx(skip)]
    pub sale_date: String,
    /// Days from the home's activation to its sale.
    #[sqlx(skip)]
    pub days_before_sale: Option<i64>,
    /// The visits recorded at the home up to its sale.
    pub visits: i64,
}

/// The homes of the builders in scope sold or rented; the report's range narrows them to those
/// sold on its days.
pub const MARKET_REPORT: ListSpec = ListSpec {
    columns: concat!(
        "p.property_id, p.address_1 AS address, p.house_num AS lot_number, m.name AS community_name, \
         p.marketing_name, p.disposition_on AS sold_on, p.timezone, ",
        activated_on!(),
        // Kept with the sale (migration 0062): counting each home's visits was most of an
        // enterprise's Export All.
        ", COALESCE((SELECT s.visits_before_sale FROM home_sales s \
         WHERE s.property_id = p.property_id), 0) AS visits"
    ),
    from: "properties p JOIN communities m ON m.id = p.community_id",
    scope_column: "p.builder_id",
    search_columns: &["p.address_1", "p.house_num", "p.marketing_name", "m.name"],
    sort_columns: &[
        ("propertyId", "p.property_id"),
        ("address", "lower(p.address_1)"),
        ("lotNumber", "p.house_num"),
        ("communityName", "lower(m.name), m.id"),
        ("marketingName", "lower(p.marketing_name)"),
        ("saleDate", "p.disposition_on"),
    ],
    default_sort: ("saleDate", Order::Desc),
    tie_breaker: "p.property_id",
    key_column: "p.property_id",
    base_condition: "p.disposition_id IN (13, 14) AND p.disposition_on IS NOT NULL",
    base: "properties p",
    ..ListSpec::PLAIN
};

/// Narrows the market report to the homes sold (or rented) on the range's days, on each home's
/// clock.
pub struct SoldIn(pub ReportRange);

impl crate::list::Filter for SoldIn {
    fn add_to(&self, filters: &mut crate::list::Filters) {
        filters.add_zoned_days(
            "p.disposition_on",
            "p.timezone",
            Some(self.0.start),
            Some(self.0.end),
        );
    }
}

#[derive(FromRow)]
struct VisitFactRow {
    property_id: i64,
    community_id: i64,
    customer_id: i64,
    visit_status_id: i64,
    platform: Option<String>,
    visited_on: DateTime<Utc>,
    timezone: i64,
}

/// A statement on the range's days: the values its conditions bind, as they are written.
pub(crate) struct InRange<'r> {
    range: &'r ReportRange,
    values: Vec<Value>,
}

impl<'r> InRange<'r> {
    fn new(range: &'r ReportRange) -> Self {
        InRange {
            range,
            values: Vec::new(),
        }
    }

    /// Whether `column` (an instant) falls on one of the range's days on the clock of `zone` (a
    /// column holding a zone id): the list engine's condition, numbered after those written
    /// before it.
    pub(crate) fn days(&mut self, column: &str, zone: &str) -> String {
        let (condition, values) =
            zoned_days(column, zone, Some(self.range.start), Some(self.range.end))
                .expect("a report's range has both its days");
        numbered(&condition, &values, &mut self.values)
    }
}

/// The rows of the statement `write` writes, its conditions on the range's days by `days`. The
/// statement is planned for its bounds each time: a prepared statement's generic plan, which
/// PostgreSQL adopts after five runs, probes each visit's home by key (35 ms for one builder's 90
/// days, against 18 ms with a hash of its homes).
pub(crate) async fn in_range<T: crate::list::Row>(
    db: &Db,
    range: &ReportRange,
    write: impl FnOnce(&mut InRange) -> String,
) -> Result<Vec<T>> {
    let mut query = InRange::new(range);
    let sql = write(&mut query);
    on_pool!(db, |pool| bind_values!(
        sqlx::query_as(&sql).persistent(false),
        &query.values
    )
    .fetch_all(pool)
    .await)
}

/// The visits on the range's days (on each home's clock) of the homes of the communities
/// `communities` (a list of keys), with each home's community.
async fn visit_facts(
    db: &Db,
    communities: &str,
    range: &ReportRange,
) -> Result<Vec<(i64, VisitFact)>> {
    let accessed = crate::visits::status_id("Accessed");
    let rows: Vec<VisitFactRow> = in_range(db, range, |query| {
        format!(
            "SELECT v.property_id, p.community_id, v.customer_id, v.visit_status_id, v.platform, v.visited_on, p.timezone \
             FROM properties p JOIN customer_visits v ON v.property_id = p.property_id \
             WHERE p.community_id IN ({communities}) AND {}",
            query.days("v.visited_on", "p.timezone")
        )
    })
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| {
            (
                r.community_id,
                VisitFact {
                    property_id: r.property_id,
                    customer_id: r.customer_id,
                    toured: r.visit_status_id == accessed,
                    platform: r.platform,
                    at: r.visited_on,
                    timezone: r.timezone,
                },
            )
        })
        .collect())
}

fn id_list(ids: impl Iterator<Item = i64>) -> String {
    ids.map(|id| id.to_string()).collect::<Vec<_>>().join(",")
}

/// The keys of `rows` by their homes' zones: each zone's range is two instants, which the index
/// of the visits by home and time answers for each home without reading the home.
fn homes_by_zone<'a>(rows: impl Iterator<Item = &'a PropertyTourRow>) -> HashMap<i64, String> {
    let mut by_zone: HashMap<i64, Vec<i64>> = HashMap::new();
    for row in rows {
        by_zone
            .entry(row.timezone)
            .or_default()
            .push(row.property_id);
    }
    by_zone
        .into_iter()
        .map(|(zone, homes)| (zone, id_list(homes.into_iter())))
        .collect()
}

/// The tours of `rows` on the range's days, each on its home's clock, by home: each home's tours
/// come as one row, their visitors and seconds packed as pairs ([`crate::pairs`]), since each
/// row read through sqlx's SQLite worker crosses threads, and joining them as text cost SQLite
/// more than reading them.
async fn tours_in_range(
    db: &Db,
    range: &ReportRange,
    rows: &[&PropertyTourRow],
) -> Result<HashMap<i64, Vec<u8>>> {
    let tours = db.pairs_agg("customer_id", &db.epoch_seconds("visited_on"));
    let mut by_home = HashMap::new();
    for (zone, homes) in homes_by_zone(rows.iter().copied()) {
        let sql = format!(
            "SELECT property_id, {tours} FROM customer_visits \
             WHERE visit_status_id = $1 AND visited_on >= $2 AND visited_on < $3 AND {} \
             GROUP BY property_id",
            db.one_of_ids("property_id", "$4")
        );
        let found: Vec<(i64, Vec<u8>)> = on_pool!(db, |pool| sqlx::query_as(&sql)
            .bind(crate::visits::status_id("Accessed"))
            .bind(range.starts_at(zone))
            .bind(range.ends_at(zone))
            .bind(&homes)
            .fetch_all(pool)
            .await)?;
        by_home.extend(found);
    }
    Ok(by_home)
}

/// A home's tours as [`tours_in_range`] packs them, read into `tours` (emptied first).
fn unpack_tours(row: &PropertyTourRow, packed: &[u8], tours: &mut Vec<VisitFact>) -> Result<()> {
    tours.clear();
    let decode = |what: String| sqlx::Error::Decode(what.into());
    let pairs = crate::pairs::unpack(packed)
        .ok_or_else(|| decode(format!("{} bytes of tours", packed.len())))?;
    for (customer_id, second) in pairs {
        tours.push(VisitFact {
            property_id: row.property_id,
            customer_id,
            toured: true,
            platform: None,
            at: DateTime::from_timestamp(second, 0)
                .ok_or_else(|| decode(format!("a tour at second {second}")))?,
            timezone: row.timezone,
        });
    }
    Ok(())
}

/// The last tour of each of `rows` before the end of the range's last day on its own clock:
/// per home the newest of its index on (home, time) below that end, read backwards.
async fn last_tours(
    db: &Db,
    range: &ReportRange,
    rows: &[&PropertyTourRow],
) -> Result<HashMap<i64, DateTime<Utc>>> {
    let mut last = HashMap::new();
    for (zone, homes) in homes_by_zone(rows.iter().copied()) {
        let sql = format!(
            "SELECT p.property_id, (SELECT MAX(v.visited_on) FROM customer_visits v \
             WHERE v.property_id = p.property_id AND v.visit_status_id = $1 AND v.visited_on < $2) \
             FROM properties p WHERE {}",
            db.one_of_ids("p.property_id", "$3")
        );
        let found: Vec<(i64, Option<DateTime<Utc>>)> = on_pool!(db, |pool| sqlx::query_as(&sql)
            .bind(crate::visits::status_id("Accessed"))
            .bind(range.ends_at(zone))
            .bind(&homes)
            .fetch_all(pool)
            .await)?;
        last.extend(found.into_iter().filter_map(|(home, at)| Some((home, at?))));
    }
    Ok(last)
}

/// The `N` counts of a row of running totals, joined by commas. Read byte by byte: an
/// enterprise's property tour Export All reads 95,000 of these, and splitting and parsing each
/// count as a string was a sixth of the server's time.
fn read_counts<const N: usize>(packed: &str) -> Result<[i64; N]> {
    let mut counts = [0; N];
    let mut bytes = packed.as_bytes().iter().copied().peekable();
    for (n, slot) in counts.iter_mut().enumerate() {
        if n > 0 && bytes.next() != Some(b',') {
            return Err(malformed_totals(packed));
        }
        let negative = bytes.next_if_eq(&b'-').is_some();
        let mut count: i64 = 0;
        let mut digits = 0;
        while let Some(digit) = bytes.next_if(u8::is_ascii_digit) {
            count = count
                .checked_mul(10)
                .and_then(|count| count.checked_add(i64::from(digit - b'0')))
                .ok_or_else(|| malformed_totals(packed))?;
            digits += 1;
        }
        if digits == 0 {
            return Err(malformed_totals(packed));
        }
        *slot = if negative { -count } else { count };
    }
    match bytes.next() {
        None => Ok(counts),
        Some(_) => Err(malformed_totals(packed)),
    }
}

fn malformed_totals(packed: &str) -> sqlx::Error {
    sqlx::Error::Decode(format!("running totals {packed:?}").into())
}

/// Reads the counts of a row of `home_tour_totals` (migration 0064): tours, repeats, second
/// repeats, then by weekday and by hour.
fn unpack_tour_totals(packed: &str) -> Result<TourTotals> {
    let counts: [i64; 34] = read_counts(packed)?;
    Ok(TourTotals {
        tours: counts[0],
        repeats: counts[1],
        repeats2: counts[2],
        weekdays: counts[3..10].try_into().expect("seven weekdays"),
        hours: counts[10..].try_into().expect("24 hours"),
    })
}

/// The columns of a row of `community_visit_totals` (migration 0065), in [`VisitTotals`]' order,
/// as `community_visit_last` (0067) joins them in its counts.
const VISIT_TOTALS_COLUMNS: [&str; 37] = [
    "visits",
    "web_tours",
    "app_tours",
    "call_tours",
    "visitors",
    "pairs",
    "w0",
    "w1",
    "w2",
    "w3",
    "w4",
    "w5",
    "w6",
    "h0",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "h7",
    "h8",
    "h9",
    "h10",
    "h11",
    "h12",
    "h13",
    "h14",
    "h15",
    "h16",
    "h17",
    "h18",
    "h19",
    "h20",
    "h21",
    "h22",
    "h23",
];

/// Reads the counts of a row of `community_visit_totals` as [`VISIT_TOTALS_COLUMNS`] joins them.
fn unpack_visit_totals(packed: &str) -> Result<VisitTotals> {
    let counts: [i64; 37] = read_counts(packed)?;
    Ok(VisitTotals {
        visits: counts[0],
        web_tours: counts[1],
        app_tours: counts[2],
        call_tours: counts[3],
        visitors: counts[4],
        pairs: counts[5],
        weekdays: counts[6..13].try_into().expect("seven weekdays"),
        hours: counts[13..].try_into().expect("24 hours"),
    })
}

/// Running totals as a report reads them: at the last day before the range (none if there was
/// none) and at the last day.
struct Kept<T> {
    before: Option<T>,
    last_day: NaiveDate,
    last: T,
}

/// Where running totals are kept by day: their table, the table of each key's last row
/// (migration 0067), the column of their key and the counts of a row as one text.
struct TotalsTable {
    table: &'static str,
    last: &'static str,
    key: &'static str,
    counts: String,
}

impl TotalsTable {
    /// Reads, beside each row of a list whose key is `row_key`, its running totals at its last
    /// day and at the last day before the range, as [`kept_totals`] does for a batch of rows.
    fn beside(&self, row_key: &str, range: &ReportRange) -> Beside {
        let TotalsTable {
            table,
            last,
            key,
            counts,
        } = self;
        Beside {
            columns: format!(
                "TRUE AS totals_read, kept_last.day AS totals_last_day, kept_last.counts AS totals_last, \
                 CASE WHEN kept_last.day IS NULL THEN NULL WHEN kept_last.day < ? THEN kept_last.counts \
                      ELSE (SELECT {counts} FROM {table} u WHERE u.{key} = {row_key} AND u.day < ? \
                            ORDER BY u.day DESC LIMIT 1) END AS totals_before"
            ),
            joins: format!("LEFT JOIN {last} kept_last ON kept_last.{key} = {row_key}"),
            values: vec![Value::Date(range.start); 2],
        }
    }
}

/// The running totals of rows that read them beside their columns, by key; none unless every
/// row did.
fn kept_beside<'r, T>(
    rows: impl Iterator<Item = (i64, &'r TotalsBeside)> + Clone,
    unpack: fn(&str) -> Result<T>,
) -> Result<Option<HashMap<i64, Kept<T>>>> {
    if !rows.clone().all(|(_, totals)| totals.read) {
        return Ok(None);
    }
    let mut kept = HashMap::new();
    for (id, totals) in rows {
        if let (Some(last_day), Some(last)) = (totals.last_day, totals.last.as_deref()) {
            let before = totals.before.as_deref().map(unpack).transpose()?;
            let last = unpack(last)?;
            kept.insert(
                id,
                Kept {
                    before,
                    last_day,
                    last,
                },
            );
        }
    }
    Ok(Some(kept))
}

/// The running totals of rows (their keys, and what they read beside their columns): as they
/// read them, else looked up for them all.
async fn kept_of<'r, T>(
    db: &Db,
    range: &ReportRange,
    kept_in: TotalsTable,
    rows: impl Iterator<Item = (i64, &'r TotalsBeside)> + Clone,
    unpack: fn(&str) -> Result<T>,
) -> Result<HashMap<i64, Kept<T>>> {
    match kept_beside(rows.clone(), unpack)? {
        Some(kept) => Ok(kept),
        None => {
            let ids = id_list(rows.map(|(id, _)| id));
            kept_totals(db, range, kept_in, &ids, unpack).await
        }
    }
}

/// The running totals of the keys `ids` (a list of keys) at each one's last day before the
/// range and at its last day: the last row by key, and, for a key with days in or after the
/// range, a lookup in the index of its days.
async fn kept_totals<T>(
    db: &Db,
    range: &ReportRange,
    kept_in: TotalsTable,
    ids: &str,
    unpack: fn(&str) -> Result<T>,
) -> Result<HashMap<i64, Kept<T>>> {
    let TotalsTable {
        table,
        last,
        key,
        counts,
    } = kept_in;
    // All the keys' totals come as one text ("key/day,counts/counts|..."; a key with no rows
    // is left out): a row each cost more in carrying rows out of SQLite (a wake-up of the
    // reading task each) than in finding them.
    let sql = format!(
        "SELECT string_agg(CAST(t.id AS TEXT) || '/' || t.last || '/' || COALESCE(t.before, ''), '|') \
         FROM (SELECT l.{key} AS id, l.day || ',' || l.counts AS last, \
                      CASE WHEN l.day < $1 THEN l.counts \
                           ELSE (SELECT {counts} FROM {table} u \
                                 WHERE u.{key} = l.{key} AND u.day < $1 \
                                 ORDER BY u.day DESC LIMIT 1) END AS before \
               FROM {last} l WHERE {}) t",
        db.one_of_ids(&format!("l.{key}"), "$2")
    );
    let found: Option<String> = on_pool!(db, |pool| sqlx::query_scalar(&sql)
        .bind(range.start)
        .bind(ids)
        .fetch_one(pool)
        .await)?;
    let mut kept = HashMap::with_capacity(ids.bytes().filter(|b| *b == b',').count() + 1);
    for entry in found
        .as_deref()
        .unwrap_or("")
        .split('|')
        .filter(|e| !e.is_empty())
    {
        let mut parts = entry.splitn(3, '/');
        let (Some(id), Some(last), Some(before)) = (parts.next(), parts.next(), parts.next())
        else {
            return Err(malformed_totals(entry));
        };
        let id: i64 = id.parse().map_err(|_| malformed_totals(entry))?;
        let (day, counts) = last
            .split_once(',')
            .ok_or_else(|| malformed_totals(entry))?;
        let last_day =
            NaiveDate::parse_from_str(day, "%Y-%m-%d").map_err(|_| malformed_totals(entry))?;
        let totals = Kept {
            before: (!before.is_empty()).then(|| unpack(before)).transpose()?,
            last_day,
            last: unpack(counts)?,
        };
        kept.insert(id, totals);
    }
    Ok(kept)
}

/// Each home's running totals (migrations 0064, 0067).
fn home_tour_totals() -> TotalsTable {
    TotalsTable {
        table: "home_tour_totals",
        last: "home_tour_last",
        key: "property_id",
        counts: "u.counts".into(),
    }
}

/// Each community's running totals (migrations 0065, 0067): on PostgreSQL their counts as the
/// one text it keeps with them (0069), on SQLite written as one by the lookup (read through sqlx,
/// one value costs less than many).
fn community_visit_totals(db: &Db) -> TotalsTable {
    let counts = match db {
        Db::Postgres(_) => "u.counts".into(),
        Db::Sqlite(_) => format!(
            "printf('{}', {})",
            ["%d"; VISIT_TOTALS_COLUMNS.len()].join(","),
            VISIT_TOTALS_COLUMNS
                .map(|column| format!("u.{column}"))
                .join(", ")
        ),
    };
    TotalsTable {
        table: "community_visit_totals",
        last: "community_visit_last",
        key: "community_id",
        counts,
    }
}

/// What an Export All of the property tour report reads beside each home: its running totals,
/// in the list's own statement, where a batch of homes would look them up again by key.
pub fn property_tours_beside(range: &ReportRange) -> Beside {
    home_tour_totals().beside("p.property_id", range)
}

/// What an Export All of the visit report reads beside each community: its running totals.
pub fn visit_report_beside(db: &Db, range: &ReportRange) -> Beside {
    community_visit_totals(db).beside("m.id", range)
}

/// The property tour report's figures of `rows` from their tours in the range, read.
async fn figures_from_tours(
    db: &Db,
    range: &ReportRange,
    rows: &[&PropertyTourRow],
) -> Result<HashMap<i64, PropertyTours>> {
    let mut figures = HashMap::new();
    if rows.is_empty() {
        return Ok(figures);
    }
    let packed = tours_in_range(db, range, rows).await?;
    // A home toured in the range was last toured at its newest tour there; only the others are
    // looked up before the range.
    let untoured: Vec<&PropertyTourRow> = rows
        .iter()
        .copied()
        .filter(|row| !packed.contains_key(&row.property_id))
        .collect();
    let last_before = last_tours(db, range, &untoured).await?;
    let mut tours = Vec::new();
    for row in rows {
        let last = match packed.get(&row.property_id) {
            Some(bytes) => {
                unpack_tours(row, bytes, &mut tours)?;
                tours.iter().map(|tour| tour.at).max()
            }
            None => {
                tours.clear();
                last_before.get(&row.property_id).copied()
            }
        };
        figures.insert(
            row.property_id,
            domain::reports::property_tours(range, row.timezone, &tours, row.activated_on, last),
        );
    }
    Ok(figures)
}

/// Computes the property tour report's figures of the rows read: from each home's running
/// totals, but for the homes toured after the range (whose repeat visitors the totals cannot
/// tell) and those whose zone has no clock, whose tours in the range are read.
pub async fn complete_property_tours(
    db: &Db,
    range: &ReportRange,
    rows: &mut [PropertyTourRow],
) -> Result<()> {
    if rows.is_empty() {
        return Ok(());
    }
    let kept = kept_of(
        db,
        range,
        home_tour_totals(),
        rows.iter().map(|row| (row.property_id, &row.totals)),
        unpack_tour_totals,
    )
    .await?;
    let read: Vec<&PropertyTourRow> = rows
        .iter()
        .filter(|row| {
            !domain::catalog::is_timezone(row.timezone)
                || kept
                    .get(&row.property_id)
                    .is_some_and(|home| home.last_day > range.end)
        })
        .collect();
    let mut read = figures_from_tours(db, range, &read).await?;
    for row in rows.iter_mut() {
        row.figures = match read.remove(&row.property_id) {
            Some(figures) => figures,
            None => {
                let home = kept.get(&row.property_id);
                domain::reports::property_tours_from_totals(
                    range,
                    row.timezone,
                    home.and_then(|home| home.before.as_ref()),
                    home.map(|home| (home.last_day, &home.last)),
                    row.activated_on,
                )
            }
        };
    }
    Ok(())
}

/// Computes the visit report's figures of the communities read: from each community's running
/// totals, but for those with visits after the range (whose visitors in it the totals cannot
/// tell), whose visits in the range are read; their missed tours are read once for all the rows
/// of a page, a selection or a whole export.
pub async fn complete_visit_report(
    db: &Db,
    range: &ReportRange,
    missed: &MissedTours,
    rows: &mut [VisitReportRow],
) -> Result<()> {
    if rows.is_empty() {
        return Ok(());
    }
    let kept = kept_of(
        db,
        range,
        community_visit_totals(db),
        rows.iter().map(|row| (row.community_id, &row.totals)),
        unpack_visit_totals,
    )
    .await?;
    let read = id_list(
        rows.iter()
            .map(|r| r.community_id)
            .filter(|id| kept.get(id).is_some_and(|kept| kept.last_day > range.end)),
    );
    let facts = if read.is_empty() {
        Vec::new()
    } else {
        visit_facts(db, &read, range).await?
    };
    let mut by_community: HashMap<i64, Vec<&VisitFact>> = HashMap::new();
    for (community, fact) in &facts {
        by_community.entry(*community).or_default().push(fact);
    }
    for row in rows.iter_mut() {
        let missed = missed.of(row.community_id);
        let kept = kept.get(&row.community_id);
        row.figures = match kept {
            Some(kept) if kept.last_day > range.end => domain::reports::community_visits(
                range,
                by_community
                    .get(&row.community_id)
                    .map_or(&[][..], Vec::as_slice),
                missed,
            ),
            _ => domain::reports::community_visits_from_totals(
                kept.and_then(|kept| kept.before.as_ref()),
                kept.map(|kept| &kept.last),
                missed,
            ),
        };
    }
    Ok(())
}

/// The tours booked in a report's range whose time passed with the booking still open (never
/// toured, never cancelled), counted by community.
#[derive(Debug, Default)]
pub struct MissedTours(HashMap<i64, i64>);

impl MissedTours {
    /// Those of the homes in `scope`, passed by `now`. Read once for a whole export: each
    /// batch of communities read every open booking of the period again.
    pub async fn read(
        db: &Db,
        scope: &Scope,
        range: &ReportRange,
        now: DateTime<Utc>,
    ) -> Result<MissedTours> {
        // The open bookings of the period first (migration 0066), then their homes by key: a
        // missed booking is the exception, a home with bookings is not. Joined in one
        // statement, PostgreSQL cannot tell how few of the open bookings have passed and hashes
        // every home in scope. The status is written out, so SQLite sees that the index answers.
        let (from, to) = range.widest();
        let sql = format!(
            "SELECT property_id, visit_date FROM scheduled_visits \
             WHERE status = '{}' AND visit_date >= $1 AND visit_date < $2",
            crate::scheduled_visits::CREATED
        );
        let booked: Vec<(i64, DateTime<Utc>)> = on_pool!(db, |pool| sqlx::query_as(&sql)
            .bind(from)
            .bind(to.min(now))
            .fetch_all(pool)
            .await)?;
        let mut missed = HashMap::new();
        if booked.is_empty() {
            return Ok(MissedTours(missed));
        }
        let sql = format!(
            "SELECT property_id, community_id, timezone FROM properties WHERE {} AND {}",
            db.one_of_ids("property_id", "$1"),
            scope.condition("builder_id")
        );
        let homes: Vec<(i64, i64, i64)> = on_pool!(db, |pool| sqlx::query_as(&sql)
            .bind(id_list(booked.iter().map(|(home, _)| *home)))
            .fetch_all(pool)
            .await)?;
        let homes: HashMap<i64, (i64, i64)> = homes
            .into_iter()
            .map(|(home, community, zone)| (home, (community, zone)))
            .collect();
        for (home, at) in booked {
            if let Some((community, zone)) = homes.get(&home) {
                if range.holds(at, *zone) {
                    *missed.entry(*community).or_default() += 1;
                }
            }
        }
        Ok(MissedTours(missed))
    }

    /// The missed tours of `community`.
    pub fn of(&self, community: i64) -> i64 {
        self.0.get(&community).copied().unwrap_or(0)
    }
}

/// Fills in the market report's days of the rows read.
pub fn complete_market_report(rows: &mut [MarketReportRow]) {
    for row in rows {
        let sold = domain::reports::local_day(row.sold_on, row.timezone);
        row.sale_date = sold.format("%m/%d/%Y").to_string();
        row.days_before_sale = domain::reports::days_until(row.activated_on, row.timezone, sold);
    }
}

#[cfg(test)]
mod tests {
    use super::read_counts;

    #[test]
    fn counts_are_read_in_order() {
        assert_eq!(read_counts::<3>("0,17,-4").unwrap(), [0, 17, -4]);
        assert_eq!(
            read_counts::<2>("9223372036854775807,-9223372036854775807").unwrap(),
            [i64::MAX, -i64::MAX]
        );
    }

    #[test]
    fn malformed_counts_are_refused() {
        for packed in [
            "",
            "1,2",
            "1,2,3,4",
            "1,,3",
            "1,2,",
            ",1,2",
            "1,-,3",
            "1, 2,3",
            "1,2,x",
            "1,2,3x",
            "1;2;3",
            "9223372036854775808,0,0",
            "--1,2,3",
        ] {
            assert!(read_counts::<3>(packed).is_err(), "{packed:?}");
        }
    }
}
