//! Linear (in)equalities over integer variables, propagated on bounds.

use std::fmt;

use super::constraint::{Conflict, Constraint, Propagation};
use super::domain::Domain;
use super::var::Var;

/// How the two sides of a [`Linear`] constraint compare.
///
/// # Example
///
/// ```
/// use kongming_search::csp::Comparison;
/// assert!(Comparison::AtMost.holds(3, 5));
/// assert!(!Comparison::Equal.holds(3, 5));
/// assert_eq!(Comparison::AtLeast.to_string(), ">=");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Comparison {
    /// `sum == rhs`
    Equal,
    /// `sum <= rhs`
    AtMost,
    /// `sum >= rhs`
    AtLeast,
}

impl Comparison {
    /// Whether `lhs` compares to `rhs` this way.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::Comparison;
    /// assert!(Comparison::AtLeast.holds(5, 5));
    /// ```
    #[must_use]
    pub fn holds(self, lhs: i128, rhs: i128) -> bool {
        match self {
            Comparison::Equal => lhs == rhs,
            Comparison::AtMost => lhs <= rhs,
            Comparison::AtLeast => lhs >= rhs,
        }
    }
}

impl fmt::Display for Comparison {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Comparison::Equal => "==",
            Comparison::AtMost => "<=",
            Comparison::AtLeast => ">=",
        })
    }
}

/// `Σ coefficient × variable (==, <= or >=) rhs`, propagated on bounds.
///
/// Each term's least and greatest contribution are summed; every variable
/// is then narrowed to the values that keep the sum within reach of `rhs`,
/// repeated until nothing changes. Arithmetic is in `i128`, which cannot
/// overflow for `i64` coefficients and `u32` values on up to 2^31 terms.
/// Built with [`Model::linear`](super::Model::linear) or
/// [`Model::sum`](super::Model::sum).
///
/// # Example
///
/// `2x + 3y = 12` with `x, y` in `0..=6`:
///
/// ```
/// use kongming_search::csp::{Comparison, Model, SmallDomain, Solver};
///
/// let mut model = Model::<SmallDomain>::new();
/// let (x, y) = (model.new_var(0, 6)?, model.new_var(0, 6)?);
/// model.linear(&[(2, x), (3, y)], Comparison::Equal, 12);
/// let mut found: Vec<(u32, u32)> = Solver::new(model).solutions().map(|s| (s[x], s[y])).collect();
/// found.sort();
/// assert_eq!(found, [(0, 4), (3, 2), (6, 0)]);
/// # Ok::<(), kongming_search::csp::ModelError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Linear {
    vars: Vec<Var>,
    coefficients: Vec<i64>,
    comparison: Comparison,
    rhs: i64,
}

impl Linear {
    /// The constraint `Σ coefficient × variable (comparison) rhs`.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Comparison, Linear, Model, SmallDomain, Solver};
    ///
    /// let mut model = Model::<SmallDomain>::new();
    /// let v = model.new_vars(3, 0, 9)?;
    /// model.add(Linear::new(&[(1, v[0]), (1, v[1]), (1, v[2])], Comparison::AtMost, 1));
    /// assert_eq!(Solver::new(model).count(), 4);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    #[must_use]
    pub fn new(terms: &[(i64, Var)], comparison: Comparison, rhs: i64) -> Self {
        Linear {
            vars: terms.iter().map(|&(_, v)| v).collect(),
            coefficients: terms.iter().map(|&(c, _)| c).collect(),
            comparison,
            rhs,
        }
    }

    /// The least and greatest value of `c × x` over the domain of `x`.
    fn term_bounds<D: Domain>(p: &Propagation<'_, D>, c: i64, x: Var) -> (i128, i128) {
        let (lo, hi) = (i128::from(p.min(x)), i128::from(p.max(x)));
        let c = i128::from(c);
        if c >= 0 {
            (c * lo, c * hi)
        } else {
            (c * hi, c * lo)
        }
    }

    /// Narrows `x` so that `lo <= c × x <= hi`.
    fn narrow<D: Domain>(
        p: &mut Propagation<'_, D>,
        c: i64,
        x: Var,
        lo: i128,
        hi: i128,
    ) -> Result<bool, Conflict> {
        if lo > hi {
            return Err(Conflict);
        }
        let c = i128::from(c);
        let (x_lo, x_hi) = if c > 0 {
            (div_ceil(lo, c), div_floor(hi, c))
        } else if c < 0 {
            (div_ceil(hi, c), div_floor(lo, c))
        } else {
            return if lo <= 0 && 0 <= hi {
                Ok(false)
            } else {
                Err(Conflict)
            };
        };
        if x_hi < 0 || x_lo > x_hi {
            return Err(Conflict);
        }
        let clamp = |v: i128| u32::try_from(v.max(0)).unwrap_or(u32::MAX);
        p.restrict_range(x, clamp(x_lo), clamp(x_hi))
    }
}

fn div_floor(a: i128, b: i128) -> i128 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

fn div_ceil(a: i128, b: i128) -> i128 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) == (b < 0)) {
        q + 1
    } else {
        q
    }
}

impl<D: Domain> Constraint<D> for Linear {
    fn scope(&self) -> &[Var] {
        &self.vars
    }

    fn propagate(&mut self, p: &mut Propagation<'_, D>) -> Result<(), Conflict> {
        let rhs = i128::from(self.rhs);
        loop {
            let (mut sum_lo, mut sum_hi) = (0i128, 0i128);
            for (&c, &x) in self.coefficients.iter().zip(&self.vars) {
                let (lo, hi) = Self::term_bounds(p, c, x);
                sum_lo += lo;
                sum_hi += hi;
            }
            let (need_lo, need_hi) = match self.comparison {
                Comparison::Equal => (rhs, rhs),
                Comparison::AtMost => (i128::MIN / 4, rhs),
                Comparison::AtLeast => (rhs, i128::MAX / 4),
            };
            if sum_lo > need_hi || sum_hi < need_lo {
                return Err(Conflict);
            }
            let mut changed = false;
            for (&c, &x) in self.coefficients.iter().zip(&self.vars) {
                let (lo, hi) = Self::term_bounds(p, c, x);
                // The other terms contribute between sum_lo - lo and sum_hi - hi.
                let term_lo = need_lo - (sum_hi - hi);
                let term_hi = need_hi - (sum_lo - lo);
                if term_lo <= lo && hi <= term_hi {
                    continue;
                }
                if Self::narrow(p, c, x, term_lo.max(lo), term_hi.min(hi))? {
                    changed = true;
                    let (new_lo, new_hi) = Self::term_bounds(p, c, x);
                    sum_lo += new_lo - lo;
                    sum_hi += new_hi - hi;
                }
            }
            if !changed {
                return Ok(());
            }
        }
    }

    fn check(&self, values: &[u32]) -> bool {
        let sum: i128 = self
            .coefficients
            .iter()
            .zip(&self.vars)
            .map(|(&c, x)| i128::from(c) * i128::from(values[x.index()]))
            .sum();
        self.comparison.holds(sum, i128::from(self.rhs))
    }

    fn is_idempotent(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floor_and_ceil_division_round_the_right_way() {
        for a in -20i128..=20 {
            for b in [-7i128, -3, -1, 1, 2, 5] {
                let exact = a as f64 / b as f64;
                assert_eq!(div_floor(a, b), exact.floor() as i128, "{a}/{b}");
                assert_eq!(div_ceil(a, b), exact.ceil() as i128, "{a}/{b}");
            }
        }
    }
}
