//! The one outgoing HTTP client (reqwest over rustls) every outside service goes through: lock
//! providers, the geocoder, and the webhooks, feeds and text gateway to come. It keeps time-outs,
//! follows no redirect, and guards addresses: a name that resolves to a loopback, private,
//! link-local (cloud metadata), shared or unspecified address is refused unless the operator
//! allows it (`outbound_allow`), so a configured address cannot reach inside the network.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use reqwest::dns::{Addrs, Name, Resolve, Resolving};

use crate::config::AddressRange;

const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
const REQUEST_TIMEOUT: Duration = Duration::from_secs(20);
/// How long a save waits for a configured address's name to resolve.
const LOOKUP_TIMEOUT: Duration = Duration::from_secs(2);

#[derive(Clone)]
pub struct Outbound {
    client: reqwest::Client,
    allow: Arc<Vec<AddressRange>>,
    offline: bool,
}

/// Whether an address is one the outside has no business reaching us at.
pub fn is_internal(ip: IpAddr) -> bool {
    let ip = match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map(IpAddr::V4).unwrap_or(ip),
        v4 => v4,
    };
    match ip {
        IpAddr::V4(v4) => {
            let [a, b, ..] = v4.octets();
            v4.is_loopback()
                || v4.is_private()
                || v4.is_link_local()
                || v4.is_unspecified()
                || v4.is_broadcast()
                || v4.is_multicast()
                || (a == 100 && (64..128).contains(&b))
                || a == 0
        }
        IpAddr::V6(v6) => {
            let first = v6.segments()[0];
            v6.is_loopback()
                || v6.is_unspecified()
                || v6.is_multicast()
                || (first & 0xfe00) == 0xfc00
                || (first & 0xffc0) == 0xfe80
        }
    }
}

/// Resolves names, refusing any answer that holds an address not allowed.
struct Guard {
    allow: Arc<Vec<AddressRange>>,
    offline: bool,
}

fn allowed(allow: &[AddressRange], ip: IpAddr) -> bool {
    !is_internal(ip) || allow.iter().any(|r| r.contains(ip))
}

impl Resolve for Guard {
    fn resolve(&self, name: Name) -> Resolving {
        let allow = self.allow.clone();
        let offline = self.offline;
        Box::pin(async move {
            let host = name.as_str().to_string();
            if offline {
                return Err(format!("{host} is not looked up: {OFFLINE}").into());
            }
            let found: Vec<SocketAddr> =
                tokio::net::lookup_host((host.as_str(), 0)).await?.collect();
            if let Some(bad) = found.iter().find(|a| !allowed(&allow, a.ip())) {
                return Err(format!(
                    "{host} resolves to {}, which is not reachable from here",
                    bad.ip()
                )
                .into());
            }
            let addrs: Addrs = Box::new(found.into_iter());
            Ok(addrs)
        })
    }
}

/// A request error in words, with its causes (the address guard's refusal among them).
pub fn describe(error: &reqwest::Error) -> String {
    let mut text = error.to_string();
    let mut source = std::error::Error::source(error);
    while let Some(cause) = source {
        text.push_str(&format!(": {cause}"));
        source = cause.source();
    }
    text
}

/// Why nothing goes out of an offline server.
const OFFLINE: &str = "outgoing requests are off (TOURDESK_OUTBOUND_OFFLINE)";

impl Outbound {
    pub fn new(allow: Vec<AddressRange>) -> Outbound {
        Outbound::with(allow, false)
    }

    /// The client of a server's settings.
    pub fn of(settings: &crate::config::Settings) -> Outbound {
        Outbound::with(settings.outbound_allow.clone(), settings.outbound_offline)
    }

    fn with(allow: Vec<AddressRange>, offline: bool) -> Outbound {
        let allow = Arc::new(allow);
        let client = reqwest::Client::builder()
            .connect_timeout(CONNECT_TIMEOUT)
            .timeout(REQUEST_TIMEOUT)
            .redirect(reqwest::redirect::Policy::none())
            .user_agent("tourdesk")
            .dns_resolver(Arc::new(Guard {
                allow: allow.clone(),
                offline,
            }))
            .build()
            .expect("the HTTP client's settings are valid");
        Outbound {
            client,
            allow,
            offline,
        }
    }

    pub fn client(&self) -> &reqwest::Client {
        &self.client
    }

    /// Checks an address an outside service is configured at: http or https, and a literal IP
    /// host (which is not resolved, so the guard would not see it) that is allowed.
    pub fn check_url(&self, url: &str) -> Result<(), String> {
        let parsed = reqwest::Url::parse(url).map_err(|_| format!("'{url}' is not an address"))?;
        if !matches!(parsed.scheme(), "http" | "https") {
            return Err("the address must start with http:// or https://".into());
        }
        let ip = match parsed.host() {
            Some(url::Host::Ipv4(v4)) => Some(IpAddr::V4(v4)),
            Some(url::Host::Ipv6(v6)) => Some(IpAddr::V6(v6)),
            Some(url::Host::Domain(_)) => None,
            None => return Err(format!("'{url}' names no host")),
        };
        match ip {
            Some(ip) if !allowed(&self.allow, ip) => Err(format!(
                "{ip} is an internal address; allow it with TOURDESK_OUTBOUND_ALLOW"
            )),
            _ => Ok(()),
        }
    }

    /// Checks an address as [`Outbound::check_url`] does, and, for a name, every address it
    /// resolves to now (a name that does not resolve may yet: it is let through, and the guard
    /// checks it again on every request).
    pub async fn check_address(&self, url: &str) -> Result<(), String> {
        self.check_url(url)?;
        let parsed = reqwest::Url::parse(url).map_err(|_| format!("'{url}' is not an address"))?;
        let Some(url::Host::Domain(host)) = parsed.host() else {
            return Ok(());
        };
        if self.offline {
            return Ok(());
        }
        let port = parsed.port_or_known_default().unwrap_or(80);
        // A slow resolver does not hold the save up: a name not resolved in time is let through,
        // as one that does not resolve is.
        let Ok(Ok(found)) =
            tokio::time::timeout(LOOKUP_TIMEOUT, tokio::net::lookup_host((host, port))).await
        else {
            return Ok(());
        };
        for address in found {
            if !allowed(&self.allow, address.ip()) {
                return Err(format!(
                    "{host} resolves to {}, an internal address; allow it with TOURDESK_OUTBOUND_ALLOW",
                    address.ip()
                ));
            }
        }
        Ok(())
    }

    /// Checks that a request may leave for an address now: as [`Outbound::check_url`] does, and
    /// when the server is offline, only to an allowed literal address.
    pub fn may_send(&self, url: &str) -> Result<(), String> {
        self.check_url(url)?;
        if !self.offline {
            return Ok(());
        }
        let host = reqwest::Url::parse(url)
            .ok()
            .and_then(|u| u.host().map(|h| h.to_owned()));
        let ip = match host {
            Some(url::Host::Ipv4(v4)) => IpAddr::V4(v4),
            Some(url::Host::Ipv6(v6)) => IpAddr::V6(v6),
            _ => return Err(OFFLINE.into()),
        };
        if self.allow.iter().any(|r| r.contains(ip)) {
            Ok(())
        } else {
            Err(OFFLINE.into())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn internal_addresses_are_refused_unless_allowed() {
        let open = Outbound::new(Vec::new());
        for url in [
            "http://127.0.0.1:9/x",
            "http://10.1.2.3/",
            "http://169.254.169.254/latest/meta-data",
            "http://[::1]:8080/",
            "http://[fd00::1]/",
            "http://100.64.0.1/",
            "http://0.0.0.0/",
        ] {
            assert!(open.check_url(url).is_err(), "{url}");
        }
        assert!(open.check_url("https://connect.getseam.com").is_ok());
        assert!(open.check_url("https://8.8.8.8/").is_ok());
        assert!(open.check_url("ftp://example.com/").is_err());
        assert!(open.check_url("not a url").is_err());
        let local = Outbound::new(vec!["127.0.0.0/8".parse().unwrap()]);
        assert!(local.check_url("http://127.0.0.1:9/x").is_ok());
        assert!(local.check_url("http://10.1.2.3/").is_err());
    }

    #[tokio::test]
    async fn names_are_checked_by_what_they_resolve_to() {
        let open = Outbound::new(Vec::new());
        let refused = open.check_address("http://localhost:9/hook").await;
        assert!(refused.unwrap_err().contains("internal address"));
        let local = Outbound::new(vec![
            "127.0.0.0/8".parse().unwrap(),
            "::1/128".parse().unwrap(),
        ]);
        assert!(local.check_address("http://localhost:9/hook").await.is_ok());
    }

    #[tokio::test]
    async fn an_offline_server_sends_only_to_allowed_literal_addresses() {
        let offline = Outbound::with(vec!["127.0.0.1/32".parse().unwrap()], true);
        assert!(offline.may_send("http://127.0.0.1:9/hook").is_ok());
        assert!(offline.may_send("https://8.8.8.8/").is_err());
        assert!(offline.may_send("https://crm.example.com/").is_err());
        // Saving an address needs no lookup either.
        assert!(offline
            .check_address("https://crm.example.com/")
            .await
            .is_ok());
        let refused = offline.client().get("http://localhost:9/").send().await;
        assert!(format!("{:?}", refused.unwrap_err()).contains("TOURDESK_OUTBOUND_OFFLINE"));
    }

    #[tokio::test]
    async fn names_resolving_inside_are_refused_unless_allowed() {
        let open = Outbound::new(Vec::new());
        let refused = open.client().get("http://localhost:9/").send().await;
        let error = format!("{:?}", refused.unwrap_err());
        assert!(error.contains("not reachable from here"), "{error}");
    }
}
