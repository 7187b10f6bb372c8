//! Move lists on arbitrary text, replayed on the English board: parsing
//! never panics, and a replay either succeeds (and matches jump-by-jump
//! play) or names the first jump that cannot be played.
#![no_main]

use kongming_peg_bitboard::Board;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let board = Board::english();
    let empty = board
        .cell_at(usize::from(first) % board.len())
        .expect("in range");
    let start = board.start(empty);
    let Ok(jumps) = board.parse_jumps(text) else {
        return;
    };
    let mut position = start.clone();
    let mut failed = None;
    for (index, &jump) in jumps.iter().enumerate() {
        match position.play(jump) {
            Ok(next) => position = next,
            Err(reason) => {
                failed = Some((index, reason));
                break;
            }
        }
    }
    match (start.replay(&jumps), failed) {
        (Ok(end), None) => assert_eq!(end, position),
        (Err(error), Some((index, reason))) => {
            assert_eq!(error.index(), index);
            assert_eq!(error.reason(), reason);
        }
        (result, failed) => panic!("replay {result:?} disagrees with play {failed:?}"),
    }
});
