//! Property tests of the `dfs` module against naive recursive oracles on
//! random trees, random DAGs and random graphs with cycles.

use std::collections::VecDeque;

use kongming_search::control::{Budget, Outcome, StopReason};
use kongming_search::dfs::{self, Keyed, MemoCountError, MemoSearch, PathCounter, Problem, Search};
use proptest::prelude::*;

// ---------------------------------------------------------------- trees

/// A random tree node: whether it is a solution, whether `prune` cuts it,
/// and its children.
#[derive(Clone, Debug)]
struct Node {
    solution: bool,
    prune: bool,
    children: Vec<Node>,
}

fn tree() -> impl Strategy<Value = Node> {
    let flags = (any::<bool>(), prop::bool::weighted(0.08));
    let leaf = flags.prop_map(|(solution, prune)| Node {
        solution,
        prune,
        children: Vec::new(),
    });
    leaf.prop_recursive(8, 400, 2, move |inner| {
        (
            any::<bool>(),
            prop::bool::weighted(0.08),
            prop::collection::vec(inner, 1..4),
        )
            .prop_map(|(solution, prune, children)| Node {
                solution,
                prune,
                children,
            })
    })
}

/// The tree as a problem: the state is the path of child indices.
#[derive(Clone, Debug)]
struct TreeProblem<'t> {
    stack: Vec<&'t Node>,
    path: Vec<usize>,
}

impl<'t> TreeProblem<'t> {
    fn new(root: &'t Node) -> Self {
        TreeProblem {
            stack: vec![root],
            path: Vec::new(),
        }
    }
    fn node(&self) -> &'t Node {
        self.stack.last().expect("the root is on the stack")
    }
    fn at_root(&self) -> bool {
        self.stack.len() == 1 && self.path.is_empty()
    }
}

impl Problem for TreeProblem<'_> {
    type Move = usize;
    type Solution = Vec<usize>;

    fn moves(&self, out: &mut Vec<usize>) {
        out.extend(0..self.node().children.len());
    }
    fn apply(&mut self, &child: &usize) {
        let next = &self.node().children[child];
        self.stack.push(next);
        self.path.push(child);
    }
    fn undo(&mut self, &child: &usize) {
        assert_eq!(self.path.pop(), Some(child), "undo out of order");
        self.stack.pop();
    }
    fn solution(&self) -> Option<Vec<usize>> {
        self.node().solution.then(|| self.path.clone())
    }
    fn prune(&self) -> bool {
        self.node().prune
    }
}

impl Keyed for TreeProblem<'_> {
    // Every node of a tree has its own path.
    type Key = Vec<usize>;
    fn key(&self) -> Vec<usize> {
        self.path.clone()
    }
}

/// The naive oracle: every unpruned solution path in depth-first order,
/// the unpruned states at each depth, and the number of moves applied.
#[derive(Debug, Default)]
struct Naive {
    solutions: Vec<Vec<usize>>,
    by_depth: Vec<Vec<Vec<usize>>>,
    applied: u64,
}

fn naive(node: &Node, path: &mut Vec<usize>, out: &mut Naive) {
    if node.prune {
        return;
    }
    if out.by_depth.len() <= path.len() {
        out.by_depth.resize(path.len() + 1, Vec::new());
    }
    out.by_depth[path.len()].push(path.clone());
    if node.solution {
        out.solutions.push(path.clone());
    }
    for (i, child) in node.children.iter().enumerate() {
        out.applied += 1;
        path.push(i);
        naive(child, path, out);
        path.pop();
    }
}

fn oracle(root: &Node) -> Naive {
    let mut out = Naive::default();
    naive(root, &mut Vec::new(), &mut out);
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn engine_matches_naive_on_trees(root in tree()) {
        let naive = oracle(&root);
        let mut problem = TreeProblem::new(&root);

        let mut search = Search::new(&mut problem);
        prop_assert_eq!(search.count(), naive.solutions.len() as u64);
        prop_assert_eq!(search.outcome(), Some(Outcome::Complete));
        prop_assert_eq!(search.stats().nodes, naive.applied);
        prop_assert_eq!(search.stats().backtracks, naive.applied);
        drop(search);
        prop_assert!(problem.at_root());

        let all: Vec<Vec<usize>> = Search::new(&mut problem).solutions().collect();
        prop_assert_eq!(&all, &naive.solutions);
        prop_assert!(problem.at_root());

        let mut search = Search::new(&mut problem);
        prop_assert_eq!(search.first(), naive.solutions.first().cloned());
        search.into_problem();
        prop_assert!(problem.at_root());
    }

    #[test]
    fn split_matches_naive_at_every_depth(root in tree()) {
        let naive = oracle(&root);
        let total = naive.solutions.len() as u64;
        let mut problem = TreeProblem::new(&root);
        let mut whole = Search::new(&mut problem);
        whole.count();
        let whole_stats = whole.stats();
        drop(whole);

        for depth in 0..=4 {
            let split = dfs::split(&mut problem, depth);
            prop_assert!(problem.at_root());
            let expected_prefixes = naive.by_depth.get(depth).cloned().unwrap_or_default();
            prop_assert_eq!(&split.prefixes, &expected_prefixes);
            let above: Vec<Vec<usize>> =
                naive.solutions.iter().filter(|s| s.len() < depth).cloned().collect();
            prop_assert_eq!(&split.solutions_above, &above);

            // Each subproblem searched on its own, from a replayed prefix.
            let mut below = 0;
            for prefix in &split.prefixes {
                let sub = dfs::replay(&mut problem, prefix);
                let mut search = Search::new(sub);
                let found: Vec<Vec<usize>> = search.solutions().collect();
                drop(search);
                prop_assert!(problem.at_root());
                for solution in &found {
                    prop_assert!(solution.starts_with(prefix));
                }
                below += found.len() as u64;
            }
            prop_assert_eq!(above.len() as u64 + below, total);

            let report = split.counting(&mut problem).budget(Budget::unlimited()).count();
            prop_assert_eq!(report.count, total);
            prop_assert_eq!(report.outcome, Outcome::Complete);
            prop_assert_eq!(report.stats, whole_stats);
            prop_assert!(problem.at_root());

            #[cfg(feature = "parallel")]
            {
                prop_assert_eq!(dfs::par_count(&problem, depth), total);
                let report = dfs::ParCount::new(&problem).split_depth(depth).budget(Budget::unlimited()).count();
                prop_assert_eq!(report.count, total);
                prop_assert_eq!(report.stats, whole_stats);
            }
        }
        #[cfg(feature = "parallel")]
        prop_assert_eq!(dfs::par_count_auto(&problem), total);
    }

    #[test]
    fn node_limits_stop_exactly(root in tree(), limit in 0u64..120) {
        let naive = oracle(&root);
        let mut problem = TreeProblem::new(&root);
        let mut search = Search::new(&mut problem)
            .budget(Budget::unlimited().with_node_limit(limit));
        let count = search.count();
        let stats = search.stats();
        let outcome = search.outcome();
        drop(search);
        prop_assert!(problem.at_root());
        if limit >= naive.applied {
            prop_assert_eq!(outcome, Some(Outcome::Complete));
            prop_assert_eq!(count, naive.solutions.len() as u64);
        } else {
            prop_assert_eq!(outcome, Some(Outcome::Stopped(StopReason::NodeLimit)));
            prop_assert_eq!(stats.nodes, limit);
            prop_assert!(count <= naive.solutions.len() as u64);
        }

        // The same through a split: the limit is shared by the subproblems.
        let split = dfs::split(&mut problem, 2);
        let report = split.counting(&mut problem).budget(Budget::unlimited().with_node_limit(limit)).count();
        prop_assert!(problem.at_root());
        let below_cut = naive.applied - split.stats.nodes;
        if limit >= below_cut {
            prop_assert_eq!(report.outcome, Outcome::Complete);
            prop_assert_eq!(report.count, naive.solutions.len() as u64);
        } else {
            prop_assert_eq!(report.outcome, Outcome::Stopped(StopReason::NodeLimit));
            prop_assert_eq!(report.stats.nodes - split.stats.nodes, limit);
        }

        #[cfg(feature = "parallel")]
        {
            let report = dfs::ParCount::new(&problem).split_depth(2).budget(Budget::unlimited().with_node_limit(limit)).count();
            if limit >= naive.applied {
                prop_assert_eq!(report.outcome, Outcome::Complete);
                prop_assert_eq!(report.count, naive.solutions.len() as u64);
            } else {
                prop_assert!(report.count <= naive.solutions.len() as u64);
            }
        }

        // Memo search and memo count with unique keys behave like the engine.
        let mut memo = MemoSearch::new(&mut problem)
            .budget(Budget::unlimited().with_node_limit(limit));
        let found = memo.first();
        if memo.outcome() == Some(Outcome::Complete) {
            prop_assert_eq!(found, naive.solutions.first().cloned());
        } else {
            prop_assert_eq!(memo.stats().nodes, limit);
            prop_assert_eq!(found, None);
        }
        drop(memo);
        prop_assert!(problem.at_root());

        let mut counter = PathCounter::new(&mut problem)
            .budget(Budget::unlimited().with_node_limit(limit));
        let report = counter.count().unwrap();
        prop_assert!(report.count <= naive.solutions.len() as u128);
        if limit >= naive.applied {
            prop_assert_eq!(report.outcome, Outcome::Complete);
            prop_assert_eq!(report.count, naive.solutions.len() as u128);
        } else {
            prop_assert_eq!(report.outcome, Outcome::Stopped(StopReason::NodeLimit));
        }
        drop(counter);
        prop_assert!(problem.at_root());
    }

    #[test]
    fn memo_on_trees_matches_engine(root in tree()) {
        let naive = oracle(&root);
        let mut problem = TreeProblem::new(&root);
        let mut memo = MemoSearch::new(&mut problem);
        let found = memo.first();
        prop_assert_eq!(&found, &naive.solutions.first().cloned());
        if let Some(path) = &found {
            prop_assert_eq!(memo.solution_path(), path.as_slice());
        }
        drop(memo);
        prop_assert!(problem.at_root());
        prop_assert_eq!(dfs::count_paths(&mut problem), Ok(naive.solutions.len() as u128));
        prop_assert!(problem.at_root());
    }
}

// ---------------------------------------------------------------- graphs

/// A directed graph over nodes `0..n`, searched from node 0.
#[derive(Clone, Debug)]
struct Graph {
    edges: Vec<Vec<usize>>,
    solution: Vec<bool>,
    prune: Vec<bool>,
}

/// Random graphs; with `acyclic`, every edge goes from a node to a later one.
fn graph(max_nodes: usize, acyclic: bool) -> impl Strategy<Value = Graph> {
    (1..=max_nodes).prop_flat_map(move |n| {
        (
            prop::collection::vec(prop::collection::vec(any::<usize>(), 0..4), n),
            prop::collection::vec(prop::bool::weighted(0.3), n),
            prop::collection::vec(prop::bool::weighted(0.1), n),
        )
            .prop_map(move |(raw, solution, prune)| {
                let edges = raw
                    .into_iter()
                    .enumerate()
                    .map(|(from, targets)| {
                        targets
                            .into_iter()
                            .filter_map(|t| {
                                if !acyclic {
                                    Some(t % n)
                                } else if from + 1 < n {
                                    Some(from + 1 + t % (n - from - 1))
                                } else {
                                    None
                                }
                            })
                            .collect()
                    })
                    .collect();
                Graph {
                    edges,
                    solution,
                    prune,
                }
            })
    })
}

/// The graph as a problem: the state is the walk from node 0.
#[derive(Clone, Debug)]
struct Walk<'g> {
    graph: &'g Graph,
    walk: Vec<usize>,
}

impl<'g> Walk<'g> {
    fn new(graph: &'g Graph) -> Self {
        Walk {
            graph,
            walk: vec![0],
        }
    }
    fn at(&self) -> usize {
        *self.walk.last().expect("the walk starts at node 0")
    }
}

impl Problem for Walk<'_> {
    type Move = usize;
    type Solution = Vec<usize>;
    fn moves(&self, out: &mut Vec<usize>) {
        out.extend(&self.graph.edges[self.at()]);
    }
    fn apply(&mut self, &to: &usize) {
        self.walk.push(to);
    }
    fn undo(&mut self, &to: &usize) {
        assert_eq!(self.walk.pop(), Some(to), "undo out of order");
    }
    fn solution(&self) -> Option<Vec<usize>> {
        self.graph.solution[self.at()].then(|| self.walk.clone())
    }
    fn prune(&self) -> bool {
        self.graph.prune[self.at()]
    }
}

impl Keyed for Walk<'_> {
    type Key = usize;
    fn key(&self) -> usize {
        self.at()
    }
}

/// Walks from `node` to a solution (every walk, through solutions too),
/// for acyclic graphs: the recursive definition.
fn naive_walks(graph: &Graph, node: usize) -> u128 {
    if graph.prune[node] {
        return 0;
    }
    u128::from(graph.solution[node])
        + graph.edges[node]
            .iter()
            .map(|&next| naive_walks(graph, next))
            .sum::<u128>()
}

/// The unpruned nodes reachable from node 0 through unpruned nodes.
fn reachable(graph: &Graph) -> Vec<bool> {
    let mut seen = vec![false; graph.edges.len()];
    if graph.prune[0] {
        return seen;
    }
    let mut queue = VecDeque::from([0]);
    seen[0] = true;
    while let Some(node) = queue.pop_front() {
        for &next in &graph.edges[node] {
            if !graph.prune[next] && !seen[next] {
                seen[next] = true;
                queue.push_back(next);
            }
        }
    }
    seen
}

/// Whether the reachable part has a cycle (Kahn's algorithm).
fn has_reachable_cycle(graph: &Graph) -> bool {
    let live = reachable(graph);
    let mut indegree = vec![0usize; live.len()];
    for (from, targets) in graph.edges.iter().enumerate() {
        if live[from] {
            for &to in targets {
                if live[to] {
                    indegree[to] += 1;
                }
            }
        }
    }
    let mut queue: VecDeque<usize> = (0..live.len())
        .filter(|&v| live[v] && indegree[v] == 0)
        .collect();
    let mut removed = 0;
    while let Some(node) = queue.pop_front() {
        removed += 1;
        for &to in &graph.edges[node] {
            if live[to] {
                indegree[to] -= 1;
                if indegree[to] == 0 {
                    queue.push_back(to);
                }
            }
        }
    }
    removed < live.iter().filter(|&&l| l).count()
}

/// Simple paths from `node` to a solution node, ending at the first one:
/// the closure entry points' definition, recursively.
fn naive_simple_paths(graph: &Graph, path: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
    let node = *path.last().expect("a path has a start");
    if graph.solution[node] {
        out.push(path.clone());
        return;
    }
    for &next in &graph.edges[node] {
        if !path.contains(&next) {
            path.push(next);
            naive_simple_paths(graph, path, out);
            path.pop();
        }
    }
}

/// Checks that `walk` is a walk of the graph from 0 through unpruned nodes
/// to a solution.
fn is_solution_walk(graph: &Graph, walk: &[usize]) -> bool {
    walk.first() == Some(&0)
        && walk.windows(2).all(|w| graph.edges[w[0]].contains(&w[1]))
        && walk.iter().all(|&v| !graph.prune[v])
        && walk.last().is_some_and(|&v| graph.solution[v])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn memo_count_matches_naive_on_dags(graph in graph(9, true)) {
        let expected = naive_walks(&graph, 0);
        let mut walk = Walk::new(&graph);
        prop_assert_eq!(dfs::count_paths(&mut walk), Ok(expected));
        prop_assert_eq!(u128::from(Search::new(&mut walk).count()), expected);
        prop_assert_eq!(walk.walk.as_slice(), &[0]);

        let mut counter = PathCounter::new(&mut walk);
        let report = counter.count().unwrap();
        prop_assert_eq!(report.count, expected);
        prop_assert!(counter.memo_len() <= reachable(&graph).iter().filter(|&&r| r).count());
        // A second count is answered from the memo.
        prop_assert_eq!(counter.count().unwrap().count, expected);
        drop(counter);

        // With a tight budget, repeated calls still reach the exact count.
        let mut counter = PathCounter::new(&mut walk)
            .budget(Budget::unlimited().with_node_limit(40));
        let mut calls = 0;
        let report = loop {
            let report = counter.count().unwrap();
            prop_assert!(report.count <= expected);
            if report.outcome.is_complete() {
                break report;
            }
            calls += 1;
            prop_assert!(calls < 1000, "no progress");
        };
        prop_assert_eq!(report.count, expected);
        drop(counter);
        prop_assert_eq!(walk.walk.as_slice(), &[0]);

        #[cfg(feature = "parallel")]
        prop_assert_eq!(u128::from(dfs::par_count(&walk, 2)), expected);
    }

    #[test]
    fn memo_search_finds_reachable_solutions_in_any_graph(graph in graph(10, false)) {
        let live = reachable(&graph);
        let exists = (0..live.len()).any(|v| live[v] && graph.solution[v]);
        let mut walk = Walk::new(&graph);
        let mut memo = MemoSearch::new(&mut walk);
        let found = memo.first();
        prop_assert_eq!(memo.outcome(), Some(Outcome::Complete));
        prop_assert_eq!(found.is_some(), exists);
        if let Some(found) = found {
            prop_assert!(is_solution_walk(&graph, &found), "{:?}", found);
            prop_assert_eq!(&found[1..], memo.solution_path());
        } else {
            // Exhausted: every reachable node was proved dead, once.
            prop_assert_eq!(memo.dead_states(), live.iter().filter(|&&l| l).count());
            prop_assert!(memo.stats().nodes <= graph.edges.iter().map(Vec::len).sum::<usize>() as u64);
        }
        drop(memo);
        prop_assert_eq!(walk.walk.as_slice(), &[0]);
    }

    #[test]
    fn memo_count_reports_cycles(graph in graph(7, false)) {
        let mut walk = Walk::new(&graph);
        let result = dfs::count_paths(&mut walk);
        prop_assert_eq!(walk.walk.as_slice(), &[0]);
        if has_reachable_cycle(&graph) {
            prop_assert_eq!(result, Err(MemoCountError::Cycle));
        } else {
            prop_assert_eq!(result, Ok(naive_walks(&graph, 0)));
        }
    }

    #[test]
    fn closure_paths_match_naive(graph in graph(7, false)) {
        let mut expected = Vec::new();
        naive_simple_paths(&graph, &mut vec![0], &mut expected);
        let successors = |&node: &usize| graph.edges[node].clone();
        let success = |&node: &usize| graph.solution[node];

        let paths: Vec<Vec<usize>> = dfs::all_paths(0, successors, success).collect();
        prop_assert_eq!(&paths, &expected);
        prop_assert_eq!(
            dfs::count_simple_paths(0, successors, success),
            expected.len() as u64
        );
        prop_assert_eq!(dfs::find_path(0, successors, success), expected.first().cloned());

        let mut iter = dfs::all_paths(0, successors, success);
        for _ in iter.by_ref() {}
        prop_assert_eq!(iter.next(), None);
    }
}
