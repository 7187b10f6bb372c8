//! A puzzle being played stick by stick: the [`Game`].

use std::fmt;

use kongming_search::control::Budget;
use kongming_search::play::Check;

use crate::change::Change;
use crate::equation::Equation;
use crate::glyph::{Glyph, Segments};
use crate::puzzle::Puzzle;
use crate::stick::{Step, Stick, StickMove};
use crate::verdict::{Hint, IllegalStep, WrongStep};

/// The slots a digit cell has.
const DIGIT_SLOTS: Segments = Segments::from_bits_truncate(0x7f);
/// The slots an operator cell has.
const OP_SLOTS: Segments = Segments::BAR
    .union(Segments::STEM)
    .union(Segments::SECOND_BAR)
    .union(Segments::RISING)
    .union(Segments::FALLING);

/// A player's game: the puzzle as given, and the steps played so far.
///
/// The steps are kept as the net change from the puzzle: picking up a
/// stick the player put down amends the step that put it there (and
/// putting it back where it came from takes that step back), so there
/// are never more steps than the puzzle's [`Change`] counts, and a
/// mistake is taken back by playing its [`Step::reverse`].
///
/// [`check`](Game::check) judges a step without playing it,
/// [`play`](Game::play) plays it (a wrong step too: players make
/// mistakes) and [`hint`](Game::hint) says what to do next from any
/// state. The verdicts come from the puzzle's one fix: nothing is
/// searched, so they are never [`Check::Stopped`].
///
/// Prints as the glyphs as they stand, a `?` for a cell whose sticks are
/// no glyph (half-way through a change of several sticks).
///
/// With the `serde` feature it is stored as `{"puzzle": …, "steps": […]}`:
/// the puzzle as given (without its fix, see [`Puzzle`]) and the steps
/// in their text forms; loading plays the steps again, so a loaded game
/// is one a player could have reached. The budget is not stored.
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Change, Game, Generator, Hint};
///
/// let puzzle = Generator::new(Change::Move(1))?.generate(5)?;
/// let mut game = Game::new(puzzle);
/// while let Hint::Next { step } = game.hint() {
///     assert_eq!(game.play(step).is_right(), Some(true));
/// }
/// assert!(game.is_solved());
/// assert_eq!(game.to_string(), game.puzzle().fix().equation().to_string());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    pub(crate) puzzle: Puzzle,
    pub(crate) steps: Vec<Step>,
    budget: Budget,
}

impl PartialEq for Game {
    /// Two games are equal when they have the same puzzle and steps (the
    /// budget is no part of the game).
    fn eq(&self, other: &Self) -> bool {
        self.puzzle == other.puzzle && self.steps == other.steps
    }
}

impl Eq for Game {}

impl Game {
    /// A new game of `puzzle`: no step played, no budget.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Game, Generator};
    /// let puzzle = Generator::new(Change::Move(1))?.generate(5)?;
    /// let game = Game::new(puzzle.clone());
    /// assert_eq!(game.puzzle(), &puzzle);
    /// assert!(game.steps().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(puzzle: Puzzle) -> Game {
        Game {
            puzzle,
            steps: Vec::new(),
            budget: Budget::unlimited(),
        }
    }

    /// Sets the budget of the game's checks and hints (not stored). They
    /// compare with the puzzle's one fix and search nothing, so they do
    /// not stop; the budget is here so that every puzzle crate's game is
    /// set up alike.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Budget, Change, Game, Generator, Hint};
    /// let game = Game::new(Generator::new(Change::Move(1))?.generate(5)?)
    ///     .budget(Budget::unlimited().with_node_limit(0));
    /// assert!(matches!(game.hint(), Hint::Next { .. }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// The puzzle, as given.
    ///
    /// # Example
    ///
    /// See [`Game::new`].
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The steps played, as the net change from the puzzle (see
    /// [`Game`]).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Game, Generator, Hint};
    /// let mut game = Game::new(Generator::new(Change::Move(1))?.generate(5)?);
    /// let Hint::Next { step } = game.hint() else { unreachable!() };
    /// game.play(step);
    /// assert_eq!(game.steps(), [step]);
    /// game.play(step.reverse()); // taken back
    /// assert!(game.steps().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The sticks of each glyph cell as they stand.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Game, Generator};
    /// let game = Game::new(Generator::new(Change::Move(1))?.generate(5)?);
    /// let style = game.puzzle().rules().glyph_style();
    /// let start: Vec<_> = game.puzzle().equation().glyphs().iter().map(|&g| style.segments(g)).collect();
    /// assert_eq!(game.cells(), start);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cells(&self) -> Vec<Segments> {
        cells_after(&self.puzzle, &self.steps)
    }

    /// The equation as it stands, when every cell is a glyph and the
    /// glyphs are well formed under the puzzle's rules (`None` half-way
    /// through a change of several sticks, say).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Game, Generator};
    /// let game = Game::new(Generator::new(Change::Move(1))?.generate(5)?);
    /// assert_eq!(game.equation().as_ref(), Some(game.puzzle().equation()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn equation(&self) -> Option<Equation> {
        let glyphs: Option<Vec<Glyph>> = self
            .cells()
            .into_iter()
            .zip(&self.puzzle.equation.glyphs)
            .map(|(cell, &was)| self.glyph_of(cell, was.is_digit()))
            .collect();
        let mut equation = self.puzzle.rules.equation(glyphs?).ok()?;
        equation.notation = self.puzzle.equation.notation;
        Some(equation)
    }

    /// Whether the game is solved: the equation stands as the fix.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Game, Generator};
    /// let game = Game::new(Generator::new(Change::Move(1))?.generate(5)?);
    /// assert!(!game.is_solved());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_solved(&self) -> bool {
        self.judge(&self.steps).solved
    }

    /// The verdict on playing `step` now, without playing it:
    /// [`Check::Solved`] when it finishes the fix, [`Check::Right`] when
    /// every step played then fits the fix, [`Check::Wrong`] when one does
    /// not ([`WrongStep`]: the fix cannot be reached from there without a
    /// step back), [`Check::Illegal`] when it cannot be played
    /// ([`IllegalStep`]).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Check, Game, Generator, Hint};
    /// let game = Game::new(Generator::new(Change::Move(1))?.generate(5)?);
    /// let Hint::Next { step } = game.hint() else { unreachable!() };
    /// assert_eq!(game.check(&step), Check::Solved);
    /// assert!(game.steps().is_empty()); // nothing played
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check(&self, step: &Step) -> Check<WrongStep, IllegalStep> {
        match self.after(*step) {
            Ok(steps) => self.verdict(*step, &steps),
            Err(illegal) => Check::Illegal(illegal),
        }
    }

    /// Plays `step` when it is legal (a wrong step too) and gives the
    /// verdict of [`check`](Game::check); an illegal step changes nothing.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Check, Game, Generator};
    /// let mut game = Game::new(Generator::new(Change::Move(1))?.generate(5)?);
    /// let fix = game.puzzle().fix().moves()[0];
    /// assert_eq!(game.play(fix.into()), Check::Solved);
    /// assert!(game.is_solved());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, step: Step) -> Check<WrongStep, IllegalStep> {
        match self.after(step) {
            Ok(steps) => {
                let verdict = self.verdict(step, &steps);
                self.steps = steps;
                verdict
            }
            Err(illegal) => Check::Illegal(illegal),
        }
    }

    /// What to do next, from any state: [`Hint::Solved`]; else
    /// [`Hint::Undo`] for the first step played that does not fit the
    /// fix; else [`Hint::Next`] with a step toward the fix (a stick that
    /// can stay in its glyph does). Playing the hints one after the other
    /// solves the game.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Check, Game, Generator, Hint, WrongStep};
    ///
    /// let all = Generator::new(Change::Move(1))?.all().into_puzzles();
    /// let puzzle = all.into_iter().find(|p| p.to_string() == "5+7=2").expect("a puzzle");
    /// let mut game = Game::new(puzzle); // fixed as 9-7=2
    /// let wrong = "stem@2 -> lower-left@1".parse()?;
    /// let lower_left = "lower-left@1".parse()?;
    /// assert_eq!(game.play(wrong), Check::Wrong(WrongStep::NotThere(lower_left)));
    /// assert_eq!(game.to_string(), "6-7=2");
    /// let hint = game.hint();
    /// assert_eq!(hint.to_string(), "Step 1 (stem@2 -> lower-left@1) is wrong: take it back (lower-left@1 -> stem@2).");
    /// let Hint::Undo { take_back, .. } = hint else { unreachable!() };
    /// assert_eq!(game.play(take_back), Check::Right);
    /// assert_eq!(game.hint().to_string(), "Move the stem stick of glyph 2 to the upper-right slot of glyph 1.");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn hint(&self) -> Hint {
        let judged = self.judge(&self.steps);
        if judged.solved {
            return Hint::Solved;
        }
        if let Some(index) = judged.first_wrong {
            let step = self.steps[index];
            return Hint::Undo {
                index,
                step,
                take_back: step.reverse(),
            };
        }
        Hint::Next {
            step: self.next_step(),
        }
    }

    /// Does what `hint` says: plays a [`Hint::Next`]'s step, takes back
    /// the step a [`Hint::Undo`] names (plays its [`Step::reverse`]).
    /// Returns whether the game changed: `false` for [`Hint::Solved`] and
    /// [`Hint::Stopped`], and for a hint from another state, whose step
    /// cannot be played now or whose `Undo` names a step the game does
    /// not have at that place; then nothing changes.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Game, Generator, Hint};
    ///
    /// let all = Generator::new(Change::Move(1))?.all().into_puzzles();
    /// let puzzle = all.into_iter().find(|p| p.to_string() == "5+7=2").expect("a puzzle");
    /// let mut game = Game::new(puzzle); // fixed as 9-7=2
    /// game.play("stem@2 -> lower-left@1".parse()?); // a mistake
    /// let undo = game.hint();
    /// assert!(matches!(undo, Hint::Undo { .. }));
    /// assert!(game.follow(&undo));
    /// assert!(game.steps().is_empty());
    /// assert!(!game.follow(&undo)); // that step is gone already
    /// let next = game.hint();
    /// assert!(game.follow(&next));
    /// assert!(game.is_solved());
    /// assert!(!game.follow(&next)); // its stick has moved already
    /// assert!(!game.follow(&game.hint())); // solved: nothing to do
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn follow(&mut self, hint: &Hint) -> bool {
        let step = match *hint {
            Hint::Next { step } => step,
            // Only the step the hint names, where it names it: the reverse
            // of a step the game does not have would move another stick.
            Hint::Undo { index, step, .. } if self.steps.get(index) == Some(&step) => {
                step.reverse()
            }
            _ => return false,
        };
        match self.after(step) {
            Ok(steps) => {
                self.steps = steps;
                true
            }
            Err(_) => false,
        }
    }

    /// The glyph of a cell's sticks, of the cell's kind, in the puzzle's
    /// style.
    fn glyph_of(&self, cell: Segments, digit: bool) -> Option<Glyph> {
        let pool: &[Glyph] = if digit { &Glyph::DIGITS } else { &Glyph::OPS };
        let style = self.puzzle.rules.style;
        pool.iter().copied().find(|&g| style.segments(g) == cell)
    }

    /// Whether `stick` names a slot of the equation's cells.
    fn is_slot(&self, stick: Stick) -> bool {
        let Some(glyph) = self.puzzle.equation.glyphs.get(stick.position) else {
            return false;
        };
        let slots = if glyph.is_digit() {
            DIGIT_SLOTS
        } else {
            OP_SLOTS
        };
        stick.segment.bits().count_ones() == 1 && slots.contains(stick.segment)
    }

    /// The steps after playing `step` (kept as the net change), or why
    /// it cannot be played.
    fn after(&self, step: Step) -> Result<Vec<Step>, IllegalStep> {
        let (from, to) = step.sticks();
        for stick in from.iter().chain(&to) {
            if !self.is_slot(*stick) {
                return Err(IllegalStep::NoSuchSlot(*stick));
            }
        }
        if let Step::Move(m) = step
            && m.from == m.to
        {
            return Err(IllegalStep::SameSlot(m.from));
        }
        let cells = self.cells();
        let here = |s: Stick| cells[s.position].contains(s.segment);
        if let Some(s) = from.filter(|&s| !here(s)) {
            return Err(IllegalStep::NoStick(s));
        }
        if let Some(s) = to.filter(|&s| here(s)) {
            return Err(IllegalStep::Occupied(s));
        }
        let change = self.puzzle.change;
        let mut steps = self.steps.clone();
        match (change, step) {
            (Change::Move(_), Step::Move(m)) => {
                if self.puzzle.rules.keep_orientation
                    && m.from.segment.orientation() != m.to.segment.orientation()
                {
                    return Err(IllegalStep::Turned(m));
                }
                // A stick the player put down, picked up again; a slot the
                // player emptied, filled again.
                let moved = steps
                    .iter()
                    .position(|s| matches!(s, Step::Move(e) if e.to == m.from));
                let refilled = steps
                    .iter()
                    .position(|s| matches!(s, Step::Move(e) if e.from == m.to));
                let get = |i: usize| match steps[i] {
                    Step::Move(e) => e,
                    _ => unreachable!("a move puzzle has only moves"),
                };
                match (moved, refilled) {
                    (Some(i), Some(j)) if i == j => {
                        steps.remove(i);
                    }
                    (Some(i), Some(j)) => {
                        let joined = StickMove {
                            from: get(i).from,
                            to: get(j).to,
                        };
                        steps[i] = Step::Move(joined);
                        steps.remove(j);
                    }
                    (Some(i), None) => {
                        steps[i] = Step::Move(StickMove {
                            from: get(i).from,
                            to: m.to,
                        });
                    }
                    (None, Some(j)) => {
                        steps[j] = Step::Move(StickMove {
                            from: m.from,
                            to: get(j).to,
                        });
                    }
                    (None, None) => self.push(&mut steps, step)?,
                }
            }
            (Change::Remove(_), Step::Remove(_)) | (Change::Add(_), Step::Add(_)) => {
                self.push(&mut steps, step)?;
            }
            (Change::Remove(_), Step::Add(_)) | (Change::Add(_), Step::Remove(_)) => {
                // Only a step of the player's, taken back.
                let played = steps
                    .iter()
                    .position(|&s| s == step.reverse())
                    .ok_or(IllegalStep::OtherChange(change))?;
                steps.remove(played);
            }
            _ => return Err(IllegalStep::OtherChange(change)),
        }
        Ok(steps)
    }

    /// Appends a new step, if the change allows one more.
    fn push(&self, steps: &mut Vec<Step>, step: Step) -> Result<(), IllegalStep> {
        let allowed = self.puzzle.change.sticks();
        if steps.len() >= allowed {
            return Err(IllegalStep::TooManySteps { allowed });
        }
        steps.push(step);
        Ok(())
    }

    /// How `steps` stand against the fix.
    fn judge(&self, steps: &[Step]) -> Judged {
        let fix = &self.puzzle.fix;
        let fits = |step: &Step| {
            let (from, to) = step.sticks();
            from.is_none_or(|s| fix.removed.contains(&s))
                && to.is_none_or(|s| fix.added.contains(&s))
        };
        let first_wrong = steps.iter().position(|s| !fits(s));
        let (taken, put) = self.puzzle.change.taken_and_put();
        let solved = first_wrong.is_none()
            && fix.removed.len() == taken
            && fix.added.len() == put
            && steps.len() == self.puzzle.change.sticks();
        Judged {
            first_wrong,
            solved,
        }
    }

    /// The verdict on `step`, which leads to `steps`.
    fn verdict(&self, step: Step, steps: &[Step]) -> Check<WrongStep, IllegalStep> {
        let judged = self.judge(steps);
        if judged.solved {
            return Check::Solved;
        }
        if judged.first_wrong.is_none() {
            return Check::Right;
        }
        // Name a stick of this step's that does not fit, if one does not.
        let fix = &self.puzzle.fix;
        let original = |s: Stick| {
            self.puzzle
                .rules
                .style
                .segments(self.puzzle.equation.glyphs[s.position])
                .contains(s.segment)
        };
        let (from, to) = step.sticks();
        if let Some(s) = from.filter(|&s| original(s) && !fix.removed.contains(&s)) {
            return Check::Wrong(WrongStep::Stays(s));
        }
        if let Some(s) = to.filter(|&s| !original(s) && !fix.added.contains(&s)) {
            return Check::Wrong(WrongStep::NotThere(s));
        }
        Check::Wrong(WrongStep::AfterMistake)
    }

    /// A step toward the fix from steps that all fit it: a stick the fix
    /// takes up and has not been, to a slot it fills and has not been (in
    /// its own glyph if it can stay there, in the same orientation when
    /// the rules keep it).
    fn next_step(&self) -> Step {
        let fix = &self.puzzle.fix;
        let (taken, put): (Vec<Stick>, Vec<Stick>) = {
            let mut taken = Vec::new();
            let mut put = Vec::new();
            for step in &self.steps {
                let (from, to) = step.sticks();
                taken.extend(from);
                put.extend(to);
            }
            (taken, put)
        };
        let to_take: Vec<Stick> = fix
            .removed
            .iter()
            .copied()
            .filter(|s| !taken.contains(s))
            .collect();
        let to_put: Vec<Stick> = fix
            .added
            .iter()
            .copied()
            .filter(|s| !put.contains(s))
            .collect();
        match self.puzzle.change {
            Change::Remove(_) => Step::Remove(to_take[0]),
            Change::Add(_) => Step::Add(to_put[0]),
            Change::Move(_) => {
                let keep = self.puzzle.rules.keep_orientation;
                let fits = |from: Stick, to: Stick| {
                    !keep || from.segment.orientation() == to.segment.orientation()
                };
                // Orientation balances in what is left, so some pair fits.
                let from = to_take[0];
                let to = to_put
                    .iter()
                    .copied()
                    .filter(|&to| fits(from, to))
                    .min_by_key(|to| to.position != from.position)
                    .expect("the sticks left to move balance per orientation");
                Step::Move(StickMove { from, to })
            }
        }
    }
}

/// How a list of steps stands against the fix.
struct Judged {
    /// The first step that does not fit the fix.
    first_wrong: Option<usize>,
    /// Whether the steps make the fix.
    solved: bool,
}

/// The cells of `puzzle` after `steps`.
pub(crate) fn cells_after(puzzle: &Puzzle, steps: &[Step]) -> Vec<Segments> {
    let style = puzzle.rules.style;
    let mut cells: Vec<Segments> = puzzle
        .equation
        .glyphs
        .iter()
        .map(|&g| style.segments(g))
        .collect();
    for step in steps {
        let (from, to) = step.sticks();
        if let Some(s) = from {
            cells[s.position].remove(s.segment);
        }
        if let Some(s) = to {
            cells[s.position].insert(s.segment);
        }
    }
    cells
}

impl fmt::Display for Game {
    /// The glyphs as they stand in the puzzle's notation, `?` for a cell
    /// that is no glyph.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(equation) = self.equation() {
            return equation.fmt(f);
        }
        let notation = self.puzzle.equation.notation;
        for (i, (cell, &was)) in self
            .cells()
            .into_iter()
            .zip(&self.puzzle.equation.glyphs)
            .enumerate()
        {
            if i > 0 && notation.spaced() && !was.is_digit() {
                f.write_str(" ")?;
            }
            match self.glyph_of(cell, was.is_digit()) {
                Some(g) => match g.as_op() {
                    Some(op) => write!(f, "{}", notation.sign(op))?,
                    None => write!(f, "{g}")?,
                },
                None => f.write_str("?")?,
            }
            if notation.spaced() && !was.is_digit() {
                f.write_str(" ")?;
            }
        }
        Ok(())
    }
}

impl From<StickMove> for Step {
    fn from(m: StickMove) -> Step {
        Step::Move(m)
    }
}
