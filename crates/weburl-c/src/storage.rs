//! The storages the C ABI parses into: a shadow of a serialization this
//! library produced (its offsets recovered with nothing copied), and the
//! caller's buffer with a serialization to re-attach to.

use crate::{utf8, Failure, WeburlStatus};
use core::cell::OnceCell;
use core::ops::Range;
use url_core::{Buffer, CapacityError, ParseError, Parser, Storage, Url};

/// The URL held in `buf[..len]` (a serialization this library produced),
/// over `buf` as its storage, ready for a setter. Its offsets come from a
/// parse of the serialization into a [`Shadow`] of itself (nothing copied),
/// or, for the serializations that parse cannot follow (a `/.` path
/// prefix), from a parse of it into the spare room after it.
pub(crate) fn reattach(buf: &mut [u8], len: usize) -> Result<Url<Reattach<'_>>, Failure> {
    let bad = || Failure::bare(WeburlStatus::InvalidUrl);
    if len > buf.len() {
        return Err(bad());
    }
    let url = match shadow(&buf[..len]) {
        Ok(u) => u.to_storage(Reattach::detached())?,
        Err(_) => {
            let (head, tail) = buf.split_at_mut(len);
            let text = utf8(head).map_err(|_| bad())?;
            match Parser::new().parse_into(text, Reattach::attached(tail)) {
                Ok(u) if u.href().as_bytes() == &*head => u.to_storage(Reattach::detached())?,
                Err(ParseError::Capacity(c)) => return Err(Failure::capacity(len + c.needed)),
                _ => return Err(bad()),
            }
        }
    };
    if url.storage().attach(buf) {
        Ok(url)
    } else {
        Err(bad())
    }
}

/// The URL whose serialization is `href` (which this library produced),
/// recovered by parsing `href` into a [`Shadow`] of itself: checked (it
/// must parse to itself) and without copying.
pub(crate) fn shadow(href: &[u8]) -> Result<Url<Shadow<'_>>, Failure> {
    let bad = || Failure::bare(WeburlStatus::InvalidUrl);
    let text = utf8(href).map_err(|_| bad())?;
    match Parser::new().parse_into(text, Shadow { src: href, len: 0 }) {
        Ok(url) if url.href().len() == href.len() => Ok(url),
        _ => Err(bad()),
    }
}

/// A storage that already holds its final contents, `src`: each write must
/// leave it holding a prefix of `src`, and then only its length changes.
/// Parsing a URL's serialization into a shadow of itself gives the URL's
/// offsets with nothing copied; a write that would differ (the bytes are not
/// a serialization this library produced) fails the parse.
///
/// (`Url::parse_borrowed` also parses without copying, but refuses
/// serializations whose `/.` path prefix the parser synthesizes.)
pub(crate) struct Shadow<'a> {
    src: &'a [u8],
    len: usize,
}

impl Shadow<'_> {
    fn mismatch(&self, needed: usize) -> CapacityError {
        // Reported as a capacity error: it stops the parse, and the caller
        // maps any failure to InvalidUrl.
        CapacityError {
            capacity: self.src.len(),
            needed,
        }
    }
}

/// Reverses `bytes` with no assert on the way (see `Shadow::move_tail`):
/// the front half swapped with the back half read backwards.
pub(crate) fn reverse(bytes: &mut [u8]) {
    let half = bytes.len() / 2;
    if let Some((front, back)) = bytes.split_at_mut_checked(half) {
        for (x, y) in front.iter_mut().zip(back.iter_mut().rev()) {
            core::mem::swap(x, y);
        }
    }
}

impl Buffer for Shadow<'_> {
    fn as_str(&self) -> &str {
        core::str::from_utf8(self.src.get(..self.len).unwrap_or_default()).unwrap_or("")
    }
}

impl Storage for Shadow<'_> {
    fn push_str(&mut self, s: &str) -> Result<(), CapacityError> {
        let end = self.len + s.len();
        if self.src.get(self.len..end) == Some(s.as_bytes()) {
            self.len = end;
            Ok(())
        } else {
            Err(self.mismatch(end))
        }
    }
    fn truncate(&mut self, len: usize) {
        if len < self.len {
            self.len = len;
        }
    }
    fn replace_range(&mut self, range: Range<usize>, with: &str) -> Result<(), CapacityError> {
        let Range { start, end } = range;
        if start > end || end > self.len {
            return Ok(());
        }
        // New contents: src[..start] + with + src[end..len]; a prefix of src?
        let mid = start + with.len();
        let new_len = mid + (self.len - end);
        let same = self.src.get(start..mid) == Some(with.as_bytes())
            && self.src.get(mid..new_len) == self.src.get(end..self.len);
        if same {
            self.len = new_len;
            Ok(())
        } else {
            Err(self.mismatch(new_len))
        }
    }
    fn move_tail(&mut self, at: usize, tail: usize) -> Result<(), CapacityError> {
        let len = self.len;
        if at >= tail || tail >= len {
            return Ok(());
        }
        // New contents: src[..at] + src[tail..len] + src[at..tail].
        let moved = len - tail;
        let same = self.src.get(at..at + moved) == self.src.get(tail..len)
            && self.src.get(at + moved..len) == self.src.get(at..tail);
        if same {
            Ok(())
        } else {
            Err(self.mismatch(len))
        }
    }
    fn len(&self) -> usize {
        self.len
    }
}

/// The caller's buffer as url-core storage, holding an existing URL.
///
/// Setters need a `Url<S>` over the buffer that already holds the URL.
/// [`Url::to_storage`] gives one with the URL's offsets, but would copy the
/// serialization onto itself; this storage lets the copy be a no-op: it is
/// created *detached* (it only counts the bytes pushed), receives the copy,
/// and is then *attached* to the buffer, which holds exactly those bytes.
/// The `OnceCell` lets the attach happen through the shared reference
/// `Url::storage` gives, without `unsafe`.
pub(crate) struct Reattach<'a> {
    buf: OnceCell<&'a mut [u8]>,
    len: usize,
}

impl<'a> Reattach<'a> {
    pub(crate) fn detached() -> Self {
        Reattach {
            buf: OnceCell::new(),
            len: 0,
        }
    }

    /// An empty storage over `buf` (for a new parse).
    pub(crate) fn attached(buf: &'a mut [u8]) -> Self {
        Reattach {
            buf: OnceCell::from(buf),
            len: 0,
        }
    }

    /// Attaches the buffer (once). Its first `len` bytes must be what was
    /// pushed while detached.
    fn attach(&self, buf: &'a mut [u8]) -> bool {
        buf.len() >= self.len && self.buf.set(buf).is_ok()
    }

    fn bytes(&self) -> &[u8] {
        match self.buf.get() {
            Some(b) => b.get(..self.len).unwrap_or(&[]),
            None => &[],
        }
    }

    fn capacity(&self) -> usize {
        self.buf.get().map_or(0, |b| b.len())
    }

    fn overflow(&self, needed: usize) -> CapacityError {
        CapacityError {
            capacity: self.capacity(),
            needed,
        }
    }
}

impl Buffer for Reattach<'_> {
    fn as_str(&self) -> &str {
        // Only ASCII is ever stored (url-core's storage contract).
        core::str::from_utf8(self.bytes()).unwrap_or("")
    }
    fn slice(&self, range: Range<usize>) -> &str {
        self.bytes()
            .get(range)
            .and_then(|b| core::str::from_utf8(b).ok())
            .unwrap_or("")
    }
}

impl Storage for Reattach<'_> {
    // The setters build their component on the stack and splice it in, so
    // a C caller's buffer needs room for the result only (the header's
    // setter docs).
    const SPLICE_FROM_STACK: bool = true;
    fn push_str(&mut self, s: &str) -> Result<(), CapacityError> {
        let end = self.len + s.len();
        match self.buf.get_mut() {
            // Detached: the bytes are already in the buffer (see the type
            // docs); only count them.
            None => {
                self.len = end;
                Ok(())
            }
            Some(buf) => match buf.get_mut(self.len..end) {
                Some(dst) => {
                    // Element by element: `copy_from_slice`'s length assert
                    // would stay linked into size-optimized firmware.
                    for (d, &b) in dst.iter_mut().zip(s.as_bytes()) {
                        *d = b;
                    }
                    self.len = end;
                    Ok(())
                }
                None => Err(self.overflow(end)),
            },
        }
    }
    fn truncate(&mut self, len: usize) {
        if len < self.len {
            self.len = len;
        }
    }
    fn replace_range(&mut self, range: Range<usize>, with: &str) -> Result<(), CapacityError> {
        let Range { start, end } = range;
        if start > end || end > self.len {
            return Ok(());
        }
        let new_len = self.len - (end - start) + with.len();
        if new_len > self.capacity() {
            return Err(self.overflow(new_len));
        }
        let len = self.len;
        if let Some(buf) = self.buf.get_mut() {
            // The bytes after the range to their new place, then the
            // replacement; no call that asserts (see `push_str`).
            let removed = end - start;
            if with.len() < removed {
                let by = removed - with.len();
                for i in end..len {
                    if let (Some(&b), Some(d)) = (buf.get(i), i.checked_sub(by)) {
                        if let Some(slot) = buf.get_mut(d) {
                            *slot = b;
                        }
                    }
                }
            } else {
                let by = with.len() - removed;
                for i in (end..len).rev() {
                    if let Some(&b) = buf.get(i) {
                        if let Some(slot) = buf.get_mut(i + by) {
                            *slot = b;
                        }
                    }
                }
            }
            if let Some(dst) = buf.get_mut(start..) {
                for (d, &b) in dst.iter_mut().zip(with.as_bytes()) {
                    *d = b;
                }
            }
        }
        self.len = new_len;
        Ok(())
    }
    fn move_tail(&mut self, at: usize, tail: usize) -> Result<(), CapacityError> {
        let len = self.len;
        if at < tail && tail < len {
            if let Some(region) = self.buf.get_mut().and_then(|b| b.get_mut(at..len)) {
                // Rotate right by three reversals (`rotate_right` and
                // `reverse` keep asserts in size-optimized builds).
                reverse(region);
                if let Some((a, b)) = region.split_at_mut_checked(len - tail) {
                    reverse(a);
                    reverse(b);
                }
            }
        }
        Ok(())
    }
    fn len(&self) -> usize {
        self.len
    }
}
