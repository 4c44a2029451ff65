//! Pre-tour and post-tour survey questions (spec 3: Surveys).

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use domain::surveys::{check_questions, Question, Survey};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{JsonBody, QueryParams};
use crate::http::settings::{settings_builder, BuilderChoice};
use crate::state::AppState;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/survey/questions", get(pre_tour).post(save_pre_tour))
        .route(
            "/survey/postTour/questions",
            get(post_tour).post(save_post_tour),
        )
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct QuestionsInput {
    #[serde(default)]
    pub builder_id: Option<i64>,
    pub questions: Vec<Question>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct QuestionsSaved {
    pub message: String,
    pub questions: Vec<Question>,
}

async fn load(
    state: &AppState,
    caller: &Caller,
    builder: Option<i64>,
    survey: Survey,
) -> ApiResult<Json<Vec<Question>>> {
    caller.require_console()?;
    let builder_id = caller
        .target_builder(builder)
        .map_err(|_| ApiError::not_found())?;
    let list = db::surveys::questions(&state.db, &caller.scope, builder_id, survey)
        .await?
        .ok_or_else(ApiError::not_found)?;
    Ok(Json(list))
}

async fn store(
    state: &AppState,
    caller: &Caller,
    mut input: QuestionsInput,
    survey: Survey,
) -> ApiResult<Json<QuestionsSaved>> {
    let builder_id = settings_builder(caller, input.builder_id)?;
    ApiError::check(check_questions(survey, &mut input.questions))?;
    let current = db::surveys::questions(&state.db, &caller.scope, builder_id, survey)
        .await?
        .ok_or_else(ApiError::not_found)?;
    // The first pre-tour question is fixed: it can be neither edited nor deleted.
    if let (Survey::PreTour, Some(first)) = (survey, current.first()) {
        if input.questions.first() != Some(first) {
            return Err(ApiError::field(
                "questions.0",
                "The first question can be neither edited nor deleted",
            ));
        }
    }
    let known: Vec<i64> = current.iter().filter_map(|q| q.question_id).collect();
    if let Some(stranger) = input
        .questions
        .iter()
        .filter_map(|q| q.question_id)
        .find(|id| !known.contains(id))
    {
        return Err(ApiError::field(
            "questions",
            format!("No question {stranger} in this survey"),
        ));
    }
    db::surveys::replace(
        &state.db,
        &caller.scope,
        builder_id,
        survey,
        &input.questions,
    )
    .await?;
    let questions = db::surveys::questions(&state.db, &caller.scope, builder_id, survey)
        .await?
        .unwrap_or_default();
    Ok(Json(QuestionsSaved {
        message: survey.saved_message().into(),
        questions,
    }))
}

#[utoipa::path(get, path = "/api/survey/questions", tag = "surveys", params(BuilderChoice),
    responses((status = 200, body = [Question]), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
pub async fn pre_tour(
    State(state): State<AppState>,
    caller: Caller,
    QueryParams(c): QueryParams<BuilderChoice>,
) -> ApiResult<Json<Vec<Question>>> {
    load(&state, &caller, c.builder_id, Survey::PreTour).await
}

#[utoipa::path(post, path = "/api/survey/questions", tag = "surveys", request_body = QuestionsInput,
    responses((status = 200, body = QuestionsSaved), (status = 422, body = ErrorBody)), security(("bearer" = [])))]
pub async fn save_pre_tour(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(input): JsonBody<QuestionsInput>,
) -> ApiResult<Json<QuestionsSaved>> {
    store(&state, &caller, input, Survey::PreTour).await
}

#[utoipa::path(get, path = "/api/survey/postTour/questions", tag = "surveys", params(BuilderChoice),
    responses((status = 200, body = [Question]), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
pub async fn post_tour(
    State(state): State<AppState>,
    caller: Caller,
    QueryParams(c): QueryParams<BuilderChoice>,
) -> ApiResult<Json<Vec<Question>>> {
    load(&state, &caller, c.builder_id, Survey::PostTour).await
}

#[utoipa::path(post, path = "/api/survey/postTour/questions", tag = "surveys", request_body = QuestionsInput,
    responses((status = 200, body = QuestionsSaved), (status = 422, body = ErrorBody)), security(("bearer" = [])))]
pub async fn save_post_tour(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(input): JsonBody<QuestionsInput>,
) -> ApiResult<Json<QuestionsSaved>> {
    store(&state, &caller, input, Survey::PostTour).await
}
