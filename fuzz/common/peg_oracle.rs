//! Board choices for the peg targets, with each board's hole coordinates
//! worked out here (from the built-in boards' hole names, or from the
//! layout text this module writes), and the jumps those coordinates allow.

#![allow(dead_code)]

use std::collections::BTreeSet;

use arbitrary::{Result, Unstructured};
use kongming_peg_bitboard::{Board, Grid};

/// A board and the doubled coordinates `(row, x)` of its holes in
/// reading order (square cells at even `x`, two apart).
pub struct Chosen {
    pub board: Board,
    pub coords: Vec<(i32, i32)>,
}

/// Coordinates from hole names (`d4`: column d, row 4), for square boards.
fn coords_from_names(board: &Board) -> Vec<(i32, i32)> {
    board
        .cells()
        .map(|c| {
            let name = board.name(c);
            let column = i32::from(name.as_bytes()[0] - b'a');
            let row: i32 = name[1..].parse().expect("a row number");
            (row - 1, 2 * column)
        })
        .collect()
}

/// The `(from, over, to)` hole indices of every jump the coordinates allow.
pub fn naive_jumps(coords: &[(i32, i32)], grid: Grid) -> BTreeSet<(usize, usize, usize)> {
    let directions: &[(i32, i32)] = match grid {
        Grid::Square => &[(-1, 0), (1, 0), (0, -2), (0, 2)],
        _ => &[(-1, -1), (-1, 1), (0, -2), (0, 2), (1, -1), (1, 1)],
    };
    let at = |p: (i32, i32)| coords.iter().position(|&q| q == p);
    let mut out = BTreeSet::new();
    for (from, &(r, x)) in coords.iter().enumerate() {
        for &(dr, dx) in directions {
            if let (Some(over), Some(to)) = (at((r + dr, x + dx)), at((r + 2 * dr, x + 2 * dx))) {
                out.insert((from, over, to));
            }
        }
    }
    out
}

/// A board: a built-in one, a triangle of 1 to 10 rows, or a random
/// square layout written with a space between cells.
pub fn board(u: &mut Unstructured<'_>) -> Result<Chosen> {
    Ok(match u.int_in_range(0..=6)? {
        0 => named(Board::english()),
        1 => named(Board::european()),
        2 => named(Board::diamond()),
        3 => named(Board::wiegleb()),
        4 => {
            let rows = u.int_in_range(1..=10)?;
            let board = Board::triangular(rows).expect("1 to 10 rows");
            let mut coords = Vec::new();
            for r in 0..rows as i32 {
                for k in 0..=r {
                    coords.push((r, rows as i32 - 1 - r + 2 * k));
                }
            }
            Chosen { board, coords }
        }
        _ => loop {
            let rows: i32 = u.int_in_range(1..=7)?;
            let columns: i32 = u.int_in_range(1..=9)?;
            let mut coords = Vec::new();
            let mut lines = Vec::new();
            for r in 0..rows {
                let mut line = String::new();
                for c in 0..columns {
                    if u.ratio(3, 4)? {
                        line.push_str("o ");
                        coords.push((r, 2 * c));
                    } else {
                        line.push_str("  ");
                    }
                }
                lines.push(line.trim_end().to_string());
            }
            if coords.is_empty() {
                continue;
            }
            // Rows of the layout start at the first line with a hole.
            let top = coords[0].0;
            let left = coords.iter().map(|&(_, x)| x).min().expect("a hole");
            for p in &mut coords {
                *p = (p.0 - top, p.1 - left);
            }
            let text = lines.join("\n");
            let board: Board = text.parse().unwrap_or_else(|e| panic!("{text:?}: {e}"));
            break Chosen { board, coords };
        },
    })
}

fn named(board: Board) -> Chosen {
    let coords = coords_from_names(&board);
    Chosen { board, coords }
}
