//! Bounding, stopping and observing: every long operation stops on its
//! budget (node limit, time limit, a flag raised from another thread or
//! from its progress callback), says so, and keeps what it finished;
//! nothing cut short is reported as a proof. Checked against the same
//! work done whole, against published figures and against brute force.

use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use kongming_peg_bitboard::{
    Board, Budget, CancelFlag, Census, Goal, LevelCounts, Outcome, Position, Solver, Stage,
    StopReason, Verdict,
};

/// OEIS A112737: English board, centre start, positions up to symmetry
/// after each number of jumps (the first levels).
const A112737: [u64; 12] = [1, 1, 2, 8, 39, 171, 719, 2757, 9751, 31312, 89927, 229614];

/// A census of the triangle of 6 rows from its top hole back to it.
fn triangle_census() -> Census {
    let board = Board::triangular(6).unwrap();
    let top = board.cells().next().unwrap();
    let start = board.start(top).unwrap();
    Census::new(&start)
        .with_target(&board.position(top.bit()).unwrap())
        .unwrap()
}

/// The English board's centre start.
fn english_centre() -> Position {
    let board = Board::english();
    board.start(board.cell("d4").unwrap()).unwrap()
}

/// A budget whose flag another thread raises after `millis` ms: the
/// thread, to join.
fn cancelled_after(millis: u64) -> (Budget, thread::JoinHandle<()>) {
    let flag = CancelFlag::new();
    let remote = flag.clone();
    let canceller = thread::spawn(move || {
        thread::sleep(Duration::from_millis(millis));
        remote.cancel();
    });
    (Budget::unlimited().with_cancel_flag(flag), canceller)
}

/// Checks that `stopped` (counts of work stopped for `reason`) holds the
/// levels of `complete` it says it counted, exactly, and no more than
/// `complete` elsewhere.
fn keeps_finished_levels(stopped: &LevelCounts, complete: &LevelCounts, reason: StopReason) {
    assert_eq!(stopped.outcome(), Outcome::Stopped(reason));
    assert_eq!(complete.outcome(), Outcome::Complete);
    for level in 0..stopped.total().len() {
        if stopped.is_counted(level) {
            assert_eq!(
                stopped.total()[level],
                complete.total()[level],
                "level {level}"
            );
            assert_eq!(
                stopped.up_to_symmetry()[level],
                complete.up_to_symmetry()[level]
            );
        } else {
            assert_eq!(stopped.total()[level], 0);
        }
    }
    assert!(stopped.sum() <= complete.sum());
}

#[test]
fn a_census_stopped_by_its_node_limit_keeps_the_levels_it_finished() {
    let mut whole = triangle_census();
    let reachable = whole.reachable().unwrap();
    let winnable = whole.winnable().unwrap();
    let solutions = whole.solutions().unwrap();
    assert_eq!(solutions.outcome(), Outcome::Complete);
    let fewest = whole.fewest_moves().unwrap();
    assert!(matches!(fewest, Verdict::Solved(_)));
    // Every limit from a few positions to more than all of them, and the
    // winnable levels counted from the middle outwards.
    let (mut stopped_winnable, mut partly_counted) = (0, 0);
    let limits = (0..40).map(|k| {
        let power = 1u64 << (k / 2);
        power + (k % 2) * power / 2
    });
    for limit in limits {
        let budget = Budget::unlimited().with_node_limit(limit);
        let mut census = triangle_census().budget(budget.clone());
        let counts = census.reachable().unwrap();
        if counts.outcome().is_complete() {
            assert_eq!(counts, reachable);
        } else {
            keeps_finished_levels(&counts, &reachable, StopReason::NodeLimit);
            assert!(counts.is_counted(0) && counts.total().len() < reachable.total().len());
        }
        let mut census = triangle_census().budget(budget.clone());
        let counts = census.winnable().unwrap();
        if counts.outcome().is_complete() {
            assert_eq!(counts, winnable);
        } else {
            keeps_finished_levels(&counts, &winnable, StopReason::NodeLimit);
            stopped_winnable += 1;
            let counted = (0..counts.total().len())
                .filter(|&l| counts.is_counted(l))
                .count();
            partly_counted += usize::from(counted > 0 && counted < counts.total().len());
        }
        // A count cut short is a lower bound, never given as exact.
        let count = census.solutions().unwrap();
        match count.outcome() {
            Outcome::Complete => assert_eq!(count, solutions),
            Outcome::Stopped(reason) => {
                assert_eq!(reason, StopReason::NodeLimit);
                assert_eq!(count.exact(), None);
                assert!(count.count() <= solutions.count());
            }
        }
        // Nothing cut short is proof that no game exists.
        let verdict = census.fewest_moves().unwrap();
        assert!(
            verdict == fewest || verdict == Verdict::Stopped(StopReason::NodeLimit),
            "{verdict:?}"
        );
    }
    assert!(stopped_winnable > 5 && partly_counted > 0);
}

#[test]
fn a_census_stopped_by_its_time_limit_or_its_flag_keeps_what_it_found() {
    let start = english_centre();
    // 23 million positions: far from done in a few milliseconds.
    let budget = Budget::unlimited().with_time_limit(Duration::from_millis(5));
    let mut census = Census::new(&start).budget(budget);
    let counts = census.reachable().unwrap();
    assert_eq!(counts.outcome(), Outcome::Stopped(StopReason::TimeLimit));
    let levels = counts.up_to_symmetry().len();
    assert!(levels >= 1 && levels < A112737.len());
    assert_eq!(counts.up_to_symmetry(), &A112737[..levels]);
    // Stopped again, then raised from another thread after 5 ms.
    let (budget, canceller) = cancelled_after(5);
    let mut census = census.budget(budget);
    let counts = census.reachable().unwrap();
    canceller.join().unwrap();
    assert_eq!(counts.outcome(), Outcome::Stopped(StopReason::Cancelled));
    let levels = counts.up_to_symmetry().len();
    assert!(levels >= 1);
    assert_eq!(
        counts.up_to_symmetry(),
        &A112737[..levels.min(A112737.len())]
    );
    // The other stages, each stopped in its turn.
    let target = start.board().position(1 << 16).unwrap();
    for millis in [0, 5] {
        let budget = Budget::unlimited().with_time_limit(Duration::from_millis(millis));
        let mut census = Census::new(&start)
            .with_target(&target)
            .unwrap()
            .budget(budget);
        let winnable = census.winnable().unwrap();
        assert_eq!(winnable.outcome(), Outcome::Stopped(StopReason::TimeLimit));
        assert_eq!(census.solutions().unwrap().exact(), None);
        let verdict = census.fewest_moves().unwrap();
        assert_eq!(verdict, Verdict::Stopped(StopReason::TimeLimit));
        let mut games = census.games().unwrap();
        assert_eq!(games.next(), None);
        assert_eq!(
            games.outcome(),
            Some(Outcome::Stopped(StopReason::TimeLimit))
        );
    }
    let (budget, canceller) = cancelled_after(5);
    let mut census = Census::new(&start)
        .with_target(&target)
        .unwrap()
        .budget(budget);
    let winnable = census.winnable().unwrap();
    canceller.join().unwrap();
    assert_eq!(winnable.outcome(), Outcome::Stopped(StopReason::Cancelled));
}

#[test]
fn a_progress_callback_can_stop_a_census() {
    let flag = CancelFlag::new();
    let remote = flag.clone();
    let seen = Arc::new(Mutex::new(Vec::new()));
    let log = Arc::clone(&seen);
    let mut census = triangle_census()
        .budget(Budget::unlimited().with_cancel_flag(flag))
        .on_progress(move |report| {
            log.lock().unwrap().push((report.stage, report.done));
            if report.stage == Stage::Winnable && report.done == 3 {
                remote.cancel();
            }
        });
    let counts = census.winnable().unwrap();
    assert_eq!(counts.outcome(), Outcome::Stopped(StopReason::Cancelled));
    // The three levels reported are counted; the flag stops the next.
    let counted = (0..counts.total().len())
        .filter(|&l| counts.is_counted(l))
        .count();
    assert_eq!(counted, 3);
    let seen = seen.lock().unwrap();
    assert_eq!(seen.last(), Some(&(Stage::Winnable, 3)));
}

/// Every jump sequence from `start` to `target`, by brute force, in
/// notation.
fn every_game(start: &Position, target: &Position) -> BTreeSet<String> {
    fn walk(
        position: &Position,
        target: &Position,
        path: &mut Vec<String>,
        out: &mut BTreeSet<String>,
    ) {
        if position == target {
            out.insert(path.join(" "));
        }
        for jump in position.legal_jumps() {
            path.push(jump.name());
            walk(&position.play(jump).unwrap(), target, path, out);
            path.pop();
        }
    }
    let mut out = BTreeSet::new();
    walk(start, target, &mut Vec::new(), &mut out);
    out
}

#[test]
fn the_games_stream_gives_every_game_once_in_order() {
    let boards = [
        ("triangle of 4", Board::triangular(4).unwrap()),
        ("3 by 4", "o o o o\no o o o\no o o o".parse().unwrap()),
        ("row", "o o o o o o o".parse().unwrap()),
    ];
    let mut games_seen = 0;
    for (name, board) in boards {
        for empty in board.cells() {
            let start = board.start(empty).unwrap();
            for last in board.cells() {
                let target = board.position(last.bit()).unwrap();
                let expected = every_game(&start, &target);
                let mut census = Census::new(&start).with_target(&target).unwrap();
                let count = census.solutions().unwrap();
                let mut stream = census.games().unwrap();
                let games: Vec<_> = stream.by_ref().collect();
                assert_eq!(stream.outcome(), Some(Outcome::Complete));
                assert_eq!(stream.next(), None);
                let texts: Vec<String> = games
                    .iter()
                    .map(|game| {
                        assert_eq!(game.start(), &start);
                        assert_eq!(start.replay(game.jumps()).unwrap(), target);
                        let names: Vec<String> = game.jumps().iter().map(|j| j.name()).collect();
                        names.join(" ")
                    })
                    .collect();
                assert_eq!(
                    texts.iter().cloned().collect::<BTreeSet<_>>(),
                    expected,
                    "{name}"
                );
                assert_eq!(texts.len(), expected.len(), "{name}: a game twice");
                assert_eq!(count.exact(), Some(texts.len() as u128));
                // In the order of the board's jumps.
                let index = |game: &kongming_peg_bitboard::Solution| -> Vec<usize> {
                    let jumps = board.jumps();
                    game.jumps()
                        .iter()
                        .map(|j| jumps.iter().position(|k| k == j).unwrap())
                        .collect()
                };
                assert!(
                    games
                        .windows(2)
                        .all(|pair| index(&pair[0]) < index(&pair[1]))
                );
                games_seen += games.len();
            }
        }
    }
    assert!(games_seen > 1_000, "{games_seen}");
}

#[test]
fn the_games_stream_stops_on_its_budget_after_the_games_it_gave() {
    // The triangle of 6 rows from its top hole: more games than a few
    // milliseconds or a few thousand jumps give.
    let mut whole = triangle_census();
    let all = whole.solutions().unwrap().exact().unwrap();
    let target = whole.games().unwrap().next().unwrap().end().clone();
    let budgets = [
        (
            Budget::unlimited().with_node_limit(20_000),
            StopReason::NodeLimit,
        ),
        (
            Budget::unlimited().with_time_limit(Duration::from_millis(5)),
            StopReason::TimeLimit,
        ),
    ];
    for (budget, reason) in budgets {
        let mut census = whole.budget(budget);
        let mut stream = census.games().unwrap();
        let mut seen = HashMap::new();
        for game in stream.by_ref() {
            assert_eq!(game.end(), &target);
            *seen.entry(game.to_string()).or_insert(0) += 1;
        }
        assert_eq!(stream.outcome(), Some(Outcome::Stopped(reason)));
        assert!(seen.values().all(|&n| n == 1));
        assert!((seen.len() as u128) < all);
        whole = census.budget(Budget::unlimited());
    }
    // Raised from another thread while the stream goes on.
    let (budget, canceller) = cancelled_after(5);
    let mut census = whole.budget(budget);
    let mut stream = census.games().unwrap();
    let given = stream.by_ref().count();
    canceller.join().unwrap();
    assert_eq!(
        stream.outcome(),
        Some(Outcome::Stopped(StopReason::Cancelled))
    );
    assert!((given as u128) < all);
}

#[test]
fn the_solver_stops_on_its_budget_and_proves_nothing_then() {
    // The diamond board from e1 to one peg: not decided within millions
    // of nodes.
    let board = Board::diamond();
    let start = board.start(board.cell("e1").unwrap()).unwrap();
    let budget = Budget::unlimited().with_time_limit(Duration::from_millis(5));
    let mut solver = Solver::new(&start).goal(Goal::OnePeg).budget(budget);
    assert_eq!(
        solver.solve().unwrap(),
        Verdict::Stopped(StopReason::TimeLimit)
    );
    assert!(solver.stats().nodes > 0);
    let (budget, canceller) = cancelled_after(5);
    let mut solver = solver.budget(budget);
    assert_eq!(
        solver.solve().unwrap(),
        Verdict::Stopped(StopReason::Cancelled)
    );
    canceller.join().unwrap();
    // The fewest moves on the English board: too many positions.
    let start = english_centre();
    let budget = Budget::unlimited().with_time_limit(Duration::from_millis(5));
    let verdict = Solver::new(&start).budget(budget).fewest_moves().unwrap();
    assert_eq!(verdict, Verdict::Stopped(StopReason::TimeLimit));
    let (budget, canceller) = cancelled_after(5);
    let verdict = Solver::new(&start).budget(budget).fewest_moves().unwrap();
    canceller.join().unwrap();
    assert_eq!(verdict, Verdict::Stopped(StopReason::Cancelled));
}

#[test]
fn the_solvers_node_limit_covers_every_peg_count_of_the_fewest_pegs() {
    // For the fewest pegs the solver tries one peg count after another,
    // all within the one budget of the call: however many counts it
    // proved impossible first, a call spends no more nodes than its
    // limit, and its progress reports count on across them. (When each
    // count had a budget of its own, 53 of these 800 calls spent more:
    // 6,565 nodes for a limit of 3,000, for one.)
    let board = Board::english();
    let (mut stopped, mut solved) = (0, 0);
    for seed in 0..400u64 {
        // Positions of 8 to 19 pegs.
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut pegs = 0u64;
        while pegs.count_ones() < 8 + (seed % 12) as u32 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            pegs |= 1 << (state % 33);
        }
        let start = board.position(pegs).unwrap();
        for limit in [300, 3_000] {
            let reports = Arc::new(Mutex::new(Vec::new()));
            let log = Arc::clone(&reports);
            let mut solver = Solver::new(&start)
                .goal(Goal::FewestPegs)
                .budget(Budget::unlimited().with_node_limit(limit))
                .on_progress(move |report| log.lock().unwrap().push(report.done));
            let verdict = solver.solve().unwrap();
            let nodes = solver.stats().nodes;
            assert!(
                nodes <= limit,
                "seed {seed}: {nodes} nodes for {limit}: {verdict:?}"
            );
            let reports = reports.lock().unwrap();
            assert!(reports.windows(2).all(|pair| pair[0] <= pair[1]));
            assert!(reports.iter().all(|&done| done <= nodes));
            match verdict {
                Verdict::Stopped(StopReason::NodeLimit) => stopped += 1,
                Verdict::Solved(solution) => {
                    assert_eq!(start.replay(solution.jumps()).unwrap(), *solution.end());
                    solved += 1;
                }
                other => panic!("{other:?}"),
            }
        }
    }
    assert!(stopped > 100 && solved > 100, "{stopped} {solved}");
}
