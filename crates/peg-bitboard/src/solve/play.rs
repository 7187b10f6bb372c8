//! The search problem of one direction: the pegs and their images under
//! the symmetries kept, played and taken back jump by jump, pruned by
//! the pagoda slacks and keyed by the least image for the memo of dead
//! positions. [`Setup::play`](super::setup::Setup::play) makes it; a
//! [`MemoSearch`](kongming_search::dfs::MemoSearch) of the portfolio
//! explores it, in the jump order of [`order`](super::order), and the
//! beam search reads its start and its tables.

use kongming_search::dfs::{Keyed, Problem};

use super::goal::Target;
use super::order::{ORDERS, Weights};
use crate::board::Board;
use crate::levels::MAX_LANES as LANES;
use crate::position::Shift;

/// The search state: pegs, their images under the symmetries kept, and
/// the pruning and ordering data.
pub(super) struct Play<'a> {
    pub(super) board: &'a Board,
    pub(super) pegs: u64,
    /// The number of pegs.
    pub(super) count: u32,
    /// The images of the pegs under the symmetries kept (zeros past
    /// `lanes`): toggled with each jump's images.
    pub(super) lanes: usize,
    pub(super) images: [u64; LANES],
    pub(super) jump_images: &'a [[u64; LANES]],
    pub(super) target: Target,
    /// As in [`Setup`](super::setup::Setup), kept up to date: a position where one is
    /// negative is pruned.
    pub(super) slack: Vec<i64>,
    pub(super) jump_slack: &'a [i64],
    pub(super) adjacency: &'a [(Shift, u64)],
    /// The orders of [`ORDERS`], and the one in use (it may change
    /// between turns of a search: any order explores the same positions).
    /// A `Cell`, because between turns the search gives only shared
    /// access to its problem (`MemoSearch::problem`), and the order is
    /// the one thing changed then.
    pub(super) orders: [Weights<'a>; ORDERS.len()],
    pub(super) order: std::cell::Cell<usize>,
}

impl Play<'_> {
    /// Plays or takes back `jump` on the pegs and their images.
    #[inline]
    fn toggle(&mut self, jump: usize) {
        self.pegs ^= self.board.jumps()[jump].mask();
        let lanes = self.lanes.min(LANES);
        for (image, bits) in self.images[..lanes]
            .iter_mut()
            .zip(&self.jump_images[jump][..lanes])
        {
            *image ^= bits;
        }
    }
}

impl Problem for Play<'_> {
    type Move = u16;
    type Solution = u64;

    #[inline]
    fn moves(&self, out: &mut Vec<u16>) {
        if let Target::Count(n) = self.target
            && self.count <= n
        {
            return;
        }
        let start = out.len();
        self.board.legal_jump_indices(self.pegs, out);
        let found = &mut out[start..];
        if found.len() < 2 {
            return;
        }
        self.order_jumps(found);
    }

    #[inline]
    fn apply(&mut self, &jump: &u16) {
        let jump = usize::from(jump);
        self.toggle(jump);
        self.count -= 1;
        let pagodas = self.slack.len();
        for (slack, delta) in self
            .slack
            .iter_mut()
            .zip(&self.jump_slack[jump * pagodas..])
        {
            *slack += delta;
        }
    }

    #[inline]
    fn undo(&mut self, &jump: &u16) {
        let jump = usize::from(jump);
        self.toggle(jump);
        self.count += 1;
        let pagodas = self.slack.len();
        for (slack, delta) in self
            .slack
            .iter_mut()
            .zip(&self.jump_slack[jump * pagodas..])
        {
            *slack -= delta;
        }
    }

    fn solution(&self) -> Option<u64> {
        self.is_solution().then_some(self.pegs)
    }

    #[inline]
    fn is_solution(&self) -> bool {
        match self.target {
            Target::Count(n) => self.count == n,
            Target::Exact(t) => self.pegs == t,
        }
    }

    #[inline]
    fn prune(&self) -> bool {
        if let Target::Exact(t) = self.target
            && self.count <= t.count_ones()
            && self.pegs != t
        {
            return true;
        }
        self.slack.iter().any(|&slack| slack < 0)
    }
}

impl Keyed for Play<'_> {
    type Key = u64;

    #[inline]
    fn key(&self) -> u64 {
        self.images[..self.lanes.min(LANES)]
            .iter()
            .copied()
            .fold(u64::MAX, u64::min)
    }
}
