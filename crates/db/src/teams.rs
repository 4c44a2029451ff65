//! Teams of staff within a builder.

use chrono::{DateTime, Utc};
use domain::lists::Order;
use serde::Serialize;
use sqlx::FromRow;
use utoipa::ToSchema;

use crate::list::ListSpec;
use crate::users::{attach_groups, AgentRow, AGENTS};
use crate::{now, on_pool, Db, Result, Scope};

#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct TeamRow {
    pub id: i64,
    pub name: String,
    pub description: String,
    pub total_members: i64,
    pub created_on: DateTime<Utc>,
    pub builder_id: i64,
    #[serde(rename = "builderName")]
    #[sqlx(rename = "builderName")]
    pub builder_name: String,
}

pub const TEAMS: ListSpec = ListSpec {
    columns: "t.id, t.name, t.description, (SELECT COUNT(*) FROM team_members m WHERE m.team_id = t.id) AS total_members, \
              t.created_on, t.builder_id, b.name AS \"builderName\"",
    from: "teams t JOIN builders b ON b.builder_id = t.builder_id",
    scope_column: "t.builder_id",
    search_columns: &["t.name", "t.description"],
    sort_columns: &[
        ("name", "lower(t.name)"),
        ("description", "lower(t.description)"),
        ("total_members", "total_members"),
        ("created_on", "t.created_on"),
        ("builderName", "lower(b.name)"),
    ],
    default_sort: ("created_on", Order::Desc),
    tie_breaker: "t.id",
    key_column: "t.id",
    ..ListSpec::PLAIN
};

/// A team with its members.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Team {
    #[serde(flatten)]
    pub team: TeamRow,
    pub agents: Vec<AgentRow>,
}

async fn row(db: &Db, scope: &Scope, team_id: i64) -> Result<Option<TeamRow>> {
    let sql = format!(
        "SELECT {} FROM {} WHERE t.id = $1 AND {}",
        TEAMS.columns,
        TEAMS.from,
        scope.condition("t.builder_id")
    );
    on_pool!(db, |pool| sqlx::query_as(&sql)
        .bind(team_id)
        .fetch_optional(pool)
        .await)
}

async fn members(db: &Db, team_id: i64) -> Result<Vec<AgentRow>> {
    let sql = format!(
        "SELECT {} FROM {} JOIN team_members m ON m.user_id = u.user_id WHERE m.team_id = $1
         ORDER BY (u.role_id IN (4, 8)) DESC, lower(u.firstname), u.user_id",
        AGENTS.columns, AGENTS.from
    );
    let mut rows: Vec<AgentRow> = on_pool!(db, |pool| sqlx::query_as(&sql)
        .bind(team_id)
        .fetch_all(pool)
        .await)?;
    attach_groups(db, &mut rows).await?;
    Ok(rows)
}

pub async fn get(db: &Db, scope: &Scope, team_id: i64) -> Result<Option<Team>> {
    let Some(team) = row(db, scope, team_id).await? else {
        return Ok(None);
    };
    let agents = members(db, team_id).await?;
    Ok(Some(Team { team, agents }))
}

/// All teams of a builder, with members, by name.
pub async fn of_builder(db: &Db, scope: &Scope, builder_id: i64) -> Result<Vec<Team>> {
    if !scope.allows(builder_id) {
        return Ok(Vec::new());
    }
    with_members(db, "t.builder_id = $1", builder_id).await
}

/// The teams assigned to a home, within the caller's scope, with members, by name.
pub async fn of_property(db: &Db, scope: &Scope, property_id: i64) -> Result<Vec<Team>> {
    let condition = format!(
        "t.id IN (SELECT team_id FROM property_teams WHERE property_id = $1) AND {}",
        scope.condition("t.builder_id")
    );
    with_members(db, &condition, property_id).await
}

/// The teams meeting `condition` (on `t`, with `$1` bound to `id`), with members, by name.
async fn with_members(db: &Db, condition: &str, id: i64) -> Result<Vec<Team>> {
    let sql = format!(
        "SELECT {} FROM {} WHERE {condition} ORDER BY lower(t.name), t.id",
        TEAMS.columns, TEAMS.from
    );
    let rows: Vec<TeamRow> = on_pool!(db, |pool| sqlx::query_as(&sql)
        .bind(id)
        .fetch_all(pool)
        .await)?;
    let mut teams = Vec::with_capacity(rows.len());
    for team in rows {
        let agents = members(db, team.id).await?;
        teams.push(Team { team, agents });
    }
    Ok(teams)
}

/// Creates a team with its members (user ids already checked to belong to the builder).
pub async fn create(
    db: &Db,
    builder_id: i64,
    name: &str,
    description: &str,
    member_ids: &[i64],
) -> Result<i64> {
    let at = now();
    on_pool!(db, |pool| {
        let mut tx = pool.begin().await?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO teams (builder_id, name, description, created_on, modified_on) VALUES ($1, $2, $3, $4, $4) RETURNING id",
        )
        .bind(builder_id)
        .bind(name)
        .bind(description)
        .bind(at)
        .fetch_one(&mut *tx)
        .await?;
        for user_id in member_ids {
            sqlx::query("INSERT INTO team_members (team_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING")
                .bind(id)
                .bind(user_id)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(id)
    })
}

/// Renames a team within the scope; false when there is no such team there.
pub async fn update(
    db: &Db,
    scope: &Scope,
    team_id: i64,
    name: &str,
    description: &str,
) -> Result<bool> {
    let sql = format!(
        "UPDATE teams SET name = $1, description = $2, modified_on = $3 WHERE id = $4 AND {}",
        scope.condition("builder_id")
    );
    on_pool!(db, |pool| {
        sqlx::query(&sql)
            .bind(name)
            .bind(description)
            .bind(now())
            .bind(team_id)
            .execute(pool)
            .await
            .map(|r| r.rows_affected() > 0)
    })
}

pub async fn delete_in_scope(db: &Db, scope: &Scope, ids: &[i64]) -> Result<u64> {
    crate::delete_ids(db, scope, "teams", "id", ids).await
}

pub async fn add_member(db: &Db, team_id: i64, user_id: i64) -> Result<()> {
    on_pool!(db, |pool| {
        sqlx::query(
            "INSERT INTO team_members (team_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING",
        )
        .bind(team_id)
        .bind(user_id)
        .execute(pool)
        .await
        .map(|_| ())
    })
}

pub async fn remove_member(db: &Db, team_id: i64, user_id: i64) -> Result<bool> {
    on_pool!(db, |pool| {
        sqlx::query("DELETE FROM team_members WHERE team_id = $1 AND user_id = $2")
            .bind(team_id)
            .bind(user_id)
            .execute(pool)
            .await
            .map(|r| r.rows_affected() > 0)
    })
}
