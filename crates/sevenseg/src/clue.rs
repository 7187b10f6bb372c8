//! A clue: which glyph to change, without saying how ([`Clue`],
//! [`Fault`]).

use std::fmt;

use crate::change::Change;
use crate::equation::Equation;
use crate::fix::Fix;
use crate::glyph::Glyph;

/// What a [`Clue`] tells about its glyph: whether sticks leave it, come to
/// it, or move inside it — never which ones.
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Change, Fault, Solver};
/// let eq = "5+7=2".parse()?;
/// let hint = Solver::new(Change::Move(1)).solve(&eq)?.clue().expect("a fix");
/// assert_eq!(hint.fault(), Fault::Extra); // the + gives up its stem
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With the `serde` feature it is stored as its name in snake case
/// (`"extra"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum Fault {
    /// Sticks are taken up there and none put down (the glyph loses
    /// sticks).
    Extra,
    /// Sticks are taken up and put down there (the glyph is rearranged,
    /// perhaps with sticks from or for elsewhere too).
    Misplaced,
    /// Sticks are put down there and none taken up (the glyph gains
    /// sticks).
    Missing,
    /// The fixes that change the glyph do not agree on which of the above
    /// it is.
    Mixed,
}

/// A clue for an equation to fix: one glyph to change, and what is wrong
/// with it ([`Fault`]), without saying how to change it.
///
/// It is made from the fixes the solver found
/// ([`Solutions::clue`](crate::Solutions::clue),
/// [`Puzzle::clue`](crate::Puzzle::clue), [`Fix::clue`]). The glyph is
/// chosen so that following it can always lead to a fix:
///
/// 1. a glyph changed by the most fixes — by every fix when one is (then
///    whichever fix the player is heading for, this glyph changes);
/// 2. among those, one whose fixes agree on the fault, preferring a glyph
///    that loses sticks ([`Fault::Extra`]: the stick to pick up is there),
///    then one rearranged ([`Fault::Misplaced`]), then one that gains
///    sticks ([`Fault::Missing`]);
/// 3. among those, the leftmost.
///
/// [`in_every_fix`](Clue::in_every_fix) says whether every fix changes
/// the glyph; that is only claimed when the fixes are known to be all
/// of them (a search stopped by its budget gives a hint from the fixes
/// it found, each a real fix).
///
/// Prints as a sentence for players, such as `Look at the first digit,
/// the 6: a stick there belongs somewhere else`; when only some of the
/// fixes change the glyph it says how many.
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Change, Fault, Rules, Solver};
///
/// let eq = "6+4=4".parse()?;
/// // One fix, 8-4=4: the + gives its stem to the 6.
/// let solver = Solver::new(Change::Move(1)).rules(Rules::default().keep_orientation(true));
/// let hint = solver.solve(&eq)?.clue().expect("a fix");
/// assert_eq!(hint.position(), 1);
/// assert_eq!(hint.to_string(), "Look at the first operator, the +: a stick there belongs somewhere else");
///
/// // Two fixes, 0+4=4 and 8-4=4: both change the 6, in different ways.
/// let hint = Solver::new(Change::Move(1)).solve(&eq)?.clue().expect("a fix");
/// assert_eq!((hint.position(), hint.fault()), (0, Fault::Mixed));
/// assert!(hint.in_every_fix());
/// assert_eq!(hint.to_string(), "Look at the first digit, the 6: it is not the digit it should be");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With the `serde` feature it is stored as a record of its parts (the
/// equation as its text); loading checks that they agree (the glyph is
/// in the equation, the counts and the fault fit the change).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Clue {
    pub(crate) equation: Equation,
    pub(crate) change: Change,
    pub(crate) position: usize,
    pub(crate) fault: Fault,
    /// The fixes that change the glyph.
    pub(crate) changing: usize,
    /// The fixes the hint was made from.
    pub(crate) fixes: usize,
    /// Whether those are every fix of the equation.
    pub(crate) complete: bool,
}

/// What the fixes say about one glyph while a hint is chosen.
#[derive(Clone, Copy, Default)]
struct Tally {
    changing: usize,
    fault: Option<Fault>,
}

impl Clue {
    /// The hint from `fixes` (all of the same equation; all its fixes when
    /// `complete`), chosen as [`Clue`] says; `None` when there are no
    /// fixes.
    pub(crate) fn from_fixes(fixes: &[Fix], complete: bool) -> Option<Clue> {
        let first = fixes.first()?;
        let mut tallies = vec![Tally::default(); first.equation.len()];
        for fix in fixes {
            for change in &fix.changes {
                let at =
                    |sticks: &[crate::Stick]| sticks.iter().any(|s| s.position == change.position);
                let fault = match (at(&fix.removed), at(&fix.added)) {
                    (true, false) => Fault::Extra,
                    (false, true) => Fault::Missing,
                    _ => Fault::Misplaced,
                };
                let tally = &mut tallies[change.position];
                tally.changing += 1;
                tally.fault = match tally.fault {
                    None => Some(fault),
                    Some(seen) if seen == fault => Some(fault),
                    Some(_) => Some(Fault::Mixed),
                };
            }
        }
        // The best glyph: most fixes, then the preferred fault (the
        // enum's order, Mixed last), then leftmost.
        let (position, tally) = tallies
            .iter()
            .enumerate()
            .filter_map(|(p, t)| t.fault.map(|fault| (p, t.changing, fault)))
            .min_by_key(|&(p, changing, fault)| (std::cmp::Reverse(changing), fault, p))
            .map(|(p, _, _)| (p, tallies[p]))?;
        Some(Clue {
            equation: first.original(),
            change: first.change,
            position,
            fault: tally.fault.expect("a changed glyph has a fault"),
            changing: tally.changing,
            fixes: fixes.len(),
            complete,
        })
    }

    /// The equation the hint is for.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Solver};
    /// let eq = "5+7=2".parse()?;
    /// let hint = Solver::new(Change::Move(1)).solve(&eq)?.clue().expect("a fix");
    /// assert_eq!(hint.equation(), &eq);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn equation(&self) -> &Equation {
        &self.equation
    }

    /// The change the equation's fixes make.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Solver};
    /// let hint = Solver::new(Change::Move(1)).solve(&"5+7=2".parse()?)?.clue().expect("a fix");
    /// assert_eq!(hint.change(), Change::Move(1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn change(&self) -> Change {
        self.change
    }

    /// The index of the glyph to look at (0-based, as in
    /// [`Stick::position`](crate::Stick::position)).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Solver};
    /// let hint = Solver::new(Change::Move(1)).solve(&"5+7=2".parse()?)?.clue().expect("a fix");
    /// assert_eq!(hint.position(), 1); // the +
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn position(&self) -> usize {
        self.position
    }

    /// The glyph to look at, as it stands in the equation.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Glyph, Op, Solver};
    /// let hint = Solver::new(Change::Move(1)).solve(&"5+7=2".parse()?)?.clue().expect("a fix");
    /// assert_eq!(hint.glyph(), Glyph::op(Op::Plus));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn glyph(&self) -> Glyph {
        self.equation.glyphs[self.position]
    }

    /// What is wrong with the glyph.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Fault, Solver};
    /// let hint = Solver::new(Change::Add(1)).solve(&"3+3=5".parse()?)?.clue().expect("a fix");
    /// assert_eq!(hint.fault(), Fault::Missing);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn fault(&self) -> Fault {
        self.fault
    }

    /// How many of the fixes the hint was made from change the glyph.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Solver};
    /// let hint = Solver::new(Change::Move(1)).solve(&"9+5=9".parse()?)?.clue().expect("fixes");
    /// assert_eq!((hint.fixes_changing_it(), hint.fixes()), (2, 2)); // 3+6=9 and 3+5=8
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn fixes_changing_it(&self) -> usize {
        self.changing
    }

    /// How many fixes the hint was made from.
    ///
    /// # Example
    ///
    /// See [`fixes_changing_it`](Clue::fixes_changing_it).
    pub fn fixes(&self) -> usize {
        self.fixes
    }

    /// Whether every fix of the equation changes the glyph: the fixes the
    /// hint was made from are all of them (the search was complete) and
    /// each changes it.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Solver};
    /// let hint = Solver::new(Change::Move(1)).solve(&"9+5=9".parse()?)?.clue().expect("fixes");
    /// assert!(hint.in_every_fix());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn in_every_fix(&self) -> bool {
        self.complete && self.changing == self.fixes
    }

    /// The glyph's place among the glyphs of its kind, from 1: the 6 of
    /// `6+4=4` is the first digit, the `=` its second operator.
    fn ordinal(&self) -> usize {
        let digit = self.glyph().is_digit();
        self.equation.glyphs[..=self.position]
            .iter()
            .filter(|g| g.is_digit() == digit)
            .count()
    }
}

/// `first` … `tenth`, then `11th`, `12th`, `21st`, …
fn ordinal_word(n: usize) -> String {
    const WORDS: [&str; 10] = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
        "tenth",
    ];
    if let Some(word) = n.checked_sub(1).and_then(|i| WORDS.get(i)) {
        return (*word).to_string();
    }
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

impl fmt::Display for Clue {
    /// `Look at the first operator, the +: a stick there belongs somewhere
    /// else`, with ` (in 1 of the 2 fixes)` when only some fixes change
    /// the glyph (`… fixes found`, when the search was stopped).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let glyph = self.glyph();
        let (kind, shown) = match glyph.as_op() {
            Some(op) => ("operator", self.equation.notation.sign(op).to_string()),
            None => ("digit", glyph.to_string()),
        };
        let fault = match (self.fault, self.change) {
            (Fault::Extra, Change::Remove(_)) => "a stick there is one too many",
            (Fault::Extra, _) => "a stick there belongs somewhere else",
            (Fault::Missing, Change::Add(_)) => "a stick is missing there",
            (Fault::Missing, _) => "a stick from somewhere else belongs there",
            (Fault::Misplaced, _) => "a stick there is in the wrong place",
            (Fault::Mixed, _) if glyph.is_digit() => "it is not the digit it should be",
            (Fault::Mixed, _) => "it is not the operator it should be",
        };
        write!(
            f,
            "Look at the {} {kind}, the {shown}: {fault}",
            ordinal_word(self.ordinal())
        )?;
        if self.changing < self.fixes {
            let found = if self.complete { "" } else { " found" };
            write!(
                f,
                " (in {} of the {} fixes{found})",
                self.changing, self.fixes
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::ordinal_word;

    #[test]
    fn ordinals() {
        let words: Vec<String> = [1, 2, 3, 10, 11, 12, 13, 21, 22, 23, 64, 111]
            .into_iter()
            .map(ordinal_word)
            .collect();
        assert_eq!(
            words,
            [
                "first", "second", "third", "tenth", "11th", "12th", "13th", "21st", "22nd",
                "23rd", "64th", "111th"
            ]
        );
    }
}
