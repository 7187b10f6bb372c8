//! Memoised search, path counting and tree splitting on a small graph,
//! against a naive recursive count.
//!
//! The input describes a graph whose edges mostly go forward (a DAG, so
//! paths are finite) and may, when asked, include one back edge (a cycle).
//! The state is the node, and its key the node too. `PathCounter` and
//! `count_paths` must give the number of root-to-solution paths (or report
//! the overflow or cycle), `MemoSearch` and `first_with_memo` must find a
//! solution exactly when one is reachable, along a real path, and a
//! `split` at any depth (with `replay` of each prefix) must add up to the
//! plain engine's count.
#![no_main]

use arbitrary::{Arbitrary, Result, Unstructured};
use kongming_search::dfs::{self, Keyed, MemoCountError, MemoSearch, PathCounter, Problem, Search, count_paths, first_with_memo};
use kongming_search::control::{Budget, Outcome};
use libfuzzer_sys::fuzz_target;

const MAX_NODES: usize = 200;

#[derive(Debug)]
struct Graph {
    solution: Vec<bool>,
    dead: Vec<bool>,
    edges: Vec<Vec<usize>>,
    /// Whether a back edge was added (the graph may have a cycle).
    back_edge: bool,
    split_depth: u8,
    node_limit: u16,
}

impl<'a> Arbitrary<'a> for Graph {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        // Long chains (two edges forward each) make counts past u128.
        let chain = u.ratio(1, 16)?;
        let n = if chain {
            u.int_in_range(100..=MAX_NODES)?
        } else {
            u.int_in_range(1..=24)?
        };
        let mut solution = Vec::with_capacity(n);
        let mut dead = Vec::with_capacity(n);
        let mut edges = Vec::with_capacity(n);
        for i in 0..n {
            solution.push(if chain { i == n - 1 } else { u.ratio(1, 3)? });
            dead.push(!chain && u.ratio(1, 12)?);
            let mut out = Vec::new();
            if chain {
                out.extend([i + 1, i + 2].into_iter().filter(|&j| j < n));
            } else if i + 1 < n {
                for _ in 0..u.int_in_range(0..=3)? {
                    out.push(u.int_in_range(i + 1..=n - 1)?);
                }
            }
            edges.push(out);
        }
        let back_edge = n > 1 && u.ratio(1, 8)?;
        if back_edge {
            let from = u.int_in_range(1..=n - 1)?;
            let to = u.int_in_range(0..=from)?;
            edges[from].push(to);
        }
        Ok(Graph {
            solution,
            dead,
            edges,
            back_edge,
            split_depth: u.int_in_range(0..=6)?,
            node_limit: u.arbitrary()?,
        })
    }
}

impl Graph {
    /// Paths from `node` to a solution state (a solution state still
    /// continues), `None` past u128.
    fn paths(&self, node: usize, memo: &mut Vec<Option<Option<u128>>>) -> Option<u128> {
        if let Some(known) = memo[node] {
            return known;
        }
        let result = if self.dead[node] {
            Some(0)
        } else {
            let mut total = u128::from(self.solution[node]);
            let mut ok = true;
            for &next in &self.edges[node] {
                match self.paths(next, memo).and_then(|c| total.checked_add(c)) {
                    Some(t) => total = t,
                    None => ok = false,
                }
            }
            ok.then_some(total)
        };
        memo[node] = Some(result);
        result
    }

    /// Whether a cycle is reachable from the root through live nodes.
    fn has_cycle(&self) -> bool {
        fn visit(g: &Graph, node: usize, colour: &mut [u8]) -> bool {
            if g.dead[node] {
                return false;
            }
            colour[node] = 1;
            for &next in &g.edges[node] {
                if colour[next] == 1 || (colour[next] == 0 && visit(g, next, colour)) {
                    return true;
                }
            }
            colour[node] = 2;
            false
        }
        self.back_edge && visit(self, 0, &mut vec![0; self.solution.len()])
    }

    /// Whether a solution is reachable through live nodes.
    fn reachable_solution(&self) -> bool {
        let mut seen = vec![false; self.solution.len()];
        let mut stack = vec![0];
        while let Some(node) = stack.pop() {
            if seen[node] || self.dead[node] {
                continue;
            }
            seen[node] = true;
            if self.solution[node] {
                return true;
            }
            stack.extend(&self.edges[node]);
        }
        false
    }
}

struct Walk<'g> {
    graph: &'g Graph,
    path: Vec<usize>,
}

impl Walk<'_> {
    fn new(graph: &Graph) -> Walk<'_> {
        Walk {
            graph,
            path: vec![0],
        }
    }
    fn here(&self) -> usize {
        *self.path.last().expect("the root stays")
    }
}

impl Problem for Walk<'_> {
    /// The index of the edge taken.
    type Move = usize;
    type Solution = usize;
    fn moves(&self, out: &mut Vec<usize>) {
        out.extend(0..self.graph.edges[self.here()].len());
    }
    fn apply(&mut self, edge: &usize) {
        let next = self.graph.edges[self.here()][*edge];
        self.path.push(next);
    }
    fn undo(&mut self, edge: &usize) {
        let node = self.path.pop().expect("undo after apply");
        assert_eq!(
            self.graph.edges[self.here()][*edge],
            node,
            "undid another move"
        );
    }
    fn solution(&self) -> Option<usize> {
        self.graph.solution[self.here()].then(|| self.here())
    }
    fn prune(&self) -> bool {
        self.graph.dead[self.here()]
    }
}

impl Keyed for Walk<'_> {
    type Key = usize;
    fn key(&self) -> usize {
        self.here()
    }
}

fuzz_target!(|graph: Graph| {
    let n = graph.solution.len();
    let cycle = graph.has_cycle();
    let expected = if cycle {
        Err(MemoCountError::Cycle)
    } else {
        graph
            .paths(0, &mut vec![None; n])
            .ok_or(MemoCountError::Overflow)
    };

    // Memoised path counting.
    // On a long chain with a cycle the count may pass u128 before the walk
    // has gone round the cycle: then either error is right.
    let either = |got: Result<u128, MemoCountError>| {
        if cycle && n > 24 && got == Err(MemoCountError::Overflow) {
            expected
        } else {
            got
        }
    };
    let mut counter = PathCounter::new(Walk::new(&graph));
    let report = counter.count();
    assert_eq!(
        either(report.as_ref().map(|r| r.count).map_err(|e| *e)),
        expected
    );
    if let Ok(report) = &report {
        assert_eq!(report.outcome, Outcome::Complete);
    }
    assert_eq!(counter.problem().path, [0], "back at the root");
    // Counting again uses the memo and agrees.
    if expected.is_ok() {
        assert_eq!(counter.count().map(|r| r.count), expected);
    }
    assert_eq!(either(count_paths(Walk::new(&graph))), expected);

    // A budgeted count never reports more than the whole.
    let budget = Budget::unlimited().with_node_limit(u64::from(graph.node_limit));
    let mut limited = PathCounter::new(Walk::new(&graph)).budget(budget.clone());
    if let (Ok(part), Ok(whole)) = (limited.count(), expected) {
        assert!(part.count <= whole);
        if part.outcome.is_complete() {
            assert_eq!(part.count, whole);
        }
    }

    // Existence with a dead-state memo (acyclic spaces only: a depth-first
    // walk may go round a cycle for ever); the solution is a reachable
    // solution node at the end of the path given.
    if cycle {
        return;
    }
    let reachable = graph.reachable_solution();
    let mut memo = MemoSearch::new(Walk::new(&graph));
    let found = memo.first();
    assert_eq!(found.is_some(), reachable);
    if let Some(node) = found {
        assert!(graph.solution[node]);
        let mut at = 0;
        for &edge in memo.solution_path() {
            at = graph.edges[at][edge];
            assert!(!graph.dead[at]);
        }
        assert_eq!(at, node, "the path leads to the solution");
    }
    assert_eq!(first_with_memo(Walk::new(&graph)).is_some(), reachable);

    // Splitting: only on acyclic graphs with few paths (the plain engine
    // walks every path).
    let Ok(total) = expected else {
        return;
    };
    if total > 4096 || n > 24 {
        return;
    }
    let mut walk = Walk::new(&graph);
    let whole = Search::new(&mut walk).count();
    assert_eq!(u128::from(whole), total);
    let depth = usize::from(graph.split_depth);
    let split = dfs::split(&mut walk, depth);
    assert_eq!(split.count(&mut walk), whole);
    assert_eq!(walk.path, [0]);
    let mut by_parts = split.solutions_above.len() as u64;
    for prefix in &split.prefixes {
        assert_eq!(prefix.len(), depth);
        let sub = dfs::replay(&mut walk, prefix);
        by_parts += Search::new(sub).count();
    }
    assert_eq!(by_parts, whole);
    assert_eq!(walk.path, [0]);
    let part = split.counting(&mut walk).budget(budget.clone()).count();
    assert!(part.count <= whole);
    if part.outcome.is_complete() {
        assert_eq!(part.count, whole);
    }
    let auto = dfs::auto_split_depth(&mut walk, 4, depth);
    assert!(auto <= depth);
    assert_eq!(walk.path, [0]);
});
