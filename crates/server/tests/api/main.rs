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
mod api_keys;
mod billing;
mod customers;
mod hardware;
mod integrations;
mod locks;
mod messages;
mod offers;
mod reports;
mod scheduled_visits;
mod seam;
mod security;
mod share;
mod soak;
mod tour;
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
    let template_files = std::env::temp_dir().join(format!("{template}.files"));
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
            .call(
                Method::POST,
                "/api/auth/users",
                None,
                Some(json!({"username": username, "password": "tourdesk-demo"})),
            )
            .await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
        answer.json()["token"].as_str().unwrap().to_string()
    }

    async fn done(self) {
        self.test_db.drop_db().await;
    }
}

#[tokio::test]
async fn sign_in_answers_each_case_with_the_spec_message() {
    let w = world().await;
    for (username, pm, admin, enterprise, rental) in [
        ("demo.admin", true, true, false, false),
        ("demo.pm", true, false, false, false),
        ("demo.sales", false, false, false, false),
        ("rental.pm", true, false, false, true),
        ("demo.enterprise", true, false, true, false),
    ] {
        let a = w
            .call(
                Method::POST,
                "/api/auth/users",
                None,
                Some(json!({"username": username, "password": "tourdesk-demo"})),
            )
            .await;
        assert_eq!(a.status, StatusCode::OK);
        let user = &a.json()["user"];
        assert_eq!(user["username"], username);
        assert_eq!(
            (user["isPM"].as_bool(), user["isAdmin"].as_bool()),
            (Some(pm), Some(admin)),
            "{username}"
        );
        assert_eq!(
            (user["isEnterprise"].as_bool(), user["isRental"].as_bool()),
            (Some(enterprise), Some(rental)),
            "{username}"
        );
    }
    let a = w
        .call(
            Method::POST,
            "/api/auth/users",
            None,
            Some(json!({"username": "nobody", "password": "x"})),
        )
        .await;
    assert_eq!(
        (a.status, a.json()["message"].as_str()),
        (StatusCode::NOT_FOUND, Some("User not found"))
    );
    let a = w
        .call(
            Method::POST,
            "/api/auth/users",
            None,
            Some(json!({"username": "demo.pm", "password": "nope"})),
        )
        .await;
    assert_eq!(
        (a.status, a.json()["message"].as_str()),
        (StatusCode::FORBIDDEN, Some("Invalid usersname or password"))
    );
    let a = w
        .call(
            Method::POST,
            "/api/auth/users",
            None,
            Some(json!({"username": "demo.pm"})),
        )
        .await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY);
    let a = w
        .call(
            Method::POST,
            "/api/auth/users",
            None,
            Some(json!({"username": 5, "password": "x"})),
        )
        .await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY);
    let a = w
        .raw(
            Method::POST,
            "/api/auth/users",
            None,
            Some(Body::from("{not json")),
            Some("application/json"),
        )
        .await;
    assert_eq!(
        (a.status, a.json()["message"].as_str()),
        (
            StatusCode::BAD_REQUEST,
            Some("The request body is not valid JSON")
        )
    );
    let huge = format!(
        "{{\"username\":\"{}\",\"password\":\"x\"}}",
        "a".repeat(2 * 1024 * 1024)
    );
    let a = w
        .raw(
            Method::POST,
            "/api/auth/users",
            None,
            Some(Body::from(huge)),
            Some("application/json"),
        )
        .await;
    assert_eq!(a.status, StatusCode::PAYLOAD_TOO_LARGE);
    w.done().await;
}

#[tokio::test]
async fn repeated_failures_are_throttled() {
    let w = world().await;
    for _ in 0..5 {
        let a = w
            .call(
                Method::POST,
                "/api/auth/users",
                None,
                Some(json!({"username": "demo.sales", "password": "bad"})),
            )
            .await;
        assert_eq!(a.status, StatusCode::FORBIDDEN);
    }
    let a = w
        .call(
            Method::POST,
            "/api/auth/users",
            None,
            Some(json!({"username": "demo.sales", "password": "tourdesk-demo"})),
        )
        .await;
    assert_eq!(a.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(a.json()["message"]
        .as_str()
        .unwrap()
        .starts_with("Too many failed sign-in attempts."));
    assert!(a.headers.get(header::RETRY_AFTER).is_some());
    // Another account is not locked by it.
    w.sign_in("demo.pm").await;
    w.done().await;
}

#[tokio::test]
async fn tokens_are_checked() {
    let w = world().await;
    assert_eq!(
        w.call(Method::GET, "/api/agents", None, None).await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        w.call(Method::GET, "/api/agents", Some("forged.token"), None)
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
    let token = w.sign_in("demo.pm").await;
    let (payload, signature) = token.split_once('.').unwrap();
    let tampered = format!("{}A.{signature}", &payload[..payload.len() - 1]);
    assert_eq!(
        w.call(Method::GET, "/api/agents", Some(&tampered), None)
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
    let other_keys = TokenKeys::new(b"another-secret");
    let user = db::users::find_for_sign_in(&w.state.db, "demo.pm")
        .await
        .unwrap()
        .unwrap();
    let foreign = other_keys.issue(&user, "any-session", None, None);
    assert_eq!(
        w.call(Method::GET, "/api/agents", Some(&foreign), None)
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
    let session = w
        .call(Method::GET, "/api/auth/session", Some(&token), None)
        .await;
    assert_eq!(session.json()["username"], "demo.pm");
    w.done().await;
}

#[tokio::test]
async fn staff_list_searches_sorts_pages_and_refuses_bad_queries() {
    let w = world().await;
    let token = w.sign_in("demo.pm").await;
    let list = w
        .call(
            Method::GET,
            "/api/agents?limit=25&page=0",
            Some(&token),
            None,
        )
        .await
        .json();
    let total = list["total"].as_i64().unwrap();
    assert!(total > 25, "the demo builder has more staff than a page");
    assert_eq!(list["data"].as_array().unwrap().len(), 25);
    assert!(list["data"]
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r["builder"] == "Brightway Homes"));
    let last = w
        .call(
            Method::GET,
            &format!("/api/agents?limit=25&page={}", (total - 1) / 25),
            Some(&token),
            None,
        )
        .await
        .json();
    assert_eq!(
        last["data"].as_array().unwrap().len() as i64,
        total - 25 * ((total - 1) / 25)
    );
    for (column, _) in db::users::AGENTS.sort_columns {
        let a = w
            .call(
                Method::GET,
                &format!("/api/agents?orderBy={column}&order=asc"),
                Some(&token),
                None,
            )
            .await;
        assert_eq!(a.status, StatusCode::OK, "{column}");
    }
    let asc = w
        .call(
            Method::GET,
            "/api/agents?orderBy=username&order=asc&limit=150",
            Some(&token),
            None,
        )
        .await
        .json();
    let names: Vec<&str> = asc["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["username"].as_str().unwrap())
        .collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted);
    let found = w
        .call(
            Method::GET,
            "/api/agents?search=SELLERS",
            Some(&token),
            None,
        )
        .await
        .json();
    assert_eq!(found["total"], 1);
    assert_eq!(found["data"][0]["username"], "demo.sales");
    assert_eq!(
        w.call(Method::GET, "/api/agents?search=%25", Some(&token), None)
            .await
            .json()["total"],
        0
    );
    for bad in [
        "orderBy=pass_word",
        "order=sideways",
        "limit=10",
        "page=-1",
        "page=abc",
    ] {
        let a = w
            .call(
                Method::GET,
                &format!("/api/agents?{bad}"),
                Some(&token),
                None,
            )
            .await;
        assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}");
        assert!(a.json()["message"].is_string());
    }
    w.done().await;
}

#[tokio::test]
async fn staff_are_added_validated_edited_and_deleted() {
    let w = world().await;
    let token = w.sign_in("demo.pm").await;
    let bad = w.call(Method::POST, "/api/agents", Some(&token), Some(json!({
        "username": "", "firstname": "Ann3", "lastname": "", "phone": "5551234567", "email": "nope"
    }))).await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    let errors = &bad.json()["errors"];
    assert_eq!(errors["roles"], "Select at least one role to the agent!");
    assert_eq!(errors["phone"], "Phone must match 999-999-9999");
    let before = w
        .call(Method::GET, "/api/agents", Some(&token), None)
        .await
        .json()["total"]
        .clone();

    let input = json!({"username": "", "firstname": "Nina", "lastname": "New", "phone": "555-222-3333",
        "email": "nina@example.com", "roles": {"id": 1}, "send_sms": 1, "send_email": 1});
    let created = w
        .call(
            Method::POST,
            "/api/agents",
            Some(&token),
            Some(input.clone()),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
    assert_eq!(created.json()["username"], "nina.new");
    assert_eq!(created.json()["message"], "Agent added successfully");
    let agent = w
        .call(Method::GET, "/api/agents/nina.new", Some(&token), None)
        .await
        .json();
    assert_eq!(
        (agent["send_sms"].as_i64(), agent["send_email"].as_i64()),
        (Some(0), Some(0)),
        "Other Staff get no notifications"
    );
    assert_eq!(agent["roles"]["Label"], "Other Staff");
    assert_eq!(agent["builder"], "Brightway Homes");

    let clash = w
        .call(Method::POST, "/api/agents", Some(&token), Some(input))
        .await;
    assert_eq!(clash.status, StatusCode::CONFLICT);
    assert_eq!(clash.json()["suggestedUsername"], "nina.new2");

    // The new agent was mailed a link to choose a password; following it signs them in.
    let mails = db::messages::mails_to(&w.state.db, "nina@example.com")
        .await
        .unwrap();
    let body = &mails[0].body;
    let link = body
        .lines()
        .find(|l| l.contains("/reset_password?"))
        .unwrap();
    let query = link.split_once('?').unwrap().1;
    let params: std::collections::HashMap<String, String> =
        serde_urlencoded::from_str(query).unwrap();
    let check = w
        .call(
            Method::POST,
            "/api/auth/password_reset",
            None,
            Some(json!({"token": params["token"]})),
        )
        .await;
    assert_eq!(check.status, StatusCode::OK);
    let set = w
        .call(
            Method::PUT,
            "/api/auth/password_reset",
            None,
            Some(json!({"token": params["token"], "password": "a-new-password"})),
        )
        .await;
    assert_eq!(set.status, StatusCode::OK);
    let again = w
        .call(
            Method::PUT,
            "/api/auth/password_reset",
            None,
            Some(json!({"token": params["token"], "password": "another-one"})),
        )
        .await;
    assert_eq!(
        (again.status, again.json()["message"].as_str()),
        (
            StatusCode::BAD_REQUEST,
            Some("Token is not valid or expired.")
        )
    );
    let signed = w
        .call(
            Method::POST,
            "/api/auth/users",
            None,
            Some(json!({"username": "nina.new", "password": "a-new-password"})),
        )
        .await;
    assert_eq!(signed.status, StatusCode::OK);

    let edit = json!({"firstname": "Nina", "lastname": "Newer", "phone": "555-222-4444", "email": "nina@example.com",
        "roles": {"id": 2}, "send_sms": 1, "send_email": 1});
    let a = w
        .call(
            Method::PATCH,
            "/api/agents/nina.new",
            Some(&token),
            Some(edit),
        )
        .await;
    assert_eq!(
        (a.status, a.json()["message"].as_str()),
        (StatusCode::OK, Some("Updated successfully"))
    );
    let agent = w
        .call(Method::GET, "/api/agents/nina.new", Some(&token), None)
        .await
        .json();
    assert_eq!(
        (agent["lastname"].as_str(), agent["userType"].as_str()),
        (Some("Newer"), Some("Sales Staff"))
    );
    assert_eq!(agent["notification_email"], "nina@example.com");
    assert_eq!(agent["groups"][0]["GroupID"], 2);

    let resend = w
        .call(
            Method::POST,
            "/api/agents/resendEmail",
            Some(&token),
            Some(json!({"username": "nina.new", "email": "nina@example.com"})),
        )
        .await;
    assert_eq!(resend.json()["message"], "Success resend email!");
    let me = w
        .call(
            Method::DELETE,
            "/api/agents",
            Some(&token),
            Some(json!({"usernames": ["demo.pm"]})),
        )
        .await;
    assert_eq!(me.status, StatusCode::UNPROCESSABLE_ENTITY);
    let gone = w
        .call(
            Method::DELETE,
            "/api/agents",
            Some(&token),
            Some(json!({"usernames": ["nina.new"]})),
        )
        .await;
    assert_eq!(gone.json()["message"], "Successfully deleted");
    assert_eq!(
        w.call(Method::GET, "/api/agents", Some(&token), None)
            .await
            .json()["total"],
        before
    );
    assert_eq!(
        w.call(Method::GET, "/api/agents/nina.new", Some(&token), None)
            .await
            .status,
        StatusCode::NOT_FOUND
    );

    let sales = w.sign_in("demo.sales").await;
    let refused = w.call(Method::POST, "/api/agents", Some(&sales), Some(json!({"firstname": "X", "lastname": "Y", "phone": "555-222-3333", "email": "x@example.com", "roles": {"id": 2}}))).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    w.done().await;
}

#[tokio::test]
async fn teams_are_created_edited_and_keep_other_staff_out() {
    let w = world().await;
    let token = w.sign_in("demo.pm").await;
    let missing = w
        .call(
            Method::POST,
            "/api/teams/add",
            Some(&token),
            Some(json!({"name": "", "description": "", "agents": []})),
        )
        .await;
    assert_eq!(missing.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        missing.json()["errors"],
        json!({"name": "required", "description": "required", "agents": "required"})
    );
    let field = w
        .call(
            Method::POST,
            "/api/teams/add",
            Some(&token),
            Some(json!({"name": "Field", "description": "x", "agents": ["olivia.field"]})),
        )
        .await;
    assert_eq!(
        field.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "other staff cannot be on teams"
    );
    let created = w
        .call(
            Method::POST,
            "/api/teams/add",
            Some(&token),
            Some(json!({"name": "South", "description": "South sales", "agents": ["demo.sales"]})),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
    let id = created.json()["id"].as_i64().unwrap();
    let add = w
        .call(
            Method::POST,
            &format!("/api/teams/{id}/agent"),
            Some(&token),
            Some(json!({"agent": "demo.pm"})),
        )
        .await;
    assert_eq!(add.status, StatusCode::OK);
    let team = w
        .call(Method::GET, &format!("/api/teams/{id}"), Some(&token), None)
        .await
        .json();
    assert_eq!(team["total_members"], 2);
    assert_eq!(team["agents"][0]["username"], "demo.pm");
    let removed = w
        .call(
            Method::DELETE,
            &format!("/api/teams/{id}/agent"),
            Some(&token),
            Some(json!({"agent": "demo.sales"})),
        )
        .await;
    assert_eq!(removed.json()["message"], "Agent removed.");
    let renamed = w
        .call(
            Method::POST,
            &format!("/api/teams/{id}"),
            Some(&token),
            Some(json!({"name": "South Sales", "description": "All of the south"})),
        )
        .await;
    assert_eq!(renamed.status, StatusCode::OK);
    let list = w
        .call(Method::GET, "/api/teams?search=south", Some(&token), None)
        .await
        .json();
    assert_eq!(
        (list["total"].as_i64(), list["data"][0]["name"].as_str()),
        (Some(1), Some("South Sales"))
    );
    let default_order = w
        .call(Method::GET, "/api/teams", Some(&token), None)
        .await
        .json();
    assert_eq!(
        default_order["data"][0]["id"].as_i64(),
        Some(id),
        "newest first"
    );
    let deleted = w
        .call(
            Method::DELETE,
            "/api/teams",
            Some(&token),
            Some(json!({"ids": [id]})),
        )
        .await;
    assert_eq!(deleted.status, StatusCode::OK);
    w.done().await;
}

#[tokio::test]
async fn another_builders_objects_are_not_found() {
    let w = world().await;
    let cedar = w.sign_in("cedar.pm").await;
    let pm = w.sign_in("demo.pm").await;
    let homes_team = w
        .call(Method::GET, "/api/teams", Some(&pm), None)
        .await
        .json()["data"][0]["id"]
        .as_i64()
        .unwrap();
    let homes = w
        .call(Method::GET, "/api/auth/session", Some(&pm), None)
        .await
        .json()["builderId"]
        .as_i64()
        .unwrap();
    let edit = json!({"firstname": "Sam", "lastname": "Sellers", "phone": "555-222-3333", "email": "s@example.com", "roles": {"id": 2}});
    let checks: Vec<(Method, String, Option<Value>)> = vec![
        (Method::GET, "/api/agents/demo.sales".into(), None),
        (Method::PATCH, "/api/agents/demo.sales".into(), Some(edit)),
        (
            Method::DELETE,
            "/api/agents".into(),
            Some(json!({"usernames": ["demo.sales"]})),
        ),
        (
            Method::POST,
            "/api/agents/resendEmail".into(),
            Some(json!({"username": "demo.sales"})),
        ),
        (Method::GET, format!("/api/available_agents/{homes}"), None),
        (Method::GET, format!("/api/teams/{homes_team}"), None),
        (
            Method::POST,
            format!("/api/teams/{homes_team}"),
            Some(json!({"name": "x", "description": "y"})),
        ),
        (
            Method::DELETE,
            "/api/teams".into(),
            Some(json!({"ids": [homes_team]})),
        ),
        (
            Method::POST,
            format!("/api/teams/{homes_team}/agent"),
            Some(json!({"agent": "cedar.sales"})),
        ),
        (
            Method::DELETE,
            format!("/api/teams/{homes_team}/agent"),
            Some(json!({"agent": "demo.sales"})),
        ),
        (Method::GET, format!("/api/teams/builder/{homes}"), None),
        (Method::GET, format!("/api/builders/{homes}"), None),
        (Method::GET, format!("/api/builders/{homes}/detail"), None),
    ];
    for (method, path, body) in checks {
        let a = w.call(method.clone(), &path, Some(&cedar), body).await;
        assert_eq!(
            a.status,
            StatusCode::NOT_FOUND,
            "{method} {path}: {}",
            a.text()
        );
    }
    let list = w
        .call(Method::GET, "/api/agents?limit=150", Some(&cedar), None)
        .await
        .json();
    assert!(list["data"]
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r["builder"] == "Cedar Ridge Builders"));
    let filtered = w
        .call(
            Method::GET,
            &format!("/api/agents?filterByBuilder={homes}"),
            Some(&cedar),
            None,
        )
        .await
        .json();
    assert_eq!(filtered["total"], 0);
    let export = w
        .call(
            Method::POST,
            "/api/agents/export",
            Some(&cedar),
            Some(json!({"selection": ["demo.sales"]})),
        )
        .await;
    assert_eq!(
        export.text().lines().count(),
        1,
        "only the header: the row is another builder's"
    );
    // The team survived the attempts.
    assert_eq!(
        w.call(
            Method::GET,
            &format!("/api/teams/{homes_team}"),
            Some(&pm),
            None
        )
        .await
        .status,
        StatusCode::OK
    );
    w.done().await;
}

#[tokio::test]
async fn enterprise_users_span_their_builders_and_admins_act_as_pms() {
    let w = world().await;
    let ent = w.sign_in("demo.enterprise").await;
    let builders = w
        .call(
            Method::GET,
            "/api/builders/enterprise/demo.enterprise",
            Some(&ent),
            None,
        )
        .await
        .json();
    let names: Vec<&str> = builders
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Brightway Homes", "Brightway Rentals"]);
    let rentals = builders[1]["builder_id"].as_i64().unwrap();
    let all = w
        .call(Method::GET, "/api/agents?limit=150", Some(&ent), None)
        .await
        .json();
    let one = w
        .call(
            Method::GET,
            &format!("/api/agents?limit=150&builderId={rentals}"),
            Some(&ent),
            None,
        )
        .await
        .json();
    assert!(all["total"].as_i64() > one["total"].as_i64());
    assert!(one["data"]
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r["builder"] == "Brightway Rentals"));
    let chosen = w
        .call(
            Method::POST,
            "/api/auth/enterprise_user",
            Some(&ent),
            Some(json!({"username": "demo.enterprise", "builder_id": rentals})),
        )
        .await;
    assert_eq!(chosen.status, StatusCode::OK);
    assert_eq!(
        (
            chosen.json()["user"]["builder"].as_str(),
            chosen.json()["user"]["isRental"].as_bool()
        ),
        (Some("Brightway Rentals"), Some(true))
    );
    let pm = w.sign_in("demo.pm").await;
    let refused = w
        .call(
            Method::POST,
            "/api/auth/enterprise_user",
            Some(&pm),
            Some(json!({"username": "demo.pm", "builder_id": rentals})),
        )
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);

    let admin = w.sign_in("demo.admin").await;
    let builders = w
        .call(Method::GET, "/api/builders?limit=150", Some(&admin), None)
        .await
        .json();
    assert_eq!(builders["total"], 3);
    let homes = builders["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["name"] == "Brightway Homes")
        .unwrap()["builder_id"]
        .as_i64()
        .unwrap();
    let pms = w
        .call(
            Method::GET,
            &format!("/api/builders/{homes}/pms"),
            Some(&admin),
            None,
        )
        .await
        .json();
    assert!(pms
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["username"] == "demo.pm"));
    let acting = w
        .call(
            Method::POST,
            "/api/auth/admin_as_pm",
            Some(&admin),
            Some(json!({"username": "demo.pm"})),
        )
        .await;
    assert_eq!(
        (acting.status, acting.json()["user"]["username"].as_str()),
        (StatusCode::OK, Some("demo.pm"))
    );
    // The session says who is acting, and the admin goes back within the same sign-in.
    let acting_token = acting.json()["token"].as_str().unwrap().to_string();
    assert_eq!(
        get(&w, &acting_token, "/api/auth/session").await["actingAdmin"],
        "demo.admin"
    );
    let back = w
        .call(
            Method::POST,
            "/api/auth/admin_return",
            Some(&acting_token),
            None,
        )
        .await;
    assert_eq!(back.status, StatusCode::OK, "{}", back.text());
    assert_eq!(
        (
            back.json()["user"]["isAdmin"].clone(),
            back.json()["user"]["actingAdmin"].clone()
        ),
        (json!(true), Value::Null)
    );
    // Nobody else can: not the admin as themselves, not a program manager.
    for token in [&admin, &pm] {
        let refused = w
            .call(Method::POST, "/api/auth/admin_return", Some(token), None)
            .await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN);
    }
    let not_pm = w
        .call(
            Method::POST,
            "/api/auth/admin_as_pm",
            Some(&admin),
            Some(json!({"username": "demo.sales"})),
        )
        .await;
    assert_eq!(not_pm.status, StatusCode::NOT_FOUND);
    assert_eq!(
        w.call(
            Method::POST,
            "/api/auth/admin_as_pm",
            Some(&pm),
            Some(json!({"username": "demo.pm"}))
        )
        .await
        .status,
        StatusCode::FORBIDDEN
    );
    w.done().await;
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

#[tokio::test]
async fn password_reset_by_mail_and_refresh() {
    let w = world().await;
    let a = ask_reset(&w).await;
    assert_eq!(
        (a.status, a.json()["message"].as_str()),
        (StatusCode::OK, Some("Email sent."))
    );
    let unknown = w
        .call(
            Method::GET,
            "/api/auth/password_reset?username=nobody&email=x@example.com",
            None,
            None,
        )
        .await;
    assert_eq!(unknown.status, StatusCode::OK, "no account enumeration");
    assert_eq!(
        w.call(
            Method::GET,
            "/api/auth/password_reset?username=demo.sales",
            None,
            None
        )
        .await
        .status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    let params = newest_reset_link(&w, "demo.sales@demo.tourdesk.test").await;
    let refreshed = w
        .call(
            Method::PATCH,
            "/api/auth/password_reset",
            None,
            Some(json!({"refreshToken": params["refreshToken"]})),
        )
        .await;
    assert_eq!(refreshed.status, StatusCode::OK);
    let old = w
        .call(
            Method::POST,
            "/api/auth/password_reset",
            None,
            Some(json!({"token": params["token"]})),
        )
        .await;
    assert_eq!(
        old.json()["message"],
        "Token is not valid or expired.",
        "refreshing spends the old pair"
    );
    let new_token = refreshed.json()["token"].as_str().unwrap().to_string();
    let short = w
        .call(
            Method::PUT,
            "/api/auth/password_reset",
            None,
            Some(json!({"token": new_token, "password": "short"})),
        )
        .await;
    assert_eq!(short.status, StatusCode::UNPROCESSABLE_ENTITY);
    let session = w.sign_in("demo.sales").await;
    let set = w
        .call(
            Method::PUT,
            "/api/auth/password_reset",
            None,
            Some(json!({"token": new_token, "password": "brand-new-pass"})),
        )
        .await;
    assert_eq!(set.status, StatusCode::OK);
    assert_eq!(
        w.call(Method::GET, "/api/profile", Some(&session), None)
            .await
            .status,
        StatusCode::UNAUTHORIZED,
        "old sessions end"
    );
    let ok = w
        .call(
            Method::POST,
            "/api/auth/users",
            None,
            Some(json!({"username": "demo.sales", "password": "brand-new-pass"})),
        )
        .await;
    assert_eq!(ok.status, StatusCode::OK);
    w.done().await;
}

#[tokio::test]
async fn profile_is_read_and_updated_with_its_rules() {
    let w = world().await;
    let token = w.sign_in("demo.sales").await;
    let profile = w
        .call(Method::GET, "/api/profile", Some(&token), None)
        .await
        .json();
    assert_eq!(profile["firstName"], "Sam");
    let mut update = json!({"firstName": "Sammy", "lastName": "Sellers", "phone": "555-103-1003", "email": "sam@example.com",
        "send_email": 1, "send_sms": 0, "send_cc_email": 1, "cc_email": ""});
    let bad = w
        .call(
            Method::PATCH,
            "/api/profile",
            Some(&token),
            Some(update.clone()),
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(bad.json()["errors"]["cc_email"], "CC email is required");
    update["cc_email"] = json!("boss@example.com");
    update["pass_word"] = json!("one-password");
    update["confirm"] = json!("two-password");
    let mismatch = w
        .call(
            Method::PATCH,
            "/api/profile",
            Some(&token),
            Some(update.clone()),
        )
        .await;
    assert_eq!(
        mismatch.json()["errors"]["confirm"],
        "Password doesn't match."
    );
    update["confirm"] = json!("one-password");
    let ok = w
        .call(Method::PATCH, "/api/profile", Some(&token), Some(update))
        .await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.text());
    let user = ok.json();
    assert_eq!(
        (user["firstName"].as_str(), user["cc_email"].as_str()),
        (Some("Sammy"), Some("boss@example.com"))
    );
    let fresh = user["token"].as_str().unwrap();
    assert_eq!(
        w.call(Method::GET, "/api/profile", Some(fresh), None)
            .await
            .status,
        StatusCode::OK,
        "a new token after a password change"
    );
    w.done().await;
}

#[tokio::test]
async fn exports_are_safe_csv_and_print_is_pdf() {
    let w = world().await;
    let token = w.sign_in("demo.pm").await;
    let evil = json!({"username": "evil.one", "firstname": "Eve", "lastname": "Formula", "phone": "555-222-3333",
        "email": "eve@example.com", "roles": {"id": 2}});
    assert_eq!(
        w.call(Method::POST, "/api/agents", Some(&token), Some(evil))
            .await
            .status,
        StatusCode::CREATED
    );
    sqlx_set_name(&w, "evil.one", "=HYPERLINK(\"x\")").await;
    let csv = w
        .call(
            Method::POST,
            "/api/agents/export",
            Some(&token),
            Some(json!({"selection": ["evil.one", "demo.sales"]})),
        )
        .await;
    assert_eq!(csv.headers[header::CONTENT_TYPE], "text/csv; charset=utf-8");
    assert!(csv.headers[header::CONTENT_DISPOSITION]
        .to_str()
        .unwrap()
        .contains("agents-export.csv"));
    let text = csv.text();
    assert!(text.starts_with("\u{feff}Username,First Name,Last Name,User Type,Builder,Email,Phone"));
    assert!(text.contains("\"'=HYPERLINK(\"\"x\"\")\""), "{text}");
    assert_eq!(text.lines().count(), 3);
    let all = w
        .call(
            Method::POST,
            "/api/agents/exportAll",
            Some(&token),
            Some(json!({"params": {"search": "brightway"}})),
        )
        .await;
    let total = w
        .call(
            Method::GET,
            "/api/agents?search=brightway",
            Some(&token),
            None,
        )
        .await
        .json()["total"]
        .as_i64()
        .unwrap();
    assert_eq!(all.text().lines().count() as i64, total + 1);
    let by_query = w
        .call(
            Method::POST,
            "/api/teams/exportAll",
            Some(&token),
            Some(json!({"query": "?search=north"})),
        )
        .await;
    assert_eq!(by_query.text().lines().count(), 2);
    let bad = w
        .call(
            Method::POST,
            "/api/agents/exportAll",
            Some(&token),
            Some(json!({"params": {"orderBy": "secret"}})),
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    let pdf = w
        .call(
            Method::POST,
            "/api/agents/print",
            Some(&token),
            Some(json!({"selection": ["demo.sales"]})),
        )
        .await;
    assert_eq!(pdf.headers[header::CONTENT_TYPE], "application/pdf");
    assert!(pdf.body.starts_with(b"%PDF-"));
    let text = pdf_extract::extract_text_from_mem(&pdf.body).unwrap();
    assert!(text.contains("demo.sales"), "{text}");
    w.done().await;
}

async fn sqlx_set_name(w: &World, username: &str, firstname: &str) {
    let user = db::users::find_for_sign_in(&w.state.db, username)
        .await
        .unwrap()
        .unwrap();
    let record = db::users::ProfileUpdate {
        firstname: firstname.into(),
        lastname: user.lastname.clone(),
        phone: user.phone.clone(),
        email: user.email.clone(),
        notifications: user.notifications.clone(),
    };
    db::users::update_profile(&w.state.db, user.user_id, &record)
        .await
        .unwrap();
}

#[tokio::test]
async fn reference_data_flags_feedback_and_health() {
    let w = world().await;
    let catalog = w
        .call(Method::GET, "/api/catalog?catalog_type_id=12", None, None)
        .await
        .json();
    let types: Vec<(i64, &str)> = catalog
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["catalog_id"].as_i64().unwrap(),
                c["name"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        types,
        [
            (122, "V"),
            (123, "AG"),
            (124, "TC"),
            (125, "CL"),
            (126, "NN")
        ]
    );
    assert_eq!(
        w.call(Method::GET, "/api/catalog?catalog_type_id=x", None, None)
            .await
            .status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    assert_eq!(
        w.call(Method::GET, "/api/states", None, None)
            .await
            .json()
            .as_array()
            .unwrap()
            .len(),
        64
    );
    // The demo world switches billing on; a platform admin may switch it off and on.
    assert_eq!(
        w.call(Method::GET, "/api/feature_flags", None, None)
            .await
            .json()["BILLING_UI"],
        true
    );
    let pm = w.sign_in("demo.pm").await;
    assert_eq!(
        w.call(
            Method::PUT,
            "/api/feature_flags/BILLING_UI",
            Some(&pm),
            Some(json!({"enabled": true}))
        )
        .await
        .status,
        StatusCode::FORBIDDEN
    );
    let admin = w.sign_in("demo.admin").await;
    for enabled in [false, true] {
        assert_eq!(
            w.call(
                Method::PUT,
                "/api/feature_flags/BILLING_UI",
                Some(&admin),
                Some(json!({ "enabled": enabled }))
            )
            .await
            .json()["BILLING_UI"],
            enabled
        );
    }
    assert_eq!(
        w.call(Method::GET, "/api/feature_flags", None, None)
            .await
            .json()["BILLING_UI"],
        true
    );
    let empty = w
        .call(
            Method::POST,
            "/api/feedback",
            Some(&pm),
            Some(json!({"feedbackMessage": "  "})),
        )
        .await;
    assert_eq!(empty.status, StatusCode::UNPROCESSABLE_ENTITY);
    let sent = w
        .call(
            Method::POST,
            "/api/feedback",
            Some(&pm),
            Some(json!({"feedbackMessage": "Love the staff list", "page": "/agents"})),
        )
        .await;
    assert_eq!(
        (sent.status, sent.json()["message"].as_str()),
        (StatusCode::CREATED, Some("Success!"))
    );
    let detail = w
        .call(Method::GET, "/api/builders/1/detail", Some(&pm), None)
        .await;
    assert_eq!(detail.headers[header::CACHE_CONTROL], "no-store");
    let health = w.call(Method::GET, "/api/health", None, None).await;
    assert_eq!(health.json()["database"], "ok");
    assert_eq!(health.headers["x-content-type-options"], "nosniff");
    assert!(health.headers[header::CONTENT_SECURITY_POLICY]
        .to_str()
        .unwrap()
        .contains("frame-ancestors 'none'"));
    assert!(health.headers.contains_key("x-request-id"));
    assert_eq!(
        w.call(Method::GET, "/api/nothing-here", None, None)
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    w.done().await;
}

#[tokio::test]
async fn the_openapi_document_is_pinned() {
    let document = serde_json::to_string_pretty(&server::http::openapi()).unwrap() + "\n";
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/openapi.json");
    if std::env::var("UPDATE_SNAPSHOTS").is_ok() {
        std::fs::write(path, &document).unwrap();
    }
    let pinned = std::fs::read_to_string(path).unwrap();
    assert!(
        pinned == document,
        "the API changed: run `make openapi` and commit crates/server/openapi.json"
    );
    let value: Value = serde_json::from_str(&document).unwrap();
    for path in [
        "/api/auth/users",
        "/api/agents",
        "/api/agents/{username}",
        "/api/teams/{id}/agent",
        "/api/agents/exportAll",
    ] {
        assert!(value["paths"].get(path).is_some(), "{path} is documented");
    }
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

#[tokio::test]
async fn communities_are_listed_created_validated_and_edited() {
    let w = world().await;
    let token = w.sign_in("demo.pm").await;
    let list = w
        .call(Method::GET, "/api/communities", Some(&token), None)
        .await
        .json();
    assert_eq!(
        list["total"], 3,
        "the sales builder's three demo communities"
    );
    for (column, _) in db::communities::COMMUNITIES.sort_columns {
        let a = w
            .call(
                Method::GET,
                &format!("/api/communities?orderBy={column}&order=asc"),
                Some(&token),
                None,
            )
            .await;
        assert_eq!(a.status, StatusCode::OK, "{column}");
    }
    let found = w
        .call(
            Method::GET,
            "/api/communities?search=WILLOW",
            Some(&token),
            None,
        )
        .await
        .json();
    assert_eq!(
        (found["total"].as_i64(), found["data"][0]["name"].as_str()),
        (Some(1), Some("Willow Creek"))
    );
    let statuses = w
        .call(Method::GET, "/api/communities/statuses", Some(&token), None)
        .await
        .json();
    assert_eq!(statuses[0], json!({"status_id": 1, "status": "Active"}));

    let empty = w
        .call(
            Method::POST,
            "/api/communities/saveCommunity",
            Some(&token),
            Some(json!({"community": {"trade_code": "12"}})),
        )
        .await;
    assert_eq!(empty.status, StatusCode::UNPROCESSABLE_ENTITY);
    let errors = &empty.json()["errors"];
    assert_eq!(errors["name"], "Name is required field");
    assert_eq!(errors["sales_agent"], "Sales contact is a required field");
    assert_eq!(
        errors["emergency_contacts"],
        "Point person is a required field"
    );
    assert_eq!(
        errors["trade_code"],
        "Trade code are must have between 4-8 digits! Empty slots are acceptable"
    );

    let mut late = community_body("Late Hours");
    late["community"]["communityTourHours"][0]["tourHoursEnd"] = json!({"hour": 22, "minute": 45});
    let a = w
        .call(
            Method::POST,
            "/api/communities/saveCommunity",
            Some(&token),
            Some(late),
        )
        .await;
    assert_eq!(
        a.json()["errors"]["communityTourHours.1"],
        "No available time slots!"
    );
    let mut letters = community_body("Letters");
    letters["community"]["sales_code"] = json!("12ab");
    let a = w
        .call(
            Method::POST,
            "/api/communities/saveCommunity",
            Some(&token),
            Some(letters),
        )
        .await;
    assert_eq!(
        a.json()["errors"]["sales_code"],
        "The field should have digits only"
    );
    let mut lasso = community_body("Lasso");
    lasso["community"]["lasso_community_project_id"] = json!("77a");
    let a = w
        .call(
            Method::POST,
            "/api/communities/saveCommunity",
            Some(&token),
            Some(lasso),
        )
        .await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        a.json()["errors"]["lasso_community_project_id"],
        "The field should have digits only",
        "a value of the wrong shape is answered on its field: {}",
        a.text()
    );

    let created = w
        .call(
            Method::POST,
            "/api/communities/saveCommunity",
            Some(&token),
            Some(community_body("Juniper Park")),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
    let id = created.json()["id"].as_i64().unwrap();
    let community = w
        .call(
            Method::GET,
            &format!("/api/communities/{id}"),
            Some(&token),
            None,
        )
        .await
        .json();
    assert_eq!(
        (community["name"].as_str(), community["status"].as_str()),
        (Some("Juniper Park"), Some("Coming Soon"))
    );
    assert_eq!(community["lasso_community_project_id"], 778);
    assert_eq!(community["created_by"], "demo.pm");
    assert_eq!(community["agents"][0]["username"], "demo.sales");
    assert_eq!(
        community["communityTourHours"][0]["secondWindowEnd"],
        json!({"hour": 18, "minute": 30})
    );
    assert_eq!(
        community["communityStaffHours"][0]["staffHoursEnd"],
        "3:00 PM"
    );
    let newest = w
        .call(Method::GET, "/api/communities", Some(&token), None)
        .await
        .json();
    assert_eq!(
        newest["data"][0]["id"].as_i64(),
        Some(id),
        "default sort is modified_on desc"
    );

    let mut edit = community_body("Juniper Park North");
    edit["community"]["id"] = json!(id);
    edit["community"]["agents"] = json!([]);
    edit["community"]["communityTourHours"] = Value::Null;
    let updated = w
        .call(
            Method::POST,
            "/api/communities/saveCommunity",
            Some(&token),
            Some(edit),
        )
        .await;
    assert_eq!(updated.status, StatusCode::OK, "{}", updated.text());
    let community = w
        .call(
            Method::GET,
            &format!("/api/communities/{id}"),
            Some(&token),
            None,
        )
        .await
        .json();
    assert_eq!(community["name"], "Juniper Park North");
    assert_eq!(community["agents"], json!([]));
    assert!(
        community["communityTourHours"].is_null(),
        "no custom hours: the defaults apply"
    );

    let mut field_staff = community_body("Field");
    field_staff["community"]["agents"] = json!(["olivia.field"]);
    assert_eq!(
        w.call(
            Method::POST,
            "/api/communities/saveCommunity",
            Some(&token),
            Some(field_staff)
        )
        .await
        .status,
        StatusCode::UNPROCESSABLE_ENTITY
    );

    let qr = w
        .call(
            Method::POST,
            &format!("/api/communities/{id}/saveQRCode"),
            Some(&token),
            Some(json!({"QRCodeText": "https://tours.example/c/1", "QRCodeName": "Front sign"})),
        )
        .await;
    assert_eq!(qr.status, StatusCode::CREATED);
    let qr_id = qr.json()["id"].as_i64().unwrap();
    let codes = w
        .call(
            Method::GET,
            &format!("/api/communities/{id}/QRCode"),
            Some(&token),
            None,
        )
        .await
        .json();
    assert_eq!(codes[0]["name"], "Front sign");
    assert_eq!(
        w.call(
            Method::POST,
            &format!("/api/communities/{id}/saveQRCode"),
            Some(&token),
            Some(json!({"QRCodeText": "", "QRCodeName": "x"}))
        )
        .await
        .status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    let gone = w
        .call(
            Method::POST,
            "/api/communities/QRCode_delete",
            Some(&token),
            Some(json!({"id": qr_id})),
        )
        .await;
    assert_eq!(gone.status, StatusCode::OK);

    let csv = w
        .call(
            Method::POST,
            "/api/communities/export",
            Some(&token),
            Some(json!({"selection": [id]})),
        )
        .await;
    assert!(csv.headers[header::CONTENT_DISPOSITION]
        .to_str()
        .unwrap()
        .contains("communities-export.csv"));
    assert!(csv.text().contains("Juniper Park North"));
    let all = w
        .call(
            Method::POST,
            "/api/communities/exportAll",
            Some(&token),
            Some(json!({"params": {}})),
        )
        .await;
    assert_eq!(all.text().lines().count(), 5);
    let deleted = w
        .call(
            Method::DELETE,
            "/api/communities",
            Some(&token),
            Some(json!({"ids": [id]})),
        )
        .await;
    assert_eq!(deleted.json()["message"], "Successfully deleted!");
    assert_eq!(
        w.call(
            Method::GET,
            &format!("/api/communities/{id}"),
            Some(&token),
            None
        )
        .await
        .status,
        StatusCode::NOT_FOUND
    );
    w.done().await;
}

#[tokio::test]
async fn another_builders_communities_are_not_found() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let cedar = w.sign_in("cedar.pm").await;
    let homes = w
        .call(Method::GET, "/api/auth/session", Some(&pm), None)
        .await
        .json()["builderId"]
        .as_i64()
        .unwrap();
    let theirs = w
        .call(Method::GET, "/api/communities", Some(&pm), None)
        .await
        .json()["data"][0]["id"]
        .as_i64()
        .unwrap();
    let qr = w
        .call(
            Method::POST,
            &format!("/api/communities/{theirs}/saveQRCode"),
            Some(&pm),
            Some(json!({"QRCodeText": "t", "QRCodeName": "n"})),
        )
        .await
        .json()["id"]
        .as_i64()
        .unwrap();
    let mut edit = community_body("Taken Over");
    edit["community"]["id"] = json!(theirs);
    let checks: Vec<(Method, String, Option<Value>)> = vec![
        (Method::GET, format!("/api/communities/{theirs}"), None),
        (
            Method::POST,
            "/api/communities/saveCommunity".into(),
            Some(edit),
        ),
        (
            Method::DELETE,
            "/api/communities".into(),
            Some(json!({"ids": [theirs]})),
        ),
        (
            Method::GET,
            format!("/api/communities/{theirs}/QRCode"),
            None,
        ),
        (
            Method::POST,
            format!("/api/communities/{theirs}/saveQRCode"),
            Some(json!({"QRCodeText": "t", "QRCodeName": "n"})),
        ),
        (
            Method::POST,
            "/api/communities/QRCode_delete".into(),
            Some(json!({"id": qr})),
        ),
        (
            Method::GET,
            format!("/api/communities/builder/{homes}"),
            None,
        ),
    ];
    for (method, path, body) in checks {
        let a = w.call(method.clone(), &path, Some(&cedar), body).await;
        assert_eq!(
            a.status,
            StatusCode::NOT_FOUND,
            "{method} {path}: {}",
            a.text()
        );
    }
    let mut foreign_builder = community_body("Elsewhere");
    foreign_builder["community"]["builder_id"] = json!(homes);
    assert_eq!(
        w.call(
            Method::POST,
            "/api/communities/saveCommunity",
            Some(&cedar),
            Some(foreign_builder)
        )
        .await
        .status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    let list = w
        .call(
            Method::GET,
            "/api/communities?limit=150",
            Some(&cedar),
            None,
        )
        .await
        .json();
    assert!(list["data"]
        .as_array()
        .unwrap()
        .iter()
        .all(|c| c["builderName"] == "Cedar Ridge Builders"));
    assert!(w
        .call(
            Method::GET,
            &format!("/api/communities/{theirs}"),
            Some(&pm),
            None
        )
        .await
        .json()["name"]
        .is_string());
    w.done().await;
}

#[tokio::test]
async fn surveys_start_with_defaults_and_keep_their_rules() {
    let w = world().await;
    let token = w.sign_in("demo.pm").await;
    let list = w
        .call(Method::GET, "/api/survey/questions", Some(&token), None)
        .await
        .json();
    assert_eq!(
        list.as_array().unwrap().len(),
        3,
        "a new builder has the three default questions"
    );
    assert_eq!(
        list[0]["choices"],
        json!(["Own", "Rent", "Live /w Fam", "Other"])
    );
    assert_eq!(list[1]["type"], 3);
    let mut questions = list.as_array().unwrap().clone();
    questions.push(json!({"text": "Favourite room?", "type": 4, "choices": ["x"]}));
    let saved = w
        .call(
            Method::POST,
            "/api/survey/questions",
            Some(&token),
            Some(json!({"questions": questions.clone()})),
        )
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());
    assert_eq!(saved.json()["message"], "Questions updated");
    assert_eq!(
        saved.json()["questions"][3]["choices"],
        json!([]),
        "text questions carry no choices"
    );
    let mut first_changed = questions.clone();
    first_changed[0]["text"] = json!("Changed");
    let refused = w
        .call(
            Method::POST,
            "/api/survey/questions",
            Some(&token),
            Some(json!({"questions": first_changed})),
        )
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    let refused = w
        .call(
            Method::POST,
            "/api/survey/questions",
            Some(&token),
            Some(json!({"questions": questions[1..].to_vec()})),
        )
        .await;
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "the first question cannot be deleted"
    );
    let mut bad = questions.clone();
    bad.push(json!({"text": "", "type": null}));
    let a = w
        .call(
            Method::POST,
            "/api/survey/questions",
            Some(&token),
            Some(json!({"questions": bad})),
        )
        .await;
    assert_eq!(
        a.json()["errors"]["questions.4.text"],
        "Question field is required"
    );
    assert_eq!(
        a.json()["errors"]["questions.4.type"],
        "Answer type field is required"
    );
    let mut six = questions.clone();
    six.push(json!({"text": "Five", "type": 5}));
    six.push(json!({"text": "Six", "type": 5}));
    assert_eq!(
        w.call(
            Method::POST,
            "/api/survey/questions",
            Some(&token),
            Some(json!({"questions": six}))
        )
        .await
        .status,
        StatusCode::UNPROCESSABLE_ENTITY
    );

    let post = w.call(Method::POST, "/api/survey/postTour/questions", Some(&token), Some(json!({"questions": [
        {"text": "Did you like it?", "type": 3}, {"text": "Which?", "type": 2, "choices": ["A", ""]}]}))).await;
    assert_eq!(
        post.json()["errors"]["questions.1.choices.1"],
        "Fill or delete this field"
    );
    let post = w
        .call(
            Method::POST,
            "/api/survey/postTour/questions",
            Some(&token),
            Some(json!({"questions": [{"text": "Did you like it?", "type": 3}]})),
        )
        .await;
    assert_eq!(post.json()["message"], "Post Tour Questions updated");
    assert_eq!(post.json()["questions"][0]["choices"], json!(["Yes", "No"]));

    let cedar = w.sign_in("cedar.pm").await;
    let homes = w
        .call(Method::GET, "/api/auth/session", Some(&token), None)
        .await
        .json()["builderId"]
        .as_i64()
        .unwrap();
    assert_eq!(
        w.call(
            Method::GET,
            &format!("/api/survey/questions?builderId={homes}"),
            Some(&cedar),
            None
        )
        .await
        .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        w.call(
            Method::POST,
            "/api/survey/postTour/questions",
            Some(&cedar),
            Some(json!({"builder_id": homes, "questions": []}))
        )
        .await
        .status,
        StatusCode::NOT_FOUND
    );
    let sales = w.sign_in("demo.sales").await;
    assert_eq!(
        w.call(
            Method::POST,
            "/api/survey/postTour/questions",
            Some(&sales),
            Some(json!({"questions": []}))
        )
        .await
        .status,
        StatusCode::FORBIDDEN
    );
    w.done().await;
}

#[tokio::test]
async fn disclosures_messages_and_time_zone_are_saved_with_their_rules() {
    let w = world().await;
    let token = w.sign_in("demo.pm").await;
    let homes = w
        .call(Method::GET, "/api/auth/session", Some(&token), None)
        .await
        .json()["builderId"]
        .as_i64()
        .unwrap();
    let settings = w
        .call(
            Method::GET,
            &format!("/api/builders/settings/{homes}"),
            Some(&token),
            None,
        )
        .await
        .json();
    assert_eq!(
        (
            settings["primary_color"].as_str(),
            settings["country"].as_str()
        ),
        (Some("#DB5C0E"), Some("USA"))
    );
    assert_eq!(
        settings["default_install_property_status"],
        "PROPERTY_AVAILABLE"
    );

    let missing = w
        .call(
            Method::POST,
            "/api/builders/settings/disclosures",
            Some(&token),
            Some(json!({"custom_disclosure_active": true, "custom_disclosure_name": " "})),
        )
        .await;
    assert_eq!(
        missing.json()["errors"],
        json!({"custom_disclosure_name": "Required field!", "custom_disclosure_text": "Required field!"})
    );
    let long = "x".repeat(65_001);
    let too_long = w.call(Method::POST, "/api/builders/settings/disclosures", Some(&token), Some(json!({"custom_disclosure_active": true, "custom_disclosure_name": "Terms", "custom_disclosure_text": long}))).await;
    assert_eq!(too_long.status, StatusCode::UNPROCESSABLE_ENTITY);
    let on = w.call(Method::POST, "/api/builders/settings/disclosures", Some(&token), Some(json!({"custom_disclosure_active": true, "custom_disclosure_name": "Terms", "custom_disclosure_text": "Be kind."}))).await;
    assert_eq!(on.status, StatusCode::OK);
    let off = w.call(Method::POST, "/api/builders/settings/disclosures", Some(&token), Some(json!({"custom_disclosure_active": false, "custom_disclosure_name": "Terms", "custom_disclosure_text": "Be kind."}))).await;
    assert_eq!(off.status, StatusCode::OK);
    let settings = w
        .call(
            Method::GET,
            &format!("/api/builders/settings/{homes}"),
            Some(&token),
            None,
        )
        .await
        .json();
    assert_eq!(
        (
            settings["custom_disclosure_active"].as_bool(),
            settings["custom_disclosure_name"].is_null()
        ),
        (Some(false), true),
        "off clears the disclosure"
    );

    let exactly = "x".repeat(240);
    let a = w
        .call(
            Method::POST,
            "/api/builders/settings/messaging",
            Some(&token),
            Some(json!({"during_tour_message": exactly, "during_tour_message_interval": "1 min"})),
        )
        .await;
    assert_eq!(
        a.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "exactly 240 characters is too long"
    );
    let a = w.call(Method::POST, "/api/builders/settings/messaging", Some(&token), Some(json!({"after_tour_message": "Thanks {{shoe_size}}", "after_tour_message_interval": "30 min"}))).await;
    assert_eq!(
        a.json()["errors"]["after_tour_message"],
        "Unknown variables: shoe_size"
    );
    let ok = w.call(Method::POST, "/api/builders/settings/messaging", Some(&token), Some(json!({
        "during_tour_message": "Welcome to {{community_name}}, {{visitor_first_name}}!", "during_tour_message_interval": "1 min",
        "after_tour_message": null, "after_tour_message_interval": null, "scheduled_tour_message": "See you {{scheduled_tour_date}}"}))).await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.text());
    let settings = w
        .call(
            Method::GET,
            &format!("/api/builders/settings/{homes}"),
            Some(&token),
            None,
        )
        .await
        .json();
    assert_eq!(settings["during_tour_message_interval"], "1 min");
    assert!(settings["after_tour_message"].is_null());

    assert_eq!(
        w.call(
            Method::POST,
            "/api/builders/timezone",
            Some(&token),
            Some(json!({"timezone": 50}))
        )
        .await
        .status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    let saved = w
        .call(
            Method::POST,
            "/api/builders/timezone",
            Some(&token),
            Some(json!({"timezone": 54})),
        )
        .await;
    assert_eq!(saved.json()["message"], "Timezone Saved!");
    assert_eq!(
        w.call(Method::GET, "/api/builders/timezone", Some(&token), None)
            .await
            .json()["timezone"],
        54
    );

    let cedar = w.sign_in("cedar.pm").await;
    assert_eq!(
        w.call(
            Method::GET,
            &format!("/api/builders/settings/{homes}"),
            Some(&cedar),
            None
        )
        .await
        .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        w.call(
            Method::GET,
            &format!("/api/builders/timezone?builderId={homes}"),
            Some(&cedar),
            None
        )
        .await
        .status,
        StatusCode::NOT_FOUND
    );
    let foreign = w
        .call(
            Method::POST,
            "/api/builders/timezone",
            Some(&cedar),
            Some(json!({"timezone": 51, "builder_id": homes})),
        )
        .await;
    assert_eq!(foreign.status, StatusCode::NOT_FOUND);
    assert_eq!(
        w.call(Method::GET, "/api/builders/timezone", Some(&token), None)
            .await
            .json()["timezone"],
        54,
        "unchanged"
    );
    w.done().await;
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

#[tokio::test]
async fn company_settings_logo_and_content_are_saved() {
    let w = world().await;
    let token = w.sign_in("demo.pm").await;
    let company = [
        ("builderName", "Brightway Homes"),
        ("primary_color", "#123"),
        ("secondary_color", "blue"),
        ("country", "USA"),
        (
            "button_settings",
            r##"{"text":"Book a tour","textColor":"#ffffff","backgroundColor":"#DB5C0E","borderRadius":40,"fontSize":14}"##,
        ),
        ("default_install_property_status", "PROPERTY_AVAILABLE"),
    ];
    let bad = w
        .upload("/api/builders/settings", &token, &company, None)
        .await;
    assert_eq!(
        bad.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        bad.text()
    );
    assert_eq!(
        bad.json()["errors"]["secondary_color"],
        "Invalid HEX Format"
    );
    assert!(bad.json()["errors"]["button_settings.borderRadius"].is_string());

    let mut good = company;
    good[2] = ("secondary_color", "#FFFFFF");
    good[4] = (
        "button_settings",
        r##"{"text":"Book a tour","textColor":"#ffffff","backgroundColor":"#DB5C0E","borderRadius":12,"fontSize":16}"##,
    );
    // Only the signature of a PNG, then text: refused, as a file that does not decode.
    let fake = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR-not-a-real-image".to_vec();
    let refused = w
        .upload(
            "/api/builders/settings",
            &token,
            &good,
            Some(("logo.png", &fake)),
        )
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(refused.json()["errors"]["file"], "Unsupported file type");
    let png = png(64, 32);
    let saved = w
        .upload(
            "/api/builders/settings",
            &token,
            &good,
            Some(("logo.png", &png)),
        )
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());
    let settings = saved.json();
    assert_eq!(settings["primary_color"], "#123");
    assert!(settings["button_settings"]
        .as_str()
        .unwrap()
        .contains("Book a tour"));
    let logo = settings["logo"].as_str().unwrap().to_string();
    let served = w.call(Method::GET, &logo, None, None).await;
    assert_eq!(
        (
            served.status,
            served.headers[header::CONTENT_TYPE].to_str().unwrap()
        ),
        (StatusCode::OK, "image/webp")
    );
    let stored = webp::Decoder::new(&served.body).decode().unwrap();
    assert_eq!(
        (stored.width(), stored.height()),
        (64, 32),
        "decoded and re-encoded"
    );

    let gif = b"GIF89a....".to_vec();
    let refused = w
        .upload(
            "/api/builders/settings",
            &token,
            &[],
            Some(("sneaky.png", &gif)),
        )
        .await;
    assert_eq!(
        refused.json()["errors"]["file"],
        "Unsupported file type",
        "the bytes decide, not the name"
    );
    let mut huge = png.clone();
    huge.resize(50 * 1024 * 1024 + 1, 0);
    let too_big = w
        .upload(
            "/api/builders/settings",
            &token,
            &[],
            Some(("big.png", &huge)),
        )
        .await;
    assert_eq!(too_big.json()["errors"]["file"], "Max logo size is 50mb");
    let after = w
        .call(Method::GET, "/api/builders/settings/1", Some(&token), None)
        .await
        .json();
    assert_eq!(
        after["logo"].as_str(),
        Some(logo.as_str()),
        "a refused upload changes nothing"
    );

    let content = w
        .upload(
            "/api/builders/settings",
            &token,
            &[(
                "content_settings",
                r#"{"tour_now_title":"Tour today","tour_now_button":"Go"}"#,
            )],
            None,
        )
        .await;
    assert_eq!(content.status, StatusCode::OK);
    let stored: Value =
        serde_json::from_str(content.json()["content_settings"].as_str().unwrap()).unwrap();
    assert_eq!(stored["tour_now_title"], "Tour today");
    assert_eq!(
        content.json()["primary_color"],
        "#123",
        "a content save leaves the company settings"
    );
    let typo = w
        .upload(
            "/api/builders/settings",
            &token,
            &[("content_settings", r#"{"tour_now_titel":"x"}"#)],
            None,
        )
        .await;
    assert_eq!(typo.status, StatusCode::UNPROCESSABLE_ENTITY);

    let cedar = w.sign_in("cedar.pm").await;
    let foreign = w
        .upload(
            "/api/builders/settings",
            &cedar,
            &[("builder_id", "1"), ("content_settings", "{}")],
            None,
        )
        .await;
    assert_eq!(foreign.status, StatusCode::NOT_FOUND);
    assert_eq!(
        w.call(Method::GET, "/api/files/../../etc/passwd", None, None)
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    w.done().await;
}

#[tokio::test]
async fn message_previews_and_training_catalogue() {
    let w = world().await;
    let token = w.sign_in("demo.pm").await;
    let company = w
        .call(
            Method::GET,
            "/api/builders/settings/messaging/preview",
            Some(&token),
            None,
        )
        .await
        .json();
    assert_eq!(company["values"]["company_name"], "Brightway Homes");
    assert!(company["values"].get("community_name").is_none());
    let oak = w
        .call(
            Method::GET,
            "/api/communities?search=oak",
            Some(&token),
            None,
        )
        .await
        .json()["data"][0]["id"]
        .as_i64()
        .unwrap();
    let preview = w
        .call(
            Method::GET,
            &format!("/api/builders/settings/messaging/preview?communityId={oak}"),
            Some(&token),
            None,
        )
        .await
        .json();
    assert_eq!(preview["values"]["community_name"], "Oak Ridge");
    assert_eq!(
        preview["values"]["community_sales_phone_number"],
        "555-300-1000"
    );
    let cedar = w.sign_in("cedar.pm").await;
    let foreign = w
        .call(
            Method::GET,
            &format!("/api/builders/settings/messaging/preview?communityId={oak}"),
            Some(&cedar),
            None,
        )
        .await;
    assert_eq!(foreign.status, StatusCode::NOT_FOUND);
    let home = w
        .call(
            Method::GET,
            &format!("/api/properties/properties_by_community/{oak}"),
            Some(&token),
            None,
        )
        .await
        .json()[0]
        .clone();
    let id = home["property_id"].as_i64().unwrap();
    let with_home = w
        .call(
            Method::GET,
            &format!("/api/builders/settings/messaging/preview?propertyId={id}"),
            Some(&token),
            None,
        )
        .await
        .json();
    assert_eq!(with_home["values"]["property_address"], home["address_1"]);
    assert_eq!(with_home["values"]["community_name"], "Oak Ridge");
    assert!(with_home["values"]["property_lot_number"].is_string());
    assert_eq!(
        w.call(
            Method::GET,
            &format!("/api/builders/settings/messaging/preview?propertyId={id}"),
            Some(&cedar),
            None
        )
        .await
        .status,
        StatusCode::NOT_FOUND
    );

    let training = w
        .call(Method::GET, "/api/training", Some(&token), None)
        .await
        .json();
    assert_eq!(training["general"].as_array().unwrap().len(), 10);
    assert_eq!(training["sales"].as_array().unwrap().len(), 3);
    assert_eq!(training["sales"][0]["category"], "Lead Conversion");
    assert!(
        training["sales"][0]["creator"].is_null(),
        "no trainer configured: none is invented"
    );
    assert!(
        training["general"][0]["video_url"].is_null(),
        "no media address configured: the console shows the written guide"
    );
    w.done().await;
}

#[tokio::test]
async fn training_media_and_trainer_come_from_configuration() {
    let w = world_with(FileSettings {
        training_media_url: Some("https://media.tourdesk.test/training/".into()),
        training_trainer: Some(server::config::Trainer {
            name: "Sam Lee".into(),
            company: Some("Lee Sales".into()),
            ..Default::default()
        }),
        ..Default::default()
    })
    .await;
    let token = w.sign_in("demo.sales").await;
    let training = w
        .call(Method::GET, "/api/training", Some(&token), None)
        .await
        .json();
    assert_eq!(
        training["general"][0]["video_url"],
        "https://media.tourdesk.test/training/creating-staff.mp4"
    );
    assert_eq!(
        training["sales"][2]["creator"],
        json!({"name": "Sam Lee", "title": null, "bio": null, "company": "Lee Sales", "link": null})
    );
    assert!(training["general"][0]["creator"].is_null());
    w.done().await;
}

fn new_property(community_id: i64) -> Value {
    json!({"community_id": community_id, "timezone": 53, "house_num": "42", "address_1": "7 Meadow Lane", "city": "Austin",
        "state": "TX", "zipcode": "78701", "price": "455000", "bedrooms": "3", "fullBathrooms": 2, "halfBathrooms": "1",
        "squareFootage": "1900", "isModel": false, "disposition_id": 11,
        "agents": [{"agentUsername": "demo.pm", "is_project_manager": true}, {"agentUsername": "demo.sales", "is_project_manager": false}],
        "property_backup_code": "", "trade_code": "5555", "alarm": true, "alarm_company": "SafeCo"})
}

#[tokio::test]
async fn properties_are_created_listed_edited_and_retired() {
    let w = world().await;
    let token = w.sign_in("demo.pm").await;
    let list = w
        .call(Method::GET, "/api/properties", Some(&token), None)
        .await
        .json();
    assert_eq!(list["total"], 18, "three demo communities of six homes");
    for (column, _) in db::properties::PROPERTIES.sort_columns {
        assert_eq!(
            w.call(
                Method::GET,
                &format!("/api/properties?orderBy={column}&order=asc"),
                Some(&token),
                None
            )
            .await
            .status,
            StatusCode::OK,
            "{column}"
        );
    }
    let sold = w
        .call(
            Method::GET,
            "/api/properties?lockDisposition=Sold",
            Some(&token),
            None,
        )
        .await
        .json();
    assert_eq!(sold["total"], 3);
    assert!(sold["data"]
        .as_array()
        .unwrap()
        .iter()
        .all(|p| p["disposition"] == "Sold"));
    assert_eq!(
        w.call(
            Method::GET,
            "/api/properties?lockDisposition=Gone",
            Some(&token),
            None
        )
        .await
        .status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    let down = w
        .call(
            Method::GET,
            "/api/properties?lockStatus=Down&lockDisposition=Accessible",
            Some(&token),
            None,
        )
        .await
        .json();
    assert_eq!(down["total"], 3, "one home per community has its lock down");
    assert!(down["data"]
        .as_array()
        .unwrap()
        .iter()
        .all(|p| p["lock_status"] == "Down" && p["disposition"] == "Accessible"));
    let active = w
        .call(
            Method::GET,
            "/api/properties?lockStatus=Active&limit=100",
            Some(&token),
            None,
        )
        .await
        .json();
    assert!(active["data"]
        .as_array()
        .unwrap()
        .iter()
        .all(|p| p["lock_status"] == "Active" && p["disposition"] != "Created"));
    assert_eq!(
        w.call(
            Method::GET,
            "/api/properties?lockStatus=Gone",
            Some(&token),
            None
        )
        .await
        .json()["errors"]["lockStatus"],
        "No lock status Gone"
    );
    let oak = w
        .call(
            Method::GET,
            "/api/communities?search=oak",
            Some(&token),
            None,
        )
        .await
        .json()["data"][0]["id"]
        .as_i64()
        .unwrap();

    let empty = w
        .call(
            Method::POST,
            "/api/properties/new_property",
            Some(&token),
            Some(json!({"price": "abc"})),
        )
        .await;
    let errors = &empty.json()["errors"];
    assert_eq!(errors["address_1"], "Address field is required");
    assert_eq!(errors["price"], "Price must be a number");
    assert_eq!(errors["community_id"], "community required");
    let mut no_pm = new_property(oak);
    no_pm["agents"] = json!([{"agentUsername": "demo.sales", "is_project_manager": false}]);
    let a = w
        .call(
            Method::POST,
            "/api/properties/new_property",
            Some(&token),
            Some(no_pm),
        )
        .await;
    assert_eq!(a.json()["message"], "A PM is required to be assigned!");
    let mut rented = new_property(oak);
    rented["disposition_id"] = json!(14);
    assert_eq!(
        w.call(
            Method::POST,
            "/api/properties/new_property",
            Some(&token),
            Some(rented)
        )
        .await
        .status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "Rented is for rental builders"
    );

    let created = w
        .call(
            Method::POST,
            "/api/properties/new_property",
            Some(&token),
            Some(new_property(oak)),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
    let id = created.json()["property_id"].as_i64().unwrap();
    let property = w
        .call(
            Method::GET,
            &format!("/api/properties/{id}"),
            Some(&token),
            None,
        )
        .await
        .json();
    assert_eq!(
        (property["address_1"].as_str(), property["price"].as_i64()),
        (Some("7 Meadow Lane"), Some(455000))
    );
    assert_eq!(property["disposition"], "Accessible");
    assert_eq!(property["agents"][0]["agentUsername"], "demo.pm");
    assert!(
        property["property_backup_code"].as_str().unwrap().len() >= 6,
        "the community's master code fills in"
    );
    assert_eq!(property["trade_code"], "5555");
    assert_eq!(property["alarm_company"], "SafeCo");
    let homes = w
        .call(Method::GET, "/api/auth/session", Some(&token), None)
        .await
        .json()["builderId"]
        .as_i64()
        .unwrap();
    let events = db::properties::pending_events(&w.state.db, homes)
        .await
        .unwrap();
    assert_eq!(
        events.last().unwrap().0,
        "tours.enable",
        "a home that starts touring is an event"
    );

    let mut edit = property.clone();
    edit["latitude"] = json!("");
    edit["squareFootage"] = json!(" ");
    let bad = w
        .call(
            Method::POST,
            &format!("/api/properties/{id}"),
            Some(&token),
            Some(edit.clone()),
        )
        .await;
    assert_eq!(bad.json()["errors"]["latitude"], "Latitude is required");
    assert_eq!(
        bad.json()["errors"]["squareFootage"],
        "Square Footage is required"
    );
    let mut edit = property.clone();
    edit["alarm"] = json!(false);
    edit["disposition_id"] = json!(16);
    edit["contract_date"] = json!("2026-11-01");
    let saved = w
        .call(
            Method::POST,
            &format!("/api/properties/{id}"),
            Some(&token),
            Some(edit),
        )
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());
    let property = w
        .call(
            Method::GET,
            &format!("/api/properties/{id}"),
            Some(&token),
            None,
        )
        .await
        .json();
    assert!(
        property["alarm_company"].is_null(),
        "turning the alarm off clears its fields"
    );
    assert!(
        property["contract_date"].is_null(),
        "the contract date belongs to sold homes"
    );
    assert_eq!(
        db::properties::pending_events(&w.state.db, homes)
            .await
            .unwrap()
            .last()
            .unwrap()
            .0,
        "tours.disable"
    );

    let retired = w
        .call(
            Method::PATCH,
            &format!("/api/properties/{id}/retire"),
            Some(&token),
            None,
        )
        .await;
    assert_eq!(retired.status, StatusCode::OK);
    assert_eq!(
        w.call(
            Method::GET,
            &format!("/api/properties/{id}"),
            Some(&token),
            None
        )
        .await
        .json()["disposition"],
        "Sold"
    );
    let in_oak = w
        .call(
            Method::GET,
            &format!("/api/properties/properties_by_community/{oak}"),
            Some(&token),
            None,
        )
        .await
        .json();
    assert_eq!(in_oak.as_array().unwrap().len(), 7);
    let community = w
        .call(
            Method::GET,
            &format!("/api/communities/{oak}"),
            Some(&token),
            None,
        )
        .await
        .json();
    assert_eq!(
        community["communityProperties"].as_array().unwrap().len(),
        7
    );
    let refused = w
        .call(
            Method::DELETE,
            "/api/communities",
            Some(&token),
            Some(json!({"ids": [oak]})),
        )
        .await;
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "a community with homes stays"
    );
    let csv = w
        .call(
            Method::POST,
            "/api/properties/exportAll",
            Some(&token),
            Some(json!({"params": {"search": "meadow"}})),
        )
        .await;
    assert_eq!(csv.text().lines().count(), 2);
    assert!(csv.headers[header::CONTENT_DISPOSITION]
        .to_str()
        .unwrap()
        .contains("properties-export.csv"));

    let cedar = w.sign_in("cedar.pm").await;
    for (method, path, body) in [
        (Method::GET, format!("/api/properties/{id}"), None),
        (
            Method::POST,
            format!("/api/properties/{id}"),
            Some(property.clone()),
        ),
        (Method::PATCH, format!("/api/properties/{id}/retire"), None),
        (
            Method::GET,
            format!("/api/properties/properties_by_community/{oak}"),
            None,
        ),
    ] {
        let a = w.call(method.clone(), &path, Some(&cedar), body).await;
        assert_eq!(
            a.status,
            StatusCode::NOT_FOUND,
            "{method} {path}: {}",
            a.text()
        );
    }
    let cedar_community = w
        .call(Method::GET, "/api/communities", Some(&cedar), None)
        .await
        .json()["data"][0]["id"]
        .as_i64()
        .unwrap();
    let mut foreign = new_property(cedar_community);
    foreign["builder_id"] = json!(homes);
    assert_eq!(
        w.call(
            Method::POST,
            "/api/properties/new_property",
            Some(&cedar),
            Some(foreign)
        )
        .await
        .status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    let mut wrong_community = new_property(oak);
    wrong_community["agents"] = json!([{"agentUsername": "cedar.pm", "is_project_manager": true}]);
    assert_eq!(
        w.call(
            Method::POST,
            "/api/properties/new_property",
            Some(&cedar),
            Some(wrong_community)
        )
        .await
        .status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    w.done().await;
}

#[tokio::test]
async fn property_staff_integrations_and_status_lists() {
    let w = world().await;
    let token = w.sign_in("demo.pm").await;
    let rows = w
        .call(Method::GET, "/api/properties?limit=50", Some(&token), None)
        .await
        .json();
    let id = rows["data"][0]["property_id"].as_i64().unwrap();
    let added = w
        .call(
            Method::PATCH,
            &format!("/api/properties/{id}/agent"),
            Some(&token),
            Some(json!({"agentUsername": "demo.sales", "is_project_manager": false})),
        )
        .await;
    assert_eq!(
        (added.status, added.json()["message"].as_str()),
        (StatusCode::OK, Some("Agent added.."))
    );
    let field = w
        .call(
            Method::PATCH,
            &format!("/api/properties/{id}/agent"),
            Some(&token),
            Some(json!({"agentUsername": "olivia.field"})),
        )
        .await;
    assert_eq!(
        field.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "other staff are not offered"
    );
    let me = w
        .call(
            Method::DELETE,
            &format!("/api/properties/{id}/agent"),
            Some(&token),
            Some(json!({"agentUsername": "demo.pm"})),
        )
        .await;
    assert_eq!(
        me.json()["errors"]["agentUsername"],
        "You cannot remove yourself"
    );
    let removed = w
        .call(
            Method::DELETE,
            &format!("/api/properties/{id}/agent"),
            Some(&token),
            Some(json!({"agentUsername": "demo.sales"})),
        )
        .await;
    assert_eq!(removed.json()["message"], "Agent removed.");

    let bad = w
        .call(
            Method::PATCH,
            &format!("/api/properties/saveIntegrationsProjectId/{id}"),
            Some(&token),
            Some(json!({"lasso_project_id": "12x"})),
        )
        .await;
    assert_eq!(
        bad.json()["errors"]["lasso_project_id"],
        "The field should have digits only"
    );
    let ok = w
        .call(
            Method::PATCH,
            &format!("/api/properties/saveIntegrationsProjectId/{id}"),
            Some(&token),
            Some(json!({"lasso_project_id": "991 ", "integration_active": true})),
        )
        .await;
    assert_eq!(ok.status, StatusCode::OK);
    let property = w
        .call(
            Method::GET,
            &format!("/api/properties/{id}"),
            Some(&token),
            None,
        )
        .await
        .json();
    assert_eq!(
        property["integrations"][0],
        json!({"id": 4, "name": "Lasso CRM", "project_id": 991, "isActive": true})
    );

    let accessible = w
        .call(
            Method::GET,
            "/api/properties/properties_by_status?status=Accessible",
            Some(&token),
            None,
        )
        .await
        .json();
    assert_eq!(
        accessible["total"], 6,
        "two accessible homes in each of three communities"
    );
    assert_eq!(
        w.call(
            Method::GET,
            "/api/properties/properties_by_status?status=Gone",
            Some(&token),
            None
        )
        .await
        .status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    let all = w
        .call(
            Method::GET,
            "/api/properties/properties_by_builders/?limit=150",
            Some(&token),
            None,
        )
        .await
        .json();
    assert_eq!(all["total"], 18);

    let cedar = w.sign_in("cedar.pm").await;
    assert_eq!(
        w.call(
            Method::PATCH,
            &format!("/api/properties/{id}/agent"),
            Some(&cedar),
            Some(json!({"agentUsername": "cedar.sales"}))
        )
        .await
        .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        w.call(
            Method::PATCH,
            &format!("/api/properties/saveIntegrationsProjectId/{id}"),
            Some(&cedar),
            Some(json!({"lasso_project_id": "1"}))
        )
        .await
        .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        w.call(
            Method::GET,
            "/api/properties/properties_by_status?status=Accessible",
            Some(&cedar),
            None
        )
        .await
        .json()["total"],
        2
    );
    w.done().await;
}

#[tokio::test]
async fn coordinates_come_from_the_configured_geocoder_or_the_offline_one() {
    let w = world().await;
    let token = w.sign_in("demo.pm").await;
    let body =
        json!({"address_1": "7 Meadow Lane", "houseNum": "42", "city": "Austin", "state": "TX"});
    let offline = w
        .call(
            Method::POST,
            "/api/properties/coordinates",
            Some(&token),
            Some(body.clone()),
        )
        .await
        .json();
    assert_eq!(
        (offline["lat"].as_f64(), offline["lng"].as_f64()),
        (Some(31.5), Some(-99.3)),
        "the state's centre"
    );
    let nowhere = w
        .call(
            Method::POST,
            "/api/properties/coordinates",
            Some(&token),
            Some(json!({"address_1": "x", "state": "Atlantis"})),
        )
        .await
        .json();
    assert_eq!(
        (nowhere["lat"].as_f64(), nowhere["lng"].as_f64()),
        (Some(0.0), Some(0.0))
    );

    // A local stand-in for a Nominatim server: answers one place, and records what it was asked.
    let asked = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
    let seen = asked.clone();
    let fake = Router::new().route(
        "/search",
        axum::routing::get(move |uri: axum::http::Uri| {
            let seen = seen.clone();
            async move {
                *seen.lock().unwrap() = uri.query().unwrap_or_default().to_string();
                axum::Json(json!([{"lat": "30.2672", "lon": "-97.7431", "display_name": "Austin"}]))
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move { axum::serve(listener, fake).await.unwrap() });
    let url = format!("http://127.0.0.1:{port}");
    let address: server::geocode::Address = serde_json::from_value(body).unwrap();
    // The outgoing client reaches no loopback address unless the operator allows it.
    let guarded =
        server::geocode::Geocoder::new(Some(&url), &server::outbound::Outbound::new(Vec::new()));
    assert_eq!(guarded.locate(&address).await, (0.0, 0.0));
    assert!(asked.lock().unwrap().is_empty(), "nothing was sent");
    let geocoder = server::geocode::Geocoder::new(Some(&url), &loopback());
    assert_eq!(geocoder.locate(&address).await, (30.2672, -97.7431));
    assert!(
        asked.lock().unwrap().contains("street=42+7+Meadow+Lane"),
        "{}",
        asked.lock().unwrap()
    );
    let down = server::geocode::Geocoder::new(Some("http://127.0.0.1:9"), &loopback());
    assert_eq!(
        down.locate(&address).await,
        (0.0, 0.0),
        "an unreachable geocoder gives 0,0"
    );
    w.done().await;
}

fn png(width: u32, height: u32) -> Vec<u8> {
    let picture = image::RgbImage::from_fn(width, height, |x, y| {
        image::Rgb([(x % 256) as u8, (y % 256) as u8, 90])
    });
    let mut out = std::io::Cursor::new(Vec::new());
    picture.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

async fn photos_of(w: &World, path: &str, token: &str) -> usize {
    let list = w.call(Method::GET, path, Some(token), None).await.json();
    list.as_array().unwrap().len()
}

#[tokio::test]
async fn property_photos_are_converted_positioned_and_removed() {
    let w = world().await;
    let token = w.sign_in("demo.pm").await;
    // A home just created has no photos yet (the demo's other homes have two).
    let id = w
        .call(
            Method::GET,
            "/api/properties?lockDisposition=Created",
            Some(&token),
            None,
        )
        .await
        .json()["data"][0]["property_id"]
        .as_i64()
        .unwrap();
    let path = format!("/api/properties/{id}/images");
    let first = w
        .upload(&path, &token, &[], Some(("front.png", &png(2400, 1200))))
        .await;
    assert_eq!(first.status, StatusCode::CREATED, "{}", first.text());
    assert_eq!(first.json()["message"], "Sucessfully Uploaded");
    assert_eq!(
        first.json()["image"]["sequence_position"],
        1,
        "the first photo goes first"
    );
    let url = first.json()["image"]["image_url"]
        .as_str()
        .unwrap()
        .to_string();
    let stored = w.call(Method::GET, &url, None, None).await;
    assert_eq!(stored.headers[header::CONTENT_TYPE], "image/webp");
    assert!(stored.body.len() <= 200 * 1024);
    let second = w
        .upload(&path, &token, &[], Some(("side.png", &png(300, 200))))
        .await;
    assert_eq!(
        second.json()["image"]["sequence_position"],
        2,
        "next is last plus one"
    );
    let replaced = w
        .upload(
            &path,
            &token,
            &[("sequence_position", "1")],
            Some(("new-front.png", &png(400, 300))),
        )
        .await;
    assert_eq!(
        replaced.json()["image"]["id"],
        first.json()["image"]["id"],
        "editing a position replaces its photo"
    );
    assert_eq!(
        w.call(Method::GET, &url, None, None).await.status,
        StatusCode::NOT_FOUND,
        "the replaced file is gone"
    );
    let refused = w
        .upload(&path, &token, &[], Some(("fake.png", b"GIF89a not a png")))
        .await;
    assert_eq!(refused.json()["errors"]["file"], "Unsupported file type");
    let mut huge = png(10, 10);
    huge.resize(50 * 1024 * 1024 + 1, 0);
    let too_big = w
        .upload(&path, &token, &[], Some(("huge.png", &huge)))
        .await;
    assert_eq!(too_big.json()["errors"]["file"], "Max logo size is 50mb");
    assert_eq!(
        photos_of(&w, &path, &token).await,
        2,
        "refused uploads add nothing"
    );
    let second_id = second.json()["image"]["id"].as_i64().unwrap();
    let gone = w
        .call(
            Method::DELETE,
            &format!("{path}/{second_id}"),
            Some(&token),
            None,
        )
        .await;
    assert_eq!(gone.status, StatusCode::OK);
    assert_eq!(photos_of(&w, &path, &token).await, 1);

    let cedar = w.sign_in("cedar.pm").await;
    assert_eq!(
        w.call(Method::GET, &path, Some(&cedar), None).await.status,
        StatusCode::NOT_FOUND
    );
    let foreign_upload = w
        .upload(&path, &cedar, &[], Some(("theirs.png", &png(10, 10))))
        .await;
    assert_eq!(foreign_upload.status, StatusCode::NOT_FOUND);
    let first_id = first.json()["image"]["id"].as_i64().unwrap();
    let foreign_delete = w
        .call(
            Method::DELETE,
            &format!("{path}/{first_id}"),
            Some(&cedar),
            None,
        )
        .await;
    assert_eq!(foreign_delete.status, StatusCode::NOT_FOUND);
    assert_eq!(
        photos_of(&w, &path, &token).await,
        1,
        "another builder changes nothing"
    );
    let cedar_home = w
        .call(Method::GET, "/api/properties", Some(&cedar), None)
        .await
        .json()["data"][0]["property_id"]
        .as_i64()
        .unwrap();
    let off = w
        .upload(
            &format!("/api/properties/{cedar_home}/images"),
            &cedar,
            &[],
            Some(("a.png", &png(10, 10))),
        )
        .await;
    assert_eq!(
        off.status,
        StatusCode::FORBIDDEN,
        "gallery edits are off for this builder"
    );
    w.done().await;
}

#[tokio::test]
async fn the_dashboard_sums_up_visits_and_homes() {
    let w = world().await;
    let token = w.sign_in("demo.pm").await;
    let visits = w
        .call(Method::GET, "/api/stats/allVisits", Some(&token), None)
        .await
        .json()["count"]
        .as_i64()
        .unwrap();
    assert!(visits > 0, "the demo world has recent visits");
    let everything = w
        .call(
            Method::GET,
            "/api/stats/allVisits?from=2000-01-01",
            Some(&token),
            None,
        )
        .await
        .json()["count"]
        .as_i64()
        .unwrap();
    assert!(everything > visits);
    assert_eq!(
        w.call(
            Method::GET,
            "/api/stats/allVisits?from=2026-13-01",
            Some(&token),
            None
        )
        .await
        .status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    let contractors = w
        .call(
            Method::GET,
            "/api/visits/contractorsVisits",
            Some(&token),
            None,
        )
        .await
        .json()["count"]
        .as_i64()
        .unwrap();
    assert!(contractors <= visits);
    assert_eq!(
        w.call(
            Method::GET,
            "/api/stats/allProperties?status=Accessible",
            Some(&token),
            None
        )
        .await
        .json()["count"],
        6
    );
    let homes = w
        .call(Method::GET, "/api/auth/session", Some(&token), None)
        .await
        .json()["builderId"]
        .as_i64()
        .unwrap();
    assert_eq!(
        w.call(
            Method::GET,
            &format!("/api/stats/soldProprties/{homes}"),
            Some(&token),
            None
        )
        .await
        .json()["count"],
        3
    );

    let daily = w
        .call(Method::GET, "/api/stats/monthlyVisits", Some(&token), None)
        .await
        .json();
    let days = daily.as_array().unwrap();
    assert_eq!(days.len(), 30);
    assert!(
        days.iter()
            .map(|d| d["visit_count"].as_i64().unwrap())
            .sum::<i64>()
            >= 1
    );
    assert!(days[29]["name_of_day"].is_string());
    let weekly = w
        .call(Method::GET, "/api/stats/weeklyVisits", Some(&token), None)
        .await
        .json();
    assert_eq!(weekly.as_array().unwrap().len(), 7);
    let yearly = w
        .call(Method::GET, "/api/stats/yearlyVisits", Some(&token), None)
        .await
        .json();
    let months = yearly.as_array().unwrap();
    assert_eq!(months.len(), 12);
    assert!(months.iter().all(|m| m["name_of_month"].is_string()));
    assert!(
        months
            .iter()
            .map(|m| m["visit_count"].as_i64().unwrap())
            .sum::<i64>()
            > 0
    );

    let recent = w
        .call(
            Method::GET,
            "/api/visits?order=desc&orderBy=modified_on&limit=25",
            Some(&token),
            None,
        )
        .await
        .json();
    let rows = recent["data"].as_array().unwrap();
    assert!(
        rows.windows(2)
            .all(|p| p[0]["modified_on"].as_str() >= p[1]["modified_on"].as_str()),
        "newest first"
    );
    assert!(rows[0]["subdivision"].is_string() && rows[0]["visitor_type"].is_string());
    assert!(
        rows.iter()
            .all(|r| r["platform"].is_string() && r["attribution"].is_string()),
        "visits keep the spec's platform and attribution"
    );

    let cedar = w.sign_in("cedar.pm").await;
    assert_eq!(
        w.call(
            Method::GET,
            &format!("/api/stats/soldProprties/{homes}"),
            Some(&cedar),
            None
        )
        .await
        .status,
        StatusCode::NOT_FOUND
    );
    let theirs = w
        .call(
            Method::GET,
            &format!("/api/stats/allVisits?from=2000-01-01&builderId={homes}"),
            Some(&cedar),
            None,
        )
        .await
        .json();
    assert_eq!(
        theirs["count"], 0,
        "another builder's visits are never counted"
    );
    let ent = w.sign_in("demo.enterprise").await;
    let all = w
        .call(
            Method::GET,
            "/api/stats/allVisits?from=2000-01-01",
            Some(&ent),
            None,
        )
        .await
        .json()["count"]
        .as_i64()
        .unwrap();
    let one = w
        .call(
            Method::GET,
            &format!("/api/stats/allVisits?from=2000-01-01&builderId={homes}"),
            Some(&ent),
            None,
        )
        .await
        .json()["count"]
        .as_i64()
        .unwrap();
    assert_eq!(one, everything);
    assert!(all > one, "the enterprise spans both builders");
    w.done().await;
}

#[tokio::test]
async fn community_codes_are_checked_and_saved_for_its_homes() {
    let w = world().await;
    let token = w.sign_in("demo.pm").await;
    let oak = w
        .call(
            Method::GET,
            "/api/communities?search=oak",
            Some(&token),
            None,
        )
        .await
        .json()["data"][0]["id"]
        .as_i64()
        .unwrap();
    let path = format!("/api/communities/{oak}/automationCodes");
    let short = w
        .call(
            Method::PATCH,
            &path,
            Some(&token),
            Some(json!({"communityCode": "12", "tradeCode": "", "salesCode": "345"})),
        )
        .await;
    assert_eq!(
        short.json()["message"],
        "At least one code must be at least 4 characters long"
    );
    let trade = w
        .call(
            Method::PATCH,
            &path,
            Some(&token),
            Some(json!({"communityCode": "123456", "tradeCode": "12", "salesCode": ""})),
        )
        .await;
    assert_eq!(
        trade.json()["errors"]["tradeCode"],
        "Trade code are must have between 4-8 digits! Empty slots are acceptable"
    );
    let letters = w
        .call(
            Method::PATCH,
            &path,
            Some(&token),
            Some(json!({"communityCode": "12ab56", "tradeCode": "", "salesCode": ""})),
        )
        .await;
    assert_eq!(
        letters.json()["errors"]["communityCode"],
        "The field should have digits only"
    );
    let ok = w.call(Method::PATCH, &path, Some(&token), Some(json!({"communityCode": "246810", "tradeCode": "1357", "salesCode": "", "hubCode": "9999"}))).await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.text());
    assert!(ok.json()["message"]
        .as_str()
        .unwrap()
        .starts_with("Codes saved for Oak Ridge"));
    let community = w
        .call(
            Method::GET,
            &format!("/api/communities/{oak}"),
            Some(&token),
            None,
        )
        .await
        .json();
    assert_eq!(
        (
            community["community_backup_code"].as_str(),
            community["hub_backup_code"].as_str()
        ),
        (Some("246810"), Some("9999"))
    );
    let home = community["communityProperties"][0]["property_id"]
        .as_i64()
        .unwrap();
    assert_eq!(
        w.call(
            Method::GET,
            &format!("/api/properties/{home}"),
            Some(&token),
            None
        )
        .await
        .json()["property_backup_code"],
        "246810",
        "homes without their own code use the community's"
    );
    let cedar = w.sign_in("cedar.pm").await;
    assert_eq!(
        w.call(
            Method::PATCH,
            &path,
            Some(&cedar),
            Some(json!({"communityCode": "111111"}))
        )
        .await
        .status,
        StatusCode::NOT_FOUND
    );
    w.done().await;
}

#[tokio::test]
async fn the_property_page_has_its_timeline_and_public_pages() {
    let w = world().await;
    let token = w.sign_in("demo.pm").await;
    let latest = w
        .call(
            Method::GET,
            "/api/visits?order=desc&orderBy=visited_on&limit=25",
            Some(&token),
            None,
        )
        .await
        .json();
    let home = latest["data"][0]["property_id"].as_i64().unwrap();
    let property = w
        .call(
            Method::GET,
            &format!("/api/properties/{home}"),
            Some(&token),
            None,
        )
        .await
        .json();
    let visits = property["visits"].as_array().unwrap();
    assert!(!visits.is_empty() && visits.len() <= 100);
    assert!(visits.iter().all(|v| v["property_id"] == home));
    let times: Vec<&str> = visits
        .iter()
        .map(|v| v["visited_on"].as_str().unwrap())
        .collect();
    assert!(
        times.windows(2).all(|pair| pair[0] >= pair[1]),
        "newest first"
    );
    assert_eq!(
        visits[0]["customer_visit_id"],
        latest["data"][0]["customer_visit_id"]
    );
    assert!(visits[0]["firstname"].is_string() && visits[0]["cell_phone_1"].is_string());
    assert_eq!(
        property["public_url"].as_str(),
        Some(format!("{PUBLIC_SITE}/brightway-homes/property/{home}").as_str())
    );
    assert_eq!(property["is_rental"], false);
    let photos = w
        .call(
            Method::GET,
            &format!("/api/properties/{home}/images"),
            Some(&token),
            None,
        )
        .await
        .json();
    assert_eq!(
        photos.as_array().unwrap().len(),
        2,
        "demo homes have photos"
    );
    let photo = w
        .call(
            Method::GET,
            photos[0]["image_url"].as_str().unwrap(),
            None,
            None,
        )
        .await;
    assert_eq!(photo.headers[header::CONTENT_TYPE], "image/webp");

    let community_id = property["community_id"].as_i64().unwrap();
    let community = w
        .call(
            Method::GET,
            &format!("/api/communities/{community_id}"),
            Some(&token),
            None,
        )
        .await
        .json();
    assert_eq!(
        community["public_url"].as_str(),
        Some(format!("{PUBLIC_SITE}/brightway-homes/community/{community_id}").as_str())
    );
    assert_eq!(
        community["id"], community_id,
        "the community's own fields stay flat"
    );
}

/// The first row's `key` of a list call.
async fn first_id(w: &World, token: &str, path: &str, key: &str) -> i64 {
    let list = w.call(Method::GET, path, Some(token), None).await.json();
    list["data"][0][key]
        .as_i64()
        .unwrap_or_else(|| panic!("no rows at {path}: {list}"))
}

async fn builder_of_session(w: &World, token: &str) -> i64 {
    w.call(Method::GET, "/api/auth/session", Some(token), None)
        .await
        .json()["builderId"]
        .as_i64()
        .unwrap()
}

#[tokio::test]
async fn rental_builders_rent_homes_and_the_dashboard_counts_them_by_when() {
    let w = world().await;
    let token = w.sign_in("rental.pm").await;
    let rentals = builder_of_session(&w, &token).await;
    let closed = |token: String, builder: i64| {
        let w = &w;
        async move {
            w.call(
                Method::GET,
                &format!("/api/stats/soldProprties/{builder}"),
                Some(&token),
                None,
            )
            .await
            .json()["count"]
                .as_i64()
                .unwrap()
        }
    };
    assert_eq!(
        closed(token.clone(), rentals).await,
        2,
        "Homes Rented counts the rented homes of a rental builder"
    );
    let maple = first_id(&w, &token, "/api/communities?search=maple", "id").await;
    let mut home = new_property(maple);
    home["agents"] = json!([{"agentUsername": "rental.pm", "is_project_manager": true}]);
    home["disposition_id"] = json!(14);
    home["resident_code"] = json!("2468");
    home["rental_application_url"] = json!("https://apply.example.com/7");
    let created = w
        .call(
            Method::POST,
            "/api/properties/new_property",
            Some(&token),
            Some(home),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
    let id = created.json()["property_id"].as_i64().unwrap();
    let path = format!("/api/properties/{id}");
    let detail = w.call(Method::GET, &path, Some(&token), None).await.json();
    assert_eq!(
        (
            detail["disposition"].as_str(),
            detail["resident_code"].as_str(),
            detail["rental_application_url"].as_str()
        ),
        (
            Some("Rented"),
            Some("2468"),
            Some("https://apply.example.com/7")
        )
    );
    assert_eq!(closed(token.clone(), rentals).await, 3);

    // Rented long ago: an edit today does not make it a rental of the last 30 days.
    db::testing::run(
        &w.state.db,
        "UPDATE properties SET disposition_on = '2020-01-01 00:00:00+00:00' WHERE property_id = $1",
        id,
    )
    .await;
    assert_eq!(closed(token.clone(), rentals).await, 2);
    let mut edit = detail.clone();
    edit["marketing_name"] = json!("The Maple Loft");
    let saved = w
        .call(Method::POST, &path, Some(&token), Some(edit.clone()))
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());
    assert_eq!(closed(token.clone(), rentals).await, 2);
    for disposition in [11, 14] {
        edit["disposition_id"] = json!(disposition);
        let saved = w
            .call(Method::POST, &path, Some(&token), Some(edit.clone()))
            .await;
        assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());
    }
    assert_eq!(
        closed(token.clone(), rentals).await,
        3,
        "rented again today"
    );

    let ent = w.sign_in("demo.enterprise").await;
    let homes = builder_of_session(&w, &w.sign_in("demo.pm").await).await;
    assert_eq!(closed(ent.clone(), homes).await, 3, "a seller's sold homes");
    assert_eq!(
        closed(ent.clone(), 0).await,
        6,
        "both builders of the enterprise"
    );
    w.done().await;
}

#[tokio::test]
async fn enterprise_users_choose_builders_for_lists_and_new_homes() {
    let w = world().await;
    let ent = w.sign_in("demo.enterprise").await;
    let homes = builder_of_session(&w, &w.sign_in("demo.pm").await).await;
    let rentals = builder_of_session(&w, &w.sign_in("rental.pm").await).await;
    let cedar = builder_of_session(&w, &w.sign_in("cedar.pm").await).await;
    let rows = |path: String| {
        let w = &w;
        let ent = ent.clone();
        async move { w.call(Method::GET, &path, Some(&ent), None).await.json() }
    };
    for (list, builder_key, all, of_rentals) in [
        ("/api/properties", "builder", 30, 12),
        ("/api/communities", "builderName", 5, 2),
    ] {
        assert_eq!(rows(list.to_string()).await["total"], all, "{list}");
        for narrowed in [
            format!("{list}?builderId={rentals}"),
            format!("{list}?filterByBuilder={rentals}"),
        ] {
            let page = rows(narrowed.clone()).await;
            assert_eq!(page["total"], of_rentals, "{narrowed}");
            assert!(
                page["data"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .all(|r| r[builder_key] == "Brightway Rentals"),
                "{narrowed}"
            );
        }
        let outside = rows(format!("{list}?builderId={cedar}")).await;
        assert_eq!(
            outside["total"], 0,
            "{list}: a builder outside the enterprise"
        );
    }
    let paged = rows("/api/properties?limit=25".into()).await;
    assert_eq!(paged["data"].as_array().unwrap().len(), 25);
    let everything = rows("/api/properties?limit=25&showAll=true".into()).await;
    assert_eq!(everything["data"].as_array().unwrap().len(), 30);

    let aspen = first_id(
        &w,
        &ent,
        &format!("/api/communities?search=aspen&builderId={rentals}"),
        "id",
    )
    .await;
    let mut home = new_property(aspen);
    home["agents"] = json!([{"agentUsername": "rental.pm", "is_project_manager": true}]);
    home["builder_id"] = json!(cedar);
    let refused = w
        .call(
            Method::POST,
            "/api/properties/new_property",
            Some(&ent),
            Some(home.clone()),
        )
        .await;
    assert_eq!(refused.json()["errors"]["builder_id"], "Builder required");
    home["builder_id"] = json!(homes);
    let wrong_community = w
        .call(
            Method::POST,
            "/api/properties/new_property",
            Some(&ent),
            Some(home.clone()),
        )
        .await;
    assert_eq!(
        wrong_community.json()["errors"]["community_id"],
        "community required",
        "the community belongs to the chosen builder"
    );
    home["builder_id"] = json!(rentals);
    let created = w
        .call(
            Method::POST,
            "/api/properties/new_property",
            Some(&ent),
            Some(home),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
    let id = created.json()["property_id"].as_i64().unwrap();
    let detail = w
        .call(
            Method::GET,
            &format!("/api/properties/{id}"),
            Some(&ent),
            None,
        )
        .await
        .json();
    assert_eq!(detail["builder_id"], rentals);

    let mut community = community_body("Enterprise Row");
    community["community"]["builder_id"] = json!(cedar);
    let refused = w
        .call(
            Method::POST,
            "/api/communities/saveCommunity",
            Some(&ent),
            Some(community.clone()),
        )
        .await;
    assert_eq!(
        refused.json()["errors"]["builder_id"],
        "Builder is required field"
    );
    community["community"]["builder_id"] = json!(rentals);
    community["community"]["emergency_contacts"] = json!("rental.pm");
    community["community"]["agents"] = json!(["leo.leasing"]);
    let saved = w
        .call(
            Method::POST,
            "/api/communities/saveCommunity",
            Some(&ent),
            Some(community),
        )
        .await;
    assert_eq!(saved.status, StatusCode::CREATED, "{}", saved.text());
    let of_rentals = w
        .call(
            Method::GET,
            &format!("/api/communities/builder/{rentals}"),
            Some(&ent),
            None,
        )
        .await
        .json();
    let names: Vec<&str> = of_rentals
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"Enterprise Row") && names.contains(&"Aspen Flats"));
    assert!(!names.contains(&"Oak Ridge"), "{names:?}");
    w.done().await;
}

#[tokio::test]
async fn property_and_community_rows_export_and_print_and_adding_can_be_turned_off() {
    let w = world().await;
    let token = w.sign_in("demo.pm").await;
    let homes = builder_of_session(&w, &token).await;
    let list = w
        .call(Method::GET, "/api/properties?limit=100", Some(&token), None)
        .await
        .json();
    let ids: Vec<i64> = list["data"]
        .as_array()
        .unwrap()
        .iter()
        .take(2)
        .map(|p| p["property_id"].as_i64().unwrap())
        .collect();
    let cedar = w.sign_in("cedar.pm").await;
    let theirs = first_id(&w, &cedar, "/api/properties", "property_id").await;
    let csv = w
        .call(
            Method::POST,
            "/api/properties/export",
            Some(&token),
            Some(json!({"selection": [ids[0], ids[1], theirs]})),
        )
        .await;
    assert_eq!(csv.headers[header::CONTENT_TYPE], "text/csv; charset=utf-8");
    let text = csv.text();
    assert_eq!(
        text.lines().count(),
        3,
        "the two selected homes, not another builder's: {text}"
    );
    let address = list["data"][0]["address_1"].as_str().unwrap();
    assert!(text.contains(address), "{text}");
    let pdf = w
        .call(
            Method::POST,
            "/api/properties/print",
            Some(&token),
            Some(json!({"selection": ids})),
        )
        .await;
    assert_eq!(pdf.headers[header::CONTENT_TYPE], "application/pdf");
    assert!(pdf.body.starts_with(b"%PDF-"));
    let community = first_id(&w, &token, "/api/communities", "id").await;
    let pdf = w
        .call(
            Method::POST,
            "/api/communities/print",
            Some(&token),
            Some(json!({"selection": [community]})),
        )
        .await;
    assert_eq!(pdf.headers[header::CONTENT_TYPE], "application/pdf");
    let csv = w
        .call(
            Method::POST,
            "/api/communities/export",
            Some(&token),
            Some(json!({"selection": [community]})),
        )
        .await;
    assert_eq!(csv.text().lines().count(), 2);

    // Other Staff have no console pages, and no community data through the side doors either.
    let field = w.sign_in("olivia.field").await;
    for path in [
        "/api/communities/statuses".to_string(),
        format!("/api/communities/builder/{homes}"),
        format!("/api/communities/{community}/QRCode"),
    ] {
        assert_eq!(
            w.call(Method::GET, &path, Some(&field), None).await.status,
            StatusCode::FORBIDDEN,
            "{path}"
        );
    }

    db::testing::run(
        &w.state.db,
        "UPDATE builders SET disable_add_property_and_community = TRUE WHERE builder_id = $1",
        homes,
    )
    .await;
    let oak = first_id(&w, &token, "/api/communities?search=oak", "id").await;
    let home = w
        .call(
            Method::POST,
            "/api/properties/new_property",
            Some(&token),
            Some(new_property(oak)),
        )
        .await;
    assert_eq!(
        (home.status, home.json()["message"].as_str()),
        (
            StatusCode::FORBIDDEN,
            Some("Adding properties is turned off for this builder")
        )
    );
    let added = w
        .call(
            Method::POST,
            "/api/communities/saveCommunity",
            Some(&token),
            Some(community_body("Turned Off")),
        )
        .await;
    assert_eq!(
        (added.status, added.json()["message"].as_str()),
        (
            StatusCode::FORBIDDEN,
            Some("Adding communities is turned off for this builder")
        )
    );
    assert_eq!(
        w.call(Method::GET, "/api/properties", Some(&token), None)
            .await
            .json()["total"],
        18,
        "nothing was added"
    );
    w.done().await;
}

#[tokio::test]
async fn staff_who_are_not_managers_choose_from_the_short_list_and_keep_the_staff_rules() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let sales = w.sign_in("demo.sales").await;
    let oak = first_id(&w, &pm, "/api/communities?search=oak", "id").await;
    let created = w
        .call(
            Method::POST,
            "/api/properties/new_property",
            Some(&pm),
            Some(new_property(oak)),
        )
        .await;
    let id = created.json()["property_id"].as_i64().unwrap();
    let path = format!("/api/properties/{id}");
    let detail = w.call(Method::GET, &path, Some(&pm), None).await.json();

    let mut edit = detail.clone();
    edit["disposition_id"] = json!(13);
    edit["contract_date"] = json!("2026-11-01");
    let sold = w.call(Method::POST, &path, Some(&sales), Some(edit)).await;
    assert_eq!(
        sold.json()["errors"]["disposition_id"],
        "Only a property manager can choose this status"
    );
    let retire = w
        .call(Method::PATCH, &format!("{path}/retire"), Some(&sales), None)
        .await;
    assert_eq!(retire.status, StatusCode::FORBIDDEN);
    assert_eq!(
        w.call(Method::GET, &path, Some(&pm), None).await.json()["disposition"],
        "Accessible",
        "refusals change nothing"
    );
    let mut edit = detail.clone();
    edit["disposition_id"] = json!(18);
    let staff_only = w
        .call(Method::POST, &path, Some(&sales), Some(edit.clone()))
        .await;
    assert_eq!(staff_only.status, StatusCode::OK, "{}", staff_only.text());
    let homes = builder_of_session(&w, &pm).await;
    assert_eq!(
        db::properties::pending_events(&w.state.db, homes)
            .await
            .unwrap()
            .last()
            .unwrap()
            .0,
        "tours.disable",
        "Staff Access stops tours"
    );

    // The Staff tab's rules hold for the whole property's save too.
    edit["agents"] = json!([{"agentUsername": "demo.pm", "is_project_manager": true}]);
    let without_me = w
        .call(Method::POST, &path, Some(&sales), Some(edit.clone()))
        .await;
    assert_eq!(
        without_me.json()["errors"]["agents"],
        "You cannot remove yourself"
    );
    edit["agents"] = json!([{"agentUsername": "demo.sales", "is_project_manager": false}]);
    let without_pm = w.call(Method::POST, &path, Some(&sales), Some(edit)).await;
    assert_eq!(
        without_pm.json()["errors"]["agents"],
        "A PM is required to be assigned!"
    );
    let demoted = w
        .call(
            Method::PATCH,
            &format!("{path}/agent"),
            Some(&sales),
            Some(json!({"agentUsername": "demo.pm", "is_project_manager": false})),
        )
        .await;
    assert_eq!(
        demoted.json()["errors"]["agentUsername"],
        "A PM is required to be assigned!"
    );
    let staff = w.call(Method::GET, &path, Some(&pm), None).await.json()["agents"].clone();
    assert_eq!(staff.as_array().unwrap().len(), 2, "{staff}");
    assert_eq!(staff[0]["is_project_manager"], true);

    let cedar = w.sign_in("cedar.pm").await;
    let foreign = w
        .call(
            Method::DELETE,
            &format!("{path}/agent"),
            Some(&cedar),
            Some(json!({"agentUsername": "demo.sales"})),
        )
        .await;
    assert_eq!(foreign.status, StatusCode::NOT_FOUND);
    w.done().await;
}

/// A GET that must answer 200, as JSON.
async fn get(w: &World, token: &str, path: &str) -> Value {
    let answer = w.call(Method::GET, path, Some(token), None).await;
    assert_eq!(answer.status, StatusCode::OK, "{path}: {}", answer.text());
    answer.json()
}

/// An export call that must answer 200 with a CSV named `file`: its lines, without the BOM.
async fn csv(w: &World, token: &str, path: &str, body: Value, file: &str) -> Vec<String> {
    let answer = w.call(Method::POST, path, Some(token), Some(body)).await;
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
    let answer = w
        .call(
            Method::POST,
            path,
            Some(token),
            Some(json!({ "selection": selection })),
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{path}: {}", answer.text());
    assert!(answer.body.starts_with(b"%PDF"));
}

/// A GET that must be refused with a 422 naming `field`.
async fn refused(w: &World, token: &str, path: &str, field: &str) {
    let answer = w.call(Method::GET, path, Some(token), None).await;
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
        .call(
            Method::POST,
            &format!("/api/customers/{customer_id}"),
            Some(token),
            Some(json!({"customer_id": customer_id, "visitor_status_id": 155})),
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
}
