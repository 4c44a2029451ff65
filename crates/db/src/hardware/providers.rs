//! The lock provider a builder's devices are reached through when it is not the simulator: Seam,
//! with the builder's API key and the API's address.

use chrono::{DateTime, Utc};
use sqlx::FromRow;

use crate::{now, on_pool, Db, Result};

#[derive(Clone, FromRow)]
pub struct ProviderConfig {
    pub builder_id: i64,
    pub provider: String,
    pub api_key: String,
    pub base_url: String,
    pub modified_on: DateTime<Utc>,
}

/// The key is a secret: never in debug output.
impl std::fmt::Debug for ProviderConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProviderConfig")
            .field("builder_id", &self.builder_id)
            .field("provider", &self.provider)
            .field("base_url", &self.base_url)
            .finish()
    }
}

pub async fn get(db: &Db, builder_id: i64) -> Result<Option<ProviderConfig>> {
    on_pool!(db, |pool| {
        sqlx::query_as(
        "SELECT builder_id, provider, api_key, base_url, modified_on FROM device_providers WHERE builder_id = $1"
    )
    .bind(builder_id)
    .fetch_optional(pool)
    .await
    })
}

pub async fn put(
    db: &Db,
    builder_id: i64,
    provider: &str,
    api_key: &str,
    base_url: &str,
) -> Result<()> {
    on_pool!(db, |pool| {
        sqlx::query(
        "INSERT INTO device_providers (builder_id, provider, api_key, base_url, modified_on) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (builder_id) DO UPDATE SET provider = excluded.provider, api_key = excluded.api_key,
           base_url = excluded.base_url, modified_on = excluded.modified_on"
    )
    .bind(builder_id)
    .bind(provider)
    .bind(api_key)
    .bind(base_url)
    .bind(now())
    .execute(pool)
    .await
    .map(|_| ())
    })
}

pub async fn delete(db: &Db, builder_id: i64) -> Result<bool> {
    on_pool!(db, |pool| sqlx::query(
        "DELETE FROM device_providers WHERE builder_id = $1"
    )
    .bind(builder_id)
    .execute(pool)
    .await
    .map(|r| r.rows_affected() == 1))
}
