//! After tour hours: visitors' attempts to tour a home outside its tour hours.

use chrono::{DateTime, Utc};
use domain::lists::Order;
use serde::Serialize;
use sqlx::FromRow;
use utoipa::ToSchema;

use crate::list::ListSpec;
use crate::{on_pool, Db, Result};

/// An attempt as the list shows it (spec 2 §2).
#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct AfterTourHoursRow {
    pub id: i64,
    pub property_id: i64,
    pub house_num: Option<String>,
    pub address_1: String,
    /// The home's community.
    pub community: String,
    /// The tour hours window that applied at the attempt, e.g. "9:00 AM - 6:00 PM".
    pub tour_hours: String,
    /// When the visitor tried.
    pub modified_on: DateTime<Utc>,
    /// The builder's time zone id, in which the attempt shows; its abbreviation and name follow.
    pub timezone: i64,
    #[sqlx(skip)]
    #[serde(flatten)]
    pub zone: crate::ZoneNames,
    pub builder_id: i64,
}

impl AfterTourHoursRow {
    pub fn zoned(mut self) -> AfterTourHoursRow {
        self.zone = crate::ZoneNames::of(Some(self.timezone));
        self
    }
}

pub const AFTER_TOUR_HOURS: ListSpec = ListSpec {
    columns: "a.id, a.property_id, p.house_num, p.address_1, m.name AS community, a.tour_hours, a.modified_on, \
              b.timezone, a.builder_id",
    from: "after_tour_hours a JOIN properties p ON p.property_id = a.property_id \
           JOIN communities m ON m.id = p.community_id JOIN builders b ON b.builder_id = a.builder_id",
    scope_column: "a.builder_id",
    search_columns: &["CAST(a.property_id AS TEXT)", "m.name", "p.address_1", "a.tour_hours"],
    sort_columns: &[
        ("id", "a.id"),
        ("property_id", "a.property_id"),
        ("community", "lower(m.name)"),
        ("tour_hours", "a.tour_hours"),
        ("modified_on", "a.modified_on"),
    ],
    default_sort: ("modified_on", Order::Desc),
    tie_breaker: "a.id",
    key_column: "a.id",
    base: "after_tour_hours a",
    ..ListSpec::PLAIN
};

/// Records an attempt at a home outside its tour hours; the builder is the home's.
pub async fn record(
    db: &Db,
    property_id: i64,
    customer_id: Option<i64>,
    tour_hours: &str,
    at: DateTime<Utc>,
) -> Result<i64> {
    let sql = "INSERT INTO after_tour_hours (builder_id, property_id, customer_id, tour_hours, created_on, modified_on) \
               SELECT builder_id, property_id, $2, $3, $4, $4 FROM properties WHERE property_id = $1 RETURNING id";
    on_pool!(db, |pool| sqlx::query_scalar(sql)
        .bind(property_id)
        .bind(customer_id)
        .bind(tour_hours)
        .bind(at)
        .fetch_one(pool)
        .await)
}
