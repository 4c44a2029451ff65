//! Issue 20's feed budget: a BDX feed of 10,000 homes imported at over 2,000 homes/s in bounded
//! memory. The feed (tests/fixtures/feeds/generate.rs) is synced into a builder with no homes,
//! then synced again (every home unchanged); the peak resident memory each sync adds is printed
//! beside the rate.

use std::io::Write;
use std::time::Instant;

#[path = "../tests/fixtures/feeds/generate.rs"]
mod generate;

const HOMES: usize = 10_000;

/// The process's peak resident memory in KiB, reset to the current one when `reset`.
fn peak_kib(reset: bool) -> u64 {
    if reset {
        let _ = std::fs::OpenOptions::new()
            .write(true)
            .open("/proc/self/clear_refs")
            .and_then(|mut f| f.write_all(b"5"));
    }
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

pub async fn import(name: &str, test_db: &db::testing::TestDb) {
    let db = &test_db.db;
    let hw = server::hardware::Hardware::new(
        db.clone(),
        devices::wall_clock(),
        0,
        server::outbound::Outbound::new(Vec::new()),
    );
    let builder_id = db::builders::create(
        db,
        &db::builders::NewBuilder {
            name: "Feed Bench Builder".into(),
            webflow_name: "feed-bench".into(),
            timezone: 52,
            ..Default::default()
        },
    )
    .await
    .unwrap();
    let settings = db::feeds::FeedSettings {
        builder_id,
        feed_source: "BDX".into(),
        add_communities_active: true,
        feed_fields: serde_json::json!([
            "Price",
            "Bedrooms",
            "Bathrooms",
            "MLS Number",
            "Marketing Name"
        ])
        .to_string(),
        ..Default::default()
    };
    let mut writer = server::feeds::FeedWriter::new().unwrap();
    let xml = generate::bdx(HOMES, 0);
    let megabytes = xml.len() as f64 / 1024.0 / 1024.0;
    writer.write(xml.as_bytes()).unwrap();
    drop(xml);
    let file = writer.finish().unwrap();
    println!(
        "\n### Listing feed import ({name})\n\nA BDX feed of {HOMES} homes ({megabytes:.1} MB):\n"
    );
    for (run, expect) in [("first sync", (HOMES, 0)), ("second sync", (0, HOMES))] {
        let before = peak_kib(true);
        let began = Instant::now();
        let report = server::feeds::sync(&hw, builder_id, &settings, &file)
            .await
            .unwrap();
        let seconds = began.elapsed().as_secs_f64();
        let added = peak_kib(false).saturating_sub(before);
        println!(
            "- {run}: {} in {seconds:.2} s, {:.0} homes/s (budget over 2,000); peak memory +{:.1} MB",
            report.data,
            HOMES as f64 / seconds,
            added as f64 / 1024.0
        );
        assert_eq!(
            (report.created, report.unchanged),
            expect,
            "{}",
            report.data
        );
    }
}
