//! Conformance tests live in tests/*.rs.
