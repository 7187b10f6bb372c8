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
    pegs: u64,
    lanes: usize,
    images: [u64; LANES],
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
                let w = |c: Cell| i64::from(pagoda.weights()[c.index()]);
                jump_slack.extend(
                    board
                        .jumps()
                        .iter()
                        .map(|j| w(j.to()) - w(j.from()) - w(j.over())),
                );
            }
        }
        // Laid out jump by jump.
        let pruning = slack.len();
        let jump_slack: Vec<i64> = (0..board.jumps().len())
            .flat_map(|j| (0..pruning).map(move |p| (j, p)))
            .map(|(j, p)| jump_slack[p * board.jumps().len() + j])
            .collect();
        // The symmetries keeping `fixed` in place form a subgroup; keys
        // are least images under them (any subset of them would still be
        // sound, merely merging fewer positions).
        let (lanes, holes) = hole_lanes(board, board.symmetries());
        let elements = board.symmetries().order().min(lanes);
        let fixed_images: Vec<_> = fixed.iter().map(|&p| lane_images(&holes, p)).collect();
        let kept: Vec<usize> = (0..elements)
            .filter(|&lane| {
                fixed
                    .iter()
                    .zip(&fixed_images)
                    .all(|(&p, images)| images[lane] == p)
            })
            .collect();
        let lanes_of = |bits: u64| {
            let all = lane_images(&holes, bits);
            let mut images = [0u64; LANES];
            for (image, &lane) in images.iter_mut().zip(&kept) {
                *image = all[lane];
            }
            images
        };
        let jump_images = board.jumps().iter().map(|j| lanes_of(j.mask())).collect();
        let moment = |mid: Vec<i64>| -> Vec<i64> {
            board
                .jumps()
                .iter()
                .map(|j| mid[j.to().index()] - mid[j.from().index()] - mid[j.over().index()])
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
        let n = board.len() as i64;
        let mut adjacency: Vec<(Shift, u64)> = Vec::new();
        for jump in board.jumps() {
            let (from, over, to) = (jump.from(), jump.over(), jump.to());
            for (a, b) in [(from, over), (over, from), (over, to), (to, over)] {
                let offset = Shift::new(b.index() as i32 - a.index() as i32);
                match adjacency.iter_mut().find(|(o, _)| *o == offset) {
                    Some((_, holes)) => *holes |= a.bit(),
                    None => adjacency.push((offset, a.bit())),
                }
            }
        }
        Ok(Setup {
            pegs,
            lanes: kept.len(),
            images: lanes_of(pegs),
            jump_images,
            slack,
            jump_slack,
            priority,
            towards,
            unit: 4 * n * n,
            adjacency,
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
