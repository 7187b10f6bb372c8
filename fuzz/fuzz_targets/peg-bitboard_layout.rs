//! The peg-solitaire layout parser on arbitrary text: it never panics, and
//! whatever it accepts prints back to text that reads as the same position.
#![no_main]

use kongming_peg_bitboard::{Board, Position};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let Ok(position) = text.parse::<Position>() else {
        return;
    };
    let shown = position.to_string();
    let again: Position = shown.parse().expect("printed layouts parse");
    assert_eq!(again, position);
    assert_eq!(again.to_string(), shown);
    let board: Board = shown.parse().expect("a position's layout is a board");
    assert_eq!(&board, position.board());
    // Everything derived from the board is consistent.
    assert!(board.len() <= 64);
    for &jump in position.legal_jumps().iter() {
        let next = position.play(jump).expect("legal jumps play");
        assert_eq!(next.peg_count() + 1, position.peg_count());
        assert_eq!(board.class(next.pegs()), board.class(position.pegs()));
    }
    for cell in board.cells() {
        assert_eq!(board.cell(&board.name(cell)), Ok(cell));
    }
    let _ = position.render();
    let _ = position.canonical();
});
