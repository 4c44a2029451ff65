//! The demo world: two builders of one enterprise (a sales and a rental builder), an independent
//! builder, a platform admin, program managers, sales staff, other staff, a trade contractor and
//! teams. Every demo sign-in uses the password `tourdesk-demo`.

use chrono::Datelike;
use db::builders::NewBuilder;
use db::communities::{CommunityFields, Members};
use db::users::{NewUser, Notifications};
use db::Db;
use domain::roles::{Role, ENTERPRISE_GROUP};

use crate::files::{FileStore, ImageKind};

mod hardware;
mod pictures;

use crate::auth::hash_password;

pub const PASSWORD: &str = "tourdesk-demo";

/// The sign-ins printed at start and written in the README.
pub const SIGN_INS: [(&str, &str); 5] = [
    ("demo.admin", "platform admin"),
    ("demo.pm", "program manager, Brightway Homes (sales)"),
    ("demo.sales", "sales staff, Brightway Homes"),
    ("rental.pm", "program manager, Brightway Rentals (rental)"),
    (
        "demo.enterprise",
        "enterprise user, Brightway Group (both builders)",
    ),
];

const FIRST_NAMES: [&str; 16] = [
    "Ava", "Liam", "Mia", "Noah", "Emma", "Lucas", "Sofia", "Ethan", "Chloe", "Mason", "Grace",
    "Logan", "Zoe", "Caleb", "Nora", "Owen",
];
const LAST_NAMES: [&str; 12] = [
    "Carter", "Nguyen", "Patel", "Brooks", "Reyes", "Foster", "Kim", "Hughes", "Bennett", "Ortiz",
    "Sullivan", "Price",
];

struct Person<'a> {
    username: &'a str,
    first: &'a str,
    last: &'a str,
    role: Role,
}

fn new_user(p: &Person, builder_id: Option<i64>, hash: &str, n: usize) -> NewUser {
    let lead = p.role.receives_lead_notifications() as i64;
    NewUser {
        username: p.username.to_string(),
        email: format!("{}@demo.tourdesk.test", p.username),
        firstname: p.first.to_string(),
        lastname: p.last.to_string(),
        phone: format!("555-{:03}-{:04}", 100 + n % 900, 1000 + n),
        password_hash: Some(hash.to_string()),
        builder_id,
        enterprise_id: None,
        role_id: p.role.id(),
        is_admin: false,
        groups: vec![p.role.group_id()],
        notifications: Notifications {
            send_email: lead,
            send_sms: lead,
            ..Default::default()
        },
    }
}

const STREETS: [&str; 6] = [
    "Juniper Lane",
    "Bluebonnet Way",
    "Cypress Court",
    "Live Oak Drive",
    "Pecan Trail",
    "Sage Street",
];
/// Every disposition a demo community's homes go through, touring ones first.
const DEMO_DISPOSITIONS: [&str; 6] = [
    "PROPERTY_AVAILABLE",
    "PROPERTY_AVAILABLE",
    "PROPERTY_UNDER_CONTRACT",
    "PROPERTY_SOLD",
    "PROPERTY_CREATED",
    "PROPERTY_STAFF_ACCESS",
];

/// Six homes in a community, in every disposition (rented ones for a rental builder).
async fn homes_in(
    db: &Db,
    builder: i64,
    community: i64,
    (subdivision, city, state, zip): (&str, &str, &str, &str),
    n: usize,
    pm: i64,
    author: &str,
) -> db::Result<()> {
    let builder_record = db::builders::get(db, &db::Scope::All, builder).await?;
    let rental = builder_record.as_ref().is_some_and(|b| b.is_rental);
    let timezone = builder_record
        .map(|b| b.timezone)
        .unwrap_or(domain::catalog::DEFAULT_TIMEZONE);
    for k in 0..6 {
        let constant = match (rental, k) {
            (true, 3) => "PROPERTY_RENTED",
            (_, 4) if n % 3 == 2 => "PROPERTY_SMART_LOCK_MAINTENANCE",
            (_, 5) if n % 2 == 1 => "PROPERTY_NOT_AVAILABLE",
            _ => DEMO_DISPOSITIONS[k],
        };
        let disposition =
            domain::catalog::disposition_by_constant(constant).expect("a known disposition");
        let fields = db::properties::PropertyFields {
            community_id: community,
            disposition_id: disposition.id,
            house_num: Some(format!("{}", 10 + k * 3 + n)),
            address_1: format!(
                "{} {}",
                100 + k * 12 + n * 40,
                STREETS[(k + n) % STREETS.len()]
            ),
            subdivision: Some(subdivision.into()),
            city: city.into(),
            state: state.into(),
            zipcode: zip.into(),
            // Whole thousandths of a degree, as a geocoder would give them.
            latitude: (30_200 + n as i64 * 50 + k as i64 * 2) as f64 / 1000.0,
            longitude: -((97_700 + n as i64 * 50 + k as i64 * 2) as f64) / 1000.0,
            price_cents: Some(if rental {
                185_000 + k as i64 * 15_000
            } else {
                38_900_000 + k as i64 * 1_750_000
            }),
            bedrooms: 2 + (k as i64 % 3),
            full_bathrooms: 2,
            half_bathrooms: (k % 2) as i64,
            square_footage: 1450 + k as i64 * 210,
            is_model: k == 0,
            timezone,
            marketing_name: Some(
                [
                    "The Aspen",
                    "The Birch",
                    "The Cedar",
                    "The Dogwood",
                    "The Elm",
                    "The Fir",
                ][k]
                    .into(),
            ),
            contract_date: (constant == "PROPERTY_SOLD").then(|| "2026-10-01".to_string()),
            tour_hours_start: 5,
            tour_hours_end: 23,
            // The model home relocks its door and locks up for the night.
            access_settings: k == 0,
            relock_interval: (k == 0).then_some(domain::codes::DEFAULT_RELOCK_INTERVAL),
            end_of_day_lockup: (k == 0).then(|| domain::codes::DEFAULT_LOCKUP_TIME.to_string()),
            ..Default::default()
        };
        let staffing = db::properties::Staffing {
            agents: &[(pm, true)],
            team_ids: &[],
        };
        db::properties::save(
            db,
            &db::Scope::All,
            None,
            builder,
            &fields,
            &staffing,
            db::properties::Events::Skip,
            author,
        )
        .await?
        .expect("a new home");
    }
    Ok(())
}

const VISITOR_FIRST: [&str; 12] = [
    "Maya", "Jordan", "Elena", "Marcus", "Priya", "Tyler", "Hannah", "Diego", "Aisha", "Connor",
    "Lena", "Victor",
];
const VISITOR_LAST: [&str; 12] = [
    "Alvarez", "Brennan", "Chow", "Dawson", "Ellison", "Fischer", "Gupta", "Holt", "Ibarra",
    "Jensen", "Kowalski", "Larsen",
];
const PLATFORMS: [&str; 3] = ["iOS", "Android", "Web"];
const ATTRIBUTIONS: [&str; 4] = ["Zillow", "Builder website", "Yard sign", "Realtor.com"];
const REMARKS: [&str; 5] = [
    "Loved the kitchen",
    "Asked about HOA fees",
    "Wants a bigger yard",
    "Second visit with family",
    "Comparing with resale homes",
];

/// Feedback a visitor leaves after a self-tour, as the tour writes it into the visit's remarks
/// (docs/showings.md): the stars, comments with what they loved, the post-tour survey.
const FEEDBACK: [&str; 3] = [
    "User sent feedback\n★★★★★\nComments:\nloved: the kitchen island\nloved: the light in the living room\nPost tour survey\nHow did you hear about us?: Zillow",
    "User sent feedback\n★★★☆☆\nComments:\nThe backyard is smaller than the photos suggest\nPost tour survey\nWould you like a call from our agent?: Yes",
    "User sent feedback\n★★★★☆\nComments:\nloved: the primary suite\nThe street is busy at rush hour",
];

/// The floor plans the demo's visitors ask for.
const FLOOR_PLANS: [&str; 4] = ["The Aspen", "The Birch", "The Cedar", "The Dogwood"];

/// A small deterministic generator, so every demo world is the same.
struct Dice(u64);

impl Dice {
    fn next(&mut self, below: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % below.max(1)
    }
}

/// 18 months of visitors and visits to a builder's homes (not the ones just created), busier on
/// weekends and growing towards today, and a visit of each home in the past week.
async fn visit_history(
    db: &Db,
    builder: i64,
    customers_wanted: usize,
    seed: u64,
) -> db::Result<()> {
    let query = db::list::ListQuery::default();
    let homes: Vec<db::properties::PropertyRow> = db::properties::PROPERTIES
        .page(db, &db::Scope::builder(builder), &query)
        .await?
        .data;
    let homes: Vec<i64> = homes
        .iter()
        .filter(|h| h.disposition != "Created")
        .map(|h| h.property_id)
        .collect();
    if homes.is_empty() {
        return Ok(());
    }
    let mut dice = Dice(seed);
    let now = chrono::Utc::now();
    let statuses = [156, 156, 156, 156, 156, 162, 161, 160, 159, 158, 157];
    let mut customers = Vec::with_capacity(customers_wanted);
    let mut visits = Vec::new();
    for n in 0..customers_wanted {
        let kind = match dice.next(10) {
            0 => 123,
            1 => 124,
            _ => 122,
        };
        // Later customers are more likely: the history grows towards today.
        let age_days = (540.0 * (1.0 - ((n as f64 + 1.0) / customers_wanted as f64).sqrt())) as i64
            + dice.next(14) as i64;
        let mut when = now
            - chrono::Duration::days(age_days)
            - chrono::Duration::minutes(dice.next(600) as i64);
        if !matches!(when.weekday(), chrono::Weekday::Sat | chrono::Weekday::Sun)
            && dice.next(3) == 0
        {
            when += chrono::Duration::days(5 - when.weekday().num_days_from_monday() as i64);
        }
        let when = when.min(now - chrono::Duration::minutes(5));
        let first = VISITOR_FIRST[dice.next(12) as usize];
        let last = VISITOR_LAST[dice.next(12) as usize];
        customers.push(db::visits::NewCustomer {
            builder_id: builder,
            firstname: first.into(),
            lastname: last.into(),
            email: format!(
                "{}.{}{}@example.com",
                first.to_lowercase(),
                last.to_lowercase(),
                n
            ),
            phone: format!("555-{:03}-{:04}", 200 + dice.next(700), dice.next(10_000)),
            visitor_type_id: kind,
            created_on: when,
        });
        for repeat in 0..=(dice.next(4) / 3) {
            visits.push(db::visits::NewVisit {
                customer: n,
                property_id: homes[dice.next(homes.len() as u64) as usize],
                visit_status_id: statuses[dice.next(statuses.len() as u64) as usize],
                remarks: (dice.next(4) == 0).then(|| REMARKS[dice.next(5) as usize].to_string()),
                // From the customer's number, leaving the dice's sequence as it was.
                platform: Some(PLATFORMS[(n + repeat as usize) % PLATFORMS.len()].into()),
                attribution: Some(ATTRIBUTIONS[n % ATTRIBUTIONS.len()].into()),
                visited_on: (when + chrono::Duration::days(repeat as i64 * 3))
                    .min(now - chrono::Duration::minutes(1)),
            });
        }
    }
    // Every home was toured in the past week, whatever today's weekday, so each lock's access
    // history shows visitors opening it with their codes.
    let mut surveyed = Vec::new();
    for (i, home) in homes.iter().enumerate() {
        let when = now - chrono::Duration::days(1 + i as i64 % 6) - chrono::Duration::hours(3);
        let first = VISITOR_FIRST[dice.next(12) as usize];
        let last = VISITOR_LAST[dice.next(12) as usize];
        let n = customers.len();
        customers.push(db::visits::NewCustomer {
            builder_id: builder,
            firstname: first.into(),
            lastname: last.into(),
            email: format!(
                "{}.{}{n}@example.com",
                first.to_lowercase(),
                last.to_lowercase()
            ),
            phone: format!("555-{:03}-{:04}", 200 + dice.next(700), dice.next(10_000)),
            visitor_type_id: 122,
            created_on: when,
        });
        // Every third left feedback after the tour, and answered the pre-tour survey.
        let feedback = i % 3 == 0;
        if feedback {
            surveyed.push(n);
        }
        visits.push(db::visits::NewVisit {
            customer: n,
            property_id: *home,
            visit_status_id: 156,
            remarks: feedback.then(|| FEEDBACK[i / 3 % FEEDBACK.len()].to_string()),
            platform: Some(PLATFORMS[n % PLATFORMS.len()].into()),
            attribution: Some(ATTRIBUTIONS[n % ATTRIBUTIONS.len()].into()),
            visited_on: when,
        });
    }
    let ids = db::visits::insert_history(db, &customers, &visits).await?;
    scheduled_tours(db, builder, &homes, &mut dice).await?;
    // Visitors who came too early or too late in the past two weeks.
    for n in 0..homes.len().min(10) {
        let at = (now - chrono::Duration::days(n as i64 % 14))
            .date_naive()
            .and_hms_opt([2, 4, 5, 13][n % 4], 10 + 7 * (n as u32 % 7), 0)
            .expect("a time")
            .and_utc();
        let home = homes[dice.next(homes.len() as u64) as usize];
        db::after_tour_hours::record(db, home, None, "9:00 AM - 6:00 PM", at).await?;
    }
    let questions = domain::surveys::default_pre_tour();
    for (k, n) in surveyed.into_iter().enumerate() {
        let answers: Vec<(String, String)> = questions
            .iter()
            .enumerate()
            .map(|(q, question)| {
                let choice = &question.choices[(k + q) % question.choices.len()];
                (question.text.clone(), choice.clone())
            })
            .collect();
        db::customers::record_survey(
            db,
            &db::customers::NewSurveyAnswers {
                customer_id: ids[n],
                customer_visit_id: None,
                survey: domain::surveys::Survey::PreTour,
                answers: &answers,
                answered_on: customers[n].created_on,
                feedback: None,
            },
        )
        .await?;
        // Every other one of them was ready to buy (or rent) the home they toured.
        if let Some(toured) = visits
            .iter()
            .find(|v| v.customer == n)
            .filter(|_| k % 2 == 0)
        {
            let move_in = (customers[n].created_on
                + chrono::Duration::days(30 + 15 * (k as i64 % 6)))
            .date_naive();
            db::offers::create(
                db,
                &db::offers::NewOffer {
                    property_id: toured.property_id,
                    customer_id: ids[n],
                    floor_plan: Some(FLOOR_PLANS[k % FLOOR_PLANS.len()]),
                    prequalified: k % 3 != 1,
                    move_in: Some(move_in),
                    comments: (k % 4 == 0).then_some("Can we close before the school year?"),
                    preferred_contact: if k % 3 == 0 { "phone" } else { "email" },
                    customer_visit_id: None,
                },
            )
            .await?;
        }
    }
    Ok(())
}

/// Tours booked for a time: the coming two weeks' (created, a few cancelled) and the past
/// week's (completed), on the hour or half hour of a US afternoon.
async fn scheduled_tours(db: &Db, builder: i64, homes: &[i64], dice: &mut Dice) -> db::Result<()> {
    use db::scheduled_visits::{NewScheduledVisit, CANCELLED, COMPLETED, CREATED};
    let today = chrono::Utc::now()
        .date_naive()
        .and_hms_opt(0, 0, 0)
        .expect("midnight")
        .and_utc();
    for n in 0..homes.len().min(24) {
        let days = n as i64 % 21 - 7;
        let at = today
            + chrono::Duration::days(days)
            + chrono::Duration::minutes(15 * 60 + 30 * dice.next(16) as i64);
        let status = match (days < 0, n % 5) {
            (true, _) => COMPLETED,
            (false, 0) => CANCELLED,
            (false, _) => CREATED,
        };
        let first = VISITOR_FIRST[dice.next(12) as usize];
        let last = VISITOR_LAST[dice.next(12) as usize];
        let email = format!(
            "{}.{}.tour{n}@example.com",
            first.to_lowercase(),
            last.to_lowercase()
        );
        let phone = format!("555-{:03}-{:04}", 200 + dice.next(700), dice.next(10_000));
        db::scheduled_visits::create(
            db,
            &NewScheduledVisit {
                builder_id: builder,
                property_id: homes[dice.next(homes.len() as u64) as usize],
                customer_id: None,
                first_name: first,
                last_name: last,
                email: Some(&email),
                phone: Some(&phone),
                visit_date: at,
                comments: (n % 3 == 0).then_some("Would like to see the backyard"),
                source: if n % 4 == 0 { "share" } else { "visitor" },
                status,
            },
        )
        .await?;
    }
    Ok(())
}

/// Two photos for each home that is on the market or was (not the ones just created).
async fn photos(db: &Db, files: &FileStore, builder: i64) -> Result<(), String> {
    let homes = db::properties::PROPERTIES
        .page::<db::properties::PropertyRow>(
            db,
            &db::Scope::builder(builder),
            &db::list::ListQuery::default(),
        )
        .await
        .map_err(|e| e.to_string())?
        .data;
    for home in homes.iter().filter(|h| h.disposition != "Created") {
        for view in 0..2 {
            let picture = pictures::house(home.property_id as usize + view * 3).to_vec();
            let key = files
                .put(picture, ImageKind::Webp)
                .await
                .map_err(|e| format!("storing a demo photo: {e}"))?;
            db::properties::put_image(db, home.property_id, &key, None, "demo")
                .await
                .map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}

/// Fills an empty database and its file store; refuses a database that already has builders.
pub async fn fill(db: &Db, files: &FileStore) -> Result<(), String> {
    if db::builders::any(db).await.map_err(|e| e.to_string())? {
        return Err(
            "the database already has data; the demo world goes only into an empty one".into(),
        );
    }
    let result: db::Result<[i64; 3]> = async {
        let hash = tokio::task::spawn_blocking(|| hash_password(PASSWORD))
            .await
            .expect("hashing does not panic");
        let enterprise = db::builders::create_enterprise(db, "Brightway Group").await?;
        let homes = db::builders::create(
            db,
            &NewBuilder {
                name: "Brightway Homes".into(),
                webflow_name: "brightway-homes".into(),
                enterprise_id: Some(enterprise),
                is_rental: false,
                timezone: 53,
                enable_photo_gallery_edits: true,
            },
        )
        .await?;
        let rentals = db::builders::create(
            db,
            &NewBuilder {
                name: "Brightway Rentals".into(),
                webflow_name: "brightway-rentals".into(),
                enterprise_id: Some(enterprise),
                is_rental: true,
                timezone: 51,
                enable_photo_gallery_edits: true,
            },
        )
        .await?;
        let cedar = db::builders::create(
            db,
            &NewBuilder {
                name: "Cedar Ridge Builders".into(),
                webflow_name: "cedar-ridge".into(),
                enterprise_id: None,
                is_rental: false,
                timezone: 54,
                enable_photo_gallery_edits: false,
            },
        )
        .await?;

        let mut admin = new_user(
            &Person {
                username: "demo.admin",
                first: "Dana",
                last: "Admin",
                role: Role::SuperAdmin,
            },
            None,
            &hash,
            0,
        );
        admin.is_admin = true;
        db::users::create(db, &admin).await?;
        let mut enterprise_user = new_user(
            &Person {
                username: "demo.enterprise",
                first: "Erin",
                last: "Enterprise",
                role: Role::ProgramManager,
            },
            Some(homes),
            &hash,
            1,
        );
        enterprise_user.enterprise_id = Some(enterprise);
        enterprise_user.groups.push(ENTERPRISE_GROUP);
        db::users::create(db, &enterprise_user).await?;

        let named = [
            (
                homes,
                Person {
                    username: "demo.pm",
                    first: "Paula",
                    last: "Manning",
                    role: Role::ProgramManager,
                },
            ),
            (
                homes,
                Person {
                    username: "demo.sales",
                    first: "Sam",
                    last: "Sellers",
                    role: Role::SalesStaff,
                },
            ),
            (
                homes,
                Person {
                    username: "olivia.field",
                    first: "Olivia",
                    last: "Field",
                    role: Role::OtherStaff,
                },
            ),
            (
                homes,
                Person {
                    username: "terry.trades",
                    first: "Terry",
                    last: "Trades",
                    role: Role::TradeContractor,
                },
            ),
            (
                homes,
                Person {
                    username: "hannah.lead",
                    first: "Hannah",
                    last: "Lead",
                    role: Role::SuperAdmin,
                },
            ),
            (
                rentals,
                Person {
                    username: "rental.pm",
                    first: "Rita",
                    last: "Rentals",
                    role: Role::ProgramManager,
                },
            ),
            (
                rentals,
                Person {
                    username: "leo.leasing",
                    first: "Leo",
                    last: "Leasing",
                    role: Role::SalesStaff,
                },
            ),
            (
                cedar,
                Person {
                    username: "cedar.pm",
                    first: "Connor",
                    last: "Cedar",
                    role: Role::ProgramManager,
                },
            ),
            (
                cedar,
                Person {
                    username: "cedar.sales",
                    first: "Cora",
                    last: "Hill",
                    role: Role::SalesStaff,
                },
            ),
        ];
        let mut ids = std::collections::HashMap::new();
        for (i, (builder, person)) in named.iter().enumerate() {
            ids.insert(
                person.username,
                db::users::create(db, &new_user(person, Some(*builder), &hash, i + 2)).await?,
            );
        }
        // Enough sales staff at Brightway Homes to page through, a few at the others.
        let mut sales_homes = Vec::new();
        for i in 0..36 {
            let first = FIRST_NAMES[i % FIRST_NAMES.len()];
            let last = LAST_NAMES[(i * 7) % LAST_NAMES.len()];
            let builder = match i % 6 {
                4 => rentals,
                5 => cedar,
                _ => homes,
            };
            let username = format!(
                "{}.{}{}",
                first.to_lowercase(),
                last.to_lowercase(),
                if i >= 16 {
                    (i / 16).to_string()
                } else {
                    String::new()
                }
            );
            let role = if i % 9 == 8 {
                Role::OtherStaff
            } else {
                Role::SalesStaff
            };
            let id = db::users::create(
                db,
                &new_user(
                    &Person {
                        username: &username,
                        first,
                        last,
                        role,
                    },
                    Some(builder),
                    &hash,
                    i + 20,
                ),
            )
            .await?;
            if builder == homes && role == Role::SalesStaff {
                sales_homes.push(id);
            }
        }
        db::teams::create(
            db,
            homes,
            "North Sales",
            "Sales staff for the northern communities",
            &[
                ids["demo.pm"],
                ids["demo.sales"],
                sales_homes[0],
                sales_homes[1],
            ],
        )
        .await?;
        db::teams::create(
            db,
            homes,
            "Model Home Hosts",
            "Weekend hosts for the model homes",
            &[sales_homes[2], sales_homes[3], sales_homes[4]],
        )
        .await?;
        db::teams::create(
            db,
            rentals,
            "Leasing",
            "Leasing agents",
            &[ids["rental.pm"], ids["leo.leasing"]],
        )
        .await?;
        db::teams::create(
            db,
            cedar,
            "Cedar Sales",
            "Everyone selling at Cedar Ridge",
            &[ids["cedar.pm"], ids["cedar.sales"]],
        )
        .await?;
        let communities = [
            (
                homes,
                "Oak Ridge",
                "Austin",
                "TX",
                "78701",
                "OR-100",
                ids["demo.pm"],
                "demo.pm",
                1,
            ),
            (
                homes,
                "Willow Creek",
                "Round Rock",
                "TX",
                "78664",
                "WC-200",
                ids["demo.pm"],
                "demo.pm",
                1,
            ),
            (
                homes,
                "Stone Bridge",
                "Georgetown",
                "TX",
                "78626",
                "SB-300",
                ids["demo.sales"],
                "demo.pm",
                2,
            ),
            (
                rentals,
                "Maple Commons",
                "Denver",
                "CO",
                "80202",
                "MC-10",
                ids["rental.pm"],
                "rental.pm",
                1,
            ),
            (
                rentals,
                "Aspen Flats",
                "Boulder",
                "CO",
                "80301",
                "AF-20",
                ids["leo.leasing"],
                "rental.pm",
                1,
            ),
            (
                cedar,
                "Cedar Hollow",
                "San Diego",
                "CA",
                "92101",
                "CH-1",
                ids["cedar.pm"],
                "cedar.pm",
                1,
            ),
        ];
        for (i, (builder, name, city, state, zip, external, agent, point, status)) in
            communities.into_iter().enumerate()
        {
            let mut tour_hours = domain::hours::default_tour_week();
            tour_hours[0].tour_hours_start = domain::hours::HourMinute::new(10, 0);
            let fields = CommunityFields {
                name: name.into(),
                city: city.into(),
                state: state.into(),
                zip: zip.into(),
                external_community_id: Some(external.into()),
                status_id: Some(status),
                sales_agent: format!("555-300-{:04}", 1000 + i),
                emergency_contacts: point.into(),
                community_url: Some(format!(
                    "https://www.example.com/communities/{}",
                    name.to_lowercase().replace(' ', "-")
                )),
                staff_lock_interval: Some(domain::hours::DEFAULT_STAFF_LOCK_INTERVAL),
                community_backup_code: format!("{}", 482_910 + i * 7),
                trade_code: format!("{}", 5_120 + i),
                sales_code: format!("{}", 7_340 + i),
                tour_hours: Some(tour_hours),
                staff_hours: Some(domain::hours::default_staff_week()),
                ..Default::default()
            };
            let members = Members {
                user_ids: &[agent],
                team_ids: &[],
            };
            let community =
                db::communities::save(db, &db::Scope::All, None, builder, &fields, &members, point)
                    .await?
                    .expect("a new community");
            homes_in(
                db,
                builder,
                community,
                (name, city, state, zip),
                i,
                ids[point],
                point,
            )
            .await?;
        }
        for (builder, customers, seed) in [(homes, 900, 7), (rentals, 300, 11), (cedar, 200, 13)] {
            visit_history(db, builder, customers, seed).await?;
        }
        Ok([homes, rentals, cedar])
    }
    .await;
    let [homes, rentals, cedar] = result.map_err(|e| e.to_string())?;
    hardware::fill(
        db,
        &[
            (homes, "demo.pm"),
            (rentals, "rental.pm"),
            (cedar, "cedar.pm"),
        ],
    )
    .await?;
    for builder in [homes, rentals, cedar] {
        photos(db, files, builder).await?;
    }
    Ok(())
}
