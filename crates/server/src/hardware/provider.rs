//! The provider a device is reached through: the simulator (the default) or Seam. One enum, so
//! callers drive any device the same way whatever reaches it.

use ::devices::sim::Simulator;
use ::devices::{
    CodeSpec, DeviceCode, DeviceError, DeviceEvent, DeviceResult, DeviceStatus, Provider,
    ThermostatSetting,
};
use chrono::{DateTime, Utc};

use crate::sim_store::DbSimStore;

/// How long a command may take before it counts as not answered (a device that does not answer
/// is an error the console shows, never a hung request).
pub const COMMAND_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(20);

pub enum AnyProvider<'a> {
    Sim(&'a Simulator<DbSimStore>),
    Seam(::devices::seam::Seam),
}

async fn bounded<T>(work: impl std::future::Future<Output = DeviceResult<T>>) -> DeviceResult<T> {
    tokio::time::timeout(COMMAND_TIMEOUT, work)
        .await
        .unwrap_or(Err(DeviceError::Timeout))
}

macro_rules! dispatch {
    ($self:ident, $p:ident => $call:expr) => {
        match $self {
            AnyProvider::Sim($p) => bounded($call).await,
            AnyProvider::Seam($p) => bounded($call).await,
        }
    };
}

impl Provider for AnyProvider<'_> {
    async fn status(&self, serial: &str) -> DeviceResult<DeviceStatus> {
        dispatch!(self, p => p.status(serial))
    }
    async fn lock(&self, serial: &str) -> DeviceResult<()> {
        dispatch!(self, p => p.lock(serial))
    }
    async fn unlock(&self, serial: &str) -> DeviceResult<()> {
        dispatch!(self, p => p.unlock(serial))
    }
    async fn set_auto_lock(&self, serial: &str, on: bool) -> DeviceResult<()> {
        dispatch!(self, p => p.set_auto_lock(serial, on))
    }
    async fn codes(&self, serial: &str) -> DeviceResult<Vec<DeviceCode>> {
        dispatch!(self, p => p.codes(serial))
    }
    async fn set_code(&self, serial: &str, code: &CodeSpec) -> DeviceResult<String> {
        dispatch!(self, p => p.set_code(serial, code))
    }
    async fn remove_code(&self, serial: &str, code_id: &str) -> DeviceResult<()> {
        dispatch!(self, p => p.remove_code(serial, code_id))
    }
    async fn set_light(&self, serial: &str, on: bool, level: Option<u8>) -> DeviceResult<()> {
        dispatch!(self, p => p.set_light(serial, on, level))
    }
    async fn set_thermostat(&self, serial: &str, setting: &ThermostatSetting) -> DeviceResult<()> {
        dispatch!(self, p => p.set_thermostat(serial, setting))
    }
    async fn reboot(&self, serial: &str) -> DeviceResult<()> {
        dispatch!(self, p => p.reboot(serial))
    }
    async fn events(&self, serial: &str, after: DateTime<Utc>) -> DeviceResult<Vec<DeviceEvent>> {
        dispatch!(self, p => p.events(serial, after))
    }
}
