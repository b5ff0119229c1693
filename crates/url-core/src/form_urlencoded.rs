//! application/x-www-form-urlencoded (url.bs §5): not implemented yet.
