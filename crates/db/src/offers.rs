//! Offers: a visitor's "Ready to Buy" (or "Ready to Rent") after a tour, listed and shown.

use chrono::{DateTime, NaiveDate, Utc};
use domain::lists::Order;
use serde::Serialize;
use sqlx::FromRow;
use utoipa::ToSchema;

use crate::list::{ListSpec, SearchThrough};
use crate::{now, on_pool, Db, Result};

/// An offer with who made it (spec 2 §3).
#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct OfferRow {
    pub id: i64,
    pub property_id: i64,
    pub customer_id: i64,
    pub floor_plan: Option<String>,
    pub prequalified: bool,
    pub move_in: Option<NaiveDate>,
    pub comments: Option<String>,
    /// `email`, or any other value meaning phone.
    pub preferred_contact: String,
    pub firstname: String,
    pub lastname: String,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub house_num: Option<String>,
    pub address_1: String,
    pub created_on: DateTime<Utc>,
    pub builder_id: i64,
}

pub const OFFERS: ListSpec = ListSpec {
    columns: "o.id, o.property_id, o.customer_id, o.floor_plan, o.prequalified, o.move_in, o.comments, \
              o.preferred_contact, c.firstname, c.lastname, c.cell_phone_1 AS phone, c.email_1 AS email, \
              p.house_num, p.address_1, o.created_on, o.builder_id",
    // An offer and its visitor are one builder's: saying so in the join lets the database read a
    // sort by the visitor's name from the customers' index of names (as the visits list does).
    from: "offers o JOIN customers c ON c.customer_id = o.customer_id AND c.builder_id = o.builder_id \
           JOIN properties p ON p.property_id = o.property_id",
    scope_column: "o.builder_id",
    // The offer's floor plan and home in one column (lowered, with a trigram index, on
    // PostgreSQL: migration 0056; in a trigram index on SQLite, 0057), and its visitor's names,
    // email and phone, found through the customers' trigram index.
    search_columns: &["o.search_text"],
    search_columns_lowered: true,
    search_index: "offer_search",
    search_through: &[SearchThrough {
        reference: "o.customer_id",
        table: "customers",
        key: "customer_id",
        scope_column: "builder_id",
        columns: &["firstname", "lastname", "email_1", "cell_phone_1"],
        search_index: "customer_search",
        search_candidates: "search_text LIKE ?",
        counts: None,
        search_keys: "",
    }],
    sort_columns: &[
        ("id", "o.id"),
        ("property_id", "o.property_id"),
        ("customer_id", "o.customer_id"),
        ("firstname", "lower(c.firstname), c.customer_id"),
        ("lastname", "lower(c.lastname), c.customer_id"),
        ("floor_plan", "lower(o.floor_plan)"),
        ("prequalified", "o.prequalified"),
        ("move_in", "o.move_in"),
        ("preferred_contact", "o.preferred_contact"),
        ("created_on", "o.created_on"),
    ],
    default_sort: ("move_in", Order::Desc),
    tie_breaker: "o.id",
    key_column: "o.id",
    base: "offers o",
    // Offers per builder (migration 0042).
    totals: "(SELECT builder_id, total FROM list_rows WHERE list = 'offers') o",
    totals_count: "o.total",
    totals_columns: &["o.builder_id"],
    // An order index for every sort of the offer's own columns (migration 0042); the visitor's
    // names walk the customers' indexes of names (migration 0040).
    walk_orders: true,
    walk_through: &["firstname", "lastname"],
    walk_from: "customers c CROSS JOIN offers o \
                ON c.customer_id = o.customer_id AND c.builder_id = o.builder_id",
    ..ListSpec::PLAIN
};

/// An offer a visitor makes; the builder is the home's.
pub struct NewOffer<'a> {
    pub property_id: i64,
    pub customer_id: i64,
    pub floor_plan: Option<&'a str>,
    pub prequalified: bool,
    pub move_in: Option<NaiveDate>,
    pub comments: Option<&'a str>,
    pub preferred_contact: &'a str,
    /// The tour the offer follows (one offer per tour).
    pub customer_visit_id: Option<i64>,
}

/// Keeps an offer; None when its tour already led to one.
pub async fn create(db: &Db, offer: &NewOffer<'_>) -> Result<Option<i64>> {
    let sql = "INSERT INTO offers (builder_id, property_id, customer_id, floor_plan, prequalified, move_in, \
               comments, preferred_contact, created_on, customer_visit_id) \
               SELECT builder_id, property_id, $2, $3, $4, $5, $6, $7, $8, $9 FROM properties WHERE property_id = $1 \
               ON CONFLICT (customer_visit_id) DO NOTHING RETURNING id";
    on_pool!(db, |pool| sqlx::query_scalar(sql)
        .bind(offer.property_id)
        .bind(offer.customer_id)
        .bind(offer.floor_plan)
        .bind(offer.prequalified)
        .bind(offer.move_in)
        .bind(offer.comments)
        .bind(offer.preferred_contact)
        .bind(now())
        .bind(offer.customer_visit_id)
        .fetch_optional(pool)
        .await)
}
