//! Test databases: a fresh SQLite file, or, when `TEST_DATABASE_URL` names a PostgreSQL server,
//! a fresh database on it, so every test starts empty and tests run in parallel.

use crate::{Db, Result};

pub struct TestDb {
    pub db: Db,
    /// The database's URL, for processes that open it themselves.
    pub url: String,
    cleanup: Cleanup,
}

enum Cleanup {
    File(std::path::PathBuf),
    Database {
        admin_url: String,
        name: String,
    },
    /// A database kept between runs (benchmark worlds that take minutes to write).
    Keep,
}

fn unique_name() -> String {
    format!("tourdesk_t_{}_{:08x}", std::process::id(), rand_u32())
}

/// The URL of database `name` on the server `admin_url` connects to.
fn database_url(admin_url: &str, name: &str) -> String {
    let base = admin_url
        .rsplit_once('/')
        .map(|(b, _)| b)
        .unwrap_or(admin_url);
    format!("{base}/{name}")
}

fn rand_u32() -> u32 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default()
            .as_nanos(),
    );
    hasher.finish() as u32
}

impl TestDb {
    /// A PostgreSQL database when `TEST_DATABASE_URL` is set, else SQLite.
    pub async fn new() -> Result<TestDb> {
        match std::env::var("TEST_DATABASE_URL")
            .ok()
            .filter(|u| !u.is_empty())
        {
            Some(admin_url) => TestDb::postgres(&admin_url).await,
            None => TestDb::sqlite().await,
        }
    }

    /// A new database on the PostgreSQL server `admin_url` connects to.
    pub async fn postgres(admin_url: &str) -> Result<TestDb> {
        let name = unique_name();
        let admin = sqlx::PgPool::connect(admin_url).await?;
        sqlx::query(&format!("CREATE DATABASE {name}"))
            .execute(&admin)
            .await?;
        admin.close().await;
        let url = database_url(admin_url, &name);
        let db = Db::connect(&url).await?;
        Ok(TestDb {
            db,
            url,
            cleanup: Cleanup::Database {
                admin_url: admin_url.to_string(),
                name,
            },
        })
    }

    /// A new SQLite file in the temporary folder.
    pub async fn sqlite() -> Result<TestDb> {
        let path = std::env::temp_dir().join(format!("{}.db", unique_name()));
        let url = format!("sqlite://{}", path.display());
        let db = Db::connect(&url).await?;
        Ok(TestDb {
            db,
            url,
            cleanup: Cleanup::File(path),
        })
    }

    /// A database under a fixed name that outlives this run: on the PostgreSQL server `admin_url`
    /// connects to, else a SQLite file in the temporary folder. Created when missing.
    pub async fn kept(admin_url: Option<&str>, name: &str) -> Result<TestDb> {
        let url = match admin_url {
            Some(admin_url) => {
                let admin = sqlx::PgPool::connect(admin_url).await?;
                let exists: bool = sqlx::query_scalar(
                    "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)",
                )
                .bind(name)
                .fetch_one(&admin)
                .await?;
                if !exists {
                    sqlx::query(&format!("CREATE DATABASE {name}"))
                        .execute(&admin)
                        .await?;
                }
                admin.close().await;
                database_url(admin_url, name)
            }
            None => format!(
                "sqlite://{}",
                std::env::temp_dir().join(format!("{name}.db")).display()
            ),
        };
        let db = Db::connect(&url).await?;
        Ok(TestDb {
            db,
            url,
            cleanup: Cleanup::Keep,
        })
    }

    /// Closes the pool and removes the database (a kept one stays).
    pub async fn drop_db(self) {
        self.db.close().await;
        match self.cleanup {
            Cleanup::File(path) => {
                for suffix in ["", "-wal", "-shm"] {
                    let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
                }
            }
            Cleanup::Database { admin_url, name } => {
                if let Ok(admin) = sqlx::PgPool::connect(&admin_url).await {
                    let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                        .execute(&admin)
                        .await;
                    admin.close().await;
                }
            }
            Cleanup::Keep => {}
        }
    }
}

/// Runs one statement binding one id, for tests that set up what no call may change (builder
/// flags, backdated times).
pub async fn run(db: &Db, sql: &str, id: i64) {
    crate::on_pool!(db, |pool| sqlx::query(sql)
        .bind(id)
        .execute(pool)
        .await
        .map(|_| ()))
    .unwrap();
}
