//! Property photos: any PNG or JPEG up to 50 MB becomes a WebP of at most 0.2 MB and 1920 px on
//! its long side, converted here so every client gets the same result.

use std::io::Cursor;

use image::{imageops::FilterType, DynamicImage, ImageFormat, ImageReader, Limits};

use crate::files::ImageKind;

pub const MAX_SIDE: u32 = 1920;
pub const MAX_BYTES: usize = 200 * 1024;
/// Qualities tried in turn; past the last the picture is made smaller and tried again.
const QUALITIES: [f32; 5] = [82.0, 72.0, 62.0, 52.0, 42.0];

#[derive(Debug, PartialEq)]
pub enum PhotoError {
    Unsupported,
    Unreadable(String),
}

fn decode(bytes: &[u8], kind: ImageKind) -> Result<DynamicImage, PhotoError> {
    let format = match kind {
        ImageKind::Png => ImageFormat::Png,
        ImageKind::Jpeg => ImageFormat::Jpeg,
        ImageKind::Webp => return Err(PhotoError::Unsupported),
    };
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    // A small file can claim enormous dimensions; refuse those before allocating.
    let mut limits = Limits::default();
    limits.max_image_width = Some(20_000);
    limits.max_image_height = Some(20_000);
    limits.max_alloc = Some(512 * 1024 * 1024);
    reader.limits(limits);
    reader
        .decode()
        .map_err(|e| PhotoError::Unreadable(e.to_string()))
}

/// Converts an uploaded PNG or JPEG into the stored WebP.
pub fn to_webp(bytes: &[u8]) -> Result<Vec<u8>, PhotoError> {
    let kind = ImageKind::sniff(bytes)
        .filter(|k| matches!(k, ImageKind::Png | ImageKind::Jpeg))
        .ok_or(PhotoError::Unsupported)?;
    let mut picture = decode(bytes, kind)?;
    let mut side = MAX_SIDE;
    loop {
        if picture.width().max(picture.height()) > side {
            picture = picture.resize(side, side, FilterType::Triangle);
        }
        let rgba = picture.to_rgba8();
        let encoder = webp::Encoder::from_rgba(rgba.as_raw(), rgba.width(), rgba.height());
        for quality in QUALITIES {
            let encoded = encoder.encode(quality);
            if encoded.len() <= MAX_BYTES {
                return Ok(encoded.to_vec());
            }
        }
        side = (picture.width().max(picture.height()) * 4 / 5).max(64);
        if picture.width().max(picture.height()) <= 64 {
            return Err(PhotoError::Unreadable(
                "the picture cannot be made small enough".into(),
            ));
        }
    }
}

/// Converts an upload (a photo or a logo) on the blocking pool. A file that is not PNG or JPEG
/// by its bytes is 'Unsupported file type' on `file`; one that does not decode is answered with
/// `unreadable` of the decoder's words.
pub async fn converted_upload(
    bytes: Vec<u8>,
    unreadable: impl FnOnce(String) -> String,
) -> crate::error::ApiResult<Vec<u8>> {
    use crate::error::ApiError;
    tokio::task::spawn_blocking(move || to_webp(&bytes))
        .await
        .map_err(|e| ApiError::Internal(e.to_string()))?
        .map_err(|e| match e {
            PhotoError::Unsupported => {
                ApiError::field("file", domain::branding::MSG_UNSUPPORTED_FILE)
            }
            PhotoError::Unreadable(detail) => ApiError::field("file", unreadable(detail)),
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Rgb, RgbImage};

    /// A noisy picture: hard to compress, so the size limit is really exercised.
    fn noisy_png(width: u32, height: u32) -> Vec<u8> {
        let mut state: u32 = 12345;
        let picture = RgbImage::from_fn(width, height, |x, y| {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            Rgb([(x % 256) as u8, (y % 256) as u8, (state >> 16) as u8])
        });
        let mut out = Cursor::new(Vec::new());
        picture.write_to(&mut out, ImageFormat::Png).unwrap();
        out.into_inner()
    }

    #[test]
    fn large_photos_become_small_webps() {
        let webp = to_webp(&noisy_png(2600, 1400)).unwrap();
        assert!(webp.len() <= MAX_BYTES, "{} bytes", webp.len());
        assert_eq!(ImageKind::sniff(&webp), Some(ImageKind::Webp));
        let decoded = webp::Decoder::new(&webp).decode().unwrap();
        assert!(decoded.width() <= MAX_SIDE && decoded.height() <= MAX_SIDE);
        assert_eq!(decoded.width(), MAX_SIDE, "the long side is cut to 1920");
    }

    #[test]
    fn only_png_and_jpeg_are_taken() {
        assert_eq!(to_webp(b"GIF89a..."), Err(PhotoError::Unsupported));
        assert!(matches!(
            to_webp(b"\x89PNG\r\n\x1a\nbroken"),
            Err(PhotoError::Unreadable(_))
        ));
    }
}
