//! The visitor's tour after the tour page: the door opening with their code makes the visit
//! Accessed and, after the builder's interval, sends the During Tour text; the door locking
//! behind them (or the code's window closing) ends the tour and, after its interval, sends the
//! After Tour text with the link to the post-tour survey and offer form. Their code typed
//! outside its window is refused by the lock and flagged on the visit (NA-I).

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use db::hardware::codes::purpose;
use db::Scope;
use sha2::Digest;

use crate::hardware::{Hardware, HardwareResult};

/// When a follow-up text set for `interval` after `at` goes out; None when the builder has the
/// text switched off.
fn follow_up_at(
    message: Option<&String>,
    interval: Option<&str>,
    at: DateTime<Utc>,
) -> Option<DateTime<Utc>> {
    message?;
    let minutes = domain::messaging::interval_minutes(interval?)?;
    Some(at + chrono::Duration::minutes(minutes))
}

/// A visitor's code, if `code_id` is one.
async fn visitor_code(
    hw: &Hardware,
    code_id: i64,
) -> db::Result<Option<db::hardware::codes::CodeRecord>> {
    Ok(db::hardware::codes::get(&hw.db, code_id)
        .await?
        .filter(|code| code.purpose == purpose::VISITOR))
}

/// A lock opened with one of our codes: when it was a visitor's, their visit is Accessed, the
/// During Tour text is set for its interval (when the builder has it switched on), and the tour
/// is set to end when the code's window does.
pub async fn door_opened(hw: &Hardware, code_id: i64, at: DateTime<Utc>) -> HardwareResult<()> {
    let Some(code) = visitor_code(hw, code_id).await? else {
        return Ok(());
    };
    let settings = db::settings::get(&hw.db, &Scope::All, code.builder_id).await?;
    let text_at = settings.as_ref().and_then(|s| {
        follow_up_at(
            s.during_tour_message.as_ref(),
            s.during_tour_message_interval.as_deref(),
            at,
        )
    });
    if let Some(visit) =
        db::visits::mark_accessed(&hw.db, code_id, at, text_at, code.ends_at).await?
    {
        tracing::info!(visit, "a visitor opened the door with their code");
    }
    Ok(())
}

/// A lock locked at `at`: the tours under way through it are over.
pub async fn door_locked(hw: &Hardware, device_id: i64, at: DateTime<Utc>) -> HardwareResult<()> {
    for visit in db::visits::touring_through(&hw.db, device_id, at).await? {
        end_tour(hw, visit, at).await?;
    }
    Ok(())
}

/// Ends a visit's tour (once), setting the After Tour text for the builder's interval.
pub async fn end_tour(hw: &Hardware, visit_id: i64, at: DateTime<Utc>) -> db::Result<()> {
    let Some(visit) = db::visits::text_of(&hw.db, visit_id).await? else {
        return Ok(());
    };
    let settings = db::settings::get(&hw.db, &Scope::All, visit.builder_id).await?;
    let text_at = settings.as_ref().and_then(|s| {
        follow_up_at(
            s.after_tour_message.as_ref(),
            s.after_tour_message_interval.as_deref(),
            at,
        )
    });
    if db::visits::end_tour(&hw.db, visit_id, at, text_at).await? {
        tracing::info!(visit = visit_id, "a visitor's tour ended");
    }
    Ok(())
}

/// `2:55 PM CT`: a moment at a home, in its time zone.
pub fn home_clock(at: DateTime<Utc>, zone: i64) -> String {
    let (_, abbr) = domain::catalog::timezone_names(zone);
    format!(
        "{} {}",
        domain::zones::to_local(zone, at).format("%-I:%M %p"),
        abbr.unwrap_or_default()
    )
    .trim_end()
    .to_string()
}

/// A lock refused a code it knows, typed outside the code's window: when it is a visitor's,
/// their visit is flagged (NA-I while it had not opened the door), with when in the home's zone.
pub async fn entry_refused(hw: &Hardware, code_id: i64, at: DateTime<Utc>) -> HardwareResult<()> {
    let Some(code) = visitor_code(hw, code_id).await? else {
        return Ok(());
    };
    let zone = match code.property_id {
        Some(id) => db::properties::get(&hw.db, &Scope::All, id)
            .await?
            .map(|home| home.fields.timezone),
        None => None,
    };
    let when = zone
        .map(|zone| home_clock(at, zone))
        .unwrap_or_else(|| at.format("%-I:%M %p UTC").to_string());
    let remark = format!("Code typed at {when}, outside the tour's time: the lock refused it");
    let flagged = db::visits::refuse_entry(&hw.db, code.id, at, &remark).await?;
    tracing::info!(?flagged, "a visitor's code was refused outside its time");
    Ok(())
}

/// The values a follow-up text's `{{variables}}` take; what a moment does not know stays empty.
#[derive(Debug, Default)]
pub struct TemplateValues {
    pub visitor_first_name: String,
    pub scheduled_tour_date: String,
    pub scheduled_tour_time: String,
    pub community_name: String,
    pub community_sales_phone_number: String,
    pub community_url: String,
    pub property_address: String,
    pub property_subdivision: String,
    pub property_marketing_name: String,
    pub property_city: String,
    pub property_state: String,
    pub property_lot_number: String,
    pub company_name: String,
    pub company_marketing_name: String,
    pub company_legal_name: String,
}

impl TemplateValues {
    pub fn map(self) -> BTreeMap<&'static str, String> {
        BTreeMap::from([
            ("visitor_first_name", self.visitor_first_name),
            ("scheduled_tour_date", self.scheduled_tour_date),
            ("scheduled_tour_time", self.scheduled_tour_time),
            ("community_name", self.community_name),
            (
                "community_sales_phone_number",
                self.community_sales_phone_number,
            ),
            ("community_url", self.community_url),
            ("property_address", self.property_address),
            ("property_subdivision", self.property_subdivision),
            ("property_marketing_name", self.property_marketing_name),
            ("property_city", self.property_city),
            ("property_state", self.property_state),
            ("property_lot_number", self.property_lot_number),
            ("company_name", self.company_name),
            ("company_marketing_name", self.company_marketing_name),
            ("company_legal_name", self.company_legal_name),
        ])
    }
}

/// Which follow-up text of a visit.
#[derive(Debug, Clone, Copy)]
pub enum FollowUp {
    During,
    After,
}

/// The digest kept of an After Tour link's key.
pub fn after_key_hash(key: &str) -> String {
    hex_digest(sha2::Sha256::digest(key.as_bytes()).as_slice())
}

fn hex_digest(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Sends a visit's During Tour or After Tour text: the builder's template with the visit's
/// values, within the text limit; the After Tour text ends with the link to the post-tour survey
/// and offer form (`{tour_pages}/{webflow}/after/{visit}?key=...`), whose key signs the visitor
/// in. Nothing when the builder switched the text off since, or the visitor has no phone.
pub async fn send_follow_up(
    hw: &Hardware,
    tour_pages: &str,
    visit_id: i64,
    which: FollowUp,
) -> db::Result<()> {
    let Some(visit) = db::visits::text_of(&hw.db, visit_id).await? else {
        return Ok(());
    };
    let template = match which {
        FollowUp::During => visit.during_tour_message.as_deref(),
        FollowUp::After => visit.after_tour_message.as_deref(),
    };
    let (Some(template), Some(phone)) = (template, visit.cell_phone_1.as_deref()) else {
        return Ok(());
    };
    let values = TemplateValues {
        visitor_first_name: visit.firstname.clone(),
        community_name: visit.community_name.clone(),
        community_url: visit.community_url.clone().unwrap_or_default(),
        property_address: visit.address_1.clone(),
        property_subdivision: visit.subdivision.clone().unwrap_or_default(),
        property_marketing_name: visit.marketing_name.clone().unwrap_or_default(),
        property_city: visit.city.clone(),
        property_state: visit.state.clone(),
        property_lot_number: visit.house_num.clone().unwrap_or_default(),
        company_name: visit.company_name.clone(),
        company_marketing_name: visit.company_marketing_name.clone().unwrap_or_default(),
        company_legal_name: visit.company_legal_name.clone().unwrap_or_default(),
        ..TemplateValues::default()
    }
    .map();
    let text = match domain::messaging::render(template, &values) {
        Ok(text) => text,
        Err(unknown) => {
            tracing::warn!(
                visit = visit_id,
                ?unknown,
                ?which,
                "a follow-up text names values it cannot have"
            );
            return Ok(());
        }
    };
    let text = match which {
        FollowUp::During => domain::messaging::fit_text(&text),
        FollowUp::After => {
            let key = rand::distributions::DistString::sample_string(
                &rand::distributions::Alphanumeric,
                &mut rand::thread_rng(),
                32,
            );
            db::visits::set_after_key(&hw.db, visit_id, &after_key_hash(&key)).await?;
            let link = format!(
                "{tour_pages}/{}/after/{visit_id}?key={key}",
                visit.webflow_name
            );
            domain::messaging::fit_text_with(&text, &link)
        }
    };
    db::messages::queue_sms(&hw.db, phone, &text, hw.now()).await?;
    Ok(())
}
