//! Feature flags (BILLING_UI): a stored value wins over the configured default.

use crate::{on_pool, Db, Result};

pub const KNOWN: [&str; 1] = ["BILLING_UI"];

pub async fn get(db: &Db, name: &str) -> Result<Option<bool>> {
    on_pool!(db, |pool| {
        sqlx::query_scalar("SELECT enabled FROM feature_flags WHERE name = $1")
            .bind(name)
            .fetch_optional(pool)
            .await
    })
}

pub async fn set(db: &Db, name: &str, enabled: bool) -> Result<()> {
    let sql = "INSERT INTO feature_flags (name, enabled) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET enabled = excluded.enabled";
    on_pool!(db, |pool| sqlx::query(sql)
        .bind(name)
        .bind(enabled)
        .execute(pool)
        .await
        .map(|_| ()))
}
