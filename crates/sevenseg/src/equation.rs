//! Equations: parsing, rules, exact evaluation.

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;

use num_rational::BigRational;

use crate::exact;
use crate::glyph::{Glyph, Op, Style};
use crate::residue::{END, Read, Residue};

/// The longest equation accepted, in glyphs (digits and operators).
pub const MAX_GLYPHS: usize = 64;

/// The exact value of one side of an equation: a fraction of big
/// integers, in lowest terms, so that every equation has its value
/// however long its numbers.
///
/// With the `serde` feature the big-number crates' own serde support is
/// switched on, so values can be stored too.
pub type Value = BigRational;

/// The rules of a puzzle: glyph style, whether moved sticks keep their
/// orientation, and which equations are well formed.
///
/// Defaults: [`Style::default`], sticks may be put down in any
/// orientation, no leading zeros, exactly one `=`.
///
/// # Example
///
/// ```
/// use kongming_sevenseg::Rules;
///
/// let rules = Rules::default().leading_zeros(true);
/// assert!(rules.parse("06+4=10").is_ok());
/// assert!(Rules::default().parse("06+4=10").is_err());
/// ```
///
/// With the `serde` feature it is stored as a record of its settings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Rules {
    pub(crate) style: Style,
    pub(crate) keep_orientation: bool,
    pub(crate) leading_zeros: bool,
    pub(crate) multiple_equals: bool,
}

impl Rules {
    /// Sets the glyph style.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Rules, Style};
    /// let rules = Rules::default().style(Style::default().nine_with_bottom(false));
    /// assert_eq!(rules.glyph_style(), Style::default().nine_with_bottom(false));
    /// ```
    #[must_use]
    pub fn style(mut self, style: Style) -> Self {
        self.style = style;
        self
    }

    /// Whether a moved stick must keep its orientation (a horizontal stick
    /// stays horizontal). Default `false`: sticks are all alike and may be
    /// put down any way.
    ///
    /// # Example
    ///
    /// ```
    /// let rules = kongming_sevenseg::Rules::default().keep_orientation(true);
    /// assert!(rules.keeps_orientation());
    /// ```
    #[must_use]
    pub fn keep_orientation(mut self, yes: bool) -> Self {
        self.keep_orientation = yes;
        self
    }

    /// Whether a number of several digits may start with `0` (default `false`).
    ///
    /// # Example
    ///
    /// ```
    /// assert!(kongming_sevenseg::Rules::default().leading_zeros(true).parse("01=1").is_ok());
    /// ```
    #[must_use]
    pub fn leading_zeros(mut self, yes: bool) -> Self {
        self.leading_zeros = yes;
        self
    }

    /// Whether more than one `=` may appear (`1+1=2=2`); all sides must then
    /// be equal. Default `false`: exactly one `=`.
    ///
    /// # Example
    ///
    /// ```
    /// let rules = kongming_sevenseg::Rules::default().multiple_equals(true);
    /// assert!(rules.parse("1+1=2=2")?.is_true());
    /// # Ok::<(), kongming_sevenseg::ParseError>(())
    /// ```
    #[must_use]
    pub fn multiple_equals(mut self, yes: bool) -> Self {
        self.multiple_equals = yes;
        self
    }

    /// The glyph style.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Rules, Style};
    /// assert_eq!(Rules::default().glyph_style(), Style::default());
    /// ```
    pub fn glyph_style(&self) -> Style {
        self.style
    }

    /// Whether moved sticks keep their orientation.
    ///
    /// # Example
    ///
    /// ```
    /// assert!(!kongming_sevenseg::Rules::default().keeps_orientation());
    /// ```
    pub fn keeps_orientation(&self) -> bool {
        self.keep_orientation
    }

    /// Parses an equation under these rules.
    ///
    /// Accepted: digits, `+`, `-` (or `−`), `x`/`X`/`*`/`×` for times,
    /// `/`/`÷` for division, `=`, and whitespace. At most [`MAX_GLYPHS`]
    /// glyphs. No unary minus, no parentheses. The [`Notation`] is read
    /// from the text: whitespace before the first glyph or after the last
    /// is ignored.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] with the character position of the problem.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{ParseErrorKind, Rules};
    ///
    /// let eq = Rules::default().parse("12 x 3 = 36")?;
    /// assert_eq!(eq.to_string(), "12 x 3 = 36");
    /// let err = Rules::default().parse("6+4=4=4").unwrap_err();
    /// assert_eq!(err.kind(), &ParseErrorKind::TooManyEquals);
    /// assert_eq!(err.position(), 5);
    /// # Ok::<(), kongming_sevenseg::ParseError>(())
    /// ```
    pub fn parse(&self, text: &str) -> Result<Equation, ParseError> {
        parse(text, self)
    }

    /// Checks that `glyphs` form a well-formed equation under these rules
    /// (numbers separated by single operators, the `=` count, leading zeros,
    /// length).
    ///
    /// # Errors
    ///
    /// A [`ParseError`] whose position is a glyph index.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Glyph, Op, Rules};
    /// let d = |n| Glyph::digit(n).unwrap();
    /// let eq = Rules::default().equation(vec![d(1), Glyph::op(Op::Equals), d(1)])?;
    /// assert_eq!(eq.to_string(), "1=1");
    /// # Ok::<(), kongming_sevenseg::ParseError>(())
    /// ```
    pub fn equation(&self, glyphs: Vec<Glyph>) -> Result<Equation, ParseError> {
        let text: String = glyphs.iter().map(ToString::to_string).collect();
        let mut eq = self.parse(&text)?;
        eq.notation = Notation::default();
        Ok(eq)
    }
}

/// How an equation was written: the signs for times and division, and
/// whether operators had spaces around them. Kept from the parsed text so
/// fixes print in the input's notation.
///
/// The rules: the times sign is the first of `x`, `X`, `*`, `×` in the
/// text (default `*`), the division sign the first of `/`, `÷` (default
/// `/`), and the notation is spaced when whitespace stands between two
/// glyphs anywhere in the text. Whitespace before the first glyph or after
/// the last is ignored: `"6+4=4 "` is written as `6+4=4`.
///
/// # Example
///
/// ```
/// let eq: kongming_sevenseg::Equation = "3 x 2 = 6".parse()?;
/// assert_eq!(eq.notation().times(), 'x');
/// assert!(eq.notation().spaced());
/// // Whitespace around the equation is no part of it.
/// let eq: kongming_sevenseg::Equation = "6+4=4 ".parse()?;
/// assert!(!eq.notation().spaced());
/// assert_eq!(eq.to_string(), "6+4=4");
/// # Ok::<(), kongming_sevenseg::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Notation {
    times: char,
    divide: char,
    spaced: bool,
}

impl Default for Notation {
    /// `*`, `/`, no spaces.
    fn default() -> Self {
        Notation {
            times: '*',
            divide: '/',
            spaced: false,
        }
    }
}

impl Notation {
    /// The sign printed for times: `x`, `X`, `*` or `×`.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(kongming_sevenseg::Notation::default().times(), '*');
    /// ```
    pub fn times(&self) -> char {
        self.times
    }

    /// The sign printed for division: `/` or `÷`.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(kongming_sevenseg::Notation::default().divide(), '/');
    /// ```
    pub fn divide(&self) -> char {
        self.divide
    }

    /// Whether operators are printed with a space on each side: the text
    /// had whitespace between two of its glyphs.
    ///
    /// # Example
    ///
    /// ```
    /// assert!(!kongming_sevenseg::Notation::default().spaced());
    /// ```
    pub fn spaced(&self) -> bool {
        self.spaced
    }

    pub(crate) fn sign(&self, op: Op) -> char {
        match op {
            Op::Plus => '+',
            Op::Minus => '-',
            Op::Times => self.times,
            Op::Divide => self.divide,
            Op::Equals => '=',
        }
    }
}

/// A matchstick equation: numbers separated by operators, with at least one
/// `=`.
///
/// Equality, hashing and ordering compare the glyphs only, not the
/// [`Notation`]: `3x2=6` and `3 * 2 = 6` are the same equation.
///
/// # Example
///
/// ```
/// use kongming_sevenseg::Equation;
///
/// let eq: Equation = "6+4=4".parse()?;
/// assert!(!eq.is_true());
/// assert_eq!(eq.len(), 5);
/// assert_eq!(eq.sticks(&Default::default()), 18);
/// assert_eq!(eq, "6 + 4 = 4".parse()?);
/// # Ok::<(), kongming_sevenseg::ParseError>(())
/// ```
///
/// With the `serde` feature it is stored as its text and read back with
/// leading zeros and several `=` allowed (so that an equation parsed under
/// any rules reads back), the text checked as it is loaded.
#[derive(Clone, Debug)]
pub struct Equation {
    pub(crate) glyphs: Vec<Glyph>,
    pub(crate) notation: Notation,
}

impl PartialEq for Equation {
    fn eq(&self, other: &Self) -> bool {
        self.glyphs == other.glyphs
    }
}
impl Eq for Equation {}
impl Hash for Equation {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.glyphs.hash(state);
    }
}
impl PartialOrd for Equation {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Equation {
    fn cmp(&self, other: &Self) -> Ordering {
        self.glyphs.cmp(&other.glyphs)
    }
}

impl Equation {
    /// The glyphs, left to right.
    ///
    /// # Example
    ///
    /// ```
    /// let eq: kongming_sevenseg::Equation = "1=1".parse()?;
    /// assert_eq!(eq.glyphs()[1].to_string(), "=");
    /// # Ok::<(), kongming_sevenseg::ParseError>(())
    /// ```
    pub fn glyphs(&self) -> &[Glyph] {
        &self.glyphs
    }

    /// The number of glyphs.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!("10=10".parse::<kongming_sevenseg::Equation>()?.len(), 5);
    /// # Ok::<(), kongming_sevenseg::ParseError>(())
    /// ```
    pub fn len(&self) -> usize {
        self.glyphs.len()
    }

    /// Always `false`: an equation has at least three glyphs.
    ///
    /// # Example
    ///
    /// ```
    /// assert!(!"1=1".parse::<kongming_sevenseg::Equation>()?.is_empty());
    /// # Ok::<(), kongming_sevenseg::ParseError>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.glyphs.is_empty()
    }

    /// How it was written.
    ///
    /// # Example
    ///
    /// ```
    /// let eq: kongming_sevenseg::Equation = "8÷2=4".parse()?;
    /// assert_eq!(eq.notation().divide(), '÷');
    /// # Ok::<(), kongming_sevenseg::ParseError>(())
    /// ```
    pub fn notation(&self) -> Notation {
        self.notation
    }

    /// The same glyphs, written in `notation`.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::Equation;
    /// let a: Equation = "3x2=6".parse()?;
    /// let b: Equation = "3 * 2 = 6".parse()?;
    /// assert_eq!(a.with_notation(b.notation()).to_string(), "3 * 2 = 6");
    /// # Ok::<(), kongming_sevenseg::ParseError>(())
    /// ```
    #[must_use]
    pub fn with_notation(&self, notation: Notation) -> Equation {
        Equation {
            glyphs: self.glyphs.clone(),
            notation,
        }
    }

    /// The total number of sticks in `style`.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Equation, Style};
    /// let eq: Equation = "1+1=2".parse()?;
    /// assert_eq!(eq.sticks(&Style::default()), 2 + 2 + 2 + 2 + 5);
    /// # Ok::<(), kongming_sevenseg::ParseError>(())
    /// ```
    pub fn sticks(&self, style: &Style) -> usize {
        self.glyphs.iter().map(|&g| style.sticks(g)).sum()
    }

    /// The exact value of each side, left to right, however long the
    /// numbers (big integers past `i128`).
    ///
    /// # Errors
    ///
    /// [`EvalError::DivisionByZero`] when a side divides by zero.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Equation, Value};
    /// let eq: Equation = "1+2*3=7/2".parse()?;
    /// assert_eq!(eq.evaluate()?, [Value::from_integer(7.into()), Value::new(7.into(), 2.into())]);
    /// let big: Equation = "99999999999999999999*99999999999999999999=1".parse()?;
    /// assert_eq!(big.evaluate()?[0].to_string(), format!("{}8{}1", "9".repeat(19), "0".repeat(19)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn evaluate(&self) -> Result<Vec<Value>, EvalError> {
        exact::values(&self.glyphs)
    }

    /// Whether every side has the same exact value (`false` when a side
    /// divides by zero), however long the numbers.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::Equation;
    /// assert!("8-4=4".parse::<Equation>()?.is_true());
    /// assert!("9/6=3/2".parse::<Equation>()?.is_true());
    /// assert!(!"1/0=1/0".parse::<Equation>()?.is_true());
    /// assert!("99999999999999999999*99999999999999999999*0=0".parse::<Equation>()?.is_true());
    /// # Ok::<(), kongming_sevenseg::ParseError>(())
    /// ```
    pub fn is_true(&self) -> bool {
        !quick_false(&self.glyphs) && exact::all_sides_equal(&self.glyphs)
    }
}

/// The residue test read glyph by glyph; `true` when two sides are found to
/// differ.
fn quick_false(glyphs: &[Glyph]) -> bool {
    let mut state = Residue::default();
    let mut number = 0u64;
    for code in glyphs.iter().map(|g| g.code()).chain(std::iter::once(END)) {
        if code < 10 {
            number = number.wrapping_mul(10).wrapping_add(code as u64);
            continue;
        }
        if state.read(number, code) == Read::Differs {
            return true;
        }
        number = 0;
    }
    false
}

/// Why an equation has no value.
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Equation, EvalError};
/// let eq: Equation = "1/0=1".parse()?;
/// assert_eq!(eq.evaluate(), Err(EvalError::DivisionByZero));
/// # Ok::<(), kongming_sevenseg::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EvalError {
    /// A division by zero.
    DivisionByZero,
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EvalError::DivisionByZero => "division by zero",
        })
    }
}

impl std::error::Error for EvalError {}

/// What is wrong with an equation's text.
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Equation, ParseErrorKind};
/// let err = "6+?=4".parse::<Equation>().unwrap_err();
/// assert_eq!(err.kind(), &ParseErrorKind::UnexpectedChar('?'));
/// ```
///
/// With the `serde` feature it is stored in snake case:
/// `"expected_number"`, `{"unexpected_char":"?"}`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// Nothing but spaces.
    Empty,
    /// A character that is no digit, operator or space.
    UnexpectedChar(char),
    /// An operator where a number should start, or the text ends after an
    /// operator.
    ExpectedNumber,
    /// Two numbers with only spaces between them.
    ExpectedOperator,
    /// A number of several digits starting with `0` (see
    /// [`Rules::leading_zeros`]).
    LeadingZero,
    /// No `=`.
    MissingEquals,
    /// A second `=` (see [`Rules::multiple_equals`]).
    TooManyEquals,
    /// More than [`MAX_GLYPHS`] glyphs.
    TooLong,
}

/// An equation that could not be parsed, with the position (in characters,
/// from 0) of the problem.
///
/// # Example
///
/// ```
/// use kongming_sevenseg::Equation;
/// let err = "6+4=".parse::<Equation>().unwrap_err();
/// assert_eq!(err.position(), 4);
/// assert_eq!(err.to_string(), "expected a number at position 5");
/// ```
///
/// With the `serde` feature it is stored as its kind and its position
/// counting from 1, as its message says it:
/// `{"kind":"expected_number","position":5}`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ParseError {
    kind: ParseErrorKind,
    #[cfg_attr(feature = "serde", serde(with = "kongming_search::play::one_based"))]
    position: usize,
}

impl ParseError {
    /// What went wrong.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Equation, ParseErrorKind};
    /// assert_eq!("".parse::<Equation>().unwrap_err().kind(), &ParseErrorKind::Empty);
    /// ```
    pub fn kind(&self) -> &ParseErrorKind {
        &self.kind
    }

    /// Where, in characters from the start (0-based).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::Equation;
    /// assert_eq!("1+1".parse::<Equation>().unwrap_err().position(), 3);
    /// ```
    pub fn position(&self) -> usize {
        self.position
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ParseErrorKind::Empty => f.write_str("empty equation"),
            ParseErrorKind::UnexpectedChar(c) => {
                write!(
                    f,
                    "unexpected character {c:?} at position {}",
                    self.position + 1
                )
            }
            ParseErrorKind::ExpectedNumber => {
                write!(f, "expected a number at position {}", self.position + 1)
            }
            ParseErrorKind::ExpectedOperator => {
                write!(f, "expected an operator at position {}", self.position + 1)
            }
            ParseErrorKind::LeadingZero => {
                write!(f, "leading zero at position {}", self.position + 1)
            }
            ParseErrorKind::MissingEquals => {
                write!(
                    f,
                    "no `=` in the equation (end at position {})",
                    self.position + 1
                )
            }
            ParseErrorKind::TooManyEquals => {
                write!(f, "a second `=` at position {}", self.position + 1)
            }
            ParseErrorKind::TooLong => write!(
                f,
                "more than {MAX_GLYPHS} glyphs (at position {})",
                self.position + 1
            ),
        }
    }
}

impl std::error::Error for ParseError {}

fn parse(text: &str, rules: &Rules) -> Result<Equation, ParseError> {
    let err = |kind, position| Err(ParseError { kind, position });
    let mut notation = Notation::default();
    let (mut saw_times, mut saw_divide) = (false, false);
    let mut glyphs = Vec::new();
    let mut equals = 0;
    let mut expect_number = true;
    let mut number_start: Option<usize> = None; // glyph index of the number's first digit
    let mut last_space = false;
    let mut position = 0;
    for (pos, c) in text.chars().enumerate() {
        position = pos + 1;
        if c.is_whitespace() {
            last_space = true;
            continue;
        }
        // Whitespace between two glyphs makes the notation spaced; before
        // the first glyph or after the last it is no part of the equation.
        if last_space && !glyphs.is_empty() {
            notation.spaced = true;
        }
        if glyphs.len() == MAX_GLYPHS {
            return err(ParseErrorKind::TooLong, pos);
        }
        if let Some(d) = c.to_digit(10).filter(|_| c.is_ascii_digit()) {
            if !expect_number && last_space {
                return err(ParseErrorKind::ExpectedOperator, pos);
            }
            match number_start {
                Some(start) if !rules.leading_zeros && glyphs[start] == Glyph::DIGITS[0] => {
                    return err(ParseErrorKind::LeadingZero, pos - 1);
                }
                Some(_) => {}
                None => number_start = Some(glyphs.len()),
            }
            glyphs.push(Glyph::DIGITS[d as usize]);
            expect_number = false;
            last_space = false;
            continue;
        }
        let op = match c {
            '+' => Op::Plus,
            '-' | '−' => Op::Minus,
            'x' | 'X' | '*' | '×' => {
                if !saw_times {
                    notation.times = c;
                    saw_times = true;
                }
                Op::Times
            }
            '/' | '÷' => {
                if !saw_divide {
                    notation.divide = c;
                    saw_divide = true;
                }
                Op::Divide
            }
            '=' => Op::Equals,
            _ => return err(ParseErrorKind::UnexpectedChar(c), pos),
        };
        if expect_number {
            return err(ParseErrorKind::ExpectedNumber, pos);
        }
        if op == Op::Equals {
            equals += 1;
            if equals > 1 && !rules.multiple_equals {
                return err(ParseErrorKind::TooManyEquals, pos);
            }
        }
        glyphs.push(Glyph::op(op));
        expect_number = true;
        number_start = None;
        last_space = false;
    }
    if glyphs.is_empty() {
        return err(ParseErrorKind::Empty, position);
    }
    if expect_number {
        return err(ParseErrorKind::ExpectedNumber, position);
    }
    if equals == 0 {
        return err(ParseErrorKind::MissingEquals, position);
    }
    Ok(Equation { glyphs, notation })
}

impl FromStr for Equation {
    type Err = ParseError;

    /// Parses under [`Rules::default`].
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Rules::default().parse(s)
    }
}

impl fmt::Display for Equation {
    /// Writes the equation in its [`Notation`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for g in &self.glyphs {
            match g.as_op() {
                None => write!(f, "{g}")?,
                Some(op) if self.notation.spaced => write!(f, " {} ", self.notation.sign(op))?,
                Some(op) => write!(f, "{}", self.notation.sign(op))?,
            }
        }
        Ok(())
    }
}
