//! Billing (spec 3: Billing page, Invoice page; issue 21): the monthly invoice a builder's plan
//! gives, the status shown for an invoice, payments and credits, and money in cents.

use chrono::{Datelike, Duration, NaiveDate};

use crate::validation::FieldErrors;

/// What a plan's unit price is charged per.
pub const UNIT_HOME: &str = "home";
pub const UNIT_DEVICE: &str = "device";

/// An invoice's stored status (spec 3 §4).
pub const PAID: &str = "paid";
pub const NOT_PAID: &str = "not_paid";

pub const PAYMENT: &str = "payment";
pub const CREDIT: &str = "credit";

/// The default net terms of a new billing account.
pub const DEFAULT_NET_TERM_DAYS: i64 = 30;

/// The month an invoice covers: its first and last day.
pub fn month_of(day: NaiveDate) -> (NaiveDate, NaiveDate) {
    let first = day.with_day(1).expect("every month has a first day");
    let next = if first.month() == 12 {
        NaiveDate::from_ymd_opt(first.year() + 1, 1, 1)
    } else {
        NaiveDate::from_ymd_opt(first.year(), first.month() + 1, 1)
    }
    .expect("a month's successor exists");
    (first, next.pred_opt().expect("a day before the first"))
}

/// The month before the one `day` falls in: what an invoice issued on `day` bills.
pub fn previous_month(day: NaiveDate) -> (NaiveDate, NaiveDate) {
    let (first, _) = month_of(day);
    month_of(first.pred_opt().expect("a day before the first"))
}

/// The invoice's number: the builder and the month billed (`TD-202610-0012`).
pub fn doc_number(builder_id: i64, period_start: NaiveDate) -> String {
    format!(
        "TD-{}{:02}-{builder_id:04}",
        period_start.year(),
        period_start.month()
    )
}

pub fn due_date(invoice_date: NaiveDate, net_term_days: i64) -> NaiveDate {
    invoice_date + Duration::days(net_term_days)
}

/// The invoice's line for a month of the plan: the units in service times the unit price.
#[derive(Debug, Clone, PartialEq)]
pub struct LineItem {
    pub item_name: String,
    pub description: String,
    pub quantity: i64,
    pub unit_price: i64,
    pub amount: i64,
}

pub fn plan_line(
    invoice_name: &str,
    description: &str,
    unit: &str,
    units: i64,
    unit_price: i64,
    period: (NaiveDate, NaiveDate),
) -> LineItem {
    let what = if unit == UNIT_DEVICE {
        "devices"
    } else {
        "homes"
    };
    let detail = format!(
        "{units} {what} in service, {} to {}",
        period.0.format("%m/%d/%Y"),
        period.1.format("%m/%d/%Y")
    );
    LineItem {
        item_name: invoice_name.to_string(),
        description: if description.trim().is_empty() {
            detail
        } else {
            format!("{description} ({detail})")
        },
        quantity: units,
        unit_price,
        amount: units * unit_price,
    }
}

/// What the billing page shows (spec 3 §4): Paid when nothing is due, else Overdue once the due
/// date has passed, else Pending.
pub fn shown_status(balance: i64, due: NaiveDate, today: NaiveDate) -> &'static str {
    if balance <= 0 {
        "Paid"
    } else if due < today {
        "Overdue"
    } else {
        "Pending"
    }
}

/// Money as the console shows it: USD, en-US (`$1,234.50`, `-$5.00`).
pub fn dollars(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let cents = cents.unsigned_abs();
    let whole = (cents / 100).to_string();
    let mut grouped = String::new();
    for (n, digit) in whole.chars().enumerate() {
        if n > 0 && (whole.len() - n).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    format!("{sign}${grouped}.{:02}", cents % 100)
}

/// Checks a payment or credit against the invoice's balance: a positive amount, of a known kind,
/// no more than is due.
pub fn check_payment(kind: &str, amount: i64, balance: i64) -> FieldErrors {
    let mut errors = FieldErrors::new();
    if kind != PAYMENT && kind != CREDIT {
        add(&mut errors, "kind", "Kind must be payment or credit");
    }
    if amount <= 0 {
        add(&mut errors, "amount", "Amount must be more than $0.00");
    } else if amount > balance {
        add(
            &mut errors,
            "amount",
            format!(
                "Amount cannot be more than the balance due ({})",
                dollars(balance)
            ),
        );
    }
    errors
}

/// Keeps a field's first message.
fn add(errors: &mut FieldErrors, field: &str, message: impl Into<String>) {
    errors
        .entry(field.to_string())
        .or_insert_with(|| message.into());
}

/// A billing account's fields as saved: the plan (cents per home or device per month, net
/// terms) and whom invoices are addressed to.
#[derive(Debug, Clone, PartialEq, serde::Deserialize, utoipa::ToSchema)]
pub struct AccountFields {
    /// home or device.
    pub plan_unit: String,
    pub plan_unit_price: i64,
    pub invoice_name: String,
    #[serde(default)]
    pub description: String,
    #[serde(default = "default_net_terms")]
    pub net_term_days: i64,
    pub company: String,
    pub first_name: String,
    pub last_name: String,
    pub line1: String,
    pub city: String,
    pub state_code: String,
    pub zip: String,
}

fn default_net_terms() -> i64 {
    DEFAULT_NET_TERM_DAYS
}

impl AccountFields {
    /// The fields as they are saved: without surrounding spaces.
    pub fn trimmed(&self) -> AccountFields {
        let t = |s: &String| s.trim().to_string();
        AccountFields {
            plan_unit: t(&self.plan_unit),
            invoice_name: t(&self.invoice_name),
            description: t(&self.description),
            company: t(&self.company),
            first_name: t(&self.first_name),
            last_name: t(&self.last_name),
            line1: t(&self.line1),
            city: t(&self.city),
            state_code: t(&self.state_code),
            zip: t(&self.zip),
            ..self.clone()
        }
    }
}

/// Checks a billing account: its plan and the address its invoices go to.
pub fn check_account(account: &AccountFields) -> FieldErrors {
    let mut errors = FieldErrors::new();
    if account.plan_unit != UNIT_HOME && account.plan_unit != UNIT_DEVICE {
        add(
            &mut errors,
            "plan_unit",
            "The plan is per home or per device",
        );
    }
    if !(0..=100_000_000).contains(&account.plan_unit_price) {
        add(
            &mut errors,
            "plan_unit_price",
            "The unit price is from $0.00 to $1,000,000.00",
        );
    }
    if !(0..=120).contains(&account.net_term_days) {
        add(
            &mut errors,
            "net_term_days",
            "Net terms are from 0 to 120 days",
        );
    }
    for (field, value, label) in [
        ("invoice_name", &account.invoice_name, "Invoice name"),
        ("company", &account.company, "Company"),
        ("first_name", &account.first_name, "First name"),
        ("last_name", &account.last_name, "Last name"),
        ("line1", &account.line1, "Address"),
        ("city", &account.city, "City"),
        ("state_code", &account.state_code, "State"),
        ("zip", &account.zip, "Zip"),
    ] {
        if value.trim().is_empty() {
            add(&mut errors, field, format!("{label} is required"));
        } else if value.chars().count() > 250 {
            add(
                &mut errors,
                field,
                format!("{label} is at most 250 characters"),
            );
        }
    }
    if account.description.chars().count() > 1000 {
        add(
            &mut errors,
            "description",
            "Description is at most 1000 characters",
        );
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
    }

    #[test]
    fn months_and_numbers() {
        assert_eq!(
            month_of(day("2026-02-14")),
            (day("2026-02-01"), day("2026-02-28"))
        );
        assert_eq!(month_of(day("2028-02-29")).1, day("2028-02-29"));
        assert_eq!(
            previous_month(day("2026-01-01")),
            (day("2025-12-01"), day("2025-12-31"))
        );
        assert_eq!(previous_month(day("2026-11-24")).0, day("2026-10-01"));
        assert_eq!(doc_number(12, day("2026-10-01")), "TD-202610-0012");
        assert_eq!(due_date(day("2026-11-01"), 30), day("2026-12-01"));
    }

    #[test]
    fn the_plan_line_is_units_times_price() {
        let line = plan_line(
            "Self-Tour Subscription",
            "Self-guided touring",
            UNIT_HOME,
            12,
            2_500,
            (day("2026-10-01"), day("2026-10-31")),
        );
        assert_eq!(line.amount, 30_000);
        assert_eq!(line.quantity, 12);
        assert_eq!(
            line.description,
            "Self-guided touring (12 homes in service, 10/01/2026 to 10/31/2026)"
        );
        let devices = plan_line(
            "Locks",
            "",
            UNIT_DEVICE,
            3,
            900,
            (day("2026-10-01"), day("2026-10-31")),
        );
        assert_eq!(
            devices.description,
            "3 devices in service, 10/01/2026 to 10/31/2026"
        );
    }

    #[test]
    fn the_shown_status_follows_balance_and_due_date() {
        let due = day("2026-11-10");
        assert_eq!(shown_status(0, due, day("2026-12-01")), "Paid");
        assert_eq!(shown_status(-5, due, day("2026-11-01")), "Paid");
        assert_eq!(shown_status(100, due, day("2026-11-11")), "Overdue");
        assert_eq!(shown_status(100, due, day("2026-11-10")), "Pending");
    }

    #[test]
    fn money_reads_as_dollars() {
        assert_eq!(dollars(0), "$0.00");
        assert_eq!(dollars(5), "$0.05");
        assert_eq!(dollars(123_456_789), "$1,234,567.89");
        assert_eq!(dollars(100_000), "$1,000.00");
        assert_eq!(dollars(-500), "-$5.00");
    }

    #[test]
    fn payments_are_checked_against_the_balance() {
        assert!(check_payment(PAYMENT, 500, 500).is_empty());
        assert!(check_payment(CREDIT, 1, 500).is_empty());
        let over = check_payment(PAYMENT, 501, 500);
        assert_eq!(
            over.get("amount").map(String::as_str),
            Some("Amount cannot be more than the balance due ($5.00)")
        );
        assert!(check_payment(PAYMENT, 0, 500).contains_key("amount"));
        assert!(check_payment("refund", 10, 500).contains_key("kind"));
    }

    #[test]
    fn accounts_are_checked() {
        let mut account = AccountFields {
            plan_unit: UNIT_HOME.into(),
            plan_unit_price: 2_500,
            invoice_name: "Self-Tour Subscription".into(),
            description: String::new(),
            net_term_days: 30,
            company: "Brightway Homes".into(),
            first_name: "Paula".into(),
            last_name: "Manning".into(),
            line1: "1 Main St".into(),
            city: "Austin".into(),
            state_code: "TX".into(),
            zip: "78701".into(),
        };
        assert!(check_account(&account).is_empty());
        account.plan_unit = "month".into();
        account.net_term_days = 400;
        account.city = " ".into();
        let errors = check_account(&account);
        assert!(errors.contains_key("plan_unit"));
        assert!(errors.contains_key("net_term_days"));
        assert_eq!(errors["city"], "City is required");
    }
}
