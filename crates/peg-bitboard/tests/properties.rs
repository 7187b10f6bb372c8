//! Property tests: random play, symmetry, text round trips, counts on
//! tiny boards against brute force, parsers on arbitrary input.

mod oracle;

use std::collections::HashMap;

use kongming_peg_bitboard::{Board, Census, Pagoda, PegCount, Position, Relaxation};
use proptest::prelude::*;

fn builtin(index: usize) -> Board {
    match index % 5 {
        0 => Board::english(),
        1 => Board::european(),
        2 => Board::triangular(5).unwrap(),
        3 => Board::diamond(),
        _ => Board::wiegleb(),
    }
}

/// A random layout of up to `max` holes on a small square or triangular
/// grid, as text.
fn layout(max: usize) -> impl Strategy<Value = String> {
    (
        any::<bool>(),
        prop::collection::vec(any::<(bool, bool)>(), 1..=max.min(4 * 6)),
    )
        .prop_map(|(triangular, cells)| {
            let width = 4;
            let mut lines = Vec::new();
            for (row, chunk) in cells.chunks(width).enumerate() {
                let mut line = String::new();
                if triangular && row % 2 == 1 {
                    line.push(' ');
                }
                for &(hole, peg) in chunk {
                    line.push(match (hole, peg) {
                        (false, _) => ' ',
                        (true, true) => 'o',
                        (true, false) => '.',
                    });
                    line.push(' ');
                }
                lines.push(line);
            }
            lines.join("\n")
        })
}

/// The greatest pagoda function of `board` below `weights` (one per
/// hole, more are ignored): a weight landing above what the jump into its
/// hole takes away is lowered to it, until no jump gains. `None` if that
/// runs away (some weight below -50).
fn pagoda_below(board: &Board, weights: &[i32]) -> Option<Pagoda> {
    let mut weights = weights.to_vec();
    weights.resize(board.len(), 0);
    // A hole jumped over both ways needs a weight of at least zero.
    for jump in board.jumps() {
        weights[jump.over().index()] = weights[jump.over().index()].max(0);
    }
    loop {
        let mut lowered = false;
        for jump in board.jumps() {
            let taken = weights[jump.from().index()] + weights[jump.over().index()];
            if weights[jump.to().index()] > taken {
                weights[jump.to().index()] = taken;
                lowered = true;
            }
        }
        if weights.iter().any(|&w| w < -50) {
            return None;
        }
        if !lowered {
            return Pagoda::new(board, &weights).ok();
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, .. ProptestConfig::default() })]

    #[test]
    fn random_play_is_legal_and_replays(board in 0usize..5, empty in 0usize..64, choices in prop::collection::vec(any::<prop::sample::Index>(), 0..40)) {
        let board = builtin(board);
        let empty = board.cell_at(empty % board.len()).unwrap();
        let start = board.start(empty).unwrap();
        let mut position = start.clone();
        let mut names = Vec::new();
        let mut jumps = Vec::new();
        for choice in choices {
            let legal = position.legal_jumps();
            if legal.is_empty() {
                break;
            }
            let jump = *choice.get(&legal);
            let next = position.play(jump).unwrap();
            prop_assert_eq!(next.peg_count() + 1, position.peg_count());
            prop_assert_eq!(board.class(next.pegs()), board.class(start.pegs()));
            names.push(board.jump_name(jump));
            jumps.push(jump);
            position = next;
        }
        prop_assert_eq!(oracle::replay(&start.to_string(), &names).unwrap(), position.to_string());
        prop_assert_eq!(start.replay(&jumps).unwrap(), position.clone());
        let text = names.join(" ");
        prop_assert_eq!(board.parse_jumps(&text).unwrap(), jumps);
    }

    #[test]
    fn canonical_form_is_constant_on_orbits(board in 0usize..5, pegs in any::<u64>()) {
        let board = builtin(board);
        let pegs = pegs & board.holes();
        let bits = board.bitboard_symmetries();
        let canonical = bits.canonical(pegs);
        for e in 0..bits.order() {
            let image = bits.image(e, pegs);
            prop_assert_eq!(bits.canonical(image), canonical);
            prop_assert!(canonical <= image);
        }
        prop_assert_eq!(board.position(pegs).unwrap().canonical(), canonical);
    }

    #[test]
    fn layouts_round_trip(text in layout(24)) {
        if let Ok(position) = text.parse::<Position>() {
            let shown = position.to_string();
            let again: Position = shown.parse().unwrap();
            prop_assert_eq!(&again, &position);
            prop_assert_eq!(again.to_string(), shown.clone());
            let board: kongming_peg_bitboard::Board = shown.parse().unwrap();
            prop_assert_eq!(board.to_string().parse::<Board>().unwrap(), board);
        }
    }

    #[test]
    fn parsers_never_panic(text in "[ o.\\nxa-z0-9,\\-]{0,80}") {
        let _ = text.parse::<Position>();
        let board = Board::english();
        let _ = board.parse_jumps(&text);
        let _ = board.cell(&text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, .. ProptestConfig::default() })]

    #[test]
    fn counts_on_tiny_boards_equal_brute_force(text in layout(12)) {
        let Ok(start) = text.parse::<Position>() else { return Ok(()); };
        let board = start.board().clone();
        let oracle_start = oracle::Text::read(&start.to_string());
        let per_level: Vec<u64> = oracle_start.reachable_per_level().into_iter().map(|n| n as u64).collect();
        let mut census = Census::new(&start);
        let counts = census.reachable().unwrap();
        prop_assert_eq!(counts.total(), per_level);
        let last = board.cells().last().unwrap();
        let end = board.position(last.bit()).unwrap();
        let mut census = Census::new(&start).with_target(&end).unwrap();
        let target = oracle::Text::read(&end.to_string());
        let mut memo = HashMap::new();
        prop_assert_eq!(census.solutions().unwrap().exact().unwrap(), oracle_start.sequences_to(&target, &mut memo));
        prop_assert_eq!(census.winnable().unwrap().sum() as usize, oracle_start.winnable_count(&target));
    }
}

/// One of four boards of 12 to 16 holes, each with a census quick enough
/// to run a dozen times a case.
fn small_board(which: usize) -> Board {
    match which {
        0 => Board::triangular(5).unwrap(),
        1 => "o o o o\no o o o\no o o o".parse().unwrap(),
        2 => "  o o\no o o o\no o o o\n  o o".parse().unwrap(),
        _ => ["o o o o"; 4].join("\n").parse().unwrap(),
    }
}

proptest! {
    // Each case counts a dozen or more games three ways.
    #![proptest_config(ProptestConfig { cases: 12, .. ProptestConfig::default() })]

    #[test]
    fn pagoda_windows_change_no_count(
        board in 0usize..4,
        weights in prop::collection::vec(prop::collection::vec(-2i32..=3, 16), 1..4),
        ends in prop::collection::vec(any::<prop::sample::Index>(), 16),
    ) {
        let board = small_board(board);
        let pagodas: Vec<Pagoda> = weights.iter().filter_map(|w| pagoda_below(&board, w)).collect();
        // Every single-vacancy start, each to a random single-peg end, the
        // census without pagoda functions (checked against brute force by
        // the tests above) as the reference.
        let cells: Vec<_> = board.cells().collect();
        for (empty, end) in cells.iter().zip(&ends) {
            let start = board.start(*empty).unwrap();
            let last = *end.get(&cells);
            let end = board.position(last.bit()).unwrap();
            let census = || Census::new(&start).with_target(&end).unwrap();
            let mut plain = census().with_pagodas(&[]).unwrap();
            let winnable = plain.winnable().unwrap();
            let solutions = plain.solutions().unwrap().exact().unwrap();
            // Found from scratch, and from reachable levels counted
            // first.
            let mut counted = census().with_pagodas(&pagodas).unwrap();
            prop_assert!(counted.reachable().unwrap().outcome().is_complete());
            for mut windowed in [census().with_pagodas(&pagodas).unwrap(), counted] {
                prop_assert_eq!(windowed.winnable().unwrap(), winnable.clone());
                prop_assert_eq!(windowed.solutions().unwrap().exact().unwrap(), solutions);
            }
        }
    }
}

/// A relaxation of `board` from a part per hole (0: exact, 1 to 3: that
/// group, 4: unseen) and a way of counting per group.
fn relaxation_of(board: &Board, parts: &[u8], counts: &[PegCount]) -> Relaxation {
    let mut exact = 0;
    let mut groups = vec![0u64; counts.len()];
    for (hole, &part) in parts.iter().enumerate().take(board.len()) {
        match part {
            0 => exact |= 1 << hole,
            1..=3 => groups[usize::from(part) - 1] |= 1 << hole,
            _ => {}
        }
    }
    let groups: Vec<(u64, PegCount)> = groups.into_iter().zip(counts.iter().copied()).collect();
    Relaxation::new(board, exact, &groups).expect("at most 2^16 holes and counts")
}

fn a_count() -> impl Strategy<Value = PegCount> {
    prop_oneof![
        Just(PegCount::Exact),
        (0u8..4).prop_map(PegCount::Capped),
        (1u8..5).prop_map(PegCount::Modulo),
    ]
}

proptest! {
    // Each case counts a dozen or more games two ways.
    #![proptest_config(ProptestConfig { cases: 16, .. ProptestConfig::default() })]

    #[test]
    fn relaxed_games_change_no_count(
        board in 0usize..4,
        parts in prop::collection::vec(0u8..5, 16),
        counts in prop::collection::vec(a_count(), 3),
        ends in prop::collection::vec(any::<prop::sample::Index>(), 16),
    ) {
        let board = small_board(board);
        let relaxation = relaxation_of(&board, &parts, &counts);
        // Every single-vacancy start, each to a random single-peg end,
        // against the census without relaxed games (nor pagoda functions,
        // which would rule out much of what the relaxed games do).
        let cells: Vec<_> = board.cells().collect();
        for (empty, end) in cells.iter().zip(&ends) {
            let start = board.start(*empty).unwrap();
            let end = board.position(end.get(&cells).bit()).unwrap();
            let census = || Census::new(&start).with_target(&end).unwrap().with_pagodas(&[]).unwrap();
            let mut plain = census().with_relaxations(&[]).unwrap();
            let mut relaxed = census().with_relaxations(std::slice::from_ref(&relaxation)).unwrap();
            prop_assert_eq!(relaxed.winnable().unwrap(), plain.winnable().unwrap());
            prop_assert_eq!(relaxed.solutions().unwrap().exact().unwrap(), plain.solutions().unwrap().exact().unwrap());
        }
    }
}
