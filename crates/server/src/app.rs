//! The application: shared state, the router with its layers, and the request extractors that
//! turn malformed input into clear `{message}` errors.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{DefaultBodyLimit, FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{header, HeaderName, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Router;
use db::Db;
use serde::de::DeserializeOwned;
use tower_http::request_id::{
    MakeRequestId, PropagateRequestIdLayer, RequestId, SetRequestIdLayer,
};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;

use crate::auth::TokenKeys;
use crate::config::Settings;
use crate::error::ApiError;

/// JSON bodies above this size are refused with 413.
pub const BODY_LIMIT: usize = 1024 * 1024;

#[derive(Clone)]
pub struct AppState {
    pub db: Db,
    pub tokens: TokenKeys,
    pub settings: Arc<Settings>,
    pub files: crate::files::FileStore,
    pub geocoder: crate::geocode::Geocoder,
    /// Devices, their codes and the routines around them, on the server's clock.
    pub hardware: crate::hardware::Hardware,
}

/// A JSON body whose rejections answer in the API's error shape.
pub struct JsonBody<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        if !is_json(req.headers()) {
            return Err(ApiError::BadRequest(
                "Send the body as JSON with Content-Type: application/json".into(),
            ));
        }
        let bytes = axum::body::Bytes::from_request(req, state)
            .await
            .map_err(|rejection| {
                if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
                    ApiError::PayloadTooLarge
                } else {
                    ApiError::BadRequest(rejection.body_text())
                }
            })?;
        crate::input::check_json_body(&bytes)?;
        // Every body this API takes is an object; serde would read an array as a struct's
        // fields in order.
        if bytes.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'[') {
            return Err(ApiError::field("body", "The body must be a JSON object"));
        }
        match axum::Json::<T>::from_bytes(&bytes) {
            Ok(axum::Json(value)) => Ok(JsonBody(value)),
            Err(JsonRejection::JsonDataError(e)) => Err(ApiError::Validation(
                [body_data_error(&e.body_text())].into(),
            )),
            Err(JsonRejection::JsonSyntaxError(_)) => Err(ApiError::BadRequest(
                "The request body is not valid JSON".into(),
            )),
            Err(other) => Err(ApiError::BadRequest(other.body_text())),
        }
    }
}

/// `application/json`, or another `application/…+json` type, as axum's `Json` accepts.
fn is_json(headers: &axum::http::HeaderMap) -> bool {
    let Some(value) = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
    else {
        return false;
    };
    let essence = value
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    essence == "application/json"
        || (essence.starts_with("application/") && essence.ends_with("+json"))
}

/// A body value of the wrong shape is answered on its field, as other validation is. axum's
/// text names the value's path (`community.lasso_community_project_id: …`) and serde_json where
/// in the text it stood, which a form has no use for; a value with no path is the body's.
fn body_data_error(text: &str) -> (String, String) {
    let text =
        text.trim_start_matches("Failed to deserialize the JSON body into the target type: ");
    let text = match text.rfind(" at line ") {
        Some(at) if text[at..].contains(" column ") => &text[..at],
        _ => text,
    };
    let field = |path: &str| {
        let last = path.rsplit('.').next().unwrap_or(path);
        let name = last.split('[').next().unwrap_or(last);
        (!name.is_empty() && name != "?").then(|| name.to_string())
    };
    match text.split_once(": ") {
        Some((path, message)) if !path.contains(' ') => match field(path) {
            Some(name) => (name, message.to_string()),
            None => ("body".into(), message.to_string()),
        },
        _ => ("body".into(), text.to_string()),
    }
}

/// Path parameters whose rejections answer in the API's error shape: a segment that is not
/// what the call takes (`/api/teams/abc`) is a 422 under the parameter's name.
pub struct Path<T>(pub T);

impl<T: DeserializeOwned + Send, S: Send + Sync> FromRequestParts<S> for Path<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        use axum::extract::path::ErrorKind;
        use axum::extract::rejection::PathRejection;
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(value)) => Ok(Path(value)),
            Err(PathRejection::FailedToDeserializePathParams(e)) => {
                let field = match e.kind() {
                    ErrorKind::ParseErrorAtKey { key, .. }
                    | ErrorKind::InvalidUtf8InPathParam { key }
                    | ErrorKind::DeserializeError { key, .. } => key.clone(),
                    // A lone value (`Path<i64>`) is named by the route's one parameter.
                    _ => match axum::extract::RawPathParams::from_request_parts(parts, state).await
                    {
                        Ok(raw) if raw.iter().count() == 1 => raw
                            .iter()
                            .next()
                            .map(|(name, _)| name.to_string())
                            .unwrap_or_default(),
                        _ => "path".to_string(),
                    },
                };
                Err(ApiError::field(
                    &field,
                    e.body_text().replace("Invalid URL: ", ""),
                ))
            }
            Err(other) => Err(ApiError::Internal(other.body_text())),
        }
    }
}

/// A query string whose rejections answer in the API's error shape.
pub struct QueryParams<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for QueryParams<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(value)) => Ok(QueryParams(value)),
            Err(QueryRejection::FailedToDeserializeQueryString(e)) => Err(ApiError::Validation(
                [(
                    "query".to_string(),
                    e.body_text()
                        .replace("Failed to deserialize query string: ", ""),
                )]
                .into(),
            )),
            Err(other) => Err(ApiError::BadRequest(other.body_text())),
        }
    }
}

/// Request ids: a per-process random prefix and a counter, cheap and unique enough for logs.
#[derive(Clone)]
struct RequestIds {
    prefix: Arc<String>,
    counter: Arc<AtomicU64>,
}

impl MakeRequestId for RequestIds {
    fn make_request_id<B>(&mut self, _: &axum::http::Request<B>) -> Option<RequestId> {
        let n = self.counter.fetch_add(1, Ordering::Relaxed);
        HeaderValue::from_str(&format!("{}-{n}", self.prefix))
            .ok()
            .map(RequestId::new)
    }
}

const CSP: &str = "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; \
    font-src 'self' data:; script-src 'self'; connect-src 'self'; frame-src https:; frame-ancestors 'none'; \
    base-uri 'self'; form-action 'self'";

pub fn router(state: AppState) -> Router {
    let request_id = HeaderName::from_static("x-request-id");
    let prefix: String = (0..6)
        .map(|_| char::from(b'a' + rand::random::<u8>() % 26))
        .collect();
    let ids = RequestIds {
        prefix: Arc::new(prefix),
        counter: Arc::new(AtomicU64::new(1)),
    };
    let trace = TraceLayer::new_for_http().make_span_with(|req: &axum::http::Request<_>| {
        let id = req
            .headers()
            .get("x-request-id")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("-");
        tracing::info_span!("request", id = %id, method = %req.method(), path = %req.uri().path())
    });
    Router::new()
        .nest(
            "/api",
            crate::http::routes()
                .route_layer(axum::middleware::from_fn(
                    crate::input::refuse_control_characters,
                ))
                .route_layer(axum::middleware::from_fn(crate::metrics::record_request))
                .fallback(api_not_found)
                .method_not_allowed_fallback(api_method_not_allowed),
        )
        .route("/metrics", axum::routing::get(crate::metrics::serve))
        .fallback(crate::spa::serve)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CSP),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::X_FRAME_OPTIONS,
            HeaderValue::from_static("DENY"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::REFERRER_POLICY,
            HeaderValue::from_static("strict-origin-when-cross-origin"),
        ))
        .layer(PropagateRequestIdLayer::new(request_id.clone()))
        .layer(trace)
        .layer(SetRequestIdLayer::new(request_id, ids))
        .with_state(state)
}

async fn api_not_found() -> Response {
    ApiError::NotFound("No such API call".into()).into_response()
}

/// A known path with a verb it does not take: 405 in the API's error shape.
async fn api_method_not_allowed() -> Response {
    (
        StatusCode::METHOD_NOT_ALLOWED,
        axum::Json(crate::error::ErrorBody {
            message: "This call does not take that method".into(),
            errors: None,
            suggested_username: None,
        }),
    )
        .into_response()
}

/// The client's address: the peer's, or through trusted proxies the forwarded one
/// (`Settings::client_address`). Tests through the router have no peer: "unknown".
pub struct ClientAddress(pub String);

impl FromRequestParts<AppState> for ClientAddress {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let Some(peer) = parts
            .extensions
            .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
            .map(|c| c.0.ip())
        else {
            return Ok(ClientAddress("unknown".into()));
        };
        let forwarded: Vec<&str> = parts
            .headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .collect();
        Ok(ClientAddress(
            state.settings.client_address(peer, &forwarded).to_string(),
        ))
    }
}
