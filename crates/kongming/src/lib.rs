#![doc = include_str!("../README.md")]
//!
//! # Crate features
//!
//! Each library is behind a default-on feature of the same name:
//!
//! - `search`: [`search`], the core (backtracking engine, CSP, symmetry).
//! - `game24`: [`game24`], the 24 game (exact, every distinct solution).
//! - `sevenseg`: [`sevenseg`], matchstick equations on seven-segment glyphs.
//! - `peg-bitboard`: [`peg`], peg solitaire on any board (solve, prove
//!   impossible, count positions and solutions).
//! - `zebra-csp`: [`zebra`], logic-grid puzzles (solve, prove unique,
//!   explain step by step, generate).
//! - `magic-square`: [`magic`], magic squares (enumerate, count up to
//!   symmetry, complete, construct).
//! - `parallel` (off by default): counting on all cores with rayon.
#![cfg_attr(docsrs, feature(doc_cfg))]

/// The search core: [`kongming_search`].
#[cfg(feature = "search")]
#[doc(inline)]
pub use kongming_search as search;

/// Matchstick equations on seven-segment glyphs: [`kongming_sevenseg`].
#[cfg(feature = "sevenseg")]
#[doc(inline)]
pub use kongming_sevenseg as sevenseg;

/// The 24 game and its generalisation: [`kongming_game24`].
#[cfg(feature = "game24")]
#[doc(inline)]
pub use kongming_game24 as game24;

/// Peg solitaire on bitboards: [`kongming_peg_bitboard`].
#[cfg(feature = "peg-bitboard")]
#[doc(inline)]
pub use kongming_peg_bitboard as peg;

/// Logic-grid (zebra, Einstein) puzzles: [`kongming_zebra_csp`].
#[cfg(feature = "zebra-csp")]
#[doc(inline)]
pub use kongming_zebra_csp as zebra;

/// Magic squares: [`kongming_magic_square`].
#[cfg(feature = "magic-square")]
#[doc(inline)]
pub use kongming_magic_square as magic;
