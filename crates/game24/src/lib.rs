#![doc = include_str!("../README.md")]
//!
//! # Overview
//!
//! - [`Game`]: a hand (any count of numbers up to [`MAX_NUMBERS`], each an
//!   integer or a fraction), a rational target, the [`Ops`] allowed.
//!   [`Game::solvable`] (yes/no), [`Game::solve`] (one solution),
//!   [`Game::solutions`] (every distinct solution), [`Game::hint`],
//!   [`Game::check`]. The free functions [`solvable`], [`solutions`] and
//!   [`check`] do the same for a hand of integers.
//! - [`Expr`]: expression trees over exact [`Rational`]s (`Ratio<i64>`
//!   with every operation checked), printed with minimal parentheses in
//!   ASCII (`{}`) or Unicode (`{:#}`), parsed back with [`FromStr`](std::str::FromStr).
//! - [`Canonical`]: the canonical form that decides when two solutions
//!   are the same.
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
//! DISTINCT
//!
//! # Crate features
//!
//! None: the crate has no optional features.

mod board;
mod canon;
mod check;
mod error;
mod expr;
mod game;
mod survey;

pub use canon::Canonical;
pub use check::{CheckError, check};
pub use error::{EvalError, GameError, ParseError, ParseErrorKind};
pub use expr::{Expr, MAX_EXPR_NUMBERS, MAX_PAREN_DEPTH, Op};
pub use game::{Game, Hint, MAX_NUMBERS};
pub use num_rational::Ratio;
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
