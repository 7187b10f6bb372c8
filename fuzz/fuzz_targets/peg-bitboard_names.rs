//! Hole names, jump names and jump lists on every kind of board.
//!
//! The input picks a board (English, European, diamond, Wiegleb, a
//! triangle of 1 to 10 rows, or a random square layout) and some text.
//! The board's jumps must be exactly those its hole coordinates allow
//! (worked out here from the hole names or the layout), every hole and
//! jump name must read back to the same hole or jump, `jump(from, to)`
//! must agree with the jump list, and `cell`, `parse_jump`, `parse_jumps`,
//! `named` and `triangular` must never panic on any text or size, and only
//! accept what names a hole, a jump or a board. Another board's holes and
//! jumps are named as they name themselves and refused as this board's.
#![no_main]

#[path = "../common/peg_oracle.rs"]
mod peg_oracle;

use std::collections::BTreeSet;

use arbitrary::{Result, Unstructured};
use kongming_peg_bitboard::{Board, LayoutError};
use libfuzzer_sys::fuzz_target;
use peg_oracle::{board, naive_jumps};

#[derive(Debug)]
struct Texts {
    cell: String,
    jump: String,
    jumps: String,
    name: String,
    rows: usize,
    pairs: Vec<(u8, u8)>,
}

fn texts(u: &mut Unstructured<'_>) -> Result<Texts> {
    Ok(Texts {
        cell: u.arbitrary()?,
        jump: u.arbitrary()?,
        jumps: u.arbitrary()?,
        name: u.arbitrary()?,
        rows: u.arbitrary()?,
        pairs: u.arbitrary()?,
    })
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(chosen) = board(&mut u) else {
        return;
    };
    let other = board(&mut u).ok();
    let texts = texts(&mut u).unwrap_or(Texts {
        cell: String::new(),
        jump: String::new(),
        jumps: String::new(),
        name: String::new(),
        rows: 0,
        pairs: Vec::new(),
    });
    let board = &chosen.board;
    assert_eq!(board.len(), chosen.coords.len());

    // Holes and their names.
    for cell in board.cells() {
        assert_eq!(board.cell_at(cell.index()), Some(cell));
        assert_eq!(board.cell(&board.name(cell)), Ok(cell));
    }
    assert_eq!(board.cell_at(board.len()), None);

    // Jumps: the coordinates' own, each named and read back.
    let jumps: BTreeSet<(usize, usize, usize)> = board
        .jumps()
        .iter()
        .map(|j| (j.from().index(), j.over().index(), j.to().index()))
        .collect();
    assert_eq!(jumps.len(), board.jumps().len(), "a jump listed twice");
    assert_eq!(jumps, naive_jumps(&chosen.coords, board.grid()), "{board}");
    for &jump in board.jumps() {
        let name = board.jump_name(jump);
        assert_eq!(name, jump.name());
        assert!(board.contains_jump(jump));
        assert_eq!(board.parse_jump(&name), Ok(jump), "{name}");
        assert_eq!(board.jump(jump.from(), jump.to()), Some(jump));
    }
    let all: Vec<String> = board.jumps().iter().map(|&j| board.jump_name(j)).collect();
    assert_eq!(
        board.parse_jumps(&all.join(" ")),
        Ok(board.jumps().to_vec())
    );
    for &(a, b) in &texts.pairs {
        let (Some(from), Some(to)) = (
            board.cell_at(usize::from(a) % board.len()),
            board.cell_at(usize::from(b) % board.len()),
        ) else {
            continue;
        };
        let listed = board
            .jumps()
            .iter()
            .find(|j| j.from() == from && j.to() == to);
        assert_eq!(board.jump(from, to).as_ref(), listed);
    }

    // Arbitrary text: no panic, and only real holes and jumps accepted.
    if let Ok(cell) = board.cell(&texts.cell) {
        assert!(cell.index() < board.len());
        assert_eq!(board.cell(&board.name(cell)), Ok(cell));
    }
    if let Ok(jump) = board.parse_jump(&texts.jump) {
        assert!(board.jumps().contains(&jump), "{:?}", texts.jump);
    }
    if let Ok(list) = board.parse_jumps(&texts.jumps) {
        for jump in &list {
            assert!(board.jumps().contains(jump));
        }
    }
    // Another board's holes and jumps: named (as they name themselves),
    // and never taken for this board's unless the layouts are the same.
    if let Some(other) = other {
        let same = other.board == *board;
        let start = board.cell_at(0).and_then(|c| board.start(c).ok());
        for cell in other.board.cells() {
            assert_eq!(board.contains(cell), same);
            assert_eq!(board.name(cell), cell.name());
        }
        for &jump in other.board.jumps().iter().take(64) {
            assert_eq!(board.contains_jump(jump), same);
            assert_eq!(board.jump_name(jump), jump.name());
            if let (Some(start), false) = (&start, same) {
                assert!(start.check(jump).is_err());
            }
        }
    }

    // Built-in boards by name, and triangles by size.
    match Board::named(&texts.name) {
        Ok(named) => {
            let builtin = [
                Board::english(),
                Board::european(),
                Board::triangular(5).expect("5 rows"),
                Board::diamond(),
                Board::wiegleb(),
            ];
            assert!(builtin.contains(&named), "{:?}", texts.name);
        }
        Err(LayoutError::UnknownBoard { name }) => assert_eq!(name, texts.name),
        Err(e) => panic!("{e:?}"),
    }
    let rows = texts.rows;
    match Board::triangular(rows) {
        Ok(t) => {
            assert!((1..=10).contains(&rows));
            assert_eq!(t.len(), rows * (rows + 1) / 2);
        }
        Err(LayoutError::TriangleRows { rows: r }) => {
            assert_eq!(r, rows);
            assert!(!(1..=10).contains(&rows));
        }
        Err(e) => panic!("{e:?}"),
    }
});
