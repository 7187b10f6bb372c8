//! Whether a clue can hold in some grid: its terms at positions of the row,
//! and two values of one category never in the same house.
//!
//! A clue's constraint enforces that second rule among its own terms too
//! (the categories' all-different constraints do not see the clue, and the
//! clue alone would not see the categories), so that `A with B or C` with
//! `A` and `B` of one category propagates as `A = C`.

use crate::clue::{Clue, Term};

/// Which pairs of a clue's terms are values of one category, and so are in
/// different houses in every grid.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Apart(u8);

impl Apart {
    /// The pairs of term indices, one bit each.
    const PAIRS: [(usize, usize); 3] = [(0, 1), (0, 2), (1, 2)];

    /// The pairs of `terms` (two or three) that are values of one category.
    pub(crate) fn of(terms: &[Term]) -> Apart {
        let mut bits = 0;
        for (bit, &(i, j)) in Self::PAIRS.iter().enumerate() {
            if let (Some(Term::Value(a)), Some(Term::Value(b))) = (terms.get(i), terms.get(j))
                && a.category() == b.category()
            {
                bits |= 1 << bit;
            }
        }
        Apart(bits)
    }

    /// Whether positions `p` (of the terms, in order) keep those pairs in
    /// different houses.
    pub(crate) fn allows(self, p: &[usize]) -> bool {
        Self::PAIRS
            .iter()
            .enumerate()
            .all(|(bit, &(i, j))| self.0 >> bit & 1 == 0 || p[i] != p[j])
    }

    /// With every term but the last at positions `p` (one or two, in
    /// order): the positions the last term may not take, as bits: those of
    /// the terms it must differ from, or every position when two terms of
    /// `p` must differ and do not. Agrees with [`allows`](Apart::allows).
    pub(crate) fn barred_for_last(self, p: &[usize]) -> u64 {
        let bar = |bit: usize, position: usize| (u64::from(self.0 >> bit & 1)) << position;
        match *p {
            [a] => bar(0, a),
            [a, b] if a == b && self.0 & 1 == 1 => u64::MAX,
            [a, b] => bar(1, a) | bar(2, b),
            _ => 0,
        }
    }

    /// The first pair of one category, if any.
    pub(crate) fn first_pair(self) -> Option<(usize, usize)> {
        (self.0 != 0).then(|| Self::PAIRS[self.0.trailing_zeros() as usize])
    }
}

/// Whether `clue` holds for some positions of its terms in a row of `n`
/// houses (a house term stays where it is) that keep the pairs of `apart`
/// in different houses.
pub(crate) fn holds_somewhere(clue: &Clue, n: usize, apart: Apart) -> bool {
    let (terms, arity) = clue.term_array();
    let choices = |t: Term| match t {
        Term::House(h) => h.index()..h.index() + 1,
        Term::Value(_) => 0..n,
    };
    let mut p = [0usize; 3];
    for a in choices(terms[0]) {
        p[0] = a;
        for b in choices(terms[1]) {
            p[1] = b;
            if arity == 2 {
                if apart.allows(&p[..2]) && clue.holds_at(&p[..2]) {
                    return true;
                }
                continue;
            }
            for c in choices(terms[2]) {
                p[2] = c;
                if apart.allows(&p) && clue.holds_at(&p) {
                    return true;
                }
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::{Apart, holds_somewhere};
    use crate::clue::{Clue, Term};
    use crate::house::{House, Item};

    #[test]
    fn pairs_of_one_category_are_found() {
        let v = |category, value| Term::Value(Item::at(category, value));
        assert_eq!(Apart::of(&[v(0, 0), v(1, 0)]), Apart(0));
        assert_eq!(Apart::of(&[v(0, 0), v(0, 1)]).first_pair(), Some((0, 1)));
        assert_eq!(
            Apart::of(&[v(0, 0), v(1, 1), v(1, 2)]).first_pair(),
            Some((1, 2))
        );
        assert_eq!(Apart::of(&[v(2, 0), v(2, 1), v(2, 2)]), Apart(0b111));
        assert_eq!(
            Apart::of(&[Term::House(House::at(0)), Term::House(House::at(0))]),
            Apart(0)
        );
    }

    #[test]
    fn the_last_terms_bars_agree_with_allows() {
        for bits in 0..8u8 {
            let apart = Apart(bits);
            for a in 0..5 {
                // Two terms have only the pair (0, 1).
                if bits <= 1 {
                    let barred = (0..5)
                        .filter(|&c| !apart.allows(&[a, c]))
                        .fold(0u64, |m, c| m | 1 << c);
                    assert_eq!(apart.barred_for_last(&[a]) & 0b11111, barred);
                }
                for b in 0..5 {
                    let barred = (0..5)
                        .filter(|&c| !apart.allows(&[a, b, c]))
                        .fold(0u64, |m, c| m | 1 << c);
                    assert_eq!(apart.barred_for_last(&[a, b]) & 0b11111, barred);
                }
            }
        }
    }

    #[test]
    fn a_clue_within_one_category_is_checked_with_its_values_apart() {
        let v = |category, value| Term::Value(Item::at(category, value));
        let (a, b, c) = (v(0, 0), v(0, 1), v(0, 2));
        let apart = |clue: &Clue| Apart::of(&clue.terms());
        for n in 2..=5 {
            let same = Clue::Same(a, b);
            assert!(!holds_somewhere(&same, n, apart(&same)));
            assert!(holds_somewhere(&same, n, Apart::default()));
            let either = Clue::EitherOr(a, b, c);
            assert!(!holds_somewhere(&either, n, apart(&either)));
            for clue in [
                Clue::NotSame(a, b),
                Clue::LeftOf(a, b),
                Clue::NextTo(a, b),
                Clue::SomewhereRightOf(a, b),
                Clue::EitherOr(a, b, v(1, 0)),
            ] {
                assert!(holds_somewhere(&clue, n, apart(&clue)), "{clue:?}");
            }
            // Two houses apart, or more: not in a row of two.
            for clue in [Clue::Between(a, b, c), Clue::NotNextTo(a, b)] {
                assert_eq!(holds_somewhere(&clue, n, apart(&clue)), n >= 3, "{clue:?}");
            }
        }
        assert!(!holds_somewhere(
            &Clue::LeftOf(a, Term::House(House::at(0))),
            4,
            Apart::default()
        ));
        assert!(!holds_somewhere(
            &Clue::Between(a, Term::House(House::at(1)), Term::House(House::at(2))),
            4,
            Apart::default()
        ));
    }
}
