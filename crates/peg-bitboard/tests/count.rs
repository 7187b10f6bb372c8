//! Counting: published figures and brute force on small boards.
//!
//! The English-board figures take about ten seconds in a release build:
//! `cargo test --release -p kongming-peg-bitboard -- --ignored`.

mod oracle;

use std::collections::HashMap;

use kongming_peg_bitboard::{
    Board, Census, CensusError, Pagoda, PagodaError, Position, Stage, Verdict,
};

#[test]
fn triangle_solutions_summed_over_starts_and_ends() {
    // Every single-vacancy start of the 15-hole triangle can be solved, and
    // the solving jump sequences number 438,984 in all (summed over the 15
    // starts and the holes the last peg ends in).
    let board = Board::triangular(5).unwrap();
    let mut total = 0u128;
    for empty in board.cells() {
        let start = board.start(empty).unwrap();
        let mut solvable = 0u128;
        for last in board.cells() {
            let end = board.position(last.bit()).unwrap();
            solvable += Census::new(&start)
                .with_target(&end)
                .unwrap()
                .solutions()
                .unwrap()
                .exact()
                .unwrap();
        }
        assert!(solvable > 0, "{}", board.name(empty));
        total += solvable;
    }
    assert_eq!(total, 438_984);
}

#[test]
fn triangle_corner_census_matches_brute_force() {
    let board = Board::triangular(5).unwrap();
    let corner = board.cell("c1").unwrap();
    let start = board.start(corner).unwrap();
    let end = board.position(corner.bit()).unwrap();
    let mut census = Census::new(&start).with_target(&end).unwrap();
    let reachable = census.reachable().unwrap();
    let text = oracle::Text::read(&start.to_string());
    assert_eq!(reachable.total(), per_level(&text));
    let target = oracle::Text::read(&end.to_string());
    let mut memo = HashMap::new();
    assert_eq!(
        census.solutions().unwrap().exact().unwrap(),
        text.sequences_to(&target, &mut memo)
    );
    assert_eq!(
        census.winnable().unwrap().sum() as usize,
        text.winnable_count(&target)
    );
    assert_eq!(census.symmetries().order(), 2);
    // The other way round: the middle level, left out of the winnable
    // positions, is made for the solutions.
    let mut census = Census::new(&start).with_target(&end).unwrap();
    assert_eq!(
        census.winnable().unwrap().sum() as usize,
        text.winnable_count(&target)
    );
    assert_eq!(
        census.solutions().unwrap().exact().unwrap(),
        text.sequences_to(&target, &mut memo)
    );
}

/// The brute-force oracle's reachable positions per number of jumps.
fn per_level(text: &oracle::Text) -> Vec<u64> {
    text.reachable_per_level()
        .into_iter()
        .map(|n| n as u64)
        .collect()
}

fn check_against_brute_force(layout: &str) {
    let start: Position = layout.parse().unwrap();
    let board = start.board().clone();
    let text = oracle::Text::read(&start.to_string());
    assert_eq!(
        Census::new(&start).reachable().unwrap().total(),
        per_level(&text),
        "{layout}"
    );
    for last in board.cells() {
        let end = board.position(last.bit()).unwrap();
        let mut census = Census::new(&start).with_target(&end).unwrap();
        let target = oracle::Text::read(&end.to_string());
        let mut memo = HashMap::new();
        assert_eq!(
            census.solutions().unwrap().exact().unwrap(),
            text.sequences_to(&target, &mut memo),
            "{layout} to {}",
            board.name(last)
        );
        assert_eq!(
            census.winnable().unwrap().sum() as usize,
            text.winnable_count(&target),
            "{layout}"
        );
    }
}

#[test]
fn games_ending_in_the_starting_hole_match_brute_force_in_either_order() {
    // The target is the start's complement, so the census runs one
    // search for both sides; on boards of an even number of holes the
    // depth is even, and the middle level is found from the level before
    // it. The winnable positions are asked for before the solutions and
    // after them (the middle level is made only for the solutions when
    // it can be).
    let mut solvable = 0;
    for layout in [
        "o o o o\no o o o\no o o o",
        "o o o o\no o o o\no o o o\no o o o",
        "o o o o o o",
        "  o o\no o o o\no o o o\n  o o",
        "o o o\no o o\no o o",
    ] {
        let board: Board = layout.parse().unwrap();
        for empty in board.cells() {
            let start = board.start(empty).unwrap();
            let end = board.position(empty.bit()).unwrap();
            let text = oracle::Text::read(&start.to_string());
            let target = oracle::Text::read(&end.to_string());
            let winnable = text.winnable_count(&target);
            let sequences = text.sequences_to(&target, &mut HashMap::new());
            let name = format!("{layout} from {}", board.name(empty));
            let mut census = Census::new(&start).with_target(&end).unwrap();
            assert_eq!(
                census.winnable().unwrap().sum() as usize,
                winnable,
                "{name}"
            );
            assert_eq!(
                census.solutions().unwrap().exact().unwrap(),
                sequences,
                "{name}"
            );
            let mut census = Census::new(&start).with_target(&end).unwrap();
            assert_eq!(
                census.solutions().unwrap().exact().unwrap(),
                sequences,
                "{name}"
            );
            assert_eq!(
                census.winnable().unwrap().sum() as usize,
                winnable,
                "{name}"
            );
            solvable += usize::from(sequences > 0);
        }
    }
    assert!(solvable >= 10, "{solvable} games solvable");
}

#[test]
fn wide_boards_match_brute_force_with_few_pegs() {
    use rand::{Rng, SeedableRng};
    // 60 holes: too many for the census to pack a position's index beside
    // a neighbour in one word but for small joins, which then pack it.
    // Each start is made by playing jumps backwards from the single peg
    // of the target, so that every game can be won.
    let board: Board = ["o o o o o o o o o o"; 6].join("\n").parse().unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
    let mut random = move || rng.random::<u64>();
    for game in 0..10 {
        let target = 1u64 << (random() % 60);
        let mut pegs = target;
        for _ in 0..9 + game % 4 {
            let back: Vec<u64> = board
                .jumps()
                .iter()
                .filter(|jump| {
                    let near = jump.from().bit() | jump.over().bit();
                    pegs & near == 0 && pegs & jump.to().bit() != 0
                })
                .map(|jump| jump.mask())
                .collect();
            pegs ^= back[(random() % back.len() as u64) as usize];
        }
        let start = board.position(pegs).unwrap();
        let end = board.position(target).unwrap();
        let text = oracle::Text::read(&start.to_string());
        let goal = oracle::Text::read(&end.to_string());
        let mut census = Census::new(&start).with_target(&end).unwrap();
        assert_eq!(
            census.winnable().unwrap().sum() as usize,
            text.winnable_count(&goal),
            "{start}"
        );
    }
}

#[test]
fn small_boards_match_brute_force() {
    for layout in [
        "o o . o o",
        "o o o\no . o\no o o",
        "   .\n  o o\n o o o\no o o o",
        "o o o o\no . o o\no o o o",
        "  o o\no o . o\no o o o\n  o o",
    ] {
        check_against_brute_force(layout);
    }
}

/// A start on `board` whose pegs are the orbits of `seeds` under the
/// board's symmetries (so the census uses the whole group).
fn symmetric_start(board: &Board, seeds: &[usize]) -> Position {
    let mut pegs = 0u64;
    for &cell in seeds {
        for symmetry in board.symmetries().elements() {
            pegs |= 1 << symmetry.apply(cell);
        }
    }
    board.position(pegs).unwrap()
}

#[test]
fn boards_past_52_holes_match_brute_force() {
    // Past 52 holes the least image is not taken as a double (a value
    // would need more than its 52 fraction bits): these boards of 55 and
    // 64 holes, with groups of order 6 and 8, run the integer path.
    let triangle = Board::triangular(10).unwrap();
    let square: Board = ["o o o o o o o o"; 8].join("\n").parse().unwrap();
    for (board, seeds) in [(&triangle, &[12, 17][..]), (&square, &[27, 18][..])] {
        let start = symmetric_start(board, seeds);
        assert!(board.len() > 52);
        let mut census = Census::new(&start);
        assert!(census.symmetries().order() > 4);
        let text = oracle::Text::read(&start.to_string());
        assert_eq!(census.reachable().unwrap().total(), per_level(&text));
    }
}

#[test]
fn progress_reports_every_level_and_limits_hold() {
    use std::sync::{Arc, Mutex};
    let board = Board::triangular(5).unwrap();
    let corner = board.cell("c1").unwrap();
    let reports = Arc::new(Mutex::new(Vec::new()));
    let log = Arc::clone(&reports);
    let mut census = Census::new(&board.start(corner).unwrap())
        .with_target(&board.position(corner.bit()).unwrap())
        .unwrap()
        .on_progress(move |p| log.lock().unwrap().push((p.stage, p.done, p.total)));
    assert!(census.reachable().unwrap().outcome().is_complete());
    census.solutions().unwrap().exact().unwrap();
    assert!(matches!(census.fewest_moves().unwrap(), Verdict::Solved(_)));
    let reports = reports.lock().unwrap();
    // One report per level: the reachable ones (all 14; the winnable
    // positions' search then narrows those it needs, and builds none),
    // the winnable ones (14), the solutions' (the 8 up to the middle,
    // shared by both ends: the start is the target's complement) and the
    // fewest moves' (14); the levels done going up one at a time within
    // each run of a stage.
    let runs: Vec<(Stage, Vec<u64>, Option<u64>)> =
        reports
            .iter()
            .fold(Vec::new(), |mut runs, &(stage, done, total)| {
                match runs.last_mut() {
                    Some((last, dones, _)) if *last == stage && done > *dones.last().unwrap() => {
                        dones.push(done)
                    }
                    _ => runs.push((stage, vec![done], total)),
                }
                runs
            });
    let shape: Vec<(Stage, usize, Option<u64>)> = runs
        .iter()
        .map(|(stage, dones, total)| {
            assert_eq!(*dones, (1..=dones.len() as u64).collect::<Vec<_>>());
            (*stage, dones.len(), *total)
        })
        .collect();
    assert_eq!(
        shape,
        [
            (Stage::Reachable, 14, Some(14)),
            (Stage::Winnable, 14, Some(14)),
            (Stage::Solutions, 8, Some(8)),
            (Stage::FewestMoves, 14, Some(14)),
        ]
    );

    let english = Board::english();
    let start = english.start(english.cell("d4").unwrap()).unwrap();
    let mut census = Census::new(&start).with_limit(10_000);
    assert_eq!(
        census.reachable(),
        Err(CensusError::TooManyPositions { limit: 10_000 })
    );
    assert_eq!(census.winnable(), Err(CensusError::NoTarget));
    let other = Board::european()
        .start(Board::european().cell("d4").unwrap())
        .unwrap();
    assert!(Census::new(&start).with_target(&other).is_err());
}

#[test]
fn the_limit_counts_the_positions_of_both_searches_together() {
    use std::sync::{Arc, Mutex};
    // A start and a target that are not each other's complements: the
    // census searches forward from the start and backward from the
    // target's complement, and the limit holds for both together.
    let board = Board::triangular(5).unwrap();
    let start = board.start(board.cell("c1").unwrap()).unwrap();
    let census = |limit: u64| {
        let end = board.position(board.cell("c5").unwrap().bit()).unwrap();
        Census::new(&start)
            .with_target(&end)
            .unwrap()
            .with_limit(limit)
    };
    let stored = Arc::new(Mutex::new(Vec::new()));
    let log = Arc::clone(&stored);
    let mut unlimited = census(u64::MAX).on_progress(move |p| {
        if matches!(p.stage, Stage::Reachable | Stage::Backward) {
            log.lock().unwrap().push((p.stage, p.done, p.found));
        }
    });
    assert!(unlimited.solutions().unwrap().exact().unwrap() > 0);
    let stored = stored.lock().unwrap();
    // Two searches, each starting at level 0, the count going on from
    // one to the other.
    assert_eq!(stored.iter().filter(|&&(_, done, _)| done == 1).count(), 2);
    assert_eq!(stored[0].0, Stage::Reachable);
    assert_eq!(stored.last().unwrap().0, Stage::Backward);
    assert!(
        stored.windows(2).all(|pair| pair[0].2 < pair[1].2),
        "{stored:?}"
    );
    let total = stored.last().unwrap().2;
    assert!(census(total).winnable().is_ok());
    assert_eq!(
        census(total - 1).winnable(),
        Err(CensusError::TooManyPositions { limit: total - 1 })
    );
}

#[test]
fn pagoda_functions_for_a_census_are_checked() {
    let board = Board::triangular(5).unwrap();
    let corner = board.cell("c1").unwrap();
    let census = || {
        Census::new(&board.start(corner).unwrap())
            .with_target(&board.position(corner.bit()).unwrap())
            .unwrap()
    };
    let grown = Pagoda::grown(&board, corner.bit());
    // Weights of another board's pagoda function (four holes, all 1).
    let line: Board = "o o o o".parse().unwrap();
    let other = Pagoda::new(&line, &[1, 1, 1, 1]).unwrap();
    assert!(matches!(
        census().with_pagodas(&[other]),
        Err(CensusError::Pagoda(PagodaError::WrongLength {
            expected: 15,
            found: 4
        }))
    ));
    // The English board's weights do not fit the triangle either.
    let english = Pagoda::known(&Board::english());
    assert!(matches!(
        census().with_pagodas(&english[..1]),
        Err(CensusError::Pagoda(_))
    ));
    assert_eq!(
        census().with_pagodas(&vec![grown.clone(); 17]).err(),
        Some(CensusError::TooManyPagodas { limit: 16 })
    );
    let heavy = Pagoda::new(&board, &[2000; 15]).unwrap();
    let error = census().with_pagodas(&[heavy]).err().unwrap();
    assert_eq!(error, CensusError::PagodaTooHeavy { limit: 16_383 });
    assert!(error.to_string().contains("16383"));
    let mut census = census().with_pagodas(&vec![grown; 16]).unwrap();
    assert_eq!(census.solutions().unwrap().exact().unwrap(), 6_816);
}

/// OEIS A112737: English board, centre start, positions up to symmetry
/// after each number of jumps.
const A112737: [u64; 32] = [
    1, 1, 2, 8, 39, 171, 719, 2757, 9751, 31312, 89927, 229614, 517854, 1022224, 1753737, 2598215,
    3312423, 3626632, 3413313, 2765623, 1930324, 1160977, 600372, 265865, 100565, 32250, 8688,
    1917, 348, 50, 7, 2,
];

/// OEIS A112738: the same, counting only positions from which one peg in
/// the centre can still be reached.
const A112738: [u64; 32] = [
    1, 1, 2, 8, 38, 164, 635, 2089, 6174, 16020, 35749, 68326, 112788, 162319, 204992, 230230,
    230230, 204992, 162319, 112788, 68326, 35749, 16020, 6174, 2089, 635, 164, 38, 8, 2, 1, 1,
];

#[test]
#[ignore = "about ten seconds in release: cargo test --release -p kongming-peg-bitboard -- --ignored"]
fn english_board_published_figures() {
    let board = Board::english();
    let centre = board.cell("d4").unwrap();
    let start = board.start(centre).unwrap();
    let end = board.position(centre.bit()).unwrap();
    // Winnable positions and solutions first (only half the reachable
    // levels are built for them), then every reachable level.
    let mut census = Census::new(&start).with_target(&end).unwrap();
    let winnable = census.winnable().unwrap();
    assert_eq!(winnable.sum_up_to_symmetry(), 1_679_072);
    assert_eq!(winnable.up_to_symmetry(), A112738);
    assert_eq!(
        census.solutions().unwrap().exact().unwrap(),
        40_861_647_040_079_968
    );
    let reachable = census.reachable().unwrap();
    assert_eq!(reachable.sum_up_to_symmetry(), 23_475_688);
    assert_eq!(reachable.sum(), 187_636_299);
    assert_eq!(reachable.up_to_symmetry(), A112737);
}

#[test]
#[ignore = "a few seconds in release: cargo test --release -p kongming-peg-bitboard -- --ignored"]
fn english_centre_game_in_eighteen_moves() {
    // Bergholt's 18-move game (1912), which Beasley proved to be the
    // fewest (1964): J. D. Beasley, The Ins and Outs of Peg Solitaire.
    let board = Board::english();
    let centre = board.cell("d4").unwrap();
    let start = board.start(centre).unwrap();
    let end = board.position(centre.bit()).unwrap();
    let game = Census::new(&start)
        .with_target(&end)
        .unwrap()
        .fewest_moves()
        .unwrap()
        .solution()
        .cloned()
        .expect("solvable");
    // Replayed by the oracle, jump by jump, and its moves counted from
    // the jump names: a move goes on while each jump starts where the
    // one before it landed.
    let names: Vec<String> = game.jumps().iter().map(|&j| board.jump_name(j)).collect();
    let last = oracle::replay(&start.to_string(), &names).expect("legal jumps");
    assert_eq!(last, end.to_string());
    let holes: Vec<(&str, &str)> = names
        .iter()
        .map(|name| name.split_once('-').expect("from-to"))
        .collect();
    let moves = 1 + holes
        .windows(2)
        .filter(|pair| pair[0].1 != pair[1].0)
        .count();
    assert_eq!(moves, 18);
    assert_eq!(game.move_count(), 18);
}
