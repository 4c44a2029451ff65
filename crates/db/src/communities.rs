//! Communities of a builder: the list, the info form, hours, staff, teams and QR records.

use chrono::{DateTime, Utc};
use domain::hours::{StaffDay, TourDay};
use domain::lists::Order;
use serde::{Deserialize, Serialize};
use sqlx::FromRow;
use utoipa::ToSchema;

use crate::list::ListSpec;
use crate::teams::{TeamRow, TEAMS};
use crate::users::{attach_groups, AgentRow, AGENTS};
use crate::{now, on_pool, Db, Result, Scope};

#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct CommunityRow {
    pub id: i64,
    pub name: String,
    pub city: String,
    pub state: String,
    pub zip: String,
    pub external_community_id: Option<String>,
    pub created_on: DateTime<Utc>,
    pub created_by: String,
    pub modified_on: DateTime<Utc>,
    pub builder_id: i64,
    #[serde(rename = "builderName")]
    #[sqlx(rename = "builderName")]
    pub builder_name: String,
    pub status_id: i64,
    pub status: String,
}

pub const COMMUNITIES: ListSpec = ListSpec {
    columns: "c.id, c.name, c.city, c.state, c.zip, c.external_community_id, c.created_on, c.created_by, c.modified_on, \
              c.builder_id, b.name AS \"builderName\", c.status_id, s.status",
    from: "communities c JOIN builders b ON b.builder_id = c.builder_id JOIN community_statuses s ON s.status_id = c.status_id",
    scope_column: "c.builder_id",
    search_columns: &["c.name", "c.city", "c.state", "c.zip", "c.external_community_id", "b.name"],
    search_columns_lowered: false,
    search_through: &[],
    search_index: "",
    search_words: None,
    sort_columns: &[
        ("name", "lower(c.name)"),
        ("city", "lower(c.city)"),
        ("state", "lower(c.state)"),
        ("zip", "c.zip"),
        ("external_community_id", "lower(c.external_community_id)"),
        ("created_on", "c.created_on"),
        ("created_by", "lower(c.created_by)"),
        ("modified_on", "c.modified_on"),
        ("builderName", "lower(b.name)"),
        ("status", "lower(s.status)"),
    ],
    default_sort: ("modified_on", Order::Desc),
    tie_breaker: "c.id",
    key_column: "c.id",
    base_condition: "",
    base: "communities c",
    ..ListSpec::PLAIN
};

#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct CommunityStatus {
    pub status_id: i64,
    pub status: String,
}

/// What the community form saves.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(default)]
pub struct CommunityFields {
    pub name: String,
    pub state: String,
    pub city: String,
    pub zip: String,
    pub external_community_id: Option<String>,
    /// One of `GET /communities/statuses`; Active when absent.
    pub status_id: Option<i64>,
    /// The sales contact's phone number.
    pub sales_agent: String,
    /// The username of the point person to relay concerns.
    pub emergency_contacts: String,
    pub community_url: Option<String>,
    pub floor_plan_url: Option<String>,
    pub virtual_tour_url: Option<String>,
    pub additional_notes: Option<String>,
    pub privacy_additional_notes: Option<String>,
    pub privacy_logo: Option<String>,
    pub staff_lock_interval: Option<i64>,
    pub community_backup_code: String,
    pub trade_code: String,
    pub sales_code: String,
    pub hub_backup_code: String,
    /// In a save request the server reads it itself (any shape), to check it with the form's
    /// other rules.
    pub lasso_community_project_id: Option<i64>,
    pub novihome_integration: bool,
    /// Custom tour hours; none means the default hours apply.
    #[serde(rename = "communityTourHours")]
    pub tour_hours: Option<Vec<TourDay>>,
    /// Staff hours; none means staff have no set hours.
    #[serde(rename = "communityStaffHours")]
    pub staff_hours: Option<Vec<StaffDay>>,
}

#[derive(Debug, FromRow)]
struct CommunityRecord {
    id: i64,
    builder_id: i64,
    #[sqlx(rename = "builderName")]
    builder_name: String,
    status: String,
    status_id: i64,
    name: String,
    state: String,
    city: String,
    zip: String,
    external_community_id: Option<String>,
    sales_agent: String,
    emergency_contacts: String,
    community_url: Option<String>,
    floor_plan_url: Option<String>,
    virtual_tour_url: Option<String>,
    additional_notes: Option<String>,
    privacy_additional_notes: Option<String>,
    privacy_logo: Option<String>,
    staff_lock_interval: Option<i64>,
    community_backup_code: String,
    trade_code: String,
    sales_code: String,
    hub_backup_code: String,
    lasso_community_project_id: Option<i64>,
    novihome_integration: bool,
    tour_hours: Option<String>,
    staff_hours: Option<String>,
    created_on: DateTime<Utc>,
    created_by: String,
    modified_on: DateTime<Utc>,
    modified_by: String,
}

/// A community as its page loads it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Community {
    pub id: i64,
    pub builder_id: i64,
    #[serde(rename = "builderName")]
    pub builder_name: String,
    pub status: String,
    pub created_on: DateTime<Utc>,
    pub created_by: String,
    pub modified_on: DateTime<Utc>,
    pub modified_by: String,
    #[serde(flatten)]
    pub fields: CommunityFields,
    pub agents: Vec<AgentRow>,
    pub teams: Vec<TeamRow>,
    #[serde(rename = "communityProperties")]
    pub properties: Vec<crate::properties::CommunityProperty>,
}

const RECORD: &str = "SELECT c.*, b.name AS \"builderName\", s.status FROM communities c \
    JOIN builders b ON b.builder_id = c.builder_id JOIN community_statuses s ON s.status_id = c.status_id";

fn parse_json<T: serde::de::DeserializeOwned>(text: Option<String>) -> Option<T> {
    text.and_then(|t| serde_json::from_str(&t).ok())
}

pub async fn statuses(db: &Db) -> Result<Vec<CommunityStatus>> {
    on_pool!(db, |pool| {
        sqlx::query_as("SELECT status_id, status FROM community_statuses ORDER BY status_id")
            .fetch_all(pool)
            .await
    })
}

pub async fn status_exists(db: &Db, status_id: i64) -> Result<bool> {
    let count: i64 = on_pool!(db, |pool| {
        sqlx::query_scalar("SELECT COUNT(*) FROM community_statuses WHERE status_id = $1")
            .bind(status_id)
            .fetch_one(pool)
            .await
    })?;
    Ok(count > 0)
}

pub async fn get(db: &Db, scope: &Scope, id: i64) -> Result<Option<Community>> {
    let sql = format!(
        "{RECORD} WHERE c.id = $1 AND {}",
        scope.condition("c.builder_id")
    );
    let record: Option<CommunityRecord> = on_pool!(db, |pool| sqlx::query_as(&sql)
        .bind(id)
        .fetch_optional(pool)
        .await)?;
    let Some(r) = record else { return Ok(None) };
    let agents_sql = format!(
        "SELECT {} FROM {} JOIN community_agents ca ON ca.user_id = u.user_id WHERE ca.community_id = $1 \
         ORDER BY (u.role_id IN (4, 8)) DESC, lower(u.firstname), u.user_id",
        AGENTS.columns, AGENTS.from
    );
    let mut agents: Vec<AgentRow> = on_pool!(db, |pool| sqlx::query_as(&agents_sql)
        .bind(id)
        .fetch_all(pool)
        .await)?;
    attach_groups(db, &mut agents).await?;
    let teams_sql = format!(
        "SELECT {} FROM {} JOIN community_teams ct ON ct.team_id = t.id WHERE ct.community_id = $1 ORDER BY lower(t.name), t.id",
        TEAMS.columns, TEAMS.from
    );
    let teams: Vec<TeamRow> = on_pool!(db, |pool| sqlx::query_as(&teams_sql)
        .bind(id)
        .fetch_all(pool)
        .await)?;
    Ok(Some(Community {
        id: r.id,
        builder_id: r.builder_id,
        builder_name: r.builder_name,
        status: r.status,
        created_on: r.created_on,
        created_by: r.created_by,
        modified_on: r.modified_on,
        modified_by: r.modified_by,
        fields: CommunityFields {
            name: r.name,
            state: r.state,
            city: r.city,
            zip: r.zip,
            external_community_id: r.external_community_id,
            status_id: Some(r.status_id),
            sales_agent: r.sales_agent,
            emergency_contacts: r.emergency_contacts,
            community_url: r.community_url,
            floor_plan_url: r.floor_plan_url,
            virtual_tour_url: r.virtual_tour_url,
            additional_notes: r.additional_notes,
            privacy_additional_notes: r.privacy_additional_notes,
            privacy_logo: r.privacy_logo,
            staff_lock_interval: r.staff_lock_interval,
            community_backup_code: r.community_backup_code,
            trade_code: r.trade_code,
            sales_code: r.sales_code,
            hub_backup_code: r.hub_backup_code,
            lasso_community_project_id: r.lasso_community_project_id,
            novihome_integration: r.novihome_integration,
            tour_hours: parse_json(r.tour_hours),
            staff_hours: parse_json(r.staff_hours),
        },
        agents,
        teams,
        properties: crate::properties::of_community(db, scope, id).await?,
    }))
}

/// The communities of one builder, by name (for pickers).
pub async fn of_builder(db: &Db, scope: &Scope, builder_id: i64) -> Result<Vec<CommunityRow>> {
    if !scope.allows(builder_id) {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT {} FROM {} WHERE c.builder_id = $1 ORDER BY lower(c.name), c.id",
        COMMUNITIES.columns, COMMUNITIES.from
    );
    on_pool!(db, |pool| sqlx::query_as(&sql)
        .bind(builder_id)
        .fetch_all(pool)
        .await)
}

/// Who may be on a community: staff user ids and team ids already checked to be the builder's.
pub struct Members<'a> {
    pub user_ids: &'a [i64],
    pub team_ids: &'a [i64],
}

/// Creates (`id` None) or updates a community with its members, in one transaction; answers
/// the id, or None when the community to update is not in the scope.
pub async fn save(
    db: &Db,
    scope: &Scope,
    id: Option<i64>,
    builder_id: i64,
    fields: &CommunityFields,
    members: &Members<'_>,
    author: &str,
) -> Result<Option<i64>> {
    let at = now();
    let tour_hours = fields
        .tour_hours
        .as_ref()
        .map(|h| serde_json::to_string(h).expect("hours serialise"));
    let staff_hours = fields
        .staff_hours
        .as_ref()
        .map(|h| serde_json::to_string(h).expect("hours serialise"));
    let status_id = fields.status_id.unwrap_or(1);
    let update_sql = format!(
        "UPDATE communities SET name = $1, state = $2, city = $3, zip = $4, external_community_id = $5, status_id = $6,
           sales_agent = $7, emergency_contacts = $8, community_url = $9, floor_plan_url = $10, virtual_tour_url = $11,
           additional_notes = $12, privacy_additional_notes = $13, privacy_logo = $14, staff_lock_interval = $15,
           community_backup_code = $16, trade_code = $17, sales_code = $18, hub_backup_code = $19,
           lasso_community_project_id = $20, novihome_integration = $21, tour_hours = $22, staff_hours = $23,
           modified_on = $24, modified_by = $25
         WHERE id = $26 AND {} RETURNING id",
        scope.condition("builder_id")
    );
    let insert_sql = "INSERT INTO communities (name, state, city, zip, external_community_id, status_id, sales_agent,
           emergency_contacts, community_url, floor_plan_url, virtual_tour_url, additional_notes, privacy_additional_notes,
           privacy_logo, staff_lock_interval, community_backup_code, trade_code, sales_code, hub_backup_code,
           lasso_community_project_id, novihome_integration, tour_hours, staff_hours, modified_on, modified_by,
           builder_id, created_on, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23,
           $24, $25, $26, $24, $25) RETURNING id";
    let f = fields;
    on_pool!(db, |pool| {
        let mut tx = pool.begin().await?;
        let query = sqlx::query_scalar::<_, i64>(match id {
            Some(_) => update_sql.as_str(),
            None => insert_sql,
        })
        .bind(f.name.trim())
        .bind(f.state.trim())
        .bind(f.city.trim())
        .bind(f.zip.trim())
        .bind(&f.external_community_id)
        .bind(status_id)
        .bind(f.sales_agent.trim())
        .bind(f.emergency_contacts.trim())
        .bind(&f.community_url)
        .bind(&f.floor_plan_url)
        .bind(&f.virtual_tour_url)
        .bind(&f.additional_notes)
        .bind(&f.privacy_additional_notes)
        .bind(&f.privacy_logo)
        .bind(f.staff_lock_interval)
        .bind(&f.community_backup_code)
        .bind(&f.trade_code)
        .bind(&f.sales_code)
        .bind(&f.hub_backup_code)
        .bind(f.lasso_community_project_id)
        .bind(f.novihome_integration)
        .bind(&tour_hours)
        .bind(&staff_hours)
        .bind(at)
        .bind(author);
        let query = match id {
            Some(id) => query.bind(id),
            None => query.bind(builder_id),
        };
        let Some(saved) = query.fetch_optional(&mut *tx).await? else {
            return Ok(None);
        };
        crate::replace_links!(
            tx,
            "community_agents",
            "community_id",
            saved,
            "user_id",
            members.user_ids
        );
        crate::replace_links!(
            tx,
            "community_teams",
            "community_id",
            saved,
            "team_id",
            members.team_ids
        );
        tx.commit().await?;
        Ok(Some(saved))
    })
}

/// How many homes stand in the given communities (a community with homes cannot be deleted).
pub async fn property_count(db: &Db, ids: &[i64]) -> Result<i64> {
    if ids.is_empty() {
        return Ok(0);
    }
    let list: Vec<String> = ids.iter().map(i64::to_string).collect();
    let sql = format!(
        "SELECT COUNT(*) FROM properties WHERE community_id IN ({})",
        list.join(",")
    );
    on_pool!(db, |pool| sqlx::query_scalar(&sql).fetch_one(pool).await)
}

pub async fn delete_in_scope(db: &Db, scope: &Scope, ids: &[i64]) -> Result<u64> {
    crate::delete_ids(db, scope, "communities", "id", ids).await
}

/// Team ids among `ids` that belong to the builder.
pub async fn teams_of_builder(db: &Db, builder_id: i64, ids: &[i64]) -> Result<Vec<i64>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let list: Vec<String> = ids.iter().map(i64::to_string).collect();
    let sql = format!(
        "SELECT id FROM teams WHERE builder_id = $1 AND id IN ({}) ORDER BY id",
        list.join(",")
    );
    on_pool!(db, |pool| sqlx::query_scalar(&sql)
        .bind(builder_id)
        .fetch_all(pool)
        .await)
}

#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct QrCode {
    pub id: i64,
    #[serde(rename = "communityId")]
    #[sqlx(rename = "community_id")]
    pub community_id: i64,
    pub text: String,
    pub name: String,
}

/// QR records of a community in the scope (None when the community is not there).
pub async fn qr_codes(db: &Db, scope: &Scope, community_id: i64) -> Result<Option<Vec<QrCode>>> {
    if !in_scope(db, scope, community_id).await? {
        return Ok(None);
    }
    let sql = "SELECT id, community_id, text, name FROM community_qr_codes WHERE community_id = $1 ORDER BY id";
    on_pool!(db, |pool| sqlx::query_as(sql)
        .bind(community_id)
        .fetch_all(pool)
        .await
        .map(Some))
}

pub async fn save_qr_code(
    db: &Db,
    scope: &Scope,
    community_id: i64,
    text: &str,
    name: &str,
) -> Result<Option<i64>> {
    if !in_scope(db, scope, community_id).await? {
        return Ok(None);
    }
    let sql = "INSERT INTO community_qr_codes (community_id, text, name, created_on) VALUES ($1, $2, $3, $4) RETURNING id";
    on_pool!(db, |pool| {
        sqlx::query_scalar(sql)
            .bind(community_id)
            .bind(text)
            .bind(name)
            .bind(now())
            .fetch_one(pool)
            .await
            .map(Some)
    })
}

pub async fn delete_qr_code(db: &Db, scope: &Scope, id: i64) -> Result<bool> {
    let sql = format!(
        "DELETE FROM community_qr_codes WHERE id = $1 AND community_id IN (SELECT id FROM communities WHERE {})",
        scope.condition("builder_id")
    );
    on_pool!(db, |pool| sqlx::query(&sql)
        .bind(id)
        .execute(pool)
        .await
        .map(|r| r.rows_affected() > 0))
}

async fn in_scope(db: &Db, scope: &Scope, community_id: i64) -> Result<bool> {
    let sql = format!(
        "SELECT COUNT(*) FROM communities WHERE id = $1 AND {}",
        scope.condition("builder_id")
    );
    let count: i64 = on_pool!(db, |pool| sqlx::query_scalar(&sql)
        .bind(community_id)
        .fetch_one(pool)
        .await)?;
    Ok(count > 0)
}

/// A community's access codes, as its Automations tab sets them.
pub struct CommunityCodes<'a> {
    pub backup: &'a str,
    pub trade: &'a str,
    pub sales: &'a str,
    pub hub: &'a str,
}

/// Sets a community's access codes; false when it is not in the scope.
pub async fn set_codes(
    db: &Db,
    scope: &Scope,
    id: i64,
    codes: &CommunityCodes<'_>,
    author: &str,
) -> Result<bool> {
    let sql = format!(
        "UPDATE communities SET community_backup_code = $1, trade_code = $2, sales_code = $3, hub_backup_code = $4,
           modified_on = $5, modified_by = $6 WHERE id = $7 AND {}",
        scope.condition("builder_id")
    );
    on_pool!(db, |pool| {
        sqlx::query(&sql)
            .bind(codes.backup)
            .bind(codes.trade)
            .bind(codes.sales)
            .bind(codes.hub)
            .bind(now())
            .bind(author)
            .bind(id)
            .execute(pool)
            .await
            .map(|r| r.rows_affected() > 0)
    })
}
