//! Reading a sentence by meaning: its terms (the values it names, found
//! by the [`Lexicon`], and the places: "the third house", "house 3",
//! "the leftmost house"), then the few words that carry a relation, a
//! negation or a count, a closed list (the [module docs](super) list it,
//! [`scan`] reads it); every other word is filler, whatever it is. The terms and those words, in order, make
//! the sentence's skeleton ("T not next-to T"), and the skeleton says the
//! relation.
//!
//! Words that carry a relation the reader does not know ("opposite",
//! "above", "if", "both", …: [`UNSUPPORTED`]) make the sentence an error,
//! never filler, and so does a negation that cannot be attached to the
//! relation read.

use super::error::ReadErrorKind;
use super::lexicon::{Found, LIGHT, Lexicon};
use super::vocabulary::Relation;
use super::words::{Word, cardinal, ordinal};

/// The most words a clue or question may have (the reader's work is
/// quadratic in it at worst).
pub(crate) const MAX_WORDS: usize = 256;

/// Words that carry a relation, a quantity or a condition the reader does
/// not know: a sentence with one of them is an error naming it.
pub(crate) const UNSUPPORTED: &[&str] = &[
    "opposite",
    "across",
    "facing",
    "front",
    "behind",
    "above",
    "below",
    "under",
    "beneath",
    "over",
    "before",
    "after",
    "near",
    "nearer",
    "nearest",
    "close",
    "closer",
    "closest",
    "farthest",
    "furthest",
    "beyond",
    "past",
    "toward",
    "towards",
    "around",
    "within",
    "inside",
    "outside",
    "than",
    "more",
    "less",
    "fewer",
    "most",
    "least",
    "older",
    "younger",
    "taller",
    "shorter",
    "higher",
    "lower",
    "bigger",
    "smaller",
    "larger",
    "earlier",
    "later",
    "if",
    "unless",
    "then",
    "when",
    "whenever",
    "while",
    "although",
    "though",
    "because",
    "but",
    "except",
    "besides",
    "both",
    "all",
    "every",
    "everyone",
    "everybody",
    "nobody",
    "none",
    "someone",
    "somebody",
    "anyone",
    "anybody",
    "some",
    "any",
    "each",
    "other",
    "another",
    "east",
    "west",
    "north",
    "south",
    "eastern",
    "western",
    "northern",
    "southern",
    "up",
    "down",
    "upstairs",
    "downstairs",
    "top",
    "bottom",
    "floor",
    "clockwise",
    "counterclockwise",
    "anticlockwise",
    "circle",
    "even",
    "odd",
    "together",
    "alone",
    "only if",
    "twice",
    "half",
    "penultimate",
    // Words that deny or doubt what the sentence says of its terms.
    "without",
    "non",
    "false",
    "untrue",
    "wrong",
    "allergic",
    "hate",
    "hates",
    "dislike",
    "dislikes",
    "want",
    "wants",
    "wish",
    "wishes",
    "need",
    "needs",
    "lack",
    "lacks",
    "avoid",
    "avoids",
    "fear",
    "fears",
    "refuse",
    "refuses",
    "stopped",
    "quit",
    "used",
    "formerly",
    "seldom",
    "hardly",
    "rarely",
    "might",
    "may",
    "could",
    "would",
    "should",
    "must",
    "maybe",
    "perhaps",
    "probably",
    "possibly",
    "likely",
    "unlikely",
    "instead",
    "rather",
    "unrelated",
    "related",
    "jealous",
    // Relations of place the reader does not know.
    "precede",
    "precedes",
    "preceding",
    "preceded",
    "follow",
    "follows",
    "followed",
    "alongside",
    "adjoin",
    "adjoins",
    "adjoining",
    "border",
    "borders",
    "bordering",
    "separated",
    "separately",
    "diagonal",
    "diagonally",
    "prior",
    "senior",
    "junior",
];

/// The words the scan's rules read (the closed list, and the words they
/// read in company): a word not among them, and no number, is filler.
const READ: &[&str] = &[
    "not",
    "never",
    "cannot",
    "doesnt",
    "isnt",
    "dont",
    "wont",
    "cant",
    "arent",
    "wasnt",
    "werent",
    "hasnt",
    "havent",
    "didnt",
    "starting",
    "numbering",
    "no",
    "one",
    "a",
    "an",
    "left",
    "right",
    "most",
    "next",
    "beside",
    "adjacent",
    "neighbor",
    "neighbors",
    "neighbour",
    "neighbours",
    "neighboring",
    "neighbouring",
    "between",
    "and",
    "or",
    "either",
    "neither",
    "nor",
    "end",
    "ends",
    "edge",
    "edges",
    "same",
    "different",
    "distinct",
    "immediately",
    "directly",
    "immediate",
    "just",
    "exactly",
    "somewhere",
    "anywhere",
    "further",
    "farther",
    "in",
    "order",
    "away",
    "apart",
    "each",
    "side",
    "though",
    "although",
    "but",
    "last",
    "middle",
    "center",
    "centre",
    "leftmost",
    "rightmost",
    "far",
    "number",
    "only",
    "than",
    "counting",
    "from",
    "behind",
    "ahead",
    "front",
    "separates",
    "separate",
    "separating",
];

/// Whether the scan's rules may read `key`: one of [`READ`], a place,
/// a word the reader does not know the meaning of, a number or an
/// ordinal.
fn scanned(key: &str) -> bool {
    static WORDS: std::sync::OnceLock<rustc_hash::FxHashSet<&'static str>> =
        std::sync::OnceLock::new();
    let words = WORDS.get_or_init(|| {
        READ.iter()
            .chain(PLACES)
            .chain(COUNTED)
            .chain(UNSUPPORTED)
            .chain(super::words::CARDINALS)
            .chain(super::words::ORDINALS)
            .copied()
            .collect()
    });
    words.contains(key) || key.bytes().next().is_some_and(|b| b.is_ascii_digit())
}

/// Words for a place of the row, after an ordinal or before a number.
const PLACES: &[&str] = &[
    "house",
    "position",
    "place",
    "spot",
    "seat",
    "door",
    "home",
    "room",
    "slot",
    "location",
    "chair",
    "plot",
    "cottage",
    "stall",
    "space",
    "booth",
    "desk",
    "locker",
    "cabin",
    "apartment",
    "flat",
    "bay",
    "lane",
    "table",
    "bench",
    "shop",
    "store",
    "tent",
    "building",
];

/// Words for what a count counts ("one house between", "two people").
const COUNTED: &[&str] = &[
    "house",
    "houses",
    "position",
    "positions",
    "place",
    "places",
    "spot",
    "spots",
    "seat",
    "seats",
    "door",
    "doors",
    "home",
    "homes",
    "room",
    "rooms",
    "person",
    "people",
    "persons",
    "individual",
    "individuals",
    "one",
    "ones",
    "space",
    "spaces",
    "stall",
    "stalls",
    "slot",
    "slots",
    "chair",
    "chairs",
    "customer",
    "customers",
    "guest",
    "guests",
];

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

fn is(words: &[Word<'_>], i: usize, set: &[&str]) -> bool {
    words.get(i).is_some_and(|w| set.contains(&&*w.key))
}

fn key<'a>(words: &'a [Word<'_>], i: usize) -> &'a str {
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
fn number(words: &[Word<'_>], i: usize) -> Option<usize> {
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
    scan_found(words, row, lexicon.values_with(words, weak))
}

/// [`scan`] with the values of `words` found already.
pub(crate) fn scan_found(
    words: &[Word<'_>],
    row: Row,
    mut values: Vec<Found>,
) -> Result<Skeleton, ReadErrorKind> {
    if words.len() > MAX_WORDS {
        return Err(ReadErrorKind::TooLong { limit: MAX_WORDS });
    }
    // A number or an ordinal beside a place's word or what it counts is
    // a place or a count, not a value ("house 3", "house two", "3
    // houses", "the first house", "the middle seat").
    values.retain(|f| {
        let placing = words[f.start..f.end].iter().all(|w| {
            cardinal(&w.key).is_some()
                || ordinal(&w.key).is_some()
                || matches!(&*w.key, "last" | "middle" | "center" | "centre")
        });
        !(placing
            && (is(words, f.start.wrapping_sub(1), PLACES)
                || is(words, f.start.wrapping_sub(1), &["number"])
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
        if let Some(f) = next_value.peek()
            && f.start == i
        {
            push_term(&mut terms, &mut syms, Named::Value(f.entry), f.start, f.end);
            i = f.end;
            next_value.next();
            continue;
        }
        let k = key(words, i);
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
        // "further left than": the comparison says nothing more.
        if k == "than" && matches!(key(words, i.wrapping_sub(1)), "left" | "right" | "behind") {
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
        // A place: its number, how many words say it.
        let place: Option<(usize, usize)> = if let Some(n) = ordinal(k) {
            // "the 3rd house", "third from the right".
            let mut len = 1 + usize::from(is(words, i + 1, PLACES));
            let mut from_left = None;
            // "third from the right", "the first seat, counting from the
            // left".
            if matches!(key(words, i + len), "counting" | "starting" | "numbering")
                && key(words, i + len + 1) == "from"
            {
                len += 1;
            }
            if key(words, i + len) == "from" {
                let side = i + len + 1 + usize::from(key(words, i + len + 1) == "the");
                match key(words, side) {
                    "left" => {
                        len = side + 1 - i;
                        from_left = Some(n);
                    }
                    "right" => {
                        len = side + 1 - i;
                        from_left = Some((row.positions + 1).saturating_sub(n));
                    }
                    _ => {}
                }
            }
            // Counted from the left: the place's number in the row's own
            // numbering. Unsaid: the number written.
            let n = match from_left {
                Some(k) if row.flipped => (row.positions + 1).saturating_sub(k),
                Some(k) => k,
                None => n,
            };
            Some((n, len))
        } else if k == "last" {
            Some((row.positions, 1 + usize::from(is(words, i + 1, PLACES))))
        } else if matches!(k, "middle" | "center" | "centre") {
            if row.positions.is_multiple_of(2) {
                return Err(ReadErrorKind::NoMiddle {
                    positions: row.positions,
                });
            }
            Some((
                row.positions.div_ceil(2),
                1 + usize::from(is(words, i + 1, PLACES)),
            ))
        } else if k == "leftmost"
            || (k == "left" && key(words, i + 1) == "most" && words[i + 1].glued)
        {
            let len = if k == "left" { 2 } else { 1 };
            Some((
                row.leftmost(),
                len + usize::from(is(words, i + len, PLACES)),
            ))
        } else if k == "rightmost"
            || (k == "right" && key(words, i + 1) == "most" && words[i + 1].glued)
        {
            let len = if k == "right" { 2 } else { 1 };
            Some((
                row.rightmost(),
                len + usize::from(is(words, i + len, PLACES)),
            ))
        } else if k == "far" && matches!(key(words, i + 1), "left" | "right") {
            let n = if key(words, i + 1) == "left" {
                row.leftmost()
            } else {
                row.rightmost()
            };
            Some((n, 2))
        } else if matches!(k, "left" | "right") && matches!(key(words, i + 1), "end" | "edge") {
            let n = if k == "left" {
                row.leftmost()
            } else {
                row.rightmost()
            };
            Some((n, 2 + usize::from(is(words, i + 2, PLACES))))
        } else if PLACES.contains(&k) || k == "number" {
            // "house 3", "house number 3", "position #3".
            let at = i + 1 + usize::from(k != "number" && key(words, i + 1) == "number");
            number(words, at)
                .filter(|_| words[at].key != "one" || !is(words, at + 1, &["of"]))
                .map(|n| (n, at + 1 - i))
        } else {
            None
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
                // "one of the ends".
                let at = i + 2 + usize::from(key(words, i + 2) == "the");
                if matches!(key(words, at), "ends" | "edges" | "end" | "edge") {
                    sym(Sym::End, at + 1 - i)
                } else {
                    None
                }
            }
            "one" | "a" | "an"
                if is(words, i + 1, COUNTED) && key(words, i + 1) != "one" && {
                    // "one house between", "one person stands between",
                    // "a house between"; not "a person who".
                    let after = i + 2;
                    between_soon(words, after)
                        || (k == "one"
                            && matches!(
                                key(words, after),
                                "away" | "apart" | "to" | "left" | "right"
                            ))
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
            // "next" alone: "Next, …", "the next house".
            "next" => None,
            "beside" | "adjacent" | "neighbor" | "neighbors" | "neighbour" | "neighbours"
            | "neighboring" | "neighbouring" => sym(Sym::Next, 1),
            "between" => sym(Sym::Between, 1),
            "and" => sym(Sym::And, 1),
            "or" => sym(Sym::Or, 1),
            "either" if matches!(key(words, i + 1), "end" | "edge") => sym(Sym::End, 2),
            "either" if key(words, i + 1) == "order" => sym(Sym::AnyOrder, 2),
            "either" => sym(Sym::Either, 1),
            "neither" => sym(Sym::Neither, 1),
            "nor" => sym(Sym::Nor, 1),
            "ends" | "edges" => sym(Sym::End, 1),
            "end" | "edge" if matches!(key(words, i.wrapping_sub(1)), "an" | "one" | "either") => {
                sym(Sym::End, 1)
            }
            "same" => sym(Sym::Same, 1),
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
            Some((s, len)) => {
                syms.push((s, i, i + len));
                i += len;
            }
            None => {
                let unknown_number = number(words, i).is_some() && k != "one";
                if k == "only" && key(words, i + 1) == "if" {
                    unsupported.push((i, i + 2));
                    i += 2;
                    continue;
                }
                // Words significant only next to others ("one of the ends",
                // "in that order", "far left") carry a meaning of their
                // own alone ("the end", "far from").
                let significant_alone = matches!(
                    k,
                    "end" | "edge" | "far" | "front" | "ahead" | "left" | "right" | "next"
                ) || (matches!(k, "different" | "distinct") && !value_next);
                if UNSUPPORTED.contains(&k) || unknown_number || significant_alone {
                    unsupported.push((i, i + 1));
                }
                i += 1;
            }
        }
    }
    let mut skeleton = Skeleton {
        terms,
        syms,
        unsupported,
    };
    skeleton.extend_terms(words);
    Ok(skeleton)
}

/// Verbs that end a term's phrase unless a relative clause ("who is",
/// "whose name is") holds them.
const CLAUSE_VERBS: &[&str] = &[
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
    fn symbols(&self) -> Vec<Sym> {
        self.syms.iter().map(|s| s.0).collect()
    }
}

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
        };
        pending = None;
        // "next-door neighbours": one relation said twice.
        if folded == S::Next && out.last() == Some(&S::Next) {
            continue;
        }
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
        other => other,
    }
}

/// Words as written, joined by spaces.
pub(crate) fn text(words: &[Word<'_>]) -> String {
    super::words::joined(words)
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
        if !self.unsupported.is_empty() {
            let named: Vec<String> = self
                .unsupported
                .iter()
                .map(|&(s, e)| text(&words[s..e]))
                .collect();
            return Err(ReadErrorKind::UnknownForm {
                words: named.join(", "),
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
            matches!(term.named, Named::Place(_))
                && at > 0
                && matches!(&*words[at - 1].key, "in" | "at" | "on")
        };
        let relating = |part: &[Sym]| {
            part.iter()
                .any(|s| !matches!(s, Sym::Term(_) | Sym::Not | Sym::And))
                // "… and in seat 2": a place says where.
                || matches!(part, [p] if place(p))
        };
        for (i, sym) in all.iter().enumerate() {
            if *sym != Sym::And {
                continue;
            }
            let (left, right) = (&all[..i], &all[i + 1..]);
            let Some(&Sym::Term(subject)) = left.first() else {
                continue;
            };
            if !relating(left) || !relating(right) {
                continue;
            }
            let mut right = right.to_vec();
            if !matches!(right.first(), Some(Sym::Term(_)))
                || matches!(right.as_slice(), [p] if place(p))
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
        let read = fold_qualifiers(&rest).and_then(|s| relation(&s, owned, same));
        let Some((mut rel, mut order)) = read else {
            return Err(self.why_not(words, &rest));
        };
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
                .and_then(|s| relation(&s, |_| true, |_, _| false))
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
