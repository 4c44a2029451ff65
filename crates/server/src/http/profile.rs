//! The signed-in user's own profile (paths ours: GET and PATCH /api/profile).

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use db::users::Notifications;
use domain::validation::{check_profile, ProfileForm};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::{hash_password_blocking, Caller};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::JsonBody;
use crate::http::session::{session_user, SessionUser};
use crate::state::AppState;

pub fn routes() -> Router<AppState> {
    Router::new().route("/profile", get(get_profile).patch(update_profile))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Profile {
    pub username: String,
    pub first_name: String,
    pub last_name: String,
    pub phone: String,
    pub email: String,
    #[serde(flatten)]
    pub notifications: Notifications,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileUpdate {
    pub first_name: String,
    pub last_name: String,
    pub phone: String,
    pub email: String,
    #[serde(default, rename = "pass_word")]
    pub pass_word: Option<String>,
    #[serde(default)]
    pub confirm: Option<String>,
    #[serde(flatten)]
    pub notifications: Notifications,
}

#[utoipa::path(get, path = "/api/profile", tag = "account",
    responses((status = 200, body = Profile), (status = 401, body = ErrorBody)), security(("bearer" = [])))]
pub async fn get_profile(caller: Caller) -> Json<Profile> {
    let user = caller.user;
    Json(Profile {
        username: user.username,
        first_name: user.firstname,
        last_name: user.lastname,
        phone: user.phone,
        email: user.email,
        notifications: user.notifications,
    })
}

#[utoipa::path(patch, path = "/api/profile", tag = "account", request_body = ProfileUpdate,
    responses((status = 200, body = SessionUser), (status = 422, body = ErrorBody)), security(("bearer" = [])))]
pub async fn update_profile(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(update): JsonBody<ProfileUpdate>,
) -> ApiResult<Json<SessionUser>> {
    let mut notifications = update.notifications;
    notifications.cc_email = notifications.cc_email.filter(|e| !e.trim().is_empty());
    // Lock-offline text alerts are not offered yet ("coming soon").
    notifications.lock_offline_send_sms = 0;
    let mut errors = check_profile(&ProfileForm {
        firstname: update.first_name.trim(),
        lastname: update.last_name.trim(),
        phone: update.phone.trim(),
        email: update.email.trim(),
        password: update.pass_word.as_deref(),
        confirm: update.confirm.as_deref(),
        send_cc_email: notifications.send_cc_email,
        cc_email: notifications.cc_email.as_deref(),
    });
    for (field, value) in flag_values(&notifications) {
        if value != 0 && value != 1 {
            errors.insert(field.into(), format!("{field} must be 0 or 1"));
        }
    }
    ApiError::check(errors)?;
    let password_hash = match update.pass_word.filter(|p| !p.is_empty()) {
        Some(password) => Some(hash_password_blocking(password).await?),
        None => None,
    };
    let record = db::users::ProfileUpdate {
        firstname: update.first_name.trim().to_string(),
        lastname: update.last_name.trim().to_string(),
        phone: update.phone.trim().to_string(),
        email: update.email.trim().to_string(),
        notifications,
    };
    db::users::update_profile(&state.db, caller.user.user_id, &record).await?;
    let mut token = caller.token.clone();
    if let Some(hash) = password_hash {
        db::users::set_password(&state.db, caller.user.user_id, &hash).await?;
    }
    let user = db::users::find_by_id(&state.db, caller.user.user_id)
        .await?
        .ok_or(ApiError::Unauthorized)?;
    if user.token_version != caller.user.token_version {
        // The password changed, so older tokens stopped working: hand out a fresh one.
        token = state.tokens.issue(
            &user,
            &caller.claims.sid,
            caller.claims.bld,
            caller.claims.imp.clone(),
        );
    }
    Ok(Json(
        session_user(
            &state,
            &user,
            token,
            caller.claims.bld,
            caller.claims.imp.clone(),
        )
        .await?,
    ))
}

fn flag_values(n: &Notifications) -> [(&'static str, i64); 11] {
    [
        ("send_email", n.send_email),
        ("send_sms", n.send_sms),
        (
            "lock_battery_level_send_email",
            n.lock_battery_level_send_email,
        ),
        ("lock_battery_level_send_sms", n.lock_battery_level_send_sms),
        ("lock_offline_send_email", n.lock_offline_send_email),
        ("lock_offline_send_sms", n.lock_offline_send_sms),
        ("lock_jam_events_send_email", n.lock_jam_events_send_email),
        ("lock_jam_events_send_sms", n.lock_jam_events_send_sms),
        ("post_tour_send_email", n.post_tour_send_email),
        ("post_tour_send_sms", n.post_tour_send_sms),
        ("send_cc_email", n.send_cc_email),
    ]
}
