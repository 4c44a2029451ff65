//! Listing feeds (spec 3: Builder feed settings): a builder's settings, the homes a sync matches
//! against, and the sync's changes written in one transaction (docs/integrations.md).

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use domain::feeds::{FeedField, FeedHome, Rejection};
use serde::Serialize;
use sqlx::FromRow;

use crate::{now, on_pool, Db, Result, Value};

/// The job that syncs a builder's feed (payload: the builder id).
pub const SYNC: &str = "sync_feed";
/// The nightly job that asks for each builder's sync.
pub const NIGHTLY: &str = "sync_feeds_nightly";

#[derive(Debug, Clone, Default, PartialEq, FromRow)]
pub struct FeedSettings {
    pub builder_id: i64,
    pub feed_source: String,
    pub feed_url: Option<String>,
    pub feed_username: Option<String>,
    pub feed_password: Option<String>,
    pub company_code: Option<String>,
    pub add_communities_active: bool,
    /// JSON list of the feed fields' names.
    pub feed_fields: String,
    pub last_sync_on: Option<DateTime<Utc>>,
    /// JSON of the last sync's answer.
    pub last_sync: Option<String>,
}

impl FeedSettings {
    pub fn fields(&self) -> Vec<String> {
        serde_json::from_str(&self.feed_fields).unwrap_or_default()
    }
}

pub async fn get(db: &Db, builder_id: i64) -> Result<Option<FeedSettings>> {
    on_pool!(db, |pool| {
        sqlx::query_as(
        "SELECT builder_id, feed_source, feed_url, feed_username, feed_password, company_code, \
         add_communities_active, feed_fields, last_sync_on, last_sync FROM feed_settings WHERE builder_id = $1"
    )
    .bind(builder_id)
    .fetch_optional(pool)
    .await
    })
}

/// Saves a builder's settings; a password of None keeps the saved one.
pub async fn save(db: &Db, s: &FeedSettings, author: &str) -> Result<()> {
    let at = now();
    on_pool!(db, |pool| {
        sqlx::query(
        "INSERT INTO feed_settings (builder_id, feed_source, feed_url, feed_username, feed_password, company_code, \
           add_communities_active, feed_fields, modified_on, modified_by) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
         ON CONFLICT (builder_id) DO UPDATE SET feed_source = excluded.feed_source, feed_url = excluded.feed_url, \
           feed_username = excluded.feed_username, \
           feed_password = COALESCE(excluded.feed_password, feed_settings.feed_password), \
           company_code = excluded.company_code, add_communities_active = excluded.add_communities_active, \
           feed_fields = excluded.feed_fields, modified_on = excluded.modified_on, modified_by = excluded.modified_by"
    )
    .bind(s.builder_id)
    .bind(&s.feed_source)
    .bind(&s.feed_url)
    .bind(&s.feed_username)
    .bind(&s.feed_password)
    .bind(&s.company_code)
    .bind(s.add_communities_active)
    .bind(&s.feed_fields)
    .bind(at)
    .bind(author)
    .execute(pool)
    .await
    .map(|_| ())
    })
}

/// Keeps a sync's answer (or its error) with the settings.
pub async fn record_sync(db: &Db, builder_id: i64, result: &str, at: DateTime<Utc>) -> Result<()> {
    on_pool!(db, |pool| sqlx::query(
        "UPDATE feed_settings SET last_sync_on = $1, last_sync = $2 WHERE builder_id = $3"
    )
    .bind(at)
    .bind(result)
    .bind(builder_id)
    .execute(pool)
    .await
    .map(|_| ()))
}

/// The builders whose feed the nightly job syncs: a feed read from an address, and the nightly
/// switch not turned off.
pub async fn nightly_builders(db: &Db) -> Result<Vec<i64>> {
    on_pool!(db, |pool| {
        sqlx::query_scalar(
        "SELECT f.builder_id FROM feed_settings f \
         LEFT JOIN builder_integrations b ON b.builder_id = f.builder_id AND b.integration_id = 14 \
         WHERE COALESCE(f.feed_url, '') <> '' AND COALESCE(b.is_active, TRUE) ORDER BY f.builder_id"
    )
    .fetch_all(pool)
    .await
    })
}

/// A builder's home as a sync compares it.
#[derive(Debug, Clone, PartialEq, FromRow)]
pub struct StoredHome {
    pub property_id: i64,
    pub community_id: i64,
    pub external_identifier: String,
    pub subdivision: Option<String>,
    pub address_1: String,
    pub address_2: Option<String>,
    pub city: String,
    pub state: String,
    pub zipcode: String,
    pub mls_number: Option<String>,
    pub marketing_name: Option<String>,
    pub price_cents: Option<i64>,
    pub bedrooms: i64,
    pub full_bathrooms: i64,
    pub half_bathrooms: i64,
}

/// The builder's homes that carry an External Identifier.
const STORED_HOMES: &str = "SELECT property_id, community_id, external_identifier, subdivision, address_1, address_2, city, state, zipcode, \
       mls_number, marketing_name, price_cents, bedrooms, full_bathrooms, half_bathrooms \
     FROM properties WHERE builder_id = $1 AND external_identifier IS NOT NULL AND external_identifier <> '' \
     ORDER BY property_id";

/// The builder's communities by name, the oldest last (so it wins a name two of them share).
const COMMUNITIES: &str = "SELECT name, id FROM communities WHERE builder_id = $1 ORDER BY id DESC";

/// What new homes take from their builder: its time zone and install disposition.
const DEFAULTS: &str = "SELECT b.timezone, COALESCE(s.default_install_property_status, 'PROPERTY_AVAILABLE') \
     FROM builders b LEFT JOIN builder_settings s ON s.builder_id = b.builder_id WHERE b.builder_id = $1";

/// What a sync plans against, read inside its transaction.
#[derive(Debug, Default)]
pub struct Stored {
    pub homes: Vec<StoredHome>,
    /// Community ids by name in lower case.
    pub communities: HashMap<String, i64>,
    pub timezone: i64,
    /// The constant of the disposition new homes take.
    pub disposition: String,
}

/// The columns a new home of a feed is written with.
const NEW_HOME_COLUMNS: [&str; 24] = [
    "builder_id",
    "community_id",
    "disposition_id",
    "house_num",
    "address_1",
    "address_2",
    "subdivision",
    "city",
    "state",
    "zipcode",
    "price_cents",
    "bedrooms",
    "full_bathrooms",
    "half_bathrooms",
    "square_footage",
    "timezone",
    "marketing_name",
    "mls_number",
    "external_identifier",
    "created_on",
    "created_by",
    "modified_on",
    "modified_by",
    "disposition_on",
];

/// Where a feed's home goes: a community that exists, or one the sync creates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum CommunityRef {
    Stored(i64),
    /// The index of a [`NewCommunity`] of the plan.
    New(usize),
}

#[derive(Debug, Clone, PartialEq)]
pub struct NewCommunity {
    pub name: String,
    pub city: String,
    pub state: String,
    pub zip: String,
    pub external_community_id: Option<String>,
}

/// A sync's changes, worked out before anything is written.
#[derive(Debug, Default)]
pub struct Plan {
    pub communities: Vec<NewCommunity>,
    pub creates: Vec<(CommunityRef, FeedHome)>,
    pub updates: Vec<(i64, CommunityRef, FeedHome)>,
    pub unchanged: usize,
    pub rejections: Vec<Rejection>,
    pub timezone: i64,
    pub disposition_id: i64,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Applied {
    pub created: Vec<i64>,
    pub communities: Vec<i64>,
}

/// Syncs a builder's homes in one transaction: reads what is stored, has the planner work out
/// the changes, and writes them: the new communities, the new homes (with their tour events) and
/// the written fields of the homes that changed. Nothing is written if any of it fails. Syncs of
/// one builder take turns, so each plans against what the one before wrote. None when the
/// builder does not exist.
pub async fn sync<F>(
    db: &Db,
    builder_id: i64,
    written: &[FeedField],
    author: &str,
    planner: F,
) -> Result<Option<(Plan, Applied)>>
where
    F: FnOnce(Stored) -> Plan,
{
    let at = now();
    let has = |field: FeedField| written.contains(&field);
    // A value left out of the feed keeps what the home has.
    let mut sets = vec![
        "community_id = $1",
        "subdivision = $2",
        "address_1 = $3",
        "city = $4",
        "state = $5",
        "zipcode = $6",
        "modified_on = $7",
        "modified_by = $8",
    ];
    for (field, set) in [
        (FeedField::Street2, "address_2 = COALESCE($9, address_2)"),
        (FeedField::MlsNumber, "mls_number = COALESCE($10, mls_number)"),
        (FeedField::MarketingName, "marketing_name = COALESCE($11, marketing_name)"),
        (FeedField::Price, "price_cents = COALESCE($12, price_cents)"),
        (FeedField::Bedrooms, "bedrooms = COALESCE($13, bedrooms)"),
        (
            FeedField::Bathrooms,
            "full_bathrooms = COALESCE($14, full_bathrooms), half_bathrooms = COALESCE($15, half_bathrooms)",
        ),
    ] {
        if has(field) {
            sets.push(set);
        }
    }
    // The parameters of the fields not written stay bound (their types are sent with them).
    let update = format!(
        "UPDATE properties SET {} WHERE property_id = $16 AND builder_id = $17",
        sets.join(", ")
    );
    let defaults = match db {
        Db::Sqlite(_) => DEFAULTS.to_string(),
        Db::Postgres(_) => format!("{DEFAULTS} FOR UPDATE OF b"),
    };
    on_pool!(db, |pool| {
        let mut tx = pool.begin_with(db.write_transaction()).await?;
        let Some((timezone, disposition)) = sqlx::query_as::<_, (i64, String)>(&defaults)
            .bind(builder_id)
            .fetch_optional(&mut *tx)
            .await?
        else {
            return Ok(None);
        };
        let homes = sqlx::query_as(STORED_HOMES)
            .bind(builder_id)
            .fetch_all(&mut *tx)
            .await?;
        let communities = sqlx::query_as::<_, (String, i64)>(COMMUNITIES)
            .bind(builder_id)
            .fetch_all(&mut *tx)
            .await?
            .into_iter()
            .map(|(name, id)| (name.trim().to_lowercase(), id))
            .collect();
        let plan = planner(Stored {
            homes,
            communities,
            timezone,
            disposition,
        });
        let tours = crate::properties::tour_event(None, plan.disposition_id);
        let mut applied = Applied::default();
        for c in &plan.communities {
            let id: i64 = sqlx::query_scalar(
                "INSERT INTO communities (builder_id, name, state, city, zip, external_community_id, status_id, \
                   sales_agent, emergency_contacts, created_on, created_by, modified_on, modified_by) \
                 VALUES ($1, $2, $3, $4, $5, $6, 1, '', '', $7, $8, $7, $8) RETURNING id",
            )
            .bind(builder_id)
            .bind(&c.name)
            .bind(&c.state)
            .bind(&c.city)
            .bind(&c.zip)
            .bind(&c.external_community_id)
            .bind(at)
            .bind(author)
            .fetch_one(&mut *tx)
            .await?;
            applied.communities.push(id);
        }
        let community_of = |r: CommunityRef| match r {
            CommunityRef::Stored(id) => id,
            CommunityRef::New(i) => applied.communities[i],
        };
        // New homes: on PostgreSQL a chunk per statement, so the homes' statement triggers (list
        // counts, search words) run once a chunk rather than once a home; SQLite's triggers are
        // per row, and one prepared single-row statement is faster there than long ones.
        let rows: Vec<Vec<Value>> = plan
            .creates
            .iter()
            .map(|(community, home)| {
                let optional_text = |field: FeedField, value: &Option<String>| {
                    Value::Text(value.clone().filter(|_| has(field)))
                };
                let bathrooms = home.bathrooms.filter(|_| has(FeedField::Bathrooms));
                vec![
                    builder_id.into(),
                    community_of(*community).into(),
                    plan.disposition_id.into(),
                    home.lot.clone().into(),
                    home.address_1.clone().into(),
                    optional_text(FeedField::Street2, &home.address_2),
                    home.subdivision.clone().into(),
                    home.city.clone().into(),
                    home.state.clone().into(),
                    home.zipcode.clone().into(),
                    Value::Int(home.price_cents.filter(|_| has(FeedField::Price))),
                    Value::Int(Some(
                        home.bedrooms
                            .filter(|_| has(FeedField::Bedrooms))
                            .unwrap_or(0),
                    )),
                    Value::Int(Some(bathrooms.map_or(0, |b| b.0))),
                    Value::Int(Some(bathrooms.map_or(0, |b| b.1))),
                    Value::Int(Some(0)),
                    plan.timezone.into(),
                    optional_text(FeedField::MarketingName, &home.marketing_name),
                    optional_text(FeedField::MlsNumber, &home.mls_number),
                    home.external_identifier.clone().into(),
                    at.into(),
                    author.into(),
                    at.into(),
                    author.into(),
                    at.into(),
                ]
            })
            .collect();
        let per_statement = match db {
            Db::Sqlite(_) => 1,
            Db::Postgres(_) => crate::bulk::chunk_rows(NEW_HOME_COLUMNS.len()),
        };
        for chunk in rows.chunks(per_statement) {
            let sql = format!(
                "{} RETURNING property_id",
                crate::bulk::statement("properties", &NEW_HOME_COLUMNS, chunk.len())
            );
            let values: Vec<&Value> = chunk.iter().flatten().collect();
            let ids: Vec<i64> = crate::bind_values!(sqlx::query_scalar(&sql), values)
                .fetch_all(&mut *tx)
                .await?;
            if let Some((kind, payload)) = &tours {
                for id in &ids {
                    let mut payload = payload.clone();
                    payload["property_id"] = (*id).into();
                    crate::record_event!(tx, builder_id, kind, payload, at)?;
                }
            }
            applied.created.extend(ids);
        }
        for (property_id, community, home) in &plan.updates {
            sqlx::query(&update)
                .bind(community_of(*community))
                .bind(&home.subdivision)
                .bind(&home.address_1)
                .bind(&home.city)
                .bind(&home.state)
                .bind(&home.zipcode)
                .bind(at)
                .bind(author)
                .bind(&home.address_2)
                .bind(&home.mls_number)
                .bind(&home.marketing_name)
                .bind(home.price_cents)
                .bind(home.bedrooms)
                .bind(home.bathrooms.map(|b| b.0))
                .bind(home.bathrooms.map(|b| b.1))
                .bind(property_id)
                .bind(builder_id)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(Some((plan, applied)))
    })
}
