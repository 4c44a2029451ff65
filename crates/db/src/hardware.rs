//! Hardware: the history of device actions (the hub activity log).

use chrono::{DateTime, Utc};
use domain::lists::Order;
use serde::Serialize;
use sqlx::FromRow;
use utoipa::ToSchema;

use crate::list::ListSpec;
use crate::{now, on_pool, Db, Result};

/// One device action as the history lists it.
#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct ActivityLogRow {
    pub id: i64,
    pub hub_type: Option<String>,
    pub lock_type: Option<String>,
    pub serial_number: String,
    pub property_id: Option<i64>,
    /// `activate`, `remove`, `mask_as_sold` (the spec's names), or what was done to a lock
    /// (`lock`, `unlock`, `codes`, `scheduled_codes`, `auto_lock`, `settings`).
    pub action: String,
    pub created_on: DateTime<Utc>,
    pub created_by: String,
    pub users_email: Option<String>,
}

/// How the spec shows an action; the others show as they are stored.
pub fn action_label(action: &str) -> &str {
    match action {
        "remove" => "Removed, not sold",
        "activate" => "Activated",
        "mask_as_sold" => "Removed, marked as sold",
        other => other,
    }
}

/// The hardware history. Actions are searched in their shown words, as the user reads them
/// (migration 0028 words them as [`action_label`] does).
pub const ACTIVITY_LOGS: ListSpec = ListSpec {
    columns:
        "h.id, h.hub_type, h.lock_type, h.serial_number, h.property_id, h.action, h.created_on, \
              h.created_by, h.users_email",
    from: "hub_activity_logs h",
    scope_column: "h.builder_id",
    // Serial number, property id, author and the action as shown, in one lowered value with
    // its trigram index (migration 0028).
    search_columns: &["h.search_text"],
    search_columns_lowered: true,
    search_index: "hub_activity_search",
    sort_columns: &[
        ("id", "h.id"),
        ("hub_type", "h.hub_type"),
        ("lock_type", "h.lock_type"),
        ("serial_number", "h.serial_number"),
        ("property_id", "h.property_id"),
        ("action", "h.action"),
        ("created_on", "h.created_on"),
        ("created_by", "lower(h.created_by)"),
        ("users_email", "lower(h.users_email)"),
    ],
    default_sort: ("id", Order::Desc),
    tie_breaker: "h.id",
    key_column: "h.id",
    base: "hub_activity_logs h",
    // Entries per builder (migration 0028), so a page over a million entries counts twenty rows.
    totals: "hub_activity_counts h",
    totals_count: "h.entries",
    totals_columns: &["h.builder_id"],
    walk_orders: true,
    walk_through: &[],
    scan_rows: 0,
    ..ListSpec::PLAIN
};

/// A device action to record.
#[derive(Debug, Clone)]
pub struct NewActivity<'a> {
    pub builder_id: i64,
    pub hub_type: Option<&'a str>,
    pub lock_type: Option<&'a str>,
    pub serial_number: &'a str,
    pub property_id: Option<i64>,
    pub action: &'a str,
    pub created_by: &'a str,
    pub users_email: Option<&'a str>,
    /// When it happened (now, unless a history is being loaded).
    pub at: Option<DateTime<Utc>>,
}

pub async fn record(db: &Db, activity: &NewActivity<'_>) -> Result<()> {
    let sql = "INSERT INTO hub_activity_logs (builder_id, hub_type, lock_type, serial_number, property_id, action,
               created_on, created_by, users_email) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)";
    on_pool!(db, |pool| sqlx::query(sql)
        .bind(activity.builder_id)
        .bind(activity.hub_type)
        .bind(activity.lock_type)
        .bind(activity.serial_number)
        .bind(activity.property_id)
        .bind(activity.action)
        .bind(activity.at.unwrap_or_else(now))
        .bind(activity.created_by)
        .bind(activity.users_email)
        .execute(pool)
        .await
        .map(|_| ()))
}

pub mod alarm;
pub mod alerts;
pub mod codes;
pub mod devices;
pub mod events;
pub mod providers;
