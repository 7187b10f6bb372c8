//! The generator: unique solutions, no redundant clue, determinism.

mod common;

use common::Oracle;
use std::sync::{Arc, Mutex};

use kongming_zebra_csp::{
    Budget, CancelFlag, Difficulty, GRADE_ATTEMPTS, GenerateError, Generated, Generator, Grade,
    Progress, Stage, StopReason, Uniqueness,
};
use proptest::prelude::*;

/// The finished puzzle of `seed` at `n`×`cats`, with no budget.
fn generated(n: usize, cats: usize, seed: u64) -> Generated {
    Generator::new(n, cats)
        .unwrap()
        .generate(seed)
        .expect("an unlimited generator finishes")
}

/// The work the generator's docs promise per puzzle, grade excepted: at
/// most `5·n·c + 1` checks while adding clues and as many clues to check,
/// 1,000 case splits each, and 200,000 for the second pass.
fn most_splits(n: usize, cats: usize) -> u64 {
    let checks = 10 * (n * cats) as u64 + 1;
    checks * 1_000 + 200_000
}

/// The puzzle of `seed` and the case splits it took (the last progress
/// report's).
fn generated_with_splits(n: usize, cats: usize, seed: u64) -> (Generated, u64) {
    let last = Arc::new(Mutex::new(0));
    let seen = Arc::clone(&last);
    let generator = Generator::new(n, cats)
        .unwrap()
        .on_progress(move |report: &Progress<Stage>| *seen.lock().unwrap() = report.done);
    let generated = generator.generate(seed).expect("no budget");
    let splits = *last.lock().unwrap();
    (generated, splits)
}

/// The case splits of a generation, less those of its grade.
fn splits_before_grading(generated: &Generated, splits: u64) -> u64 {
    let grading = match generated.difficulty {
        Difficulty::CaseSplits { splits } => splits,
        _ => 0,
    };
    splits - grading
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn generated_puzzles_are_unique_and_irreducible(
        n in 2usize..=4,
        cats in 1usize..=3,
        seed in any::<u64>(),
    ) {
        let generated = generated(n, cats, seed);
        prop_assert_eq!(generated.undecided, 0);
        prop_assert_eq!(generated.seed, seed);
        let puzzle = &generated.puzzle;
        let oracle = Oracle::new(&puzzle.to_string());
        // Exactly one solution, by brute force, and it is the one reported.
        prop_assert_eq!(oracle.count_brute(2), 1);
        prop_assert!(oracle.holds(generated.solution.houses()));
        prop_assert_eq!(puzzle.solve(), Some(generated.solution.clone()));
        // Removing any clue leaves more than one solution (brute force).
        for i in 0..puzzle.clues().len() {
            let weaker = Oracle::new(&puzzle.without_clue(i).expect("a clue index").to_string());
            prop_assert!(weaker.count_brute(2) >= 2, "clue {} is redundant", i + 1);
        }
        // Same seed, same puzzle.
        prop_assert_eq!(self::generated(n, cats, seed), generated);
    }

    /// The work per puzzle stays within the documented bound (the class
    /// of issue 17's point 9), and a budget stops the generator cleanly at
    /// any point: the whole puzzle or `Stopped`, never a part.
    #[test]
    fn generation_is_bounded_and_stops_on_its_budget(
        n in 2usize..=6,
        cats in 1usize..=6,
        seed in any::<u64>(),
        fraction in 0.0f64..1.0,
    ) {
        let (full, splits) = generated_with_splits(n, cats, seed);
        prop_assert!(splits_before_grading(&full, splits) <= most_splits(n, cats));
        // Stop somewhere before the end.
        let limit = (splits as f64 * fraction) as u64;
        let budget = Budget::unlimited().with_node_limit(limit);
        match Generator::new(n, cats).unwrap().budget(budget).generate(seed) {
            Ok(stopped) => prop_assert_eq!(&stopped, &full),
            Err(error) => prop_assert_eq!(error, GenerateError::Stopped(StopReason::NodeLimit)),
        }
    }

    /// With a grade asked for, the puzzle has it (by `Difficulty::grade`),
    /// or every attempt missed it.
    #[test]
    fn a_graded_generator_gives_its_grade(
        grade in prop::sample::select(Grade::ALL.to_vec()),
        seed in 0u64..1000,
    ) {
        match Generator::new(4, 4).unwrap().grade(grade).generate(seed) {
            Ok(generated) => {
                prop_assert_eq!(generated.difficulty.grade(), grade);
                prop_assert_eq!(generated.puzzle.grade(), grade);
                // The seed drawn from gives this puzzle back without the grade.
                prop_assert_eq!(self::generated(4, 4, generated.seed), generated);
            }
            Err(error) => prop_assert_eq!(
                error,
                GenerateError::GradeNotReached { grade, attempts: GRADE_ATTEMPTS }
            ),
        }
    }
}

#[test]
fn the_issue_10x10_seed_2_finishes_within_the_bound() {
    // Issue 17: this seed had not finished after 200 s. The node limit is
    // the documented bound; the grade's search comes on top.
    let budget = Budget::unlimited().with_node_limit(most_splits(10, 10) * 2);
    let generated = Generator::new(10, 10)
        .unwrap()
        .budget(budget)
        .generate(2)
        .expect("within the bound");
    assert_eq!(
        generated.puzzle.uniqueness(),
        Uniqueness::Unique(generated.solution.clone())
    );
    assert_eq!(generated.puzzle.positions(), 10);
}

#[test]
fn a_cancel_flag_or_a_spent_clock_stops_at_once() {
    let flag = CancelFlag::new();
    flag.cancel();
    let cancelled = Generator::new(8, 8)
        .unwrap()
        .budget(Budget::unlimited().with_cancel_flag(flag))
        .generate(3);
    assert_eq!(
        cancelled,
        Err(GenerateError::Stopped(StopReason::Cancelled))
    );
    let late = Generator::new(8, 8)
        .unwrap()
        .grade(Grade::Hard)
        .budget(Budget::unlimited().with_time_limit(std::time::Duration::ZERO))
        .generate(3);
    assert_eq!(late, Err(GenerateError::Stopped(StopReason::TimeLimit)));
}

#[test]
fn a_grade_too_hard_for_a_tiny_grid_is_not_reached() {
    let missed = Generator::new(2, 2)
        .unwrap()
        .grade(Grade::Expert)
        .generate(0);
    assert_eq!(
        missed,
        Err(GenerateError::GradeNotReached {
            grade: Grade::Expert,
            attempts: GRADE_ATTEMPTS
        })
    );
    assert_eq!(
        missed.unwrap_err().to_string(),
        "no expert puzzle in 64 attempts"
    );
}

#[test]
fn generated_6x6_puzzles_are_unique_and_irreducible() {
    let generator = Generator::new(6, 6).unwrap();
    for seed in 0..3 {
        let generated = generator.generate(seed).unwrap();
        let puzzle = &generated.puzzle;
        let Uniqueness::Unique(solution) = puzzle.uniqueness() else {
            panic!("seed {seed}: not unique");
        };
        assert_eq!(solution, generated.solution);
        assert!(Oracle::new(&puzzle.to_string()).holds(solution.houses()));
        for i in 0..puzzle.clues().len() {
            match puzzle.without_clue(i).expect("a clue index").uniqueness() {
                Uniqueness::Multiple(a, b) => {
                    let weaker =
                        Oracle::new(&puzzle.without_clue(i).expect("a clue index").to_string());
                    assert!(weaker.holds(a.houses()) && weaker.holds(b.houses()));
                }
                other => panic!("seed {seed}: clue {} is redundant ({other:?})", i + 1),
            }
        }
        assert_eq!(puzzle.difficulty(), generated.difficulty);
    }
}

#[test]
fn generation_is_deterministic_across_runs() {
    // Pinned output: the puzzle of seed 7 at 4x3 never changes (ChaCha8 is
    // the same on every platform).
    let a = generated(4, 3, 7).puzzle.to_string();
    let pinned = "\
colour: red green white yellow
nationality: Brit Swede Dane German
drink: tea coffee milk beer

German left-of white
white left-of coffee
yellow between German and Dane
tea with Swede or red
Swede left-of beer
";
    assert_eq!(a, pinned);
    assert_ne!(a, generated(4, 3, 8).puzzle.to_string());
}

#[test]
fn grades_are_ordered_by_effort() {
    assert_eq!(
        kongming_zebra_csp::einstein().difficulty(),
        Difficulty::Propagation
    );
    let life = kongming_zebra_csp::life().difficulty();
    assert!(matches!(life, Difficulty::Singleton { removals } if removals > 0));
    assert!(Difficulty::Propagation < life);
}

/// The grade's cuts are made so that a 5×5 grid reaches every grade: each
/// asked for, each given, and each puzzle's solution unique.
#[test]
fn every_grade_is_reached_on_five_by_five() {
    let generator = Generator::new(5, 5).unwrap();
    for grade in Grade::ALL {
        let made = generator.clone().grade(grade).generate(1).unwrap();
        assert_eq!(made.difficulty.grade(), grade);
        assert_eq!(made.puzzle.grade(), grade);
        assert_eq!(made.puzzle.count(), 1);
    }
}
