//! Builders (the tenants) and enterprises that span several of them.

use domain::lists::Order;
use serde::Serialize;
use sqlx::FromRow;
use utoipa::ToSchema;

use crate::list::ListSpec;
use crate::{now, on_pool, Db, Result, Scope};

#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct Builder {
    pub builder_id: i64,
    pub name: String,
    pub webflow_name: String,
    pub enterprise_id: Option<i64>,
    pub is_rental: bool,
    pub disable_add_property_and_community: bool,
    pub enable_photo_gallery_edits: bool,
    pub timezone: i64,
}

pub const LIST: ListSpec = ListSpec {
    columns: "builder_id, name, webflow_name, enterprise_id, is_rental, disable_add_property_and_community, enable_photo_gallery_edits, timezone",
    from: "builders",
    scope_column: "builder_id",
    search_columns: &["name", "webflow_name"],
    sort_columns: &[("name", "lower(name)"), ("builder_id", "builder_id"), ("created_on", "created_on")],
    default_sort: ("name", Order::Asc),
    tie_breaker: "builder_id",
    key_column: "builder_id",
    ..ListSpec::PLAIN
};

const COLUMNS: &str = "builder_id, name, webflow_name, enterprise_id, is_rental, disable_add_property_and_community, enable_photo_gallery_edits, timezone";

/// New builder settings, for the CLI, the demo world and tests.
#[derive(Debug, Clone, Default)]
pub struct NewBuilder {
    pub name: String,
    pub webflow_name: String,
    pub enterprise_id: Option<i64>,
    pub is_rental: bool,
    pub timezone: i64,
    pub enable_photo_gallery_edits: bool,
}

/// Creates a builder with its default survey questions.
pub async fn create(db: &Db, builder: &NewBuilder) -> Result<i64> {
    let sql =
        "INSERT INTO builders (name, webflow_name, enterprise_id, is_rental, timezone, enable_photo_gallery_edits, created_on)
               VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING builder_id";
    let id = on_pool!(db, |pool| {
        sqlx::query_scalar(sql)
            .bind(&builder.name)
            .bind(&builder.webflow_name)
            .bind(builder.enterprise_id)
            .bind(builder.is_rental)
            .bind(builder.timezone)
            .bind(builder.enable_photo_gallery_edits)
            .bind(now())
            .fetch_one(pool)
            .await
    })?;
    crate::surveys::seed_defaults(db).await?;
    Ok(id)
}

pub async fn create_enterprise(db: &Db, name: &str) -> Result<i64> {
    on_pool!(db, |pool| {
        sqlx::query_scalar("INSERT INTO enterprises (name) VALUES ($1) RETURNING enterprise_id")
            .bind(name)
            .fetch_one(pool)
            .await
    })
}

/// One builder within the scope.
pub async fn get(db: &Db, scope: &Scope, builder_id: i64) -> Result<Option<Builder>> {
    if !scope.allows(builder_id) {
        return Ok(None);
    }
    let sql = format!("SELECT {COLUMNS} FROM builders WHERE builder_id = $1");
    on_pool!(db, |pool| sqlx::query_as(&sql)
        .bind(builder_id)
        .fetch_optional(pool)
        .await)
}

/// The builders of an enterprise, by name.
pub async fn of_enterprise(db: &Db, scope: &Scope, enterprise_id: i64) -> Result<Vec<Builder>> {
    let sql = format!(
        "SELECT {COLUMNS} FROM builders WHERE enterprise_id = $1 AND {} ORDER BY lower(name), builder_id",
        scope.condition("builder_id")
    );
    on_pool!(db, |pool| sqlx::query_as(&sql)
        .bind(enterprise_id)
        .fetch_all(pool)
        .await)
}

/// Every builder id of an enterprise: the scope of its enterprise users.
pub async fn enterprise_builder_ids(db: &Db, enterprise_id: i64) -> Result<Vec<i64>> {
    on_pool!(db, |pool| {
        sqlx::query_scalar(
            "SELECT builder_id FROM builders WHERE enterprise_id = $1 ORDER BY builder_id",
        )
        .bind(enterprise_id)
        .fetch_all(pool)
        .await
    })
}

/// Whether any builder exists (an empty database gets the demo world on `--demo`).
pub async fn any(db: &Db) -> Result<bool> {
    let count: i64 = on_pool!(db, |pool| sqlx::query_scalar(
        "SELECT COUNT(*) FROM builders"
    )
    .fetch_one(pool)
    .await)?;
    Ok(count > 0)
}

/// The builder whose tour pages live under a web name (the first, should two share one).
pub async fn id_by_webflow(db: &Db, webflow_name: &str) -> Result<Option<i64>> {
    if webflow_name.is_empty() {
        return Ok(None);
    }
    on_pool!(db, |pool| sqlx::query_scalar(
        "SELECT builder_id FROM builders WHERE webflow_name = $1 ORDER BY builder_id LIMIT 1"
    )
    .bind(webflow_name)
    .fetch_optional(pool)
    .await)
}

/// The builder's id with the accounting provider (QuickBooks), kept for when one is connected.
pub async fn quickbook_id(db: &Db, builder_id: i64) -> Result<Option<String>> {
    on_pool!(db, |pool| sqlx::query_scalar(
        "SELECT quickbook_id FROM builders WHERE builder_id = $1"
    )
    .bind(builder_id)
    .fetch_optional(pool)
    .await)
    .map(Option::flatten)
}

pub async fn set_quickbook_id(db: &Db, builder_id: i64, quickbook_id: Option<&str>) -> Result<()> {
    on_pool!(db, |pool| sqlx::query(
        "UPDATE builders SET quickbook_id = $2 WHERE builder_id = $1"
    )
    .bind(builder_id)
    .bind(quickbook_id)
    .execute(pool)
    .await
    .map(|_| ()))
}
