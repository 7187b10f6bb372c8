//! Clues and their terms: what a clue says, as a relation between houses.

use crate::house::{House, Item};

/// What a clue talks about: a value (somewhere in the row) or a fixed
/// [`House`].
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::{Clue, House, Term};
/// let puzzle = kongming_zebra_csp::einstein();
/// let norwegian = Term::Value(puzzle.item("Norwegian").unwrap());
/// let first = puzzle.house(1).expect("the row has a house 1");
/// let clue = Clue::Same(norwegian, Term::House(first));
/// assert_eq!(puzzle.clue_text(&clue), "Norwegian at 1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum Term {
    /// A value, wherever it is.
    Value(Item),
    /// This house.
    House(House),
}

/// A clue: a relation between the houses of two or three terms.
///
/// "Left" means a smaller house number: house 1 is the leftmost.
///
/// A clue names values by their [`Item`]s, so its text depends on the
/// puzzle: [`Puzzle::clue_text`](crate::Puzzle::clue_text) writes it, and
/// [`Puzzle::add_clue_text`](crate::Puzzle::add_clue_text) reads it. With
/// the `serde` feature a clue on its own is stored by its items (category
/// and value indices) and houses (numbers from 1); inside a puzzle it is
/// stored by name, in the puzzle's text.
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::{Clue, House, Term};
/// let puzzle = kongming_zebra_csp::einstein();
/// let [green, white] = ["green", "white"].map(|v| Term::Value(puzzle.item(v).unwrap()));
/// let clue = Clue::LeftOf(green, white);
/// assert_eq!(puzzle.clue_text(&clue), "green left-of white");
/// let [fourth, fifth] = [4, 5].map(|n| House::from_number(n).unwrap());
/// assert!(clue.holds(|t| match t { Term::House(h) => h, _ if t == green => fourth, _ => fifth }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum Clue {
    /// Both in the same house (`A = B`; `A at k` when B is a house).
    Same(Term, Term),
    /// Not in the same house (`A != B`; `A not-at k`).
    NotSame(Term, Term),
    /// A immediately left of B (`A left-of B`).
    LeftOf(Term, Term),
    /// A immediately right of B (`A right-of B`).
    RightOf(Term, Term),
    /// A somewhere left of B (`A somewhere-left-of B`).
    SomewhereLeftOf(Term, Term),
    /// A somewhere right of B (`A somewhere-right-of B`).
    SomewhereRightOf(Term, Term),
    /// A and B in neighbouring houses (`A next-to B`).
    NextTo(Term, Term),
    /// A and B not in neighbouring houses (`A not-next-to B`).
    NotNextTo(Term, Term),
    /// A exactly `k` houses from B, either side (`A distance k from B`).
    Distance(Term, usize, Term),
    /// A strictly between B and C, in either order (`A between B and C`).
    Between(Term, Term, Term),
    /// A not strictly between B and C, in either order (`A not-between B
    /// and C`): "Ann does not live between Bob and Cid".
    NotBetween(Term, Term, Term),
    /// A with B or with C, or both (`A with B or C`).
    EitherOr(Term, Term, Term),
    /// A or B (or both) placed as `Side` says with respect to C (`A or B
    /// next-to C`): "Either Ann or Bob lives next to Cid".
    EitherSide(Term, Term, Side, Term),
    /// A or B (or both) in one of two houses (`A or B at 1 or 5`): "Either
    /// Ann or Bob lives at one of the ends".
    EitherAt(Term, Term, House, House),
}

/// How a term of an [`EitherSide`](Clue::EitherSide) clue lies with
/// respect to its last term: the placing relations of two terms.
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::{Clue, House, Side, Term};
/// let [a, b, c] = [1, 4, 2].map(|n| Term::House(House::from_number(n).unwrap()));
/// // House 1 is directly left of house 2.
/// assert!(Clue::EitherSide(a, b, Side::LeftOf, c).holds(|t| match t {
///     Term::House(h) => h,
///     Term::Value(_) => unreachable!(),
/// }));
/// assert_eq!(Side::NextTo.keyword(), "next-to");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum Side {
    /// Immediately left of.
    LeftOf,
    /// Immediately right of.
    RightOf,
    /// Anywhere left of.
    SomewhereLeftOf,
    /// Anywhere right of.
    SomewhereRightOf,
    /// In a neighbouring house.
    NextTo,
}

impl Side {
    /// Every side.
    pub const ALL: [Side; 5] = [
        Side::LeftOf,
        Side::RightOf,
        Side::SomewhereLeftOf,
        Side::SomewhereRightOf,
        Side::NextTo,
    ];

    /// The two-term clue that says this of `a` and `b`.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::{Clue, House, Side, Term};
    /// let [a, b] = [1, 2].map(|n| Term::House(House::from_number(n).unwrap()));
    /// assert_eq!(Side::SomewhereLeftOf.clue(a, b), Clue::SomewhereLeftOf(a, b));
    /// ```
    pub fn clue(self, a: Term, b: Term) -> Clue {
        match self {
            Side::LeftOf => Clue::LeftOf(a, b),
            Side::RightOf => Clue::RightOf(a, b),
            Side::SomewhereLeftOf => Clue::SomewhereLeftOf(a, b),
            Side::SomewhereRightOf => Clue::SomewhereRightOf(a, b),
            Side::NextTo => Clue::NextTo(a, b),
        }
    }

    /// The side seen from the other end of the row (left and right
    /// swapped).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::Side;
    /// assert_eq!(Side::LeftOf.mirrored(), Side::RightOf);
    /// assert_eq!(Side::NextTo.mirrored(), Side::NextTo);
    /// ```
    pub fn mirrored(self) -> Side {
        match self {
            Side::LeftOf => Side::RightOf,
            Side::RightOf => Side::LeftOf,
            Side::SomewhereLeftOf => Side::SomewhereRightOf,
            Side::SomewhereRightOf => Side::SomewhereLeftOf,
            Side::NextTo => Side::NextTo,
        }
    }

    /// Its keyword in the text format, that of its two-term clue.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(kongming_zebra_csp::Side::SomewhereRightOf.keyword(), "somewhere-right-of");
    /// ```
    pub fn keyword(self) -> &'static str {
        let any = Term::House(House::at(0));
        self.clue(any, any).keyword()
    }

    /// Whether a term at position `a` lies so with respect to one at `b`.
    fn holds_at(self, a: usize, b: usize) -> bool {
        let any = Term::House(House::at(0));
        self.clue(any, any).holds_at(&[a, b])
    }
}

/// Whether position `p[0]` lies strictly between `p[1]` and `p[2]`, in
/// either order.
fn strictly_between(p: &[usize]) -> bool {
    (p[1] < p[0] && p[0] < p[2]) || (p[2] < p[0] && p[0] < p[1])
}

impl Clue {
    /// The clue's terms, in order (two or three).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::{Clue, House, Term};
    /// let [a, b, c] = [2, 1, 3].map(|n| Term::House(House::from_number(n).unwrap()));
    /// let clue = Clue::Between(a, b, c);
    /// assert_eq!(clue.terms(), [a, b, c]);
    /// ```
    pub fn terms(&self) -> Vec<Term> {
        let (terms, arity) = self.term_array();
        terms[..arity].to_vec()
    }

    /// The clue's terms without allocating: the array and the arity (the
    /// terms are the first `arity` entries).
    pub(crate) fn term_array(&self) -> ([Term; 3], usize) {
        match *self {
            Clue::Same(a, b)
            | Clue::NotSame(a, b)
            | Clue::LeftOf(a, b)
            | Clue::RightOf(a, b)
            | Clue::SomewhereLeftOf(a, b)
            | Clue::SomewhereRightOf(a, b)
            | Clue::NextTo(a, b)
            | Clue::NotNextTo(a, b)
            | Clue::Distance(a, _, b)
            | Clue::EitherAt(a, b, ..) => ([a, b, b], 2),
            Clue::Between(a, b, c)
            | Clue::NotBetween(a, b, c)
            | Clue::EitherOr(a, b, c)
            | Clue::EitherSide(a, b, _, c) => ([a, b, c], 3),
        }
    }

    /// Whether the clue holds when each term `t` is in house `house(t)`.
    /// This is the definition every propagator must agree with.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::{Clue, House, Term};
    /// let [second, third] = [2, 3].map(|n| House::from_number(n).unwrap());
    /// let (a, b) = (Term::House(second), Term::House(third));
    /// let at = |t: Term| match t { Term::House(h) => h, Term::Value(_) => second };
    /// assert!(Clue::NextTo(a, b).holds(at));
    /// assert!(!Clue::RightOf(a, b).holds(at));
    /// ```
    pub fn holds(&self, mut house: impl FnMut(Term) -> House) -> bool {
        let (terms, arity) = self.term_array();
        let mut p = [0usize; 3];
        for (at, &t) in p.iter_mut().zip(&terms[..arity]) {
            *at = house(t).index();
        }
        self.holds_at(&p[..arity])
    }

    /// [`holds`](Clue::holds) with the 0-based positions of the terms, in
    /// order.
    pub(crate) fn holds_at(&self, p: &[usize]) -> bool {
        match *self {
            Clue::Same(..) => p[0] == p[1],
            Clue::NotSame(..) => p[0] != p[1],
            Clue::LeftOf(..) => p[0].checked_add(1) == Some(p[1]),
            Clue::RightOf(..) => p[1].checked_add(1) == Some(p[0]),
            Clue::SomewhereLeftOf(..) => p[0] < p[1],
            Clue::SomewhereRightOf(..) => p[0] > p[1],
            Clue::NextTo(..) => p[0].abs_diff(p[1]) == 1,
            Clue::NotNextTo(..) => p[0].abs_diff(p[1]) != 1,
            Clue::Distance(_, k, _) => p[0].abs_diff(p[1]) == k,
            Clue::Between(..) => strictly_between(p),
            Clue::NotBetween(..) => !strictly_between(p),
            Clue::EitherOr(..) => p[0] == p[1] || p[0] == p[2],
            Clue::EitherSide(_, _, side, _) => {
                side.holds_at(p[0], p[2]) || side.holds_at(p[1], p[2])
            }
            Clue::EitherAt(_, _, h, k) => p[..2].iter().any(|&q| q == h.index() || q == k.index()),
        }
    }

    /// For a clue of two terms with the first at position `a`: the set of
    /// positions (bits below `n`) where the second may be. `None` for a
    /// clue of three terms. Agrees with [`holds_at`](Clue::holds_at).
    pub(crate) fn partner_mask(&self, a: usize, n: usize) -> Option<u64> {
        let bit = |p: Option<usize>| p.filter(|&p| p < n).map_or(0, |p| 1u64 << p);
        let all = if n >= 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mask = match *self {
            Clue::Same(..) => bit(Some(a)),
            Clue::NotSame(..) => all & !bit(Some(a)),
            Clue::LeftOf(..) => bit(a.checked_add(1)),
            Clue::RightOf(..) => bit(a.checked_sub(1)),
            // Positions above `a`; below `a`.
            Clue::SomewhereLeftOf(..) => all & !(bit(Some(a)) | (bit(Some(a)).wrapping_sub(1))),
            Clue::SomewhereRightOf(..) => all & bit(Some(a)).wrapping_sub(1),
            Clue::NextTo(..) => bit(a.checked_sub(1)) | bit(a.checked_add(1)),
            Clue::NotNextTo(..) => all & !(bit(a.checked_sub(1)) | bit(a.checked_add(1))),
            Clue::Distance(_, k, _) => bit(a.checked_sub(k)) | bit(a.checked_add(k)),
            // Anywhere when the first is in one of the houses, else one of
            // them.
            Clue::EitherAt(_, _, h, k) if a == h.index() || a == k.index() => all,
            Clue::EitherAt(_, _, h, k) => bit(Some(h.index())) | bit(Some(k.index())),
            Clue::Between(..)
            | Clue::NotBetween(..)
            | Clue::EitherOr(..)
            | Clue::EitherSide(..) => {
                return None;
            }
        };
        Some(mask)
    }

    /// With every term but the last at positions `p` (the first term's for
    /// a clue of two terms, the first two for one of three): the set of
    /// positions (bits below `n`) where the last may be. Agrees with
    /// [`holds_at`](Clue::holds_at).
    pub(crate) fn last_mask(&self, p: &[usize], n: usize) -> u64 {
        let all = if n >= 64 { u64::MAX } else { (1u64 << n) - 1 };
        let (a, bit) = (p[0], 1u64 << p[0]);
        match *self {
            // Beyond the first term, on the side away from the second.
            Clue::Between(..) if p[1] < a => all & !(bit | (bit - 1)),
            Clue::Between(..) if p[1] > a => bit - 1,
            Clue::Between(..) => 0,
            // On the first term's side of the second, or at either.
            Clue::NotBetween(..) if p[1] < a => bit | (bit - 1),
            Clue::NotBetween(..) if p[1] > a => all & !(bit - 1),
            Clue::NotBetween(..) => all,
            Clue::EitherOr(..) if p[1] == a => all,
            Clue::EitherOr(..) => bit,
            // Where the last may be for the first, or for the second.
            Clue::EitherSide(_, _, side, _) => {
                let any = Term::House(House::at(0));
                let from = |p: usize| side.clue(any, any).partner_mask(p, n).unwrap_or(0);
                from(a) | from(p[1])
            }
            _ => self.partner_mask(a, n).unwrap_or(0),
        }
    }

    /// The clue's keyword in the text format (for a house as second term,
    /// `=` and `!=` are written `at` and `not-at`).
    pub(crate) fn keyword(&self) -> &'static str {
        match *self {
            Clue::Same(_, Term::House(_)) => "at",
            Clue::Same(..) => "=",
            Clue::NotSame(_, Term::House(_)) => "not-at",
            Clue::NotSame(..) => "!=",
            Clue::LeftOf(..) => "left-of",
            Clue::RightOf(..) => "right-of",
            Clue::SomewhereLeftOf(..) => "somewhere-left-of",
            Clue::SomewhereRightOf(..) => "somewhere-right-of",
            Clue::NextTo(..) => "next-to",
            Clue::NotNextTo(..) => "not-next-to",
            Clue::Distance(..) => "distance",
            Clue::Between(..) => "between",
            Clue::NotBetween(..) => "not-between",
            Clue::EitherOr(..) => "with",
            Clue::EitherSide(_, _, side, _) => side.keyword(),
            Clue::EitherAt(..) => "at",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Clue, Side, Term};
    use crate::house::House;
    use crate::puzzle::{MAX_POSITIONS, MIN_POSITIONS};

    /// Every two-term clue on houses 1 and 2, with every distance up to
    /// past the row of `n` houses.
    fn two_term_clues(n: usize) -> Vec<Clue> {
        let [a, b] = [0, 1].map(|i| Term::House(House::at(i)));
        let mut clues = vec![
            Clue::Same(a, b),
            Clue::NotSame(a, b),
            Clue::LeftOf(a, b),
            Clue::RightOf(a, b),
            Clue::SomewhereLeftOf(a, b),
            Clue::SomewhereRightOf(a, b),
            Clue::NextTo(a, b),
            Clue::NotNextTo(a, b),
        ];
        clues.extend((0..=n + 1).map(|k| Clue::Distance(a, k, b)));
        // Either in one of two houses, all pairs (equal ones too).
        for h in 0..n {
            for k in 0..n {
                clues.push(Clue::EitherAt(a, b, House::at(h), House::at(k)));
            }
        }
        clues
    }

    #[test]
    fn partner_masks_agree_with_holds_at() {
        let [a, b, c] = [0, 1, 2].map(|i| Term::House(House::at(i)));
        for n in MIN_POSITIONS..=MAX_POSITIONS {
            for clue in two_term_clues(n) {
                for p in 0..n {
                    let expected = (0..n)
                        .filter(|&q| clue.holds_at(&[p, q]))
                        .fold(0u64, |m, q| m | 1 << q);
                    assert_eq!(
                        clue.partner_mask(p, n),
                        Some(expected),
                        "{clue:?} n={n} p={p}"
                    );
                }
            }
            assert_eq!(Clue::Between(a, b, c).partner_mask(0, n), None);
            assert_eq!(Clue::EitherOr(a, b, c).partner_mask(0, n), None);
        }
    }

    #[test]
    fn last_masks_agree_with_holds_at() {
        let [a, b, c] = [0, 1, 2].map(|i| Term::House(House::at(i)));
        for n in MIN_POSITIONS..=MAX_POSITIONS {
            for clue in two_term_clues(n) {
                for p in 0..n {
                    let expected = (0..n)
                        .filter(|&q| clue.holds_at(&[p, q]))
                        .fold(0u64, |m, q| m | 1 << q);
                    assert_eq!(clue.last_mask(&[p], n), expected, "{clue:?} n={n} p={p}");
                }
            }
            let either_sides = Side::ALL.map(|side| Clue::EitherSide(a, b, side, c));
            for clue in [
                Clue::Between(a, b, c),
                Clue::NotBetween(a, b, c),
                Clue::EitherOr(a, b, c),
            ]
            .into_iter()
            .chain(either_sides)
            {
                for p in 0..n {
                    for q in 0..n {
                        let expected = (0..n)
                            .filter(|&r| clue.holds_at(&[p, q, r]))
                            .fold(0u64, |m, r| m | 1 << r);
                        assert_eq!(clue.last_mask(&[p, q], n), expected, "{clue:?} n={n}");
                    }
                }
            }
        }
    }
}
