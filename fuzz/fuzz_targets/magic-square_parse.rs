//! The square parsers on arbitrary text: never a panic; whatever parses
//! prints and parses back to the same grid, and checking it never panics.
#![no_main]

use kongming_magic_square::{Kind, PartialSquare, Square};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(square) = text.parse::<Square>() {
        let again: Square = square.to_string().parse().expect("display parses back");
        assert_eq!(again, square);
        for kind in Kind::ALL {
            let _ = square.check(kind);
        }
        let standard = square.frenicle();
        assert!(standard.is_frenicle());
    }
    if let Ok(partial) = text.parse::<PartialSquare>() {
        let again: PartialSquare = partial.to_string().parse().expect("display parses back");
        assert_eq!(again, partial);
    }
});
