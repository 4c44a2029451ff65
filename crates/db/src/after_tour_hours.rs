//! After tour hours: visitors' attempts to tour a home outside its tour hours.

use chrono::{DateTime, Utc};
use domain::lists::Order;
use serde::Serialize;
use sqlx::FromRow;
use utoipa::ToSchema;

use crate::list::{ListSpec, SearchWords};
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

pub const AFTER_TOUR_HOURS: ListSpec = ListSpec {
    columns: "a.id, a.property_id, p.house_num, p.address_1, m.name AS community, a.tour_hours, a.modified_on, \
              b.timezone, a.builder_id",
    // An attempt, its home and the home's community are one builder's: saying so in the joins
    // lets the database read a sort by the community's name from the communities' index of names.
    from: "after_tour_hours a JOIN properties p ON p.property_id = a.property_id AND p.builder_id = a.builder_id \
           JOIN communities m ON m.id = p.community_id AND m.builder_id = p.builder_id \
           JOIN builders b ON b.builder_id = a.builder_id",
    scope_column: "a.builder_id",
    // The home's number and the tour hours in one column (lowered and indexed on PostgreSQL,
    // migration 0043; in a trigram index on SQLite, 0045), and the home's address and community's
    // name through the homes (their own trigram index).
    search_columns: &["a.search_text"],
    search_columns_lowered: true,
    search_through: &[crate::properties::searched_through("a.property_id")],
    search_index: "after_tour_hours_search",
    // The words of all of these (migration 0059).
    search_words: Some(SearchWords {
        table: "after_tour_hours_words",
        key: "id",
        scope_column: "builder_id",
    }),
    sort_columns: &[
        ("id", "a.id"),
        ("property_id", "a.property_id"),
        ("community", "lower(m.name), m.id, a.property_id"),
        ("tour_hours", "a.tour_hours"),
        ("modified_on", "a.modified_on"),
    ],
    default_sort: ("modified_on", Order::Desc),
    tie_breaker: "a.id",
    key_column: "a.id",
    base: "after_tour_hours a",
    // Attempts per builder (migration 0042).
    totals: "(SELECT builder_id, total FROM list_rows WHERE list = 'after_tour_hours') a",
    totals_count: "a.total",
    totals_columns: &["a.builder_id"],
    // An order index for every sort of the attempt's own columns (migration 0042); the
    // community's name walks the communities' index of names.
    walk_orders: true,
    walk_through: &["community"],
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
