//! Text that no input may carry: control characters (NUL above all) are refused at the edge, in
//! path segments, query values and JSON bodies alike, with a 422 naming the field, so neither
//! database ever sees them and both answer the same.

use axum::extract::{RawPathParams, Request};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use domain::validation::{has_control_character, MSG_CONTROL_CHARACTERS};
use serde_json::Value;

use crate::error::ApiError;

fn refused(field: &str) -> ApiError {
    ApiError::field(field, MSG_CONTROL_CHARACTERS)
}

/// The name of the first value (or key) in a JSON document that holds a control character:
/// the key it stands under, or `body` for a bare value.
pub fn json_field_with_control_character(value: &Value) -> Option<String> {
    fn walk(value: &Value, name: &str) -> Option<String> {
        match value {
            Value::String(text) => has_control_character(text).then(|| name.to_string()),
            Value::Array(items) => items.iter().find_map(|item| walk(item, name)),
            Value::Object(fields) => fields.iter().find_map(|(key, item)| {
                if has_control_character(key) {
                    Some(name.to_string())
                } else {
                    walk(item, key)
                }
            }),
            _ => None,
        }
    }
    walk(value, "body")
}

/// Refuses a JSON body holding a control character. The raw bytes are looked at first: such a
/// character can only arrive escaped (`\u0000`, `\b`, `\f`) or, for DEL and the C1 controls, as
/// itself, so most bodies are never parsed twice.
pub fn check_json_body(bytes: &[u8]) -> Result<(), ApiError> {
    let suspicious = bytes.contains(&b'\\') || bytes.contains(&0x7f) || bytes.contains(&0xc2);
    if !suspicious {
        return Ok(());
    }
    match serde_json::from_slice::<Value>(bytes) {
        Ok(value) => match json_field_with_control_character(&value) {
            Some(field) => Err(refused(&field)),
            None => Ok(()),
        },
        // Not JSON: the body's own extractor answers that.
        Err(_) => Ok(()),
    }
}

/// Refuses a JSON text (a form part that carries JSON) holding a control character, under the
/// part's name.
pub fn check_json_text(part: &str, text: &str) -> Result<(), ApiError> {
    match serde_json::from_str::<Value>(text) {
        Ok(value) if json_field_with_control_character(&value).is_some() => Err(refused(part)),
        _ => Ok(()),
    }
}

/// Refuses a form's text part holding a control character.
pub fn check_text(field: &str, text: &str) -> Result<(), ApiError> {
    if has_control_character(text) {
        Err(refused(field))
    } else {
        Ok(())
    }
}

/// Refuses a query string with a control character in a key or value, under the key. A query
/// that is not valid form encoding is left to the caller's parser.
pub fn check_query(query: &str) -> Result<(), ApiError> {
    if let Ok(pairs) = serde_urlencoded::from_str::<Vec<(String, String)>>(query) {
        for (key, value) in &pairs {
            if has_control_character(key) || has_control_character(value) {
                return Err(refused(key));
            }
        }
    }
    Ok(())
}

/// Middleware on every API route: path parameters by their names, query values by their keys.
pub async fn refuse_control_characters(
    path: Result<RawPathParams, axum::extract::rejection::RawPathParamsRejection>,
    request: Request,
    next: Next,
) -> Response {
    if let Ok(path) = &path {
        for (name, value) in path.iter() {
            if has_control_character(value) {
                return refused(name).into_response();
            }
        }
    }
    if let Err(refusal) = check_query(request.uri().query().unwrap_or_default()) {
        return refusal.into_response();
    }
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn json_values_and_keys_are_named_by_where_they_stand() {
        let field = |v: Value| json_field_with_control_character(&v);
        assert_eq!(
            field(json!({"username": "a\u{0}b"})),
            Some("username".into())
        );
        assert_eq!(
            field(json!({"selection": [1, "x\u{0}"]})),
            Some("selection".into())
        );
        assert_eq!(
            field(json!({"params": {"search": "\u{0}"}})),
            Some("search".into())
        );
        assert_eq!(field(json!({"a\u{1}": 1})), Some("body".into()));
        assert_eq!(field(json!("\u{7f}")), Some("body".into()));
        assert_eq!(field(json!({"text": "two\nlines\tand é"})), None);
    }

    #[test]
    fn bodies_are_checked_only_where_a_control_character_could_be() {
        assert!(check_json_body(br#"{"username":"a\u0000b"}"#).is_err());
        assert!(check_json_body(br#"{"name":"bell\b"}"#).is_err());
        assert!(check_json_body("{\"name\":\"c1\u{85}\"}".as_bytes()).is_err());
        assert!(check_json_body(br#"{"name":"line\nbreak \u00e9"}"#).is_ok());
        assert!(check_json_body(b"not json \\").is_ok());
    }
}
