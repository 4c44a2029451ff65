//! The simulator's devices kept in the database (`db::sim`), so simulated hardware survives a
//! restart and every server of one database drives the same devices.

use db::Db;
use devices::sim::{SimDevice, SimStore};
use devices::{DeviceError, DeviceResult};

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
