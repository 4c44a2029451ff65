//! API keys (Account › API Keys): a builder's OAuth clients, and the client-credentials grant
//! that turns one into a short-lived bearer token for the public API (docs/api.md).

use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Form, Json, Router};
use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use base64::Engine as _;
use db::oauth_clients::OAuthClientRow;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::{sha256_hex, Caller, CLIENT_TOKEN_TTL_SECS};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::JsonBody;
use crate::http::MessageBody;
use crate::state::AppState;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route(
            "/auth/oauth_clients",
            get(list_clients).post(create_client).delete(remove_client),
        )
        .route("/oauth/token", post(token))
}

/// A new client, with its secret: shown this once, never again.
#[derive(Debug, Serialize, ToSchema)]
pub struct NewOAuthClient {
    pub id: i64,
    pub client_id: String,
    pub client_secret: String,
    pub created_at: chrono::DateTime<chrono::Utc>,
    pub user_id: i64,
    #[serde(rename = "clientId")]
    pub client_id_camel: String,
    #[serde(rename = "clientSecret")]
    pub client_secret_camel: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct RemoveOAuthClient {
    #[serde(rename = "clientId")]
    pub client_id: String,
    /// When given, the client is removed only if this is its secret.
    #[serde(default, rename = "clientSecret")]
    pub client_secret: Option<String>,
}

/// The builder whose keys the caller manages: the session's.
fn keys_builder(caller: &Caller) -> ApiResult<i64> {
    caller.require_console()?;
    caller
        .builder_id()
        .ok_or_else(|| ApiError::BadRequest("Choose a builder first".into()))
}

#[utoipa::path(get, path = "/api/auth/oauth_clients", tag = "account",
    responses((status = 200, body = [OAuthClientRow])), security(("bearer" = [])))]
pub async fn list_clients(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<Vec<OAuthClientRow>>> {
    let builder = keys_builder(&caller)?;
    Ok(Json(
        db::oauth_clients::of_builder(&state.db, builder).await?,
    ))
}

#[utoipa::path(post, path = "/api/auth/oauth_clients", tag = "account",
    responses((status = 201, body = NewOAuthClient)), security(("bearer" = [])))]
pub async fn create_client(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<(StatusCode, Json<NewOAuthClient>)> {
    let builder = keys_builder(&caller)?;
    let id_bytes: [u8; 12] = rand::random();
    let secret_bytes: [u8; 32] = rand::random();
    let client_id = format!("td_{}", URL_SAFE_NO_PAD.encode(id_bytes));
    let secret = URL_SAFE_NO_PAD.encode(secret_bytes);
    let row = db::oauth_clients::create(
        &state.db,
        builder,
        caller.user.user_id,
        &client_id,
        &sha256_hex(&secret),
        state.hardware.now(),
    )
    .await?;
    Ok((
        StatusCode::CREATED,
        Json(NewOAuthClient {
            id: row.id,
            client_id: row.client_id.clone(),
            client_secret: secret.clone(),
            created_at: row.created_at,
            user_id: row.user_id,
            client_id_camel: row.client_id,
            client_secret_camel: secret,
        }),
    ))
}

#[utoipa::path(delete, path = "/api/auth/oauth_clients", tag = "account", request_body = RemoveOAuthClient,
    responses((status = 200, body = MessageBody), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
pub async fn remove_client(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(request): JsonBody<RemoveOAuthClient>,
) -> ApiResult<Json<MessageBody>> {
    caller.require_console()?;
    let secret_hash = request.client_secret.as_deref().map(sha256_hex);
    if !db::oauth_clients::remove(
        &state.db,
        &caller.scope,
        request.client_id.trim(),
        secret_hash.as_deref(),
    )
    .await?
    {
        return Err(ApiError::not_found());
    }
    Ok(Json(MessageBody::new("API key removed")))
}

/// A token request of the client-credentials grant (RFC 6749 §4.4), form-encoded; the client
/// authenticates by HTTP Basic or by these fields.
#[derive(Debug, Deserialize, ToSchema)]
pub struct TokenRequest {
    pub grant_type: Option<String>,
    pub client_id: Option<String>,
    pub client_secret: Option<String>,
    /// Scopes are not used: a token reaches the whole public API.
    pub scope: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TokenAnswer {
    pub access_token: String,
    /// Always `Bearer`.
    pub token_type: String,
    pub expires_in: i64,
}

/// An error answer of RFC 6749 §5.2.
#[derive(Debug, Serialize, ToSchema)]
pub struct TokenError {
    pub error: String,
    pub error_description: String,
}

fn token_error(status: StatusCode, error: &str, description: &str) -> Response {
    let mut answer = (
        status,
        Json(TokenError {
            error: error.into(),
            error_description: description.into(),
        }),
    )
        .into_response();
    let headers = answer.headers_mut();
    headers.insert(header::CACHE_CONTROL, "no-store".parse().expect("a header"));
    if status == StatusCode::UNAUTHORIZED {
        headers.insert(
            header::WWW_AUTHENTICATE,
            "Basic realm=\"tourdesk\"".parse().expect("a header"),
        );
    }
    answer
}

/// The client id and secret of an HTTP Basic header (each form-urlencoded, RFC 6749 §2.3.1).
fn basic_credentials(headers: &HeaderMap) -> Option<(String, String)> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, encoded) = value.trim().split_once(' ')?;
    if !scheme.eq_ignore_ascii_case("basic") {
        return None;
    }
    let decoded = String::from_utf8(STANDARD.decode(encoded.trim()).ok()?).ok()?;
    let (id, secret) = decoded.split_once(':')?;
    let unescape = |s: &str| {
        url::form_urlencoded::parse(format!("v={s}").as_bytes())
            .next()
            .map(|(_, v)| v.into_owned())
    };
    Some((unescape(id)?, unescape(secret)?))
}

#[utoipa::path(post, path = "/api/oauth/token", tag = "account",
    request_body(content = TokenRequest, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = TokenAnswer), (status = 400, body = TokenError), (status = 401, body = TokenError)))]
/// The client-credentials grant: an API key's id and secret for a bearer token of an hour, bound
/// to the key's builder.
pub async fn token(
    State(state): State<AppState>,
    headers: HeaderMap,
    form: Result<Form<TokenRequest>, axum::extract::rejection::FormRejection>,
) -> Response {
    let Ok(Form(request)) = form else {
        return token_error(
            StatusCode::BAD_REQUEST,
            "invalid_request",
            "Send the request form-encoded (application/x-www-form-urlencoded)",
        );
    };
    if request.grant_type.as_deref() != Some("client_credentials") {
        return token_error(
            StatusCode::BAD_REQUEST,
            if request.grant_type.is_none() {
                "invalid_request"
            } else {
                "unsupported_grant_type"
            },
            "Only grant_type=client_credentials is supported",
        );
    }
    let credentials = match (basic_credentials(&headers), &request.client_id) {
        (Some(_), Some(_)) => {
            return token_error(
                StatusCode::BAD_REQUEST,
                "invalid_request",
                "Authenticate the client one way only: HTTP Basic or form fields",
            )
        }
        (Some(basic), None) => Some(basic),
        (None, Some(id)) => request
            .client_secret
            .clone()
            .map(|secret| (id.clone(), secret)),
        (None, None) => None,
    };
    let Some((client_id, secret)) = credentials else {
        return token_error(
            StatusCode::UNAUTHORIZED,
            "invalid_client",
            "The client's id and secret are missing",
        );
    };
    let grant = match db::oauth_clients::by_client_id(&state.db, &client_id).await {
        Ok(grant) => grant,
        Err(error) => return ApiError::from(error).into_response(),
    };
    let given = sha256_hex(&secret);
    let Some(grant) = grant.filter(|g| {
        use subtle::ConstantTimeEq as _;
        bool::from(g.secret_hash.as_bytes().ct_eq(given.as_bytes()))
    }) else {
        return token_error(
            StatusCode::UNAUTHORIZED,
            "invalid_client",
            "No API key has that id and secret",
        );
    };
    let mut answer = Json(TokenAnswer {
        access_token: crate::auth::issue_client_token(&state.tokens, grant.id),
        token_type: "Bearer".into(),
        expires_in: CLIENT_TOKEN_TTL_SECS,
    })
    .into_response();
    answer
        .headers_mut()
        .insert(header::CACHE_CONTROL, "no-store".parse().expect("a header"));
    answer
}
