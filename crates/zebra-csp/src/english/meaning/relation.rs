//! From a skeleton to what it says: qualifiers folded into the symbols
//! they qualify, the skeleton matched against the relations' patterns, a
//! negation attached where it may stand, a row numbered from the right
//! mirrored, and a sentence of two relations split.

use super::scan::CLAUSE_VERBS;
use super::{Meaning, Named, Row, Skeleton, Sym, text};
use crate::english::error::ReadErrorKind;
use crate::english::lexicon::LIGHT;
use crate::english::vocabulary::Relation;
use crate::english::words::{Word, cardinal};

/// Words that make a term's phrase a person's ("the person who …",
/// "whoever …", "the cat owner").
pub(super) const PERSON_WORDS: &[&str] = &[
    "person",
    "people",
    "one",
    "who",
    "whoever",
    "whose",
    "whom",
    "someone",
    "somebody",
    "individual",
    "resident",
    "guest",
    "owner",
    "lover",
    "fan",
    "enthusiast",
    "keeper",
    "man",
    "woman",
];

/// Pronouns: after "and", the second relation may be said of one.
const PRONOUNS: &[&str] = &[
    "he",
    "him",
    "his",
    "she",
    "her",
    "hers",
    "they",
    "them",
    "their",
    "theirs",
    "it",
    "its",
    "himself",
    "herself",
    "themselves",
];

/// Verbs that, after a relation's words, bring its subject after them
/// ("… to the left lives B").
const INVERTING_VERBS: &[&str] = &[
    "is", "are", "lives", "live", "stands", "stand", "sits", "sit", "stays", "resides", "works",
    "sleeps", "parks", "was",
];

/// A side with how close: immediately, somewhere, or unsaid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    Left,
    Right,
}

/// Symbols with their qualifiers folded in: `Close Left` is one symbol.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum S {
    T(usize),
    Toward(Side, bool),
    Next,
    Among(bool),
    EitherSideOf,
    And,
    Or,
    Either,
    Neither,
    Nor,
    End,
    Same,
    Different,
    Order(bool),
    AnyOrder,
    Count(usize),
    Away,
}

/// `syms` with qualifiers folded into what they qualify; `None` when a
/// qualifier qualifies nothing.
fn fold_qualifiers(syms: &[Sym]) -> Option<Vec<S>> {
    let mut out = Vec::with_capacity(syms.len());
    let mut pending: Option<Sym> = None;
    for &s in syms {
        let close = match pending {
            Some(Sym::Close) => Some(true),
            Some(Sym::Far) => Some(false),
            _ => None,
        };
        let folded = match s {
            Sym::Close | Sym::Far => {
                if pending.is_some() {
                    return None;
                }
                pending = Some(s);
                continue;
            }
            Sym::Left => S::Toward(Side::Left, close.unwrap_or(false)),
            Sym::Right => S::Toward(Side::Right, close.unwrap_or(false)),
            Sym::Next => {
                if close == Some(false) {
                    return None;
                }
                S::Next
            }
            Sym::Between => S::Among(close.unwrap_or(false)),
            _ if pending.is_some() => return None,
            Sym::Term(t) => S::T(t),
            Sym::EitherSideOf => S::EitherSideOf,
            Sym::Not => unreachable!("negations are counted apart"),
            Sym::And => S::And,
            Sym::Or => S::Or,
            Sym::Either => S::Either,
            Sym::Neither => S::Neither,
            Sym::Nor => S::Nor,
            Sym::End => S::End,
            Sym::Same => S::Same,
            Sym::Different => S::Different,
            Sym::Order(reversed) => S::Order(reversed),
            Sym::AnyOrder => S::AnyOrder,
            // Merged into the order it says by the caller; alone it says
            // nothing the reader knows.
            Sym::Direction(_) => return None,
            Sym::Count(n) => S::Count(n),
            Sym::Away => S::Away,
            // Read whole by the caller ("Of A and B, one … the other …").
            Sym::Of | Sym::One | Sym::Other => return None,
        };
        pending = None;
        out.push(folded);
    }
    pending.is_none().then_some(out)
}

/// The relation a skeleton (without its negations) says, with its terms
/// in the relation's order; `None` when it says none the reader knows.
/// `owned(t)` says whether term `t` is written with "'s" ("Cid's
/// neighbour").
fn relation(
    syms: &[S],
    owned: impl Fn(usize) -> bool,
    same: impl Fn(usize, usize) -> bool,
    placed: impl Fn(usize) -> bool,
) -> Option<(Relation, Vec<usize>)> {
    use S::*;
    let side = |side: Side, close: bool| match (side, close) {
        (Side::Left, true) => Relation::LeftOf,
        (Side::Left, false) => Relation::SomewhereLeftOf,
        (Side::Right, true) => Relation::RightOf,
        (Side::Right, false) => Relation::SomewhereRightOf,
    };
    Some(match *syms {
        [T(a), T(b)] => (Relation::Same, vec![a, b]),
        [T(a), Same, T(b)] | [T(a), And, T(b), Same] => (Relation::Same, vec![a, b]),
        [T(a), Different, T(b)] | [T(a), And, T(b), Different] => (Relation::NotSame, vec![a, b]),
        // "To B's left lives A", "A is to B's left".
        [T(b), Toward(s, close), T(a)] if owned(b) => (side(s, close), vec![a, b]),
        [T(a), T(b), Toward(s, close)] if owned(b) => (side(s, close), vec![a, b]),
        // "A is (immediately) to the left of B".
        [T(a), Toward(s, close), T(b)] => (side(s, close), vec![a, b]),
        // "A is one house to the left of B".
        [T(a), Count(1), Toward(s, false), T(b)] => (side(s, true), vec![a, b]),
        // "B's left neighbour is A".
        [T(b), Toward(s, false), Next, T(a)] if owned(b) => (side(s, true), vec![a, b]),
        // "A is the left neighbour of B", "A is B's left neighbour".
        [T(a), Toward(s, false), Next, T(b)] => (side(s, true), vec![a, b]),
        [T(a), T(b), Toward(s, false), Next] if owned(b) => (side(s, true), vec![a, b]),
        // "To the left of B is A".
        [Toward(s, close), T(b), T(a)] => (side(s, close), vec![a, b]),
        [T(a), Next, T(b)] | [T(a), And, T(b), Next] | [Next, T(b), T(a)] => {
            (Relation::NextTo, vec![a, b])
        }
        [T(a), T(b), Next] if owned(b) => (Relation::NextTo, vec![a, b]),
        [Count(k), Among(false), T(a), And, T(b)]
        | [Count(k), Among(false), T(a), T(b)]
        | [T(a), And, T(b), Count(k), Among(false)]
        | [T(a), And, T(b), Among(false), Count(k)] => (Relation::HousesBetween(k), vec![a, b]),
        [T(a), Count(k), Away, T(b)] | [T(a), And, T(b), Count(k), Away] if k >= 1 => {
            (Relation::HousesBetween(k - 1), vec![a, b])
        }
        [T(a), End] | [End, T(a)] => (Relation::AtAnEnd, vec![a]),
        [T(a), Among(false), T(b), And, T(c)] | [T(a), Among(false), T(b), And, T(c), AnyOrder] => {
            (Relation::Between, vec![a, b, c])
        }
        // "B and C are on either side of A".
        [T(b), And, T(c), EitherSideOf, T(a)] => (Relation::Between, vec![a, b, c]),
        [T(a), Among(false), T(b), And, T(c), Order(false)] => (Relation::InOrder, vec![a, b, c]),
        [T(a), Among(false), T(b), And, T(c), Order(true)] => (Relation::InOrder, vec![a, c, b]),
        // "A is somewhere between B on the left and C on the right".
        [
            T(a),
            Among(false),
            T(b),
            Toward(first, false),
            And,
            T(c),
            Toward(second, false),
        ] if first != second => match first {
            Side::Left => (Relation::InOrder, vec![a, b, c]),
            Side::Right => (Relation::InOrder, vec![a, c, b]),
        },
        // "A is somewhere between B and C, with B further left".
        [
            T(a),
            Among(false),
            T(b),
            And,
            T(c),
            T(d),
            Toward(side, false),
        ] if same(d, b) || same(d, c) => {
            let b_left = same(d, b) == (side == Side::Left);
            if b_left {
                (Relation::InOrder, vec![a, b, c])
            } else {
                (Relation::InOrder, vec![a, c, b])
            }
        }
        // "A, B and C live in that order (from left to right)".
        [T(a), T(b), And, T(c), Order(reversed)] => {
            if reversed {
                (Relation::InOrder, vec![b, c, a])
            } else {
                (Relation::InOrder, vec![b, a, c])
            }
        }
        [T(a), And, T(b), Order(reversed)] => {
            if reversed {
                (Relation::SomewhereRightOf, vec![a, b])
            } else {
                (Relation::SomewhereLeftOf, vec![a, b])
            }
        }
        [T(a), Either, T(b), Or, T(c)] | [T(a), T(b), Or, T(c)] => {
            (Relation::EitherOr, vec![a, b, c])
        }
        [Either, T(b), Or, T(c), T(a)] | [T(b), Or, T(c), T(a)] => {
            (Relation::EitherOr, vec![a, b, c])
        }
        [T(a), Neither, T(b), Nor, T(c)] | [Neither, T(b), Nor, T(c), T(a)] => {
            (Relation::Neither, vec![a, b, c])
        }
        // "Either A or B lives (directly) left of C", "… next to C".
        [Either, T(a), Or, T(b), Toward(s, close), T(c)] => {
            let side = match (s, close) {
                (Side::Left, true) => crate::Side::LeftOf,
                (Side::Left, false) => crate::Side::SomewhereLeftOf,
                (Side::Right, true) => crate::Side::RightOf,
                (Side::Right, false) => crate::Side::SomewhereRightOf,
            };
            (Relation::EitherSide(side), vec![a, b, c])
        }
        [Either, T(a), Or, T(b), Next, T(c)] => {
            (Relation::EitherSide(crate::Side::NextTo), vec![a, b, c])
        }
        // "Either A or B is at one of the ends".
        [Either, T(a), Or, T(b), End] => (Relation::EitherAtAnEnd, vec![a, b]),
        // "Either A or B is in the first house or the third house".
        [Either, T(a), Or, T(b), T(h), Or, T(k)] if placed(h) && placed(k) => {
            (Relation::EitherIn, vec![a, b, h, k])
        }
        _ => return None,
    })
}

/// The relation said with one negation more.
fn negated(relation: Relation) -> Option<Relation> {
    Some(match relation {
        Relation::Same => Relation::NotSame,
        Relation::NotSame => Relation::Same,
        Relation::NextTo => Relation::NotNextTo,
        Relation::NotNextTo => Relation::NextTo,
        Relation::AtAnEnd => Relation::NotAtAnEnd,
        Relation::NotAtAnEnd => Relation::AtAnEnd,
        Relation::EitherOr => Relation::Neither,
        Relation::Between => Relation::NotBetween,
        Relation::NotBetween => Relation::Between,
        _ => return None,
    })
}

/// The relation with left and right swapped (for a row numbered from the
/// right; "in that order" is swapped by its terms).
fn mirrored(relation: Relation) -> Relation {
    match relation {
        Relation::LeftOf => Relation::RightOf,
        Relation::RightOf => Relation::LeftOf,
        Relation::SomewhereLeftOf => Relation::SomewhereRightOf,
        Relation::SomewhereRightOf => Relation::SomewhereLeftOf,
        Relation::EitherSide(side) => Relation::EitherSide(side.mirrored()),
        other => other,
    }
}

impl Skeleton {
    /// What the sentence says: its relation and terms.
    ///
    /// # Errors
    ///
    /// [`ReadErrorKind::UnknownForm`] naming the words that carry a
    /// relation the reader does not know, or the skeleton's words when it
    /// says nothing the reader knows (or a negation it cannot attach);
    /// [`ReadErrorKind::UnknownValue`] when a term is missing where filler
    /// words stand that could name one.
    pub(crate) fn meaning(&self, words: &[Word<'_>], row: Row) -> Result<Meaning, ReadErrorKind> {
        if let Some(err) = self.unsupported_error(words) {
            return Err(err);
        }
        // "Ann owns the cat or Bob does", "… and Bob is too": a clause
        // left to be filled in, which no skeleton says.
        if let Some(last) = words.last()
            && matches!(
                &*last.key,
                "does" | "do" | "did" | "too" | "also" | "is" | "was" | "are" | "has" | "have"
            )
        {
            return Err(ReadErrorKind::UnknownForm {
                words: last.text.to_string(),
            });
        }
        let all = self.symbols();
        let whole = self.read_part(&all, words, row);
        if let Ok(said) = whole {
            return Ok(Meaning {
                terms: self.terms.clone(),
                said: vec![said],
            });
        }
        if let Some(said) = self.several(&all, words, row) {
            return Ok(Meaning {
                terms: self.terms.clone(),
                said,
            });
        }
        // "A does not live next to B, and they are different people": the
        // relation, and each two of its people different.
        if let Some(said) = self.and_different_people(&all, words, row) {
            return Ok(Meaning {
                terms: self.terms.clone(),
                said,
            });
        }
        // "Neither A nor B lives next to C": the relation, denied of each.
        if let [
            Sym::Neither,
            Sym::Term(a),
            Sym::Nor,
            Sym::Term(b),
            rest @ ..,
        ] = all.as_slice()
            && rest.iter().any(|s| !matches!(s, Sym::Term(_) | Sym::Not))
        {
            let mut first = vec![Sym::Term(*a), Sym::Not];
            first.extend_from_slice(rest);
            let mut second = vec![Sym::Term(*b), Sym::Not];
            second.extend_from_slice(rest);
            if let (Ok(x), Ok(y)) = (
                self.read_part(&first, words, row),
                self.read_part(&second, words, row),
            ) {
                return Ok(Meaning {
                    terms: self.terms.clone(),
                    said: vec![x, y],
                });
            }
        }
        // "A is right of B and left of C": two relations of one subject,
        // each with a word of its own.
        // A place said with "in", "at" or "on" ("… and in the third
        // house"; not "next to the cat owner and house 3").
        let place = |s: &Sym| {
            let &Sym::Term(t) = s else { return false };
            let term = &self.terms[t];
            let mut at = term.start;
            while at > 0 && matches!(&*words[at - 1].key, "the" | "a") {
                at -= 1;
            }
            // "in", "at", "on", or a verb of being there ("… and is
            // fourth in the queue", "… and has locker 1", "… and isn't
            // first").
            let verb = |k: &str| {
                matches!(
                    k,
                    "is" | "isnt"
                        | "has"
                        | "have"
                        | "stands"
                        | "sits"
                        | "lives"
                        | "stays"
                        | "occupies"
                        | "uses"
                        | "use"
                        | "runs"
                        | "run"
                        | "rents"
                        | "parks"
                        | "works"
                )
            };
            let key_at = |k: usize| words.get(k).map_or("", |w| &*w.key);
            matches!(term.named, Named::Place(_))
                && at > 0
                && (matches!(key_at(at - 1), "in" | "at" | "on")
                    || verb(key_at(at - 1))
                    || (key_at(at - 1) == "not" && at > 1 && verb(key_at(at - 2))))
        };
        let relating = |part: &[Sym]| {
            part.iter()
                .any(|s| !matches!(s, Sym::Term(_) | Sym::Not | Sym::And))
                // "… and in seat 2": a place says where ("… and not in
                // seat 2": where not).
                || matches!(part, [p] | [Sym::Not, p] if place(p))
        };
        // "A is the cat owner and lives next to B": who the subject is,
        // then a relation of it, which opens with its own word (not with
        // a term: "A has a cat and B has a dog" stays refused).
        let identity = |part: &[Sym]| {
            matches!(
                part,
                [Sym::Term(_), Sym::Term(_)] | [Sym::Term(_), Sym::Not, Sym::Term(_)]
            )
        };
        let continues = |part: &[Sym]| !matches!(part.first(), Some(Sym::Term(_)) | None);
        for (i, sym) in all.iter().enumerate() {
            if *sym != Sym::And {
                continue;
            }
            let (left, right) = (&all[..i], &all[i + 1..]);
            let Some(&Sym::Term(subject)) = left.first() else {
                continue;
            };
            let subject_said = relating(left)
                || (identity(left)
                    && (continues(right) || matches!(right, [p] | [Sym::Not, p] if place(p))));
            if !subject_said || !relating(right) {
                continue;
            }
            // The second relation is the subject's only when it is said
            // of the subject: not of a pronoun standing for it ("… and to
            // her left is B" turns it round), nor when the subject is a
            // possessive ("The cat owner's neighbour is A and …": A's).
            let after_and = self.syms[i].2;
            // "… and directly left of that person lives B": the second
            // relation's subject comes after it, behind a verb (not a
            // relative clause's: "… and next to the one who lives …").
            let inverted = (i + 1..all.len())
                .find(|&j| !matches!(all[j], Sym::Term(_) | Sym::Not))
                .is_some_and(|j| {
                    let last_term = (j..all.len()).rev().find_map(|k| match all[k] {
                        Sym::Term(t) => Some(t),
                        _ => None,
                    });
                    let end = last_term.map_or(words.len(), |t| self.terms[t].start);
                    words[self.syms[j].1.min(end)..end]
                        .iter()
                        .take_while(|w| !matches!(&*w.key, "who" | "whoever" | "whose" | "which"))
                        .any(|w| INVERTING_VERBS.contains(&&*w.key))
                });
            if inverted
                || words[after_and..]
                    .iter()
                    .any(|w| PRONOUNS.contains(&&*w.key))
                || {
                    // An "'s" after the subject's value or its own words
                    // ("the cat owner's").
                    let term = &self.terms[subject];
                    let own_end = term.after.max(term.end).min(words.len());
                    words[term.end..own_end]
                        .iter()
                        .chain(words.get(own_end))
                        .any(|w| w.key == "'s")
                }
            {
                continue;
            }
            let mut right = right.to_vec();
            if !matches!(right.first(), Some(Sym::Term(_)))
                || matches!(right.as_slice(), [p] | [Sym::Not, p] if place(p))
            {
                right.insert(0, Sym::Term(subject));
            }
            if let (Ok(a), Ok(b)) = (
                self.read_part(left, words, row),
                self.read_part(&right, words, row),
            ) {
                return Ok(Meaning {
                    terms: self.terms.clone(),
                    said: vec![a, b],
                });
            }
        }
        whole.map(|said| Meaning {
            terms: self.terms.clone(),
            said: vec![said],
        })
    }

    /// What a sentence says in several relations of its terms, when it
    /// says one of these: "A is 8 years before B" or "A is two houses to
    /// the left of B" (so many places on that side: that many apart, and
    /// on that side); "Of A and B, one is X and the other is Y" (A is X
    /// or Y, so is B, and A is not B: X and Y are the two of them); "A, B
    /// and C are all different" (each two not the same). `None` for any
    /// other sentence, or one with a negation.
    fn several(
        &self,
        all: &[Sym],
        words: &[Word<'_>],
        row: Row,
    ) -> Option<Vec<(Relation, Vec<usize>)>> {
        use Sym::{And, Count, Different, Of, One, Other, Term};
        match *all {
            [Term(a), Count(k), side @ (Sym::Left | Sym::Right), Term(b)] if k >= 2 => {
                let apart = [Count(k - 1), Sym::Between, Term(a), And, Term(b)];
                let toward = [Term(a), side, Term(b)];
                Some(vec![
                    self.read_part(&apart, words, row).ok()?,
                    self.read_part(&toward, words, row).ok()?,
                ])
            }
            [Of, Term(a), And, Term(b), One, Term(x), And, Other, Term(y)] => Some(vec![
                (Relation::EitherOr, vec![a, x, y]),
                (Relation::EitherOr, vec![b, x, y]),
                (Relation::NotSame, vec![a, b]),
            ]),
            [ref listed @ .., Term(before), And, Term(last), Different]
            | [Different, ref listed @ .., Term(before), And, Term(last)]
                if listed.iter().all(|s| matches!(s, Term(_))) && !listed.is_empty() =>
            {
                let mut terms: Vec<usize> = listed
                    .iter()
                    .filter_map(|s| match s {
                        Term(t) => Some(*t),
                        _ => None,
                    })
                    .collect();
                terms.extend([before, last]);
                let mut said = Vec::new();
                for (i, &x) in terms.iter().enumerate() {
                    for &y in &terms[i + 1..] {
                        said.push((Relation::NotSame, vec![x, y]));
                    }
                }
                Some(said)
            }
            _ => None,
        }
    }

    /// What "…, and they are (two / three) different people" says after a
    /// relation: the relation, then "not the same" of each two of its
    /// values. `None` unless the sentence ends so and the relation reads.
    fn and_different_people(
        &self,
        all: &[Sym],
        words: &[Word<'_>],
        row: Row,
    ) -> Option<Vec<(Relation, Vec<usize>)>> {
        let and = all.iter().rposition(|s| *s == Sym::And)?;
        let said_after: Vec<&str> = words[self.syms[and].2..].iter().map(|w| &*w.key).collect();
        let count = match said_after.as_slice() {
            ["they", "are", "different", "people" | "persons"] => None,
            ["they", "are", n, "different", "people" | "persons"] => {
                Some(cardinal(n).or_else(|| n.parse().ok())?)
            }
            _ => return None,
        };
        let (relation, order) = self.read_part(&all[..and], words, row).ok()?;
        // Of relations between people apart: not "A is the cat owner, and
        // they are different people", nor "either …, and …".
        if !matches!(
            relation,
            Relation::LeftOf
                | Relation::RightOf
                | Relation::SomewhereLeftOf
                | Relation::SomewhereRightOf
                | Relation::NextTo
                | Relation::NotNextTo
                | Relation::HousesBetween(_)
                | Relation::Between
                | Relation::NotBetween
                | Relation::NotSame
        ) {
            return None;
        }
        let mut people: Vec<usize> = Vec::new();
        for &t in &order {
            let named = self.terms[t].named;
            if matches!(named, Named::Value(_))
                && !people.iter().any(|&p| self.terms[p].named == named)
            {
                people.push(t);
            }
        }
        if people.len() < 2 || count.is_some_and(|n| n != people.len()) {
            return None;
        }
        let mut said = vec![(relation, order)];
        for (i, &a) in people.iter().enumerate() {
            for &b in &people[i + 1..] {
                said.push((Relation::NotSame, vec![a, b]));
            }
        }
        Some(said)
    }

    /// What the symbols `all` say: the relation, its negation applied, and
    /// the terms in its order.
    fn read_part(
        &self,
        all: &[Sym],
        words: &[Word<'_>],
        row: Row,
    ) -> Result<(Relation, Vec<usize>), ReadErrorKind> {
        let negations = all.iter().filter(|s| **s == Sym::Not).count();
        // Where a negation may stand: right after the subject ("A does
        // not live next to B", "A and B are not neighbours"); a negation
        // in a relative clause after the relation ("next to the person
        // who does not …") denies nothing of the relation.
        let subject_end = match all {
            [Sym::Term(_), Sym::And, Sym::Term(_), ..] => 3,
            [Sym::Term(_), ..] => 1,
            _ => usize::MAX,
        };
        let at_subject = all.iter().position(|s| *s == Sym::Not) == Some(subject_end);
        let mut rest: Vec<Sym> = all.iter().copied().filter(|s| *s != Sym::Not).collect();
        // "Reading from right to left, A, B and C come in that order".
        if let Some(d) = rest.iter().position(|s| matches!(s, Sym::Direction(_)))
            && let Some(o) = rest.iter().position(|s| matches!(s, Sym::Order(_)))
            && let (Sym::Direction(reversed), Sym::Order(order)) = (rest[d], rest[o])
        {
            rest[o] = Sym::Order(reversed != order);
            rest.remove(d);
        }
        // "Bob's left", "the cat owner's neighbour": an "'s" after the
        // term, right before the skeleton's next word (not "Bob's house
        // is left of …").
        let owned = |t: usize| {
            self.terms.get(t).is_some_and(|term| {
                let next = self
                    .syms
                    .iter()
                    .map(|&(_, start, _)| start)
                    .filter(|&start| start >= term.end)
                    .min()
                    .unwrap_or(words.len());
                next > term.end && words[next - 1].key == "'s"
            })
        };
        let same = |a: usize, b: usize| {
            matches!(
                (self.terms.get(a), self.terms.get(b)),
                (Some(x), Some(y)) if x.named == y.named
            )
        };
        let placed = |t: usize| {
            self.terms
                .get(t)
                .is_some_and(|term| matches!(term.named, Named::Place(_)))
        };
        let read = fold_qualifiers(&rest).and_then(|s| relation(&s, owned, same, placed));
        let Some((mut rel, mut order)) = read else {
            return Err(self.why_not(words, &rest));
        };
        if let [Sym::Term(a), Sym::Term(b)] = rest[..]
            && let Some(word) = self.unlinked(words, a, b)
        {
            return Err(ReadErrorKind::UnknownForm { words: word });
        }
        // Being in a place is said by a verb of being there ("lives in
        // house 2", "is in the third house", "has locker 1"), or by a
        // place that names the person ("the person in house 2"): not
        // "works in house 2", "was born in house 3", "owns house 1".
        if matches!(rel, Relation::Same | Relation::NotSame)
            && let Some(word) = order.iter().find_map(|&t| self.unplaced(words, t))
        {
            return Err(ReadErrorKind::UnknownForm { words: word });
        }
        // Identity is denied wherever the negation stands ("the person
        // who does not own a cat is Ann").
        let anywhere = matches!(rel, Relation::Same | Relation::NotSame);
        match negations {
            0 => {}
            1 if anywhere || at_subject => match negated(rel) {
                Some(n) => rel = n,
                None => {
                    return Err(ReadErrorKind::UnattachedNegation { words: text(words) });
                }
            },
            _ => {
                return Err(ReadErrorKind::UnattachedNegation { words: text(words) });
            }
        }
        if row.flipped {
            rel = mirrored(rel);
            if rel == Relation::InOrder {
                order.swap(1, 2);
            }
        }
        Ok((rel, order))
    }

    /// Why the skeleton `rest` says nothing: a missing term where words
    /// stand (an unknown value), or the relation's words.
    fn why_not(&self, words: &[Word<'_>], rest: &[Sym]) -> ReadErrorKind {
        // Gaps between the skeleton's words with content words in them.
        let spans: Vec<(usize, usize)> = self
            .syms
            .iter()
            .filter(|s| s.0 != Sym::Not)
            .map(|&(_, s, e)| (s, e))
            .collect();
        let spans = if spans.len() == rest.len() {
            spans
        } else {
            Vec::new()
        };
        let mut bounds = vec![0];
        for &(s, e) in &spans {
            bounds.push(s);
            bounds.push(e);
        }
        bounds.push(words.len());
        for g in 0..=spans.len() {
            let (from, to) = (bounds[2 * g], bounds[2 * g + 1]);
            let content: Vec<&Word<'_>> = words[from.min(to)..to]
                .iter()
                .filter(|w| !LIGHT.contains(&&*w.key) && !CLAUSE_VERBS.contains(&&*w.key))
                .collect();
            if content.is_empty() {
                continue;
            }
            let mut trial = rest.to_vec();
            trial.insert(g, Sym::Term(usize::MAX));
            if fold_qualifiers(&trial)
                .and_then(|s| relation(&s, |_| true, |_, _| false, |_| false))
                .is_some()
            {
                let named: Vec<&str> = content.iter().map(|w| w.text).collect();
                return ReadErrorKind::UnknownValue {
                    words: named.join(" "),
                };
            }
        }
        let significant: Vec<String> = self
            .syms
            .iter()
            .filter(|s| !matches!(s.0, Sym::Term(_)))
            .map(|&(_, s, e)| text(&words[s..e]))
            .collect();
        ReadErrorKind::UnknownForm {
            words: if significant.is_empty() {
                text(words)
            } else {
                significant.join(" … ")
            },
        }
    }

    /// The error naming the words of the skeleton the reader does not know
    /// the meaning of, if it has any.
    pub(crate) fn unsupported_error(&self, words: &[Word<'_>]) -> Option<ReadErrorKind> {
        if self.unsupported.is_empty() {
            return None;
        }
        let named: Vec<String> = self
            .unsupported
            .iter()
            .map(|&(s, e)| text(&words[s..e]))
            .collect();
        Some(ReadErrorKind::UnknownForm {
            words: named.join(", "),
        })
    }
}
