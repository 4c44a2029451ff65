//! Scheduled visits: tours booked for a time, listed, shown one by one, exported and deleted.

use chrono::{DateTime, Utc};
use domain::lists::Order;
use serde::Serialize;
use sqlx::FromRow;
use utoipa::ToSchema;

use crate::customers::HomeAgent;
use crate::list::ListSpec;
use crate::{now, on_pool, Db, Result, Scope};

/// Status of a booked tour not yet taken or cancelled; `cancelled` and `completed` follow it.
pub const CREATED: &str = "created";
pub const CANCELLED: &str = "cancelled";
pub const COMPLETED: &str = "completed";

/// A scheduled visit as the list and the detail show it (spec 2 §3).
#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct ScheduledVisitRow {
    pub id: i64,
    pub first_name: String,
    pub last_name: String,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub visit_date: DateTime<Utc>,
    /// The home's time zone id; its abbreviation and name follow.
    pub timezone: i64,
    /// Its abbreviation and name.
    #[sqlx(skip)]
    #[serde(flatten)]
    pub zone: crate::ZoneNames,
    pub comments: Option<String>,
    /// Where it was booked: `visitor` (the tour page), `share` (staff) or an integration's name.
    pub source: String,
    /// created, cancelled or completed.
    pub status: String,
    pub external_id: Option<String>,
    pub property_id: i64,
    pub house_num: Option<String>,
    pub address_1: String,
    #[serde(rename = "builderName")]
    pub builder_name: String,
    pub builder_id: i64,
}

/// A scheduled visit with its home's agents.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ScheduledVisitDetail {
    #[serde(flatten)]
    pub visit: ScheduledVisitRow,
    #[serde(rename = "propertyAgents")]
    pub property_agents: Vec<HomeAgent>,
}

pub const SCHEDULED_VISITS: ListSpec = ListSpec {
    columns:
        "s.id, s.first_name, s.last_name, s.email, s.phone, s.visit_date, p.timezone, s.comments, \
              s.source, s.status, s.external_id, s.property_id, p.house_num, p.address_1, \
              b.name AS builder_name, s.builder_id",
    from: "scheduled_visits s JOIN properties p ON p.property_id = s.property_id \
           JOIN builders b ON b.builder_id = s.builder_id",
    scope_column: "s.builder_id",
    // The names, email, phone and home's number in one column (lowered on PostgreSQL), with its
    // trigram index (migration 0042).
    search_columns: &["s.search_text"],
    search_columns_lowered: true,
    search_index: "scheduled_visit_search",
    sort_columns: &[
        ("id", "s.id"),
        ("first_name", "lower(s.first_name)"),
        ("last_name", "lower(s.last_name)"),
        ("email", "lower(s.email)"),
        ("phone", "s.phone"),
        ("status", "s.status"),
        ("visit_date", "s.visit_date"),
        ("property_id", "s.property_id"),
    ],
    default_sort: ("visit_date", Order::Desc),
    tie_breaker: "s.id",
    key_column: "s.id",
    base: "scheduled_visits s",
    // Tours booked per builder (migration 0042).
    totals: "(SELECT builder_id, total FROM list_rows WHERE list = 'scheduled_visits') s",
    totals_count: "s.total",
    totals_columns: &["s.builder_id"],
    // An order index for every sort (migration 0042).
    walk_orders: true,
    // One builder's tours booked are tested row by row faster than a common name is found in
    // the trigram index over every builder's.
    scan_rows: 20_000,
    ..ListSpec::PLAIN
};

/// One scheduled visit of the scope's builders, with its home's agents.
pub async fn detail(db: &Db, scope: &Scope, id: i64) -> Result<Option<ScheduledVisitDetail>> {
    let rows: Vec<ScheduledVisitRow> = SCHEDULED_VISITS
        .selected(db, scope, &[crate::Value::from(id)])
        .await?;
    let Some(visit) = rows.into_iter().next() else {
        return Ok(None);
    };
    let property_agents = crate::customers::home_agents(
        db,
        "SELECT property_id FROM scheduled_visits WHERE id = $1",
        id,
    )
    .await?;
    Ok(Some(ScheduledVisitDetail {
        visit: visit.zoned(),
        property_agents,
    }))
}

/// A tour booked for a time.
pub struct NewScheduledVisit<'a> {
    pub builder_id: i64,
    pub property_id: i64,
    pub customer_id: Option<i64>,
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub email: Option<&'a str>,
    pub phone: Option<&'a str>,
    pub visit_date: DateTime<Utc>,
    pub comments: Option<&'a str>,
    pub source: &'a str,
    pub status: &'a str,
}

pub async fn create(db: &Db, visit: &NewScheduledVisit<'_>) -> Result<i64> {
    let sql = "INSERT INTO scheduled_visits (builder_id, property_id, customer_id, first_name, last_name, email, \
               phone, visit_date, comments, source, status, created_on, modified_on) \
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) RETURNING id";
    on_pool!(db, |pool| sqlx::query_scalar(sql)
        .bind(visit.builder_id)
        .bind(visit.property_id)
        .bind(visit.customer_id)
        .bind(visit.first_name)
        .bind(visit.last_name)
        .bind(visit.email)
        .bind(visit.phone)
        .bind(visit.visit_date)
        .bind(visit.comments)
        .bind(visit.source)
        .bind(visit.status)
        .bind(now())
        .fetch_one(pool)
        .await)
}

/// Deletes the scope's scheduled visits among `ids`; how many went.
pub async fn delete_in_scope(db: &Db, scope: &Scope, ids: &[i64]) -> Result<u64> {
    crate::delete_ids(db, scope, "scheduled_visits", "id", ids).await
}

/// A tour a visitor books on the tour page: the visit, the code already made for its window, and
/// the texts it sends (the confirmation now, the builder's Scheduled Tour text a little later).
pub struct Booking<'a> {
    pub visit: NewScheduledVisit<'a>,
    pub access_code_id: i64,
    pub confirmation: &'a str,
    pub scheduled_text: Option<(String, DateTime<Utc>)>,
    pub at: DateTime<Utc>,
}

/// Books a tour in one transaction: the scheduled visit (with its code), its `scheduled.tours`
/// event and its texts; answers the visit's id.
pub async fn book(db: &Db, booking: &Booking<'_>) -> Result<i64> {
    let v = &booking.visit;
    let at = booking.at;
    on_pool!(db, |pool| {
        let mut tx = pool.begin().await?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO scheduled_visits (builder_id, property_id, customer_id, first_name, last_name, email, \
             phone, visit_date, comments, source, status, created_on, modified_on, access_code_id) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, $13) RETURNING id",
        )
        .bind(v.builder_id)
        .bind(v.property_id)
        .bind(v.customer_id)
        .bind(v.first_name)
        .bind(v.last_name)
        .bind(v.email)
        .bind(v.phone)
        .bind(v.visit_date)
        .bind(v.comments)
        .bind(v.source)
        .bind(v.status)
        .bind(at)
        .bind(booking.access_code_id)
        .fetch_one(&mut *tx)
        .await?;
        let payload = serde_json::json!({
            "scheduled_visit_id": id, "property_id": v.property_id, "customer_id": v.customer_id,
            "visit_date": v.visit_date, "source": v.source, "status": v.status,
        });
        crate::record_event!(tx, v.builder_id, "scheduled.tours", payload, at)?;
        if let Some(phone) = v.phone {
            crate::queue_text_in!(tx, phone, booking.confirmation, at)?;
            if let Some((text, send_at)) = &booking.scheduled_text {
                crate::queue_text_in!(tx, phone, text.as_str(), *send_at)?;
            }
        }
        tx.commit().await?;
        Ok(id)
    })
}

/// A visitor's own booked tour.
#[derive(Debug, Clone, FromRow)]
pub struct VisitorBooking {
    pub id: i64,
    pub property_id: i64,
    pub visit_date: DateTime<Utc>,
    pub status: String,
    pub access_code_id: Option<i64>,
}

/// The visitor's tours of a home still to come, soonest first.
pub async fn upcoming(
    db: &Db,
    customer_id: i64,
    property_id: i64,
    after: DateTime<Utc>,
) -> Result<Vec<VisitorBooking>> {
    on_pool!(db, |pool| {
        sqlx::query_as(
        "SELECT id, property_id, visit_date, status, access_code_id FROM scheduled_visits \
         WHERE customer_id = $1 AND property_id = $2 AND status = 'created' AND visit_date > $3 ORDER BY visit_date, id"
    )
    .bind(customer_id)
    .bind(property_id)
    .bind(after)
    .fetch_all(pool)
    .await
    })
}

/// Cancels a visitor's own booked tour; answers its code (to take off the lock), or None when
/// there is no such tour still booked.
pub async fn cancel(
    db: &Db,
    id: i64,
    customer_id: i64,
    at: DateTime<Utc>,
) -> Result<Option<Option<i64>>> {
    on_pool!(db, |pool| sqlx::query_scalar(
        "UPDATE scheduled_visits SET status = 'cancelled', modified_on = $1 \
         WHERE id = $2 AND customer_id = $3 AND status = 'created' RETURNING access_code_id"
    )
    .bind(at)
    .bind(id)
    .bind(customer_id)
    .fetch_optional(pool)
    .await)
}
