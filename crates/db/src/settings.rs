//! A builder's settings: branding, tour-page texts, disclosure and follow-up messages. A builder
//! without a stored row has the defaults of spec 3 §9.

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::FromRow;
use utoipa::ToSchema;

use crate::{now, on_pool, Db, Result, Scope};

#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct BuilderSettings {
    pub builder_id: i64,
    #[serde(rename = "builderName")]
    #[sqlx(rename = "builderName")]
    pub builder_name: String,
    pub webflow_name: String,
    pub timezone: i64,
    pub legal_name: Option<String>,
    pub marketing_name: Option<String>,
    pub country: String,
    pub primary_color: String,
    pub secondary_color: String,
    /// JSON text: text, textColor, backgroundColor, borderRadius, fontSize.
    pub button_settings: Option<String>,
    pub selfie_verification_active: bool,
    pub default_install_property_status: String,
    #[serde(skip)]
    pub logo_key: Option<String>,
    /// JSON text of the tour-page texts.
    pub content_settings: Option<String>,
    pub custom_disclosure_active: bool,
    pub custom_disclosure_name: Option<String>,
    pub custom_disclosure_text: Option<String>,
    pub during_tour_message: Option<String>,
    pub after_tour_message: Option<String>,
    pub scheduled_tour_message: Option<String>,
    pub during_tour_message_interval: Option<String>,
    pub after_tour_message_interval: Option<String>,
    pub modified_on: Option<DateTime<Utc>>,
}

pub async fn get(db: &Db, scope: &Scope, builder_id: i64) -> Result<Option<BuilderSettings>> {
    if !scope.allows(builder_id) {
        return Ok(None);
    }
    let sql = "SELECT b.builder_id, b.name AS \"builderName\", b.webflow_name, b.timezone, s.legal_name, s.marketing_name,
          COALESCE(s.country, 'USA') AS country, COALESCE(s.primary_color, '#DB5C0E') AS primary_color,
          COALESCE(s.secondary_color, '#FFFFFF') AS secondary_color, s.button_settings,
          COALESCE(s.selfie_verification_active, FALSE) AS selfie_verification_active,
          COALESCE(s.default_install_property_status, 'PROPERTY_AVAILABLE') AS default_install_property_status,
          s.logo_key, s.content_settings, COALESCE(s.custom_disclosure_active, FALSE) AS custom_disclosure_active,
          s.custom_disclosure_name, s.custom_disclosure_text, s.during_tour_message, s.after_tour_message,
          s.scheduled_tour_message, s.during_tour_message_interval, s.after_tour_message_interval, s.modified_on
        FROM builders b LEFT JOIN builder_settings s ON s.builder_id = b.builder_id WHERE b.builder_id = $1";
    on_pool!(db, |pool| sqlx::query_as(sql)
        .bind(builder_id)
        .fetch_optional(pool)
        .await)
}

/// Sets some columns of a builder's settings row, creating it with the defaults first.
/// Column names come from the callers below, never from a request.
async fn upsert(db: &Db, builder_id: i64, columns: &[(&str, crate::Value)]) -> Result<()> {
    let at = now();
    let assignments: Vec<String> = columns
        .iter()
        .enumerate()
        .map(|(i, (c, _))| format!("{c} = ${}", i + 3))
        .collect();
    let sql = "INSERT INTO builder_settings (builder_id, modified_on) VALUES ($1, $2) ON CONFLICT (builder_id) DO NOTHING";
    let update = format!(
        "UPDATE builder_settings SET modified_on = $2, {} WHERE builder_id = $1",
        assignments.join(", ")
    );
    let values: Vec<crate::Value> = columns.iter().map(|(_, v)| v.clone()).collect();
    on_pool!(db, |pool| {
        let mut tx = pool.begin().await?;
        sqlx::query(sql)
            .bind(builder_id)
            .bind(at)
            .execute(&mut *tx)
            .await?;
        crate::bind_values!(sqlx::query(&update).bind(builder_id).bind(at), &values)
            .execute(&mut *tx)
            .await?;
        tx.commit().await
    })
}

pub async fn set_disclosure(
    db: &Db,
    builder_id: i64,
    active: bool,
    name: Option<String>,
    text: Option<String>,
) -> Result<()> {
    upsert(
        db,
        builder_id,
        &[
            ("custom_disclosure_active", active.into()),
            ("custom_disclosure_name", name.into()),
            ("custom_disclosure_text", text.into()),
        ],
    )
    .await
}

/// The follow-up messages; None switches a message (and its interval) off.
pub struct Messages {
    pub during_tour_message: Option<String>,
    pub after_tour_message: Option<String>,
    pub scheduled_tour_message: Option<String>,
    pub during_tour_message_interval: Option<String>,
    pub after_tour_message_interval: Option<String>,
}

pub async fn set_messages(db: &Db, builder_id: i64, m: Messages) -> Result<()> {
    upsert(
        db,
        builder_id,
        &[
            ("during_tour_message", m.during_tour_message.into()),
            ("after_tour_message", m.after_tour_message.into()),
            ("scheduled_tour_message", m.scheduled_tour_message.into()),
            (
                "during_tour_message_interval",
                m.during_tour_message_interval.into(),
            ),
            (
                "after_tour_message_interval",
                m.after_tour_message_interval.into(),
            ),
        ],
    )
    .await
}

pub async fn set_timezone(db: &Db, builder_id: i64, timezone: i64) -> Result<()> {
    on_pool!(db, |pool| {
        sqlx::query("UPDATE builders SET timezone = $1 WHERE builder_id = $2")
            .bind(timezone)
            .bind(builder_id)
            .execute(pool)
            .await
            .map(|_| ())
    })
}

/// The company settings section of the form.
pub struct Company {
    pub builder_name: String,
    pub legal_name: Option<String>,
    pub marketing_name: Option<String>,
    pub country: String,
    pub primary_color: String,
    pub secondary_color: String,
    /// JSON text of the marketing button.
    pub button_settings: String,
    pub selfie_verification_active: bool,
    pub default_install_property_status: String,
}

pub async fn set_company(db: &Db, builder_id: i64, c: Company) -> Result<()> {
    upsert(
        db,
        builder_id,
        &[
            ("legal_name", c.legal_name.into()),
            ("marketing_name", c.marketing_name.into()),
            ("country", c.country.into()),
            ("primary_color", c.primary_color.into()),
            ("secondary_color", c.secondary_color.into()),
            ("button_settings", c.button_settings.into()),
            (
                "selfie_verification_active",
                c.selfie_verification_active.into(),
            ),
            (
                "default_install_property_status",
                c.default_install_property_status.into(),
            ),
        ],
    )
    .await?;
    on_pool!(db, |pool| {
        sqlx::query("UPDATE builders SET name = $1 WHERE builder_id = $2")
            .bind(&c.builder_name)
            .bind(builder_id)
            .execute(pool)
            .await
            .map(|_| ())
    })
}

/// Stores the tour-page texts (JSON text).
pub async fn set_content(db: &Db, builder_id: i64, content: String) -> Result<()> {
    upsert(db, builder_id, &[("content_settings", content.into())]).await
}

/// Points the builder at a new logo; answers the key of the one it replaces.
pub async fn set_logo(db: &Db, builder_id: i64, key: &str) -> Result<Option<String>> {
    let old = get(db, &Scope::All, builder_id)
        .await?
        .and_then(|s| s.logo_key);
    upsert(db, builder_id, &[("logo_key", key.into())]).await?;
    Ok(old)
}
