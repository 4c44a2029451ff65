//! The routines that keep homes secure, run as jobs: locks are looked at in turns (`WATCH`), codes
//! past their end are taken off (`SWEEP`), a door left unlocked is locked after the relock interval
//! (`RELOCK`), and every lock of a home is locked at its end-of-day lockup (`LOCKUP`). Recurring
//! ones are asked for with a key per time slot, so however many servers tick, each runs once.

use ::devices::Provider;
use chrono::{DateTime, Duration, Utc};
use db::hardware::alerts::{self, NewAlert};
use db::hardware::codes;
use db::hardware::devices::{self, kind, Device};
use db::Scope;
use futures::StreamExt;

use super::{Actor, Command, Hardware, HardwareResult};

pub const WATCH: &str = "devices.watch";
pub const SWEEP: &str = "codes.sweep";
pub const LOCKUP_CHECK: &str = "lockup.check";
pub const RELOCK: &str = "lock.relock";
pub const LOCKUP: &str = "lock.lockup";

/// Seconds between two turns of looking at locks, and how many locks a turn looks at.
pub const WATCH_EVERY_SECONDS: i64 = 10;
const WATCH_BATCH: i64 = 100;
/// Locks looked at together.
const WATCH_AT_ONCE: usize = 8;
/// Codes past their end moved to removing by one sweep.
const SWEEP_BATCH: i64 = 500;

/// Asks for the recurring routines due at `at` (once per slot, whoever asks).
pub async fn tick(hw: &Hardware, at: DateTime<Utc>) -> db::Result<()> {
    let seconds = at.timestamp();
    let slot = seconds / WATCH_EVERY_SECONDS;
    db::jobs::enqueue(&hw.db, WATCH, "", at, Some(format!("watch:{slot}"))).await?;
    let minute = seconds / 60;
    db::jobs::enqueue(&hw.db, SWEEP, "", at, Some(format!("sweep:{minute}"))).await?;
    db::jobs::enqueue(
        &hw.db,
        LOCKUP_CHECK,
        "",
        at,
        Some(format!("lockup-check:{minute}")),
    )
    .await?;
    Ok(())
}

/// A turn of looking at the locks looked at longest ago.
pub async fn watch(hw: &Hardware) -> HardwareResult<usize> {
    let locks = devices::locks_to_watch(&hw.db, WATCH_BATCH).await?;
    let count = locks.len();
    futures::stream::iter(locks)
        .map(|lock| async move {
            if let Err(error) = super::watch::visit(hw, &lock).await {
                tracing::warn!(serial = %lock.serial_number, %error, "could not look at a lock");
            }
        })
        .buffer_unordered(WATCH_AT_ONCE)
        .collect::<Vec<()>>()
        .await;
    Ok(count)
}

/// Codes past their end go to removing, with the jobs that take them off.
pub async fn sweep(hw: &Hardware) -> HardwareResult<usize> {
    Ok(codes::expire(&hw.db, hw.now(), SWEEP_BATCH).await?)
}

/// Takes off a lock any code whose window has ended, and any code we took off that it still
/// holds: the lock's own list is the truth, whatever our records say.
pub async fn sweep_lock(hw: &Hardware, device: &Device) -> HardwareResult<()> {
    if !kind::is_lock(&device.kind) || !device.online {
        return Ok(());
    }
    let provider = hw.provider(device).await?;
    let at = hw.now();
    let on_lock = match provider.codes(device.handle()).await {
        Ok(codes) => codes,
        Err(_) => return Ok(()),
    };
    if on_lock.is_empty() {
        return Ok(());
    }
    let ours = codes::live_on(&hw.db, &[device.id]).await?;
    let kept: std::collections::HashSet<&str> = ours
        .iter()
        .filter(|c| c.state != "removing")
        .filter_map(|c| c.device_code_id.as_deref())
        .collect();
    let removed = devices::codes_by_device_ids(&hw.db, device.id).await?;
    for code in on_lock {
        let ended = code.spec.ends_at.is_some_and(|e| e <= at);
        let dropped =
            !kept.contains(code.id.as_str()) && removed.iter().any(|(_, id, _, _)| *id == code.id);
        if ended || dropped {
            match provider.remove_code(device.handle(), &code.id).await {
                Ok(()) => tracing::info!(serial = %device.serial_number, name = %code.spec.name,
                    "took a code past its end off a lock"),
                Err(error) => tracing::warn!(serial = %device.serial_number, %error,
                    "could not take a code past its end off a lock"),
            }
        }
    }
    Ok(())
}

/// After an unlock at a home whose access settings are on, the door is locked again after the
/// relock interval (the staff lock interval during its staff hours).
pub async fn schedule_relock(
    hw: &Hardware,
    device: &Device,
    property_id: i64,
    unlocked_at: DateTime<Utc>,
) -> db::Result<()> {
    let Some(home) = db::properties::get(&hw.db, &Scope::All, property_id).await? else {
        return Ok(());
    };
    let f = &home.fields;
    if !f.access_settings {
        return Ok(());
    }
    let staff_week: Option<Vec<domain::hours::StaffDay>> = f
        .staff_hours
        .as_deref()
        .and_then(|t| serde_json::from_str(t).ok());
    let local = domain::zones::to_local(f.timezone, unlocked_at);
    let Some(minutes) = domain::devices::relock_after(
        f.relock_interval,
        f.staff_lock_interval,
        staff_week.as_deref(),
        local,
    ) else {
        return Ok(());
    };
    let stamp = unlocked_at.timestamp_millis();
    db::jobs::enqueue(
        &hw.db,
        RELOCK,
        &format!("{}:{stamp}", device.id),
        unlocked_at + Duration::minutes(minutes),
        Some(format!("relock:{}:{stamp}", device.id)),
    )
    .await
    .map(|_| ())
}

/// Locks a door still unlocked since the unlock that asked for this (a later unlock has its own).
pub async fn relock(hw: &Hardware, payload: &str) -> HardwareResult<()> {
    let Some((id, stamp)) = payload
        .split_once(':')
        .and_then(|(id, stamp)| Some((id.parse::<i64>().ok()?, stamp.parse::<i64>().ok()?)))
    else {
        return Ok(());
    };
    let Some(device) = devices::for_job(&hw.db, id).await? else {
        return Ok(());
    };
    if device
        .last_unlocked_on
        .is_some_and(|last| last.timestamp_millis() > stamp)
    {
        return Ok(());
    }
    let device = hw.refresh(&device).await?;
    if device.locked == Some(true) {
        return Ok(());
    }
    secure(hw, &device, "Relock", "relock").await
}

/// Locks a lock for a routine; a lock that does not lock raises an alert.
async fn secure(hw: &Hardware, device: &Device, who: &str, why: &str) -> HardwareResult<()> {
    let result = hw
        .command(device, &Command::Lock, &Actor::system(who))
        .await;
    if let Err(error) = result {
        let home = hw.home_of(device).await?;
        let what = super::alerts::describe(hw, device, home).await?;
        super::alerts::send(
            hw,
            &NewAlert {
                builder_id: device.builder_id,
                property_id: home,
                device_id: Some(device.id),
                code_id: None,
                kind: alerts::kind::NOT_LOCKED,
                message: format!("{what} did not lock at its {why}: {error}."),
            },
        )
        .await?;
    }
    Ok(())
}

/// Asks for the lockup of every home whose end-of-day lockup is due now, once per home per day.
pub async fn lockup_check(hw: &Hardware) -> HardwareResult<usize> {
    let at = hw.now();
    let mut asked = 0;
    for home in devices::homes_with_lockup(&hw.db).await? {
        let local = domain::zones::to_local(home.timezone, at);
        if domain::devices::lockup_due(&home.end_of_day_lockup, local)
            && db::jobs::enqueue(
                &hw.db,
                LOCKUP,
                &home.property_id.to_string(),
                at,
                Some(format!("lockup:{}:{}", home.property_id, local.date())),
            )
            .await?
        {
            asked += 1;
        }
    }
    Ok(asked)
}

/// Locks every lock of a home for the night.
pub async fn lockup(hw: &Hardware, payload: &str) -> HardwareResult<()> {
    let Ok(property_id) = payload.parse::<i64>() else {
        return Ok(());
    };
    for lock in devices::of_property(&hw.db, property_id)
        .await?
        .into_iter()
        .filter(|d| kind::is_lock(&d.kind))
    {
        secure(hw, &lock, "End Of Day Lockup", "end-of-day lockup").await?;
    }
    Ok(())
}
