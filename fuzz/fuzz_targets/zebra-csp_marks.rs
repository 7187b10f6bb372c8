//! The player's marks (`kongming_zebra_csp::Marks`) and hints: no panic on
//! any marks text; marks that read write back to the same marks; a hint
//! from them never panics, a step's marks are true in the solution (the
//! marks being right), and applying hints from any grid ends solved. Each
//! line read as a move of a `Game` (Einstein's puzzle): `play` gives the
//! verdict `check` gives, records the move exactly when it is legal, and
//! never panics.
#![no_main]

use kongming_zebra_csp::{Check, Game, HintKind, Mark, Marks, Puzzle, Uniqueness};
use libfuzzer_sys::fuzz_target;

/// A small puzzle with two solutions (so marks can contradict each other
/// without being wrong in the one solution).
const TWO: &str = "pet: cat dog fox\ndrink: tea milk water\ncat left-of milk\nfox at 3\n";

fuzz_target!(|data: &[u8]| {
    let Some((&choice, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    if choice % 2 == 0 {
        play_lines(text);
    }
    let puzzle: Puzzle = if choice % 2 == 0 {
        kongming_zebra_csp::einstein()
    } else {
        TWO.parse().expect("the small puzzle reads")
    };
    let mut marks = match Marks::parse(&puzzle, text) {
        Ok(marks) => marks,
        Err(err) => {
            let _ = err.to_string();
            return;
        }
    };
    let written = marks.to_string();
    assert_eq!(
        Marks::parse(&puzzle, &written).expect("written marks read"),
        marks
    );
    let _ = (marks.table(), marks.to_svg());
    let solution = match puzzle.uniqueness() {
        Uniqueness::Unique(solution) => Some(solution),
        _ => None,
    };
    let most = puzzle.num_categories() * puzzle.positions() * puzzle.positions() * 2;
    for _ in 0..=most {
        let hint = puzzle.hint(&marks).expect("marks of the puzzle");
        let _ = hint.to_string();
        match hint.kind() {
            HintKind::Solved => return,
            HintKind::Next(_) => {
                if let Some(solution) = &solution {
                    for (item, house, mark) in hint.marks() {
                        assert_eq!(
                            solution.house_of(item) == house,
                            mark == Mark::Yes,
                            "{hint}"
                        );
                    }
                }
            }
            _ => {}
        }
        hint.apply(&mut marks);
    }
    panic!("hints did not end in the solution");
});

/// Plays each line of `text` as a move of a game of Einstein's puzzle.
fn play_lines(text: &str) {
    let mut game = Game::new(kongming_zebra_csp::einstein()).expect("one solution");
    for line in text.lines() {
        let Ok(mv) = game.parse_move(line) else {
            continue;
        };
        let _ = game.move_text(&mv);
        let verdict = game.check(&mv);
        let _ = verdict.to_string();
        let before = game.marks().clone();
        assert_eq!(game.play(mv), verdict);
        let changed = game.marks() != &before;
        let recorded = game.marks().get(mv.item, mv.house) == mv.mark;
        match verdict {
            Check::Illegal(_) => assert!(!changed),
            Check::Stopped(_) => panic!("a check never searches"),
            _ => assert!(changed && recorded),
        }
    }
    assert_eq!(
        game.mistakes(),
        game.puzzle().mistakes(game.marks()).expect("marks of the puzzle")
    );
}
