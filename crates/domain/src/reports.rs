//! Reports (spec 3, Reports): the date range every report takes, and each report's figures,
//! computed from the recorded visits, each in its home's time zone. docs/reports.md defines
//! every column.

use chrono::{DateTime, Datelike, NaiveDate, NaiveDateTime, NaiveTime, Timelike, Utc};

use crate::zones;

/// The report's days, both ends included, as the homes' clocks show them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReportRange {
    pub start: NaiveDate,
    pub end: NaiveDate,
}

/// Why a report's dates were refused: the field and its message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RangeError {
    pub field: &'static str,
    pub message: &'static str,
}

pub const START_AFTER_END: &str = "Start date cannot be later than end date";

/// A day as the API takes it: yyyy-MM-dd (the ISO dates of the report's address), or the
/// console's MM/dd/yyyy.
pub fn parse_day(text: &str) -> Option<NaiveDate> {
    let text = text.trim();
    NaiveDate::parse_from_str(text, "%Y-%m-%d")
        .or_else(|_| NaiveDate::parse_from_str(text, "%m/%d/%Y"))
        .ok()
        // An ISO timestamp's day, as the console's date pickers send them.
        .or_else(|| {
            DateTime::parse_from_rfc3339(text)
                .ok()
                .map(|t| t.date_naive())
        })
}

impl ReportRange {
    /// Checks the two dates: both required and real days, the start not after the end, and the
    /// end not after `today` (in every zone the homes are in, the latest day anywhere).
    pub fn check(
        start: Option<&str>,
        end: Option<&str>,
        today: NaiveDate,
    ) -> Result<ReportRange, RangeError> {
        let day = |field: &'static str, text: Option<&str>, missing, malformed| {
            let text = text
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .ok_or(RangeError {
                    field,
                    message: missing,
                })?;
            parse_day(text).ok_or(RangeError {
                field,
                message: malformed,
            })
        };
        let start = day(
            "startDate",
            start,
            "Start date is required",
            "Start date must be a date (MM/dd/yyyy)",
        )?;
        let end = day(
            "endDate",
            end,
            "End date is required",
            "End date must be a date (MM/dd/yyyy)",
        )?;
        if start > end {
            return Err(RangeError {
                field: "startDate",
                message: START_AFTER_END,
            });
        }
        if end > today {
            return Err(RangeError {
                field: "endDate",
                message: "End date cannot be later than today",
            });
        }
        Ok(ReportRange { start, end })
    }

    /// How many days the range holds.
    pub fn days(&self) -> i64 {
        (self.end - self.start).num_days() + 1
    }

    pub fn contains(&self, day: NaiveDate) -> bool {
        day >= self.start && day <= self.end
    }

    /// The first instant of the range in a zone.
    pub fn starts_at(&self, timezone: i64) -> DateTime<Utc> {
        zones::from_local(timezone, self.start.and_time(NaiveTime::MIN))
    }

    /// The first instant after the range in a zone.
    pub fn ends_at(&self, timezone: i64) -> DateTime<Utc> {
        let next = self.end.succ_opt().unwrap_or(self.end);
        zones::from_local(timezone, next.and_time(NaiveTime::MIN))
    }

    /// Instants that hold the range in every zone the homes are in: a query reads between them
    /// and [`ReportRange::holds`] keeps what lies in a home's own days.
    pub fn widest(&self) -> (DateTime<Utc>, DateTime<Utc>) {
        let zones = crate::catalog::TIMEZONES.map(|(zone, _, _)| zone);
        let start = zones.iter().map(|z| self.starts_at(*z)).min();
        let end = zones.iter().map(|z| self.ends_at(*z)).max();
        (
            start.expect("there are time zones"),
            end.expect("there are time zones"),
        )
    }

    /// Whether an instant falls on one of the range's days in a zone.
    pub fn holds(&self, at: DateTime<Utc>, timezone: i64) -> bool {
        self.contains(local_day(at, timezone))
    }
}

pub fn local_day(at: DateTime<Utc>, timezone: i64) -> NaiveDate {
    zones::to_local(timezone, at).date()
}

/// Whole days from one instant's day to a later day, in a zone; none when it comes after.
pub fn days_until(from: DateTime<Utc>, timezone: i64, day: NaiveDate) -> Option<i64> {
    days_between(local_day(from, timezone), day)
}

/// Days from one day to a later one (or the same); none when `to` comes first.
pub fn days_between(from: NaiveDate, to: NaiveDate) -> Option<i64> {
    let days = (to - from).num_days();
    (days >= 0).then_some(days)
}

/// An hour of the clock as the reports show it: "2:00 PM".
pub fn hour_label(hour: u32) -> String {
    let (twelve, half) = match hour {
        0 => (12, "AM"),
        1..=11 => (hour, "AM"),
        12 => (12, "PM"),
        _ => (hour - 12, "PM"),
    };
    format!("{twelve}:00 {half}")
}

/// A recorded visit, as the reports read it.
#[derive(Debug, Clone, PartialEq)]
pub struct VisitFact {
    pub property_id: i64,
    pub customer_id: i64,
    /// Whether the door opened for it (status Accessed): a tour.
    pub toured: bool,
    /// Web, App or Call; none for visits recorded without one.
    pub platform: Option<String>,
    pub at: DateTime<Utc>,
    /// The home's time zone.
    pub timezone: i64,
}

/// When tours happen most: counts by weekday and by hour of the homes' clocks.
#[derive(Debug, Default)]
struct Peaks {
    weekdays: [u32; 7],
    hours: [u32; 24],
}

/// The visits on the range's days, each with its time on its home's clock.
fn in_range<'a>(
    range: &'a ReportRange,
    visits: impl Iterator<Item = &'a VisitFact> + 'a,
) -> impl Iterator<Item = (&'a VisitFact, NaiveDateTime)> + 'a {
    visits.filter_map(|visit| {
        let local = zones::to_local(visit.timezone, visit.at);
        range.contains(local.date()).then_some((visit, local))
    })
}

impl Peaks {
    /// The tours between two running totals (by weekday, by hour): those of `now` less those of
    /// `before`.
    fn between(before: (&[i64; 7], &[i64; 24]), now: (&[i64; 7], &[i64; 24])) -> Peaks {
        let mut peaks = Peaks::default();
        let counts = peaks.weekdays.iter_mut().chain(&mut peaks.hours);
        let nows = now.0.iter().chain(now.1);
        let befores = before.0.iter().chain(before.1);
        for ((count, now), before) in counts.zip(nows).zip(befores) {
            *count = (now - before) as u32;
        }
        peaks
    }

    fn add(&mut self, local: NaiveDateTime) {
        self.weekdays[local.weekday().num_days_from_sunday() as usize] += 1;
        self.hours[local.hour() as usize] += 1;
    }

    /// The index of the largest count, the earliest of equals; none when all are zero.
    fn top(counts: &[u32]) -> Option<usize> {
        let max = *counts.iter().max()?;
        (max > 0).then(|| counts.iter().position(|c| *c == max).unwrap_or(0))
    }

    fn weekday(&self) -> Option<String> {
        Peaks::top(&self.weekdays).map(|d| crate::hours::DAY_NAMES[d].to_string())
    }

    fn hour(&self) -> Option<String> {
        Peaks::top(&self.hours).map(|h| hour_label(h as u32))
    }
}

/// Rounds to two decimals, as the reports show averages.
fn two_places(value: f64) -> f64 {
    (value * 100.0).round() / 100.0
}

/// A home's figures in the property tour report.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, utoipa::ToSchema)]
pub struct PropertyTours {
    pub no_of_tours: i64,
    pub avg_tours_per_day: f64,
    pub no_of_repeat_visitors: i64,
    pub days_since_activation: Option<i64>,
    pub days_since_last_tour: Option<i64>,
    pub top_toured_day: Option<String>,
    pub top_toured_hour: Option<String>,
}

/// A home's figures from its visits (any, they are filtered here to its tours in the range),
/// when it was activated and its last tour up to the range's end.
pub fn property_tours(
    range: &ReportRange,
    timezone: i64,
    visits: &[VisitFact],
    activated: DateTime<Utc>,
    last_tour: Option<DateTime<Utc>>,
) -> PropertyTours {
    let mut peaks = Peaks::default();
    let mut per_customer = std::collections::HashMap::<i64, u32>::new();
    let mut no_of_tours = 0;
    for (tour, local) in in_range(range, visits.iter().filter(|v| v.toured)) {
        no_of_tours += 1;
        peaks.add(local);
        *per_customer.entry(tour.customer_id).or_default() += 1;
    }
    HomeTours {
        no_of_tours,
        repeat_visitors: per_customer.values().filter(|n| **n > 1).count() as i64,
        peaks,
        last_day: last_tour.map(|at| local_day(at, timezone)),
    }
    .figures(range, timezone, activated)
}

/// A home's tours up to the end of a day of its clock, as running totals (the table
/// `home_tour_totals`, docs/reports.md): its tours, those on each weekday (Sunday first) and in
/// each hour, and the tours whose same visitor's previous tour of the home (`repeats`), or the
/// one before that (`repeats2`), is on or before that day.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TourTotals {
    pub tours: i64,
    pub repeats: i64,
    pub repeats2: i64,
    pub weekdays: [i64; 7],
    pub hours: [i64; 24],
}

/// A home's figures from its running totals, for a home not toured after the range: `before`,
/// the totals of its last day toured before the range (none if it was not), and `last`, its last
/// day toured and the totals then (none if it never was).
pub fn property_tours_from_totals(
    range: &ReportRange,
    timezone: i64,
    before: Option<&TourTotals>,
    last: Option<(NaiveDate, &TourTotals)>,
    activated: DateTime<Utc>,
) -> PropertyTours {
    let zero = TourTotals::default();
    let before = before.unwrap_or(&zero);
    let now = last.map_or(&zero, |(_, totals)| totals);
    let since = |count: fn(&TourTotals) -> i64| count(now) - count(before);
    let peaks = Peaks::between(
        (&before.weekdays, &before.hours),
        (&now.weekdays, &now.hours),
    );
    // Each visitor with k tours in the range is k - 1 repeats and max(k - 2, 0) second repeats
    // counted since its start (none of their tours come after it): one more for each who came
    // back.
    HomeTours {
        no_of_tours: since(|t| t.tours),
        repeat_visitors: since(|t| t.repeats) - since(|t| t.repeats2),
        peaks,
        last_day: last.map(|(day, _)| day),
    }
    .figures(range, timezone, activated)
}

/// A home's tours in the range: how many, its repeat visitors, when they came, and the day of
/// its last tour up to the range's end.
struct HomeTours {
    no_of_tours: i64,
    repeat_visitors: i64,
    peaks: Peaks,
    last_day: Option<NaiveDate>,
}

impl HomeTours {
    fn figures(
        self,
        range: &ReportRange,
        timezone: i64,
        activated: DateTime<Utc>,
    ) -> PropertyTours {
        PropertyTours {
            no_of_tours: self.no_of_tours,
            avg_tours_per_day: two_places(self.no_of_tours as f64 / range.days() as f64),
            no_of_repeat_visitors: self.repeat_visitors,
            days_since_activation: days_until(activated, timezone, range.end),
            days_since_last_tour: self.last_day.and_then(|day| days_between(day, range.end)),
            top_toured_day: self.peaks.weekday(),
            top_toured_hour: self.peaks.hour(),
        }
    }
}

/// A community's figures in the visit report.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CommunityVisits {
    pub visits: i64,
    pub web_tours: i64,
    pub app_tours: i64,
    pub call_tours: i64,
    pub missed_tours: i64,
    pub properties_per_customer: f64,
    pub top_tour_day_of_week: Option<String>,
    pub top_tour_time: Option<String>,
}

/// A community's figures from its homes' visits (filtered here to the range) and the number of
/// its booked tours missed in the range.
pub fn community_visits(
    range: &ReportRange,
    visits: &[&VisitFact],
    missed_tours: i64,
) -> CommunityVisits {
    let visits: Vec<(&VisitFact, NaiveDateTime)> =
        in_range(range, visits.iter().copied()).collect();
    let mut counts = VisitCounts {
        visits: visits.len() as i64,
        ..VisitCounts::default()
    };
    for (tour, local) in visits.iter().filter(|(v, _)| v.toured) {
        counts.peaks.add(*local);
        match tour
            .platform
            .as_deref()
            .map(str::to_ascii_lowercase)
            .as_deref()
        {
            Some("web") => counts.web_tours += 1,
            Some("app") => counts.app_tours += 1,
            Some("call") => counts.call_tours += 1,
            _ => {}
        }
    }
    let customers: std::collections::HashSet<i64> =
        visits.iter().map(|(v, _)| v.customer_id).collect();
    let pairs: std::collections::HashSet<(i64, i64)> = visits
        .iter()
        .map(|(v, _)| (v.customer_id, v.property_id))
        .collect();
    counts.visitors = customers.len() as i64;
    counts.pairs = pairs.len() as i64;
    counts.figures(missed_tours)
}

/// A community's visits up to the end of a day of its homes' clocks, as running totals (the
/// table `community_visit_totals`, docs/reports.md): its visits, its tours through the web, the
/// app and by call, the visitors (and the visitor and home pairs) whose last visit is on or
/// before that day, and its tours on each weekday (Sunday first) and in each hour.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct VisitTotals {
    pub visits: i64,
    pub web_tours: i64,
    pub app_tours: i64,
    pub call_tours: i64,
    pub visitors: i64,
    pub pairs: i64,
    pub weekdays: [i64; 7],
    pub hours: [i64; 24],
}

/// A community's figures from its running totals, for a community with no visits after the
/// range: `before`, the totals of its last day before the range (none if it had none), and
/// `last`, those of its last day (none if it has no visits).
pub fn community_visits_from_totals(
    before: Option<&VisitTotals>,
    last: Option<&VisitTotals>,
    missed_tours: i64,
) -> CommunityVisits {
    let zero = VisitTotals::default();
    let before = before.unwrap_or(&zero);
    let now = last.unwrap_or(&zero);
    let since = |count: fn(&VisitTotals) -> i64| count(now) - count(before);
    let peaks = Peaks::between(
        (&before.weekdays, &before.hours),
        (&now.weekdays, &now.hours),
    );
    // With no visits after the range, the visitors whose last visit is on or after its start
    // are those who came in it.
    VisitCounts {
        visits: since(|t| t.visits),
        web_tours: since(|t| t.web_tours),
        app_tours: since(|t| t.app_tours),
        call_tours: since(|t| t.call_tours),
        visitors: since(|t| t.visitors),
        pairs: since(|t| t.pairs),
        peaks,
    }
    .figures(missed_tours)
}

/// A community's visits in the range: how many, its tours by platform, its distinct visitors
/// and (visitor, home) pairs, and when its tours happened.
#[derive(Default)]
struct VisitCounts {
    visits: i64,
    web_tours: i64,
    app_tours: i64,
    call_tours: i64,
    visitors: i64,
    pairs: i64,
    peaks: Peaks,
}

impl VisitCounts {
    fn figures(self, missed_tours: i64) -> CommunityVisits {
        CommunityVisits {
            visits: self.visits,
            web_tours: self.web_tours,
            app_tours: self.app_tours,
            call_tours: self.call_tours,
            missed_tours,
            properties_per_customer: if self.visitors > 0 {
                two_places(self.pairs as f64 / self.visitors as f64)
            } else {
                0.0
            },
            top_tour_day_of_week: self.peaks.weekday(),
            top_tour_time: self.peaks.hour(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    const DENVER: i64 = 51;
    const NEW_YORK: i64 = 52;

    fn day(text: &str) -> NaiveDate {
        parse_day(text).unwrap()
    }

    fn at(y: i32, m: u32, d: u32, h: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(y, m, d, h, 0, 0).unwrap()
    }

    fn visit(
        property_id: i64,
        customer_id: i64,
        toured: bool,
        platform: &str,
        at: DateTime<Utc>,
    ) -> VisitFact {
        VisitFact {
            property_id,
            customer_id,
            toured,
            platform: (!platform.is_empty()).then(|| platform.to_string()),
            at,
            timezone: DENVER,
        }
    }

    #[test]
    fn the_range_is_checked_with_the_spec_messages() {
        let today = day("2026-05-10");
        let check = |s: Option<&str>, e: Option<&str>| ReportRange::check(s, e, today);
        assert_eq!(
            check(Some("2026-05-01"), Some("05/09/2026")).unwrap(),
            ReportRange {
                start: day("2026-05-01"),
                end: day("2026-05-09")
            }
        );
        assert_eq!(
            check(Some("2026-05-01T06:00:00.000Z"), Some("2026-05-10"))
                .unwrap()
                .start,
            day("2026-05-01")
        );
        assert_eq!(
            check(Some("2026-05-09"), Some("2026-05-01"))
                .unwrap_err()
                .message,
            START_AFTER_END
        );
        assert_eq!(
            check(Some("2026-05-01"), Some("2026-05-11"))
                .unwrap_err()
                .field,
            "endDate"
        );
        assert_eq!(
            check(None, Some("2026-05-01")).unwrap_err().message,
            "Start date is required"
        );
        assert_eq!(
            check(Some("2026-05-01"), Some(" ")).unwrap_err().message,
            "End date is required"
        );
        assert_eq!(
            check(Some("2026-02-30"), Some("2026-05-01"))
                .unwrap_err()
                .message,
            "Start date must be a date (MM/dd/yyyy)"
        );
        assert_eq!(
            check(Some("2026-05-10"), Some("2026-05-10"))
                .unwrap()
                .days(),
            1
        );
    }

    #[test]
    fn a_range_is_read_in_each_homes_zone() {
        let range = ReportRange {
            start: day("2026-06-01"),
            end: day("2026-06-01"),
        };
        // 03:00 UTC on 2 June is the evening of 1 June in Denver (UTC-6 in summer), and
        // already 2 June's early hours nowhere west of UTC... but 23:00 1 June in New York.
        assert!(range.holds(at(2026, 6, 2, 3), DENVER));
        assert!(range.holds(at(2026, 6, 2, 3), NEW_YORK));
        assert!(!range.holds(at(2026, 6, 2, 5), NEW_YORK));
        assert!(range.holds(at(2026, 6, 2, 5), DENVER));
        assert!(!range.holds(at(2026, 6, 1, 5), DENVER));
        let (from, to) = range.widest();
        assert!(from <= range.starts_at(NEW_YORK) && to >= range.ends_at(54));
    }

    #[test]
    fn hours_read_as_the_clock() {
        assert_eq!(hour_label(0), "12:00 AM");
        assert_eq!(hour_label(9), "9:00 AM");
        assert_eq!(hour_label(12), "12:00 PM");
        assert_eq!(hour_label(23), "11:00 PM");
    }

    /// The figures of the home of `a_homes_tour_figures` for 1 to 10 June.
    fn june_home_figures() -> PropertyTours {
        PropertyTours {
            no_of_tours: 3,
            avg_tours_per_day: 0.3,
            no_of_repeat_visitors: 1,
            days_since_activation: Some(40),
            days_since_last_tour: Some(2),
            top_toured_day: Some("Monday".into()),
            top_toured_hour: Some("2:00 PM".into()),
        }
    }

    #[test]
    fn a_homes_tour_figures() {
        let range = ReportRange {
            start: day("2026-06-01"),
            end: day("2026-06-10"),
        };
        // Denver is UTC-6 in June: 20:00 UTC is 2:00 PM there.
        let visits = [
            visit(1, 7, true, "Web", at(2026, 6, 1, 20)), // Monday 2 PM
            visit(1, 7, true, "Web", at(2026, 6, 8, 20)), // Monday 2 PM, the same visitor
            visit(1, 8, true, "App", at(2026, 6, 3, 16)), // Wednesday 10 AM
            visit(1, 9, false, "Web", at(2026, 6, 4, 16)), // refused: not a tour
            visit(1, 9, true, "Web", at(2026, 5, 31, 20)), // before the range
        ];
        let figures = property_tours(
            &range,
            DENVER,
            &visits,
            at(2026, 5, 1, 18),
            Some(at(2026, 6, 8, 20)),
        );
        assert_eq!(figures, june_home_figures());
        let none = property_tours(&range, DENVER, &[], at(2026, 6, 20, 0), None);
        assert_eq!(none.no_of_tours, 0);
        assert_eq!(none.days_since_activation, None);
        assert_eq!(none.top_toured_day, None);
    }

    #[test]
    fn a_homes_tour_figures_from_its_running_totals() {
        let range = ReportRange {
            start: day("2026-06-01"),
            end: day("2026-06-10"),
        };
        // The tours of a_homes_tour_figures: Sunday 31 May 2 PM (visitor 9), Monday 1 June
        // 2 PM (7), Wednesday 3 June 10 AM (8), Monday 8 June 2 PM (7 again, whose previous
        // tour was on 1 June).
        let totals = |tours, repeats, weekdays: &[(usize, i64)], hours: &[(usize, i64)]| {
            let mut totals = TourTotals {
                tours,
                repeats,
                ..TourTotals::default()
            };
            for (day, n) in weekdays {
                totals.weekdays[*day] = *n;
            }
            for (hour, n) in hours {
                totals.hours[*hour] = *n;
            }
            totals
        };
        let before = totals(1, 0, &[(0, 1)], &[(14, 1)]);
        let last = totals(4, 1, &[(0, 1), (1, 2), (3, 1)], &[(10, 1), (14, 3)]);
        let figures = property_tours_from_totals(
            &range,
            DENVER,
            Some(&before),
            Some((day("2026-06-08"), &last)),
            at(2026, 5, 1, 18),
        );
        assert_eq!(figures, june_home_figures());
        // A visitor with three tours in the range is one visitor who came back.
        let thrice = totals(3, 2, &[(2, 3)], &[(9, 3)]);
        let mut second = thrice.clone();
        second.repeats2 = 1;
        let figures = property_tours_from_totals(
            &range,
            DENVER,
            None,
            Some((day("2026-06-02"), &second)),
            at(2026, 5, 1, 18),
        );
        assert_eq!(figures.no_of_repeat_visitors, 1);
        assert_eq!(figures.days_since_last_tour, Some(8));
        // Toured only before the range: none in it, and days since that last tour.
        let figures = property_tours_from_totals(
            &range,
            DENVER,
            Some(&before),
            Some((day("2026-05-31"), &before)),
            at(2026, 5, 1, 18),
        );
        assert_eq!((figures.no_of_tours, figures.no_of_repeat_visitors), (0, 0));
        assert_eq!(
            (figures.top_toured_day, figures.days_since_last_tour),
            (None, Some(10))
        );
        let never = property_tours_from_totals(&range, DENVER, None, None, at(2026, 6, 20, 0));
        assert_eq!(
            never,
            property_tours(&range, DENVER, &[], at(2026, 6, 20, 0), None)
        );
    }

    #[test]
    fn a_communitys_visit_figures() {
        let range = ReportRange {
            start: day("2026-06-01"),
            end: day("2026-06-30"),
        };
        let visits = [
            visit(1, 7, true, "Web", at(2026, 6, 2, 16)), // Tuesday 10 AM
            visit(2, 7, true, "App", at(2026, 6, 9, 16)), // Tuesday 10 AM
            visit(2, 8, true, "Call", at(2026, 6, 5, 22)), // Friday 4 PM
            visit(2, 8, false, "Web", at(2026, 6, 6, 22)), // refused
            visit(3, 9, true, "", at(2026, 6, 7, 22)),    // no platform recorded
            visit(3, 9, true, "Web", at(2026, 7, 1, 22)), // after the range
        ];
        let refs: Vec<&VisitFact> = visits.iter().collect();
        let figures = community_visits(&range, &refs, 2);
        assert_eq!(
            figures,
            CommunityVisits {
                visits: 5,
                web_tours: 1,
                app_tours: 1,
                call_tours: 1,
                missed_tours: 2,
                // (7: homes 1 and 2; 8: home 2; 9: home 3) 4 pairs over 3 visitors.
                properties_per_customer: 1.33,
                top_tour_day_of_week: Some("Tuesday".into()),
                top_tour_time: Some("10:00 AM".into()),
            }
        );
        assert_eq!(community_visits(&range, &[], 0), CommunityVisits::default());
    }

    #[test]
    fn a_communitys_visit_figures_from_its_running_totals() {
        let before = VisitTotals {
            visits: 10,
            web_tours: 2,
            app_tours: 1,
            call_tours: 0,
            visitors: 4,
            pairs: 5,
            weekdays: [1; 7],
            hours: [1; 24],
        };
        let mut last = VisitTotals {
            visits: 15,
            web_tours: 3,
            app_tours: 2,
            call_tours: 1,
            visitors: 7,
            pairs: 9,
            ..before.clone()
        };
        // Two tours on Tuesdays and two on Fridays, two at 10 AM and two at 4 PM: the earliest of
        // equals is the top.
        last.weekdays[2] += 2;
        last.weekdays[5] += 2;
        last.hours[10] += 2;
        last.hours[16] += 2;
        let expected = CommunityVisits {
            visits: 5,
            web_tours: 1,
            app_tours: 1,
            call_tours: 1,
            missed_tours: 2,
            properties_per_customer: 1.33,
            top_tour_day_of_week: Some("Tuesday".into()),
            top_tour_time: Some("10:00 AM".into()),
        };
        assert_eq!(
            community_visits_from_totals(Some(&before), Some(&last), 2),
            expected
        );
        // Nothing before the range: every count is the last row's.
        let fresh = community_visits_from_totals(None, Some(&last), 0);
        assert_eq!((fresh.visits, fresh.properties_per_customer), (15, 1.29));
        assert_eq!(
            community_visits_from_totals(Some(&before), Some(&before), 0),
            CommunityVisits::default()
        );
        assert_eq!(
            community_visits_from_totals(None, None, 0),
            CommunityVisits::default()
        );
    }
}
