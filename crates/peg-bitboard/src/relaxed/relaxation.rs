//! What a relaxation is: the holes seen exactly, the groups seen through
//! a [`PegCount`], checked against the board and the table limits when it
//! is made ([`Relaxation::new`]), the one known to prune the English
//! board, and which symmetries give a position images of the same
//! outcome. The other modules of [`relaxed`](super) read a relaxation
//! through its [`Layout`].

use std::sync::OnceLock;

use kongming_search::symmetry::{Permutation, Permute};

use super::error::RelaxationError;
use super::state_index::Layout;
use super::{MAX_COMBO_BITS, MAX_COUNT_BITS, MAX_STATE_BITS};
use crate::board::Board;

/// How a relaxed game sees the pegs of a group of holes.
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::PegCount;
///
/// // Three pegs, seen as: three, some (one), and their parity.
/// assert_eq!(PegCount::Exact.value(3), 3);
/// assert_eq!(PegCount::Capped(1).value(3), 1);
/// assert_eq!(PegCount::Modulo(2).value(3), 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PegCount {
    /// The number of pegs.
    Exact,
    /// The number of pegs up to a cap, more read as the cap (`Capped(1)`:
    /// whether the group has a peg).
    Capped(u8),
    /// The number of pegs modulo a modulus (at least 1).
    Modulo(u8),
}

impl PegCount {
    /// What a group with `pegs` pegs reads as (`Modulo(0)`, which
    /// [`Relaxation::new`] refuses, reads as `Modulo(1)`).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::PegCount;
    ///
    /// assert_eq!(PegCount::Capped(2).value(1), 1);
    /// assert_eq!(PegCount::Capped(2).value(5), 2);
    /// assert_eq!(PegCount::Modulo(3).value(5), 2);
    /// ```
    pub fn value(self, pegs: usize) -> usize {
        match self {
            PegCount::Exact => pegs,
            PegCount::Capped(cap) => pegs.min(usize::from(cap)),
            PegCount::Modulo(modulus) => pegs % usize::from(modulus).max(1),
        }
    }
}

/// A group of holes seen through a [`PegCount`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct CountGroup {
    pub(super) holes: u64,
    /// The count as given (shown and compared; the game reads `reads`).
    pub(super) count: PegCount,
    /// For each number of pegs, the value the group reads, numbered
    /// `0..values` in increasing order.
    pub(super) reads: Vec<usize>,
    pub(super) values: usize,
}

/// A relaxation of the game on a board: some holes seen exactly, groups of
/// others seen only through a [`PegCount`] of their pegs, the remaining
/// holes not seen at all. A jump of the relaxed game is the image of a
/// real jump, so if the relaxed state of a position cannot reach the
/// relaxed state of a target, neither can the position. A
/// [`Census`](crate::Census) uses relaxations to drop positions that
/// cannot reach its target: for every symmetry it works with, the
/// winning states of the relaxed game (those that can reach the target's)
/// are found once, in a table of one bit per state.
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Board, Census, PegCount, Relaxation};
///
/// let board = Board::triangular(5)?;
/// let corner = board.cell("c1")?;
/// let start = board.start(corner)?;
/// let end = board.position(corner.bit())?;
/// // The first two rows seen exactly, the next two as peg counts, the
/// // last as a peg count's parity.
/// let rows = |first: usize, count: usize| ((1u64 << count) - 1) << first;
/// let groups = [(rows(3, 3), PegCount::Exact), (rows(6, 4), PegCount::Exact), (rows(10, 5), PegCount::Modulo(2))];
/// let relaxation = Relaxation::new(&board, rows(0, 3), &groups)?;
/// let mut census = Census::new(&start).with_target(&end)?.with_relaxations(&[relaxation])?;
/// assert_eq!(census.solutions()?.exact(), Some(6_816)); // the same count as without
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Relaxation {
    pub(super) board: Board,
    /// The holes seen exactly, in the order of their state bits.
    pub(super) exact: Vec<usize>,
    pub(super) groups: Vec<CountGroup>,
}

impl Relaxation {
    /// The relaxation of `board` seeing the holes of `exact` exactly and
    /// each group of `groups` through its count; holes in neither are not
    /// seen.
    ///
    /// # Errors
    ///
    /// [`RelaxationError`] for bits off the board, holes named twice, a
    /// zero modulus, more than 2^26 states, counts wider than 16 bits
    /// together or more than 2^12 combinations of the groups' values.
    /// Groups that always read the same (empty ones, `Capped(0)`,
    /// `Modulo(1)`) are dropped: their holes are not seen.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, PegCount, Relaxation};
    ///
    /// let board = "o o o o".parse::<Board>()?;
    /// let relaxation = Relaxation::new(&board, 0b0011, &[(0b1100, PegCount::Modulo(2))])?;
    /// assert_eq!(relaxation.states(), 8); // two exact holes, a parity
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(
        board: &Board,
        exact: u64,
        groups: &[(u64, PegCount)],
    ) -> Result<Relaxation, RelaxationError> {
        let mut named = exact;
        let off_board = groups.iter().fold(exact, |all, &(holes, _)| all | holes) & !board.holes();
        if off_board != 0 {
            return Err(RelaxationError::OffBoard { bits: off_board });
        }
        let mut count_groups = Vec::with_capacity(groups.len());
        for &(holes, count) in groups {
            if named & holes != 0 {
                return Err(RelaxationError::Overlap {
                    holes: named & holes,
                });
            }
            named |= holes;
            if count == PegCount::Modulo(0) {
                return Err(RelaxationError::ZeroModulus);
            }
            let raw: Vec<usize> = (0..=holes.count_ones() as usize)
                .map(|pegs| count.value(pegs))
                .collect();
            let mut distinct = raw.clone();
            distinct.sort_unstable();
            distinct.dedup();
            if distinct.len() == 1 {
                continue; // it always reads the same: unseen
            }
            let reads = raw
                .iter()
                .map(|value| distinct.binary_search(value).expect("a value read"))
                .collect();
            count_groups.push(CountGroup {
                holes,
                count,
                reads,
                values: distinct.len(),
            });
        }
        let relaxation = Relaxation {
            board: board.clone(),
            exact: (0..board.len()).filter(|&i| exact >> i & 1 == 1).collect(),
            groups: count_groups,
        };
        let layout = Layout::of(&relaxation);
        if layout.state_bits() > MAX_STATE_BITS {
            return Err(RelaxationError::TooManyStates {
                limit: MAX_STATE_BITS,
            });
        }
        if layout.count_bits > MAX_COUNT_BITS {
            return Err(RelaxationError::CountsTooWide {
                limit: MAX_COUNT_BITS,
            });
        }
        if layout.combo_bits > MAX_COMBO_BITS {
            return Err(RelaxationError::TooManyCombinations {
                limit: MAX_COMBO_BITS,
            });
        }
        Ok(relaxation)
    }

    /// Relaxations known to prune well on `board`: one for the English
    /// board, none for other boards. A [`Census`](crate::Census) prunes
    /// its winnable positions with them unless given others.
    ///
    /// The English one sees 23 holes exactly, rows 1 to 4 and row 6, and
    /// of rows 5 and 7 only whether they hold a peg: 2^24 states. The
    /// board's left-right mirror maps it onto itself, so a position's
    /// images come in pairs with the same outcome, and a census tests 4
    /// of them rather than 8. Of the positions of the English centre game
    /// that survive the [known pagoda functions](crate::Pagoda::known)
    /// but cannot be won, it rules out about as many as the best
    /// relaxation of as many states a random search found, which no
    /// symmetry maps onto itself and which so takes all 8 images.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Relaxation};
    ///
    /// let known = Relaxation::known(&Board::english());
    /// assert_eq!(known.len(), 1);
    /// assert_eq!(known[0].states(), 1 << 24);
    /// assert!(Relaxation::known(&Board::european()).is_empty());
    /// ```
    pub fn known(board: &Board) -> Vec<Relaxation> {
        static ENGLISH_BOARD: OnceLock<Board> = OnceLock::new();
        if board.len() != 33 || board != ENGLISH_BOARD.get_or_init(Board::english) {
            return Vec::new();
        }
        let holes = |names: &str| -> u64 {
            names
                .split_whitespace()
                .map(|name| board.cell(name).expect("an English hole").bit())
                .fold(0, |all, bit| all | bit)
        };
        let exact = holes("c1 d1 e1 c2 d2 e2 a3 b3 c3 d3 e3 f3 g3 a4 b4 c4 d4 e4 f4 g4 c6 d6 e6");
        let groups = [(holes("a5 b5 c5 d5 e5 f5 g5 c7 d7 e7"), PegCount::Capped(1))];
        vec![Relaxation::new(board, exact, &groups).expect("a valid relaxation")]
    }

    /// Of `symmetries` (of the board's holes), one of each set whose
    /// images of a position have the same outcome: two do when one is the
    /// other followed by a symmetry mapping this relaxation onto itself
    /// (exact holes onto exact holes, each group onto a group counted the
    /// same way), which maps the relaxed game onto itself. The target
    /// must be fixed by every symmetry given.
    pub(super) fn distinct_images(&self, symmetries: &[Permutation]) -> Vec<Permutation> {
        let exact = self.exact.iter().fold(0u64, |all, &i| all | 1 << i);
        let onto_itself: Vec<&Permutation> = symmetries
            .iter()
            .filter(|symmetry| {
                exact.permuted(symmetry) == exact
                    && self.groups.iter().all(|group| {
                        let mapped = group.holes.permuted(symmetry);
                        self.groups
                            .iter()
                            .any(|other| other.holes == mapped && other.reads == group.reads)
                    })
            })
            .collect();
        let mut chosen: Vec<Permutation> = Vec::new();
        for symmetry in symmetries {
            let same_outcome = chosen
                .iter()
                .any(|kept| onto_itself.iter().any(|h| kept.then(h) == *symmetry));
            if !same_outcome {
                chosen.push(symmetry.clone());
            }
        }
        chosen
    }

    /// The number of relaxed states.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, PegCount, Relaxation};
    ///
    /// let board = "o o o o o".parse::<Board>()?;
    /// // One exact hole, three holes capped at one peg, one unseen.
    /// let relaxation = Relaxation::new(&board, 0b00001, &[(0b01110, PegCount::Capped(1))])?;
    /// assert_eq!(relaxation.states(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn states(&self) -> u64 {
        let combos: u64 = self.groups.iter().map(|g| g.values as u64).product();
        combos << self.exact.len()
    }

    /// The board.
    pub(crate) fn board(&self) -> &Board {
        &self.board
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_relaxations_are_errors_and_groups_reading_one_value_are_dropped() {
        let board: Board = ["o o o o o o o o"; 8].join("\n").parse().expect("a board");
        let all = board.holes();
        let modulo_zero = Relaxation::new(&board, 0, &[(1, PegCount::Modulo(0))]);
        assert_eq!(modulo_zero, Err(RelaxationError::ZeroModulus));
        let each_hole: Vec<(u64, PegCount)> =
            (0..64).map(|i| (1u64 << i, PegCount::Exact)).collect();
        assert!(Relaxation::new(&board, 0, &each_hole).is_err());
        // Four groups of 15 holes with 15 values each: 50,625 combinations.
        let wide: Vec<(u64, PegCount)> = (0..4)
            .map(|g| (0x7fffu64 << (15 * g), PegCount::Capped(14)))
            .collect();
        assert_eq!(
            Relaxation::new(&board, 0xf << 60, &wide),
            Err(RelaxationError::TooManyCombinations {
                limit: MAX_COMBO_BITS
            })
        );
        // Groups that always read the same cost nothing.
        let unseen: Vec<(u64, PegCount)> = (0..64)
            .map(|i| {
                (
                    1u64 << i,
                    if i % 2 == 0 {
                        PegCount::Capped(0)
                    } else {
                        PegCount::Modulo(1)
                    },
                )
            })
            .chain(std::iter::repeat_n((0, PegCount::Exact), 1000))
            .collect();
        let relaxation = Relaxation::new(&board, 0, &unseen).expect("nothing seen");
        assert_eq!(relaxation.states(), 1);
        assert!(relaxation.groups.is_empty());
        assert_eq!(
            Relaxation::new(&board, all, &[]),
            Err(RelaxationError::TooManyStates {
                limit: MAX_STATE_BITS
            })
        );
    }
}
