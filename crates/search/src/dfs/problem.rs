//! The [`Problem`] trait: a search state mutated in place.

/// A search problem whose state is changed in place by moves and restored by
/// undoing them.
///
/// The engine ([`Search`](super::Search)) starts at the problem's current
/// state (the root), asks for the [`moves`](Problem::moves) available there,
/// [`apply`](Problem::apply)s one, explores below it and later
/// [`undo`](Problem::undo)s it. Every state it reaches, the root included, is
/// offered to [`solution`](Problem::solution); a state that is a solution is
/// still expanded, so problems whose solutions are leaves simply report no
/// moves there.
///
/// Contract: `undo(m)` right after `apply(m)` restores the state exactly,
/// and `moves` depends only on the state. The engine never calls `undo` with
/// a move other than the last one applied and not yet undone.
///
/// # Example
///
/// Binary strings of length 3 with no two adjacent ones:
///
/// ```
/// use kongming_search::dfs::{Problem, Search};
///
/// struct NoAdjacentOnes { bits: Vec<bool>, len: usize }
///
/// impl Problem for NoAdjacentOnes {
///     type Move = bool;
///     type Solution = String;
///
///     fn moves(&self, out: &mut Vec<bool>) {
///         if self.bits.len() < self.len {
///             out.push(false);
///             if self.bits.last() != Some(&true) {
///                 out.push(true);
///             }
///         }
///     }
///     fn apply(&mut self, bit: &bool) { self.bits.push(*bit); }
///     fn undo(&mut self, _: &bool) { self.bits.pop(); }
///     fn solution(&self) -> Option<String> {
///         (self.bits.len() == self.len)
///             .then(|| self.bits.iter().map(|&b| if b { '1' } else { '0' }).collect())
///     }
/// }
///
/// let mut search = Search::new(NoAdjacentOnes { bits: vec![], len: 3 });
/// let all: Vec<String> = search.solutions().collect();
/// assert_eq!(all, ["000", "001", "010", "100", "101"]);
/// ```
pub trait Problem {
    /// One step from a state to a child state.
    type Move: Clone;
    /// What a solution state reports.
    type Solution;

    /// Appends the moves available in the current state to `out`, in the
    /// order they should be explored. `out` may already hold other moves:
    /// append, never clear.
    fn moves(&self, out: &mut Vec<Self::Move>);

    /// Applies `mv`, one of the moves reported for the current state.
    fn apply(&mut self, mv: &Self::Move);

    /// Undoes `mv`, the last move applied.
    fn undo(&mut self, mv: &Self::Move);

    /// The solution the current state stands for, if it is one.
    fn solution(&self) -> Option<Self::Solution>;

    /// Whether the current state is a solution, without building it.
    ///
    /// Counting calls this instead of [`solution`](Problem::solution); override
    /// it when building a solution costs more than recognising one. It must
    /// agree with `solution().is_some()`.
    fn is_solution(&self) -> bool {
        self.solution().is_some()
    }

    /// Returns `true` when no solution can be found at or below the current
    /// state, so the engine skips it. The default never prunes.
    ///
    /// Called after every [`apply`](Problem::apply) and once at the root,
    /// before [`solution`](Problem::solution).
    fn prune(&self) -> bool {
        false
    }
}

impl<P: Problem + ?Sized> Problem for &mut P {
    type Move = P::Move;
    type Solution = P::Solution;

    fn moves(&self, out: &mut Vec<Self::Move>) {
        (**self).moves(out);
    }
    fn apply(&mut self, mv: &Self::Move) {
        (**self).apply(mv);
    }
    fn undo(&mut self, mv: &Self::Move) {
        (**self).undo(mv);
    }
    fn solution(&self) -> Option<Self::Solution> {
        (**self).solution()
    }
    fn is_solution(&self) -> bool {
        (**self).is_solution()
    }
    fn prune(&self) -> bool {
        (**self).prune()
    }
}
