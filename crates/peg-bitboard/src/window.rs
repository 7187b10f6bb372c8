//! Pagoda windows for the census: no jump increases a pagoda function's
//! value, so every position of a game from a start to a target has, for
//! each pagoda function, a value between the target's and the start's.
//! A position outside that window is neither reachable nor winnable, and
//! the census drops it before it costs a canonical form or a place in a
//! sorted level.

use crate::board::Board;
use crate::pagoda::Pagoda;

/// The most pagoda functions a window checks: one `i16` lane each, the
/// lanes checked together.
pub(crate) const WINDOW_LANES: usize = 16;

/// The largest total of a pagoda function's weights (in absolute value)
/// a window takes: values and their differences with the bounds then fit
/// an `i16`.
pub(crate) const WINDOW_WEIGHT: i64 = (1 << 14) - 1;

/// One value per pagoda function (lanes past the last unused, zero).
pub(crate) type Values = [i16; WINDOW_LANES];

/// Pagoda functions of a board with the bounds a position must keep
/// within.
pub(crate) struct Window {
    /// `byte * 256 + value`: the values of the holes set in `value` at
    /// byte `byte` of a bitboard.
    byte_values: Vec<Values>,
    /// Per jump, the change of the values when it is played.
    gain: Vec<Values>,
    /// Per jump, the change of the values when it is taken back.
    loss: Vec<Values>,
    /// The least value a position may have (the goal's), per lane.
    low: Values,
    /// The greatest value a position may have (the start's), per lane.
    high: Values,
}

impl Window {
    /// The window of games from `start` to `goal`: each of `pagodas`
    /// (pagoda functions of `board`, at most [`WINDOW_LANES`], each of
    /// total weight at most [`WINDOW_WEIGHT`]) between its value at
    /// `goal` and at `start`. `None` without pagoda functions.
    pub(crate) fn new(board: &Board, pagodas: &[Pagoda], start: u64, goal: u64) -> Option<Window> {
        if pagodas.is_empty() {
            return None;
        }
        assert!(pagodas.len() <= WINDOW_LANES, "checked by the census");
        let narrow = |value: i64| i16::try_from(value).expect("weights checked by the census");
        let mut holes = vec![[0i16; WINDOW_LANES]; board.len()];
        // Unused lanes hold zero, within their bounds of zero.
        let mut low = [0; WINDOW_LANES];
        let mut high = [0; WINDOW_LANES];
        for (lane, pagoda) in pagodas.iter().enumerate() {
            assert!(
                absolute_total(pagoda) <= WINDOW_WEIGHT,
                "checked by the census"
            );
            for (hole, &w) in pagoda.weights().iter().enumerate() {
                holes[hole][lane] = narrow(i64::from(w));
            }
            low[lane] = narrow(pagoda.value(goal));
            high[lane] = narrow(pagoda.value(start));
        }
        let bytes = board.len().div_ceil(8).max(1);
        let mut byte_values = vec![[0i16; WINDOW_LANES]; bytes * 256];
        for byte in 0..bytes {
            for bits in 1..256usize {
                // The lowest hole's weights joined to the rest's.
                let lowest = 8 * byte + bits.trailing_zeros() as usize;
                let mut values = byte_values[byte * 256 + (bits & (bits - 1))];
                if let Some(weights) = holes.get(lowest) {
                    values = add(&values, weights);
                }
                byte_values[byte * 256 + bits] = values;
            }
        }
        let gain: Vec<Values> = board
            .jumps()
            .iter()
            .map(|jump| {
                let lost = add(&holes[jump.from().index()], &holes[jump.over().index()]);
                sub(&holes[jump.to().index()], &lost)
            })
            .collect();
        let loss = gain.iter().map(|g| sub(&[0; WINDOW_LANES], g)).collect();
        Some(Window {
            byte_values,
            gain,
            loss,
            low,
            high,
        })
    }

    /// The values of `pegs`.
    #[inline]
    pub(crate) fn values(&self, pegs: u64) -> Values {
        let mut values = [0; WINDOW_LANES];
        for (byte, table) in self.byte_values.chunks_exact(256).enumerate() {
            values = add(&values, &table[(pegs >> (8 * byte)) as usize & 0xff]);
        }
        values
    }

    /// Per jump, the change of the values when it is played (taken back,
    /// if `backwards`).
    pub(crate) fn changes(&self, backwards: bool) -> &[Values] {
        if backwards { &self.loss } else { &self.gain }
    }

    /// Whether values `values` changed by `change` lie within the window.
    #[inline(always)]
    pub(crate) fn admits_changed(&self, values: &Values, change: &Values) -> bool {
        // A lane is out when `v - low` or `high - v` is negative: all the
        // lanes' signs or-ed together, without a branch per lane. (Values
        // and bounds lie within ±WINDOW_WEIGHT, so nothing wraps.)
        let mut signs = 0i16;
        for lane in 0..WINDOW_LANES {
            let v = values[lane] + change[lane];
            signs |= (v - self.low[lane]) | (self.high[lane] - v);
        }
        signs >= 0
    }

    /// Whether `pegs` lies within the window.
    pub(crate) fn admits(&self, pegs: u64) -> bool {
        self.admits_changed(&self.values(pegs), &[0; WINDOW_LANES])
    }
}

/// The total of a pagoda function's weights, in absolute value: it bounds
/// the function's value at any position.
pub(crate) fn absolute_total(pagoda: &Pagoda) -> i64 {
    pagoda.weights().iter().map(|&w| i64::from(w).abs()).sum()
}

#[inline(always)]
fn add(a: &Values, b: &Values) -> Values {
    std::array::from_fn(|lane| a[lane] + b[lane])
}

#[inline(always)]
fn sub(a: &Values, b: &Values) -> Values {
    std::array::from_fn(|lane| a[lane] - b[lane])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_follow_each_jump_and_bounds_hold_at_both_ends() {
        let board = Board::english();
        let pagodas = Pagoda::known(&board);
        let centre = board.cell("d4").unwrap().bit();
        let start = board.holes() & !centre;
        let window = Window::new(&board, &pagodas, start, centre).unwrap();
        assert!(window.admits(start) && window.admits(centre));
        for (j, jump) in board.jumps().iter().enumerate() {
            let before = start ^ jump.to().bit() ^ centre;
            let after = before ^ jump.mask();
            let v = window.values(before);
            let played = add(&v, &window.changes(false)[j]);
            assert_eq!(played, window.values(after));
            assert_eq!(add(&played, &window.changes(true)[j]), v);
            for (lane, pagoda) in pagodas.iter().enumerate() {
                assert_eq!(i64::from(v[lane]), pagoda.value(before));
            }
        }
        // A lone peg in a corner of an arm is below the centre's window.
        assert!(!window.admits(board.cell("c1").unwrap().bit()));
    }
}
