//! Which clue lines a reader that sets unread clues aside may set aside:
//! only a line that is a statement of its own, never one that speaks of
//! other clues or of a condition, goes on from another sentence, or is
//! cut short (see [`Reader::skip_unread_clues`](super::Reader::skip_unread_clues)).

use crate::english::words::words;

/// Words of a sentence about other sentences, or of a condition: set
/// aside, it would leave those it qualifies read as plain facts ("Exactly
/// one of the following statements is true.", "The next clue is false.",
/// "Ann lies.", "Suppose …").
const ABOUT_CLUES: &[&str] = &[
    "according",
    "mistaken",
    "wrong",
    "really",
    "kidding",
    "joke",
    "nobody",
    "rightly",
    "correct",
    "incorrect",
    "statement",
    "statements",
    "clue",
    "clues",
    "hint",
    "hints",
    "sentence",
    "sentences",
    "following",
    "previous",
    "preceding",
    "above",
    "below",
    "true",
    "false",
    "truth",
    "truthful",
    "untrue",
    "lie",
    "lies",
    "lying",
    "liar",
    "liars",
    "knight",
    "knights",
    "knave",
    "knaves",
    "suppose",
    "supposing",
    "assume",
    "assuming",
    "if",
    "then",
    "otherwise",
    "unless",
    "except",
    "case",
];

/// Words a sentence that goes on from another opens with ("Or Bob does.").
const CONTINUING: &[&str] = &[
    "or",
    "but",
    "otherwise",
    "unless",
    "and",
    "so",
    "then",
    "therefore",
    "however",
    "also",
    "nor",
    "else",
    "except",
];

/// Words a sentence cut short ends with ("It is not the case that").
const UNFINISHED: &[&str] = &[
    "that", "because", "if", "and", "or", "of", "the", "a", "an", "to", "than", "with", "whether",
    "while", "but", "is", "are",
];

/// Whether a clue line that does not read may speak of other clues:
/// words about clues or of a condition, an opening that goes on from
/// another sentence, or an ending cut short. Such a line is never set
/// aside.
pub(super) fn speaks_of_other_clues(line: &str) -> bool {
    let w = words(line);
    let keys: Vec<&str> = w.iter().map(|w| &*w.key).collect();
    keys.iter().any(|k| ABOUT_CLUES.contains(k))
        || keys.first().is_some_and(|k| CONTINUING.contains(k))
        || keys.last().is_some_and(|k| UNFINISHED.contains(k))
        || line.trim_end().ends_with([':', ',', ';', '-'])
}
