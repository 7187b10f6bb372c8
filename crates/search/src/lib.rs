#![doc = include_str!("../README.md")]
//!
//! # The parts
//!
//! - [`control`]: how long work is bounded, stopped and observed, the same in
//!   every kongming crate: a [`control::Budget`] (nodes, time, a cancel
//!   flag), the [`control::Outcome`] that tells complete work from stopped
//!   work, and the [`control::Progress`] reports a callback receives.
//! - [`dfs`]: the backtracking engine. A [`dfs::Problem`] is mutated in place
//!   by moves; a [`dfs::Search`] explores it depth first on an explicit
//!   stack, lazily, within a budget, and reports an outcome that tells a
//!   complete search from a stopped one. The
//!   tree can be split into subproblems, counted on all cores, and memoised
//!   by state key.
//! - [`csp`]: constraint satisfaction on that engine. A [`csp::Model`] of
//!   finite-domain variables and constraints (binary relations revised by
//!   AC-3 with residual supports, all-different with generalised arc
//!   consistency, linear sums on bounds, your own), solved by MAC search with
//!   trail-based undo, MRV or dom/wdeg, and an observer of every reduction.
//! - [`symmetry`]: permutation groups acting on states, for canonical forms
//!   (least images), orbits, and search up to symmetry.
//! - [`play`]: the words every puzzle crate plays in: a [`play::Grade`]
//!   (easy, medium, hard, expert), the [`play::Check`] of a player's move
//!   or answer, why a generator gave no puzzle ([`play::GenerateError`]),
//!   and a [`play::Count`] that says whether it is exact.
//!
//! Everything is generic and monomorphised: no dynamic dispatch on the hot
//! paths except for user-defined constraints.
//!
//! # Crate features
//!
//! - `parallel` (off by default): count searches on all cores with rayon
//!   (`dfs::par_count`, `dfs::par_count_auto`, `dfs::ParCount`).
//! - `serde` (off by default): `Serialize` and `Deserialize` for outcomes,
//!   stop reasons, progress reports, statistics, count reports and
//!   permutations (a permutation as its list of images, checked when read).
#![cfg_attr(docsrs, feature(doc_cfg))]

/// The crate's guide: the workspace, the core, and the conventions every crate of the family follows (`docs/architecture.md` of the kongming
/// repository).
#[doc = include_str!("../GUIDE.md")]
pub mod guide {}

pub mod control;
pub mod csp;
pub mod dfs;
pub mod play;
pub mod symmetry;
