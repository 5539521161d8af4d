/// Every command the view may call, in one list. `build.rs` turns it into the app's ACL
/// manifest (so capabilities must grant each one) and `commands::dispatch` serves exactly these;
/// a unit test keeps the two in step.
pub const COMMANDS: &[&str] = &["new_game", "board", "log_frontend_error"];
