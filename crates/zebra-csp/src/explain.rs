//! Step-by-step explanations, built from the CSP's observer: every domain
//! reduction arrives with the constraint that made it.

use std::fmt;
use std::sync::Arc;

use kongming_search::control::{Budget, Outcome, StopReason};
use kongming_search::csp::{Cause, Domain, Observer, Reduction, SmallDomain, Var};

use crate::house::{Category, House, Item};
use crate::network::{self, Origin};
use crate::probe::{Core, Watch, core};
use crate::puzzle::Puzzle;
use crate::solution::Solution;
use crate::solve::{SharedProgress, SolveOptions, Solver};

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
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum Reason {
    /// A clue, by its index in [`Puzzle::clues`] (from 0; the text calls
    /// clue 0 "clue 1", and so does the serialized form: `{"clue":1}`),
    /// rules the values out.
    Clue(#[cfg_attr(feature = "serde", serde(with = "crate::serial::clue_number"))] usize),
    /// A category has one value per house: the values are taken
    /// elsewhere, or a value has only these houses left.
    Category(Category),
    /// Singleton arc consistency: supposing `item` is in `house` leads to a
    /// contradiction by propagation alone (the step's
    /// [`refutation`](Step::refutation) shows how), so it is not there.
    Refuted {
        /// The value supposed.
        item: Item,
        /// The house supposed.
        house: House,
    },
    /// A case split: propagation is stuck, so `item` is tried in `house`
    /// (the house it has in the solution; the other houses are left to the
    /// search, which [`Solver`] runs in full).
    CaseSplit {
        /// The value placed.
        item: Item,
        /// The house it is placed in.
        house: House,
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
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Change {
    /// The value.
    pub item: Item,
    /// Its possible houses before (from the left).
    pub before: Vec<House>,
    /// Its possible houses after.
    pub after: Vec<House>,
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
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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

pub(crate) fn houses(d: &SmallDomain) -> Vec<House> {
    d.iter().map(|h| House::at(h as usize)).collect()
}

fn house_list(houses: &[House]) -> String {
    let names: Vec<String> = houses.iter().map(House::to_string).collect();
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
    /// let colour = puzzle.category("colour").unwrap();
    /// assert_eq!(Reason::Category(colour).to_text(&puzzle), "one colour per house");
    /// ```
    pub fn to_text(&self, puzzle: &Puzzle) -> String {
        match *self {
            Reason::Clue(i) => match puzzle.clues().get(i) {
                Some(clue) => format!("clue {} ({})", i + 1, puzzle.clue_text(clue)),
                None => format!("clue {}", i + 1),
            },
            Reason::Category(c) => format!("one {} per house", puzzle.category_name(c)),
            Reason::Refuted { item, house } => format!(
                "supposing {} were in house {house} leads to a contradiction",
                puzzle.value_name(item),
            ),
            Reason::CaseSplit { item, house } => format!(
                "CASE SPLIT: propagation is stuck; try {} in house {house}",
                puzzle.value_name(item),
            ),
        }
    }
}

impl Step {
    /// What the step concludes, in words: `X: in house k` or `X: not in
    /// houses a, b`, joined by `; ` (the name first, so that it reads
    /// whatever its number: "horses: in house 2").
    ///
    /// # Example
    ///
    /// ```
    /// let puzzle = kongming_zebra_csp::einstein();
    /// let explanation = puzzle.explain();
    /// let step = &explanation.steps()[0];
    /// assert_eq!(step.conclusion(&puzzle), "white: not in house 1; green: not in house 5");
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
                        // "name: …" reads whatever the name's number
                        // ("horses is not …" did not).
                        [only] => format!("{name}: not in house {house}, so in house {only}"),
                        _ => format!("{name}: not in house {house}"),
                    };
                }
                if c.after.len() == 1 {
                    format!("{name}: in house {}", c.after[0])
                } else {
                    let gone: Vec<House> = c
                        .before
                        .iter()
                        .copied()
                        .filter(|h| !c.after.contains(h))
                        .collect();
                    format!("{name}: not in {}", house_list(&gone))
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
/// grid (or to a contradiction), from [`Puzzle::explain`] or
/// [`Solver::explain`].
///
/// Replaying the steps' changes on full domains reaches the solution; each
/// step is justified by its reason alone. An explanation stopped by its
/// budget ([`outcome`](Explanation::outcome)) has the steps made until
/// then, and no solution.
///
/// [`Display`](fmt::Display) writes one numbered step per line, case splits
/// marked `CASE SPLIT`, and how it ended.
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
    pub(crate) puzzle: Puzzle,
    pub(crate) steps: Vec<Step>,
    pub(crate) solution: Option<Solution>,
    pub(crate) contradiction: Option<Reason>,
    pub(crate) outcome: Outcome,
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

    /// The solution reached, or `None` when the puzzle has none (or the
    /// explanation stopped first).
    ///
    /// # Example
    ///
    /// See [`Explanation`].
    pub fn solution(&self) -> Option<&Solution> {
        self.solution.as_ref()
    }

    /// The puzzle explained.
    ///
    /// # Example
    ///
    /// ```
    /// let puzzle = kongming_zebra_csp::einstein();
    /// assert_eq!(puzzle.explain().puzzle(), &puzzle);
    /// ```
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// [`Outcome::Complete`] when the explanation reached the solution (or
    /// the contradiction), else why its budget stopped it.
    ///
    /// # Example
    ///
    /// See [`Solver::explain`].
    pub fn outcome(&self) -> Outcome {
        self.outcome
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
    /// assert!(matches!(explanation.contradiction(), Some(Reason::Category(_) | Reason::Clue(_))));
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
        if let Outcome::Stopped(reason) = self.outcome {
            return writeln!(f, "Stopped before the end: {reason}.");
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
pub(crate) struct Recorder {
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
    /// A recorder for `network`'s constraints, with nothing recorded.
    pub(crate) fn new(network: &network::Network, positions: usize) -> Self {
        Recorder {
            origins: network.origins.clone().into(),
            positions,
            steps: Vec::new(),
            pending: None,
            pending_refutation: Vec::new(),
            pending_contradiction: None,
            conflict: None,
        }
    }

    /// The steps recorded so far.
    pub(crate) fn steps(&self) -> &[Step] {
        &self.steps
    }

    fn reason_of(&self, cause: Cause) -> Option<Reason> {
        match cause {
            Cause::Constraint(id) => Some(match self.origins[id.index()] {
                Origin::Category(c) => Reason::Category(Category::at(c)),
                Origin::Clue(i) => Reason::Clue(i),
                Origin::Negation => return None,
            }),
            Cause::Caller => self.pending,
            _ => None,
        }
    }

    pub(crate) fn item_of(&self, var: Var) -> Item {
        Item::at(var.index() / self.positions, var.index() % self.positions)
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

/// How a search for one refutation ended.
pub(crate) enum Refutation {
    /// A value was ruled out.
    Found,
    /// No value's supposition fails by propagation.
    None,
    /// The budget's clock or flag stopped the tests.
    Stopped(StopReason),
}

/// Explains `puzzle` with `options` within `budget` (see
/// [`Solver::explain`]).
pub(crate) fn explain<'p>(
    puzzle: &'p Puzzle,
    options: SolveOptions,
    budget: &Budget,
    progress: Option<SharedProgress<'p>>,
) -> Explanation {
    let mut meter = budget.start();
    let mut explanation = Explanation {
        puzzle: puzzle.clone(),
        steps: Vec::new(),
        solution: None,
        contradiction: None,
        outcome: Outcome::Complete,
    };
    if let Some(reason) = meter.check_now() {
        explanation.outcome = Outcome::Stopped(reason);
        return explanation;
    }
    let network = network::build(puzzle);
    let recorder = Recorder::new(&network, puzzle.positions());
    let vars: Vec<Var> = network.vars.iter().flatten().copied().collect();
    let mut mac = core(network.model, recorder);
    let singleton = options.uses_singleton_consistency();
    let mut watch = singleton.then(|| Watch::of(&meter.remaining(0))).flatten();
    // The case splits of the search for the target and of the steps.
    let mut nodes = 0u64;
    // The solution the case splits head for, found only if needed.
    let mut target: Option<Option<Solution>> = None;
    let outcome = loop {
        if mac.is_failed() || vars.iter().all(|&v| mac.domain(v).len() == 1) {
            break Outcome::Complete;
        }
        if let Some(reason) = meter.exceeded(nodes) {
            break Outcome::Stopped(reason);
        }
        if singleton {
            match refute_one(&mut mac, &vars, watch.as_mut()) {
                Refutation::Found => continue,
                Refutation::Stopped(reason) => break Outcome::Stopped(reason),
                Refutation::None => {}
            }
        }
        if target.is_none() {
            let mut solver = Solver::new(puzzle)
                .budget(meter.remaining(nodes))
                .with_shared_progress(progress.clone());
            let found = solver.next_solution();
            nodes = nodes.saturating_add(solver.stats().case_splits);
            if let (None, Some(Outcome::Stopped(reason))) = (&found, solver.outcome()) {
                break Outcome::Stopped(reason);
            }
            target = Some(found);
        }
        // Case split on the first variable with the fewest values.
        let var = smallest(&mac, &vars);
        let item = mac.observer().item_of(var);
        let house = match target.as_ref().and_then(Option::as_ref) {
            Some(solution) => solution.house_of(item),
            // Unsatisfiable, but propagation is stuck: split anyway on the
            // smallest value, the contradiction comes later.
            None => House::at(mac.domain(var).min().unwrap_or(0) as usize),
        };
        mac.observer_mut().pending = Some(Reason::CaseSplit { item, house });
        nodes += 1;
        let value = u32::try_from(house.index()).expect("at most MAX_POSITIONS houses");
        mac.assign(var, value);
    };
    explanation.outcome = outcome;
    if outcome.is_complete() && !mac.is_failed() {
        let houses = network
            .vars
            .iter()
            .map(|row| {
                row.iter()
                    .map(|&v| House::at(mac.domain(v).single_value().unwrap_or(0) as usize))
                    .collect()
            })
            .collect();
        explanation.solution = Some(Solution::new(puzzle, houses));
    }
    if mac.is_failed() {
        explanation.contradiction = mac.observer().conflict;
    }
    explanation.steps = std::mem::take(&mut mac.observer_mut().steps);
    explanation
}

/// The first unsettled variable with the fewest values.
pub(crate) fn smallest<O>(mac: &Core<O>, vars: &[Var]) -> Var {
    *vars
        .iter()
        .filter(|&&v| mac.domain(v).len() > 1)
        .min_by_key(|&&v| mac.domain(v).len())
        .expect("an unsettled variable")
}

/// Finds one value whose supposition fails by propagation and rules it out
/// (recording the refutation), each supposition counted by `watch`.
pub(crate) fn refute_one(
    mac: &mut Core<Recorder>,
    vars: &[Var],
    mut watch: Option<&mut Watch>,
) -> Refutation {
    for &var in vars {
        let domain = *mac.domain(var);
        if domain.len() < 2 {
            continue;
        }
        for value in domain.iter() {
            if let Some(reason) = watch.as_mut().and_then(|w| w.tick()) {
                return Refutation::Stopped(reason);
            }
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
                house: House::at(value as usize),
            });
            main.pending_refutation = refutation;
            main.pending_contradiction = contradiction;
            mac.exclude(var, value);
            return Refutation::Found;
        }
    }
    Refutation::None
}
