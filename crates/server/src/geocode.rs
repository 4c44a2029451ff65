//! Geocoding an address into coordinates. The default geocoder works offline and answers the
//! centre of the address's state; a Nominatim-compatible server can be configured
//! (`geocoder_url`, plain HTTP) for street-level answers. When nothing answers, the result is
//! 0,0 and `Cannot get coordinates` is logged, as the spec describes.

use http_body_util::{BodyExt, Empty};
use hyper::body::Bytes;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use serde::Deserialize;

/// The parts of an address the geocoders use.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
pub struct Address {
    #[serde(default)]
    pub address_1: String,
    #[serde(default, rename = "houseNum")]
    pub house_num: Option<String>,
    #[serde(default)]
    pub city: String,
    #[serde(default)]
    pub state: String,
}

#[derive(Clone)]
pub enum Geocoder {
    Offline,
    Nominatim {
        base: String,
        client: Client<HttpConnector, Empty<Bytes>>,
    },
}

#[derive(Deserialize)]
struct Place {
    lat: String,
    lon: String,
}

fn encode(text: &str) -> String {
    serde_urlencoded::to_string([("", text)])
        .unwrap_or_default()
        .trim_start_matches('=')
        .to_string()
}

impl Geocoder {
    pub fn new(url: Option<&str>) -> Geocoder {
        match url {
            Some(base) => Geocoder::Nominatim {
                base: base.trim_end_matches('/').to_string(),
                client: Client::builder(TokioExecutor::new()).build_http(),
            },
            None => Geocoder::Offline,
        }
    }

    /// Coordinates of an address; 0,0 when nothing answers.
    pub async fn locate(&self, address: &Address) -> (f64, f64) {
        let found = match self {
            Geocoder::Offline => domain::catalog::state_centre(&address.state),
            Geocoder::Nominatim { base, client } => match Self::ask(base, client, address).await {
                Ok(found) => found,
                Err(error) => {
                    tracing::warn!(%error, "geocoder did not answer");
                    None
                }
            },
        };
        found.unwrap_or_else(|| {
            tracing::warn!(city = %address.city, state = %address.state, "Cannot get coordinates");
            (0.0, 0.0)
        })
    }

    async fn ask(
        base: &str,
        client: &Client<HttpConnector, Empty<Bytes>>,
        a: &Address,
    ) -> Result<Option<(f64, f64)>, String> {
        let street = format!("{} {}", a.house_num.as_deref().unwrap_or(""), a.address_1)
            .trim()
            .to_string();
        let uri = format!(
            "{base}/search?format=jsonv2&limit=1&street={}&city={}&state={}",
            encode(&street),
            encode(&a.city),
            encode(&a.state)
        );
        let request = hyper::Request::get(&uri)
            .header("user-agent", "tourdesk")
            .body(Empty::new())
            .map_err(|e| e.to_string())?;
        let response =
            tokio::time::timeout(std::time::Duration::from_secs(5), client.request(request))
                .await
                .map_err(|_| "timed out".to_string())?
                .map_err(|e| e.to_string())?;
        if !response.status().is_success() {
            return Err(format!("answered {}", response.status()));
        }
        let body = response
            .into_body()
            .collect()
            .await
            .map_err(|e| e.to_string())?
            .to_bytes();
        let places: Vec<Place> = serde_json::from_slice(&body).map_err(|e| e.to_string())?;
        Ok(places
            .first()
            .and_then(|p| Some((p.lat.parse().ok()?, p.lon.parse().ok()?))))
    }
}
