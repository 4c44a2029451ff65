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

impl ScheduledVisitRow {
    /// The row with its home's time zone's abbreviation and name.
    pub fn zoned(mut self) -> ScheduledVisitRow {
        self.zone = crate::ZoneNames::of(Some(self.timezone));
        self
    }
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
    search_columns: &[
        "s.first_name",
        "s.last_name",
        "s.email",
        "s.phone",
        "CAST(s.property_id AS TEXT)",
    ],
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
