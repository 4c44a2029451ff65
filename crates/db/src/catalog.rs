//! Catalog values and states: seeded with the spec's ids at every start-up.

use serde::Serialize;
use sqlx::FromRow;
use utoipa::ToSchema;

use crate::{on_pool, Db, Result};

#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct CatalogItem {
    pub catalog_id: i64,
    pub catalog_type_id: i64,
    pub name: String,
    pub value: String,
    pub description: String,
}

#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct State {
    pub state_id: i64,
    pub code: String,
    pub state_name: String,
}

/// Writes the seeded rows; re-running keeps them in step with the code.
pub async fn seed(db: &Db) -> Result<()> {
    on_pool!(db, |pool| {
        let mut tx = pool.begin().await?;
        for (id, type_id, name, value, description) in domain::catalog::rows() {
            sqlx::query(
                "INSERT INTO catalog (catalog_id, catalog_type_id, name, value, description) VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT (catalog_id) DO UPDATE SET catalog_type_id = excluded.catalog_type_id, name = excluded.name,
                 value = excluded.value, description = excluded.description",
            )
            .bind(id)
            .bind(type_id)
            .bind(name)
            .bind(value)
            .bind(description)
            .execute(&mut *tx)
            .await?;
        }
        for (id, code, name) in domain::catalog::STATES {
            sqlx::query(
                "INSERT INTO states (state_id, code, state_name) VALUES ($1, $2, $3)
                 ON CONFLICT (state_id) DO UPDATE SET code = excluded.code, state_name = excluded.state_name",
            )
            .bind(id)
            .bind(code)
            .bind(name)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await
    })
}

pub async fn items(db: &Db, catalog_type_id: Option<i64>) -> Result<Vec<CatalogItem>> {
    let sql = "SELECT catalog_id, catalog_type_id, name, value, description FROM catalog
               WHERE ($1 IS NULL OR catalog_type_id = $1) ORDER BY catalog_type_id, catalog_id";
    on_pool!(db, |pool| sqlx::query_as(sql)
        .bind(catalog_type_id)
        .fetch_all(pool)
        .await)
}

pub async fn states(db: &Db) -> Result<Vec<State>> {
    on_pool!(db, |pool| {
        sqlx::query_as("SELECT state_id, code, state_name FROM states ORDER BY state_id")
            .fetch_all(pool)
            .await
    })
}
