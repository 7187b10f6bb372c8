//! serde for hints (feature `serde`): a hint round-trips, its jump
//! keeping its board's fingerprint.
#![cfg(feature = "serde")]

use kongming_peg_bitboard::{Board, Census, Hint, StopReason};
use proptest::prelude::*;

/// Serializes `hint` as JSON and reads it back.
fn round_trip(hint: &Hint) -> Hint {
    let text = serde_json::to_string(hint).unwrap();
    serde_json::from_str(&text).unwrap()
}

proptest! {
    #[test]
    fn hints_of_random_triangle_positions_round_trip(choices in prop::collection::vec(0usize..8, 0..14)) {
        let board = Board::triangular(5).unwrap();
        let top = board.cell("c1").unwrap();
        let start = board.start(top).unwrap();
        let mut census = Census::new(&start).with_target(&board.position(top.bit()).unwrap()).unwrap();
        let set = census.winnable_set().unwrap().set().unwrap();
        let mut position = start;
        for choice in choices {
            let jumps = position.legal_jumps();
            if jumps.is_empty() {
                break;
            }
            position = position.play(jumps[choice % jumps.len()]).unwrap();
        }
        let hint = set.hint(&position).unwrap();
        let back = round_trip(&hint);
        prop_assert_eq!(back, hint);
        if let Some(jump) = back.jump() {
            prop_assert!(board.contains_jump(jump));
            prop_assert!(position.play(jump).is_ok());
        }
    }
}

#[test]
fn every_kind_of_hint_round_trips() {
    let board = Board::english();
    let jump = board.parse_jump("d2-d4").unwrap();
    for hint in [
        Hint::Solved,
        Hint::DeadEnd,
        Hint::Stopped(StopReason::TimeLimit),
        Hint::Next {
            jump,
            solutions: None,
        },
        Hint::Next {
            jump,
            solutions: Some(u128::MAX),
        },
    ] {
        assert_eq!(round_trip(&hint), hint);
    }
}
