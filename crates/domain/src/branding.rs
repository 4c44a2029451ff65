//! Company branding rules (spec 3: Company settings): colours, the marketing button, country,
//! the disposition a newly installed home starts in, and the tour-page texts.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::validation::FieldErrors;

pub const MSG_HEX: &str = "Invalid HEX Format";
pub const MSG_UNSUPPORTED_FILE: &str = "Unsupported file type";
pub const MSG_LOGO_SIZE: &str = "Max logo size is 50mb";
pub const LOGO_LIMIT: usize = 50 * 1024 * 1024;
pub const COUNTRIES: [&str; 2] = ["USA", "Canada"];

/// `#` and 3 or 6 hex digits.
pub fn is_hex_colour(text: &str) -> bool {
    text.strip_prefix('#')
        .is_some_and(|h| (h.len() == 3 || h.len() == 6) && h.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// The website marketing button.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ButtonSettings {
    pub text: String,
    pub text_color: String,
    pub background_color: String,
    pub border_radius: i64,
    pub font_size: i64,
}

impl Default for ButtonSettings {
    fn default() -> Self {
        ButtonSettings {
            text: "Schedule a Tour".into(),
            text_color: "#ffffff".into(),
            background_color: "#DB5C0E".into(),
            border_radius: 5,
            font_size: 14,
        }
    }
}

pub fn check_button(button: &ButtonSettings, errors: &mut FieldErrors) {
    if button.text.trim().is_empty() || button.text.chars().count() > 60 {
        errors.insert(
            "button_settings.text".into(),
            "The button needs a text of at most 60 characters".into(),
        );
    }
    for (field, colour) in [
        ("button_settings.textColor", &button.text_color),
        ("button_settings.backgroundColor", &button.background_color),
    ] {
        if !is_hex_colour(colour) {
            errors.insert(field.into(), MSG_HEX.into());
        }
    }
    if !(0..=36).contains(&button.border_radius) {
        errors.insert(
            "button_settings.borderRadius".into(),
            "Border radius is 0 to 36".into(),
        );
    }
    if !(8..=40).contains(&button.font_size) {
        errors.insert(
            "button_settings.fontSize".into(),
            "Font size is 8 to 40".into(),
        );
    }
}

/// The tour-page texts a builder may set (all optional); unknown keys are refused so typos show.
pub const CONTENT_KEYS: [&str; 20] = [
    "self_tour_scheduling_title",
    "self_tour_scheduling_subtitle",
    "self_tour_scheduling_description",
    "how_it_works_title",
    "step_1_title",
    "step_2_title",
    "step_3_title",
    "step_4_title",
    "step_1_description",
    "step_2_description",
    "step_3_description",
    "step_4_description",
    "start_touring_button",
    "self_tours_own_time_title",
    "tour_now_title",
    "tour_now_description",
    "tour_now_button",
    "schedule_tour_title",
    "schedule_tour_description",
    "schedule_tour_button",
];
pub const CONTENT_TEXT_LIMIT: usize = 5000;

/// Checks the content settings object: known keys only, each a text of at most 5000 characters
/// (or null). Answers the object to store.
pub fn check_content(
    value: &serde_json::Value,
) -> Result<serde_json::Map<String, serde_json::Value>, FieldErrors> {
    let mut errors = FieldErrors::new();
    let Some(object) = value.as_object() else {
        errors.insert(
            "content_settings".into(),
            "Content settings are an object of texts".into(),
        );
        return Err(errors);
    };
    let mut clean = serde_json::Map::new();
    for (key, text) in object {
        let field = format!("content_settings.{key}");
        if !CONTENT_KEYS.contains(&key.as_str()) {
            errors.insert(field, format!("Unknown text {key}"));
        } else if text.is_null() {
            continue;
        } else if let Some(s) = text.as_str() {
            if s.chars().count() > CONTENT_TEXT_LIMIT {
                errors.insert(field, format!("At most {CONTENT_TEXT_LIMIT} characters"));
            } else {
                clean.insert(key.clone(), serde_json::Value::String(s.to_string()));
            }
        } else {
            errors.insert(field, "A text is expected".into());
        }
    }
    if errors.is_empty() {
        Ok(clean)
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_colours() {
        assert!(is_hex_colour("#DB5C0E"));
        assert!(is_hex_colour("#fff"));
        assert!(!is_hex_colour("DB5C0E"));
        assert!(!is_hex_colour("#DB5C0"));
        assert!(!is_hex_colour("#GGGGGG"));
    }

    #[test]
    fn button_defaults_and_bounds() {
        let mut errors = FieldErrors::new();
        check_button(&ButtonSettings::default(), &mut errors);
        assert!(errors.is_empty());
        let bad = ButtonSettings {
            border_radius: 37,
            font_size: 7,
            text_color: "white".into(),
            ..Default::default()
        };
        check_button(&bad, &mut errors);
        assert_eq!(errors["button_settings.textColor"], MSG_HEX);
        assert!(
            errors.contains_key("button_settings.borderRadius")
                && errors.contains_key("button_settings.fontSize")
        );
    }

    #[test]
    fn content_texts() {
        let ok = serde_json::json!({"tour_now_title": "Tour now", "step_1_title": null});
        assert_eq!(check_content(&ok).unwrap().len(), 1);
        let bad = serde_json::json!({"tour_now_titel": "x", "tour_now_button": 5});
        let errors = check_content(&bad).unwrap_err();
        assert_eq!(
            errors["content_settings.tour_now_titel"],
            "Unknown text tour_now_titel"
        );
        assert_eq!(
            errors["content_settings.tour_now_button"],
            "A text is expected"
        );
        assert!(check_content(&serde_json::json!([1])).is_err());
    }
}
