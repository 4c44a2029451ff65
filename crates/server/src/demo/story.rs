//! What happened at a demo builder's homes: 18 months of visitors, busier at weekends and
//! growing towards today, each run through the tour pages on the simulated locks in the order
//! it happened (see `visitors.rs`); tours booked for the past and the coming weeks; attempts
//! outside the tour hours; a visitor staff blacklisted; trades at the door on weekday mornings.

use std::collections::HashMap;

use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc};

use super::visitors::{Afterwards, Door, Person, Session, Stage};
use super::{Dice, FLOOR_PLANS, VISITOR_FIRST, VISITOR_LAST};

type Result<T> = std::result::Result<T, String>;

/// What visitors said after their tours.
const SAID: [(i64, &str, &str); 4] = [
    (5, "the kitchen island\nthe light in the living room", ""),
    (3, "", "The backyard is smaller than the photos suggest"),
    (4, "the primary suite", "The street is busy at rush hour"),
    (
        5,
        "the open floor plan",
        "Can we see the finished model next?",
    ),
];

/// One thing that happened, at its moment.
enum Scene {
    /// A visitor verifies at a home's page and asks to tour it now; some answer the pre-tour
    /// survey first, some say how it went and make an offer afterwards; `blacklisted` visitors
    /// are blacklisted by staff after their tour.
    Tour {
        person: Person,
        home: i64,
        door: Door,
        pre_survey: bool,
        afterwards: Option<Afterwards>,
        blacklisted: bool,
    },
    /// A visitor books a time at a home (`at` of its local day), and may cancel it.
    Booking {
        person: Person,
        home: i64,
        at: chrono::NaiveDateTime,
        cancels: bool,
    },
    /// A visitor comes to the home they booked, with the door code texted to them.
    Arrival { person: Person, home: i64 },
    /// A trade opens a home's lock with the trade code and locks it again.
    Trade { home: i64 },
    /// Staff share a home with an agent (a verified account), who signs in with it and tours.
    Shared { person: Person, home: i64 },
    /// Staff send a visitor an invite to a tour booked for them (`at`, the home's local time).
    Invited {
        person: Person,
        home: i64,
        at: chrono::NaiveDateTime,
    },
}

/// A builder's homes as visitors find them: its tour pages' name, the homes open to tours with
/// their time zones, and those that take no tours (sold, off the market).
pub(super) struct Homes {
    webflow: String,
    /// The member of staff who shares homes.
    staff: String,
    touring: Vec<(i64, i64)>,
    closed: Vec<i64>,
}

impl Homes {
    pub(super) async fn of(db: &db::Db, builder: i64, staff: &str) -> Result<Homes> {
        let webflow = db::builders::get(db, &db::Scope::All, builder)
            .await
            .map_err(|e| e.to_string())?
            .ok_or("a demo builder is gone")?
            .webflow_name;
        let rows = super::homes_of(db, builder).await?;
        let mut homes = Homes {
            webflow,
            staff: staff.into(),
            touring: Vec::new(),
            closed: Vec::new(),
        };
        for row in rows {
            if crate::http::tour::opens_tours(row.disposition_id) {
                let zone = db::properties::get(db, &db::Scope::All, row.property_id)
                    .await
                    .map_err(|e| e.to_string())?
                    .map_or(domain::catalog::DEFAULT_TIMEZONE, |home| {
                        home.fields.timezone
                    });
                homes.touring.push((row.property_id, zone));
            } else if row.disposition != "Created" {
                homes.closed.push(row.property_id);
            }
        }
        homes.touring.sort_unstable();
        homes.closed.sort_unstable();
        Ok(homes)
    }
}

/// The demo's story at a builder's homes up to `now`: `visitors` new visitors over 18 months, a
/// visit of each home in the past week, tours booked, attempts after hours, run in the order
/// they began (scenes at one home are hours apart, so each lock's events come in order).
pub(super) async fn run(
    stage: &Stage,
    homes: &Homes,
    visitors: usize,
    seed: u64,
    now: DateTime<Utc>,
    serial: &mut u32,
) -> Result<()> {
    if homes.touring.is_empty() {
        return Ok(());
    }
    let mut dice = Dice(seed);
    let mut scenes: Vec<(DateTime<Utc>, Scene)> = Vec::new();
    let mut busy: HashMap<i64, Vec<DateTime<Utc>>> = HashMap::new();
    let mut person = |dice: &mut Dice, tag: &str| new_person(dice, serial, &homes.webflow, tag);
    // A moment at a home at `hour`:`minute` of its local day `day`, moved on an hour at a time
    // while another scene there is under way.
    let mut slot = |home: (i64, i64), day: NaiveDate, hour: u32, minute: u32| {
        let local = day.and_hms_opt(hour, minute, 0).expect("a time of day");
        let mut at = domain::zones::from_local(home.1, local);
        let taken = busy.entry(home.0).or_default();
        // Apart enough for a visitor who comes back after their code's hour.
        while taken.iter().any(|t| (*t - at).num_minutes().abs() < 180) {
            at += Duration::minutes(180);
        }
        taken.push(at);
        at
    };
    for n in 0..visitors {
        // Later visitors are more likely: the history grows towards today.
        let age_days = (540.0 * (1.0 - ((n as f64 + 1.0) / visitors as f64).sqrt())) as i64
            + dice.next(14) as i64
            + 1;
        let home = homes.touring[dice.next(homes.touring.len() as u64) as usize];
        let mut day = local_day(home.1, now - Duration::days(age_days));
        if !matches!(day.weekday(), chrono::Weekday::Sat | chrono::Weekday::Sun)
            && dice.next(3) == 0
        {
            day += Duration::days(i64::from(5 - day.weekday().num_days_from_monday()));
        }
        let hour = 10 + dice.next(6) as u32;
        let at = slot(home, day, hour, 10 * dice.next(5) as u32);
        if at >= now - Duration::hours(2) {
            continue;
        }
        let door = match dice.next(25) {
            0 | 1 => Door::NoShow,
            2 => Door::TooEarly,
            _ => Door::Tours {
                minutes: 15 + dice.next(30) as i64,
            },
        };
        let afterwards = (dice.next(3) == 0 && matches!(door, Door::Tours { .. })).then(|| {
            let (rating, loved, comments) = SAID[n % SAID.len()];
            Afterwards {
                rating,
                loved,
                comments,
                offer: (n % 2 == 0).then_some((
                    FLOOR_PLANS[n % FLOOR_PLANS.len()],
                    n % 3 != 1,
                    30 + 15 * (n as i64 % 6),
                    (n % 4 == 0).then_some("Can we close before the school year?"),
                    if n % 3 == 0 { "phone" } else { "email" },
                )),
            }
        });
        let visitor = person(&mut dice, "");
        // One in six comes back a few days later to see another home (or the same again).
        if dice.next(6) == 0 {
            let again = homes.touring[dice.next(homes.touring.len() as u64) as usize];
            let later = slot(again, day + Duration::days(3), hour, 30);
            if later < now - Duration::hours(2) {
                scenes.push((
                    later,
                    Scene::Tour {
                        person: visitor.clone(),
                        home: again.0,
                        door: Door::Tours { minutes: 20 },
                        pre_survey: false,
                        afterwards: None,
                        blacklisted: false,
                    },
                ));
            }
        }
        scenes.push((
            at,
            Scene::Tour {
                person: visitor,
                home: home.0,
                door,
                pre_survey: n % 3 == 0,
                afterwards,
                blacklisted: false,
            },
        ));
    }
    // Every home was toured in the past week, whatever today's weekday, so each lock's access
    // history shows visitors opening it with their codes.
    for (i, home) in homes.touring.iter().enumerate() {
        let day = local_day(home.1, now - Duration::days(1 + (i as i64 + 1) % 6));
        let at = slot(*home, day, 14, 0);
        let (rating, loved, comments) = SAID[i % SAID.len()];
        let visitor = person(&mut dice, "");
        // The first home's visitor is blacklisted by staff after the tour, tries again the next
        // day and is refused.
        if i == 0 {
            let again = slot(*home, day + Duration::days(1), 11, 0);
            if again < now {
                scenes.push((again, tour(visitor.clone(), home.0, Door::NoShow)));
            }
        }
        scenes.push((
            at,
            Scene::Tour {
                person: visitor,
                home: home.0,
                door: Door::Tours { minutes: 25 },
                pre_survey: i % 3 == 0,
                afterwards: (i % 3 == 0).then_some(Afterwards {
                    rating,
                    loved,
                    comments,
                    offer: (i % 2 == 0).then_some((
                        FLOOR_PLANS[i % FLOOR_PLANS.len()],
                        true,
                        45,
                        None,
                        "email",
                    )),
                }),
                blacklisted: i == 0,
            },
        ));
        // The trades' mornings at the door, on the last two weekdays.
        let weekdays = (1..=7)
            .map(|days| local_day(home.1, now - Duration::days(days)))
            .filter(|day| !matches!(day.weekday(), chrono::Weekday::Sat | chrono::Weekday::Sun))
            .take(2);
        for day in weekdays {
            {
                let at = slot(*home, day, 8, 0);
                scenes.push((at, Scene::Trade { home: home.0 }));
            }
        }
    }
    // Visitors who came too early or too late in the past two weeks.
    for n in 0..homes.touring.len().min(10) {
        let home = homes.touring[dice.next(homes.touring.len() as u64) as usize];
        let day = local_day(home.1, now - Duration::days(1 + n as i64 % 14));
        let local = day
            .and_hms_opt([2, 4, 5, 23][n % 4], 10 + 7 * (n as u32 % 7), 0)
            .expect("a time of day");
        // Not moved for the home's other scenes, as `slot` would move it (into the tour hours
        // when a trade came at 8:00 that day): outside the hours no code is made and the lock
        // is not touched.
        let at = domain::zones::from_local(home.1, local);
        scenes.push((at, tour(person(&mut dice, ".late"), home.0, Door::NoShow)));
    }
    // A visitor asking for a home that takes no tours.
    if let Some(&closed) = homes.closed.first() {
        let home = homes.touring[0];
        let at = slot(
            (closed, home.1),
            local_day(home.1, now - Duration::days(3)),
            12,
            0,
        );
        scenes.push((at, tour(person(&mut dice, ""), closed, Door::NoShow)));
    }
    // Tours booked: the past week's (they came), the coming two weeks' (a few cancelled), each
    // booked two days ahead (the coming ones in the past hours).
    for n in 0..24 {
        let days = n as i64 % 21 - 7;
        let home = homes.touring[dice.next(homes.touring.len() as u64) as usize];
        let day = local_day(home.1, now + Duration::days(days));
        let starts = slot(home, day, 15 + dice.next(3) as u32, 0);
        let visitor = person(&mut dice, ".tour");
        let booked_at = if days < 0 {
            starts - Duration::days(2)
        } else {
            now - Duration::minutes(30 + 10 * n as i64)
        };
        if starts < now {
            scenes.push((
                starts - Duration::minutes(1),
                Scene::Arrival {
                    person: visitor.clone(),
                    home: home.0,
                },
            ));
        }
        scenes.push((
            booked_at,
            Scene::Booking {
                person: visitor,
                home: home.0,
                at: domain::zones::to_local(home.1, starts),
                cancels: days >= 0 && n % 5 == 0,
            },
        ));
    }
    // Agents staff shared homes with over the past months, and invites to the coming days.
    for n in 0..6 {
        let home = homes.touring[dice.next(homes.touring.len() as u64) as usize];
        let day = local_day(home.1, now - Duration::days(5 + 20 * n));
        let at = slot(home, day, 13, 0);
        scenes.push((
            at,
            Scene::Shared {
                person: person(&mut dice, ".agent"),
                home: home.0,
            },
        ));
    }
    for n in 0..3 {
        let home = homes.touring[dice.next(homes.touring.len() as u64) as usize];
        let day = local_day(home.1, now + Duration::days(2 + n));
        let at = domain::zones::to_local(home.1, slot(home, day, 11, 0));
        scenes.push((
            now - Duration::hours(4 + n),
            Scene::Invited {
                person: person(&mut dice, ".invite"),
                home: home.0,
                at,
            },
        ));
    }
    scenes.sort_by_key(|(at, _)| *at);
    let trade_codes = trade_codes(stage, &homes.touring).await?;
    let staff = stage.staff(&homes.staff).await?;
    for (n, (at, scene)) in scenes.into_iter().enumerate() {
        play(stage, at, scene, n, &trade_codes, &staff).await?;
    }
    Ok(())
}

/// The next visitor: a name from the dice, a phone, an email and an address of their own.
fn new_person(dice: &mut Dice, serial: &mut u32, webflow: &str, tag: &str) -> Person {
    *serial += 1;
    let first = VISITOR_FIRST[dice.next(12) as usize];
    let last = VISITOR_LAST[dice.next(12) as usize];
    Person {
        webflow: webflow.into(),
        firstname: first.into(),
        lastname: last.into(),
        phone: format!(
            "555-{:03}-{:04}",
            200 + *serial / 10_000 % 700,
            *serial % 10_000
        ),
        email: format!(
            "{}.{}{tag}{}@example.com",
            first.to_lowercase(),
            last.to_lowercase(),
            *serial
        ),
        client: *serial,
    }
}

/// Today, once a lock has gone offline (`hardware::finish`): a visitor who asks to book its home
/// for tomorrow afternoon is refused, as the home has no working lock.
pub(super) async fn at_a_lock_down(
    stage: &Stage,
    homes: &Homes,
    now: DateTime<Utc>,
    serial: &mut u32,
) -> Result<()> {
    use db::hardware::devices::kind;
    for &(home, zone) in &homes.touring {
        let locks: Vec<_> = db::hardware::devices::of_property(&stage.state.db, home)
            .await
            .map_err(|e| e.to_string())?
            .into_iter()
            .filter(|d| kind::is_lock(&d.kind))
            .collect();
        if !locks.is_empty() && locks.iter().all(|lock| !lock.online) {
            let person = new_person(
                &mut Dice(u64::from(*serial) + 1),
                serial,
                &homes.webflow,
                "",
            );
            let session = stage.verify(&person, home).await?;
            let tomorrow = local_day(zone, now) + Duration::days(1);
            let at = tomorrow.and_hms_opt(15, 0, 0).expect("3 PM");
            stage.book(&person, &session, home, at).await?;
            return Ok(());
        }
    }
    Ok(())
}

fn local_day(zone: i64, at: DateTime<Utc>) -> NaiveDate {
    domain::zones::to_local(zone, at).date()
}

fn tour(person: Person, home: i64, door: Door) -> Scene {
    Scene::Tour {
        person,
        home,
        door,
        pre_survey: false,
        afterwards: None,
        blacklisted: false,
    }
}

/// Each home's trade code, as its locks hold it.
async fn trade_codes(stage: &Stage, homes: &[(i64, i64)]) -> Result<HashMap<i64, String>> {
    let mut codes = HashMap::new();
    for (home, _) in homes {
        if let Some(record) = db::properties::get(&stage.state.db, &db::Scope::All, *home)
            .await
            .map_err(|e| e.to_string())?
        {
            let wanted = crate::http::hardware::automation::effective_codes(&record);
            codes.insert(*home, wanted.trade);
        }
    }
    Ok(codes)
}

/// A scene, as the visitor (or the trade) plays it from `at`.
async fn play(
    stage: &Stage,
    at: DateTime<Utc>,
    scene: Scene,
    n: usize,
    trade_codes: &HashMap<i64, String>,
    staff: &str,
) -> Result<()> {
    stage.at(at).await?;
    match scene {
        Scene::Trade { home } => {
            if let Some(code) = trade_codes.get(&home).filter(|c| !c.is_empty()) {
                if stage.at_the_door(home, Some(code)).await? {
                    stage.at(at + Duration::minutes(45)).await?;
                    stage.at_the_door(home, None).await?;
                }
            }
        }
        Scene::Tour {
            person,
            home,
            door,
            pre_survey,
            afterwards,
            blacklisted,
        } => {
            let session = stage.verify(&person, home).await?;
            if pre_survey {
                stage.pre_survey(&person, &session, n).await?;
            }
            stage.at(stage.now() + Duration::minutes(2)).await?;
            let Some((visit, code)) = stage.tour_now(&person, &session, home).await? else {
                return Ok(());
            };
            let door_at = stage.now() + Duration::minutes(1 + (n % 4) as i64);
            stage.door(home, &code, door, door_at).await?;
            if let Some(said) = afterwards {
                stage.at(stage.now() + Duration::minutes(20)).await?;
                stage.afterwards(&person, &session, visit, &said, n).await?;
            }
            if blacklisted {
                blacklist(stage, &session).await?;
            }
        }
        Scene::Booking {
            person,
            home,
            at: starts,
            cancels,
        } => {
            let session = stage.verify(&person, home).await?;
            let booking = stage.book(&person, &session, home, starts).await?;
            if let (Some(booking), true) = (booking, cancels) {
                stage.at(stage.now() + Duration::minutes(5)).await?;
                stage.cancel(&person, &session, booking).await?;
            }
        }
        Scene::Shared { person, home } => {
            let agent = domain::catalog::VISITOR_TYPES[1].0;
            stage.share(staff, &person, home, agent, None).await?;
            stage.at(at + Duration::minutes(30)).await?;
            let session = stage.sign_in_shared(&person).await?;
            if let Some((_, code)) = stage.tour_now(&person, &session, home).await? {
                let door = Door::Tours { minutes: 30 };
                stage
                    .door(home, &code, door, stage.now() + Duration::minutes(2))
                    .await?;
            }
        }
        Scene::Invited { person, home, at } => {
            stage
                .share(
                    staff,
                    &person,
                    home,
                    domain::catalog::VISITOR_TYPES[0].0,
                    Some(at),
                )
                .await?;
        }
        // The code was texted once the lock held it, before the tour starts.
        Scene::Arrival { person, home } => {
            if let Some(code) = stage.door_code(&person).await? {
                let door = Door::Tours {
                    minutes: 20 + (n % 20) as i64,
                };
                stage
                    .door(home, &code, door, at + Duration::minutes(4))
                    .await?;
            }
        }
    }
    Ok(())
}

/// Staff blacklist the visitor of a session (the customer's blacklist switch).
async fn blacklist(stage: &Stage, session: &Session) -> Result<()> {
    db::customers::set_visitor_status(
        &stage.state.db,
        &db::Scope::All,
        session.customer_id,
        domain::catalog::BLACKLISTED,
    )
    .await
    .map(|_| ())
    .map_err(|e| e.to_string())
}
