//! Which names a puzzle accepts, and when two names are the same.
//!
//! A name is one word that reads the same wherever it is shown: no
//! character that is invisible or moves text around, no whitespace, none of
//! the characters the text format reserves. Names that are canonically
//! equivalent in Unicode (`é` as one code point or as `e` and a combining
//! accent) are the same name: they are compared, and looked up, in
//! Normalization Form C; each is shown as it was first written.

use std::borrow::Cow;

use unicode_normalization::{IsNormalized, UnicodeNormalization, is_nfc_quick};
use unicode_properties::{GeneralCategoryGroup, UnicodeGeneralCategory};

use crate::puzzle::{KEYWORDS, MAX_NAME_LEN, PuzzleError};

/// Default-ignorable code points (invisible when shown) that are not
/// format characters, which the general category already refuses: the
/// combining grapheme joiner, Hangul fillers, Khmer inherent vowels,
/// Mongolian variation selectors, variation selectors.
const INVISIBLE: &[(char, char)] = &[
    ('\u{034F}', '\u{034F}'),
    ('\u{115F}', '\u{1160}'),
    ('\u{17B4}', '\u{17B5}'),
    ('\u{180B}', '\u{180F}'),
    ('\u{3164}', '\u{3164}'),
    ('\u{FE00}', '\u{FE0F}'),
    ('\u{FFA0}', '\u{FFA0}'),
    ('\u{E0100}', '\u{E01EF}'),
];

/// Whether `c` may stand at byte `offset` of a name.
fn allowed(c: char, offset: usize) -> bool {
    if matches!(c, '#' | ':' | ',') || c.is_whitespace() {
        return false;
    }
    if INVISIBLE.iter().any(|&(lo, hi)| (lo..=hi).contains(&c)) {
        return false;
    }
    match c.general_category_group() {
        // Control, format (zero-width space, joiners, direction marks, the
        // byte order mark, tags), surrogate, private use, unassigned; and
        // space, line and paragraph separators.
        GeneralCategoryGroup::Other | GeneralCategoryGroup::Separator => false,
        // A combining mark would join the character before the name.
        GeneralCategoryGroup::Mark => offset > 0,
        _ => true,
    }
}

/// Checks a category's or value's name.
pub(crate) fn check(name: &str) -> Result<(), PuzzleError> {
    if let Some((offset, character)) = name.char_indices().find(|&(i, c)| !allowed(c, i)) {
        return Err(PuzzleError::BadCharacter {
            name: name.to_string(),
            character,
            offset,
        });
    }
    let invalid = name.is_empty()
        || name.len() > MAX_NAME_LEN
        || KEYWORDS.contains(&name)
        || name.parse::<i128>().is_ok();
    if invalid {
        return Err(PuzzleError::InvalidName(name.to_string()));
    }
    Ok(())
}

/// The form in which names are compared: Normalization Form C.
pub(crate) fn key(name: &str) -> Cow<'_, str> {
    match is_nfc_quick(name.chars()) {
        IsNormalized::Yes => Cow::Borrowed(name),
        _ => Cow::Owned(name.nfc().collect()),
    }
}

#[cfg(test)]
mod tests {
    use super::{check, key};
    use crate::puzzle::PuzzleError;

    #[test]
    fn ordinary_names_pass_and_invisible_characters_do_not() {
        for name in [
            "Brit", "café", "Zürich", "東京", "x-1", "O'Brien", "π", "a\u{301}",
        ] {
            assert_eq!(check(name), Ok(()), "{name}");
        }
        for (name, character, offset) in [
            ("a\u{200B}b", '\u{200B}', 1), // zero-width space (Cf)
            ("a\u{200D}b", '\u{200D}', 1), // zero-width joiner (Cf)
            ("\u{FEFF}ab", '\u{FEFF}', 0), // byte order mark (Cf)
            ("ab\u{202E}", '\u{202E}', 2), // right-to-left override (Cf)
            ("a\u{00AD}b", '\u{00AD}', 1), // soft hyphen (Cf)
            ("a\u{0007}b", '\u{0007}', 1), // bell (Cc)
            ("a\u{00A0}b", '\u{00A0}', 1), // no-break space (Zs)
            ("a\u{2028}b", '\u{2028}', 1), // line separator (Zl)
            ("a\u{E000}b", '\u{E000}', 1), // private use (Co)
            ("a\u{0378}b", '\u{0378}', 1), // unassigned (Cn)
            ("a\u{3164}b", '\u{3164}', 1), // Hangul filler (Lo, invisible)
            ("a\u{FE0F}", '\u{FE0F}', 1),  // variation selector (Mn, invisible)
            ("\u{301}a", '\u{301}', 0),    // a leading combining mark
            ("é#", '#', 2),
            ("a:b", ':', 1),
        ] {
            assert_eq!(
                check(name),
                Err(PuzzleError::BadCharacter {
                    name: name.into(),
                    character,
                    offset
                }),
                "{name:?}"
            );
        }
    }

    #[test]
    fn canonically_equivalent_names_have_one_key() {
        assert_eq!(key("caf\u{e9}"), key("cafe\u{301}"));
        assert_ne!(key("cafe"), key("caf\u{e9}"));
        assert!(matches!(key("Brit"), std::borrow::Cow::Borrowed(_)));
    }
}
