//! A game's hint button: prints the equation (ASCII art, the hinted glyph
//! marked with `^` beneath it), a line `hint: ` with the glyph to change
//! (which one, not how), and a line `grade: ` with how hard the equation
//! is to fix.
//!
//! ```text
//! cargo run --release -p kongming-sevenseg --example sevenseg-hint -- '6+4=4'
//! cargo run --release -p kongming-sevenseg --example sevenseg-hint -- '5+7=2' --svg > hint.svg
//! cargo run --release -p kongming-sevenseg --example sevenseg-hint -- '12+34=56-78' --moves 3
//! cargo run --release -p kongming-sevenseg --example sevenseg-hint -- '3+3=5' --add 1
//! ```
//!
//! Flags: `--moves K`, `--remove K`, `--add K` (default: move 1),
//! `--keep-orientation`, `--six-without-top`, `--seven-with-upper-left`,
//! `--nine-without-bottom`, `--leading-zeros`, `--multiple-equals`, and
//! `--svg` to print the equation as SVG, the hinted glyph highlighted,
//! instead of the ASCII art.

use std::error::Error;
use std::process::ExitCode;

use kongming_sevenseg::{Change, Rules, Solver, Style, draw};

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
    let mut svg = false;
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
            "--svg" => svg = true,
            _ if arg.starts_with("--") => return Err(format!("unknown option {arg}").into()),
            _ => text = Some(arg),
        }
    }
    let text = text.ok_or("usage: hint EQUATION [--moves K | --remove K | --add K] [--svg]")?;
    let rules = rules.style(style);
    let equation = rules.parse(&text)?;
    let solver = Solver::new(change).rules(rules);
    let hint = solver.solve(&equation)?.clue();
    match &hint {
        Some(hint) if svg => print!("{}", draw::svg_clue(hint, &style)),
        Some(hint) => {
            println!("{equation}   ({change})");
            print!("{}", draw::ascii_clue(hint, &style));
        }
        None if svg => print!("{}", draw::svg(&equation, &style, &[])),
        None => {
            println!("{equation}   ({change})");
            print!("{}", draw::ascii(&equation, &style));
        }
    }
    // With --svg the picture goes to standard output alone.
    let say = |line: String| {
        if svg {
            eprintln!("{line}");
        } else {
            println!("{line}");
        }
    };
    match &hint {
        Some(hint) => say(format!("hint: {hint}")),
        None => say(format!("hint: none, {equation} has no fix ({change})")),
    }
    say(format!("grade: {}", solver.rate(&equation)?));
    Ok(())
}
