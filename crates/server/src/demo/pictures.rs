//! Photos for the demo homes, drawn here (a house front in a few colour schemes) so the demo needs
//! no picture files and no network. Each scheme is drawn and encoded once per process.

use std::sync::OnceLock;

use image::{Rgb, RgbImage};

const WIDTH: u32 = 960;
const HEIGHT: u32 = 640;

/// Siding, roof, trim and door colours of each scheme.
const SCHEMES: [[[u8; 3]; 4]; 6] = [
    [
        [232, 222, 204],
        [92, 64, 51],
        [250, 250, 245],
        [128, 36, 36],
    ],
    [
        [176, 196, 212],
        [60, 66, 78],
        [245, 248, 250],
        [40, 60, 110],
    ],
    [
        [214, 190, 160],
        [110, 70, 45],
        [240, 232, 220],
        [60, 90, 60],
    ],
    [
        [200, 200, 196],
        [54, 54, 58],
        [255, 255, 255],
        [200, 120, 40],
    ],
    [
        [226, 206, 170],
        [130, 60, 40],
        [250, 244, 230],
        [70, 50, 40],
    ],
    [
        [170, 186, 160],
        [70, 80, 64],
        [240, 240, 232],
        [150, 40, 60],
    ],
];

fn rect(img: &mut RgbImage, x0: u32, y0: u32, x1: u32, y1: u32, colour: [u8; 3]) {
    for y in y0..y1.min(HEIGHT) {
        for x in x0..x1.min(WIDTH) {
            img.put_pixel(x, y, Rgb(colour));
        }
    }
}

/// A roof: the triangle with its apex at (`apex_x`, `top`) over the base from `x0` to `x1` at `base`.
fn roof(img: &mut RgbImage, apex_x: u32, top: u32, x0: u32, x1: u32, base: u32, colour: [u8; 3]) {
    for y in top..base {
        let t = (y - top) as f64 / (base - top) as f64;
        let left = apex_x as f64 - t * (apex_x - x0) as f64;
        let right = apex_x as f64 + t * (x1 - apex_x) as f64;
        rect(img, left as u32, y, right as u32, y + 1, colour);
    }
}

fn disc(img: &mut RgbImage, cx: i64, cy: i64, r: i64, colour: [u8; 3]) {
    for y in (cy - r).max(0)..(cy + r).min(HEIGHT as i64) {
        for x in (cx - r).max(0)..(cx + r).min(WIDTH as i64) {
            if (x - cx).pow(2) + (y - cy).pow(2) <= r * r {
                img.put_pixel(x as u32, y as u32, Rgb(colour));
            }
        }
    }
}

fn draw(scheme: usize) -> Vec<u8> {
    let [siding, roofing, trim, door] = SCHEMES[scheme % SCHEMES.len()];
    let mut img = RgbImage::new(WIDTH, HEIGHT);
    for y in 0..HEIGHT {
        // Sky fading towards the horizon, then the lawn.
        let colour = if y < 430 {
            let t = y as f64 / 430.0;
            [(120.0 + 100.0 * t) as u8, (170.0 + 60.0 * t) as u8, 235]
        } else {
            [
                (86 + (y - 430) / 12) as u8,
                (140 + (y - 430) / 10) as u8,
                70,
            ]
        };
        rect(&mut img, 0, y, WIDTH, y + 1, colour);
    }
    rect(&mut img, 420, 470, 540, HEIGHT, [190, 186, 176]); // the path to the door
    let (left, right) = if scheme.is_multiple_of(2) {
        (180, 780)
    } else {
        (140, 820)
    };
    rect(&mut img, left, 250, right, 470, siding);
    roof(
        &mut img,
        (left + right) / 2,
        120,
        left - 40,
        right + 40,
        260,
        roofing,
    );
    rect(&mut img, 440, 330, 520, 470, door);
    rect(&mut img, 500, 395, 508, 403, trim); // the handle
    for x in [left + 50, left + 170, right - 250, right - 130] {
        rect(&mut img, x - 6, 294, x + 86, 386, trim);
        rect(&mut img, x, 300, x + 80, 380, [150, 190, 215]);
        rect(&mut img, x + 38, 300, x + 42, 380, trim);
    }
    disc(
        &mut img,
        90 + (scheme as i64 % 3) * 20,
        400,
        70,
        [60, 110, 55],
    ); // a tree
    rect(&mut img, 84, 440, 100, 500, [100, 70, 45]);
    disc(&mut img, 860, 80, 40, [255, 236, 160]); // the sun
    webp::Encoder::from_rgb(img.as_raw(), WIDTH, HEIGHT)
        .encode(80.0)
        .to_vec()
}

/// The WebP photo of one scheme (any number picks one).
pub fn house(scheme: usize) -> &'static [u8] {
    static PICTURES: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    &PICTURES.get_or_init(|| (0..SCHEMES.len()).map(draw).collect())[scheme % SCHEMES.len()]
}

#[cfg(test)]
mod tests {
    #[test]
    fn demo_photos_are_small_webps() {
        for scheme in 0..6 {
            let bytes = super::house(scheme);
            assert_eq!(&bytes[8..12], b"WEBP");
            assert!(bytes.len() <= crate::photos::MAX_BYTES);
        }
    }
}
