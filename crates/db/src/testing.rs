//! Test databases: a fresh SQLite file, or, when `TEST_DATABASE_URL` names a PostgreSQL server,
//! a fresh database on it, so every test starts empty and tests run in parallel.

use crate::{Db, Result};

pub struct TestDb {
    pub db: Db,
    cleanup: Cleanup,
}

enum Cleanup {
    File(std::path::PathBuf),
    Database { admin_url: String, name: String },
}

fn unique_name() -> String {
    format!("tourdesk_t_{}_{:08x}", std::process::id(), rand_u32())
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
    pub async fn new() -> Result<TestDb> {
        let name = unique_name();
        match std::env::var("TEST_DATABASE_URL")
            .ok()
            .filter(|u| !u.is_empty())
        {
            Some(admin_url) => {
                let admin = sqlx::PgPool::connect(&admin_url).await?;
                sqlx::query(&format!("CREATE DATABASE {name}"))
                    .execute(&admin)
                    .await?;
                admin.close().await;
                let base = admin_url
                    .rsplit_once('/')
                    .map(|(b, _)| b)
                    .unwrap_or(&admin_url);
                let db = Db::connect(&format!("{base}/{name}")).await?;
                Ok(TestDb {
                    db,
                    cleanup: Cleanup::Database { admin_url, name },
                })
            }
            None => {
                let path = std::env::temp_dir().join(format!("{name}.db"));
                let db = Db::connect(&format!("sqlite://{}", path.display())).await?;
                Ok(TestDb {
                    db,
                    cleanup: Cleanup::File(path),
                })
            }
        }
    }

    /// Closes the pool and removes the database.
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
        }
    }
}
