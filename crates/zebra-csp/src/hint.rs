//! The next step from the player's grid: the one deduction that can be made
//! now from the marks and the clues, or which mark is wrong.

use std::fmt;

use kongming_search::control::{Budget, Meter, Outcome, StopReason};
use kongming_search::csp::{Domain, SmallDomain, Var};

use crate::answers::Uniqueness;
use crate::explain::{Change, Reason, Recorder, Refutation, Step, houses, refute_one, smallest};
use crate::house::{House, Item};
use crate::marks::{Mark, Marks, MarksError};
use crate::network::{self, Network};
use crate::probe::{Watch, core};
use crate::puzzle::Puzzle;
use crate::solution::Solution;
use crate::solve::{SharedProgress, Solver};

/// What a [`Hint`] says.
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::{HintKind, Marks, Reason};
/// let puzzle = kongming_zebra_csp::einstein();
/// let hint = puzzle.hint(&Marks::new(&puzzle))?;
/// let HintKind::Next(step) = hint.kind() else { panic!("a step") };
/// assert_eq!(step.reason, Reason::Clue(3)); // green left-of white
/// # Ok::<(), kongming_zebra_csp::MarksError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum HintKind {
    /// Every value is placed, rightly: the puzzle is solved.
    Solved,
    /// The next deduction: the first step the explainer
    /// ([`Puzzle::explain`]) takes from the marks. A clue's or a category's
    /// propagation if one rules something out; else a refutation
    /// ([`Reason::Refuted`]: supposing a value in a house leads to a
    /// contradiction); else a case split ([`Reason::CaseSplit`]) on the
    /// house the value has in the solution. Every change is true in the
    /// solution.
    Next(Step),
    /// A mark that is wrong in the puzzle's one solution (the first such
    /// mark, by category, value and house).
    Undo {
        /// The value marked.
        item: Item,
        /// The house marked.
        house: House,
        /// The wrong mark.
        mark: Mark,
        /// How many marks are wrong in all.
        wrong: usize,
    },
    /// The puzzle has several solutions, and no solution has all the marks:
    /// this mark (by category, value and house) is the first whose
    /// addition to the marks before it leaves none.
    DeadEnd {
        /// The value marked.
        item: Item,
        /// The house marked.
        house: House,
        /// The mark.
        mark: Mark,
    },
    /// The puzzle itself has no solution.
    NoSolution,
    /// The budget ([`Solver::budget`]) stopped the work before the marks
    /// were checked and a hint found.
    Stopped(StopReason),
}

/// The next step from a player's [`Marks`] ([`Puzzle::hint`],
/// [`EnglishPuzzle::hint`](crate::english::EnglishPuzzle::hint)): what to
/// mark next and why, or which mark is wrong, or that the grid is solved.
///
/// [`Display`](fmt::Display) says it in words: the clue's own text (for an
/// English puzzle, its sentence). [`marks`](Hint::marks) lists the cells to
/// mark and [`apply`](Hint::apply) marks them (for a wrong mark: erases
/// it), so that following hints from any grid ends in the solution.
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::{HintKind, Marks};
/// let puzzle = kongming_zebra_csp::einstein();
/// let mut marks = Marks::new(&puzzle);
/// let hint = puzzle.hint(&marks)?;
/// assert_eq!(
///     hint.to_string(),
///     "white: not in house 1; green: not in house 5, because of clue 4 (green left-of white)."
/// );
/// hint.apply(&mut marks);
/// assert_eq!(marks.to_string(), "green not-at 5\nwhite not-at 1\n");
/// // Follow the hints to the end.
/// while !matches!(puzzle.hint(&marks)?.kind(), HintKind::Solved) {
///     puzzle.hint(&marks)?.apply(&mut marks);
/// }
/// assert_eq!(marks, Marks::from_solution(&puzzle.solve().unwrap()));
/// # Ok::<(), kongming_zebra_csp::MarksError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Hint {
    kind: HintKind,
    text: String,
}

impl Hint {
    pub(crate) fn new(kind: HintKind, text: String) -> Self {
        Hint { kind, text }
    }

    /// What the hint says.
    ///
    /// # Example
    ///
    /// See [`HintKind`].
    pub fn kind(&self) -> &HintKind {
        &self.kind
    }

    /// Whether the grid is solved.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::Marks;
    /// let puzzle = kongming_zebra_csp::einstein();
    /// let solved = Marks::from_solution(&puzzle.solve().unwrap());
    /// assert!(puzzle.hint(&solved)?.is_solved());
    /// assert_eq!(puzzle.hint(&solved)?.to_string(), "Solved: every value has its house.");
    /// # Ok::<(), kongming_zebra_csp::MarksError>(())
    /// ```
    pub fn is_solved(&self) -> bool {
        self.kind == HintKind::Solved
    }

    /// The cells to mark, as `(value, house, mark)`: for a step, no where
    /// it rules a house out and yes where it leaves one house; for a wrong
    /// or contradicting mark, [`Mark::Unknown`] (erase it); nothing when
    /// solved or without solution.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::{Mark, Marks};
    /// let puzzle = kongming_zebra_csp::einstein();
    /// let wrong = Marks::parse(&puzzle, "Brit at 1")?; // the Norwegian is there
    /// let hint = puzzle.hint(&wrong)?;
    /// let brit = puzzle.item("Brit").unwrap();
    /// assert_eq!(hint.marks(), [(brit, puzzle.house(1).unwrap(), Mark::Unknown)]);
    /// assert_eq!(hint.to_string(), "The mark 'Brit at 1' is wrong: erase it.");
    /// # Ok::<(), kongming_zebra_csp::MarksError>(())
    /// ```
    pub fn marks(&self) -> Vec<(Item, House, Mark)> {
        match &self.kind {
            HintKind::Next(step) => step_marks(step),
            HintKind::Undo { item, house, .. } | HintKind::DeadEnd { item, house, .. } => {
                vec![(*item, *house, Mark::Unknown)]
            }
            HintKind::Solved | HintKind::NoSolution | HintKind::Stopped(_) => Vec::new(),
        }
    }

    /// Marks [`marks`](Hint::marks) on `marks`.
    ///
    /// # Example
    ///
    /// See [`Hint`].
    pub fn apply(&self, marks: &mut Marks) {
        for (item, house, mark) in self.marks() {
            marks.set(item, house, mark);
        }
    }
}

impl fmt::Display for Hint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// The marks a step makes: no for each house it rules out, yes where one
/// house is left.
pub(crate) fn step_marks(step: &Step) -> Vec<(Item, House, Mark)> {
    let mut out = Vec::new();
    for change in &step.changes {
        for &house in &change.before {
            if !change.after.contains(&house) {
                out.push((change.item, house, Mark::No));
            }
        }
        if let [only] = change.after.as_slice() {
            out.push((change.item, *only, Mark::Yes));
        }
    }
    out
}

/// What the marks and the clues give, before it is put in words: the
/// steps the explainer takes from the marks (the first is the hint), or
/// a hint of any other kind.
pub(crate) enum Finding {
    Steps(Vec<Step>),
    Settled(HintKind),
}

/// The network of `puzzle` with each value's houses narrowed to those the
/// marks leave it.
fn marked_network(puzzle: &Puzzle, marks: &Marks) -> Network {
    let mut network = network::build(puzzle);
    for item in marks.items() {
        let possible = marks.possible(item);
        let var = network.vars[item.category().index()][item.index()];
        for h in 0..puzzle.positions() {
            if possible >> h & 1 == 0 {
                // Below MAX_POSITIONS: fits.
                network.model.exclude(var, h as u32);
            }
        }
    }
    network
}

/// The searches of one hint within its budget.
pub(crate) struct Work<'p> {
    meter: Meter,
    /// The case splits of the searches so far.
    nodes: u64,
    progress: Option<SharedProgress<'p>>,
}

impl<'p> Work<'p> {
    pub(crate) fn new(budget: &Budget, progress: Option<SharedProgress<'p>>) -> Self {
        Work {
            meter: budget.start(),
            nodes: 0,
            progress,
        }
    }

    /// A solver of `puzzle` (or of `network`, built for it) within what is
    /// left.
    fn solver(&self, puzzle: &'p Puzzle, network: Option<Network>) -> Solver<'p> {
        let solver = match network {
            Some(network) => Solver::for_network(puzzle, network),
            None => Solver::new(puzzle),
        };
        solver
            .budget(self.meter.remaining(self.nodes))
            .with_shared_progress(self.progress.clone())
    }

    /// Books `solver`'s case splits; why it stopped, if it did.
    fn settle(&mut self, solver: &Solver<'_>) -> Result<(), StopReason> {
        self.nodes = self.nodes.saturating_add(solver.stats().case_splits);
        match solver.outcome() {
            Some(Outcome::Stopped(reason)) => Err(reason),
            _ => Ok(()),
        }
    }

    /// A solution of `puzzle` with all of `marks`, if there is one.
    fn solution_with(
        &mut self,
        puzzle: &'p Puzzle,
        marks: &Marks,
    ) -> Result<Option<Solution>, StopReason> {
        let mut solver = self.solver(puzzle, Some(marked_network(puzzle, marks)));
        let found = solver.next_solution();
        if found.is_none() {
            self.settle(&solver)?;
        } else {
            self.nodes = self.nodes.saturating_add(solver.stats().case_splits);
        }
        Ok(found)
    }
}

/// What the marks and the clues give: a mark that is wrong, or the steps
/// the explainer takes from the marks (the first is the hint), within
/// `work`'s budget.
pub(crate) fn find<'p>(
    puzzle: &'p Puzzle,
    marks: &Marks,
    work: &mut Work<'p>,
) -> Result<Finding, MarksError> {
    if !marks.is_of(puzzle) {
        return Err(MarksError::other_puzzle());
    }
    Ok(match checked(puzzle, marks, work) {
        Ok(finding) => finding,
        Err(reason) => Finding::Settled(HintKind::Stopped(reason)),
    })
}

/// [`find`] for marks of `puzzle`; the reason when the budget stops it.
fn checked<'p>(
    puzzle: &'p Puzzle,
    marks: &Marks,
    work: &mut Work<'p>,
) -> Result<Finding, StopReason> {
    checked_against(puzzle, marks, work, None)
}

/// [`checked`], with the puzzle's one solution when the caller knows it
/// (a game's), so that it is not proven again.
fn checked_against<'p>(
    puzzle: &'p Puzzle,
    marks: &Marks,
    work: &mut Work<'p>,
    known: Option<&Solution>,
) -> Result<Finding, StopReason> {
    if let Some(reason) = work.meter.check_now() {
        return Err(reason);
    }
    let uniqueness = match known {
        Some(solution) => Uniqueness::Unique(solution.clone()),
        None => {
            let mut solver = work.solver(puzzle, None);
            let uniqueness = solver.uniqueness();
            work.settle(&solver)?;
            uniqueness
        }
    };
    let target = match uniqueness {
        Uniqueness::Unique(solution) => {
            let mut wrong = marks.marked().filter(|&(item, house, mark)| {
                (mark == Mark::Yes) != (solution.house_of(item) == house)
            });
            if let Some((item, house, mark)) = wrong.next() {
                return Ok(Finding::Settled(HintKind::Undo {
                    item,
                    house,
                    mark,
                    wrong: 1 + wrong.count(),
                }));
            }
            solution
        }
        Uniqueness::Multiple(..) => match work.solution_with(puzzle, marks)? {
            Some(solution) => solution,
            None => {
                let mut prefix = Marks::new(puzzle);
                for (item, house, mark) in marks.marked() {
                    prefix.set(item, house, mark);
                    if work.solution_with(puzzle, &prefix)?.is_none() {
                        return Ok(Finding::Settled(HintKind::DeadEnd { item, house, mark }));
                    }
                }
                // Unreachable: all the marks leave no solution.
                return Ok(Finding::Settled(HintKind::NoSolution));
            }
        },
        Uniqueness::NoSolution => return Ok(Finding::Settled(HintKind::NoSolution)),
        Uniqueness::Stopped(reason, _) => return Err(reason),
    };
    if marks.is_complete() {
        return Ok(Finding::Settled(HintKind::Solved));
    }
    let network = marked_network(puzzle, marks);
    let recorder = Recorder::new(&network, puzzle.positions());
    let vars: Vec<Var> = network.vars.iter().flatten().copied().collect();
    let mut mac = core(network.model, recorder);
    if !mac.observer().steps().is_empty() {
        return Ok(Finding::Steps(mac.observer().steps().to_vec()));
    }
    let mut watch = Watch::of(&work.meter.remaining(work.nodes));
    match refute_one(&mut mac, &vars, watch.as_mut()) {
        Refutation::Stopped(reason) => return Err(reason),
        Refutation::Found => {
            let refuted = mac
                .observer()
                .steps()
                .iter()
                .find(|s| matches!(s.reason, Reason::Refuted { .. }))
                .cloned();
            if let Some(step) = refuted {
                return Ok(Finding::Steps(vec![step]));
            }
        }
        Refutation::None => {}
    }
    // Propagation is stuck: a case split on the house of the solution.
    let var = smallest(&mac, &vars);
    let item = mac.observer().item_of(var);
    let house = target.house_of(item);
    let domain: SmallDomain = *mac.domain(var);
    debug_assert!(domain.contains(u32::try_from(house.index()).unwrap_or(0)));
    Ok(Finding::Steps(vec![Step {
        reason: Reason::CaseSplit { item, house },
        changes: vec![Change {
            item,
            before: houses(&domain),
            after: vec![house],
        }],
        refutation: Vec::new(),
        contradiction: None,
    }]))
}

/// A mark in the text form ("Brit at 1", "tea not-at 2").
fn mark_text(puzzle: &Puzzle, item: Item, house: House, mark: Mark) -> String {
    let keyword = if mark == Mark::Yes { "at" } else { "not-at" };
    format!("{} {keyword} {house}", puzzle.value_name(item))
}

/// A step of a hint in the words of the text format.
fn step_text(puzzle: &Puzzle, step: &Step) -> String {
    match step.reason {
        Reason::CaseSplit { item, house } => format!(
            "The clues go no further by themselves: try {} in house {house} \
             (a guess, and the right one).",
            puzzle.value_name(item)
        ),
        Reason::Refuted { .. } => format!("{}.", step.to_text(puzzle)),
        reason => format!(
            "{}, because of {}.",
            step.conclusion(puzzle),
            reason.to_text(puzzle)
        ),
    }
}

impl Puzzle {
    /// The next step from the player's `marks`: the first step the
    /// explainer takes from them (see [`HintKind::Next`]), phrased with
    /// the clue's text; or the first mark that is wrong in the solution
    /// (so the player erases it rather than build on it); or that the grid
    /// is solved. The puzzle is solved (without limit) to check the marks.
    ///
    /// # Errors
    ///
    /// [`MarksErrorKind::OtherPuzzle`](crate::MarksErrorKind::OtherPuzzle)
    /// if `marks` are of another puzzle.
    ///
    /// # Example
    ///
    /// See [`Hint`].
    pub fn hint(&self, marks: &Marks) -> Result<Hint, MarksError> {
        Solver::new(self).hint(marks)
    }
}

/// The next hint of `puzzle` from `marks` within `budget` ([`Solver::hint`]).
pub(crate) fn hint<'p>(
    puzzle: &'p Puzzle,
    marks: &Marks,
    budget: &Budget,
    progress: Option<SharedProgress<'p>>,
) -> Result<Hint, MarksError> {
    let mut work = Work::new(budget, progress);
    let finding = find(puzzle, marks, &mut work)?;
    Ok(puzzle.hint_of(finding))
}

/// The next hint of `puzzle` from `marks` (which the caller knows are of
/// it) within `budget`, `solution` being the puzzle's one solution: a
/// [`Game`](crate::Game)'s hint.
pub(crate) fn hint_for_game(
    puzzle: &Puzzle,
    marks: &Marks,
    solution: &Solution,
    budget: &Budget,
) -> Hint {
    let mut work = Work::new(budget, None);
    let finding = match checked_against(puzzle, marks, &mut work, Some(solution)) {
        Ok(finding) => finding,
        Err(reason) => Finding::Settled(HintKind::Stopped(reason)),
    };
    puzzle.hint_of(finding)
}

/// How a hint is put in words: in the text format's or in an English
/// puzzle's.
pub(crate) trait Wording {
    /// A mark, as the subject of a sentence ("the mark 'Brit at 1'").
    fn the_mark(&self, item: Item, house: House, mark: Mark) -> String;
    /// A step, as a sentence.
    fn step(&self, step: &Step) -> String;
    /// What a solved grid is.
    fn solved(&self) -> &'static str;
}

/// `kind` as a hint in `words`.
pub(crate) fn worded(kind: HintKind, words: &impl Wording) -> Hint {
    let text = match &kind {
        HintKind::Next(step) => words.step(step),
        HintKind::Solved => format!("Solved: {}.", words.solved()),
        &HintKind::Undo {
            item,
            house,
            mark,
            wrong,
        } => {
            let others = match wrong {
                1 => String::new(),
                2 => " (one more mark is wrong)".to_string(),
                n => format!(" ({} more marks are wrong)", n - 1),
            };
            let subject = words.the_mark(item, house, mark);
            format!("{} is wrong: erase it{others}.", capitalised(&subject))
        }
        &HintKind::DeadEnd { item, house, mark } => format!(
            "No solution has all these marks: with the marks before it, {} leaves none. \
             Erase it.",
            words.the_mark(item, house, mark)
        ),
        HintKind::NoSolution => "The puzzle has no solution.".to_string(),
        HintKind::Stopped(reason) => format!("Stopped before a hint was found: {reason}."),
    };
    Hint::new(kind, text)
}

/// `text` with its first letter in upper case.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The words of the text format.
struct TextWording<'p>(&'p Puzzle);

impl Wording for TextWording<'_> {
    fn the_mark(&self, item: Item, house: House, mark: Mark) -> String {
        format!("the mark '{}'", mark_text(self.0, item, house, mark))
    }

    fn step(&self, step: &Step) -> String {
        step_text(self.0, step)
    }

    fn solved(&self) -> &'static str {
        "every value has its house"
    }
}

impl Puzzle {
    /// `finding` as a hint in the words of the text format.
    fn hint_of(&self, finding: Finding) -> Hint {
        let kind = match finding {
            Finding::Steps(steps) => {
                HintKind::Next(steps.into_iter().next().expect("at least one step"))
            }
            Finding::Settled(kind) => kind,
        };
        worded(kind, &TextWording(self))
    }
}
