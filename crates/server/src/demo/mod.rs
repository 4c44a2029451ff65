//! The demo world: two builders of one enterprise (a sales and a rental builder), an independent
//! builder, a platform admin, program managers, sales staff, other staff, a trade contractor and
//! teams. Every demo sign-in uses the password `tourdesk-demo`.

use db::builders::NewBuilder;
use db::communities::{CommunityFields, Members};
use db::users::{NewUser, Notifications};
use db::Db;
use domain::roles::{Role, ENTERPRISE_GROUP};

use crate::files::{FileStore, ImageKind};
use crate::state::AppState;

mod billing;
mod hardware;
mod pictures;
mod story;
mod visitors;

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

/// A builder's homes, as its properties list has them.
async fn homes_of(db: &Db, builder: i64) -> Result<Vec<db::properties::PropertyRow>, String> {
    Ok(db::properties::PROPERTIES
        .page(
            db,
            &db::Scope::builder(builder),
            &db::list::ListQuery::default(),
        )
        .await
        .map_err(|e| e.to_string())?
        .data)
}

/// Two photos for each home that is on the market or was (not the ones just created).
async fn photos(db: &Db, files: &FileStore, builder: i64) -> Result<(), String> {
    let homes = homes_of(db, builder).await?;
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

/// The story of the demo's visits begins this long before today.
const HISTORY_DAYS: i64 = 560;

/// Fills an empty database and its file store; refuses a database that already has builders.
/// The visitors, their visits and everything that follows are the story's (`story.rs`), run
/// through the server of `state` on a clock of its own.
pub async fn fill(state: &AppState) -> Result<(), String> {
    let (db, files) = (&state.db, &state.files);
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
        Ok([homes, rentals, cedar])
    }
    .await;
    let [homes, rentals, cedar] = result.map_err(|e| e.to_string())?;
    let builders = [
        (homes, "demo.pm"),
        (rentals, "rental.pm"),
        (cedar, "cedar.pm"),
    ];
    let today = state.hardware.now();
    let stage = visitors::Stage::new(state, today - chrono::Duration::days(HISTORY_DAYS));
    hardware::set_up(stage.hardware(), &builders).await?;
    let mut visitor = 0;
    let mut stories = Vec::new();
    for ((builder, staff), visitors, seed) in builders
        .iter()
        .zip([(300, 7), (120, 11), (80, 13)])
        .map(|(b, (v, s))| (*b, v, s))
    {
        let homes = story::Homes::of(db, builder, staff).await?;
        story::run(&stage, &homes, visitors, seed, today, &mut visitor).await?;
        stories.push(homes);
    }
    let today = state.hardware.now();
    stage.at(today).await?;
    hardware::finish(stage.hardware(), &builders).await?;
    for homes in &stories {
        story::at_a_lock_down(&stage, homes, today, &mut visitor).await?;
    }
    for builder in [homes, rentals, cedar] {
        photos(db, files, builder).await?;
    }
    billing::set_up(
        db,
        &[
            (homes, "Brightway Homes", "Austin"),
            (rentals, "Brightway Rentals", "Round Rock"),
            (cedar, "Cedar Ridge Builders", "Georgetown"),
        ],
        today,
    )
    .await
    .map_err(|e| e.to_string())?;
    Ok(())
}
