//! Multi-row inserts for large amounts of generated data (the demo world's history and the large
//! benchmark world): one statement per chunk of rows instead of one per row.

use crate::{on_pool, Db, Result, Value};

/// Binds per statement: under SQLite's limit (32,766) and PostgreSQL's (65,535).
const MAX_BINDS: usize = 30_000;
/// More rows per statement stop paying off and make each statement's text large.
const MAX_ROWS: usize = 1_000;

/// `INSERT INTO table (columns) VALUES ($1, ..), (..)` for `rows` rows.
pub(crate) fn statement(table: &str, columns: &[&str], rows: usize) -> String {
    let mut sql = format!("INSERT INTO {table} ({}) VALUES ", columns.join(", "));
    let mut n = 0;
    for row in 0..rows {
        if row > 0 {
            sql.push_str(", ");
        }
        sql.push('(');
        for column in 0..columns.len() {
            if column > 0 {
                sql.push_str(", ");
            }
            n += 1;
            sql.push('$');
            sql.push_str(&n.to_string());
        }
        sql.push(')');
    }
    sql
}

/// Rows per statement for a table of `columns` columns.
pub(crate) fn chunk_rows(columns: usize) -> usize {
    (MAX_BINDS / columns.max(1)).clamp(1, MAX_ROWS)
}

/// Inserts `rows` (each one value per column, in order) into `table` through `$tx`, one statement
/// per chunk; answers how many rows were written. Table and column names are the caller's
/// constants. A macro so it runs inside either dialect's transaction.
macro_rules! insert_chunks {
    ($tx:expr, $table:expr, $columns:expr, $rows:expr) => {{
        let columns: &[&str] = $columns;
        let per_statement = $crate::bulk::chunk_rows(columns.len());
        let full = $crate::bulk::statement($table, columns, per_statement);
        let mut rows = $rows.into_iter().peekable();
        let mut written: u64 = 0;
        while rows.peek().is_some() {
            let chunk: Vec<$crate::Value> = rows
                .by_ref()
                .take(per_statement)
                .inspect(|row: &Vec<$crate::Value>| {
                    assert_eq!(row.len(), columns.len(), "one value per column")
                })
                .flatten()
                .collect();
            let count = chunk.len() / columns.len();
            let partial;
            let sql = if count == per_statement {
                &full
            } else {
                partial = $crate::bulk::statement($table, columns, count);
                &partial
            };
            $crate::bind_values!(sqlx::query(sql), &chunk)
                .execute(&mut *$tx)
                .await?;
            written += count as u64;
        }
        written
    }};
}
pub(crate) use insert_chunks;

/// Inserts `rows` into `table` in one transaction; answers how many rows were written.
pub async fn insert_rows(
    db: &Db,
    table: &str,
    columns: &[&str],
    rows: impl IntoIterator<Item = Vec<Value>>,
) -> Result<u64> {
    on_pool!(db, |pool| {
        let mut tx = pool.begin().await?;
        let written = insert_chunks!(tx, table, columns, rows);
        tx.commit().await?;
        Ok(written)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statements_number_every_value() {
        assert_eq!(
            statement("t", &["a", "b"], 2),
            "INSERT INTO t (a, b) VALUES ($1, $2), ($3, $4)"
        );
        assert_eq!(chunk_rows(8), 1_000);
        assert_eq!(chunk_rows(60), 500);
    }
}
