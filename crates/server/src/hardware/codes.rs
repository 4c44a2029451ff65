//! Codes carried to their locks. Every change of a code is a row and the jobs that bring its lock
//! in line (`db::hardware::codes::change`); `reconcile` is that job: it compares what the code
//! should be with what the lock holds and does the one thing missing (set it, take it off), at
//! most one job per code at a time (a lease), idempotently (a code the lock already holds is
//! adopted, not set twice). What the lock answers is kept on the code, so staff see a failure and
//! its reason; failures that may pass are tried again with a growing delay until the code's end.
//! A code still not on its lock at its start puts the community's backup code on the lock and
//! alerts staff.

use std::collections::HashSet;

use ::devices::{CodeSpec, DeviceError, Provider};
use chrono::{DateTime, Duration, Utc};
use db::hardware::alerts::{self, NewAlert};
use db::hardware::codes::{self, purpose, CodeRecord, NewCode, Outcome};
use db::hardware::devices::{self, kind, Device};
use db::Scope;
use futures::StreamExt;

use super::{Actor, AnyProvider, Hardware, HardwareResult};

/// How long one job may hold a code (a command's time-out, with room to record its answer).
const LEASE_SECONDS: i64 = 120;
/// A code tried this many times without success shows as failed (and staff are alerted); it is
/// still tried again.
pub const SHOW_FAILED_AFTER: i64 = 3;
/// Codes programmed at once when staff wait on the answer.
const AT_ONCE: usize = 8;

/// What the job should do next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reconciled {
    Done,
    /// Another job holds the code: look again then.
    TryAgainAt(DateTime<Utc>),
}

/// The delay before trying a code again after `attempts` failures: 10 s, doubling, at most 5
/// minutes while a visit waits on it (its start still ahead or its window open), else at most an
/// hour (a lock back online is tried at once anyway: `watch`).
pub fn retry_delay(attempts: i64, urgent: bool) -> Duration {
    let cap = if urgent { 300 } else { 3600 };
    Duration::seconds((10_i64 << attempts.clamp(0, 9)).min(cap))
}

/// Whether a visit waits on the code: it has a window that has not ended.
fn urgent(code: &CodeRecord, at: DateTime<Utc>) -> bool {
    code.starts_at.is_some() && code.ends_at.is_none_or(|e| e > at)
}

/// The code's spec for its lock.
fn spec(code: &CodeRecord) -> CodeSpec {
    CodeSpec {
        code: code.code.clone(),
        name: code.name.clone(),
        starts_at: code.starts_at,
        ends_at: code.ends_at,
    }
}

/// The code as the lock holds it, when it does (a set whose answer was lost).
async fn find_on_lock(
    provider: &AnyProvider<'_>,
    handle: &str,
    code: &CodeRecord,
) -> ::devices::DeviceResult<Option<String>> {
    Ok(provider
        .codes(handle)
        .await?
        .into_iter()
        .find(|c| c.spec.code == code.code && c.spec.name == code.name)
        .map(|c| c.id))
}

/// Brings a code's lock in line with the code.
pub async fn reconcile(hw: &Hardware, id: i64) -> HardwareResult<Reconciled> {
    let at = hw.now();
    let Some(code) = codes::lease(&hw.db, id, at, at + Duration::seconds(LEASE_SECONDS)).await?
    else {
        return Ok(match codes::get(&hw.db, id).await? {
            Some(_) => Reconciled::TryAgainAt(at + Duration::seconds(5)),
            None => Reconciled::Done,
        });
    };
    let Some(device) = devices::for_job(&hw.db, code.device_id).await? else {
        return Ok(Reconciled::Done);
    };
    let outcome = match work(hw, &device, &code, at).await {
        Ok(outcome) => outcome,
        Err(error) => {
            codes::settle(&hw.db, id, &Outcome::Unchanged, at).await?;
            return Err(error);
        }
    };
    let state = codes::settle(&hw.db, id, &outcome, at).await?;
    if let Some(counted) = match &outcome {
        Outcome::Set { .. } => Some("set"),
        Outcome::Removed => Some("removed"),
        Outcome::Retry { .. } => Some("retry"),
        Outcome::Failed { .. } => Some("failed"),
        Outcome::Setting | Outcome::Unchanged => None,
    } {
        crate::metrics::count("tourdesk_code_commands_total", counted);
    }
    let home = match code.property_id {
        Some(home) => Some(home),
        None => hw.home_of(&device).await?,
    };
    // A visitor hears their code once the lock first holds it.
    let newly_set =
        matches!(outcome, Outcome::Set { .. }) && state == "set" && code.set_on.is_none();
    if newly_set && code.purpose == purpose::VISITOR && code.backup_issued_on.is_none() {
        tell_visitor(hw, &code, home, &code.code).await?;
    }
    match &outcome {
        Outcome::Set { .. } if state == "removing" => codes::recheck(&hw.db, id, at).await?,
        Outcome::Retry { error, .. } => {
            let tried = code.attempts + 1;
            codes::recheck(
                &hw.db,
                id,
                at + retry_delay(code.attempts, urgent(&code, at)),
            )
            .await?;
            if tried == SHOW_FAILED_AFTER {
                let (kind, what) = if state == "removing" {
                    (alerts::kind::CODE_NOT_REMOVED, "could not be taken off")
                } else {
                    (alerts::kind::CODE_FAILED, "could not be set on")
                };
                alert_code(hw, &device, &code, home, kind, what, error).await?;
            }
        }
        // Staff hear of a code failing for good once, not at each later look at it.
        Outcome::Failed { error } if code.state != "failed" => {
            alert_code(
                hw,
                &device,
                &code,
                home,
                alerts::kind::CODE_FAILED,
                "could not be set on",
                error,
            )
            .await?
        }
        _ => {}
    }
    // A visit's code not on its lock by its start (never set, or set only after it) has missed
    // it: the backup goes on and staff hear of it, even when this look comes after the window.
    let for_a_visit = code.purpose == purpose::VISITOR || code.purpose == purpose::SCHEDULED;
    let missed = code.starts_at.is_some_and(|start| {
        let set_in_time = code.set_on.is_some_and(|set| set <= start)
            || (matches!(outcome, Outcome::Set { .. }) && at <= start);
        start <= at && !set_in_time
    });
    if for_a_visit && missed && code.backup_issued_on.is_none() {
        let reason = code
            .last_error
            .clone()
            .or(match &outcome {
                Outcome::Retry { error, .. } | Outcome::Failed { error } => Some(error.clone()),
                _ => None,
            })
            .unwrap_or_else(|| "the lock had not taken it yet".into());
        issue_backup(hw, &device, &code, home, &reason).await?;
    }
    Ok(Reconciled::Done)
}

/// The one step a code's lock needs now.
async fn work(
    hw: &Hardware,
    device: &Device,
    code: &CodeRecord,
    at: DateTime<Utc>,
) -> HardwareResult<Outcome> {
    let ended = code.ends_at.is_some_and(|e| e <= at);
    match code.state.as_str() {
        "removed" | "set" if !ended => Ok(Outcome::Unchanged),
        "removed" => Ok(Outcome::Unchanged),
        "removing" => remove(hw, device, code).await,
        // Past its end: off the lock, by a job of its own.
        _ if ended => {
            codes::remove(&hw.db, &[code.id], at).await?;
            Ok(Outcome::Unchanged)
        }
        "scheduled" if code.starts_at.is_some_and(|s| at < s - codes::preload()) => {
            Ok(Outcome::Unchanged)
        }
        _ => set(hw, device, code).await,
    }
}

async fn set(hw: &Hardware, device: &Device, code: &CodeRecord) -> HardwareResult<Outcome> {
    let provider = hw.provider(device).await?;
    let handle = device.handle();
    Ok(match provider.set_code(handle, &spec(code)).await {
        Ok(device_code_id) => Outcome::Set { device_code_id },
        Err(DeviceError::DuplicateCode) => match find_on_lock(&provider, handle, code).await {
            Ok(Some(device_code_id)) => Outcome::Set { device_code_id },
            Ok(None) => Outcome::Failed {
                error: DeviceError::DuplicateCode.to_string(),
            },
            Err(error) => retry(code, &error),
        },
        Err(error) if error.is_transient() => retry(code, &error),
        Err(error) => Outcome::Failed {
            error: error.to_string(),
        },
    })
}

fn retry(code: &CodeRecord, error: &DeviceError) -> Outcome {
    Outcome::Retry {
        error: error.to_string(),
        show_failed: code.attempts + 1 >= SHOW_FAILED_AFTER,
    }
}

async fn remove(hw: &Hardware, device: &Device, code: &CodeRecord) -> HardwareResult<Outcome> {
    let provider = hw.provider(device).await?;
    let handle = device.handle();
    let target = match &code.device_code_id {
        Some(id) => Some(id.clone()),
        None => match find_on_lock(&provider, handle, code).await {
            Ok(found) => found,
            Err(DeviceError::NotFound) => None,
            Err(error) => return Ok(removal_retry(&error)),
        },
    };
    let Some(target) = target else {
        return Ok(Outcome::Removed);
    };
    Ok(match provider.remove_code(handle, &target).await {
        Ok(()) | Err(DeviceError::NotFound) => Outcome::Removed,
        Err(error) => removal_retry(&error),
    })
}

/// A removal is tried until it succeeds: a code left on a lock is a door left open.
fn removal_retry(error: &DeviceError) -> Outcome {
    Outcome::Retry {
        error: error.to_string(),
        show_failed: false,
    }
}

async fn alert_code(
    hw: &Hardware,
    device: &Device,
    code: &CodeRecord,
    home: Option<i64>,
    kind: &'static str,
    what: &str,
    error: &str,
) -> HardwareResult<()> {
    let lock = super::alerts::describe(hw, device, home).await?;
    let message = format!("The code \"{}\" {what} {lock}: {error}.", code.name);
    alert_about(hw, device, code, home, kind, message).await
}

/// Alerts the staff of the code's home about it.
async fn alert_about(
    hw: &Hardware,
    device: &Device,
    code: &CodeRecord,
    home: Option<i64>,
    kind: &'static str,
    message: String,
) -> HardwareResult<()> {
    super::alerts::send(
        hw,
        &NewAlert {
            builder_id: code.builder_id,
            property_id: home,
            device_id: Some(device.id),
            code_id: Some(code.id),
            kind,
            message,
        },
    )
    .await
}

/// The community's backup code for a lock: a hub lock takes the hub backup code when the
/// community has one, else the community's backup code.
pub async fn backup_code_for(
    hw: &Hardware,
    device: &Device,
    home: i64,
) -> db::Result<Option<(String, String)>> {
    let Some(property) = db::properties::get(&hw.db, &Scope::All, home).await? else {
        return Ok(None);
    };
    let community = db::communities::get(&hw.db, &Scope::All, property.fields.community_id).await?;
    Ok(community.map(|c| {
        let f = c.fields;
        let code = if device.kind == kind::DOOR_LOCK && !f.hub_backup_code.is_empty() {
            f.hub_backup_code
        } else {
            f.community_backup_code
        };
        (code, f.name)
    }))
}

/// A visit's code missed its start: the community's backup code goes on the lock (once) and the
/// community's staff are told, once per code.
async fn issue_backup(
    hw: &Hardware,
    device: &Device,
    code: &CodeRecord,
    home: Option<i64>,
    reason: &str,
) -> HardwareResult<()> {
    let at = hw.now();
    if !codes::mark_backup_issued(&hw.db, code.id, at).await? {
        return Ok(());
    }
    let lock = super::alerts::describe(hw, device, home).await?;
    let backup = match home {
        Some(home) => backup_code_for(hw, device, home).await?,
        None => None,
    };
    let message = match &backup {
        Some((backup, _)) if !backup.is_empty() => {
            let on_lock = codes::live_on(&hw.db, &[device.id])
                .await?
                .into_iter()
                .any(|c| c.code == *backup && c.state != "removing");
            if !on_lock {
                let ids = codes::change(
                    &hw.db,
                    &[NewCode {
                        builder_id: device.builder_id,
                        device_id: device.id,
                        property_id: home,
                        purpose: purpose::BACKUP,
                        slot: (device.kind == kind::DOOR_LOCK)
                            .then(|| codes::reserved_slot(purpose::BACKUP))
                            .flatten(),
                        code: backup.clone(),
                        name: "Backup".into(),
                        starts_at: None,
                        ends_at: None,
                        customer_id: None,
                        created_by: "Backup code".into(),
                    }],
                    &[],
                    at,
                )
                .await?;
                program_now(hw, &ids).await;
            }
            format!(
                "The code \"{}\" was not on {lock} by its start ({reason}). The community's backup code is in use.",
                code.name
            )
        }
        Some((_, community)) => format!(
            "The code \"{}\" was not on {lock} by its start ({reason}), and {community} has no backup code: set one on its Automations tab.",
            code.name
        ),
        None => format!(
            "The code \"{}\" was not on {lock} by its start ({reason}).",
            code.name
        ),
    };
    if let (Some((backup, _)), true) = (&backup, code.purpose == purpose::VISITOR) {
        if !backup.is_empty() {
            tell_visitor(hw, code, home, backup).await?;
        }
    }
    alert_about(hw, device, code, home, alerts::kind::BACKUP_IN_USE, message).await
}

/// Texts a visitor the code that opens their home (theirs once the lock holds it, or the
/// community's backup when theirs missed its start), with the time it works until.
async fn tell_visitor(
    hw: &Hardware,
    code: &CodeRecord,
    home: Option<i64>,
    digits: &str,
) -> db::Result<()> {
    let (Some(customer_id), Some(home)) = (code.customer_id, home) else {
        return Ok(());
    };
    let Some(visitor) = db::visitors::visitor(&hw.db, customer_id).await? else {
        return Ok(());
    };
    let Some(property) = db::properties::get(&hw.db, &Scope::All, home).await? else {
        return Ok(());
    };
    let Some(phone) = visitor.cell_phone_1.filter(|p| !p.is_empty()) else {
        return Ok(());
    };
    let zone = property.fields.timezone;
    let until = code
        .ends_at
        .map(|end| {
            let (_, abbr) = domain::catalog::timezone_names(zone);
            format!(
                " It works until {} {}.",
                domain::zones::to_local(zone, end).format("%-I:%M %p"),
                abbr.unwrap_or_default()
            )
        })
        .unwrap_or_default();
    let text = format!(
        "Your door code for {} is {digits}.{until} Lock the door when you leave.",
        property.fields.address_1
    );
    db::messages::queue_sms(
        &hw.db,
        &phone,
        &domain::messaging::fit_text(&text),
        hw.now(),
    )
    .await?;
    Ok(())
}

/// Reconciles codes right away, several at once, when staff wait on the answer (their jobs stay
/// queued and find nothing left to do, or retry what failed).
pub async fn program_now(hw: &Hardware, ids: &[i64]) {
    futures::stream::iter(ids.iter().copied())
        .map(|id| async move {
            if let Err(error) = reconcile(hw, id).await {
                tracing::warn!(code = id, %error, "code programming failed; its job retries");
            }
        })
        .buffer_unordered(AT_ONCE)
        .collect::<Vec<()>>()
        .await;
}

/// The master, trade, sales and (rentals) resident codes of a home, as Sync Codes Now pushes them.
#[derive(Debug, Clone, Default)]
pub struct AutomationCodes {
    pub master: String,
    pub trade: String,
    pub sales: String,
    pub resident: String,
}

impl AutomationCodes {
    fn by_purpose(&self) -> [(&'static str, &'static str, &str); 4] {
        [
            (purpose::MASTER, "Master", &self.master),
            (purpose::TRADE, "Trade", &self.trade),
            (purpose::SALES, "Sales", &self.sales),
            (purpose::RESIDENT, "Resident", &self.resident),
        ]
    }
}

/// What Sync Codes Now did to one lock.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
pub struct LockSync {
    pub device_id: i64,
    pub serial_number: String,
    pub name: String,
    pub property_id: i64,
    /// Whether every code is on the lock.
    pub updated: bool,
    /// The lock's error when it is not.
    pub error: Option<String>,
}

/// Pushes a home's automation codes to each of its locks: codes that changed replace the old
/// ones, codes emptied are taken off, and the locks are programmed while the caller waits.
pub async fn sync_home(
    hw: &Hardware,
    property_id: i64,
    wanted: &AutomationCodes,
    actor: &Actor,
) -> HardwareResult<Vec<LockSync>> {
    let at = hw.now();
    let locks: Vec<Device> = devices::of_property(&hw.db, property_id)
        .await?
        .into_iter()
        .filter(|d| kind::is_lock(&d.kind))
        .collect();
    let lock_ids: Vec<i64> = locks.iter().map(|l| l.id).collect();
    let live = codes::live_on(&hw.db, &lock_ids).await?;
    let mut add = Vec::new();
    let mut replacing = Vec::new();
    for lock in &locks {
        for (purpose, name, value) in wanted.by_purpose() {
            let current: Vec<&CodeRecord> = live
                .iter()
                .filter(|c| c.device_id == lock.id && c.purpose == purpose && c.state != "removing")
                .collect();
            let kept = current
                .iter()
                .any(|c| c.code == value && c.state != "failed");
            if kept {
                continue;
            }
            replacing.extend(current.iter().map(|c| c.id));
            if !value.is_empty() {
                add.push(NewCode {
                    builder_id: lock.builder_id,
                    device_id: lock.id,
                    property_id: Some(property_id),
                    purpose,
                    slot: (lock.kind == kind::DOOR_LOCK)
                        .then(|| codes::reserved_slot(purpose))
                        .flatten(),
                    code: value.to_string(),
                    name: name.into(),
                    starts_at: None,
                    ends_at: None,
                    customer_id: None,
                    created_by: actor.username.clone(),
                });
            }
        }
    }
    let added = codes::change(&hw.db, &add, &replacing, at).await?;
    let mut work: Vec<i64> = replacing.clone();
    work.extend(&added);
    program_now(hw, &work).await;
    let after = codes::live_on(&hw.db, &lock_ids).await?;
    let touched: HashSet<i64> = add.iter().map(|c| c.device_id).collect();
    let mut report = Vec::with_capacity(locks.len());
    for lock in &locks {
        let problem = after.iter().find(|c| {
            c.device_id == lock.id
                && codes::purpose::AUTOMATION.contains(&c.purpose.as_str())
                && c.state != "set"
        });
        if touched.contains(&lock.id) {
            hw.record(lock, "codes", actor).await?;
        }
        // A lock known to be offline cannot say it holds its codes, whatever it held before.
        let error = match problem {
            Some(c) => Some(
                c.last_error
                    .clone()
                    .unwrap_or_else(|| format!("the code \"{}\" is {}", c.name, c.state)),
            ),
            None if !lock.online => Some(DeviceError::Offline.to_string()),
            None => None,
        };
        report.push(LockSync {
            device_id: lock.id,
            serial_number: lock.serial_number.clone(),
            name: lock.name.clone(),
            property_id,
            updated: error.is_none(),
            error,
        });
    }
    Ok(report)
}

/// The sentence Sync Codes Now answers: "12 of 13 devices updated; 1 failed: Front door
/// (IGK0100012): The device is offline".
pub fn sync_summary(results: &[LockSync]) -> String {
    let updated = results.iter().filter(|r| r.updated).count();
    if results.is_empty() {
        return "No devices to update".into();
    }
    let failed: Vec<String> = results
        .iter()
        .filter(|r| !r.updated)
        .map(|r| {
            let name = if r.name.is_empty() { "Lock" } else { &r.name };
            format!(
                "{name} ({}): {}",
                r.serial_number,
                r.error.as_deref().unwrap_or("not updated")
            )
        })
        .collect();
    let mut text = format!("{updated} of {} devices updated", results.len());
    if !failed.is_empty() {
        text.push_str(&format!("; {} failed: {}", failed.len(), failed.join("; ")));
    }
    text
}

/// Takes every visitor and scheduled code off a home's locks (a home sold).
pub async fn clear_visits(hw: &Hardware, property_id: i64) -> HardwareResult<usize> {
    let lock_ids: Vec<i64> = devices::of_property(&hw.db, property_id)
        .await?
        .into_iter()
        .filter(|d| kind::is_lock(&d.kind))
        .map(|d| d.id)
        .collect();
    let going: Vec<i64> = codes::live_on(&hw.db, &lock_ids)
        .await?
        .into_iter()
        .filter(|c| {
            (c.purpose == purpose::VISITOR || c.purpose == purpose::SCHEDULED)
                && c.state != "removing"
        })
        .map(|c| c.id)
        .collect();
    codes::remove(&hw.db, &going, hw.now()).await?;
    program_now(hw, &going).await;
    Ok(going.len())
}
