//! Step-by-step explanations, built from the CSP's observer: every domain
//! reduction arrives with the constraint that made it.

use std::fmt;
use std::sync::Arc;

use kongming_search::csp::{Cause, Domain, Observer, Reduction, SmallDomain, Var};

use crate::network::{self, Origin};
use crate::puzzle::{Item, Puzzle, Solution};
use crate::solve::{SolveOptions, core};

/// Why a [`Step`] holds.
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::Reason;
/// let explanation = kongming_zebra_csp::einstein().explain();
/// assert_eq!(explanation.steps()[0].reason, Reason::Clue(3)); // green left-of white
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Reason {
    /// A clue (by index) rules the values out.
    Clue(usize),
    /// A category (by index) has one value per house: the values are taken
    /// elsewhere, or a value has only these houses left.
    Category(usize),
    /// Singleton arc consistency: supposing `item` is in `house` leads to a
    /// contradiction by propagation alone (the step's
    /// [`refutation`](Step::refutation) shows how), so it is not there.
    Refuted {
        /// The value supposed.
        item: Item,
        /// The 0-based house supposed.
        house: usize,
    },
    /// A case split: propagation is stuck, so `item` is tried in `house`
    /// (the house it has in the solution; the other houses are left to the
    /// search, which [`Solver`](crate::Solver) runs in full).
    CaseSplit {
        /// The value placed.
        item: Item,
        /// The 0-based house.
        house: usize,
    },
}

/// One value's possible houses shrinking within a [`Step`].
///
/// # Example
///
/// ```
/// let explanation = kongming_zebra_csp::einstein().explain();
/// let change = &explanation.steps()[0].changes[0];
/// assert!(change.after.len() < change.before.len());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Change {
    /// The value.
    pub item: Item,
    /// Its possible houses before (0-based, increasing).
    pub before: Vec<usize>,
    /// Its possible houses after.
    pub after: Vec<usize>,
}

/// One deduction: a reason and what it rules out.
///
/// # Example
///
/// ```
/// let puzzle = kongming_zebra_csp::einstein();
/// let explanation = puzzle.explain();
/// let text = explanation.steps()[0].to_text(&puzzle);
/// assert!(text.starts_with("clue 4 (green left-of white)"), "{text}");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Step {
    /// Why.
    pub reason: Reason,
    /// What changes, in order.
    pub changes: Vec<Change>,
    /// For [`Reason::Refuted`]: the propagation that followed the
    /// supposition, up to the contradiction.
    pub refutation: Vec<Step>,
    /// For [`Reason::Refuted`]: the clue or category that found no room left.
    pub contradiction: Option<Reason>,
}

fn houses(d: &SmallDomain) -> Vec<usize> {
    d.iter().map(|h| h as usize).collect()
}

fn house_list(houses: &[usize]) -> String {
    let names: Vec<String> = houses.iter().map(|h| (h + 1).to_string()).collect();
    match names.len() {
        0 => "no house".to_string(),
        1 => format!("house {}", names[0]),
        _ => format!("houses {}", names.join(", ")),
    }
}

impl Reason {
    /// The reason in words.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::Reason;
    /// let puzzle = kongming_zebra_csp::einstein();
    /// assert_eq!(Reason::Clue(8).to_text(&puzzle), "clue 9 (Norwegian at 1)");
    /// assert_eq!(Reason::Category(1).to_text(&puzzle), "one colour per house");
    /// ```
    pub fn to_text(&self, puzzle: &Puzzle) -> String {
        match *self {
            Reason::Clue(i) => match puzzle.clues().get(i) {
                Some(clue) => format!("clue {} ({})", i + 1, puzzle.clue_text(clue)),
                None => format!("clue {}", i + 1),
            },
            Reason::Category(c) => format!("one {} per house", puzzle.category_name(c)),
            Reason::Refuted { item, house } => format!(
                "supposing {} is in house {} leads to a contradiction",
                puzzle.value_name(item),
                house + 1
            ),
            Reason::CaseSplit { item, house } => format!(
                "CASE SPLIT: propagation is stuck; try {} in house {}",
                puzzle.value_name(item),
                house + 1
            ),
        }
    }
}

impl Step {
    /// What the step concludes, in words: `X is in house k` or
    /// `X is not in houses a, b`, joined by `; `.
    ///
    /// # Example
    ///
    /// ```
    /// let puzzle = kongming_zebra_csp::einstein();
    /// let explanation = puzzle.explain();
    /// let step = &explanation.steps()[0];
    /// assert_eq!(step.conclusion(&puzzle), "white is not in house 1; green is not in house 5");
    /// ```
    pub fn conclusion(&self, puzzle: &Puzzle) -> String {
        let parts: Vec<String> = self
            .changes
            .iter()
            .map(|c| {
                let name = puzzle.value_name(c.item);
                if let Reason::Refuted { item, house } = self.reason
                    && item == c.item
                {
                    return match c.after.as_slice() {
                        [only] => format!(
                            "{name} is not in house {}, so it is in house {}",
                            house + 1,
                            only + 1
                        ),
                        _ => format!("{name} is not in house {}", house + 1),
                    };
                }
                if c.after.len() == 1 {
                    format!("{name} is in house {}", c.after[0] + 1)
                } else {
                    let gone: Vec<usize> = c
                        .before
                        .iter()
                        .copied()
                        .filter(|h| !c.after.contains(h))
                        .collect();
                    format!("{name} is not in {}", house_list(&gone))
                }
            })
            .collect();
        parts.join("; ")
    }

    /// The step in words (several lines for a refutation).
    ///
    /// # Example
    ///
    /// See [`Step`].
    pub fn to_text(&self, puzzle: &Puzzle) -> String {
        if let Reason::CaseSplit { .. } = self.reason {
            // The only change is the split itself.
            return self.reason.to_text(puzzle);
        }
        let mut out = format!(
            "{}: {}",
            self.reason.to_text(puzzle),
            self.conclusion(puzzle)
        );
        if let Reason::Refuted { .. } = self.reason {
            for step in &self.refutation {
                out.push_str("\n    then ");
                out.push_str(&step.to_text(puzzle).replace('\n', "\n    "));
            }
            if let Some(c) = self.contradiction {
                out.push_str(&format!(
                    "\n    then {} leaves no room: contradiction",
                    c.to_text(puzzle)
                ));
            }
        }
        out
    }
}

/// A step-by-step solution: deductions from the first clue to the full
/// grid (or to a contradiction).
///
/// [`Display`](fmt::Display) writes one numbered step per line, case splits
/// marked `CASE SPLIT`.
///
/// # Example
///
/// ```
/// let puzzle = kongming_zebra_csp::einstein();
/// let explanation = puzzle.explain();
/// assert_eq!(explanation.case_splits(), 0);
/// assert_eq!(explanation.solution(), puzzle.solve().as_ref());
/// let text = explanation.to_string();
/// assert!(text.lines().next().unwrap().starts_with("1. clue 4 (green left-of white)"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    puzzle: Puzzle,
    steps: Vec<Step>,
    solution: Option<Solution>,
    contradiction: Option<Reason>,
}

impl Explanation {
    /// The steps, in order.
    ///
    /// # Example
    ///
    /// See [`Explanation`].
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The solution reached, or `None` when the puzzle has none.
    ///
    /// # Example
    ///
    /// See [`Explanation`].
    pub fn solution(&self) -> Option<&Solution> {
        self.solution.as_ref()
    }

    /// The number of case splits (guesses) among the steps.
    ///
    /// # Example
    ///
    /// ```
    /// assert!(kongming_zebra_csp::life().explain().case_splits() > 0);
    /// ```
    pub fn case_splits(&self) -> usize {
        self.count(|r| matches!(r, Reason::CaseSplit { .. }))
    }

    /// The number of singleton refutations among the steps.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::SolveOptions;
    /// let options = SolveOptions::new().singleton_consistency(true);
    /// let explanation = kongming_zebra_csp::life().explain_with(&options);
    /// assert_eq!(explanation.case_splits(), 0);
    /// assert!(explanation.refutations() > 0);
    /// ```
    pub fn refutations(&self) -> usize {
        self.count(|r| matches!(r, Reason::Refuted { .. }))
    }

    /// For a puzzle without solution: the clue or category that found no
    /// room left at the end.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::{Puzzle, Reason};
    /// let puzzle: Puzzle = "pet: cat dog\ncat at 1\ndog at 1\n".parse()?;
    /// let explanation = puzzle.explain();
    /// assert!(explanation.solution().is_none());
    /// assert!(matches!(explanation.contradiction(), Some(Reason::Category(0) | Reason::Clue(_))));
    /// assert!(explanation.to_string().contains("the puzzle has no solution"));
    /// # Ok::<(), kongming_zebra_csp::ParseError>(())
    /// ```
    pub fn contradiction(&self) -> Option<Reason> {
        self.contradiction
    }

    fn count(&self, f: impl Fn(&Reason) -> bool) -> usize {
        self.steps.iter().filter(|s| f(&s.reason)).count()
    }
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, step) in self.steps.iter().enumerate() {
            writeln!(f, "{}. {}", i + 1, step.to_text(&self.puzzle))?;
        }
        match (&self.solution, self.contradiction) {
            (Some(_), _) => writeln!(f, "Every value has its house: solved."),
            (None, Some(reason)) => writeln!(
                f,
                "Then {} leaves no room: the puzzle has no solution.",
                reason.to_text(&self.puzzle)
            ),
            (None, None) => writeln!(f, "A contradiction: the puzzle has no solution."),
        }
    }
}

/// The observer that turns reductions into steps.
#[derive(Clone)]
struct Recorder {
    origins: Arc<[Origin]>,
    positions: usize,
    steps: Vec<Step>,
    /// The reason for the caller's next reductions.
    pending: Option<Reason>,
    /// What the pending reason's step carries.
    pending_refutation: Vec<Step>,
    pending_contradiction: Option<Reason>,
    conflict: Option<Reason>,
}

impl Recorder {
    fn reason_of(&self, cause: Cause) -> Option<Reason> {
        match cause {
            Cause::Constraint(id) => Some(match self.origins[id.index()] {
                Origin::Category(c) => Reason::Category(c),
                Origin::Clue(i) => Reason::Clue(i),
                Origin::Negation => return None,
            }),
            Cause::Caller => self.pending,
            _ => None,
        }
    }

    fn item_of(&self, var: Var) -> Item {
        Item {
            category: var.index() / self.positions,
            value: var.index() % self.positions,
        }
    }
}

impl Observer<SmallDomain> for Recorder {
    fn on_reduction(&mut self, r: &Reduction<'_, SmallDomain>) {
        let Some(reason) = self.reason_of(r.cause) else {
            return;
        };
        let change = Change {
            item: self.item_of(r.var),
            before: houses(r.before),
            after: houses(r.after),
        };
        let caller = r.cause == Cause::Caller;
        match self.steps.last_mut() {
            Some(last) if !caller && last.reason == reason => last.changes.push(change),
            _ => {
                let (refutation, contradiction) = if caller {
                    (
                        std::mem::take(&mut self.pending_refutation),
                        self.pending_contradiction.take(),
                    )
                } else {
                    (Vec::new(), None)
                };
                self.steps.push(Step {
                    reason,
                    changes: vec![change],
                    refutation,
                    contradiction,
                });
            }
        }
    }

    fn on_conflict(&mut self, cause: Cause, _depth: usize) {
        self.conflict = self.reason_of(cause);
    }
}

impl Puzzle {
    /// Explains a solution step by step with the default options
    /// (propagation, and case splits where it is stuck).
    ///
    /// # Example
    ///
    /// See [`Explanation`].
    pub fn explain(&self) -> Explanation {
        self.explain_with(&SolveOptions::new())
    }

    /// Explains a solution step by step. With singleton consistency on,
    /// every value is tried before any case split, and the ones whose
    /// propagation fails are ruled out (steps with [`Reason::Refuted`]).
    ///
    /// Replaying the steps' changes on full domains reaches the solution;
    /// each step is justified by its reason alone.
    ///
    /// # Example
    ///
    /// See [`Explanation::refutations`].
    pub fn explain_with(&self, options: &SolveOptions) -> Explanation {
        let network = network::build(self);
        let recorder = Recorder {
            origins: network.origins.clone().into(),
            positions: self.positions(),
            steps: Vec::new(),
            pending: None,
            pending_refutation: Vec::new(),
            pending_contradiction: None,
            conflict: None,
        };
        let vars: Vec<Var> = network.vars.iter().flatten().copied().collect();
        let mut mac = core(network.model, recorder);
        // The solution the case splits head for, found only if needed.
        let mut target: Option<Option<Solution>> = None;
        loop {
            if mac.is_failed() {
                break;
            }
            let settled = vars.iter().all(|&v| mac.domain(v).len() == 1);
            if settled {
                break;
            }
            if options.uses_singleton_consistency() && refute_one(&mut mac, &vars) {
                continue;
            }
            // Case split on the first variable with the fewest values.
            let target = target.get_or_insert_with(|| self.solve());
            let Some(solution) = target else {
                // Unsatisfiable, but propagation is stuck: split anyway on
                // the smallest value, the contradiction comes later.
                let var = smallest(&mac, &vars);
                let house = mac.domain(var).min().unwrap_or(0);
                let item = mac.observer().item_of(var);
                mac.observer_mut().pending = Some(Reason::CaseSplit {
                    item,
                    house: house as usize,
                });
                mac.assign(var, house);
                continue;
            };
            let var = smallest(&mac, &vars);
            let item = mac.observer().item_of(var);
            let house = solution.house_of(item);
            mac.observer_mut().pending = Some(Reason::CaseSplit { item, house });
            let house = u32::try_from(house).expect("at most 16 houses");
            mac.assign(var, house);
        }
        let solution = (!mac.is_failed()).then(|| {
            let houses = network
                .vars
                .iter()
                .map(|row| {
                    row.iter()
                        .map(|&v| mac.domain(v).single_value().unwrap_or(0) as usize)
                        .collect()
                })
                .collect();
            Solution::new(self, houses)
        });
        let contradiction = if mac.is_failed() {
            mac.observer().conflict
        } else {
            None
        };
        Explanation {
            puzzle: self.clone(),
            steps: std::mem::take(&mut mac.observer_mut().steps),
            solution,
            contradiction,
        }
    }
}

/// The first unsettled variable with the fewest values.
fn smallest<O>(mac: &crate::solve::Core<O>, vars: &[Var]) -> Var {
    *vars
        .iter()
        .filter(|&&v| mac.domain(v).len() > 1)
        .min_by_key(|&&v| mac.domain(v).len())
        .expect("an unsettled variable")
}

/// Finds one value whose supposition fails by propagation and rules it out
/// (recording the refutation); returns whether it found one.
fn refute_one(mac: &mut crate::solve::Core<Recorder>, vars: &[Var]) -> bool {
    for &var in vars {
        let domain = *mac.domain(var);
        if domain.len() < 2 {
            continue;
        }
        for value in domain.iter() {
            let mut probe = mac.clone();
            {
                let rec = probe.observer_mut();
                rec.steps.clear();
                rec.pending = None;
                rec.conflict = None;
            }
            if probe.assign(var, value) {
                continue;
            }
            let item = mac.observer().item_of(var);
            let rec = probe.observer_mut();
            let refutation = std::mem::take(&mut rec.steps);
            let contradiction = rec.conflict;
            let main = mac.observer_mut();
            main.pending = Some(Reason::Refuted {
                item,
                house: value as usize,
            });
            main.pending_refutation = refutation;
            main.pending_contradiction = contradiction;
            mac.exclude(var, value);
            return true;
        }
    }
    false
}
