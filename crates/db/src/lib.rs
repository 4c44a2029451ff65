//! The database: one pool over SQLite or PostgreSQL, plain-SQL migrations per dialect, the
//! list-query engine and tenant scoping. Every function a request handler can reach takes the
//! caller's [`Scope`].

use std::str::FromStr;
use std::time::Duration;

use chrono::{DateTime, SubsecRound, Utc};
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{PgPool, SqlitePool};

pub mod after_tour_hours;
pub mod billing;
pub mod builders;
pub mod bulk;
pub mod catalog;
pub mod communities;
pub mod customers;
pub mod feedback;
pub mod feeds;
pub mod flags;
mod fold_case;
pub mod hardware;
pub mod insights;
pub mod integrations;
pub mod jobs;
pub mod list;
mod list_keys;
pub mod messages;
mod migrate;
pub mod oauth_clients;
pub mod offers;
mod pairs;
pub mod properties;
pub mod reports;
pub mod resets;
pub mod scheduled_visits;
pub mod sessions;
pub mod settings;
pub mod sim;
pub mod surveys;
pub mod teams;
pub mod testing;
pub mod throttle;
pub mod users;
pub mod visitors;
pub mod visits;
pub mod webhooks;

pub use list::{ListQuery, ListSpec, Page};
pub use sqlx::Error;

pub type Result<T> = std::result::Result<T, sqlx::Error>;

/// The system of record: an embedded SQLite file or a PostgreSQL server, chosen by URL scheme.
#[derive(Clone, Debug)]
pub enum Db {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// Runs the same body against whichever pool the database is; the body is compiled once per
/// dialect, so row types and binds are checked for both.
#[macro_export]
macro_rules! on_pool {
    ($db:expr, |$pool:ident| $body:expr) => {
        match $db {
            $crate::Db::Sqlite($pool) => $body,
            $crate::Db::Postgres($pool) => $body,
        }
    };
}

/// Binds a slice of [`Value`]s to a query in order.
#[macro_export]
macro_rules! bind_values {
    ($query:expr, $values:expr) => {{
        let mut query = $query;
        for value in $values {
            query = match value {
                $crate::Value::Int(v) => query.bind(*v),
                $crate::Value::Text(v) => query.bind(v.as_deref()),
                $crate::Value::Bool(v) => query.bind(*v),
                $crate::Value::Time(v) => query.bind(*v),
                $crate::Value::Date(v) => query.bind(*v),
            };
        }
        query
    }};
}

/// Replaces the rows of a join table that link `owner` to others, inside a transaction.
macro_rules! replace_links {
    ($tx:expr, $table:literal, $owner_column:literal, $owner:expr, $other_column:literal, $others:expr) => {{
        sqlx::query(concat!(
            "DELETE FROM ",
            $table,
            " WHERE ",
            $owner_column,
            " = $1"
        ))
        .bind($owner)
        .execute(&mut *$tx)
        .await?;
        for other in $others {
            sqlx::query(concat!(
                "INSERT INTO ",
                $table,
                " (",
                $owner_column,
                ", ",
                $other_column,
                ") VALUES ($1, $2) ON CONFLICT DO NOTHING"
            ))
            .bind($owner)
            .bind(other)
            .execute(&mut *$tx)
            .await?;
        }
    }};
}
pub(crate) use replace_links;

/// Deletes rows of a tenant table by id within the scope; answers how many went. Table and
/// column names come from the callers, never from a request.
pub(crate) async fn delete_ids(
    db: &Db,
    scope: &Scope,
    table: &str,
    key: &str,
    ids: &[i64],
) -> Result<u64> {
    if ids.is_empty() {
        return Ok(0);
    }
    let list: Vec<String> = ids.iter().map(i64::to_string).collect();
    let sql = format!(
        "DELETE FROM {table} WHERE {key} IN ({}) AND {}",
        list.join(","),
        scope.condition("builder_id")
    );
    on_pool!(db, |pool| sqlx::query(&sql)
        .execute(pool)
        .await
        .map(|r| r.rows_affected()))
}

/// A value bound into a dynamically built statement; `None` binds a typed NULL.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Int(Option<i64>),
    Text(Option<String>),
    Bool(bool),
    Time(Option<DateTime<Utc>>),
    Date(chrono::NaiveDate),
}

impl From<i64> for Value {
    fn from(v: i64) -> Self {
        Value::Int(Some(v))
    }
}
impl From<DateTime<Utc>> for Value {
    fn from(v: DateTime<Utc>) -> Self {
        Value::Time(Some(v))
    }
}
impl From<Option<DateTime<Utc>>> for Value {
    fn from(v: Option<DateTime<Utc>>) -> Self {
        Value::Time(v)
    }
}
impl From<&str> for Value {
    fn from(v: &str) -> Self {
        Value::Text(Some(v.to_string()))
    }
}
impl From<String> for Value {
    fn from(v: String) -> Self {
        Value::Text(Some(v))
    }
}
impl From<Option<String>> for Value {
    fn from(v: Option<String>) -> Self {
        Value::Text(v)
    }
}
impl From<bool> for Value {
    fn from(v: bool) -> Self {
        Value::Bool(v)
    }
}

/// The builders a caller may see. A platform admin sees all; everyone else a fixed set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scope {
    All,
    Builders(Vec<i64>),
}

impl Scope {
    pub fn builder(id: i64) -> Scope {
        Scope::Builders(vec![id])
    }

    pub fn allows(&self, builder_id: i64) -> bool {
        match self {
            Scope::All => true,
            Scope::Builders(ids) => ids.contains(&builder_id),
        }
    }

    /// Narrows the scope to one builder when asked to (0 or none keeps it); a builder outside
    /// the scope narrows to nothing.
    pub fn narrow(&self, builder_id: Option<i64>) -> Scope {
        match builder_id.filter(|id| *id != 0) {
            None => self.clone(),
            Some(id) if self.allows(id) => Scope::builder(id),
            Some(_) => Scope::Builders(Vec::new()),
        }
    }

    /// A SQL condition restricting `column` to the scope. Builder ids are integers, so they are
    /// written into the statement directly.
    pub fn condition(&self, column: &str) -> String {
        match self {
            Scope::All => "1=1".to_string(),
            Scope::Builders(ids) if ids.is_empty() => "1=0".to_string(),
            Scope::Builders(ids) => {
                let list: Vec<String> = ids.iter().map(i64::to_string).collect();
                format!("{column} IN ({})", list.join(","))
            }
        }
    }
}

/// A home's time zone as list rows show it beside its id: abbreviation (ET, CT, MT, PT) and
/// name (America/New_York...).
#[derive(Debug, Clone, Default, serde::Serialize, utoipa::ToSchema)]
pub struct ZoneNames {
    #[serde(rename = "timezoneAbbr")]
    pub abbr: Option<String>,
    #[serde(rename = "timezoneValue")]
    pub value: Option<String>,
}

impl ZoneNames {
    pub fn of(timezone: Option<i64>) -> ZoneNames {
        let (value, abbr) = timezone
            .map(domain::catalog::timezone_names)
            .unwrap_or_default();
        ZoneNames { abbr, value }
    }
}

/// `zoned()` for list rows that carry a `timezone` id (or an optional one) and show its names in
/// `zone`, which is filled once the row is read.
macro_rules! zoned_rows {
    ($($row:ty),*) => {
        $(impl $row {
            pub fn zoned(mut self) -> Self {
                self.zone = $crate::ZoneNames::of(self.timezone.into());
                self
            }
        })*
    };
}

zoned_rows!(
    scheduled_visits::ScheduledVisitRow,
    visits::VisitRow,
    after_tour_hours::AfterTourHoursRow,
    customers::CustomerRow
);

/// Timestamps are kept to the millisecond so they compare and sort the same on both dialects.
pub fn now() -> DateTime<Utc> {
    Utc::now().trunc_subsecs(3)
}

/// Our own functions on a SQLite connection: `fold_case(text)` and the aggregate `pairs(a, b)`.
fn register_functions(
    handle: std::ptr::NonNull<libsqlite3_sys::sqlite3>,
) -> std::result::Result<(), String> {
    use libsqlite3_sys as ffi;
    use std::ffi::c_int;
    type Call =
        unsafe extern "C" fn(*mut ffi::sqlite3_context, c_int, *mut *mut ffi::sqlite3_value);
    type Finish = unsafe extern "C" fn(*mut ffi::sqlite3_context);
    let create = |name: &std::ffi::CStr,
                  arguments: c_int,
                  scalar: Option<Call>,
                  step: Option<Call>,
                  finish: Option<Finish>| {
        // SAFETY: the handle is an open connection, locked by the caller for the duration; the
        // functions have no user data to free.
        let code = unsafe {
            ffi::sqlite3_create_function_v2(
                handle.as_ptr(),
                name.as_ptr(),
                arguments,
                ffi::SQLITE_UTF8 | ffi::SQLITE_DETERMINISTIC | ffi::SQLITE_INNOCUOUS,
                std::ptr::null_mut(),
                scalar,
                step,
                finish,
                None,
            )
        };
        match code {
            ffi::SQLITE_OK => Ok(()),
            _ => Err(format!("registering {name:?} failed with code {code}")),
        }
    };
    create(c"fold_case", 1, Some(fold_case::fold_case), None, None)?;
    create(c"pairs", 2, None, Some(pairs::step), Some(pairs::finish))
}

impl Db {
    /// Opens the database named by `url` (`sqlite://path` or `postgres://...`) and migrates it.
    pub async fn connect(url: &str) -> Result<Db> {
        let db = if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            // The planner's default cost of a random page read (4, a spinning disk's) made it
            // hash whole tables to join a page's 25 rows; a console's database is read from
            // memory or SSD, where 1.1 is the usual setting.
            let options = PgConnectOptions::from_str(url)?.options([("random_page_cost", "1.1")]);
            let pool = PgPoolOptions::new()
                .max_connections(16)
                .acquire_timeout(Duration::from_secs(10))
                .connect_with(options)
                .await?;
            Db::Postgres(pool)
        } else {
            let options = SqliteConnectOptions::from_str(url)?
                .create_if_missing(true)
                .journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Normal)
                .busy_timeout(Duration::from_secs(5))
                .foreign_keys(true)
                // As much of the file as SQLite maps (2 GiB): a page beyond the mapping is read
                // by a system call into each connection's own small cache, and the large
                // world's file is 1.5 GB.
                .pragma("mmap_size", "2147418112");
            let pool = SqlitePoolOptions::new()
                .max_connections(8)
                .after_connect(|connection, _| {
                    Box::pin(async move {
                        let mut handle = connection.lock_handle().await?;
                        register_functions(handle.as_raw_handle()).map_err(sqlx::Error::Protocol)
                    })
                })
                .connect_with(options)
                .await?;
            Db::Sqlite(pool)
        };
        migrate::run(&db).await?;
        Ok(db)
    }

    /// Keeps SQLite's planner statistics current, as PostgreSQL's autovacuum does its own:
    /// `PRAGMA optimize` analyses each table never analysed or whose size has changed many
    /// times over since (0x10002: every table, not only those this connection has read). The
    /// worker runs it when the server starts and then every hour. Without statistics SQLite
    /// takes any builder condition for a narrow one, and sorts an enterprise's 50,000 homes
    /// instead of walking an order index. Whole indexes are read: a sample (`analysis_limit`)
    /// reads the first entries of an index, all of one builder, and so counts one builder's
    /// homes as a fifth of 50,000. PostgreSQL's statistics are analysed here only when its
    /// autovacuum is off: the running totals' triggers keep their plans for a connection's life
    /// (migration 0065) and, planned on statistics of empty tables, read the totals whole for
    /// each visit written.
    pub async fn refresh_statistics(&self) -> Result<()> {
        match self {
            Db::Sqlite(pool) => {
                sqlx::query("PRAGMA optimize = 0x10002")
                    .execute(pool)
                    .await?;
            }
            Db::Postgres(pool) => {
                let autovacuum: String = sqlx::query_scalar("SELECT current_setting('autovacuum')")
                    .fetch_one(pool)
                    .await?;
                if autovacuum == "off" {
                    sqlx::query("ANALYZE").execute(pool).await?;
                }
            }
        }
        Ok(())
    }

    /// Settles the database after a bulk load: on PostgreSQL reclaims the row versions the load
    /// left behind; on both refreshes the planner's statistics, as a live database does in time.
    pub async fn settle_after_bulk_load(&self) -> Result<()> {
        match self {
            Db::Postgres(pool) => {
                sqlx::query("VACUUM ANALYZE").execute(pool).await?;
            }
            Db::Sqlite(_) => self.refresh_statistics().await?,
        }
        Ok(())
    }

    /// How a transaction that reads rows before changing them begins. SQLite takes its write
    /// lock at once: a deferred transaction that has read cannot write once another connection
    /// has. PostgreSQL locks the rows it reads instead ([`Db::row_lock`]).
    pub(crate) fn write_transaction(&self) -> &'static str {
        match self {
            Db::Sqlite(_) => "BEGIN IMMEDIATE",
            Db::Postgres(_) => "BEGIN",
        }
    }

    /// What a SELECT in a [`Db::write_transaction`] ends with to hold its rows until the end.
    pub(crate) fn row_lock(&self) -> &'static str {
        match self {
            Db::Sqlite(_) => "",
            Db::Postgres(_) => " FOR UPDATE",
        }
    }

    /// The whole seconds since 1970 of a time column, in this dialect (as a BIGINT).
    pub(crate) fn epoch_seconds(&self, column: &str) -> String {
        match self {
            Db::Sqlite(_) => format!("unixepoch({column})"),
            Db::Postgres(_) => format!("CAST(FLOOR(EXTRACT(EPOCH FROM {column})) AS BIGINT)"),
        }
    }

    /// Whether `column` is one of the ids bound as parameter `param`, a text of ids joined by
    /// commas: the statement's text is then the same whatever the ids, so each connection keeps
    /// it prepared instead of preparing (on PostgreSQL, planning) it for each batch of a report.
    pub(crate) fn one_of_ids(&self, column: &str, param: &str) -> String {
        match self {
            Db::Sqlite(_) => {
                format!("{column} IN (SELECT value FROM json_each('[' || {param} || ']'))")
            }
            Db::Postgres(_) => {
                format!("{column} = ANY(CAST(string_to_array({param}, ',') AS BIGINT[]))")
            }
        }
    }

    /// The pairs `(a, b)` of a group's rows as one blob (see [`pairs`]), read back with
    /// [`pairs::unpack`].
    pub(crate) fn pairs_agg(&self, a: &str, b: &str) -> String {
        match self {
            Db::Sqlite(_) => format!("pairs({a}, {b})"),
            Db::Postgres(_) => format!("string_agg(int8send({a}) || int8send({b}), ''::bytea)"),
        }
    }

    pub fn dialect(&self) -> &'static str {
        match self {
            Db::Sqlite(_) => "sqlite",
            Db::Postgres(_) => "postgres",
        }
    }

    /// Liveness: the database answers a trivial query.
    pub async fn ping(&self) -> Result<()> {
        on_pool!(self, |pool| sqlx::query("SELECT 1")
            .execute(pool)
            .await
            .map(|_| ()))
    }

    pub async fn close(&self) {
        on_pool!(self, |pool| pool.close().await)
    }
}
