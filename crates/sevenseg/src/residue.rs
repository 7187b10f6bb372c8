//! A quick, sound test for falsity: every side evaluated modulo 2^64.
//!
//! Each side's exact value is a fraction `num / den` whose numerator and
//! denominator are integer sums and products of the numbers (the
//! denominator the product of the divisors, no reduction). Wrapping
//! arithmetic on `u64` is a ring homomorphism of the integers, so when
//! `num1 * den2 - num2 * den1` is not 0 modulo 2^64 the two sides differ
//! (or a divisor is 0, and the equation is false anyway). The test reads
//! an equation number by number (each number followed by the operator
//! after it, or [`END`]). Both [`Equation::is_true`](crate::Equation::is_true)
//! (reading glyphs) and the solver (reading the numbers it keeps up to date
//! as glyphs change) drive the same [`Residue`] machine.

// Glyph codes: digits 0-9, then the operators in `Op::ALL` order, then the end.
pub(crate) const PLUS: usize = 10;
pub(crate) const MINUS: usize = 11;
pub(crate) const TIMES: usize = 12;
pub(crate) const DIVIDE: usize = 13;
pub(crate) const EQUALS: usize = 14;
/// The code read after the last number.
pub(crate) const END: usize = 15;

/// What reading one number and the operator after it found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Read {
    /// Nothing decided yet.
    Going,
    /// Two sides differ (or a divisor is 0): the equation is false.
    Differs,
}

/// How the next number joins the current term.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Join {
    /// It starts a new term.
    #[default]
    Starts,
    /// It multiplies the term.
    Times,
    /// It divides the term.
    Divides,
}

/// The state of the test between numbers: the first side, the running sum
/// of the current side and the term being built, each as a numerator and
/// a denominator, and how the next number joins the term.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Residue {
    first: Option<(u64, u64)>,
    sum: (u64, u64),
    term: (u64, u64),
    negative: bool,
    join: Join,
}

impl Default for Residue {
    fn default() -> Self {
        Residue {
            first: None,
            sum: (0, 1),
            term: (0, 1),
            negative: false,
            join: Join::Starts,
        }
    }
}

impl Residue {
    /// Reads a number (its value modulo 2^64) and the operator code after
    /// it (or [`END`]).
    #[inline]
    pub(crate) fn read(&mut self, number: u64, op: usize) -> Read {
        match self.join {
            Join::Starts => self.term = (number, 1),
            Join::Times => self.term.0 = self.term.0.wrapping_mul(number),
            Join::Divides => self.term.1 = self.term.1.wrapping_mul(number),
        }
        match op {
            TIMES => self.join = Join::Times,
            DIVIDE => self.join = Join::Divides,
            _ => {
                let (n, d) = self.term;
                let n = if self.negative { n.wrapping_neg() } else { n };
                self.sum = if d == 1 && self.sum.1 == 1 {
                    (self.sum.0.wrapping_add(n), 1)
                } else {
                    (
                        self.sum
                            .0
                            .wrapping_mul(d)
                            .wrapping_add(n.wrapping_mul(self.sum.1)),
                        self.sum.1.wrapping_mul(d),
                    )
                };
                self.negative = op == MINUS;
                self.join = Join::Starts;
                if op >= EQUALS {
                    match self.first {
                        None => self.first = Some(self.sum),
                        Some((n, d)) => {
                            if n.wrapping_mul(self.sum.1) != self.sum.0.wrapping_mul(d) {
                                return Read::Differs;
                            }
                        }
                    }
                    self.sum = (0, 1);
                }
            }
        }
        Read::Going
    }

    /// Reads `number_at(j)` with `ops[j]` for each `j` in `from..ops.len()`
    /// (the last op being [`END`]).
    #[inline]
    pub(crate) fn finish(
        mut self,
        from: usize,
        ops: &[u8],
        mut number_at: impl FnMut(usize) -> u64,
    ) -> Read {
        for (j, &op) in ops.iter().enumerate().skip(from) {
            if self.read(number_at(j), usize::from(op)) == Read::Differs {
                return Read::Differs;
            }
        }
        Read::Going
    }
}
