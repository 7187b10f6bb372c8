//! Hints: following them from a generated puzzle solves it, every hint
//! agrees with the unique completion (found by the brute-force oracle of
//! `common`), every reason's claim is checked on its own here, and on
//! grids with many completions or none a hint never leads to a dead end.
//! On open grids (thousands of completions, too many for the brute force
//! in a debug test) the completions are listed by the crate's enumerator,
//! a search that shares nothing with the hinter's CSP and deductions.

mod common;

use std::sync::{Arc, Mutex};

use common::{completions, grid_of};
use kongming_magic_square::{
    Budget, DeadEnd, Enumeration, Generator, Hint, Hinter, Kind, Line, PartialSquare, Reason,
    Stage, Step, StopReason,
};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The cells of `line` in a square of order `n`, from the definitions in
/// the docs of `Line`.
fn cells_of(line: Line, n: usize) -> Vec<usize> {
    match line {
        Line::Row(r) => (0..n).map(|c| r * n + c).collect(),
        Line::Column(c) => (0..n).map(|r| r * n + c).collect(),
        Line::Diagonal => (0..n).map(|i| i * n + i).collect(),
        Line::AntiDiagonal => (0..n).map(|i| i * n + n - 1 - i).collect(),
        Line::BrokenDiagonal(k) => (0..n).map(|i| i * n + (i + k) % n).collect(),
        Line::BrokenAntiDiagonal(k) => (0..n).map(|i| i * n + (k + n * n - i) % n).collect(),
        Line::Pair { row, col } => {
            let c = row * n + col;
            vec![c, n * n - 1 - c]
        }
        _ => panic!("a line this test does not know"),
    }
}

/// Whether `value` at `cell` leaves `line` unable to reach its sum, from
/// the grid and the unused numbers alone.
fn fails(grid: &[u32], n: usize, cell: usize, value: u32, line: Line) -> bool {
    let cells = cells_of(line, n);
    if !cells.contains(&cell) {
        return false;
    }
    let target = match line {
        Line::Pair { .. } => (n * n + 1) as u64,
        _ => (n * (n * n + 1) / 2) as u64,
    };
    let mut unused: Vec<u64> = (1..=(n * n) as u64)
        .filter(|&v| !grid.contains(&(v as u32)) && v != u64::from(value))
        .collect();
    unused.sort_unstable();
    let mut filled = 0;
    let mut others = 0;
    for &c in &cells {
        if c == cell {
            filled += u64::from(value);
        } else if grid[c] == 0 {
            others += 1;
        } else {
            filled += u64::from(grid[c]);
        }
    }
    if filled > target {
        return true;
    }
    let rest = target - filled;
    if others == 0 {
        return rest != 0;
    }
    if others > unused.len() {
        return true;
    }
    if others == 1 {
        return !unused.contains(&rest);
    }
    let low: u64 = unused.iter().take(others).sum();
    let high: u64 = unused.iter().rev().take(others).sum();
    rest < low || rest > high
}

/// Checks that `hint`'s reason says something true of `grid` (order `n`,
/// kind `kind`), each claim on its own.
fn check_reason(hint: &Step, grid: &[u32], n: usize, kind: Kind) {
    let cell = hint.fill.cell.row * n + hint.fill.cell.col;
    assert_eq!(grid[cell], 0, "the hint's cell is filled: {hint}");
    match &hint.reason {
        Reason::LastInLine { line, sum } => {
            let cells = cells_of(*line, n);
            let blanks: Vec<usize> = cells.iter().copied().filter(|&c| grid[c] == 0).collect();
            assert!(blanks.iter().all(|&c| c == cell), "{hint}");
            let others: u64 = cells.iter().map(|&c| u64::from(grid[c])).sum();
            assert_eq!(
                others + blanks.len() as u64 * u64::from(hint.fill.value),
                *sum,
                "{hint}"
            );
        }
        Reason::Combination(equation) => {
            assert_eq!(
                (equation.row, equation.col),
                (hint.fill.cell.row, hint.fill.cell.col)
            );
            assert_eq!(equation.value(), Some(i64::from(hint.fill.value)), "{hint}");
            for term in &equation.terms {
                assert_eq!(grid[term.row * n + term.col], term.value, "{hint}");
            }
            // The equation is an identity of the kind: every square of it
            // satisfies it (checked on every square of orders 3 and 4).
            let squares = Enumeration::new(n, kind).unwrap().squares();
            for square in squares.take(2000) {
                let s = square.cells();
                let right = equation.constant
                    - equation
                        .terms
                        .iter()
                        .map(|t| t.coefficient * i64::from(s[t.row * n + t.col]))
                        .sum::<i64>();
                assert_eq!(
                    equation.denominator * i64::from(s[cell]),
                    right,
                    "{hint}\n{square}"
                );
            }
        }
        Reason::OnlyCandidate { ruled_out } => {
            let unused: Vec<u32> = (1..=(n * n) as u32).filter(|v| !grid.contains(v)).collect();
            let mut named: Vec<u32> = ruled_out.iter().map(|r| r.value).collect();
            named.sort_unstable();
            let others: Vec<u32> = unused
                .iter()
                .copied()
                .filter(|&v| v != hint.fill.value)
                .collect();
            assert_eq!(named, others, "{hint}");
            for out in ruled_out {
                assert!(fails(grid, n, cell, out.value, out.line), "{hint}: {out:?}");
            }
        }
        Reason::OnlyPlace { ruled_out } => {
            let mut named: Vec<usize> = ruled_out.iter().map(|m| m.row * n + m.col).collect();
            named.sort_unstable();
            let others: Vec<usize> = (0..n * n).filter(|&c| grid[c] == 0 && c != cell).collect();
            assert_eq!(named, others, "{hint}");
            for misfit in ruled_out {
                let at = misfit.row * n + misfit.col;
                assert!(
                    fails(grid, n, at, hint.fill.value, misfit.line),
                    "{hint}: {misfit:?}"
                );
            }
        }
        Reason::EveryCompletion => {
            let all = all_completions(grid, n, kind);
            assert!(!all.is_empty());
            assert!(all.iter().all(|s| s[cell] == hint.fill.value), "{hint}");
        }
        Reason::SomeCompletion => {
            let all = all_completions(grid, n, kind);
            assert!(all.iter().any(|s| s[cell] == hint.fill.value), "{hint}");
            // Nothing was forced: every blank differs in some completion.
            for c in (0..n * n).filter(|&c| grid[c] == 0) {
                assert!(
                    all.iter().any(|s| s[c] != all[0][c]),
                    "{hint}: {c} is forced"
                );
            }
        }
        _ => panic!("a reason this test does not know"),
    }
}

/// Every completion of `grid`, listed by the enumerator.
fn all_completions(grid: &[u32], n: usize, kind: Kind) -> Vec<Vec<u32>> {
    let partial = partial_of(grid, n);
    Enumeration::completing(&partial, kind)
        .unwrap()
        .squares()
        .map(|s| s.cells().to_vec())
        .collect()
}

/// The partial square of a grid (0 for a blank).
fn partial_of(grid: &[u32], n: usize) -> PartialSquare {
    PartialSquare::from_cells(n, grid.iter().map(|&v| (v != 0).then_some(v)).collect()).unwrap()
}

/// Whether `grid` has a completion, by the enumerator.
fn completes(grid: &PartialSquare, kind: Kind) -> bool {
    Enumeration::completing(grid, kind)
        .unwrap()
        .squares()
        .next()
        .is_some()
}

/// Follows the hints from `grid` to the end, checking each; the hints
/// given.
fn follow(mut grid: PartialSquare, kind: Kind) -> Vec<Step> {
    let n = grid.order();
    let hinter = Hinter::new(kind);
    let mut hints = Vec::new();
    loop {
        match hinter.hint(&grid).unwrap() {
            Hint::Next(hint) => {
                let before = grid_of(&grid);
                check_reason(&hint, &before, n, kind);
                // Never a dead end: the grid with the hint still completes.
                assert!(hint.apply(&mut grid));
                assert!(completes(&grid, kind), "{hint} leads to a dead end");
                hints.push(hint);
            }
            Hint::Solved => return hints,
            other => panic!("{other} for\n{grid}"),
        }
    }
}

#[test]
fn following_hints_solves_generated_puzzles() {
    for (order, kind, seeds) in [
        (3, Kind::MAGIC, 0..6),
        (4, Kind::MAGIC, 0..8),
        (4, Kind::PANDIAGONAL, 0..2),
        (4, Kind::ASSOCIATIVE, 0..2),
    ] {
        let generator = Generator::new(order, kind).unwrap();
        for seed in seeds {
            let puzzle = generator.generate(seed).unwrap();
            let only = completions(order, &grid_of(puzzle.grid()), kind, 2);
            assert_eq!(only.len(), 1);
            let hints = follow(puzzle.grid().clone(), kind);
            assert_eq!(hints.len(), puzzle.grid().blanks());
            for hint in &hints {
                // Against the unique completion: never a wrong number.
                assert_eq!(
                    hint.fill.value,
                    only[0][hint.fill.cell.row * order + hint.fill.cell.col],
                    "{hint}"
                );
                assert!(hint.reason.is_forced());
            }
        }
    }
}

#[test]
fn the_hints_use_every_kind_of_deduction() {
    let mut seen = [false; 5];
    let generator = Generator::new(4, Kind::MAGIC).unwrap();
    // Seeds 30 and 39 need a number that fits one cell only.
    for seed in (0..8).chain([30, 39]) {
        let puzzle = generator.generate(seed).unwrap();
        let mut grid = puzzle.grid().clone();
        let hinter = Hinter::new(Kind::MAGIC);
        while let Hint::Next(hint) = hinter.hint(&grid).unwrap() {
            let index = match hint.reason {
                Reason::LastInLine { .. } => 0,
                Reason::Combination(_) => 1,
                Reason::OnlyCandidate { .. } => 2,
                Reason::OnlyPlace { .. } => 3,
                Reason::EveryCompletion => 4,
                _ => panic!("not forced: {hint}"),
            };
            seen[index] = true;
            hint.apply(&mut grid);
        }
    }
    assert_eq!(
        seen, [true; 5],
        "line, combination, candidate, place, search"
    );
}

#[test]
fn hints_on_open_grids_never_lead_to_a_dead_end() {
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    for (order, kind) in [(3, Kind::MAGIC), (3, Kind::SEMI_MAGIC), (4, Kind::MAGIC)] {
        let squares: Vec<_> = Enumeration::new(order, kind).unwrap().squares().collect();
        for _ in 0..6 {
            let square = &squares[rng.random_range(0..squares.len())];
            let mut cells: Vec<usize> = (0..order * order).collect();
            cells.shuffle(&mut rng);
            let keep = rng.random_range(0..=order);
            let mut grid = PartialSquare::empty(order).unwrap();
            for &c in &cells[..keep] {
                grid.set(c / order, c % order, Some(square.cells()[c]));
            }
            let solved = follow(grid.clone(), kind);
            assert_eq!(solved.len(), grid.blanks());
        }
    }
}

#[test]
fn grids_without_a_completion_are_dead_ends() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let hinter = Hinter::new(Kind::MAGIC);
    let mut dead = 0;
    for _ in 0..40 {
        // Three random numbers in random cells of an order-3 grid.
        let mut numbers: Vec<u32> = (1..=9).collect();
        numbers.shuffle(&mut rng);
        let mut cells: Vec<usize> = (0..9).collect();
        cells.shuffle(&mut rng);
        let mut grid = PartialSquare::empty(3).unwrap();
        for i in 0..3 {
            grid.set(cells[i] / 3, cells[i] % 3, Some(numbers[i]));
        }
        let completable = !completions(3, &grid_of(&grid), Kind::MAGIC, 1).is_empty();
        assert_eq!(completable, completes(&grid, Kind::MAGIC));
        match hinter.hint(&grid).unwrap() {
            Hint::DeadEnd(_) => {
                assert!(!completable, "{grid}");
                dead += 1;
            }
            Hint::Next(hint) => {
                assert!(completable, "{grid}");
                let mut next = grid.clone();
                hint.apply(&mut next);
                assert!(!completions(3, &grid_of(&next), Kind::MAGIC, 1).is_empty());
            }
            other => panic!("{other}"),
        }
    }
    assert!(dead > 10, "only {dead} dead ends");
    let full: PartialSquare = "2 7 6\n9 5 1\n4 8 3".parse().unwrap();
    assert!(matches!(
        hinter.hint(&full).unwrap(),
        Hint::DeadEnd(DeadEnd::Wrong(_))
    ));
    let over: PartialSquare = "9 8 .\n. . .\n. . .".parse().unwrap();
    assert_eq!(
        hinter.hint(&over).unwrap(),
        Hint::DeadEnd(DeadEnd::OutOfReach {
            line: Line::Row(0),
            low: 18,
            high: 24,
            sum: 15
        })
    );
    // No line shows it (1 cannot be in a corner of an order-3 square).
    let subtle: PartialSquare = "1 . .\n. . .\n. . .".parse().unwrap();
    assert_eq!(
        hinter.hint(&subtle).unwrap(),
        Hint::DeadEnd(DeadEnd::NoCompletion)
    );
}

#[test]
fn hints_say_what_to_do_and_why() {
    let hinter = Hinter::new(Kind::MAGIC);
    let cases = [
        (
            "16 3 2 13\n5 10 11 8\n9 6 7 12\n4 15 . 1",
            "Row 4 has one blank, (4, 3): it must be 14 so that the row adds up to 34.",
        ),
        (
            "16 . . 13\n. . 11 .\n. 6 . .\n4 . . .",
            "(4, 4) must be 1: the line sums together give (4, 4) = (2, 3) + (3, 2) − (1, 1) = 11 + 6 − 16 = 1.",
        ),
        (
            "16 . . 13\n. . 11 .\n. 6 . .\n. . . .",
            "The anti-diagonal has one blank, (4, 1): it must be 4 so that the anti-diagonal adds up to 34.",
        ),
    ];
    for (grid, text) in cases {
        let advice = hinter.hint(&grid.parse().unwrap()).unwrap();
        assert_eq!(advice.to_string(), text);
    }
    let stopped = Hint::Stopped(StopReason::NodeLimit);
    assert!(stopped.to_string().starts_with("No hint yet"));
}

#[test]
fn an_associative_centre_is_half_the_pair_sum() {
    let grid = PartialSquare::empty(3).unwrap();
    let advice = Hinter::new(Kind::ASSOCIATIVE).hint(&grid).unwrap();
    let hint = advice.step().unwrap();
    assert_eq!(
        (hint.fill.cell.row, hint.fill.cell.col, hint.fill.value),
        (1, 1, 5)
    );
    check_reason(hint, &grid_of(&grid), 3, Kind::ASSOCIATIVE);
}

#[test]
fn a_budget_stops_a_hint_and_progress_is_reported() {
    let empty = PartialSquare::empty(6).unwrap();
    let hinter = Hinter::new(Kind::MAGIC).budget(Budget::unlimited().with_node_limit(5000));
    assert_eq!(
        hinter.hint(&empty).unwrap(),
        Hint::Stopped(StopReason::NodeLimit)
    );
    let reports = Arc::new(Mutex::new(Vec::new()));
    let seen = Arc::clone(&reports);
    let hinter = Hinter::new(Kind::MAGIC)
        .budget(Budget::unlimited().with_node_limit(9000))
        .on_progress(move |report| seen.lock().unwrap().push(*report));
    assert!(matches!(hinter.hint(&empty).unwrap(), Hint::Stopped(_)));
    let reports = reports.lock().unwrap();
    assert!(reports.iter().all(|r| r.stage == Stage::Hint));
    assert!(reports.iter().any(|r| r.done >= 4096));
    assert!(reports.windows(2).all(|w| w[0].done <= w[1].done));
    // Bad grids are errors, not advice.
    let repeated: PartialSquare = "1 1\n. .".parse().unwrap();
    assert!(Hinter::new(Kind::MAGIC).hint(&repeated).is_err());
    let too_big: PartialSquare = "10 .\n. .".parse().unwrap();
    assert!(Hinter::new(Kind::MAGIC).hint(&too_big).is_err());
}
