//! Reading a sentence by meaning: its terms (the values it names, found
//! by the [`Lexicon`](super::lexicon::Lexicon), and the places:
//! "the third house", "house 3", "the leftmost house", read by
//! [`places`]), then the few words
//! that carry a relation, a negation or a count, a closed list (the
//! [module docs](super) list it, [`scan()`] reads it); every other word is
//! filler, whatever it is. The terms and those words, in order, make the
//! sentence's skeleton ("T not next-to T"), and the skeleton says the
//! relation.
//!
//! Words that carry a relation the reader does not know ("opposite",
//! "above", "if", "both", …: [`closed_words::UNSUPPORTED`]) make the
//! sentence an error, never filler, and so does a negation that cannot be
//! attached to the relation read. Comparisons ("further back in the
//! queue than") are read only of places ([`comparisons`]).

mod closed_words;
mod comparisons;
mod identity;
mod objects;
mod places;
mod relation;
mod scaled;
mod scan;

pub(crate) use closed_words::PLACES;
pub(crate) use scan::{scan, scan_found, scan_with};

use super::vocabulary::Relation;
use super::words::Word;

/// The most words a clue or question may have (the reader's work is
/// quadratic in it at worst).
pub(crate) const MAX_WORDS: usize = 256;

/// What a word of a skeleton says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Sym {
    /// The term of this index.
    Term(usize),
    Not,
    Left,
    Right,
    /// "immediately", "directly", "right" (next to).
    Close,
    /// "somewhere", "further".
    Far,
    Next,
    Between,
    /// "on either side of", "on both sides of".
    EitherSideOf,
    And,
    Or,
    Either,
    Neither,
    Nor,
    /// At one of the ends.
    End,
    Same,
    Different,
    /// "in that order" (from left to right; from right to left when
    /// true).
    Order(bool),
    /// "in either order", "in any order".
    AnyOrder,
    /// "from left to right" (from right to left when true), said of an
    /// order.
    Direction(bool),
    /// A count of places or people.
    Count(usize),
    /// "away", "apart".
    Away,
    /// "Of" opening a sentence ("Of A and B, one …").
    Of,
    /// "one" after a pause, in "Of A and B, one is X and the other is Y".
    One,
    /// "the other", in the same.
    Other,
}

/// What a term names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Named {
    /// A value, by entry of the lexicon.
    Value(usize),
    /// A place, numbered from 1 as the puzzle numbers them.
    Place(usize),
}

/// A term of a sentence: what it names, its anchor words, and its own
/// words around them (its phrase, for telling shared values apart and
/// learning how the clues phrase a category).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TermSpan {
    pub(crate) named: Named,
    pub(crate) start: usize,
    pub(crate) end: usize,
    /// The term's words before the anchor: `before..start`.
    pub(crate) before: usize,
    /// The term's words after it: `end..after`.
    pub(crate) after: usize,
}

/// A sentence read: its terms and what it says of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Meaning {
    pub(crate) terms: Vec<TermSpan>,
    /// What it says: one relation, or two for "A is right of B and left
    /// of C"; each with indices into `terms`, in the relation's order.
    pub(crate) said: Vec<(Relation, Vec<usize>)>,
}

/// A sentence's terms and skeleton.
#[derive(Clone, Debug)]
pub(crate) struct Skeleton {
    pub(crate) terms: Vec<TermSpan>,
    pub(crate) syms: Vec<(Sym, usize, usize)>,
    /// Words the reader does not know the meaning of, that carry one.
    pub(crate) unsupported: Vec<(usize, usize)>,
    /// Per word: whether it is a word of a category's noun.
    pub(crate) nouns: Vec<bool>,
    /// Per term: whether it names a person by name ("Ann").
    pub(crate) names: Vec<bool>,
}

/// What a scan needs to know of the puzzle.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Row {
    pub(crate) positions: usize,
    pub(crate) flipped: bool,
    /// Whether place 1 is the front of a queue: then "behind" is to the
    /// right and "in front of" to the left.
    pub(crate) queue: bool,
}

impl Row {
    /// The place at the left end (1, or the last when 1 is on the right).
    fn leftmost(self) -> usize {
        if self.flipped { self.positions } else { 1 }
    }

    fn rightmost(self) -> usize {
        if self.flipped { 1 } else { self.positions }
    }
}

/// Words as written, joined by spaces.
pub(crate) fn text(words: &[Word<'_>]) -> String {
    super::words::joined(words)
}

#[cfg(test)]
mod tests {
    use super::{Row, Sym, scan};
    use crate::english::ReadErrorKind;
    use crate::english::header::read_category;
    use crate::english::lexicon::Lexicon;
    use crate::english::vocabulary::Relation;
    use crate::english::words::words;

    fn lexicon() -> Lexicon {
        let lines = [
            "Each person has a unique name: `Ann`, `Bob`, `Cid`, `Dan`",
            "Each person has a unique pet: `cat`, `dog`, `eel`, `fox`",
            "Everyone drinks a different drink: tea, milk, iced tea, beer.",
        ];
        let categories: Vec<_> = lines
            .iter()
            .map(|l| read_category(l, None).unwrap().unwrap())
            .collect();
        Lexicon::new(&categories)
    }

    const ROW: Row = Row {
        positions: 4,
        flipped: false,
        queue: false,
    };

    fn read(text: &str) -> Result<(Relation, usize), ReadErrorKind> {
        let lex = lexicon();
        let w = words(text);
        let skeleton = scan(&lex, &w, ROW)?;
        let m = skeleton.meaning(&w, ROW)?;
        Ok((m.said[0].0, m.terms.len()))
    }

    #[test]
    fn relations_are_read_from_their_words_whatever_the_filler() {
        let cases = [
            ("Ann is the person who has a cat.", Relation::Same),
            ("Ann owns the cat.", Relation::Same),
            ("The cat's owner is not Ann.", Relation::NotSame),
            (
                "The person who doesn't have a cat is Ann.",
                Relation::NotSame,
            ),
            ("Ann never drinks tea.", Relation::NotSame),
            ("Ann has no cat.", Relation::NotSame),
            ("Ann lives in the second house.", Relation::Same),
            ("Ann lives in house 2.", Relation::Same),
            ("The leftmost house is Ann's.", Relation::Same),
            ("Ann is directly left of the cat lover.", Relation::LeftOf),
            (
                "Ann lives immediately to the right of the dog owner.",
                Relation::RightOf,
            ),
            (
                "Ann lives somewhere to the left of Bob.",
                Relation::SomewhereLeftOf,
            ),
            ("Ann lives to the left of Bob.", Relation::SomewhereLeftOf),
            ("Directly to the left of Bob lives Ann.", Relation::LeftOf),
            ("Ann and Bob are next to each other.", Relation::NextTo),
            ("Ann lives right next to Bob.", Relation::NextTo),
            ("Ann and Bob are neighbours.", Relation::NextTo),
            ("Ann doesn't live next door to Bob.", Relation::NotNextTo),
            (
                "There is one house between Ann and Bob.",
                Relation::HousesBetween(1),
            ),
            (
                "There are two houses between Ann and Bob.",
                Relation::HousesBetween(2),
            ),
            (
                "There are no people between Ann and Bob.",
                Relation::HousesBetween(0),
            ),
            (
                "Ann lives two houses away from Bob.",
                Relation::HousesBetween(1),
            ),
            ("Ann is at one of the ends.", Relation::AtAnEnd),
            ("Ann lives at either end of the row.", Relation::AtAnEnd),
            ("Ann is not at an end.", Relation::NotAtAnEnd),
            ("Ann is somewhere between Bob and Cid.", Relation::Between),
            (
                "Ann is somewhere in between Bob and Cid in that order.",
                Relation::InOrder,
            ),
            (
                "Ann is either the cat owner or the tea drinker.",
                Relation::EitherOr,
            ),
            ("Either Bob or Cid owns the cat.", Relation::EitherOr),
            (
                "Ann is neither the cat owner nor the tea drinker.",
                Relation::Neither,
            ),
            (
                "Ann is not the cat owner or the tea drinker.",
                Relation::Neither,
            ),
            (
                "The person who drinks iced tea and Ann are different people.",
                Relation::NotSame,
            ),
            ("The third house from the right is Ann's.", Relation::Same),
            ("The tea drinker is Cid's neighbour.", Relation::NextTo),
            ("Ann is the left neighbour of Bob.", Relation::LeftOf),
        ];
        for (text, relation) in cases {
            assert_eq!(read(text).map(|r| r.0), Ok(relation), "{text}");
        }
    }

    #[test]
    fn what_cannot_be_attached_is_an_error() {
        let cases = [
            ("Ann lives opposite the cat owner.", "opposite"),
            ("If Ann has a cat, Bob drinks tea.", "If"),
            ("Ann lives above Bob.", "above"),
            ("Ann has two cats.", "two"),
        ];
        for (text, word) in cases {
            assert_eq!(
                read(text),
                Err(ReadErrorKind::UnknownForm { words: word.into() }),
                "{text}"
            );
        }
        assert!(matches!(
            read("Ann is not directly left of Bob."),
            Err(ReadErrorKind::UnattachedNegation { .. })
        ));
        assert!(matches!(
            read("Ann is not, not Bob."),
            Err(ReadErrorKind::UnattachedNegation { .. })
        ));
        assert_eq!(
            read("Ann is next to the person who keeps a cow."),
            Err(ReadErrorKind::UnknownValue {
                words: "keeps cow".into()
            })
        );
        assert!(matches!(
            read("The middle house is Ann's."),
            Err(ReadErrorKind::NoMiddle { positions: 4 })
        ));
        let lex = lexicon();
        let w = words("Ann likes tea and Bob likes milk");
        let s = scan(&lex, &w, ROW).unwrap();
        assert!(s.syms.iter().any(|x| x.0 == Sym::And));
        assert!(s.meaning(&w, ROW).is_err());
    }

    #[test]
    fn a_term_holds_the_words_of_its_phrase() {
        let lex = lexicon();
        let w = words("The person who has a cat is directly left of the tea drinker.");
        let s = scan(&lex, &w, ROW).unwrap();
        let phrase = |t: usize| {
            let t = &s.terms[t];
            (
                w[t.before..t.start]
                    .iter()
                    .map(|w| w.text)
                    .collect::<Vec<_>>()
                    .join(" "),
                w[t.end..t.after]
                    .iter()
                    .map(|w| w.text)
                    .collect::<Vec<_>>()
                    .join(" "),
            )
        };
        assert_eq!(phrase(0), ("The person who has a".into(), String::new()));
        assert_eq!(phrase(1), ("the".into(), "drinker".into()));
        let w = words("Bob is the person whose mother's name is Ann.");
        let s = scan(&lex, &w, ROW).unwrap();
        let t = &s.terms[1];
        assert_eq!(t.before, 2);
    }
}
