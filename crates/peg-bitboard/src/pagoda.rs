//! Pagoda functions: weights on the holes that no jump increases, so a
//! position whose weight is below a goal's cannot reach it, and one whose
//! weight is above a start's cannot be reached from it.

use std::error::Error;
use std::fmt;
use std::sync::OnceLock;

use crate::board::{Board, Cell};
use crate::position::bits;

/// A pagoda function: a weight per hole such that for every jump
/// `w(from) + w(over) >= w(to)`, so the total weight of the pegs never
/// increases. A goal whose weight exceeds the current position's is out of
/// reach.
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Board, Pagoda};
///
/// let board = "o o o o".parse::<Board>()?;
/// // Weights 1, 1, 2, 3: each is at most the sum of the two before it.
/// assert!(Pagoda::new(&board, &[1, 1, 2, 3]).is_ok());
/// // Weights 0, 1, 2, 4 are not: the jump b1-d1 gains 4 - (1 + 2).
/// assert!(Pagoda::new(&board, &[0, 1, 2, 4]).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pagoda {
    /// The holes of each distinct nonzero weight.
    levels: Vec<(i32, u64)>,
    weights: Vec<i32>,
}

/// Why weights are not a pagoda function of a board.
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Board, Pagoda, PagodaError};
///
/// let board = "o o o".parse::<Board>()?;
/// assert_eq!(Pagoda::new(&board, &[1, 1]), Err(PagodaError::WrongLength { expected: 3, found: 2 }));
/// assert!(matches!(Pagoda::new(&board, &[0, 0, 1]), Err(PagodaError::Increases { .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PagodaError {
    /// Not one weight per hole.
    WrongLength {
        /// The number of holes.
        expected: usize,
        /// The number of weights.
        found: usize,
    },
    /// A jump that increases the weight.
    Increases {
        /// The jump, in notation.
        jump: String,
    },
}

impl fmt::Display for PagodaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PagodaError::WrongLength { expected, found } => {
                write!(
                    f,
                    "expected {expected} weights (one per hole), found {found}"
                )
            }
            PagodaError::Increases { jump } => {
                write!(
                    f,
                    "the jump {jump} increases the weight: not a pagoda function"
                )
            }
        }
    }
}

impl Error for PagodaError {}

impl Pagoda {
    /// Checks `weights` (one per hole, in hole order) against every jump
    /// of `board`.
    ///
    /// # Errors
    ///
    /// [`PagodaError`] if the length is wrong or a jump increases the
    /// weight.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Pagoda};
    ///
    /// let board = "o o o".parse::<Board>()?;
    /// let pagoda = Pagoda::new(&board, &[1, 1, 1])?;
    /// assert_eq!(pagoda.value(0b011), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(board: &Board, weights: &[i32]) -> Result<Pagoda, PagodaError> {
        if weights.len() != board.len() {
            return Err(PagodaError::WrongLength {
                expected: board.len(),
                found: weights.len(),
            });
        }
        for jump in board.jumps() {
            let w = |c: Cell| i64::from(weights[c.index()]);
            if w(jump.from()) + w(jump.over()) < w(jump.to()) {
                return Err(PagodaError::Increases {
                    jump: board.jump_name(*jump),
                });
            }
        }
        let mut distinct: Vec<i32> = weights.iter().copied().filter(|&w| w != 0).collect();
        distinct.sort_unstable();
        distinct.dedup();
        let levels = distinct
            .into_iter()
            .map(|level| {
                let mask = weights
                    .iter()
                    .enumerate()
                    .filter(|&(_, &w)| w == level)
                    .fold(0u64, |mask, (i, _)| mask | 1 << i);
                (level, mask)
            })
            .collect();
        Ok(Pagoda {
            levels,
            weights: weights.to_vec(),
        })
    }

    /// The 0/1 pagoda function grown from `seeds`: starting from the seed
    /// holes, whenever a jump lands in the set from two holes outside it,
    /// its starting hole joins the set. A position with no peg in the set
    /// can never put one there.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Pagoda};
    ///
    /// let board = Board::english();
    /// let centre = board.cell("d4")?;
    /// let pagoda = Pagoda::grown(&board, centre.bit());
    /// assert_eq!(pagoda.weights().iter().sum::<i32>(), 5); // d4 and b4, d2, f4, d6
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn grown(board: &Board, seeds: u64) -> Pagoda {
        let mut set = seeds & board.holes();
        loop {
            let before = set;
            for jump in board.jumps() {
                if set & jump.to().bit() != 0 && set & (jump.from().bit() | jump.over().bit()) == 0
                {
                    set |= jump.from().bit();
                }
            }
            if set == before {
                break;
            }
        }
        let weights: Vec<i32> = board
            .cells()
            .map(|c| i32::from(set & c.bit() != 0))
            .collect();
        Pagoda::new(board, &weights).expect("a grown set is a pagoda function")
    }

    /// The pagoda function shrinking by about the golden ratio with each
    /// step away from the hole `seed`: weights `F(m - d + 1)` for a hole `d` steps from
    /// the seed along lines of jumps, `m` the largest such distance and `F`
    /// the Fibonacci numbers, so that a jump towards the seed keeps the
    /// weight (`F(k) + F(k + 1) = F(k + 2)`) and any other loses. `None` if
    /// the weights would overflow.
    pub(crate) fn golden(board: &Board, seed: u64) -> Option<Pagoda> {
        // The holes next to each hole along lines of jumps.
        let mut next_to = vec![0u64; board.len()];
        for jump in board.jumps() {
            for (a, b) in [(jump.from(), jump.over()), (jump.over(), jump.to())] {
                next_to[a.index()] |= b.bit();
                next_to[b.index()] |= a.bit();
            }
        }
        let mut distance: Vec<Option<usize>> = vec![None; board.len()];
        let mut seen = seed & board.holes();
        let mut frontier = seen;
        let mut steps = 0;
        while frontier != 0 {
            let mut next = 0;
            for bit in bits(frontier) {
                let hole = bit.trailing_zeros() as usize;
                distance[hole] = Some(steps);
                next |= next_to[hole];
            }
            frontier = next & !seen;
            seen |= next;
            steps += 1;
        }
        let farthest = distance.iter().flatten().copied().max()?;
        // fib[k]: F(k + 1), k = 0..=farthest + 1.
        let mut fib = vec![1i32, 1];
        while fib.len() < farthest + 2 {
            let k = fib.len();
            fib.push(fib[k - 1].checked_add(fib[k - 2])?);
        }
        let weights: Vec<i32> = distance
            .iter()
            .map(|d| d.map_or(0, |d| fib[farthest - d]))
            .collect();
        Pagoda::new(board, &weights).ok()
    }

    /// Pagoda functions known to prune well on `board`: for the English
    /// board, sixteen (five below and their images under the board's
    /// symmetries), none for other boards. A [`Census`](crate::Census)
    /// prunes its winnable positions with them unless given others.
    ///
    /// They were found by linear programming: for positions of the
    /// English centre game that cannot be won, the pagoda function
    /// minimising the position's weight less the centre's, whenever that
    /// is negative, rounded to integers; then the fewest whose images
    /// rule out the most such positions. Together they rule out more than
    /// half of the positions 12 to 15 jumps into that game that cannot be
    /// won, nearly as many as all the functions found.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Pagoda};
    ///
    /// let board = Board::english();
    /// let known = Pagoda::known(&board);
    /// assert_eq!(known.len(), 16);
    /// // A peg alone in a corner of an arm (c1) can never be removed.
    /// let corner = board.cell("c1")?.bit();
    /// let centre = board.cell("d4")?.bit();
    /// assert!(known.iter().any(|p| p.value(corner) < p.value(centre)));
    /// assert!(Pagoda::known(&Board::european()).is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn known(board: &Board) -> Vec<Pagoda> {
        static ENGLISH_BOARD: OnceLock<Board> = OnceLock::new();
        if board.len() != 33 || board != ENGLISH_BOARD.get_or_init(Board::english) {
            return Vec::new();
        }
        let mut found: Vec<Vec<i32>> = Vec::new();
        for weights in ENGLISH {
            for symmetry in board.symmetries().elements() {
                let mut image = vec![0; weights.len()];
                for (hole, &weight) in weights.iter().enumerate() {
                    image[symmetry.apply(hole)] = weight;
                }
                if !found.contains(&image) {
                    found.push(image);
                }
            }
        }
        found
            .iter()
            .map(|weights| Pagoda::new(board, weights).expect("a known pagoda function"))
            .collect()
    }

    /// The weights, in hole order.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Pagoda};
    ///
    /// let board = "o o o".parse::<Board>()?;
    /// assert_eq!(Pagoda::new(&board, &[1, 0, 1])?.weights(), &[1, 0, 1]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn weights(&self) -> &[i32] {
        &self.weights
    }

    /// The total weight of `pegs`.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Pagoda};
    ///
    /// let board = "o o o".parse::<Board>()?;
    /// assert_eq!(Pagoda::new(&board, &[1, 0, 1])?.value(0b101), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn value(&self, pegs: u64) -> i64 {
        self.levels
            .iter()
            .map(|&(w, mask)| i64::from(w) * i64::from((pegs & mask).count_ones()))
            .sum()
    }
}

/// Five pagoda functions of the English board, weights laid out as the
/// board (holes in reading order); see [`Pagoda::known`].
#[rustfmt::skip]
const ENGLISH: [[i32; 33]; 5] = [
    [
                -4,  0, -4,
                 4,  3,  4,
        -3,  3,  0,  3,  0,  3, -3,
         2,  2,  4,  6,  4,  2,  2,
        -1,  1,  0,  1,  0,  1, -1,
                 4,  5,  4,
                -4,  0, -4,
    ],
    [
                -1,  0, -1,
                 1,  0,  1,
         0,  0,  0,  0,  0,  0,  0,
         0,  1,  1,  0,  1,  0,  1,
         0,  0,  0,  0,  0,  0,  0,
                 1,  0,  1,
                -1,  0, -1,
    ],
    [
                -1,  0, -1,
                 1,  2,  1,
         0,  0,  0,  0,  0,  0,  0,
         0,  1,  1,  2,  1,  1,  0,
         0,  0,  0,  0,  0,  0,  0,
                 1,  2,  1,
                -1,  0, -1,
    ],
    [
                -3,  2, -1,
                 3,  2,  1,
         0,  0,  0,  0,  0,  0,  0,
         0,  3,  3,  2,  1,  1,  0,
         0,  0,  0,  0,  0,  0,  0,
                 3,  2,  1,
                -3,  2, -1,
    ],
    [
                -1,  0, -1,
                 1,  0,  1,
         0,  0,  0,  0,  0,  0,  0,
         0,  1,  1,  0,  1,  1,  0,
         0,  0,  0,  0,  0,  0,  0,
                 1,  0,  1,
                -1,  0, -1,
    ],
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn golden_weights_are_pagoda_functions_peaking_at_the_seed() {
        for board in [
            Board::english(),
            Board::european(),
            Board::diamond(),
            Board::wiegleb(),
            Board::triangular(5).unwrap(),
        ] {
            for cell in board.cells() {
                let pagoda = Pagoda::golden(&board, cell.bit()).expect("weights fit");
                let top = pagoda.weights().iter().copied().max();
                assert_eq!(Some(pagoda.weights()[cell.index()]), top);
                assert!(pagoda.weights().iter().all(|&w| w > 0));
            }
        }
    }
}
