//! Kind names on arbitrary text: parsing never panics, accepts exactly the
//! five names (any case, spaces around, `_` or ` ` for `-`), and every
//! kind prints as a name that parses back to it.
#![no_main]

use kongming_magic_square::Kind;
use libfuzzer_sys::fuzz_target;

const NAMES: [&str; 5] = [
    "semi-magic",
    "magic",
    "pandiagonal",
    "associative",
    "ultramagic",
];

fuzz_target!(|text: &str| {
    let normal = text.trim().to_ascii_lowercase().replace(['_', ' '], "-");
    match text.parse::<Kind>() {
        Ok(kind) => {
            assert!(NAMES.contains(&normal.as_str()), "{text:?}");
            assert_eq!(kind.to_string(), normal);
        }
        Err(e) => {
            assert!(!NAMES.contains(&normal.as_str()), "{text:?}");
            let _ = e.to_string();
        }
    }
    for kind in Kind::ALL {
        assert_eq!(kind.to_string().parse::<Kind>(), Ok(kind));
    }
});
