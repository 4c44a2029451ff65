//! The demo world's hardware, so every hardware screen shows real devices on `make run`: hubs
//! with a door lock, a light, a thermostat and a motion sensor; smart locks of different code
//! lengths; wifi thermostats; a lock offline and one with a low battery; locks in stock and locks
//! to be returned; alarm accounts with units available and attached; the homes' codes on their
//! locks through the real programming path; scheduled codes; a code that failed with the
//! community's backup code in use. The locks' events are those of the story's visitors and
//! trades at their keypads (`story.rs`).

use ::devices::sim::Faults;
use ::devices::Provider;
use chrono::{DateTime, Duration, Utc};
use db::hardware::codes::{self, purpose, NewCode};
use db::hardware::devices::{self, kind, LockFields, NewDevice};
use db::{Db, Scope};

use crate::hardware::{codes as programming, Actor, Hardware};

/// One device of a home, as the demo installs it.
struct Install<'a> {
    kind: &'a str,
    serial: String,
    name: &'a str,
    hub_id: Option<i64>,
    hub_type: Option<&'a str>,
    smart_lock_type: Option<&'a str>,
    property_id: Option<i64>,
    customer_id: Option<i64>,
    code_lengths: &'a str,
    shipment: Option<&'a str>,
    status_id: Option<i64>,
}

impl<'a> Install<'a> {
    fn new(kind: &'a str, serial: String, name: &'a str) -> Install<'a> {
        Install {
            kind,
            serial,
            name,
            hub_id: None,
            hub_type: None,
            smart_lock_type: None,
            property_id: None,
            customer_id: None,
            code_lengths: "",
            shipment: None,
            status_id: None,
        }
    }
}

async fn install(hw: &Hardware, builder: i64, it: Install<'_>) -> Result<i64, String> {
    let lock = kind::is_lock(it.kind);
    // IGK serials are igloohome's (the inventory gives them their own icon).
    let maker = if it.serial.starts_with("IGK") {
        "igloohome"
    } else {
        "Kwikset"
    };
    let device = NewDevice {
        builder_id: builder,
        kind: it.kind.into(),
        serial_number: it.serial,
        name: it.name.into(),
        hub_id: it.hub_id,
        hub_type: it.hub_type.map(Into::into),
        smart_lock_type: it.smart_lock_type.map(Into::into),
        provider: "sim".into(),
        property_id: it.property_id,
        customer_id: it.customer_id,
        record: if lock {
            LockFields {
                manufacturer: Some(maker.into()),
                version: Some("2.1".into()),
                licensee: Some("Tourdesk Demo".into()),
                license_date: Some("2026-01-15".into()),
                license_start_date: Some("2026-01-15".into()),
                purchase_date: Some("2025-12-01".into()),
                ..LockFields::default()
            }
        } else {
            LockFields::default()
        },
        status_id: it.status_id,
        shipment_status: it.shipment.map(Into::into),
        battery: lock.then_some(0.86),
        locked: lock.then_some(true),
        code_lengths: it.code_lengths.into(),
        code_capacity: lock.then_some(30),
        ..NewDevice::default()
    };
    let id = devices::insert(&hw.db, &device)
        .await
        .map_err(|e| e.to_string())?;
    hw.simulate(&device).await.map_err(|e| e.to_string())?;
    Ok(id)
}

/// The Wi-Fi thermostat of a home's living room, on the home itself (no hub).
async fn living_room_thermostat(
    hw: &Hardware,
    builder: i64,
    home: i64,
    tag: &str,
) -> Result<i64, String> {
    install(
        hw,
        builder,
        Install {
            property_id: Some(home),
            ..Install::new(
                kind::WIFI_THERMOSTAT,
                format!("WT{tag}"),
                "Living room thermostat",
            )
        },
    )
    .await
}

/// A home of the demo: its id, its place in its community (0 to 5) and its disposition.
struct Home {
    id: i64,
    community: i64,
    place: usize,
    constant: &'static str,
    timezone: i64,
}

async fn homes_of(db: &Db, builder: i64) -> Result<Vec<Home>, String> {
    let mut rows = super::homes_of(db, builder).await?;
    rows.sort_by_key(|r| (r.community_id, r.property_id));
    let mut homes = Vec::new();
    let mut place = 0;
    let mut community = 0;
    for row in rows {
        if row.community_id != community {
            community = row.community_id;
            place = 0;
        }
        let constant = domain::catalog::DISPOSITIONS
            .iter()
            .find(|d| d.id == row.disposition_id)
            .map(|d| d.constant)
            .unwrap_or("PROPERTY_CREATED");
        let timezone = db::properties::get(db, &Scope::All, row.property_id)
            .await
            .map_err(|e| e.to_string())?
            .map(|p| p.fields.timezone)
            .unwrap_or(domain::catalog::DEFAULT_TIMEZONE);
        homes.push(Home {
            id: row.property_id,
            community,
            place,
            constant,
            timezone,
        });
        place += 1;
    }
    Ok(homes)
}

/// A device whose past the hardware history tells, and who did it.
struct Past<'a> {
    builder: i64,
    author: &'a str,
    serial: &'a str,
    lock_type: &'a str,
    hub_type: Option<&'a str>,
    home: Option<i64>,
}

impl<'a> Past<'a> {
    /// A Kwikset door lock's past.
    fn kwikset(builder: i64, author: &'a str, serial: &'a str, home: Option<i64>) -> Self {
        Past {
            builder,
            author,
            serial,
            lock_type: kind::DOOR_LOCK,
            hub_type: Some("kwikset"),
            home,
        }
    }
}

/// A Kwikset door lock that came off its home and waits to be returned, with its history.
async fn lock_to_return(
    hw: &Hardware,
    db: &Db,
    past: &Past<'_>,
    status_id: i64,
    actions: &[(i64, &str)],
) -> Result<(), String> {
    install_with_past(
        hw,
        db,
        past,
        Install {
            shipment: Some(devices::TO_BE_RETURNED),
            status_id: Some(status_id),
            code_lengths: "4,5,6",
            ..Install::new(kind::DOOR_LOCK, past.serial.to_string(), "Door lock")
        },
        actions,
    )
    .await
}

/// Installs a device and records its past (days ago, action) in the hardware history.
async fn install_with_past(
    hw: &Hardware,
    db: &Db,
    past: &Past<'_>,
    it: Install<'_>,
    actions: &[(i64, &str)],
) -> Result<(), String> {
    install(hw, past.builder, it).await?;
    history(db, past, actions).await
}

/// What was done to a device in the past (days ago, action), for the hardware history.
async fn history(db: &Db, past: &Past<'_>, actions: &[(i64, &str)]) -> Result<(), String> {
    let email = format!("{}@demo.tourdesk.test", past.author);
    for (days_ago, action) in actions {
        db::hardware::record(
            db,
            &db::hardware::NewActivity {
                builder_id: past.builder,
                hub_type: past.hub_type,
                lock_type: Some(past.lock_type),
                serial_number: past.serial,
                property_id: past.home,
                action,
                created_by: past.author,
                users_email: Some(&email),
                at: Some(db::now() - Duration::days(*days_ago) - Duration::minutes(37)),
            },
        )
        .await
        .map_err(|e| e.to_string())?;
    }
    Ok(())
}

const INSTALLED: [(i64, &str); 4] = [(40, "activate"), (12, "codes"), (9, "unlock"), (9, "lock")];

/// Installs the builders' devices and puts the homes' codes on their locks (Sync Codes Now), at
/// the clock's moment; `author` names who did what in the history.
pub async fn set_up(hw: &Hardware, builders: &[(i64, &str)]) -> Result<(), String> {
    let db = &hw.db;
    for (n, &(builder, author)) in builders.iter().enumerate() {
        let homes = homes_of(db, builder).await?;
        let mut units = Vec::new();
        if n < 2 {
            db::hardware::alarm::open_account(
                db,
                builder,
                &format!("alarm-{builder}@demo.tourdesk.test"),
            )
            .await
            .map_err(|e| e.to_string())?;
            for i in 0..4 {
                let customer = 70_000 + builder * 100 + i;
                let description = format!(
                    "Panel {} {builder}",
                    ["North", "South", "East", "West"][i as usize]
                );
                db::hardware::alarm::add_unit(db, builder, customer, &description)
                    .await
                    .map_err(|e| e.to_string())?;
                units.push((customer, description));
            }
        }
        let mut communities_seen = Vec::new();
        for home in &homes {
            let tag = format!("{builder:02}{:05}", home.id);
            if !communities_seen.contains(&home.community) {
                communities_seen.push(home.community);
            }
            let nth_community = communities_seen.len() - 1;
            match (home.constant, home.place) {
                ("PROPERTY_CREATED", _) => continue,
                ("PROPERTY_SOLD" | "PROPERTY_RENTED", _) => {
                    // Its lock came back and waits to be returned.
                    let serial = format!("KW{tag}");
                    let past = Past::kwikset(builder, author, &serial, Some(home.id));
                    lock_to_return(
                        hw,
                        db,
                        &past,
                        77,
                        &[(60, "activate"), (20, "codes"), (3, "mask_as_sold")],
                    )
                    .await?;
                }
                (_, 0 | 1 | 5) => {
                    let hub_type = if home.place == 5 { "seam" } else { "kwikset" };
                    let hub = install(
                        hw,
                        builder,
                        Install {
                            property_id: Some(home.id),
                            hub_type: Some(hub_type),
                            ..Install::new(kind::HUB, format!("HUB{tag}"), "Hub")
                        },
                    )
                    .await?;
                    let lock_serial = if home.place == 0 {
                        format!("IGK{tag}")
                    } else {
                        format!("KW{tag}")
                    };
                    install_with_past(
                        hw,
                        db,
                        &Past {
                            builder,
                            author,
                            serial: &lock_serial,
                            lock_type: kind::DOOR_LOCK,
                            hub_type: Some(hub_type),
                            home: Some(home.id),
                        },
                        Install {
                            hub_id: Some(hub),
                            code_lengths: if home.place == 0 {
                                "4,5,6,7,8"
                            } else {
                                "4,5,6"
                            },
                            shipment: Some("Installed"),
                            status_id: Some(domain::devices::ACTIVE),
                            ..Install::new(kind::DOOR_LOCK, lock_serial.clone(), "Front door")
                        },
                        &INSTALLED,
                    )
                    .await?;
                    if home.place == 0 {
                        for (k, serial, name) in [
                            (kind::DIMMABLE_LIGHT, format!("LT{tag}"), "Porch light"),
                            (kind::THERMOSTAT, format!("TH{tag}"), "Hall thermostat"),
                            (
                                kind::MOTION_SENSOR,
                                format!("MS{tag}"),
                                "Entry motion sensor",
                            ),
                        ] {
                            install(
                                hw,
                                builder,
                                Install {
                                    hub_id: Some(hub),
                                    ..Install::new(k, serial, name)
                                },
                            )
                            .await?;
                        }
                        living_room_thermostat(hw, builder, home.id, &tag).await?;
                    }
                }
                (_, 2 | 4) => {
                    let maintenance = home.constant == "PROPERTY_SMART_LOCK_MAINTENANCE";
                    let serial = format!("SL{tag}");
                    install_with_past(
                        hw,
                        db,
                        &Past {
                            builder,
                            author,
                            serial: &serial,
                            lock_type: kind::SMART_LOCK,
                            hub_type: None,
                            home: Some(home.id),
                        },
                        Install {
                            property_id: Some(home.id),
                            smart_lock_type: Some("seam"),
                            code_lengths: if home.place == 2 { "4,6" } else { "4,5,6,7,8" },
                            status_id: Some(domain::devices::ACTIVE),
                            ..Install::new(kind::SMART_LOCK, serial.clone(), "Side door")
                        },
                        &INSTALLED,
                    )
                    .await?;
                    if maintenance {
                        hw.simulator()
                            .set_battery(&serial, 0.12)
                            .await
                            .map_err(|e| e.to_string())?;
                    }
                    if home.place == 2 {
                        living_room_thermostat(hw, builder, home.id, &tag).await?;
                        // The first communities' model homes' neighbours have an alarm panel.
                        if let Some((customer, description)) =
                            units.get(nth_community).filter(|_| nth_community < 2)
                        {
                            let adc = crate::http::hardware::alarm::alarm_serial(description);
                            install_with_past(
                                hw,
                                db,
                                &Past {
                                    builder,
                                    author,
                                    serial: &adc,
                                    lock_type: kind::HUB,
                                    hub_type: Some("adc"),
                                    home: Some(home.id),
                                },
                                Install {
                                    property_id: Some(home.id),
                                    customer_id: Some(*customer),
                                    hub_type: Some("adc"),
                                    ..Install::new(kind::HUB, adc.clone(), description)
                                },
                                &[(30, "activate")],
                            )
                            .await?;
                        }
                    }
                }
                _ => continue,
            }
        }
        // Locks in stock, and one taken off a home without being sold.
        for i in 0..2 {
            install(
                hw,
                builder,
                Install {
                    shipment: Some("Received"),
                    status_id: Some(domain::devices::UNASSIGNED),
                    code_lengths: "4,5,6,7,8",
                    ..Install::new(
                        kind::DOOR_LOCK,
                        format!("IGK{builder:02}9900{i}"),
                        "Door lock",
                    )
                },
            )
            .await?;
        }
        let removed = format!("KW{builder:02}99010");
        let past = Past::kwikset(builder, author, &removed, None);
        lock_to_return(hw, db, &past, 73, &[(50, "activate"), (6, "remove")]).await?;
        homes_codes(hw, &homes, author).await?;
    }
    Ok(())
}

fn actor(author: &str) -> Actor {
    Actor {
        username: author.into(),
        email: Some(format!("{author}@demo.tourdesk.test")),
    }
}

/// The homes' codes on their locks (Sync Codes Now).
async fn homes_codes(hw: &Hardware, homes: &[Home], author: &str) -> Result<(), String> {
    for home in homes {
        let record = db::properties::get(&hw.db, &Scope::All, home.id)
            .await
            .map_err(|e| e.to_string())?
            .ok_or("a demo home is gone")?;
        let wanted = crate::http::hardware::automation::effective_codes(&record);
        programming::sync_home(hw, home.id, &wanted, &actor(author))
            .await
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Today's codes: scheduled codes for tomorrow, a failed code with the community's backup code in
/// use; then each device read once.
pub async fn finish(hw: &Hardware, builders: &[(i64, &str)]) -> Result<(), String> {
    for &(builder, author) in builders {
        let homes = homes_of(&hw.db, builder).await?;
        codes_of_today(hw, builder, &homes, author).await?;
    }
    Ok(())
}

async fn codes_of_today(
    hw: &Hardware,
    builder: i64,
    homes: &[Home],
    author: &str,
) -> Result<(), String> {
    let now = hw.now();
    let tomorrow = now + Duration::days(1);
    let mut failed_one = false;
    for home in homes {
        let locks: Vec<devices::Device> = devices::of_property(&hw.db, home.id)
            .await
            .map_err(|e| e.to_string())?
            .into_iter()
            .filter(|d| kind::is_lock(&d.kind))
            .collect();
        for lock in &locks {
            if home.place == 1 && lock.kind == kind::DOOR_LOCK {
                // A lock that lost its connection lately: the home shows Down.
                hw.simulator()
                    .set_faults(
                        &lock.serial_number,
                        Faults {
                            offline: true,
                            ..Faults::default()
                        },
                    )
                    .await
                    .map_err(|e| e.to_string())?;
            }
            let mut add = vec![NewCode {
                builder_id: builder,
                device_id: lock.id,
                property_id: Some(home.id),
                purpose: purpose::SCHEDULED,
                slot: (lock.kind == kind::DOOR_LOCK).then_some(2),
                code: format!("{}", 4100 + home.id % 800),
                name: "Realtor showing".into(),
                starts_at: Some(at_local(home.timezone, tomorrow, 10)),
                ends_at: Some(at_local(home.timezone, tomorrow, 11)),
                customer_id: None,
                created_by: author.into(),
            }];
            // The model home of the first community: a visitor's code the lock refused because
            // a code of the installer's (unknown to us) holds the same digits.
            if home.place == 0 && lock.online && !failed_one {
                failed_one = true;
                let installer = format!("{}", 2500 + home.id % 400);
                hw.simulator()
                    .set_code(
                        lock.handle(),
                        &::devices::CodeSpec {
                            code: installer.clone(),
                            name: "Installer".into(),
                            starts_at: None,
                            ends_at: None,
                        },
                    )
                    .await
                    .map_err(|e| e.to_string())?;
                add.push(NewCode {
                    slot: Some(3),
                    code: installer,
                    name: "Visitor Jordan".into(),
                    starts_at: Some(now - Duration::minutes(30)),
                    ends_at: Some(now + Duration::hours(3)),
                    purpose: purpose::VISITOR,
                    ..add[0].clone()
                });
            }
            let ids = codes::change(&hw.db, &add, &[], now)
                .await
                .map_err(|e| e.to_string())?;
            programming::program_now(hw, &ids).await;
        }
        for device in devices::of_property(&hw.db, home.id)
            .await
            .map_err(|e| e.to_string())?
        {
            hw.refresh(&device).await.map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}

/// An hour of a day, local to a time zone.
fn at_local(timezone: i64, day: DateTime<Utc>, hour: u32) -> DateTime<Utc> {
    let date = domain::zones::to_local(timezone, day).date();
    domain::zones::from_local(
        timezone,
        date.and_hms_opt(hour, 0, 0).expect("a valid hour"),
    )
}
