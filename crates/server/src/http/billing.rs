//! Billing (spec 3: Billing page, Invoice page, calls under Billing; issue 21): a builder's
//! invoices and balance, one invoice, its PDF (inline as base64, or by a short-lived link that
//! opens in a new tab), the billing customer, and for platform admins the billing account and
//! the payments and credits they record. docs/billing.md.

use axum::extract::State;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use base64::Engine;
use chrono::{DateTime, Duration, NaiveDate, Utc};
use db::billing::{BillingAccount, Invoice, Recorded};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{JsonBody, Path, QueryParams};
use crate::http::reference::builder_in_scope;
use crate::state::AppState;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/invoices", get(invoices))
        .route("/invoices/fake-pdf", get(invoice_pdf_base64))
        .route("/invoices/{id}", get(invoice))
        .route("/invoices/{id}/payments", post(record_payment))
        .route("/billing/invoice/{id}", get(invoice_link))
        .route("/billing/invoice/{id}/pdf", get(linked_pdf))
        .route("/billing/customer/{id}", get(customer).put(save_customer))
        .route("/billing/customer/invoices/{id}", get(customer_invoices))
}

/// A link to an invoice's PDF lives this long.
const LINK_TTL_MINUTES: i64 = 15;

/// The day the billing page judges due dates by: today in UTC.
fn today(state: &AppState) -> NaiveDate {
    state.hardware.now().date_naive()
}

/// How to pay an overdue invoice, as configured; Pay shows it and records nothing.
#[derive(Debug, Serialize, ToSchema)]
pub struct PaymentInstructions {
    /// Remittance details (bank transfer, check address...), when configured.
    pub remittance: Option<String>,
    /// A payment page, when configured.
    #[serde(rename = "paymentUrl")]
    pub payment_url: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct InvoiceList {
    pub data: Vec<Invoice>,
    pub total: i64,
    /// What the builder owes over all its invoices, in cents (Current Balance).
    pub balance: i64,
    pub pay: PaymentInstructions,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BuilderChoice {
    /// The enterprise builder selection; 0 or none means all builders in scope.
    #[serde(
        rename = "builderId",
        default,
        deserialize_with = "crate::exports::number"
    )]
    pub builder_id: Option<i64>,
}

async fn invoice_list(state: &AppState, scope: &db::Scope) -> ApiResult<InvoiceList> {
    let data = db::billing::list(&state.db, scope, today(state)).await?;
    Ok(InvoiceList {
        total: data.len() as i64,
        balance: db::billing::balance(&state.db, scope).await?,
        data,
        pay: PaymentInstructions {
            remittance: state.settings.billing_remittance.clone(),
            payment_url: state.settings.billing_payment_url.clone(),
        },
    })
}

#[utoipa::path(get, path = "/api/invoices", tag = "billing", params(BuilderChoice),
    responses((status = 200, body = InvoiceList)), security(("bearer" = [])))]
/// The invoices of the caller's builder (or the chosen builder), newest first, with the balance.
pub async fn invoices(
    State(state): State<AppState>,
    caller: Caller,
    QueryParams(choice): QueryParams<BuilderChoice>,
) -> ApiResult<Json<InvoiceList>> {
    caller.require_console()?;
    let scope = caller.scope.narrow(choice.builder_id);
    Ok(Json(invoice_list(&state, &scope).await?))
}

async fn one_invoice(state: &AppState, caller: &Caller, id: i64) -> ApiResult<Invoice> {
    caller.require_console()?;
    db::billing::get(&state.db, &caller.scope, id, today(state))
        .await?
        .ok_or_else(ApiError::not_found)
}

#[utoipa::path(get, path = "/api/invoices/{id}", tag = "billing", params(("id" = i64, Path)),
    responses((status = 200, body = Invoice), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
pub async fn invoice(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
) -> ApiResult<Json<Invoice>> {
    Ok(Json(one_invoice(&state, &caller, id).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct InvoiceChoice {
    /// The invoice.
    pub id: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct InvoicePdf {
    /// The invoice as a PDF, base64.
    pub pdf: String,
    #[serde(rename = "fileName")]
    pub file_name: String,
}

fn pdf_name(invoice: &Invoice) -> String {
    format!("invoice-{}.pdf", invoice.doc_number)
}

#[utoipa::path(get, path = "/api/invoices/fake-pdf", tag = "billing", params(InvoiceChoice),
    responses((status = 200, body = InvoicePdf), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
/// The invoice as a base64 PDF (the spec's name for it).
pub async fn invoice_pdf_base64(
    State(state): State<AppState>,
    caller: Caller,
    QueryParams(choice): QueryParams<InvoiceChoice>,
) -> ApiResult<Json<InvoicePdf>> {
    let invoice = one_invoice(&state, &caller, choice.id).await?;
    let bytes = crate::pdf::invoice(&invoice, state.settings.billing_phone.as_deref());
    Ok(Json(InvoicePdf {
        pdf: base64::engine::general_purpose::STANDARD.encode(bytes),
        file_name: pdf_name(&invoice),
    }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct InvoiceLink {
    /// Opens the invoice's PDF, without signing in, for a quarter of an hour.
    #[serde(rename = "invoiceLink")]
    pub invoice_link: String,
}

/// What an invoice link grants: this invoice, until then.
fn link_grant(id: i64, until: i64) -> String {
    format!("invoice:{id}:{until}")
}

#[utoipa::path(get, path = "/api/billing/invoice/{id}", tag = "billing", params(("id" = i64, Path)),
    responses((status = 200, body = InvoiceLink), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
/// A short-lived link to the invoice's PDF, which the console opens in a new tab.
pub async fn invoice_link(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
) -> ApiResult<Json<InvoiceLink>> {
    one_invoice(&state, &caller, id).await?;
    let until = (state.hardware.now() + Duration::minutes(LINK_TTL_MINUTES)).timestamp();
    let grant = state.tokens.sign(&link_grant(id, until));
    Ok(Json(InvoiceLink {
        invoice_link: format!(
            "{}/api/billing/invoice/{id}/pdf?grant={grant}",
            state.settings.public_url
        ),
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LinkGrant {
    pub grant: String,
}

#[utoipa::path(get, path = "/api/billing/invoice/{id}/pdf", tag = "billing", params(("id" = i64, Path), LinkGrant),
    responses((status = 200, content_type = "application/pdf", body = String), (status = 404, body = ErrorBody)))]
/// The invoice's PDF by its link: the grant must name this invoice and not have run out.
pub async fn linked_pdf(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    QueryParams(link): QueryParams<LinkGrant>,
) -> ApiResult<Response> {
    let granted = state
        .tokens
        .open(&link.grant)
        .and_then(|text| {
            let (invoice, until) = text.strip_prefix("invoice:")?.split_once(':')?;
            Some((invoice.parse::<i64>().ok()?, until.parse::<i64>().ok()?))
        })
        .filter(|(invoice, until)| *invoice == id && *until >= state.hardware.now().timestamp());
    if granted.is_none() {
        return Err(ApiError::NotFound(
            "This invoice link has run out; open the invoice again".into(),
        ));
    }
    let invoice = db::billing::get(&state.db, &db::Scope::All, id, today(&state))
        .await?
        .ok_or_else(ApiError::not_found)?;
    let mut response = (
        StatusCode::OK,
        crate::pdf::invoice(&invoice, state.settings.billing_phone.as_deref()),
    )
        .into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/pdf"),
    );
    if let Ok(value) =
        HeaderValue::from_str(&format!("inline; filename=\"{}\"", pdf_name(&invoice)))
    {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}

/// A builder as billing knows it (spec 3: billing customer): its account, QuickBooks id and
/// balance.
#[derive(Debug, Serialize, ToSchema)]
pub struct BillingCustomer {
    pub id: i64,
    pub name: String,
    /// The builder's id with the accounting provider, kept for when one is connected.
    #[serde(rename = "builderQuickbookId")]
    pub quickbook_id: Option<String>,
    /// Cents owed over all invoices.
    pub balance: i64,
    /// None until a platform admin sets up the builder's billing.
    pub account: Option<BillingAccount>,
}

async fn billing_customer(
    state: &AppState,
    caller: &Caller,
    id: i64,
) -> ApiResult<BillingCustomer> {
    caller.require_console()?;
    let builder = builder_in_scope(state, caller, id).await?;
    Ok(BillingCustomer {
        id,
        name: builder.name,
        quickbook_id: db::builders::quickbook_id(&state.db, id).await?,
        balance: db::billing::balance(&state.db, &db::Scope::builder(id)).await?,
        account: db::billing::account(&state.db, id).await?,
    })
}

#[utoipa::path(get, path = "/api/billing/customer/{id}", tag = "billing", params(("id" = i64, Path, description = "The builder")),
    responses((status = 200, body = BillingCustomer), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
pub async fn customer(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
) -> ApiResult<Json<BillingCustomer>> {
    Ok(Json(billing_customer(&state, &caller, id).await?))
}

/// A billing account as a platform admin saves it, with the builder's QuickBooks id.
#[derive(Debug, Deserialize, ToSchema)]
pub struct AccountBody {
    #[serde(flatten)]
    pub account: domain::billing::AccountFields,
    /// The builder's QuickBooks id, kept for a later provider.
    #[serde(rename = "builderQuickbookId", default)]
    pub quickbook_id: Option<String>,
}

/// Platform admins, signed in as themselves or as a program manager, keep the books.
fn require_billing_admin(caller: &Caller) -> ApiResult<String> {
    match (&caller.claims.imp, caller.is_admin()) {
        (Some(admin), _) => Ok(admin.clone()),
        (None, true) => Ok(caller.user.username.clone()),
        (None, false) => Err(ApiError::Forbidden(
            "Only a platform admin can do this".into(),
        )),
    }
}

#[utoipa::path(put, path = "/api/billing/customer/{id}", tag = "billing", request_body = AccountBody,
    params(("id" = i64, Path, description = "The builder")),
    responses((status = 200, body = BillingCustomer), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
/// Sets up or changes a builder's billing account (platform admins).
pub async fn save_customer(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
    JsonBody(body): JsonBody<AccountBody>,
) -> ApiResult<Json<BillingCustomer>> {
    require_billing_admin(&caller)?;
    builder_in_scope(&state, &caller, id).await?;
    let fields = body.account.trimmed();
    let mut errors = domain::billing::check_account(&fields);
    let quickbook_id = body
        .quickbook_id
        .as_deref()
        .map(str::trim)
        .filter(|q| !q.is_empty());
    if quickbook_id.is_some_and(|q| q.chars().count() > 100) {
        errors.insert(
            "builderQuickbookId".into(),
            "The QuickBooks id is at most 100 characters".into(),
        );
    }
    ApiError::check(errors)?;
    db::billing::save_account(&state.db, id, &fields, state.hardware.now()).await?;
    db::builders::set_quickbook_id(&state.db, id, quickbook_id).await?;
    Ok(Json(billing_customer(&state, &caller, id).await?))
}

#[utoipa::path(get, path = "/api/billing/customer/invoices/{id}", tag = "billing", params(("id" = i64, Path, description = "The builder")),
    responses((status = 200, body = InvoiceList), (status = 404, body = ErrorBody)), security(("bearer" = [])))]
/// The invoices of one builder of the caller's.
pub async fn customer_invoices(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
) -> ApiResult<Json<InvoiceList>> {
    caller.require_console()?;
    if !caller.scope.allows(id) {
        return Err(ApiError::not_found());
    }
    Ok(Json(invoice_list(&state, &db::Scope::builder(id)).await?))
}

/// A payment received or a credit given, in cents.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PaymentBody {
    /// payment or credit.
    pub kind: String,
    /// Cents, at most the balance due.
    pub amount: i64,
    #[serde(default)]
    pub note: String,
}

#[utoipa::path(post, path = "/api/invoices/{id}/payments", tag = "billing", request_body = PaymentBody,
    params(("id" = i64, Path)),
    responses((status = 200, body = Invoice), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)),
    security(("bearer" = [])))]
/// Records a payment received or a credit given against an invoice (platform admins).
pub async fn record_payment(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
    JsonBody(body): JsonBody<PaymentBody>,
) -> ApiResult<Json<Invoice>> {
    let admin = require_billing_admin(&caller)?;
    one_invoice(&state, &caller, id).await?;
    let note = body.note.trim();
    if note.chars().count() > 500 {
        return Err(ApiError::field(
            "note",
            "The note is at most 500 characters",
        ));
    }
    let at: DateTime<Utc> = state.hardware.now();
    match db::billing::record_payment(&state.db, id, &body.kind, body.amount, note, &admin, at)
        .await?
    {
        Recorded::Done => Ok(Json(one_invoice(&state, &caller, id).await?)),
        Recorded::NotFound => Err(ApiError::not_found()),
        Recorded::Refused(errors) => Err(ApiError::Validation(errors)),
    }
}
