//! One answer per order (issue 17, point 12): `Square::is`, `construct`,
//! `construct_pandiagonal`, the enumeration's counts and listings and the
//! completion agree with each other and with brute force for every kind,
//! and order 0 is refused everywhere.

use std::collections::BTreeSet;
use std::sync::LazyLock;

use kongming_magic_square::{
    Completion, ConstructError, Enumeration, EnumerationError, Kind, PartialSquare, Square,
    construct, construct_pandiagonal,
};
use proptest::prelude::*;

/// An independent checker, from the definitions: is `cells` (row by row,
/// order `n`) a normal square of `kind`?
fn oracle_is(n: usize, cells: &[u32], kind: Kind) -> bool {
    let total = (n * n) as u32;
    let mut sorted = cells.to_vec();
    sorted.sort_unstable();
    if sorted != (1..=total).collect::<Vec<_>>() {
        return false;
    }
    let sum = n as u32 * (total + 1) / 2;
    let at = |r: usize, c: usize| cells[r * n + c];
    let mut lines: Vec<Vec<u32>> = Vec::new();
    for i in 0..n {
        lines.push((0..n).map(|j| at(i, j)).collect());
        lines.push((0..n).map(|j| at(j, i)).collect());
    }
    if kind.has_diagonals() {
        lines.push((0..n).map(|i| at(i, i)).collect());
        lines.push((0..n).map(|i| at(i, n - 1 - i)).collect());
    }
    if kind.is_pandiagonal() {
        for k in 0..n {
            lines.push((0..n).map(|i| at(i, (i + k) % n)).collect());
            lines.push((0..n).map(|i| at(i, (k + n - i) % n)).collect());
        }
    }
    let pairs_ok =
        !kind.is_associative() || (0..n * n).all(|c| cells[c] + cells[n * n - 1 - c] == total + 1);
    pairs_ok && lines.iter().all(|line| line.iter().sum::<u32>() == sum)
}

/// Every arrangement of `1..=n²` (orders 1 to 3), by Heap's algorithm.
fn arrangements(n: usize) -> Vec<Vec<u32>> {
    let mut a: Vec<u32> = (1..=(n * n) as u32).collect();
    let mut c = vec![0usize; a.len()];
    let mut out = vec![a.clone()];
    let mut i = 0;
    while i < a.len() {
        if c[i] < i {
            if i % 2 == 0 {
                a.swap(0, i);
            } else {
                a.swap(c[i], i);
            }
            out.push(a.clone());
            c[i] += 1;
            i = 0;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
    out
}

/// Every arrangement of orders 1 to 3.
static ARRANGEMENTS: LazyLock<Vec<Vec<Vec<u32>>>> =
    LazyLock::new(|| (1..=3).map(arrangements).collect());

/// Per order 1 to 3, per kind (in the order of `Kind::ALL`), the squares
/// by brute force.
static BRUTE: LazyLock<Vec<Vec<BTreeSet<Vec<u32>>>>> = LazyLock::new(|| {
    (1..=3)
        .map(|n| {
            let all = &ARRANGEMENTS[n - 1];
            Kind::ALL
                .iter()
                .map(|&kind| {
                    all.iter()
                        .filter(|cells| oracle_is(n, cells, kind))
                        .cloned()
                        .collect()
                })
                .collect()
        })
        .collect()
});

#[test]
fn order_0_has_one_answer_no_square() {
    // Issue 17, point 12: the empty square passed `is(MAGIC)` while
    // `construct(0)` said none exists.
    assert_eq!(Square::from_cells(0, vec![]), None);
    assert_eq!(PartialSquare::from_cells(0, vec![]), None);
    assert_eq!(PartialSquare::empty(0), None);
    assert!("".parse::<Square>().is_err());
    assert!(" \n \n".parse::<PartialSquare>().is_err());
    assert_eq!(construct(0), Err(ConstructError::NoneExists { order: 0 }));
    assert_eq!(
        construct_pandiagonal(0),
        Err(ConstructError::NoneExists { order: 0 })
    );
    for kind in Kind::ALL {
        assert_eq!(
            Enumeration::new(0, kind).unwrap_err(),
            EnumerationError::OrderOutOfRange { order: 0 }
        );
    }
}

#[test]
fn orders_1_to_3_agree_everywhere_with_brute_force() {
    for n in 1..=3 {
        for (k, &kind) in Kind::ALL.iter().enumerate() {
            let brute = &BRUTE[n - 1][k];
            let enumeration = Enumeration::new(n, kind).unwrap();
            let listed: BTreeSet<Vec<u32>> = enumeration
                .squares()
                .map(|square| square.cells().to_vec())
                .collect();
            assert_eq!(&listed, brute, "order {n} {kind}");
            assert_eq!(
                enumeration.count().exact(),
                Some(brute.len() as u64),
                "order {n} {kind}"
            );
            let basic = enumeration.up_to_symmetry().unwrap();
            let forms = brute
                .iter()
                .filter(|cells| {
                    let square = Square::from_cells(n, cells.to_vec()).unwrap();
                    square.frenicle() == square
                })
                .count();
            assert_eq!(
                basic.count().exact(),
                Some(forms as u64),
                "order {n} {kind}"
            );
            let empty = PartialSquare::empty(n).unwrap();
            let completed: BTreeSet<Vec<u32>> = Completion::new(&empty, kind)
                .unwrap()
                .completions()
                .map(|square| square.cells().to_vec())
                .collect();
            assert_eq!(&completed, brute, "order {n} {kind}");
            for cells in brute {
                assert!(Square::from_cells(n, cells.clone()).unwrap().is(kind));
            }
        }
        let magic = &BRUTE[n - 1][1];
        match construct(n) {
            Ok(square) => assert!(magic.contains(square.cells()), "order {n}"),
            Err(error) => {
                assert_eq!(error, ConstructError::NoneExists { order: n });
                assert!(magic.is_empty(), "order {n}");
            }
        }
        let pandiagonal = &BRUTE[n - 1][2];
        match construct_pandiagonal(n) {
            Ok(square) => assert!(pandiagonal.contains(square.cells()), "order {n}"),
            Err(error) => {
                assert_eq!(error, ConstructError::NoneExists { order: n });
                assert!(pandiagonal.is_empty(), "order {n}");
            }
        }
    }
}

#[test]
fn order_4_counts_agree_with_the_constructions() {
    // The published counts (OEIS A006052; pandiagonal and associative
    // 384 each, no ultramagic square of order 4), the constructions of
    // each kind, and `is` on every listed square.
    for (kind, total) in [
        (Kind::MAGIC, 7040),
        (Kind::PANDIAGONAL, 384),
        (Kind::ASSOCIATIVE, 384),
        (Kind::ULTRAMAGIC, 0),
    ] {
        let enumeration = Enumeration::new(4, kind).unwrap();
        assert_eq!(enumeration.count().exact(), Some(total), "{kind}");
        let squares: Vec<Square> = enumeration.squares().collect();
        assert_eq!(squares.len() as u64, total, "{kind}");
        assert!(squares.iter().all(|s| oracle_is(4, s.cells(), kind)));
    }
    let magic = construct(4).unwrap();
    assert!(magic.is(Kind::MAGIC) && oracle_is(4, magic.cells(), Kind::MAGIC));
    let pandiagonal = construct_pandiagonal(4).unwrap();
    assert!(pandiagonal.is(Kind::PANDIAGONAL));
    assert!(oracle_is(4, pandiagonal.cells(), Kind::PANDIAGONAL));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, .. ProptestConfig::default() })]

    /// Any grid of order 0 to 3: a square exactly when the order is at
    /// least 1 and the cells fill it; `is` agrees with the independent
    /// checker for every kind, and the squares it accepts are those brute
    /// force lists.
    #[test]
    fn is_agrees_with_brute_force(
        n in 0usize..=3,
        shuffle in any::<prop::sample::Index>(),
        noise in prop::collection::vec(0u32..=10, 0..=9),
        arranged in any::<bool>(),
    ) {
        let cells: Vec<u32> = if arranged && n > 0 {
            shuffle.get(&ARRANGEMENTS[n - 1]).clone()
        } else {
            noise.clone()
        };
        let square = Square::from_cells(n, cells.clone());
        prop_assert_eq!(square.is_some(), n >= 1 && cells.len() == n * n);
        if let Some(square) = square {
            for (k, &kind) in Kind::ALL.iter().enumerate() {
                let is = square.is(kind);
                prop_assert_eq!(is, oracle_is(n, &cells, kind), "{} {}", square, kind);
                prop_assert_eq!(is, BRUTE[n - 1][k].contains(&cells), "{} {}", square, kind);
            }
        }
    }
}
