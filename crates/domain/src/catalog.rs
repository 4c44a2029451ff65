//! Seeded catalog values with the spec's ids (spec 1 §3–4, spec 2 §3, spec 3 §3).
//! Catalog ids are unique across types, so one table holds them all.

/// Catalog type ids.
pub const TYPE_DISPOSITION: i64 = 1;
pub const TYPE_TIMEZONE: i64 = 6;
pub const TYPE_LOCK_STATUS: i64 = 7;
pub const TYPE_VISITOR_TYPE: i64 = 12;
pub const TYPE_VISITOR_STATUS: i64 = 15;

/// One seeded catalog row: (catalog_id, catalog_type_id, name, value, description).
pub type CatalogRow = (i64, i64, &'static str, &'static str, &'static str);

/// A property disposition with its billing and touring rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Disposition {
    pub id: i64,
    pub name: &'static str,
    pub constant: &'static str,
    pub billable: bool,
    pub tours: bool,
}

pub const DISPOSITIONS: [Disposition; 9] = [
    Disposition {
        id: 10,
        name: "Archived",
        constant: "PROPERTY_ARCHIVED",
        billable: false,
        tours: false,
    },
    Disposition {
        id: 11,
        name: "Accessible",
        constant: "PROPERTY_AVAILABLE",
        billable: true,
        tours: true,
    },
    Disposition {
        id: 12,
        name: "Under Contract",
        constant: "PROPERTY_UNDER_CONTRACT",
        billable: true,
        tours: true,
    },
    Disposition {
        id: 13,
        name: "Sold",
        constant: "PROPERTY_SOLD",
        billable: false,
        tours: false,
    },
    Disposition {
        id: 14,
        name: "Rented",
        constant: "PROPERTY_RENTED",
        billable: true,
        tours: false,
    },
    Disposition {
        id: 15,
        name: "Created",
        constant: "PROPERTY_CREATED",
        billable: false,
        tours: false,
    },
    Disposition {
        id: 16,
        name: "Non-Accessible",
        constant: "PROPERTY_NOT_AVAILABLE",
        billable: false,
        tours: false,
    },
    Disposition {
        id: 17,
        name: "Smart Lock Maintenance",
        constant: "PROPERTY_SMART_LOCK_MAINTENANCE",
        billable: false,
        tours: false,
    },
    Disposition {
        id: 18,
        name: "Staff Access",
        constant: "PROPERTY_STAFF_ACCESS",
        billable: true,
        tours: false,
    },
];

pub fn disposition_by_constant(constant: &str) -> Option<&'static Disposition> {
    DISPOSITIONS.iter().find(|d| d.constant == constant)
}

/// Time zones: 51 Denver, 52 New York, 53 Chicago, 54 Los Angeles; New York is the default.
pub const TIMEZONES: [(i64, &str, &str); 4] = [
    (51, "America/Denver", "MT"),
    (52, "America/New_York", "ET"),
    (53, "America/Chicago", "CT"),
    (54, "America/Los_Angeles", "PT"),
];
pub const DEFAULT_TIMEZONE: i64 = 52;

/// A time zone id's name (America/New_York...) and abbreviation (ET...), as API rows show them.
pub fn timezone_names(id: i64) -> (Option<String>, Option<String>) {
    let zone = TIMEZONES.iter().find(|(tz, _, _)| *tz == id);
    (
        zone.map(|(_, name, _)| name.to_string()),
        zone.map(|(_, _, abbr)| abbr.to_string()),
    )
}

pub fn is_timezone(id: i64) -> bool {
    TIMEZONES.iter().any(|(tz, _, _)| *tz == id)
}

pub const LOCK_STATUSES: [(i64, &str); 8] = [
    (71, "Active"),
    (72, "Awaiting Repair"),
    (73, "Broken"),
    (74, "Down"),
    (75, "Lost"),
    (76, "Maintenance"),
    (77, "Retired"),
    (78, "Unassigned"),
];

pub const VISITOR_TYPES: [(i64, &str, &str); 5] = [
    (122, "V", "Visitor"),
    (123, "AG", "Agent"),
    (124, "TC", "Trade contractor"),
    (125, "CL", "Client"),
    (126, "NN", "Not named"),
];

pub const BLACKLISTED: i64 = 155;
pub const NOT_BLACKLISTED: i64 = 154;

pub const VISITOR_STATUSES: [(i64, &str, &str); 9] = [
    (154, "Not blacklisted", "NOT_BLACKLISTED"),
    (155, "Blacklisted", "BLACKLISTED"),
    (156, "Accessed", "ACCESSED"),
    (157, "Deny", "DENY"),
    (158, "NA-I", "NA_I"),
    (159, "NA-L", "NA_L"),
    (160, "NA-T", "NA_T"),
    (161, "NA-V", "NA_V"),
    (162, "NC", "NC"),
];

/// Every seeded catalog row.
pub fn rows() -> Vec<CatalogRow> {
    let mut rows: Vec<CatalogRow> = Vec::new();
    for d in &DISPOSITIONS {
        let description = match (d.billable, d.tours) {
            (true, true) => "billable; tours",
            (true, false) => "billable; no tours",
            (false, true) => "not billable; tours",
            (false, false) => "not billable; no tours",
        };
        rows.push((d.id, TYPE_DISPOSITION, d.name, d.constant, description));
    }
    for (id, zone, abbr) in &TIMEZONES {
        rows.push((*id, TYPE_TIMEZONE, city_of(zone), zone, abbr));
    }
    for (id, name) in &LOCK_STATUSES {
        rows.push((*id, TYPE_LOCK_STATUS, name, name, ""));
    }
    for (id, name, description) in &VISITOR_TYPES {
        rows.push((*id, TYPE_VISITOR_TYPE, name, name, description));
    }
    for (id, name, value) in &VISITOR_STATUSES {
        rows.push((*id, TYPE_VISITOR_STATUS, name, value, ""));
    }
    rows
}

fn city_of(zone: &'static str) -> &'static str {
    match zone {
        "America/Denver" => "Denver",
        "America/New_York" => "New York",
        "America/Chicago" => "Chicago",
        _ => "Los Angeles",
    }
}

/// US states and Canadian provinces: (state_id, code, name).
pub const STATES: [(i64, &str, &str); 64] = [
    (1, "AL", "Alabama"),
    (2, "AK", "Alaska"),
    (3, "AZ", "Arizona"),
    (4, "AR", "Arkansas"),
    (5, "CA", "California"),
    (6, "CO", "Colorado"),
    (7, "CT", "Connecticut"),
    (8, "DE", "Delaware"),
    (9, "DC", "District of Columbia"),
    (10, "FL", "Florida"),
    (11, "GA", "Georgia"),
    (12, "HI", "Hawaii"),
    (13, "ID", "Idaho"),
    (14, "IL", "Illinois"),
    (15, "IN", "Indiana"),
    (16, "IA", "Iowa"),
    (17, "KS", "Kansas"),
    (18, "KY", "Kentucky"),
    (19, "LA", "Louisiana"),
    (20, "ME", "Maine"),
    (21, "MD", "Maryland"),
    (22, "MA", "Massachusetts"),
    (23, "MI", "Michigan"),
    (24, "MN", "Minnesota"),
    (25, "MS", "Mississippi"),
    (26, "MO", "Missouri"),
    (27, "MT", "Montana"),
    (28, "NE", "Nebraska"),
    (29, "NV", "Nevada"),
    (30, "NH", "New Hampshire"),
    (31, "NJ", "New Jersey"),
    (32, "NM", "New Mexico"),
    (33, "NY", "New York"),
    (34, "NC", "North Carolina"),
    (35, "ND", "North Dakota"),
    (36, "OH", "Ohio"),
    (37, "OK", "Oklahoma"),
    (38, "OR", "Oregon"),
    (39, "PA", "Pennsylvania"),
    (40, "RI", "Rhode Island"),
    (41, "SC", "South Carolina"),
    (42, "SD", "South Dakota"),
    (43, "TN", "Tennessee"),
    (44, "TX", "Texas"),
    (45, "UT", "Utah"),
    (46, "VT", "Vermont"),
    (47, "VA", "Virginia"),
    (48, "WA", "Washington"),
    (49, "WV", "West Virginia"),
    (50, "WI", "Wisconsin"),
    (51, "WY", "Wyoming"),
    (52, "AB", "Alberta"),
    (53, "BC", "British Columbia"),
    (54, "MB", "Manitoba"),
    (55, "NB", "New Brunswick"),
    (56, "NL", "Newfoundland and Labrador"),
    (57, "NS", "Nova Scotia"),
    (58, "ON", "Ontario"),
    (59, "PE", "Prince Edward Island"),
    (60, "QC", "Quebec"),
    (61, "SK", "Saskatchewan"),
    (62, "NT", "Northwest Territories"),
    (63, "NU", "Nunavut"),
    (64, "YT", "Yukon"),
];

/// The approximate centre of each state and province: (code, latitude, longitude).
pub const STATE_CENTRES: [(&str, f64, f64); 64] = [
    ("AL", 32.8, -86.8),
    ("AK", 64.7, -152.3),
    ("AZ", 34.3, -111.7),
    ("AR", 34.9, -92.4),
    ("CA", 37.2, -119.4),
    ("CO", 39.0, -105.5),
    ("CT", 41.6, -72.7),
    ("DE", 39.0, -75.5),
    ("DC", 38.9, -77.0),
    ("FL", 28.6, -82.4),
    ("GA", 32.7, -83.4),
    ("HI", 20.3, -156.4),
    ("ID", 44.4, -114.6),
    ("IL", 40.0, -89.2),
    ("IN", 39.9, -86.3),
    ("IA", 42.1, -93.5),
    ("KS", 38.5, -98.4),
    ("KY", 37.5, -85.3),
    ("LA", 31.1, -92.0),
    ("ME", 45.4, -69.2),
    ("MD", 39.0, -76.8),
    ("MA", 42.3, -71.8),
    ("MI", 44.3, -85.4),
    ("MN", 46.3, -94.3),
    ("MS", 32.7, -89.7),
    ("MO", 38.4, -92.5),
    ("MT", 47.0, -109.6),
    ("NE", 41.5, -99.8),
    ("NV", 39.3, -116.6),
    ("NH", 43.7, -71.6),
    ("NJ", 40.2, -74.7),
    ("NM", 34.4, -106.1),
    ("NY", 42.9, -75.5),
    ("NC", 35.6, -79.4),
    ("ND", 47.5, -100.5),
    ("OH", 40.3, -82.8),
    ("OK", 35.6, -97.5),
    ("OR", 43.9, -120.6),
    ("PA", 40.9, -77.8),
    ("RI", 41.7, -71.5),
    ("SC", 33.9, -80.9),
    ("SD", 44.4, -100.2),
    ("TN", 35.9, -86.4),
    ("TX", 31.5, -99.3),
    ("UT", 39.3, -111.7),
    ("VT", 44.1, -72.7),
    ("VA", 37.5, -78.9),
    ("WA", 47.4, -120.5),
    ("WV", 38.6, -80.6),
    ("WI", 44.6, -89.9),
    ("WY", 43.0, -107.6),
    ("AB", 55.0, -115.0),
    ("BC", 53.7, -127.6),
    ("MB", 55.0, -97.0),
    ("NB", 46.6, -66.5),
    ("NL", 53.1, -57.7),
    ("NS", 45.0, -63.0),
    ("ON", 50.0, -85.0),
    ("PE", 46.5, -63.4),
    ("QC", 52.9, -73.5),
    ("SK", 55.0, -106.0),
    ("NT", 64.8, -124.8),
    ("NU", 70.3, -83.1),
    ("YT", 64.3, -135.0),
];

/// The centre of a state or province named by code or name.
pub fn state_centre(state: &str) -> Option<(f64, f64)> {
    let state = state.trim();
    let code = STATES
        .iter()
        .find(|(_, code, name)| {
            code.eq_ignore_ascii_case(state) || name.eq_ignore_ascii_case(state)
        })
        .map(|s| s.1)?;
    STATE_CENTRES
        .iter()
        .find(|(c, _, _)| *c == code)
        .map(|(_, lat, lng)| (*lat, *lng))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn catalog_ids_are_unique() {
        let rows = rows();
        let ids: HashSet<_> = rows.iter().map(|r| r.0).collect();
        assert_eq!(ids.len(), rows.len());
    }

    #[test]
    fn spec_ids_are_seeded() {
        let rows = rows();
        let find = |id: i64| rows.iter().find(|r| r.0 == id).cloned();
        assert_eq!(
            find(51).map(|r| (r.1, r.2)),
            Some((TYPE_TIMEZONE, "Denver"))
        );
        assert_eq!(find(52).map(|r| r.2), Some("New York"));
        assert_eq!(find(53).map(|r| r.2), Some("Chicago"));
        assert_eq!(find(54).map(|r| r.2), Some("Los Angeles"));
        for (id, name) in [
            (122, "V"),
            (123, "AG"),
            (124, "TC"),
            (125, "CL"),
            (126, "NN"),
        ] {
            assert_eq!(find(id).map(|r| r.2), Some(name));
        }
        assert_eq!(find(155).map(|r| r.2), Some("Blacklisted"));
        assert_eq!(find(154).map(|r| r.2), Some("Not blacklisted"));
    }

    #[test]
    fn nine_dispositions_with_their_rules() {
        assert_eq!(rows().iter().filter(|r| r.1 == TYPE_DISPOSITION).count(), 9);
        let accessible = disposition_by_constant("PROPERTY_AVAILABLE").unwrap();
        assert_eq!(accessible.name, "Accessible");
        assert!(accessible.billable && accessible.tours);
        let rented = disposition_by_constant("PROPERTY_RENTED").unwrap();
        assert!(rented.billable && !rented.tours);
        let staff = disposition_by_constant("PROPERTY_STAFF_ACCESS").unwrap();
        assert!(staff.billable && !staff.tours);
        assert!(!disposition_by_constant("PROPERTY_SOLD").unwrap().billable);
        assert!(disposition_by_constant("NOPE").is_none());
    }

    #[test]
    fn timezones() {
        assert!(is_timezone(DEFAULT_TIMEZONE));
        assert!(!is_timezone(0));
    }

    #[test]
    fn every_state_has_a_centre() {
        for (_, code, name) in STATES {
            assert!(state_centre(code).is_some(), "{code}");
            assert_eq!(state_centre(name), state_centre(code));
        }
        assert_eq!(state_centre("tx"), Some((31.5, -99.3)));
        assert_eq!(state_centre("Atlantis"), None);
    }

    #[test]
    fn states_cover_us_and_canada() {
        let ids: HashSet<_> = STATES.iter().map(|s| s.0).collect();
        assert_eq!(ids.len(), STATES.len());
        assert!(STATES.iter().any(|s| s.2 == "Texas"));
        assert!(STATES.iter().any(|s| s.2 == "Ontario"));
    }
}
