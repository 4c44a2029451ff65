//! The HTTP API: one router per area, the OpenAPI document generated from the handlers, and the
//! docs page that shows it.

use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse};
use axum::routing::get;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi, ToSchema};

use crate::state::AppState;

pub mod after_tour;
pub mod after_tour_hours;
pub mod agents;
pub mod billing;
pub mod communities;
pub mod customers;
pub mod hardware;
pub mod insights;
pub mod integrations;
pub mod messages;
pub mod oauth;
pub mod offers;
pub mod profile;
pub mod properties;
pub mod reference;
pub mod reports;
pub mod scheduled_visits;
pub mod session;
pub mod settings;
pub mod share;
pub mod sim;
pub mod stats;
pub mod surveys;
pub mod teams;
pub mod tour;
pub mod training;
pub mod visits;
pub mod webhooks;

/// A plain answer with a message to show.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct MessageBody {
    pub message: String,
}

impl MessageBody {
    pub fn new(message: impl Into<String>) -> MessageBody {
        MessageBody {
            message: message.into(),
        }
    }
}

/// The answer to an add that made a record with a numeric id: 201, a message to show and the id.
#[derive(Debug, Serialize, ToSchema)]
pub struct Created {
    pub message: String,
    pub id: i64,
}

impl Created {
    pub fn answer(message: impl Into<String>, id: i64) -> (StatusCode, Json<Created>) {
        (
            StatusCode::CREATED,
            Json(Created {
                message: message.into(),
                id,
            }),
        )
    }
}

/// Deletes a list's selected rows within the caller's scope (`delete`, run only for a selection):
/// an empty selection is an error of `field` naming `what` is deleted, and a selection of which
/// none is the caller's to delete is not found.
pub async fn delete_selected(
    field: &str,
    what: &str,
    selected: &[impl Sized],
    delete: impl std::future::Future<Output = db::Result<u64>>,
) -> crate::error::ApiResult<Json<MessageBody>> {
    if selected.is_empty() {
        return Err(crate::error::ApiError::field(
            field,
            format!("Select at least one {what}"),
        ));
    }
    if delete.await? == 0 {
        return Err(crate::error::ApiError::not_found());
    }
    Ok(Json(MessageBody::new("Successfully deleted")))
}

pub fn routes() -> Router<AppState> {
    Router::new()
        .merge(session::routes())
        .merge(profile::routes())
        .merge(reference::routes())
        .merge(agents::routes())
        .merge(teams::routes())
        .merge(communities::routes())
        .merge(customers::routes())
        .merge(share::routes())
        .merge(tour::routes())
        .merge(after_tour::routes())
        .merge(visits::routes())
        .merge(reports::routes())
        .merge(billing::routes())
        .merge(insights::routes())
        .merge(scheduled_visits::routes())
        .merge(offers::routes())
        .merge(after_tour_hours::routes())
        .merge(settings::routes())
        .merge(surveys::routes())
        .merge(training::routes())
        .merge(properties::routes())
        .merge(stats::routes())
        .merge(sim::routes())
        .merge(hardware::routes())
        .merge(messages::routes())
        .merge(webhooks::routes())
        .merge(integrations::routes())
        .merge(oauth::routes())
        .route("/files/{key}", get(crate::files::serve))
        .route("/openapi.json", get(openapi_json))
        .route("/docs", get(docs_page))
}

/// The public API: the calls an API key's access token may make (docs/api.md). Every other
/// call answers such a token 403.
pub const PUBLIC_CALLS: &[(&str, &str)] = &[
    ("GET", "/api/properties"),
    ("GET", "/api/properties/{id}"),
    ("GET", "/api/communities"),
    ("GET", "/api/communities/{id}"),
    ("GET", "/api/customers"),
    ("GET", "/api/customers/{id}"),
    ("GET", "/api/visits"),
    ("GET", "/api/schedule_visit"),
    ("GET", "/api/schedule_visit/{id}"),
    ("POST", "/api/schedule_visit"),
    ("GET", "/api/webhooks"),
    ("DELETE", "/api/webhooks"),
    ("POST", "/api/webhooks/add"),
    ("GET", "/api/webhooks/secret"),
    ("GET", "/api/webhooks/{id}"),
    ("POST", "/api/webhooks/{id}"),
    ("GET", "/api/webhooks/{id}/deliveries"),
    ("POST", "/api/webhooks/{id}/test"),
    ("POST", "/api/webhooks/{id}/deliveries/{delivery}/replay"),
];

/// Whether a call (its method and route) is part of the public API.
pub fn is_public_call((method, route): (&str, &str)) -> bool {
    PUBLIC_CALLS.contains(&(method, route))
}

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::security::{ClientCredentials, Flow, OAuth2, Scopes};
        // The public API's calls also take an API key's token (the client-credentials grant).
        for (path, item) in openapi.paths.paths.iter_mut() {
            for (method, operation) in [
                ("GET", item.get.as_mut()),
                ("POST", item.post.as_mut()),
                ("DELETE", item.delete.as_mut()),
            ] {
                if let Some(operation) = operation.filter(|_| is_public_call((method, path))) {
                    operation.security.get_or_insert_with(Vec::new).push(
                        utoipa::openapi::security::SecurityRequirement::new(
                            "oauth2",
                            Vec::<String>::new(),
                        ),
                    );
                }
            }
        }
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "oauth2",
            SecurityScheme::OAuth2(OAuth2::with_description(
                [Flow::ClientCredentials(ClientCredentials::new(
                    "/api/oauth/token",
                    Scopes::new(),
                ))],
                "An API key (Account › API Keys): its client id and secret for a bearer token",
            )),
        );
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        );
        // A visitor's session from the tour pages: it opens the visitor's calls only.
        components.add_security_scheme(
            "visitor",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        );
    }
}

/// The error answers every call can give by its shape, added where a handler's own list leaves
/// them out, so the document names every status the server sends: a body that is no JSON (400)
/// or too large (413); a parameter or body value of the wrong shape (422); and for calls that
/// need a sign-in, none or an ended one (401), a role that may not (403) and what is out of the
/// caller's reach (404).
struct ErrorResponses;

impl Modify for ErrorResponses {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::path::ParameterIn;
        use utoipa::openapi::{ContentBuilder, Ref, ResponseBuilder};
        let error = |description: &str| {
            ResponseBuilder::new()
                .description(description)
                .content(
                    "application/json",
                    ContentBuilder::new()
                        .schema(Some(Ref::from_schema_name("ErrorBody")))
                        .build(),
                )
                .build()
        };
        for item in openapi.paths.paths.values_mut() {
            let operations = [
                &mut item.get,
                &mut item.put,
                &mut item.post,
                &mut item.delete,
                &mut item.patch,
            ];
            for operation in operations.into_iter().flatten() {
                let parameters = operation.parameters.as_deref().unwrap_or_default();
                let has_path = parameters
                    .iter()
                    .any(|p| matches!(p.parameter_in, ParameterIn::Path));
                let has_body = operation.request_body.is_some();
                let signed_in = operation.security.as_ref().is_some_and(|s| !s.is_empty());
                let mut add = |status: &str, description: &str| {
                    operation
                        .responses
                        .responses
                        .entry(status.to_string())
                        .or_insert_with(|| error(description).into());
                };
                if has_body {
                    add(
                        "400",
                        "The body is not JSON (or not the form) the call takes",
                    );
                    add("413", "The body is too large");
                }
                if has_body || !parameters.is_empty() {
                    add(
                        "422",
                        "A value is missing or of the wrong shape: `errors` names it",
                    );
                }
                if signed_in {
                    add(
                        "401",
                        "No token, or one that expired or whose session ended",
                    );
                    add("403", "The caller's role may not do this");
                    add("404", "Not found, or not the caller's to see");
                } else if has_path {
                    add("404", "Not found");
                }
            }
        }
    }
}

#[derive(OpenApi)]
#[openapi(
    info(title = "Tourdesk API", description = "The staff console's API. Errors are `{message}`; validation failures are 422 with `errors`."),
    modifiers(&BearerAuth, &ErrorResponses),
    paths(
        session::sign_in, session::admin_as_pm, session::admin_return, session::enterprise_user, session::session, session::logout,
        session::request_reset, session::check_reset, session::reset_password, session::refresh_reset,
        profile::get_profile, profile::update_profile,
        reference::health, reference::catalog, reference::states, reference::feature_flags, reference::set_feature_flag,
        reference::builders, reference::builder, reference::builder_detail, reference::builder_pms,
        reference::enterprise_builders, reference::enterprise_builders_by_id, reference::feedback,
        agents::list, agents::create, agents::get_agent, agents::update, agents::delete, agents::resend_email,
        agents::available, agents::end_sessions, agents::export, agents::export_all, agents::print,
        teams::list, teams::of_builder, teams::get_team, teams::create, teams::update, teams::delete,
        teams::add_agent, teams::remove_agent, teams::export, teams::export_all, teams::print,
        webhooks::list, webhooks::secret, webhooks::get_webhook, webhooks::create, webhooks::update, webhooks::delete,
        webhooks::deliveries, webhooks::send_test, webhooks::replay,
        integrations::list, integrations::active, integrations::get_one, integrations::set_one, integrations::set_several,
        integrations::request, integrations::requests, integrations::feed_settings, integrations::save_feed_settings,
        integrations::sync_feed,
        oauth::list_clients, oauth::create_client, oauth::remove_client, oauth::token,
        customers::list, customers::detail, customers::selfie, customers::update, customers::export, customers::export_all, customers::print,
        communities::list, communities::statuses, communities::of_builder, communities::get_community,
        communities::save, communities::delete, communities::qr_codes, communities::save_qr_code,
        communities::delete_qr_code, communities::automation_codes, communities::export, communities::export_all, communities::print,
        settings::get_settings, settings::save_settings, settings::save_disclosures, settings::save_messaging, settings::messaging_preview, settings::get_timezone,
        settings::save_timezone, surveys::pre_tour, surveys::save_pre_tour, surveys::post_tour, surveys::save_post_tour, training::training,
        properties::list, properties::create, properties::update, properties::get_property, properties::retire,
        properties::by_community, properties::by_status, properties::by_builders, properties::save_integration,
        properties::set_agent, properties::remove_agent,
        properties::coordinates,
        hardware::activity_logs, hardware::export_activity_logs,
        hardware::inventory::hubs, hardware::inventory::locks, hardware::inventory::new_device,
        hardware::inventory::lock_communities, hardware::inventory::export_locks, hardware::inventory::lock_details,
        hardware::inventory::smart_locks, hardware::inventory::smart_lock_communities, hardware::inventory::wifi_thermostats,
        hardware::hubs::info, hardware::hubs::hub_devices, hardware::hubs::refresh_device, hardware::hubs::reboot,
        hardware::hubs::lock_status, hardware::hubs::auto_lock, hardware::hubs::user_codes,
        hardware::hubs::create_master_code, hardware::hubs::update_master_code, hardware::hubs::delete_code,
        hardware::hubs::scheduled_codes, hardware::hubs::delete_scheduled_code, hardware::hubs::lock_logs,
        hardware::hubs::light, hardware::hubs::thermostat,
        hardware::smart_locks::details, hardware::smart_locks::put_code, hardware::smart_locks::delete_code,
        hardware::smart_locks::scheduled_codes, hardware::smart_locks::delete_scheduled_code,
        hardware::smart_locks::lock_status, hardware::smart_locks::lock_logs,
        hardware::thermostats::details, hardware::thermostats::set_points,
        hardware::alarm::account, hardware::alarm::list, hardware::alarm::create, hardware::alarm::export_all,
        hardware::alarm::activate, hardware::automation::sync_property, hardware::automation::sync_smart_lock_property,
        hardware::providers::connect, hardware::providers::provider_of, hardware::providers::disconnect,
        hardware::providers::sync_devices, hardware::providers::install,
        sim::add_device, sim::device_status, sim::keypad, sim::lock_button, sim::set_faults, sim::set_battery,
        stats::all_visits, stats::contractors_visits, stats::all_properties, stats::sold_properties, stats::weekly_visits,
        stats::monthly_visits, stats::yearly_visits, visits::list, visits::export, visits::export_all, visits::print,
        after_tour_hours::list, after_tour_hours::export, after_tour_hours::export_all, after_tour_hours::print,
        reports::property_tours::list, reports::property_tours::export, reports::property_tours::export_all, reports::property_tours::print,
        reports::visit_report::list, reports::visit_report::export, reports::visit_report::export_all, reports::visit_report::print,
        insights::insights, insights::profit_center,
        billing::invoices, billing::invoice, billing::invoice_pdf_base64, billing::invoice_link, billing::linked_pdf,
        billing::customer, billing::save_customer, billing::customer_invoices, billing::record_payment,
        reports::market_report::list, reports::market_report::export, reports::market_report::export_all, reports::market_report::print,
        messages::outbox, messages::inbound, share::share, tour::home, tour::community, tour::send_code, tour::verify_code, tour::sign_in, tour::me, tour::take_selfie, tour::tour_now, tour::visit, tour::slots, tour::schedule, tour::scheduled, tour::cancel, tour::survey, tour::answer_survey, after_tour::after_session, after_tour::make_offer,
        offers::list, offers::detail, offers::export, offers::export_all, offers::print,
        scheduled_visits::list, scheduled_visits::create, scheduled_visits::detail, scheduled_visits::delete, scheduled_visits::export, scheduled_visits::export_all, scheduled_visits::print, properties::images, properties::upload_image, properties::delete_image, properties::export, properties::export_all, properties::print,
    ),
    components(schemas(MessageBody, crate::error::ErrorBody, crate::exports::ListParams, crate::exports::ExportAllRequest))
)]
pub struct ApiDoc;

pub fn openapi() -> utoipa::openapi::OpenApi {
    ApiDoc::openapi()
}

async fn openapi_json() -> impl IntoResponse {
    ([(header::CACHE_CONTROL, "no-cache")], Json(openapi()))
}

/// A self-contained page listing every call, its parameters, body and answers.
async fn docs_page() -> Html<String> {
    let doc = openapi();
    let mut html = String::from(
        "<!doctype html><html><head><meta charset=\"utf-8\"><title>Tourdesk API</title><style>\
         body{font-family:sans-serif;max-width:1000px;margin:2em auto;color:#222}h2{border-bottom:2px solid #DB5C0E}\
         .op{margin:1em 0;padding:.5em 1em;border:1px solid #ddd;border-radius:6px}.verb{font-weight:bold;color:#fff;\
         background:#DB5C0E;padding:2px 6px;border-radius:4px;margin-right:.5em}code{background:#f5f5f5}</style></head><body>\
         <h1>Tourdesk API</h1><p>The machine-readable document is at <a href=\"/api/openapi.json\">/api/openapi.json</a>.</p>",
    );
    let value = serde_json::to_value(&doc).unwrap_or_default();
    if let Some(paths) = value.get("paths").and_then(|p| p.as_object()) {
        for (path, item) in paths {
            let Some(ops) = item.as_object() else {
                continue;
            };
            for (verb, op) in ops {
                html.push_str(&format!(
                    "<div class=\"op\"><span class=\"verb\">{}</span><code>{}</code><p>{}</p>",
                    escape(&verb.to_uppercase()),
                    escape(path),
                    escape(op.get("summary").and_then(|s| s.as_str()).unwrap_or(""))
                ));
                if let Some(params) = op.get("parameters").and_then(|p| p.as_array()) {
                    let names: Vec<String> = params
                        .iter()
                        .filter_map(|p| {
                            p.get("name")
                                .and_then(|n| n.as_str())
                                .map(|n| format!("<code>{}</code>", escape(n)))
                        })
                        .collect();
                    html.push_str(&format!("<p>Parameters: {}</p>", names.join(", ")));
                }
                if let Some(body) = op
                    .pointer("/requestBody/content/application~1json/schema/$ref")
                    .and_then(|r| r.as_str())
                {
                    html.push_str(&format!(
                        "<p>Body: <code>{}</code></p>",
                        escape(body.trim_start_matches("#/components/schemas/"))
                    ));
                }
                if let Some(responses) = op.get("responses").and_then(|r| r.as_object()) {
                    let codes: Vec<String> = responses
                        .iter()
                        .map(|(code, r)| {
                            format!(
                                "{} {}",
                                escape(code),
                                escape(r.get("description").and_then(|d| d.as_str()).unwrap_or(""))
                            )
                        })
                        .collect();
                    html.push_str(&format!("<p>Answers: {}</p>", codes.join("; ")));
                }
                html.push_str("</div>");
            }
        }
    }
    html.push_str("</body></html>");
    Html(html)
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
