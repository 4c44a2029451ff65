//! Pairs of integers aggregated into one blob, 16 bytes a pair (each integer 8 bytes, big-endian),
//! so a group's many rows leave the database as one value: each row read through sqlx's SQLite
//! worker crosses threads, and joining them as text cost SQLite more than reading them. On
//! PostgreSQL the same bytes are `string_agg(int8send(a) || int8send(b), '')`; on SQLite the
//! aggregate `pairs(a, b)` below writes them, registered on every connection of the pool.

use std::ffi::{c_int, c_void};

use libsqlite3_sys as ffi;

/// The bytes a group's pairs are gathered in, kept in SQLite's aggregate context.
type Gathered = Vec<u8>;

/// The context's slot for the gathered bytes (allocated, zeroed, on the first row when `grow`).
///
/// # Safety
/// `context` is an aggregate's context, as SQLite passes it to the step and final functions.
unsafe fn slot(context: *mut ffi::sqlite3_context, grow: bool) -> *mut *mut Gathered {
    let size = if grow {
        std::mem::size_of::<*mut Gathered>() as c_int
    } else {
        0
    };
    // SAFETY: as the caller promises; SQLite owns and frees the slot itself.
    unsafe { ffi::sqlite3_aggregate_context(context, size) as *mut *mut Gathered }
}

pub(crate) unsafe extern "C" fn step(
    context: *mut ffi::sqlite3_context,
    argc: c_int,
    argv: *mut *mut ffi::sqlite3_value,
) {
    // SAFETY: SQLite calls this with `argc` values in `argv`, valid for the call, and the
    // context's slot holds null or the box made here.
    unsafe {
        if argc != 2 {
            ffi::sqlite3_result_error(context, c"pairs takes two values".as_ptr(), -1);
            return;
        }
        let (a, b) = (*argv, *argv.add(1));
        // Like string_agg, a row with a null is left out.
        if ffi::sqlite3_value_type(a) == ffi::SQLITE_NULL
            || ffi::sqlite3_value_type(b) == ffi::SQLITE_NULL
        {
            return;
        }
        let slot = slot(context, true);
        if slot.is_null() {
            ffi::sqlite3_result_error_nomem(context);
            return;
        }
        if (*slot).is_null() {
            *slot = Box::into_raw(Box::default());
        }
        let gathered = &mut **slot;
        gathered.extend_from_slice(&ffi::sqlite3_value_int64(a).to_be_bytes());
        gathered.extend_from_slice(&ffi::sqlite3_value_int64(b).to_be_bytes());
    }
}

pub(crate) unsafe extern "C" fn finish(context: *mut ffi::sqlite3_context) {
    // SAFETY: the slot holds null or the box made by the step function, taken back here once;
    // SQLITE_TRANSIENT makes SQLite copy the bytes before the box is dropped.
    unsafe {
        let slot = slot(context, false);
        let gathered = if slot.is_null() || (*slot).is_null() {
            Gathered::new()
        } else {
            *Box::from_raw(std::mem::replace(&mut *slot, std::ptr::null_mut()))
        };
        ffi::sqlite3_result_blob(
            context,
            gathered.as_ptr() as *const c_void,
            gathered.len() as c_int,
            ffi::SQLITE_TRANSIENT(),
        );
    }
}

/// The pairs of a blob the aggregate wrote; none if its length is not whole pairs.
pub fn unpack(bytes: &[u8]) -> Option<impl Iterator<Item = (i64, i64)> + '_> {
    let number = |bytes: &[u8]| i64::from_be_bytes(bytes.try_into().expect("eight bytes"));
    bytes.len().is_multiple_of(16).then(|| {
        bytes
            .chunks_exact(16)
            .map(move |pair| (number(&pair[..8]), number(&pair[8..])))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_are_read_back_whole_or_not_at_all() {
        let mut bytes = Vec::new();
        for (a, b) in [(7_i64, 1_700_000_000_i64), (-1, 0)] {
            bytes.extend_from_slice(&a.to_be_bytes());
            bytes.extend_from_slice(&b.to_be_bytes());
        }
        let pairs: Vec<(i64, i64)> = unpack(&bytes).unwrap().collect();
        assert_eq!(pairs, [(7, 1_700_000_000), (-1, 0)]);
        assert_eq!(unpack(&[]).unwrap().count(), 0);
        assert!(unpack(&bytes[..15]).is_none());
    }
}
