//! The order in which a depth-first search tries the jumps of a
//! position: the rules of [`ORDERS`], the same on every board, turned by
//! [`Setup::play`](super::setup::Setup::play) into [`Weights`] of the
//! board's units, and the score of a jump under them. The portfolio
//! changes the order in use between turns; the beam search ranks its
//! positions by the order aimed at the goal's hole.

use super::play::Play;

/// A rule for the order in which the jumps of a position are tried, the
/// same on every board. Each jump is scored by the position it leads to:
/// its moment (sum of squared distances) about the centre of mass of the
/// board or the goal's hole (jumps inwards first), plus a penalty for
/// each peg left with no peg next to it (it can move only after another
/// peg comes back to it) and minus a bonus per jump then possible (keep
/// options open); lowest score first. The weights were chosen by trials
/// on the English board and checked on the triangles; their units are
/// the same on every board.
#[derive(Clone, Copy, Debug)]
pub(super) struct Order {
    /// Penalty per peg with no neighbour, in hundredths of one step
    /// squared.
    pub(super) lonely: i64,
    /// Bonus per possible jump, in the same units.
    pub(super) mobility: i64,
    /// The moment about the goal's hole (if the goal is one hole) rather
    /// than the centre of mass.
    pub(super) towards: bool,
}

/// The orders a search takes in rotation (see [`portfolio`](super::portfolio)).
pub(super) const ORDERS: [Order; 3] = [
    Order {
        lonely: 460,
        mobility: 92,
        towards: false,
    },
    Order {
        lonely: 0,
        mobility: 0,
        towards: false,
    },
    Order {
        lonely: 230,
        mobility: 46,
        towards: true,
    },
];

/// An [`Order`] for one search: the moments, and the weights in their
/// units.
#[derive(Clone, Copy, Debug)]
pub(super) struct Weights<'a> {
    pub(super) priority: &'a [i64],
    pub(super) lonely: i64,
    pub(super) mobility: i64,
}

impl Play<'_> {
    /// The number of pegs of `pegs` with no peg next to them on a line of
    /// jumps.
    #[inline]
    pub(super) fn lonely(&self, pegs: u64) -> u32 {
        let mut neighboured = 0;
        for &(offset, holes) in self.adjacency {
            neighboured |= holes & offset.apply(pegs);
        }
        (pegs & !neighboured).count_ones()
    }

    /// The score of a jump by the rule of [`Order`]: lowest first.
    #[inline]
    fn score(&self, weights: Weights<'_>, jump: u16) -> i64 {
        let jump = usize::from(jump);
        let pegs = self.pegs ^ self.board.jumps()[jump].mask();
        let lonely = i64::from(self.lonely(pegs));
        let mut mobility = 0;
        if weights.mobility != 0 {
            // The jumps from each hole (one per direction, at most 6)
            // counted in bit-sliced binary, then three population counts
            // rather than one per group.
            let (mut ones, mut twos, mut fours) = (0u64, 0u64, 0u64);
            let empty = self.board.holes() & !pegs;
            for group in self.board.jump_groups() {
                let from = group.from_mask & pegs & group.over.apply(pegs) & group.to.apply(empty);
                let carry = ones & from;
                ones ^= from;
                fours ^= twos & carry;
                twos ^= carry;
            }
            mobility = i64::from(ones.count_ones())
                + 2 * i64::from(twos.count_ones())
                + 4 * i64::from(fours.count_ones());
        }
        weights.priority[jump] + weights.lonely * lonely - weights.mobility * mobility
    }

    /// Sorts `found`, the legal jumps of the position, by the order in
    /// use: by moment alone when the order weighs nothing else; else by
    /// score, the scores kept on the stack and sorted along with the
    /// jumps by insertion (few jumps at a time), a long list by cached
    /// keys.
    #[inline]
    pub(super) fn order_jumps(&self, found: &mut [u16]) {
        let weights = self.orders[self.order.get() % ORDERS.len()];
        if weights.lonely == 0 && weights.mobility == 0 {
            found.sort_unstable_by_key(|&j| weights.priority[usize::from(j)]);
            return;
        }
        let mut scores = [0i64; 32];
        if found.len() > scores.len() {
            found.sort_by_cached_key(|&j| self.score(weights, j));
            return;
        }
        for i in 0..found.len() {
            let (jump, score) = (found[i], self.score(weights, found[i]));
            let mut k = i;
            while k > 0 && scores[k - 1] > score {
                scores[k] = scores[k - 1];
                found[k] = found[k - 1];
                k -= 1;
            }
            scores[k] = score;
            found[k] = jump;
        }
    }
}
