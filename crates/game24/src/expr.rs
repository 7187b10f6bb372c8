//! Expression trees: exact evaluation, printing with minimal parentheses,
//! parsing back.

use std::fmt;
use std::str::FromStr;

use num_bigint::BigInt;
use num_traits::{CheckedAdd, CheckedDiv, CheckedMul, CheckedSub, Signed, ToPrimitive, Zero};

use num_rational::BigRational;

use crate::Rational;
use crate::error::{EvalError, ParseError, ParseErrorKind};
use crate::exact::Exact;

/// The most numbers one expression may hold when parsed from text.
///
/// Parsing, printing and evaluating recurse over the tree, so the size of a
/// tree read from text is bounded.
///
/// ```
/// use kongming_game24::{Expr, MAX_EXPR_NUMBERS};
///
/// let long = vec!["1"; MAX_EXPR_NUMBERS + 1].join("+");
/// assert!(long.parse::<Expr>().is_err());
/// ```
pub const MAX_EXPR_NUMBERS: usize = 64;

/// The deepest nesting of parentheses the parser accepts.
///
/// ```
/// use kongming_game24::{Expr, MAX_PAREN_DEPTH};
///
/// let deep = format!("{}1{}", "(".repeat(MAX_PAREN_DEPTH + 1), ")".repeat(MAX_PAREN_DEPTH + 1));
/// assert!(deep.parse::<Expr>().is_err());
/// ```
pub const MAX_PAREN_DEPTH: usize = 64;

/// One of the four arithmetic operations.
///
/// ```
/// use kongming_game24::Op;
///
/// assert_eq!(Op::Div.ascii(), '/');
/// assert_eq!(Op::Div.unicode(), '÷');
/// assert!(Op::Mul.is_commutative());
/// assert_eq!("×".parse::<Op>()?, Op::Mul);
/// # Ok::<(), kongming_game24::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Op {
    /// Addition, `+`.
    Add,
    /// Subtraction, `-`.
    Sub,
    /// Multiplication, `*` (or `×`).
    Mul,
    /// Division, `/` (or `÷`).
    Div,
}

impl Op {
    /// All four operations, in the order `+ - * /`.
    ///
    /// ```
    /// use kongming_game24::Op;
    /// assert_eq!(Op::ALL.len(), 4);
    /// ```
    pub const ALL: [Op; 4] = [Op::Add, Op::Sub, Op::Mul, Op::Div];

    /// The ASCII symbol: `+ - * /`.
    ///
    /// ```
    /// use kongming_game24::Op;
    /// assert_eq!(Op::Mul.ascii(), '*');
    /// ```
    pub const fn ascii(self) -> char {
        match self {
            Op::Add => '+',
            Op::Sub => '-',
            Op::Mul => '*',
            Op::Div => '/',
        }
    }

    /// The Unicode symbol: `+ - × ÷`.
    ///
    /// ```
    /// use kongming_game24::Op;
    /// assert_eq!(Op::Mul.unicode(), '×');
    /// ```
    pub const fn unicode(self) -> char {
        match self {
            Op::Add => '+',
            Op::Sub => '-',
            Op::Mul => '×',
            Op::Div => '÷',
        }
    }

    /// Whether `a op b == b op a` (addition and multiplication).
    ///
    /// ```
    /// use kongming_game24::Op;
    /// assert!(!Op::Sub.is_commutative());
    /// ```
    pub const fn is_commutative(self) -> bool {
        matches!(self, Op::Add | Op::Mul)
    }

    /// Binding strength: 1 for `+ -`, 2 for `* /`.
    ///
    /// ```
    /// use kongming_game24::Op;
    /// assert!(Op::Mul.precedence() > Op::Sub.precedence());
    /// ```
    pub const fn precedence(self) -> u8 {
        match self {
            Op::Add | Op::Sub => 1,
            Op::Mul | Op::Div => 2,
        }
    }

    /// `a op b`, exactly; an error on division by zero or overflow.
    ///
    /// ```
    /// use kongming_game24::{EvalError, Op, Rational};
    ///
    /// let three = Rational::from_integer(3);
    /// assert_eq!(Op::Div.apply(&Rational::from_integer(8), &three)?, Rational::new(8, 3));
    /// assert_eq!(Op::Div.apply(&three, &Rational::from_integer(0)), Err(EvalError::DivisionByZero));
    /// # Ok::<(), EvalError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`EvalError::DivisionByZero`] if `b` is zero; [`EvalError::Overflow`]
    /// if the result does not fit a [`Rational`] (expressions evaluate past
    /// that: [`Expr::eval_exact`]).
    pub fn apply(self, a: &Rational, b: &Rational) -> Result<Rational, EvalError> {
        if self == Op::Div && b.is_zero() {
            return Err(EvalError::DivisionByZero);
        }
        // num-rational's checked operations take the gcd of the parts,
        // which panics on `i64::MIN` (its magnitude does not fit): such
        // values go through big integers.
        let parts = [a.numer(), a.denom(), b.numer(), b.denom()];
        if parts.contains(&&i64::MIN) {
            return self.apply_big(a, b);
        }
        let value = match self {
            Op::Add => a.checked_add(b),
            Op::Sub => a.checked_sub(b),
            Op::Mul => a.checked_mul(b),
            Op::Div => a.checked_div(b),
        };
        value.ok_or(EvalError::Overflow)
    }

    /// [`apply`](Op::apply) through big integers (`b` not zero for a
    /// division); an overflow if the result does not fit a [`Rational`].
    fn apply_big(self, a: &Rational, b: &Rational) -> Result<Rational, EvalError> {
        let big =
            |r: &Rational| BigRational::new(BigInt::from(*r.numer()), BigInt::from(*r.denom()));
        let (x, y) = (big(a), big(b));
        let value = match self {
            Op::Add => x + y,
            Op::Sub => x - y,
            Op::Mul => x * y,
            Op::Div => x / y,
        };
        // In lowest terms with a positive denominator, as `Rational` keeps it.
        match (value.numer().to_i64(), value.denom().to_i64()) {
            (Some(n), Some(d)) => Ok(Rational::new_raw(n, d)),
            _ => Err(EvalError::Overflow),
        }
    }
}

impl fmt::Display for Op {
    /// The ASCII symbol, or the Unicode one with `{:#}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = if f.alternate() {
            self.unicode()
        } else {
            self.ascii()
        };
        write!(f, "{c}")
    }
}

/// An arithmetic expression over exact rationals.
///
/// Printing uses as few parentheses as keep the tree as it is (operators
/// of one precedence group to the left, so `a-(b-c)` keeps its
/// parentheses and `(a-b)-c` prints as `a-b-c`); parsing the printed text
/// gives back an equal tree. `{}` prints ASCII `* /`, `{:#}` Unicode `× ÷`.
/// A number that is not a non-negative integer prints in brackets:
/// `[3/4]`, `[-2]`.
///
/// ```
/// use kongming_game24::{Expr, Rational};
///
/// let e: Expr = "8 / (3 - 8/3)".parse()?;
/// assert_eq!(e.to_string(), "8/(3-8/3)");
/// assert_eq!(format!("{e:#}"), "8÷(3-8÷3)");
/// assert_eq!(e.eval()?, Rational::from_integer(24));
/// assert_eq!(e.to_string().parse::<Expr>()?, e);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Expr {
    /// A number from the hand.
    Num(Rational),
    /// `left op right`.
    Bin(Op, Box<Expr>, Box<Expr>),
}

impl Expr {
    /// A number leaf.
    ///
    /// ```
    /// use kongming_game24::Expr;
    /// assert_eq!(Expr::num(7).to_string(), "7");
    /// ```
    pub fn num(n: impl Into<Rational>) -> Expr {
        Expr::Num(n.into())
    }

    /// `left op right`.
    ///
    /// ```
    /// use kongming_game24::{Expr, Op};
    /// let e = Expr::bin(Op::Mul, Expr::num(4), Expr::bin(Op::Add, Expr::num(5), Expr::num(1)));
    /// assert_eq!(e.to_string(), "4*(5+1)");
    /// ```
    pub fn bin(op: Op, left: Expr, right: Expr) -> Expr {
        Expr::Bin(op, Box::new(left), Box::new(right))
    }

    /// The exact value, as a [`Rational`]; an error on division by zero,
    /// or when the value does not fit a `Rational` (see
    /// [`eval_exact`](Expr::eval_exact) for values of any size).
    ///
    /// Intermediate steps are exact whatever their size: only the result
    /// must fit.
    ///
    /// ```
    /// use kongming_game24::{EvalError, Expr, Rational};
    /// assert_eq!("4/(7/6-1)".parse::<Expr>()?.eval()?, Rational::from_integer(24));
    /// assert_eq!("1/(2-2)".parse::<Expr>()?.eval(), Err(EvalError::DivisionByZero));
    /// let past = "9223372036854775807*2/2".parse::<Expr>()?;
    /// assert_eq!(past.eval()?, Rational::from_integer(i64::MAX));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`EvalError::DivisionByZero`] if a step divides by zero;
    /// [`EvalError::Overflow`] if the value is past the range of `i64`.
    pub fn eval(&self) -> Result<Rational, EvalError> {
        self.exact()?.to_rational().ok_or(EvalError::Overflow)
    }

    /// The exact value, of any size; an error only on division by zero.
    ///
    /// ```
    /// use kongming_game24::{BigInt, BigRational, Expr};
    ///
    /// let e: Expr = "9223372036854775807*2".parse()?;
    /// assert_eq!(e.eval_exact()?, BigRational::from_integer(BigInt::from(i64::MAX) * 2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`EvalError::DivisionByZero`] if a step divides by zero.
    pub fn eval_exact(&self) -> Result<BigRational, EvalError> {
        Ok(self.exact()?.to_big())
    }

    /// The exact value: machine arithmetic while it fits, big integers past.
    pub(crate) fn exact(&self) -> Result<Exact, EvalError> {
        match self {
            Expr::Num(v) => Ok(Exact::Small(*v)),
            Expr::Bin(op, l, r) => Exact::apply(*op, &l.exact()?, &r.exact()?),
        }
    }

    /// The numbers at the leaves, left to right.
    ///
    /// ```
    /// use kongming_game24::{Expr, Rational};
    /// let e: Expr = "(8-2)*(3+1)".parse()?;
    /// let n: Vec<i64> = e.numbers().iter().map(|r| r.to_integer()).collect();
    /// assert_eq!(n, [8, 2, 3, 1]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn numbers(&self) -> Vec<Rational> {
        let mut out = Vec::new();
        self.collect_numbers(&mut out);
        out
    }

    fn collect_numbers(&self, out: &mut Vec<Rational>) {
        match self {
            Expr::Num(v) => out.push(*v),
            Expr::Bin(_, l, r) => {
                l.collect_numbers(out);
                r.collect_numbers(out);
            }
        }
    }

    /// The operation at the root, or `None` for a number.
    ///
    /// ```
    /// use kongming_game24::{Expr, Op};
    /// assert_eq!("2*3+4".parse::<Expr>()?.op(), Some(Op::Add));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn op(&self) -> Option<Op> {
        match self {
            Expr::Num(_) => None,
            Expr::Bin(op, _, _) => Some(*op),
        }
    }

    /// Whether some step divides by a value that is not a whole number or
    /// has a non-integer result (the expression "needs a fraction").
    ///
    /// ```
    /// use kongming_game24::Expr;
    /// assert!("8/(3-8/3)".parse::<Expr>()?.uses_fractions()?);
    /// assert!(!"(8-2)*(3+1)".parse::<Expr>()?.uses_fractions()?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`EvalError::DivisionByZero`] if a step divides by zero.
    pub fn uses_fractions(&self) -> Result<bool, EvalError> {
        fn walk(e: &Expr, seen: &mut bool) -> Result<Exact, EvalError> {
            match e {
                Expr::Num(v) => Ok(Exact::Small(*v)),
                Expr::Bin(op, l, r) => {
                    let v = Exact::apply(*op, &walk(l, seen)?, &walk(r, seen)?)?;
                    if !v.is_integer() {
                        *seen = true;
                    }
                    Ok(v)
                }
            }
        }
        let mut seen = false;
        walk(self, &mut seen)?;
        Ok(seen)
    }

    fn write(&self, f: &mut fmt::Formatter<'_>, unicode: bool) -> fmt::Result {
        match self {
            Expr::Num(v) => write_number(f, v),
            Expr::Bin(op, l, r) => {
                let lp = l.op().is_some_and(|c| c.precedence() < op.precedence());
                let rp = r.op().is_some_and(|c| c.precedence() <= op.precedence());
                write_child(f, l, lp, unicode)?;
                let sym = if unicode { op.unicode() } else { op.ascii() };
                write!(f, "{sym}")?;
                write_child(f, r, rp, unicode)
            }
        }
    }
}

fn write_child(f: &mut fmt::Formatter<'_>, e: &Expr, paren: bool, unicode: bool) -> fmt::Result {
    if paren {
        f.write_str("(")?;
        e.write(f, unicode)?;
        f.write_str(")")
    } else {
        e.write(f, unicode)
    }
}

fn write_number(f: &mut fmt::Formatter<'_>, v: &Rational) -> fmt::Result {
    if v.is_integer() && !v.is_negative() {
        write!(f, "{}", v.numer())
    } else if v.is_integer() {
        write!(f, "[{}]", v.numer())
    } else {
        write!(f, "[{}/{}]", v.numer(), v.denom())
    }
}

impl From<Rational> for Expr {
    fn from(v: Rational) -> Expr {
        Expr::Num(v)
    }
}

impl From<i64> for Expr {
    fn from(v: i64) -> Expr {
        Expr::Num(Rational::from_integer(v))
    }
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, f.alternate())
    }
}

impl FromStr for Expr {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Expr, ParseError> {
        let mut p = Parser {
            s,
            pos: 0,
            depth: 0,
            numbers: 0,
        };
        let e = p.expr()?;
        p.skip_ws();
        match p.peek() {
            None => Ok(e),
            Some(')') => Err(p.error(ParseErrorKind::UnbalancedParen)),
            Some(c) => Err(p.error(ParseErrorKind::Unexpected(c))),
        }
    }
}

/// Parses a number as written in a hand: an integer (`7`, `-2`, `−2`) or
/// a fraction (`3/4`, `-1/2`), or either in brackets (`[3/4]`), with
/// whitespace allowed around each part (`[ 3 / 4 ]`).
pub(crate) fn parse_rational(text: &str, offset: usize) -> Result<Rational, ParseError> {
    let err = |kind, at: usize| ParseError::new(kind, offset + at);
    let lead = text.len() - text.trim_start().len();
    let t = text.trim();
    let (inner, base) = match t.strip_prefix('[').and_then(|u| u.strip_suffix(']')) {
        Some(inner) => (inner, lead + 1),
        None => (t, lead),
    };
    if inner.trim().is_empty() {
        return Err(err(ParseErrorKind::Empty, base));
    }
    let parse_int = |s: &str, at: usize| -> Result<i64, ParseError> {
        let at = at + s.len() - s.trim_start().len();
        let s = s.trim();
        let (negative, digits) = match s.strip_prefix('-').or_else(|| s.strip_prefix('−')) {
            Some(d) => (true, d.trim_start()),
            None => (false, s),
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            let bad = s.chars().next().unwrap_or(' ');
            return Err(err(ParseErrorKind::BadNumber(bad), at));
        }
        // The magnitude of i64::MIN is one past i64::MAX.
        let magnitude = digits
            .parse::<u64>()
            .map_err(|_| err(ParseErrorKind::NumberTooLarge, at))?;
        let value = if negative {
            0i64.checked_sub_unsigned(magnitude)
        } else {
            i64::try_from(magnitude).ok()
        };
        value.ok_or(err(ParseErrorKind::NumberTooLarge, at))
    };
    let (n, d) = match inner.split_once('/') {
        Some((num, den)) => {
            let den_at = base + num.len() + 1;
            let d = parse_int(den, den_at)?;
            if d == 0 {
                let at = den_at + den.len() - den.trim_start().len();
                return Err(err(ParseErrorKind::ZeroDenominator, at));
            }
            let n = parse_int(num, base)?;
            // A negative denominator moves its sign to the numerator, which
            // for i64::MIN does not fit.
            if d < 0 && (n == i64::MIN || d == i64::MIN) {
                let at = den_at + den.len() - den.trim_start().len();
                return Err(err(ParseErrorKind::NumberTooLarge, at));
            }
            (n, d)
        }
        None => (parse_int(inner, base)?, 1),
    };
    Ok(Rational::new(n, d))
}

/// How a number is written in an expression: its integer, or numerator
/// and denominator in lowest terms, with a leading `-` when negative.
fn standard_spelling(v: &Rational) -> String {
    if v.is_integer() {
        v.numer().to_string()
    } else {
        format!("{}/{}", v.numer(), v.denom())
    }
}

struct Parser<'a> {
    s: &'a str,
    pos: usize,
    depth: usize,
    numbers: usize,
}

impl Parser<'_> {
    fn error(&self, kind: ParseErrorKind) -> ParseError {
        ParseError::new(kind, self.pos)
    }

    fn peek(&self) -> Option<char> {
        self.s[self.pos..].chars().next()
    }

    fn skip_ws(&mut self) {
        while let Some(c) = self.peek() {
            if c.is_whitespace() {
                self.pos += c.len_utf8();
            } else {
                break;
            }
        }
    }

    fn op(&mut self, level: u8) -> Option<Op> {
        self.skip_ws();
        let c = self.peek()?;
        let op = crate::ops::op_of_symbol(c)?;
        if op.precedence() != level {
            return None;
        }
        self.pos += c.len_utf8();
        Some(op)
    }

    fn expr(&mut self) -> Result<Expr, ParseError> {
        let mut left = self.term()?;
        while let Some(op) = self.op(1) {
            let right = self.term()?;
            left = Expr::bin(op, left, right);
        }
        Ok(left)
    }

    fn term(&mut self) -> Result<Expr, ParseError> {
        let mut left = self.atom()?;
        while let Some(op) = self.op(2) {
            let right = self.atom()?;
            left = Expr::bin(op, left, right);
        }
        Ok(left)
    }

    fn atom(&mut self) -> Result<Expr, ParseError> {
        self.skip_ws();
        let start = self.pos;
        match self.peek() {
            None => Err(self.error(ParseErrorKind::UnexpectedEnd)),
            Some('(') => {
                if self.depth >= MAX_PAREN_DEPTH {
                    return Err(self.error(ParseErrorKind::TooDeep));
                }
                self.depth += 1;
                self.pos += 1;
                let e = self.expr()?;
                self.skip_ws();
                if self.peek() != Some(')') {
                    return Err(match self.peek() {
                        None => ParseError::new(ParseErrorKind::UnbalancedParen, start),
                        Some(c) => self.error(ParseErrorKind::Unexpected(c)),
                    });
                }
                self.pos += 1;
                self.depth -= 1;
                Ok(e)
            }
            Some('[') => {
                let Some(len) = self.s[start..].find(']') else {
                    return Err(ParseError::new(ParseErrorKind::UnclosedBracket, start));
                };
                let v = parse_rational(&self.s[start..=start + len], start)?;
                // A number is written as itself: `[16/2]` is not an 8.
                let written: String = self.s[start + 1..start + len]
                    .chars()
                    .filter(|c| !c.is_whitespace())
                    .map(|c| if c == '−' { '-' } else { c })
                    .collect();
                let standard = standard_spelling(&v);
                if written != standard {
                    // As it is written in an expression: a fraction or a
                    // negative number in brackets.
                    let spelled = if v.is_integer() && *v.numer() >= 0 {
                        standard
                    } else {
                        format!("[{standard}]")
                    };
                    let kind = ParseErrorKind::NonStandardNumber(spelled);
                    return Err(ParseError::new(kind, start));
                }
                self.pos = start + len + 1;
                self.leaf(v, start)
            }
            Some(c) if c.is_ascii_digit() => {
                let len = self.s[start..]
                    .bytes()
                    .take_while(u8::is_ascii_digit)
                    .count();
                self.pos += len;
                let v = self.s[start..self.pos]
                    .parse::<i64>()
                    .map_err(|_| ParseError::new(ParseErrorKind::NumberTooLarge, start))?;
                if len > 1 && self.s[start..].starts_with('0') {
                    let kind = ParseErrorKind::NonStandardNumber(v.to_string());
                    return Err(ParseError::new(kind, start));
                }
                self.leaf(Rational::from_integer(v), start)
            }
            Some('-' | '−') => Err(self.error(ParseErrorKind::UnaryMinus)),
            Some(')') => Err(self.error(ParseErrorKind::Unexpected(')'))),
            Some(c) => Err(self.error(ParseErrorKind::Unexpected(c))),
        }
    }

    fn leaf(&mut self, v: Rational, start: usize) -> Result<Expr, ParseError> {
        self.numbers += 1;
        if self.numbers > MAX_EXPR_NUMBERS {
            return Err(ParseError::new(ParseErrorKind::TooManyNumbers, start));
        }
        Ok(Expr::Num(v))
    }
}
