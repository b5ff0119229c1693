//! C ABI over url-core (placeholder: the embedded issue fills it).
#![deny(missing_docs)]
