//! Reads one logic-grid puzzle in English (BBEH's or ZebraLogic's family)
//! and solves it.
//!
//! ```text
//! cargo run --release -p kongming-zebra-csp --example english -- FILE [--strict] [--explain]
//! ```
//!
//! Prints the solution grid in the puzzle's words. For a puzzle with a
//! question, a last line `answer: X` follows (the position's number for
//! "What position …", else the value or person), once the answer is
//! proven the same in every solution; for one without, a last line
//! `solutions: N` (N = 1, or `2+` with two grids shown). A puzzle that does
//! not read, has no solution, or whose answer is not forced is an error
//! (exit status 1).
//!
//! A value of two categories that its phrase does not tell apart (BBEH's
//! "the person who drives the Honda", with a Honda among the cars and the
//! motorbikes) is read as either, with a note; `--strict` refuses it
//! instead. `--explain` prints the step-by-step deduction first, in the
//! puzzle's words.

use std::error::Error;
use std::process::ExitCode;

use kongming_zebra_csp::Uniqueness;
use kongming_zebra_csp::english::{Answered, EnglishPuzzle, ReadErrorKind, Reader};

fn run() -> Result<(), Box<dyn Error>> {
    let mut file = None;
    let (mut strict, mut explain) = (false, false);
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--strict" => strict = true,
            "--explain" => explain = true,
            _ if file.is_none() => file = Some(arg),
            _ => return Err(format!("unexpected argument '{arg}'").into()),
        }
    }
    let file = file.ok_or("usage: english FILE [--strict] [--explain]")?;
    let text = std::fs::read_to_string(&file).map_err(|e| format!("{file}: {e}"))?;
    let english = read(&text, strict).map_err(|e| format!("{file}: {e}"))?;
    if explain {
        println!("{}", english.explain());
    }
    let Some(answerer) = english.answerer() else {
        return match english.puzzle().uniqueness() {
            Uniqueness::Unique(solution) => {
                print!("{}", english.grid(&solution));
                println!("solutions: 1");
                Ok(())
            }
            Uniqueness::Multiple(a, b) => {
                print!("{}\n{}", english.grid(&a), english.grid(&b));
                println!("solutions: 2+");
                Ok(())
            }
            Uniqueness::NoSolution => Err("the puzzle has no solution".into()),
            // No budget is set, so the search never stops early.
            _ => Err("the search stopped early".into()),
        };
    };
    match answerer.answer() {
        Answered::Forced(answer, _) => {
            print!("{}", english.grid(&answer.solution));
            println!("answer: {answer}");
            Ok(())
        }
        Answered::NotForced(a, b) => {
            print!(
                "{}\n{}",
                english.grid(&a.solution),
                english.grid(&b.solution)
            );
            Err(format!("the answer is not forced: {a} in one solution, {b} in another").into())
        }
        Answered::NoSolution => Err("the puzzle has no solution".into()),
        _ => Err("the search stopped early".into()),
    }
}

/// Reads `text`; an ambiguous value is read as either (with a note on
/// stderr) unless `strict`.
fn read(text: &str, strict: bool) -> Result<EnglishPuzzle, Box<dyn Error>> {
    match Reader::new().read(text) {
        Ok(english) => Ok(english),
        Err(err) if !strict && matches!(err.kind(), ReadErrorKind::Ambiguous { .. }) => {
            eprintln!("note: {err}; such values are read as either");
            Ok(Reader::new().either_reading(true).read(text)?)
        }
        Err(err) => Err(err.into()),
    }
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::FAILURE
        }
    }
}
