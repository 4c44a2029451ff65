//! Form rules and their exact messages (spec 3 §5). Each check fills a map of field → message,
//! so every error is reported together, as the forms show them.

use std::collections::BTreeMap;

use crate::roles::Role;

pub type FieldErrors = BTreeMap<String, String>;

pub const NAME_MAX: usize = 250;
pub const PASSWORD_MIN: usize = 8;

pub const MSG_SELECT_ROLE: &str = "Select at least one role to the agent!";
pub const MSG_PASSWORD_MISMATCH: &str = "Password doesn't match.";
pub const MSG_REQUIRED: &str = "required";
pub const MSG_TOKEN_INVALID: &str = "Token is not valid or expired.";

pub const MSG_CONTROL_CHARACTERS: &str = "Must not contain control characters";

/// Whether text holds a control character that has no place in any input: the C0 controls
/// other than tab, line feed and carriage return (which multi-line fields use), DEL, and the C1
/// controls. NUL above all: PostgreSQL refuses it in text, and SQLite would store it raw.
pub fn has_control_character(text: &str) -> bool {
    text.chars().any(|c| {
        matches!(c, '\u{0}'..='\u{8}' | '\u{b}' | '\u{c}' | '\u{e}'..='\u{1f}' | '\u{7f}'..='\u{9f}')
    })
}

/// `ddd-ddd-dddd`, the staff phone mask.
pub fn is_phone(text: &str) -> bool {
    phone_digits_match(text, 4)
}

/// The profile mask `999-999-99999` also accepts a fifth digit in the last group.
pub fn is_profile_phone(text: &str) -> bool {
    phone_digits_match(text, 4) || phone_digits_match(text, 5)
}

fn phone_digits_match(text: &str, last: usize) -> bool {
    let parts: Vec<&str> = text.split('-').collect();
    parts.len() == 3
        && [3, 3, last]
            .iter()
            .zip(&parts)
            .all(|(n, p)| p.len() == *n && p.bytes().all(|b| b.is_ascii_digit()))
}

/// A plain e-mail check: one @, a non-empty local part, a domain of at least two dot-separated
/// labels of letters, digits and hyphens, no spaces.
pub fn is_email(text: &str) -> bool {
    let Some((local, domain)) = text.split_once('@') else {
        return false;
    };
    if local.is_empty()
        || local.len() > 64
        || domain.contains('@')
        || text.chars().any(char::is_whitespace)
    {
        return false;
    }
    let labels: Vec<&str> = domain.split('.').collect();
    labels.len() >= 2
        && labels
            .iter()
            .all(|l| !l.is_empty() && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
        && labels.last().is_some_and(|tld| tld.len() >= 2)
}

/// Staff names: letters with inner single spaces.
pub fn is_letters_name(text: &str) -> bool {
    !text.is_empty()
        && !text.starts_with(' ')
        && !text.ends_with(' ')
        && !text.contains("  ")
        && text.chars().all(|c| c.is_alphabetic() || c == ' ')
}

/// Profile names: letters and digits with inner spaces.
pub fn is_alphanumeric_name(text: &str) -> bool {
    !text.trim().is_empty() && text.chars().all(|c| c.is_alphanumeric() || c == ' ')
}

/// firstname.lastname in lowercase, spaces dropped: the suggested username.
pub fn suggested_username(firstname: &str, lastname: &str) -> String {
    let clean = |s: &str| {
        s.to_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric())
            .collect::<String>()
    };
    format!("{}.{}", clean(firstname), clean(lastname))
}

/// Usernames: 1–250 characters of letters, digits, dot, dash, underscore.
pub fn is_username(text: &str) -> bool {
    (1..=NAME_MAX).contains(&text.chars().count())
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | '@'))
}

fn length_ok(text: &str) -> bool {
    (1..=NAME_MAX).contains(&text.chars().count())
}

/// The staff form's fields as the rules see them.
pub struct AgentForm<'a> {
    pub username: &'a str,
    pub firstname: &'a str,
    pub lastname: &'a str,
    pub phone: &'a str,
    pub email: &'a str,
    pub role_id: Option<i64>,
    pub password: Option<&'a str>,
    pub confirm_password: Option<&'a str>,
    pub send_sms: i64,
    pub send_email: i64,
    pub notification_email: Option<&'a str>,
}

pub fn check_agent(form: &AgentForm) -> FieldErrors {
    let mut errors = FieldErrors::new();
    let mut put = |field: &str, message: &str| {
        errors
            .entry(field.to_string())
            .or_insert_with(|| message.to_string());
    };
    match form.role_id.map(Role::from_id) {
        Some(Some(_)) => {}
        _ => put("roles", MSG_SELECT_ROLE),
    }
    if form.username.is_empty() {
        put("username", "Username is required");
    } else if !is_username(form.username) {
        put(
            "username",
            "Username must be 1-250 letters, digits, dots, dashes or underscores",
        );
    }
    for (field, label, value) in [
        ("firstname", "First name", form.firstname),
        ("lastname", "Last name", form.lastname),
    ] {
        if value.trim().is_empty() {
            put(field, &format!("{label} is required"));
        } else if !length_ok(value) {
            put(field, &format!("{label} must be at most 250 characters"));
        } else if !is_letters_name(value) {
            put(field, &format!("{label} may contain letters only"));
        }
    }
    if form.email.is_empty() {
        put("email", "Email is required");
    } else if !is_email(form.email) {
        put("email", "Email must be valid");
    }
    if form.phone.is_empty() {
        put("phone", "Phone is required");
    } else if !is_phone(form.phone) {
        put("phone", "Phone must match 999-999-9999");
    }
    check_password(
        form.password,
        form.confirm_password,
        "confirm_password",
        &mut errors,
    );
    for (field, value) in [("send_sms", form.send_sms), ("send_email", form.send_email)] {
        if value != 0 && value != 1 {
            errors.insert(field.into(), format!("{field} must be 0 or 1"));
        }
    }
    if let Some(email) = form.notification_email.filter(|e| !e.is_empty()) {
        if !is_email(email) {
            errors.insert("notification_email".into(), "Email must be valid".into());
        }
    }
    errors
}

/// A password may be absent; when given it must be long enough and match its confirmation.
pub fn check_password(
    password: Option<&str>,
    confirm: Option<&str>,
    confirm_field: &str,
    errors: &mut FieldErrors,
) {
    let password = password.unwrap_or("");
    if password.is_empty() && confirm.unwrap_or("").is_empty() {
        return;
    }
    if password.chars().count() < PASSWORD_MIN {
        errors.insert(
            "pass_word".into(),
            format!("Password must be at least {PASSWORD_MIN} characters"),
        );
    }
    if Some(password) != confirm {
        errors.insert(confirm_field.into(), MSG_PASSWORD_MISMATCH.into());
    }
}

/// Other Staff get no SMS or e-mail lead notifications.
pub fn notification_flags(role: Role, send_sms: i64, send_email: i64) -> (i64, i64) {
    if role == Role::OtherStaff {
        (0, 0)
    } else {
        (send_sms, send_email)
    }
}

/// The profile form's fields as the rules see them.
pub struct ProfileForm<'a> {
    pub firstname: &'a str,
    pub lastname: &'a str,
    pub phone: &'a str,
    pub email: &'a str,
    pub password: Option<&'a str>,
    pub confirm: Option<&'a str>,
    pub send_cc_email: i64,
    pub cc_email: Option<&'a str>,
}

pub fn check_profile(form: &ProfileForm) -> FieldErrors {
    let mut errors = FieldErrors::new();
    for (field, label, value) in [
        ("firstName", "First name", form.firstname),
        ("lastName", "Last name", form.lastname),
    ] {
        if value.trim().is_empty() {
            errors.insert(field.into(), format!("{label} is required"));
        } else if !length_ok(value) {
            errors.insert(
                field.into(),
                format!("{label} must be at most 250 characters"),
            );
        } else if !is_alphanumeric_name(value) {
            errors.insert(
                field.into(),
                format!("{label} may contain letters and digits only"),
            );
        }
    }
    if form.phone.is_empty() {
        errors.insert("phone".into(), "Phone is required".into());
    } else if !is_profile_phone(form.phone) {
        errors.insert("phone".into(), "Phone must match 999-999-9999".into());
    }
    if form.email.is_empty() {
        errors.insert("email".into(), "Email is required".into());
    } else if !is_email(form.email) {
        errors.insert("email".into(), "Email must be valid".into());
    }
    let cc = form.cc_email.unwrap_or("");
    if form.send_cc_email == 1 {
        if cc.is_empty() {
            errors.insert("cc_email".into(), "CC email is required".into());
        } else if !is_email(cc) {
            errors.insert("cc_email".into(), "Email must be valid".into());
        }
    } else if !cc.is_empty() && !is_email(cc) {
        errors.insert("cc_email".into(), "Email must be valid".into());
    }
    check_password(form.password, form.confirm, "confirm", &mut errors);
    errors
}

/// Team name, description and at least one agent are required.
pub fn check_team(name: &str, description: &str, agent_count: Option<usize>) -> FieldErrors {
    let mut errors = FieldErrors::new();
    if name.trim().is_empty() {
        errors.insert("name".into(), MSG_REQUIRED.into());
    } else if !length_ok(name) {
        errors.insert("name".into(), "Name must be at most 250 characters".into());
    }
    if description.trim().is_empty() {
        errors.insert("description".into(), MSG_REQUIRED.into());
    }
    if agent_count == Some(0) {
        errors.insert("agents".into(), MSG_REQUIRED.into());
    }
    errors
}

/// Feedback needs some text, and not a novel.
pub fn check_feedback(message: &str) -> FieldErrors {
    let mut errors = FieldErrors::new();
    if message.trim().is_empty() {
        errors.insert("feedbackMessage".into(), MSG_REQUIRED.into());
    } else if message.chars().count() > 5000 {
        errors.insert(
            "feedbackMessage".into(),
            "Feedback must be at most 5000 characters".into(),
        );
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_told_from_line_breaks_and_tabs() {
        for bad in [
            "a\u{0}b",
            "\u{0}",
            "x\u{7}",
            "\u{1b}[31m",
            "del\u{7f}",
            "c1\u{85}",
            "\u{c}",
        ] {
            assert!(has_control_character(bad), "{bad:?}");
        }
        for good in [
            "",
            "équipe",
            "ПРИВЕТ",
            "two\nlines\r\n",
            "a\tb",
            "emoji 🏠",
            "\u{a0}nbsp",
        ] {
            assert!(!has_control_character(good), "{good:?}");
        }
    }

    fn agent<'a>() -> AgentForm<'a> {
        AgentForm {
            username: "ann.lee",
            firstname: "Ann",
            lastname: "Lee",
            phone: "555-123-4567",
            email: "ann@example.com",
            role_id: Some(2),
            password: None,
            confirm_password: None,
            send_sms: 1,
            send_email: 0,
            notification_email: None,
        }
    }

    #[test]
    fn a_valid_agent_passes() {
        assert!(check_agent(&agent()).is_empty());
    }

    #[test]
    fn missing_role_has_the_spec_message() {
        let errors = check_agent(&AgentForm {
            role_id: None,
            ..agent()
        });
        assert_eq!(errors["roles"], MSG_SELECT_ROLE);
        let errors = check_agent(&AgentForm {
            role_id: Some(42),
            ..agent()
        });
        assert_eq!(errors["roles"], MSG_SELECT_ROLE);
    }

    #[test]
    fn all_agent_errors_are_reported_together() {
        let errors = check_agent(&AgentForm {
            username: "",
            firstname: "Ann3",
            lastname: "",
            phone: "5551234567",
            email: "nope",
            role_id: None,
            ..agent()
        });
        assert_eq!(errors.len(), 6, "{errors:?}");
        assert_eq!(errors["firstname"], "First name may contain letters only");
        assert_eq!(errors["lastname"], "Last name is required");
        assert_eq!(errors["phone"], "Phone must match 999-999-9999");
        assert_eq!(errors["email"], "Email must be valid");
    }

    #[test]
    fn names_allow_inner_spaces_only() {
        assert!(is_letters_name("Mary Ann"));
        assert!(is_letters_name("José"));
        assert!(!is_letters_name(" Mary"));
        assert!(!is_letters_name("Mary  Ann"));
        assert!(!is_letters_name("O'Neil"));
        let long = "a".repeat(251);
        let errors = check_agent(&AgentForm {
            firstname: &long,
            ..agent()
        });
        assert_eq!(
            errors["firstname"],
            "First name must be at most 250 characters"
        );
    }

    #[test]
    fn passwords_must_match() {
        let errors = check_agent(&AgentForm {
            password: Some("secret-one"),
            confirm_password: Some("secret-two"),
            ..agent()
        });
        assert_eq!(errors["confirm_password"], MSG_PASSWORD_MISMATCH);
        let errors = check_agent(&AgentForm {
            password: Some("short"),
            confirm_password: Some("short"),
            ..agent()
        });
        assert_eq!(
            errors["pass_word"],
            "Password must be at least 8 characters"
        );
        assert!(check_agent(&AgentForm {
            password: Some(""),
            confirm_password: None,
            ..agent()
        })
        .is_empty());
    }

    #[test]
    fn notification_flags_are_zero_or_one() {
        let errors = check_agent(&AgentForm {
            send_sms: 2,
            ..agent()
        });
        assert_eq!(errors["send_sms"], "send_sms must be 0 or 1");
    }

    #[test]
    fn other_staff_gets_no_notifications() {
        assert_eq!(notification_flags(Role::OtherStaff, 1, 1), (0, 0));
        assert_eq!(notification_flags(Role::SalesStaff, 1, 0), (1, 0));
    }

    #[test]
    fn phones_and_emails() {
        assert!(is_phone("555-123-4567"));
        assert!(!is_phone("555-123-45678"));
        assert!(is_profile_phone("555-123-45678"));
        assert!(!is_phone("555 123 4567"));
        assert!(is_email("a.b@mail.example.com"));
        assert!(!is_email("a@localhost"));
        assert!(!is_email("a b@example.com"));
        assert!(!is_email("@example.com"));
        assert!(!is_email("a@@example.com"));
    }

    #[test]
    fn username_suggestion() {
        assert_eq!(suggested_username("Mary Ann", "O'Neil"), "maryann.oneil");
        assert!(is_username("mary.ann"));
        assert!(!is_username("mary ann"));
        assert!(!is_username(""));
    }

    fn profile<'a>() -> ProfileForm<'a> {
        ProfileForm {
            firstname: "Ann",
            lastname: "Lee2",
            phone: "555-123-4567",
            email: "ann@example.com",
            password: None,
            confirm: None,
            send_cc_email: 0,
            cc_email: None,
        }
    }

    #[test]
    fn profile_rules() {
        assert!(check_profile(&profile()).is_empty());
        let errors = check_profile(&ProfileForm {
            send_cc_email: 1,
            ..profile()
        });
        assert_eq!(errors["cc_email"], "CC email is required");
        let errors = check_profile(&ProfileForm {
            password: Some("long-enough"),
            confirm: Some("other-one"),
            ..profile()
        });
        assert_eq!(errors["confirm"], MSG_PASSWORD_MISMATCH);
        let errors = check_profile(&ProfileForm {
            firstname: "Ann!",
            phone: "",
            ..profile()
        });
        assert_eq!(
            errors["firstName"],
            "First name may contain letters and digits only"
        );
        assert_eq!(errors["phone"], "Phone is required");
    }

    #[test]
    fn team_rules() {
        assert!(check_team("North", "Sales team", Some(1)).is_empty());
        let errors = check_team(" ", "", Some(0));
        assert_eq!(errors.len(), 3);
        assert!(errors.values().all(|m| m == MSG_REQUIRED));
        assert!(check_team("North", "Sales", None).is_empty());
    }

    #[test]
    fn feedback_rules() {
        assert_eq!(check_feedback("  ")["feedbackMessage"], MSG_REQUIRED);
        assert!(check_feedback("Nice page").is_empty());
    }
}
