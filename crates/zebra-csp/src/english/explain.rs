//! The crate's step-by-step explanation in the puzzle's own words.

use std::fmt;

use kongming_search::control::Outcome;

use super::words::capitalized;
use super::{EnglishPuzzle, Style, WriteError};
use crate::clue::Term;
use crate::explain::{Change, Explanation, Reason, Step};
use crate::house::{House, Item};

/// An [`Explanation`] phrased with an [`EnglishPuzzle`]'s words: each
/// step says what it concludes about whom, and because of which clue (in
/// the puzzle's own sentence) or which category.
///
/// [`Display`](fmt::Display) writes one numbered step per line (a
/// refutation's chain indented below it) and how it ended.
///
/// # Example
///
/// ```
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
/// let explanation = english.explain();
/// let text = explanation.to_string();
/// assert!(
///     text.starts_with("1. The Swede is not at position 1; the person who supports the Hawks is not at position 3, \
///                       because of clue 1 (The person who supports the Hawks is immediately to the left of the Swede)."),
///     "{text}"
/// );
/// assert!(text.contains("\n6. The Pole is not at position 2, because everyone is a different nationality.\n"));
/// assert!(text.ends_with("Every person has a place: solved.\n"), "{text}");
/// # Ok::<(), kongming_zebra_csp::english::ReadError>(())
/// ```
#[derive(Clone, Debug)]
pub struct EnglishExplanation<'e> {
    english: &'e EnglishPuzzle,
    explanation: Explanation,
}

impl EnglishPuzzle {
    /// Explains the puzzle step by step ([`Puzzle::explain`]: default
    /// options, no limit), in its words.
    ///
    /// [`Puzzle::explain`]: crate::Puzzle::explain
    ///
    /// # Example
    ///
    /// See [`EnglishExplanation`].
    pub fn explain(&self) -> EnglishExplanation<'_> {
        EnglishExplanation {
            english: self,
            explanation: self.puzzle.explain(),
        }
    }

    /// `explanation` (of this puzzle, from a [`Solver`](crate::Solver)
    /// with its own options and budget) in the puzzle's words.
    ///
    /// # Errors
    ///
    /// [`WriteError::ForeignExplanation`] if `explanation` is of another
    /// puzzle.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::{SolveOptions, Solver};
    /// use kongming_zebra_csp::english::{EnglishPuzzle, Style};
    /// let english = EnglishPuzzle::from_puzzle(&kongming_zebra_csp::life(), Style::ZebraLogic)?;
    /// let options = SolveOptions::new().singleton_consistency(true);
    /// let explanation = Solver::with_options(english.puzzle(), options).explain();
    /// let text = english.phrase(explanation)?.to_string();
    /// assert!(text.contains(", because supposing "), "{text}");
    /// let other = kongming_zebra_csp::einstein().explain();
    /// assert!(english.phrase(other).is_err());
    /// # Ok::<(), kongming_zebra_csp::english::WriteError>(())
    /// ```
    pub fn phrase(&self, explanation: Explanation) -> Result<EnglishExplanation<'_>, WriteError> {
        if explanation.puzzle() != &self.puzzle {
            return Err(WriteError::ForeignExplanation);
        }
        Ok(EnglishExplanation {
            english: self,
            explanation,
        })
    }
}

impl EnglishExplanation<'_> {
    /// The explanation phrased.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::english::{EnglishPuzzle, Style};
    /// let english = EnglishPuzzle::from_puzzle(&kongming_zebra_csp::einstein(), Style::Bbeh)?;
    /// let explanation = english.explain();
    /// assert_eq!(explanation.explanation().case_splits(), 0);
    /// # Ok::<(), kongming_zebra_csp::english::WriteError>(())
    /// ```
    pub fn explanation(&self) -> &Explanation {
        &self.explanation
    }

    /// Step `index` in words (several lines for a refutation), if there
    /// is such a step and it says something of the puzzle's people (a step
    /// that only places the stand-ins of a value read either way, see
    /// [`Reader::either_reading`](super::Reader::either_reading), is not
    /// worth a word, and [`Display`](fmt::Display) leaves it out).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::english::{EnglishPuzzle, Style};
    /// let english = EnglishPuzzle::from_puzzle(&kongming_zebra_csp::einstein(), Style::ZebraLogic)?;
    /// let step = english.explain().step_text(0).unwrap();
    /// assert_eq!(
    ///     step,
    ///     "The person whose colour is white is not in house 1; the person whose colour is green \
    ///      is not in house 5, because of clue 4 (The person whose colour is green is directly \
    ///      left of the person whose colour is white)."
    /// );
    /// # Ok::<(), kongming_zebra_csp::english::WriteError>(())
    /// ```
    pub fn step_text(&self, index: usize) -> Option<String> {
        self.explanation
            .steps()
            .get(index)
            .filter(|step| self.voice().says_something(step))
            .map(|step| self.voice().step(step))
    }

    fn voice(&self) -> Voice<'_> {
        Voice {
            english: self.english,
        }
    }
}

/// An English puzzle's words for the steps of a deduction (of its
/// explanation, or of a hint).
pub(crate) struct Voice<'e> {
    pub(crate) english: &'e EnglishPuzzle,
}

impl Voice<'_> {
    /// Whether `step` says something of a person of the puzzle.
    pub(crate) fn says_something(&self, step: &Step) -> bool {
        match step.reason {
            Reason::CaseSplit { item, .. } | Reason::Refuted { item, .. } => !self.stand_in(item),
            _ => step.changes.iter().any(|c| !self.stand_in(c.item)),
        }
    }

    /// Whether `item` is a stand-in of an ambiguous value (no person of its
    /// own: not worth a word).
    pub(crate) fn stand_in(&self, item: Item) -> bool {
        item.category().index() >= self.english.phrasings.len() && item.index() > 0
    }

    /// Who `item` is.
    pub(crate) fn who(&self, item: Item) -> String {
        let term = self.english.term_text(Term::Value(item));
        match self.english.mention(item) {
            Some(m) => format!("{term} (of clue {})", m.clue),
            None => term,
        }
    }

    /// "at position 3" or "in house 3"; "positions 1 or 2", "houses 1 or 2".
    pub(crate) fn places(&self, houses: &[House]) -> String {
        let (at, one, many) = match self.english.style {
            Style::Bbeh => ("at", "position", "positions"),
            Style::ZebraLogic | Style::ReasoningGym => ("in", "house", "houses"),
        };
        let numbers: Vec<String> = houses.iter().map(House::to_string).collect();
        match numbers.as_slice() {
            [] => format!("{at} no {one}"),
            [only] => format!("{at} {one} {only}"),
            [init @ .., last] => format!("{at} {many} {} or {last}", init.join(", ")),
        }
    }

    /// What a change concludes.
    pub(crate) fn change(&self, change: &Change) -> Option<String> {
        if self.stand_in(change.item) {
            return None;
        }
        let who = self.who(change.item);
        Some(match change.after.as_slice() {
            [only] => format!("{who} is {}", self.places(&[*only])),
            _ => {
                let gone: Vec<House> = change
                    .before
                    .iter()
                    .copied()
                    .filter(|h| !change.after.contains(h))
                    .collect();
                format!("{who} is not {}", self.places(&gone))
            }
        })
    }

    /// Why, in words ("of clue 3 (…)", "everyone supports a different NBA
    /// team").
    pub(crate) fn reason(&self, reason: Reason) -> String {
        match reason {
            Reason::Clue(i) => match self.english.clue_of(i) {
                Some(clue) => {
                    let sentence = self.english.clue_text(clue);
                    format!(
                        "of clue {} ({})",
                        clue.number,
                        sentence.strip_suffix('.').unwrap_or(&sentence)
                    )
                }
                None => format!("of clue {}", i + 1),
            },
            Reason::Category(c) => match self.english.phrasings.get(c.index()) {
                Some(p) => {
                    let mut lead = p.lead.clone();
                    if let Some(first) = lead.get(..1)
                        && first.chars().all(char::is_uppercase)
                    {
                        lead = first.to_lowercase() + &lead[1..];
                    }
                    format!("{lead} {}", p.noun)
                }
                None => {
                    let clue = self
                        .english
                        .mentions
                        .iter()
                        .find(|m| m.category == c)
                        .map_or(0, |m| m.clue);
                    format!("clue {clue} names one person")
                }
            },
            Reason::Refuted { item, house } => format!(
                "supposing {} is {} leads to a contradiction",
                self.who(item),
                self.places(&[house])
            ),
            Reason::CaseSplit { item, house } => format!(
                "the clues go no further: suppose {} is {}",
                self.who(item),
                self.places(&[house])
            ),
        }
    }

    /// A step in words.
    pub(crate) fn step(&self, step: &Step) -> String {
        if let Reason::CaseSplit { item, house } = step.reason {
            return format!(
                "Suppose (a case split: the clues go no further) {} is {}.",
                self.who(item),
                self.places(&[house])
            );
        }
        let changes: Vec<String> = step.changes.iter().filter_map(|c| self.change(c)).collect();
        let said = if changes.is_empty() {
            // Within a refutation: only stand-ins moved.
            "Nothing is placed".to_string()
        } else {
            capitalized(&changes.join("; "))
        };
        let mut out = format!("{said}, because {}", self.reason(step.reason));
        if let Reason::Refuted { .. } = step.reason {
            out.push(':');
            for sub in &step.refutation {
                out.push_str("\n    then ");
                out.push_str(&self.step(sub).replace('\n', "\n    "));
            }
            if let Some(c) = step.contradiction {
                out.push_str(&format!(
                    "\n    then nothing is left, because {}.",
                    self.reason(c)
                ));
            }
        } else {
            out.push('.');
        }
        out
    }
}

impl fmt::Display for EnglishExplanation<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let said = self
            .explanation
            .steps()
            .iter()
            .filter(|step| self.voice().says_something(step));
        for (i, step) in said.enumerate() {
            writeln!(f, "{}. {}", i + 1, self.voice().step(step))?;
        }
        if let Outcome::Stopped(reason) = self.explanation.outcome() {
            return writeln!(f, "Stopped before the end: {reason}.");
        }
        match (
            self.explanation.solution(),
            self.explanation.contradiction(),
        ) {
            (Some(_), _) => writeln!(f, "Every person has a place: solved."),
            (None, Some(reason)) => writeln!(
                f,
                "Then nothing is left, because {}: the puzzle has no solution.",
                self.voice().reason(reason)
            ),
            (None, None) => writeln!(f, "A contradiction: the puzzle has no solution."),
        }
    }
}
