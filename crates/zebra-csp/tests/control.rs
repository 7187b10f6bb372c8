//! The control layer (issue 18): every long operation stops on a time limit
//! of a few milliseconds or on a cancel flag raised from another thread,
//! says so, and keeps what it found, each piece of which is checked here
//! by the independent reader of `common`. No test measures a duration.

mod common;

use std::collections::HashSet;
use std::thread;
use std::time::Duration;

use common::Oracle;
use kongming_zebra_csp::{
    Budget, CancelFlag, Difficulty, GenerateError, Generator, Outcome, Progress, Puzzle, Rating,
    SolveOptions, Solver, Stage, StopReason, Uniqueness,
};

/// A few milliseconds: far less than any operation below needs.
const SHORT: Duration = Duration::from_millis(5);

/// A flag that another thread raises after a few milliseconds, and that
/// thread (to join).
fn cancel_soon() -> (CancelFlag, thread::JoinHandle<()>) {
    let flag = CancelFlag::new();
    let remote = flag.clone();
    let canceller = thread::spawn(move || {
        thread::sleep(SHORT);
        remote.cancel();
    });
    (flag, canceller)
}

/// A puzzle of 7 houses and 3 categories with two clues: far too many
/// solutions to list ((7!)³ / 49 or so).
fn wide() -> Puzzle {
    "a: a1 a2 a3 a4 a5 a6 a7\nb: b1 b2 b3 b4 b5 b6 b7\nc: c1 c2 c3 c4 c5 c6 c7\n\
     a1 next-to b2\nc3 between a4 and 2\n"
        .parse()
        .unwrap()
}

/// Streams `puzzle`'s solutions under `budget`; checks that each one found
/// before the stop is a solution (by the independent reader) and new, and
/// that the stream stopped for `reason`. The number found.
fn stream_stops(
    puzzle: &Puzzle,
    options: SolveOptions,
    budget: Budget,
    reason: StopReason,
) -> usize {
    let oracle = Oracle::new(&puzzle.to_string());
    let mut solver = Solver::with_options(puzzle, options).budget(budget);
    let mut solutions = solver.solutions();
    let mut seen = HashSet::new();
    for solution in solutions.by_ref() {
        assert!(oracle.holds(solution.houses()), "{solution}");
        assert!(seen.insert(solution), "a solution found twice");
    }
    assert_eq!(solutions.outcome(), Some(Outcome::Stopped(reason)));
    // Stopped means stopped: asking again finds nothing.
    assert_eq!(solutions.next(), None);
    assert_eq!(solver.stats().solutions, seen.len() as u64);
    seen.len()
}

#[test]
fn solving_stops_on_a_time_limit_and_keeps_its_solutions() {
    let budget = Budget::unlimited().with_time_limit(SHORT);
    stream_stops(&wide(), SolveOptions::new(), budget, StopReason::TimeLimit);
    // A count too: a lower bound, and it says so.
    let puzzle = wide();
    let mut solver = Solver::new(&puzzle).budget(Budget::unlimited().with_time_limit(SHORT));
    let count = solver.count();
    assert_eq!(count.outcome(), Outcome::Stopped(StopReason::TimeLimit));
    assert_eq!(count.exact(), None);
    assert_eq!(count.count(), solver.stats().solutions);
    assert!(count.to_string().starts_with("at least "), "{count}");
}

#[test]
fn solving_stops_when_another_thread_cancels() {
    let (flag, canceller) = cancel_soon();
    let budget = Budget::unlimited().with_cancel_flag(flag);
    stream_stops(&wide(), SolveOptions::new(), budget, StopReason::Cancelled);
    canceller.join().unwrap();
}

#[test]
fn singleton_tests_watch_the_clock_and_the_flag() {
    // Each node of a clueless 10×10 puzzle with singleton consistency
    // runs hundreds of singleton tests, which the budget's clock and flag
    // must stop (the case splits alone would be looked at too rarely).
    let blank: Puzzle = (0..10)
        .map(|c| {
            let values: Vec<String> = (0..10).map(|v| format!("v{c}x{v}")).collect();
            format!("c{c}: {}\n", values.join(" "))
        })
        .collect::<String>()
        .parse()
        .unwrap();
    let sac = SolveOptions::new().singleton_consistency(true);
    let budget = Budget::unlimited().with_time_limit(SHORT);
    stream_stops(&blank, sac, budget, StopReason::TimeLimit);
    let (flag, canceller) = cancel_soon();
    let budget = Budget::unlimited().with_cancel_flag(flag);
    stream_stops(&blank, sac, budget, StopReason::Cancelled);
    canceller.join().unwrap();
}

#[test]
fn a_stopped_uniqueness_proof_keeps_the_solution_it_found() {
    let puzzle = wide();
    let mut first = Solver::new(&puzzle);
    let solution = first.next_solution().unwrap();
    let to_first = first.stats().case_splits;
    let Uniqueness::Multiple(a, b) = Solver::new(&puzzle).uniqueness() else {
        panic!("many solutions");
    };
    assert_eq!(a, solution);
    assert_ne!(a, b);

    // Stopped after the first solution, before the second.
    let budget = Budget::unlimited().with_node_limit(to_first);
    let answer = Solver::new(&puzzle).budget(budget).uniqueness();
    assert_eq!(
        answer,
        Uniqueness::Stopped(StopReason::NodeLimit, Some(solution))
    );
    assert_eq!(answer.outcome(), Outcome::Stopped(StopReason::NodeLimit));
    assert_eq!(answer.unique(), None, "a cut-short search proves nothing");
    // Stopped before any solution.
    let none = Budget::unlimited().with_node_limit(0);
    let answer = Solver::new(&puzzle).budget(none).uniqueness();
    assert_eq!(answer, Uniqueness::Stopped(StopReason::NodeLimit, None));
    // A puzzle whose only solution is found and proven within the budget.
    let life = kongming_zebra_csp::life();
    let mut all = Solver::new(&life);
    assert!(all.uniqueness().unique() == Some(true));
    let budget = Budget::unlimited().with_node_limit(all.stats().case_splits + 1);
    assert!(Solver::new(&life).budget(budget).uniqueness().unique() == Some(true));
}

/// A 12×12 puzzle with a few clues, whose explanation with singleton
/// consistency tries thousands of suppositions per step.
fn big_explained() -> Puzzle {
    let mut text: String = (0..12)
        .map(|c| {
            let values: Vec<String> = (0..12).map(|v| format!("v{c}x{v}")).collect();
            format!("c{c}: {}\n", values.join(" "))
        })
        .collect();
    text.push_str("v0x0 at 1\nv1x1 right-of v0x0\nv2x2 next-to v3x3\n");
    text.parse().unwrap()
}

#[test]
fn explaining_stops_on_a_time_limit_or_a_flag_and_keeps_its_steps() {
    let puzzle = big_explained();
    let sac = SolveOptions::new().singleton_consistency(true);
    for reason in [StopReason::TimeLimit, StopReason::Cancelled] {
        let (flag, canceller) = cancel_soon();
        let budget = match reason {
            StopReason::TimeLimit => Budget::unlimited().with_time_limit(SHORT),
            _ => Budget::unlimited().with_cancel_flag(flag),
        };
        let explanation = Solver::with_options(&puzzle, sac).budget(budget).explain();
        canceller.join().unwrap();
        assert_eq!(explanation.outcome(), Outcome::Stopped(reason));
        assert!(explanation.solution().is_none());
        // The steps of the root propagation are kept, and they are right:
        // `v0x0 at 1` places v0x0 in house 1, and `v1x1 right-of v0x0`
        // then puts v1x1 in house 2.
        let conclusions: Vec<String> = explanation
            .steps()
            .iter()
            .map(|s| s.conclusion(&puzzle))
            .collect();
        for placed in ["v0x0: in house 1", "v1x1: in house 2"] {
            assert!(
                conclusions.iter().any(|c| c.contains(placed)),
                "{conclusions:?}"
            );
        }
        for step in explanation.steps() {
            for change in &step.changes {
                assert!(change.after.iter().all(|h| change.before.contains(h)));
                assert!(change.after.len() < change.before.len());
            }
        }
        let text = explanation.to_string();
        assert!(
            text.ends_with(&format!("Stopped before the end: {reason}.\n")),
            "{text}"
        );
    }
}

#[test]
fn grading_stops_and_never_guesses_a_grade() {
    let zero = Budget::unlimited().with_time_limit(Duration::ZERO);
    let einstein = kongming_zebra_csp::einstein();
    assert_eq!(
        Solver::new(&einstein).budget(zero).rate(),
        Rating::Stopped(StopReason::TimeLimit)
    );
    // A puzzle that needs case splits, stopped during its count.
    let open: Puzzle = "a: a1 a2 a3\nb: b1 b2 b3\n".parse().unwrap();
    assert!(matches!(open.difficulty(), Difficulty::CaseSplits { splits } if splits > 1));
    let one = Budget::unlimited().with_node_limit(1);
    let grade = Solver::new(&open).budget(one).rate();
    assert_eq!(grade, Rating::Stopped(StopReason::NodeLimit));
    assert_eq!(grade.difficulty(), None);
}

/// Checks the puzzles a stopped batch made (unique by brute force, the
/// seeds in order) and that it ended on the stop, with nothing half-made.
fn check_stopped_batch(generator: &Generator<'_>, reason: StopReason) {
    let mut batch = generator.generate_batch(0..u64::MAX);
    for (made, generated) in (0u64..).zip(batch.by_ref()) {
        assert_eq!(generated.seed, made);
        let oracle = Oracle::new(&generated.puzzle.to_string());
        assert_eq!(oracle.count_brute(2), 1, "{}", generated.puzzle);
        assert!(oracle.holds(generated.solution.houses()));
    }
    assert_eq!(batch.outcome(), Some(Outcome::Stopped(reason)));
    assert_eq!(batch.next(), None);
}

#[test]
fn a_batch_stops_on_a_time_limit_and_keeps_what_it_made() {
    let budget = Budget::unlimited().with_time_limit(SHORT);
    let generator = Generator::new(4, 3).unwrap().budget(budget);
    check_stopped_batch(&generator, StopReason::TimeLimit);
    // One puzzle too: a 10×10 takes far longer than a few milliseconds.
    let budget = Budget::unlimited().with_time_limit(SHORT);
    let cut = Generator::new(10, 10).unwrap().budget(budget).generate(1);
    assert_eq!(cut, Err(GenerateError::Stopped(StopReason::TimeLimit)));
}

#[test]
fn a_batch_stops_when_another_thread_cancels() {
    let (flag, canceller) = cancel_soon();
    let budget = Budget::unlimited().with_cancel_flag(flag);
    let generator = Generator::new(4, 3).unwrap().budget(budget);
    check_stopped_batch(&generator, StopReason::Cancelled);
    canceller.join().unwrap();
}

#[test]
fn a_batch_is_the_seeds_generated_one_by_one() {
    let generator = Generator::new(5, 4).unwrap();
    let batch: Vec<_> = generator.generate_batch(3..7).collect();
    assert_eq!(batch.len(), 4);
    for generated in batch {
        let alone = Generator::new(5, 4).unwrap().generate(generated.seed);
        assert_eq!(alone, Ok(generated));
    }
    let mut empty = generator.generate_batch(5..5);
    assert_eq!(empty.next(), None);
    assert_eq!(empty.outcome(), Some(Outcome::Complete));
}

#[test]
fn a_progress_callback_can_cancel() {
    let flag = CancelFlag::new();
    let raise = flag.clone();
    let puzzle = wide();
    let mut solver = Solver::new(&puzzle)
        .budget(Budget::unlimited().with_cancel_flag(flag))
        .on_progress(move |report: &Progress| {
            assert!(report.done > 0);
            raise.cancel();
        });
    let count = solver.count();
    assert_eq!(count.outcome(), Outcome::Stopped(StopReason::Cancelled));
    assert!(count.count() > 0);

    let flag = CancelFlag::new();
    let raise = flag.clone();
    let generator = Generator::new(6, 6)
        .unwrap()
        .budget(Budget::unlimited().with_cancel_flag(flag))
        .on_progress(move |report: &Progress<Stage>| {
            if report.stage == Stage::DroppingClues {
                raise.cancel();
            }
        });
    // Stopped while dropping clues: no puzzle, not even the one with every
    // clue it had.
    assert_eq!(
        generator.generate(0),
        Err(GenerateError::Stopped(StopReason::Cancelled))
    );
}

#[test]
fn the_crate_never_reads_the_clock_itself() {
    // Only the core's meter reads the clock, and only with a time limit
    // (`Instant::now` panics on wasm32-unknown-unknown).
    let mut dirs = vec![std::path::PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src"
    ))];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                // Modules of their own folder (src/english/).
                dirs.push(path);
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            assert!(!text.contains("Instant::now"), "{}", path.display());
            assert!(!text.contains("SystemTime"), "{}", path.display());
        }
    }
}
