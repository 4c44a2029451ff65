//! The notification layer against local fakes: a text gateway of the common REST shape (form
//! posts with HTTP Basic auth, `{sid, status}` answers, `{code, message}` errors) and an SMTP
//! server; the signed replies a gateway forwards (STOP and START); the admins' outbox.

use std::sync::{Arc, Mutex};

use axum::extract::State as AxumState;
use axum::http::HeaderMap;
use axum::response::IntoResponse;
use server::worker::Worker;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

use super::*;

const SID: &str = "AC0123456789";
const AUTH_TOKEN: &str = "gateway-auth-token";
const FROM: &str = "+15550001111";

/// A message the fake gateway took: its Authorization header and its form.
type Received = (Option<String>, Vec<(String, String)>);

/// What the fake gateway was sent, and the answers it gives in turn (then 201s).
#[derive(Default)]
struct FakeGateway {
    received: Vec<Received>,
    answers: Vec<(u16, Value)>,
}

type Gateway = Arc<Mutex<FakeGateway>>;

async fn fake_messages(
    AxumState(fake): AxumState<Gateway>,
    axum::extract::Path(account): axum::extract::Path<String>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> axum::response::Response {
    let form: Vec<(String, String)> = serde_urlencoded::from_bytes(&body).unwrap();
    let auth = headers
        .get(header::AUTHORIZATION)
        .map(|v| v.to_str().unwrap().to_string());
    let mut fake = fake.lock().unwrap();
    fake.received.push((auth, form));
    let n = fake.received.len();
    let (status, answer) = if fake.answers.is_empty() {
        (
            201,
            json!({"sid": format!("SM{n:032}"), "status": "queued", "account_sid": account,
                   "error_code": null, "error_message": null}),
        )
    } else {
        fake.answers.remove(0)
    };
    (StatusCode::from_u16(status).unwrap(), Json(answer)).into_response()
}

use axum::Json;

/// Starts the fake gateway on loopback; answers its base address.
async fn start_gateway(fake: Gateway) -> String {
    let app = Router::new()
        .route(
            "/2010-04-01/Accounts/{account}/Messages.json",
            axum::routing::post(fake_messages),
        )
        .with_state(fake);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    format!("http://{address}")
}

/// The demo world with texts going to the fake gateway, its own first alerts already sent.
async fn gateway_world(fake: &Gateway) -> (World, Worker) {
    let base = start_gateway(fake.clone()).await;
    let w = world_with(FileSettings {
        sms_gateway_url: Some(base),
        sms_account_sid: Some(SID.into()),
        sms_auth_token: Some(AUTH_TOKEN.into()),
        sms_from: Some(FROM.into()),
        ..FileSettings::default()
    })
    .await;
    let worker = worker(&w);
    drain(&worker).await;
    fake.lock().unwrap().received.clear();
    (w, worker)
}

/// How many texts the fake was sent for `to` (the demo's own alerts go out too as time passes).
fn sent_to(fake: &Gateway, to: &str) -> usize {
    let fake = fake.lock().unwrap();
    fake.received
        .iter()
        .filter(|(_, form)| field(form, "To") == Some(to))
        .count()
}

/// Queues a text as the server does, on the world's clock.
async fn queue_text(w: &World, to: &str, body: &str) -> i64 {
    db::messages::queue_sms(&w.state.db, to, body, w.state.hardware.now())
        .await
        .unwrap()
}

fn field<'a>(form: &'a [(String, String)], name: &str) -> Option<&'a str> {
    form.iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

#[tokio::test]
async fn texts_go_through_the_gateway_with_its_shape_and_retries() {
    let fake = Gateway::default();
    let (w, worker) = gateway_world(&fake).await;
    let id = queue_text(&w, "555-234-5678", "Your code is 1234").await;
    drain(&worker).await;
    {
        let fake = fake.lock().unwrap();
        assert_eq!(fake.received.len(), 1);
        let (auth, form) = &fake.received[0];
        use base64::Engine as _;
        let basic = base64::engine::general_purpose::STANDARD.encode(format!("{SID}:{AUTH_TOKEN}"));
        assert_eq!(auth.as_deref(), Some(format!("Basic {basic}").as_str()));
        assert_eq!(field(form, "To"), Some("+15552345678"), "E.164");
        assert_eq!(field(form, "From"), Some(FROM));
        assert_eq!(field(form, "Body"), Some("Your code is 1234"));
    }
    let sent = db::messages::sms(&w.state.db, id).await.unwrap().unwrap();
    assert_eq!(
        (sent.status.as_str(), sent.channel.as_deref()),
        ("sent", Some("sms_gateway"))
    );
    assert!(sent.provider_id.unwrap().starts_with("SM"));

    // Down for a while: the message waits, with the reason, and goes once the gateway is back.
    fake.lock().unwrap().answers = vec![(
        503,
        json!({"code": 20503, "message": "Service unavailable"}),
    )];
    let id = queue_text(&w, "555-234-5678", "Second").await;
    drain(&worker).await;
    let waiting = db::messages::sms(&w.state.db, id).await.unwrap().unwrap();
    assert_eq!(waiting.status, "queued");
    assert_eq!(
        waiting.error.as_deref(),
        Some("text gateway: Service unavailable (20503)")
    );
    w.clock.advance(chrono::Duration::seconds(5));
    drain(&worker).await;
    let sent = db::messages::sms(&w.state.db, id).await.unwrap().unwrap();
    assert_eq!(sent.status, "sent");
    assert_eq!(sent_to(&fake, "+15552345678"), 3);

    // Refused for good: failed at once, with the gateway's reason, and not tried again.
    fake.lock().unwrap().answers = vec![(
        400,
        json!({"code": 21211, "message": "The 'To' number is not a valid phone number.", "status": 400}),
    )];
    let id = queue_text(&w, "555-234-0000", "Third").await;
    drain(&worker).await;
    w.clock.advance(chrono::Duration::hours(1));
    drain(&worker).await;
    let failed = db::messages::sms(&w.state.db, id).await.unwrap().unwrap();
    assert_eq!(failed.status, "failed");
    assert_eq!(
        failed.error.as_deref(),
        Some("text gateway: The 'To' number is not a valid phone number. (21211)")
    );
    assert_eq!(sent_to(&fake, "+15552340000"), 1);

    // Not a number at all: failed without a call.
    let id = queue_text(&w, "call me", "Fourth").await;
    drain(&worker).await;
    let failed = db::messages::sms(&w.state.db, id).await.unwrap().unwrap();
    assert_eq!(
        (failed.status.as_str(), failed.error.as_deref()),
        ("failed", Some("'call me' is not a phone number"))
    );
    assert_eq!(
        sent_to(&fake, "+15552345678") + sent_to(&fake, "+15552340000"),
        4
    );
    w.done().await;
}

/// Posts a reply as the gateway forwards it, signed with `token`.
async fn reply(w: &World, from: &str, body: &str, token: &str) -> Answer {
    let params = vec![
        ("AccountSid".to_string(), SID.to_string()),
        ("Body".to_string(), body.to_string()),
        ("From".to_string(), from.to_string()),
        ("MessageSid".to_string(), "SM-reply".to_string()),
        ("To".to_string(), FROM.to_string()),
    ];
    let url = format!("{}/api/sms/inbound", w.state.settings.public_url);
    let signature = server::notify::sign(token, &url, &params);
    let request = Request::builder()
        .method(Method::POST)
        .uri("/api/sms/inbound")
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .header("X-Twilio-Signature", signature)
        .body(Body::from(serde_urlencoded::to_string(&params).unwrap()))
        .unwrap();
    w.send(request).await
}

#[tokio::test]
async fn a_visitor_who_replies_stop_gets_no_more_texts() {
    let fake = Gateway::default();
    let (w, worker) = gateway_world(&fake).await;

    // A customer with that phone, from an invite (its own text goes out before the STOP).
    let pm = w.sign_in("demo.pm").await;
    let home = touring_home(&w, &pm, true).await;
    let shared = w
        .post(
            &pm,
            "/api/customers/share",
            json!({"firstname": "Stella", "lastname": "Stop", "email_1": "stella@example.com",
                        "cell_phone_1": "555-234-5678", "property_id": home["property_id"],
                        "book_tour": "verifiedCustomer", "visitor_type_id": 122}),
        )
        .await;
    assert_eq!(shared.status, StatusCode::OK, "{}", shared.text());
    let customer = format!("/api/customers/{}", shared.json()["customer_id"]);
    drain(&worker).await;
    fake.lock().unwrap().received.clear();
    assert_eq!(
        get(&w, &pm, &customer).await["visitor_contact_status_id_value"],
        "Contact"
    );

    let forged = reply(&w, "+15552345678", "STOP", "not-the-token").await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN);
    assert!(!db::messages::is_opted_out(&w.state.db, "+15552345678")
        .await
        .unwrap());

    let stop = reply(&w, "+15552345678", "Stop", AUTH_TOKEN).await;
    assert_eq!(stop.status, StatusCode::OK, "{}", stop.text());
    assert_eq!(stop.headers[header::CONTENT_TYPE], "text/xml");
    assert!(stop.text().contains("<Response></Response>"));
    let id = queue_text(&w, "555-234-5678", "After STOP").await;
    drain(&worker).await;
    let held = db::messages::sms(&w.state.db, id).await.unwrap().unwrap();
    assert_eq!(held.status, "opted_out");
    assert_eq!(sent_to(&fake, "+15552345678"), 0, "nothing went out");
    assert_eq!(
        get(&w, &pm, &customer).await["visitor_contact_status_id_value"],
        "No contact"
    );

    let chat = reply(&w, "+15552345678", "stop texting please?", AUTH_TOKEN).await;
    assert_eq!(chat.status, StatusCode::OK);
    assert!(db::messages::is_opted_out(&w.state.db, "+15552345678")
        .await
        .unwrap());

    assert_eq!(
        reply(&w, "+15552345678", "START", AUTH_TOKEN).await.status,
        StatusCode::OK
    );
    let id = queue_text(&w, "555-234-5678", "Welcome back").await;
    drain(&worker).await;
    assert_eq!(
        db::messages::sms(&w.state.db, id)
            .await
            .unwrap()
            .unwrap()
            .status,
        "sent"
    );

    let bad = reply(&w, "not a number", "STOP", AUTH_TOKEN).await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    w.done().await;

    // Without a gateway there is nothing to reply to.
    let w = world().await;
    let none = reply(&w, "+15552345678", "STOP", AUTH_TOKEN).await;
    assert_eq!(none.status, StatusCode::NOT_FOUND);
    w.done().await;
}

#[tokio::test]
async fn the_outbox_lists_every_message_for_admins_only() {
    let w = world().await;
    queue_text(&w, "555-234-5678", "A text for the outbox").await;
    db::messages::queue_mail(
        &w.state.db,
        "ann@example.com",
        "Hello",
        "A mail for the outbox",
        w.state.hardware.now(),
    )
    .await
    .unwrap();
    let worker = worker(&w);
    drain(&worker).await;
    let admin = w.sign_in("demo.admin").await;
    let page = get(&w, &admin, "/api/outbox?search=for%20the%20outbox").await;
    assert_eq!(page["total"], 2);
    let rows = page["data"].as_array().unwrap();
    let mail = rows.iter().find(|r| r["kind"] == "mail").unwrap();
    assert_eq!(
        (
            &mail["recipient"],
            &mail["subject"],
            &mail["status"],
            &mail["channel"]
        ),
        (
            &json!("ann@example.com"),
            &json!("Hello"),
            &json!("sent"),
            &json!("outbox")
        )
    );
    let text = rows.iter().find(|r| r["kind"] == "text").unwrap();
    assert_eq!(
        (&text["recipient"], &text["subject"], &text["status"]),
        (&json!("555-234-5678"), &Value::Null, &json!("sent"))
    );
    let sorted = get(
        &w,
        &admin,
        "/api/outbox?orderBy=recipient&order=asc&limit=25",
    )
    .await;
    let recipients: Vec<&str> = sorted["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["recipient"].as_str().unwrap())
        .collect();
    assert!(
        recipients.windows(2).all(|p| p[0] <= p[1]),
        "{recipients:?}"
    );
    refused(&w, &admin, "/api/outbox?orderBy=body", "orderBy").await;
    let pm = w.sign_in("demo.pm").await;
    let answer = w.get(&pm, "/api/outbox").await;
    assert_eq!(answer.status, StatusCode::FORBIDDEN);
    w.done().await;
}

/// A plain SMTP server on loopback: it takes every mail, but refuses recipients at
/// `refused.test` for good (550) and those at `busy.test` for now (451).
async fn start_smtp(mails: Arc<Mutex<Vec<String>>>) -> u16 {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        loop {
            let (socket, _) = listener.accept().await.unwrap();
            let mails = mails.clone();
            tokio::spawn(async move {
                let (read, mut write) = socket.into_split();
                let mut lines = BufReader::new(read).lines();
                write.write_all(b"220 fake.smtp ESMTP\r\n").await.unwrap();
                let mut data: Option<String> = None;
                while let Ok(Some(line)) = lines.next_line().await {
                    if let Some(body) = data.as_mut() {
                        if line == "." {
                            mails.lock().unwrap().push(data.take().unwrap());
                            write
                                .write_all(b"250 2.0.0 Ok: queued as F4K3\r\n")
                                .await
                                .unwrap();
                        } else {
                            body.push_str(&line);
                            body.push('\n');
                        }
                        continue;
                    }
                    let upper = line.to_ascii_uppercase();
                    let answer: &[u8] = if upper.starts_with("EHLO") {
                        b"250-fake.smtp\r\n250 8BITMIME\r\n"
                    } else if upper.starts_with("RCPT") && upper.contains("@REFUSED.TEST") {
                        b"550 5.1.1 No such user\r\n"
                    } else if upper.starts_with("RCPT") && upper.contains("@BUSY.TEST") {
                        b"451 4.3.0 Try again later\r\n"
                    } else if upper.starts_with("DATA") {
                        data = Some(String::new());
                        b"354 End data with <CR><LF>.<CR><LF>\r\n"
                    } else if upper.starts_with("QUIT") {
                        write.write_all(b"221 Bye\r\n").await.unwrap();
                        break;
                    } else {
                        b"250 Ok\r\n"
                    };
                    if write.write_all(answer).await.is_err() {
                        break;
                    }
                }
            });
        }
    });
    port
}

#[tokio::test]
async fn mail_goes_over_smtp_when_configured_password_links_included() {
    let mails = Arc::new(Mutex::new(Vec::new()));
    let port = start_smtp(mails.clone()).await;
    let w = world_with(FileSettings {
        smtp_url: Some(format!("smtp://127.0.0.1:{port}")),
        mail_from: Some("Tourdesk <tours@example.com>".into()),
        ..FileSettings::default()
    })
    .await;
    // The demo's own jobs (some two thousand mails, more texts) are left undone: only this test's
    // mails meet the fake server, and the worker has no more to run.
    db::testing::run(
        &w.state.db,
        "UPDATE jobs SET state = 'done' WHERE state = 'queued' AND id > $1",
        0,
    )
    .await;
    let worker = worker(&w);
    let a = ask_reset(&w).await;
    assert_eq!(a.status, StatusCode::OK);
    drain(&worker).await;
    {
        let mails = mails.lock().unwrap();
        assert_eq!(mails.len(), 1);
        assert!(
            mails[0].contains("From: Tourdesk <tours@example.com>"),
            "{}",
            mails[0]
        );
        assert!(
            mails[0].contains("To: demo.sales@demo.tourdesk.test"),
            "{}",
            mails[0]
        );
        assert!(mails[0].contains("reset_password?token="), "{}", mails[0]);
    }
    let sent = &db::messages::mails_to(&w.state.db, "demo.sales@demo.tourdesk.test")
        .await
        .unwrap()[0];
    assert_eq!(sent.status, "sent");

    for to in ["ann@refused.test", "bob@busy.test"] {
        db::messages::queue_mail(&w.state.db, to, "Hi", "Body", w.state.hardware.now())
            .await
            .unwrap();
    }
    drain(&worker).await;
    let admin = w.sign_in("demo.admin").await;
    let status_of = |recipient: &'static str| {
        let (w, admin) = (&w, &admin);
        async move {
            let page = get(
                w,
                admin,
                &format!("/api/outbox?search={recipient}&orderBy=recipient&order=asc"),
            )
            .await;
            page["data"]
                .as_array()
                .unwrap()
                .iter()
                .find(|r| r["recipient"] == recipient)
                .map(|r| {
                    (
                        r["status"].clone(),
                        r["channel"].clone(),
                        r["error"].clone(),
                    )
                })
                .unwrap()
        }
    };
    let (status, channel, error) = status_of("ann@refused.test").await;
    assert_eq!((status, channel), (json!("failed"), json!("smtp")));
    assert!(error.as_str().unwrap().contains("No such user"), "{error}");
    let (status, _, error) = status_of("bob@busy.test").await;
    assert_eq!(status, json!("queued"), "a passing refusal is retried");
    assert!(
        error.as_str().unwrap().contains("Try again later"),
        "{error}"
    );
    w.done().await;
}

/// The demo's story delivers the texts it causes in its own time: its visitors' door codes were
/// written on the wall clock and left queued for the first start, all at once.
#[tokio::test]
async fn the_demo_story_delivers_its_door_codes_in_its_time() {
    let w = world().await;
    let admin = w.sign_in("demo.admin").await;
    // Queued, failed and opted out sort before sent.
    let page = get(
        &w,
        &admin,
        "/api/outbox?search=Your%20door%20code&orderBy=status&order=asc&limit=25",
    )
    .await;
    assert!(page["total"].as_i64().unwrap() > 100, "{}", page["total"]);
    let first = &page["data"][0];
    assert_eq!(first["status"], "sent", "{first}");
    let written = first["created_on"].as_str().unwrap();
    let written = chrono::DateTime::parse_from_rfc3339(written).unwrap();
    assert!(
        written < w.state.hardware.now() - chrono::Duration::hours(1),
        "{written}"
    );
    w.done().await;
}
