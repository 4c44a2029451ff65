//! The state every request handler and job shares. It depends on nothing that handles requests,
//! so the handlers' modules and the router that gathers them both build on it.

use std::sync::Arc;

use db::Db;

use crate::auth::TokenKeys;
use crate::config::Settings;

#[derive(Clone)]
pub struct AppState {
    pub db: Db,
    pub tokens: TokenKeys,
    pub settings: Arc<Settings>,
    pub files: crate::files::FileStore,
    pub geocoder: crate::geocode::Geocoder,
    /// Devices, their codes and the routines around them, on the server's clock.
    pub hardware: crate::hardware::Hardware,
}
