//! What a [`Game`](crate::Game) says about a step: why it is wrong
//! ([`WrongStep`]) or not a step at all ([`IllegalStep`]), and what to do
//! next ([`Hint`]).

use std::fmt;

use kongming_search::control::StopReason;
#[cfg(doc)]
use kongming_search::play::Check;

use crate::change::Change;
#[cfg(doc)]
use crate::game::Game;
use crate::stick::{Step, Stick, StickMove};

/// Why a legal step is wrong: the verdict [`Check::Wrong`] of
/// [`Game::check`] and [`Game::play`]. After it, the fix cannot be
/// reached without taking a step back.
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Segments, Stick, WrongStep};
/// let wrong = WrongStep::Stays(Stick { position: 2, segment: Segments::TOP });
/// assert_eq!(wrong.to_string(), "the top stick of glyph 3 stays where it is in the fix");
/// ```
///
/// With the `serde` feature it is stored in snake case, the stick as its
/// text: `{"stays":"top@3"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum WrongStep {
    /// The step takes up this stick, which the fix leaves in place.
    Stays(Stick),
    /// The step puts a stick in this slot, which is empty in the fix.
    NotThere(Stick),
    /// The step itself fits the fix, but an earlier one does not: take
    /// that one back first (see [`Game::hint`]).
    AfterMistake,
}

impl fmt::Display for WrongStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WrongStep::Stays(stick) => {
                write!(f, "the {} stays where it is in the fix", Slot(*stick))
            }
            WrongStep::NotThere(stick) => {
                write!(f, "the fix has no stick in the {}", Slot(*stick).bare())
            }
            WrongStep::AfterMistake => f.write_str("an earlier step is wrong: take it back first"),
        }
    }
}

/// Why a step cannot be played at all: the verdict [`Check::Illegal`]
/// of [`Game::check`] and [`Game::play`]. Glyphs in its sentences count
/// from 1.
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Change, Check, Game, Generator, IllegalStep};
/// let game = Game::new(Generator::new(Change::Move(1))?.generate(5)?);
/// let far = "top@1 -> top@99".parse()?;
/// assert!(matches!(game.check(&far), Check::Illegal(IllegalStep::NoSuchSlot(_))));
/// assert_eq!(
///     game.check(&"remove top@1".parse()?),
///     Check::Illegal(IllegalStep::OtherChange(Change::Move(1)))
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With the `serde` feature it is stored in snake case, sticks and
/// changes as their text: `{"no_stick":"top@1"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum IllegalStep {
    /// The equation has no such slot: no glyph there, or a slot its kind
    /// of glyph (digit or operator) does not have.
    NoSuchSlot(Stick),
    /// There is no stick in this slot to take up.
    NoStick(Stick),
    /// There is a stick in this slot already.
    Occupied(Stick),
    /// A stick taken up and put down in the same slot.
    SameSlot(Stick),
    /// The rules keep orientation, and the step turns the stick.
    Turned(StickMove),
    /// The puzzle's change does not make this kind of step: a move in a
    /// puzzle that removes or adds, a stick added in one that removes
    /// (other than one the player took away, put back), and so on.
    OtherChange(Change),
    /// The steps the change allows are all played: amend or take back one
    /// of them instead.
    TooManySteps {
        /// The sticks the change moves, removes or adds.
        allowed: usize,
    },
}

impl fmt::Display for IllegalStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalStep::NoSuchSlot(stick) => write!(f, "there is no slot {stick}"),
            IllegalStep::NoStick(stick) => {
                write!(f, "there is no stick in the {}", Slot(*stick).bare())
            }
            IllegalStep::Occupied(stick) => {
                write!(f, "there is a stick in the {} already", Slot(*stick).bare())
            }
            IllegalStep::SameSlot(stick) => {
                write!(f, "the stick would stay in the {}", Slot(*stick).bare())
            }
            IllegalStep::Turned(m) => write!(
                f,
                "the rules keep orientation: the {} cannot go to the {}",
                Slot(m.from),
                Slot(m.to)
            ),
            IllegalStep::OtherChange(change) => {
                write!(f, "the puzzle asks to {change}: this step does not do that")
            }
            IllegalStep::TooManySteps { allowed } => write!(
                f,
                "the change allows {allowed} step{}: amend or take back one played",
                if *allowed == 1 { "" } else { "s" }
            ),
        }
    }
}

impl std::error::Error for IllegalStep {}

/// What to do next in a [`Game`]: the answer of [`Game::hint`].
///
/// Prints as a sentence for the player, glyphs counted from 1.
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Change, Game, Generator, Hint};
///
/// let mut game = Game::new(Generator::new(Change::Move(1))?.generate(5)?);
/// let Hint::Next { step } = game.hint() else { panic!("a fresh game has a next step") };
/// game.play(step);
/// assert_eq!(game.hint(), Hint::Solved);
/// assert_eq!(game.hint().to_string(), "Solved: the equation is true.");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With the `serde` feature it is stored in snake case, steps as their
/// text: `{"next":{"step":"stem@2 -> top@1"}}`, `"solved"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum Hint {
    /// Every step played fits the fix: this one is next.
    Next {
        /// The step to play.
        step: Step,
    },
    /// A step played does not fit the fix: take it back by playing
    /// `take_back`.
    Undo {
        /// Which step, from 0 ([`Game::steps`]); the sentence counts from
        /// 1, and so does the stored number (`"index": 1` for the first).
        #[cfg_attr(feature = "serde", serde(with = "kongming_search::play::one_based"))]
        index: usize,
        /// The step played.
        step: Step,
        /// The step that takes it back (its [`Step::reverse`]).
        take_back: Step,
    },
    /// The game is solved: the equation stands as the fix.
    Solved,
    /// The budget ran out before a hint was found.
    Stopped(StopReason),
}

impl fmt::Display for Hint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Hint::Next { step } => match step {
                Step::Move(m) => {
                    write!(f, "Move the {} to the {}.", Slot(m.from), Slot(m.to).bare())
                }
                Step::Remove(s) => write!(f, "Take away the {}.", Slot(*s)),
                Step::Add(s) => write!(f, "Put a stick in the {}.", Slot(*s).bare()),
            },
            Hint::Undo {
                index,
                step,
                take_back,
            } => write!(
                f,
                "Step {} ({step}) is wrong: take it back ({take_back}).",
                index + 1
            ),
            Hint::Solved => f.write_str("Solved: the equation is true."),
            Hint::Stopped(reason) => write!(f, "No hint: {reason}."),
        }
    }
}

/// A stick slot in a sentence: `top stick of glyph 3`, or with
/// [`bare`](Slot::bare) `top of glyph 3` (a slot that may be empty).
#[derive(Clone, Copy)]
struct Slot(Stick);

/// See [`Slot::bare`].
struct Bare(Stick);

impl Slot {
    fn bare(self) -> Bare {
        Bare(self.0)
    }
}

impl fmt::Display for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} stick of glyph {}",
            self.0.segment.name(),
            self.0.position.saturating_add(1)
        )
    }
}

impl fmt::Display for Bare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} slot of glyph {}",
            self.0.segment.name(),
            self.0.position.saturating_add(1)
        )
    }
}
