//! Solves a puzzle written in the text format.
//!
//! ```text
//! cargo run --release -p kongming-zebra-csp --example zebra-solve -- FILE [--explain] [--sac]
//! ```
//!
//! Prints the solution grid (two of them when there are several) and a last
//! line `solutions: N` with N = 0, 1 or `2+`. With `--explain`, the
//! step-by-step deduction comes first; `--sac` turns on singleton arc
//! consistency.

use std::error::Error;

use kongming_zebra_csp::{Puzzle, SolveOptions, Solver, Uniqueness};

fn main() -> Result<(), Box<dyn Error>> {
    let mut file = None;
    let (mut explain, mut sac) = (false, false);
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--explain" => explain = true,
            "--sac" => sac = true,
            _ if file.is_none() => file = Some(arg),
            _ => return Err(format!("unexpected argument '{arg}'").into()),
        }
    }
    let file = file.ok_or("usage: solve FILE [--explain] [--sac]")?;
    let text = std::fs::read_to_string(&file)?;
    let puzzle: Puzzle = text.parse().map_err(|e| format!("{file}: {e}"))?;
    let options = SolveOptions::new().singleton_consistency(sac);
    if explain {
        print!("{}", puzzle.explain_with(&options));
        println!();
    }
    let mut solver = Solver::with_options(&puzzle, options);
    let count = match solver.uniqueness() {
        Uniqueness::NoSolution => "0",
        Uniqueness::Unique(solution) => {
            print!("{solution}");
            "1"
        }
        Uniqueness::Multiple(a, b) => {
            print!("{a}\n{b}");
            "2+"
        }
        // No budget is set, so the search never stops early.
        _ => return Err("the search stopped early".into()),
    };
    println!("solutions: {count}");
    Ok(())
}
