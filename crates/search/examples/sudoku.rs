//! Solves every sudoku in a file (one per line, 81 characters, `.` or `0`
//! for an empty cell) with the CSP solver and proves each solution unique.
//!
//! ```text
//! cargo run --release -p kongming-search --example sudoku -- crates/search/tests/data/sudoku-top95.txt
//! ```
//!
//! ends with a line `solved: 95/95 unique: 95`.

use std::process::ExitCode;

use kongming_search::csp::{Model, SmallDomain, Solver, Var};

/// The 81 cells (values 1..=9) and 27 all-different units.
fn sudoku(givens: &str) -> Result<(Model<SmallDomain>, Vec<Var>), String> {
    let cells: Vec<char> = givens.trim().chars().collect();
    if cells.len() != 81 {
        return Err(format!("expected 81 cells, found {}", cells.len()));
    }
    let mut model = Model::new();
    let vars = model.new_vars(81, 1, 9).map_err(|e| e.to_string())?;
    for (i, &c) in cells.iter().enumerate() {
        match c {
            '.' | '0' => {}
            '1'..='9' => model.fix(vars[i], c.to_digit(10).expect("a digit")),
            other => return Err(format!("cell {}: unexpected {other:?}", i + 1)),
        }
    }
    for k in 0..9 {
        let row: Vec<Var> = (0..9).map(|c| vars[9 * k + c]).collect();
        let col: Vec<Var> = (0..9).map(|r| vars[9 * r + k]).collect();
        let (br, bc) = (k / 3 * 3, k % 3 * 3);
        let square: Vec<Var> = (0..9)
            .map(|i| vars[9 * (br + i / 3) + bc + i % 3])
            .collect();
        model.all_different(&row);
        model.all_different(&col);
        model.all_different(&square);
    }
    Ok((model, vars))
}

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: sudoku FILE");
        return ExitCode::FAILURE;
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("error: cannot read {path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let (mut total, mut solved, mut unique) = (0, 0, 0);
    for (line_no, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        total += 1;
        let (model, vars) = match sudoku(line) {
            Ok(built) => built,
            Err(e) => {
                eprintln!("line {}: {e}", line_no + 1);
                continue;
            }
        };
        let mut solver = Solver::new(model);
        let solutions: Vec<_> = solver.solutions().take(2).collect();
        if let Some(first) = solutions.first() {
            solved += 1;
            let grid: String = vars
                .iter()
                .map(|&v| char::from_digit(first[v], 10).unwrap_or('?'))
                .collect();
            println!("{grid}  ({} nodes)", solver.stats().nodes);
        } else {
            println!("line {}: no solution", line_no + 1);
        }
        if solutions.len() == 1 {
            unique += 1;
        }
    }
    println!("solved: {solved}/{total} unique: {unique}");
    ExitCode::SUCCESS
}
