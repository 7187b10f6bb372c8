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
    /// # Example
    ///
    /// With `NoAdjacentOnes` from the [trait example](Problem):
    ///
    /// ```
    /// # use kongming_search::dfs::{Problem, Search};
    /// # struct NoAdjacentOnes { bits: Vec<bool>, len: usize }
    /// # impl Problem for NoAdjacentOnes {
    /// #     type Move = bool;
    /// #     type Solution = String;
    /// #     fn moves(&self, out: &mut Vec<bool>) {
    /// #         if self.bits.len() < self.len {
    /// #             out.push(false);
    /// #             if self.bits.last() != Some(&true) { out.push(true); }
    /// #         }
    /// #     }
    /// #     fn apply(&mut self, bit: &bool) { self.bits.push(*bit); }
    /// #     fn undo(&mut self, _: &bool) { self.bits.pop(); }
    /// #     fn solution(&self) -> Option<String> {
    /// #         (self.bits.len() == self.len)
    /// #             .then(|| self.bits.iter().map(|&b| if b { '1' } else { '0' }).collect())
    /// #     }
    /// # }
    /// let p = NoAdjacentOnes { bits: vec![], len: 2 };
    /// let mut moves: Vec<<NoAdjacentOnes as Problem>::Move> = Vec::new();
    /// p.moves(&mut moves);
    /// assert_eq!(moves, [false, true]);
    /// ```
    type Move: Clone;
    /// What a solution state reports.
    /// # Example
    ///
    /// With `NoAdjacentOnes` from the [trait example](Problem):
    ///
    /// ```
    /// # use kongming_search::dfs::{Problem, Search};
    /// # struct NoAdjacentOnes { bits: Vec<bool>, len: usize }
    /// # impl Problem for NoAdjacentOnes {
    /// #     type Move = bool;
    /// #     type Solution = String;
    /// #     fn moves(&self, out: &mut Vec<bool>) {
    /// #         if self.bits.len() < self.len {
    /// #             out.push(false);
    /// #             if self.bits.last() != Some(&true) { out.push(true); }
    /// #         }
    /// #     }
    /// #     fn apply(&mut self, bit: &bool) { self.bits.push(*bit); }
    /// #     fn undo(&mut self, _: &bool) { self.bits.pop(); }
    /// #     fn solution(&self) -> Option<String> {
    /// #         (self.bits.len() == self.len)
    /// #             .then(|| self.bits.iter().map(|&b| if b { '1' } else { '0' }).collect())
    /// #     }
    /// # }
    /// let mut p = NoAdjacentOnes { bits: vec![], len: 2 };
    /// let first: Option<<NoAdjacentOnes as Problem>::Solution> = Search::new(&mut p).first();
    /// assert_eq!(first.as_deref(), Some("00"));
    /// ```
    type Solution;

    /// Appends the moves available in the current state to `out`, in the
    /// order they should be explored. `out` may already hold other moves:
    /// append, never clear.
    /// # Example
    ///
    /// With `NoAdjacentOnes` from the [trait example](Problem):
    ///
    /// ```
    /// # use kongming_search::dfs::{Problem, Search};
    /// # struct NoAdjacentOnes { bits: Vec<bool>, len: usize }
    /// # impl Problem for NoAdjacentOnes {
    /// #     type Move = bool;
    /// #     type Solution = String;
    /// #     fn moves(&self, out: &mut Vec<bool>) {
    /// #         if self.bits.len() < self.len {
    /// #             out.push(false);
    /// #             if self.bits.last() != Some(&true) { out.push(true); }
    /// #         }
    /// #     }
    /// #     fn apply(&mut self, bit: &bool) { self.bits.push(*bit); }
    /// #     fn undo(&mut self, _: &bool) { self.bits.pop(); }
    /// #     fn solution(&self) -> Option<String> {
    /// #         (self.bits.len() == self.len)
    /// #             .then(|| self.bits.iter().map(|&b| if b { '1' } else { '0' }).collect())
    /// #     }
    /// # }
    /// let p = NoAdjacentOnes { bits: vec![true], len: 3 };
    /// let mut out = vec![true]; // left there by the caller
    /// p.moves(&mut out);
    /// assert_eq!(out, [true, false]); // after a one, only a zero
    /// ```
    fn moves(&self, out: &mut Vec<Self::Move>);

    /// Applies `mv`, one of the moves reported for the current state.
    /// # Example
    ///
    /// With `NoAdjacentOnes` from the [trait example](Problem):
    ///
    /// ```
    /// # use kongming_search::dfs::{Problem, Search};
    /// # struct NoAdjacentOnes { bits: Vec<bool>, len: usize }
    /// # impl Problem for NoAdjacentOnes {
    /// #     type Move = bool;
    /// #     type Solution = String;
    /// #     fn moves(&self, out: &mut Vec<bool>) {
    /// #         if self.bits.len() < self.len {
    /// #             out.push(false);
    /// #             if self.bits.last() != Some(&true) { out.push(true); }
    /// #         }
    /// #     }
    /// #     fn apply(&mut self, bit: &bool) { self.bits.push(*bit); }
    /// #     fn undo(&mut self, _: &bool) { self.bits.pop(); }
    /// #     fn solution(&self) -> Option<String> {
    /// #         (self.bits.len() == self.len)
    /// #             .then(|| self.bits.iter().map(|&b| if b { '1' } else { '0' }).collect())
    /// #     }
    /// # }
    /// let mut p = NoAdjacentOnes { bits: vec![], len: 2 };
    /// p.apply(&true);
    /// assert_eq!(p.bits, [true]);
    /// let mut out = vec![];
    /// p.moves(&mut out);
    /// assert_eq!(out, [false]);
    /// ```
    fn apply(&mut self, mv: &Self::Move);

    /// Undoes `mv`, the last move applied.
    /// # Example
    ///
    /// With `NoAdjacentOnes` from the [trait example](Problem):
    ///
    /// ```
    /// # use kongming_search::dfs::{Problem, Search};
    /// # struct NoAdjacentOnes { bits: Vec<bool>, len: usize }
    /// # impl Problem for NoAdjacentOnes {
    /// #     type Move = bool;
    /// #     type Solution = String;
    /// #     fn moves(&self, out: &mut Vec<bool>) {
    /// #         if self.bits.len() < self.len {
    /// #             out.push(false);
    /// #             if self.bits.last() != Some(&true) { out.push(true); }
    /// #         }
    /// #     }
    /// #     fn apply(&mut self, bit: &bool) { self.bits.push(*bit); }
    /// #     fn undo(&mut self, _: &bool) { self.bits.pop(); }
    /// #     fn solution(&self) -> Option<String> {
    /// #         (self.bits.len() == self.len)
    /// #             .then(|| self.bits.iter().map(|&b| if b { '1' } else { '0' }).collect())
    /// #     }
    /// # }
    /// let mut p = NoAdjacentOnes { bits: vec![false], len: 2 };
    /// p.apply(&true);
    /// p.undo(&true);
    /// assert_eq!(p.bits, [false]); // exactly as before
    /// ```
    fn undo(&mut self, mv: &Self::Move);

    /// The solution the current state stands for, if it is one.
    /// # Example
    ///
    /// With `NoAdjacentOnes` from the [trait example](Problem):
    ///
    /// ```
    /// # use kongming_search::dfs::{Problem, Search};
    /// # struct NoAdjacentOnes { bits: Vec<bool>, len: usize }
    /// # impl Problem for NoAdjacentOnes {
    /// #     type Move = bool;
    /// #     type Solution = String;
    /// #     fn moves(&self, out: &mut Vec<bool>) {
    /// #         if self.bits.len() < self.len {
    /// #             out.push(false);
    /// #             if self.bits.last() != Some(&true) { out.push(true); }
    /// #         }
    /// #     }
    /// #     fn apply(&mut self, bit: &bool) { self.bits.push(*bit); }
    /// #     fn undo(&mut self, _: &bool) { self.bits.pop(); }
    /// #     fn solution(&self) -> Option<String> {
    /// #         (self.bits.len() == self.len)
    /// #             .then(|| self.bits.iter().map(|&b| if b { '1' } else { '0' }).collect())
    /// #     }
    /// # }
    /// let mut p = NoAdjacentOnes { bits: vec![], len: 2 };
    /// assert_eq!(p.solution(), None);
    /// p.apply(&true);
    /// p.apply(&false);
    /// assert_eq!(p.solution().as_deref(), Some("10"));
    /// ```
    fn solution(&self) -> Option<Self::Solution>;

    /// Whether the current state is a solution, without building it.
    ///
    /// Counting calls this instead of [`solution`](Problem::solution); override
    /// it when building a solution costs more than recognising one. It must
    /// agree with `solution().is_some()`.
    /// # Example
    ///
    /// ```
    /// use kongming_search::dfs::{Problem, Search};
    ///
    /// /// Subsets of `0..n` summing to `target`; the solution is built only when asked.
    /// struct SubsetSum { n: u32, target: u32, chosen: Vec<u32>, sum: u32 }
    /// impl Problem for SubsetSum {
    ///     type Move = u32;
    ///     type Solution = Vec<u32>;
    ///     fn moves(&self, out: &mut Vec<u32>) {
    ///         let next = self.chosen.last().map_or(0, |&v| v + 1);
    ///         out.extend((next..self.n).filter(|&v| self.sum + v <= self.target));
    ///     }
    ///     fn apply(&mut self, &v: &u32) { self.chosen.push(v); self.sum += v; }
    ///     fn undo(&mut self, &v: &u32) { self.chosen.pop(); self.sum -= v; }
    ///     fn solution(&self) -> Option<Vec<u32>> { self.is_solution().then(|| self.chosen.clone()) }
    ///     fn is_solution(&self) -> bool { self.sum == self.target && !self.chosen.is_empty() }
    /// }
    ///
    /// let mut p = SubsetSum { n: 6, target: 5, chosen: vec![], sum: 0 };
    /// // 5, 0+5, 1+4, 2+3, 0+1+4, 0+2+3, counted without building one.
    /// assert_eq!(Search::new(&mut p).count(), 6);
    /// assert_eq!(Search::new(&mut p).first(), Some(vec![0, 1, 4]));
    /// ```
    fn is_solution(&self) -> bool {
        self.solution().is_some()
    }

    /// Returns `true` when no solution can be found at or below the current
    /// state, so the engine skips it. The default never prunes.
    ///
    /// Called after every [`apply`](Problem::apply) and once at the root,
    /// before [`solution`](Problem::solution).
    /// # Example
    ///
    /// ```
    /// use kongming_search::dfs::{Problem, Search};
    ///
    /// /// Ways to climb `n` stairs one or two at a time, pruned as soon as
    /// /// the count overshoots.
    /// struct Stairs { n: u32, at: u32 }
    /// impl Problem for Stairs {
    ///     type Move = u32;
    ///     type Solution = ();
    ///     fn moves(&self, out: &mut Vec<u32>) {
    ///         if self.at < self.n { out.extend([1, 2]) }
    ///     }
    ///     fn apply(&mut self, step: &u32) { self.at += step; }
    ///     fn undo(&mut self, step: &u32) { self.at -= step; }
    ///     fn solution(&self) -> Option<()> { (self.at == self.n).then_some(()) }
    ///     fn prune(&self) -> bool { self.at > self.n }
    /// }
    ///
    /// let mut search = Search::new(Stairs { n: 10, at: 0 });
    /// assert_eq!(search.count(), 89); // Fibonacci
    /// assert!(search.stats().prunes > 0);
    /// ```
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
