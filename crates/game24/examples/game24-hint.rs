//! The hint button on the command line: the hand, the player's steps so
//! far (each judged: right, wrong, or refused), then the hint for the game
//! as the player left it and the hand's grade.
//!
//! ```text
//! cargo run --release -p kongming-game24 --example game24-hint -- 3 3 8 8
//! cargo run --release -p kongming-game24 --example game24-hint -- 3 3 8 8 8/3
//! cargo run --release -p kongming-game24 --example game24-hint -- 3 3 8 8 '3*3'
//! cargo run --release -p kongming-game24 --example game24-hint -- 1 2 3 --target 6
//! cargo run --release -p kongming-game24 --example game24-hint -- --game "1/2 3 = 6"
//! ```
//!
//! The leading integers are the hand; every argument after them is a
//! step, written as the crate writes one (`8/3`, `3-[8/3]`, `8*3`; quote
//! `*` for the shell). `--target T` sets the target (24 unless given);
//! `--game TEXT` gives the whole hand in the crate's text form instead
//! (for fractions: `--game "1/2 3 = 6"`). Prints, for example:
//!
//! ```text
//! hand: 3 3 8 8 = 24
//! after 8/3: 3 8 8/3 = 24 (right)
//! hint: Combine 3 and 8/3: 3-[8/3], which keeps 24 within reach.
//! grade: expert: about 30% of players solve it (1 distinct solution, needs fractions)
//! ```

use std::error::Error;
use std::process::ExitCode;

use kongming_game24::{Check, Game, Rational, Step};

fn parse_number(text: &str) -> Result<Rational, Box<dyn Error>> {
    let game: Game = format!("{text} = 0").parse()?;
    match game.numbers() {
        [n] => Ok(*n),
        _ => Err(format!("not one number: {text:?}").into()),
    }
}

fn run() -> Result<(), Box<dyn Error>> {
    let mut hand: Vec<Rational> = Vec::new();
    let mut given: Option<Game> = None;
    let mut target = Rational::from_integer(24);
    let mut texts: Vec<String> = Vec::new();
    let mut steps: Vec<Step> = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--target" || arg == "-t" {
            target = parse_number(&args.next().ok_or("--target needs a value")?)?;
        } else if arg == "--game" {
            given = Some(args.next().ok_or("--game needs a hand")?.parse()?);
        } else if steps.is_empty() && given.is_none() && arg.parse::<i64>().is_ok() {
            hand.push(parse_number(&arg)?);
        } else {
            let step: Step = arg
                .parse()
                .map_err(|e| format!("not a step: {arg:?}: {e}"))?;
            steps.push(step);
            texts.push(arg);
        }
    }
    let game = match given {
        Some(game) => game,
        None if hand.is_empty() => {
            return Err(
                "usage: hint N1 N2 ... [STEPS ...] [--target T] | --game TEXT [STEPS ...]".into(),
            );
        }
        None => Game::new(&hand, target)?,
    };
    println!("hand: {game}");
    let mut now = game.clone();
    for (text, step) in texts.iter().zip(&steps) {
        let verdict = now.play(*step);
        if let Check::Illegal(e) = verdict {
            return Err(e.into());
        }
        println!("after {text}: {now} ({verdict})");
    }
    println!("hint: {}", now.hint()?);
    println!("grade: {}", game.difficulty()?);
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
