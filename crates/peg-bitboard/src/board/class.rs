//! Position classes ("the rule of three"): an invariant of every jump,
//! so positions of different classes never reach one another. The solver
//! checks a goal's class before searching; a census's start and target
//! must share theirs.

use super::{Board, Cell, Coord, Grid};

impl Board {
    /// The position class of a set of pegs: positions of different classes
    /// can never be reached from one another.
    ///
    /// Each jump takes three holes in a line; for every line direction a
    /// labelling of holes by a residue mod 3 gives the three holes of any
    /// jump three different residues, so a jump flips the parity of the
    /// number of pegs on each residue. The parities of the pairwise sums
    /// are thus invariant ("the rule of three"): 16 classes on a square
    /// grid (two labellings, by `row + column` and `row - column`), 4 on a
    /// triangular one (one labelling by doubled column).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// let board = Board::english();
    /// let centre = board.cell("d4")?.bit();
    /// let start = board.holes() & !centre;
    /// assert_eq!(board.class(start), board.class(centre));
    /// assert_ne!(board.class(start), board.class(board.cell("d3")?.bit()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn class(&self, pegs: u64) -> u8 {
        self.inner
            .classes
            .iter()
            .enumerate()
            .fold(0, |class, (i, masks)| {
                let parity = masks.map(|mask| (pegs & mask).count_ones() & 1);
                let bits = ((parity[0] ^ parity[1]) | ((parity[1] ^ parity[2]) << 1)) as u8;
                class | (bits << (2 * i))
            })
    }

    /// The holes where a game from `pegs` could end with one peg, by the
    /// class invariant (a necessary condition only).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// let board = Board::english();
    /// let start = board.start(board.cell("d4")?)?;
    /// let ends: Vec<String> = board.single_peg_finishes(start.pegs()).map(|c| board.name(c)).collect();
    /// assert_eq!(ends, ["d1", "a4", "d4", "g4", "d7"]);
    ///
    /// let french = Board::european();
    /// let start = french.start(french.cell("d4")?)?;
    /// assert_eq!(french.single_peg_finishes(start.pegs()).count(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn single_peg_finishes(&self, pegs: u64) -> impl Iterator<Item = Cell> + '_ {
        let class = self.class(pegs);
        self.cells().filter(move |c| self.class(c.bit()) == class)
    }
}

/// Per labelling of the holes at `coords` on `grid` by a residue mod 3
/// (see [`Board::class`]), the holes with residue 0, 1 and 2.
pub(super) fn residue_masks(grid: Grid, coords: &[Coord]) -> Vec<[u64; 3]> {
    let residue_masks = |label: &dyn Fn(Coord) -> i32| {
        let mut masks = [0u64; 3];
        for (i, &c) in coords.iter().enumerate() {
            masks[label(c).rem_euclid(3) as usize] |= 1 << i;
        }
        masks
    };
    match grid {
        Grid::Square => vec![
            residue_masks(&|(r, x)| r + x / 2),
            residue_masks(&|(r, x)| r - x / 2),
        ],
        Grid::Triangular => vec![residue_masks(&|(_, x)| x)],
    }
}
