//! The background worker: claims due jobs from the database and runs them. Mail is delivered by
//! the default outbox mailer, which writes each message to the log and to `outbox.log` in the
//! data folder so a local user can open the links.

use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use db::jobs::{self, Job};
use db::Db;

/// How often the database's planner statistics are brought up to date (`Db::refresh_statistics`)
/// and sessions long expired are dropped.
const STATISTICS_EVERY: Duration = Duration::from_secs(3600);

pub struct Worker {
    pub db: Db,
    pub outbox_file: PathBuf,
}

impl Worker {
    /// Runs until the process ends.
    pub async fn run(self) {
        let mut ticks: u64 = 0;
        let mut statistics_refreshed: Option<Instant> = None;
        loop {
            if ticks.is_multiple_of(120) {
                if let Err(error) =
                    jobs::requeue_stale(&self.db, chrono::Duration::minutes(5)).await
                {
                    tracing::warn!(%error, "could not requeue stale jobs");
                }
            }
            ticks += 1;
            if statistics_refreshed.is_none_or(|at| at.elapsed() >= STATISTICS_EVERY) {
                statistics_refreshed = Some(Instant::now());
                if let Err(error) = self.db.refresh_statistics().await {
                    tracing::warn!(%error, "could not refresh the planner's statistics");
                }
                if let Err(error) = db::sessions::sweep(&self.db).await {
                    tracing::warn!(%error, "could not drop expired sessions");
                }
            }
            match self.run_one().await {
                Ok(true) => continue,
                Ok(false) => {}
                Err(error) => tracing::warn!(%error, "job queue unavailable"),
            }
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
    }

    /// Runs one due job, if any; answers whether there was one.
    pub async fn run_one(&self) -> db::Result<bool> {
        let Some(job) = jobs::claim(&self.db).await? else {
            return Ok(false);
        };
        match self.perform(&job).await {
            Ok(()) => jobs::finish(&self.db, job.id).await?,
            Err(error) => {
                tracing::warn!(job = job.id, kind = %job.kind, %error, "job failed");
                jobs::fail(&self.db, &job, &error).await?;
            }
        }
        Ok(true)
    }

    async fn perform(&self, job: &Job) -> Result<(), String> {
        match job.kind.as_str() {
            jobs::DELIVER_MAIL => {
                let id: i64 = job
                    .payload
                    .parse()
                    .map_err(|_| format!("bad mail id {}", job.payload))?;
                let mail = jobs::mail(&self.db, id)
                    .await
                    .map_err(|e| e.to_string())?
                    .ok_or("mail is gone")?;
                tracing::info!(to = %mail.to_address, subject = %mail.subject, body = %mail.body, "mail (outbox)");
                let entry = format!(
                    "--- {} to {}\nSubject: {}\n\n{}\n",
                    mail.created_on.to_rfc3339(),
                    mail.to_address,
                    mail.subject,
                    mail.body
                );
                let path = self.outbox_file.clone();
                tokio::task::spawn_blocking(move || {
                    let mut file = std::fs::OpenOptions::new()
                        .create(true)
                        .append(true)
                        .open(path)?;
                    file.write_all(entry.as_bytes())
                })
                .await
                .map_err(|e| e.to_string())?
                .map_err(|e| format!("cannot write the outbox file: {e}"))?;
                jobs::mark_mail_delivered(&self.db, id)
                    .await
                    .map_err(|e| e.to_string())
            }
            other => Err(format!("unknown job kind {other}")),
        }
    }
}
