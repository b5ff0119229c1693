//! C ABI over url-core (placeholder: the embedded issue fills it).
#![no_std]
#![deny(missing_docs)]
