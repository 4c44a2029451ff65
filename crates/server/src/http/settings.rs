//! Builder settings (spec 3: Company settings, Disclosures, Messaging, time zone).

use std::collections::BTreeMap;

use crate::extract::Path;
use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use db::settings::{BuilderSettings, Company, Messages};
use domain::branding::{
    check_button, check_content, is_hex_colour, ButtonSettings, COUNTRIES, LOGO_LIMIT, MSG_HEX,
    MSG_UNSUPPORTED_FILE,
};
use domain::messaging::{check_messages, MessageSetting};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{JsonBody, QueryParams};
use crate::files::ImageKind;
use crate::http::MessageBody;
use crate::state::AppState;

pub const DISCLOSURE_LIMIT: usize = 65_000;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route(
            "/builders/settings",
            // Room for a 50 MB logo and the form around it.
            post(save_settings).layer(DefaultBodyLimit::max(LOGO_LIMIT + 1024 * 1024)),
        )
        .route("/builders/settings/{id}", get(get_settings))
        .route("/builders/settings/disclosures", post(save_disclosures))
        .route("/builders/settings/messaging", post(save_messaging))
        .route(
            "/builders/settings/messaging/preview",
            get(messaging_preview),
        )
        .route("/builders/timezone", get(get_timezone).post(save_timezone))
}

/// Which builder a settings call is about: the one named (enterprise users choose), else the
/// session's builder.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BuilderChoice {
    #[serde(rename = "builderId")]
    pub builder_id: Option<i64>,
}

/// The caller's builder for a settings change: settings are for program managers (and enterprise
/// users and the admin acting for them).
pub fn settings_builder(caller: &Caller, requested: Option<i64>) -> ApiResult<i64> {
    caller.require_console()?;
    if !(caller.is_pm() || caller.is_enterprise() || caller.is_admin()) {
        return Err(ApiError::Forbidden(
            "Only program managers can change settings".into(),
        ));
    }
    match requested.filter(|id| *id != 0) {
        Some(id) if !caller.scope.allows(id) => Err(ApiError::not_found()),
        requested => caller.target_builder(requested),
    }
}

/// A builder's settings with the address of its logo.
#[derive(Debug, Serialize, ToSchema)]
pub struct SettingsView {
    #[serde(flatten)]
    pub settings: BuilderSettings,
    /// Where the logo is served, if there is one.
    pub logo: Option<String>,
}

async fn view(state: &AppState, caller: &Caller, id: i64) -> ApiResult<SettingsView> {
    let settings = db::settings::get(&state.db, &caller.scope, id)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let logo = settings.logo_key.as_deref().map(crate::files::url);
    Ok(SettingsView { settings, logo })
}

#[utoipa::path(get, path = "/api/builders/settings/{id}", tag = "settings", params(("id" = i64, Path)),
    responses((status = 200, body = SettingsView), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
pub async fn get_settings(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
) -> ApiResult<Json<SettingsView>> {
    caller.require_console()?;
    Ok(Json(view(&state, &caller, id).await?))
}

/// The multipart form of `POST /builders/settings`: company settings, a logo, or the tour-page
/// texts (`content_settings`, JSON text). Each part present is saved; absent parts stay.
#[derive(Debug, ToSchema)]
#[allow(dead_code)]
pub struct SettingsForm {
    /// PNG or JPEG, at most 50 MB.
    #[schema(format = Binary, content_media_type = "application/octet-stream")]
    file: Option<String>,
    #[schema(rename = "builderName", min_length = 1, max_length = 250)]
    builder_name: Option<String>,
    builder_id: Option<i64>,
    /// USA or Canada.
    country: Option<String>,
    legal_name: Option<String>,
    marketing_name: Option<String>,
    /// `#rgb` or `#rrggbb`.
    #[schema(pattern = "^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$")]
    primary_color: Option<String>,
    #[schema(pattern = "^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$")]
    secondary_color: Option<String>,
    /// JSON text: text, textColor, backgroundColor, borderRadius, fontSize.
    button_settings: Option<String>,
    selfie_verification_active: Option<bool>,
    /// A disposition constant, e.g. PROPERTY_AVAILABLE.
    default_install_property_status: Option<String>,
    /// JSON text of the tour-page texts.
    content_settings: Option<String>,
}

fn company(texts: &BTreeMap<String, String>, errors: &mut BTreeMap<String, String>) -> Company {
    let text = |k: &str| texts.get(k).map(|v| v.trim().to_string());
    let optional = |k: &str| text(k).filter(|v| !v.is_empty());
    let builder_name = text("builderName").unwrap_or_default();
    if builder_name.is_empty() || builder_name.chars().count() > 250 {
        errors.insert(
            "builderName".into(),
            "Builder name is required (at most 250 characters)".into(),
        );
    }
    for field in ["primary_color", "secondary_color"] {
        match text(field) {
            Some(colour) if is_hex_colour(&colour) => {}
            _ => {
                errors.insert(field.into(), MSG_HEX.into());
            }
        }
    }
    let country = text("country").unwrap_or_else(|| "USA".into());
    if !COUNTRIES.contains(&country.as_str()) {
        errors.insert("country".into(), "Country is USA or Canada".into());
    }
    let button = match text("button_settings").filter(|b| !b.is_empty()) {
        None => ButtonSettings::default(),
        Some(json) => match serde_json::from_str::<ButtonSettings>(&json) {
            Ok(button) => button,
            Err(e) => {
                errors.insert("button_settings".into(), format!("Button settings: {e}"));
                ButtonSettings::default()
            }
        },
    };
    check_button(&button, errors);
    let disposition =
        text("default_install_property_status").unwrap_or_else(|| "PROPERTY_AVAILABLE".into());
    if domain::catalog::disposition_by_constant(&disposition).is_none() {
        errors.insert(
            "default_install_property_status".into(),
            "Choose a property status".into(),
        );
    }
    let selfie = match text("selfie_verification_active").as_deref() {
        None | Some("") | Some("false") | Some("0") => false,
        Some("true") | Some("1") => true,
        Some(_) => {
            errors.insert("selfie_verification_active".into(), "true or false".into());
            false
        }
    };
    for field in ["legal_name", "marketing_name"] {
        if text(field).is_some_and(|v| v.chars().count() > 250) {
            errors.insert(field.into(), "At most 250 characters".into());
        }
    }
    Company {
        builder_name,
        legal_name: optional("legal_name"),
        marketing_name: optional("marketing_name"),
        country,
        primary_color: text("primary_color").unwrap_or_default(),
        secondary_color: text("secondary_color").unwrap_or_default(),
        button_settings: serde_json::to_string(&button).expect("button serialises"),
        selfie_verification_active: selfie,
        default_install_property_status: disposition,
    }
}

#[utoipa::path(post, path = "/api/builders/settings", tag = "settings",
    request_body(content = SettingsForm, content_type = "multipart/form-data"),
    responses((status = 200, body = SettingsView), (status = 400, body = ErrorBody), (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn save_settings(
    State(state): State<AppState>,
    caller: Caller,
    multipart: Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> ApiResult<Json<SettingsView>> {
    let (texts, file) = crate::files::read_form(multipart).await?;
    for part in ["button_settings", "content_settings"] {
        if let Some(text) = texts.get(part) {
            crate::input::check_json_text(part, text)?;
        }
    }
    let requested = match texts
        .get("builder_id")
        .map(|v| v.trim())
        .filter(|v| !v.is_empty())
    {
        None => None,
        Some(v) => Some(
            v.parse::<i64>()
                .map_err(|_| ApiError::field("builder_id", "Builder is required field"))?,
        ),
    };
    let builder_id = settings_builder(&caller, requested)?;
    let mut errors = BTreeMap::new();
    // A logo is decoded and stored re-encoded, as photos are: a file that only begins like a
    // picture is refused, and what is served is always a well-formed image.
    let logo = match file {
        None => None,
        Some(bytes) => {
            match crate::photos::converted_upload(bytes, |_| MSG_UNSUPPORTED_FILE.into()).await {
                Ok(webp) => Some(webp),
                Err(ApiError::Validation(problems)) => {
                    errors.extend(problems);
                    None
                }
                Err(other) => return Err(other),
            }
        }
    };
    let content = match texts.get("content_settings") {
        None => None,
        Some(json) => match serde_json::from_str::<serde_json::Value>(json) {
            Err(e) => {
                errors.insert(
                    "content_settings".into(),
                    format!("Content settings are not JSON: {e}"),
                );
                None
            }
            Ok(value) => match check_content(&value) {
                Ok(clean) => Some(serde_json::Value::Object(clean).to_string()),
                Err(problems) => {
                    errors.extend(problems);
                    None
                }
            },
        },
    };
    let has_company = [
        "builderName",
        "primary_color",
        "secondary_color",
        "country",
        "button_settings",
    ]
    .iter()
    .any(|k| texts.contains_key(*k));
    let company = has_company.then(|| company(&texts, &mut errors));
    ApiError::check(errors)?;
    if let Some(company) = company {
        db::settings::set_company(&state.db, builder_id, company).await?;
    }
    if let Some(content) = content {
        db::settings::set_content(&state.db, builder_id, content).await?;
    }
    if let Some(webp) = logo {
        let key = state
            .files
            .put(webp, ImageKind::Webp)
            .await
            .map_err(|e| ApiError::Internal(format!("storing a logo: {e}")))?;
        if let Some(old) = db::settings::set_logo(&state.db, builder_id, &key).await? {
            state.files.remove(&old).await;
        }
    }
    Ok(Json(view(&state, &caller, builder_id).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct DisclosureInput {
    #[serde(default)]
    pub builder_id: Option<i64>,
    pub custom_disclosure_active: bool,
    #[serde(default)]
    pub custom_disclosure_name: Option<String>,
    #[serde(default)]
    pub custom_disclosure_text: Option<String>,
}

#[utoipa::path(post, path = "/api/builders/settings/disclosures", tag = "settings", request_body = DisclosureInput,
    responses((status = 200, body = MessageBody), (status = 422, body = ErrorBody)), security(("bearer" = [])))]
pub async fn save_disclosures(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(input): JsonBody<DisclosureInput>,
) -> ApiResult<Json<MessageBody>> {
    let builder_id = settings_builder(&caller, input.builder_id)?;
    let clean = |v: Option<String>| v.map(|t| t.trim().to_string()).filter(|t| !t.is_empty());
    let (name, text) = if input.custom_disclosure_active {
        (
            clean(input.custom_disclosure_name),
            clean(input.custom_disclosure_text),
        )
    } else {
        // Switching the disclosure off clears it.
        (None, None)
    };
    if input.custom_disclosure_active {
        let mut errors = std::collections::BTreeMap::new();
        if name.is_none() {
            errors.insert(
                "custom_disclosure_name".to_string(),
                "Required field!".to_string(),
            );
        }
        match &text {
            None => {
                errors.insert("custom_disclosure_text".into(), "Required field!".into());
            }
            Some(t) if t.chars().count() > DISCLOSURE_LIMIT => {
                errors.insert(
                    "custom_disclosure_text".into(),
                    format!("At most {DISCLOSURE_LIMIT} characters"),
                );
            }
            Some(_) => {}
        }
        if name.as_ref().is_some_and(|n| n.chars().count() > 250) {
            errors.insert(
                "custom_disclosure_name".into(),
                "At most 250 characters".into(),
            );
        }
        ApiError::check(errors)?;
    }
    db::settings::set_disclosure(
        &state.db,
        builder_id,
        input.custom_disclosure_active,
        name,
        text,
    )
    .await?;
    Ok(Json(MessageBody::new("Saved!")))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct MessagingInput {
    #[serde(default)]
    pub builder_id: Option<i64>,
    pub during_tour_message: Option<String>,
    pub after_tour_message: Option<String>,
    pub scheduled_tour_message: Option<String>,
    pub during_tour_message_interval: Option<String>,
    pub after_tour_message_interval: Option<String>,
}

#[utoipa::path(post, path = "/api/builders/settings/messaging", tag = "settings", request_body = MessagingInput,
    responses((status = 200, body = MessageBody), (status = 422, body = ErrorBody)), security(("bearer" = [])))]
pub async fn save_messaging(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(input): JsonBody<MessagingInput>,
) -> ApiResult<Json<MessageBody>> {
    let builder_id = settings_builder(&caller, input.builder_id)?;
    ApiError::check(check_messages(&[
        MessageSetting {
            field: "during_tour_message",
            text: input.during_tour_message.as_deref(),
            interval_field: Some("during_tour_message_interval"),
            interval: input.during_tour_message_interval.as_deref(),
        },
        MessageSetting {
            field: "after_tour_message",
            text: input.after_tour_message.as_deref(),
            interval_field: Some("after_tour_message_interval"),
            interval: input.after_tour_message_interval.as_deref(),
        },
        MessageSetting {
            field: "scheduled_tour_message",
            text: input.scheduled_tour_message.as_deref(),
            interval_field: None,
            interval: None,
        },
    ]))?;
    let messages = Messages {
        during_tour_message: input.during_tour_message,
        after_tour_message: input.after_tour_message,
        scheduled_tour_message: input.scheduled_tour_message,
        during_tour_message_interval: input.during_tour_message_interval,
        after_tour_message_interval: input.after_tour_message_interval,
    };
    db::settings::set_messages(&state.db, builder_id, messages).await?;
    Ok(Json(MessageBody::new("Saved!")))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Timezone {
    /// 51 Denver, 52 New York, 53 Chicago, 54 Los Angeles.
    pub timezone: i64,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct TimezoneInput {
    /// 51 Denver, 52 New York, 53 Chicago, 54 Los Angeles.
    pub timezone: i64,
    /// The builder, for users who choose one.
    #[serde(default)]
    pub builder_id: Option<i64>,
}

#[utoipa::path(get, path = "/api/builders/timezone", tag = "settings", params(BuilderChoice),
    responses((status = 200, body = Timezone), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
pub async fn get_timezone(
    State(state): State<AppState>,
    caller: Caller,
    QueryParams(choice): QueryParams<BuilderChoice>,
) -> ApiResult<Json<Timezone>> {
    let builder_id = caller
        .target_builder(choice.builder_id)
        .map_err(|_| ApiError::not_found())?;
    let builder = db::builders::get(&state.db, &caller.scope, builder_id)
        .await?
        .ok_or_else(ApiError::not_found)?;
    Ok(Json(Timezone {
        timezone: builder.timezone,
    }))
}

#[utoipa::path(post, path = "/api/builders/timezone", tag = "settings", request_body = TimezoneInput,
    responses((status = 200, body = MessageBody), (status = 422, body = ErrorBody)), security(("bearer" = [])))]
pub async fn save_timezone(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(input): JsonBody<TimezoneInput>,
) -> ApiResult<Json<MessageBody>> {
    let builder_id = settings_builder(&caller, input.builder_id)?;
    if !domain::catalog::is_timezone(input.timezone) {
        return Err(ApiError::field("timezone", "Timezone is required"));
    }
    db::settings::set_timezone(&state.db, builder_id, input.timezone).await?;
    Ok(Json(MessageBody::new("Timezone Saved!")))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PreviewQuery {
    #[serde(rename = "builderId")]
    pub builder_id: Option<i64>,
    /// A community whose values fill the community variables.
    #[serde(rename = "communityId")]
    pub community_id: Option<i64>,
    /// A home whose values fill the property variables (and its community's).
    #[serde(rename = "propertyId")]
    pub property_id: Option<i64>,
}

/// The values the message variables take for a builder and, when chosen, one of its communities
/// and one of its homes.
#[derive(Debug, Serialize, ToSchema)]
pub struct VariableValues {
    pub values: BTreeMap<String, String>,
}

#[utoipa::path(get, path = "/api/builders/settings/messaging/preview", tag = "settings", params(PreviewQuery),
    responses((status = 200, body = VariableValues), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
pub async fn messaging_preview(
    State(state): State<AppState>,
    caller: Caller,
    QueryParams(query): QueryParams<PreviewQuery>,
) -> ApiResult<Json<VariableValues>> {
    caller.require_console()?;
    let builder_id = caller
        .target_builder(query.builder_id)
        .map_err(|_| ApiError::not_found())?;
    let settings = db::settings::get(&state.db, &caller.scope, builder_id)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let mut values = BTreeMap::new();
    values.insert("company_name".to_string(), settings.builder_name.clone());
    if let Some(v) = settings.marketing_name.clone() {
        values.insert("company_marketing_name".into(), v);
    }
    if let Some(v) = settings.legal_name.clone() {
        values.insert("company_legal_name".into(), v);
    }
    if let Some(id) = query.community_id {
        let community = db::communities::get(&state.db, &caller.scope, id)
            .await?
            .filter(|c| c.builder_id == builder_id)
            .ok_or_else(ApiError::not_found)?;
        values.insert("community_name".into(), community.fields.name);
        values.insert(
            "community_sales_phone_number".into(),
            community.fields.sales_agent,
        );
        if let Some(url) = community.fields.community_url {
            values.insert("community_url".into(), url);
        }
    }
    if let Some(id) = query.property_id {
        let property = db::properties::get(&state.db, &caller.scope, id)
            .await?
            .filter(|p| p.builder_id == builder_id)
            .ok_or_else(ApiError::not_found)?;
        values.insert("property_address".into(), property.fields.address_1);
        values.insert(
            "property_subdivision".into(),
            property
                .fields
                .subdivision
                .unwrap_or_else(|| property.community.clone()),
        );
        values.insert("property_city".into(), property.fields.city);
        values.insert("property_state".into(), property.fields.state);
        if let Some(v) = property.fields.marketing_name {
            values.insert("property_marketing_name".into(), v);
        }
        if let Some(v) = property.fields.house_num {
            values.insert("property_lot_number".into(), v);
        }
        values
            .entry("community_name".into())
            .or_insert(property.community);
    }
    Ok(Json(VariableValues { values }))
}
