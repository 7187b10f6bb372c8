//! A beam search: breadth-first, one level per jump, keeping only the
//! `width` most promising distinct positions of each level by the score
//! the depth-first orders use for a jump (the position's moment about the
//! goal or the middle, plus a penalty per peg with no neighbour). It
//! proves nothing when it fails, but on large boards, where a depth-first
//! search can wander for a long time in a part of the tree with no
//! solution, it reaches the goal in far fewer nodes. The portfolio runs
//! it between rotations of the depth-first orders, on the forward
//! search's [`Play`] at its start.

use kongming_search::control::{Meter, StopReason};
use rustc_hash::FxHashSet;

use super::goal::Target;
use super::order::ORDERS;
use super::play::Play;

/// The order whose score ranks a beam's positions: the one aimed at the
/// goal's hole (at the middle when the goal is not one hole).
const BEAM_ORDER: usize = 2;
const _: () = assert!(ORDERS[BEAM_ORDER].towards);

/// How a beam search ended.
pub(super) enum Beam {
    /// The jumps (indices into the board's jumps) from the start to the
    /// target.
    Found(Vec<u16>),
    /// Every position of some level was pruned, or the last level missed
    /// the target: nothing proved.
    Failed,
    /// A limit of [`Limits`] stopped it first.
    Stopped(StopReason),
}

/// One position of a level: its pegs, its moment, the pagoda slacks
/// (stored apart), and how it was reached.
#[derive(Clone, Copy)]
struct Node {
    pegs: u64,
    moment: i64,
    /// Index of the parent in the level before.
    parent: u32,
    /// The jump from the parent (an index into the board's jumps).
    jump: u16,
}

/// What stops a beam early: a node limit (each position generated counts
/// as a node), and the deadline and the cancel flag of the solver's
/// started budget (checked once per level).
pub(super) struct Limits<'a> {
    pub(super) nodes: u64,
    pub(super) meter: &'a Meter,
}

/// Runs a beam of `width` positions per level from the start of `play`
/// towards its target. Returns the outcome and the nodes generated.
pub(super) fn beam(play: &Play<'_>, width: usize, limits: &Limits<'_>) -> (Beam, u64) {
    let board = play.board;
    let jumps = board.jumps();
    let pagodas = play.slack.len();
    let weights = play.orders[BEAM_ORDER];
    let done = |pegs: u64| match play.target {
        Target::Count(n) => pegs.count_ones() == n,
        Target::Exact(t) => pegs == t,
    };
    let last = match play.target {
        Target::Count(n) => n,
        Target::Exact(t) => t.count_ones(),
    };
    let mut levels: Vec<Vec<Node>> = vec![vec![Node {
        pegs: play.pegs,
        moment: 0,
        parent: 0,
        jump: 0,
    }]];
    let mut slacks: Vec<i64> = play.slack.clone();
    let mut spent = 0u64;
    let mut seen = FxHashSet::default();
    loop {
        let level = levels.last().expect("the start level");
        if let Some(at) = level.iter().position(|node| done(node.pegs)) {
            let mut path = Vec::with_capacity(levels.len());
            let mut at = at;
            for depth in (1..levels.len()).rev() {
                let node = levels[depth][at];
                path.push(node.jump);
                at = node.parent as usize;
            }
            path.reverse();
            return (Beam::Found(path), spent);
        }
        if level
            .first()
            .is_none_or(|node| node.pegs.count_ones() <= last)
        {
            return (Beam::Failed, spent);
        }
        if let Some(reason) = limits.meter.check_now() {
            return (Beam::Stopped(reason), spent);
        }
        // Children scored, then the best `width` kept.
        let mut children: Vec<(i64, Node)> = Vec::new();
        let mut child_slacks: Vec<i64> = Vec::new();
        let mut out = Vec::new();
        seen.clear();
        for (index, node) in level.iter().enumerate() {
            out.clear();
            board.legal_jump_indices(node.pegs, &mut out);
            let slack = &slacks[index * pagodas..(index + 1) * pagodas];
            for &j in &out {
                spent += 1;
                if spent > limits.nodes {
                    return (Beam::Stopped(StopReason::NodeLimit), spent - 1);
                }
                let j = usize::from(j);
                let change = &play.jump_slack[j * pagodas..(j + 1) * pagodas];
                if slack.iter().zip(change).any(|(s, c)| s + c < 0) {
                    continue;
                }
                let pegs = node.pegs ^ jumps[j].mask();
                if !seen.insert(pegs) {
                    continue;
                }
                let moment = node.moment + weights.priority[j];
                let score = moment + weights.lonely * i64::from(play.lonely(pegs));
                let child = Node {
                    pegs,
                    moment,
                    parent: u32::try_from(index).expect("a level holds at most `width` positions"),
                    jump: u16::try_from(j).expect("jump indices fit u16"),
                };
                children.push((score, child));
                child_slacks.extend(slack.iter().zip(change).map(|(s, c)| s + c));
            }
        }
        if children.is_empty() {
            return (Beam::Failed, spent);
        }
        // The best `width` by score (ties by position, so that the beam
        // does not depend on the order children were found in).
        let mut order: Vec<usize> = (0..children.len()).collect();
        if order.len() > width {
            order.select_nth_unstable_by_key(width, |&i| (children[i].0, children[i].1.pegs));
            order.truncate(width);
        }
        slacks.clear();
        let mut next = Vec::with_capacity(order.len());
        for &i in &order {
            next.push(children[i].1);
            slacks.extend_from_slice(&child_slacks[i * pagodas..(i + 1) * pagodas]);
        }
        levels.push(next);
    }
}

#[cfg(test)]
mod tests {
    use kongming_search::control::Budget;

    use super::*;
    use crate::board::{Board, Jump};
    use crate::solve::setup::Setup;

    /// A beam from `start` to one peg in `end` on `board`, with the solver's
    /// pagoda functions and orders.
    fn beam_to(board: &Board, start: u64, end: u64, width: usize, nodes: u64) -> (Beam, u64) {
        let setup = Setup::new(board, start, &[end], end, &[end], &[]);
        let Ok(setup) = setup else {
            return (Beam::Failed, 0);
        };
        let play = setup.play(board, Target::Exact(end));
        let meter = Budget::unlimited().start();
        let limits = Limits {
            nodes,
            meter: &meter,
        };
        beam(&play, width, &limits)
    }

    #[test]
    fn a_beam_finds_only_legal_games_to_the_target_and_stops_at_its_limit() {
        let board = Board::triangular(5).unwrap();
        let mut found = 0;
        for empty in board.cells() {
            let start = board.start(empty).unwrap();
            for end in board.cells() {
                for width in [1, 4, 64] {
                    let (outcome, nodes) =
                        beam_to(&board, start.pegs(), end.bit(), width, u64::MAX);
                    if let Beam::Found(path) = outcome {
                        let jumps: Vec<Jump> = path
                            .iter()
                            .map(|&j| board.jumps()[usize::from(j)])
                            .collect();
                        assert_eq!(start.replay(&jumps).unwrap().pegs(), end.bit());
                        assert!(nodes > 0);
                        found += 1;
                    }
                }
            }
        }
        // Some games are found, none of them wrong (the class and the
        // count of games were checked by the census tests).
        assert!(found > 50, "{found}");
        let board = Board::english();
        let centre = board.centre().unwrap().bit();
        let start = board.holes() & !centre;
        let (outcome, nodes) = beam_to(&board, start, centre, 64, 100);
        assert!(matches!(outcome, Beam::Stopped(StopReason::NodeLimit)));
        assert_eq!(nodes, 100);
    }
}
