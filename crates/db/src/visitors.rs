//! Visitors proving who they are on the tour pages: one-time codes texted to their phone, kept
//! only as a hash, counted per phone and per client address; a code used once makes the visitor
//! the builder's customer.

use chrono::{DateTime, Utc};
use sqlx::FromRow;

use crate::customers::Person;
use crate::{on_pool, Db, Result};

/// A code asked for, with the details the visitor gave and the text that carries it.
pub struct NewChallenge<'a> {
    pub builder_id: i64,
    pub property_id: i64,
    pub firstname: &'a str,
    pub lastname: &'a str,
    pub email: &'a str,
    pub phone: &'a str,
    pub client_address: &'a str,
    pub code_hash: &'a str,
    pub expires_at: DateTime<Utc>,
    pub text: &'a str,
}

#[derive(Debug, Clone, FromRow)]
pub struct Challenge {
    pub id: i64,
    pub builder_id: i64,
    pub property_id: Option<i64>,
    pub firstname: String,
    pub lastname: String,
    pub email: String,
    pub phone: String,
    pub code_hash: String,
    pub attempts: i64,
    pub expires_at: DateTime<Utc>,
    pub used_on: Option<DateTime<Utc>>,
}

/// Codes sent since `since` to a phone, and to a client address.
pub async fn sends_since(
    db: &Db,
    phone: &str,
    client_address: &str,
    since: DateTime<Utc>,
) -> Result<(i64, i64)> {
    let sql = "SELECT \
        (SELECT COUNT(*) FROM visitor_codes WHERE phone = $1 AND created_on > $3), \
        (SELECT COUNT(*) FROM visitor_codes WHERE client_address = $2 AND created_on > $3)";
    on_pool!(db, |pool| sqlx::query_as(sql)
        .bind(phone)
        .bind(client_address)
        .bind(since)
        .fetch_one(pool)
        .await)
}

/// Keeps a challenge and queues the text with its code, in one transaction.
pub async fn challenge(db: &Db, c: &NewChallenge<'_>, at: DateTime<Utc>) -> Result<i64> {
    on_pool!(db, |pool| {
        let mut tx = pool.begin().await?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO visitor_codes (builder_id, property_id, firstname, lastname, email, phone, client_address, \
             code_hash, expires_at, created_on) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id",
        )
        .bind(c.builder_id)
        .bind(c.property_id)
        .bind(c.firstname)
        .bind(c.lastname)
        .bind(c.email)
        .bind(c.phone)
        .bind(c.client_address)
        .bind(c.code_hash)
        .bind(c.expires_at)
        .bind(at)
        .fetch_one(&mut *tx)
        .await?;
        crate::queue_text_in!(tx, c.phone, c.text, at)?;
        tx.commit().await?;
        Ok(id)
    })
}

pub async fn get(db: &Db, id: i64) -> Result<Option<Challenge>> {
    let sql = "SELECT id, builder_id, property_id, firstname, lastname, email, phone, code_hash, attempts, \
               expires_at, used_on FROM visitor_codes WHERE id = $1";
    on_pool!(db, |pool| sqlx::query_as(sql)
        .bind(id)
        .fetch_optional(pool)
        .await)
}

/// Counts a wrong code against a challenge.
pub async fn count_wrong(db: &Db, id: i64) -> Result<()> {
    on_pool!(db, |pool| sqlx::query(
        "UPDATE visitor_codes SET attempts = attempts + 1 WHERE id = $1"
    )
    .bind(id)
    .execute(pool)
    .await
    .map(|_| ()))
}

/// What using a right code gave.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Used {
    /// The visitor is this customer now (or still); `blacklisted` when staff blacklisted them.
    Customer { customer_id: i64, blacklisted: bool },
    /// The code had been used already (a replay).
    AlreadyUsed,
}

/// Uses a challenge's code once: marks it used and makes its visitor the builder's customer
/// (a visitor, type V), in one transaction.
pub async fn use_code(db: &Db, challenge: &Challenge, at: DateTime<Utc>) -> Result<Used> {
    on_pool!(db, |pool| {
        let mut tx = pool.begin().await?;
        let marked =
            sqlx::query("UPDATE visitor_codes SET used_on = $1 WHERE id = $2 AND used_on IS NULL")
                .bind(at)
                .bind(challenge.id)
                .execute(&mut *tx)
                .await?;
        if marked.rows_affected() != 1 {
            return Ok(Used::AlreadyUsed);
        }
        let person = Person {
            builder_id: challenge.builder_id,
            firstname: &challenge.firstname,
            lastname: &challenge.lastname,
            email: &challenge.email,
            phone: &challenge.phone,
            visitor_type_id: domain::catalog::VISITOR_TYPES[0].0,
        };
        let (customer_id, blacklisted) = crate::customer_in!(tx, person, at)?;
        tx.commit().await?;
        Ok(Used::Customer {
            customer_id,
            blacklisted,
        })
    })
}

/// A visitor signed in with a verified account: its customer, by the builder and username.
pub async fn account(db: &Db, builder_id: i64, username: &str) -> Result<Option<(i64, String)>> {
    on_pool!(db, |pool| {
        sqlx::query_as(
        "SELECT customer_id, password_hash FROM visitor_accounts WHERE builder_id = $1 AND username = $2"
    )
    .bind(builder_id)
    .bind(username)
    .fetch_optional(pool)
    .await
    })
}

/// The visitor a session names, with whether they are blacklisted.
#[derive(Debug, Clone, FromRow)]
pub struct Visitor {
    pub customer_id: i64,
    pub builder_id: i64,
    pub firstname: String,
    pub lastname: String,
    pub cell_phone_1: Option<String>,
    pub visitor_type_id: i64,
    pub visitor_status_id: i64,
    /// Their selfie's key in the private file store, once taken.
    pub selfie_key: Option<String>,
}

pub async fn visitor(db: &Db, customer_id: i64) -> Result<Option<Visitor>> {
    on_pool!(db, |pool| {
        sqlx::query_as(
        "SELECT customer_id, builder_id, firstname, lastname, cell_phone_1, visitor_type_id, visitor_status_id, \
         selfie_key FROM customers WHERE customer_id = $1"
    )
    .bind(customer_id)
    .fetch_optional(pool)
    .await
    })
}

/// Keeps a visitor's new selfie; answers the key of the one it replaces (to remove).
pub async fn set_selfie(
    db: &Db,
    customer_id: i64,
    key: &str,
    at: DateTime<Utc>,
) -> Result<Option<String>> {
    on_pool!(db, |pool| {
        let mut tx = pool.begin().await?;
        let old: Option<Option<String>> =
            sqlx::query_scalar("SELECT selfie_key FROM customers WHERE customer_id = $1")
                .bind(customer_id)
                .fetch_optional(&mut *tx)
                .await?;
        sqlx::query("UPDATE customers SET selfie_key = $1, selfie_on = $2 WHERE customer_id = $3")
            .bind(key)
            .bind(at)
            .bind(customer_id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(old.flatten())
    })
}
