//! Reference data and small calls: health, catalog, states, feature flags, builders, feedback.

use crate::extract::Path;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::IntoResponse;
use axum::routing::{get, post, put};
use axum::{Json, Router};
use db::builders::Builder;
use db::catalog::{CatalogItem, State as UsState};
use db::list::Page;
use db::users::AgentRow;
use domain::validation::check_feedback;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::exports::ListParams;
use crate::extract::{JsonBody, QueryParams};
use crate::http::MessageBody;
use crate::state::AppState;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/health", get(health))
        .route("/catalog", get(catalog))
        .route("/states", get(states))
        .route("/feature_flags", get(feature_flags))
        .route("/feature_flags/{name}", put(set_feature_flag))
        .route("/builders", get(builders))
        .route("/builders/{id}", get(builder))
        .route("/builders/{id}/detail", get(builder_detail))
        .route("/builders/{id}/pms", get(builder_pms))
        .route("/builders/enterprise/{username}", get(enterprise_builders))
        .route(
            "/builders/enterprise/id/{id}",
            get(enterprise_builders_by_id),
        )
        .route("/feedback", post(feedback))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    pub status: String,
    pub database: String,
}

#[utoipa::path(get, path = "/api/health", tag = "system",
    responses((status = 200, body = Health), (status = 503, body = Health)))]
pub async fn health(State(state): State<AppState>) -> impl IntoResponse {
    match state.db.ping().await {
        Ok(()) => (
            StatusCode::OK,
            Json(Health {
                status: "ok".into(),
                database: "ok".into(),
            }),
        ),
        Err(error) => {
            tracing::error!(%error, "health check: database unreachable");
            (
                StatusCode::SERVICE_UNAVAILABLE,
                Json(Health {
                    status: "unavailable".into(),
                    database: "unreachable".into(),
                }),
            )
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CatalogQuery {
    pub catalog_type_id: Option<i64>,
}

#[utoipa::path(get, path = "/api/catalog", tag = "reference", params(CatalogQuery),
    responses((status = 200, body = [CatalogItem])))]
pub async fn catalog(
    State(state): State<AppState>,
    QueryParams(query): QueryParams<CatalogQuery>,
) -> ApiResult<Json<Vec<CatalogItem>>> {
    Ok(Json(
        db::catalog::items(&state.db, query.catalog_type_id).await?,
    ))
}

#[utoipa::path(get, path = "/api/states", tag = "reference", responses((status = 200, body = [UsState])))]
pub async fn states(State(state): State<AppState>) -> ApiResult<Json<Vec<UsState>>> {
    Ok(Json(db::catalog::states(&state.db).await?))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct FeatureFlags {
    #[serde(rename = "BILLING_UI")]
    pub billing_ui: bool,
}

#[utoipa::path(get, path = "/api/feature_flags", tag = "reference", responses((status = 200, body = FeatureFlags)))]
pub async fn feature_flags(State(state): State<AppState>) -> ApiResult<Json<FeatureFlags>> {
    let billing_ui = db::flags::get(&state.db, "BILLING_UI")
        .await?
        .unwrap_or(state.settings.billing_ui);
    Ok(Json(FeatureFlags { billing_ui }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct FlagUpdate {
    pub enabled: bool,
}

#[utoipa::path(put, path = "/api/feature_flags/{name}", tag = "reference", request_body = FlagUpdate,
    params(("name" = String, Path, description = "BILLING_UI")),
    responses((status = 200, body = FeatureFlags), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn set_feature_flag(
    State(state): State<AppState>,
    caller: Caller,
    Path(name): Path<String>,
    JsonBody(update): JsonBody<FlagUpdate>,
) -> ApiResult<Json<FeatureFlags>> {
    caller.require_admin()?;
    if !db::flags::KNOWN.contains(&name.as_str()) {
        return Err(ApiError::NotFound(format!("No feature flag {name}")));
    }
    db::flags::set(&state.db, &name, update.enabled).await?;
    feature_flags(State(state)).await
}

#[utoipa::path(get, path = "/api/builders", tag = "builders", params(ListParams),
    responses((status = 200, body = Page<Builder>), (status = 422, body = ErrorBody)), security(("bearer" = [])))]
pub async fn builders(
    State(state): State<AppState>,
    caller: Caller,
    QueryParams(params): QueryParams<ListParams>,
) -> ApiResult<Json<Page<Builder>>> {
    let (query, scope) = params.check(&db::builders::LIST, &caller.scope)?;
    Ok(Json(
        db::builders::LIST.page(&state.db, &scope, &query).await?,
    ))
}

/// The builder, when it is in the caller's scope; else not found.
pub(crate) async fn builder_in_scope(
    state: &AppState,
    caller: &Caller,
    id: i64,
) -> ApiResult<Builder> {
    db::builders::get(&state.db, &caller.scope, id)
        .await?
        .ok_or_else(ApiError::not_found)
}

#[utoipa::path(get, path = "/api/builders/{id}", tag = "builders", params(("id" = i64, Path)),
    responses((status = 200, body = Builder), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
pub async fn builder(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
) -> ApiResult<Json<Builder>> {
    Ok(Json(builder_in_scope(&state, &caller, id).await?))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BuilderDetail {
    pub builder_id: i64,
    pub disable_add_property_and_community: bool,
    pub webflow_name: String,
    pub enable_photo_gallery_edits: bool,
    pub is_rental: bool,
    pub timezone: i64,
}

#[utoipa::path(get, path = "/api/builders/{id}/detail", tag = "builders", params(("id" = i64, Path)),
    responses((status = 200, body = BuilderDetail), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
pub async fn builder_detail(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
) -> ApiResult<impl IntoResponse> {
    let b = builder_in_scope(&state, &caller, id).await?;
    let detail = BuilderDetail {
        builder_id: b.builder_id,
        disable_add_property_and_community: b.disable_add_property_and_community,
        webflow_name: b.webflow_name,
        enable_photo_gallery_edits: b.enable_photo_gallery_edits,
        is_rental: b.is_rental,
        timezone: b.timezone,
    };
    Ok(([(header::CACHE_CONTROL, "no-store")], Json(detail)))
}

#[utoipa::path(get, path = "/api/builders/{id}/pms", tag = "builders", params(("id" = i64, Path)),
    responses((status = 200, body = [AgentRow]), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn builder_pms(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
) -> ApiResult<Json<Vec<AgentRow>>> {
    caller.require_admin()?;
    builder_in_scope(&state, &caller, id).await?;
    Ok(Json(db::users::program_managers(&state.db, id).await?))
}

#[utoipa::path(get, path = "/api/builders/enterprise/{username}", tag = "builders", params(("username" = String, Path)),
    responses((status = 200, body = [Builder]), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
pub async fn enterprise_builders(
    State(state): State<AppState>,
    caller: Caller,
    Path(username): Path<String>,
) -> ApiResult<Json<Vec<Builder>>> {
    let enterprise_id = if username.trim().eq_ignore_ascii_case(&caller.user.username) {
        caller.user.enterprise_id
    } else {
        db::users::find_in_scope(&state.db, &caller.scope, &username)
            .await?
            .and_then(|u| u.enterprise_id)
    };
    let enterprise_id =
        enterprise_id.ok_or_else(|| ApiError::NotFound("No builders were found".into()))?;
    Ok(Json(
        db::builders::of_enterprise(&state.db, &caller.scope, enterprise_id).await?,
    ))
}

#[utoipa::path(get, path = "/api/builders/enterprise/id/{id}", tag = "builders", params(("id" = i64, Path)),
    responses((status = 200, body = [Builder]), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
pub async fn enterprise_builders_by_id(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
) -> ApiResult<Json<Vec<Builder>>> {
    let builders = db::builders::of_enterprise(&state.db, &caller.scope, id).await?;
    if builders.is_empty() {
        return Err(ApiError::NotFound("No builders were found".into()));
    }
    Ok(Json(builders))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct FeedbackRequest {
    #[serde(rename = "feedbackMessage")]
    #[schema(min_length = 1, max_length = 5000)]
    pub feedback_message: String,
    /// The page the feedback is about.
    #[serde(default)]
    pub page: Option<String>,
}

#[utoipa::path(post, path = "/api/feedback", tag = "feedback", request_body = FeedbackRequest,
    responses((status = 201, body = MessageBody), (status = 422, body = ErrorBody)), security(("bearer" = [])))]
pub async fn feedback(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(request): JsonBody<FeedbackRequest>,
) -> ApiResult<(StatusCode, Json<MessageBody>)> {
    ApiError::check(check_feedback(&request.feedback_message))?;
    let page: String = request.page.unwrap_or_default().chars().take(500).collect();
    db::feedback::create(
        &state.db,
        caller.user.user_id,
        caller.builder_id(),
        &page,
        request.feedback_message.trim(),
    )
    .await?;
    Ok((StatusCode::CREATED, Json(MessageBody::new("Success!"))))
}
