#![doc = include_str!("../README.md")]
//!
//! # Overview
//!
//! - [`Square`]: a grid of numbers with [`FromStr`](std::str::FromStr) and
//!   [`Display`](std::fmt::Display), [`Square::check`] (which line fails),
//!   [`Square::symmetries`] and [`Square::frenicle`] (the standard form).
//! - [`Kind`]: semi-magic, magic, pandiagonal, associative, ultramagic.
//! - [`Enumeration`]: lazy enumeration ([`Enumeration::squares`], a
//!   [`Squares`] iterator) and counts ([`Enumeration::count`], a [`Count`]
//!   with its [`Outcome`]; up to symmetry with
//!   [`Enumeration::up_to_symmetry`], slices with
//!   [`Enumeration::with_centre`], part by part with
//!   [`Enumeration::count_in_parts`]), all bounded by one [`Budget`]
//!   ([`Enumeration::budget`]) and observed by one progress callback
//!   ([`Enumeration::on_progress`], reports of a [`Stage`]); its search is
//!   a kongming-search dfs [`Problem`](kongming_search::dfs::Problem),
//!   [`SquareProblem`].
//!   The normal squares of order 4 are counted and listed by a specialised
//!   enumerator, the normal magic squares of order 5 are counted by a
//!   specialised counter (the diagonals, then two frames joined by their
//!   sets of numbers), and order-5 counts of associative squares search
//!   one square per orbit of a group of 32 transformations.
//! - [`Completion`]: the completions of a [`PartialSquare`] by CSP, lazily,
//!   with the same [`budget`](Completion::budget) and
//!   [`on_progress`](Completion::on_progress).
//! - [`construct()`] and [`construct_pandiagonal`]: one square of a given
//!   order, directly.
//! - Play: [`PuzzleGenerator`] makes completion puzzles ([`Puzzle`]: a grid
//!   with exactly one completion, counted by [`Completion::uniqueness`]),
//!   graded by how many cells are given and how much search completes
//!   them ([`Difficulty`], [`Grade`]); [`Hinter`] gives the next cell to
//!   fill and why ([`Advice`], [`Hint`], [`Reason`]), never towards a dead
//!   end; [`Square::to_svg`] and [`PartialSquare::to_svg`] draw the grid.
//!
//! # Example
//!
//! ```
//! use kongming_magic_square::{Enumeration, Kind};
//!
//! // Pandiagonal squares of order 4: 384 in all, 48 up to symmetry.
//! let pandiagonal = Enumeration::new(4, Kind::PANDIAGONAL)?;
//! assert_eq!(pandiagonal.count().exact(), Some(384));
//! let basic: Vec<_> = pandiagonal.up_to_symmetry()?.squares().collect();
//! assert_eq!(basic.len(), 48);
//! assert!(basic.iter().all(|s| s.is(Kind::PANDIAGONAL) && s.is_frenicle()));
//! # Ok::<(), kongming_magic_square::EnumerationError>(())
//! ```
//!
//! # Play
//!
//! ```
//! use kongming_magic_square::{Advice, Grade, Hinter, Kind, PuzzleGenerator};
//!
//! let puzzle = PuzzleGenerator::new(4, Kind::MAGIC)?.grade(Grade::Hard).generate(1).puzzle.unwrap();
//! assert_eq!(puzzle.grade(), Grade::Hard);
//! let mut grid = puzzle.grid().clone();
//! let mut hinter = Hinter::new(Kind::MAGIC);
//! while let Advice::Fill(hint) = hinter.hint(&grid)? {
//!     assert_eq!(puzzle.solution().get(hint.row, hint.col), Some(hint.value));
//!     hint.apply(&mut grid);
//! }
//! assert!(puzzle.grid().to_svg().starts_with("<svg"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Crate features
//!
//! - `parallel` (off by default): `Enumeration::par_count`, and
//!   [`Enumeration::count_in_parts`] on all cores, with rayon (through
//!   kongming-search's `parallel` feature).
//! - `serde` (off by default): `Serialize` and `Deserialize` for
//!   [`Square`], [`PartialSquare`], [`Kind`] and [`Grade`] (as their text
//!   forms, checked by [`FromStr`](std::str::FromStr) as they are read
//!   back), [`Count`] and [`Stage`] (so [`Progress`] reports too), with the
//!   core's outcomes and statistics; [`Puzzle`] (checked as it is loaded:
//!   the solution matches the grid and is of the kind), [`Difficulty`],
//!   [`Hint`], [`Advice`], [`Line`] and [`CheckError`] (derived).
#![cfg_attr(docsrs, feature(doc_cfg))]

mod complete;
mod construct;
mod control;
mod count;
mod enumerate;
mod gauss;
mod hint;
mod kind;
mod order4;
mod order5;
mod parts;
mod puzzle;
mod square;
mod svg;
#[cfg(feature = "serde")]
mod text_serde;

pub use complete::Completion;
pub use construct::{ConstructError, construct, construct_pandiagonal};
pub use control::Stage;
pub use count::Count;
pub use enumerate::{Enumeration, EnumerationError, MAX_SEARCH_ORDER, SquareProblem, Squares};
pub use hint::{Advice, DeadEnd, Equation, Hint, Hinter, Misfit, Reason, RuledOut, Term};
pub use kind::{Kind, ParseKindError};
pub use kongming_search::control::{Budget, CancelFlag, Outcome, Progress, StopReason};
pub use kongming_search::dfs::Stats;
pub use kongming_search::symmetry::SquareSymmetry;
pub use puzzle::{
    Difficulty, Generation, Grade, MAX_ATTEMPTS, ParseGradeError, Puzzle, PuzzleError,
    PuzzleGenerator, Puzzles, Uniqueness,
};
pub use square::{
    CheckError, Line, MAX_ORDER, ParseSquareError, PartialSquare, Square, magic_constant,
};
