//! The simulator: virtual locks, lights and thermostats that take commands with a latency, can
//! be told to fail, and report events as real ones do. Its state lives in a `SimStore` (the
//! server keeps it in the database, so it survives restarts); `MemoryStore` serves tests.

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::{
    CodeSpec, DeviceCode, DeviceError, DeviceEvent, DeviceKind, DeviceResult, DeviceStatus,
    EventKind, Provider, ThermostatSetting,
};

/// A battery below this reports BatteryLow.
pub const LOW_BATTERY: f64 = 0.2;
/// Events kept per device (older ones are dropped; the server copies them out as they come).
const EVENTS_KEPT: usize = 500;

/// What a simulated device can be told to get wrong.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Faults {
    pub offline: bool,
    pub fail_set_code: bool,
    pub fail_remove_code: bool,
    /// The bolt sticks: locking fails and reports a jam.
    pub jam: bool,
    /// Battery taken by each command (0.0 to 1.0).
    pub drain_per_command: f64,
    /// The share of commands (0.0 to 1.0) that time out, as a flaky radio makes them; which
    /// ones is decided by the device's command count, so a run can be repeated.
    #[serde(default)]
    pub fail_rate: f64,
}

/// One simulated device and everything it holds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SimDevice {
    pub serial: String,
    pub kind: DeviceKind,
    pub name: String,
    pub online: bool,
    pub battery: Option<f64>,
    pub locked: bool,
    pub auto_lock: bool,
    pub light_on: bool,
    pub level: u8,
    pub temperature: f64,
    pub heat_set_point: f64,
    pub cool_set_point: f64,
    pub code_lengths: Vec<usize>,
    pub code_capacity: usize,
    pub codes: Vec<DeviceCode>,
    pub next_code_id: u64,
    pub faults: Faults,
    pub events: Vec<DeviceEvent>,
    /// Commands taken so far (what `Faults::fail_rate` draws from).
    #[serde(default)]
    pub commands: u64,
}

impl SimDevice {
    /// A device of `kind` as it comes out of the box: online, full battery, locked.
    pub fn new(serial: &str, kind: DeviceKind, name: &str) -> SimDevice {
        let battery_powered = matches!(
            kind,
            DeviceKind::DoorLock | DeviceKind::SmartLock | DeviceKind::MotionSensor
        );
        SimDevice {
            serial: serial.into(),
            kind,
            name: name.into(),
            online: true,
            battery: battery_powered.then_some(1.0),
            locked: true,
            auto_lock: false,
            light_on: false,
            level: 100,
            temperature: 70.0,
            heat_set_point: 68.0,
            cool_set_point: 76.0,
            code_lengths: if kind.takes_codes() {
                vec![4, 5, 6]
            } else {
                Vec::new()
            },
            code_capacity: if kind.takes_codes() { 30 } else { 0 },
            codes: Vec::new(),
            next_code_id: 1,
            faults: Faults::default(),
            events: Vec::new(),
            commands: 0,
        }
    }

    /// Whether this command is one of the share `fail_rate` that time out.
    fn flaky(&mut self) -> bool {
        use std::hash::{Hash, Hasher};
        self.commands += 1;
        if self.faults.fail_rate <= 0.0 {
            return false;
        }
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        (&self.serial, self.commands).hash(&mut hasher);
        (hasher.finish() % 10_000) as f64 / 10_000.0 < self.faults.fail_rate
    }

    fn emit(&mut self, at: DateTime<Utc>, kind: EventKind) {
        self.events.push(DeviceEvent {
            at,
            serial: self.serial.clone(),
            kind,
        });
        if self.events.len() > EVENTS_KEPT {
            let extra = self.events.len() - EVENTS_KEPT;
            self.events.drain(..extra);
        }
    }

    /// Takes one command's battery; reports when it falls below the low mark.
    fn drain(&mut self, at: DateTime<Utc>) {
        let drain = self.faults.drain_per_command;
        if let Some(level) = self.battery.as_mut().filter(|_| drain > 0.0) {
            let before = *level;
            *level = (*level - drain).max(0.0);
            let after = *level;
            if before >= LOW_BATTERY && after < LOW_BATTERY {
                self.emit(at, EventKind::BatteryLow { level: after });
            }
        }
    }

    fn status(&self) -> DeviceStatus {
        let lock = self.kind.takes_codes();
        let online = self.online && !self.faults.offline;
        let light = self.kind == DeviceKind::DimmableLight;
        let thermostat = matches!(
            self.kind,
            DeviceKind::Thermostat | DeviceKind::WifiThermostat
        );
        DeviceStatus {
            serial: self.serial.clone(),
            kind: self.kind,
            name: self.name.clone(),
            online,
            battery: self.battery,
            locked: lock.then_some(self.locked),
            auto_lock: lock.then_some(self.auto_lock),
            light_on: light.then_some(self.light_on),
            level: light.then_some(self.level),
            temperature: thermostat.then_some(self.temperature),
            heat_set_point: thermostat.then_some(self.heat_set_point),
            cool_set_point: thermostat.then_some(self.cool_set_point),
            code_lengths: self.code_lengths.clone(),
            code_capacity: lock.then_some(self.code_capacity),
            codes_used: self.codes.len(),
        }
    }
}

/// Where simulated devices are kept. `update` runs a change on one device atomically (no other
/// change of that device runs between its read and its write); Ok(None) is no such device.
pub trait SimStore: Send + Sync {
    fn get(&self, serial: &str) -> impl Future<Output = DeviceResult<Option<SimDevice>>> + Send;
    fn put(&self, device: SimDevice) -> impl Future<Output = DeviceResult<()>> + Send;
    fn update<T: Send>(
        &self,
        serial: &str,
        change: impl FnOnce(&mut SimDevice) -> T + Send,
    ) -> impl Future<Output = DeviceResult<Option<T>>> + Send;
}

/// Devices in memory, for tests and short-lived demos.
#[derive(Clone, Default)]
pub struct MemoryStore {
    devices: Arc<Mutex<HashMap<String, SimDevice>>>,
}

impl MemoryStore {
    fn devices(&self) -> DeviceResult<std::sync::MutexGuard<'_, HashMap<String, SimDevice>>> {
        self.devices
            .lock()
            .map_err(|_| DeviceError::Unavailable("the simulator's memory is poisoned".into()))
    }
}

impl SimStore for MemoryStore {
    async fn get(&self, serial: &str) -> DeviceResult<Option<SimDevice>> {
        Ok(self.devices()?.get(serial).cloned())
    }

    async fn put(&self, device: SimDevice) -> DeviceResult<()> {
        self.devices()?.insert(device.serial.clone(), device);
        Ok(())
    }

    async fn update<T: Send>(
        &self,
        serial: &str,
        change: impl FnOnce(&mut SimDevice) -> T + Send,
    ) -> DeviceResult<Option<T>> {
        Ok(self.devices()?.get_mut(serial).map(change))
    }
}

pub use crate::Clock;

pub struct Simulator<S> {
    store: S,
    latency: Duration,
    clock: Clock,
}

impl<S: SimStore> Simulator<S> {
    pub fn new(store: S, latency: Duration, clock: Clock) -> Simulator<S> {
        Simulator {
            store,
            latency,
            clock,
        }
    }

    pub fn store(&self) -> &S {
        &self.store
    }

    /// Runs a command on a device after the latency: refused while it is offline, and taking
    /// its battery when it runs.
    async fn command<T: Send>(
        &self,
        serial: &str,
        run: impl FnOnce(&mut SimDevice, DateTime<Utc>) -> DeviceResult<T> + Send,
    ) -> DeviceResult<T> {
        if !self.latency.is_zero() {
            tokio::time::sleep(self.latency).await;
        }
        let now = (self.clock)();
        self.store
            .update(serial, |device| {
                if device.faults.offline || !device.online {
                    return Err(DeviceError::Offline);
                }
                if device.flaky() {
                    return Err(DeviceError::Timeout);
                }
                device.drain(now);
                run(device, now)
            })
            .await?
            .unwrap_or(Err(DeviceError::NotFound))
    }

    /// Reads what the provider's cloud knows of a device: no latency, and answered while the
    /// device is offline.
    async fn record<T>(
        &self,
        serial: &str,
        read: impl FnOnce(&SimDevice) -> DeviceResult<T>,
    ) -> DeviceResult<T> {
        self.store
            .get(serial)
            .await?
            .as_ref()
            .map(read)
            .unwrap_or(Err(DeviceError::NotFound))
    }

    fn lock_only(device: &SimDevice) -> DeviceResult<()> {
        if device.kind.takes_codes() {
            Ok(())
        } else {
            Err(DeviceError::Unsupported)
        }
    }

    /// A code typed on a lock's keypad: a code open at this moment unlocks it, as a real lock
    /// does, with the event naming the code; another is a wrong-code event, naming the code
    /// when the lock holds those digits for another time.
    pub async fn keypad(&self, serial: &str, typed: &str) -> DeviceResult<bool> {
        self.command(serial, |device, now| {
            Self::lock_only(device)?;
            let opened = device
                .codes
                .iter()
                .find(|c| c.spec.code == typed && c.spec.open_at(now))
                .map(|c| (c.id.clone(), c.spec.name.clone()));
            match opened {
                Some((id, name)) => {
                    device.locked = false;
                    device.emit(
                        now,
                        EventKind::Unlocked {
                            code_id: Some(id),
                            code_name: Some(name),
                        },
                    );
                    Ok(true)
                }
                None => {
                    let code_id = device
                        .codes
                        .iter()
                        .find(|c| c.spec.code == typed)
                        .map(|c| c.id.clone());
                    device.emit(now, EventKind::WrongCode { code_id });
                    Ok(false)
                }
            }
        })
        .await
    }

    /// Tells a device what to get wrong from now on; going offline or back is reported.
    pub async fn set_faults(&self, serial: &str, faults: Faults) -> DeviceResult<()> {
        let now = (self.clock)();
        self.store
            .update(serial, |device| {
                if faults.offline != device.faults.offline {
                    let kind = if faults.offline {
                        EventKind::WentOffline
                    } else {
                        EventKind::CameOnline
                    };
                    device.emit(now, kind);
                }
                device.faults = faults;
            })
            .await?
            .ok_or(DeviceError::NotFound)
    }

    /// Sets a battery's level (a drained or a fresh battery), reporting a low one.
    pub async fn set_battery(&self, serial: &str, level: f64) -> DeviceResult<()> {
        let now = (self.clock)();
        self.store
            .update(serial, |device| match device.battery.as_mut() {
                None => Err(DeviceError::Unsupported),
                Some(battery) => {
                    let before = *battery;
                    *battery = level.clamp(0.0, 1.0);
                    if before >= LOW_BATTERY && *battery < LOW_BATTERY {
                        let level = *battery;
                        device.emit(now, EventKind::BatteryLow { level });
                    }
                    Ok(())
                }
            })
            .await?
            .unwrap_or(Err(DeviceError::NotFound))
    }
}

impl<S: SimStore> Provider for Simulator<S> {
    async fn status(&self, serial: &str) -> DeviceResult<DeviceStatus> {
        self.record(serial, |device| Ok(device.status())).await
    }

    async fn lock(&self, serial: &str) -> DeviceResult<()> {
        self.command(serial, |device, now| {
            Self::lock_only(device)?;
            if device.faults.jam {
                device.emit(now, EventKind::Jammed);
                return Err(DeviceError::Jammed);
            }
            device.locked = true;
            device.emit(now, EventKind::Locked);
            Ok(())
        })
        .await
    }

    async fn unlock(&self, serial: &str) -> DeviceResult<()> {
        self.command(serial, |device, now| {
            Self::lock_only(device)?;
            device.locked = false;
            device.emit(
                now,
                EventKind::Unlocked {
                    code_id: None,
                    code_name: None,
                },
            );
            Ok(())
        })
        .await
    }

    async fn set_auto_lock(&self, serial: &str, on: bool) -> DeviceResult<()> {
        self.command(serial, |device, _| {
            Self::lock_only(device)?;
            device.auto_lock = on;
            Ok(())
        })
        .await
    }

    async fn codes(&self, serial: &str) -> DeviceResult<Vec<DeviceCode>> {
        self.record(serial, |device| {
            Self::lock_only(device)?;
            Ok(device.codes.clone())
        })
        .await
    }

    async fn set_code(&self, serial: &str, code: &CodeSpec) -> DeviceResult<String> {
        let code = code.clone();
        self.command(serial, move |device, now| {
            Self::lock_only(device)?;
            if !device.code_lengths.contains(&code.code.len()) {
                let lengths: Vec<String> = device
                    .code_lengths
                    .iter()
                    .map(ToString::to_string)
                    .collect();
                return Err(DeviceError::UnsupportedLength(lengths.join(", ")));
            }
            if device.codes.iter().any(|c| c.spec.code == code.code) {
                return Err(DeviceError::DuplicateCode);
            }
            if device.codes.len() >= device.code_capacity {
                return Err(DeviceError::NoCapacity {
                    used: device.codes.len(),
                    capacity: device.code_capacity,
                });
            }
            if device.faults.fail_set_code {
                return Err(DeviceError::Refused(
                    "the lock did not take the code".into(),
                ));
            }
            let id = format!("{}-{}", device.serial, device.next_code_id);
            device.next_code_id += 1;
            device.codes.push(DeviceCode {
                id: id.clone(),
                spec: code,
            });
            device.emit(
                now,
                EventKind::CodeSet {
                    code_id: id.clone(),
                },
            );
            Ok(id)
        })
        .await
    }

    async fn remove_code(&self, serial: &str, code_id: &str) -> DeviceResult<()> {
        self.command(serial, |device, now| {
            Self::lock_only(device)?;
            if device.faults.fail_remove_code {
                return Err(DeviceError::Refused(
                    "the lock did not drop the code".into(),
                ));
            }
            let before = device.codes.len();
            device.codes.retain(|c| c.id != code_id);
            if device.codes.len() < before {
                device.emit(
                    now,
                    EventKind::CodeRemoved {
                        code_id: code_id.to_string(),
                    },
                );
            }
            Ok(())
        })
        .await
    }

    async fn set_light(&self, serial: &str, on: bool, level: Option<u8>) -> DeviceResult<()> {
        self.command(serial, |device, _| {
            if device.kind != DeviceKind::DimmableLight {
                return Err(DeviceError::Unsupported);
            }
            device.light_on = on;
            if let Some(level) = level {
                device.level = level.min(100);
            }
            Ok(())
        })
        .await
    }

    async fn set_thermostat(&self, serial: &str, setting: &ThermostatSetting) -> DeviceResult<()> {
        let setting = setting.clone();
        self.command(serial, move |device, _| {
            if !matches!(
                device.kind,
                DeviceKind::Thermostat | DeviceKind::WifiThermostat
            ) {
                return Err(DeviceError::Unsupported);
            }
            let heat = setting.heat_set_point.unwrap_or(device.heat_set_point);
            let cool = setting.cool_set_point.unwrap_or(device.cool_set_point);
            if heat >= cool {
                return Err(DeviceError::Refused(
                    "the heat set point must stay below the cool set point".into(),
                ));
            }
            device.heat_set_point = heat;
            device.cool_set_point = cool;
            Ok(())
        })
        .await
    }

    async fn reboot(&self, serial: &str) -> DeviceResult<()> {
        self.command(serial, |device, now| {
            device.emit(now, EventKind::WentOffline);
            device.emit(now, EventKind::CameOnline);
            Ok(())
        })
        .await
    }

    async fn events(&self, serial: &str, after: DateTime<Utc>) -> DeviceResult<Vec<DeviceEvent>> {
        self.record(serial, |device| {
            Ok(device
                .events
                .iter()
                .filter(|e| e.at > after)
                .cloned()
                .collect())
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{Duration as Span, TimeZone};
    use std::sync::atomic::{AtomicI64, Ordering};

    /// A simulator over memory with a clock the test moves (minutes after noon).
    fn simulator() -> (Simulator<MemoryStore>, Arc<AtomicI64>) {
        let minutes = Arc::new(AtomicI64::new(0));
        let read = minutes.clone();
        let clock: Clock = Arc::new(move || {
            Utc.with_ymd_and_hms(2026, 11, 24, 12, 0, 0).unwrap()
                + Span::minutes(read.load(Ordering::SeqCst))
        });
        (
            Simulator::new(MemoryStore::default(), Duration::ZERO, clock),
            minutes,
        )
    }

    fn spec(code: &str, name: &str) -> CodeSpec {
        CodeSpec {
            code: code.into(),
            name: name.into(),
            starts_at: None,
            ends_at: None,
        }
    }

    async fn with_lock(sim: &Simulator<MemoryStore>, serial: &str) {
        sim.store()
            .put(SimDevice::new(serial, DeviceKind::SmartLock, "Front door"))
            .await
            .unwrap();
    }

    fn kinds(events: &[DeviceEvent]) -> Vec<EventKind> {
        events.iter().map(|e| e.kind.clone()).collect()
    }

    #[tokio::test]
    async fn locks_lock_unlock_and_report_it() {
        let (sim, _) = simulator();
        with_lock(&sim, "L1").await;
        sim.unlock("L1").await.unwrap();
        assert_eq!(sim.status("L1").await.unwrap().locked, Some(false));
        sim.lock("L1").await.unwrap();
        assert_eq!(sim.status("L1").await.unwrap().locked, Some(true));
        let events = sim.events("L1", DateTime::<Utc>::MIN_UTC).await.unwrap();
        assert_eq!(
            kinds(&events),
            [
                EventKind::Unlocked {
                    code_id: None,
                    code_name: None
                },
                EventKind::Locked
            ]
        );
        assert_eq!(sim.lock("nope").await, Err(DeviceError::NotFound));
    }

    #[tokio::test]
    async fn codes_are_set_checked_against_the_lock_and_removed_idempotently() {
        let (sim, _) = simulator();
        with_lock(&sim, "L1").await;
        let id = sim.set_code("L1", &spec("2468", "Trade")).await.unwrap();
        assert_eq!(sim.codes("L1").await.unwrap().len(), 1);
        assert_eq!(
            sim.set_code("L1", &spec("2468", "Again")).await,
            Err(DeviceError::DuplicateCode)
        );
        assert_eq!(
            sim.set_code("L1", &spec("123", "Short")).await,
            Err(DeviceError::UnsupportedLength("4, 5, 6".into()))
        );
        sim.store()
            .update("L1", |d| d.code_capacity = 1)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            sim.set_code("L1", &spec("1357", "Full")).await,
            Err(DeviceError::NoCapacity {
                used: 1,
                capacity: 1
            })
        );
        sim.remove_code("L1", &id).await.unwrap();
        sim.remove_code("L1", &id).await.unwrap();
        assert!(sim.codes("L1").await.unwrap().is_empty());
    }

    #[tokio::test]
    async fn a_keypad_entry_opens_only_within_the_codes_window() {
        let (sim, minutes) = simulator();
        with_lock(&sim, "L1").await;
        let start = (sim.clock)() + Span::minutes(10);
        let code = CodeSpec {
            code: "5555".into(),
            name: "Visitor Ann".into(),
            starts_at: Some(start),
            ends_at: Some(start + Span::minutes(60)),
        };
        let id = sim.set_code("L1", &code).await.unwrap();
        assert!(!sim.keypad("L1", "5555").await.unwrap(), "before its start");
        minutes.store(15, Ordering::SeqCst);
        assert!(sim.keypad("L1", "5555").await.unwrap());
        assert_eq!(sim.status("L1").await.unwrap().locked, Some(false));
        minutes.store(71, Ordering::SeqCst);
        assert!(!sim.keypad("L1", "5555").await.unwrap(), "after its end");
        let events = sim.events("L1", DateTime::<Utc>::MIN_UTC).await.unwrap();
        assert!(kinds(&events).contains(&EventKind::Unlocked {
            code_id: Some(id.clone()),
            code_name: Some("Visitor Ann".into())
        }));
        assert_eq!(
            kinds(&events)
                .iter()
                .filter(|k| **k
                    == EventKind::WrongCode {
                        code_id: Some(id.clone())
                    })
                .count(),
            2
        );
    }

    #[tokio::test]
    async fn faults_make_commands_fail_as_a_real_device_would() {
        let (sim, _) = simulator();
        with_lock(&sim, "L1").await;
        sim.set_faults(
            "L1",
            Faults {
                offline: true,
                ..Faults::default()
            },
        )
        .await
        .unwrap();
        assert_eq!(sim.unlock("L1").await, Err(DeviceError::Offline));
        // Events stay readable from the cloud while the lock is away.
        let events = sim.events("L1", DateTime::<Utc>::MIN_UTC).await.unwrap();
        assert_eq!(kinds(&events), [EventKind::WentOffline]);
        sim.set_faults(
            "L1",
            Faults {
                fail_set_code: true,
                jam: true,
                ..Faults::default()
            },
        )
        .await
        .unwrap();
        assert!(matches!(
            sim.set_code("L1", &spec("2468", "x")).await,
            Err(DeviceError::Refused(_))
        ));
        assert_eq!(sim.lock("L1").await, Err(DeviceError::Jammed));
        let events = sim.events("L1", DateTime::<Utc>::MIN_UTC).await.unwrap();
        assert_eq!(
            kinds(&events)[1..],
            [EventKind::CameOnline, EventKind::Jammed]
        );
    }

    #[tokio::test]
    async fn a_draining_battery_reports_low_once() {
        let (sim, _) = simulator();
        with_lock(&sim, "L1").await;
        sim.set_battery("L1", 0.25).await.unwrap();
        sim.set_faults(
            "L1",
            Faults {
                drain_per_command: 0.03,
                ..Faults::default()
            },
        )
        .await
        .unwrap();
        for _ in 0..4 {
            sim.unlock("L1").await.unwrap();
        }
        let status = sim.status("L1").await.unwrap();
        assert!(status.battery.unwrap() < LOW_BATTERY);
        let events = sim.events("L1", DateTime::<Utc>::MIN_UTC).await.unwrap();
        let low = kinds(&events)
            .into_iter()
            .filter(|k| matches!(k, EventKind::BatteryLow { .. }))
            .count();
        assert_eq!(low, 1);
    }

    #[tokio::test]
    async fn lights_and_thermostats_take_their_own_commands() {
        let (sim, _) = simulator();
        sim.store()
            .put(SimDevice::new("D1", DeviceKind::DimmableLight, "Porch"))
            .await
            .unwrap();
        sim.store()
            .put(SimDevice::new("T1", DeviceKind::Thermostat, "Hall"))
            .await
            .unwrap();
        sim.set_light("D1", true, Some(140)).await.unwrap();
        let light = sim.status("D1").await.unwrap();
        assert_eq!((light.light_on, light.level), (Some(true), Some(100)));
        assert_eq!(sim.lock("D1").await, Err(DeviceError::Unsupported));
        let setting = ThermostatSetting {
            heat_set_point: Some(66.0),
            cool_set_point: Some(78.0),
        };
        sim.set_thermostat("T1", &setting).await.unwrap();
        assert_eq!(sim.status("T1").await.unwrap().cool_set_point, Some(78.0));
        let crossed = ThermostatSetting {
            heat_set_point: Some(80.0),
            cool_set_point: None,
        };
        assert!(matches!(
            sim.set_thermostat("T1", &crossed).await,
            Err(DeviceError::Refused(_))
        ));
    }

    #[tokio::test]
    async fn commands_take_the_configured_latency() {
        let (fast, _) = simulator();
        let slow = Simulator::new(
            fast.store().clone(),
            Duration::from_millis(50),
            fast.clock.clone(),
        );
        with_lock(&slow, "L1").await;
        let started = std::time::Instant::now();
        slow.unlock("L1").await.unwrap();
        assert!(started.elapsed() >= Duration::from_millis(50));
    }
}
