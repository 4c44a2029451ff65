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

/// A test database's commits do not wait for the disk (a crash of the server may lose the last
/// ones, which a test database does not mind): the suites write much and would wait on it.
async fn without_waiting_for_disk<'e, E>(admin: E, name: &str) -> Result<()>
where
    E: sqlx::Executor<'e, Database = sqlx::Postgres>,
{
    sqlx::query(&format!(
        "ALTER DATABASE {name} SET synchronous_commit = off"
    ))
    .execute(admin)
    .await?;
    Ok(())
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
        without_waiting_for_disk(&admin, &name).await?;
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

    /// A copy of the template database `name` (on the PostgreSQL server of `TEST_DATABASE_URL`,
    /// else a SQLite file in the temporary folder), which `make` fills the first time one is
    /// asked for: worlds that take long to write are written once per run, not once per test.
    /// One process makes the template while the others wait (an advisory lock on PostgreSQL, a
    /// file lock for SQLite); it is made under another name and renamed once whole, so a
    /// failed attempt leaves no half-made template. Names start `tourdesk_t_` like every test
    /// database, so CI drops what interrupted runs leave.
    pub async fn from_template<F, Fut>(name: &str, make: F) -> Result<TestDb>
    where
        F: FnOnce(Db) -> Fut,
        Fut: std::future::Future<Output = ()>,
    {
        match std::env::var("TEST_DATABASE_URL")
            .ok()
            .filter(|u| !u.is_empty())
        {
            Some(admin_url) => TestDb::postgres_template(&admin_url, name, make).await,
            None => TestDb::sqlite_template(name, make).await,
        }
    }

    async fn postgres_template<F, Fut>(admin_url: &str, name: &str, make: F) -> Result<TestDb>
    where
        F: FnOnce(Db) -> Fut,
        Fut: std::future::Future<Output = ()>,
    {
        let admin = sqlx::PgPool::connect(admin_url).await?;
        let mut held = admin.acquire().await?;
        // The lock's key: the template's name, hashed.
        let key = name
            .bytes()
            .fold(0i64, |h, b| h.wrapping_mul(31).wrapping_add(i64::from(b)));
        sqlx::query("SELECT pg_advisory_lock($1)")
            .bind(key)
            .execute(&mut *held)
            .await?;
        let exists: bool =
            sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)")
                .bind(name)
                .fetch_one(&mut *held)
                .await?;
        if !exists {
            let making = format!("{name}_making");
            sqlx::query(&format!("DROP DATABASE IF EXISTS {making} WITH (FORCE)"))
                .execute(&mut *held)
                .await?;
            sqlx::query(&format!("CREATE DATABASE {making}"))
                .execute(&mut *held)
                .await?;
            without_waiting_for_disk(&mut *held, &making).await?;
            let db = Db::connect(&database_url(admin_url, &making)).await?;
            make(db.clone()).await;
            db.close().await;
            sqlx::query(&format!("ALTER DATABASE {making} RENAME TO {name}"))
                .execute(&mut *held)
                .await?;
        }
        sqlx::query("SELECT pg_advisory_unlock($1)")
            .bind(key)
            .execute(&mut *held)
            .await?;
        drop(held);
        let copy = unique_name();
        sqlx::query(&format!("CREATE DATABASE {copy} TEMPLATE {name}"))
            .execute(&admin)
            .await?;
        without_waiting_for_disk(&admin, &copy).await?;
        admin.close().await;
        let url = database_url(admin_url, &copy);
        Ok(TestDb {
            db: Db::connect(&url).await?,
            url,
            cleanup: Cleanup::Database {
                admin_url: admin_url.to_string(),
                name: copy,
            },
        })
    }

    async fn sqlite_template<F, Fut>(name: &str, make: F) -> Result<TestDb>
    where
        F: FnOnce(Db) -> Fut,
        Fut: std::future::Future<Output = ()>,
    {
        let folder = std::env::temp_dir();
        let template = folder.join(format!("{name}.db"));
        let lock = std::fs::File::create(folder.join(format!("{name}.lock")))?;
        let locked = tokio::task::spawn_blocking(move || lock.lock().map(|()| lock))
            .await
            .map_err(|e| std::io::Error::other(e.to_string()))??;
        if !template.exists() {
            let making = folder.join(format!("{name}_making.db"));
            remove_sqlite(&making);
            let db = Db::connect(&format!("sqlite://{}", making.display())).await?;
            make(db.clone()).await;
            crate::on_pool!(&db, |pool| sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
                .execute(pool)
                .await
                .map(|_| ()))?;
            db.close().await;
            std::fs::rename(&making, &template)?;
            remove_sqlite(&making);
        }
        drop(locked);
        let path = folder.join(format!("{}.db", unique_name()));
        std::fs::copy(&template, &path)?;
        let url = format!("sqlite://{}", path.display());
        Ok(TestDb {
            db: Db::connect(&url).await?,
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
            Cleanup::File(path) => remove_sqlite(&path),
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

/// Removes a SQLite database's file and its journal's.
fn remove_sqlite(path: &std::path::Path) {
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
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

/// A list condition written as SQL with `?` placeholders, for the list engine's own tests;
/// product code passes each area's typed filters (`crate::list::Filter`).
pub struct Condition(pub String, pub Vec<crate::Value>);

impl crate::list::Filter for Condition {
    fn add_to(&self, filters: &mut crate::list::Filters) {
        filters.add(&self.0, self.1.clone());
    }
}
