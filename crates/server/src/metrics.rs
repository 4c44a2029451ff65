//! `GET /metrics` in the Prometheus text format (docs/operations.md): API requests by route and
//! status with a latency histogram, the job queue by kind and state, job failures by kind,
//! webhook delivery attempts and code commands to locks by outcome. Labels are route templates
//! and fixed words, never raw paths or ids.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::{LazyLock, Mutex, PoisonError};
use std::time::Instant;

use axum::extract::{MatchedPath, Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::state::AppState;

/// Upper bounds of the latency buckets, in seconds.
const BUCKETS: [f64; 11] = [
    0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

#[derive(Default)]
struct Histogram {
    counts: [u64; BUCKETS.len()],
    count: u64,
    sum: f64,
}

#[derive(Default)]
struct Registry {
    /// (route, method, status) → requests.
    requests: BTreeMap<(String, String, u16), u64>,
    /// (route, method) → latency.
    latency: BTreeMap<(String, String), Histogram>,
    /// (counter name, label value) → count, for the counters of one label.
    counters: BTreeMap<(&'static str, String), u64>,
}

static REGISTRY: LazyLock<Mutex<Registry>> = LazyLock::new(Mutex::default);

fn registry() -> std::sync::MutexGuard<'static, Registry> {
    REGISTRY.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Counters of one label, with the label's name and what they count.
const COUNTERS: [(&str, &str, &str); 3] = [
    (
        "tourdesk_job_failures_total",
        "kind",
        "Jobs that failed an attempt, by kind.",
    ),
    (
        "tourdesk_webhook_attempts_total",
        "outcome",
        "Webhook delivery attempts by outcome (delivered, retry, failed, disabled).",
    ),
    (
        "tourdesk_code_commands_total",
        "outcome",
        "Access code commands to locks by outcome (set, removed, retry, failed).",
    ),
];

/// Counts one event of a counter of [`COUNTERS`].
pub fn count(counter: &'static str, label: &str) {
    debug_assert!(COUNTERS.iter().any(|(name, ..)| *name == counter));
    *registry()
        .counters
        .entry((counter, label.to_string()))
        .or_default() += 1;
}

/// Records every API request by its route template (the middleware of `/api`).
pub async fn record_request(request: Request, next: Next) -> Response {
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or_else(|| "unmatched".to_string(), |p| p.as_str().to_string());
    let method = request.method().as_str().to_string();
    let started = Instant::now();
    let response = next.run(request).await;
    let seconds = started.elapsed().as_secs_f64();
    let status = response.status().as_u16();
    let mut registry = registry();
    *registry
        .requests
        .entry((route.clone(), method.clone(), status))
        .or_default() += 1;
    let histogram = registry.latency.entry((route, method)).or_default();
    for (bucket, bound) in histogram.counts.iter_mut().zip(BUCKETS) {
        if seconds <= bound {
            *bucket += 1;
        }
    }
    histogram.count += 1;
    histogram.sum += seconds;
    response
}

/// A label value as the text format quotes it.
fn quoted(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

/// The text of every metric, with the job queue read now.
pub fn render(jobs: &[(String, String, i64)]) -> String {
    let registry = registry();
    let mut out = String::new();
    out.push_str("# HELP tourdesk_http_requests_total API requests by route, method and status.\n");
    out.push_str("# TYPE tourdesk_http_requests_total counter\n");
    for ((route, method, status), n) in &registry.requests {
        let _ = writeln!(
            out,
            "tourdesk_http_requests_total{{route=\"{}\",method=\"{method}\",status=\"{status}\"}} {n}",
            quoted(route)
        );
    }
    out.push_str(
        "# HELP tourdesk_http_request_duration_seconds API request latency by route and method.\n",
    );
    out.push_str("# TYPE tourdesk_http_request_duration_seconds histogram\n");
    for ((route, method), h) in &registry.latency {
        let labels = format!("route=\"{}\",method=\"{method}\"", quoted(route));
        for (bound, n) in BUCKETS.iter().zip(h.counts) {
            let _ = writeln!(
                out,
                "tourdesk_http_request_duration_seconds_bucket{{{labels},le=\"{bound}\"}} {n}"
            );
        }
        let _ = writeln!(
            out,
            "tourdesk_http_request_duration_seconds_bucket{{{labels},le=\"+Inf\"}} {}",
            h.count
        );
        let _ = writeln!(
            out,
            "tourdesk_http_request_duration_seconds_sum{{{labels}}} {}",
            h.sum
        );
        let _ = writeln!(
            out,
            "tourdesk_http_request_duration_seconds_count{{{labels}}} {}",
            h.count
        );
    }
    out.push_str("# HELP tourdesk_jobs Jobs in the queue by kind and state.\n");
    out.push_str("# TYPE tourdesk_jobs gauge\n");
    for (kind, state, n) in jobs {
        let _ = writeln!(
            out,
            "tourdesk_jobs{{kind=\"{}\",state=\"{}\"}} {n}",
            quoted(kind),
            quoted(state)
        );
    }
    for (name, label, help) in COUNTERS {
        let _ = writeln!(out, "# HELP {name} {help}");
        let _ = writeln!(out, "# TYPE {name} counter");
        for ((counter, value), n) in &registry.counters {
            if *counter == name {
                let _ = writeln!(out, "{name}{{{label}=\"{}\"}} {n}", quoted(value));
            }
        }
    }
    out
}

/// `GET /metrics`: with `TOURDESK_METRICS_TOKEN` set, for its bearer; without, for the machine
/// itself (a loopback peer) only.
pub async fn serve(State(state): State<AppState>, request: Request) -> Response {
    let peer = request
        .extensions()
        .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
        .map(|c| c.0.ip());
    let allowed = match &state.settings.metrics_token {
        Some(token) => request
            .headers()
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(crate::auth::bearer_token)
            .is_some_and(|given| {
                use subtle::ConstantTimeEq as _;
                bool::from(given.as_bytes().ct_eq(token.as_bytes()))
            }),
        // Tests through the router have no peer: only the process itself reaches it that way.
        None => peer.is_none_or(|ip| ip.is_loopback()),
    };
    if !allowed {
        return (StatusCode::FORBIDDEN, "metrics are for the operator\n").into_response();
    }
    let jobs = match db::jobs::by_kind_and_state(&state.db).await {
        Ok(jobs) => jobs,
        Err(error) => {
            tracing::warn!(%error, "could not read the job queue for metrics");
            return (
                StatusCode::SERVICE_UNAVAILABLE,
                "the database is not answering\n",
            )
                .into_response();
        }
    };
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        render(&jobs),
    )
        .into_response()
}
