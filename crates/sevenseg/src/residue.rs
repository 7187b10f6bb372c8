//! A quick, sound test for falsity: every side evaluated modulo 2^64.
//!
//! Wrapping arithmetic on `u64` is a ring homomorphism of the integers, so
//! two sides whose residues differ have different values. The test reads an
//! equation number by number (each number followed by the operator after
//! it, or [`END`]) and gives up at the first division, where it can say
//! nothing. Both [`Equation::is_true`](crate::Equation::is_true) (reading
//! glyphs) and the solver (reading the numbers it keeps up to date as
//! glyphs change) drive the same [`Residue`] machine.

// Glyph codes: digits 0-9, then the operators in `Op::ALL` order, then the end.
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
    /// Two sides differ: the equation is false.
    Differs,
    /// A division: the test can say nothing.
    GivesUp,
}

/// The state of the test between numbers: the first side's residue, the
/// running sum of the current side, the term being multiplied and how the
/// next number joins it.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Residue {
    first: Option<u64>,
    sum: u64,
    term: u64,
    negative: bool,
    times: bool,
}

impl Residue {
    /// Reads a number (its value modulo 2^64) and the operator code after
    /// it (or [`END`]).
    #[inline]
    pub(crate) fn read(&mut self, number: u64, op: usize) -> Read {
        self.term = if self.times {
            self.term.wrapping_mul(number)
        } else {
            number
        };
        match op {
            TIMES => self.times = true,
            DIVIDE => return Read::GivesUp,
            _ => {
                self.sum = if self.negative {
                    self.sum.wrapping_sub(self.term)
                } else {
                    self.sum.wrapping_add(self.term)
                };
                self.negative = op == MINUS;
                self.times = false;
                if op >= EQUALS {
                    match self.first {
                        None => self.first = Some(self.sum),
                        Some(f) if f != self.sum => return Read::Differs,
                        Some(_) => {}
                    }
                    self.sum = 0;
                }
            }
        }
        Read::Going
    }

    /// Reads `numbers[j]` with `ops[j]` for each `j` in `from..count` (the
    /// last op being [`END`]), with `number_at` giving each number.
    #[inline]
    pub(crate) fn finish(
        mut self,
        from: usize,
        ops: &[u8],
        mut number_at: impl FnMut(usize) -> u64,
    ) -> Read {
        for (j, &op) in ops.iter().enumerate().skip(from) {
            match self.read(number_at(j), usize::from(op)) {
                Read::Going => {}
                decided => return decided,
            }
        }
        Read::Going
    }
}
