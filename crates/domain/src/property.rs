//! Property rules (spec 1 §4–5, spec 3 §5): the wizard's first step and the edit form's save,
//! each with its own messages, and the disposition rules.

use serde_json::Value;

use crate::validation::FieldErrors;

/// A field that holds something other than a number or blank.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotANumber;

/// A numeric field as forms send it: a number, a numeric text, or blank (missing).
pub fn number(value: Option<&Value>) -> Result<Option<f64>, NotANumber> {
    match value {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(n)) => n.as_f64().map(Some).ok_or(NotANumber),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(Value::String(s)) => s
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|n| n.is_finite())
            .map(Some)
            .ok_or(NotANumber),
        Some(_) => Err(NotANumber),
    }
}

/// Which form is being checked: they share rules but word their messages differently.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PropertyForm {
    /// The create wizard's Property Info step.
    Wizard,
    /// The detail page's info card.
    Edit,
}

struct Rule {
    field: &'static str,
    wizard: &'static str,
    edit: &'static str,
}

const TEXT_RULES: [Rule; 4] = [
    Rule {
        field: "address_1",
        wizard: "Address field is required",
        edit: "Address is required",
    },
    Rule {
        field: "city",
        wizard: "City field is required",
        edit: "City is required",
    },
    Rule {
        field: "state",
        wizard: "State field is required",
        edit: "State is required",
    },
    Rule {
        field: "zipcode",
        wizard: "Zipcode field is required",
        edit: "Zipcode is required",
    },
];

const NUMBER_RULES: [Rule; 4] = [
    Rule {
        field: "bedrooms",
        wizard: "Bedrooms field is required",
        edit: "Bedrooms is required",
    },
    Rule {
        field: "fullBathrooms",
        wizard: "Full Bathrooms field is required",
        edit: "Full Bathrooms is required",
    },
    Rule {
        field: "halfBathrooms",
        wizard: "Half Bathrooms field is required",
        edit: "Half Bathrooms is required",
    },
    Rule {
        field: "squareFootage",
        wizard: "Square Footage field is required",
        edit: "Square Footage is required",
    },
];

fn text<'a>(object: &'a serde_json::Map<String, Value>, field: &str) -> &'a str {
    object
        .get(field)
        .and_then(Value::as_str)
        .unwrap_or("")
        .trim()
}

/// Checks a property object as the given form sends it.
pub fn check(form: PropertyForm, object: &serde_json::Map<String, Value>) -> FieldErrors {
    let mut errors = FieldErrors::new();
    let pick = |rule: &Rule| match form {
        PropertyForm::Wizard => rule.wizard,
        PropertyForm::Edit => rule.edit,
    };
    for rule in &TEXT_RULES {
        if text(object, rule.field).is_empty() {
            errors.insert(rule.field.into(), pick(rule).into());
        }
    }
    for rule in &NUMBER_RULES {
        match number(object.get(rule.field)) {
            Ok(Some(n)) if n >= 0.0 && n.fract() == 0.0 && n < 1e9 => {}
            Ok(Some(_)) | Err(NotANumber) => {
                errors.insert(rule.field.into(), "Must be a number".into());
            }
            Ok(None) => {
                errors.insert(rule.field.into(), pick(rule).into());
            }
        }
    }
    match number(object.get("price")) {
        Ok(None) => {}
        Ok(Some(n)) if (0.0..1e12).contains(&n) => {}
        _ => {
            let message = if form == PropertyForm::Wizard {
                "Price must be a number"
            } else {
                "Must be a number"
            };
            errors.insert("price".into(), message.into());
        }
    }
    let id_missing = |field: &str| !matches!(number(object.get(field)), Ok(Some(n)) if n > 0.0);
    if id_missing("community_id") {
        errors.insert("community_id".into(), missing_community(form).into());
    }
    if !matches!(number(object.get("timezone")), Ok(Some(n)) if crate::catalog::is_timezone(n as i64))
    {
        let message = if form == PropertyForm::Wizard {
            "timezone required"
        } else {
            "Timezone is required"
        };
        errors.insert("timezone".into(), message.into());
    }
    if form == PropertyForm::Edit {
        for (field, label) in [("latitude", "Latitude"), ("longitude", "Longitude")] {
            match number(object.get(field)) {
                Ok(Some(_)) => {}
                Ok(None) => {
                    errors.insert(field.into(), format!("{label} is required"));
                }
                Err(NotANumber) => {
                    errors.insert(field.into(), "Must be a number".into());
                }
            }
        }
        if !matches!(object.get("isModel"), Some(Value::Bool(_))) {
            errors.insert("isModel".into(), "Is Model is required".into());
        }
    }
    errors
}

/// The message for a missing community (or one the builder does not have).
pub fn missing_community(form: PropertyForm) -> &'static str {
    match form {
        PropertyForm::Wizard => "community required",
        PropertyForm::Edit => "Community is required",
    }
}

/// Dispositions offered in the short list (spec 1 §4), to staff who are not property managers.
pub const SHORT_LIST: [&str; 2] = ["PROPERTY_AVAILABLE", "PROPERTY_STAFF_ACCESS"];

/// The refusal of a disposition outside the short list.
pub const MSG_SHORT_LIST_ONLY: &str = "Only a property manager can choose this status";

/// Whether a disposition may be chosen: Rented only for rental builders.
pub fn disposition_allowed(constant: &str, is_rental: bool) -> bool {
    match constant {
        "PROPERTY_RENTED" => is_rental,
        other => crate::catalog::disposition_by_constant(other).is_some(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn object(value: Value) -> serde_json::Map<String, Value> {
        value.as_object().unwrap().clone()
    }

    fn complete() -> Value {
        json!({"address_1": "1 Oak St", "city": "Austin", "state": "TX", "zipcode": "78701", "bedrooms": 3,
               "fullBathrooms": "2", "halfBathrooms": 1, "squareFootage": 1800, "community_id": 4, "timezone": 53,
               "latitude": 30.2, "longitude": -97.7, "isModel": false, "price": "450000"})
    }

    #[test]
    fn complete_objects_pass_both_forms() {
        assert!(check(PropertyForm::Wizard, &object(complete())).is_empty());
        assert!(check(PropertyForm::Edit, &object(complete())).is_empty());
    }

    #[test]
    fn the_wizard_words_its_messages_its_way() {
        let errors = check(
            PropertyForm::Wizard,
            &object(json!({"bedrooms": " ", "price": "abc", "timezone": 0})),
        );
        assert_eq!(errors["address_1"], "Address field is required");
        assert_eq!(
            errors["bedrooms"], "Bedrooms field is required",
            "blank counts as missing"
        );
        assert_eq!(errors["fullBathrooms"], "Full Bathrooms field is required");
        assert_eq!(errors["price"], "Price must be a number");
        assert_eq!(errors["community_id"], "community required");
        assert_eq!(errors["timezone"], "timezone required");
        assert!(
            !errors.contains_key("latitude"),
            "coordinates come later, from the geocoder"
        );
    }

    #[test]
    fn the_edit_form_words_its_messages_its_way() {
        let mut value = complete();
        value["latitude"] = json!("");
        value["longitude"] = json!("west");
        value["squareFootage"] = json!("");
        value["price"] = json!("lots");
        value["isModel"] = Value::Null;
        value["timezone"] = json!(0);
        let errors = check(PropertyForm::Edit, &object(value));
        assert_eq!(errors["latitude"], "Latitude is required");
        assert_eq!(errors["longitude"], "Must be a number");
        assert_eq!(errors["squareFootage"], "Square Footage is required");
        assert_eq!(errors["price"], "Must be a number");
        assert_eq!(errors["isModel"], "Is Model is required");
        assert_eq!(errors["timezone"], "Timezone is required");
    }

    #[test]
    fn numbers_from_forms() {
        assert_eq!(number(Some(&json!("12"))), Ok(Some(12.0)));
        assert_eq!(number(Some(&json!(""))), Ok(None));
        assert_eq!(number(Some(&json!("1e500"))), Err(NotANumber));
        assert_eq!(number(Some(&json!(true))), Err(NotANumber));
    }

    #[test]
    fn rented_is_for_rental_builders() {
        assert!(disposition_allowed("PROPERTY_RENTED", true));
        assert!(!disposition_allowed("PROPERTY_RENTED", false));
        assert!(disposition_allowed("PROPERTY_SOLD", false));
        assert!(!disposition_allowed("NOPE", true));
    }
}
