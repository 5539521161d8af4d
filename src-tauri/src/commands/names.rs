/// Every command the view may call, in one list. `build.rs` turns it into the app's ACL
/// manifest (so capabilities must grant each one) and `commands::dispatch` serves exactly these;
/// a unit test keeps the two in step.
pub const COMMANDS: &[&str] = &[
    "startup",
    "continue_game",
    "new_game",
    "generate_game",
    "generation_status",
    "cancel_generation",
    "import_puzzle",
    "export_puzzle",
    "board",
    "act",
    "undo",
    "redo",
    "write_cell",
    "set_timer",
    "hint",
    "save_game_as",
    "open_game",
    "import_puzzle_file",
    "get_settings",
    "update_settings",
    "platform_info",
    "log_frontend_error",
    "choose_picture",
    "picture",
];
