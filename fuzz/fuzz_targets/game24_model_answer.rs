//! The lenient checker of a model's answer (`Game::check_model_answer`) on
//! arbitrary text.
//!
//! The input's first byte picks a target and its next four bytes a hand
//! (0 to 13); the rest is the model's text. Checking must never panic,
//! whatever the text. Its verdict is held to independent facts:
//!
//! - what the strict checker (`Game::check_answer`) accepts on one line,
//!   the lenient one accepts too, as it is and dressed as a model writes
//!   it (`**Answer:** … .`);
//! - on a hand that cannot make the target, only a claim that there is
//!   no solution is right, so a text judged right says so in words.
#![no_main]

use kongming_game24::{Check, Game};
use libfuzzer_sys::fuzz_target;

/// Words of a claim that there is no solution (the checker's own list is
/// longer; each of its phrases holds one of these).
const CLAIM_WORDS: [&str; 8] = [
    "solution",
    "possible",
    "cannot",
    "can't",
    "can\u{2019}t",
    "can\u{2018}t",
    "solvable",
    "none",
];

fuzz_target!(|data: &[u8]| {
    if data.len() < 5 {
        return;
    }
    let target = i64::from(data[0] % 40);
    let hand: Vec<i64> = data[1..5].iter().map(|b| i64::from(b % 14)).collect();
    let Ok(text) = std::str::from_utf8(&data[5..]) else {
        return;
    };
    let game = Game::new(&hand, target).expect("four numbers");
    let verdict = game.check_model_answer(text);

    if !text.contains('\n') && game.check_answer(text) == Check::Solved {
        assert_eq!(verdict, Check::Solved, "{text:?}");
        let dressed = format!("**Answer:** {text}.");
        assert_eq!(
            game.check_model_answer(&dressed),
            Check::Solved,
            "{dressed:?}"
        );
    }
    if verdict == Check::Solved && !game.solvable().expect("a hand of four") {
        let lower = text.to_lowercase();
        assert!(
            CLAIM_WORDS.iter().any(|w| lower.contains(w)),
            "{text:?} judged right on a hand with no solution"
        );
    }
});
