//! Pure business rules of Tourdesk: catalog values, roles, validation rules and their messages.
//! No I/O lives here; every rule has unit tests beside it.

pub mod billing;
pub mod branding;
pub mod catalog;
pub mod codes;
pub mod community;
pub mod devices;
pub mod feeds;
pub mod hours;
pub mod insights;
pub mod lists;
pub mod messaging;
pub mod property;
pub mod reports;
pub mod roles;
pub mod share;
pub mod surveys;
pub mod validation;
pub mod webhooks;
pub mod zones;
