//! How soon a census stops after its time limit, on the English board
//! (issue 18: within a tenth of a second). Release only:
//! `cargo test --release -p kongming-peg-bitboard -- --ignored`.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use kongming_peg_bitboard::{Board, Budget, Census, Outcome, Stage, StopReason, Verdict};

/// The most a call may run past its time limit.
const MARGIN: Duration = Duration::from_millis(100);

/// Runs `call` with a budget of `limit` and checks that it stopped for
/// its time limit within [`MARGIN`] of it, or finished in time. What the
/// call gives back with its outcome (a census) is dropped after the
/// clock stops: the census gives its memory back then.
///
/// The clock also counts time the thread spends descheduled, so on a
/// machine whose cores other work shares a late stop is run once more:
/// the census fails the check only if it is late twice running.
fn stops_in_time<T>(what: &str, limit: Duration, mut call: impl FnMut(Budget) -> (Outcome, T)) {
    let mut late = None;
    for _ in 0..2 {
        let budget = Budget::unlimited().with_time_limit(limit);
        let started = Instant::now();
        let (outcome, kept) = call(budget);
        let elapsed = started.elapsed();
        drop(kept);
        println!("{what}, limit {limit:?}: {outcome:?} after {elapsed:?}");
        match outcome {
            Outcome::Stopped(StopReason::TimeLimit) => {
                assert!(
                    elapsed >= limit,
                    "{what}: stopped after {elapsed:?}, before {limit:?}"
                );
            }
            Outcome::Complete => {}
            other => panic!("{what}: {other:?}"),
        }
        if elapsed <= limit + MARGIN {
            return;
        }
        late = Some(elapsed);
    }
    panic!("{what}: stopped after {late:?} twice running, for a limit of {limit:?}");
}

/// The outcome of a verdict: complete unless stopped.
fn outcome_of(verdict: &Verdict) -> Outcome {
    match verdict {
        Verdict::Stopped(reason) => Outcome::Stopped(*reason),
        _ => Outcome::Complete,
    }
}

/// `census` run by `call` under `budget`, then given back with no budget.
fn bounded<T>(
    census: &mut Option<Census>,
    budget: Budget,
    call: impl FnOnce(&mut Census) -> T,
) -> T {
    let mut bounded = census.take().expect("a census").budget(budget);
    let result = call(&mut bounded);
    *census = Some(bounded.budget(Budget::unlimited()));
    result
}

#[test]
#[ignore = "release: cargo test --release -p kongming-peg-bitboard -- --ignored"]
fn an_english_census_stops_within_a_tenth_of_a_second_of_its_time_limit() {
    let board = Board::english();
    let cell = |name: &str| board.cell(name).unwrap();
    let ms = Duration::from_millis;
    // Every position reachable from the centre start (23 million up to
    // symmetry, levels of up to 3.6 million), stopped at points spread
    // over its levels.
    let centre = board.start(cell("d4")).unwrap();
    for limit in [ms(20), ms(1_000), ms(3_000)] {
        stops_in_time("centre, reachable", limit, |budget| {
            let mut census = Census::new(&centre).budget(budget);
            (census.reachable().unwrap().outcome(), census)
        });
    }
    // From c1 to c7: one symmetry kept, 26.7 million winnable positions,
    // the English census's largest levels (1.8 GB at the peak). Its
    // stages timed whole first, each is then stopped a third of the way
    // through:
    // the forward search, the backward one, the join at the middle, the
    // winnable levels either side; then, after the winnable positions,
    // the solutions' counts of paths and the fewest moves' indices and
    // levels.
    let start = board.start(cell("c1")).unwrap();
    let end = board.position(cell("c7").bit()).unwrap();
    let times = Arc::new(Mutex::new(Vec::new()));
    let log = Arc::clone(&times);
    let started = Instant::now();
    let mut census = Census::new(&start)
        .with_target(&end)
        .unwrap()
        .on_progress(move |report| log.lock().unwrap().push((report.stage, started.elapsed())));
    let winnable = census.winnable().unwrap();
    let whole = started.elapsed();
    assert!(winnable.outcome().is_complete());
    let times = times.lock().unwrap().clone();
    // When each stage ended (the join ends with the first winnable level).
    let last_of = |stage: Stage| times.iter().rev().find(|(s, _)| *s == stage).unwrap().1;
    let first_of = |stage: Stage| times.iter().find(|(s, _)| *s == stage).unwrap().1;
    let marks = [
        Duration::ZERO,
        last_of(Stage::Reachable),
        last_of(Stage::Backward),
        first_of(Stage::Winnable),
        whole,
    ];
    let stages = ["forward", "backward", "join", "winnable levels"];
    for (stage, pair) in stages.iter().zip(marks.windows(2)) {
        let limit = pair[0] + (pair[1] - pair[0]) / 3;
        stops_in_time(
            &format!("c1 to c7, winnable, in the {stage}"),
            limit,
            |budget| {
                let mut census = Census::new(&start)
                    .with_target(&end)
                    .unwrap()
                    .budget(budget);
                (census.winnable().unwrap().outcome(), census)
            },
        );
    }
    let mut census = Some(census);
    for limit in [ms(10), ms(1_200)] {
        stops_in_time("c1 to c7, solutions", limit, |budget| {
            let outcome = bounded(&mut census, budget, |census| {
                census.solutions().unwrap().outcome()
            });
            (outcome, ())
        });
    }
    for limit in [ms(10), ms(2_000)] {
        stops_in_time("c1 to c7, fewest moves", limit, |budget| {
            let outcome = bounded(&mut census, budget, |census| {
                outcome_of(&census.fewest_moves().unwrap())
            });
            (outcome, ())
        });
    }
}
