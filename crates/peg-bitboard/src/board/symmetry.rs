//! The symmetries of a board, found from its geometry: the rotations and
//! reflections of its grid that map its holes onto themselves, as
//! permutations of hole indices and as a fast action on bitboards; the
//! subgroups fixing some patterns, and the centre they all fix.

use kongming_search::symmetry::{BitboardGroup, Group, Permutation};

use super::{Board, Cell, Coord, Grid};

impl Board {
    /// The symmetries of the board, found from its geometry: the
    /// rotations and reflections of the grid that map the holes onto
    /// themselves, as permutations of hole indices.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// assert_eq!(Board::english().symmetries().order(), 8);
    /// assert_eq!(Board::triangular(4)?.symmetries().order(), 6);
    /// assert_eq!("ooo\nooo".parse::<Board>()?.symmetries().order(), 4);
    /// # Ok::<(), kongming_peg_bitboard::LayoutError>(())
    /// ```
    pub fn symmetries(&self) -> &Group {
        &self.inner.symmetries
    }

    /// The symmetries as a fast action on bitboards (element indices as in
    /// [`symmetries`](Board::symmetries)).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// let board = Board::english();
    /// let corner = board.cell("c1")?.bit();
    /// assert_eq!(board.bitboard_symmetries().orbit_size(corner), 8);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn bitboard_symmetries(&self) -> &BitboardGroup {
        &self.inner.bitboard
    }

    /// The symmetries of the board that also map each of `patterns` onto
    /// itself (a subgroup of [`symmetries`](Board::symmetries)). Bits of
    /// a pattern that are no hole of the board are ignored.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// let board = Board::english();
    /// let centre = board.cell("d4")?.bit();
    /// let d1 = board.cell("d1")?.bit();
    /// assert_eq!(board.symmetries_fixing(&[centre]).order(), 8);
    /// assert_eq!(board.symmetries_fixing(&[d1]).order(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn symmetries_fixing(&self, patterns: &[u64]) -> Group {
        let bitboard = &self.inner.bitboard;
        let kept: Vec<Permutation> = self
            .inner
            .symmetries
            .elements()
            .iter()
            .enumerate()
            .filter(|&(e, _)| {
                patterns.iter().all(|&p| {
                    let p = p & self.holes();
                    bitboard.image(e, p) == p
                })
            })
            .map(|(_, perm)| perm.clone())
            .collect();
        Group::generate(self.len(), kept).expect("a subgroup of a small group")
    }

    /// The hole fixed by every symmetry of the board, if there is exactly
    /// one: `d4` on the English board, none on the triangle.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// let board = Board::english();
    /// assert_eq!(board.centre().map(|c| board.name(c)), Some("d4".to_string()));
    /// assert_eq!(Board::triangular(5)?.centre(), None);
    /// # Ok::<(), kongming_peg_bitboard::LayoutError>(())
    /// ```
    pub fn centre(&self) -> Option<Cell> {
        let mut fixed = self.cells().filter(|&c| {
            (0..self.inner.bitboard.order())
                .all(|e| self.inner.bitboard.image(e, c.bit()) == c.bit())
        });
        let first = fixed.next()?;
        fixed.next().is_none().then_some(first)
    }
}

/// The symmetries of a set of holes among the rotations and reflections of
/// its grid, each followed by the translation that brings the image's least
/// hole back onto the least hole.
pub(super) fn find_symmetries(grid: Grid, coords: &[Coord]) -> Group {
    let linear: Vec<Box<dyn Fn(Coord) -> Coord>> = match grid {
        // (row, x) with x = 2 * column: the eight symmetries of the square.
        Grid::Square => vec![
            Box::new(|(r, x)| (r, x)),
            Box::new(|(r, x)| (r, -x)),
            Box::new(|(r, x)| (-r, x)),
            Box::new(|(r, x)| (-r, -x)),
            Box::new(|(r, x)| (x / 2, 2 * r)),
            Box::new(|(r, x)| (-x / 2, 2 * r)),
            Box::new(|(r, x)| (x / 2, -2 * r)),
            Box::new(|(r, x)| (-x / 2, -2 * r)),
        ],
        // Doubled coordinates to cube coordinates: q = (x - r) / 2, r, s.
        // A sixth of a turn is (q, r, s) -> (-r, -s, -q), a mirror swaps r
        // and s.
        Grid::Triangular => {
            let parity = (coords[0].0 + coords[0].1).rem_euclid(2);
            let mut maps: Vec<Box<dyn Fn(Coord) -> Coord>> = Vec::new();
            for turns in 0..6 {
                for mirror in [false, true] {
                    maps.push(Box::new(move |(r, x)| {
                        let q = (x - r - parity) / 2;
                        let (mut a, mut b, mut c) = (q, r, -q - r);
                        if mirror {
                            std::mem::swap(&mut b, &mut c);
                        }
                        for _ in 0..turns {
                            (a, b, c) = (-b, -c, -a);
                        }
                        let _ = c;
                        (b, 2 * a + b)
                    }));
                }
            }
            maps
        }
    };
    let least = *coords.iter().min().expect("a board has holes");
    let candidates = linear.into_iter().map(|map| {
        let image_least = coords.iter().map(|&c| map(c)).min().expect("not empty");
        let shift = (least.0 - image_least.0, least.1 - image_least.1);
        move |&c: &Coord| {
            let (r, x) = map(c);
            (r + shift.0, x + shift.1)
        }
    });
    Group::preserving(coords, candidates).expect("holes are distinct and the group is small")
}
