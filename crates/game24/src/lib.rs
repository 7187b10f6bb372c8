#![doc = include_str!("../README.md")]
//!
//! # Overview
//!
//! - [`Game`]: a hand (any count of numbers up to [`MAX_NUMBERS`], each an
//!   integer or a fraction), a rational target, the [`Ops`] allowed.
//!   [`Game::solvable`] (yes/no), [`Game::solve`] (one solution),
//!   [`Game::solutions`] (every distinct solution), [`Game::hint`],
//!   [`Game::check`]. The free functions [`solvable`], [`solutions`] and
//!   [`check()`] do the same for a hand of integers.
//! - [`Solver`]: one target, many hands. It keeps what sub-hands of two and
//!   three numbers can make and shares it between hands, so a survey runs
//!   several times faster than a [`Game`] per hand (same answers).
//! - [`Expr`]: expression trees over exact [`Rational`]s (`Ratio<i64>`
//!   with every operation checked), printed with minimal parentheses in
//!   ASCII (`{}`) or Unicode (`{:#}`), parsed back with [`FromStr`](std::str::FromStr).
//! - [`Canonical`]: the canonical form that decides when two solutions
//!   are the same.
//! - Surveys: [`hands`] enumerates every hand of a size from a range,
//!   [`survey_solvable`] and [`survey_solutions`] add them up with a
//!   per-hand callback (for progress bars), through one [`Solver`].
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
//! Two solutions are the same when their [`Canonical`] forms are equal.
//! The rule is the one behind the 4nums.com lists of distinct solutions,
//! and reproduces them exactly: for each of the 1362 hands of four numbers
//! from 1..13 that make 24 it finds as many distinct solutions as the list
//! (3017 in all), and every listed solution is equivalent to one of them
//! (`tests/fournums.rs` checks every hand). Step by step:
//!
//! 1. **Sums are flattened.** `+` and `-` chains, however parenthesised,
//!    become one list of added and subtracted terms, in no particular
//!    order: `(3+2+1)*4` = `4*(1+(2+3))`; `a-(b-c)` = `a-b+c` = `a+c-b`
//!    (regrouping a subtraction).
//! 2. **Products are flattened** the same way with `*` and `/`:
//!    `12*4/2` = `12/2*4` = `4/(2/12)`.
//! 3. **Signs come out.** `(1-13)*(1-3)` = `(13-1)*(3-1)`: a part worth
//!    less than zero is stored as its opposite, the sign carried up.
//! 4. **A factor worth 1 is idle.** A `*1` or `/1` anywhere, or a factor
//!    computed to 1 such as `(2-1)` or `(13-12)`, does nothing and can sit
//!    anywhere, and dividing by it is the same as multiplying:
//!    `(11*1+13)*(1/1)` = `(13+11)*1*1*1`, `(2-1)*11+13` = `(13+11)*(2-1)`,
//!    `(1+1)*12/1` = `(1+1)*12*1` = `(1*1+1)*12`. (When nothing else stays
//!    above the fraction bar the 1 stays: `1/2` is a half, not an idle 1
//!    over a lone 2.)
//! 5. **A pair that cancels is idle.** `x-x` in a sum or `x/x` in a
//!    product, at any depth, does nothing, and all idle parts are alike
//!    wherever they sit: `4*6*7/7` = `4*6+7-7` = `(4+7-7)*6`, and
//!    `8*3+1-1` = `8*3*1*1` = `8*3*(1/1)`.
//!
//! Not the same, as in the 4nums lists:
//!
//! - `2+2` and `2*2`: both make 4, but `5*4+2+2` and `5*4+2*2` are two
//!   solutions of 2 2 4 5 (and `12*8/(2+2)`, `12*8/2/2` two of 2 2 8 12).
//! - Distributing: `(4+2)*(3+1)` and `(3+2+1)*4` are two solutions of
//!   1 2 3 4, like `4*3*2*1`.
//! - A 1 that is a term, not a factor: `11/11+13+10` and `(13+11)*(11-10)`
//!   are two solutions of 10 11 11 13.
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
//! assert!(same("(2-1)*11+13", "(13+11)*(2-1)")?);
//! assert!(same("4*6*7/7", "4*6+7-7")?);
//! assert!(same("(11*1+13)*(1/1)", "(13+11)*1*1*1")?);
//! assert!(!same("5*4+2+2", "5*4+2*2")?);
//! assert!(!same("(4+2)*(3+1)", "(3+2+1)*4")?);
//! assert!(!same("11/11+13+10", "(13+11)*(11-10)")?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Limits
//!
//! - Values are `Ratio<i64>`; every operation is checked. A search whose
//!   answer could depend on a value that overflowed reports
//!   [`GameError::Overflow`] rather than guess; an expression that
//!   overflows evaluates to [`EvalError::Overflow`].
//! - A hand holds at most [`MAX_NUMBERS`] (7) numbers. `solvable` takes
//!   about 5 µs for 4 numbers and tens of microseconds for 5 or 6, growing
//!   quickly beyond; `solutions` visits every expression, so it takes tens
//!   of microseconds for 4 numbers, milliseconds for 5, a tenth of a
//!   second or more for 6, and seconds for 7; a "no" for 7 numbers uses a
//!   memo of about 60 MB. [`Game::solvable_within`] and
//!   [`Game::solutions_within`] bound a search by a [`Budget`].
//! - Parsed expressions hold at most [`MAX_EXPR_NUMBERS`] numbers and
//!   [`MAX_PAREN_DEPTH`] levels of parentheses.
//!
//! # Crate features
//!
//! None: the crate has no optional features.

mod arith;
mod board;
mod canon;
mod check;
mod equivalence;
mod error;
mod exact;
mod expr;
mod game;
mod solver;
mod survey;

pub use canon::Canonical;
pub use check::{CheckError, check};
pub use equivalence::Equivalence;
pub use error::{EvalError, GameError, ParseError, ParseErrorKind};
pub use expr::{Expr, MAX_EXPR_NUMBERS, MAX_PAREN_DEPTH, Op};
pub use game::{Game, Hint, MAX_NUMBERS};
pub use kongming_search::dfs::{Budget, StopReason};
pub use num_bigint::BigInt;
pub use num_rational::{BigRational, Ratio};
pub use solver::Solver;
pub use survey::{HandReport, Hands, Tally, hands, survey_solutions, survey_solvable};

/// An exact rational number: a `Ratio<i64>`, always in lowest terms. The
/// crate only ever combines them with checked operations.
///
/// ```
/// use kongming_game24::Rational;
/// assert_eq!(Rational::new(6, 4), Rational::new(3, 2));
/// ```
pub type Rational = Ratio<i64>;

bitflags::bitflags! {
    /// The set of operations a game allows.
    ///
    /// ```
    /// use kongming_game24::{Game, Ops};
    ///
    /// let no_division = Ops::ADD | Ops::SUB | Ops::MUL;
    /// assert!(!no_division.contains(Ops::DIV));
    /// assert_eq!(Ops::default(), Ops::all());
    /// ```
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub struct Ops: u8 {
        /// `+`
        const ADD = 1;
        /// `-`
        const SUB = 2;
        /// `*`
        const MUL = 4;
        /// `/`
        const DIV = 8;
    }
}

impl Default for Ops {
    fn default() -> Ops {
        Ops::all()
    }
}

impl Ops {
    /// The flag of one operation.
    ///
    /// ```
    /// use kongming_game24::{Op, Ops};
    /// assert_eq!(Ops::from_op(Op::Mul), Ops::MUL);
    /// ```
    pub const fn from_op(op: Op) -> Ops {
        match op {
            Op::Add => Ops::ADD,
            Op::Sub => Ops::SUB,
            Op::Mul => Ops::MUL,
            Op::Div => Ops::DIV,
        }
    }
}

/// Whether the integers `numbers` can make `target` with `+ - * /`.
///
/// ```
/// assert!(kongming_game24::solvable(&[1, 1, 1, 11, 13], 24)?);
/// assert!(!kongming_game24::solvable(&[1, 1, 1, 1], 24)?);
/// # Ok::<(), kongming_game24::GameError>(())
/// ```
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
pub fn solutions(numbers: &[i64], target: i64) -> Result<Vec<Expr>, GameError> {
    Game::new(numbers, target)?.solutions()
}
