//! The one list-query engine every list endpoint uses: literal case-insensitive search over the
//! area's columns, whitelisted sorting, zero-based paging, tenant scope and area filters.

use std::sync::{Arc, PoisonError};

use domain::lists::{like_pattern, ListQueryError, Order};
use futures::TryStreamExt;
use serde::Serialize;
use sqlx::postgres::PgRow;
use sqlx::sqlite::SqliteRow;
use sqlx::{FromRow, Row as _};
use tokio::sync::mpsc;

use crate::{bind_values, list_keys, on_pool, Db, Result, Scope, Value};

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
    /// Whether `search_columns` hold their text in lower case already (generated so on
    /// PostgreSQL, which then compares them as they are: lowering every candidate row's text was
    /// half of a search's time there), with a trigram index there. SQLite's LIKE ignores case
    /// either way.
    pub search_columns_lowered: bool,
    /// Columns of other tables a search looks in, through the row's reference to them.
    pub search_through: &'static [SearchThrough],
    /// On SQLite, an FTS5 table with the trigram tokenizer over `search_columns` and the
    /// `search_through` columns, its rowid the row's key, that answers searches of three
    /// characters or more that `search_words` does not (more than one word, or characters other
    /// than ASCII letters and digits); or empty. Needs `base`.
    pub search_index: &'static str,
    /// The words of each row's searched text, for searches of one word.
    pub search_words: Option<SearchWords>,
    /// Sortable columns: the name the API takes and the SQL expression it sorts by, or several
    /// (`lower(c.firstname), c.customer_id`), each in the request's direction.
    pub sort_columns: &'static [(&'static str, &'static str)],
    pub default_sort: (&'static str, Order),
    /// A unique column that makes every order total, so pages never overlap.
    pub tie_breaker: &'static str,
    /// The column selections refer to (export and print of selected rows).
    pub key_column: &'static str,
    /// Conditions every row of this list meets (e.g. staff only, not platform admins).
    pub base_condition: &'static str,
    /// The main table and its alias (`properties p`), with which `from` starts, when every join
    /// of `from` keeps each of its rows exactly once (inner joins on required keys, left joins
    /// on optional ones); or empty. A page then counts, and picks its rows' keys, on the main
    /// table with only the joins its conditions and sort name, and joins the rest for those
    /// rows alone, instead of joining every row in scope.
    pub base: &'static str,
    /// A table of totals kept by triggers, under the main table's alias
    /// (`visit_type_totals v`), that counts a request's rows when it has no search and its
    /// conditions name only `totals_columns`, which that table has too; or empty.
    pub totals: &'static str,
    /// What a row of `totals` counts (`v.visits`).
    pub totals_count: &'static str,
    pub totals_columns: &'static [&'static str],
    /// The row of `list_versions` whose count triggers raise on every change to the tables
    /// `from` and the search read, when the list's key is an integer; or empty. A searching page
    /// then keeps the ordered keys of all matches (`list_keys`), and while the count stands,
    /// any page of that search reads only its own rows. Needs `base`.
    pub version: &'static str,
    /// Sorts by the name of a row another table holds, read as runs (see [`SortRuns`]).
    pub sort_runs: &'static [SortRuns],
    /// Whether every plain order of the main table has an index to walk and the totals are
    /// small enough to read per request: then SQLite may walk an order over the whole table for
    /// several builders' rows ([`ListSpec::walks_order`]).
    pub walk_orders: bool,
    /// Sorts by a column of a joined table that, for several builders, SQLite walks from that
    /// table's order index through the joins (as [`ListSpec::walks_order`] walks the main
    /// table's), where the joins carry the builder (the visits list's names).
    pub walk_through: &'static [&'static str],
    /// The tables a walk of a `walk_through` sort reads, the walked table first and joined by
    /// SQLite's CROSS JOIN, which keeps it the outer loop; or empty (`from`'s joins). Where the
    /// main table has fewer rows than the walked one (50,000 offers, 200,000 customers) SQLite
    /// would read and sort every row in scope rather than walk.
    pub walk_from: &'static str,
    /// On SQLite, the rows in scope (by `totals`) up to which a search tests every row rather
    /// than look its term up in `search_index` (see [`Shape::Scan`]); 0 never does.
    pub scan_rows: i64,
    /// Sort terms that may be missing (NULL): ordered as SQLite orders them, missing values
    /// lowest (first ascending, last descending), on PostgreSQL too, whose default is the other
    /// way; its order indexes of these terms are `NULLS FIRST` to match.
    pub nullable_sorts: &'static [&'static str],
}

/// A sort by the name of a row of another table the list row refers to (a disposition, a lock
/// status), read as runs: one per name in the names' order, each the list rows referring to it
/// in key order. A page then walks an index on `(reference, key)` from its own run on, instead
/// of sorting every row in scope by the name, which no index of the list's table can give.
/// Needs `base` and an integer key.
pub struct SortRuns {
    /// The sort's name in `sort_columns`, whose expression is the referred row's name.
    pub sort: &'static str,
    /// The list row's reference, e.g. `p.disposition_id`.
    pub reference: &'static str,
    /// Every row the reference can name as `run_key` (its key) and `run_name` (the sort's
    /// expression for it), e.g. `SELECT catalog_id AS run_key, lower(name) AS run_name FROM
    /// catalog WHERE catalog_type_id = 1`.
    pub names: &'static str,
    /// Whether the reference can be missing: those rows are a run of their own, where the
    /// database orders a missing name (first ascending on SQLite, last on PostgreSQL).
    pub nullable: bool,
}

/// Columns of another table a search looks in, through the list row's reference to that
/// table: rows whose `reference` names a row of `table` (by `key`, within the caller's scope by
/// `scope_column`) one of whose `columns` matches. Kept apart from the row's own columns so the
/// search needs no join and each side can use its index: the few matching rows of the other
/// table are found first, then the list rows referring to them by the reference's index. A list
/// row referring to a row in the caller's scope is in that scope too (a visit of a builder's
/// customer or home is that builder's), so the matches are counted without the scope's
/// condition, from the references' indexes alone.
pub struct SearchThrough {
    /// The list row's column, e.g. `p.community_id`.
    pub reference: &'static str,
    pub table: &'static str,
    pub key: &'static str,
    pub scope_column: &'static str,
    pub columns: &'static [&'static str],
    /// On SQLite, an FTS5 table with the trigram tokenizer whose rowid is `key` and whose text
    /// holds `columns` (and maybe more), where a term of three characters or more finds the
    /// rows to test instead of testing every row in scope; or empty.
    pub search_index: &'static str,
    /// On PostgreSQL, a condition every row of `table` matching the search meets, which its
    /// indexes answer, each `?` the search's lowered LIKE pattern (`search_text LIKE ?` of a
    /// lowered text holding `columns`, with a trigram index): the rows to test; or empty.
    pub search_candidates: &'static str,
    /// The list rows referring to each row of `table`; or `None`.
    pub counts: Option<ThroughCounts>,
    /// On PostgreSQL, the keys of the rows matching the search as one statement of lookups its
    /// indexes answer, each column apart, where testing the candidates of `search_candidates`
    /// would read thousands of rows: `{scope}` is the scope's condition on `scope_column`, each
    /// `?` the search's lowered LIKE pattern (escaped by `\`); or empty.
    pub search_keys: &'static str,
}

/// How many list rows refer to each row of a [`SearchThrough`]'s table, kept by triggers as
/// `table (key, rows)`. A search through one or two tables that each have theirs counts its
/// matches as the sum over each side's matching rows, less the list rows both sides match,
/// instead of reading every match from the references' indexes.
pub struct ThroughCounts {
    pub table: &'static str,
    pub key: &'static str,
    pub rows: &'static str,
    /// On PostgreSQL, where `table` keeps the searched columns too: the matching rows' keys and
    /// counts as one statement, `SELECT key, rows FROM table ...`, written as
    /// [`SearchThrough::search_keys`] is (`{scope}`, `?`), so that the keys read ahead come with
    /// their sum instead of a probe of `table` per key; or empty.
    pub searched: &'static str,
}

/// What [`ListSpec::read_through`] read ahead for a search: for each of `search_through`'s
/// tables, its matching rows' keys joined by commas, and their list rows' count where its
/// counts table answered both.
#[derive(Default)]
struct ReadAhead {
    keys: Vec<String>,
    counted: Vec<Option<i64>>,
}

/// A table of the words of each row's searched text (its `search_columns` and `search_through`
/// columns), `(word_id, {scope_column}, {key})`, the words themselves in `search_words (word_id,
/// word)` (on SQLite with their trigrams in `search_word_trigrams`), kept by triggers
/// (migration 0018 on PostgreSQL, 0019 on SQLite). A word is a run of ASCII letters and
/// digits of the lowered text, so a term of only such characters matches a row exactly when one
/// of the row's words contains it: the rows of the words that do count the term's matches from an
/// index alone, instead of rechecking each candidate row's text.
pub struct SearchWords {
    pub table: &'static str,
    pub key: &'static str,
    pub scope_column: &'static str,
}

/// A search term as an FTS5 phrase: in double quotes, which make every other character
/// literal, with its own double quotes doubled.
fn fts_phrase(term: &str) -> String {
    format!("\"{}\"", term.replace('"', "\"\""))
}

/// The qualified columns `sql` names (`x.column`), each once.
fn columns(sql: &str) -> Vec<&str> {
    let bytes = sql.as_bytes();
    let word = |c: &u8| c.is_ascii_alphanumeric() || *c == b'_';
    let mut found: Vec<&str> = Vec::new();
    for (i, b) in bytes.iter().enumerate() {
        if *b != b'.' {
            continue;
        }
        let start = bytes[..i]
            .iter()
            .rposition(|c| !word(c))
            .map_or(0, |p| p + 1);
        let end = bytes[i + 1..]
            .iter()
            .position(|c| !word(c))
            .map_or(bytes.len(), |p| i + 1 + p);
        // A dot after a digit is a number, not a qualified column.
        if start < i && !bytes[start].is_ascii_digit() && !found.contains(&&sql[start..end]) {
            found.push(&sql[start..end]);
        }
    }
    found
}

/// The table aliases `sql` qualifies columns with (`x` of `x.column`), each once.
fn aliases(sql: &str) -> Vec<&str> {
    let mut found: Vec<&str> = Vec::new();
    for column in columns(sql) {
        let alias = column.split('.').next().unwrap_or_default();
        if !found.contains(&alias) {
            found.push(alias);
        }
    }
    found
}

/// The joins of a FROM clause after its main table: each `JOIN table alias ON ...` (or `LEFT
/// JOIN ...`) with its alias.
fn joins(after_base: &str) -> Vec<(&str, &str)> {
    let words: Vec<(usize, &str)> = after_base
        .split_whitespace()
        .map(|w| (w.as_ptr() as usize - after_base.as_ptr() as usize, w))
        .collect();
    let starts: Vec<usize> = words
        .iter()
        .enumerate()
        .filter(|(_, (_, w))| *w == "JOIN")
        .map(|(i, _)| match i.checked_sub(1).map(|p| words[p].1) {
            Some("LEFT" | "INNER") => i - 1,
            _ => i,
        })
        .collect();
    starts
        .iter()
        .enumerate()
        .map(|(n, &first)| {
            let end = starts
                .get(n + 1)
                .map_or(after_base.len(), |&next| words[next].0);
            let clause = after_base[words[first].0..end].trim();
            let join = words[first..]
                .iter()
                .position(|(_, w)| *w == "JOIN")
                .expect("a clause starts at its JOIN");
            (words[first + join + 2].1, clause)
        })
        .collect()
}

/// On SQLite, the words matching an FTS5 phrase, by their trigrams (migration 0019).
const SQLITE_WORDS_MATCHING: &str =
    "SELECT rowid FROM search_word_trigrams WHERE search_word_trigrams MATCH";

/// A search term lying within one word wherever it occurs (three ASCII letters or digits or
/// more, nothing else), lowered; see [`SearchWords`].
fn one_word(search: &str) -> Option<String> {
    let term = search.trim().to_ascii_lowercase();
    (term.len() >= 3 && term.bytes().all(|b| b.is_ascii_alphanumeric())).then_some(term)
}

/// Whether walking an order's index for the first `page_end` of `matches` rows, among the
/// `passed` rows the walk reads, costs less than reading and ordering every match: the walk
/// reads about `page_end * passed / matches` rows, and each costs it about twice a match's.
fn walk_is_cheaper(matches: i64, page_end: i64, passed: i64) -> bool {
    i128::from(matches) * i128::from(matches) >= 2 * i128::from(page_end) * i128::from(passed)
}

/// A column's LIKE test of a search term's pattern. SQLite's LIKE ignores ASCII case only (as
/// its lower() does): a term with other letters compares the text folded by `fold_case`
/// (Unicode lower case, registered on each connection) with the pattern, lowered alike. On
/// PostgreSQL lower() with LIKE is about twice as fast as ILIKE, and matches the trigram
/// indexes; `lowered` columns hold their text in lower case already. A missing value matches
/// nothing either way.
fn like(db: &Db, column: &str, lowered: bool, ascii: bool) -> String {
    match db {
        Db::Postgres(_) if !lowered => format!("lower({column}) LIKE ? ESCAPE '\\'"),
        Db::Sqlite(_) if !ascii => format!("fold_case({column}) LIKE ? ESCAPE '\\'"),
        _ => format!("{column} LIKE ? ESCAPE '\\'"),
    }
}

/// `sql` with each `?` numbered (`$n`) after the `values` bound so far, taking its value from
/// `vals` in turn.
pub(crate) fn numbered(sql: &str, vals: &[Value], values: &mut Vec<Value>) -> String {
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
    out
}

/// A statement of lookups written for a search (`{scope}` the scope's condition on `through`'s
/// scope column, each `?` the search's lowered LIKE pattern), with its values.
fn with_scope_and_pattern(
    template: &str,
    scope: &Scope,
    through: &SearchThrough,
    search: &str,
) -> (String, Vec<Value>) {
    let pattern = Value::from(like_pattern(search));
    let sql = template.replace("{scope}", &scope.condition(through.scope_column));
    let values = sql.matches('?').map(|_| pattern.clone()).collect();
    (sql, values)
}

/// The keys of `through`'s rows in scope matching a (trimmed, non-empty) search, with a `?`
/// for each of its values: from the keys `read` ahead (see [`ListSpec::read_through`]) when
/// there are some, else looked up.
fn through_keys(
    db: &Db,
    scope: &Scope,
    through: &SearchThrough,
    search: &str,
    read: Option<&str>,
) -> (String, Vec<Value>) {
    if let Some(keys) = read {
        return (
            "SELECT CAST(unnest(string_to_array(?, ',')) AS BIGINT)".into(),
            vec![Value::from(keys.to_string())],
        );
    }
    if matches!(db, Db::Postgres(_)) && !through.search_keys.is_empty() {
        return with_scope_and_pattern(through.search_keys, scope, through, search);
    }
    let pattern = Value::from(like_pattern(search));
    let any: Vec<String> = through
        .columns
        .iter()
        .map(|column| like(db, column, false, search.is_ascii()))
        .collect();
    let mut values: Vec<Value> = through.columns.iter().map(|_| pattern.clone()).collect();
    let mut sql = format!(
        "SELECT {key} FROM {table} WHERE {scope} AND ({any})",
        key = through.key,
        table = through.table,
        scope = scope.condition(through.scope_column),
        any = any.join(" OR "),
    );
    match db {
        Db::Sqlite(_) if !through.search_index.is_empty() && search.chars().count() >= 3 => {
            sql.push_str(&format!(
                " AND {key} IN (SELECT rowid FROM {index} WHERE {index} MATCH ?)",
                key = through.key,
                index = through.search_index,
            ));
            values.push(Value::from(fts_phrase(search)));
        }
        Db::Postgres(_) if !through.search_candidates.is_empty() => {
            sql.push_str(&format!(" AND {}", through.search_candidates));
            values.extend(
                through
                    .search_candidates
                    .matches('?')
                    .map(|_| pattern.clone()),
            );
        }
        _ => {}
    }
    (sql, values)
}

/// Rows per batch of [`ListSpec::stream`].
pub const STREAM_BATCH: usize = 256;

/// What a whole list's stream reads beside the list's own columns for each row (a report's
/// running totals): columns, each `?` in them one of `values`, through `joins`.
#[derive(Debug)]
pub struct Beside {
    pub columns: String,
    pub joins: String,
    pub values: Vec<Value>,
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

/// A condition on a list's rows, named by what it keeps; the area of this crate that owns the
/// list writes its SQL, so callers pass typed filters and never SQL text.
pub trait Filter {
    fn add_to(&self, filters: &mut Filters);
}

/// Extra conditions with `?` placeholders and their values.
#[derive(Debug, Clone, Default)]
pub struct Filters {
    conditions: Vec<String>,
    values: Vec<Value>,
}

impl Filters {
    /// Keeps the rows `filter` keeps, as well as those of the filters added before.
    pub fn with(&mut self, filter: impl Filter) -> &mut Self {
        filter.add_to(self);
        self
    }

    /// Adds a condition; each `?` in it takes the next value.
    pub(crate) fn add(
        &mut self,
        condition: &str,
        values: impl IntoIterator<Item = Value>,
    ) -> &mut Self {
        self.conditions.push(condition.to_string());
        self.values.extend(values);
        self
    }

    pub fn is_empty(&self) -> bool {
        self.conditions.is_empty()
    }

    /// Keeps rows whose instant `column` falls on the days from `start` to `end` (either may be
    /// open) on the clock of the time zone `zone` (an SQL expression of the row's home's zone).
    pub(crate) fn add_zoned_days(
        &mut self,
        column: &str,
        zone: &str,
        start: Option<chrono::NaiveDate>,
        end: Option<chrono::NaiveDate>,
    ) -> &mut Self {
        match zoned_days(column, zone, start, end) {
            Some((condition, values)) => self.add(&condition, values),
            None => self,
        }
    }
}

/// The condition that the instant `column` falls on the days from `start` to `end` (either may
/// be open; none when both are) on the clock of the time zone `zone` (an SQL expression of the
/// row's home's zone; one outside the catalogue matches nothing), with a `?` for each value.
pub(crate) fn zoned_days(
    column: &str,
    zone: &str,
    start: Option<chrono::NaiveDate>,
    end: Option<chrono::NaiveDate>,
) -> Option<(String, Vec<Value>)> {
    use chrono::{DateTime, NaiveDate, Utc};
    if start.is_none() && end.is_none() {
        return None;
    }
    let midnight = |zone: i64, day: NaiveDate| -> DateTime<Utc> {
        domain::zones::from_local(zone, day.and_time(chrono::NaiveTime::MIN))
    };
    let zones = domain::catalog::TIMEZONES.map(|(zone, _, _)| zone);
    let starts: Vec<DateTime<Utc>> = start
        .map(|day| zones.iter().map(|z| midnight(*z, day)).collect())
        .unwrap_or_default();
    let ends: Vec<DateTime<Utc>> = end
        .and_then(|day| day.succ_opt())
        .map(|day| zones.iter().map(|z| midnight(*z, day)).collect())
        .unwrap_or_default();
    // The range as the zones' widest (every row in it lies there, so an index on the column
    // narrows the rows and their count) and narrowest (every row there lies in it whatever
    // its zone); only the few hours between are checked against the row's zone, read for
    // those rows alone.
    let mut outer = Vec::new();
    let mut inner = Vec::new();
    let mut values = Vec::new();
    let mut inner_values = Vec::new();
    if let (Some(first), Some(last)) = (starts.iter().min(), starts.iter().max()) {
        outer.push(format!("{column} >= ?"));
        values.push(Value::from(*first));
        inner.push(format!("{column} >= ?"));
        inner_values.push(Value::from(*last));
    }
    if let (Some(first), Some(last)) = (ends.iter().min(), ends.iter().max()) {
        outer.push(format!("{column} < ?"));
        values.push(Value::from(*last));
        inner.push(format!("{column} < ?"));
        inner_values.push(Value::from(*first));
    }
    values.extend(inner_values);
    let mut by_zone = Vec::new();
    for (at, zone) in zones.iter().enumerate() {
        let mut bounds = Vec::new();
        values.push(Value::from(*zone));
        if let Some(start) = starts.get(at) {
            bounds.push(format!("{column} >= ?"));
            values.push(Value::from(*start));
        }
        if let Some(end) = ends.get(at) {
            bounds.push(format!("{column} < ?"));
            values.push(Value::from(*end));
        }
        by_zone.push(format!("WHEN ? THEN {}", bounds.join(" AND ")));
    }
    let condition = format!(
        "{} AND ({} OR CASE {zone} {} ELSE 1=0 END)",
        outer.join(" AND "),
        inner.join(" AND "),
        by_zone.join(" ")
    );
    Some((condition, values))
}

/// One page of a list and the count of the whole filtered list: every list call's answer.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Page<T> {
    pub data: Vec<T>,
    pub total: i64,
}

impl<T> Page<T> {
    /// The same page with each row turned into another.
    pub fn map<U>(self, row: impl FnMut(T) -> U) -> Page<U> {
        Page {
            data: self.data.into_iter().map(row).collect(),
            total: self.total,
        }
    }
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

/// How a request's conditions are written.
#[derive(Clone, Copy, PartialEq)]
enum Shape {
    /// As they are.
    Full,
    /// The scope's condition kept off the indexes (SQLite's unary `+`), so the planner walks
    /// the order's index (see [`ListSpec::walks_order`]).
    WalkOrder,
    /// The search's references kept off their indexes on SQLite, so the planner walks the
    /// order's index testing each row against the matches (see [`ListSpec::page_of_through`]).
    WalkMatches,
    /// The search alone, without the scope: its matches are in scope already (see
    /// [`SearchThrough`]).
    SearchAlone,
    /// As they are, but searched by testing each row in scope rather than through the trigram
    /// index (`search_index`): a scope of a few thousand rows is read faster than a common
    /// term's matches over every builder are found in the index.
    Scan,
}

impl ListSpec {
    /// A list read plainly: one table (or simple joins), searched with LIKE, none of the
    /// large-list machinery. Lists spread it after the fields they set (`..ListSpec::PLAIN`).
    pub const PLAIN: ListSpec = ListSpec {
        columns: "",
        from: "",
        scope_column: "",
        search_columns: &[],
        search_columns_lowered: false,
        search_through: &[],
        search_index: "",
        search_words: None,
        sort_columns: &[],
        default_sort: ("", Order::Asc),
        tie_breaker: "",
        key_column: "",
        base_condition: "",
        base: "",
        totals: "",
        totals_count: "",
        totals_columns: &[],
        version: "",
        sort_runs: &[],
        walk_orders: false,
        walk_through: &[],
        walk_from: "",
        scan_rows: 0,
        nullable_sorts: &[],
    };

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

    /// The request's sort expression and direction (`ASC`/`DESC`).
    fn sort(&self, query: &ListQuery) -> (&'static str, &'static str) {
        let (default_name, default_order) = self.default_sort;
        let name = query.order_by.as_deref().unwrap_or(default_name);
        let expr = self
            .sort_columns
            .iter()
            .find(|(n, _)| *n == name)
            .or_else(|| self.sort_columns.iter().find(|(n, _)| *n == default_name))
            .map(|(_, e)| *e)
            .unwrap_or(self.tie_breaker);
        (expr, query.order.unwrap_or(default_order).sql())
    }

    /// The request's order, most significant first, and its direction: the sort's expression;
    /// for a sort read as runs, the row's builder (see [`SortRuns`]); then the tie breaker.
    fn order_terms(&self, query: &ListQuery) -> (Vec<&'static str>, &'static str) {
        let (expr, dir) = self.sort(query);
        let mut terms: Vec<&'static str> = expr.split(", ").collect();
        if self.runs(query).is_some() {
            terms.push(self.scope_column);
        }
        terms.push(self.tie_breaker);
        (terms, dir)
    }

    fn order_clause(&self, query: &ListQuery) -> String {
        let (terms, dir) = self.order_terms(query);
        let terms: Vec<String> = terms
            .iter()
            .map(|term| format!("{term} {}", self.direction(term, dir)))
            .collect();
        format!("ORDER BY {}", terms.join(", "))
    }

    /// A term's direction in an ORDER BY: `dir`, with where missing values go when the term
    /// may be missing (see `nullable_sorts`).
    fn direction(&self, term: &str, dir: &'static str) -> &'static str {
        match (self.nullable_sorts.contains(&term), dir) {
            (false, _) => dir,
            (true, "ASC") => "ASC NULLS FIRST",
            (true, _) => "DESC NULLS LAST",
        }
    }

    /// The request's conditions, written as `shape` says; a search through other tables uses the
    /// keys `read` ahead for each of `search_through`'s (see [`Self::read_through`]), if any.
    fn statement(
        &self,
        db: &Db,
        scope: &Scope,
        query: &ListQuery,
        keys: Option<&[Value]>,
        shape: Shape,
        read: &[String],
    ) -> Statement {
        let mut conditions = match shape {
            Shape::SearchAlone => Vec::new(),
            Shape::WalkOrder => vec![scope.condition(&format!("+{}", self.scope_column))],
            Shape::Full | Shape::WalkMatches | Shape::Scan => {
                vec![scope.condition(self.scope_column)]
            }
        };
        if !self.base_condition.is_empty() {
            conditions.push(self.base_condition.to_string());
        }
        let mut values: Vec<Value> = Vec::new();
        if let Some(search) = query
            .search
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            let pattern = Value::from(like_pattern(search));
            let ascii = search.is_ascii();
            let mut parts: Vec<String> = Vec::new();
            let mut vals: Vec<Value> = Vec::new();
            // The tables searched through by their references, as the branch leaves them.
            let through: Vec<(usize, &SearchThrough)> =
                match (one_word(search), &self.search_words, db) {
                    // On SQLite, a term lying within one word: the rows holding a word that contains
                    // it, read from an index alone, where the trigram index compares the positions
                    // of the term's trigrams in every row holding them. (PostgreSQL reads thousands
                    // of matches faster through its trigram index, in table order, than by key from
                    // their words: 5.6 against 8.8 ms for a whole enterprise.)
                    (Some(word), Some(words), Db::Sqlite(_)) => {
                        parts.push(format!(
                            "{key} IN (SELECT {words_key} FROM {table} WHERE word_id IN \
                         ({SQLITE_WORDS_MATCHING} ?) AND {scope})",
                            key = self.key_column,
                            words_key = words.key,
                            table = words.table,
                            scope = scope.condition(words.scope_column),
                        ));
                        vals.push(Value::from(fts_phrase(&word)));
                        Vec::new()
                    }
                    // Terms of three characters or more are looked up in the trigram index (it finds
                    // nothing shorter): SQLite reads only the matching rows instead of testing every
                    // row in scope. The index holds the columns searched through other tables too,
                    // except those of a table with an index of its own, found through it.
                    (_, _, Db::Sqlite(_))
                        if !self.search_index.is_empty()
                            && search.chars().count() >= 3
                            && shape != Shape::Scan =>
                    {
                        parts.push(format!(
                            "{key} IN (SELECT rowid FROM {index} WHERE {index} MATCH ?)",
                            key = self.key_column,
                            index = self.search_index
                        ));
                        vals.push(Value::from(fts_phrase(search)));
                        self.search_through
                            .iter()
                            .enumerate()
                            .filter(|(_, through)| !through.search_index.is_empty())
                            .collect()
                    }
                    _ => {
                        for column in self.search_columns {
                            parts.push(like(db, column, self.search_columns_lowered, ascii));
                            vals.push(pattern.clone());
                        }
                        self.search_through.iter().enumerate().collect()
                    }
                };
            for (n, through) in through {
                let (keys, keys_values) =
                    through_keys(db, scope, through, search, read.get(n).map(String::as_str));
                // PostgreSQL reads `= ANY(ARRAY(...))` once and combines it with an index on the
                // reference (and the trigram index of the row's own lowered text) to read the
                // matches alone. Where it tests every row instead (the row's own columns have no
                // index, or the page walks an order), `IN` tests each against a hash of the
                // matches, where `ANY` would compare it with each of thousands in turn.
                let indexed = self.search_columns.is_empty() || self.search_columns_lowered;
                parts.push(match db {
                    Db::Sqlite(_) if shape == Shape::WalkMatches => {
                        format!("+{} IN ({keys})", through.reference)
                    }
                    Db::Postgres(_) if indexed && shape != Shape::WalkMatches => {
                        format!("{} = ANY(ARRAY({keys}))", through.reference)
                    }
                    _ => format!("{} IN ({keys})", through.reference),
                });
                vals.extend(keys_values);
            }
            let sql = format!("({})", parts.join(" OR "));
            conditions.push(numbered(&sql, &vals, &mut values));
        }
        let mut filter_values = query.filters.values.iter();
        for condition in &query.filters.conditions {
            let count = condition.matches('?').count();
            let vals: Vec<Value> = filter_values.by_ref().take(count).cloned().collect();
            conditions.push(numbered(condition, &vals, &mut values));
        }
        if let Some(keys) = keys {
            if keys.is_empty() {
                conditions.push("1=0".into());
            } else {
                let marks = vec!["?"; keys.len()].join(",");
                conditions.push(numbered(
                    &format!("{} IN ({marks})", self.key_column),
                    keys,
                    &mut values,
                ));
            }
        }
        Statement {
            where_sql: conditions.join(" AND "),
            values,
        }
    }

    /// Every row meeting `cond` as `m (list_key, list_order_0, list_order_1, ...)` (the terms of
    /// the request's order), and the request's order of them. The matches are read behind a
    /// fence the planner does not see through, and only then ordered: otherwise it may walk an
    /// index in the list's order testing every row in scope, although a search reads every match
    /// anyway.
    fn matches(&self, db: &Db, query: &ListQuery, keys_from: &str, cond: &str) -> (String, String) {
        let (terms, dir) = self.order_terms(query);
        let fence = match db {
            Db::Sqlite(_) => "LIMIT -1",
            Db::Postgres(_) => "OFFSET 0",
        };
        let selected: Vec<String> = terms
            .iter()
            .enumerate()
            .map(|(n, term)| format!("{term} AS list_order_{n}"))
            .collect();
        let order: Vec<String> = terms
            .iter()
            .enumerate()
            .map(|(n, term)| format!("list_order_{n} {}", self.direction(term, dir)))
            .collect();
        (
            format!(
                "(SELECT {key} AS list_key, {selected} FROM {keys_from} WHERE {cond} {fence}) m",
                key = self.key_column,
                selected = selected.join(", "),
            ),
            order.join(", "),
        )
    }

    /// The keys of every row meeting `cond`, in the request's order, in one value: thousands
    /// of rows would each cost a hand-over.
    fn ordered_keys(&self, db: &Db, query: &ListQuery, keys_from: &str, cond: &str) -> String {
        match db {
            // SQLite sorts an aggregate's ORDER BY by inserting each row into a temporary
            // B-tree, about twice the time of its sorter, which a subquery's ORDER BY uses; it
            // keeps that order for an aggregate over the subquery, which it never flattens.
            // It plans the matches unfenced well: from the search index, or along the
            // builder's own index when the scope is one builder.
            Db::Sqlite(_) => format!(
                "SELECT string_agg(CAST(list_key AS TEXT), ',') FROM \
                 (SELECT {key} AS list_key FROM {keys_from} WHERE {cond} {order}) m",
                key = self.key_column,
                order = self.order_clause(query)
            ),
            Db::Postgres(_) => {
                let (matches, order) = self.matches(db, query, keys_from, cond);
                format!(
                    "SELECT string_agg(CAST(list_key AS TEXT), ',' ORDER BY {order}) FROM {matches}"
                )
            }
        }
    }

    /// A searching page from the ordered keys of all its matches, read once per version of the
    /// list's tables (see `version`); or, the first time a search is asked at a version, from
    /// the words of the rows where that is cheaper (see [`Self::page_of_words`]).
    async fn page_of_kept_keys<T: Row>(
        &self,
        db: &Db,
        scope: &Scope,
        query: &ListQuery,
        statement: &Statement,
        matches: &str,
        limit: i64,
    ) -> Result<Page<T>> {
        let kept = format!("{matches}\u{0}{:?}", statement.values);
        // The version first: a change committed after it makes the keys read below newer than
        // their version, never older, and the next request reads them again.
        let version: i64 = on_pool!(db, |pool| {
            sqlx::query_scalar("SELECT version FROM list_versions WHERE name = $1")
                .bind(self.version)
                .fetch_one(pool)
                .await
        })?;
        let cached = list_keys::KEYS
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&kept, version);
        let keys: Arc<[i64]> = match cached {
            Some(keys) => keys,
            None => {
                let asked_before = list_keys::KEYS
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .asked_before(&kept, version);
                let walked = if asked_before {
                    None
                } else {
                    self.page_of_words(db, scope, query, limit).await?
                };
                if let Some((on_page, total)) = walked {
                    return Ok(Page {
                        data: self.rows_of(db, query, &on_page).await?,
                        total,
                    });
                }
                let joined: Option<String> = on_pool!(db, |pool| {
                    bind_values!(sqlx::query_scalar(matches), &statement.values)
                        .fetch_one(pool)
                        .await
                })?;
                let keys = joined
                    .as_deref()
                    .unwrap_or_default()
                    .split(',')
                    .filter(|key| !key.is_empty())
                    .map(str::parse)
                    .collect::<std::result::Result<Arc<[i64]>, _>>()
                    .map_err(|e| sqlx::Error::Decode(Box::new(e)))?;
                list_keys::KEYS
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .put(kept, version, keys.clone());
                keys
            }
        };
        let first = usize::try_from(query.page.max(0).saturating_mul(limit)).unwrap_or(usize::MAX);
        let on_page: Vec<i64> = keys
            .iter()
            .skip(first)
            .take(usize::try_from(limit).unwrap_or(0))
            .copied()
            .collect();
        Ok(Page {
            data: self.rows_of(db, query, &on_page).await?,
            total: keys.len() as i64,
        })
    }

    /// The keys of a searching page and the search's total from the words of the rows
    /// (`search_words`), where the request is one word, of three characters or more, within
    /// the scope alone (no other condition), in an order an index of the main table gives.
    /// The words' rows count the matches; the page walks that index testing each row's words,
    /// which reads about (rows before the page end) x (rows the walk passes) / (matches) rows.
    /// `None` where reading and ordering every match is cheaper: when the matches are few.
    async fn page_of_words(
        &self,
        db: &Db,
        scope: &Scope,
        query: &ListQuery,
        limit: i64,
    ) -> Result<Option<(Vec<i64>, i64)>> {
        let Some(words) = &self.search_words else {
            return Ok(None);
        };
        let term = one_word(query.search.as_deref().unwrap_or_default());
        let alias = self.base.split_whitespace().nth(1).unwrap_or_default();
        let (sort, _) = self.sort(query);
        let walkable = self.runs(query).is_none()
            && [sort, self.tie_breaker]
                .iter()
                .all(|expr| aliases(expr).iter().all(|a| *a == alias));
        // The words know the row's scope alone, so no other condition may narrow the rows.
        let scope_alone = self.base_condition.is_empty() && query.filters.conditions.is_empty();
        let (Some(term), true, false, true) = (term, walkable, alias.is_empty(), scope_alone)
        else {
            return Ok(None);
        };
        let (table, key, scope_column) = (words.table, words.key, words.scope_column);
        let (row_key, row_scope, base) = (self.key_column, self.scope_column, self.base);
        let first = query.page.max(0).saturating_mul(limit);
        let walk_end = format!(
            "{order} LIMIT {limit} OFFSET {first}",
            order = self.order_clause(query)
        );
        // Each dialect reads the words containing the term, their rows in scope (each row once:
        // a row may hold two of them) and the rows the walk passes, in one statement the
        // connection keeps prepared; then, where the matches are dense enough, walks.
        match db {
            Db::Postgres(pool) => {
                let in_words = format!(
                    "FROM {table} WHERE word_id = ANY(w.ids) AND {}",
                    scope.condition(scope_column)
                );
                // The walk passes the rows in scope: the planner walks an index within the
                // scope where it has one.
                let stats_sql = format!(
                    "SELECT w.ids, CASE WHEN cardinality(w.ids) > 1 \
                     THEN (SELECT COUNT(DISTINCT {key}) {in_words}) ELSE (SELECT COUNT(*) {in_words}) END, \
                     ({in_scope}) \
                     FROM (SELECT ARRAY(SELECT word_id FROM search_words WHERE word LIKE $1) AS ids) w",
                    in_scope = self.count_sql(false, &scope.condition(row_scope), None),
                );
                let (word_ids, matches, passed): (Vec<i64>, i64, i64) = sqlx::query_as(&stats_sql)
                    .bind(format!("%{term}%"))
                    .fetch_one(pool)
                    .await?;
                if matches == 0 || !walk_is_cheaper(matches, first + limit, passed) {
                    return Ok((matches == 0).then(|| (Vec::new(), 0)));
                }
                // The words are probed behind a fence (OFFSET 0) that keeps the planner from
                // joining them whole.
                let sql = format!(
                    "SELECT {row_key} FROM {base} WHERE {in_scope} AND EXISTS (SELECT 1 FROM {table} w \
                     WHERE w.word_id = ANY($1) AND w.{scope_column} = {row_scope} \
                     AND w.{key} = {row_key} OFFSET 0) {walk_end}",
                    in_scope = scope.condition(row_scope),
                );
                let keys: Vec<i64> = sqlx::query_scalar(&sql)
                    .bind(word_ids)
                    .fetch_all(pool)
                    .await?;
                Ok(Some((keys, matches)))
            }
            Db::Sqlite(pool) => {
                let words = format!("{SQLITE_WORDS_MATCHING} $1");
                let in_words = format!(
                    "FROM {table} WHERE word_id IN ({words}) AND {}",
                    scope.condition(scope_column)
                );
                // SQLite would rather read the rows in scope by the builder's index and sort
                // them all, so the walk takes the order's index over every row, in scope or
                // not: it passes the whole table, whose size its largest key tells at once.
                let stats_sql = format!(
                    "SELECT (SELECT group_concat(rowid) FROM ({words})), \
                     CASE WHEN (SELECT COUNT(*) FROM ({words})) > 1 \
                     THEN (SELECT COUNT(DISTINCT {key}) {in_words}) ELSE (SELECT COUNT(*) {in_words}) END, \
                     (SELECT COALESCE(MAX({row_key}), 0) FROM {base})",
                );
                let (word_ids, matches, passed): (Option<String>, i64, i64) =
                    sqlx::query_as(&stats_sql)
                        .bind(fts_phrase(&term))
                        .fetch_one(pool)
                        .await?;
                if matches == 0 || !walk_is_cheaper(matches, first + limit, passed) {
                    return Ok((matches == 0).then(|| (Vec::new(), 0)));
                }
                // The word ids are the database's own integers. A row's words are probed by
                // key where the term lies in a few words, else read from the row's own, about
                // ten.
                let word_ids = word_ids.unwrap_or_default();
                let probe = if word_ids.matches(',').count() < 4 {
                    format!("w.word_id IN ({word_ids}) AND w.{scope_column} = {row_scope}")
                } else {
                    format!("+w.word_id IN ({word_ids})")
                };
                let sql = format!(
                    "SELECT {row_key} FROM {base} WHERE {in_scope} AND EXISTS (SELECT 1 FROM {table} w \
                     WHERE {probe} AND w.{key} = {row_key}) {walk_end}",
                    in_scope = scope.condition(&format!("+{row_scope}")),
                );
                let keys: Vec<i64> = sqlx::query_scalar(&sql).fetch_all(pool).await?;
                Ok(Some((keys, matches)))
            }
        }
    }

    /// The rows of `keys`, with every join, in the request's order.
    async fn rows_of<T: Row>(&self, db: &Db, query: &ListQuery, keys: &[i64]) -> Result<Vec<T>> {
        if keys.is_empty() {
            return Ok(Vec::new());
        }
        let (key, order) = (self.key_column, self.order_clause(query));
        let select = format!("SELECT {} FROM {}", self.columns, self.from);
        match db {
            // The keys as one array value: the statement's text is then the same for every page
            // of the list in this order, so the connection keeps it prepared and PostgreSQL
            // plans its joins once, which took longer than reading the rows.
            Db::Postgres(pool) => {
                sqlx::query_as::<_, T>(&format!("{select} WHERE {key} = ANY($1) {order}"))
                    .bind(keys)
                    .fetch_all(pool)
                    .await
            }
            Db::Sqlite(pool) => {
                let keys: Vec<String> = keys.iter().map(i64::to_string).collect();
                let keys = keys.join(",");
                sqlx::query_as::<_, T>(&format!("{select} WHERE {key} IN ({keys}) {order}"))
                    .fetch_all(pool)
                    .await
            }
        }
    }

    /// The request's sort, when it is read as runs.
    fn runs(&self, query: &ListQuery) -> Option<&SortRuns> {
        let name = query.order_by.as_deref().unwrap_or(self.default_sort.0);
        self.sort_runs.iter().find(|runs| runs.sort == name)
    }

    /// The keys of a page sorted by `runs`, and the list's total where the counts that placed
    /// the page gave it. Each run's rows meeting the request's conditions are read builder after
    /// builder, each builder's in key order, run after run in the names' order, from the page's
    /// first row on. Where the table of totals counts the request's rows per reference and
    /// builder, whole runs and whole builders before the page are skipped by those counts;
    /// otherwise whole runs are skipped by counting their rows, up to what the page skips.
    async fn keys_of_runs(
        &self,
        db: &Db,
        query: &ListQuery,
        statement: &Statement,
        runs: &SortRuns,
        keys_from: &str,
        limit: i64,
    ) -> Result<(Vec<i64>, Option<i64>)> {
        let (_, dir) = self.sort(query);
        let names = format!(
            "SELECT run_key, run_name FROM ({}) r ORDER BY run_name {dir}, run_key {dir}",
            runs.names
        );
        let (reference, scope, cond) = (runs.reference, self.scope_column, &statement.where_sql);
        let counted_by_totals = self.counted_by_totals(false, cond)
            && [reference, scope]
                .iter()
                .all(|c| self.totals_columns.contains(c));
        let run_condition = |references: &[i64]| match references {
            [] => format!("{reference} IS NULL"),
            _ => {
                let keys: Vec<String> = references.iter().map(i64::to_string).collect();
                format!("{reference} IN ({})", keys.join(","))
            }
        };
        // A run's rows from the builder `from` on (all with none), past `skip` of them.
        let rows_sql = |run: &str, from: Option<i64>, wanted: i64, skip: i64| {
            let from = match (from, dir) {
                (None, _) => String::new(),
                (Some(builder), "ASC") => format!(" AND {scope} >= {builder}"),
                (Some(builder), _) => format!(" AND {scope} <= {builder}"),
            };
            format!(
                "SELECT {key} FROM {keys_from} WHERE {cond} AND {run}{from} \
                 ORDER BY {scope} {dir}, {tie} {dir} LIMIT {wanted} OFFSET {skip}",
                key = self.key_column,
                tie = self.tie_breaker,
            )
        };
        on_pool!(db, |pool| {
            let names: Vec<(i64, Option<String>)> = sqlx::query_as(&names).fetch_all(pool).await?;
            // Each run's references: rows named alike are one run. No reference stands for the
            // rows missing one, a run of their own where the database orders a missing name.
            let mut named: Vec<Vec<i64>> = Vec::new();
            for (at, (key, name)) in names.iter().enumerate() {
                match named.last_mut() {
                    Some(run) if at > 0 && names[at - 1].1 == *name => run.push(*key),
                    _ => named.push(vec![*key]),
                }
            }
            if runs.nullable {
                if matches!(db, Db::Sqlite(_)) == (dir == "ASC") {
                    named.insert(0, Vec::new());
                } else {
                    named.push(Vec::new());
                }
            }
            let mut skip = query.page.max(0).saturating_mul(limit);
            let mut keys: Vec<i64> = Vec::new();
            let mut total = None;
            let counts: Vec<(Option<i64>, i64, i64)> = if counted_by_totals {
                let sql = format!(
                    "SELECT {reference}, {scope}, CAST(SUM({count}) AS BIGINT) FROM {totals} \
                     WHERE {cond} GROUP BY {reference}, {scope}",
                    count = self.totals_count,
                    totals = self.totals,
                );
                bind_values!(sqlx::query_as(&sql), &statement.values)
                    .fetch_all(pool)
                    .await?
            } else {
                Vec::new()
            };
            if counted_by_totals {
                total = Some(counts.iter().map(|(_, _, rows)| rows).sum());
            }
            for references in &named {
                let wanted = limit - keys.len() as i64;
                if wanted <= 0 {
                    break;
                }
                let run = run_condition(references);
                let mut from = None;
                if counted_by_totals {
                    // The run's rows per builder, in the order the page reads them.
                    let mut builders: Vec<(i64, i64)> = Vec::new();
                    for (counted, builder, rows) in &counts {
                        let in_run = match counted {
                            Some(counted) => references.contains(counted),
                            None => references.is_empty(),
                        };
                        if !in_run || *rows <= 0 {
                            continue;
                        }
                        match builders.iter_mut().find(|(b, _)| b == builder) {
                            Some((_, sum)) => *sum += rows,
                            None => builders.push((*builder, *rows)),
                        }
                    }
                    builders.sort_unstable();
                    if dir != "ASC" {
                        builders.reverse();
                    }
                    let rows: i64 = builders.iter().map(|(_, rows)| rows).sum();
                    if rows <= skip {
                        skip -= rows;
                        continue;
                    }
                    // The page starts within this run, in the builder where the rows before it
                    // there end.
                    for (builder, rows) in builders {
                        if rows <= skip {
                            skip -= rows;
                        } else {
                            from = Some(builder);
                            break;
                        }
                    }
                } else if skip > 0 {
                    // Whether the page starts past this run: counting more than `skip` of its
                    // rows would not tell more.
                    let count_sql = self.count_sql(
                        false,
                        &format!("{cond} AND {run}"),
                        Some(skip.saturating_add(1)),
                    );
                    let count: i64 =
                        bind_values!(sqlx::query_scalar(&count_sql), &statement.values)
                            .fetch_one(pool)
                            .await?;
                    if count <= skip {
                        skip -= count;
                        continue;
                    }
                }
                let sql = rows_sql(&run, from, wanted, skip);
                let run_keys: Vec<i64> = bind_values!(sqlx::query_scalar(&sql), &statement.values)
                    .fetch_all(pool)
                    .await?;
                keys.extend(run_keys);
                skip = 0;
            }
            Ok((keys, total))
        })
    }

    /// Whether the table of totals counts the rows meeting `cond`.
    fn counted_by_totals(&self, searching: bool, cond: &str) -> bool {
        !self.totals.is_empty()
            && !searching
            && self.base_condition.is_empty()
            && columns(cond)
                .iter()
                .all(|c| self.totals_columns.contains(c))
    }

    /// A query counting the rows meeting `cond`: from the table of totals where the request
    /// allows it, else the rows themselves, then at most `bound` of them.
    fn count_sql(&self, searching: bool, cond: &str, bound: Option<i64>) -> String {
        if self.counted_by_totals(searching, cond) {
            return format!(
                "SELECT CAST(COALESCE(SUM({}), 0) AS BIGINT) FROM {} WHERE {cond}",
                self.totals_count, self.totals
            );
        }
        let from = self.narrowest_from(&[cond]);
        let from = from.as_deref().unwrap_or(self.from);
        match bound {
            Some(bound) => format!(
                "SELECT COUNT(*) FROM (SELECT 1 FROM {from} WHERE {cond} LIMIT {bound}) bounded"
            ),
            None => format!("SELECT COUNT(*) FROM {from} WHERE {cond}"),
        }
    }

    /// The main table with only the joins `sql` names (and those they need), when the list has
    /// a main table whose joins keep its rows.
    fn narrowest_from(&self, sql: &[&str]) -> Option<String> {
        let after_base = self
            .from
            .strip_prefix(self.base)
            .filter(|_| !self.base.is_empty())?;
        let joins = joins(after_base);
        let mut needed: Vec<&str> = sql.iter().flat_map(|s| aliases(s)).collect();
        // A join's condition names only joins before it, so one pass from the last finds all.
        let mut kept = Vec::new();
        for (alias, clause) in joins.iter().rev() {
            if needed.contains(alias) {
                needed.extend(aliases(clause));
                kept.push(*clause);
            }
        }
        kept.reverse();
        Some(
            std::iter::once(self.base)
                .chain(kept)
                .collect::<Vec<_>>()
                .join(" "),
        )
    }

    /// Whether SQLite should find a page of several builders' rows by walking the order's index
    /// over the whole table rather than reading every row in scope through the builder index
    /// and sorting them. SQLite 3.46 takes the sort for a builder list even where the scope is
    /// most of the table: 7 ms for an enterprise's 50,000 homes, where the walk finds the first
    /// page in 0.4 ms. The scope's share of the rows, from the totals, decides
    /// ([`walk_is_cheaper`]); only plain orders of the main table's own columns (which have
    /// their indexes) without filters are walked.
    async fn walks_order(
        &self,
        db: &Db,
        scope: &Scope,
        query: &ListQuery,
        limit: i64,
    ) -> Result<bool> {
        let several = matches!(scope, Scope::Builders(ids) if ids.len() > 1);
        let sort = query.order_by.as_deref().unwrap_or(self.default_sort.0);
        let plain = query.filters.conditions.is_empty()
            && self.base_condition.is_empty()
            && self.runs(query).is_none()
            && (self.narrowest_from(&[&self.order_clause(query)]).as_deref() == Some(self.base)
                || self.walk_through.contains(&sort));
        if !matches!(db, Db::Sqlite(_)) || !several || !plain || !self.walk_orders {
            return Ok(false);
        }
        let sql = format!(
            "SELECT CAST(COALESCE(SUM(CASE WHEN {in_scope} THEN {count} ELSE 0 END), 0) AS BIGINT), \
             CAST(COALESCE(SUM({count}), 0) AS BIGINT) FROM {totals}",
            in_scope = scope.condition(self.scope_column),
            count = self.totals_count,
            totals = self.totals,
        );
        let (in_scope, all): (i64, i64) =
            on_pool!(db, |pool| sqlx::query_as(&sql).fetch_one(pool).await)?;
        Ok(walk_is_cheaper(
            in_scope,
            (query.page.max(0) + 1) * limit,
            all,
        ))
    }

    /// A searching page of a list searched only through other tables (`search_through`), where
    /// the matches are many: their count from the references' indexes alone (the matches are in
    /// scope already), then the page by walking the order's index testing each row against them,
    /// which reads about (rows up to the page's end) x (rows in scope) / (matches) rows instead
    /// of reading and ordering every match. `None` where the request has other conditions, its
    /// sort is read as runs, or the matches are few enough to read and order.
    async fn page_of_through<T: Row>(
        &self,
        db: &Db,
        scope: &Scope,
        query: &ListQuery,
        keys_from: &str,
        limit: i64,
        read: &ReadAhead,
    ) -> Result<Option<Page<T>>> {
        let through_only = self.search_columns.is_empty()
            && !self.search_through.is_empty()
            && self.search_index.is_empty()
            && self.search_words.is_none()
            && self.base_condition.is_empty()
            && query.filters.is_empty()
            && self.runs(query).is_none()
            && !self.totals.is_empty();
        if !through_only {
            return Ok(None);
        }
        let search = query.search.as_deref().map(str::trim).unwrap_or_default();
        let matches = match self.counted_through(db, scope, search, read).await? {
            Some(matches) => matches,
            None => {
                let alone = self.statement(db, scope, query, None, Shape::SearchAlone, &read.keys);
                let count_sql = format!(
                    "SELECT COUNT(*) FROM {} WHERE {}",
                    self.base, alone.where_sql
                );
                on_pool!(db, |pool| {
                    bind_values!(sqlx::query_scalar(&count_sql), &alone.values)
                        .fetch_one(pool)
                        .await
                })?
            }
        };
        let in_scope_sql = self.count_sql(false, &scope.condition(self.scope_column), None);
        let in_scope: i64 = on_pool!(db, |pool| {
            sqlx::query_scalar(&in_scope_sql).fetch_one(pool).await
        })?;
        let first = query.page.max(0).saturating_mul(limit);
        if matches > 0 && !walk_is_cheaper(matches, first + limit, in_scope) {
            return Ok(None);
        }
        let walk = self.statement(db, scope, query, None, Shape::WalkMatches, &read.keys);
        let keys_sql = format!(
            "SELECT {key} FROM {keys_from} WHERE {cond} {order} LIMIT {limit} OFFSET {first}",
            key = self.key_column,
            cond = walk.where_sql,
            order = self.order_clause(query),
        );
        let keys: Vec<i64> = if matches == 0 {
            Vec::new()
        } else {
            on_pool!(db, |pool| {
                bind_values!(sqlx::query_scalar(&keys_sql), &walk.values)
                    .fetch_all(pool)
                    .await
            })?
        };
        Ok(Some(Page {
            data: self.rows_of(db, query, &keys).await?,
            total: matches,
        }))
    }

    /// The count of a search through one or two tables that each keep their [`ThroughCounts`]:
    /// the sum of each side's matching rows' counts, less the list rows both sides match, read
    /// along the side with fewer rows testing the other. `None` where a side keeps no counts.
    async fn counted_through(
        &self,
        db: &Db,
        scope: &Scope,
        search: &str,
        read: &ReadAhead,
    ) -> Result<Option<i64>> {
        let sides: Vec<(&SearchThrough, &ThroughCounts, Option<&str>)> = self
            .search_through
            .iter()
            .enumerate()
            .filter_map(|(n, through)| {
                let read = read.keys.get(n).map(String::as_str);
                through
                    .counts
                    .as_ref()
                    .map(|counts| (through, counts, read))
            })
            .collect();
        if sides.len() != self.search_through.len() || sides.len() > 2 || search.is_empty() {
            return Ok(None);
        }
        let mut sums = Vec::with_capacity(sides.len());
        for (n, (through, counts, keys_read)) in sides.iter().enumerate() {
            if let Some(Some(sum)) = read.counted.get(n) {
                sums.push(*sum);
                continue;
            }
            let (keys, keys_values) = through_keys(db, scope, through, search, *keys_read);
            let mut values = Vec::new();
            let sql = numbered(
                &format!(
                    "SELECT CAST(COALESCE(SUM({rows}), 0) AS BIGINT) FROM {table} \
                     WHERE {key} IN ({keys})",
                    rows = counts.rows,
                    table = counts.table,
                    key = counts.key,
                ),
                &keys_values,
                &mut values,
            );
            let sum: i64 = on_pool!(db, |pool| {
                bind_values!(sqlx::query_scalar(&sql), &values)
                    .fetch_one(pool)
                    .await
            })?;
            sums.push(sum);
        }
        let total: i64 = sums.iter().sum();
        let [first, second] = sides[..] else {
            return Ok(Some(total));
        };
        if sums.contains(&0) {
            return Ok(Some(total));
        }
        let (along, tested) = if sums[0] <= sums[1] {
            (first, second)
        } else {
            (second, first)
        };
        let (along_keys, along_values) = through_keys(db, scope, along.0, search, along.2);
        let (tested_keys, tested_values) = through_keys(db, scope, tested.0, search, tested.2);
        // SQLite's unary `+` keeps the tested side off its index.
        let plus = if matches!(db, Db::Sqlite(_)) { "+" } else { "" };
        let mut values = Vec::new();
        let sql = numbered(
            &format!(
                "SELECT COUNT(*) FROM {base} WHERE {along} IN ({along_keys}) \
                 AND {plus}{tested} IN ({tested_keys})",
                base = self.base,
                along = along.0.reference,
                tested = tested.0.reference,
            ),
            &[along_values, tested_values].concat(),
            &mut values,
        );
        let both: i64 = on_pool!(db, |pool| {
            bind_values!(sqlx::query_scalar(&sql), &values)
                .fetch_one(pool)
                .await
        })?;
        Ok(Some(total - both))
    }

    /// Whether a search on SQLite should test every row in scope rather than use the trigram
    /// index: the list has both and the totals count at most `scan_rows` rows in scope.
    async fn scans(&self, db: &Db, scope: &Scope) -> Result<bool> {
        if self.scan_rows == 0
            || self.search_index.is_empty()
            || self.totals.is_empty()
            || !matches!(db, Db::Sqlite(_))
        {
            return Ok(false);
        }
        let sql = self.count_sql(false, &scope.condition(self.scope_column), None);
        let in_scope: i64 = on_pool!(db, |pool| sqlx::query_scalar(&sql).fetch_one(pool).await)?;
        Ok(in_scope <= self.scan_rows)
    }

    /// A page past the middle of a list its totals count, read from the other end: the same
    /// rows are within the first half of the reversed order (at most two of its pages), so the
    /// last page of 100,000 rows skips none instead of 99,975. `Err` with the list's count (the
    /// `known` one, or counted here) for a page before the middle, so it is not counted again;
    /// `Err(None)` for any other request.
    async fn page_from_the_end<T: Row>(
        &self,
        db: &Db,
        scope: &Scope,
        query: &ListQuery,
        known: Option<i64>,
    ) -> Result<std::result::Result<Page<T>, Option<i64>>> {
        let searching = query
            .search
            .as_deref()
            .is_some_and(|s| !s.trim().is_empty());
        let first = query.page.max(0).saturating_mul(query.limit.unwrap_or(0));
        let (Some(limit), false, true) = (query.limit, searching, first > 0) else {
            return Ok(Err(None));
        };
        let statement = self.statement(db, scope, query, None, Shape::Full, &[]);
        if !self.counted_by_totals(false, &statement.where_sql) {
            return Ok(Err(None));
        }
        let total: i64 = match known {
            Some(total) => total,
            None => {
                let count_sql = self.count_sql(false, &statement.where_sql, None);
                on_pool!(db, |pool| {
                    bind_values!(sqlx::query_scalar(&count_sql), &statement.values)
                        .fetch_one(pool)
                        .await
                })?
            }
        };
        if first <= total / 2 || first >= total {
            return Ok(Err(Some(total)));
        }
        // The page's rows in the reversed order: from `start` up to `stop`.
        let (start, stop) = (total - (first + limit).min(total), total - first);
        let (default_name, default_order) = self.default_sort;
        let reversed = |page| ListQuery {
            order_by: Some(
                query
                    .order_by
                    .clone()
                    .unwrap_or_else(|| default_name.to_string()),
            ),
            order: Some(match query.order.unwrap_or(default_order) {
                Order::Asc => Order::Desc,
                Order::Desc => Order::Asc,
            }),
            page,
            ..query.clone()
        };
        let mut rows = Vec::new();
        for page in start / limit..=(stop - 1) / limit {
            rows.extend(
                Box::pin(self.page_counted::<T>(db, scope, &reversed(page), Some(total)))
                    .await?
                    .data,
            );
        }
        let skip = usize::try_from(start % limit).unwrap_or(0);
        let mut data: Vec<T> = rows
            .into_iter()
            .skip(skip)
            .take(usize::try_from(stop - start).unwrap_or(0))
            .collect();
        data.reverse();
        Ok(Ok(Page { data, total }))
    }

    /// On PostgreSQL, the keys of the rows a search finds through each of `search_through`'s
    /// tables, read once for the request's statements (its counts and its page), each a list
    /// of keys joined by commas: it finds them again for every statement that names them (the
    /// 6,000 homes of an enterprise matching a community's name: three times 8 ms). A side
    /// whose counts table keeps the searched columns (`ThroughCounts::searched`) is read from
    /// it, with the sum of its matches' counts. Empty where there is nothing to read, and on
    /// SQLite, where each lookup is cheap.
    async fn read_through(&self, db: &Db, scope: &Scope, query: &ListQuery) -> Result<ReadAhead> {
        let search = query.search.as_deref().map(str::trim).unwrap_or_default();
        let mut read = ReadAhead::default();
        if search.is_empty() || !matches!(db, Db::Postgres(_)) {
            return Ok(read);
        }
        for through in self.search_through {
            let searched = through.counts.as_ref().map_or("", |counts| counts.searched);
            let ((rows, rows_values), columns, sum) = if searched.is_empty() {
                let keys = through_keys(db, scope, through, search, None);
                (keys, "k", "CAST(NULL AS BIGINT)")
            } else {
                let counted = with_scope_and_pattern(searched, scope, through, search);
                (counted, "k, n", "CAST(COALESCE(SUM(n), 0) AS BIGINT)")
            };
            let mut values = Vec::new();
            let sql = numbered(
                &format!(
                    "SELECT string_agg(CAST(k AS TEXT), ','), {sum} FROM ({rows}) AS t({columns})"
                ),
                &rows_values,
                &mut values,
            );
            let (joined, counted): (Option<String>, Option<i64>) = on_pool!(db, |pool| {
                bind_values!(sqlx::query_as(&sql), &values)
                    .fetch_one(pool)
                    .await
            })?;
            read.keys.push(joined.unwrap_or_default());
            read.counted.push(counted);
        }
        Ok(read)
    }

    /// One page of the list and the total count.
    pub async fn page<T: Row>(&self, db: &Db, scope: &Scope, query: &ListQuery) -> Result<Page<T>> {
        self.page_counted(db, scope, query, None).await
    }

    /// One page of the list and its total count, which is `known` when given.
    async fn page_counted<T: Row>(
        &self,
        db: &Db,
        scope: &Scope,
        query: &ListQuery,
        known: Option<i64>,
    ) -> Result<Page<T>> {
        let known = match self.page_from_the_end(db, scope, query, known).await? {
            Ok(page) => return Ok(page),
            Err(counted) => counted.or(known),
        };
        let searching = query
            .search
            .as_deref()
            .is_some_and(|s| !s.trim().is_empty());
        // Without kept keys (`version`), a search the rows' words answer walks the order where
        // that is cheaper, every time, before anything is read or counted for the other ways.
        if let (Some(limit), true, true) = (query.limit, searching, self.version.is_empty()) {
            if let Some((on_page, total)) = self.page_of_words(db, scope, query, limit).await? {
                return Ok(Page {
                    data: self.rows_of(db, query, &on_page).await?,
                    total,
                });
            }
        }
        let shape = if searching && self.scans(db, scope).await? {
            Shape::Scan
        } else {
            Shape::Full
        };
        let read = self.read_through(db, scope, query).await?;
        let statement = self.statement(db, scope, query, None, shape, &read.keys);
        let order = self.order_clause(query);
        let count_sql = self.count_sql(searching, &statement.where_sql, None);
        let window = query
            .limit
            .map(|limit| format!(" LIMIT {limit} OFFSET {}", query.page.max(0) * limit));
        // A search reads every match whatever the order, so it counts them in the same pass;
        // otherwise the count is a query of its own, which indexes often answer alone.
        let counted = if searching && window.is_some() {
            ", COUNT(*) OVER () AS list_total"
        } else {
            ""
        };
        let keys_from = self.narrowest_from(&[&statement.where_sql, &order]);
        if let (Some(keys_from), Some(limit), true) = (
            &keys_from,
            query.limit,
            searching && !self.version.is_empty(),
        ) {
            let matches = self.ordered_keys(db, query, keys_from, &statement.where_sql);
            return self
                .page_of_kept_keys(db, scope, query, &statement, &matches, limit)
                .await;
        }
        if let (Some(keys_from), Some(limit), true) = (&keys_from, query.limit, searching) {
            if let Some(page) = self
                .page_of_through(db, scope, query, keys_from, limit, &read)
                .await?
            {
                return Ok(page);
            }
        }
        if let (Some(runs), Some(limit), false) = (self.runs(query), query.limit, searching) {
            if let Some(keys_from) = self.narrowest_from(&[&statement.where_sql, runs.reference]) {
                let (keys, counted) = self
                    .keys_of_runs(db, query, &statement, runs, &keys_from, limit)
                    .await?;
                let data = self.rows_of(db, query, &keys).await?;
                let total = if let Some(total) = counted.or(known) {
                    total
                } else if query.page <= 0 && (keys.len() as i64) < limit {
                    // A first page short of its limit holds every row.
                    keys.len() as i64
                } else {
                    on_pool!(db, |pool| {
                        bind_values!(sqlx::query_scalar(&count_sql), &statement.values)
                            .fetch_one(pool)
                            .await
                    })?
                };
                return Ok(Page { data, total });
            }
        }
        let walk = match query.limit {
            Some(limit) if !searching && keys_from.is_some() => {
                self.walks_order(db, scope, query, limit).await?
            }
            _ => false,
        };
        let walk_statement =
            walk.then(|| self.statement(db, scope, query, None, Shape::WalkOrder, &[]));
        let sort = query.order_by.as_deref().unwrap_or(self.default_sort.0);
        let keys_from = match keys_from {
            Some(_) if walk && !self.walk_from.is_empty() && self.walk_through.contains(&sort) => {
                Some(self.walk_from.to_string())
            }
            keys_from => keys_from,
        };
        let sql = match (keys_from, &window) {
            // The page's keys with only the joins the request needs, then every join for those
            // rows alone.
            (Some(keys_from), Some(window)) => {
                let key = self.key_column;
                let cond = &walk_statement.as_ref().unwrap_or(&statement).where_sql;
                let keys = if counted.is_empty() {
                    format!(
                        "SELECT {key} AS list_key FROM {keys_from} WHERE {cond} {order}{window}"
                    )
                } else {
                    let (matches, order) = self.matches(db, query, &keys_from, cond);
                    format!("SELECT list_key{counted} FROM {matches} ORDER BY {order}{window}")
                };
                format!(
                    "SELECT {cols}{total} FROM {from} JOIN ({keys}) k ON k.list_key = {key} {order}",
                    cols = self.columns,
                    total = if counted.is_empty() { "" } else { ", k.list_total" },
                    from = self.from,
                )
            }
            _ => format!(
                "SELECT {}{counted} FROM {} WHERE {} {order}{}",
                self.columns,
                self.from,
                statement.where_sql,
                window.as_deref().unwrap_or_default()
            ),
        };
        on_pool!(db, |pool| {
            let rows = bind_values!(sqlx::query(&sql), &statement.values)
                .fetch_all(pool)
                .await?;
            let data = rows.iter().map(T::from_row).collect::<Result<Vec<T>>>()?;
            let total = match rows.first() {
                Some(row) if !counted.is_empty() => row.try_get::<i64, _>("list_total")?,
                // No rows on the first page: nothing matches.
                None if !counted.is_empty() && query.page <= 0 => 0,
                _ => match known {
                    Some(total) => total,
                    None => {
                        bind_values!(sqlx::query_scalar(&count_sql), &statement.values)
                            .fetch_one(pool)
                            .await?
                    }
                },
            };
            Ok(Page { data, total })
        })
    }

    /// The selected rows (by key), in the list's default order, within the scope.
    pub async fn selected<T: Row>(&self, db: &Db, scope: &Scope, keys: &[Value]) -> Result<Vec<T>> {
        self.selected_filtered(db, scope, keys, Filters::default())
            .await
    }

    /// The selected rows (by key) that also meet the area's `filters`.
    pub async fn selected_filtered<T: Row>(
        &self,
        db: &Db,
        scope: &Scope,
        keys: &[Value],
        filters: Filters,
    ) -> Result<Vec<T>> {
        let query = ListQuery {
            filters,
            ..ListQuery::default()
        };
        let statement = self.statement(db, scope, &query, Some(keys), Shape::Full, &[]);
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

    /// Streams the whole filtered list into `sink` in batches of up to `STREAM_BATCH` rows, in
    /// constant memory; stops early when the receiver goes away. Batches spare a hand-over per
    /// row between the database task and the writer. Each row has `beside`'s columns too.
    pub async fn stream<T: Row>(
        &self,
        db: &Db,
        scope: &Scope,
        query: &ListQuery,
        beside: Option<&Beside>,
        sink: mpsc::Sender<Result<Vec<T>>>,
    ) -> Result<()> {
        let Statement {
            where_sql,
            mut values,
        } = self.statement(db, scope, query, None, Shape::Full, &[]);
        let (beside_columns, beside_joins) = match beside {
            Some(beside) => (
                format!(
                    ", {}",
                    numbered(&beside.columns, &beside.values, &mut values)
                ),
                beside.joins.as_str(),
            ),
            None => (String::new(), ""),
        };
        let sql = format!(
            "SELECT {}{beside_columns} FROM {} {beside_joins} WHERE {where_sql} {}",
            self.columns,
            self.from,
            self.order_clause(query)
        );
        // PostgreSQL takes each join that carries the builder (the visits', offers' and
        // after-hours attempts') for a further filter and expects a few rows of a builder's
        // 100,000: it then joins the catalogue by testing every pair (a second for 100,000
        // visits). A whole list is read best by hash joins. A report's lookups beside each row
        // raise the statement's cost over the threshold of compiling it, which took longer
        // (26 ms) than it saved.
        let postgres = matches!(db, Db::Postgres(_));
        on_pool!(db, |pool| {
            let mut tx = pool.begin().await?;
            if postgres {
                sqlx::query(
                    "SELECT set_config('enable_nestloop', 'off', true), set_config('jit', 'off', true)",
                )
                    .execute(&mut *tx)
                    .await?;
            }
            let mut rows = bind_values!(sqlx::query_as::<_, T>(&sql), &values).fetch(&mut *tx);
            let mut batch = Vec::with_capacity(STREAM_BATCH);
            loop {
                match rows.try_next().await {
                    Ok(Some(row)) => {
                        batch.push(row);
                        if batch.len() == STREAM_BATCH {
                            let full =
                                std::mem::replace(&mut batch, Vec::with_capacity(STREAM_BATCH));
                            if sink.send(Ok(full)).await.is_err() {
                                break;
                            }
                        }
                    }
                    Ok(None) => {
                        if !batch.is_empty() {
                            let _ = sink.send(Ok(batch)).await;
                        }
                        break;
                    }
                    Err(error) => {
                        let _ = sink.send(Err(error)).await;
                        break;
                    }
                }
            }
            drop(rows);
            tx.commit().await
        })
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn qualified_columns_are_told_apart() {
        assert_eq!(
            super::aliases("p.builder_id IN (1,2) AND p.disposition_id = $1"),
            ["p"]
        );
        assert_eq!(
            super::aliases("ORDER BY lower(c.name) ASC, p.property_id ASC"),
            ["c", "p"]
        );
        assert_eq!(
            super::aliases("p.price_cents > 1.5 AND x IN (SELECT id FROM t)"),
            ["p"]
        );
        assert_eq!(super::aliases("pp.x = 1"), ["pp"]);
    }

    #[test]
    fn qualified_columns_are_read_whole() {
        assert_eq!(
            super::columns("p.builder_id IN (1,2) AND lower(p.search_text) LIKE $1 OR 1.5 > p.x"),
            ["p.builder_id", "p.search_text", "p.x"]
        );
    }

    #[test]
    fn search_terms_are_literal_phrases() {
        assert_eq!(super::fts_phrase("oak"), "\"oak\"");
        assert_eq!(
            super::fts_phrase("say \"hi\" OR x*"),
            "\"say \"\"hi\"\" OR x*\""
        );
    }

    #[test]
    fn joins_are_read_with_their_aliases() {
        assert_eq!(
            super::joins(
                " JOIN builders b ON b.builder_id = p.builder_id LEFT JOIN catalog l ON l.catalog_id = p.lock_status_id"
            ),
            [
                ("b", "JOIN builders b ON b.builder_id = p.builder_id"),
                ("l", "LEFT JOIN catalog l ON l.catalog_id = p.lock_status_id"),
            ]
        );
    }

    #[test]
    fn a_page_joins_only_what_it_names() {
        let visits = &crate::visits::VISITS;
        assert_eq!(
            visits
                .narrowest_from(&["v.builder_id IN (1)", "ORDER BY v.modified_on DESC"])
                .unwrap(),
            "customer_visits v"
        );
        // The community of a visit comes through its property.
        assert_eq!(
            visits.narrowest_from(&["ORDER BY lower(m.name) ASC"]).unwrap(),
            "customer_visits v JOIN properties p ON p.property_id = v.property_id AND p.builder_id = v.builder_id \
             JOIN communities m ON m.id = p.community_id AND m.builder_id = p.builder_id"
        );
        assert_eq!(
            crate::users::AGENTS.narrowest_from(&["u.username = $1"]),
            None
        );
    }

    #[test]
    fn every_list_reads_its_joins() {
        for spec in [
            &crate::properties::PROPERTIES,
            &crate::communities::COMMUNITIES,
            &crate::visits::VISITS,
        ] {
            let after = spec
                .from
                .strip_prefix(spec.base)
                .expect("from starts with base");
            let joins = super::joins(after);
            assert_eq!(joins.len(), after.matches("JOIN ").count(), "{}", spec.from);
            let words = |sql: &str| sql.split_whitespace().collect::<Vec<_>>().join(" ");
            assert_eq!(
                joins
                    .iter()
                    .map(|(_, c)| words(c))
                    .collect::<Vec<_>>()
                    .join(" "),
                words(after)
            );
        }
    }
}
