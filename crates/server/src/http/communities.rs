//! Communities (spec 3: Communities): the list, the info form with hours, staff and codes, and
//! QR records.

use crate::exports::Selection;
use crate::extract::Path;
use crate::http::reference::builder_in_scope;
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use db::communities::{
    Community, CommunityFields, CommunityRow, CommunityStatus, Members, QrCode, COMMUNITIES,
};
use db::list::ListSpec;
use db::Page;
use domain::community::{check_codes, check_community, CommunityForm, MSG_DIGITS_ONLY};
use domain::hours::{check_staff_week, check_tour_week};
use domain::roles::offerable_for_assignment;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::exports::{self, ExportRow, ListParams};
use crate::extract::{JsonBody, QueryParams};
use crate::http::MessageBody;
use crate::state::AppState;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/communities", get(list).delete(delete))
        .route("/communities/statuses", get(statuses))
        .route("/communities/saveCommunity", post(save))
        .route("/communities/QRCode_delete", post(delete_qr_code))
        .route("/communities/export", post(export))
        .route("/communities/exportAll", post(export_all))
        .route("/communities/print", post(print))
        .route("/communities/builder/{id}", get(of_builder))
        .route("/communities/{id}", get(get_community))
        .route("/communities/{id}/QRCode", get(qr_codes))
        .route("/communities/{id}/saveQRCode", post(save_qr_code))
        .route(
            "/communities/{id}/automationCodes",
            axum::routing::patch(automation_codes),
        )
}

impl ExportRow for CommunityRow {
    const LIST: &'static ListSpec = &COMMUNITIES;
    const FILE: &'static str = "communities";
    const TITLE: &'static str = "Communities";
    const HEADERS: &'static [&'static str] = &[
        "Name",
        "City",
        "State/Province",
        "Zip",
        "External Community Id",
        "Created On",
        "Author",
        "Modified On",
        "Builder",
        "Community status",
    ];
    fn cells(&self, cells: &mut exports::Cells) {
        cells
            .text(&self.name)
            .text(&self.city)
            .text(&self.state)
            .text(&self.zip)
            .maybe_text(&self.external_community_id)
            .value(self.created_on.format("%m/%d/%Y"))
            .text(&self.created_by)
            .value(self.modified_on.format("%m/%d/%Y"))
            .text(&self.builder_name)
            .text(&self.status);
    }
}

/// A community as its page loads it, with the address of its public page (none when no public
/// site is configured), which its QR code encodes.
#[derive(Debug, Serialize, ToSchema)]
pub struct CommunityDetail {
    #[serde(flatten)]
    pub community: Community,
    pub public_url: Option<String>,
}

/// The community form: its fields, the community to update (none to create), the builder (for
/// users who choose one), and its staff (usernames) and teams (ids).
#[derive(Debug, Deserialize, ToSchema)]
pub struct CommunityInput {
    #[serde(default)]
    pub id: Option<i64>,
    #[serde(default)]
    pub builder_id: Option<i64>,
    #[serde(flatten)]
    pub fields: CommunityFields,
    /// Digits, as text or a number, or empty for none.
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub lasso_community_project_id: Option<Value>,
    #[serde(default)]
    pub agents: Vec<String>,
    #[serde(default)]
    pub teams: Vec<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SaveCommunity {
    pub community: CommunityInput,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CommunitySaved {
    pub message: String,
    pub id: i64,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct DeleteCommunities {
    pub ids: Vec<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SaveQrCode {
    #[serde(rename = "QRCodeText")]
    pub text: String,
    #[serde(rename = "QRCodeName")]
    pub name: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct DeleteQrCode {
    pub id: i64,
}

/// The community, when it is the caller's; else not found.
pub(crate) async fn community_in_scope(
    state: &AppState,
    caller: &Caller,
    id: i64,
) -> ApiResult<db::communities::Community> {
    db::communities::get(&state.db, &caller.scope, id)
        .await?
        .ok_or_else(ApiError::not_found)
}

#[utoipa::path(get, path = "/api/communities", tag = "communities", params(ListParams),
    responses((status = 200, body = Page<CommunityRow>), (status = 422, body = ErrorBody)), security(("bearer" = [])))]
pub async fn list(
    State(state): State<AppState>,
    caller: Caller,
    QueryParams(params): QueryParams<ListParams>,
) -> ApiResult<Json<Page<CommunityRow>>> {
    caller.require_console()?;
    Ok(Json(
        params
            .page::<CommunityRow>(&COMMUNITIES, &state.db, &caller.scope)
            .await?,
    ))
}

#[utoipa::path(get, path = "/api/communities/statuses", tag = "communities",
    responses((status = 200, body = [CommunityStatus])), security(("bearer" = [])))]
pub async fn statuses(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<Vec<CommunityStatus>>> {
    caller.require_console()?;
    Ok(Json(db::communities::statuses(&state.db).await?))
}

#[utoipa::path(get, path = "/api/communities/builder/{id}", tag = "communities", params(("id" = i64, Path)),
    responses((status = 200, body = [CommunityRow]), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
pub async fn of_builder(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
) -> ApiResult<Json<Vec<CommunityRow>>> {
    caller.require_console()?;
    if !caller.scope.allows(id) {
        return Err(ApiError::not_found());
    }
    Ok(Json(
        db::communities::of_builder(&state.db, &caller.scope, id).await?,
    ))
}

#[utoipa::path(get, path = "/api/communities/{id}", tag = "communities", params(("id" = i64, Path)),
    responses((status = 200, body = CommunityDetail), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
pub async fn get_community(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
) -> ApiResult<Json<CommunityDetail>> {
    caller.require_console()?;
    let community = community_in_scope(&state, &caller, id).await?;
    let builder = builder_in_scope(&state, &caller, community.builder_id).await?;
    Ok(Json(CommunityDetail {
        public_url: state
            .settings
            .public_page(&builder.webflow_name, "community", id),
        community,
    }))
}

/// Every rule of the form, reported together; answers the Lasso project id read.
async fn check(
    state: &AppState,
    caller: &Caller,
    input: &CommunityInput,
    builder_id: Option<i64>,
) -> ApiResult<Option<i64>> {
    let f = &input.fields;
    let project_id = match &input.lasso_community_project_id {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(n)) => n
            .as_i64()
            .filter(|id| *id >= 0)
            .map(Some)
            .ok_or(MSG_DIGITS_ONLY),
        Some(Value::String(text)) => domain::community::project_id(text),
        Some(_) => Err(MSG_DIGITS_ONLY),
    };
    let mut errors = check_community(&CommunityForm {
        name: &f.name,
        state: &f.state,
        city: &f.city,
        zip: &f.zip,
        sales_agent: &f.sales_agent,
        emergency_contacts: &f.emergency_contacts,
        builder_chosen: builder_id.is_some(),
    });
    errors.extend(check_codes(&[
        ("community_backup_code", &f.community_backup_code),
        ("trade_code", &f.trade_code),
        ("sales_code", &f.sales_code),
        ("hub_backup_code", &f.hub_backup_code),
    ]));
    if let Some(days) = &f.tour_hours {
        errors.extend(check_tour_week(days, "communityTourHours"));
    }
    errors.extend(check_staff_week(
        f.staff_hours.as_deref().unwrap_or(&[]),
        f.staff_lock_interval,
        "communityStaffHours",
    ));
    if let Some(status) = f.status_id {
        if !db::communities::status_exists(&state.db, status).await? {
            errors.insert(
                "status_id".into(),
                "Choose one of the community statuses".into(),
            );
        }
    }
    if let (Some(builder), false) = (builder_id, f.emergency_contacts.trim().is_empty()) {
        let point =
            db::users::find_in_scope(&state.db, &caller.scope, &f.emergency_contacts).await?;
        if point.and_then(|u| u.builder_id) != Some(builder) {
            errors.insert(
                "emergency_contacts".into(),
                "Choose the point person from the builder's staff".into(),
            );
        }
    }
    if let Err(message) = project_id {
        errors.insert("lasso_community_project_id".into(), message.into());
    }
    ApiError::check(errors)?;
    Ok(project_id.unwrap_or_default())
}

#[utoipa::path(post, path = "/api/communities/saveCommunity", tag = "communities", request_body = SaveCommunity,
    responses((status = 200, body = CommunitySaved), (status = 201, body = CommunitySaved), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn save(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(request): JsonBody<SaveCommunity>,
) -> ApiResult<(StatusCode, Json<CommunitySaved>)> {
    caller.require_console()?;
    let input = request.community;
    let builder_id = match input.id {
        Some(id) => Some(community_in_scope(&state, &caller, id).await?.builder_id),
        None => caller.target_builder(input.builder_id).ok(),
    };
    if input.id.is_none() && builder_id.is_some() {
        let builder =
            db::builders::get(&state.db, &caller.scope, builder_id.unwrap_or_default()).await?;
        if builder.is_some_and(|b| b.disable_add_property_and_community) {
            return Err(ApiError::Forbidden(
                "Adding communities is turned off for this builder".into(),
            ));
        }
    }
    let fields = CommunityFields {
        lasso_community_project_id: check(&state, &caller, &input, builder_id).await?,
        ..input.fields.clone()
    };
    let builder_id =
        builder_id.ok_or_else(|| ApiError::field("builder_id", "Builder is required field"))?;
    let mut user_ids = Vec::with_capacity(input.agents.len());
    for username in &input.agents {
        let user = db::users::find_in_scope(&state.db, &caller.scope, username)
            .await?
            .filter(|u| u.builder_id == Some(builder_id))
            .ok_or_else(|| {
                ApiError::field("agents", format!("No agent {username} in this builder"))
            })?;
        if !offerable_for_assignment(&db::users::group_ids(&state.db, user.user_id).await?) {
            return Err(ApiError::field(
                "agents",
                format!("{username} cannot be assigned to communities"),
            ));
        }
        user_ids.push(user.user_id);
    }
    let team_ids = db::communities::teams_of_builder(&state.db, builder_id, &input.teams).await?;
    if team_ids.len()
        != input
            .teams
            .iter()
            .collect::<std::collections::BTreeSet<_>>()
            .len()
    {
        return Err(ApiError::field(
            "teams",
            "Choose teams of the community's builder",
        ));
    }
    let members = Members {
        user_ids: &user_ids,
        team_ids: &team_ids,
    };
    let id = db::communities::save(
        &state.db,
        &caller.scope,
        input.id,
        builder_id,
        &fields,
        &members,
        &caller.user.username,
    )
    .await?
    .ok_or_else(ApiError::not_found)?;
    let status = if input.id.is_some() {
        StatusCode::OK
    } else {
        StatusCode::CREATED
    };
    Ok((
        status,
        Json(CommunitySaved {
            message: "Saved!".into(),
            id,
        }),
    ))
}

#[utoipa::path(delete, path = "/api/communities", tag = "communities", request_body = DeleteCommunities,
    responses((status = 200, body = MessageBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn delete(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(request): JsonBody<DeleteCommunities>,
) -> ApiResult<Json<MessageBody>> {
    caller.require_console()?;
    if request.ids.is_empty() {
        return Err(ApiError::field("ids", "Select at least one community"));
    }
    let visible: Vec<i64> = {
        let mut ids = Vec::new();
        for id in &request.ids {
            if db::communities::get(&state.db, &caller.scope, *id)
                .await?
                .is_some()
            {
                ids.push(*id);
            }
        }
        ids
    };
    if db::communities::property_count(&state.db, &visible).await? > 0 {
        return Err(ApiError::field(
            "ids",
            "Remove or move the community's properties first",
        ));
    }
    if db::communities::delete_in_scope(&state.db, &caller.scope, &request.ids).await? == 0 {
        return Err(ApiError::not_found());
    }
    Ok(Json(MessageBody::new("Successfully deleted!")))
}

#[utoipa::path(get, path = "/api/communities/{id}/QRCode", tag = "communities", params(("id" = i64, Path)),
    responses((status = 200, body = [QrCode]), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
pub async fn qr_codes(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
) -> ApiResult<Json<Vec<QrCode>>> {
    caller.require_console()?;
    Ok(Json(
        db::communities::qr_codes(&state.db, &caller.scope, id)
            .await?
            .ok_or_else(ApiError::not_found)?,
    ))
}

#[utoipa::path(post, path = "/api/communities/{id}/saveQRCode", tag = "communities", params(("id" = i64, Path)),
    request_body = SaveQrCode, responses((status = 201, body = QrCode), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
pub async fn save_qr_code(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
    JsonBody(request): JsonBody<SaveQrCode>,
) -> ApiResult<(StatusCode, Json<QrCode>)> {
    caller.require_console()?;
    let (text, name) = (request.text.trim(), request.name.trim());
    if text.is_empty() || text.chars().count() > 2000 {
        return Err(ApiError::field(
            "QRCodeText",
            "The QR text is required (at most 2000 characters)",
        ));
    }
    if name.is_empty() || name.chars().count() > 250 {
        return Err(ApiError::field(
            "QRCodeName",
            "The QR name is required (at most 250 characters)",
        ));
    }
    let qr_id = db::communities::save_qr_code(&state.db, &caller.scope, id, text, name)
        .await?
        .ok_or_else(ApiError::not_found)?;
    Ok((
        StatusCode::CREATED,
        Json(QrCode {
            id: qr_id,
            community_id: id,
            text: text.into(),
            name: name.into(),
        }),
    ))
}

#[utoipa::path(post, path = "/api/communities/QRCode_delete", tag = "communities", request_body = DeleteQrCode,
    responses((status = 200, body = MessageBody), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
pub async fn delete_qr_code(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(request): JsonBody<DeleteQrCode>,
) -> ApiResult<Json<MessageBody>> {
    caller.require_console()?;
    if !db::communities::delete_qr_code(&state.db, &caller.scope, request.id).await? {
        return Err(ApiError::not_found());
    }
    Ok(Json(MessageBody::new("Successfully deleted!")))
}

crate::list_exports!(
    tag = "communities",
    row = CommunityRow,
    selection = Selection,
    keys = exports::int_keys,
    export = "/api/communities/export",
    export_all = "/api/communities/exportAll",
    print = "/api/communities/print"
);

/// The codes of a community's Automations tab. Any other `{product}Code` key is the hub code.
#[derive(Debug, Deserialize, ToSchema)]
pub struct AutomationCodes {
    #[serde(rename = "communityCode", default)]
    pub community_code: String,
    #[serde(rename = "tradeCode", default)]
    pub trade_code: String,
    #[serde(rename = "salesCode", default)]
    pub sales_code: String,
    #[serde(flatten)]
    #[schema(value_type = Object)]
    pub product_codes: std::collections::BTreeMap<String, serde_json::Value>,
}

#[utoipa::path(patch, path = "/api/communities/{id}/automationCodes", tag = "communities", params(("id" = i64, Path)),
    request_body = AutomationCodes,
    responses((status = 200, body = crate::http::hardware::automation::SyncAnswer), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
/// Saves the community's codes and pushes them (Sync Codes Now) to the locks of its homes that
/// have none of their own.
pub async fn automation_codes(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
    JsonBody(codes): JsonBody<AutomationCodes>,
) -> ApiResult<Json<crate::http::hardware::automation::SyncAnswer>> {
    caller.require_console()?;
    let community = community_in_scope(&state, &caller, id).await?;
    let hub = codes
        .product_codes
        .iter()
        .find(|(key, _)| key.ends_with("Code"))
        .and_then(|(_, v)| v.as_str())
        .unwrap_or(&community.fields.hub_backup_code)
        .trim()
        .to_string();
    let (backup, trade, sales) = (
        codes.community_code.trim(),
        codes.trade_code.trim(),
        codes.sales_code.trim(),
    );
    let mut errors = check_codes(&[
        ("communityCode", backup),
        ("trade_code", trade),
        ("salesCode", sales),
        ("hubCode", &hub),
    ]);
    // The trade-code rule goes by the form's field name; the call names it tradeCode.
    if let Some(message) = errors.remove("trade_code") {
        errors.insert("tradeCode".into(), message);
    }
    ApiError::check(errors)?;
    domain::community::check_sync_codes(&[trade, sales, backup])
        .map_err(|m| ApiError::field("codes", m))?;
    let access_codes = db::communities::CommunityCodes {
        backup,
        trade,
        sales,
        hub: &hub,
    };
    db::communities::set_codes(
        &state.db,
        &caller.scope,
        id,
        &access_codes,
        &caller.user.username,
    )
    .await?;
    // Sync Codes Now: every home of the community, with its own codes or these.
    let homes = crate::http::hardware::automation::homes_of_community(&state, &caller, id).await?;
    let mut answer = crate::http::hardware::automation::sync_homes(&state, &caller, &homes).await?;
    answer.message = format!(
        "Codes saved for {}. {}",
        community.fields.name, answer.message
    );
    Ok(Json(answer))
}
