//! Sudoku through the CSP: all 95 puzzles of Norvig's "top95" set solved,
//! each proved unique, and every solution re-checked independently.

use kongming_search::csp::{Model, SmallDomain, Solver, Var};

const TOP95: &str = include_str!("data/sudoku-top95.txt");

fn sudoku(givens: &str) -> (Model<SmallDomain>, Vec<Var>) {
    let mut model = Model::new();
    let cells = model.new_vars(81, 1, 9).expect("values fit");
    for (cell, c) in cells.iter().zip(givens.chars()) {
        if let Some(d) = c.to_digit(10).filter(|&d| d > 0) {
            model.fix(*cell, d);
        }
    }
    for k in 0..9 {
        let row: Vec<Var> = (0..9).map(|c| cells[9 * k + c]).collect();
        let col: Vec<Var> = (0..9).map(|r| cells[9 * r + k]).collect();
        let (r0, c0) = (k / 3 * 3, k % 3 * 3);
        let boxed: Vec<Var> = (0..9)
            .map(|i| cells[9 * (r0 + i / 3) + c0 + i % 3])
            .collect();
        model.all_different(&row);
        model.all_different(&col);
        model.all_different(&boxed);
    }
    (model, cells)
}

/// Independent check: a full grid whose rows, columns and boxes are each a
/// permutation of 1..=9, agreeing with every given.
fn is_solution_of(givens: &str, grid: &[u32]) -> bool {
    fn unit_ok(grid: &[u32], mut cells: impl Iterator<Item = usize>) -> bool {
        let mut seen = [false; 10];
        cells.all(|i| {
            let v = grid[i] as usize;
            (1..=9).contains(&v) && !std::mem::replace(&mut seen[v], true)
        })
    }
    grid.len() == 81
        && givens
            .chars()
            .zip(grid)
            .all(|(c, &v)| c.to_digit(10).is_none_or(|d| d == 0 || d == v))
        && (0..9).all(|k| {
            unit_ok(grid, (0..9).map(|c| 9 * k + c))
                && unit_ok(grid, (0..9).map(|r| 9 * r + k))
                && unit_ok(
                    grid,
                    (0..9).map(|i| 9 * (k / 3 * 3 + i / 3) + k % 3 * 3 + i % 3),
                )
        })
}

#[test]
fn top95_all_solved_and_unique() {
    let puzzles: Vec<&str> = TOP95.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(puzzles.len(), 95);
    for (i, givens) in puzzles.iter().enumerate() {
        let (model, cells) = sudoku(givens);
        let mut solver = Solver::new(model);
        let solutions: Vec<Vec<u32>> = solver
            .solutions()
            .take(2)
            .map(|s| cells.iter().map(|&c| s[c]).collect())
            .collect();
        assert_eq!(
            solutions.len(),
            1,
            "puzzle {} must have exactly one solution",
            i + 1
        );
        assert!(
            solver.outcome().expect("finished").is_complete(),
            "puzzle {}",
            i + 1
        );
        assert!(is_solution_of(givens, &solutions[0]), "puzzle {}", i + 1);
    }
}

#[test]
fn the_checker_rejects_broken_grids() {
    let givens = TOP95.lines().next().expect("a puzzle");
    let (model, cells) = sudoku(givens);
    let solution = Solver::new(model).first().expect("solvable");
    let mut grid: Vec<u32> = cells.iter().map(|&c| solution[c]).collect();
    assert!(is_solution_of(givens, &grid));
    grid.swap(0, 1);
    assert!(!is_solution_of(givens, &grid));
}

#[test]
fn an_empty_grid_has_many_solutions_and_a_contradiction_none() {
    let empty = ".".repeat(81);
    let (model, _) = sudoku(&empty);
    assert_eq!(Solver::new(model).solutions().take(3).count(), 3);
    let mut clash = ".".repeat(81);
    clash.replace_range(0..2, "11");
    let (model, _) = sudoku(&clash);
    let mut solver = Solver::new(model);
    assert_eq!(solver.count(), 0);
    assert_eq!(
        solver.stats().nodes,
        0,
        "refuted by propagation at the root"
    );
}
