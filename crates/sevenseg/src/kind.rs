//! What kind of stick moves a fix needs: [`MoveKind`], and the order in
//! which the grades assume a player tries the kinds.

use std::fmt;

/// The kind of stick moves a fix needs ([`Fix::move_kind`](crate::Fix::move_kind)).
///
/// For moves: a stick that touches an operator goes *through an operator*;
/// otherwise it moves *inside a glyph* or *between glyphs*. For removing or
/// adding: *through an operator* when an operator changes, *inside a glyph*
/// when one digit changes, *between glyphs* when several glyphs change. A
/// fix of several sticks may have several kinds.
///
/// The grades ([`Difficulty`](crate::Difficulty)) order the kinds by how
/// late a player is assumed to think of them: sticks between digits
/// first, then through an operator, then inside one glyph (a digit
/// rearranged in place, such as 6 → 9, keeps its stick count and is the
/// least visible change); a fix of several kinds counts as its latest.
///
/// # Example
///
/// ```
/// use kongming_sevenseg::MoveKind;
/// let kind = MoveKind { inside_glyph: true, ..MoveKind::default() };
/// assert_eq!(kind.to_string(), "a stick moves inside a glyph");
/// ```
///
/// With the `serde` feature it is stored as its three flags (its text is
/// prose for players, not a notation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MoveKind {
    /// A stick stays in its glyph (6→9, 2→3).
    pub inside_glyph: bool,
    /// A stick goes from one digit to another.
    pub between_glyphs: bool,
    /// A stick comes from or goes to an operator.
    pub through_operator: bool,
}

impl MoveKind {
    /// Where this kind comes in the order a player is assumed to try the
    /// kinds (see [`MoveKind`]): 0 between glyphs (or nothing), 1 through
    /// an operator, 2 inside a glyph; the latest of its kinds.
    pub(crate) fn rank(self) -> u8 {
        if self.inside_glyph {
            2
        } else if self.through_operator {
            1
        } else {
            0
        }
    }
}

impl fmt::Display for MoveKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<&str> = [
            (self.inside_glyph, "a stick moves inside a glyph"),
            (self.between_glyphs, "a stick moves between glyphs"),
            (self.through_operator, "a stick goes through an operator"),
        ]
        .iter()
        .filter(|p| p.0)
        .map(|p| p.1)
        .collect();
        if parts.is_empty() {
            f.write_str("nothing moves")
        } else {
            f.write_str(&parts.join("; "))
        }
    }
}
