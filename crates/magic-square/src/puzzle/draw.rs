//! A random square of an order and kind, from a seed: the crate's CSP
//! model of the empty grid, searched with each cell's numbers tried in an
//! order shuffled by the seed. The same seed gives the same square on
//! every machine. The draw is not uniform over the squares, but it varies
//! widely with the seed (a test checks that 20 seeds give at least 15
//! order-4 squares).

use kongming_search::control::{Budget, Outcome};
use kongming_search::csp::{Domain, Solver, ValueOrder, Var};

use crate::complete::SquareModel;
use crate::{EnumerationError, Kind, PartialSquare, Square};

/// Each variable's values in an order fixed by a seed: sorted by a hash
/// of the seed, the variable and the value.
#[derive(Clone, Copy, Debug)]
struct Shuffled {
    seed: u64,
}

/// SplitMix64's finaliser: a well-mixed hash of a word.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

impl<D: Domain> ValueOrder<D> for Shuffled {
    fn order(&self, var: Var, domain: &D) -> impl Iterator<Item = u32> {
        let mut values: Vec<u32> = domain.iter().collect();
        let var = var.index() as u64;
        values.sort_by_cached_key(|&v| mix(self.seed ^ mix(var << 32 | u64::from(v))));
        values.into_iter()
    }
}

/// A drawn square, how the draw ended and the decisions it took.
pub(super) struct Draw {
    /// `None` if there is no square of the order and kind (with a complete
    /// outcome) or the budget ran out.
    pub(super) square: Option<Square>,
    pub(super) outcome: Outcome,
    pub(super) nodes: u64,
}

/// Draws a square of `order` and `kind` from `seed`, under `budget` (a
/// node is a decision of the search).
pub(super) fn draw(
    order: usize,
    kind: Kind,
    seed: u64,
    budget: Budget,
) -> Result<Draw, EnumerationError> {
    let empty = PartialSquare::empty(order).ok_or(EnumerationError::OrderOutOfRange { order })?;
    let SquareModel { model, cells } = SquareModel::new(&empty, kind)?;
    let mut solver = Solver::new(model)
        .with_value_order(Shuffled { seed })
        .budget(budget);
    let square = solver
        .first()
        .and_then(|assignment| SquareModel::square(&cells, order, &assignment));
    Ok(Draw {
        square,
        outcome: solver.outcome().unwrap_or(Outcome::Complete),
        nodes: solver.stats().nodes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_are_squares_of_the_kind_and_vary_with_the_seed() {
        let mut seen = std::collections::HashSet::new();
        for seed in 0..20 {
            let drawn = draw(4, Kind::MAGIC, seed, Budget::unlimited()).unwrap();
            let square = drawn.square.expect("order 4 has magic squares");
            assert!(square.is(Kind::MAGIC));
            seen.insert(square);
        }
        assert!(seen.len() >= 15, "only {} different squares", seen.len());
        let again = draw(4, Kind::MAGIC, 3, Budget::unlimited()).unwrap().square;
        assert_eq!(
            again,
            draw(4, Kind::MAGIC, 3, Budget::unlimited()).unwrap().square
        );
    }

    #[test]
    fn no_square_of_order_two() {
        let drawn = draw(2, Kind::SEMI_MAGIC, 0, Budget::unlimited()).unwrap();
        assert_eq!((drawn.square, drawn.outcome), (None, Outcome::Complete));
    }
}
