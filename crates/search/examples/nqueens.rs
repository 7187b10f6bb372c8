//! Counts the solutions of the n-queens puzzle with the CSP solver.
//!
//! ```text
//! cargo run --release -p kongming-search --example nqueens -- 12
//! ```
//!
//! prints the board of the first solution and a line `solutions: 14200`.

use std::process::ExitCode;

use kongming_search::csp::{Model, ModelError, SmallDomain, Solver, Var};

/// One variable per column (the row of its queen); pairwise, queens share
/// no row and no diagonal.
fn queens(n: usize) -> Result<(Model<SmallDomain>, Vec<Var>), ModelError> {
    let mut model = Model::new();
    let rows = model.new_vars(n, 0, n.saturating_sub(1) as u32)?;
    for i in 0..n {
        for j in i + 1..n {
            let gap = (j - i) as u32;
            model.relation(rows[i], rows[j], move |a, b| a != b && a.abs_diff(b) != gap);
        }
    }
    Ok((model, rows))
}

fn main() -> ExitCode {
    let arg = std::env::args().nth(1).unwrap_or_else(|| "8".to_string());
    let n: usize = match arg.parse() {
        Ok(n) if (1..=64).contains(&n) => n,
        _ => {
            eprintln!("usage: nqueens N   (1 <= N <= 64)");
            return ExitCode::FAILURE;
        }
    };
    let (model, rows) = match queens(n) {
        Ok(built) => built,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut solver = Solver::new(model.clone());
    if let Some(first) = solver.first() {
        println!("first solution:");
        for r in 0..n as u32 {
            let line: String = rows
                .iter()
                .map(|&c| if first[c] == r { " Q" } else { " ." })
                .collect();
            println!("{line}");
        }
    }
    let mut solver = Solver::new(model);
    let count = solver.count();
    println!("stats: {}", solver.stats());
    println!("solutions: {count}");
    ExitCode::SUCCESS
}
