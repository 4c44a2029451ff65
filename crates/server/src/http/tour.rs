//! The visitor's side (issue 19): the public pages of a builder's homes and communities, read
//! without signing in, in the builder's branding. A home is found by its id under its builder's
//! web name (`/tour/{webflow name}/property/{id}`); another builder's web name is 404.

use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use db::properties::{PropertyFilter, PropertyRecord};
use db::settings::BuilderSettings;
use db::Scope;
use domain::hours::{day_text, default_tour_week, TourDay, DAY_NAMES};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ClientAddress, JsonBody, Path};
use crate::state::AppState;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/tour/{webflow}/property/{id}", get(home))
        .route("/tour/{webflow}/community/{id}", get(community))
        .route("/tour/{webflow}/property/{id}/code", post(send_code))
        .route("/tour/{webflow}/verify", post(verify_code))
        .route("/tour/{webflow}/signin", post(sign_in))
        .route("/tour/{webflow}/me", get(me))
        .route(
            "/tour/{webflow}/selfie",
            // Room for a phone camera's picture and the form around it.
            post(take_selfie).layer(axum::extract::DefaultBodyLimit::max(
                domain::branding::LOGO_LIMIT + 1024 * 1024,
            )),
        )
        .route("/tour/{webflow}/property/{id}/tour-now", post(tour_now))
        .route("/tour/{webflow}/visits/{id}", get(visit))
        .route("/tour/{webflow}/property/{id}/slots", get(slots))
        .route("/tour/{webflow}/property/{id}/schedule", post(schedule))
        .route("/tour/{webflow}/property/{id}/scheduled", get(scheduled))
        .route("/tour/{webflow}/scheduled/{id}/cancel", post(cancel))
        .route(
            "/tour/{webflow}/survey/{kind}",
            get(survey).post(answer_survey),
        )
}

/// How a builder's tour pages look and what they say.
#[derive(Debug, Serialize, ToSchema)]
pub struct TourBranding {
    pub builder_name: String,
    pub marketing_name: Option<String>,
    pub webflow_name: String,
    /// Where the logo is served, if there is one.
    pub logo: Option<String>,
    pub primary_color: String,
    pub secondary_color: String,
    /// text, textColor, backgroundColor, borderRadius, fontSize.
    #[schema(value_type = Option<Object>)]
    pub button_settings: Option<serde_json::Value>,
    /// The tour-page texts of the content settings, by key (null or empty: the default wording).
    #[schema(value_type = Option<std::collections::HashMap<String, Option<String>>>)]
    pub content_settings: Option<serde_json::Value>,
    /// The builder's own disclosure the visitor accepts, when it has one.
    pub custom_disclosure: Option<TourDisclosure>,
    pub selfie_verification_active: bool,
    pub is_rental: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TourDisclosure {
    pub name: String,
    pub text: String,
}

/// One day of a home's tour hours as shown.
#[derive(Debug, Serialize, ToSchema)]
pub struct TourHoursDay {
    pub day: String,
    /// `9:00 AM - 6:00 PM`, a second window after a comma, or `Closed`.
    pub hours: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TourCommunityLink {
    pub id: i64,
    pub name: String,
    /// The community's page on the tour site.
    pub page: Option<String>,
    /// The community's own website.
    pub website: Option<String>,
}

/// A home's public page.
#[derive(Debug, Serialize, ToSchema)]
pub struct TourHome {
    pub branding: TourBranding,
    pub property_id: i64,
    pub house_num: Option<String>,
    pub address_1: String,
    pub city: String,
    pub state: String,
    pub zipcode: String,
    /// Whole dollars: the price, or the monthly rent of a rental builder's home.
    pub price: Option<i64>,
    pub bedrooms: i64,
    pub full_bathrooms: i64,
    pub half_bathrooms: i64,
    pub square_footage: i64,
    /// Where the home's photos are served, in their order.
    pub photos: Vec<String>,
    pub community: TourCommunityLink,
    /// Sunday first.
    pub tour_hours: Vec<TourHoursDay>,
    /// The zone the tour hours are in (`CT`).
    pub timezone_abbr: Option<String>,
    /// Whether the home takes tours now (its status allows them).
    pub open_to_tours: bool,
}

/// A home on its community's page.
#[derive(Debug, Serialize, ToSchema)]
pub struct TourCommunityHome {
    pub property_id: i64,
    pub house_num: Option<String>,
    pub address_1: String,
    pub city: String,
    /// Whole dollars: the price, or the monthly rent of a rental builder's home.
    pub price: Option<i64>,
    pub bedrooms: i64,
    pub page: Option<String>,
}

/// A community's public page: its homes open to tours.
#[derive(Debug, Serialize, ToSchema)]
pub struct TourCommunity {
    pub branding: TourBranding,
    pub id: i64,
    pub name: String,
    pub city: String,
    pub state: String,
    pub website: Option<String>,
    pub homes: Vec<TourCommunityHome>,
}

fn json_text(text: Option<&str>) -> Option<serde_json::Value> {
    text.and_then(|t| serde_json::from_str(t).ok())
}

/// The builder of a tour page's address, when `webflow` is its web name.
pub(crate) async fn builder_named(
    state: &AppState,
    webflow: &str,
    builder_id: i64,
) -> ApiResult<(BuilderSettings, bool)> {
    let settings = db::settings::get(&state.db, &Scope::All, builder_id)
        .await?
        .filter(|s| s.webflow_name == webflow)
        .ok_or_else(ApiError::not_found)?;
    let is_rental = db::builders::get(&state.db, &Scope::All, builder_id)
        .await?
        .is_some_and(|b| b.is_rental);
    Ok((settings, is_rental))
}

fn branding(settings: BuilderSettings, is_rental: bool) -> TourBranding {
    let custom_disclosure = match (
        settings.custom_disclosure_active,
        settings.custom_disclosure_name,
        settings.custom_disclosure_text,
    ) {
        (true, Some(name), Some(text)) => Some(TourDisclosure { name, text }),
        _ => None,
    };
    TourBranding {
        builder_name: settings.builder_name,
        marketing_name: settings.marketing_name,
        webflow_name: settings.webflow_name,
        logo: settings.logo_key.as_deref().map(crate::files::url),
        primary_color: settings.primary_color,
        secondary_color: settings.secondary_color,
        button_settings: json_text(settings.button_settings.as_deref()),
        content_settings: json_text(settings.content_settings.as_deref()),
        custom_disclosure,
        selfie_verification_active: settings.selfie_verification_active,
        is_rental,
    }
}

/// The week a home is toured by: its own tour hours, else its community's, else the default.
pub fn tour_week(home: &PropertyRecord) -> Vec<TourDay> {
    let parse = |text: Option<&str>| {
        text.and_then(|t| serde_json::from_str::<Vec<TourDay>>(t).ok())
            .filter(|w| !w.is_empty())
    };
    parse(home.fields.tour_hours.as_deref())
        .or_else(|| parse(home.community_tour_hours.as_deref()))
        .unwrap_or_else(default_tour_week)
}

/// Whether a home of this disposition may be toured.
pub fn opens_tours(disposition_id: i64) -> bool {
    domain::catalog::DISPOSITIONS
        .iter()
        .any(|d| d.id == disposition_id && d.tours)
}

/// A home the public may see: any but an archived one.
pub async fn public_home(state: &AppState, webflow: &str, id: i64) -> ApiResult<PropertyRecord> {
    let home = db::properties::get(&state.db, &Scope::All, id)
        .await?
        .filter(|h| h.disposition_constant != "PROPERTY_ARCHIVED")
        .ok_or_else(ApiError::not_found)?;
    let builder = db::builders::get(&state.db, &Scope::All, home.builder_id)
        .await?
        .filter(|b| b.webflow_name == webflow);
    builder.map(|_| home).ok_or_else(ApiError::not_found)
}

#[utoipa::path(get, path = "/api/tour/{webflow}/property/{id}", tag = "tour",
    params(("webflow" = String, Path, description = "The builder's web name"), ("id" = i64, Path)),
    responses((status = 200, body = TourHome), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
/// A home's public page: photos, address, price or rent, rooms, tour hours, its community, and
/// the builder's branding. No sign-in.
pub async fn home(
    State(state): State<AppState>,
    Path((webflow, id)): Path<(String, i64)>,
) -> ApiResult<Json<TourHome>> {
    let home = public_home(&state, &webflow, id).await?;
    let (settings, is_rental) = builder_named(&state, &webflow, home.builder_id).await?;
    let photos = db::properties::images(&state.db, id)
        .await?
        .iter()
        .map(|i| crate::files::url(&i.file_key))
        .collect();
    let week = tour_week(&home);
    let tour_hours = DAY_NAMES
        .iter()
        .enumerate()
        .map(|(n, name)| TourHoursDay {
            day: name.to_string(),
            hours: week
                .iter()
                .find(|d| d.day_of_week == n as i64)
                .map(day_text)
                .unwrap_or_else(|| "Closed".into()),
        })
        .collect();
    let community = db::communities::get(&state.db, &Scope::All, home.fields.community_id).await?;
    let (_, timezone_abbr) = domain::catalog::timezone_names(home.fields.timezone);
    let f = home.fields;
    Ok(Json(TourHome {
        community: TourCommunityLink {
            id: f.community_id,
            name: home.community,
            page: state
                .settings
                .public_page(&webflow, "community", f.community_id),
            website: community.and_then(|c| c.fields.community_url),
        },
        branding: branding(settings, is_rental),
        property_id: home.property_id,
        house_num: f.house_num,
        address_1: f.address_1,
        city: f.city,
        state: f.state,
        zipcode: f.zipcode,
        price: f.price_cents.map(|cents| cents / 100),
        bedrooms: f.bedrooms,
        full_bathrooms: f.full_bathrooms,
        half_bathrooms: f.half_bathrooms,
        square_footage: f.square_footage,
        photos,
        tour_hours,
        timezone_abbr,
        open_to_tours: opens_tours(f.disposition_id),
    }))
}

#[utoipa::path(get, path = "/api/tour/{webflow}/community/{id}", tag = "tour",
    params(("webflow" = String, Path, description = "The builder's web name"), ("id" = i64, Path)),
    responses((status = 200, body = TourCommunity), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
/// A community's public page: its homes open to tours. No sign-in.
pub async fn community(
    State(state): State<AppState>,
    Path((webflow, id)): Path<(String, i64)>,
) -> ApiResult<Json<TourCommunity>> {
    let community = db::communities::get(&state.db, &Scope::All, id)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let (settings, is_rental) = builder_named(&state, &webflow, community.builder_id).await?;
    let mut query = db::list::ListQuery {
        order_by: Some("address_1".into()),
        order: Some(domain::lists::Order::Asc),
        limit: Some(150),
        ..Default::default()
    };
    query
        .filters
        .with(PropertyFilter::Community(id))
        .with(PropertyFilter::OpenToTours);
    let homes = db::properties::PROPERTIES
        .page::<db::properties::PropertyRow>(
            &state.db,
            &Scope::builder(community.builder_id),
            &query,
        )
        .await?
        .data;
    Ok(Json(TourCommunity {
        homes: homes
            .into_iter()
            .map(|p| TourCommunityHome {
                page: state
                    .settings
                    .public_page(&webflow, "property", p.property_id),
                property_id: p.property_id,
                house_num: p.house_num,
                address_1: p.address_1,
                city: p.city,
                price: p.price,
                bedrooms: p.bedrooms,
            })
            .collect(),
        branding: branding(settings, is_rental),
        id,
        name: community.fields.name,
        city: community.fields.city,
        state: community.fields.state,
        website: community.fields.community_url,
    }))
}

// ---- Who the visitor is --------------------------------------------------------------------

/// A texted code lives this long.
pub const CODE_MINUTES: i64 = 10;
/// Wrong codes a challenge takes before a new code must be asked for.
pub const CODE_ATTEMPTS: i64 = 5;
/// Codes sent within an hour to one phone, and to one client address.
pub const SENDS_PER_PHONE: i64 = 3;
pub const SENDS_PER_ADDRESS: i64 = 10;
/// A visitor's session lasts this long.
pub const VISITOR_HOURS: i64 = 4;

pub const MSG_WRONG_CODE: &str = "That code is not right. Check the text and try again.";
pub const MSG_CODE_EXPIRED: &str = "That code has expired. Ask for a new one.";
pub const MSG_TOO_MANY_TRIES: &str = "Too many wrong codes. Ask for a new one.";
pub const MSG_CODE_USED: &str = "That code has been used already. Ask for a new one.";
pub const MSG_DISCLOSURE: &str = "Accept the disclosure to continue";

/// The visitor a request comes from: their session token names their customer and builder.
/// Staff tokens are not visitor sessions, and visitor sessions open no staff call.
pub struct VisitorSession {
    pub customer_id: i64,
    pub builder_id: i64,
}

const VISITOR_PREFIX: &str = "visitor:";
const CHALLENGE_PREFIX: &str = "visitor-code:";

impl axum::extract::FromRequestParts<AppState> for VisitorSession {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let text = parts
            .headers
            .get(axum::http::header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(crate::auth::bearer_token)
            .and_then(|token| state.tokens.open(token))
            .ok_or(ApiError::Unauthorized)?;
        let mut fields = text
            .strip_prefix(VISITOR_PREFIX)
            .ok_or(ApiError::Unauthorized)?
            .split(':')
            .map(|f| f.parse::<i64>().ok());
        let (Some(Some(customer_id)), Some(Some(builder_id)), Some(Some(expires))) =
            (fields.next(), fields.next(), fields.next())
        else {
            return Err(ApiError::Unauthorized);
        };
        if expires <= state.hardware.now().timestamp() {
            return Err(ApiError::Unauthorized);
        }
        Ok(VisitorSession {
            customer_id,
            builder_id,
        })
    }
}

/// What a visitor gives to get a code.
#[derive(Debug, Deserialize, ToSchema)]
pub struct IdentityRequest {
    #[serde(default)]
    pub firstname: String,
    #[serde(default)]
    pub lastname: String,
    /// 999-999-9999.
    #[serde(default)]
    pub phone: String,
    #[serde(default)]
    pub email: String,
    /// The disclosure shown was accepted.
    #[serde(default)]
    pub disclosure_accepted: bool,
}

/// A code was texted: the challenge to send back with it.
#[derive(Debug, Serialize, ToSchema)]
pub struct CodeSent {
    pub message: String,
    /// Names the code asked for; sent back with it.
    pub challenge: String,
    pub expires_at: chrono::DateTime<chrono::Utc>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct CodeCheck {
    #[serde(default)]
    pub challenge: String,
    #[serde(default)]
    pub code: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct VisitorSignIn {
    #[serde(default)]
    pub username: String,
    #[serde(default)]
    pub password: String,
}

/// A visitor's session.
#[derive(Debug, Serialize, ToSchema)]
pub struct VisitorToken {
    /// Sent as `Authorization: Bearer` on the visitor's calls.
    pub token: String,
    pub expires_at: chrono::DateTime<chrono::Utc>,
    pub firstname: String,
    pub lastname: String,
}

/// `555-***-1234`: a phone as the page repeats it.
fn masked(phone: &str) -> String {
    let last: String = phone
        .chars()
        .rev()
        .take(4)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    format!("***-***-{last}")
}

fn code_hash(state: &AppState, challenge_phone: &str, code: &str) -> String {
    state.tokens.sign(&format!("otp:{challenge_phone}:{code}"))
}

pub(crate) fn session_for(
    state: &AppState,
    customer_id: i64,
    builder_id: i64,
    firstname: String,
    lastname: String,
) -> VisitorToken {
    let expires_at = state.hardware.now() + chrono::Duration::hours(VISITOR_HOURS);
    VisitorToken {
        token: state.tokens.sign(&format!(
            "{VISITOR_PREFIX}{customer_id}:{builder_id}:{}",
            expires_at.timestamp()
        )),
        expires_at,
        firstname,
        lastname,
    }
}

#[utoipa::path(post, path = "/api/tour/{webflow}/property/{id}/code", tag = "tour",
    params(("webflow" = String, Path), ("id" = i64, Path)), request_body = IdentityRequest,
    responses((status = 200, body = CodeSent), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody),
        (status = 429, body = ErrorBody)))]
/// Texts a six-digit code to the visitor's phone, good for ten minutes. At most three codes an
/// hour go to one phone, and ten to one client address. The code is never in an answer.
pub async fn send_code(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    Path((webflow, id)): Path<(String, i64)>,
    JsonBody(body): JsonBody<IdentityRequest>,
) -> ApiResult<Json<CodeSent>> {
    let home = public_home(&state, &webflow, id).await?;
    let mut errors = domain::validation::FieldErrors::new();
    for (field, value, label) in [
        ("firstname", &body.firstname, "First Name"),
        ("lastname", &body.lastname, "Last Name"),
    ] {
        match value.trim().chars().count() {
            0 => errors.insert(field.into(), format!("{label} is required")),
            n if n > domain::validation::NAME_MAX => errors.insert(
                field.into(),
                format!("{label} must be at most 250 characters"),
            ),
            _ => None,
        };
    }
    let phone = body.phone.trim();
    if phone.is_empty() {
        errors.insert("phone".into(), "Phone is required".into());
    } else if !domain::validation::is_phone(phone) {
        errors.insert("phone".into(), "Phone must match 999-999-9999".into());
    }
    let email = body.email.trim();
    if email.is_empty() {
        errors.insert("email".into(), "Email is required".into());
    } else if !domain::validation::is_email(email) {
        errors.insert("email".into(), "Email must be valid email".into());
    }
    if !body.disclosure_accepted {
        errors.insert("disclosure_accepted".into(), MSG_DISCLOSURE.into());
    }
    if !errors.is_empty() {
        return Err(ApiError::Validation(errors));
    }
    let now = state.hardware.now();
    let (to_phone, from_address) =
        db::visitors::sends_since(&state.db, phone, &address, now - chrono::Duration::hours(1))
            .await?;
    if to_phone >= SENDS_PER_PHONE || from_address >= SENDS_PER_ADDRESS {
        tracing::warn!(%address, to_phone, from_address, "visitor codes refused: too many sends");
        return Err(ApiError::TooManyRequests {
            message: "Too many codes were asked for. Try again in an hour.".into(),
            retry_after_secs: 3600,
        });
    }
    let code = format!(
        "{:06}",
        rand::Rng::gen_range(&mut rand::thread_rng(), 0..1_000_000)
    );
    let builder = db::builders::get(&state.db, &Scope::All, home.builder_id)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let expires_at = now + chrono::Duration::minutes(CODE_MINUTES);
    let text = format!(
        "{code} is your {} self-tour code. It expires in {CODE_MINUTES} minutes. Do not share it.",
        builder.name
    );
    let challenge_id = db::visitors::challenge(
        &state.db,
        &db::visitors::NewChallenge {
            builder_id: home.builder_id,
            property_id: id,
            firstname: body.firstname.trim(),
            lastname: body.lastname.trim(),
            email,
            phone,
            client_address: &address,
            code_hash: &code_hash(&state, phone, &code),
            expires_at,
            text: &text,
        },
        now,
    )
    .await?;
    Ok(Json(CodeSent {
        message: format!("We texted a code to {}", masked(phone)),
        challenge: state
            .tokens
            .sign(&format!("{CHALLENGE_PREFIX}{challenge_id}")),
        expires_at,
    }))
}

#[utoipa::path(post, path = "/api/tour/{webflow}/verify", tag = "tour",
    params(("webflow" = String, Path)), request_body = CodeCheck,
    responses((status = 200, body = VisitorToken), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
/// Checks a texted code: five wrong tries end the challenge, a code expires after ten minutes
/// and works once. A right code makes the visitor the builder's customer and starts their
/// session.
pub async fn verify_code(
    State(state): State<AppState>,
    Path(webflow): Path<String>,
    JsonBody(body): JsonBody<CodeCheck>,
) -> ApiResult<Json<VisitorToken>> {
    let challenge_id = state
        .tokens
        .open(body.challenge.trim())
        .and_then(|text| text.strip_prefix(CHALLENGE_PREFIX)?.parse::<i64>().ok())
        .ok_or_else(|| ApiError::field("challenge", "Ask for a code first"))?;
    let challenge = db::visitors::get(&state.db, challenge_id)
        .await?
        .ok_or_else(|| ApiError::field("challenge", "Ask for a code first"))?;
    builder_named(&state, &webflow, challenge.builder_id).await?;
    let now = state.hardware.now();
    if challenge.used_on.is_some() {
        return Err(ApiError::field("code", MSG_CODE_USED));
    }
    if challenge.attempts >= CODE_ATTEMPTS {
        return Err(ApiError::field("code", MSG_TOO_MANY_TRIES));
    }
    if challenge.expires_at <= now {
        return Err(ApiError::field("code", MSG_CODE_EXPIRED));
    }
    let code = body.code.trim();
    let right = code.len() == 6
        && code.bytes().all(|b| b.is_ascii_digit())
        && code_hash(&state, &challenge.phone, code) == challenge.code_hash;
    if !right {
        db::visitors::count_wrong(&state.db, challenge.id).await?;
        tracing::info!(challenge = challenge.id, "a wrong visitor code");
        let message = if challenge.attempts + 1 >= CODE_ATTEMPTS {
            MSG_TOO_MANY_TRIES
        } else {
            MSG_WRONG_CODE
        };
        return Err(ApiError::field("code", message));
    }
    match db::visitors::use_code(&state.db, &challenge, now).await? {
        db::visitors::Used::AlreadyUsed => Err(ApiError::field("code", MSG_CODE_USED)),
        db::visitors::Used::Customer { customer_id, .. } => {
            if let Some(home) = challenge.property_id {
                let address = db::properties::get(&state.db, &Scope::All, home)
                    .await?
                    .map(|h| h.fields.address_1)
                    .unwrap_or_default();
                let message = format!(
                    "{} {} ({}, {}) verified to tour {address}.",
                    challenge.firstname, challenge.lastname, challenge.phone, challenge.email
                );
                tell_staff(&state, home, db::hardware::alerts::kind::LEAD, &message).await?;
            }
            Ok(Json(session_for(
                &state,
                customer_id,
                challenge.builder_id,
                challenge.firstname,
                challenge.lastname,
            )))
        }
    }
}

#[utoipa::path(post, path = "/api/tour/{webflow}/signin", tag = "tour",
    params(("webflow" = String, Path)), request_body = VisitorSignIn,
    responses((status = 200, body = VisitorToken), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody),
        (status = 429, body = ErrorBody)))]
/// Signs a visitor in with the verified account staff shared: no code is needed.
pub async fn sign_in(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    Path(webflow): Path<String>,
    JsonBody(body): JsonBody<VisitorSignIn>,
) -> ApiResult<Json<VisitorToken>> {
    let builder = db::builders::id_by_webflow(&state.db, &webflow)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let username = body.username.trim().to_lowercase();
    let key = format!("visitor:{address}");
    let since = state.hardware.now() - chrono::Duration::minutes(15);
    let (failures, _) = db::throttle::failures_since(&state.db, &key, since).await?;
    if failures >= 10 {
        return Err(ApiError::TooManyRequests {
            message: "Too many tries. Try again in 15 minutes.".into(),
            retry_after_secs: 900,
        });
    }
    let refused = || ApiError::field("password", "The username or password is not right");
    let Some((customer_id, hash)) = db::visitors::account(&state.db, builder, &username).await?
    else {
        db::throttle::record_failure(&state.db, &[&key]).await?;
        return Err(refused());
    };
    if !crate::auth::verify_password_blocking(body.password, hash).await? {
        db::throttle::record_failure(&state.db, &[&key]).await?;
        return Err(refused());
    }
    let visitor = db::visitors::visitor(&state.db, customer_id)
        .await?
        .ok_or_else(refused)?;
    Ok(Json(session_for(
        &state,
        customer_id,
        visitor.builder_id,
        visitor.firstname,
        visitor.lastname,
    )))
}

/// The visitor of a session.
#[derive(Debug, Serialize, ToSchema)]
pub struct VisitorMe {
    pub customer_id: i64,
    pub firstname: String,
    pub lastname: String,
    /// Whether the visitor has taken a selfie (asked for when the builder verifies by selfie).
    pub selfie_taken: bool,
}

#[utoipa::path(get, path = "/api/tour/{webflow}/me", tag = "tour", params(("webflow" = String, Path)),
    responses((status = 200, body = VisitorMe), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)),
    security(("visitor" = [])))]
/// The signed-in visitor (a visitor's session, on their builder's pages only).
pub async fn me(
    State(state): State<AppState>,
    session: VisitorSession,
    Path(webflow): Path<String>,
) -> ApiResult<Json<VisitorMe>> {
    builder_named(&state, &webflow, session.builder_id).await?;
    let visitor = db::visitors::visitor(&state.db, session.customer_id)
        .await?
        .ok_or(ApiError::Unauthorized)?;
    Ok(Json(VisitorMe {
        customer_id: visitor.customer_id,
        firstname: visitor.firstname,
        lastname: visitor.lastname,
        selfie_taken: visitor.selfie_key.is_some(),
    }))
}

/// The selfie form: `file`, a PNG or JPEG picture.
#[derive(Debug, ToSchema)]
#[allow(dead_code)]
pub struct SelfieForm {
    #[schema(format = Binary, content_media_type = "application/octet-stream")]
    file: String,
}

#[utoipa::path(post, path = "/api/tour/{webflow}/selfie", tag = "tour", params(("webflow" = String, Path)),
    request_body(content = SelfieForm, content_type = "multipart/form-data"),
    responses((status = 200, body = crate::http::MessageBody), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody)),
    security(("visitor" = [])))]
/// The visitor's selfie, when their builder asks for one (selfie verification): made a WebP of
/// at most 1920 pixels, kept in the private file store (never served to the public), shown to
/// the builder's staff on the customer's profile. A new one replaces the old.
pub async fn take_selfie(
    State(state): State<AppState>,
    session: VisitorSession,
    Path(webflow): Path<String>,
    multipart: Result<axum::extract::Multipart, axum::extract::multipart::MultipartRejection>,
) -> ApiResult<Json<crate::http::MessageBody>> {
    builder_named(&state, &webflow, session.builder_id).await?;
    let (_, file) = crate::files::read_form(multipart).await?;
    let bytes = file.ok_or_else(|| ApiError::field("file", "Take a selfie to send"))?;
    let webp = crate::photos::converted_upload(bytes, |detail| {
        format!("The picture could not be read: {detail}")
    })
    .await?;
    let private = state.files.private();
    let key = private
        .put(webp, crate::files::ImageKind::Webp)
        .await
        .map_err(|e| ApiError::Internal(format!("storing a selfie: {e}")))?;
    let replaced =
        db::visitors::set_selfie(&state.db, session.customer_id, &key, state.hardware.now())
            .await?;
    if let Some(old) = replaced {
        private.remove(&old).await;
    }
    Ok(Json(crate::http::MessageBody::new(
        "Thank you! Your selfie is saved.",
    )))
}

// ---- Touring ---------------------------------------------------------------------------------

/// A self-tour lasts this long, or until the tour hours' window closes if that is sooner.
pub const TOUR_MINUTES: i64 = 60;
/// A Tour Now code starts this long after it is asked for: time for the lock to take it before
/// the backup path counts it as missed.
pub const TOUR_LEAD_SECONDS: i64 = 60;

/// A visit from the tour page, and the code that opens the door for it.
#[derive(Debug, Serialize, ToSchema)]
pub struct TourVisitState {
    pub visit_id: i64,
    pub property_id: i64,
    /// `setting` (the lock is taking the code), `ready` (the code works), `backup` (the
    /// visitor's code could not be set: the community's backup code opens the door), `failed`
    /// (neither could be given), or `ended` (the tour's time is over).
    pub state: String,
    /// The digits to type on the lock, only once they work, and only to this visitor.
    pub code: Option<String>,
    pub starts_at: Option<chrono::DateTime<chrono::Utc>>,
    pub ends_at: Option<chrono::DateTime<chrono::Utc>>,
    pub message: String,
    /// The door opened with the code: the visitor may send feedback and an offer.
    pub accessed: bool,
    /// The tour is over (the door locked behind them, or its time ran out).
    pub tour_ended: bool,
    pub feedback_sent: bool,
    pub offer_sent: bool,
}

/// A 409 with the visitor's message: the visit cannot go ahead, or was already done.
pub(crate) fn refused_visit(message: String) -> ApiError {
    ApiError::Conflict {
        message,
        suggested_username: None,
    }
}

/// Records a visit that could not go ahead, with its status.
async fn record_refusal(
    state: &AppState,
    home: &PropertyRecord,
    visitor: &db::visitors::Visitor,
    status: &str,
    remarks: &str,
) -> ApiResult<()> {
    db::visits::record(
        &state.db,
        &db::visits::TourVisit {
            builder_id: home.builder_id,
            customer_id: visitor.customer_id,
            property_id: home.property_id,
            status_id: db::visits::status_id(status),
            visitor_type_id: visitor.visitor_type_id,
            attribution: "Tour page",
            remarks: Some(remarks),
            access_code_id: None,
            at: state.hardware.now(),
            event: None,
        },
    )
    .await?;
    Ok(())
}

/// What a visitor who has not taken the selfie their builder asks for is told.
pub const MSG_SELFIE_FIRST: &str =
    "Take a selfie first: we ask every visitor for one before a tour.";

/// The visitor of a session and the home they ask to tour; a blacklisted visitor (a Deny
/// visit), one without the selfie their builder asks for (422 on `selfie`) and a home that
/// takes no tours (NA-V) are refused.
async fn visitor_at_home(
    state: &AppState,
    session: &VisitorSession,
    webflow: &str,
    id: i64,
    what: &str,
) -> ApiResult<(PropertyRecord, db::visitors::Visitor)> {
    let home = public_home(state, webflow, id).await?;
    if home.builder_id != session.builder_id {
        return Err(ApiError::not_found());
    }
    let visitor = db::visitors::visitor(&state.db, session.customer_id)
        .await?
        .ok_or(ApiError::Unauthorized)?;
    may_tour(state, &home, &visitor, what).await?;
    Ok((home, visitor))
}

/// Refuses a blacklisted visitor (a Deny visit), one without the selfie their builder asks for
/// (422 on `selfie`) and a home that takes no tours (NA-V).
pub(crate) async fn may_tour(
    state: &AppState,
    home: &PropertyRecord,
    visitor: &db::visitors::Visitor,
    what: &str,
) -> ApiResult<()> {
    if visitor.visitor_status_id == domain::catalog::BLACKLISTED {
        let remarks = format!("{what} refused: the visitor is blacklisted");
        record_refusal(state, home, visitor, "Deny", &remarks).await?;
        return Err(ApiError::Forbidden(format!(
            "We're sorry, we can't offer you a self-tour of this home. Please contact {}.",
            home.builder
        )));
    }
    if visitor.selfie_key.is_none() {
        let asks = db::settings::get(&state.db, &Scope::All, home.builder_id)
            .await?
            .is_some_and(|s| s.selfie_verification_active);
        if asks {
            return Err(ApiError::field("selfie", MSG_SELFIE_FIRST));
        }
    }
    if !opens_tours(home.fields.disposition_id) {
        let remarks = format!("{what} refused: the home is not open to tours");
        record_refusal(state, home, visitor, "NA-V", &remarks).await?;
        return Err(refused_visit(
            "This home is not open to self-tours right now.".into(),
        ));
    }
    Ok(())
}

/// The home's lock that can take a visitor's code: a hub door lock or smart lock, online and not
/// jammed; without one the visit is NA-L and refused.
async fn working_lock(
    state: &AppState,
    home: &PropertyRecord,
    visitor: &db::visitors::Visitor,
    what: &str,
) -> ApiResult<db::hardware::devices::Device> {
    let lock = db::hardware::devices::of_property(&state.db, home.property_id)
        .await?
        .into_iter()
        .find(|d| {
            (d.kind == db::hardware::devices::kind::DOOR_LOCK
                || d.kind == db::hardware::devices::kind::SMART_LOCK)
                && d.online
                && !d.jammed
        });
    match lock {
        Some(lock) => Ok(lock),
        None => {
            let remarks = format!("{what} refused: no working lock");
            record_refusal(state, home, visitor, "NA-L", &remarks).await?;
            Err(refused_visit(format!(
                "This home's lock is not ready for self-tours. Please contact {}.",
                home.builder
            )))
        }
    }
}

/// Random digits of a length that are none of `held`.
fn fresh_digits(length: usize, held: &std::collections::HashSet<String>) -> String {
    use rand::Rng;
    let mut rng = rand::thread_rng();
    std::iter::repeat_with(|| {
        (0..length)
            .map(|_| char::from(b'0' + rng.gen_range(0..10u8)))
            .collect::<String>()
    })
    .find(|digits| !held.contains(digits))
    .expect("a lock holds far fewer codes than there are digits")
}

/// A code for this visitor alone: random digits of the lock's first supported length, none of
/// the codes the lock holds or is given (a lock refuses a second code of the same digits).
async fn visitor_code(
    state: &AppState,
    lock: &db::hardware::devices::Device,
    home: &PropertyRecord,
    visitor: &db::visitors::Visitor,
    starts_at: chrono::DateTime<chrono::Utc>,
    ends_at: chrono::DateTime<chrono::Utc>,
) -> ApiResult<db::hardware::codes::NewCode> {
    let length = lock.supported_code_lengths().first().copied().unwrap_or(4);
    let held: std::collections::HashSet<String> =
        db::hardware::codes::live_on(&state.db, &[lock.id])
            .await?
            .into_iter()
            .map(|c| c.code)
            .collect();
    let code = fresh_digits(length, &held);
    Ok(db::hardware::codes::NewCode {
        builder_id: home.builder_id,
        device_id: lock.id,
        property_id: Some(home.property_id),
        purpose: db::hardware::codes::purpose::VISITOR,
        slot: None,
        code,
        name: format!("Visitor {}", visitor.firstname),
        starts_at: Some(starts_at),
        ends_at: Some(ends_at),
        customer_id: Some(visitor.customer_id),
        created_by: "Tour page".into(),
    })
}

/// Tells the home's staff and its community's (by their alert preferences) of a visitor's lead or
/// of an attempt after hours.
pub(crate) async fn tell_staff(
    state: &AppState,
    home: i64,
    kind: &str,
    message: &str,
) -> ApiResult<()> {
    use db::hardware::alerts::kind;
    let subject = if kind == kind::AFTER_HOURS {
        "Tourdesk: A tour was asked for after hours"
    } else {
        "Tourdesk: A visitor lead"
    };
    crate::hardware::alerts::tell_home_staff(&state.hardware, home, kind, subject, message).await?;
    Ok(())
}

/// `Thursday, November 26 at 7:00 AM CT`.
fn opening_text(at: chrono::NaiveDateTime, zone: i64) -> String {
    let (_, abbr) = domain::catalog::timezone_names(zone);
    format!(
        "{} at {} {}",
        at.format("%A, %B %-d"),
        at.format("%-I:%M %p"),
        abbr.unwrap_or_default()
    )
    .trim_end()
    .to_string()
}

#[utoipa::path(post, path = "/api/tour/{webflow}/property/{id}/tour-now", tag = "tour",
    params(("webflow" = String, Path), ("id" = i64, Path)),
    responses((status = 200, body = TourVisitState), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)),
    security(("visitor" = [])))]
/// Tour Now: inside the home's tour hours, for a home open to tours with a working lock, a code
/// for this visitor alone is put on the lock through the code lifecycle for the next hour (or
/// until the window closes), and the visit is recorded (NC until the door opens). The code is
/// shown (`GET .../visits/{id}`) and texted once the lock holds it. Outside the tour hours the
/// attempt is kept for staff (After Tour Hours) with the next opening in the answer; a
/// blacklisted visitor is refused politely (a Deny visit).
pub async fn tour_now(
    State(state): State<AppState>,
    session: VisitorSession,
    Path((webflow, id)): Path<(String, i64)>,
) -> ApiResult<Json<TourVisitState>> {
    let (home, visitor) = visitor_at_home(&state, &session, &webflow, id, "Tour Now").await?;
    let now = state.hardware.now();
    let zone = home.fields.timezone;
    let local = domain::zones::to_local(zone, now);
    let week = tour_week(&home);
    let until = match domain::hours::tour_time(&week, local) {
        domain::hours::TourTime::Open { until } => domain::zones::from_local(zone, until),
        domain::hours::TourTime::Closed { next } => {
            let today = week
                .iter()
                .find(|d| {
                    d.day_of_week
                        == i64::from(chrono::Datelike::weekday(&local).num_days_from_sunday())
                })
                .map(day_text)
                .unwrap_or_else(|| "Closed".into());
            db::after_tour_hours::record(&state.db, id, Some(visitor.customer_id), &today, now)
                .await?;
            let message = format!(
                "{} {} tried to tour {} at {}, outside its tour hours ({today}).",
                visitor.firstname,
                visitor.lastname,
                home.fields.address_1,
                local.format("%-I:%M %p")
            );
            tell_staff(
                &state,
                id,
                db::hardware::alerts::kind::AFTER_HOURS,
                &message,
            )
            .await?;
            record_refusal(
                &state,
                &home,
                &visitor,
                "NA-T",
                "Tour Now outside the tour hours",
            )
            .await?;
            let message = match next {
                Some(next) => format!(
                    "Self-tours of this home are closed now. They open again {}.",
                    opening_text(next, zone)
                ),
                None => "Self-tours of this home are closed now.".into(),
            };
            return Err(refused_visit(message));
        }
    };
    let lock = working_lock(&state, &home, &visitor, "Tour Now").await?;
    let starts_at = now + chrono::Duration::seconds(TOUR_LEAD_SECONDS);
    let ends_at = (now + chrono::Duration::minutes(TOUR_MINUTES)).min(until);
    let code = visitor_code(&state, &lock, &home, &visitor, starts_at, ends_at).await?;
    let code_ids = db::hardware::codes::change(&state.db, &[code], &[], now).await?;
    let visit_id = db::visits::record(
        &state.db,
        &db::visits::TourVisit {
            builder_id: home.builder_id,
            customer_id: visitor.customer_id,
            property_id: id,
            status_id: db::visits::status_id("NC"),
            visitor_type_id: visitor.visitor_type_id,
            attribution: "Tour page",
            remarks: Some("Tour Now"),
            access_code_id: code_ids.first().copied(),
            at: now,
            event: Some((
                "on.demand.tours",
                serde_json::json!({
                    "property_id": id,
                    "customer_id": visitor.customer_id,
                    "firstname": visitor.firstname,
                    "lastname": visitor.lastname,
                    "starts_at": starts_at,
                    "ends_at": ends_at,
                }),
            )),
        },
    )
    .await?;
    let message = format!(
        "{} {} started a self-tour of {} (until {}).",
        visitor.firstname,
        visitor.lastname,
        home.fields.address_1,
        domain::zones::to_local(zone, ends_at).format("%-I:%M %p")
    );
    tell_staff(&state, id, db::hardware::alerts::kind::LEAD, &message).await?;
    // The lock takes the code now rather than at the worker's next look.
    let hardware = state.hardware.clone();
    tokio::spawn(async move { crate::hardware::codes::program_now(&hardware, &code_ids).await });
    Ok(Json(TourVisitState {
        visit_id,
        property_id: id,
        state: "setting".into(),
        code: None,
        starts_at: Some(starts_at),
        ends_at: Some(ends_at),
        message: "Your code is on its way to the lock.".into(),
        accessed: false,
        tour_ended: false,
        feedback_sent: false,
        offer_sent: false,
    }))
}

#[utoipa::path(get, path = "/api/tour/{webflow}/visits/{id}", tag = "tour",
    params(("webflow" = String, Path), ("id" = i64, Path)),
    responses((status = 200, body = TourVisitState), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody)),
    security(("visitor" = [])))]
/// One of the visitor's own visits and its code: the digits only once the lock holds them (or the
/// backup code when theirs missed its start), and never another visitor's.
pub async fn visit(
    State(state): State<AppState>,
    session: VisitorSession,
    Path((webflow, id)): Path<(String, i64)>,
) -> ApiResult<Json<TourVisitState>> {
    builder_named(&state, &webflow, session.builder_id).await?;
    let visit = db::visits::of_visitor(&state.db, id, session.customer_id)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let code = match visit.access_code_id {
        Some(code_id) => db::hardware::codes::get(&state.db, code_id).await?,
        None => None,
    };
    let now = state.hardware.now();
    let (state_name, digits, message) = match &code {
        None => (
            "failed".to_string(),
            None,
            "No code was made for this visit.".to_string(),
        ),
        Some(c) if c.ends_at.is_some_and(|end| end <= now) => {
            ("ended".into(), None, "This tour's time is over.".into())
        }
        Some(c) if c.backup_issued_on.is_some() => {
            let device = db::hardware::devices::for_job(&state.db, c.device_id).await?;
            let backup = match device {
                Some(device) => crate::hardware::codes::backup_code_for(
                    &state.hardware,
                    &device,
                    visit.property_id,
                )
                .await?
                .map(|(digits, _)| digits)
                .filter(|d| !d.is_empty()),
                None => None,
            };
            match backup {
                Some(digits) => (
                    "backup".into(),
                    Some(digits),
                    "Your own code could not be set in time: this code opens the door.".into(),
                ),
                None => (
                    "failed".into(),
                    None,
                    "The lock could not take a code. Staff have been told; please contact them."
                        .into(),
                ),
            }
        }
        Some(c) if c.state == "set" => (
            "ready".into(),
            Some(c.code.clone()),
            "Type this code on the lock's keypad.".into(),
        ),
        Some(c) if c.state == "failed" => (
            "failed".into(),
            None,
            "The lock could not take your code. Staff have been told; please contact them.".into(),
        ),
        Some(_) => (
            "setting".into(),
            None,
            "Your code is on its way to the lock.".into(),
        ),
    };
    Ok(Json(TourVisitState {
        visit_id: visit.customer_visit_id,
        property_id: visit.property_id,
        state: state_name,
        code: digits,
        starts_at: code.as_ref().and_then(|c| c.starts_at),
        ends_at: code.as_ref().and_then(|c| c.ends_at),
        message,
        accessed: visit.visit_status_id == db::visits::status_id("Accessed"),
        tour_ended: visit.tour_ended_on.is_some(),
        feedback_sent: visit.feedback_on.is_some(),
        offer_sent: visit.offer_id.is_some(),
    }))
}

// ---- Booking a time ---------------------------------------------------------------------------

/// A tour booked on the page starts no sooner than this after it is booked.
pub const BOOKING_LEAD_MINUTES: i64 = 30;
/// The builder's Scheduled Tour text follows a booking after this long (spec 3 §9).
pub const SCHEDULED_TEXT_SECONDS: i64 = 30;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SlotQuery {
    /// The day, yyyy-MM-dd, in the home's time zone.
    pub date: String,
}

/// The times a day offers.
#[derive(Debug, Serialize, ToSchema)]
pub struct TourSlots {
    pub date: String,
    /// `9:00 AM`, every 30 minutes while an hour's tour fits in a window.
    pub times: Vec<String>,
    pub timezone_abbr: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct BookingRequest {
    /// yyyy-MM-dd, in the home's time zone.
    #[serde(default)]
    pub date: String,
    /// One of the day's slots, `9:30 AM`.
    #[serde(default)]
    pub time: String,
}

/// A tour the visitor booked.
#[derive(Debug, Serialize, ToSchema)]
pub struct BookedTour {
    pub id: i64,
    pub property_id: i64,
    pub visit_date: chrono::DateTime<chrono::Utc>,
    /// `Thursday, November 26 at 10:00 AM CT`.
    pub when: String,
    pub status: String,
}

fn parse_day(text: &str) -> Option<chrono::NaiveDate> {
    chrono::NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d").ok()
}

/// The slots of a day at a home, in minutes after midnight of its zone.
fn day_slots(
    home: &PropertyRecord,
    day: chrono::NaiveDate,
    now: chrono::DateTime<chrono::Utc>,
) -> Vec<i64> {
    use chrono::{Datelike, Timelike};
    let local_now = domain::zones::to_local(home.fields.timezone, now);
    let earliest = match day.cmp(&local_now.date()) {
        std::cmp::Ordering::Less => return Vec::new(),
        std::cmp::Ordering::Equal => {
            i64::from(local_now.hour() * 60 + local_now.minute()) + BOOKING_LEAD_MINUTES
        }
        std::cmp::Ordering::Greater => 0,
    };
    let weekday = i64::from(day.weekday().num_days_from_sunday());
    domain::hours::slots(&tour_week(home), weekday, earliest, TOUR_MINUTES)
}

#[utoipa::path(get, path = "/api/tour/{webflow}/property/{id}/slots", tag = "tour",
    params(("webflow" = String, Path), ("id" = i64, Path), SlotQuery),
    responses((status = 200, body = TourSlots), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
/// The times a visitor may book on a day (none on a past day, or a closed one).
pub async fn slots(
    State(state): State<AppState>,
    Path((webflow, id)): Path<(String, i64)>,
    crate::extract::QueryParams(query): crate::extract::QueryParams<SlotQuery>,
) -> ApiResult<Json<TourSlots>> {
    let home = public_home(&state, &webflow, id).await?;
    let day = parse_day(&query.date)
        .ok_or_else(|| ApiError::field("date", "Choose a day like 2026-12-01"))?;
    let (_, timezone_abbr) = domain::catalog::timezone_names(home.fields.timezone);
    Ok(Json(TourSlots {
        date: day.format("%Y-%m-%d").to_string(),
        times: day_slots(&home, day, state.hardware.now())
            .into_iter()
            .map(domain::hours::format_clock)
            .collect(),
        timezone_abbr,
    }))
}

#[utoipa::path(post, path = "/api/tour/{webflow}/property/{id}/schedule", tag = "tour",
    params(("webflow" = String, Path), ("id" = i64, Path)), request_body = BookingRequest,
    responses((status = 200, body = BookedTour), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)),
    security(("visitor" = [])))]
/// Books a tour at one of the day's slots: a scheduled visit (status created) with a code for
/// this visitor preloaded for its hour, a confirmation text, and the builder's Scheduled Tour
/// text 30 seconds later. The door code is texted once the lock holds it.
pub async fn schedule(
    State(state): State<AppState>,
    session: VisitorSession,
    Path((webflow, id)): Path<(String, i64)>,
    JsonBody(body): JsonBody<BookingRequest>,
) -> ApiResult<Json<BookedTour>> {
    let (home, visitor) = visitor_at_home(&state, &session, &webflow, id, "Booking").await?;
    Ok(Json(
        book_tour(&state, &home, &visitor, &body, "visitor").await?,
    ))
}

/// Books a visitor's tour of a home (already checked to be one they may tour) at one of the
/// day's slots; `source` says who booked it (the visitor, or the public API).
pub(crate) async fn book_tour(
    state: &AppState,
    home: &PropertyRecord,
    visitor: &db::visitors::Visitor,
    body: &BookingRequest,
    source: &str,
) -> ApiResult<BookedTour> {
    let id = home.property_id;
    let day = parse_day(&body.date)
        .ok_or_else(|| ApiError::field("date", "Choose a day like 2026-12-01"))?;
    let minutes = domain::hours::parse_clock(&body.time);
    let now = state.hardware.now();
    let Some(minutes) = minutes.filter(|m| day_slots(home, day, now).contains(m)) else {
        return Err(ApiError::field(
            "time",
            "Choose one of the times offered for that day",
        ));
    };
    let lock = working_lock(state, home, visitor, "Booking").await?;
    let zone = home.fields.timezone;
    let local =
        day.and_hms_opt(0, 0, 0).expect("midnight exists") + chrono::Duration::minutes(minutes);
    let starts_at = domain::zones::from_local(zone, local);
    let ends_at = starts_at + chrono::Duration::minutes(TOUR_MINUTES);
    let code = visitor_code(state, &lock, home, visitor, starts_at, ends_at).await?;
    let code_ids = db::hardware::codes::change(&state.db, &[code], &[], now).await?;
    let when = opening_text(local, zone);
    let settings = db::settings::get(&state.db, &Scope::All, home.builder_id).await?;
    let scheduled_text = settings
        .and_then(|s| s.scheduled_tour_message)
        .and_then(|template| {
            let values = crate::tours::TemplateValues {
                visitor_first_name: visitor.firstname.clone(),
                scheduled_tour_date: local.format("%A, %B %-d").to_string(),
                scheduled_tour_time: local.format("%-I:%M %p").to_string(),
                property_address: home.fields.address_1.clone(),
                property_subdivision: home.fields.subdivision.clone().unwrap_or_default(),
                property_city: home.fields.city.clone(),
                property_state: home.fields.state.clone(),
                property_lot_number: home.fields.house_num.clone().unwrap_or_default(),
                community_name: home.community.clone(),
                company_name: home.builder.clone(),
                ..Default::default()
            }
            .map();
            domain::messaging::render(&template, &values).ok()
        })
        .map(|text| {
            (
                domain::messaging::fit_text(&text),
                now + chrono::Duration::seconds(SCHEDULED_TEXT_SECONDS),
            )
        });
    let confirmation = domain::messaging::fit_text(&format!(
        "Your self-tour of {} is booked for {when}. We'll text your door code before it starts.",
        home.fields.address_1
    ));
    let phone = visitor.cell_phone_1.clone();
    let booking_id = db::scheduled_visits::book(
        &state.db,
        &db::scheduled_visits::Booking {
            visit: db::scheduled_visits::NewScheduledVisit {
                builder_id: home.builder_id,
                property_id: id,
                customer_id: Some(visitor.customer_id),
                first_name: &visitor.firstname,
                last_name: &visitor.lastname,
                email: None,
                phone: phone.as_deref(),
                visit_date: starts_at,
                comments: None,
                source,
                status: "created",
            },
            access_code_id: code_ids[0],
            confirmation: &confirmation,
            scheduled_text,
            at: now,
        },
    )
    .await?;
    let message = format!(
        "{} {} booked a self-tour of {} for {when}.",
        visitor.firstname, visitor.lastname, home.fields.address_1
    );
    tell_staff(state, id, db::hardware::alerts::kind::LEAD, &message).await?;
    Ok(BookedTour {
        id: booking_id,
        property_id: id,
        visit_date: starts_at,
        when,
        status: "created".into(),
    })
}

#[utoipa::path(get, path = "/api/tour/{webflow}/property/{id}/scheduled", tag = "tour",
    params(("webflow" = String, Path), ("id" = i64, Path)),
    responses((status = 200, body = Vec<BookedTour>), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody)),
    security(("visitor" = [])))]
/// The visitor's tours of this home still to come.
pub async fn scheduled(
    State(state): State<AppState>,
    session: VisitorSession,
    Path((webflow, id)): Path<(String, i64)>,
) -> ApiResult<Json<Vec<BookedTour>>> {
    let home = public_home(&state, &webflow, id).await?;
    if home.builder_id != session.builder_id {
        return Err(ApiError::not_found());
    }
    let zone = home.fields.timezone;
    let booked =
        db::scheduled_visits::upcoming(&state.db, session.customer_id, id, state.hardware.now())
            .await?;
    Ok(Json(
        booked
            .into_iter()
            .map(|b| BookedTour {
                id: b.id,
                property_id: b.property_id,
                visit_date: b.visit_date,
                when: opening_text(domain::zones::to_local(zone, b.visit_date), zone),
                status: b.status,
            })
            .collect(),
    ))
}

#[utoipa::path(post, path = "/api/tour/{webflow}/scheduled/{id}/cancel", tag = "tour",
    params(("webflow" = String, Path), ("id" = i64, Path)),
    responses((status = 200, body = crate::http::MessageBody), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody)),
    security(("visitor" = [])))]
/// Cancels one of the visitor's booked tours: status cancelled, its code taken off the lock.
pub async fn cancel(
    State(state): State<AppState>,
    session: VisitorSession,
    Path((webflow, id)): Path<(String, i64)>,
) -> ApiResult<Json<crate::http::MessageBody>> {
    builder_named(&state, &webflow, session.builder_id).await?;
    let now = state.hardware.now();
    let code = db::scheduled_visits::cancel(&state.db, id, session.customer_id, now)
        .await?
        .ok_or_else(ApiError::not_found)?;
    if let Some(code) = code {
        db::hardware::codes::remove(&state.db, &[code], now).await?;
    }
    Ok(Json(crate::http::MessageBody::new(
        "Your tour is cancelled.",
    )))
}

// ---- Surveys ----------------------------------------------------------------------------------

fn survey_of(kind: &str) -> ApiResult<domain::surveys::Survey> {
    match kind {
        "pre" => Ok(domain::surveys::Survey::PreTour),
        "post" => Ok(domain::surveys::Survey::PostTour),
        _ => Err(ApiError::not_found()),
    }
}

#[utoipa::path(get, path = "/api/tour/{webflow}/survey/{kind}", tag = "tour",
    params(("webflow" = String, Path), ("kind" = String, Path, description = "pre or post")),
    responses((status = 200, body = Vec<domain::surveys::Question>), (status = 404, body = ErrorBody)))]
/// The builder's pre-tour (`pre`) or post-tour (`post`) questions, as a visitor answers them.
pub async fn survey(
    State(state): State<AppState>,
    Path((webflow, kind)): Path<(String, String)>,
) -> ApiResult<Json<Vec<domain::surveys::Question>>> {
    let survey = survey_of(&kind)?;
    let builder = db::builders::id_by_webflow(&state.db, &webflow)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let questions = db::surveys::questions(&state.db, &Scope::All, builder, survey)
        .await?
        .unwrap_or_default();
    Ok(Json(questions))
}

/// A visitor's answers: each question's id and the answer.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SurveyAnswers {
    #[serde(default)]
    pub answers: Vec<SurveyAnswer>,
    /// The visit the post-tour survey is about (the visitor's own, required for `post`).
    pub visit_id: Option<i64>,
    /// Post-tour: 1 to 5 stars.
    pub rating: Option<i64>,
    /// Post-tour: what the visitor loved, a line each.
    pub loved: Option<String>,
    pub comments: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SurveyAnswer {
    pub question_id: i64,
    #[serde(default)]
    pub answer: String,
}

#[utoipa::path(post, path = "/api/tour/{webflow}/survey/{kind}", tag = "tour",
    params(("webflow" = String, Path), ("kind" = String, Path, description = "pre or post")),
    request_body = SurveyAnswers,
    responses((status = 200, body = crate::http::MessageBody), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)),
    security(("visitor" = [])))]
/// Keeps the visitor's answers (every question answered, within its kind), with the questions as
/// they were asked; staff see them on the customer's Survey tab. The post-tour survey names a
/// tour the visitor took and carries their stars, what they loved and comments, written with
/// the answers into the visit's remarks (once per visit; again is 409).
pub async fn answer_survey(
    State(state): State<AppState>,
    session: VisitorSession,
    Path((webflow, kind)): Path<(String, String)>,
    JsonBody(body): JsonBody<SurveyAnswers>,
) -> ApiResult<Json<crate::http::MessageBody>> {
    let survey = survey_of(&kind)?;
    builder_named(&state, &webflow, session.builder_id).await?;
    let visit = match body.visit_id {
        Some(id) => Some(
            db::visits::of_visitor(&state.db, id, session.customer_id)
                .await?
                .ok_or_else(ApiError::not_found)?,
        ),
        None => None,
    };
    // The post-tour survey is about a tour the visitor took, and goes with their feedback.
    let feedback = match (survey, &visit) {
        (domain::surveys::Survey::PreTour, _) => None,
        (_, None) => {
            return Err(ApiError::field(
                "visit_id",
                "Tell us which tour this is about",
            ))
        }
        (_, Some(v)) if v.visit_status_id != db::visits::status_id("Accessed") => {
            return Err(ApiError::field(
                "visit_id",
                "You can tell us about a tour once you have taken it",
            ))
        }
        _ => {
            let feedback = domain::surveys::Feedback {
                rating: body.rating,
                loved: body.loved.unwrap_or_default(),
                comments: body.comments.unwrap_or_default(),
            };
            let errors = feedback.check();
            if !errors.is_empty() {
                return Err(ApiError::Validation(errors));
            }
            Some(feedback)
        }
    };
    let questions = db::surveys::questions(&state.db, &Scope::All, session.builder_id, survey)
        .await?
        .unwrap_or_default();
    let given: Vec<(i64, String)> = body
        .answers
        .into_iter()
        .map(|a| (a.question_id, a.answer))
        .collect();
    let answers =
        domain::surveys::check_answers(&questions, &given).map_err(ApiError::Validation)?;
    let remarks = feedback.map(|f| f.remarks(&answers));
    let kept = db::customers::record_survey(
        &state.db,
        &db::customers::NewSurveyAnswers {
            customer_id: session.customer_id,
            customer_visit_id: visit.map(|v| v.customer_visit_id),
            survey,
            answers: &answers,
            answered_on: state.hardware.now(),
            feedback: remarks.as_deref(),
        },
    )
    .await?;
    if !kept {
        return Err(refused_visit(
            "You already told us about this tour. Thank you!".into(),
        ));
    }
    Ok(Json(crate::http::MessageBody::new(
        "Thank you for your answers.",
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_visitors_code_is_none_the_lock_holds() {
        let mut held: std::collections::HashSet<String> =
            (0..10_000).map(|n| format!("{n:04}")).collect();
        held.remove("0042");
        assert_eq!(fresh_digits(4, &held), "0042");
        assert_eq!(fresh_digits(6, &held).len(), 6);
    }
}
