//! Teams: the list, add/edit, members added and removed one at a time (spec 3: Teams).

use crate::exports::Selection;
use crate::extract::Path;
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use db::teams::{Team, TeamRow, TEAMS};
use db::users::UserRecord;
use db::Page;
use domain::roles::offerable_for_assignment;
use domain::validation::check_team;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::exports::{self, ExportRow, ListParams};
use crate::extract::{JsonBody, QueryParams};
use crate::http::{Created, MessageBody};
use crate::state::AppState;
use db::list::ListSpec;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/teams", get(list).delete(delete))
        .route("/teams/add", post(create))
        .route("/teams/export", post(export))
        .route("/teams/exportAll", post(export_all))
        .route("/teams/print", post(print))
        .route("/teams/builder/{id}", get(of_builder))
        .route("/teams/{id}", get(get_team).post(update))
        .route("/teams/{id}/agent", post(add_agent).delete(remove_agent))
}

impl ExportRow for TeamRow {
    const LIST: &'static ListSpec = &TEAMS;
    const FILE: &'static str = "teams";
    const TITLE: &'static str = "Teams";
    const HEADERS: &'static [&'static str] = &[
        "Team Name",
        "Description",
        "Total Members",
        "Created On",
        "Builder",
    ];
    fn cells(&self, cells: &mut exports::Cells) {
        cells
            .text(&self.name)
            .text(&self.description)
            .value(self.total_members)
            .value(self.created_on.format("%m/%d/%Y"))
            .text(&self.builder_name);
    }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct TeamInput {
    #[schema(min_length = 1, max_length = 250)]
    pub name: String,
    /// Required.
    #[serde(default)]
    #[schema(min_length = 1)]
    pub description: String,
    #[serde(default)]
    pub builder_id: Option<i64>,
    /// Usernames of the members (required on add).
    #[serde(default)]
    #[schema(min_items = 1)]
    pub agents: Option<Vec<String>>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct DeleteTeams {
    pub ids: Vec<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct TeamAgentRequest {
    /// The agent's username.
    pub agent: String,
}

/// A staff member of `builder_id` who may be on teams; anyone else is a field error.
async fn member(
    state: &AppState,
    caller: &Caller,
    builder_id: i64,
    username: &str,
) -> ApiResult<UserRecord> {
    let user = db::users::find_in_scope(&state.db, &caller.scope, username)
        .await?
        .filter(|u| u.builder_id == Some(builder_id))
        .ok_or_else(|| ApiError::field("agents", format!("No agent {username} in this builder")))?;
    if !offerable_for_assignment(&db::users::group_ids(&state.db, user.user_id).await?) {
        return Err(ApiError::field(
            "agents",
            format!("{username} cannot be on a team"),
        ));
    }
    Ok(user)
}

async fn team_in_scope(state: &AppState, caller: &Caller, id: i64) -> ApiResult<Team> {
    db::teams::get(&state.db, &caller.scope, id)
        .await?
        .ok_or_else(ApiError::not_found)
}

#[utoipa::path(get, path = "/api/teams", tag = "teams", params(ListParams),
    responses((status = 200, body = Page<TeamRow>), (status = 422, body = ErrorBody)), security(("bearer" = [])))]
pub async fn list(
    State(state): State<AppState>,
    caller: Caller,
    QueryParams(params): QueryParams<ListParams>,
) -> ApiResult<Json<Page<TeamRow>>> {
    caller.require_console()?;
    Ok(Json(
        params
            .page::<TeamRow>(&TEAMS, &state.db, &caller.scope)
            .await?,
    ))
}

#[utoipa::path(get, path = "/api/teams/builder/{id}", tag = "teams", params(("id" = i64, Path)),
    responses((status = 200, body = [Team]), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
pub async fn of_builder(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
) -> ApiResult<Json<Vec<Team>>> {
    if !caller.scope.allows(id) {
        return Err(ApiError::not_found());
    }
    Ok(Json(
        db::teams::of_builder(&state.db, &caller.scope, id).await?,
    ))
}

#[utoipa::path(get, path = "/api/teams/{id}", tag = "teams", params(("id" = i64, Path)),
    responses((status = 200, body = Team), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
pub async fn get_team(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
) -> ApiResult<Json<Team>> {
    Ok(Json(team_in_scope(&state, &caller, id).await?))
}

#[utoipa::path(post, path = "/api/teams/add", tag = "teams", request_body = TeamInput,
    responses((status = 201, body = Created), (status = 422, body = ErrorBody)), security(("bearer" = [])))]
pub async fn create(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(input): JsonBody<TeamInput>,
) -> ApiResult<(StatusCode, Json<Created>)> {
    caller.require_console()?;
    let agents = input.agents.clone().unwrap_or_default();
    ApiError::check(check_team(
        &input.name,
        &input.description,
        Some(agents.len()),
    ))?;
    let builder_id = caller.target_builder(input.builder_id)?;
    let mut member_ids = Vec::with_capacity(agents.len());
    for username in &agents {
        member_ids.push(member(&state, &caller, builder_id, username).await?.user_id);
    }
    let id = db::teams::create(
        &state.db,
        builder_id,
        input.name.trim(),
        input.description.trim(),
        &member_ids,
    )
    .await?;
    Ok(Created::answer("Success!", id))
}

#[utoipa::path(post, path = "/api/teams/{id}", tag = "teams", params(("id" = i64, Path)), request_body = TeamInput,
    responses((status = 200, body = MessageBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn update(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
    JsonBody(input): JsonBody<TeamInput>,
) -> ApiResult<Json<MessageBody>> {
    caller.require_console()?;
    team_in_scope(&state, &caller, id).await?;
    ApiError::check(check_team(&input.name, &input.description, None))?;
    if !db::teams::update(
        &state.db,
        &caller.scope,
        id,
        input.name.trim(),
        input.description.trim(),
    )
    .await?
    {
        return Err(ApiError::not_found());
    }
    Ok(Json(MessageBody::new("Updated successfully")))
}

#[utoipa::path(delete, path = "/api/teams", tag = "teams", request_body = DeleteTeams,
    responses((status = 200, body = MessageBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn delete(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(request): JsonBody<DeleteTeams>,
) -> ApiResult<Json<MessageBody>> {
    caller.require_console()?;
    let delete = db::teams::delete_in_scope(&state.db, &caller.scope, &request.ids);
    crate::http::delete_selected("ids", "team", &request.ids, delete).await
}

#[utoipa::path(post, path = "/api/teams/{id}/agent", tag = "teams", params(("id" = i64, Path)), request_body = TeamAgentRequest,
    responses((status = 200, body = MessageBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn add_agent(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
    JsonBody(request): JsonBody<TeamAgentRequest>,
) -> ApiResult<Json<MessageBody>> {
    caller.require_console()?;
    let team = team_in_scope(&state, &caller, id).await?;
    let user = member(&state, &caller, team.team.builder_id, &request.agent).await?;
    db::teams::add_member(&state.db, id, user.user_id).await?;
    Ok(Json(MessageBody::new("Agent added..")))
}

#[utoipa::path(delete, path = "/api/teams/{id}/agent", tag = "teams", params(("id" = i64, Path)), request_body = TeamAgentRequest,
    responses((status = 200, body = MessageBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn remove_agent(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
    JsonBody(request): JsonBody<TeamAgentRequest>,
) -> ApiResult<Json<MessageBody>> {
    caller.require_console()?;
    let team = team_in_scope(&state, &caller, id).await?;
    let user = db::users::find_in_scope(&state.db, &caller.scope, &request.agent)
        .await?
        .ok_or_else(ApiError::not_found)?;
    if team.agents.len() <= 1 && team.agents.iter().any(|a| a.user_id == user.user_id) {
        return Err(ApiError::field("agents", "required"));
    }
    if !db::teams::remove_member(&state.db, id, user.user_id).await? {
        return Err(ApiError::not_found());
    }
    Ok(Json(MessageBody::new("Agent removed.")))
}

crate::list_exports!(
    tag = "teams",
    row = TeamRow,
    selection = Selection,
    keys = exports::int_keys,
    export = "/api/teams/export",
    export_all = "/api/teams/exportAll",
    print = "/api/teams/print"
);
