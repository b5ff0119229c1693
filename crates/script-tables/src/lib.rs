//! Generated data for url-core (placeholder until the generator fills it).
#![no_std]
#![deny(missing_docs)]
