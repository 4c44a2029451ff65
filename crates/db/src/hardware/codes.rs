//! Codes on locks and where each stands (`domain::codes::CodeState`). A change of codes is
//! written with the jobs that carry it to the lock, in one transaction: a code is never meant to
//! be on a lock without a job on its way to put it there, nor off one without a job to take it off.

use std::fmt;

use chrono::{DateTime, Duration, Utc};
use serde::Serialize;
use sqlx::FromRow;

use crate::{enqueue_job, on_pool, Db, Result};

/// The job that brings a code's lock in line with the code (`server::devices::codes`).
pub const RECONCILE: &str = "code.reconcile";

/// A scheduled code goes onto its lock this long before its start (it opens the lock only within
/// its own window, so early is safe; it also leaves time to retry, and to issue the backup code).
pub fn preload() -> Duration {
    Duration::hours(1)
}

/// What a code is for.
pub mod purpose {
    /// A hub lock's user code in a slot (the Lock Codes editor), or a smart lock's permanent code.
    pub const USER: &str = "user";
    /// A time-bound code from a scheduled-codes editor.
    pub const SCHEDULED: &str = "scheduled";
    /// The home's (or its community's) master, trade, sales and resident codes (Sync Codes Now).
    pub const MASTER: &str = "master";
    pub const TRADE: &str = "trade";
    pub const SALES: &str = "sales";
    pub const RESIDENT: &str = "resident";
    /// The community's backup code, put on a lock when a visitor's code could not be.
    pub const BACKUP: &str = "backup";
    /// A visitor's tour code.
    pub const VISITOR: &str = "visitor";

    /// The codes Sync Codes Now keeps, in slot order on a hub lock (the reserved slots 6 to 10).
    pub const AUTOMATION: [&str; 4] = [MASTER, TRADE, SALES, RESIDENT];
}

/// The hub lock slot each automation code and the backup code take (from the reserved 6 to 10).
pub fn reserved_slot(purpose: &str) -> Option<i64> {
    match purpose {
        purpose::MASTER => Some(6),
        purpose::TRADE => Some(7),
        purpose::SALES => Some(8),
        purpose::RESIDENT => Some(9),
        purpose::BACKUP => Some(10),
        _ => None,
    }
}

#[derive(Clone, FromRow, Serialize)]
pub struct CodeRecord {
    pub id: i64,
    pub builder_id: i64,
    pub device_id: i64,
    pub property_id: Option<i64>,
    pub purpose: String,
    pub slot: Option<i64>,
    pub code: String,
    pub name: String,
    pub starts_at: Option<DateTime<Utc>>,
    pub ends_at: Option<DateTime<Utc>>,
    pub state: String,
    pub device_code_id: Option<String>,
    pub last_error: Option<String>,
    pub attempts: i64,
    pub backup_issued_on: Option<DateTime<Utc>>,
    /// When the lock first held it.
    pub set_on: Option<DateTime<Utc>>,
    pub customer_id: Option<i64>,
    pub created_by: String,
    pub created_on: DateTime<Utc>,
    pub modified_on: DateTime<Utc>,
}

/// Codes are secrets: never in debug output, so never in logs.
impl fmt::Debug for CodeRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CodeRecord")
            .field("id", &self.id)
            .field("device_id", &self.device_id)
            .field("purpose", &self.purpose)
            .field("slot", &self.slot)
            .field("code", &"****")
            .field("name", &self.name)
            .field("starts_at", &self.starts_at)
            .field("ends_at", &self.ends_at)
            .field("state", &self.state)
            .field("last_error", &self.last_error)
            .finish()
    }
}

const COLUMNS: &str = "id, builder_id, device_id, property_id, purpose, slot, code, name, starts_at, ends_at, state, \
    device_code_id, last_error, attempts, backup_issued_on, set_on, customer_id, created_by, created_on, modified_on";

/// A code to put on a lock.
#[derive(Clone)]
pub struct NewCode {
    pub builder_id: i64,
    pub device_id: i64,
    pub property_id: Option<i64>,
    pub purpose: &'static str,
    pub slot: Option<i64>,
    pub code: String,
    pub name: String,
    pub starts_at: Option<DateTime<Utc>>,
    pub ends_at: Option<DateTime<Utc>>,
    pub customer_id: Option<i64>,
    pub created_by: String,
}

impl fmt::Debug for NewCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("NewCode")
            .field("device_id", &self.device_id)
            .field("purpose", &self.purpose)
            .field("code", &"****")
            .field("name", &self.name)
            .finish()
    }
}

/// The instants a code's lock is looked at: when it is due on the lock (now, or its preload),
/// at its start (still not on it: the backup code), and at its end (off it).
fn checkpoints(code: &NewCode, at: DateTime<Utc>) -> Vec<DateTime<Utc>> {
    let mut when = vec![code.starts_at.map_or(at, |s| (s - preload()).max(at))];
    when.extend(code.starts_at.filter(|s| *s > at));
    when.extend(code.ends_at.filter(|e| *e > at));
    when
}

/// Adds codes and takes others off (`replacing`, which move to removing), in one transaction
/// with the jobs that carry both out. Answers the new codes' ids.
pub async fn change(
    db: &Db,
    add: &[NewCode],
    replacing: &[i64],
    at: DateTime<Utc>,
) -> Result<Vec<i64>> {
    let insert = "INSERT INTO access_codes (builder_id, device_id, property_id, purpose, slot, code, name, starts_at,
        ends_at, state, customer_id, created_by, created_on, modified_on)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13) RETURNING id";
    on_pool!(db, |pool| {
        let mut tx = pool.begin().await?;
        for id in replacing {
            let moved = sqlx::query(
                "UPDATE access_codes SET state = 'removing', modified_on = $1 WHERE id = $2 AND state NOT IN ('removing', 'removed')",
            )
            .bind(at)
            .bind(id)
            .execute(&mut *tx)
            .await?;
            if moved.rows_affected() == 1 {
                enqueue_job!(tx, RECONCILE, id.to_string(), at, None)?;
            }
        }
        let mut ids = Vec::with_capacity(add.len());
        for code in add {
            let waits = code.starts_at.is_some_and(|s| s - preload() > at);
            let id: i64 = sqlx::query_scalar(insert)
                .bind(code.builder_id)
                .bind(code.device_id)
                .bind(code.property_id)
                .bind(code.purpose)
                .bind(code.slot)
                .bind(&code.code)
                .bind(&code.name)
                .bind(code.starts_at)
                .bind(code.ends_at)
                .bind(if waits { "scheduled" } else { "setting" })
                .bind(code.customer_id)
                .bind(&code.created_by)
                .bind(at)
                .fetch_one(&mut *tx)
                .await?;
            for run_at in checkpoints(code, at) {
                enqueue_job!(tx, RECONCILE, id.to_string(), run_at, None)?;
            }
            ids.push(id);
        }
        tx.commit().await?;
        Ok(ids)
    })
}

/// Takes codes off their locks: they move to removing, with the jobs that do it (codes already
/// going or gone stay as they are).
pub async fn remove(db: &Db, ids: &[i64], at: DateTime<Utc>) -> Result<()> {
    change(db, &[], ids, at).await.map(|_| ())
}

/// A code by id, for the job that works on it.
pub async fn get(db: &Db, id: i64) -> Result<Option<CodeRecord>> {
    let sql = format!("SELECT {COLUMNS} FROM access_codes WHERE id = $1");
    on_pool!(db, |pool| sqlx::query_as(&sql)
        .bind(id)
        .fetch_optional(pool)
        .await)
}

/// The codes of some locks that are not gone, oldest first.
pub async fn live_on(db: &Db, device_ids: &[i64]) -> Result<Vec<CodeRecord>> {
    if device_ids.is_empty() {
        return Ok(Vec::new());
    }
    let list: Vec<String> = device_ids.iter().map(i64::to_string).collect();
    let sql = format!(
        "SELECT {COLUMNS} FROM access_codes WHERE device_id IN ({}) AND state <> 'removed' ORDER BY id",
        list.join(",")
    );
    on_pool!(db, |pool| sqlx::query_as(&sql).fetch_all(pool).await)
}

/// Takes the code for one job's work on its lock until `until`; None while another job holds it
/// (or the code is gone). One device operation per code at a time, across servers.
pub async fn lease(
    db: &Db,
    id: i64,
    at: DateTime<Utc>,
    until: DateTime<Utc>,
) -> Result<Option<CodeRecord>> {
    let sql = format!(
        "UPDATE access_codes SET busy_until = $1 WHERE id = $2 AND (busy_until IS NULL OR busy_until < $3) RETURNING {COLUMNS}"
    );
    on_pool!(db, |pool| sqlx::query_as(&sql)
        .bind(until)
        .bind(id)
        .bind(at)
        .fetch_optional(pool)
        .await)
}

/// What a job learnt from the lock about a code.
#[derive(Debug, Clone)]
pub enum Outcome {
    /// Its preload came: it is being put on the lock.
    Setting,
    /// On the lock under this id.
    Set { device_code_id: String },
    /// The lock refused it for good (until staff change something).
    Failed { error: String },
    /// The lock could not be reached or refused for now; tried again. `show_failed` once it has
    /// been tried enough that staff should see it as failed.
    Retry { error: String, show_failed: bool },
    /// Off the lock.
    Removed,
    /// Nothing to do now.
    Unchanged,
}

/// Records an outcome and gives the code back; answers the code's state after it. A staff change
/// made meanwhile wins: a code taken off while it was being set stays removing (its lock id is
/// kept so the removal finds it).
pub async fn settle(db: &Db, id: i64, outcome: &Outcome, at: DateTime<Utc>) -> Result<String> {
    let (sql, text): (&str, Option<&str>) = match outcome {
        Outcome::Setting => (
            "UPDATE access_codes SET state = CASE WHEN state = 'scheduled' THEN 'setting' ELSE state END, \
             busy_until = NULL, modified_on = $1 WHERE id = $2 RETURNING state",
            None,
        ),
        Outcome::Set { device_code_id } => (
            "UPDATE access_codes SET device_code_id = $3, last_error = NULL, set_on = COALESCE(set_on, $1), \
             state = CASE WHEN state IN ('scheduled', 'setting', 'failed') THEN 'set' ELSE state END, \
             busy_until = NULL, modified_on = $1 WHERE id = $2 RETURNING state",
            Some(device_code_id),
        ),
        Outcome::Failed { error } => (
            "UPDATE access_codes SET last_error = $3, attempts = attempts + 1, \
             state = CASE WHEN state IN ('scheduled', 'setting') THEN 'failed' ELSE state END, \
             busy_until = NULL, modified_on = $1 WHERE id = $2 RETURNING state",
            Some(error),
        ),
        Outcome::Retry {
            error,
            show_failed: true,
        } => (
            "UPDATE access_codes SET last_error = $3, attempts = attempts + 1, \
             state = CASE WHEN state IN ('scheduled', 'setting') THEN 'failed' ELSE state END, \
             busy_until = NULL, modified_on = $1 WHERE id = $2 RETURNING state",
            Some(error),
        ),
        Outcome::Retry { error, .. } => (
            "UPDATE access_codes SET last_error = $3, attempts = attempts + 1, busy_until = NULL, modified_on = $1 \
             WHERE id = $2 RETURNING state",
            Some(error),
        ),
        Outcome::Removed => (
            "UPDATE access_codes SET state = CASE WHEN state = 'removing' THEN 'removed' ELSE state END, \
             last_error = NULL, busy_until = NULL, modified_on = $1 WHERE id = $2 RETURNING state",
            None,
        ),
        Outcome::Unchanged => (
            "UPDATE access_codes SET busy_until = NULL WHERE id = $2 AND $1 = $1 RETURNING state",
            None,
        ),
    };
    on_pool!(db, |pool| {
        let mut query = sqlx::query_scalar(sql).bind(at).bind(id);
        if let Some(text) = text {
            query = query.bind(text);
        }
        query.fetch_one(pool).await
    })
}

/// Marks that a code's backup was issued; answers whether it is the first time (so the alert
/// goes once).
pub async fn mark_backup_issued(db: &Db, id: i64, at: DateTime<Utc>) -> Result<bool> {
    on_pool!(db, |pool| sqlx::query(
        "UPDATE access_codes SET backup_issued_on = $1 WHERE id = $2 AND backup_issued_on IS NULL"
    )
    .bind(at)
    .bind(id)
    .execute(pool)
    .await
    .map(|r| r.rows_affected() == 1))
}

/// Asks for another look at a code's lock at `run_at` (a retry).
pub async fn recheck(db: &Db, id: i64, run_at: DateTime<Utc>) -> Result<()> {
    crate::jobs::enqueue(db, RECONCILE, &id.to_string(), run_at, None)
        .await
        .map(|_| ())
}

/// Codes past their end that are still meant for their lock move to removing, with their jobs;
/// answers how many (at most `limit` a call).
pub async fn expire(db: &Db, at: DateTime<Utc>, limit: i64) -> Result<usize> {
    on_pool!(db, |pool| {
        let mut tx = pool.begin().await?;
        let ids: Vec<i64> = sqlx::query_scalar(
            "UPDATE access_codes SET state = 'removing', modified_on = $1 WHERE id IN \
             (SELECT id FROM access_codes WHERE ends_at <= $1 AND state IN ('scheduled', 'setting', 'set', 'failed') \
              ORDER BY ends_at LIMIT $2) RETURNING id",
        )
        .bind(at)
        .bind(limit)
        .fetch_all(&mut *tx)
        .await?;
        for id in &ids {
            enqueue_job!(tx, RECONCILE, id.to_string(), at, None)?;
        }
        tx.commit().await?;
        Ok(ids.len())
    })
}

/// How many codes take (or are about to take) a lock's slots.
pub async fn slots_used(db: &Db, device_id: i64) -> Result<i64> {
    on_pool!(db, |pool| {
        sqlx::query_scalar(
        "SELECT COUNT(*) FROM access_codes WHERE device_id = $1 AND state IN ('scheduled', 'setting', 'set', 'removing')"
    )
    .bind(device_id)
    .fetch_one(pool)
    .await
    })
}

/// Counts of codes by state (the soak test's and operations' figures).
pub async fn count_by_state(db: &Db) -> Result<Vec<(String, i64)>> {
    on_pool!(db, |pool| sqlx::query_as(
        "SELECT state, COUNT(*) FROM access_codes GROUP BY state ORDER BY state"
    )
    .fetch_all(pool)
    .await)
}

/// Every code of a purpose, in any state (the soak test's audit).
pub async fn every(db: &Db, purpose: &str) -> Result<Vec<CodeRecord>> {
    let sql = format!("SELECT {COLUMNS} FROM access_codes WHERE purpose = $1 ORDER BY id");
    on_pool!(db, |pool| sqlx::query_as(&sql)
        .bind(purpose)
        .fetch_all(pool)
        .await)
}
