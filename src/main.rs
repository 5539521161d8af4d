//! `inkdoku`: the engine's command-line tool for puzzle makers, testers and benchmarks.

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
