//! Where a serialized URL lives.
//!
//! The parser never allocates: it appends to a [`Storage`]. A URL serialization
//! is always ASCII (§4.5: the URL serializer returns an ASCII string), so
//! every index the URL code uses is a `char` boundary. Other writers append
//! UTF-8 (decoded form-urlencoded text); they only append and truncate at
//! character boundaries, which every storage here supports.
//!
//! Provided storages:
//! - [`SliceStorage`]: a caller's `&mut [u8]` (firmware, kernels);
//! - `heapless::String<N>` (feature `heapless`);
//! - `alloc::string::String` (feature `alloc`);
//! - `&mut T` for any storage `T`, so a caller can keep ownership of a buffer.
//!
//! Read-only views implement [`Buffer`]; `&str` is one, which is how a URL can
//! borrow its input (see [`crate::Parser::parse_borrowed`]).

use core::fmt;
use core::ops::Range;

/// The storage ran out of room: the result needs more bytes than it can hold.
///
/// Nothing is truncated: an operation that fails with this error leaves what
/// the caller had unchanged (for the parser: no URL is returned; for a
/// setter: the URL as it was).
///
/// `needed` is a size that suffices: allocate that much and retry, and the
/// retry does not fail for lack of room. From a parse it is the URL's exact
/// length when the parser knew it when it ran out (an input copied as it
/// is: a URL that is already its own serialization, or a reference
/// resolved against a base by copying), and otherwise a bound computed from
/// the input, [`href_len_bound`](crate::href_len_bound) (about 3 bytes per
/// input byte, more for bytes of an internationalized host: see
/// [`sizes`](crate::sizes)), because the parser writes in one pass and some
/// inputs need more room while parsing than the finished URL takes (path
/// segments that a later `..` removes, percent-encoded or non-ASCII hosts,
/// IPv4 hosts written longer than their dotted-decimal form). From a setter
/// it is the result's length when the new component was built, and
/// otherwise the URL's length plus a bound on the component (each setter's
/// docs say what room it takes). From the IDNA functions
/// ([`idna`](crate::idna)) it is a bound from the domain's length; from
/// [`Url::to_storage`](crate::Url::to_storage), the URL's length. Other
/// writers (the URL builder, form-urlencoded serializing, percent-encoding
/// into a storage, `idna::to_nfc`) report the bytes needed when they ran
/// out, which can be short of what the call needs. When the buffer fills
/// before the parser reaches a point where the input fails, the capacity
/// error is what is reported; the retry then reports the failure.
///
/// ```
/// use url_core::{ParseError, SliceStorage, Url};
/// let input = "HTTPS://user:pass@EXAMPLE.com:443/a/./b/../c d/?query=1&x=%zz#fragment-part";
/// let mut small = [0u8; 16];
/// let Err(ParseError::Capacity(e)) = Url::parse_into(input, SliceStorage::new(&mut small)) else {
///     panic!("fits?")
/// };
/// let mut room = vec![0u8; e.needed];
/// let url = Url::parse_into(input, SliceStorage::new(&mut room))?;
/// assert_eq!(url.href(), "https://user:pass@example.com/a/c%20d/?query=1&x=%zz#fragment-part");
/// # Ok::<(), ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CapacityError {
    /// How many bytes the storage can hold.
    pub capacity: usize,
    /// A size with which the same operation succeeds (see the type's docs:
    /// the exact length when it was known, else a bound).
    pub needed: usize,
}

impl fmt::Display for CapacityError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "URL storage too small: {} bytes needed, capacity {}",
            self.needed, self.capacity
        )
    }
}

impl core::error::Error for CapacityError {}

/// Read access to an ASCII serialization.
pub trait Buffer {
    /// The whole serialization.
    fn as_str(&self) -> &str;

    /// The serialization as bytes.
    #[inline]
    fn as_bytes(&self) -> &[u8] {
        self.as_str().as_bytes()
    }

    /// A sub-range of the serialization. `range` is always in bounds and on
    /// ASCII boundaries when called by this crate.
    #[inline]
    fn slice(&self, range: Range<usize>) -> &str {
        self.as_str().get(range).unwrap_or("")
    }
}

/// A growable (possibly bounded) ASCII buffer the parser appends to.
///
/// Implementations must keep the contents exactly as written: callers only ever
/// write ASCII, so `truncate` and `replace_range` indices are always valid.
pub trait Storage: Buffer {
    /// Appends `s`, or fails without changing anything.
    fn push_str(&mut self, s: &str) -> Result<(), CapacityError>;

    /// Appends ASCII bytes (callers guarantee every byte is < 0x80). The
    /// default validates; storages with byte access skip that.
    #[inline]
    fn push_ascii(&mut self, bytes: &[u8]) -> Result<(), CapacityError> {
        match ascii_or_utf8(bytes) {
            Some(s) => self.push_str(s),
            None => Ok(()),
        }
    }

    /// Shortens to `len` bytes; no-op when already shorter.
    fn truncate(&mut self, len: usize);

    /// Replaces `range` with `with`, or fails without changing anything.
    fn replace_range(&mut self, range: Range<usize>, with: &str) -> Result<(), CapacityError>;

    /// Whether the setters build their new component in a 256-byte stack
    /// buffer and splice it in with one [`Storage::replace_range`] (the
    /// URL's tail moves once, and a bounded storage needs room only for the
    /// result), rather than after the URL's end (the `port` and `protocol`
    /// setters always do). It costs a second copy of those setters' code
    /// unless the storage is a [`SliceStorage`] (the stack buffer's own
    /// type), so it is off by default: on for `String` and `SliceStorage`.
    const SPLICE_FROM_STACK: bool = false;

    /// Hints that `additional` more bytes will be pushed. Bounded storages ignore it.
    #[inline]
    fn reserve(&mut self, additional: usize) {
        let _ = additional;
    }

    /// Moves the bytes `[tail..len)` to position `at` (`at <= tail`), shifting
    /// `[at..tail)` right: how setters put a component built at the end into
    /// place. The default moves 64-byte chunks through `replace_range`;
    /// storages with byte access override it with an O(n) rotation.
    fn move_tail(&mut self, at: usize, tail: usize) -> Result<(), CapacityError> {
        let len = self.len();
        if at >= tail || tail >= len {
            return Ok(());
        }
        let mut chunk = [0u8; 64];
        // Take chunks off the end and insert each at `at`: inserting the last
        // chunk first keeps the order.
        let mut end = len;
        let mut moved = 0;
        while end > tail {
            let start = end.saturating_sub(64).max(tail);
            let n = end - start;
            crate::bytes::copy(
                &mut chunk,
                self.as_bytes().get(start..end).unwrap_or_default(),
            );
            self.truncate(start);
            // ASCII by construction, so a str boundary.
            let text = chunk.get(..n).and_then(ascii_or_utf8).unwrap_or("");
            self.replace_range(at..at, text)?;
            moved += n;
            end = len - moved;
        }
        Ok(())
    }

    /// Current length in bytes.
    #[inline]
    fn len(&self) -> usize {
        self.as_bytes().len()
    }

    /// Whether nothing is stored.
    #[inline]
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Removes everything.
    #[inline]
    fn clear(&mut self) {
        self.truncate(0);
    }
}

impl Buffer for str {
    #[inline]
    fn as_str(&self) -> &str {
        self
    }
}

impl Buffer for &str {
    #[inline]
    fn as_str(&self) -> &str {
        self
    }
}

impl<T: Buffer + ?Sized> Buffer for &mut T {
    #[inline]
    fn as_str(&self) -> &str {
        (**self).as_str()
    }
    #[inline]
    fn as_bytes(&self) -> &[u8] {
        (**self).as_bytes()
    }
    #[inline]
    fn slice(&self, range: Range<usize>) -> &str {
        (**self).slice(range)
    }
}

impl<T: Storage + ?Sized> Storage for &mut T {
    #[inline]
    fn push_str(&mut self, s: &str) -> Result<(), CapacityError> {
        (**self).push_str(s)
    }
    #[inline]
    fn push_ascii(&mut self, bytes: &[u8]) -> Result<(), CapacityError> {
        (**self).push_ascii(bytes)
    }
    #[inline]
    fn truncate(&mut self, len: usize) {
        (**self).truncate(len)
    }
    #[inline]
    fn replace_range(&mut self, range: Range<usize>, with: &str) -> Result<(), CapacityError> {
        (**self).replace_range(range, with)
    }
    #[inline]
    fn reserve(&mut self, additional: usize) {
        (**self).reserve(additional)
    }
    #[inline]
    fn move_tail(&mut self, at: usize, tail: usize) -> Result<(), CapacityError> {
        (**self).move_tail(at, tail)
    }
    const SPLICE_FROM_STACK: bool = T::SPLICE_FROM_STACK;
    #[inline]
    fn len(&self) -> usize {
        (**self).len()
    }
}

/// `bytes` as text: checked as ASCII first (what a URL's storage holds,
/// and faster than UTF-8 validation for short runs), else as UTF-8.
#[inline]
fn ascii_or_utf8(bytes: &[u8]) -> Option<&str> {
    crate::simd::ascii_str(bytes).or_else(|| core::str::from_utf8(bytes).ok())
}

/// A caller's byte buffer used as URL storage: no allocator needed.
///
/// ```
/// use url_core::{SliceStorage, Url};
/// let mut buf = [0u8; 128];
/// let url = Url::parse_into("HTTPS://Example.COM/a/../b", SliceStorage::new(&mut buf)).unwrap();
/// assert_eq!(url.href(), "https://example.com/b");
/// ```
pub struct SliceStorage<'a> {
    buf: &'a mut [u8],
    len: usize,
}

impl<'a> SliceStorage<'a> {
    /// Wraps `buf`; its previous contents are ignored.
    pub fn new(buf: &'a mut [u8]) -> Self {
        SliceStorage { buf, len: 0 }
    }

    /// How many bytes fit.
    pub fn capacity(&self) -> usize {
        self.buf.len()
    }

    fn overflow(&self, needed: usize) -> CapacityError {
        CapacityError {
            capacity: self.buf.len(),
            needed,
        }
    }
}

impl fmt::Debug for SliceStorage<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

// With the `small` feature the readers and writers below are out of line
// (one shared copy instead of one inlined at each call site).
impl Buffer for SliceStorage<'_> {
    #[cfg_attr(not(feature = "small"), inline)]
    #[cfg_attr(feature = "small", inline(never))]
    fn as_str(&self) -> &str {
        // Only ASCII is ever written (module docs), so this never fails; the
        // ASCII check is the fast one (`simd`), UTF-8 the fallback.
        utf8(self.buf.get(..self.len).unwrap_or_default())
    }
    #[inline]
    fn as_bytes(&self) -> &[u8] {
        self.buf.get(..self.len).unwrap_or_default()
    }
    #[cfg_attr(not(feature = "small"), inline)]
    #[cfg_attr(feature = "small", inline(never))]
    fn slice(&self, range: Range<usize>) -> &str {
        // Validate only the requested range: getters stay O(component).
        self.as_bytes().get(range).map_or("", utf8)
    }
}

/// `bytes` as text: ASCII checked 16 bytes at a time, any other UTF-8 by
/// `core::str::from_utf8`, "" if invalid (never written by this crate).
#[inline]
fn utf8(bytes: &[u8]) -> &str {
    // With the `small` feature `from_utf8` alone checks (it is linked
    // anyway); the ASCII check is only faster.
    if cfg!(feature = "small") {
        return core::str::from_utf8(bytes).unwrap_or("");
    }
    crate::simd::ascii_str(bytes)
        .or_else(|| core::str::from_utf8(bytes).ok())
        .unwrap_or("")
}

impl Storage for SliceStorage<'_> {
    const SPLICE_FROM_STACK: bool = true;
    #[cfg_attr(not(feature = "small"), inline)]
    #[cfg_attr(feature = "small", inline(never))]
    fn push_str(&mut self, s: &str) -> Result<(), CapacityError> {
        let end = self.len + s.len();
        // `get_mut(..s.len())` makes the length visibly equal to the
        // source's, so the copy has no length check left to fail.
        match self
            .buf
            .get_mut(self.len..)
            .and_then(|r| r.get_mut(..s.len()))
        {
            Some(dst) => {
                crate::bytes::copy(dst, s.as_bytes());
                self.len = end;
                Ok(())
            }
            None => Err(self.overflow(end)),
        }
    }
    #[cfg_attr(not(feature = "small"), inline)]
    #[cfg_attr(feature = "small", inline(never))]
    fn push_ascii(&mut self, bytes: &[u8]) -> Result<(), CapacityError> {
        // Only ASCII reaches here, so the contents stay UTF-8.
        debug_assert!(bytes.is_ascii());
        let end = self.len + bytes.len();
        match self.buf.get_mut(self.len..end) {
            Some(dst) => {
                crate::bytes::copy(dst, bytes);
                self.len = end;
                Ok(())
            }
            None => Err(self.overflow(end)),
        }
    }
    #[inline]
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
        if new_len > self.buf.len() {
            return Err(self.overflow(new_len));
        }
        // The bytes after the range move to their new place (left when the
        // replacement is shorter, right when it is longer).
        if with.len() < end - start {
            if let Some(s) = self.buf.get_mut(start + with.len()..self.len) {
                crate::bytes::shift_left(s, end - start - with.len());
            }
        } else if let Some(s) = self.buf.get_mut(end..new_len) {
            crate::bytes::shift_right(s, with.len() - (end - start));
        }
        if let Some(dst) = self.buf.get_mut(start..) {
            crate::bytes::copy(dst, with.as_bytes());
        }
        self.len = new_len;
        Ok(())
    }
    fn move_tail(&mut self, at: usize, tail: usize) -> Result<(), CapacityError> {
        if at < tail && tail < self.len {
            if let Some(s) = self.buf.get_mut(at..self.len) {
                crate::bytes::rotate_right(s, self.len - tail);
            }
        }
        Ok(())
    }
    #[inline]
    fn len(&self) -> usize {
        self.len
    }
}

#[cfg(feature = "alloc")]
mod alloc_impl {
    extern crate alloc;
    use super::{Buffer, CapacityError, Storage};
    use alloc::string::String;
    use core::ops::Range;

    impl Buffer for String {
        #[inline]
        fn as_str(&self) -> &str {
            self
        }
    }

    impl Storage for String {
        const SPLICE_FROM_STACK: bool = true;
        #[inline]
        fn push_str(&mut self, s: &str) -> Result<(), CapacityError> {
            String::push_str(self, s);
            Ok(())
        }
        #[inline]
        fn push_ascii(&mut self, bytes: &[u8]) -> Result<(), CapacityError> {
            // A few bytes (a "%XX") char by char; longer runs as one copy
            // after the vector ASCII check (per byte, capacity is checked
            // each time).
            if bytes.len() <= 4 {
                for &b in bytes {
                    self.push(char::from(b));
                }
                return Ok(());
            }
            match crate::simd::ascii_str(bytes) {
                Some(s) => String::push_str(self, s),
                None => self.extend(bytes.iter().map(|&b| b as char)),
            }
            Ok(())
        }
        #[inline]
        fn truncate(&mut self, len: usize) {
            if len < String::len(self) {
                String::truncate(self, len)
            }
        }
        fn replace_range(&mut self, range: Range<usize>, with: &str) -> Result<(), CapacityError> {
            // Out of range or off a character boundary: nothing to do (the
            // crate's ranges are ASCII offsets within the storage).
            if range.start <= range.end
                && range.end <= String::len(self)
                && self.is_char_boundary(range.start)
                && self.is_char_boundary(range.end)
            {
                // Two moves of the rest through `drain` and `insert_str`,
                // which cost less than `String::replace_range` (a
                // `Vec::splice` feeding the new bytes through an iterator).
                // One move through `Vec` methods would need `unsafe`, and
                // measured 9 instructions per setter fewer: not worth it.
                let at = range.start;
                if range.start < range.end {
                    self.drain(range);
                }
                if !with.is_empty() {
                    self.insert_str(at, with);
                }
            }
            Ok(())
        }
        #[inline]
        fn reserve(&mut self, additional: usize) {
            String::reserve(self, additional)
        }
        fn move_tail(&mut self, at: usize, tail: usize) -> Result<(), CapacityError> {
            if !(at < tail && tail < String::len(self)) {
                return Ok(());
            }
            // A component a setter built (most are short) moves through the
            // stack: `split_off` allocated a String for it every time.
            let mut chunk = [0u8; 256];
            let moved = self
                .get(tail..)
                .and_then(|t| chunk.get_mut(..t.len()).map(|c| (c, t)));
            match moved {
                Some((c, t)) if self.is_char_boundary(at) && self.is_char_boundary(tail) => {
                    crate::bytes::copy(c, t.as_bytes());
                    let n = c.len();
                    self.truncate(tail);
                    if let Some(t) = chunk.get(..n).and_then(super::ascii_or_utf8) {
                        self.insert_str(at, t);
                    }
                }
                _ if self.is_char_boundary(at) && self.is_char_boundary(tail) => {
                    let moved = self.split_off(tail);
                    self.insert_str(at, &moved);
                }
                _ => {}
            }
            Ok(())
        }
        #[inline]
        fn len(&self) -> usize {
            String::len(self)
        }
    }
}

#[cfg(feature = "heapless")]
mod heapless_impl {
    use super::{Buffer, CapacityError, Storage};
    use core::ops::Range;

    impl<const N: usize> Buffer for heapless::String<N> {
        #[inline]
        fn as_str(&self) -> &str {
            heapless::String::as_str(self)
        }
    }

    impl<const N: usize> Storage for heapless::String<N> {
        #[inline]
        fn push_str(&mut self, s: &str) -> Result<(), CapacityError> {
            let needed = heapless::String::as_str(self).len() + s.len();
            heapless::String::push_str(self, s).map_err(|_| CapacityError {
                capacity: N,
                needed,
            })
        }
        #[inline]
        fn truncate(&mut self, len: usize) {
            if len < heapless::String::as_str(self).len() {
                heapless::String::truncate(self, len)
            }
        }
        fn replace_range(&mut self, range: Range<usize>, with: &str) -> Result<(), CapacityError> {
            let len = heapless::String::as_str(self).len();
            let Range { start, end } = range;
            if start > end || end > len {
                return Ok(());
            }
            let new_len = len - (end - start) + with.len();
            if new_len > N {
                return Err(CapacityError {
                    capacity: N,
                    needed: new_len,
                });
            }
            // Rebuild the tail in place: heapless::String has no replace_range,
            // but its Vec view does (ASCII only, so any index is a boundary).
            let mut tail: heapless::String<N> = heapless::String::new();
            // Cannot fail: the tail is shorter than N.
            let _ = tail.push_str(&self.as_str()[end..]);
            heapless::String::truncate(self, start);
            let _ = heapless::String::push_str(self, with);
            let _ = heapless::String::push_str(self, &tail);
            Ok(())
        }
        #[inline]
        fn len(&self) -> usize {
            heapless::String::as_str(self).len()
        }
    }
}
