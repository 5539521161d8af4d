//! `inkdoku recognize`.

use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> ExitCode {
    eprintln!("inkdoku recognize: not built yet");
    ExitCode::from(2)
}
