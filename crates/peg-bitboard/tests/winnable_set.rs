//! The winnable set and hints, checked against independent answers: on
//! the 15-hole triangle, every reachable position against brute force
//! written from the rules (`tests/oracle`); on the English and French
//! boards (ignored: run in release), random positions against the solver
//! and a fresh census from each position.

mod oracle;

use std::collections::{HashMap, HashSet};

use kongming_peg_bitboard::{
    Board, Budget, Census, Goal, Hint, Jump, Outcome, Position, PositionError, Solver, Verdict,
    WinnableSet,
};
use oracle::Text;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The set of the game from `start` to one peg at `end`.
fn set_of(start: &Position, end: &str) -> WinnableSet {
    let board = start.board();
    let target = board.position(board.cell(end).unwrap().bit()).unwrap();
    Census::new(start)
        .with_target(&target)
        .unwrap()
        .winnable_set()
        .unwrap()
        .set()
        .expect("no budget: complete")
}

/// Brute force: the jump sequences from `position` to `target`, from the
/// layout text alone.
fn sequences(position: &Position, target: &Text, memo: &mut HashMap<Vec<bool>, u128>) -> u128 {
    Text::read(&position.to_string()).sequences_to(target, memo)
}

/// Every position reachable from `start`, by the crate's moves (each
/// checked against the oracle below, which has its own).
fn reachable(start: &Position) -> Vec<Position> {
    let mut seen = HashSet::from([start.pegs()]);
    let mut stack = vec![start.clone()];
    let mut all = Vec::new();
    while let Some(position) = stack.pop() {
        for jump in position.legal_jumps() {
            let next = position.play(jump).unwrap();
            if seen.insert(next.pegs()) {
                stack.push(next);
            }
        }
        all.push(position);
    }
    all
}

/// The triangle's games, from a hole to a hole: one where the start is
/// the complement of the target (one search), three where it is not.
const TRIANGLE_GAMES: [(&str, &str); 4] = [("c1", "c1"), ("c1", "c5"), ("b2", "d3"), ("c3", "c5")];

#[test]
fn triangle_sets_agree_with_brute_force_on_every_reachable_position() {
    let board = Board::triangular(5).unwrap();
    for (from, to) in TRIANGLE_GAMES {
        let start = board.start(board.cell(from).unwrap()).unwrap();
        let set = set_of(&start, to);
        let target = Text::read(&set.target().to_string());
        let mut memo = HashMap::new();
        let mut winnable = 0;
        for position in reachable(&start) {
            let left = sequences(&position, &target, &mut memo);
            let game = format!("{from} to {to}, at\n{position}");
            assert_eq!(set.solutions_left(&position).unwrap(), left, "{game}");
            assert_eq!(set.is_winnable(&position).unwrap(), left > 0, "{game}");
            winnable += u64::from(left > 0);
            let keeping: Vec<Jump> = position
                .legal_jumps()
                .into_iter()
                .filter(|&jump| sequences(&position.play(jump).unwrap(), &target, &mut memo) > 0)
                .collect();
            assert_eq!(set.winnable_jumps(&position).unwrap(), keeping, "{game}");
        }
        // Up to symmetry the set holds fewer, but never more.
        assert!(set.len() <= winnable && !set.is_empty(), "{from} to {to}");
    }
}

#[test]
fn positions_the_start_cannot_reach_are_not_in_the_set() {
    let board = Board::triangular(5).unwrap();
    let start = board.start(board.cell("c1").unwrap()).unwrap();
    let set = set_of(&start, "c1");
    let reached: HashSet<u64> = reachable(&start).iter().map(Position::pegs).collect();
    let target = Text::read(&set.target().to_string());
    let mut memo = HashMap::new();
    let mut winnable_elsewhere = 0;
    // Every position of the board with at most 14 pegs.
    for pegs in 0..board.holes() {
        let position = board.position(pegs).unwrap();
        if reached.contains(&pegs) || position.peg_count() == 15 {
            continue;
        }
        winnable_elsewhere += u32::from(sequences(&position, &target, &mut memo) > 0);
        assert!(!set.is_winnable(&position).unwrap(), "{position}");
        assert_eq!(set.solutions_left(&position).unwrap(), 0);
        assert!(set.winnable_jumps(&position).unwrap().is_empty());
        assert_eq!(set.hint(&position).unwrap(), Hint::DeadEnd);
    }
    // Some of them could reach the target in another game: the set is
    // about its own.
    assert!(winnable_elsewhere > 0);
    let other = Board::english();
    let elsewhere = other.start(other.cell("d4").unwrap()).unwrap();
    assert_eq!(set.is_winnable(&elsewhere), Err(PositionError::OtherBoard));
    assert!(set.hint(&elsewhere).is_err());
}

/// Follows `hint` from `start` until it stops pointing at a jump, each
/// jump checked to keep the game winnable by `winnable`; the last hint
/// and the position it leaves.
fn follow(
    start: &Position,
    mut hint: impl FnMut(&Position) -> Hint,
    mut winnable: impl FnMut(&Position) -> bool,
) -> (Hint, Position) {
    let mut position = start.clone();
    loop {
        let next = hint(&position);
        let Some(jump) = next.jump() else {
            return (next, position);
        };
        position = position.play(jump).expect("a hint is a legal jump");
        assert!(
            winnable(&position),
            "the hint {next} leads to a dead end:\n{position}"
        );
    }
}

#[test]
fn following_the_triangle_sets_hints_solves_every_game() {
    let board = Board::triangular(5).unwrap();
    for (from, to) in TRIANGLE_GAMES {
        let start = board.start(board.cell(from).unwrap()).unwrap();
        let set = set_of(&start, to);
        let target = Text::read(&set.target().to_string());
        let mut memo = HashMap::new();
        let (last, end) = follow(
            &start,
            |p| set.hint(p).unwrap(),
            |p| sequences(p, &target, &mut memo) > 0,
        );
        assert_eq!((last, &end), (Hint::Solved, set.target()));
        // Each hint's count is the brute force's, after its jump.
        let mut position = start.clone();
        while let Hint::Next { jump, solutions } = set.hint(&position).unwrap() {
            position = position.play(jump).unwrap();
            assert_eq!(solutions, Some(sequences(&position, &target, &mut memo)));
        }
    }
}

#[test]
fn the_solvers_hints_solve_every_triangle_start_and_never_lead_to_a_dead_end() {
    let board = Board::triangular(5).unwrap();
    for cell in board.cells() {
        let start = board.start(cell).unwrap();
        let (last, end) = follow(
            &start,
            |p| Solver::new(p).hint().unwrap(),
            |p| Text::read(&p.to_string()).fewest_pegs() == 1,
        );
        assert_eq!(last, Hint::Solved, "from {}", cell.name());
        assert_eq!(end.peg_count(), 1);
    }
    // A sample of reachable positions, lost or not, from the top.
    let start = board.start(board.cell("c1").unwrap()).unwrap();
    let goal = board.cell("c1").unwrap();
    let target = Text::read(&board.position(goal.bit()).unwrap().to_string());
    let mut memo = HashMap::new();
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let all = reachable(&start);
    let mut seen = [0; 3];
    for _ in 0..150 {
        let position = &all[rng.random_range(0..all.len())];
        let left = sequences(position, &target, &mut memo);
        match Solver::new(position)
            .goal(Goal::OnePegAt(goal))
            .hint()
            .unwrap()
        {
            Hint::Solved => {
                assert_eq!(position.pegs(), goal.bit());
                seen[0] += 1;
            }
            Hint::Next { jump, solutions } => {
                assert_eq!(solutions, None);
                assert!(sequences(&position.play(jump).unwrap(), &target, &mut memo) > 0);
                seen[1] += 1;
            }
            Hint::DeadEnd => {
                assert_eq!(left, 0, "{position}");
                seen[2] += 1;
            }
            other => panic!("no budget, yet {other:?}"),
        }
    }
    assert!(seen[1] > 0 && seen[2] > 0, "{seen:?}");
}

#[test]
fn a_stopped_build_gives_no_set_and_a_stopped_hint_says_so() {
    let board = Board::english();
    let centre = board.cell("d4").unwrap();
    let mut census = Census::new(&board.start(centre).unwrap())
        .with_target(&board.position(centre.bit()).unwrap())
        .unwrap()
        .budget(Budget::unlimited().with_node_limit(10_000));
    let built = census.winnable_set().unwrap();
    assert!(
        matches!(built.outcome(), Outcome::Stopped(_)),
        "{:?}",
        built.outcome()
    );
    assert!(built.set().is_none());
    let start = board.start(centre).unwrap();
    let hint = Solver::new(&start)
        .budget(Budget::unlimited().with_node_limit(1))
        .hint()
        .unwrap();
    assert!(matches!(hint, Hint::Stopped(_)), "{hint:?}");
    assert!(hint.to_string().starts_with("No hint: the search stopped"));
}

#[test]
fn a_hint_says_what_to_play_in_the_crates_notation() {
    let board = Board::triangular(5).unwrap();
    let start = board.start(board.cell("c1").unwrap()).unwrap();
    let set = set_of(&start, "c1");
    let hint = set.hint(&start).unwrap();
    let text = hint.to_string();
    let jump = hint.jump().unwrap();
    assert!(
        text.starts_with(&format!("Jump {} ", jump.name())),
        "{text}"
    );
    assert_eq!(board.parse_jump(&jump.name()).unwrap(), jump);
    assert!(
        text.ends_with("it keeps the game winnable (3408 solutions remain)."),
        "{text}"
    );
    assert_eq!(
        set.hint(set.target()).unwrap().to_string(),
        "Solved: the goal is reached, nothing is left to play."
    );
}

/// Random positions of the game of `set`: some by random legal jumps
/// (often lost), some by random jumps among those the set says keep it
/// winnable (to reach deep winnable positions), each stopped after a
/// random number of jumps from `min_depth` on.
fn random_positions(
    set: &WinnableSet,
    rng: &mut ChaCha8Rng,
    count: usize,
    min_depth: u32,
) -> Vec<Position> {
    let depth = set.start().peg_count() - set.target().peg_count();
    (0..count)
        .map(|sample| {
            let stop = rng.random_range(min_depth..=depth);
            let mut position = set.start().clone();
            for _ in 0..stop {
                let choices = if sample % 2 == 0 {
                    set.winnable_jumps(&position).unwrap()
                } else {
                    position.legal_jumps()
                };
                if choices.is_empty() {
                    break;
                }
                position = position
                    .play(choices[rng.random_range(0..choices.len())])
                    .unwrap();
            }
            position
        })
        .collect()
}

/// Whether the solver reaches `target` from `position`, within a budget
/// (`None` if it stops).
fn solver_wins(position: &Position, target: &Position) -> Option<bool> {
    match Solver::new(position)
        .goal(Goal::Pattern(target.pegs()))
        .budget(Budget::unlimited().with_node_limit(2_000_000))
        .solve()
        .unwrap()
    {
        Verdict::Solved(solution) => {
            assert_eq!(solution.end(), target);
            Some(true)
        }
        Verdict::Impossible(_) => Some(false),
        _ => None,
    }
}

/// Checks the set against the solver (winnable, and each legal jump) and
/// a fresh census from the position (solutions left) on `count` random
/// positions; the census only from `census_depth` jumps on, where it is
/// quick.
fn check_random_positions(set: &WinnableSet, seed: u64, count: usize, census_depth: u32) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let target = set.target().clone();
    let (mut decided, mut winnable, mut counted) = (0, 0, 0);
    for position in random_positions(set, &mut rng, count, 1) {
        let says = set.is_winnable(&position).unwrap();
        if let Some(wins) = solver_wins(&position, &target) {
            assert_eq!(says, wins, "winnable?\n{position}");
            decided += 1;
        }
        winnable += usize::from(says);
        let keeping = set.winnable_jumps(&position).unwrap();
        for jump in position.legal_jumps() {
            let next = position.play(jump).unwrap();
            if let Some(wins) = solver_wins(&next, &target) {
                assert_eq!(
                    keeping.contains(&jump),
                    wins,
                    "{} from\n{position}",
                    jump.name()
                );
            }
        }
        if set.start().peg_count() - position.peg_count() >= census_depth {
            let fresh = Census::new(&position)
                .with_target(&target)
                .unwrap()
                .solutions()
                .unwrap()
                .exact()
                .unwrap();
            assert_eq!(set.solutions_left(&position).unwrap(), fresh, "{position}");
            counted += 1;
        }
    }
    assert!(
        decided * 10 >= count * 9,
        "the solver decided only {decided} of {count}"
    );
    assert!(
        winnable > count / 3 && winnable < count,
        "{winnable} of {count} winnable"
    );
    assert!(counted > count / 3, "{counted} of {count} counted again");
}

#[test]
#[ignore = "the English winnable set: run in release"]
fn english_set_agrees_with_the_solver_and_a_fresh_census() {
    let board = Board::english();
    let start = board.start(board.cell("d4").unwrap()).unwrap();
    let set = set_of(&start, "d4");
    assert_eq!(set.len(), 1_679_072);
    assert_eq!(set.solutions_left(&start).unwrap(), 40_861_647_040_079_968);
    assert!(set.heap_bytes() < 40_000_000, "{} bytes", set.heap_bytes());
    check_random_positions(&set, 1, 40, 8);
    // Following the hints solves it, each jump kept winnable (the solver
    // says).
    let target = set.target().clone();
    let (last, end) = follow(
        &start,
        |p| set.hint(p).unwrap(),
        |p| solver_wins(p, &target) == Some(true),
    );
    assert_eq!((last, &end), (Hint::Solved, &target));
}

/// The French (European) board's game from c1 (its centre game cannot
/// end in one peg): the solver's solution, played for `jumps` jumps, and
/// its end. The whole game's set is large; a set from a position a few
/// jumps in is quick, and a game of its own.
fn french_game(jumps: usize) -> (Position, Position) {
    let board = Board::european();
    let start = board.start(board.cell("c1").unwrap()).unwrap();
    let verdict = Solver::new(&start).goal(Goal::OnePeg).solve().unwrap();
    let solution = verdict.solution().expect("c1 can finish");
    (
        start.replay(&solution.jumps()[..jumps]).unwrap(),
        solution.end().clone(),
    )
}

#[test]
#[ignore = "a French winnable set: run in release"]
fn french_set_agrees_with_the_solver_and_a_fresh_census() {
    let (start, end) = french_game(14);
    let set = Census::new(&start)
        .with_target(&end)
        .unwrap()
        .winnable_set()
        .unwrap()
        .set()
        .unwrap();
    assert!(set.is_winnable(&start).unwrap());
    check_random_positions(&set, 2, 30, 4);
    let (last, reached) = follow(
        &start,
        |p| set.hint(p).unwrap(),
        |p| solver_wins(p, &end) == Some(true),
    );
    assert_eq!((last, &reached), (Hint::Solved, &end));
}

#[test]
#[ignore = "the solver's hints on the English and French boards: run in release"]
fn the_solvers_hints_solve_the_english_and_french_games() {
    let board = Board::english();
    let centre = board.cell("d4").unwrap();
    let start = board.start(centre).unwrap();
    let target = board.position(centre.bit()).unwrap();
    let (last, end) = follow(
        &start,
        |p| Solver::new(p).goal(Goal::OnePegAt(centre)).hint().unwrap(),
        |p| solver_wins(p, &target) == Some(true),
    );
    assert_eq!((last, &end), (Hint::Solved, &target));
    let (french, target) = french_game(0);
    let (last, end) = follow(
        &french,
        |p| {
            Solver::new(p)
                .goal(Goal::Pattern(target.pegs()))
                .hint()
                .unwrap()
        },
        |p| solver_wins(p, &target) == Some(true),
    );
    assert_eq!((last, &end), (Hint::Solved, &target));
}

#[test]
fn sets_and_hints_cross_threads() {
    fn send_sync<T: Send + Sync>() {}
    send_sync::<WinnableSet>();
    send_sync::<Hint>();
    send_sync::<kongming_peg_bitboard::Built>();
}

/// A target the start cannot reach: the set is empty, and its hint at the
/// target says lost, not solved.
#[test]
fn the_target_of_an_empty_set_is_lost_not_solved() {
    let board = Board::triangular(5).unwrap();
    let start = board.start(board.cell("c1").unwrap()).unwrap();
    let mut empty = 0;
    for cell in board.cells() {
        let target = board.position(cell.bit()).unwrap();
        let mut census = Census::new(&start).with_target(&target).unwrap();
        let set = census.winnable_set().unwrap().set().unwrap();
        let hint = set.hint(&target).unwrap();
        if set.is_empty() {
            empty += 1;
            assert_eq!(hint, Hint::DeadEnd, "{cell}");
        } else {
            assert_eq!(hint, Hint::Solved, "{cell}");
        }
    }
    assert!(empty > 0, "every target reachable: nothing tested");
}
