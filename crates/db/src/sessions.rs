//! Sign-in sessions: one row per sign-in, named by every token issued for it, so a session can
//! be ended before its tokens expire.

use chrono::{DateTime, Utc};

use crate::users::UserRecord;
use crate::{now, on_pool, Db, Result};

pub async fn start(
    db: &Db,
    session_id: &str,
    user_id: i64,
    expires_at: DateTime<Utc>,
) -> Result<()> {
    let sql = "INSERT INTO sessions (session_id, user_id, created_on, expires_at) VALUES ($1, $2, $3, $4)";
    on_pool!(db, |pool| sqlx::query(sql)
        .bind(session_id)
        .bind(user_id)
        .bind(now())
        .bind(expires_at)
        .execute(pool)
        .await
        .map(|_| ()))
}

/// The user a token names, when its session is live: one query for both, on every request.
pub async fn user_of_live_session(
    db: &Db,
    user_id: i64,
    session_id: &str,
) -> Result<Option<UserRecord>> {
    let sql = format!(
        "{} AND EXISTS (SELECT 1 FROM sessions s WHERE s.session_id = $2 AND s.revoked_at IS NULL AND s.expires_at > $3)",
        *crate::users::BY_ID
    );
    on_pool!(db, |pool| sqlx::query_as(&sql)
        .bind(user_id)
        .bind(session_id)
        .bind(now())
        .fetch_optional(pool)
        .await)
}

/// Ends one session (signing out); answers whether it was live.
pub async fn end(db: &Db, session_id: &str) -> Result<bool> {
    let sql = "UPDATE sessions SET revoked_at = $1 WHERE session_id = $2 AND revoked_at IS NULL";
    on_pool!(db, |pool| sqlx::query(sql)
        .bind(now())
        .bind(session_id)
        .execute(pool)
        .await
        .map(|done| done.rows_affected() > 0))
}

/// Ends every session of a user, and every token issued in their name in another's session
/// (an admin acting as them), by moving their token version on.
pub async fn end_all_of(db: &Db, user_id: i64) -> Result<()> {
    let at = now();
    on_pool!(db, |pool| {
        let mut tx = pool.begin().await?;
        sqlx::query(
            "UPDATE sessions SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL",
        )
        .bind(at)
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
        sqlx::query("UPDATE users SET token_version = token_version + 1 WHERE user_id = $1")
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await
    })
}

/// Drops sessions that expired (or were ended) more than a day ago; answers how many went.
pub async fn sweep(db: &Db) -> Result<u64> {
    let before = now() - chrono::Duration::days(1);
    let sql = "DELETE FROM sessions WHERE expires_at < $1 OR revoked_at < $1";
    on_pool!(db, |pool| sqlx::query(sql)
        .bind(before)
        .execute(pool)
        .await
        .map(|done| done.rows_affected()))
}
