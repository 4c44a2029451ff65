//! Integrations (spec 3: Integrations): the platform's catalogue, each builder's state of them,
//! and the requests for the ones a builder does not have yet (docs/integrations.md).

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::FromRow;
use utoipa::ToSchema;

use crate::{now, on_pool, Db, Result};

/// Lasso: a project id per community (and per home, on its Integrations tab).
pub const LASSO: i64 = 4;
/// The nightly sync of the listing feed: a builder's switch, on unless turned off.
pub const NIGHTLY_FEED_SYNC: i64 = 14;

/// An integration as a builder sees it.
#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct Integration {
    pub id: i64,
    pub name: String,
    pub description: String,
    /// How it is set up: `request` (asked of the platform), `community` (on each community and
    /// home), `feed` (by the feed settings) or `switch` (turned on and off here).
    pub kind: String,
    #[serde(rename = "isActive")]
    #[sqlx(rename = "is_active")]
    pub is_active: bool,
    pub project_id: Option<i64>,
}

/// The catalogue with the builder's state; an integration without a row is off, but the
/// nightly sync, which is on.
const SELECT: &str = "SELECT i.id, i.name, i.description, i.kind, \
       COALESCE(b.is_active, i.id = 14) AS is_active, b.project_id \
     FROM integrations i LEFT JOIN builder_integrations b ON b.integration_id = i.id AND b.builder_id = $1";

/// Every integration, in the catalogue's order.
pub async fn list(db: &Db, builder_id: i64) -> Result<Vec<Integration>> {
    let sql = format!("{SELECT} ORDER BY i.position, i.id");
    on_pool!(db, |pool| sqlx::query_as(&sql)
        .bind(builder_id)
        .fetch_all(pool)
        .await)
}

pub async fn get(db: &Db, builder_id: i64, id: i64) -> Result<Option<Integration>> {
    let sql = format!("{SELECT} WHERE i.id = $2");
    on_pool!(db, |pool| sqlx::query_as(&sql)
        .bind(builder_id)
        .bind(id)
        .fetch_optional(pool)
        .await)
}

/// One change of a builder's integration; a project id of None keeps the stored one.
#[derive(Debug, Clone)]
pub struct Change {
    pub id: i64,
    pub is_active: bool,
    pub project_id: Option<i64>,
}

/// Writes the changes in one transaction; false (and nothing written) when one names an
/// integration the catalogue does not hold.
pub async fn set(db: &Db, builder_id: i64, changes: &[Change], author: &str) -> Result<bool> {
    let at = now();
    on_pool!(db, |pool| {
        let mut tx = pool.begin().await?;
        for change in changes {
            let written = sqlx::query(
                "INSERT INTO builder_integrations (builder_id, integration_id, is_active, project_id, modified_on, modified_by) \
                 SELECT $1, id, $3, $4, $5, $6 FROM integrations WHERE id = $2 \
                 ON CONFLICT (builder_id, integration_id) DO UPDATE SET is_active = excluded.is_active, \
                   project_id = COALESCE(excluded.project_id, builder_integrations.project_id), \
                   modified_on = excluded.modified_on, modified_by = excluded.modified_by",
            )
            .bind(builder_id)
            .bind(change.id)
            .bind(change.is_active)
            .bind(change.project_id)
            .bind(at)
            .bind(author)
            .execute(&mut *tx)
            .await?;
            if written.rows_affected() == 0 {
                return Ok(false);
            }
        }
        tx.commit().await?;
        Ok(true)
    })
}

/// The name of an integration of the catalogue.
pub async fn name(db: &Db, id: i64) -> Result<Option<String>> {
    on_pool!(db, |pool| sqlx::query_scalar(
        "SELECT name FROM integrations WHERE id = $1"
    )
    .bind(id)
    .fetch_optional(pool)
    .await)
}

#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct IntegrationRequest {
    pub id: i64,
    pub name: String,
    pub message: String,
    pub created_by: String,
    pub created_on: DateTime<Utc>,
}

/// Stores a builder's request and, in the same transaction, a mail to each platform admin.
pub async fn request(
    db: &Db,
    builder_id: i64,
    name: &str,
    message: &str,
    author: &str,
) -> Result<IntegrationRequest> {
    let at = now();
    on_pool!(db, |pool| {
        let mut tx = pool.begin().await?;
        let request: IntegrationRequest = sqlx::query_as(
            "INSERT INTO integration_requests (builder_id, name, message, created_by, created_on) \
             VALUES ($1, $2, $3, $4, $5) RETURNING id, name, message, created_by, created_on",
        )
        .bind(builder_id)
        .bind(name)
        .bind(message)
        .bind(author)
        .bind(at)
        .fetch_one(&mut *tx)
        .await?;
        let builder: String = sqlx::query_scalar("SELECT name FROM builders WHERE builder_id = $1")
            .bind(builder_id)
            .fetch_one(&mut *tx)
            .await?;
        let admins: Vec<String> = sqlx::query_scalar(
            "SELECT email FROM users WHERE is_admin = TRUE AND email <> '' ORDER BY user_id",
        )
        .fetch_all(&mut *tx)
        .await?;
        let subject = format!("Integration request: {name} for {builder}");
        let body = format!("{author} of {builder} asks for the {name} integration:\n\n{message}");
        for admin in &admins {
            crate::queue_mail_in!(tx, admin, &subject, &body, at)?;
        }
        tx.commit().await?;
        Ok(request)
    })
}

/// A builder's requests, newest first.
pub async fn requests(db: &Db, builder_id: i64) -> Result<Vec<IntegrationRequest>> {
    on_pool!(db, |pool| sqlx::query_as(
        "SELECT id, name, message, created_by, created_on FROM integration_requests \
         WHERE builder_id = $1 ORDER BY created_on DESC, id DESC"
    )
    .bind(builder_id)
    .fetch_all(pool)
    .await)
}
