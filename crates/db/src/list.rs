//! The one list-query engine every list endpoint uses: literal case-insensitive search over the
//! area's columns, whitelisted sorting, zero-based paging, tenant scope and area filters.

use domain::lists::{like_pattern, ListQueryError, Order};
use futures::TryStreamExt;
use serde::Serialize;
use sqlx::postgres::PgRow;
use sqlx::sqlite::SqliteRow;
use sqlx::FromRow;
use tokio::sync::mpsc;

use crate::{bind_values, on_pool, Db, Result, Scope, Value};

/// How one area's list is read.
pub struct ListSpec {
    /// The select list, e.g. `u.username, u.firstname`.
    pub columns: &'static str,
    /// Tables and joins, e.g. `users u LEFT JOIN builders b ON b.builder_id = u.builder_id`.
    pub from: &'static str,
    /// The column holding the row's builder, for tenant scoping.
    pub scope_column: &'static str,
    /// Columns a search looks in.
    pub search_columns: &'static [&'static str],
    /// Sortable columns: the name the API takes and the SQL expression it sorts by.
    pub sort_columns: &'static [(&'static str, &'static str)],
    pub default_sort: (&'static str, Order),
    /// A unique column that makes every order total, so pages never overlap.
    pub tie_breaker: &'static str,
    /// The column selections refer to (export and print of selected rows).
    pub key_column: &'static str,
    /// Conditions every row of this list meets (e.g. staff only, not platform admins).
    pub base_condition: &'static str,
    /// The main table and its alias (`properties p`) when every join of `from` keeps each of its
    /// rows exactly once (inner joins on required keys, left joins on optional ones), or empty. A request whose conditions and sort
    /// name only that alias then counts on the table alone and picks its page's keys there before
    /// joining, instead of joining every row in scope.
    pub base: &'static str,
    /// A cheaper count of every row in scope (a query over a table of totals, with the scope
    /// column under the same name), used when a request has no search and no filters; or empty.
    pub unfiltered_count: &'static str,
}

/// Whether every qualified column in `sql` (`x.column`) belongs to `alias`.
fn only_alias(sql: &str, alias: &str) -> bool {
    let bytes = sql.as_bytes();
    bytes.iter().enumerate().all(|(i, b)| {
        if *b != b'.' {
            return true;
        }
        let start = bytes[..i]
            .iter()
            .rposition(|c| !(c.is_ascii_alphanumeric() || *c == b'_'))
            .map_or(0, |p| p + 1);
        // A dot after a digit is a number, not a qualified column.
        start == i || bytes[start].is_ascii_digit() || &sql[start..i] == alias
    })
}

/// A checked list request.
#[derive(Debug, Clone, Default)]
pub struct ListQuery {
    pub search: Option<String>,
    pub order_by: Option<String>,
    pub order: Option<Order>,
    pub page: i64,
    /// `None` reads every row (Show All and Export All).
    pub limit: Option<i64>,
    pub filters: Filters,
}

/// Extra conditions with `?` placeholders and their values.
#[derive(Debug, Clone, Default)]
pub struct Filters {
    conditions: Vec<String>,
    values: Vec<Value>,
}

impl Filters {
    /// Adds a condition; each `?` in it takes the next value.
    pub fn add(&mut self, condition: &str, values: impl IntoIterator<Item = Value>) -> &mut Self {
        self.conditions.push(condition.to_string());
        self.values.extend(values);
        self
    }

    pub fn is_empty(&self) -> bool {
        self.conditions.is_empty()
    }
}

/// One page of a list and the count of the whole filtered list.
#[derive(Debug, Serialize)]
pub struct Page<T> {
    pub data: Vec<T>,
    pub total: i64,
}

/// Rows that decode from either dialect.
pub trait Row:
    for<'r> FromRow<'r, SqliteRow> + for<'r> FromRow<'r, PgRow> + Send + Unpin + 'static
{
}
impl<T> Row for T where
    T: for<'r> FromRow<'r, SqliteRow> + for<'r> FromRow<'r, PgRow> + Send + Unpin + 'static
{
}

struct Statement {
    where_sql: String,
    values: Vec<Value>,
}

impl ListSpec {
    /// Checks an `orderBy` against the whitelist.
    pub fn check_order_by(
        &self,
        order_by: Option<&str>,
    ) -> std::result::Result<(), ListQueryError> {
        match order_by {
            Some(name) if !self.sort_columns.iter().any(|(n, _)| *n == name) => {
                Err(ListQueryError::OrderBy(name.to_string()))
            }
            _ => Ok(()),
        }
    }

    fn order_clause(&self, query: &ListQuery) -> String {
        let (default_name, default_order) = self.default_sort;
        let name = query.order_by.as_deref().unwrap_or(default_name);
        let expr = self
            .sort_columns
            .iter()
            .find(|(n, _)| *n == name)
            .or_else(|| self.sort_columns.iter().find(|(n, _)| *n == default_name))
            .map(|(_, e)| *e)
            .unwrap_or(self.tie_breaker);
        let order = query.order.unwrap_or(default_order);
        format!(
            "ORDER BY {expr} {dir}, {tie} {dir}",
            dir = order.sql(),
            tie = self.tie_breaker
        )
    }

    fn statement(
        &self,
        db: &Db,
        scope: &Scope,
        query: &ListQuery,
        keys: Option<&[Value]>,
    ) -> Statement {
        let mut conditions = vec![scope.condition(self.scope_column)];
        if !self.base_condition.is_empty() {
            conditions.push(self.base_condition.to_string());
        }
        let mut values: Vec<Value> = Vec::new();
        let next =
            |conditions: &mut Vec<String>, sql: &str, vals: &[Value], values: &mut Vec<Value>| {
                let mut out = String::with_capacity(sql.len() + 8);
                let mut used = vals.iter();
                for ch in sql.chars() {
                    if ch == '?' {
                        values.push(used.next().cloned().unwrap_or(Value::Int(None)));
                        out.push_str(&format!("${}", values.len()));
                    } else {
                        out.push(ch);
                    }
                }
                conditions.push(out);
            };
        if let Some(search) = query
            .search
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            let pattern = Value::from(like_pattern(search));
            // SQLite's LIKE ignores ASCII case (as its lower() does); on PostgreSQL lower() with
            // LIKE is about twice as fast as ILIKE. A missing value matches nothing either way.
            let parts: Vec<String> = self
                .search_columns
                .iter()
                .map(|c| match db {
                    Db::Sqlite(_) => format!("{c} LIKE ? ESCAPE '\\'"),
                    Db::Postgres(_) => format!("lower({c}) LIKE ? ESCAPE '\\'"),
                })
                .collect();
            let sql = format!("({})", parts.join(" OR "));
            let vals = vec![pattern; self.search_columns.len()];
            next(&mut conditions, &sql, &vals, &mut values);
        }
        let mut filter_values = query.filters.values.iter();
        for condition in &query.filters.conditions {
            let count = condition.matches('?').count();
            let vals: Vec<Value> = filter_values.by_ref().take(count).cloned().collect();
            next(&mut conditions, condition, &vals, &mut values);
        }
        if let Some(keys) = keys {
            if keys.is_empty() {
                conditions.push("1=0".into());
            } else {
                let marks = vec!["?"; keys.len()].join(",");
                next(
                    &mut conditions,
                    &format!("{} IN ({marks})", self.key_column),
                    keys,
                    &mut values,
                );
            }
        }
        Statement {
            where_sql: conditions.join(" AND "),
            values,
        }
    }

    /// The main table when `sql` names only its columns.
    fn base_for(&self, sql: &str) -> Option<&'static str> {
        let alias = self.base.split_whitespace().nth(1)?;
        only_alias(sql, alias).then_some(self.base)
    }

    /// One page of the list and the total count.
    pub async fn page<T: Row>(&self, db: &Db, scope: &Scope, query: &ListQuery) -> Result<Page<T>> {
        let statement = self.statement(db, scope, query, None);
        let order = self.order_clause(query);
        let base = self.base_for(&statement.where_sql);
        let unfiltered = query.search.as_deref().is_none_or(|s| s.trim().is_empty())
            && query.filters.is_empty()
            && self.base_condition.is_empty();
        let count_sql = if unfiltered && !self.unfiltered_count.is_empty() {
            format!("{} WHERE {}", self.unfiltered_count, statement.where_sql)
        } else {
            format!(
                "SELECT COUNT(*) FROM {} WHERE {}",
                base.unwrap_or(self.from),
                statement.where_sql
            )
        };
        let window = query
            .limit
            .map(|limit| format!(" LIMIT {limit} OFFSET {}", query.page.max(0) * limit));
        let sql = match (base.filter(|_| self.base_for(&order).is_some()), &window) {
            // The page's keys from the main table alone, then the joins for those rows only.
            (Some(base), Some(window)) => format!(
                "SELECT {cols} FROM {from} WHERE {key} IN (SELECT {key} FROM {base} WHERE {cond} {order}{window}) {order}",
                cols = self.columns,
                from = self.from,
                key = self.key_column,
                cond = statement.where_sql,
            ),
            _ => format!(
                "SELECT {} FROM {} WHERE {} {order}{}",
                self.columns,
                self.from,
                statement.where_sql,
                window.as_deref().unwrap_or_default()
            ),
        };
        on_pool!(db, |pool| {
            let total: i64 = bind_values!(sqlx::query_scalar(&count_sql), &statement.values)
                .fetch_one(pool)
                .await?;
            let data: Vec<T> = bind_values!(sqlx::query_as(&sql), &statement.values)
                .fetch_all(pool)
                .await?;
            Ok(Page { data, total })
        })
    }

    /// The selected rows (by key), in the list's default order, within the scope.
    pub async fn selected<T: Row>(&self, db: &Db, scope: &Scope, keys: &[Value]) -> Result<Vec<T>> {
        let query = ListQuery::default();
        let statement = self.statement(db, scope, &query, Some(keys));
        let sql = format!(
            "SELECT {} FROM {} WHERE {} {}",
            self.columns,
            self.from,
            statement.where_sql,
            self.order_clause(&query)
        );
        on_pool!(db, |pool| bind_values!(
            sqlx::query_as(&sql),
            &statement.values
        )
        .fetch_all(pool)
        .await)
    }

    /// Streams the whole filtered list into `sink` row by row, in constant memory; stops early
    /// when the receiver goes away.
    pub async fn stream<T: Row>(
        &self,
        db: &Db,
        scope: &Scope,
        query: &ListQuery,
        sink: mpsc::Sender<Result<T>>,
    ) -> Result<()> {
        let statement = self.statement(db, scope, query, None);
        let sql = format!(
            "SELECT {} FROM {} WHERE {} {}",
            self.columns,
            self.from,
            statement.where_sql,
            self.order_clause(query)
        );
        on_pool!(db, |pool| {
            let mut rows =
                bind_values!(sqlx::query_as::<_, T>(&sql), &statement.values).fetch(pool);
            loop {
                match rows.try_next().await {
                    Ok(Some(row)) => {
                        if sink.send(Ok(row)).await.is_err() {
                            break;
                        }
                    }
                    Ok(None) => break,
                    Err(error) => {
                        let _ = sink.send(Err(error)).await;
                        break;
                    }
                }
            }
            Ok(())
        })
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn qualified_columns_are_told_apart() {
        assert!(super::only_alias(
            "p.builder_id IN (1,2) AND p.disposition_id = $1",
            "p"
        ));
        assert!(super::only_alias(
            "ORDER BY lower(p.address_1) ASC, p.property_id ASC",
            "p"
        ));
        assert!(!super::only_alias(
            "(lower(COALESCE(c.name, '')) LIKE $1)",
            "p"
        ));
        assert!(super::only_alias("p.price_cents > 1.5", "p"));
        assert!(!super::only_alias("pp.x = 1", "p"));
    }
}
