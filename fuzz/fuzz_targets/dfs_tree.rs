//! The backtracking engine against a naive recursive count.
//!
//! The input bytes describe a small rooted tree: each node may be a solution,
//! may be pruned ("dead"), and has up to four children. The engine walks it as
//! a [`Problem`] (the state is the path from the root); its count, its lazy
//! solutions and a budgeted run must agree with a plain recursive walk, and
//! every search must leave the problem back at the root.
#![no_main]

use arbitrary::{Arbitrary, Result, Unstructured};
use kongming_search::dfs::{Problem, Search};
use kongming_search::control::{Budget, Outcome};
use libfuzzer_sys::fuzz_target;

/// Bounds that keep each run small.
const MAX_NODES: usize = 256;
const MAX_DEPTH: usize = 16;
const MAX_CHILDREN: usize = 4;

#[derive(Debug)]
struct Node {
    solution: bool,
    dead: bool,
    children: Vec<usize>,
}

/// A tree whose root is node 0.
#[derive(Debug)]
struct Tree {
    nodes: Vec<Node>,
    /// A node limit for the budgeted run.
    node_limit: u8,
}

impl Tree {
    fn grow(u: &mut Unstructured<'_>, nodes: &mut Vec<Node>, depth: usize) -> Result<usize> {
        let id = nodes.len();
        nodes.push(Node {
            solution: u.arbitrary()?,
            dead: u.ratio(1, 8)?,
            children: Vec::new(),
        });
        let wanted = if depth < MAX_DEPTH {
            u.int_in_range(0..=MAX_CHILDREN)?
        } else {
            0
        };
        for _ in 0..wanted {
            if nodes.len() >= MAX_NODES || u.is_empty() {
                break;
            }
            let child = Self::grow(u, nodes, depth + 1)?;
            nodes[id].children.push(child);
        }
        Ok(id)
    }

    /// Solutions at or below `node`, in depth-first order, the obvious way.
    fn naive(&self, node: usize, out: &mut Vec<usize>) {
        let n = &self.nodes[node];
        if n.dead {
            return;
        }
        if n.solution {
            out.push(node);
        }
        for &child in &n.children {
            self.naive(child, out);
        }
    }
}

impl<'a> Arbitrary<'a> for Tree {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let node_limit = u.arbitrary()?;
        let mut nodes = Vec::new();
        Self::grow(u, &mut nodes, 0)?;
        Ok(Tree { nodes, node_limit })
    }
}

/// The tree as a search problem: the state is the path from the root.
struct Walk<'t> {
    tree: &'t Tree,
    path: Vec<usize>,
}

impl Walk<'_> {
    fn here(&self) -> &Node {
        &self.tree.nodes[*self.path.last().expect("the root is always on the path")]
    }
}

impl Problem for Walk<'_> {
    type Move = usize;
    type Solution = usize;

    fn moves(&self, out: &mut Vec<usize>) {
        out.extend_from_slice(&self.here().children);
    }
    fn apply(&mut self, child: &usize) {
        assert!(
            self.here().children.contains(child),
            "applied a move not offered"
        );
        self.path.push(*child);
    }
    fn undo(&mut self, child: &usize) {
        assert_eq!(
            self.path.pop(),
            Some(*child),
            "undid a move other than the last"
        );
    }
    fn solution(&self) -> Option<usize> {
        let node = *self.path.last().expect("the root is always on the path");
        self.here().solution.then_some(node)
    }
    fn prune(&self) -> bool {
        self.here().dead
    }
}

fuzz_target!(|tree: Tree| {
    let walk = || Walk {
        tree: &tree,
        path: vec![0],
    };
    let mut expected = Vec::new();
    tree.naive(0, &mut expected);

    // count
    let mut search = Search::new(walk());
    assert_eq!(search.count(), expected.len() as u64);
    assert_eq!(search.outcome(), Some(Outcome::Complete));
    assert_eq!(search.stats().solutions, expected.len() as u64);
    assert_eq!(search.into_problem().path, [0]);

    // the lazy iterator, in the same order as the naive walk
    let mut search = Search::new(walk());
    let found: Vec<usize> = search.solutions().collect();
    assert_eq!(found, expected);
    assert_eq!(search.next_solution(), None, "the iterator is fused");
    assert_eq!(search.into_problem().path, [0]);

    // a node budget: a prefix of the solutions, complete only if all were seen
    let budget = Budget::unlimited().with_node_limit(u64::from(tree.node_limit));
    let mut search = Search::new(walk()).budget(budget);
    let found: Vec<usize> = search.solutions().collect();
    assert!(found.len() <= expected.len());
    assert_eq!(found, expected[..found.len()]);
    match search.outcome() {
        Some(Outcome::Complete) => assert_eq!(found.len(), expected.len()),
        Some(Outcome::Stopped(_)) => assert!(search.stats().nodes <= u64::from(tree.node_limit)),
        None => panic!("an exhausted iterator leaves a finished search"),
    }
    assert_eq!(search.into_problem().path, [0]);
});
