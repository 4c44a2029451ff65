//! The notification layer's delivery side: each queued mail or text (`db::messages`) leaves by
//! the channel configuration chose. Mail goes over SMTP when `smtp_url` is set; texts go to a
//! gateway of the common REST shape when the `sms_*` settings are; otherwise a message goes to
//! the outbox, which writes it to the log and to `outbox.log` in the data folder, so a fresh
//! install works offline and an admin can read every message on the console's Outbox screen.
//! A failure a retry can mend (the service down, busy or slow) is an `Err` and the job is
//! retried; one it cannot (a number that is not one, a refused address) is recorded as failed.

use std::io::Write;
use std::path::PathBuf;

use base64::engine::general_purpose::STANDARD as BASE64;
use base64::Engine as _;
use hmac::{Hmac, Mac};

use db::messages::{self, Kind, Outcome};
use db::Db;
use lettre::message::{header::ContentType, Mailbox};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use serde::Deserialize;

use crate::config::{Settings, SmsGateway};
use crate::outbound::Outbound;

pub const OUTBOX: &str = "outbox";
pub const SMTP: &str = "smtp";
pub const SMS_GATEWAY: &str = "sms_gateway";

#[derive(Clone)]
pub struct Notifier {
    outbox_file: PathBuf,
    /// Where this server's tour pages are, for the links texts carry.
    pub tour_pages: String,
    gateway: Option<(SmsGateway, Outbound)>,
    smtp: Option<(AsyncSmtpTransport<Tokio1Executor>, Mailbox)>,
}

/// Whether a message is settled or its job should run again.
pub type Delivered = Result<(), String>;

impl Notifier {
    /// The channels of the settings; an SMTP address or sender that cannot be used is an error
    /// at start-up rather than at the first mail.
    pub fn new(settings: &Settings, outbound: &Outbound) -> Result<Notifier, String> {
        let smtp = match &settings.smtp {
            Some(smtp) => {
                let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(&smtp.url)
                    .map_err(|e| format!("smtp_url: {e}"))?
                    .timeout(Some(std::time::Duration::from_secs(20)))
                    .build();
                let from: Mailbox = smtp
                    .from
                    .parse()
                    .map_err(|e| format!("mail_from '{}': {e}", smtp.from))?;
                Some((transport, from))
            }
            None => None,
        };
        Ok(Notifier {
            gateway: settings
                .sms_gateway
                .clone()
                .map(|gateway| (gateway, outbound.clone())),
            smtp,
            ..Notifier::outbox_of(settings)
        })
    }

    /// The settings' outbox alone, whatever other channels they name: the demo's story, whose
    /// texts nobody is to get.
    pub fn outbox_of(settings: &Settings) -> Notifier {
        Notifier {
            outbox_file: settings.data_dir.join("outbox.log"),
            tour_pages: format!("{}/tour", settings.public_url),
            gateway: None,
            smtp: None,
        }
    }

    /// Every message to the outbox file at `path` (tests, benchmarks), links to the tour pages of
    /// a server at the default address.
    pub fn outbox(path: PathBuf) -> Notifier {
        Notifier {
            outbox_file: path,
            tour_pages: "http://127.0.0.1:8080/tour".into(),
            gateway: None,
            smtp: None,
        }
    }

    /// Where outbox messages are written.
    pub fn outbox_file(&self) -> &std::path::Path {
        &self.outbox_file
    }

    /// Delivers a queued mail; `last_try` records a passing failure as final.
    pub async fn deliver_mail(&self, db: &Db, id: i64, last_try: bool) -> Delivered {
        let Some(mail) = messages::mail(db, id).await.map_err(|e| e.to_string())? else {
            return Ok(());
        };
        if mail.status != "queued" {
            return Ok(());
        }
        let Some((transport, from)) = &self.smtp else {
            tracing::info!(to = %mail.to_address, subject = %mail.subject, body = %mail.body, "mail (outbox)");
            let entry = format!(
                "--- {} to {}\nSubject: {}\n\n{}\n",
                mail.created_on.to_rfc3339(),
                mail.to_address,
                mail.subject,
                mail.body
            );
            return self.to_outbox(db, Kind::Mail, id, entry).await;
        };
        let to: Mailbox = match mail.to_address.parse() {
            Ok(to) => to,
            Err(e) => {
                let error = format!("not an address: {e}");
                return failed(db, Kind::Mail, id, SMTP, &error).await;
            }
        };
        let message = Message::builder()
            .from(from.clone())
            .to(to)
            .subject(mail.subject.clone())
            .header(ContentType::TEXT_PLAIN)
            .body(mail.body.clone())
            .map_err(|e| format!("cannot build the mail: {e}"))?;
        match transport.send(message).await {
            Ok(response) => {
                let answer = response.message().collect::<Vec<_>>().join(" ");
                sent(db, Kind::Mail, id, SMTP, Some(&answer)).await
            }
            // A permanent SMTP answer (5xx: no such mailbox, refused) will not change.
            Err(error) if error.is_permanent() || last_try => {
                let error = error.to_string();
                failed(db, Kind::Mail, id, SMTP, &error).await
            }
            Err(error) => {
                let error = error.to_string();
                note(db, Kind::Mail, id, SMTP, &error).await;
                Err(error)
            }
        }
    }

    /// Delivers a queued text, unless its number replied STOP.
    pub async fn deliver_text(&self, db: &Db, id: i64, last_try: bool) -> Delivered {
        let Some(text) = messages::sms(db, id).await.map_err(|e| e.to_string())? else {
            return Ok(());
        };
        if text.status != "queued" {
            return Ok(());
        }
        let channel = if self.gateway.is_some() {
            SMS_GATEWAY
        } else {
            OUTBOX
        };
        let Some(to) = domain::messaging::e164(&text.to_number) else {
            let error = format!("'{}' is not a phone number", text.to_number);
            return failed(db, Kind::Text, id, channel, &error).await;
        };
        if messages::is_opted_out(db, &to)
            .await
            .map_err(|e| e.to_string())?
        {
            return record(db, Kind::Text, id, channel, Outcome::OptedOut).await;
        }
        let Some((gateway, outbound)) = &self.gateway else {
            tracing::info!(to = %text.to_number, body = %text.body, "text message (outbox)");
            let entry = format!(
                "--- {} text to {}\n{}\n",
                text.created_on.to_rfc3339(),
                text.to_number,
                text.body
            );
            return self.to_outbox(db, Kind::Text, id, entry).await;
        };
        match send_text(gateway, outbound, &to, &text.body).await {
            Ok(sid) => sent(db, Kind::Text, id, SMS_GATEWAY, Some(&sid)).await,
            Err(GatewayError::Refused(error)) => {
                failed(db, Kind::Text, id, SMS_GATEWAY, &error).await
            }
            Err(GatewayError::Passing(error)) if last_try => {
                failed(db, Kind::Text, id, SMS_GATEWAY, &error).await
            }
            Err(GatewayError::Passing(error)) => {
                note(db, Kind::Text, id, SMS_GATEWAY, &error).await;
                Err(error)
            }
        }
    }

    /// Sends a message to the outbox: its file, then its row marked sent.
    async fn to_outbox(&self, db: &Db, kind: Kind, id: i64, entry: String) -> Delivered {
        self.write_outbox(entry).await?;
        sent(db, kind, id, OUTBOX, None).await
    }

    /// Appends a message to the outbox file.
    async fn write_outbox(&self, entry: String) -> Result<(), String> {
        let path = self.outbox_file.clone();
        tokio::task::spawn_blocking(move || {
            if let Some(folder) = path.parent() {
                std::fs::create_dir_all(folder)?;
            }
            let mut file = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)?;
            file.write_all(entry.as_bytes())
        })
        .await
        .map_err(|e| e.to_string())?
        .map_err(|e| format!("cannot write the outbox file: {e}"))
    }
}

async fn sent(db: &Db, kind: Kind, id: i64, channel: &str, provider_id: Option<&str>) -> Delivered {
    record(db, kind, id, channel, Outcome::Sent { provider_id }).await
}

async fn failed(db: &Db, kind: Kind, id: i64, channel: &str, error: &str) -> Delivered {
    record(db, kind, id, channel, Outcome::Failed { error }).await
}

async fn record(db: &Db, kind: Kind, id: i64, channel: &str, outcome: Outcome<'_>) -> Delivered {
    messages::record(db, kind, id, channel, outcome)
        .await
        .map_err(|e| e.to_string())
}

/// Keeps a passing error on the message, so the outbox shows why it is still queued.
async fn note(db: &Db, kind: Kind, id: i64, channel: &str, error: &str) {
    if let Err(e) = messages::note_error(db, kind, id, channel, error).await {
        tracing::warn!(message = id, %e, "could not note a delivery error");
    }
}

enum GatewayError {
    /// Worth another try later: the gateway was down, busy, slow or unreachable.
    Passing(String),
    /// Refused for good (a bad number, an unsubscribed one, our own settings).
    Refused(String),
}

/// The gateway's answer to a message, and its error shape.
#[derive(Deserialize)]
struct GatewayAnswer {
    sid: Option<String>,
    /// The message's state; in an error, the HTTP status as a number.
    status: Option<serde_json::Value>,
    error_code: Option<serde_json::Value>,
    error_message: Option<String>,
    code: Option<serde_json::Value>,
    message: Option<String>,
}

async fn send_text(
    gateway: &SmsGateway,
    outbound: &Outbound,
    to: &str,
    body: &str,
) -> Result<String, GatewayError> {
    let url = format!(
        "{}/2010-04-01/Accounts/{}/Messages.json",
        gateway.base_url, gateway.account_sid
    );
    let sender = if gateway.from.starts_with("MG") {
        "MessagingServiceSid"
    } else {
        "From"
    };
    let form = [("To", to), (sender, gateway.from.as_str()), ("Body", body)];
    let response = outbound
        .client()
        .post(&url)
        .basic_auth(&gateway.account_sid, Some(&gateway.auth_token))
        .form(&form)
        .send()
        .await
        .map_err(|e| GatewayError::Passing(format!("text gateway unreachable: {e}")))?;
    let status = response.status();
    let answer: Option<GatewayAnswer> = response.json().await.ok();
    let described = |answer: &Option<GatewayAnswer>| {
        let answer = answer.as_ref();
        let code = answer
            .and_then(|a| a.error_code.clone().or(a.code.clone()))
            .map(|c| format!(" ({c})"))
            .unwrap_or_default();
        let message = answer
            .and_then(|a| a.error_message.clone().or(a.message.clone()))
            .unwrap_or_else(|| status.to_string());
        format!("{message}{code}")
    };
    if status.is_server_error() || status == reqwest::StatusCode::TOO_MANY_REQUESTS {
        return Err(GatewayError::Passing(format!(
            "text gateway: {}",
            described(&answer)
        )));
    }
    if !status.is_success() {
        return Err(GatewayError::Refused(format!(
            "text gateway: {}",
            described(&answer)
        )));
    }
    match &answer {
        Some(GatewayAnswer {
            status: Some(s), ..
        }) if s == "failed" || s == "undelivered" => Err(GatewayError::Refused(format!(
            "text gateway: {}",
            described(&answer)
        ))),
        Some(GatewayAnswer { sid: Some(sid), .. }) => Ok(sid.clone()),
        _ => Err(GatewayError::Passing(
            "text gateway: an answer without a message id".into(),
        )),
    }
}

/// The signature a gateway puts on what it forwards to us (`X-Twilio-Signature`): HMAC-SHA1 with
/// the auth token over the address it posted to followed by each parameter's name and value,
/// sorted by name, in Base64.
fn signature_mac(auth_token: &str, url: &str, params: &[(String, String)]) -> Hmac<sha1::Sha1> {
    let mut sorted: Vec<&(String, String)> = params.iter().collect();
    sorted.sort();
    let mut mac = Hmac::<sha1::Sha1>::new_from_slice(auth_token.as_bytes())
        .expect("HMAC takes keys of any length");
    mac.update(url.as_bytes());
    for (name, value) in sorted {
        mac.update(name.as_bytes());
        mac.update(value.as_bytes());
    }
    mac
}

/// Whether a forwarded request carries the gateway's signature (compared in constant time).
pub fn signature_valid(
    auth_token: &str,
    url: &str,
    params: &[(String, String)],
    signature: &str,
) -> bool {
    let Ok(given) = BASE64.decode(signature.trim()) else {
        return false;
    };
    signature_mac(auth_token, url, params)
        .verify_slice(&given)
        .is_ok()
}

/// Signs parameters as the gateway does (tests and the fake gateway).
pub fn sign(auth_token: &str, url: &str, params: &[(String, String)]) -> String {
    BASE64.encode(
        signature_mac(auth_token, url, params)
            .finalize()
            .into_bytes(),
    )
}
