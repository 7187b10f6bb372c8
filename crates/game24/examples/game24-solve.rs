//! Every distinct solution of a hand, one per line, in ASCII.
//!
//! ```text
//! cargo run --release -p kongming-game24 --example game24-solve -- 3 3 8 8
//! cargo run --release -p kongming-game24 --example game24-solve -- 1 2 3 --target 6
//! ```
//!
//! Numbers may be fractions (`3/4`); the target is 24 unless `--target T`
//! says otherwise. Prints nothing when the hand cannot make the target.

use std::error::Error;
use std::process::ExitCode;

use kongming_game24::{Game, Rational};

fn parse_number(text: &str) -> Result<Rational, Box<dyn Error>> {
    let game: Game = format!("{text} = 0").parse()?;
    match game.numbers() {
        [n] => Ok(*n),
        _ => Err(format!("not one number: {text:?}").into()),
    }
}

fn run() -> Result<(), Box<dyn Error>> {
    let mut numbers = Vec::new();
    let mut target = Rational::from_integer(24);
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--target" || arg == "-t" {
            let t = args.next().ok_or("--target needs a value")?;
            target = parse_number(&t)?;
        } else if let Some(t) = arg.strip_prefix("--target=") {
            target = parse_number(t)?;
        } else {
            numbers.push(parse_number(&arg)?);
        }
    }
    if numbers.is_empty() {
        return Err("usage: solve N1 N2 ... [--target T]".into());
    }
    let game = Game::new(&numbers, target)?;
    for solution in game.solutions()? {
        println!("{solution}");
    }
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
