//! Access codes on hub locks and smart locks (spec 2 §5, §9): the rules a code, its name, its
//! slot and its time window must meet, with the spec's messages, and the life a code goes
//! through on a device.

use std::collections::{BTreeMap, BTreeSet};

use chrono::{DateTime, Duration, Utc};

use crate::validation::FieldErrors;

/// At most this many permanent codes on a hub lock or a smart lock.
pub const MAX_CODES: usize = 8;
/// Hub lock codes: at most 10 characters (digits), names at most 16.
pub const HUB_CODE_MAX: usize = 10;
pub const CODE_NAME_MAX: usize = 16;
/// Slots 6 to 10 of a hub lock are reserved; new slots are numbered from 2.
pub const RESERVED_SLOTS: std::ops::RangeInclusive<i64> = 6..=10;
pub const FIRST_SLOT: i64 = 2;
/// Hub scheduled codes: exactly 4 digits, at least 5 minutes ahead, lasting at least 5 minutes.
pub const HUB_SCHEDULED_CODE_LENGTH: usize = 4;
pub const HUB_SCHEDULED_LEAD_MINUTES: i64 = 5;
pub const HUB_SCHEDULED_DURATION_MINUTES: i64 = 5;
/// Smart lock codes: digits, at most 8; scheduled names at most 50; at least 10 minutes ahead,
/// lasting at least 30 minutes.
pub const SMART_CODE_MAX: usize = 8;
pub const SMART_SCHEDULED_NAME_MAX: usize = 50;
pub const SMART_SCHEDULED_LEAD_MINUTES: i64 = 10;
pub const SMART_SCHEDULED_DURATION_MINUTES: i64 = 30;

/// Hub lock code types.
pub const CODE_TYPE_MASTER: i64 = 2;
pub const CODE_TYPE_TEMPORARY: i64 = 3;
pub const CODE_TYPE_SECOND_TEMPORARY: i64 = 4;
pub const CODE_TYPE_SCHEDULE: i64 = 5;

/// Relock intervals offered (minutes) and the end-of-day lockup times (8:00 PM to 11:00 PM in
/// 30-minute steps), with their defaults.
pub const RELOCK_INTERVALS: [i64; 4] = [15, 20, 25, 30];
pub const DEFAULT_RELOCK_INTERVAL: i64 = 15;
pub const LOCKUP_TIMES: [&str; 7] = [
    "8:00 PM", "8:30 PM", "9:00 PM", "9:30 PM", "10:00 PM", "10:30 PM", "11:00 PM",
];
pub const DEFAULT_LOCKUP_TIME: &str = "10:00 PM";

/// Whether a lockup time (as the console writes it, `10:30 PM`) is one of the offered ones.
pub fn lockup_allowed(text: &str) -> bool {
    crate::hours::parse_clock(text).is_some_and(|minutes| {
        LOCKUP_TIMES
            .iter()
            .any(|offered| crate::hours::parse_clock(offered) == Some(minutes))
    })
}

pub const MSG_IDENTICAL_CODES: &str = "Identical codes are not allowed!";
pub const MSG_CODES_NOT_VALID: &str = "Some codes are not valid";
pub const MSG_CODES_SAME: &str = "Codes cannot be same";
pub const MSG_TOO_MANY_CODES: &str = "A lock holds at most 8 codes";
pub const MSG_CODE_4_DIGITS: &str = "Code must be exactly 4 digits.";
pub const MSG_NAME_REQUIRED: &str = "Name is required.";
pub const MSG_CODE_REQUIRED: &str = "Code is required.";
pub const MSG_SCHEDULED_INVALID: &str = "Scheduled time is invalid.";
pub const MSG_EXPIRES_INVALID: &str = "Expiration time is invalid.";
pub const MSG_CODE_NOT_NUMBER: &str = "code must be a number";
pub const MSG_INVALID_CODE_LENGTH: &str = "invalid code length";

/// The spec's lead message for hub scheduled codes; the smart lock's, which the spec leaves
/// unworded, says the same with its own minutes.
pub fn msg_lead(minutes: i64) -> String {
    format!("Scheduled time must be at least {minutes} minutes from now.")
}

pub fn msg_duration(minutes: i64) -> String {
    format!("Expires time must be at least {minutes} minutes after scheduled time.")
}

pub fn msg_code_exists(code: &str, name: &str) -> String {
    format!("code {code} already exists as {name}")
}

fn digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

/// The slot a new hub code takes: the smallest from 2 that is neither used nor reserved.
pub fn next_slot(used: &BTreeSet<i64>) -> i64 {
    (FIRST_SLOT..)
        .find(|slot| !used.contains(slot) && !RESERVED_SLOTS.contains(slot))
        .expect("slots never run out")
}

/// A permanent hub lock code as the Lock Codes editor sends it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HubCode {
    pub slot: i64,
    pub code: String,
    pub name: String,
}

/// Checks a hub lock's whole list of permanent codes. Errors are keyed `codes.{slot}.code` /
/// `codes.{slot}.name`, with `codes` for the list as a whole.
pub fn check_hub_codes(codes: &[HubCode]) -> FieldErrors {
    let mut errors = FieldErrors::new();
    if codes.len() > MAX_CODES {
        errors.insert("codes".into(), MSG_TOO_MANY_CODES.into());
    }
    let mut invalid = false;
    for c in codes {
        let code = c.code.trim();
        if !digits(code) || code.chars().all(|ch| ch == '0') || code.len() > HUB_CODE_MAX {
            errors.insert(format!("codes.{}.code", c.slot), MSG_CODES_NOT_VALID.into());
            invalid = true;
        }
        let name = c.name.trim();
        if name.is_empty() || name.chars().count() > CODE_NAME_MAX {
            errors.insert(format!("codes.{}.name", c.slot), MSG_CODES_NOT_VALID.into());
            invalid = true;
        }
        if RESERVED_SLOTS.contains(&c.slot) || c.slot < 1 {
            errors.insert(format!("codes.{}.slot", c.slot), MSG_CODES_NOT_VALID.into());
            invalid = true;
        }
    }
    let slots: BTreeSet<i64> = codes.iter().map(|c| c.slot).collect();
    if slots.len() != codes.len() {
        errors.insert("codes".into(), MSG_CODES_SAME.into());
    }
    if has_duplicate(codes.iter().map(|c| c.code.trim())) {
        errors.insert("codes".into(), MSG_IDENTICAL_CODES.into());
    } else if invalid {
        errors
            .entry("codes".into())
            .or_insert_with(|| MSG_CODES_NOT_VALID.into());
    }
    errors
}

fn has_duplicate<'a>(codes: impl Iterator<Item = &'a str>) -> bool {
    let mut seen = BTreeSet::new();
    codes.filter(|c| !c.is_empty()).any(|c| !seen.insert(c))
}

/// A time-bound code as either editor sends it; times already read as instants (None: the text
/// could not be read as a time).
#[derive(Debug, Clone)]
pub struct ScheduledCode {
    pub code: String,
    pub name: String,
    pub scheduled_on: Option<DateTime<Utc>>,
    pub expires_on: Option<DateTime<Utc>>,
}

/// Which lock a scheduled code is for: their rules differ in code length, name length, lead
/// and duration.
#[derive(Debug, Clone, Copy)]
pub enum ScheduledFor<'a> {
    Hub,
    /// A smart lock, with the code lengths it supports (empty: any up to 8).
    SmartLock {
        supported_lengths: &'a [usize],
    },
}

impl ScheduledFor<'_> {
    fn lead(self) -> i64 {
        match self {
            ScheduledFor::Hub => HUB_SCHEDULED_LEAD_MINUTES,
            ScheduledFor::SmartLock { .. } => SMART_SCHEDULED_LEAD_MINUTES,
        }
    }

    fn duration(self) -> i64 {
        match self {
            ScheduledFor::Hub => HUB_SCHEDULED_DURATION_MINUTES,
            ScheduledFor::SmartLock { .. } => SMART_SCHEDULED_DURATION_MINUTES,
        }
    }

    fn name_max(self) -> usize {
        match self {
            ScheduledFor::Hub => CODE_NAME_MAX,
            ScheduledFor::SmartLock { .. } => SMART_SCHEDULED_NAME_MAX,
        }
    }

    fn code_error(self, code: &str) -> Option<&'static str> {
        match self {
            ScheduledFor::Hub => (code.len() != HUB_SCHEDULED_CODE_LENGTH || !digits(code))
                .then_some(MSG_CODE_4_DIGITS),
            ScheduledFor::SmartLock { supported_lengths } => {
                if code.is_empty() {
                    Some(MSG_CODE_REQUIRED)
                } else if !digits(code) {
                    Some(MSG_CODE_NOT_NUMBER)
                } else if !length_supported(code.len(), supported_lengths) {
                    Some(MSG_INVALID_CODE_LENGTH)
                } else {
                    None
                }
            }
        }
    }
}

fn length_supported(length: usize, supported: &[usize]) -> bool {
    length <= SMART_CODE_MAX && (supported.is_empty() || supported.contains(&length))
}

/// Checks the new scheduled codes of one editor save, at `now`. Errors are keyed
/// `scheduledCodes.{index}.{field}`; duplicate codes (among the new ones and those on the lock)
/// block the save under `scheduledCodes`.
pub fn check_scheduled_codes(
    codes: &[ScheduledCode],
    existing: &[&str],
    kind: ScheduledFor,
    now: DateTime<Utc>,
) -> FieldErrors {
    let mut errors = FieldErrors::new();
    for (index, c) in codes.iter().enumerate() {
        let mut put = |field: &str, message: String| {
            errors.insert(format!("scheduledCodes.{index}.{field}"), message);
        };
        if let Some(message) = kind.code_error(c.code.trim()) {
            put("code", message.into());
        }
        let name = c.name.trim();
        if name.is_empty() {
            put("name", MSG_NAME_REQUIRED.into());
        } else if name.chars().count() > kind.name_max() {
            put(
                "name",
                format!("Name must be at most {} characters.", kind.name_max()),
            );
        }
        match c.scheduled_on {
            None => put("scheduled_on", MSG_SCHEDULED_INVALID.into()),
            Some(start) if start < now + Duration::minutes(kind.lead()) => {
                put("scheduled_on", msg_lead(kind.lead()))
            }
            Some(_) => {}
        }
        match (c.scheduled_on, c.expires_on) {
            (_, None) => put("expires_on", MSG_EXPIRES_INVALID.into()),
            (Some(start), Some(end)) if end < start + Duration::minutes(kind.duration()) => {
                put("expires_on", msg_duration(kind.duration()))
            }
            _ => {}
        }
    }
    let all = codes
        .iter()
        .map(|c| c.code.trim())
        .chain(existing.iter().copied());
    if has_duplicate(all) {
        errors.insert("scheduledCodes".into(), MSG_IDENTICAL_CODES.into());
    }
    errors
}

/// A permanent smart lock code to add, against the codes on the lock (code → name).
pub fn check_smart_lock_code(
    code: &str,
    name: &str,
    supported_lengths: &[usize],
    on_lock: &BTreeMap<String, String>,
) -> FieldErrors {
    let mut errors = FieldErrors::new();
    let code = code.trim();
    if code.is_empty() {
        errors.insert("code".into(), "code is required".into());
    } else if !digits(code) {
        errors.insert("code".into(), MSG_CODE_NOT_NUMBER.into());
    } else if !length_supported(code.len(), supported_lengths) {
        errors.insert("code".into(), MSG_INVALID_CODE_LENGTH.into());
    } else if let Some(holder) = on_lock.get(code) {
        errors.insert("code".into(), msg_code_exists(code, holder));
    }
    let name = name.trim();
    if name.is_empty() {
        errors.insert("name".into(), "name is required".into());
    } else if name.chars().count() > CODE_NAME_MAX {
        errors.insert(
            "name".into(),
            format!("name must be at most {CODE_NAME_MAX} characters"),
        );
    }
    if on_lock.len() >= MAX_CODES {
        errors.insert("codes".into(), MSG_TOO_MANY_CODES.into());
    }
    errors
}

/// Where a code stands on its device. Every change of a code goes through these, so the console
/// always shows what the lock really holds and why a code is not there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodeState {
    /// Waiting for its start to be put on the lock (scheduled codes before their preload).
    Scheduled,
    /// Being put on the lock.
    Setting,
    /// On the lock.
    Set,
    /// Could not be put on the lock; the device's error is kept.
    Failed,
    /// Being taken off the lock.
    Removing,
    /// Off the lock.
    Removed,
}

impl CodeState {
    pub const ALL: [CodeState; 6] = [
        CodeState::Scheduled,
        CodeState::Setting,
        CodeState::Set,
        CodeState::Failed,
        CodeState::Removing,
        CodeState::Removed,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            CodeState::Scheduled => "scheduled",
            CodeState::Setting => "setting",
            CodeState::Set => "set",
            CodeState::Failed => "failed",
            CodeState::Removing => "removing",
            CodeState::Removed => "removed",
        }
    }

    pub fn parse(text: &str) -> Option<CodeState> {
        CodeState::ALL.into_iter().find(|s| s.as_str() == text)
    }

    /// The smart lock list's word: set codes are "Active", the rest "Pending"; codes being
    /// removed (or gone) are not listed.
    pub fn label(self) -> Option<&'static str> {
        match self {
            CodeState::Set => Some("Active"),
            CodeState::Scheduled | CodeState::Setting | CodeState::Failed => Some("Pending"),
            CodeState::Removing | CodeState::Removed => None,
        }
    }

    /// Whether a code may move from this state to `next`: set or failed after setting (a failed
    /// code may be tried again), removing from anything still meant to be on the lock, removed
    /// after removing (a failed removal is tried again, so it stays removing).
    pub fn may_become(self, next: CodeState) -> bool {
        use CodeState::*;
        matches!(
            (self, next),
            (Scheduled, Setting)
                | (Setting, Set)
                | (Setting, Failed)
                | (Failed, Setting)
                | (Scheduled | Setting | Set | Failed, Removing)
                | (Removing, Removed)
        )
    }

    /// Whether the code takes (or may take) one of the lock's slots.
    pub fn holds_a_slot(self) -> bool {
        matches!(
            self,
            CodeState::Setting | CodeState::Set | CodeState::Removing
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn hub(slot: i64, code: &str, name: &str) -> HubCode {
        HubCode {
            slot,
            code: code.into(),
            name: name.into(),
        }
    }

    #[test]
    fn new_slots_start_at_two_and_skip_the_reserved_ones() {
        let used = |slots: &[i64]| slots.iter().copied().collect::<BTreeSet<i64>>();
        assert_eq!(next_slot(&used(&[])), 2);
        assert_eq!(next_slot(&used(&[1, 2, 3])), 4);
        assert_eq!(next_slot(&used(&[2, 3, 4, 5])), 11);
        assert_eq!(next_slot(&used(&[2, 4])), 3);
        assert_eq!(next_slot(&used(&[2, 3, 4, 5, 11, 12])), 13);
    }

    #[test]
    fn hub_codes_are_digits_not_zero_short_named_and_distinct() {
        assert!(check_hub_codes(&[hub(2, "1234", "Master"), hub(3, "5678", "Trade")]).is_empty());
        let bad = check_hub_codes(&[
            hub(2, "", "A"),
            hub(3, "0", "B"),
            hub(4, "12345678901", "C"),
            hub(5, "12a4", "D"),
            hub(11, "4321", ""),
            hub(12, "4322", "a name of seventeen"),
        ]);
        for slot in [2, 3, 4, 5] {
            assert_eq!(bad[&format!("codes.{slot}.code")], MSG_CODES_NOT_VALID);
        }
        assert_eq!(bad["codes.11.name"], MSG_CODES_NOT_VALID);
        assert_eq!(bad["codes.12.name"], MSG_CODES_NOT_VALID);
        assert_eq!(bad["codes"], MSG_CODES_NOT_VALID);
        let same = check_hub_codes(&[hub(2, "1234", "A"), hub(3, "1234", "B")]);
        assert_eq!(same["codes"], MSG_IDENTICAL_CODES);
        let slots = check_hub_codes(&[hub(2, "1234", "A"), hub(2, "5678", "B")]);
        assert_eq!(slots["codes"], MSG_CODES_SAME);
        let reserved = check_hub_codes(&[hub(7, "1234", "A")]);
        assert_eq!(reserved["codes.7.slot"], MSG_CODES_NOT_VALID);
        let many: Vec<HubCode> = (0..9)
            .map(|i| hub(11 + i, &format!("10{i}0"), "x"))
            .collect();
        assert_eq!(check_hub_codes(&many)["codes"], MSG_TOO_MANY_CODES);
        assert!(check_hub_codes(&many[..8]).is_empty());
    }

    fn at(minutes: i64) -> Option<DateTime<Utc>> {
        Some(Utc.with_ymd_and_hms(2026, 11, 24, 12, 0, 0).unwrap() + Duration::minutes(minutes))
    }

    fn scheduled(code: &str, name: &str, start: i64, end: i64) -> ScheduledCode {
        ScheduledCode {
            code: code.into(),
            name: name.into(),
            scheduled_on: at(start),
            expires_on: at(end),
        }
    }

    #[test]
    fn hub_scheduled_codes_have_four_digits_a_name_and_five_minute_margins() {
        let now = at(0).unwrap();
        let ok = check_scheduled_codes(
            &[scheduled("1234", "Tour", 5, 10)],
            &[],
            ScheduledFor::Hub,
            now,
        );
        assert!(ok.is_empty(), "{ok:?}");
        let bad = check_scheduled_codes(
            &[scheduled("123", "", 4, 8), scheduled("12345", "x", 10, 14)],
            &[],
            ScheduledFor::Hub,
            now,
        );
        assert_eq!(bad["scheduledCodes.0.code"], MSG_CODE_4_DIGITS);
        assert_eq!(bad["scheduledCodes.0.name"], MSG_NAME_REQUIRED);
        assert_eq!(
            bad["scheduledCodes.0.scheduled_on"],
            "Scheduled time must be at least 5 minutes from now."
        );
        assert_eq!(bad["scheduledCodes.1.code"], MSG_CODE_4_DIGITS);
        assert_eq!(
            bad["scheduledCodes.1.expires_on"],
            "Expires time must be at least 5 minutes after scheduled time."
        );
        let unreadable = check_scheduled_codes(
            &[ScheduledCode {
                code: "1234".into(),
                name: "x".into(),
                scheduled_on: None,
                expires_on: None,
            }],
            &[],
            ScheduledFor::Hub,
            now,
        );
        assert_eq!(
            unreadable["scheduledCodes.0.scheduled_on"],
            MSG_SCHEDULED_INVALID
        );
        assert_eq!(
            unreadable["scheduledCodes.0.expires_on"],
            MSG_EXPIRES_INVALID
        );
        let twice = check_scheduled_codes(
            &[scheduled("1234", "a", 5, 10), scheduled("1234", "b", 5, 10)],
            &[],
            ScheduledFor::Hub,
            now,
        );
        assert_eq!(twice["scheduledCodes"], MSG_IDENTICAL_CODES);
        let taken = check_scheduled_codes(
            &[scheduled("1234", "a", 5, 10)],
            &["1234"],
            ScheduledFor::Hub,
            now,
        );
        assert_eq!(taken["scheduledCodes"], MSG_IDENTICAL_CODES);
    }

    #[test]
    fn smart_lock_scheduled_codes_fit_the_lock_and_keep_ten_and_thirty_minutes() {
        let now = at(0).unwrap();
        let lock = ScheduledFor::SmartLock {
            supported_lengths: &[4, 6],
        };
        assert!(
            check_scheduled_codes(&[scheduled("123456", "Tour", 10, 40)], &[], lock, now)
                .is_empty()
        );
        let bad = check_scheduled_codes(
            &[
                scheduled("", "", 9, 38),
                scheduled("12345", &"n".repeat(51), 10, 39),
                scheduled("12ab", "x", 10, 40),
            ],
            &[],
            lock,
            now,
        );
        assert_eq!(bad["scheduledCodes.0.code"], MSG_CODE_REQUIRED);
        assert_eq!(bad["scheduledCodes.0.name"], MSG_NAME_REQUIRED);
        assert_eq!(
            bad["scheduledCodes.0.scheduled_on"],
            "Scheduled time must be at least 10 minutes from now."
        );
        assert_eq!(bad["scheduledCodes.1.code"], MSG_INVALID_CODE_LENGTH);
        assert_eq!(
            bad["scheduledCodes.1.name"],
            "Name must be at most 50 characters."
        );
        assert_eq!(
            bad["scheduledCodes.1.expires_on"],
            "Expires time must be at least 30 minutes after scheduled time."
        );
        assert_eq!(bad["scheduledCodes.2.code"], MSG_CODE_NOT_NUMBER);
        let any_length = ScheduledFor::SmartLock {
            supported_lengths: &[],
        };
        assert!(
            check_scheduled_codes(&[scheduled("12345678", "x", 10, 40)], &[], any_length, now)
                .is_empty()
        );
        let long =
            check_scheduled_codes(&[scheduled("123456789", "x", 10, 40)], &[], any_length, now);
        assert_eq!(long["scheduledCodes.0.code"], MSG_INVALID_CODE_LENGTH);
    }

    #[test]
    fn smart_lock_codes_fit_the_lock_and_name_the_holder_of_a_duplicate() {
        let mut on_lock = BTreeMap::new();
        on_lock.insert("2468".to_string(), "Trade".to_string());
        assert!(check_smart_lock_code("1357", "Sales", &[4], &on_lock).is_empty());
        assert_eq!(
            check_smart_lock_code("2468", "Sales", &[4], &on_lock)["code"],
            "code 2468 already exists as Trade"
        );
        assert_eq!(
            check_smart_lock_code("13a7", "x", &[4], &on_lock)["code"],
            MSG_CODE_NOT_NUMBER
        );
        assert_eq!(
            check_smart_lock_code("13579", "x", &[4, 6], &on_lock)["code"],
            MSG_INVALID_CODE_LENGTH
        );
        assert_eq!(
            check_smart_lock_code("123456789", "x", &[], &on_lock)["code"],
            MSG_INVALID_CODE_LENGTH
        );
        assert!(check_smart_lock_code("1357", "", &[4], &on_lock).contains_key("name"));
        assert!(
            check_smart_lock_code("1357", "seventeen chars!!", &[4], &on_lock).contains_key("name")
        );
        let full: BTreeMap<String, String> = (0..8)
            .map(|i| (format!("100{i}"), format!("n{i}")))
            .collect();
        assert_eq!(
            check_smart_lock_code("1357", "x", &[4], &full)["codes"],
            MSG_TOO_MANY_CODES
        );
    }

    #[test]
    fn codes_move_only_along_their_life() {
        use CodeState::*;
        assert!(Scheduled.may_become(Setting));
        assert!(Setting.may_become(Set) && Setting.may_become(Failed));
        assert!(Failed.may_become(Setting), "a failed code is tried again");
        assert!(Set.may_become(Removing) && Removing.may_become(Removed));
        assert!(!Removed.may_become(Set));
        assert!(!Set.may_become(Failed));
        assert!(
            !Scheduled.may_become(Set),
            "nothing is set without being sent"
        );
        for state in CodeState::ALL {
            assert_eq!(CodeState::parse(state.as_str()), Some(state));
        }
        assert_eq!(Set.label(), Some("Active"));
        assert_eq!(Failed.label(), Some("Pending"));
        assert_eq!(Removing.label(), None);
        assert!(Set.holds_a_slot() && !Removed.holds_a_slot() && !Failed.holds_a_slot());
    }

    #[test]
    fn relock_and_lockup_choices() {
        assert!(RELOCK_INTERVALS.contains(&DEFAULT_RELOCK_INTERVAL));
        assert!(LOCKUP_TIMES.contains(&DEFAULT_LOCKUP_TIME));
        assert_eq!(LOCKUP_TIMES.first(), Some(&"8:00 PM"));
        assert_eq!(LOCKUP_TIMES.last(), Some(&"11:00 PM"));
        assert!(LOCKUP_TIMES.iter().all(|t| lockup_allowed(t)));
        assert!(
            !lockup_allowed("7:30 PM")
                && !lockup_allowed("10:15 PM")
                && !lockup_allowed("11:30 PM")
        );
        assert!(!lockup_allowed("late"));
    }
}
