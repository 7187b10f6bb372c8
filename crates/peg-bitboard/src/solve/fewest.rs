//! The fewest moves by breadth-first search over positions:
//! [`Solver::fewest_moves`]. It stands apart from the depth-first
//! portfolio of [`Solver::solve`]: it checks the goal against the board,
//! then stores every position it reaches, with the position one move
//! before it, until the goal is reached.

use std::collections::hash_map::Entry;

use rustc_hash::FxHashMap;

use super::{Goal, SolveError, Solver};
use crate::board::{Board, Cell, Jump};
use crate::solution::Solution;
use crate::verdict::{Proof, Verdict};

impl Solver {
    /// The fewest moves (a chain of jumps by one peg counting as one move)
    /// to the goal, by breadth-first search over positions.
    ///
    /// Every position found is stored: a node of the
    /// [budget](Solver::budget) is a position stored (the start aside),
    /// so its node limit bounds the memory (about 16 bytes a position, in
    /// a hash table); stopped, the verdict is [`Verdict::Stopped`]. The
    /// [progress](Solver::on_progress) is reported after each move.
    ///
    /// For [`Goal::FewestPegs`] the search runs until no position is left
    /// (or one has the fewest pegs any game could leave: one, or two when
    /// the position classes rule one out), and the game is one leaving as
    /// few pegs as any, in the fewest moves among those.
    ///
    /// Practical for boards of up to about 25 holes. For a game to one
    /// given position on larger boards, [`Census::fewest_moves`]
    /// searches only the positions that can still reach it, such as the
    /// English board's centre game (18 moves).
    ///
    /// [`Census::fewest_moves`]: crate::Census::fewest_moves
    ///
    /// # Errors
    ///
    /// [`SolveError::GoalOffBoard`] if the goal names a hole that is not on
    /// the start's board.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Budget, Goal, Position, Solver, StopReason, Verdict};
    ///
    /// let start: Position = "o o . o .".parse()?;
    /// // a1-c1, then d1-b1 is not a chain; c1-e1 after a1-c1 is.
    /// let solution = Solver::new(&start).goal(Goal::OnePeg).fewest_moves()?;
    /// let solution = solution.solution().expect("solvable");
    /// assert_eq!(solution.move_count(), 1);
    ///
    /// // Two pegs are left at best here, after one move.
    /// let start: Position = "o o . o o".parse()?;
    /// let verdict = Solver::new(&start).goal(Goal::FewestPegs).fewest_moves()?;
    /// let solution = verdict.solution().expect("a game leaves fewest pegs");
    /// assert_eq!((solution.end().peg_count(), solution.move_count()), (2, 2));
    ///
    /// // The English board has too many positions for 1,000.
    /// let board = Board::english();
    /// let start = board.start(board.cell("d4")?)?;
    /// let small = Budget::unlimited().with_node_limit(1_000);
    /// let verdict = Solver::new(&start).budget(small).fewest_moves()?;
    /// assert_eq!(verdict, Verdict::Stopped(StopReason::NodeLimit));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn fewest_moves(&self) -> Result<Verdict, SolveError> {
        let board = self.start.board();
        let start = self.start.pegs();
        let goal = match self.goal {
            Goal::OnePeg => FewestGoal::Exactly(Box::new(|p: u64| p.count_ones() == 1)),
            Goal::OnePegAt(cell) => {
                if !board.contains(cell) {
                    return Err(SolveError::GoalOffBoard);
                }
                FewestGoal::Exactly(Box::new(move |p| p == cell.bit()))
            }
            Goal::Pattern(t) => {
                if t & !board.holes() != 0 {
                    return Err(SolveError::GoalOffBoard);
                }
                FewestGoal::Exactly(Box::new(move |p| p == t))
            }
            Goal::FewestPegs => {
                // No jump empties the board, and the classes decide
                // whether one peg can be left.
                let floor = if start == 0 {
                    0
                } else if board.single_peg_finishes(start).next().is_some() {
                    1
                } else {
                    2
                };
                FewestGoal::Fewest { floor }
            }
        };
        let mut meter = self.budget.start();
        if let Some(reason) = meter.check_now() {
            return Ok(Verdict::Stopped(reason));
        }
        // Each position reached, with the position one move before it.
        let mut parent: FxHashMap<u64, u64> = FxHashMap::default();
        parent.insert(start, start);
        let mut frontier = vec![start];
        // The end of the game: the first position of the goal, or (the
        // fewest pegs) the first position with fewer pegs than any before.
        let mut best = start;
        let mut finished = goal.reached(start);
        let mut scratch = Vec::new();
        while !finished && !frontier.is_empty() {
            let mut next = Vec::new();
            'layer: for &p in &frontier {
                for end in one_move(board, p, &mut scratch) {
                    if let Entry::Vacant(slot) = parent.entry(end) {
                        slot.insert(p);
                        match &goal {
                            FewestGoal::Exactly(_) if goal.reached(end) => {
                                best = end;
                                finished = true;
                                break 'layer;
                            }
                            FewestGoal::Fewest { .. } if end.count_ones() < best.count_ones() => {
                                best = end;
                                if goal.reached(end) {
                                    finished = true;
                                    break 'layer;
                                }
                            }
                            _ => {}
                        }
                        // The positions stored, the start aside.
                        if let Some(reason) = meter.exceeded(parent.len() as u64 - 1) {
                            return Ok(Verdict::Stopped(reason));
                        }
                        next.push(end);
                    }
                }
            }
            self.report(parent.len() as u64 - 1, u64::from(finished));
            frontier = next;
        }
        if let FewestGoal::Exactly(_) = goal
            && !finished
        {
            return Ok(Verdict::Impossible(Proof::Exhausted));
        }
        let mut trail = vec![best];
        while let Some(&before) = parent.get(trail.last().expect("not empty")) {
            if before == *trail.last().expect("not empty") {
                break;
            }
            trail.push(before);
        }
        trail.reverse();
        let mut jumps = Vec::new();
        for pair in trail.windows(2) {
            jumps.extend(chain_between(board, pair[0], pair[1]));
        }
        let solution = Solution::new(&self.start, jumps).expect("the search plays legal jumps");
        Ok(Verdict::Solved(solution))
    }
}

/// What [`Solver::fewest_moves`] looks for.
enum FewestGoal {
    /// The first position passing the test.
    Exactly(Box<dyn Fn(u64) -> bool>),
    /// The first position with the fewest pegs of all; the search may stop
    /// at one with `floor` pegs (no game leaves fewer).
    Fewest { floor: u32 },
}

impl FewestGoal {
    /// Whether the search may stop at `pegs`.
    fn reached(&self, pegs: u64) -> bool {
        match self {
            FewestGoal::Exactly(test) => test(pegs),
            FewestGoal::Fewest { floor } => pegs.count_ones() <= *floor,
        }
    }
}

/// Every position one move (a chain of one or more jumps by one peg) from
/// `pegs`.
fn one_move(board: &Board, pegs: u64, scratch: &mut Vec<u16>) -> Vec<u64> {
    let mut out = Vec::new();
    // (position, the hole of the moving peg)
    let mut stack: Vec<(u64, Cell)> = Vec::new();
    scratch.clear();
    board.legal_jump_indices(pegs, scratch);
    for &j in scratch.iter() {
        let jump = board.jumps()[usize::from(j)];
        stack.push((pegs ^ jump.mask(), jump.to()));
    }
    while let Some((p, at)) = stack.pop() {
        out.push(p);
        for jump in board.jumps().iter().filter(|j| j.from() == at) {
            if p & jump.over().bit() != 0 && p & jump.to().bit() == 0 {
                stack.push((p ^ jump.mask(), jump.to()));
            }
        }
    }
    out
}

/// The jumps of a chain leading from `from` to `to` (one move apart).
fn chain_between(board: &Board, from: u64, to: u64) -> Vec<Jump> {
    let mut stack: Vec<(u64, Vec<Jump>)> = Vec::new();
    for jump in board.jumps() {
        if from & jump.from().bit() != 0
            && from & jump.over().bit() != 0
            && from & jump.to().bit() == 0
        {
            stack.push((from ^ jump.mask(), vec![*jump]));
        }
    }
    while let Some((p, chain)) = stack.pop() {
        if p == to {
            return chain;
        }
        let at = chain.last().expect("a chain has a jump").to();
        for jump in board.jumps().iter().filter(|j| j.from() == at) {
            if p & jump.over().bit() != 0 && p & jump.to().bit() == 0 {
                let mut longer = chain.clone();
                longer.push(*jump);
                stack.push((p ^ jump.mask(), longer));
            }
        }
    }
    unreachable!("positions recorded one move apart are joined by a chain")
}
