//! Webhooks (spec 3: Webhooks): what a webhook may listen to and send, its form's rules, the
//! bodies of its deliveries in each content type, and when a failed delivery is tried again.

use chrono::Duration;

use crate::validation::FieldErrors;

pub const EVENT_TYPES: [&str; 4] = [
    "tours.enable",
    "tours.disable",
    "on.demand.tours",
    "scheduled.tours",
];

/// The content types a webhook sends, by the name the API takes, with their media type.
pub const CONTENT_TYPES: [(&str, &str); 3] = [
    ("json", "application/json"),
    ("html", "text/html"),
    ("plain", "text/plain"),
];

pub const DEFAULT_CONTENT_TYPE: &str = "json";

pub const MSG_REQUIRED_FIELD: &str = "Required field";
pub const MSG_EVENT_TYPE_TAKEN: &str = "Each event type can be used by only one webhook";
const MSG_URL: &str = "Enter an address starting with http:// or https://";
const URL_MAX: usize = 2048;
const SECRET_MAX: usize = 200;

/// When a delivery is tried after each failed attempt, as Standard Webhooks senders do: at
/// once, then 5 seconds, 5 minutes, 30 minutes, 2, 5, 10 and 10 hours after the one before.
/// A delivery is given up after its last attempt.
pub fn retry_after_attempt(attempts: i64) -> Option<Duration> {
    match attempts {
        1 => Some(Duration::seconds(5)),
        2 => Some(Duration::minutes(5)),
        3 => Some(Duration::minutes(30)),
        4 => Some(Duration::hours(2)),
        5 => Some(Duration::hours(5)),
        6 | 7 => Some(Duration::hours(10)),
        _ => None,
    }
}

/// An endpoint failing every attempt for this long is disabled, and its builder told.
pub fn failing_too_long() -> Duration {
    Duration::days(5)
}

/// The media type of a content type the API takes.
pub fn media_type(content_type: &str) -> &'static str {
    CONTENT_TYPES
        .iter()
        .find(|(name, _)| *name == content_type)
        .map_or("application/json", |(_, media)| media)
}

/// Checks a webhook's form (the server also checks where its address points).
pub fn check_webhook(
    payload_url: &str,
    content_type: &str,
    event_type: &str,
    secret: &str,
) -> FieldErrors {
    let mut errors = FieldErrors::new();
    let url = payload_url.trim();
    if url.is_empty() {
        errors.insert("payload_url".into(), MSG_REQUIRED_FIELD.into());
    } else if !(url.starts_with("http://") || url.starts_with("https://"))
        || url.len() > URL_MAX
        || url.chars().any(char::is_whitespace)
    {
        errors.insert("payload_url".into(), MSG_URL.into());
    }
    if content_type.trim().is_empty() {
        errors.insert("content_type".into(), MSG_REQUIRED_FIELD.into());
    } else if !CONTENT_TYPES.iter().any(|(name, _)| *name == content_type) {
        errors.insert(
            "content_type".into(),
            "The content type is one of json, html and plain".into(),
        );
    }
    if event_type.trim().is_empty() {
        errors.insert("event_type".into(), MSG_REQUIRED_FIELD.into());
    } else if !EVENT_TYPES.contains(&event_type) {
        errors.insert(
            "event_type".into(),
            format!("The event type is one of {}", EVENT_TYPES.join(", ")),
        );
    }
    if secret.chars().count() > SECRET_MAX {
        errors.insert(
            "secret".into(),
            format!("The secret must be at most {SECRET_MAX} characters"),
        );
    }
    errors
}

/// The data of a test event of a type: the fields its real events carry (docs/webhooks.md),
/// with sample values and `"test": true`.
pub fn sample_data(event_type: &str) -> serde_json::Value {
    match event_type {
        "on.demand.tours" => serde_json::json!({
            "test": true, "visit_id": 0, "property_id": 0, "customer_id": 0,
            "firstname": "Sample", "lastname": "Visitor",
            "starts_at": "2026-01-01T15:00:00Z", "ends_at": "2026-01-01T16:00:00Z",
        }),
        "scheduled.tours" => serde_json::json!({
            "test": true, "scheduled_visit_id": 0, "property_id": 0, "customer_id": 0,
            "visit_date": "2026-01-01T15:00:00Z", "source": "visitor", "status": "created",
        }),
        "tours.disable" => {
            serde_json::json!({"test": true, "property_id": 0, "disposition": "PROPERTY_SOLD"})
        }
        _ => {
            serde_json::json!({"test": true, "property_id": 0, "disposition": "PROPERTY_AVAILABLE"})
        }
    }
}

/// What a delivery says: its event type, when the event happened (RFC 3339) and the event's
/// data (a JSON object).
pub struct Event<'a> {
    pub event_type: &'a str,
    pub timestamp: &'a str,
    pub data: &'a serde_json::Value,
}

/// The body of a delivery in a content type: the JSON envelope Standard Webhooks recommends
/// (`type`, `timestamp`, `data`), an HTML page with a table of the data, or `name: value` lines.
pub fn body(content_type: &str, event: &Event) -> String {
    match content_type {
        "html" => {
            let mut rows = String::new();
            for (name, value) in fields(event) {
                rows.push_str(&format!(
                    "<tr><th>{}</th><td>{}</td></tr>",
                    escape_html(&name),
                    escape_html(&value)
                ));
            }
            format!(
                "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>{title}</title></head>\
                 <body><h1>{title}</h1><table>{rows}</table></body></html>",
                title = escape_html(event.event_type)
            )
        }
        "plain" => fields(event)
            .into_iter()
            .map(|(name, value)| format!("{name}: {}\n", value.replace(['\r', '\n'], " ")))
            .collect(),
        _ => serde_json::json!({
            "type": event.event_type,
            "timestamp": event.timestamp,
            "data": event.data,
        })
        .to_string(),
    }
}

/// The type, the timestamp, then each field of the data (nested values as JSON).
fn fields(event: &Event) -> Vec<(String, String)> {
    let mut fields = vec![
        ("type".to_string(), event.event_type.to_string()),
        ("timestamp".to_string(), event.timestamp.to_string()),
    ];
    if let Some(data) = event.data.as_object() {
        for (name, value) in data {
            let text = match value {
                serde_json::Value::String(s) => s.clone(),
                serde_json::Value::Null => String::new(),
                other => other.to_string(),
            };
            fields.push((name.clone(), text));
        }
    }
    fields
}

fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_form_needs_its_three_fields() {
        let errors = check_webhook("", "", "", "");
        for field in ["payload_url", "content_type", "event_type"] {
            assert_eq!(errors[field], MSG_REQUIRED_FIELD);
        }
        assert!(check_webhook("https://crm.example/hooks", "json", "tours.enable", "").is_empty());
        let bad = check_webhook("ftp://x", "xml", "tours.maybe", &"s".repeat(201));
        assert_eq!(bad.len(), 4);
    }

    #[test]
    fn retries_follow_the_schedule_then_stop() {
        let waits: Vec<i64> = (1..=8)
            .filter_map(retry_after_attempt)
            .map(|d| d.num_seconds())
            .collect();
        assert_eq!(waits, [5, 300, 1800, 7200, 18000, 36000, 36000]);
        assert_eq!(retry_after_attempt(8), None);
    }

    #[test]
    fn bodies_carry_the_event_in_each_content_type() {
        let data = serde_json::json!({"property_id": 7, "address": "1 <Elm> & Co"});
        let event = Event {
            event_type: "tours.enable",
            timestamp: "2026-11-26T10:00:00Z",
            data: &data,
        };
        let json: serde_json::Value = serde_json::from_str(&body("json", &event)).unwrap();
        assert_eq!(json["type"], "tours.enable");
        assert_eq!(json["data"]["property_id"], 7);
        let html = body("html", &event);
        assert!(html.contains("<td>1 &lt;Elm&gt; &amp; Co</td>"), "{html}");
        let plain = body("plain", &event);
        assert!(plain.starts_with("type: tours.enable\ntimestamp: 2026-11-26T10:00:00Z\n"));
        assert!(plain.contains("property_id: 7\n"));
        assert_eq!(media_type("html"), "text/html");
    }
}
