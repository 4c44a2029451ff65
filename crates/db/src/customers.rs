//! Customers: the customers list, with what each customer row keeps of its visits; a customer's
//! detail (profile, visits, survey answers) and the blacklist.

use chrono::{DateTime, Utc};
use domain::lists::Order;
use serde::Serialize;
use sqlx::FromRow;
use utoipa::ToSchema;

use crate::list::{ListSpec, SearchWords, SortRuns};
use crate::{now, on_pool, Db, Result, Scope};

/// A customer as the customers list shows it (spec 2 §2).
#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct CustomerRow {
    pub customer_id: i64,
    pub firstname: String,
    pub lastname: String,
    pub email_1: Option<String>,
    pub cell_phone_1: Option<String>,
    /// Contact, or No contact once the visitor asked for no more texts.
    pub visitor_contact_status_id_value: String,
    pub visitor_type_id: i64,
    /// V, AG, TC or CL.
    pub visitor_type_id_value: String,
    pub visits_count: i64,
    pub last_visit_date: Option<DateTime<Utc>>,
    pub created_on: DateTime<Utc>,
    /// The home of the customer's last visit.
    pub last_visit_property_id: Option<i64>,
    /// The status of the customer's last visit (Accessed, NC, NA-V, NA-T, NA-L...).
    pub last_visit_status: Option<String>,
    /// 155 blacklisted, 154 not.
    pub visitor_status_id: i64,
    pub visitor_status_id_value: String,
    /// The time zone of the last visit's home (the list shows the last visit there).
    pub timezone: Option<i64>,
    /// Its abbreviation and name.
    #[sqlx(skip)]
    #[serde(flatten)]
    pub zone: crate::ZoneNames,
    pub builder_id: i64,
}

/// What the customers list (`CUSTOMERS`) can be narrowed to (catalogue ids).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CustomerFilter {
    /// Blacklisted or not.
    VisitorStatus(i64),
    VisitorType(i64),
    /// The status of the customer's last visit.
    LastVisitStatus(i64),
}

impl crate::list::Filter for CustomerFilter {
    fn add_to(&self, filters: &mut crate::list::Filters) {
        let (condition, id) = match *self {
            Self::VisitorStatus(id) => ("c.visitor_status_id = ?", id),
            Self::VisitorType(id) => ("c.visitor_type_id = ?", id),
            Self::LastVisitStatus(id) => ("c.last_visit_status_id = ?", id),
        };
        filters.add(condition, [crate::Value::from(id)]);
    }
}

pub const CUSTOMERS: ListSpec = ListSpec {
    columns: "c.customer_id, c.firstname, c.lastname, c.email_1, c.cell_phone_1, \
              CASE WHEN c.contactable THEN 'Contact' ELSE 'No contact' END AS visitor_contact_status_id_value, \
              c.visitor_type_id, t.name AS visitor_type_id_value, c.visits_count, c.last_visit_date, c.created_on, \
              c.last_visit_property_id, l.name AS last_visit_status, c.visitor_status_id, \
              s.name AS visitor_status_id_value, p.timezone, c.builder_id",
    from: "customers c JOIN catalog t ON t.catalog_id = c.visitor_type_id \
           JOIN catalog s ON s.catalog_id = c.visitor_status_id \
           LEFT JOIN catalog l ON l.catalog_id = c.last_visit_status_id \
           LEFT JOIN properties p ON p.property_id = c.last_visit_property_id",
    scope_column: "c.builder_id",
    // The names, email and phone in one column (lowered on PostgreSQL), with its trigram index
    // (migration 0040).
    search_columns: &["c.search_text"],
    search_columns_lowered: true,
    search_index: "customer_search",
    // The words of the same (migration 0058).
    search_words: Some(SearchWords {
        table: "customer_words",
        key: "customer_id",
        scope_column: "builder_id",
    }),
    sort_columns: &[
        ("customer_id", "c.customer_id"),
        ("firstname", "lower(c.firstname)"),
        ("lastname", "lower(c.lastname)"),
        ("visitor_contact_status_id_value", "c.contactable"),
        ("visitor_type_id_value", "t.name"),
        ("visits_count", "c.visits_count"),
        ("last_visit_date", "c.last_visit_date"),
        ("created_on", "c.created_on"),
        ("last_visit_property_id", "c.last_visit_property_id"),
        ("last_visit_status", "l.name"),
        ("visitor_status_id_value", "s.name"),
    ],
    default_sort: ("last_visit_date", Order::Desc),
    tie_breaker: "c.customer_id",
    key_column: "c.customer_id",
    base: "customers c",
    // Customers per builder, type, status and last visit's status (migration 0040).
    totals: "customer_counts c",
    totals_count: "c.customers",
    totals_columns: &[
        "c.builder_id",
        "c.visitor_type_id",
        "c.visitor_status_id",
        "c.last_visit_status_id",
    ],
    // Visitor types (catalog type 12) and visitor statuses (type 15; a customer without visits
    // has no last status).
    sort_runs: &[
        SortRuns {
            sort: "visitor_type_id_value",
            reference: "c.visitor_type_id",
            names: "SELECT catalog_id AS run_key, name AS run_name FROM catalog WHERE catalog_type_id = 12",
            nullable: false,
        },
        SortRuns {
            sort: "last_visit_status",
            reference: "c.last_visit_status_id",
            names: "SELECT catalog_id AS run_key, name AS run_name FROM catalog WHERE catalog_type_id = 15",
            nullable: true,
        },
        SortRuns {
            sort: "visitor_status_id_value",
            reference: "c.visitor_status_id",
            names: "SELECT catalog_id AS run_key, name AS run_name FROM catalog WHERE catalog_type_id = 15",
            nullable: false,
        },
    ],
    // An order index for every sort of the customer's own columns (migration 0040).
    walk_orders: true,
    // One builder's 10,000 customers are tested in 3.5 ms; a common name's 8,000 matches over
    // twenty builders take 10 ms to find in the trigram index.
    scan_rows: 20_000,
    // Customers who never toured (verified, or shared with) have no last visit.
    nullable_sorts: &["c.last_visit_date"],
    ..ListSpec::PLAIN
};

/// A customer as the detail page shows it (spec 2 §2, §3).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CustomerDetail {
    #[serde(flatten)]
    pub profile: CustomerProfile,
    /// Newest first.
    pub visits: Vec<CustomerVisit>,
    /// The visitor's survey answers, newest first, each survey in its questions' order.
    #[serde(rename = "surveyResults")]
    pub survey_results: Vec<SurveyResult>,
}

#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct CustomerProfile {
    pub customer_id: i64,
    pub builder_id: i64,
    pub firstname: String,
    pub lastname: String,
    pub email_1: Option<String>,
    pub cell_phone_1: Option<String>,
    pub street_address: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub zipcode: Option<String>,
    /// 155 blacklisted, 154 not.
    pub visitor_status_id: i64,
    pub visitor_status_id_value: String,
    pub visitor_type_id: i64,
    pub visitor_type_id_value: String,
    pub visitor_contact_status_id_value: String,
    /// When the visitor took the selfie the builder asks for (`GET .../selfie` shows it).
    pub selfie_on: Option<DateTime<Utc>>,
}

/// One visit of the customer's activity.
#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct CustomerVisit {
    pub customer_visit_id: i64,
    pub modified_on: DateTime<Utc>,
    /// The home's time zone id; its abbreviation and name follow.
    #[serde(skip)]
    pub timezone: i64,
    #[sqlx(skip)]
    #[serde(rename = "propertyTimezone")]
    pub property_timezone: Option<String>,
    #[sqlx(skip)]
    #[serde(rename = "propTimezoneValue")]
    pub prop_timezone_value: Option<String>,
    pub visit_status_id_value: String,
    pub attribution: Option<String>,
    pub property_id: i64,
    pub address_1: String,
    /// The home's Lot #.
    pub house_num: Option<String>,
    /// The builder's name.
    pub builder: String,
    /// The home's agents.
    #[sqlx(skip)]
    pub agents: Vec<HomeAgent>,
    pub remarks: Option<String>,
}

/// An agent of a home, as the customer's visits and a scheduled visit show them.
#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct HomeAgent {
    #[serde(skip)]
    pub property_id: i64,
    pub is_project_manager: bool,
    pub firstname: String,
    pub lastname: String,
}

#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
pub struct SurveyResult {
    pub question: String,
    pub answer: String,
    /// `pre` (before the tour) or `post` (after it).
    pub survey: String,
    pub answered_on: DateTime<Utc>,
}

const PROFILE: &str = "SELECT c.customer_id, c.builder_id, c.firstname, c.lastname, c.email_1, c.cell_phone_1, \
    c.street_address, c.city, c.state, c.zipcode, c.visitor_status_id, s.name AS visitor_status_id_value, \
    c.visitor_type_id, t.name AS visitor_type_id_value, \
    CASE WHEN c.contactable THEN 'Contact' ELSE 'No contact' END AS visitor_contact_status_id_value, \
    c.selfie_on FROM customers c JOIN catalog t ON t.catalog_id = c.visitor_type_id \
    JOIN catalog s ON s.catalog_id = c.visitor_status_id WHERE c.customer_id = $1";

/// A customer of the scope's builders with their visits and survey answers; None when there is
/// no such customer in the scope.
pub async fn detail(db: &Db, scope: &Scope, customer_id: i64) -> Result<Option<CustomerDetail>> {
    let profile_sql = format!("{PROFILE} AND {}", scope.condition("c.builder_id"));
    let visits_sql = "SELECT v.customer_visit_id, v.modified_on, p.timezone, s.name AS visit_status_id_value, \
        v.attribution, v.property_id, p.address_1, p.house_num, b.name AS builder, v.remarks \
        FROM customer_visits v JOIN properties p ON p.property_id = v.property_id \
        JOIN builders b ON b.builder_id = v.builder_id JOIN catalog s ON s.catalog_id = v.visit_status_id \
        WHERE v.customer_id = $1 ORDER BY v.visited_on DESC, v.customer_visit_id DESC";
    let survey_sql = "SELECT question, answer, survey, answered_on FROM survey_answers \
        WHERE customer_id = $1 ORDER BY answered_on DESC, survey DESC, position, id";
    let read = on_pool!(db, |pool| {
        let Some(profile) = sqlx::query_as::<_, CustomerProfile>(&profile_sql)
            .bind(customer_id)
            .fetch_optional(pool)
            .await?
        else {
            return Ok(None);
        };
        let visits: Vec<CustomerVisit> = sqlx::query_as(visits_sql)
            .bind(customer_id)
            .fetch_all(pool)
            .await?;
        let survey_results: Vec<SurveyResult> = sqlx::query_as(survey_sql)
            .bind(customer_id)
            .fetch_all(pool)
            .await?;
        Ok::<_, sqlx::Error>(Some((profile, visits, survey_results)))
    })?;
    let agents = home_agents(
        db,
        "SELECT property_id FROM customer_visits WHERE customer_id = $1",
        customer_id,
    )
    .await?;
    Ok(
        read.map(|(profile, visits, survey_results)| CustomerDetail {
            profile,
            visits: visits
                .into_iter()
                .map(|mut visit| {
                    (visit.prop_timezone_value, visit.property_timezone) =
                        domain::catalog::timezone_names(visit.timezone);
                    visit.agents = agents
                        .iter()
                        .filter(|a| a.property_id == visit.property_id)
                        .cloned()
                        .collect();
                    visit
                })
                .collect(),
            survey_results,
        }),
    )
}

/// The agents of the homes `homes` selects (a subquery of `$1`), project managers first.
pub(crate) async fn home_agents(db: &Db, homes: &str, key: i64) -> Result<Vec<HomeAgent>> {
    let sql = format!(
        "SELECT a.property_id, a.is_project_manager, u.firstname, u.lastname \
         FROM property_agents a JOIN users u ON u.user_id = a.user_id WHERE a.property_id IN ({homes}) \
         ORDER BY a.is_project_manager DESC, lower(u.firstname), lower(u.lastname), u.user_id"
    );
    on_pool!(db, |pool| sqlx::query_as(&sql)
        .bind(key)
        .fetch_all(pool)
        .await)
}

/// Sets a customer's visitor status (155 blacklists them, 154 lifts it); false when the
/// customer is not one of the scope's.
pub async fn set_visitor_status(
    db: &Db,
    scope: &Scope,
    customer_id: i64,
    visitor_status_id: i64,
) -> Result<bool> {
    let sql = format!(
        "UPDATE customers SET visitor_status_id = $1, modified_on = $2 WHERE customer_id = $3 AND {}",
        scope.condition("builder_id")
    );
    let changed = on_pool!(db, |pool| sqlx::query(&sql)
        .bind(visitor_status_id)
        .bind(now())
        .bind(customer_id)
        .execute(pool)
        .await
        .map(|done| done.rows_affected()))?;
    Ok(changed == 1)
}

/// A visitor's answers to one survey, in its questions' order.
pub struct NewSurveyAnswers<'a> {
    pub customer_id: i64,
    pub customer_visit_id: Option<i64>,
    pub survey: domain::surveys::Survey,
    /// Question and answer.
    pub answers: &'a [(String, String)],
    pub answered_on: DateTime<Utc>,
    /// The visitor's feedback on the visit (structured remarks), given once per visit.
    pub feedback: Option<&'a str>,
}

/// Keeps a visitor's survey answers with the questions as they were asked (the builder is the
/// customer's), and their feedback in the visit's remarks, in one transaction. Answers false,
/// writing nothing, when the visit already has the visitor's feedback.
pub async fn record_survey(db: &Db, survey: &NewSurveyAnswers<'_>) -> Result<bool> {
    let sql = "INSERT INTO survey_answers (builder_id, customer_id, customer_visit_id, survey, position, \
        question, answer, answered_on) \
        SELECT builder_id, customer_id, $2, $3, $4, $5, $6, $7 FROM customers WHERE customer_id = $1";
    on_pool!(db, |pool| {
        let mut tx = pool.begin().await?;
        if let (Some(visit), Some(feedback)) = (survey.customer_visit_id, survey.feedback) {
            let kept = sqlx::query(
                "UPDATE customer_visits SET feedback_on = $1, \
                 remarks = CASE WHEN remarks IS NULL OR remarks = '' THEN $2 ELSE remarks || $3 END \
                 WHERE customer_visit_id = $4 AND customer_id = $5 AND feedback_on IS NULL",
            )
            .bind(survey.answered_on)
            .bind(feedback)
            .bind(format!("\n{feedback}"))
            .bind(visit)
            .bind(survey.customer_id)
            .execute(&mut *tx)
            .await?;
            if kept.rows_affected() == 0 {
                return Ok(false);
            }
        }
        for (position, (question, answer)) in survey.answers.iter().enumerate() {
            sqlx::query(sql)
                .bind(survey.customer_id)
                .bind(survey.customer_visit_id)
                .bind(survey.survey.key())
                .bind(position as i64)
                .bind(question)
                .bind(answer)
                .bind(survey.answered_on)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(true)
    })
}

/// Who a visitor says they are: the builder's customer it names, by email (else phone).
pub struct Person<'a> {
    pub builder_id: i64,
    pub firstname: &'a str,
    pub lastname: &'a str,
    pub email: &'a str,
    pub phone: &'a str,
    pub visitor_type_id: i64,
}

/// In a transaction: the builder's customer with the person's email (else phone), brought up to
/// date, or a new one; evaluates to its id and whether it is blacklisted (then left unchanged).
#[macro_export]
macro_rules! customer_in {
    ($tx:expr, $person:expr, $at:expr) => {{
        async {
            let person: &$crate::customers::Person = &$person;
            let existing: Option<(i64, i64)> = sqlx::query_as(
                "SELECT customer_id, visitor_status_id FROM customers \
                 WHERE builder_id = $1 AND (lower(email_1) = lower($2) OR cell_phone_1 = $3) \
                 ORDER BY CASE WHEN lower(email_1) = lower($2) THEN 0 ELSE 1 END, customer_id LIMIT 1",
            )
            .bind(person.builder_id)
            .bind(person.email)
            .bind(person.phone)
            .fetch_optional(&mut *$tx)
            .await?;
            let sql = match existing {
                Some((id, status)) if status == domain::catalog::BLACKLISTED => {
                    return Ok::<(i64, bool), sqlx::Error>((id, true));
                }
                Some(_) => {
                    "UPDATE customers SET firstname = $2, lastname = $3, email_1 = $4, cell_phone_1 = $5, \
                     visitor_type_id = $6, modified_on = $7 WHERE customer_id = $1 RETURNING customer_id"
                }
                None => {
                    "INSERT INTO customers (builder_id, firstname, lastname, email_1, cell_phone_1, visitor_type_id, \
                     created_on, modified_on) VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING customer_id"
                }
            };
            let key = existing.map_or(person.builder_id, |(id, _)| id);
            let id: i64 = sqlx::query_scalar(sql)
                .bind(key)
                .bind(person.firstname)
                .bind(person.lastname)
                .bind(person.email)
                .bind(person.phone)
                .bind(person.visitor_type_id)
                .bind($at)
                .fetch_one(&mut *$tx)
                .await?;
            Ok((id, false))
        }
        .await
    }};
}

/// A self-tour invite (Share): who it is for, which home, and what it sends.
pub struct Invite<'a> {
    pub builder_id: i64,
    pub property_id: i64,
    pub firstname: &'a str,
    pub lastname: &'a str,
    pub email: &'a str,
    pub phone: &'a str,
    pub visitor_type_id: i64,
    /// A verified account: its username and the password's hash.
    pub account: Option<(&'a str, &'a str)>,
    /// A scheduled tour at this instant.
    pub tour_at: Option<DateTime<Utc>>,
    pub text: &'a str,
    pub mail_subject: &'a str,
    pub mail_body: &'a str,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Invited {
    Sent {
        customer_id: i64,
        scheduled_visit_id: Option<i64>,
    },
    /// The visitor is blacklisted: nothing was written or sent.
    Blacklisted,
}

/// Sends an invite in one transaction: the builder's customer with that email (else that phone)
/// is brought up to date or a new one is made; then the verified account, or the scheduled
/// visit (status created) with its `scheduled.tours` event; then the text and the mail.
pub async fn invite(db: &Db, invite: &Invite<'_>, at: DateTime<Utc>) -> Result<Invited> {
    on_pool!(db, |pool| {
        let mut tx = pool.begin().await?;
        let person = Person {
            builder_id: invite.builder_id,
            firstname: invite.firstname,
            lastname: invite.lastname,
            email: invite.email,
            phone: invite.phone,
            visitor_type_id: invite.visitor_type_id,
        };
        let customer_id = match crate::customer_in!(tx, person, at)? {
            (_, true) => return Ok(Invited::Blacklisted),
            (id, false) => id,
        };
        if let Some((username, password_hash)) = invite.account {
            sqlx::query(
                "INSERT INTO visitor_accounts (customer_id, builder_id, username, password_hash, created_on, modified_on) \
                 VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT (customer_id) DO UPDATE \
                 SET username = excluded.username, password_hash = excluded.password_hash, modified_on = excluded.modified_on",
            )
            .bind(customer_id)
            .bind(invite.builder_id)
            .bind(username)
            .bind(password_hash)
            .bind(at)
            .execute(&mut *tx)
            .await?;
        }
        let mut scheduled_visit_id = None;
        if let Some(tour_at) = invite.tour_at {
            let id: i64 = sqlx::query_scalar(
                "INSERT INTO scheduled_visits (builder_id, property_id, customer_id, first_name, last_name, email, \
                 phone, visit_date, comments, source, status, created_on, modified_on) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, NULL, 'share', 'created', $9, $9) RETURNING id",
            )
            .bind(invite.builder_id)
            .bind(invite.property_id)
            .bind(customer_id)
            .bind(invite.firstname)
            .bind(invite.lastname)
            .bind(invite.email)
            .bind(invite.phone)
            .bind(tour_at)
            .bind(at)
            .fetch_one(&mut *tx)
            .await?;
            let payload = serde_json::json!({
                "scheduled_visit_id": id,
                "property_id": invite.property_id,
                "customer_id": customer_id,
                "visit_date": tour_at,
                "source": "share",
                "status": "created",
            });
            crate::record_event!(tx, invite.builder_id, "scheduled.tours", payload, at)?;
            scheduled_visit_id = Some(id);
        }
        crate::queue_text_in!(tx, invite.phone, invite.text, at)?;
        crate::queue_mail_in!(tx, invite.email, invite.mail_subject, invite.mail_body, at)?;
        tx.commit().await?;
        Ok(Invited::Sent {
            customer_id,
            scheduled_visit_id,
        })
    })
}

/// A visitor account's username and password hash (the visitor's sign-in reads it).
pub async fn visitor_account(db: &Db, customer_id: i64) -> Result<Option<(String, String)>> {
    on_pool!(db, |pool| sqlx::query_as(
        "SELECT username, password_hash FROM visitor_accounts WHERE customer_id = $1"
    )
    .bind(customer_id)
    .fetch_optional(pool)
    .await)
}

/// The key of a customer's selfie, for a caller of the scope; None when there is none (or the
/// customer is another builder's).
pub async fn selfie_of(db: &Db, scope: &Scope, customer_id: i64) -> Result<Option<String>> {
    let sql = format!(
        "SELECT selfie_key FROM customers WHERE customer_id = $1 AND {}",
        scope.condition("builder_id")
    );
    on_pool!(db, |pool| sqlx::query_scalar::<_, Option<String>>(&sql)
        .bind(customer_id)
        .fetch_optional(pool)
        .await
        .map(Option::flatten))
}
