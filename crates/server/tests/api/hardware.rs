//! Hardware: the device simulator over the database.

use std::time::Duration;

use chrono::Utc;
use devices::sim::{Clock, Faults, SimDevice, SimStore, Simulator};
use devices::{CodeSpec, DeviceError, DeviceKind, EventKind, Provider};
use server::sim_store::DbSimStore;

use super::*;

fn clock() -> Clock {
    std::sync::Arc::new(Utc::now)
}

#[tokio::test]
async fn simulated_devices_live_in_the_database_across_restarts() {
    let w = world().await;
    let first = Simulator::new(DbSimStore::new(w.state.db.clone()), Duration::ZERO, clock());
    first
        .store()
        .put(SimDevice::new(
            "SL-100",
            DeviceKind::SmartLock,
            "Front door",
        ))
        .await
        .unwrap();
    let id = first
        .set_code(
            "SL-100",
            &CodeSpec {
                code: "8642".into(),
                name: "Trade".into(),
                starts_at: None,
                ends_at: None,
            },
        )
        .await
        .unwrap();
    first
        .set_faults(
            "SL-100",
            Faults {
                jam: true,
                ..Faults::default()
            },
        )
        .await
        .unwrap();
    drop(first);
    // Another simulator on the same database (a restart, or a second server) sees it all.
    let second = Simulator::new(DbSimStore::new(w.state.db.clone()), Duration::ZERO, clock());
    let codes = second.codes("SL-100").await.unwrap();
    assert_eq!(codes.len(), 1);
    assert_eq!(codes[0].id, id);
    assert_eq!(second.lock("SL-100").await, Err(DeviceError::Jammed));
    assert!(second.keypad("SL-100", "8642").await.unwrap());
    let events = second
        .events("SL-100", chrono::DateTime::<Utc>::MIN_UTC)
        .await
        .unwrap();
    assert!(events.iter().any(|e| e.kind
        == EventKind::Unlocked {
            code_id: Some(id.clone()),
            code_name: Some("Trade".into())
        }));
    assert_eq!(second.status("nope").await, Err(DeviceError::NotFound));
    w.done().await;
}
