//! kongming-search against the `puzzle-solver` crate (0.4.1), side by side in
//! one run, on two jobs:
//!
//! - `queens12`: count all 14,200 solutions of the 12-queens problem;
//! - `top95`: solve the 95 sudokus of `crates/search/tests/data/sudoku-top95.txt`,
//!   proving each solution unique (search stops at the second solution).
//!
//! Each peer uses its own idiomatic model. Before a peer is timed, its answers
//! are checked once (14,200 solutions; exactly one solution per sudoku), so a
//! fast wrong answer can never be reported as a speed-up.
//!
//! Run everything with `cargo bench --manifest-path benches/Cargo.toml`, or one
//! peer with a filter, e.g. `... -- puzzle-solver`.

use std::hint::black_box;
use std::sync::Once;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, SamplingMode, criterion_group, criterion_main};
use kongming_search::csp::{
    Ascending, DomWdeg, Mac, Model, Mrv, NoObserver, SmallDomain, Solver, Var,
};
use kongming_search::dfs::{Search, par_count};

/// The board size of the queens job.
const QUEENS_N: usize = 12;
/// Solutions of 12-queens (OEIS A000170).
const QUEENS_12_SOLUTIONS: u64 = 14_200;
/// The sudoku job: one puzzle per line.
const TOP95: &str = include_str!("../../crates/search/tests/data/sudoku-top95.txt");

/// The lines of [`TOP95`] that hold a puzzle.
fn top95() -> Vec<&'static str> {
    let puzzles: Vec<&str> = TOP95
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(puzzles.len(), 95, "sudoku-top95.txt should hold 95 puzzles");
    puzzles
}

// ---------------------------------------------------------------------------
// kongming-search
// ---------------------------------------------------------------------------

/// The `n`-queens model for kongming-search: one variable per row (its
/// queen's column) and, for each pair of rows, one binary relation "not the
/// same column, not the same diagonal". Nothing queens-specific is in the
/// core: the relation is a closure, tabulated into support bitsets.
fn kongming_queens(n: usize) -> Mac<SmallDomain, Mrv> {
    let mut model = Model::<SmallDomain>::new();
    let rows = model.new_vars(n, 0, n as u32 - 1).expect("n is at most 64");
    for i in 0..n {
        for j in i + 1..n {
            let gap = (j - i) as u32;
            model.relation(rows[i], rows[j], move |a, b| a != b && a.abs_diff(b) != gap);
        }
    }
    Mac::with_parts(model, Mrv::without_degree(), Ascending, NoObserver)
}

/// The number of solutions of the `n`-queens problem, counted by MAC search
/// on one thread.
fn kongming_queens_count(n: usize) -> u64 {
    Search::new(kongming_queens(n)).count()
}

/// The same count on all cores (the `parallel` feature): the tree is split at
/// depth 1 (one part per first-row queen) and the parts are counted by rayon.
fn kongming_queens_count_parallel(n: usize) -> u64 {
    par_count(&kongming_queens(n), 1)
}

/// Whether `puzzle` (81 characters, `1`–`9` or `.`/`0`) has exactly one
/// solution, by the kongming-search CSP: 81 variables over 1..=9, givens
/// fixed, 27 all-different constraints (generalised arc consistency),
/// dom/wdeg variable order; the search stops at the second solution.
fn kongming_sudoku_unique(puzzle: &str) -> bool {
    let mut model = Model::<SmallDomain>::new();
    let cells = model.new_vars(81, 1, 9).expect("values fit");
    for (&cell, c) in cells.iter().zip(puzzle.chars()) {
        if let Some(d) = c.to_digit(10).filter(|&d| d > 0) {
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
    Solver::new(model)
        .with_variable_order(DomWdeg::default())
        .solutions()
        .take(2)
        .count()
        == 1
}

// ---------------------------------------------------------------------------
// puzzle-solver 0.4.1, modelled as its own tests/examples do
// ---------------------------------------------------------------------------

mod peer {
    use std::rc::Rc;

    use puzzle_solver::{Constraint, PsResult, Puzzle, PuzzleSearch, Val, VarToken};

    /// No two queens on one diagonal: `vars[row]` is the column of the queen
    /// in `row`. When a row is assigned, strike the two diagonal squares from
    /// every unassigned row.
    struct NoSharedDiagonal {
        rows: Vec<VarToken>,
    }

    impl Constraint for NoSharedDiagonal {
        fn vars<'a>(&'a self) -> Box<dyn Iterator<Item = &'a VarToken> + 'a> {
            Box::new(self.rows.iter())
        }

        fn on_assigned(&self, search: &mut PuzzleSearch, var: VarToken, col: Val) -> PsResult<()> {
            let row = self
                .rows
                .iter()
                .position(|&v| v == var)
                .expect("the variable belongs to this constraint");
            for (other, &var2) in self.rows.iter().enumerate() {
                if other != row && !search.is_assigned(var2) {
                    let distance = Val::try_from(other.abs_diff(row)).expect("small board");
                    search.remove_candidate(var2, col - distance)?;
                    search.remove_candidate(var2, col + distance)?;
                }
            }
            Ok(())
        }

        fn substitute(&self, from: VarToken, to: VarToken) -> PsResult<Rc<dyn Constraint>> {
            let rows = self
                .rows
                .iter()
                .map(|&v| if v == from { to } else { v })
                .collect();
            Ok(Rc::new(NoSharedDiagonal { rows }))
        }
    }

    /// The `n`-queens model: one variable per row holding its queen's
    /// column, columns all different, diagonals by [`NoSharedDiagonal`].
    pub fn queens(n: usize) -> Puzzle {
        let mut puzzle = Puzzle::new();
        let columns: Vec<Val> = (0..Val::try_from(n).expect("small board")).collect();
        let rows = puzzle.new_vars_with_candidates_1d(n, &columns);
        puzzle.all_different(&rows);
        puzzle.add_constraint(NoSharedDiagonal { rows });
        puzzle
    }

    /// Counts the solutions of `n`-queens (`solve_all` collects them all).
    pub fn queens_count(n: usize) -> u64 {
        queens(n).solve_all().len() as u64
    }

    /// The sudoku model: a 9×9 grid of variables with candidates 1..=9,
    /// rows, columns and boxes all different, givens set as values.
    pub fn sudoku(givens: &str) -> Puzzle {
        let mut puzzle = Puzzle::new();
        let grid = puzzle.new_vars_with_candidates_2d(9, 9, &[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        for row in &grid {
            puzzle.all_different(row);
        }
        for col in 0..9 {
            puzzle.all_different(grid.iter().map(|row| &row[col]));
        }
        for block in 0..9 {
            let (top, left) = (3 * (block / 3), 3 * (block % 3));
            puzzle.all_different((0..9).map(|i| &grid[top + i / 3][left + i % 3]));
        }
        for (cell, ch) in givens.chars().enumerate() {
            if let Some(digit) = ch.to_digit(10).filter(|&d| d != 0) {
                let value = Val::try_from(digit).expect("a digit");
                puzzle.set_value(grid[cell / 9][cell % 9], value);
            }
        }
        puzzle
    }

    /// Whether `givens` has exactly one solution (`solve_unique` searches
    /// for two and succeeds only if it finds one).
    pub fn sudoku_unique(givens: &str) -> bool {
        sudoku(givens).solve_unique().is_some()
    }
}

// ---------------------------------------------------------------------------
// Checks and the benchmark groups
// ---------------------------------------------------------------------------

/// Runs `check` once per process, the first time a peer is about to be
/// timed (a filtered-out peer is never checked, so its stub may be empty).
fn check_once(once: &'static Once, check: impl FnOnce()) {
    once.call_once(check);
}

fn configure(group: &mut BenchmarkGroup<'_, WallTime>) {
    // Each iteration takes tens of milliseconds to about a second: a few
    // flat samples are enough and keep the whole run to a couple of minutes.
    group
        .sampling_mode(SamplingMode::Flat)
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(8));
}

fn queens12(c: &mut Criterion) {
    static PEER_OK: Once = Once::new();
    static KONGMING_OK: Once = Once::new();
    let mut group = c.benchmark_group("queens12");
    configure(&mut group);

    group.bench_function("puzzle-solver", |b| {
        check_once(&PEER_OK, || {
            assert_eq!(peer::queens_count(QUEENS_N), QUEENS_12_SOLUTIONS);
        });
        b.iter(|| peer::queens_count(black_box(QUEENS_N)));
    });
    group.bench_function("kongming", |b| {
        check_once(&KONGMING_OK, || {
            assert_eq!(kongming_queens_count(QUEENS_N), QUEENS_12_SOLUTIONS);
        });
        b.iter(|| kongming_queens_count(black_box(QUEENS_N)));
    });
    group.bench_function("kongming-parallel", |b| {
        assert_eq!(
            kongming_queens_count_parallel(QUEENS_N),
            QUEENS_12_SOLUTIONS
        );
        b.iter(|| kongming_queens_count_parallel(black_box(QUEENS_N)));
    });
    group.finish();
}

fn top95_unique(c: &mut Criterion) {
    static PEER_OK: Once = Once::new();
    static KONGMING_OK: Once = Once::new();
    let puzzles = top95();
    let mut group = c.benchmark_group("top95");
    configure(&mut group);

    group.bench_function("puzzle-solver", |b| {
        check_once(&PEER_OK, || {
            for (line, p) in puzzles.iter().enumerate() {
                assert!(
                    peer::sudoku_unique(p),
                    "puzzle-solver: line {} not unique",
                    line + 1
                );
            }
        });
        b.iter(|| {
            puzzles
                .iter()
                .filter(|p| peer::sudoku_unique(black_box(p)))
                .count()
        });
    });
    group.bench_function("kongming", |b| {
        check_once(&KONGMING_OK, || {
            for (line, p) in puzzles.iter().enumerate() {
                assert!(
                    kongming_sudoku_unique(p),
                    "kongming: line {} not unique",
                    line + 1
                );
            }
        });
        b.iter(|| {
            puzzles
                .iter()
                .filter(|p| kongming_sudoku_unique(black_box(p)))
                .count()
        });
    });
    group.finish();
}

criterion_group!(search, queens12, top95_unique);
criterion_main!(search);
