//! Reports: the property tour report, the visit report and the market report, each column
//! checked against a hand-built community of two homes, with their exports, the date rules and
//! other builders kept out.

use chrono::{Datelike, Duration, NaiveDate, NaiveTime, Utc};

use super::*;

/// Central time, the zone of the fixture's homes (`new_property`).
const ZONE: i64 = 53;

fn at(day: NaiveDate, hour: u32, minute: u32) -> chrono::DateTime<Utc> {
    domain::zones::from_local(
        ZONE,
        day.and_time(NaiveTime::from_hms_opt(hour, minute, 0).unwrap()),
    )
}

fn weekday(day: NaiveDate) -> &'static str {
    domain::hours::DAY_NAMES[day.weekday().num_days_from_sunday() as usize]
}

struct Fixture {
    community: i64,
    /// Toured six times in the range by three visitors, activated 30 days before it.
    home_a: i64,
    /// Toured once; never activated, so its day of joining is today's.
    home_b: i64,
    start: NaiveDate,
    end: NaiveDate,
    /// The days of the range the tours fall on.
    d1: NaiveDate,
    d2: NaiveDate,
}

async fn fixture(w: &World, pm: &str) -> Fixture {
    let created = w
        .post(
            pm,
            "/api/communities/saveCommunity",
            community_body("Report Ridge"),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
    let community = created.json()["id"].as_i64().unwrap();
    let mut homes = Vec::new();
    for (lot, address) in [("42", "7 Reportwood Lane"), ("43", "9 Reportwood Lane")] {
        let mut body = new_property(community);
        body["house_num"] = json!(lot);
        body["address_1"] = json!(address);
        let home = w.post(pm, "/api/properties/new_property", body).await;
        assert_eq!(home.status, StatusCode::CREATED, "{}", home.text());
        homes.push(home.json()["property_id"].as_i64().unwrap());
    }
    let (home_a, home_b) = (homes[0], homes[1]);
    let builder_id = builder_of_session(w, pm).await;
    let today = domain::zones::to_local(ZONE, Utc::now()).date();
    let end = today - Duration::days(1);
    let start = end - Duration::days(19);
    let (d1, d2, d3) = (
        start + Duration::days(3),
        start + Duration::days(6),
        start + Duration::days(8),
    );
    let customer = |n: usize| db::visits::NewCustomer {
        builder_id,
        firstname: format!("Report{n}"),
        lastname: "Visitor".into(),
        email: format!("report{n}@visitors.test"),
        phone: format!("555-700-000{n}"),
        visitor_type_id: 122,
        // Visitor 2 registered during the range; the others long before.
        created_on: if n == 2 {
            at(d1, 8, 0)
        } else {
            at(start, 8, 0) - Duration::days(60)
        },
    };
    let accessed = db::visits::status_id("Accessed");
    let waiting = db::visits::status_id("NC");
    let visit =
        |customer, property_id, visit_status_id, platform: &str, visited_on| db::visits::NewVisit {
            customer,
            property_id,
            visit_status_id,
            remarks: None,
            platform: Some(platform.into()),
            attribution: None,
            visited_on,
        };
    db::visits::insert_history(
        &w.state.db,
        &[customer(0), customer(1), customer(2)],
        &[
            visit(
                2,
                home_a,
                accessed,
                "Web",
                at(start - Duration::days(1), 14, 0),
            ), // before the range
            visit(0, home_a, accessed, "Web", at(d1, 14, 0)),
            visit(1, home_a, accessed, "Call", at(d1, 10, 0)),
            visit(0, home_a, accessed, "App", at(d2, 14, 30)), // visitor 0 again
            visit(1, home_a, waiting, "Web", at(d3, 16, 0)),   // a code given, the door not opened
            visit(1, home_b, accessed, "Web", at(d2, 9, 0)),
            // The range's last evening: the next day already in UTC.
            visit(2, home_a, accessed, "Web", at(end, 23, 30)),
            // After the range: today, a minute ago.
            visit(
                2,
                home_a,
                accessed,
                "Web",
                Utc::now() - Duration::minutes(1),
            ),
        ],
    )
    .await
    .unwrap();
    db::hardware::record(
        &w.state.db,
        &db::hardware::NewActivity {
            builder_id,
            hub_type: None,
            lock_type: Some("smart lock"),
            serial_number: "RPT-1",
            property_id: Some(home_a),
            action: "activate",
            created_by: "demo.pm",
            users_email: None,
            at: Some(at(start - Duration::days(30), 12, 0)),
        },
    )
    .await
    .unwrap();
    // Booked tours of home A: one missed in the range, one toured, one called off, one before it.
    for (day, status) in [
        (d1, "created"),
        (d2, "completed"),
        (d3, "cancelled"),
        (start - Duration::days(2), "created"),
    ] {
        db::scheduled_visits::create(
            &w.state.db,
            &db::scheduled_visits::NewScheduledVisit {
                builder_id,
                property_id: home_a,
                customer_id: None,
                first_name: "Booked",
                last_name: "Visitor",
                email: None,
                phone: None,
                visit_date: at(day, 11, 0),
                comments: None,
                source: "Share",
                status,
            },
        )
        .await
        .unwrap();
    }
    Fixture {
        community,
        home_a,
        home_b,
        start,
        end,
        d1,
        d2,
    }
}

fn dates(f: &Fixture) -> String {
    format!("startDate={}&endDate={}", f.start, f.end)
}

fn row<'a>(page: &'a Value, key: &str, id: i64) -> &'a Value {
    page["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r[key] == id)
        .unwrap_or_else(|| panic!("{key} {id} in {page}"))
}

#[tokio::test]
async fn the_property_tour_report_counts_each_homes_tours() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let f = fixture(&w, &pm).await;
    let base = "/api/properties/tourReport";
    let page = get(
        &w,
        &pm,
        &format!("{base}?{}&search=Reportwood&limit=150", dates(&f)),
    )
    .await;
    assert_eq!(page["total"], page["totalCount"]);
    let a = row(&page, "property_id", f.home_a);
    assert_eq!(a["community_name"], "Report Ridge");
    assert_eq!(a["address_1"], "7 Reportwood Lane");
    assert_eq!(a["lot_num"], "42");
    // Tours in the range: d1 twice, d2, and the last evening; the waiting code is no tour.
    assert_eq!(a["no_of_tours"], 4);
    assert_eq!(a["avg_tours_per_day"], 0.2);
    assert_eq!(a["no_of_repeat_visitors"], 1);
    let activated = f.start - Duration::days(30);
    assert_eq!(a["days_since_activation"], (f.end - activated).num_days());
    assert_eq!(a["days_since_last_tour"], 0);
    // d1 has two tours; 2:00 PM two (d1 and... d2 is 2:30 PM, so 14h holds d1 and d2).
    assert_eq!(a["top_toured_day"], weekday(f.d1));
    assert_eq!(a["top_toured_hour"], "2:00 PM");
    let b = row(&page, "property_id", f.home_b);
    assert_eq!(b["no_of_tours"], 1);
    assert_eq!(b["no_of_repeat_visitors"], 0);
    assert_eq!(
        b["days_since_activation"],
        Value::Null,
        "joined after the range"
    );
    assert_eq!(b["days_since_last_tour"], (f.end - f.d2).num_days());
    assert_eq!(b["top_toured_day"], weekday(f.d2));
    assert_eq!(b["top_toured_hour"], "9:00 AM");
    // A range of one quiet day: no tours, no peaks.
    let quiet = f.start + Duration::days(1);
    let none = get(
        &w,
        &pm,
        &format!("{base}?startDate={quiet}&endDate={quiet}&search=7%20Reportwood"),
    )
    .await;
    let a_quiet = row(&none, "property_id", f.home_a);
    assert_eq!(a_quiet["no_of_tours"], 0);
    assert_eq!(a_quiet["top_toured_day"], Value::Null);
    // The last tour before that day's end: the day before the range.
    assert_eq!(a_quiet["days_since_last_tour"], 2);
    // Every sort, and the whole builder's homes paged.
    for (column, _) in db::reports::PROPERTY_TOURS.sort_columns {
        for order in ["asc", "desc"] {
            get(
                &w,
                &pm,
                &format!("{base}?{}&orderBy={column}&order={order}", dates(&f)),
            )
            .await;
        }
    }
    let all = get(&w, &pm, &format!("{base}?{}", dates(&f))).await;
    let total = all["total"].as_i64().unwrap();
    assert!(total > 2);
    assert_eq!(all["data"].as_array().unwrap().len() as i64, total.min(25));
    let second = get(&w, &pm, &format!("{base}?{}&page=1", dates(&f))).await;
    assert_eq!(
        second["data"].as_array().unwrap().len() as i64,
        (total - 25).clamp(0, 25)
    );

    let file = "properties_tourReport-export.csv";
    let body = json!({"selection": [f.home_a], "startDate": f.start.to_string(), "endDate": f.end.to_string()});
    let lines = csv(&w, &pm, &format!("{base}/export"), body.clone(), file).await;
    assert_eq!(lines[0], "Property Id,Community,Address,Lot #,Marketing Name,Tours,Avg Tours Per Day,Repeat Visitors,Days Since Activation,Days Since Last Tour,Top Toured Day,Top Toured Hour");
    assert_eq!(
        lines[1],
        format!(
            "{},Report Ridge,7 Reportwood Lane,42,,4,0.20,1,{},0,{},2:00 PM",
            f.home_a,
            (f.end - activated).num_days(),
            weekday(f.d1)
        )
    );
    let printed = w.post(&pm, &format!("{base}/print"), body).await;
    assert_eq!(printed.status, StatusCode::OK);
    assert!(printed.body.starts_with(b"%PDF"));
    let everything = csv(
        &w,
        &pm,
        &format!("{base}/exportAll"),
        json!({"params": {"startDate": f.start.to_string(), "endDate": f.end.to_string(), "search": "Reportwood"}}),
        file,
    )
    .await;
    assert_eq!(everything.len(), 3, "{everything:?}");
    assert!(everything.contains(&lines[1]));
    w.done().await;
}

#[tokio::test]
async fn the_visit_report_sums_up_each_community() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let f = fixture(&w, &pm).await;
    let base = "/api/visits/report";
    let page = get(
        &w,
        &pm,
        &format!("{base}?{}&search=Report%20Ridge", dates(&f)),
    )
    .await;
    assert_eq!(page["total"], 1);
    let ridge = row(&page, "communityId", f.community);
    assert_eq!(ridge["community"], "Report Ridge");
    // Six visits in the range (the waiting code too), five of them tours.
    assert_eq!(ridge["visits"], 6);
    assert_eq!(ridge["webTours"], 3);
    assert_eq!(ridge["appTours"], 1);
    assert_eq!(ridge["callTours"], 1);
    assert_eq!(ridge["missedTours"], 1);
    // Visitor 0: home A; 1: homes A and B; 2: home A. Four pairs over three visitors.
    assert_eq!(ridge["propertiesPerCustomer"], 1.33);
    // d1 and d2 have two tours each: the earlier weekday of the two wins.
    let first_of = |a: NaiveDate, b: NaiveDate| {
        if a.weekday().num_days_from_sunday() <= b.weekday().num_days_from_sunday() {
            a
        } else {
            b
        }
    };
    assert_eq!(ridge["topTourDayOfWeek"], weekday(first_of(f.d1, f.d2)));
    assert_eq!(ridge["topTourTime"], "2:00 PM");

    let file = "visits-report-export.csv";
    let body = json!({"selection": [f.community], "startDate": f.start.to_string(), "endDate": f.end.to_string()});
    let lines = csv(&w, &pm, &format!("{base}/export"), body.clone(), file).await;
    assert_eq!(lines[0], "Community,Visits,Web Tours,App Tours,Call Tours,Missed Tours,Properties Per Customer,Top Tour Day,Top Tour Time");
    assert_eq!(
        lines[1],
        format!(
            "Report Ridge,6,3,1,1,1,1.33,{},2:00 PM",
            weekday(first_of(f.d1, f.d2))
        )
    );
    let printed = w.post(&pm, &format!("{base}/print"), body).await;
    assert!(printed.body.starts_with(b"%PDF"));
    let everything = csv(
        &w,
        &pm,
        &format!("{base}/exportAll"),
        json!({"query": format!("{}&search=Report", dates(&f))}),
        file,
    )
    .await;
    assert_eq!(everything[1], lines[1]);
    w.done().await;
}

#[tokio::test]
async fn the_market_report_lists_the_ranges_sales() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let f = fixture(&w, &pm).await;
    let base = "/api/properties/marketReport";
    for home in [f.home_a, f.home_b] {
        let sold = w
            .call(
                Method::PATCH,
                &format!("/api/properties/{home}/retire"),
                Some(&pm),
                None,
            )
            .await;
        assert_eq!(sold.status, StatusCode::OK, "{}", sold.text());
    }
    let today = domain::zones::to_local(ZONE, Utc::now()).date();
    let sold_today = format!("startDate={}&endDate={today}&search=Reportwood", f.start);
    let page = get(&w, &pm, &format!("{base}?{sold_today}")).await;
    assert_eq!(page["total"], 2, "{page}");
    let a = row(&page, "propertyId", f.home_a);
    assert_eq!(a["address"], "7 Reportwood Lane");
    assert_eq!(a["lotNumber"], "42");
    assert_eq!(a["communityName"], "Report Ridge");
    assert_eq!(a["saleDate"], today.format("%m/%d/%Y").to_string());
    assert_eq!(
        a["daysBeforeSale"],
        (today - (f.start - Duration::days(30))).num_days()
    );
    // Every visit up to the sale, this morning's too.
    assert_eq!(a["visits"], 7);
    let b = row(&page, "propertyId", f.home_b);
    assert_eq!(b["daysBeforeSale"], 0);
    assert_eq!(b["visits"], 1);
    // Sold today, so not in a range that ends yesterday.
    let before = get(&w, &pm, &format!("{base}?{}&search=Reportwood", dates(&f))).await;
    assert_eq!(before["total"], 0);

    let file = "market-report-export.csv";
    let body = json!({"selection": [f.home_a], "startDate": f.start.to_string(), "endDate": today.to_string()});
    let lines = csv(&w, &pm, &format!("{base}/export"), body, file).await;
    assert_eq!(
        lines[0],
        "Property Id,Address,Lot #,Community,Marketing Name,Sale Date,Days Before Sale,Visits"
    );
    assert_eq!(lines.len(), 2);
    // A selection outside the range's sales exports none of it.
    let outside = json!({"selection": [f.home_a], "startDate": f.start.to_string(), "endDate": f.end.to_string()});
    assert_eq!(
        csv(&w, &pm, &format!("{base}/export"), outside, file)
            .await
            .len(),
        1
    );
    let everything = csv(
        &w,
        &pm,
        &format!("{base}/exportAll"),
        json!({"params": {"startDate": f.start.to_string(), "endDate": today.to_string(), "search": "Reportwood"}}),
        file,
    )
    .await;
    assert_eq!(everything.len(), 3);
    w.done().await;
}

#[tokio::test]
async fn reports_refuse_bad_dates_and_keep_other_builders_out() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let f = fixture(&w, &pm).await;
    let tomorrow = Utc::now().date_naive() + Duration::days(3);
    for base in [
        "/api/properties/tourReport",
        "/api/visits/report",
        "/api/properties/marketReport",
    ] {
        for (query, field, message) in [
            ("endDate=2026-01-01", "startDate", "Start date is required"),
            ("startDate=2026-01-01", "endDate", "End date is required"),
            (
                "startDate=2026-02-30&endDate=2026-03-01",
                "startDate",
                "Start date must be a date (MM/dd/yyyy)",
            ),
            (
                "startDate=2026-03-02&endDate=2026-03-01",
                "startDate",
                "Start date cannot be later than end date",
            ),
        ] {
            let answer = w.get(&pm, &format!("{base}?{query}")).await;
            assert_eq!(
                answer.status,
                StatusCode::UNPROCESSABLE_ENTITY,
                "{base}?{query}"
            );
            assert_eq!(answer.json()["errors"][field], message, "{base}?{query}");
        }
        refused(
            &w,
            &pm,
            &format!("{base}?startDate=2026-01-01&endDate={tomorrow}"),
            "endDate",
        )
        .await;
        refused(
            &w,
            &pm,
            &format!("{base}?{}&orderBy=nothing", dates(&f)),
            "orderBy",
        )
        .await;
        let export = w
            .post(&pm, &format!("{base}/export"), json!({"selection": [1]}))
            .await;
        assert_eq!(export.status, StatusCode::UNPROCESSABLE_ENTITY);
        let all = w
            .post(
                &pm,
                &format!("{base}/exportAll"),
                json!({"params": {"startDate": "x", "endDate": "y"}}),
            )
            .await;
        assert_eq!(all.status, StatusCode::UNPROCESSABLE_ENTITY);
        let anonymous = w
            .call(Method::GET, &format!("{base}?{}", dates(&f)), None, None)
            .await;
        assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
    }

    // Another builder's staff see none of the fixture's homes or community, in any call.
    let cedar = w.sign_in("cedar.pm").await;
    let body = json!({"selection": [f.home_a, f.home_b, f.community], "startDate": f.start.to_string(), "endDate": f.end.to_string()});
    for (base, key, id) in [
        ("/api/properties/tourReport", "property_id", f.home_a),
        ("/api/visits/report", "communityId", f.community),
        ("/api/properties/marketReport", "propertyId", f.home_a),
    ] {
        let page = get(&w, &cedar, &format!("{base}?{}&showAll=true", dates(&f))).await;
        assert!(page["data"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r[key] != id));
        let lines = csv(
            &w,
            &cedar,
            &format!("{base}/export"),
            body.clone(),
            "-export.csv",
        )
        .await;
        assert_eq!(lines.len(), 1, "{base}: {lines:?}");
    }
    w.done().await;
}

#[tokio::test]
async fn insights_chart_the_ranges_tours_and_funnel() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let f = fixture(&w, &pm).await;
    let path = format!("/api/insights?{}&communityId={}", dates(&f), f.community);
    let insights = get(&w, &pm, &path).await;
    assert_eq!(insights["granularity"], "day");
    let periods = insights["toursOverTime"].as_array().unwrap();
    assert_eq!(periods.len(), 20, "every day of the range, empty ones too");
    let on = |day: NaiveDate| {
        let p = periods
            .iter()
            .find(|p| p["period"] == day.to_string())
            .unwrap();
        (p["visits"].as_i64().unwrap(), p["tours"].as_i64().unwrap())
    };
    assert_eq!(on(f.d1), (2, 2));
    assert_eq!(on(f.d2), (2, 2));
    assert_eq!(on(f.start + Duration::days(8)), (1, 0));
    assert_eq!(on(f.end), (1, 1));
    let totals: (i64, i64) = periods.iter().fold((0, 0), |t, p| {
        (
            t.0 + p["visits"].as_i64().unwrap(),
            t.1 + p["tours"].as_i64().unwrap(),
        )
    });
    assert_eq!(totals, (6, 5));
    let weekday = |day: NaiveDate| {
        insights["byWeekday"][day.weekday().num_days_from_sunday() as usize]["tours"].clone()
    };
    assert_eq!(weekday(f.d1), 2);
    assert_eq!(weekday(f.d2), 2);
    assert_eq!(weekday(f.end), 1);
    let hours: Vec<i64> = insights["byHour"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["tours"].as_i64().unwrap())
        .collect();
    assert_eq!((hours[14], hours[10], hours[9], hours[23]), (2, 1, 1, 1));
    assert_eq!(hours.iter().sum::<i64>(), 5);
    assert_eq!(insights["byHour"][14]["label"], "2:00 PM");
    let funnel: Vec<(String, i64)> = insights["funnel"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["stage"].as_str().unwrap().to_string(),
                s["count"].as_i64().unwrap(),
            )
        })
        .collect();
    // Toured: visitors whose first tour fell in the range. Visitor 2 first toured the day before.
    assert_eq!(
        funnel,
        [
            ("Registered", 1),
            ("Toured", 2),
            ("Made an offer", 0),
            ("Bought or rented", 0)
        ]
        .map(|(s, n)| (s.to_string(), n))
    );
    assert_eq!(
        insights["communities"],
        json!([{"communityId": f.community, "community": "Report Ridge", "visits": 6, "tours": 5, "offers": 0, "sales": 0}])
    );
    // Builder-wide, the community is one line among the others, with the same figures.
    let all = get(&w, &pm, &format!("/api/insights?{}", dates(&f))).await;
    let lines = all["communities"].as_array().unwrap();
    assert!(lines.len() > 1);
    assert!(lines.contains(&insights["communities"][0]));

    // Bad dates, another builder's community.
    refused(
        &w,
        &pm,
        &format!("/api/insights?startDate={}&endDate={}", f.end, f.start),
        "startDate",
    )
    .await;
    let cedar = w.sign_in("cedar.pm").await;
    let foreign = w.get(&cedar, &path).await;
    assert_eq!(foreign.status, StatusCode::NOT_FOUND);
    w.done().await;
}

#[tokio::test]
async fn the_profit_center_sums_up_sales_after_tours_and_staff_time_saved() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let f = fixture(&w, &pm).await;
    // A third home, never toured.
    let mut body = new_property(f.community);
    body["house_num"] = json!("44");
    body["address_1"] = json!("11 Reportwood Lane");
    let untoured = w
        .post(&pm, "/api/properties/new_property", body)
        .await
        .json()["property_id"]
        .as_i64()
        .unwrap();
    let path = |start: NaiveDate, end: NaiveDate| {
        format!(
            "/api/insights/profitCenter?startDate={start}&endDate={end}&communityId={}",
            f.community
        )
    };

    // Before any sale: the tours that began outside the community's staff hours (Tuesdays,
    // 12:00 PM to 3:00 PM, in community_body), each 30 minutes of an agent saved.
    let tours = [
        at(f.d1, 14, 0),
        at(f.d1, 10, 0),
        at(f.d2, 14, 30),
        at(f.d2, 9, 0),
        at(f.end, 23, 30),
    ];
    // The tours outside staffed minutes [start, end) of the weekdays `staffed` on.
    let outside = |staffed: &dyn Fn(chrono::Weekday) -> bool, start: u32, end: u32| {
        tours
            .iter()
            .filter(|t| {
                let local = domain::zones::to_local(ZONE, **t);
                let minute = chrono::Timelike::hour(&local) * 60 + chrono::Timelike::minute(&local);
                !(staffed(local.weekday()) && (start..end).contains(&minute))
            })
            .count() as i64
    };
    let tuesdays = outside(&|day| day == chrono::Weekday::Tue, 720, 900);
    let before = get(&w, &pm, &path(f.start, f.end)).await;
    assert_eq!(before["total"]["toursOutsideStaffHours"], tuesdays);
    assert_eq!(before["total"]["staffHoursSaved"], tuesdays as f64 * 0.5);
    assert_eq!(before["total"]["soldTotal"], 0);
    assert_eq!(before["showingMinutes"], 30);

    // New staff hours count the same tours again: every day from 9:00 AM to 3:00 PM.
    let mut edit = community_body("Report Ridge");
    edit["community"]["id"] = json!(f.community);
    edit["community"]["communityStaffHours"] = (0..7)
        .map(|day| json!({"dayOfWeek": day, "isStaffAvailable": true, "staffHoursStart": "9:00 AM", "staffHoursEnd": "3:00 PM"}))
        .collect();
    let saved = w.post(&pm, "/api/communities/saveCommunity", edit).await;
    assert!(saved.status.is_success(), "{}", saved.text());
    let daily = outside(&|_| true, 540, 900);
    assert_ne!(
        daily, tuesdays,
        "the fixture's tours tell the two weeks apart"
    );
    let reworked = get(&w, &pm, &path(f.start, f.end)).await;
    assert_eq!(reworked["total"]["toursOutsideStaffHours"], daily);
    assert_eq!(reworked["communities"][0]["toursOutsideStaffHours"], daily);
    // Only the staff time moved: the insights' tours are the same.
    let insights = format!(
        "/api/insights?startDate={}&endDate={}&communityId={}",
        f.start, f.end, f.community
    );
    assert_eq!(
        get(&w, &pm, &insights).await["communities"][0]["tours"],
        tours.len() as i64
    );

    for home in [f.home_a, f.home_b, untoured] {
        let sold = w
            .call(
                Method::PATCH,
                &format!("/api/properties/{home}/retire"),
                Some(&pm),
                None,
            )
            .await;
        assert_eq!(sold.status, StatusCode::OK);
    }
    let today = domain::zones::to_local(ZONE, Utc::now()).date();
    let after = get(&w, &pm, &path(f.start, today)).await;
    let total = &after["total"];
    assert_eq!(total["soldAfterTour"], 2);
    assert_eq!(total["soldTotal"], 3);
    // Both toured homes list at $455,000.
    assert_eq!(total["valueAfterTour"], 2 * 45_500_000);
    // Home A joined 30 days before the range, home B today.
    let a_days = (today - (f.start - Duration::days(30))).num_days() as f64;
    assert_eq!(total["daysOnMarketToured"], a_days / 2.0);
    assert_eq!(total["daysOnMarketUntoured"], 0.0);
    let line = &after["communities"][0];
    assert_eq!(line["communityId"], f.community);
    assert_eq!(line["soldAfterTour"], 2);

    let cedar = w.sign_in("cedar.pm").await;
    let foreign = w.get(&cedar, &path(f.start, f.end)).await;
    assert_eq!(foreign.status, StatusCode::NOT_FOUND);
    refused(
        &w,
        &pm,
        &format!("/api/insights/profitCenter?startDate={}", f.start),
        "endDate",
    )
    .await;
    w.done().await;
}

/// Export All reads each row's running totals beside the list's own columns, where Export of
/// chosen rows looks them up after reading the rows: both give each row the same figures, for
/// periods starting before, within and after the demo's visits began, ending today or earlier.
#[tokio::test]
async fn export_all_gives_each_row_the_figures_of_its_export() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let today = Utc::now().date_naive();
    let ago = |days: i64| (today - Duration::days(days)).to_string();
    for (base, key, file) in [
        (
            "/api/properties/tourReport",
            "property_id",
            "properties_tourReport-export.csv",
        ),
        (
            "/api/visits/report",
            "communityId",
            "visits-report-export.csv",
        ),
    ] {
        let mut toured = false;
        for (start, end) in [
            (ago(365), ago(0)),
            (ago(30), ago(0)),
            (ago(400), ago(200)),
            (ago(900), ago(600)),
        ] {
            let page = get(
                &w,
                &pm,
                &format!("{base}?startDate={start}&endDate={end}&showAll=true"),
            )
            .await;
            let rows = page["data"].as_array().unwrap();
            assert!(rows.len() > 1, "{base}");
            toured |= rows
                .iter()
                .any(|r| r["no_of_tours"].as_i64().or(r["visits"].as_i64()) > Some(0));
            let keys: Vec<i64> = rows.iter().map(|r| r[key].as_i64().unwrap()).collect();
            let selected = csv(
                &w,
                &pm,
                &format!("{base}/export"),
                json!({"selection": keys, "startDate": start, "endDate": end}),
                file,
            )
            .await;
            let everything = csv(
                &w,
                &pm,
                &format!("{base}/exportAll"),
                json!({"params": {"startDate": start, "endDate": end}}),
                file,
            )
            .await;
            let sorted = |mut lines: Vec<String>| {
                lines.sort();
                lines
            };
            assert_eq!(sorted(everything), sorted(selected), "{base} {start} {end}");
        }
        assert!(toured, "{base}: the demo's visits give some row figures");
    }
    w.done().await;
}
