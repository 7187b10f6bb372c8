//! The hand parser (`"3 3 8 8 = 24"`) on arbitrary text: it never panics,
//! and whatever it accepts prints and parses back to the same game.
#![no_main]

use kongming_game24::{Game, MAX_NUMBERS};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let Ok(game) = text.parse::<Game>() else {
        return;
    };
    assert!(!game.numbers().is_empty() && game.numbers().len() <= MAX_NUMBERS);
    let shown = game.to_string();
    let back: Game = shown.parse().expect("a printed game parses");
    assert_eq!(back, game, "{text:?} printed as {shown:?}");
});
