//! English ↔ `Puzzle`: any puzzle written as English in each family's
//! style reads back to the same puzzle (and question), and writes the same
//! text again, also when rephrased as people write (values in the plural,
//! nationalities as adjectives, months spelled out, other verbs, filler
//! words); puzzles read from English write back to English that reads to
//! them.

use kongming_zebra_csp::english::{EnglishPuzzle, Question, Reader, Style};
use kongming_zebra_csp::{
    Category, Clue, Generator, House, Item, MAX_CATEGORIES, MAX_POSITIONS, MIN_POSITIONS, Puzzle,
    Term,
};
use proptest::collection::vec;
use proptest::prelude::*;

const STYLES: [Style; 3] = [Style::Bbeh, Style::ZebraLogic, Style::ReasoningGym];

/// Names for categories: some ordinary nouns, then numbered ones; values
/// are the category's letter and a number ("a1", "b16"), as the
/// generator's larger puzzles have them.
fn names(positions: usize, categories: usize) -> Vec<(String, Vec<String>)> {
    const NOUNS: &[&str] = &["colour", "pet", "drink", "NBA-team", "favourite_food"];
    (0..categories)
        .map(|c| {
            let name = NOUNS
                .get(c)
                .map_or_else(|| format!("category{}", c + 1), |n| (*n).to_string());
            let letter = char::from(b'a' + (c % 26) as u8);
            let round = c / 26;
            let values = (1..=positions)
                .map(|v| format!("{letter}{}{v}", "x".repeat(round)))
                .collect();
            (name, values)
        })
        .collect()
}

/// What a random clue is drawn from: a kind, three terms (a house or a
/// value: category, value), a distance.
type ClueSeed = (u8, [(bool, u8, u8); 3], u8);

fn build(positions: usize, categories: usize, seeds: &[ClueSeed]) -> Puzzle {
    let names = names(positions, categories);
    let refs: Vec<(&str, Vec<&str>)> = names
        .iter()
        .map(|(n, v)| (n.as_str(), v.iter().map(String::as_str).collect()))
        .collect();
    let mut puzzle = Puzzle::new(&refs).expect("valid names");
    for &(kind, terms, k) in seeds {
        let [a, b, c] = terms.map(|(house, category, value)| {
            let v = usize::from(value) % positions;
            if house {
                Term::House(House::from_index(v).unwrap())
            } else {
                let category = Category::from_index(usize::from(category) % categories).unwrap();
                Term::Value(Item::new(category, v).unwrap())
            }
        });
        let k = 1 + usize::from(k) % (positions - 1);
        let clue = match kind % 11 {
            0 => Clue::Same(a, b),
            1 => Clue::NotSame(a, b),
            2 => Clue::LeftOf(a, b),
            3 => Clue::RightOf(a, b),
            4 => Clue::SomewhereLeftOf(a, b),
            5 => Clue::SomewhereRightOf(a, b),
            6 => Clue::NextTo(a, b),
            7 => Clue::NotNextTo(a, b),
            8 => Clue::Distance(a, k, b),
            9 => Clue::Between(a, b, c),
            _ => Clue::EitherOr(a, b, c),
        };
        // Clues the puzzle refuses (a value twice, houses only, …) are
        // left out of the test puzzle.
        let _ = puzzle.add_clue(clue);
    }
    puzzle
}

/// A question about `puzzle`: the position of a term, or a category's
/// value of it.
fn question(puzzle: &Puzzle, seed: (bool, (bool, u8, u8), u8)) -> Question {
    let (position, (house, category, value), asked) = seed;
    let n = puzzle.positions();
    let of = if house {
        Term::House(House::from_index(usize::from(value) % n).unwrap())
    } else {
        let c = Category::from_index(usize::from(category) % puzzle.num_categories()).unwrap();
        Term::Value(Item::new(c, usize::from(value) % n).unwrap())
    };
    if position {
        Question::Position(of)
    } else {
        let category = Category::from_index(usize::from(asked) % puzzle.num_categories()).unwrap();
        Question::Value { of, category }
    }
}

/// Writes `puzzle` with `question` in each style and reads it back.
fn round_trip(puzzle: &Puzzle, question: Option<Question>) {
    for style in STYLES {
        let english = EnglishPuzzle::from_puzzle(puzzle, style)
            .unwrap_or_else(|e| panic!("{e}\n{puzzle}"))
            .with_question(question)
            .expect("a question of the puzzle");
        let text = english.to_string();
        let back: EnglishPuzzle = text.parse().unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back.puzzle(), puzzle, "{text}");
        assert_eq!(back.question(), question.as_ref(), "{text}");
        assert_eq!(back.style(), style);
        assert_eq!(back.to_string(), text);
        assert_eq!(back.clues().len(), puzzle.clues().len());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn puzzles_of_every_size_read_back_from_english(
        positions in MIN_POSITIONS..=MAX_POSITIONS,
        categories in 1..=MAX_CATEGORIES,
        seeds in vec((any::<u8>(), any::<[(bool, u8, u8); 3]>(), any::<u8>()), 0..40),
        asked in any::<(bool, (bool, u8, u8), u8)>(),
    ) {
        let puzzle = build(positions, categories, &seeds);
        let q = question(&puzzle, asked);
        round_trip(&puzzle, Some(q));
        round_trip(&puzzle, None);
    }
}

/// The categories of the rephrasing test: a noun and values, and ways to
/// name a person by a value (`{}` the value) that people write.
struct Rephrased {
    noun: &'static str,
    values: [&'static str; 6],
    /// Per value, the words that name it in its other forms (or `{}` for
    /// the value itself).
    forms: [[&'static str; 2]; 6],
    phrases: &'static [&'static str],
}

const REPHRASED: &[Rephrased] = &[
    Rephrased {
        noun: "name",
        values: ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay"],
        forms: [["{}", "{}"]; 6],
        phrases: &["{}"],
    },
    Rephrased {
        noun: "nationality",
        values: ["brit", "swede", "dane", "norwegian", "german", "japanese"],
        forms: [
            ["British", "Briton"],
            ["Swedish", "Swede"],
            ["Danish", "Dane"],
            ["Norwegian", "Norwegian"],
            ["German", "German"],
            ["Japanese", "Japanese"],
        ],
        phrases: &["the {} person", "the {}", "the {} woman"],
    },
    Rephrased {
        noun: "pet",
        values: ["dog", "cat", "horse", "fish", "bird", "rabbit"],
        forms: [
            ["dogs", "dog"],
            ["cats", "cat"],
            ["horses", "horse"],
            ["fish", "fish"],
            ["birds", "bird"],
            ["rabbits", "rabbit"],
        ],
        phrases: &[
            "the person who keeps {}",
            "the {} owner",
            "the person with a pet {}",
            "whoever really loves {}",
        ],
    },
    Rephrased {
        noun: "birthday month",
        values: ["jan", "feb", "mar", "apr", "sept", "oct"],
        forms: [
            ["January", "jan"],
            ["February", "feb"],
            ["March", "mar"],
            ["April", "apr"],
            ["September", "sept"],
            ["October", "oct"],
        ],
        phrases: &[
            "the person born in {}",
            "the person whose birthday is in {}",
        ],
    },
    Rephrased {
        noun: "car model",
        values: [
            "ford f150",
            "tesla model 3",
            "honda civic",
            "bmw 3 series",
            "audi a4",
            "toyota camry",
        ],
        forms: [
            ["Ford F-150", "ford f150"],
            ["Tesla Model 3", "tesla model 3"],
            ["Honda Civic", "honda civic"],
            ["BMW 3 Series", "BMW 3-Series"],
            ["Audi A4", "Audi A-4"],
            ["Toyota Camry", "toyota camry"],
        ],
        phrases: &["the person who drives a {}", "the owner of the {} car"],
    },
];

/// `text` with every "the person whose NOUN is VALUE" of the categories
/// above rephrased, by `pick` (a stream of choices), and filler words put
/// before some verbs.
fn rephrase(text: &str, mut pick: impl FnMut(usize) -> usize) -> String {
    let mut out = text.to_string();
    for category in REPHRASED {
        for (v, value) in category.values.iter().enumerate() {
            let written = format!("the person whose {} is {value}", category.noun);
            let capital = format!("The person whose {} is {value}", category.noun);
            while let Some(at) = out.find(&written).or_else(|| out.find(&capital)) {
                let phrase = category.phrases[pick(category.phrases.len())];
                let form = category.forms[v][pick(2)];
                let form = if form == "{}" { *value } else { form };
                let mut new = phrase.replace("{}", form);
                if out[at..].starts_with('T') {
                    let mut chars = new.chars();
                    new = chars
                        .next()
                        .map_or(String::new(), |c| c.to_uppercase().chain(chars).collect());
                }
                out.replace_range(at..at + written.len(), &new);
            }
        }
    }
    // Filler words where they change nothing.
    for (from, to) in [
        (
            " is somewhere to the left of ",
            " lives somewhere to the left of ",
        ),
        (" is directly left of ", " is found directly left of "),
        (" is next to ", " actually lives next to "),
        (" is not next to ", " does not live next to "),
        (" is not ", " certainly is not "),
    ] {
        if pick(2) == 0 {
            out = out.replace(from, to);
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// A generated puzzle on the categories above, written in each style
    /// and rephrased, reads back to the same puzzle.
    #[test]
    fn rephrased_puzzles_read_back_to_themselves(
        positions in 2usize..=6,
        categories in 2usize..=5,
        seed in 0u64..10_000,
        picks in vec(any::<u8>(), 64),
    ) {
        let spec: Vec<(&str, Vec<&str>)> = REPHRASED[..categories]
            .iter()
            .map(|c| (c.noun, c.values[..positions].to_vec()))
            .collect();
        let generated = Generator::new(positions, categories)
            .unwrap()
            .generate(seed)
            .unwrap();
        // The generated clues on these categories.
        let names: Vec<(String, Vec<String>)> = spec
            .iter()
            .map(|(noun, values)| {
                (
                    noun.replace(' ', "_"),
                    values.iter().map(|v| v.replace(' ', "_")).collect(),
                )
            })
            .collect();
        let refs: Vec<(&str, Vec<&str>)> = names
            .iter()
            .map(|(n, v)| (n.as_str(), v.iter().map(String::as_str).collect()))
            .collect();
        let mut puzzle = Puzzle::new(&refs).unwrap();
        for clue in generated.puzzle.clues() {
            puzzle.add_clue(*clue).unwrap();
        }
        let mut at = 0;
        let mut pick = |n: usize| {
            at += 1;
            usize::from(picks[at % picks.len()]) % n
        };
        for style in STYLES {
            let english = EnglishPuzzle::from_puzzle(&puzzle, style).unwrap();
            let text = rephrase(&english.to_string(), &mut pick);
            let back: EnglishPuzzle = text.parse().unwrap_or_else(|e| panic!("{e}\n{text}"));
            prop_assert_eq!(back.puzzle().clues(), puzzle.clues(), "{}", text);
            prop_assert_eq!(back.puzzle().solve(), puzzle.solve());
        }
    }
}

#[test]
fn the_largest_puzzles_read_back_from_english() {
    // Every clue kind, at the corners of the sizes.
    let seeds: Vec<ClueSeed> = (0..44u8)
        .map(|i| {
            (
                i,
                [
                    (i % 5 == 0, i, i.wrapping_mul(7)),
                    (false, i + 1, i),
                    (i % 3 == 0, i + 2, i + 5),
                ],
                i,
            )
        })
        .collect();
    for (positions, categories) in [
        (MIN_POSITIONS, 1),
        (MIN_POSITIONS, MAX_CATEGORIES),
        (MAX_POSITIONS, 1),
        (MAX_POSITIONS, MAX_CATEGORIES),
    ] {
        let puzzle = build(positions, categories, &seeds);
        assert!(
            puzzle.clues().len() > 10 || positions == MIN_POSITIONS,
            "{positions}×{categories}"
        );
        round_trip(&puzzle, None);
    }
}

#[test]
fn generated_puzzles_read_back_from_english() {
    for positions in 2..=6 {
        for categories in 1..=5 {
            for seed in 0..2 {
                let generated = Generator::new(positions, categories)
                    .unwrap()
                    .generate(seed)
                    .expect("no budget");
                let puzzle = &generated.puzzle;
                let first = Category::from_index(0).unwrap();
                let q = Question::Position(Term::Value(Item::new(first, 0).unwrap()));
                round_trip(puzzle, Some(q));
                // Read back, it is the same puzzle, so it has the same
                // (unique) solution.
                let english = EnglishPuzzle::from_puzzle(puzzle, Style::Bbeh).unwrap();
                let back: EnglishPuzzle = english.to_string().parse().unwrap();
                assert_eq!(back.puzzle().solve(), Some(generated.solution.clone()));
            }
        }
    }
}

#[test]
fn the_classics_read_back_from_english() {
    for puzzle in [kongming_zebra_csp::einstein(), kongming_zebra_csp::life()] {
        round_trip(&puzzle, None);
    }
    let english = EnglishPuzzle::from_puzzle(&kongming_zebra_csp::einstein(), Style::ZebraLogic)
        .unwrap()
        .to_string();
    assert!(english.contains("\n4. The person whose colour is green is directly left of the person whose colour is white.\n"), "{english}");
    assert!(
        english.contains("\n9. The person whose nationality is Norwegian is in the first house.\n"),
        "{english}"
    );
}

#[test]
fn puzzles_read_from_english_write_back_to_themselves() {
    let samples: serde_json::Value =
        serde_json::from_str(include_str!("data/zebra-english-samples.json")).unwrap();
    let reader = Reader::new().either_reading(true);
    for family in ["bbeh", "zebralogic", "reasoning_gym"] {
        for example in samples[family]["examples"].as_array().unwrap() {
            let input = example["input"].as_str().unwrap();
            let Ok(english) = reader.read(input) else {
                continue; // larger than the crate's limits (see english_samples)
            };
            for style in STYLES {
                let english = english.clone().with_style(style);
                let text = english.to_string();
                let back = reader.read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
                assert_eq!(back.puzzle(), english.puzzle(), "{text}");
                assert_eq!(back.question(), english.question());
                assert_eq!(back.to_string(), text);
                assert_eq!(back.phrasings(), english.phrasings(), "{text}");
            }
        }
    }
}

#[cfg(feature = "serde")]
#[test]
fn english_puzzles_and_questions_go_through_serde() {
    use kongming_zebra_csp::english::{AnswerValue, Proof, Relation};
    let samples: serde_json::Value =
        serde_json::from_str(include_str!("data/zebra-english-samples.json")).unwrap();
    let reader = Reader::new().either_reading(true);
    for family in ["bbeh", "zebralogic"] {
        for example in samples[family]["examples"].as_array().unwrap() {
            let Ok(english) = reader.read(example["input"].as_str().unwrap()) else {
                continue;
            };
            let json = serde_json::to_string(&english).unwrap();
            let back: EnglishPuzzle = serde_json::from_str(&json).unwrap();
            assert_eq!(back.puzzle(), english.puzzle());
            assert_eq!(back.to_string(), english.to_string());
            let question = *english
                .question()
                .unwrap_or(&Question::Position(Term::House(
                    House::from_number(1).unwrap(),
                )));
            let json = serde_json::to_string(&question).unwrap();
            assert_eq!(serde_json::from_str::<Question>(&json).unwrap(), question);
        }
    }
    // Loading reads, with all the reader's checks.
    assert!(serde_json::from_str::<EnglishPuzzle>("\"There are 2 people.\"").is_err());
    for style in STYLES {
        let json = serde_json::to_string(&style).unwrap();
        assert_eq!(serde_json::from_str::<Style>(&json).unwrap(), style);
    }
    for value in [Relation::InOrder, Relation::HousesBetween(3)] {
        let json = serde_json::to_string(&value).unwrap();
        assert_eq!(serde_json::from_str::<Relation>(&json).unwrap(), value);
    }
    let json = serde_json::to_string(&Proof::SameInEverySolution).unwrap();
    assert_eq!(
        serde_json::from_str::<Proof>(&json).unwrap(),
        Proof::SameInEverySolution
    );
    let house = AnswerValue::House(House::from_number(2).unwrap());
    let json = serde_json::to_string(&house).unwrap();
    assert_eq!(serde_json::from_str::<AnswerValue>(&json).unwrap(), house);
}

#[test]
fn english_values_cross_threads() {
    fn send_sync<T: Send + Sync>() {}
    fn send<T: Send>() {}
    send_sync::<EnglishPuzzle>();
    send_sync::<Question>();
    send_sync::<Reader>();
    send_sync::<kongming_zebra_csp::english::Answered>();
    send_sync::<kongming_zebra_csp::english::ReadError>();
    send_sync::<kongming_zebra_csp::english::WriteError>();
    send_sync::<kongming_zebra_csp::english::EnglishExplanation<'static>>();
    send::<kongming_zebra_csp::english::Answerer<'static>>();
}
