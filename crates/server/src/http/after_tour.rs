//! After the tour (issue 19): the After Tour text's link signs the visitor in to their visit's
//! page, where they answer the post-tour survey (`tour::answer_survey`) and may say they are
//! ready to buy or rent the home (an offer, staff told as a lead).

use axum::extract::State;
use axum::routing::post;
use axum::{Json, Router};
use chrono::NaiveDate;
use db::Scope;
use domain::validation::FieldErrors;
use serde::Deserialize;
use utoipa::ToSchema;

use super::tour::{
    builder_named, refused_visit, session_for, tell_staff, VisitorSession, VisitorToken,
};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{JsonBody, Path};
use crate::state::AppState;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/tour/{webflow}/after/{visit}/session", post(after_session))
        .route("/tour/{webflow}/visits/{visit}/offer", post(make_offer))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct AfterTourKey {
    #[serde(default)]
    pub key: String,
}

#[utoipa::path(post, path = "/api/tour/{webflow}/after/{visit}/session", tag = "tour",
    params(("webflow" = String, Path), ("visit" = i64, Path)), request_body = AfterTourKey,
    responses((status = 200, body = VisitorToken), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
/// The After Tour text's link: its key, good for that visit only, signs the visitor in (the
/// usual visitor session) without another texted code. A wrong key is 404.
pub async fn after_session(
    State(state): State<AppState>,
    Path((webflow, visit)): Path<(String, i64)>,
    JsonBody(body): JsonBody<AfterTourKey>,
) -> ApiResult<Json<VisitorToken>> {
    if body.key.is_empty() {
        return Err(ApiError::not_found());
    }
    let (customer_id, builder_id) =
        db::visits::by_after_key(&state.db, visit, &crate::tours::after_key_hash(&body.key))
            .await?
            .ok_or_else(ApiError::not_found)?;
    builder_named(&state, &webflow, builder_id).await?;
    let visitor = db::visitors::visitor(&state.db, customer_id)
        .await?
        .ok_or_else(ApiError::not_found)?;
    Ok(Json(session_for(
        &state,
        customer_id,
        builder_id,
        visitor.firstname,
        visitor.lastname,
    )))
}

/// "Ready to Buy" (or Rent) after a tour.
#[derive(Debug, Deserialize, ToSchema)]
pub struct OfferRequest {
    pub floor_plan: Option<String>,
    #[serde(default)]
    pub prequalified: bool,
    /// yyyy-MM-dd.
    #[serde(default)]
    pub move_in: String,
    pub comments: Option<String>,
    /// `email` or `phone`.
    #[serde(default)]
    pub preferred_contact: String,
}

/// Longest floor plan name a visitor may type.
pub const FLOOR_PLAN_LIMIT: usize = 100;
/// How far ahead a move-in may be.
pub const MOVE_IN_YEARS: i64 = 3;

/// Checks an offer: the move-in a day from today (in the home's zone) to three years ahead, the
/// preferred contact email or phone, the texts' lengths.
fn check_offer(offer: &OfferRequest, today: NaiveDate) -> Result<NaiveDate, FieldErrors> {
    let mut errors = FieldErrors::new();
    let move_in = NaiveDate::parse_from_str(offer.move_in.trim(), "%Y-%m-%d").ok();
    match move_in {
        None if offer.move_in.trim().is_empty() => {
            errors.insert("move_in".into(), "Choose a move-in date".into());
        }
        None => {
            errors.insert(
                "move_in".into(),
                "Move-in must be a date like 2027-03-31".into(),
            );
        }
        Some(day) if day < today => {
            errors.insert(
                "move_in".into(),
                "Choose a move-in date from today on".into(),
            );
        }
        Some(day) if day > today + chrono::Duration::days(365 * MOVE_IN_YEARS) => {
            errors.insert(
                "move_in".into(),
                format!("Choose a move-in date within {MOVE_IN_YEARS} years"),
            );
        }
        Some(_) => {}
    }
    if !matches!(offer.preferred_contact.as_str(), "email" | "phone") {
        errors.insert("preferred_contact".into(), "Choose email or phone".into());
    }
    if offer
        .floor_plan
        .as_deref()
        .is_some_and(|f| f.chars().count() > FLOOR_PLAN_LIMIT)
    {
        errors.insert(
            "floor_plan".into(),
            format!("Keep the floor plan to {FLOOR_PLAN_LIMIT} characters"),
        );
    }
    if offer
        .comments
        .as_deref()
        .is_some_and(|c| c.chars().count() > domain::surveys::COMMENTS_LIMIT)
    {
        errors.insert(
            "comments".into(),
            format!(
                "Keep the comments to {} characters",
                domain::surveys::COMMENTS_LIMIT
            ),
        );
    }
    match move_in {
        Some(day) if errors.is_empty() => Ok(day),
        _ => Err(errors),
    }
}

fn trimmed(text: &Option<String>) -> Option<&str> {
    text.as_deref().map(str::trim).filter(|t| !t.is_empty())
}

#[utoipa::path(post, path = "/api/tour/{webflow}/visits/{visit}/offer", tag = "tour",
    params(("webflow" = String, Path), ("visit" = i64, Path)), request_body = OfferRequest,
    responses((status = 200, body = crate::http::MessageBody), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)),
    security(("visitor" = [])))]
/// The visitor is ready to buy (or rent) the home they toured: an offer staff see under Ready to
/// Buy, one per tour (again is 409), and the home's staff told as a lead.
pub async fn make_offer(
    State(state): State<AppState>,
    session: VisitorSession,
    Path((webflow, visit_id)): Path<(String, i64)>,
    JsonBody(body): JsonBody<OfferRequest>,
) -> ApiResult<Json<crate::http::MessageBody>> {
    let (_, is_rental) = builder_named(&state, &webflow, session.builder_id).await?;
    let visit = db::visits::of_visitor(&state.db, visit_id, session.customer_id)
        .await?
        .ok_or_else(ApiError::not_found)?;
    if visit.visit_status_id != db::visits::status_id("Accessed") {
        return Err(ApiError::field(
            "visit_id",
            "You can make an offer once you have toured the home",
        ));
    }
    let home = db::properties::get(&state.db, &Scope::All, visit.property_id)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let today = domain::zones::to_local(home.fields.timezone, state.hardware.now()).date();
    let move_in = check_offer(&body, today).map_err(ApiError::Validation)?;
    let offer = db::offers::create(
        &state.db,
        &db::offers::NewOffer {
            property_id: visit.property_id,
            customer_id: session.customer_id,
            floor_plan: trimmed(&body.floor_plan),
            prequalified: body.prequalified,
            move_in: Some(move_in),
            comments: trimmed(&body.comments),
            preferred_contact: &body.preferred_contact,
            customer_visit_id: Some(visit.customer_visit_id),
        },
    )
    .await?;
    if offer.is_none() {
        return Err(refused_visit(
            "You already sent us this. We will be in touch.".into(),
        ));
    }
    let visitor = db::visitors::visitor(&state.db, session.customer_id)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let mut message = format!(
        "{} {} is ready to {} {}: move-in {}, {}, prefers {}.",
        visitor.firstname,
        visitor.lastname,
        if is_rental { "rent" } else { "buy" },
        home.fields.address_1,
        move_in.format("%B %-d, %Y"),
        if body.prequalified {
            "prequalified"
        } else {
            "not prequalified"
        },
        body.preferred_contact,
    );
    if let Some(comments) = trimmed(&body.comments) {
        message.push_str(&format!(" Comments: {comments}"));
    }
    tell_staff(
        &state,
        visit.property_id,
        db::hardware::alerts::kind::LEAD,
        &message,
    )
    .await?;
    Ok(Json(crate::http::MessageBody::new(
        "Thank you! Our team will contact you soon.",
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn offer(move_in: &str, contact: &str) -> OfferRequest {
        OfferRequest {
            floor_plan: Some("The Aspen".into()),
            prequalified: true,
            move_in: move_in.into(),
            comments: None,
            preferred_contact: contact.into(),
        }
    }

    #[test]
    fn an_offer_needs_a_move_in_ahead_and_a_way_to_reach_the_visitor() {
        let today = NaiveDate::from_ymd_opt(2026, 11, 26).unwrap();
        assert_eq!(
            check_offer(&offer("2027-01-15", "email"), today),
            Ok(NaiveDate::from_ymd_opt(2027, 1, 15).unwrap())
        );
        assert!(check_offer(&offer("2026-11-26", "phone"), today).is_ok());
        let errors = check_offer(&offer("", "fax"), today).unwrap_err();
        assert_eq!(errors["move_in"], "Choose a move-in date");
        assert_eq!(errors["preferred_contact"], "Choose email or phone");
        let past = check_offer(&offer("2026-11-25", "email"), today).unwrap_err();
        assert_eq!(past["move_in"], "Choose a move-in date from today on");
        let far = check_offer(&offer("2030-01-01", "email"), today).unwrap_err();
        assert_eq!(far["move_in"], "Choose a move-in date within 3 years");
        let odd = check_offer(&offer("01/15/2027", "email"), today).unwrap_err();
        assert_eq!(odd["move_in"], "Move-in must be a date like 2027-03-31");
    }
}
