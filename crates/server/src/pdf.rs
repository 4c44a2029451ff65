//! Printing (issue 21): every PDF of the console (printed list rows and reports, invoices),
//! written with krilla in the console's font, Source Sans 3, and Droid Sans Fallback for the
//! scripts it lacks (Chinese, Japanese, Korean). Both are embedded, only the glyphs used, with
//! their text, so names in any of those scripts print as typed and can be searched and copied.
//! Tables run over as many pages as they need, with their header on each.

use std::sync::LazyLock;

use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point};
use krilla::metadata::Metadata;
use krilla::num::NormalizedF32;
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke};
use krilla::surface::Surface;
use krilla::text::{Font, TextDirection};
use krilla::Document;
use skrifa::instance::{LocationRef, Size};
use skrifa::{FontRef, MetadataProvider};

const REGULAR: &[u8] = include_bytes!("../fonts/SourceSans3-Regular.ttf");
const SEMIBOLD: &[u8] = include_bytes!("../fonts/SourceSans3-Semibold.ttf");
const FALLBACK: &[u8] = include_bytes!("../fonts/DroidSansFallback.ttf");

/// A font as both the PDF and our measuring read it.
struct Face {
    pdf: Font,
    glyphs: FontRef<'static>,
}

impl Face {
    fn new(data: &'static [u8]) -> Face {
        Face {
            pdf: Font::new(data.into(), 0).expect("an embedded font krilla reads"),
            glyphs: FontRef::new(data).expect("an embedded font skrifa reads"),
        }
    }

    fn covers(&self, ch: char) -> bool {
        self.glyphs.charmap().map(ch).is_some()
    }

    fn width(&self, text: &str, size: f32) -> f32 {
        let charmap = self.glyphs.charmap();
        let metrics = self
            .glyphs
            .glyph_metrics(Size::new(size), LocationRef::default());
        text.chars()
            .filter_map(|ch| charmap.map(ch))
            .filter_map(|glyph| metrics.advance_width(glyph))
            .sum()
    }
}

struct Faces {
    regular: Face,
    semibold: Face,
    fallback: Face,
}

static FACES: LazyLock<Faces> = LazyLock::new(|| Faces {
    regular: Face::new(REGULAR),
    semibold: Face::new(SEMIBOLD),
    fallback: Face::new(FALLBACK),
});

#[derive(Clone, Copy, PartialEq)]
enum Weight {
    Regular,
    Semibold,
}

/// A text's runs, each in the first face that has its characters (spaces stay in the run they
/// are in); a character neither has is left to the console font's missing-glyph box.
fn runs(text: &str, weight: Weight) -> Vec<(&'static Face, String)> {
    let faces = &*FACES;
    let primary = match weight {
        Weight::Regular => &faces.regular,
        Weight::Semibold => &faces.semibold,
    };
    let mut runs: Vec<(&'static Face, String)> = Vec::new();
    for ch in text.chars() {
        let face = if ch.is_whitespace() || primary.covers(ch) || !faces.fallback.covers(ch) {
            match runs.last() {
                Some((last, _)) if ch.is_whitespace() => *last,
                _ => primary,
            }
        } else {
            &faces.fallback
        };
        match runs.last_mut() {
            Some((last, run)) if std::ptr::eq(*last, face) => run.push(ch),
            _ => runs.push((face, ch.to_string())),
        }
    }
    runs
}

fn text_width(text: &str, size: f32, weight: Weight) -> f32 {
    runs(text, weight)
        .iter()
        .map(|(face, run)| face.width(run, size))
        .sum()
}

/// Cuts a text to a width, ending it with an ellipsis when it had to be cut.
fn fit(text: &str, width: f32, size: f32, weight: Weight) -> String {
    if text_width(text, size, weight) <= width {
        return text.to_string();
    }
    let mut cut: String = text.to_string();
    while !cut.is_empty() && text_width(&format!("{cut}…"), size, weight) > width {
        cut.pop();
    }
    format!("{}…", cut.trim_end())
}

const INK: (u8, u8, u8) = (33, 33, 33);
const MUTED: (u8, u8, u8) = (110, 110, 110);
const BRAND: (u8, u8, u8) = (0xDB, 0x5C, 0x0E);
const RULE: (u8, u8, u8) = (200, 200, 200);

fn fill(color: (u8, u8, u8)) -> Fill {
    Fill {
        paint: rgb::Color::new(color.0, color.1, color.2).into(),
        opacity: NormalizedF32::ONE,
        rule: Default::default(),
    }
}

/// Text at a baseline, left-aligned.
fn write(
    surface: &mut Surface,
    x: f32,
    y: f32,
    size: f32,
    weight: Weight,
    color: (u8, u8, u8),
    text: &str,
) {
    surface.set_fill(Some(fill(color)));
    let mut x = x;
    for (face, run) in runs(text, weight) {
        surface.draw_text(
            Point::from_xy(x, y),
            face.pdf.clone(),
            size,
            &run,
            false,
            TextDirection::Auto,
        );
        x += face.width(&run, size);
    }
}

/// Text at a baseline, ending at `right`.
#[allow(clippy::too_many_arguments)]
fn write_right(
    surface: &mut Surface,
    right: f32,
    y: f32,
    size: f32,
    weight: Weight,
    color: (u8, u8, u8),
    text: &str,
) {
    let x = right - text_width(text, size, weight);
    write(surface, x, y, size, weight, color, text);
}

/// A horizontal line.
fn rule(surface: &mut Surface, x: f32, y: f32, width: f32, color: (u8, u8, u8)) {
    let mut path = PathBuilder::new();
    path.move_to(x, y);
    path.line_to(x + width, y);
    if let Some(path) = path.finish() {
        surface.set_fill(None);
        surface.set_stroke(Some(Stroke {
            paint: rgb::Color::new(color.0, color.1, color.2).into(),
            width: 0.6,
            ..Default::default()
        }));
        surface.draw_path(&path);
        surface.set_stroke(None);
    }
}

fn finish(mut document: Document, title: &str) -> Vec<u8> {
    document.set_metadata(
        Metadata::new()
            .title(title.to_string())
            .creator("Tourdesk".to_string()),
    );
    document
        .finish()
        .expect("a document of text and lines always serializes")
}

const TABLE_PAGE: (f32, f32) = (792.0, 612.0);
const MARGIN: f32 = 36.0;
const CELL_SIZE: f32 = 8.5;
const LINE: f32 = 14.0;
const CELL_GAP: f32 = 8.0;

/// Column widths for a table. Each column first gets its header's width (its fair share of the
/// page at most), so headers stay whole; the room left goes to the columns whose cells want
/// more, in proportion to what they want, and any room still left in proportion to their width.
fn column_widths(headers: &[&str], rows: &[Vec<String>], available: f32) -> Vec<f32> {
    let share = available / headers.len().max(1) as f32;
    let base: Vec<f32> = headers
        .iter()
        .map(|h| (text_width(h, CELL_SIZE, Weight::Semibold) + CELL_GAP).min(share))
        .collect();
    let mut natural = base.clone();
    for row in rows.iter().take(500) {
        for (n, cell) in row.iter().enumerate().take(natural.len()) {
            let width = text_width(cell, CELL_SIZE, Weight::Regular) + CELL_GAP;
            natural[n] = natural[n].max(width.min(available / 2.0));
        }
    }
    let base_total: f32 = base.iter().sum();
    let wanted: Vec<f32> = natural.iter().zip(&base).map(|(n, b)| n - b).collect();
    let wanted_total: f32 = wanted.iter().sum();
    let room = (available - base_total).max(0.0);
    let given = if wanted_total > 0.0 {
        (room / wanted_total).min(1.0)
    } else {
        0.0
    };
    let widths: Vec<f32> = base
        .iter()
        .zip(&wanted)
        .map(|(b, w)| b + w * given)
        .collect();
    let total: f32 = widths.iter().sum();
    if total <= 0.0 {
        return widths;
    }
    widths.iter().map(|w| w * available / total).collect()
}

/// A titled table of rows on landscape Letter pages, the header row on each page.
pub fn table(title: &str, headers: &[&str], rows: &[Vec<String>]) -> Vec<u8> {
    let (width, height) = TABLE_PAGE;
    let available = width - 2.0 * MARGIN;
    let widths = column_widths(headers, rows, available);
    let top = MARGIN + 48.0;
    let per_page = (((height - MARGIN - top) / LINE) as usize).max(1);
    let pages: Vec<&[Vec<String>]> = if rows.is_empty() {
        vec![&[]]
    } else {
        rows.chunks(per_page).collect()
    };
    let count = pages.len();
    let mut document = Document::new();
    for (index, chunk) in pages.into_iter().enumerate() {
        let mut page =
            document.start_page_with(PageSettings::from_wh(width, height).expect("a page size"));
        let mut surface = page.surface();
        write(
            &mut surface,
            MARGIN,
            MARGIN + 14.0,
            16.0,
            Weight::Semibold,
            INK,
            title,
        );
        write_right(
            &mut surface,
            width - MARGIN,
            MARGIN + 14.0,
            9.0,
            Weight::Regular,
            MUTED,
            &format!("Page {} of {count}", index + 1),
        );
        let mut x = MARGIN;
        for (header, w) in headers.iter().zip(&widths) {
            let text = fit(header, w - CELL_GAP, CELL_SIZE, Weight::Semibold);
            write(
                &mut surface,
                x,
                top - 6.0,
                CELL_SIZE,
                Weight::Semibold,
                INK,
                &text,
            );
            x += w;
        }
        rule(&mut surface, MARGIN, top - 2.0, available, INK);
        let mut y = top + LINE - 4.0;
        for row in chunk {
            let mut x = MARGIN;
            for (cell, w) in row.iter().zip(&widths) {
                let text = fit(cell, w - CELL_GAP, CELL_SIZE, Weight::Regular);
                write(&mut surface, x, y, CELL_SIZE, Weight::Regular, INK, &text);
                x += w;
            }
            rule(&mut surface, MARGIN, y + 4.0, available, RULE);
            y += LINE;
        }
        if rows.is_empty() {
            write(
                &mut surface,
                MARGIN,
                y,
                CELL_SIZE,
                Weight::Regular,
                MUTED,
                "No rows selected",
            );
        }
        surface.finish();
        page.finish();
    }
    finish(document, title)
}

/// A date as invoices show it: short month, day, year (`Nov 1, 2026`).
pub fn invoice_date(day: chrono::NaiveDate) -> String {
    day.format("%b %-d, %Y").to_string()
}

/// The invoice's period (spec 3, Invoice page): the month of its due date.
pub fn invoice_period(due: chrono::NaiveDate) -> String {
    due.format("%B %Y").to_string()
}

/// An invoice on a portrait Letter page (spec 3, Invoice page): the brand, its number and date,
/// whom it is billed to, terms and period, its lines, and the total, payments and credits and
/// balance due.
pub fn invoice(invoice: &db::billing::Invoice, contact: Option<&str>) -> Vec<u8> {
    use domain::billing::dollars;
    let (width, height) = (612.0, 792.0);
    let right = width - MARGIN;
    let mut document = Document::new();
    let mut page =
        document.start_page_with(PageSettings::from_wh(width, height).expect("a page size"));
    let mut surface = page.surface();
    let s = &mut surface;
    write(
        s,
        MARGIN,
        MARGIN + 22.0,
        26.0,
        Weight::Semibold,
        BRAND,
        "Tourdesk",
    );
    write(
        s,
        MARGIN,
        MARGIN + 40.0,
        10.0,
        Weight::Regular,
        MUTED,
        "Self-guided home tours",
    );
    write_right(
        s,
        right,
        MARGIN + 22.0,
        22.0,
        Weight::Semibold,
        INK,
        "INVOICE",
    );
    write_right(
        s,
        right,
        MARGIN + 40.0,
        10.0,
        Weight::Regular,
        INK,
        &format!("Invoice # {}", invoice.doc_number),
    );
    write_right(
        s,
        right,
        MARGIN + 54.0,
        10.0,
        Weight::Regular,
        INK,
        &format!("Date {}", invoice_date(invoice.date)),
    );
    write_right(
        s,
        right,
        MARGIN + 68.0,
        10.0,
        Weight::Regular,
        INK,
        &format!("Due {}", invoice_date(invoice.due_date)),
    );

    let mut y = MARGIN + 110.0;
    write(s, MARGIN, y, 9.0, Weight::Semibold, MUTED, "BILL TO");
    let customer = &invoice.customer;
    let address = &customer.billing_address;
    for line in [
        customer.company.clone(),
        format!("Attn: {} {}", customer.first_name, customer.last_name),
        address.line1.clone(),
        format!("{}, {} {}", address.city, address.state_code, address.zip),
    ] {
        y += 14.0;
        write(s, MARGIN, y, 11.0, Weight::Regular, INK, &line);
    }
    let terms_x = width / 2.0 + 40.0;
    write(
        s,
        terms_x,
        MARGIN + 110.0,
        9.0,
        Weight::Semibold,
        MUTED,
        "TERMS",
    );
    write(
        s,
        terms_x,
        MARGIN + 124.0,
        11.0,
        Weight::Regular,
        INK,
        &format!("Net {}", invoice.net_term_days),
    );
    write(
        s,
        terms_x,
        MARGIN + 146.0,
        9.0,
        Weight::Semibold,
        MUTED,
        "PERIOD",
    );
    write(
        s,
        terms_x,
        MARGIN + 160.0,
        11.0,
        Weight::Regular,
        INK,
        &invoice_period(invoice.due_date),
    );

    // The lines: Item, Description, Rate, Amount.
    y += 40.0;
    let columns = [
        (MARGIN, "Item"),
        (MARGIN + 130.0, "Description"),
        (right - 90.0, "Rate"),
        (right, "Amount"),
    ];
    for (n, (x, label)) in columns.iter().enumerate() {
        if n >= 2 {
            write_right(s, *x, y, 9.5, Weight::Semibold, INK, label);
        } else {
            write(s, *x, y, 9.5, Weight::Semibold, INK, label);
        }
    }
    rule(s, MARGIN, y + 5.0, right - MARGIN, INK);
    for item in &invoice.sales_line_items {
        y += 18.0;
        write(
            s,
            MARGIN,
            y,
            9.5,
            Weight::Regular,
            INK,
            &fit(&item.item_name, 122.0, 9.5, Weight::Regular),
        );
        let description = fit(
            &item.description,
            right - 150.0 - (MARGIN + 130.0),
            9.5,
            Weight::Regular,
        );
        write(
            s,
            MARGIN + 130.0,
            y,
            9.5,
            Weight::Regular,
            INK,
            &description,
        );
        let rate = format!("{} × {}", item.quantity, dollars(item.unit_price));
        write_right(s, right - 90.0, y, 9.5, Weight::Regular, INK, &rate);
        write_right(
            s,
            right,
            y,
            9.5,
            Weight::Regular,
            INK,
            &dollars(item.amount),
        );
        rule(s, MARGIN, y + 6.0, right - MARGIN, RULE);
    }

    y += 34.0;
    let paid = invoice.amount_paid + invoice.credits_applied;
    for (label, amount, weight) in [
        ("Total", invoice.total, Weight::Regular),
        ("Payments/Credits", -paid, Weight::Regular),
        ("Balance Due", invoice.balance, Weight::Semibold),
    ] {
        write_right(s, right - 110.0, y, 11.0, weight, INK, label);
        write_right(s, right, y, 11.0, weight, INK, &dollars(amount));
        y += 18.0;
    }
    let phone = contact.map_or_else(
        || "Questions about this invoice? Contact your Tourdesk account manager.".to_string(),
        |contact| format!("Questions about this invoice? Call {contact}."),
    );
    write(
        s,
        MARGIN,
        height - MARGIN,
        9.5,
        Weight::Regular,
        MUTED,
        &phone,
    );
    surface.finish();
    page.finish();
    finish(document, &format!("Invoice {}", invoice.doc_number))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripts_the_console_font_lacks_take_the_fallback() {
        let runs = runs("Zoë 王小明 Ivanova", Weight::Regular);
        let faces = &*FACES;
        assert_eq!(
            runs.len(),
            3,
            "{:?}",
            runs.iter().map(|(_, r)| r).collect::<Vec<_>>()
        );
        assert!(std::ptr::eq(runs[0].0, &faces.regular));
        assert!(std::ptr::eq(runs[1].0, &faces.fallback));
        assert_eq!(runs[1].1, "王小明 ");
        assert!(faces.regular.covers('Д') && faces.fallback.covers('김'));
    }

    #[test]
    fn cells_are_cut_to_their_column() {
        let long = "A very long community name that cannot fit";
        let cut = fit(long, 60.0, CELL_SIZE, Weight::Regular);
        assert!(cut.ends_with('…') && cut.len() < long.len());
        assert!(text_width(&cut, CELL_SIZE, Weight::Regular) <= 60.0);
        assert_eq!(fit("Short", 60.0, CELL_SIZE, Weight::Regular), "Short");
    }

    #[test]
    fn names_in_any_script_print_as_typed_and_tables_run_over_pages() {
        let names = [
            "Zoë Ångström-Núñez",
            "Дмитрий Иванов",
            "王小明",
            "さくら 山田",
            "김민준",
        ];
        let mut rows: Vec<Vec<String>> = names
            .iter()
            .enumerate()
            .map(|(n, name)| vec![(n + 1).to_string(), name.to_string(), "Oak Ridge".into()])
            .collect();
        for n in rows.len()..100 {
            rows.push(vec![
                (n + 1).to_string(),
                format!("Visitor {n}"),
                "Willow Creek".into(),
            ]);
        }
        let bytes = table("Customers", &["Customer ID", "Name", "Community"], &rows);
        assert!(bytes.starts_with(b"%PDF-"));
        let text = pdf_extract::extract_text_from_mem(&bytes).expect("a readable PDF");
        for name in names {
            assert!(text.contains(name), "{name} in {text}");
        }
        // 100 rows take three pages, each with its header row.
        assert!(
            text.contains("Page 3 of 3") && !text.contains("Page 4"),
            "{text}"
        );
        assert_eq!(text.matches("Customer ID").count(), 3);
        assert!(text.contains("Visitor 99"));
    }

    #[test]
    fn wide_tables_keep_their_headers_whole() {
        // The customers list's thirteen columns.
        let headers = <db::customers::CustomerRow as crate::exports::ExportRow>::HEADERS;
        let row: Vec<String> = headers
            .iter()
            .map(|h| format!("{h} with a long value in it, longer than any column"))
            .collect();
        let available = TABLE_PAGE.0 - 2.0 * MARGIN;
        let widths = column_widths(headers, &[row], available);
        assert!((widths.iter().sum::<f32>() - available).abs() < 0.5);
        // Every header that fits in a fair share of the page stays whole (here most of them),
        // whatever its cells want.
        let share = available / headers.len() as f32;
        let mut whole = 0;
        for (header, width) in headers.iter().zip(&widths) {
            let needs = text_width(header, CELL_SIZE, Weight::Semibold) + CELL_GAP;
            if needs <= share {
                assert!(needs <= width + 0.01, "{header}: {width}");
                whole += 1;
            }
        }
        assert!(whole > headers.len() / 2, "{whole}");
    }

    #[test]
    fn invoice_dates_read_as_the_spec_says() {
        let day = chrono::NaiveDate::from_ymd_opt(2026, 11, 1).unwrap();
        assert_eq!(invoice_date(day), "Nov 1, 2026");
        assert_eq!(invoice_period(day), "November 2026");
    }
}
