//! The two searches of a census's winnable positions, to the middle:
//! forward from the start and backward from the complement of the
//! target (unless they are one, see [`BothWays`]), each keeping only the
//! positions within its pagoda window and, once levels are large, those
//! its relaxed games cannot rule out ([`LazyRelaxedTest`]). What they
//! reach goes to [`Meet::join`](super::meet::Meet::join).

use kongming_search::symmetry::Group;

use super::both_ways::BothWays;
use super::meet::Meet;
use super::{Census, Halt, Stage};
use crate::levels::Expander;
use crate::pagoda::Pagoda;
use crate::relaxed::{Relaxation, RelaxedTest};
use crate::window::Window;
use crate::work::Work;

/// The relaxed games of one search, their winning states found when a
/// level first holds one position per [`STATES_PER_POSITION`] relaxed
/// states: smaller censuses do without them.
pub(super) struct LazyRelaxedTest {
    relaxations: Vec<Relaxation>,
    /// Their states in all.
    states: u64,
    target: u64,
    group: Group,
    test: Option<RelaxedTest>,
}

/// Relaxed states per position of a level from which a census rules out
/// positions by relaxed games: finding the winning states costs about as
/// much as a few hundred positions per thousand states.
const STATES_PER_POSITION: u64 = 512;

impl LazyRelaxedTest {
    pub(super) fn new(relaxations: &[Relaxation], target: u64, group: &Group) -> LazyRelaxedTest {
        LazyRelaxedTest {
            relaxations: relaxations.to_vec(),
            states: relaxations.iter().map(Relaxation::states).sum(),
            target,
            group: group.clone(),
            test: None,
        }
    }

    /// Drops the positions of `level` the relaxed games rule out, once
    /// levels are large enough (unless `work` stops first: then the level
    /// is unfinished, for the caller to drop).
    pub(super) fn retain(&mut self, level: &mut Vec<u64>, work: &Work) {
        let large = level.len() as u64 * STATES_PER_POSITION >= self.states;
        if self.test.is_none() && large && !self.relaxations.is_empty() {
            self.test = RelaxedTest::new(&self.relaxations, self.target, &self.group, work);
        }
        if let Some(test) = &self.test {
            test.retain(level, work);
        }
    }
}

/// One of a census's two searches: from `start`, within the window of
/// `expander`, its relaxed games played towards its own target.
struct Search {
    expander: Expander,
    start: u64,
    relaxed: LazyRelaxedTest,
}

impl Census {
    /// Builds into `reached` the levels of the two searches `meet` sets
    /// out, the relaxed games dropping what they rule out: forward up to
    /// the level before the middle, and backward (when it is another
    /// search) up to the middle. The searches' expanders are siblings of
    /// `unbounded` (the same tables and spare buffers) with their own
    /// windows.
    pub(super) fn reach_to_middle(
        &mut self,
        unbounded: &Expander,
        meet: &Meet,
        reached: &mut BothWays,
    ) -> Result<(), Halt> {
        let (forward, backward) = self.searches(unbounded, meet.one_search())?;
        self.reach(meet, forward, backward, reached)
    }

    /// The forward search, and the backward one unless `one_search`.
    ///
    /// Every position kept lies within the pagoda window between start
    /// and target (the backward search: between the complements of
    /// target and start).
    fn searches(
        &self,
        unbounded: &Expander,
        one_search: bool,
    ) -> Result<(Search, Option<Search>), Halt> {
        let board = self.start.board();
        let (start, target) = (self.start.pegs(), self.target()?.pegs());
        let known;
        let pagodas = match &self.pagodas {
            Some(given) => given.as_slice(),
            None => {
                known = Pagoda::known(board);
                known.as_slice()
            }
        };
        let relaxations = match &self.relaxations {
            Some(given) => given.clone(),
            None => Relaxation::known(board),
        };
        let search = |start: u64, target: u64| Search {
            expander: unbounded.sibling(Window::new(board, pagodas, start, target)),
            start,
            relaxed: LazyRelaxedTest::new(&relaxations, target, &self.group),
        };
        let forward = search(start, target);
        let (back_start, back_target) = (board.holes() & !target, board.holes() & !start);
        let backward = (!one_search).then(|| search(back_start, back_target));
        Ok((forward, backward))
    }

    /// The levels of `forward` up to the level before the middle of
    /// `meet`, and of `backward` (when it is another search) up to the
    /// middle, into `reached`.
    fn reach(
        &mut self,
        meet: &Meet,
        mut forward: Search,
        backward: Option<Search>,
        reached: &mut BothWays,
    ) -> Result<(), Halt> {
        let last = meet.forward_last();
        let work = forward.expander.work();
        // Levels already counted in full are only narrowed to the window.
        let forward_levels = reached.forward_mut();
        match &self.levels {
            Some(levels) => {
                for level in &levels[..levels.len().min(last + 1)] {
                    let mut kept = forward.expander.within_window(level);
                    forward.relaxed.retain(&mut kept, work);
                    work.check_now()?;
                    forward_levels.push(kept);
                }
            }
            None => {
                let relaxed = Some(&mut forward.relaxed);
                let search = (&forward.expander, forward.start, last);
                let stage = (Stage::Reachable, last + 1, 0);
                self.build_levels(search, stage, relaxed, forward_levels, None)?;
            }
        }
        let stored = reached.forward().iter().map(|l| l.len() as u64).sum();
        if let (Some(mut backward), Some(backward_levels)) = (backward, reached.own_backward_mut())
        {
            let last = meet.there_level();
            let search = (&backward.expander, backward.start, last);
            let stage = (Stage::Backward, last + 1, stored);
            let relaxed = Some(&mut backward.relaxed);
            self.build_levels(search, stage, relaxed, backward_levels, None)?;
        }
        Ok(())
    }
}
