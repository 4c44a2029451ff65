//! API keys: a builder's OAuth clients of the public API (docs/api.md, "The public API"). A
//! client's secret is kept only as its SHA-256.

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::FromRow;
use utoipa::ToSchema;

use crate::{on_pool, Db, Result, Scope};

#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct OAuthClientRow {
    pub id: i64,
    pub client_id: String,
    pub created_at: DateTime<Utc>,
    /// The staff member who made it: the client acts with their rights.
    pub user_id: i64,
    /// Their name, for the list.
    #[sqlx(default)]
    pub created_by: String,
}

const COLUMNS: &str = "o.id, o.client_id, o.created_at, o.user_id, \
                       COALESCE(u.firstname || ' ' || u.lastname, '') AS created_by";

/// A builder's clients, newest first.
pub async fn of_builder(db: &Db, builder_id: i64) -> Result<Vec<OAuthClientRow>> {
    let sql = format!(
        "SELECT {COLUMNS} FROM oauth_clients o JOIN users u ON u.user_id = o.user_id \
         WHERE o.builder_id = $1 ORDER BY o.created_at DESC, o.id DESC"
    );
    on_pool!(db, |pool| sqlx::query_as(&sql)
        .bind(builder_id)
        .fetch_all(pool)
        .await)
}

pub async fn create(
    db: &Db,
    builder_id: i64,
    user_id: i64,
    client_id: &str,
    secret_hash: &str,
    at: DateTime<Utc>,
) -> Result<OAuthClientRow> {
    let id: i64 = on_pool!(db, |pool| {
        sqlx::query_scalar(
            "INSERT INTO oauth_clients (builder_id, user_id, client_id, secret_hash, created_at) \
             VALUES ($1, $2, $3, $4, $5) RETURNING id",
        )
        .bind(builder_id)
        .bind(user_id)
        .bind(client_id)
        .bind(secret_hash)
        .bind(at)
        .fetch_one(pool)
        .await
    })?;
    let sql = format!(
        "SELECT {COLUMNS} FROM oauth_clients o JOIN users u ON u.user_id = o.user_id WHERE o.id = $1"
    );
    on_pool!(db, |pool| sqlx::query_as(&sql)
        .bind(id)
        .fetch_one(pool)
        .await)
}

/// Removes a client within the scope, when its secret is the one given (if one is); answers
/// whether there was such a client. Its tokens stop working with it.
pub async fn remove(
    db: &Db,
    scope: &Scope,
    client_id: &str,
    secret_hash: Option<&str>,
) -> Result<bool> {
    let sql = format!(
        "DELETE FROM oauth_clients WHERE client_id = $1 AND ($2 IS NULL OR secret_hash = $2) AND {}",
        scope.condition("builder_id")
    );
    on_pool!(db, |pool| sqlx::query(&sql)
        .bind(client_id)
        .bind(secret_hash)
        .execute(pool)
        .await
        .map(|r| r.rows_affected() > 0))
}

/// What a client may do: act for its builder as its maker.
#[derive(Debug, Clone, FromRow)]
pub struct Grant {
    pub id: i64,
    pub builder_id: i64,
    pub user_id: i64,
    pub secret_hash: String,
}

pub async fn by_client_id(db: &Db, client_id: &str) -> Result<Option<Grant>> {
    on_pool!(db, |pool| sqlx::query_as(
        "SELECT id, builder_id, user_id, secret_hash FROM oauth_clients WHERE client_id = $1"
    )
    .bind(client_id)
    .fetch_optional(pool)
    .await)
}

/// A client by its key, while it exists (a token names it).
pub async fn by_id(db: &Db, id: i64) -> Result<Option<Grant>> {
    on_pool!(db, |pool| sqlx::query_as(
        "SELECT id, builder_id, user_id, secret_hash FROM oauth_clients WHERE id = $1"
    )
    .bind(id)
    .fetch_optional(pool)
    .await)
}
