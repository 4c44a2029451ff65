//! Follow-up texts to visitors (spec 3: Messaging): limits, intervals and the template renderer
//! the showings area calls to turn a template into the text a visitor receives.

use std::collections::BTreeMap;

use crate::validation::FieldErrors;

/// A message must stay under this many characters (exactly 240 is refused).
pub const MESSAGE_LIMIT: usize = 240;
pub const INTERVALS: [&str; 7] = [
    "1 min", "2 min", "5 min", "10 min", "20 min", "30 min", "60 min",
];
pub const DEFAULT_DURING_INTERVAL: &str = "1 min";
pub const DEFAULT_AFTER_INTERVAL: &str = "30 min";

/// The variables a template may use, written `{{name}}`.
pub const VARIABLES: [&str; 15] = [
    "visitor_first_name",
    "scheduled_tour_date",
    "scheduled_tour_time",
    "community_name",
    "community_sales_phone_number",
    "community_url",
    "property_address",
    "property_subdivision",
    "property_marketing_name",
    "property_city",
    "property_state",
    "property_lot_number",
    "company_name",
    "company_marketing_name",
    "company_legal_name",
];

/// The `{{name}}` variables a template uses, in order, with unknown ones kept (so they can be
/// reported) and unclosed braces left as text.
pub fn variables_in(template: &str) -> Vec<&str> {
    let mut found = Vec::new();
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        let after = &rest[start + 2..];
        let Some(end) = after.find("}}") else { break };
        found.push(after[..end].trim());
        rest = &after[end + 2..];
    }
    found
}

/// The unknown variables of a template.
pub fn unknown_variables(template: &str) -> Vec<String> {
    variables_in(template)
        .into_iter()
        .filter(|v| !VARIABLES.contains(v))
        .map(str::to_string)
        .collect()
}

/// Renders a template with the values at hand. Unknown variables, and known ones without a
/// value, are reported instead of being dropped silently.
pub fn render(template: &str, values: &BTreeMap<&str, String>) -> Result<String, Vec<String>> {
    let mut out = String::with_capacity(template.len());
    let mut missing = Vec::new();
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        let after = &rest[start + 2..];
        let Some(end) = after.find("}}") else { break };
        out.push_str(&rest[..start]);
        let name = after[..end].trim();
        match values.get(name) {
            Some(value) if VARIABLES.contains(&name) => out.push_str(value),
            _ => missing.push(name.to_string()),
        }
        rest = &after[end + 2..];
    }
    out.push_str(rest);
    if missing.is_empty() {
        Ok(out)
    } else {
        Err(missing)
    }
}

/// A phone number as text gateways take it (E.164): `555-123-4567`, `(555) 123 4567`,
/// `15551234567` and `+15551234567` are all `+15551234567` (North American numbers, the
/// product's countries); anything else is not a number a text can go to.
pub fn e164(phone: &str) -> Option<String> {
    let trimmed = phone.trim();
    if !trimmed
        .chars()
        .all(|c| c.is_ascii_digit() || " +-().".contains(c))
    {
        return None;
    }
    let digits: String = trimmed.chars().filter(char::is_ascii_digit).collect();
    let national = match digits.len() {
        10 => digits.as_str(),
        11 if digits.starts_with('1') => &digits[1..],
        _ => return None,
    };
    Some(format!("+1{national}"))
}

/// What a visitor's reply to a text asks for: the carriers' opt-out and opt-in keywords.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reply {
    OptOut,
    OptIn,
    Other,
}

pub fn reply_intent(body: &str) -> Reply {
    let word = body
        .trim()
        .trim_end_matches(['.', '!'])
        .to_ascii_uppercase();
    match word.as_str() {
        "STOP" | "STOPALL" | "UNSUBSCRIBE" | "CANCEL" | "END" | "QUIT" | "OPTOUT" => Reply::OptOut,
        "START" | "UNSTOP" | "YES" => Reply::OptIn,
        _ => Reply::Other,
    }
}

/// A text as sent: at most [`MESSAGE_LIMIT`] characters, cut at a word with an ellipsis when
/// the values put into a template made it longer.
pub fn fit_text(text: &str) -> String {
    fit_within(text, MESSAGE_LIMIT)
}

/// A text ending with a link that must reach the phone whole: the text is shortened to leave
/// room for it.
pub fn fit_text_with(text: &str, link: &str) -> String {
    let room = MESSAGE_LIMIT.saturating_sub(link.chars().count() + 1);
    format!("{} {link}", fit_within(text, room))
}

fn fit_within(text: &str, limit: usize) -> String {
    if text.chars().count() <= limit {
        return text.to_string();
    }
    let keep: String = text.chars().take(limit.saturating_sub(1)).collect();
    let cut = match keep.rfind(char::is_whitespace) {
        Some(at) if at > limit / 2 => keep[..at].trim_end().to_string(),
        _ => keep,
    };
    format!("{cut}…")
}

/// One message box: its text (None when switched off) and its interval where it has one.
pub struct MessageSetting<'a> {
    pub field: &'a str,
    pub text: Option<&'a str>,
    pub interval_field: Option<&'a str>,
    pub interval: Option<&'a str>,
}

pub fn check_messages(messages: &[MessageSetting]) -> FieldErrors {
    let mut errors = FieldErrors::new();
    for m in messages {
        match m.text {
            Some(text) => {
                let count = text.chars().count();
                if text.trim().is_empty() {
                    errors.insert(m.field.into(), "Write the message or switch it off".into());
                } else if count >= MESSAGE_LIMIT {
                    errors.insert(
                        m.field.into(),
                        format!(
                            "{count}/{MESSAGE_LIMIT} characters: keep it under {MESSAGE_LIMIT}"
                        ),
                    );
                } else {
                    let unknown = unknown_variables(text);
                    if !unknown.is_empty() {
                        errors.insert(
                            m.field.into(),
                            format!("Unknown variables: {}", unknown.join(", ")),
                        );
                    }
                }
                if let Some(field) = m.interval_field {
                    if !m.interval.is_some_and(|i| INTERVALS.contains(&i)) {
                        errors.insert(field.into(), "Choose 1, 2, 5, 10, 20, 30 or 60 min".into());
                    }
                }
            }
            None => {
                if let (Some(field), Some(_)) = (m.interval_field, m.interval) {
                    errors.insert(
                        field.into(),
                        "A switched-off message has no interval".into(),
                    );
                }
            }
        }
    }
    errors
}

/// The minutes of an interval (`5 min` is 5), when it is one of the offered ones.
pub fn interval_minutes(interval: &str) -> Option<i64> {
    INTERVALS
        .contains(&interval)
        .then(|| interval.trim_end_matches(" min").parse().ok())
        .flatten()
}

/// How an interval is shown: `60 seconds` for one minute, else the value with `utes` added.
pub fn interval_label(interval: &str) -> String {
    if interval == "1 min" {
        "60 seconds".into()
    } else {
        format!("{interval}utes")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values() -> BTreeMap<&'static str, String> {
        BTreeMap::from([
            ("visitor_first_name", "Ann".to_string()),
            ("community_name", "Oak Ridge".to_string()),
        ])
    }

    #[test]
    fn renders_known_variables() {
        let text = render(
            "Hi {{visitor_first_name}}, welcome to {{ community_name }}!",
            &values(),
        );
        assert_eq!(text, Ok("Hi Ann, welcome to Oak Ridge!".to_string()));
        assert_eq!(
            render("No variables {here", &values()),
            Ok("No variables {here".to_string())
        );
    }

    #[test]
    fn reports_unknown_and_missing_variables() {
        assert_eq!(
            render("{{favourite_colour}} {{company_name}}", &values()),
            Err(vec![
                "favourite_colour".to_string(),
                "company_name".to_string()
            ])
        );
        assert_eq!(
            unknown_variables("{{community_url}} {{nope}}"),
            vec!["nope".to_string()]
        );
    }

    #[test]
    fn message_limits_and_intervals() {
        let ok = MessageSetting {
            field: "during_tour_message",
            text: Some("Enjoy {{community_name}}"),
            interval_field: Some("during_tour_message_interval"),
            interval: Some("1 min"),
        };
        assert!(check_messages(&[ok]).is_empty());
        let long = "x".repeat(240);
        let errors = check_messages(&[MessageSetting {
            field: "after_tour_message",
            text: Some(&long),
            interval_field: None,
            interval: None,
        }]);
        assert!(errors["after_tour_message"].starts_with("240/240"));
        assert!(check_messages(&[MessageSetting {
            field: "m",
            text: Some(&"x".repeat(239)),
            interval_field: None,
            interval: None
        }])
        .is_empty());
        let errors = check_messages(&[MessageSetting {
            field: "m",
            text: Some("hi"),
            interval_field: Some("i"),
            interval: Some("3 min"),
        }]);
        assert!(errors.contains_key("i"));
        let errors = check_messages(&[MessageSetting {
            field: "m",
            text: None,
            interval_field: Some("i"),
            interval: Some("1 min"),
        }]);
        assert!(errors.contains_key("i"), "off clears the interval");
        let errors = check_messages(&[MessageSetting {
            field: "m",
            text: Some("{{bogus}}"),
            interval_field: None,
            interval: None,
        }]);
        assert_eq!(errors["m"], "Unknown variables: bogus");
    }

    #[test]
    fn phone_numbers_in_e164() {
        for phone in [
            "555-234-5678",
            "(555) 234 5678",
            "15552345678",
            "+1 555 234 5678",
        ] {
            assert_eq!(e164(phone).as_deref(), Some("+15552345678"), "{phone}");
        }
        for phone in [
            "555-234-567",
            "25552345678",
            "555x2345678",
            "+44 20 7946 0958",
            "",
        ] {
            assert_eq!(e164(phone), None, "{phone}");
        }
    }

    #[test]
    fn replies_that_stop_and_restart_texts() {
        assert_eq!(reply_intent(" stop "), Reply::OptOut);
        assert_eq!(reply_intent("Unsubscribe."), Reply::OptOut);
        assert_eq!(reply_intent("START"), Reply::OptIn);
        assert_eq!(reply_intent("stop texting me please"), Reply::Other);
        assert_eq!(reply_intent("Thanks!"), Reply::Other);
    }

    #[test]
    fn texts_fit_the_limit() {
        let short = "See you at {{community_name}}";
        assert_eq!(fit_text(short), short);
        let long = format!("{} tail", "word ".repeat(60));
        let fitted = fit_text(&long);
        assert!(fitted.chars().count() <= MESSAGE_LIMIT, "{}", fitted.len());
        assert!(fitted.ends_with("word…"), "{fitted}");
        let unbroken = "x".repeat(300);
        assert_eq!(fit_text(&unbroken).chars().count(), MESSAGE_LIMIT);
    }

    #[test]
    fn a_link_reaches_the_phone_whole() {
        let link =
            "https://tours.example.com/tour/oak/after/12?key=abcdefghijklmnopqrstuvwxyz012345";
        assert_eq!(fit_text_with("Thanks!", link), format!("Thanks! {link}"));
        let fitted = fit_text_with(&"word ".repeat(60), link);
        assert!(fitted.chars().count() <= MESSAGE_LIMIT, "{fitted}");
        assert!(fitted.ends_with(&format!("word… {link}")), "{fitted}");
    }

    #[test]
    fn interval_minutes_of_the_offered_ones() {
        assert_eq!(interval_minutes("1 min"), Some(1));
        assert_eq!(interval_minutes("60 min"), Some(60));
        assert_eq!(interval_minutes("3 min"), None);
        assert_eq!(interval_minutes(""), None);
    }

    #[test]
    fn interval_labels() {
        assert_eq!(interval_label("1 min"), "60 seconds");
        assert_eq!(interval_label("30 min"), "30 minutes");
    }
}
