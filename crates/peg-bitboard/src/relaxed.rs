//! Relaxed games: the game seen through some holes exactly and the rest
//! only as counts of pegs in groups of holes. Every real jump is a jump
//! of the relaxed game, so a position whose relaxed state cannot reach
//! the target's cannot reach the target: a proof of a lost position that
//! one lookup checks, once the relaxed game's winning states are known.

use std::collections::VecDeque;
use std::error::Error;
use std::fmt;
use std::sync::OnceLock;

use kongming_search::symmetry::{Group, Permutation, Permute};

use crate::board::Board;
use crate::lane_table::LaneTable;
use crate::work::Work;

/// The most bits a relaxed state takes: tables of at most 2^26 states
/// (8 MiB).
pub(crate) const MAX_STATE_BITS: u32 = 26;

/// The most bits the groups' peg counts take side by side (each count
/// as wide as its group's size needs).
pub(crate) const MAX_COUNT_BITS: u32 = 16;

/// The most bits the groups' combined values take: each relaxed jump
/// lists its pairs of combinations, so this bounds the jumps' tables
/// (a few hundred KiB per jump at most) as the state bits bound the
/// table of states.
pub(crate) const MAX_COMBO_BITS: u32 = 12;

/// State bits read one word of the table at a time: the first six exact
/// holes (fewer when there are fewer, the rest of the six never set).
const LANE_BITS: u32 = 6;

/// How a relaxed game sees the pegs of a group of holes.
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::Count;
///
/// // Three pegs, seen as: three, some (one), and their parity.
/// assert_eq!(Count::Exact.value(3), 3);
/// assert_eq!(Count::Capped(1).value(3), 1);
/// assert_eq!(Count::Modulo(2).value(3), 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Count {
    /// The number of pegs.
    Exact,
    /// The number of pegs up to a cap, more read as the cap (`Capped(1)`:
    /// whether the group has a peg).
    Capped(u8),
    /// The number of pegs modulo a modulus (at least 1).
    Modulo(u8),
}

impl Count {
    /// What a group with `pegs` pegs reads as (`Modulo(0)`, which
    /// [`Relaxation::new`] refuses, reads as `Modulo(1)`).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Count;
    ///
    /// assert_eq!(Count::Capped(2).value(1), 1);
    /// assert_eq!(Count::Capped(2).value(5), 2);
    /// assert_eq!(Count::Modulo(3).value(5), 2);
    /// ```
    pub fn value(self, pegs: usize) -> usize {
        match self {
            Count::Exact => pegs,
            Count::Capped(cap) => pegs.min(usize::from(cap)),
            Count::Modulo(modulus) => pegs % usize::from(modulus).max(1),
        }
    }
}

/// Why holes and groups do not make a relaxation of a board.
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Board, Count, Relaxation, RelaxationError};
///
/// let board = "o o o".parse::<Board>()?;
/// let overlap = Relaxation::new(&board, 0b011, &[(0b110, Count::Exact)]);
/// assert_eq!(overlap.unwrap_err(), RelaxationError::Overlap { holes: 0b010 });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RelaxationError {
    /// Bits that are not holes of the board.
    OffBoard {
        /// The bits.
        bits: u64,
    },
    /// Holes named twice (exact and in a group, or in two groups).
    Overlap {
        /// The holes.
        holes: u64,
    },
    /// A group counted modulo zero.
    ZeroModulus,
    /// More relaxed states than a table holds.
    TooManyStates {
        /// The most bits a state may take.
        limit: u32,
    },
    /// Group counts too wide to read side by side.
    CountsTooWide {
        /// The most bits the counts may take together.
        limit: u32,
    },
    /// More combinations of the groups' values than a relaxed jump
    /// tracks.
    TooManyCombinations {
        /// The most bits the combinations may take.
        limit: u32,
    },
}

impl fmt::Display for RelaxationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RelaxationError::OffBoard { bits } => {
                write!(f, "bits {bits:#x} are not holes of the board")
            }
            RelaxationError::Overlap { holes } => {
                write!(f, "holes {holes:#x} are named more than once")
            }
            RelaxationError::ZeroModulus => f.write_str("a group is counted modulo zero"),
            RelaxationError::TooManyStates { limit } => {
                write!(f, "the relaxed game has more than 2^{limit} states")
            }
            RelaxationError::CountsTooWide { limit } => {
                write!(f, "the groups' counts take more than {limit} bits together")
            }
            RelaxationError::TooManyCombinations { limit } => {
                write!(f, "the groups' values combine in more than 2^{limit} ways")
            }
        }
    }
}

impl Error for RelaxationError {}

/// A group of holes seen through a [`Count`].
#[derive(Clone, Debug, PartialEq, Eq)]
struct CountGroup {
    holes: u64,
    /// The count as given (shown and compared; the game reads `reads`).
    count: Count,
    /// For each number of pegs, the value the group reads, numbered
    /// `0..values` in increasing order.
    reads: Vec<usize>,
    values: usize,
}

/// A relaxation of the game on a board: some holes seen exactly, groups of
/// others seen only through a [`Count`] of their pegs, the remaining
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
/// use kongming_peg_bitboard::{Board, Census, Count, Relaxation};
///
/// let board = Board::triangular(5)?;
/// let corner = board.cell("c1")?;
/// let start = board.start(corner)?;
/// let end = board.position(corner.bit())?;
/// // The first two rows seen exactly, the next two as peg counts, the
/// // last as a peg count's parity.
/// let rows = |first: usize, count: usize| ((1u64 << count) - 1) << first;
/// let groups = [(rows(3, 3), Count::Exact), (rows(6, 4), Count::Exact), (rows(10, 5), Count::Modulo(2))];
/// let relaxation = Relaxation::new(&board, rows(0, 3), &groups)?;
/// let mut census = Census::new(&start).with_target(&end)?.with_relaxations(&[relaxation])?;
/// assert_eq!(census.solutions()?.exact(), Some(6_816)); // the same count as without
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Relaxation {
    board: Board,
    /// The holes seen exactly, in the order of their state bits.
    exact: Vec<usize>,
    groups: Vec<CountGroup>,
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
    /// use kongming_peg_bitboard::{Board, Count, Relaxation};
    ///
    /// let board = "o o o o".parse::<Board>()?;
    /// let relaxation = Relaxation::new(&board, 0b0011, &[(0b1100, Count::Modulo(2))])?;
    /// assert_eq!(relaxation.states(), 8); // two exact holes, a parity
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(
        board: &Board,
        exact: u64,
        groups: &[(u64, Count)],
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
            if count == Count::Modulo(0) {
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
    /// 15 jumps in that survive the [known pagoda
    /// functions](crate::Pagoda::known) but cannot be won, it rules out
    /// 72 % (64 % at 14 jumps, 43 % at 12), about as many as the best
    /// relaxation of as many states a random search found (72, 66 and
    /// 49 %), which no symmetry maps onto itself and which takes all 8
    /// images.
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
        let groups = [(holes("a5 b5 c5 d5 e5 f5 g5 c7 d7 e7"), Count::Capped(1))];
        vec![Relaxation::new(board, exact, &groups).expect("a valid relaxation")]
    }

    /// Of `symmetries` (of the board's holes), one of each set whose
    /// images of a position have the same outcome: two do when one is the
    /// other followed by a symmetry mapping this relaxation onto itself
    /// (exact holes onto exact holes, each group onto a group counted the
    /// same way), which maps the relaxed game onto itself. The target
    /// must be fixed by every symmetry given.
    fn distinct_images(&self, symmetries: &[Permutation]) -> Vec<Permutation> {
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
    /// use kongming_peg_bitboard::{Board, Count, Relaxation};
    ///
    /// let board = "o o o o o".parse::<Board>()?;
    /// // One exact hole, three holes capped at one peg, one unseen.
    /// let relaxation = Relaxation::new(&board, 0b00001, &[(0b01110, Count::Capped(1))])?;
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

/// Where the parts of a relaxed state go in its index: the lanes (the
/// first exact holes) lowest, then the groups' combined value, then the
/// other exact holes. One word of the table holds the 64 states that
/// differ in their lanes only.
#[derive(Clone, Copy, Debug)]
struct Layout {
    /// Exact holes past the lanes.
    high_bits: u32,
    /// Bits of the groups' combined value (mixed radix, the first group
    /// most significant).
    combo_bits: u32,
    /// The number of combined values.
    combos: usize,
    /// Bits of the groups' raw counts side by side.
    count_bits: u32,
}

impl Layout {
    fn of(relaxation: &Relaxation) -> Layout {
        let combos = relaxation
            .groups
            .iter()
            .fold(1usize, |all, g| all.saturating_mul(g.values));
        let count_bits = relaxation.groups.iter().map(|g| count_width(g.holes)).sum();
        Layout {
            high_bits: (relaxation.exact.len() as u32).saturating_sub(LANE_BITS),
            combo_bits: usize::BITS - (combos - 1).leading_zeros(),
            combos,
            count_bits,
        }
    }

    fn state_bits(self) -> u32 {
        LANE_BITS
            .saturating_add(self.combo_bits)
            .saturating_add(self.high_bits)
    }

    /// Words per value of the high exact holes.
    fn block(self) -> usize {
        1 << self.combo_bits
    }

    /// The index bit of the `k`th exact hole.
    fn exact_bit(self, k: usize) -> u32 {
        let k = k as u32;
        if k < LANE_BITS {
            k
        } else {
            k + self.combo_bits
        }
    }
}

/// Bits for a count of the pegs of `holes`.
fn count_width(holes: u64) -> u32 {
    u64::BITS - u64::from(holes.count_ones()).leading_zeros()
}

/// One jump of the relaxed game, read backwards (a state wins when the
/// state after the jump does): for each word of source states, the
/// word of states after the jump, and how lanes move between them.
struct RelaxedJump {
    /// High exact holes the jump needs full (before it).
    full: u32,
    /// High exact holes the jump changes.
    touched: u32,
    /// Lanes where the jump can be played.
    lanes: u64,
    /// Source lane = after-jump lane shifted right by `right`, left by
    /// `left`.
    right: u32,
    left: u32,
    /// How the jump moves the groups' combined values.
    combos: ComboMoves,
}

/// How a relaxed jump moves the groups' combined values.
enum ComboMoves {
    /// Every combination stays as it is.
    Same,
    /// Pairs (source combination, combination after the jump); for
    /// blocks of at most [`MAX_FAST_BLOCK`] words, also by difference
    /// (for [`pull_combos_in`]): per difference `d`, `block - d` and the
    /// lanes pulled into each source combination.
    Pairs {
        pairs: Vec<(u32, u32)>,
        by_difference: Vec<Difference>,
    },
}

/// Pairs of combinations with one difference `d`: `block - d` and the
/// lanes pulled into each source combination.
type Difference = (usize, Vec<u64>);

/// The most images of a position a census tests.
const MAX_IMAGES: usize = 16;

/// Blocks of states updated, or positions tested, between two looks at
/// the census's budget.
const BLOCKS_PER_POLL: usize = 1 << 10;

/// Positions tested between two looks at the census's budget.
const POSITIONS_PER_POLL: usize = 1 << 16;

/// The largest block pulled a whole block at a time.
const MAX_FAST_BLOCK: usize = 64;

fn relaxed_jumps(relaxation: &Relaxation, layout: Layout) -> Vec<RelaxedJump> {
    let exact_at = |hole: usize| relaxation.exact.iter().position(|&h| h == hole);
    let group_of = |hole: usize| {
        relaxation
            .groups
            .iter()
            .position(|g| g.holes >> hole & 1 == 1)
    };
    let mut jumps = Vec::new();
    for jump in relaxation.board.jumps() {
        let (mut full, mut touched) = (0u32, 0u32);
        let (mut lane_need, mut lane_fixed, mut shift) = (0u64, 0u64, 0i64);
        let mut emptied = vec![0usize; relaxation.groups.len()];
        let mut filled = vec![0usize; relaxation.groups.len()];
        let holes = [
            (jump.from().index(), true),
            (jump.over().index(), true),
            (jump.to().index(), false),
        ];
        for (hole, was_full) in holes {
            if let Some(k) = exact_at(hole) {
                let bit = layout.exact_bit(k);
                if bit < LANE_BITS {
                    lane_fixed |= 1 << bit;
                    if was_full {
                        lane_need |= 1 << bit;
                        shift -= 1 << bit;
                    } else {
                        shift += 1 << bit;
                    }
                } else {
                    let high = 1u32 << (bit - LANE_BITS - layout.combo_bits);
                    touched |= high;
                    if was_full {
                        full |= high;
                    }
                }
            } else if let Some(g) = group_of(hole) {
                if was_full {
                    emptied[g] += 1;
                } else {
                    filled[g] += 1;
                }
            }
        }
        // The combinations before and after: each group's value moves as
        // the jump can move it for some number of pegs it may hold.
        let mut combos: Vec<(usize, usize)> = vec![(0, 0)];
        for (g, group) in relaxation.groups.iter().enumerate() {
            let size = group.holes.count_ones() as usize;
            let mut moves: Vec<(usize, usize)> = (emptied[g]..=size - filled[g])
                .map(|pegs| {
                    (
                        group.reads[pegs],
                        group.reads[pegs - emptied[g] + filled[g]],
                    )
                })
                .collect();
            moves.sort_unstable();
            moves.dedup();
            combos = combos
                .iter()
                .flat_map(|&(from, to)| {
                    moves
                        .iter()
                        .map(move |&(a, b)| (from * group.values + a, to * group.values + b))
                })
                .collect();
        }
        let unchanged = combos.len() == layout.combos && combos.iter().all(|&(a, b)| a == b);
        let exact_unchanged = touched == 0 && lane_fixed == 0;
        if unchanged {
            if exact_unchanged {
                continue; // nothing seen changes
            }
            combos.clear();
        } else if exact_unchanged {
            // A state pulling from itself gains nothing.
            combos.retain(|&(before, after)| before != after);
            if combos.is_empty() {
                continue;
            }
        }
        let lanes = (0..64u64)
            .filter(|&lane| lane & lane_fixed == lane_need)
            .fold(0, |all, lane| all | 1 << lane);
        let combos = if combos.is_empty() {
            ComboMoves::Same
        } else {
            let block = layout.block();
            let mut by_difference: Vec<Difference> = Vec::new();
            if block <= MAX_FAST_BLOCK {
                for &(before, after) in &combos {
                    let start = block + after - before;
                    let at = match by_difference.iter().position(|(s, _)| *s == start) {
                        Some(at) => at,
                        None => {
                            by_difference.push((start, vec![0; block]));
                            by_difference.len() - 1
                        }
                    };
                    by_difference[at].1[before] = lanes;
                }
            }
            let narrow = |c: usize| u32::try_from(c).expect("at most 2^12 combinations");
            ComboMoves::Pairs {
                pairs: combos
                    .iter()
                    .map(|&(a, b)| (narrow(a), narrow(b)))
                    .collect(),
                by_difference,
            }
        };
        jumps.push(RelaxedJump {
            full,
            touched,
            lanes,
            right: shift.max(0) as u32,
            left: (-shift).max(0) as u32,
            combos,
        });
    }
    jumps
}

/// The winning states of a relaxed game: one bit per state, set when the
/// state can reach the target's.
struct WinningStates {
    layout: Layout,
    words: Vec<u64>,
}

impl WinningStates {
    /// Found as a least fixed point: the target's state, then every state
    /// with a jump to a state found. The blocks of states (one value of
    /// the exact holes past the lanes) changed are kept in a queue, and
    /// the blocks that jump into one are updated when it is taken out;
    /// while the queue is long (most blocks changing), whole sweeps over
    /// all jumps cost less, until few blocks change. `None` if `work`
    /// stops first (the table would hold only some winning states).
    fn new(relaxation: &Relaxation, target: u64, work: &Work) -> Option<WinningStates> {
        let layout = Layout::of(relaxation);
        let mut words = vec![0u64; 1 << (layout.state_bits() - LANE_BITS)];
        let identity = Permutation::identity(relaxation.board.len());
        let reader = StateReader::new(relaxation, layout, &[identity]);
        let index = reader.index_of(0, target);
        words[index >> LANE_BITS] |= 1 << (index & 63);
        let jumps = relaxed_jumps(relaxation, layout);
        let blocks = 1usize << layout.high_bits;
        let mut queue = Queue::new(blocks);
        queue.push(index >> (LANE_BITS + layout.combo_bits));
        let long = (blocks / 8).max(1);
        if !queue.drain(&mut words, layout, &jumps, long, work) {
            // Sweeps until few blocks change, then the queue again with
            // the blocks changed in the last sweep.
            queue.clear();
            let mut before = words.clone();
            loop {
                before.copy_from_slice(&words);
                for jump in &jumps {
                    if work.poll() {
                        return None;
                    }
                    pull(&mut words, layout, jump);
                }
                let block = layout.block();
                let changed = words
                    .chunks_exact(block)
                    .zip(before.chunks_exact(block))
                    .enumerate()
                    .filter(|(_, (now, then))| now != then);
                let mut count = 0;
                for (at, _) in changed {
                    queue.push(at);
                    count += 1;
                }
                if count * 16 < blocks * 3 {
                    break;
                }
                queue.clear();
            }
            queue.drain(&mut words, layout, &jumps, usize::MAX, work);
        }
        work.check().ok()?;
        Some(WinningStates { layout, words })
    }

    fn wins(&self, index: usize) -> bool {
        self.words[index >> LANE_BITS] >> (index & 63) & 1 == 1
    }
}

/// Blocks of states waiting for the blocks that jump into them to be
/// updated, each at most once.
struct Queue {
    blocks: VecDeque<usize>,
    queued: Vec<bool>,
}

impl Queue {
    fn new(blocks: usize) -> Queue {
        Queue {
            blocks: VecDeque::new(),
            queued: vec![false; blocks],
        }
    }

    fn push(&mut self, block: usize) {
        if !self.queued[block] {
            self.queued[block] = true;
            self.blocks.push_back(block);
        }
    }

    fn clear(&mut self) {
        self.blocks.clear();
        self.queued.fill(false);
    }

    /// Updates, for each block taken out, the blocks jumping into it,
    /// queueing those that change; whether the queue emptied before
    /// growing past `long` (or `work` stopped: `true`, the table
    /// unfinished).
    fn drain(
        &mut self,
        words: &mut [u64],
        layout: Layout,
        jumps: &[RelaxedJump],
        long: usize,
        work: &Work,
    ) -> bool {
        let block = layout.block();
        let mut taken = 0usize;
        while let Some(after) = self.blocks.pop_front() {
            taken += 1;
            if taken.is_multiple_of(BLOCKS_PER_POLL) && work.poll() {
                return true;
            }
            if self.blocks.len() >= long {
                self.blocks.push_front(after);
                return false;
            }
            self.queued[after] = false;
            for jump in jumps {
                // The jump lands in `after` when its holes there are as
                // the jump leaves them.
                if after as u32 & jump.touched != jump.full ^ jump.touched {
                    continue;
                }
                let from = after ^ jump.touched as usize;
                if pull_block(words, (from * block, after * block), block, jump) {
                    self.push(from);
                }
            }
        }
        true
    }
}

/// [`pull`] for one block of `block` words: whether any state was marked.
fn pull_block(
    words: &mut [u64],
    (from, to): (usize, usize),
    block: usize,
    jump: &RelaxedJump,
) -> bool {
    let changed = match &jump.combos {
        ComboMoves::Same => (0..block).fold(0, |changed, c| {
            changed | pull_word(words, (from + c, to + c), jump.lanes, jump)
        }),
        ComboMoves::Pairs {
            pairs,
            by_difference,
        } => pull_combos(words, (from, to), block, jump, (pairs, by_difference)),
    };
    changed != 0
}

/// Marks the states of word `from`, among `lanes`, that `jump` takes to
/// marked states of word `to`; the states newly marked.
#[inline]
fn pull_word(words: &mut [u64], (from, to): (usize, usize), lanes: u64, jump: &RelaxedJump) -> u64 {
    let gained = (words[to] >> jump.right) << jump.left & lanes;
    let new = gained & !words[from];
    words[from] |= gained;
    new
}

/// Marks the states of the block at `from` that `jump` takes to marked
/// states of the block at `to`, combination by combination; the states
/// newly marked.
#[inline]
fn pull_combos(
    words: &mut [u64],
    (from, to): (usize, usize),
    block: usize,
    jump: &RelaxedJump,
    (pairs, by_difference): (&[(u32, u32)], &[Difference]),
) -> u64 {
    let blocks = (from, to);
    match block {
        1 => pull_combos_in::<1>(words, blocks, jump, by_difference),
        2 => pull_combos_in::<2>(words, blocks, jump, by_difference),
        4 => pull_combos_in::<4>(words, blocks, jump, by_difference),
        8 => pull_combos_in::<8>(words, blocks, jump, by_difference),
        16 => pull_combos_in::<16>(words, blocks, jump, by_difference),
        32 => pull_combos_in::<32>(words, blocks, jump, by_difference),
        64 => pull_combos_in::<64>(words, blocks, jump, by_difference),
        _ => pull_pairs(words, (from, to), pairs, jump),
    }
}

/// Marks the states of the block at `from` that `jump` takes to marked
/// states of the block at `to`, one pair of combinations at a time; the
/// states newly marked.
#[inline]
fn pull_pairs(
    words: &mut [u64],
    (from, to): (usize, usize),
    pairs: &[(u32, u32)],
    jump: &RelaxedJump,
) -> u64 {
    pairs.iter().fold(0, |changed, &(before, after)| {
        let (before, after) = (from + before as usize, to + after as usize);
        changed | pull_word(words, (before, after), jump.lanes, jump)
    })
}

/// [`pull_combos`] for blocks of `B` words: a whole block at a time, one
/// pass per difference between combinations.
#[inline]
fn pull_combos_in<const B: usize>(
    words: &mut [u64],
    (from, to): (usize, usize),
    jump: &RelaxedJump,
    by_difference: &[Difference],
) -> u64 {
    // The block after the jump, shifted to the source lanes, between
    // blocks of zeros: combination c - d is at `B - d + c`.
    let mut padded = [[0u64; B]; 3];
    for (shifted, &after) in padded[1].iter_mut().zip(&words[to..to + B]) {
        *shifted = (after >> jump.right) << jump.left;
    }
    let padded = padded.as_flattened();
    let mut gained = [0u64; B];
    for (start, lanes) in by_difference {
        let pulled: &[u64; B] = padded[*start..*start + B].try_into().expect("B words");
        let lanes: &[u64; B] = lanes[..].try_into().expect("B lanes");
        for c in 0..B {
            gained[c] |= pulled[c] & lanes[c];
        }
    }
    let mut changed = 0;
    for (word, gain) in words[from..from + B].iter_mut().zip(gained) {
        changed |= gain & !*word;
        *word |= gain;
    }
    changed
}

/// Marks the states from which `jump` reaches a marked state.
fn pull(words: &mut [u64], layout: Layout, jump: &RelaxedJump) {
    let all = (1u32 << layout.high_bits) - 1;
    // The high values sharing the jump's pattern come in runs of
    // consecutive values below its lowest touched hole.
    let low = if jump.touched == 0 {
        layout.high_bits
    } else {
        jump.touched.trailing_zeros()
    };
    let run = 1usize << low;
    let free = all & !jump.touched & !((1u32 << low) - 1);
    let block = layout.block();
    let mut rest = 0u32;
    loop {
        let from = (rest | jump.full) as usize * block;
        let to = (rest | jump.full ^ jump.touched) as usize * block;
        match &jump.combos {
            ComboMoves::Same => pull_run(words, (from, to), run * block, jump),
            // Pair by pair: over the whole table, this costs less than a
            // block at a time (measured: 4 ms a sweep instead of 7).
            ComboMoves::Pairs { pairs, .. } => {
                for k in 0..run {
                    pull_pairs(words, (from + k * block, to + k * block), pairs, jump);
                }
            }
        }
        // The next subset of the free high holes.
        rest = rest.wrapping_sub(free) & free;
        if rest == 0 {
            break;
        }
    }
}

/// [`pull`] over `len` words from `to` into `from`, lane for lane.
#[inline]
fn pull_run(words: &mut [u64], (from, to): (usize, usize), len: usize, jump: &RelaxedJump) {
    let (right, left, lanes) = (jump.right, jump.left, jump.lanes);
    if from == to {
        for word in &mut words[from..from + len] {
            *word |= (*word >> right) << left & lanes;
        }
        return;
    }
    // The runs are apart: the touched holes differ by at least a run.
    let (sources, targets) = if from < to {
        let (low, high) = words.split_at_mut(to);
        (&mut low[from..from + len], &high[..len])
    } else {
        let (low, high) = words.split_at_mut(from);
        (&mut high[..len], &low[to..to + len])
    };
    for (word, &after) in sources.iter_mut().zip(targets) {
        *word |= (after >> right) << left & lanes;
    }
}

/// Reads the indices of the relaxed states of a position's images under
/// some symmetries, with one table row per byte of the bitboard: each
/// hole adds its exact bit, or one to its group's count (counts side by
/// side above bit 32); the counts then give the combination.
struct StateReader {
    /// What the holes of a byte add, one lane per image (the number of
    /// images rounded up to a power of two, zero past the last).
    table: LaneTable,
    /// Per counts side by side, the combination's bits of the index.
    combos: Vec<u32>,
    /// The number of images read.
    images: usize,
}

impl StateReader {
    /// Readers of the images under `symmetries` (each a map of holes).
    fn new(relaxation: &Relaxation, layout: Layout, symmetries: &[Permutation]) -> StateReader {
        let board = &relaxation.board;
        let mut count_shift = Vec::with_capacity(relaxation.groups.len());
        let mut shift = 32;
        for group in &relaxation.groups {
            count_shift.push(shift);
            shift += count_width(group.holes);
        }
        let adds = |hole: usize| -> u64 {
            if let Some(k) = relaxation.exact.iter().position(|&h| h == hole) {
                return 1 << layout.exact_bit(k);
            }
            match relaxation
                .groups
                .iter()
                .position(|g| g.holes >> hole & 1 == 1)
            {
                Some(g) => 1 << count_shift[g],
                None => 0,
            }
        };
        let lanes = symmetries.len().next_power_of_two();
        let table = LaneTable::new(board.len(), lanes, |hole, image| {
            symmetries
                .get(image)
                .map_or(0, |symmetry| adds(symmetry.apply(hole)))
        });
        let mut combos = vec![0u32; 1 << layout.count_bits];
        for (counts, combo) in combos.iter_mut().enumerate() {
            let mut value = 0;
            let mut valid = true;
            for (g, group) in relaxation.groups.iter().enumerate() {
                let width = count_width(group.holes);
                let pegs = counts >> (count_shift[g] - 32) & ((1 << width) - 1);
                valid &= pegs < group.reads.len();
                value = value * group.values + group.reads.get(pegs).copied().unwrap_or(0);
            }
            if valid {
                *combo = (value as u32) << LANE_BITS;
            }
        }
        StateReader {
            table,
            combos,
            images: symmetries.len(),
        }
    }

    /// The index of the relaxed state of `pegs`'s image `image`.
    fn index_of(&self, image: usize, pegs: u64) -> usize {
        self.index(self.table.sum(pegs, image))
    }

    /// The index of the relaxed state whose exact holes and counts add up
    /// to `sum`.
    #[inline]
    fn index(&self, sum: u64) -> usize {
        (sum as u32 | self.combos[(sum >> 32) as usize]) as usize
    }
}

/// The relaxed games of a census, for one target and the census's
/// symmetries: a position passes when, in every relaxed game, each of its
/// images has a winning state.
pub(crate) struct RelaxedTest {
    games: Vec<(WinningStates, StateReader)>,
}

impl RelaxedTest {
    /// The winning states of each of `relaxations` for `target`, with a
    /// reader of the images under the symmetries of `group` (which must
    /// fix the target), one of each set with the same outcome (see
    /// [`Relaxation::distinct_images`]); `None` if `work` stops first.
    pub(crate) fn new(
        relaxations: &[Relaxation],
        target: u64,
        group: &Group,
        work: &Work,
    ) -> Option<RelaxedTest> {
        // Testing fewer images rules out fewer positions but never a
        // winnable one: past 16 (no board has so many symmetries), the
        // first 16.
        let symmetries = &group.elements()[..group.order().min(MAX_IMAGES)];
        let games = relaxations
            .iter()
            .map(|relaxation| {
                let states = WinningStates::new(relaxation, target, work)?;
                let images = relaxation.distinct_images(symmetries);
                let reader = StateReader::new(relaxation, states.layout, &images);
                Some((states, reader))
            })
            .collect::<Option<_>>()?;
        Some(RelaxedTest { games })
    }

    /// Keeps the positions of `level` that may reach the target: those
    /// no relaxed game rules out (with the `parallel` feature, large levels
    /// tested on all threads); if `work` stops first, the level is left
    /// unfinished (for the caller to drop).
    pub(crate) fn retain(&self, level: &mut Vec<u64>, work: &Work) {
        for (states, reader) in &self.games {
            let game = (states, reader);
            match reader.table.lanes() {
                1 => self.retain_in::<1>(game, level, work),
                2 => self.retain_in::<2>(game, level, work),
                4 => self.retain_in::<4>(game, level, work),
                8 => self.retain_in::<8>(game, level, work),
                _ => self.retain_in::<MAX_IMAGES>(game, level, work),
            }
        }
    }

    /// [`retain`](Self::retain) for one game, with `N` lanes of images.
    fn retain_in<const N: usize>(
        &self,
        (states, reader): (&WinningStates, &StateReader),
        level: &mut Vec<u64>,
        work: &Work,
    ) {
        // Many positions are tested on all threads, and those kept moved
        // up in place (the level may be a spare buffer kept for reuse).
        #[cfg(feature = "parallel")]
        if let Some(part) = crate::levels::parallel_part(level.len()) {
            use rayon::prelude::*;
            let flags: Vec<bool> = level
                .par_chunks(part.min(POSITIONS_PER_POLL))
                .flat_map_iter(|chunk| {
                    let go_on = !work.poll();
                    chunk
                        .iter()
                        .map(move |&pegs| go_on && self.admits_in::<N>(states, reader, pegs))
                })
                .collect();
            crate::levels::retain_flagged(level, &flags);
            return;
        }
        // Each position is written back and kept by moving on: no branch
        // on the outcome.
        let mut kept = 0;
        for at in 0..level.len() {
            if at.is_multiple_of(POSITIONS_PER_POLL) && work.poll() {
                level.truncate(kept);
                return;
            }
            let pegs = level[at];
            level[kept] = pegs;
            kept += usize::from(self.admits_in::<N>(states, reader, pegs));
        }
        level.truncate(kept);
    }

    /// Whether every image of `pegs` has a winning state, with `N` lanes
    /// of images.
    #[inline(always)]
    fn admits_in<const N: usize>(
        &self,
        states: &WinningStates,
        reader: &StateReader,
        pegs: u64,
    ) -> bool {
        let sums = reader.table.sums::<N>(pegs);
        // Every image read, with no branch: stopping at the first losing
        // state reads fewer states, but where it stops is data, and the
        // mispredicted branches cost more (the English centre game's
        // relaxed tests: least of eight runs 77 ms, now 68 ms).
        let mut all = true;
        for &sum in &sums[..reader.images] {
            all &= states.wins(reader.index(sum));
        }
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rules::can_play;

    #[test]
    fn a_relaxation_that_sees_everything_wins_exactly_the_winnable_states() {
        // On a row of five holes, seeing every hole exactly, the winning
        // states are the positions that can reach the target.
        let board: Board = "o o o o o".parse().expect("a board");
        let relaxation = Relaxation::new(&board, board.holes(), &[]).expect("valid");
        let target = 0b00100;
        let states = WinningStates::new(&relaxation, target, &Work::unlimited()).unwrap();
        let layout = states.layout;
        let reader = StateReader::new(&relaxation, layout, &[Permutation::identity(5)]);
        let winnable = winnable_positions(&board, target);
        for pegs in 0..32u64 {
            assert_eq!(
                states.wins(reader.index_of(0, pegs)),
                winnable[pegs as usize],
                "{pegs:05b}"
            );
        }
    }

    /// A relaxation's exact holes and groups, and how many images it
    /// should read.
    type Case = (u64, Vec<(u64, Count)>, usize);

    /// For each relaxation of `board` (exact holes, groups, and how many
    /// images it should read of those of the symmetries fixing `target`):
    /// reading those images rules out exactly the positions that reading
    /// every image does, and some positions.
    fn check_distinct_images(board: &Board, target: u64, cases: &[Case]) {
        let group = board.symmetries_fixing(&[target]);
        let symmetries = group.elements();
        for (exact, groups, distinct) in cases {
            let relaxation = Relaxation::new(board, *exact, groups).expect("valid");
            let images = relaxation.distinct_images(symmetries);
            assert_eq!(images.len(), *distinct, "{exact:b} {groups:?}");
            let states = WinningStates::new(&relaxation, target, &Work::unlimited()).unwrap();
            let every = StateReader::new(&relaxation, states.layout, symmetries);
            let some = StateReader::new(&relaxation, states.layout, &images);
            let wins = |reader: &StateReader, pegs: u64| {
                (0..reader.images).all(|image| states.wins(reader.index_of(image, pegs)))
            };
            let mut ruled_out = 0;
            for pegs in 0..1u64 << board.len() {
                let all = wins(&every, pegs);
                assert_eq!(all, wins(&some, pegs), "{pegs:b}, {exact:b} {groups:?}");
                ruled_out += usize::from(!all);
            }
            assert!(ruled_out > 0, "{exact:b} {groups:?}");
        }
    }

    #[test]
    fn images_with_the_same_outcome_are_read_once() {
        // The triangle's corner is fixed by one mirror. Whole rows, which
        // it maps onto themselves; then the corner and one hole beside it
        // exact.
        let board = Board::triangular(5).expect("a board");
        let target = board.cell("c1").expect("a corner").bit();
        assert_eq!(board.symmetries_fixing(&[target]).order(), 2);
        let rows = |first: usize, count: usize| ((1u64 << count) - 1) << first;
        check_distinct_images(
            &board,
            target,
            &[
                (
                    rows(0, 6),
                    vec![(rows(6, 4), Count::Exact), (rows(10, 5), Count::Modulo(2))],
                    1,
                ),
                (rows(0, 2), vec![(rows(3, 12), Count::Capped(3))], 2),
            ],
        );
        // The 4x4 square's eight symmetries all fix the four corners; a
        // mirror maps the top row onto the bottom one, a quarter turn
        // maps rows onto columns: groups that such maps exchange, counted
        // alike or not.
        let square: Board = ["o o o o"; 4].join("\n").parse().expect("a board");
        let corners = 1 | 1 << 3 | 1 << 12 | 1 << 15;
        assert_eq!(square.symmetries_fixing(&[corners]).order(), 8);
        let row = |r: usize| 0b1111u64 << (4 * r);
        let middle = row(1) | row(2);
        check_distinct_images(
            &square,
            corners,
            &[
                // The left-right mirror maps each row onto itself.
                (
                    row(0) | row(1),
                    vec![(row(2), Count::Capped(1)), (row(3), Count::Exact)],
                    4,
                ),
                // The top-bottom mirror exchanges the outer rows.
                (
                    middle,
                    vec![(row(0), Count::Exact), (row(3), Count::Modulo(2))],
                    4,
                ),
                (
                    middle,
                    vec![(row(0), Count::Capped(2)), (row(3), Count::Capped(2))],
                    2,
                ),
                (
                    middle,
                    vec![(row(0), Count::Exact), (row(3), Count::Exact)],
                    2,
                ),
                // Seen the same from every side.
                (0, vec![(square.holes(), Count::Exact)], 1),
            ],
        );
        // The English board's known relaxation is its own mirror image.
        let english = Board::english();
        let known = Relaxation::known(&english);
        assert_eq!(
            known[0]
                .distinct_images(english.symmetries().elements())
                .len(),
            4
        );
    }

    #[test]
    fn relaxed_games_never_rule_out_a_winnable_position_and_rule_out_some_others() {
        let board = Board::triangular(5).expect("a board");
        let corner = board.cell("c1").expect("a corner");
        let target = corner.bit();
        let group = board.symmetries_fixing(&[target]);
        let winnable = winnable_positions(&board, target);
        let rows = |first: usize, count: usize| ((1u64 << count) - 1) << first;
        let relaxations = [
            (
                rows(0, 3),
                vec![
                    (rows(3, 3), Count::Exact),
                    (rows(6, 4), Count::Exact),
                    (rows(10, 5), Count::Modulo(2)),
                ],
            ),
            (rows(6, 9), vec![(rows(0, 6), Count::Capped(2))]),
            (
                rows(0, 6),
                vec![(rows(6, 4), Count::Capped(1)), (rows(10, 5), Count::Exact)],
            ),
            (0, vec![(rows(0, 15), Count::Exact)]),
            // 120 combinations: blocks too large to pull a block at a time.
            (
                rows(0, 3),
                vec![
                    (rows(3, 3), Count::Exact),
                    (rows(6, 4), Count::Exact),
                    (rows(10, 5), Count::Exact),
                ],
            ),
        ];
        let mut each_kept = Vec::new();
        let mut all = Vec::new();
        for (exact, groups) in relaxations {
            let relaxation = Relaxation::new(&board, exact, &groups).expect("valid");
            all.push(relaxation.clone());
            let test = RelaxedTest::new(&[relaxation], target, &group, &Work::unlimited()).unwrap();
            let mut kept: Vec<u64> = (0..1u64 << 15).collect();
            test.retain(&mut kept, &Work::unlimited());
            assert!(kept.is_sorted(), "kept in order");
            let mut kept_at = kept.iter().peekable();
            for pegs in 0..1u64 << 15 {
                let admitted = kept_at.next_if_eq(&&pegs).is_some();
                assert!(
                    admitted || !winnable[pegs as usize],
                    "{pegs:015b} is winnable"
                );
            }
            let ruled_out = (1 << 15) - kept.len();
            // Counting every peg alone rules out only the empty board and
            // the full one (no jump); the others see more.
            let least = if exact == 0 { 2 } else { 500 };
            assert!(ruled_out >= least, "{exact:b}: rules out {ruled_out}");
            each_kept.push(kept);
        }
        // All five games at once keep what every one of them keeps.
        let mut kept: Vec<u64> = (0..1u64 << 15).collect();
        RelaxedTest::new(&all, target, &group, &Work::unlimited())
            .unwrap()
            .retain(&mut kept, &Work::unlimited());
        let every = |pegs: &u64| each_kept.iter().all(|k| k.binary_search(pegs).is_ok());
        let expected: Vec<u64> = (0..1u64 << 15).filter(every).collect();
        assert_eq!(kept, expected);
        assert!(expected.len() < each_kept.iter().map(Vec::len).min().unwrap_or(0));
    }

    #[test]
    fn bad_relaxations_are_errors_and_groups_reading_one_value_are_dropped() {
        let board: Board = ["o o o o o o o o"; 8].join("\n").parse().expect("a board");
        let all = board.holes();
        let modulo_zero = Relaxation::new(&board, 0, &[(1, Count::Modulo(0))]);
        assert_eq!(modulo_zero, Err(RelaxationError::ZeroModulus));
        let each_hole: Vec<(u64, Count)> = (0..64).map(|i| (1u64 << i, Count::Exact)).collect();
        assert!(Relaxation::new(&board, 0, &each_hole).is_err());
        // Four groups of 15 holes with 15 values each: 50,625 combinations.
        let wide: Vec<(u64, Count)> = (0..4)
            .map(|g| (0x7fffu64 << (15 * g), Count::Capped(14)))
            .collect();
        assert_eq!(
            Relaxation::new(&board, 0xf << 60, &wide),
            Err(RelaxationError::TooManyCombinations {
                limit: MAX_COMBO_BITS
            })
        );
        // Groups that always read the same cost nothing.
        let unseen: Vec<(u64, Count)> = (0..64)
            .map(|i| {
                (
                    1u64 << i,
                    if i % 2 == 0 {
                        Count::Capped(0)
                    } else {
                        Count::Modulo(1)
                    },
                )
            })
            .chain(std::iter::repeat_n((0, Count::Exact), 1000))
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

    /// For every position of `board`, whether it can reach `target`.
    fn winnable_positions(board: &Board, target: u64) -> Vec<bool> {
        // A jump removes a peg: decide positions by increasing peg count.
        let mut order: Vec<u64> = (0..1u64 << board.len()).collect();
        order.sort_by_key(|pegs| pegs.count_ones());
        let mut winnable = vec![false; order.len()];
        for pegs in order {
            winnable[pegs as usize] = pegs == target
                || board.jumps().iter().any(|jump| {
                    can_play(jump, pegs, false) && winnable[(pegs ^ jump.mask()) as usize]
                });
        }
        winnable
    }
}
