//! A way to make an equation true: [`Fix`].

use std::fmt;

use crate::change::Change;
use crate::clue::Clue;
use crate::equation::Equation;
use crate::kind::MoveKind;
use crate::stick::{GlyphChange, Stick, StickMove};

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
/// assert_eq!(fix.moves()[0].to_string(), "stem@2 -> upper-right@1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With the `serde` feature it is stored as a record of its parts (the
/// equation, the change, the glyph changes and the sticks in their text
/// forms); loading checks that the parts agree: positions within the
/// equation, the glyph changes matching it, the sticks those of the glyph
/// changes under one glyph style, and their numbers those of the change.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Fix {
    pub(crate) equation: Equation,
    pub(crate) change: Change,
    pub(crate) keep_orientation: bool,
    pub(crate) changes: Vec<GlyphChange>,
    pub(crate) removed: Vec<Stick>,
    pub(crate) added: Vec<Stick>,
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

    /// The equation it fixes: the fixed one with every changed glyph put
    /// back, in the same notation.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Equation, Solver};
    /// let eq: Equation = "6 - 2 = 7".parse()?;
    /// let fixes = Solver::new(Change::Move(1)).solve(&eq)?.into_fixes();
    /// assert!(fixes.iter().all(|f| f.original().to_string() == "6 - 2 = 7"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn original(&self) -> Equation {
        let mut original = self.equation.clone();
        for change in &self.changes {
            original.glyphs[change.position] = change.from;
        }
        original
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
    /// assert_eq!(nine.moves()[0].to_string(), "lower-left@1 -> upper-right@1");
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

    /// What kind of stick moves this fix needs (inside a glyph, between
    /// glyphs, through an operator): the measure the puzzles' grades use.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Equation, Solver};
    /// let eq: Equation = "5+7=2".parse()?;
    /// let fixes = Solver::new(Change::Move(1)).solve(&eq)?.into_fixes();
    /// assert!(fixes[0].move_kind().through_operator);
    /// assert_eq!(fixes[0].move_kind().to_string(), "a stick goes through an operator");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn move_kind(&self) -> MoveKind {
        let is_op = |s: &Stick| self.equation.glyphs[s.position].is_op();
        let mut kind = MoveKind::default();
        if matches!(self.change, Change::Move(_)) {
            for m in self.moves() {
                if is_op(&m.from) || is_op(&m.to) {
                    kind.through_operator = true;
                } else if m.from.position == m.to.position {
                    kind.inside_glyph = true;
                } else {
                    kind.between_glyphs = true;
                }
            }
        } else {
            let sticks = self.removed.iter().chain(&self.added);
            kind.through_operator = sticks.clone().any(is_op);
            kind.inside_glyph = self.changes.len() == 1 && !kind.through_operator;
            kind.between_glyphs = self.changes.len() > 1;
        }
        kind
    }

    /// A hint towards this fix: one glyph it changes, and whether sticks
    /// leave it, come to it or move inside it, without saying how (see
    /// [`Clue`]). The hint knows only this fix: for a hint from every fix
    /// of an equation use [`Solutions::clue`](crate::Solutions::clue).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Equation, Solver};
    /// let eq: Equation = "5+7=2".parse()?;
    /// let fix = &Solver::new(Change::Move(1)).solve(&eq)?.into_fixes()[0];
    /// assert_eq!(fix.clue().position(), 1);
    /// assert_eq!(
    ///     fix.clue().to_string(),
    ///     "Look at the first operator, the +: a stick there belongs somewhere else"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn clue(&self) -> Clue {
        Clue::from_fixes(std::slice::from_ref(self), false)
            .expect("a fix changes at least one glyph")
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
