//! A random square of an order and kind, from a seed: the crate's CSP
//! model of the empty grid, searched with each cell's numbers tried in an
//! order shuffled by the seed. The same seed gives the same square on
//! every machine. The draw is not uniform over the squares, but it varies
//! widely with the seed (a test checks that 20 seeds give at least 15
//! order-4 squares).
//!
//! A search with shuffled values has a heavy tail: most orders find a
//! square at once, a few wander for minutes in a part of the space with
//! none. So the draw restarts, with values shuffled anew, after a number
//! of decisions that grows by the Luby sequence (1, 1, 2, 1, 1, 2, 4, …
//! times a base): its time depends little on the seed, and a restart
//! without a cut (a search that ends) still proves there is no square.

use kongming_search::control::{Budget, Outcome, StopReason};
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

/// The decisions of the shortest attempt of a draw: enough for most
/// orders and kinds to find a square in their first attempt.
const RESTART_BASE: u64 = 2_000;

/// The `i`-th term (from 1) of the Luby sequence: 1, 1, 2, 1, 1, 2, 4, 1,
/// 1, 2, 1, 1, 2, 4, 8, …
fn luby(i: u64) -> u64 {
    let mut i = i;
    loop {
        // The smallest k with i <= 2^k - 1.
        let k = 64 - i.leading_zeros();
        if i == (1u64 << k) - 1 {
            return 1u64 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

/// Whether no square of `order` and `kind` exists, where that is known
/// without a search: order 2; a pandiagonal square of order 3; a
/// pandiagonal or associative square of order 4m + 2; an ultramagic
/// (pandiagonal and associative) square of order 4.
fn none_exists(order: usize, kind: Kind) -> bool {
    order == 2
        || (kind.is_pandiagonal() && order == 3)
        || ((kind.is_pandiagonal() || kind.is_associative()) && order % 4 == 2)
        || (kind.is_pandiagonal() && kind.is_associative() && order == 4)
}

/// A random pandiagonal square of an order prime to 6 (associative too
/// when `kind` asks), from `seed`, without a search:
/// n·π((a·i + b·j + c) mod n) + σ((d·i + e·j + f) mod n) + 1, with a, b,
/// a + b, a − b (and d, e, …) prime to n, so that every line and broken
/// diagonal meets every digit once; a·e − b·d prime to n, so that no
/// number repeats; and π, σ any permutations of the digits. Associative
/// when π and σ commute with x ↦ n − 1 − x and c = (n − 1 + a + b) / 2.
/// The search for such squares has a heavy tail (most value orders meet
/// no square for millions of decisions); this draws among all squares of
/// this form, which for order 5 are every pandiagonal square.
fn linear(order: usize, kind: Kind, seed: u64) -> Option<Square> {
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};

    let n = order;
    if !kind.is_pandiagonal() || n < 5 || n.is_multiple_of(3) {
        return None;
    }
    if n.is_multiple_of(4) && n >= 8 {
        return doubly_even(n, kind.is_associative(), seed);
    }
    if n.is_multiple_of(2) {
        return None;
    }
    let associative = kind.is_associative();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    // Whether x is prime to n (x mod n a unit).
    let prime = |x: usize| {
        let (mut a, mut b) = (x % n, n);
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a == 1
    };
    let good = |a: usize, b: usize| prime(a) && prime(b) && prime(a + b) && prime(a + n - b);
    let pairs: Vec<(usize, usize)> = (1..n)
        .flat_map(|a| (1..n).map(move |b| (a, b)))
        .filter(|&(a, b)| good(a, b))
        .collect();
    let (a, b, d, e) = loop {
        let (a, b) = pairs[rng.random_range(0..pairs.len())];
        let (d, e) = pairs[rng.random_range(0..pairs.len())];
        if prime((a * e + n * n - b * d % n) % n) {
            break (a, b, d, e);
        }
    };
    // A permutation of the digits, commuting with x ↦ n − 1 − x when the
    // square must be associative.
    let digits = |rng: &mut rand_chacha::ChaCha8Rng| -> Vec<usize> {
        if associative {
            let half = n / 2;
            let mut low: Vec<usize> = (0..half).collect();
            low.shuffle(rng);
            let mut map = vec![half; n];
            for (x, &y) in low.iter().enumerate() {
                let y = if rng.random_bool(0.5) { y } else { n - 1 - y };
                map[x] = y;
                map[n - 1 - x] = n - 1 - y;
            }
            map
        } else {
            let mut map: Vec<usize> = (0..n).collect();
            map.shuffle(rng);
            map
        }
    };
    let high = digits(&mut rng);
    let low = digits(&mut rng);
    // (n − 1 + a + b) / 2 mod n, n odd.
    let offset = |a: usize, b: usize, rng: &mut rand_chacha::ChaCha8Rng| {
        if associative {
            (n - 1 + a + b) * n.div_ceil(2) % n
        } else {
            rng.random_range(0..n)
        }
    };
    let c = offset(a, b, &mut rng);
    let f = offset(d, e, &mut rng);
    let cells = (0..n * n)
        .map(|cell| {
            let (i, j) = (cell / n, cell % n);
            let x = high[(a * i + b * j + c) % n];
            let y = low[(d * i + e * j + f) % n];
            u32::try_from(n * x + y + 1).expect("a small order")
        })
        .collect();
    Square::from_cells(n, cells)
}

/// A random pandiagonal square of an order `n = 4m ≥ 8` prime to 3
/// (associative too when asked), from `seed`, without a search:
/// n·f((i + 2j + c) mod n) + g((2i + j + e) mod n) + 1. The map
/// (i, j) ↦ (i + 2j, 2i + j) has determinant −3, a unit mod n, so no
/// number repeats. Along a line the arguments step by 1, 2, 3 or −1: a
/// step prime to n meets every digit once; the step 2 meets the even (or
/// the odd) arguments twice, which add up to half of all when f (and g)
/// put half the sum n(n − 1)/2 on the even arguments. Associative when f
/// and g commute with x ↦ n − 1 − x and c = e = 1 (or 1 + n/2).
fn doubly_even(n: usize, associative: bool, seed: u64) -> Option<Square> {
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};

    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let half = n * (n - 1) / 4;
    let even_sum = |f: &[usize]| f.iter().step_by(2).sum::<usize>();
    // A permutation of the digits whose even arguments add up to half;
    // symmetric (f(n − 1 − x) = n − 1 − f(x)) when associative.
    let digits = |rng: &mut rand_chacha::ChaCha8Rng| -> Option<Vec<usize>> {
        for _ in 0..10_000 {
            let f: Vec<usize> = if associative {
                // Each pair {x, n − 1 − x} of arguments (one even, one
                // odd) takes a pair {y, n − 1 − y} of digits.
                let mut images: Vec<usize> = (0..n / 2).collect();
                images.shuffle(rng);
                let mut f = vec![0; n];
                for (x, &y) in images.iter().enumerate() {
                    let y = if rng.random_bool(0.5) { y } else { n - 1 - y };
                    f[x] = y;
                    f[n - 1 - x] = n - 1 - y;
                }
                f
            } else {
                let mut f: Vec<usize> = (0..n).collect();
                f.shuffle(rng);
                f
            };
            if even_sum(&f) == half {
                return Some(f);
            }
        }
        None
    };
    let f = digits(&mut rng)?;
    let g = digits(&mut rng)?;
    let offset = |rng: &mut rand_chacha::ChaCha8Rng| {
        if associative {
            1 + n / 2 * usize::from(rng.random_bool(0.5))
        } else {
            rng.random_range(0..n)
        }
    };
    let c = offset(&mut rng);
    let e = offset(&mut rng);
    let cells = (0..n * n)
        .map(|cell| {
            let (i, j) = (cell / n, cell % n);
            let value = n * f[(i + 2 * j + c) % n] + g[(2 * i + j + e) % n] + 1;
            u32::try_from(value).expect("a small order")
        })
        .collect();
    Square::from_cells(n, cells)
}

/// Draws a square of `order` and `kind` from `seed`, under `budget` (a
/// node is a decision of the search, counted over every attempt).
pub(super) fn draw(
    order: usize,
    kind: Kind,
    seed: u64,
    budget: Budget,
) -> Result<Draw, EnumerationError> {
    let empty = PartialSquare::empty(order).ok_or(EnumerationError::OrderOutOfRange { order })?;
    let SquareModel { model, cells } = SquareModel::new(&empty, kind)?;
    if none_exists(order, kind) {
        return Ok(Draw {
            square: None,
            outcome: Outcome::Complete,
            nodes: 0,
        });
    }
    if let Some(square) = linear(order, kind, seed) {
        return Ok(Draw {
            square: Some(square),
            outcome: Outcome::Complete,
            nodes: 0,
        });
    }
    let meter = budget.start();
    let mut nodes = 0u64;
    for attempt in 1u64.. {
        let cut = RESTART_BASE.saturating_mul(luby(attempt));
        let left = meter.remaining(nodes);
        // The attempt's own cut, unless the caller's budget ends first.
        let restarts = left.node_limit().is_none_or(|limit| limit > cut);
        let part = if restarts {
            left.with_node_limit(cut)
        } else {
            left
        };
        // The first attempt shuffles by the seed itself.
        let shuffle = if attempt == 1 {
            seed
        } else {
            mix(seed ^ mix(attempt))
        };
        let mut solver = Solver::new(model.clone())
            .with_value_order(Shuffled { seed: shuffle })
            .budget(part);
        let square = solver
            .first()
            .and_then(|assignment| SquareModel::square(&cells, order, &assignment));
        nodes += solver.stats().nodes;
        let outcome = solver.outcome().unwrap_or(Outcome::Complete);
        match outcome {
            Outcome::Stopped(StopReason::NodeLimit) if square.is_none() && restarts => {}
            _ => {
                return Ok(Draw {
                    square,
                    outcome,
                    nodes,
                });
            }
        }
    }
    unreachable!("the attempts never end")
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
    fn linear_squares_are_of_their_kind_and_vary() {
        for (order, kind) in [
            (5, Kind::PANDIAGONAL),
            (7, Kind::PANDIAGONAL),
            (5, Kind::ULTRAMAGIC),
            (7, Kind::ULTRAMAGIC),
            (11, Kind::ULTRAMAGIC),
            (8, Kind::PANDIAGONAL),
            (8, Kind::ULTRAMAGIC),
            (16, Kind::ULTRAMAGIC),
        ] {
            let mut seen = std::collections::HashSet::new();
            for seed in 0..20 {
                let square = linear(order, kind, seed).expect("an order prime to 6");
                assert!(square.is(kind), "{order} {kind:?} {seed}");
                seen.insert(square);
            }
            assert!(seen.len() >= 18, "{order}: {}", seen.len());
        }
        assert_eq!(linear(9, Kind::PANDIAGONAL, 0), None);
        assert_eq!(linear(5, Kind::MAGIC, 0), None);
    }

    #[test]
    fn the_luby_sequence() {
        let terms: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(terms, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }

    #[test]
    fn no_square_of_order_two() {
        let drawn = draw(2, Kind::SEMI_MAGIC, 0, Budget::unlimited()).unwrap();
        assert_eq!((drawn.square, drawn.outcome), (None, Outcome::Complete));
    }
}
