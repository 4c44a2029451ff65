//! Training videos (spec 3: Training, Sales Training). The catalogue is fixed; where the videos
//! and thumbnails live is configuration (`training_media_url`), since a deployment may have no
//! internet: without it the addresses are null and the console shows each topic's written guide.
//! Who presents the sales videos is configuration too (`training_trainer`), never invented.

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use utoipa::ToSchema;

use crate::auth::Caller;
use crate::config::Trainer;
use crate::error::ApiResult;
use crate::state::AppState;

pub fn routes() -> Router<AppState> {
    Router::new().route("/training", get(training))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Video {
    pub slug: &'static str,
    pub title: &'static str,
    pub description: &'static str,
    /// Minutes and seconds, e.g. 4:12.
    pub duration: &'static str,
    /// The date the video was published (yyyy-MM-dd).
    pub date: &'static str,
    pub category: &'static str,
    /// The configured presenter of the sales videos.
    pub creator: Option<Trainer>,
    /// Where the video plays, or null when no media address is configured.
    pub video_url: Option<String>,
    pub thumbnail_url: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Training {
    pub general: Vec<Video>,
    pub sales: Vec<Video>,
}

type Entry = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
);

/// (slug, title, description, duration, date) of the ten general videos, in the spec's order.
const GENERAL: [Entry; 10] = [
    ("creating-staff", "Creating staff", "Add sales staff, program managers and trade contractors, and choose who gets visit alerts.", "3:40", "2025-01-15"),
    ("creating-teams", "Creating teams", "Group staff into teams and assign whole teams to communities and homes.", "2:55", "2025-01-15"),
    ("creating-communities", "Creating communities", "Set up a community with its tour hours, staff and access codes.", "4:20", "2025-02-03"),
    ("master-codes", "Master codes", "How community and property master, trade and sales codes work on the locks.", "3:10", "2025-02-03"),
    ("creating-properties", "Creating properties", "Walk through the property wizard from address to automations.", "5:05", "2025-02-20"),
    ("editing-survey-questions", "Editing survey questions", "Change the pre-tour and post-tour questions visitors answer.", "2:30", "2025-03-11"),
    ("pre-registering-visitors", "Pre-registering visitors", "Share a self-tour link so a visitor is verified before they arrive.", "3:25", "2025-03-11"),
    ("self-tour-landing-page", "Finding the self-tour landing page", "Where each home's public tour page lives and how to link to it.", "1:50", "2025-04-02"),
    ("tour-hours-option", "The new tour hours option", "Set custom tour hours and second windows per day, or keep the defaults.", "3:00", "2025-05-19"),
    ("global-url-and-syncing", "Finding the global URL, manually syncing properties and activating communities", "Your builder-wide tour link, syncing listings from a feed, and switching communities on.", "4:45", "2025-06-09"),
];

/// The three sales-training videos.
const SALES: [Entry; 3] = [
    ("speed-to-lead", "Speed to lead after a self-tour", "Why the first five minutes after a tour decide the sale, and a follow-up routine that fits a busy day.", "12:18", "2025-07-01"),
    ("converting-self-tour-visitors", "Turning self-tour visitors into appointments", "Reading tour data, opening the conversation by text, and asking for the next step without pressure.", "15:42", "2025-07-15"),
    ("objection-handling", "Handling the objections self-touring buyers raise", "Price, timing and 'just looking': answers that keep the door open, practised on real examples.", "14:05", "2025-08-05"),
];

fn videos(
    entries: &[Entry],
    category: &'static str,
    media: Option<&str>,
    creator: Option<&Trainer>,
) -> Vec<Video> {
    entries
        .iter()
        .map(|(slug, title, description, duration, date)| Video {
            slug,
            title,
            description,
            duration,
            date,
            category,
            creator: creator.cloned(),
            video_url: media.map(|m| format!("{m}/{slug}.mp4")),
            thumbnail_url: media.map(|m| format!("{m}/{slug}.jpg")),
        })
        .collect()
}

#[utoipa::path(get, path = "/api/training", tag = "training", responses((status = 200, body = Training)), security(("bearer" = [])))]
pub async fn training(State(state): State<AppState>, _caller: Caller) -> ApiResult<Json<Training>> {
    let media = state.settings.training_media_url.as_deref();
    let trainer = state.settings.training_trainer.as_ref();
    Ok(Json(Training {
        general: videos(&GENERAL, "General", media, None),
        sales: videos(&SALES, "Lead Conversion", media, trainer),
    }))
}
