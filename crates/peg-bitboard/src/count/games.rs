//! Every game of a census, one at a time: [`Games`], a depth-first walk
//! that looks each jump's result up in the winnable positions of a
//! [`Meet`], made first by [`Census::games`].

use std::fmt;
use std::iter::FusedIterator;
use std::sync::Arc;

use kongming_search::control::{Outcome, StopReason};

use super::meet::Meet;
use super::{Census, CensusError, Halt};
use crate::board::Jump;
use crate::levels::Expander;
use crate::position::Position;
use crate::solve::Solution;
use crate::work::{CHUNK, Work};

/// The games of a [`Census`] from its start to its target,
/// one [`Solution`] at a time: see [`Census::games`].
///
/// A depth-first walk through the census's winnable positions: from each
/// position it plays, in the order of [`Board::jumps`](crate::Board::jumps),
/// only the jumps to positions that can still win, so it never backs out
/// of a dead end and every game it reaches is a solution. It holds one
/// position and its jumps per level of the game being built.
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Census, Position};
///
/// let start: Position = "o o . o .".parse()?;
/// let end = start.board().position(0b10000)?; // one peg, in e1
/// let mut census = Census::new(&start).with_target(&end)?;
/// let games: Vec<String> = census.games()?.map(|game| game.to_string()).collect();
/// assert_eq!(games, ["a1-c1-e1"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct Games<'a> {
    start: Position,
    target: u64,
    /// The winnable positions; `None` when the census stopped before
    /// finding them.
    meet: Option<&'a Meet>,
    expander: Option<Expander>,
    work: Arc<Work>,
    /// The positions of the game being built, from the start, each with
    /// the jumps (indices into the board's jumps) to its winnable
    /// children and the next to try.
    stack: Vec<Frame>,
    /// The jumps from the start to the top of `stack`.
    path: Vec<Jump>,
    /// Jumps tried since the last look at the budget.
    unmetered: usize,
    outcome: Option<Outcome>,
}

/// One position of the game being built.
struct Frame {
    pegs: u64,
    jumps: Vec<u16>,
    next: usize,
}

impl<'a> Games<'a> {
    /// The games from `start` to `target` through the winnable positions
    /// of `meet` (every level up to the middle made), `expander` taking
    /// canonical forms under its symmetries; `work` meters the jumps
    /// tried.
    pub(super) fn new(
        start: &Position,
        target: &Position,
        meet: &'a Meet,
        expander: Expander,
        work: Arc<Work>,
    ) -> Games<'a> {
        let mut games = Games {
            start: start.clone(),
            target: target.pegs(),
            meet: Some(meet),
            expander: None,
            work,
            stack: Vec::new(),
            path: Vec::new(),
            unmetered: 0,
            outcome: None,
        };
        let holes = start.board().holes();
        if meet.holds(&expander, 0, start.pegs(), holes) {
            games.expander = Some(expander);
            games.push(start.pegs());
        } else {
            games.outcome = Some(Outcome::Complete);
        }
        games
    }

    /// A stream that ends before its first game: the census stopped for
    /// `reason` before the winnable positions were found.
    pub(super) fn stopped(start: &Position, reason: StopReason) -> Games<'a> {
        Games {
            start: start.clone(),
            target: 0,
            meet: None,
            expander: None,
            work: Arc::new(Work::unlimited()),
            stack: Vec::new(),
            path: Vec::new(),
            unmetered: 0,
            outcome: Some(Outcome::Stopped(reason)),
        }
    }

    /// How the stream ended: `None` while it goes on, then
    /// [`Outcome::Complete`] once every game has come, or
    /// [`Outcome::Stopped`] when the census's budget ran out first.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Budget, Census, Outcome, StopReason};
    ///
    /// // The triangle of 6 rows, from its top hole back to it.
    /// let board = Board::triangular(6)?;
    /// let top = board.cells().next().ok_or("no hole")?;
    /// let mut census = Census::new(&board.start(top)?).with_target(&board.position(top.bit())?)?;
    /// let _ = census.winnable()?;
    /// // The winnable positions are kept: the stream's budget is for its
    /// // jumps alone.
    /// let mut census = census.budget(Budget::unlimited().with_node_limit(20_000));
    /// let mut games = census.games()?;
    /// assert_eq!(games.by_ref().take(100).count(), 100);
    /// assert_eq!(games.outcome(), None);
    /// games.by_ref().for_each(drop);
    /// assert_eq!(games.outcome(), Some(Outcome::Stopped(StopReason::NodeLimit)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Pushes the position `pegs` (the end of `path`), with the jumps to
    /// its winnable children.
    fn push(&mut self, pegs: u64) {
        let (Some(meet), Some(expander)) = (self.meet, &self.expander) else {
            return;
        };
        let board = self.start.board();
        let level = self.stack.len() + 1;
        let mut jumps = Vec::new();
        board.legal_jump_indices(pegs, &mut jumps);
        jumps.sort_unstable();
        self.unmetered += jumps.len();
        jumps.retain(|&jump| {
            let child = pegs ^ board.jumps()[usize::from(jump)].mask();
            meet.holds(expander, level, child, board.holes())
        });
        self.stack.push(Frame {
            pegs,
            jumps,
            next: 0,
        });
    }
}

impl Census {
    /// Every game from the start to the target (every distinct jump
    /// sequence that [`solutions`](Census::solutions) counts), one at a
    /// time: a lazy [`Games`] stream.
    ///
    /// The call finds the winnable positions first (unless an earlier
    /// call did); the stream then walks only through them, so that each
    /// jump it tries leads to a position that can still win and each
    /// game costs a few lookups per jump, whatever the number of games
    /// (the English centre game has 40,861,647,040,079,968). The games
    /// come in the order of their jumps (by index in
    /// [`Board::jumps`](crate::Board::jumps)). The census's
    /// [budget](Census::budget) bounds the call and the stream together
    /// (its clock starts with the call; a node is a position expanded,
    /// before the stream, then a jump tried): stopped, the stream ends
    /// early and its [`outcome`](Games::outcome) says why.
    ///
    /// # Errors
    ///
    /// [`CensusError::NoTarget`] without a target,
    /// [`CensusError::TooManyPositions`] past the limit.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Census, Outcome};
    ///
    /// let board = Board::triangular(5)?;
    /// let corner = board.cell("c1")?;
    /// let start = board.start(corner)?;
    /// let end = board.position(corner.bit())?;
    /// let mut census = Census::new(&start).with_target(&end)?;
    /// let mut games = census.games()?;
    /// let first = games.next().expect("the triangle is solvable");
    /// assert_eq!(start.replay(first.jumps())?, end);
    /// assert_eq!(games.outcome(), None); // not over yet
    /// assert_eq!(1 + games.by_ref().count(), 6_816);
    /// assert_eq!(games.outcome(), Some(Outcome::Complete));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn games(&mut self) -> Result<Games<'_>, CensusError> {
        let work = self.start_work();
        let target = self.target()?.clone();
        let expander = match self.compute_every_winnable_level(&work, false) {
            Ok(expander) => expander,
            Err(Halt::Stopped(reason)) => return Ok(Games::stopped(&self.start, reason)),
            Err(Halt::Failed(error)) => return Err(error),
        };
        let meet = self.winnable.as_ref().expect("just computed");
        Ok(Games::new(&self.start, &target, meet, expander, work))
    }
}

impl Iterator for Games<'_> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        if self.outcome.is_some() {
            return None;
        }
        loop {
            if self.unmetered >= CHUNK {
                let jumps = std::mem::take(&mut self.unmetered) as u64;
                if self.work.tick(jumps) {
                    let reason = self.work.stopped().unwrap_or(StopReason::Cancelled);
                    self.outcome = Some(Outcome::Stopped(reason));
                    self.stack.clear();
                    return None;
                }
            }
            let Some(top) = self.stack.last_mut() else {
                self.outcome = Some(Outcome::Complete);
                return None;
            };
            if top.pegs == self.target {
                // A game: taken back, then yielded.
                self.stack.pop();
                let game = Solution::new(&self.start, self.path.clone())
                    .expect("the census plays legal jumps");
                self.path.pop();
                return Some(game);
            }
            let Some(&jump) = top.jumps.get(top.next) else {
                self.stack.pop();
                self.path.pop();
                continue;
            };
            top.next += 1;
            let jump = self.start.board().jumps()[usize::from(jump)];
            let child = top.pegs ^ jump.mask();
            self.path.push(jump);
            self.push(child);
        }
    }
}

impl FusedIterator for Games<'_> {}

impl fmt::Debug for Games<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Games")
            .field("start", &self.start)
            .field("depth", &self.stack.len())
            .field("outcome", &self.outcome)
            .finish_non_exhaustive()
    }
}
