//! The API through the real router and a real database (SQLite, or PostgreSQL with
//! TEST_DATABASE_URL), on the demo world.

use std::sync::Arc;

use axum::body::{to_bytes, Body};
use axum::http::{header, Method, Request, StatusCode};
use axum::Router;
use db::testing::TestDb;
use serde_json::{json, Value};
use server::app::router;
use server::auth::TokenKeys;
use server::config::{FileSettings, Settings, StoreArgs};
use server::state::AppState;
use tower::ServiceExt;

mod after_tour_hours;
mod agents;
mod api_keys;
mod billing;
mod communities;
mod customers;
mod exports;
mod hardware;
mod integrations;
mod locks;
mod messages;
mod offers;
mod profile;
mod properties;
mod reference;
mod reports;
mod scheduled_visits;
mod seam;
mod security;
mod session;
mod settings;
mod share;
mod soak;
mod stats;
mod surveys;
mod teams;
mod tenancy;
mod tour;
mod training;
mod visits;
mod webhooks;

/// The public site of the test world: homes and communities have pages under it.
const PUBLIC_SITE: &str = "https://tours.test";

struct World {
    app: Router,
    state: AppState,
    test_db: TestDb,
    clock: TestClock,
}

/// The test world's clock: the wall clock moved on by what a test asks, so jobs due later can
/// be run now.
#[derive(Clone, Default)]
struct TestClock {
    ahead_ms: Arc<std::sync::atomic::AtomicI64>,
}

impl TestClock {
    fn clock(&self) -> devices::Clock {
        let ahead = self.ahead_ms.clone();
        Arc::new(move || {
            chrono::Utc::now()
                + chrono::Duration::milliseconds(ahead.load(std::sync::atomic::Ordering::SeqCst))
        })
    }

    fn advance(&self, by: chrono::Duration) {
        self.ahead_ms
            .fetch_add(by.num_milliseconds(), std::sync::atomic::Ordering::SeqCst);
    }
}

async fn world() -> World {
    world_with(FileSettings::default()).await
}

/// The test world with some settings of the file's (the public site is always the test one):
/// a copy of the demo world, which the run writes once (see [`demo_template`]).
async fn world_with(file: FileSettings) -> World {
    let clock = TestClock::default();
    // The outbox file and the files of this process's worlds in the temporary folder.
    let data_dir = std::env::temp_dir().join(format!("tourdesk-files-{}", std::process::id()));
    let file = FileSettings {
        public_site_url: Some(PUBLIC_SITE.into()),
        data_dir: file.data_dir.or(Some(data_dir.clone())),
        ..file
    };
    let settings = Arc::new(Settings::resolve(file, &StoreArgs::default(), None).unwrap());
    let template = demo_template();
    // Each database's template has its own files: the two share a name, and making one
    // replaces its folder's photos with new keys the other's rows do not name.
    let dialect = match std::env::var("TEST_DATABASE_URL") {
        Ok(url) if !url.is_empty() => "postgres",
        _ => "sqlite",
    };
    let template_files = std::env::temp_dir().join(format!("{template}.{dialect}.files"));
    let test_db = TestDb::from_template(&template, |db| {
        let (settings, files) = (settings.clone(), template_files.clone());
        async move {
            let _ = std::fs::remove_dir_all(&files);
            let files = server::files::FileStore::new(files);
            let state = app_state(db, settings, files, devices::wall_clock());
            server::demo::fill(&state).await.unwrap();
        }
    })
    .await
    .unwrap();
    copy_folder(&template_files, &data_dir);
    let files = server::files::FileStore::new(data_dir);
    let state = app_state(test_db.db.clone(), settings, files, clock.clock());
    World {
        app: router(state.clone()),
        state,
        test_db,
        clock,
    }
}

fn app_state(
    db: db::Db,
    settings: Arc<Settings>,
    files: server::files::FileStore,
    clock: devices::Clock,
) -> AppState {
    AppState {
        hardware: server::hardware::Hardware::new(db.clone(), clock, 0, loopback()),
        db,
        tokens: TokenKeys::new(b"test-secret"),
        settings,
        geocoder: server::geocode::Geocoder::new(None, &loopback()),
        files,
    }
}

/// The demo world's template for this build of the tests, remade every hour so that its
/// today stays today: named by the hour and the test binary's size and time.
fn demo_template() -> String {
    let binary = std::env::current_exe()
        .and_then(std::fs::metadata)
        .map(|m| {
            let at = m
                .modified()
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_nanos());
            (at as u64) ^ m.len().rotate_left(32)
        })
        .unwrap_or_default();
    format!(
        "tourdesk_t_demo_{}_{:016x}",
        chrono::Utc::now().format("%Y%m%d%H"),
        binary
    )
}

/// Copies a folder's files (and its folders') into another.
fn copy_folder(from: &std::path::Path, to: &std::path::Path) {
    let Ok(entries) = std::fs::read_dir(from) else {
        return;
    };
    std::fs::create_dir_all(to).unwrap();
    for entry in entries.flatten() {
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_folder(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// The outgoing client of the tests: local fakes live on loopback.
fn loopback() -> server::outbound::Outbound {
    server::outbound::Outbound::new(vec!["127.0.0.0/8".parse().unwrap()])
}

struct Answer {
    status: StatusCode,
    headers: axum::http::HeaderMap,
    body: Vec<u8>,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or(Value::Null)
    }
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

impl World {
    async fn raw(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Body>,
        content_type: Option<&str>,
    ) -> Answer {
        let mut request = Request::builder().method(method).uri(path);
        if let Some(token) = token {
            request = request.header(header::AUTHORIZATION, format!("Bearer {token}"));
        }
        if let Some(ct) = content_type {
            request = request.header(header::CONTENT_TYPE, ct);
        }
        self.send(request.body(body.unwrap_or_else(Body::empty)).unwrap())
            .await
    }

    /// Sends a request as it is.
    async fn send(&self, request: Request<Body>) -> Answer {
        let response = self.app.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let headers = response.headers().clone();
        let body = to_bytes(response.into_body(), usize::MAX)
            .await
            .unwrap()
            .to_vec();
        Answer {
            status,
            headers,
            body,
        }
    }

    async fn call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> Answer {
        let has_body = body.is_some();
        let body = body.map(|b| Body::from(b.to_string()));
        self.raw(
            method,
            path,
            token,
            body,
            has_body.then_some("application/json"),
        )
        .await
    }

    /// A call without signing in, with a JSON body.
    async fn anonymous(&self, method: Method, path: &str, body: Value) -> Answer {
        self.call(method, path, None, Some(body)).await
    }

    /// A call signed in with `token`, by method; those with a body send it as JSON.
    async fn get(&self, token: &str, path: &str) -> Answer {
        self.call(Method::GET, path, Some(token), None).await
    }

    async fn delete(&self, token: &str, path: &str) -> Answer {
        self.call(Method::DELETE, path, Some(token), None).await
    }

    async fn delete_with(&self, token: &str, path: &str, body: Value) -> Answer {
        self.call(Method::DELETE, path, Some(token), Some(body))
            .await
    }

    async fn post(&self, token: &str, path: &str, body: Value) -> Answer {
        self.call(Method::POST, path, Some(token), Some(body)).await
    }

    async fn patch(&self, token: &str, path: &str, body: Value) -> Answer {
        self.call(Method::PATCH, path, Some(token), Some(body))
            .await
    }

    async fn put(&self, token: &str, path: &str, body: Value) -> Answer {
        self.call(Method::PUT, path, Some(token), Some(body)).await
    }

    /// Posts a multipart form: its text fields and one file.
    async fn upload(
        &self,
        path: &str,
        token: &str,
        texts: &[(&str, &str)],
        file: Option<(&str, &[u8])>,
    ) -> Answer {
        let (content_type, body) = multipart(texts, file);
        self.raw(
            Method::POST,
            path,
            Some(token),
            Some(Body::from(body)),
            Some(&content_type),
        )
        .await
    }

    async fn sign_in(&self, username: &str) -> String {
        let answer = self
            .anonymous(
                Method::POST,
                "/api/auth/users",
                json!({"username": username, "password": "tourdesk-demo"}),
            )
            .await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
        answer.json()["token"].as_str().unwrap().to_string()
    }

    async fn done(self) {
        self.test_db.drop_db().await;
    }
}

/// Asks for a password link for demo.sales, as the forgot-password dialog does.
async fn ask_reset(w: &World) -> Answer {
    w.call(
        Method::GET,
        "/api/auth/password_reset?username=demo.sales&email=demo.sales@demo.tourdesk.test",
        None,
        None,
    )
    .await
}

/// The query of the newest password link mailed to `email`: its `token` and `refreshToken`.
async fn newest_reset_link(w: &World, email: &str) -> std::collections::HashMap<String, String> {
    let mails = db::messages::mails_to(&w.state.db, email).await.unwrap();
    let body = &mails.first().expect("the newest mail comes first").body;
    let query = body
        .lines()
        .find_map(|l| l.split_once("reset_password?").map(|(_, q)| q.to_string()))
        .unwrap();
    serde_urlencoded::from_str(&query).unwrap()
}

fn community_body(name: &str) -> Value {
    json!({"community": {
        "name": name, "city": "Austin", "state": "TX", "zip": "78702", "sales_agent": "555-300-2000",
        "emergency_contacts": "demo.pm", "status_id": 2, "community_backup_code": "123456", "trade_code": "4321",
        "sales_code": "", "lasso_community_project_id": "778 ", "agents": ["demo.sales"],
        "communityTourHours": [{"dayOfWeek": 1, "isToursAvailable": true, "tourHoursStart": {"hour": 9, "minute": 0},
            "tourHoursEnd": {"hour": 12, "minute": 0}, "isSecondWindowEnabled": true,
            "secondWindowStart": {"hour": 14, "minute": 0}, "secondWindowEnd": {"hour": 18, "minute": 30}}],
        "communityStaffHours": [{"dayOfWeek": 2, "isStaffAvailable": true, "staffHoursStart": "12:00 PM", "staffHoursEnd": "3:00 PM"}],
        "staff_lock_interval": 10
    }})
}

/// A multipart/form-data body of texts and an optional file part.
fn multipart(texts: &[(&str, &str)], file: Option<(&str, &[u8])>) -> (String, Vec<u8>) {
    let boundary = "tourdesk-test-boundary";
    let mut body = Vec::new();
    for (name, value) in texts {
        body.extend(format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n").as_bytes());
    }
    if let Some((filename, bytes)) = file {
        body.extend(
            format!("--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{filename}\"\r\nContent-Type: application/octet-stream\r\n\r\n")
                .as_bytes(),
        );
        body.extend(bytes);
        body.extend(b"\r\n");
    }
    body.extend(format!("--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

fn new_property(community_id: i64) -> Value {
    json!({"community_id": community_id, "timezone": 53, "house_num": "42", "address_1": "7 Meadow Lane", "city": "Austin",
        "state": "TX", "zipcode": "78701", "price": "455000", "bedrooms": "3", "fullBathrooms": 2, "halfBathrooms": "1",
        "squareFootage": "1900", "isModel": false, "disposition_id": 11,
        "agents": [{"agentUsername": "demo.pm", "is_project_manager": true}, {"agentUsername": "demo.sales", "is_project_manager": false}],
        "property_backup_code": "", "trade_code": "5555", "alarm": true, "alarm_company": "SafeCo"})
}

fn png(width: u32, height: u32) -> Vec<u8> {
    let picture = image::RgbImage::from_fn(width, height, |x, y| {
        image::Rgb([(x % 256) as u8, (y % 256) as u8, 90])
    });
    let mut out = std::io::Cursor::new(Vec::new());
    picture.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

/// The first row's `key` of a list call.
async fn first_id(w: &World, token: &str, path: &str, key: &str) -> i64 {
    let list = w.get(token, path).await.json();
    list["data"][0][key]
        .as_i64()
        .unwrap_or_else(|| panic!("no rows at {path}: {list}"))
}

async fn builder_of_session(w: &World, token: &str) -> i64 {
    w.get(token, "/api/auth/session").await.json()["builderId"]
        .as_i64()
        .unwrap()
}

/// A GET that must answer 200, as JSON.
async fn get(w: &World, token: &str, path: &str) -> Value {
    let answer = w.get(token, path).await;
    assert_eq!(answer.status, StatusCode::OK, "{path}: {}", answer.text());
    answer.json()
}

/// An export call that must answer 200 with a CSV named `file`: its lines, without the BOM.
async fn csv(w: &World, token: &str, path: &str, body: Value, file: &str) -> Vec<String> {
    let answer = w.post(token, path, body).await;
    assert_eq!(answer.status, StatusCode::OK, "{path}: {}", answer.text());
    let disposition = answer.headers[header::CONTENT_DISPOSITION]
        .to_str()
        .unwrap();
    assert!(disposition.contains(file), "{disposition}");
    let text = answer.text();
    text.trim_start_matches('\u{feff}')
        .lines()
        .map(str::to_string)
        .collect()
}

/// A print call that must answer with a PDF.
async fn printed(w: &World, token: &str, path: &str, selection: &[i64]) {
    let answer = w.post(token, path, json!({ "selection": selection })).await;
    assert_eq!(answer.status, StatusCode::OK, "{path}: {}", answer.text());
    assert!(answer.body.starts_with(b"%PDF"));
}

/// A GET that must be refused with a 422 naming `field`.
async fn refused(w: &World, token: &str, path: &str, field: &str) {
    let answer = w.get(token, path).await;
    assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY, "{path}");
    assert!(answer.json()["errors"][field].is_string(), "{path}");
}

/// The first of the caller's homes whose disposition opens (or, `tours` false, closes) tours;
/// with `tours`, also checks that the pickers' filter (`tours=true`) offers only such homes.
async fn touring_home(w: &World, token: &str, tours: bool) -> Value {
    let page = get(w, token, "/api/properties?limit=150").await;
    let opens = |p: &Value| {
        let id = p["disposition_id"].as_i64().unwrap();
        domain::catalog::DISPOSITIONS
            .iter()
            .any(|d| d.id == id && d.tours)
    };
    if tours {
        let touring = get(w, token, "/api/properties?limit=150&tours=true").await;
        let listed = touring["data"].as_array().unwrap();
        assert!(!listed.is_empty() && (listed.len() as i64) < page["total"].as_i64().unwrap());
        assert!(listed.iter().all(opens));
    }
    page["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| opens(p) == tours && p["disposition"] != "Archived")
        .cloned()
        .expect("the demo has such a home")
}

/// A worker with the world's channels; its outbox file is in a folder of the test's own.
fn worker(w: &World) -> server::worker::Worker {
    let settings = Settings {
        data_dir: std::env::temp_dir().join(format!("tourdesk-outbox-{}", std::process::id())),
        ..(*w.state.settings).clone()
    };
    server::worker::Worker::new(
        w.state.hardware.clone(),
        server::notify::Notifier::new(&settings, &loopback()).unwrap(),
    )
}

/// Runs every job due now, until none is left.
async fn drain(worker: &server::worker::Worker) {
    for _ in 0..5_000 {
        if !worker.run_one().await.unwrap() {
            return;
        }
    }
    panic!("the jobs never ran out");
}

/// Staff blacklist a customer (visitor status 155).
async fn blacklist(w: &World, token: &str, customer_id: i64) {
    let answer = w
        .post(
            token,
            &format!("/api/customers/{customer_id}"),
            json!({"customer_id": customer_id, "visitor_status_id": 155}),
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
}
