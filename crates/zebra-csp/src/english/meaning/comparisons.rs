//! Comparisons of place in a sentence: "further left than", "further back
//! in the queue than", "nearer the front than", and the ends of a queue
//! they compare with. A comparison is read only where it says what it
//! compares with, and only of places ("than to Bob", "than Bob is to the
//! back" compare distances, which no clue says).

use super::Sym;
use super::scan::key;
use crate::english::words::Word;

/// Whether "than" at `i` only completes the side just read ("further left
/// than", "further back in the queue than"): the skeleton's last word is
/// a side, and only words of the row stand between.
pub(super) fn side_compared(words: &[Word<'_>], syms: &[(Sym, usize, usize)], i: usize) -> bool {
    let Some(&(Sym::Left | Sym::Right, _, end)) = syms.last() else {
        return false;
    };
    end <= i
        && words[end..i]
            .iter()
            .all(|w| matches!(&*w.key, "in" | "the" | "queue" | "line" | "row" | "of"))
}

/// Whether "than" comes at `i`, after words of the row only ("further
/// back in the queue than"): a comparison says what it compares with.
pub(super) fn than_after(words: &[Word<'_>], i: usize) -> bool {
    let mut at = i;
    while matches!(
        key(words, at),
        "in" | "the" | "queue" | "line" | "row" | "of"
    ) {
        at += 1;
    }
    key(words, at) == "than" && compares_places(words, at + 1)
}

/// Whether the words after "than" (from `i`) name whom the comparison is
/// with, and no distance of theirs ("than to Bob", "than Bob is to the
/// back", "than she is" compare distances, which no clue says).
fn compares_places(words: &[Word<'_>], i: usize) -> bool {
    if matches!(
        key(words, i),
        "to" | "she" | "he" | "they" | "it" | "her" | "him" | "them"
    ) {
        return false;
    }
    let rest = &words[i.min(words.len())..];
    let verb = rest
        .iter()
        .position(|w| matches!(&*w.key, "is" | "are" | "was" | "were" | "stands" | "does"));
    !verb.is_some_and(|v| {
        rest[v..].iter().any(|w| {
            matches!(
                &*w.key,
                "to" | "forward" | "forwards" | "back" | "front" | "ahead" | "behind"
            )
        })
    })
}

/// Whether "than" at or after `i` (after words of the row) compares with
/// an end of the queue ("nearer the front than the back"): a place
/// between, which no clue says.
pub(super) fn end_compared(words: &[Word<'_>], i: usize) -> bool {
    let mut at = i;
    while key(words, at) != "than" && !key(words, at).is_empty() {
        at += 1;
    }
    queue_end(words, at + 1).is_some()
}

/// Whether "the queue" or "the line" starts at `i`.
pub(super) fn queue_named(words: &[Word<'_>], i: usize) -> bool {
    key(words, i) == "the" && matches!(key(words, i + 1), "queue" | "line")
}

/// After "nearer" or "closer" at `i - 1`: whether "(to) the front" or
/// "(to) the back" follows (with "of the queue" or "of the line"), and how
/// many words say it.
pub(super) fn queue_end(words: &[Word<'_>], i: usize) -> Option<(bool, usize)> {
    let mut at = i + usize::from(key(words, i) == "to");
    if key(words, at) != "the" {
        return None;
    }
    at += 1;
    let front = match key(words, at) {
        "front" => true,
        "back" => false,
        _ => return None,
    };
    at += 1;
    if key(words, at) == "of" && queue_named(words, at + 1) {
        at += 3;
    }
    Some((front, at - i))
}
