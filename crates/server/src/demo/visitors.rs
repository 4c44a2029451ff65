//! The demo's visitors, each taken through the tour pages' calls with the server's clock set to
//! their moment: a texted code read from the outbox, the pre-tour survey, Tour Now or a booked
//! time, their code typed on the simulated lock and the lock button pressed as they leave, the
//! follow-up texts sent by the worker when they fall due, feedback and an offer. The customers,
//! visits, tours booked, after-hours attempts, offers, survey answers, lock events and texts of
//! the demo world are what this flow wrote (docs/showings.md, "The demo world").

use std::net::SocketAddr;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

use axum::body::{to_bytes, Body};
use axum::http::{header, Method, Request, StatusCode};
use axum::Router;
use chrono::{DateTime, Duration, Utc};
use devices::Provider;
use serde_json::{json, Value};
use tower::ServiceExt;

use crate::hardware::Hardware;
use crate::notify::Notifier;
use crate::state::AppState;
use crate::worker::Worker;

/// The server as the demo's visitors meet it: its calls, its worker and a clock set to each
/// moment of the story in turn.
pub(super) struct Stage {
    app: Router,
    pub(super) state: AppState,
    worker: Worker,
    millis: Arc<AtomicI64>,
    /// When the demo was made: its clock never passes it, so nothing it leaves (a lock's events,
    /// a job's time) lies in the future of the server that then runs; what is due later stays
    /// queued for that server.
    until: DateTime<Utc>,
}

/// What a call answered.
struct Answer {
    status: StatusCode,
    body: Value,
}

type Result<T> = std::result::Result<T, String>;

impl Stage {
    /// The server of `state` on a clock standing at `start`; the demo's texts go to the outbox
    /// whatever channels the settings name, as nobody should get them.
    pub(super) fn new(state: &AppState, start: DateTime<Utc>) -> Stage {
        let until = state.hardware.now();
        let millis = Arc::new(AtomicI64::new(start.timestamp_millis()));
        let read = millis.clone();
        let clock: devices::Clock = Arc::new(move || {
            DateTime::from_timestamp_millis(read.load(Ordering::SeqCst)).unwrap_or_default()
        });
        let hardware = Hardware::new(
            state.db.clone(),
            clock,
            0,
            crate::outbound::Outbound::new(Vec::new()),
        );
        let state = AppState {
            hardware: hardware.clone(),
            ..state.clone()
        };
        let notifier = Notifier::outbox_of(&state.settings);
        Stage {
            app: crate::app::router(state.clone()),
            worker: Worker::new(hardware, notifier),
            until,
            state,
            millis,
        }
    }

    pub(super) fn hardware(&self) -> &Hardware {
        &self.state.hardware
    }

    pub(super) fn now(&self) -> DateTime<Utc> {
        self.state.hardware.now()
    }

    /// Moves the clock to `at` (at the latest to when the demo was made) and runs every job due
    /// by then (texts, codes, tours' ends).
    pub(super) async fn at(&self, at: DateTime<Utc>) -> Result<()> {
        self.millis
            .store(at.min(self.until).timestamp_millis(), Ordering::SeqCst);
        while self.worker.run_one().await.map_err(|e| e.to_string())? {}
        Ok(())
    }

    /// A call of the API as a phone at `client` makes it.
    async fn call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
        client: u32,
    ) -> Result<Answer> {
        let mut request = Request::builder().method(method).uri(path);
        if let Some(token) = token {
            request = request.header(header::AUTHORIZATION, format!("Bearer {token}"));
        }
        let body = match body {
            Some(body) => {
                request = request.header(header::CONTENT_TYPE, "application/json");
                Body::from(body.to_string())
            }
            None => Body::empty(),
        };
        let mut request = request.body(body).map_err(|e| e.to_string())?;
        // Each visitor's phone has an address of its own (a private one: nothing is sent there).
        let address = SocketAddr::from((
            [10, (client >> 16) as u8, (client >> 8) as u8, client as u8],
            443,
        ));
        request
            .extensions_mut()
            .insert(axum::extract::ConnectInfo(address));
        let response = self
            .app
            .clone()
            .oneshot(request)
            .await
            .map_err(|e| e.to_string())?;
        let status = response.status();
        let bytes = to_bytes(response.into_body(), usize::MAX)
            .await
            .map_err(|e| e.to_string())?;
        Ok(Answer {
            status,
            body: serde_json::from_slice(&bytes).unwrap_or(Value::Null),
        })
    }

    /// A call that must succeed.
    async fn ok(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
        client: u32,
    ) -> Result<Value> {
        succeeded(path, self.call(method, path, token, body, client).await?)
    }

    /// A visitor's call on their builder's tour pages: `path` after `/api/tour/{webflow}`, as
    /// their session (if any) and their phone make it.
    async fn visitor_call(
        &self,
        person: &Person,
        session: Option<&Session>,
        method: Method,
        path: &str,
        body: Option<Value>,
    ) -> Result<Answer> {
        let path = format!("/api/tour/{}{path}", person.webflow);
        let token = session.map(|s| s.token.as_str());
        self.call(method, &path, token, body, person.client).await
    }

    /// A visitor's call that must succeed.
    async fn visitor_ok(
        &self,
        person: &Person,
        session: Option<&Session>,
        method: Method,
        path: &str,
        body: Option<Value>,
    ) -> Result<Value> {
        let answer = self
            .visitor_call(person, session, method, path, body)
            .await?;
        succeeded(path, answer)
    }

    /// The digits after `before` in the latest text to `phone` holding `marker`.
    async fn texted(&self, phone: &str, marker: &str, before: &str) -> Result<Option<String>> {
        let texts = db::messages::sms_to(&self.state.db, phone)
            .await
            .map_err(|e| e.to_string())?;
        Ok(texts
            .iter()
            .find(|text| text.body.contains(marker))
            .and_then(|text| {
                let from = if before.is_empty() {
                    0
                } else {
                    text.body.find(before)? + before.len()
                };
                let digits: String = text.body[from..]
                    .chars()
                    .take_while(char::is_ascii_digit)
                    .collect();
                (!digits.is_empty()).then_some(digits)
            }))
    }

    /// The simulated lock of a home that visitors' codes go on, as the tour page picks it.
    async fn lock_of(&self, home: i64) -> Result<Option<db::hardware::devices::Device>> {
        use db::hardware::devices::kind;
        Ok(db::hardware::devices::of_property(&self.state.db, home)
            .await
            .map_err(|e| e.to_string())?
            .into_iter()
            .find(|d| (d.kind == kind::DOOR_LOCK || d.kind == kind::SMART_LOCK) && d.online))
    }

    /// Someone at a home's door: `Some(code)` typed on the keypad, `None` the lock button pressed
    /// on the way out. The server reads the lock's events at once, as after a simulator call.
    pub(super) async fn at_the_door(&self, home: i64, code: Option<&str>) -> Result<bool> {
        let Some(lock) = self.lock_of(home).await? else {
            return Ok(false);
        };
        let sim = self.hardware().simulator();
        let opened = match code {
            Some(code) => sim.keypad(&lock.serial_number, code).await,
            None => sim.lock(&lock.serial_number).await.map(|_| false),
        }
        .map_err(|e| e.to_string())?;
        crate::hardware::watch::visit(self.hardware(), &lock)
            .await
            .map_err(|e| e.to_string())?;
        Ok(opened)
    }
}

/// The body of a call that succeeded; otherwise what it answered, as the demo's error.
fn succeeded(path: &str, answer: Answer) -> Result<Value> {
    if answer.status.is_success() {
        Ok(answer.body)
    } else {
        Err(format!(
            "demo visitor: {path} answered {}: {}",
            answer.status, answer.body
        ))
    }
}

/// A demo visitor: who they are and the builder whose homes they tour.
#[derive(Clone)]
pub(super) struct Person {
    pub(super) webflow: String,
    pub(super) firstname: String,
    pub(super) lastname: String,
    pub(super) phone: String,
    pub(super) email: String,
    /// Their phone's address (a number, each visitor's own).
    pub(super) client: u32,
}

/// What a visitor does at the door of a tour they were given a code for.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Door {
    /// Types the code in time, tours for `minutes` and locks up.
    Tours { minutes: i64 },
    /// Never comes.
    NoShow,
    /// Types the code the moment it is shown, before its time: the lock refuses it, and they
    /// give up.
    TooEarly,
}

/// What a visitor says after the tour.
#[derive(Clone)]
pub(super) struct Afterwards {
    pub(super) rating: i64,
    pub(super) loved: &'static str,
    pub(super) comments: &'static str,
    /// Ready to buy (or rent): the floor plan, prequalified, days to the move-in, comments,
    /// preferred contact.
    pub(super) offer: Option<(&'static str, bool, i64, Option<&'static str>, &'static str)>,
}

/// A visitor's session on their builder's tour pages.
pub(super) struct Session {
    pub(super) token: String,
    pub(super) customer_id: i64,
}

impl Stage {
    /// The visitor asks for a code at `home`'s page, reads it from their texts and types it.
    pub(super) async fn verify(&self, person: &Person, home: i64) -> Result<Session> {
        let sent = self
            .visitor_ok(
                person,
                None,
                Method::POST,
                &format!("/property/{home}/code"),
                Some(json!({
                    "firstname": person.firstname,
                    "lastname": person.lastname,
                    "phone": person.phone,
                    "email": person.email,
                    "disclosure_accepted": true,
                })),
            )
            .await?;
        // The code is texted by the worker.
        self.at(self.now()).await?;
        let code = self
            .texted(&person.phone, "self-tour code", "")
            .await?
            .ok_or("demo visitor: no code texted")?;
        let session = self
            .visitor_ok(
                person,
                None,
                Method::POST,
                "/verify",
                Some(json!({ "challenge": sent["challenge"], "code": code })),
            )
            .await?;
        self.session(person, &session).await
    }

    /// The session a sign-in answered, with its customer (`/me`).
    async fn session(&self, person: &Person, signed_in: &Value) -> Result<Session> {
        let token = signed_in["token"].as_str().unwrap_or_default().to_string();
        let me = self
            .ok(
                Method::GET,
                &format!("/api/tour/{}/me", person.webflow),
                Some(&token),
                None,
                person.client,
            )
            .await?;
        Ok(Session {
            token,
            customer_id: me["customer_id"].as_i64().unwrap_or_default(),
        })
    }

    /// The builder's questions of `kind` (`pre` or `post`), each answered by `pick`.
    async fn answers(&self, person: &Person, kind: &str, pick: usize) -> Result<Vec<Value>> {
        let questions = self
            .visitor_ok(person, None, Method::GET, &format!("/survey/{kind}"), None)
            .await?;
        Ok(questions
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or_default()
            .iter()
            .enumerate()
            .map(|(n, q)| {
                let choices = q["choices"]
                    .as_array()
                    .map(Vec::as_slice)
                    .unwrap_or_default();
                let answer = match (choices.len(), q["type"].as_i64()) {
                    (0, Some(5)) => Value::from(format!("{}", 1 + (pick + n) % 4)),
                    (0, _) => Value::from("Saw it on the builder's website"),
                    (len, _) => choices[(pick + n) % len].clone(),
                };
                json!({ "question_id": q["questionId"], "answer": answer })
            })
            .collect())
    }

    /// The pre-tour survey, answered.
    pub(super) async fn pre_survey(
        &self,
        person: &Person,
        session: &Session,
        pick: usize,
    ) -> Result<()> {
        let answers = self.answers(person, "pre", pick).await?;
        self.visitor_ok(
            person,
            Some(session),
            Method::POST,
            "/survey/pre",
            Some(json!({ "answers": answers })),
        )
        .await
        .map(|_| ())
    }

    /// Tour Now at `home`: the visit's id and its code once the lock holds it, or `None` where
    /// the tour page refused (after hours, a blacklisted visitor, a home without a working lock).
    pub(super) async fn tour_now(
        &self,
        person: &Person,
        session: &Session,
        home: i64,
    ) -> Result<Option<(i64, String)>> {
        let started = self
            .visitor_call(
                person,
                Some(session),
                Method::POST,
                &format!("/property/{home}/tour-now"),
                None,
            )
            .await?;
        if matches!(started.status, StatusCode::CONFLICT | StatusCode::FORBIDDEN) {
            return Ok(None);
        }
        if !started.status.is_success() {
            return Err(format!(
                "demo visitor: Tour Now answered {}: {}",
                started.status, started.body
            ));
        }
        let visit = started.body["visit_id"].as_i64().unwrap_or_default();
        // The lock takes the code before it starts (the page asks until it does).
        let starts = self.now() + Duration::seconds(crate::http::tour::TOUR_LEAD_SECONDS);
        let path = format!("/visits/{visit}");
        let mut state = Value::Null;
        for step in 0..40 {
            self.at(starts.min(self.now() + Duration::seconds(5 * step)))
                .await?;
            state = self
                .visitor_ok(person, Some(session), Method::GET, &path, None)
                .await?;
            if state["state"] != "setting" {
                break;
            }
            tokio::task::yield_now().await;
        }
        match state["code"].as_str() {
            Some(code) => Ok(Some((visit, code.to_string()))),
            // The lock could not take the code (staff were told): no tour.
            None => Ok(None),
        }
    }

    /// The visitor at the door with `code` as `door` says, from `at` (too early: now): the tour,
    /// then its texts.
    pub(super) async fn door(
        &self,
        home: i64,
        code: &str,
        door: Door,
        at: DateTime<Utc>,
    ) -> Result<()> {
        match door {
            Door::NoShow => Ok(()),
            Door::TooEarly => self.at_the_door(home, Some(code)).await.map(|_| ()),
            Door::Tours { minutes } => {
                self.at(at).await?;
                if self.at_the_door(home, Some(code)).await? {
                    self.at(at + Duration::minutes(minutes)).await?;
                    self.at_the_door(home, None).await?;
                }
                Ok(())
            }
        }
    }

    /// After the tour: feedback with the post-tour survey, and maybe an offer.
    pub(super) async fn afterwards(
        &self,
        person: &Person,
        session: &Session,
        visit: i64,
        said: &Afterwards,
        pick: usize,
    ) -> Result<()> {
        let answers = self.answers(person, "post", pick).await?;
        self.visitor_ok(
            person,
            Some(session),
            Method::POST,
            "/survey/post",
            Some(json!({
                "answers": answers,
                "visit_id": visit,
                "rating": said.rating,
                "loved": said.loved,
                "comments": said.comments,
            })),
        )
        .await?;
        if let Some((floor_plan, prequalified, days, comments, contact)) = said.offer {
            let move_in = (self.now() + Duration::days(days)).date_naive();
            self.visitor_ok(
                person,
                Some(session),
                Method::POST,
                &format!("/visits/{visit}/offer"),
                Some(json!({
                    "floor_plan": floor_plan,
                    "prequalified": prequalified,
                    "move_in": move_in.format("%Y-%m-%d").to_string(),
                    "comments": comments,
                    "preferred_contact": contact,
                })),
            )
            .await?;
        }
        Ok(())
    }

    /// Books the tour at `at` (the home's local time) when the page offers that time: the
    /// booking's id, or `None` (not offered, or refused).
    pub(super) async fn book(
        &self,
        person: &Person,
        session: &Session,
        home: i64,
        at: chrono::NaiveDateTime,
    ) -> Result<Option<i64>> {
        let date = at.format("%Y-%m-%d").to_string();
        let time = at.format("%-I:%M %p").to_string();
        let slots = self
            .visitor_ok(
                person,
                Some(session),
                Method::GET,
                &format!("/property/{home}/slots?date={date}"),
                None,
            )
            .await?;
        let offered = slots["times"]
            .as_array()
            .is_some_and(|times| times.iter().any(|t| t.as_str() == Some(time.as_str())));
        if !offered {
            return Ok(None);
        }
        let booked = self
            .visitor_call(
                person,
                Some(session),
                Method::POST,
                &format!("/property/{home}/schedule"),
                Some(json!({ "date": date, "time": time })),
            )
            .await?;
        match booked.status {
            StatusCode::OK => Ok(booked.body["id"].as_i64()),
            // Refused, as Tour Now is (a home without a working lock).
            StatusCode::CONFLICT | StatusCode::FORBIDDEN => Ok(None),
            status => Err(format!(
                "demo visitor: booking answered {status}: {}",
                booked.body
            )),
        }
    }

    /// Cancels a booking of the visitor's.
    pub(super) async fn cancel(
        &self,
        person: &Person,
        session: &Session,
        booking: i64,
    ) -> Result<()> {
        self.visitor_ok(
            person,
            Some(session),
            Method::POST,
            &format!("/scheduled/{booking}/cancel"),
            None,
        )
        .await
        .map(|_| ())
    }

    /// A member of staff signed in to the console: their token.
    pub(super) async fn staff(&self, username: &str) -> Result<String> {
        let session = self
            .ok(
                Method::POST,
                "/api/auth/users",
                None,
                Some(json!({ "username": username, "password": super::PASSWORD })),
                0,
            )
            .await?;
        Ok(session["token"].as_str().unwrap_or_default().to_string())
    }

    /// Staff share a home with a visitor (Share): `verifiedCustomer` makes them a verified
    /// account and texts its sign-in; `scheduledTour` books them `at` (the home's local time)
    /// and sends the link.
    pub(super) async fn share(
        &self,
        staff: &str,
        person: &Person,
        home: i64,
        visitor_type_id: i64,
        at: Option<chrono::NaiveDateTime>,
    ) -> Result<()> {
        let mut body = json!({
            "firstname": person.firstname,
            "lastname": person.lastname,
            "email_1": person.email,
            "cell_phone_1": person.phone,
            "property_id": home,
            "visitor_type_id": visitor_type_id,
            "book_tour": if at.is_some() { "scheduledTour" } else { "verifiedCustomer" },
        });
        if let Some(at) = at {
            body["visit_date"] = Value::from(at.format("%m/%d/%Y").to_string());
            body["visit_time"] = Value::from(at.format("%-I:%M %p").to_string());
        }
        self.ok(
            Method::POST,
            "/api/customers/share",
            Some(staff),
            Some(body),
            0,
        )
        .await
        .map(|_| ())
    }

    /// A visitor signs in with the verified account staff shared, as its text says.
    pub(super) async fn sign_in_shared(&self, person: &Person) -> Result<Session> {
        let texts = db::messages::sms_to(&self.state.db, &person.phone)
            .await
            .map_err(|e| e.to_string())?;
        let text = texts
            .iter()
            .find(|t| t.body.contains("password "))
            .ok_or("demo visitor: no sign-in texted")?;
        let after = |word: &str| {
            text.body
                .split(word)
                .nth(1)
                .and_then(|rest| rest.split([' ', ',']).next())
                .map(|w| w.trim_end_matches('.').to_string())
                .unwrap_or_default()
        };
        let session = self
            .visitor_ok(
                person,
                None,
                Method::POST,
                "/signin",
                Some(json!({ "username": after("username "), "password": after("password ") })),
            )
            .await?;
        self.session(person, &session).await
    }

    /// The door code texted to the visitor for a booked tour (sent before it starts).
    pub(super) async fn door_code(&self, person: &Person) -> Result<Option<String>> {
        self.texted(&person.phone, "Your door code for", " is ")
            .await
    }
}
