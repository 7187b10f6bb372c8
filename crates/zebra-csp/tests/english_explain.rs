//! Explanations in the puzzle's words: every statement an explanation
//! makes, read back as a clue by the reader, holds in the solution; each
//! step names its clue by number and sentence, or its category by the
//! header's phrase.

use kongming_zebra_csp::english::{EnglishPuzzle, Reader, Style};
use kongming_zebra_csp::{Reason, SolveOptions, Solver};

/// The statements of a step's first line ("X is not at positions 1 or 2;
/// Y is in house 3, because …"), one position each: "X is not at position
/// 1", "X is not at position 2", "Y is in house 3".
fn statements(line: &str) -> Vec<String> {
    let said = line.split(", because ").next().unwrap();
    let mut out = Vec::new();
    for part in said.split("; ") {
        let mut found = false;
        for (plural, singular) in [
            (" is not at positions ", " is not at position "),
            (" is not in houses ", " is not in house "),
        ] {
            if let Some((who, list)) = part.split_once(plural) {
                for n in list.split(", ").flat_map(|x| x.split(" or ")) {
                    out.push(format!("{who}{singular}{n}"));
                }
                found = true;
            }
        }
        if !found {
            out.push(part.to_string());
        }
    }
    out
}

/// Reads every statement of `english`'s explanation as a clue added to
/// `text` (the puzzle's own English) and checks it holds in the solution
/// explained; checks each step names its reason. Returns the statements
/// read.
fn check(english: &EnglishPuzzle, reader: Reader) -> usize {
    let explanation = english.explain();
    let solution = explanation
        .explanation()
        .solution()
        .expect("a solution")
        .clone();
    let text = english.to_string();
    // The clues go before the question.
    let (head, question) = match text.find("\nQuestion: ") {
        Some(at) => text.split_at(at + 1),
        None => (text.as_str(), ""),
    };
    let number = |i: usize| match english.style() {
        Style::Bbeh => format!("Clue {}:", 10_000 + i),
        _ => format!("{}.", 10_000 + i),
    };
    let mut said: Vec<String> = Vec::new();
    for (i, step) in explanation.explanation().steps().iter().enumerate() {
        // A step that places only the stand-ins of a value read either
        // way says nothing.
        let Some(words) = explanation.step_text(i) else {
            continue;
        };
        let line = words.lines().next().unwrap();
        match step.reason {
            Reason::Clue(c) => {
                let clue = english
                    .clues()
                    .iter()
                    .find(|e| e.puzzle_clues().contains(&c))
                    .unwrap();
                let sentence = english.clue_text(clue);
                let named = format!(
                    "because of clue {} ({})",
                    clue.number(),
                    sentence.trim_end_matches('.')
                );
                assert!(line.contains(&named), "{line}");
            }
            Reason::Category(c) => {
                if let Some(p) = english.phrasings().get(c.index()) {
                    let named = format!("{} {}.", p.lead(), p.noun()).to_lowercase();
                    assert!(line.to_lowercase().ends_with(&named), "{line}");
                }
            }
            Reason::CaseSplit { .. } => {
                assert!(line.starts_with("Suppose (a case split"), "{line}");
                continue;
            }
            _ => assert!(line.contains(", because supposing "), "{line}"),
        }
        // A stand-in of an ambiguous value has no phrase of its own.
        said.extend(
            statements(line)
                .into_iter()
                .filter(|s| !s.contains("(of clue ")),
        );
    }
    // Every statement as a clue of the puzzle, read at once.
    let mut with = head.to_string();
    for (i, statement) in said.iter().enumerate() {
        with.push_str(&format!("{} {statement}.\n", number(i)));
    }
    with.push_str(question);
    let puzzle = reader
        .read(&with)
        .unwrap_or_else(|e| panic!("a statement does not read: {e}"));
    let read = &puzzle.clues()[english.clues().len()..];
    assert_eq!(read.len(), said.len());
    for (clue, statement) in read.iter().zip(&said) {
        for c in clue.puzzle_clues() {
            let holds = puzzle.puzzle().clues()[c].holds(|t| match t {
                kongming_zebra_csp::Term::Value(item) => solution.house_of(item),
                kongming_zebra_csp::Term::House(h) => h,
            });
            assert!(holds, "'{statement}' is false in the solution");
        }
    }
    let read = said.len();
    assert!(
        explanation
            .to_string()
            .ends_with("Every person has a place: solved.\n")
    );
    read
}

#[test]
fn explanations_say_true_things_in_the_puzzles_words() {
    let samples: serde_json::Value =
        serde_json::from_str(include_str!("data/zebra-english-samples.json")).unwrap();
    let reader = Reader::new().either_reading(true);
    let mut checked = 0;
    for family in ["bbeh", "zebralogic"] {
        for example in samples[family]["examples"].as_array().unwrap() {
            let Ok(english) = reader.read(example["input"].as_str().unwrap()) else {
                continue; // larger than the crate's limits (see english_samples)
            };
            assert!(check(&english, reader) > 0);
            checked += 1;
        }
    }
    assert!(checked >= 8);
    for puzzle in [kongming_zebra_csp::einstein(), kongming_zebra_csp::life()] {
        for style in [Style::Bbeh, Style::ZebraLogic] {
            let english = EnglishPuzzle::from_puzzle(&puzzle, style).unwrap();
            assert!(check(&english, Reader::new()) > 20);
        }
    }
}

#[test]
fn refutations_and_contradictions_are_phrased_too() {
    let english = EnglishPuzzle::from_puzzle(&kongming_zebra_csp::life(), Style::Bbeh).unwrap();
    let options = SolveOptions::new().singleton_consistency(true);
    let explanation = Solver::with_options(english.puzzle(), options).explain();
    let refutations = explanation.refutations();
    let text = english.phrase(explanation).unwrap().to_string();
    assert!(refutations > 0);
    assert_eq!(text.matches(", because supposing ").count(), refutations);
    assert!(
        text.contains("\n    then nothing is left, because "),
        "{text}"
    );
    // No solution: the last line says which rule found no room.
    let none: EnglishPuzzle = "\
There are 2 people next to each other in a row in positions 1, 2 who have the following characteristics.
Everyone has a different name: Ann, Bob.
Everyone has a different pet: cat, dog.
Clue 1: Ann is the person who has a cat.
Clue 2: Ann is the person who has a dog.
"
    .parse()
    .unwrap();
    let text = none.explain().to_string();
    assert!(text.ends_with(": the puzzle has no solution.\n"), "{text}");
    assert!(text.contains("Then nothing is left, because "), "{text}");
}
