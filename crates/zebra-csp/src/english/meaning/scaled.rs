//! Words read against a scale (see [`Scale`]): comparisons ("after",
//! "more … than") as sides of the row, amounts in the scale's unit ("4
//! years") as counts of places, the grid puzzles' own sentences ("Of A and
//! B, one …", "all different"), their filler ("will", "sold"), and the
//! words a scale cannot place, which are errors, never filler.

use super::Row;
use super::Sym;
use super::scan::{key, number};
use crate::english::lexicon::Found;
use crate::english::scale::Scale;
use crate::english::words::Word;

/// Words that compare or order two people in a way the scale does not say
/// the direction of, or not exactly ("A preceded B", "A outpolled B", "A
/// got almost as many as B", "double what B paid"): never filler, or the
/// sentence would read as an identity.
fn ordering_word(k: &str, next: &str) -> bool {
    // "outpolled", "outspent", "overpaid", "underbid" (not "outing",
    // "outdoor", "overall", "understood").
    let out_verb = (k.starts_with("out") && k.len() >= 6)
        || (k.starts_with("over") && k.len() >= 7)
        || (k.starts_with("under") && k.len() >= 8);
    // "as many as", "as much as", "as high as".
    let as_much = k == "as"
        && matches!(
            next,
            "many"
                | "much"
                | "high"
                | "long"
                | "old"
                | "large"
                | "big"
                | "far"
                | "tall"
                | "heavy"
                | "little"
                | "few"
                | "early"
                | "late"
                | "fast"
                | "good"
        );
    (out_verb && !NOT_ORDERING.contains(&k))
        || as_much
        || ((k.starts_with("pre") || k.starts_with("post") || k.starts_with("ante"))
            && (k.ends_with("dates") || k.ends_with("dated")))
        || matches!(
            k,
            "prior"
                | "preceded"
                | "precede"
                | "precedes"
                | "preceding"
                | "followed"
                | "follow"
                | "follows"
                | "succeeded"
                | "beat"
                | "beats"
                | "bested"
                | "bettered"
                | "trumped"
                | "trounced"
                | "defeated"
                | "dominated"
                | "crushed"
                | "routed"
                | "against"
                | "topped"
                | "tops"
                | "led"
                | "leads"
                | "undercut"
                | "undercuts"
                | "overtook"
                | "overtakes"
                | "eclipsed"
                | "edged"
                | "lagged"
                | "matched"
                | "matches"
                | "exceeded"
                | "exceeds"
                | "surpassed"
                | "trailed"
                | "trails"
                | "trailing"
                | "faster"
                | "slower"
                | "better"
                | "worse"
                | "best"
                | "worst"
                | "earliest"
                | "latest"
                | "previous"
                | "farther"
                | "further"
                | "closer"
                | "nearer"
                | "higher"
                | "lower"
                | "almost"
                | "nearly"
                | "roughly"
                | "approximately"
                | "double"
                | "doubled"
                | "twice"
                | "triple"
                | "tripled"
                | "thrice"
                | "half"
                | "halved"
                | "fraction"
                | "elder"
                | "eldest"
                | "senior"
                | "junior"
                | "advance"
                | "ahead"
                | "behind"
        )
}

/// Words of "out", "over" and "under" that order nothing.
const NOT_ORDERING: &[&str] = &[
    "outing",
    "outings",
    "outdoor",
    "outdoors",
    "outside",
    "outskirts",
    "outlet",
    "outlets",
    "outfit",
    "outfits",
    "output",
    "outfield",
    "outlook",
    "outline",
    "outcome",
    "outback",
    "outpost",
    "outbreak",
    "outreach",
    "outset",
    "overall",
    "overseas",
    "overnight",
    "overhead",
    "overview",
    "underground",
    "underwater",
    "understand",
    "understood",
    "undergraduate",
];

/// What words read against a scale are.
pub(super) enum Scaled {
    /// A symbol of the skeleton, and how many words say it.
    Sym(Sym, usize),
    /// Words that say nothing.
    Filler(usize),
    /// Words that carry a meaning the reader does not know there.
    Unknown(usize),
}

/// What the words at `i` say of a row that is a scale (see [`Scale`]): a
/// comparison ("after", "more … than": towards larger amounts), a
/// distance in the scale's amounts ("4 years" before "before") as a count
/// of places, "Of A and B, one … and the other …", filler the scale's
/// puzzles write ("will", "some time", "all" and a count before
/// "different"), or words it cannot read there ("somewhat" before no
/// comparison it knows).
pub(super) fn scaled(
    scale: &Scale,
    words: &[Word<'_>],
    i: usize,
    syms: &[(Sym, usize, usize)],
    values: &[Found],
    row: Row,
) -> Option<Scaled> {
    let k = key(words, i);
    let (larger, smaller) = if row.flipped {
        (Sym::Left, Sym::Right)
    } else {
        (Sym::Right, Sym::Left)
    };
    let value_at = |j: usize| values.iter().any(|f| f.start <= j && j < f.end);
    // "higher up", "lower down": a place above or below, which a depth
    // counts the other way.
    if matches!(k, "higher" | "lower") && matches!(key(words, i + 1), "up" | "down") {
        return Some(Scaled::Unknown(2));
    }
    if !value_at(i) && scale.comparative(k).is_some() {
        // "more expensive than", "25 more people than": "than" completes
        // it, and the words between must name what the scale counts ("2
        // more apples than" of a scale of prices compares apples).
        let mut j = i + 1;
        while j < words.len()
            && j < i + 4
            && !value_at(j)
            && !matches!(
                key(words, j),
                "than" | "and" | "or" | "not" | "either" | "neither"
            )
        {
            j += 1;
        }
        let than = key(words, j) == "than";
        let between = if than { &words[i + 1..j] } else { &[][..] };
        if !between.iter().all(|w| scale.names_amount(&w.key)) {
            return Some(Scaled::Unknown(j + 1 - i));
        }
        // Beside another category of amounts or days ("picked more apples
        // than", "shopped earlier in the week than"), a comparison it
        // takes too is the scale's only with an amount of the scale's unit
        // just before it, or its noun after it ("more votes than").
        let counted = syms
            .last()
            .is_some_and(|&(s, _, end)| matches!(s, Sym::Count(_)) && end == i);
        let Some(up) = scale.comparison(k, counted || !between.is_empty()) else {
            return Some(Scaled::Unknown(1));
        };
        let len = if than { j + 1 - i } else { 1 };
        return Some(Scaled::Sym(if up { larger } else { smaller }, len));
    }
    // An amount before a comparison ("4 years before", "$5 more"); not a
    // value said apart from it ("paid $30, less than": $30, and less).
    if let Some((places, len)) = scale.places_at(words, i)
        && scale.comparative(key(words, i + len)).is_some()
        && !(value_at(i) && words[i + len - 1].pause)
    {
        // "2 fewer yards than" of a scale of feet: the unit comes after.
        if scale.foreign_unit(key(words, i + len + 1)) {
            return Some(Scaled::Unknown(len + 2));
        }
        return Some(Scaled::Sym(Sym::Count(places), len));
    }
    // "2.99 years before", "a year before" of 3-year steps: an amount the
    // scale cannot place, never "sometime before".
    let numeric = k.bytes().any(|b| b.is_ascii_digit()) || number(words, i).is_some();
    if !value_at(i)
        && (numeric || matches!(k, "a" | "an"))
        && (1..=3).any(|d| scale.comparative(key(words, i + d)).is_some())
    {
        return Some(Scaled::Unknown(1));
    }
    if value_at(i) {
        return None;
    }
    let terms_so_far = syms.iter().filter(|s| matches!(s.0, Sym::Term(_))).count();
    match k {
        // "up to 6 years", "at least", "at most": bounds, no amount.
        "up" if key(words, i + 1) == "to" => Some(Scaled::Unknown(2)),
        // "lost to", "fell to": a contest, no identity.
        "lost" | "lose" | "loses" | "fell" | "falls" if key(words, i + 1) == "to" => {
            Some(Scaled::Unknown(2))
        }
        "at" if matches!(key(words, i + 1), "least" | "most") => Some(Scaled::Unknown(2)),
        // Verbs of what the grid's values are: "the insect that sold for
        // $45", "the person who used the vegan diet", "won fourth place",
        // "picked up", "asked for"; the future ("will leave").
        "will" | "sold" | "sell" | "sells" | "used" | "uses" | "won" | "asked" | "up" => {
            Some(Scaled::Filler(1))
        }
        "some" if key(words, i + 1) == "time" => Some(Scaled::Filler(2)),
        // "landed short of": a smaller amount (of a contest or of time it
        // would say neither way).
        "short" if key(words, i + 1) == "of" && scale.of_amounts() => Some(Scaled::Sym(smaller, 2)),
        "short" if key(words, i + 1) == "of" => Some(Scaled::Unknown(2)),
        // "somewhat older than": the comparison says it.
        "somewhat"
            if scale.comparative(key(words, i + 1)).is_some()
                || (key(words, i + 1) == "short" && key(words, i + 2) == "of") =>
        {
            Some(Scaled::Filler(1))
        }
        "somewhat" => Some(Scaled::Unknown(1)),
        "prior" if key(words, i + 1) == "to" => Some(Scaled::Sym(smaller, 2)),
        // An order or a contest the scale does not say the way of ("A
        // preceded B", "A beat B" are no identities).
        _ if ordering_word(k, key(words, i + 1)) => Some(Scaled::Unknown(1)),
        // The scale's places have no sides, neighbours, ends, middle or
        // order of their own ("at one end", "side by side", "in that
        // order", "one person separates").
        "left" | "right" | "next" | "beside" | "adjacent" | "neighbour" | "neighbours"
        | "neighbor" | "neighbors" | "between" | "end" | "ends" | "edge" | "edges" | "side"
        | "sides" | "separate" | "separates" | "separated" | "separating" | "middle" | "center"
        | "centre" => Some(Scaled::Unknown(1)),
        "in" if key(words, i + 2) == "order" => Some(Scaled::Unknown(3)),
        "from" if matches!(key(words, i + 1), "left" | "right") => Some(Scaled::Unknown(2)),
        "either" | "both" if matches!(key(words, i + 1), "side" | "sides" | "end" | "ends") => {
            Some(Scaled::Unknown(2))
        }
        // "in that order" (not "the $5.75 order").
        "order"
            if matches!(
                key(words, i.wrapping_sub(1)),
                "that" | "this" | "any" | "either" | "in" | "same" | "reverse" | "given"
            ) =>
        {
            Some(Scaled::Unknown(1))
        }
        // "has nothing to do with": not the same.
        "nothing"
            if [key(words, i + 1), key(words, i + 2), key(words, i + 3)]
                == ["to", "do", "with"] =>
        {
            Some(Scaled::Sym(Sym::Not, 4))
        }
        // "A, B and C are all (three) different dogs".
        "all" if key(words, i + 1) == "different" => Some(Scaled::Sym(Sym::Different, 2)),
        "all"
            if key(words, i + 2) == "different"
                && number(words, i + 1).is_some_and(|n| n == terms_so_far) =>
        {
            Some(Scaled::Sym(Sym::Different, 3))
        }
        _ if key(words, i + 1) == "different"
            && number(words, i).is_some_and(|n| n == terms_so_far && n >= 2) =>
        {
            Some(Scaled::Sym(Sym::Different, 2))
        }
        // "The five resorts are A, B, …": each a different one.
        _ if i == 1
            && key(words, 0) == "the"
            && number(words, i).is_some_and(|n| n == row.positions) =>
        {
            Some(Scaled::Sym(Sym::Different, 2))
        }
        "of" if i == 0 => Some(Scaled::Sym(Sym::Of, 1)),
        "one" if i > 0 && words[i - 1].pause && syms.first().is_some_and(|s| s.0 == Sym::Of) => {
            Some(Scaled::Sym(Sym::One, 1))
        }
        "other"
            if key(words, i.wrapping_sub(1)) == "the" && syms.iter().any(|s| s.0 == Sym::One) =>
        {
            Some(Scaled::Sym(Sym::Other, 1))
        }
        _ => None,
    }
}
