//! Plain-SQL migrations, one folder per dialect, embedded in the binary and applied in order at
//! start-up, each in its own transaction.

use crate::{now, on_pool, Db, Result};

struct Migration {
    version: i64,
    name: &'static str,
    sqlite: &'static str,
    postgres: &'static str,
}

macro_rules! migration {
    ($version:expr, $name:literal) => {
        Migration {
            version: $version,
            name: $name,
            sqlite: include_str!(concat!("../migrations/sqlite/", $name, ".sql")),
            postgres: include_str!(concat!("../migrations/postgres/", $name, ".sql")),
        }
    };
}

const MIGRATIONS: &[Migration] = &[
    migration!(1, "0001_foundation"),
    migration!(2, "0002_communities"),
    migration!(3, "0003_builder_settings"),
    migration!(4, "0004_properties"),
    migration!(5, "0005_visits"),
    migration!(6, "0006_visit_days"),
    migration!(7, "0007_property_lock_status"),
    migration!(8, "0008_list_orders"),
    migration!(9, "0009_property_search"),
    migration!(10, "0010_list_totals"),
    migration!(11, "0011_list_versions"),
    migration!(12, "0012_property_search_community"),
    migration!(13, "0013_list_sort_orders"),
    migration!(14, "0014_community_sort_orders"),
    migration!(15, "0015_lock_status_order"),
    migration!(16, "0016_property_search_lowered"),
    migration!(17, "0017_property_counts_by_lock"),
    migration!(18, "0018_property_words"),
    migration!(19, "0019_property_words"),
    migration!(20, "0020_disposition_on"),
    migration!(21, "0021_visit_platform"),
    migration!(22, "0022_disposition_on_order"),
    migration!(23, "0023_sessions"),
    migration!(24, "0024_sim_devices"),
    migration!(25, "0025_hub_activity_logs"),
    migration!(26, "0026_devices"),
    migration!(27, "0027_customer_summary"),
    migration!(28, "0028_hardware_history_lists"),
    migration!(29, "0029_survey_answers"),
    migration!(30, "0030_scheduled_visits"),
    migration!(31, "0031_offers"),
    migration!(32, "0032_after_tour_hours"),
    migration!(33, "0033_message_delivery"),
    migration!(34, "0034_visitor_accounts"),
    migration!(35, "0035_visitor_codes"),
    migration!(36, "0036_visit_codes"),
    migration!(37, "0037_scheduled_visit_codes"),
    migration!(38, "0038_tour_endings"),
    migration!(39, "0039_visitor_selfies"),
    migration!(40, "0040_showings_list_orders"),
    migration!(41, "0041_visit_counts"),
    migration!(42, "0042_showings_enterprise_lists"),
    migration!(43, "0043_after_tour_hours_search"),
    migration!(44, "0044_scheduled_visits_builder_email"),
    migration!(45, "0045_after_tour_hours_search_index"),
    migration!(46, "0046_customers_never_visited"),
    migration!(47, "0047_home_search_keys"),
    migration!(48, "0048_webhooks"),
    migration!(49, "0049_oauth_clients"),
    migration!(50, "0050_integrations_and_feeds"),
    migration!(51, "0051_billing"),
    migration!(52, "0052_visit_type_totals"),
    migration!(53, "0053_offers_builder_created"),
    migration!(54, "0054_visits_home_tours"),
    migration!(55, "0055_home_visit_counts_searched"),
    migration!(56, "0056_offers_search"),
    migration!(57, "0057_offers_search_index"),
    migration!(58, "0058_customer_words"),
    migration!(59, "0059_after_tour_hours_words"),
    migration!(60, "0060_insight_tallies"),
    migration!(61, "0061_tours_outside_staff_hours"),
    migration!(62, "0062_home_sales"),
    migration!(63, "0063_visits_report_index"),
    migration!(64, "0064_home_tour_totals"),
    migration!(65, "0065_community_visit_totals"),
    migration!(66, "0066_open_bookings"),
    migration!(67, "0067_last_totals"),
    migration!(68, "0068_home_tour_totals_by_day"),
    migration!(69, "0069_community_visit_counts_text"),
];

pub async fn run(db: &Db) -> Result<()> {
    let create = "CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_on TEXT NOT NULL)";
    on_pool!(db, |pool| sqlx::query(create)
        .execute(pool)
        .await
        .map(|_| ()))?;
    let applied: Vec<i64> = on_pool!(db, |pool| {
        sqlx::query_scalar("SELECT version FROM schema_migrations")
            .fetch_all(pool)
            .await
    })?;
    for migration in MIGRATIONS.iter().filter(|m| !applied.contains(&m.version)) {
        let sql = match db {
            Db::Sqlite(_) => migration.sqlite,
            Db::Postgres(_) => migration.postgres,
        };
        on_pool!(db, |pool| {
            let mut tx = pool.begin().await?;
            sqlx::raw_sql(sql).execute(&mut *tx).await?;
            sqlx::query(
                "INSERT INTO schema_migrations (version, name, applied_on) VALUES ($1, $2, $3)",
            )
            .bind(migration.version)
            .bind(migration.name)
            .bind(now().to_rfc3339())
            .execute(&mut *tx)
            .await?;
            tx.commit().await
        })?;
        tracing::info!(
            version = migration.version,
            name = migration.name,
            "applied migration"
        );
    }
    crate::catalog::seed(db).await?;
    crate::surveys::seed_defaults(db).await
}
