//! `Change` on arbitrary text (`move 2`, `remove 1`, `add 3`): parsing never
//! panics, accepts exactly a verb and a count from 1 to `MAX_STICKS`
//! between whitespace, and what it accepts prints back to the same change.
#![no_main]

use kongming_sevenseg::{Change, MAX_STICKS};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let words: Vec<&str> = text.split_whitespace().collect();
    let expected = match words[..] {
        [verb, count] => count
            .parse::<usize>()
            .ok()
            .filter(|k| (1..=MAX_STICKS).contains(k))
            .and_then(|k| match verb {
                "move" => Some(Change::Move(k)),
                "remove" => Some(Change::Remove(k)),
                "add" => Some(Change::Add(k)),
                _ => None,
            }),
        _ => None,
    };
    let parsed = text.parse::<Change>();
    assert_eq!(parsed.as_ref().ok(), expected.as_ref(), "{text:?}");
    if let Ok(change) = parsed {
        assert_eq!(change.to_string().parse::<Change>(), Ok(change));
        assert_eq!(change.inverse().inverse(), change);
        let _ = change.sticks();
    } else if let Err(e) = parsed {
        let _ = e.to_string();
    }
});
