//! Sign-in, acting as another user, the session user, and password reset (spec 1 §4, §8).

use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use chrono::{Duration, Utc};
use db::users::{Notifications, UserRecord};
use domain::roles::Role;
use domain::validation::MSG_TOKEN_INVALID;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::{random_token, sha256_hex, start_session, verify_password_blocking, Caller};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ClientAddress, JsonBody, QueryParams};
use crate::http::MessageBody;
use crate::state::AppState;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/auth/users", post(sign_in))
        .route("/auth/admin_as_pm", post(admin_as_pm))
        .route("/auth/admin_return", post(admin_return))
        .route("/auth/enterprise_user", post(enterprise_user))
        .route("/auth/session", get(session))
        .route("/auth/logout", post(logout))
        .route(
            "/auth/password_reset",
            get(request_reset)
                .post(check_reset)
                .put(reset_password)
                .patch(refresh_reset),
        )
}

/// The signed-in user as the console keeps it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionUser {
    pub token: String,
    pub username: String,
    pub first_name: String,
    pub last_name: String,
    pub builder_id: Option<i64>,
    pub enterprise_id: Option<i64>,
    pub builder: Option<String>,
    pub is_rental: bool,
    #[serde(rename = "isPM")]
    pub is_pm: bool,
    pub is_admin: bool,
    pub is_enterprise: bool,
    pub is_management: bool,
    pub email: String,
    pub phone: String,
    pub user_role_id: i64,
    pub builder_quickbook_id: Option<String>,
    pub builder_oauth_clients: Vec<String>,
    /// The platform admin acting as this program manager, when one is (the console's "acting
    /// as" bar; `POST /auth/admin_return` goes back).
    #[serde(rename = "actingAdmin")]
    pub acting_admin: Option<String>,
    #[serde(flatten)]
    pub notifications: Notifications,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AuthResponse {
    pub token: String,
    pub user: SessionUser,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct LoginRequest {
    #[schema(min_length = 1)]
    pub username: String,
    #[schema(min_length = 1)]
    pub password: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct AdminAsPmRequest {
    pub username: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct EnterpriseUserRequest {
    pub username: String,
    pub builder_id: i64,
}

/// The session user for a record, acting for `builder` when one was chosen.
pub async fn session_user(
    state: &AppState,
    user: &UserRecord,
    token: String,
    builder: Option<i64>,
    acting_admin: Option<String>,
) -> ApiResult<SessionUser> {
    let (builder_id, builder_name, is_rental) = match builder.filter(|b| *b != 0) {
        Some(id) if Some(id) != user.builder_id => {
            let chosen = db::builders::get(&state.db, &db::Scope::builder(id), id).await?;
            (
                Some(id),
                chosen.as_ref().map(|b| b.name.clone()),
                chosen.is_some_and(|b| b.is_rental),
            )
        }
        _ => (user.builder_id, user.builder_name.clone(), user.is_rental),
    };
    let builder_oauth_clients = match builder_id {
        Some(id) => db::oauth_clients::of_builder(&state.db, id)
            .await?
            .into_iter()
            .map(|client| client.client_id)
            .collect(),
        None => Vec::new(),
    };
    Ok(SessionUser {
        token,
        username: user.username.clone(),
        first_name: user.firstname.clone(),
        last_name: user.lastname.clone(),
        builder_id,
        enterprise_id: user.enterprise_id,
        builder: builder_name,
        is_rental,
        is_pm: Role::from_id(user.role_id).is_some_and(Role::is_project_manager),
        is_admin: user.is_admin,
        is_enterprise: user.enterprise_id.is_some(),
        is_management: user.is_management,
        email: user.email.clone(),
        phone: user.phone.clone(),
        user_role_id: user.role_id,
        builder_quickbook_id: user.builder_quickbook_id.clone(),
        builder_oauth_clients,
        acting_admin,
        notifications: user.notifications.clone(),
    })
}

async fn respond(
    state: &AppState,
    user: &UserRecord,
    session: &str,
    builder: Option<i64>,
    impersonator: Option<String>,
) -> ApiResult<Json<AuthResponse>> {
    let token = state
        .tokens
        .issue(user, session, builder, impersonator.clone());
    let user = session_user(state, user, token.clone(), builder, impersonator).await?;
    Ok(Json(AuthResponse { token, user }))
}

/// Sign-in throttling, after OWASP's guidance: failures are counted per account and address
/// pair, so guessing one account from one place stops without locking its owner out elsewhere.
/// Failures are counted over this window.
const WINDOW_MINUTES: i64 = 15;
/// Failures of one account from one address before that pair is refused.
const PAIR_LIMIT: i64 = 5;
/// Failures of one account from all addresses past which any address that has failed it is
/// refused (a distributed guess); an address without failures still signs in.
const ACCOUNT_LIMIT: i64 = 20;
/// Failures from one address (of any accounts) past which its sign-ins are slowed, a second
/// more for each further failure up to `MAX_DELAY_SECS`, rather than refused: everyone behind
/// one proxy shares its address.
const ADDRESS_LIMIT: i64 = 20;
const MAX_DELAY_SECS: i64 = 5;

/// The throttle's keys for one sign-in.
struct ThrottleKeys {
    pair: String,
    account: String,
    address: String,
}

impl ThrottleKeys {
    fn new(username: &str, address: &str) -> ThrottleKeys {
        ThrottleKeys {
            pair: format!("pair:{username}|{address}"),
            account: format!("account:{username}"),
            address: format!("address:{address}"),
        }
    }
}

fn too_many(oldest: Option<chrono::DateTime<Utc>>) -> ApiError {
    let until = oldest.unwrap_or_else(Utc::now) + Duration::minutes(WINDOW_MINUTES);
    let wait = (until - Utc::now()).num_seconds().max(1);
    ApiError::TooManyRequests {
        message: format!("Too many failed sign-in attempts. Try again in {wait} seconds."),
        retry_after_secs: wait,
    }
}

/// Refuses a sign-in that the throttle's rules stop, and slows one from a busy address.
async fn check_throttle(state: &AppState, keys: &ThrottleKeys) -> ApiResult<()> {
    let since = db::now() - Duration::minutes(WINDOW_MINUTES);
    let (pair, pair_oldest) = db::throttle::failures_since(&state.db, &keys.pair, since).await?;
    if pair >= PAIR_LIMIT {
        return Err(too_many(pair_oldest));
    }
    if pair > 0 {
        let (account, _) = db::throttle::failures_since(&state.db, &keys.account, since).await?;
        if account >= ACCOUNT_LIMIT {
            return Err(too_many(pair_oldest));
        }
    }
    let (address, _) = db::throttle::failures_since(&state.db, &keys.address, since).await?;
    if address >= ADDRESS_LIMIT {
        let delay = (address - ADDRESS_LIMIT + 1).min(MAX_DELAY_SECS);
        tokio::time::sleep(std::time::Duration::from_secs(delay.unsigned_abs())).await;
    }
    Ok(())
}

#[utoipa::path(post, path = "/api/auth/users", tag = "auth", request_body = LoginRequest,
    responses((status = 200, body = AuthResponse), (status = 404, description = "User not found", body = ErrorBody),
        (status = 403, description = "Invalid usersname or password", body = ErrorBody),
        (status = 429, description = "Too many failed sign-in attempts", body = ErrorBody)))]
pub async fn sign_in(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    JsonBody(request): JsonBody<LoginRequest>,
) -> ApiResult<Json<AuthResponse>> {
    let username = request.username.trim().to_lowercase();
    if username.is_empty() || request.password.is_empty() {
        let mut errors = std::collections::BTreeMap::new();
        if username.is_empty() {
            errors.insert("username".into(), "Username is required".into());
        }
        if request.password.is_empty() {
            errors.insert("password".into(), "Password is required".into());
        }
        return Err(ApiError::Validation(errors));
    }
    let keys = ThrottleKeys::new(&username, &address);
    check_throttle(&state, &keys).await?;
    let Some(user) = db::users::find_for_sign_in(&state.db, &username).await? else {
        db::throttle::record_failure(&state.db, &[&keys.pair, &keys.address]).await?;
        return Err(ApiError::NotFound("User not found".into()));
    };
    let matches = match user.password_hash.clone() {
        Some(hash) => verify_password_blocking(request.password, hash).await?,
        None => false,
    };
    if !matches {
        db::throttle::record_failure(&state.db, &[&keys.pair, &keys.account, &keys.address])
            .await?;
        return Err(ApiError::Forbidden("Invalid usersname or password".into()));
    }
    db::throttle::clear(&state.db, &keys.pair).await?;
    let session = start_session(&state, &user).await?;
    respond(&state, &user, &session, None, None).await
}

#[utoipa::path(post, path = "/api/auth/admin_as_pm", tag = "auth", request_body = AdminAsPmRequest,
    responses((status = 200, body = AuthResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn admin_as_pm(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(request): JsonBody<AdminAsPmRequest>,
) -> ApiResult<Json<AuthResponse>> {
    caller.require_admin()?;
    let pm = db::users::find_in_scope(&state.db, &db::Scope::All, &request.username)
        .await?
        .filter(|u| Role::from_id(u.role_id).is_some_and(Role::is_project_manager))
        .ok_or_else(|| ApiError::NotFound("No PMs were found".into()))?;
    tracing::info!(admin = %caller.user.username, pm = %pm.username, "admin signed in as program manager");
    // Acting as the program manager stays within the admin's sign-in: ending it ends both.
    respond(
        &state,
        &pm,
        &caller.claims.sid,
        None,
        Some(caller.user.username.clone()),
    )
    .await
}

/// The admin acting as a program manager goes back to being the admin, in the same sign-in.
#[utoipa::path(post, path = "/api/auth/admin_return", tag = "auth",
    responses((status = 200, body = AuthResponse), (status = 403, body = ErrorBody)), security(("bearer" = [])))]
pub async fn admin_return(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<AuthResponse>> {
    let not_acting =
        || ApiError::Forbidden("Only an admin acting as a program manager can go back".into());
    let admin = caller.claims.imp.as_deref().ok_or_else(not_acting)?;
    let admin = db::users::find_for_sign_in(&state.db, admin)
        .await?
        .filter(|u| u.is_admin)
        .ok_or_else(not_acting)?;
    tracing::info!(admin = %admin.username, pm = %caller.user.username, "admin went back from acting as program manager");
    respond(&state, &admin, &caller.claims.sid, None, None).await
}

#[utoipa::path(post, path = "/api/auth/enterprise_user", tag = "auth", request_body = EnterpriseUserRequest,
    responses((status = 200, body = AuthResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn enterprise_user(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(request): JsonBody<EnterpriseUserRequest>,
) -> ApiResult<Json<AuthResponse>> {
    if !caller.is_enterprise() || caller.user.username != request.username.trim().to_lowercase() {
        return Err(ApiError::Forbidden(
            "Only enterprise users can choose a builder".into(),
        ));
    }
    if request.builder_id != 0 && !caller.scope.allows(request.builder_id) {
        return Err(ApiError::NotFound("No builders were found".into()));
    }
    respond(
        &state,
        &caller.user,
        &caller.claims.sid,
        Some(request.builder_id),
        None,
    )
    .await
}

#[utoipa::path(get, path = "/api/auth/session", tag = "auth",
    responses((status = 200, body = SessionUser), (status = 401, body = ErrorBody)), security(("bearer" = [])))]
pub async fn session(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<SessionUser>> {
    Ok(Json(
        session_user(
            &state,
            &caller.user,
            caller.token.clone(),
            caller.claims.bld,
            caller.claims.imp.clone(),
        )
        .await?,
    ))
}

#[utoipa::path(post, path = "/api/auth/logout", tag = "auth",
    responses((status = 200, body = MessageBody), (status = 401, body = ErrorBody)), security(("bearer" = [])))]
/// Signs out: ends the token's session on the server, so neither this token nor any other of
/// the same sign-in (an admin's, and the program manager's it acts as) works again.
pub async fn logout(State(state): State<AppState>, caller: Caller) -> ApiResult<Json<MessageBody>> {
    db::sessions::end(&state.db, &caller.claims.sid).await?;
    Ok(Json(MessageBody::new("Signed out.")))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ResetRequestQuery {
    pub username: Option<String>,
    pub email: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct TokenCheck {
    pub token: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NewPassword {
    pub token: String,
    #[schema(min_length = 8)]
    pub password: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct RefreshRequest {
    #[serde(rename = "refreshToken")]
    pub refresh_token: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ResetTokens {
    pub token: String,
    #[serde(rename = "refreshToken")]
    pub refresh_token: String,
}

const RESET_TTL_MINUTES: i64 = 60;
const REFRESH_TTL_HOURS: i64 = 24;

/// Issues a reset/refresh pair for a user.
async fn issue_reset_tokens(state: &AppState, user_id: i64) -> ApiResult<ResetTokens> {
    let (token, token_hash) = random_token();
    let (refresh_token, refresh_hash) = random_token();
    let pair = sha256_hex(&format!("{token_hash}{refresh_hash}"));
    let now = db::now();
    db::resets::store(
        &state.db,
        user_id,
        &token_hash,
        db::resets::RESET,
        &pair,
        now + Duration::minutes(RESET_TTL_MINUTES),
    )
    .await?;
    db::resets::store(
        &state.db,
        user_id,
        &refresh_hash,
        db::resets::REFRESH,
        &pair,
        now + Duration::hours(REFRESH_TTL_HOURS),
    )
    .await?;
    Ok(ResetTokens {
        token,
        refresh_token,
    })
}

/// Mails a link that sets a password; used by the forgot-password dialog and the staff form.
pub async fn send_password_link(
    state: &AppState,
    user_id: i64,
    email: &str,
    welcome: bool,
) -> ApiResult<()> {
    let tokens = issue_reset_tokens(state, user_id).await?;
    let link = format!(
        "{}/reset_password?token={}&refreshToken={}",
        state.settings.public_url, tokens.token, tokens.refresh_token
    );
    let (subject, intro) = if welcome {
        (
            "Welcome to Tourdesk",
            "An account was created for you. Choose your password here:",
        )
    } else {
        (
            "Reset your Tourdesk password",
            "Someone asked to reset your password. Choose a new one here:",
        )
    };
    let body = format!(
        "{intro}\n\n{link}\n\nThe link works once and expires in {RESET_TTL_MINUTES} minutes.\n"
    );
    db::messages::queue_mail(&state.db, email, subject, &body, state.hardware.now()).await?;
    Ok(())
}

#[utoipa::path(get, path = "/api/auth/password_reset", tag = "auth", params(ResetRequestQuery),
    responses((status = 200, body = MessageBody), (status = 422, body = ErrorBody)))]
pub async fn request_reset(
    State(state): State<AppState>,
    QueryParams(query): QueryParams<ResetRequestQuery>,
) -> ApiResult<Json<MessageBody>> {
    let username = query.username.unwrap_or_default().trim().to_lowercase();
    let email = query.email.unwrap_or_default().trim().to_string();
    if username.is_empty() || email.is_empty() {
        return Err(ApiError::field(
            if username.is_empty() {
                "username"
            } else {
                "email"
            },
            "Username and email are required",
        ));
    }
    // The answer is the same whether or not the pair exists, so accounts cannot be discovered.
    if let Some(user) = db::users::find_for_sign_in(&state.db, &username).await? {
        if user.email.eq_ignore_ascii_case(&email) {
            send_password_link(&state, user.user_id, &user.email, false).await?;
        } else {
            tracing::info!(%username, "password reset asked with a different email");
        }
    }
    Ok(Json(MessageBody::new("Email sent.")))
}

#[utoipa::path(post, path = "/api/auth/password_reset", tag = "auth", request_body = TokenCheck,
    responses((status = 200, body = MessageBody), (status = 400, description = "Token is not valid or expired.", body = ErrorBody)))]
pub async fn check_reset(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<TokenCheck>,
) -> ApiResult<Json<MessageBody>> {
    match db::resets::holder(&state.db, &sha256_hex(&request.token), db::resets::RESET).await? {
        Some(_) => Ok(Json(MessageBody::new("Token is valid."))),
        None => Err(ApiError::BadRequest(MSG_TOKEN_INVALID.into())),
    }
}

#[utoipa::path(put, path = "/api/auth/password_reset", tag = "auth", request_body = NewPassword,
    responses((status = 200, body = MessageBody), (status = 400, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn reset_password(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<NewPassword>,
) -> ApiResult<Json<MessageBody>> {
    let min = domain::validation::PASSWORD_MIN;
    if request.password.chars().count() < min {
        return Err(ApiError::field(
            "password",
            format!("Password must be at least {min} characters"),
        ));
    }
    let hash = crate::auth::hash_password_blocking(request.password).await?;
    let user_id = db::resets::spend(&state.db, &sha256_hex(&request.token), db::resets::RESET)
        .await?
        .ok_or_else(|| ApiError::BadRequest(MSG_TOKEN_INVALID.into()))?;
    db::users::set_password(&state.db, user_id, &hash).await?;
    Ok(Json(MessageBody::new("Password changed.")))
}

#[utoipa::path(patch, path = "/api/auth/password_reset", tag = "auth", request_body = RefreshRequest,
    responses((status = 200, body = ResetTokens), (status = 400, body = ErrorBody)))]
pub async fn refresh_reset(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<RefreshRequest>,
) -> ApiResult<Json<ResetTokens>> {
    let user_id = db::resets::spend(
        &state.db,
        &sha256_hex(&request.refresh_token),
        db::resets::REFRESH,
    )
    .await?
    .ok_or_else(|| ApiError::BadRequest(MSG_TOKEN_INVALID.into()))?;
    Ok(Json(issue_reset_tokens(&state, user_id).await?))
}
