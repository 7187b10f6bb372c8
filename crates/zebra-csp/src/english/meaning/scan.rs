//! The scan: a sentence's words into its terms (values and places) and
//! its skeleton (the words of the closed list, each read as a symbol),
//! and each term's own words around it.

use super::closed_words::{
    COUNTED, DEGREES, OTHER_PEOPLE, PLACES, QUANTITIES, SIDES, UNSUPPORTED, scanned,
};
use super::comparisons::{end_compared, queue_end, side_compared, than_after};
use super::scaled::{Scaled, scaled};
use super::{MAX_WORDS, Named, Row, Skeleton, Sym, TermSpan};
use super::{objects, places};
use crate::english::error::ReadErrorKind;
use crate::english::lexicon::{Found, Lexicon};
use crate::english::words::{Word, cardinal, ordinal};

pub(super) fn is(words: &[Word<'_>], i: usize, set: &[&str]) -> bool {
    words.get(i).is_some_and(|w| set.contains(&&*w.key))
}

pub(super) fn key<'a>(words: &'a [Word<'_>], i: usize) -> &'a str {
    words.get(i).map_or("", |w| &*w.key)
}

/// The length of a hedge at `i` that says nothing ("though not
/// necessarily next to each other", "(not necessarily adjacent)"), if one
/// starts there.
fn hedge(words: &[Word<'_>], i: usize) -> Option<usize> {
    let mut at = i;
    if matches!(key(words, at), "though" | "although" | "but") {
        at += 1;
    }
    if key(words, at) != "not" || key(words, at + 1) != "necessarily" {
        return None;
    }
    at += 2;
    while matches!(
        key(words, at),
        "next"
            | "to"
            | "each"
            | "other"
            | "one"
            | "another"
            | "adjacent"
            | "consecutive"
            | "consecutively"
            | "neighbours"
            | "neighbors"
            | "beside"
            | "side"
            | "by"
            | "in"
            | "immediately"
            | "directly"
            | "houses"
            | "seats"
            | "positions"
            | "places"
    ) {
        at += 1;
    }
    Some(at - i)
}

/// Whether "only" at `i` restricts a relation of place: a word of one
/// within three words after it ("the only one next to"), or within three
/// before it ("next to Bob only").
fn only_of_a_place(words: &[Word<'_>], i: usize) -> bool {
    const PLACING: &[&str] = &[
        "next",
        "beside",
        "adjacent",
        "neighbour",
        "neighbor",
        "neighbours",
        "neighbors",
        "left",
        "right",
        "between",
        "end",
        "ends",
        "behind",
        "ahead",
        "front",
        "in",
        "at",
        "house",
        "position",
        "seat",
        "place",
    ];
    (i + 1..i + 4).any(|j| PLACING.contains(&key(words, j)))
        || (i.saturating_sub(3)..i).any(|j| PLACING.contains(&key(words, j)))
}

/// The index of "end" (or "ends", "edge") after "the two" from `i`
/// ("either of the two end seats"), if there.
fn end_after(words: &[Word<'_>], i: usize) -> Option<usize> {
    let mut at = i;
    while matches!(key(words, at), "the" | "two" | "2") {
        at += 1;
    }
    matches!(key(words, at), "end" | "ends" | "edge" | "edges").then_some(at)
}

/// Whether "between" (or "separate") comes within three words from `i`,
/// with only verbs and "is" before it ("one person stands between").
fn between_soon(words: &[Word<'_>], i: usize) -> bool {
    (i..(i + 4).min(words.len()))
        .take_while(|&j| {
            matches!(
                &*words[j].key,
                "between"
                    | "separate"
                    | "separates"
                    | "is"
                    | "are"
                    | "stands"
                    | "stand"
                    | "sits"
                    | "sit"
                    | "lives"
                    | "live"
                    | "lie"
                    | "lies"
                    | "there"
            )
        })
        .any(|j| matches!(&*words[j].key, "between" | "separate" | "separates"))
}

/// Whether "left" or "right" at `i` names a side: after a word that
/// leads to one ("to the left", "Bob's right", "directly left") or
/// before a word that completes one ("left of", "right neighbour",
/// "left-hand").
fn side_meant(words: &[Word<'_>], i: usize) -> bool {
    matches!(
        key(words, i + 1),
        "of" | "neighbour"
            | "neighbor"
            | "neighbours"
            | "neighbors"
            | "side"
            | "hand"
            | "than"
            | "most"
            | "end"
            | "edge"
    ) || matches!(
        key(words, i.wrapping_sub(1)),
        "the"
            | "to"
            | "on"
            | "at"
            | "'s"
            | "far"
            | "further"
            | "farther"
            | "somewhere"
            | "anywhere"
            | "immediately"
            | "directly"
            | "just"
            | "immediate"
            | "its"
            | "their"
            | "his"
            | "her"
    )
}

/// A number written as digits or a word ("3", "three").
pub(super) fn number(words: &[Word<'_>], i: usize) -> Option<usize> {
    words.get(i).and_then(|w| cardinal(&w.key))
}

/// Scans `words` into terms and a skeleton.
///
/// # Errors
///
/// [`ReadErrorKind::TooLong`] past [`MAX_WORDS`] words;
/// [`ReadErrorKind::NoMiddle`] for "the middle house" of an even row.
pub(crate) fn scan(
    lexicon: &Lexicon,
    words: &[Word<'_>],
    row: Row,
) -> Result<Skeleton, ReadErrorKind> {
    scan_with(lexicon, words, row, false)
}

/// [`scan`], with the values' weak forms too when `weak`.
pub(crate) fn scan_with(
    lexicon: &Lexicon,
    words: &[Word<'_>],
    row: Row,
    weak: bool,
) -> Result<Skeleton, ReadErrorKind> {
    if words.len() > MAX_WORDS {
        return Err(ReadErrorKind::TooLong { limit: MAX_WORDS });
    }
    scan_found(lexicon, words, row, lexicon.values_with(words, weak))
}

/// [`scan`] with the values of `words` found already.
pub(crate) fn scan_found(
    lexicon: &Lexicon,
    words: &[Word<'_>],
    row: Row,
    mut values: Vec<Found>,
) -> Result<Skeleton, ReadErrorKind> {
    if words.len() > MAX_WORDS {
        return Err(ReadErrorKind::TooLong { limit: MAX_WORDS });
    }
    // The words of the categories' nouns ("lucky number", "favourite
    // colour"): not places, not other people.
    let nouns: Vec<bool> = words.iter().map(|w| lexicon.is_noun_word(w)).collect();
    // "number 3" is a place unless "number" is a category's ("lucky
    // number 3").
    let place_number = |at: usize| words.get(at).is_some_and(|w| w.key == "number") && !nouns[at];
    // A number or an ordinal beside a place's word or what it counts is
    // a place or a count, not a value ("house 3", "house two", "3
    // houses", "the first house", "the middle seat").
    values.retain(|f| {
        if lexicon.scale.is_some() {
            // No places: "built in 1683, one …" names 1683.
            return true;
        }
        let placing = words[f.start..f.end].iter().all(|w| {
            cardinal(&w.key).is_some()
                || ordinal(&w.key).is_some()
                || matches!(&*w.key, "last" | "middle" | "center" | "centre")
        });
        !(placing
            && (is(words, f.start.wrapping_sub(1), PLACES)
                || place_number(f.start.wrapping_sub(1))
                || is(words, f.end, COUNTED)))
    });
    let mut terms: Vec<TermSpan> = Vec::new();
    let mut syms: Vec<(Sym, usize, usize)> = Vec::new();
    let mut unsupported = Vec::new();
    let (toward_larger, toward_smaller) = if row.flipped {
        (Sym::Left, Sym::Right)
    } else {
        (Sym::Right, Sym::Left)
    };
    let mut next_value = values.iter().peekable();
    let mut i = 0;
    let push_term =
        |terms: &mut Vec<TermSpan>, syms: &mut Vec<(Sym, usize, usize)>, named, start, end| {
            syms.push((Sym::Term(terms.len()), start, end));
            terms.push(TermSpan {
                named,
                start,
                end,
                before: start,
                after: end,
            });
        };
    while i < words.len() {
        // A value whose first words a place took is no value ("the
        // second house" when a genre is called "house music").
        while next_value.peek().is_some_and(|f| f.start < i) {
            next_value.next();
        }
        if let Some(scale) = &lexicon.scale
            && let Some(read) = scaled(scale, words, i, &syms, &values, row)
        {
            let len = match read {
                Scaled::Sym(sym, len) => {
                    syms.push((sym, i, i + len));
                    len
                }
                Scaled::Filler(len) => len,
                Scaled::Unknown(len) => {
                    unsupported.push((i, i + len));
                    len
                }
            };
            i += len;
            continue;
        }
        if let Some(f) = next_value.peek()
            && f.start == i
        {
            push_term(&mut terms, &mut syms, Named::Value(f.entry), f.start, f.end);
            i = f.end;
            next_value.next();
            continue;
        }
        let k = key(words, i);
        // A negation misspelt ("was't") is no filler: read without it,
        // the sentence would say the opposite.
        if k.ends_with("'t") {
            unsupported.push((i, i + 1));
            i += 1;
            continue;
        }
        if !scanned(k) {
            // Filler: no rule below reads it.
            i += 1;
            continue;
        }
        if k == "each" && key(words, i + 1) == "other" {
            // "next to each other": filler.
            i += 2;
            continue;
        }
        if let Some(len) = hedge(words, i) {
            // "though not necessarily next to each other": a hedge that
            // takes nothing back.
            i += len;
            continue;
        }
        // "further left than", "further back in the queue than": the
        // comparison says nothing more than the side before it.
        if k == "than" && side_compared(words, &syms, i) {
            i += 1;
            continue;
        }
        // "counting from the left": how places are numbered already, or
        // not (a number counted from the other end is not read).
        if matches!(k, "counting" | "starting" | "numbering") && key(words, i + 1) == "from" {
            let side = i + 2 + usize::from(key(words, i + 2) == "the");
            if matches!(key(words, side), "left" | "right") {
                if (key(words, side) == "right") == row.flipped {
                    i = side + 1;
                } else {
                    unsupported.push((i, side + 1));
                    i = side + 1;
                }
                continue;
            }
        }
        // "(reading) from left to right": the order of a list.
        if k == "from"
            && matches!(
                [key(words, i + 1), key(words, i + 2), key(words, i + 3)],
                ["left", "to", "right"] | ["right", "to", "left"]
            )
        {
            syms.push((Sym::Direction(key(words, i + 1) == "right"), i, i + 4));
            i += 4;
            continue;
        }
        let sym = |s: Sym, len: usize| Some((s, len));
        let value_next = next_value.peek().is_some_and(|f| f.start == i + 1);
        // A scale's row has no places of its own to name ("first seen",
        // "room 114").
        let place = match lexicon.scale {
            Some(_) => None,
            None => places::place_at(words, &nouns, i, row, lexicon)?,
        };
        if let Some((n, len)) = place {
            push_term(&mut terms, &mut syms, Named::Place(n), i, i + len);
            i += len;
            continue;
        }
        let read: Option<(Sym, usize)> = match k {
            "not" | "never" | "cannot" | "doesnt" | "isnt" | "dont" | "wont" | "cant" | "arent"
            | "wasnt" | "werent" | "hasnt" | "havent" | "didnt" => sym(Sym::Not, 1),
            "no" if is(words, i + 1, COUNTED) => sym(Sym::Count(0), 2),
            "no" if key(words, i + 1) == "between" => sym(Sym::Count(0), 1),
            "no" => sym(Sym::Not, 1),
            "one" if key(words, i + 1) == "of" && matches!(key(words, i + 2), "the" | "its") => {
                // "one of the ends", "one of the two ends", "one of its
                // ends".
                let at = if key(words, i + 2) == "its" {
                    Some(i + 3)
                        .filter(|&at| matches!(key(words, at), "ends" | "edges" | "end" | "edge"))
                } else {
                    end_after(words, i + 2)
                };
                at.and_then(|at| sym(Sym::End, at + 1 - i))
            }
            "one" | "a" | "an"
                if is(words, i + 1, COUNTED) && key(words, i + 1) != "one" && {
                    // "one house between", "one person stands between",
                    // "a house between"; not "a person who". A distance
                    // before a comparison is one too ("one place further
                    // back than", "one seat behind"), so that it is never
                    // dropped.
                    let after = i + 2;
                    between_soon(words, after)
                        || matches!(
                            key(words, after),
                            "away"
                                | "apart"
                                | "to"
                                | "left"
                                | "right"
                                | "further"
                                | "farther"
                                | "nearer"
                                | "closer"
                        )
                        || (k == "one" && matches!(key(words, after), "behind" | "ahead"))
                } =>
            {
                sym(Sym::Count(1), 2)
            }
            // "one parking space separates".
            "one" | "a" | "an" if is(words, i + 2, COUNTED) && between_soon(words, i + 3) => {
                sym(Sym::Count(1), 3)
            }
            "one" if key(words, i + 1) == "between" => sym(Sym::Count(1), 1),
            "one" => None,
            // Behind is toward larger numbers, whichever side the row is
            // numbered from: mirrored here for the mirroring of a row
            // numbered from the right.
            // "further forward in the queue", "further back": the front
            // is place 1.
            "forward" | "forwards"
                if row.queue
                    && matches!(key(words, i.wrapping_sub(1)), "further" | "farther")
                    && than_after(words, i + 1) =>
            {
                sym(toward_smaller, 1)
            }
            "back"
                if row.queue
                    && matches!(key(words, i.wrapping_sub(1)), "further" | "farther")
                    && than_after(words, i + 1) =>
            {
                sym(toward_larger, 1)
            }
            // "nearer the front (of the queue) than", "closer to the back".
            "nearer" | "closer"
                if row.queue
                    && queue_end(words, i + 1).is_some_and(|(_, len)| {
                        // "… than B", or the sentence's last words ("with
                        // A nearer the front").
                        (than_after(words, i + 1 + len) && !end_compared(words, i + 1 + len))
                            || key(words, i + 1 + len).is_empty()
                    }) =>
            {
                let (front, len) = queue_end(words, i + 1).unwrap_or((true, 0));
                sym(if front { toward_smaller } else { toward_larger }, len + 1)
            }
            "behind" if row.queue => sym(toward_larger, 1),
            "ahead" if row.queue => sym(toward_smaller, 1),
            "in" if row.queue && key(words, i + 1) == "front" => sym(toward_smaller, 2),
            "separates" | "separate" | "separating" => sym(Sym::Between, 1),
            "either" if key(words, i + 1) == "of" && end_after(words, i + 2).is_some() => {
                sym(Sym::End, end_after(words, i + 2).unwrap_or(i) + 1 - i)
            }
            "right"
                if matches!(key(words, i + 1), "next" | "beside")
                    || (row.queue
                        && (matches!(key(words, i + 1), "behind" | "ahead")
                            || (key(words, i + 1) == "in" && key(words, i + 2) == "front"))) =>
            {
                sym(Sym::Close, 1)
            }
            // A side only where a side is meant ("to the left of", "Bob's
            // left neighbour", "directly right of"), not "right by",
            // "right in the middle", "Right, …".
            "left" | "right" if side_meant(words, i) => {
                sym(if k == "left" { Sym::Left } else { Sym::Right }, 1)
            }
            "left" | "right" => None,
            "next" if matches!(key(words, i + 1), "to" | "door") => {
                sym(Sym::Next, 1 + usize::from(key(words, i + 1) == "door"))
            }
            "nextdoor" => sym(Sym::Next, 1),
            // "next" alone: "Next, …", "the next house".
            "next" => None,
            "beside" | "adjacent" | "neighbor" | "neighbors" | "neighbour" | "neighbours"
            | "neighboring" | "neighbouring" => sym(Sym::Next, 1),
            "between" => sym(Sym::Between, 1),
            "and" => sym(Sym::And, 1),
            "or" => sym(Sym::Or, 1),
            // "A and B are on either side of C": C between them.
            "either" | "both"
                if matches!(key(words, i + 1), "side" | "sides") && key(words, i + 2) == "of" =>
            {
                sym(Sym::EitherSideOf, 3)
            }
            "either" if matches!(key(words, i + 1), "end" | "edge") => sym(Sym::End, 2),
            "either" if key(words, i + 1) == "order" => sym(Sym::AnyOrder, 2),
            "either" => sym(Sym::Either, 1),
            // "at neither end": not at an end.
            "neither" if matches!(key(words, i + 1), "end" | "edge") => sym(Sym::Not, 1),
            "neither" => sym(Sym::Neither, 1),
            "nor" => sym(Sym::Nor, 1),
            "ends" | "edges" => sym(Sym::End, 1),
            "end" | "edge"
                if matches!(
                    key(words, i.wrapping_sub(1)),
                    "an" | "one" | "either" | "neither"
                ) =>
            {
                sym(Sym::End, 1)
            }
            // "the same person as", "the same colour as" (a category):
            // one person; "the same street as" says more.
            "same"
                if value_next
                    || matches!(
                        key(words, i + 1),
                        "" | "as" | "person" | "people" | "persons" | "individual" | "one"
                    )
                    || is(words, i + 1, COUNTED)
                    || nouns.get(i + 1) == Some(&true) =>
            {
                sym(Sym::Same, 1)
            }
            "different" | "distinct"
                if matches!(
                    key(words, i + 1),
                    "person" | "people" | "persons" | "individuals" | "from" | "than" | "to" | ""
                ) =>
            {
                let len = 1 + usize::from(matches!(key(words, i + 1), "from" | "than" | "to"));
                sym(Sym::Different, len)
            }
            // "smokes many different blends": a value's own word.
            "different" | "distinct" if value_next => None,
            // "a different pet from", "a different house than": not the
            // same person either.
            "different" | "distinct"
                if (!scanned(key(words, i + 1)) || is(words, i + 1, COUNTED))
                    && matches!(key(words, i + 2), "from" | "than" | "to") =>
            {
                sym(Sym::Different, 3)
            }
            "immediately" | "directly" | "immediate" | "just" | "exactly" => {
                if number(words, i + 1).is_some() || matches!(key(words, i + 1), "a" | "an") {
                    // "exactly one house between": the count says it.
                    None
                } else {
                    sym(Sym::Close, 1)
                }
            }
            "somewhere" | "anywhere" | "further" | "farther" => sym(Sym::Far, 1),
            "in" if matches!(key(words, i + 1), "that" | "this" | "the")
                && key(words, i + 2) == "order" =>
            {
                // "in that order", "… from left to right", "… from right
                // to left".
                let tail = [
                    key(words, i + 3),
                    key(words, i + 4),
                    key(words, i + 5),
                    key(words, i + 6),
                ];
                match tail {
                    ["from", "left", "to", "right"] => sym(Sym::Order(false), 7),
                    ["from", "right", "to", "left"] => sym(Sym::Order(true), 7),
                    _ => sym(Sym::Order(false), 3),
                }
            }
            "side" if key(words, i + 1) == "by" && key(words, i + 2) == "side" => sym(Sym::Next, 3),
            "in" if matches!(key(words, i + 1), "any" | "either")
                && key(words, i + 2) == "order" =>
            {
                sym(Sym::AnyOrder, 3)
            }

            "order" if matches!(key(words, i.wrapping_sub(1)), "any" | "some" | "particular") => {
                sym(Sym::AnyOrder, 1)
            }
            "away" | "apart" => sym(Sym::Away, 1),
            _ => {
                if let Some(n) = number(words, i)
                    && (is(words, i + 1, COUNTED) || between_soon(words, i + 1))
                {
                    sym(Sym::Count(n), 1 + usize::from(is(words, i + 1, COUNTED)))
                } else if let Some(n) = number(words, i)
                    && is(words, i + 2, COUNTED)
                    && between_soon(words, i + 3)
                {
                    // "one parking space separates".
                    sym(Sym::Count(n), 3)
                } else {
                    None
                }
            }
        };
        match read {
            // "next-door neighbours": one relation said twice.
            Some((Sym::Next, len))
                if syms
                    .last()
                    .is_some_and(|&(last, _, end)| last == Sym::Next && end == i) =>
            {
                if let Some(last) = syms.last_mut() {
                    last.2 = i + len;
                }
                i += len;
            }
            // "Ann's only neighbour": at an end too, which no clue says.
            Some((Sym::Next, len)) if key(words, i.wrapping_sub(1)) == "only" => {
                unsupported.push((i - 1, i + len));
                i += len;
            }
            // "to the left of the person next to B": a neighbour of
            // another, which no clue says; not "left-hand neighbour".
            Some((Sym::Next, len))
                if syms.last().is_some_and(|&(last, _, end)| {
                    matches!(last, Sym::Left | Sym::Right)
                        && words[end..i]
                            .iter()
                            .any(|w| !matches!(&*w.key, "hand" | "side" | "door"))
                }) =>
            {
                unsupported.push((i, i + len));
                i += len;
            }
            Some((s, len)) => {
                syms.push((s, i, i + len));
                i += len;
            }
            None => {
                // "…, and they are three different people": a count the
                // sentence's reading checks.
                let counted_people = i >= 3
                    && words.len() == i + 3
                    && key(words, i - 3) == "and"
                    && key(words, i - 2) == "they"
                    && key(words, i - 1) == "are"
                    && key(words, i + 1) == "different"
                    && matches!(key(words, i + 2), "people" | "persons");
                let unknown_number = number(words, i).is_some() && k != "one" && !counted_people;
                if k == "only" && key(words, i + 1) == "if" {
                    unsupported.push((i, i + 2));
                    i += 2;
                    continue;
                }
                // "the only one next to Bob", "next to Bob only": a
                // neighbour and no other, which no clue says ("the one who
                // only drinks water" is filler).
                if k == "only" && only_of_a_place(words, i) {
                    unsupported.push((i, i + 1));
                    i += 1;
                    continue;
                }
                // Words significant only next to others ("one of the ends",
                // "in that order", "far left") carry a meaning of their
                // own alone ("the end", "far from").
                let significant_alone = matches!(
                    k,
                    "end" | "edge" | "far" | "front" | "ahead" | "left" | "right" | "next" | "same"
                ) || (matches!(k, "different" | "distinct") && !value_next)
                    // "It is a lie that …".
                    || (k == "lie" && matches!(key(words, i.wrapping_sub(1)), "a" | "the"))
                    // "lives by": beside; "owned by": the owner.
                    || (k == "by" && is(words, i.wrapping_sub(1), LOCATED))
                    // A distance no count reads: "one further back", "…
                    // than Bob by one place".
                    || (k == "one"
                        && matches!(key(words, i + 1), "further" | "farther" | "nearer" | "closer"))
                    || (k == "by"
                        && (number(words, i + 1).is_some()
                            || matches!(key(words, i + 1), "a" | "an" | "one"))
                        && is(words, i + 2, COUNTED))
                    // "several houses to the left", "well to the left": a
                    // distance the reader does not count.
                    || (QUANTITIES.contains(&k) && (i + 1..i + 4).any(|j| is(words, j, COUNTED)))
                    || (DEGREES.contains(&k) && (i + 1..i + 4).any(|j| is(words, j, SIDES)));
                if objects::traded(lexicon, words, &values, i) {
                    i += 1;
                    continue;
                }
                let reported = objects::knows_another(lexicon, words, &values, i);
                let other_people = OTHER_PEOPLE.contains(&k) && !nouns[i];
                // A word of a category's noun ("copies sold", "end
                // points") names the category.
                // (Only beside another word of a noun: "after" alone is
                // a comparison even where a noun is "after-school
                // activities".)
                let in_a_noun =
                    nouns[i] && (nouns.get(i + 1) == Some(&true) || (i > 0 && nouns[i - 1]));
                if ((UNSUPPORTED.contains(&k) || significant_alone) && !in_a_noun)
                    || unknown_number
                    || reported
                    || other_people
                {
                    unsupported.push((i, i + 1));
                }
                i += 1;
            }
        }
    }
    // "ice tea" when the values are `tea` and `iced tea`: either,
    // misspelt.
    for term in &terms {
        if let Named::Value(entry) = term.named {
            for at in [term.start.wrapping_sub(1), term.end] {
                if words.get(at).is_some_and(|w| lexicon.near_longer(entry, w))
                    && !terms.iter().any(|t| (t.start..t.end).contains(&at))
                {
                    unsupported.push((at, at + 1));
                }
            }
        }
    }
    // "Ann's best friend", "the cat owner's sister": another person, of
    // whom no clue speaks (unless a category is theirs: "whose mother's
    // name is …").
    for j in 1..words.len() {
        if words[j - 1].key != "'s" {
            continue;
        }
        // "Ann's sister", "Ann's best friend", "the cat's favourite
        // person".
        if let Some(kin) =
            (j..(j + 3).min(words.len())).find(|&at| KIN.contains(&&*words[at].key) && !nouns[at])
        {
            unsupported.push((kin, kin + 1));
        }
    }
    let names = terms
        .iter()
        .map(|t| matches!(t.named, Named::Value(e) if lexicon.is_name(e)))
        .collect();
    let mut skeleton = Skeleton {
        terms,
        syms,
        unsupported,
        nouns,
        names,
    };
    skeleton.extend_terms(words);
    Ok(skeleton)
}

/// Nouns of another person related to one ("Ann's sister"), after "'s".
const KIN: &[&str] = &[
    "friend",
    "friends",
    "sister",
    "sisters",
    "brother",
    "brothers",
    "mother",
    "father",
    "parent",
    "parents",
    "son",
    "sons",
    "daughter",
    "daughters",
    "child",
    "children",
    "wife",
    "husband",
    "spouse",
    "partner",
    "cousin",
    "uncle",
    "aunt",
    "niece",
    "nephew",
    "roommate",
    "flatmate",
    "colleague",
    "coworker",
    "boss",
    "employer",
    "employee",
    "vet",
    "doctor",
    "mechanic",
    "teacher",
    "boyfriend",
    "girlfriend",
    "fiance",
    "fiancee",
    "grandmother",
    "grandfather",
    "grandparent",
    "sibling",
    "siblings",
    "twin",
    "guest",
    "visitor",
    "lodger",
    "tenant",
    "landlord",
    "landlady",
    "mate",
    "buddy",
    "pal",
    "enemy",
    "rival",
    "person",
    "human",
    "people",
];

/// Verbs of where someone is: "by" after them is beside ("lives by the
/// mill"), not the doer of a passive ("owned by Ann").
const LOCATED: &[&str] = &[
    "lives", "live", "living", "sits", "sit", "sitting", "stands", "stand", "standing", "stays",
    "stay", "staying", "resides", "reside", "residing", "is", "are", "was", "were", "right",
    "just", "close", "parked", "parks", "located", "situated", "seated",
];

/// Verbs that end a term's phrase unless a relative clause ("who is",
/// "whose name is") holds them.
pub(super) const CLAUSE_VERBS: &[&str] = &[
    "is", "are", "was", "were", "lives", "live", "resides", "reside", "stays", "stay", "sits",
    "sit", "stands", "stand", "does", "do", "did",
];

/// Words that end a relation's phrase after its symbol ("left of", "next
/// to", "different from").
const RELATION_TAILS: &[&str] = &["of", "to", "from", "than", "as", "with", "in"];

/// Words a term's phrase does not end with.
const TRAILING: &[&str] = &[
    "in", "that", "this", "the", "a", "an", "of", "to", "at", "on", "by", "with", "and", "or",
    "who", "whose", "which", "from", "than", "as", "into", "onto", "for",
];

/// Words that open a relative clause inside a term.
const RELATIVE: &[&str] = &["who", "whose", "that", "which"];

impl Skeleton {
    /// Sets each term's own words: as far as the neighbouring words of
    /// the skeleton, stopping at a verb outside a relative clause.
    fn extend_terms(&mut self, words: &[Word<'_>]) {
        let mut taken: Vec<(usize, usize)> = self.syms.iter().map(|&(_, s, e)| (s, e)).collect();
        taken.extend(self.unsupported.iter().copied());
        taken.sort_unstable();
        for t in 0..self.terms.len() {
            let (start, end) = (self.terms[t].start, self.terms[t].end);
            let floor = taken
                .iter()
                .filter(|&&(_, e)| e <= start)
                .map(|&(_, e)| e)
                .max()
                .unwrap_or(0);
            let ceiling = taken
                .iter()
                .filter(|&&(s, _)| s >= end)
                .map(|&(s, _)| s)
                .min()
                .unwrap_or(words.len());
            // Before: back to the floor, unless a verb outside a relative
            // clause stands between.
            let mut before = start;
            while before > floor {
                let w = &*words[before - 1].key;
                // "whose name is", "the person's child is named": the verb
                // is the term's.
                let holds = (floor..before - 1).any(|j| RELATIVE.contains(&&*words[j].key))
                    || matches!(words.get(before).map(|w| &*w.key), Some("named" | "called"));
                if CLAUSE_VERBS.contains(&w) && !holds {
                    break;
                }
                before -= 1;
            }
            // The words of a relation after its symbol ("left of", "next
            // to") are not the term's.
            if taken.iter().any(|&(_, e)| e == before) {
                while before < start && RELATION_TAILS.contains(&&*words[before].key) {
                    before += 1;
                }
            }
            // After: up to the first verb.
            let mut after = end;
            while after < ceiling && !CLAUSE_VERBS.contains(&&*words[after].key) {
                after += 1;
            }
            // A phrase does not end with the words that lead into what
            // follows it ("the singer in that order").
            while after > end && TRAILING.contains(&&*words[after - 1].key) {
                after -= 1;
            }
            // The first term of a sentence that starts with it takes every
            // word before its anchor ("The person's child is named Bella").
            if floor == 0 && !self.syms.iter().any(|&(_, s, _)| s < start) {
                before = 0;
            }
            self.terms[t].before = before;
            self.terms[t].after = after;
        }
    }

    /// The skeleton's symbols.
    pub(super) fn symbols(&self) -> Vec<Sym> {
        self.syms.iter().map(|s| s.0).collect()
    }
}
