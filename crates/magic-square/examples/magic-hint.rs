//! The hint button of a magic-square game, on the command line: reads a
//! partly filled square and prints it, then one line with what to fill
//! next and why.
//!
//! Usage:
//!
//! ```text
//! cargo run --release -p kongming-magic-square --example magic-hint -- FILE_OR_ROWS… [--kind KIND]
//! ```
//!
//! The square is the crate's text form: one row per line (or per
//! argument, or rows separated by `/`), numbers separated by spaces or
//! commas, `.` or `_` for a blank; a `0` is read as a blank too. A single
//! argument naming a file reads the square from the file. `--kind` is
//! `semi-magic`, `magic` (the default), `pandiagonal`, `associative` or
//! `ultramagic`. For example
//!
//! ```text
//! cargo run --release -p kongming-magic-square --example magic-hint -- "16 . . 13 / . . 11 . / . 6 . . / 4 . . ."
//! ```
//!
//! prints the grid and
//!
//! ```text
//! hint: (4, 4) must be 1: the line sums together give (4, 4) = (2, 3) + (3, 2) − (1, 1) = 11 + 6 − 16 = 1.
//! ```
//!
//! The hint's searches stop after 10 seconds (then it says so). The exit
//! status is 2 for a bad command line or square.

use std::process::ExitCode;
use std::time::Duration;

use kongming_magic_square::{Budget, Hinter, Kind, PartialSquare};

/// The square's text and the kind, from the command line.
fn arguments() -> Result<(String, Kind), String> {
    let mut kind = Kind::MAGIC;
    let mut rows = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--kind" {
            let name = args.next().ok_or("--kind needs a kind")?;
            kind = name.parse().map_err(|e| format!("{e}"))?;
        } else {
            rows.push(arg);
        }
    }
    let text = match rows.as_slice() {
        [] => return Err("give the square: a file, or its rows".to_owned()),
        [one] if std::path::Path::new(one).is_file() => {
            std::fs::read_to_string(one).map_err(|e| format!("{one}: {e}"))?
        }
        rows => rows.join("\n"),
    };
    Ok((text, kind))
}

fn main() -> ExitCode {
    let (text, kind) = match arguments() {
        Ok(parsed) => parsed,
        Err(message) => {
            eprintln!("hint: {message}");
            eprintln!("usage: hint FILE_OR_ROWS… [--kind KIND]");
            return ExitCode::from(2);
        }
    };
    let grid: PartialSquare = match text.parse::<PartialSquare>() {
        Ok(grid) => {
            // A 0 is a blank here (the crate's text form has `.`).
            let cells = grid.cells().iter().map(|c| c.filter(|&v| v != 0)).collect();
            PartialSquare::from_cells(grid.order(), cells).expect("the same order")
        }
        Err(error) => {
            eprintln!("hint: {error}");
            return ExitCode::from(2);
        }
    };
    let hinter =
        Hinter::new(kind).budget(Budget::unlimited().with_time_limit(Duration::from_secs(10)));
    match hinter.hint(&grid) {
        Ok(advice) => {
            println!("{grid}");
            println!("hint: {advice}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("hint: {error}");
            ExitCode::from(2)
        }
    }
}
