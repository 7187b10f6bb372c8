//! Completion puzzles: every generated puzzle completes in exactly one way
//! (counted by the brute-force oracle of `common`, and by the crate's
//! enumerator for order 5), its givens cannot be taken away, its measure
//! is what it says, and grades are monotone in the measure.

mod common;

use std::sync::{Arc, Mutex};

use common::{completions, grid_of};
use kongming_magic_square::{
    Budget, CancelFlag, Completion, Difficulty, Enumeration, GenerateError, Generator, Grade, Kind,
    MAX_ATTEMPTS, Outcome, PartialSquare, Puzzle, PuzzleError, Square, Stage, StopReason,
    Uniqueness,
};
use proptest::prelude::*;

/// The grade of a measure, from the table in the docs, written again.
fn documented_grade(givens: usize, cells: usize, nodes: u64) -> Grade {
    let share = givens as f64 / cells as f64;
    let by_givens = if share >= 0.5 {
        Grade::Easy
    } else if share >= 0.375 {
        Grade::Medium
    } else if share >= 0.25 {
        Grade::Hard
    } else {
        Grade::Expert
    };
    let by_search = if nodes == 0 {
        Grade::Easy
    } else if nodes <= 10 {
        Grade::Medium
    } else if nodes <= 100 {
        Grade::Hard
    } else {
        Grade::Expert
    };
    by_givens.max(by_search)
}

/// Checks `puzzle` against the oracle: one completion, the solution; its
/// measure recounted; with `minimal`, no given can go (each grid with a
/// given less has two completions or more, counted by the enumerator,
/// which is faster than the oracle on open grids and shares nothing with
/// the CSP search the generator counts with).
fn check_puzzle(puzzle: &Puzzle, kind: Kind, minimal: bool) {
    let n = puzzle.solution().order();
    let grid = grid_of(puzzle.grid());
    let found = completions(n, &grid, kind, 2);
    assert_eq!(found.len(), 1, "not one completion:\n{puzzle}");
    assert_eq!(found[0], puzzle.solution().cells(), "{puzzle}");
    assert!(puzzle.grid().matches(puzzle.solution()));
    let givens = grid.iter().filter(|&&v| v != 0).count();
    let difficulty = puzzle.difficulty();
    assert_eq!((difficulty.givens, difficulty.cells), (givens, n * n));
    let mut recount = Completion::new(puzzle.grid(), kind).unwrap().completions();
    assert_eq!(recount.by_ref().count(), 1);
    assert_eq!(difficulty.nodes, recount.nodes());
    assert_eq!(
        puzzle.grade(),
        documented_grade(givens, n * n, difficulty.nodes)
    );
    if minimal {
        for c in (0..n * n).filter(|&c| grid[c] != 0) {
            let mut fewer = grid.clone();
            fewer[c] = 0;
            let fewer = PartialSquare::from_cells(
                n,
                fewer.iter().map(|&v| (v != 0).then_some(v)).collect(),
            )
            .unwrap();
            let count = Enumeration::completing(&fewer, kind).unwrap().count();
            assert!(
                count.exact().unwrap() >= 2,
                "the given at {c} can go:\n{puzzle}"
            );
        }
    }
}

#[test]
fn the_oracle_counts_what_the_enumerator_counts() {
    for kind in Kind::ALL {
        let expected = Enumeration::new(3, kind).unwrap().count().exact().unwrap();
        assert_eq!(
            completions(3, &[0; 9], kind, usize::MAX).len() as u64,
            expected
        );
    }
    let corners: PartialSquare = "16 . . 13\n. . . .\n. . . .\n4 . . 1".parse().unwrap();
    let expected = Enumeration::completing(&corners, Kind::MAGIC)
        .unwrap()
        .count();
    let found = completions(4, &grid_of(&corners), Kind::MAGIC, usize::MAX);
    assert_eq!(found.len() as u64, expected.exact().unwrap());
    assert!(found.len() > 1);
}

#[test]
fn generated_puzzles_have_exactly_one_completion() {
    for (order, kind, seeds) in [
        (3, Kind::MAGIC, 0..8),
        (3, Kind::SEMI_MAGIC, 0..4),
        (4, Kind::MAGIC, 0..8),
        (4, Kind::PANDIAGONAL, 0..3),
        (4, Kind::ASSOCIATIVE, 0..3),
    ] {
        let generator = Generator::new(order, kind).unwrap();
        for seed in seeds {
            let puzzle = generator
                .generate(seed)
                .expect("squares of this order exist");
            assert_eq!(puzzle.kind(), kind);
            assert!(puzzle.solution().is(kind));
            check_puzzle(&puzzle, kind, true);
        }
    }
}

#[test]
fn order_five_puzzles_have_exactly_one_completion() {
    // Counted by the enumerator (a search of its own, not the CSP).
    let generator = Generator::new(5, Kind::MAGIC).unwrap().grade(Grade::Medium);
    for seed in 0..2 {
        let puzzle = generator.generate(seed).unwrap();
        let count = Enumeration::completing(puzzle.grid(), Kind::MAGIC)
            .unwrap()
            .count();
        assert_eq!(count.exact(), Some(1), "{puzzle}");
        assert!(puzzle.solution().is(Kind::MAGIC));
        assert!(puzzle.grid().matches(puzzle.solution()));
        assert_eq!(puzzle.grade(), Grade::Medium);
    }
}

#[test]
fn wanted_grades_are_met() {
    for wanted in Grade::ALL {
        let generator = Generator::new(4, Kind::MAGIC).unwrap().grade(wanted);
        for seed in 0..3 {
            let puzzle = generator.generate(seed).unwrap();
            assert_eq!(
                puzzle.grade(),
                wanted,
                "seed {seed}: {}",
                puzzle.difficulty()
            );
            check_puzzle(&puzzle, Kind::MAGIC, false);
        }
    }
    // Order 3: 5 givens or more is easy, 4 medium, 3 hard, 2 expert.
    for (wanted, givens) in [
        (Grade::Easy, 5),
        (Grade::Medium, 4),
        (Grade::Hard, 3),
        (Grade::Expert, 2),
    ] {
        let generator = Generator::new(3, Kind::MAGIC).unwrap().grade(wanted);
        let puzzle = generator.generate(11).unwrap();
        assert_eq!(puzzle.difficulty().givens, givens);
        check_puzzle(&puzzle, Kind::MAGIC, false);
    }
}

#[test]
fn the_same_seed_gives_the_same_puzzle() {
    let generator = Generator::new(4, Kind::MAGIC).unwrap();
    let puzzles: Vec<Puzzle> = (0..6).filter_map(|s| generator.generate(s).ok()).collect();
    let again: Vec<Puzzle> = generator.puzzles(0..6).collect();
    assert_eq!(puzzles, again);
    let different: std::collections::HashSet<_> =
        puzzles.iter().map(|p| p.grid().clone()).collect();
    assert_eq!(different.len(), 6);
}

#[test]
fn a_given_square_is_the_solution() {
    let durer: Square = "16 3 2 13\n5 10 11 8\n9 6 7 12\n4 15 14 1".parse().unwrap();
    let generator = Generator::from_square(&durer, Kind::MAGIC).unwrap();
    for seed in 0..4 {
        let puzzle = generator.generate(seed).unwrap();
        assert_eq!(puzzle.solution(), &durer);
        check_puzzle(&puzzle, Kind::MAGIC, true);
    }
    let constructed = kongming_magic_square::construct(5).unwrap();
    let generator = Generator::from_square(&constructed, Kind::MAGIC)
        .unwrap()
        .grade(Grade::Easy);
    let puzzle = generator.generate(0).unwrap();
    assert_eq!(puzzle.solution(), &constructed);
    assert_eq!(puzzle.grade(), Grade::Easy);
    assert!(matches!(
        Generator::from_square(&durer, Kind::PANDIAGONAL),
        Err(PuzzleError::NotOfKind { .. })
    ));
}

#[test]
fn orders_without_squares_and_out_of_range() {
    let none = Generator::new(2, Kind::MAGIC).unwrap().generate(0);
    assert_eq!(none, Err(GenerateError::NoPuzzle));
    let none = Generator::new(3, Kind::PANDIAGONAL)
        .unwrap()
        .grade(Grade::Hard)
        .generate(0);
    assert_eq!(none, Err(GenerateError::NoPuzzle));
    let one = Generator::new(1, Kind::MAGIC).unwrap().generate(0).unwrap();
    assert_eq!(one.grid().to_string(), ".");
    assert_eq!(one.solution().to_string(), "1");
    assert_eq!(
        Generator::new(0, Kind::MAGIC).unwrap_err(),
        PuzzleError::OrderOutOfRange { order: 0 }
    );
}

#[test]
fn a_budget_stops_generation_and_keeps_a_true_puzzle() {
    let generator = Generator::new(5, Kind::MAGIC)
        .unwrap()
        .budget(Budget::unlimited().with_node_limit(200));
    assert_eq!(
        generator.generate(1),
        Err(GenerateError::Stopped(StopReason::NodeLimit))
    );
    // A stopped run under a wanted grade gives no puzzle, never an easier
    // one: every node limit up to the one that finishes stops cleanly.
    let expert = Generator::new(4, Kind::MAGIC).unwrap().grade(Grade::Expert);
    let mut limit = 1;
    loop {
        match expert
            .clone()
            .budget(Budget::unlimited().with_node_limit(limit))
            .generate(0)
        {
            Ok(puzzle) => {
                assert_eq!(puzzle.grade(), Grade::Expert);
                break;
            }
            Err(GenerateError::Stopped(StopReason::NodeLimit)) => limit *= 2,
            Err(other) => panic!("{other}"),
        }
    }
    // A flag raised from the progress callback stops it after the cell:
    // no puzzle.
    let flag = CancelFlag::new();
    let raise = flag.clone();
    let generator = Generator::new(4, Kind::MAGIC)
        .unwrap()
        .budget(Budget::unlimited().with_cancel_flag(flag))
        .on_progress(move |report| {
            if report.stage == Stage::Removing && report.done == 3 {
                raise.cancel();
            }
        });
    assert_eq!(
        generator.generate(0),
        Err(GenerateError::Stopped(StopReason::Cancelled))
    );
    // A stream under a spent budget ends at once, saying why.
    let generator = Generator::new(4, Kind::MAGIC)
        .unwrap()
        .budget(Budget::unlimited().with_time_limit(std::time::Duration::ZERO));
    let mut stream = generator.puzzles(0..10);
    assert_eq!(stream.next(), None);
    assert_eq!(
        stream.outcome(),
        Some(Outcome::Stopped(StopReason::TimeLimit))
    );
}

#[test]
fn progress_reports_follow_the_work() {
    let reports = Arc::new(Mutex::new(Vec::new()));
    let seen = Arc::clone(&reports);
    let generator = Generator::new(4, Kind::MAGIC)
        .unwrap()
        .on_progress(move |report| seen.lock().unwrap().push(*report));
    let made: Vec<Puzzle> = generator.puzzles(0..3).collect();
    assert_eq!(made.len(), 3);
    let reports = reports.lock().unwrap();
    let drawings = reports.iter().filter(|r| r.stage == Stage::Drawing).count();
    assert_eq!(drawings, 3);
    let removing: Vec<_> = reports
        .iter()
        .filter(|r| r.stage == Stage::Removing)
        .collect();
    assert_eq!(removing.len(), 3 * 16);
    assert!(
        removing
            .iter()
            .all(|r| r.total == Some(16) && (1..=16).contains(&r.done))
    );
    // found counts the puzzles finished before each report.
    assert_eq!(removing.last().unwrap().found, 2);
}

#[test]
fn uniqueness_tells_puzzles_from_other_grids() {
    let open: PartialSquare = "2 . .\n. . .\n. . .".parse().unwrap();
    let Uniqueness::Several(two) = Completion::new(&open, Kind::MAGIC).unwrap().uniqueness() else {
        panic!("two completions");
    };
    assert_ne!(two[0], two[1]);
    assert!(two.iter().all(|s| open.matches(s) && s.is(Kind::MAGIC)));
    let stuck: PartialSquare = "1 2 .\n. . .\n. . .".parse().unwrap();
    assert_eq!(completions(3, &grid_of(&stuck), Kind::MAGIC, 1).len(), 0);
    assert_eq!(
        Completion::new(&stuck, Kind::MAGIC).unwrap().uniqueness(),
        Uniqueness::NoCompletion
    );
}

#[test]
fn a_stopped_count_is_not_read_as_not_unique() {
    let empty = PartialSquare::empty(6).unwrap();
    let cut = Completion::new(&empty, Kind::MAGIC)
        .unwrap()
        .budget(Budget::unlimited().with_node_limit(5))
        .uniqueness();
    assert_eq!(cut, Uniqueness::Stopped(StopReason::NodeLimit));
    assert_eq!(cut.unique(), None);
    assert_eq!(cut.outcome(), Outcome::Stopped(StopReason::NodeLimit));
    assert_eq!(cut.into_puzzle(), Err(StopReason::NodeLimit));

    let open: PartialSquare = "2 . .\n. . .\n. . .".parse().unwrap();
    let several = Completion::new(&open, Kind::MAGIC).unwrap().uniqueness();
    assert_eq!(
        (several.unique(), several.outcome()),
        (Some(false), Outcome::Complete)
    );
    assert_eq!(several.into_puzzle(), Ok(None));

    let grid: PartialSquare = "2 7 .\n. . .\n. . .".parse().unwrap();
    let one = Completion::new(&grid, Kind::MAGIC).unwrap().uniqueness();
    assert_eq!(one.unique(), Some(true));
    assert!(matches!(one.into_puzzle(), Ok(Some(p)) if p.grid() == &grid));
}

#[test]
fn a_grade_out_of_reach_is_said_so() {
    // Order 1 has two puzzles: the whole square (easy) and the blank cell
    // (expert). Nothing is medium.
    let medium = Generator::new(1, Kind::MAGIC).unwrap().grade(Grade::Medium);
    assert_eq!(
        medium.generate(0),
        Err(GenerateError::GradeNotReached {
            grade: Grade::Medium,
            attempts: MAX_ATTEMPTS
        })
    );
    assert!(puzzle_is_solved_by_its_solution());
}

fn puzzle_is_solved_by_its_solution() -> bool {
    let puzzle = Generator::new(4, Kind::MAGIC).unwrap().generate(9).unwrap();
    puzzle.is_solved_by(puzzle.solution())
        && !puzzle.is_solved_by(&"2 7 6\n9 5 1\n4 3 8".parse().unwrap())
}

#[test]
fn grades_follow_the_documented_table() {
    let cases = [
        (8, 16, 0, Grade::Easy),
        (7, 16, 0, Grade::Medium),
        (6, 16, 0, Grade::Medium),
        (5, 16, 0, Grade::Hard),
        (4, 16, 0, Grade::Hard),
        (3, 16, 0, Grade::Expert),
        (16, 16, 1, Grade::Medium),
        (16, 16, 10, Grade::Medium),
        (16, 16, 11, Grade::Hard),
        (16, 16, 100, Grade::Hard),
        (16, 16, 101, Grade::Expert),
        (13, 25, 0, Grade::Easy),
        (12, 25, 0, Grade::Medium),
        (10, 25, 0, Grade::Medium),
        (9, 25, 0, Grade::Hard),
        (7, 25, 0, Grade::Hard),
        (6, 25, 0, Grade::Expert),
    ];
    for (givens, cells, nodes, grade) in cases {
        assert_eq!(
            Difficulty::new(givens, cells, nodes).grade(),
            grade,
            "{givens}/{cells}, {nodes}"
        );
    }
}

proptest! {
    /// Taking givens away or adding nodes never makes a grade easier; and
    /// every grade is the documented function of the measure.
    #[test]
    fn grades_are_monotone_in_the_measure(
        cells in prop::sample::select(vec![1usize, 4, 9, 16, 25, 36, 49, 64]),
        givens in 0usize..=64,
        fewer in 0usize..=64,
        nodes in 0u64..1000,
        more in 0u64..1000,
    ) {
        let givens = givens.min(cells);
        let easier = Difficulty::new(givens, cells, nodes);
        let harder = Difficulty::new(givens.saturating_sub(fewer), cells, nodes + more);
        prop_assert!(easier.grade() <= harder.grade());
        prop_assert!(easier.by_givens() <= harder.by_givens());
        prop_assert!(easier.by_search() <= harder.by_search());
        prop_assert_eq!(easier.grade(), documented_grade(givens, cells, nodes));
    }
}
