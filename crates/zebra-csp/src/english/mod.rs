//! Logic-grid puzzles in English: read, answer, explain and write them.
//!
//! Two families of puzzles are read and written, each with its own
//! [`Style`]:
//!
//! - **BBEH** (BIG-Bench Extra Hard's zebra puzzles): "There are 5 people
//!   next to each other in a row in positions 1, 2, 3, 4, 5 who have the
//!   following characteristics.", one line per category ("Everyone
//!   supports a different NBA team: Bulls, Suns, …."), clues "Clue 1: …",
//!   a question "Question: What position is the Swede at?".
//! - **ZebraLogic**: "There are 2 houses, numbered 1 to 2 from left to
//!   right, as seen from across the street. …", categories
//!   ``" - Each person has a unique name: `Eric`, `Arnold`"``, clues
//!   "1. Eric is somewhere to the left of Arnold.".
//!
//! # How a puzzle is read
//!
//! The reader learns the puzzle from its own header: the number of places
//! from the first line, and from each category line its phrase ("Everyone
//! supports a different"), its noun ("NBA team") and its values. Then each
//! clue is read in three steps:
//!
//! 1. **Values** are found by name: whole words, case-insensitive, the
//!    longest name first ("Michael Kors" before "Michael", "iced tea"
//!    before "tea"). A value that two categories share is told apart by the
//!    nouns in its phrase ("the person whose favourite colour is orange",
//!    "the Honda motorbike": the words of each category's noun; the one
//!    whose noun has the most of them, if only one has most). Verbs tell
//!    nothing: the clues' verbs need not be the header's (BBEH's header
//!    gives everyone "a different favorite hobby" and its clues say "the
//!    person who likes skiing", as they do of a physical activity). If the
//!    nouns do not tell, the clue is [ambiguous](ReadErrorKind::Ambiguous)
//!    (or, with [`Reader::either_reading`], read as either). The writer
//!    names such a value by its noun ("the person whose favorite hobby is
//!    skiing"). **Positions** are found
//!    by their ordinals ("3rd", "third") or their numbers ("position 3").
//! 2. **The relation** is the phrase of the vocabulary below whose words lie
//!    between those terms, in order and whole.
//! 3. **Each term's own words** must fit the term rules: a person named by a
//!    value is `[the|a|an] [person|one] FILLER… VALUE [SUFFIX…]` ("the
//!    person who supports the Hawks", "the basketball player", "the Swede",
//!    "Charlie"), where the filler words come from the header's own verbs
//!    and nouns and a short list of common ones ("who", "owns", "likes",
//!    "whose", …) and never include a word that negates or relates ("not",
//!    "next", "left", "or", …); a person named by a position is "the person
//!    at the 3rd position" or "the person in the third house"; a position
//!    alone ("{H}" below) is "the third house" or "the 3rd position".
//!
//! A clue that does not read is an error naming the clue's number and the
//! words that could not be placed ([`ReadError`]); no line is skipped. Clues
//! that BBEH adds as irrelevant are clues like the others (they are true).
//!
//! # The vocabulary
//!
//! `{T}` is a term, `{H}` a position alone, `{N}` a count ("two", "2",
//! "no"), `{C}` a category's noun. The reader knows every phrase; the
//! writer uses, for each relation, the first phrase its style writes whose
//! slots fit the terms.
//!
//! | relation | phrase | written by |
//! |---|---|---|
//! | [`Same`](Relation::Same) | `{T} is in {H}` | ZebraLogic |
//! | | `{T} is {T}` | both |
//! | | `{T} is at {H}`, `{T} lives in {H}` | (read only) |
//! | [`NotSame`](Relation::NotSame) | `{T} is not in {H}` | ZebraLogic |
//! | | `{T} is not {T}` | both |
//! | | `{T} is not at {H}`, `{T} does not live in {H}` | (read only) |
//! | [`LeftOf`](Relation::LeftOf) | `{T} is immediately to the left of {T}` | BBEH |
//! | | `{T} is directly left of {T}` | ZebraLogic |
//! | | `{T} is directly to the left of {T}`, `{T} is immediately left of {T}` | (read only) |
//! | [`RightOf`](Relation::RightOf) | `{T} is immediately to the right of {T}` | BBEH |
//! | | `{T} is directly right of {T}` | ZebraLogic |
//! | | `{T} is directly to the right of {T}`, `{T} is immediately right of {T}` | (read only) |
//! | [`SomewhereLeftOf`](Relation::SomewhereLeftOf) | `{T} is somewhere to the left of {T}` | both |
//! | | `{T} is somewhere left of {T}` | (read only) |
//! | [`SomewhereRightOf`](Relation::SomewhereRightOf) | `{T} is somewhere to the right of {T}` | both |
//! | | `{T} is somewhere right of {T}` | (read only) |
//! | [`NextTo`](Relation::NextTo) | `{T} is next to {T}` | BBEH |
//! | | `{T} and {T} are next to each other` | ZebraLogic |
//! | [`NotNextTo`](Relation::NotNextTo) | `{T} is not next to {T}` | BBEH |
//! | | `{T} and {T} are not next to each other` | ZebraLogic |
//! | [`HousesBetween`](Relation::HousesBetween) | `there is one person between {T} and {T}`, `there are {N} people between {T} and {T}` | BBEH |
//! | | `there is one house between {T} and {T}`, `there are {N} houses between {T} and {T}` | ZebraLogic |
//! | [`Between`](Relation::Between) (either order) | `{T} is somewhere in between {T} and {T}` | BBEH |
//! | | `{T} is somewhere between {T} and {T}` | ZebraLogic |
//! | [`InOrder`](Relation::InOrder) | `{T} is somewhere in between {T} and {T} in that order` | both |
//! | | `{T} is somewhere between {T} and {T} in that order` | (read only) |
//! | [`EitherOr`](Relation::EitherOr) | `{T} is either {T} or {T}` | both |
//! | [`AtAnEnd`](Relation::AtAnEnd) | `{T} is at one of the ends` | both |
//!
//! Questions (a last line, after "Question:" or ending with "?"):
//!
//! | asks | phrase | written by |
//! |---|---|---|
//! | the position | `what position is {T} at` | BBEH |
//! | | `what house is {T} in` | ZebraLogic |
//! | | `what position is {T} in`, `which position is {T} at`, `which position is {T} in`, `in what position is {T}`, `which house is {T} in`, `in which house is {T}`, `in which house does {T} live`, `where is {T}` | (read only) |
//! | a value | `what is the {C} of {T}` | both |
//! | | `which {C} does {T} have`, `what {C} does {T} have` | (read only) |
//! | the person | `who {T}` ("Who owns the fish?": the term without its "the person") | (read only) |
//!
//! "The person" a question asks for by "who" is named by the category
//! whose noun is "name" (or "names"), else by the first category.
//!
//! # Answers, explanations, writing
//!
//! - [`Answerer`]: the question's answer with its proof, from the solver:
//!   the answer is [forced](Answered::Forced) when the puzzle has one
//!   solution, or when no solution gives another answer (a second search
//!   with the answer ruled out finds none). A search stopped by its budget
//!   gives no answer.
//! - [`EnglishPuzzle::explain`]: the crate's step-by-step
//!   [`Explanation`](crate::Explanation), phrased with the puzzle's own
//!   words ("The person who supports the Hawks is not at position 1,
//!   because of clue 3 (…)").
//! - [`Display`](std::fmt::Display) writes the puzzle in its style; any
//!   [`Puzzle`] becomes English with [`EnglishPuzzle::from_puzzle`] (which
//!   checks that the English reads back to it); [`FromStr`] reads it
//!   back.
//!
//! # Example
//!
//! ```
//! use kongming_zebra_csp::english::{Answered, EnglishPuzzle, Style};
//!
//! let english: EnglishPuzzle = "\
//! There are 3 people next to each other in a row in positions 1, 2, 3 who have the following characteristics.
//! Everyone supports a different NBA team: Bulls, Suns, Hawks.
//! Everyone has a different name: Ann, Bob, Cid.
//! Clue 1: The person who supports the Hawks is at one of the ends.
//! Clue 2: Bob is immediately to the left of the person who supports the Hawks.
//! Clue 3: Ann is not the person at the 2nd position.
//! Clue 4: The person who supports the Bulls is next to Cid.
//! Clue 5: Bob is not the person who supports the Suns.
//!
//! Question: What position is the person who supports the Bulls at?
//! ".parse()?;
//! let Answered::Forced(answer, _) = english.answerer().expect("a question").answer() else {
//!     panic!("a forced answer expected");
//! };
//! assert_eq!(answer.to_string(), "2");
//! // Written back in the other family's style, it reads to the same puzzle.
//! let zebra = english.clone().with_style(Style::ZebraLogic).to_string();
//! assert!(zebra.contains("2. Bob is directly left of the person who supports the Hawks."));
//! assert_eq!(zebra.parse::<EnglishPuzzle>()?.puzzle(), english.puzzle());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod answer_grade;
mod asking;
mod error;
mod explain;
mod forms;
mod grid_grade;
mod header;
mod hint;
mod lexicon;
mod meaning;
mod question;
mod reader;
mod vocabulary;
mod words;
mod writer;

use std::ops::Range;
use std::str::FromStr;

pub use answer_grade::{AnswerGrade, Choice};
pub use error::{GradeError, ReadError, ReadErrorKind, WriteError};
pub use explain::EnglishExplanation;
pub use grid_grade::{GridGrade, GridGrader, WrongCell};
pub use question::{Answer, AnswerValue, Answered, Answerer, Proof, Question};
pub use reader::Reader;
pub use vocabulary::Relation;

use crate::clue::{Clue, Term};
use crate::house::{Category, Item};
use crate::puzzle::Puzzle;

/// How a term was phrased around its value: the words before and after,
/// as written (a sentence's capital dropped).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct TermForm {
    pub(crate) before: String,
    pub(crate) after: String,
}

impl TermForm {
    /// The term naming `value` in this form.
    pub(crate) fn with(&self, value: &str) -> String {
        let mut out = String::new();
        for part in [self.before.as_str(), value, self.after.as_str()] {
            if !part.is_empty() {
                if !out.is_empty() {
                    out.push(' ');
                }
                out.push_str(part);
            }
        }
        out
    }
}

/// Which family's English a puzzle is written in.
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::english::{EnglishPuzzle, Style};
/// let english = EnglishPuzzle::from_puzzle(&kongming_zebra_csp::einstein(), Style::ZebraLogic)?;
/// assert!(english.to_string().starts_with("There are 5 houses, numbered 1 to 5"));
/// assert_eq!(english.style(), Style::ZebraLogic);
/// # Ok::<(), kongming_zebra_csp::english::WriteError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Style {
    /// BIG-Bench Extra Hard: people in positions, "Clue N:", "What position
    /// is … at?".
    #[default]
    Bbeh,
    /// ZebraLogic: houses, bulleted categories with backquoted values,
    /// "N." clues.
    ZebraLogic,
    /// reasoning-gym's `zebra_puzzles`: "This is a logic puzzle. There are
    /// N houses (numbered 1 on the left, N on the right), …", bulleted
    /// categories with plain values, "N." clues in ZebraLogic's words, the
    /// question on the last line.
    ReasoningGym,
}

/// How a puzzle phrases one of its categories: its header line's lead
/// ("Everyone supports a different") and noun ("NBA team"), its values as
/// written, and how its clues name a person by one of its values.
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::english::EnglishPuzzle;
/// let english: EnglishPuzzle = "\
/// There are 2 people next to each other in a row in positions 1, 2 who have the following characteristics.
/// Everyone supports a different NBA team: Bulls, Suns.
/// Clue 1: The person who supports the Bulls is at one of the ends.
/// ".parse()?;
/// let team = &english.phrasings()[0];
/// assert_eq!((team.lead(), team.noun()), ("Everyone supports a different", "NBA team"));
/// assert_eq!(team.values(), ["Bulls", "Suns"]);
/// assert_eq!(team.term(1), "the person who supports the Suns");
/// # Ok::<(), kongming_zebra_csp::english::ReadError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Phrasing {
    pub(crate) lead: String,
    pub(crate) verb: String,
    pub(crate) noun: String,
    pub(crate) values: Vec<String>,
    /// How the clues named a value of the category, as first read.
    pub(crate) form: Option<TermForm>,
}

impl Phrasing {
    /// The words of the header line before the noun.
    ///
    /// # Example
    ///
    /// See [`Phrasing`].
    pub fn lead(&self) -> &str {
        &self.lead
    }

    /// The category's noun.
    ///
    /// # Example
    ///
    /// See [`Phrasing`].
    pub fn noun(&self) -> &str {
        &self.noun
    }

    /// The values, as written.
    ///
    /// # Example
    ///
    /// See [`Phrasing`].
    pub fn values(&self) -> &[String] {
        &self.values
    }

    /// The phrase that names the person of value `index`: as the clues
    /// phrase the category, else from the header ("the person whose pet is
    /// cat", "the person who supports Bulls", "the Swede", or the value
    /// alone for names). A value whose name another category has too is
    /// named by its noun in clues
    /// ([`EnglishPuzzle::term_text`]).
    ///
    /// # Panics
    ///
    /// If the category has no value `index`.
    ///
    /// # Example
    ///
    /// See [`Phrasing`].
    pub fn term(&self, index: usize) -> String {
        let value = &self.values[index];
        if let Some(form) = &self.form {
            return form.with(value);
        }
        let verb = words::keys(&self.verb);
        let noun = words::keys(&self.noun);
        if noun == ["name"] || noun == ["names"] {
            value.clone()
        } else if verb == ["is"] || verb == ["are"] {
            format!("the {value}")
        } else if verb.is_empty() || verb == ["has"] || verb == ["have"] {
            format!("the person whose {} is {value}", self.noun)
        } else {
            format!("the person who {} {value}", self.verb)
        }
    }

    /// The phrasing of a category built in code, in `style`.
    fn plain(puzzle: &Puzzle, category: Category, style: Style) -> Self {
        let lead = match style {
            Style::Bbeh => "Everyone has a different",
            Style::ZebraLogic | Style::ReasoningGym => "Each person has a unique",
        };
        Phrasing {
            lead: lead.to_string(),
            verb: "has".to_string(),
            noun: puzzle.category_name(category).to_string(),
            values: puzzle.values(category).to_vec(),
            form: None,
        }
    }
}

/// An ambiguous value in one clue, read as either of its categories: a
/// category of the puzzle's own, after the real ones, whose first value is
/// that person (the others stand in no clue).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Mention {
    /// The helper category.
    pub(crate) category: Category,
    /// The value as written, and how the clue phrased it.
    pub(crate) text: String,
    pub(crate) form: TermForm,
    /// The clue's number.
    pub(crate) clue: usize,
}

/// One clue of an English puzzle: its number, its [`Relation`], its terms,
/// and the clues of the [`Puzzle`] that say it.
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::english::{EnglishPuzzle, Relation};
/// let english: EnglishPuzzle = "\
/// There are 2 houses, numbered 1 to 2 from left to right, as seen from across the street.
///  - Each person has a unique name: `Eric`, `Arnold`
/// ### Clues:
/// 1. Eric is directly left of Arnold.
/// ".parse()?;
/// let clue = &english.clues()[0];
/// assert_eq!((clue.number(), clue.relation()), (1, Relation::LeftOf));
/// assert_eq!(clue.puzzle_clues(), 0..1);
/// assert_eq!(english.clue_text(clue), "Eric is directly left of Arnold.");
/// # Ok::<(), kongming_zebra_csp::english::ReadError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EnglishClue {
    pub(crate) number: usize,
    pub(crate) relation: Relation,
    pub(crate) terms: Vec<Term>,
    pub(crate) clues: Range<usize>,
}

impl EnglishClue {
    /// The clue's number, as the puzzle writes it.
    ///
    /// # Example
    ///
    /// See [`EnglishClue`].
    pub fn number(&self) -> usize {
        self.number
    }

    /// What it says.
    ///
    /// # Example
    ///
    /// See [`EnglishClue`].
    pub fn relation(&self) -> Relation {
        self.relation
    }

    /// Its terms, in the order written.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::Term;
    /// use kongming_zebra_csp::english::{EnglishPuzzle, Style};
    /// let puzzle = kongming_zebra_csp::einstein();
    /// let english = EnglishPuzzle::from_puzzle(&puzzle, Style::Bbeh)?;
    /// let brit = Term::Value(puzzle.item("Brit").unwrap());
    /// assert_eq!(english.clues()[0].terms()[0], brit);
    /// # Ok::<(), kongming_zebra_csp::english::WriteError>(())
    /// ```
    pub fn terms(&self) -> &[Term] {
        &self.terms
    }

    /// The indices in [`Puzzle::clues`] of the clues that say it (more
    /// than one for "in that order", or for a value read as either of its
    /// categories).
    ///
    /// # Example
    ///
    /// See [`EnglishClue`].
    pub fn puzzle_clues(&self) -> Range<usize> {
        self.clues.clone()
    }
}

/// A logic-grid puzzle in English: the [`Puzzle`] and how its English
/// phrases it (its [`Style`], each category's [`Phrasing`], its clues, its
/// question), so that it can be written back.
///
/// Read one with [`FromStr`] (or a [`Reader`]); make one from any puzzle
/// with [`from_puzzle`](EnglishPuzzle::from_puzzle);
/// [`Display`](std::fmt::Display) writes it in its style.
///
/// # Example
///
/// See the [module docs](self).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnglishPuzzle {
    pub(crate) puzzle: Puzzle,
    pub(crate) style: Style,
    pub(crate) phrasings: Vec<Phrasing>,
    pub(crate) mentions: Vec<Mention>,
    pub(crate) clues: Vec<EnglishClue>,
    pub(crate) question: Option<Question>,
    /// The choices of a multiple-choice question, as written.
    pub(crate) choices: Vec<String>,
    /// Whether place 1 is on the right, as the English said.
    pub(crate) flipped: bool,
    /// `shared[category][value]`: whether another category has a value of
    /// that name (as the reader compares names).
    pub(crate) shared: Vec<Vec<bool>>,
}

/// Which values of `phrasings` have a name another category has too.
pub(crate) fn shared_names(phrasings: &[Phrasing]) -> Vec<Vec<bool>> {
    let names: Vec<Vec<Vec<String>>> = phrasings
        .iter()
        .map(|p| p.values.iter().map(|v| words::keys(v)).collect())
        .collect();
    names
        .iter()
        .enumerate()
        .map(|(c, values)| {
            values
                .iter()
                .map(|name| {
                    names
                        .iter()
                        .enumerate()
                        .any(|(d, other)| d != c && other.contains(name))
                })
                .collect()
        })
        .collect()
}

impl EnglishPuzzle {
    /// The puzzle as English in `style`, each category phrased "Everyone
    /// has a different NAME" (BBEH) or "Each person has a unique NAME"
    /// (ZebraLogic), each clue written by the vocabulary.
    ///
    /// # Errors
    ///
    /// [`WriteError::DoesNotReadBack`] when the English written does not
    /// read back to `puzzle` (a value named like a word of the vocabulary,
    /// such as "is", or two names that differ only in case).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::english::{EnglishPuzzle, Style};
    /// let puzzle = kongming_zebra_csp::einstein();
    /// let english = EnglishPuzzle::from_puzzle(&puzzle, Style::Bbeh)?;
    /// let text = english.to_string();
    /// assert!(text.contains("Everyone has a different nationality: Brit, Swede, Dane, German, Norwegian."));
    /// assert!(text.contains("Clue 1: The person whose nationality is Brit is the person whose colour is red."));
    /// assert_eq!(text.parse::<EnglishPuzzle>()?.puzzle(), &puzzle);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_puzzle(puzzle: &Puzzle, style: Style) -> Result<Self, WriteError> {
        let n = puzzle.positions();
        let phrasings: Vec<Phrasing> = puzzle
            .categories()
            .map(|c| Phrasing::plain(puzzle, c, style))
            .collect();
        let clues = puzzle
            .clues()
            .iter()
            .enumerate()
            .map(|(i, clue)| {
                let (relation, terms) = Relation::of_clue(clue, n);
                EnglishClue {
                    number: i + 1,
                    relation,
                    terms,
                    clues: i..i + 1,
                }
            })
            .collect();
        let english = EnglishPuzzle {
            puzzle: puzzle.clone(),
            style,
            shared: shared_names(&phrasings),
            phrasings,
            mentions: Vec::new(),
            clues,
            question: None,
            choices: Vec::new(),
            flipped: false,
        };
        english.checked()
    }

    /// The same phrasing for other clues: the puzzle's own categories (as
    /// phrased) with `clues` in place of its clues, each written as one
    /// English clue, numbered from 1; the question is kept. So a generated
    /// puzzle of the same size can be handed out in the words of a header
    /// (see the example).
    ///
    /// # Errors
    ///
    /// [`WriteError::BadClue`] for a clue the puzzle refuses (a value of
    /// another size, a clue that can never hold, …);
    /// [`WriteError::DoesNotReadBack`] as for
    /// [`from_puzzle`](EnglishPuzzle::from_puzzle).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::Generator;
    /// use kongming_zebra_csp::english::EnglishPuzzle;
    /// let header: EnglishPuzzle = "\
    /// There are 3 people next to each other in a row in positions 1, 2, 3 who have the following characteristics.
    /// Everyone supports a different NBA team: Bulls, Suns, Hawks.
    /// Everyone is a different nationality: Swede, Dane, Pole.
    /// Clue 1: The person who supports the Suns is the Dane.
    /// ".parse()?;
    /// let generated = Generator::new(3, 2)?.generate(5).into_generated().unwrap();
    /// let english = header.with_clues(generated.puzzle.clues())?;
    /// assert_eq!(english.puzzle().clues(), generated.puzzle.clues());
    /// assert!(english.puzzle().uniqueness().is_unique());
    /// assert!(english.to_string().contains("the person who supports the"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_clues(&self, clues: &[Clue]) -> Result<Self, WriteError> {
        let n = self.puzzle.positions();
        let names: Vec<(&str, &[String])> = (0..self.phrasings.len())
            .map(|c| {
                let category = Category::at(c);
                (
                    self.puzzle.category_name(category),
                    self.puzzle.values(category),
                )
            })
            .collect();
        let mut puzzle = Puzzle::new(&names).expect("the puzzle's own categories");
        let mut english_clues = Vec::with_capacity(clues.len());
        for (index, clue) in clues.iter().enumerate() {
            puzzle
                .add_clue(*clue)
                .map_err(|error| WriteError::BadClue { index, error })?;
            let (relation, terms) = Relation::of_clue(clue, n);
            english_clues.push(EnglishClue {
                number: index + 1,
                relation,
                terms,
                clues: index..index + 1,
            });
        }
        let question = self
            .question
            .filter(|q| q.fits(&puzzle, self.phrasings.len()));
        EnglishPuzzle {
            puzzle,
            style: self.style,
            phrasings: self.phrasings.clone(),
            mentions: Vec::new(),
            clues: english_clues,
            question,
            choices: Vec::new(),
            flipped: false,
            shared: self.shared.clone(),
        }
        .checked()
    }

    /// `self` if its English reads back to its puzzle and question.
    fn checked(self) -> Result<Self, WriteError> {
        let text = self.to_string();
        match text.parse::<EnglishPuzzle>() {
            Ok(back) if back.puzzle == self.puzzle && back.question == self.question => Ok(self),
            Ok(_) => Err(WriteError::DoesNotReadBack { text, error: None }),
            Err(error) => Err(WriteError::DoesNotReadBack {
                text,
                error: Some(error),
            }),
        }
    }

    /// The same puzzle, to be written in `style`.
    ///
    /// # Example
    ///
    /// See the [module docs](self).
    #[must_use]
    pub fn with_style(mut self, style: Style) -> Self {
        self.style = style;
        self
    }

    /// The same puzzle with this question (or none).
    ///
    /// # Errors
    ///
    /// [`WriteError::ForeignQuestion`] for a question about a value,
    /// category or position the puzzle does not have.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::Term;
    /// use kongming_zebra_csp::english::{EnglishPuzzle, Question, Style};
    /// let puzzle = kongming_zebra_csp::einstein();
    /// let fish = Term::Value(puzzle.item("fish").unwrap());
    /// let nationality = puzzle.category("nationality").unwrap();
    /// let english = EnglishPuzzle::from_puzzle(&puzzle, Style::Bbeh)?
    ///     .with_question(Some(Question::Value { of: fish, category: nationality }))?;
    /// assert!(english.to_string().ends_with(
    ///     "Question: What is the nationality of the person whose pet is fish?\n"
    /// ));
    /// # Ok::<(), kongming_zebra_csp::english::WriteError>(())
    /// ```
    pub fn with_question(mut self, question: Option<Question>) -> Result<Self, WriteError> {
        if let Some(q) = &question
            && !q.fits(self.puzzle(), self.phrasings.len())
        {
            return Err(WriteError::ForeignQuestion);
        }
        self.question = question;
        Ok(self)
    }

    /// The puzzle.
    ///
    /// A value of two categories read as either of them
    /// ([`Reader::either_reading`]) adds a category of its own after the
    /// puzzle's ([`phrasings`](EnglishPuzzle::phrasings) has the puzzle's
    /// own only).
    ///
    /// # Example
    ///
    /// See the [module docs](self).
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The style it is written in.
    ///
    /// # Example
    ///
    /// See [`Style`].
    pub fn style(&self) -> Style {
        self.style
    }

    /// How each category of the puzzle is phrased, in the order of
    /// [`Puzzle::categories`].
    ///
    /// # Example
    ///
    /// See [`Phrasing`].
    pub fn phrasings(&self) -> &[Phrasing] {
        &self.phrasings
    }

    /// The clues, in order.
    ///
    /// # Example
    ///
    /// See [`EnglishClue`].
    pub fn clues(&self) -> &[EnglishClue] {
        &self.clues
    }

    /// The question, if the puzzle asks one.
    ///
    /// # Example
    ///
    /// See [`EnglishPuzzle::with_question`].
    pub fn question(&self) -> Option<&Question> {
        self.question.as_ref()
    }

    /// The English spelling of a value.
    ///
    /// # Panics
    ///
    /// If `item` is not of the puzzle.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::english::EnglishPuzzle;
    /// let english: EnglishPuzzle = "\
    /// There are 2 people next to each other in a row in positions 1, 2 who have the following characteristics.
    /// Everyone likes a different food: fried rice, pizza.
    /// ".parse()?;
    /// let rice = english.puzzle().item("fried_rice").unwrap();
    /// assert_eq!(english.value_text(rice), "fried rice");
    /// # Ok::<(), kongming_zebra_csp::english::ReadError>(())
    /// ```
    pub fn value_text(&self, item: Item) -> &str {
        match self.phrasings.get(item.category().index()) {
            Some(p) => &p.values[item.index()],
            None => match self.mention(item) {
                Some(m) => &m.text,
                None => self.puzzle.value_name(item),
            },
        }
    }

    /// The helper category's mention, for a value of one.
    fn mention(&self, item: Item) -> Option<&Mention> {
        self.mentions.iter().find(|m| m.category == item.category())
    }

    /// The phrase naming the person of `term`, as a clue's term
    /// ("the person who supports the Hawks", "the person at the 3rd
    /// position").
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::Term;
    /// use kongming_zebra_csp::english::{EnglishPuzzle, Style};
    /// let puzzle = kongming_zebra_csp::einstein();
    /// let english = EnglishPuzzle::from_puzzle(&puzzle, Style::ZebraLogic)?;
    /// let third = Term::House(puzzle.house(3).unwrap());
    /// assert_eq!(english.term_text(third), "the person in the third house");
    /// let tea = Term::Value(puzzle.item("tea").unwrap());
    /// assert_eq!(english.term_text(tea), "the person whose drink is tea");
    /// # Ok::<(), kongming_zebra_csp::english::WriteError>(())
    /// ```
    pub fn term_text(&self, term: Term) -> String {
        writer::term(self, term, false)
    }

    /// One clue as a sentence of the puzzle's style.
    ///
    /// # Example
    ///
    /// See [`EnglishClue`].
    pub fn clue_text(&self, clue: &EnglishClue) -> String {
        writer::clue_sentence(self, clue)
    }

    /// The English clue that holds clue `index` of the puzzle.
    pub(crate) fn clue_of(&self, index: usize) -> Option<&EnglishClue> {
        self.clues.iter().find(|c| c.clues.contains(&index))
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for EnglishPuzzle {
    /// The English, as [`Display`](std::fmt::Display) writes it.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for EnglishPuzzle {
    /// Reads the English with all its checks: strictly, or, for a puzzle
    /// that names a value of two categories (as one read with
    /// [`Reader::either_reading`] writes it), reading such values either
    /// way.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error as _;
        let text = String::deserialize(deserializer)?;
        match Reader::new().read(&text) {
            Err(e) if matches!(e.kind(), ReadErrorKind::Ambiguous { .. }) => Reader::new()
                .either_reading(true)
                .read(&text)
                .map_err(D::Error::custom),
            read => read.map_err(D::Error::custom),
        }
    }
}

impl FromStr for EnglishPuzzle {
    type Err = ReadError;

    /// Reads an English puzzle with the default [`Reader`].
    fn from_str(text: &str) -> Result<Self, ReadError> {
        Reader::new().read(text)
    }
}
