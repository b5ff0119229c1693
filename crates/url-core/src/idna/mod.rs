//! IDNA: UTS #46 as the URL Standard uses it (url.bs §3.3).
//!
//! NOT YET IMPLEMENTED (issue: UTS #46 IDNA without an allocator). Until then
//! a non-ASCII domain fails with [`crate::ParseError::IdnaUnavailable`], and
//! ASCII `xn--` labels are not checked for the `domain-to-ASCII` validation
//! error (they still parse: url.bs lowercases ASCII domains whatever ToASCII
//! says).

#[cfg(feature = "idna")]
use crate::error::ParseError;
#[cfg(feature = "idna")]
use crate::storage::Storage;
#[cfg(feature = "idna")]
use crate::validation::ValidationSink;

/// The domain parser's non-ASCII branch: `out[start..]` holds a domain that
/// is not ASCII (percent-decoded, ASCII lowercased). On success it is
/// replaced by "domain parser ToASCII" with beStrict false; a
/// `domain-to-ASCII` validation error is reported when the strict form fails.
#[cfg(feature = "idna")]
pub(crate) fn to_ascii_in_place<S: Storage, V: ValidationSink>(
    out: &mut S,
    start: usize,
    sink: &mut V,
    position: usize,
) -> Result<(), ParseError> {
    let _ = (out, start, sink);
    Err(ParseError::IdnaUnavailable { position })
}

/// Whether strict "domain parser ToASCII" succeeds on an ASCII lowercase
/// domain (only asked when a validation sink wants to know).
pub(crate) fn ascii_domain_strictly_valid(domain: &[u8]) -> bool {
    let has_xn = domain
        .split(|&b| b == b'.')
        .any(|l| l.len() >= 4 && &l[..4] == b"xn--");
    if has_xn {
        // Needs Punycode and the tables; assume valid until IDNA lands.
        return true;
    }
    crate::host::domain::ascii_labels_strictly_valid(domain)
}
