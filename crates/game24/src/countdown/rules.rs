//! The rules of a numbers game as a value: which numbers must be used,
//! what an intermediate result may be, and which operations are allowed.

use std::fmt;
use std::str::FromStr;

use crate::ops::Ops;

/// Whether a solution must use every number of the hand or may use any
/// of them.
///
/// ```
/// use kongming_game24::NumberUse;
/// assert_eq!("any".parse::<NumberUse>()?, NumberUse::Any);
/// assert_eq!(NumberUse::All.to_string(), "all");
/// # Ok::<(), kongming_game24::ParseRulesError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NumberUse {
    /// Every number exactly once (the 24 game).
    All,
    /// Any non-empty subset, each number at most once (Countdown).
    Any,
}

/// What an intermediate result may be.
///
/// ```
/// use kongming_game24::Arithmetic;
/// assert_eq!("integer".parse::<Arithmetic>()?, Arithmetic::PositiveIntegers);
/// assert_eq!(Arithmetic::Rational.to_string(), "rational");
/// # Ok::<(), kongming_game24::ParseRulesError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Arithmetic {
    /// Any exact rational number (the 24 game: `8/(3-8/3)`).
    Rational,
    /// Positive integers only: no fraction, no negative number and no zero
    /// at any step (Countdown).
    PositiveIntegers,
}

/// The rules of a numbers game: which numbers a solution uses, what its
/// steps may make, and the operations allowed.
///
/// Text form: three words, the [`NumberUse`] (`all`, `any`), the
/// [`Arithmetic`] (`rational`, `integer`) and the [`Ops`] (`+-*/`):
/// `all rational +-*/` is the 24 game, `any integer +-*/` Countdown.
/// With the `serde` feature a `Rules` is stored as this text.
///
/// ```
/// use kongming_game24::{Arithmetic, NumberUse, Ops, Rules};
///
/// let countdown = Rules::countdown();
/// assert_eq!(countdown.to_string(), "any integer +-*/");
/// assert_eq!(countdown.number_use(), NumberUse::Any);
/// assert_eq!("all rational +-*/".parse::<Rules>()?, Rules::game24());
/// assert_eq!(Rules::default(), Rules::game24());
/// let no_division = Rules::countdown().with_ops(Ops::ADD | Ops::SUB | Ops::MUL);
/// assert_eq!(no_division.to_string(), "any integer +-*");
/// assert_eq!(no_division.arithmetic(), Arithmetic::PositiveIntegers);
/// # Ok::<(), kongming_game24::ParseRulesError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    number_use: NumberUse,
    arithmetic: Arithmetic,
    ops: Ops,
}

impl Default for Rules {
    /// The 24 game's rules, which every other part of the crate plays by.
    fn default() -> Rules {
        Rules::game24()
    }
}

impl Rules {
    /// The 24 game: every number, exact rationals, `+ - * /`.
    ///
    /// ```
    /// use kongming_game24::{Arithmetic, NumberUse, Rules};
    /// assert_eq!(Rules::game24().number_use(), NumberUse::All);
    /// assert_eq!(Rules::game24().arithmetic(), Arithmetic::Rational);
    /// ```
    pub const fn game24() -> Rules {
        Rules {
            number_use: NumberUse::All,
            arithmetic: Arithmetic::Rational,
            ops: Ops::all(),
        }
    }

    /// Countdown's numbers round: any subset, positive integers at every
    /// step, `+ - * /`.
    ///
    /// ```
    /// use kongming_game24::{Arithmetic, NumberUse, Rules};
    /// assert_eq!(Rules::countdown().number_use(), NumberUse::Any);
    /// assert_eq!(Rules::countdown().arithmetic(), Arithmetic::PositiveIntegers);
    /// ```
    pub const fn countdown() -> Rules {
        Rules {
            number_use: NumberUse::Any,
            arithmetic: Arithmetic::PositiveIntegers,
            ops: Ops::all(),
        }
    }

    /// These rules with another [`NumberUse`].
    ///
    /// ```
    /// use kongming_game24::{NumberUse, Rules};
    /// let r = Rules::game24().with_number_use(NumberUse::Any);
    /// assert_eq!(r.to_string(), "any rational +-*/");
    /// ```
    #[must_use]
    pub const fn with_number_use(mut self, number_use: NumberUse) -> Rules {
        self.number_use = number_use;
        self
    }

    /// These rules with another [`Arithmetic`].
    ///
    /// ```
    /// use kongming_game24::{Arithmetic, Rules};
    /// let r = Rules::game24().with_arithmetic(Arithmetic::PositiveIntegers);
    /// assert_eq!(r.to_string(), "all integer +-*/");
    /// ```
    #[must_use]
    pub const fn with_arithmetic(mut self, arithmetic: Arithmetic) -> Rules {
        self.arithmetic = arithmetic;
        self
    }

    /// These rules with another set of operations.
    ///
    /// ```
    /// use kongming_game24::{Ops, Rules};
    /// assert_eq!(Rules::game24().with_ops(Ops::MUL).to_string(), "all rational *");
    /// ```
    #[must_use]
    pub const fn with_ops(mut self, ops: Ops) -> Rules {
        self.ops = ops;
        self
    }

    /// Which numbers a solution uses.
    ///
    /// ```
    /// use kongming_game24::{NumberUse, Rules};
    /// assert_eq!(Rules::game24().number_use(), NumberUse::All);
    /// ```
    pub const fn number_use(&self) -> NumberUse {
        self.number_use
    }

    /// What an intermediate result may be.
    ///
    /// ```
    /// use kongming_game24::{Arithmetic, Rules};
    /// assert_eq!(Rules::game24().arithmetic(), Arithmetic::Rational);
    /// ```
    pub const fn arithmetic(&self) -> Arithmetic {
        self.arithmetic
    }

    /// The operations allowed.
    ///
    /// ```
    /// use kongming_game24::{Ops, Rules};
    /// assert_eq!(Rules::countdown().ops(), Ops::all());
    /// ```
    pub const fn ops(&self) -> Ops {
        self.ops
    }
}

/// Why a text is not a [`Rules`], [`NumberUse`] or [`Arithmetic`].
///
/// ```
/// use kongming_game24::{ParseRulesError, Rules};
/// let err = "some integer +-*/".parse::<Rules>().unwrap_err();
/// assert_eq!(err, ParseRulesError::NumberUse("some".into()));
/// assert_eq!(err.to_string(), "not a number use (all or any): some");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseRulesError {
    /// The first word is not `all` or `any`.
    NumberUse(String),
    /// The second word is not `rational` or `integer`.
    Arithmetic(String),
    /// The third word is not a set of operations.
    Ops(String),
    /// Not three words.
    WordCount(usize),
}

impl fmt::Display for ParseRulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseRulesError::NumberUse(w) => write!(f, "not a number use (all or any): {w}"),
            ParseRulesError::Arithmetic(w) => {
                write!(f, "not an arithmetic (rational or integer): {w}")
            }
            ParseRulesError::Ops(w) => write!(f, "not a set of operations: {w}"),
            ParseRulesError::WordCount(n) => write!(
                f,
                "rules are three words (number use, arithmetic, operations), not {n}"
            ),
        }
    }
}

impl std::error::Error for ParseRulesError {}

impl fmt::Display for NumberUse {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NumberUse::All => "all",
            NumberUse::Any => "any",
        })
    }
}

impl FromStr for NumberUse {
    type Err = ParseRulesError;
    fn from_str(s: &str) -> Result<NumberUse, ParseRulesError> {
        match s.trim() {
            "all" => Ok(NumberUse::All),
            "any" => Ok(NumberUse::Any),
            other => Err(ParseRulesError::NumberUse(other.to_owned())),
        }
    }
}

impl fmt::Display for Arithmetic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Arithmetic::Rational => "rational",
            Arithmetic::PositiveIntegers => "integer",
        })
    }
}

impl FromStr for Arithmetic {
    type Err = ParseRulesError;
    fn from_str(s: &str) -> Result<Arithmetic, ParseRulesError> {
        match s.trim() {
            "rational" => Ok(Arithmetic::Rational),
            "integer" => Ok(Arithmetic::PositiveIntegers),
            other => Err(ParseRulesError::Arithmetic(other.to_owned())),
        }
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.number_use, self.arithmetic, self.ops)
    }
}

impl FromStr for Rules {
    type Err = ParseRulesError;
    fn from_str(s: &str) -> Result<Rules, ParseRulesError> {
        let words: Vec<&str> = s.split_whitespace().collect();
        let [number_use, arithmetic, ops] = words[..] else {
            return Err(ParseRulesError::WordCount(words.len()));
        };
        Ok(Rules {
            number_use: number_use.parse()?,
            arithmetic: arithmetic.parse()?,
            ops: ops
                .parse()
                .map_err(|_| ParseRulesError::Ops(ops.to_owned()))?,
        })
    }
}

/// Rules are stored as their text, and checked as they load.
#[cfg(feature = "serde")]
mod text {
    use super::Rules;
    use serde::{Deserialize, Deserializer, Serialize, Serializer, de::Error};

    impl Serialize for Rules {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_str(self)
        }
    }

    impl<'de> Deserialize<'de> for Rules {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Rules, D::Error> {
            let text = String::deserialize(d)?;
            text.parse().map_err(D::Error::custom)
        }
    }
}
