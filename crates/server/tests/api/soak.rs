//! A simulated week of tours on the test clock: visitors' codes scheduled on every lock of a
//! builder, a fifth of all commands timing out, locks going offline for hours, workers restarted
//! and jobs abandoned mid-work. Whatever happens, no code is active past its end, every code is
//! on its lock by its start or has its backup issued with staff alerted, and no failure is silent.
//! Two servers on one database share the work: each code is set once, and both see the same state.

use std::collections::{HashMap, HashSet};

use ::devices::sim::Faults;
use ::devices::Provider;
use chrono::Duration;
use db::hardware::codes::{self, purpose, NewCode};
use db::hardware::devices::{self, kind, Device};
use server::worker::Worker;

use super::*;

const STEP_MINUTES: i64 = 10;
const DAYS: i64 = 7;
/// Tours a day on each lock: hours after the day's start, 45 minutes each.
const TOUR_HOURS: [i64; 3] = [10, 13, 16];

fn worker_for(hw: &server::hardware::Hardware) -> Worker {
    Worker::new(
        hw.clone(),
        server::notify::Notifier::outbox(
            std::env::temp_dir().join(format!("tourdesk-soak-{}.log", std::process::id())),
        ),
    )
}

async fn drain(worker: &Worker) -> usize {
    let mut ran = 0;
    while worker.run_one().await.unwrap() {
        ran += 1;
        assert!(ran < 100_000, "the jobs never ran out");
    }
    ran
}

async fn locks_of(w: &World, builder: i64) -> Vec<Device> {
    devices::locks_to_watch(&w.state.db, 10_000)
        .await
        .unwrap()
        .into_iter()
        .filter(|d| d.builder_id == builder && kind::is_lock(&d.kind))
        .collect()
}

fn faults(offline: bool) -> Faults {
    Faults {
        offline,
        fail_rate: 0.2,
        ..Faults::default()
    }
}

#[tokio::test]
async fn a_week_of_tours_with_failing_devices_leaves_no_code_open_and_no_failure_silent() {
    let w = world().await;
    let hw = w.state.hardware.clone();
    let sim = hw.simulator();
    let locks = locks_of(&w, 1).await;
    assert!(locks.len() >= 8, "{} locks", locks.len());
    let offline_from_the_start: HashSet<String> = locks
        .iter()
        .filter(|l| !l.online)
        .map(|l| l.serial_number.clone())
        .collect();
    for lock in &locks {
        sim.set_faults(
            lock.handle(),
            faults(offline_from_the_start.contains(&lock.serial_number)),
        )
        .await
        .unwrap();
    }
    let mut worker = worker_for(&hw);
    let (mut jobs_run, mut restarts, mut abandoned) = (0, 0, 0);
    let steps_a_day = 24 * 60 / STEP_MINUTES;
    let steps = DAYS * steps_a_day + 3 * 60 / STEP_MINUTES;
    for step in 0..steps {
        let at = hw.now();
        let day = step / steps_a_day;
        let in_day = step % steps_a_day;
        if in_day == 0 && day < DAYS {
            // A restarted worker each morning, and the day's tours booked.
            worker = worker_for(&hw);
            restarts += 1;
            let mut tours = Vec::new();
            for (n, lock) in locks.iter().enumerate() {
                for (k, hour) in TOUR_HOURS.iter().enumerate() {
                    let start = at + Duration::hours(*hour);
                    tours.push(NewCode {
                        builder_id: lock.builder_id,
                        device_id: lock.id,
                        property_id: lock.property_id,
                        purpose: purpose::VISITOR,
                        slot: (lock.kind == kind::DOOR_LOCK).then_some(20 + k as i64),
                        code: format!("{}", 300_000 + n * 100 + day as usize * 10 + k),
                        name: format!("Tour {day}-{k}"),
                        starts_at: Some(start),
                        ends_at: Some(start + Duration::minutes(45)),
                        customer_id: None,
                        created_by: "soak".into(),
                    });
                }
            }
            codes::change(&w.state.db, &tours, &[], at).await.unwrap();
        }
        // Each day one lock loses its connection from 11:00 to 14:00.
        let unlucky = &locks[(day as usize * 3) % locks.len()];
        if !offline_from_the_start.contains(&unlucky.serial_number) {
            if in_day == 11 * 60 / STEP_MINUTES {
                sim.set_faults(unlucky.handle(), faults(true))
                    .await
                    .unwrap();
            } else if in_day == 14 * 60 / STEP_MINUTES {
                sim.set_faults(unlucky.handle(), faults(false))
                    .await
                    .unwrap();
            }
        }
        if step % (60 / STEP_MINUTES) == 0 {
            worker.tick().await;
        }
        // A worker dies holding a job it claimed (it stays running until its lease runs out),
        // or while talking to a lock about a code (the code's lease runs out).
        if step % 47 == 5 && db::jobs::claim(&w.state.db, at).await.unwrap().is_some() {
            abandoned += 1;
        }
        if step % 61 == 9 {
            let live = codes::live_on(&w.state.db, &[locks[step as usize % locks.len()].id])
                .await
                .unwrap();
            if let Some(code) = live.first() {
                codes::lease(&w.state.db, code.id, at, at + Duration::minutes(2))
                    .await
                    .unwrap();
                abandoned += 1;
            }
        }
        jobs_run += drain(&worker).await;
        w.clock.advance(Duration::minutes(STEP_MINUTES));
    }
    worker.tick().await;
    jobs_run += drain(&worker).await;
    let now = hw.now();

    let tours: Vec<_> = codes::every(&w.state.db, purpose::VISITOR)
        .await
        .unwrap()
        .into_iter()
        .filter(|c| c.created_by == "soak")
        .collect();
    let alerts: HashMap<i64, Vec<String>> = db::hardware::alerts::about_codes(&w.state.db)
        .await
        .unwrap()
        .into_iter()
        .fold(HashMap::new(), |mut by, (code, kind)| {
            by.entry(code).or_default().push(kind);
            by
        });
    let (mut on_time, mut late, mut never, mut backups) = (0, 0, 0, 0);
    for tour in &tours {
        let start = tour.starts_at.unwrap();
        assert!(tour.ends_at.unwrap() < now);
        assert_eq!(
            tour.state, "removed",
            "{tour:?} is still meant for its lock past its end"
        );
        let kinds = alerts.get(&tour.id).cloned().unwrap_or_default();
        match tour.set_on {
            Some(set) if set <= start => on_time += 1,
            other => {
                if other.is_some() {
                    late += 1;
                } else {
                    never += 1;
                }
                assert!(
                    tour.backup_issued_on.is_some(),
                    "{tour:?} missed its start without its backup"
                );
                assert!(
                    kinds.iter().any(|k| k == "backup_in_use"),
                    "{tour:?} missed its start and nobody was told"
                );
            }
        }
        if tour.backup_issued_on.is_some() {
            backups += 1;
        }
        if tour.attempts >= server::hardware::codes::SHOW_FAILED_AFTER && tour.set_on.is_none() {
            assert!(
                kinds
                    .iter()
                    .any(|k| k == "code_failed" || k == "backup_in_use"),
                "{tour:?} failed silently"
            );
        }
    }
    // The locks agree once back online and their removals' retries have come round (a day of
    // the worker's hours): none holds a code past its end. A lock offline all week still holds
    // what it had before, such as the code of the demo's visitor touring as the world was made.
    for lock in &locks {
        sim.set_faults(lock.handle(), Faults::default())
            .await
            .unwrap();
    }
    for _ in 0..24 {
        w.clock.advance(Duration::hours(1));
        worker.tick().await;
        drain(&worker).await;
    }
    for lock in &locks {
        for held in sim.codes(lock.handle()).await.unwrap() {
            assert!(
                held.spec.ends_at.is_none_or(|end| end > now),
                "{} still holds {:?}",
                lock.serial_number,
                held.spec
            );
        }
    }
    let alerts_by_kind = db::hardware::alerts::count_by_kind(&w.state.db)
        .await
        .unwrap();
    println!(
        "soak: {} locks, {} days: {} codes scheduled, {on_time} set by their start, {late} set late, \
         {never} never set (their lock offline all week or refusing), {backups} backups issued; \
         {jobs_run} jobs run, {restarts} worker restarts, {abandoned} jobs or leases abandoned mid-work; \
         alerts by kind: {alerts_by_kind:?}",
        locks.len(),
        DAYS,
        tours.len(),
    );
    assert_eq!(tours.len(), locks.len() * TOUR_HOURS.len() * DAYS as usize);
    assert!(
        on_time > tours.len() / 2,
        "most codes are set in time despite the failures"
    );
    assert!(backups > 0, "the offline lock's codes had backups");
    w.done().await;
}

#[tokio::test]
async fn two_servers_on_one_database_set_each_code_once_and_agree() {
    let w = world().await;
    // A second server: its own router, worker and simulator, the same database.
    let second_hw =
        server::hardware::Hardware::new(w.state.db.clone(), w.clock.clock(), 0, loopback());
    let second_state = AppState {
        hardware: second_hw.clone(),
        ..w.state.clone()
    };
    let second = router(second_state);
    let locks: Vec<Device> = locks_of(&w, 1)
        .await
        .into_iter()
        .filter(|l| l.online)
        .collect();
    let at = w.state.hardware.now();
    let mut wanted = Vec::new();
    for (n, lock) in locks.iter().enumerate() {
        for k in 0..10 {
            let start = at + Duration::minutes(30 + k);
            wanted.push(NewCode {
                builder_id: lock.builder_id,
                device_id: lock.id,
                property_id: lock.property_id,
                purpose: purpose::VISITOR,
                slot: (lock.kind == kind::DOOR_LOCK).then_some(20 + k),
                code: format!("{}", 600_000 + n * 100 + k as usize),
                name: format!("Visit {k}"),
                starts_at: Some(start),
                ends_at: Some(start + Duration::hours(1)),
                customer_id: None,
                created_by: "two servers".into(),
            });
        }
    }
    let ids = codes::change(&w.state.db, &wanted, &[], at).await.unwrap();
    let first_worker = worker_for(&w.state.hardware);
    let second_worker = worker_for(&second_hw);
    let (a, b) = tokio::join!(drain(&first_worker), drain(&second_worker));
    assert!(a > 0 && b > 0, "both servers took work: {a} and {b}");
    // Each code went onto its lock once: one set event per code, one done job per claim.
    let sim = w.state.hardware.simulator();
    let mut sets = 0;
    for lock in &locks {
        let events = sim
            .events(lock.handle(), chrono::DateTime::<chrono::Utc>::MIN_UTC)
            .await
            .unwrap();
        let held: HashSet<String> = sim
            .codes(lock.handle())
            .await
            .unwrap()
            .into_iter()
            .filter(|c| c.spec.name.starts_with("Visit "))
            .map(|c| c.id)
            .collect();
        sets += events
            .iter()
            .filter(|e| matches!(&e.kind, ::devices::EventKind::CodeSet { code_id } if held.contains(code_id)))
            .count();
    }
    assert_eq!(sets, ids.len());
    for id in &ids {
        let code = codes::get(&w.state.db, *id).await.unwrap().unwrap();
        assert_eq!((code.state.as_str(), code.attempts), ("set", 0), "{code:?}");
    }
    assert_eq!(
        db::jobs::count_by_kind(&w.state.db, codes::RECONCILE, "failed")
            .await
            .unwrap(),
        0
    );
    // Both servers answer the same state of a lock.
    let pm = w.sign_in("demo.pm").await;
    let path = "/api/smart-locks/SL0100003";
    let from_first = w.get(&pm, path).await.json();
    let request = Request::builder()
        .uri(path)
        .header(header::AUTHORIZATION, format!("Bearer {pm}"))
        .body(Body::empty())
        .unwrap();
    let response = second.oneshot(request).await.unwrap();
    let from_second: Value =
        serde_json::from_slice(&to_bytes(response.into_body(), usize::MAX).await.unwrap()).unwrap();
    assert_eq!(from_first["scheduledCodes"], from_second["scheduledCodes"]);
    assert!(from_first["scheduledCodes"]
        .as_array()
        .unwrap()
        .iter()
        .any(|c| c["name"] == "Visit 3" && c["state"] == "set"));
    w.done().await;
}
