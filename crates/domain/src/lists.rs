//! The list query every list screen sends (spec 1 §9): search, order, orderBy, page, limit.

pub const PAGE_SIZES: [i64; 4] = [25, 50, 100, 150];
pub const DEFAULT_PAGE_SIZE: i64 = 25;
/// The last page a list answers: far past any real list, and small enough that its offset
/// (page × the largest page size) never overflows on either database.
pub const MAX_PAGE: i64 = 1_000_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    Asc,
    Desc,
}

impl Order {
    pub fn parse(text: &str) -> Option<Order> {
        match text.to_ascii_lowercase().as_str() {
            "asc" => Some(Order::Asc),
            "desc" => Some(Order::Desc),
            _ => None,
        }
    }

    pub fn sql(self) -> &'static str {
        match self {
            Order::Asc => "ASC",
            Order::Desc => "DESC",
        }
    }
}

/// Why a list query was refused; each maps to a 422 with the field named.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListQueryError {
    Order,
    OrderBy(String),
    Page,
    Limit,
}

impl ListQueryError {
    pub fn field(&self) -> &'static str {
        match self {
            ListQueryError::Order => "order",
            ListQueryError::OrderBy(_) => "orderBy",
            ListQueryError::Page => "page",
            ListQueryError::Limit => "limit",
        }
    }

    pub fn message(&self) -> String {
        match self {
            ListQueryError::Order => "Order must be asc or desc".into(),
            ListQueryError::OrderBy(column) => format!("Cannot sort by {column}"),
            ListQueryError::Page => format!("Page must be a whole number from 0 to {MAX_PAGE}"),
            ListQueryError::Limit => "Limit must be one of 25, 50, 100, 150".into(),
        }
    }
}

pub fn check_page(page: i64) -> Result<i64, ListQueryError> {
    if (0..=MAX_PAGE).contains(&page) {
        Ok(page)
    } else {
        Err(ListQueryError::Page)
    }
}

pub fn check_limit(limit: i64) -> Result<i64, ListQueryError> {
    if PAGE_SIZES.contains(&limit) {
        Ok(limit)
    } else {
        Err(ListQueryError::Limit)
    }
}

/// Turns a user's search into a LIKE pattern that matches the text literally and
/// case-insensitively: the caller compares it with `lower(column) LIKE ? ESCAPE '\'`.
pub fn like_pattern(search: &str) -> String {
    let mut pattern = String::with_capacity(search.len() + 2);
    pattern.push('%');
    for ch in search.trim().to_lowercase().chars() {
        if matches!(ch, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(ch);
    }
    pattern.push('%');
    pattern
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_parsing() {
        assert_eq!(Order::parse("asc"), Some(Order::Asc));
        assert_eq!(Order::parse("DESC"), Some(Order::Desc));
        assert_eq!(Order::parse("up"), None);
    }

    #[test]
    fn pages_run_from_zero_to_a_bound_whose_offset_fits() {
        assert_eq!(check_page(0), Ok(0));
        assert_eq!(check_page(MAX_PAGE), Ok(MAX_PAGE));
        assert_eq!(check_page(-1), Err(ListQueryError::Page));
        assert_eq!(check_page(i64::MAX), Err(ListQueryError::Page));
        assert!(MAX_PAGE
            .checked_mul(PAGE_SIZES[3])
            .is_some_and(|o| o < i64::from(i32::MAX)));
    }

    #[test]
    fn only_the_four_page_sizes() {
        for size in PAGE_SIZES {
            assert_eq!(check_limit(size), Ok(size));
        }
        assert_eq!(check_limit(10), Err(ListQueryError::Limit));
        assert_eq!(check_limit(0), Err(ListQueryError::Limit));
    }

    #[test]
    fn search_matches_literally() {
        assert_eq!(like_pattern("Ann"), "%ann%");
        assert_eq!(like_pattern("50%_off"), "%50\\%\\_off%");
        assert_eq!(like_pattern("a\\b"), "%a\\\\b%");
        assert_eq!(like_pattern("  x "), "%x%");
    }

    #[test]
    fn error_messages_name_the_field() {
        assert_eq!(
            ListQueryError::OrderBy("pass_word".into()).message(),
            "Cannot sort by pass_word"
        );
        assert_eq!(ListQueryError::OrderBy("x".into()).field(), "orderBy");
        assert_eq!(ListQueryError::Limit.field(), "limit");
    }
}
