#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]
//!
//! # Overview
//!
//! - [`Game`]: a hand (any count of numbers up to [`MAX_NUMBERS`], each an
//!   integer or a fraction), a rational target, the [`Ops`] allowed.
//!   [`Game::solvable`] (yes/no), [`Game::solve`] (one solution),
//!   [`Game::iter_solutions`] (every distinct solution, lazily: a
//!   [`Solutions`] stream) and [`Game::solutions`] (the same, collected).
//!   The free functions [`solvable`], [`solutions`] and [`check()`] do the
//!   same for a hand of integers.
//! - Play: a [`Game`] keeps the hand as given ([`Game::hand`]) and the
//!   player's [`Step`]s (`8/3`); [`Game::check`] judges a step (a
//!   [`Check`]: right, solved, wrong because it leads to a [`DeadEnd`],
//!   or illegal with a [`StepError`]), [`Game::play`] records it,
//!   [`Game::undo`] takes it back; [`Game::check_answer`] judges a whole
//!   answer ([`AnswerMistake`], [`IllegalAnswer`]); [`Game::hint`] is the
//!   hint button from any state (a [`Hint`]: the next step, `Solved`,
//!   `Undo` for the step that lost, `DeadEnd`, `Stopped`);
//!   [`Game::difficulty`] is a [`Difficulty`] with a predicted share of
//!   players who solve the hand, calibrated against the players of
//!   4nums.com, and its [`Grade`] (easy, medium, hard, expert);
//!   [`Generator`] deals a seeded hand of the grade asked for;
//!   [`CountdownGenerator`] deals a seeded game under any [`Rules`] (the
//!   24 game's, Countdown's six tiles and three-digit targets, or your
//!   own [`Deal`]), solvable or not, of the grade asked for, as an
//!   [`Instance`] with its distinct solutions counted, its grade
//!   ([`Difficulty`] for the 24 game, [`Effort`] for Countdown) and, with
//!   no solution, its [`Closest`] value;
//!   [`Game::to_svg`] and [`Expr::to_svg`] draw a game and a solution.
//!
//! ```
//! use kongming_game24::{Check, Generator, Grade, Hint};
//!
//! let mut game = Generator::new(4, 1..=13, 24)?.grade(Grade::Medium).generate(42)?;
//! println!("make 24 from {game}");
//! while let Hint::Next { step, .. } = game.hint()? {
//!     assert!(matches!(game.play(step), Check::Right | Check::Solved));
//! }
//! assert!(game.is_solved());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//! - [`Solver`]: one target, many hands. It keeps what sub-hands of two and
//!   three numbers can make and shares it between hands (a [`Game`]'s
//!   yes/no and list go through a solver its thread keeps, so a game per
//!   hand shares them too). It
//!   takes a [`Budget`] and a progress callback ([`Solver::budget`],
//!   [`Solver::on_progress`]) and answers yes/no with a [`Verdict`]
//!   (`Solvable`, `Unsolvable`, or `Stopped` before it knew).
//! - [`Expr`]: expression trees over [`Rational`] numbers, evaluated
//!   exactly (big integers past `i64`), printed with minimal parentheses in
//!   ASCII (`{}`) or Unicode (`{:#}`), parsed back with [`FromStr`](std::str::FromStr).
//! - [`Canonical`]: the canonical form that decides when two solutions
//!   are the same; [`Equivalence`] chooses a finer rule.
//! - Surveys: [`hands`] enumerates every hand of a size from a range; a
//!   [`Survey`] adds them up through one [`Solver`] ([`Survey::solvable`],
//!   [`Survey::solutions`] with a per-hand callback), under one budget and
//!   with a progress callback; [`survey_solvable`] and [`survey_solutions`]
//!   are the same without limits.
//!
//! # Budgets, stops and progress
//!
//! Long work takes a [`Budget`] (a node limit, a time limit, a
//! [`CancelFlag`] another thread may raise) and a progress callback
//! through the setters `budget` and `on_progress` of the value that runs
//! it: a [`Solutions`] stream, a [`Solver`], a [`Survey`]. Each documents
//! what a node is. Answers say how the work ended: [`Verdict::Stopped`],
//! [`Solutions::outcome`], [`Tally::outcome`]; what was found before a stop
//! stays valid, and nothing cut short is reported as complete. The plain
//! calls of [`Game`] and the free functions run without limits.
//!
//! ```
//! use std::time::Duration;
//! use kongming_game24::{Budget, Game, Outcome, StopReason};
//!
//! let game: Game = "1 2 3 4 5 6 7".parse()?;
//! let mut stream = game
//!     .iter_solutions()?
//!     .budget(Budget::unlimited().with_time_limit(Duration::from_millis(20)));
//! let found = stream.by_ref().count();
//! println!("{found} solutions in 20 ms, and more to find");
//! assert_eq!(stream.outcome(), Some(Outcome::Stopped(StopReason::TimeLimit)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The examples `solve` (`cargo run --release -p kongming-game24 --example
//! solve -- 3 3 8 8`, with `--target T` for another target) and
//! `all_hands` (every hand from 1..13, ending with `1362 of 1820 hands
//! solvable, 3017 distinct solutions`) show them at work.
//!
//! # Example
//!
//! ```
//! use kongming_game24::{Game, Rational};
//!
//! let game: Game = "4 4 10 10".parse()?;
//! let all = game.solutions()?;
//! assert_eq!(all.len(), 1);
//! assert_eq!(all[0].to_string(), "(10*10-4)/4");
//! assert_eq!(format!("{:#}", all[0]), "(10×10-4)÷4");
//!
//! // Any target, fractions welcome.
//! let game = Game::new(&[Rational::new(1, 2), Rational::from_integer(3)], 6)?;
//! assert_eq!(game.solve()?.expect("3/(1/2)").to_string(), "3/[1/2]");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Distinct solutions
//!
//! Two solutions over the same numbers are the same when their
//! [`Canonical`] forms are equal. The rules are defined for every hand
//! (zeros, ones, negative numbers, fractions) and every target; for four
//! numbers from 1..13 and the target 24 they are the rules behind the
//! 4nums.com lists, which they reproduce exactly: for each of the 1362
//! hands that make 24 as many distinct solutions as the list (3017 in
//! all), every listed one equivalent to one of them (`tests/fournums.rs`
//! checks every hand). [`Equivalence::Structural`] lists every
//! structurally different expression instead.
//!
//! First the expression is **flattened**, which does not depend on how it
//! is grouped:
//!
//! 1. **Sums are flattened.** `+` and `-` chains, however parenthesised,
//!    become one list of added and subtracted terms, in no particular
//!    order: `(3+2+1)*4` = `4*(1+(2+3))`; `a-(b-c)` = `a-b+c` = `a+c-b`.
//! 2. **Products are flattened** the same way with `*` and `/`:
//!    `12*4/2` = `12/2*4` = `4/(2/12)`, `1/(2*(3/2))` = `1/2/(3/2)`.
//! 3. **Signs come out**, of the numbers and of sums worth less than zero:
//!    `(1-13)*(1-3)` = `(13-1)*(3-1)`, and with the hand -3 8 -8 3,
//!    `8/(3-[-8]/[-3])` = `[-8]/([-3]+8/3)` = `8/([-8]/3-[-3])`.
//!
//! Then **idle parts**, which do nothing, are taken out into one pool for
//! the whole expression: all of them are alike wherever they sat.
//!
//! 4. **A factor worth 1** (multiplied or divided): `*1`, `/1`, `*(2-1)`:
//!    `(11*1+13)*(1/1)` = `(13+11)*1*1*1`, `(2-1)*11+13` = `(13+11)*(2-1)`.
//! 5. **A term worth 0** (added or subtracted): `6*4+0` = `(6+0)*4` =
//!    `6*4-0`.
//! 6. **A pair that cancels**, `x-x` in a sum or `x/x` in a product:
//!    `4*6*7/7` = `4*6+7-7` = `(4+7-7)*6`, and `8*3+1-1` = `8*3*1*1`.
//! 7. **A zero factor absorbs**: a product with a multiplied factor worth
//!    0 is worth 0 whatever else it holds, so it is a term worth 0 (idle
//!    in a sum), its zero factors are idle parts, and so are the numbers
//!    of its other factors: `(3-2-1)*4` = `(3-2-1)/4`, `0*(5+7)` =
//!    `0*5*7`, `6*4+0*0` = `6*4+0+0`.
//! 8. **A 1 or 0 made of idle parts is any such 1 or 0**: a sum or
//!    product left with nothing is worth 0 or 1 (the parts are in the
//!    pool), a 1 of the hand used as a term counts as one, and a whole
//!    worth 0 (or 1) is itself an idle term (factor):
//!    `13+10+1*1` = `(13+10+1)*1`; `0+0+0+0` = `0*0*0*0` = `(0-0)*0+0`.
//! 9. **A sum worth 0 reads the same with every sign flipped, a product
//!    worth 1 with every factor inverted**: `4+1-3-2` = `3+2-4-1`,
//!    `(3-2-1)*4` = `(2+1-3)*4`, `9+4/(3+1)` = `9+(3+1)/4`.
//!
//! Not the same:
//!
//! - `2+2` and `2*2`: both make 4, but `5*4+2+2` and `5*4+2*2` are two
//!   solutions of 2 2 4 5 (and `12*8/(2+2)`, `12*8/2/2` two of 2 2 8 12).
//! - Distributing: `(4+2)*(3+1)` and `(3+2+1)*4` are two solutions of
//!   1 2 3 4, like `4*3*2*1`.
//! - A 1 that is a term, not a factor: `11/11+13+10` and `(13+11)*(11-10)`
//!   are two solutions of 10 11 11 13.
//! - Different zeros: `(3-2-1)*4` and `(4-3-1)*2` (target 0, hand 1 2 3 4,
//!   which has six solutions), and a zero made of a sum inside a larger
//!   one: `24+3-2-1` and `24-3+2+1` (flattened, they are different sums).
//!
//! ```
//! use kongming_game24::{Canonical, Expr};
//!
//! let same = |a: &str, b: &str| -> Result<bool, Box<dyn std::error::Error>> {
//!     Ok(Canonical::of(&a.parse::<Expr>()?)? == Canonical::of(&b.parse::<Expr>()?)?)
//! };
//! assert!(same("(3+2+1)*4", "4*(1+(2+3))")?);
//! assert!(same("10-(4-2)", "10+2-4")?);
//! assert!(same("(1-13)*(1-3)", "(13-1)*(3-1)")?);
//! assert!(same("8/(3-[-8]/[-3])", "[-8]/([-3]+8/3)")?);
//! assert!(same("(2-1)*11+13", "(13+11)*(2-1)")?);
//! assert!(same("4*6*7/7", "4*6+7-7")?);
//! assert!(same("(11*1+13)*(1/1)", "(13+11)*1*1*1")?);
//! assert!(same("6*4-0*0", "(4+0)*6+0")?);
//! assert!(same("4+1-3-2", "3+2-4-1")?);
//! assert!(same("(3-2-1)*4", "(2+1-3)/4")?);
//! assert!(!same("5*4+2+2", "5*4+2*2")?);
//! assert!(!same("(4+2)*(3+1)", "(3+2+1)*4")?);
//! assert!(!same("11/11+13+10", "(13+11)*(11-10)")?);
//! assert!(!same("(3-2-1)*4", "(4-3-1)*2")?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Limits
//!
//! - Every answer is exact. Values are `Ratio<i64>` with every operation
//!   checked; a search in which some value overflowed `i64` runs again on
//!   exact values of any size (`num-bigint`), so `solvable`, `solve`,
//!   `solutions`, `hint`, `difficulty`, `check`, [`Solver`] and the surveys answer for
//!   every hand and target that fit `i64`. [`Expr::eval`] gives a value
//!   that fits a [`Rational`] (intermediate steps may not), otherwise
//!   [`EvalError::Overflow`]; [`Expr::eval_exact`] gives any value as a
//!   [`BigRational`].
//! - A hand holds at most [`MAX_NUMBERS`] (7) numbers. `solvable` takes
//!   about 5 µs for 4 numbers and tens of microseconds for 5 or 6, growing
//!   quickly beyond; `solutions` visits every expression, so it takes tens
//!   of microseconds for 4 numbers, milliseconds for 5, a tenth of a
//!   second or more for 6, and seconds for 7; a "no" for 7 numbers uses a
//!   memo of about 60 MB. A [`Budget`] bounds a search (see above).
//! - Parsed expressions hold at most [`MAX_EXPR_NUMBERS`] numbers and
//!   [`MAX_PAREN_DEPTH`] levels of parentheses; each number is written as
//!   itself (`8`, `[3/2]`, not `[16/2]` or `08`).
//!
//! # Crate features
//!
//! - `serde`: `Serialize` and `Deserialize` for the values a user stores or
//!   sends. Those with a text form are stored as it, and read back through
//!   [`FromStr`](std::str::FromStr), so a stored value is checked as it is
//!   loaded: [`Expr`] (`"8/(3-8/3)"`), [`Op`] (`"*"`), [`Ops`] (`"+-*"`),
//!   [`Step`] (`"8/3"`), [`Grade`] (`"expert"`). A [`Game`] is the game as
//!   given and the steps played, `{"game": "3 3 8 8 = 24", "steps":
//!   ["8/3"]}` (the steps replayed as it loads; the text alone loads as a
//!   game with no step). The others are derived (their numbers as text,
//!   `"8/3"`; enums in snake case, `{"stopped":"node_limit"}`; a step's
//!   place counting from 1): [`Hint`], [`DeadEnd`], [`Difficulty`],
//!   [`Effort`], [`Instance`] and [`Closest`] (the rules, expressions and
//!   fractions as their text),
//!   [`Tally`], [`HandReport`], [`Verdict`], [`Equivalence`], the
//!   verdicts' reasons [`StepError`], [`AnswerMistake`] and
//!   [`IllegalAnswer`] (with [`EvalError`], and [`ParseError`] whose
//!   place counts from 1 as its message does), and the
//!   core's [`Outcome`], [`StopReason`], [`Progress`], [`Check`] and
//!   [`GenerateError`]. An [`Expr`] of
//!   more than [`MAX_EXPR_NUMBERS`] numbers, which the text form does not
//!   read, is refused when serialized. A [`Canonical`] is not stored: it is
//!   a key worked out from an expression ([`Canonical::of`]).

/// The crate's guide: the model, the rules of distinctness, playing, the
/// speed and the published figures the tests reproduce (`docs/game24.md` of
/// the kongming repository).
#[doc = include_str!("../GUIDE.md")]
pub mod guide {}

mod board;
mod canon;
mod check;
mod countdown;
mod difficulty;
mod equivalence;
mod error;
mod exact;
mod expr;
mod fraction;
mod game;
mod generate;
mod hands;
mod hint;
mod model_answer;
mod ops;
mod play;
mod plays;
mod relay;
#[cfg(feature = "serde")]
mod serde_text;
mod solver;
mod step;
#[cfg(test)]
mod strategies;
mod stream;
mod survey;
mod svg;
mod value;
mod verdict;

pub use canon::Canonical;
pub use check::{AnswerMistake, CheckError, IllegalAnswer, check};
pub use countdown::{
    Answer, Arithmetic, Closest, Countdown, CountdownError, CountdownGenerator, Deal, DealError,
    Effort, Instance, LargeTally, MAX_COUNTDOWN_NUMBERS, NumberUse, ParseRulesError, Rules,
    SolutionList, Solvability, TileSurvey, reachable, tile_selections,
};
pub use difficulty::{Difficulty, Grade};
pub use equivalence::Equivalence;
pub use error::{EvalError, GameError, ParseError, ParseErrorKind};
pub use expr::{Expr, MAX_EXPR_NUMBERS, MAX_PAREN_DEPTH, Op};
pub use game::{Game, MAX_NUMBERS};
pub use generate::Generator;
pub use hands::{HandSize, Hands, hands};
pub use hint::Hint;
pub use kongming_search::control::{Budget, CancelFlag, Outcome, Progress, StopReason};
pub use kongming_search::play::{Check, GenerateError, ParseGradeError};
pub use model_answer::{IllegalModelAnswer, MAX_MODEL_ANSWER_LEN, ModelMistake};
pub use num_bigint::BigInt;
pub use num_rational::{BigRational, Ratio};
pub use ops::Ops;
pub use play::DeadEnd;
pub use solver::Solver;
pub use step::{Step, StepError};
pub use stream::Solutions;
pub use survey::{HandReport, Survey, Tally, survey_solutions, survey_solvable};
pub use verdict::Verdict;

/// An exact rational number: a `Ratio<i64>`, always in lowest terms. The
/// crate only ever combines them with checked operations.
///
/// ```
/// use kongming_game24::Rational;
/// assert_eq!(Rational::new(6, 4), Rational::new(3, 2));
/// ```
pub type Rational = Ratio<i64>;

/// Whether the integers `numbers` can make `target` with `+ - * /`.
///
/// ```
/// assert!(kongming_game24::solvable(&[1, 1, 1, 11, 13], 24)?);
/// assert!(!kongming_game24::solvable(&[1, 1, 1, 1], 24)?);
/// # Ok::<(), kongming_game24::GameError>(())
/// ```
///
/// # Errors
///
/// [`GameError::NoNumbers`] for an empty hand, [`GameError::TooManyNumbers`] past [`MAX_NUMBERS`].
pub fn solvable(numbers: &[i64], target: i64) -> Result<bool, GameError> {
    Game::new(numbers, target)?.solvable()
}

/// Every distinct solution for the integers `numbers` and `target` with
/// `+ - * /` (see "Distinct solutions" above).
///
/// ```
/// let all = kongming_game24::solutions(&[1, 1, 2, 12], 24)?;
/// assert_eq!(all.len(), 2); // 12*2+1-1 and 12/(1-1/2)
/// # Ok::<(), kongming_game24::GameError>(())
/// ```
///
/// # Errors
///
/// [`GameError::NoNumbers`] for an empty hand, [`GameError::TooManyNumbers`] past [`MAX_NUMBERS`].
pub fn solutions(numbers: &[i64], target: i64) -> Result<Vec<Expr>, GameError> {
    Game::new(numbers, target)?.solutions()
}
