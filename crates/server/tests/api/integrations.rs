//! Integrations and listing feeds (spec 3: Integrations, Builder feed settings): the catalogue
//! and its switch, requests, feed settings, and syncs of BDX and Custom Website feeds from a feed
//! server on loopback or an upload (fixtures in tests/fixtures/feeds).

use std::sync::{Arc, Mutex};

use axum::extract::State as AxumState;
use axum::http::{HeaderMap, StatusCode};
use axum::Router;
use serde_json::{json, Value};

use crate::{drain, get, worker, world, World};

#[path = "../fixtures/feeds/generate.rs"]
mod generate;

const SMALL: &str = include_str!("../fixtures/feeds/small.xml");
const MALFORMED: &str = include_str!("../fixtures/feeds/malformed.xml");
/// The feed server's user and password.
const AUTH: &str = "Basic ZmVlZHM6czNjcmV0";

/// The feed a feed server answers, and the requests it was sent.
#[derive(Default)]
struct FeedServer {
    feed: String,
    requests: usize,
}

type Shared = Arc<Mutex<FeedServer>>;

async fn serve_feed(
    AxumState(server): AxumState<Shared>,
    headers: HeaderMap,
) -> (StatusCode, String) {
    let mut server = server.lock().unwrap();
    server.requests += 1;
    if headers.get("authorization").and_then(|v| v.to_str().ok()) != Some(AUTH) {
        return (StatusCode::UNAUTHORIZED, "who are you".into());
    }
    (StatusCode::OK, server.feed.clone())
}

/// Starts a feed server on loopback; answers the feed's address.
async fn start_feed_server(server: Shared) -> String {
    let app = Router::new()
        .route("/bdx.xml", axum::routing::get(serve_feed))
        .with_state(server);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    format!("http://{address}/bdx.xml")
}

async fn save_settings(w: &World, token: &str, body: Value) -> crate::Answer {
    w.post(token, "/api/builders/feedSettings", body).await
}

async fn sync(w: &World, token: &str, body: Value) -> crate::Answer {
    w.post(token, "/api/scheduler/syncFeed", body).await
}

async fn upload(
    w: &World,
    token: &str,
    builder: i64,
    settings: Value,
    feed: &str,
) -> crate::Answer {
    let builder = builder.to_string();
    let settings = settings.to_string();
    w.upload(
        "/api/scheduler/syncFeed",
        token,
        &[("builder", &builder), ("feedSettings", &settings)],
        Some(("feed.xml", feed.as_bytes())),
    )
    .await
}

/// The builder's homes a search finds that have an External Identifier: identifier → the
/// home's detail.
async fn fed_homes(
    w: &World,
    token: &str,
    search: &str,
) -> std::collections::BTreeMap<String, Value> {
    let list = get(
        w,
        token,
        &format!("/api/properties?limit=150&search={search}"),
    )
    .await;
    let mut homes = std::collections::BTreeMap::new();
    for row in list["data"].as_array().unwrap() {
        let detail = get(w, token, &format!("/api/properties/{}", row["property_id"])).await;
        if let Some(identifier) = detail["external_identifier"].as_str() {
            homes.insert(identifier.to_string(), detail);
        }
    }
    homes
}

/// Turns the nightly sync (integration 14) on or off.
async fn switch_nightly(w: &World, token: &str, on: bool) -> crate::Answer {
    w.patch(token, "/api/integrations/14", json!({"isActive": on}))
        .await
}

/// The demo world, its program manager's token and builder.
async fn pm_world() -> (World, String, i64) {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let builder = crate::builder_of_session(&w, &pm).await;
    (w, pm, builder)
}

fn counts(answer: &Value) -> (u64, u64, u64, u64) {
    (
        answer["created"].as_u64().unwrap(),
        answer["updated"].as_u64().unwrap(),
        answer["unchanged"].as_u64().unwrap(),
        answer["rejected"].as_u64().unwrap(),
    )
}

fn bdx_settings(url: &str) -> Value {
    json!({
        "feed_source": "BDX", "feed_url": url, "feed_username": "feeds", "feed_password": "s3cret",
        "company_code": "BW", "add_communities_active": true,
        "feed_fields": ["Price", "Bedrooms", "Bathrooms", "Marketing Name", "MLS Number", "Street 2"],
    })
}

#[tokio::test]
async fn the_catalogue_has_its_switch_and_requests_reach_the_admins() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let list = get(&w, &pm, "/api/integrations/list").await;
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), 14);
    let switch = get(&w, &pm, "/api/integrations/14").await;
    assert_eq!(switch["isActive"], true);
    assert_eq!(switch["kind"], "switch");

    let off = switch_nightly(&w, &pm, false).await;
    assert_eq!(off.status, StatusCode::OK, "{}", off.text());
    assert_eq!(
        get(&w, &pm, "/api/integrations/14").await["isActive"],
        false
    );
    let active = get(&w, &pm, "/api/builders/integrations").await;
    assert!(active.as_array().unwrap().iter().all(|i| i["id"] != 14));

    // Several at once, all or nothing; a project id must be digits.
    let several = w.patch(&pm, "/api/integrations", json!({"integrations": [{"id": 14, "isActive": true}, {"id": 4, "isActive": true, "project_id": "123"}]}))
        .await;
    assert_eq!(several.status, StatusCode::OK, "{}", several.text());
    let lasso = get(&w, &pm, "/api/integrations/4").await;
    assert_eq!(
        (lasso["isActive"].clone(), lasso["project_id"].clone()),
        (json!(true), json!(123))
    );
    let unknown = w
        .patch(
            &pm,
            "/api/integrations",
            json!({"integrations": [{"id": 14, "isActive": false}, {"id": 99, "isActive": true}]}),
        )
        .await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    assert_eq!(get(&w, &pm, "/api/integrations/14").await["isActive"], true);
    let bad_id = w
        .patch(
            &pm,
            "/api/integrations/4",
            json!({"isActive": true, "project_id": "12a"}),
        )
        .await;
    assert_eq!(bad_id.status, StatusCode::UNPROCESSABLE_ENTITY);
    let missing = w.get(&pm, "/api/integrations/99").await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);

    // Sales staff read the page but change nothing.
    let sales = w.sign_in("demo.sales").await;
    let refused = switch_nightly(&w, &sales, false).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);

    // A request needs its text; it is kept and every platform admin is mailed.
    let ask = |message: &'static str| {
        w.post(
            &sales,
            "/api/integrations/request",
            json!({"name": "Zillow", "message": message}),
        )
    };
    let empty = ask(" ").await;
    assert_eq!(empty.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(empty.json()["errors"]["message"], "Required field");
    let sent = ask("Please connect our Zillow listings").await;
    assert_eq!(sent.status, StatusCode::CREATED, "{}", sent.text());
    let requests = get(&w, &pm, "/api/integrations/requests").await;
    assert_eq!(requests[0]["name"], "Zillow");
    let admin = w.sign_in("demo.admin").await;
    let outbox = get(&w, &admin, "/api/outbox?search=Integration%20request").await;
    assert!(outbox["total"].as_i64().unwrap() >= 1, "{outbox}");
    // Another builder does not see them.
    let rental = w.sign_in("rental.pm").await;
    assert_eq!(
        get(&w, &rental, "/api/integrations/requests").await,
        json!([])
    );
    w.done().await;
}

#[tokio::test]
async fn feed_settings_are_checked_and_keep_their_password() {
    let (w, pm, builder) = pm_world().await;
    let defaults = get(&w, &pm, &format!("/api/builders/feedSettings/{builder}")).await;
    assert_eq!(defaults["saved"], false);
    assert_eq!(defaults["feed_fields"].as_array().unwrap().len(), 6);

    let missing = save_settings(
        &w,
        &pm,
        json!({"feed_source": "", "feed_fields": ["Colour"]}),
    )
    .await;
    assert_eq!(missing.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(missing.json()["errors"]["feed_source"], "Required field");
    assert_eq!(
        missing.json()["errors"]["feed_fields"],
        "'Colour' is not a feed field"
    );
    for url in [
        "http://10.0.0.8/feed.xml",
        "http://169.254.169.254/latest",
        "http://[::1]:9/feed",
    ] {
        let private = save_settings(&w, &pm, json!({"feed_source": "BDX", "feed_url": url})).await;
        assert_eq!(private.status, StatusCode::UNPROCESSABLE_ENTITY, "{url}");
        assert!(private.json()["errors"]["feed_url"]
            .as_str()
            .unwrap()
            .contains("internal"));
    }

    let saved = save_settings(&w, &pm, bdx_settings("https://feeds.example.com/bdx.xml")).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());
    assert!(!saved.text().contains("s3cret"));
    let read = get(&w, &pm, &format!("/api/builders/feedSettings/{builder}")).await;
    assert_eq!(read["feed_password_saved"], true);
    assert_eq!(read["feed_fields"].as_array().unwrap().len(), 12);
    assert!(!read.to_string().contains("s3cret"));
    // Saved again without the password, it is kept.
    let mut again = bdx_settings("https://feeds.example.com/bdx.xml");
    again["feed_password"] = json!("");
    again["feed_fields"] = json!(["Price"]);
    save_settings(&w, &pm, again).await;
    let read = get(&w, &pm, &format!("/api/builders/feedSettings/{builder}")).await;
    assert_eq!(read["feed_password_saved"], true);
    assert_eq!(read["feed_fields"].as_array().unwrap().len(), 7);

    // Another builder's settings are not found; sales staff have none to change.
    let rental = w.sign_in("rental.pm").await;
    let other = w
        .get(&rental, &format!("/api/builders/feedSettings/{builder}"))
        .await;
    assert_eq!(other.status, StatusCode::NOT_FOUND);
    let sales = w.sign_in("demo.sales").await;
    let refused = save_settings(&w, &sales, bdx_settings("")).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    w.done().await;
}

#[tokio::test]
async fn a_bdx_feed_is_imported_from_its_address_and_a_second_sync_changes_nothing() {
    let (w, pm, builder) = pm_world().await;
    let server = Shared::default();
    server.lock().unwrap().feed = SMALL.into();
    let url = start_feed_server(server.clone()).await;
    assert_eq!(
        save_settings(&w, &pm, bdx_settings(&url)).await.status,
        StatusCode::OK
    );

    let first = sync(&w, &pm, json!({"builder": builder})).await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.text());
    let first = first.json();
    assert_eq!(counts(&first), (3, 0, 0, 2), "{first}");
    assert_eq!(
        first["message"],
        "Feed synced: 3 created, 0 updated, 0 unchanged, 2 rejected"
    );
    assert_eq!(first["communitiesCreated"], 1);
    let reasons: Vec<(String, String)> = first["rejections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["externalIdentifier"].as_str().unwrap().to_string(),
                r["reason"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        reasons,
        [
            ("OR-5003".to_string(), "Missing Street Address".to_string()),
            (
                "LP-2".to_string(),
                "Bedrooms 'five' is not a number".to_string()
            )
        ]
    );

    let mut homes = fed_homes(&w, &pm, "Feed%20Lane").await;
    homes.extend(fed_homes(&w, &pm, "Shoreline").await);
    let home = &homes["OR-5001"];
    assert_eq!(home["address_1"], "410 Feed Lane");
    assert_eq!(home["community"], "Oak Ridge");
    assert_eq!(home["price"], 412500);
    assert_eq!(
        (
            home["bedrooms"].clone(),
            home["fullBathrooms"].clone(),
            home["halfBathrooms"].clone()
        ),
        (json!(4), json!(2), json!(1))
    );
    assert_eq!(home["marketing_name"], "The Aspen");
    assert_eq!(home["mls_number"], "MLS-77001");
    assert_eq!(home["house_num"], "41");
    assert_eq!(homes["OR-5002"]["address_2"], "Unit B");
    assert_eq!(homes["OR-5002"]["city"], "Austin");
    let lakeside = &homes["LP-1"];
    assert_eq!(
        (lakeside["community"].clone(), lakeside["state"].clone()),
        (json!("Lakeside Preserve"), json!("TX"))
    );
    assert_eq!(
        (
            lakeside["fullBathrooms"].clone(),
            lakeside["halfBathrooms"].clone()
        ),
        (json!(3), json!(1))
    );

    // The same feed again: nothing changes.
    let again = sync(&w, &pm, json!({"builder": builder})).await.json();
    assert_eq!(counts(&again), (0, 0, 3, 2), "{again}");
    assert_eq!(again["communitiesCreated"], 0);

    // A new price for one home updates it alone; staff's own edits of unwritten fields stay.
    server.lock().unwrap().feed = SMALL.replace(
        "<SpecPrice>412500</SpecPrice>",
        "<SpecPrice>415000</SpecPrice>",
    );
    let updated = sync(&w, &pm, json!({"builder": builder})).await.json();
    assert_eq!(counts(&updated), (0, 1, 2, 2), "{updated}");
    assert_eq!(
        fed_homes(&w, &pm, "Feed%20Lane").await["OR-5001"]["price"],
        415000
    );

    // Without the company code, the other builder's home of the same number is a duplicate.
    let mut every_builder = bdx_settings(&url);
    every_builder["company_code"] = json!("");
    let all = sync(
        &w,
        &pm,
        json!({"builder": builder, "feedSettings": every_builder}),
    )
    .await
    .json();
    assert_eq!(counts(&all), (0, 0, 3, 3), "{all}");
    assert!(all["rejections"][2]["reason"]
        .as_str()
        .unwrap()
        .contains("appears twice"));

    // A wrong password is refused by the feed server, and the sync says so.
    let mut wrong = bdx_settings(&url);
    wrong["feed_password"] = json!("nope");
    let refused = sync(&w, &pm, json!({"builder": builder, "feedSettings": wrong})).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(refused.text().contains("401"), "{}", refused.text());

    // The settings show the last sync.
    let read = get(&w, &pm, &format!("/api/builders/feedSettings/{builder}")).await;
    assert_eq!(read["last_sync"]["unchanged"], 3);
    w.done().await;
}

#[tokio::test]
async fn a_malformed_feed_changes_nothing_and_says_where_it_broke() {
    let (w, pm, builder) = pm_world().await;
    let before = get(&w, &pm, "/api/properties?limit=25").await["total"].clone();
    let broken = upload(&w, &pm, builder, bdx_settings(""), MALFORMED).await;
    assert_eq!(
        broken.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        broken.text()
    );
    let message = broken.json()["errors"]["feed"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        message.contains("not well-formed XML at line 19"),
        "{message}"
    );
    assert_eq!(
        get(&w, &pm, "/api/properties?limit=25").await["total"],
        before
    );
    assert!(fed_homes(&w, &pm, "Broken").await.is_empty());

    // Sources that cannot be read yet say which can; a sync needs settings and a file.
    let mut zillow = bdx_settings("");
    zillow["feed_source"] = json!("Zillow");
    let unsupported = upload(&w, &pm, builder, zillow, SMALL).await;
    assert_eq!(
        unsupported.json()["errors"]["feed"],
        "Zillow feeds cannot be imported yet; the supported sources are BDX and Custom Website."
    );
    let nothing_saved = sync(&w, &pm, json!({"builder": builder})).await;
    assert_eq!(nothing_saved.status, StatusCode::UNPROCESSABLE_ENTITY);
    let no_file = w
        .upload(
            "/api/scheduler/syncFeed",
            &pm,
            &[("builder", &builder.to_string())],
            None,
        )
        .await;
    assert_eq!(no_file.json()["errors"]["file"], "Choose the feed's file");
    // Another builder's sync is not found.
    let rental = w.sign_in("rental.pm").await;
    let other = upload(&w, &rental, builder, bdx_settings(""), SMALL).await;
    assert_eq!(other.status, StatusCode::NOT_FOUND);
    w.done().await;
}

#[tokio::test]
async fn custom_website_feeds_are_read_as_csv_or_json() {
    let (w, pm, builder) = pm_world().await;
    let settings = json!({"feed_source": "Custom Website", "feed_fields": ["Price", "Bedrooms"]});
    let csv = "External Identifier,Subdivision,Street Address,City,State,Zip Code,Price,Bedrooms,Bathrooms\n\
               W-1,Willow Creek,5 Web St,Round Rock,TX,78664,\"$405,000\",4,2.5\n\
               W-2,Nowhere Park,7 Web St,Round Rock,TX,78664,400000,3,2\n";
    let answer = upload(&w, &pm, builder, settings.clone(), csv).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
    let answer = answer.json();
    // Communities are not added unless the settings say so.
    assert_eq!(counts(&answer), (1, 0, 0, 1), "{answer}");
    assert!(answer["rejections"][0]["reason"]
        .as_str()
        .unwrap()
        .starts_with("Community Nowhere Park does not exist"));
    let home = &fed_homes(&w, &pm, "Web%20St").await["W-1"];
    assert_eq!(home["price"], 405000);
    // Bathrooms were not chosen: the new home has none written.
    assert_eq!(home["fullBathrooms"], 0);

    let json_feed = json!([
        {"External Identifier": "W-1", "Subdivision": "Willow Creek", "Street Address": "5 Web St", "City": "Round Rock",
         "State": "TX", "Zip Code": "78664", "Price": 410000, "Bedrooms": 4},
    ]);
    let answer = upload(&w, &pm, builder, settings, &json_feed.to_string())
        .await
        .json();
    assert_eq!(counts(&answer), (0, 1, 0, 0), "{answer}");
    assert_eq!(fed_homes(&w, &pm, "Web%20St").await["W-1"]["price"], 410000);
    w.done().await;
}

#[tokio::test]
async fn ten_thousand_homes_are_imported_once_and_then_left_alone() {
    let (w, pm, builder) = pm_world().await;
    let settings = json!({"feed_source": "BDX", "add_communities_active": true,
        "feed_fields": ["Price", "Bedrooms", "Bathrooms", "MLS Number", "Marketing Name"]});
    let first = upload(
        &w,
        &pm,
        builder,
        settings.clone(),
        &generate::bdx(10_000, 0),
    )
    .await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.text());
    assert_eq!(counts(&first.json()), (10_000, 0, 0, 0));
    assert_eq!(first.json()["communitiesCreated"], 20);
    let second = upload(
        &w,
        &pm,
        builder,
        settings.clone(),
        &generate::bdx(10_000, 0),
    )
    .await
    .json();
    assert_eq!(counts(&second), (0, 0, 10_000, 0));
    let revised = upload(&w, &pm, builder, settings, &generate::bdx(10_000, 1))
        .await
        .json();
    assert_eq!(counts(&revised), (0, 1_000, 9_000, 0));
    w.done().await;
}

#[tokio::test]
async fn the_nightly_job_syncs_each_builder_with_a_feed_unless_switched_off() {
    let w = world().await;
    let worker = worker(&w);
    let pm = w.sign_in("demo.pm").await;
    let server = Shared::default();
    server.lock().unwrap().feed = SMALL.into();
    let url = start_feed_server(server.clone()).await;
    assert_eq!(
        save_settings(&w, &pm, bdx_settings(&url)).await.status,
        StatusCode::OK
    );

    // Tomorrow at 09:00 UTC, past the night's hour (08:00 UTC).
    let now = chrono::Utc::now();
    let tomorrow = (now + chrono::Duration::days(1))
        .date_naive()
        .and_hms_opt(9, 0, 0)
        .unwrap()
        .and_utc();
    w.clock.advance(tomorrow - now);
    worker.tick().await;
    drain(&worker).await;
    assert_eq!(server.lock().unwrap().requests, 1);
    assert_eq!(fed_homes(&w, &pm, "Feed%20Lane").await.len(), 2);
    // Once a night: another tick the same day asks for nothing.
    worker.tick().await;
    drain(&worker).await;
    assert_eq!(server.lock().unwrap().requests, 1);

    // Switched off, the next night reads nothing.
    switch_nightly(&w, &pm, false).await;
    w.clock.advance(chrono::Duration::days(1));
    worker.tick().await;
    drain(&worker).await;
    assert_eq!(server.lock().unwrap().requests, 1);
    w.done().await;
}
