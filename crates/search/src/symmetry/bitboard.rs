//! A fast action of a group on `u64` bitboards through byte lookup tables.

use super::{Group, GroupError, Permutation};

/// A [`Group`] of degree at most 64 acting on `u64` bitboards, where bit
/// `i` is point `i` (a peg on cell `i`, say).
///
/// Each element gets one 256-entry table per byte of the board, so the
/// image of a board is one lookup per byte OR-ed together (5 lookups for a
/// 33-cell board). Memory: `order * ceil(degree / 8) * 2` KiB, at most
/// 16 MiB since the order is capped at [`BitboardGroup::MAX_ORDER`]. Bits at or
/// above the degree stay in place, as with [`Permute`](super::Permute) for
/// `u64`.
///
/// Element indices follow [`Group::elements`], so index 0 is the identity.
///
/// Symmetries distribute over XOR: the images of `s ^ m` are the images of
/// `s` XOR-ed with the images of `m`. A search that moves by toggling bits
/// can keep the [`BitboardImages`] of its state up to date with
/// [`BitboardImages::toggle`] instead of recomputing them.
///
/// # Example
///
/// ```
/// use kongming_search::symmetry::{BitboardGroup, Group};
///
/// // A 3×3 board, cells numbered row by row.
/// let square = BitboardGroup::new(&Group::square(3))?;
/// let corner = 1 << 8;
/// assert_eq!(square.canonical(corner), 1);
/// assert_eq!(square.orbit_size(corner), 4);
///
/// // Keep the images of a state while toggling bits.
/// let mut images = square.images(corner);
/// let jump = square.images(0b000_000_011);
/// images.toggle(&jump);
/// assert_eq!(images.state(), corner ^ 0b000_000_011);
/// assert_eq!(images.canonical(), square.canonical(corner ^ 0b000_000_011));
/// # Ok::<(), kongming_search::symmetry::GroupError>(())
/// ```
#[derive(Clone, Debug)]
pub struct BitboardGroup {
    degree: usize,
    order: usize,
    bytes_per_board: usize,
    fixed_bits: u64,
    tables: Vec<[u64; 256]>,
}

impl BitboardGroup {
    /// The largest group order accepted: 1024 elements, so the tables take
    /// at most 16 MiB.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::symmetry::BitboardGroup;
    ///
    /// assert_eq!(BitboardGroup::MAX_ORDER, 1024);
    /// ```
    pub const MAX_ORDER: usize = 1024;

    /// Precomputes the lookup tables of every element of `group`.
    ///
    /// # Errors
    ///
    /// [`GroupError::DegreeTooLarge`] if the group acts on more than 64
    /// points, [`GroupError::OrderTooLarge`] if it has more than
    /// [`BitboardGroup::MAX_ORDER`] elements.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::symmetry::{BitboardGroup, Group, GroupError};
    ///
    /// assert_eq!(BitboardGroup::new(&Group::square(8))?.order(), 8);
    /// assert!(matches!(
    ///     BitboardGroup::new(&Group::square(9)),
    ///     Err(GroupError::DegreeTooLarge { degree: 81, max: 64 })
    /// ));
    /// # Ok::<(), GroupError>(())
    /// ```
    pub fn new(group: &Group) -> Result<Self, GroupError> {
        let degree = group.degree();
        if degree > 64 {
            return Err(GroupError::DegreeTooLarge { degree, max: 64 });
        }
        if group.order() > Self::MAX_ORDER {
            return Err(GroupError::OrderTooLarge {
                limit: Self::MAX_ORDER,
            });
        }
        let bytes_per_board = degree.div_ceil(8);
        let fixed_bits = if bytes_per_board == 8 {
            0
        } else {
            u64::MAX << (8 * bytes_per_board)
        };
        let tables = group
            .elements()
            .iter()
            .flat_map(|perm| (0..bytes_per_board).map(move |byte| byte_table(perm, byte)))
            .collect();
        Ok(Self {
            degree,
            order: group.order(),
            bytes_per_board,
            fixed_bits,
            tables,
        })
    }

    /// The number of points (bits) the elements move.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::symmetry::{BitboardGroup, Group};
    ///
    /// assert_eq!(BitboardGroup::new(&Group::square(7))?.degree(), 49);
    /// # Ok::<(), kongming_search::symmetry::GroupError>(())
    /// ```
    pub fn degree(&self) -> usize {
        self.degree
    }

    /// The number of elements.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::symmetry::{BitboardGroup, Group};
    ///
    /// assert_eq!(BitboardGroup::new(&Group::trivial(10))?.order(), 1);
    /// # Ok::<(), kongming_search::symmetry::GroupError>(())
    /// ```
    pub fn order(&self) -> usize {
        self.order
    }

    /// The image of `board` under element `element` (an index into
    /// [`Group::elements`]).
    ///
    /// # Panics
    ///
    /// If `element >= self.order()`.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::symmetry::{BitboardGroup, Group, Permute};
    ///
    /// let group = Group::square(4);
    /// let bits = BitboardGroup::new(&group)?;
    /// let board = 0b0000_0000_0110_0011_u64;
    /// for (index, perm) in group.elements().iter().enumerate() {
    ///     assert_eq!(bits.image(index, board), board.permuted(perm));
    /// }
    /// # Ok::<(), kongming_search::symmetry::GroupError>(())
    /// ```
    #[inline]
    pub fn image(&self, element: usize, board: u64) -> u64 {
        assert!(
            element < self.order,
            "element {element} of a group of order {}",
            self.order
        );
        let start = element * self.bytes_per_board;
        let tables = &self.tables[start..start + self.bytes_per_board];
        tables
            .iter()
            .zip(board.to_le_bytes())
            .fold(board & self.fixed_bits, |image, (table, byte)| {
                image | table[usize::from(byte)]
            })
    }

    /// The images of `board` under every element.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::symmetry::{BitboardGroup, Group};
    ///
    /// let bits = BitboardGroup::new(&Group::square(2))?;
    /// let images = bits.images(0b0001);
    /// assert_eq!(images.as_slice().len(), 8);
    /// assert_eq!(images.state(), 0b0001);
    /// # Ok::<(), kongming_search::symmetry::GroupError>(())
    /// ```
    pub fn images(&self, board: u64) -> BitboardImages {
        BitboardImages {
            images: (0..self.order)
                .map(|element| self.image(element, board))
                .collect(),
        }
    }

    /// The canonical form of `board`: its least image.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::symmetry::{BitboardGroup, Group};
    ///
    /// let bits = BitboardGroup::new(&Group::square(3))?;
    /// assert_eq!(bits.canonical(0b010_000_000), 0b000_000_010);
    /// # Ok::<(), kongming_search::symmetry::GroupError>(())
    /// ```
    pub fn canonical(&self, board: u64) -> u64 {
        (1..self.order).fold(board, |least, element| {
            least.min(self.image(element, board))
        })
    }

    /// Whether `board` is its own canonical form.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::symmetry::{BitboardGroup, Group};
    ///
    /// let bits = BitboardGroup::new(&Group::square(3))?;
    /// assert!(bits.is_canonical(0b000_000_010));
    /// assert!(!bits.is_canonical(0b010_000_000));
    /// # Ok::<(), kongming_search::symmetry::GroupError>(())
    /// ```
    pub fn is_canonical(&self, board: u64) -> bool {
        (1..self.order).all(|element| self.image(element, board) >= board)
    }

    /// The number of distinct images of `board`.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::symmetry::{BitboardGroup, Group};
    ///
    /// let bits = BitboardGroup::new(&Group::square(3))?;
    /// assert_eq!(bits.orbit_size(0b000_000_011), 8);
    /// # Ok::<(), kongming_search::symmetry::GroupError>(())
    /// ```
    pub fn orbit_size(&self, board: u64) -> usize {
        let mut images = self.images(board).images;
        images.sort_unstable();
        images.dedup();
        images.len()
    }

    /// The number of elements that leave `board` unchanged.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::symmetry::{BitboardGroup, Group};
    ///
    /// let bits = BitboardGroup::new(&Group::square(3))?;
    /// assert_eq!(bits.stabilizer_size(0b101_000_101), 8);
    /// # Ok::<(), kongming_search::symmetry::GroupError>(())
    /// ```
    pub fn stabilizer_size(&self, board: u64) -> usize {
        (0..self.order)
            .filter(|&element| self.image(element, board) == board)
            .count()
    }
}

impl TryFrom<&Group> for BitboardGroup {
    type Error = GroupError;

    /// Same as [`BitboardGroup::new`].
    fn try_from(group: &Group) -> Result<Self, Self::Error> {
        Self::new(group)
    }
}

/// The table mapping each value of byte `byte` of a board to the bits its
/// points go to.
fn byte_table(perm: &Permutation, byte: usize) -> [u64; 256] {
    let mut table = [0; 256];
    for value in 1..256_usize {
        let lowest_bit = value.trailing_zeros() as usize;
        let point = 8 * byte + lowest_bit;
        let image = if point < perm.degree() {
            perm.apply(point)
        } else {
            point
        };
        table[value] = table[value & (value - 1)] | (1 << image);
    }
    table
}

/// The images of one bitboard under every element of a [`BitboardGroup`],
/// in element order (index 0 is the identity, so the state itself).
///
/// Because symmetries distribute over XOR, toggling the bits of a mask `m`
/// in the state toggles the images of `m` in its images: keep the images of
/// each move mask and update in place with [`toggle`](Self::toggle), which
/// is also its own undo.
///
/// # Example
///
/// ```
/// use kongming_search::symmetry::{BitboardGroup, Group};
///
/// let bits = BitboardGroup::new(&Group::square(4))?;
/// let start = 0xFFFF ^ (1 << 5);
/// let jump = bits.images(0b0010_0010_0010_0000); // cells 5, 9, 13
/// let mut images = bits.images(start);
/// let child_canonical = images.canonical_toggled(&jump);
/// images.toggle(&jump);
/// assert_eq!(images, bits.images(start ^ 0b0010_0010_0010_0000));
/// assert_eq!(images.canonical(), child_canonical);
/// images.toggle(&jump);
/// assert_eq!(images, bits.images(start));
/// # Ok::<(), kongming_search::symmetry::GroupError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BitboardImages {
    images: Vec<u64>,
}

impl BitboardImages {
    /// The board itself: its image under the identity.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::symmetry::{BitboardGroup, Group};
    ///
    /// let bits = BitboardGroup::new(&Group::square(3))?;
    /// assert_eq!(bits.images(0b110).state(), 0b110);
    /// # Ok::<(), kongming_search::symmetry::GroupError>(())
    /// ```
    pub fn state(&self) -> u64 {
        self.images[0]
    }

    /// The images, in element order.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::symmetry::{BitboardGroup, Group};
    ///
    /// let bits = BitboardGroup::new(&Group::trivial(3))?;
    /// assert_eq!(bits.images(0b101).as_slice(), &[0b101]);
    /// # Ok::<(), kongming_search::symmetry::GroupError>(())
    /// ```
    pub fn as_slice(&self) -> &[u64] {
        &self.images
    }

    /// The canonical form of the board: its least image.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::symmetry::{BitboardGroup, Group};
    ///
    /// let bits = BitboardGroup::new(&Group::square(2))?;
    /// assert_eq!(bits.images(0b1000).canonical(), 0b0001);
    /// # Ok::<(), kongming_search::symmetry::GroupError>(())
    /// ```
    pub fn canonical(&self) -> u64 {
        self.images.iter().copied().fold(u64::MAX, u64::min)
    }

    /// XORs `mask`'s images into these: they become the images of
    /// `state() ^ mask.state()`. Toggling twice restores them.
    ///
    /// # Panics
    ///
    /// If the two come from groups of different orders.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::symmetry::{BitboardGroup, Group};
    ///
    /// let bits = BitboardGroup::new(&Group::square(3))?;
    /// let mut images = bits.images(0b000_000_111);
    /// images.toggle(&bits.images(0b000_000_110));
    /// assert_eq!(images, bits.images(0b000_000_001));
    /// # Ok::<(), kongming_search::symmetry::GroupError>(())
    /// ```
    pub fn toggle(&mut self, mask: &Self) {
        assert_eq!(
            self.images.len(),
            mask.images.len(),
            "images from groups of different orders"
        );
        for (image, mask_image) in self.images.iter_mut().zip(&mask.images) {
            *image ^= mask_image;
        }
    }

    /// The canonical form of `state() ^ mask.state()`, without changing
    /// `self`: the least of the XOR-ed images.
    ///
    /// # Panics
    ///
    /// If the two come from groups of different orders.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::symmetry::{BitboardGroup, Group};
    ///
    /// let bits = BitboardGroup::new(&Group::square(3))?;
    /// let images = bits.images(0b111_000_000);
    /// let mask = bits.images(0b011_000_000);
    /// assert_eq!(images.canonical_toggled(&mask), bits.canonical(0b100_000_000));
    /// # Ok::<(), kongming_search::symmetry::GroupError>(())
    /// ```
    pub fn canonical_toggled(&self, mask: &Self) -> u64 {
        assert_eq!(
            self.images.len(),
            mask.images.len(),
            "images from groups of different orders"
        );
        self.images
            .iter()
            .zip(&mask.images)
            .map(|(image, mask_image)| image ^ mask_image)
            .fold(u64::MAX, u64::min)
    }
}
