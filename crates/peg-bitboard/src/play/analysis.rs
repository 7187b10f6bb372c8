//! What one puzzle's answers are read from: the winnable sets of its
//! targets ([`Analysis`]), and the chance of a player who picks jumps at
//! random ([`Analysis::difficulty`]).

use rustc_hash::FxHashMap;

use kongming_search::control::{Meter, StopReason};

use crate::board::Jump;
use crate::count::{Census, CensusError};
use crate::levels::Expander;
use crate::position::Position;
use crate::solve::Goal;
use crate::winnable_set::{Built, WinnableSet};

use super::difficulty::Difficulty;

/// How often the rating pass looks at its budget, in positions.
const METER_EVERY: u64 = 1 << 10;

/// The positions ending a game from `start` that reach `goal`, as
/// bitboards, leaving out those the class invariant rules out; `None`
/// for a goal no position list can say ([`Goal::FewestPegs`]).
pub(crate) fn targets(start: &Position, goal: Goal) -> Option<Vec<u64>> {
    let board = start.board();
    let class = board.class(start.pegs());
    let candidates: Vec<u64> = match goal {
        Goal::OnePeg => board.cells().map(|cell| cell.bit()).collect(),
        Goal::OnePegAt(cell) => vec![cell.bit()],
        Goal::Pattern(pegs) => vec![pegs],
        Goal::FewestPegs => return None,
    };
    Some(
        candidates
            .into_iter()
            .filter(|&pegs| board.class(pegs) == class)
            .collect(),
    )
}

/// Every winnable position of one puzzle: the union of the winnable sets
/// from its start to each of its targets. The targets are distinct
/// positions, so the games ending in them are distinct, and counts add.
pub(crate) struct Analysis {
    targets: Vec<u64>,
    sets: Vec<WinnableSet>,
}

impl Analysis {
    /// The sets from `start` to each of `targets`, each census run under
    /// what is left of `meter`'s budget; `Ok(Err(reason))` when one stops.
    pub(crate) fn build(
        start: &Position,
        targets: &[u64],
        meter: &Meter,
    ) -> Result<Result<Analysis, StopReason>, CensusError> {
        let mut sets = Vec::with_capacity(targets.len());
        for &pegs in targets {
            let target = start
                .board()
                .position(pegs)
                .map_err(CensusError::Position)?;
            let mut census = Census::new(start)
                .with_target(&target)?
                .budget(meter.remaining(0));
            match census.winnable_set()? {
                Built::Complete(set) => sets.push(*set),
                Built::Stopped(reason) => return Ok(Err(reason)),
            }
        }
        Ok(Ok(Analysis {
            targets: targets.to_vec(),
            sets,
        }))
    }

    /// The number of jump sequences from `position` to a target (0 when
    /// it is not winnable), saturating at `u128::MAX`.
    pub(crate) fn solutions_left(&self, position: &Position) -> u128 {
        self.sets.iter().fold(0u128, |sum, set| {
            sum.saturating_add(set.solutions_left(position).unwrap_or(0))
        })
    }

    /// Whether `position` can still reach a target.
    pub(crate) fn is_winnable(&self, position: &Position) -> bool {
        self.sets
            .iter()
            .any(|set| set.is_winnable(position).unwrap_or(false))
    }

    /// The legal jumps from `position` that keep it winnable, each with
    /// the solutions left after it.
    pub(crate) fn winnable_jumps(&self, position: &Position) -> Vec<(Jump, u128)> {
        position
            .legal_jumps()
            .into_iter()
            .filter_map(|jump| {
                let next = position.play(jump).ok()?;
                let left = self.solutions_left(&next);
                (left > 0).then_some((jump, left))
            })
            .collect()
    }

    /// The jump keeping `position` winnable with the most solutions left
    /// (the first in the order of [`Position::legal_jumps`] among equals).
    pub(crate) fn best_jump(&self, position: &Position) -> Option<(Jump, u128)> {
        let mut best: Option<(Jump, u128)> = None;
        for (jump, left) in self.winnable_jumps(position) {
            if best.is_none_or(|(_, most)| left > most) {
                best = Some((jump, left));
            }
        }
        best
    }

    /// The chance that a player who picks each jump uniformly among the
    /// legal ones wins from `start`, with its solutions and jumps; `None`
    /// when `start` is not winnable. The chance flows forward one level
    /// (one jump) at a time, through winnable positions only: what flows
    /// into a lost position is lost. A node is a position passed on.
    pub(crate) fn difficulty(
        &self,
        start: &Position,
        meter: &mut Meter,
        nodes: &mut u64,
    ) -> Result<Option<Difficulty>, StopReason> {
        let solutions = self.solutions_left(start);
        if solutions == 0 {
            return Ok(None);
        }
        let board = start.board();
        // A random player treats symmetric positions alike, so the chance
        // flows between orbits under the symmetries fixing the start and
        // the targets: one entry per orbit, keyed by its least image, with
        // the first position met standing for it.
        let ends = self.targets.iter().fold(0, |all, &pegs| all | pegs);
        let group = board.symmetries_fixing(&[start.pegs(), ends]);
        let orbits = Expander::new(board, &group);
        let mut level: FxHashMap<u64, (u64, f64)> = FxHashMap::default();
        level.insert(orbits.canonical(start.pegs()), (start.pegs(), 1.0));
        let mut won = 0.0;
        let mut jumps = 0;
        while !level.is_empty() {
            let mut next: FxHashMap<u64, (u64, f64)> = FxHashMap::default();
            for &(pegs, chance) in level.values() {
                *nodes += 1;
                if (*nodes).is_multiple_of(METER_EVERY)
                    && let Some(reason) = meter.exceeded(*nodes)
                {
                    return Err(reason);
                }
                if self.targets.contains(&pegs) {
                    won += chance;
                    continue;
                }
                let position = board.position(pegs).expect("a position of the board");
                let legal = position.legal_jumps();
                let share = chance / legal.len() as f64;
                for jump in legal {
                    let child = position.play(jump).expect("a legal jump");
                    if self.is_winnable(&child) {
                        let orbit = next
                            .entry(orbits.canonical(child.pegs()))
                            .or_insert((child.pegs(), 0.0));
                        orbit.1 += share;
                    }
                }
            }
            if !next.is_empty() {
                jumps += 1;
            }
            level = next;
        }
        Ok(Some(Difficulty::new(won, solutions, jumps)))
    }
}
