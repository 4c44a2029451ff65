//! The performance benchmark (`make bench`): starts the release binary on a database of 20
//! builders with 500 staff each, on SQLite and (when BENCH_DATABASE_URL or TEST_DATABASE_URL names
//! a server) PostgreSQL, and reports latency percentiles and throughput of sign-in and the staff
//! list, idle and peak RSS, and cold start; then the large world of `large_world.rs`. Budgets are
//! printed beside the figures. `BENCH_ONLY=staff` or `BENCH_ONLY=large` runs one part;
//! `BENCH_DIALECT=sqlite` or `postgres` measures the large world on one dialect, and `BENCH_KEEP=1`
//! keeps it between runs (written once, then reused). `BENCH_ONLY=hardware` runs the hardware
//! world of `hardware_world.rs` (devices, history, lock events, code programming);
//! `BENCH_ONLY=codes` the code programming budget alone; `BENCH_ONLY=visitors` the 200
//! visitors of `visitors.rs` going from verification to a set code on the demo world;
//! `BENCH_ONLY=webhooks` the 10,000 webhook deliveries of `webhook_world.rs`; `BENCH_ONLY=feeds`
//! the 10,000-home BDX import of `feed_world.rs`.

mod feed_world;
mod hardware_world;
mod large_world;
mod visitors;
mod webhook_world;

use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use db::builders::NewBuilder;
use db::testing::TestDb;
use db::users::NewUser;
use db::Db;
use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::Request;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;

type HttpClient = Client<hyper_util::client::legacy::connect::HttpConnector, Full<Bytes>>;

const BUILDERS: usize = 20;
const STAFF_PER_BUILDER: usize = 500;
const PASSWORD: &str = "bench-password";
const FIRST: [&str; 20] = [
    "Ava", "Liam", "Mia", "Noah", "Emma", "Lucas", "Sofia", "Ethan", "Chloe", "Mason", "Grace",
    "Logan", "Zoe", "Caleb", "Nora", "Owen", "Ivy", "Jack", "Ruby", "Leo",
];
const LAST: [&str; 25] = [
    "Carter", "Nguyen", "Patel", "Brooks", "Reyes", "Foster", "Kim", "Hughes", "Bennett", "Ortiz",
    "Sullivan", "Price", "Morgan", "Hayes", "Ward", "Cole", "Diaz", "Ellis", "Grant", "Hart",
    "Jensen", "Lowe", "Myers", "Nash", "Perry",
];

fn binary() -> String {
    std::env::var("TOURDESK_BIN").unwrap_or_else(|_| {
        let target = std::env::var("CARGO_TARGET_DIR")
            .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/../../target").into());
        format!("{target}/release/tourdesk")
    })
}

async fn seed(db: &Db) {
    let hash = server::auth::hash_password(PASSWORD);
    for b in 0..BUILDERS {
        let builder_id = db::builders::create(
            db,
            &NewBuilder {
                name: format!("Bench Builder {b:02}"),
                webflow_name: format!("bench-{b}"),
                timezone: 52,
                ..Default::default()
            },
        )
        .await
        .unwrap();
        for s in 0..STAFF_PER_BUILDER {
            let role = if s == 0 {
                4
            } else if s % 10 == 0 {
                1
            } else {
                2
            };
            let username = if s == 0 {
                format!("bench.pm{b}")
            } else {
                format!("staff{b}.{s}")
            };
            let user = NewUser {
                username,
                email: format!("staff{b}.{s}@bench.test"),
                firstname: FIRST[s % FIRST.len()].into(),
                lastname: format!("{}{}", LAST[(s / FIRST.len()) % LAST.len()], s / 500),
                phone: format!("555-{:03}-{:04}", b, s),
                password_hash: Some(hash.clone()),
                builder_id: Some(builder_id),
                role_id: role,
                groups: vec![role],
                ..Default::default()
            };
            db::users::create(db, &user).await.unwrap();
        }
    }
}

struct Server {
    child: Child,
    port: u16,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Starts the binary and answers how long it took until it accepted connections.
fn start(url: Option<&str>, data_dir: &std::path::Path) -> (Server, Duration) {
    start_with(url, data_dir, &[], &[])
}

/// Starts the binary with more arguments and environment (`--demo`, a demo clock).
fn start_with(
    url: Option<&str>,
    data_dir: &std::path::Path,
    args: &[&str],
    env: &[(&str, String)],
) -> (Server, Duration) {
    let port = free_port();
    let mut command = Command::new(binary());
    command
        .args([
            "serve",
            "--bind",
            &format!("127.0.0.1:{port}"),
            "--data-dir",
        ])
        .arg(data_dir)
        .args(args)
        .envs(env.iter().map(|(name, value)| (name, value)))
        .env("TOURDESK_LOG", "warn")
        .env_remove("DATABASE_URL")
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    if let Some(url) = url {
        command.env("DATABASE_URL", url);
    }
    let started = Instant::now();
    // Held from the start, so a server that never listens is stopped (Drop) as the bench fails.
    let server = Server {
        child: command
            .spawn()
            .expect("run the release binary (make bench builds it)"),
        port,
    };
    loop {
        if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
            return (server, started.elapsed());
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "server did not start"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
}

fn rss_kib(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with(field))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

#[derive(Clone)]
struct Call {
    method: hyper::Method,
    path: String,
    body: Option<String>,
    token: Option<String>,
}

async fn send(client: &HttpClient, port: u16, call: &Call) -> (u16, Bytes) {
    send_from(client, port, call, None).await
}

/// A request as a trusted proxy forwards it `from` a client's address.
async fn send_from(
    client: &HttpClient,
    port: u16,
    call: &Call,
    from: Option<&str>,
) -> (u16, Bytes) {
    let mut request = Request::builder()
        .method(call.method.clone())
        .uri(format!("http://127.0.0.1:{port}{}", call.path));
    if let Some(from) = from {
        request = request.header("x-forwarded-for", from);
    }
    if let Some(token) = &call.token {
        request = request.header("authorization", format!("Bearer {token}"));
    }
    if call.body.is_some() {
        request = request.header("content-type", "application/json");
    }
    let body = Full::new(Bytes::from(call.body.clone().unwrap_or_default()));
    let response = client
        .request(request.body(body).unwrap())
        .await
        .expect("request");
    let status = response.status().as_u16();
    (
        status,
        response.into_body().collect().await.unwrap().to_bytes(),
    )
}

impl Call {
    fn sign_in(username: &str) -> Call {
        Call {
            method: hyper::Method::POST,
            path: "/api/auth/users".into(),
            body: Some(format!(
                "{{\"username\":\"{username}\",\"password\":\"{PASSWORD}\"}}"
            )),
            token: None,
        }
    }

    /// A POST of a JSON body (none for `null`), signed in with `token` if given.
    fn post(path: String, body: serde_json::Value, token: Option<&str>) -> Call {
        Call {
            method: hyper::Method::POST,
            path,
            body: (!body.is_null()).then(|| body.to_string()),
            token: token.map(str::to_string),
        }
    }

    fn get(path: String, token: &str) -> Call {
        Call {
            method: hyper::Method::GET,
            path,
            body: None,
            token: Some(token.to_string()),
        }
    }
}

/// Signs `username` in and answers its token.
async fn sign_in(client: &HttpClient, port: u16, username: &str) -> String {
    let (_, body) = send(client, port, &Call::sign_in(username)).await;
    serde_json::from_slice::<serde_json::Value>(&body).unwrap()["token"]
        .as_str()
        .expect("signed in")
        .to_string()
}

/// A builder of a bench world (`{prefix}-{b}`, in `enterprise`) with its program manager
/// `{prefix}.pm{b}`; answers the builder's id.
async fn world_builder(
    db: &Db,
    prefix: &str,
    title: &str,
    b: usize,
    enterprise: i64,
    hash: &str,
) -> i64 {
    let builder_id = db::builders::create(
        db,
        &db::builders::NewBuilder {
            name: format!("{title} Builder {b:02}"),
            webflow_name: format!("{prefix}-{b}"),
            enterprise_id: Some(enterprise),
            timezone: 52,
            ..Default::default()
        },
    )
    .await
    .unwrap();
    db::users::create(
        db,
        &NewUser {
            username: format!("{prefix}.pm{b}"),
            email: format!("pm{b}@{prefix}.test"),
            firstname: "Pat".into(),
            lastname: format!("Manager{b}"),
            phone: format!("555-100-{b:04}"),
            password_hash: Some(hash.into()),
            builder_id: Some(builder_id),
            role_id: 4,
            groups: vec![4],
            ..Default::default()
        },
    )
    .await
    .unwrap();
    builder_id
}

/// The enterprise user `{prefix}.enterprise` who sees every builder of a bench world, written
/// after the bulk load has settled.
async fn world_enterprise_user(
    db: &Db,
    prefix: &str,
    first_builder: Option<i64>,
    enterprise: i64,
    hash: String,
) {
    // A live PostgreSQL database has its statistics from autovacuum; a bulk load has none yet.
    db.settle_after_bulk_load().await.unwrap();
    db::users::create(
        db,
        &NewUser {
            username: format!("{prefix}.enterprise"),
            email: format!("enterprise@{prefix}.test"),
            firstname: "Erin".into(),
            lastname: "Enterprise".into(),
            phone: "555-100-9999".into(),
            password_hash: Some(hash),
            builder_id: first_builder,
            enterprise_id: Some(enterprise),
            role_id: 4,
            groups: vec![4, domain::roles::ENTERPRISE_GROUP],
            ..Default::default()
        },
    )
    .await
    .unwrap();
}

/// Seeds a bench world unless it was kept from an earlier run (its enterprise user exists);
/// answers which it was and the seconds it took.
async fn seed_unless_kept(
    db: &Db,
    prefix: &str,
    seed: impl std::future::Future<Output = ()>,
) -> (&'static str, f64) {
    let started = Instant::now();
    let kept = db::users::find_for_sign_in(db, &format!("{prefix}.enterprise"))
        .await
        .unwrap()
        .is_some();
    if !kept {
        seed.await;
    }
    let how = if kept {
        "kept from an earlier run, opened"
    } else {
        "seeded"
    };
    (how, started.elapsed().as_secs_f64())
}

/// The release binary on a bench world, with a client and the tokens of its PM of builder 3
/// and its enterprise user.
async fn start_world(
    test_db: &TestDb,
    data_dir: &std::path::Path,
    prefix: &str,
) -> (Server, HttpClient, String, String) {
    let (server, _) = start(Some(&test_db.url), data_dir);
    tokio::time::sleep(Duration::from_millis(500)).await;
    let client = client();
    let pm = sign_in(&client, server.port, &format!("{prefix}.pm3")).await;
    let enterprise = sign_in(&client, server.port, &format!("{prefix}.enterprise")).await;
    (server, client, pm, enterprise)
}

/// One row of a figures table.
fn row(label: &str, f: &Figures) {
    println!(
        "| {label} | {:.2} | {:.2} | {:.2} | {:.0} |",
        f.p50, f.p95, f.p99, f.rps
    );
}

fn client() -> HttpClient {
    Client::builder(TokioExecutor::new())
        .pool_max_idle_per_host(32)
        .build_http()
}

struct Figures {
    p50: f64,
    p95: f64,
    p99: f64,
    rps: f64,
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index].as_secs_f64() * 1000.0
}

/// Latency at one client, then throughput at 16 clients.
/// Latency at one client and throughput at 16 of `calls`, taken in turn: a call comes round
/// again only after every other, also across the clients.
async fn measure(
    client: &HttpClient,
    port: u16,
    calls: &[Call],
    single: usize,
    concurrent_each: usize,
) -> Figures {
    for call in calls.iter().cycle().take(10.max(calls.len())) {
        let (status, body) = send(client, port, call).await;
        assert!(
            status < 300,
            "{} {} answered {status}: {}",
            call.method,
            call.path,
            String::from_utf8_lossy(&body)
        );
    }
    let mut times = Vec::with_capacity(single);
    for call in calls.iter().cycle().take(single) {
        let start = Instant::now();
        send(client, port, call).await;
        times.push(start.elapsed());
    }
    times.sort();
    let calls: Arc<[Call]> = calls.into();
    let turn = Arc::new(AtomicUsize::new(0));
    let start = Instant::now();
    let mut tasks = Vec::new();
    for _ in 0..16 {
        let (client, calls, turn) = (client.clone(), calls.clone(), turn.clone());
        tasks.push(tokio::spawn(async move {
            for _ in 0..concurrent_each {
                let call = &calls[turn.fetch_add(1, Ordering::Relaxed) % calls.len()];
                send(&client, port, call).await;
            }
        }));
    }
    for task in tasks {
        task.await.unwrap();
    }
    let rps = (16 * concurrent_each) as f64 / start.elapsed().as_secs_f64();
    Figures {
        p50: percentile(&times, 0.5),
        p95: percentile(&times, 0.95),
        p99: percentile(&times, 0.99),
        rps,
    }
}

async fn run_dialect(name: &str, test_db: &TestDb, data_dir: &std::path::Path) {
    let seeding = Instant::now();
    seed(&test_db.db).await;
    let url = test_db.url.as_str();
    println!(
        "\n## {name}: {BUILDERS} builders x {STAFF_PER_BUILDER} staff seeded in {:.1} s",
        seeding.elapsed().as_secs_f64()
    );
    let (server, _) = start(Some(url), data_dir);
    tokio::time::sleep(Duration::from_millis(500)).await;
    let pid = server.child.id();
    let idle = rss_kib(pid, "VmRSS:");
    let client = client();
    let sign_in = Call::sign_in("bench.pm7");
    let token = crate::sign_in(&client, server.port, "bench.pm7").await;
    println!(
        "| call | p50 ms | p95 ms | p99 ms | req/s (16 clients) |\n| --- | --- | --- | --- | --- |"
    );
    let f = measure(&client, server.port, &[sign_in], 100, 10).await;
    row("sign-in", &f);
    let mut lists = vec![
        (
            "staff list, first page".to_string(),
            "/api/agents?page=0&limit=25".to_string(),
        ),
        (
            "staff list, search".to_string(),
            "/api/agents?search=carter&limit=25".to_string(),
        ),
        (
            "staff list, last page".to_string(),
            format!("/api/agents?page={}&limit=25", (STAFF_PER_BUILDER - 1) / 25),
        ),
    ];
    for (column, _) in db::users::AGENTS.sort_columns {
        lists.push((
            format!("staff list, sort by {column}"),
            format!("/api/agents?orderBy={column}&order=asc&limit=25"),
        ));
    }
    let mut worst_p95: f64 = 0.0;
    for (label, path) in lists {
        let f = measure(&client, server.port, &[Call::get(path, &token)], 500, 100).await;
        worst_p95 = worst_p95.max(f.p95);
        row(&label, &f);
    }
    let peak = rss_kib(pid, "VmHWM:");
    println!(
        "\nidle RSS {:.1} MB (budget 60), peak RSS {:.1} MB, worst staff-list p95 {:.2} ms (budget 10)",
        idle as f64 / 1024.0,
        peak as f64 / 1024.0,
        worst_p95
    );
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return; // `cargo bench -- --list` asks what is here; nothing to list
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let root = std::env::temp_dir().join(format!("tourdesk-bench-{}", std::process::id()));
        std::fs::create_dir_all(&root).unwrap();
        println!("# Tourdesk benchmark ({})", binary());
        let only = std::env::var("BENCH_ONLY").unwrap_or_default();
        let admin_url = std::env::var("BENCH_DATABASE_URL")
            .or_else(|_| std::env::var("TEST_DATABASE_URL"))
            .ok();
        if only.is_empty() || only == "staff" {
            staff_world(&root, admin_url.as_deref()).await;
        }
        if only.is_empty() || only == "hardware" {
            hardware(&root, admin_url.as_deref()).await;
        }
        if only == "codes" {
            on_fresh_databases(Fresh::Codes, admin_url.as_deref()).await;
        }
        if only.is_empty() || only == "webhooks" {
            on_fresh_databases(Fresh::Webhooks, admin_url.as_deref()).await;
        }
        if only.is_empty() || only == "feeds" {
            on_fresh_databases(Fresh::Feeds, admin_url.as_deref()).await;
        }
        if only.is_empty() || only == "visitors" {
            visitors::run(&root.join("visitors")).await;
        }
        if only.is_empty() || only == "large" {
            let dialect = std::env::var("BENCH_DIALECT").unwrap_or_default();
            let keep = std::env::var("BENCH_KEEP").is_ok_and(|v| v == "1");
            if dialect != "postgres" {
                let sqlite = if keep {
                    TestDb::kept(None, large_world::KEPT_NAME).await
                } else {
                    TestDb::sqlite().await
                };
                let sqlite = sqlite.expect("SQLite");
                large_world::run("SQLite", &sqlite, &root.join("sqlite-large")).await;
                sqlite.drop_db().await;
            }
            if let Some(admin_url) = admin_url.as_deref().filter(|_| dialect != "sqlite") {
                let postgres = if keep {
                    TestDb::kept(Some(admin_url), large_world::KEPT_NAME).await
                } else {
                    TestDb::postgres(admin_url).await
                };
                let postgres = postgres.expect("PostgreSQL");
                large_world::run("PostgreSQL", &postgres, &root.join("pg-large")).await;
                postgres.drop_db().await;
            }
        }
        let _ = std::fs::remove_dir_all(&root);
    });
}

/// The hardware world on each dialect (`BENCH_KEEP=1` keeps it between runs).
async fn hardware(root: &std::path::Path, admin_url: Option<&str>) {
    let keep = std::env::var("BENCH_KEEP").is_ok_and(|v| v == "1");
    let dialect = std::env::var("BENCH_DIALECT").unwrap_or_default();
    if dialect != "postgres" {
        let sqlite = if keep {
            TestDb::kept(None, hardware_world::KEPT_NAME).await
        } else {
            TestDb::sqlite().await
        }
        .expect("SQLite");
        hardware_world::run("SQLite", &sqlite, &root.join("sqlite-hardware")).await;
        sqlite.drop_db().await;
    }
    if let Some(admin_url) = admin_url.filter(|_| dialect != "sqlite") {
        let postgres = if keep {
            TestDb::kept(Some(admin_url), hardware_world::KEPT_NAME).await
        } else {
            TestDb::postgres(admin_url).await
        }
        .expect("PostgreSQL");
        hardware_world::run("PostgreSQL", &postgres, &root.join("pg-hardware")).await;
        postgres.drop_db().await;
    }
}

/// The budgets measured on a fresh database of each dialect.
#[derive(Clone, Copy)]
enum Fresh {
    Codes,
    Webhooks,
    Feeds,
}

async fn on_fresh_databases(part: Fresh, admin_url: Option<&str>) {
    let dialect = std::env::var("BENCH_DIALECT").unwrap_or_default();
    let mut databases = Vec::new();
    if dialect != "postgres" {
        databases.push(("SQLite", TestDb::sqlite().await.expect("SQLite")));
    }
    if let Some(admin_url) = admin_url.filter(|_| dialect != "sqlite") {
        databases.push((
            "PostgreSQL",
            TestDb::postgres(admin_url).await.expect("PostgreSQL"),
        ));
    }
    for (name, test_db) in databases {
        match part {
            Fresh::Codes => hardware_world::programming(name, &test_db).await,
            Fresh::Webhooks => webhook_world::deliveries(name, &test_db).await,
            Fresh::Feeds => feed_world::import(name, &test_db).await,
        }
        test_db.drop_db().await;
    }
}

/// Cold start, then the staff world on each dialect.
async fn staff_world(root: &std::path::Path, admin_url: Option<&str>) {
    let mut cold = Vec::new();
    for i in 0..5 {
        let dir = root.join(format!("cold{i}"));
        let (server, took) = start(None, &dir);
        drop(server);
        cold.push(took);
    }
    cold.sort();
    println!(
        "cold start to listening on an empty SQLite database: median {:.0} ms (budget 1000)",
        cold[2].as_secs_f64() * 1000.0
    );

    let sqlite = TestDb::sqlite().await.expect("SQLite");
    run_dialect("SQLite", &sqlite, &root.join("sqlite")).await;
    sqlite.drop_db().await;

    if let Some(admin_url) = admin_url {
        let postgres = TestDb::postgres(admin_url).await.expect("PostgreSQL");
        run_dialect("PostgreSQL", &postgres, &root.join("pg")).await;
        postgres.drop_db().await;
    } else {
        println!("\n(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL)");
    }
}
