//! API errors: `{message}` with the right status; validation failures are 422 with per-field
//! messages. Internal errors are logged and never echo their details.

use std::collections::BTreeMap;

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;

/// The body of every error answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub errors: Option<BTreeMap<String, String>>,
    #[serde(rename = "suggestedUsername", skip_serializing_if = "Option::is_none")]
    pub suggested_username: Option<String>,
}

#[derive(Debug)]
pub enum ApiError {
    BadRequest(String),
    Unauthorized,
    Forbidden(String),
    NotFound(String),
    Conflict {
        message: String,
        suggested_username: Option<String>,
    },
    Validation(BTreeMap<String, String>),
    TooManyRequests {
        message: String,
        retry_after_secs: i64,
    },
    PayloadTooLarge,
    Unavailable(String),
    Internal(String),
}

pub type ApiResult<T> = Result<T, ApiError>;

impl ApiError {
    pub fn not_found() -> ApiError {
        ApiError::NotFound("No record exist!".into())
    }

    pub fn field(field: &str, message: impl Into<String>) -> ApiError {
        ApiError::Validation(BTreeMap::from([(field.to_string(), message.into())]))
    }

    /// Fails with the collected field errors, if any.
    pub fn check(errors: BTreeMap<String, String>) -> ApiResult<()> {
        if errors.is_empty() {
            Ok(())
        } else {
            Err(ApiError::Validation(errors))
        }
    }
}

impl From<db::Error> for ApiError {
    fn from(error: db::Error) -> Self {
        ApiError::Internal(error.to_string())
    }
}

impl From<domain::lists::ListQueryError> for ApiError {
    fn from(error: domain::lists::ListQueryError) -> Self {
        ApiError::field(error.field(), error.message())
    }
}

fn body(message: String) -> ErrorBody {
    ErrorBody {
        message,
        errors: None,
        suggested_username: None,
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (status, payload) = match self {
            ApiError::BadRequest(m) => (StatusCode::BAD_REQUEST, body(m)),
            ApiError::Unauthorized => (StatusCode::UNAUTHORIZED, body("Unauthorized".into())),
            ApiError::Forbidden(m) => (StatusCode::FORBIDDEN, body(m)),
            ApiError::NotFound(m) => (StatusCode::NOT_FOUND, body(m)),
            ApiError::Conflict {
                message,
                suggested_username,
            } => (
                StatusCode::CONFLICT,
                ErrorBody {
                    message,
                    errors: None,
                    suggested_username,
                },
            ),
            ApiError::Validation(errors) => {
                let message = errors
                    .values()
                    .next()
                    .cloned()
                    .unwrap_or_else(|| "Validation failed".into());
                (
                    StatusCode::UNPROCESSABLE_ENTITY,
                    ErrorBody {
                        message,
                        errors: Some(errors),
                        suggested_username: None,
                    },
                )
            }
            ApiError::TooManyRequests {
                message,
                retry_after_secs,
            } => {
                let mut response =
                    (StatusCode::TOO_MANY_REQUESTS, Json(body(message))).into_response();
                if let Ok(value) = HeaderValue::from_str(&retry_after_secs.to_string()) {
                    response.headers_mut().insert(header::RETRY_AFTER, value);
                }
                return response;
            }
            ApiError::PayloadTooLarge => (
                StatusCode::PAYLOAD_TOO_LARGE,
                body("The request body is too large".into()),
            ),
            ApiError::Unavailable(m) => (StatusCode::SERVICE_UNAVAILABLE, body(m)),
            ApiError::Internal(detail) => {
                tracing::error!(error = %detail, "internal error");
                (
                    StatusCode::INTERNAL_SERVER_ERROR,
                    body("Something went wrong".into()),
                )
            }
        };
        (status, Json(payload)).into_response()
    }
}
