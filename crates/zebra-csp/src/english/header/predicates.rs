//! Values written as what each person does or is: "Each person has a
//! favorite drink: one likes milk, one is a tea drinker, and one only
//! drinks water". Each value is the object of its phrase (`milk`,
//! `tea drinker`, `water`), which is how the clues name it ("the person
//! who likes milk", "the tea drinker", "the person who only drinks
//! water").

/// Words that may stand between "one" and the verb without changing what
/// the phrase says of the person.
const ADVERBS: &[&str] = &[
    "only",
    "just",
    "always",
    "usually",
    "mostly",
    "really",
    "exclusively",
    "mainly",
];

/// Verbs whose object names the person's value ("has a cat", "likes
/// red", "ate fried rice"): having, liking, using, and the like. Any other
/// verb ("cannot swim", "hates tea", "lacks a car") may say something
/// else of its object, so a phrase with one names no value.
const VERBS: &[&str] = &[
    "is",
    "was",
    "has",
    "had",
    "have",
    "owns",
    "owned",
    "likes",
    "liked",
    "loves",
    "loved",
    "enjoys",
    "prefers",
    "drives",
    "drove",
    "rides",
    "eats",
    "ate",
    "drinks",
    "drank",
    "wears",
    "wore",
    "plays",
    "played",
    "keeps",
    "kept",
    "reads",
    "collects",
    "uses",
    "holds",
    "carries",
    "grows",
    "speaks",
    "studies",
    "practices",
    "practises",
];

/// Participles after "is" whose object names the person's value ("is
/// eating kiwis", "is wearing boots").
const PARTICIPLES: &[&str] = &[
    "eating",
    "wearing",
    "drinking",
    "playing",
    "driving",
    "riding",
    "reading",
    "holding",
    "carrying",
    "using",
    "keeping",
    "growing",
    "collecting",
    "studying",
    "having",
];

/// Forms of "be" that may open a phrase ("is a guitarist", "is eating
/// kiwis").
const BE: &[&str] = &["is", "was"];

/// Articles between the verb and its object.
const ARTICLES: &[&str] = &["a", "an", "the", "some"];

/// Why a list of phrases is not one of values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NotValues;

/// The values a list of phrases names, when every phrase opens with
/// "one" and a verb ("one likes red", "one is eating a banana"): `None`
/// when the list is not written so, an error when it is but some phrase
/// names no value by its object (a negation, or nothing after the verb
/// and its article).
pub(crate) fn values_of_phrases(phrases: &[String]) -> Option<Result<Vec<String>, NotValues>> {
    let split: Vec<Vec<&str>> = phrases
        .iter()
        .map(|p| p.split_whitespace().collect())
        .collect();
    let opens_with_one = |words: &Vec<&str>| words.len() >= 2 && words[0] == "one";
    if phrases.len() < 2 || !split.iter().all(opens_with_one) {
        return None;
    }
    Some(split.iter().map(|words| object(&words[1..])).collect())
}

/// The object of a phrase after its "one": what follows the adverbs, the
/// verb (one of [`VERBS`], or "is" and one of [`PARTICIPLES`]) and an
/// article; a phrase of one other word ("one swims") is its own value.
fn object(words: &[&str]) -> Result<String, NotValues> {
    let lower = |w: &str| w.to_ascii_lowercase();
    // "one is not a baker": against its object.
    if words.iter().any(|w| {
        let w = lower(w);
        matches!(
            w.as_str(),
            "not" | "never" | "no" | "none" | "nor" | "cannot"
        ) || w.ends_with("n't")
    }) {
        return Err(NotValues);
    }
    let mut at = 0;
    while at < words.len() && ADVERBS.contains(&lower(words[at]).as_str()) {
        at += 1;
    }
    let verb_len = match words.get(at..) {
        Some([be, participle, ..])
            if BE.contains(&lower(be).as_str())
                && PARTICIPLES.contains(&lower(participle).as_str()) =>
        {
            2
        }
        Some([verb, _, ..]) if VERBS.contains(&lower(verb).as_str()) => 1,
        // "one swims, one runs": the verb is the value.
        Some([verb]) if at == 0 && verb.chars().all(char::is_alphabetic) => {
            return Ok((*verb).to_string());
        }
        _ => return Err(NotValues),
    };
    at += verb_len;
    if words
        .get(at)
        .is_some_and(|w| ARTICLES.contains(&lower(w).as_str()))
    {
        at += 1;
    }
    match &words[at.min(words.len())..] {
        [] => Err(NotValues),
        rest => Ok(rest.join(" ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(list: &[&str]) -> Option<Result<Vec<String>, NotValues>> {
        let phrases: Vec<String> = list.iter().map(|p| (*p).to_string()).collect();
        values_of_phrases(&phrases)
    }

    fn ok(list: &[&str]) -> Vec<String> {
        values(list).expect("phrases").expect("values")
    }

    #[test]
    fn each_value_is_the_object_of_its_phrase() {
        assert_eq!(
            ok(&[
                "one likes milk",
                "one is a tea drinker",
                "one only drinks water"
            ]),
            ["milk", "tea drinker", "water"]
        );
        assert_eq!(
            ok(&[
                "one is eating a banana",
                "one is wearing running shoes",
                "one owns an SUV"
            ]),
            ["banana", "running shoes", "SUV"]
        );
        assert_eq!(
            ok(&[
                "one has a bouquet of daffodils",
                "one ate fried rice",
                "one had pizza"
            ]),
            ["bouquet of daffodils", "fried rice", "pizza"]
        );
        assert_eq!(ok(&["one swims", "one runs"]), ["swims", "runs"]);
    }

    #[test]
    fn lists_of_other_values_are_left_alone() {
        assert_eq!(values(&["milk", "tea"]), None);
        assert_eq!(values(&["one", "two", "three"]), None);
        assert_eq!(values(&["One Direction", "one likes red"]), None);
        assert_eq!(values(&["one likes red"]), None);
    }

    #[test]
    fn phrases_that_name_no_object_are_refused() {
        for odd in [
            "one never drinks tea",
            "one doesn't drink",
            "one is a",
            "one only",
            "one cannot swim",
            "one can dance",
            "one hates tea",
            "one lacks a car",
            "one avoids milk",
            "one red ball",
            "one cup of tea",
            "one is not a baker",
            "one never",
        ] {
            assert_eq!(
                values(&[odd, "one likes milk"]),
                Some(Err(NotValues)),
                "{odd}"
            );
        }
    }
}
