//! Community rules and messages (spec 3 §5): the info form and the access codes.

use crate::validation::{FieldErrors, NAME_MAX};

pub const MSG_DIGITS_ONLY: &str = "The field should have digits only";
pub const MSG_TRADE_CODE: &str =
    "Trade code are must have between 4-8 digits! Empty slots are acceptable";
pub const MSG_SYNC_CODE: &str = "At least one code must be at least 4 characters long";
pub const MIN_SYNC_CODE: usize = 4;

/// The community info form as the rules see it.
pub struct CommunityForm<'a> {
    pub name: &'a str,
    pub state: &'a str,
    pub city: &'a str,
    pub zip: &'a str,
    pub sales_agent: &'a str,
    pub emergency_contacts: &'a str,
    pub builder_chosen: bool,
}

pub fn check_community(form: &CommunityForm) -> FieldErrors {
    let mut errors = FieldErrors::new();
    let required = [
        ("name", form.name, "Name is required field"),
        ("state", form.state, "State is required field"),
        ("city", form.city, "City is required field"),
        ("zip", form.zip, "Zip is required field"),
        (
            "sales_agent",
            form.sales_agent,
            "Sales contact is a required field",
        ),
        (
            "emergency_contacts",
            form.emergency_contacts,
            "Point person is a required field",
        ),
    ];
    for (field, value, message) in required {
        if value.trim().is_empty() {
            errors.insert(field.into(), message.into());
        } else if value.chars().count() > NAME_MAX {
            errors.insert(
                field.into(),
                format!("{field} must be at most {NAME_MAX} characters"),
            );
        }
    }
    if !form.builder_chosen {
        errors.insert("builder_id".into(), "Builder is required field".into());
    }
    errors
}

fn digits_only(code: &str) -> bool {
    code.bytes().all(|b| b.is_ascii_digit())
}

/// Master (backup), trade and sales codes: digits only, empty allowed; a trade code has 4–8 digits.
pub fn check_codes(codes: &[(&str, &str)]) -> FieldErrors {
    let mut errors = FieldErrors::new();
    for (field, code) in codes {
        if !digits_only(code) {
            errors.insert(field.to_string(), MSG_DIGITS_ONLY.into());
        } else if *field == "trade_code" && !code.is_empty() && !(4..=8).contains(&code.len()) {
            errors.insert(field.to_string(), MSG_TRADE_CODE.into());
        }
    }
    errors
}

/// Syncing codes to locks needs at least one code of 4 or more characters.
pub fn check_sync_codes(codes: &[&str]) -> Result<(), &'static str> {
    if codes
        .iter()
        .any(|c| c.trim().chars().count() >= MIN_SYNC_CODE)
    {
        Ok(())
    } else {
        Err(MSG_SYNC_CODE)
    }
}

/// An integration project id: digits (a trailing space allowed) or empty, which means none.
pub fn project_id(text: &str) -> Result<Option<i64>, &'static str> {
    let trimmed = text.trim_end();
    if trimmed.is_empty() {
        return Ok(None);
    }
    if !digits_only(trimmed) || trimmed.len() > 18 {
        return Err(MSG_DIGITS_ONLY);
    }
    trimmed.parse().map(Some).map_err(|_| MSG_DIGITS_ONLY)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form<'a>() -> CommunityForm<'a> {
        CommunityForm {
            name: "Oak Ridge",
            state: "TX",
            city: "Austin",
            zip: "78701",
            sales_agent: "555-123-4567",
            emergency_contacts: "demo.pm",
            builder_chosen: true,
        }
    }

    #[test]
    fn community_messages_are_the_specs() {
        assert!(check_community(&form()).is_empty());
        let errors = check_community(&CommunityForm {
            name: "",
            state: " ",
            city: "",
            zip: "",
            sales_agent: "",
            emergency_contacts: "",
            builder_chosen: false,
        });
        assert_eq!(errors["name"], "Name is required field");
        assert_eq!(errors["state"], "State is required field");
        assert_eq!(errors["city"], "City is required field");
        assert_eq!(errors["zip"], "Zip is required field");
        assert_eq!(errors["sales_agent"], "Sales contact is a required field");
        assert_eq!(
            errors["emergency_contacts"],
            "Point person is a required field"
        );
        assert_eq!(errors["builder_id"], "Builder is required field");
    }

    #[test]
    fn codes() {
        assert!(check_codes(&[
            ("community_backup_code", ""),
            ("trade_code", "1234"),
            ("sales_code", "99")
        ])
        .is_empty());
        assert_eq!(
            check_codes(&[("sales_code", "12a")])["sales_code"],
            MSG_DIGITS_ONLY
        );
        assert_eq!(
            check_codes(&[("trade_code", "123")])["trade_code"],
            MSG_TRADE_CODE
        );
        assert_eq!(
            check_codes(&[("trade_code", "123456789")])["trade_code"],
            MSG_TRADE_CODE
        );
        assert!(check_codes(&[("trade_code", "12345678")]).is_empty());
    }

    #[test]
    fn sync_needs_one_long_code() {
        assert_eq!(check_sync_codes(&["12", "", "123"]), Err(MSG_SYNC_CODE));
        assert_eq!(check_sync_codes(&["12", "1234", ""]), Ok(()));
    }

    #[test]
    fn project_ids() {
        assert_eq!(project_id(""), Ok(None));
        assert_eq!(project_id("123 "), Ok(Some(123)));
        assert_eq!(project_id(" 123"), Err(MSG_DIGITS_ONLY));
        assert_eq!(project_id("12a"), Err(MSG_DIGITS_ONLY));
    }
}
