//! The background worker: claims due jobs from the database and runs several at once. Mail and
//! text messages leave through the notification layer's channels (`notify`); device jobs drive
//! the hardware (`hardware`); webhook deliveries go out through `webhooks`.
//! Time is the server's clock, so a test can run days of jobs in seconds.

use std::sync::Arc;
use std::time::{Duration, Instant};

use db::jobs::{self, Job};
use db::messages;
use db::Db;
use tokio::sync::Semaphore;

use crate::hardware::codes::{self as code_jobs, Reconciled};
use crate::hardware::{routines, Hardware};
use crate::notify::Notifier;

/// How often the database's planner statistics are brought up to date (`Db::refresh_statistics`),
/// sessions long expired are dropped and old finished jobs pruned.
const MAINTENANCE_EVERY: Duration = Duration::from_secs(3600);
/// A job left running this long by a process that died is claimed again.
const STALE_AFTER_MINUTES: i64 = 5;
/// Jobs run at once by one worker (device commands wait on the device).
pub const DEFAULT_CONCURRENCY: usize = 8;

pub struct Worker {
    pub hardware: Hardware,
    pub notifier: Notifier,
    pub concurrency: usize,
}

/// What a job asks of the queue once it has run.
enum Done {
    Finished,
    Later(chrono::DateTime<chrono::Utc>),
}

impl Worker {
    pub fn new(hardware: Hardware, notifier: Notifier) -> Worker {
        Worker {
            hardware,
            notifier,
            concurrency: DEFAULT_CONCURRENCY,
        }
    }

    fn db(&self) -> &Db {
        &self.hardware.db
    }

    /// Runs until the process ends.
    pub async fn run(self) {
        let worker = Arc::new(self);
        let slots = Arc::new(Semaphore::new(worker.concurrency));
        let mut maintained: Option<Instant> = None;
        let mut last_tick: Option<Instant> = None;
        loop {
            if maintained.is_none_or(|at| at.elapsed() >= MAINTENANCE_EVERY) {
                maintained = Some(Instant::now());
                worker.maintain().await;
            }
            if last_tick.is_none_or(|at| at.elapsed() >= Duration::from_secs(5)) {
                last_tick = Some(Instant::now());
                worker.tick().await;
            }
            let permit = slots
                .clone()
                .acquire_owned()
                .await
                .expect("the semaphore is never closed");
            match jobs::claim(worker.db(), worker.hardware.now()).await {
                Ok(Some(job)) => {
                    let worker = worker.clone();
                    tokio::spawn(async move {
                        worker.settle(&job).await;
                        drop(permit);
                    });
                }
                Ok(None) => {
                    drop(permit);
                    tokio::time::sleep(Duration::from_millis(500)).await;
                }
                Err(error) => {
                    drop(permit);
                    tracing::warn!(%error, "job queue unavailable");
                    tokio::time::sleep(Duration::from_millis(500)).await;
                }
            }
        }
    }

    /// The hourly upkeep, and jobs left running by a process that died back to the queue.
    async fn maintain(&self) {
        if let Err(error) = self.db().refresh_statistics().await {
            tracing::warn!(%error, "could not refresh the planner's statistics");
        }
        if let Err(error) = db::sessions::sweep(self.db()).await {
            tracing::warn!(%error, "could not drop expired sessions");
        }
        if let Err(error) =
            jobs::prune(self.db(), self.hardware.now(), chrono::Duration::days(2)).await
        {
            tracing::warn!(%error, "could not prune finished jobs");
        }
    }

    /// Asks for the recurring routines and requeues stale jobs.
    pub async fn tick(&self) {
        let at = self.hardware.now();
        if let Err(error) = jobs::requeue_stale(
            self.db(),
            at,
            chrono::Duration::minutes(STALE_AFTER_MINUTES),
        )
        .await
        {
            tracing::warn!(%error, "could not requeue stale jobs");
        }
        if let Err(error) = routines::tick(&self.hardware, at).await {
            tracing::warn!(%error, "could not ask for the routines");
        }
        // The listing feeds are synced once a day, at 08:00 UTC (the small hours in the US).
        let nightly = at
            .date_naive()
            .and_hms_opt(8, 0, 0)
            .expect("08:00 is a time")
            .and_utc();
        if let Err(error) = jobs::enqueue(
            self.db(),
            db::feeds::NIGHTLY,
            "",
            nightly,
            Some(format!("feeds:{}", at.date_naive())),
        )
        .await
        {
            tracing::warn!(%error, "could not ask for the nightly feed syncs");
        }
        // Each month's invoices are issued on the 1st, at 09:00 UTC, for the month before.
        let first = domain::billing::month_of(at.date_naive()).0;
        let issue_at = first
            .and_hms_opt(9, 0, 0)
            .expect("09:00 is a time")
            .and_utc();
        if let Err(error) = jobs::enqueue(
            self.db(),
            db::billing::MONTHLY,
            "",
            issue_at,
            Some(format!("invoices:{first}")),
        )
        .await
        {
            tracing::warn!(%error, "could not ask for the month's invoices");
        }
    }

    /// Runs one due job, if any, to its end; answers whether there was one.
    pub async fn run_one(&self) -> db::Result<bool> {
        let Some(job) = jobs::claim(self.db(), self.hardware.now()).await? else {
            return Ok(false);
        };
        self.settle(&job).await;
        Ok(true)
    }

    async fn settle(&self, job: &Job) {
        let result = self.perform(job).await;
        let at = self.hardware.now();
        let recorded = match result {
            Ok(Done::Finished) => jobs::finish(self.db(), job.id, at).await,
            Ok(Done::Later(run_at)) => jobs::postpone(self.db(), job.id, run_at).await,
            Err(error) => {
                tracing::warn!(job = job.id, kind = %job.kind, %error, "job failed");
                crate::metrics::count("tourdesk_job_failures_total", &job.kind);
                jobs::fail(self.db(), job, &error, at).await
            }
        };
        if let Err(error) = recorded {
            tracing::warn!(job = job.id, %error, "could not record a job's end; it runs again");
        }
    }

    async fn perform(&self, job: &Job) -> Result<Done, String> {
        let hw = &self.hardware;
        let finished = |r: crate::hardware::HardwareResult<()>| {
            r.map(|()| Done::Finished).map_err(|e| e.to_string())
        };
        match job.kind.as_str() {
            messages::DELIVER_MAIL | messages::DELIVER_SMS => {
                let id: i64 = job
                    .payload
                    .parse()
                    .map_err(|_| format!("bad message id {}", job.payload))?;
                let last_try = job.attempts >= jobs::MAX_ATTEMPTS;
                let delivered = if job.kind == messages::DELIVER_MAIL {
                    self.notifier.deliver_mail(self.db(), id, last_try).await
                } else {
                    self.notifier.deliver_text(self.db(), id, last_try).await
                };
                delivered.map(|()| Done::Finished)
            }
            db::hardware::codes::RECONCILE => {
                let id: i64 = job
                    .payload
                    .parse()
                    .map_err(|_| format!("bad code id {}", job.payload))?;
                match code_jobs::reconcile(hw, id).await {
                    Ok(Reconciled::Done) => Ok(Done::Finished),
                    Ok(Reconciled::TryAgainAt(at)) => Ok(Done::Later(at)),
                    Err(error) => Err(error.to_string()),
                }
            }
            db::visits::DURING_TOUR_TEXT | db::visits::AFTER_TOUR_TEXT => {
                let which = if job.kind == db::visits::DURING_TOUR_TEXT {
                    crate::tours::FollowUp::During
                } else {
                    crate::tours::FollowUp::After
                };
                let id = visit_of(&job.payload)?;
                crate::tours::send_follow_up(hw, &self.notifier.tour_pages, id, which)
                    .await
                    .map(|()| Done::Finished)
                    .map_err(|e| e.to_string())
            }
            db::visits::TOUR_WINDOW_END => {
                let (id, at) = job
                    .payload
                    .split_once('@')
                    .and_then(|(id, at)| Some((visit_of(id).ok()?, at.parse().ok()?)))
                    .ok_or_else(|| format!("bad tour end {}", job.payload))?;
                crate::tours::end_tour(hw, id, at)
                    .await
                    .map(|()| Done::Finished)
                    .map_err(|e| e.to_string())
            }
            db::webhooks::DELIVER => {
                let id: i64 = job
                    .payload
                    .parse()
                    .map_err(|_| format!("bad delivery id {}", job.payload))?;
                match crate::webhooks::deliver(hw, id).await? {
                    Some(at) => Ok(Done::Later(at)),
                    None => Ok(Done::Finished),
                }
            }
            db::billing::MONTHLY => db::billing::issue_monthly(&hw.db, hw.now())
                .await
                .map(|_| Done::Finished)
                .map_err(|e| e.to_string()),
            db::feeds::NIGHTLY => crate::feeds::ask_nightly(hw)
                .await
                .map(|_| Done::Finished)
                .map_err(|e| e.to_string()),
            db::feeds::SYNC => {
                let builder: i64 = job
                    .payload
                    .parse()
                    .map_err(|_| format!("bad builder id {}", job.payload))?;
                crate::feeds::sync_nightly(hw, builder)
                    .await
                    .map(|()| Done::Finished)
            }
            routines::WATCH => finished(routines::watch(hw).await.map(|_| ())),
            routines::SWEEP => finished(routines::sweep(hw).await.map(|_| ())),
            routines::LOCKUP_CHECK => finished(routines::lockup_check(hw).await.map(|_| ())),
            routines::RELOCK => finished(routines::relock(hw, &job.payload).await),
            routines::LOCKUP => finished(routines::lockup(hw, &job.payload).await),
            other => Err(format!("unknown job kind {other}")),
        }
    }
}

fn visit_of(payload: &str) -> Result<i64, String> {
    payload
        .parse()
        .map_err(|_| format!("bad visit id {payload}"))
}
