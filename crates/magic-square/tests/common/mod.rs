//! An independent oracle for the puzzle and hint tests: every completion
//! of a grid by brute force (cells filled row by row, the last cell of a
//! line computed from its sum), and the lines of a kind, written from the
//! definitions and sharing nothing with the crate but its `Kind` flags.
#![allow(dead_code)]

use kongming_magic_square::Kind;

/// The lines of `kind` in a square of order `n`: cells and the sum.
pub fn lines(n: usize, kind: Kind) -> Vec<(Vec<usize>, u32)> {
    let m = (n * (n * n + 1) / 2) as u32;
    let mut lines = Vec::new();
    for i in 0..n {
        lines.push(((0..n).map(|j| i * n + j).collect(), m));
        lines.push(((0..n).map(|j| j * n + i).collect(), m));
    }
    if kind.has_diagonals() || kind.is_pandiagonal() || kind.is_associative() {
        lines.push(((0..n).map(|i| i * n + i).collect(), m));
        lines.push(((0..n).map(|i| i * n + n - 1 - i).collect(), m));
    }
    if kind.is_pandiagonal() {
        for k in 1..n {
            lines.push(((0..n).map(|i| i * n + (i + k) % n).collect(), m));
            lines.push(((0..n).map(|i| i * n + (k + n * n - i) % n).collect(), m));
        }
    }
    if kind.is_associative() {
        let cells = n * n;
        for c in 0..cells / 2 {
            lines.push((vec![c, cells - 1 - c], cells as u32 + 1));
        }
        if n % 2 == 1 {
            // The centre alone: twice it is n² + 1.
            lines.push((vec![cells / 2], (cells as u32).div_ceil(2)));
        }
    }
    lines
}

/// Every completion of `grid` (row-major, 0 for a blank, order `n`) into a
/// normal square of `kind`, up to `limit` of them.
pub fn completions(n: usize, grid: &[u32], kind: Kind, limit: usize) -> Vec<Vec<u32>> {
    let lines = lines(n, kind);
    let cells = n * n;
    let mut through: Vec<Vec<usize>> = vec![Vec::new(); cells];
    for (index, (line, _)) in lines.iter().enumerate() {
        for &c in line {
            through[c].push(index);
        }
    }
    // The line each cell ends (its last cell in row-major order).
    let mut ends: Vec<Vec<usize>> = vec![Vec::new(); cells];
    for (index, (line, _)) in lines.iter().enumerate() {
        ends[*line.iter().max().unwrap()].push(index);
    }
    let mut used = vec![false; cells + 1];
    for &v in grid {
        if v != 0 {
            if v as usize > cells || used[v as usize] {
                return Vec::new();
            }
            used[v as usize] = true;
        }
    }
    let mut state = State {
        n,
        lines,
        through,
        ends,
        cells: grid.to_vec(),
        given: grid.iter().map(|&v| v != 0).collect(),
        used,
        found: Vec::new(),
        limit,
    };
    state.fill(0);
    state.found
}

struct State {
    n: usize,
    lines: Vec<(Vec<usize>, u32)>,
    through: Vec<Vec<usize>>,
    ends: Vec<Vec<usize>>,
    cells: Vec<u32>,
    given: Vec<bool>,
    used: Vec<bool>,
    found: Vec<Vec<u32>>,
    limit: usize,
}

impl State {
    /// The sum of the cells of line `index` before `pos` (row-major) and
    /// of the given cells after it.
    fn partial(&self, index: usize, pos: usize) -> u32 {
        self.lines[index]
            .0
            .iter()
            .filter(|&&c| c < pos || self.given[c])
            .filter(|&&c| c != pos)
            .map(|&c| self.cells[c])
            .sum()
    }

    /// Whether `value` at `pos` keeps every line through it possible: at
    /// most its sum, and exactly its sum for the lines `pos` ends.
    fn fits(&self, pos: usize, value: u32) -> bool {
        self.through[pos].iter().all(|&index| {
            let total = self.partial(index, pos) + value;
            if self.ends[pos].contains(&index) {
                total == self.lines[index].1
            } else {
                total < self.lines[index].1
                    || (total == self.lines[index].1 && {
                        // Every other cell still open would need a 0.
                        self.lines[index]
                            .0
                            .iter()
                            .all(|&c| c <= pos || self.given[c])
                    })
            }
        })
    }

    fn fill(&mut self, pos: usize) {
        if self.found.len() >= self.limit {
            return;
        }
        let cells = self.n * self.n;
        if pos == cells {
            self.found.push(self.cells.clone());
            return;
        }
        if self.given[pos] {
            if self.fits(pos, self.cells[pos]) {
                self.fill(pos + 1);
            }
            return;
        }
        // A line that ends here fixes the number.
        let candidates: Vec<u32> = match self.ends[pos].first() {
            Some(&index) => {
                let rest = self.partial(index, pos);
                let times = self.lines[index].0.iter().filter(|&&c| c == pos).count() as u32;
                let target = self.lines[index].1;
                if rest <= target {
                    vec![(target - rest) / times]
                } else {
                    vec![]
                }
            }
            None => (1..=cells as u32).collect(),
        };
        for value in candidates {
            if value == 0 || value as usize > cells || self.used[value as usize] {
                continue;
            }
            if !self.fits(pos, value) {
                continue;
            }
            self.cells[pos] = value;
            self.used[value as usize] = true;
            self.fill(pos + 1);
            self.used[value as usize] = false;
            self.cells[pos] = 0;
        }
    }
}

/// The grid of a partial square: 0 for a blank.
pub fn grid_of(partial: &kongming_magic_square::PartialSquare) -> Vec<u32> {
    partial.cells().iter().map(|c| c.unwrap_or(0)).collect()
}
