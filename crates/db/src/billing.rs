//! Billing: each builder's billing account, the monthly invoices issued from it, and the
//! payments and credits recorded against them. Money is in cents.

use chrono::{DateTime, NaiveDate, Utc};
use domain::billing::{AccountFields, LineItem};
use serde::Serialize;
use sqlx::FromRow;
use utoipa::ToSchema;

use crate::{on_pool, Db, Result, Scope};

/// The job that issues every billing account's invoice for the month before (on the 1st).
pub const MONTHLY: &str = "invoices.monthly";

/// A builder's billing account: its plan and whom its invoices are addressed to.
#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct BillingAccount {
    pub builder_id: i64,
    /// home or device: what the unit price is charged per.
    pub plan_unit: String,
    /// Cents per unit and month.
    pub plan_unit_price: i64,
    pub invoice_name: String,
    pub description: String,
    pub net_term_days: i64,
    pub company: String,
    pub first_name: String,
    pub last_name: String,
    pub line1: String,
    pub city: String,
    pub state_code: String,
    pub zip: String,
    pub modified_on: DateTime<Utc>,
}

const ACCOUNT_COLUMNS: &str =
    "builder_id, plan_unit, plan_unit_price, invoice_name, description, net_term_days, \
     company, first_name, last_name, line1, city, state_code, zip, modified_on";

pub async fn account(db: &Db, builder_id: i64) -> Result<Option<BillingAccount>> {
    let sql = format!("SELECT {ACCOUNT_COLUMNS} FROM billing_accounts WHERE builder_id = $1");
    on_pool!(db, |pool| sqlx::query_as(&sql)
        .bind(builder_id)
        .fetch_optional(pool)
        .await)
}

/// Creates or replaces a builder's billing account; later invoices follow it.
pub async fn save_account(
    db: &Db,
    builder_id: i64,
    fields: &AccountFields,
    at: DateTime<Utc>,
) -> Result<()> {
    let sql = "INSERT INTO billing_accounts (builder_id, plan_unit, plan_unit_price, invoice_name, description, \
               net_term_days, company, first_name, last_name, line1, city, state_code, zip, modified_on) \
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) \
               ON CONFLICT (builder_id) DO UPDATE SET plan_unit = $2, plan_unit_price = $3, invoice_name = $4, \
               description = $5, net_term_days = $6, company = $7, first_name = $8, last_name = $9, line1 = $10, \
               city = $11, state_code = $12, zip = $13, modified_on = $14";
    on_pool!(db, |pool| sqlx::query(sql)
        .bind(builder_id)
        .bind(&fields.plan_unit)
        .bind(fields.plan_unit_price)
        .bind(&fields.invoice_name)
        .bind(&fields.description)
        .bind(fields.net_term_days)
        .bind(&fields.company)
        .bind(&fields.first_name)
        .bind(&fields.last_name)
        .bind(&fields.line1)
        .bind(&fields.city)
        .bind(&fields.state_code)
        .bind(&fields.zip)
        .bind(at)
        .execute(pool)
        .await
        .map(|_| ()))
}

/// The builders with a billing account, whom the monthly job invoices.
pub async fn billed_builders(db: &Db) -> Result<Vec<i64>> {
    on_pool!(db, |pool| sqlx::query_scalar(
        "SELECT builder_id FROM billing_accounts ORDER BY builder_id"
    )
    .fetch_all(pool)
    .await)
}

/// The billable ids of the dispositions (spec 1: homes in service), as SQL.
fn billable_dispositions() -> String {
    domain::catalog::DISPOSITIONS
        .iter()
        .filter(|d| d.billable)
        .map(|d| d.id.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// Issues a builder's invoice for a month from its billing account, once: the units in service
/// now (homes in a billable disposition, or devices on a home) at the plan's price. Answers the
/// new invoice's id; none when the builder has no account or the month is invoiced already.
pub async fn issue(
    db: &Db,
    builder_id: i64,
    period: (NaiveDate, NaiveDate),
    invoice_date: NaiveDate,
    at: DateTime<Utc>,
) -> Result<Option<i64>> {
    let Some(plan) = account(db, builder_id).await? else {
        return Ok(None);
    };
    let units_sql = if plan.plan_unit == domain::billing::UNIT_DEVICE {
        "SELECT COUNT(*) FROM devices WHERE builder_id = $1 AND property_id IS NOT NULL".to_string()
    } else {
        format!(
            "SELECT COUNT(*) FROM properties WHERE builder_id = $1 AND disposition_id IN ({})",
            billable_dispositions()
        )
    };
    let line = |units: i64| {
        domain::billing::plan_line(
            &plan.invoice_name,
            &plan.description,
            &plan.plan_unit,
            units,
            plan.plan_unit_price,
            period,
        )
    };
    let due = domain::billing::due_date(invoice_date, plan.net_term_days);
    let doc = domain::billing::doc_number(builder_id, period.0);
    let insert = "INSERT INTO invoices (builder_id, doc_number, period_start, period_end, invoice_date, due_date, \
                  net_term_days, plan_unit, plan_unit_price, plan_amount, invoice_name, description, total, status, \
                  company, first_name, last_name, line1, city, state_code, zip, created_on) \
                  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22) \
                  ON CONFLICT (builder_id, period_start) DO NOTHING RETURNING id";
    let line_sql = "INSERT INTO invoice_line_items (invoice_id, position, item_name, description, quantity, unit_price, amount) \
                    VALUES ($1, 1, $2, $3, $4, $5, $6)";
    on_pool!(db, |pool| {
        let mut tx = pool.begin_with(db.write_transaction()).await?;
        let units: i64 = sqlx::query_scalar(&units_sql)
            .bind(builder_id)
            .fetch_one(&mut *tx)
            .await?;
        let item: LineItem = line(units);
        let id: Option<i64> = sqlx::query_scalar(insert)
            .bind(builder_id)
            .bind(&doc)
            .bind(period.0)
            .bind(period.1)
            .bind(invoice_date)
            .bind(due)
            .bind(plan.net_term_days)
            .bind(&plan.plan_unit)
            .bind(plan.plan_unit_price)
            .bind(units)
            .bind(&plan.invoice_name)
            .bind(&plan.description)
            .bind(item.amount)
            .bind(if item.amount > 0 {
                domain::billing::NOT_PAID
            } else {
                domain::billing::PAID
            })
            .bind(&plan.company)
            .bind(&plan.first_name)
            .bind(&plan.last_name)
            .bind(&plan.line1)
            .bind(&plan.city)
            .bind(&plan.state_code)
            .bind(&plan.zip)
            .bind(at)
            .fetch_optional(&mut *tx)
            .await?;
        if let Some(id) = id {
            sqlx::query(line_sql)
                .bind(id)
                .bind(&item.item_name)
                .bind(&item.description)
                .bind(item.quantity)
                .bind(item.unit_price)
                .bind(item.amount)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(id)
    })
}

#[derive(Debug, Clone, FromRow)]
struct InvoiceRecord {
    id: i64,
    builder_id: i64,
    doc_number: String,
    period_start: NaiveDate,
    period_end: NaiveDate,
    invoice_date: NaiveDate,
    due_date: NaiveDate,
    net_term_days: i64,
    plan_unit: String,
    plan_unit_price: i64,
    plan_amount: i64,
    invoice_name: String,
    description: String,
    total: i64,
    credits_applied: i64,
    amount_paid: i64,
    status: String,
    company: String,
    first_name: String,
    last_name: String,
    line1: String,
    city: String,
    state_code: String,
    zip: String,
}

const INVOICE_COLUMNS: &str = "id, builder_id, doc_number, period_start, period_end, invoice_date, due_date, \
     net_term_days, plan_unit, plan_unit_price, plan_amount, invoice_name, description, total, credits_applied, \
     amount_paid, status, company, first_name, last_name, line1, city, state_code, zip";

/// An invoice's line (spec 3: salesLineItems).
#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct SalesLineItem {
    #[serde(skip)]
    pub invoice_id: i64,
    pub description: String,
    #[serde(rename = "itemName")]
    pub item_name: String,
    pub quantity: i64,
    /// Cents.
    #[serde(rename = "unitPrice")]
    pub unit_price: i64,
    /// Cents.
    pub amount: i64,
}

/// A payment or credit recorded against an invoice.
#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct InvoicePayment {
    #[serde(skip)]
    pub invoice_id: i64,
    pub id: i64,
    /// payment or credit.
    pub kind: String,
    /// Cents.
    pub amount: i64,
    pub note: String,
    pub recorded_by: String,
    pub recorded_on: DateTime<Utc>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BillingAddress {
    pub company: String,
    pub line1: String,
    pub city: String,
    pub state_code: String,
    pub zip: String,
}

/// Whom the invoice is addressed to (spec 3: customer).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct InvoiceCustomer {
    pub company: String,
    pub first_name: String,
    pub last_name: String,
    pub billing_address: BillingAddress,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Subscription {
    /// Cents per unit.
    pub plan_unit_price: i64,
    /// Units billed.
    pub plan_amount: i64,
    pub plan_unit: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Plan {
    pub invoice_name: String,
    pub description: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct InvoiceSubscription {
    pub subscription: Subscription,
    pub plan: Plan,
}

/// An invoice as the billing page and the invoice page read it (spec 3: Invoice). Money is in
/// cents; `status` is the stored paid or not_paid, `shownStatus` what the page shows.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Invoice {
    pub id: i64,
    #[serde(rename = "docNumber")]
    pub doc_number: String,
    pub date: NaiveDate,
    #[serde(rename = "dueDate")]
    pub due_date: NaiveDate,
    pub net_term_days: i64,
    pub period_start: NaiveDate,
    pub period_end: NaiveDate,
    #[serde(rename = "totalAmount")]
    pub total: i64,
    pub credits_applied: i64,
    pub amount_paid: i64,
    pub balance: i64,
    pub status: String,
    #[serde(rename = "shownStatus")]
    pub shown_status: String,
    /// The builder billed.
    pub customer_id: i64,
    pub customer: InvoiceCustomer,
    pub subscriptions: Vec<InvoiceSubscription>,
    #[serde(rename = "salesLineItems")]
    pub sales_line_items: Vec<SalesLineItem>,
    pub payments: Vec<InvoicePayment>,
}

impl Invoice {
    fn from_record(
        r: InvoiceRecord,
        today: NaiveDate,
        items: Vec<SalesLineItem>,
        payments: Vec<InvoicePayment>,
    ) -> Invoice {
        let balance = r.total - r.credits_applied - r.amount_paid;
        Invoice {
            id: r.id,
            doc_number: r.doc_number,
            date: r.invoice_date,
            due_date: r.due_date,
            net_term_days: r.net_term_days,
            period_start: r.period_start,
            period_end: r.period_end,
            total: r.total,
            credits_applied: r.credits_applied,
            amount_paid: r.amount_paid,
            balance,
            status: r.status,
            shown_status: domain::billing::shown_status(balance, r.due_date, today).to_string(),
            customer_id: r.builder_id,
            customer: InvoiceCustomer {
                company: r.company.clone(),
                first_name: r.first_name,
                last_name: r.last_name,
                billing_address: BillingAddress {
                    company: r.company,
                    line1: r.line1,
                    city: r.city,
                    state_code: r.state_code,
                    zip: r.zip,
                },
            },
            subscriptions: vec![InvoiceSubscription {
                subscription: Subscription {
                    plan_unit_price: r.plan_unit_price,
                    plan_amount: r.plan_amount,
                    plan_unit: r.plan_unit,
                },
                plan: Plan {
                    invoice_name: r.invoice_name,
                    description: r.description,
                },
            }],
            sales_line_items: items,
            payments,
        }
    }
}

fn ids_of(records: &[InvoiceRecord]) -> String {
    records
        .iter()
        .map(|r| r.id.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// The invoices `condition` selects (on `invoices`, binding nothing), newest first, with their
/// lines and payments.
async fn invoices_where(db: &Db, condition: &str, today: NaiveDate) -> Result<Vec<Invoice>> {
    let sql = format!(
        "SELECT {INVOICE_COLUMNS} FROM invoices WHERE {condition} ORDER BY invoice_date DESC, id DESC"
    );
    let records: Vec<InvoiceRecord> =
        on_pool!(db, |pool| sqlx::query_as(&sql).fetch_all(pool).await)?;
    if records.is_empty() {
        return Ok(Vec::new());
    }
    let ids = ids_of(&records);
    let items_sql = format!(
        "SELECT invoice_id, description, item_name, quantity, unit_price, amount FROM invoice_line_items \
         WHERE invoice_id IN ({ids}) ORDER BY invoice_id, position, id"
    );
    let payments_sql = format!(
        "SELECT invoice_id, id, kind, amount, note, recorded_by, recorded_on FROM invoice_payments \
         WHERE invoice_id IN ({ids}) ORDER BY invoice_id, id"
    );
    let items: Vec<SalesLineItem> =
        on_pool!(db, |pool| sqlx::query_as(&items_sql).fetch_all(pool).await)?;
    let payments: Vec<InvoicePayment> = on_pool!(db, |pool| sqlx::query_as(&payments_sql)
        .fetch_all(pool)
        .await)?;
    Ok(records
        .into_iter()
        .map(|r| {
            let id = r.id;
            Invoice::from_record(
                r,
                today,
                items
                    .iter()
                    .filter(|i| i.invoice_id == id)
                    .cloned()
                    .collect(),
                payments
                    .iter()
                    .filter(|p| p.invoice_id == id)
                    .cloned()
                    .collect(),
            )
        })
        .collect())
}

/// The invoices of the builders in scope, newest first.
pub async fn list(db: &Db, scope: &Scope, today: NaiveDate) -> Result<Vec<Invoice>> {
    invoices_where(db, &scope.condition("builder_id"), today).await
}

/// One invoice, when it is one of the scope's.
pub async fn get(db: &Db, scope: &Scope, id: i64, today: NaiveDate) -> Result<Option<Invoice>> {
    let condition = format!("id = {id} AND {}", scope.condition("builder_id"));
    Ok(invoices_where(db, &condition, today).await?.pop())
}

/// What the builders in scope owe: their invoices' balances.
pub async fn balance(db: &Db, scope: &Scope) -> Result<i64> {
    let sql = format!(
        "SELECT CAST(COALESCE(SUM(total - credits_applied - amount_paid), 0) AS BIGINT) FROM invoices WHERE {}",
        scope.condition("builder_id")
    );
    on_pool!(db, |pool| sqlx::query_scalar::<_, i64>(&sql)
        .fetch_one(pool)
        .await)
}

/// The outcome of recording a payment or credit.
pub enum Recorded {
    Done,
    NotFound,
    /// The amount was refused against the balance as it stood (the field messages).
    Refused(domain::validation::FieldErrors),
}

/// Records a payment or credit against an invoice, checked against its balance in the same
/// transaction; the invoice becomes paid when nothing is left to pay.
pub async fn record_payment(
    db: &Db,
    id: i64,
    kind: &str,
    amount: i64,
    note: &str,
    by: &str,
    at: DateTime<Utc>,
) -> Result<Recorded> {
    let lock = match db {
        Db::Postgres(_) => " FOR UPDATE",
        Db::Sqlite(_) => "",
    };
    let read =
        format!("SELECT total - credits_applied - amount_paid FROM invoices WHERE id = $1{lock}");
    let column = if kind == domain::billing::CREDIT {
        "credits_applied"
    } else {
        "amount_paid"
    };
    let update = format!(
        "UPDATE invoices SET {column} = {column} + $2, \
         status = CASE WHEN total - credits_applied - amount_paid - $2 <= 0 THEN $3 ELSE $4 END WHERE id = $1"
    );
    on_pool!(db, |pool| {
        let mut tx = pool.begin_with(db.write_transaction()).await?;
        let Some(balance): Option<i64> = sqlx::query_scalar(&read)
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?
        else {
            return Ok(Recorded::NotFound);
        };
        let errors = domain::billing::check_payment(kind, amount, balance);
        if !errors.is_empty() {
            return Ok(Recorded::Refused(errors));
        }
        sqlx::query(
            "INSERT INTO invoice_payments (invoice_id, kind, amount, note, recorded_by, recorded_on) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(id)
        .bind(kind)
        .bind(amount)
        .bind(note)
        .bind(by)
        .bind(at)
        .execute(&mut *tx)
        .await?;
        sqlx::query(&update)
            .bind(id)
            .bind(amount)
            .bind(domain::billing::PAID)
            .bind(domain::billing::NOT_PAID)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(Recorded::Done)
    })
}

/// Issues every billing account's invoice for the month before `at`'s (the monthly job, on the
/// 1st), each on its own; a month already invoiced is left as it is. Answers how many were new.
pub async fn issue_monthly(db: &Db, at: DateTime<Utc>) -> Result<usize> {
    let today = at.date_naive();
    let period = domain::billing::previous_month(today);
    let mut issued = 0;
    for builder in billed_builders(db).await? {
        if issue(db, builder, period, today, at).await?.is_some() {
            issued += 1;
        }
    }
    Ok(issued)
}
