//! The durable job queue and the mail outbox, both in the same database as everything else.
//! Jobs are claimed atomically, retried with exponential backoff and parked as failed after
//! [`MAX_ATTEMPTS`] with the last error kept.

use chrono::{DateTime, Duration, Utc};
use serde::Serialize;
use sqlx::FromRow;

use crate::{now, on_pool, Db, Result};

pub const MAX_ATTEMPTS: i64 = 8;
pub const DELIVER_MAIL: &str = "deliver_mail";

#[derive(Debug, Clone, FromRow)]
pub struct Job {
    pub id: i64,
    pub kind: String,
    pub payload: String,
    pub attempts: i64,
}

#[derive(Debug, Clone, Serialize, FromRow)]
pub struct Mail {
    pub id: i64,
    pub to_address: String,
    pub subject: String,
    pub body: String,
    pub created_on: DateTime<Utc>,
}

/// Queues a mail and the job that delivers it, in one transaction.
pub async fn queue_mail(db: &Db, to: &str, subject: &str, body: &str) -> Result<i64> {
    let at = now();
    on_pool!(db, |pool| {
        let mut tx = pool.begin().await?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO mail_outbox (to_address, subject, body, created_on) VALUES ($1, $2, $3, $4) RETURNING id",
        )
        .bind(to)
        .bind(subject)
        .bind(body)
        .bind(at)
        .fetch_one(&mut *tx)
        .await?;
        sqlx::query(
            "INSERT INTO jobs (kind, payload, state, run_at, created_on, updated_on) VALUES ($1, $2, 'queued', $3, $3, $3)",
        )
        .bind(DELIVER_MAIL)
        .bind(id.to_string())
        .bind(at)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(id)
    })
}

pub async fn mail(db: &Db, id: i64) -> Result<Option<Mail>> {
    let sql = "SELECT id, to_address, subject, body, created_on FROM mail_outbox WHERE id = $1";
    on_pool!(db, |pool| sqlx::query_as(sql)
        .bind(id)
        .fetch_optional(pool)
        .await)
}

pub async fn mark_mail_delivered(db: &Db, id: i64) -> Result<()> {
    on_pool!(db, |pool| {
        sqlx::query("UPDATE mail_outbox SET delivered_on = $1 WHERE id = $2")
            .bind(now())
            .bind(id)
            .execute(pool)
            .await
            .map(|_| ())
    })
}

/// Mails sent to an address, newest first (used by tests and the local outbox).
pub async fn mails_to(db: &Db, to: &str) -> Result<Vec<Mail>> {
    let sql = "SELECT id, to_address, subject, body, created_on FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC";
    on_pool!(db, |pool| sqlx::query_as(sql)
        .bind(to)
        .fetch_all(pool)
        .await)
}

/// Claims one due job: it moves to `running` so no other worker takes it. PostgreSQL skips rows
/// other workers hold; SQLite serialises writers, so a plain update is enough there.
pub async fn claim(db: &Db) -> Result<Option<Job>> {
    let at = now();
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

pub async fn finish(db: &Db, id: i64) -> Result<()> {
    on_pool!(db, |pool| {
        sqlx::query("UPDATE jobs SET state = 'done', updated_on = $1 WHERE id = $2")
            .bind(now())
            .bind(id)
            .execute(pool)
            .await
            .map(|_| ())
    })
}

/// Records a failure: retried after 2^attempts seconds, or parked as failed at the limit.
pub async fn fail(db: &Db, job: &Job, error: &str) -> Result<()> {
    let at = now();
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
pub async fn requeue_stale(db: &Db, older_than: Duration) -> Result<u64> {
    let at = now();
    on_pool!(db, |pool| {
        sqlx::query("UPDATE jobs SET state = 'queued', updated_on = $1 WHERE state = 'running' AND updated_on < $2")
            .bind(at)
            .bind(at - older_than)
            .execute(pool)
            .await
            .map(|r| r.rows_affected())
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
