//! Grades a model's answer to a logic-grid puzzle in English, as the
//! benchmarks' scorers do.
//!
//! ```text
//! cargo run --release -p kongming-zebra-csp --example grade -- PUZZLE_FILE ANSWER_FILE
//! ```
//!
//! `PUZZLE_FILE` holds the puzzle's text, or a benchmark's JSON record of
//! it: an object with the text under `"puzzle"` or `"input"` and, for
//! ZebraLogic's grid mode, the published `"solution"` whose `"header"`
//! names the columns (`["House", "Name", …]`). `ANSWER_FILE` holds the
//! model's output.
//!
//! A puzzle with a question (BBEH, reasoning-gym, a question line) grades
//! the model's one answer: the answer found in the text, the answer the
//! puzzle forces and why. A puzzle without one grades the model's grid
//! (the last JSON object of its text, `{"solution": {"House 1": {…}}}`):
//! right or not, the cell accuracy, the wrong cells, the clues the grid
//! breaks. A value of two categories that neither its words nor the clues
//! tell apart is read as either (a question is answered when every
//! reading agrees). The exit status is 0 for a right answer, 1 for a wrong
//! one, 2 for an error (a puzzle or answer that cannot be read or graded).

use std::error::Error;
use std::process::ExitCode;

use kongming_zebra_csp::english::{EnglishPuzzle, Reader};
use serde_json::Value;

/// A puzzle to grade against: its text and, for a benchmark record, the
/// benchmark's column names.
struct Record {
    text: String,
    header: Option<Vec<String>>,
}

/// The puzzle of `file`: its text, or a benchmark's JSON record.
fn puzzle_of(file: &str) -> Result<Record, Box<dyn Error>> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let Ok(Value::Object(record)) = serde_json::from_str::<Value>(&text) else {
        return Ok(Record { text, header: None });
    };
    let puzzle = ["puzzle", "input"]
        .iter()
        .find_map(|k| record.get(*k).and_then(Value::as_str))
        .ok_or_else(|| format!("{file}: a JSON record with no \"puzzle\" or \"input\" text"))?
        .to_string();
    let header = record
        .get("solution")
        .and_then(|s| s.get("header"))
        .and_then(Value::as_array)
        .map(|h| {
            h.iter()
                .filter_map(Value::as_str)
                .map(str::to_string)
                .collect()
        });
    Ok(Record {
        text: puzzle,
        header,
    })
}

fn run() -> Result<bool, Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [puzzle_file, answer_file] = args.as_slice() else {
        return Err("usage: grade PUZZLE_FILE ANSWER_FILE".into());
    };
    let Record { text, header } = puzzle_of(puzzle_file)?;
    let output = std::fs::read_to_string(answer_file).map_err(|e| format!("{answer_file}: {e}"))?;
    let english: EnglishPuzzle = Reader::new()
        .either_reading(true)
        .read(&text)
        .map_err(|e| format!("{puzzle_file}: {e}"))?;
    if english.question().is_some() {
        let grade = english.grade_answer(&output)?;
        println!("answer given: {}", grade.given);
        println!("answer forced: {} ({:?})", grade.expected, grade.proof);
        println!("{}", if grade.right { "right" } else { "wrong" });
        return Ok(grade.right);
    }
    let mut grader = english.grid_grader()?;
    if let Some(header) = &header {
        grader = grader.columns(header)?;
    }
    let grade = grader.grade(&output)?;
    println!(
        "cells right: {} of {} ({:.1} %)",
        grade.correct,
        grade.cells,
        100.0 * grade.cell_accuracy()
    );
    for cell in &grade.wrong {
        println!(
            "wrong: House {}, {}: {} (expected {})",
            cell.house.number(),
            cell.column,
            cell.given.as_deref().unwrap_or("(empty)"),
            cell.expected
        );
    }
    match &grade.broken {
        Some(broken) if !broken.is_empty() => {
            let numbers: Vec<String> = broken.iter().map(usize::to_string).collect();
            println!("clues broken: {}", numbers.join(", "));
        }
        Some(_) => {}
        None => println!("clues broken: (the grid is not a whole arrangement)"),
    }
    println!("{}", if grade.right { "right" } else { "wrong" });
    Ok(grade.right)
}

fn main() -> ExitCode {
    match run() {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
