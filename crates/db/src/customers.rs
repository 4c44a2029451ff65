//! Customers: the customers list, with what each customer row keeps of its visits.

use chrono::{DateTime, Utc};
use domain::lists::Order;
use serde::Serialize;
use sqlx::FromRow;
use utoipa::ToSchema;

use crate::list::ListSpec;

/// A customer as the customers list shows it (spec 2 §2).
#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct CustomerRow {
    pub customer_id: i64,
    pub firstname: String,
    pub lastname: String,
    pub email_1: Option<String>,
    pub cell_phone_1: Option<String>,
    /// Contact, or No contact once the visitor asked for no more texts.
    pub visitor_contact_status_id_value: String,
    pub visitor_type_id: i64,
    /// V, AG, TC or CL.
    pub visitor_type_id_value: String,
    pub visits_count: i64,
    pub last_visit_date: Option<DateTime<Utc>>,
    pub created_on: DateTime<Utc>,
    /// The home of the customer's last visit.
    pub last_visit_property_id: Option<i64>,
    /// The status of the customer's last visit (Accessed, NC, NA-V, NA-T, NA-L...).
    pub last_visit_status: Option<String>,
    /// 155 blacklisted, 154 not.
    pub visitor_status_id: i64,
    pub visitor_status_id_value: String,
    /// The time zone of the last visit's home (the list shows the last visit there).
    pub timezone: Option<i64>,
    /// Its abbreviation (ET, CT, MT, PT) and name (America/New_York...).
    #[sqlx(skip)]
    #[serde(rename = "timezoneAbbr")]
    pub timezone_abbr: Option<String>,
    #[sqlx(skip)]
    #[serde(rename = "timezoneValue")]
    pub timezone_value: Option<String>,
    pub builder_id: i64,
}

impl CustomerRow {
    /// The row with its time zone's abbreviation and name.
    pub fn zoned(mut self) -> CustomerRow {
        let zone = self.timezone.and_then(|id| {
            domain::catalog::TIMEZONES
                .iter()
                .find(|(zone, _, _)| *zone == id)
        });
        self.timezone_value = zone.map(|(_, name, _)| name.to_string());
        self.timezone_abbr = zone.map(|(_, _, abbr)| abbr.to_string());
        self
    }
}

pub const CUSTOMERS: ListSpec = ListSpec {
    columns: "c.customer_id, c.firstname, c.lastname, c.email_1, c.cell_phone_1, \
              CASE WHEN c.contactable THEN 'Contact' ELSE 'No contact' END AS visitor_contact_status_id_value, \
              c.visitor_type_id, t.name AS visitor_type_id_value, c.visits_count, c.last_visit_date, c.created_on, \
              c.last_visit_property_id, l.name AS last_visit_status, c.visitor_status_id, \
              s.name AS visitor_status_id_value, p.timezone, c.builder_id",
    from: "customers c JOIN catalog t ON t.catalog_id = c.visitor_type_id \
           JOIN catalog s ON s.catalog_id = c.visitor_status_id \
           LEFT JOIN catalog l ON l.catalog_id = c.last_visit_status_id \
           LEFT JOIN properties p ON p.property_id = c.last_visit_property_id",
    scope_column: "c.builder_id",
    search_columns: &["c.firstname", "c.lastname", "c.email_1", "c.cell_phone_1"],
    sort_columns: &[
        ("customer_id", "c.customer_id"),
        ("firstname", "lower(c.firstname)"),
        ("lastname", "lower(c.lastname)"),
        ("visitor_contact_status_id_value", "c.contactable"),
        ("visitor_type_id_value", "t.name"),
        ("visits_count", "c.visits_count"),
        ("last_visit_date", "c.last_visit_date"),
        ("created_on", "c.created_on"),
        ("last_visit_property_id", "c.last_visit_property_id"),
        ("last_visit_status", "l.name"),
        ("visitor_status_id_value", "s.name"),
    ],
    default_sort: ("last_visit_date", Order::Desc),
    tie_breaker: "c.customer_id",
    key_column: "c.customer_id",
    ..ListSpec::PLAIN
};
