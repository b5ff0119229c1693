//! Iterators over a [`UrlSearchParams`]'s pairs.

use super::{Span, UrlSearchParams, INLINE_PAIRS};
use alloc::borrow::ToOwned;
use alloc::string::String;

/// Iterator over `(name, value)` pairs of a [`UrlSearchParams`].
#[derive(Clone, Debug)]
pub struct Iter<'a> {
    pub(super) text: &'a str,
    pub(super) inner: core::slice::Iter<'a, Span>,
}

impl<'a> Iter<'a> {
    fn pair(&self, span: Span) -> (&'a str, &'a str) {
        (
            self.text.get(span.start..span.name_end).unwrap_or(""),
            self.text.get(span.value_start..span.end).unwrap_or(""),
        )
    }
}

impl<'a> Iterator for Iter<'a> {
    type Item = (&'a str, &'a str);
    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        let span = *self.inner.next()?;
        Some(self.pair(span))
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl DoubleEndedIterator for Iter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        let span = *self.inner.next_back()?;
        Some(self.pair(span))
    }
}

impl ExactSizeIterator for Iter<'_> {}

impl<'a> IntoIterator for &'a UrlSearchParams {
    type Item = (&'a str, &'a str);
    type IntoIter = Iter<'a>;
    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

/// The owned pairs.
impl IntoIterator for UrlSearchParams {
    type Item = (String, String);
    type IntoIter = IntoIter;
    fn into_iter(self) -> IntoIter {
        IntoIter {
            text: self.text,
            inner: self.pairs.into_iter(),
        }
    }
}

/// Iterator over the owned `(name, value)` pairs of a [`UrlSearchParams`].
#[derive(Clone, Debug)]
pub struct IntoIter {
    text: String,
    inner: smallvec::IntoIter<[Span; INLINE_PAIRS]>,
}

impl Iterator for IntoIter {
    type Item = (String, String);
    fn next(&mut self) -> Option<(String, String)> {
        let span = self.inner.next()?;
        let part = |r: core::ops::Range<usize>| self.text.get(r).unwrap_or("").to_owned();
        Some((
            part(span.start..span.name_end),
            part(span.value_start..span.end),
        ))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl ExactSizeIterator for IntoIter {}
