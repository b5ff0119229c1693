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
        let flags = regress::Flags {
            icase: ignore_case,
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
