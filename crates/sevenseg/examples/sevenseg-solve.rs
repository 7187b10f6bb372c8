//! Fixes a matchstick equation and prints every fixed equation on its own
//! line (in the input's notation), each followed by the stick moves on
//! indented lines.
//!
//! ```text
//! cargo run --release -p kongming-sevenseg --example sevenseg-solve -- "6+4=4"
//! cargo run --release -p kongming-sevenseg --example sevenseg-solve -- "6+4=4" --moves 2
//! cargo run --release -p kongming-sevenseg --example sevenseg-solve -- "8-4=5" --remove 1
//! cargo run --release -p kongming-sevenseg --example sevenseg-solve -- "3+3=5" --add 1
//! cargo run --release -p kongming-sevenseg --example sevenseg-solve -- "6+4=4" --keep-orientation
//! ```
//!
//! Style and rule flags: `--six-without-top`, `--seven-with-upper-left`,
//! `--nine-without-bottom`, `--leading-zeros`, `--multiple-equals`.

use std::error::Error;
use std::process::ExitCode;

use kongming_sevenseg::{Change, Rules, Solver, Style};

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), Box<dyn Error>> {
    let mut args = std::env::args().skip(1);
    let mut text = None;
    let mut change = Change::Move(1);
    let mut rules = Rules::default();
    let mut style = Style::default();
    while let Some(arg) = args.next() {
        let mut count = || -> Result<usize, Box<dyn Error>> {
            let value = args.next().ok_or(format!("{arg} needs a number"))?;
            Ok(value.parse()?)
        };
        match arg.as_str() {
            "--moves" | "--move" => change = Change::Move(count()?),
            "--remove" => change = Change::Remove(count()?),
            "--add" => change = Change::Add(count()?),
            "--keep-orientation" => rules = rules.keep_orientation(true),
            "--leading-zeros" => rules = rules.leading_zeros(true),
            "--multiple-equals" => rules = rules.multiple_equals(true),
            "--six-without-top" => style = style.six_with_top(false),
            "--seven-with-upper-left" => style = style.seven_with_upper_left(true),
            "--nine-without-bottom" => style = style.nine_with_bottom(false),
            _ if arg.starts_with("--") => return Err(format!("unknown option {arg}").into()),
            _ => text = Some(arg),
        }
    }
    let text = text
        .ok_or("usage: solve EQUATION [--moves K | --remove K | --add K] [--keep-orientation]")?;
    let rules = rules.style(style);
    let equation = rules.parse(&text)?;
    let solutions = Solver::new(change).rules(rules).solve(&equation)?;
    for fix in solutions.fixes() {
        println!("{fix}");
        let moves = fix.moves();
        if moves.is_empty() {
            for stick in fix.removed() {
                println!("    remove {stick}");
            }
            for stick in fix.added() {
                println!("    add {stick}");
            }
        } else {
            for m in moves {
                println!("    move {m}");
            }
        }
    }
    eprintln!(
        "{} fix(es) of {equation} ({change}; {})",
        solutions.fixes().len(),
        solutions.stats()
    );
    Ok(())
}
