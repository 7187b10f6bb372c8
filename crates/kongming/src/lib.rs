#![doc = include_str!("../README.md")]
//!
//! # Crate features
//!
//! Each library is behind a default-on feature of the same name:
//!
//! - `search`: [`search`], the core (backtracking engine, CSP, symmetry).
//! - `sevenseg`: [`sevenseg`], matchstick equations on seven-segment glyphs.
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
