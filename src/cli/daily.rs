//! `inkdoku daily --date YYYY-MM-DD --game KIND`: that day's puzzle as text, made by the same
//! code the app serves it with ([`inkdoku::daily::make`]).

use std::process::ExitCode;

use clap::Args;
use inkdoku::daily::{self, Day};
use inkdoku::play::GameKind;

#[derive(Args)]
pub struct DailyArgs {
    /// The date, YYYY-MM-DD (the player's own calendar date).
    #[arg(long)]
    date: String,
    /// The game: sudoku, kenken, sudoku-x, jigsaw or killer.
    #[arg(long, default_value = "sudoku")]
    game: String,
}

pub fn run(args: DailyArgs) -> ExitCode {
    match puzzle(&args) {
        Ok((text, level)) => {
            eprintln!("{} {}: {level}", args.game, args.date);
            println!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("inkdoku daily: {e}");
            ExitCode::from(2)
        }
    }
}

fn puzzle(args: &DailyArgs) -> Result<(String, &'static str), String> {
    let kinds = || daily::kinds().into_iter().map(GameKind::as_str).collect::<Vec<_>>().join(", ");
    let kind = GameKind::ALL
        .iter()
        .copied()
        .find(|k| k.as_str() == args.game)
        .ok_or_else(|| format!("no game \"{}\" (the games with a daily puzzle: {})", args.game, kinds()))?;
    let day = Day::parse(&args.date).map_err(|e| e.to_string())?;
    let game = daily::make(kind, day, &mut |_| true).map_err(|e| match e {
        daily::DailyError::NoDaily(_) => format!("{e} (the games with one: {})", kinds()),
        other => other.to_string(),
    })?;
    Ok((game.puzzle_text(), day.level().as_str()))
}
