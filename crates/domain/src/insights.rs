//! Insights (issue 21; the layout is ours): tours over time, by weekday and by hour, the funnel
//! from registration to tour to offer to sale, and each community's figures, for a range of
//! days, each counted on its home's clock. docs/insights.md defines every figure.

use std::collections::BTreeMap;

use chrono::{DateTime, Datelike, Duration, NaiveDate, Timelike, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use crate::reports::ReportRange;
use crate::zones;

/// Visits that began in one UTC hour at homes of one zone, toured or not. The zones' offsets are
/// whole hours, so such an hour is one hour of the home's clock too.
#[derive(Debug, Clone, PartialEq)]
pub struct VisitHour {
    pub timezone: i64,
    pub hour: DateTime<Utc>,
    pub toured: bool,
    pub visits: i64,
}

/// How the tours over time are grouped: by day up to three months, by week (from Sunday) up to
/// a year, else by month.
pub fn granularity(range: &ReportRange) -> &'static str {
    match range.days() {
        0..=92 => "day",
        93..=366 => "week",
        _ => "month",
    }
}

/// The first day of the period `day` falls in.
pub fn period_of(day: NaiveDate, granularity: &str) -> NaiveDate {
    match granularity {
        "week" => day - Duration::days(i64::from(day.weekday().num_days_from_sunday())),
        "month" => day.with_day(1).expect("every month has a first day"),
        _ => day,
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct PeriodCount {
    /// The period's first day (yyyy-MM-dd).
    pub period: NaiveDate,
    pub visits: i64,
    pub tours: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct WeekdayCount {
    pub weekday: String,
    pub tours: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct HourCount {
    /// 0 to 23 on the homes' clocks.
    pub hour: u32,
    pub label: String,
    pub tours: i64,
}

/// The visit-based charts, folded from the hours.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct TourCharts {
    pub granularity: String,
    #[serde(rename = "toursOverTime")]
    pub tours_over_time: Vec<PeriodCount>,
    #[serde(rename = "byWeekday")]
    pub by_weekday: Vec<WeekdayCount>,
    #[serde(rename = "byHour")]
    pub by_hour: Vec<HourCount>,
}

/// Visits and tours of one day of the homes' clocks.
#[derive(Debug, Clone, PartialEq)]
pub struct DayCount {
    pub day: NaiveDate,
    pub visits: i64,
    pub tours: i64,
}

/// Reads visit hours on their homes' clocks: the visits and tours of each day of the range, and
/// the range's tours by hour of the clock.
pub fn days_and_hours(range: &ReportRange, hours: &[VisitHour]) -> (Vec<DayCount>, [i64; 24]) {
    let mut days: BTreeMap<NaiveDate, (i64, i64)> = BTreeMap::new();
    let mut by_hour = [0i64; 24];
    for hour in hours {
        let local = zones::to_local(hour.timezone, hour.hour);
        if !range.contains(local.date()) {
            continue;
        }
        let entry = days.entry(local.date()).or_default();
        entry.0 += hour.visits;
        if hour.toured {
            entry.1 += hour.visits;
            by_hour[local.hour() as usize] += hour.visits;
        }
    }
    let days = days
        .into_iter()
        .map(|(day, (visits, tours))| DayCount { day, visits, tours })
        .collect();
    (days, by_hour)
}

/// Folds the days' counts and the tours by hour into the charts: every period of the range
/// (empty ones too), the seven weekdays and the 24 hours. Days outside the range count nowhere.
pub fn tour_charts(range: &ReportRange, days: &[DayCount], by_hour: &[i64; 24]) -> TourCharts {
    let granularity = granularity(range);
    let mut periods: BTreeMap<NaiveDate, (i64, i64)> = BTreeMap::new();
    let mut day = range.start;
    while day <= range.end {
        periods.entry(period_of(day, granularity)).or_default();
        day = day.succ_opt().expect("a next day");
    }
    let mut weekdays = [0i64; 7];
    for count in days.iter().filter(|count| range.contains(count.day)) {
        let entry = periods
            .entry(period_of(count.day, granularity))
            .or_default();
        entry.0 += count.visits;
        entry.1 += count.tours;
        weekdays[count.day.weekday().num_days_from_sunday() as usize] += count.tours;
    }
    TourCharts {
        granularity: granularity.to_string(),
        tours_over_time: periods
            .into_iter()
            .map(|(period, (visits, tours))| PeriodCount {
                period,
                visits,
                tours,
            })
            .collect(),
        by_weekday: weekdays
            .iter()
            .enumerate()
            .map(|(n, tours)| WeekdayCount {
                weekday: crate::hours::DAY_NAMES[n].to_string(),
                tours: *tours,
            })
            .collect(),
        by_hour: by_hour
            .iter()
            .enumerate()
            .map(|(h, tours)| HourCount {
                hour: h as u32,
                label: crate::reports::hour_label(h as u32),
                tours: *tours,
            })
            .collect(),
    }
}

/// The range as tallies keep it: its whole months (yyyy-MM) and the runs of days of its partial
/// months (each run within one month, so no month's key sorts between its ends).
pub fn spans(range: &ReportRange) -> (Vec<String>, Vec<(NaiveDate, NaiveDate)>) {
    let mut months = Vec::new();
    let mut runs = Vec::new();
    let mut first = range.start;
    while first <= range.end {
        let next_month = if first.month() == 12 {
            NaiveDate::from_ymd_opt(first.year() + 1, 1, 1)
        } else {
            NaiveDate::from_ymd_opt(first.year(), first.month() + 1, 1)
        }
        .expect("a next month");
        let month_end = next_month.pred_opt().expect("a month's last day");
        let last = month_end.min(range.end);
        if first.day() == 1 && last == month_end {
            months.push(first.format("%Y-%m").to_string());
        } else {
            runs.push((first, last));
        }
        first = next_month;
    }
    (months, runs)
}

/// The range as the communities' tallies keep it: whole months and whole weeks of a month
/// (yyyy-MM/1 for the 1st to the 7th ... yyyy-MM/4 for the 22nd to the 28th), and the runs of
/// days left over (each within one month).
pub fn week_spans(range: &ReportRange) -> (Vec<String>, Vec<(NaiveDate, NaiveDate)>) {
    let (mut keys, runs) = spans(range);
    let mut days = Vec::new();
    for (first, last) in runs {
        let weeks: Vec<u32> = (1..=4)
            .filter(|week| week * 7 - 6 >= first.day() && week * 7 <= last.day())
            .collect();
        let (Some(first_week), Some(last_week)) = (weeks.first(), weeks.last()) else {
            days.push((first, last));
            continue;
        };
        keys.extend(
            weeks
                .iter()
                .map(|week| format!("{}/{week}", first.format("%Y-%m"))),
        );
        let week_starts = first
            .with_day(first_week * 7 - 6)
            .expect("a week's first day");
        let week_ends = first.with_day(last_week * 7).expect("a week's last day");
        if first < week_starts {
            days.push((first, week_starts.pred_opt().expect("a day before")));
        }
        if week_ends < last {
            days.push((week_ends.succ_opt().expect("a day after"), last));
        }
    }
    (keys, days)
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct FunnelStage {
    pub stage: String,
    pub count: i64,
}

/// The funnel's four stages in order.
pub fn funnel(registered: i64, toured: i64, offered: i64, sold: i64) -> Vec<FunnelStage> {
    [
        ("Registered", registered),
        ("Toured", toured),
        ("Made an offer", offered),
        ("Bought or rented", sold),
    ]
    .into_iter()
    .map(|(stage, count)| FunnelStage {
        stage: stage.to_string(),
        count,
    })
    .collect()
}

/// A community's line: its visits and tours in the range, offers made on its homes and its homes
/// sold (or rented) after a tour.
#[derive(Debug, Clone, Default, PartialEq, Serialize, ToSchema)]
pub struct CommunityInsight {
    #[serde(rename = "communityId")]
    pub community_id: i64,
    pub community: String,
    pub visits: i64,
    pub tours: i64,
    pub offers: i64,
    pub sales: i64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn day(text: &str) -> NaiveDate {
        text.parse().unwrap()
    }

    fn hour(y: i32, m: u32, d: u32, h: u32, toured: bool, visits: i64) -> VisitHour {
        VisitHour {
            timezone: 53,
            hour: Utc.with_ymd_and_hms(y, m, d, h, 0, 0).unwrap(),
            toured,
            visits,
        }
    }

    #[test]
    fn periods_follow_the_length_of_the_range() {
        let range = |s: &str, e: &str| ReportRange {
            start: day(s),
            end: day(e),
        };
        assert_eq!(granularity(&range("2026-09-01", "2026-11-30")), "day");
        assert_eq!(granularity(&range("2026-01-01", "2026-12-31")), "week");
        assert_eq!(granularity(&range("2025-01-01", "2026-12-31")), "month");
        // 2026-11-26 is a Thursday; its week starts on Sunday the 22nd.
        assert_eq!(period_of(day("2026-11-26"), "week"), day("2026-11-22"));
        assert_eq!(period_of(day("2026-11-26"), "month"), day("2026-11-01"));
    }

    #[test]
    fn a_range_is_its_whole_months_and_runs_of_days_within_one_month() {
        let range = |s: &str, e: &str| ReportRange {
            start: day(s),
            end: day(e),
        };
        let (months, runs) = spans(&range("2025-11-28", "2026-02-10"));
        assert_eq!(months, vec!["2025-12", "2026-01"]);
        assert_eq!(
            runs,
            vec![
                (day("2025-11-28"), day("2025-11-30")),
                (day("2026-02-01"), day("2026-02-10"))
            ]
        );
        let (months, runs) = spans(&range("2026-02-01", "2026-02-28"));
        assert_eq!((months, runs), (vec!["2026-02".to_string()], vec![]));
        let (months, runs) = spans(&range("2026-03-05", "2026-03-05"));
        assert!(months.is_empty());
        assert_eq!(runs, vec![(day("2026-03-05"), day("2026-03-05"))]);
    }

    #[test]
    fn the_communities_read_whole_weeks_of_a_partial_month() {
        let range = |s: &str, e: &str| ReportRange {
            start: day(s),
            end: day(e),
        };
        let (keys, days) = week_spans(&range("2025-11-28", "2026-02-27"));
        assert_eq!(
            keys,
            vec!["2025-12", "2026-01", "2026-02/1", "2026-02/2", "2026-02/3"]
        );
        assert_eq!(
            days,
            vec![
                (day("2025-11-28"), day("2025-11-30")),
                (day("2026-02-22"), day("2026-02-27"))
            ]
        );
        let (keys, days) = week_spans(&range("2026-03-02", "2026-03-31"));
        assert_eq!(keys, vec!["2026-03/2", "2026-03/3", "2026-03/4"]);
        assert_eq!(
            days,
            vec![
                (day("2026-03-02"), day("2026-03-07")),
                (day("2026-03-29"), day("2026-03-31"))
            ]
        );
        let (keys, days) = week_spans(&range("2026-03-03", "2026-03-09"));
        assert!(keys.is_empty());
        assert_eq!(days, vec![(day("2026-03-03"), day("2026-03-09"))]);
    }

    #[test]
    fn hours_fold_into_days_weekdays_and_hours_of_the_homes_clock() {
        let range = ReportRange {
            start: day("2026-06-01"),
            end: day("2026-06-03"),
        };
        // Chicago is UTC-5 in June.
        let hours = [
            hour(2026, 6, 1, 19, true, 3),  // Monday 2 PM
            hour(2026, 6, 1, 19, false, 2), // the same hour, not toured
            hour(2026, 6, 3, 3, true, 1),   // Tuesday 10 PM, 3 June in UTC
            hour(2026, 6, 4, 6, true, 9),   // Thursday 1 AM: after the range
        ];
        let (days, by_hour) = days_and_hours(&range, &hours);
        let charts = tour_charts(&range, &days, &by_hour);
        assert_eq!(charts.granularity, "day");
        assert_eq!(
            charts.tours_over_time,
            vec![
                PeriodCount {
                    period: day("2026-06-01"),
                    visits: 5,
                    tours: 3
                },
                PeriodCount {
                    period: day("2026-06-02"),
                    visits: 1,
                    tours: 1
                },
                PeriodCount {
                    period: day("2026-06-03"),
                    visits: 0,
                    tours: 0
                },
            ]
        );
        assert_eq!(
            charts.by_weekday[1],
            WeekdayCount {
                weekday: "Monday".into(),
                tours: 3
            }
        );
        assert_eq!(charts.by_weekday[2].tours, 1);
        assert_eq!(charts.by_weekday.iter().map(|w| w.tours).sum::<i64>(), 4);
        assert_eq!(charts.by_hour[14].tours, 3);
        assert_eq!(charts.by_hour[22].label, "10:00 PM");
        assert_eq!(charts.by_hour[22].tours, 1);

        // A day outside the range counts nowhere.
        let outside = [DayCount {
            day: day("2026-06-04"),
            visits: 9,
            tours: 9,
        }];
        let charts = tour_charts(&range, &outside, &[0; 24]);
        assert!(charts.tours_over_time.iter().all(|p| p.visits == 0));
        assert!(charts.by_weekday.iter().all(|w| w.tours == 0));

        assert_eq!(
            funnel(10, 4, 2, 1)[2],
            FunnelStage {
                stage: "Made an offer".into(),
                count: 2
            }
        );
    }
}

/// Minutes of an agent's time a showing takes, which a self-tour outside staffed hours saves.
pub const SHOWING_MINUTES: i64 = 30;

/// A home sold (or rented) in the range, as the profit center reads it.
#[derive(Debug, Clone, PartialEq)]
pub struct Sale {
    pub community_id: i64,
    pub price_cents: Option<i64>,
    /// Whether it had a tour before the sale.
    pub toured: bool,
    /// Days from its activation to its sale, when it was activated first.
    pub days_on_market: Option<i64>,
}

/// What self-tours earned, for the builder or one community (the layout is ours).
#[derive(Debug, Clone, Default, PartialEq, Serialize, ToSchema)]
pub struct Earnings {
    #[serde(rename = "communityId")]
    pub community_id: i64,
    pub community: String,
    /// Homes sold or rented after a self-tour, and all sold or rented.
    #[serde(rename = "soldAfterTour")]
    pub sold_after_tour: i64,
    #[serde(rename = "soldTotal")]
    pub sold_total: i64,
    /// The list prices of the homes sold after a self-tour, in cents.
    #[serde(rename = "valueAfterTour")]
    pub value_after_tour: i64,
    /// Average days on market of the toured and the untoured homes sold; none without such homes.
    #[serde(rename = "daysOnMarketToured")]
    pub days_on_market_toured: Option<f64>,
    #[serde(rename = "daysOnMarketUntoured")]
    pub days_on_market_untoured: Option<f64>,
    /// Tours that began outside the community's staff hours, and the agent hours they saved.
    #[serde(rename = "toursOutsideStaffHours")]
    pub tours_outside_staff_hours: i64,
    #[serde(rename = "staffHoursSaved")]
    pub staff_hours_saved: f64,
}

fn average(values: impl Iterator<Item = i64>) -> Option<f64> {
    let values: Vec<i64> = values.collect();
    (!values.is_empty())
        .then(|| (values.iter().sum::<i64>() as f64 / values.len() as f64 * 10.0).round() / 10.0)
}

/// Sums up sales and the tours outside staff hours into a line (its name and id set by the caller).
pub fn earnings<'a>(
    sales: impl Iterator<Item = &'a Sale> + Clone,
    outside_staff_hours: i64,
) -> Earnings {
    let toured = sales.clone().filter(|s| s.toured);
    Earnings {
        sold_after_tour: toured.clone().count() as i64,
        sold_total: sales.clone().count() as i64,
        value_after_tour: toured.clone().filter_map(|s| s.price_cents).sum(),
        days_on_market_toured: average(toured.filter_map(|s| s.days_on_market)),
        days_on_market_untoured: average(
            sales.filter(|s| !s.toured).filter_map(|s| s.days_on_market),
        ),
        tours_outside_staff_hours: outside_staff_hours,
        staff_hours_saved: (outside_staff_hours * SHOWING_MINUTES) as f64 / 60.0,
        ..Earnings::default()
    }
}

#[cfg(test)]
mod earnings_tests {
    use super::*;

    #[test]
    fn earnings_sum_up_sales_and_saved_hours() {
        let sale = |toured, price, days| Sale {
            community_id: 1,
            price_cents: price,
            toured,
            days_on_market: days,
        };
        let sales = [
            sale(true, Some(40_000_000), Some(30)),
            sale(true, None, Some(45)),
            sale(false, Some(50_000_000), Some(90)),
            sale(false, Some(1), None),
        ];
        let line = earnings(sales.iter(), 5);
        assert_eq!((line.sold_after_tour, line.sold_total), (2, 4));
        assert_eq!(line.value_after_tour, 40_000_000);
        assert_eq!(line.days_on_market_toured, Some(37.5));
        assert_eq!(line.days_on_market_untoured, Some(90.0));
        assert_eq!(line.staff_hours_saved, 2.5);
        assert_eq!(earnings([].iter(), 0).days_on_market_toured, None);
    }
}
