//! The four time zones homes are in (catalogue 51-54), with the United States' daylight saving
//! rule (since 2007: from the second Sunday of March, 2:00 AM, to the first Sunday of November,
//! 2:00 AM), so times are read and shown as the home's clock shows them.

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveDateTime, TimeZone, Utc, Weekday};

/// Standard offsets from UTC in hours.
fn standard_offset(timezone: i64) -> i64 {
    match timezone {
        51 => -7,
        53 => -6,
        54 => -8,
        _ => -5,
    }
}

/// The `n`th `weekday` of a month (n from 1).
fn nth_weekday(year: i32, month: u32, weekday: Weekday, n: u32) -> NaiveDate {
    NaiveDate::from_weekday_of_month_opt(year, month, weekday, n as u8)
        .expect("every month has a first and second Sunday")
}

/// Daylight saving time of a year, in local standard time: from its first instant to the first
/// instant after it.
fn daylight_of(year: i32) -> (NaiveDateTime, NaiveDateTime) {
    let starts = nth_weekday(year, 3, Weekday::Sun, 2)
        .and_hms_opt(2, 0, 0)
        .expect("a valid time");
    // 2:00 AM daylight time is 1:00 AM standard time.
    let ends = nth_weekday(year, 11, Weekday::Sun, 1)
        .and_hms_opt(1, 0, 0)
        .expect("a valid time");
    (starts, ends)
}

/// The years whose daylight saving time is worked out once, as reports read the clock of every
/// tour they count.
const KEPT_YEARS: std::ops::RangeInclusive<i32> = 1970..=2200;

/// Whether daylight saving time is on at a local standard time.
fn daylight(standard_local: NaiveDateTime) -> bool {
    static KEPT: std::sync::OnceLock<Vec<(NaiveDateTime, NaiveDateTime)>> =
        std::sync::OnceLock::new();
    let year = standard_local.year();
    let (starts, ends) = if KEPT_YEARS.contains(&year) {
        KEPT.get_or_init(|| KEPT_YEARS.map(daylight_of).collect())
            [(year - KEPT_YEARS.start()) as usize]
    } else {
        daylight_of(year)
    };
    standard_local >= starts && standard_local < ends
}

/// The offset from UTC (hours) in a time zone at an instant.
pub fn offset_hours(timezone: i64, at: DateTime<Utc>) -> i64 {
    let standard = standard_offset(timezone);
    let standard_local = at.naive_utc() + Duration::hours(standard);
    standard + i64::from(daylight(standard_local))
}

/// An instant as the clock of a time zone shows it.
pub fn to_local(timezone: i64, at: DateTime<Utc>) -> NaiveDateTime {
    at.naive_utc() + Duration::hours(offset_hours(timezone, at))
}

/// The instant a time zone's clock shows `local`. A time the spring change skips is read as
/// standard time; one the autumn change repeats is the first of the two.
pub fn from_local(timezone: i64, local: NaiveDateTime) -> DateTime<Utc> {
    let standard = standard_offset(timezone);
    let as_daylight = Utc.from_utc_datetime(&(local - Duration::hours(standard + 1)));
    if to_local(timezone, as_daylight) == local {
        as_daylight
    } else {
        Utc.from_utc_datetime(&(local - Duration::hours(standard)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utc(text: &str) -> DateTime<Utc> {
        text.parse().unwrap()
    }

    fn local(text: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M").unwrap()
    }

    #[test]
    fn winter_and_summer_offsets_follow_the_us_rule() {
        assert_eq!(offset_hours(52, utc("2026-01-15T12:00:00Z")), -5);
        assert_eq!(offset_hours(52, utc("2026-07-15T12:00:00Z")), -4);
        assert_eq!(offset_hours(51, utc("2026-07-15T12:00:00Z")), -6);
        assert_eq!(offset_hours(53, utc("2026-12-01T12:00:00Z")), -6);
        assert_eq!(offset_hours(54, utc("2026-06-01T12:00:00Z")), -7);
        // 2026: daylight time from 8 March 2:00 AM to 1 November 2:00 AM.
        assert_eq!(offset_hours(52, utc("2026-03-08T06:59:00Z")), -5);
        assert_eq!(offset_hours(52, utc("2026-03-08T07:00:00Z")), -4);
        assert_eq!(offset_hours(52, utc("2026-11-01T05:59:00Z")), -4);
        assert_eq!(offset_hours(52, utc("2026-11-01T06:00:00Z")), -5);
        // Years outside those worked out once follow the same rule.
        assert_eq!(offset_hours(52, utc("2300-07-15T12:00:00Z")), -4);
        assert_eq!(offset_hours(52, utc("1960-01-15T12:00:00Z")), -5);
    }

    #[test]
    fn local_times_go_both_ways() {
        let at = utc("2026-11-25T03:30:00Z");
        assert_eq!(to_local(53, at), local("2026-11-24 21:30"));
        assert_eq!(from_local(53, local("2026-11-24 21:30")), at);
        assert_eq!(
            from_local(54, local("2026-07-04 22:00")),
            utc("2026-07-05T05:00:00Z")
        );
        // Skipped in spring: read as standard time. Repeated in autumn: the first one.
        assert_eq!(
            from_local(52, local("2026-03-08 02:30")),
            utc("2026-03-08T07:30:00Z")
        );
        assert_eq!(
            from_local(52, local("2026-11-01 01:30")),
            utc("2026-11-01T05:30:00Z")
        );
    }
}
