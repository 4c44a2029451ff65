//! Feedback sent from the top bar.

use crate::{now, on_pool, Db, Result};

pub async fn create(
    db: &Db,
    user_id: i64,
    builder_id: Option<i64>,
    page: &str,
    message: &str,
) -> Result<i64> {
    let sql = "INSERT INTO feedback (user_id, builder_id, page, message, created_on) VALUES ($1, $2, $3, $4, $5) RETURNING id";
    on_pool!(db, |pool| {
        sqlx::query_scalar(sql)
            .bind(user_id)
            .bind(builder_id)
            .bind(page)
            .bind(message)
            .bind(now())
            .fetch_one(pool)
            .await
    })
}
