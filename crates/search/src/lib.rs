#![doc = include_str!("../README.md")]
//!
//! # The three parts
//!
//! - [`dfs`]: the backtracking engine. A [`dfs::Problem`] is mutated in place
//!   by moves; a [`dfs::Search`] explores it depth first on an explicit
//!   stack, lazily, within a [`dfs::Budget`], and reports an
//!   [`dfs::Outcome`] that tells a complete search from a stopped one. The
//!   tree can be split into subproblems, counted on all cores, and memoised
//!   by state key.
//! - [`csp`]: constraint satisfaction on that engine. A [`csp::Model`] of
//!   finite-domain variables and constraints (binary relations revised by
//!   AC-3 with residual supports, all-different with generalised arc
//!   consistency, linear sums on bounds, your own), solved by MAC search with
//!   trail-based undo, MRV or dom/wdeg, and an observer of every reduction.
//! - [`symmetry`]: permutation groups acting on states, for canonical forms
//!   (least images), orbits, and search up to symmetry.
//!
//! Everything is generic and monomorphised: no dynamic dispatch on the hot
//! paths except for user-defined constraints.
//!
//! # Crate features
//!
//! - `parallel` (off by default): count searches on all cores with rayon
//!   (`dfs::par_count`, `dfs::par_count_with_budget`, `dfs::par_count_auto`).
#![cfg_attr(docsrs, feature(doc_cfg))]

pub mod csp;
pub mod dfs;
pub mod symmetry;
