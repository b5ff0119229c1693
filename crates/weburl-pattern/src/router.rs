//! Many routes at once: [`UrlPatternList`], a URLPatternList-style router.
//!
//! Matching is the standard's, route by route in insertion order — the
//! first route whose every component matches wins — but without trying
//! every route. Each route whose pathname is a plain sequence of `/`
//! segments (fixed text and `:name` groups without modifiers, case
//! sensitive) is filed in a trie by its segments; the others are kept
//! aside. A URL's pathname, split at `/`, walks the trie to the few routes
//! whose segments fit — a fixed segment must be equal, a `:name` segment
//! non-empty — and only those, with the routes kept aside, are then matched
//! in full, in insertion order. The trie only leaves out routes that
//! cannot match, so the answer is the standard's.

use crate::component::Component;
use crate::error::ComponentName;
use crate::parser::{Modifier, PartType};
use crate::url_pattern::{url_values, UrlPattern, Values};
use crate::url_record::AsUrlRecord;
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

/// One `/`-separated segment of a route's pathname pattern.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Segment {
    /// Fixed text only.
    Fixed(String),
    /// One `:name` group alone: any non-empty segment.
    Name,
    /// Anything else (`:name.html`, `a:b`): any segment.
    Any,
}

#[derive(Clone, Debug, Default)]
struct Node {
    /// Fixed-segment children, sorted by length then bytes ([`by_length`]).
    fixed: Vec<(Box<str>, Node)>,
    name: Option<Box<Node>>,
    any: Option<Box<Node>>,
    /// Routes whose segments end here, and whether the segments are the
    /// whole match: fixed text and `:name` segments only, and every other
    /// component `*` (then fitting the trie is matching the route).
    routes: Vec<(u32, bool)>,
}

impl Node {
    fn insert(&mut self, segments: &[Segment], route: (u32, bool)) {
        let Some((first, rest)) = segments.split_first() else {
            self.routes.push(route);
            return;
        };
        let child = match first {
            Segment::Fixed(text) => {
                let i = match self
                    .fixed
                    .binary_search_by(|(t, _)| by_length(t.as_bytes(), text.as_bytes()))
                {
                    Ok(i) => i,
                    Err(i) => {
                        self.fixed
                            .insert(i, (text.as_str().into(), Node::default()));
                        i
                    }
                };
                match self.fixed.get_mut(i) {
                    Some((_, child)) => child,
                    None => return,
                }
            }
            Segment::Name => self.name.get_or_insert_with(Default::default),
            Segment::Any => self.any.get_or_insert_with(Default::default),
        };
        child.insert(rest, route);
    }

    /// Adds the routes whose segments fit `path`'s (the part after the
    /// leading `/`, or `None` past the end) to `out`; false when `out` is
    /// full.
    fn collect(&self, path: Option<&str>, out: &mut Candidates) -> bool {
        let Some(path) = path else {
            return self.routes.iter().all(|&r| out.push(r));
        };
        let bytes = path.as_bytes();
        let end = bytes.iter().position(|&b| b == b'/');
        let (segment, rest) = match end {
            Some(i) => (bytes.get(..i).unwrap_or_default(), path.get(i + 1..)),
            None => (bytes, None),
        };
        if let Some(child) = self.fixed_child(segment) {
            if !child.collect(rest, out) {
                return false;
            }
        }
        if let Some(n) = &self.name {
            if !segment.is_empty() && !n.collect(rest, out) {
                return false;
            }
        }
        match &self.any {
            Some(n) => n.collect(rest, out),
            None => true,
        }
    }

    /// The fixed-segment child for `segment`: a scan of short byte strings
    /// for the few children most nodes have, a binary search otherwise.
    #[inline]
    fn fixed_child(&self, segment: &[u8]) -> Option<&Node> {
        let equal =
            |t: &str| t.len() == segment.len() && t.bytes().zip(segment).all(|(a, b)| a == *b);
        if self.fixed.len() <= 8 {
            return self.fixed.iter().find(|(t, _)| equal(t)).map(|(_, n)| n);
        }
        let i = self
            .fixed
            .binary_search_by(|(t, _)| by_length(t.as_bytes(), segment))
            .ok()?;
        self.fixed.get(i).map(|(_, n)| n)
    }
}

/// Orders segments by length first: comparing two lengths settles most
/// comparisons of a binary search without looking at the bytes.
fn by_length(a: &[u8], b: &[u8]) -> core::cmp::Ordering {
    // Byte by byte inline: segments are short, where a call to memcmp
    // costs more than the loop.
    a.len().cmp(&b.len()).then_with(|| {
        a.iter()
            .zip(b)
            .map(|(x, y)| x.cmp(y))
            .find(|o| o.is_ne())
            .unwrap_or(core::cmp::Ordering::Equal)
    })
}

/// Candidate routes (number, and whether fitting the trie matches it), in
/// place up to a bound.
struct Candidates {
    items: [(u32, bool); 32],
    len: usize,
}

impl Candidates {
    fn push(&mut self, r: (u32, bool)) -> bool {
        match self.items.get_mut(self.len) {
            Some(slot) => {
                *slot = r;
                self.len += 1;
                true
            }
            None => false,
        }
    }
}

/// The segments of a component's pathname pattern when it is a plain
/// sequence of `/` segments (see the module docs).
fn segments(pathname: &Component) -> Option<Vec<Segment>> {
    if pathname.ignore_case() || pathname.delimiter_code_point() != Some('/') {
        return None;
    }
    // The pattern as text with one placeholder byte per group (no fixed
    // text holds 0x00: encoded), split at `/`.
    let mut template = String::new();
    for part in pathname.part_list() {
        if part.modifier != Modifier::None {
            return None;
        }
        match part.ty {
            PartType::FixedText => template.push_str(&part.value),
            PartType::SegmentWildcard if part.suffix.is_empty() => {
                template.push_str(&part.prefix);
                template.push('\0');
            }
            _ => return None,
        }
    }
    let rest = template.strip_prefix('/')?;
    Some(
        rest.split('/')
            .map(|s| match s {
                "\0" => Segment::Name,
                s if s.contains('\0') => Segment::Any,
                s => Segment::Fixed(s.into()),
            })
            .collect(),
    )
}

/// A list of URL patterns with a value each, matched together: the first
/// route (in insertion order) whose pattern matches, or all of them.
///
/// ```
/// use weburl_pattern::{UrlPattern, UrlPatternList, UrlPatternInit};
/// let route = |p: &str| UrlPattern::new(UrlPatternInit { pathname: Some(p.into()), ..Default::default() }.into(), None, Default::default());
/// let mut routes = UrlPatternList::new();
/// routes.push(route("/repos/:owner/:repo")?, "repo");
/// routes.push(route("/repos/:owner/:repo/issues/:number")?, "issue");
/// routes.push(route("/*")?, "fallback");
/// let url = url_core::Url::parse_into("https://api.example/repos/ann/x/issues/7", String::new()).unwrap();
/// let found = routes.exec_url(&url).unwrap();
/// assert_eq!(*found.value(), "issue");
/// assert_eq!(found.group(weburl_pattern::ComponentName::Pathname, "number"), Some(Some("7")));
/// assert_eq!(routes.matches_url(&url).map(|(_, v)| *v).collect::<Vec<_>>(), ["issue", "fallback"]);
/// # Ok::<(), weburl_pattern::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct UrlPatternList<T> {
    routes: Vec<(UrlPattern, T)>,
    trie: Node,
    /// Routes not in the trie: always candidates.
    aside: Vec<(u32, bool)>,
}

impl<T> Default for UrlPatternList<T> {
    fn default() -> Self {
        UrlPatternList {
            routes: Vec::new(),
            trie: Node::default(),
            aside: Vec::new(),
        }
    }
}

/// A route that matched, with its groups borrowed from the input.
#[derive(Clone, Debug)]
pub struct RouteMatch<'r, 'i, T> {
    index: usize,
    pattern: &'r UrlPattern,
    value: &'r T,
    values: Values<'i>,
    /// Capture slots of all eight components, in order.
    slots: Slots,
    /// Where each component's slots start in `slots`.
    offsets: [usize; 9],
}

// In place for the common case on purpose: the match allocates nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
enum Slots {
    Inline([Option<usize>; 32]),
    Heap(Vec<Option<usize>>),
}

impl Slots {
    fn as_slice(&self) -> &[Option<usize>] {
        match self {
            Slots::Inline(s) => s,
            Slots::Heap(v) => v,
        }
    }
}

impl<'r, 'i, T> RouteMatch<'r, 'i, T> {
    /// The route's position in insertion order.
    pub fn index(&self) -> usize {
        self.index
    }

    /// The route's value.
    pub fn value(&self) -> &'r T {
        self.value
    }

    /// The route's pattern.
    pub fn pattern(&self) -> &'r UrlPattern {
        self.pattern
    }

    /// The matched value of `component` (the result's `input` member).
    pub fn input(&self, component: ComponentName) -> &'i str {
        self.values
            .get(component as usize)
            .copied()
            .unwrap_or_default()
    }

    /// The groups of `component`: name and value (`None` for a group that
    /// took no part), in capture order, borrowed.
    pub fn groups(
        &self,
        component: ComponentName,
    ) -> impl Iterator<Item = (&'r str, Option<&'i str>)> + '_ {
        let i = component as usize;
        let input = self.input(component);
        let range = match (self.offsets.get(i), self.offsets.get(i + 1)) {
            (Some(&a), Some(&b)) => a..b,
            _ => 0..0,
        };
        let slots = self.slots.as_slice().get(range).unwrap_or_default();
        let names = self.pattern.component(component).group_name_list();
        names.iter().zip(slots.chunks(2)).map(move |(n, pair)| {
            let value = match pair {
                [Some(a), Some(b)] => input.get(*a..*b),
                _ => None,
            };
            (n.as_str(), value)
        })
    }

    /// The value of group `name` of `component`: `None` without such a
    /// group, `Some(None)` when it took no part.
    pub fn group(&self, component: ComponentName, name: &str) -> Option<Option<&'i str>> {
        self.groups(component)
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v)
    }
}

impl<T> UrlPatternList<T> {
    /// An empty list.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a route at the end.
    pub fn push(&mut self, pattern: UrlPattern, value: T) {
        let index = u32::try_from(self.routes.len()).unwrap_or(u32::MAX);
        match segments(pattern.component(ComponentName::Pathname)) {
            Some(s) if index < u32::MAX => {
                let only_pathname = ComponentName::ALL
                    .into_iter()
                    .all(|c| c == ComponentName::Pathname || !pattern.constrains(c));
                let exact = only_pathname && !s.contains(&Segment::Any);
                self.trie.insert(&s, (index, exact));
            }
            _ => self.aside.push((index, false)),
        }
        self.routes.push((pattern, value));
    }

    /// The number of routes.
    pub fn len(&self) -> usize {
        self.routes.len()
    }

    /// Whether there is no route.
    pub fn is_empty(&self) -> bool {
        self.routes.is_empty()
    }

    /// The routes, in insertion order.
    pub fn iter(&self) -> impl Iterator<Item = (&UrlPattern, &T)> {
        self.routes.iter().map(|(p, v)| (p, v))
    }

    /// The routes that may match a URL with this pathname, in insertion
    /// order: the trie's and the ones kept aside; `None` when there are
    /// too many to hold (then every route is one).
    fn candidates(&self, pathname: &str) -> Option<Candidates> {
        let mut c = Candidates {
            items: [(0, false); 32],
            len: 0,
        };
        self.fill(pathname, &mut c).then_some(c)
    }

    /// Fills `c` with the candidates for `pathname`, sorted; false when
    /// they do not fit.
    fn fill(&self, pathname: &str, c: &mut Candidates) -> bool {
        let path = pathname.strip_prefix('/');
        if path.is_some() && !self.trie.collect(path, c) {
            return false;
        }
        for &r in &self.aside {
            if !c.push(r) {
                return false;
            }
        }
        let items = c.items.get_mut(..c.len).unwrap_or_default();
        items.sort_unstable();
        true
    }

    /// Route numbers to try, in insertion order, each with whether fitting
    /// the trie already matches it.
    fn order(&self, pathname: &str) -> impl Iterator<Item = (usize, bool)> + '_ {
        let candidates = self.candidates(pathname);
        let all = candidates
            .is_none()
            .then(|| (0..self.routes.len()).map(|i| (i, false)));
        let some = candidates.map(|c| {
            let (items, len) = (c.items, c.len);
            (0..len).filter_map(move |i| items.get(i).map(|&(r, exact)| (r as usize, exact)))
        });
        all.into_iter().flatten().chain(some.into_iter().flatten())
    }

    /// The first route, in insertion order, that fits the trie for
    /// `pathname` and passes `matches` (skipped for routes the trie
    /// matches exactly).
    fn first(&self, pathname: &str, matches: impl Fn(&UrlPattern) -> bool) -> Option<usize> {
        let check = |(i, exact): (usize, bool)| {
            exact || self.routes.get(i).is_some_and(|(p, _)| matches(p))
        };
        let mut c = Candidates {
            items: [(0, false); 32],
            len: 0,
        };
        match self.fill(pathname, &mut c).then_some(&c) {
            Some(c) => c
                .items
                .get(..c.len)
                .unwrap_or_default()
                .iter()
                .map(|&(r, exact)| (r as usize, exact))
                .find(|&c| check(c))
                .map(|(i, _)| i),
            None => (0..self.routes.len()).find(|&i| check((i, false))),
        }
    }

    /// The first route whose pattern matches `url` (`test_url`), with its
    /// position.
    pub fn find_url<U: AsUrlRecord + ?Sized>(&self, url: &U) -> Option<(usize, &T)> {
        let url = url.as_url_record();
        let i = self.first(url.pathname(), |p| p.test_url(url))?;
        self.routes.get(i).map(|(_, v)| (i, v))
    }

    /// Every route whose pattern matches `url`, in insertion order.
    pub fn matches_url<'a, U: AsUrlRecord + ?Sized>(
        &'a self,
        url: &'a U,
    ) -> impl Iterator<Item = (usize, &'a T)> + 'a {
        let url = url.as_url_record();
        self.order(url.pathname()).filter_map(move |(i, exact)| {
            let (p, v) = self.routes.get(i)?;
            (exact || p.test_url(url)).then_some((i, v))
        })
    }

    /// The first route matching `url`, with its groups borrowed from the
    /// URL (no string is copied).
    pub fn exec_url<'r, 'i, U: AsUrlRecord + ?Sized>(
        &'r self,
        url: &'i U,
    ) -> Option<RouteMatch<'r, 'i, T>> {
        let url = url.as_url_record();
        let (index, _) = self.find_url(url)?;
        self.exec_values(index, url_values(url))
    }

    /// The first route that matches a `URLPatternInit` holding only this
    /// pathname (`test({pathname})` in turn on each route): the other
    /// components are empty. The pathname is canonicalized as the
    /// standard's init processing does, unless it already is canonical.
    pub fn find_pathname(&self, pathname: &str) -> Option<(usize, &T)> {
        let canonical;
        let pathname = if is_canonical_pathname(pathname) {
            pathname
        } else {
            canonical = crate::canonicalize::EncodingCallback::Pathname
                .run(pathname)
                .ok()?;
            canonical.as_str()
        };
        let values = ["", "", "", "", "", pathname, "", ""];
        let i = self.first(pathname, |p| p.matches_constrained(&values))?;
        self.routes.get(i).map(|(_, v)| (i, v))
    }

    fn exec_values<'r, 'i>(
        &'r self,
        index: usize,
        values: Values<'i>,
    ) -> Option<RouteMatch<'r, 'i, T>> {
        let (pattern, value) = self.routes.get(index)?;
        let mut offsets = [0usize; 9];
        let mut total = 0;
        for (offset, c) in offsets.iter_mut().skip(1).zip(ComponentName::ALL) {
            total += pattern.component(c).slot_count();
            *offset = total;
        }
        let mut slots = if total <= 32 {
            Slots::Inline([None; 32])
        } else {
            Slots::Heap(alloc::vec![None; total])
        };
        let buffer = match &mut slots {
            Slots::Inline(s) => &mut s[..],
            Slots::Heap(v) => &mut v[..],
        };
        for ((c, value), bounds) in ComponentName::ALL
            .into_iter()
            .zip(values)
            .zip(offsets.windows(2))
        {
            let s = match bounds {
                [a, b] => buffer.get_mut(*a..*b)?,
                _ => return None,
            };
            if !pattern.component(c).exec_slots(value, s) {
                return None;
            }
        }
        Some(RouteMatch {
            index,
            pattern,
            value,
            values,
            slots,
            offsets,
        })
    }
}

/// Whether `pathname` is already what "canonicalize a pathname" gives: a
/// `/`-rooted path of bytes the path percent-encode set keeps, with no `.`
/// or `..` segment (their encoded forms included) and no `\`.
fn is_canonical_pathname(pathname: &str) -> bool {
    let bytes = pathname.as_bytes();
    if bytes.first() != Some(&b'/') {
        return false;
    }
    // Bytes the path percent-encode set keeps and the parser leaves alone.
    const fn plain_table() -> [bool; 256] {
        let mut t = [false; 256];
        let mut b = 0x21;
        while b < 0x7F {
            t[b] = !matches!(
                b as u8,
                b'"' | b'#' | b'<' | b'>' | b'?' | b'^' | b'`' | b'{' | b'}' | b'\\' | b'%'
            );
            b += 1;
        }
        t
    }
    static PLAIN: [bool; 256] = plain_table();
    // No early exit: a branch-free pass over the few bytes of a path.
    let mut plain = true;
    for &b in bytes {
        plain &= PLAIN[usize::from(b)];
    }
    if !plain {
        return false;
    }
    // `.` and `..` segments (rare: look only when there is a dot).
    !bytes.contains(&b'.') || !pathname.split('/').any(|s| is_dot_segment(s.as_bytes()))
}

fn is_dot_segment(s: &[u8]) -> bool {
    matches!(s, b"." | b"..")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::init::UrlPatternInit;
    use alloc::string::ToString;

    fn route(pathname: &str) -> UrlPattern {
        let init = UrlPatternInit {
            pathname: Some(pathname.to_string()),
            ..Default::default()
        };
        UrlPattern::new(init.into(), None, Default::default()).unwrap()
    }

    // The list answers as trying every route in order does (the
    // standard's definition), on routes in and out of the trie.
    #[test]
    fn same_answers_as_every_route_in_turn() {
        let pathnames = [
            "/repos/:owner/:repo",
            "/repos/:owner/:repo/issues",
            "/repos/:owner/:repo/issues/:n",
            "/users/:user",
            "/users/settings",
            "/:page.html",
            "/files/*",
            "/a/:b(\\d+)",
            "/a/:b",
            "/",
            "/x/:y?",
            "/orgs/:org/teams/:team_slug",
            "*",
        ];
        let mut list = UrlPatternList::new();
        for (i, p) in pathnames.iter().enumerate() {
            // Without the regex feature the regexp route cannot be built.
            if cfg!(feature = "regex") || !p.contains('(') {
                list.push(route(p), i);
            }
        }
        for path in [
            "/",
            "/repos/a/b",
            "/repos/a/b/issues",
            "/repos/a/b/issues/3",
            "/repos/a",
            "/repos//b",
            "/users/settings",
            "/users/ann",
            "/x.html",
            "/files/a/b",
            "/a/12",
            "/a/b",
            "/x",
            "/x/",
            "/x/y",
            "/orgs/o/teams/t",
            "/nope/nope",
            "/a/%41",
            "/a/./b",
        ] {
            let url = url_core::Url::parse_into(
                &alloc::format!("https://h.example{path}"),
                String::new(),
            )
            .unwrap();
            let expected = list.routes.iter().position(|(p, _)| p.test_url(&url));
            assert_eq!(list.find_url(&url).map(|(i, _)| i), expected, "{path}");
            let all: Vec<usize> = list.matches_url(&url).map(|(i, _)| i).collect();
            let expected_all: Vec<usize> = (0..list.len())
                .filter(|&i| list.routes[i].0.test_url(&url))
                .collect();
            assert_eq!(all, expected_all, "{path}");
            let by_init = list.routes.iter().position(|(p, _)| {
                let init = UrlPatternInit {
                    pathname: Some(path.to_string()),
                    ..Default::default()
                };
                p.test(&init.into(), None).unwrap()
            });
            assert_eq!(
                list.find_pathname(path).map(|(i, _)| i),
                by_init,
                "pathname {path}"
            );
            if let Some(found) = list.exec_url(&url) {
                let full = list.routes[found.index()].0.exec_url(&url).unwrap();
                for c in ComponentName::ALL {
                    let groups: Vec<(String, Option<String>)> = found
                        .groups(c)
                        .map(|(n, v)| (n.to_string(), v.map(str::to_string)))
                        .collect();
                    assert_eq!(groups[..], full.get(c).groups[..], "{path} {c:?}");
                    assert_eq!(found.input(c), full.get(c).input);
                }
            }
        }
    }

    // A node with more fixed children than the linear scan takes: the
    // binary search must find each (in its length-then-bytes order).
    #[test]
    fn many_fixed_children() {
        let names = [
            "a", "bb", "c", "dd", "eee", "f", "gg", "hhhh", "i", "jj", "k", "zz", "ab",
        ];
        let mut list = UrlPatternList::new();
        for (i, n) in names.iter().enumerate() {
            list.push(route(&alloc::format!("/{n}/:x")), i);
        }
        for (i, n) in names.iter().enumerate() {
            assert_eq!(
                list.find_pathname(&alloc::format!("/{n}/1"))
                    .map(|(_, v)| *v),
                Some(i),
                "{n}"
            );
        }
        assert_eq!(list.find_pathname("/q/1"), None);
    }
}
