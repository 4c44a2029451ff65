//! The ordered keys of recent searches, so paging through a search, sorting it again the same
//! way or repeating it reads only the rows of one page instead of every match. An entry is used
//! only under the version it was read at: triggers count every change to the tables a list
//! reads (`list_versions`, migration 0011), and a changed count makes the next request read
//! the matches afresh. A search asked once is only marked as asked: its first page may be
//! cheaper to read alone (db::list::ListSpec::page_of_words); asked again at the same version
//! (paged, sorted again, repeated), its keys are kept.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, LazyLock, Mutex};

/// Searches kept at most.
const MAX_ENTRIES: usize = 64;
/// Keys kept at most over all entries (8 MiB); a search with more than a quarter of them is
/// not kept, so one search cannot push out every other.
const MAX_KEYS: usize = 1 << 20;

struct Entry {
    version: i64,
    /// None while the search is only marked as asked.
    keys: Option<Arc<[i64]>>,
}

#[derive(Default)]
pub(crate) struct KeyCache {
    entries: HashMap<String, Entry>,
    /// Least recently used first.
    recency: VecDeque<String>,
    held: usize,
}

impl KeyCache {
    /// The keys of `query` read at `version`, if kept.
    pub(crate) fn get(&mut self, query: &str, version: i64) -> Option<Arc<[i64]>> {
        let keys = self
            .entries
            .get(query)
            .filter(|entry| entry.version == version)
            .and_then(|entry| entry.keys.clone())?;
        self.touch(query);
        Some(keys)
    }

    /// Whether `query` was asked at `version` before (kept or marked); marks it asked.
    pub(crate) fn asked_before(&mut self, query: &str, version: i64) -> bool {
        if self
            .entries
            .get(query)
            .is_some_and(|entry| entry.version == version)
        {
            self.touch(query);
            return true;
        }
        self.insert(query.to_string(), version, None);
        false
    }

    fn touch(&mut self, query: &str) {
        if let Some(at) = self.recency.iter().position(|q| q == query) {
            let used = self.recency.remove(at).expect("position is in range");
            self.recency.push_back(used);
        }
    }

    /// Keeps the keys of `query` read at `version`, in place of any older reading.
    pub(crate) fn put(&mut self, query: String, version: i64, keys: Arc<[i64]>) {
        if keys.len() > MAX_KEYS / 4 {
            return;
        }
        self.insert(query, version, Some(keys));
    }

    fn insert(&mut self, query: String, version: i64, keys: Option<Arc<[i64]>>) {
        self.remove(&query);
        self.held += keys.as_ref().map_or(0, |keys| keys.len());
        self.recency.push_back(query.clone());
        self.entries.insert(query, Entry { version, keys });
        while self.entries.len() > MAX_ENTRIES || self.held > MAX_KEYS {
            let Some(oldest) = self.recency.front().cloned() else {
                break;
            };
            self.remove(&oldest);
        }
    }

    fn remove(&mut self, query: &str) {
        if let Some(entry) = self.entries.remove(query) {
            self.held -= entry.keys.map_or(0, |keys| keys.len());
            self.recency.retain(|q| q != query);
        }
    }
}

/// The one cache of the process. Its keys are whole statements with their values, and its
/// versions start at random per database, so the databases of one process never mix.
pub(crate) static KEYS: LazyLock<Mutex<KeyCache>> = LazyLock::new(Mutex::default);

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(n: i64) -> Arc<[i64]> {
        (0..n).collect()
    }

    #[test]
    fn an_entry_holds_only_at_its_version() {
        let mut cache = KeyCache::default();
        cache.put("q".into(), 7, keys(3));
        assert_eq!(cache.get("q", 7).as_deref(), Some(&[0, 1, 2][..]));
        assert!(cache.get("q", 8).is_none());
        cache.put("q".into(), 8, keys(1));
        assert_eq!(cache.get("q", 8).as_deref(), Some(&[0][..]));
        assert_eq!(cache.held, 1);
    }

    #[test]
    fn the_least_recently_used_entry_goes_first() {
        let mut cache = KeyCache::default();
        for n in 0..MAX_ENTRIES {
            cache.put(format!("q{n}"), 1, keys(1));
        }
        // Using the oldest makes the second oldest the one to go.
        assert!(cache.get("q0", 1).is_some());
        cache.put("new".into(), 1, keys(1));
        assert!(cache.get("q0", 1).is_some());
        assert!(cache.get("q1", 1).is_none());
        assert_eq!(cache.entries.len(), MAX_ENTRIES);
        assert_eq!(cache.recency.len(), MAX_ENTRIES);
    }

    #[test]
    fn a_search_is_asked_before_only_at_its_version() {
        let mut cache = KeyCache::default();
        assert!(!cache.asked_before("q", 7));
        assert!(cache.get("q", 7).is_none(), "marked, nothing kept");
        assert!(cache.asked_before("q", 7));
        assert!(!cache.asked_before("q", 8));
        cache.put("q".into(), 8, keys(2));
        assert!(cache.asked_before("q", 8));
        assert_eq!(cache.get("q", 8).as_deref(), Some(&[0, 1][..]));
        assert_eq!(cache.held, 2);
    }

    #[test]
    fn the_keys_held_stay_bounded() {
        let mut cache = KeyCache::default();
        let quarter = (MAX_KEYS / 4) as i64;
        cache.put("too many".into(), 1, keys(quarter + 1));
        assert!(cache.get("too many", 1).is_none());
        for n in 0..5 {
            cache.put(format!("q{n}"), 1, keys(quarter));
        }
        assert!(cache.held <= MAX_KEYS);
        assert!(cache.get("q0", 1).is_none());
        assert!(cache.get("q4", 1).is_some());
    }
}
