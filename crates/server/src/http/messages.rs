//! Messages: the outbox every mail and text goes through, for platform admins, and the replies
//! visitors text back, which the gateway forwards here signed (a STOP ends their texts).

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::IntoResponse;
use axum::routing::{get, post};
use axum::{Json, Router};
use db::messages::{OutboxRow, OUTBOX};
use db::Page;
use domain::messaging::{reply_intent, Reply};

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::exports::ListParams;
use crate::extract::QueryParams;
use crate::state::AppState;

/// Where the gateway forwards replies, below the console's public address.
pub const INBOUND_PATH: &str = "/api/sms/inbound";

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/outbox", get(outbox))
        .route("/sms/inbound", post(inbound))
}

#[utoipa::path(get, path = "/api/outbox", tag = "messages", params(ListParams),
    responses((status = 200, body = Page<OutboxRow>), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
/// Every mail and text the server sent or is sending, with the channel it left by and how it
/// went, newest first (platform admins).
pub async fn outbox(
    State(state): State<AppState>,
    caller: Caller,
    QueryParams(params): QueryParams<ListParams>,
) -> ApiResult<Json<Page<OutboxRow>>> {
    caller.require_admin()?;
    Ok(Json(
        params
            .page::<OutboxRow>(&OUTBOX, &state.db, &db::Scope::All)
            .await?,
    ))
}

/// The empty reply the gateway expects: we answer nothing by text (the carrier confirms a STOP).
const EMPTY_REPLY: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Response></Response>";

#[utoipa::path(post, path = "/api/sms/inbound", tag = "messages",
    request_body(content = String, content_type = "application/x-www-form-urlencoded",
        description = "The gateway's form: From, To, Body and the rest of its fields"),
    responses((status = 200, description = "Taken", content_type = "text/xml", body = String),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
/// A text a visitor sent back, forwarded by the gateway and signed with its auth token
/// (`X-Twilio-Signature`). STOP (or UNSUBSCRIBE, CANCEL, END, QUIT) ends texts to the number;
/// START takes it back. Anything else is logged.
pub async fn inbound(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<impl IntoResponse> {
    let Some(gateway) = &state.settings.sms_gateway else {
        return Err(ApiError::NotFound("Text replies are not taken here".into()));
    };
    let params: Vec<(String, String)> = serde_urlencoded::from_bytes(&body)
        .map_err(|_| ApiError::field("Body", "The form could not be read"))?;
    let url = format!("{}{INBOUND_PATH}", state.settings.public_url);
    let signature = headers
        .get("x-twilio-signature")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    if !crate::notify::signature_valid(&gateway.auth_token, &url, &params, signature) {
        return Err(ApiError::Forbidden("The signature does not match".into()));
    }
    let field = |name: &str| {
        params
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .unwrap_or_default()
    };
    let Some(from) = domain::messaging::e164(field("From")) else {
        return Err(ApiError::field("From", "From is not a phone number"));
    };
    match reply_intent(field("Body")) {
        Reply::OptOut => {
            db::messages::opt_out(&state.db, &from, state.hardware.now()).await?;
            tracing::info!(%from, "a number replied STOP: no more texts to it");
        }
        Reply::OptIn => {
            db::messages::opt_in(&state.db, &from).await?;
            tracing::info!(%from, "a number replied START: texts to it again");
        }
        Reply::Other => tracing::info!(%from, body = %field("Body"), "a reply by text"),
    }
    Ok((
        StatusCode::OK,
        [(header::CONTENT_TYPE, "text/xml")],
        EMPTY_REPLY,
    ))
}
