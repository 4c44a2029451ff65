//! The `tourdesk` server: configuration, the HTTP API, auth, exports, background jobs and the
//! demo world.

// The property detail is one large `json!` object.
#![recursion_limit = "256"]

pub mod app;
pub mod auth;
pub mod config;
pub mod demo;
pub mod error;
pub mod exports;
pub mod extract;
pub mod feeds;
pub mod files;
pub mod geocode;
pub mod hardware;
pub mod http;
pub mod input;
pub mod metrics;
pub mod notify;
pub mod outbound;
mod pdf;
mod photos;
pub mod sim_store;
mod spa;
pub mod state;
pub mod tours;
pub mod webhooks;
pub mod worker;
