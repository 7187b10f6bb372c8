//! The explicit stack that every depth-first loop of the crate runs on.
//!
//! A [`Stack`] holds one frame per level and the moves of every level in one
//! shared buffer, so the depth of a search is bounded by memory, never by
//! the call stack. [`Stack::walk`] steps it: it applies the next move,
//! counts the node, meters the budget, and asks a [`Walker`] what the state
//! just entered is. The walkers of [`Search`](super::Search),
//! [`MemoSearch`](super::MemoSearch) and [`PathCounter`](super::PathCounter)
//! differ only in that answer and in what they do when a level is done.

use super::problem::Problem;
use super::reporter::Reporter;
use super::stats::Stats;
use crate::control::{Meter, StopReason};

/// One level: the moves of its state, `moves[start..end]`, of which those
/// before `next` have been tried, and what the walker keeps for it.
#[derive(Debug)]
pub(crate) struct Frame<D> {
    start: usize,
    end: usize,
    next: usize,
    pub(crate) data: D,
}

/// What a walker makes of a state a move has just entered.
pub(crate) enum Entered<D> {
    /// Nothing to explore below: the move is undone.
    Skip,
    /// Explore it: a frame with its moves is pushed.
    Descend(D),
    /// Explore it later: its frame is pushed and the walk pauses (a
    /// solution to report, a check to make); walking again resumes below it.
    Pause(D),
    /// End the walk (the walker has its reason): the move is undone.
    Halt,
}

/// How a walk ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Event {
    /// The walker asked for a pause; the state is on top of the stack.
    Paused,
    /// The walker asked to halt.
    Halted,
    /// Every frame was explored; the stack is empty.
    Exhausted,
    /// The budget ran out; the stack is as it was.
    Stopped(StopReason),
}

/// The decisions that make a depth-first loop what it is.
pub(crate) trait Walker<P: Problem> {
    /// What a frame keeps besides its moves.
    type Data;

    /// The state that a move from the frame `parent` has just entered.
    fn enter(
        &mut self,
        problem: &P,
        parent: &mut Self::Data,
        stats: &mut Stats,
    ) -> Entered<Self::Data>;

    /// A frame whose moves have all been tried, popped, the move into it
    /// undone; `parent` is the frame below (`None` for the root). Returns
    /// `false` to halt the walk.
    fn leave(&mut self, done: Self::Data, parent: Option<&mut Self::Data>) -> bool;
}

/// The frames of a depth-first walk and the moves they hold.
#[derive(Debug)]
pub(crate) struct Stack<M, D> {
    frames: Vec<Frame<D>>,
    moves: Vec<M>,
}

impl<M, D> Stack<M, D> {
    /// An empty stack.
    pub(crate) fn new() -> Self {
        Stack {
            frames: Vec::new(),
            moves: Vec::new(),
        }
    }

    /// The number of frames.
    pub(crate) fn len(&self) -> usize {
        self.frames.len()
    }

    /// The data of the frames, from the root up.
    pub(crate) fn data(&self) -> impl Iterator<Item = &D> + '_ {
        self.frames.iter().map(|frame| &frame.data)
    }

    /// The moves from the root to the state of the top frame.
    pub(crate) fn path(&self) -> impl Iterator<Item = &M> + '_ {
        let parents = self.frames.len().saturating_sub(1);
        self.frames[..parents]
            .iter()
            .map(|frame| &self.moves[frame.next - 1])
    }

    /// Pushes a frame for `problem`'s current state.
    pub(crate) fn push<P: Problem<Move = M>>(&mut self, problem: &P, data: D, stats: &mut Stats) {
        let start = self.moves.len();
        problem.moves(&mut self.moves);
        self.frames.push(Frame {
            start,
            end: self.moves.len(),
            next: start,
            data,
        });
        stats.max_depth = stats.max_depth.max(self.frames.len() - 1);
    }

    /// Walks on until the walker pauses or halts, every frame is explored,
    /// or the budget runs out. `nodes` is the number of nodes the budget
    /// has already been charged for; it grows with every move applied.
    #[inline]
    pub(crate) fn walk<P, W>(
        &mut self,
        problem: &mut P,
        walker: &mut W,
        meter: &mut Meter,
        nodes: &mut u64,
        stats: &mut Stats,
        mut progress: Option<&mut Reporter<'_>>,
    ) -> Event
    where
        P: Problem<Move = M>,
        W: Walker<P, Data = D>,
    {
        loop {
            let Some(top) = self.frames.last_mut() else {
                return Event::Exhausted;
            };
            if top.next == top.end {
                let done = self.frames.pop().expect("a frame is on the stack");
                self.moves.truncate(done.start);
                let parent = match self.frames.last_mut() {
                    Some(parent) => {
                        problem.undo(&self.moves[parent.next - 1]);
                        stats.backtracks += 1;
                        Some(&mut parent.data)
                    }
                    None => None,
                };
                if !walker.leave(done.data, parent) {
                    return Event::Halted;
                }
                continue;
            }
            if let Some(reason) = meter.exceeded(*nodes) {
                return Event::Stopped(reason);
            }
            let index = top.next;
            top.next += 1;
            problem.apply(&self.moves[index]);
            stats.nodes += 1;
            *nodes += 1;
            if let Some(progress) = progress.as_deref_mut() {
                progress.tick(stats.nodes, stats.solutions);
            }
            match walker.enter(problem, &mut top.data, stats) {
                Entered::Skip => {
                    problem.undo(&self.moves[index]);
                    stats.backtracks += 1;
                }
                Entered::Descend(data) => self.push(problem, data, stats),
                Entered::Pause(data) => {
                    self.push(problem, data, stats);
                    return Event::Paused;
                }
                Entered::Halt => {
                    problem.undo(&self.moves[index]);
                    stats.backtracks += 1;
                    return Event::Halted;
                }
            }
        }
    }

    /// Undoes every move on the stack, back to the root state, and empties
    /// it.
    pub(crate) fn unwind<P: Problem<Move = M>>(&mut self, problem: &mut P) {
        self.unwind_visiting(problem, |_, _| {});
    }

    /// [`unwind`](Stack::unwind), showing `visit` each frame's state (and
    /// its data) before the move into it is undone.
    pub(crate) fn unwind_visiting<P: Problem<Move = M>>(
        &mut self,
        problem: &mut P,
        mut visit: impl FnMut(&P, D),
    ) {
        while let Some(done) = self.frames.pop() {
            visit(problem, done.data);
            self.moves.truncate(done.start);
            if let Some(parent) = self.frames.last() {
                problem.undo(&self.moves[parent.next - 1]);
            }
        }
        self.moves.clear();
    }
}
