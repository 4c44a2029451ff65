//! The demo's billing: each builder's billing account and six months of invoices, the older ones
//! paid (one partly by a credit), last month's overdue and this month's due on the 16th, with the
//! billing pages switched on.

use chrono::{DateTime, Duration, Utc};
use domain::billing::{AccountFields, CREDIT, PAYMENT, UNIT_DEVICE, UNIT_HOME};

/// Billing accounts of the demo builders, their invoices since six months ago, and BILLING_UI on.
pub async fn set_up(
    db: &db::Db,
    builders: &[(i64, &str, &str)],
    now: DateTime<Utc>,
) -> db::Result<()> {
    db::flags::set(db, "BILLING_UI", true).await?;
    for (n, (builder, company, city)) in builders.iter().enumerate() {
        let per_device = n == 2;
        let account = AccountFields {
            plan_unit: if per_device { UNIT_DEVICE } else { UNIT_HOME }.into(),
            plan_unit_price: if per_device { 1_900 } else { 2_500 },
            invoice_name: "Self-Tour Subscription".into(),
            description: if per_device {
                "Smart locks and hubs on self-tour homes".into()
            } else {
                "Self-guided tours of homes in service".into()
            },
            // Net 15: last month's invoice is always overdue by the time this month's is issued.
            net_term_days: 15,
            company: company.to_string(),
            first_name: "Accounts".into(),
            last_name: "Payable".into(),
            line1: format!("{} Commerce Street", 100 + n * 100),
            city: city.to_string(),
            state_code: "TX".into(),
            zip: format!("787{:02}", n + 1),
        };
        db::billing::save_account(db, *builder, &account, now).await?;
        db::builders::set_quickbook_id(db, *builder, Some(&format!("QB-{}", 4100 + builder)))
            .await?;
        // The 1st of each of the last six months, oldest first: each bills the month before.
        let mut issued = Vec::new();
        let mut first = domain::billing::month_of(now.date_naive()).0;
        for _ in 0..6 {
            let period = domain::billing::previous_month(first);
            let at = first.and_hms_opt(9, 0, 0).expect("a time").and_utc();
            if let Some(id) = db::billing::issue(db, *builder, period, first, at).await? {
                issued.push((id, at));
            }
            first = period.0;
        }
        issued.reverse();
        // All but the last two were paid a few weeks after they were issued; one had a credit
        // for a lock that was out of service.
        let paid = issued.len().saturating_sub(2);
        for (k, (id, at)) in issued.iter().take(paid).enumerate() {
            let invoice = db::billing::get(db, &db::Scope::All, *id, now.date_naive())
                .await?
                .expect("an issued invoice");
            let mut due = invoice.balance;
            if k == 1 && due > 1_000 {
                let credit = due / 10;
                db::billing::record_payment(
                    db,
                    *id,
                    CREDIT,
                    credit,
                    "Lock out of service for a week",
                    "demo.admin",
                    *at + Duration::days(3),
                )
                .await?;
                due -= credit;
            }
            if due > 0 {
                db::billing::record_payment(
                    db,
                    *id,
                    PAYMENT,
                    due,
                    "ACH transfer",
                    "demo.admin",
                    *at + Duration::days(20),
                )
                .await?;
            }
        }
    }
    Ok(())
}
