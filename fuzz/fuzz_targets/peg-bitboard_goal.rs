//! Goals as text on every kind of board: `parse_goal` never panics on any
//! text, accepts only what names a goal of the board, and what it reads
//! is written back by `goal_name` to a text it reads back the same. A
//! goal made of the board's holes (one peg there, or a pattern) is named
//! and read back unchanged.
#![no_main]

#[path = "../common/peg_oracle.rs"]
mod peg_oracle;

use arbitrary::{Arbitrary, Unstructured};
use kongming_peg_bitboard::Goal;
use libfuzzer_sys::fuzz_target;
use peg_oracle::board;

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(chosen) = board(&mut u) else {
        return;
    };
    let board = &chosen.board;
    let Ok(text) = String::arbitrary(&mut u) else {
        return;
    };
    if let Ok(goal) = board.parse_goal(&text) {
        let name = board.goal_name(goal);
        assert_eq!(board.parse_goal(&name), Ok(goal), "{text:?} read as {name:?}");
    }
    let Ok(pegs) = u64::arbitrary(&mut u) else {
        return;
    };
    let pattern = Goal::Pattern(pegs & board.holes());
    assert_eq!(board.parse_goal(&board.goal_name(pattern)), Ok(pattern));
    let cell = board.cell_at(pegs as usize % board.len()).expect("in range");
    let one = Goal::OnePegAt(cell);
    assert_eq!(board.parse_goal(&board.goal_name(one)), Ok(one));
});
