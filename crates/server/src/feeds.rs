//! Listing feed syncs (spec 3: Builder feed settings; docs/integrations.md): a BDX feed read with
//! a streaming XML parser, or a Custom Website feed in CSV or JSON, from the feed's address or
//! an uploaded file, matched to the builder's homes by External Identifier and written in one
//! transaction. A feed that is not well-formed changes nothing and says where it broke.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};

use db::feeds::{CommunityRef, FeedSettings, NewCommunity, Plan, Stored, StoredHome};
use domain::feeds::{
    read_home, summary, unsupported_source, FeedField, FeedHome, RawHome, Rejection, SOURCE_BDX,
};
use quick_xml::events::Event;
use serde::Serialize;
use utoipa::ToSchema;

use crate::hardware::Hardware;

/// The largest feed read, downloaded or uploaded.
pub const FEED_LIMIT: u64 = 512 * 1024 * 1024;
/// How long a feed's download may take.
const DOWNLOAD_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(600);
/// The author of the changes a sync makes.
pub const AUTHOR: &str = "feed sync";

/// Why a sync did not run; nothing was changed.
#[derive(Debug, thiserror::Error)]
pub enum SyncError {
    /// The settings or the feed cannot be used: the message says why.
    #[error("{0}")]
    Refused(String),
    #[error(transparent)]
    Db(#[from] db::Error),
}

/// What a sync did.
#[derive(Debug, Clone, Default, Serialize, serde::Deserialize, ToSchema)]
pub struct SyncReport {
    /// The sentence shown as the sync's success message.
    pub data: String,
    pub created: usize,
    pub updated: usize,
    pub unchanged: usize,
    pub rejected: usize,
    #[serde(rename = "communitiesCreated")]
    pub communities_created: usize,
    pub rejections: Vec<Rejection>,
}

/// A feed file on disk, removed when dropped.
pub struct FeedFile {
    path: PathBuf,
}

impl FeedFile {
    pub fn new() -> FeedFile {
        let (token, _) = crate::auth::random_token();
        FeedFile {
            path: std::env::temp_dir().join(format!("tourdesk-feed-{token}")),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Default for FeedFile {
    fn default() -> Self {
        FeedFile::new()
    }
}

impl Drop for FeedFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Writes a feed to a file as it arrives, refusing one over the limit.
pub struct FeedWriter {
    file: FeedFile,
    out: std::io::BufWriter<std::fs::File>,
    size: u64,
}

fn not_stored(error: std::io::Error) -> SyncError {
    SyncError::Refused(format!("The feed could not be stored: {error}"))
}

impl FeedWriter {
    pub fn new() -> Result<FeedWriter, SyncError> {
        let file = FeedFile::new();
        let out = std::io::BufWriter::new(std::fs::File::create(file.path()).map_err(not_stored)?);
        Ok(FeedWriter { file, out, size: 0 })
    }

    pub fn write(&mut self, chunk: &[u8]) -> Result<(), SyncError> {
        self.size += chunk.len() as u64;
        if self.size > FEED_LIMIT {
            return Err(SyncError::Refused(format!(
                "The feed is larger than {} MB",
                FEED_LIMIT / 1024 / 1024
            )));
        }
        self.out.write_all(chunk).map_err(not_stored)
    }

    pub fn finish(mut self) -> Result<FeedFile, SyncError> {
        self.out.flush().map_err(not_stored)?;
        Ok(self.file)
    }
}

/// Downloads a builder's feed from its address (with the feed's user and password, if any).
pub async fn download(hw: &Hardware, settings: &FeedSettings) -> Result<FeedFile, SyncError> {
    let url = settings
        .feed_url
        .as_deref()
        .filter(|u| !u.trim().is_empty())
        .ok_or_else(|| {
            SyncError::Refused("Enter the feed's address, or upload the feed's file".into())
        })?;
    hw.outbound
        .may_send(url)
        .map_err(|e| SyncError::Refused(format!("The feed cannot be read from {url}: {e}")))?;
    let mut request = hw.outbound.client().get(url).timeout(DOWNLOAD_TIMEOUT);
    if let Some(user) = settings.feed_username.as_deref().filter(|u| !u.is_empty()) {
        request = request.basic_auth(user, settings.feed_password.as_deref());
    }
    let response = request.send().await.map_err(|e| {
        SyncError::Refused(format!(
            "The feed could not be read from {url}: {}",
            crate::outbound::describe(&e)
        ))
    })?;
    if !response.status().is_success() {
        return Err(SyncError::Refused(format!(
            "The feed's address answered {}",
            response.status()
        )));
    }
    let mut writer = FeedWriter::new()?;
    let mut response = response;
    loop {
        match response.chunk().await {
            Ok(Some(chunk)) => writer.write(&chunk)?,
            Ok(None) => break,
            Err(e) => {
                return Err(SyncError::Refused(format!(
                    "The feed could not be read from {url}: {}",
                    crate::outbound::describe(&e)
                )))
            }
        }
    }
    writer.finish()
}

/// Reads, plans and writes a sync of a feed file with the builder's settings.
pub async fn sync(
    hw: &Hardware,
    builder_id: i64,
    settings: &FeedSettings,
    file: &FeedFile,
) -> Result<SyncReport, SyncError> {
    if let Some(message) = unsupported_source(&settings.feed_source) {
        return Err(SyncError::Refused(message));
    }
    let path = file.path().to_path_buf();
    let bdx = settings.feed_source == SOURCE_BDX;
    let company = settings
        .company_code
        .clone()
        .filter(|c| !c.trim().is_empty());
    let homes = tokio::task::spawn_blocking(move || read_feed(&path, bdx, company.as_deref()))
        .await
        .map_err(|e| SyncError::Refused(format!("The feed could not be read: {e}")))?
        .map_err(SyncError::Refused)?;
    let written = domain::feeds::fields_written(&settings.fields());
    let add_communities = settings.add_communities_active;
    let planned = db::feeds::sync(&hw.db, builder_id, &written, AUTHOR, |stored| {
        plan(stored, homes, &written, add_communities)
    })
    .await?;
    let Some((plan, applied)) = planned else {
        return Err(SyncError::Refused("The builder does not exist".into()));
    };
    let report = SyncReport {
        data: summary(
            plan.creates.len(),
            plan.updates.len(),
            plan.unchanged,
            plan.rejections.len(),
        ),
        created: plan.creates.len(),
        updated: plan.updates.len(),
        unchanged: plan.unchanged,
        rejected: plan.rejections.len(),
        communities_created: applied.communities.len(),
        rejections: plan.rejections,
    };
    let kept = serde_json::to_string(&report).expect("a report serialises");
    db::feeds::record_sync(&hw.db, builder_id, &kept, hw.now()).await?;
    Ok(report)
}

/// A home of a feed, read or rejected.
type ReadHome = Result<FeedHome, Rejection>;

fn read_feed(path: &Path, bdx: bool, company: Option<&str>) -> Result<Vec<ReadHome>, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("The feed could not be read: {e}"))?;
    let mut homes = Vec::new();
    let mut keep = |raw: RawHome| {
        homes.push(read_home(&raw).map_err(|reason| {
            Rejection {
                line: raw.line,
                external_identifier: raw
                    .values
                    .get(&FeedField::ExternalIdentifier)
                    .map(|v| v.trim().to_string())
                    .filter(|v| !v.is_empty()),
                reason,
            }
        }))
    };
    let mut input = BufReader::with_capacity(64 * 1024, file);
    if bdx {
        read_bdx(input, company, &mut keep)?;
    } else {
        let first = input
            .fill_buf()
            .map_err(|e| format!("The feed could not be read: {e}"))?
            .iter()
            .find(|b| !b.is_ascii_whitespace() && **b != 0xEF && **b != 0xBB && **b != 0xBF)
            .copied();
        match first {
            Some(b'[' | b'{') => read_json(input, &mut keep)?,
            Some(_) => read_csv(input, &mut keep)?,
            None => return Err("The feed is empty".into()),
        }
    }
    Ok(homes)
}

/// What a BDX element's text is, by where it stands.
#[derive(Default)]
struct BdxContext {
    corporate_number: String,
    builder_number: String,
    subdivision_name: String,
    subdivision_number: String,
    office: [String; 3],
    plan_name: String,
    plan_price: String,
    plan_bedrooms: String,
    plan_baths: String,
    plan_half_baths: String,
    spec: Option<RawHome>,
    spec_id: Option<String>,
}

fn line_breaks(bytes: &[u8]) -> u64 {
    bytes.iter().filter(|b| **b == b'\n').count() as u64
}

/// Reads a BDX feed streaming: `Builders/Corporation/Builder/Subdivision/Plan/Spec`, each Spec a
/// home. With a company code, only the homes of the Builder (or Corporation) of that number.
pub fn read_bdx<R: BufRead>(
    input: R,
    company: Option<&str>,
    keep: &mut dyn FnMut(RawHome),
) -> Result<(), String> {
    let mut reader = quick_xml::Reader::from_reader(input);
    let mut buf = Vec::new();
    let mut stack: Vec<String> = Vec::new();
    let mut text = String::new();
    let mut line = 1u64;
    let mut ctx = BdxContext::default();
    let mut saw_root = false;
    let wanted = |ctx: &BdxContext| {
        company.is_none_or(|c| {
            ctx.builder_number.eq_ignore_ascii_case(c.trim())
                || ctx.corporate_number.eq_ignore_ascii_case(c.trim())
        })
    };
    loop {
        let event = reader
            .read_event_into(&mut buf)
            .map_err(|e| format!("The feed is not well-formed XML at line {line}: {e}"))?;
        match event {
            Event::Start(start) => {
                line += line_breaks(&start);
                let name = String::from_utf8_lossy(start.local_name().as_ref()).into_owned();
                if stack.is_empty() {
                    if name != "Builders" {
                        return Err(format!(
                            "The feed is not a BDX feed: its root element is <{name}>, not <Builders> (line {line})"
                        ));
                    }
                    saw_root = true;
                }
                match name.as_str() {
                    "Builder" => {
                        ctx.builder_number.clear();
                    }
                    "Subdivision" => {
                        ctx.subdivision_name.clear();
                        ctx.subdivision_number.clear();
                        ctx.office = Default::default();
                    }
                    "Plan" => {
                        ctx.plan_name.clear();
                        ctx.plan_price.clear();
                        ctx.plan_bedrooms.clear();
                        ctx.plan_baths.clear();
                        ctx.plan_half_baths.clear();
                    }
                    "Spec" => {
                        ctx.spec = Some(RawHome {
                            line,
                            ..RawHome::default()
                        });
                        ctx.spec_id = start
                            .try_get_attribute("SpecID")
                            .ok()
                            .flatten()
                            .and_then(|a| a.unescape_value().ok().map(|v| v.into_owned()));
                    }
                    _ => {}
                }
                stack.push(name);
                text.clear();
            }
            Event::End(end) => {
                let name = String::from_utf8_lossy(end.local_name().as_ref()).into_owned();
                let value = std::mem::take(&mut text).trim().to_string();
                let parent = stack.len().checked_sub(2).map(|i| stack[i].as_str());
                bdx_value(&mut ctx, &name, parent, value);
                if name == "Spec" {
                    if let Some(home) = ctx.spec.take() {
                        if wanted(&ctx) {
                            keep(finish_spec(&ctx, home));
                        }
                    }
                }
                stack.pop();
            }
            Event::Empty(empty) => line += line_breaks(&empty),
            Event::Text(t) => {
                line += line_breaks(&t);
                let decoded = t
                    .decode()
                    .map_err(|e| format!("The feed is not well-formed XML at line {line}: {e}"))?;
                text.push_str(&decoded);
            }
            Event::CData(c) => {
                line += line_breaks(&c);
                text.push_str(&String::from_utf8_lossy(&c));
            }
            Event::GeneralRef(r) => {
                let resolved = match r.resolve_char_ref() {
                    Ok(Some(c)) => c.to_string(),
                    Ok(None) => match &*r {
                        [b'a', b'm', b'p'] => "&".into(),
                        [b'l', b't'] => "<".into(),
                        [b'g', b't'] => ">".into(),
                        [b'q', b'u', b'o', b't'] => "\"".into(),
                        [b'a', b'p', b'o', b's'] => "'".into(),
                        other => {
                            return Err(format!(
                            "The feed is not well-formed XML at line {line}: unknown entity &{};",
                            String::from_utf8_lossy(other)
                        ))
                        }
                    },
                    Err(e) => {
                        return Err(format!(
                            "The feed is not well-formed XML at line {line}: {e}"
                        ))
                    }
                };
                text.push_str(&resolved);
            }
            Event::Comment(c) => line += line_breaks(&c),
            Event::Decl(_) | Event::PI(_) | Event::DocType(_) => {}
            Event::Eof => break,
        }
        buf.clear();
    }
    if let Some(open) = stack.last() {
        return Err(format!(
            "The feed is not well-formed XML: it ends at line {line} inside <{open}>"
        ));
    }
    if !saw_root {
        return Err("The feed is not a BDX feed: it holds no <Builders> element".into());
    }
    Ok(())
}

/// Keeps the text of an element the feed's homes are read from.
fn bdx_value(ctx: &mut BdxContext, name: &str, parent: Option<&str>, value: String) {
    if let Some(spec) = ctx.spec.as_mut() {
        let field = match name {
            "SpecNumber" => Some(FeedField::ExternalIdentifier),
            "SpecStreet1" => Some(FeedField::StreetAddress),
            "SpecStreet2" => Some(FeedField::Street2),
            "SpecCity" => Some(FeedField::City),
            "SpecState" => Some(FeedField::State),
            "SpecZIP" => Some(FeedField::ZipCode),
            "SpecPrice" => Some(FeedField::Price),
            "SpecBedrooms" => Some(FeedField::Bedrooms),
            "SpecBaths" => Some(FeedField::Bathrooms),
            "SpecMLSNumber" => Some(FeedField::MlsNumber),
            _ => None,
        };
        match (field, name) {
            (Some(field), _) => {
                spec.values.insert(field, value);
            }
            (None, "SpecHalfBaths") => spec.half_baths = Some(value),
            (None, "SpecLot") => spec.lot = Some(value),
            _ => {}
        }
        return;
    }
    match (name, parent) {
        ("CorporateBuilderNumber", _) => ctx.corporate_number = value,
        ("BuilderNumber", _) => ctx.builder_number = value,
        ("SubdivisionName", Some("Subdivision")) => ctx.subdivision_name = value,
        ("SubdivisionNumber", Some("Subdivision")) => ctx.subdivision_number = value,
        ("City", Some("Address")) => ctx.office[0] = value,
        ("State", Some("Address")) => ctx.office[1] = value,
        ("ZIP", Some("Address")) => ctx.office[2] = value,
        ("PlanName", Some("Plan")) => ctx.plan_name = value,
        ("BasePrice", Some("Plan")) => ctx.plan_price = value,
        ("Bedrooms", Some("Plan")) => ctx.plan_bedrooms = value,
        ("Baths", Some("Plan")) => ctx.plan_baths = value,
        ("HalfBaths", Some("Plan")) => ctx.plan_half_baths = value,
        _ => {}
    }
}

/// A Spec's home with what it takes from its subdivision and plan where it says nothing itself.
fn finish_spec(ctx: &BdxContext, mut home: RawHome) -> RawHome {
    let mut fallback = |field: FeedField, value: &str| {
        let own = home
            .values
            .get(&field)
            .is_some_and(|v| !v.trim().is_empty());
        if !own && !value.is_empty() {
            home.values.insert(field, value.to_string());
        }
    };
    fallback(FeedField::Subdivision, &ctx.subdivision_name);
    fallback(FeedField::City, &ctx.office[0]);
    fallback(FeedField::State, &ctx.office[1]);
    fallback(FeedField::ZipCode, &ctx.office[2]);
    fallback(
        FeedField::ExternalIdentifier,
        ctx.spec_id.as_deref().unwrap_or(""),
    );
    fallback(FeedField::MarketingName, &ctx.plan_name);
    fallback(FeedField::Price, &ctx.plan_price);
    fallback(FeedField::Bedrooms, &ctx.plan_bedrooms);
    fallback(FeedField::Bathrooms, &ctx.plan_baths);
    if home
        .half_baths
        .as_deref()
        .is_none_or(|h| h.trim().is_empty())
        && !ctx.plan_half_baths.is_empty()
    {
        home.half_baths = Some(ctx.plan_half_baths.clone());
    }
    if !ctx.subdivision_number.is_empty() {
        home.community_number = Some(ctx.subdivision_number.clone());
    }
    home
}

/// Reads a Custom Website CSV feed: a header row of feed fields' names, then a home a row.
pub fn read_csv<R: Read>(input: R, keep: &mut dyn FnMut(RawHome)) -> Result<(), String> {
    let mut reader = csv::ReaderBuilder::new().flexible(false).from_reader(input);
    let headers = reader
        .headers()
        .map_err(|e| format!("The feed is not well-formed CSV: {e}"))?
        .clone();
    let columns: Vec<Option<FeedField>> = headers
        .iter()
        .map(|h| FeedField::named(h.trim_start_matches('\u{feff}')))
        .collect();
    if !FeedField::REQUIRED
        .iter()
        .all(|f| columns.contains(&Some(*f)))
    {
        let missing: Vec<&str> = FeedField::REQUIRED
            .iter()
            .filter(|f| !columns.contains(&Some(**f)))
            .map(|f| f.name())
            .collect();
        return Err(format!(
            "The feed's header row lacks the columns {}",
            missing.join(", ")
        ));
    }
    for record in reader.records() {
        let record = record.map_err(|e| {
            let line = e.position().map_or(0, |p| p.line());
            format!("The feed is not well-formed CSV at line {line}: {e}")
        })?;
        let line = record.position().map_or(0, |p| p.line());
        let values = columns
            .iter()
            .zip(record.iter())
            .filter_map(|(field, value)| field.map(|f| (f, value.to_string())))
            .collect();
        keep(RawHome {
            line,
            values,
            ..RawHome::default()
        });
    }
    Ok(())
}

/// Reads a Custom Website JSON feed: a list of homes (or `{"homes": [...]}`), each an object of
/// feed fields' names; a home's line is its place in the list.
pub fn read_json<R: Read>(input: R, keep: &mut dyn FnMut(RawHome)) -> Result<(), String> {
    let document: serde_json::Value = serde_json::from_reader(input).map_err(|e| {
        format!(
            "The feed is not well-formed JSON at line {}, column {}: {e}",
            e.line(),
            e.column()
        )
    })?;
    let homes = match &document {
        serde_json::Value::Array(homes) => homes,
        serde_json::Value::Object(o) => match o.get("homes") {
            Some(serde_json::Value::Array(homes)) => homes,
            _ => {
                return Err("The feed's JSON is not a list of homes nor {\"homes\": [...]}".into())
            }
        },
        _ => return Err("The feed's JSON is not a list of homes".into()),
    };
    for (index, home) in homes.iter().enumerate() {
        let serde_json::Value::Object(fields) = home else {
            return Err(format!("Home {} of the feed is not an object", index + 1));
        };
        let values = fields
            .iter()
            .filter_map(|(name, value)| {
                let field = FeedField::named(name)?;
                let text = match value {
                    serde_json::Value::String(s) => s.clone(),
                    serde_json::Value::Number(n) => n.to_string(),
                    serde_json::Value::Null => String::new(),
                    other => other.to_string(),
                };
                Some((field, text))
            })
            .collect();
        keep(RawHome {
            line: index as u64 + 1,
            values,
            ..RawHome::default()
        });
    }
    Ok(())
}

/// Works out a sync's changes: each home matched by External Identifier within the builder,
/// updated when a written field differs, created when new (in its community, made when the
/// settings allow), rejected with its reason otherwise.
pub fn plan(
    stored: Stored,
    homes: Vec<ReadHome>,
    written: &[FeedField],
    add_communities: bool,
) -> Plan {
    let disposition = domain::catalog::disposition_by_constant(&stored.disposition)
        .or_else(|| domain::catalog::disposition_by_constant("PROPERTY_AVAILABLE"))
        .map_or(0, |d| d.id);
    let mut plan = Plan {
        timezone: stored.timezone,
        disposition_id: disposition,
        ..Plan::default()
    };
    let mut by_identifier: HashMap<&str, Vec<&StoredHome>> = HashMap::new();
    for home in &stored.homes {
        by_identifier
            .entry(home.external_identifier.trim())
            .or_default()
            .push(home);
    }
    let mut new_communities: HashMap<String, usize> = HashMap::new();
    let mut seen: HashMap<String, u64> = HashMap::new();
    let mut unchanged = 0;
    for home in homes {
        let home = match home {
            Ok(home) => home,
            Err(rejection) => {
                plan.rejections.push(rejection);
                continue;
            }
        };
        let reject = |reason: String| Rejection {
            line: home.line,
            external_identifier: Some(home.external_identifier.clone()),
            reason,
        };
        if let Some(first) = seen.get(&home.external_identifier) {
            plan.rejections.push(reject(format!(
                "External Identifier {} appears twice in the feed (first at line {first})",
                home.external_identifier
            )));
            continue;
        }
        seen.insert(home.external_identifier.clone(), home.line);
        let key = home.subdivision.trim().to_lowercase();
        let community = match (stored.communities.get(&key), new_communities.get(&key)) {
            (Some(id), _) => CommunityRef::Stored(*id),
            (None, Some(index)) => CommunityRef::New(*index),
            (None, None) if add_communities => {
                plan.communities.push(NewCommunity {
                    name: home.subdivision.trim().to_string(),
                    city: home.city.clone(),
                    state: home.state.clone(),
                    zip: home.zipcode.clone(),
                    external_community_id: home.community_number.clone(),
                });
                new_communities.insert(key, plan.communities.len() - 1);
                CommunityRef::New(plan.communities.len() - 1)
            }
            (None, None) => {
                plan.rejections.push(reject(format!(
                    "Community {} does not exist (turn on adding communities to create it)",
                    home.subdivision
                )));
                continue;
            }
        };
        match by_identifier
            .get(home.external_identifier.as_str())
            .map(Vec::as_slice)
        {
            None | Some([]) => plan.creates.push((community, home)),
            Some([existing]) => {
                if differs(existing, community, &home, written) {
                    plan.updates.push((existing.property_id, community, home));
                } else {
                    unchanged += 1;
                }
            }
            Some(several) => plan.rejections.push(reject(format!(
                "{} homes have External Identifier {}",
                several.len(),
                home.external_identifier
            ))),
        }
    }
    plan.unchanged = unchanged;
    plan
}

/// Whether writing a feed's home would change a stored one: a written field the feed gives
/// that differs.
fn differs(
    stored: &StoredHome,
    community: CommunityRef,
    home: &FeedHome,
    written: &[FeedField],
) -> bool {
    let has = |field: FeedField| written.contains(&field);
    let changed = |given: &Option<String>, now: &Option<String>| {
        given.as_ref().is_some_and(|g| Some(g) != now.as_ref())
    };
    community != CommunityRef::Stored(stored.community_id)
        || stored.subdivision.as_deref() != Some(home.subdivision.as_str())
        || stored.address_1 != home.address_1
        || stored.city != home.city
        || stored.state != home.state
        || stored.zipcode != home.zipcode
        || (has(FeedField::Street2) && changed(&home.address_2, &stored.address_2))
        || (has(FeedField::MlsNumber) && changed(&home.mls_number, &stored.mls_number))
        || (has(FeedField::MarketingName) && changed(&home.marketing_name, &stored.marketing_name))
        || (has(FeedField::Price)
            && home.price_cents.is_some()
            && home.price_cents != stored.price_cents)
        || (has(FeedField::Bedrooms) && home.bedrooms.is_some_and(|b| b != stored.bedrooms))
        || (has(FeedField::Bathrooms)
            && home
                .bathrooms
                .is_some_and(|b| b != (stored.full_bathrooms, stored.half_bathrooms)))
}

/// The builders whose feeds the nightly job syncs, each a job of its own.
pub async fn ask_nightly(hw: &Hardware) -> db::Result<usize> {
    let at = hw.now();
    let day = at.format("%Y-%m-%d");
    let builders = db::feeds::nightly_builders(&hw.db).await?;
    for builder in &builders {
        db::jobs::enqueue(
            &hw.db,
            db::feeds::SYNC,
            &builder.to_string(),
            at,
            Some(format!("feed:{builder}:{day}")),
        )
        .await?;
    }
    Ok(builders.len())
}

/// The nightly sync of one builder's feed, from its address. A feed that cannot be read or used
/// is recorded with the settings (the integrations page shows it) and not tried again tonight.
pub async fn sync_nightly(hw: &Hardware, builder_id: i64) -> Result<(), String> {
    let Some(settings) = db::feeds::get(&hw.db, builder_id)
        .await
        .map_err(|e| e.to_string())?
    else {
        return Ok(());
    };
    let outcome = match download(hw, &settings).await {
        Ok(file) => sync(hw, builder_id, &settings, &file).await.map(|_| ()),
        Err(error) => Err(error),
    };
    match outcome {
        Ok(()) => Ok(()),
        Err(SyncError::Refused(message)) => {
            tracing::warn!(builder = builder_id, %message, "nightly feed sync refused");
            let kept = serde_json::json!({ "error": message }).to_string();
            db::feeds::record_sync(&hw.db, builder_id, &kept, hw.now())
                .await
                .map_err(|e| e.to_string())
        }
        Err(SyncError::Db(error)) => Err(error.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bdx_homes(xml: &str, company: Option<&str>) -> Result<Vec<RawHome>, String> {
        let mut homes = Vec::new();
        read_bdx(xml.as_bytes(), company, &mut |h| homes.push(h))?;
        Ok(homes)
    }

    const TWO_BUILDERS: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<Builders>
  <!-- a comment -->
  <Corporation>
    <CorporateBuilderNumber>C1</CorporateBuilderNumber>
    <Builder>
      <BuilderNumber>B1</BuilderNumber>
      <Subdivision>
        <SubdivisionNumber>S1</SubdivisionNumber>
        <SubdivisionName>Oak &amp; Ridge</SubdivisionName>
        <SalesOffice><Address><Street1>1 Office</Street1><City>Austin</City><State>TX</State><ZIP>78701</ZIP></Address></SalesOffice>
        <Plan PlanID="P1">
          <PlanName>The Aspen</PlanName><BasePrice>300000</BasePrice><Bedrooms>3</Bedrooms><Baths>2</Baths><HalfBaths>1</HalfBaths>
          <Unknown><Deep>skipped</Deep></Unknown>
          <Spec SpecID="X-1">
            <SpecNumber>1001</SpecNumber>
            <SpecAddress><SpecLot>12</SpecLot><SpecStreet1>12 Elm St</SpecStreet1></SpecAddress>
            <SpecPrice>349900</SpecPrice>
          </Spec>
          <Spec SpecID="X-2"><SpecAddress><SpecStreet1>14 Elm St</SpecStreet1><SpecCity>Round Rock</SpecCity></SpecAddress></Spec>
        </Plan>
      </Subdivision>
    </Builder>
    <Builder>
      <BuilderNumber>B2</BuilderNumber>
      <Subdivision><SubdivisionName>Pine</SubdivisionName>
        <Plan><PlanName>Cedar</PlanName><Spec><SpecNumber>1001</SpecNumber><SpecAddress><SpecStreet1>9 Pine</SpecStreet1><SpecCity>Waco</SpecCity><SpecState>TX</SpecState><SpecZIP>76701</SpecZIP></SpecAddress></Spec></Plan>
      </Subdivision>
    </Builder>
  </Corporation>
</Builders>"#;

    #[test]
    fn bdx_specs_are_homes_with_their_plan_and_subdivision() {
        let homes = bdx_homes(TWO_BUILDERS, None).unwrap();
        assert_eq!(homes.len(), 3);
        let first = read_home(&homes[0]).unwrap();
        assert_eq!(first.subdivision, "Oak & Ridge");
        assert_eq!(first.external_identifier, "1001");
        assert_eq!(first.city, "Austin");
        assert_eq!(first.price_cents, Some(34_990_000));
        assert_eq!(first.bedrooms, Some(3));
        assert_eq!(first.bathrooms, Some((2, 1)));
        assert_eq!(first.marketing_name.as_deref(), Some("The Aspen"));
        assert_eq!(first.lot.as_deref(), Some("12"));
        assert_eq!(first.community_number.as_deref(), Some("S1"));
        assert_eq!(first.line, 15);
        let second = read_home(&homes[1]).unwrap();
        assert_eq!(second.external_identifier, "X-2");
        assert_eq!(second.city, "Round Rock");
        assert_eq!(second.price_cents, Some(30_000_000));
    }

    #[test]
    fn a_company_code_keeps_one_builder() {
        let homes = bdx_homes(TWO_BUILDERS, Some("b2")).unwrap();
        assert_eq!(homes.len(), 1);
        assert_eq!(homes[0].values[&FeedField::City], "Waco");
        assert_eq!(bdx_homes(TWO_BUILDERS, Some("C1")).unwrap().len(), 3);
    }

    #[test]
    fn malformed_feeds_say_where_they_broke() {
        let broken = "<Builders>\n<Corporation>\n<Builder>\n</Corporation>\n</Builders>";
        let error = bdx_homes(broken, None).unwrap_err();
        assert!(error.contains("line 4"), "{error}");
        let cut = "<Builders>\n<Corporation>\n";
        assert!(bdx_homes(cut, None)
            .unwrap_err()
            .contains("inside <Corporation>"));
        assert!(bdx_homes("<Homes/>", None)
            .unwrap_err()
            .contains("<Builders>"));
        assert!(bdx_homes("", None).unwrap_err().contains("no <Builders>"));
        assert!(bdx_homes("<Builders>&nope;</Builders>", None)
            .unwrap_err()
            .contains("&nope;"));
    }

    #[test]
    fn csv_rows_are_read_by_their_header() {
        let csv =
            "Subdivision,Street Address,City,State,Zip Code,External Identifier,Price,Colour\n\
                   Oak,1 Elm,Austin,TX,78701,A1,\"350,000\",red\n";
        let mut homes = Vec::new();
        read_csv(csv.as_bytes(), &mut |h| homes.push(h)).unwrap();
        assert_eq!(homes.len(), 1);
        assert_eq!(homes[0].line, 2);
        assert_eq!(read_home(&homes[0]).unwrap().price_cents, Some(35_000_000));
        let missing = "Subdivision,City\nOak,Austin\n";
        assert!(read_csv(missing.as_bytes(), &mut |_| {})
            .unwrap_err()
            .contains("Street Address"));
        let ragged =
            "Subdivision,Street Address,City,State,Zip Code,External Identifier\nOak,1 Elm\n";
        assert!(read_csv(ragged.as_bytes(), &mut |_| {})
            .unwrap_err()
            .contains("line 2"));
    }

    #[test]
    fn json_homes_are_read_by_their_names() {
        let json = r#"{"homes": [{"Subdivision": "Oak", "Street Address": "1 Elm", "City": "Austin",
            "State": "TX", "Zip Code": 78701, "External Identifier": "A1", "Bedrooms": 4}]}"#;
        let mut homes = Vec::new();
        read_json(json.as_bytes(), &mut |h| homes.push(h)).unwrap();
        let home = read_home(&homes[0]).unwrap();
        assert_eq!(home.zipcode, "78701");
        assert_eq!(home.bedrooms, Some(4));
        assert!(read_json("[{\"a\": 1}, 3]".as_bytes(), &mut |_| {})
            .unwrap_err()
            .contains("Home 2"));
        assert!(read_json("[{".as_bytes(), &mut |_| {})
            .unwrap_err()
            .contains("line 1"));
    }
}
