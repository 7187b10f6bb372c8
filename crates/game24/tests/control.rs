//! Issue 18, point 1: long work stops on a time limit or a cancel flag
//! raised from another thread, says so, and keeps what it found — checked
//! against the unbounded answers (the general search, hand by hand) and
//! by replaying every solution kept through the answer checker.

use std::collections::HashSet;
use std::thread;
use std::time::Duration;

use kongming_game24::{
    Budget, CancelFlag, Canonical, Check, Expr, Game, HandReport, HandSize, Outcome, Solver,
    StopReason, Survey, Verdict, hands,
};

/// Raises a fresh flag from another thread after `ms` milliseconds.
fn cancel_after(ms: u64) -> (CancelFlag, thread::JoinHandle<()>) {
    let flag = CancelFlag::new();
    let remote = flag.clone();
    let handle = thread::spawn(move || {
        thread::sleep(Duration::from_millis(ms));
        remote.cancel();
    });
    (flag, handle)
}

fn in_ms(ms: u64) -> Budget {
    Budget::unlimited().with_time_limit(Duration::from_millis(ms))
}

/// Every solution kept makes the target with the hand, and no two are
/// the same solution.
fn all_valid_and_distinct(game: &Game, found: &[Expr]) {
    let mut classes = HashSet::new();
    for e in found {
        assert_eq!(game.check_answer(&e.to_string()), Check::Solved, "{e}");
        assert!(
            classes.insert(Canonical::of(e).expect("a value")),
            "{e} twice"
        );
    }
}

/// Seven numbers: listing them all takes seconds even in release.
fn seven() -> Game {
    "1 2 3 4 5 6 7".parse().expect("a game")
}

#[test]
fn a_time_limit_stops_a_stream_which_keeps_its_solutions() {
    let game = seven();
    let mut stream = game.iter_solutions().expect("rules").budget(in_ms(5));
    let found: Vec<Expr> = stream.by_ref().collect();
    assert_eq!(
        stream.outcome(),
        Some(Outcome::Stopped(StopReason::TimeLimit))
    );
    // The clock is first read after a few thousand nodes, by which time
    // the first solutions are found.
    assert!(!found.is_empty());
    all_valid_and_distinct(&game, &found);
    assert_eq!(stream.next(), None); // fused, and still stopped
    assert_eq!(
        stream.outcome(),
        Some(Outcome::Stopped(StopReason::TimeLimit))
    );
}

#[test]
fn a_cancel_from_another_thread_stops_a_stream() {
    let game = seven();
    let (flag, canceller) = cancel_after(5);
    let budget = Budget::unlimited().with_cancel_flag(flag);
    let mut stream = game.iter_solutions().expect("rules").budget(budget);
    let found: Vec<Expr> = stream.by_ref().collect();
    canceller.join().expect("no panic");
    assert_eq!(
        stream.outcome(),
        Some(Outcome::Stopped(StopReason::Cancelled))
    );
    assert!(!found.is_empty());
    all_valid_and_distinct(&game, &found);
}

#[test]
fn a_stopped_stream_gives_a_prefix_of_the_whole_list() {
    // Deterministic: a node limit. What a stopped stream gave is what the
    // unbounded one gives first, in the same order.
    let game: Game = "1 2 3 4 5".parse().expect("a game");
    let whole: Vec<Expr> = game.iter_solutions().expect("rules").collect();
    let mut stopped = 0;
    for limit in (0..100_000).step_by(37) {
        let mut stream = game
            .iter_solutions()
            .expect("rules")
            .budget(Budget::unlimited().with_node_limit(limit));
        let part: Vec<Expr> = stream.by_ref().collect();
        assert_eq!(part[..], whole[..part.len()], "limit {limit}");
        if stream.outcome() == Some(Outcome::Complete) {
            assert_eq!(part.len(), whole.len());
            break;
        }
        assert_eq!(
            stream.outcome(),
            Some(Outcome::Stopped(StopReason::NodeLimit))
        );
        stopped += 1;
    }
    assert!(stopped > 10);
}

#[test]
fn a_stream_past_i64_keeps_valid_solutions_under_any_limit() {
    // MAX*2 overflows on the way to 1: the machine search ends, and the
    // exact one goes on. Under a node limit the two together stop; the
    // list kept is still valid, and without a limit it is the whole one.
    const MAX: i64 = i64::MAX;
    let game = Game::new(&[MAX, MAX, 2, 2], 1).expect("a hand");
    let mut whole = game.iter_solutions().expect("rules");
    let all: Vec<Expr> = whole.by_ref().collect();
    assert_eq!(whole.outcome(), Some(Outcome::Complete));
    all_valid_and_distinct(&game, &all);
    let mut machine_nodes = 0;
    for limit in (0..4_000).step_by(97) {
        let mut stream = game
            .iter_solutions()
            .expect("rules")
            .budget(Budget::unlimited().with_node_limit(limit));
        let part: Vec<Expr> = stream.by_ref().collect();
        all_valid_and_distinct(&game, &part);
        match stream.outcome() {
            Some(Outcome::Complete) => {
                assert_eq!(part.len(), all.len());
                break;
            }
            Some(Outcome::Stopped(StopReason::NodeLimit)) => {
                assert!(part.len() <= all.len());
                machine_nodes = limit;
            }
            other => panic!("{other:?}"),
        }
    }
    assert!(machine_nodes > 0);
}

#[test]
fn a_time_limit_stops_a_yes_no_without_an_answer() {
    // 1..7 cannot make 100000: proving it takes about a million nodes.
    let hand = [1, 2, 3, 4, 5, 6, 7];
    let mut solver = Solver::new(100_000).budget(in_ms(5));
    assert_eq!(
        solver.solvable(&hand),
        Ok(Verdict::Stopped(StopReason::TimeLimit))
    );
    let (flag, canceller) = cancel_after(5);
    let mut solver = Solver::new(100_000).budget(Budget::unlimited().with_cancel_flag(flag));
    assert_eq!(
        solver.solvable(&hand),
        Ok(Verdict::Stopped(StopReason::Cancelled))
    );
    canceller.join().expect("no panic");
    // A node limit: each call starts it afresh.
    let mut solver = Solver::new(100_000).budget(Budget::unlimited().with_node_limit(1_000));
    for _ in 0..3 {
        assert_eq!(
            solver.solvable(&hand),
            Ok(Verdict::Stopped(StopReason::NodeLimit))
        );
    }
    assert_eq!(
        solver.solvable(&[3, 3, 8, 8]).map(|v| v.known()),
        Ok(Some(false))
    );
}

#[test]
fn a_solver_stream_takes_the_solvers_budget() {
    let mut solver = Solver::new(24).budget(Budget::unlimited().with_node_limit(3_000));
    let mut stream = solver
        .iter_solutions(&[1, 2, 3, 4, 5, 6, 7])
        .expect("rules");
    let part: Vec<Expr> = stream.by_ref().collect();
    assert_eq!(
        stream.outcome(),
        Some(Outcome::Stopped(StopReason::NodeLimit))
    );
    all_valid_and_distinct(&seven(), &part);
    // The fast path answers whole.
    let mut four = solver.iter_solutions(&[1, 2, 3, 4]).expect("rules");
    assert_eq!(four.by_ref().count(), 3);
    assert_eq!(four.outcome(), Some(Outcome::Complete));
}

/// The hands of a yes/no survey that the general search must answer:
/// five numbers, about a tenth of a second in release for all of them.
fn five_number_hands() -> impl Iterator<Item = Vec<i64>> {
    hands(HandSize::new(5).expect("a hand size"), 1..=13).max_copies(4)
}

/// The first `n` hands, answered one by one without limits.
fn solvable_among_first(n: usize) -> usize {
    five_number_hands()
        .take(n)
        .filter(|hand| {
            Game::new(hand, 24)
                .expect("a hand")
                .solvable()
                .expect("exact")
        })
        .count()
}

#[test]
fn a_time_limit_stops_a_survey_which_keeps_its_tally() {
    let tally = Survey::new(24)
        .budget(in_ms(20))
        .solvable(five_number_hands())
        .expect("exact");
    assert_eq!(tally.outcome, Outcome::Stopped(StopReason::TimeLimit));
    assert!(tally.hands > 0 && tally.hands < 6175);
    assert_eq!(tally.solvable, solvable_among_first(tally.hands));
}

#[test]
fn a_cancel_from_another_thread_stops_a_survey() {
    let (flag, canceller) = cancel_after(20);
    let mut reports: Vec<HandReport> = Vec::new();
    // Many hands of four numbers (the fast path), then hands of five.
    let many = hands(HandSize::new(4).expect("a hand size"), 1..=60).chain(five_number_hands());
    let tally = Survey::new(24)
        .budget(Budget::unlimited().with_cancel_flag(flag))
        .solutions(many, |report| reports.push(report.clone()))
        .expect("exact");
    canceller.join().expect("no panic");
    assert_eq!(tally.outcome, Outcome::Stopped(StopReason::Cancelled));
    assert!(tally.hands > 0);
    // Only finished hands are counted and reported, each one whole.
    assert_eq!(reports.len(), tally.hands);
    assert_eq!(
        reports.iter().map(|r| r.solutions.len()).sum::<usize>(),
        tally.solutions
    );
    for (k, report) in reports.iter().enumerate().step_by(1 + tally.hands / 300) {
        assert_eq!(report.done, k + 1);
        let game = Game::new(&report.hand, 24).expect("a hand");
        let mut theirs: Vec<String> = report.solutions.iter().map(Expr::to_string).collect();
        let mut ours: Vec<String> = game
            .solutions()
            .expect("exact")
            .iter()
            .map(Expr::to_string)
            .collect();
        theirs.sort();
        ours.sort();
        assert_eq!(theirs, ours, "{:?}", report.hand);
    }
}

#[test]
fn a_survey_stopped_inside_a_hand_does_not_count_it() {
    // Seven numbers: the general search of the second hand runs out.
    let hands = vec![
        vec![1, 2, 3, 4],
        vec![1, 2, 3, 4, 5, 6, 7],
        vec![3, 3, 8, 8],
    ];
    let mut reported = 0;
    let tally = Survey::new(24)
        .budget(Budget::unlimited().with_node_limit(5_000))
        .solutions(hands, |_| reported += 1)
        .expect("exact");
    assert_eq!(tally.outcome, Outcome::Stopped(StopReason::NodeLimit));
    assert_eq!(
        (tally.hands, tally.solvable, tally.solutions, reported),
        (1, 1, 3, 1)
    );
}

#[test]
fn survey_progress_counts_hands_and_knows_the_total() {
    let mut reports = Vec::new();
    let tally = Survey::new(24)
        .on_progress(|p| reports.push((p.done, p.total, p.found)))
        .solutions(hands(HandSize::new(4).expect("a hand size"), 1..=5), |_| {})
        .expect("exact");
    assert_eq!(reports.len(), 70);
    for (k, report) in reports.iter().enumerate() {
        assert_eq!((report.0, report.1), (k as u64 + 1, Some(70)));
    }
    assert_eq!(reports.last().map(|r| r.2), Some(tally.solutions as u64));
    // An iterator that does not know its length gives no total.
    let mut totals = Vec::new();
    let unknown = hands(HandSize::new(2).expect("a hand size"), 1..=3).filter(|h| h[0] != 2);
    Survey::new(4)
        .on_progress(|p| totals.push(p.total))
        .solvable(unknown)
        .expect("exact");
    assert_eq!(totals, [None, None, None, None]);
}
