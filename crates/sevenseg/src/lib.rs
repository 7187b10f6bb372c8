#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]
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
//!   distinct equations. [`Solver::fixes`] streams them lazily ([`Fixes`]);
//!   [`Solver::solve`] collects them ([`Solutions`]).
//! - A [`Clue`] says which glyph to look at: the glyph to change, and whether a
//!   stick leaves it, comes to it or moves inside it ([`Fault`]), without
//!   saying how; it is made from the fixes ([`Solutions::clue`],
//!   [`Puzzle::clue`]), so the glyph is always one that a fix changes
//!   (every fix, when one glyph is in all of them).
//! - A [`Difficulty`] rates an equation ([`Solver::rate`], a [`Rating`])
//!   by its *effort*: the near misses (false equations one change away)
//!   a player rejects before a fix, trying moves between digits, then
//!   through an operator, then inside a glyph ([`MoveKind`]); its
//!   [`Grade`] (the family's: easy, medium, hard, expert) is a band of
//!   the effort.
//! - [`draw`] renders ASCII art and SVG, before and after, moved sticks
//!   marked, or a clue's glyph highlighted ([`draw::svg_clue`]).
//! - A [`Generator`] makes [`Puzzle`]s with exactly one fix, each graded
//!   ([`Puzzle::difficulty`], [`Puzzle::grade`]), of one [`Grade`] if
//!   asked: one from a seed, or why there is none ([`Generator::generate`],
//!   a [`GenerateError`]); or lists of them ([`PuzzleList`]): all, lazily
//!   ([`Generator::puzzles`], a stream of [`Puzzles`]) or collected
//!   ([`Generator::all`]), or some drawn from a seed
//!   ([`Generator::generate_batch`]).
//! - Playing: [`Puzzle::check_answer`] judges a whole answer (a
//!   [`Check`]: solved, wrong with a [`Mistake`], or illegal with an
//!   [`IllegalAnswer`]); a [`Game`] is the puzzle played [`Step`] by step
//!   ([`Game::check`], [`Game::play`]: right, wrong with a [`WrongStep`],
//!   or an [`IllegalStep`]) with a [`Hint`] from any state the player
//!   reaches ([`Game::hint`]: the next step, or a step to take back).
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
//! overflow. A change of 0 sticks or of more than [`MAX_STICKS`] does not
//! parse ([`ChangeParseError`]) and is refused by the solver and the
//! generator ([`SolveError`]).
//!
//! # Bounding and following the work
//!
//! Long work follows the `kongming-search` control layer, re-exported
//! here: the [`Solver`] (fixes, neighbours, grades) and the [`Generator`] take a [`Budget`] (a node
//! limit, a time limit, a [`CancelFlag`]) through their `budget` setter
//! and a progress callback (receiving a [`Progress`]) through
//! `on_progress`; each setter's documentation says what a node is and
//! when progress is reported. Work stopped by its budget keeps what it
//! found and says so with an [`Outcome::Stopped`] and its [`StopReason`]:
//! a list of fixes or puzzles is known to be whole only with
//! [`Outcome::Complete`]. The clock is read only when a time limit is set.
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
//! - `serde` (off by default): `Serialize` and `Deserialize` for what a
//!   user would store or send. Values with a text form are stored as
//!   their text and read back through their parser, so a loaded value is
//!   checked: [`Equation`] (read back with leading zeros and several `=`
//!   allowed), [`Change`], [`Stick`], [`StickMove`], [`Step`],
//!   [`GlyphChange`]. Records: [`Rules`] and [`Style`]; [`Fix`],
//!   [`Puzzle`] (without its fix unless stored through
//!   [`Puzzle::with_answer`]; solved again as it loads), [`Game`] (the
//!   puzzle as given and the steps, played again as it loads), [`Clue`]
//!   and [`Difficulty`] (their parts checked against each other as they
//!   are loaded); in snake case, [`MoveKind`], [`Fault`], [`Grade`],
//!   [`Rating`], [`Hint`], [`Mistake`], [`IllegalAnswer`], [`WrongStep`],
//!   [`IllegalStep`], [`ParseErrorKind`] and [`Check`]; [`ParseError`]
//!   as its kind and its position counting from 1; [`Solutions`] and [`PuzzleList`] with their
//!   [`Outcome`] and [`Stats`];
//!   and, through the big-number crates' own serde support, [`Value`].

/// The crate's guide: the model, the rules, grading, generating and
/// playing, the speed and the published figures the tests reproduce
/// (`docs/sevenseg.md` of the kongming repository).
#[doc = include_str!("../GUIDE.md")]
pub mod guide {}

mod answer;
mod change;
mod clue;
pub mod draw;
mod equation;
mod exact;
mod fix;
mod game;
mod generate;
mod glyph;
mod grade;
mod kind;
mod lex;
mod progress;
mod puzzle;
mod residue;
mod search;
mod solve;
mod stick;
#[cfg(feature = "serde")]
mod stored;
#[cfg(feature = "serde")]
mod text;
mod verdict;

pub use answer::{IllegalAnswer, Mistake};
pub use change::{Change, ChangeParseError, MAX_STICKS};
pub use clue::{Clue, Fault};
pub use equation::{
    Equation, EvalError, MAX_GLYPHS, Notation, ParseError, ParseErrorKind, Rules, Value,
};
pub use fix::Fix;
pub use game::Game;
pub use generate::{Generator, Puzzles};
pub use glyph::{Glyph, Op, Orientation, Segments, Style};
pub use grade::{Difficulty, Rating};
pub use kind::MoveKind;
pub use kongming_search::control::{Budget, CancelFlag, Outcome, Progress, StopReason};
pub use kongming_search::dfs::Stats;
pub use kongming_search::play::{Check, GenerateError, Grade, ParseGradeError};
/// The exact numbers a [`Value`] is made of, from the `num-bigint` and
/// `num-rational` crates: re-exported so that their versions are the ones
/// this crate uses.
pub use num_bigint::BigInt;
/// See [`BigInt`].
pub use num_rational::BigRational;
pub use puzzle::{Puzzle, PuzzleList, PuzzleWithAnswer};
pub use solve::{Fixes, Solutions, SolveError, Solver};
pub use stick::{GlyphChange, Step, Stick, StickMove, StickParseError};
pub use verdict::{Hint, IllegalStep, WrongStep};
