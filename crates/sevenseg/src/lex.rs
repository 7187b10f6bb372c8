//! The words of the small text forms (changes, sticks, stick moves),
//! with their positions in characters, for errors that name the place.

use std::iter::{Enumerate, Peekable};
use std::str::CharIndices;

/// The whitespace-separated words of `text`, each with the position (in
/// characters, from 0) of its first character.
pub(crate) fn words(text: &str) -> Words<'_> {
    Words {
        text,
        chars: text.char_indices().enumerate().peekable(),
    }
}

/// The length of `text` in characters: the position just past its end.
pub(crate) fn end(text: &str) -> usize {
    text.chars().count()
}

/// The iterator of [`words`].
pub(crate) struct Words<'t> {
    text: &'t str,
    /// (character position, (byte offset, character)).
    chars: Peekable<Enumerate<CharIndices<'t>>>,
}

impl<'t> Iterator for Words<'t> {
    type Item = (usize, &'t str);

    fn next(&mut self) -> Option<(usize, &'t str)> {
        while self
            .chars
            .next_if(|(_, (_, c))| c.is_whitespace())
            .is_some()
        {}
        let &(position, (start, _)) = self.chars.peek()?;
        let mut end = self.text.len();
        while let Some(&(_, (at, c))) = self.chars.peek() {
            if c.is_whitespace() {
                end = at;
                break;
            }
            self.chars.next();
        }
        Some((position, &self.text[start..end]))
    }
}

#[cfg(test)]
mod tests {
    use super::words;

    #[test]
    fn words_carry_character_positions() {
        let got: Vec<(usize, &str)> = words("  ab\u{a0}× c  d").collect();
        assert_eq!(got, [(2, "ab"), (5, "×"), (7, "c"), (10, "d")]);
        assert_eq!(words(" \t ").count(), 0);
    }
}
