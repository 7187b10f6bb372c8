//! The lines of a kind as a hint names them: each [`Line`] with its cells
//! and the sum they must reach, and the state of each line in a partly
//! filled grid (what its filled cells add up to, which cells are blank).
//!
//! The enumerator keeps its own lines (`crate::enumerate`), ordered for its
//! planner; these are ordered for a reader (rows, columns, diagonals,
//! broken diagonals, centre-symmetric pairs) and carry their names.

use crate::{Kind, Line, magic_constant};

/// A line of a kind: its name, its cells (row-major indices; the centre of
/// an odd associative square appears twice in its own pair) and its sum.
#[derive(Clone, Debug)]
pub(crate) struct KindLine {
    pub(crate) line: Line,
    pub(crate) cells: Vec<usize>,
    pub(crate) target: u64,
}

/// The lines `kind` asks of a square of `order` (1 to 8).
pub(crate) fn kind_lines(order: usize, kind: Kind) -> Vec<KindLine> {
    let n = order;
    let target = magic_constant(n).unwrap_or(0);
    let cell = |row: usize, col: usize| row * n + col;
    let mut lines = Vec::new();
    let mut push = |line: Line, cells: Vec<usize>, target: u64| {
        lines.push(KindLine {
            line,
            cells,
            target,
        });
    };
    for r in 0..n {
        push(Line::Row(r), (0..n).map(|c| cell(r, c)).collect(), target);
    }
    for c in 0..n {
        push(
            Line::Column(c),
            (0..n).map(|r| cell(r, c)).collect(),
            target,
        );
    }
    if kind.has_diagonals() || kind.is_pandiagonal() || kind.is_associative() {
        push(Line::Diagonal, (0..n).map(|i| cell(i, i)).collect(), target);
        push(
            Line::AntiDiagonal,
            (0..n).map(|i| cell(i, n - 1 - i)).collect(),
            target,
        );
    }
    if kind.is_pandiagonal() {
        for k in 1..n {
            push(
                Line::BrokenDiagonal(k),
                (0..n).map(|i| cell(i, (i + k) % n)).collect(),
                target,
            );
        }
        for k in 0..n.saturating_sub(1) {
            push(
                Line::BrokenAntiDiagonal(k),
                (0..n).map(|i| cell(i, (k + n - i) % n)).collect(),
                target,
            );
        }
    }
    if kind.is_associative() {
        let cells = n * n;
        let pair = cells as u64 + 1;
        for c in 0..cells.div_ceil(2) {
            push(
                Line::Pair {
                    row: c / n,
                    col: c % n,
                },
                vec![c, cells - 1 - c],
                pair,
            );
        }
    }
    lines
}

/// A line in a partly filled grid.
#[derive(Clone, Debug)]
pub(crate) struct LineState {
    /// What the filled cells add up to (a cell counted as often as it
    /// appears).
    pub(crate) filled_sum: u64,
    /// The blank cells, as often as each appears.
    pub(crate) blanks: Vec<usize>,
}

impl LineState {
    /// The state of `line` in `grid` (row-major, 0 for a blank).
    pub(crate) fn new(line: &KindLine, grid: &[u32]) -> Self {
        let mut filled_sum = 0;
        let mut blanks = Vec::new();
        for &c in &line.cells {
            match grid[c] {
                0 => blanks.push(c),
                value => filled_sum += u64::from(value),
            }
        }
        Self { filled_sum, blanks }
    }
}
