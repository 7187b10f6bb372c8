//! An independent model of zebra puzzles for the zebra-csp targets: the
//! meaning of each clue written out again, and a brute force over every
//! assignment of houses (one permutation per category).

#![allow(dead_code)]

use kongming_zebra_csp::{Clue, Puzzle, Term};

/// `houses[category][value]`: the 0-based house of each value.
pub type Houses = Vec<Vec<usize>>;

fn position(houses: &Houses, t: Term) -> usize {
    match t {
        Term::Value(item) => houses[item.category().index()][item.index()],
        Term::House(h) => h.index(),
    }
}

/// Whether `clue` holds in `houses`, from the clue table of the crate docs.
pub fn holds(clue: &Clue, houses: &Houses) -> bool {
    holds_with(clue, |t| position(houses, t) as i64)
}

/// Whether some placement of the clue's terms in `n` houses makes it hold,
/// two values of one category never sharing a house.
pub fn holds_somewhere(clue: &Clue, n: usize) -> bool {
    let terms = clue.terms();
    let values: Vec<Term> = terms
        .iter()
        .copied()
        .filter(|t| matches!(t, Term::Value(_)))
        .collect();
    let places = (n as u64).pow(values.len() as u32);
    (0..places).any(|code| {
        let at = |k: usize| (code / (n as u64).pow(k as u32) % n as u64) as i64;
        let place = |t: Term| match t {
            Term::House(h) => h.index() as i64,
            Term::Value(_) => at(values.iter().position(|&v| v == t).expect("a value")),
        };
        let apart = values.iter().enumerate().all(|(i, &a)| {
            values[..i].iter().all(|&b| match (a, b) {
                (Term::Value(x), Term::Value(y)) if x.category() == y.category() => {
                    place(a) != place(b)
                }
                _ => true,
            })
        });
        apart && holds_with(clue, place)
    })
}

fn holds_with(clue: &Clue, p: impl Fn(Term) -> i64) -> bool {
    match *clue {
        Clue::Same(a, b) => p(a) == p(b),
        Clue::NotSame(a, b) => p(a) != p(b),
        Clue::LeftOf(a, b) => p(a) + 1 == p(b),
        Clue::RightOf(a, b) => p(a) == p(b) + 1,
        Clue::SomewhereLeftOf(a, b) => p(a) < p(b),
        Clue::SomewhereRightOf(a, b) => p(a) > p(b),
        Clue::NextTo(a, b) => (p(a) - p(b)).abs() == 1,
        Clue::NotNextTo(a, b) => (p(a) - p(b)).abs() != 1,
        Clue::Distance(a, k, b) => (p(a) - p(b)).unsigned_abs() == k as u64,
        Clue::Between(a, b, c) => (p(b) < p(a) && p(a) < p(c)) || (p(c) < p(a) && p(a) < p(b)),
        Clue::EitherOr(a, b, c) => p(a) == p(b) || p(a) == p(c),
        _ => panic!("a clue this model does not know: {clue:?}"),
    }
}

fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for p in permutations(n - 1) {
        for at in 0..=p.len() {
            let mut q = p.clone();
            q.insert(at, n - 1);
            out.push(q);
        }
    }
    out
}

/// Every assignment of houses, with for each the bit set of the clues it
/// breaks (clue `i` is bit `i`; at most 64 clues).
pub fn all_assignments(puzzle: &Puzzle) -> Vec<(Houses, u64)> {
    let n = puzzle.positions();
    let categories = puzzle.num_categories();
    let perms = permutations(n);
    let clues = puzzle.clues();
    assert!(clues.len() <= 64);
    let mut out = Vec::new();
    let mut index = vec![0usize; categories];
    loop {
        let houses: Houses = index.iter().map(|&i| perms[i].clone()).collect();
        let broken = clues
            .iter()
            .enumerate()
            .filter(|(_, c)| !holds(c, &houses))
            .fold(0u64, |acc, (i, _)| acc | 1 << i);
        out.push((houses, broken));
        let mut c = 0;
        loop {
            if c == categories {
                return out;
            }
            index[c] += 1;
            if index[c] < perms.len() {
                break;
            }
            index[c] = 0;
            c += 1;
        }
    }
}

/// The solutions: assignments that break no clue.
pub fn solutions(puzzle: &Puzzle) -> Vec<Houses> {
    all_assignments(puzzle)
        .into_iter()
        .filter(|(_, broken)| *broken == 0)
        .map(|(h, _)| h)
        .collect()
}
