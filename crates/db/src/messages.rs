//! Mail and text messages on their way out. Each message is a row written with the job that
//! delivers it, in the transaction of the change that asks for it; the row then keeps how it
//! went (the channel it left by, `sent`, `failed` with the error, or `opted_out`). A number that
//! replied STOP is kept in `sms_opt_outs` and gets no more texts.

use chrono::{DateTime, Utc};
use domain::lists::Order;
use serde::Serialize;
use sqlx::FromRow;
use utoipa::ToSchema;

use crate::list::ListSpec;
use crate::{now, on_pool, Db, Result};

pub const DELIVER_MAIL: &str = "deliver_mail";
pub const DELIVER_SMS: &str = "deliver_sms";

/// Queues a mail and its delivery job in a transaction (`$tx` of either dialect); evaluates to
/// the mail's id.
#[macro_export]
macro_rules! queue_mail_in {
    ($tx:expr, $to:expr, $subject:expr, $body:expr, $at:expr) => {{
        async {
            let id: i64 = sqlx::query_scalar(
                "INSERT INTO mail_outbox (to_address, subject, body, created_on) VALUES ($1, $2, $3, $4) RETURNING id",
            )
            .bind($to)
            .bind($subject)
            .bind($body)
            .bind($at)
            .fetch_one(&mut *$tx)
            .await?;
            $crate::enqueue_job!($tx, $crate::messages::DELIVER_MAIL, id.to_string(), $at, None)?;
            Ok::<i64, sqlx::Error>(id)
        }
        .await
    }};
}

/// Queues a text message and its delivery job in a transaction; evaluates to the message's id.
#[macro_export]
macro_rules! queue_text_in {
    ($tx:expr, $to:expr, $body:expr, $at:expr) => {{
        async {
            let id: i64 = sqlx::query_scalar(
                "INSERT INTO sms_outbox (to_number, body, created_on) VALUES ($1, $2, $3) RETURNING id",
            )
            .bind($to)
            .bind($body)
            .bind($at)
            .fetch_one(&mut *$tx)
            .await?;
            $crate::enqueue_job!($tx, $crate::messages::DELIVER_SMS, id.to_string(), $at, None)?;
            Ok::<i64, sqlx::Error>(id)
        }
        .await
    }};
}

/// Queues a mail on its own, written and due `at` (the caller's clock: a demo's story or a
/// test's runs on its own, and its worker delivers what is due by then).
pub async fn queue_mail(
    db: &Db,
    to: &str,
    subject: &str,
    body: &str,
    at: DateTime<Utc>,
) -> Result<i64> {
    on_pool!(db, |pool| {
        let mut tx = pool.begin().await?;
        let id = crate::queue_mail_in!(tx, to, subject, body, at)?;
        tx.commit().await?;
        Ok(id)
    })
}

/// Queues a text message on its own, written and due `at` (as [`queue_mail`]).
pub async fn queue_sms(db: &Db, to: &str, body: &str, at: DateTime<Utc>) -> Result<i64> {
    on_pool!(db, |pool| {
        let mut tx = pool.begin().await?;
        let id = crate::queue_text_in!(tx, to, body, at)?;
        tx.commit().await?;
        Ok(id)
    })
}

#[derive(Debug, Clone, Serialize, FromRow)]
pub struct Mail {
    pub id: i64,
    pub to_address: String,
    pub subject: String,
    pub body: String,
    pub created_on: DateTime<Utc>,
    pub status: String,
}

#[derive(Debug, Clone, Serialize, FromRow)]
pub struct Sms {
    pub id: i64,
    pub to_number: String,
    pub body: String,
    pub created_on: DateTime<Utc>,
    pub status: String,
    pub channel: Option<String>,
    pub provider_id: Option<String>,
    pub error: Option<String>,
}

const MAIL_COLUMNS: &str = "id, to_address, subject, body, created_on, status";
const SMS_COLUMNS: &str = "id, to_number, body, created_on, status, channel, provider_id, error";

pub async fn mail(db: &Db, id: i64) -> Result<Option<Mail>> {
    let sql = format!("SELECT {MAIL_COLUMNS} FROM mail_outbox WHERE id = $1");
    on_pool!(db, |pool| sqlx::query_as(&sql)
        .bind(id)
        .fetch_optional(pool)
        .await)
}

pub async fn sms(db: &Db, id: i64) -> Result<Option<Sms>> {
    let sql = format!("SELECT {SMS_COLUMNS} FROM sms_outbox WHERE id = $1");
    on_pool!(db, |pool| sqlx::query_as(&sql)
        .bind(id)
        .fetch_optional(pool)
        .await)
}

/// Mails sent to an address, newest first (used by tests and the local outbox).
pub async fn mails_to(db: &Db, to: &str) -> Result<Vec<Mail>> {
    let sql =
        format!("SELECT {MAIL_COLUMNS} FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC");
    on_pool!(db, |pool| sqlx::query_as(&sql)
        .bind(to)
        .fetch_all(pool)
        .await)
}

/// Text messages sent to a number, newest first (tests and the local outbox).
pub async fn sms_to(db: &Db, to: &str) -> Result<Vec<Sms>> {
    let sql = format!("SELECT {SMS_COLUMNS} FROM sms_outbox WHERE to_number = $1 ORDER BY id DESC");
    on_pool!(db, |pool| sqlx::query_as(&sql)
        .bind(to)
        .fetch_all(pool)
        .await)
}

/// Which table a message is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Mail,
    Text,
}

impl Kind {
    fn table(self) -> &'static str {
        match self {
            Kind::Mail => "mail_outbox",
            Kind::Text => "sms_outbox",
        }
    }
}

/// How a delivery went.
pub enum Outcome<'a> {
    /// Handed over; the provider's id for it where it gives one.
    Sent { provider_id: Option<&'a str> },
    /// Refused for good (a retry would not help).
    Failed { error: &'a str },
    /// Not sent: the number replied STOP.
    OptedOut,
}

/// Records how a message's delivery went, through `channel`.
pub async fn record(
    db: &Db,
    kind: Kind,
    id: i64,
    channel: &str,
    outcome: Outcome<'_>,
) -> Result<()> {
    let (status, provider_id, error, delivered) = match outcome {
        Outcome::Sent { provider_id } => ("sent", provider_id, None, Some(now())),
        Outcome::Failed { error } => ("failed", None, Some(error), None),
        Outcome::OptedOut => ("opted_out", None, None, None),
    };
    let sql = format!(
        "UPDATE {} SET channel = $1, status = $2, error = $3, delivered_on = $4, provider_id = $5 WHERE id = $6",
        kind.table()
    );
    on_pool!(db, |pool| sqlx::query(&sql)
        .bind(channel)
        .bind(status)
        .bind(error)
        .bind(delivered)
        .bind(provider_id)
        .bind(id)
        .execute(pool)
        .await
        .map(|_| ()))
}

/// Keeps the error of a try that will be retried, without giving up on the message.
pub async fn note_error(db: &Db, kind: Kind, id: i64, channel: &str, error: &str) -> Result<()> {
    let sql = format!(
        "UPDATE {} SET channel = $1, error = $2 WHERE id = $3",
        kind.table()
    );
    on_pool!(db, |pool| sqlx::query(&sql)
        .bind(channel)
        .bind(error)
        .bind(id)
        .execute(pool)
        .await
        .map(|_| ()))
}

/// `555-234-5678`, how customers' phones are kept, of a North American E.164 number.
fn national(e164: &str) -> Option<String> {
    let digits = e164.strip_prefix("+1").filter(|d| d.len() == 10)?;
    Some(format!(
        "{}-{}-{}",
        &digits[..3],
        &digits[3..6],
        &digits[6..]
    ))
}

/// A number (E.164) that replied STOP gets no more texts until it replies START; the customers
/// with that phone are marked not to be contacted, in the same transaction.
pub async fn opt_out(db: &Db, phone: &str, at: DateTime<Utc>) -> Result<()> {
    set_opted_out(db, phone, Some(at)).await
}

pub async fn opt_in(db: &Db, phone: &str) -> Result<()> {
    set_opted_out(db, phone, None).await
}

async fn set_opted_out(db: &Db, phone: &str, since: Option<DateTime<Utc>>) -> Result<()> {
    on_pool!(db, |pool| {
        let mut tx = pool.begin().await?;
        match since {
            Some(at) => sqlx::query(
                "INSERT INTO sms_opt_outs (phone, opted_out_on) VALUES ($1, $2) ON CONFLICT (phone) DO NOTHING",
            )
            .bind(phone)
            .bind(at)
            .execute(&mut *tx)
            .await?,
            None => sqlx::query("DELETE FROM sms_opt_outs WHERE phone = $1")
                .bind(phone)
                .execute(&mut *tx)
                .await?,
        };
        if let Some(national) = national(phone) {
            sqlx::query("UPDATE customers SET contactable = $1 WHERE cell_phone_1 = $2")
                .bind(since.is_none())
                .bind(national)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await
    })
}

pub async fn is_opted_out(db: &Db, phone: &str) -> Result<bool> {
    on_pool!(db, |pool| sqlx::query_scalar::<_, i64>(
        "SELECT COUNT(*) FROM sms_opt_outs WHERE phone = $1"
    )
    .bind(phone)
    .fetch_one(pool)
    .await
    .map(|n| n > 0))
}

/// A message as the outbox screen lists it: mail and texts together.
#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct OutboxRow {
    /// `mail-{id}` or `text-{id}`.
    pub message_key: String,
    /// `mail` or `text`.
    pub kind: String,
    pub recipient: String,
    pub subject: Option<String>,
    pub body: String,
    /// `outbox`, `smtp` or `sms_gateway`; none until a delivery was tried.
    pub channel: Option<String>,
    /// `queued`, `sent`, `failed` or `opted_out`.
    pub status: String,
    pub error: Option<String>,
    pub created_on: DateTime<Utc>,
    pub delivered_on: Option<DateTime<Utc>>,
}

/// Every message the server sent or is sending (platform admins only: no builder owns a row).
pub const OUTBOX: ListSpec = ListSpec {
    columns:
        "m.message_key, m.kind, m.recipient, m.subject, m.body, m.channel, m.status, m.error, \
              m.created_on, m.delivered_on",
    from: "outbox_messages m",
    scope_column: "NULL",
    search_columns: &["m.recipient", "m.subject", "m.body", "m.status"],
    sort_columns: &[
        ("created_on", "m.created_on"),
        ("recipient", "m.recipient"),
        ("kind", "m.kind"),
        ("status", "m.status"),
        ("channel", "m.channel"),
    ],
    default_sort: ("created_on", Order::Desc),
    tie_breaker: "m.message_key",
    key_column: "m.message_key",
    ..ListSpec::PLAIN
};
