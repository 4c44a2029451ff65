//! The db crate's suite: runs on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.

use db::builders::NewBuilder;
use db::list::ListQuery;
use db::testing::{run, Condition, TestDb};
use db::users::{AgentRow, NewUser, AGENTS};
use db::{Scope, Value};
use domain::lists::Order;

async fn builder(db: &db::Db, name: &str) -> i64 {
    db::builders::create(
        db,
        &NewBuilder {
            name: name.into(),
            webflow_name: name.to_lowercase(),
            timezone: 52,
            ..Default::default()
        },
    )
    .await
    .unwrap()
}

async fn agent(db: &db::Db, builder_id: i64, username: &str, first: &str, role: i64) -> i64 {
    db::users::create(
        db,
        &NewUser {
            username: username.into(),
            email: format!("{username}@example.com"),
            firstname: first.into(),
            lastname: "Test".into(),
            builder_id: Some(builder_id),
            role_id: role,
            groups: vec![role],
            ..Default::default()
        },
    )
    .await
    .unwrap()
}

#[tokio::test]
async fn catalog_and_states_are_seeded() {
    let t = TestDb::new().await.unwrap();
    let zones = db::catalog::items(&t.db, Some(6)).await.unwrap();
    assert_eq!(
        zones.iter().map(|z| z.catalog_id).collect::<Vec<_>>(),
        vec![51, 52, 53, 54]
    );
    assert_eq!(db::catalog::items(&t.db, Some(1)).await.unwrap().len(), 9);
    assert!(db::catalog::items(&t.db, None)
        .await
        .unwrap()
        .iter()
        .any(|c| c.catalog_id == 155));
    assert_eq!(db::catalog::states(&t.db).await.unwrap().len(), 64);
    t.drop_db().await;
}

#[tokio::test]
async fn list_engine_searches_literally_sorts_pages_and_scopes() {
    let t = TestDb::new().await.unwrap();
    let a = builder(&t.db, "Alpha").await;
    let b = builder(&t.db, "Beta").await;
    agent(&t.db, a, "ann.one", "Ann", 2).await;
    agent(&t.db, a, "bob.two", "Bob", 2).await;
    agent(&t.db, a, "pct.three", "Per%cent", 2).await;
    agent(&t.db, b, "ann.other", "Ann", 2).await;

    let scope = Scope::builder(a);
    let all = AGENTS
        .page::<AgentRow>(
            &t.db,
            &scope,
            &ListQuery {
                limit: Some(25),
                ..Default::default()
            },
        )
        .await
        .unwrap();
    assert_eq!(all.total, 3, "the other builder's staff are not in scope");
    let names: Vec<_> = all.data.iter().map(|r| r.firstname.as_str()).collect();
    assert_eq!(
        names,
        ["Per%cent", "Bob", "Ann"],
        "default sort is firstname desc"
    );

    let search = |s: &str| ListQuery {
        search: Some(s.into()),
        limit: Some(25),
        ..Default::default()
    };
    assert_eq!(
        AGENTS
            .page::<AgentRow>(&t.db, &scope, &search("%"))
            .await
            .unwrap()
            .total,
        1,
        "% is literal"
    );
    assert_eq!(
        AGENTS
            .page::<AgentRow>(&t.db, &scope, &search("_"))
            .await
            .unwrap()
            .total,
        0,
        "_ is literal"
    );
    assert_eq!(
        AGENTS
            .page::<AgentRow>(&t.db, &scope, &search("ANN"))
            .await
            .unwrap()
            .total,
        1,
        "case-insensitive"
    );

    let sorted = ListQuery {
        order_by: Some("username".into()),
        order: Some(Order::Asc),
        limit: Some(25),
        page: 0,
        ..Default::default()
    };
    let rows = AGENTS
        .page::<AgentRow>(&t.db, &scope, &sorted)
        .await
        .unwrap();
    assert_eq!(rows.data[0].username, "ann.one");

    let second_page = ListQuery {
        limit: Some(2),
        page: 1,
        ..Default::default()
    };
    let rows = AGENTS
        .page::<AgentRow>(&t.db, &scope, &second_page)
        .await
        .unwrap();
    assert_eq!((rows.data.len(), rows.total), (1, 3));

    let picked = AGENTS
        .selected::<AgentRow>(
            &t.db,
            &scope,
            &[Value::from("ann.other"), Value::from("bob.two")],
        )
        .await
        .unwrap();
    assert_eq!(picked.len(), 1, "selection is scoped too");
    assert!(AGENTS.check_order_by(Some("pass_word")).is_err());

    let (tx, mut rx) = tokio::sync::mpsc::channel(4);
    let streamed = tokio::spawn({
        let db = t.db.clone();
        async move {
            AGENTS
                .stream::<AgentRow>(&db, &Scope::All, &ListQuery::default(), None, tx)
                .await
        }
    });
    let mut count = 0;
    while let Some(batch) = rx.recv().await {
        count += batch.unwrap().len();
    }
    streamed.await.unwrap().unwrap();
    assert_eq!(count, 4);
    t.drop_db().await;
}

#[tokio::test]
async fn usernames_are_unique_and_deletes_are_scoped() {
    let t = TestDb::new().await.unwrap();
    let a = builder(&t.db, "Alpha").await;
    let b = builder(&t.db, "Beta").await;
    agent(&t.db, a, "ann.one", "Ann", 2).await;
    let clash = db::users::create(
        &t.db,
        &NewUser {
            username: "Ann.One".into(),
            builder_id: Some(b),
            role_id: 2,
            ..Default::default()
        },
    )
    .await;
    assert!(matches!(clash, Err(db::Error::Database(e)) if e.is_unique_violation()));
    assert_eq!(
        db::users::delete_in_scope(&t.db, &Scope::builder(b), &["ann.one".into()])
            .await
            .unwrap(),
        0
    );
    assert_eq!(
        db::users::delete_in_scope(&t.db, &Scope::builder(a), &["ANN.ONE".into()])
            .await
            .unwrap(),
        1
    );
    t.drop_db().await;
}

#[tokio::test]
async fn teams_keep_their_members() {
    let t = TestDb::new().await.unwrap();
    let a = builder(&t.db, "Alpha").await;
    let ann = agent(&t.db, a, "ann.one", "Ann", 2).await;
    let pm = agent(&t.db, a, "pam.pm", "Pam", 4).await;
    let id = db::teams::create(&t.db, a, "North", "Sales", &[ann])
        .await
        .unwrap();
    db::teams::add_member(&t.db, id, pm).await.unwrap();
    db::teams::add_member(&t.db, id, pm).await.unwrap();
    let team = db::teams::get(&t.db, &Scope::builder(a), id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(team.team.total_members, 2);
    assert_eq!(team.agents[0].username, "pam.pm", "program managers first");
    assert!(db::teams::get(&t.db, &Scope::builder(a + 1), id)
        .await
        .unwrap()
        .is_none());
    assert!(db::teams::remove_member(&t.db, id, ann).await.unwrap());
    assert!(
        !db::teams::update(&t.db, &Scope::builder(a + 1), id, "x", "y")
            .await
            .unwrap()
    );
    t.drop_db().await;
}

#[tokio::test]
async fn reset_tokens_are_spent_once() {
    let t = TestDb::new().await.unwrap();
    let a = builder(&t.db, "Alpha").await;
    let ann = agent(&t.db, a, "ann.one", "Ann", 2).await;
    let later = db::now() + chrono::Duration::minutes(5);
    db::resets::store(&t.db, ann, "h-reset", db::resets::RESET, "pair", later)
        .await
        .unwrap();
    db::resets::store(&t.db, ann, "h-refresh", db::resets::REFRESH, "pair", later)
        .await
        .unwrap();
    assert_eq!(
        db::resets::holder(&t.db, "h-reset", db::resets::RESET)
            .await
            .unwrap(),
        Some(ann)
    );
    assert_eq!(
        db::resets::holder(&t.db, "h-reset", db::resets::REFRESH)
            .await
            .unwrap(),
        None,
        "kinds do not mix"
    );
    assert_eq!(
        db::resets::spend(&t.db, "h-reset", db::resets::RESET)
            .await
            .unwrap(),
        Some(ann)
    );
    assert_eq!(
        db::resets::spend(&t.db, "h-reset", db::resets::RESET)
            .await
            .unwrap(),
        None
    );
    assert_eq!(
        db::resets::spend(&t.db, "h-refresh", db::resets::REFRESH)
            .await
            .unwrap(),
        None,
        "the pair is spent"
    );
    let past = db::now() - chrono::Duration::minutes(1);
    db::resets::store(&t.db, ann, "h-old", db::resets::RESET, "pair2", past)
        .await
        .unwrap();
    assert_eq!(
        db::resets::holder(&t.db, "h-old", db::resets::RESET)
            .await
            .unwrap(),
        None,
        "expired"
    );
    t.drop_db().await;
}

#[tokio::test]
async fn jobs_are_claimed_once_and_retried_with_backoff() {
    let t = TestDb::new().await.unwrap();
    let mail = db::messages::queue_mail(&t.db, "a@example.com", "Hi", "Body", db::now())
        .await
        .unwrap();
    let job = db::jobs::claim(&t.db, db::now())
        .await
        .unwrap()
        .expect("a due job");
    assert_eq!(
        (job.kind.as_str(), job.payload.clone(), job.attempts),
        (db::messages::DELIVER_MAIL, mail.to_string(), 1)
    );
    assert!(
        db::jobs::claim(&t.db, db::now()).await.unwrap().is_none(),
        "a running job is not claimed twice"
    );
    db::jobs::fail(&t.db, &job, "smtp down", db::now())
        .await
        .unwrap();
    let (state, attempts, error) = db::jobs::state_of(&t.db, job.id).await.unwrap().unwrap();
    assert_eq!(
        (state.as_str(), attempts, error.as_deref()),
        ("queued", 1, Some("smtp down"))
    );
    assert!(
        db::jobs::claim(&t.db, db::now()).await.unwrap().is_none(),
        "not due until the backoff passes"
    );
    let parked = db::jobs::Job {
        attempts: db::jobs::MAX_ATTEMPTS,
        ..job
    };
    db::jobs::fail(&t.db, &parked, "still down", db::now())
        .await
        .unwrap();
    assert_eq!(
        db::jobs::state_of(&t.db, parked.id)
            .await
            .unwrap()
            .unwrap()
            .0,
        "failed"
    );
    assert_eq!(
        db::messages::mails_to(&t.db, "a@example.com")
            .await
            .unwrap()
            .len(),
        1
    );
    t.drop_db().await;
}

#[tokio::test]
async fn throttle_counts_recent_failures() {
    let t = TestDb::new().await.unwrap();
    let since = db::now() - chrono::Duration::minutes(15);
    db::throttle::record_failure(&t.db, &["account:x", "address:y"])
        .await
        .unwrap();
    db::throttle::record_failure(&t.db, &["account:x"])
        .await
        .unwrap();
    assert_eq!(
        db::throttle::failures_since(&t.db, "account:x", since)
            .await
            .unwrap()
            .0,
        2
    );
    db::throttle::clear(&t.db, "account:x").await.unwrap();
    assert_eq!(
        db::throttle::failures_since(&t.db, "account:x", since)
            .await
            .unwrap()
            .0,
        0
    );
    assert_eq!(
        db::throttle::failures_since(&t.db, "address:y", since)
            .await
            .unwrap()
            .0,
        1
    );
    t.drop_db().await;
}

#[tokio::test]
async fn user_types_match_the_role_labels() {
    let t = TestDb::new().await.unwrap();
    let a = builder(&t.db, "Alpha").await;
    for role in domain::roles::Role::ALL {
        agent(&t.db, a, &format!("user{}", role.id()), "Ann", role.id()).await;
    }
    agent(&t.db, a, "legacy.sales", "Ann", -1).await;
    agent(&t.db, a, "legacy.other", "Ann", 5).await;
    let rows = AGENTS
        .page::<AgentRow>(
            &t.db,
            &Scope::builder(a),
            &ListQuery {
                limit: Some(25),
                ..Default::default()
            },
        )
        .await
        .unwrap();
    for row in rows.data {
        let role = domain::roles::Role::from_id(row.role_id).unwrap();
        assert_eq!(row.user_type, role.label(), "{}", row.username);
        assert_eq!(
            row.is_project_manager,
            role.is_project_manager(),
            "{}",
            row.username
        );
    }
    t.drop_db().await;
}

#[tokio::test]
async fn visit_counts_per_day_follow_the_visits() {
    use chrono::{NaiveDate, TimeZone, Utc};
    let t = TestDb::new().await.unwrap();
    let db = &t.db;
    let b = builder(db, "Daybook").await;
    let home = home_at(community(db, b, "Daybook Commons").await, "1 Ledger Way");
    let home = save_home(db, b, None, &home).await;
    let at = |day: u32, hour: u32| Utc.with_ymd_and_hms(2026, 3, day, hour, 30, 0).unwrap();
    let customers: Vec<db::visits::NewCustomer> = [122, 124]
        .iter()
        .map(|kind| db::visits::NewCustomer {
            builder_id: b,
            firstname: "Vi".into(),
            lastname: "Sitor".into(),
            email: "vi@example.com".into(),
            phone: "555-000-0000".into(),
            visitor_type_id: *kind,
            created_on: at(1, 8),
        })
        .collect();
    let visit = |customer: usize, when| db::visits::NewVisit {
        customer,
        property_id: home,
        visit_status_id: 156,
        remarks: None,
        platform: None,
        attribution: None,
        visited_on: when,
    };
    let visits = [
        visit(0, at(2, 9)),
        visit(0, at(2, 23)),
        visit(1, at(3, 0)),
        visit(0, at(31, 12)),
    ];
    db::visits::insert_history(db, &customers, &visits)
        .await
        .unwrap();
    let scope = Scope::builder(b);
    let day = |d: u32| NaiveDate::from_ymd_opt(2026, 3, d).unwrap();
    let midnight = |d: u32| Utc.with_ymd_and_hms(2026, 3, d, 0, 0, 0).unwrap();
    let count = |from, to, kind| db::visits::count(db, &scope, from, to, kind);
    assert_eq!(count(midnight(2), midnight(4), None).await.unwrap(), 3);
    assert_eq!(count(midnight(2), midnight(4), Some(124)).await.unwrap(), 1);
    assert_eq!(
        count(at(2, 10), midnight(4), None).await.unwrap(),
        2,
        "a window inside a day counts the visits themselves"
    );
    let days = db::visits::series(db, &scope, day(1), day(5))
        .await
        .unwrap();
    assert_eq!(days, vec![(day(2), 2), (day(3), 1)]);
    let month = db::visits::series(
        db,
        &scope,
        day(1),
        NaiveDate::from_ymd_opt(2026, 4, 1).unwrap(),
    )
    .await
    .unwrap();
    assert_eq!(month.iter().map(|(_, n)| n).sum::<i64>(), 4);

    let listed = |query: ListQuery| async move {
        db::visits::VISITS
            .page::<db::visits::VisitRow>(db, &Scope::builder(b), &query)
            .await
            .unwrap()
            .total
    };
    let mut counted = ListQuery::default();
    counted.filters.with(Condition(
        "v.customer_visit_id > ?".into(),
        vec![Value::from(0)],
    ));
    assert_eq!(
        (
            listed(ListQuery::default()).await,
            listed(counted.clone()).await
        ),
        (4, 4),
        "the unfiltered total comes from the day counts"
    );

    // Moving and deleting visits moves the day counts with them.
    let moved = db::on_pool!(db, |pool| sqlx::query(
        "UPDATE customer_visits SET visited_on = $1 WHERE visited_on = $2"
    )
    .bind(at(3, 9))
    .bind(at(2, 23))
    .execute(pool)
    .await
    .map(|done| done.rows_affected()))
    .unwrap();
    assert_eq!(moved, 1);
    db::on_pool!(db, |pool| sqlx::query(
        "DELETE FROM customer_visits WHERE visited_on = $1"
    )
    .bind(at(31, 12))
    .execute(pool)
    .await
    .map(|_| ()))
    .unwrap();
    let days = db::visits::series(
        db,
        &scope,
        day(1),
        NaiveDate::from_ymd_opt(2026, 4, 1).unwrap(),
    )
    .await
    .unwrap();
    assert_eq!(days, vec![(day(2), 1), (day(3), 2)]);
    assert_eq!(
        (listed(ListQuery::default()).await, listed(counted).await),
        (3, 3)
    );

    // A visit whose visitor type changes moves between the builder's totals of each type.
    db::on_pool!(db, |pool| sqlx::query(
        "UPDATE customer_visits SET visitor_type_id = 124 WHERE visited_on = $1"
    )
    .bind(at(2, 9))
    .execute(pool)
    .await
    .map(|_| ()))
    .unwrap();
    let of_type = |kind: i64| {
        let mut query = ListQuery::default();
        query.filters.with(Condition(
            "v.visitor_type_id = ?".into(),
            vec![Value::from(kind)],
        ));
        query
    };
    assert_eq!(
        (listed(of_type(122)).await, listed(of_type(124)).await),
        (1, 2)
    );
    t.drop_db().await;
}

/// A community of `builder_id` named `name`, with nobody assigned.
async fn community(db: &db::Db, builder_id: i64, name: &str) -> i64 {
    let fields = db::communities::CommunityFields {
        name: name.into(),
        state: "TX".into(),
        city: "Austin".into(),
        zip: "78701".into(),
        sales_agent: "555-111-2222".into(),
        emergency_contacts: "nobody".into(),
        ..Default::default()
    };
    let members = db::communities::Members {
        user_ids: &[],
        team_ids: &[],
    };
    db::communities::save(db, &Scope::All, None, builder_id, &fields, &members, "t")
        .await
        .unwrap()
        .unwrap()
}

/// A home on `address` in Austin, Accessible, to be saved into `community_id`.
fn home_at(community_id: i64, address: &str) -> db::properties::PropertyFields {
    db::properties::PropertyFields {
        community_id,
        disposition_id: 11,
        address_1: address.into(),
        city: "Austin".into(),
        state: "TX".into(),
        zipcode: "78701".into(),
        timezone: 52,
        ..Default::default()
    }
}

/// Creates a home of `builder_id`, or with an id saves that one; no staff, no photos.
async fn save_home(
    db: &db::Db,
    builder_id: i64,
    id: Option<i64>,
    fields: &db::properties::PropertyFields,
) -> i64 {
    let staffing = db::properties::Staffing {
        agents: &[],
        team_ids: &[],
    };
    db::properties::save(
        db,
        &Scope::All,
        id,
        builder_id,
        fields,
        &staffing,
        db::properties::Events::Record,
        "t",
    )
    .await
    .unwrap()
    .unwrap()
}

#[tokio::test]
async fn insights_count_each_visit_on_its_own_homes_clock() {
    use chrono::{Duration, NaiveDate};
    use domain::reports::ReportRange;
    let t = TestDb::new().await.unwrap();
    let db = &t.db;
    let b = builder(db, "Clockwise").await;
    let c = community(db, b, "Four Zones").await;
    // A week over the spring change of the clocks (8 March 2026).
    let range = ReportRange {
        start: NaiveDate::from_ymd_opt(2026, 3, 2).unwrap(),
        end: NaiveDate::from_ymd_opt(2026, 3, 9).unwrap(),
    };
    let minute = Duration::minutes(1);
    let accessed = db::visits::status_id("Accessed");
    let waiting = db::visits::status_id("NC");
    let mut visits = Vec::new();
    for (n, (zone, _, _)) in domain::catalog::TIMEZONES.iter().enumerate() {
        let fields = db::properties::PropertyFields {
            timezone: *zone,
            ..home_at(c, &format!("{n} Meridian Way"))
        };
        let home = save_home(db, b, None, &fields).await;
        let (first, after) = (range.starts_at(*zone), range.ends_at(*zone));
        // The range's first and last minutes on the home's clock count; the minute before and
        // the first minute after do not.
        for (at, status) in [
            (first, accessed),
            (after - minute, waiting),
            (first - minute, accessed),
            (after, accessed),
        ] {
            visits.push(db::visits::NewVisit {
                customer: n % 2,
                property_id: home,
                visit_status_id: status,
                remarks: None,
                platform: None,
                attribution: None,
                visited_on: at,
            });
        }
    }
    // Registrations are read on the builder's clock (Eastern).
    let registered_at = range.starts_at(52);
    let customers: Vec<db::visits::NewCustomer> = [registered_at, registered_at - minute]
        .iter()
        .map(|at| db::visits::NewCustomer {
            builder_id: b,
            firstname: "Tick".into(),
            lastname: "Tock".into(),
            email: "tick@example.com".into(),
            phone: "555-000-0001".into(),
            visitor_type_id: 122,
            created_on: *at,
        })
        .collect();
    db::visits::insert_history(db, &customers, &visits)
        .await
        .unwrap();

    let scope = Scope::builder(b);
    let mut lines = db::insights::communities(db, &scope, None).await.unwrap();
    db::insights::fill_lines(db, &scope, None, &range, &mut lines)
        .await
        .unwrap();
    assert_eq!((lines[0].visits, lines[0].tours), (8, 4));
    // Longer ranges read whole weeks of the month and the days left over: from 1 March every
    // visit counts (the earliest is 11:59 PM on the 1st), from the 2nd all but that minute's.
    for (first, counted) in [(1, (16, 12)), (2, (12, 8))] {
        let weeks = ReportRange {
            start: NaiveDate::from_ymd_opt(2026, 3, first).unwrap(),
            end: NaiveDate::from_ymd_opt(2026, 3, 28).unwrap(),
        };
        let mut lines = db::insights::communities(db, &scope, None).await.unwrap();
        db::insights::fill_lines(db, &scope, None, &weeks, &mut lines)
            .await
            .unwrap();
        assert_eq!(
            (lines[0].visits, lines[0].tours),
            counted,
            "from {first} March"
        );
    }
    let hours = db::insights::visit_hours(db, &scope, Some(c), &range)
        .await
        .unwrap();
    let sum = |toured: bool| {
        hours
            .iter()
            .filter(|h| h.toured == toured)
            .map(|h| h.visits)
            .sum::<i64>()
    };
    assert_eq!((sum(true), sum(false)), (4, 4));
    // The builders' tallies read each visit on its home's clock as the visits themselves do.
    let tallied = || async {
        db::insights::tallied_days_and_hours(db, &scope, &range)
            .await
            .unwrap()
    };
    assert_eq!(
        tallied().await,
        domain::insights::days_and_hours(&range, &hours)
    );
    assert_eq!(tallied().await.1.iter().sum::<i64>(), 4);
    let events = db::insights::events_of(db, &scope, None, &range)
        .await
        .unwrap();
    assert_eq!(
        events.toured, 0,
        "both visitors first toured the minute before"
    );
    assert_eq!(events.registered, 1);
    // Once the tours before the range are undone, the tours in it are the visitors' first; the
    // tallies follow the edit.
    let zones: Vec<i64> = domain::catalog::TIMEZONES
        .iter()
        .map(|(z, _, _)| *z)
        .collect();
    for zone in &zones {
        db::on_pool!(db, |pool| sqlx::query(
            "UPDATE customer_visits SET visit_status_id = $1 WHERE visited_on = $2 AND builder_id = $3"
        )
        .bind(waiting)
        .bind(range.starts_at(*zone) - minute)
        .bind(b)
        .execute(pool)
        .await
        .map(|done| done.rows_affected()))
        .unwrap();
    }
    let events = db::insights::events_of(db, &scope, None, &range)
        .await
        .unwrap();
    assert_eq!(events.toured, 2, "two visitors first toured in the range");
    let in_community = db::insights::events_of(db, &scope, Some(c), &range)
        .await
        .unwrap();
    assert_eq!(in_community.toured, 2);
    // Made an offer: visitors whose first offer fell in the range (on its home's clock).
    let offer = |at: chrono::DateTime<chrono::Utc>| async move {
        db::on_pool!(db, |pool| sqlx::query(
            "INSERT INTO offers (builder_id, property_id, customer_id, preferred_contact, created_on) \
             SELECT $1, p.property_id, (SELECT MIN(customer_id) FROM customers WHERE builder_id = $1), 'email', $2 \
             FROM properties p WHERE p.builder_id = $1 AND p.address_1 = '1 Meridian Way'"
        )
        .bind(b)
        .bind(at)
        .execute(pool)
        .await
        .map(|done| done.rows_affected()))
        .unwrap()
    };
    let offered = || async {
        db::insights::events_of(db, &scope, None, &range)
            .await
            .unwrap()
            .offered
    };
    // 1 Meridian Way is Eastern (zone 52).
    assert_eq!(offer(range.starts_at(52)).await, 1);
    assert_eq!(offered().await, 1);
    assert_eq!(offer(range.starts_at(52) - minute).await, 1);
    assert_eq!(
        offered().await,
        0,
        "the visitor's first offer came the minute before"
    );
    db::on_pool!(db, |pool| sqlx::query(
        "DELETE FROM offers WHERE created_on = $1"
    )
    .bind(range.starts_at(52) - minute)
    .execute(pool)
    .await
    .map(|done| done.rows_affected()))
    .unwrap();
    assert_eq!(offered().await, 1);
    assert_eq!(tallied().await.1.iter().sum::<i64>(), 4);
    // A home moved to another community takes its visits' counts along.
    let moved_to = community(db, b, "Elsewhere Acres").await;
    db::on_pool!(db, |pool| sqlx::query(
        "UPDATE properties SET community_id = $1 WHERE address_1 = '0 Meridian Way'"
    )
    .bind(moved_to)
    .execute(pool)
    .await
    .map(|done| done.rows_affected()))
    .unwrap();
    // A community's line as the tallies read now: visits, tours and offers.
    let (in_scope, in_range) = (&scope, &range);
    let line = move |name: &'static str| async move {
        let mut lines = db::insights::communities(db, in_scope, None).await.unwrap();
        db::insights::fill_lines(db, in_scope, None, in_range, &mut lines)
            .await
            .unwrap();
        let line = lines.iter().find(|l| l.community == name).unwrap();
        (line.visits, line.tours, line.offers)
    };
    assert_eq!(line("Four Zones").await, (6, 3, 1));
    assert_eq!(line("Elsewhere Acres").await, (2, 1, 0));
    // Communities without staff hours of their own are staffed 12:00 PM to 3:00 PM: every tour
    // here began around midnight, outside them.
    let outside = db::insights::tours_outside_staff_hours(db, &scope, None, &range)
        .await
        .unwrap();
    assert_eq!(
        (outside.get(&c).copied(), outside.get(&moved_to).copied()),
        (Some(3), Some(1))
    );
    // A home whose zone changes, and one deleted, leave the tallies as their visits read.
    let home_sql = |sql: &'static str| async move {
        db::on_pool!(db, |pool| sqlx::query(sql)
            .execute(pool)
            .await
            .map(|done| done.rows_affected()))
        .unwrap()
    };
    let from_visits = || async {
        let hours = db::insights::visit_hours(db, &scope, None, &range)
            .await
            .unwrap();
        domain::insights::days_and_hours(&range, &hours)
    };
    // 3 Meridian Way was Pacific: on Eastern clocks its visit the minute before the range falls
    // on the range's first day, and the one of the range's last minute on the day after it.
    assert_eq!(
        home_sql("UPDATE properties SET timezone = 52 WHERE address_1 = '3 Meridian Way'").await,
        1
    );
    assert_eq!(tallied().await, from_visits().await);
    assert_eq!(tallied().await.1.iter().sum::<i64>(), 4);
    assert_eq!(
        home_sql("DELETE FROM properties WHERE address_1 = '2 Meridian Way'").await,
        1
    );
    assert_eq!(tallied().await, from_visits().await);
    assert_eq!(tallied().await.1.iter().sum::<i64>(), 3);
    assert_eq!(line("Four Zones").await, (4, 2, 1));
    // Deleted visits leave the tallies.
    db::on_pool!(db, |pool| sqlx::query(
        "DELETE FROM customer_visits WHERE builder_id = $1"
    )
    .bind(b)
    .execute(pool)
    .await
    .map(|done| done.rows_affected()))
    .unwrap();
    let (days, by_hour) = tallied().await;
    assert!(days.iter().all(|d| d.visits == 0 && d.tours == 0));
    assert_eq!(by_hour, [0; 24]);
    let events = db::insights::events_of(db, &scope, None, &range)
        .await
        .unwrap();
    assert_eq!(events.toured, 0);
    // Another builder sees none of it.
    let other = Scope::builder(builder(db, "Elsewhere").await);
    let elsewhere = db::insights::events_of(db, &other, None, &range)
        .await
        .unwrap();
    assert_eq!((elsewhere.toured, elsewhere.registered), (0, 0));
}

#[tokio::test]
async fn property_search_looks_in_the_home_and_its_community() {
    use db::properties::{PropertyFields, PropertyRow, PROPERTIES};
    let t = TestDb::new().await.unwrap();
    let db = &t.db;
    let a = builder(db, "Searchable").await;
    let b = builder(db, "Elsewhere").await;
    let willow = community(db, a, "Willow Creek").await;
    let stone = community(db, a, "Stone Ridge").await;
    let park = community(db, b, "Willow Park").await;
    let home = |builder_id: i64, fields: PropertyFields| async move {
        save_home(db, builder_id, None, &fields).await
    };
    let described = home(
        a,
        PropertyFields {
            house_num: Some("Lot 7".into()),
            subdivision: Some("Sunrise".into()),
            marketing_name: Some("The Aspen".into()),
            mls_number: Some("MLS-42".into()),
            ..home_at(willow, "12 Meadow Lane")
        },
    )
    .await;
    let denver = |community_id: i64, address: &str| PropertyFields {
        city: "Denver".into(),
        state: "CO".into(),
        zipcode: "80202".into(),
        ..home_at(community_id, address)
    };
    let plain = home(a, denver(stone, "9 Oak Street")).await;
    let foreign = home(
        b,
        PropertyFields {
            zipcode: "78702".into(),
            ..home_at(park, "5 Birch Road")
        },
    )
    .await;
    let found = |scope: Scope, search: &'static str| {
        let query = ListQuery {
            search: Some(search.into()),
            limit: Some(25),
            ..Default::default()
        };
        async move {
            let page = PROPERTIES
                .page::<PropertyRow>(db, &scope, &query)
                .await
                .unwrap();
            let mut ids: Vec<i64> = page.data.iter().map(|p| p.property_id).collect();
            ids.sort();
            assert_eq!(page.total, ids.len() as i64, "{search}");
            ids
        }
    };
    for term in [
        "meadow", "LOT 7", "sunrise", "aspen", "mls-42", "78701", "creek",
    ] {
        assert_eq!(found(Scope::builder(a), term).await, [described], "{term}");
    }
    assert_eq!(
        found(Scope::builder(a), "ridge").await,
        [plain],
        "by community"
    );
    assert_eq!(found(Scope::builder(a), "willow").await, [described]);
    assert_eq!(
        found(Scope::All, "willow").await,
        [described, foreign],
        "every builder's communities when the scope has them"
    );
    assert!(found(Scope::builder(a), "park").await.is_empty());
    assert!(
        found(Scope::builder(a), "lane austin").await.is_empty(),
        "a term does not run from one column into the next"
    );
    assert!(found(Scope::builder(a), "%").await.is_empty());
    assert_eq!(
        found(Scope::builder(a), "oa").await,
        [plain],
        "terms too short for the trigram index are still found"
    );

    // Edits and a renamed community are searched at once.
    let mut moved = denver(willow, "9 Quarry Street");
    save_home(db, a, Some(plain), &moved).await;
    assert_eq!(found(Scope::builder(a), "quarry").await, [plain]);
    assert!(found(Scope::builder(a), "oak").await.is_empty());
    assert_eq!(found(Scope::builder(a), "creek").await, [described, plain]);
    moved.community_id = stone;
    run(
        db,
        "UPDATE communities SET name = 'Stone Bluff' WHERE id = $1",
        stone,
    )
    .await;
    save_home(db, a, Some(plain), &moved).await;
    assert_eq!(found(Scope::builder(a), "bluff").await, [plain]);
    run(
        db,
        "UPDATE communities SET name = 'Willow Glen' WHERE id = $1",
        willow,
    )
    .await;
    assert_eq!(
        found(Scope::builder(a), "glen").await,
        [described],
        "a rename alone"
    );
    assert!(found(Scope::builder(a), "creek").await.is_empty());
    t.drop_db().await;
}

#[tokio::test]
async fn search_pages_agree_with_the_whole_list_and_follow_changes() {
    use db::properties::{PropertyRow, PROPERTIES};
    let t = TestDb::new().await.unwrap();
    let db = &t.db;
    let a = builder(db, "Paged").await;
    let orchard = community(db, a, "Orchard Hill").await;
    let other = community(db, a, "Stone Field").await;
    let mut homes = Vec::new();
    for n in 0..30 {
        homes.push(
            save_home(
                db,
                a,
                None,
                &home_at(orchard, &format!("{} Apple Way", 30 - n)),
            )
            .await,
        );
    }
    save_home(db, a, None, &home_at(other, "1 Pear Court")).await;
    let query = |search: &str, order_by: &str, page: i64, limit: Option<i64>| ListQuery {
        search: Some(search.into()),
        order_by: Some(order_by.into()),
        order: Some(Order::Asc),
        page,
        limit,
        ..Default::default()
    };
    let ids = |page: db::list::Page<PropertyRow>| {
        (
            page.data.iter().map(|p| p.property_id).collect::<Vec<_>>(),
            page.total,
        )
    };
    let scope = Scope::builder(a);
    let page = |search: &'static str, order_by: &'static str, n: i64| {
        let scope = scope.clone();
        async move {
            ids(PROPERTIES
                .page::<PropertyRow>(db, &scope, &query(search, order_by, n, Some(25)))
                .await
                .unwrap())
        }
    };
    let whole = |search: &'static str, order_by: &'static str| {
        let scope = scope.clone();
        async move {
            ids(PROPERTIES
                .page::<PropertyRow>(db, &scope, &query(search, order_by, 0, None))
                .await
                .unwrap())
            .0
        }
    };
    // Every page of a search, asked again and in another order, is the whole list's slice.
    for order_by in ["address_1", "property_id", "address_1"] {
        let all = whole("orchard", order_by).await;
        assert_eq!(all.len(), 30);
        for _ in 0..2 {
            assert_eq!(page("orchard", order_by, 0).await, (all[..25].to_vec(), 30));
            assert_eq!(page("orchard", order_by, 1).await, (all[25..].to_vec(), 30));
            assert_eq!(page("orchard", order_by, 2).await, (vec![], 30));
        }
    }
    assert_eq!(whole("orchard", "property_id").await, homes);

    // A home edited out of the search, a community renamed and a home removed each show at once.
    save_home(db, a, Some(homes[0]), &home_at(other, "30 Apple Way")).await;
    assert_eq!(
        page("orchard", "property_id", 0).await,
        (homes[1..26].to_vec(), 29)
    );
    assert_eq!(page("stone", "address_1", 0).await.1, 2);
    run(
        db,
        "UPDATE communities SET name = 'Orchard Vale' WHERE id = $1",
        other,
    )
    .await;
    assert_eq!(page("orchard", "property_id", 1).await.1, 31);
    assert_eq!(page("stone", "address_1", 0).await.1, 0);
    run(
        db,
        "DELETE FROM properties WHERE property_id = $1",
        homes[29],
    )
    .await;
    assert_eq!(page("orchard", "property_id", 1).await.1, 30);
    assert_eq!(
        page("apple", "property_id", 1).await,
        (homes[25..29].to_vec(), 29)
    );
    t.drop_db().await;
}

#[tokio::test]
async fn searches_matching_most_homes_page_as_the_whole_search() {
    use db::properties::{PropertyRow, PROPERTIES};
    let t = TestDb::new().await.unwrap();
    let db = &t.db;
    let a = builder(db, "Dense").await;
    let b = builder(db, "Beside").await;
    let orchard = community(db, a, "Orchard Hill").await;
    let appleton = community(db, a, "Appleton").await;
    let beside = community(db, b, "Orchard Row").await;
    // 40 of the builder's 50 homes hold "apple": in the community's name, the address, or both
    // (two words containing it, one home), between other characters than spaces.
    let mut homes = Vec::new();
    for n in 0..50 {
        let (community_id, street) = match n % 5 {
            0 => (appleton, "Pear Court"),
            1 => (appleton, "Crab-Apple Way"),
            2 => (orchard, "Apple Way"),
            3 => (orchard, "Apple_Way"),
            _ => (orchard, "Pear Court"),
        };
        // Every home also on one of seven lots: a term lying in many words.
        let address = format!("{n} {street} Lot{}", n % 7);
        homes.push(save_home(db, a, None, &home_at(community_id, &address)).await);
    }
    save_home(db, b, None, &home_at(beside, "1 Großapple Way")).await;
    let keys = |scope: &Scope, search: &str, order_by: Option<&str>, page: i64, limit| {
        let query = ListQuery {
            search: Some(search.into()),
            order_by: order_by.map(Into::into),
            order: order_by.map(|_| Order::Asc),
            page,
            limit,
            ..Default::default()
        };
        let scope = scope.clone();
        async move {
            let page = PROPERTIES
                .page::<PropertyRow>(db, &scope, &query)
                .await
                .unwrap();
            let ids: Vec<i64> = page.data.iter().map(|p| p.property_id).collect();
            (ids, page.total)
        }
    };
    // Pages of five against the whole search read in one piece. The first page asked at a
    // version (the second page here) is found by walking the order where that is cheaper, the
    // others from the search's kept matches.
    let paged_as_whole = |scope: Scope, search: &'static str, order_by: Option<&'static str>| async move {
        let (whole, total) = keys(&scope, search, order_by, 0, None).await;
        for page in std::iter::once(1).chain(0..=whole.len() as i64 / 5) {
            let from = (page as usize * 5).min(whole.len());
            let slice = whole[from..(from + 5).min(whole.len())].to_vec();
            assert_eq!(
                keys(&scope, search, order_by, page, Some(5)).await,
                (slice, total),
                "{search} by {order_by:?}, page {page}"
            );
        }
        total
    };
    for order_by in [
        None,
        Some("address_1"),
        Some("community"),
        Some("disposition"),
    ] {
        assert_eq!(
            paged_as_whole(Scope::builder(a), "apple", order_by).await,
            40
        );
        assert_eq!(paged_as_whole(Scope::All, "APPLE", order_by).await, 41);
    }
    assert_eq!(paged_as_whole(Scope::builder(a), "orchard", None).await, 30);
    assert_eq!(
        paged_as_whole(Scope::All, "lot", Some("address_1")).await,
        50
    );
    assert_eq!(paged_as_whole(Scope::builder(a), "quince", None).await, 0);

    // A home edited out of the search, a community renamed and a home removed each show at once.
    save_home(db, a, Some(homes[1]), &home_at(orchard, "1 Pear Court")).await;
    assert_eq!(paged_as_whole(Scope::builder(a), "apple", None).await, 39);
    run(
        db,
        "UPDATE communities SET name = 'Plum Glen' WHERE id = $1",
        appleton,
    )
    .await;
    assert_eq!(paged_as_whole(Scope::builder(a), "apple", None).await, 29);
    assert_eq!(paged_as_whole(Scope::builder(a), "plum", None).await, 19);
    run(
        db,
        "DELETE FROM properties WHERE property_id = $1",
        homes[2],
    )
    .await;
    assert_eq!(paged_as_whole(Scope::builder(a), "apple", None).await, 28);
    t.drop_db().await;
}

#[tokio::test]
async fn customer_searches_page_as_the_whole_search_and_follow_edits() {
    use chrono::{Duration, TimeZone, Utc};
    use db::customers::{CustomerRow, CUSTOMERS};
    use db::visits::{NewCustomer, NewVisit};
    let t = TestDb::new().await.unwrap();
    let db = &t.db;
    let a = builder(db, "Patel Homes").await;
    let b = builder(db, "Beside Homes").await;
    let home = save_home(
        db,
        a,
        None,
        &home_at(community(db, a, "Worded Commons").await, "1 Word Way"),
    )
    .await;
    let start = Utc.with_ymd_and_hms(2026, 3, 1, 9, 0, 0).unwrap();
    // Two thirds of the builder's customers hold "patel", in the last name or the email only;
    // a third never toured (no last visit), the rest in an order other than their keys'.
    let person = |builder_id: i64, n: usize| {
        let (first, last, mail) = match n % 3 {
            0 => ("Ann", "Patel", "ann.patel"),
            1 => ("Bo", "Shah", "bo_patelshah"),
            _ => ("Cy", "Shah-Lee", "cy.shah"),
        };
        NewCustomer {
            builder_id,
            firstname: first.into(),
            lastname: last.into(),
            email: format!("{mail}{n}@mail.test"),
            phone: format!("555-020-{n:04}"),
            visitor_type_id: 122,
            created_on: start,
        }
    };
    let people: Vec<NewCustomer> = (0..30).map(|n| person(a, n)).collect();
    let visits: Vec<NewVisit> = (0..30)
        .filter(|n| n % 5 != 4)
        .map(|n| NewVisit {
            customer: n,
            property_id: home,
            visit_status_id: 156,
            remarks: None,
            platform: None,
            attribution: None,
            visited_on: start + Duration::hours((n as i64 * 7) % 31),
        })
        .collect();
    let ids = db::visits::insert_history(db, &people, &visits)
        .await
        .unwrap();
    db::visits::insert_history(db, &[person(b, 0)], &[])
        .await
        .unwrap();
    let both = Scope::Builders(vec![a, b]);
    let holding = |scope: Scope, term: &'static str| async move {
        let every: Vec<CustomerRow> = whole_list(db, &CUSTOMERS, &scope).await;
        let has = |text: &str| text.to_lowercase().contains(term);
        let wanted: Vec<i64> = every
            .iter()
            .filter(|c| {
                has(&c.firstname)
                    || has(&c.lastname)
                    || c.email_1.as_deref().is_some_and(has)
                    || c.cell_phone_1.as_deref().is_some_and(has)
            })
            .map(|c| c.customer_id)
            .collect();
        let count = wanted.len();
        searched_as_tested(
            db,
            &CUSTOMERS,
            &scope,
            term,
            wanted.into_iter(),
            |c: &CustomerRow| c.customer_id,
        )
        .await;
        count
    };
    assert_eq!(holding(Scope::builder(a), "patel").await, 20);
    assert_eq!(holding(both.clone(), "patel").await, 21);
    assert_eq!(holding(both.clone(), "shah").await, 20);
    assert_eq!(holding(Scope::builder(a), "mail").await, 30);
    assert_eq!(holding(Scope::builder(a), "020").await, 30);
    assert_eq!(holding(Scope::builder(a), "0021").await, 1);
    assert_eq!(holding(Scope::builder(a), "nobody").await, 0);

    // A renamed customer and a removed one show at once; a visit's counters move no words.
    run(
        db,
        "UPDATE customers SET lastname = 'Quince', email_1 = 'q@mail.test' WHERE customer_id = $1",
        ids[0],
    )
    .await;
    assert_eq!(holding(Scope::builder(a), "patel").await, 19);
    assert_eq!(holding(Scope::builder(a), "quince").await, 1);
    run(db, "DELETE FROM customers WHERE customer_id = $1", ids[4]).await;
    assert_eq!(holding(Scope::builder(a), "patel").await, 18);
    run(
        db,
        "UPDATE customers SET visits_count = visits_count + 1 WHERE customer_id = $1",
        ids[3],
    )
    .await;
    assert_eq!(holding(Scope::builder(a), "patel").await, 18);
    t.drop_db().await;
}

#[tokio::test]
async fn one_word_searches_find_what_the_text_holds() {
    use db::properties::{PropertyFields, PropertyRow, PROPERTIES};
    let t = TestDb::new().await.unwrap();
    let db = &t.db;
    let a = builder(db, "Worded").await;
    let communities = [
        (
            "Crab-Apple Ridge",
            community(db, a, "Crab-Apple Ridge").await,
        ),
        ("Élan Applewood", community(db, a, "Élan Applewood").await),
    ];
    // Text of words cut by every kind of character: spaces, punctuation, underscores and
    // letters outside ASCII, in both cases.
    let pieces = [
        "ab", "ABC", "b-c", "Äbc", "ca_b", "12ab", "a.bc", "CAB", "bcä1", "c",
    ];
    let mut expected: Vec<(i64, String)> = Vec::new();
    let mut seed = 7_u64;
    for n in 0..60 {
        let mut pick = || {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            pieces[(seed >> 33) as usize % pieces.len()]
        };
        let address = format!("{}{} {}", pick(), pick(), pick());
        let subdivision = format!("{}/{}", pick(), pick());
        let (name, community_id) = communities[n % 2];
        let fields = PropertyFields {
            subdivision: Some(subdivision.clone()),
            ..home_at(community_id, &address)
        };
        let id = save_home(db, a, None, &fields).await;
        let text = format!("{address} {subdivision} Austin TX 78701 {name}");
        expected.push((id, text.to_lowercase()));
    }
    for term in [
        "abc", "bca", "cab", "12a", "2ab", "bc1", "aab", "cca", "apple", "éla", "äbc", "b-c",
    ] {
        let holding: Vec<i64> = expected
            .iter()
            .filter(|(_, text)| text.contains(&term.to_lowercase()))
            .map(|(id, _)| *id)
            .collect();
        // The whole search, and a second page of five asked first (walked where dense).
        for (page, limit) in [(0, None), (1, Some(5))] {
            let query = ListQuery {
                search: Some(term.to_uppercase()),
                order_by: Some("property_id".into()),
                order: Some(Order::Asc),
                page,
                limit,
                ..Default::default()
            };
            let found = PROPERTIES
                .page::<PropertyRow>(db, &Scope::builder(a), &query)
                .await
                .unwrap();
            let ids: Vec<i64> = found.data.iter().map(|p| p.property_id).collect();
            let wanted: Vec<i64> = match limit {
                None => holding.clone(),
                Some(_) => holding.iter().skip(5).take(5).copied().collect(),
            };
            assert_eq!(
                (ids, found.total),
                (wanted, holding.len() as i64),
                "{term}, page {page}"
            );
        }
    }
    t.drop_db().await;
}

#[tokio::test]
async fn property_totals_follow_the_homes() {
    use db::properties::{PropertyFields, PropertyRow, PROPERTIES};
    let t = TestDb::new().await.unwrap();
    let db = &t.db;
    let a = builder(db, "Tallied").await;
    let b = builder(db, "Untallied").await;
    let mut homes = Vec::new();
    for (builder_id, disposition_id) in [(a, 11), (a, 11), (a, 13), (b, 11)] {
        let fields = PropertyFields {
            disposition_id,
            ..home_at(
                community(db, builder_id, "Tally Commons").await,
                "1 Count Road",
            )
        };
        homes.push(save_home(db, builder_id, None, &fields).await);
    }
    for home in [homes[0], homes[3]] {
        db::properties::set_lock_status(db, home, Some(71))
            .await
            .unwrap();
    }
    // Counted from the totals (no filter, the disposition, the lock status or its absence) and
    // from the homes themselves (a filter the totals do not have); each pair must agree.
    let totals = |scope: Scope| async move {
        let mut counts = Vec::new();
        for (filter, values) in [
            (None, vec![]),
            (Some("p.disposition_id = ?"), vec![Value::from(11)]),
            (
                Some("p.property_id > 0 AND p.disposition_id = ?"),
                vec![Value::from(11)],
            ),
            (Some("p.lock_status_id = ?"), vec![Value::from(71)]),
            (
                Some("p.property_id > 0 AND p.lock_status_id = ?"),
                vec![Value::from(71)],
            ),
            (Some("p.lock_status_id IS NULL"), vec![]),
            (
                Some("p.property_id > 0 AND p.lock_status_id IS NULL"),
                vec![],
            ),
        ] {
            let mut query = ListQuery::default();
            if let Some(condition) = filter {
                query.filters.with(Condition(condition.into(), values));
            }
            let page = PROPERTIES
                .page::<PropertyRow>(db, &scope, &query)
                .await
                .unwrap();
            counts.push(page.total);
        }
        counts
    };
    assert_eq!(totals(Scope::builder(a)).await, [3, 2, 2, 1, 1, 2, 2]);
    assert_eq!(totals(Scope::All).await, [4, 3, 3, 2, 2, 2, 2]);
    db::properties::set_disposition(db, &Scope::builder(a), homes[0], 13, "t")
        .await
        .unwrap();
    assert_eq!(totals(Scope::builder(a)).await, [3, 1, 1, 1, 1, 2, 2]);
    for (home, lock) in [(homes[0], None), (homes[1], Some(71)), (homes[2], Some(71))] {
        db::properties::set_lock_status(db, home, lock)
            .await
            .unwrap();
    }
    assert_eq!(totals(Scope::builder(a)).await, [3, 1, 1, 2, 2, 1, 1]);
    run(
        db,
        "DELETE FROM properties WHERE property_id = $1",
        homes[1],
    )
    .await;
    assert_eq!(totals(Scope::builder(a)).await, [2, 0, 0, 1, 1, 1, 1]);
    assert_eq!(totals(Scope::All).await, [3, 1, 1, 2, 2, 1, 1]);
    let sold = db::visits::count_properties(db, &Scope::All, 13);
    assert_eq!(
        sold.await.unwrap(),
        2,
        "the dashboard's count reads the totals too"
    );
    t.drop_db().await;
}

#[tokio::test]
async fn the_planner_statistics_are_kept() {
    let t = TestDb::new().await.unwrap();
    let db = &t.db;
    let a = builder(db, "Counted").await;
    let commons = community(db, a, "Counted Commons").await;
    for n in 0..3 {
        save_home(db, a, None, &home_at(commons, &format!("{n} Tally Road"))).await;
    }
    db.refresh_statistics().await.unwrap();
    if let db::Db::Sqlite(pool) = db {
        let analysed: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM sqlite_stat1 WHERE tbl = 'properties'")
                .fetch_one(pool)
                .await
                .unwrap();
        assert!(analysed > 0, "the homes' indexes have statistics");
    }
    // PostgreSQL's are autovacuum's, unless it is off (as on the machines these tests run on).
    if let db::Db::Postgres(pool) = db {
        let autovacuum: String = sqlx::query_scalar("SELECT current_setting('autovacuum')")
            .fetch_one(pool)
            .await
            .unwrap();
        let analysed: Option<chrono::DateTime<chrono::Utc>> = sqlx::query_scalar(
            "SELECT last_analyze FROM pg_stat_user_tables WHERE relname = 'properties'",
        )
        .fetch_one(pool)
        .await
        .unwrap();
        assert_eq!(
            analysed.is_some(),
            autovacuum == "off",
            "the homes are analysed when autovacuum is off, and only then"
        );
    }
    t.drop_db().await;
}

#[tokio::test]
async fn sorts_by_catalog_names_page_as_the_whole_list() {
    use db::properties::{PropertyRow, PROPERTIES};
    let t = TestDb::new().await.unwrap();
    let db = &t.db;
    let a = builder(db, "Runs").await;
    let b = builder(db, "Other runs").await;
    let meadow = community(db, a, "Meadow").await;
    let field = community(db, b, "Field").await;
    // Accessible, Under Contract, Sold and Archived homes; some without a lock; of two builders,
    // so a run holds one builder's homes after the other's.
    let dispositions = [11, 12, 13, 10];
    let locks = [Some(71), None, Some(74), Some(73), None];
    let mut homes = [0; 31];
    // Created in turns, so neither builder's homes all come before the other's in key order.
    let turns = (0..8).flat_map(|n| [n, 23 + n]).chain(8..23);
    for n in turns {
        let (owner, at) = if n < 23 { (a, meadow) } else { (b, field) };
        let fields = db::properties::PropertyFields {
            disposition_id: dispositions[n % dispositions.len()],
            ..home_at(at, &format!("{n} Run Lane"))
        };
        let id = save_home(db, owner, None, &fields).await;
        homes[n] = id;
        assert!(
            db::properties::set_lock_status(db, id, locks[n % locks.len()])
                .await
                .unwrap()
        );
    }
    let both = Scope::Builders(vec![a, b]);

    // Filters the totals count (disposition), and one they cannot (a home left out), which
    // reads the runs without them.
    #[derive(Clone, Copy, Debug)]
    enum Filter {
        None,
        NotSold,
        NotOneHome,
    }
    let read = |scope: &Scope,
                order_by: &'static str,
                order: Order,
                page: i64,
                limit: Option<i64>,
                filter: Filter| {
        let mut query = ListQuery {
            order_by: Some(order_by.into()),
            order: Some(order),
            page,
            limit,
            ..Default::default()
        };
        match filter {
            Filter::None => None,
            Filter::NotSold => Some(query.filters.with(Condition(
                "p.disposition_id <> ?".into(),
                vec![Value::from(13)],
            ))),
            Filter::NotOneHome => Some(query.filters.with(Condition(
                "p.property_id <> ?".into(),
                vec![Value::from(homes[4])],
            ))),
        };
        let scope = scope.clone();
        async move {
            let page = PROPERTIES
                .page::<PropertyRow>(db, &scope, &query)
                .await
                .unwrap();
            (
                page.data.iter().map(|p| p.property_id).collect::<Vec<_>>(),
                page.total,
            )
        }
    };
    let check = |label: &'static str| {
        let (read, both) = (&read, &both);
        async move {
            for (scope, everything) in [(&Scope::builder(a), 23), (both, 31)] {
                for order_by in ["disposition", "lock_status"] {
                    for order in [Order::Asc, Order::Desc] {
                        for filter in [Filter::None, Filter::NotSold, Filter::NotOneHome] {
                            // The whole list is sorted by the database in one statement; its
                            // pages are read as runs.
                            let (all, total) = read(scope, order_by, order, 0, None, filter).await;
                            assert_eq!(all.len() as i64, total);
                            let sold = if everything == 23 { 6 } else { 8 };
                            assert_eq!(
                                total,
                                match filter {
                                    Filter::None => everything,
                                    Filter::NotSold => everything - sold,
                                    Filter::NotOneHome => everything - 1,
                                }
                            );
                            for limit in [4, 7, 25] {
                                for page in 0..=(total / limit) {
                                    let from = ((page * limit) as usize).min(all.len());
                                    let to = (from + limit as usize).min(all.len());
                                    assert_eq!(
                                        read(scope, order_by, order, page, Some(limit), filter).await,
                                        (all[from..to].to_vec(), total),
                                        "{label}: {scope:?} {order_by} {order:?} page {page} of {limit}, {filter:?}"
                                    );
                                }
                            }
                        }
                    }
                }
            }
        }
    };
    check("catalogue as seeded").await;
    // Two statuses named alike, in another case, are one run ordered by key across both.
    run(
        db,
        "UPDATE catalog SET name = 'DOWN' WHERE catalog_id = $1",
        73,
    )
    .await;
    check("two statuses named alike").await;

    // The whole list follows the names: Down (73 and 74 named alike), then Active, then the
    // homes without a lock where the database puts a missing name; within a name, builder
    // after builder.
    let (all, _) = read(&both, "lock_status", Order::Desc, 0, None, Filter::None).await;
    let rows = PROPERTIES
        .page::<PropertyRow>(
            db,
            &both,
            &ListQuery {
                order_by: Some("lock_status".into()),
                order: Some(Order::Desc),
                ..Default::default()
            },
        )
        .await
        .unwrap()
        .data;
    let names: Vec<Option<String>> = rows
        .iter()
        .map(|p| p.lock_status.as_deref().map(str::to_lowercase))
        .collect();
    let (locked, missing) = match db {
        db::Db::Sqlite(_) => names.split_at(names.iter().position(Option::is_none).unwrap()),
        db::Db::Postgres(_) => {
            assert_eq!(names[0], None);
            let first_locked = names.iter().position(Option::is_some).unwrap();
            let (missing, locked) = names.split_at(first_locked);
            (locked, missing)
        }
    };
    assert!(missing.iter().all(Option::is_none) && missing.len() == 12);
    assert!(locked.windows(2).all(|w| w[0] >= w[1]));
    for (first, next) in names.iter().zip(&rows).zip(names.iter().zip(&rows).skip(1)) {
        if first.0 == next.0 {
            assert!(
                (first.1.builder_id, first.1.property_id) > (next.1.builder_id, next.1.property_id)
            );
        }
    }
    assert_eq!(rows.iter().map(|p| p.property_id).collect::<Vec<_>>(), all);
    t.drop_db().await;
}

#[tokio::test]
async fn racing_status_changes_report_a_tour_change_once() {
    let t = TestDb::new().await.unwrap();
    let db = &t.db;
    let a = builder(db, "Racing").await;
    let commons = community(db, a, "Racing Commons").await;
    // Accessible: touring, with its own tours.enable.
    let home = save_home(db, a, None, &home_at(commons, "1 Relay Road")).await;
    let staff_access = 18;
    let scope = Scope::builder(a);
    let saves =
        (0..8).map(|_| db::properties::set_disposition(db, &scope, home, staff_access, "t"));
    for saved in futures::future::join_all(saves).await {
        assert!(saved.unwrap());
    }
    let kinds: Vec<String> = db::properties::pending_events(db, a)
        .await
        .unwrap()
        .into_iter()
        .map(|(kind, _)| kind)
        .collect();
    assert_eq!(
        kinds,
        ["tours.enable", "tours.disable"],
        "eight saves of one change are one event"
    );
    t.drop_db().await;
}

#[tokio::test]
async fn pages_of_most_of_the_table_walk_the_order_and_agree_with_the_whole_list() {
    use db::properties::{PropertyRow, PROPERTIES};
    let t = TestDb::new().await.unwrap();
    let db = &t.db;
    let (a, b, other) = (
        builder(db, "Walk A").await,
        builder(db, "Walk B").await,
        builder(db, "Walk Other").await,
    );
    for (owner, homes) in [(a, 40), (b, 25), (other, 5)] {
        let commons = community(db, owner, &format!("Commons {owner}")).await;
        for n in 0..homes {
            let mut home = home_at(commons, &format!("{n} Walker Way"));
            home.city = ["Austin", "Dallas", "Waco"][n % 3].into();
            save_home(db, owner, None, &home).await;
        }
    }
    // 65 of 70 homes: SQLite walks the order's index for these pages.
    let scope = Scope::Builders(vec![a, b]);
    let keys = |rows: Vec<PropertyRow>| rows.iter().map(|r| r.property_id).collect::<Vec<_>>();
    for order_by in [None, Some("city"), Some("property_id")] {
        let mut whole = ListQuery {
            order_by: order_by.map(String::from),
            limit: None,
            ..ListQuery::default()
        };
        let all = PROPERTIES
            .page::<PropertyRow>(db, &scope, &whole)
            .await
            .unwrap();
        assert_eq!(all.total, 65);
        whole.limit = Some(25);
        for page in 0..3 {
            whole.page = page;
            let got = PROPERTIES
                .page::<PropertyRow>(db, &scope, &whole)
                .await
                .unwrap();
            let from = (page * 25) as usize;
            let expected = keys(all.data.clone())
                .into_iter()
                .skip(from)
                .take(25)
                .collect::<Vec<_>>();
            assert_eq!(keys(got.data), expected, "{order_by:?} page {page}");
            assert_eq!(got.total, 65);
        }
    }
    t.drop_db().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn simulated_devices_change_one_at_a_time_and_lose_nothing() {
    let t = TestDb::new().await.unwrap();
    db::sim::put(&t.db, "L1", "0").await.unwrap();
    assert_eq!(
        db::sim::get(&t.db, "L1").await.unwrap().as_deref(),
        Some("0")
    );
    assert_eq!(db::sim::get(&t.db, "nope").await.unwrap(), None);
    let missing = db::sim::update(&t.db, "nope", |_| (None, ()))
        .await
        .unwrap();
    assert!(missing.is_none());
    // Forty changes at once, each reading and writing back the count: none may be lost.
    let changes: Vec<_> = (0..40)
        .map(|_| {
            let db = t.db.clone();
            tokio::spawn(async move {
                db::sim::update(&db, "L1", |state| {
                    let count: i64 = state.parse().unwrap();
                    // Long enough for another change to read the same count, were it let in.
                    std::thread::sleep(std::time::Duration::from_millis(5));
                    (Some((count + 1).to_string()), count)
                })
                .await
                .unwrap()
                .unwrap()
            })
        })
        .collect();
    let mut seen: Vec<i64> = Vec::new();
    for change in changes {
        seen.push(change.await.unwrap());
    }
    seen.sort();
    assert_eq!(
        seen,
        (0..40).collect::<Vec<_>>(),
        "each change saw the one before"
    );
    assert_eq!(
        db::sim::get(&t.db, "L1").await.unwrap().as_deref(),
        Some("40")
    );
    // A change that answers no new state leaves it; putting again replaces it.
    db::sim::update(&t.db, "L1", |_| (None, ())).await.unwrap();
    assert_eq!(
        db::sim::get(&t.db, "L1").await.unwrap().as_deref(),
        Some("40")
    );
    db::sim::put(&t.db, "L1", "7").await.unwrap();
    assert_eq!(
        db::sim::get(&t.db, "L1").await.unwrap().as_deref(),
        Some("7")
    );
    t.drop_db().await;
}

#[tokio::test]
async fn showings_lists_page_as_the_whole_list_and_count_from_their_totals() {
    use chrono::{Duration, TimeZone, Utc};
    use db::after_tour_hours::{AfterTourHoursRow, AFTER_TOUR_HOURS};
    use db::customers::{CustomerRow, CUSTOMERS};
    use db::offers::{OfferRow, OFFERS};
    use db::scheduled_visits::{ScheduledVisitRow, SCHEDULED_VISITS};
    use db::visits::{NewCustomer, NewVisit, VisitRow, VISITS};
    let t = TestDb::new().await.unwrap();
    let db = &t.db;
    let (a, b, other) = (
        builder(db, "Showings A").await,
        builder(db, "Showings B").await,
        builder(db, "Showings Other").await,
    );
    let start = Utc.with_ymd_and_hms(2026, 3, 1, 9, 0, 0).unwrap();
    let names = ["ann", "Bo", "Cy", "ann", "Di", "eve", "Bo"];
    let types = [122, 123, 124, 125, 126];
    let statuses = [156, 157, 158, 161, 162];
    for (owner, customers, homes) in [(a, 13, 4), (b, 9, 3), (other, 4, 2)] {
        let mut at = Vec::new();
        for (n, name) in names.iter().enumerate().take(homes) {
            let commons = community(db, owner, &format!("{name} Commons {owner}")).await;
            at.push(
                save_home(
                    db,
                    owner,
                    None,
                    &home_at(commons, &format!("{n} Show Lane")),
                )
                .await,
            );
        }
        // Written in turns: neither the builders' customers nor their visits come in key order.
        let people: Vec<NewCustomer> = (0..customers)
            .map(|n| NewCustomer {
                builder_id: owner,
                firstname: names[n % names.len()].into(),
                lastname: names[(n * 3) % names.len()].into(),
                email: format!("c{n}@example.com"),
                phone: format!("555-010-{n:04}"),
                visitor_type_id: types[n % types.len()],
                created_on: start,
            })
            .collect();
        // Some customers without visits (no last status).
        let visits: Vec<NewVisit> = (0..customers * 2)
            .filter(|n| n % customers != customers - 1)
            .map(|n| NewVisit {
                customer: (n * 5) % customers,
                property_id: at[n % homes],
                visit_status_id: statuses[n % statuses.len()],
                remarks: None,
                platform: None,
                attribution: None,
                visited_on: start + Duration::hours(n as i64 * 7 % 40),
            })
            .collect();
        let ids = db::visits::insert_history(db, &people, &visits)
            .await
            .unwrap();
        // Tours booked, offers and after-hours attempts, some at the same instant.
        for (n, id) in ids.iter().enumerate() {
            let email = format!("t{n}@example.com");
            let phone = format!("555-020-{n:04}");
            db::scheduled_visits::create(
                db,
                &db::scheduled_visits::NewScheduledVisit {
                    builder_id: owner,
                    property_id: at[n % homes],
                    customer_id: Some(*id),
                    first_name: names[(n * 2) % names.len()],
                    last_name: names[(n + 1) % names.len()],
                    email: (n % 4 != 0).then_some(&email),
                    phone: (n % 5 != 0).then_some(&phone),
                    visit_date: start + Duration::hours(n as i64 * 5 % 31),
                    comments: None,
                    source: "visitor",
                    status: ["created", "cancelled", "completed"][n % 3],
                },
            )
            .await
            .unwrap();
            if n % 2 == 0 {
                db::offers::create(
                    db,
                    &db::offers::NewOffer {
                        property_id: at[n % homes],
                        customer_id: *id,
                        floor_plan: (n % 6 != 4).then_some(["Aspen", "birch", "Cedar"][n % 3]),
                        prequalified: n % 3 == 0,
                        move_in: (n % 5 != 0)
                            .then(|| start.date_naive() + Duration::days(n as i64 % 4)),
                        comments: None,
                        preferred_contact: if n % 4 == 0 { "email" } else { "phone" },
                        customer_visit_id: None,
                    },
                )
                .await
                .unwrap();
            }
            db::after_tour_hours::record(
                db,
                at[n % homes],
                Some(*id),
                ["9:00 AM - 6:00 PM", "10:00 AM - 5:00 PM"][n % 2],
                start + Duration::minutes(n as i64 * 37 % 200),
            )
            .await
            .unwrap();
        }
    }
    // A blacklisted customer: a status the totals follow.
    run(
        db,
        "UPDATE customers SET visitor_status_id = 155 WHERE customer_id = $1",
        db::on_pool!(db, |pool| sqlx::query_scalar::<_, i64>(
            "SELECT MIN(customer_id) FROM customers"
        )
        .fetch_one(pool)
        .await)
        .unwrap(),
    )
    .await;
    let both = Scope::Builders(vec![a, b]);
    // Every sort, each way, of one builder and of two, filtered by a column the totals count
    // and by one they do not: every page is the slice of the whole list sorted by the database
    // in one statement, and every total its length.
    for scope in [Scope::builder(a), both.clone()] {
        let filters = [
            None,
            Some(("c.visitor_type_id = ?", 123)),
            Some(("c.last_visit_status_id = ?", 158)),
            Some(("c.visits_count > ?", 1)),
        ];
        pages_agree::<CustomerRow>(db, &CUSTOMERS, &scope, &filters, |c| c.customer_id).await;
        let filters = [
            None,
            Some(("v.visitor_type_id = ?", 124)),
            Some(("v.visit_status_id <> ?", 157)),
        ];
        pages_agree::<VisitRow>(db, &VISITS, &scope, &filters, |v| v.customer_visit_id).await;
        pages_agree::<ScheduledVisitRow>(
            db,
            &SCHEDULED_VISITS,
            &scope,
            &[None, Some(("s.property_id > ?", 0))],
            |s| s.id,
        )
        .await;
        pages_agree::<OfferRow>(
            db,
            &OFFERS,
            &scope,
            &[None, Some(("o.customer_id > ?", 0))],
            |o| o.id,
        )
        .await;
        pages_agree::<AfterTourHoursRow>(
            db,
            &AFTER_TOUR_HOURS,
            &scope,
            &[None, Some(("a.property_id > ?", 0))],
            |a| a.id,
        )
        .await;
    }

    // Searches of the customers' names, email and phone (through the trigram index from three
    // characters, by LIKE below), and of the visits' visitor, home and community: the same rows
    // as testing every row's text.
    let every_customer = CUSTOMERS
        .page::<CustomerRow>(db, &both, &ListQuery::default())
        .await
        .unwrap()
        .data;
    let every_visit = VISITS
        .page::<VisitRow>(db, &both, &ListQuery::default())
        .await
        .unwrap()
        .data;
    for term in [
        "ann", "AN", "bo", "c1", "010-0003", "example", "commons", "2 show", "nobody", "aspen",
        "9:00", "020-00", "7",
    ] {
        let searched = ListQuery {
            search: Some(term.into()),
            limit: Some(100),
            ..Default::default()
        };
        let has = |text: &str| text.to_lowercase().contains(&term.to_lowercase());
        let mut wanted: Vec<i64> = every_customer
            .iter()
            .filter(|c| {
                has(&c.firstname)
                    || has(&c.lastname)
                    || c.email_1.as_deref().is_some_and(has)
                    || c.cell_phone_1.as_deref().is_some_and(has)
            })
            .map(|c| c.customer_id)
            .collect();
        wanted.sort_unstable();
        // A scope this small is searched row by row on SQLite; the same list without that
        // looks the term up in the trigram index.
        let indexed = db::list::ListSpec {
            scan_rows: 0,
            ..CUSTOMERS
        };
        for spec in [&CUSTOMERS, &indexed] {
            let mut found: Vec<i64> = spec
                .page::<CustomerRow>(db, &both, &searched)
                .await
                .unwrap()
                .data
                .iter()
                .map(|c| c.customer_id)
                .collect();
            found.sort_unstable();
            assert_eq!(found, wanted, "customers searched for {term}");
        }
        let mut found: Vec<i64> = VISITS
            .page::<VisitRow>(db, &both, &searched)
            .await
            .unwrap()
            .data
            .iter()
            .map(|v| v.customer_visit_id)
            .collect();
        found.sort_unstable();
        let mut wanted: Vec<i64> = every_visit
            .iter()
            .filter(|v| {
                has(&v.firstname)
                    || has(&v.lastname)
                    || v.cell_phone_1.as_deref().is_some_and(has)
                    || has(&v.address_1)
                    || has(&v.subdivision)
            })
            .map(|v| v.customer_visit_id)
            .collect();
        wanted.sort_unstable();
        assert_eq!(found, wanted, "visits searched for {term}");
        let opt = |text: &Option<String>| text.as_deref().is_some_and(has);
        let tours: Vec<ScheduledVisitRow> = whole_list(db, &SCHEDULED_VISITS, &both).await;
        let wanted = tours.iter().filter(|s| {
            has(&s.first_name)
                || has(&s.last_name)
                || opt(&s.email)
                || opt(&s.phone)
                || has(&s.property_id.to_string())
        });
        searched_as_tested(
            db,
            &SCHEDULED_VISITS,
            &both,
            term,
            wanted.map(|s| s.id),
            |s: &ScheduledVisitRow| s.id,
        )
        .await;
        let offers: Vec<OfferRow> = whole_list(db, &OFFERS, &both).await;
        let wanted = offers.iter().filter(|o| {
            has(&o.firstname)
                || has(&o.lastname)
                || opt(&o.email)
                || opt(&o.phone)
                || opt(&o.floor_plan)
                || has(&o.property_id.to_string())
        });
        searched_as_tested(
            db,
            &OFFERS,
            &both,
            term,
            wanted.map(|o| o.id),
            |o: &OfferRow| o.id,
        )
        .await;
        let attempts: Vec<AfterTourHoursRow> = whole_list(db, &AFTER_TOUR_HOURS, &both).await;
        let wanted = attempts.iter().filter(|a| {
            has(&a.address_1)
                || has(&a.community)
                || has(&a.tour_hours)
                || has(&a.property_id.to_string())
        });
        searched_as_tested(
            db,
            &AFTER_TOUR_HOURS,
            &both,
            term,
            wanted.map(|a| a.id),
            |a: &AfterTourHoursRow| a.id,
        )
        .await;
        // Its pages, each sort: where the matches are many they are counted apart and the page
        // walks the order, testing each visit against them.
        for (order_by, _) in VISITS.sort_columns {
            let whole = VISITS
                .page::<VisitRow>(
                    db,
                    &both,
                    &ListQuery {
                        search: Some(term.into()),
                        ..sorted(order_by, Order::Desc, 0, None, None)
                    },
                )
                .await
                .unwrap();
            let all: Vec<i64> = whole.data.iter().map(|v| v.customer_visit_id).collect();
            for page in 0..=(all.len() as i64 / 4) {
                let read = VISITS
                    .page::<VisitRow>(
                        db,
                        &both,
                        &ListQuery {
                            search: Some(term.into()),
                            ..sorted(order_by, Order::Desc, page, Some(4), None)
                        },
                    )
                    .await
                    .unwrap();
                let from = (page as usize * 4).min(all.len());
                assert_eq!(
                    (
                        read.data
                            .iter()
                            .map(|v| v.customer_visit_id)
                            .collect::<Vec<_>>(),
                        read.total
                    ),
                    (
                        all[from..(from + 4).min(all.len())].to_vec(),
                        all.len() as i64
                    ),
                    "visits searched for {term} by {order_by}, page {page}"
                );
            }
        }
    }

    // An attempt's words follow its home's address and its community's name, and leave with it.
    run(
        db,
        "UPDATE communities SET name = 'Quince Commons' WHERE id = \
         (SELECT MIN(community_id) FROM properties WHERE builder_id = $1)",
        a,
    )
    .await;
    run(
        db,
        "UPDATE properties SET address_1 = '9 Plum Lane' WHERE property_id = \
         (SELECT MAX(property_id) FROM properties WHERE builder_id = $1)",
        a,
    )
    .await;
    run(
        db,
        "DELETE FROM after_tour_hours WHERE id = (SELECT MIN(id) FROM after_tour_hours WHERE builder_id = $1)",
        a,
    )
    .await;
    for term in ["quince", "plum", "commons", "show"] {
        let attempts: Vec<AfterTourHoursRow> = whole_list(db, &AFTER_TOUR_HOURS, &both).await;
        let has = |text: &str| text.to_lowercase().contains(term);
        let wanted: Vec<i64> = attempts
            .iter()
            .filter(|a| has(&a.address_1) || has(&a.community))
            .map(|a| a.id)
            .collect();
        assert!(!wanted.is_empty(), "{term}");
        searched_as_tested(
            db,
            &AFTER_TOUR_HOURS,
            &both,
            term,
            wanted.into_iter(),
            |a: &AfterTourHoursRow| a.id,
        )
        .await;
    }

    // The customers' totals follow their changes: a new status, a deletion.
    run(
        db,
        "UPDATE customers SET visitor_type_id = 126 WHERE builder_id = $1 AND visitor_type_id = 122",
        a,
    )
    .await;
    run(
        db,
        "DELETE FROM customers WHERE customer_id = (SELECT MAX(customer_id) FROM customers WHERE builder_id = $1)",
        b,
    )
    .await;
    let totals: Vec<(i64, i64)> = db::on_pool!(db, |pool| sqlx::query_as(
        "SELECT t.visitor_type_id, CAST(SUM(t.customers) AS BIGINT) FROM customer_counts t \
         GROUP BY t.visitor_type_id HAVING SUM(t.customers) <> 0 ORDER BY 1"
    )
    .fetch_all(pool)
    .await)
    .unwrap();
    let counted: Vec<(i64, i64)> = db::on_pool!(db, |pool| sqlx::query_as(
        "SELECT visitor_type_id, COUNT(*) FROM customers GROUP BY visitor_type_id ORDER BY 1"
    )
    .fetch_all(pool)
    .await)
    .unwrap();
    assert_eq!(totals, counted);
    for scope in [Scope::builder(a), Scope::builder(b), both.clone()] {
        let page = CUSTOMERS
            .page::<CustomerRow>(
                db,
                &scope,
                &sorted("firstname", Order::Asc, 0, Some(4), None),
            )
            .await
            .unwrap();
        let whole = CUSTOMERS
            .page::<CustomerRow>(
                db,
                &scope,
                &sorted(
                    "firstname",
                    Order::Asc,
                    0,
                    None,
                    Some(("c.customer_id > ?", 0)),
                ),
            )
            .await
            .unwrap();
        assert_eq!(page.total, whole.data.len() as i64, "{scope:?}");
    }
    // The visits per home and per customer follow their visits: one moved to another home, a
    // home deleted with its visits; a search's page still counts what the whole search lists.
    run(
        db,
        "UPDATE customer_visits SET property_id = \
         (SELECT MAX(property_id) FROM properties WHERE builder_id = $1) \
         WHERE customer_visit_id = (SELECT MIN(customer_visit_id) FROM customer_visits WHERE builder_id = $1)",
        a,
    )
    .await;
    run(
        db,
        "DELETE FROM properties WHERE property_id = (SELECT MIN(property_id) FROM properties WHERE builder_id = $1)",
        a,
    )
    .await;
    for term in ["ann", "bo", "commons", "show"] {
        let searched = |limit| ListQuery {
            search: Some(term.into()),
            limit,
            ..Default::default()
        };
        let page = VISITS
            .page::<VisitRow>(db, &both, &searched(Some(4)))
            .await
            .unwrap();
        let whole = VISITS
            .page::<VisitRow>(db, &both, &searched(None))
            .await
            .unwrap();
        assert!(!whole.data.is_empty(), "{term}");
        assert_eq!(
            page.total,
            whole.data.len() as i64,
            "visits searched for {term}"
        );
    }
    // A home's new address is searched at once (PostgreSQL keeps it beside its visit count).
    run(
        db,
        "UPDATE properties SET address_1 = '9 Zephyr Lane' WHERE property_id = \
         (SELECT property_id FROM customer_visits WHERE builder_id = $1 ORDER BY customer_visit_id LIMIT 1)",
        a,
    )
    .await;
    let zephyr = ListQuery {
        search: Some("zephyr".into()),
        ..Default::default()
    };
    let found = VISITS.page::<VisitRow>(db, &both, &zephyr).await.unwrap();
    let wanted = VISITS
        .page::<VisitRow>(db, &both, &ListQuery::default())
        .await
        .unwrap()
        .data
        .into_iter()
        .filter(|v| v.address_1 == "9 Zephyr Lane")
        .count();
    assert!(wanted > 0);
    assert_eq!(
        (found.data.len(), found.total),
        (wanted, wanted as i64),
        "visits searched by a home's new address"
    );
    t.drop_db().await;
}

/// Asserts that a search of `term` lists the rows `wanted` (found by testing every row's text),
/// on one page and a page at a time, and counts them.
/// Every row of a list in scope, in its default order.
async fn whole_list<T: db::list::Row>(
    db: &db::Db,
    spec: &db::list::ListSpec,
    scope: &db::Scope,
) -> Vec<T> {
    spec.page(db, scope, &ListQuery::default())
        .await
        .unwrap()
        .data
}

async fn searched_as_tested<T: db::list::Row>(
    db: &db::Db,
    spec: &db::list::ListSpec,
    scope: &Scope,
    term: &str,
    wanted: impl Iterator<Item = i64>,
    key: fn(&T) -> i64,
) {
    let mut wanted: Vec<i64> = wanted.collect();
    wanted.sort_unstable();
    let searched = |page, limit| ListQuery {
        search: Some(term.into()),
        page,
        limit: Some(limit),
        ..Default::default()
    };
    let whole = spec.page::<T>(db, scope, &searched(0, 1000)).await.unwrap();
    let mut found: Vec<i64> = whole.data.iter().map(key).collect();
    found.sort_unstable();
    assert_eq!(
        (found, whole.total),
        (wanted.clone(), wanted.len() as i64),
        "{term}"
    );
    let mut paged = Vec::new();
    for page in 0..=(whole.total / 4) {
        let read = spec.page::<T>(db, scope, &searched(page, 4)).await.unwrap();
        assert_eq!(read.total, whole.total, "{term}, page {page}");
        paged.extend(read.data.iter().map(key));
    }
    assert_eq!(
        paged,
        whole.data.iter().map(key).collect::<Vec<_>>(),
        "{term}"
    );
}

/// A list request sorted by `order_by`, with at most one filter of one value.
fn sorted(
    order_by: &str,
    order: Order,
    page: i64,
    limit: Option<i64>,
    filter: Option<(&str, i64)>,
) -> ListQuery {
    let mut query = ListQuery {
        order_by: Some(order_by.into()),
        order: Some(order),
        page,
        limit,
        ..Default::default()
    };
    if let Some((condition, value)) = filter {
        query
            .filters
            .with(Condition(condition.into(), vec![Value::from(value)]));
    }
    query
}

/// Every sort of `spec`, each way, with each of `filters`: every page of 4 and of 7 rows is the
/// slice of the whole list (sorted by the database in one statement), every total its length.
async fn pages_agree<T: db::list::Row>(
    db: &db::Db,
    spec: &db::list::ListSpec,
    scope: &Scope,
    filters: &[Option<(&str, i64)>],
    key: fn(&T) -> i64,
) {
    for (order_by, _) in spec.sort_columns {
        for order in [Order::Asc, Order::Desc] {
            for filter in filters {
                let whole = spec
                    .page::<T>(db, scope, &sorted(order_by, order, 0, None, *filter))
                    .await
                    .unwrap();
                let all: Vec<i64> = whole.data.iter().map(key).collect();
                assert_eq!(whole.total, all.len() as i64);
                for limit in [4, 7] {
                    for page in 0..=(whole.total / limit) {
                        let read = spec
                            .page::<T>(
                                db,
                                scope,
                                &sorted(order_by, order, page, Some(limit), *filter),
                            )
                            .await
                            .unwrap();
                        let from = ((page * limit) as usize).min(all.len());
                        let to = (from + limit as usize).min(all.len());
                        assert_eq!(
                            (read.data.iter().map(key).collect::<Vec<_>>(), read.total),
                            (all[from..to].to_vec(), whole.total),
                            "{scope:?} {order_by} {order:?} page {page} of {limit}, {filter:?}"
                        );
                    }
                }
            }
        }
    }
}

#[tokio::test]
async fn home_sales_follow_the_sale_its_tours_and_its_activation() {
    use chrono::{Duration, NaiveDate, Utc};
    use domain::reports::ReportRange;
    let t = TestDb::new().await.unwrap();
    let db = &t.db;
    let b = builder(db, "Closing Day").await;
    let c = community(db, b, "Escrow Park").await;
    let scope = &Scope::builder(b);
    async fn exec(db: &db::Db, sql: String, at: Option<chrono::DateTime<Utc>>) -> u64 {
        db::on_pool!(db, |pool| {
            let mut query = sqlx::query(&sql);
            if let Some(at) = at {
                query = query.bind(at);
            }
            query.execute(pool).await.map(|done| done.rows_affected())
        })
        .unwrap()
    }
    let run = |sql: &str, at| exec(db, sql.to_string(), Some(at));
    let edit = |set: &str| {
        exec(
            db,
            format!("UPDATE properties SET {set} WHERE address_1 = '2 Deed Lane'"),
            None,
        )
    };
    // The homes' sales as the profit center and the insights read them.
    let sales_in = |range: ReportRange| async move {
        let sales = db::insights::sales(db, scope, None, &range).await.unwrap();
        let mut lines = db::insights::communities(db, scope, None).await.unwrap();
        db::insights::fill_lines(db, scope, None, &range, &mut lines)
            .await
            .unwrap();
        assert_eq!(
            lines[0].sales,
            sales.iter().filter(|sale| sale.toured).count() as i64
        );
        sales
            .into_iter()
            .map(|sale| (sale.toured, sale.price_cents, sale.days_on_market))
            .collect::<Vec<_>>()
    };

    // A home added sold counts on today's date of its clock (Eastern), never toured, activated
    // the day it was added.
    let today = domain::reports::local_day(Utc::now(), 52);
    let around_today = ReportRange {
        start: today.pred_opt().unwrap(),
        end: today.succ_opt().unwrap(),
    };
    save_home(
        db,
        b,
        None,
        &db::properties::PropertyFields {
            disposition_id: 13,
            price_cents: Some(40_000_000),
            ..home_at(c, "1 Deed Lane")
        },
    )
    .await;
    assert_eq!(
        sales_in(around_today).await,
        vec![(false, Some(40_000_000), Some(0))]
    );
    assert_eq!(
        exec(
            db,
            "DELETE FROM properties WHERE address_1 = '1 Deed Lane'".into(),
            None
        )
        .await,
        1
    );
    assert_eq!(sales_in(around_today).await, vec![]);

    // A home sold in the last minute of a week in March on its clock (Central), its tour the
    // hour before.
    let range = ReportRange {
        start: NaiveDate::from_ymd_opt(2026, 3, 2).unwrap(),
        end: NaiveDate::from_ymd_opt(2026, 3, 9).unwrap(),
    };
    let sold_at = range.ends_at(53) - Duration::minutes(1);
    save_home(
        db,
        b,
        None,
        &db::properties::PropertyFields {
            timezone: 53,
            price_cents: Some(30_000_000),
            ..home_at(c, "2 Deed Lane")
        },
    )
    .await;
    assert_eq!(sales_in(range).await, vec![], "not sold yet");
    assert_eq!(
        run(
            "UPDATE properties SET disposition_id = 13, disposition_on = $1 WHERE address_1 = '2 Deed Lane'",
            sold_at
        )
        .await,
        1
    );
    // Added to Tourdesk today: activated after its sale, so no days on market.
    assert_eq!(sales_in(range).await, vec![(false, Some(30_000_000), None)]);
    let tour = |at: chrono::DateTime<Utc>| db::visits::NewVisit {
        customer: 0,
        property_id: 0,
        visit_status_id: db::visits::status_id("Accessed"),
        remarks: None,
        platform: None,
        attribution: None,
        visited_on: at,
    };
    let home: i64 = db::on_pool!(db, |pool| sqlx::query_scalar(
        "SELECT property_id FROM properties WHERE address_1 = '2 Deed Lane'"
    )
    .fetch_one(pool)
    .await)
    .unwrap();
    let visitor = || db::visits::NewCustomer {
        builder_id: b,
        firstname: "Ada".into(),
        lastname: "Buyer".into(),
        email: "ada@example.com".into(),
        phone: "555-000-0002".into(),
        visitor_type_id: 122,
        created_on: sold_at - Duration::days(30),
    };
    // A tour after the sale does not count; one before it does.
    db::visits::insert_history(
        db,
        &[visitor()],
        &[db::visits::NewVisit {
            property_id: home,
            ..tour(sold_at + Duration::minutes(1))
        }],
    )
    .await
    .unwrap();
    assert_eq!(sales_in(range).await, vec![(false, Some(30_000_000), None)]);
    db::visits::insert_history(
        db,
        &[visitor()],
        &[db::visits::NewVisit {
            property_id: home,
            ..tour(sold_at - Duration::hours(1))
        }],
    )
    .await
    .unwrap();
    assert_eq!(sales_in(range).await, vec![(true, Some(30_000_000), None)]);
    // The market report's visits up to the sale, kept with it.
    let visits_before_sale = || async {
        db::on_pool!(db, |pool| sqlx::query_scalar::<_, i64>(
            "SELECT visits_before_sale FROM home_sales"
        )
        .fetch_all(pool)
        .await)
        .unwrap()
    };
    assert_eq!(visits_before_sale().await, vec![1]);
    // Activated ten days before the sale on its clock; a second activation changes nothing.
    for days in [10, 3] {
        run(
            "INSERT INTO hub_activity_logs (builder_id, serial_number, property_id, action, created_on, created_by) \
             SELECT builder_id, 'SN-1', property_id, 'activate', $1, 't' FROM properties WHERE address_1 = '2 Deed Lane'",
            sold_at - Duration::days(days),
        )
        .await;
    }
    assert_eq!(
        sales_in(range).await,
        vec![(true, Some(30_000_000), Some(10))]
    );
    // The price follows; the tour before the sale undone, it was not toured.
    edit("price_cents = 31000000").await;
    let waiting = db::visits::status_id("NC");
    assert_eq!(
        exec(
            db,
            format!("UPDATE customer_visits SET visit_status_id = {waiting} WHERE visited_on < $1"),
            Some(sold_at)
        )
        .await,
        1
    );
    assert_eq!(
        sales_in(range).await,
        vec![(false, Some(31_000_000), Some(10))]
    );
    exec(
        db,
        format!(
            "UPDATE customer_visits SET visit_status_id = {} WHERE visited_on < $1",
            db::visits::status_id("Accessed")
        ),
        Some(sold_at),
    )
    .await;
    assert_eq!(
        sales_in(range).await,
        vec![(true, Some(31_000_000), Some(10))]
    );
    // The tour before the sale deleted, then the one after: not toured.
    assert_eq!(
        run("DELETE FROM customer_visits WHERE visited_on < $1", sold_at).await,
        1
    );
    assert_eq!(
        sales_in(range).await,
        vec![(false, Some(31_000_000), Some(10))]
    );
    assert_eq!(visits_before_sale().await, vec![0]);
    assert_eq!(
        run("DELETE FROM customer_visits WHERE visited_on > $1", sold_at).await,
        1
    );
    // On Eastern clocks the sale falls on the day after the range.
    edit("timezone = 52").await;
    assert_eq!(sales_in(range).await, vec![]);
    edit("timezone = 53").await;
    assert_eq!(sales_in(range).await.len(), 1);
    // Back on the market, then deleted: no sale.
    edit("disposition_id = 11").await;
    assert_eq!(sales_in(range).await, vec![]);
    edit("disposition_id = 14").await;
    assert_eq!(sales_in(range).await.len(), 1, "rented");
    exec(
        db,
        "DELETE FROM properties WHERE address_1 = '2 Deed Lane'".into(),
        None,
    )
    .await;
    assert_eq!(sales_in(range).await, vec![]);
    let left: i64 = db::on_pool!(db, |pool| sqlx::query_scalar(
        "SELECT COUNT(*) FROM home_sales"
    )
    .fetch_one(pool)
    .await)
    .unwrap();
    assert_eq!(left, 0);
}

/// Runs `sql` binding `values` in order; the rows it changed.
async fn execute(db: &db::Db, sql: &str, values: &[i64]) -> u64 {
    db::on_pool!(db, |pool| {
        let mut query = sqlx::query(sql);
        for value in values {
            query = query.bind(*value);
        }
        query.execute(pool).await.map(|done| done.rows_affected())
    })
    .unwrap()
}

#[tokio::test]
async fn property_tours_from_running_totals_match_those_counted_from_the_tours() {
    use chrono::{DateTime, Duration, NaiveDate, TimeZone, Utc};
    use db::reports::{PropertyTourRow, PROPERTY_TOURS};
    use domain::reports::{ReportRange, VisitFact};
    let t = TestDb::new().await.unwrap();
    let db = &t.db;
    let b = builder(db, "Running Totals").await;
    let c = community(db, b, "Tally Ridge").await;
    let mut homes = Vec::new();
    for (n, zone) in [53, 52].into_iter().enumerate() {
        let fields = db::properties::PropertyFields {
            timezone: zone,
            ..home_at(c, &format!("{n} Sum Street"))
        };
        homes.push(save_home(db, b, None, &fields).await);
    }
    let accessed = db::visits::status_id("Accessed");
    let waiting = db::visits::status_id("NC");
    // Three visitors over the spring change of the clocks (8 March 2026), some coming back the
    // same day, some days later; a few visits are not tours.
    let first = Utc.with_ymd_and_hms(2026, 3, 1, 4, 30, 0).unwrap();
    let visits: Vec<db::visits::NewVisit> = (0..40i64)
        .map(|n| db::visits::NewVisit {
            customer: (n % 3) as usize,
            property_id: homes[(n % 5 % 2) as usize],
            visit_status_id: if n % 7 == 3 { waiting } else { accessed },
            remarks: None,
            platform: None,
            attribution: None,
            visited_on: first + Duration::minutes(n * n * 97 % 20_000 + n * 431),
        })
        .collect();
    db::visits::insert_history(db, &visitors(b, 3, "Again", first), &visits)
        .await
        .unwrap();
    let day = |d: &str| NaiveDate::parse_from_str(d, "%Y-%m-%d").unwrap();
    let ranges: Vec<ReportRange> = [
        ("2026-03-01", "2026-03-31"),
        ("2026-03-03", "2026-03-08"),
        ("2026-03-09", "2026-03-20"),
        ("2026-03-02", "2026-03-02"),
        ("2026-02-01", "2026-02-28"),
        ("2026-03-05", "2026-04-30"),
        ("2026-03-12", "2026-04-30"),
        ("2026-04-01", "2026-04-30"),
    ]
    .iter()
    .map(|(start, end)| ReportRange {
        start: day(start),
        end: day(end),
    })
    .collect();
    let keys: Vec<Value> = homes.iter().map(|h| Value::Int(Some(*h))).collect();
    let scope = Scope::builder(b);
    // Each range's figures as the report computes them, against those counted from the tours
    // as they stand (every visit read, the home's last tour up to the range's end found here).
    let check = |step: &'static str| {
        let (ranges, keys, scope) = (&ranges, &keys, &scope);
        async move {
            let astray = last_rows_astray(db, "home_tour_totals", "home_tour_last", "property_id");
            assert_eq!(
                astray.await,
                0,
                "{step}: each home's last totals kept apart"
            );
            let kept = home_tour_rows(db).await;
            write_home_tours_whole(db).await;
            assert_eq!(
                kept,
                home_tour_rows(db).await,
                "{step}: the rows as the homes' tours write them whole"
            );
            let facts: Vec<(i64, i64, i64, DateTime<Utc>)> = db::on_pool!(db, |pool| {
                sqlx::query_as(
                "SELECT property_id, customer_id, visit_status_id, visited_on FROM customer_visits"
            )
            .fetch_all(pool)
            .await
            })
            .unwrap();
            for range in ranges {
                let mut rows: Vec<PropertyTourRow> =
                    PROPERTY_TOURS.selected(db, scope, keys).await.unwrap();
                db::reports::complete_property_tours(db, range, &mut rows)
                    .await
                    .unwrap();
                for row in &rows {
                    let tours: Vec<VisitFact> = facts
                        .iter()
                        .filter(|(home, _, status, _)| {
                            *home == row.property_id && *status == accessed
                        })
                        .map(|(home, customer, _, at)| VisitFact {
                            property_id: *home,
                            customer_id: *customer,
                            toured: true,
                            platform: None,
                            at: *at,
                            timezone: row.timezone,
                        })
                        .collect();
                    let last = tours
                        .iter()
                        .map(|tour| tour.at)
                        .filter(|at| domain::reports::local_day(*at, row.timezone) <= range.end)
                        .max();
                    let counted = domain::reports::property_tours(
                        range,
                        row.timezone,
                        &tours,
                        row.activated_on,
                        last,
                    );
                    assert_eq!(
                        row.figures, counted,
                        "{step}: home {} from {} to {}",
                        row.property_id, range.start, range.end
                    );
                }
            }
        }
    };
    check("as written").await;
    let kept = "SELECT COUNT(*) FROM home_tour_totals WHERE property_id = $1";
    let count = |home: i64| async move {
        db::on_pool!(db, |pool| sqlx::query_scalar::<_, i64>(kept)
            .bind(home)
            .fetch_one(pool)
            .await)
        .unwrap()
    };
    assert!(count(homes[0]).await > 5, "the running totals are kept");
    // A tour on a later day by a visitor new to the home adds that day's row; on PostgreSQL
    // (migration 0068) the home's earlier rows are left as they were written.
    let versions = |home: i64| async move {
        match db {
            db::Db::Postgres(pool) => sqlx::query_scalar::<_, String>(
                "SELECT CAST(day AS TEXT) || ' ' || CAST(xmin AS TEXT) FROM home_tour_totals \
                 WHERE property_id = $1 ORDER BY day",
            )
            .bind(home)
            .fetch_all(pool)
            .await
            .unwrap(),
            db::Db::Sqlite(_) => Vec::new(),
        }
    };
    let earlier = versions(homes[0]).await;
    let late = db::visits::NewVisit {
        customer: 0,
        property_id: homes[0],
        visit_status_id: accessed,
        remarks: None,
        platform: None,
        attribution: None,
        visited_on: first + Duration::days(60),
    };
    db::visits::insert_history(db, &visitors(b, 1, "Later", first), &[late])
        .await
        .unwrap();
    let now = versions(homes[0]).await;
    check("a tour on a later day").await;
    if !earlier.is_empty() {
        assert_eq!(now.len(), earlier.len() + 1, "one row for the new day");
        assert_eq!(
            now[..earlier.len()],
            earlier[..],
            "the earlier rows as they were"
        );
    }
    let tour_of = |n: usize| async move {
        db::on_pool!(db, |pool| sqlx::query_scalar::<_, i64>(
            "SELECT customer_visit_id FROM customer_visits WHERE visit_status_id = $1 \
             ORDER BY customer_visit_id LIMIT 1 OFFSET $2"
        )
        .bind(accessed)
        .bind(n as i64)
        .fetch_one(pool)
        .await)
        .unwrap()
    };
    // A tour undone, and a visit that becomes a tour.
    set_visit(db, "visit_status_id", waiting, tour_of(4).await).await;
    check("a tour undone").await;
    execute(
        db,
        "UPDATE customer_visits SET visit_status_id = $1 WHERE visit_status_id = $2",
        &[accessed, waiting],
    )
    .await;
    check("visits become tours").await;
    // A tour moved to another visitor, to another home, and earlier than its visitor's others.
    set_visit(
        db,
        "customer_id",
        visits_customer(db, 2).await,
        tour_of(9).await,
    )
    .await;
    check("a tour given to another visitor").await;
    set_visit(db, "property_id", homes[1], tour_of(2).await).await;
    check("a tour moved home").await;
    visit_to_first_day(db, tour_of(30).await).await;
    check("a tour moved to the first day").await;
    // A tour removed, and a home moved to another zone.
    execute(
        db,
        "DELETE FROM customer_visits WHERE customer_visit_id = $1",
        &[tour_of(12).await],
    )
    .await;
    check("a tour removed").await;
    // A visitor's tour removed after two of theirs at the home, and one between two of theirs:
    // the repeats it made on its previous tours' days go, and its next tour's previous ones move.
    for (which, step) in [
        ("", "a visitor's last tour removed"),
        (
            "AND EXISTS (SELECT 1 FROM customer_visits l WHERE l.property_id = v.property_id \
             AND l.customer_id = v.customer_id AND l.visit_status_id = $2 \
             AND l.visited_on > v.visited_on)",
            "a visitor's tour between two of theirs removed",
        ),
    ] {
        let sql = format!(
            "DELETE FROM customer_visits WHERE customer_visit_id = (\
             SELECT v.customer_visit_id FROM customer_visits v \
             WHERE v.property_id = $1 AND v.visit_status_id = $2 \
             AND (SELECT COUNT(*) FROM customer_visits o WHERE o.property_id = v.property_id \
                  AND o.customer_id = v.customer_id AND o.visit_status_id = $2 \
                  AND o.visited_on < v.visited_on) >= 2 {which} \
             ORDER BY v.visited_on DESC LIMIT 1)"
        );
        assert_eq!(execute(db, &sql, &[homes[0], accessed]).await, 1, "{step}");
        check(step).await;
    }
    set_home(db, "timezone", 54, homes[0]).await;
    check("a home moved to Pacific time").await;
    // The totals go with their home.
    execute(
        db,
        "DELETE FROM properties WHERE property_id = $1",
        &[homes[1]],
    )
    .await;
    assert_eq!(count(homes[1]).await, 0);
    assert!(count(homes[0]).await > 5);
    let astray = last_rows_astray(db, "home_tour_totals", "home_tour_last", "property_id");
    assert_eq!(astray.await, 0, "the last totals go with their home");
}

/// Every row of the homes' running totals (migration 0064), in key order.
async fn home_tour_rows(db: &db::Db) -> Vec<String> {
    let sql = "SELECT CAST(property_id AS TEXT) || ' ' || CAST(day AS TEXT) || ' ' || counts \
               FROM home_tour_totals ORDER BY property_id, day";
    db::on_pool!(db, |pool| sqlx::query_scalar::<_, String>(sql)
        .fetch_all(pool)
        .await)
    .unwrap()
}

/// Writes every home's running totals again from all its tours (on PostgreSQL they are
/// otherwise written from the first day a change reaches, migration 0068).
async fn write_home_tours_whole(db: &db::Db) {
    let sql = match db {
        db::Db::Postgres(_) => {
            "SELECT home_tour_totals_write(ids, array_fill(NULL::date, ARRAY[cardinality(ids)])) \
             FROM (SELECT ARRAY(SELECT property_id FROM properties ORDER BY property_id) AS ids) h"
        }
        db::Db::Sqlite(_) => "INSERT INTO home_tour_stale SELECT property_id FROM properties",
    };
    execute(db, sql, &[]).await;
}

/// The keys of running totals (migrations 0064 and 0065) whose last row, kept apart (0067), is
/// missing, stale or left behind.
async fn last_rows_astray(db: &db::Db, totals: &str, last: &str, key: &str) -> i64 {
    let sql = format!(
        "SELECT (SELECT COUNT(*) FROM {last} l \
                 WHERE l.day IS DISTINCT FROM (SELECT max(t.day) FROM {totals} t \
                                               WHERE t.{key} = l.{key})) \
              + (SELECT COUNT(DISTINCT {key}) FROM {totals}) - (SELECT COUNT(*) FROM {last})"
    );
    db::on_pool!(db, |pool| sqlx::query_scalar::<_, i64>(&sql)
        .fetch_one(pool)
        .await)
    .unwrap()
}

/// The visitor of the `n`th visit (by id).
async fn visits_customer(db: &db::Db, n: i64) -> i64 {
    db::on_pool!(db, |pool| sqlx::query_scalar::<_, i64>(
        "SELECT customer_id FROM customer_visits ORDER BY customer_visit_id LIMIT 1 OFFSET $1"
    )
    .bind(n)
    .fetch_one(pool)
    .await)
    .unwrap()
}

/// A visit with its home's community and zone, as the visit report counts it.
#[derive(sqlx::FromRow)]
struct CommunityVisitRow {
    community_id: i64,
    timezone: i64,
    property_id: i64,
    customer_id: i64,
    visit_status_id: i64,
    platform: Option<String>,
    visited_on: chrono::DateTime<chrono::Utc>,
}

#[tokio::test]
async fn community_visits_from_running_totals_match_those_counted_from_the_visits() {
    use chrono::{Duration, NaiveDate, TimeZone, Utc};
    use db::reports::{VisitReportRow, VISIT_REPORT};
    use domain::reports::{ReportRange, VisitFact};
    let t = TestDb::new().await.unwrap();
    let db = &t.db;
    let b = builder(db, "Community Totals").await;
    let communities = [
        community(db, b, "Sum Hollow").await,
        community(db, b, "Tally Flats").await,
    ];
    // Two homes of the first community on different clocks, one of the second.
    let mut homes = Vec::new();
    for (n, (c, zone)) in [(0, 53), (0, 52), (1, 54)].into_iter().enumerate() {
        let fields = db::properties::PropertyFields {
            timezone: zone,
            ..home_at(communities[c], &format!("{n} Count Lane"))
        };
        homes.push(save_home(db, b, None, &fields).await);
    }
    let accessed = db::visits::status_id("Accessed");
    let waiting = db::visits::status_id("NC");
    let platforms = [Some("Web"), Some("app"), Some("CALL"), None];
    // Four visitors over the spring change of the clocks (8 March 2026), coming back to the same
    // home and to others, some the same day; a few visits are not tours.
    let first = Utc.with_ymd_and_hms(2026, 3, 1, 4, 30, 0).unwrap();
    let visits: Vec<db::visits::NewVisit> = (0..48i64)
        .map(|n| db::visits::NewVisit {
            customer: (n % 4) as usize,
            property_id: homes[(n % 5 % 3) as usize],
            visit_status_id: if n % 7 == 3 { waiting } else { accessed },
            remarks: None,
            platform: platforms[(n % 9 % 4) as usize].map(String::from),
            attribution: None,
            visited_on: first + Duration::minutes(n * n * 97 % 20_000 + n * 431),
        })
        .collect();
    db::visits::insert_history(db, &visitors(b, 4, "Counted", first), &visits)
        .await
        .unwrap();
    let day = |d: &str| NaiveDate::parse_from_str(d, "%Y-%m-%d").unwrap();
    // Ranges ending after the last visit read the totals; the others read the visits.
    let ranges: Vec<ReportRange> = [
        ("2026-02-01", "2026-04-30"),
        ("2026-03-05", "2026-04-30"),
        ("2026-03-08", "2026-04-30"),
        ("2026-03-12", "2026-04-30"),
        ("2026-04-01", "2026-04-30"),
        ("2026-03-01", "2026-03-10"),
        ("2026-02-01", "2026-02-28"),
    ]
    .iter()
    .map(|(start, end)| ReportRange {
        start: day(start),
        end: day(end),
    })
    .collect();
    let keys: Vec<Value> = communities.iter().map(|c| Value::Int(Some(*c))).collect();
    let scope = Scope::builder(b);
    let check = |step: &'static str| {
        let (ranges, keys, scope) = (&ranges, &keys, &scope);
        async move {
            let astray = last_rows_astray(
                db,
                "community_visit_totals",
                "community_visit_last",
                "community_id",
            );
            assert_eq!(
                astray.await,
                0,
                "{step}: each community's last totals kept apart"
            );
            let facts: Vec<CommunityVisitRow> = db::on_pool!(db, |pool| {
                sqlx::query_as(
                    "SELECT p.community_id, p.timezone, v.property_id, v.customer_id, \
                     v.visit_status_id, v.platform, v.visited_on \
                     FROM customer_visits v JOIN properties p ON p.property_id = v.property_id",
                )
                .fetch_all(pool)
                .await
            })
            .unwrap();
            for range in ranges {
                let mut rows: Vec<VisitReportRow> =
                    VISIT_REPORT.selected(db, scope, keys).await.unwrap();
                let missed = db::reports::MissedTours::read(db, scope, range, Utc::now())
                    .await
                    .unwrap();
                db::reports::complete_visit_report(db, range, &missed, &mut rows)
                    .await
                    .unwrap();
                for row in &rows {
                    let visits: Vec<VisitFact> = facts
                        .iter()
                        .filter(|fact| fact.community_id == row.community_id)
                        .map(|fact| VisitFact {
                            property_id: fact.property_id,
                            customer_id: fact.customer_id,
                            toured: fact.visit_status_id == accessed,
                            platform: fact.platform.clone(),
                            at: fact.visited_on,
                            timezone: fact.timezone,
                        })
                        .collect();
                    let refs: Vec<&VisitFact> = visits.iter().collect();
                    let counted = domain::reports::community_visits(range, &refs, 0);
                    assert_eq!(
                        row.figures, counted,
                        "{step}: community {} from {} to {}",
                        row.community_id, range.start, range.end
                    );
                }
            }
        }
    };
    check("as written").await;
    let count = |community: i64| async move {
        db::on_pool!(db, |pool| sqlx::query_scalar::<_, i64>(
            "SELECT COUNT(*) FROM community_visit_totals WHERE community_id = $1"
        )
        .bind(community)
        .fetch_one(pool)
        .await)
        .unwrap()
    };
    assert!(
        count(communities[0]).await > 5,
        "the running totals are kept"
    );
    let visit_of = |n: i64| async move {
        db::on_pool!(db, |pool| sqlx::query_scalar::<_, i64>(
            "SELECT customer_visit_id FROM customer_visits ORDER BY customer_visit_id LIMIT 1 OFFSET $1"
        )
        .bind(n)
        .fetch_one(pool)
        .await)
        .unwrap()
    };
    set_visit(db, "visit_status_id", waiting, visit_of(4).await).await;
    check("a tour undone").await;
    execute(
        db,
        "UPDATE customer_visits SET visit_status_id = $1 WHERE visit_status_id = $2",
        &[accessed, waiting],
    )
    .await;
    check("visits become tours").await;
    execute(
        db,
        "UPDATE customer_visits SET platform = 'call' WHERE customer_visit_id = $1",
        &[visit_of(5).await],
    )
    .await;
    check("a tour's platform changed").await;
    set_visit(
        db,
        "customer_id",
        visits_customer(db, 2).await,
        visit_of(9).await,
    )
    .await;
    check("a visit given to another visitor").await;
    set_visit(db, "property_id", homes[2], visit_of(0).await).await;
    check("a visit moved to the other community").await;
    visit_to_first_day(db, visit_of(40).await).await;
    check("a visit moved to the first day").await;
    execute(
        db,
        "DELETE FROM customer_visits WHERE customer_visit_id = $1",
        &[visit_of(12).await],
    )
    .await;
    check("a visit removed").await;
    set_home(db, "timezone", 54, homes[0]).await;
    check("a home moved to Pacific time").await;
    set_home(db, "community_id", communities[1], homes[1]).await;
    check("a home moved to the other community").await;
    execute(
        db,
        "DELETE FROM properties WHERE property_id = $1",
        &[homes[1]],
    )
    .await;
    check("a home deleted").await;
    assert!(count(communities[1]).await > 5);
    // A community emptied and deleted: its totals and their last row go with it.
    execute(
        db,
        "DELETE FROM properties WHERE community_id = $1",
        &[communities[0]],
    )
    .await;
    execute(
        db,
        "DELETE FROM communities WHERE id = $1",
        &[communities[0]],
    )
    .await;
    assert_eq!(count(communities[0]).await, 0);
    let astray = last_rows_astray(
        db,
        "community_visit_totals",
        "community_visit_last",
        "community_id",
    );
    assert_eq!(astray.await, 0, "the last totals go with their community");
}

/// Visitors of a builder, for visits written with [`db::visits::insert_history`].
fn visitors(
    builder_id: i64,
    count: usize,
    lastname: &str,
    created_on: chrono::DateTime<chrono::Utc>,
) -> Vec<db::visits::NewCustomer> {
    (0..count)
        .map(|n| db::visits::NewCustomer {
            builder_id,
            firstname: format!("Visitor {n}"),
            lastname: lastname.into(),
            email: format!("{}{n}@example.com", lastname.to_lowercase()),
            phone: format!("555-000-{:04}", 100 + n),
            visitor_type_id: 122,
            created_on,
        })
        .collect()
}

/// Sets a column of a visit.
async fn set_visit(db: &db::Db, column: &str, value: i64, visit: i64) {
    let sql = format!("UPDATE customer_visits SET {column} = $1 WHERE customer_visit_id = $2");
    execute(db, &sql, &[value, visit]).await;
}

/// Moves a visit to the time of the first visit.
async fn visit_to_first_day(db: &db::Db, visit: i64) {
    let sql =
        "UPDATE customer_visits SET visited_on = (SELECT MIN(visited_on) FROM customer_visits) \
               WHERE customer_visit_id = $1";
    execute(db, sql, &[visit]).await;
}

/// Sets a column of a home.
async fn set_home(db: &db::Db, column: &str, value: i64, home: i64) {
    let sql = format!("UPDATE properties SET {column} = $1 WHERE property_id = $2");
    execute(db, &sql, &[value, home]).await;
}
