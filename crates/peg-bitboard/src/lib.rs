#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]
//!
//! # Overview
//!
//! - [`Board`]: holes on a [`Grid`], read from a layout ([`LayoutError`]),
//!   with its [`Jump`]s, its symmetry group and its position classes.
//! - [`Position`]: pegs on a board; legal jumps, [`Position::play`],
//!   [`Position::replay`] ([`ReplayError`] names the first illegal jump),
//!   ASCII rendering.
//! - [`Solver`]: reach a [`Goal`]; the [`Verdict`] is a [`Solution`], an
//!   impossibility [`Proof`], or a budget stop ([`Verdict::Stopped`]).
//!   [`Pagoda`] functions prune.
//! - [`Census`]: reachable positions per level ([`LevelCounts`]),
//!   winnable positions, the number of solving jump sequences
//!   ([`Count`]), a game in the fewest moves, and every game, one
//!   at a time ([`Games`]), with [`Progress`] reports by [`Stage`].
//! - Play: a [`Puzzle`] (a start and a [`Goal`], written as text by
//!   [`Board::goal_name`]) has a [`Difficulty`] (the chance that a player
//!   jumping at random wins) and a [`Grade`]; a [`Generator`] makes
//!   winnable puzzles of a chosen grade; a [`Game`] checks a jump
//!   ([`Check`]: right, [`Lost`], or an [`IllegalJump`]), records it,
//!   and gives a [`Hint`] from any position the player reaches.
//! - Engines under the game: [`Census::winnable_set`] builds a [`WinnableSet`] that tells,
//!   for any position of its game, whether it is still winnable, which
//!   jumps keep it so and how many solutions remain; a [`Hint`] (the next
//!   jump and why) comes from the set or from [`Solver::hint`] on any
//!   board.
//! - Pictures: [`Position::to_svg`], [`Position::jump_to_svg`] and
//!   [`Solution::to_svg`] (a strip of boards) draw SVG; [`Svg`] sets the
//!   size and labels.
//!
//! # Bounding, stopping, observing
//!
//! The solver's and the census's long calls take a [`Budget`] (a node
//! limit, a time limit, a [`CancelFlag`] another thread may raise) with
//! `budget`, and a progress callback with `on_progress`; each says what
//! its nodes are. A call stopped by its budget says so
//! ([`Outcome::Stopped`] with its [`StopReason`], or
//! [`Verdict::Stopped`]) and keeps what it finished: the levels counted,
//! the sequences counted so far (a lower bound), the games given. Only a
//! complete call proves anything. The clock is read only when a time
//! limit is set. These types are kongming-search's, re-exported here.
//!
//! The solver runs on kongming-search: a
//! [`MemoSearch`](kongming_search::dfs::MemoSearch) (dead positions
//! remembered up to symmetry), with symmetries from
//! [`Group::preserving`](kongming_search::symmetry::Group::preserving)
//! and [`BitboardGroup`](kongming_search::symmetry::BitboardGroup). The
//! census is breadth-first, one sorted level of canonical forms at a time,
//! meeting in the middle (see [`Census`]).
//!
//! # Limits
//!
//! A board has at most [`MAX_HOLES`] (64) holes, [`MAX_ROWS`] rows and
//! [`MAX_COLUMNS`] columns; a larger board would need a wider bitboard.
//! The solver's memory grows by one table entry per position explored
//! (by [`Solver::fewest_moves`], per position stored): bound it with the
//! node limit of a [`Budget`]. A census stores eight bytes per position
//! up to symmetry, at most [`Census::with_limit`] positions (default
//! [`DEFAULT_LIMIT`]); past them it fails with
//! [`CensusError::TooManyPositions`].
//!
//! # Unsafe code
//!
//! One function uses `unsafe` (two 16-byte loads), and so does its call
//! (it is compiled for SSE2): on x86-64, the census takes the least of
//! a position's eight images with SSE2 instructions named explicitly
//! (the compiler emulates them with five instructions each otherwise; the
//! English winnable set runs 4 % fewer instructions). It is tested against
//! the portable minimum, also under Miri (`.ci/run` runs that test under
//! Miri when a nightly toolchain has it). Everything else is safe code.
//!
//! # Example
//!
//! ```
//! use kongming_peg_bitboard::{Board, Census, Goal, Proof, Solver, Verdict};
//!
//! // The 15-hole triangle with its top hole empty.
//! let board = Board::triangular(5)?;
//! let top = board.cell("c1")?;
//! let start = board.start(top)?;
//! let verdict = Solver::new(&start).goal(Goal::OnePegAt(top)).solve()?;
//! let solution = verdict.solution().ok_or("no solution")?;
//! assert_eq!(start.replay(solution.jumps())?, board.position(top.bit())?);
//!
//! // The European board cannot be solved from its centre: position classes.
//! let french = Board::european();
//! let start = french.start(french.cell("d4")?)?;
//! assert_eq!(Solver::new(&start).solve()?, Verdict::Impossible(Proof::Class));
//!
//! // Every game of the triangle from the top, counted.
//! let mut census = Census::new(&board.start(top)?).with_target(&board.position(top.bit())?)?;
//! assert_eq!(census.solutions()?.exact(), Some(6_816));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Crate features
//!
//! - `parallel` (off by default): a [`Census`] builds each large level
//!   of reachable positions on all cores with rayon. The counts are the
//!   same.
//! - `serde` (off by default): `Serialize` and `Deserialize` for boards
//!   and positions (as their layouts), puzzles and games (their goal and
//!   jumps as text, `"one peg at d4"`, `["d2-d4"]`, on the start's
//!   board; a game's jumps replayed as it is loaded), solutions (their
//!   start and their jumps in notation, replayed as they are loaded),
//!   standalone cells, jumps, goals and hints (a cell or jump with its
//!   board's fingerprint), verdicts and proofs, difficulties and
//!   ratings, level and solution counts, stages and progress reports,
//!   and the re-exported outcomes. Enums are spelled in snake_case.
/// The crate's guide: the model, the census, the solver, playing, the speed and the published figures the tests reproduce (`docs/peg-bitboard.md` of the kongming
/// repository).
#[doc = include_str!("../GUIDE.md")]
pub mod guide {}

mod board;
mod count;
mod hint;
mod jump_words;
mod lane_table;
mod layout;
mod levels;
mod moves;
mod pagoda;
mod play;
mod position;
mod radix;
mod relaxed;
#[cfg(feature = "serde")]
mod serial;
mod solution;
mod solve;
mod svg;
#[cfg(test)]
mod test_rules;
mod verdict;
mod window;
mod winnable_set;
mod work;

pub use board::{Board, Cell, Grid, Jump, LayoutError, MAX_COLUMNS, MAX_HOLES, MAX_ROWS};
pub use count::{Census, CensusError, DEFAULT_LIMIT, Games, LevelCounts, Stage};
pub use hint::Hint;
pub use kongming_search::control::{Budget, CancelFlag, Outcome, Progress, StopReason};
pub use kongming_search::play::{Check, Count, GenerateError, Grade, ParseGradeError};
pub use pagoda::{Pagoda, PagodaError};
pub use play::{
    Difficulty, GENERATOR_ATTEMPTS, GRADE_BANDS, Game, Generator, Lost, ParseGoalError, PlayError,
    Puzzle, Rating, grade_of_win_chance,
};
pub use position::{IllegalJump, MoveError, Position, PositionError, ReplayError};
pub use relaxed::{PegCount, Relaxation, RelaxationError};
pub use solve::{Goal, Proof, Solution, SolveError, Solver, Verdict};
pub use svg::Svg;
pub use winnable_set::{Built, WinnableSet};
