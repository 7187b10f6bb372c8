//! The vocabulary: what a clue can say ([`Relation`]), and the phrases
//! the writer says it with, per style. The reader knows far more ways of
//! saying each (see [`meaning`](super::meaning)); the writer's phrases are
//! among them, so whatever it writes reads back.
//!
//! A phrase is written with slots: `{T}` a term (a person named by a value,
//! or the person at a position), `{H}` a position alone ("the third
//! house"), `{N}` a count in words or digits, `{C}` a category's noun (in
//! questions). The table of the [module docs](crate::english) lists the
//! same phrases (a test checks it).

use super::Style;
use crate::Side;

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
    /// A not strictly between B and C, in either order.
    NotBetween,
    /// A strictly between B and C, B on the left ("in that order").
    InOrder,
    /// A is B or C (or both).
    EitherOr,
    /// A is neither B nor C.
    Neither,
    /// A in the first or the last position.
    AtAnEnd,
    /// A in neither the first nor the last position.
    NotAtAnEnd,
    /// A or B (or both) on this side of C ("Either Ann or Bob lives next
    /// to Cid").
    EitherSide(crate::Side),
    /// A or B (or both) in the first or the last position.
    EitherAtAnEnd,
    /// A or B (or both) in one of two positions (its last two terms).
    EitherIn,
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
            Relation::AtAnEnd | Relation::NotAtAnEnd => 1,
            Relation::EitherIn => 4,
            Relation::Between
            | Relation::NotBetween
            | Relation::InOrder
            | Relation::EitherOr
            | Relation::Neither
            | Relation::EitherSide(_) => 3,
            _ => 2,
        }
    }

    /// The clues of the puzzle that say this of `terms` in a row of
    /// `positions`: one, or two for [`Relation::InOrder`] (A right of B,
    /// A left of C).
    ///
    /// # Panics
    ///
    /// If `terms` has not [`arity`](Relation::arity) terms,
    /// `positions` is past the largest row, or the last two terms of
    /// [`Relation::EitherIn`] are not houses.
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
            Relation::NotBetween => vec![Clue::NotBetween(a, b(), c())],
            Relation::InOrder => vec![
                Clue::SomewhereRightOf(a, b()),
                Clue::SomewhereLeftOf(a, c()),
            ],
            Relation::EitherOr => vec![Clue::EitherOr(a, b(), c())],
            Relation::Neither => vec![Clue::NotSame(a, b()), Clue::NotSame(a, c())],
            Relation::AtAnEnd => vec![Clue::EitherOr(a, house(1), house(positions))],
            Relation::NotAtAnEnd => vec![
                Clue::NotSame(a, house(1)),
                Clue::NotSame(a, house(positions)),
            ],
            Relation::EitherSide(side) => vec![Clue::EitherSide(a, b(), side, c())],
            Relation::EitherAtAnEnd => vec![Clue::EitherAt(
                a,
                b(),
                House::from_number(1).expect("a house"),
                House::from_number(positions).expect("a house of the largest row"),
            )],
            Relation::EitherIn => {
                let house = |t: Term| match t {
                    Term::House(h) => h,
                    Term::Value(_) => panic!("EitherIn takes two positions last"),
                };
                vec![Clue::EitherAt(a, b(), house(c()), house(terms[3]))]
            }
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
            Clue::NotBetween(..) => Relation::NotBetween,
            Clue::EitherOr(a, Term::House(first), Term::House(last))
                if first.number() == 1 && last.number() == positions =>
            {
                return (Relation::AtAnEnd, vec![a]);
            }
            Clue::EitherOr(..) => Relation::EitherOr,
            Clue::EitherSide(_, _, side, _) => Relation::EitherSide(side),
            Clue::EitherAt(a, b, h, k) => {
                let (low, high) = (h.number().min(k.number()), h.number().max(k.number()));
                if (low, high) == (1, positions) {
                    return (Relation::EitherAtAnEnd, vec![a, b]);
                }
                return (
                    Relation::EitherIn,
                    vec![a, b, Term::House(h), Term::House(k)],
                );
            }
        };
        (relation, terms)
    }
}

/// A slot of a phrase, or a word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Part<'p> {
    /// A word, written as is.
    Word(&'p str),
    /// A term: a person, named by a value or by a position.
    Term,
    /// A position alone.
    House,
    /// A count.
    Count,
    /// A category's noun.
    Category,
}

/// The parts of `phrase`.
pub(crate) fn parts(phrase: &str) -> impl Iterator<Item = Part<'_>> {
    phrase.split_whitespace().map(|p| match p {
        "{T}" => Part::Term,
        "{H}" => Part::House,
        "{N}" => Part::Count,
        "{C}" => Part::Category,
        word => Part::Word(word),
    })
}

/// Who writes a phrase: the reader knows them all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Writers {
    Both,
    Bbeh,
    ZebraLogic,
}

impl Writers {
    /// Whether `style` writes the phrase: reasoning-gym writes
    /// ZebraLogic's (its generator is ZebraLogic's ancestor).
    pub(crate) fn include(self, style: Style) -> bool {
        matches!(
            (self, style),
            (Writers::Both, _)
                | (Writers::Bbeh, Style::Bbeh)
                | (Writers::ZebraLogic, Style::ZebraLogic | Style::ReasoningGym)
        )
    }
}

/// The relation phrases, in the order the writer prefers them.
pub(crate) const RELATIONS: &[(Relation, &str, Writers)] = &[
    (Relation::Same, "{T} is in {H}", Writers::ZebraLogic),
    (Relation::Same, "{T} is {T}", Writers::Both),
    (Relation::NotSame, "{T} is not in {H}", Writers::ZebraLogic),
    (Relation::NotSame, "{T} is not {T}", Writers::Both),
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
        Relation::SomewhereLeftOf,
        "{T} is somewhere to the left of {T}",
        Writers::Both,
    ),
    (
        Relation::SomewhereRightOf,
        "{T} is somewhere to the right of {T}",
        Writers::Both,
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
        Relation::NotBetween,
        "{T} is not between {T} and {T}",
        Writers::Both,
    ),
    (
        Relation::InOrder,
        "{T} is somewhere in between {T} and {T} in that order",
        Writers::Both,
    ),
    (
        Relation::EitherOr,
        "{T} is either {T} or {T}",
        Writers::Both,
    ),
    (
        Relation::Neither,
        "{T} is neither {T} nor {T}",
        Writers::Both,
    ),
    (
        Relation::AtAnEnd,
        "{T} is at one of the ends",
        Writers::Both,
    ),
    (Relation::NotAtAnEnd, "{T} is not at an end", Writers::Both),
    (
        Relation::EitherSide(Side::LeftOf),
        "either {T} or {T} is directly left of {T}",
        Writers::Both,
    ),
    (
        Relation::EitherSide(Side::RightOf),
        "either {T} or {T} is directly right of {T}",
        Writers::Both,
    ),
    (
        Relation::EitherSide(Side::SomewhereLeftOf),
        "either {T} or {T} is somewhere to the left of {T}",
        Writers::Both,
    ),
    (
        Relation::EitherSide(Side::SomewhereRightOf),
        "either {T} or {T} is somewhere to the right of {T}",
        Writers::Both,
    ),
    (
        Relation::EitherSide(Side::NextTo),
        "either {T} or {T} is next to {T}",
        Writers::Both,
    ),
    (
        Relation::EitherAtAnEnd,
        "either {T} or {T} is at one of the ends",
        Writers::Both,
    ),
    (
        Relation::EitherIn,
        "either {T} or {T} is in {H} or {H}",
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
}

/// The questions, in the order the writer prefers them (per style).
pub(crate) const QUESTIONS: &[(Asks, &str, Writers)] = &[
    (Asks::Position, "what position is {T} at", Writers::Bbeh),
    (Asks::Position, "what house is {T} in", Writers::ZebraLogic),
    (Asks::Value, "what is {C} of {T}", Writers::ZebraLogic),
    (Asks::Value, "what is the {C} of {T}", Writers::Both),
];

#[cfg(test)]
mod tests {
    use super::{Part, QUESTIONS, RELATIONS, Relation, Writers, parts};
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
            Relation::NotBetween,
            Relation::InOrder,
            Relation::EitherOr,
            Relation::Neither,
            Relation::AtAnEnd,
            Relation::NotAtAnEnd,
            Relation::EitherSide(crate::Side::LeftOf),
            Relation::EitherSide(crate::Side::RightOf),
            Relation::EitherSide(crate::Side::SomewhereLeftOf),
            Relation::EitherSide(crate::Side::SomewhereRightOf),
            Relation::EitherSide(crate::Side::NextTo),
            Relation::EitherAtAnEnd,
        ];
        for style in [Style::Bbeh, Style::ZebraLogic, Style::ReasoningGym] {
            for relation in relations {
                let written = RELATIONS.iter().any(|r| {
                    let same = match (r.0, relation) {
                        (Relation::HousesBetween(_), Relation::HousesBetween(_)) => true,
                        (a, b) => a == b,
                    };
                    // A phrase of terms only, so any term can be written.
                    same && r.2.include(style) && !parts(r.1).any(|p| p == Part::House)
                });
                assert!(written, "{style:?} cannot write {relation:?}");
            }
        }
        for (relation, phrase, _) in RELATIONS {
            let slots = parts(phrase)
                .filter(|p| matches!(p, Part::Term | Part::House))
                .count();
            assert_eq!(slots, relation.arity(), "{phrase}");
        }
        assert!(!Writers::ZebraLogic.include(Style::Bbeh));
    }
}
