#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]
//!
//! # Overview
//!
//! A [`Puzzle`] has `n` houses in a row (2 to [`MAX_POSITIONS`], 16) and
//! 1 to [`MAX_CATEGORIES`] (64) categories of `n` values each: every value
//! is in exactly one house and every house has one value of each category.
//! [`Clue`]s relate values (or fixed houses). The largest published puzzles
//! fit: BIG-Bench Extra Hard's zebra puzzles have up to 18 categories of 7
//! or 8 people.
//!
//! The puzzle is solved as a constraint satisfaction problem on the CSP of
//! `kongming-search`: one variable per value (its house), one all-different
//! per category (matching-based, so Hall sets are found), and one constraint
//! per clue that really propagates: binary relations between two values are
//! tabulated and revised by AC-3; clues with a fixed house or three terms
//! (between, either-or) are propagated to generalised arc consistency by
//! their own constraint. A clue's constraint also knows that its values of
//! one category are in different houses, so `A with B or C` with `A` and `B`
//! of one category propagates as `A = C`. Search is MAC with the dom/wdeg
//! variable order: a constraint that fails gains weight, and the search
//! branches first on the variables of the constraints that fail most, so a
//! contradiction in one corner of a puzzle is not found again for every
//! arrangement of the rest.
//!
//! - A [`Solver`] with [`SolveOptions`]: its [`Solutions`] one at a time
//!   (a lazy stream), a [`Count`] (the family's, from `kongming-search`), a [`Uniqueness`] proof (no solution,
//!   one, or two witnesses), an [`Explanation`], a [`Grade`], with
//!   [`SolveStats`] (case splits, backtracks); [`Puzzle::solve`],
//!   [`Puzzle::count`], [`Puzzle::uniqueness`], [`Puzzle::explain`] and
//!   [`Puzzle::grade`] for the unbounded defaults; [`Compiled`] builds and
//!   propagates a puzzle once for many solves.
//! - **Singleton arc consistency**, an option
//!   ([`SolveOptions::singleton_consistency`]): at every node, each value of
//!   each variable is tried on a copy of the search state
//!   (`Mac::clone` + `Mac::assign`); the values whose propagation fails are
//!   removed (`Mac::exclude`). Einstein's puzzle needs no case split with
//!   plain propagation; the 1962 Life puzzle needs none once this is on.
//! - [`Puzzle::explain`]: a step-by-step deduction in plain English built
//!   from the solver's observer (every domain reduction with the constraint
//!   that caused it): each [`Step`] names the clue or category used and what
//!   it rules out; singleton refutations show their chain of reasoning;
//!   case splits are marked `CASE SPLIT`.
//! - [`Generator`]: seeded, deterministic puzzles with exactly one solution
//!   and no redundant clue, graded by [`Difficulty`], of the [`Grade`] asked
//!   for, in a bounded number of bounded searches, one at a time
//!   ([`Generator::generate`] gives the [`Generated`] puzzle or a
//!   [`GenerateError`], never a half-made puzzle) or as a lazy [`Batch`]
//!   stream of a range of seeds. Every size from 2×1 to 16×32 (houses ×
//!   categories) is supported; the work per puzzle is at most
//!   `(10·houses·categories + 1) × 1,000 + 200,000` case splits plus the
//!   grade's search. Measured in a release build (seeds 0 to 29 per
//!   size, a shared two-core machine), medians and maxima: 5×5 1 ms and
//!   2 ms, 8×8 30 ms and 0.1 s, 10×10 0.2 s and 0.7 s, 12×12 1.8 s and
//!   29 s, 16×16 17 s and 43 s; with 18 categories (the most in
//!   BIG-Bench Extra Hard's puzzles), 7×18 0.15 s and 0.33 s, 8×18 0.36 s
//!   and 2.6 s; 16×32 (seeds 0 to 2) 43 s to 3 minutes. Up to 10×10 and at
//!   7×18 and 8×18 no clue was left undecided ([`Generated::undecided`]);
//!   from 12×12 on some puzzles (most at 16×16, all at 16×32) keep clues
//!   whose redundancy was too costly to settle.
//! - [`Marks`], the player's grid (unknown, yes or no for each value and
//!   house, with a text form), and [`Puzzle::hint`]: the next [`Hint`]
//!   from it, the first step the explainer takes from the marks (or which
//!   mark is wrong, or solved), in the clue's words
//!   ([`EnglishPuzzle::hint`](english::EnglishPuzzle::hint): in the
//!   puzzle's own). [`Solution::to_svg`] and [`Marks::to_svg`] draw the
//!   grid (the latter as a logic grid: circles and crosses).
//!   [`Difficulty`] says what each grade measures.
//! - [`Game`]: the way to play. The puzzle as given and the player's
//!   marks; [`Game::check`] judges a [`MarkMove`] ([`Check`]: right,
//!   solved, [`WrongMark`], [`IllegalMark`]), [`Game::play`] makes it,
//!   [`Game::hint`] gives the next step from any marks, mistakes included,
//!   and [`Puzzle::mistakes`] lists the marks that contradict the solution.
//! - [`einstein`] and [`life`]: the classic puzzles, built in.
//!
//! # Houses, categories, values
//!
//! A [`House`] is a type of its own with two explicit numberings:
//! [`House::number`] counts from 1 (the leftmost house is house 1), as the
//! text format, [`Display`](std::fmt::Display), every message and the
//! serialized forms do; [`House::index`] counts from 0, to index slices.
//! [`Category`] and [`Item`] (a value of a category) are indices of their
//! own, so no house is taken for a value nor a number for an index.
//!
//! # Bounding, stopping, observing
//!
//! Every long operation takes the family's control layer (re-exported
//! here from `kongming-search`): [`Solver::budget`] and
//! [`Generator::budget`] take a [`Budget`] (a node limit, a time limit, a
//! [`CancelFlag`]; a node is a case split), [`Solver::on_progress`] and
//! [`Generator::on_progress`] a callback receiving [`Progress`] reports.
//! The clock is read only when a time limit is set. A stopped operation
//! says so ([`Outcome`], [`StopReason`]: [`Uniqueness::Stopped`],
//! [`Count::outcome`], [`Solutions::outcome`], [`Explanation::outcome`],
//! [`Rating::Stopped`], [`GenerateError::Stopped`], [`Batch::outcome`],
//! [`HintKind::Stopped`]) and keeps what it found, except the generator,
//! which gives no half-made puzzle; nothing cut short is reported as a
//! proof.
//!
//! # The text format
//!
//! ```text
//! # A comment runs from '#' to the end of the line.
//! nationality: Brit Swede Dane        # a category: 'name: value value ...'
//! drink: tea coffee milk              # (values split by spaces or commas)
//!
//! Brit = tea                          # then one clue per line
//! Swede left-of milk
//! ```
//!
//! Categories come first, then clues. Names are single words (1 to 64
//! bytes), not numbers, not keywords, all distinct (across categories too).
//! A name may hold letters, marks, digits, punctuation and symbols of any
//! script, but no character that is invisible or controls text: no control
//! or format character (zero-width space and joiners, direction marks, soft
//! hyphen, byte order mark, tags), no other invisible one (variation
//! selectors, Hangul fillers, the combining grapheme joiner), no whitespace
//! or separator, no private-use or unassigned code point, no combining mark
//! first, and no `#`, `:` or `,` ([`PuzzleError::BadCharacter`] gives the
//! character and its byte offset). Names are compared in Unicode
//! Normalization Form C: `café` with a precomposed `é` and with `e` plus a
//! combining accent are one name (a second definition is a duplicate, and a
//! clue may spell it either way). Houses are numbered from 1 (left). A term
//! `A`, `B`, `C` is a value's name or a house number.
//!
//! | clue | meaning |
//! |---|---|
//! | `A = B` | same house |
//! | `A != B` | not the same house |
//! | `A at 3` / `A not-at 3` | in house 3 / not in house 3 |
//! | `A left-of B` / `A right-of B` | immediately left / right of B |
//! | `A somewhere-left-of B` / `A somewhere-right-of B` | anywhere left / right of B |
//! | `A next-to B` / `A not-next-to B` | neighbours / not neighbours |
//! | `A distance 2 from B` | exactly 2 houses apart |
//! | `A between B and C` | strictly between B and C (either order) |
//! | `A not-between B and C` | not strictly between B and C (either order) |
//! | `A with B or C` | in the house of B or of C (or both) |
//! | `A or B next-to C` (any of `left-of`, `right-of`, `somewhere-left-of`, `somewhere-right-of`, `next-to`) | A or B (or both) so placed with respect to C |
//! | `A or B at 1 or 5` | A or B (or both) in house 1 or house 5 |
//!
//! Two values of one category are never in the same house, so a clue
//! between them keeps that meaning: `A != B` always holds (it is kept and
//! changes nothing); `A left-of B`, `A next-to B`, `A between B and C`, …
//! order them as usual; `A with B or C` with `A` and `B` of one category says
//! `A = C`. A clue that no grid satisfies is refused
//! ([`PuzzleError::NeverHolds`], naming the category when that is why):
//! `A = B` or `A with B or C` all of one category, `A left-of 1`,
//! `A between 2 and 3`, `A not-next-to B` of one category in a row of two.
//! Clues that are each possible but contradict each other make a puzzle
//! without solution, not an error.
//!
//! [`Puzzle`]'s `Display` writes this format back (`A = 3` is written
//! `A at 3`); parsing it gives an equal puzzle. Errors ([`ParseError`]) give
//! the line and what is wrong: an unknown value, a name used twice, a clue
//! about one value with itself, a house outside the row, a clue that can
//! never hold, ….
//!
//! Limits (so no input can take unbounded memory or time to parse):
//! [`MAX_POSITIONS`] houses, [`MAX_CATEGORIES`] categories, [`MAX_CLUES`]
//! clues, [`MAX_NAME_LEN`] bytes per name. Solving is exponential in the
//! worst case; bound it with [`Solver::budget`].
//!
//! # Example
//!
//! ```
//! use std::time::Duration;
//! use kongming_zebra_csp::{Budget, Outcome, Puzzle, Solver, Uniqueness};
//!
//! let puzzle: Puzzle = "\
//! pet: cat dog fox
//! drink: tea milk water
//! cat left-of milk
//! fox at 3
//! dog with tea or water
//! water next-to fox
//! ".parse()?;
//! let budget = Budget::unlimited().with_time_limit(Duration::from_secs(10));
//! let mut solver = Solver::new(&puzzle).budget(budget);
//! let Uniqueness::Unique(solution) = solver.uniqueness() else {
//!     panic!("one solution expected");
//! };
//! let cat = puzzle.item("cat").ok_or("no cat")?;
//! assert_eq!(solution.house_of(cat).number(), 2);
//! let (drink, first) = (puzzle.category("drink").ok_or("no drink")?, puzzle.house(1).ok_or("no house 1")?);
//! assert_eq!(puzzle.value_name(solution.value_at(drink, first)), "tea");
//! assert_eq!(solver.outcome(), Some(Outcome::Complete));
//! println!("{solution}");
//! println!("{}", puzzle.explain());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Crate features
//!
//! - `serde` (off by default): `Serialize` and `Deserialize` for the
//!   values a user would store or send. A [`Puzzle`] is stored as its
//!   text, read back through [`FromStr`](std::str::FromStr) (so loading
//!   checks it). [`Solution`] (the names and the house numbers of each
//!   category; loading checks every row is a permutation),
//!   [`Generated`] (without its solution unless
//!   [`Generated::with_answer`] is stored; loading solves the puzzle
//!   again, or checks the stored solution is the puzzle's), [`Game`] (the
//!   puzzle's text and the marks' text, never the solution), [`Explanation`]
//!   (loading checks every step fits the puzzle), and [`Clue`], [`Term`],
//!   [`Item`] (`{"category":1,"value":4}`), [`House`] and [`Category`]
//!   (by their numbers from 1), [`Step`], [`Reason`], [`Change`],
//!   [`Difficulty`] (`{"singleton":{"removals":2}}`), [`Rating`],
//!   [`Grade`], [`Stage`], [`Uniqueness`], [`Count`], [`Mark`],
//!   [`MarkMove`], [`WrongMark`], [`IllegalMark`], [`Hint`], [`HintKind`],
//!   [`Marks`] (its puzzle's names and its text form, read back with
//!   [`Marks::parse`]'s checks), [`SolveStats`], [`SolveOptions`] are
//!   structured; every enum is written in snake case. Turns on the serde
//!   feature of `kongming-search` ([`Outcome`], [`StopReason`],
//!   [`Progress`]).
//!
//! The crate depends on `kongming-search` (CSP, control layer), `rand` and
//! `rand_chacha` (the generator), `unicode-properties` and
//! `unicode-normalization` (the rules for names).

/// The crate's guide: the model, how a puzzle is read from English, grading, generating and playing, the speed and the published figures the tests reproduce (`docs/zebra-csp.md` of the kongming
/// repository).
#[doc = include_str!("../GUIDE.md")]
pub mod guide {}

mod answers;
mod batch;
mod builtin;
mod clue;
mod draw;
mod effort;
pub mod english;
mod explain;
mod feasible;
mod game;
mod generate;
mod grade;
mod hint;
mod house;
mod marks;
mod names;
mod network;
mod probe;
mod puzzle;
#[cfg(feature = "serde")]
mod serial;
mod solution;
mod solve;
mod svg;
mod text;

pub use answers::{SolveStats, Uniqueness};
pub use batch::Batch;
pub use builtin::{EINSTEIN, LIFE, einstein, life};
pub use clue::{Clue, Side, Term};
pub use explain::{Change, Explanation, Reason, Step};
pub use game::{GAME_SPLITS, Game, GameError, IllegalMark, MarkMove, WrongMark};
pub use generate::{GRADE_ATTEMPTS, Generated, Generator, Stage, WithAnswer};
pub use grade::{Difficulty, EXPERT_REMOVALS, Grade, HARD_REMOVALS, ParseGradeError, Rating};
pub use hint::{Hint, HintKind};
pub use house::{Category, House, Item};
pub use kongming_search::control::{Budget, CancelFlag, Outcome, Progress, StopReason};
pub use kongming_search::play::{Check, Count, GenerateError};
pub use marks::{Mark, Marks, MarksError, MarksErrorKind};
pub use puzzle::{
    MAX_CATEGORIES, MAX_CLUES, MAX_NAME_LEN, MAX_POSITIONS, MIN_POSITIONS, Puzzle, PuzzleError,
};
pub use solution::Solution;
pub use solve::{Compiled, Solutions, SolveOptions, Solver};
pub use text::ParseError;
