//! Alarm (Alarm.com) accounts and their units. A unit is Available until a hub of type adc with
//! its customer id is attached to a home; then it is Attached.

use chrono::{DateTime, Utc};
use domain::lists::Order;
use serde::Serialize;
use sqlx::FromRow;
use utoipa::ToSchema;

use crate::list::ListSpec;
use crate::{now, on_pool, Db, Result, Scope};

/// A unit of an alarm account as the alarm devices list shows it (spec 2 §3 Alarm device).
#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct AlarmDeviceRow {
    #[serde(rename = "CustomerId")]
    pub customer_id: i64,
    #[serde(rename = "UnitDescription")]
    pub unit_description: String,
    pub builder_id: i64,
    /// Present when the unit is attached to a home.
    pub property_id: Option<i64>,
    pub lot_number: Option<String>,
    pub community_name: Option<String>,
    pub address_1: Option<String>,
    /// The hub the unit is attached as.
    pub hub_id: Option<i64>,
}

pub const ALARM_DEVICES: ListSpec = ListSpec {
    columns: "u.customer_id, u.unit_description, u.builder_id, \
              d.property_id, p.house_num AS lot_number, c.name AS community_name, p.address_1, d.id AS hub_id",
    from: "alarm_units u LEFT JOIN devices d ON d.builder_id = u.builder_id AND d.customer_id = u.customer_id \
           AND d.kind = 'hub' AND d.property_id IS NOT NULL \
           LEFT JOIN properties p ON p.property_id = d.property_id LEFT JOIN communities c ON c.id = p.community_id",
    scope_column: "u.builder_id",
    search_columns: &[
        "u.unit_description",
        "CAST(u.customer_id AS TEXT)",
        "c.name",
    ],
    sort_columns: &[
        ("CustomerId", "u.customer_id"),
        ("UnitDescription", "lower(u.unit_description)"),
    ],
    default_sort: ("CustomerId", Order::Desc),
    tie_breaker: "u.customer_id",
    key_column: "u.customer_id",
    ..ListSpec::PLAIN
};

/// A builder's alarm account, if it has one.
#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct AlarmAccount {
    pub builder_id: i64,
    pub login: String,
    pub created_on: DateTime<Utc>,
}

/// The alarm accounts of the builders in scope.
pub async fn accounts(db: &Db, scope: &Scope) -> Result<Vec<AlarmAccount>> {
    let sql = format!(
        "SELECT builder_id, login, created_on FROM alarm_accounts WHERE {} ORDER BY builder_id",
        scope.condition("builder_id")
    );
    on_pool!(db, |pool| sqlx::query_as(&sql).fetch_all(pool).await)
}

pub async fn open_account(db: &Db, builder_id: i64, login: &str) -> Result<()> {
    on_pool!(db, |pool| {
        sqlx::query(
        "INSERT INTO alarm_accounts (builder_id, login, created_on) VALUES ($1, $2, $3) ON CONFLICT (builder_id) DO NOTHING"
    )
    .bind(builder_id)
    .bind(login)
    .bind(now())
    .execute(pool)
    .await
    .map(|_| ())
    })
}

pub async fn add_unit(db: &Db, builder_id: i64, customer_id: i64, description: &str) -> Result<()> {
    on_pool!(db, |pool| {
        sqlx::query(
        "INSERT INTO alarm_units (customer_id, builder_id, unit_description, created_on) VALUES ($1, $2, $3, $4)"
    )
    .bind(customer_id)
    .bind(builder_id)
    .bind(description)
    .bind(now())
    .execute(pool)
    .await
    .map(|_| ())
    })
}

/// A unit of the caller's scope.
pub async fn unit(db: &Db, scope: &Scope, customer_id: i64) -> Result<Option<(i64, String)>> {
    let sql = format!(
        "SELECT builder_id, unit_description FROM alarm_units WHERE customer_id = $1 AND {}",
        scope.condition("builder_id")
    );
    on_pool!(db, |pool| sqlx::query_as(&sql)
        .bind(customer_id)
        .fetch_optional(pool)
        .await)
}
