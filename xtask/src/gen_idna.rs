//! Not implemented yet.

pub fn run(_args: &[String]) -> Result<(), String> {
    Err("not implemented yet".into())
}
