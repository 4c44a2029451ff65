//! What devices report: each lock's events are read after a cursor and kept (the access
//! history), and acted on: an unlock starts the relock interval, a jam, a low battery or a lost
//! connection raises an alert. Several servers may read the same lock; the cursor moves in the
//! same transaction as the events are kept, so each event is kept, and acted on, once.

use ::devices::{EventKind, Provider};
use chrono::{DateTime, Utc};
use db::hardware::alerts::{self, NewAlert};
use db::hardware::devices::{self, Device};
use db::hardware::events::{self, action, NewLockEvent};

use super::{routines, Hardware, HardwareResult};

/// Reads a lock's new events, keeps them and acts on them; answers how many were kept.
pub async fn read_events(hw: &Hardware, device: &Device) -> HardwareResult<usize> {
    if !devices::kind::is_lock(&device.kind) {
        return Ok(0);
    }
    let provider = hw.provider(device).await?;
    let after = device.events_cursor.unwrap_or(DateTime::<Utc>::MIN_UTC);
    let reported = provider.events(device.handle(), after).await?;
    let Some(last) = reported.iter().map(|e| e.at).max() else {
        return Ok(0);
    };
    let property_id = hw.home_of(device).await?;
    let codes = devices::codes_by_device_ids(&hw.db, device.id).await?;
    let code_of = |id: &Option<String>| {
        id.as_ref().and_then(|id| {
            codes
                .iter()
                .find(|(_, device_code, _, _)| device_code == id)
        })
    };
    let mut kept = Vec::new();
    for event in &reported {
        let (action, msg, code_id, code_name, customer_id) = match &event.kind {
            EventKind::Locked => (action::LOCK, "Locked".to_string(), None, None, None),
            EventKind::Unlocked { code_id, code_name } => match (code_of(code_id), code_name) {
                (Some((id, _, name, customer)), _) => (
                    action::UNLOCK,
                    format!("Unlocked with code {name}"),
                    Some(*id),
                    Some(name.clone()),
                    *customer,
                ),
                (None, Some(name)) => (
                    action::UNLOCK,
                    format!("Unlocked with code {name}"),
                    None,
                    Some(name.clone()),
                    None,
                ),
                (None, None) => (action::UNLOCK, "Unlocked remotely".into(), None, None, None),
            },
            EventKind::WrongCode { code_id } => match code_of(code_id) {
                Some((id, _, name, customer)) => (
                    action::WRONG_CODE,
                    format!("Code {name} refused outside its time"),
                    Some(*id),
                    Some(name.clone()),
                    *customer,
                ),
                None => (
                    action::WRONG_CODE,
                    "Wrong code entered".into(),
                    None,
                    None,
                    None,
                ),
            },
            EventKind::Jammed => (action::JAM, "The lock jammed".into(), None, None, None),
            _ => continue,
        };
        kept.push(NewLockEvent {
            builder_id: device.builder_id,
            device_id: device.id,
            property_id,
            occurred_on: event.at,
            action,
            msg,
            code_id,
            code_name,
            customer_id,
        });
    }
    if !events::keep(&hw.db, device.id, device.events_cursor, last, &kept).await? {
        return Ok(0);
    }
    for event in &reported {
        act_on(hw, device, property_id, &event.kind, event.at).await?;
    }
    // What a visitor's code did: opened the door, or was refused outside its time; and a lock
    // ends the tours under way through it.
    for event in &kept {
        match (event.action, event.code_id) {
            (action::UNLOCK, Some(code_id)) => {
                crate::tours::door_opened(hw, code_id, event.occurred_on).await?
            }
            (action::WRONG_CODE, Some(code_id)) => {
                crate::tours::entry_refused(hw, code_id, event.occurred_on).await?
            }
            (action::LOCK, _) => {
                crate::tours::door_locked(hw, device.id, event.occurred_on).await?
            }
            _ => {}
        }
    }
    Ok(kept.len())
}

async fn act_on(
    hw: &Hardware,
    device: &Device,
    property_id: Option<i64>,
    kind: &EventKind,
    at: DateTime<Utc>,
) -> HardwareResult<()> {
    let (alert_kind, message): (&'static str, fn(&str, &EventKind) -> String) = match kind {
        EventKind::Unlocked { .. } => {
            devices::set_last_unlocked(&hw.db, device.id, at).await?;
            if let Some(home) = property_id {
                routines::schedule_relock(hw, device, home, at).await?;
            }
            return Ok(());
        }
        EventKind::Locked => return Ok(devices::mark_jammed(&hw.db, device.id, false).await?),
        EventKind::CameOnline => {
            // What waited on the lock is tried now, not at its next retry.
            for code in db::hardware::codes::live_on(&hw.db, &[device.id]).await? {
                if matches!(code.state.as_str(), "setting" | "failed" | "removing") {
                    db::hardware::codes::recheck(&hw.db, code.id, at).await?;
                }
            }
            return Ok(());
        }
        EventKind::Jammed => {
            devices::mark_jammed(&hw.db, device.id, true).await?;
            (alerts::kind::JAM, |what, _| {
                format!("{what} is jammed: its bolt did not move.")
            })
        }
        EventKind::BatteryLow { .. } => (alerts::kind::BATTERY_LOW, |what, kind| {
            let level = match kind {
                EventKind::BatteryLow { level } => *level,
                _ => 0.0,
            };
            format!(
                "{what} has a low battery ({:.0}% left). Change it soon.",
                level * 100.0
            )
        }),
        EventKind::WentOffline => (alerts::kind::OFFLINE, |what, _| {
            format!("{what} went offline: codes and commands cannot reach it.")
        }),
        _ => return Ok(()),
    };
    let what = super::alerts::describe(hw, device, property_id).await?;
    super::alerts::send(
        hw,
        &NewAlert {
            builder_id: device.builder_id,
            property_id,
            device_id: Some(device.id),
            code_id: None,
            kind: alert_kind,
            message: message(&what, kind),
        },
    )
    .await
}

/// One look at a lock: what it says of itself, its new events, and codes past their end still
/// on it (`routines::sweep_lock`).
pub async fn visit(hw: &Hardware, device: &Device) -> HardwareResult<()> {
    let device = hw.refresh(device).await?;
    read_events(hw, &device).await?;
    routines::sweep_lock(hw, &device).await
}
