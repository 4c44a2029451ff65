//! What a home's devices add up to: the lock status a home shows from its locks' health, the
//! live word of a lock, when a door left open is locked again, and when a home is locked up for
//! the night.

use chrono::{Datelike, NaiveDateTime, Timelike};

use crate::hours::{parse_clock, StaffDay};

/// A battery below this is low (a fifth left).
pub const LOW_BATTERY: f64 = 0.2;

/// Lock statuses (catalogue type 7) a lock's health maps to.
pub const ACTIVE: i64 = 71;
pub const AWAITING_REPAIR: i64 = 72;
pub const DOWN: i64 = 74;
pub const MAINTENANCE: i64 = 76;
pub const UNASSIGNED: i64 = 78;

/// What a lock last said of itself.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LockHealth {
    pub online: bool,
    pub jammed: bool,
    pub battery: Option<f64>,
    pub locked: Option<bool>,
}

impl LockHealth {
    /// The lock status its health shows: Down when it cannot be reached, Awaiting Repair when
    /// its bolt is stuck, Maintenance when its battery is low, else Active.
    pub fn status(self) -> i64 {
        if !self.online {
            DOWN
        } else if self.jammed {
            AWAITING_REPAIR
        } else if self.battery.is_some_and(|b| b < LOW_BATTERY) {
            MAINTENANCE
        } else {
            ACTIVE
        }
    }

    /// How bad a status is, for a home of several locks to show its worst.
    fn severity(status: i64) -> u8 {
        match status {
            DOWN => 3,
            AWAITING_REPAIR => 2,
            MAINTENANCE => 1,
            _ => 0,
        }
    }

    /// The word the console shows beside the lock: Offline, Jammed, Low battery, Locked or
    /// Unlocked.
    pub fn word(self) -> &'static str {
        if !self.online {
            "Offline"
        } else if self.jammed {
            "Jammed"
        } else if self.battery.is_some_and(|b| b < LOW_BATTERY) {
            "Low battery"
        } else if self.locked == Some(false) {
            "Unlocked"
        } else {
            "Locked"
        }
    }
}

/// A home's lock status: its worst lock's; none without locks.
pub fn home_status(locks: &[LockHealth]) -> Option<i64> {
    locks
        .iter()
        .map(|l| l.status())
        .max_by_key(|s| LockHealth::severity(*s))
}

/// Minutes after an unlock the door is locked again: the staff lock interval while the home's
/// staff are there, else the relock interval; none when the home's access settings are off.
pub fn relock_after(
    relock_interval: Option<i64>,
    staff_lock_interval: Option<i64>,
    staff_week: Option<&[StaffDay]>,
    local: NaiveDateTime,
) -> Option<i64> {
    let staffed = staff_week.is_some_and(|week| within_staff_hours(week, local));
    match (staffed, staff_lock_interval) {
        (true, Some(minutes)) => Some(minutes),
        _ => relock_interval,
    }
}

/// Whether a local time is within a day's staff hours (days numbered from Sunday, 0).
pub fn within_staff_hours(week: &[StaffDay], local: NaiveDateTime) -> bool {
    let day = i64::from(local.weekday().num_days_from_sunday());
    let minute = i64::from(local.hour() * 60 + local.minute());
    week.iter()
        .filter(|d| d.day_of_week == day && d.is_staff_available)
        .any(|d| {
            match (
                parse_clock(&d.staff_hours_start),
                parse_clock(&d.staff_hours_end),
            ) {
                (Some(start), Some(end)) => start <= minute && minute < end,
                _ => false,
            }
        })
}

/// How long after its time an end-of-day lockup is still started (a server down at the minute
/// itself catches up within this).
pub const LOCKUP_WINDOW_MINUTES: i64 = 30;

/// Whether a home's end-of-day lockup (`10:00 PM`) is due at a local time: from its minute
/// to [`LOCKUP_WINDOW_MINUTES`] after.
pub fn lockup_due(end_of_day_lockup: &str, local: NaiveDateTime) -> bool {
    let Some(at) = parse_clock(end_of_day_lockup) else {
        return false;
    };
    let minute = i64::from(local.hour() * 60 + local.minute());
    at <= minute && minute < at + LOCKUP_WINDOW_MINUTES
}

#[cfg(test)]
mod tests {
    use super::*;

    fn health(online: bool, jammed: bool, battery: f64, locked: bool) -> LockHealth {
        LockHealth {
            online,
            jammed,
            battery: Some(battery),
            locked: Some(locked),
        }
    }

    fn local(text: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M").unwrap()
    }

    #[test]
    fn a_home_shows_its_worst_lock() {
        let fine = health(true, false, 0.9, true);
        assert_eq!(home_status(&[]), None);
        assert_eq!(home_status(&[fine]), Some(ACTIVE));
        assert_eq!(
            home_status(&[fine, health(true, false, 0.1, true)]),
            Some(MAINTENANCE)
        );
        assert_eq!(
            home_status(&[health(true, true, 0.1, true), fine]),
            Some(AWAITING_REPAIR)
        );
        assert_eq!(
            home_status(&[fine, health(false, true, 0.1, true)]),
            Some(DOWN)
        );
        assert_eq!(fine.word(), "Locked");
        assert_eq!(health(true, false, 0.9, false).word(), "Unlocked");
        assert_eq!(health(true, false, 0.1, false).word(), "Low battery");
        assert_eq!(health(false, false, 0.9, false).word(), "Offline");
        assert_eq!(health(true, true, 0.9, false).word(), "Jammed");
    }

    #[test]
    fn staff_hours_shorten_the_relock() {
        let week = crate::hours::default_staff_week(); // 12:00 PM to 3:00 PM every day
                                                       // 2026-11-25 is a Wednesday.
        let during = local("2026-11-25 13:00");
        let after = local("2026-11-25 15:00");
        assert!(within_staff_hours(&week, during));
        assert!(!within_staff_hours(&week, after));
        assert_eq!(
            relock_after(Some(15), Some(5), Some(&week), during),
            Some(5)
        );
        assert_eq!(
            relock_after(Some(15), Some(5), Some(&week), after),
            Some(15)
        );
        assert_eq!(relock_after(Some(15), None, Some(&week), during), Some(15));
        assert_eq!(relock_after(None, None, None, during), None);
        let mut closed = week.clone();
        closed[3].is_staff_available = false;
        assert!(!within_staff_hours(&closed, during));
    }

    #[test]
    fn the_lockup_is_due_from_its_minute_for_half_an_hour() {
        assert!(!lockup_due("10:00 PM", local("2026-11-25 21:59")));
        assert!(lockup_due("10:00 PM", local("2026-11-25 22:00")));
        assert!(lockup_due("10:00 PM", local("2026-11-25 22:29")));
        assert!(!lockup_due("10:00 PM", local("2026-11-25 22:30")));
        assert!(!lockup_due("late", local("2026-11-25 22:00")));
    }
}
