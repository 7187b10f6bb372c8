//! Real games, replayed: on any board, from any empty hole, a game made of
//! choices among the legal jumps at each step.
//!
//! At every step the legal jumps must be exactly the board's jumps whose
//! holes are right (a peg to move, a peg to jump over, an empty landing
//! hole), and playing one must change the pegs as the bits say. The whole
//! game, written as text (spaces, commas or newlines, chains by one peg
//! written `a-b-c`), must parse back to the same jumps and replay to the
//! same end; one more jump that is not legal there must be reported as the
//! first illegal one, with the reason `check` gives.
#![no_main]

#[path = "../common/peg_oracle.rs"]
mod peg_oracle;

use arbitrary::{Arbitrary, Unstructured};
use kongming_peg_bitboard::Jump;
use libfuzzer_sys::fuzz_target;
use peg_oracle::board;

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(chosen) = board(&mut u) else {
        return;
    };
    let board = &chosen.board;
    let Ok(empty) = u.int_in_range(0..=board.len() - 1) else {
        return;
    };
    let empty = board.cell_at(empty).expect("in range");
    let start = board.start(empty).expect("a hole of this board");
    assert_eq!(start.pegs(), board.holes() & !empty.bit());

    let mut position = start.clone();
    let mut pegs = start.pegs();
    let mut game: Vec<Jump> = Vec::new();
    while let Ok(choice) = u16::arbitrary(&mut u) {
        let legal = position.legal_jumps();
        let naive: Vec<Jump> = board
            .jumps()
            .iter()
            .copied()
            .filter(|j| {
                pegs & j.from().bit() != 0 && pegs & j.over().bit() != 0 && pegs & j.to().bit() == 0
            })
            .collect();
        let mut sorted = legal.clone();
        sorted.sort();
        let mut naive_sorted = naive.clone();
        naive_sorted.sort();
        assert_eq!(sorted, naive_sorted, "legal jumps of {position}");
        if legal.is_empty() {
            break;
        }
        let jump = legal[usize::from(choice) % legal.len()];
        assert_eq!(position.check(jump), Ok(()));
        position = position.play(jump).expect("a legal jump");
        pegs ^= jump.from().bit() | jump.over().bit() | jump.to().bit();
        assert_eq!(position.pegs(), pegs);
        game.push(jump);
    }
    assert_eq!(
        position.peg_count() as usize + game.len(),
        start.peg_count() as usize
    );

    // The game as text, with the separators and chains the format allows.
    let separators = [" ", ", ", "\n", ","];
    let mut text = String::new();
    for (i, &jump) in game.iter().enumerate() {
        let chained = i > 0 && game[i - 1].to() == jump.from() && u.ratio(1, 2).unwrap_or(false);
        if chained {
            text.push('-');
            text.push_str(&board.name(jump.to()));
        } else {
            if i > 0 {
                text.push_str(separators[u.choose_index(separators.len()).unwrap_or(0)]);
            }
            text.push_str(&board.jump_name(jump));
        }
    }
    assert_eq!(board.parse_jumps(&text), Ok(game.clone()), "{text:?}");
    assert_eq!(start.replay(&game), Ok(position.clone()));

    // One jump more that is not legal at the end.
    let Ok(pick) = u16::arbitrary(&mut u) else {
        return;
    };
    let jump = board.jumps()[usize::from(pick) % board.jumps().len().max(1)..]
        .iter()
        .copied()
        .find(|&j| position.check(j).is_err());
    if let Some(jump) = jump {
        let reason = position.check(jump).expect_err("illegal");
        let mut longer = game.clone();
        longer.push(jump);
        let error = start.replay(&longer).expect_err("the last jump is illegal");
        assert_eq!(error.index(), game.len());
        assert_eq!(error.reason(), reason);
        assert_eq!(position.play(jump), Err(reason));
    }
});
