//! Regexp groups: the generated expression, compiled by an ECMAScript
//! engine (regress) with the `v` flag.

use crate::component::Captures;
use crate::error::{Error, ErrorKind};

/// A compiled ECMAScript regular expression (flags `v` or `vi`).
#[derive(Clone, Debug)]
pub(crate) struct EcmaRegex(regress::Regex);

impl EcmaRegex {
    /// RegExpCreate(source, "v" or "vi").
    pub(crate) fn new(source: &str, ignore_case: bool) -> Result<EcmaRegex, Error> {
        // regress parses `v`-flag syntax with `unicode_sets`, but applies
        // the Unicode-mode restrictions (no identity escapes like `\m` or
        // `\H`, no lone `{`, `}`, `]`, no `\2` without a second group, no
        // incomplete `\x`/`\u`/`\c` escapes, no quantified lookarounds …)
        // only with `unicode` set as well. ECMAScript's `v` mode has them
        // all, so both flags are set; `v`-mode class syntax stays on.
        let flags = regress::Flags {
            icase: ignore_case,
            unicode: true,
            unicode_sets: true,
            ..regress::Flags::default()
        };
        regress::Regex::with_flags(source, flags)
            .map(EcmaRegex)
            .map_err(|_| Error::new(ErrorKind::Regex))
    }

    /// RegExpBuiltinExec on the whole input (the expression is anchored
    /// with `^…$`): the first `groups` captures.
    pub(crate) fn exec(&self, input: &str, groups: usize, captures: &mut Captures) -> bool {
        let Some(m) = self.0.find(input) else {
            return false;
        };
        captures.extend((1..=groups).map(|i| m.group(i)));
        true
    }
}
