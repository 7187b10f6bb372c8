#![doc = include_str!("../README.md")]
//!
//! # Overview
//!
//! - [`Glyph`]s are digits and operators; a [`Style`] gives each its
//!   [`Segments`] (a `bitflags` set of stick slots). Operators are made of
//!   sticks too: `+` (two), `-` (one), `=` (two), `×` (two crossed), `÷`
//!   drawn as `/` (one). A stick taken from `=` leaves `-`; a stick added to
//!   `-` makes `+` or `=`.
//! - An [`Equation`] parses from text ([`Rules::parse`] or [`str::parse`]),
//!   prints back in the same [`Notation`] (read from the equation's text,
//!   whitespace around it ignored), and evaluates exactly however long its
//!   numbers ([`Equation::evaluate`]: checked `i128` arithmetic, big
//!   integers when a value leaves it; `*` and `/` before `+` and `-`).
//! - A [`Solver`] finds every [`Fix`] for a [`Change`] (move, remove or add
//!   *k* sticks, `1 ≤ k ≤` [`MAX_STICKS`]): the fixed equation, the glyphs
//!   changed, the sticks taken up and put down, and the stick moves
//!   ([`Fix::moves`], all of them with [`Fix::all_moves`]). Fixes are
//!   distinct equations.
//! - [`draw`] renders ASCII art and SVG, before and after, moved sticks
//!   marked.
//! - A [`Generator`] makes [`Puzzle`]s with exactly one fix, from a seed,
//!   with a [`Hint`] of the kind of move needed.
//!
//! # The rules
//!
//! Glyph positions are fixed: a digit stays a digit and an operator stays
//! an operator (a move cannot delete a glyph or create one). By default:
//! `6` has its top stick, `7` has three sticks, `9` has its bottom stick
//! ([`Style::default`]); a moved stick may be put down in any orientation
//! ([`Rules::keep_orientation`] to keep it); numbers of several digits
//! cannot start with `0` ([`Rules::leading_zeros`]); there is exactly one
//! `=` ([`Rules::multiple_equals`]). An equation is true when every side
//! has the same exact value; a division by zero makes it false.
//!
//! # Limits
//!
//! Equations have at most [`MAX_GLYPHS`] glyphs; numbers may have any
//! length within that, and every value is exact (machine integers while
//! they suffice, big integers past `i128`), so no true fix is ever lost to
//! overflow. A change of 0 sticks or of more than [`MAX_STICKS`] is refused
//! ([`SolveError`]). A [`Budget`] bounds a search.
//!
//! # Example
//!
//! ```
//! use kongming_sevenseg::{Change, Equation, Rules, Solver};
//!
//! let puzzle: Equation = "6+4=4".parse()?;
//! let rules = Rules::default().keep_orientation(true);
//! let fixes = Solver::new(Change::Move(1)).rules(rules).solve(&puzzle)?.into_fixes();
//! assert_eq!(fixes.len(), 1);
//! assert_eq!(fixes[0].to_string(), "8-4=4");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Crate features
//!
//! None: everything is always available.

pub mod draw;
mod equation;
mod exact;
mod generate;
mod glyph;
mod residue;
mod solve;

pub use equation::{
    Equation, EvalError, MAX_GLYPHS, Notation, ParseError, ParseErrorKind, Rules, Value,
};
pub use generate::{Generator, Puzzle};
pub use glyph::{Glyph, Op, Orientation, Segments, Style};
pub use kongming_search::dfs::{Budget, Outcome, Stats, StopReason};
pub use solve::{
    Change, ChangeParseError, Fix, GlyphChange, Hint, MAX_STICKS, Solutions, SolveError, Solver,
    Stick, StickMove,
};
