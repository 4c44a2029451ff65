//! A small PDF writer for printing list rows: landscape Letter pages with a title, a header row
//! and the rows in Helvetica, as many pages as the rows need.

const PAGE_WIDTH: f32 = 792.0;
const PAGE_HEIGHT: f32 = 612.0;
const MARGIN: f32 = 36.0;
const FONT_SIZE: f32 = 8.0;
const LINE: f32 = 12.0;

/// Text as PDF string bytes: Latin-1 characters as they are, others as '?', with the
/// delimiters escaped.
fn pdf_text(text: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '(' | ')' | '\\' => {
                out.push(b'\\');
                out.push(ch as u8);
            }
            c if (c as u32) >= 32 && (c as u32) <= 255 && c != '\u{7f}' => out.push(c as u32 as u8),
            _ => out.push(b'?'),
        }
    }
    out
}

/// Cuts a cell to what fits in its column (Helvetica averages about half the font size a character).
fn fit(text: &str, width: f32) -> String {
    let max = ((width / (FONT_SIZE * 0.5)) as usize).max(3);
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let cut: String = text.chars().take(max - 3).collect();
        format!("{cut}...")
    }
}

fn show(content: &mut Vec<u8>, x: f32, y: f32, size: f32, text: &str) {
    content.extend(format!("BT /F1 {size} Tf {x:.1} {y:.1} Td (").as_bytes());
    content.extend(pdf_text(text));
    content.extend(b") Tj ET\n");
}

pub fn table(title: &str, headers: &[&str], rows: &[Vec<String>]) -> Vec<u8> {
    let column_width = (PAGE_WIDTH - 2.0 * MARGIN) / headers.len().max(1) as f32;
    let rows_per_page = ((PAGE_HEIGHT - 2.0 * MARGIN - 3.0 * LINE) / LINE) as usize;
    let mut pages: Vec<Vec<u8>> = Vec::new();
    let chunks: Vec<&[Vec<String>]> = if rows.is_empty() {
        vec![&[]]
    } else {
        rows.chunks(rows_per_page).collect()
    };
    let page_count = chunks.len();
    for (index, chunk) in chunks.into_iter().enumerate() {
        let mut content = Vec::new();
        let mut y = PAGE_HEIGHT - MARGIN;
        show(&mut content, MARGIN, y, 14.0, title);
        show(
            &mut content,
            PAGE_WIDTH - MARGIN - 60.0,
            y,
            FONT_SIZE,
            &format!("Page {} of {page_count}", index + 1),
        );
        y -= 2.0 * LINE;
        for (i, header) in headers.iter().enumerate() {
            show(
                &mut content,
                MARGIN + i as f32 * column_width,
                y,
                FONT_SIZE,
                &fit(header, column_width),
            );
        }
        content.extend(
            format!(
                "{:.1} {:.1} m {:.1} {:.1} l S\n",
                MARGIN,
                y - 3.0,
                PAGE_WIDTH - MARGIN,
                y - 3.0
            )
            .as_bytes(),
        );
        for row in chunk {
            y -= LINE;
            for (i, cell) in row.iter().enumerate() {
                show(
                    &mut content,
                    MARGIN + i as f32 * column_width,
                    y,
                    FONT_SIZE,
                    &fit(cell, column_width),
                );
            }
        }
        pages.push(content);
    }

    // Objects: 1 catalog, 2 pages, 3 font, then a page and its content stream per page.
    let mut objects: Vec<Vec<u8>> = Vec::new();
    let kids: Vec<String> = (0..pages.len())
        .map(|i| format!("{} 0 R", 4 + 2 * i))
        .collect();
    objects.push(b"<< /Type /Catalog /Pages 2 0 R >>".to_vec());
    objects.push(
        format!(
            "<< /Type /Pages /Kids [{}] /Count {} >>",
            kids.join(" "),
            pages.len()
        )
        .into_bytes(),
    );
    objects.push(
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
            .to_vec(),
    );
    for (i, content) in pages.iter().enumerate() {
        objects.push(
            format!(
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {PAGE_WIDTH} {PAGE_HEIGHT}] /Resources << /Font << /F1 3 0 R >> >> /Contents {} 0 R >>",
                5 + 2 * i
            )
            .into_bytes(),
        );
        let mut stream = format!("<< /Length {} >>\nstream\n", content.len()).into_bytes();
        stream.extend(content);
        stream.extend(b"\nendstream");
        objects.push(stream);
    }
    let mut out = b"%PDF-1.4\n".to_vec();
    let mut offsets = Vec::with_capacity(objects.len());
    for (i, object) in objects.iter().enumerate() {
        offsets.push(out.len());
        out.extend(format!("{} 0 obj\n", i + 1).as_bytes());
        out.extend(object);
        out.extend(b"\nendobj\n");
    }
    let xref = out.len();
    out.extend(format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes());
    for offset in offsets {
        out.extend(format!("{offset:010} 00000 n \n").as_bytes());
    }
    out.extend(
        format!(
            "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n",
            objects.len() + 1
        )
        .as_bytes(),
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_is_a_well_formed_pdf() {
        let rows: Vec<Vec<String>> = (0..100)
            .map(|i| vec![format!("row {i}"), "Ann (Lee)".into()])
            .collect();
        let pdf = table("Staff", &["Name", "Other"], &rows);
        let text = String::from_utf8_lossy(&pdf);
        assert!(text.starts_with("%PDF-1.4"));
        assert!(text.ends_with("%%EOF\n"));
        assert!(text.contains("/Count 3"), "100 rows take three pages");
        assert!(text.contains("Ann \\(Lee\\)"));
        let xref = text.rfind("startxref\n").unwrap();
        let offset: usize = text[xref + 10..].lines().next().unwrap().parse().unwrap();
        assert!(text[offset..].starts_with("xref"));
    }

    #[test]
    fn long_cells_are_cut() {
        assert_eq!(fit("abcdefghij", 20.0), "ab...");
        assert_eq!(fit("abc", 100.0), "abc");
    }
}
