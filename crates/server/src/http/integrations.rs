//! Integrations (spec 3: Integrations, Builder feed settings): the catalogue with the builder's
//! state of each, requests for new ones, the listing feed's settings and its sync
//! (docs/integrations.md).

use crate::extract::Path;
use axum::extract::{DefaultBodyLimit, FromRequest, Multipart, Request, State};
use axum::http::StatusCode;
use axum::routing::{get, patch, post};
use axum::{Json, Router};
use db::feeds::FeedSettings;
use db::integrations::{Change, Integration, IntegrationRequest};
use domain::feeds::{check_settings, FeedSettingsForm, SOURCE_BDX};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{JsonBody, QueryParams};
use crate::feeds::{FeedWriter, SyncError, SyncReport, FEED_LIMIT};
use crate::http::settings::{settings_builder, BuilderChoice};
use crate::http::MessageBody;
use crate::state::AppState;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/integrations", patch(set_several))
        .route("/integrations/list", get(list))
        .route("/integrations/request", post(request))
        .route("/integrations/requests", get(requests))
        .route("/integrations/{id}", get(get_one).patch(set_one))
        .route("/builders/integrations", get(active))
        .route("/builders/feedSettings", post(save_feed_settings))
        .route("/builders/feedSettings/{id}", get(feed_settings))
        .route(
            "/scheduler/syncFeed",
            post(sync_feed).layer(DefaultBodyLimit::max(FEED_LIMIT as usize + 1024 * 1024)),
        )
}

/// The builder an integrations call reads: the one named (enterprise users), else the caller's.
fn reading_builder(caller: &Caller, requested: Option<i64>) -> ApiResult<i64> {
    caller.require_console()?;
    match requested.filter(|id| *id != 0) {
        Some(id) if !caller.scope.allows(id) => Err(ApiError::not_found()),
        requested => caller.target_builder(requested),
    }
}

#[utoipa::path(get, path = "/api/integrations/list", tag = "integrations", params(BuilderChoice),
    responses((status = 200, body = [Integration])), security(("bearer" = [])))]
pub async fn list(
    State(state): State<AppState>,
    caller: Caller,
    QueryParams(choice): QueryParams<BuilderChoice>,
) -> ApiResult<Json<Vec<Integration>>> {
    let builder = reading_builder(&caller, choice.builder_id)?;
    Ok(Json(db::integrations::list(&state.db, builder).await?))
}

/// The builder's integrations that are on.
#[utoipa::path(get, path = "/api/builders/integrations", tag = "integrations", params(BuilderChoice),
    responses((status = 200, body = [Integration])), security(("bearer" = [])))]
pub async fn active(
    State(state): State<AppState>,
    caller: Caller,
    QueryParams(choice): QueryParams<BuilderChoice>,
) -> ApiResult<Json<Vec<Integration>>> {
    let builder = reading_builder(&caller, choice.builder_id)?;
    let all = db::integrations::list(&state.db, builder).await?;
    Ok(Json(all.into_iter().filter(|i| i.is_active).collect()))
}

#[utoipa::path(get, path = "/api/integrations/{id}", tag = "integrations",
    params(("id" = i64, Path), BuilderChoice),
    responses((status = 200, body = Integration), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
pub async fn get_one(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
    QueryParams(choice): QueryParams<BuilderChoice>,
) -> ApiResult<Json<Integration>> {
    let builder = reading_builder(&caller, choice.builder_id)?;
    db::integrations::get(&state.db, builder, id)
        .await?
        .map(Json)
        .ok_or_else(ApiError::not_found)
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct IntegrationState {
    #[serde(rename = "isActive")]
    pub is_active: bool,
    /// Digits, or empty for none; left out keeps the saved one.
    #[serde(default)]
    pub project_id: Option<serde_json::Value>,
    #[serde(default)]
    pub builder_id: Option<i64>,
}

fn project_id(value: Option<&serde_json::Value>) -> ApiResult<Option<i64>> {
    let invalid = || ApiError::field("project_id", domain::community::MSG_DIGITS_ONLY);
    match value {
        None | Some(serde_json::Value::Null) => Ok(None),
        Some(serde_json::Value::Number(n)) => {
            n.as_i64().filter(|n| *n >= 0).map(Some).ok_or_else(invalid)
        }
        Some(serde_json::Value::String(s)) => {
            domain::community::project_id(s).map_err(|_| invalid())
        }
        Some(_) => Err(invalid()),
    }
}

#[utoipa::path(patch, path = "/api/integrations/{id}", tag = "integrations", params(("id" = i64, Path)),
    request_body = IntegrationState,
    responses((status = 200, body = Integration), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody)), security(("bearer" = [])))]
pub async fn set_one(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
    JsonBody(input): JsonBody<IntegrationState>,
) -> ApiResult<Json<Integration>> {
    let builder = settings_builder(&caller, input.builder_id)?;
    let change = Change {
        id,
        is_active: input.is_active,
        project_id: project_id(input.project_id.as_ref())?,
    };
    if !db::integrations::set(&state.db, builder, &[change], &caller.user.username).await? {
        return Err(ApiError::not_found());
    }
    db::integrations::get(&state.db, builder, id)
        .await?
        .map(Json)
        .ok_or_else(ApiError::not_found)
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct IntegrationChange {
    pub id: i64,
    #[serde(rename = "isActive")]
    pub is_active: bool,
    #[serde(default)]
    pub project_id: Option<serde_json::Value>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct IntegrationChanges {
    pub integrations: Vec<IntegrationChange>,
    #[serde(default)]
    pub builder_id: Option<i64>,
}

/// Sets several integrations at once: all of them, or none when one is unknown.
#[utoipa::path(patch, path = "/api/integrations", tag = "integrations", request_body = IntegrationChanges,
    responses((status = 200, body = [Integration]), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody)), security(("bearer" = [])))]
pub async fn set_several(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(input): JsonBody<IntegrationChanges>,
) -> ApiResult<Json<Vec<Integration>>> {
    let builder = settings_builder(&caller, input.builder_id)?;
    let changes = input
        .integrations
        .iter()
        .map(|c| {
            Ok(Change {
                id: c.id,
                is_active: c.is_active,
                project_id: project_id(c.project_id.as_ref())?,
            })
        })
        .collect::<ApiResult<Vec<Change>>>()?;
    if !db::integrations::set(&state.db, builder, &changes, &caller.user.username).await? {
        return Err(ApiError::not_found());
    }
    Ok(Json(db::integrations::list(&state.db, builder).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct IntegrationRequestInput {
    /// What the builder asks for.
    #[serde(default)]
    pub message: String,
    /// The integration's name.
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub builder_id: Option<i64>,
}

const REQUEST_MAX: usize = 2000;

/// Asks the platform for an integration: the request is kept and the platform admins mailed.
#[utoipa::path(post, path = "/api/integrations/request", tag = "integrations", request_body = IntegrationRequestInput,
    responses((status = 201, body = MessageBody), (status = 422, body = ErrorBody)), security(("bearer" = [])))]
pub async fn request(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(input): JsonBody<IntegrationRequestInput>,
) -> ApiResult<(StatusCode, Json<MessageBody>)> {
    let builder = reading_builder(&caller, input.builder_id)?;
    let (name, message) = (input.name.trim(), input.message.trim());
    let mut errors = std::collections::BTreeMap::new();
    if name.is_empty() {
        errors.insert("name".to_string(), "Required field".to_string());
    } else if name.chars().count() > 100 {
        errors.insert("name".into(), "At most 100 characters".into());
    }
    if message.is_empty() {
        errors.insert("message".into(), "Required field".into());
    } else if message.chars().count() > REQUEST_MAX {
        errors.insert(
            "message".into(),
            format!("At most {REQUEST_MAX} characters"),
        );
    }
    ApiError::check(errors)?;
    let author = format!("{} {}", caller.user.firstname, caller.user.lastname);
    db::integrations::request(&state.db, builder, name, message, author.trim()).await?;
    Ok((
        StatusCode::CREATED,
        Json(MessageBody {
            message: "Your request has been sent".into(),
        }),
    ))
}

/// The builder's requests, newest first.
#[utoipa::path(get, path = "/api/integrations/requests", tag = "integrations", params(BuilderChoice),
    responses((status = 200, body = [IntegrationRequest])), security(("bearer" = [])))]
pub async fn requests(
    State(state): State<AppState>,
    caller: Caller,
    QueryParams(choice): QueryParams<BuilderChoice>,
) -> ApiResult<Json<Vec<IntegrationRequest>>> {
    let builder = reading_builder(&caller, choice.builder_id)?;
    Ok(Json(db::integrations::requests(&state.db, builder).await?))
}

/// A builder's feed settings as answered: the password never, only whether one is saved.
#[derive(Debug, Serialize, ToSchema)]
pub struct FeedSettingsView {
    pub builder_id: i64,
    pub feed_source: String,
    pub feed_url: Option<String>,
    pub feed_username: Option<String>,
    /// Whether a password is saved (it is never answered).
    pub feed_password_saved: bool,
    pub company_code: Option<String>,
    pub add_communities_active: bool,
    /// The fields a sync writes, the required ones always among them.
    pub feed_fields: Vec<String>,
    /// Whether the settings were ever saved (if not, these are the defaults).
    pub saved: bool,
    pub last_sync_on: Option<chrono::DateTime<chrono::Utc>>,
    /// The last sync's answer, when it ran.
    pub last_sync: Option<SyncReport>,
    /// Why the last (nightly) sync did not run, when it did not.
    pub last_sync_error: Option<String>,
}

fn written_names(chosen: &[String]) -> Vec<String> {
    domain::feeds::fields_written(chosen)
        .into_iter()
        .map(|f| f.name().to_string())
        .collect()
}

/// A kept sync's answer, or the error it ended with.
#[derive(Deserialize)]
#[serde(untagged)]
enum KeptSync {
    Failed { error: String },
    Ran(SyncReport),
}

fn view(builder_id: i64, settings: Option<FeedSettings>) -> FeedSettingsView {
    match settings {
        Some(s) => {
            let kept = s
                .last_sync
                .as_deref()
                .and_then(|t| serde_json::from_str::<KeptSync>(t).ok());
            let (last_sync, last_sync_error) = match kept {
                Some(KeptSync::Ran(report)) => (Some(report), None),
                Some(KeptSync::Failed { error }) => (None, Some(error)),
                None => (None, None),
            };
            FeedSettingsView {
                builder_id,
                feed_fields: written_names(&s.fields()),
                feed_source: s.feed_source,
                feed_url: s.feed_url,
                feed_username: s.feed_username,
                feed_password_saved: s.feed_password.is_some_and(|p| !p.is_empty()),
                company_code: s.company_code,
                add_communities_active: s.add_communities_active,
                saved: true,
                last_sync_on: s.last_sync_on,
                last_sync,
                last_sync_error,
            }
        }
        None => FeedSettingsView {
            builder_id,
            feed_source: SOURCE_BDX.into(),
            feed_url: None,
            feed_username: None,
            feed_password_saved: false,
            company_code: None,
            add_communities_active: false,
            feed_fields: written_names(&[]),
            saved: false,
            last_sync_on: None,
            last_sync: None,
            last_sync_error: None,
        },
    }
}

#[utoipa::path(get, path = "/api/builders/feedSettings/{id}", tag = "integrations", params(("id" = i64, Path)),
    responses((status = 200, body = FeedSettingsView), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn feed_settings(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
) -> ApiResult<Json<FeedSettingsView>> {
    let builder = settings_builder(&caller, Some(id))?;
    Ok(Json(view(
        builder,
        db::feeds::get(&state.db, builder).await?,
    )))
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct FeedSettingsInput {
    #[serde(default)]
    pub builder_id: Option<i64>,
    #[serde(default)]
    pub feed_source: String,
    #[serde(default)]
    pub feed_url: Option<String>,
    #[serde(default)]
    pub feed_username: Option<String>,
    /// Left out or empty, the saved password is kept.
    #[serde(default)]
    pub feed_password: Option<String>,
    #[serde(default)]
    pub company_code: Option<String>,
    #[serde(default)]
    pub add_communities_active: bool,
    #[serde(default)]
    pub feed_fields: Vec<String>,
}

fn trimmed(value: &Option<String>) -> Option<String> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_string)
}

/// Checks a settings form and where its address points; the settings it makes.
async fn checked(
    state: &AppState,
    builder_id: i64,
    input: &FeedSettingsInput,
) -> ApiResult<FeedSettings> {
    let password = input.feed_password.clone().filter(|p| !p.is_empty());
    let url = trimmed(&input.feed_url);
    ApiError::check(check_settings(&FeedSettingsForm {
        feed_source: input.feed_source.trim(),
        feed_url: url.as_deref().unwrap_or(""),
        feed_username: input.feed_username.as_deref().unwrap_or(""),
        feed_password: password.as_deref().unwrap_or(""),
        company_code: input.company_code.as_deref().unwrap_or(""),
        feed_fields: &input.feed_fields,
    }))?;
    if let Some(url) = &url {
        if let Err(refused) = state.hardware.outbound.check_address(url).await {
            return Err(ApiError::field("feed_url", refused));
        }
    }
    let fields: Vec<String> = written_names(&input.feed_fields);
    Ok(FeedSettings {
        builder_id,
        feed_source: input.feed_source.trim().to_string(),
        feed_url: url,
        feed_username: trimmed(&input.feed_username),
        feed_password: password,
        company_code: trimmed(&input.company_code),
        add_communities_active: input.add_communities_active,
        feed_fields: serde_json::to_string(&fields).expect("names serialise"),
        last_sync_on: None,
        last_sync: None,
    })
}

#[utoipa::path(post, path = "/api/builders/feedSettings", tag = "integrations", request_body = FeedSettingsInput,
    responses((status = 200, body = FeedSettingsView), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody)), security(("bearer" = [])))]
pub async fn save_feed_settings(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(input): JsonBody<FeedSettingsInput>,
) -> ApiResult<Json<FeedSettingsView>> {
    let builder = settings_builder(&caller, input.builder_id)?;
    let settings = checked(&state, builder, &input).await?;
    db::feeds::save(&state.db, &settings, &caller.user.username).await?;
    Ok(Json(view(
        builder,
        db::feeds::get(&state.db, builder).await?,
    )))
}

/// A sync asked for: the builder, and settings to use instead of the saved ones (a password left
/// out is the saved one).
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct SyncFeedInput {
    #[serde(default)]
    pub builder: Option<i64>,
    #[serde(default, rename = "feedSettings")]
    pub feed_settings: Option<FeedSettingsInput>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SyncFeedAnswer {
    pub message: String,
    #[serde(flatten)]
    pub report: SyncReport,
}

/// Imports the builder's listing feed now: from its address (a JSON body), or from a file sent
/// as multipart (`file`, with `builder` and `feedSettings` as JSON text). Answers the counts of
/// homes created, updated, unchanged and rejected (each rejection with its line and reason); a
/// feed that cannot be read changes nothing and answers 422 with where it broke.
#[utoipa::path(post, path = "/api/scheduler/syncFeed", tag = "integrations", request_body = SyncFeedInput,
    responses((status = 200, body = SyncFeedAnswer), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody)), security(("bearer" = [])))]
pub async fn sync_feed(
    State(state): State<AppState>,
    caller: Caller,
    request: Request,
) -> ApiResult<Json<SyncFeedAnswer>> {
    let is_multipart = request
        .headers()
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    let (input, upload) = if is_multipart {
        let multipart = Multipart::from_request(request, &state)
            .await
            .map_err(|e| ApiError::BadRequest(e.body_text()))?;
        read_upload(multipart).await?
    } else {
        let JsonBody(input) = JsonBody::<SyncFeedInput>::from_request(request, &state).await?;
        (input, None)
    };
    let builder = settings_builder(&caller, input.builder)?;
    let saved = db::feeds::get(&state.db, builder).await?;
    let settings = match (&input.feed_settings, saved) {
        (Some(given), saved) => {
            let mut settings = checked(&state, builder, given).await?;
            if settings.feed_password.is_none() {
                settings.feed_password = saved.and_then(|s| s.feed_password);
            }
            settings
        }
        (None, Some(saved)) => saved,
        (None, None) => {
            return Err(ApiError::field(
                "feedSettings",
                "Save the feed settings before syncing",
            ))
        }
    };
    let file = match upload {
        Some(file) => file,
        None => crate::feeds::download(&state.hardware, &settings)
            .await
            .map_err(refused)?,
    };
    let report = crate::feeds::sync(&state.hardware, builder, &settings, &file)
        .await
        .map_err(refused)?;
    Ok(Json(SyncFeedAnswer {
        message: report.data.clone(),
        report,
    }))
}

fn refused(error: SyncError) -> ApiError {
    match error {
        SyncError::Refused(message) => ApiError::field("feed", message),
        SyncError::Db(error) => error.into(),
    }
}

/// The parts of a sync's upload: `builder`, `feedSettings` (JSON text) and `file`.
async fn read_upload(
    mut multipart: Multipart,
) -> ApiResult<(SyncFeedInput, Option<crate::feeds::FeedFile>)> {
    let bad = |e: axum::extract::multipart::MultipartError| ApiError::BadRequest(e.body_text());
    let mut input = SyncFeedInput::default();
    let mut file = None;
    while let Some(mut field) = multipart.next_field().await.map_err(bad)? {
        match field.name().unwrap_or_default() {
            "file" => {
                let mut writer = FeedWriter::new().map_err(refused)?;
                while let Some(chunk) = field.chunk().await.map_err(bad)? {
                    writer.write(&chunk).map_err(refused)?;
                }
                file = Some(writer.finish().map_err(refused)?);
            }
            "builder" => {
                let text = field.text().await.map_err(bad)?;
                input.builder = Some(
                    text.trim()
                        .parse()
                        .map_err(|_| ApiError::field("builder", "Builder is required field"))?,
                );
            }
            "feedSettings" => {
                let text = field.text().await.map_err(bad)?;
                input.feed_settings = Some(serde_json::from_str(&text).map_err(|_| {
                    ApiError::field("feedSettings", "The feed settings are not valid JSON")
                })?);
            }
            _ => {}
        }
    }
    if file.is_none() {
        return Err(ApiError::field("file", "Choose the feed's file"));
    }
    Ok((input, file))
}
