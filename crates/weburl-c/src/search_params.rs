//! URLSearchParams (url.bs §6.2) over a caller's buffer.
//!
//! The list of name-value pairs is kept as its
//! `application/x-www-form-urlencoded` serialization (url.bs §5.2),
//! `buf[..len]`: what URLSearchParams' stringifier gives, and what
//! `weburl_set_search` takes to put the list in a URL (that setter is the
//! URL API's "update steps"). Reading a pair decodes it from there;
//! changing the list rewrites the serialization in place, and needs room
//! for the new serialization only. Outputs are written only when they fit:
//! a [`WeburlStatus::Capacity`] failure's `needed` is the exact size, and
//! the buffers are left as they were.

use crate::{utf8, Failure, WeburlStatus};
use core::cmp::Ordering;
use url_core::form_urlencoded::{byte_serialize, parse, PairOffsets, Piece};
use url_core::CapacityError;

/// Bytes appended to a caller's buffer, counted whether or not they fit
/// (a first pass measures, with no buffer).
struct Out<'a> {
    buf: &'a mut [u8],
    at: usize,
    len: usize,
}

impl<'a> Out<'a> {
    fn new(buf: &'a mut [u8], at: usize) -> Self {
        Out { buf, at, len: 0 }
    }

    fn put(&mut self, bytes: &[u8]) {
        for &b in bytes {
            if let Some(d) = self.buf.get_mut(self.at + self.len) {
                *d = b;
            }
            self.len += 1;
        }
    }

    /// `text` serialized as a name or value is (url.bs §5.2: the UTF-8
    /// bytes, space as `+`, others but `*-._` and alphanumerics as `%XX`).
    fn encoded(&mut self, text: &str) {
        for part in byte_serialize(text.as_bytes()) {
            self.put(part.as_bytes());
        }
    }

    /// `piece` decoded, then serialized again.
    fn reencoded(&mut self, piece: &Piece<'_>) {
        for c in piece.chars() {
            let mut utf8 = [0u8; 4];
            self.encoded(c.encode_utf8(&mut utf8));
        }
    }

    /// `piece` decoded (percent-decoded, `+` as space, invalid UTF-8 as
    /// U+FFFD).
    fn decoded(&mut self, piece: &Piece<'_>) {
        for c in piece.chars() {
            let mut utf8 = [0u8; 4];
            self.put(c.encode_utf8(&mut utf8).as_bytes());
        }
    }
}

/// How many bytes `write` puts.
fn measure(write: impl Fn(&mut Out<'_>)) -> usize {
    let mut out = Out::new(&mut [], 0);
    write(&mut out);
    out.len
}

/// Runs `write` once to measure and, when it fits `buf[at..]`, once more
/// to write; returns the length written.
fn written(buf: &mut [u8], at: usize, write: impl Fn(&mut Out<'_>)) -> Result<usize, Failure> {
    let needed = at + measure(&write);
    if needed > buf.len() {
        return Err(capacity(buf.len(), needed));
    }
    let mut out = Out::new(buf, at);
    write(&mut out);
    Ok(out.len)
}

fn capacity(capacity: usize, needed: usize) -> Failure {
    Failure::from(CapacityError { capacity, needed })
}

/// The pairs of `list`, with their offsets.
fn pairs(list: &[u8]) -> impl Iterator<Item = PairOffsets> + '_ {
    let mut p = parse(list);
    core::iter::from_fn(move || p.next_offsets())
}

fn name_of<'a>(list: &'a [u8], p: &PairOffsets) -> Piece<'a> {
    Piece::new(list.get(p.start..p.name_end).unwrap_or_default())
}

fn value_of<'a>(list: &'a [u8], p: &PairOffsets) -> Piece<'a> {
    Piece::new(list.get(p.value_start..p.end).unwrap_or_default())
}

/// Whether the pair is `name` (and `value`, when given).
fn matches(list: &[u8], p: &PairOffsets, name: &str, value: Option<&str>) -> bool {
    name_of(list, p).chars().eq(name.chars())
        && value.map_or(true, |v| value_of(list, p).chars().eq(v.chars()))
}

/// URLSearchParams' constructor with a string: the list `init` parses to
/// (one leading `?` removed), serialized into `out`; returns its length.
pub fn parse_into(init: &[u8], out: &mut [u8]) -> Result<usize, Failure> {
    utf8(init)?;
    let init = init.strip_prefix(b"?").unwrap_or(init);
    written(out, 0, |o| {
        for (i, p) in pairs(init).enumerate() {
            if i > 0 {
                o.put(b"&");
            }
            o.reencoded(&name_of(init, &p));
            o.put(b"=");
            o.reencoded(&value_of(init, &p));
        }
    })
}

/// `size`: how many pairs.
pub fn size(list: &[u8]) -> usize {
    pairs(list).count()
}

/// `has(name, value)`: whether a pair has `name` (and `value`, when given).
pub fn has(list: &[u8], name: &[u8], value: Option<&[u8]>) -> Result<bool, Failure> {
    let name = utf8(name)?;
    let value = value.map(utf8).transpose()?;
    Ok(pairs(list).any(|p| matches(list, &p, name, value)))
}

/// `get(name)`: the first value of `name`, decoded into `out`; returns its
/// length, or [`WeburlStatus::NotFound`].
pub fn get(list: &[u8], name: &[u8], out: &mut [u8]) -> Result<usize, Failure> {
    let name = utf8(name)?;
    let p = pairs(list)
        .find(|p| matches(list, p, name, None))
        .ok_or(Failure::bare(WeburlStatus::NotFound))?;
    written(out, 0, |o| o.decoded(&value_of(list, &p)))
}

/// The decoded lengths of the name and value of the pair at `index`, or
/// `None` past the end.
pub fn entry_lengths(list: &[u8], index: usize) -> Option<(usize, usize)> {
    let p = pairs(list).nth(index)?;
    let name = measure(|o| o.decoded(&name_of(list, &p)));
    let value = measure(|o| o.decoded(&value_of(list, &p)));
    Some((name, value))
}

/// The pair at `index` (what iterating the list gives), decoded into
/// `name_out` and `value_out`; returns both lengths, or
/// [`WeburlStatus::NotFound`] past the end. When either does not fit,
/// nothing is written and the capacity failure's `needed` is the larger
/// of the two lengths ([`entry_lengths`] gives both).
pub fn entry(
    list: &[u8],
    index: usize,
    name_out: &mut [u8],
    value_out: &mut [u8],
) -> Result<(usize, usize), Failure> {
    let p = pairs(list)
        .nth(index)
        .ok_or(Failure::bare(WeburlStatus::NotFound))?;
    let (name, value) = (name_of(list, &p), value_of(list, &p));
    let n = measure(|o| o.decoded(&name));
    let v = measure(|o| o.decoded(&value));
    if n > name_out.len() || v > value_out.len() {
        return Err(capacity(name_out.len().min(value_out.len()), n.max(v)));
    }
    let n = written(name_out, 0, |o| o.decoded(&name))?;
    let v = written(value_out, 0, |o| o.decoded(&value))?;
    Ok((n, v))
}

/// `append(name, value)` on the list `buf[..len]`; returns the new length.
pub fn append(buf: &mut [u8], len: usize, name: &[u8], value: &[u8]) -> Result<usize, Failure> {
    let (name, value) = (utf8(name)?, utf8(value)?);
    let len = len.min(buf.len());
    let first = size(buf.get(..len).unwrap_or_default()) == 0;
    let at = if first { 0 } else { len };
    let added = written(buf, at, |o| {
        if !first {
            o.put(b"&");
        }
        o.encoded(name);
        o.put(b"=");
        o.encoded(value);
    })?;
    Ok(at + added)
}

/// `delete(name, value)`: removes every pair with `name` (and `value`, when
/// given) from `buf[..len]`; returns the new length (the bytes after it
/// are cleared).
pub fn delete(
    buf: &mut [u8],
    len: usize,
    name: &[u8],
    value: Option<&[u8]>,
) -> Result<usize, Failure> {
    let name = utf8(name)?;
    let value = value.map(utf8).transpose()?;
    Ok(compact(buf, len, |list, p, _| {
        !matches(list, p, name, value)
    }))
}

/// Keeps the pairs of `buf[..len]` for which `keep(list, pair, index)`
/// holds, joined by `&` (no empty sequences); returns the new length and
/// clears the bytes it vacates.
fn compact(buf: &mut [u8], len: usize, keep: impl Fn(&[u8], &PairOffsets, usize) -> bool) -> usize {
    let len = len.min(buf.len());
    let (mut read, mut write, mut index) = (0, 0, 0);
    loop {
        // One pair at a time from `read` on: the list is rewritten behind it.
        let next = parse(buf.get(read..len).unwrap_or_default()).next_offsets();
        let Some(p) = next else {
            break;
        };
        let (start, end) = (read + p.start, read + p.end);
        let rest = buf.get(read..len).unwrap_or_default();
        if keep(rest, &p, index) {
            if write > 0 {
                if let Some(d) = buf.get_mut(write) {
                    *d = b'&';
                }
                write += 1;
            }
            move_within(buf, start..end, write);
            write += end - start;
        }
        read = end;
        index += 1;
    }
    if let Some(vacated) = buf.get_mut(write..len) {
        vacated.fill(0);
    }
    write
}

/// `set(name, value)`: the first pair with `name` gets `value` and the
/// others go; without one, the pair is appended. Returns the new length.
pub fn set(buf: &mut [u8], len: usize, name: &[u8], value: &[u8]) -> Result<usize, Failure> {
    let (name_text, value_text) = (utf8(name)?, utf8(value)?);
    let len = len.min(buf.len());
    let list = buf.get(..len).unwrap_or_default();
    let Some(first) = pairs(list).position(|p| matches(list, &p, name_text, None)) else {
        return append(buf, len, name, value);
    };
    // The new length, before anything changes: the kept pairs, the first
    // match with its new value, and the separators.
    let new_value = measure(|o| o.encoded(value_text));
    let (mut total, mut kept) = (0, 0);
    for (i, p) in pairs(list).enumerate() {
        if i == first {
            total += p.value_start - p.start + new_value;
            if p.value_start == p.end && list.get(p.name_end) != Some(&b'=') {
                total += 1; // the '=' a pair without one gains
            }
        } else if !matches(list, &p, name_text, None) {
            total += p.end - p.start;
        } else {
            continue;
        }
        kept += 1;
    }
    let new_len = total + kept - 1;
    if new_len > buf.len() {
        return Err(capacity(buf.len(), new_len));
    }
    let len = compact(buf, len, |list, p, i| {
        i == first || !matches(list, p, name_text, None)
    });
    // The first match is now the first pair with `name`: its value goes.
    let list = buf.get(..len).unwrap_or_default();
    let Some(p) = pairs(list).find(|p| matches(list, p, name_text, None)) else {
        return Ok(len);
    };
    let (start, end) = if list.get(p.name_end) == Some(&b'=') {
        (p.name_end + 1, p.end)
    } else {
        (p.name_end, p.end)
    };
    let equals = usize::from(start == p.name_end);
    let grown = len - (end - start) + equals + new_value;
    // Move the tail to its place, then write "=" (if missing) and the value.
    if grown > buf.len() || end > len {
        // Not reached: `new_len` was checked above.
        return Err(capacity(buf.len(), grown));
    }
    move_within(buf, end..len, start + equals + new_value);
    let mut out = Out::new(buf, start);
    if equals == 1 {
        out.put(b"=");
    }
    out.encoded(value_text);
    if let Some(vacated) = buf.get_mut(grown..len) {
        vacated.fill(0);
    }
    Ok(grown)
}

/// `sort()`: the pairs in a stable order of their names' UTF-16 code
/// units, in place (empty sequences dropped first).
pub fn sort(buf: &mut [u8], len: usize) -> usize {
    let len = compact(buf, len, |_, _, _| true);
    // Insertion sort by rotations: pair `i` moves before the first earlier
    // pair whose name is greater, so equal names keep their order.
    let mut start = 0;
    while start < len {
        let end = find_amp(buf, start, len);
        let target = {
            let list = buf.get(..len).unwrap_or_default();
            let name = name_at(list, start, end);
            let mut j = 0;
            loop {
                if j >= start {
                    break None;
                }
                let j_end = find_amp(list, j, len);
                if utf16_cmp(&name_at(list, j, j_end), &name) == Ordering::Greater {
                    break Some(j);
                }
                j = j_end + 1;
            }
        };
        if let Some(j) = target {
            // "Pj&…&Pi-1&Pi" → "Pi" + "Pj&…&Pi-1&" → "Pi&Pj&…&Pi-1".
            if let Some(region) = buf.get_mut(j..end) {
                rotate_right(region, end - start);
            }
            if let Some(region) = buf.get_mut(j + (end - start)..end) {
                rotate_right(region, 1);
            }
        }
        start = end + 1;
    }
    len
}

/// `buf[from]` copied to `buf[to..]`, overlapping or not, byte by byte
/// (`copy_within` keeps its bounds assert linked into firmware).
fn move_within(buf: &mut [u8], from: core::ops::Range<usize>, to: usize) {
    let n = from.end.saturating_sub(from.start);
    let step = |buf: &mut [u8], k: usize| {
        if let Some(&b) = buf.get(from.start + k) {
            if let Some(d) = buf.get_mut(to + k) {
                *d = b;
            }
        }
    };
    if to <= from.start {
        (0..n).for_each(|k| step(buf, k));
    } else {
        (0..n).rev().for_each(|k| step(buf, k));
    }
}

/// `region` rotated right by `k` (`k <= region.len()`), by three reversals
/// (`rotate_right` keeps its assert linked into firmware).
fn rotate_right(region: &mut [u8], k: usize) {
    if k > region.len() {
        return;
    }
    crate::storage::reverse(region);
    if let Some((a, b)) = region.split_at_mut_checked(k) {
        crate::storage::reverse(a);
        crate::storage::reverse(b);
    }
}

/// Where the pair starting at `start` ends: its `&` or `len`.
fn find_amp(list: &[u8], start: usize, len: usize) -> usize {
    list.get(start..len)
        .and_then(|r| r.iter().position(|&b| b == b'&'))
        .map_or(len, |k| start + k)
}

/// The name of the pair `list[start..end]`.
fn name_at(list: &[u8], start: usize, end: usize) -> Piece<'_> {
    let pair = list.get(start..end).unwrap_or_default();
    let name_end = pair.iter().position(|&b| b == b'=').unwrap_or(pair.len());
    Piece::new(pair.get(..name_end).unwrap_or_default())
}

/// Compares decoded names as sequences of UTF-16 code units.
fn utf16_cmp(a: &Piece<'_>, b: &Piece<'_>) -> Ordering {
    fn units<'a>(p: &Piece<'a>) -> impl Iterator<Item = u16> + 'a {
        p.chars().flat_map(|c| {
            let mut u = [0u16; 2];
            let n = c.encode_utf16(&mut u).len();
            u.into_iter().take(n)
        })
    }
    units(a).cmp(units(b))
}
