//! Staff roles, groups and the role label the console derives from them (spec 1 §6, spec 3 §3).

use serde::{Deserialize, Serialize};

/// A staff role as the staff form offers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Role {
    SuperAdmin,
    ProgramManager,
    SalesStaff,
    OtherStaff,
    TradeContractor,
}

impl Role {
    pub const ALL: [Role; 5] = [
        Role::SuperAdmin,
        Role::ProgramManager,
        Role::SalesStaff,
        Role::OtherStaff,
        Role::TradeContractor,
    ];

    pub fn id(self) -> i64 {
        match self {
            Role::SuperAdmin => 8,
            Role::ProgramManager => 4,
            Role::SalesStaff => 2,
            Role::OtherStaff => 1,
            Role::TradeContractor => 7,
        }
    }

    /// Maps a stored role id to a role; legacy ids -1 (Sales Staff) and 3, 5 (Other Staff) included.
    pub fn from_id(id: i64) -> Option<Role> {
        match id {
            8 => Some(Role::SuperAdmin),
            4 => Some(Role::ProgramManager),
            2 | -1 => Some(Role::SalesStaff),
            1 | 3 | 5 => Some(Role::OtherStaff),
            7 => Some(Role::TradeContractor),
            _ => None,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Role::SuperAdmin => "Super Admin",
            Role::ProgramManager => "Program Manager",
            Role::SalesStaff => "Sales Staff",
            Role::OtherStaff => "Other Staff",
            Role::TradeContractor => "Trade Contractor",
        }
    }

    pub fn description(self) -> &'static str {
        match self {
            Role::SuperAdmin => "All properties; inherits program manager features",
            Role::ProgramManager => {
                "Full permission for staff, properties, company settings; sees only assigned properties"
            }
            Role::SalesStaff => {
                "Receives visit alerts, sees property and visit details, staff app access; no users or settings"
            }
            Role::OtherStaff => "Non-lead agents and field staff, mobile app access to homes only",
            Role::TradeContractor => "Tradespeople with mobile app access to properties",
        }
    }

    /// Program managers and super admins carry the property-manager flag.
    pub fn is_project_manager(self) -> bool {
        matches!(self, Role::SuperAdmin | Role::ProgramManager)
    }

    /// The group a role puts its holder in (group ids share the role ids).
    pub fn group_id(self) -> i64 {
        self.id()
    }

    /// Where the role stands among staff roles: a manager grants and manages roles up to their own.
    pub fn rank(self) -> u8 {
        match self {
            Role::OtherStaff | Role::TradeContractor => 0,
            Role::SalesStaff => 1,
            Role::ProgramManager => 2,
            Role::SuperAdmin => 3,
        }
    }

    /// Other Staff and Trade Contractors get no lead notifications.
    pub fn receives_lead_notifications(self) -> bool {
        matches!(
            self,
            Role::SuperAdmin | Role::ProgramManager | Role::SalesStaff
        )
    }
}

/// How far an account reaches: one builder's data, an enterprise's builders, or the platform.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    Builder,
    Enterprise(i64),
    Platform,
}

/// An account as staff management sees it: its reach and its staff role (None: a legacy or
/// unknown role id, which ranks lowest).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Account {
    pub reach: Reach,
    pub role: Option<Role>,
}

impl Account {
    fn rank(self) -> u8 {
        self.role.map_or(0, Role::rank)
    }

    /// Whether this account may edit, reset, remove or end the sessions of `target` (already
    /// known to lie in its builders): never one whose reach is wider than its own, nor one whose
    /// role stands above its own. The platform admin manages everyone.
    pub fn may_manage(self, target: Account) -> bool {
        let reach_within = match (self.reach, target.reach) {
            (Reach::Platform, _) => return true,
            (_, Reach::Platform) => false,
            (_, Reach::Builder) => true,
            (Reach::Enterprise(own), Reach::Enterprise(theirs)) => own == theirs,
            (Reach::Builder, Reach::Enterprise(_)) => false,
        };
        reach_within && target.rank() <= self.rank()
    }

    /// Whether this account may give someone `role`: none above its own.
    pub fn may_grant(self, role: Role) -> bool {
        self.reach == Reach::Platform || role.rank() <= self.rank()
    }
}

/// The enterprise group id.
pub const ENTERPRISE_GROUP: i64 = 6;

/// The role label of spec 1 §6: PM for the property-manager flag, OTHER STAFF for role 1 or 7.
pub fn role_label(is_pm: bool, role_id: i64) -> &'static str {
    if is_pm {
        "PM"
    } else if role_id == 1 || role_id == 7 {
        "OTHER STAFF"
    } else {
        "USER"
    }
}

/// Short group labels shown beside agents.
pub fn group_label(group_id: i64) -> &'static str {
    match group_id {
        1 => "OS",
        2 => "SS",
        3 => "CC",
        4 => "PM",
        6 => "EN",
        7 => "TC",
        8 => "SA",
        _ => "OS",
    }
}

/// Agents in these groups are never offered for teams or property assignment.
pub fn offerable_for_assignment(group_ids: &[i64]) -> bool {
    !group_ids.iter().any(|g| *g == 1 || *g == 7)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn role_ids_round_trip() {
        for role in Role::ALL {
            assert_eq!(Role::from_id(role.id()), Some(role));
        }
    }

    #[test]
    fn legacy_ids_map_as_the_spec_says() {
        assert_eq!(Role::from_id(-1), Some(Role::SalesStaff));
        assert_eq!(Role::from_id(3), Some(Role::OtherStaff));
        assert_eq!(Role::from_id(5), Some(Role::OtherStaff));
        assert_eq!(Role::from_id(99), None);
    }

    #[test]
    fn role_label_derivation() {
        assert_eq!(role_label(true, 1), "PM");
        assert_eq!(role_label(false, 1), "OTHER STAFF");
        assert_eq!(role_label(false, 7), "OTHER STAFF");
        assert_eq!(role_label(false, 2), "USER");
        assert_eq!(role_label(false, 4), "USER");
    }

    #[test]
    fn group_labels() {
        let labels: Vec<_> = [1, 2, 3, 4, 6, 7, 8, 5, 0]
            .iter()
            .map(|g| group_label(*g))
            .collect();
        assert_eq!(
            labels,
            ["OS", "SS", "CC", "PM", "EN", "TC", "SA", "OS", "OS"]
        );
    }

    #[test]
    fn pm_flag_and_notifications() {
        assert!(Role::ProgramManager.is_project_manager());
        assert!(Role::SuperAdmin.is_project_manager());
        assert!(!Role::SalesStaff.is_project_manager());
        assert!(Role::SalesStaff.receives_lead_notifications());
        assert!(!Role::OtherStaff.receives_lead_notifications());
        assert!(!Role::TradeContractor.receives_lead_notifications());
    }

    fn account(reach: Reach, role: Role) -> Account {
        Account {
            reach,
            role: Some(role),
        }
    }

    #[test]
    fn managers_reach_no_wider_account_and_no_higher_role() {
        let pm = account(Reach::Builder, Role::ProgramManager);
        let sales = account(Reach::Builder, Role::SalesStaff);
        let super_admin = account(Reach::Builder, Role::SuperAdmin);
        let enterprise = account(Reach::Enterprise(1), Role::ProgramManager);
        let other_enterprise = account(Reach::Enterprise(2), Role::ProgramManager);
        let admin = account(Reach::Platform, Role::SuperAdmin);
        assert!(pm.may_manage(sales));
        assert!(pm.may_manage(pm));
        assert!(!pm.may_manage(super_admin));
        assert!(!pm.may_manage(enterprise));
        assert!(!pm.may_manage(admin));
        assert!(!sales.may_manage(pm));
        assert!(super_admin.may_manage(pm));
        assert!(!super_admin.may_manage(enterprise));
        assert!(enterprise.may_manage(pm));
        assert!(enterprise.may_manage(enterprise));
        assert!(!enterprise.may_manage(other_enterprise));
        assert!(!enterprise.may_manage(super_admin));
        assert!(!enterprise.may_manage(admin));
        assert!(admin.may_manage(enterprise));
        assert!(admin.may_manage(super_admin));
        let legacy = Account {
            reach: Reach::Builder,
            role: None,
        };
        assert!(pm.may_manage(legacy));
        assert!(!legacy.may_manage(sales));
    }

    #[test]
    fn managers_grant_roles_up_to_their_own() {
        let pm = account(Reach::Builder, Role::ProgramManager);
        assert!(pm.may_grant(Role::ProgramManager));
        assert!(pm.may_grant(Role::TradeContractor));
        assert!(!pm.may_grant(Role::SuperAdmin));
        assert!(account(Reach::Builder, Role::SuperAdmin).may_grant(Role::SuperAdmin));
        assert!(!account(Reach::Builder, Role::SalesStaff).may_grant(Role::ProgramManager));
        assert!(account(Reach::Platform, Role::SalesStaff).may_grant(Role::SuperAdmin));
    }

    #[test]
    fn other_staff_and_trade_are_not_offered() {
        assert!(offerable_for_assignment(&[2]));
        assert!(offerable_for_assignment(&[4, 8]));
        assert!(!offerable_for_assignment(&[1]));
        assert!(!offerable_for_assignment(&[2, 7]));
    }
}
