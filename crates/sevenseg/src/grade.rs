//! How hard an equation is to fix: [`Difficulty`] (the measure, its
//! [`Grade`]) and [`Rating`] (a difficulty, or why there is none).

use std::cmp::Ordering;
use std::fmt;

use kongming_search::control::{Outcome, StopReason};

use crate::fix::Fix;
use crate::kind::MoveKind;

/// How hard an equation is to fix, by the false candidates a player must
/// reject before a fix ([`Puzzle::difficulty`](crate::Puzzle::difficulty),
/// [`Solver::rate`](crate::Solver::rate)).
///
/// **The candidates** are every well-formed equation the change makes
/// from the equation ([`Solver::neighbours`](crate::Solver::neighbours)):
/// the fixes, and the *near misses*, false equations one change away.
/// **The player** is assumed to try the candidates kind by kind, in the
/// order of [`MoveKind`]: sticks between digits first, then through an
/// operator, then inside one glyph (a candidate of several kinds counts
/// as its latest), and to reject, at worst, every near miss of the kinds
/// tried up to the first kind that holds a fix.
///
/// **The measure** is [`effort`](Difficulty::effort): that number of near
/// misses. It combines both things that make a matchstick puzzle hard —
/// how many plausible moves lead nowhere, and how far down the list of
/// ideas the fix lies (a fix inside a glyph comes after every near miss
/// of the other kinds). The [`grade`](Difficulty::grade) (the family's
/// [`Grade`]) is a function of the effort alone, so it never decreases as
/// the effort grows:
///
/// | grade | effort |
/// |---|---|
/// | [`Grade::Easy`] | 0 to 4 |
/// | [`Grade::Medium`] | 5 to 9 |
/// | [`Grade::Hard`] | 10 to 19 |
/// | [`Grade::Expert`] | 20 or more |
///
/// Difficulties compare by effort first (then the near misses, the
/// fix's place in the order of kinds, fewer fixes, and the kinds).
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Change, Grade, Solver};
///
/// let solver = Solver::new(Change::Move(1));
/// let easy = solver.rate(&"6-2=7".parse()?)?.difficulty().expect("a fix");
/// let hard = solver.rate(&"9+5=9".parse()?)?.difficulty().expect("a fix");
/// assert_eq!((easy.grade(), hard.grade()), (Grade::Easy, Grade::Hard));
/// assert!(easy.effort() <= hard.effort());
/// assert!(easy.grade() <= hard.grade());
/// assert!(easy < hard);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With the `serde` feature it is stored as a record of its measures;
/// loading checks that they fit together (at least one fix, an effort
/// within the near misses, a kind of move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Difficulty {
    pub(crate) effort: usize,
    pub(crate) near_misses: usize,
    pub(crate) fixes: usize,
    pub(crate) kind: MoveKind,
}

impl Difficulty {
    /// The difficulty of the equation whose candidates are `candidates`
    /// (every well-formed equation its change makes from it, true or
    /// not); `None` when none is true.
    pub(crate) fn of(candidates: impl IntoIterator<Item = Fix>) -> Option<Difficulty> {
        let mut misses_by_rank = [0usize; 3];
        let mut fixes = 0;
        let mut easiest: Option<MoveKind> = None;
        for candidate in candidates {
            let kind = candidate.move_kind();
            if candidate.equation.is_true() {
                fixes += 1;
                if easiest.is_none_or(|e| kind.rank() < e.rank()) {
                    easiest = Some(kind);
                }
            } else {
                misses_by_rank[usize::from(kind.rank())] += 1;
            }
        }
        let kind = easiest?;
        Some(Difficulty {
            effort: misses_by_rank[..=usize::from(kind.rank())].iter().sum(),
            near_misses: misses_by_rank.iter().sum(),
            fixes,
            kind,
        })
    }

    /// The measure: the near misses a player rejects, at worst, before
    /// the first fix, trying the kinds of moves in order (see
    /// [`Difficulty`]).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Solver};
    /// let d = Solver::new(Change::Move(1)).rate(&"5+7=2".parse()?)?.difficulty().expect("a fix");
    /// assert!(d.effort() <= d.near_misses());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn effort(&self) -> usize {
        self.effort
    }

    /// Every near miss: the false well-formed equations one change away.
    ///
    /// # Example
    ///
    /// See [`effort`](Difficulty::effort).
    pub fn near_misses(&self) -> usize {
        self.near_misses
    }

    /// How many fixes the equation has (1 for a generated puzzle).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Solver};
    /// let d = Solver::new(Change::Move(1)).rate(&"6+4=4".parse()?)?.difficulty().expect("fixes");
    /// assert_eq!(d.fixes(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn fixes(&self) -> usize {
        self.fixes
    }

    /// The kind of moves of the fix a player finds first (the earliest
    /// kind, in the order of [`MoveKind`], among the fixes).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Solver};
    /// let d = Solver::new(Change::Move(1)).rate(&"6+4=4".parse()?)?.difficulty().expect("fixes");
    /// assert!(d.kind().through_operator); // 8-4=4 comes before 0+4=4
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn kind(&self) -> MoveKind {
        self.kind
    }

    /// The grade of the effort (the table of [`Difficulty`]).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Difficulty, Solver};
    /// let d = Solver::new(Change::Move(1)).rate(&"9+5=9".parse()?)?.difficulty().expect("fixes");
    /// assert_eq!(d.grade(), Difficulty::grade_of_effort(d.effort()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn grade(&self) -> Grade {
        Difficulty::grade_of_effort(self.effort)
    }

    /// The grade of an effort (the table of [`Difficulty`]).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Difficulty, Grade};
    /// assert_eq!(Difficulty::grade_of_effort(0), Grade::Easy);
    /// assert_eq!(Difficulty::grade_of_effort(12), Grade::Hard);
    /// ```
    pub fn grade_of_effort(effort: usize) -> Grade {
        match effort {
            0..=4 => Grade::Easy,
            5..=9 => Grade::Medium,
            10..=19 => Grade::Hard,
            _ => Grade::Expert,
        }
    }

    /// The efforts of a grade (the table of [`Difficulty`]).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Difficulty, Grade};
    /// assert_eq!(Difficulty::efforts(Grade::Hard), 10..=19);
    /// assert!(Grade::ALL.iter().all(|&g| Difficulty::grade_of_effort(*Difficulty::efforts(g).start()) == g));
    /// ```
    pub fn efforts(grade: Grade) -> std::ops::RangeInclusive<usize> {
        match grade {
            Grade::Easy => 0..=4,
            Grade::Medium => 5..=9,
            Grade::Hard => 10..=19,
            Grade::Expert => 20..=usize::MAX,
        }
    }

    /// The order of difficulties: effort, near misses, the fix's kind
    /// rank, fewer fixes, the kind's flags.
    fn key(&self) -> impl Ord {
        (
            self.effort,
            self.near_misses,
            self.kind.rank(),
            std::cmp::Reverse(self.fixes),
            (
                self.kind.between_glyphs,
                self.kind.through_operator,
                self.kind.inside_glyph,
            ),
        )
    }
}

impl PartialOrd for Difficulty {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Difficulty {
    fn cmp(&self, other: &Self) -> Ordering {
        self.key().cmp(&other.key())
    }
}

impl fmt::Display for Difficulty {
    /// `medium (effort 7 of 12 near misses; a stick goes through an
    /// operator)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (effort {} of {} near misses; {})",
            self.grade(),
            self.effort,
            self.near_misses,
            self.kind
        )?;
        if self.fixes > 1 {
            write!(f, "; {} fixes", self.fixes)?;
        }
        Ok(())
    }
}

pub use kongming_search::play::Grade;

/// A difficulty, or why there is none ([`Solver::rate`](crate::Solver::rate)).
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Budget, Change, Outcome, Rating, Solver, StopReason};
/// let solver = Solver::new(Change::Move(1));
/// let rating = solver.rate(&"5+7=2".parse()?)?;
/// assert!(matches!(rating, Rating::Rated(_)));
/// assert_eq!(rating.outcome(), Outcome::Complete);
/// assert_eq!(solver.rate(&"1=7".parse()?)?, Rating::NoFix);
/// let stopped = solver.budget(Budget::unlimited().with_node_limit(0)).rate(&"5+7=2".parse()?)?;
/// assert_eq!(stopped, Rating::Stopped(StopReason::NodeLimit));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With the `serde` feature it is stored in snake case:
/// `{"rated":{…}}`, `"no_fix"`, `{"stopped":"node_limit"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum Rating {
    /// The equation's difficulty.
    Rated(Difficulty),
    /// The equation has no fix: every candidate was tried.
    NoFix,
    /// The budget stopped the grading first: nothing is known.
    Stopped(StopReason),
}

impl Rating {
    /// The difficulty, if rating found one.
    ///
    /// # Example
    ///
    /// See [`Rating`].
    pub fn difficulty(self) -> Option<Difficulty> {
        match self {
            Rating::Rated(difficulty) => Some(difficulty),
            Rating::NoFix | Rating::Stopped(_) => None,
        }
    }

    /// How rating ended.
    ///
    /// # Example
    ///
    /// See [`Rating`].
    pub fn outcome(self) -> Outcome {
        match self {
            Rating::Rated(_) | Rating::NoFix => Outcome::Complete,
            Rating::Stopped(reason) => Outcome::Stopped(reason),
        }
    }
}

impl fmt::Display for Rating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rating::Rated(difficulty) => difficulty.fmt(f),
            Rating::NoFix => f.write_str("no fix"),
            Rating::Stopped(reason) => write!(f, "not rated ({reason})"),
        }
    }
}
