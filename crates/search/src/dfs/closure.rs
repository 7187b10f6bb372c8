//! Closure entry points: depth-first path search over nodes given by a
//! successor function, without implementing [`Problem`].
//!
//! The state is the current path from the start node. A node already on the
//! current path is never added again, so the search explores every simple
//! path from the start and ends on any finite graph, cycles included
//! (although the number of simple paths can grow exponentially with the
//! size of the graph). A path ends at the first node that satisfies the
//! success test: it is reported and not extended further.
//!
//! Checking whether a node is on the path compares it with every node of the
//! path (`N: Eq` is all that is needed), so these functions suit small
//! one-off uses; implement [`Problem`] for anything large.

use std::cell::RefCell;
use std::fmt;
use std::iter::FusedIterator;
use std::marker::PhantomData;

use super::engine::Search;
use super::problem::Problem;

/// A path search seen as a [`Problem`]: the state is the path so far.
struct PathProblem<N, FN, IN, FS> {
    path: Vec<N>,
    /// Whether the last node of the path satisfies the success test.
    at_goal: bool,
    /// Behind a `RefCell` because [`Problem::moves`] takes `&self` and the
    /// successor function may be `FnMut`.
    successors: RefCell<FN>,
    success: FS,
    _successors_output: PhantomData<fn() -> IN>,
}

impl<N, FN, IN, FS> PathProblem<N, FN, IN, FS>
where
    FS: FnMut(&N) -> bool,
{
    fn new(start: N, successors: FN, mut success: FS) -> Self {
        PathProblem {
            at_goal: success(&start),
            path: vec![start],
            successors: RefCell::new(successors),
            success,
            _successors_output: PhantomData,
        }
    }
}

impl<N, FN, IN, FS> Problem for PathProblem<N, FN, IN, FS>
where
    N: Clone + Eq,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FS: FnMut(&N) -> bool,
{
    type Move = N;
    type Solution = Vec<N>;

    fn moves(&self, out: &mut Vec<N>) {
        if self.at_goal {
            return;
        }
        let last = self.path.last().expect("the path holds the start node");
        let next = (self.successors.borrow_mut())(last);
        out.extend(next.into_iter().filter(|node| !self.path.contains(node)));
    }

    fn apply(&mut self, node: &N) {
        self.at_goal = (self.success)(node);
        self.path.push(node.clone());
    }

    fn undo(&mut self, _: &N) {
        self.path.pop();
        // The parent was expanded, so it is not a goal.
        self.at_goal = false;
    }

    fn solution(&self) -> Option<Vec<N>> {
        self.at_goal.then(|| self.path.clone())
    }

    fn is_solution(&self) -> bool {
        self.at_goal
    }
}

/// The first path (depth first) from `start` to a node that satisfies
/// `success`, both ends included, or `None` if no simple path leads to
/// one. Successors are explored in the order `successors` gives them.
///
/// The search state is the current path from `start`. A node already on
/// the current path is never added again, so the search explores simple
/// paths only and ends on any finite graph, cycles included (the number of
/// simple paths can grow exponentially with the size of the graph, though).
/// A path ends at the first node that satisfies `success`: it is reported
/// and not extended. Checking whether a node is on the path compares it
/// with every node of the path (`N: Eq` is all that is needed), so this
/// suits small one-off uses; implement [`Problem`] for anything large.
///
/// # Example
///
/// ```
/// use kongming_search::dfs::find_path;
///
/// // From 1, by "double" or "add 3", reach 13 staying at most 20.
/// let path = find_path(
///     1u32,
///     |&n| [n * 2, n + 3].into_iter().filter(|&m| m <= 20),
///     |&n| n == 13,
/// );
/// let path = path.expect("13 is reachable");
/// assert_eq!((path[0], *path.last().unwrap()), (1, 13));
/// assert!(path.windows(2).all(|w| w[1] == w[0] * 2 || w[1] == w[0] + 3));
///
/// // A cycle does not make it loop: 0 -> 1 -> 2 -> 0 ...
/// assert_eq!(find_path(0u8, |&n| [(n + 1) % 3], |&n| n == 5), None);
/// ```
pub fn find_path<N, FN, IN, FS>(start: N, successors: FN, success: FS) -> Option<Vec<N>>
where
    N: Clone + Eq,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FS: FnMut(&N) -> bool,
{
    Search::new(PathProblem::new(start, successors, success)).next_solution()
}

/// A lazy iterator over every simple path from `start` to a node that
/// satisfies `success`, in depth-first order. Paths are simple and end at
/// the first node that satisfies `success`, as for [`find_path`].
///
/// # Example
///
/// ```
/// use kongming_search::dfs::all_paths;
///
/// // A small directed graph with a cycle 1 -> 2 -> 1.
/// let edges = |n: &u8| -> Vec<u8> {
///     match n {
///         0 => vec![1, 2],
///         1 => vec![2, 3],
///         2 => vec![1, 3],
///         _ => vec![],
///     }
/// };
/// let paths: Vec<Vec<u8>> = all_paths(0, edges, |&n| n == 3).collect();
/// assert_eq!(paths, [vec![0, 1, 2, 3], vec![0, 1, 3], vec![0, 2, 1, 3], vec![0, 2, 3]]);
/// ```
pub fn all_paths<N, FN, IN, FS>(start: N, successors: FN, success: FS) -> AllPaths<N, FN, IN, FS>
where
    N: Clone + Eq,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FS: FnMut(&N) -> bool,
{
    AllPaths {
        search: Search::new(PathProblem::new(start, successors, success)),
    }
}

/// The number of simple paths from `start` to a node that satisfies
/// `success` (the number of items [`all_paths`] would yield, without
/// building them).
///
/// # Example
///
/// ```
/// use kongming_search::dfs::count_simple_paths;
///
/// // Paths between opposite corners of a 3 x 3 grid graph (moves in all
/// // four directions, no cell twice).
/// let neighbours = |&(x, y): &(i8, i8)| {
///     [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
///         .into_iter()
///         .filter(|&(a, b)| (0..3).contains(&a) && (0..3).contains(&b))
/// };
/// assert_eq!(count_simple_paths((0, 0), neighbours, |&p| p == (2, 2)), 12);
/// ```
pub fn count_simple_paths<N, FN, IN, FS>(start: N, successors: FN, success: FS) -> u64
where
    N: Clone + Eq,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FS: FnMut(&N) -> bool,
{
    Search::new(PathProblem::new(start, successors, success)).count()
}

/// The lazy iterator of [`all_paths`]: each item is a path from the start
/// node to a node that satisfies the success test.
///
/// # Example
///
/// ```
/// use kongming_search::dfs::{all_paths, AllPaths};
///
/// let mut paths = all_paths(1u32, |&n| [n + 1, n * 10], |&n| n >= 10);
/// assert_eq!(paths.next(), Some(vec![1, 2, 3, 4, 5, 6, 7, 8, 9, 10]));
/// assert_eq!(paths.next(), Some(vec![1, 2, 3, 4, 5, 6, 7, 8, 9, 90]));
/// assert_eq!(paths.count(), 8); // the ones turning to "times ten" earlier
/// ```
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct AllPaths<N, FN, IN, FS>
where
    N: Clone + Eq,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FS: FnMut(&N) -> bool,
{
    search: Search<'static, PathProblem<N, FN, IN, FS>>,
}

impl<N, FN, IN, FS> fmt::Debug for AllPaths<N, FN, IN, FS>
where
    N: Clone + Eq,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FS: FnMut(&N) -> bool,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AllPaths")
            .field("search", &self.search)
            .finish()
    }
}

impl<N, FN, IN, FS> Iterator for AllPaths<N, FN, IN, FS>
where
    N: Clone + Eq,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FS: FnMut(&N) -> bool,
{
    type Item = Vec<N>;

    fn next(&mut self) -> Option<Vec<N>> {
        self.search.next_solution()
    }
}

impl<N, FN, IN, FS> FusedIterator for AllPaths<N, FN, IN, FS>
where
    N: Clone + Eq,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FS: FnMut(&N) -> bool,
{
}
