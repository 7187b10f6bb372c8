//! Hints in the puzzle's own words: the next step from the player's grid,
//! phrased as the English explanation phrases its steps.

use crate::explain::{Reason, Step};
use kongming_search::control::Budget;

use crate::hint::{Finding, Hint, HintKind, Wording, Work, find, step_marks, worded};
use crate::house::{House, Item};
use crate::marks::{Mark, Marks, MarksError};

use super::EnglishPuzzle;
use super::explain::Voice;

impl EnglishPuzzle {
    /// The next step from the player's `marks`, as
    /// [`Puzzle::hint`](crate::Puzzle::hint) finds it, in the puzzle's
    /// words: the step as [`explain`](EnglishPuzzle::explain) says it
    /// ("… is not at position 1, because of clue 3 (…)."), or which mark is
    /// wrong, or that every person has a place. A step that only moves the
    /// stand-ins of a value read either way (see
    /// [`Reader::either_reading`](super::Reader::either_reading)) is not
    /// worth a word: the hint is the first step after it that says
    /// something of a person.
    ///
    /// # Errors
    ///
    /// [`MarksErrorKind::OtherPuzzle`](crate::MarksErrorKind::OtherPuzzle)
    /// if `marks` are of another puzzle.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::Marks;
    /// use kongming_zebra_csp::english::EnglishPuzzle;
    /// let english: EnglishPuzzle = "\
    /// There are 3 people next to each other in a row in positions 1, 2, 3 who have the following characteristics.
    /// Everyone supports a different NBA team: Bulls, Suns, Hawks.
    /// Everyone is a different nationality: Swede, Dane, Pole.
    /// Clue 1: The person who supports the Hawks is immediately to the left of the Swede.
    /// Clue 2: The Swede is not the person at the 3rd position.
    /// Clue 3: The person who supports the Suns is next to the Dane.
    /// Clue 4: The Dane is at one of the ends.
    /// ".parse()?;
    /// let mut marks = Marks::new(english.puzzle());
    /// let hint = english.hint(&marks)?;
    /// assert_eq!(
    ///     hint.to_string(),
    ///     "The Swede is not at position 1; the person who supports the Hawks is not at position 3, \
    ///      because of clue 1 (The person who supports the Hawks is immediately to the left of the Swede)."
    /// );
    /// hint.apply(&mut marks);
    /// // The puzzle has two solutions, and clue 2 rules this mark out.
    /// let wrong = Marks::parse(english.puzzle(), "Swede at 3")?;
    /// assert_eq!(
    ///     english.hint(&wrong)?.to_string(),
    ///     "No solution has all these marks: with the marks before it, the mark that \
    ///      the Swede is at position 3 leaves none. Erase it."
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn hint(&self, marks: &Marks) -> Result<Hint, MarksError> {
        let voice = Voice { english: self };
        // The player's marks and the steps that said nothing.
        let mut working = marks.clone();
        let mut work = Work::new(&Budget::unlimited(), None);
        loop {
            let kind = match find(&self.puzzle, &working, &mut work)? {
                Finding::Steps(steps) => {
                    let people_placed = marks
                        .items()
                        .all(|item| voice.stand_in(item) || marks.placed(item).is_some());
                    if people_placed {
                        HintKind::Solved
                    } else if let Some(step) = steps.iter().find(|s| voice.says_something(s)) {
                        HintKind::Next(step.clone())
                    } else {
                        // Only stand-ins moved: take those steps as read,
                        // and look further.
                        for step in &steps {
                            for (item, house, mark) in step_marks(step) {
                                working.set(item, house, mark);
                            }
                        }
                        continue;
                    }
                }
                Finding::Settled(kind) => kind,
            };
            return Ok(worded(kind, &voice));
        }
    }
}

impl Wording for Voice<'_> {
    /// "the mark that the Swede is at position 3".
    fn the_mark(&self, item: Item, house: House, mark: Mark) -> String {
        let not = if mark == Mark::Yes { "" } else { "not " };
        format!(
            "the mark that {} is {not}{}",
            self.who(item),
            self.places(&[house])
        )
    }

    fn step(&self, step: &Step) -> String {
        match step.reason {
            Reason::CaseSplit { item, house } => format!(
                "The clues go no further by themselves: try {} {} (a guess, and the right one).",
                self.who(item),
                self.places(&[house])
            ),
            _ => Voice::step(self, step),
        }
    }

    fn solved(&self) -> &'static str {
        "every person has a place"
    }
}
