//! The set of operations a game allows, [`Ops`], and its text form.

use std::fmt;
use std::str::FromStr;

use crate::error::{ParseError, ParseErrorKind};
use crate::expr::Op;

bitflags::bitflags! {
    /// The set of operations a game allows.
    ///
    /// Text form: the symbols in the order `+-*/` (`{:#}` writes `+-×÷`),
    /// `none` for the empty set. Reading accepts either set of symbols
    /// (and `−`, `x`, `X`), with spaces between them, each at most once.
    ///
    /// ```
    /// use kongming_game24::{Game, Ops};
    ///
    /// let no_division = Ops::ADD | Ops::SUB | Ops::MUL;
    /// assert!(!no_division.contains(Ops::DIV));
    /// assert_eq!(Ops::default(), Ops::all());
    /// assert_eq!(no_division.to_string(), "+-*");
    /// assert_eq!(format!("{:#}", Ops::all()), "+-×÷");
    /// assert_eq!("× ÷".parse::<Ops>()?, Ops::MUL | Ops::DIV);
    /// assert_eq!("none".parse::<Ops>()?, Ops::empty());
    /// # Ok::<(), kongming_game24::ParseError>(())
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

impl fmt::Display for Ops {
    /// The symbols (ASCII, or Unicode with `{:#}`), or `none`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("none");
        }
        for op in Op::ALL {
            if self.contains(Ops::from_op(op)) {
                fmt::Display::fmt(&op, f)?;
            }
        }
        Ok(())
    }
}

impl FromStr for Ops {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Ops, ParseError> {
        if s.trim() == "none" {
            return Ok(Ops::empty());
        }
        let mut ops = Ops::empty();
        for (at, c) in s.char_indices() {
            if c.is_whitespace() {
                continue;
            }
            let flag = match op_of_symbol(c) {
                Some(op) => Ops::from_op(op),
                None => return Err(ParseError::new(ParseErrorKind::Unexpected(c), at)),
            };
            if ops.contains(flag) {
                return Err(ParseError::new(ParseErrorKind::Unexpected(c), at));
            }
            ops |= flag;
        }
        if ops.is_empty() {
            return Err(ParseError::new(ParseErrorKind::Empty, s.len()));
        }
        Ok(ops)
    }
}

/// The operation a symbol stands for, as expressions read them.
pub(crate) fn op_of_symbol(c: char) -> Option<Op> {
    Some(match c {
        '+' => Op::Add,
        '-' | '−' => Op::Sub,
        '*' | '×' | '·' | 'x' | 'X' => Op::Mul,
        '/' | '÷' => Op::Div,
        _ => return None,
    })
}

impl FromStr for Op {
    type Err = ParseError;

    /// One symbol, as an expression reads it (`+`, `-` or `−`, `*`, `×`,
    /// `·`, `x` or `X`, `/` or `÷`), with spaces around it allowed.
    fn from_str(s: &str) -> Result<Op, ParseError> {
        let lead = s.len() - s.trim_start().len();
        let t = s.trim();
        let mut chars = t.chars();
        match (chars.next(), chars.next()) {
            (None, _) => Err(ParseError::new(ParseErrorKind::Empty, lead)),
            (Some(c), None) => {
                op_of_symbol(c).ok_or(ParseError::new(ParseErrorKind::Unexpected(c), lead))
            }
            (Some(c), Some(d)) => Err(ParseError::new(
                ParseErrorKind::Unexpected(d),
                lead + c.len_utf8(),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips_for_every_set() {
        for bits in 0..16u8 {
            let ops = Ops::from_bits_truncate(bits);
            assert_eq!(ops.to_string().parse::<Ops>(), Ok(ops));
            assert_eq!(format!("{ops:#}").parse::<Ops>(), Ok(ops));
        }
        for op in Op::ALL {
            assert_eq!(op.to_string().parse::<Op>(), Ok(op));
            assert_eq!(format!("{op:#}").parse::<Op>(), Ok(op));
        }
    }

    #[test]
    fn bad_text_is_refused_where_it_goes_wrong() {
        let err = "+-+".parse::<Ops>().unwrap_err();
        assert_eq!(
            (err.kind(), err.position()),
            (&ParseErrorKind::Unexpected('+'), 2)
        );
        let err = "+ %".parse::<Ops>().unwrap_err();
        assert_eq!(
            (err.kind(), err.position()),
            (&ParseErrorKind::Unexpected('%'), 2)
        );
        assert_eq!(
            "  ".parse::<Ops>().unwrap_err().kind(),
            &ParseErrorKind::Empty
        );
        let err = " +-".parse::<Op>().unwrap_err();
        assert_eq!(
            (err.kind(), err.position()),
            (&ParseErrorKind::Unexpected('-'), 2)
        );
        assert_eq!("".parse::<Op>().unwrap_err().kind(), &ParseErrorKind::Empty);
    }
}
