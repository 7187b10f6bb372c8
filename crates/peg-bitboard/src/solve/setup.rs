//! What one search direction needs, worked out once before its
//! searches: the pagoda functions that prune it (given, grown from the
//! goal's holes, golden towards a goal of one hole) as slacks and their
//! changes per jump, the symmetries that keep the goal in place as lanes
//! of images, and the moments and adjacency the jump orders score with.
//! A start below a pagoda function's need is proved impossible here.
//! [`Setup::play`] lends all of it to a [`Play`], the problem the
//! portfolio's and the beam's searches explore.

use super::goal::Target;
use super::order::{ORDERS, Weights};
use super::play::Play;
use crate::board::{Board, Cell};
use crate::levels::{MAX_LANES as LANES, hole_lanes, lane_images};
use crate::pagoda::Pagoda;
use crate::position::{Shift, bits};
use crate::verdict::Proof;

/// What one search direction needs, owned.
pub(super) struct Setup {
    /// The start.
    pegs: u64,
    /// The number of symmetries kept (those fixing the goal).
    lanes: usize,
    /// The start's images under them.
    images: [u64; LANES],
    /// Each jump's images under them.
    jump_images: Vec<[u64; LANES]>,
    /// For each pagoda function pruning: its value at the start less the
    /// least value it must keep.
    slack: Vec<i64>,
    /// The change of each pagoda function's value made by each jump
    /// (`jump * slack.len() + pagoda`).
    jump_slack: Vec<i64>,
    /// The change in moment about the middle made by each jump.
    priority: Vec<i64>,
    /// The same about the goal's hole, if it is one hole.
    towards: Vec<i64>,
    /// One step squared, in the units of `priority`.
    unit: i64,
    /// (index offset `d`, the holes `h` such that `h + d` is a hole next
    /// to `h` on a line of jumps).
    adjacency: Vec<(Shift, u64)>,
}

impl Setup {
    /// Checks the pagoda functions at the start (an impossibility proof)
    /// and prepares the search from `pegs` to one of `patterns`, with the
    /// symmetries of the board that keep each of `fixed` in place.
    pub(super) fn new(
        board: &Board,
        pegs: u64,
        patterns: &[u64],
        seeds: u64,
        fixed: &[u64],
        given: &[Pagoda],
    ) -> Result<Setup, Proof> {
        let pagodas = pruning_pagodas(board, seeds, given);
        let (slack, jump_slack) = pagoda_slacks(board, pegs, patterns, pagodas)?;
        let kept = kept_lanes(board, fixed);
        let jump_images = board
            .jumps()
            .iter()
            .map(|j| kept.images(j.mask()))
            .collect();
        let moment = |distances: Vec<i64>| -> Vec<i64> {
            board
                .jumps()
                .iter()
                .map(|j| {
                    distances[j.to().index()]
                        - distances[j.from().index()]
                        - distances[j.over().index()]
                })
                .collect()
        };
        let priority = moment(board.spread(None));
        let towards = match patterns {
            [one] if one.count_ones() == 1 => {
                let cell = board.cell_at(one.trailing_zeros() as usize);
                moment(board.spread(cell))
            }
            _ => priority.clone(),
        };
        let holes = board.len() as i64;
        Ok(Setup {
            pegs,
            lanes: kept.lanes.len(),
            images: kept.images(pegs),
            jump_images,
            slack,
            jump_slack,
            priority,
            towards,
            unit: 4 * holes * holes,
            adjacency: adjacency(board),
        })
    }

    /// The problem of a search from this direction's start to `target`,
    /// in the first order of [`ORDERS`].
    pub(super) fn play<'a>(&'a self, board: &'a Board, target: Target) -> Play<'a> {
        Play {
            board,
            pegs: self.pegs,
            count: self.pegs.count_ones(),
            lanes: self.lanes,
            images: self.images,
            jump_images: &self.jump_images,
            target,
            slack: self.slack.clone(),
            jump_slack: &self.jump_slack,
            orders: ORDERS.map(|order| Weights {
                priority: if order.towards {
                    &self.towards
                } else {
                    &self.priority
                },
                lonely: order.lonely * self.unit / 100,
                mobility: order.mobility * self.unit / 100,
            }),
            order: std::cell::Cell::new(0),
            adjacency: &self.adjacency,
        }
    }
}

/// The pagoda functions that prune a search towards `seeds` (the goal's
/// holes): those `given`, the 0/1 one grown from all the seeds and, for
/// several seeds, from each; for one seed, the golden one.
fn pruning_pagodas(board: &Board, seeds: u64, given: &[Pagoda]) -> Vec<Pagoda> {
    let mut pagodas = given.to_vec();
    if seeds != 0 {
        pagodas.push(Pagoda::grown(board, seeds));
        if seeds.count_ones() > 1 {
            pagodas.extend(bits(seeds).map(|bit| Pagoda::grown(board, bit)));
        }
        if seeds.count_ones() == 1 {
            pagodas.extend(Pagoda::golden(board, seeds));
        }
    }
    pagodas
}

/// The slacks of [`Setup`] from the start `pegs` to the least of
/// `patterns`, and their changes per jump, laid out jump by jump, for the
/// `pagodas` that need a positive weight; [`Proof::Pagoda`] if the start
/// is already below one's need.
fn pagoda_slacks(
    board: &Board,
    pegs: u64,
    patterns: &[u64],
    pagodas: Vec<Pagoda>,
) -> Result<(Vec<i64>, Vec<i64>), Proof> {
    let mut slack = Vec::new();
    let mut jump_slack = Vec::new();
    for pagoda in pagodas {
        let need = patterns
            .iter()
            .map(|&p| pagoda.value(p))
            .min()
            .unwrap_or(i64::MIN);
        if pagoda.value(pegs) < need {
            return Err(Proof::Pagoda);
        }
        if need > 0 {
            slack.push(pagoda.value(pegs) - need);
            let weight = |c: Cell| i64::from(pagoda.weights()[c.index()]);
            jump_slack.extend(
                board
                    .jumps()
                    .iter()
                    .map(|j| weight(j.to()) - weight(j.from()) - weight(j.over())),
            );
        }
    }
    // Laid out jump by jump.
    let pruning = slack.len();
    let jump_slack = (0..board.jumps().len())
        .flat_map(|j| (0..pruning).map(move |p| (j, p)))
        .map(|(j, p)| jump_slack[p * board.jumps().len() + j])
        .collect();
    Ok((slack, jump_slack))
}

/// The lanes of the board's symmetries that keep some patterns in place,
/// and the board's holes laid out for [`lane_images`].
struct KeptLanes {
    lanes: Vec<usize>,
    holes: Vec<[u64; LANES]>,
}

impl KeptLanes {
    /// The images of `bits` under the symmetries kept (zeros past them).
    fn images(&self, bits: u64) -> [u64; LANES] {
        let all = lane_images(&self.holes, bits);
        let mut images = [0u64; LANES];
        for (image, &lane) in images.iter_mut().zip(&self.lanes) {
            *image = all[lane];
        }
        images
    }
}

/// The lanes of the symmetries keeping each of `fixed` in place: they
/// form a subgroup, and the memo's keys are least images under them (any
/// subset of them would still be sound, merely merging fewer positions).
fn kept_lanes(board: &Board, fixed: &[u64]) -> KeptLanes {
    let (lanes, holes) = hole_lanes(board, board.symmetries());
    let elements = board.symmetries().order().min(lanes);
    let fixed_images: Vec<_> = fixed.iter().map(|&p| lane_images(&holes, p)).collect();
    let lanes = (0..elements)
        .filter(|&lane| {
            fixed
                .iter()
                .zip(&fixed_images)
                .all(|(&p, images)| images[lane] == p)
        })
        .collect();
    KeptLanes { lanes, holes }
}

/// For each index offset between neighbours on a line of jumps, the
/// holes with a neighbour at that offset (see [`Setup`]).
fn adjacency(board: &Board) -> Vec<(Shift, u64)> {
    let mut adjacency: Vec<(Shift, u64)> = Vec::new();
    for jump in board.jumps() {
        let (from, over, to) = (jump.from(), jump.over(), jump.to());
        for (hole, neighbour) in [(from, over), (over, from), (over, to), (to, over)] {
            let offset = Shift::new(neighbour.index() as i32 - hole.index() as i32);
            match adjacency.iter_mut().find(|(known, _)| *known == offset) {
                Some((_, holes)) => *holes |= hole.bit(),
                None => adjacency.push((offset, hole.bit())),
            }
        }
    }
    adjacency
}
