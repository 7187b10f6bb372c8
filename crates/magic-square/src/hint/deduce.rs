//! The deductions a person can check by hand, from the grid alone: a line
//! with one blank ([`last_in_line`]), the line sums combined into an
//! equation with one blank ([`combination`]), the only number that fits a
//! cell ([`only_candidate`]) and the only cell that fits a number
//! ([`only_place`]).
//!
//! Each is sound: what it finds, every completion of the grid has. Whether
//! a completion exists at all is for the search (`super::search`).

use super::combine::combined_cells;
use super::lines::{KindLine, LineState};
use super::{Equation, Misfit, Reason, RuledOut, Step, Term};
use crate::{Cell, Fill};

/// A partly filled grid, with its lines and the numbers not yet used.
pub(super) struct Grid<'l> {
    pub(super) order: usize,
    /// Row-major, 0 for a blank.
    pub(super) cells: Vec<u32>,
    pub(super) lines: &'l [KindLine],
    /// For each cell, the indices of the lines through it.
    through: Vec<Vec<usize>>,
    /// The unused numbers, ascending.
    unused: Vec<u32>,
    /// `is_unused[v]` for `v` in `0..=n²`.
    is_unused: Vec<bool>,
}

impl<'l> Grid<'l> {
    /// The grid of `cells` (distinct numbers in `1..=n²`, 0 for a blank).
    pub(super) fn new(order: usize, cells: Vec<u32>, lines: &'l [KindLine]) -> Self {
        let count = order * order;
        let mut through = vec![Vec::new(); count];
        for (index, line) in lines.iter().enumerate() {
            for &c in &line.cells {
                if through[c].last() != Some(&index) {
                    through[c].push(index);
                }
            }
        }
        let mut is_unused = vec![true; count + 1];
        is_unused[0] = false;
        for &value in &cells {
            is_unused[value as usize] = false;
        }
        let unused = (1..=count as u32)
            .filter(|&v| is_unused[v as usize])
            .collect();
        Self {
            order,
            cells,
            lines,
            through,
            unused,
            is_unused,
        }
    }

    fn place(&self, cell: usize) -> (usize, usize) {
        (cell / self.order, cell % self.order)
    }

    fn blanks(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.cells.len()).filter(|&c| self.cells[c] == 0)
    }

    /// The least and greatest sums of `k` distinct unused numbers, leaving
    /// out `except`.
    fn reach(&self, k: usize, except: u32) -> (u64, u64) {
        let others = || {
            self.unused
                .iter()
                .filter(|&&v| v != except)
                .map(|&v| u64::from(v))
        };
        (others().take(k).sum(), others().rev().take(k).sum())
    }

    /// The line through `cell` that `value` there leaves unable to reach
    /// its sum, if any (the first in the kind's order).
    fn misfit(&self, cell: usize, value: u32) -> Option<usize> {
        self.through[cell].iter().copied().find(|&index| {
            let line = &self.lines[index];
            let state = LineState::new(line, &self.cells);
            let here = state.blanks.iter().filter(|&&c| c == cell).count() as u64;
            let others = state.blanks.len() - here as usize;
            let Some(rest) = line
                .target
                .checked_sub(state.filled_sum + here * u64::from(value))
            else {
                return true;
            };
            match others {
                0 => rest != 0,
                1 => {
                    rest == u64::from(value)
                        || usize::try_from(rest)
                            .ok()
                            .and_then(|r| self.is_unused.get(r))
                            .is_none_or(|unused| !unused)
                }
                k => {
                    let (low, high) = self.reach(k, value);
                    rest < low || rest > high
                }
            }
        })
    }

    /// The unused numbers that fit `cell` (fail no line through it).
    fn candidates(&self, cell: usize) -> impl Iterator<Item = u32> + '_ {
        self.unused
            .iter()
            .copied()
            .filter(move |&v| self.misfit(cell, v).is_none())
    }
}

/// A line whose blanks are all one cell: that cell is its sum less the
/// rest (divided by how often the cell is in the line).
pub(super) fn last_in_line(grid: &Grid<'_>) -> Option<Step> {
    grid.lines.iter().find_map(|line| {
        let state = LineState::new(line, &grid.cells);
        let (&cell, rest) = state.blanks.split_first()?;
        if rest.iter().any(|&c| c != cell) {
            return None;
        }
        let times = state.blanks.len() as u64;
        let left = line.target.checked_sub(state.filled_sum)?;
        let value = u32::try_from(left / times)
            .ok()
            .filter(|_| left % times == 0)?;
        let (row, col) = grid.place(cell);
        Some(Step {
            fill: Fill::new(Cell::new(row, col), value),
            reason: Reason::LastInLine {
                line: line.line,
                sum: line.target,
            },
        })
    })
}

/// A blank cell that the line equations (and the total of all numbers)
/// determine from the filled cells: the one whose equation has the fewest
/// terms (`super::combine`).
pub(super) fn combination(grid: &Grid<'_>) -> Option<Step> {
    let count = grid.cells.len();
    let mut equations: Vec<Vec<i64>> = grid
        .lines
        .iter()
        .map(|line| {
            let mut row = vec![0; count + 1];
            for &c in &line.cells {
                row[c] += 1;
            }
            row[count] = i64::try_from(line.target).unwrap_or(i64::MAX);
            row
        })
        .collect();
    let total = count as i64;
    let mut all = vec![1; count + 1];
    all[count] = total * (total + 1) / 2;
    equations.push(all);
    let known: Vec<bool> = grid.cells.iter().map(|&v| v != 0).collect();
    let mut best: Option<(usize, Step)> = None;
    for mut combined in combined_cells(&equations, &known) {
        // The terms added on the right first, then those subtracted.
        combined
            .terms
            .sort_by_key(|&(c, coefficient)| (coefficient > 0, c));
        let (row, col) = grid.place(combined.cell);
        let equation = Equation {
            row,
            col,
            denominator: combined.denominator,
            constant: combined.constant,
            terms: combined
                .terms
                .iter()
                .map(|&(c, coefficient)| {
                    let (row, col) = grid.place(c);
                    Term {
                        row,
                        col,
                        coefficient,
                        value: grid.cells[c],
                    }
                })
                .collect(),
        };
        let Some(value) = equation.value().and_then(|v| u32::try_from(v).ok()) else {
            continue;
        };
        let size = equation.terms.len();
        if best.as_ref().is_none_or(|(fewest, _)| size < *fewest) {
            let hint = Step {
                fill: Fill::new(Cell::new(row, col), value),
                reason: Reason::Combination(equation),
            };
            best = Some((size, hint));
        }
    }
    best.map(|(_, hint)| hint)
}

/// A blank cell that only one unused number fits.
pub(super) fn only_candidate(grid: &Grid<'_>) -> Option<Step> {
    grid.blanks().find_map(|cell| {
        let mut fitting = grid.candidates(cell);
        let value = fitting.next()?;
        if fitting.next().is_some() {
            return None;
        }
        let ruled_out = grid
            .unused
            .iter()
            .filter(|&&v| v != value)
            .map(|&v| {
                let index = grid.misfit(cell, v)?;
                Some(RuledOut {
                    value: v,
                    line: grid.lines[index].line,
                })
            })
            .collect::<Option<Vec<_>>>()?;
        let (row, col) = grid.place(cell);
        Some(Step {
            fill: Fill::new(Cell::new(row, col), value),
            reason: Reason::OnlyCandidate { ruled_out },
        })
    })
}

/// An unused number that fits only one blank cell.
pub(super) fn only_place(grid: &Grid<'_>) -> Option<Step> {
    let blanks: Vec<usize> = grid.blanks().collect();
    grid.unused.iter().find_map(|&value| {
        let mut places = blanks
            .iter()
            .copied()
            .filter(|&c| grid.misfit(c, value).is_none());
        let cell = places.next()?;
        if places.next().is_some() {
            return None;
        }
        let ruled_out = blanks
            .iter()
            .filter(|&&c| c != cell)
            .map(|&c| {
                let (row, col) = grid.place(c);
                let line = grid.lines[grid.misfit(c, value)?].line;
                Some(Misfit { row, col, line })
            })
            .collect::<Option<Vec<_>>>()?;
        let (row, col) = grid.place(cell);
        Some(Step {
            fill: Fill::new(Cell::new(row, col), value),
            reason: Reason::OnlyPlace { ruled_out },
        })
    })
}

/// The first line that cannot reach its sum whatever fills its blanks: a
/// full line with the wrong sum, or a line with distinct blanks whose
/// least or greatest fill misses it.
pub(super) fn dead_line(grid: &Grid<'_>) -> Option<super::DeadEnd> {
    grid.lines.iter().find_map(|line| {
        let state = LineState::new(line, &grid.cells);
        let k = state.blanks.len();
        if k == 0 {
            return (state.filled_sum != line.target).then_some(super::DeadEnd::Wrong(
                crate::CheckError::WrongSum {
                    line: line.line,
                    sum: state.filled_sum,
                    expected: line.target,
                },
            ));
        }
        // The centre of an odd square is its own mirror: last_in_line
        // settles that pair.
        let repeated = line.cells.windows(2).any(|w| w[0] == w[1]);
        if repeated || k > grid.unused.len() {
            return None;
        }
        let (low, high) = grid.reach(k, 0);
        let (low, high) = (state.filled_sum + low, state.filled_sum + high);
        (line.target < low || line.target > high).then_some(super::DeadEnd::OutOfReach {
            line: line.line,
            low,
            high,
            sum: line.target,
        })
    })
}

/// The line through `cell` that `value` there (an unused number, in a blank
/// cell of a grid of distinct numbers, 0 for a blank) leaves unable to
/// reach its sum, if any.
pub(crate) fn breaks_line(
    order: usize,
    cells: Vec<u32>,
    kind: crate::Kind,
    cell: usize,
    value: u32,
) -> Option<crate::Line> {
    let lines = super::lines::kind_lines(order, kind);
    let grid = Grid::new(order, cells, &lines);
    grid.misfit(cell, value).map(|index| lines[index].line)
}
