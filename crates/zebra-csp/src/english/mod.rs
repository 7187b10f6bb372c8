//! Logic-grid puzzles in English: read, answer, explain, write and grade
//! them.
//!
//! The reader takes the English of any benchmark (and of none): it reads
//! by meaning, not by template. Three families are also written, each in
//! its own [`Style`]:
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
//! - **reasoning-gym** (its `zebra_puzzles`): "This is a logic puzzle.
//!   There are 3 houses (numbered 1 on the left, 3 on the right), …",
//!   plain values, ZebraLogic's clues, "What is Name of the person who
//!   lives in House 1?" on the last line.
//!
//! # How a puzzle is read
//!
//! **The header.** The opening sentences say how many places the row has
//! ("There are 5 houses", "Five people live in a row of houses numbered 1
//! to 5", "positions 1, 2, 3") and in which order ("from left to right",
//! "1 on the left"; "from right to left" turns every "left" of the clues
//! round). Then come the categories: a description and its values, after
//! a colon (backquoted, quoted or plain, "a, b and c" or "a, b, or c",
//! bulleted or not), in brackets, or after "are" ("Their names are Ann,
//! Bob and Cid."). The description's noun names the category ("NBA team",
//! "type of pet", "lunch" in "something different for lunch"). Values
//! written as what each person does or is ("one likes milk, one is a tea
//! drinker, and one only drinks water", as BIG-bench's
//! `logic_grid_puzzle` writes them) are the objects of their phrases
//! (`milk`, `tea drinker`, `water`); a list with a negation in it ("one
//! never drinks tea") is refused. Without an opening sentence the
//! categories say how many places there are. A "Q:" before the opening
//! sentence, where a benchmark wraps the whole puzzle in one, is no
//! question.
//!
//! **Grids without a row** (Puzzle Baron's: "vintages : 1984, 1988, 1992,
//! 1996."). When the opening speaks of no row (no count of houses,
//! positions or seats, no "in a row", "numbered", sides or queue) and
//! exactly one category is evenly spaced amounts (years, sums of money,
//! percentages, months, dates, times of day, places in a contest, numbers
//! with or without a unit), that category stands for the row: its values
//! are pinned in increasing order to places 1 to N (clues numbered 0), and
//! clues compare by it. "4 years before" is one place to the left of a
//! scale of 4-year steps, "sometime after" anywhere to the right, "$10
//! more than", "an hour earlier", "2 places ahead of" likewise; an amount
//! counts only in the scale's unit ("2 months" of years, "2 inches" of
//! feet are refused), and each kind of scale takes its own comparisons
//! ("older" only of ages, "ahead" only of a contest, "taller" not of
//! years). "Of A and B, one is X and the other is Y", "A, B and C are all
//! different" and "The five X are A, B, …" are read too, and "either" and
//! "neither" name two people. Sides, neighbours and words of an order it
//! cannot place ("preceded", "beat", "faster") are refused, never read as
//! an identity. Written back, such a puzzle is a row of places with the
//! pins as its first clues.
//!
//! **The body.** A clue is a numbered line ("Clue 3:", "3.", "(3)"), a
//! bulleted one, or any line that names a value; a line of several
//! sentences is several clues of one number. The question is the line
//! after "Question:" or the one with a "?" (what follows the "?" is an
//! instruction and is passed over), its choices a line after "Choices:"
//! or "Options:". Lines that name no value ("## Clues:", "Some of the
//! clues might be irrelevant.") are passed over.
//!
//! **A sentence** is read in three steps:
//!
//! 1. **Values** are found by every form they may be written in, as whole
//!    words, the longest first ("Michael Kors" before "Michael", "iced
//!    tea" before "tea"): case, punctuation, hyphens and apostrophes
//!    aside ("Ford F-150" is `ford f150`, "associate's degree" holds
//!    `associate`); in either number ("keeps horses" for `horse`, "the
//!    rose bouquet" for `roses`; not where a verb stands: "who lives" is
//!    no `life`); a nationality by its noun, adjective or country ("the
//!    British person" for `brit`, "Swedish" for `swede`); a month by its
//!    name ("September" for `sept`); a value without its category's noun
//!    (`7` for `age 7`); and, when a sentence does not read otherwise, an
//!    activity by its verb ("paints" for `painting`). A category's noun
//!    that holds a value ("cat food") is no mention of it. **Places** are
//!    terms too: "the third house", "house 3", "position 3", "the 3rd
//!    position", "the last house", "the middle house", "the leftmost
//!    house", "the house on the far right", "the second house from the
//!    right".
//! 2. **The relation** is read from the words that carry one, a closed
//!    list; every other word is filler, whatever it is ("the person who
//!    likes Cherry smoothies", "a vase of tulips", "the one who only
//!    drinks water"). The words: `not`, `n't`, `never`, `no`, `cannot`
//!    (a negation; "no houses" a count); `left`, `right` where a side is
//!    meant ("to the left of", "Bob's right", not "right by"), with
//!    `immediately`, `directly`, `just`, `exactly` (next to it) or
//!    `somewhere`, `anywhere`, `further` (anywhere on that side; `left`
//!    alone is anywhere on the left); `next` (to, door), `beside`,
//!    `adjacent`, `neighbour(s)`; `between`, `on either side of`, `in
//!    that order`, `in either order`; `either`, `or`, `neither`, `nor`, `and`; `end`, `ends`,
//!    `edge` ("at one of the ends", "at either end", "an end house");
//!    `same`, `different` ("different people", "a different pet from");
//!    numbers counting places or people ("two houses between", "two
//!    houses away"); in a queue, `behind`, `ahead`, `in front of`,
//!    `further forward`, `further back`, `nearer the front`, and "the
//!    front" and "the back" as the first and last places. The
//!    terms and these words, in order, are the sentence's skeleton, and
//!    the skeleton says the relation (table below).
//! 3. **Negation** is never dropped, and read only where it denies the
//!    relation: of identity wherever it stands ("The person who doesn't
//!    own a cat is Eric" and "Eric does not own a cat" say one thing), of
//!    another relation right after its subject ("A does not live next to
//!    B"). In a relative clause after the relation ("next to the person
//!    who does not …"), on a relation that cannot take it ("A is not
//!    directly left of B": the crate has no such clue), or twice, it makes
//!    the sentence an [error](ReadErrorKind::UnattachedNegation). Words
//!    that carry a relation, a quantity, a condition or a doubt the reader
//!    does not know ("opposite", "above", "before", "if", "unless",
//!    "both", "every", "east", "even", "precedes", "without", "lacks",
//!    "might", …), two values side by side ("the British cat owner"), a
//!    relative of someone ("Ann's best friend"), and between two people
//!    any link but "is" ("Ann envies the cat owner") make it an
//!    [error](ReadErrorKind::UnknownForm) naming them, never filler.
//!
//! A clue that does not read is an error naming the clue's number and the
//! words that could not be placed ([`ReadError`]); no line that names a
//! value is skipped. Clues that BBEH adds as irrelevant are clues like the
//! others (they are true).
//!
//! **A value of two categories** (a `cat` that is a pet and an animal;
//! "Alice" a name and a child's name) is told apart, in this order: by
//! the nouns around it ("the person who keeps a pet bird": the category
//! whose noun has the most of those words, if one has most; the words of
//! verbs tell nothing, as BBEH's clues "like" what its header "has"); as
//! a name when it stands alone ("Alice is …") and one of its categories is
//! the names; by the clues: reading each phrase of it as either category
//! ("the cat lover" each time one way, "the person who has a cat" each
//! time one way), when every solution is the same grid, each is read as
//! that grid gives it. Otherwise it is [ambiguous](ReadErrorKind::Ambiguous)
//! or, with [`Reader::either_reading`], read as either.
//!
//! # What the skeletons say
//!
//! `T` is a term (a value or a place), `not` one negation where it may
//! stand (step 3). The writer uses, for each relation, the first phrase its
//! style writes whose slots fit the terms: `{T}` a term, `{H}` a place
//! alone, `{N}` a count, `{C}` a category's noun.
//!
//! | relation | skeletons read | written |
//! |---|---|---|
//! | [`Same`](Relation::Same) | `T T`, `T same T`, `T and T same` | `{T} is in {H}` (ZebraLogic), `{T} is {T}` |
//! | [`NotSame`](Relation::NotSame) | `T not T`, `T different T`, `T and T different` | `{T} is not in {H}` (ZebraLogic), `{T} is not {T}` |
//! | [`LeftOf`](Relation::LeftOf) | `T immediately left T`, `T one-house left T`, `T left neighbour T`, `immediately left T T`, `T's left neighbour T` (turned round) | `{T} is immediately to the left of {T}` (BBEH), `{T} is directly left of {T}` (ZebraLogic) |
//! | [`RightOf`](Relation::RightOf) | as left | `{T} is immediately to the right of {T}` (BBEH), `{T} is directly right of {T}` (ZebraLogic) |
//! | [`SomewhereLeftOf`](Relation::SomewhereLeftOf) | `T left T`, `T somewhere left T`, `T T's left`, `T's left T` (turned round) | `{T} is somewhere to the left of {T}` |
//! | [`SomewhereRightOf`](Relation::SomewhereRightOf) | as left | `{T} is somewhere to the right of {T}` |
//! | [`NextTo`](Relation::NextTo) | `T next T`, `T and T next`, `T T next` ("A is B's neighbour"), `next T T` | `{T} is next to {T}` (BBEH), `{T} and {T} are next to each other` (ZebraLogic) |
//! | [`NotNextTo`](Relation::NotNextTo) | the same with `not` | `{T} is not next to {T}` (BBEH), `{T} and {T} are not next to each other` (ZebraLogic) |
//! | [`HousesBetween`](Relation::HousesBetween) | `N between T and T`, `T and T N between`, `T N+1 away T` | `there is one person between {T} and {T}`, `there are {N} people between {T} and {T}` (BBEH), `there is one house between {T} and {T}`, `there are {N} houses between {T} and {T}` (ZebraLogic) |
//! | [`Between`](Relation::Between) | `T between T and T`, `… in either order` | `{T} is somewhere in between {T} and {T}` (BBEH), `{T} is somewhere between {T} and {T}` (ZebraLogic) |
//! | [`NotBetween`](Relation::NotBetween) | `T not between T and T` | `{T} is not between {T} and {T}` |
//! | [`InOrder`](Relation::InOrder) | `T between T and T in that order` | `{T} is somewhere in between {T} and {T} in that order` |
//! | [`EitherOr`](Relation::EitherOr) | `T either T or T`, `T T or T`, `either T or T T` | `{T} is either {T} or {T}` |
//! | [`Neither`](Relation::Neither) | `T neither T nor T`, `neither T nor T T`, either-or with `not` | `{T} is neither {T} nor {T}` |
//! | [`AtAnEnd`](Relation::AtAnEnd) | `T end` | `{T} is at one of the ends` |
//! | [`NotAtAnEnd`](Relation::NotAtAnEnd) | `T not end` | `{T} is not at an end` |
//! | [`EitherSide`](Relation::EitherSide) | `either T or T left T` (any side, immediately or somewhere), `either T or T next T` | `either {T} or {T} is directly left of {T}`, `either {T} or {T} is directly right of {T}`, `either {T} or {T} is somewhere to the left of {T}`, `either {T} or {T} is somewhere to the right of {T}`, `either {T} or {T} is next to {T}` |
//! | [`EitherAtAnEnd`](Relation::EitherAtAnEnd) | `either T or T end` | `either {T} or {T} is at one of the ends` |
//! | [`EitherIn`](Relation::EitherIn) | `either T or T P or P` (P a position) | `either {T} or {T} is in {H} or {H}` |
//!
//! Questions (the person asked about is one term, read as a clue's are):
//!
//! | asks | read | written |
//! |---|---|---|
//! | the position | "What position is T at?", "Where does T live?", "In which house is T?", "What is the number of the house where T lives?" | `what position is {T} at` (BBEH), `what house is {T} in` (ZebraLogic) |
//! | a value | "What is the NOUN of T?", "What is Name of T?", "Which NOUN does T have?", "What does T drink?", "What is T's NOUN?" | `what is {C} of {T}` (ZebraLogic, reasoning-gym: "What is Name of the person who lives in House 1?"), `what is the {C} of {T}` |
//! | the person | "Who owns the fish?", "Which person lives in house 3?" | (as a value of the names) |
//!
//! The noun of a question names the category whose noun has the most of
//! its words (a column name such as "FavoriteSport" is split at its
//! capitals); "who" asks the category of names. A multiple-choice
//! question's choices say the category when its words do not
//! ([`EnglishPuzzle::choose`]).
//!
//! # Answers, grades, explanations, writing
//!
//! - [`Answerer`]: the question's answer with its proof, from the solver:
//!   the answer is [forced](Answered::Forced) when the puzzle has one
//!   solution, or when no solution gives another answer (a second search
//!   with the answer ruled out finds none). A search stopped by its budget
//!   gives no answer.
//! - Grading a model's answers: a ZebraLogic grid
//!   ([`EnglishPuzzle::grade_grid`], [`GridGrader`]: right or not, its
//!   cell accuracy, the wrong cells, the clues it breaks), a one-value
//!   answer ([`EnglishPuzzle::grade_answer`]), a multiple-choice question
//!   ([`EnglishPuzzle::choose`]).
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
//! Three friends live in a row of houses numbered 1 to 3 from left to right.
//! Their names are Ann, Bob and Cid.
//! Each of them supports a different team: Bulls, Suns, Hawks.
//! 1. The Hawks fan lives in an end house.
//! 2. Bob lives directly to the left of the person who supports the Hawks.
//! 3. Ann doesn't live in the middle house.
//! 4. The Bulls supporter is Cid's neighbour.
//! 5. Bob isn't a Suns fan.
//! What position is the person who supports the Bulls at?
//! ".parse()?;
//! let Answered::Forced(answer, _) = english.answerer().expect("a question").answer() else {
//!     panic!("a forced answer expected");
//! };
//! assert_eq!(answer.to_string(), "2");
//! // Written in a family's style, it reads to the same puzzle.
//! let zebra = english.clone().with_style(Style::ZebraLogic).to_string();
//! assert!(zebra.contains("2. Bob is directly left of the Hawks fan."));
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
mod intro;
mod lexicon;
mod meaning;
mod question;
mod reader;
mod scale;
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
    /// The term naming `value` in this form: "a" or "an" before it as its
    /// first letter asks, "'s" after it without a space.
    pub(crate) fn with(&self, value: &str) -> String {
        let mut out = String::new();
        let before = match self.before.rsplit_once(' ') {
            Some((head, "a" | "an")) => format!("{head} {}", article(value)),
            None if matches!(self.before.as_str(), "a" | "an") => article(value).to_string(),
            _ => self.before.clone(),
        };
        for part in [before.as_str(), value, self.after.as_str()] {
            if !part.is_empty() {
                if !out.is_empty() && !part.starts_with("'s") {
                    out.push(' ');
                }
                out.push_str(part);
            }
        }
        out
    }
}

/// "an" before a word that starts with a vowel, else "a".
fn article(word: &str) -> &'static str {
    match word.chars().next().map(|c| c.to_ascii_lowercase()) {
        Some('a' | 'e' | 'i' | 'o' | 'u') => "an",
        _ => "a",
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
        match &self.form {
            Some(form) => form.with(value),
            None => self.plain_term(value),
        }
    }

    /// The phrase naming the person of `value` from the header alone: the
    /// value for names, "the VALUE" after "is", "the person who VERB
    /// VALUE" after a plain verb ("supports", "lives in"), else "the
    /// person whose NOUN is VALUE".
    pub(crate) fn plain_term(&self, value: &str) -> String {
        let verb = words::keys(&self.verb);
        let noun = words::keys(&self.noun);
        let plain_verb = match verb.as_slice() {
            [one] => !matches!(one.as_str(), "has" | "have" | "is" | "are"),
            [one, preposition] => {
                !matches!(one.as_str(), "has" | "have" | "is" | "are")
                    && matches!(preposition.as_str(), "in" | "on" | "at" | "for" | "to")
            }
            _ => false,
        };
        if noun == ["name"] || noun == ["names"] {
            value.to_string()
        } else if verb == ["is"] || verb == ["are"] {
            format!("the {value}")
        } else if plain_verb {
            format!("the person who {} {value}", self.verb)
        } else {
            format!("the person whose {} is {value}", self.noun)
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
    /// Whether place 1 is the front of a queue, as the English said.
    pub(crate) queue: bool,
    /// `shared[category][value]`: whether another category has a value of
    /// that name (as the reader compares names).
    pub(crate) shared: Vec<Vec<bool>>,
    /// The clues the reader set aside unread, with why.
    pub(crate) skipped: Vec<ReadError>,
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
            queue: false,
            skipped: Vec::new(),
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
    /// let generated = Generator::new(3, 2)?.generate(5).unwrap();
    /// let english = header.with_clues(generated.puzzle.clues())?;
    /// assert_eq!(english.puzzle().clues(), generated.puzzle.clues());
    /// assert!(english.puzzle().uniqueness().unique() == Some(true));
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
            queue: false,
            skipped: Vec::new(),
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

    /// The clues set aside unread, each with its line, its number and why
    /// it was not read: empty unless read by a reader that
    /// [skips unread clues](Reader::skip_unread_clues).
    ///
    /// # Example
    ///
    /// See [`Reader::skip_unread_clues`].
    pub fn skipped_clues(&self) -> &[ReadError] {
        &self.skipped
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
