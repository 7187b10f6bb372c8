//! Names that look the same are one name or refused (issue 17, point 10):
//! invisible, control and whitespace characters are refused with their
//! position; canonically equivalent spellings are the same name.

use kongming_zebra_csp::{Puzzle, PuzzleError};
use proptest::prelude::*;

#[test]
fn a_zero_width_space_is_refused_with_its_position() {
    // The case: 'ab' and 'a' + zero-width space + 'b'.
    let err = "pet: ab a\u{200B}b\n".parse::<Puzzle>().unwrap_err();
    assert_eq!(err.line(), Some(1));
    assert_eq!(
        err.error(),
        &PuzzleError::BadCharacter {
            name: "a\u{200B}b".into(),
            character: '\u{200B}',
            offset: 1,
        }
    );
    assert_eq!(
        err.to_string(),
        "line 1: name 'a\\u{200b}b' has U+200B at byte 1, which names may not hold \
         (invisible, control, whitespace, private-use or unassigned characters, \
         a leading combining mark, '#', ':' or ',')"
    );
    // The same through the API, for a category name too.
    let err = Puzzle::new(&[("p\u{2060}et", ["cat", "dog"])]).unwrap_err();
    assert!(matches!(
        err,
        PuzzleError::BadCharacter {
            character: '\u{2060}',
            offset: 1,
            ..
        }
    ));
}

#[test]
fn canonically_equivalent_names_are_one_name() {
    // 'é' precomposed and as 'e' + combining acute: a duplicate.
    let err = "drink: caf\u{e9} cafe\u{301}\n"
        .parse::<Puzzle>()
        .unwrap_err();
    assert_eq!(
        err.error(),
        &PuzzleError::DuplicateName("cafe\u{301}".into())
    );
    // Across categories, and against a category's name.
    assert!(matches!(
        "drink: caf\u{e9} tea\nplace: cafe\u{301} bar\n"
            .parse::<Puzzle>()
            .unwrap_err()
            .error(),
        PuzzleError::DuplicateName(_)
    ));
    assert!(matches!(
        Puzzle::new(&[("caf\u{e9}", ["cafe\u{301}", "tea"])]).unwrap_err(),
        PuzzleError::DuplicateName(_)
    ));
    // A clue may spell a name either way; the puzzle shows it as defined.
    let puzzle: Puzzle = "drink: caf\u{e9} tea\npet: cat dog\ncafe\u{301} = cat\n"
        .parse()
        .unwrap();
    assert_eq!(
        puzzle.to_string(),
        "drink: caf\u{e9} tea\npet: cat dog\n\ncaf\u{e9} = cat\n"
    );
}

/// Characters that show nothing, or move or break text: each must be
/// refused anywhere in a name. Listed here from the Unicode character
/// database by hand (format characters, controls, separators, invisible
/// marks and fillers), not computed.
const REFUSED: &[char] = &[
    '\u{0000}',
    '\u{0009}',
    '\u{001F}',
    '\u{007F}',
    '\u{0085}',
    '\u{009F}', // controls
    '\u{00A0}',
    '\u{1680}',
    '\u{2000}',
    '\u{2007}',
    '\u{200A}',
    '\u{202F}',
    '\u{205F}',
    '\u{3000}',
    '\u{2028}',
    '\u{2029}', // separators
    '\u{00AD}',
    '\u{0600}',
    '\u{061C}',
    '\u{06DD}',
    '\u{070F}',
    '\u{180E}',
    '\u{200B}',
    '\u{200C}',
    '\u{200D}',
    '\u{200E}',
    '\u{200F}',
    '\u{202A}',
    '\u{202E}',
    '\u{2060}',
    '\u{2064}',
    '\u{2066}',
    '\u{2069}',
    '\u{206F}',
    '\u{FEFF}',
    '\u{FFF9}',
    '\u{FFFB}',
    '\u{110BD}',
    '\u{1D173}',
    '\u{E0001}',
    '\u{E0041}',
    '\u{E007F}', // format
    '\u{034F}',
    '\u{115F}',
    '\u{1160}',
    '\u{17B4}',
    '\u{180B}',
    '\u{3164}',
    '\u{FE00}',
    '\u{FE0F}',
    '\u{FFA0}',
    '\u{E0100}',
    '\u{E01EF}', // invisible marks and fillers
    '\u{E000}',
    '\u{F8FF}',
    '\u{F0000}',
    '\u{10FFFD}', // private use
    '#',
    ':',
    ',',
];

/// Visible letters, digits, marks and punctuation of several scripts.
const VISIBLE: &[char] = &[
    'a', 'Z', '7', '-', '_', '\'', '.', 'é', 'ß', 'Ω', 'ж', 'א', 'ب', 'क', '東', '한', '🦓',
    '\u{301}', '\u{308}', '\u{93F}',
];

fn visible_name() -> impl Strategy<Value = String> {
    // Starts with a letter: a number, or a leading combining mark, is
    // refused for other reasons.
    (
        prop::sample::select(&['a', 'Ω', 'ж', '東'][..]),
        prop::collection::vec(prop::sample::select(VISIBLE), 0..8),
    )
        .prop_map(|(first, rest)| std::iter::once(first).chain(rest).collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// A visible name is accepted; with any refused character put anywhere
    /// in it, it is refused, naming that character and its byte offset, so
    /// two names that look the same are never both accepted.
    #[test]
    fn invisible_characters_are_refused_where_they_are(
        name in visible_name(),
        bad in prop::sample::select(REFUSED),
        at in any::<prop::sample::Index>(),
    ) {
        prop_assert!(Puzzle::new(&[("pet", [name.as_str(), "other"])]).is_ok(), "{:?}", name);
        let boundaries: Vec<usize> = name
            .char_indices()
            .map(|(i, _)| i)
            .chain([name.len()])
            .collect();
        let offset = boundaries[at.index(boundaries.len())];
        let mut spoofed = name.clone();
        spoofed.insert(offset, bad);
        let err = Puzzle::new(&[("pet", [name.as_str(), spoofed.as_str()])]).unwrap_err();
        prop_assert_eq!(
            err,
            PuzzleError::BadCharacter { name: spoofed.clone(), character: bad, offset }
        );
    }
}
