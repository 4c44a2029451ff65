//! Webhooks: a builder's endpoints for its event types, the deliveries of its domain events to
//! them and every attempt at each (spec 3: Webhooks; docs/webhooks.md).

use chrono::{DateTime, Utc};
use domain::lists::Order;
use serde::Serialize;
use sqlx::FromRow;
use utoipa::ToSchema;

use crate::list::ListSpec;
use crate::{on_pool, Db, Result, Scope};

/// The job that sends one delivery (its id the payload).
pub const DELIVER: &str = "deliver_webhook";

/// How many deliveries the log of a webhook shows, newest first.
pub const LOG_LENGTH: i64 = 50;

#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct WebhookRow {
    pub id: i64,
    pub payload_url: String,
    pub content_type: String,
    pub event_type: String,
    /// Never answered whole once saved: `…` and its last four characters (of a long secret),
    /// `…` (of a short one), or empty when there is none.
    #[serde(serialize_with = "masked")]
    pub secret: String,
    pub created_on: DateTime<Utc>,
    pub builder_id: i64,
    #[serde(rename = "builderName")]
    #[sqlx(rename = "builderName")]
    pub builder_name: String,
    /// When deliveries stopped: the endpoint answered 410 Gone, or failed for days. Saving the
    /// webhook again starts them anew.
    pub disabled_on: Option<DateTime<Utc>>,
    pub disabled_reason: Option<String>,
    /// The first failed attempt since the last delivered one.
    pub failing_since: Option<DateTime<Utc>>,
}

/// A saved secret as answers show it.
fn masked<S: serde::Serializer>(
    secret: &str,
    serializer: S,
) -> std::result::Result<S::Ok, S::Error> {
    let shown = match secret.chars().count() {
        0 => String::new(),
        n if n >= 16 => format!("…{}", secret.chars().skip(n - 4).collect::<String>()),
        _ => "…".to_string(),
    };
    serializer.serialize_str(&shown)
}

pub const WEBHOOKS: ListSpec = ListSpec {
    columns:
        "w.id, w.payload_url, w.content_type, w.event_type, w.secret, w.created_on, w.builder_id, \
              b.name AS \"builderName\", w.disabled_on, w.disabled_reason, w.failing_since",
    from: "webhooks w JOIN builders b ON b.builder_id = w.builder_id",
    scope_column: "w.builder_id",
    search_columns: &["w.payload_url", "w.event_type", "w.content_type"],
    sort_columns: &[
        ("payload_url", "lower(w.payload_url)"),
        ("content_type", "w.content_type"),
        ("event_type", "w.event_type"),
        ("created_on", "w.created_on"),
        ("builderName", "lower(b.name)"),
    ],
    default_sort: ("created_on", Order::Desc),
    tie_breaker: "w.id",
    key_column: "w.id",
    ..ListSpec::PLAIN
};

/// A webhook's settings as saved; a secret of `None` keeps the saved one (none for a new
/// webhook).
pub struct WebhookInput<'a> {
    pub payload_url: &'a str,
    pub content_type: &'a str,
    pub event_type: &'a str,
    pub secret: Option<&'a str>,
}

pub async fn get(db: &Db, scope: &Scope, id: i64) -> Result<Option<WebhookRow>> {
    let sql = format!(
        "SELECT {} FROM {} WHERE w.id = $1 AND {}",
        WEBHOOKS.columns,
        WEBHOOKS.from,
        scope.condition("w.builder_id")
    );
    on_pool!(db, |pool| sqlx::query_as(&sql)
        .bind(id)
        .fetch_optional(pool)
        .await)
}

/// Whether another webhook of the builder listens to the event type.
pub async fn event_type_taken(
    db: &Db,
    builder_id: i64,
    event_type: &str,
    other_than: Option<i64>,
) -> Result<bool> {
    on_pool!(db, |pool| {
        sqlx::query_scalar::<_, i64>(
            "SELECT COUNT(*) FROM webhooks WHERE builder_id = $1 AND event_type = $2 AND id <> $3",
        )
        .bind(builder_id)
        .bind(event_type)
        .bind(other_than.unwrap_or(0))
        .fetch_one(pool)
        .await
        .map(|n| n > 0)
    })
}

pub async fn create(
    db: &Db,
    builder_id: i64,
    input: &WebhookInput<'_>,
    at: DateTime<Utc>,
) -> Result<i64> {
    on_pool!(db, |pool| {
        sqlx::query_scalar(
            "INSERT INTO webhooks (builder_id, payload_url, content_type, event_type, secret, created_on, modified_on) \
             VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id",
        )
        .bind(builder_id)
        .bind(input.payload_url)
        .bind(input.content_type)
        .bind(input.event_type)
        .bind(input.secret.unwrap_or_default())
        .bind(at)
        .fetch_one(pool)
        .await
    })
}

/// Saves a webhook within the scope, which also enables it again; false when there is no such
/// webhook there.
pub async fn update(
    db: &Db,
    scope: &Scope,
    id: i64,
    input: &WebhookInput<'_>,
    at: DateTime<Utc>,
) -> Result<bool> {
    let sql = format!(
        "UPDATE webhooks SET payload_url = $1, content_type = $2, event_type = $3, secret = COALESCE($4, secret), modified_on = $5, \
         disabled_on = NULL, disabled_reason = NULL, failing_since = NULL WHERE id = $6 AND {}",
        scope.condition("builder_id")
    );
    on_pool!(db, |pool| {
        sqlx::query(&sql)
            .bind(input.payload_url)
            .bind(input.content_type)
            .bind(input.event_type)
            .bind(input.secret)
            .bind(at)
            .bind(id)
            .execute(pool)
            .await
            .map(|r| r.rows_affected() > 0)
    })
}

pub async fn delete_in_scope(db: &Db, scope: &Scope, ids: &[i64]) -> Result<u64> {
    crate::delete_ids(db, scope, "webhooks", "id", ids).await
}

/// Records a domain event inside the transaction of the change it reports (`$tx` of either
/// dialect), with the delivery of it to the builder's enabled webhook of its type, if any, and
/// the job that sends it: an event is never delivered without its change, nor lost with it.
#[macro_export]
macro_rules! record_event {
    ($tx:expr, $builder_id:expr, $kind:expr, $payload:expr, $at:expr) => {{
        async {
            let builder_id: i64 = $builder_id;
            let kind: &str = $kind;
            let payload: String = $payload.to_string();
            let at: chrono::DateTime<chrono::Utc> = $at;
            let event: i64 = sqlx::query_scalar(
                "INSERT INTO domain_events (builder_id, kind, payload, created_on) VALUES ($1, $2, $3, $4) RETURNING id",
            )
            .bind(builder_id)
            .bind(kind)
            .bind(&payload)
            .bind(at)
            .fetch_one(&mut *$tx)
            .await?;
            let delivery: Option<i64> = sqlx::query_scalar(
                "INSERT INTO webhook_deliveries (webhook_id, message_id, event_type, data, created_on, next_attempt_on) \
                 SELECT id, $1, event_type, $2, $3, $3 FROM webhooks \
                 WHERE builder_id = $4 AND event_type = $5 AND disabled_on IS NULL RETURNING id",
            )
            .bind(format!("msg_{event}"))
            .bind(&payload)
            .bind(at)
            .bind(builder_id)
            .bind(kind)
            .fetch_optional(&mut *$tx)
            .await?;
            if let Some(delivery) = delivery {
                $crate::enqueue_job!($tx, $crate::webhooks::DELIVER, delivery.to_string(), at, None)?;
            }
            Ok::<i64, sqlx::Error>(event)
        }
        .await
    }};
}

/// Records a domain event on its own (see [`record_event!`]): the benchmark's events, and
/// changes that have no transaction of their own.
pub async fn record(
    db: &Db,
    builder_id: i64,
    kind: &str,
    payload: &serde_json::Value,
    at: DateTime<Utc>,
) -> Result<i64> {
    on_pool!(db, |pool| {
        let mut tx = pool.begin().await?;
        let id = crate::record_event!(tx, builder_id, kind, payload, at)?;
        tx.commit().await?;
        Ok(id)
    })
}

/// How many deliveries of a webhook have been delivered.
pub async fn delivered(db: &Db, webhook_id: i64) -> Result<i64> {
    on_pool!(db, |pool| {
        sqlx::query_scalar(
            "SELECT COUNT(*) FROM webhook_deliveries WHERE webhook_id = $1 AND state = 'delivered'",
        )
        .bind(webhook_id)
        .fetch_one(pool)
        .await
    })
}

/// A test event for a webhook: a delivery of sample data of its type, sent at once.
pub async fn queue_test(
    db: &Db,
    webhook: &WebhookRow,
    message_id: &str,
    data: &serde_json::Value,
    at: DateTime<Utc>,
) -> Result<i64> {
    on_pool!(db, |pool| {
        let mut tx = pool.begin().await?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO webhook_deliveries (webhook_id, message_id, event_type, data, test, created_on, next_attempt_on) \
             VALUES ($1, $2, $3, $4, TRUE, $5, $5) RETURNING id",
        )
        .bind(webhook.id)
        .bind(message_id)
        .bind(&webhook.event_type)
        .bind(data.to_string())
        .bind(at)
        .fetch_one(&mut *tx)
        .await?;
        crate::enqueue_job!(tx, DELIVER, id.to_string(), at, None)?;
        tx.commit().await?;
        Ok(id)
    })
}

/// What a Replay found.
#[derive(Debug, PartialEq, Eq)]
pub enum Replayed {
    Queued,
    /// The delivery is still being tried: its own job sends it.
    StillPending,
    NotFound,
}

/// Sends a delivered or failed delivery of the webhook again from a first attempt, keeping its
/// webhook-id (so a receiver that had it drops the repeat).
pub async fn replay(
    db: &Db,
    webhook_id: i64,
    delivery_id: i64,
    at: DateTime<Utc>,
) -> Result<Replayed> {
    on_pool!(db, |pool| {
        let mut tx = pool.begin().await?;
        let state: Option<String> = sqlx::query_scalar(
            "SELECT state FROM webhook_deliveries WHERE id = $1 AND webhook_id = $2",
        )
        .bind(delivery_id)
        .bind(webhook_id)
        .fetch_optional(&mut *tx)
        .await?;
        match state.as_deref() {
            None => return Ok(Replayed::NotFound),
            Some("pending") => return Ok(Replayed::StillPending),
            Some(_) => {}
        }
        // Only a delivery that is not pending is reset, so two Replays at once queue one job.
        let found = sqlx::query(
            "UPDATE webhook_deliveries SET state = 'pending', attempts = 0, next_attempt_on = $1, finished_on = NULL \
             WHERE id = $2 AND webhook_id = $3 AND state <> 'pending'",
        )
        .bind(at)
        .bind(delivery_id)
        .bind(webhook_id)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            > 0;
        if found {
            crate::enqueue_job!(tx, DELIVER, delivery_id.to_string(), at, None)?;
        }
        tx.commit().await?;
        Ok(if found {
            Replayed::Queued
        } else {
            Replayed::StillPending
        })
    })
}

/// A delivery with what sending it needs: its webhook's address, content type and secret as
/// they are now.
#[derive(Debug, Clone, FromRow)]
pub struct Outgoing {
    pub id: i64,
    pub webhook_id: i64,
    pub builder_id: i64,
    pub message_id: String,
    pub event_type: String,
    pub data: String,
    pub created_on: DateTime<Utc>,
    pub state: String,
    pub attempts: i64,
    pub payload_url: String,
    pub content_type: String,
    pub secret: String,
    pub disabled_on: Option<DateTime<Utc>>,
    pub failing_since: Option<DateTime<Utc>>,
}

pub async fn outgoing(db: &Db, delivery_id: i64) -> Result<Option<Outgoing>> {
    on_pool!(db, |pool| {
        sqlx::query_as(
            "SELECT d.id, d.webhook_id, w.builder_id, d.message_id, d.event_type, d.data, d.created_on, d.state, \
             d.attempts, w.payload_url, w.content_type, w.secret, w.disabled_on, w.failing_since \
             FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id WHERE d.id = $1",
        )
        .bind(delivery_id)
        .fetch_optional(pool)
        .await
    })
}

/// How one attempt went.
pub struct Attempt<'a> {
    pub at: DateTime<Utc>,
    pub status_code: Option<i64>,
    pub duration_ms: i64,
    pub response: &'a str,
    pub error: Option<&'a str>,
}

/// What becomes of a delivery after an attempt.
pub enum AfterAttempt<'a> {
    Delivered,
    /// Tried again at this time.
    Retry(DateTime<Utc>),
    /// Given up; the webhook stays as it is.
    GiveUp,
    /// Given up, and the webhook disabled for this reason.
    Disable(&'a str),
}

/// Keeps an attempt and its outcome for the delivery and its webhook, in one transaction.
pub async fn record_attempt(
    db: &Db,
    delivery: &Outgoing,
    attempt: &Attempt<'_>,
    after: &AfterAttempt<'_>,
) -> Result<()> {
    let (state, next): (&str, Option<DateTime<Utc>>) = match after {
        AfterAttempt::Delivered => ("delivered", None),
        AfterAttempt::Retry(at) => ("pending", Some(*at)),
        AfterAttempt::GiveUp | AfterAttempt::Disable(_) => ("failed", None),
    };
    let finished = next.is_none().then_some(attempt.at);
    on_pool!(db, |pool| {
        let mut tx = pool.begin().await?;
        sqlx::query(
            "INSERT INTO webhook_attempts (delivery_id, attempted_on, status_code, duration_ms, response, error) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(delivery.id)
        .bind(attempt.at)
        .bind(attempt.status_code)
        .bind(attempt.duration_ms)
        .bind(attempt.response)
        .bind(attempt.error)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "UPDATE webhook_deliveries SET state = $1, attempts = attempts + 1, next_attempt_on = $2, finished_on = $3 \
             WHERE id = $4",
        )
        .bind(state)
        .bind(next)
        .bind(finished)
        .bind(delivery.id)
        .execute(&mut *tx)
        .await?;
        match after {
            AfterAttempt::Delivered => {
                sqlx::query("UPDATE webhooks SET failing_since = NULL WHERE id = $1")
                    .bind(delivery.webhook_id)
                    .execute(&mut *tx)
                    .await?;
            }
            AfterAttempt::Disable(reason) => {
                sqlx::query(
                    "UPDATE webhooks SET disabled_on = $1, disabled_reason = $2 WHERE id = $3",
                )
                .bind(attempt.at)
                .bind(*reason)
                .bind(delivery.webhook_id)
                .execute(&mut *tx)
                .await?;
            }
            AfterAttempt::Retry(_) | AfterAttempt::GiveUp => {
                sqlx::query(
                    "UPDATE webhooks SET failing_since = COALESCE(failing_since, $1) WHERE id = $2",
                )
                .bind(attempt.at)
                .bind(delivery.webhook_id)
                .execute(&mut *tx)
                .await?;
            }
        }
        tx.commit().await?;
        Ok(())
    })
}

/// A delivery that will not be sent: its webhook was disabled after it was queued.
pub async fn drop_delivery(db: &Db, delivery_id: i64, at: DateTime<Utc>) -> Result<()> {
    on_pool!(db, |pool| {
        sqlx::query(
            "UPDATE webhook_deliveries SET state = 'failed', next_attempt_on = NULL, finished_on = $1 WHERE id = $2",
        )
        .bind(at)
        .bind(delivery_id)
        .execute(pool)
        .await
        .map(|_| ())
    })
}

#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct AttemptRow {
    pub id: i64,
    pub attempted_on: DateTime<Utc>,
    /// The endpoint's HTTP status; none when no answer came.
    pub status_code: Option<i64>,
    pub duration_ms: i64,
    /// The start of the endpoint's answer.
    pub response: String,
    /// Why no answer came (refused address, time-out, connection error).
    pub error: Option<String>,
}

#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct DeliveryRow {
    pub id: i64,
    pub message_id: String,
    pub event_type: String,
    pub test: bool,
    pub created_on: DateTime<Utc>,
    /// pending, delivered or failed.
    pub state: String,
    pub attempts: i64,
    pub next_attempt_on: Option<DateTime<Utc>>,
    #[sqlx(skip)]
    pub attempt_log: Vec<AttemptRow>,
}

/// The newest deliveries of a webhook (already checked to be in scope), each with its attempts.
pub async fn log(db: &Db, webhook_id: i64) -> Result<Vec<DeliveryRow>> {
    let mut deliveries: Vec<DeliveryRow> = on_pool!(db, |pool| {
        sqlx::query_as(
            "SELECT id, message_id, event_type, test, created_on, state, attempts, next_attempt_on \
             FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY id DESC LIMIT $2",
        )
        .bind(webhook_id)
        .bind(LOG_LENGTH)
        .fetch_all(pool)
        .await
    })?;
    let Some(oldest) = deliveries.last().map(|d| d.id) else {
        return Ok(deliveries);
    };
    let attempts: Vec<(i64, AttemptRow)> = on_pool!(db, |pool| {
        sqlx::query_as::<_, (i64, i64, DateTime<Utc>, Option<i64>, i64, String, Option<String>)>(
            "SELECT a.delivery_id, a.id, a.attempted_on, a.status_code, a.duration_ms, a.response, a.error \
             FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id \
             WHERE d.webhook_id = $1 AND d.id >= $2 ORDER BY a.id DESC",
        )
        .bind(webhook_id)
        .bind(oldest)
        .fetch_all(pool)
        .await
    })?
    .into_iter()
    .map(|(delivery, id, attempted_on, status_code, duration_ms, response, error)| {
        (
            delivery,
            AttemptRow {
                id,
                attempted_on,
                status_code,
                duration_ms,
                response,
                error,
            },
        )
    })
    .collect();
    for (delivery, attempt) in attempts {
        if let Some(d) = deliveries.iter_mut().find(|d| d.id == delivery) {
            d.attempt_log.push(attempt);
        }
    }
    Ok(deliveries)
}
