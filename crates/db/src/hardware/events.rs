//! What locks report about the doors they keep: locked, unlocked (with the code used and whose
//! it was), wrong codes and jams. The access history reads one home's locks over a time range.

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::FromRow;
use utoipa::ToSchema;

use crate::{on_pool, Db, Result};

/// Actions kept (the access history's words; an unlock's contains "unlock", as the spec reads it).
pub mod action {
    pub const LOCK: &str = "lock";
    pub const UNLOCK: &str = "unlock";
    pub const WRONG_CODE: &str = "wrong_code";
    pub const JAM: &str = "jam";
}

/// An event to keep.
#[derive(Debug, Clone)]
pub struct NewLockEvent {
    pub builder_id: i64,
    pub device_id: i64,
    pub property_id: Option<i64>,
    pub occurred_on: DateTime<Utc>,
    pub action: &'static str,
    pub msg: String,
    pub code_id: Option<i64>,
    pub code_name: Option<String>,
    pub customer_id: Option<i64>,
}

/// Keeps a lock's events read from `from` up to `to`, moving its cursor in the same transaction:
/// false (nothing kept) when another reader moved the cursor first, so no event is kept twice.
pub async fn keep(
    db: &Db,
    device_id: i64,
    from: Option<DateTime<Utc>>,
    to: DateTime<Utc>,
    events: &[NewLockEvent],
) -> Result<bool> {
    on_pool!(db, |pool| {
        let mut tx = pool.begin().await?;
        let moved = sqlx::query(
            "UPDATE devices SET events_cursor = $1 WHERE id = $2 AND \
             (events_cursor = $3 OR (events_cursor IS NULL AND $4))",
        )
        .bind(to)
        .bind(device_id)
        .bind(from)
        .bind(from.is_none())
        .execute(&mut *tx)
        .await?;
        if moved.rows_affected() != 1 {
            return Ok(false);
        }
        for e in events {
            sqlx::query(
                "INSERT INTO lock_events (builder_id, device_id, property_id, occurred_on, action, msg, code_id, code_name, customer_id)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
            )
            .bind(e.builder_id)
            .bind(e.device_id)
            .bind(e.property_id)
            .bind(e.occurred_on)
            .bind(e.action)
            .bind(&e.msg)
            .bind(e.code_id)
            .bind(&e.code_name)
            .bind(e.customer_id)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(true)
    })
}

/// The visitor whose code opened a lock.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct LogVisitor {
    pub customer_customer_id: i64,
    pub firstname: String,
    pub lastname: String,
}

/// One line of the access history (spec 2 §3, Lock log entry).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct LockLog {
    pub id: i64,
    pub created_on: DateTime<Utc>,
    pub msg: String,
    /// lock, unlock, wrong_code or jam.
    pub action: String,
    pub visitor: Option<LogVisitor>,
    /// The name of the code used, when a code opened the lock.
    pub pinCodeName: Option<String>,
    pub device_id: i64,
    /// The lock's name (a home may have several).
    pub lock_name: String,
}

#[derive(FromRow)]
struct LockLogRow {
    id: i64,
    occurred_on: DateTime<Utc>,
    msg: String,
    action: String,
    code_name: Option<String>,
    customer_id: Option<i64>,
    firstname: Option<String>,
    lastname: Option<String>,
    device_id: i64,
    lock_name: String,
}

/// At most this many lines a request (a busy week of one home is a few hundred).
pub const LOGS_LIMIT: i64 = 2000;

/// The events of some locks in `[from, to)`, newest first.
pub async fn logs(
    db: &Db,
    device_ids: &[i64],
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Result<Vec<LockLog>> {
    if device_ids.is_empty() {
        return Ok(Vec::new());
    }
    let list: Vec<String> = device_ids.iter().map(i64::to_string).collect();
    let sql = format!(
        "SELECT e.id, e.occurred_on, e.msg, e.action, e.code_name, e.customer_id, cu.firstname, cu.lastname, \
         e.device_id, d.name AS lock_name FROM lock_events e JOIN devices d ON d.id = e.device_id \
         LEFT JOIN customers cu ON cu.customer_id = e.customer_id \
         WHERE e.device_id IN ({}) AND e.occurred_on >= $1 AND e.occurred_on < $2 \
         ORDER BY e.occurred_on DESC, e.id DESC LIMIT {LOGS_LIMIT}",
        list.join(",")
    );
    let rows: Vec<LockLogRow> = on_pool!(db, |pool| sqlx::query_as(&sql)
        .bind(from)
        .bind(to)
        .fetch_all(pool)
        .await)?;
    Ok(rows
        .into_iter()
        .map(|r| LockLog {
            id: r.id,
            created_on: r.occurred_on,
            msg: r.msg,
            action: r.action,
            visitor: match (r.customer_id, r.firstname, r.lastname) {
                (Some(id), Some(firstname), Some(lastname)) => Some(LogVisitor {
                    customer_customer_id: id,
                    firstname,
                    lastname,
                }),
                _ => None,
            },
            pinCodeName: r.code_name,
            device_id: r.device_id,
            lock_name: r.lock_name,
        })
        .collect())
}
