//! The request extractors that turn malformed input into clear `{message}` errors: JSON bodies,
//! path parameters, query strings and the client's address.

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{header, StatusCode};
use serde::de::DeserializeOwned;

use crate::error::ApiError;
use crate::state::AppState;

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
