//! Problems whose states have a key: [`Keyed`], what the memos of
//! [`MemoSearch`](super::MemoSearch) and [`PathCounter`](super::PathCounter)
//! remember states by.

use std::hash::Hash;

use super::problem::Problem;

/// A [`Problem`] whose states have a key, so that states reached by
/// different move sequences (transpositions) can be recognised.
///
/// Contract: two states with equal keys have the same future: the same
/// [`moves`](Problem::moves) leading to states with equal keys, the same
/// answer from [`is_solution`](Problem::is_solution) and
/// [`prune`](Problem::prune). The key may forget what does not matter for
/// the future (the moves that led there) and may be a canonical form up to a
/// symmetry when the question asked is invariant under it.
///
/// # Example
///
/// ```
/// use kongming_search::dfs::{Keyed, Problem};
///
/// /// Walk right or down from (0, 0) to (n, n) on a grid.
/// struct Grid { x: u32, y: u32, n: u32 }
/// impl Problem for Grid {
///     type Move = (u32, u32);
///     type Solution = ();
///     fn moves(&self, out: &mut Vec<(u32, u32)>) {
///         if self.x < self.n { out.push((1, 0)) }
///         if self.y < self.n { out.push((0, 1)) }
///     }
///     fn apply(&mut self, &(dx, dy): &(u32, u32)) { self.x += dx; self.y += dy }
///     fn undo(&mut self, &(dx, dy): &(u32, u32)) { self.x -= dx; self.y -= dy }
///     fn solution(&self) -> Option<()> { (self.x == self.n && self.y == self.n).then_some(()) }
/// }
/// impl Keyed for Grid {
///     type Key = (u32, u32);
///     fn key(&self) -> (u32, u32) { (self.x, self.y) }
/// }
///
/// // C(60, 30) monotone paths, far too many to enumerate one by one.
/// let paths = kongming_search::dfs::count_paths(Grid { x: 0, y: 0, n: 30 }).unwrap();
/// assert_eq!(paths, 118_264_581_564_861_424);
/// ```
pub trait Keyed: Problem {
    /// The key of a state.
    /// # Example
    ///
    /// With `Grid` from the [trait example](Keyed):
    ///
    /// ```
    /// # use kongming_search::dfs::{Keyed, Problem};
    /// # struct Grid { x: u32, y: u32, n: u32 }
    /// # impl Problem for Grid {
    /// #     type Move = (u32, u32);
    /// #     type Solution = ();
    /// #     fn moves(&self, out: &mut Vec<(u32, u32)>) {
    /// #         if self.x < self.n { out.push((1, 0)) }
    /// #         if self.y < self.n { out.push((0, 1)) }
    /// #     }
    /// #     fn apply(&mut self, &(dx, dy): &(u32, u32)) { self.x += dx; self.y += dy }
    /// #     fn undo(&mut self, &(dx, dy): &(u32, u32)) { self.x -= dx; self.y -= dy }
    /// #     fn solution(&self) -> Option<()> { (self.x == self.n && self.y == self.n).then_some(()) }
    /// # }
    /// # impl Keyed for Grid {
    /// #     type Key = (u32, u32);
    /// #     fn key(&self) -> (u32, u32) { (self.x, self.y) }
    /// # }
    /// let mut keys: std::collections::HashSet<<Grid as Keyed>::Key> = Default::default();
    /// let mut grid = Grid { x: 0, y: 0, n: 1 };
    /// keys.insert(grid.key());
    /// grid.apply(&(1, 0));
    /// keys.insert(grid.key());
    /// assert_eq!(keys.len(), 2);
    /// ```
    type Key: Hash + Eq + Clone;

    /// The key of the current state.
    /// # Example
    ///
    /// With `Grid` from the [trait example](Keyed):
    ///
    /// ```
    /// # use kongming_search::dfs::{Keyed, Problem};
    /// # struct Grid { x: u32, y: u32, n: u32 }
    /// # impl Problem for Grid {
    /// #     type Move = (u32, u32);
    /// #     type Solution = ();
    /// #     fn moves(&self, out: &mut Vec<(u32, u32)>) {
    /// #         if self.x < self.n { out.push((1, 0)) }
    /// #         if self.y < self.n { out.push((0, 1)) }
    /// #     }
    /// #     fn apply(&mut self, &(dx, dy): &(u32, u32)) { self.x += dx; self.y += dy }
    /// #     fn undo(&mut self, &(dx, dy): &(u32, u32)) { self.x -= dx; self.y -= dy }
    /// #     fn solution(&self) -> Option<()> { (self.x == self.n && self.y == self.n).then_some(()) }
    /// # }
    /// # impl Keyed for Grid {
    /// #     type Key = (u32, u32);
    /// #     fn key(&self) -> (u32, u32) { (self.x, self.y) }
    /// # }
    /// // Right then down, or down then right: the same state.
    /// let mut a = Grid { x: 0, y: 0, n: 2 };
    /// a.apply(&(1, 0));
    /// a.apply(&(0, 1));
    /// let mut b = Grid { x: 0, y: 0, n: 2 };
    /// b.apply(&(0, 1));
    /// b.apply(&(1, 0));
    /// assert_eq!(a.key(), b.key());
    /// assert_eq!(a.key(), (1, 1));
    /// ```
    fn key(&self) -> Self::Key;
}

impl<P: Keyed + ?Sized> Keyed for &mut P {
    type Key = P::Key;

    fn key(&self) -> P::Key {
        (**self).key()
    }
}
