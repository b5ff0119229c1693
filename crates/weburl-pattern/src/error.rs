//! Errors: every place where the standard throws a `TypeError`.

use core::fmt;

/// A URL pattern component, in the standard's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ComponentName {
    /// `protocol`
    Protocol,
    /// `username`
    Username,
    /// `password`
    Password,
    /// `hostname`
    Hostname,
    /// `port`
    Port,
    /// `pathname`
    Pathname,
    /// `search`
    Search,
    /// `hash`
    Hash,
}

impl ComponentName {
    /// Every component, in the order the standard compiles and matches them.
    pub const ALL: [ComponentName; 8] = [
        ComponentName::Protocol,
        ComponentName::Username,
        ComponentName::Password,
        ComponentName::Hostname,
        ComponentName::Port,
        ComponentName::Pathname,
        ComponentName::Search,
        ComponentName::Hash,
    ];

    /// The component called `name` (a `URLPatternComponent` value, as
    /// [`ComponentName::name`] spells it); `None` for any other string.
    pub fn from_name(name: &str) -> Option<ComponentName> {
        ComponentName::ALL.into_iter().find(|c| c.name() == name)
    }

    /// The `URLPatternInit` member name (`"protocol"` …).
    pub const fn name(self) -> &'static str {
        match self {
            ComponentName::Protocol => "protocol",
            ComponentName::Username => "username",
            ComponentName::Password => "password",
            ComponentName::Hostname => "hostname",
            ComponentName::Port => "port",
            ComponentName::Pathname => "pathname",
            ComponentName::Search => "search",
            ComponentName::Hash => "hash",
        }
    }
}

/// Why the standard throws a `TypeError`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// "process a tokenizing error" with the strict policy: the pattern
    /// string is malformed at this byte position.
    Tokenize {
        /// Byte position of the offending code point.
        index: usize,
    },
    /// "consume a required token" found another token (an unbalanced `{`,
    /// a stray `}`, a modifier with nothing to modify …).
    UnexpectedToken {
        /// Byte position of the unexpected token.
        index: usize,
    },
    /// "is a duplicate name": two groups with the same name.
    DuplicateName,
    /// An encoding callback ("canonicalize a …") rejected a piece of fixed
    /// text in this component.
    Canonicalize(ComponentName),
    /// The generated regular expression does not compile (ECMAScript syntax
    /// with the `v` flag).
    Regex,
    /// The pattern has a regexp group but the crate was built without the
    /// `regex` feature.
    RegexUnavailable,
    /// A regexp group is valid ECMAScript but uses a feature this crate
    /// does not match (see [`RegexFeature`]): the pattern is refused at
    /// construction rather than matched in more than linear time.
    RegexUnsupported(RegexFeature),
    /// `generate()` cannot build the component (see [`GenerateError`]).
    Generate(GenerateError),
    /// A constructor string without a protocol and without a base URL.
    MissingBaseUrl,
    /// A base URL string given with a `URLPatternInit` input.
    BaseUrlWithInit,
    /// The base URL (`baseURL` member or argument) does not parse.
    InvalidBaseUrl,
}

/// Valid ECMAScript regexp syntax that weburl-pattern refuses at
/// construction ([`ErrorKind::RegexUnsupported`]), where the standard
/// would accept the pattern. Every other regular expression is matched in
/// time linear in the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RegexFeature {
    /// `\1`, `\k<name>`: no linear-time matching algorithm is known for
    /// back-references.
    Backreference,
    /// `(?=…)`, `(?!…)`, `(?<=…)`, `(?<!…)`: not matched here (linear-time
    /// lookaround needs a second kind of engine).
    Lookaround,
    /// `\p{RGI_Emoji}` and the other properties of strings: their
    /// sequence data is not carried.
    PropertyOfStrings,
    /// A `\p{…}` value valid in a newer Unicode version than the tables
    /// (regex-syntax's, Unicode 16.0).
    UnicodeData,
    /// Counted repetitions that compile past the program size limit (10,000
    /// instructions), such as `a{20000}`.
    TooLarge,
}

impl RegexFeature {
    /// A short description.
    pub const fn description(self) -> &'static str {
        match self {
            RegexFeature::Backreference => "back-references",
            RegexFeature::Lookaround => "lookaround assertions",
            RegexFeature::PropertyOfStrings => "properties of strings",
            RegexFeature::UnicodeData => "a Unicode property value newer than the tables",
            RegexFeature::TooLarge => "a regular expression past the size limit",
        }
    }
}

/// Why `generate()` throws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum GenerateError {
    /// A part other than fixed text or a `:name` segment, or one with a
    /// modifier (`*`, `(…)`, `{…}?`): what it would take is not decided.
    UnsupportedPart,
    /// No value for a `:name` of the pattern.
    MissingGroup,
    /// A value that the encoding callback rejects, or that is not one
    /// segment once encoded (empty, or containing the delimiter).
    InvalidValue,
}

/// A `TypeError` of the URL Pattern Standard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
}

impl Error {
    pub(crate) const fn new(kind: ErrorKind) -> Error {
        Error { kind }
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::Tokenize { index } => write!(f, "invalid pattern syntax at byte {index}"),
            ErrorKind::UnexpectedToken { index } => write!(f, "unexpected token at byte {index}"),
            ErrorKind::DuplicateName => f.write_str("duplicate group name"),
            ErrorKind::Canonicalize(c) => write!(f, "invalid {} in pattern", c.name()),
            ErrorKind::Regex => f.write_str("invalid regular expression"),
            ErrorKind::RegexUnsupported(feature) => {
                write!(
                    f,
                    "unsupported regular expression feature: {}",
                    feature.description()
                )
            }
            ErrorKind::RegexUnavailable => {
                f.write_str("regexp groups need the `regex` feature of weburl-pattern")
            }
            ErrorKind::Generate(e) => write!(f, "cannot generate the component: {e:?}"),
            ErrorKind::MissingBaseUrl => {
                f.write_str("a relative constructor string needs a base URL")
            }
            ErrorKind::BaseUrlWithInit => {
                f.write_str("a base URL cannot be given with a URLPatternInit")
            }
            ErrorKind::InvalidBaseUrl => f.write_str("invalid base URL"),
        }
    }
}

impl core::error::Error for Error {}
