//! The device simulator's state: one JSON text per device, read and written whole. A change
//! runs in a write transaction that holds the device's row, so no two changes of one device
//! interleave, across connections and across servers.

use crate::{now, on_pool, Db, Result};

pub async fn get(db: &Db, serial: &str) -> Result<Option<String>> {
    let sql = "SELECT state FROM sim_devices WHERE serial = $1";
    on_pool!(db, |pool| sqlx::query_scalar(sql)
        .bind(serial)
        .fetch_optional(pool)
        .await)
}

/// Stores a device's state, adding the device or replacing what it held.
pub async fn put(db: &Db, serial: &str, state: &str) -> Result<()> {
    let sql = "INSERT INTO sim_devices (serial, state, modified_on) VALUES ($1, $2, $3)
               ON CONFLICT (serial) DO UPDATE SET state = excluded.state, modified_on = excluded.modified_on";
    on_pool!(db, |pool| sqlx::query(sql)
        .bind(serial)
        .bind(state)
        .bind(now())
        .execute(pool)
        .await
        .map(|_| ()))
}

/// Changes a device's state: `change` gets the stored text and answers the new text (None
/// leaves it as it was) and a result. None when there is no such device.
pub async fn update<T>(
    db: &Db,
    serial: &str,
    change: impl FnOnce(&str) -> (Option<String>, T),
) -> Result<Option<T>> {
    let select = format!(
        "SELECT state FROM sim_devices WHERE serial = $1{}",
        db.row_lock()
    );
    on_pool!(db, |pool| {
        let mut tx = pool.begin_with(db.write_transaction()).await?;
        let Some(state): Option<String> = sqlx::query_scalar(&select)
            .bind(serial)
            .fetch_optional(&mut *tx)
            .await?
        else {
            return Ok(None);
        };
        let (changed, answer) = change(&state);
        if let Some(changed) = changed {
            sqlx::query("UPDATE sim_devices SET state = $1, modified_on = $2 WHERE serial = $3")
                .bind(changed)
                .bind(now())
                .bind(serial)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(Some(answer))
    })
}
