//! The simulator's devices kept in the database (`db::sim`), so simulated hardware survives a
//! restart and every server of one database drives the same devices.

use std::time::Duration;

use db::Db;
use devices::sim::{SimDevice, SimStore, Simulator};
use devices::{DeviceError, DeviceResult};

/// The simulator over the database, each command taking `latency_ms`, reading `clock`.
pub fn simulator(db: &Db, latency_ms: u64, clock: devices::Clock) -> Simulator<DbSimStore> {
    Simulator::new(
        DbSimStore::new(db.clone()),
        Duration::from_millis(latency_ms),
        clock,
    )
}

/// A device as the simulator holds it, with its codes masked: codes are secrets even to the
/// simulator's own controls.
pub async fn masked_device(store: &DbSimStore, serial: &str) -> DeviceResult<SimDevice> {
    let mut device = store.get(serial).await?.ok_or(DeviceError::NotFound)?;
    for code in &mut device.codes {
        code.spec.code = "*".repeat(code.spec.code.len());
    }
    Ok(device)
}

#[derive(Clone)]
pub struct DbSimStore {
    db: Db,
}

impl DbSimStore {
    pub fn new(db: Db) -> DbSimStore {
        DbSimStore { db }
    }
}

fn unavailable(error: impl std::fmt::Display) -> DeviceError {
    DeviceError::Unavailable(error.to_string())
}

impl SimStore for DbSimStore {
    async fn get(&self, serial: &str) -> DeviceResult<Option<SimDevice>> {
        match db::sim::get(&self.db, serial).await.map_err(unavailable)? {
            None => Ok(None),
            Some(text) => serde_json::from_str(&text).map(Some).map_err(unavailable),
        }
    }

    async fn put(&self, device: SimDevice) -> DeviceResult<()> {
        let text = serde_json::to_string(&device).map_err(unavailable)?;
        db::sim::put(&self.db, &device.serial, &text)
            .await
            .map_err(unavailable)
    }

    async fn update<T: Send>(
        &self,
        serial: &str,
        change: impl FnOnce(&mut SimDevice) -> T + Send,
    ) -> DeviceResult<Option<T>> {
        let answer = db::sim::update(&self.db, serial, |text| {
            let mut device: SimDevice = match serde_json::from_str(text) {
                Ok(device) => device,
                Err(error) => return (None, Err(unavailable(error))),
            };
            let answer = change(&mut device);
            match serde_json::to_string(&device) {
                Ok(changed) => (Some(changed), Ok(answer)),
                Err(error) => (None, Err(unavailable(error))),
            }
        })
        .await
        .map_err(unavailable)?;
        answer.transpose()
    }
}
