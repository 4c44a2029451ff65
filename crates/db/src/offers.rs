//! Offers: a visitor's "Ready to Buy" (or "Ready to Rent") after a tour, listed and shown.

use chrono::{DateTime, NaiveDate, Utc};
use domain::lists::Order;
use serde::Serialize;
use sqlx::FromRow;
use utoipa::ToSchema;

use crate::list::ListSpec;
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
    from: "offers o JOIN customers c ON c.customer_id = o.customer_id \
           JOIN properties p ON p.property_id = o.property_id",
    scope_column: "o.builder_id",
    search_columns: &[
        "c.firstname",
        "c.lastname",
        "c.email_1",
        "c.cell_phone_1",
        "o.floor_plan",
        "CAST(o.property_id AS TEXT)",
    ],
    sort_columns: &[
        ("id", "o.id"),
        ("property_id", "o.property_id"),
        ("customer_id", "o.customer_id"),
        ("firstname", "lower(c.firstname)"),
        ("lastname", "lower(c.lastname)"),
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
