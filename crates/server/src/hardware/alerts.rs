//! Alerts about devices: kept for the home, and sent to the staff of the home and of its
//! community by mail and text, each by their alert preference for that kind (battery, offline,
//! jam; the general notification preference for the rest). Codes never appear in them.

use db::hardware::alerts::{self, NewAlert};
use db::hardware::devices::Device;
use db::Scope;

use super::{Hardware, HardwareResult};

/// How an alert names a device: its name and serial, and the home it is at.
pub async fn describe(
    hw: &Hardware,
    device: &Device,
    property_id: Option<i64>,
) -> db::Result<String> {
    let name = if device.name.is_empty() {
        "The lock"
    } else {
        &device.name
    };
    let mut text = format!("{name} ({})", device.serial_number);
    if let Some(home) = property_id {
        if let Some(p) = db::properties::get(&hw.db, &Scope::All, home).await? {
            let lot = p
                .fields
                .house_num
                .as_deref()
                .map(|lot| format!(", Lot {lot}"))
                .unwrap_or_default();
            text.push_str(&format!(" at {}{lot}", p.fields.address_1));
        }
    }
    Ok(text)
}

fn subject(kind: &str) -> &'static str {
    match kind {
        alerts::kind::BATTERY_LOW => "Lock battery low",
        alerts::kind::OFFLINE => "Lock offline",
        alerts::kind::JAM => "Lock jammed",
        alerts::kind::CODE_FAILED => "A code could not be set",
        alerts::kind::BACKUP_IN_USE => "Backup code in use",
        alerts::kind::NOT_LOCKED => "A door did not lock",
        alerts::kind::CODE_NOT_REMOVED => "A code could not be removed",
        _ => "Device alert",
    }
}

/// Keeps an alert and sends it to whoever wants it.
pub async fn send(hw: &Hardware, alert: &NewAlert) -> HardwareResult<()> {
    alerts::raise(&hw.db, alert, hw.now()).await?;
    tracing::info!(kind = alert.kind, property = ?alert.property_id, "device alert: {}", alert.message);
    let Some(home) = alert.property_id else {
        return Ok(());
    };
    let subject = format!("Tourdesk: {}", subject(alert.kind));
    tell_home_staff(hw, home, alert.kind, &subject, &alert.message).await?;
    Ok(())
}

/// Mails and texts a home's staff and its community's, each as their alert preferences for
/// `kind` say (device alerts, and the showings' leads and after-hours attempts).
pub async fn tell_home_staff(
    hw: &Hardware,
    home: i64,
    kind: &str,
    subject: &str,
    message: &str,
) -> db::Result<()> {
    let (db, at) = (&hw.db, hw.now());
    for recipient in alerts::recipients(db, home).await? {
        let (by_mail, by_text) = recipient.wants(kind);
        if by_mail && !recipient.email.is_empty() {
            db::messages::queue_mail(db, &recipient.email, subject, message, at).await?;
        }
        if by_text && !recipient.phone.is_empty() {
            let text = format!("{subject}: {message}");
            db::messages::queue_sms(db, &recipient.phone, &text, at).await?;
        }
    }
    Ok(())
}
