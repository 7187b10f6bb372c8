//! Sentences that look like clues the reader knows but say something else:
//! a possessive that turns a relation round, a negation inside a relative
//! clause, a word that denies ("cannot", "lacks", "without"), "right" as
//! an intensifier, a value that is a number word, a row numbered from the
//! right. Each is read to exactly what the English says (checked on every
//! grid by brute force) or refused; never read to something else.

use kongming_zebra_csp::english::{
    AnswerValue, Answered, EnglishPuzzle, GradeError, ReadErrorKind, Reader, Style,
};
use kongming_zebra_csp::{House, Term};

/// Every grid of 3 positions and 4 categories: `grid[c][v]` the 0-based
/// position of value `v` of category `c`.
fn grids() -> Vec<[[usize; 3]; 4]> {
    const PERMUTATIONS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut out = Vec::new();
    for a in PERMUTATIONS {
        for b in PERMUTATIONS {
            for c in PERMUTATIONS {
                for d in PERMUTATIONS {
                    out.push([a, b, c, d]);
                }
            }
        }
    }
    out
}

/// Whether every clue of `english` holds in `grid`.
fn holds(english: &EnglishPuzzle, grid: &[[usize; 3]; 4]) -> bool {
    english.puzzle().clues().iter().all(|clue| {
        clue.holds(|t| match t {
            Term::Value(item) => {
                House::from_index(grid[item.category().index()][item.index()]).expect("a house")
            }
            Term::House(h) => h,
        })
    })
}

/// Names: Ann 0, Bob 1, Cid 2; pets: cat 0, dog 1, fox 2; drinks: tea 0,
/// milk 1, iced tea 2; nationalities: Brit 0, Swede 1, Dane 2.
const CATEGORIES: &str = "\
Everyone has a different name: Ann, Bob, Cid.
Everyone has a different pet: cat, dog, fox.
Everyone drinks a different drink: tea, milk, iced tea.
Everyone has a different nationality: Brit, Swede, Dane.
";

const LEFT_TO_RIGHT: &str = "There are 3 people next to each other in a row in positions 1, 2, 3 who have the following characteristics.\n";

/// A grid's positions by name: `[ann, bob, cid, cat, tea, brit]`.
type Meaning = fn([usize; 6]) -> bool;

fn positions(g: &[[usize; 3]; 4]) -> [usize; 6] {
    [g[0][0], g[0][1], g[0][2], g[1][0], g[2][0], g[3][0]]
}

/// Asserts that `clue` under `intro` reads to exactly `meaning`.
fn reads_as(intro: &str, clue: &str, meaning: Meaning) {
    let text = format!("{intro}{CATEGORIES}Clue 1: {clue}\n");
    let english: EnglishPuzzle = text
        .parse()
        .unwrap_or_else(|e| panic!("{clue}: refused: {e}"));
    for g in grids() {
        assert_eq!(
            holds(&english, &g),
            meaning(positions(&g)),
            "{intro}{clue}\nread as {:?}\non {g:?}",
            english.clues()
        );
    }
}

/// Asserts that `clue` under `intro` is refused.
fn refused(intro: &str, clue: &str) {
    let text = format!("{intro}{CATEGORIES}Clue 1: {clue}\n");
    if let Ok(english) = text.parse::<EnglishPuzzle>() {
        panic!("{clue}: read as {:?}", english.clues());
    }
}

#[test]
fn possessives_and_different_nouns_are_read_the_right_way_round() {
    let cases: &[(&str, Meaning)] = &[
        ("Bob's left neighbour is Ann.", |[a, b, ..]| a + 1 == b),
        ("Bob's right neighbour is Ann.", |[a, b, ..]| a == b + 1),
        (
            "The cat owner's left neighbour drinks tea.",
            |[_, _, _, c, t, _]| t + 1 == c,
        ),
        ("To Bob's left lives Ann.", |[a, b, ..]| a < b),
        ("On Bob's right lives Ann.", |[a, b, ..]| a > b),
        ("Ann is to Bob's left.", |[a, b, ..]| a < b),
        (
            "The cat owner's house is left of Bob's.",
            |[_, b, _, c, ..]| c < b,
        ),
        ("Ann is Bob's left neighbour.", |[a, b, ..]| a + 1 == b),
        (
            "The tea drinker has a different pet from the cat owner.",
            |[_, _, _, c, t, _]| c != t,
        ),
        (
            "The tea drinker lives in a different house from the cat owner.",
            |[_, _, _, c, t, _]| c != t,
        ),
        (
            "The tea drinker owns a different animal to the cat owner.",
            |[_, _, _, c, t, _]| c != t,
        ),
        ("Ann cannot be the cat owner.", |[a, _, _, c, ..]| a != c),
        ("Ann doesnt own the cat.", |[a, _, _, c, ..]| a != c),
        ("Ann isnt the cat owner.", |[a, _, _, c, ..]| a != c),
        (
            "The person who doesn't have a cat is Ann.",
            |[a, _, _, c, ..]| a != c,
        ),
        ("Ann and Bob are not next to each other.", |[a, b, ..]| {
            a.abs_diff(b) != 1
        }),
        ("Ann lives right next to Bob.", |[a, b, ..]| {
            a.abs_diff(b) == 1
        }),
        (
            "Ann lives in the first seat, counting from the left.",
            |[a, ..]| a == 0,
        ),
        ("The cat is owned by Ann.", |[a, _, _, c, ..]| a == c),
        ("Ann lives nextdoor to Bob.", |[a, b, ..]| {
            a.abs_diff(b) == 1
        }),
        ("Ann is a house to the left of Bob.", |[a, b, ..]| {
            a + 1 == b
        }),
        ("Ann and Bob are next-door neighbours.", |[a, b, ..]| {
            a.abs_diff(b) == 1
        }),
        (
            "Ann is the same nationality as the Brit.",
            |[a, .., brit]| a == brit,
        ),
        ("Ann's drink is tea.", |[a, _, _, _, t, _]| a == t),
    ];
    for &(clue, meaning) in cases {
        reads_as(LEFT_TO_RIGHT, clue, meaning);
    }
}

#[test]
fn what_denies_doubts_or_relates_otherwise_is_refused() {
    let cases = [
        // A negation in a relative clause denies nothing of the relation.
        "Ann lives next to the person who does not drink tea.",
        "The person who does not drink tea lives next to Ann.",
        "Either Ann or Bob doesn't own the cat.",
        "Ann either drinks tea or does not own a cat.",
        "The tea drinker is Ann or the person who doesn't own a cat.",
        // Words that deny or doubt.
        "It is false that Ann owns the cat.",
        "The person without a cat is Ann.",
        "Ann is allergic to cats.",
        "Ann is a non-tea drinker.",
        "Ann wants a cat.",
        "Ann lacks a cat.",
        "Ann hates tea.",
        "Ann might own the cat.",
        "Ann probably owns the cat.",
        "Ann used to own the cat.",
        // Relations of place the reader does not know.
        "The cat owner precedes the tea drinker.",
        "The cat owner follows the tea drinker.",
        "Ann lives alongside Bob.",
        "Ann's house adjoins Bob's.",
        "The cat owner is separated from the tea drinker by one house.",
        "The tea drinker is unrelated to the cat owner.",
        // "right" and "next" that name no side.
        "Ann lives right in the middle.",
        "Ann is right at the left end.",
        "Ann lives right by Bob.",
        "Right, Ann owns the cat.",
        "Next, Bob owns the dog.",
        // Two values side by side: a person with both, which the
        // vocabulary cannot say in one clue.
        "The British cat owner drinks tea.",
        "The Swedish dog owner lives directly left of the Danish tea drinker.",
        // A relation spread over "and" to a place without a preposition.
        "Ann lives next to the cat owner and house 3.",
        "Ann lives to the left of Bob and the third house.",
        // A side counted from the other end than the numbering.
        "Ann is in house 1, counting from the right.",
        // Places and people related otherwise than the vocabulary says:
        // between two people only "is" makes them one.
        "Ann lives by the cat owner.",
        "Ann lives leftward of the cat owner.",
        "Ann lives distant from the cat owner.",
        "Ann envies the cat owner.",
        "Ann is married to the cat owner.",
        "Ann is loved by the tea drinker.",
        "Ann's best friend owns the cat.",
        "The cat owner's sister drinks tea.",
        "The cat's favourite person is Ann.",
        "Ann is the same age as the cat owner.",
        "Ann lives on the same street as the cat owner.",
        // Neighbours of neighbours, and an only neighbour.
        "Ann is next to the person next to Bob.",
        "Ann and Bob share a neighbour.",
        "Ann's only neighbour is Bob.",
        "The cat owner lives in the house to the left of the house next to Ann.",
        // Distances the reader does not count.
        "Ann lives a couple of houses to the left of the cat owner.",
        "Ann lives several houses to the left of the cat owner.",
        "Ann is well to the left of the cat owner.",
        // Alternatives, and denials in other words.
        "Bob drinks tea; otherwise Ann owns the cat.",
        "It is impossible that Ann owns the cat.",
        "It is a lie that Ann owns the cat.",
        "Ann detests tea.",
    ];
    for clue in cases {
        refused(LEFT_TO_RIGHT, clue);
    }
}

#[test]
fn a_row_not_numbered_1_to_n_on_a_line_is_refused() {
    for intro in [
        "There are 3 houses, numbered 0 to 2 from left to right.\n",
        "There are 3 houses. From left to right, they are numbered 1, 3 and 5.\n",
        "There are 3 houses, with house numbers 2, 3 and 4 from left to right.\n",
        "Three people sit around a round table, in seats numbered 1 to 3.\n",
        "Three people live in a tower, one per storey, numbered 1 to 3 from the top down.\n",
    ] {
        let text = format!("{intro}{CATEGORIES}Clue 1: Ann lives in house 2.\n");
        assert!(text.parse::<EnglishPuzzle>().is_err(), "{intro}");
    }
}

#[test]
fn a_number_after_a_categorys_noun_is_its_value() {
    let text = "\
There are 3 people next to each other in a row in positions 1, 2, 3 who have the following characteristics.
Everyone has a different name: Ann, Bob, Cid.
Everyone has a different lucky number: 1, 2, 3.
Clue 1: The person with lucky number 2 is Ann.
";
    let english: EnglishPuzzle = text.parse().unwrap();
    // Lucky numbers are category 1: Ann (name 0) has value 2 (index 1).
    for g in grids() {
        assert_eq!(
            holds(&english, &g),
            g[0][0] == g[1][1],
            "{:?}",
            english.clues()
        );
    }
}

#[test]
fn a_row_numbered_from_the_right_is_seen_in_any_words() {
    let cases: &[(&str, &str, Meaning)] = &[
        (
            "There are 3 houses, numbered 1 to 3 starting from the right.\n",
            "Bob lives somewhere to the right of Cid.",
            |[_, b, c, ..]| b < c,
        ),
        (
            "There are 3 houses in a row. House 1 is at the right end and house 3 is at the left end.\n",
            "Bob lives directly left of Ann.",
            |[a, b, ..]| b == a + 1,
        ),
        (
            "Three people stand in a queue, numbered 1 to 3 from right to left. Position 1 is the front of the queue.\n",
            "Bob is directly behind Ann.",
            |[a, b, ..]| b == a + 1,
        ),
        (
            "Three people stand in a queue, numbered 1 to 3 from left to right. Position 1 is the front of the queue.\n",
            "Bob is somewhere ahead of Ann.",
            |[a, b, ..]| b < a,
        ),
        (
            "Three friends stand in a line, numbered 1 to 3 from right to left.\n",
            "Ann is in the first position, counting from the left.",
            |[a, ..]| a == 2,
        ),
        (
            "Three friends stand in a line, numbered 1 to 3 from right to left.\n",
            "Ann is in the third position from the right.",
            |[a, ..]| a == 2,
        ),
    ];
    for &(intro, clue, meaning) in cases {
        reads_as(intro, clue, meaning);
    }
}

/// A header whose values are number words and ordinals.
const COUNTED: &str = "\
There are 3 people next to each other in a row in positions 1, 2, 3 who have the following characteristics.
Everyone has a different name: Ann, Bob, Cid.
Everyone has a different number of children: one, two, three.
Everyone arrived in a different order: first, second, third.
Everyone is a different child in their family: eldest, middle, youngest.
";

#[test]
fn number_words_beside_places_are_places_not_values() {
    // Names are category 0; a clue about places only reads the names.
    type OfAnnAndBob = fn(usize, usize) -> bool;
    let cases: &[(&str, OfAnnAndBob)] = &[
        ("There is one house between Ann and Bob.", |a, b| {
            a.abs_diff(b) == 2
        }),
        ("Ann lives in the first house.", |a, _| a == 0),
        ("Ann lives in the middle house.", |a, _| a == 1),
        ("Ann lives in house two.", |a, _| a == 1),
    ];
    for &(clue, meaning) in cases {
        let text = format!("{COUNTED}Clue 1: {clue}\n");
        let english: EnglishPuzzle = text.parse().unwrap_or_else(|e| panic!("{clue}: {e}"));
        for g in grids() {
            assert_eq!(
                holds(&english, &g),
                meaning(g[0][0], g[0][1]),
                "{clue}: {:?}",
                english.clues()
            );
        }
    }
    // "two houses between" two people of a row of three: never.
    let text = format!("{COUNTED}Clue 1: There are two houses between Ann and Bob.\n");
    assert!(text.parse::<EnglishPuzzle>().is_err());
}

/// One solution: 1 Ann fox milk, 2 Bob dog tea, 3 Cid cat iced tea.
const SOLVED: &str = "\
There are 3 people next to each other in a row in positions 1, 2, 3 who have the following characteristics.
Everyone has a different name: Ann, Bob, Cid.
Everyone has a different pet: cat, dog, fox.
Everyone drinks a different drink: tea, milk, iced tea.
Clue 1: Ann is in the first position.
Clue 2: Bob is in the second position.
Clue 3: The fox owner is in the first position.
Clue 4: The dog owner is in the second position.
Clue 5: The milk drinker is in the first position.
Clue 6: The tea drinker is in the second position.
";

/// The forced answer's text of `question` on [`SOLVED`], or `None` when
/// the question is refused.
fn answer(question: &str) -> Option<String> {
    let text = format!("{SOLVED}Question: {question}\n");
    let english: EnglishPuzzle = text.parse().ok()?;
    match english.answerer()?.answer() {
        Answered::Forced(answer, _) => Some(answer.text),
        other => panic!("{question}: {other:?}"),
    }
}

#[test]
fn questions_ask_what_their_opening_words_ask() {
    assert_eq!(
        answer("Which person's drink is tea?").as_deref(),
        Some("Bob")
    );
    assert_eq!(answer("Whose pet is the cat?").as_deref(), Some("Cid"));
    assert_eq!(answer("What does Cid drink?").as_deref(), Some("iced tea"));
    // An opening word inside a clause before the question, and a
    // negation, are refused rather than read as something else.
    for question in [
        "For the person who owns the cat, what is the drink?",
        "Consider the person who drinks iced tea: what is their pet?",
        "Who doesnt own the cat?",
        "Who does not own the cat?",
        // A noun of no category is not another's ("colour" of the cat),
        // and a relation in the question is no identity.
        "What colour is Cid's cat?",
        "What is the drink of Cid's pet?",
        "Who lives by Cid?",
        "What did Cid drink yesterday?",
    ] {
        assert_eq!(answer(question), None, "{question}");
    }
}

#[test]
fn a_model_answer_is_its_last_and_a_denial_answers_nothing() {
    let drink: EnglishPuzzle = format!("{SOLVED}Question: What does Cid drink?\n")
        .parse()
        .unwrap();
    let grade = drink
        .grade_answer("The answer is iced tea.\nWait, no: Answer: milk")
        .unwrap();
    assert!(!grade.right);
    assert!(
        drink
            .grade_answer("\\boxed{tea} ... final answer: iced tea")
            .unwrap()
            .right
    );
    assert!(matches!(
        drink.grade_answer("Answer: not iced tea"),
        Err(GradeError::UnreadableAnswer { .. })
    ));
    let place: EnglishPuzzle = format!("{SOLVED}Question: What position is Ann at?\n")
        .parse()
        .unwrap();
    let grade = place.grade_answer("Answer: third from the right").unwrap();
    assert!(grade.right);
    assert_eq!(
        grade.read,
        AnswerValue::House(House::from_number(1).unwrap())
    );
    assert!(matches!(
        place.grade_answer("Answer: not position 1"),
        Err(GradeError::UnreadableAnswer { .. })
    ));
    // An answer is one value or place and nothing else.
    for output in [
        "Answer: all but iced tea",
        "Answer: the drink of Bob's neighbour",
        "Answer: iced tea is wrong",
    ] {
        assert!(
            matches!(
                drink.grade_answer(output),
                Err(GradeError::UnreadableAnswer { .. })
            ),
            "{output}"
        );
    }
    for output in [
        "Answer: the house right of position 2",
        "Answer: the last but one",
        "Answer: position 2 (counting from the right)",
    ] {
        assert!(
            matches!(
                place.grade_answer(output),
                Err(GradeError::UnreadableAnswer { .. })
            ),
            "{output}"
        );
    }
}

#[test]
fn an_opening_sentence_about_the_row_is_no_clue_of_its_values() {
    // Ages 1 to 3 and positions 1 to 3: the opening sentence numbers the
    // row, it does not relate ages.
    let text = "\
There are 3 people next to each other in a row in positions 1, 2, 3 who have the following characteristics.
Everyone has a different name: Ann, Bob, Cid.
Everyone has a different age: 1, 2, 3.
Clue 1: Ann is in the first position.
Clue 2: The person whose age is 2 is Ann.
";
    let english: EnglishPuzzle = text.parse().unwrap();
    assert_eq!(english.clues().len(), 2);
}

#[test]
fn two_categories_of_one_noun_are_refused() {
    let text = "\
There are 2 people next to each other in a row in positions 1, 2 who have the following characteristics.
Each person has a unique name: Eric, Peter.
Each pet has a unique name: Eric, Peter.
Clue 1: Eric is in the first position.
";
    let err = text.parse::<EnglishPuzzle>().unwrap_err();
    assert!(
        matches!(err.kind(), ReadErrorKind::RepeatedCategory { category } if category == "name"),
        "{err}"
    );
}

/// The clues of `text` read, or the error's text.
fn read_clues(text: &str) -> Result<Vec<String>, String> {
    text.parse::<EnglishPuzzle>()
        .map(|e| e.clues().iter().map(|c| format!("{c:?}")).collect())
        .map_err(|e| e.to_string())
}

#[test]
fn a_proper_name_does_not_hide_another_values_forms() {
    let flowers = "\
There are 3 people next to each other in a row in positions 1, 2, 3 who have the following characteristics.
Everyone has a different name: Rose, Lily, Daisy.
Everyone has a different favorite flower: roses, lilies, daisies.
Clue 1: The person whose favorite flower is a daisy is Rose.
";
    let english: EnglishPuzzle = flowers.parse().unwrap();
    // Rose (name 0) has the daisies (flower 2).
    for g in grids() {
        assert_eq!(holds(&english, &g), g[0][0] == g[1][2]);
    }
    // A language is no nationality, a country visited no origin.
    for clue in [
        "The Englishman visited Norway.",
        "The person from Sweden lives in house 1.",
    ] {
        let text = format!(
            "There are 3 people next to each other in a row in positions 1, 2, 3 who have the following characteristics.
Everyone has a different nationality: Brit, Swede, Dane.
Everyone has visited a different country: Sweden, Norway, Denmark.
Everyone speaks a different language: English, Danish, Swedish.
Clue 1: {clue}
"
        );
        assert!(
            read_clues(&text).is_err(),
            "{clue}: {:?}",
            read_clues(&text)
        );
    }
}

#[test]
fn a_clue_cut_by_a_line_break_or_asked_is_not_read_short() {
    let head = "\
There are 3 people next to each other in a row in positions 1, 2, 3 who have the following characteristics.
Everyone has a different name: Ann, Bob, Cid.
Everyone has a different pet: cat, dog, fox.
Everyone has a different drink: tea, milk, iced tea.
";
    // The line goes on: read whole.
    let text = format!("{head}Clue 1: Ann is not the cat owner's\nneighbour.\n");
    let english: EnglishPuzzle = text.parse().unwrap();
    for g in grids() {
        assert_eq!(holds(&english, &g), g[0][0].abs_diff(g[1][0]) != 1);
    }
    for clue in [
        "Clue 1: Ann lives next to the cat owner's\nneighbour.\n",
        "Clue 1: Ann lives in house 1, or the cat owner\nlives in house 2.\n",
        "Clue 1: Does Bob live in house 2? No.\n",
        // A near spelling of a longer value beside a shorter one.
        "Clue 1: The ice tea drinker lives in house 1.\n",
    ] {
        assert!(
            read_clues(&format!("{head}{clue}")).is_err(),
            "{clue}: {:?}",
            read_clues(&format!("{head}{clue}"))
        );
    }
}

#[test]
fn a_second_column_for_one_category_is_an_error() {
    let english: EnglishPuzzle = SOLVED.parse().unwrap();
    let grader = english.grid_grader().unwrap();
    let row = |house: u32, name: &str, pet: &str, drink: &str| {
        format!(
            "\"House {house}\": {{\"Name\": \"{name}\", \"Pet\": \"{pet}\", \"Pet type\": \"cat\", \"Drink\": \"{drink}\"}}"
        )
    };
    let output = format!(
        "{{\"solution\": {{{}, {}, {}}}}}",
        row(1, "Ann", "fox", "milk"),
        row(2, "Bob", "dog", "tea"),
        row(3, "Cid", "cat", "iced tea")
    );
    assert!(matches!(
        grader.grade(&output),
        Err(GradeError::UnknownColumn { .. })
    ));
}

#[test]
fn bbehs_instruction_is_no_clue_whatever_the_values() {
    let text = "\
There are 3 people next to each other in a row in positions 1, 2, 3 who have the following characteristics.
Everyone has a different name: Ann, Bob, Cid.
Everyone has a different job: end, middle, first.
Clue 1: Ann lives in house 1.
Clue 2: The person who has end is Bob.
Question: What position is Cid at?
";
    let english: EnglishPuzzle = text.parse().unwrap();
    for style in [Style::Bbeh, Style::ZebraLogic, Style::ReasoningGym] {
        let written = english.clone().with_style(style).to_string();
        let back: EnglishPuzzle = written.parse().unwrap_or_else(|e| panic!("{e}\n{written}"));
        assert_eq!(back.puzzle(), english.puzzle(), "{written}");
    }
}

#[test]
fn a_subject_named_then_placed_comparisons_in_a_queue_and_sides_read_exactly() {
    const QUEUE: &str = "Three people stand in a queue, numbered 1 to 3 from left to right. Position 1 is the front of the queue.\n";
    const QUEUE_FLIPPED: &str = "Three people stand in a queue, numbered 1 to 3 from right to left. Position 1 is the front of the queue.\n";
    let dashed = "There are 3 houses in a row, numbered 1-3 from left to right.\n";
    let cases: &[(&str, &str, Meaning)] = &[
        (
            LEFT_TO_RIGHT,
            "Ann is the cat owner and lives next to Bob.",
            |[a, b, _, c, ..]| a == c && a.abs_diff(b) == 1,
        ),
        (
            LEFT_TO_RIGHT,
            "Ann owns the cat and is not next to Bob.",
            |[a, b, _, c, ..]| a == c && a.abs_diff(b) != 1,
        ),
        (
            LEFT_TO_RIGHT,
            "Ann is not the cat owner and lives somewhere to the left of Bob.",
            |[a, b, _, c, ..]| a != c && a < b,
        ),
        (
            LEFT_TO_RIGHT,
            "Ann is the cat owner and lives in the third house.",
            |[a, _, _, c, ..]| a == c && a == 2,
        ),
        (
            LEFT_TO_RIGHT,
            "The tea drinker keeps the cat and is immediately right of Cid.",
            |[_, _, c, cat, t, _]| t == cat && t == c + 1,
        ),
        (
            LEFT_TO_RIGHT,
            "Bob and Cid are on either side of Ann.",
            |[a, b, c, ..]| b.min(c) < a && a < b.max(c),
        ),
        (
            dashed,
            "Bob and the cat owner live on both sides of the tea drinker.",
            |[_, b, _, c, t, _]| b.min(c) < t && t < b.max(c),
        ),
        (
            QUEUE,
            "Ann stands further forward in the queue than Bob.",
            |[a, b, ..]| a < b,
        ),
        (
            QUEUE_FLIPPED,
            "Ann stands further forward in the queue than Bob.",
            |[a, b, ..]| a < b,
        ),
        (
            QUEUE,
            "Ann stands further back in the queue than the cat owner.",
            |[a, _, _, c, ..]| a > c,
        ),
        (QUEUE, "Ann is nearer the front than Bob.", |[a, b, ..]| {
            a < b
        }),
        (
            QUEUE_FLIPPED,
            "Ann is closer to the back of the queue than Bob.",
            |[a, b, ..]| a > b,
        ),
        (
            QUEUE,
            "Ann does not stand at the front or the back of the queue.",
            |[a, ..]| a == 1,
        ),
        (
            QUEUE_FLIPPED,
            "Ann stands at the front of the queue.",
            |[a, ..]| a == 0,
        ),
        (QUEUE, "Bob stands at the back.", |[_, b, ..]| b == 2),
        (
            QUEUE,
            "Ann is at one of the two ends of the queue.",
            |[a, ..]| a != 1,
        ),
    ];
    for &(intro, clue, meaning) in cases {
        reads_as(intro, clue, meaning);
    }
    for clue in [
        // Two subjects, two clauses: not read as one of them twice.
        "Ann has the cat and Bob lives next to Cid.",
        // Front and back say nothing of a row of houses.
        "Ann lives further back than Bob.",
        "Ann is nearer the front than Bob.",
        // Only "on either side of" places one between the two.
        "Bob and Cid are either side Ann.",
    ] {
        refused(LEFT_TO_RIGHT, clue);
    }
    // Where the subject is, said after who it is.
    reads_as(
        QUEUE,
        "The cat owner drinks tea and is third in the queue.",
        |[_, _, _, c, t, _]| c == t && c == 2,
    );
    reads_as(
        QUEUE,
        "Ann is the cat owner and isn't first in the queue.",
        |[a, _, _, c, ..]| a == c && a != 0,
    );
    reads_as(
        LEFT_TO_RIGHT,
        "Ann owns the cat and is not in position 2.",
        |[a, _, _, c, ..]| a == c && a != 1,
    );
    reads_as(
        QUEUE,
        "The Brit is at neither end of the queue.",
        |[.., brit]| brit == 1,
    );
    reads_as(
        LEFT_TO_RIGHT,
        "Ann owns the cat and does not run stall 3.",
        |[a, _, _, c, ..]| a == c && a != 2,
    );
    reads_as(QUEUE, "Ann is third from the back.", |[a, ..]| a == 0);
    // A negation glued to the next word by a stray quote is read.
    reads_as(LEFT_TO_RIGHT, "Ann is not\"in position 1.", |[a, ..]| {
        a != 0
    });
    reads_as(
        QUEUE_FLIPPED,
        "Ann stands first from the back.",
        |[a, ..]| a == 2,
    );
    // A second clause whose subject comes after its relation, a count of
    // distance nobody reads, a clause left to be filled in, hedges,
    // selling, ordinals that are no places, distances compared: refused.
    for clue in [
        "Ann owns the cat and directly left of that person lives Bob.",
        "Ann owns the cat and just to the right is Bob.",
        "Ann owns the cat and the house to the left is Bob's.",
        "Ann owns the cat or Bob does.",
        "Ann is in house 1 or Bob is.",
        "Ann owns the cat and is sometimes in house 1.",
        "Ann is not only in house 1.",
        "Ann owns the cat and is first to arrive.",
        "Ann is second tallest.",
        "The trader who sells tea is Bob.",
        "Ann is first in the queue.",
    ] {
        refused(LEFT_TO_RIGHT, clue);
    }
    for clue in [
        "Ann is one further back than Bob.",
        "Ann is further back than Bob by one place.",
        "Ann is closer to the front than to Bob.",
        "Ann is nearer the front than Bob is to the back.",
        "Ann is further back than Bob is forward.",
    ] {
        refused(QUEUE, clue);
    }
    // A distance before a comparison is kept.
    reads_as(
        QUEUE,
        "Ann is one place further back than Bob.",
        |[a, b, ..]| a == b + 1,
    );
    reads_as(QUEUE, "Ann stands one place behind Bob.", |[a, b, ..]| {
        a == b + 1
    });
    reads_as(
        LEFT_TO_RIGHT,
        "Ann is one house further left than Bob.",
        |[a, b, ..]| a + 1 == b,
    );
    // Said of a pronoun, of a possessive's owner, or of one person on
    // either side: refused, never turned round or moved to another.
    for clue in [
        "Ann is the cat owner and to her left is Bob.",
        "Ann is the cat owner and her left neighbour is Bob.",
        "Ann lives next to Cid and to her left is Bob.",
        "The cat owner's neighbour is Ann and lives in house 3.",
        "Bob lives on either side of Ann and Cid does too.",
        "Ann lives on either side of Bob and Cid.",
        "Ann is the cat owner and the only one next to Bob.",
        "Ann lives next to Bob only.",
        "Ann allegedly lives next to Bob.",
    ] {
        refused(LEFT_TO_RIGHT, clue);
    }
    for clue in [
        "Ann is the cat owner and behind her is Bob.",
        "Ann is nearer the front than the back.",
        "Ann sits in the back row.",
        "Ann has a pain in the back.",
    ] {
        refused(QUEUE, clue);
    }
    // A comparison says what it compares with ("behind" says it here).
    reads_as(
        QUEUE,
        "Ann stands further back in the queue, behind Bob.",
        |[a, b, ..]| a > b,
    );
    refused(QUEUE, "Ann is nearer the front, ahead of Bob.");
    refused(QUEUE, "Ann stands further back in the hall the cat owner.");
}

#[test]
fn either_of_two_on_a_side_of_a_third_reads_exactly() {
    let flipped = "There are 3 houses, numbered 1 to 3 from right to left.\n";
    let cases: &[(&str, &str, Meaning)] = &[
        (
            LEFT_TO_RIGHT,
            "Either Ann or Bob lives next to Cid.",
            |[a, b, c, ..]| a.abs_diff(c) == 1 || b.abs_diff(c) == 1,
        ),
        (
            LEFT_TO_RIGHT,
            "Either the cat owner or Bob is directly left of the tea drinker.",
            |[_, b, _, c, t, _]| c + 1 == t || b + 1 == t,
        ),
        (
            LEFT_TO_RIGHT,
            "Either Ann or the Brit stays just to the right of Cid.",
            |[a, _, c, _, _, brit]| a == c + 1 || brit == c + 1,
        ),
        (
            LEFT_TO_RIGHT,
            "Either Ann or Bob is somewhere to the left of the cat owner.",
            |[a, b, _, c, ..]| a < c || b < c,
        ),
        (
            LEFT_TO_RIGHT,
            "Either Bob or the tea drinker lives anywhere to the right of Ann.",
            |[a, b, _, _, t, _]| b > a || t > a,
        ),
        (
            flipped,
            "Either Ann or Bob lives immediately to the left of Cid.",
            |[a, b, c, ..]| a == c + 1 || b == c + 1,
        ),
        (
            flipped,
            "Either Ann or Bob lives somewhere to the right of Cid.",
            |[a, b, c, ..]| a < c || b < c,
        ),
    ];
    for &(intro, clue, meaning) in cases {
        reads_as(intro, clue, meaning);
    }
    reads_as(
        LEFT_TO_RIGHT,
        "Either Ann or the cat owner is at one of the ends.",
        |[a, _, _, c, ..]| a != 1 || c != 1,
    );
    reads_as(
        "Three people stand in a queue, numbered 1 to 3 from left to right. Position 1 is the front of the queue.\n",
        "Either Bob or the Brit stands at either end of the queue.",
        |[_, b, .., brit]| b != 1 || brit != 1,
    );
    reads_as(
        LEFT_TO_RIGHT,
        "Either Ann or the tea drinker lives in the second house or the third house.",
        |[a, _, _, _, t, _]| a >= 1 || t >= 1,
    );
    for clue in [
        "Either Ann or Bob is not at an end.",
        "Either Ann or Bob lives in the second house or Cid.",
    ] {
        refused(LEFT_TO_RIGHT, clue);
    }
    for clue in [
        // A negation the clue cannot take.
        "Either Ann or Bob does not live next to Cid.",
        "Either Ann or Bob lives not next to Cid.",
        // "Or" without "either" before the first: not read as a choice.
        "Ann or Bob lives next to Cid.",
    ] {
        refused(LEFT_TO_RIGHT, clue);
    }
}

#[test]
fn either_side_clues_are_written_and_read_back_in_every_style() {
    use kongming_zebra_csp::{Clue, Puzzle, Side};
    let mut puzzle: Puzzle = "\
name: Ann Bob Cid
pet: cat dog fox
"
    .parse()
    .unwrap();
    let [ann, bob, cid, cat] =
        ["Ann", "Bob", "Cid", "cat"].map(|v| Term::Value(puzzle.item(v).unwrap()));
    for side in Side::ALL {
        puzzle
            .add_clue(Clue::EitherSide(ann, cat, side, cid))
            .unwrap();
    }
    let [first, second, third] = [1, 2, 3].map(|n| House::from_number(n).unwrap());
    puzzle
        .add_clue(Clue::EitherAt(ann, cat, first, third))
        .unwrap();
    puzzle
        .add_clue(Clue::EitherAt(bob, cat, second, third))
        .unwrap();
    let fourth = House::from_number(4).unwrap();
    assert!(
        puzzle
            .add_clue(Clue::EitherAt(bob, cat, second, fourth))
            .is_err()
    );
    puzzle
        .add_clue(Clue::EitherSide(bob, cid, Side::NextTo, ann))
        .unwrap();
    written_and_read_back(&puzzle, "Ann or cat somewhere-left-of Cid");
}

/// Checks that `puzzle`'s text format holds `line` and reads back to it,
/// and that it is written in every style as English that reads back to
/// the same clues.
fn written_and_read_back(puzzle: &kongming_zebra_csp::Puzzle, line: &str) {
    let text = puzzle.to_string();
    assert!(text.contains(line), "{text}");
    let back: kongming_zebra_csp::Puzzle = text.parse().unwrap();
    assert_eq!(&back, puzzle);
    for style in [Style::Bbeh, Style::ZebraLogic, Style::ReasoningGym] {
        let written = EnglishPuzzle::from_puzzle(puzzle, style)
            .unwrap()
            .to_string();
        let read: EnglishPuzzle = written.parse().unwrap_or_else(|e| panic!("{e}\n{written}"));
        assert_eq!(read.puzzle().clues(), puzzle.clues(), "{written}");
    }
}

#[test]
fn a_category_named_as_a_place_is_no_place_and_only_people_name_people() {
    let refused = |text: &str| {
        if let Ok(english) = text.parse::<EnglishPuzzle>() {
            panic!("{text}\nread as {:?}", english.clues());
        }
    };
    // "locker 1" is the value of a category of lockers, not place 1.
    refused(
        "There are 3 people next to each other in a row in positions 1, 2, 3.\n\
         Everyone has a different name: Ann, Bob, Cid.\n\
         Everyone has a different locker: 1, 2, 3.\n\
         Clue 1: Ann has locker 1.\n",
    );
    refused(
        "There are 3 people next to each other in a row in positions 1, 2, 3.\n\
         Everyone has a different name: Ann, Bob, Cid.\n\
         Everyone has a different seat: first, second, third.\n\
         Clue 1: Ann sits in the first seat.\n",
    );
    // The children of the people are not the people: "Who" is not theirs.
    let text = "There are 3 houses, numbered 1 to 3 from left to right.\n\
                Names: Ann, Bob, Cid.\n\
                The children of the people are called Tim, Sue and Max.\n\
                Drinks: tea, milk, water.\n\
                Clue 1: Ann drinks tea.\n\
                Clue 2: Tim is in house 1.\n\
                Clue 3: Ann is in house 1.\n\
                Clue 4: Bob is in house 2.\n\
                Clue 5: Sue is in house 2.\n\
                Clue 6: The milk drinker is in house 2.\n\
                Question: Who drinks tea?\n";
    let english: EnglishPuzzle = text.parse().unwrap();
    let Some(answerer) = english.answerer() else {
        panic!("a question");
    };
    match answerer.answer() {
        Answered::Forced(value, _) => assert_eq!(value.text, "Ann"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn selling_is_read_only_of_what_the_categories_say_is_sold() {
    let market = |clue: &str| {
        format!(
            "3 market stalls are set up in a line and numbered 1 to 3, left to right.\n\
             Their names are Ann, Bob and Cid.\n\
             Each trader sells different goods (cheese, bread, honey).\n\
             Each trader has a different drink (tea, milk, water).\n\
             1) {clue}\n\
             2) Ann runs stall 1.\n\
             3) Bob runs stall 2.\n\
             4) The person who sells bread runs stall 3.\n\
             5) The tea drinker runs stall 2.\n\
             6) Cid drinks milk.\n\
             Q: Which stall does the person who sells honey run?\n"
        )
    };
    // Cheese is Bob's: honey is Ann's, in stall 1.
    let english: EnglishPuzzle = market("Bob sells cheese.").parse().unwrap();
    match english.answerer().unwrap().answer() {
        Answered::Forced(value, _) => assert_eq!(value.text, "1"),
        other => panic!("{other:?}"),
    }
    let english: EnglishPuzzle = market("The trader who sells the cheese is Bob.")
        .parse()
        .unwrap();
    assert_eq!(english.clues().len(), 6);
    // Tea is a drink: selling it says nothing of who drinks it.
    assert!(market("Bob sells tea.").parse::<EnglishPuzzle>().is_err());
    assert!(market("Bob buys cheese.").parse::<EnglishPuzzle>().is_err());
    // What is bought is not sold, and a word of selling elsewhere in a
    // description licenses nothing.
    let refused = |text: &str| {
        if let Ok(english) = text.parse::<EnglishPuzzle>() {
            panic!("{text}\nread as {:?}", english.clues());
        }
    };
    refused(
        "There are 3 houses, numbered 1 to 3 from left to right.\n\
         Each person has a different name: Ann, Bob, Cid.\n\
         Each customer bought different goods at the market: cheese, bread, honey.\n\
         1. Cid sells honey.\n",
    );
    refused(
        "There are 3 stalls in a row, numbered 1 to 3 from left to right.\n\
         Each trader has a different name: Ann, Bob, Cid.\n\
         Each person who sells at the market owns a different pet: cat, dog, fox.\n\
         1. Cid sells cats.\n",
    );
    // Selling what a value names only part of: not the value.
    for clue in ["Ann sells cat food.", "Ann sells the dog's food."] {
        refused(&format!(
            "There are 3 stalls in a row, numbered 1 to 3 from left to right.\n\
             The traders are called Ann, Bob, Cid.\n\
             Each trader sells a different pet: cat, dog, fox.\n\
             1. {clue}\n"
        ));
    }
    let bought: EnglishPuzzle = "There are 3 houses, numbered 1 to 3 from left to right.\n\
         Each person has a different name: Ann, Bob, Cid.\n\
         Each customer bought different goods at the market: cheese, bread, honey.\n\
         1. Cid buys honey.\n"
        .parse()
        .unwrap();
    assert_eq!(bought.clues().len(), 1);
}

#[test]
fn multizebralogics_phrasings_read_exactly() {
    // "…, and they are different people": the relation, and not the same.
    reads_as(
        LEFT_TO_RIGHT,
        "Ann does not live next to the cat owner, and they are different people.",
        |[a, _, _, cat, ..]| a.abs_diff(cat) != 1 && a != cat,
    );
    reads_as(
        LEFT_TO_RIGHT,
        "The tea drinker lives to the left of the Brit, and they are two different people.",
        |[_, _, _, _, tea, brit]| tea < brit,
    );
    // A count that is not theirs.
    refused(
        LEFT_TO_RIGHT,
        "Ann does not live next to the cat owner, and they are three different people.",
    );
    refused(
        LEFT_TO_RIGHT,
        "Ann does not live next to the cat owner, and they are old friends.",
    );
    // "house no. 2" is house 2; "no" elsewhere still denies.
    reads_as(LEFT_TO_RIGHT, "Ann lives in house no. 2.", |[a, ..]| a == 1);
    reads_as(
        LEFT_TO_RIGHT,
        "Ann does not live in house no. 3.",
        |[a, ..]| a != 2,
    );
    // "Who has which attributes and lives in which house?" asks the whole
    // grid: a puzzle without a question.
    let text = format!(
        "{LEFT_TO_RIGHT}{CATEGORIES}Clue 1: Ann lives in house no. 1.\n\
         Who has which attributes and lives in which house?\n"
    );
    let english: EnglishPuzzle = text.parse().unwrap();
    assert!(english.question().is_none());
}

#[test]
fn what_someone_knows_thinks_or_says_is_no_clue() {
    for clue in [
        "The cat owner knows that tea is healthy.",
        "Ann knows that milk contains calcium.",
        "The Brit thinks the best drink is tea.",
        "Ann says that she likes tea.",
        "The dog owner believes tea is overrated.",
    ] {
        refused(LEFT_TO_RIGHT, clue);
    }
}

#[test]
fn unread_clues_are_set_aside_only_when_asked() {
    let text = format!(
        "{LEFT_TO_RIGHT}{CATEGORIES}\
         Clue 1: Ann owns the cat.\n\
         Clue 2: The cat owner is good friends with the person who has been to Canada.\n\
         Clue 3: Snails are molluscs.\n\
         Clue 4: The cat owner knows that tea is healthy.\n\
         Clue 5: Ann is in position 1.\n"
    );
    assert!(text.parse::<EnglishPuzzle>().is_err());
    let english = Reader::new().skip_unread_clues(true).read(&text).unwrap();
    let skipped: Vec<Option<usize>> = english.skipped_clues().iter().map(|e| e.clue()).collect();
    assert_eq!(skipped, [Some(2), Some(3), Some(4)]);
    // Only the clues read: Ann owns the cat, in position 1.
    assert_eq!(english.puzzle().clues().len(), 2);
    for g in grids() {
        let [a, _, _, cat, ..] = positions(&g);
        assert_eq!(holds(&english, &g), a == 0 && cat == 0, "{g:?}");
    }
    // The opening, the categories and the question stay strict.
    let bad_question = format!("{text}Question: Who sells the dog?\n");
    assert!(
        Reader::new()
            .skip_unread_clues(true)
            .read(&bad_question)
            .is_err()
    );
}

#[test]
fn not_between_reads_exactly_and_is_written_back_in_every_style() {
    reads_as(
        LEFT_TO_RIGHT,
        "Ann does not live between Bob and the cat owner.",
        |[a, b, _, cat, ..]| !((b < a && a < cat) || (cat < a && a < b)),
    );
    reads_as(
        LEFT_TO_RIGHT,
        "The tea drinker is not somewhere between Bob and Cid.",
        |[_, b, c, _, tea, _]| !((b < tea && tea < c) || (c < tea && tea < b)),
    );
    // MultiZebraLogic's: and all three different people.
    reads_as(
        LEFT_TO_RIGHT,
        "Ann does not live between the cat owner and the Brit, and they are three different people.",
        |[a, _, _, cat, _, brit]| {
            !((cat < a && a < brit) || (brit < a && a < cat))
                && a != cat
                && a != brit
                && cat != brit
        },
    );
    use kongming_zebra_csp::{Clue, Puzzle};
    let mut puzzle: Puzzle = "\
name: Ann Bob Cid
pet: cat dog fox
"
    .parse()
    .unwrap();
    let [ann, cid, cat] = ["Ann", "Cid", "cat"].map(|v| Term::Value(puzzle.item(v).unwrap()));
    puzzle.add_clue(Clue::NotBetween(ann, cat, cid)).unwrap();
    written_and_read_back(&puzzle, "Ann not-between cat and Cid");
}

/// The puzzles of a review's hunt: each once read to a wrong answer.
const HUNT_HEAD: &str = "There are 3 houses, numbered 1 to 3 from left to right.\n\
                         Each person has a different name: Ann, Bob, Cid.\n";

/// `text`'s forced answer, if it reads and its question is forced.
fn forced(reader: Reader, text: &str) -> Option<String> {
    let english = reader.read(text).ok()?;
    match english.answerer()?.answer() {
        Answered::Forced(answer, _) => Some(answer.text),
        _ => None,
    }
}

#[test]
fn a_value_phrase_whose_verb_may_deny_its_object_is_refused() {
    for (category, clue, question) in [
        (
            "Each person has a different skill: one cannot swim, one can dance, and one can sing.",
            "3. Bob can dance.\n4. Cid can swim.\n",
            "Who can sing?",
        ),
        (
            "Each person has a different vehicle: one lacks a car, one rides a bike, and one sails a boat.",
            "3. Bob rides a bike.\n4. Cid drives a car.\n",
            "Who sails a boat?",
        ),
        (
            "Each person has a different taste in drinks: one hates tea, one likes milk, and one likes water.",
            "3. Bob likes milk.\n4. Cid loves tea.\n",
            "Who likes water?",
        ),
    ] {
        let text = format!(
            "{HUNT_HEAD}{category}\n1. Ann lives in house 1.\n2. Bob lives in house 2.\n{clue}{question}\n"
        );
        assert_eq!(forced(Reader::new(), &text), None, "{text}");
    }
}

#[test]
fn a_place_question_ends_with_its_verb_of_holding() {
    let text = "There are 3 stalls in a row, numbered 1 to 3 from left to right.\n\
                Each stallholder has a different name: Ann, Bob, Cid.\n\
                Each stallholder has a different pet: cat, dog, fox.\n\
                1. Ann is in stall 1.\n2. Bob is in stall 2.\n3. Bob has the dog.\n";
    let ask = |q: &str| forced(Reader::new(), &format!("{text}{q}\n"));
    assert_eq!(
        ask("Which stall does the person who has the dog visit?"),
        None
    );
    assert_eq!(
        ask("Which stall does the person who has the dog run?").as_deref(),
        Some("2")
    );
}

#[test]
fn clues_about_other_clues_are_never_set_aside() {
    let pets = "Each person has a different pet: cat, dog, fox.\n\
                1. Ann lives in house 1.\n2. Bob lives in house 2.\n";
    let lenient = || Reader::new().skip_unread_clues(true);
    for rest in [
        "3. Ann owns the cat. Or Bob does.\n",
        "3. Ann owns the cat; otherwise Bob owns the dog.\n",
        "3. Exactly one of the following two statements is true.\n4. Ann owns the cat.\n5. Bob owns the dog.\n",
        "3. The next clue is false.\n4. Ann owns the cat.\n",
        "3. It is not the case that\n   Ann owns the cat.\n",
        "3. Ann lies.\n4. Ann owns the cat.\n",
        "3. Suppose Ann owns the dog.\n4. Ann owns the cat.\n",
    ] {
        let text = format!("{HUNT_HEAD}{pets}{rest}Who owns the cat?\n");
        for reader in [lenient(), lenient().either_reading(true)] {
            assert_eq!(forced(reader, &text), None, "{text}");
        }
    }
    // A sentence that speaks of nothing else is still set aside.
    let text = format!(
        "{HUNT_HEAD}{pets}3. Ann owns the cat.\n4. Snails are molluscs.\nWho owns the cat?\n"
    );
    assert_eq!(forced(lenient(), &text).as_deref(), Some("Ann"));
}

#[test]
fn questions_and_labels_are_not_lost() {
    let pets = "Each person has a different pet: cat, dog, fox.\n\
                1. Ann lives in house 1.\n2. Bob lives in house 2.\n";
    // A question of a value the puzzle does not know is an error, not a
    // puzzle without a question.
    for question in [
        "What is the name of the person who keeps a hamster?",
        "Who owns the zebra, and who drinks water?",
    ] {
        let text = format!("{HUNT_HEAD}{pets}{question}\n");
        assert!(text.parse::<EnglishPuzzle>().is_err(), "{question}");
    }
    // "Q:" before a question without its mark is the question's label.
    let text = format!("Q: Who lives in house 3\n{HUNT_HEAD}{pets}");
    assert!(text.parse::<EnglishPuzzle>().is_err());
    // "and they are different people" after no relation of people apart.
    let text =
        format!("{HUNT_HEAD}{pets}3. Ann is the cat owner, and they are different people.\n");
    assert!(text.parse::<EnglishPuzzle>().is_err());
    // Knowing someone says who the subject is not.
    let text = format!("{HUNT_HEAD}{pets}3. The person who knows Bob owns the cat.\n");
    assert!(text.parse::<EnglishPuzzle>().is_err());
}

#[test]
fn an_object_two_phrased_categories_share_is_refused() {
    // "one likes tea" and "one drinks tea": the verbs told them apart.
    let text = "Q: There are 2 houses next to each other, numbered 1 on the left and 2 on the right. There is one person living in each house. The people in these houses have different characteristics:\n \
                - Each person has a favorite drink: one likes tea and one likes juice\n \
                - Each person has a different breakfast: one drinks tea and one drinks coffee\n\
                Clue(s):\n\
                1. The person who drinks tea lives somewhere to the right of the person who likes tea.\n\
                What is the number of the house where the person who likes juice lives?\n";
    let err = text.parse::<EnglishPuzzle>().unwrap_err();
    assert!(
        matches!(err.kind(), ReadErrorKind::Ambiguous { .. }),
        "{err}"
    );
    assert!(Reader::new().either_reading(true).read(text).is_err());
}

#[test]
fn sentences_about_other_people_other_places_or_hearsay_are_refused() {
    let head = "A row of houses have numbers 1 to 3 from left to right.\n\n\
                In each house lives a person with a unique attribute in each of the following categories:\n\n\
                Nationalities: Denmark, Norway and Sweden.\n\
                Drinks: coffee, milk and tea.\n\n\
                We also know the following:\n\n";
    for clue in [
        "1. The Dane knows the tea drinker.",
        "1. The Norwegian admires the milk drinker.",
        "1. The Dane is the cousin of the tea drinker.",
        "1. The Dane teaches the tea drinker.",
        "1. The brother of the Norwegian drinks coffee.",
        "1. The Swede once drank tea.",
        "1. There is a rumour that the milk drinker is Danish.",
        "1. The tea drinker works in house no. 2.",
        "1. The Norwegian was born in house no. 3.",
        "1. The coffee drinker owns house no. 1.",
        "1. The Dane lives in house no. 3. Not really.",
    ] {
        let text = format!("{head}{clue}\n");
        if let Ok(english) = text.parse::<EnglishPuzzle>() {
            panic!("{clue}: read as {:?}", english.clues());
        }
        let lenient = Reader::new().skip_unread_clues(true).read(&text);
        if let Ok(english) = lenient {
            assert!(
                english.puzzle().clues().is_empty(),
                "{clue}: read as {:?}",
                english.clues()
            );
        }
    }
    // What is said of living there, or of the people themselves, reads.
    for clue in [
        "1. The Dane lives in house no. 3.",
        "1. The Dane lives in the house on the far left.",
        "1. The Dane drinks tea.",
        "1. The tea drinker is the Dane.",
        "1. The cat belongs to the Dane.",
    ] {
        let text = format!("{head}{clue}\n").replace(
            "Drinks: coffee, milk and tea.",
            "Drinks: coffee, milk and tea.\nPets: cat, dog and fox.",
        );
        let english: EnglishPuzzle = text.parse().unwrap_or_else(|e| panic!("{clue}: {e}"));
        assert_eq!(english.puzzle().clues().len(), 1, "{clue}");
    }
}

#[test]
fn an_activitys_bare_verb_after_does_not_is_read() {
    let text = "There are 2 houses, numbered 1 to 2 from left to right.\n\
                Hobbies: painting, bouldering.\n\
                Pets: cat, dog.\n\
                1. The cat owner does not paint.\n\
                2. The dog owner lives in house 1.\n\
                What is the hobby of the person in house 2?\n";
    assert_eq!(forced(Reader::new(), text).as_deref(), Some("bouldering"));
    // A word that is no activity's verb stays unread.
    let text = text.replace("does not paint", "does not row");
    assert!(text.parse::<EnglishPuzzle>().is_err());
}
