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

/// A clue over any terms, propagated to generalised arc consistency by
/// enumerating the tuples of the current domains (at most 16³). The tuples
/// that put two values of one category in the same house are not
/// solutions, so they support nothing.
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
    scope: Vec<Var>,
}

impl ClueConstraint {
    fn new(clue: Clue, negated: bool, vars: &[Vec<Var>]) -> Self {
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
        ClueConstraint {
            clue,
            operands,
            arity,
            apart: Apart::of(&terms[..arity]),
            negated,
            scope,
        }
    }

    /// Whether the tuple `p` of positions satisfies the constraint.
    fn allows(&self, p: &[usize]) -> bool {
        self.apart.allows(p) && self.clue.holds_at(p) != self.negated
    }
}

impl<D: Domain> Constraint<D> for ClueConstraint {
    fn scope(&self) -> &[Var] {
        &self.scope
    }

    fn propagate(&mut self, p: &mut Propagation<'_, D>) -> Result<(), Conflict> {
        let mut masks = [0u64; 3];
        for (m, o) in masks.iter_mut().zip(&self.operands[..self.arity]) {
            *m = match *o {
                Operand::Var(i) => p.domain(self.scope[i]).iter().fold(0, |m, v| m | 1 << v),
                Operand::House(h) => 1 << h,
            };
        }
        // supported[k]: the values of operand k found in a satisfying tuple.
        let mut supported = [0u64; 3];
        for a in ones(masks[0]) {
            for b in ones(masks[1]) {
                if self.arity == 2 {
                    if self.allows(&[a, b]) {
                        supported[0] |= 1 << a;
                        supported[1] |= 1 << b;
                    }
                    continue;
                }
                for c in ones(masks[2]) {
                    if self.allows(&[a, b, c]) {
                        supported[0] |= 1 << a;
                        supported[1] |= 1 << b;
                        supported[2] |= 1 << c;
                    }
                }
            }
        }
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
        _ => model.add(ClueConstraint::new(clue, negated, vars)),
    }
}
