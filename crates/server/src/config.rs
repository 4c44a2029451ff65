//! Settings: command-line flags first, then `TOURDESK_*` environment variables (clap reads both),
//! then an optional `tourdesk.toml`, then defaults.

use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};

use clap::{Args, Parser, Subcommand};
use serde::{Deserialize, Serialize};

#[derive(Debug, Parser)]
#[command(
    name = "tourdesk",
    version,
    about = "Tourdesk: the staff console for self-guided home tours"
)]
pub struct Cli {
    /// A TOML settings file (default: ./tourdesk.toml when it exists).
    #[arg(long, global = true, env = "TOURDESK_CONFIG")]
    pub config: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the server.
    Serve(ServeArgs),
    /// Apply database migrations and exit.
    Migrate(StoreArgs),
    /// Manage users.
    #[command(subcommand)]
    User(UserCommand),
    /// Fill an empty database with the demo world.
    Demo(StoreArgs),
    /// Print the OpenAPI document.
    Openapi,
    /// Drive the simulated devices (demos, training, tests).
    Sim(SimArgs),
}

#[derive(Debug, Args)]
pub struct SimArgs {
    #[command(flatten)]
    pub store: StoreArgs,
    #[command(subcommand)]
    pub command: SimCommand,
}

#[derive(Debug, Subcommand)]
pub enum SimCommand {
    /// Add a simulated device (or put one back as it came out of the box).
    Add {
        serial: String,
        /// door_lock, smart_lock, dimmable_light, thermostat, motion_sensor or wifi_thermostat.
        #[arg(long)]
        kind: String,
        #[arg(long)]
        name: String,
    },
    /// Show a device as the simulator holds it (codes masked).
    Show { serial: String },
    /// Type a code on a lock's keypad.
    Keypad { serial: String, code: String },
    /// Give a device its faults (none given: it works again).
    Fault {
        serial: String,
        #[arg(long)]
        offline: bool,
        #[arg(long)]
        fail_set_code: bool,
        #[arg(long)]
        fail_remove_code: bool,
        #[arg(long)]
        jam: bool,
        /// Battery taken by each command, 0 to 1.
        #[arg(long, default_value_t = 0.0)]
        drain: f64,
        /// The share of commands that time out, 0 to 1.
        #[arg(long, default_value_t = 0.0)]
        fail_rate: f64,
    },
    /// Set a battery's level, 0 (empty) to 1 (full).
    Battery { serial: String, level: f64 },
}

#[derive(Debug, Args, Clone, Default)]
pub struct StoreArgs {
    /// Folder for the embedded database, the token secret and the mail outbox.
    #[arg(long, env = "TOURDESK_DATA_DIR", global = true)]
    pub data_dir: Option<PathBuf>,
    /// Database URL: sqlite://PATH or postgres://... (default sqlite://DATA_DIR/tourdesk.db).
    #[arg(long, env = "DATABASE_URL", global = true)]
    pub database_url: Option<String>,
}

#[derive(Debug, Args)]
pub struct ServeArgs {
    #[command(flatten)]
    pub store: StoreArgs,
    /// Fill an empty database with the demo world before serving.
    #[arg(long)]
    pub demo: bool,
    /// Address to listen on (default 127.0.0.1:8080).
    #[arg(long, env = "TOURDESK_BIND")]
    pub bind: Option<String>,
}

#[derive(Debug, Subcommand)]
pub enum UserCommand {
    /// Create a user; the password is prompted for, or read from standard input.
    Create(UserCreateArgs),
}

#[derive(Debug, Args)]
pub struct UserCreateArgs {
    #[command(flatten)]
    pub store: StoreArgs,
    #[arg(long)]
    pub username: String,
    #[arg(long)]
    pub email: String,
    /// A platform admin (no builder).
    #[arg(long, conflicts_with = "builder")]
    pub admin: bool,
    /// The builder the staff member belongs to.
    #[arg(long, required_unless_present = "admin")]
    pub builder: Option<i64>,
    /// Staff role: super-admin, program-manager, sales-staff, other-staff, trade-contractor (or its id).
    #[arg(long, default_value = "program-manager")]
    pub role: String,
    #[arg(long, default_value = "")]
    pub firstname: String,
    #[arg(long, default_value = "")]
    pub lastname: String,
}

/// What `tourdesk.toml` may set.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileSettings {
    pub bind: Option<String>,
    pub data_dir: Option<PathBuf>,
    pub database_url: Option<String>,
    pub token_secret: Option<String>,
    pub public_url: Option<String>,
    pub billing_ui: Option<bool>,
    pub log_format: Option<String>,
    pub training_media_url: Option<String>,
    pub training_trainer: Option<Trainer>,
    pub geocoder_url: Option<String>,
    pub public_site_url: Option<String>,
    pub trusted_proxies: Option<Vec<String>>,
    pub sim_latency_ms: Option<u64>,
    pub outbound_allow: Option<Vec<String>>,
    pub outbound_offline: Option<bool>,
    pub metrics_token: Option<String>,
    pub sms_gateway_url: Option<String>,
    pub sms_account_sid: Option<String>,
    pub sms_auth_token: Option<String>,
    pub sms_from: Option<String>,
    pub smtp_url: Option<String>,
    pub mail_from: Option<String>,
    pub billing_remittance: Option<String>,
    pub billing_payment_url: Option<String>,
    pub billing_phone: Option<String>,
}

/// A text gateway of the common REST shape (spec: outside protocols, SMS gateway).
#[derive(Debug, Clone)]
pub struct SmsGateway {
    /// The API's base address; messages go to `{base}/2010-04-01/Accounts/{sid}/Messages.json`.
    pub base_url: String,
    pub account_sid: String,
    /// Authenticates our requests and signs the replies the gateway forwards to us.
    pub auth_token: String,
    /// The number texts come from (E.164), or a messaging service id (`MG...`).
    pub from: String,
}

/// Mail over SMTP: `smtps://user:password@host:465` (TLS), `smtp://user:password@host:587?tls=required`
/// (STARTTLS) or, for a relay on this machine, `smtp://127.0.0.1:25`.
#[derive(Debug, Clone)]
pub struct Smtp {
    pub url: String,
    /// The sender, e.g. `Tourdesk <tours@example.com>`.
    pub from: String,
}

/// The sales-training videos' presenter (`[training_trainer]`, or `TOURDESK_TRAINING_TRAINER_*`);
/// only the name is required, and what is not given is not shown.
#[derive(Debug, Clone, Default, Deserialize, Serialize, utoipa::ToSchema, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Trainer {
    pub name: String,
    pub title: Option<String>,
    pub bio: Option<String>,
    pub company: Option<String>,
    /// A page about them.
    pub link: Option<String>,
}

impl Trainer {
    /// The trainer the environment names (each field over the file's), if it has a name.
    fn resolve(file: Option<Trainer>) -> Option<Trainer> {
        let file = file.unwrap_or_default();
        let field = |name: &str, from_file: Option<String>| {
            env(&format!("TOURDESK_TRAINING_TRAINER_{name}"))
                .or(from_file)
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
        };
        Some(Trainer {
            name: field("NAME", Some(file.name))?,
            title: field("TITLE", file.title),
            bio: field("BIO", file.bio),
            company: field("COMPANY", file.company),
            link: field("LINK", file.link),
        })
    }
}

/// Resolved settings.
#[derive(Debug, Clone)]
pub struct Settings {
    pub bind: SocketAddr,
    pub data_dir: PathBuf,
    pub database_url: String,
    pub token_secret: Option<String>,
    /// Where the console is reached, for links in mail (default http://BIND).
    pub public_url: String,
    pub billing_ui: bool,
    /// How builders pay an invoice: remittance details (bank, address...) shown with Pay.
    pub billing_remittance: Option<String>,
    /// A payment page an invoice's Pay links to, when there is one.
    pub billing_payment_url: Option<String>,
    /// The number printed on invoices for questions about them.
    pub billing_phone: Option<String>,
    pub log_json: bool,
    /// Where the training videos and thumbnails are served from (none: not available here).
    pub training_media_url: Option<String>,
    /// Who presents the sales-training videos (none: no presenter is shown).
    pub training_trainer: Option<Trainer>,
    /// A Nominatim-compatible geocoder (none: the offline one).
    pub geocoder_url: Option<String>,
    /// The visitor-facing public site (the spec's webflow base) where each builder's homes and
    /// communities have pages: by default this server's own tour pages (`{public_url}/tour`).
    pub public_site_url: Option<String>,
    /// Reverse proxies whose `X-Forwarded-For` names the client (none: the peer is the client).
    pub trusted_proxies: Vec<AddressRange>,
    /// How long each command to a simulated device takes (none by default).
    pub sim_latency_ms: u64,
    /// Private, loopback or link-local addresses outside services may still be reached at (an
    /// internal geocoder, a test's fake); none by default.
    pub outbound_allow: Vec<AddressRange>,
    /// No outgoing request leaves but to `outbound_allow`'s literal addresses, and no name is
    /// looked up (`TOURDESK_OUTBOUND_OFFLINE`): for machines that must not reach out, and the
    /// test runs.
    pub outbound_offline: bool,
    /// The bearer token `GET /metrics` asks for; none: it answers loopback peers only.
    pub metrics_token: Option<String>,
    /// Where texts go; none: the outbox.
    pub sms_gateway: Option<SmsGateway>,
    /// Where mail goes; none: the outbox.
    pub smtp: Option<Smtp>,
    /// With `--demo` only: the instant the server's clock starts at, running on from there, so a
    /// demonstration (or an end-to-end test) shows tours at a chosen time of the builders' day.
    pub demo_clock: Option<chrono::DateTime<chrono::Utc>>,
}

/// An address or a CIDR range of them (`10.0.0.7`, `10.0.0.0/8`, `fd00::/8`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AddressRange {
    address: IpAddr,
    prefix: u8,
}

impl std::str::FromStr for AddressRange {
    type Err = String;

    fn from_str(text: &str) -> Result<AddressRange, String> {
        let text = text.trim();
        let bad = || format!("'{text}' is not an address or a range like 10.0.0.0/8");
        let (address, prefix) = match text.split_once('/') {
            Some((address, prefix)) => (address, Some(prefix)),
            None => (text, None),
        };
        let address: IpAddr = address.parse().map_err(|_| bad())?;
        let bits = if address.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            Some(p) => p
                .parse::<u8>()
                .ok()
                .filter(|p| *p <= bits)
                .ok_or_else(bad)?,
            None => bits,
        };
        Ok(AddressRange { address, prefix })
    }
}

impl AddressRange {
    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = match ip {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map(IpAddr::V4).unwrap_or(ip),
            v4 => v4,
        };
        match (self.address, ip) {
            (IpAddr::V4(range), IpAddr::V4(ip)) => {
                let mask = u32::MAX
                    .checked_shl(32 - u32::from(self.prefix))
                    .unwrap_or(0);
                u32::from(range) & mask == u32::from(ip) & mask
            }
            (IpAddr::V6(range), IpAddr::V6(ip)) => {
                let mask = u128::MAX
                    .checked_shl(128 - u32::from(self.prefix))
                    .unwrap_or(0);
                u128::from(range) & mask == u128::from(ip) & mask
            }
            _ => false,
        }
    }
}

/// The gateway's four settings, each from the environment or the file.
fn file_sms(
    url: Option<String>,
    sid: Option<String>,
    token: Option<String>,
    from: Option<String>,
) -> [(&'static str, Option<String>); 4] {
    [
        ("sms_gateway_url", env("TOURDESK_SMS_GATEWAY_URL").or(url)),
        ("sms_account_sid", env("TOURDESK_SMS_ACCOUNT_SID").or(sid)),
        ("sms_auth_token", env("TOURDESK_SMS_AUTH_TOKEN").or(token)),
        ("sms_from", env("TOURDESK_SMS_FROM").or(from)),
    ]
}

/// A gateway when all four settings are there, none when none is, else which are missing.
fn sms_gateway(parts: [(&'static str, Option<String>); 4]) -> Result<Option<SmsGateway>, String> {
    let missing: Vec<&str> = parts
        .iter()
        .filter(|(_, v)| v.is_none())
        .map(|(n, _)| *n)
        .collect();
    if missing.len() == parts.len() {
        return Ok(None);
    }
    if !missing.is_empty() {
        return Err(format!("text gateway: also set {}", missing.join(", ")));
    }
    let [base_url, account_sid, auth_token, from] = parts.map(|(_, v)| v.unwrap_or_default());
    Ok(Some(SmsGateway {
        base_url: base_url.trim_end_matches('/').to_string(),
        account_sid,
        auth_token,
        from,
    }))
}

/// A switch's value that turns it on.
fn is_on(value: &str) -> bool {
    matches!(value, "1" | "true" | "on" | "yes")
}

fn env(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.is_empty())
}

pub fn load_file(path: Option<&Path>) -> Result<FileSettings, String> {
    let (path, required) = match path {
        Some(p) => (p.to_path_buf(), true),
        None => (PathBuf::from("tourdesk.toml"), false),
    };
    match std::fs::read_to_string(&path) {
        Ok(text) => toml::from_str(&text).map_err(|e| format!("{}: {e}", path.display())),
        Err(_) if !required => Ok(FileSettings::default()),
        Err(e) => Err(format!("{}: {e}", path.display())),
    }
}

impl Settings {
    pub fn resolve(
        file: FileSettings,
        store: &StoreArgs,
        bind: Option<&str>,
    ) -> Result<Settings, String> {
        let bind_text = bind
            .map(str::to_string)
            .or(file.bind)
            .unwrap_or_else(|| "127.0.0.1:8080".into());
        let bind: SocketAddr = bind_text
            .parse()
            .map_err(|_| format!("bind: '{bind_text}' is not an address like 127.0.0.1:8080"))?;
        let data_dir = store
            .data_dir
            .clone()
            .or(file.data_dir)
            .unwrap_or_else(|| PathBuf::from("data"));
        let database_url = store
            .database_url
            .clone()
            .or(file.database_url)
            .unwrap_or_else(|| format!("sqlite://{}", data_dir.join("tourdesk.db").display()));
        let public_url = env("TOURDESK_PUBLIC_URL")
            .or(file.public_url)
            .unwrap_or_else(|| format!("http://{bind}"));
        let billing_ui = match env("TOURDESK_BILLING_UI") {
            Some(v) => is_on(&v),
            None => file.billing_ui.unwrap_or(false),
        };
        let outbound_offline = match env("TOURDESK_OUTBOUND_OFFLINE") {
            Some(v) => is_on(&v),
            None => file.outbound_offline.unwrap_or(false),
        };
        let log_json = env("TOURDESK_LOG_FORMAT")
            .or(file.log_format)
            .is_some_and(|f| f == "json");
        let trusted_proxies = match env("TOURDESK_TRUSTED_PROXIES") {
            Some(list) => list.split(',').map(str::to_string).collect(),
            None => file.trusted_proxies.unwrap_or_default(),
        }
        .iter()
        .filter(|p| !p.trim().is_empty())
        .map(|p| p.parse())
        .collect::<Result<Vec<AddressRange>, String>>()
        .map_err(|e| format!("trusted proxies: {e}"))?;
        let outbound_allow = match env("TOURDESK_OUTBOUND_ALLOW") {
            Some(list) => list.split(',').map(str::to_string).collect(),
            None => file.outbound_allow.unwrap_or_default(),
        }
        .iter()
        .filter(|p| !p.trim().is_empty())
        .map(|p| p.parse())
        .collect::<Result<Vec<AddressRange>, String>>()
        .map_err(|e| format!("outbound allow list: {e}"))?;
        Ok(Settings {
            bind,
            data_dir,
            database_url,
            token_secret: env("TOURDESK_TOKEN_SECRET").or(file.token_secret),
            public_url: public_url.trim_end_matches('/').to_string(),
            billing_ui,
            billing_remittance: env("TOURDESK_BILLING_REMITTANCE")
                .or(file.billing_remittance)
                .filter(|t| !t.trim().is_empty()),
            billing_payment_url: env("TOURDESK_BILLING_PAYMENT_URL")
                .or(file.billing_payment_url)
                .filter(|t| !t.trim().is_empty()),
            billing_phone: env("TOURDESK_BILLING_PHONE")
                .or(file.billing_phone)
                .filter(|t| !t.trim().is_empty()),
            log_json,
            training_media_url: env("TOURDESK_TRAINING_MEDIA_URL")
                .or(file.training_media_url)
                .map(|u| u.trim_end_matches('/').to_string()),
            training_trainer: Trainer::resolve(file.training_trainer),
            geocoder_url: env("TOURDESK_GEOCODER_URL").or(file.geocoder_url),
            // Without a site of the builder's own, this server's tour pages are the public site.
            public_site_url: Some(
                env("TOURDESK_PUBLIC_SITE_URL")
                    .or(file.public_site_url)
                    .map(|u| u.trim_end_matches('/').to_string())
                    .unwrap_or_else(|| format!("{}/tour", public_url.trim_end_matches('/'))),
            ),
            trusted_proxies,
            sim_latency_ms: match env("TOURDESK_SIM_LATENCY_MS") {
                Some(v) => v
                    .parse()
                    .map_err(|_| format!("TOURDESK_SIM_LATENCY_MS: '{v}' is not milliseconds"))?,
                None => file.sim_latency_ms.unwrap_or(0),
            },
            outbound_allow,
            outbound_offline,
            metrics_token: env("TOURDESK_METRICS_TOKEN")
                .or(file.metrics_token)
                .filter(|t| !t.trim().is_empty()),
            demo_clock: match env("TOURDESK_DEMO_CLOCK") {
                Some(v) => Some(v.parse().map_err(|_| {
                    format!(
                        "TOURDESK_DEMO_CLOCK: '{v}' is not an instant like 2026-11-26T17:00:00Z"
                    )
                })?),
                None => None,
            },
            sms_gateway: sms_gateway(file_sms(
                file.sms_gateway_url,
                file.sms_account_sid,
                file.sms_auth_token,
                file.sms_from,
            ))?,
            smtp: match env("TOURDESK_SMTP_URL").or(file.smtp_url) {
                Some(url) => Some(Smtp {
                    url,
                    from: env("TOURDESK_MAIL_FROM")
                        .or(file.mail_from)
                        .ok_or("mail_from: set the sender of mail sent over SMTP")?,
                }),
                None => None,
            },
        })
    }

    /// The client behind a request from `peer`: the peer itself, unless it is a trusted proxy;
    /// then the nearest address of `X-Forwarded-For` (read right to left) that is not one. A
    /// header from anyone else is ignored, since a client can write what it likes there.
    pub fn client_address(&self, peer: IpAddr, forwarded_for: &[&str]) -> IpAddr {
        let trusted = |ip: IpAddr| self.trusted_proxies.iter().any(|r| r.contains(ip));
        if !trusted(peer) {
            return peer;
        }
        let mut client = peer;
        for hop in forwarded_for.iter().rev().flat_map(|h| h.rsplit(',')) {
            match hop.trim().parse::<IpAddr>() {
                Ok(ip) => {
                    client = ip;
                    if !trusted(ip) {
                        break;
                    }
                }
                // A hop that is not an address: stop at the last one known.
                Err(_) => break,
            }
        }
        client
    }

    /// The address of a builder's page on the public site: base + builder web name +
    /// `/{kind}/` + id, as the spec builds it (`kind` is `property` or `community`).
    pub fn public_page(&self, webflow_name: &str, kind: &str, id: i64) -> Option<String> {
        let base = self.public_site_url.as_deref()?;
        Some(format!("{base}/{webflow_name}/{kind}/{id}"))
    }

    /// The token signing secret: configured, or generated once and kept in the data folder.
    pub fn token_secret(&self) -> std::io::Result<Vec<u8>> {
        if let Some(secret) = &self.token_secret {
            return Ok(secret.as_bytes().to_vec());
        }
        let path = self.data_dir.join("token_secret");
        match std::fs::read_to_string(&path) {
            Ok(text) if text.trim().len() >= 32 => Ok(text.trim().as_bytes().to_vec()),
            _ => {
                let mut bytes = [0u8; 32];
                rand::Rng::fill(&mut rand::thread_rng(), &mut bytes);
                let secret: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
                std::fs::create_dir_all(&self.data_dir)?;
                write_private(&path, &secret)?;
                Ok(secret.into_bytes())
            }
        }
    }
}

#[cfg(unix)]
fn write_private(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .open(path)?;
    file.write_all(text.as_bytes())
}

#[cfg(not(unix))]
fn write_private(path: &Path, text: &str) -> std::io::Result<()> {
    std::fs::write(path, text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults() {
        let settings =
            Settings::resolve(FileSettings::default(), &StoreArgs::default(), None).unwrap();
        assert_eq!(settings.bind.to_string(), "127.0.0.1:8080");
        assert_eq!(settings.database_url, "sqlite://data/tourdesk.db");
        assert_eq!(settings.public_url, "http://127.0.0.1:8080");
    }

    #[test]
    fn public_pages_are_this_servers_tour_pages_unless_a_site_is_named() {
        let mut settings =
            Settings::resolve(FileSettings::default(), &StoreArgs::default(), None).unwrap();
        assert_eq!(
            settings
                .public_page("cedar-ridge", "property", 7)
                .as_deref(),
            Some("http://127.0.0.1:8080/tour/cedar-ridge/property/7")
        );
        let file: FileSettings =
            toml::from_str("public_site_url = \"https://tours.example.com/\"").unwrap();
        settings = Settings::resolve(file, &StoreArgs::default(), None).unwrap();
        assert_eq!(
            settings
                .public_page("cedar-ridge", "property", 7)
                .as_deref(),
            Some("https://tours.example.com/cedar-ridge/property/7")
        );
    }

    #[test]
    fn the_trainer_is_shown_only_when_named_and_only_with_what_is_given() {
        let resolve = |text: &str| {
            let file: FileSettings = toml::from_str(text).unwrap();
            Settings::resolve(file, &StoreArgs::default(), None)
                .unwrap()
                .training_trainer
        };
        assert_eq!(resolve(""), None);
        assert_eq!(resolve("[training_trainer]\nname = \"  \"\n"), None);
        assert_eq!(
            resolve(
                "[training_trainer]\nname = \"Sam Lee\"\ncompany = \"Lee Sales\"\nlink = \" \"\n"
            ),
            Some(Trainer {
                name: "Sam Lee".into(),
                company: Some("Lee Sales".into()),
                ..Trainer::default()
            })
        );
    }

    #[test]
    fn message_channels_need_all_their_settings() {
        let resolve = |text: &str| {
            let file: FileSettings = toml::from_str(text).unwrap();
            Settings::resolve(file, &StoreArgs::default(), None)
        };
        let settings = resolve("").unwrap();
        assert!(
            settings.sms_gateway.is_none() && settings.smtp.is_none(),
            "the outbox by default"
        );
        assert_eq!(
            resolve("sms_gateway_url = \"https://api.example.com/\"\nsms_from = \"+15550001111\"")
                .unwrap_err(),
            "text gateway: also set sms_account_sid, sms_auth_token"
        );
        let settings = resolve(
            "sms_gateway_url = \"https://api.example.com/\"\nsms_account_sid = \"AC1\"\n\
             sms_auth_token = \"t\"\nsms_from = \"+15550001111\"",
        )
        .unwrap();
        assert_eq!(
            settings.sms_gateway.unwrap().base_url,
            "https://api.example.com"
        );
        assert!(resolve("smtp_url = \"smtps://u:p@mail.example.com\"")
            .unwrap_err()
            .starts_with("mail_from"));
        let settings = resolve(
            "smtp_url = \"smtps://u:p@mail.example.com\"\nmail_from = \"Tours <t@example.com>\"",
        )
        .unwrap();
        assert_eq!(settings.smtp.unwrap().from, "Tours <t@example.com>");
    }

    #[test]
    fn flags_win_over_the_file() {
        let file: FileSettings =
            toml::from_str("bind = \"127.0.0.1:9000\"\ndata_dir = \"/var/td\"").unwrap();
        let store = StoreArgs {
            data_dir: Some("/tmp/x".into()),
            database_url: None,
        };
        let settings = Settings::resolve(file, &store, Some("127.0.0.1:7000")).unwrap();
        assert_eq!(settings.bind.to_string(), "127.0.0.1:7000");
        assert_eq!(settings.database_url, "sqlite:///tmp/x/tourdesk.db");
    }

    #[test]
    fn bad_values_are_reported() {
        assert!(
            Settings::resolve(FileSettings::default(), &StoreArgs::default(), Some("nope"))
                .is_err()
        );
        assert!(toml::from_str::<FileSettings>("unknown = 1").is_err());
    }

    #[test]
    fn forwarded_addresses_count_only_from_trusted_proxies() {
        let file: FileSettings =
            toml::from_str("trusted_proxies = [\"10.0.0.1\", \"192.168.0.0/16\"]").unwrap();
        let settings = Settings::resolve(file, &StoreArgs::default(), None).unwrap();
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        // A client that is no proxy cannot pick its address.
        assert_eq!(
            settings.client_address(ip("203.0.113.9"), &["1.2.3.4"]),
            ip("203.0.113.9")
        );
        // Through the trusted proxies, the nearest untrusted hop is the client.
        assert_eq!(
            settings.client_address(ip("10.0.0.1"), &["1.2.3.4, 198.51.100.7", "192.168.3.3"]),
            ip("198.51.100.7")
        );
        assert_eq!(settings.client_address(ip("10.0.0.1"), &[]), ip("10.0.0.1"));
        assert_eq!(
            settings.client_address(ip("::ffff:10.0.0.1"), &["198.51.100.7"]),
            ip("198.51.100.7")
        );
        assert_eq!(
            settings.client_address(ip("10.0.0.2"), &["198.51.100.7"]),
            ip("10.0.0.2")
        );
        assert_eq!(
            settings.client_address(ip("10.0.0.1"), &["garbage"]),
            ip("10.0.0.1")
        );
        assert!(Settings::resolve(
            toml::from_str("trusted_proxies = [\"10.0.0.0/33\"]").unwrap(),
            &StoreArgs::default(),
            None
        )
        .is_err());
        let v6: AddressRange = "fd00::/8".parse().unwrap();
        assert!(v6.contains(ip("fd12::1")));
        assert!(!v6.contains(ip("fe80::1")));
        let everything: AddressRange = "0.0.0.0/0".parse().unwrap();
        assert!(everything.contains(ip("8.8.8.8")));
    }

    #[test]
    fn the_secret_is_generated_once() {
        let dir = std::env::temp_dir().join(format!("td-secret-{}", std::process::id()));
        let store = StoreArgs {
            data_dir: Some(dir.clone()),
            database_url: None,
        };
        let settings = Settings::resolve(FileSettings::default(), &store, None).unwrap();
        let first = settings.token_secret().unwrap();
        assert_eq!(first.len(), 64);
        assert_eq!(settings.token_secret().unwrap(), first);
        std::fs::remove_dir_all(dir).unwrap();
    }
}
