//! Customers and their visits: the visits list, the dashboard's counts and series, and the demo
//! world's history.

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use domain::lists::Order;
use serde::Serialize;
use sqlx::FromRow;
use utoipa::ToSchema;

use crate::list::{ListSpec, SearchThrough, SortRuns, ThroughCounts};
use crate::{on_pool, Db, Result, Scope, Value};

/// A visit as the visits list and the dashboard's recent visits show it.
#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct VisitRow {
    pub customer_visit_id: i64,
    pub customer_id: i64,
    pub firstname: String,
    pub lastname: String,
    pub cell_phone_1: Option<String>,
    pub property_id: i64,
    pub address_1: String,
    pub house_num: Option<String>,
    /// The community of the home.
    pub subdivision: String,
    pub visitor_status_id: i64,
    pub visitor_status: String,
    pub visitor_type_id: i64,
    pub visitor_type: String,
    pub remarks: Option<String>,
    /// How the visitor came: the app they toured with, or the web.
    pub platform: Option<String>,
    /// Where the visitor heard of the home.
    pub attribution: Option<String>,
    pub visited_on: DateTime<Utc>,
    pub modified_on: DateTime<Utc>,
    pub timezone: i64,
    /// The home's time zone abbreviation (ET, CT, MT, PT) and name (America/New_York...).
    /// Its abbreviation and name.
    #[sqlx(skip)]
    #[serde(flatten)]
    pub zone: crate::ZoneNames,
    pub builder_id: i64,
}

/// What the visits list (`VISITS`) can be narrowed to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VisitFilter {
    /// The visits last changed on these days (either end may be open) on their home's clock.
    ChangedOn {
        start: Option<NaiveDate>,
        end: Option<NaiveDate>,
    },
    /// The visits to one home.
    Property(i64),
}

impl crate::list::Filter for VisitFilter {
    fn add_to(&self, filters: &mut crate::list::Filters) {
        match *self {
            Self::ChangedOn { start, end } => filters.add_zoned_days(
                "v.modified_on",
                "(SELECT timezone FROM properties WHERE property_id = v.property_id)",
                start,
                end,
            ),
            Self::Property(id) => filters.add("v.property_id = ?", [Value::from(id)]),
        };
    }
}

pub const VISITS: ListSpec = ListSpec {
    columns: "v.customer_visit_id, v.customer_id, c.firstname, c.lastname, c.cell_phone_1, v.property_id, p.address_1, \
              p.house_num, m.name AS subdivision, v.visit_status_id AS visitor_status_id, s.name AS visitor_status, \
              v.visitor_type_id, t.name AS visitor_type, v.remarks, v.platform, v.attribution, v.visited_on, v.modified_on, \
              p.timezone, v.builder_id",
    // A visit, its visitor, its home and the home's community are one builder's: saying so in
    // the joins lets the database read a sort by the visitor's or the community's name from that
    // builder's index of names (migration 0040) and reach the visits by key.
    from: "customer_visits v JOIN customers c ON c.customer_id = v.customer_id AND c.builder_id = v.builder_id \
           JOIN properties p ON p.property_id = v.property_id AND p.builder_id = v.builder_id \
           JOIN communities m ON m.id = p.community_id AND m.builder_id = p.builder_id \
           JOIN catalog s ON s.catalog_id = v.visit_status_id JOIN catalog t ON t.catalog_id = v.visitor_type_id",
    scope_column: "v.builder_id",
    // The visitor's name and phone, the home's address and its community's name: the matching
    // customers and homes of the scope first (on SQLite the candidates from their trigram
    // indexes, migrations 0012 and 0040), then their visits by key, counted from the visits
    // per customer and per home (migration 0041).
    search_columns: &[],
    search_columns_lowered: false,
    search_through: &[
        SearchThrough {
            reference: "v.customer_id",
            table: "customers",
            key: "customer_id",
            scope_column: "builder_id",
            columns: &["firstname", "lastname", "cell_phone_1"],
            search_index: "customer_search",
            search_candidates: "search_text LIKE ?",
            counts: Some(ThroughCounts {
                table: "customer_visit_counts",
                key: "customer_id",
                rows: "visits",
                searched: "",
            }),
            search_keys: "",
        },
        SearchThrough {
            counts: Some(ThroughCounts {
                table: "home_visit_counts",
                key: "property_id",
                rows: "visits",
                // The visited homes whose address or community's name matches, with their
                // visits, from the counts alone (migration 0055).
                searched: "SELECT sp.property_id, sp.visits FROM home_visit_counts sp WHERE {scope} \
                           AND (sp.address LIKE ? ESCAPE '\\' OR sp.community_id = ANY(ARRAY(\
                           SELECT id FROM communities WHERE lower(name) LIKE ? ESCAPE '\\')))",
            }),
            ..crate::properties::searched_through("v.property_id")
        },
    ],
    search_index: "",
    search_words: None,
    // A name of the visitor or the community sorts their visits together, each visitor's by key
    // and each community's home after home, oldest first: the page then walks the customers'
    // (or communities') index of names and reaches their visits by key instead of sorting every
    // visit in scope by a joined name.
    sort_columns: &[
        ("firstname", "lower(c.firstname), c.customer_id"),
        ("lastname", "lower(c.lastname), c.customer_id"),
        ("subdivision", "lower(m.name), m.id, p.property_id, v.visited_on"),
        ("visitor_status", "lower(s.name)"),
        ("visitor_type", "lower(t.name)"),
        ("visited_on", "v.visited_on"),
        ("modified_on", "v.modified_on"),
    ],
    default_sort: ("modified_on", Order::Desc),
    tie_breaker: "v.customer_visit_id",
    key_column: "v.customer_visit_id",
    base_condition: "",
    base: "customer_visits v",
    totals: "visit_type_totals v",
    totals_count: "v.visits",
    totals_columns: &["v.builder_id", "v.visitor_type_id"],
    version: "",
    // Visit statuses (catalog type 15) and visitor types (type 12), by the names' lower case
    // (migration 0040's indexes).
    sort_runs: &[
        SortRuns {
            sort: "visitor_status",
            reference: "v.visit_status_id",
            names: "SELECT catalog_id AS run_key, lower(name) AS run_name FROM catalog WHERE catalog_type_id = 15",
            nullable: false,
        },
        SortRuns {
            sort: "visitor_type",
            reference: "v.visitor_type_id",
            names: "SELECT catalog_id AS run_key, lower(name) AS run_name FROM catalog WHERE catalog_type_id = 12",
            nullable: false,
        },
    ],
    // Both plain orders (visited_on, modified_on) have their index (migrations 0006 and 0040).
    walk_orders: true,
    // For several builders SQLite would read every visit in scope through the builders and sort
    // them by the name; with the scope kept off the indexes it walks the names' index instead.
    walk_through: &["firstname", "lastname", "subdivision"],
    walk_from: "",
    scan_rows: 0,
    nullable_sorts: &[],
};

/// The day of a UTC midnight.
fn whole_day(t: DateTime<Utc>) -> Option<NaiveDate> {
    (t.time() == NaiveTime::MIN).then(|| t.date_naive())
}

/// Visits in a window, optionally of one visitor type. A window of whole UTC days is read from
/// the per-day counts; any other from the visits themselves.
pub async fn count(
    db: &Db,
    scope: &Scope,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
    visitor_type: Option<i64>,
) -> Result<i64> {
    let of_type = if visitor_type.is_some() {
        " AND visitor_type_id = $3"
    } else {
        ""
    };
    if let (Some(first), Some(end)) = (whole_day(from), whole_day(to)) {
        let sql = format!(
            "SELECT CAST(COALESCE(SUM(visits), 0) AS BIGINT) FROM visit_days WHERE {} AND day >= $1 AND day < $2{of_type}",
            scope.condition("builder_id")
        );
        return on_pool!(db, |pool| sqlx::query_scalar(&sql)
            .bind(first)
            .bind(end)
            .bind(visitor_type)
            .fetch_one(pool)
            .await);
    }
    let sql = format!(
        "SELECT COUNT(*) FROM customer_visits WHERE {} AND visited_on >= $1 AND visited_on < $2{of_type}",
        scope.condition("builder_id")
    );
    on_pool!(db, |pool| sqlx::query_scalar(&sql)
        .bind(from)
        .bind(to)
        .bind(visitor_type)
        .fetch_one(pool)
        .await)
}

/// Visits per UTC day from day `first` up to (not including) day `end`, from the per-day
/// counts, in day order; days without visits are absent. Callers bucket days into months:
/// grouping by a formatted month in SQL costs a formatting call per stored row.
pub async fn series(
    db: &Db,
    scope: &Scope,
    first: NaiveDate,
    end: NaiveDate,
) -> Result<Vec<(NaiveDate, i64)>> {
    let sql = format!(
        "SELECT day, CAST(SUM(visits) AS BIGINT) FROM visit_days WHERE {} AND day >= $1 AND day < $2
         GROUP BY day HAVING SUM(visits) > 0 ORDER BY day",
        scope.condition("builder_id")
    );
    on_pool!(db, |pool| sqlx::query_as(&sql)
        .bind(first)
        .bind(end)
        .fetch_all(pool)
        .await)
}

/// Homes in a disposition, from the per-builder totals (migration 0010).
pub async fn count_properties(db: &Db, scope: &Scope, disposition_id: i64) -> Result<i64> {
    let sql = format!(
        "SELECT CAST(COALESCE(SUM(homes), 0) AS BIGINT) FROM property_counts WHERE {} AND disposition_id = $1",
        scope.condition("builder_id")
    );
    on_pool!(db, |pool| sqlx::query_scalar(&sql)
        .bind(disposition_id)
        .fetch_one(pool)
        .await)
}

/// Homes that left the market since `since`: sold by a builder that sells, rented by one that
/// rents (the dashboard's Sold / Homes Rented card). The IN lets the builder-and-disposition
/// index find them.
pub async fn count_closed_since(db: &Db, scope: &Scope, since: DateTime<Utc>) -> Result<i64> {
    let closed = |constant| {
        domain::catalog::disposition_by_constant(constant)
            .expect("a catalogue disposition")
            .id
    };
    let sql = format!(
        "SELECT COUNT(*) FROM properties p JOIN builders b ON b.builder_id = p.builder_id
         WHERE {} AND p.disposition_id IN ($1, $2) AND p.disposition_on >= $3
           AND p.disposition_id = CASE WHEN b.is_rental THEN $1 ELSE $2 END",
        scope.condition("p.builder_id")
    );
    on_pool!(db, |pool| sqlx::query_scalar(&sql)
        .bind(closed("PROPERTY_RENTED"))
        .bind(closed("PROPERTY_SOLD"))
        .bind(since)
        .fetch_one(pool)
        .await)
}

/// A customer for the demo world and tests.
pub struct NewCustomer {
    pub builder_id: i64,
    pub firstname: String,
    pub lastname: String,
    pub email: String,
    pub phone: String,
    pub visitor_type_id: i64,
    pub created_on: DateTime<Utc>,
}

/// A visit for the demo world and tests.
pub struct NewVisit {
    pub customer: usize,
    pub property_id: i64,
    pub visit_status_id: i64,
    pub remarks: Option<String>,
    pub platform: Option<String>,
    pub attribution: Option<String>,
    pub visited_on: DateTime<Utc>,
}

/// How many visits [`insert_history`] writes into an empty database before it has statistics
/// taken.
const ANALYSED_AFTER: usize = 5_000;

/// Writes customers in one transaction, then their visits (which name customers by index) a
/// statement's worth to a transaction, as a live database receives them; the new customers'
/// ids, in their order. In one transaction, PostgreSQL cannot prune the versions each visit
/// leaves of its community's running totals (migration 0065), which every later visit's update
/// then walks.
pub async fn insert_history(
    db: &Db,
    customers: &[NewCustomer],
    visits: &[NewVisit],
) -> Result<Vec<i64>> {
    on_pool!(db, |pool| {
        let mut tx = pool.begin().await?;
        // Ids are handed out in insertion order; the new ones are those above the largest before.
        let before: i64 = sqlx::query_scalar("SELECT COALESCE(MAX(customer_id), 0) FROM customers")
            .fetch_one(&mut *tx)
            .await?;
        // Each customer's summary from the visits in hand: updating the rows after the visits
        // are in lets PostgreSQL plan the lookups on tables it has no statistics of yet (it
        // walked the whole visits table per customer for the large world).
        let mut last: Vec<Option<&NewVisit>> = vec![None; customers.len()];
        let mut counts = vec![0_i64; customers.len()];
        for visit in visits {
            counts[visit.customer] += 1;
            let slot = &mut last[visit.customer];
            // Later in `visits` is a larger id, which breaks ties of the same instant.
            if slot.is_none_or(|seen| visit.visited_on >= seen.visited_on) {
                *slot = Some(visit);
            }
        }
        let rows = customers.iter().enumerate().map(|(n, c)| {
            let last = last[n];
            vec![
                Value::from(c.builder_id),
                Value::from(c.firstname.clone()),
                Value::from(c.lastname.clone()),
                Value::from(c.email.clone()),
                Value::from(c.phone.clone()),
                Value::from(c.visitor_type_id),
                Value::from(c.created_on),
                Value::from(c.created_on),
                Value::from(last.map(|v| v.visited_on)),
                Value::from(counts[n]),
                Value::Int(last.map(|v| v.property_id)),
                Value::Int(last.map(|v| v.visit_status_id)),
            ]
        });
        crate::bulk::insert_chunks!(
            tx,
            "customers",
            &[
                "builder_id",
                "firstname",
                "lastname",
                "email_1",
                "cell_phone_1",
                "visitor_type_id",
                "created_on",
                "modified_on",
                "last_visit_date",
                "visits_count",
                "last_visit_property_id",
                "last_visit_status_id"
            ],
            rows
        );
        let ids: Vec<i64> = sqlx::query_scalar(
            "SELECT customer_id FROM customers WHERE customer_id > $1 ORDER BY customer_id",
        )
        .bind(before)
        .fetch_all(&mut *tx)
        .await?;
        assert_eq!(
            ids.len(),
            customers.len(),
            "history is written by one writer at a time"
        );
        tx.commit().await?;
        const COLUMNS: &[&str] = &[
            "builder_id",
            "customer_id",
            "property_id",
            "visit_status_id",
            "visitor_type_id",
            "remarks",
            "platform",
            "attribution",
            "visited_on",
            "modified_on",
        ];
        let mut written = 0;
        let mut analysed = before > 0;
        for statement in visits.chunks(crate::bulk::chunk_rows(COLUMNS.len())) {
            // Into an empty database, statistics are taken once some visits are in: the running
            // totals' triggers keep the plans they made for a connection's life, and planned on
            // empty tables they read those tables whole for each statement (the large world's
            // first 60,000 visits took five minutes on PostgreSQL until analysed).
            if !analysed && written >= ANALYSED_AFTER {
                db.refresh_statistics().await?;
                analysed = true;
            }
            written += statement.len();
            let rows = statement.iter().map(|v| {
                let c = &customers[v.customer];
                vec![
                    Value::from(c.builder_id),
                    Value::from(ids[v.customer]),
                    Value::from(v.property_id),
                    Value::from(v.visit_status_id),
                    Value::from(c.visitor_type_id),
                    Value::from(v.remarks.clone()),
                    Value::from(v.platform.clone()),
                    Value::from(v.attribution.clone()),
                    Value::from(v.visited_on),
                    Value::from(v.visited_on),
                ]
            });
            let mut tx = pool.begin().await?;
            crate::bulk::insert_chunks!(tx, "customer_visits", COLUMNS, rows);
            tx.commit().await?;
        }
        Ok(ids)
    })
}

/// A home's visits since an instant, oldest first: who came and when (the demo world's access
/// history follows them).
pub async fn at_home_since(
    db: &Db,
    property_id: i64,
    since: DateTime<Utc>,
) -> Result<Vec<(i64, String, DateTime<Utc>)>> {
    on_pool!(db, |pool| {
        sqlx::query_as(
        "SELECT v.customer_id, c.firstname, v.visited_on FROM customer_visits v \
         JOIN customers c ON c.customer_id = v.customer_id \
         WHERE v.property_id = $1 AND v.visited_on >= $2 ORDER BY v.visited_on, v.customer_visit_id"
    )
    .bind(property_id)
    .bind(since)
    .fetch_all(pool)
    .await
    })
}

/// A visit as the tour page records it.
pub struct TourVisit<'a> {
    pub builder_id: i64,
    pub customer_id: i64,
    pub property_id: i64,
    /// A visit status (catalogue type: Accessed, Deny, NA-I, NA-L, NA-T, NA-V, NC).
    pub status_id: i64,
    pub visitor_type_id: i64,
    pub attribution: &'a str,
    pub remarks: Option<&'a str>,
    pub access_code_id: Option<i64>,
    pub at: DateTime<Utc>,
    /// A domain event the visit is (`on.demand.tours`), with its payload; the visit's id is added.
    pub event: Option<(&'a str, serde_json::Value)>,
}

/// Records a visit of the tour pages (platform Web) and brings its customer's summary (visits, last visit) up to date, with its
/// domain event for webhook delivery, in one transaction.
pub async fn record(db: &Db, visit: &TourVisit<'_>) -> Result<i64> {
    on_pool!(db, |pool| {
        let mut tx = pool.begin().await?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO customer_visits (builder_id, customer_id, property_id, visit_status_id, visitor_type_id, \
             remarks, attribution, platform, visited_on, modified_on, access_code_id) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, 'Web', $8, $8, $9) RETURNING customer_visit_id",
        )
        .bind(visit.builder_id)
        .bind(visit.customer_id)
        .bind(visit.property_id)
        .bind(visit.status_id)
        .bind(visit.visitor_type_id)
        .bind(visit.remarks)
        .bind(visit.attribution)
        .bind(visit.at)
        .bind(visit.access_code_id)
        .fetch_one(&mut *tx)
        .await?;
        sqlx::query(
            "UPDATE customers SET visits_count = visits_count + 1, last_visit_date = $1, \
             last_visit_property_id = $2, last_visit_status_id = $3, modified_on = $1 WHERE customer_id = $4",
        )
        .bind(visit.at)
        .bind(visit.property_id)
        .bind(visit.status_id)
        .bind(visit.customer_id)
        .execute(&mut *tx)
        .await?;
        if let Some((kind, payload)) = &visit.event {
            let mut payload = payload.clone();
            payload["visit_id"] = id.into();
            crate::record_event!(tx, visit.builder_id, kind, payload, visit.at)?;
        }
        tx.commit().await?;
        Ok(id)
    })
}

/// A visitor's own visit, with the code made for it.
#[derive(Debug, Clone, FromRow)]
pub struct VisitorVisit {
    pub customer_visit_id: i64,
    pub property_id: i64,
    pub visit_status_id: i64,
    pub access_code_id: Option<i64>,
    pub visited_on: DateTime<Utc>,
    pub tour_ended_on: Option<DateTime<Utc>>,
    pub feedback_on: Option<DateTime<Utc>>,
    /// The offer this tour led to.
    pub offer_id: Option<i64>,
}

/// A visit of this customer's, and no one else's.
pub async fn of_visitor(db: &Db, visit_id: i64, customer_id: i64) -> Result<Option<VisitorVisit>> {
    on_pool!(db, |pool| {
        sqlx::query_as(
        "SELECT v.customer_visit_id, v.property_id, v.visit_status_id, v.access_code_id, v.visited_on, \
         v.tour_ended_on, v.feedback_on, o.id AS offer_id FROM customer_visits v \
         LEFT JOIN offers o ON o.customer_visit_id = v.customer_visit_id \
         WHERE v.customer_visit_id = $1 AND v.customer_id = $2"
    )
    .bind(visit_id)
    .bind(customer_id)
    .fetch_optional(pool)
    .await
    })
}

/// In a transaction: the visit of a booked tour, made when its code is first used at the door
/// (`booked` is its builder, customer, home and booking id), with `status`, the remarks naming
/// the booking (and `more` after it), and the customer's visit figures; evaluates to its id.
macro_rules! booking_visit_in {
    ($tx:expr, $booked:expr, $status:expr, $more:expr, $at:expr, $code:expr) => {{
        async {
            let (builder_id, customer_id, property_id, booking): (i64, i64, i64, i64) = $booked;
            let id: i64 = sqlx::query_scalar(
                "INSERT INTO customer_visits (builder_id, customer_id, property_id, visit_status_id, \
                 visitor_type_id, remarks, attribution, platform, visited_on, modified_on, access_code_id) \
                 SELECT $1, $2, $3, $4, visitor_type_id, $5, 'Tour page', 'Web', $6, $6, $7 \
                 FROM customers WHERE customer_id = $2 RETURNING customer_visit_id",
            )
            .bind(builder_id)
            .bind(customer_id)
            .bind(property_id)
            .bind($status)
            .bind(format!("Scheduled tour {booking}{}", $more))
            .bind($at)
            .bind($code)
            .fetch_one(&mut *$tx)
            .await?;
            sqlx::query(
                "UPDATE customers SET visits_count = visits_count + 1, last_visit_date = $1, \
                 last_visit_property_id = $2, last_visit_status_id = $3 WHERE customer_id = $4",
            )
            .bind($at)
            .bind(property_id)
            .bind($status)
            .bind(customer_id)
            .execute(&mut *$tx)
            .await?;
            Ok::<i64, sqlx::Error>(id)
        }
        .await
    }};
}

/// The visit a code was made for, now that the door opened with it: NC (or NA-I, when the
/// visitor had tried too early) becomes Accessed (and the customer's last status with it, when it
/// is their latest visit), in one transaction with the jobs that send the During Tour text at
/// `text_at` and end the tour at `window_end`. None when no waiting visit has that code.
pub async fn mark_accessed(
    db: &Db,
    access_code_id: i64,
    at: DateTime<Utc>,
    text_at: Option<DateTime<Utc>>,
    window_end: Option<DateTime<Utc>>,
) -> Result<Option<i64>> {
    let accessed = status_id("Accessed");
    on_pool!(db, |pool| {
        let mut tx = pool.begin().await?;
        let visit: Option<(i64, i64)> = sqlx::query_as(
            "UPDATE customer_visits SET visit_status_id = $1, modified_on = $2 \
             WHERE access_code_id = $3 AND visit_status_id IN ($4, $5) RETURNING customer_visit_id, customer_id",
        )
        .bind(accessed)
        .bind(at)
        .bind(access_code_id)
        .bind(status_id("NC"))
        .bind(status_id("NA-I"))
        .fetch_optional(&mut *tx)
        .await?;
        // The booking this code was for (if any) is completed; it has no visit until its door
        // opens (or its code was tried too early), so the visit is made now, Accessed.
        let booked: Option<(i64, i64, i64, i64)> = sqlx::query_as(
            "UPDATE scheduled_visits SET status = 'completed', modified_on = $1 \
             WHERE access_code_id = $2 AND status = 'created' AND customer_id IS NOT NULL \
             RETURNING builder_id, customer_id, property_id, id",
        )
        .bind(at)
        .bind(access_code_id)
        .fetch_optional(&mut *tx)
        .await?;
        let visit = match (visit, booked) {
            (Some(visit), _) => Some(visit),
            (None, Some(booked)) => {
                let id = booking_visit_in!(tx, booked, accessed, "", at, access_code_id)?;
                Some((id, booked.1))
            }
            (None, None) => None,
        };
        let Some((visit_id, customer_id)) = visit else {
            return Ok(None);
        };
        sqlx::query(
            "UPDATE customers SET last_visit_status_id = $1 WHERE customer_id = $2 AND NOT EXISTS \
             (SELECT 1 FROM customer_visits v WHERE v.customer_id = $2 AND v.customer_visit_id > $3)",
        )
        .bind(accessed)
        .bind(customer_id)
        .bind(visit_id)
        .execute(&mut *tx)
        .await?;
        if let Some(text_at) = text_at {
            crate::enqueue_job!(
                tx,
                DURING_TOUR_TEXT,
                visit_id.to_string(),
                text_at,
                Some(format!("during-tour-{visit_id}"))
            )?;
        }
        if let Some(window_end) = window_end {
            crate::enqueue_job!(
                tx,
                TOUR_WINDOW_END,
                format!("{visit_id}@{}", window_end.to_rfc3339()),
                window_end,
                Some(format!("tour-end-{visit_id}"))
            )?;
        }
        tx.commit().await?;
        Ok(Some(visit_id))
    })
}

/// The job that sends a visit's During Tour text.
pub const DURING_TOUR_TEXT: &str = "during_tour_text";
/// The job that ends a tour when its code's window is over (if the door did not lock first);
/// its payload is `{visit}@{end}`.
pub const TOUR_WINDOW_END: &str = "tour_window_end";
/// The job that sends a visit's After Tour text with its post-tour link.
pub const AFTER_TOUR_TEXT: &str = "after_tour_text";

/// Ends an Accessed visit's tour at `at`, once: in one transaction with the job that sends the
/// After Tour text at `text_at`. Answers whether this call ended it.
pub async fn end_tour(
    db: &Db,
    visit_id: i64,
    at: DateTime<Utc>,
    text_at: Option<DateTime<Utc>>,
) -> Result<bool> {
    on_pool!(db, |pool| {
        let mut tx = pool.begin().await?;
        let ended = sqlx::query(
            "UPDATE customer_visits SET tour_ended_on = $1 \
             WHERE customer_visit_id = $2 AND visit_status_id = $3 AND tour_ended_on IS NULL",
        )
        .bind(at)
        .bind(visit_id)
        .bind(status_id("Accessed"))
        .execute(&mut *tx)
        .await?
        .rows_affected()
            == 1;
        if ended {
            if let Some(text_at) = text_at {
                crate::enqueue_job!(
                    tx,
                    AFTER_TOUR_TEXT,
                    visit_id.to_string(),
                    text_at,
                    Some(format!("after-tour-{visit_id}"))
                )?;
            }
        }
        tx.commit().await?;
        Ok(ended)
    })
}

/// The tours under way through a lock (Accessed with one of its codes before `at`, not ended):
/// the ones its locking at `at` ends.
pub async fn touring_through(db: &Db, device_id: i64, at: DateTime<Utc>) -> Result<Vec<i64>> {
    on_pool!(db, |pool| {
        sqlx::query_scalar(
        "SELECT v.customer_visit_id FROM customer_visits v JOIN access_codes c ON c.id = v.access_code_id \
         WHERE c.device_id = $1 AND v.visit_status_id = $2 AND v.tour_ended_on IS NULL AND v.modified_on <= $3"
    )
    .bind(device_id)
    .bind(status_id("Accessed"))
    .bind(at)
    .fetch_all(pool)
    .await
    })
}

/// A visitor's code typed outside its window and refused by the lock: a visit still waiting (NC)
/// becomes NA-I, and every visit with that code gets a line in its remarks saying when. A booked
/// tour tried before its time has no visit yet: one is made, NA-I. Answers the visits flagged.
pub async fn refuse_entry(
    db: &Db,
    access_code_id: i64,
    at: DateTime<Utc>,
    remark: &str,
) -> Result<Vec<i64>> {
    let refused = status_id("NA-I");
    on_pool!(db, |pool| {
        let mut tx = pool.begin().await?;
        let mut flagged: Vec<i64> = sqlx::query_scalar(
            "UPDATE customer_visits SET \
               visit_status_id = CASE WHEN visit_status_id = $1 THEN $2 ELSE visit_status_id END, \
               remarks = CASE WHEN remarks IS NULL OR remarks = '' THEN $3 ELSE remarks || $6 END, \
               modified_on = $4 \
             WHERE access_code_id = $5 RETURNING customer_visit_id",
        )
        .bind(status_id("NC"))
        .bind(refused)
        .bind(remark)
        .bind(at)
        .bind(access_code_id)
        .bind(format!("\n{remark}"))
        .fetch_all(&mut *tx)
        .await?;
        if flagged.is_empty() {
            let booked: Option<(i64, i64, i64, i64)> = sqlx::query_as(
                "SELECT builder_id, customer_id, property_id, id FROM scheduled_visits \
                 WHERE access_code_id = $1 AND status = 'created' AND customer_id IS NOT NULL",
            )
            .bind(access_code_id)
            .fetch_optional(&mut *tx)
            .await?;
            if let Some(booked) = booked {
                let remark = format!("\n{remark}");
                flagged.push(booking_visit_in!(
                    tx,
                    booked,
                    refused,
                    &remark,
                    at,
                    access_code_id
                )?);
            }
        }
        tx.commit().await?;
        Ok(flagged)
    })
}

/// Keeps the hash of the key a visit's After Tour link carries.
pub async fn set_after_key(db: &Db, visit_id: i64, key_hash: &str) -> Result<()> {
    on_pool!(db, |pool| sqlx::query(
        "UPDATE customer_visits SET after_key_hash = $1 WHERE customer_visit_id = $2"
    )
    .bind(key_hash)
    .bind(visit_id)
    .execute(pool)
    .await
    .map(|_| ()))
}

/// The customer and builder of a visit whose After Tour link carries the key with this hash.
pub async fn by_after_key(db: &Db, visit_id: i64, key_hash: &str) -> Result<Option<(i64, i64)>> {
    on_pool!(db, |pool| {
        sqlx::query_as(
        "SELECT customer_id, builder_id FROM customer_visits WHERE customer_visit_id = $1 AND after_key_hash = $2"
    )
    .bind(visit_id)
    .bind(key_hash)
    .fetch_optional(pool)
    .await
    })
}

/// The catalogue id of a visit status (`Accessed`, `NC`, ...).
pub fn status_id(name: &str) -> i64 {
    domain::catalog::VISITOR_STATUSES
        .iter()
        .find(|(_, n, _)| *n == name)
        .map(|(id, _, _)| *id)
        .expect("a catalogue visit status")
}

/// What a follow-up text about a visit says: who, where, and the builder's words.
#[derive(Debug, Clone, FromRow)]
pub struct VisitText {
    pub builder_id: i64,
    pub customer_id: i64,
    pub firstname: String,
    pub cell_phone_1: Option<String>,
    pub property_id: i64,
    pub address_1: String,
    pub subdivision: Option<String>,
    pub marketing_name: Option<String>,
    pub city: String,
    pub state: String,
    pub house_num: Option<String>,
    pub community_name: String,
    pub community_url: Option<String>,
    pub company_name: String,
    pub company_marketing_name: Option<String>,
    pub company_legal_name: Option<String>,
    pub webflow_name: String,
    pub during_tour_message: Option<String>,
    pub after_tour_message: Option<String>,
}

pub async fn text_of(db: &Db, visit_id: i64) -> Result<Option<VisitText>> {
    let sql = "SELECT v.builder_id, v.customer_id, c.firstname, c.cell_phone_1, v.property_id, p.address_1, \
               p.subdivision, p.marketing_name, p.city, p.state, p.house_num, m.name AS community_name, \
               m.community_url, b.name AS company_name, s.marketing_name AS company_marketing_name, \
               s.legal_name AS company_legal_name, b.webflow_name, s.during_tour_message, s.after_tour_message \
               FROM customer_visits v JOIN customers c ON c.customer_id = v.customer_id \
               JOIN properties p ON p.property_id = v.property_id JOIN communities m ON m.id = p.community_id \
               JOIN builders b ON b.builder_id = v.builder_id \
               LEFT JOIN builder_settings s ON s.builder_id = v.builder_id WHERE v.customer_visit_id = $1";
    on_pool!(db, |pool| sqlx::query_as(sql)
        .bind(visit_id)
        .fetch_optional(pool)
        .await)
}
