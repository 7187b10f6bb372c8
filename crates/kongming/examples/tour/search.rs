//! The core: eight queens (CSP and symmetry) and a hard sudoku.

use std::collections::BTreeSet;
use std::error::Error;
use std::time::Instant;

use kongming::search::csp::{Assignment, Model, SmallDomain, Solver, Var};
use kongming::search::symmetry::{BitboardGroup, Group};

/// The first puzzle of Peter Norvig's "top95" set of hard sudokus.
const SUDOKU: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// Runs this part of the tour.
pub fn run() -> Result<(), Box<dyn Error>> {
    queens()?;
    sudoku()
}

/// The n-queens model: one variable per column, the row of its queen.
fn queens_model(n: usize) -> Result<(Model<SmallDomain>, Vec<Var>), Box<dyn Error>> {
    let mut model = Model::new();
    let rows = model.new_vars(n, 0, n as u32 - 1)?;
    for i in 0..n {
        for j in i + 1..n {
            let gap = (j - i) as u32;
            model.relation(rows[i], rows[j], move |a, b| a != b && a.abs_diff(b) != gap);
        }
    }
    Ok((model, rows))
}

fn queens() -> Result<(), Box<dyn Error>> {
    println!("== kongming-search: eight queens (CSP, symmetry) ==");
    let n = 8;
    let (model, rows) = queens_model(n)?;
    let started = Instant::now();
    let mut solver = Solver::new(model);
    let solutions: Vec<Assignment> = solver.solutions().collect();
    let elapsed = started.elapsed();
    let first = &solutions[0];
    for r in 0..n as u32 {
        let line: String = rows
            .iter()
            .map(|&c| if first[c] == r { " Q" } else { " ." })
            .collect();
        println!("{line}");
    }
    // Up to the 8 symmetries of the board: canonical forms of the queens'
    // cells as a 64-bit board.
    let board = BitboardGroup::new(&Group::square(n))?;
    let fundamental: BTreeSet<u64> = solutions
        .iter()
        .map(|s| {
            let cells = rows.iter().enumerate().fold(0u64, |bits, (col, &var)| {
                bits | 1 << (s[var] as usize * n + col)
            });
            board.canonical(cells)
        })
        .collect();
    let stats = solver.stats();
    println!(
        "{} solutions, {} up to symmetry ({:.1} ms; {} nodes, {} failures)\n",
        solutions.len(),
        fundamental.len(),
        elapsed.as_secs_f64() * 1e3,
        stats.nodes,
        stats.failures
    );
    Ok(())
}

fn sudoku() -> Result<(), Box<dyn Error>> {
    println!("== kongming-search: a hard sudoku (all-different, MAC) ==");
    let mut model = Model::<SmallDomain>::new();
    let cells = model.new_vars(81, 1, 9)?;
    for (&cell, c) in cells.iter().zip(SUDOKU.chars()) {
        if let Some(d) = c.to_digit(10) {
            model.fix(cell, d);
        }
    }
    for k in 0..9 {
        let row: Vec<Var> = (0..9).map(|c| cells[9 * k + c]).collect();
        let col: Vec<Var> = (0..9).map(|r| cells[9 * r + k]).collect();
        let (r0, c0) = (k / 3 * 3, k % 3 * 3);
        let square: Vec<Var> = (0..9)
            .map(|i| cells[9 * (r0 + i / 3) + c0 + i % 3])
            .collect();
        model.all_different(&row);
        model.all_different(&col);
        model.all_different(&square);
    }
    let started = Instant::now();
    let mut solver = Solver::new(model);
    let found: Vec<Assignment> = solver.solutions().take(2).collect();
    let elapsed = started.elapsed();
    let Some(solution) = found.first() else {
        println!("no solution\n");
        return Ok(());
    };
    for r in 0..9 {
        let line: Vec<String> = (0..9)
            .map(|c| solution[cells[9 * r + c]].to_string())
            .collect();
        println!(" {}", line.join(" "));
    }
    let verdict = if found.len() == 1 {
        "unique"
    } else {
        "not unique"
    };
    println!(
        "solution {verdict} ({:.1} ms; {})\n",
        elapsed.as_secs_f64() * 1e3,
        solver.stats()
    );
    Ok(())
}
