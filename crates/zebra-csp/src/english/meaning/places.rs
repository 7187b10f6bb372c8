//! The places of the row a phrase names: an ordinal ("the third house",
//! "third from the right", "second from the back" of a queue), "last",
//! "the middle", "leftmost", "the far left", "the front" and "the back"
//! of a queue, a place's word and its number ("house 3"), unless the word
//! is a category's noun ("locker 1" of a category of lockers).

use super::closed_words::PLACES;
use super::comparisons::queue_named;
use super::scan::{is, key, number};
use super::{Row, text};
use crate::english::error::ReadErrorKind;
use crate::english::lexicon::Lexicon;
use crate::english::words::{Word, ordinal};

/// The place the words from `i` name, and how many words name it; `None`
/// when they name none. `nouns` says which words are of a category's
/// noun.
///
/// # Errors
///
/// [`ReadErrorKind::NoMiddle`] for the middle of an even row, and
/// [`ReadErrorKind::UnknownForm`] for a place said in a way the reader
/// cannot place ("first to arrive", "first in the queue" where place 1
/// is not its front, "the first seat" where the seats are a category).
pub(super) fn place_at(
    words: &[Word<'_>],
    nouns: &[bool],
    i: usize,
    row: Row,
    lexicon: &Lexicon,
) -> Result<Option<(usize, usize)>, ReadErrorKind> {
    let k = key(words, i);
    // "number 3" is a place unless "number" is a category's ("lucky
    // number 3").
    let place_number = |at: usize| words.get(at).is_some_and(|w| w.key == "number") && !nouns[at];
    // A place: its number, how many words say it.
    // A place counted from an end of a queue ("third from the back").
    let mut from_an_end: Option<usize> = None;
    let place = if let Some(n) = ordinal(k) {
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
        let unknown = |end: usize| ReadErrorKind::UnknownForm {
            words: text(&words[i..end.min(words.len())]),
        };
        // "the first seat" where the seats are a category ("Seats:
        // first, second, third"): its value, or the row's place.
        if len == 2 && category_noun(lexicon, key(words, i + 1)) {
            return Err(unknown(i + 2));
        }
        let mut counted = None;
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
                // "third from the back": counted from an end of the
                // queue, whose front is place 1; no end of a row.
                "front" | "back" if row.queue => {
                    len = side + 1 - i;
                    counted = Some(if key(words, side) == "front" {
                        n
                    } else {
                        (row.positions + 1).saturating_sub(n)
                    });
                }
                "front" | "back" => return Err(unknown(side + 1)),
                _ => {}
            }
        }
        // "first in the queue" is the front only of a queue whose front
        // is place 1.
        if !row.queue
            && key(words, i + len) == "in"
            && (key(words, i + len + 1) == "queue"
                || (key(words, i + len + 1) == "the" && key(words, i + len + 2) == "queue"))
        {
            return Err(unknown(i + len + 3));
        }
        // An ordinal alone is a place when it ends the phrase ("Ann is
        // third", "third in the queue"), not before other words ("first
        // to arrive", "second tallest").
        // ("the second parking space": a place's word after another.)
        let alone =
            len == 1 && from_left.is_none() && counted.is_none() && !is(words, i + 2, PLACES);
        if alone
            && !words[i].stop
            && !words[i].pause
            && !matches!(
                key(words, i + 1),
                "" | "in"
                    | "position"
                    | "place"
                    | "one"
                    | "and"
                    | "or"
                    | "of"
                    | "counting"
                    | "starting"
            )
        {
            return Err(unknown(i + 2));
        }
        if let Some(place) = counted {
            from_an_end = Some(place);
        }
        // Counted from the left: the place's number in the row's own
        // numbering. Unsaid: the number written.
        let n = match from_left {
            Some(k) if row.flipped => (row.positions + 1).saturating_sub(k),
            Some(k) => k,
            None => from_an_end.take().unwrap_or(n),
        };
        Some((n, len))
    } else if k == "last"
        && !row.queue
        && key(words, i + 1) == "in"
        && (key(words, i + 2) == "queue"
            || (key(words, i + 2) == "the" && key(words, i + 3) == "queue"))
    {
        return Err(ReadErrorKind::UnknownForm {
            words: text(&words[i..(i + 4).min(words.len())]),
        });
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
    } else if k == "leftmost" || (k == "left" && key(words, i + 1) == "most" && words[i + 1].glued)
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
    } else if row.queue
        && matches!(k, "front" | "back")
        && key(words, i.wrapping_sub(1)) == "the"
        && (queue_named(words, i + 2) && key(words, i + 1) == "of"
            || key(words, i.wrapping_sub(2)) == "at"
                && (words[i].stop
                    || words[i].pause
                    || matches!(key(words, i + 1), "" | "or" | "and")))
    {
        // "at the front (of the queue)": place 1; "the back": the
        // last.
        let n = if k == "front" { 1 } else { row.positions };
        Some((n, 1 + if queue_named(words, i + 2) { 3 } else { 0 }))
    } else if matches!(k, "left" | "right") && matches!(key(words, i + 1), "end" | "edge") {
        let n = if k == "left" {
            row.leftmost()
        } else {
            row.rightmost()
        };
        Some((n, 2 + usize::from(is(words, i + 2, PLACES))))
    } else if (PLACES.contains(&k) && !category_noun(lexicon, k)) || place_number(i) {
        // "house 3", "house number 3", "house no. 3", "position #3".
        let abbreviated = key(words, i + 1) == "no" && words[i + 1].stop;
        let at =
            i + 1 + usize::from(k != "number" && (key(words, i + 1) == "number" || abbreviated));
        number(words, at)
            .filter(|_| words[at].key != "one" || !is(words, at + 1, &["of"]))
            .map(|n| (n, at + 1 - i))
    } else {
        None
    };
    Ok(place)
}

/// Whether a category's noun has `word` ("Everyone has a different
/// locker: 1, 2, 3"): then "locker 1" is that category's value, not a
/// place of the row.
fn category_noun(lexicon: &Lexicon, word: &str) -> bool {
    let word = crate::english::forms::singular(word);
    lexicon
        .nouns
        .iter()
        .any(|noun| matches!(noun.as_slice(), [only] if *only == word))
}
