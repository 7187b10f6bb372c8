//! The census's test of a level of positions against relaxed games
//! ([`RelaxedTest`]): for each relaxation, its winning states for the
//! census's target and a reader of the distinct images under the
//! census's symmetries; a position passes when every image of it has a
//! winning state in every game.

use kongming_search::symmetry::Group;

use super::relaxation::Relaxation;
use super::state_index::StateReader;
use super::winning::WinningStates;
use crate::work::Work;

/// The most images of a position a census tests.
const MAX_IMAGES: usize = 16;

/// Positions tested between two looks at the census's budget.
const POSITIONS_PER_POLL: usize = 1 << 16;

/// The relaxed games of a census, for one target and the census's
/// symmetries: a position passes when, in every relaxed game, each of its
/// images has a winning state.
pub(crate) struct RelaxedTest {
    games: Vec<(WinningStates, StateReader)>,
}

impl RelaxedTest {
    /// The winning states of each of `relaxations` for `target`, with a
    /// reader of the images under the symmetries of `group` (which must
    /// fix the target), one of each set with the same outcome (see
    /// [`Relaxation::distinct_images`]); `None` if `work` stops first.
    pub(crate) fn new(
        relaxations: &[Relaxation],
        target: u64,
        group: &Group,
        work: &Work,
    ) -> Option<RelaxedTest> {
        // Testing fewer images rules out fewer positions but never a
        // winnable one: past 16 (no board has so many symmetries), the
        // first 16.
        let symmetries = &group.elements()[..group.order().min(MAX_IMAGES)];
        let games = relaxations
            .iter()
            .map(|relaxation| {
                let states = WinningStates::new(relaxation, target, work)?;
                let images = relaxation.distinct_images(symmetries);
                let reader = StateReader::new(relaxation, states.layout, &images);
                Some((states, reader))
            })
            .collect::<Option<_>>()?;
        Some(RelaxedTest { games })
    }

    /// Keeps the positions of `level` that may reach the target: those
    /// no relaxed game rules out (with the `parallel` feature, large levels
    /// tested on all threads); if `work` stops first, the level is left
    /// unfinished (for the caller to drop).
    pub(crate) fn retain(&self, level: &mut Vec<u64>, work: &Work) {
        for (states, reader) in &self.games {
            let game = (states, reader);
            match reader.table.lanes() {
                1 => self.retain_in::<1>(game, level, work),
                2 => self.retain_in::<2>(game, level, work),
                4 => self.retain_in::<4>(game, level, work),
                8 => self.retain_in::<8>(game, level, work),
                _ => self.retain_in::<MAX_IMAGES>(game, level, work),
            }
        }
    }

    /// [`retain`](Self::retain) for one game, with `N` lanes of images.
    fn retain_in<const N: usize>(
        &self,
        (states, reader): (&WinningStates, &StateReader),
        level: &mut Vec<u64>,
        work: &Work,
    ) {
        // Many positions are tested on all threads, and those kept moved
        // up in place (the level may be a spare buffer kept for reuse).
        #[cfg(feature = "parallel")]
        if let Some(part) = crate::levels::parallel_part(level.len()) {
            use rayon::prelude::*;
            let flags: Vec<bool> = level
                .par_chunks(part.min(POSITIONS_PER_POLL))
                .flat_map_iter(|chunk| {
                    let go_on = !work.poll();
                    chunk
                        .iter()
                        .map(move |&pegs| go_on && self.admits_in::<N>(states, reader, pegs))
                })
                .collect();
            crate::levels::retain_flagged(level, &flags);
            return;
        }
        // Each position is written back and kept by moving on: no branch
        // on the outcome.
        let mut kept = 0;
        for at in 0..level.len() {
            if at.is_multiple_of(POSITIONS_PER_POLL) && work.poll() {
                level.truncate(kept);
                return;
            }
            let pegs = level[at];
            level[kept] = pegs;
            kept += usize::from(self.admits_in::<N>(states, reader, pegs));
        }
        level.truncate(kept);
    }

    /// Whether every image of `pegs` has a winning state, with `N` lanes
    /// of images.
    #[inline(always)]
    fn admits_in<const N: usize>(
        &self,
        states: &WinningStates,
        reader: &StateReader,
        pegs: u64,
    ) -> bool {
        let sums = reader.table.sums::<N>(pegs);
        // Every image read, with no branch: stopping at the first losing
        // state reads fewer states, but where it stops is data, and the
        // mispredicted branches cost more.
        let mut all = true;
        for &sum in &sums[..reader.images] {
            all &= states.wins(reader.index(sum));
        }
        all
    }
}
