//! `fold_case(text)` on SQLite: the text in Unicode lower case, as Rust lowers it (and as search
//! patterns are lowered), since SQLite's own lower() and LIKE fold ASCII letters only. Registered
//! on every connection of the pool.

use std::ffi::{c_char, c_int};

use libsqlite3_sys as ffi;

pub(crate) unsafe extern "C" fn fold_case(
    context: *mut ffi::sqlite3_context,
    argc: c_int,
    argv: *mut *mut ffi::sqlite3_value,
) {
    // SAFETY: SQLite calls this with `argc` (1, as registered) values in `argv`, valid for the
    // call; the text pointer is valid for `sqlite3_value_bytes` bytes until the value changes,
    // and SQLITE_TRANSIENT makes SQLite copy the result before we free it.
    unsafe {
        if argc != 1 {
            ffi::sqlite3_result_null(context);
            return;
        }
        let value = *argv;
        if ffi::sqlite3_value_type(value) == ffi::SQLITE_NULL {
            ffi::sqlite3_result_null(context);
            return;
        }
        let text = ffi::sqlite3_value_text(value);
        let length = ffi::sqlite3_value_bytes(value);
        let bytes: &[u8] = if text.is_null() || length <= 0 {
            &[]
        } else {
            std::slice::from_raw_parts(text, length as usize)
        };
        let folded = String::from_utf8_lossy(bytes).to_lowercase();
        ffi::sqlite3_result_text(
            context,
            folded.as_ptr() as *const c_char,
            folded.len() as c_int,
            ffi::SQLITE_TRANSIENT(),
        );
    }
}
