//! The device layer: what a lock, hub or thermostat provider can be asked, the answers and
//! events it gives, and the errors a device can have. Providers: the simulator (`sim`), the
//! default and the demo's; Seam's HTTP API comes next behind the same trait.

use std::fmt;
use std::future::Future;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

pub mod seam;
pub mod sim;

/// What a device is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeviceKind {
    /// A hub: the bridge its door locks, lights, thermostats and sensors are reached through.
    Hub,
    /// A hub's door lock (spec: `door_lock`).
    DoorLock,
    /// A Wi-Fi smart lock of its own.
    SmartLock,
    DimmableLight,
    Thermostat,
    MotionSensor,
    WifiThermostat,
}

impl DeviceKind {
    pub fn takes_codes(self) -> bool {
        matches!(self, DeviceKind::DoorLock | DeviceKind::SmartLock)
    }
}

/// Why a command did not happen. The text is what staff read beside the code or the device.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum DeviceError {
    #[error("The device is offline")]
    Offline,
    #[error("The device did not answer in time")]
    Timeout,
    #[error("No such device")]
    NotFound,
    #[error("The lock is jammed")]
    Jammed,
    #[error("The lock already holds this code")]
    DuplicateCode,
    #[error("The lock has no free code slot ({used} of {capacity} used)")]
    NoCapacity { used: usize, capacity: usize },
    #[error("The lock takes codes of {0} digits")]
    UnsupportedLength(String),
    #[error("This device does not do that")]
    Unsupported,
    #[error("The device refused: {0}")]
    Refused(String),
    /// The provider refused the request itself (a value it does not take): trying again will
    /// not help.
    #[error("The lock provider refused: {0}")]
    Invalid(String),
    /// The provider's own records could not be read or written (the simulator's database).
    #[error("The device's record is unavailable: {0}")]
    Unavailable(String),
}

impl DeviceError {
    /// Whether trying again later may succeed (a job retries these; the others need a person).
    pub fn is_transient(&self) -> bool {
        matches!(
            self,
            DeviceError::Offline
                | DeviceError::Timeout
                | DeviceError::Refused(_)
                | DeviceError::Unavailable(_)
        )
    }

    /// The error with `code` masked in a provider's own words (which may echo the code back):
    /// the error is stored on the code, shown to staff and logged, and codes are secrets.
    pub fn hiding(self, code: &str) -> DeviceError {
        let mask = |text: String| {
            if code.is_empty() {
                text
            } else {
                text.replace(code, "****")
            }
        };
        match self {
            DeviceError::Refused(text) => DeviceError::Refused(mask(text)),
            DeviceError::Invalid(text) => DeviceError::Invalid(mask(text)),
            DeviceError::Unavailable(text) => DeviceError::Unavailable(mask(text)),
            DeviceError::UnsupportedLength(text) => DeviceError::UnsupportedLength(mask(text)),
            other => other,
        }
    }
}

pub type DeviceResult<T> = Result<T, DeviceError>;

/// The time devices and the jobs driving them read (the server's clock, so tests can run a
/// simulated week in seconds).
pub type Clock = std::sync::Arc<dyn Fn() -> DateTime<Utc> + Send + Sync>;

/// The wall clock.
pub fn wall_clock() -> Clock {
    std::sync::Arc::new(Utc::now)
}

/// A code to put on a lock: permanent, or between two instants. Codes are secrets: they never
/// appear in debug output (and so never in logs).
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CodeSpec {
    pub code: String,
    pub name: String,
    pub starts_at: Option<DateTime<Utc>>,
    pub ends_at: Option<DateTime<Utc>>,
}

impl fmt::Debug for CodeSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CodeSpec")
            .field("code", &"****")
            .field("name", &self.name)
            .field("starts_at", &self.starts_at)
            .field("ends_at", &self.ends_at)
            .finish()
    }
}

impl CodeSpec {
    /// Whether the code opens the lock at `at`.
    pub fn open_at(&self, at: DateTime<Utc>) -> bool {
        self.starts_at.is_none_or(|s| s <= at) && self.ends_at.is_none_or(|e| at < e)
    }
}

/// A code as the lock holds it, under the id the lock gave it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeviceCode {
    pub id: String,
    pub spec: CodeSpec,
}

/// What a device says of itself.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DeviceStatus {
    pub serial: String,
    pub kind: DeviceKind,
    pub name: String,
    pub online: bool,
    /// 0.0 to 1.0; None for mains-powered devices.
    pub battery: Option<f64>,
    /// Locks: whether the bolt is thrown.
    pub locked: Option<bool>,
    pub auto_lock: Option<bool>,
    /// Lights: on, and the level (0-100).
    pub light_on: Option<bool>,
    pub level: Option<u8>,
    /// Thermostats: the temperature read and the set points (°F).
    pub temperature: Option<f64>,
    pub heat_set_point: Option<f64>,
    pub cool_set_point: Option<f64>,
    /// Locks: the code lengths taken, and how many codes fit.
    pub code_lengths: Vec<usize>,
    pub code_capacity: Option<usize>,
    pub codes_used: usize,
}

/// Something a device reports.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum EventKind {
    Locked,
    /// Unlocked: by a code typed on the keypad (its id and name), or by a command.
    Unlocked {
        code_id: Option<String>,
        code_name: Option<String>,
    },
    /// A code typed on the keypad that opened nothing; `code_id` names the lock's code when it
    /// knew the digits but refused them outside the code's time (a real lock's "access denied").
    WrongCode {
        #[serde(default)]
        code_id: Option<String>,
    },
    Jammed,
    BatteryLow {
        level: f64,
    },
    WentOffline,
    CameOnline,
    CodeSet {
        code_id: String,
    },
    CodeRemoved {
        code_id: String,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DeviceEvent {
    pub at: DateTime<Utc>,
    pub serial: String,
    #[serde(flatten)]
    pub kind: EventKind,
}

/// Thermostat modes and set points.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ThermostatSetting {
    pub heat_set_point: Option<f64>,
    pub cool_set_point: Option<f64>,
}

/// What every provider can be asked. A command answers once the device has done it (or said
/// why not); a slow or offline device answers with its error, never by hanging. Reading a
/// device's status, codes and events is the provider's record, answered while the device is away
/// (`online` then says so).
pub trait Provider: Send + Sync {
    fn status(&self, serial: &str) -> impl Future<Output = DeviceResult<DeviceStatus>> + Send;
    fn lock(&self, serial: &str) -> impl Future<Output = DeviceResult<()>> + Send;
    fn unlock(&self, serial: &str) -> impl Future<Output = DeviceResult<()>> + Send;
    fn set_auto_lock(
        &self,
        serial: &str,
        on: bool,
    ) -> impl Future<Output = DeviceResult<()>> + Send;
    fn codes(&self, serial: &str) -> impl Future<Output = DeviceResult<Vec<DeviceCode>>> + Send;
    /// Puts a code on a lock; answers the id the lock keeps it under.
    fn set_code(
        &self,
        serial: &str,
        code: &CodeSpec,
    ) -> impl Future<Output = DeviceResult<String>> + Send;
    /// Takes a code off; a code already gone is no error (removal is idempotent).
    fn remove_code(
        &self,
        serial: &str,
        code_id: &str,
    ) -> impl Future<Output = DeviceResult<()>> + Send;
    fn set_light(
        &self,
        serial: &str,
        on: bool,
        level: Option<u8>,
    ) -> impl Future<Output = DeviceResult<()>> + Send;
    fn set_thermostat(
        &self,
        serial: &str,
        setting: &ThermostatSetting,
    ) -> impl Future<Output = DeviceResult<()>> + Send;
    /// Restarts a hub (its devices are offline until it is back).
    fn reboot(&self, serial: &str) -> impl Future<Output = DeviceResult<()>> + Send;
    /// Events of a device after an instant, oldest first.
    fn events(
        &self,
        serial: &str,
        after: DateTime<Utc>,
    ) -> impl Future<Output = DeviceResult<Vec<DeviceEvent>>> + Send;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_never_show_in_debug_output() {
        let spec = CodeSpec {
            code: "246813".into(),
            name: "Visitor".into(),
            starts_at: None,
            ends_at: None,
        };
        let shown = format!(
            "{:?}",
            DeviceCode {
                id: "c1".into(),
                spec
            }
        );
        assert!(!shown.contains("246813"), "{shown}");
        assert!(shown.contains("Visitor"));
    }

    #[test]
    fn a_provider_echoing_a_code_in_its_error_has_it_masked() {
        let echoed = DeviceError::Invalid("code 482915 is not allowed on this lock".into());
        let shown = echoed.hiding("482915").to_string();
        assert_eq!(
            shown,
            "The lock provider refused: code **** is not allowed on this lock"
        );
        assert_eq!(DeviceError::Offline.hiding("482915"), DeviceError::Offline);
    }

    #[test]
    fn transient_errors_are_retried_and_the_others_are_not() {
        assert!(DeviceError::Offline.is_transient());
        assert!(DeviceError::Timeout.is_transient());
        assert!(!DeviceError::DuplicateCode.is_transient());
        assert!(!DeviceError::NoCapacity {
            used: 8,
            capacity: 8
        }
        .is_transient());
        assert_eq!(
            DeviceError::NoCapacity {
                used: 8,
                capacity: 8
            }
            .to_string(),
            "The lock has no free code slot (8 of 8 used)"
        );
    }
}
