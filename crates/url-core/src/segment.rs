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

/// Whether a single- or double-dot segment of a special URL's path starts
/// at `i` (ended by `/`, `\`, `?`, `#` or the end): `Some((double, end))`,
/// `end` being the index of what ends it.
#[inline]
pub(crate) fn dot_segment_at(input: &[u8], i: usize) -> Option<(bool, usize)> {
    let rest = input.get(i..)?;
    if !matches!(rest.first(), Some(b'.' | b'%')) {
        return None;
    }
    // The longest dot segment, "%2e%2e", has 6 bytes.
    let end = rest
        .iter()
        .take(7)
        .position(|&b| matches!(b, b'/' | b'\\' | b'?' | b'#'))
        .unwrap_or(rest.len().min(7));
    let seg = rest.get(..end).filter(|s| s.len() <= 6)?;
    if is_double_dot(seg) {
        Some((true, i + end))
    } else if is_single_dot(seg) {
        Some((false, i + end))
    } else {
        None
    }
}
