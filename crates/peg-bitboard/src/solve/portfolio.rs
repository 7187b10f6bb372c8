//! The portfolio: the searches of one target, run in turns until one
//! answers. [`Solver::run`] checks the start against the pagoda functions
//! and sets up a search forwards and, for an exact target, one backwards
//! (between the complements); [`Solver::portfolio`] gives each in turn a
//! share of nodes in one of the jump [orders](super::order), the shares
//! doubling with each rotation of the orders, and from the second
//! rotation on runs a [beam search](super::beam) first. Each search keeps
//! its dead positions from turn to turn; the first solution or proof is
//! the verdict, and the budget of the whole call bounds them all.

use std::sync::Arc;

use kongming_search::control::{Outcome, Progress, StopReason};
use kongming_search::dfs::{MemoSearch, Stats};
use rustc_hash::FxBuildHasher;

use super::goal::Target;
use super::order::ORDERS;
use super::play::Play;
use super::setup::Setup;
use super::{SolveError, Solver, Spend, beam};
use crate::board::Jump;
use crate::solution::Solution;
use crate::verdict::{Proof, Verdict};

/// The node share of each turn of a search in the first rotation of
/// [`ORDERS`] (see [`Solver::portfolio`]).
const FIRST_ROUND: u64 = 256;

/// The width of the first beam search (before the second rotation of
/// [`ORDERS`]); it doubles with each rotation, up to [`BEAM_MOST`].
const BEAM_FIRST: usize = 16;

/// The widest beam: about 100 MB of levels on a 64-hole board.
const BEAM_MOST: usize = 1 << 16;

impl Solver {
    /// Checks the pagoda functions, then searches forwards; for an exact
    /// target, also backwards (see [`Solver::solve`]). `fixed`: the
    /// patterns the symmetries used for the memo must keep in place.
    pub(super) fn run(
        &mut self,
        target: Target,
        patterns: &[u64],
        seeds: u64,
        fixed: &[u64],
        spend: &mut Spend,
    ) -> Result<Verdict, SolveError> {
        let board = self.start.board().clone();
        let pegs = self.start.pegs();
        let forward = match Setup::new(&board, pegs, patterns, seeds, fixed, &self.pagodas) {
            Ok(setup) => setup,
            Err(proof) => return Ok(Verdict::Impossible(proof)),
        };
        // A game from S to T played backwards is a game from the
        // complement of T to the complement of S with the same jumps in
        // reverse order. Unless that is the same game (the centre start
        // to the centre), it is searched too.
        let mut backward = None;
        if let Target::Exact(t) = target {
            let back_start = board.holes() & !t;
            let back_target = board.holes() & !pegs;
            if (back_start, back_target) != (pegs, t) {
                let fixed = [back_target];
                match Setup::new(&board, back_start, &fixed, back_target, &fixed, &[]) {
                    Ok(setup) => backward = Some((setup, back_target)),
                    Err(proof) => return Ok(Verdict::Impossible(proof)),
                }
            }
        }
        let mut searches = vec![(
            MemoSearch::with_hasher(forward.play(&board, target), FxBuildHasher),
            false,
        )];
        if let Some((setup, back_target)) = &backward {
            let play = setup.play(&board, Target::Exact(*back_target));
            searches.push((MemoSearch::with_hasher(play, FxBuildHasher), true));
        }
        Ok(self.portfolio(searches, spend))
    }

    /// Runs the searches in turn until one finds a solution or proves
    /// there is none, or the budget runs out. Each turn starts again from
    /// the start with one of [`ORDERS`] (in rotation) for a share of
    /// nodes that doubles after each rotation; a search keeps its dead
    /// positions from turn to turn, whatever the order (dead is dead).
    /// Orders take very different times on some games: a game that one
    /// order solves quickly costs less than four times (number of
    /// searches × orders) that (the shares double, and every other turn of
    /// the last rotation may spend up to twice it), and a goal proved
    /// impossible costs about one exhaustive search per direction.
    fn portfolio(
        &mut self,
        searches: Vec<(MemoSearch<Play<'_>, FxBuildHasher>, bool)>,
        spend: &mut Spend,
    ) -> Verdict {
        let mut searches: Vec<(Option<MemoSearch<Play<'_>, FxBuildHasher>>, bool)> = searches
            .into_iter()
            .map(|(search, reversed)| (Some(search), reversed))
            .collect();
        let total_limit = spend.limit;
        let mut turn = 0usize;
        loop {
            let rotation = turn / ORDERS.len();
            let round = FIRST_ROUND.saturating_mul(1 << rotation.min(63));
            // From the second rotation on, a beam search before each
            // rotation, its width doubling too (see [`beam`]).
            if turn.is_multiple_of(ORDERS.len()) && rotation > 0 {
                let width = BEAM_FIRST
                    .saturating_mul(1 << (rotation - 1).min(20))
                    .min(BEAM_MOST);
                let limits = beam::Limits {
                    nodes: total_limit.map_or(u64::MAX, |l| l.saturating_sub(spend.nodes)),
                    meter: &spend.meter,
                };
                // The forward search, back at its start after a turn that
                // stopped (a search that stops restores its problem).
                let search = searches[0].0.as_ref().expect("put back after each turn");
                debug_assert_eq!(search.problem().pegs, self.start.pegs());
                let (outcome, nodes) = beam::beam(search.problem(), width, &limits);
                spend.nodes += nodes;
                self.stats.nodes += nodes;
                self.report(
                    spend.nodes,
                    u64::from(matches!(outcome, beam::Beam::Found(_))),
                );
                match outcome {
                    beam::Beam::Found(path) => {
                        self.add_search_stats(&searches);
                        let board = self.start.board();
                        let jumps = path
                            .iter()
                            .map(|&j| board.jumps()[usize::from(j)])
                            .collect();
                        let solution =
                            Solution::new(&self.start, jumps).expect("the beam plays legal jumps");
                        return Verdict::Solved(solution);
                    }
                    beam::Beam::Stopped(reason) => {
                        self.add_search_stats(&searches);
                        return Verdict::Stopped(reason);
                    }
                    beam::Beam::Failed => {}
                }
            }
            for i in 0..searches.len() {
                let (slot, reversed) = &mut searches[i];
                let reversed = *reversed;
                // What is left of the call's budget (the time to its
                // deadline, its flag), at most a turn's share of nodes.
                let left = spend.meter.remaining(spend.nodes);
                let nodes = left.node_limit().map_or(round, |left| left.min(round));
                let budget = left.with_node_limit(nodes);
                let before = slot.as_ref().map_or(0, |s| s.stats().nodes);
                let mut resumed = slot
                    .take()
                    .expect("each search is put back after its turn")
                    .budget(budget);
                if let Some(progress) = &self.progress {
                    // The search's own count of nodes, as the call's.
                    let (progress, spent) = (Arc::clone(progress), spend.nodes);
                    resumed = resumed.on_progress(move |report| {
                        let done = spent + report.done.saturating_sub(before);
                        if let Ok(mut callback) = progress.lock() {
                            callback.report(&Progress::new((), done));
                        }
                    });
                }
                resumed.problem().order.set(turn % ORDERS.len());
                let search = slot.insert(resumed);
                let found = search.first().is_some();
                spend.nodes += search.stats().nodes - before;
                let outcome = search.outcome();
                let stopped = match outcome {
                    Some(Outcome::Stopped(reason))
                        if reason != StopReason::NodeLimit
                            || total_limit.is_some_and(|l| spend.nodes >= l) =>
                    {
                        Some(reason)
                    }
                    _ => None,
                };
                if found || outcome == Some(Outcome::Complete) || stopped.is_some() {
                    self.add_search_stats(&searches);
                    if let Some(reason) = stopped
                        && !found
                    {
                        return Verdict::Stopped(reason);
                    }
                    if found {
                        self.report(spend.nodes, 1);
                    }
                    let search = searches[i].0.as_ref().expect("put back");
                    return self.verdict(search, found, reversed);
                }
            }
            turn = turn.saturating_add(1);
        }
    }

    /// Adds the statistics of every search of a portfolio.
    fn add_search_stats(
        &mut self,
        searches: &[(Option<MemoSearch<Play<'_>, FxBuildHasher>>, bool)],
    ) {
        for (search, _) in searches {
            if let Some(search) = search {
                self.add_stats(search.stats());
            }
        }
    }

    fn add_stats(&mut self, stats: Stats) {
        self.stats.nodes += stats.nodes;
        self.stats.backtracks += stats.backtracks;
        self.stats.prunes += stats.prunes;
        self.stats.solutions += stats.solutions;
        self.stats.max_depth = self.stats.max_depth.max(stats.max_depth);
    }

    /// The verdict of a finished or stopped search; `reversed` if it ran
    /// backwards.
    fn verdict<S: std::hash::BuildHasher>(
        &self,
        search: &MemoSearch<Play<'_>, S>,
        found: bool,
        reversed: bool,
    ) -> Verdict {
        let board = self.start.board();
        if found {
            let mut jumps: Vec<Jump> = search
                .solution_path()
                .iter()
                .map(|&j| board.jumps()[usize::from(j)])
                .collect();
            if reversed {
                jumps.reverse();
            }
            let solution = Solution::new(&self.start, jumps).expect("the search plays legal jumps");
            return Verdict::Solved(solution);
        }
        match search.outcome() {
            Some(Outcome::Stopped(reason)) => Verdict::Stopped(reason),
            _ => Verdict::Impossible(Proof::Exhausted),
        }
    }
}
