//! Alerts about a home's devices, and who hears of them: the staff of the home and of its
//! community, each by their alert preferences.

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::FromRow;
use utoipa::ToSchema;

use crate::{on_pool, Db, Result, Scope};

/// What an alert is about; each reaches staff through the preference of its kind.
pub mod kind {
    pub const BATTERY_LOW: &str = "battery_low";
    pub const OFFLINE: &str = "offline";
    pub const JAM: &str = "jam";
    pub const CODE_FAILED: &str = "code_failed";
    pub const BACKUP_IN_USE: &str = "backup_in_use";
    pub const NOT_LOCKED: &str = "not_locked";
    pub const CODE_NOT_REMOVED: &str = "code_not_removed";
    /// Not device alerts, but told to the same staff by their general preferences: a visitor's
    /// lead (verified, booked, started a tour) and an attempt outside the tour hours.
    pub const LEAD: &str = "lead";
    pub const AFTER_HOURS: &str = "after_hours";
}

#[derive(Debug, Clone)]
pub struct NewAlert {
    pub builder_id: i64,
    pub property_id: Option<i64>,
    pub device_id: Option<i64>,
    pub code_id: Option<i64>,
    pub kind: &'static str,
    pub message: String,
}

pub async fn raise(db: &Db, alert: &NewAlert, at: DateTime<Utc>) -> Result<i64> {
    on_pool!(db, |pool| {
        sqlx::query_scalar(
        "INSERT INTO device_alerts (builder_id, property_id, device_id, code_id, kind, message, created_on)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id"
    )
    .bind(alert.builder_id)
    .bind(alert.property_id)
    .bind(alert.device_id)
    .bind(alert.code_id)
    .bind(alert.kind)
    .bind(&alert.message)
    .bind(at)
    .fetch_one(pool)
    .await
    })
}

/// A staff member who may hear of a home's alerts, with their preferences.
#[derive(Debug, Clone, FromRow)]
pub struct Recipient {
    pub user_id: i64,
    pub email: String,
    pub phone: String,
    pub send_email: i64,
    pub send_sms: i64,
    pub lock_battery_level_send_email: i64,
    pub lock_battery_level_send_sms: i64,
    pub lock_offline_send_email: i64,
    pub lock_offline_send_sms: i64,
    pub lock_jam_events_send_email: i64,
    pub lock_jam_events_send_sms: i64,
}

impl Recipient {
    /// Whether they want an alert of `kind` by mail and by text: batteries, connections and jams
    /// by their own preferences, the rest (codes, backup codes, doors left open) by the general
    /// ones.
    pub fn wants(&self, kind: &str) -> (bool, bool) {
        let (email, sms) = match kind {
            kind::BATTERY_LOW => (
                self.lock_battery_level_send_email,
                self.lock_battery_level_send_sms,
            ),
            kind::OFFLINE => (self.lock_offline_send_email, self.lock_offline_send_sms),
            kind::JAM => (
                self.lock_jam_events_send_email,
                self.lock_jam_events_send_sms,
            ),
            _ => (self.send_email, self.send_sms),
        };
        (email != 0, sms != 0)
    }
}

/// The staff of a home and of its community, once each.
pub async fn recipients(db: &Db, property_id: i64) -> Result<Vec<Recipient>> {
    on_pool!(db, |pool| {
        sqlx::query_as(
        "SELECT u.user_id, u.email, u.phone, u.send_email, u.send_sms, u.lock_battery_level_send_email,
                u.lock_battery_level_send_sms, u.lock_offline_send_email, u.lock_offline_send_sms,
                u.lock_jam_events_send_email, u.lock_jam_events_send_sms
         FROM users u WHERE u.user_id IN (
             SELECT a.user_id FROM property_agents a WHERE a.property_id = $1
             UNION SELECT ca.user_id FROM community_agents ca JOIN properties p ON p.community_id = ca.community_id
                   WHERE p.property_id = $1)
         ORDER BY u.user_id"
    )
    .bind(property_id)
    .fetch_all(pool)
    .await
    })
}

/// An alert as the console shows it.
#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct AlertRow {
    pub id: i64,
    pub property_id: Option<i64>,
    pub device_id: Option<i64>,
    pub kind: String,
    pub message: String,
    pub created_on: DateTime<Utc>,
}

/// A home's latest alerts, newest first.
pub async fn of_property(
    db: &Db,
    scope: &Scope,
    property_id: i64,
    limit: i64,
) -> Result<Vec<AlertRow>> {
    let sql = format!(
        "SELECT id, property_id, device_id, kind, message, created_on FROM device_alerts \
         WHERE property_id = $1 AND {} ORDER BY id DESC LIMIT $2",
        scope.condition("builder_id")
    );
    on_pool!(db, |pool| sqlx::query_as(&sql)
        .bind(property_id)
        .bind(limit)
        .fetch_all(pool)
        .await)
}

/// Alerts of a kind raised since an instant (tests and the soak test's figures).
pub async fn count_since(db: &Db, kind: &str, since: DateTime<Utc>) -> Result<i64> {
    on_pool!(db, |pool| sqlx::query_scalar(
        "SELECT COUNT(*) FROM device_alerts WHERE kind = $1 AND created_on >= $2"
    )
    .bind(kind)
    .bind(since)
    .fetch_one(pool)
    .await)
}

/// The alerts raised about codes: (code id, kind).
pub async fn about_codes(db: &Db) -> Result<Vec<(i64, String)>> {
    on_pool!(db, |pool| sqlx::query_as(
        "SELECT code_id, kind FROM device_alerts WHERE code_id IS NOT NULL ORDER BY id"
    )
    .fetch_all(pool)
    .await)
}

/// Alerts by kind (the soak test's figures).
pub async fn count_by_kind(db: &Db) -> Result<Vec<(String, i64)>> {
    on_pool!(db, |pool| sqlx::query_as(
        "SELECT kind, COUNT(*) FROM device_alerts GROUP BY kind ORDER BY kind"
    )
    .fetch_all(pool)
    .await)
}
