//! Webhooks: the list, add/edit, delete of selected rows (spec 3: Webhooks), and each
//! webhook's delivery log with Replay and a test event (docs/webhooks.md).

use crate::extract::Path;
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use db::webhooks::{DeliveryRow, WebhookInput as SavedWebhook, WebhookRow, WEBHOOKS};
use db::Page;
use domain::webhooks::{check_webhook, DEFAULT_CONTENT_TYPE, MSG_EVENT_TYPE_TAKEN};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::exports::ListParams;
use crate::extract::{JsonBody, QueryParams};
use crate::http::{Created, MessageBody};
use crate::state::AppState;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/webhooks", get(list).delete(delete))
        .route("/webhooks/add", post(create))
        .route("/webhooks/secret", get(secret))
        .route("/webhooks/{id}", get(get_webhook).post(update))
        .route("/webhooks/{id}/deliveries", get(deliveries))
        .route("/webhooks/{id}/test", post(send_test))
        .route("/webhooks/{id}/deliveries/{delivery}/replay", post(replay))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct WebhookInput {
    /// Where deliveries are posted: http or https.
    #[serde(default)]
    pub payload_url: String,
    /// json (the default), html or plain.
    #[serde(default)]
    pub content_type: Option<String>,
    /// tours.enable, tours.disable, on.demand.tours or scheduled.tours; one webhook per type.
    #[serde(default)]
    pub event_type: String,
    /// Signs every delivery; `whsec_` and base64 as Standard Webhooks libraries take it. Left
    /// out, an edit keeps the saved one; empty, it removes it. Answers never show it whole.
    #[serde(default)]
    pub secret: Option<String>,
    /// The builder (program managers of several builders and enterprise users).
    #[serde(default)]
    pub builder_id: Option<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct DeleteWebhooks {
    pub ids: Vec<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct WebhookSecret {
    pub secret: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DeliveryQueued {
    pub message: String,
    pub id: i64,
}

async fn webhook_in_scope(state: &AppState, caller: &Caller, id: i64) -> ApiResult<WebhookRow> {
    db::webhooks::get(&state.db, &caller.scope, id)
        .await?
        .ok_or_else(ApiError::not_found)
}

/// Checks a webhook's form, where its address points and that its event type is free; the
/// settings to save.
async fn checked<'a>(
    state: &AppState,
    input: &'a WebhookInput,
    builder_id: i64,
    id: Option<i64>,
) -> ApiResult<SavedWebhook<'a>> {
    let saved = SavedWebhook {
        payload_url: input.payload_url.trim(),
        content_type: input
            .content_type
            .as_deref()
            .map(str::trim)
            .unwrap_or(DEFAULT_CONTENT_TYPE),
        event_type: input.event_type.trim(),
        secret: input.secret.as_deref().map(str::trim),
    };
    ApiError::check(check_webhook(
        saved.payload_url,
        saved.content_type,
        saved.event_type,
        saved.secret.unwrap_or_default(),
    ))?;
    if let Err(refused) = state
        .hardware
        .outbound
        .check_address(saved.payload_url)
        .await
    {
        return Err(ApiError::field("payload_url", refused));
    }
    if db::webhooks::event_type_taken(&state.db, builder_id, saved.event_type, id).await? {
        return Err(ApiError::field("event_type", MSG_EVENT_TYPE_TAKEN));
    }
    Ok(saved)
}

#[utoipa::path(get, path = "/api/webhooks", tag = "webhooks", params(ListParams),
    responses((status = 200, body = Page<WebhookRow>), (status = 422, body = ErrorBody)), security(("bearer" = [])))]
pub async fn list(
    State(state): State<AppState>,
    caller: Caller,
    QueryParams(params): QueryParams<ListParams>,
) -> ApiResult<Json<Page<WebhookRow>>> {
    caller.require_console()?;
    Ok(Json(
        params
            .page::<WebhookRow>(&WEBHOOKS, &state.db, &caller.scope)
            .await?,
    ))
}

#[utoipa::path(get, path = "/api/webhooks/secret", tag = "webhooks",
    responses((status = 200, body = WebhookSecret)), security(("bearer" = [])))]
pub async fn secret(caller: Caller) -> ApiResult<Json<WebhookSecret>> {
    caller.require_console()?;
    Ok(Json(WebhookSecret {
        secret: crate::webhooks::new_secret(),
    }))
}

#[utoipa::path(get, path = "/api/webhooks/{id}", tag = "webhooks", params(("id" = i64, Path)),
    responses((status = 200, body = WebhookRow), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
pub async fn get_webhook(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
) -> ApiResult<Json<WebhookRow>> {
    caller.require_console()?;
    Ok(Json(webhook_in_scope(&state, &caller, id).await?))
}

#[utoipa::path(post, path = "/api/webhooks/add", tag = "webhooks", request_body = WebhookInput,
    responses((status = 201, body = Created), (status = 422, body = ErrorBody)), security(("bearer" = [])))]
pub async fn create(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(input): JsonBody<WebhookInput>,
) -> ApiResult<(StatusCode, Json<Created>)> {
    caller.require_console()?;
    let builder_id = caller.target_builder(input.builder_id)?;
    let saved = checked(&state, &input, builder_id, None).await?;
    let id = match db::webhooks::create(&state.db, builder_id, &saved, state.hardware.now()).await {
        Ok(id) => id,
        // Another save took the type between the check and this one.
        Err(db::Error::Database(e)) if e.is_unique_violation() => {
            return Err(ApiError::field("event_type", MSG_EVENT_TYPE_TAKEN))
        }
        Err(e) => return Err(e.into()),
    };
    Ok(Created::answer("Webhook created", id))
}

#[utoipa::path(post, path = "/api/webhooks/{id}", tag = "webhooks", params(("id" = i64, Path)), request_body = WebhookInput,
    responses((status = 200, body = MessageBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn update(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
    JsonBody(input): JsonBody<WebhookInput>,
) -> ApiResult<Json<MessageBody>> {
    caller.require_console()?;
    let webhook = webhook_in_scope(&state, &caller, id).await?;
    let saved = checked(&state, &input, webhook.builder_id, Some(id)).await?;
    match db::webhooks::update(&state.db, &caller.scope, id, &saved, state.hardware.now()).await {
        Ok(true) => Ok(Json(MessageBody::new("Webhook updated"))),
        Ok(false) => Err(ApiError::not_found()),
        Err(db::Error::Database(e)) if e.is_unique_violation() => {
            Err(ApiError::field("event_type", MSG_EVENT_TYPE_TAKEN))
        }
        Err(e) => Err(e.into()),
    }
}

#[utoipa::path(delete, path = "/api/webhooks", tag = "webhooks", request_body = DeleteWebhooks,
    responses((status = 200, body = MessageBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn delete(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(request): JsonBody<DeleteWebhooks>,
) -> ApiResult<Json<MessageBody>> {
    caller.require_console()?;
    let delete = db::webhooks::delete_in_scope(&state.db, &caller.scope, &request.ids);
    crate::http::delete_selected("ids", "webhook", &request.ids, delete).await
}

#[utoipa::path(get, path = "/api/webhooks/{id}/deliveries", tag = "webhooks", params(("id" = i64, Path)),
    responses((status = 200, body = [DeliveryRow]), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
pub async fn deliveries(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
) -> ApiResult<Json<Vec<DeliveryRow>>> {
    caller.require_console()?;
    webhook_in_scope(&state, &caller, id).await?;
    Ok(Json(db::webhooks::log(&state.db, id).await?))
}

#[utoipa::path(post, path = "/api/webhooks/{id}/test", tag = "webhooks", params(("id" = i64, Path)),
    responses((status = 202, body = DeliveryQueued), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
pub async fn send_test(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
) -> ApiResult<(StatusCode, Json<DeliveryQueued>)> {
    caller.require_console()?;
    let webhook = webhook_in_scope(&state, &caller, id).await?;
    let random: u64 = rand::random();
    let message_id = format!("msg_test_{random:016x}");
    let data = domain::webhooks::sample_data(&webhook.event_type);
    let delivery = db::webhooks::queue_test(
        &state.db,
        &webhook,
        &message_id,
        &data,
        state.hardware.now(),
    )
    .await?;
    Ok((
        StatusCode::ACCEPTED,
        Json(DeliveryQueued {
            message: "Test event sent".into(),
            id: delivery,
        }),
    ))
}

#[utoipa::path(post, path = "/api/webhooks/{id}/deliveries/{delivery}/replay", tag = "webhooks",
    params(("id" = i64, Path), ("delivery" = i64, Path)),
    responses((status = 202, body = MessageBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)),
    security(("bearer" = [])))]
/// Sends a delivered or failed delivery again; one still being tried answers 409.
pub async fn replay(
    State(state): State<AppState>,
    caller: Caller,
    Path((id, delivery)): Path<(i64, i64)>,
) -> ApiResult<(StatusCode, Json<MessageBody>)> {
    caller.require_console()?;
    webhook_in_scope(&state, &caller, id).await?;
    match db::webhooks::replay(&state.db, id, delivery, state.hardware.now()).await? {
        db::webhooks::Replayed::Queued => Ok((
            StatusCode::ACCEPTED,
            Json(MessageBody::new("Delivery sent again")),
        )),
        db::webhooks::Replayed::StillPending => Err(ApiError::Conflict {
            message: "This delivery is still being tried: replay it once it is delivered or failed"
                .into(),
            suggested_username: None,
        }),
        db::webhooks::Replayed::NotFound => Err(ApiError::not_found()),
    }
}
