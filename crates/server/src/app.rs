//! The application: the router with its layers (the state is `state`, the extractors
//! `extract`).

use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use axum::extract::DefaultBodyLimit;
use axum::http::{header, HeaderName, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::serve::{ListenerExt, TapIo};
use axum::Router;
use tokio::net::{TcpListener, TcpStream};
use tower_http::request_id::{
    MakeRequestId, PropagateRequestIdLayer, RequestId, SetRequestIdLayer,
};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;

use crate::error::ApiError;
use crate::state::AppState;

/// JSON bodies above this size are refused with 413.
pub const BODY_LIMIT: usize = 1024 * 1024;

/// Request ids: a per-process random prefix and a counter, cheap and unique enough for logs.
#[derive(Clone)]
struct RequestIds {
    prefix: Arc<String>,
    counter: Arc<AtomicU64>,
}

impl MakeRequestId for RequestIds {
    fn make_request_id<B>(&mut self, _: &axum::http::Request<B>) -> Option<RequestId> {
        let n = self.counter.fetch_add(1, Ordering::Relaxed);
        HeaderValue::from_str(&format!("{}-{n}", self.prefix))
            .ok()
            .map(RequestId::new)
    }
}

const CSP: &str = "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; \
    font-src 'self' data:; script-src 'self'; connect-src 'self'; frame-src https:; frame-ancestors 'none'; \
    base-uri 'self'; form-action 'self'";

/// The listener the server accepts its connections on. Each response goes out as soon as it is
/// written: with Nagle's algorithm a streamed response's last small chunk waited for the
/// client's delayed acknowledgement of the one before (up to 40 ms on Linux), most of an Export
/// All of a few thousand rows (docs/performance.md, forty-second session).
pub async fn listen(
    address: SocketAddr,
) -> std::io::Result<TapIo<TcpListener, fn(&mut TcpStream)>> {
    fn send_without_delay(connection: &mut TcpStream) {
        if let Err(error) = connection.set_nodelay(true) {
            tracing::debug!(%error, "could not set TCP_NODELAY on a connection");
        }
    }
    Ok(TcpListener::bind(address)
        .await?
        .tap_io(send_without_delay as fn(&mut TcpStream)))
}

pub fn router(state: AppState) -> Router {
    let request_id = HeaderName::from_static("x-request-id");
    let prefix: String = (0..6)
        .map(|_| char::from(b'a' + rand::random::<u8>() % 26))
        .collect();
    let ids = RequestIds {
        prefix: Arc::new(prefix),
        counter: Arc::new(AtomicU64::new(1)),
    };
    let trace = TraceLayer::new_for_http().make_span_with(|req: &axum::http::Request<_>| {
        let id = req
            .headers()
            .get("x-request-id")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("-");
        tracing::info_span!("request", id = %id, method = %req.method(), path = %req.uri().path())
    });
    Router::new()
        .nest(
            "/api",
            crate::http::routes()
                .route_layer(axum::middleware::from_fn(
                    crate::input::refuse_control_characters,
                ))
                .route_layer(axum::middleware::from_fn(crate::metrics::record_request))
                .fallback(api_not_found)
                .method_not_allowed_fallback(api_method_not_allowed),
        )
        .route("/metrics", axum::routing::get(crate::metrics::serve))
        .fallback(crate::spa::serve)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CSP),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::X_FRAME_OPTIONS,
            HeaderValue::from_static("DENY"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::REFERRER_POLICY,
            HeaderValue::from_static("strict-origin-when-cross-origin"),
        ))
        .layer(PropagateRequestIdLayer::new(request_id.clone()))
        .layer(trace)
        .layer(SetRequestIdLayer::new(request_id, ids))
        .with_state(state)
}

async fn api_not_found() -> Response {
    ApiError::NotFound("No such API call".into()).into_response()
}

/// A known path with a verb it does not take: 405 in the API's error shape.
async fn api_method_not_allowed() -> Response {
    (
        StatusCode::METHOD_NOT_ALLOWED,
        axum::Json(crate::error::ErrorBody {
            message: "This call does not take that method".into(),
            errors: None,
            suggested_username: None,
        }),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use axum::serve::Listener;

    #[tokio::test]
    async fn accepted_connections_send_without_delay() {
        let mut listener = super::listen("127.0.0.1:0".parse().unwrap()).await.unwrap();
        let address = listener.local_addr().unwrap();
        let _client = tokio::net::TcpStream::connect(address).await.unwrap();
        let (connection, _) = listener.accept().await;
        assert!(connection.nodelay().unwrap());
    }

    fn sources(dir: &Path, found: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                sources(&path, found);
            } else if path.extension().is_some_and(|e| e == "rs") {
                found.push(path);
            }
        }
    }

    /// The state and the extractors depend on nothing that handles requests, and nothing the
    /// router gathers reaches back into it: only the binary and the demo (which serve the
    /// router) name this module.
    #[test]
    fn nothing_the_router_gathers_imports_it() {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = Vec::new();
        sources(&src, &mut files);
        let importers: Vec<String> = files
            .iter()
            .filter(|f| {
                let relative = f.strip_prefix(&src).unwrap();
                !(relative.starts_with("demo") || relative == Path::new("main.rs"))
            })
            .filter(|f| {
                let text = std::fs::read_to_string(f).unwrap();
                text.contains(concat!("crate::", "app::"))
                    || text.contains(concat!("use crate::", "app;"))
            })
            .map(|f| f.display().to_string())
            .collect();
        assert!(importers.is_empty(), "{importers:?}");
    }

    /// The db crate owns every SQL string: request handlers pass typed filters
    /// (`db::list::Filter`) and never write a condition, a statement or a test database.
    #[test]
    fn no_module_of_the_server_writes_sql() {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = Vec::new();
        sources(&src, &mut files);
        // Split, so that this test's own lines do not hold them.
        const SQL: [&str; 5] = [
            concat!("SEL", "ECT "),
            concat!("INSERT", " INTO"),
            concat!("DELETE", " FROM"),
            concat!(" WH", "ERE "),
            concat!("db::", "testing"),
        ];
        let placeholder = |line: &str| {
            line.match_indices(concat!("= ", "?")).any(|(at, _)| {
                !line[at + 3..]
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_alphanumeric() || c == '_')
            })
        };
        let writers: Vec<String> = files
            .iter()
            .flat_map(|f| {
                let text = std::fs::read_to_string(f).unwrap();
                let name = f.display().to_string();
                text.lines()
                    .enumerate()
                    .filter(|(_, line)| !line.trim_start().starts_with("//"))
                    .filter(|(_, line)| {
                        placeholder(line) || SQL.iter().any(|sql| line.contains(sql))
                    })
                    .map(|(at, line)| format!("{name}:{}: {}", at + 1, line.trim()))
                    .collect::<Vec<_>>()
            })
            .collect();
        assert!(writers.is_empty(), "{writers:#?}");
    }
}
