//! Geocoding an address into coordinates. The default geocoder works offline and answers the
//! centre of the address's state; a Nominatim-compatible server can be configured
//! (`geocoder_url`, HTTP or HTTPS, through the one outgoing client) for street-level answers.
//! When nothing answers, the result is 0,0 and `Cannot get coordinates` is logged, as the spec
//! describes.

use serde::Deserialize;

use crate::outbound::Outbound;

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
    Nominatim { base: String, http: Outbound },
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
    pub fn new(url: Option<&str>, http: &Outbound) -> Geocoder {
        match url {
            Some(base) => Geocoder::Nominatim {
                base: base.trim_end_matches('/').to_string(),
                http: http.clone(),
            },
            None => Geocoder::Offline,
        }
    }

    /// Coordinates of an address; 0,0 when nothing answers.
    pub async fn locate(&self, address: &Address) -> (f64, f64) {
        let found = match self {
            Geocoder::Offline => domain::catalog::state_centre(&address.state),
            Geocoder::Nominatim { base, http } => match Self::ask(base, http, address).await {
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

    async fn ask(base: &str, http: &Outbound, a: &Address) -> Result<Option<(f64, f64)>, String> {
        let street = format!("{} {}", a.house_num.as_deref().unwrap_or(""), a.address_1)
            .trim()
            .to_string();
        let uri = format!(
            "{base}/search?format=jsonv2&limit=1&street={}&city={}&state={}",
            encode(&street),
            encode(&a.city),
            encode(&a.state)
        );
        http.check_url(&uri)?;
        let response = http
            .client()
            .get(&uri)
            .timeout(std::time::Duration::from_secs(5))
            .send()
            .await
            .map_err(|e| e.to_string())?;
        if !response.status().is_success() {
            return Err(format!("answered {}", response.status()));
        }
        let places: Vec<Place> = response.json().await.map_err(|e| e.to_string())?;
        Ok(places
            .first()
            .and_then(|p| Some((p.lat.parse().ok()?, p.lon.parse().ok()?))))
    }
}
