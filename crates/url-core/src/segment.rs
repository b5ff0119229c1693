//! Single-dot and double-dot URL path segments (url.bs §4.1), which the
//! path state removes and the canonical fast path must not meet.

/// A single-dot URL path segment: `.` or `%2e` (ASCII case-insensitive).
#[inline]
pub(crate) fn is_single_dot(seg: &[u8]) -> bool {
    matches!(seg, b"." | b"%2e" | b"%2E")
}

/// A double-dot URL path segment: `..`, `.%2e`, `%2e.`, `%2e%2e` (any case).
#[inline]
pub(crate) fn is_double_dot(seg: &[u8]) -> bool {
    match seg.len() {
        2 => seg == b"..",
        4 => {
            (seg[0] == b'.' && seg[1] == b'%' && seg[2] == b'2' && (seg[3] | 0x20) == b'e')
                || (seg[0] == b'%' && seg[1] == b'2' && (seg[2] | 0x20) == b'e' && seg[3] == b'.')
        }
        6 => {
            seg[0] == b'%'
                && seg[1] == b'2'
                && (seg[2] | 0x20) == b'e'
                && seg[3] == b'%'
                && seg[4] == b'2'
                && (seg[5] | 0x20) == b'e'
        }
        _ => false,
    }
}
