//! The English reader (`kongming_zebra_csp::english`): no panic on any
//! input, strict, reading shared values either way, or setting unread
//! clues aside (which changes nothing where the strict reader reads, and
//! reads no clue the strict reader would not); whatever reads
//! writes back (in its style and in the others) to English that reads to
//! the same puzzle and question and writes the same text again; its lines
//! read as questions about it are questions of it; small
//! puzzles are answered within a budget, a forced answer's solution
//! satisfies every clue, and ruling the answer out leaves no solution;
//! their explanations are written without panic.
#![no_main]

use kongming_search::control::Budget;
use kongming_zebra_csp::english::{Answered, EnglishPuzzle, Question, Reader, Style};
use kongming_zebra_csp::{Clue, Solver, Term, Uniqueness};
use libfuzzer_sys::fuzz_target;

/// Writes `english` in `style` and reads it back.
fn round_trip(reader: &Reader, english: &EnglishPuzzle, style: Style) {
    let english = english.clone().with_style(style);
    let written = english.to_string();
    let back = reader
        .read(&written)
        .unwrap_or_else(|e| panic!("written English reads: {e}\n{written}"));
    assert_eq!(back.puzzle(), english.puzzle(), "{written}");
    assert_eq!(back.question(), english.question(), "{written}");
    assert_eq!(back.to_string(), written);
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // Setting unread clues aside: what the strict reader reads it reads
    // the same, with nothing set aside; what it reads writes back, in
    // each style, to English the strict reader reads to the same puzzle.
    if let Ok(lenient) = Reader::new().skip_unread_clues(true).read(text) {
        match Reader::new().read(text) {
            Ok(strict) => {
                assert_eq!(strict.puzzle(), lenient.puzzle());
                assert!(lenient.skipped_clues().is_empty());
            }
            Err(_) => {
                for style in [Style::Bbeh, Style::ZebraLogic, Style::ReasoningGym] {
                    round_trip(&Reader::new(), &lenient, style);
                }
            }
        }
    }
    for either in [false, true] {
        let reader = Reader::new().either_reading(either);
        let english = match reader.read(text) {
            Ok(english) => english,
            Err(err) => {
                let _ = err.to_string();
                continue;
            }
        };
        for style in [Style::Bbeh, Style::ZebraLogic, Style::ReasoningGym] {
            round_trip(&reader, &english, style);
        }
        // Any line read as a question about the puzzle.
        for line in text.lines().take(4) {
            if let Ok(question) = english.read_question(line) {
                let _ = english.clone().with_question(Some(question)).expect("of this puzzle");
            }
        }
        let puzzle = english.puzzle();
        if puzzle.positions() > 5 || puzzle.num_categories() > 5 {
            continue;
        }
        let budget = || Budget::unlimited().with_node_limit(2_000);
        if let Some(answerer) = english.answerer() {
            let question = answerer.question();
            if let Answered::Forced(answer, _) = answerer.budget(budget()).answer() {
                assert!(answer.solution.satisfies(puzzle));
                let subject = question.subject();
                let term = match question {
                    Question::Position(_) => {
                        let house = match subject {
                            Term::Value(item) => answer.solution.house_of(item),
                            Term::House(h) => h,
                        };
                        Term::House(house)
                    }
                    _ => match answer.value {
                        kongming_zebra_csp::english::AnswerValue::Value(item) => Term::Value(item),
                        kongming_zebra_csp::english::AnswerValue::House(h) => Term::House(h),
                        _ => return,
                    },
                };
                if term != subject {
                    let mut without = puzzle.clone();
                    if without.add_clue(Clue::NotSame(subject, term)).is_ok() {
                        let check = Solver::new(&without).budget(budget()).uniqueness();
                        assert!(
                            matches!(check, Uniqueness::NoSolution | Uniqueness::Stopped(..)),
                            "a forced answer ruled out leaves a solution"
                        );
                    }
                }
            }
        }
        let explanation = Solver::new(puzzle).budget(budget()).explain();
        let phrased = english.phrase(explanation).expect("of this puzzle");
        let _ = phrased.to_string();
    }
});
