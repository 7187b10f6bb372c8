//! Which solutions a list counts as the same: the documented rules
//! ([`Equivalence::Standard`]), or a finer one.

use std::fmt::Write;

use crate::canon::Canonical;
use crate::error::EvalError;
use crate::expr::Expr;

/// When two solutions count as the same, for [`Game::solutions`](crate::Game::solutions)
/// and [`Solver::iter_solutions`](crate::Solver::iter_solutions).
///
/// ```
/// use kongming_game24::{Equivalence, Game};
///
/// let game = Game::new(&[1, 2, 3, 4], 24)?;
/// assert_eq!(game.solutions()?.len(), 3);
/// let trees = game.with_equivalence(Equivalence::Structural).solutions()?;
/// assert_eq!(trees.len(), 52);
/// # Ok::<(), kongming_game24::GameError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum Equivalence {
    /// The crate's rules ("Distinct solutions" in the crate docs): sums
    /// and products regrouped, signs moved, idle parts pooled. The lists
    /// of 4nums.com for 24 follow it hand for hand.
    #[default]
    Standard,
    /// Structurally different expressions: two solutions are the same
    /// only when one is the other with the operands of some `+` or `*`
    /// swapped (`4*(3+2+1)` and `(1+2+3)*4` are, `(3+2)+1` and `3+(2+1)`
    /// are not).
    Structural,
}

/// The class of a solution under an equivalence.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Class {
    Standard(Canonical),
    Structural(String),
}

impl Equivalence {
    pub(crate) fn class(self, e: &Expr) -> Result<Class, EvalError> {
        Ok(match self {
            Equivalence::Standard => Class::Standard(Canonical::of(e)?),
            Equivalence::Structural => Class::Structural(tree_key(e)),
        })
    }
}

/// The tree fully parenthesised, the operands of `+` and `*` in text
/// order: equal exactly for trees equal up to swapping those operands.
fn tree_key(e: &Expr) -> String {
    match e {
        Expr::Num(v) => {
            let mut s = String::new();
            let _ = write!(s, "{v}");
            s
        }
        Expr::Bin(op, l, r) => {
            let (mut a, mut b) = (tree_key(l), tree_key(r));
            if op.is_commutative() && b < a {
                std::mem::swap(&mut a, &mut b);
            }
            format!("({a}{op}{b})")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(text: &str) -> String {
        tree_key(&text.parse::<Expr>().expect("parses"))
    }

    #[test]
    fn trees_equal_up_to_commuting() {
        assert_eq!(key("4*(3+2+1)"), key("(2+3+1)*4"));
        assert_ne!(key("(3+2)+1"), key("3+(2+1)"));
        assert_ne!(key("3-2"), key("2-3"));
        assert_ne!(key("[1/2]*3"), key("1/2*3"));
    }
}
