//! Sharing a self-tour link (spec 2 §2 Share, §5): the form's rules and messages, the visit
//! times offered, and the two ways of booking.

use chrono::{NaiveDate, NaiveDateTime, NaiveTime};

use crate::catalog::VISITOR_TYPES;
use crate::validation::{is_email, is_phone, FieldErrors, NAME_MAX};

/// An invite with a username and password that skips identity verification.
pub const VERIFIED_CUSTOMER: &str = "verifiedCustomer";
/// An invite to a scheduled tour; the recipient verifies their identity first.
pub const SCHEDULED_TOUR: &str = "scheduledTour";

/// The visitor types an invite may carry: V and AG.
pub const SHARE_VISITOR_TYPES: [&str; 2] = ["V", "AG"];

/// The visit times offered: every 30 minutes from 7:00 AM to 8:30 PM.
pub fn visit_times() -> Vec<String> {
    (14..=41)
        .map(|half_hours: u32| {
            let (hour, minute) = (half_hours / 2, (half_hours % 2) * 30);
            let (shown, half) = match hour {
                0 => (12, "AM"),
                1..=11 => (hour, "AM"),
                12 => (12, "PM"),
                _ => (hour - 12, "PM"),
            };
            format!("{shown}:{minute:02} {half}")
        })
        .collect()
}

/// A visit time as offered (`7:30 PM`) read as a time of day; anything not offered is `None`.
pub fn parse_visit_time(text: &str) -> Option<NaiveTime> {
    let text = text.trim();
    if !visit_times().iter().any(|t| t == text) {
        return None;
    }
    NaiveTime::parse_from_str(text, "%-I:%M %p").ok()
}

/// A visit date in the spec's MM/dd/yyyy form.
pub fn parse_visit_date(text: &str) -> Option<NaiveDate> {
    let text = text.trim();
    let parts: Vec<&str> = text.split('/').collect();
    if parts.len() != 3 || parts[0].len() != 2 || parts[1].len() != 2 || parts[2].len() != 4 {
        return None;
    }
    NaiveDate::parse_from_str(text, "%m/%d/%Y").ok()
}

/// The share request as the form sends it.
#[derive(Debug, Default, Clone)]
pub struct ShareForm<'a> {
    pub firstname: &'a str,
    pub lastname: &'a str,
    pub email_1: &'a str,
    pub cell_phone_1: &'a str,
    pub property_id: i64,
    pub book_tour: &'a str,
    pub visitor_type_id: i64,
    pub visit_date: Option<&'a str>,
    pub visit_time: Option<&'a str>,
}

/// Every error of the form, with the spec's messages; for a scheduled tour also the local time
/// of the visit when its date and time are valid.
pub fn check(form: &ShareForm) -> (FieldErrors, Option<NaiveDateTime>) {
    let mut errors = FieldErrors::new();
    let mut put = |field: &str, message: &str| {
        errors.insert(field.to_string(), message.to_string());
    };
    for (field, value, label) in [
        ("firstname", form.firstname, "First Name"),
        ("lastname", form.lastname, "Last Name"),
    ] {
        let length = value.trim().chars().count();
        if length == 0 {
            put(field, &format!("{label} is required"));
        } else if length > NAME_MAX {
            put(
                field,
                &format!("{label} must be at most {NAME_MAX} characters"),
            );
        }
    }
    let email = form.email_1.trim();
    if email.is_empty() {
        put("email_1", "Email is required");
    } else if !is_email(email) {
        put("email_1", "Email must be valid email");
    }
    let phone = form.cell_phone_1.trim();
    if phone.is_empty() {
        put("cell_phone_1", "Phone is required");
    } else if !is_phone(phone) {
        put("cell_phone_1", "Phone must match 999-999-9999");
    }
    if form.property_id < 1 {
        put("property_id", "Property is required");
    }
    let visitor_type = VISITOR_TYPES
        .iter()
        .find(|(id, _, _)| *id == form.visitor_type_id);
    match visitor_type {
        _ if form.visitor_type_id < 1 => put("visitor_type_id", "Visitor Type is required"),
        Some((_, name, _)) if SHARE_VISITOR_TYPES.contains(name) => {}
        _ => put("visitor_type_id", "Choose V or AG"),
    }
    let mut visit = None;
    match form.book_tour {
        VERIFIED_CUSTOMER => {}
        SCHEDULED_TOUR => {
            let date = form.visit_date.map(str::trim).filter(|d| !d.is_empty());
            let time = form.visit_time.map(str::trim).filter(|t| !t.is_empty());
            let day = match date {
                None => {
                    put("visit_date", "Visit date is required");
                    None
                }
                Some(text) => {
                    let day = parse_visit_date(text);
                    if day.is_none() {
                        put("visit_date", "Visit date must be a date like 12/31/2026");
                    }
                    day
                }
            };
            let at = match time {
                None => {
                    put("visit_time", "Visit time is required");
                    None
                }
                Some(text) => {
                    let at = parse_visit_time(text);
                    if at.is_none() {
                        put("visit_time", "Choose a time from 7:00 AM to 8:30 PM");
                    }
                    at
                }
            };
            visit = day.zip(at).map(|(d, t)| d.and_time(t));
        }
        _ => put("book_tour", "Book Tour is required"),
    }
    (errors, visit)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> ShareForm<'static> {
        ShareForm {
            firstname: "Ann",
            lastname: "Lee",
            email_1: "ann@example.com",
            cell_phone_1: "555-234-5678",
            property_id: 7,
            book_tour: SCHEDULED_TOUR,
            visitor_type_id: 122,
            visit_date: Some("12/01/2026"),
            visit_time: Some("8:30 PM"),
        }
    }

    #[test]
    fn visit_times_run_every_half_hour_from_seven_to_half_past_eight() {
        let times = visit_times();
        assert_eq!(times.len(), 28);
        assert_eq!(times.first().map(String::as_str), Some("7:00 AM"));
        assert_eq!(times[10], "12:00 PM");
        assert_eq!(times.last().map(String::as_str), Some("8:30 PM"));
        assert_eq!(
            parse_visit_time("1:30 PM"),
            NaiveTime::from_hms_opt(13, 30, 0)
        );
        assert_eq!(
            parse_visit_time("12:00 PM"),
            NaiveTime::from_hms_opt(12, 0, 0)
        );
        for refused in ["6:30 AM", "9:00 PM", "7:15 AM", "13:00", ""] {
            assert_eq!(parse_visit_time(refused), None, "{refused}");
        }
    }

    #[test]
    fn a_valid_scheduled_invite_has_its_local_time() {
        let (errors, visit) = check(&form());
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(
            visit,
            NaiveDate::from_ymd_opt(2026, 12, 1).and_then(|d| d.and_hms_opt(20, 30, 0))
        );
        let verified = ShareForm {
            book_tour: VERIFIED_CUSTOMER,
            visit_date: None,
            visit_time: None,
            ..form()
        };
        assert_eq!(check(&verified), (FieldErrors::new(), None));
    }

    #[test]
    fn every_rule_has_the_specs_message() {
        let empty = ShareForm::default();
        let (errors, _) = check(&empty);
        assert_eq!(errors["firstname"], "First Name is required");
        assert_eq!(errors["lastname"], "Last Name is required");
        assert_eq!(errors["email_1"], "Email is required");
        assert_eq!(errors["cell_phone_1"], "Phone is required");
        assert_eq!(errors["property_id"], "Property is required");
        assert_eq!(errors["visitor_type_id"], "Visitor Type is required");
        assert_eq!(errors["book_tour"], "Book Tour is required");
        let long = "x".repeat(251);
        let bad = ShareForm {
            firstname: &long,
            email_1: "ann@",
            cell_phone_1: "5552345678",
            visitor_type_id: 124,
            visit_date: Some("2026-12-01"),
            visit_time: None,
            ..form()
        };
        let (errors, visit) = check(&bad);
        assert_eq!(
            errors["firstname"],
            "First Name must be at most 250 characters"
        );
        assert_eq!(errors["email_1"], "Email must be valid email");
        assert_eq!(errors["cell_phone_1"], "Phone must match 999-999-9999");
        assert_eq!(errors["visitor_type_id"], "Choose V or AG");
        assert_eq!(
            errors["visit_date"],
            "Visit date must be a date like 12/31/2026"
        );
        assert_eq!(errors["visit_time"], "Visit time is required");
        assert_eq!(visit, None);
        let (errors, _) = check(&ShareForm {
            visit_date: None,
            ..form()
        });
        assert_eq!(errors["visit_date"], "Visit date is required");
        let (errors, _) = check(&ShareForm {
            visit_date: Some("02/30/2026"),
            ..form()
        });
        assert!(errors.contains_key("visit_date"), "no such day");
    }
}
