//! Listing feeds (spec 3: Builder feed settings): the sources, the feed fields, the settings'
//! rules, and how one home of a feed is read into the values a property takes.

use std::collections::BTreeMap;

use crate::catalog::STATES;
use crate::validation::FieldErrors;

pub const SOURCE_BDX: &str = "BDX";
pub const SOURCE_CUSTOM_WEBSITE: &str = "Custom Website";
pub const SOURCES: [&str; 4] = [
    SOURCE_BDX,
    "Zillow",
    "ONeil Homefiniti",
    SOURCE_CUSTOM_WEBSITE,
];
/// The sources a sync can read today.
pub const SUPPORTED_SOURCES: [&str; 2] = [SOURCE_BDX, SOURCE_CUSTOM_WEBSITE];

/// A field of a feed a sync may write, by the name the settings and a Custom Website feed use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FeedField {
    Subdivision,
    StreetAddress,
    City,
    State,
    ZipCode,
    ExternalIdentifier,
    Street2,
    MlsNumber,
    MarketingName,
    Price,
    Bedrooms,
    Bathrooms,
}

impl FeedField {
    pub const ALL: [FeedField; 12] = [
        FeedField::Subdivision,
        FeedField::StreetAddress,
        FeedField::City,
        FeedField::State,
        FeedField::ZipCode,
        FeedField::ExternalIdentifier,
        FeedField::Street2,
        FeedField::MlsNumber,
        FeedField::MarketingName,
        FeedField::Price,
        FeedField::Bedrooms,
        FeedField::Bathrooms,
    ];
    /// Always written: a home cannot be matched or placed without them.
    pub const REQUIRED: [FeedField; 6] = [
        FeedField::Subdivision,
        FeedField::StreetAddress,
        FeedField::City,
        FeedField::State,
        FeedField::ZipCode,
        FeedField::ExternalIdentifier,
    ];

    pub fn name(self) -> &'static str {
        match self {
            FeedField::Subdivision => "Subdivision",
            FeedField::StreetAddress => "Street Address",
            FeedField::City => "City",
            FeedField::State => "State",
            FeedField::ZipCode => "Zip Code",
            FeedField::ExternalIdentifier => "External Identifier",
            FeedField::Street2 => "Street 2",
            FeedField::MlsNumber => "MLS Number",
            FeedField::MarketingName => "Marketing Name",
            FeedField::Price => "Price",
            FeedField::Bedrooms => "Bedrooms",
            FeedField::Bathrooms => "Bathrooms",
        }
    }

    pub fn named(name: &str) -> Option<FeedField> {
        let name = name.trim();
        FeedField::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(name))
    }

    pub fn is_required(self) -> bool {
        FeedField::REQUIRED.contains(&self)
    }
}

pub const MSG_REQUIRED_FIELD: &str = "Required field";
const URL_MAX: usize = 2048;
const TEXT_MAX: usize = 200;

/// The feed settings a builder saves (the password as typed; empty keeps the saved one).
#[derive(Debug, Clone, Default)]
pub struct FeedSettingsForm<'a> {
    pub feed_source: &'a str,
    pub feed_url: &'a str,
    pub feed_username: &'a str,
    pub feed_password: &'a str,
    pub company_code: &'a str,
    pub feed_fields: &'a [String],
}

/// Checks the settings' form (the server also checks where the address points).
pub fn check_settings(form: &FeedSettingsForm) -> FieldErrors {
    let mut errors = FieldErrors::new();
    if form.feed_source.trim().is_empty() {
        errors.insert("feed_source".into(), MSG_REQUIRED_FIELD.into());
    } else if !SOURCES.contains(&form.feed_source) {
        errors.insert(
            "feed_source".into(),
            format!("The feed source is one of {}", SOURCES.join(", ")),
        );
    }
    let url = form.feed_url.trim();
    if !url.is_empty()
        && (!(url.starts_with("http://") || url.starts_with("https://"))
            || url.len() > URL_MAX
            || url.chars().any(char::is_whitespace))
    {
        errors.insert(
            "feed_url".into(),
            "Enter an address starting with http:// or https://".into(),
        );
    }
    for (field, value) in [
        ("feed_username", form.feed_username),
        ("feed_password", form.feed_password),
        ("company_code", form.company_code),
    ] {
        if value.chars().count() > TEXT_MAX {
            errors.insert(field.into(), format!("At most {TEXT_MAX} characters"));
        }
    }
    if let Some(unknown) = form
        .feed_fields
        .iter()
        .find(|name| FeedField::named(name).is_none())
    {
        errors.insert(
            "feed_fields".into(),
            format!("'{unknown}' is not a feed field"),
        );
    }
    errors
}

/// The feed fields a sync writes: the chosen ones and, always, the required ones, in the
/// spec's order.
pub fn fields_written(chosen: &[String]) -> Vec<FeedField> {
    FeedField::ALL
        .into_iter()
        .filter(|f| f.is_required() || chosen.iter().any(|c| FeedField::named(c) == Some(*f)))
        .collect()
}

/// Why a source cannot be synced, if it cannot.
pub fn unsupported_source(source: &str) -> Option<String> {
    (!SUPPORTED_SOURCES.contains(&source)).then(|| {
        format!(
            "{source} feeds cannot be imported yet; the supported sources are {}.",
            SUPPORTED_SOURCES.join(" and ")
        )
    })
}

/// One home of a feed as read, each value by its field, with where it stands in the feed.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RawHome {
    /// The line of the feed the home starts on (a CSV row's line, a BDX Spec's line).
    pub line: u64,
    pub values: BTreeMap<FeedField, String>,
    /// Half baths given apart from the baths (BDX's SpecHalfBaths).
    pub half_baths: Option<String>,
    /// The lot (BDX's SpecLot), written when a home is created.
    pub lot: Option<String>,
    /// The community's own number (BDX's SubdivisionNumber), kept when one is created.
    pub community_number: Option<String>,
}

/// A feed's home with its values checked: what a property takes from it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FeedHome {
    pub line: u64,
    pub subdivision: String,
    pub address_1: String,
    pub city: String,
    /// The state's code.
    pub state: String,
    pub zipcode: String,
    pub external_identifier: String,
    pub address_2: Option<String>,
    pub mls_number: Option<String>,
    pub marketing_name: Option<String>,
    pub price_cents: Option<i64>,
    pub bedrooms: Option<i64>,
    /// Full and half bathrooms.
    pub bathrooms: Option<(i64, i64)>,
    pub lot: Option<String>,
    pub community_number: Option<String>,
}

/// A home of a feed a sync leaves out, and why.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct Rejection {
    pub line: u64,
    #[serde(rename = "externalIdentifier")]
    pub external_identifier: Option<String>,
    pub reason: String,
}

/// The code of a US state or Canadian province given by code or by name.
pub fn state_code(text: &str) -> Option<&'static str> {
    let text = text.trim();
    STATES
        .iter()
        .find(|(_, code, name)| code.eq_ignore_ascii_case(text) || name.eq_ignore_ascii_case(text))
        .map(|(_, code, _)| *code)
}

fn number(field: FeedField, text: &str) -> Result<f64, String> {
    let cleaned: String = text
        .trim()
        .chars()
        .filter(|c| !matches!(c, '$' | ','))
        .collect();
    match cleaned.parse::<f64>() {
        Ok(n) if (0.0..1e12).contains(&n) => Ok(n),
        _ => Err(format!(
            "{} '{}' is not a number",
            field.name(),
            text.trim()
        )),
    }
}

fn whole(field: FeedField, text: &str) -> Result<i64, String> {
    let n = number(field, text)?;
    if n.fract() != 0.0 || n > 1000.0 {
        return Err(format!(
            "{} '{}' is not a whole number",
            field.name(),
            text.trim()
        ));
    }
    Ok(n as i64)
}

/// Reads a home's values: the required ones present, the numbers numbers, the state known.
/// The error is the reason the home is rejected.
pub fn read_home(raw: &RawHome) -> Result<FeedHome, String> {
    let text = |field: FeedField| -> Option<String> {
        raw.values
            .get(&field)
            .map(|v| v.trim().to_string())
            .filter(|v| !v.is_empty())
    };
    let missing: Vec<&str> = FeedField::REQUIRED
        .into_iter()
        .filter(|f| text(*f).is_none())
        .map(FeedField::name)
        .collect();
    if !missing.is_empty() {
        return Err(format!("Missing {}", missing.join(", ")));
    }
    let required = |field: FeedField| text(field).expect("checked above");
    let state_text = required(FeedField::State);
    let state = state_code(&state_text)
        .ok_or_else(|| format!("State '{state_text}' is not a US state or Canadian province"))?;
    for (field, limit) in [
        (FeedField::Subdivision, TEXT_MAX),
        (FeedField::StreetAddress, TEXT_MAX),
        (FeedField::City, TEXT_MAX),
        (FeedField::ZipCode, 20),
        (FeedField::ExternalIdentifier, 100),
        (FeedField::Street2, TEXT_MAX),
        (FeedField::MlsNumber, 100),
        (FeedField::MarketingName, TEXT_MAX),
    ] {
        if text(field).is_some_and(|v| v.chars().count() > limit) {
            return Err(format!(
                "{} is longer than {limit} characters",
                field.name()
            ));
        }
    }
    let price_cents = text(FeedField::Price)
        .map(|p| number(FeedField::Price, &p).map(|n| (n * 100.0).round() as i64))
        .transpose()?;
    let bedrooms = text(FeedField::Bedrooms)
        .map(|b| whole(FeedField::Bedrooms, &b))
        .transpose()?;
    let half_given = raw
        .half_baths
        .as_deref()
        .filter(|h| !h.trim().is_empty())
        .map(|h| whole(FeedField::Bathrooms, h))
        .transpose()?;
    let bathrooms = text(FeedField::Bathrooms)
        .map(|b| {
            let n = number(FeedField::Bathrooms, &b)?;
            if n > 1000.0 || (n.fract() != 0.0 && n.fract() != 0.5) {
                return Err(format!("Bathrooms '{b}' is not a whole or half number"));
            }
            // 2.5 baths are two full and a half one, unless the half ones are given apart.
            let half = half_given.unwrap_or(if n.fract() == 0.5 { 1 } else { 0 });
            Ok((n.trunc() as i64, half))
        })
        .transpose()?;
    Ok(FeedHome {
        line: raw.line,
        subdivision: required(FeedField::Subdivision),
        address_1: required(FeedField::StreetAddress),
        city: required(FeedField::City),
        state: state.to_string(),
        zipcode: required(FeedField::ZipCode),
        external_identifier: required(FeedField::ExternalIdentifier),
        address_2: text(FeedField::Street2),
        mls_number: text(FeedField::MlsNumber),
        marketing_name: text(FeedField::MarketingName),
        price_cents,
        bedrooms,
        bathrooms,
        lot: raw
            .lot
            .as_ref()
            .map(|l| l.trim().to_string())
            .filter(|l| !l.is_empty()),
        community_number: raw
            .community_number
            .as_ref()
            .map(|n| n.trim().to_string())
            .filter(|n| !n.is_empty()),
    })
}

/// The sentence a sync's answer is shown as.
pub fn summary(created: usize, updated: usize, unchanged: usize, rejected: usize) -> String {
    format!(
        "Feed synced: {created} created, {updated} updated, {unchanged} unchanged, {rejected} rejected"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(pairs: &[(FeedField, &str)]) -> RawHome {
        RawHome {
            line: 7,
            values: pairs.iter().map(|(f, v)| (*f, v.to_string())).collect(),
            ..RawHome::default()
        }
    }

    fn complete() -> Vec<(FeedField, &'static str)> {
        vec![
            (FeedField::Subdivision, "Oak Ridge"),
            (FeedField::StreetAddress, "12 Elm St"),
            (FeedField::City, "Austin"),
            (FeedField::State, "Texas"),
            (FeedField::ZipCode, "78701"),
            (FeedField::ExternalIdentifier, "SPEC-1"),
        ]
    }

    #[test]
    fn a_complete_home_is_read_with_its_state_code() {
        let home = read_home(&raw(&complete())).unwrap();
        assert_eq!(home.state, "TX");
        assert_eq!(home.external_identifier, "SPEC-1");
        assert_eq!(home.line, 7);
        assert_eq!(home.price_cents, None);
    }

    #[test]
    fn missing_required_fields_are_named() {
        let mut pairs = complete();
        pairs.retain(|(f, _)| !matches!(f, FeedField::City | FeedField::ZipCode));
        pairs.push((FeedField::ExternalIdentifier, "  "));
        assert_eq!(
            read_home(&raw(&pairs)),
            Err("Missing City, Zip Code, External Identifier".into())
        );
    }

    #[test]
    fn numbers_are_checked() {
        let mut pairs = complete();
        pairs.push((FeedField::Price, "$349,900.50"));
        pairs.push((FeedField::Bedrooms, "4"));
        pairs.push((FeedField::Bathrooms, "2.5"));
        let home = read_home(&raw(&pairs)).unwrap();
        assert_eq!(home.price_cents, Some(34_990_050));
        assert_eq!(home.bedrooms, Some(4));
        assert_eq!(home.bathrooms, Some((2, 1)));

        let mut bad = complete();
        bad.push((FeedField::Bedrooms, "three"));
        assert_eq!(
            read_home(&raw(&bad)),
            Err("Bedrooms 'three' is not a number".into())
        );
        let mut bad = complete();
        bad.push((FeedField::Bathrooms, "2.25"));
        assert!(read_home(&raw(&bad)).unwrap_err().contains("half number"));
        let mut bad = complete();
        bad.push((FeedField::Price, "-5"));
        assert!(read_home(&raw(&bad)).is_err());
    }

    #[test]
    fn half_baths_given_apart_win() {
        let mut pairs = complete();
        pairs.push((FeedField::Bathrooms, "3"));
        let mut home = raw(&pairs);
        home.half_baths = Some("2".into());
        assert_eq!(read_home(&home).unwrap().bathrooms, Some((3, 2)));
    }

    #[test]
    fn unknown_states_are_rejected() {
        let mut pairs = complete();
        pairs.retain(|(f, _)| *f != FeedField::State);
        pairs.push((FeedField::State, "Atlantis"));
        assert!(read_home(&raw(&pairs)).unwrap_err().contains("Atlantis"));
    }

    #[test]
    fn the_required_fields_are_always_written() {
        let written = fields_written(&["Price".into(), "bedrooms".into()]);
        assert_eq!(written.len(), 8);
        assert!(written.contains(&FeedField::Bedrooms));
        assert!(!written.contains(&FeedField::Bathrooms));
    }

    #[test]
    fn settings_are_checked() {
        let fields = vec!["Price".to_string(), "Colour".to_string()];
        let errors = check_settings(&FeedSettingsForm {
            feed_source: "",
            feed_url: "ftp://x",
            feed_fields: &fields,
            ..FeedSettingsForm::default()
        });
        assert_eq!(errors["feed_source"], MSG_REQUIRED_FIELD);
        assert!(errors.contains_key("feed_url"));
        assert_eq!(errors["feed_fields"], "'Colour' is not a feed field");
        let ok = check_settings(&FeedSettingsForm {
            feed_source: "BDX",
            feed_url: "https://feeds.example.com/bdx.xml",
            ..FeedSettingsForm::default()
        });
        assert!(ok.is_empty());
    }

    #[test]
    fn unsupported_sources_say_which_are() {
        assert_eq!(unsupported_source("BDX"), None);
        assert_eq!(
            unsupported_source("Zillow").unwrap(),
            "Zillow feeds cannot be imported yet; the supported sources are BDX and Custom Website."
        );
    }
}
