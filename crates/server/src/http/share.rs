//! Share a self-tour link (spec 2 §2 Share, §5, §7 POST /customers/share): staff invite a
//! visitor to one of their homes, either with a verified account (a username and password for
//! the tour pages that skips identity verification) or with a scheduled tour (a scheduled visit
//! the visitor confirms by verifying their identity). The invite goes by text and by mail.

use axum::extract::State;
use axum::routing::post;
use axum::{Json, Router};
use db::customers::{Invite, Invited};
use domain::share::{self, ShareForm, VERIFIED_CUSTOMER};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::JsonBody;
use crate::http::reference::builder_in_scope;
use crate::state::AppState;

pub fn routes() -> Router<AppState> {
    Router::new().route("/customers/share", post(share))
}

/// The customer share request (spec 2 §3).
#[derive(Debug, Deserialize, ToSchema)]
pub struct ShareRequest {
    #[serde(default)]
    pub firstname: String,
    #[serde(default)]
    pub lastname: String,
    #[serde(default)]
    pub email_1: String,
    /// 999-999-9999.
    #[serde(default)]
    pub cell_phone_1: String,
    #[serde(default)]
    pub property_id: i64,
    /// `verifiedCustomer` or `scheduledTour`.
    #[serde(default)]
    pub book_tour: String,
    /// V (122) or AG (123).
    #[serde(default)]
    pub visitor_type_id: i64,
    /// MM/dd/yyyy, in the home's time zone; scheduled tours only.
    pub visit_date: Option<String>,
    /// One of the times offered, `7:00 AM` to `8:30 PM` every 30 minutes; scheduled tours only.
    pub visit_time: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ShareAnswer {
    pub message: String,
    pub customer_id: i64,
    /// The scheduled visit a scheduled tour invite made.
    pub scheduled_visit_id: Option<i64>,
}

/// Characters of the password a verified account gets: no look-alikes (0/O, 1/l/I).
const PASSWORD_CHARACTERS: &[u8] = b"abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const PASSWORD_LENGTH: usize = 10;

fn new_password() -> String {
    use rand::Rng;
    let mut rng = rand::thread_rng();
    (0..PASSWORD_LENGTH)
        .map(|_| PASSWORD_CHARACTERS[rng.gen_range(0..PASSWORD_CHARACTERS.len())] as char)
        .collect()
}

#[utoipa::path(post, path = "/api/customers/share", tag = "customers", request_body = ShareRequest,
    responses((status = 200, body = ShareAnswer), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
/// Invites a visitor to tour one of the caller's homes and sends the invite by text and mail.
/// The builder's customer with that email (else that phone) is updated, or a new one made.
/// A blacklisted visitor is refused and nothing is sent.
pub async fn share(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(body): JsonBody<ShareRequest>,
) -> ApiResult<Json<ShareAnswer>> {
    let form = ShareForm {
        firstname: &body.firstname,
        lastname: &body.lastname,
        email_1: &body.email_1,
        cell_phone_1: &body.cell_phone_1,
        property_id: body.property_id,
        book_tour: &body.book_tour,
        visitor_type_id: body.visitor_type_id,
        visit_date: body.visit_date.as_deref(),
        visit_time: body.visit_time.as_deref(),
    };
    let (errors, local_visit) = share::check(&form);
    if !errors.is_empty() {
        return Err(ApiError::Validation(errors));
    }
    let home = db::properties::get(&state.db, &caller.scope, body.property_id)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let tours = domain::catalog::DISPOSITIONS
        .iter()
        .any(|d| d.id == home.fields.disposition_id && d.tours);
    if !tours {
        return Err(ApiError::field(
            "property_id",
            "This property is not open to tours",
        ));
    }
    let builder = builder_in_scope(&state, &caller, home.builder_id).await?;
    let now = state.hardware.now();
    let zone = home.fields.timezone;
    let tour_at = local_visit.map(|local| domain::zones::from_local(zone, local));
    if tour_at.is_some_and(|at| at <= now) {
        return Err(ApiError::field(
            "visit_time",
            "Choose a time that has not passed",
        ));
    }
    let (firstname, lastname) = (body.firstname.trim(), body.lastname.trim());
    let email = body.email_1.trim();
    let phone = body.cell_phone_1.trim();
    let lot = home
        .fields
        .house_num
        .as_deref()
        .filter(|n| !n.is_empty())
        .map(|n| format!(" (Lot {n})"))
        .unwrap_or_default();
    let address = format!("{}{lot}, {}", home.fields.address_1, home.fields.city);
    let link = state
        .settings
        .public_page(&builder.webflow_name, "property", body.property_id)
        .unwrap_or_default();
    // Visitors sign in with their email, whatever its case.
    let username = email.to_lowercase();
    let password = (body.book_tour == VERIFIED_CUSTOMER).then(new_password);
    let password_hash = match &password {
        Some(p) => Some(crate::auth::hash_password_blocking(p.clone()).await?),
        None => None,
    };
    let (text, subject, mail, done) = match (&password, tour_at) {
        (Some(password), _) => (
            format!(
                "{}: your self-tour sign-in for {address}: username {username}, password {password}. {link}",
                builder.name
            ),
            format!("Your self-tour account with {}", builder.name),
            format!(
                "Hello {firstname},\n\n{} has made you an account to tour {address} on your own.\n\n\
                 Open {link}\nand sign in with\n  Username: {username}\n  Password: {password}\n\n\
                 Your account skips identity verification: keep the password to yourself.\n",
                builder.name
            ),
            "Verified account sent to",
        ),
        (None, Some(at)) => {
            let local = domain::zones::to_local(zone, at);
            let (_, abbr) = domain::catalog::timezone_names(zone);
            let when = format!(
                "{} at {} {}",
                local.format("%A, %B %-d"),
                local.format("%-I:%M %p"),
                abbr.unwrap_or_default()
            );
            let when = when.trim_end().to_string();
            (
                format!(
                    "{}: your self-tour of {address} is set for {when}. Verify your identity and tour at {link}",
                    builder.name
                ),
                format!("Your self-tour of {address}"),
                format!(
                    "Hello {firstname},\n\n{} invites you to tour {address} on your own, {when}.\n\n\
                     Open {link}\nto verify your identity; then you can tour at your time or right away.\n",
                    builder.name
                ),
                "Scheduled tour invite sent to",
            )
        }
        (None, None) => return Err(ApiError::field("book_tour", "Book Tour is required")),
    };
    let invite = Invite {
        builder_id: home.builder_id,
        property_id: body.property_id,
        firstname,
        lastname,
        email,
        phone,
        visitor_type_id: body.visitor_type_id,
        account: password_hash
            .as_deref()
            .map(|hash| (username.as_str(), hash)),
        tour_at,
        text: &domain::messaging::fit_text(&text),
        mail_subject: &subject,
        mail_body: &mail,
    };
    match db::customers::invite(&state.db, &invite, now).await? {
        Invited::Blacklisted => Err(ApiError::field(
            "customer",
            "This visitor is blacklisted and cannot be invited",
        )),
        Invited::Sent {
            customer_id,
            scheduled_visit_id,
        } => Ok(Json(ShareAnswer {
            message: format!("{done} {firstname} {lastname}"),
            customer_id,
            scheduled_visit_id,
        })),
    }
}
