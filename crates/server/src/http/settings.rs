//! Builder settings (spec 3: Company settings, Disclosures, Messaging, time zone).

use axum::extract::{Path, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use db::settings::{BuilderSettings, Messages};
use domain::messaging::{check_messages, MessageSetting};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::app::{AppState, JsonBody, QueryParams};
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::http::MessageBody;

pub const DISCLOSURE_LIMIT: usize = 65_000;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/builders/settings/{id}", get(get_settings))
        .route("/builders/settings/disclosures", post(save_disclosures))
        .route("/builders/settings/messaging", post(save_messaging))
        .route("/builders/timezone", get(get_timezone).post(save_timezone))
}

/// Which builder a settings call is about: the one named (enterprise users choose), else the
/// session's builder.
#[derive(Debug, Deserialize, IntoParams)]
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

#[utoipa::path(get, path = "/api/builders/settings/{id}", tag = "settings", params(("id" = i64, Path)),
    responses((status = 200, body = BuilderSettings), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
pub async fn get_settings(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
) -> ApiResult<Json<BuilderSettings>> {
    caller.require_console()?;
    Ok(Json(
        db::settings::get(&state.db, &caller.scope, id)
            .await?
            .ok_or_else(ApiError::not_found)?,
    ))
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

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct Timezone {
    /// 51 Denver, 52 New York, 53 Chicago, 54 Los Angeles.
    pub timezone: i64,
    #[serde(default, skip_serializing)]
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
        builder_id: None,
    }))
}

#[utoipa::path(post, path = "/api/builders/timezone", tag = "settings", request_body = Timezone,
    responses((status = 200, body = MessageBody), (status = 422, body = ErrorBody)), security(("bearer" = [])))]
pub async fn save_timezone(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(input): JsonBody<Timezone>,
) -> ApiResult<Json<MessageBody>> {
    let builder_id = settings_builder(&caller, input.builder_id)?;
    if !domain::catalog::is_timezone(input.timezone) {
        return Err(ApiError::field("timezone", "Timezone is required"));
    }
    db::settings::set_timezone(&state.db, builder_id, input.timezone).await?;
    Ok(Json(MessageBody::new("Timezone Saved!")))
}
