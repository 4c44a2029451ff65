//! Properties: the homes of a builder's communities.

use chrono::{DateTime, Utc};
use domain::lists::Order;
use serde::Serialize;
use sqlx::FromRow;
use utoipa::ToSchema;

use crate::list::{ListSpec, SearchThrough, SearchWords, SortRuns};
use crate::{now, on_pool, Db, Result, Scope};

/// One row of the properties list.
#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct PropertyRow {
    pub property_id: i64,
    pub house_num: Option<String>,
    pub address_1: String,
    pub subdivision: Option<String>,
    pub city: String,
    pub state: String,
    pub zipcode: String,
    pub community_id: i64,
    pub community: String,
    pub disposition_id: i64,
    pub disposition: String,
    /// The status of the home's lock (Active, Down, ...); none without a lock.
    pub lock_status: Option<String>,
    /// Whole US dollars (rent per month for rental builders).
    pub price: Option<i64>,
    pub bedrooms: i64,
    #[serde(rename = "isModel")]
    #[sqlx(rename = "isModel")]
    pub is_model: bool,
    pub marketing_name: Option<String>,
    pub builder_id: i64,
    pub builder: String,
    /// Whether the builder rents its homes (its price is then a monthly rent).
    pub is_rental: bool,
    pub modified_on: DateTime<Utc>,
}

/// What the properties list (`PROPERTIES`) can be narrowed to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PropertyFilter {
    /// The homes with this disposition (a catalogue id).
    Disposition(i64),
    /// The homes whose lock has this status (a catalogue id).
    LockStatus(i64),
    /// The homes of one community.
    Community(i64),
    /// The homes whose status lets them be toured.
    OpenToTours,
}

impl crate::list::Filter for PropertyFilter {
    fn add_to(&self, filters: &mut crate::list::Filters) {
        use crate::Value;
        match *self {
            Self::Disposition(id) => filters.add("p.disposition_id = ?", [Value::from(id)]),
            Self::LockStatus(id) => filters.add("p.lock_status_id = ?", [Value::from(id)]),
            Self::Community(id) => filters.add("p.community_id = ?", [Value::from(id)]),
            Self::OpenToTours => {
                let touring: Vec<Value> = domain::catalog::DISPOSITIONS
                    .iter()
                    .filter(|d| d.tours)
                    .map(|d| Value::from(d.id))
                    .collect();
                let marks = vec!["?"; touring.len()].join(", ");
                filters.add(&format!("p.disposition_id IN ({marks})"), touring)
            }
        };
    }
}

/// A search of another list through the homes its rows refer to by `reference`: the home's
/// address and its community's name.
pub const fn searched_through(reference: &'static str) -> SearchThrough {
    SearchThrough {
        reference,
        table: "properties sp JOIN communities sm ON sm.id = sp.community_id",
        key: "sp.property_id",
        scope_column: "sp.builder_id",
        columns: &["sp.address_1", "sm.name"],
        search_index: "property_search",
        // On PostgreSQL the homes' lowered text (address and more) has a trigram index, and
        // their community's name is looked up in the communities.
        search_candidates: "(sp.search_text LIKE ? OR sp.community_id = ANY(ARRAY(\
                            SELECT id FROM communities WHERE lower(name) LIKE ?)))",
        counts: None,
        // The homes whose address matches, and those of the communities whose name does, each
        // from its index (migration 0047).
        search_keys: "SELECT sp.property_id FROM properties sp WHERE {scope} \
                      AND lower(sp.address_1) LIKE ? ESCAPE '\\' \
                      UNION SELECT sp.property_id FROM properties sp WHERE {scope} \
                      AND sp.community_id IN (SELECT id FROM communities WHERE lower(name) LIKE ? ESCAPE '\\')",
    }
}

pub const PROPERTIES: ListSpec = ListSpec {
    columns: "p.property_id, p.house_num, p.address_1, p.subdivision, p.city, p.state, p.zipcode, p.community_id, \
              c.name AS community, p.disposition_id, d.name AS disposition, l.name AS lock_status, p.price_cents / 100 AS price, p.bedrooms, \
              p.is_model AS \"isModel\", p.marketing_name, p.builder_id, b.name AS builder, b.is_rental, p.modified_on",
    from: "properties p JOIN builders b ON b.builder_id = p.builder_id JOIN communities c ON c.id = p.community_id \
           JOIN catalog d ON d.catalog_id = p.disposition_id LEFT JOIN catalog l ON l.catalog_id = p.lock_status_id",
    scope_column: "p.builder_id",
    // The home's address, house number, subdivision, city, zip code, marketing name and MLS
    // number (migration 0009), and its community's name.
    search_columns: &["p.search_text"],
    // In lower case on PostgreSQL (migration 0016).
    search_columns_lowered: true,
    search_through: &[SearchThrough {
        reference: "p.community_id",
        table: "communities",
        key: "id",
        scope_column: "builder_id",
        columns: &["name"],
        search_index: "",
        search_candidates: "",
        counts: None,
        search_keys: "",
    }],
    // On SQLite, the home's text and its community's name (migration 0012).
    search_index: "property_search",
    // The words of the same (migrations 0018 on PostgreSQL, 0019 on SQLite).
    search_words: Some(SearchWords {
        table: "property_words",
        key: "property_id",
        scope_column: "builder_id",
    }),
    sort_columns: &[
        ("property_id", "p.property_id"),
        ("house_num", "lower(p.house_num)"),
        ("address_1", "lower(p.address_1)"),
        ("subdivision", "lower(p.subdivision)"),
        ("city", "lower(p.city)"),
        ("state", "lower(p.state)"),
        ("zipcode", "p.zipcode"),
        ("community", "lower(c.name)"),
        ("disposition", "lower(d.name)"),
        ("lock_status", "lower(l.name)"),
        ("price", "p.price_cents"),
        ("bedrooms", "p.bedrooms"),
        ("builder", "lower(b.name)"),
        ("modified_on", "p.modified_on"),
    ],
    default_sort: ("modified_on", Order::Desc),
    tie_breaker: "p.property_id",
    key_column: "p.property_id",
    base_condition: "",
    base: "properties p",
    // Homes per builder, disposition and lock status (migration 0017).
    totals: "property_counts p",
    totals_count: "p.homes",
    totals_columns: &["p.builder_id", "p.disposition_id", "p.lock_status_id"],
    // Homes, communities, builders and catalog names (migration 0011).
    version: "homes",
    // Dispositions (catalog type 1) and lock statuses (type 7, missing without a lock).
    sort_runs: &[
        SortRuns {
            sort: "disposition",
            reference: "p.disposition_id",
            names: "SELECT catalog_id AS run_key, lower(name) AS run_name FROM catalog WHERE catalog_type_id = 1",
            nullable: false,
        },
        SortRuns {
            sort: "lock_status",
            reference: "p.lock_status_id",
            names: "SELECT catalog_id AS run_key, lower(name) AS run_name FROM catalog WHERE catalog_type_id = 7",
            nullable: true,
        },
    ],
    // An order index for every sort of the home's own columns (migrations 0008 and 0013), and
    // totals of a few hundred rows.
    walk_orders: true,
    walk_through: &[],
    walk_from: "",
    scan_rows: 0,
    nullable_sorts: &[],
};

/// Everything the property forms save, as stored.
#[derive(Debug, Clone, Default, PartialEq, FromRow)]
pub struct PropertyFields {
    pub community_id: i64,
    pub disposition_id: i64,
    pub house_num: Option<String>,
    pub address_1: String,
    pub address_2: Option<String>,
    pub subdivision: Option<String>,
    pub city: String,
    pub state: String,
    pub zipcode: String,
    pub latitude: f64,
    pub longitude: f64,
    pub price_cents: Option<i64>,
    pub bedrooms: i64,
    pub full_bathrooms: i64,
    pub half_bathrooms: i64,
    pub square_footage: i64,
    pub is_model: bool,
    pub timezone: i64,
    pub url_1: Option<String>,
    pub rental_application_url: Option<String>,
    pub marketing_name: Option<String>,
    pub mls_number: Option<String>,
    pub external_identifier: Option<String>,
    pub external_identifier_2: Option<String>,
    pub alarm: bool,
    pub alarm_company: Option<String>,
    pub armed_hours: Option<String>,
    pub disarm_code: Option<String>,
    pub emergency_notes: Option<String>,
    pub property_backup_code: String,
    pub trade_code: String,
    pub sales_code: String,
    pub resident_code: String,
    pub access_notes: Option<String>,
    pub contract_date: Option<String>,
    pub access_settings: bool,
    pub relock_interval: Option<i64>,
    pub end_of_day_lockup: Option<String>,
    pub staff_lock_interval: Option<i64>,
    /// JSON text of the week's tour hours (`TourDay`s); none means the default hours apply.
    pub tour_hours: Option<String>,
    /// JSON text of the week's staff hours (`StaffDay`s); none means no set hours.
    pub staff_hours: Option<String>,
    pub tour_hours_start: i64,
    pub tour_hours_end: i64,
    pub lasso_project_id: Option<i64>,
    pub integration_active: bool,
}

/// A property as stored, with its builder, community and disposition names and the community's
/// codes and hours it falls back on.
#[derive(Debug, Clone, FromRow)]
pub struct PropertyRecord {
    pub property_id: i64,
    pub builder_id: i64,
    pub builder: String,
    pub community: String,
    pub disposition: String,
    pub disposition_constant: String,
    pub lock_status: Option<String>,
    #[sqlx(flatten)]
    pub fields: PropertyFields,
    pub community_backup_code: String,
    pub community_trade_code: String,
    pub community_sales_code: String,
    pub community_tour_hours: Option<String>,
    pub created_on: DateTime<Utc>,
    pub created_by: String,
    pub modified_on: DateTime<Utc>,
    pub modified_by: String,
}

const RECORD: &str = "SELECT p.*, b.name AS builder, c.name AS community, d.name AS disposition, d.value AS disposition_constant, l.name AS lock_status,
      c.community_backup_code, c.trade_code AS community_trade_code, c.sales_code AS community_sales_code,
      c.tour_hours AS community_tour_hours
    FROM properties p JOIN builders b ON b.builder_id = p.builder_id JOIN communities c ON c.id = p.community_id
    JOIN catalog d ON d.catalog_id = p.disposition_id LEFT JOIN catalog l ON l.catalog_id = p.lock_status_id";

pub async fn get(db: &Db, scope: &Scope, property_id: i64) -> Result<Option<PropertyRecord>> {
    let sql = format!(
        "{RECORD} WHERE p.property_id = $1 AND {}",
        scope.condition("p.builder_id")
    );
    on_pool!(db, |pool| sqlx::query_as(&sql)
        .bind(property_id)
        .fetch_optional(pool)
        .await)
}

/// A staff member assigned to a home.
#[derive(Debug, Clone, FromRow)]
pub struct AssignedStaff {
    pub user_id: i64,
    pub username: String,
    pub firstname: String,
    pub lastname: String,
    pub phone: String,
    pub email: String,
    pub is_project_manager: bool,
}

/// The staff assigned to a home, project managers first.
pub async fn assigned_staff(db: &Db, property_id: i64) -> Result<Vec<AssignedStaff>> {
    on_pool!(db, |pool| {
        sqlx::query_as(
            "SELECT u.user_id, u.username, u.firstname, u.lastname, u.phone, u.email, a.is_project_manager \
             FROM property_agents a JOIN users u ON u.user_id = a.user_id \
             WHERE a.property_id = $1 ORDER BY a.is_project_manager DESC, a.user_id",
        )
        .bind(property_id)
        .fetch_all(pool)
        .await
    })
}

/// Staff (user id, project manager) and team ids already checked to be the builder's.
pub struct Staffing<'a> {
    pub agents: &'a [(i64, bool)],
    pub team_ids: &'a [i64],
}

/// Whether domain events are written for a change: the demo world's history records none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Events {
    Record,
    Skip,
}

/// A home starting or stopping tours is a domain event (the webhooks area delivers it). It is
/// derived from the disposition read under the change's lock, so two saves racing each other
/// cannot both report one change, or miss one.
pub(crate) fn tour_event(
    before: Option<i64>,
    after: i64,
) -> Option<(&'static str, serde_json::Value)> {
    let disposition = |id: i64| domain::catalog::DISPOSITIONS.iter().find(|d| d.id == id);
    let after = disposition(after)?;
    let kind = match (before.and_then(disposition).map(|d| d.tours), after.tours) {
        (None | Some(false), true) => "tours.enable",
        (Some(true), false) => "tours.disable",
        _ => return None,
    };
    Some((kind, serde_json::json!({"disposition": after.constant})))
}

/// Writes the tour event of a disposition change inside the transaction that makes it.
macro_rules! record_tour_event {
    ($tx:expr, $events:expr, $builder_id:expr, $property_id:expr, $before:expr, $after:expr, $at:expr) => {
        if let (Events::Record, Some((kind, mut payload))) = ($events, tour_event($before, $after))
        {
            payload["property_id"] = $property_id.into();
            $crate::record_event!($tx, $builder_id, kind, payload, $at)?;
        }
    };
}

/// The disposition of a home in the scope, read under a lock that holds until the transaction
/// ends (SQLite's write transaction holds every row).
macro_rules! locked_disposition {
    ($db:expr, $tx:expr, $scope:expr, $property_id:expr) => {{
        let sql = format!(
            "SELECT disposition_id FROM properties WHERE property_id = $1 AND {}{}",
            $scope.condition("builder_id"),
            $db.row_lock()
        );
        sqlx::query_scalar::<_, i64>(&sql)
            .bind($property_id)
            .fetch_optional(&mut *$tx)
            .await?
    }};
}

/// Creates (`id` None) or updates a property, its staff and teams, and records its tour event,
/// all in one transaction. Answers the id, or None when the property to update is not in the
/// scope. `disposition_on` moves only when the disposition changes.
#[allow(clippy::too_many_arguments)]
pub async fn save(
    db: &Db,
    scope: &Scope,
    id: Option<i64>,
    builder_id: i64,
    f: &PropertyFields,
    staffing: &Staffing<'_>,
    events: Events,
    author: &str,
) -> Result<Option<i64>> {
    let at = now();
    const COLUMNS: [&str; 47] = [
        "community_id",
        "disposition_id",
        "house_num",
        "address_1",
        "address_2",
        "subdivision",
        "city",
        "state",
        "zipcode",
        "latitude",
        "longitude",
        "price_cents",
        "bedrooms",
        "full_bathrooms",
        "half_bathrooms",
        "square_footage",
        "is_model",
        "timezone",
        "url_1",
        "rental_application_url",
        "marketing_name",
        "mls_number",
        "external_identifier",
        "external_identifier_2",
        "alarm",
        "alarm_company",
        "armed_hours",
        "disarm_code",
        "emergency_notes",
        "property_backup_code",
        "trade_code",
        "sales_code",
        "resident_code",
        "access_notes",
        "contract_date",
        "access_settings",
        "relock_interval",
        "end_of_day_lockup",
        "staff_lock_interval",
        "tour_hours",
        "staff_hours",
        "tour_hours_start",
        "tour_hours_end",
        "lasso_project_id",
        "integration_active",
        "modified_on",
        "modified_by",
    ];
    let n = COLUMNS.len();
    let sql = match id {
        Some(_) => {
            let sets: Vec<String> = COLUMNS
                .iter()
                .enumerate()
                .map(|(i, c)| format!("{c} = ${}", i + 1))
                .collect();
            // In SET, `disposition_id` is still the stored one; $2 is the new one and
            // ${n - 1} the time of the change.
            format!(
                "UPDATE properties SET {}, disposition_on = CASE WHEN disposition_id = $2 THEN disposition_on ELSE ${} END
                 WHERE property_id = ${} RETURNING property_id",
                sets.join(", "),
                n - 1,
                n + 1
            )
        }
        None => {
            let marks: Vec<String> = (1..=n + 1).map(|i| format!("${i}")).collect();
            format!(
                "INSERT INTO properties ({}, builder_id, created_on, created_by, disposition_on) VALUES ({}, ${}, ${}, ${}) RETURNING property_id",
                COLUMNS.join(", "),
                marks.join(", "),
                n - 1,
                n,
                n - 1
            )
        }
    };
    on_pool!(db, |pool| {
        let mut tx = pool.begin_with(db.write_transaction()).await?;
        let before = match id {
            Some(id) => match locked_disposition!(db, tx, scope, id) {
                Some(disposition) => Some(disposition),
                None => return Ok(None),
            },
            None => None,
        };
        let query = sqlx::query_scalar::<_, i64>(&sql)
            .bind(f.community_id)
            .bind(f.disposition_id)
            .bind(&f.house_num)
            .bind(&f.address_1)
            .bind(&f.address_2)
            .bind(&f.subdivision)
            .bind(&f.city)
            .bind(&f.state)
            .bind(&f.zipcode)
            .bind(f.latitude)
            .bind(f.longitude)
            .bind(f.price_cents)
            .bind(f.bedrooms)
            .bind(f.full_bathrooms)
            .bind(f.half_bathrooms)
            .bind(f.square_footage)
            .bind(f.is_model)
            .bind(f.timezone)
            .bind(&f.url_1)
            .bind(&f.rental_application_url)
            .bind(&f.marketing_name)
            .bind(&f.mls_number)
            .bind(&f.external_identifier)
            .bind(&f.external_identifier_2)
            .bind(f.alarm)
            .bind(&f.alarm_company)
            .bind(&f.armed_hours)
            .bind(&f.disarm_code)
            .bind(&f.emergency_notes)
            .bind(&f.property_backup_code)
            .bind(&f.trade_code)
            .bind(&f.sales_code)
            .bind(&f.resident_code)
            .bind(&f.access_notes)
            .bind(&f.contract_date)
            .bind(f.access_settings)
            .bind(f.relock_interval)
            .bind(&f.end_of_day_lockup)
            .bind(f.staff_lock_interval)
            .bind(&f.tour_hours)
            .bind(&f.staff_hours)
            .bind(f.tour_hours_start)
            .bind(f.tour_hours_end)
            .bind(f.lasso_project_id)
            .bind(f.integration_active)
            .bind(at)
            .bind(author);
        let query = match id {
            Some(id) => query.bind(id),
            None => query.bind(builder_id),
        };
        let Some(saved) = query.fetch_optional(&mut *tx).await? else {
            return Ok(None);
        };
        sqlx::query("DELETE FROM property_agents WHERE property_id = $1")
            .bind(saved)
            .execute(&mut *tx)
            .await?;
        for (user_id, is_pm) in staffing.agents {
            sqlx::query("INSERT INTO property_agents (property_id, user_id, is_project_manager) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING")
                .bind(saved)
                .bind(user_id)
                .bind(is_pm)
                .execute(&mut *tx)
                .await?;
        }
        crate::replace_links!(
            tx,
            "property_teams",
            "property_id",
            saved,
            "team_id",
            staffing.team_ids
        );
        record_tour_event!(tx, events, builder_id, saved, before, f.disposition_id, at);
        tx.commit().await?;
        Ok(Some(saved))
    })
}

/// The addresses of a community's homes (the community page's Properties tab).
#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct CommunityProperty {
    pub property_id: i64,
    pub house_num: Option<String>,
    pub address_1: String,
    pub state: String,
    pub zipcode: String,
}

pub async fn of_community(
    db: &Db,
    scope: &Scope,
    community_id: i64,
) -> Result<Vec<CommunityProperty>> {
    let sql = format!(
        "SELECT property_id, house_num, address_1, state, zipcode FROM properties WHERE community_id = $1 AND {}
         ORDER BY lower(address_1), property_id",
        scope.condition("builder_id")
    );
    on_pool!(db, |pool| sqlx::query_as(&sql)
        .bind(community_id)
        .fetch_all(pool)
        .await)
}

/// Domain events not delivered yet, oldest first (for tests and the webhook area).
pub async fn pending_events(db: &Db, builder_id: i64) -> Result<Vec<(String, String)>> {
    on_pool!(db, |pool| {
        sqlx::query_as("SELECT kind, payload FROM domain_events WHERE builder_id = $1 AND delivered_on IS NULL ORDER BY id")
            .bind(builder_id)
            .fetch_all(pool)
            .await
    })
}

/// Records the status of a home's lock (a catalogue lock status; none: no lock installed).
pub async fn set_lock_status(
    db: &Db,
    property_id: i64,
    lock_status_id: Option<i64>,
) -> Result<bool> {
    on_pool!(db, |pool| sqlx::query(
        "UPDATE properties SET lock_status_id = $1 WHERE property_id = $2"
    )
    .bind(lock_status_id)
    .bind(property_id)
    .execute(pool)
    .await
    .map(|done| done.rows_affected() == 1))
}

/// Sets a home's coordinates (an alarm device's activation geocodes the address).
pub async fn set_coordinates(
    db: &Db,
    property_id: i64,
    latitude: f64,
    longitude: f64,
) -> Result<()> {
    on_pool!(db, |pool| sqlx::query(
        "UPDATE properties SET latitude = $1, longitude = $2 WHERE property_id = $3"
    )
    .bind(latitude)
    .bind(longitude)
    .bind(property_id)
    .execute(pool)
    .await
    .map(|_| ()))
}

/// Changes a property's disposition (and records its tour event) in one transaction; false
/// when the property is not in the scope.
pub async fn set_disposition(
    db: &Db,
    scope: &Scope,
    property_id: i64,
    disposition_id: i64,
    author: &str,
) -> Result<bool> {
    let at = now();
    on_pool!(db, |pool| {
        let mut tx = pool.begin_with(db.write_transaction()).await?;
        let Some(before) = locked_disposition!(db, tx, scope, property_id) else {
            return Ok(false);
        };
        let builder_id: i64 = sqlx::query_scalar(
            "UPDATE properties SET disposition_id = $1, modified_on = $2, modified_by = $3,
             disposition_on = CASE WHEN disposition_id = $1 THEN disposition_on ELSE $2 END
             WHERE property_id = $4 RETURNING builder_id",
        )
        .bind(disposition_id)
        .bind(at)
        .bind(author)
        .bind(property_id)
        .fetch_one(&mut *tx)
        .await?;
        record_tour_event!(
            tx,
            Events::Record,
            builder_id,
            property_id,
            Some(before),
            disposition_id,
            at
        );
        tx.commit().await?;
        Ok(true)
    })
}

/// Sets a property's integration project id and active flag; false when not in the scope.
pub async fn set_integration(
    db: &Db,
    scope: &Scope,
    property_id: i64,
    project_id: Option<i64>,
    active: bool,
) -> Result<bool> {
    let sql = format!(
        "UPDATE properties SET lasso_project_id = $1, integration_active = $2, modified_on = $3 WHERE property_id = $4 AND {}",
        scope.condition("builder_id")
    );
    on_pool!(db, |pool| {
        sqlx::query(&sql)
            .bind(project_id)
            .bind(active)
            .bind(now())
            .bind(property_id)
            .execute(pool)
            .await
            .map(|r| r.rows_affected() > 0)
    })
}

/// Puts a staff member on a property, or changes whether they are its project manager.
pub async fn set_agent(
    db: &Db,
    property_id: i64,
    user_id: i64,
    is_project_manager: bool,
) -> Result<()> {
    on_pool!(db, |pool| {
        sqlx::query(
            "INSERT INTO property_agents (property_id, user_id, is_project_manager) VALUES ($1, $2, $3)
             ON CONFLICT (property_id, user_id) DO UPDATE SET is_project_manager = excluded.is_project_manager",
        )
        .bind(property_id)
        .bind(user_id)
        .bind(is_project_manager)
        .execute(pool)
        .await
        .map(|_| ())
    })
}

pub async fn remove_agent(db: &Db, property_id: i64, user_id: i64) -> Result<bool> {
    on_pool!(db, |pool| {
        sqlx::query("DELETE FROM property_agents WHERE property_id = $1 AND user_id = $2")
            .bind(property_id)
            .bind(user_id)
            .execute(pool)
            .await
            .map(|r| r.rows_affected() > 0)
    })
}

/// A photo of a property; the file lives in the file store under `file_key`.
#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct PropertyImage {
    pub id: i64,
    #[serde(skip)]
    pub file_key: String,
    pub sequence_position: i64,
    pub created_by: String,
    pub modified_by: String,
}

pub async fn images(db: &Db, property_id: i64) -> Result<Vec<PropertyImage>> {
    on_pool!(db, |pool| {
        sqlx::query_as(
            "SELECT id, file_key, sequence_position, created_by, modified_by FROM property_images
             WHERE property_id = $1 ORDER BY sequence_position, id",
        )
        .bind(property_id)
        .fetch_all(pool)
        .await
    })
}

/// Puts a photo at a position: the next one after the last (or 1) when none is given; a photo
/// already at the given position is replaced. Answers the new photo's id and the file key it
/// replaced, if any (the caller removes that file).
pub async fn put_image(
    db: &Db,
    property_id: i64,
    file_key: &str,
    position: Option<i64>,
    author: &str,
) -> Result<(i64, Option<String>)> {
    on_pool!(db, |pool| {
        let mut tx = pool.begin().await?;
        let position = match position {
            Some(p) => p,
            None => {
                let last: Option<i64> = sqlx::query_scalar(
                    "SELECT MAX(sequence_position) FROM property_images WHERE property_id = $1",
                )
                .bind(property_id)
                .fetch_one(&mut *tx)
                .await?;
                last.unwrap_or(0) + 1
            }
        };
        let replaced: Option<(i64, String, String)> = sqlx::query_as(
            "SELECT id, file_key, created_by FROM property_images WHERE property_id = $1 AND sequence_position = $2",
        )
        .bind(property_id)
        .bind(position)
        .fetch_optional(&mut *tx)
        .await?;
        let id = match &replaced {
            Some((id, _, _)) => {
                sqlx::query("UPDATE property_images SET file_key = $1, modified_by = $2 WHERE id = $3")
                    .bind(file_key)
                    .bind(author)
                    .bind(id)
                    .execute(&mut *tx)
                    .await?;
                *id
            }
            None => {
                sqlx::query_scalar(
                    "INSERT INTO property_images (property_id, file_key, sequence_position, created_by, modified_by, created_on)
                     VALUES ($1, $2, $3, $4, $4, $5) RETURNING id",
                )
                .bind(property_id)
                .bind(file_key)
                .bind(position)
                .bind(author)
                .bind(now())
                .fetch_one(&mut *tx)
                .await?
            }
        };
        tx.commit().await?;
        Ok((id, replaced.map(|(_, key, _)| key)))
    })
}

/// Removes a photo of a property; answers its file key when it was there.
pub async fn delete_image(db: &Db, property_id: i64, image_id: i64) -> Result<Option<String>> {
    on_pool!(db, |pool| {
        sqlx::query_scalar(
            "DELETE FROM property_images WHERE id = $1 AND property_id = $2 RETURNING file_key",
        )
        .bind(image_id)
        .bind(property_id)
        .fetch_optional(pool)
        .await
    })
}

#[cfg(test)]
mod tests {
    use domain::catalog::{TYPE_DISPOSITION, TYPE_LOCK_STATUS};

    #[test]
    fn sort_runs_read_their_catalogue_types() {
        let runs = super::PROPERTIES.sort_runs;
        assert_eq!(runs.len(), 2);
        for (runs, type_id) in runs.iter().zip([TYPE_DISPOSITION, TYPE_LOCK_STATUS]) {
            assert!(
                runs.names
                    .ends_with(&format!("catalog_type_id = {type_id}")),
                "{}",
                runs.sort
            );
        }
    }
}
