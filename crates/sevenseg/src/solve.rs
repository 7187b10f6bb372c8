//! Fixing an equation by moving, removing or adding sticks.

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use kongming_search::dfs::{Budget, Outcome, Problem, Search, Stats};

use crate::equation::{Equation, MAX_GLYPHS, Rules};
use crate::exact::all_sides_equal;
use crate::glyph::{Glyph, Op, Segments};
use crate::residue::{DIVIDE, END, EQUALS, MINUS, PLUS, Read, Residue, TIMES};

/// The most sticks a [`Change`] may move, remove or add.
pub const MAX_STICKS: usize = 6;

/// What a puzzle asks: move, remove or add this many sticks.
///
/// Parses from and prints as `move 2`, `remove 1`, `add 1`. A solver
/// takes 1 to [`MAX_STICKS`] sticks: a change of 0 sticks (which would
/// offer the unchanged equation as its own fix) is refused with
/// [`SolveError::NoSticks`], a larger one with
/// [`SolveError::TooManySticks`].
///
/// # Example
///
/// ```
/// use kongming_sevenseg::Change;
///
/// let change: Change = "move 2".parse()?;
/// assert_eq!(change, Change::Move(2));
/// assert_eq!(change.to_string(), "move 2");
/// assert_eq!(change.sticks(), 2);
/// # Ok::<(), kongming_sevenseg::ChangeParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Change {
    /// Move this many sticks (the total is kept).
    Move(usize),
    /// Take away this many sticks.
    Remove(usize),
    /// Put down this many extra sticks.
    Add(usize),
}

impl Change {
    /// The number of sticks moved, removed or added.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(kongming_sevenseg::Change::Add(3).sticks(), 3);
    /// ```
    pub fn sticks(self) -> usize {
        match self {
            Change::Move(k) | Change::Remove(k) | Change::Add(k) => k,
        }
    }

    /// The change that undoes this one: moves undo moves, removing undoes
    /// adding.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::Change;
    /// assert_eq!(Change::Remove(1).inverse(), Change::Add(1));
    /// ```
    #[must_use]
    pub fn inverse(self) -> Change {
        match self {
            Change::Move(k) => Change::Move(k),
            Change::Remove(k) => Change::Add(k),
            Change::Add(k) => Change::Remove(k),
        }
    }

    /// Whether a solver takes this change: 1 to [`MAX_STICKS`] sticks.
    pub(crate) fn check(self) -> Result<(), SolveError> {
        match self.sticks() {
            0 => Err(SolveError::NoSticks(self)),
            k if k > MAX_STICKS => Err(SolveError::TooManySticks(k)),
            _ => Ok(()),
        }
    }

    /// How many sticks are taken up and how many put down.
    fn budget(self) -> (usize, usize) {
        match self {
            Change::Move(k) => (k, k),
            Change::Remove(k) => (k, 0),
            Change::Add(k) => (0, k),
        }
    }
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Change::Move(k) => write!(f, "move {k}"),
            Change::Remove(k) => write!(f, "remove {k}"),
            Change::Add(k) => write!(f, "add {k}"),
        }
    }
}

/// A [`Change`] that could not be parsed.
///
/// # Example
///
/// ```
/// assert!("jump 1".parse::<kongming_sevenseg::Change>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChangeParseError(String);

impl fmt::Display for ChangeParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "expected `move K`, `remove K` or `add K`, found {:?}",
            self.0
        )
    }
}

impl std::error::Error for ChangeParseError {}

impl FromStr for Change {
    type Err = ChangeParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || ChangeParseError(s.chars().take(40).collect());
        let mut words = s.split_whitespace();
        let (Some(verb), Some(count), None) = (words.next(), words.next(), words.next()) else {
            return Err(bad());
        };
        let k: usize = count.parse().map_err(|_| bad())?;
        match verb {
            "move" => Ok(Change::Move(k)),
            "remove" => Ok(Change::Remove(k)),
            "add" => Ok(Change::Add(k)),
            _ => Err(bad()),
        }
    }
}

/// One stick slot of an equation: a glyph position and a single segment.
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Segments, Stick};
/// let stick = Stick { position: 0, segment: Segments::MIDDLE };
/// assert_eq!(stick.to_string(), "middle@0");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Stick {
    /// The glyph index (0-based) in the equation.
    pub position: usize,
    /// The slot: a single flag of [`Segments`].
    pub segment: Segments,
}

impl fmt::Display for Stick {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}@{}", self.segment.name(), self.position)
    }
}

/// A stick taken up from one slot and put down in another.
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Change, Equation, Solver};
///
/// let eq: Equation = "6+4=4".parse()?;
/// let fixes = Solver::new(Change::Move(1)).solve(&eq)?.into_fixes();
/// let fix = fixes.iter().find(|f| f.equation().to_string() == "0+4=4").unwrap();
/// assert_eq!(fix.moves()[0].to_string(), "middle@0 -> upper-right@0");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StickMove {
    /// Where the stick was.
    pub from: Stick,
    /// Where it goes.
    pub to: Stick,
}

impl fmt::Display for StickMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} -> {}", self.from, self.to)
    }
}

/// One glyph that a fix changes.
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Change, Equation, Solver};
///
/// let eq: Equation = "6-2=7".parse()?;
/// let fixes = Solver::new(Change::Move(1)).solve(&eq)?.into_fixes();
/// let nine = fixes.iter().find(|f| f.equation().to_string() == "9-2=7").unwrap();
/// assert_eq!(nine.changes()[0].to_string(), "6 -> 9 at 0");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GlyphChange {
    /// The glyph index.
    pub position: usize,
    /// The glyph before.
    pub from: Glyph,
    /// The glyph after.
    pub to: Glyph,
}

impl fmt::Display for GlyphChange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} -> {} at {}", self.from, self.to, self.position)
    }
}

/// A way to make the equation true: the new equation, the glyphs changed,
/// the sticks taken up and put down, and the stick moves that do it.
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Change, Equation, Solver};
///
/// let eq: Equation = "5+7=2".parse()?;
/// let fixes = Solver::new(Change::Move(1)).solve(&eq)?.into_fixes();
/// assert_eq!(fixes.len(), 1);
/// let fix = &fixes[0];
/// assert_eq!(fix.equation().to_string(), "9-7=2");
/// assert_eq!(fix.removed().len(), 1);
/// assert_eq!(fix.added().len(), 1);
/// assert_eq!(fix.moves()[0].to_string(), "stem@1 -> upper-right@0");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Fix {
    equation: Equation,
    change: Change,
    keep_orientation: bool,
    changes: Vec<GlyphChange>,
    removed: Vec<Stick>,
    added: Vec<Stick>,
}

impl Fix {
    /// The fixed equation, in the input's notation.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Equation, Solver};
    /// let eq: Equation = "6 - 2 = 7".parse()?;
    /// let fixes = Solver::new(Change::Move(1)).solve(&eq)?.into_fixes();
    /// assert!(fixes.iter().any(|f| f.equation().to_string() == "5 + 2 = 7"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn equation(&self) -> &Equation {
        &self.equation
    }

    /// The puzzle rule it answers.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Equation, Solver};
    /// let eq: Equation = "8+3-4=0".parse()?;
    /// let fixes = Solver::new(Change::Move(1)).solve(&eq)?.into_fixes();
    /// assert_eq!(fixes[0].change(), Change::Move(1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn change(&self) -> Change {
        self.change
    }

    /// The glyphs that differ from the input, left to right.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Equation, Solver};
    /// let eq: Equation = "8+3-4=0".parse()?;
    /// let fixes = Solver::new(Change::Move(1)).solve(&eq)?.into_fixes();
    /// assert_eq!(fixes[0].changes().len(), 2); // 8 -> 9 and 0 -> 8
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn changes(&self) -> &[GlyphChange] {
        &self.changes
    }

    /// The sticks taken up, in slot order.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Equation, Segments, Solver, Stick};
    /// let eq: Equation = "8+3-4=0".parse()?;
    /// let fixes = Solver::new(Change::Move(1)).solve(&eq)?.into_fixes();
    /// assert_eq!(fixes[0].removed(), [Stick { position: 0, segment: Segments::LOWER_LEFT }]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn removed(&self) -> &[Stick] {
        &self.removed
    }

    /// The sticks put down, in slot order.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Equation, Segments, Solver, Stick};
    /// let eq: Equation = "8+3-4=0".parse()?;
    /// let fixes = Solver::new(Change::Move(1)).solve(&eq)?.into_fixes();
    /// assert_eq!(fixes[0].added(), [Stick { position: 6, segment: Segments::MIDDLE }]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn added(&self) -> &[Stick] {
        &self.added
    }

    /// One set of stick moves that makes the fix (empty for removing or
    /// adding). A stick that can stay in its own glyph does, so moves inside
    /// a glyph show as such.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Equation, Solver};
    /// let eq: Equation = "6-2=7".parse()?;
    /// let fixes = Solver::new(Change::Move(1)).solve(&eq)?.into_fixes();
    /// let nine = fixes.iter().find(|f| f.equation().to_string() == "9-2=7").unwrap();
    /// assert_eq!(nine.moves()[0].to_string(), "lower-left@0 -> upper-right@0");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn moves(&self) -> Vec<StickMove> {
        if !matches!(self.change, Change::Move(_)) {
            return Vec::new();
        }
        let mut used = vec![false; self.added.len()];
        let mut moves = Vec::with_capacity(self.removed.len());
        for &from in &self.removed {
            let fits = |j: usize| !used[j] && self.compatible(from, self.added[j]);
            let pick = (0..self.added.len())
                .find(|&j| fits(j) && self.added[j].position == from.position)
                .or_else(|| (0..self.added.len()).find(|&j| fits(j)))
                .expect("removed and added sticks balance per orientation");
            used[pick] = true;
            moves.push(StickMove {
                from,
                to: self.added[pick],
            });
        }
        moves
    }

    /// Every distinct set of stick moves that makes the fix: each pairing of
    /// the removed sticks with the added ones (respecting orientation when
    /// the rules keep it). Up to `k!` of them for `k` sticks.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Equation, Solver};
    /// let eq: Equation = "6+4=4".parse()?;
    /// let fixes = Solver::new(Change::Move(1)).solve(&eq)?.into_fixes();
    /// assert!(fixes.iter().all(|f| f.all_moves().len() == 1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn all_moves(&self) -> Vec<Vec<StickMove>> {
        if !matches!(self.change, Change::Move(_)) {
            return Vec::new();
        }
        let mut out = Vec::new();
        let mut perm: Vec<usize> = (0..self.added.len()).collect();
        loop {
            if self
                .removed
                .iter()
                .zip(&perm)
                .all(|(&r, &j)| self.compatible(r, self.added[j]))
            {
                out.push(
                    self.removed
                        .iter()
                        .zip(&perm)
                        .map(|(&from, &j)| StickMove {
                            from,
                            to: self.added[j],
                        })
                        .collect(),
                );
            }
            if !next_permutation(&mut perm) {
                return out;
            }
        }
    }

    /// What kind of fix this is, as a hint for players.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Equation, Solver};
    /// let eq: Equation = "5+7=2".parse()?;
    /// let fixes = Solver::new(Change::Move(1)).solve(&eq)?.into_fixes();
    /// assert!(fixes[0].hint().through_operator);
    /// assert_eq!(fixes[0].hint().to_string(), "a stick goes through an operator");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn hint(&self) -> Hint {
        let is_op = |s: &Stick| self.equation.glyphs[s.position].is_op();
        let mut hint = Hint::default();
        if matches!(self.change, Change::Move(_)) {
            for m in self.moves() {
                if is_op(&m.from) || is_op(&m.to) {
                    hint.through_operator = true;
                } else if m.from.position == m.to.position {
                    hint.inside_glyph = true;
                } else {
                    hint.between_glyphs = true;
                }
            }
        } else {
            let sticks = self.removed.iter().chain(&self.added);
            hint.through_operator = sticks.clone().any(is_op);
            hint.inside_glyph = self.changes.len() == 1 && !hint.through_operator;
            hint.between_glyphs = self.changes.len() > 1;
        }
        hint
    }

    fn compatible(&self, from: Stick, to: Stick) -> bool {
        !self.keep_orientation || from.segment.orientation() == to.segment.orientation()
    }
}

impl fmt::Display for Fix {
    /// The fixed equation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.equation.fmt(f)
    }
}

/// Steps `perm` to the next permutation in lexicographic order; `false`
/// after the last one.
fn next_permutation(perm: &mut [usize]) -> bool {
    let Some(i) = perm.windows(2).rposition(|w| w[0] < w[1]) else {
        return false;
    };
    let j = perm
        .iter()
        .rposition(|&x| x > perm[i])
        .expect("a larger element exists");
    perm.swap(i, j);
    perm[i + 1..].reverse();
    true
}

/// The kind of stick moves a fix needs: a difficulty hint.
///
/// For moves: a stick that touches an operator goes *through an operator*;
/// otherwise it moves *inside a glyph* or *between glyphs*. For removing or
/// adding: *through an operator* when an operator changes, *inside a glyph*
/// when one digit changes, *between glyphs* when several glyphs change.
///
/// # Example
///
/// ```
/// use kongming_sevenseg::Hint;
/// let hint = Hint { inside_glyph: true, ..Hint::default() };
/// assert_eq!(hint.to_string(), "a stick moves inside a glyph");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hint {
    /// A stick stays in its glyph (6→9, 2→3).
    pub inside_glyph: bool,
    /// A stick goes from one digit to another.
    pub between_glyphs: bool,
    /// A stick comes from or goes to an operator.
    pub through_operator: bool,
}

impl fmt::Display for Hint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<&str> = [
            (self.inside_glyph, "a stick moves inside a glyph"),
            (self.between_glyphs, "a stick moves between glyphs"),
            (self.through_operator, "a stick goes through an operator"),
        ]
        .iter()
        .filter(|p| p.0)
        .map(|p| p.1)
        .collect();
        if parts.is_empty() {
            f.write_str("nothing moves")
        } else {
            f.write_str(&parts.join("; "))
        }
    }
}

/// The fixes of an equation, with how the search ended.
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Change, Equation, Solver};
/// let eq: Equation = "9+5=9".parse()?;
/// let solutions = Solver::new(Change::Move(1)).solve(&eq)?;
/// assert!(solutions.outcome().is_complete());
/// let mut fixes: Vec<String> = solutions.fixes().iter().map(|f| f.to_string()).collect();
/// fixes.sort();
/// assert_eq!(fixes, ["3+5=8", "3+6=9"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Solutions {
    fixes: Vec<Fix>,
    outcome: Outcome,
    stats: Stats,
}

impl Solutions {
    /// The fixes, one per resulting equation, in search order.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Solver};
    /// let s = Solver::new(Change::Move(1)).solve(&"5+7=2".parse()?)?;
    /// assert_eq!(s.fixes().len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn fixes(&self) -> &[Fix] {
        &self.fixes
    }

    /// The fixes, by value.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Solver};
    /// let fixes = Solver::new(Change::Move(1)).solve(&"5+7=2".parse()?)?.into_fixes();
    /// assert_eq!(fixes[0].to_string(), "9-7=2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn into_fixes(self) -> Vec<Fix> {
        self.fixes
    }

    /// Whether the search was complete or stopped by its budget.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Solver};
    /// let s = Solver::new(Change::Move(1)).solve(&"5+7=2".parse()?)?;
    /// assert!(s.outcome().is_complete());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// Search statistics. Nodes are the partial changes explored and the
    /// fixes; candidate equations that complete the stick counts are
    /// tested while the steps are listed and are not counted as nodes.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Solver};
    /// let s = Solver::new(Change::Move(1)).solve(&"5+7=2".parse()?)?;
    /// assert_eq!(s.stats().solutions, 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn stats(&self) -> Stats {
        self.stats
    }
}

/// Why a search could not start.
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Change, Solver, SolveError};
/// let err = Solver::new(Change::Move(9)).solve(&"1=1".parse()?).unwrap_err();
/// assert_eq!(err, SolveError::TooManySticks(9));
/// let err = Solver::new(Change::Move(0)).solve(&"1=1".parse()?).unwrap_err();
/// assert_eq!(err, SolveError::NoSticks(Change::Move(0)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SolveError {
    /// A change of no sticks (`move 0`, `remove 0`, `add 0`): a puzzle
    /// asks for at least one.
    NoSticks(Change),
    /// More than [`MAX_STICKS`] sticks asked for.
    TooManySticks(usize),
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::NoSticks(change) => {
                write!(f, "`{change}` changes nothing: at least 1 stick is needed")
            }
            SolveError::TooManySticks(k) => {
                write!(f, "{k} sticks asked for, at most {MAX_STICKS} supported")
            }
        }
    }
}

impl std::error::Error for SolveError {}

/// Finds every fix of an equation under a [`Change`] and [`Rules`].
///
/// The search runs on the `kongming-search` depth-first engine. Glyph
/// positions are fixed (a digit stays a digit, an operator an operator);
/// each step picks the next glyph to change and its new glyph, in
/// increasing position order, so each resulting equation is reached once.
/// Stick balance prunes it: a step may not take up or put down more sticks
/// than the change allows, and a branch stops when the glyphs to its right
/// cannot supply the sticks still owed. A step that completes the stick
/// counts is tested for truth when the steps are listed, so only fixes
/// become search nodes: [`Solutions::stats`] counts the partial changes
/// and the fixes, not every candidate equation tested.
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Change, Equation, Rules, Solver, Style};
///
/// let eq: Equation = "6+4=4".parse()?;
/// let rules = Rules::default().style(Style::default().nine_with_bottom(false));
/// let fixes = Solver::new(Change::Move(1)).rules(rules).solve(&eq)?.into_fixes();
/// let mut shown: Vec<String> = fixes.iter().map(|f| f.to_string()).collect();
/// shown.sort();
/// assert_eq!(shown, ["0+4=4", "5+4=9", "8-4=4"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Solver {
    change: Change,
    rules: Rules,
    budget: Budget,
    only_true: bool,
    /// The alternatives of each glyph under `rules` within `change`, built
    /// when first needed (so that setting the rules after [`Solver::new`]
    /// does not build it twice).
    table: OnceLock<Table>,
}

impl Solver {
    /// The alternatives table for the current rules and change.
    fn table(&self) -> &Table {
        self.table
            .get_or_init(|| Table::new(self.rules, self.change))
    }

    /// A solver for `change` under the default rules, with no budget.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Solver};
    /// let fixes = Solver::new(Change::Add(1)).solve(&"3+3=5".parse()?)?.into_fixes();
    /// assert!(fixes.iter().any(|f| f.to_string() == "3+3=6"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(change: Change) -> Solver {
        Solver {
            change,
            rules: Rules::default(),
            budget: Budget::unlimited(),
            only_true: true,
            table: OnceLock::new(),
        }
    }

    /// Sets the rules.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Rules, Solver};
    /// let solver = Solver::new(Change::Move(1)).rules(Rules::default().keep_orientation(true));
    /// let fixes = solver.solve(&"6+4=4".parse()?)?.into_fixes();
    /// assert_eq!(fixes.len(), 1);
    /// assert_eq!(fixes[0].to_string(), "8-4=4");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn rules(mut self, rules: Rules) -> Self {
        self.rules = rules;
        self.table = OnceLock::new();
        self
    }

    /// Limits the search (nodes, time, a cancel flag). A stopped search
    /// returns the fixes found so far with an [`Outcome::Stopped`].
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Budget, Change, Solver};
    /// let solver = Solver::new(Change::Move(3)).budget(Budget::unlimited().with_node_limit(10));
    /// let s = solver.solve(&"12+34=56-78".parse()?)?;
    /// assert!(!s.outcome().is_complete());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// The change this solver applies.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Solver};
    /// assert_eq!(Solver::new(Change::Add(2)).change(), Change::Add(2));
    /// ```
    pub fn change(&self) -> Change {
        self.change
    }

    /// Finds every fix of `equation`.
    ///
    /// # Errors
    ///
    /// [`SolveError::NoSticks`] for a change of 0 sticks,
    /// [`SolveError::TooManySticks`] for more than [`MAX_STICKS`].
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Solver};
    /// let s = Solver::new(Change::Move(1)).solve(&"6-2=7".parse()?)?;
    /// let mut fixes: Vec<String> = s.fixes().iter().map(|f| f.to_string()).collect();
    /// fixes.sort();
    /// assert_eq!(fixes, ["5+2=7", "9-2=7"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve(&self, equation: &Equation) -> Result<Solutions, SolveError> {
        self.run(equation, None::<(u64, fn(&Stats))>)
    }

    /// Like [`solve`](Solver::solve), calling `progress` with the search
    /// statistics every `every` nodes.
    ///
    /// # Errors
    ///
    /// As [`solve`](Solver::solve).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Solver};
    /// let mut calls = 0;
    /// let s = Solver::new(Change::Move(2))
    ///     .solve_with_progress(&"12+34=56".parse()?, 10, |_stats| calls += 1)?;
    /// assert!(calls > 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve_with_progress(
        &self,
        equation: &Equation,
        every: u64,
        progress: impl FnMut(&Stats) + Send,
    ) -> Result<Solutions, SolveError> {
        self.run(equation, Some((every, progress)))
    }

    fn run<F: FnMut(&Stats) + Send>(
        &self,
        equation: &Equation,
        progress: Option<(u64, F)>,
    ) -> Result<Solutions, SolveError> {
        self.change.check()?;
        let mut problem = FixSearch::new(equation, self);
        let mut search = Search::new(&mut problem).with_budget(self.budget.clone());
        if let Some((every, callback)) = progress {
            search = search.with_progress(every, callback);
        }
        let fixes: Vec<Fix> = search.solutions().collect();
        let outcome = search.outcome().unwrap_or(Outcome::Complete);
        let stats = search.stats();
        Ok(Solutions {
            fixes,
            outcome,
            stats,
        })
    }

    /// Every well-formed equation (under the rules) that this change makes
    /// from `equation`, true or not. The generator uses it to find puzzles.
    ///
    /// # Errors
    ///
    /// As [`solve`](Solver::solve).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Solver};
    /// let all = Solver::new(Change::Remove(1)).neighbours(&"8=8".parse()?)?;
    /// let mut shown: Vec<String> = all.iter().map(|f| f.to_string()).collect();
    /// shown.sort();
    /// assert_eq!(shown, ["0=8", "6=8", "8=0", "8=6", "8=9", "9=8"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn neighbours(&self, equation: &Equation) -> Result<Vec<Fix>, SolveError> {
        let mut all = self.clone();
        all.only_true = false;
        Ok(all.solve(equation)?.into_fixes())
    }
}

/// One alternative for a glyph: the new glyph and the sticks it costs.
#[derive(Clone, Copy, Debug)]
struct Choice {
    glyph: Glyph,
    removed: Segments,
    added: Segments,
    taken: u8,
    put: u8,
    /// Sticks taken up minus sticks put down, per orientation.
    delta: [i8; 4],
    /// The change in the number of `=`.
    equals: i8,
    /// For a digit: the new digit minus the old, modulo 2^64.
    digit_delta: u64,
}

/// For each glyph, its alternatives within the change's stick budget.
#[derive(Clone, Debug)]
struct Table {
    /// Every alternative of every glyph.
    flat: Vec<Choice>,
    /// Indices into `flat`: for glyph code g and sticks left (t, a), the
    /// alternatives of g taking up at most t and putting down at most a are
    /// `fit[ranges[(g * t_stride + t) * a_stride + a]]`.
    fit: Vec<u16>,
    /// Start, split and end in `fit`: before the split the alternatives
    /// that leave sticks owed, after it those that use exactly t and a.
    ranges: Vec<(u32, u32, u32)>,
    /// For glyph code g: bit `t * a_stride + a` set when g has an
    /// alternative within (t, a).
    nonempty: Vec<u64>,
    t_stride: usize,
    a_stride: usize,
    max_taken: Vec<u8>,
    max_put: Vec<u8>,
}

impl Table {
    fn new(rules: Rules, change: Change) -> Table {
        // A change of more than MAX_STICKS is refused when solving; the
        // table stays small (and `nonempty` fits in 64 bits) whatever it is.
        let (take_budget, put_budget) = change.budget();
        let (take_budget, put_budget) = (take_budget.min(MAX_STICKS), put_budget.min(MAX_STICKS));
        let style = rules.style;
        let all: Vec<Glyph> = Glyph::DIGITS.iter().chain(&Glyph::OPS).copied().collect();
        let is_equals = |g: Glyph| i8::from(g.as_op() == Some(Op::Equals));
        let mut rows = Vec::with_capacity(all.len());
        for &g in &all {
            let here = style.segments(g);
            let pool: &[Glyph] = if g.is_digit() {
                &Glyph::DIGITS
            } else {
                &Glyph::OPS
            };
            let row: Vec<Choice> =
                pool.iter()
                    .filter(|&&alt| alt != g)
                    .filter_map(|&alt| {
                        let there = style.segments(alt);
                        let removed = here - there;
                        let added = there - here;
                        let taken = removed.bits().count_ones() as u8;
                        let put = added.bits().count_ones() as u8;
                        let (r, a) = (removed.by_orientation(), added.by_orientation());
                        let delta = std::array::from_fn(|o| r[o] as i8 - a[o] as i8);
                        let digit_delta = match (alt.as_digit(), g.as_digit()) {
                            (Some(new), Some(old)) => u64::from(new).wrapping_sub(u64::from(old)),
                            _ => 0,
                        };
                        (usize::from(taken) <= take_budget && usize::from(put) <= put_budget)
                            .then_some(Choice {
                                glyph: alt,
                                removed,
                                added,
                                taken,
                                put,
                                delta,
                                equals: is_equals(alt) - is_equals(g),
                                digit_delta,
                            })
                    })
                    .collect();
            // Sorted by (taken, put): in each list below, the alternatives
            // using exactly the sticks left come last.
            let mut row = row;
            row.sort_by_key(|c| (c.taken, c.put));
            rows.push(row);
        }
        let max_taken = rows
            .iter()
            .map(|r| r.iter().map(|c| c.taken).max().unwrap_or(0))
            .collect();
        let max_put = rows
            .iter()
            .map(|r| r.iter().map(|c| c.put).max().unwrap_or(0))
            .collect();
        let (t_stride, a_stride) = (take_budget + 1, put_budget + 1);
        let mut flat = Vec::new();
        let mut fit = Vec::new();
        let mut ranges = Vec::with_capacity(rows.len() * t_stride * a_stride);
        let mut nonempty = Vec::with_capacity(rows.len());
        for row in &rows {
            let mut bits = 0u64;
            let start = flat.len();
            flat.extend_from_slice(row);
            for t in 0..t_stride {
                for a in 0..a_stride {
                    let from = fit.len() as u32;
                    fit.extend((start..flat.len()).filter_map(|i| {
                        (usize::from(flat[i].taken) <= t && usize::from(flat[i].put) <= a)
                            .then_some(i as u16)
                    }));
                    let exact = (start..flat.len())
                        .filter(|&i| {
                            usize::from(flat[i].taken) == t && usize::from(flat[i].put) == a
                        })
                        .count() as u32;
                    let to = fit.len() as u32;
                    ranges.push((from, to - exact, to));
                    if to > from {
                        bits |= 1 << (t * a_stride + a);
                    }
                }
            }
            nonempty.push(bits);
        }
        Table {
            flat,
            fit,
            ranges,
            nonempty,
            t_stride,
            a_stride,
            max_taken,
            max_put,
        }
    }

    /// The alternatives of glyph `code` within `take_left` and
    /// `put_left`: those that leave sticks owed, then those that use
    /// exactly that many.
    fn fits(&self, code: usize, take_left: usize, put_left: usize) -> (&[u16], &[u16]) {
        let (from, split, to) =
            self.ranges[(code * self.t_stride + take_left) * self.a_stride + put_left];
        (
            &self.fit[from as usize..split as usize],
            &self.fit[split as usize..to as usize],
        )
    }
}

/// Whether a glyph code is `+` or `-`.
fn is_plus_or_minus(code: usize) -> bool {
    code == PLUS || code == MINUS
}

/// Room for the numbers of the longest equation (numbers and operators
/// alternate).
const MAX_NUMBERS: usize = MAX_GLYPHS / 2 + 1;

/// The search state: glyphs as they stand, the changes made so far, and
/// the value (modulo 2^64) of each number, kept up to date as glyphs change
/// so that a candidate equation is tested number by number, not glyph by
/// glyph; for an input with one `=` and no division, also L − R modulo
/// 2^64, so that changing a digit is tested by one multiplication.
struct FixSearch<'e> {
    original: &'e Equation,
    rules: Rules,
    change: Change,
    only_true: bool,
    table: &'e Table,
    /// Bit p: the digit at p starts a number of several digits (no 0 there).
    leading: u64,
    /// For each position p: the most sticks positions `p..` can take up / put down.
    take_capacity: [u16; MAX_GLYPHS + 1],
    put_capacity: [u16; MAX_GLYPHS + 1],
    take_budget: usize,
    put_budget: usize,
    /// The glyphs as they stand (the first `len`).
    glyphs: [Glyph; MAX_GLYPHS],
    len: usize,
    /// Changed positions with the choice index, in increasing position
    /// order (the first `depth`). Each change takes up or puts down at
    /// least one stick, so there are at most `2 * MAX_STICKS`.
    changed: [(u8, u16); 2 * MAX_STICKS],
    depth: usize,
    taken: usize,
    put: usize,
    by_orientation: [i32; 4],
    /// The leading positions where the input itself has a 0.
    leading_zero_in_input: u64,
    /// Whether moved sticks must balance per orientation.
    track_orientation: bool,
    equals: i32,
    /// For each position: the index of its number (a digit) or of the
    /// number before it (an operator). Glyphs never change kind, so the
    /// numbers keep their places.
    token: [u8; MAX_GLYPHS],
    /// For each digit: its place value in its number, modulo 2^64.
    place: [u64; MAX_GLYPHS],
    /// Each number's value modulo 2^64, as the glyphs stand.
    numbers: [u64; MAX_NUMBERS],
    /// The operator code after each number, [`END`] after the last.
    ops: [u8; MAX_NUMBERS],
    /// How many numbers.
    count: usize,
    /// Whether the operators as they stand have exactly one `=` and no
    /// division; `difference` is then L − R modulo 2^64.
    linear: bool,
    difference: u64,
    /// For each number: the first and last number of its term (numbers
    /// joined by `*`) and the term's sign in L − R, as the operators stand
    /// (read again when an operator changes).
    term: [(u8, u8); MAX_NUMBERS],
    sign: [u64; MAX_NUMBERS],
}

/// The residue test's state before one number as the glyphs stand, moved
/// right as move generation goes right.
struct Sweep {
    state: Residue,
    /// The number the state stands before.
    token: usize,
    /// Whether the numbers before `token` already show two sides differ.
    differs: bool,
}

impl<'e> FixSearch<'e> {
    fn new(original: &'e Equation, solver: &'e Solver) -> Self {
        let (take_budget, put_budget) = solver.change.budget();
        let source = &original.glyphs;
        let n = source.len().min(MAX_GLYPHS);
        let table = solver.table();
        // Built in place: the arrays are filled below.
        let mut s = FixSearch {
            original,
            rules: solver.rules,
            change: solver.change,
            only_true: solver.only_true,
            table,
            leading: 0,
            take_capacity: [0; MAX_GLYPHS + 1],
            put_capacity: [0; MAX_GLYPHS + 1],
            take_budget,
            put_budget,
            glyphs: [Glyph::DIGITS[0]; MAX_GLYPHS],
            len: n,
            changed: [(0, 0); 2 * MAX_STICKS],
            depth: 0,
            taken: 0,
            put: 0,
            by_orientation: [0; 4],
            leading_zero_in_input: 0,
            track_orientation: solver.rules.keep_orientation
                && matches!(solver.change, Change::Move(_)),
            equals: 0,
            token: [0; MAX_GLYPHS],
            place: [0; MAX_GLYPHS],
            numbers: [0; MAX_NUMBERS],
            ops: [END as u8; MAX_NUMBERS],
            count: 1,
            linear: false,
            difference: 0,
            term: [(0, 0); MAX_NUMBERS],
            sign: [1; MAX_NUMBERS],
        };
        let mut value = 1u64;
        for p in (0..n).rev() {
            let code = source[p].code();
            s.take_capacity[p] = s.take_capacity[p + 1] + u16::from(table.max_taken[code]);
            s.put_capacity[p] = s.put_capacity[p + 1] + u16::from(table.max_put[code]);
            if code < 10 {
                s.place[p] = value;
                value = value.wrapping_mul(10);
            } else {
                value = 1;
            }
        }
        let mut j = 0;
        let mut previous_is_op = true;
        for (p, g) in source[..n].iter().enumerate() {
            s.glyphs[p] = *g;
            s.token[p] = j as u8;
            let code = g.code();
            if code < 10 {
                s.numbers[j] = s.numbers[j].wrapping_mul(10).wrapping_add(code as u64);
                // A digit starting a number of several digits.
                if previous_is_op && source.get(p + 1).is_some_and(|n| n.is_digit()) {
                    if !solver.rules.leading_zeros {
                        s.leading |= 1 << p;
                    }
                    if code == 0 {
                        s.leading_zero_in_input |= 1 << p;
                    }
                }
                previous_is_op = false;
            } else {
                s.equals += i32::from(g.as_op() == Some(Op::Equals));
                previous_is_op = true;
                // (Numbers and operators alternate in an equation, so there
                // is always room.)
                if j + 1 < MAX_NUMBERS {
                    s.ops[j] = code as u8;
                    j += 1;
                }
            }
        }
        s.leading_zero_in_input &= s.leading;
        s.count = j + 1;
        s.read_terms();
        s
    }

    /// Sets `term`, `sign`, `linear` and `difference` from the operators
    /// and numbers as they stand.
    fn read_terms(&mut self) {
        let (mut side, mut term_sign) = (1u64, 1u64);
        let (mut equals, mut divides) = (0, false);
        let mut difference = 0u64;
        let mut start = 0;
        while start < self.count {
            let mut end = start;
            while usize::from(self.ops[end]) == TIMES {
                end += 1;
            }
            let s = side.wrapping_mul(term_sign);
            let mut product = s;
            for t in start..=end {
                self.term[t] = (start as u8, end as u8);
                self.sign[t] = s;
                product = product.wrapping_mul(self.numbers[t]);
            }
            difference = difference.wrapping_add(product);
            term_sign = 1;
            match usize::from(self.ops[end]) {
                DIVIDE => divides = true,
                MINUS => term_sign = u64::MAX,
                EQUALS => {
                    equals += 1;
                    side = u64::MAX;
                }
                _ => {}
            }
            start = end + 1;
        }
        self.linear = equals == 1 && !divides;
        self.difference = difference;
    }

    fn next_position(&self) -> usize {
        match self.depth {
            0 => 0,
            d => usize::from(self.changed[d - 1].0) + 1,
        }
    }

    /// Whether the `=` count is allowed.
    fn equals_allowed(&self, equals: i32) -> bool {
        equals == 1 || (equals > 1 && self.rules.multiple_equals)
    }

    /// Whether a 0 the input had at the start of a number is still there
    /// (an input parsed under other rules may have one; moves never put one
    /// there), with `extra` (a position and its new glyph) applied.
    fn keeps_input_leading_zero(&self, extra: Option<(usize, Glyph)>) -> bool {
        let mut leading = self.leading_zero_in_input;
        while leading != 0 {
            let p = leading.trailing_zeros() as usize;
            let glyph = match extra {
                Some((q, g)) if q == p => g,
                _ => self.glyphs[p],
            };
            if glyph == Glyph::DIGITS[0] {
                return true;
            }
            leading &= leading - 1;
        }
        false
    }

    /// Exact truth of the glyphs with `extra` applied.
    fn exactly_true(&self, extra: Option<(usize, Glyph)>) -> bool {
        let mut glyphs = self.glyphs;
        if let Some((p, g)) = extra {
            glyphs[p] = g;
        }
        all_sides_equal(&glyphs[..self.len])
    }

    /// Whether the state is a fix: its stick counts balance. (The root,
    /// with nothing changed, never does, since a change has at least one
    /// stick; and [`moves`](Problem::moves) hands out a change that
    /// completes the counts only when it makes a fix.)
    fn is_fix(&self) -> bool {
        self.taken == self.take_budget && self.put == self.put_budget
    }

    /// Sets the operator after number `t` to `code`, keeping the terms up
    /// to date: between `+` and `-` only the next term's sign flips.
    fn change_op(&mut self, t: usize, code: usize) {
        let old = usize::from(self.ops[t]);
        self.ops[t] = code as u8;
        if self.linear && is_plus_or_minus(old) && is_plus_or_minus(code) {
            let next = t + 1;
            let (start, end) = self.term[next];
            let change = self.sign[next].wrapping_mul(self.term_value(next));
            self.difference = self.difference.wrapping_sub(change.wrapping_mul(2));
            let flipped = self.sign[next].wrapping_neg();
            self.sign[usize::from(start)..=usize::from(end)].fill(flipped);
        } else {
            self.read_terms();
        }
    }

    /// How much one unit of number `t` adds to L − R (when `linear`): the
    /// term's sign times its other numbers.
    fn coefficient(&self, t: usize) -> u64 {
        let (start, end) = self.term[t];
        if start == end {
            return self.sign[t];
        }
        (usize::from(start)..=usize::from(end))
            .filter(|&j| j != t)
            .fold(self.sign[t], |acc, j| acc.wrapping_mul(self.numbers[j]))
    }

    /// The value of number `t`'s term (when `linear`), modulo 2^64.
    fn term_value(&self, t: usize) -> u64 {
        let (start, end) = self.term[t];
        self.numbers[usize::from(start)..=usize::from(end)]
            .iter()
            .fold(1u64, |acc, &n| acc.wrapping_mul(n))
    }

    /// Whether changing position `p` to `c`, which completes the stick
    /// counts, keeps an allowed `=` count and passed the residue test (when
    /// only true equations are asked for), makes a fix.
    fn completes(&self, p: usize, c: &Choice) -> bool {
        if (self.track_orientation
            && (0..4).any(|o| self.by_orientation[o] + i32::from(c.delta[o]) != 0))
            || (self.leading_zero_in_input != 0
                && self.keeps_input_leading_zero(Some((p, c.glyph))))
        {
            return false;
        }
        !self.only_true || self.exactly_true(Some((p, c.glyph)))
    }

    /// The residue test of the glyphs with `p` changed to `c`, read number
    /// by number: `true` when two sides differ. `sweep` stands before some
    /// number at or left of `p`'s.
    fn residues_differ(&self, p: usize, c: &Choice, sweep: &mut Sweep) -> bool {
        // The numbers before p's are as they stand: bring the sweep there.
        let t = usize::from(self.token[p]);
        while sweep.token < t {
            if !sweep.differs {
                let j = sweep.token;
                sweep.differs =
                    sweep.state.read(self.numbers[j], usize::from(self.ops[j])) == Read::Differs;
            }
            sweep.token += 1;
        }
        if sweep.differs {
            return true;
        }
        let mut state = sweep.state;
        let (number, op) = if c.glyph.is_digit() {
            let d = c.digit_delta.wrapping_mul(self.place[p]);
            (self.numbers[t].wrapping_add(d), usize::from(self.ops[t]))
        } else {
            (self.numbers[t], c.glyph.code())
        };
        state.read(number, op) == Read::Differs
            || state.finish(t + 1, &self.ops[..self.count], |j| self.numbers[j]) == Read::Differs
    }
}

impl Problem for FixSearch<'_> {
    /// A position (below [`MAX_GLYPHS`]) and an index into the table.
    type Move = (u8, u16);
    type Solution = Fix;

    /// The changes right of the last one that stay within the stick
    /// budget. A change that leaves sticks owed is handed out when the
    /// positions to its right can still take up and put down that many; a
    /// change that completes the counts only when it makes a fix, so the
    /// candidate equations are tested here, in one sweep, and never become
    /// search nodes.
    fn moves(&self, out: &mut Vec<(u8, u16)>) {
        let take_left = self.take_budget - self.taken;
        let put_left = self.put_budget - self.put;
        if take_left == 0 && put_left == 0 {
            return;
        }
        if self.depth == 0 {
            // Room for the moves of a typical path, in one allocation.
            out.reserve(8 * self.len);
        }
        let table = self.table;
        let linear = self.only_true && self.linear;
        let mut sweep = Sweep {
            state: Residue::default(),
            token: 0,
            differs: false,
        };
        let combo = take_left * table.a_stride + put_left;
        for p in self.next_position()..self.len {
            let code = self.glyphs[p].code();
            if table.nonempty[code] >> combo & 1 == 0 {
                continue;
            }
            let (partial, completing) = table.fits(code, take_left, put_left);
            let no_zero = self.leading >> p & 1 == 1;
            if !partial.is_empty() {
                let take_room = usize::from(self.take_capacity[p + 1]) + self.taken;
                let put_room = usize::from(self.put_capacity[p + 1]) + self.put;
                for &i in partial {
                    let c = &table.flat[usize::from(i)];
                    if take_room + usize::from(c.taken) >= self.take_budget
                        && put_room + usize::from(c.put) >= self.put_budget
                        && !(no_zero && c.glyph == Glyph::DIGITS[0])
                    {
                        out.push((p as u8, i));
                    }
                }
            }
            if completing.is_empty() {
                continue;
            }
            if code < 10 {
                if !self.equals_allowed(self.equals) {
                    continue;
                }
                // With one `=` and no division, a digit's change is tested
                // against L − R directly.
                let unit = if linear {
                    let t = usize::from(self.token[p]);
                    self.coefficient(t).wrapping_mul(self.place[p])
                } else {
                    0
                };
                for &i in completing {
                    let c = &table.flat[usize::from(i)];
                    if no_zero && c.glyph == Glyph::DIGITS[0] {
                        continue;
                    }
                    let refuted = if linear {
                        self.difference
                            .wrapping_add(unit.wrapping_mul(c.digit_delta))
                            != 0
                    } else {
                        self.only_true && self.residues_differ(p, c, &mut sweep)
                    };
                    if !refuted && self.completes(p, c) {
                        out.push((p as u8, i));
                    }
                }
            } else {
                let t = usize::from(self.token[p]);
                let sign_flip = linear && is_plus_or_minus(code);
                for &i in completing {
                    let c = &table.flat[usize::from(i)];
                    if !self.equals_allowed(self.equals + i32::from(c.equals)) {
                        continue;
                    }
                    // Between `+` and `-` only the next term's sign flips.
                    let refuted = if sign_flip && is_plus_or_minus(c.glyph.code()) {
                        let next = t + 1;
                        let change = self.sign[next].wrapping_mul(self.term_value(next));
                        self.difference.wrapping_sub(change.wrapping_mul(2)) != 0
                    } else {
                        self.only_true && self.residues_differ(p, c, &mut sweep)
                    };
                    if !refuted && self.completes(p, c) {
                        out.push((p as u8, i));
                    }
                }
            }
        }
    }

    fn apply(&mut self, &(p, i): &(u8, u16)) {
        let c = &self.table.flat[usize::from(i)];
        let p = usize::from(p);
        let t = usize::from(self.token[p]);
        if c.glyph.is_digit() {
            let d = c.digit_delta.wrapping_mul(self.place[p]);
            if self.linear {
                let change = self.coefficient(t).wrapping_mul(d);
                self.difference = self.difference.wrapping_add(change);
            }
            self.numbers[t] = self.numbers[t].wrapping_add(d);
        } else {
            self.change_op(t, c.glyph.code());
        }
        self.glyphs[p] = c.glyph;
        self.taken += usize::from(c.taken);
        self.put += usize::from(c.put);
        if self.track_orientation {
            for (o, d) in self.by_orientation.iter_mut().zip(c.delta) {
                *o += i32::from(d);
            }
        }
        self.equals += i32::from(c.equals);
        self.changed[self.depth] = (p as u8, i);
        self.depth += 1;
    }

    fn undo(&mut self, &(p, i): &(u8, u16)) {
        let c = &self.table.flat[usize::from(i)];
        let p = usize::from(p);
        let t = usize::from(self.token[p]);
        let before = self.original.glyphs[p];
        if c.glyph.is_digit() {
            let d = c.digit_delta.wrapping_mul(self.place[p]);
            self.numbers[t] = self.numbers[t].wrapping_sub(d);
            // The term's other numbers are as they were when `c` was
            // applied (changes are undone last first).
            if self.linear {
                let change = self.coefficient(t).wrapping_mul(d);
                self.difference = self.difference.wrapping_sub(change);
            }
        } else {
            self.change_op(t, before.code());
        }
        self.glyphs[p] = before;
        self.taken -= usize::from(c.taken);
        self.put -= usize::from(c.put);
        if self.track_orientation {
            for (o, d) in self.by_orientation.iter_mut().zip(c.delta) {
                *o -= i32::from(d);
            }
        }
        self.equals -= i32::from(c.equals);
        self.depth -= 1;
    }

    fn is_solution(&self) -> bool {
        self.is_fix()
    }

    fn solution(&self) -> Option<Fix> {
        if !self.is_fix() {
            return None;
        }
        let mut changes = Vec::with_capacity(self.depth);
        let mut removed = Vec::with_capacity(self.taken);
        let mut added = Vec::with_capacity(self.put);
        for &(p, i) in &self.changed[..self.depth] {
            let (p, c) = (usize::from(p), self.table.flat[usize::from(i)]);
            changes.push(GlyphChange {
                position: p,
                from: self.original.glyphs[p],
                to: c.glyph,
            });
            removed.extend(c.removed.iter().map(|segment| Stick {
                position: p,
                segment,
            }));
            added.extend(c.added.iter().map(|segment| Stick {
                position: p,
                segment,
            }));
        }
        Some(Fix {
            equation: Equation {
                glyphs: self.glyphs[..self.len].to_vec(),
                notation: self.original.notation,
            },
            change: self.change,
            keep_orientation: self.rules.keep_orientation,
            changes,
            removed,
            added,
        })
    }
}
