//! A specialised enumerator of the 880 normal magic squares of order 4 in
//! Frénicle standard form.
//!
//! Name the cells
//!
//! ```text
//! a b c d
//! e f g h
//! i j k l
//! m n o p
//! ```
//!
//! The ten line equations (sum 34) imply `a + d + m + p = 34` (the
//! corners), `f + k = d + m` and `g + j = a + p`. Conversely, once the
//! corners satisfy the first, the diagonals hold as soon as `f + k = d + m`
//! and `g + j = a + p`; then `b` fixes `c` (row 0), `n` (column 1) and `o`
//! (row 3), and column 2 holds by itself; `e` fixes `h` (row 1), `i`
//! (column 0) and `l` (row 2), and column 3 holds by itself. So a square is
//! seven free choices: the corners `a`, `d`, `m` (`p` follows), `f`, `g`,
//! `b` and `e`, and the `b` and `e` halves are independent of each other
//! except that all sixteen numbers differ. The Frénicle conditions are
//! `a < d`, `a < m`, `a < p` and `b < e`.
//!
//! For each choice of corners and centre, the halves are listed apart
//! (each as its four numbers and their set) and joined pairwise where the
//! sets are disjoint.

use kongming_search::control::{Budget, Meter, Outcome, Progress, StopReason};
use kongming_search::dfs::Stats;
use kongming_search::symmetry::SquareSymmetry;

use crate::Square;
use crate::control::{Control, Observer, Stage, stop_now};
use crate::count::Counted;

/// The magic constant of order 4.
const SUM: i32 = 34;
/// The numbers `1..=16` as a set (bit `v − 1` for `v`).
const FULL: u32 = 0xFFFF;

fn bit(value: i32) -> u32 {
    1 << (value - 1)
}

/// A set of numbers and its mirror image (`v` ↦ `17 − v`), kept side by
/// side so that reflections are shifts.
#[derive(Clone, Copy)]
struct Free {
    set: u32,
    mirror: u32,
}

impl Free {
    fn all() -> Self {
        Self {
            set: FULL,
            mirror: FULL,
        }
    }

    /// Without the number `v`.
    fn without(self, v: i32) -> Self {
        Self {
            set: self.set & !bit(v),
            mirror: self.mirror & !bit(17 - v),
        }
    }

    /// The numbers `x` with `k − x` in the set: `17 − (k − x)` is in the
    /// mirror, so these are the mirror shifted by `17 − k`.
    fn reflected(self, k: i32) -> u32 {
        shifted(self.mirror, 17 - k)
    }

    /// The numbers `x` of the set whose partner `sum − x` is in the set
    /// too and differs from `x`.
    fn pairs(self, sum: i32) -> u32 {
        let mut mask = self.set & self.reflected(sum);
        if sum % 2 == 0 && (2..=32).contains(&sum) {
            mask &= !bit(sum / 2);
        }
        mask
    }

    /// The numbers `x` of the set such that `k1 − x`, `k2 − x` and
    /// `x + k3` are in the set too (not necessarily all different).
    fn quads(self, k1: i32, k2: i32, k3: i32) -> u32 {
        self.set & self.reflected(k1) & self.reflected(k2) & shifted(self.set, k3)
    }
}

/// The numbers `x` with `x + k` in `set`.
fn shifted(set: u32, k: i32) -> u32 {
    if !(-32..=31).contains(&k) {
        return 0;
    }
    ((u64::from(set) << 32) >> (32 + k)) as u32 & FULL
}

#[cfg(test)]
/// Whether `value` is a number of `free`.
fn free_value(free: u32, value: i32) -> bool {
    (1..=16).contains(&value) && free & bit(value) != 0
}

/// One half of a square: four numbers and their set.
#[derive(Clone, Copy, Default)]
struct Half {
    values: [u8; 4],
    set: u32,
}

/// The corners `(a, d, m)` in the order the enumeration visits them:
/// `a` rising, then `d`, then `m`; `p = 34 − a − d − m` must exceed `a`
/// and differ from `d` and `m`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Corners {
    a: i32,
    d: i32,
    m: i32,
}

impl Corners {
    /// The first corners at or after `(a, d, m)` that are valid, if any.
    fn settle(mut self) -> Option<Self> {
        loop {
            if self.m > 16 {
                self.m = 1;
                self.d += 1;
            }
            if self.d > 16 {
                self.d = 1;
                self.a += 1;
            }
            if self.a > 16 {
                return None;
            }
            let (a, d, m) = (self.a, self.d, self.m);
            let p = SUM - a - d - m;
            if d > a && m > a && m != d && p > a && p <= 16 && p != d && p != m {
                return Some(self);
            }
            self.m += 1;
        }
    }

    pub(crate) fn first() -> Option<Self> {
        Self { a: 1, d: 1, m: 1 }.settle()
    }

    pub(crate) fn next(self) -> Option<Self> {
        Self {
            m: self.m + 1,
            ..self
        }
        .settle()
    }

    /// Calls `found` with every standard form with these corners, as the
    /// 16 cells row by row.
    pub(crate) fn squares(self, mut found: impl FnMut(&[u8; 16])) {
        let (a, d, m) = (self.a, self.d, self.m);
        let p = SUM - a - d - m;
        let free = Free::all().without(a).without(d).without(m).without(p);
        let mut b_halves = [Half::default(); 16];
        let mut e_halves = [Half::default(); 16];
        let mut f_choices = free.pairs(d + m);
        while f_choices != 0 {
            let f = f_choices.trailing_zeros() as i32 + 1;
            f_choices &= f_choices - 1;
            let k = d + m - f;
            let free = free.without(f).without(k);
            let mut g_choices = free.pairs(a + p);
            while g_choices != 0 {
                let g = g_choices.trailing_zeros() as i32 + 1;
                g_choices &= g_choices - 1;
                let j = a + p - g;
                let free = free.without(g).without(j);
                // Row 0 (c = 34 − a − d − b), column 1 (n = 34 − f − j − b),
                // row 3 (o = b + f + j − m − p).
                let mut b_count = 0;
                let (k1, k2, k3) = (SUM - a - d, SUM - f - j, f + j - m - p);
                let mut candidates = free.quads(k1, k2, k3);
                while candidates != 0 {
                    let b = candidates.trailing_zeros() as i32 + 1;
                    candidates &= candidates - 1;
                    let (c, n, o) = (k1 - b, k2 - b, b + k3);
                    let set = bit(b) | bit(c) | bit(n) | bit(o);
                    if set.count_ones() == 4 {
                        b_halves[b_count] = Half {
                            values: [b as u8, c as u8, n as u8, o as u8],
                            set,
                        };
                        b_count += 1;
                    }
                }
                if b_count == 0 {
                    continue;
                }
                // Row 1 (h = 34 − f − g − e), column 0 (i = 34 − a − m − e),
                // row 2 (l = e + a + m − j − k).
                let mut e_count = 0;
                let (k1, k2, k3) = (SUM - f - g, SUM - a - m, a + m - j - k);
                let mut candidates = free.quads(k1, k2, k3);
                while candidates != 0 {
                    let e = candidates.trailing_zeros() as i32 + 1;
                    candidates &= candidates - 1;
                    let (h, i, l) = (k1 - e, k2 - e, e + k3);
                    let set = bit(e) | bit(h) | bit(i) | bit(l);
                    if set.count_ones() == 4 {
                        e_halves[e_count] = Half {
                            values: [e as u8, h as u8, i as u8, l as u8],
                            set,
                        };
                        e_count += 1;
                    }
                }
                for top in &b_halves[..b_count] {
                    for side in &e_halves[..e_count] {
                        if top.set & side.set != 0 || top.values[0] >= side.values[0] {
                            continue;
                        }
                        let [b, c, n, o] = top.values;
                        let [e, h, i, l] = side.values;
                        let cell = |v: i32| v as u8;
                        found(&[
                            cell(a),
                            b,
                            c,
                            cell(d),
                            e,
                            cell(f),
                            cell(g),
                            h,
                            i,
                            cell(j),
                            cell(k),
                            l,
                            cell(m),
                            n,
                            o,
                            cell(p),
                        ]);
                    }
                }
            }
        }
    }
}

/// For each symmetry of [`SquareSymmetry::ALL`], the cell of a square
/// that each cell of its image comes from.
pub(crate) fn image_tables() -> [[u8; 16]; 8] {
    SquareSymmetry::ALL.map(|symmetry| {
        let mut table = [0u8; 16];
        for (from, row, col) in (0..16u8).map(|i| (i, usize::from(i / 4), usize::from(i % 4))) {
            let (r, c) = symmetry.apply(row, col, 4);
            table[r * 4 + c] = from;
        }
        table
    })
}

/// The choices of corners [`Corners`] visits: the nodes of a whole count.
pub(crate) const CORNER_CHOICES: u64 = 516;

/// Counts the standard forms under `control`'s budget (a node is a choice
/// of corners), each standing for `factor` squares, reporting
/// [`Stage::Corners`] after each choice.
pub(crate) fn count(control: &Control, factor: u64) -> Counted {
    // The loop is compiled apart for a callback and for none, so that the
    // count without one runs the enumerator's loops as tightly as before.
    let (choices, forms, outcome) = if control.observer.is_set() {
        count_reporting(control, factor)
    } else {
        count_with(&control.budget, |_, _| {})
    };
    let mut stats = Stats::default();
    stats.nodes = choices;
    stats.solutions = forms;
    Counted::new(forms.saturating_mul(factor), outcome, stats)
}

/// [`count_with`] reporting to the callback after each choice of corners
/// (out of line, away from the count without one).
#[inline(never)]
fn count_reporting(control: &Control, factor: u64) -> (u64, u64, Outcome) {
    count_with(&control.budget, |choices, forms| {
        report_corners(&control.observer, choices, forms, factor);
    })
}

/// The choices of corners made and the standard forms found under
/// `budget`, calling `after` with both after each choice.
fn count_with(budget: &Budget, mut after: impl FnMut(u64, u64)) -> (u64, u64, Outcome) {
    let mut meter = budget.start();
    let (mut choices, mut forms) = (0u64, 0u64);
    let mut corners = Corners::first();
    while let Some(current) = corners {
        if let Some(reason) = stop_now(&mut meter, choices) {
            return (choices, forms, Outcome::Stopped(reason));
        }
        choices += 1;
        current.squares(|_| forms += 1);
        after(choices, forms);
        corners = current.next();
    }
    (choices, forms, Outcome::Complete)
}

/// Reports `choices` choices of corners made and `forms` standard forms
/// found, each `factor` squares. Kept out of line, so that the
/// enumerator's loops compile as tightly as without a callback.
#[cold]
#[inline(never)]
fn report_corners(observer: &Observer, choices: u64, forms: u64, factor: u64) {
    observer.report(
        &Progress::new(Stage::Corners, choices)
            .with_total(CORNER_CHOICES)
            .with_found(forms.saturating_mul(factor)),
    );
}

/// The square of these cells.
#[inline]
fn square(cells: &[u8; 16]) -> Option<Square> {
    Square::from_cells(4, cells.iter().map(|&v| u32::from(v)).collect())
}

/// The standard forms one by one (each followed by its seven other images
/// when all squares are asked for), under a budget whose node is a choice
/// of corners.
#[derive(Debug)]
pub(crate) struct Listing {
    /// The corners still to visit.
    corners: Option<Corners>,
    /// The squares found for the last corners, taken from the back.
    batch: Vec<[u8; 16]>,
    /// Where each image's cells come from, when every standard form is
    /// followed by its images.
    images: Option<Box<[[u8; 16]; 8]>>,
    /// Choices of corners as nodes, standard forms as solutions.
    stats: Stats,
    meter: Meter,
    observer: Observer,
    /// Why the budget stopped the listing, if it did.
    stopped: Option<StopReason>,
}

impl Listing {
    /// The listing of the standard forms, with their images if `all`.
    pub(crate) fn new(control: &Control, all: bool) -> Self {
        Listing {
            corners: Corners::first(),
            batch: Vec::new(),
            images: all.then(|| Box::new(image_tables())),
            stats: Stats::default(),
            meter: control.budget.start(),
            observer: control.observer.clone(),
            stopped: None,
        }
    }

    /// The next square, or `None` at the end or when the budget ran out.
    #[inline]
    pub(crate) fn next_square(&mut self) -> Option<Square> {
        if let Some(cells) = self.batch.pop() {
            return square(&cells);
        }
        self.next_corners()
    }

    /// Finds the squares of the next corners and takes the first; `None`
    /// at the end or when the budget ran out.
    fn next_corners(&mut self) -> Option<Square> {
        loop {
            if let Some(cells) = self.batch.pop() {
                return square(&cells);
            }
            let current = self.corners?;
            if let Some(reason) = stop_now(&mut self.meter, self.stats.nodes) {
                self.stopped = Some(reason);
                self.corners = None;
                return None;
            }
            self.stats.nodes += 1;
            self.corners = current.next();
            let (stats, batch, images) = (&mut self.stats, &mut self.batch, &self.images);
            current.squares(|cells| {
                stats.solutions += 1;
                match images {
                    Some(tables) => batch.extend(
                        tables
                            .iter()
                            .map(|table| table.map(|from| cells[usize::from(from) & 15])),
                    ),
                    None => batch.push(*cells),
                }
            });
            self.batch.reverse();
            if self.observer.is_set() {
                let factor = if self.images.is_some() { 8 } else { 1 };
                let (choices, forms) = (self.stats.nodes, self.stats.solutions);
                report_corners(&self.observer, choices, forms, factor);
            }
        }
    }

    /// How the listing ended, once every square found has been taken.
    pub(crate) fn outcome(&self) -> Option<Outcome> {
        if !self.batch.is_empty() {
            return None;
        }
        match self.stopped {
            Some(reason) => Some(Outcome::Stopped(reason)),
            None => self.corners.is_none().then_some(Outcome::Complete),
        }
    }

    /// What the listing has done so far.
    pub(crate) fn stats(&self) -> Stats {
        self.stats
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A set with its mirror.
    fn free(set: u32) -> Free {
        let mirror = (1..=16)
            .filter(|&v| free_value(set, v))
            .fold(0, |m, v| m | bit(17 - v));
        Free { set, mirror }
    }

    const SETS: [u32; 5] = [FULL, 0x0F0F, 0xA5A5, 0x8001, 0x7FFE];

    #[test]
    fn without_keeps_the_mirror() {
        let mut set = Free::all();
        for v in [3, 16, 1, 9] {
            set = set.without(v);
            assert_eq!(set.mirror, free(set.set).mirror);
        }
    }

    #[test]
    fn shifts_match_the_definition() {
        for set in SETS {
            for k in -40..80 {
                let expected = (1..=16)
                    .filter(|&x| free_value(set, k - x))
                    .fold(0, |m, x| m | bit(x));
                assert_eq!(free(set).reflected(k), expected, "{set:#x} {k}");
                let expected = (1..=16)
                    .filter(|&x| free_value(set, x + k))
                    .fold(0, |m, x| m | bit(x));
                assert_eq!(shifted(set, k), expected, "{set:#x} {k}");
                let expected = (1..=16)
                    .filter(|&x| free_value(set, x) && free_value(set, k - x) && 2 * x != k)
                    .fold(0, |m, x| m | bit(x));
                assert_eq!(free(set).pairs(k), expected, "{set:#x} {k}");
            }
        }
    }

    #[test]
    fn quads_match_the_definition() {
        for set in SETS {
            for (k1, k2, k3) in [
                (20, 17, 3),
                (15, 15, 2),
                (30, 12, -5),
                (10, 20, 0),
                (18, 9, -1),
            ] {
                let expected = (1..=16)
                    .filter(|&x| {
                        [x, k1 - x, k2 - x, x + k3]
                            .iter()
                            .all(|&v| free_value(set, v))
                    })
                    .fold(0, |m, x| m | bit(x));
                assert_eq!(
                    free(set).quads(k1, k2, k3),
                    expected,
                    "{set:#x} {k1} {k2} {k3}"
                );
            }
        }
    }

    #[test]
    fn image_tables_agree_with_transformed() {
        let cells: Vec<u32> = (1..=16).collect();
        let square = crate::Square::from_cells(4, cells).unwrap();
        for (table, symmetry) in image_tables().iter().zip(SquareSymmetry::ALL) {
            let image: Vec<u32> = table.iter().map(|&from| u32::from(from) + 1).collect();
            assert_eq!(image, square.transformed(symmetry).cells());
        }
    }

    #[test]
    fn counts_880_over_every_choice_of_corners() {
        let count = count(&Control::default(), 1);
        assert_eq!((count.count, count.outcome.is_complete()), (880, true));
        assert_eq!(count.stats.solutions, 880);
        let mut choices = 0;
        let mut corners = Corners::first();
        while let Some(current) = corners {
            choices += 1;
            corners = current.next();
        }
        assert_eq!(count.stats.nodes, choices);
        assert_eq!(CORNER_CHOICES, choices);
    }
}
