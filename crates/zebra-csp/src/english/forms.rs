//! The ways a value may be written in a clue: its words as the header
//! writes them, compared folded ("Ford F-150" is `ford f150`); the other
//! number of its last word ("horses" for `horse`, "rose" for `roses`);
//! what it is called besides (a nationality's noun, adjective and country:
//! "British" and "Britain" for `Brit`; a month's name for its
//! abbreviation: "September" for `sept`); and the value without a word of
//! its category's noun (`7` for `age 7` in the category "age").
//!
//! Forms are compared as folded words ([`fold`]): letters and digits,
//! lowercase, without accents.

use super::words::{fold, keys};

/// The forms of one value: as written (the primary form) and the others.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Forms {
    /// The value's own words, folded and joined.
    pub(crate) primary: String,
    /// Other names of the value, folded and joined, none equal to the
    /// primary: a nationality's adjective and country, a month's full
    /// name, the value without its category's noun.
    pub(crate) variants: Vec<String>,
    /// The other number of the primary and the variants ("horses" for
    /// `horse`): also a verb's form at times ("lives" for `life`), so the
    /// reader takes it for the value only where a verb cannot stand.
    pub(crate) numbers: Vec<String>,
    /// Forms tried only when a sentence does not read without them: the
    /// verb of an activity ("paints" for `painting`), which is also a
    /// word of other phrases ("reads" for `reading`, in "the person who
    /// reads mystery books").
    pub(crate) weak: Vec<String>,
}

/// Words whose plural is not made by a rule: singular, plural.
const IRREGULAR: &[(&str, &str)] = &[
    ("person", "people"),
    ("man", "men"),
    ("woman", "women"),
    ("child", "children"),
    ("mouse", "mice"),
    ("goose", "geese"),
    ("foot", "feet"),
    ("tooth", "teeth"),
    ("ox", "oxen"),
    ("cactus", "cacti"),
    ("fungus", "fungi"),
    ("fish", "fish"),
    ("sheep", "sheep"),
    ("deer", "deer"),
    ("series", "series"),
    ("species", "species"),
];

/// Whether `c` is a vowel.
fn vowel(c: char) -> bool {
    matches!(c, 'a' | 'e' | 'i' | 'o' | 'u')
}

/// The singular of a plural word, by the rules of English spelling (the
/// word itself when it does not look plural). Used to compare nouns: both
/// sides go through it, so a rule's odd guess is harmless.
pub(crate) fn singular(word: &str) -> String {
    if let Some((one, _)) = IRREGULAR.iter().find(|(_, many)| *many == word) {
        return (*one).to_string();
    }
    if word.len() < 4 || !word.ends_with('s') || word.ends_with("ss") {
        return word.to_string();
    }
    if word.ends_with("us") || word.ends_with("is") {
        return word.to_string();
    }
    if let Some(stem) = word.strip_suffix("ies") {
        return format!("{stem}y");
    }
    if let Some(stem) = word.strip_suffix("es")
        && (stem.ends_with("sh")
            || stem.ends_with("ch")
            || stem.ends_with('x')
            || stem.ends_with('z')
            || stem.ends_with("ss"))
    {
        return stem.to_string();
    }
    word[..word.len() - 1].to_string()
}

/// The other number of a word: its plurals when it looks singular, its
/// singulars when it looks plural (either way, every spelling a rule could
/// give, since a wrong guess is a form no clue writes).
pub(crate) fn other_numbers(word: &str) -> Vec<String> {
    let mut out = Vec::new();
    if word.len() < 3 || !word.chars().all(|c| c.is_ascii_lowercase()) {
        return out;
    }
    for (one, many) in IRREGULAR {
        if *one == word {
            out.push((*many).to_string());
        }
        if *many == word {
            out.push((*one).to_string());
        }
    }
    if !out.is_empty() {
        return out;
    }
    let last = word.chars().last().unwrap_or('a');
    let before_last = word.chars().rev().nth(1).unwrap_or('a');
    if word.ends_with('s') && !word.ends_with("ss") {
        // A plural: its singulars.
        if let Some(stem) = word.strip_suffix("ies") {
            out.push(format!("{stem}y"));
        }
        if let Some(stem) = word.strip_suffix("ves") {
            out.push(format!("{stem}f"));
            out.push(format!("{stem}fe"));
        }
        if let Some(stem) = word.strip_suffix("es")
            && (stem.ends_with(['s', 'x', 'z', 'o'])
                || stem.ends_with("ch")
                || stem.ends_with("sh"))
        {
            out.push(stem.to_string());
        }
        out.push(word[..word.len() - 1].to_string());
    }
    // Its plurals.
    if matches!(last, 's' | 'x' | 'z') || word.ends_with("ch") || word.ends_with("sh") {
        out.push(format!("{word}es"));
    } else if last == 'y' && !vowel(before_last) {
        out.push(format!("{}ies", &word[..word.len() - 1]));
    } else if last == 'o' {
        out.push(format!("{word}s"));
        out.push(format!("{word}es"));
    } else if last == 'f' {
        out.push(format!("{word}s"));
        out.push(format!("{}ves", &word[..word.len() - 1]));
    } else if let Some(stem) = word.strip_suffix("fe") {
        out.push(format!("{word}s"));
        out.push(format!("{stem}ves"));
    } else {
        out.push(format!("{word}s"));
    }
    out.retain(|w| w.len() >= 2 && w != word);
    out
}

/// Nationalities: each line names one people, as a noun, an adjective, a
/// country (whichever differ), so a value written as one is found as the
/// others. Countries whose names are common words ("turkey", "china") are
/// in [`COUNTRIES_OF_COMMON_WORDS`].
const NATIONALITIES: &[&[&str]] = &[
    &[
        "brit",
        "british",
        "briton",
        "britain",
        "united kingdom",
        "uk",
    ],
    &["englishman", "english", "englishwoman", "england"],
    &["swede", "swedish", "sweden"],
    &["dane", "danish", "denmark"],
    &["norwegian", "norway"],
    &["german", "germany"],
    &["chinese"],
    &["mexican", "mexico"],
    &["japanese", "japan"],
    &["spaniard", "spanish", "spain"],
    &["pole", "polish", "poland"],
    &["finn", "finnish", "finland"],
    &["scot", "scottish", "scotsman", "scotland"],
    &["irish", "irishman", "ireland"],
    &["french", "frenchman", "france"],
    &["dutch", "dutchman", "netherlands", "holland"],
    &["swiss", "switzerland"],
    &["turk", "turkish"],
    &["belarusian", "belarus"],
    &["ukrainian", "ukraine"],
    &["russian", "russia"],
    &["italian", "italy"],
    &["american", "america", "usa"],
    &["canadian", "canada"],
    &["australian", "australia"],
    &["indian", "india"],
    &["brazilian", "brazil"],
    &["argentine", "argentinian", "argentinean", "argentina"],
    &["egyptian", "egypt"],
    &["korean", "korea"],
    &["vietnamese", "vietnam"],
    &["thai", "thailand"],
    &["greek", "greece"],
    &["portuguese", "portugal"],
    &["kenyan", "kenya"],
    &["nigerian", "nigeria"],
    &["israeli", "israel"],
    &["iranian", "iran"],
    &["pakistani", "pakistan"],
    &["indonesian", "indonesia"],
    &["filipino", "filipina", "philippines"],
    &["malaysian", "malaysia"],
    &["hungarian", "hungary"],
    &["czech", "czechia"],
    &["austrian", "austria"],
    &["belgian", "belgium"],
    &["romanian", "romania"],
    &["bulgarian", "bulgaria"],
    &["serb", "serbian", "serbia"],
    &["croat", "croatian", "croatia"],
    &["colombian", "colombia"],
    &["peruvian", "peru"],
    &["venezuelan", "venezuela"],
    &["cuban", "cuba"],
    &["jamaican", "jamaica"],
    &["moroccan", "morocco"],
    &["ethiopian", "ethiopia"],
    &["icelander", "icelandic", "iceland"],
    &["faroese", "faroe islands", "faroes"],
    &["welsh", "welshman", "wales"],
    &["lebanese", "lebanon"],
    &["iraqi", "iraq"],
    &["afghan", "afghanistan"],
    &["nepalese", "nepali", "nepal"],
    &["bangladeshi", "bangladesh"],
    &["sri lankan", "sri lanka"],
    &["mongolian", "mongolia"],
    &["estonian", "estonia"],
    &["latvian", "latvia"],
    &["lithuanian", "lithuania"],
    &["slovak", "slovakia"],
    &["slovenian", "slovene", "slovenia"],
    &["albanian", "albania"],
    &["armenian", "armenia"],
    &["maltese", "malta"],
    &["cypriot", "cyprus"],
    &["new zealander", "new zealand"],
    &["south african", "south africa"],
    &["saudi", "saudi arabian", "saudi arabia"],
    &["ghanaian", "ghana"],
    &["senegalese", "senegal"],
    &["tunisian", "tunisia"],
    &["algerian", "algeria"],
    &["ecuadorian", "ecuador"],
    &["bolivian", "bolivia"],
    &["uruguayan", "uruguay"],
    &["paraguayan", "paraguay"],
    &["singaporean", "singapore"],
    &["taiwanese", "taiwan"],
    &["haitian", "haiti"],
    &["panamanian", "panama"],
    &["costa rican", "costa rica"],
    &["guatemalan", "guatemala"],
    &["honduran", "honduras"],
    &["nicaraguan", "nicaragua"],
    &["salvadoran", "el salvador"],
    &["kazakh", "kazakhstan"],
    &["uzbek", "uzbekistan"],
    &["azerbaijani", "azerbaijan"],
    &["luxembourger", "luxembourg"],
    &["bosnian", "bosnia"],
    &["macedonian", "macedonia"],
    &["montenegrin", "montenegro"],
    &["moldovan", "moldova"],
    &["syrian", "syria"],
    &["libyan", "libya"],
    &["sudanese", "sudan"],
    &["somali", "somalia"],
    &["ugandan", "uganda"],
    &["tanzanian", "tanzania"],
    &["zimbabwean", "zimbabwe"],
    &["zambian", "zambia"],
    &["cameroonian", "cameroon"],
    &["congolese", "congo"],
    &["burmese", "myanmar"],
    &["cambodian", "cambodia"],
    &["laotian", "laos"],
    &["qatari", "qatar"],
    &["kuwaiti", "kuwait"],
    &["omani", "oman"],
    &["yemeni", "yemen"],
];

/// Whether a category of this noun (content words, singular) and lead is
/// of where people are from: its noun a nationality's or a country's, and
/// no verb of travel before it ("has visited a different country").
pub(crate) fn national(noun: &[String], lead: &str) -> bool {
    const NOUNS: &[&str] = &[
        "nationality",
        "nation",
        "citizenship",
        "origin",
        "country",
        "ethnicity",
        "heritage",
        "homeland",
        "birthplace",
    ];
    const TRAVEL: &[&str] = &[
        "visit",
        "visits",
        "visited",
        "visiting",
        "travel",
        "travels",
        "traveled",
        "travelled",
        "been",
        "toured",
        "explored",
        "want",
        "wants",
        "dream",
        "dreams",
        "holiday",
        "vacation",
    ];
    noun.iter().any(|w| NOUNS.contains(&w.as_str()))
        && !keys(lead).iter().any(|w| TRAVEL.contains(&w.as_str()))
}

/// Countries whose names are common words, with their people's names: a
/// value written as the country is found as its people ("China" as "the
/// Chinese"), not the other way ("Chinese" is no mention of china).
const COUNTRIES_OF_COMMON_WORDS: &[(&str, &[&str])] = &[
    ("china", &["chinese"]),
    ("turkey", &["turk", "turkish"]),
    ("chile", &["chilean"]),
    ("jordan", &["jordanian"]),
    ("georgia", &["georgian"]),
];

/// The group of [`NATIONALITIES`] of each of its names.
fn nationality_groups() -> &'static std::collections::HashMap<&'static str, usize> {
    static GROUPS: std::sync::OnceLock<std::collections::HashMap<&'static str, usize>> =
        std::sync::OnceLock::new();
    GROUPS.get_or_init(|| {
        NATIONALITIES
            .iter()
            .enumerate()
            .flat_map(|(g, names)| names.iter().map(move |n| (*n, g)))
            .collect()
    })
}

/// Abbreviations of months and days: the full name, then its
/// abbreviations. A value written as an abbreviation is found by its full
/// name too (not the other way: "sat" and "mar" are words of their own).
const ABBREVIATIONS: &[&[&str]] = &[
    &["january", "jan"],
    &["february", "feb"],
    &["march", "mar"],
    &["april", "apr"],
    &["june", "jun"],
    &["july", "jul"],
    &["august", "aug"],
    &["september", "sept", "sep"],
    &["october", "oct"],
    &["november", "nov"],
    &["december", "dec"],
    &["monday", "mon"],
    &["tuesday", "tues", "tue"],
    &["wednesday", "wed"],
    &["thursday", "thurs", "thur", "thu"],
    &["friday", "fri"],
    &["saturday", "sat"],
    &["sunday", "sun"],
];

/// Names and the short names people use for them ("budgie" for a
/// budgerigar): a value written as the name is found by its short names
/// too (and in the other number).
const SHORT_NAMES: &[(&str, &[&str])] = &[
    ("budgerigar", &["budgie"]),
    ("television", &["tv"]),
    ("hippopotamus", &["hippo"]),
    ("rhinoceros", &["rhino"]),
    ("refrigerator", &["fridge"]),
    ("saxophone", &["sax"]),
    ("mathematics", &["maths", "math"]),
];

/// Words no other form may be: a rule's guess that makes one of them
/// ("be" for "bees") would find a value in every sentence.
const FUNCTION_WORDS: &[&str] = &[
    "a", "an", "the", "be", "is", "are", "was", "as", "at", "in", "on", "to", "of", "or", "and",
    "it", "its", "he", "she", "we", "us", "do", "does", "no", "not", "so", "go", "by", "for",
    "with", "who", "has", "have", "his", "her", "one", "s",
];

/// The folded forms of a phrase of words (`keys`): joined, and with the
/// other numbers of its last word.
fn with_numbers(words: &[String], names: &mut Vec<String>, numbers: &mut Vec<String>) {
    let folded: Vec<String> = words.iter().map(|w| fold(w)).collect();
    names.push(folded.concat());
    if let Some((last, init)) = folded.split_last() {
        let head = init.concat();
        for other in other_numbers(last) {
            numbers.push(format!("{head}{other}"));
        }
    }
}

/// The forms of `value`, a value of a category whose noun's words, as
/// [`singular`] gives them, are `noun`; a nationality's or a country's
/// other names only when the category is of where people are from
/// (`national`): the language "English" is no Englishman, a country
/// visited no nationality.
pub(crate) fn forms(value: &str, noun: &[String], national: bool) -> Forms {
    let words = keys(value);
    let primary: String = words.iter().map(|w| fold(w)).collect();
    let (mut variants, mut numbers) = (Vec::new(), Vec::new());
    with_numbers(&words, &mut variants, &mut numbers);
    let whole = words.join(" ");
    // "the Netherlands" is the Netherlands.
    let country = whole.strip_prefix("the ").unwrap_or(&whole);
    if let Some(&g) = nationality_groups().get(country).filter(|_| national) {
        for name in NATIONALITIES[g] {
            with_numbers(&keys(name), &mut variants, &mut numbers);
        }
    }
    for (name, people) in COUNTRIES_OF_COMMON_WORDS {
        if national && country == *name {
            for person in *people {
                with_numbers(&keys(person), &mut variants, &mut numbers);
            }
        }
    }
    for (name, short) in SHORT_NAMES {
        if whole == *name {
            for short in *short {
                with_numbers(&keys(short), &mut variants, &mut numbers);
            }
        }
    }
    for group in ABBREVIATIONS {
        if group[1..].contains(&whole.as_str()) {
            for name in *group {
                variants.push(fold(name));
            }
        }
    }
    // The value without a word its category's noun has ("age 7" in
    // "age"): first or last.
    if words.len() > 1 {
        let in_noun = |w: &String| noun.contains(&singular(w));
        if in_noun(&words[0]) {
            with_numbers(&words[1..], &mut variants, &mut numbers);
        }
        if in_noun(&words[words.len() - 1]) {
            with_numbers(&words[..words.len() - 1], &mut variants, &mut numbers);
        }
    }
    let keep = |v: &String| !v.is_empty() && *v != primary && !FUNCTION_WORDS.contains(&v.as_str());
    variants.retain(keep);
    variants.sort();
    variants.dedup();
    numbers.retain(|v| keep(v) && !variants.contains(v));
    numbers.sort();
    numbers.dedup();
    let mut weak = Vec::new();
    if let [only] = words.as_slice() {
        let word = fold(only);
        weak = verbs_of_activity(&word);
        weak.extend(players(&singular(&word)));
        weak.retain(|w| keep(w) && !variants.contains(w) && !numbers.contains(w));
        weak.sort();
        weak.dedup();
    }
    Forms {
        primary,
        variants,
        numbers,
        weak,
    }
}

/// Who does a thing, by the rules of English nouns: "violin" gives
/// "violinist", "cello" "cellist", "drum" "drummer", "photography"
/// "photographer"; and the players whose names no rule gives ("flute":
/// "flautist").
fn players(word: &str) -> Vec<String> {
    let mut out = Vec::new();
    if word.len() < 3 || !word.chars().all(|c| c.is_ascii_lowercase()) {
        return out;
    }
    if let Some(stem) = word.strip_suffix("graphy") {
        out.push(format!("{stem}grapher"));
    }
    let last = word.chars().last().unwrap_or('a');
    let before_last = word.chars().rev().nth(1).unwrap_or('a');
    if vowel(last) {
        let stem = &word[..word.len() - 1];
        out.push(format!("{stem}ist"));
        if last == 'e' {
            out.push(format!("{word}r"));
        }
    } else {
        out.push(format!("{word}ist"));
        out.push(format!("{word}er"));
        // A single vowel before a last consonant doubles it: "drummer".
        if vowel(before_last) && !matches!(last, 'w' | 'x' | 'y') {
            out.push(format!("{word}{last}er"));
        }
    }
    for (thing, player) in [
        ("flute", "flautist"),
        ("bagpipe", "piper"),
        ("bagpipes", "piper"),
    ] {
        if word == thing {
            out.push(player.to_string());
        }
    }
    out
}

/// The verb forms of an activity written as "-ing": "painting" gives
/// "paints", "painter"; "baking" "bakes", "baker"; "swimming" "swims",
/// "swimmer"; "cycling" "cyclist".
fn verbs_of_activity(word: &str) -> Vec<String> {
    let Some(stem) = word.strip_suffix("ing").filter(|s| s.len() >= 3) else {
        return Vec::new();
    };
    let mut stems = vec![stem.to_string()];
    let bytes = stem.as_bytes();
    let last = bytes[bytes.len() - 1];
    if bytes.len() >= 2 && bytes[bytes.len() - 2] == last && !matches!(last, b'l' | b's' | b'z') {
        stems.push(stem[..stem.len() - 1].to_string());
    }
    if !vowel(char::from(last)) {
        stems.push(format!("{stem}e"));
    }
    // "cyclist" for cycling.
    let mut out = vec![format!("{stem}ist")];
    for base in stems {
        let s_form =
            if base.ends_with(['s', 'x', 'z']) || base.ends_with("ch") || base.ends_with("sh") {
                format!("{base}es")
            } else {
                format!("{base}s")
            };
        let agent = if base.ends_with('e') {
            format!("{base}r")
        } else {
            format!("{base}er")
        };
        // Not the bare stem: "row" for rowing is the row of houses too.
        out.push(s_form);
        out.push(agent);
    }
    out.sort();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::{forms, other_numbers, singular};

    fn has(value: &str, noun: &[&str], form: &str) -> bool {
        let noun: Vec<String> = noun.iter().map(|w| (*w).to_string()).collect();
        let f = forms(value, &noun, true);
        f.primary == form || f.variants.iter().chain(&f.numbers).any(|v| v == form)
    }

    #[test]
    fn a_value_is_found_in_the_other_number() {
        assert!(has("horse", &[], "horses"));
        assert!(has("roses", &[], "rose"));
        assert!(has("lilies", &[], "lily"));
        assert!(has("boba tea", &[], "bobateas"));
        assert!(has("box", &[], "boxes"));
        assert!(has("wolf", &[], "wolves"));
        assert!(has("child", &[], "children"));
        assert!(has("bees", &[], "bee"));
        assert!(!has("bees", &[], "be"));
        assert!(has("tomatoes", &[], "tomato"));
        assert!(
            forms("horse", &[], true)
                .numbers
                .contains(&"horses".to_string())
        );
        assert!(other_numbers("7").is_empty());
        assert_eq!(singular("heights"), "height");
        assert_eq!(singular("nationalities"), "nationality");
        assert_eq!(singular("glasses"), "glass");
        assert_eq!(singular("children"), "child");
        assert_eq!(singular("genus"), "genus");
    }

    #[test]
    fn names_of_peoples_months_and_folded_words() {
        assert!(has("brit", &[], "british"));
        assert!(has("United Kingdom", &[], "brit"));
        assert!(has("Faroe Islands", &[], "faroese"));
        assert!(has("budgerigar", &[], "budgie"));
        assert!(has("budgerigar", &[], "budgies"));
        assert!(!has("budgie", &[], "budgerigar"));
        assert!(has("Swede", &[], "swedish"));
        assert!(has("swede", &[], "sweden"));
        assert!(has("Danish", &[], "danes"));
        assert!(has("sept", &[], "september"));
        assert!(has("feb", &[], "february"));
        assert!(!has("march", &[], "mar"));
        assert!(has("ford f150", &[], "fordf150"));
        assert!(has("hip-hop", &[], "hiphop"));
        assert!(has("age 7", &["age"], "7"));
        assert!(!has("age 7", &["year"], "7"));
        let weak = |v: &str| forms(v, &[], true).weak;
        assert!(weak("painting").contains(&"paints".to_string()));
        assert!(weak("baking").contains(&"baker".to_string()));
        assert!(weak("swimming").contains(&"swims".to_string()));
        assert!(weak("drone flying").is_empty());
        for (thing, player) in [
            ("violin", "violinist"),
            ("cello", "cellist"),
            ("piano", "pianist"),
            ("guitar", "guitarist"),
            ("drums", "drummer"),
            ("flute", "flautist"),
            ("photography", "photographer"),
            ("hiking", "hiker"),
            ("knitting", "knitter"),
            ("gardening", "gardener"),
        ] {
            assert!(weak(thing).contains(&player.to_string()), "{thing}");
        }
    }
}
