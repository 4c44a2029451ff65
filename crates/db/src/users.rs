//! Users: staff (agents) of a builder, enterprise users and platform admins; sign-in records,
//! profiles and the staff list.

use domain::lists::Order;
use serde::Serialize;
use sqlx::FromRow;
use utoipa::ToSchema;

use crate::list::ListSpec;
use crate::{now, on_pool, Db, Result, Scope};

/// In a transaction: a new password hash, which ends the user's tokens (their version) and every
/// reset link still outstanding.
macro_rules! replace_password {
    ($tx:ident, $user_id:expr, $hash:expr, $at:expr) => {
        sqlx::query(
            "UPDATE users SET password_hash = $1, token_version = token_version + 1, modified_on = $2 WHERE user_id = $3",
        )
        .bind($hash)
        .bind($at)
        .bind($user_id)
        .execute(&mut *$tx)
        .await?;
        sqlx::query("UPDATE password_reset_tokens SET used_at = $1 WHERE user_id = $2 AND used_at IS NULL")
            .bind($at)
            .bind($user_id)
            .execute(&mut *$tx)
            .await?;
    };
}

/// Everything sign-in and the session need about a user.
#[derive(Debug, Clone, FromRow)]
pub struct UserRecord {
    pub user_id: i64,
    pub username: String,
    pub email: String,
    pub firstname: String,
    pub lastname: String,
    pub phone: String,
    pub password_hash: Option<String>,
    pub builder_id: Option<i64>,
    pub builder_name: Option<String>,
    pub builder_quickbook_id: Option<String>,
    pub is_rental: bool,
    pub enterprise_id: Option<i64>,
    pub role_id: i64,
    pub is_admin: bool,
    pub is_management: bool,
    pub token_version: i64,
    #[sqlx(flatten)]
    pub notifications: Notifications,
}

/// A user's notification preferences, each 0 or 1.
#[derive(Debug, Clone, Default, Serialize, serde::Deserialize, FromRow, ToSchema)]
#[serde(default)]
pub struct Notifications {
    pub send_email: i64,
    pub send_sms: i64,
    pub notification_email: Option<String>,
    pub lock_battery_level_send_email: i64,
    pub lock_battery_level_send_sms: i64,
    pub lock_offline_send_email: i64,
    pub lock_offline_send_sms: i64,
    pub lock_jam_events_send_email: i64,
    pub lock_jam_events_send_sms: i64,
    pub post_tour_send_email: i64,
    pub post_tour_send_sms: i64,
    pub send_cc_email: i64,
    pub cc_email: Option<String>,
}

const RECORD_COLUMNS: &str = "u.user_id, u.username, u.email, u.firstname, u.lastname, u.phone, u.password_hash,
    u.builder_id, b.name AS builder_name, b.quickbook_id AS builder_quickbook_id, COALESCE(b.is_rental, FALSE) AS is_rental,
    u.enterprise_id, u.role_id, u.is_admin, u.is_management, u.token_version,
    u.send_email, u.send_sms, u.notification_email, u.lock_battery_level_send_email, u.lock_battery_level_send_sms,
    u.lock_offline_send_email, u.lock_offline_send_sms, u.lock_jam_events_send_email, u.lock_jam_events_send_sms,
    u.post_tour_send_email, u.post_tour_send_sms, u.send_cc_email, u.cc_email";

/// Looks a user up by username for sign-in (before there is a scope) and for token checks.
pub async fn find_for_sign_in(db: &Db, username: &str) -> Result<Option<UserRecord>> {
    let sql = format!(
        "SELECT {RECORD_COLUMNS} FROM users u LEFT JOIN builders b ON b.builder_id = u.builder_id WHERE u.username = $1"
    );
    on_pool!(db, |pool| sqlx::query_as(&sql)
        .bind(username.trim().to_lowercase())
        .fetch_optional(pool)
        .await)
}

/// A user by id, `$1`; other conditions may follow with `AND`.
pub(crate) static BY_ID: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    format!("SELECT {RECORD_COLUMNS} FROM users u LEFT JOIN builders b ON b.builder_id = u.builder_id WHERE u.user_id = $1")
});

pub async fn find_by_id(db: &Db, user_id: i64) -> Result<Option<UserRecord>> {
    on_pool!(db, |pool| sqlx::query_as(&BY_ID)
        .bind(user_id)
        .fetch_optional(pool)
        .await)
}

/// A user of a builder within the scope, by username (platform admins are never reachable).
pub async fn find_in_scope(db: &Db, scope: &Scope, username: &str) -> Result<Option<UserRecord>> {
    let sql = format!(
        "SELECT {RECORD_COLUMNS} FROM users u LEFT JOIN builders b ON b.builder_id = u.builder_id
         WHERE u.username = $1 AND u.is_admin = FALSE AND u.builder_id IS NOT NULL AND {}",
        scope.condition("u.builder_id")
    );
    on_pool!(db, |pool| sqlx::query_as(&sql)
        .bind(username.trim().to_lowercase())
        .fetch_optional(pool)
        .await)
}

/// A group a user belongs to.
#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct Group {
    #[serde(rename = "GroupID")]
    #[sqlx(rename = "group_id")]
    pub group_id: i64,
}

/// One row of the staff list.
#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct AgentRow {
    #[serde(skip)]
    pub user_id: i64,
    pub username: String,
    pub firstname: String,
    pub lastname: String,
    #[serde(rename = "userType")]
    #[sqlx(rename = "userType")]
    pub user_type: String,
    pub role_id: i64,
    pub builder: Option<String>,
    pub builder_id: Option<i64>,
    pub email: String,
    pub phone: String,
    pub is_project_manager: bool,
    #[sqlx(skip)]
    pub groups: Vec<Group>,
}

/// The role label as a SQL expression (kept in step with `domain::roles::Role::label` by a test).
macro_rules! user_type_sql {
    () => {
        "CASE u.role_id WHEN 8 THEN 'Super Admin' WHEN 4 THEN 'Program Manager' WHEN 2 THEN 'Sales Staff' \
         WHEN -1 THEN 'Sales Staff' WHEN 7 THEN 'Trade Contractor' ELSE 'Other Staff' END"
    };
}

pub const AGENTS: ListSpec = ListSpec {
    columns: concat!(
        "u.user_id, u.username, u.firstname, u.lastname, ",
        user_type_sql!(),
        " AS \"userType\", u.role_id, b.name AS builder, u.builder_id, u.email, u.phone, ",
        "(u.role_id IN (4, 8)) AS is_project_manager"
    ),
    from: "users u JOIN builders b ON b.builder_id = u.builder_id",
    scope_column: "u.builder_id",
    search_columns: &[
        "u.username",
        "u.firstname",
        "u.lastname",
        "u.email",
        "u.phone",
        "b.name",
    ],
    search_columns_lowered: false,
    search_through: &[],
    search_index: "",
    search_words: None,
    sort_columns: &[
        ("username", "u.username"),
        ("firstname", "lower(u.firstname)"),
        ("lastname", "lower(u.lastname)"),
        ("userType", "\"userType\""),
        ("builder", "lower(b.name)"),
        ("email", "lower(u.email)"),
        ("phone", "u.phone"),
    ],
    default_sort: ("firstname", Order::Desc),
    tie_breaker: "u.user_id",
    key_column: "u.username",
    base_condition: "u.is_admin = FALSE",
    ..ListSpec::PLAIN
};

/// Fills in the groups of each row with one query.
pub async fn attach_groups(db: &Db, rows: &mut [AgentRow]) -> Result<()> {
    if rows.is_empty() {
        return Ok(());
    }
    let ids: Vec<String> = rows.iter().map(|r| r.user_id.to_string()).collect();
    let sql = format!(
        "SELECT user_id, group_id FROM user_groups WHERE user_id IN ({}) ORDER BY group_id",
        ids.join(",")
    );
    let pairs: Vec<(i64, i64)> = on_pool!(db, |pool| sqlx::query_as(&sql).fetch_all(pool).await)?;
    for row in rows.iter_mut() {
        row.groups = pairs
            .iter()
            .filter(|(u, _)| *u == row.user_id)
            .map(|(_, g)| Group { group_id: *g })
            .collect();
    }
    Ok(())
}

pub async fn group_ids(db: &Db, user_id: i64) -> Result<Vec<i64>> {
    on_pool!(db, |pool| {
        sqlx::query_scalar("SELECT group_id FROM user_groups WHERE user_id = $1 ORDER BY group_id")
            .bind(user_id)
            .fetch_all(pool)
            .await
    })
}

/// Staff of one builder that may be put on teams and properties (not groups 1 or 7).
pub async fn available_agents(db: &Db, scope: &Scope, builder_id: i64) -> Result<Vec<AgentRow>> {
    if !scope.allows(builder_id) {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT {} FROM {} WHERE u.builder_id = $1 AND {} AND NOT EXISTS
           (SELECT 1 FROM user_groups g WHERE g.user_id = u.user_id AND g.group_id IN (1, 7))
         ORDER BY (u.role_id IN (4, 8)) DESC, lower(u.firstname), lower(u.lastname), u.user_id",
        AGENTS.columns, AGENTS.from, AGENTS.base_condition
    );
    let mut rows: Vec<AgentRow> = on_pool!(db, |pool| sqlx::query_as(&sql)
        .bind(builder_id)
        .fetch_all(pool)
        .await)?;
    attach_groups(db, &mut rows).await?;
    Ok(rows)
}

/// Program managers of a builder (for the admin's /choose_PM).
pub async fn program_managers(db: &Db, builder_id: i64) -> Result<Vec<AgentRow>> {
    let sql = format!(
        "SELECT {} FROM {} WHERE u.builder_id = $1 AND {} AND u.role_id IN (4, 8) ORDER BY lower(u.firstname), u.user_id",
        AGENTS.columns, AGENTS.from, AGENTS.base_condition
    );
    on_pool!(db, |pool| sqlx::query_as(&sql)
        .bind(builder_id)
        .fetch_all(pool)
        .await)
}

/// The fields of a new user.
#[derive(Debug, Clone, Default)]
pub struct NewUser {
    pub username: String,
    pub email: String,
    pub firstname: String,
    pub lastname: String,
    pub phone: String,
    pub password_hash: Option<String>,
    pub builder_id: Option<i64>,
    pub enterprise_id: Option<i64>,
    pub role_id: i64,
    pub is_admin: bool,
    pub groups: Vec<i64>,
    pub notifications: Notifications,
}

/// Whether a username is taken (usernames are kept in lowercase).
pub async fn username_taken(db: &Db, username: &str) -> Result<bool> {
    let count: i64 = on_pool!(db, |pool| {
        sqlx::query_scalar("SELECT COUNT(*) FROM users WHERE username = $1")
            .bind(username.to_lowercase())
            .fetch_one(pool)
            .await
    })?;
    Ok(count > 0)
}

/// Inserts a user and its groups in one transaction; a taken username is a unique violation.
pub async fn create(db: &Db, user: &NewUser) -> Result<i64> {
    let at = now();
    let n = &user.notifications;
    on_pool!(db, |pool| {
        let mut tx = pool.begin().await?;
        let user_id: i64 = sqlx::query_scalar(
            "INSERT INTO users (username, email, firstname, lastname, phone, password_hash, builder_id, enterprise_id,
               role_id, is_admin, send_email, send_sms, notification_email, created_on, modified_on)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14) RETURNING user_id",
        )
        .bind(user.username.to_lowercase())
        .bind(&user.email)
        .bind(&user.firstname)
        .bind(&user.lastname)
        .bind(&user.phone)
        .bind(&user.password_hash)
        .bind(user.builder_id)
        .bind(user.enterprise_id)
        .bind(user.role_id)
        .bind(user.is_admin)
        .bind(n.send_email)
        .bind(n.send_sms)
        .bind(&n.notification_email)
        .bind(at)
        .fetch_one(&mut *tx)
        .await?;
        for group in &user.groups {
            sqlx::query("INSERT INTO user_groups (user_id, group_id) VALUES ($1, $2)")
                .bind(user_id)
                .bind(group)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(user_id)
    })
}

/// What the staff form changes on an existing agent.
#[derive(Debug, Clone)]
pub struct AgentUpdate {
    pub email: String,
    pub firstname: String,
    pub lastname: String,
    pub phone: String,
    pub role_id: i64,
    pub groups: Vec<i64>,
    pub send_email: i64,
    pub send_sms: i64,
    pub notification_email: Option<String>,
    pub password_hash: Option<String>,
}

pub async fn update_agent(db: &Db, user_id: i64, update: &AgentUpdate) -> Result<()> {
    let at = now();
    on_pool!(db, |pool| {
        let mut tx = pool.begin().await?;
        sqlx::query(
            "UPDATE users SET email = $1, firstname = $2, lastname = $3, phone = $4, role_id = $5, send_email = $6,
               send_sms = $7, notification_email = $8, modified_on = $9 WHERE user_id = $10",
        )
        .bind(&update.email)
        .bind(&update.firstname)
        .bind(&update.lastname)
        .bind(&update.phone)
        .bind(update.role_id)
        .bind(update.send_email)
        .bind(update.send_sms)
        .bind(&update.notification_email)
        .bind(at)
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
        if let Some(hash) = &update.password_hash {
            replace_password!(tx, user_id, hash, at);
        }
        // The role's group replaces the old role group; the enterprise group stays.
        sqlx::query("DELETE FROM user_groups WHERE user_id = $1 AND group_id <> 6")
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        for group in update.groups.iter().filter(|g| **g != 6) {
            sqlx::query("INSERT INTO user_groups (user_id, group_id) VALUES ($1, $2)")
                .bind(user_id)
                .bind(group)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await
    })
}

/// Deletes the named users within the scope; answers how many went.
pub async fn delete_in_scope(db: &Db, scope: &Scope, usernames: &[String]) -> Result<u64> {
    if usernames.is_empty() {
        return Ok(0);
    }
    let marks: Vec<String> = (1..=usernames.len()).map(|i| format!("${i}")).collect();
    let sql = format!(
        "DELETE FROM users WHERE username IN ({}) AND is_admin = FALSE AND builder_id IS NOT NULL AND {}",
        marks.join(","),
        scope.condition("builder_id")
    );
    on_pool!(db, |pool| {
        let mut query = sqlx::query(&sql);
        for name in usernames {
            query = query.bind(name.to_lowercase());
        }
        query.execute(pool).await.map(|r| r.rows_affected())
    })
}

/// Sets a password; earlier tokens stop working.
/// A new password revokes the user's sessions (their tokens' version) and every reset link
/// still outstanding.
pub async fn set_password(db: &Db, user_id: i64, password_hash: &str) -> Result<()> {
    let at = now();
    on_pool!(db, |pool| {
        let mut tx = pool.begin().await?;
        replace_password!(tx, user_id, password_hash, at);
        tx.commit().await
    })
}

/// What the signed-in user may change about themselves.
#[derive(Debug, Clone)]
pub struct ProfileUpdate {
    pub firstname: String,
    pub lastname: String,
    pub phone: String,
    pub email: String,
    pub notifications: Notifications,
}

pub async fn update_profile(db: &Db, user_id: i64, update: &ProfileUpdate) -> Result<()> {
    let n = &update.notifications;
    on_pool!(db, |pool| {
        sqlx::query(
            "UPDATE users SET firstname = $1, lastname = $2, phone = $3, email = $4, send_email = $5, send_sms = $6,
               lock_battery_level_send_email = $7, lock_battery_level_send_sms = $8, lock_offline_send_email = $9,
               lock_offline_send_sms = $10, lock_jam_events_send_email = $11, lock_jam_events_send_sms = $12,
               post_tour_send_email = $13, post_tour_send_sms = $14, send_cc_email = $15, cc_email = $16, modified_on = $17
             WHERE user_id = $18",
        )
        .bind(&update.firstname)
        .bind(&update.lastname)
        .bind(&update.phone)
        .bind(&update.email)
        .bind(n.send_email)
        .bind(n.send_sms)
        .bind(n.lock_battery_level_send_email)
        .bind(n.lock_battery_level_send_sms)
        .bind(n.lock_offline_send_email)
        .bind(n.lock_offline_send_sms)
        .bind(n.lock_jam_events_send_email)
        .bind(n.lock_jam_events_send_sms)
        .bind(n.post_tour_send_email)
        .bind(n.post_tour_send_sms)
        .bind(n.send_cc_email)
        .bind(&n.cc_email)
        .bind(now())
        .bind(user_id)
        .execute(pool)
        .await
        .map(|_| ())
    })
}
