//! File storage for logos and photos: a local folder by default. Files are named by a random
//! key, so their addresses cannot be guessed, and served read-only under `/api/files/{key}`.

use std::path::PathBuf;

use crate::extract::Path;
use axum::extract::State;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

use std::collections::BTreeMap;

use axum::extract::Multipart;
use domain::branding::{LOGO_LIMIT, MSG_LOGO_SIZE};

use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

#[derive(Clone, Debug)]
pub struct FileStore {
    root: PathBuf,
}

/// The kinds of file the console accepts, told by their first bytes, never by their name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageKind {
    Png,
    Jpeg,
    Webp,
}

impl ImageKind {
    pub fn sniff(bytes: &[u8]) -> Option<ImageKind> {
        if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
            Some(ImageKind::Png)
        } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
            Some(ImageKind::Jpeg)
        } else if bytes.len() >= 12 && &bytes[0..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
            Some(ImageKind::Webp)
        } else {
            None
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            ImageKind::Png => "png",
            ImageKind::Jpeg => "jpg",
            ImageKind::Webp => "webp",
        }
    }

    fn content_type(extension: &str) -> Option<&'static str> {
        match extension {
            "png" => Some("image/png"),
            "jpg" => Some("image/jpeg"),
            "webp" => Some("image/webp"),
            _ => None,
        }
    }
}

/// A key is 32 hex characters, a dot and a known extension: nothing else reaches the disk.
fn valid_key(key: &str) -> Option<&'static str> {
    let (name, extension) = key.split_once('.')?;
    let kind = ImageKind::content_type(extension)?;
    (name.len() == 32
        && name
            .bytes()
            .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()))
    .then_some(kind)
}

impl FileStore {
    pub fn new(root: PathBuf) -> FileStore {
        FileStore { root }
    }

    /// The store of files never served to the public (visitors' selfies): a folder under this
    /// one, which no key can name, so `serve` never reaches it.
    pub fn private(&self) -> FileStore {
        FileStore {
            root: self.root.join("private"),
        }
    }

    /// Stores bytes under a new random key; written to a temporary name first and renamed, so a
    /// crash never leaves half a file under a real key.
    pub async fn put(&self, bytes: Vec<u8>, kind: ImageKind) -> std::io::Result<String> {
        let mut random = [0u8; 16];
        rand::Rng::fill(&mut rand::thread_rng(), &mut random);
        let name: String = random.iter().map(|b| format!("{b:02x}")).collect();
        let key = format!("{name}.{}", kind.extension());
        tokio::fs::create_dir_all(&self.root).await?;
        let temporary = self.root.join(format!(".{key}.part"));
        tokio::fs::write(&temporary, bytes).await?;
        tokio::fs::rename(&temporary, self.root.join(&key)).await?;
        Ok(key)
    }

    pub async fn remove(&self, key: &str) {
        if valid_key(key).is_some() {
            let _ = tokio::fs::remove_file(self.root.join(key)).await;
        }
    }

    pub async fn read(&self, key: &str) -> Option<(Vec<u8>, &'static str)> {
        let content_type = valid_key(key)?;
        tokio::fs::read(self.root.join(key))
            .await
            .ok()
            .map(|bytes| (bytes, content_type))
    }
}

/// Reads the multipart parts: texts by name, and the logo's bytes (refused past 50 MB while
/// reading, so an oversized upload is never held whole).
pub async fn read_form(
    multipart: Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> ApiResult<(BTreeMap<String, String>, Option<Vec<u8>>)> {
    // A missing or mistyped body is answered in the API's error shape, not axum's plain text.
    let mut multipart = multipart.map_err(|rejection| {
        ApiError::BadRequest(format!(
            "Send the form as multipart/form-data: {}",
            rejection.body_text()
        ))
    })?;
    let mut texts = BTreeMap::new();
    let mut file = None;
    let bad = |e: axum::extract::multipart::MultipartError| {
        ApiError::BadRequest(format!("The form could not be read: {e}"))
    };
    while let Some(mut field) = multipart.next_field().await.map_err(bad)? {
        let name = field.name().unwrap_or_default().to_string();
        if name == "file" {
            let mut bytes = Vec::new();
            while let Some(chunk) = field.chunk().await.map_err(bad)? {
                if bytes.len() + chunk.len() > LOGO_LIMIT {
                    return Err(ApiError::field("file", MSG_LOGO_SIZE));
                }
                bytes.extend_from_slice(&chunk);
            }
            if !bytes.is_empty() {
                file = Some(bytes);
            }
        } else {
            let text = field.text().await.map_err(bad)?;
            if text.len() > 512 * 1024 {
                return Err(ApiError::field(&name, "This part of the form is too large"));
            }
            crate::input::check_text(&name, &text)?;
            texts.insert(name, text);
        }
    }
    Ok((texts, file))
}

/// The address a stored file is served at.
pub fn url(key: &str) -> String {
    format!("/api/files/{key}")
}

pub async fn serve(State(state): State<AppState>, Path(key): Path<String>) -> ApiResult<Response> {
    let (bytes, content_type) = state
        .files
        .read(&key)
        .await
        .ok_or_else(ApiError::not_found)?;
    let mut response = (StatusCode::OK, bytes).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=31536000, immutable"),
    );
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_are_told_by_their_bytes() {
        assert_eq!(
            ImageKind::sniff(b"\x89PNG\r\n\x1a\nrest"),
            Some(ImageKind::Png)
        );
        assert_eq!(
            ImageKind::sniff(&[0xFF, 0xD8, 0xFF, 0xE0]),
            Some(ImageKind::Jpeg)
        );
        assert_eq!(
            ImageKind::sniff(b"RIFF\0\0\0\0WEBPVP8 "),
            Some(ImageKind::Webp)
        );
        assert_eq!(ImageKind::sniff(b"GIF89a"), None);
        assert_eq!(ImageKind::sniff(b"<svg"), None);
    }

    #[test]
    fn only_well_formed_keys_reach_the_disk() {
        assert!(valid_key("0123456789abcdef0123456789abcdef.png").is_some());
        assert!(valid_key("../etc/passwd").is_none());
        assert!(valid_key("0123456789abcdef0123456789abcdef.exe").is_none());
        assert!(valid_key("0123456789ABCDEF0123456789abcdef.png").is_none());
    }

    #[tokio::test]
    async fn files_are_stored_and_read_back() {
        let root = std::env::temp_dir().join(format!("td-files-{}", std::process::id()));
        let store = FileStore::new(root.clone());
        let key = store
            .put(b"\x89PNG\r\n\x1a\n".to_vec(), ImageKind::Png)
            .await
            .unwrap();
        assert!(key.ends_with(".png"));
        assert_eq!(store.read(&key).await.map(|(_, t)| t), Some("image/png"));
        store.remove(&key).await;
        assert!(store.read(&key).await.is_none());
        let _ = std::fs::remove_dir_all(root);
    }
}
