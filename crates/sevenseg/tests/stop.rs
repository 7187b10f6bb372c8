//! Long work stops when its budget says so (a time limit of a few
//! milliseconds, a cancel flag raised from another thread or from a
//! progress callback, a node limit) and keeps what it found: the fixes and
//! puzzles found before the stop are exactly the first ones of the
//! unbounded run, each checked by the tests' own oracles.

mod common;

use std::collections::BTreeSet;
use std::thread;
use std::time::Duration;

use common::{Kind, OracleStyle, ascii, one_stick, oracle_true, replay};
use kongming_sevenseg::{
    Budget, CancelFlag, Change, Equation, Fix, Generator, Outcome, Puzzle, Solver, StopReason,
};

/// 63 glyphs; moving three sticks makes about 1.5 million true equations
/// (seconds in release, far longer in debug).
const LONG: &str = "1+2+3+4+5+6+7+8+9+1+2+3+4+5+6+7+8+9+1+2+3+4+5+6+7+8+9+1+2+3=126";

fn long() -> Equation {
    LONG.parse().unwrap()
}

/// Each fix moves three sticks (replayed on the tests' own stick table),
/// is true by the tests' own evaluator, and differs from the others.
fn check_fixes(fixes: &[Fix]) {
    let mut seen = BTreeSet::new();
    for fix in fixes {
        let text = ascii(&fix.to_string());
        let (before, after) = replay(LONG, fix, OracleStyle::default());
        assert_eq!(
            (before, fix.removed().len(), fix.added().len()),
            (after, 3, 3)
        );
        assert!(oracle_true(&text), "{text}");
        assert!(seen.insert(text), "{fix} twice");
    }
}

/// The first `n` fixes of the unbounded stream.
fn first_fixes(n: usize) -> Vec<Fix> {
    let eq = long();
    let solver = Solver::new(Change::Move(3));
    solver.fixes(&eq).unwrap().take(n).collect()
}

#[test]
fn a_time_limit_stops_the_solver_and_keeps_its_fixes() {
    let budget = Budget::unlimited().with_time_limit(Duration::from_millis(5));
    let solver = Solver::new(Change::Move(3)).budget(budget);
    let solutions = solver.solve(&long()).unwrap();
    assert_eq!(solutions.outcome(), Outcome::Stopped(StopReason::TimeLimit));
    // The clock is read every 4 096 nodes, and fixes come every few nodes
    // from the first on, so some were found before any look at it.
    let kept = solutions.fixes();
    assert!(!kept.is_empty());
    check_fixes(kept);
    assert_eq!(kept, first_fixes(kept.len()));
    assert_eq!(solutions.stats().solutions, kept.len() as u64);
}

#[test]
fn a_cancel_flag_raised_from_another_thread_stops_the_stream() {
    let flag = CancelFlag::new();
    let solver =
        Solver::new(Change::Move(3)).budget(Budget::unlimited().with_cancel_flag(flag.clone()));
    let eq = long();
    let mut fixes = solver.fixes(&eq).unwrap();
    let mut kept = vec![fixes.next().expect("a first fix")];
    thread::scope(|scope| {
        scope.spawn(|| {
            thread::sleep(Duration::from_millis(5));
            flag.cancel();
        });
        kept.extend(fixes.by_ref());
    });
    assert_eq!(
        fixes.outcome(),
        Some(Outcome::Stopped(StopReason::Cancelled))
    );
    assert_eq!(fixes.next(), None, "a stopped stream stays ended");
    check_fixes(&kept);
    assert_eq!(kept, first_fixes(kept.len()));
}

#[test]
fn a_node_limit_stops_the_solver_at_the_limit() {
    let eq = long();
    for limit in [0, 1, 100, 4_096, 10_000] {
        let solver =
            Solver::new(Change::Move(3)).budget(Budget::unlimited().with_node_limit(limit));
        let solutions = solver.solve(&eq).unwrap();
        assert_eq!(solutions.outcome(), Outcome::Stopped(StopReason::NodeLimit));
        assert_eq!(solutions.stats().nodes, limit);
        check_fixes(solutions.fixes());
        assert_eq!(solutions.fixes(), first_fixes(solutions.fixes().len()));
    }
}

/// Many true equations (two-digit operands, sums and differences up to
/// 198): about 15 000, seconds of work in release.
fn big_generator<'a>() -> Generator<'a> {
    Generator::new(Change::Move(1))
        .unwrap()
        .max_operand(99)
        .max_result(198)
}

/// Each puzzle's only one-stick fix, by the tests' stick-by-stick
/// enumeration, is its fix, and the fix is true.
fn check_puzzles(puzzles: &[Puzzle]) {
    for p in puzzles {
        let text = ascii(&p.to_string());
        let fixes = one_stick::fixes(&text, Kind::Move, false, OracleStyle::default(), false);
        let want: BTreeSet<String> = [ascii(&p.fix().to_string())].into();
        assert_eq!(fixes, want, "{p}");
    }
}

/// The first `n` puzzles of the unbounded stream.
fn first_puzzles(n: usize) -> Vec<Puzzle> {
    big_generator().puzzles().take(n).collect()
}

#[test]
fn a_time_limit_stops_the_generator_and_keeps_its_puzzles() {
    let budget = Budget::unlimited().with_time_limit(Duration::from_millis(5));
    let generator = big_generator().budget(budget);
    // Collected: stopped, and what it kept is what the unbounded run gives
    // first (sorted by equation, as `all` sorts).
    let all = generator.all();
    assert_eq!(all.outcome(), Outcome::Stopped(StopReason::TimeLimit));
    check_puzzles(all.puzzles());
    let mut first = first_puzzles(all.puzzles().len());
    first.sort_by(|a, b| a.equation().cmp(b.equation()));
    assert_eq!(all.puzzles(), first);

    // Streamed, with the clock run out after the first puzzle (a longer
    // limit, so that the first puzzle surely comes before it): the puzzles
    // found by then are still given.
    let budget = Budget::unlimited().with_time_limit(Duration::from_millis(100));
    let streamed = big_generator().budget(budget);
    let mut stream = streamed.puzzles();
    let mut kept = vec![stream.next().expect("a first puzzle")];
    thread::sleep(Duration::from_millis(150));
    kept.extend(stream.by_ref());
    assert_eq!(
        stream.outcome(),
        Some(Outcome::Stopped(StopReason::TimeLimit))
    );
    check_puzzles(&kept);
    assert_eq!(kept, first_puzzles(kept.len()));

    // Drawn at random: the puzzles drawn before the stop are the first
    // ones the seed gives.
    let drawn = generator.generate_batch(7, 100_000);
    assert_eq!(drawn.outcome(), Outcome::Stopped(StopReason::TimeLimit));
    check_puzzles(drawn.puzzles());
    let n = drawn.puzzles().len();
    let unbounded = big_generator().generate_batch(7, n);
    assert_eq!(drawn.puzzles(), unbounded.puzzles());
}

#[test]
fn a_cancel_flag_raised_from_another_thread_stops_the_generator() {
    let flag = CancelFlag::new();
    let generator = big_generator().budget(Budget::unlimited().with_cancel_flag(flag.clone()));
    let mut stream = generator.puzzles();
    let mut kept = vec![stream.next().expect("a first puzzle")];
    thread::scope(|scope| {
        scope.spawn(|| {
            thread::sleep(Duration::from_millis(5));
            flag.cancel();
        });
        kept.extend(stream.by_ref());
    });
    assert_eq!(
        stream.outcome(),
        Some(Outcome::Stopped(StopReason::Cancelled))
    );
    check_puzzles(&kept);
    assert_eq!(kept, first_puzzles(kept.len()));
    // The flag stays raised: another run stops at once, keeping nothing.
    let all = generator.all();
    assert_eq!(all.outcome(), Outcome::Stopped(StopReason::Cancelled));
    assert!(all.puzzles().is_empty());
}

#[test]
fn a_cancel_flag_raised_by_the_progress_callback_stops_after_that_equation() {
    // Raised after the third true equation: the run gives exactly the
    // puzzles of the first three.
    let flag = CancelFlag::new();
    let raise = flag.clone();
    let generator = big_generator()
        .budget(Budget::unlimited().with_cancel_flag(flag))
        .on_progress(move |report| {
            if report.done == 3 {
                raise.cancel();
            }
        });
    let kept: Vec<Puzzle> = {
        let mut stream = generator.puzzles();
        let kept = stream.by_ref().collect();
        assert_eq!(
            stream.outcome(),
            Some(Outcome::Stopped(StopReason::Cancelled))
        );
        kept
    };
    let plain = big_generator();
    let want: Vec<Puzzle> = plain.true_equations()[..3]
        .iter()
        .flat_map(|truth| plain.puzzles_for(truth).into_puzzles())
        .collect();
    assert!(!want.is_empty());
    assert_eq!(kept, want);
}

#[test]
fn node_limits_give_prefixes_of_the_unbounded_run() {
    let generator = Generator::new(Change::Move(1)).unwrap();
    let every: Vec<Puzzle> = generator.puzzles().collect();
    let mut last = 0;
    for limit in [0, 10, 100, 1_000, 3_000, 10_000, 30_000] {
        let bounded = Generator::new(Change::Move(1))
            .unwrap()
            .budget(Budget::unlimited().with_node_limit(limit));
        let mut stream = bounded.puzzles();
        let kept: Vec<Puzzle> = stream.by_ref().collect();
        check_puzzles(&kept);
        assert_eq!(kept, every[..kept.len()], "limit {limit}");
        assert!(kept.len() >= last, "more nodes, no fewer puzzles");
        last = kept.len();
        let complete = kept.len() == every.len();
        match stream.outcome() {
            Some(Outcome::Complete) => assert!(complete),
            Some(Outcome::Stopped(StopReason::NodeLimit)) => {}
            other => panic!("{other:?}"),
        }
        // The same budget on one true equation, and on draws.
        let truth = &generator.true_equations()[0];
        let one = bounded.puzzles_for(truth);
        let whole = generator.puzzles_for(truth);
        assert_eq!(one.puzzles(), &whole.puzzles()[..one.puzzles().len()]);
        let drawn = bounded.generate_batch(3, 20);
        let unbounded = generator.generate_batch(3, drawn.puzzles().len());
        assert_eq!(drawn.puzzles(), unbounded.puzzles());
    }
    assert!(last > 0);
}

#[test]
fn work_cut_short_proves_nothing_and_keeps_what_it_proved() {
    // Every node limit up to 200 cuts some search for a candidate's fixes
    // between its first fix and its end: the candidate is then not known
    // to have one fix, and must not be given.
    // And a run stopped inside a true equation still gives the puzzles of
    // it proved before the stop.
    let generator = Generator::new(Change::Move(1)).unwrap();
    let every: Vec<Puzzle> = generator.puzzles().collect();
    let mut boundaries = vec![0];
    for truth in generator.true_equations() {
        let n = generator.puzzles_for(&truth).puzzles().len();
        boundaries.push(boundaries.last().unwrap() + n);
    }
    let (mut streamed_inside, mut one_inside) = (0, 0);
    for limit in 0..200 {
        let bounded = Generator::new(Change::Move(1))
            .unwrap()
            .budget(Budget::unlimited().with_node_limit(limit));
        let kept: Vec<Puzzle> = bounded.puzzles().collect();
        check_puzzles(&kept);
        assert_eq!(kept, every[..kept.len()], "limit {limit}");
        streamed_inside += usize::from(!boundaries.contains(&kept.len()));
        let first = &generator.true_equations()[0];
        let one = bounded.puzzles_for(first);
        let whole = generator.puzzles_for(first).into_puzzles();
        assert_eq!(one.puzzles(), &whole[..one.puzzles().len()]);
        one_inside += usize::from(!one.puzzles().is_empty() && one.puzzles().len() < whole.len());
    }
    assert!(
        streamed_inside > 0,
        "no stream stopped inside a true equation kept its puzzles"
    );
    assert!(
        one_inside > 0,
        "no run of `puzzles_for` stopped inside kept its puzzles"
    );
}
