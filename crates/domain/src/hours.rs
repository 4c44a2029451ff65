//! Tour hours and staff hours (spec 1 §4, §5, §9): the weekly windows a home can be toured and
//! the hours staff may enter, with their defaults and rules.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::validation::FieldErrors;

/// A time of day as the editors send it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, ToSchema)]
pub struct HourMinute {
    pub hour: i64,
    pub minute: i64,
}

impl HourMinute {
    pub const fn new(hour: i64, minute: i64) -> HourMinute {
        HourMinute { hour, minute }
    }

    pub fn minutes(self) -> i64 {
        self.hour * 60 + self.minute
    }

    pub fn from_minutes(minutes: i64) -> HourMinute {
        HourMinute {
            hour: minutes / 60,
            minute: minutes % 60,
        }
    }

    fn is_valid(self) -> bool {
        (0..24).contains(&self.hour) && (0..60).contains(&self.minute)
    }
}

/// The days of the week by number, Sunday (0) first.
pub const DAY_NAMES: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];

/// Tours may run from 5:00 to 23:00; the default week is 7:00 to 21:00 every day.
pub const EARLIEST: HourMinute = HourMinute::new(5, 0);
pub const LATEST: HourMinute = HourMinute::new(23, 0);
pub const DEFAULT_START: HourMinute = HourMinute::new(7, 0);
pub const DEFAULT_END: HourMinute = HourMinute::new(21, 0);
/// A second window needs room after the first: not when the first ends after 22:30.
pub const LAST_SECOND_WINDOW_START: HourMinute = HourMinute::new(22, 30);

pub const MSG_NO_SLOTS: &str = "No available time slots!";

/// One day of tour hours; day 0 is Sunday.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TourDay {
    pub day_of_week: i64,
    pub is_tours_available: bool,
    pub tour_hours_start: HourMinute,
    pub tour_hours_end: HourMinute,
    #[serde(default)]
    pub is_second_window_enabled: bool,
    #[serde(default)]
    pub second_window_start: Option<HourMinute>,
    #[serde(default)]
    pub second_window_end: Option<HourMinute>,
}

pub fn default_tour_week() -> Vec<TourDay> {
    (0..7)
        .map(|day| TourDay {
            day_of_week: day,
            is_tours_available: true,
            tour_hours_start: DEFAULT_START,
            tour_hours_end: DEFAULT_END,
            is_second_window_enabled: false,
            second_window_start: None,
            second_window_end: None,
        })
        .collect()
}

fn check_days<T>(
    days: &[T],
    day_of: impl Fn(&T) -> i64,
    field: &str,
    errors: &mut FieldErrors,
) -> bool {
    let mut seen = [false; 7];
    for day in days {
        let d = day_of(day);
        if !(0..7).contains(&d) || seen[d as usize] {
            errors.insert(
                field.into(),
                "Each day of the week may appear once (0 is Sunday)".into(),
            );
            return false;
        }
        seen[d as usize] = true;
    }
    true
}

/// Checks a week of tour hours; errors are keyed `{field}.{dayOfWeek}`.
pub fn check_tour_week(days: &[TourDay], field: &str) -> FieldErrors {
    let mut errors = FieldErrors::new();
    if !check_days(days, |d| d.day_of_week, field, &mut errors) {
        return errors;
    }
    for day in days.iter().filter(|d| d.is_tours_available) {
        let key = format!("{field}.{}", day.day_of_week);
        let (start, end) = (day.tour_hours_start, day.tour_hours_end);
        if !start.is_valid() || !end.is_valid() || start < EARLIEST || end > LATEST {
            errors.insert(
                key,
                "Tour hours must lie between 5:00 AM and 11:00 PM".into(),
            );
            continue;
        }
        if end <= start {
            errors.insert(key, "End must be after start".into());
            continue;
        }
        if day.is_second_window_enabled {
            if end > LAST_SECOND_WINDOW_START {
                errors.insert(key, MSG_NO_SLOTS.into());
                continue;
            }
            match (day.second_window_start, day.second_window_end) {
                (Some(s), Some(e)) if s.is_valid() && e.is_valid() => {
                    if s < end {
                        errors.insert(
                            key,
                            "The second window must start after the first ends".into(),
                        );
                    } else if e <= s || e > LATEST {
                        errors.insert(
                            key,
                            "The second window must end after it starts and by 11:00 PM".into(),
                        );
                    }
                }
                _ => {
                    errors.insert(key, "The second window needs a start and an end".into());
                }
            }
        }
    }
    errors
}

/// One day of staff hours; times are text like `12:00 PM`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffDay {
    pub day_of_week: i64,
    pub is_staff_available: bool,
    pub staff_hours_start: String,
    pub staff_hours_end: String,
}

pub const STAFF_LOCK_INTERVALS: [i64; 7] = [1, 3, 5, 10, 15, 20, 30];
pub const DEFAULT_STAFF_LOCK_INTERVAL: i64 = 10;
pub const DEFAULT_STAFF_START: &str = "12:00 PM";
pub const DEFAULT_STAFF_END: &str = "3:00 PM";
/// Start options run 7:00 AM to 8:30 PM in 30-minute steps; the end is 30 minutes to 9:00 PM.
const STAFF_FIRST_START: i64 = 7 * 60;
const STAFF_LAST_START: i64 = 20 * 60 + 30;
const STAFF_LAST_END: i64 = 21 * 60;

pub fn default_staff_week() -> Vec<StaffDay> {
    (0..7)
        .map(|day| StaffDay {
            day_of_week: day,
            is_staff_available: true,
            staff_hours_start: DEFAULT_STAFF_START.into(),
            staff_hours_end: DEFAULT_STAFF_END.into(),
        })
        .collect()
}

/// Minutes after midnight of a `h:mm AM` text.
pub fn parse_clock(text: &str) -> Option<i64> {
    let (time, meridiem) = text.trim().split_once(' ')?;
    let (h, m) = time.split_once(':')?;
    let (h, m): (i64, i64) = (h.parse().ok()?, m.parse().ok()?);
    if !(1..=12).contains(&h) || !(0..60).contains(&m) || m.to_string().len() > 2 {
        return None;
    }
    let base = match meridiem {
        "AM" => 0,
        "PM" => 12 * 60,
        _ => return None,
    };
    Some(base + (h % 12) * 60 + m)
}

/// The `h:mm AM` text of minutes after midnight.
pub fn format_clock(minutes: i64) -> String {
    let (h, m) = (minutes / 60, minutes % 60);
    let meridiem = if h < 12 { "AM" } else { "PM" };
    let h12 = if h % 12 == 0 { 12 } else { h % 12 };
    format!("{h12}:{m:02} {meridiem}")
}

/// The windows of one day of tour hours, as minutes after midnight, in order.
pub fn day_windows(day: &TourDay) -> Vec<(i64, i64)> {
    if !day.is_tours_available {
        return Vec::new();
    }
    let mut windows = vec![(day.tour_hours_start.minutes(), day.tour_hours_end.minutes())];
    if let (true, Some(start), Some(end)) = (
        day.is_second_window_enabled,
        day.second_window_start,
        day.second_window_end,
    ) {
        windows.push((start.minutes(), end.minutes()));
    }
    windows.retain(|(start, end)| start < end);
    windows
}

/// A day's tour hours as visitors and staff read them: `9:00 AM - 6:00 PM`, a second window
/// after a comma, `Closed` on a day without tours.
pub fn day_text(day: &TourDay) -> String {
    let windows = day_windows(day);
    if windows.is_empty() {
        return "Closed".into();
    }
    windows
        .iter()
        .map(|(start, end)| format!("{} - {}", format_clock(*start), format_clock(*end)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Whether a home can be toured at a local time, by its week of tour hours.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TourTime {
    /// Inside a window, which ends at `until`.
    Open { until: chrono::NaiveDateTime },
    /// Outside every window; the next one opens at `next` (none within a week).
    Closed { next: Option<chrono::NaiveDateTime> },
}

pub fn tour_time(week: &[TourDay], at: chrono::NaiveDateTime) -> TourTime {
    use chrono::Datelike;
    let minute = |d: chrono::NaiveDate, m: i64| {
        d.and_hms_opt(0, 0, 0).expect("midnight exists") + chrono::Duration::minutes(m)
    };
    let mut next = None;
    for offset in 0..8 {
        let date = at.date() + chrono::Duration::days(offset);
        let weekday = i64::from(date.weekday().num_days_from_sunday());
        let Some(day) = week.iter().find(|d| d.day_of_week == weekday) else {
            continue;
        };
        for (start, end) in day_windows(day) {
            let (opens, closes) = (minute(date, start), minute(date, end));
            if opens <= at && at < closes {
                return TourTime::Open { until: closes };
            }
            if opens > at && next.is_none() {
                next = Some(opens);
            }
        }
        if next.is_some() {
            break;
        }
    }
    TourTime::Closed { next }
}

/// The times a visitor may book on a day: every 30 minutes from each window's start while a tour
/// of `length_minutes` fits before it closes, and not before `earliest` (minutes after midnight
/// of that day: now and a little lead on today, 0 on a later day).
pub fn slots(week: &[TourDay], weekday: i64, earliest: i64, length_minutes: i64) -> Vec<i64> {
    let Some(day) = week.iter().find(|d| d.day_of_week == weekday) else {
        return Vec::new();
    };
    let mut slots = Vec::new();
    for (start, end) in day_windows(day) {
        let mut at = start;
        while at + length_minutes <= end {
            if at >= earliest {
                slots.push(at);
            }
            at += 30;
        }
    }
    slots
}

/// The staff-hours start options.
pub fn staff_start_options() -> Vec<String> {
    (STAFF_FIRST_START..=STAFF_LAST_START)
        .step_by(30)
        .map(format_clock)
        .collect()
}

pub fn check_staff_week(days: &[StaffDay], lock_interval: Option<i64>, field: &str) -> FieldErrors {
    let mut errors = FieldErrors::new();
    if let Some(interval) = lock_interval {
        if !STAFF_LOCK_INTERVALS.contains(&interval) {
            errors.insert(
                "staff_lock_interval".into(),
                "Choose 1, 3, 5, 10, 15, 20 or 30 minutes".into(),
            );
        }
    }
    if !check_days(days, |d| d.day_of_week, field, &mut errors) {
        return errors;
    }
    for day in days.iter().filter(|d| d.is_staff_available) {
        let key = format!("{field}.{}", day.day_of_week);
        match (
            parse_clock(&day.staff_hours_start),
            parse_clock(&day.staff_hours_end),
        ) {
            (Some(start), Some(end)) => {
                if !(STAFF_FIRST_START..=STAFF_LAST_START).contains(&start) || start % 30 != 0 {
                    errors.insert(
                        key,
                        "Staff hours start between 7:00 AM and 8:30 PM on the half hour".into(),
                    );
                } else if end < start + 30 || end > STAFF_LAST_END {
                    errors.insert(
                        key,
                        "Staff hours end at least 30 minutes after the start, by 9:00 PM".into(),
                    );
                }
            }
            _ => {
                errors.insert(key, "Staff hours are times like 12:00 PM".into());
            }
        }
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(start: (i64, i64), end: (i64, i64)) -> TourDay {
        TourDay {
            day_of_week: 1,
            is_tours_available: true,
            tour_hours_start: HourMinute::new(start.0, start.1),
            tour_hours_end: HourMinute::new(end.0, end.1),
            is_second_window_enabled: false,
            second_window_start: None,
            second_window_end: None,
        }
    }

    #[test]
    fn the_default_week_is_seven_to_nine_every_day() {
        let week = default_tour_week();
        assert_eq!(week.len(), 7);
        assert!(week.iter().all(|d| d.is_tours_available
            && d.tour_hours_start == DEFAULT_START
            && d.tour_hours_end == DEFAULT_END));
        assert!(check_tour_week(&week, "tourHours").is_empty());
    }

    #[test]
    fn end_must_follow_start_within_the_range() {
        assert_eq!(
            check_tour_week(&[day((9, 0), (9, 0))], "t")["t.1"],
            "End must be after start"
        );
        assert!(check_tour_week(&[day((4, 30), (9, 0))], "t").contains_key("t.1"));
        assert!(check_tour_week(&[day((9, 0), (23, 30))], "t").contains_key("t.1"));
        assert!(check_tour_week(&[day((5, 0), (23, 0))], "t").is_empty());
        let off = TourDay {
            is_tours_available: false,
            ..day((9, 0), (8, 0))
        };
        assert!(
            check_tour_week(&[off], "t").is_empty(),
            "closed days are not checked"
        );
    }

    #[test]
    fn second_windows() {
        let second = |s: (i64, i64), e: (i64, i64), end: (i64, i64)| TourDay {
            is_second_window_enabled: true,
            second_window_start: Some(HourMinute::new(s.0, s.1)),
            second_window_end: Some(HourMinute::new(e.0, e.1)),
            ..day((7, 0), end)
        };
        assert!(check_tour_week(&[second((14, 0), (18, 0), (12, 0))], "t").is_empty());
        assert_eq!(
            check_tour_week(&[second((11, 0), (18, 0), (12, 0))], "t")["t.1"],
            "The second window must start after the first ends"
        );
        assert!(check_tour_week(&[second((14, 0), (13, 0), (12, 0))], "t").contains_key("t.1"));
        assert_eq!(
            check_tour_week(&[second((22, 45), (23, 0), (22, 45))], "t")["t.1"],
            MSG_NO_SLOTS
        );
        assert!(
            check_tour_week(&[second((22, 30), (23, 0), (22, 30))], "t").is_empty(),
            "22:30 still leaves a slot"
        );
    }

    #[test]
    fn days_are_unique() {
        let errors = check_tour_week(&[day((9, 0), (10, 0)), day((9, 0), (10, 0))], "t");
        assert_eq!(
            errors["t"],
            "Each day of the week may appear once (0 is Sunday)"
        );
        let bad = TourDay {
            day_of_week: 7,
            ..day((9, 0), (10, 0))
        };
        assert!(check_tour_week(&[bad], "t").contains_key("t"));
    }

    #[test]
    fn clock_texts() {
        assert_eq!(parse_clock("12:00 PM"), Some(12 * 60));
        assert_eq!(parse_clock("12:30 AM"), Some(30));
        assert_eq!(parse_clock("8:30 PM"), Some(20 * 60 + 30));
        assert_eq!(parse_clock("13:00 PM"), None);
        assert_eq!(parse_clock("9:00"), None);
        assert_eq!(format_clock(15 * 60), "3:00 PM");
        assert_eq!(format_clock(0), "12:00 AM");
        let options = staff_start_options();
        assert_eq!(
            (
                options.first().unwrap().as_str(),
                options.last().unwrap().as_str()
            ),
            ("7:00 AM", "8:30 PM")
        );
        assert_eq!(options.len(), 28);
    }

    #[test]
    fn staff_hours_rules() {
        assert!(check_staff_week(
            &default_staff_week(),
            Some(DEFAULT_STAFF_LOCK_INTERVAL),
            "s"
        )
        .is_empty());
        let day = |s: &str, e: &str| StaffDay {
            day_of_week: 2,
            is_staff_available: true,
            staff_hours_start: s.into(),
            staff_hours_end: e.into(),
        };
        assert!(
            check_staff_week(&[day("9:00 AM", "9:15 AM")], None, "s").contains_key("s.2"),
            "at least 30 minutes"
        );
        assert!(check_staff_week(&[day("9:00 AM", "9:30 AM")], None, "s").is_empty());
        assert!(check_staff_week(&[day("6:30 AM", "9:30 AM")], None, "s").contains_key("s.2"));
        assert!(check_staff_week(&[day("8:30 PM", "9:00 PM")], None, "s").is_empty());
        assert!(check_staff_week(&[day("noon", "3:00 PM")], None, "s").contains_key("s.2"));
        assert!(check_staff_week(&[], Some(7), "s").contains_key("staff_lock_interval"));
    }

    fn week_with(day: i64, edit: impl Fn(&mut TourDay)) -> Vec<TourDay> {
        let mut week = default_tour_week();
        edit(&mut week[day as usize]);
        week
    }

    #[test]
    fn tour_time_follows_both_windows_and_finds_the_next_opening() {
        use chrono::NaiveDate;
        // 2026-11-25 is a Wednesday (day 3).
        let at = |h: u32, m: u32| {
            NaiveDate::from_ymd_opt(2026, 11, 25)
                .unwrap()
                .and_hms_opt(h, m, 0)
                .unwrap()
        };
        let week = week_with(3, |d| {
            d.tour_hours_start = HourMinute::new(9, 0);
            d.tour_hours_end = HourMinute::new(12, 0);
            d.is_second_window_enabled = true;
            d.second_window_start = Some(HourMinute::new(14, 0));
            d.second_window_end = Some(HourMinute::new(18, 30));
        });
        assert_eq!(
            tour_time(&week, at(9, 0)),
            TourTime::Open { until: at(12, 0) }
        );
        assert_eq!(
            tour_time(&week, at(12, 0)),
            TourTime::Closed {
                next: Some(at(14, 0))
            }
        );
        assert_eq!(
            tour_time(&week, at(18, 29)),
            TourTime::Open { until: at(18, 30) }
        );
        let thursday_seven = NaiveDate::from_ymd_opt(2026, 11, 26)
            .unwrap()
            .and_hms_opt(7, 0, 0);
        assert_eq!(
            tour_time(&week, at(20, 0)),
            TourTime::Closed {
                next: thursday_seven
            }
        );
        assert_eq!(day_text(&week[3]), "9:00 AM - 12:00 PM, 2:00 PM - 6:30 PM");

        // A closed Thursday: the next opening is Friday's.
        let mut closed = week.clone();
        closed[4].is_tours_available = false;
        assert_eq!(day_text(&closed[4]), "Closed");
        let friday_seven = NaiveDate::from_ymd_opt(2026, 11, 27)
            .unwrap()
            .and_hms_opt(7, 0, 0);
        assert_eq!(
            tour_time(&closed, at(20, 0)),
            TourTime::Closed { next: friday_seven }
        );
        // No tours at all: closed with no next opening.
        let never: Vec<TourDay> = default_tour_week()
            .into_iter()
            .map(|d| TourDay {
                is_tours_available: false,
                ..d
            })
            .collect();
        assert_eq!(
            tour_time(&never, at(10, 0)),
            TourTime::Closed { next: None }
        );
    }

    #[test]
    fn slots_fit_whole_tours_in_each_window_from_the_earliest() {
        let week = week_with(3, |d| {
            d.tour_hours_start = HourMinute::new(9, 0);
            d.tour_hours_end = HourMinute::new(11, 0);
            d.is_second_window_enabled = true;
            d.second_window_start = Some(HourMinute::new(14, 0));
            d.second_window_end = Some(HourMinute::new(15, 30));
        });
        let shown = |slots: Vec<i64>| slots.into_iter().map(format_clock).collect::<Vec<_>>();
        assert_eq!(
            shown(slots(&week, 3, 0, 60)),
            ["9:00 AM", "9:30 AM", "10:00 AM", "2:00 PM", "2:30 PM"]
        );
        assert_eq!(
            shown(slots(&week, 3, 9 * 60 + 45, 60)),
            ["10:00 AM", "2:00 PM", "2:30 PM"]
        );
        assert!(slots(&week, 3, 16 * 60, 60).is_empty());
        let mut closed = week.clone();
        closed[3].is_tours_available = false;
        assert!(slots(&closed, 3, 0, 60).is_empty());
    }
}
