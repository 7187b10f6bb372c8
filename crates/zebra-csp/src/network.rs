//! The puzzle as a CSP of `kongming-search`: one variable per value (its
//! house), one all-different per category, one constraint per clue.

use kongming_search::csp::{
    Conflict, Constraint, ConstraintId, Domain, Model, Propagation, SmallDomain, Var,
};

use crate::clue::{Clue, Term};
use crate::feasible::Apart;
use crate::puzzle::Puzzle;

/// Where a constraint of the model comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Origin {
    /// The all-different of a category: one value per house.
    Category(usize),
    /// A clue, by index.
    Clue(usize),
    /// The negation of a clue (only in the generator's checks, which are
    /// never explained).
    Negation,
}

/// The model and how to read it.
pub(crate) struct Network {
    pub(crate) model: Model<SmallDomain>,
    /// `vars[category][value]`.
    pub(crate) vars: Vec<Vec<Var>>,
    /// `origins[constraint id]`.
    pub(crate) origins: Vec<Origin>,
}

/// An operand of a clue constraint: a variable of its scope, or a house.
#[derive(Clone, Copy, Debug)]
enum Operand {
    Var(usize),
    House(u32),
}

/// The set bits of a mask, in increasing order.
fn ones(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            bit
        })
    })
}

/// A clue over any terms, propagated to generalised arc consistency: for
/// each combination of positions of the terms but the last in the current
/// domains (at most 16²), the positions of the last that complete a
/// satisfying tuple, as one mask. The tuples that put two values of one
/// category in the same house are not solutions, so they support nothing.
#[derive(Clone, Debug)]
struct ClueConstraint {
    clue: Clue,
    /// The operands, `arity` of them.
    operands: [Operand; 3],
    arity: usize,
    /// The pairs of operands that are values of one category.
    apart: Apart,
    /// Whether the constraint is the clue's negation (the generator asks
    /// for a grid where a clue is false).
    negated: bool,
    /// The number of positions of the row, and those positions as bits.
    positions: usize,
    row: u64,
    /// For a clue of one value, the others houses (`A at 3`, `A left-of 3`,
    /// `A with 1 or 5`, …): the value's positions that satisfy it, the same
    /// in every state.
    fixed: Option<u64>,
    scope: Vec<Var>,
}

impl ClueConstraint {
    fn new(clue: Clue, negated: bool, vars: &[Vec<Var>], n: usize) -> Self {
        let mut scope = Vec::new();
        let mut operands = [Operand::House(0); 3];
        let (terms, arity) = clue.term_array();
        for (o, t) in operands.iter_mut().zip(&terms[..arity]) {
            *o = match *t {
                Term::Value(item) => {
                    scope.push(vars[item.category().index()][item.index()]);
                    Operand::Var(scope.len() - 1)
                }
                Term::House(h) => {
                    Operand::House(u32::try_from(h.index()).expect("at most MAX_POSITIONS houses"))
                }
            };
        }
        let row = (1u64 << n) - 1;
        let scope_len = scope.len();
        let mut constraint = ClueConstraint {
            clue,
            operands,
            arity,
            apart: Apart::of(&terms[..arity]),
            negated,
            positions: n,
            row,
            fixed: None,
            scope,
        };
        // With one value among its terms (the others houses), the clue only
        // says where that value may be: the positions where the clue (or
        // its negation) holds with the houses where they are.
        if scope_len == 1 {
            let mut tuple = [0usize; 3];
            for (t, o) in tuple.iter_mut().zip(&operands[..arity]) {
                if let Operand::House(h) = *o {
                    *t = h as usize;
                }
            }
            let var = operands[..arity]
                .iter()
                .position(|o| matches!(o, Operand::Var(_)))
                .expect("one value");
            constraint.fixed = Some((0..n).fold(0u64, |m, v| {
                tuple[var] = v;
                m | u64::from(clue.holds_at(&tuple[..arity]) != negated) << v
            }));
        }
        constraint
    }

    /// Per operand, its positions found in a tuple that satisfies the
    /// constraint, each variable's positions being `domain(variable's
    /// index in the scope)`.
    fn supported(&self, domain: impl Fn(usize) -> u64) -> [u64; 3] {
        let mut masks = [0u64; 3];
        for (m, o) in masks.iter_mut().zip(&self.operands[..self.arity]) {
            *m = match *o {
                Operand::Var(i) => domain(i),
                Operand::House(h) => 1 << h,
            };
        }
        let mut supported = [0u64; 3];
        for a in ones(masks[0]) {
            if self.arity == 2 {
                let last = self.last_positions(&[a]) & masks[1];
                if last != 0 {
                    supported[0] |= 1 << a;
                    supported[1] |= last;
                }
                continue;
            }
            for b in ones(masks[1]) {
                let last = self.last_positions(&[a, b]) & masks[2];
                if last != 0 {
                    supported[0] |= 1 << a;
                    supported[1] |= 1 << b;
                    supported[2] |= last;
                }
            }
        }
        supported
    }

    /// With the operands but the last at positions `p`: the positions of
    /// the last that satisfy the constraint.
    fn last_positions(&self, p: &[usize]) -> u64 {
        let holds = self.clue.last_mask(p, self.positions);
        let mask = if self.negated {
            self.row & !holds
        } else {
            holds
        };
        mask & !self.apart.barred_for_last(p)
    }
}

impl<D: Domain> Constraint<D> for ClueConstraint {
    fn scope(&self) -> &[Var] {
        &self.scope
    }

    fn propagate(&mut self, p: &mut Propagation<'_, D>) -> Result<(), Conflict> {
        if let Some(keep) = self.fixed {
            p.retain(self.scope[0], |v| keep >> v & 1 == 1)?;
            return Ok(());
        }
        // supported[k]: the values of operand k found in a satisfying tuple.
        let supported =
            self.supported(|i| p.domain(self.scope[i]).iter().fold(0, |m, v| m | 1 << v));
        for (k, o) in self.operands[..self.arity].iter().enumerate() {
            match *o {
                Operand::Var(i) => {
                    let keep = supported[k];
                    p.retain(self.scope[i], |v| keep >> v & 1 == 1)?;
                }
                Operand::House(_) => {
                    if supported[k] == 0 {
                        return Err(Conflict);
                    }
                }
            }
        }
        Ok(())
    }

    fn check(&self, values: &[u32]) -> bool {
        let mut tuple = [0usize; 3];
        for (t, o) in tuple.iter_mut().zip(&self.operands[..self.arity]) {
            *t = match *o {
                Operand::Var(i) => values[self.scope[i].index()] as usize,
                Operand::House(h) => h as usize,
            };
        }
        self.clue.holds_at(&tuple[..self.arity]) != self.negated
    }

    fn is_idempotent(&self) -> bool {
        true
    }
}

/// Builds the CSP of `puzzle`.
pub(crate) fn build(puzzle: &Puzzle) -> Network {
    build_from(puzzle, puzzle.clues(), None)
}

/// Builds the CSP of `puzzle`'s categories with `clues` (in place of the
/// puzzle's own), and the negation of `negated` if given: the grids where
/// all of `clues` hold and `negated` does not.
pub(crate) fn build_from(puzzle: &Puzzle, clues: &[Clue], negated: Option<&Clue>) -> Network {
    let n = puzzle.positions();
    let top = u32::try_from(n - 1).expect("at most MAX_POSITIONS positions");
    let categories = puzzle.num_categories();
    let constraints = categories + clues.len() + usize::from(negated.is_some());
    let mut model = Model::<SmallDomain>::with_capacity(categories * n, constraints);
    let vars: Vec<Vec<Var>> = (0..categories)
        .map(|_| {
            model
                .new_vars(n, 0, top)
                .expect("MAX_POSITIONS positions fit a small domain")
        })
        .collect();
    let mut origins = Vec::with_capacity(constraints);
    for (c, row) in vars.iter().enumerate() {
        let id = model.all_different(row);
        debug_assert_eq!(id.index(), origins.len());
        origins.push(Origin::Category(c));
    }
    for (i, clue) in clues.iter().enumerate() {
        let id = add_clue(&mut model, &vars, n, *clue, false);
        debug_assert_eq!(id.index(), origins.len());
        origins.push(Origin::Clue(i));
    }
    if let Some(clue) = negated {
        add_clue(&mut model, &vars, n, *clue, true);
        origins.push(Origin::Negation);
    }
    Network {
        model,
        vars,
        origins,
    }
}

/// Adds the constraint of `clue` (or of its negation) to `model`.
fn add_clue(
    model: &mut Model<SmallDomain>,
    vars: &[Vec<Var>],
    n: usize,
    clue: Clue,
    negated: bool,
) -> ConstraintId {
    let (terms, arity) = clue.term_array();
    match &terms[..arity] {
        [Term::Value(a), Term::Value(b)] => {
            // Values of one category are in different houses: the relation
            // says so too.
            let one_category = a.category() == b.category();
            let all = (1u64 << n) - 1;
            model.relation_from_rows(
                vars[a.category().index()][a.index()],
                vars[b.category().index()][b.index()],
                move |x| {
                    let mut mask = clue
                        .partner_mask(x as usize, n)
                        .expect("a clue of two terms");
                    if negated {
                        mask = all & !mask;
                    }
                    if one_category {
                        mask &= !(1u64 << x);
                    }
                    SmallDomain::from_bits(mask)
                },
            )
        }
        _ => model.add(ClueConstraint::new(clue, negated, vars, n)),
    }
}

#[cfg(test)]
mod tests {
    use kongming_search::csp::{Model, SmallDomain, Var};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::{ClueConstraint, Operand};
    use crate::clue::{Clue, Term};
    use crate::house::{House, Item};

    /// The supports by the definition: every tuple of the domains, kept if
    /// the clue (or its negation) holds and values of one category differ.
    fn enumerated(c: &ClueConstraint, masks: &[u64; 3]) -> [u64; 3] {
        let bits = |m: u64| (0..64).filter(move |b| m >> b & 1 == 1);
        let mut supported = [0u64; 3];
        for a in bits(masks[0]) {
            for b in bits(masks[1]) {
                for x in bits(if c.arity == 3 { masks[2] } else { 1 }) {
                    let p = [a, b, x];
                    let p = &p[..c.arity];
                    if c.apart.allows(p) && c.clue.holds_at(p) != c.negated {
                        for (s, &q) in supported.iter_mut().zip(p) {
                            *s |= 1 << q;
                        }
                    }
                }
            }
        }
        supported
    }

    #[test]
    fn supports_match_the_enumeration_of_tuples() {
        let mut rng = ChaCha8Rng::seed_from_u64(20);
        for n in [2, 3, 5, 8, 16] {
            let mut model = Model::<SmallDomain>::new();
            let top = u32::try_from(n - 1).unwrap();
            let vars: Vec<Vec<Var>> = (0..2).map(|_| model.new_vars(n, 0, top).unwrap()).collect();
            for _ in 0..400 {
                // Terms of two categories (so some pairs are of one
                // category) or houses.
                let mut term = || {
                    if rng.random_range(0..4) == 0 {
                        Term::House(House::at(rng.random_range(0..n)))
                    } else {
                        Term::Value(Item::at(rng.random_range(0..2), rng.random_range(0..n)))
                    }
                };
                let (a, b, c) = (term(), term(), term());
                let clue = match rng.random_range(0..18) {
                    0 => Clue::Same(a, b),
                    1 => Clue::NotSame(a, b),
                    2 => Clue::LeftOf(a, b),
                    3 => Clue::RightOf(a, b),
                    4 => Clue::SomewhereLeftOf(a, b),
                    5 => Clue::SomewhereRightOf(a, b),
                    6 => Clue::NextTo(a, b),
                    7 => Clue::NotNextTo(a, b),
                    8 => Clue::Distance(a, rng.random_range(1..n), b),
                    9 => Clue::Between(a, b, c),
                    10 => Clue::EitherOr(a, b, c),
                    16 => Clue::EitherAt(
                        a,
                        b,
                        House::at(rng.random_range(0..n)),
                        House::at(rng.random_range(0..n)),
                    ),
                    17 => Clue::NotBetween(a, b, c),
                    k => Clue::EitherSide(a, b, crate::Side::ALL[k - 11], c),
                };
                let terms = clue.terms();
                if terms
                    .iter()
                    .enumerate()
                    .any(|(i, t)| terms[..i].contains(t))
                {
                    continue;
                }
                let constraint = ClueConstraint::new(clue, rng.random_bool(0.3), &vars, n);
                let row = (1u64 << n) - 1;
                let domains: Vec<u64> = (0..3).map(|_| rng.random::<u64>() & row).collect();
                let supported = constraint.supported(|i| domains[i]);
                let mut masks = [0u64; 3];
                for (m, o) in masks
                    .iter_mut()
                    .zip(&constraint.operands[..constraint.arity])
                {
                    *m = match *o {
                        Operand::Var(i) => domains[i],
                        Operand::House(h) => 1 << h,
                    };
                }
                assert_eq!(supported, enumerated(&constraint, &masks), "{clue:?} n={n}");
                // A clue of one value: its positions on a full domain.
                assert_eq!(constraint.fixed.is_some(), constraint.scope.len() == 1);
                if let Some(fixed) = constraint.fixed {
                    let var = constraint.operands[..constraint.arity]
                        .iter()
                        .position(|o| matches!(o, Operand::Var(_)))
                        .unwrap();
                    let mut full = masks;
                    full[var] = row;
                    assert_eq!(fixed, enumerated(&constraint, &full)[var], "{clue:?} n={n}");
                }
            }
        }
    }
}
