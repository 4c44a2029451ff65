//! The durable job queue, in the same database as everything else.
//! Jobs are claimed atomically, retried with exponential backoff and parked as failed after
//! [`MAX_ATTEMPTS`] with the last error kept.

use chrono::{DateTime, Duration, Utc};
use sqlx::FromRow;

use crate::{on_pool, Db, Result};

pub const MAX_ATTEMPTS: i64 = 8;

#[derive(Debug, Clone, FromRow)]
pub struct Job {
    pub id: i64,
    pub kind: String,
    pub payload: String,
    pub attempts: i64,
}

/// Claims one due job: it moves to `running` so no other worker takes it. PostgreSQL skips rows
/// other workers hold; SQLite serialises writers, so a plain update is enough there.
pub async fn claim(db: &Db, at: DateTime<Utc>) -> Result<Option<Job>> {
    match db {
        Db::Postgres(pool) => {
            sqlx::query_as(
                "UPDATE jobs SET state = 'running', attempts = attempts + 1, updated_on = $1
                 WHERE id = (SELECT id FROM jobs WHERE state = 'queued' AND run_at <= $1 ORDER BY run_at, id
                             LIMIT 1 FOR UPDATE SKIP LOCKED)
                 RETURNING id, kind, payload, attempts",
            )
            .bind(at)
            .fetch_optional(pool)
            .await
        }
        Db::Sqlite(pool) => {
            sqlx::query_as(
                "UPDATE jobs SET state = 'running', attempts = attempts + 1, updated_on = $1
                 WHERE id = (SELECT id FROM jobs WHERE state = 'queued' AND run_at <= $1 ORDER BY run_at, id LIMIT 1)
                 RETURNING id, kind, payload, attempts",
            )
            .bind(at)
            .fetch_optional(pool)
            .await
        }
    }
}

pub async fn finish(db: &Db, id: i64, at: DateTime<Utc>) -> Result<()> {
    on_pool!(db, |pool| {
        sqlx::query("UPDATE jobs SET state = 'done', updated_on = $1 WHERE id = $2")
            .bind(at)
            .bind(id)
            .execute(pool)
            .await
            .map(|_| ())
    })
}

/// Records a failure: retried after 2^attempts seconds, or parked as failed at the limit.
pub async fn fail(db: &Db, job: &Job, error: &str, at: DateTime<Utc>) -> Result<()> {
    let (state, run_at) = if job.attempts >= MAX_ATTEMPTS {
        ("failed", at)
    } else {
        (
            "queued",
            at + Duration::seconds(1 << job.attempts.clamp(0, 16)),
        )
    };
    on_pool!(db, |pool| {
        sqlx::query("UPDATE jobs SET state = $1, run_at = $2, last_error = $3, updated_on = $4 WHERE id = $5")
            .bind(state)
            .bind(run_at)
            .bind(error)
            .bind(at)
            .bind(job.id)
            .execute(pool)
            .await
            .map(|_| ())
    })
}

/// Jobs left `running` by a process that died go back to the queue.
pub async fn requeue_stale(db: &Db, at: DateTime<Utc>, older_than: Duration) -> Result<u64> {
    on_pool!(db, |pool| {
        sqlx::query("UPDATE jobs SET state = 'queued', updated_on = $1 WHERE state = 'running' AND updated_on < $2")
            .bind(at)
            .bind(at - older_than)
            .execute(pool)
            .await
            .map(|r| r.rows_affected())
    })
}

/// Puts a claimed job back for later without counting the attempt (what it waits on is busy).
pub async fn postpone(db: &Db, id: i64, run_at: DateTime<Utc>) -> Result<()> {
    on_pool!(db, |pool| {
        sqlx::query("UPDATE jobs SET state = 'queued', attempts = attempts - 1, run_at = $1, updated_on = $1 WHERE id = $2")
            .bind(run_at)
            .bind(id)
            .execute(pool)
            .await
            .map(|_| ())
    })
}

/// Drops jobs finished more than `older_than` ago (the queue keeps its recent history only).
pub async fn prune(db: &Db, at: DateTime<Utc>, older_than: Duration) -> Result<u64> {
    on_pool!(db, |pool| {
        sqlx::query("DELETE FROM jobs WHERE state = 'done' AND updated_on < $1")
            .bind(at - older_than)
            .execute(pool)
            .await
            .map(|r| r.rows_affected())
    })
}

/// The queue by kind and state (`/metrics`; finished jobs are kept two days).
pub async fn by_kind_and_state(db: &Db) -> Result<Vec<(String, String, i64)>> {
    on_pool!(db, |pool| {
        sqlx::query_as(
            "SELECT kind, state, COUNT(*) FROM jobs GROUP BY kind, state ORDER BY kind, state",
        )
        .fetch_all(pool)
        .await
    })
}

/// Jobs by kind and state (operations and the tests' figures).
pub async fn count_by_kind(db: &Db, kind: &str, state: &str) -> Result<i64> {
    on_pool!(db, |pool| {
        sqlx::query_scalar("SELECT COUNT(*) FROM jobs WHERE kind = $1 AND state = $2")
            .bind(kind)
            .bind(state)
            .fetch_one(pool)
            .await
    })
}

/// The state of a job and its last error (for tests and operations).
pub async fn state_of(db: &Db, id: i64) -> Result<Option<(String, i64, Option<String>)>> {
    on_pool!(db, |pool| {
        sqlx::query_as("SELECT state, attempts, last_error FROM jobs WHERE id = $1")
            .bind(id)
            .fetch_optional(pool)
            .await
    })
}

/// Queues a job inside a transaction (`$tx` of either dialect), as part of the change that asks
/// for it. A job with a `dedupe_key` already queued (or run) is asked for once only.
#[macro_export]
macro_rules! enqueue_job {
    ($tx:expr, $kind:expr, $payload:expr, $run_at:expr, $dedupe:expr) => {{
        let dedupe: Option<String> = $dedupe;
        sqlx::query(
            "INSERT INTO jobs (kind, payload, state, run_at, created_on, updated_on, dedupe_key) \
             VALUES ($1, $2, 'queued', $3, $3, $3, $4) ON CONFLICT (dedupe_key) DO NOTHING",
        )
        .bind($kind)
        .bind($payload)
        .bind($run_at)
        .bind(dedupe)
        .execute(&mut *$tx)
        .await
    }};
}

/// Queues a job on its own (see [`enqueue_job!`]); answers whether it was new.
pub async fn enqueue(
    db: &Db,
    kind: &str,
    payload: &str,
    run_at: DateTime<Utc>,
    dedupe_key: Option<String>,
) -> Result<bool> {
    on_pool!(db, |pool| {
        let mut tx = pool.begin().await?;
        let done = crate::enqueue_job!(tx, kind, payload, run_at, dedupe_key)?;
        tx.commit().await?;
        Ok(done.rows_affected() == 1)
    })
}
