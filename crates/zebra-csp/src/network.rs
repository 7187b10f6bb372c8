//! The puzzle as a CSP of `kongming-search`: one variable per value (its
//! house), one all-different per category, one constraint per clue.

use kongming_search::csp::{Conflict, Constraint, Domain, Model, Propagation, SmallDomain, Var};

use crate::puzzle::{Clue, Puzzle, Term};

/// Where a constraint of the model comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Origin {
    /// The all-different of a category: one value per house.
    Category(usize),
    /// A clue, by index.
    Clue(usize),
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

/// A clue over any terms, propagated to generalised arc consistency by
/// enumerating the tuples of the current domains (at most 16³).
#[derive(Clone, Debug)]
struct ClueConstraint {
    clue: Clue,
    operands: Vec<Operand>,
    scope: Vec<Var>,
}

impl ClueConstraint {
    fn new(clue: Clue, vars: &[Vec<Var>]) -> Self {
        let mut scope = Vec::new();
        let operands = clue
            .terms()
            .into_iter()
            .map(|t| match t {
                Term::Value(item) => {
                    scope.push(vars[item.category][item.value]);
                    Operand::Var(scope.len() - 1)
                }
                Term::House(h) => Operand::House(h as u32),
            })
            .collect();
        ClueConstraint {
            clue,
            operands,
            scope,
        }
    }
}

impl<D: Domain> Constraint<D> for ClueConstraint {
    fn scope(&self) -> &[Var] {
        &self.scope
    }

    fn propagate(&mut self, p: &mut Propagation<'_, D>) -> Result<(), Conflict> {
        let lists: Vec<Vec<u32>> = self
            .operands
            .iter()
            .map(|o| match *o {
                Operand::Var(i) => p.domain(self.scope[i]).iter().collect(),
                Operand::House(h) => vec![h],
            })
            .collect();
        let mut supported = vec![0u64; self.scope.len()];
        let mut index = vec![0usize; lists.len()];
        let mut tuple = vec![0usize; lists.len()];
        'tuples: loop {
            for (t, (l, &i)) in tuple.iter_mut().zip(lists.iter().zip(&index)) {
                *t = l[i] as usize;
            }
            if self.clue.holds_at(&tuple) {
                for (o, &v) in self.operands.iter().zip(&tuple) {
                    if let Operand::Var(i) = *o {
                        supported[i] |= 1 << v;
                    }
                }
            }
            for k in (0..lists.len()).rev() {
                index[k] += 1;
                if index[k] < lists[k].len() {
                    continue 'tuples;
                }
                index[k] = 0;
            }
            break;
        }
        for (i, &var) in self.scope.iter().enumerate() {
            p.retain(var, |v| supported[i] >> v & 1 == 1)?;
        }
        Ok(())
    }

    fn check(&self, values: &[u32]) -> bool {
        let tuple: Vec<usize> = self
            .operands
            .iter()
            .map(|o| match *o {
                Operand::Var(i) => values[self.scope[i].index()] as usize,
                Operand::House(h) => h as usize,
            })
            .collect();
        self.clue.holds_at(&tuple)
    }

    fn is_idempotent(&self) -> bool {
        true
    }
}

/// Builds the CSP of `puzzle`.
pub(crate) fn build(puzzle: &Puzzle) -> Network {
    let n = puzzle.positions();
    let top = u32::try_from(n - 1).expect("at most 16 positions");
    let mut model = Model::<SmallDomain>::new();
    let vars: Vec<Vec<Var>> = (0..puzzle.num_categories())
        .map(|_| {
            model
                .new_vars(n, 0, top)
                .expect("at most 16 positions fit a small domain")
        })
        .collect();
    let mut origins = Vec::new();
    for (c, row) in vars.iter().enumerate() {
        let id = model.all_different(row);
        debug_assert_eq!(id.index(), origins.len());
        origins.push(Origin::Category(c));
    }
    for (i, clue) in puzzle.clues().iter().enumerate() {
        let id = match clue.terms().as_slice() {
            [Term::Value(a), Term::Value(b)] => {
                let clue = *clue;
                model.relation(
                    vars[a.category][a.value],
                    vars[b.category][b.value],
                    move |x, y| clue.holds_at(&[x as usize, y as usize]),
                )
            }
            _ => model.add(ClueConstraint::new(*clue, &vars)),
        };
        debug_assert_eq!(id.index(), origins.len());
        origins.push(Origin::Clue(i));
    }
    Network {
        model,
        vars,
        origins,
    }
}
