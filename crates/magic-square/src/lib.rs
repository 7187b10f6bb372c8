#![doc = include_str!("../README.md")]
//!
//! # Overview
//!
//! - [`Square`]: a grid of numbers with [`FromStr`](std::str::FromStr) and
//!   [`Display`](std::fmt::Display), [`Square::check`] (which line fails),
//!   [`Square::symmetries`] and [`Square::frenicle`] (the standard form).
//! - [`Kind`]: semi-magic, magic, pandiagonal, associative, ultramagic.
//! - [`Enumeration`]: lazy enumeration ([`Enumeration::squares`], a
//!   [`Squares`] iterator) and counts ([`Enumeration::count`], the
//!   family's [`Count`] with its [`Outcome`]; the statistics with
//!   [`Enumeration::count_with_stats`]; up to symmetry with
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
//! - [`Completion`]: the completions of a [`PartialSquare`] by CSP, lazily
//!   ([`Completion::completions`], a [`Completions`] iterator), counted
//!   ([`Completion::count`]) or read up to two ([`Completion::uniqueness`]),
//!   with the same [`budget`](Completion::budget) and
//!   [`on_progress`](Completion::on_progress).
//! - [`construct()`] and [`construct_pandiagonal`]: one square of a given
//!   order, directly.
//! - Play: [`Generator`] makes completion puzzles of a chosen [`Grade`]
//!   ([`Puzzle`]: a grid with exactly one completion, counted by
//!   [`Completion::uniqueness`]), graded by how many cells are given and
//!   how much search completes them ([`Difficulty`]); a [`Game`] is a
//!   puzzle and the player's grid: it judges a [`Fill`] ([`Game::check`],
//!   a [`Check`] of a [`Mistake`] or an [`IllegalFill`]), records it
//!   ([`Game::play`]) and gives a [`Hint`] from any grid the player
//!   reaches ([`Game::hint`]: take back a mistake, or the next [`Step`]
//!   and its [`Reason`]); [`Hinter`] is the hint engine for any grid;
//!   [`Square::to_svg`] and [`PartialSquare::to_svg`] draw the grid.
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
//! use kongming_magic_square::{Check, Game, Generator, Grade, Hint, Kind};
//!
//! let puzzle = Generator::new(4, Kind::MAGIC)?.grade(Grade::Hard).generate(1)?;
//! assert_eq!(puzzle.grade(), Grade::Hard);
//! let mut game = Game::new(puzzle);
//! while let Hint::Next(step) = game.hint() {
//!     println!("{step}"); // "Row 2 has one blank, (2, 3): it must be 1 so that …"
//!     assert!(matches!(game.play(step.fill), Check::Right | Check::Solved));
//! }
//! assert!(game.is_solved());
//! assert!(game.grid().to_svg().starts_with("<svg"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Crate features
//!
//! - `parallel` (off by default): `Enumeration::par_count`, and
//!   [`Enumeration::count_in_parts`] on all cores, with rayon (through
//!   kongming-search's `parallel` feature).
//! - `serde` (off by default): `Serialize` and `Deserialize` for
//!   [`Square`], [`PartialSquare`], [`Kind`], [`Line`] and [`Grade`] (as
//!   their text forms, checked by [`FromStr`](std::str::FromStr) as they are read
//!   back), [`Count`] and [`Stage`] (so [`Progress`] reports too), with the
//!   core's outcomes and statistics; [`Puzzle`] (without its answer, which
//!   is worked out again as it is loaded, unless saved with
//!   `Puzzle::with_answer`), [`Game`] (the puzzle as given and the
//!   player's grid, checked as it is loaded), [`Difficulty`], [`Cell`]
//!   (counted from 1), [`Fill`], [`Hint`], [`Step`], [`Mistake`],
//!   [`IllegalFill`] and [`CheckError`] (derived; enums in `snake_case`;
//!   rows and columns counted from 1).
#![cfg_attr(docsrs, feature(doc_cfg))]

/// The crate's guide: the model, the kinds and orders, counting, puzzles and playing, the speed and the published figures the tests reproduce (`docs/magic-square.md` of the kongming
/// repository).
#[doc = include_str!("../GUIDE.md")]
pub mod guide {}

mod complete;
mod construct;
mod control;
mod count;
mod enumerate;
mod game;
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

pub use complete::{Completion, Completions};
pub use construct::{ConstructError, construct, construct_pandiagonal};
pub use control::Stage;
pub use enumerate::{Enumeration, EnumerationError, MAX_SEARCH_ORDER, SquareProblem, Squares};
pub use game::{Cell, Fill, Game, GameError, IllegalFill, Mistake};
pub use hint::{DeadEnd, Equation, Hint, Hinter, Misfit, Reason, RuledOut, Step, Term};
pub use kind::{Kind, ParseKindError};
pub use kongming_search::control::{Budget, CancelFlag, Outcome, Progress, StopReason};
pub use kongming_search::dfs::Stats;
pub use kongming_search::play::{Check, Count, GenerateError};
pub use kongming_search::symmetry::SquareSymmetry;
pub use puzzle::{
    Difficulty, Generator, Grade, MAX_ATTEMPTS, ParseGradeError, Puzzle, PuzzleError, Puzzles,
    Uniqueness,
};
#[cfg(feature = "serde")]
pub use puzzle::{MAX_LOAD_NODES, WithAnswer};
pub use square::{
    CheckError, Line, MAX_ORDER, ParseLineError, ParseSquareError, PartialSquare, Square,
    magic_constant,
};
