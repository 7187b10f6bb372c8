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

/// Words that would turn a phrase against its object ("one never drinks
/// tea"): no value could be named by that object.
const NEGATIONS: &[&str] = &[
    "not", "never", "no", "nothing", "nobody", "none", "neither", "nor",
];

/// Forms of "be" that may open a phrase ("is a guitarist", "is eating
/// kiwis").
const BE: &[&str] = &["is", "was", "are", "were"];

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
/// verb (two words for "is eating") and an article.
fn object(words: &[&str]) -> Result<String, NotValues> {
    let lower = |w: &str| w.to_ascii_lowercase();
    if words.iter().any(|w| {
        let w = lower(w);
        NEGATIONS.contains(&w.as_str()) || w.ends_with("n't")
    }) {
        return Err(NotValues);
    }
    let mut at = 0;
    while at < words.len() && ADVERBS.contains(&lower(words[at]).as_str()) {
        at += 1;
    }
    let verb_len = match words.get(at..) {
        Some([be, participle, ..])
            if BE.contains(&lower(be).as_str()) && lower(participle).ends_with("ing") =>
        {
            2
        }
        Some([_, ..]) => 1,
        _ => return Err(NotValues),
    };
    at += verb_len;
    if words
        .get(at)
        .is_some_and(|w| ARTICLES.contains(&lower(w).as_str()))
    {
        at += 1;
    }
    let rest = &words[at.min(words.len())..];
    if rest.is_empty() {
        // "one swims, one runs": the verb is the value.
        return match words {
            [verb] => Ok((*verb).to_string()),
            _ => Err(NotValues),
        };
    }
    Ok(rest.join(" "))
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
        assert_eq!(
            values(&["one never drinks tea", "one likes milk"]),
            Some(Err(NotValues))
        );
        assert_eq!(
            values(&["one doesn't drink", "one likes milk"]),
            Some(Err(NotValues))
        );
        assert_eq!(
            values(&["one is a", "one likes milk"]),
            Some(Err(NotValues))
        );
        assert_eq!(
            values(&["one only", "one likes milk"]),
            Some(Err(NotValues))
        );
    }
}
