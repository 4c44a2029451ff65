//! The visitor's tour after the tour page: the door opening with their code makes the visit
//! Accessed and, after the builder's interval, sends the During Tour text.

use std::collections::BTreeMap;

use db::hardware::codes::purpose;
use db::Scope;

use crate::hardware::{Hardware, HardwareResult};

/// A lock opened with one of our codes: when it was a visitor's, their visit is Accessed and the
/// During Tour text is set for its interval (when the builder has it switched on).
pub async fn door_opened(
    hw: &Hardware,
    code_id: i64,
    at: chrono::DateTime<chrono::Utc>,
) -> HardwareResult<()> {
    let Some(code) = db::hardware::codes::get(&hw.db, code_id).await? else {
        return Ok(());
    };
    if code.purpose != purpose::VISITOR {
        return Ok(());
    }
    let settings = db::settings::get(&hw.db, &Scope::All, code.builder_id).await?;
    let text_at = settings.and_then(|s| {
        s.during_tour_message.as_ref()?;
        let minutes =
            domain::messaging::interval_minutes(s.during_tour_message_interval.as_deref()?)?;
        Some(at + chrono::Duration::minutes(minutes))
    });
    if let Some(visit) = db::visits::mark_accessed(&hw.db, code_id, at, text_at).await? {
        tracing::info!(visit, "a visitor opened the door with their code");
    }
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

/// Sends a visit's During Tour text: the builder's template with the visit's values, within the
/// text limit. Nothing when the builder switched it off since, or the visitor has no phone.
pub async fn send_during_tour_text(hw: &Hardware, visit_id: i64) -> db::Result<()> {
    let Some(visit) = db::visits::text_of(&hw.db, visit_id).await? else {
        return Ok(());
    };
    let (Some(template), Some(phone)) = (
        visit.during_tour_message.as_deref(),
        visit.cell_phone_1.as_deref(),
    ) else {
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
                "a During Tour text names values it cannot have"
            );
            return Ok(());
        }
    };
    db::messages::queue_sms(&hw.db, phone, &domain::messaging::fit_text(&text)).await?;
    Ok(())
}
