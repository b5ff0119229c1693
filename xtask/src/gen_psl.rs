//! Not implemented yet (see the open issues).

pub fn run(_args: &[String]) -> Result<(), String> {
    Err("not implemented yet".into())
}
