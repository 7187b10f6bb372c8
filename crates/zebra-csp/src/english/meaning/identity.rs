//! Whether two terms said to be one are one person, and whether a place
//! said of a value is where the person is: the words between them must
//! say so ("Ann is the cat owner", "lives in house 2"), not another link
//! ("Ann knows the cat owner", "works in house 2").

use super::relation::PERSON_WORDS;
use super::{Named, Skeleton, text};
use crate::english::lexicon::LIGHT;
use crate::english::words::Word;

/// Verbs of being in a place of the row ("lives in", "is at", "has
/// locker 1", "runs stall 3", "stands first").
const PLACING: &[&str] = &[
    "lives",
    "live",
    "living",
    "is",
    "are",
    "was",
    "be",
    "being",
    "isnt",
    "stays",
    "stay",
    "staying",
    "resides",
    "reside",
    "residing",
    "located",
    "found",
    "sits",
    "sit",
    "sitting",
    "seated",
    "stands",
    "stand",
    "standing",
    "occupies",
    "occupy",
    "occupying",
    "has",
    "have",
    "having",
    "runs",
    "run",
    "rents",
    "rent",
    "uses",
    "use",
    "parks",
    "park",
    "parked",
    "placed",
    "put",
    "queues",
    "waits",
    "lined",
    "and",
    "or",
    "nor",
    "either",
    "neither",
    "both",
];

impl Skeleton {
    /// For a place term `t` of an identity, the word before it that is no
    /// verb of being there, if one is ("works" in "works in house 2").
    pub(super) fn unplaced(&self, words: &[Word<'_>], t: usize) -> Option<String> {
        let term = self.terms.get(t)?;
        if !matches!(term.named, Named::Place(_)) {
            return None;
        }
        // Back over the place's own words ("in the house on the far
        // left", "in the parking space 3") and a negation.
        let mut at = term.start;
        while at > 0
            && (matches!(
                &*words[at - 1].key,
                "the"
                    | "in"
                    | "at"
                    | "on"
                    | "inside"
                    | "not"
                    | "never"
                    | "also"
                    | "does"
                    | "do"
                    | "parking"
            ) || super::PLACES.contains(&&*words[at - 1].key)
                || super::PLACES
                    .contains(&crate::english::forms::singular(&words[at - 1].key).as_str()))
        {
            at -= 1;
        }
        let before = at.checked_sub(1).map(|i| &words[i])?;
        let home = words[term.start..term.end]
            .iter()
            .any(|w| matches!(&*w.key, "house" | "houses" | "home"));
        let placing = PLACING.contains(&&*before.key)
            || PERSON_WORDS.contains(&&*before.key)
            || (matches!(&*before.key, "works" | "work" | "sleeps" | "sleep") && !home)
            || before.pause;
        (!placing).then(|| before.text.to_string())
    }

    /// Whether term `t` names a person as a person: by name ("Ann"), or
    /// with a doer's noun after it ("the cat owner", "the tea drinker",
    /// "the rock fan").
    pub(super) fn names_person(&self, words: &[Word<'_>], t: usize) -> bool {
        self.names.get(t) == Some(&true)
            || words.get(self.terms[t].end).is_some_and(|w| {
                PERSON_WORDS.contains(&&*w.key) || w.key.ends_with("er") || w.key.ends_with("or")
            })
    }

    /// For two terms said to be one person (`T T`), the words that say
    /// otherwise, if some do. Between two people, only "is" says they are
    /// one ("Ann is the cat owner"), and after it nothing but the second's
    /// own words: "Ann envies the cat owner" and "Ann is married to the
    /// cat owner" are two people.
    pub(super) fn unlinked(&self, words: &[Word<'_>], a: usize, b: usize) -> Option<String> {
        let first = &self.terms[a];
        let first_person = self.names_person(words, a)
            || words[first.before..first.start]
                .iter()
                .any(|w| PERSON_WORDS.contains(&&*w.key));
        if !self.names_person(words, b) {
            return None;
        }
        // A thing said to be a person's: "The cat belongs to Ann", "… is
        // owned by the tea drinker". Anything else said of a person by
        // someone not marked as one is of two people ("The Dane knows
        // the tea drinker", "The Norwegian admires the milk drinker").
        let to = self.terms[b].start;
        if !first_person
            && (first.end.min(to)..to).all(|j| {
                self.nouns[j]
                    || matches!(
                        &*words[j].key,
                        "belongs"
                            | "belong"
                            | "belonged"
                            | "to"
                            | "owned"
                            | "kept"
                            | "by"
                            | "is"
                            | "was"
                            | "the"
                            | "a"
                            | "an"
                            | "not"
                            | "never"
                            | "also"
                            | "does"
                    )
            })
        {
            return None;
        }
        let (from, to) = (self.terms[a].end, self.terms[b].start);
        if from >= to {
            return None;
        }
        let gap = &words[from..to];
        let Some(copula) = gap.iter().position(|w| {
            matches!(
                &*w.key,
                "is" | "are" | "was" | "were" | "be" | "isnt" | "arent" | "wasnt" | "werent"
            )
        }) else {
            return Some(text(gap));
        };
        let after = from + copula + 1;
        for (word, &noun) in words[after..to].iter().zip(&self.nouns[after..to]) {
            let k = &*word.key;
            // The second's own words: "the person living in", "who owns".
            if PERSON_WORDS.contains(&k) || matches!(k, "that" | "which") {
                break;
            }
            let own = LIGHT.contains(&k)
                || noun
                || matches!(
                    k,
                    "not"
                        | "never"
                        | "also"
                        | "actually"
                        | "indeed"
                        | "really"
                        | "exactly"
                        | "precisely"
                        | "definitely"
                        | "certainly"
                        | "fact"
                        | "same"
                        | "known"
                );
            if !own {
                return Some(word.text.to_string());
            }
        }
        None
    }
}
