//! Sends webhook deliveries as Standard Webhooks prescribes: the body with the headers
//! `webhook-id` (the delivery's, the same on every attempt), `webhook-timestamp` and
//! `webhook-signature` (`v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the
//! webhook's secret), through the guarded outgoing client. A 2xx within 15 seconds delivers;
//! anything else is tried again on the schedule of `domain::webhooks`, later if the endpoint asks
//! with Retry-After; 410 Gone, or failing for days, disables the webhook and tells the builder's
//! program managers.

use std::time::{Duration, Instant};

use base64::engine::general_purpose::STANDARD as BASE64;
use base64::Engine as _;
use chrono::{DateTime, Utc};
use db::webhooks::{self, AfterAttempt, Attempt, Outgoing};
use domain::webhooks::{body, failing_too_long, media_type, retry_after_attempt, Event};
use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::hardware::Hardware;

/// How long an endpoint has to answer.
const ANSWER_WITHIN: Duration = Duration::from_secs(15);
/// How much of an answer the log keeps.
const RESPONSE_KEPT: usize = 1024;
/// The latest a Retry-After may push an attempt.
const LONGEST_RETRY_AFTER: chrono::Duration = chrono::Duration::hours(24);

/// The signing key of a secret: a `whsec_` secret is the base64 of its key, as Standard
/// Webhooks libraries read it; any other secret is its own bytes.
fn key_of(secret: &str) -> Vec<u8> {
    secret
        .strip_prefix("whsec_")
        .and_then(|encoded| BASE64.decode(encoded).ok())
        .unwrap_or_else(|| secret.as_bytes().to_vec())
}

/// The `webhook-signature` header of a message; none without a secret.
pub fn signature(secret: &str, message_id: &str, timestamp: i64, body: &str) -> Option<String> {
    if secret.is_empty() {
        return None;
    }
    let mut mac =
        Hmac::<Sha256>::new_from_slice(&key_of(secret)).expect("HMAC takes keys of any length");
    mac.update(format!("{message_id}.{timestamp}.").as_bytes());
    mac.update(body.as_bytes());
    Some(format!("v1,{}", BASE64.encode(mac.finalize().into_bytes())))
}

/// A new secret in the form Standard Webhooks libraries take.
pub fn new_secret() -> String {
    let key: [u8; 24] = rand::random();
    format!("whsec_{}", BASE64.encode(key))
}

/// What an endpoint answered, or why it did not.
struct Answer {
    status: Option<u16>,
    retry_after: Option<DateTime<Utc>>,
    response: String,
    error: Option<String>,
}

async fn send(hw: &Hardware, delivery: &Outgoing) -> Answer {
    let failed = |error: String| Answer {
        status: None,
        retry_after: None,
        response: String::new(),
        error: Some(error),
    };
    if let Err(error) = hw.outbound.may_send(&delivery.payload_url) {
        return failed(error);
    }
    let data: serde_json::Value =
        serde_json::from_str(&delivery.data).unwrap_or(serde_json::Value::Null);
    let timestamp = delivery
        .created_on
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    let text = body(
        &delivery.content_type,
        &Event {
            event_type: &delivery.event_type,
            timestamp: &timestamp,
            data: &data,
        },
    );
    // The receiver checks the signature's time against its own clock: the real one, whatever
    // clock the server runs on.
    let sent_at = Utc::now().timestamp();
    let mut request = hw
        .outbound
        .client()
        .post(&delivery.payload_url)
        .timeout(ANSWER_WITHIN)
        .header("content-type", media_type(&delivery.content_type))
        .header("webhook-id", &delivery.message_id)
        .header("webhook-timestamp", sent_at.to_string());
    if let Some(signature) = signature(&delivery.secret, &delivery.message_id, sent_at, &text) {
        request = request.header("webhook-signature", signature);
    }
    let mut answer = match request.body(text).send().await {
        Ok(answer) => answer,
        Err(error) => return failed(describe(&error)),
    };
    let status = answer.status().as_u16();
    let retry_after = answer
        .headers()
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| retry_after_time(v, hw.now()));
    let mut start = Vec::new();
    while start.len() < RESPONSE_KEPT {
        match answer.chunk().await {
            Ok(Some(chunk)) => start.extend_from_slice(&chunk),
            _ => break,
        }
    }
    start.truncate(RESPONSE_KEPT);
    Answer {
        status: Some(status),
        retry_after,
        response: String::from_utf8_lossy(&start).into_owned(),
        error: None,
    }
}

/// A request error in words, with its cause (the address guard's refusal among them).
fn describe(error: &reqwest::Error) -> String {
    if error.is_timeout() {
        return format!("No answer within {} seconds", ANSWER_WITHIN.as_secs());
    }
    crate::outbound::describe(error)
}

/// A Retry-After header (seconds or an HTTP date) as a time.
fn retry_after_time(value: &str, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
    let at = match value.trim().parse::<i64>() {
        Ok(seconds) => now + chrono::Duration::seconds(seconds.max(0)),
        Err(_) => DateTime::parse_from_rfc2822(value.trim())
            .ok()?
            .with_timezone(&Utc),
    };
    Some(at.min(now + LONGEST_RETRY_AFTER))
}

/// Sends one delivery and records the attempt; answers when to run again, if ever.
pub async fn deliver(hw: &Hardware, delivery_id: i64) -> Result<Option<DateTime<Utc>>, String> {
    let Some(delivery) = webhooks::outgoing(&hw.db, delivery_id)
        .await
        .map_err(|e| e.to_string())?
    else {
        return Ok(None);
    };
    if delivery.state != "pending" {
        return Ok(None);
    }
    if delivery.disabled_on.is_some() {
        webhooks::drop_delivery(&hw.db, delivery.id, hw.now())
            .await
            .map_err(|e| e.to_string())?;
        return Ok(None);
    }
    let at = hw.now();
    let started = Instant::now();
    let answer = send(hw, &delivery).await;
    let duration_ms = i64::try_from(started.elapsed().as_millis()).unwrap_or(i64::MAX);
    let attempts = delivery.attempts + 1;
    let failing_since = delivery.failing_since.unwrap_or(at);
    let disable_gone = "The endpoint answered 410 Gone".to_string();
    let disable_failing = format!(
        "Every delivery has failed since {}",
        failing_since.format("%Y-%m-%d %H:%M UTC")
    );
    let after = match answer.status {
        Some(200..=299) => AfterAttempt::Delivered,
        Some(410) => AfterAttempt::Disable(&disable_gone),
        _ if at - failing_since >= failing_too_long() => AfterAttempt::Disable(&disable_failing),
        _ => match retry_after_attempt(attempts) {
            Some(wait) => AfterAttempt::Retry(answer.retry_after.unwrap_or(at).max(at + wait)),
            None => AfterAttempt::GiveUp,
        },
    };
    let attempt = Attempt {
        at,
        status_code: answer.status.map(i64::from),
        duration_ms,
        response: &answer.response,
        error: answer.error.as_deref(),
    };
    webhooks::record_attempt(&hw.db, &delivery, &attempt, &after)
        .await
        .map_err(|e| e.to_string())?;
    let outcome = match after {
        AfterAttempt::Delivered => "delivered",
        AfterAttempt::Retry(_) => "retry",
        AfterAttempt::GiveUp => "failed",
        AfterAttempt::Disable(_) => "disabled",
    };
    crate::metrics::count("tourdesk_webhook_attempts_total", outcome);
    let notice = match after {
        AfterAttempt::Retry(next) => return Ok(Some(next)),
        AfterAttempt::Delivered => return Ok(None),
        AfterAttempt::Disable(reason) => (
            "Tourdesk: a webhook was disabled",
            format!(
                "The webhook for {} at {} no longer receives deliveries. {reason}. \
                 Check the endpoint, then save the webhook to enable it again.",
                delivery.event_type, delivery.payload_url
            ),
        ),
        AfterAttempt::GiveUp => (
            "Tourdesk: a webhook delivery failed",
            format!(
                "A {} delivery ({}) to {} failed {attempts} times and will not be tried again. \
                 Its webhook's page can send it again.",
                delivery.event_type, delivery.message_id, delivery.payload_url
            ),
        ),
    };
    tell_program_managers(hw, &delivery, notice.0, &notice.1)
        .await
        .map_err(|e| e.to_string())?;
    Ok(None)
}

/// Mails the builder's program managers about a webhook of theirs.
async fn tell_program_managers(
    hw: &Hardware,
    delivery: &Outgoing,
    subject: &str,
    message: &str,
) -> db::Result<()> {
    tracing::warn!(webhook = delivery.webhook_id, "{message}");
    for manager in db::users::program_managers(&hw.db, delivery.builder_id).await? {
        if !manager.email.is_empty() {
            db::messages::queue_mail(&hw.db, &manager.email, subject, message, hw.now()).await?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whsec_secrets_sign_with_their_decoded_key() {
        // The Standard Webhooks specification's example.
        let signed = signature(
            "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
            "msg_p5jXN8AQM9LWM0D4loKWxJek",
            1614265330,
            r#"{"test": 2432232314}"#,
        );
        assert_eq!(
            signed.as_deref(),
            Some("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=")
        );
        assert_eq!(signature("", "msg_1", 1, "{}"), None);
        assert!(new_secret().starts_with("whsec_"));
    }

    #[test]
    fn retry_after_reads_seconds_and_dates_within_a_day() {
        let now = DateTime::parse_from_rfc3339("2026-11-26T10:00:00Z")
            .unwrap()
            .with_timezone(&Utc);
        assert_eq!(
            retry_after_time("120", now),
            Some(now + chrono::Duration::seconds(120))
        );
        assert_eq!(
            retry_after_time("Thu, 26 Nov 2026 11:00:00 GMT", now),
            Some(now + chrono::Duration::hours(1))
        );
        assert_eq!(
            retry_after_time("999999", now),
            Some(now + LONGEST_RETRY_AFTER)
        );
        assert_eq!(retry_after_time("soon", now), None);
    }
}
