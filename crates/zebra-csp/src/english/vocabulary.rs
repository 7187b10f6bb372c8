//! The vocabulary: every relation phrase the reader knows and the writer
//! uses, every question, and the words a term phrase may be made of.
//!
//! A phrase is written with slots: `{T}` a term (a person named by a value,
//! or the person at a position), `{H}` a position alone ("the third
//! house"), `{N}` a count in words or digits, `{C}` a category's noun (in
//! questions). The words between the slots are matched whole and in
//! order; what fills a slot is read by the term rules at the end of this
//! file. The table of the [module docs](crate::english) lists the same
//! phrases (a test checks it).

use std::collections::HashSet;
use std::sync::OnceLock;

use super::Style;
use super::words::key;

/// What an English clue says: one entry of the vocabulary's relations.
///
/// A clue of the puzzle is made of one or more [`Clue`](crate::Clue)s
/// ([`Relation::clues`]): "in that order" is two.
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::english::{EnglishPuzzle, Relation};
/// let english: EnglishPuzzle = "\
/// There are 3 people next to each other in a row in positions 1, 2, 3 who have the following characteristics.
/// Everyone has a different pet: cat, dog, fox.
/// Clue 1: The person who has a cat is somewhere in between the person who has a dog and the person who has a fox in that order.
/// ".parse()?;
/// assert_eq!(english.clues()[0].relation(), Relation::InOrder);
/// assert_eq!(english.puzzle().clues().len(), 2);
/// # Ok::<(), kongming_zebra_csp::english::ReadError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Relation {
    /// The same person (`A is B`, `A is in the third house`).
    Same,
    /// Not the same person (`A is not B`).
    NotSame,
    /// A immediately left of B.
    LeftOf,
    /// A immediately right of B.
    RightOf,
    /// A anywhere left of B.
    SomewhereLeftOf,
    /// A anywhere right of B.
    SomewhereRightOf,
    /// Neighbours.
    NextTo,
    /// Not neighbours.
    NotNextTo,
    /// Exactly this many houses between A and B (0: neighbours).
    HousesBetween(usize),
    /// A strictly between B and C, in either order.
    Between,
    /// A strictly between B and C, B on the left ("in that order").
    InOrder,
    /// A is B or C (or both).
    EitherOr,
    /// A in the first or the last position.
    AtAnEnd,
}

impl Relation {
    /// The number of terms the relation takes.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::english::Relation;
    /// assert_eq!(Relation::AtAnEnd.arity(), 1);
    /// assert_eq!(Relation::InOrder.arity(), 3);
    /// ```
    pub fn arity(self) -> usize {
        match self {
            Relation::AtAnEnd => 1,
            Relation::Between | Relation::InOrder | Relation::EitherOr => 3,
            _ => 2,
        }
    }

    /// The clues of the puzzle that say this of `terms` in a row of
    /// `positions`: one, or two for [`Relation::InOrder`] (A right of B,
    /// A left of C).
    ///
    /// # Panics
    ///
    /// If `terms` has not [`arity`](Relation::arity) terms, or
    /// `positions` is past the largest row.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::{Clue, House, Term};
    /// use kongming_zebra_csp::english::Relation;
    /// let a = Term::House(House::from_number(2).unwrap());
    /// let [first, last] = [1, 4].map(|n| Term::House(House::from_number(n).unwrap()));
    /// assert_eq!(Relation::AtAnEnd.clues(&[a], 4), [Clue::EitherOr(a, first, last)]);
    /// ```
    pub fn clues(self, terms: &[crate::Term], positions: usize) -> Vec<crate::Clue> {
        use crate::{Clue, House, Term};
        assert_eq!(
            terms.len(),
            self.arity(),
            "{self:?} takes {} terms",
            self.arity()
        );
        let a = terms[0];
        let b = || terms[1];
        let c = || terms[2];
        let house = |number: usize| {
            Term::House(House::from_number(number).expect("a house of the largest row"))
        };
        match self {
            Relation::Same => vec![Clue::Same(a, b())],
            Relation::NotSame => vec![Clue::NotSame(a, b())],
            Relation::LeftOf => vec![Clue::LeftOf(a, b())],
            Relation::RightOf => vec![Clue::RightOf(a, b())],
            Relation::SomewhereLeftOf => vec![Clue::SomewhereLeftOf(a, b())],
            Relation::SomewhereRightOf => vec![Clue::SomewhereRightOf(a, b())],
            Relation::NextTo => vec![Clue::NextTo(a, b())],
            Relation::NotNextTo => vec![Clue::NotNextTo(a, b())],
            Relation::HousesBetween(k) => vec![Clue::Distance(a, k.saturating_add(1), b())],
            Relation::Between => vec![Clue::Between(a, b(), c())],
            Relation::InOrder => vec![
                Clue::SomewhereRightOf(a, b()),
                Clue::SomewhereLeftOf(a, c()),
            ],
            Relation::EitherOr => vec![Clue::EitherOr(a, b(), c())],
            Relation::AtAnEnd => vec![Clue::EitherOr(a, house(1), house(positions))],
        }
    }

    /// The relation and terms that say `clue` as one English clue (the
    /// writer's reading of a clue built in code).
    pub(crate) fn of_clue(clue: &crate::Clue, positions: usize) -> (Relation, Vec<crate::Term>) {
        use crate::{Clue, Term};
        let terms = clue.terms();
        let relation = match *clue {
            Clue::Same(..) => Relation::Same,
            Clue::NotSame(..) => Relation::NotSame,
            Clue::LeftOf(..) => Relation::LeftOf,
            Clue::RightOf(..) => Relation::RightOf,
            Clue::SomewhereLeftOf(..) => Relation::SomewhereLeftOf,
            Clue::SomewhereRightOf(..) => Relation::SomewhereRightOf,
            Clue::NextTo(..) => Relation::NextTo,
            Clue::NotNextTo(..) => Relation::NotNextTo,
            Clue::Distance(_, k, _) => Relation::HousesBetween(k.saturating_sub(1)),
            Clue::Between(..) => Relation::Between,
            Clue::EitherOr(a, Term::House(first), Term::House(last))
                if first.number() == 1 && last.number() == positions =>
            {
                return (Relation::AtAnEnd, vec![a]);
            }
            Clue::EitherOr(..) => Relation::EitherOr,
        };
        (relation, terms)
    }
}

/// One part of a phrase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Part {
    /// A word, matched whole (its key).
    Word(String),
    /// A term: a person, named by a value or by a position.
    Term,
    /// A position alone.
    House,
    /// A count.
    Count,
    /// A category's noun.
    Category,
}

impl Part {
    pub(crate) fn is_slot(&self) -> bool {
        matches!(self, Part::Term | Part::House)
    }
}

/// Who writes a phrase: the reader knows them all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Writers {
    Both,
    Bbeh,
    ZebraLogic,
    Nobody,
}

impl Writers {
    pub(crate) fn include(self, style: Style) -> bool {
        matches!(
            (self, style),
            (Writers::Both, _)
                | (Writers::Bbeh, Style::Bbeh)
                | (Writers::ZebraLogic, Style::ZebraLogic)
        )
    }
}

/// The relation phrases, in the order the writer prefers them.
pub(crate) const RELATIONS: &[(Relation, &str, Writers)] = &[
    (Relation::Same, "{T} is in {H}", Writers::ZebraLogic),
    (Relation::Same, "{T} is {T}", Writers::Both),
    (Relation::Same, "{T} is at {H}", Writers::Nobody),
    (Relation::Same, "{T} lives in {H}", Writers::Nobody),
    (Relation::NotSame, "{T} is not in {H}", Writers::ZebraLogic),
    (Relation::NotSame, "{T} is not {T}", Writers::Both),
    (Relation::NotSame, "{T} is not at {H}", Writers::Nobody),
    (
        Relation::NotSame,
        "{T} does not live in {H}",
        Writers::Nobody,
    ),
    (
        Relation::LeftOf,
        "{T} is immediately to the left of {T}",
        Writers::Bbeh,
    ),
    (
        Relation::LeftOf,
        "{T} is directly left of {T}",
        Writers::ZebraLogic,
    ),
    (
        Relation::LeftOf,
        "{T} is directly to the left of {T}",
        Writers::Nobody,
    ),
    (
        Relation::LeftOf,
        "{T} is immediately left of {T}",
        Writers::Nobody,
    ),
    (
        Relation::RightOf,
        "{T} is immediately to the right of {T}",
        Writers::Bbeh,
    ),
    (
        Relation::RightOf,
        "{T} is directly right of {T}",
        Writers::ZebraLogic,
    ),
    (
        Relation::RightOf,
        "{T} is directly to the right of {T}",
        Writers::Nobody,
    ),
    (
        Relation::RightOf,
        "{T} is immediately right of {T}",
        Writers::Nobody,
    ),
    (
        Relation::SomewhereLeftOf,
        "{T} is somewhere to the left of {T}",
        Writers::Both,
    ),
    (
        Relation::SomewhereLeftOf,
        "{T} is somewhere left of {T}",
        Writers::Nobody,
    ),
    (
        Relation::SomewhereRightOf,
        "{T} is somewhere to the right of {T}",
        Writers::Both,
    ),
    (
        Relation::SomewhereRightOf,
        "{T} is somewhere right of {T}",
        Writers::Nobody,
    ),
    (Relation::NextTo, "{T} is next to {T}", Writers::Bbeh),
    (
        Relation::NextTo,
        "{T} and {T} are next to each other",
        Writers::ZebraLogic,
    ),
    (Relation::NotNextTo, "{T} is not next to {T}", Writers::Bbeh),
    (
        Relation::NotNextTo,
        "{T} and {T} are not next to each other",
        Writers::ZebraLogic,
    ),
    (
        Relation::HousesBetween(1),
        "there is one person between {T} and {T}",
        Writers::Bbeh,
    ),
    (
        Relation::HousesBetween(0),
        "there are {N} people between {T} and {T}",
        Writers::Bbeh,
    ),
    (
        Relation::HousesBetween(1),
        "there is one house between {T} and {T}",
        Writers::ZebraLogic,
    ),
    (
        Relation::HousesBetween(0),
        "there are {N} houses between {T} and {T}",
        Writers::ZebraLogic,
    ),
    (
        Relation::Between,
        "{T} is somewhere in between {T} and {T}",
        Writers::Bbeh,
    ),
    (
        Relation::Between,
        "{T} is somewhere between {T} and {T}",
        Writers::ZebraLogic,
    ),
    (
        Relation::InOrder,
        "{T} is somewhere in between {T} and {T} in that order",
        Writers::Both,
    ),
    (
        Relation::InOrder,
        "{T} is somewhere between {T} and {T} in that order",
        Writers::Nobody,
    ),
    (
        Relation::EitherOr,
        "{T} is either {T} or {T}",
        Writers::Both,
    ),
    (
        Relation::AtAnEnd,
        "{T} is at one of the ends",
        Writers::Both,
    ),
];

/// What a question asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Asks {
    /// The position of the term.
    Position,
    /// The value of the `{C}` category of the term.
    Value,
    /// The person (the value of the people's category) of the term: the
    /// question starts with "who", the term follows.
    Person,
}

/// The questions, in the order the writer prefers them (per style).
pub(crate) const QUESTIONS: &[(Asks, &str, Writers)] = &[
    (Asks::Position, "what position is {T} at", Writers::Bbeh),
    (Asks::Position, "what house is {T} in", Writers::ZebraLogic),
    (Asks::Position, "what position is {T} in", Writers::Nobody),
    (Asks::Position, "which position is {T} at", Writers::Nobody),
    (Asks::Position, "which position is {T} in", Writers::Nobody),
    (Asks::Position, "in what position is {T}", Writers::Nobody),
    (Asks::Position, "which house is {T} in", Writers::Nobody),
    (Asks::Position, "in which house is {T}", Writers::Nobody),
    (
        Asks::Position,
        "in which house does {T} live",
        Writers::Nobody,
    ),
    (Asks::Position, "where is {T}", Writers::Nobody),
    (Asks::Value, "what is the {C} of {T}", Writers::Both),
    (Asks::Value, "which {C} does {T} have", Writers::Nobody),
    (Asks::Value, "what {C} does {T} have", Writers::Nobody),
];

/// A phrase split into its parts.
#[derive(Clone, Debug)]
pub(crate) struct Template {
    pub(crate) parts: Vec<Part>,
    /// The number of word parts (the more, the more specific the phrase).
    pub(crate) words: usize,
    /// The slots, in order.
    pub(crate) slots: Vec<Part>,
    /// The literal runs around the slots (one more than the slots).
    pub(crate) runs: Vec<Vec<Part>>,
    /// Per run: its words' keys when it has only words (matched at once).
    pub(crate) plain: Vec<Option<Vec<String>>>,
}

fn template(phrase: &str) -> Template {
    let parts: Vec<Part> = phrase
        .split_whitespace()
        .map(|p| match p {
            "{T}" => Part::Term,
            "{H}" => Part::House,
            "{N}" => Part::Count,
            "{C}" => Part::Category,
            word => Part::Word(key(word)),
        })
        .collect();
    let words = parts.iter().filter(|p| matches!(p, Part::Word(_))).count();
    let mut runs = vec![Vec::new()];
    let mut slots = Vec::new();
    for part in &parts {
        if part.is_slot() {
            slots.push(part.clone());
            runs.push(Vec::new());
        } else {
            runs.last_mut().expect("a run").push(part.clone());
        }
    }
    let plain = runs
        .iter()
        .map(|run| {
            run.iter()
                .map(|p| match p {
                    Part::Word(w) => Some(w.clone()),
                    _ => None,
                })
                .collect()
        })
        .collect();
    Template {
        parts,
        words,
        slots,
        runs,
        plain,
    }
}

/// Every word of the vocabulary's phrases and term rules.
pub(crate) fn vocabulary_words() -> &'static HashSet<&'static str> {
    static WORDS: OnceLock<HashSet<&'static str>> = OnceLock::new();
    WORDS.get_or_init(|| {
        let phrases = RELATIONS
            .iter()
            .map(|r| r.1)
            .chain(QUESTIONS.iter().map(|q| q.1));
        let mut words: HashSet<&'static str> = phrases
            .flat_map(str::split_whitespace)
            .filter(|w| !w.starts_with('{'))
            .collect();
        for set in [FILLERS, SUFFIXES, DETERMINERS, PERSONS, PLACES] {
            words.extend(set.iter().copied());
        }
        words
    })
}

/// [`FILLERS`] as a set.
pub(crate) fn fillers() -> &'static HashSet<&'static str> {
    static WORDS: OnceLock<HashSet<&'static str>> = OnceLock::new();
    WORDS.get_or_init(|| FILLERS.iter().copied().collect())
}

/// [`SUFFIXES`] as a set.
pub(crate) fn suffixes() -> &'static HashSet<&'static str> {
    static WORDS: OnceLock<HashSet<&'static str>> = OnceLock::new();
    WORDS.get_or_init(|| SUFFIXES.iter().copied().collect())
}

/// The relation phrases as templates, in the order of [`RELATIONS`].
pub(crate) fn relation_templates() -> &'static [Template] {
    static TEMPLATES: OnceLock<Vec<Template>> = OnceLock::new();
    TEMPLATES.get_or_init(|| RELATIONS.iter().map(|(_, p, _)| template(p)).collect())
}

/// The questions as templates, in the order of [`QUESTIONS`].
pub(crate) fn question_templates() -> &'static [Template] {
    static TEMPLATES: OnceLock<Vec<Template>> = OnceLock::new();
    TEMPLATES.get_or_init(|| QUESTIONS.iter().map(|(_, p, _)| template(p)).collect())
}

/// The question "who …": one term, the words after "who" read as "the
/// person who …".
pub(crate) fn who_templates() -> &'static [Template] {
    static TEMPLATES: OnceLock<Vec<Template>> = OnceLock::new();
    TEMPLATES.get_or_init(|| vec![template("{T}")])
}

// The term rules. A person named by a value is written
//   [the | a | an] [person | one] FILLER… VALUE [SUFFIX…]
// where the filler comes only after "person" or "one" (else at most the
// determiner stands before the value), and the suffix is at most three
// words. A person named by a position is written "the person at the 3rd
// position", "the person in the third house", "the person in position 3";
// a position alone (slot {H}) "the third house", "the 3rd position",
// "position 3", "house 3".

/// Determiners before a term.
pub(crate) const DETERMINERS: &[&str] = &["the", "a", "an"];

/// The words for a person, after a determiner.
pub(crate) const PERSONS: &[&str] = &["person", "one"];

/// The words for a place in the row, after an ordinal (or before a
/// number in digits).
pub(crate) const PLACES: &[&str] = &["position", "house"];

/// The words that may stand between "the person" and a value, besides the
/// header's own words (its verbs and nouns). None of them negates or
/// relates: a phrase with "not", "next" or "left" in it is never taken for
/// a term.
pub(crate) const FILLERS: &[&str] = &[
    "who",
    "whose",
    "that",
    "with",
    "is",
    "are",
    "was",
    "has",
    "have",
    "had",
    "likes",
    "like",
    "loves",
    "love",
    "enjoys",
    "enjoy",
    "prefers",
    "prefer",
    "owns",
    "own",
    "keeps",
    "keep",
    "drinks",
    "drink",
    "eats",
    "eat",
    "smokes",
    "smoke",
    "drives",
    "drive",
    "plays",
    "play",
    "reads",
    "read",
    "supports",
    "support",
    "lives",
    "live",
    "wears",
    "wear",
    "uses",
    "use",
    "listens",
    "listen",
    "watches",
    "watch",
    "collects",
    "collect",
    "grows",
    "grow",
    "makes",
    "make",
    "works",
    "work",
    "speaks",
    "speak",
    "studies",
    "study",
    "rides",
    "ride",
    "favors",
    "favours",
    "partial",
    "fond",
    "does",
    "do",
    "goes",
    "go",
    "bought",
    "owner",
    "a",
    "an",
    "the",
    "of",
    "in",
    "to",
    "for",
    "on",
    "as",
    "by",
    "from",
    "at",
    "into",
    "many",
    "unique",
    "favorite",
    "favourite",
    "color",
    "colour",
    "type",
    "kind",
    "brand",
    "model",
    "bouquet",
    "boquet",
    "fan",
    "lover",
    "keeper",
    "smoker",
    "player",
    "enthusiast",
    "drinker",
    "driver",
    "reader",
    "music",
    "book",
    "books",
    "genre",
    "style",
    "birthday",
    "month",
    "car",
    "phone",
    "pet",
    "animal",
    "food",
    "drink",
    "sport",
    "hobby",
    "job",
    "occupation",
    "profession",
    "name",
    "named",
    "called",
    "nationality",
    "height",
    "hair",
    "house",
    "team",
    "cigar",
    "cigarette",
    "flower",
    "fruit",
    "instrument",
    "lunch",
    "dish",
    "vacation",
    "person",
];

/// The words that may follow a value in a term ("the basketball player",
/// "the violet house", "romance books"), besides the nouns of the header.
pub(crate) const SUFFIXES: &[&str] = &[
    "player",
    "smoker",
    "lover",
    "owner",
    "keeper",
    "fan",
    "enthusiast",
    "drinker",
    "driver",
    "reader",
    "user",
    "eater",
    "collector",
    "person",
    "people",
    "house",
    "books",
    "book",
    "music",
    "car",
    "phone",
    "pet",
    "team",
    "cigar",
    "cigarette",
    "bouquet",
    "flowers",
    "flower",
];

/// Words the header may use that never become filler: they would make a
/// relation look like part of a term.
pub(crate) const BLOCKED: &[&str] = &[
    "not",
    "no",
    "never",
    "nor",
    "neither",
    "either",
    "or",
    "and",
    "but",
    "next",
    "left",
    "right",
    "between",
    "beside",
    "besides",
    "adjacent",
    "neighbour",
    "neighbor",
    "end",
    "ends",
    "immediately",
    "directly",
    "somewhere",
    "apart",
    "away",
    "position",
    "positions",
    "same",
    "different",
    "than",
    "except",
    "without",
    "other",
    "there",
    "each",
    "every",
    "everyone",
    "all",
    "only",
    "also",
    "first",
    "last",
    "before",
    "after",
    "near",
    "far",
    "isn't",
    "doesn't",
    "don't",
    "nobody",
    "none",
];

#[cfg(test)]
mod tests {
    use super::{QUESTIONS, RELATIONS, Relation, Writers, question_templates, relation_templates};
    use crate::english::Style;

    #[test]
    fn the_module_docs_list_every_phrase() {
        let docs = include_str!("mod.rs");
        for phrase in RELATIONS
            .iter()
            .map(|r| r.1)
            .chain(QUESTIONS.iter().map(|q| q.1))
        {
            assert!(
                docs.contains(&format!("`{phrase}`")),
                "the docs miss `{phrase}`"
            );
        }
    }

    #[test]
    fn every_relation_has_a_phrase_each_style_writes() {
        let relations = [
            Relation::Same,
            Relation::NotSame,
            Relation::LeftOf,
            Relation::RightOf,
            Relation::SomewhereLeftOf,
            Relation::SomewhereRightOf,
            Relation::NextTo,
            Relation::NotNextTo,
            Relation::HousesBetween(0),
            Relation::Between,
            Relation::InOrder,
            Relation::EitherOr,
            Relation::AtAnEnd,
        ];
        for style in [Style::Bbeh, Style::ZebraLogic] {
            for relation in relations {
                let written = RELATIONS.iter().zip(relation_templates()).any(|(r, t)| {
                    let same = match (r.0, relation) {
                        (Relation::HousesBetween(_), Relation::HousesBetween(_)) => true,
                        (a, b) => a == b,
                    };
                    // A phrase of terms only, so any term can be written.
                    same && r.2.include(style) && !t.parts.contains(&super::Part::House)
                });
                assert!(written, "{style:?} cannot write {relation:?}");
            }
        }
        assert_eq!(relation_templates().len(), RELATIONS.len());
        assert_eq!(question_templates().len(), QUESTIONS.len());
        for (relation, phrase, _) in RELATIONS {
            let slots = phrase.matches("{T}").count() + phrase.matches("{H}").count();
            assert_eq!(slots, relation.arity(), "{phrase}");
        }
        assert!(!Writers::Nobody.include(Style::Bbeh));
    }
}
