//! Password-reset tokens: a reset token and a refresh token issued as a pair, stored only as
//! hashes, each spent on use.

use chrono::{DateTime, Utc};

use crate::{now, on_pool, Db, Result};

pub const RESET: &str = "reset";
pub const REFRESH: &str = "refresh";

/// Stores one token hash of a pair.
pub async fn store(
    db: &Db,
    user_id: i64,
    token_hash: &str,
    kind: &str,
    pair_id: &str,
    expires_at: DateTime<Utc>,
) -> Result<()> {
    let sql = "INSERT INTO password_reset_tokens (user_id, token_hash, kind, pair_id, expires_at, created_on) VALUES ($1, $2, $3, $4, $5, $6)";
    on_pool!(db, |pool| {
        sqlx::query(sql)
            .bind(user_id)
            .bind(token_hash)
            .bind(kind)
            .bind(pair_id)
            .bind(expires_at)
            .bind(now())
            .execute(pool)
            .await
            .map(|_| ())
    })
}

/// The user a live, unspent token of `kind` belongs to.
pub async fn holder(db: &Db, token_hash: &str, kind: &str) -> Result<Option<i64>> {
    let sql = "SELECT user_id FROM password_reset_tokens WHERE token_hash = $1 AND kind = $2 AND used_at IS NULL AND expires_at > $3";
    on_pool!(db, |pool| sqlx::query_scalar(sql)
        .bind(token_hash)
        .bind(kind)
        .bind(now())
        .fetch_optional(pool)
        .await)
}

/// Spends a live token; answers its user, or None when it was not live (so two racing uses
/// cannot both succeed). Spending one token of a pair spends the pair.
pub async fn spend(db: &Db, token_hash: &str, kind: &str) -> Result<Option<i64>> {
    let at = now();
    on_pool!(db, |pool| {
        let mut tx = pool.begin().await?;
        let found: Option<(i64, String)> = sqlx::query_as(
            "UPDATE password_reset_tokens SET used_at = $1
             WHERE token_hash = $2 AND kind = $3 AND used_at IS NULL AND expires_at > $1 RETURNING user_id, pair_id",
        )
        .bind(at)
        .bind(token_hash)
        .bind(kind)
        .fetch_optional(&mut *tx)
        .await?;
        if let Some((_, pair_id)) = &found {
            sqlx::query("UPDATE password_reset_tokens SET used_at = $1 WHERE pair_id = $2 AND used_at IS NULL")
                .bind(at)
                .bind(pair_id)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(found.map(|(user_id, _)| user_id))
    })
}
