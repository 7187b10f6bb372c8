//! The relaxed games checked against an oracle: every position of a
//! small board decided by brute force over its jumps.

use kongming_search::symmetry::Permutation;

use super::state_index::StateReader;
use super::winning::WinningStates;
use super::{PegCount, Relaxation, RelaxedTest};
use crate::board::Board;
use crate::test_rules::can_play;
use crate::work::Work;

#[test]
fn a_relaxation_that_sees_everything_wins_exactly_the_winnable_states() {
    // On a row of five holes, seeing every hole exactly, the winning
    // states are the positions that can reach the target.
    let board: Board = "o o o o o".parse().expect("a board");
    let relaxation = Relaxation::new(&board, board.holes(), &[]).expect("valid");
    let target = 0b00100;
    let states = WinningStates::new(&relaxation, target, &Work::unlimited()).unwrap();
    let layout = states.layout;
    let reader = StateReader::new(&relaxation, layout, &[Permutation::identity(5)]);
    let winnable = winnable_positions(&board, target);
    for pegs in 0..32u64 {
        assert_eq!(
            states.wins(reader.index_of(0, pegs)),
            winnable[pegs as usize],
            "{pegs:05b}"
        );
    }
}

/// A relaxation's exact holes and groups, and how many images it
/// should read.
type Case = (u64, Vec<(u64, PegCount)>, usize);

/// For each relaxation of `board` (exact holes, groups, and how many
/// images it should read of those of the symmetries fixing `target`):
/// reading those images rules out exactly the positions that reading
/// every image does, and some positions.
fn check_distinct_images(board: &Board, target: u64, cases: &[Case]) {
    let group = board.symmetries_fixing(&[target]);
    let symmetries = group.elements();
    for (exact, groups, distinct) in cases {
        let relaxation = Relaxation::new(board, *exact, groups).expect("valid");
        let images = relaxation.distinct_images(symmetries);
        assert_eq!(images.len(), *distinct, "{exact:b} {groups:?}");
        let states = WinningStates::new(&relaxation, target, &Work::unlimited()).unwrap();
        let every = StateReader::new(&relaxation, states.layout, symmetries);
        let some = StateReader::new(&relaxation, states.layout, &images);
        let wins = |reader: &StateReader, pegs: u64| {
            (0..reader.images).all(|image| states.wins(reader.index_of(image, pegs)))
        };
        let mut ruled_out = 0;
        for pegs in 0..1u64 << board.len() {
            let all = wins(&every, pegs);
            assert_eq!(all, wins(&some, pegs), "{pegs:b}, {exact:b} {groups:?}");
            ruled_out += usize::from(!all);
        }
        assert!(ruled_out > 0, "{exact:b} {groups:?}");
    }
}

#[test]
fn images_with_the_same_outcome_are_read_once() {
    // The triangle's corner is fixed by one mirror. Whole rows, which
    // it maps onto themselves; then the corner and one hole beside it
    // exact.
    let board = Board::triangular(5).expect("a board");
    let target = board.cell("c1").expect("a corner").bit();
    assert_eq!(board.symmetries_fixing(&[target]).order(), 2);
    let rows = |first: usize, count: usize| ((1u64 << count) - 1) << first;
    check_distinct_images(
        &board,
        target,
        &[
            (
                rows(0, 6),
                vec![
                    (rows(6, 4), PegCount::Exact),
                    (rows(10, 5), PegCount::Modulo(2)),
                ],
                1,
            ),
            (rows(0, 2), vec![(rows(3, 12), PegCount::Capped(3))], 2),
        ],
    );
    // The 4x4 square's eight symmetries all fix the four corners; a
    // mirror maps the top row onto the bottom one, a quarter turn
    // maps rows onto columns: groups that such maps exchange, counted
    // alike or not.
    let square: Board = ["o o o o"; 4].join("\n").parse().expect("a board");
    let corners = 1 | 1 << 3 | 1 << 12 | 1 << 15;
    assert_eq!(square.symmetries_fixing(&[corners]).order(), 8);
    let row = |r: usize| 0b1111u64 << (4 * r);
    let middle = row(1) | row(2);
    check_distinct_images(
        &square,
        corners,
        &[
            // The left-right mirror maps each row onto itself.
            (
                row(0) | row(1),
                vec![(row(2), PegCount::Capped(1)), (row(3), PegCount::Exact)],
                4,
            ),
            // The top-bottom mirror exchanges the outer rows.
            (
                middle,
                vec![(row(0), PegCount::Exact), (row(3), PegCount::Modulo(2))],
                4,
            ),
            (
                middle,
                vec![(row(0), PegCount::Capped(2)), (row(3), PegCount::Capped(2))],
                2,
            ),
            (
                middle,
                vec![(row(0), PegCount::Exact), (row(3), PegCount::Exact)],
                2,
            ),
            // Seen the same from every side.
            (0, vec![(square.holes(), PegCount::Exact)], 1),
        ],
    );
    // The English board's known relaxation is its own mirror image.
    let english = Board::english();
    let known = Relaxation::known(&english);
    assert_eq!(
        known[0]
            .distinct_images(english.symmetries().elements())
            .len(),
        4
    );
}

#[test]
fn relaxed_games_never_rule_out_a_winnable_position_and_rule_out_some_others() {
    let board = Board::triangular(5).expect("a board");
    let corner = board.cell("c1").expect("a corner");
    let target = corner.bit();
    let group = board.symmetries_fixing(&[target]);
    let winnable = winnable_positions(&board, target);
    let rows = |first: usize, count: usize| ((1u64 << count) - 1) << first;
    let relaxations = [
        (
            rows(0, 3),
            vec![
                (rows(3, 3), PegCount::Exact),
                (rows(6, 4), PegCount::Exact),
                (rows(10, 5), PegCount::Modulo(2)),
            ],
        ),
        (rows(6, 9), vec![(rows(0, 6), PegCount::Capped(2))]),
        (
            rows(0, 6),
            vec![
                (rows(6, 4), PegCount::Capped(1)),
                (rows(10, 5), PegCount::Exact),
            ],
        ),
        (0, vec![(rows(0, 15), PegCount::Exact)]),
        // 120 combinations: blocks too large to pull a block at a time.
        (
            rows(0, 3),
            vec![
                (rows(3, 3), PegCount::Exact),
                (rows(6, 4), PegCount::Exact),
                (rows(10, 5), PegCount::Exact),
            ],
        ),
    ];
    let mut each_kept = Vec::new();
    let mut all = Vec::new();
    for (exact, groups) in relaxations {
        let relaxation = Relaxation::new(&board, exact, &groups).expect("valid");
        all.push(relaxation.clone());
        let test = RelaxedTest::new(&[relaxation], target, &group, &Work::unlimited()).unwrap();
        let mut kept: Vec<u64> = (0..1u64 << 15).collect();
        test.retain(&mut kept, &Work::unlimited());
        assert!(kept.is_sorted(), "kept in order");
        let mut kept_at = kept.iter().peekable();
        for pegs in 0..1u64 << 15 {
            let admitted = kept_at.next_if_eq(&&pegs).is_some();
            assert!(
                admitted || !winnable[pegs as usize],
                "{pegs:015b} is winnable"
            );
        }
        let ruled_out = (1 << 15) - kept.len();
        // Counting every peg alone rules out only the empty board and
        // the full one (no jump); the others see more.
        let least = if exact == 0 { 2 } else { 500 };
        assert!(ruled_out >= least, "{exact:b}: rules out {ruled_out}");
        each_kept.push(kept);
    }
    // All five games at once keep what every one of them keeps.
    let mut kept: Vec<u64> = (0..1u64 << 15).collect();
    RelaxedTest::new(&all, target, &group, &Work::unlimited())
        .unwrap()
        .retain(&mut kept, &Work::unlimited());
    let every = |pegs: &u64| each_kept.iter().all(|k| k.binary_search(pegs).is_ok());
    let expected: Vec<u64> = (0..1u64 << 15).filter(every).collect();
    assert_eq!(kept, expected);
    assert!(expected.len() < each_kept.iter().map(Vec::len).min().unwrap_or(0));
}

/// For every position of `board`, whether it can reach `target`.
fn winnable_positions(board: &Board, target: u64) -> Vec<bool> {
    // A jump removes a peg: decide positions by increasing peg count.
    let mut order: Vec<u64> = (0..1u64 << board.len()).collect();
    order.sort_by_key(|pegs| pegs.count_ones());
    let mut winnable = vec![false; order.len()];
    for pegs in order {
        winnable[pegs as usize] = pegs == target
            || board
                .jumps()
                .iter()
                .any(|jump| can_play(jump, pegs, false) && winnable[(pegs ^ jump.mask()) as usize]);
    }
    winnable
}
