//! Staff (agents): the list, the add/edit form, delete, password links (spec 3: Staff).

use crate::extract::Path;
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use db::users::{AgentRow, AgentUpdate, NewUser, Notifications, AGENTS};
use db::Page;
use domain::roles::Role;
use domain::validation::{check_agent, notification_flags, suggested_username, AgentForm};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::{hash_password_blocking, Caller};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::exports::{self, ExportRow, ListParams};
use crate::extract::{JsonBody, QueryParams};
use crate::http::session::send_password_link;
use crate::http::MessageBody;
use crate::state::AppState;
use db::list::ListSpec;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/agents", get(list).post(create).delete(delete))
        .route("/agents/resendEmail", post(resend_email))
        .route("/agents/export", post(export))
        .route("/agents/exportAll", post(export_all))
        .route("/agents/print", post(print))
        .route("/agents/{username}", get(get_agent).patch(update))
        .route(
            "/agents/{username}/sessions",
            axum::routing::delete(end_sessions),
        )
        .route("/available_agents/{id}", get(available))
}

impl ExportRow for AgentRow {
    const LIST: &'static ListSpec = &AGENTS;
    const FILE: &'static str = "agents";
    const TITLE: &'static str = "Staff";
    const HEADERS: &'static [&'static str] = &[
        "Username",
        "First Name",
        "Last Name",
        "User Type",
        "Builder",
        "Email",
        "Phone",
    ];
    fn cells(&self, cells: &mut exports::Cells) {
        cells
            .text(&self.username)
            .text(&self.firstname)
            .text(&self.lastname)
            .text(&self.user_type)
            .maybe_text(&self.builder)
            .text(&self.email)
            .text(&self.phone);
    }
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct RoleRef {
    pub id: i64,
    #[serde(rename = "Label", default, skip_deserializing)]
    pub label: String,
    #[serde(default, skip_deserializing)]
    pub description: String,
}

impl RoleRef {
    fn of(role: Role) -> RoleRef {
        RoleRef {
            id: role.id(),
            label: role.label().into(),
            description: role.description().into(),
        }
    }
}

/// One staff member as the edit form loads it.
#[derive(Debug, Serialize, ToSchema)]
pub struct Agent {
    #[serde(flatten)]
    pub row: AgentRow,
    pub roles: Option<RoleRef>,
    pub send_sms: i64,
    pub send_email: i64,
    pub notification_email: Option<String>,
}

/// The staff form as sent on add and edit (username is ignored on edit).
#[derive(Debug, Deserialize, ToSchema)]
pub struct AgentInput {
    /// Empty on add: made from the names.
    #[serde(default)]
    #[schema(max_length = 250, pattern = "^[A-Za-z0-9._-]*$")]
    pub username: String,
    /// Letters only.
    #[schema(min_length = 1, max_length = 250)]
    pub firstname: String,
    #[schema(min_length = 1, max_length = 250)]
    pub lastname: String,
    #[schema(pattern = "^[0-9]{3}-[0-9]{3}-[0-9]{4}$")]
    pub phone: String,
    #[schema(format = Email)]
    pub email: String,
    /// When given, at least 8 characters and the same as `confirm_password`.
    #[serde(default)]
    #[schema(min_length = 8)]
    pub pass_word: Option<String>,
    #[serde(default)]
    pub confirm_password: Option<String>,
    #[serde(default)]
    pub builder_id: Option<i64>,
    #[serde(default)]
    pub roles: Option<RoleRef>,
    /// 0 or 1.
    #[serde(default)]
    #[schema(minimum = 0, maximum = 1)]
    pub send_sms: i64,
    /// 0 or 1.
    #[serde(default)]
    #[schema(minimum = 0, maximum = 1)]
    pub send_email: i64,
    #[serde(default)]
    #[schema(format = Email)]
    pub notification_email: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AgentCreated {
    pub message: String,
    pub username: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct DeleteAgents {
    #[schema(min_items = 1)]
    pub usernames: Vec<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ResendEmail {
    pub username: String,
    #[serde(default)]
    pub email: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct AgentSelection {
    pub selection: Vec<String>,
}

/// Checks the form and returns the role with the notification flags it allows.
fn checked(input: &AgentInput, username: &str) -> ApiResult<(Role, i64, i64)> {
    let role_id = input.roles.as_ref().map(|r| r.id);
    ApiError::check(check_agent(&AgentForm {
        username,
        firstname: input.firstname.trim(),
        lastname: input.lastname.trim(),
        phone: input.phone.trim(),
        email: input.email.trim(),
        role_id,
        password: input.pass_word.as_deref(),
        confirm_password: input.confirm_password.as_deref(),
        send_sms: input.send_sms,
        send_email: input.send_email,
        notification_email: input.notification_email.as_deref(),
    }))?;
    let role = role_id.and_then(Role::from_id).expect("checked above");
    let (send_sms, send_email) = notification_flags(role, input.send_sms, input.send_email);
    Ok((role, send_sms, send_email))
}

/// The notification address: the one given, else the user's own when e-mail notices are on.
fn notification_email(input: &AgentInput, send_email: i64) -> Option<String> {
    let given = input
        .notification_email
        .as_deref()
        .map(str::trim)
        .filter(|e| !e.is_empty());
    match (given, send_email) {
        (Some(email), _) => Some(email.to_string()),
        (None, 1) => Some(input.email.trim().to_string()),
        (None, _) => None,
    }
}

#[utoipa::path(get, path = "/api/agents", tag = "staff", params(ListParams),
    responses((status = 200, body = Page<AgentRow>), (status = 422, body = ErrorBody)), security(("bearer" = [])))]
pub async fn list(
    State(state): State<AppState>,
    caller: Caller,
    QueryParams(params): QueryParams<ListParams>,
) -> ApiResult<Json<Page<AgentRow>>> {
    caller.require_console()?;
    let mut page = params
        .page::<AgentRow>(&AGENTS, &state.db, &caller.scope)
        .await?;
    db::users::attach_groups(&state.db, &mut page.data).await?;
    Ok(Json(page))
}

#[utoipa::path(post, path = "/api/agents", tag = "staff", request_body = AgentInput,
    responses((status = 201, body = AgentCreated), (status = 403, body = ErrorBody), (status = 409, description = "Username already exists", body = ErrorBody),
        (status = 422, body = ErrorBody)), security(("bearer" = [])))]
pub async fn create(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(input): JsonBody<AgentInput>,
) -> ApiResult<(StatusCode, Json<AgentCreated>)> {
    caller.require_staff_manager()?;
    let username = if input.username.trim().is_empty() {
        suggested_username(&input.firstname, &input.lastname)
    } else {
        input.username.trim().to_lowercase()
    };
    let (role, send_sms, send_email) = checked(&input, &username)?;
    caller.require_may_grant(role)?;
    let builder_id = caller.target_builder(input.builder_id)?;
    if db::users::username_taken(&state.db, &username).await? {
        return Err(ApiError::Conflict {
            message: "Username already exists".into(),
            suggested_username: Some(free_username(&state, &username).await?),
        });
    }
    let password = input.pass_word.clone().filter(|p| !p.is_empty());
    let password_hash = match password {
        Some(p) => Some(hash_password_blocking(p).await?),
        None => None,
    };
    let email = input.email.trim().to_string();
    let user = NewUser {
        username: username.clone(),
        email: email.clone(),
        firstname: input.firstname.trim().to_string(),
        lastname: input.lastname.trim().to_string(),
        phone: input.phone.trim().to_string(),
        password_hash: password_hash.clone(),
        builder_id: Some(builder_id),
        enterprise_id: None,
        role_id: role.id(),
        is_admin: false,
        groups: vec![role.group_id()],
        notifications: Notifications {
            send_sms,
            send_email,
            notification_email: notification_email(&input, send_email),
            ..Default::default()
        },
    };
    let user_id = match db::users::create(&state.db, &user).await {
        Ok(id) => id,
        Err(db::Error::Database(e)) if e.is_unique_violation() => {
            return Err(ApiError::Conflict {
                message: "Username already exists".into(),
                suggested_username: Some(free_username(&state, &username).await?),
            })
        }
        Err(e) => return Err(e.into()),
    };
    if password_hash.is_none() {
        send_password_link(&state, user_id, &email, true).await?;
    }
    Ok((
        StatusCode::CREATED,
        Json(AgentCreated {
            message: "Agent added successfully".into(),
            username,
        }),
    ))
}

/// The first of name2, name3, ... that nobody has.
async fn free_username(state: &AppState, taken: &str) -> ApiResult<String> {
    for n in 2..1000 {
        let candidate = format!("{taken}{n}");
        if !db::users::username_taken(&state.db, &candidate).await? {
            return Ok(candidate);
        }
    }
    Err(ApiError::Internal("no free username".into()))
}

#[utoipa::path(get, path = "/api/agents/{username}", tag = "staff", params(("username" = String, Path)),
    responses((status = 200, body = Agent), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
pub async fn get_agent(
    State(state): State<AppState>,
    caller: Caller,
    Path(username): Path<String>,
) -> ApiResult<Json<Agent>> {
    caller.require_console()?;
    let user = db::users::find_in_scope(&state.db, &caller.scope, &username)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let mut rows = AGENTS
        .selected::<AgentRow>(
            &state.db,
            &caller.scope,
            &exports::text_keys(std::slice::from_ref(&user.username)),
        )
        .await?;
    db::users::attach_groups(&state.db, &mut rows).await?;
    let row = rows.pop().ok_or_else(ApiError::not_found)?;
    Ok(Json(Agent {
        row,
        roles: Role::from_id(user.role_id).map(RoleRef::of),
        send_sms: user.notifications.send_sms,
        send_email: user.notifications.send_email,
        notification_email: user.notifications.notification_email,
    }))
}

#[utoipa::path(patch, path = "/api/agents/{username}", tag = "staff", params(("username" = String, Path)), request_body = AgentInput,
    responses((status = 200, body = MessageBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn update(
    State(state): State<AppState>,
    caller: Caller,
    Path(username): Path<String>,
    JsonBody(input): JsonBody<AgentInput>,
) -> ApiResult<Json<MessageBody>> {
    let is_self = username.trim().eq_ignore_ascii_case(&caller.user.username);
    if !is_self {
        caller.require_staff_manager()?;
    }
    let user = db::users::find_in_scope(&state.db, &caller.scope, &username)
        .await?
        .ok_or_else(ApiError::not_found)?;
    if !is_self {
        caller.require_may_manage(&user)?;
    }
    let (role, send_sms, send_email) = checked(&input, &user.username)?;
    if role.id() != user.role_id {
        if is_self && !caller.is_pm() {
            return Err(ApiError::field("roles", "You cannot change your own role"));
        }
        caller.require_may_grant(role)?;
    }
    let password_hash = match input.pass_word.clone().filter(|p| !p.is_empty()) {
        Some(p) => Some(hash_password_blocking(p).await?),
        None => None,
    };
    let update = AgentUpdate {
        email: input.email.trim().to_string(),
        firstname: input.firstname.trim().to_string(),
        lastname: input.lastname.trim().to_string(),
        phone: input.phone.trim().to_string(),
        role_id: role.id(),
        groups: vec![role.group_id()],
        send_email,
        send_sms,
        notification_email: notification_email(&input, send_email),
        password_hash,
    };
    db::users::update_agent(&state.db, user.user_id, &update).await?;
    Ok(Json(MessageBody::new("Updated successfully")))
}

#[utoipa::path(delete, path = "/api/agents", tag = "staff", request_body = DeleteAgents,
    responses((status = 200, body = MessageBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn delete(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(request): JsonBody<DeleteAgents>,
) -> ApiResult<Json<MessageBody>> {
    caller.require_staff_manager()?;
    if request.usernames.is_empty() {
        return Err(ApiError::field("usernames", "Select at least one agent"));
    }
    if request
        .usernames
        .iter()
        .any(|u| u.trim().eq_ignore_ascii_case(&caller.user.username))
    {
        return Err(ApiError::field("usernames", "You cannot remove yourself"));
    }
    for username in &request.usernames {
        if let Some(user) = db::users::find_in_scope(&state.db, &caller.scope, username).await? {
            caller.require_may_manage(&user)?;
        }
    }
    let deleted = db::users::delete_in_scope(&state.db, &caller.scope, &request.usernames).await?;
    if deleted == 0 {
        return Err(ApiError::not_found());
    }
    Ok(Json(MessageBody::new("Successfully deleted")))
}

#[utoipa::path(post, path = "/api/agents/resendEmail", tag = "staff", request_body = ResendEmail,
    responses((status = 200, body = MessageBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
pub async fn resend_email(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(request): JsonBody<ResendEmail>,
) -> ApiResult<Json<MessageBody>> {
    caller.require_staff_manager()?;
    let user = db::users::find_in_scope(&state.db, &caller.scope, &request.username)
        .await?
        .ok_or_else(ApiError::not_found)?;
    caller.require_may_manage(&user)?;
    send_password_link(&state, user.user_id, &user.email, false).await?;
    Ok(Json(MessageBody::new("Success resend email!")))
}

#[utoipa::path(delete, path = "/api/agents/{username}/sessions", tag = "staff", params(("username" = String, Path)),
    responses((status = 200, body = MessageBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)),
    security(("bearer" = [])))]
/// Signs a staff member out everywhere: every session of theirs ends at once.
pub async fn end_sessions(
    State(state): State<AppState>,
    caller: Caller,
    Path(username): Path<String>,
) -> ApiResult<Json<MessageBody>> {
    caller.require_staff_manager()?;
    let user = db::users::find_in_scope(&state.db, &caller.scope, &username)
        .await?
        .ok_or_else(ApiError::not_found)?;
    caller.require_may_manage(&user)?;
    db::sessions::end_all_of(&state.db, user.user_id).await?;
    Ok(Json(MessageBody::new("Sessions ended")))
}

#[utoipa::path(get, path = "/api/available_agents/{id}", tag = "staff", params(("id" = i64, Path, description = "builder id")),
    responses((status = 200, body = [AgentRow]), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
pub async fn available(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
) -> ApiResult<Json<Vec<AgentRow>>> {
    if !caller.scope.allows(id) {
        return Err(ApiError::not_found());
    }
    Ok(Json(
        db::users::available_agents(&state.db, &caller.scope, id).await?,
    ))
}

crate::list_exports!(
    tag = "staff",
    row = AgentRow,
    selection = AgentSelection,
    keys = exports::text_keys,
    export = "/api/agents/export",
    export_all = "/api/agents/exportAll",
    print = "/api/agents/print"
);
