//! The fewest moves of a game, a chain of jumps by one peg counting as
//! one move, found over a census's winnable positions.
//!
//! Every move leaves fewer pegs, so the fewest moves from each winnable
//! position to the target follow from those of the positions with fewer
//! pegs: one more than the least over the ends of its chains. A chain
//! through a position that cannot win never wins, so each chain stops at
//! the first such position: only winnable positions are stored (1,679,072
//! up to symmetry for the English centre game), and chains are followed
//! only through them.

use kongming_search::control::StopReason;

use crate::board::{Board, Jump};
use crate::levels::{Expander, Index};

/// No way to the target.
const NONE: u8 = u8::MAX;

/// Positions whose chains are followed together.
const CHUNK: usize = 1 << 10;

/// The winnable levels of a game and the fewest moves from each of their
/// positions to the target.
pub(crate) struct FewestMoves<'a> {
    board: &'a Board,
    expander: &'a Expander,
    /// Per level (jumps from the start), the index of its positions.
    indices: Vec<Index>,
    /// Per level, per position, the fewest moves to the target.
    moves: Vec<Vec<u8>>,
    /// Per hole, the jumps starting there (a chain's next jumps).
    jumps_from: Vec<Vec<Jump>>,
}

impl<'a> FewestMoves<'a> {
    /// The fewest moves from every position of `levels` (per number of
    /// jumps from the start, the canonical forms of the positions both
    /// reachable and winnable, sorted; the last level holds the target's,
    /// whose symmetries in `expander` fix it), found from the last level
    /// back; `report(levels done, positions done)` after each level. The
    /// budget of `expander` meters the work: if it stops first, `Err`
    /// with why, and what was made (for the caller to give back when it
    /// suits it: it may be large).
    pub(crate) fn new(
        board: &'a Board,
        expander: &'a Expander,
        levels: &[&[u64]],
        mut report: impl FnMut(u64, u64),
    ) -> Result<FewestMoves<'a>, (StopReason, Unfinished)> {
        let mut jumps_from = vec![Vec::new(); board.len()];
        for &jump in board.jumps() {
            jumps_from[jump.from().index()].push(jump);
        }
        let work = expander.work();
        let mut indices = Vec::with_capacity(levels.len());
        for level in levels {
            indices.push(Index::new(level, work));
            if let Err(reason) = work.check_now() {
                let unfinished = Unfinished {
                    _indices: indices,
                    _moves: Vec::new(),
                };
                return Err((reason, unfinished));
            }
        }
        let mut found = FewestMoves {
            board,
            expander,
            indices,
            moves: levels.iter().map(|level| vec![NONE; level.len()]).collect(),
            jumps_from,
        };
        let Some(last) = levels.len().checked_sub(1) else {
            return Ok(found);
        };
        // The target's level holds the target alone, if it is winnable.
        found.moves[last].fill(0);
        let mut done = levels[last].len() as u64;
        report(1, done);
        for level in (0..last).rev() {
            let least = found.least_after_all(levels[level], level);
            if let Err(reason) = work.check_now() {
                let unfinished = Unfinished {
                    _indices: found.indices,
                    _moves: found.moves,
                };
                return Err((reason, unfinished));
            }
            for (moves, least) in found.moves[level].iter_mut().zip(least) {
                *moves = least.saturating_add(1);
            }
            done += levels[level].len() as u64;
            report((last - level + 1) as u64, done);
        }
        Ok(found)
    }

    /// The fewest moves from the ends of the chains played from each
    /// position of `positions` (of `level`), the levels after it done;
    /// with the `parallel` feature, a chunk of positions at a time on
    /// rayon's threads.
    fn least_after_all(&self, positions: &[u64], level: usize) -> Vec<u8> {
        let mut least = vec![NONE; positions.len()];
        #[cfg(feature = "parallel")]
        {
            use rayon::prelude::*;
            positions
                .par_chunks(CHUNK)
                .zip(least.par_chunks_mut(CHUNK))
                .for_each_init(Scratch::default, |scratch, (parents, least)| {
                    // Stopped, the rest is left undone (the caller drops it).
                    if !self.expander.work().poll() {
                        self.least_after(parents, level, least, scratch);
                    }
                });
        }
        #[cfg(not(feature = "parallel"))]
        {
            let mut scratch = Scratch::default();
            for (parents, least) in positions.chunks(CHUNK).zip(least.chunks_mut(CHUNK)) {
                // Stopped, the rest is left undone (the caller drops it):
                // the chains of a chunk are followed past the loop that
                // meters the budget.
                if self.expander.work().poll() {
                    break;
                }
                self.least_after(parents, level, least, &mut scratch);
            }
        }
        least
    }

    /// Lowers `least[at]` to the fewest moves from the end of any chain
    /// played from `parents[at]` (of `level`), the levels after it done.
    ///
    /// The chains of all the positions are followed together, a jump at a
    /// time: each step's ends are found first, then looked up one after
    /// another, so that the look-ups' cache misses overlap, which costs
    /// far less than following each position's chains in turn.
    fn least_after(&self, parents: &[u64], level: usize, least: &mut [u8], scratch: &mut Scratch) {
        let Scratch { ends, going } = scratch;
        // The first jumps, their ends' canonical forms found by the
        // census's loop.
        ends.clear();
        self.expander
            .for_each_child_by_jump(parents, |from, jump, canonical| {
                let jump = self.board.jumps()[jump];
                let pegs = parents[from] ^ jump.mask();
                let hole = jump.to().index();
                ends.push((Chain { from, pegs, hole }, canonical));
            });
        let mut depth = level + 1;
        while !ends.is_empty() {
            // The chains whose ends can win go on.
            going.clear();
            for &(chain, canonical) in ends.iter() {
                if let Some(moves) = self.moves_of(depth, canonical) {
                    least[chain.from] = least[chain.from].min(moves);
                    going.push(chain);
                }
            }
            ends.clear();
            for &Chain { from, pegs, hole } in going.iter() {
                for next in self.chain_jumps(pegs, hole) {
                    let pegs = pegs ^ next.mask();
                    let hole = next.to().index();
                    let canonical = self.expander.canonical(pegs);
                    ends.push((Chain { from, pegs, hole }, canonical));
                }
            }
            depth += 1;
        }
    }

    /// The fewest moves from the canonical form `canonical` of a position
    /// of `level`; `None` if it cannot win.
    #[inline]
    fn moves_of(&self, level: usize, canonical: u64) -> Option<u8> {
        let at = self.indices.get(level)?.get(canonical)?;
        Some(self.moves[level][at]).filter(|&moves| moves != NONE)
    }

    /// The fewest moves from `pegs` (any image of a position of
    /// `level`) to the target; `None` if it cannot win.
    pub(crate) fn from(&self, pegs: u64, level: usize) -> Option<u8> {
        self.moves_of(level, self.expander.canonical(pegs))
    }

    /// The jumps of a game from `start` (a position of level 0) to the
    /// target in the fewest moves; `None` if it cannot win.
    pub(crate) fn game(&self, start: u64) -> Option<Vec<Jump>> {
        let mut left = self.from(start, 0)?;
        let (mut pegs, mut level) = (start, 0);
        let mut jumps = Vec::new();
        let (mut legal, mut chain) = (Vec::new(), Vec::new());
        while left > 0 {
            // A chain to a position one move nearer the target.
            let mut next = None;
            self.for_each_chain_end(pegs, level, &mut legal, &mut chain, |chain, moves| {
                if moves + 1 == left {
                    next = Some(chain.to_vec());
                }
                next.is_some()
            });
            let next = next.expect("a winnable position has a move one nearer the target");
            for jump in &next {
                pegs ^= jump.mask();
            }
            level += next.len();
            jumps.extend(next);
            left -= 1;
        }
        Some(jumps)
    }

    /// Calls `visit(chain, moves)` for every chain of jumps by one peg
    /// from `pegs` (an image of a position of `level`) that passes only
    /// through winnable positions, with the fewest moves from its end,
    /// until `visit` returns `true`. `legal` and `chain` are scratch.
    fn for_each_chain_end(
        &self,
        pegs: u64,
        level: usize,
        legal: &mut Vec<u16>,
        chain: &mut Vec<Jump>,
        mut visit: impl FnMut(&[Jump], u8) -> bool,
    ) {
        legal.clear();
        self.board.legal_jump_indices(pegs, legal);
        for &first in legal.iter() {
            chain.clear();
            chain.push(self.board.jumps()[usize::from(first)]);
            if self.follow(pegs, level, chain, &mut visit) {
                return;
            }
        }
    }

    /// Visits the chain `chain` played from `pegs` (at `level`), then every
    /// longer chain from the same peg, while their ends can win; whether
    /// `visit` returned `true`.
    fn follow(
        &self,
        pegs: u64,
        level: usize,
        chain: &mut Vec<Jump>,
        visit: &mut impl FnMut(&[Jump], u8) -> bool,
    ) -> bool {
        let jump = *chain.last().expect("a chain has a jump");
        let after = pegs ^ jump.mask();
        let Some(moves) = self.from(after, level + 1) else {
            return false;
        };
        if visit(chain, moves) {
            return true;
        }
        for &next in self.chain_jumps(after, jump.to().index()) {
            chain.push(next);
            if self.follow(after, level + 1, chain, visit) {
                return true;
            }
            chain.pop();
        }
        false
    }

    /// The jumps the peg in `hole` can play next with pegs `pegs`.
    fn chain_jumps(&self, pegs: u64, hole: usize) -> impl Iterator<Item = &Jump> {
        self.jumps_from[hole]
            .iter()
            .filter(move |next| pegs & next.over().bit() != 0 && pegs & next.to().bit() == 0)
    }
}

/// What a stopped [`FewestMoves::new`] had made: the indices and the
/// fewest moves of some levels, held only to be dropped when it suits
/// the caller.
pub(crate) struct Unfinished {
    _indices: Vec<Index>,
    _moves: Vec<Vec<u8>>,
}

/// A chain followed by [`FewestMoves::least_after`].
#[derive(Clone, Copy)]
struct Chain {
    /// The index of the position it is played from.
    from: usize,
    /// The position after its last jump.
    pegs: u64,
    /// The hole of the moving peg.
    hole: usize,
}

/// The chains followed by [`FewestMoves::least_after`], kept between
/// calls.
#[derive(Default)]
struct Scratch {
    /// The chains of the current step, each with the canonical form of
    /// its end.
    ends: Vec<(Chain, u64)>,
    /// Those whose ends can win.
    going: Vec<Chain>,
}
