//! Sign-in throttling: failures are recorded per key (account or client address) in the database,
//! so every server instance sees the same counts.

use chrono::{DateTime, Duration, Utc};

use crate::{now, on_pool, Db, Result};

/// Failures for `key` since `since`, and the oldest of them (from which the wait is counted).
pub async fn failures_since(
    db: &Db,
    key: &str,
    since: DateTime<Utc>,
) -> Result<(i64, Option<DateTime<Utc>>)> {
    let sql = "SELECT COUNT(*), MIN(failed_at) FROM sign_in_failures WHERE throttle_key = $1 AND failed_at > $2";
    on_pool!(db, |pool| sqlx::query_as(sql)
        .bind(key)
        .bind(since)
        .fetch_one(pool)
        .await)
}

pub async fn record_failure(db: &Db, keys: &[&str]) -> Result<()> {
    let at = now();
    on_pool!(db, |pool| {
        let mut tx = pool.begin().await?;
        for key in keys {
            sqlx::query("INSERT INTO sign_in_failures (throttle_key, failed_at) VALUES ($1, $2)")
                .bind(*key)
                .bind(at)
                .execute(&mut *tx)
                .await?;
        }
        // Old failures no longer count; drop them as we go.
        sqlx::query("DELETE FROM sign_in_failures WHERE failed_at < $1")
            .bind(at - Duration::days(1))
            .execute(&mut *tx)
            .await?;
        tx.commit().await
    })
}

pub async fn clear(db: &Db, key: &str) -> Result<()> {
    on_pool!(db, |pool| {
        sqlx::query("DELETE FROM sign_in_failures WHERE throttle_key = $1")
            .bind(key)
            .execute(pool)
            .await
            .map(|_| ())
    })
}
