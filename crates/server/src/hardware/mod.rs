//! Hardware at work: commands staff give devices, what devices report back (`watch`), the codes
//! on locks and the jobs that carry them there (`codes`), the routines that keep homes secure
//! (`routines`: relock, end-of-day lockup, sweeps) and the alerts staff hear of (`alerts`).
//! Every device is reached through its provider (`provider`); the simulator is the default.

use std::sync::Arc;

use ::devices::sim::Simulator;
use ::devices::{Clock, DeviceError, Provider};
use chrono::{DateTime, SubsecRound, Utc};
use db::hardware::devices::{self, Device, Reported};
use db::Db;

use crate::sim_store::DbSimStore;

pub mod alerts;
pub mod codes;
pub mod provider;
pub mod routines;
pub mod watch;

pub use provider::AnyProvider;

/// What went wrong with a device operation: the device (its words are shown to staff), or our
/// own records.
#[derive(Debug, thiserror::Error)]
pub enum HardwareError {
    #[error(transparent)]
    Device(#[from] DeviceError),
    #[error("database: {0}")]
    Db(#[from] db::Error),
}

pub type HardwareResult<T> = Result<T, HardwareError>;

#[derive(Clone)]
pub struct Hardware {
    pub db: Db,
    pub clock: Clock,
    sim: Arc<Simulator<DbSimStore>>,
    /// The outgoing client lock providers other than the simulator are reached through.
    pub outbound: crate::outbound::Outbound,
}

/// Who asked for a device action: the hardware history's author.
#[derive(Debug, Clone)]
pub struct Actor {
    pub username: String,
    pub email: Option<String>,
}

impl Actor {
    /// The server's own routines (relock, lockup, sweeps).
    pub fn system(what: &str) -> Actor {
        Actor {
            username: what.to_string(),
            email: None,
        }
    }
}

impl Hardware {
    pub fn new(
        db: Db,
        clock: Clock,
        sim_latency_ms: u64,
        outbound: crate::outbound::Outbound,
    ) -> Hardware {
        let sim = crate::sim_store::simulator(&db, sim_latency_ms, clock.clone());
        Hardware {
            db,
            clock,
            sim: Arc::new(sim),
            outbound,
        }
    }

    /// Now, by the server's clock, to the millisecond as the database keeps times.
    pub fn now(&self) -> DateTime<Utc> {
        (self.clock)().trunc_subsecs(3)
    }

    pub fn simulator(&self) -> &Simulator<DbSimStore> {
        &self.sim
    }

    /// Gives a device reached through the simulator its simulated twin (kept if it exists: a
    /// device registered again finds its state as it was).
    pub async fn simulate(&self, device: &devices::NewDevice) -> HardwareResult<()> {
        use ::devices::sim::{SimDevice, SimStore};
        if device.provider != "sim" {
            return Ok(());
        }
        let kind: ::devices::DeviceKind =
            serde_json::from_value(serde_json::Value::String(device.kind.clone()))
                .map_err(|_| DeviceError::Unsupported)?;
        let store = self.sim.store();
        if store.get(&device.serial_number).await?.is_some() {
            return Ok(());
        }
        let mut twin = SimDevice::new(&device.serial_number, kind, &device.name);
        if kind.takes_codes() {
            let lengths: Vec<usize> = device
                .code_lengths
                .split(',')
                .filter_map(|n| n.trim().parse().ok())
                .collect();
            if !lengths.is_empty() {
                twin.code_lengths = lengths;
            }
            if let Some(capacity) = device.code_capacity {
                twin.code_capacity = capacity.max(0) as usize;
            }
            twin.locked = device.locked.unwrap_or(true);
        }
        if let (Some(level), Some(battery)) = (device.battery, twin.battery.as_mut()) {
            *battery = level;
        }
        store.put(twin).await?;
        Ok(())
    }

    /// The provider a device is reached through: the simulator, or Seam with its builder's key.
    pub async fn provider(&self, device: &Device) -> Result<AnyProvider<'_>, DeviceError> {
        match device.provider.as_str() {
            "sim" => Ok(AnyProvider::Sim(&self.sim)),
            "seam" => {
                let config = db::hardware::providers::get(&self.db, device.builder_id)
                    .await
                    .map_err(|e| DeviceError::Unavailable(e.to_string()))?
                    .filter(|c| c.provider == "seam")
                    .ok_or_else(|| {
                        DeviceError::Unavailable(
                            "no Seam account is configured for this builder".into(),
                        )
                    })?;
                Ok(AnyProvider::Seam(::devices::seam::Seam::new(
                    self.outbound.client().clone(),
                    &config.base_url,
                    &config.api_key,
                )))
            }
            other => Err(DeviceError::Unavailable(format!(
                "no provider '{other}' is configured"
            ))),
        }
    }

    /// Records a device action in the hardware history, under the device's hub type and lock type.
    pub async fn record(&self, device: &Device, action: &str, actor: &Actor) -> db::Result<()> {
        let hub = match device.hub_id {
            Some(hub) => devices::for_job(&self.db, hub).await?,
            None => None,
        };
        let hub_type = hub
            .as_ref()
            .and_then(|h| h.hub_type.clone())
            .or_else(|| device.hub_type.clone());
        let property_id = device
            .property_id
            .or_else(|| hub.as_ref().and_then(|h| h.property_id));
        db::hardware::record(
            &self.db,
            &db::hardware::NewActivity {
                builder_id: device.builder_id,
                hub_type: hub_type.as_deref(),
                lock_type: Some(&device.kind),
                serial_number: &device.serial_number,
                property_id,
                action,
                created_by: &actor.username,
                users_email: actor.email.as_deref(),
                at: Some(self.now()),
            },
        )
        .await
    }

    /// The home a device is at (its own, or its hub's).
    pub async fn home_of(&self, device: &Device) -> db::Result<Option<i64>> {
        if device.property_id.is_some() {
            return Ok(device.property_id);
        }
        Ok(match device.hub_id {
            Some(hub) => devices::for_job(&self.db, hub)
                .await?
                .and_then(|h| h.property_id),
            None => None,
        })
    }

    /// Reads what a device says of itself and keeps it; a device its provider cannot reach is
    /// kept as offline. Answers the device as now recorded.
    pub async fn refresh(&self, device: &Device) -> HardwareResult<Device> {
        let provider = self.provider(device).await?;
        let at = self.now();
        let reported = match provider.status(device.handle()).await {
            Ok(status) => Reported {
                online: status.online,
                battery: status.battery,
                locked: status.locked,
                auto_lock: status.auto_lock,
                // A lock that reports its bolt thrown is not stuck any more.
                jammed: (status.locked == Some(true)).then_some(false),
                light_on: status.light_on,
                level: status.level.map(i64::from),
                temperature: status.temperature,
                heat_set_point: status.heat_set_point,
                cool_set_point: status.cool_set_point,
                code_lengths: (!status.code_lengths.is_empty()).then(|| {
                    status
                        .code_lengths
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(",")
                }),
                code_capacity: status.code_capacity.map(|c| c as i64),
            },
            Err(DeviceError::Offline | DeviceError::Timeout | DeviceError::NotFound) => Reported {
                online: false,
                ..Reported::default()
            },
            Err(other) => return Err(other.into()),
        };
        devices::save_reported(&self.db, device.id, &reported, at).await?;
        if let Some(home) = self.home_of(device).await? {
            self.update_home_status(home).await?;
        }
        Ok(devices::for_job(&self.db, device.id)
            .await?
            .unwrap_or_else(|| device.clone()))
    }

    /// A home's lock status follows its locks' health (`domain::devices`), and each lock's own.
    pub async fn update_home_status(&self, property_id: i64) -> db::Result<()> {
        let locks: Vec<Device> = devices::of_property(&self.db, property_id)
            .await?
            .into_iter()
            .filter(|d| devices::kind::is_lock(&d.kind))
            .collect();
        let mut healths = Vec::with_capacity(locks.len());
        for lock in &locks {
            let health = health(lock);
            if lock.status_id != Some(health.status()) {
                devices::set_status(&self.db, lock.id, Some(health.status())).await?;
            }
            healths.push(health);
        }
        db::properties::set_lock_status(
            &self.db,
            property_id,
            domain::devices::home_status(&healths),
        )
        .await
        .map(|_| ())
    }

    /// Runs a command on a device; on success reads the device again and what it reported, and
    /// records the action under the actor's name. A failed command is recorded too (`... failed`),
    /// so the history shows what was tried.
    pub async fn command(
        &self,
        device: &Device,
        command: &Command,
        actor: &Actor,
    ) -> HardwareResult<Device> {
        let provider = self.provider(device).await?;
        let action = command.action();
        if let Err(error) = command.run(&provider, device.handle()).await {
            self.record(device, &format!("{action} failed"), actor)
                .await?;
            // What the device says now (offline, jammed) is what the console should show.
            if error == DeviceError::Jammed {
                devices::mark_jammed(&self.db, device.id, true).await?;
            }
            if matches!(error, DeviceError::Offline | DeviceError::Jammed) {
                // Best effort: the command's own error is what the caller must hear.
                if let Ok(device) = self.refresh(device).await {
                    let _ = watch::read_events(self, &device).await;
                }
            }
            return Err(error.into());
        }
        self.record(device, action, actor).await?;
        let device = self.refresh(device).await?;
        watch::read_events(self, &device).await?;
        Ok(device)
    }
}

impl Hardware {
    /// A home sold: every visitor and scheduled code comes off its locks, and its alarm units
    /// (hubs of type adc) come off the home, recorded as marked sold.
    pub async fn retire_home(&self, property_id: i64, actor: &Actor) -> HardwareResult<()> {
        codes::clear_visits(self, property_id).await?;
        for device in devices::of_property(&self.db, property_id).await? {
            if device.kind == devices::kind::HUB && device.hub_type.as_deref() == Some("adc") {
                self.record(&device, "mask_as_sold", actor).await?;
                devices::set_property(&self.db, device.id, None).await?;
            }
        }
        Ok(())
    }
}

/// What staff (or a routine) ask a device to do.
#[derive(Debug, Clone)]
pub enum Command {
    Lock,
    Unlock,
    AutoLock(bool),
    Light { on: bool, level: Option<u8> },
    Thermostat(::devices::ThermostatSetting),
    Reboot,
}

impl Command {
    /// The hardware history's word for it.
    pub fn action(&self) -> &'static str {
        match self {
            Command::Lock => "lock",
            Command::Unlock => "unlock",
            Command::AutoLock(_) => "auto_lock",
            Command::Light { .. } => "light",
            Command::Thermostat(_) => "thermostat",
            Command::Reboot => "reboot",
        }
    }

    async fn run(&self, provider: &AnyProvider<'_>, handle: &str) -> ::devices::DeviceResult<()> {
        match self {
            Command::Lock => provider.lock(handle).await,
            Command::Unlock => provider.unlock(handle).await,
            Command::AutoLock(on) => provider.set_auto_lock(handle, *on).await,
            Command::Light { on, level } => provider.set_light(handle, *on, *level).await,
            Command::Thermostat(setting) => provider.set_thermostat(handle, setting).await,
            Command::Reboot => provider.reboot(handle).await,
        }
    }
}

/// A lock's health as last reported.
pub fn health(lock: &Device) -> domain::devices::LockHealth {
    domain::devices::LockHealth {
        online: lock.online,
        jammed: lock.jammed,
        battery: lock.battery,
        locked: lock.locked,
    }
}

impl From<HardwareError> for crate::error::ApiError {
    fn from(error: HardwareError) -> Self {
        match error {
            HardwareError::Device(device) => device.into(),
            HardwareError::Db(db) => db.into(),
        }
    }
}
