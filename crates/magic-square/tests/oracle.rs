//! The enumerator against brute force and an independent checker written
//! here, and the CSP completion against the enumerator.

use std::collections::HashSet;

use kongming_magic_square::{Completion, Enumeration, Kind, Outcome, PartialSquare, Square};
use kongming_search::dfs::Search;

/// An independent checker: is `cells` (row by row, order `n`) a normal
/// square of `kind`? Written from the definitions, sharing nothing with the
/// crate.
fn is_magic(n: usize, cells: &[u32], kind: Kind) -> bool {
    let total = n * n;
    let mut sorted = cells.to_vec();
    sorted.sort_unstable();
    if sorted != (1..=total as u32).collect::<Vec<_>>() {
        return false;
    }
    let m = (n * (total + 1) / 2) as u32;
    let at = |r: usize, c: usize| cells[r * n + c];
    for i in 0..n {
        if (0..n).map(|j| at(i, j)).sum::<u32>() != m {
            return false;
        }
        if (0..n).map(|j| at(j, i)).sum::<u32>() != m {
            return false;
        }
    }
    if kind.has_diagonals() {
        if (0..n).map(|i| at(i, i)).sum::<u32>() != m {
            return false;
        }
        if (0..n).map(|i| at(i, n - 1 - i)).sum::<u32>() != m {
            return false;
        }
    }
    if kind.is_pandiagonal() {
        for k in 0..n {
            if (0..n).map(|i| at(i, (i + k) % n)).sum::<u32>() != m {
                return false;
            }
            if (0..n).map(|i| at(i, (k + n * n - i) % n)).sum::<u32>() != m {
                return false;
            }
        }
    }
    if kind.is_associative() {
        for r in 0..n {
            for c in 0..n {
                if at(r, c) + at(n - 1 - r, n - 1 - c) != total as u32 + 1 {
                    return false;
                }
            }
        }
    }
    true
}

/// The Frénicle conditions, from the definition.
fn is_frenicle(n: usize, cells: &[u32]) -> bool {
    let corner = cells[0];
    corner < cells[n - 1]
        && corner < cells[n * (n - 1)]
        && corner < cells[n * n - 1]
        && cells[1] < cells[n]
}

/// Every permutation of `1..=9`, by Heap's algorithm.
fn permutations_of_nine() -> Vec<[u32; 9]> {
    let mut a = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    let mut c = [0usize; 9];
    let mut out = vec![a];
    let mut i = 0;
    while i < 9 {
        if c[i] < i {
            if i % 2 == 0 {
                a.swap(0, i);
            } else {
                a.swap(c[i], i);
            }
            out.push(a);
            c[i] += 1;
            i = 0;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
    out
}

#[test]
fn order_3_counts_equal_brute_force_for_every_kind() {
    let all = permutations_of_nine();
    assert_eq!(all.len(), 362_880);
    for kind in Kind::ALL {
        let magic: Vec<&[u32; 9]> = all.iter().filter(|p| is_magic(3, &p[..], kind)).collect();
        let total = magic.len() as u64;
        let basic = magic.iter().filter(|p| is_frenicle(3, &p[..])).count() as u64;
        let enumeration = Enumeration::new(3, kind).unwrap();
        assert_eq!(enumeration.count().exact(), Some(total), "{kind}");
        assert_eq!(
            enumeration
                .clone()
                .up_to_symmetry()
                .unwrap()
                .count()
                .exact(),
            Some(basic),
            "{kind}"
        );
        let listed: HashSet<Vec<u32>> = enumeration.squares().map(|s| s.cells().to_vec()).collect();
        let expected: HashSet<Vec<u32>> = magic.iter().map(|p| p.to_vec()).collect();
        assert_eq!(listed, expected, "{kind}");
    }
}

#[test]
fn order_3_centre_slices_equal_brute_force() {
    let all = permutations_of_nine();
    for centre in 1..=9 {
        let expected = all
            .iter()
            .filter(|p| p[4] == centre && is_magic(3, &p[..], Kind::SEMI_MAGIC))
            .count() as u64;
        let slice = Enumeration::new(3, Kind::SEMI_MAGIC)
            .unwrap()
            .with_centre(centre)
            .unwrap();
        assert_eq!(slice.count().exact(), Some(expected), "centre {centre}");
    }
}

/// Every listed square passes the checker, is distinct, and (up to
/// symmetry) is in Frénicle form; the listing has the published size.
fn check_listing(n: usize, kind: Kind, total: usize, basic: usize) {
    let enumeration = Enumeration::new(n, kind).unwrap();
    let squares: Vec<Square> = enumeration.squares().collect();
    assert_eq!(squares.len(), total, "order {n} {kind}");
    let distinct: HashSet<&[u32]> = squares.iter().map(Square::cells).collect();
    assert_eq!(distinct.len(), total, "order {n} {kind}: repeats");
    assert!(squares.iter().all(|s| is_magic(n, s.cells(), kind)));
    let standard: Vec<Square> = enumeration.up_to_symmetry().unwrap().squares().collect();
    assert_eq!(standard.len(), basic, "order {n} {kind}");
    assert!(standard.iter().all(|s| is_frenicle(n, s.cells())));
    let from_all: HashSet<Square> = squares.iter().map(Square::frenicle).collect();
    let listed: HashSet<Square> = standard.into_iter().collect();
    assert_eq!(from_all, listed);
}

#[test]
fn order_4_magic_squares_are_7040_and_880_and_all_check() {
    check_listing(4, Kind::MAGIC, 7040, 880);
}

#[test]
fn order_4_specialised_enumerator_agrees_with_the_general_search() {
    // `squares()` and `count()` of all order-4 magic squares run a
    // specialised enumerator; `problem()` and `count_in_parts()` the
    // general search.
    let enumeration = Enumeration::new(4, Kind::MAGIC).unwrap();
    let general: HashSet<Square> = Search::new(enumeration.problem())
        .solutions()
        .flat_map(|form| form.symmetries())
        .collect();
    let specialised: Vec<Square> = enumeration.squares().collect();
    assert_eq!(general.len(), 7040);
    assert_eq!(specialised.len(), 7040);
    let specialised: HashSet<Square> = specialised.into_iter().collect();
    assert_eq!(general, specialised);
    let basic = enumeration.up_to_symmetry().unwrap();
    let ((counted, counted_stats), (in_parts, in_parts_stats)) =
        (basic.count_with_stats(), basic.count_in_parts_with_stats());
    assert_eq!((counted.exact(), in_parts.exact()), (Some(880), Some(880)));
    // One by corners, one by the search's nodes.
    assert!(counted_stats.nodes < 1000 && in_parts_stats.nodes > 1000);
    let mut squares = basic.squares();
    assert_eq!(squares.outcome(), None);
    let standard: Vec<Square> = squares.by_ref().collect();
    assert_eq!(squares.outcome(), Some(Outcome::Complete));
    assert_eq!(squares.stats().solutions, 880);
    assert!(standard.iter().all(Square::is_frenicle));
}

#[test]
fn order_4_pandiagonal_and_associative_listings_check() {
    check_listing(4, Kind::PANDIAGONAL, 384, 48);
    check_listing(4, Kind::ASSOCIATIVE, 384, 48);
    check_listing(4, Kind::ULTRAMAGIC, 0, 0);
}

#[test]
fn csp_completion_agrees_with_the_enumerator() {
    // Order 4 with the corners of the Dürer square given.
    let partial: PartialSquare = "16 . . 13\n. . . .\n. . . .\n4 . . 1".parse().unwrap();
    for kind in [
        Kind::MAGIC,
        Kind::SEMI_MAGIC,
        Kind::PANDIAGONAL,
        Kind::ASSOCIATIVE,
    ] {
        let by_csp: HashSet<Square> = Completion::new(&partial, kind)
            .unwrap()
            .completions()
            .collect();
        let by_search: HashSet<Square> = Enumeration::completing(&partial, kind)
            .unwrap()
            .squares()
            .collect();
        assert_eq!(by_csp, by_search, "{kind}");
        assert!(
            by_csp
                .iter()
                .all(|s| partial.matches(s) && is_magic(4, s.cells(), kind))
        );
    }
}

#[test]
fn completion_of_an_inconsistent_grid_is_empty() {
    let partial: PartialSquare = "1 2 .\n. . .\n. . .".parse().unwrap();
    assert_eq!(
        Completion::new(&partial, Kind::MAGIC)
            .unwrap()
            .count()
            .exact(),
        Some(0)
    );
    assert_eq!(
        Enumeration::completing(&partial, Kind::MAGIC)
            .unwrap()
            .count()
            .exact(),
        Some(0)
    );
}

#[test]
fn larger_orders_complete_back_to_the_constructed_square() {
    use kongming_magic_square::{construct, construct_pandiagonal};
    let cases = [
        (construct(6).unwrap(), Kind::MAGIC),
        (construct(7).unwrap(), Kind::MAGIC),
        (construct(8).unwrap(), Kind::MAGIC),
        (construct_pandiagonal(7).unwrap(), Kind::PANDIAGONAL),
        (construct_pandiagonal(8).unwrap(), Kind::PANDIAGONAL),
    ];
    for (square, kind) in cases {
        let n = square.order();
        let mut partial = PartialSquare::from(&square);
        // Blank the first row but one cell, and a diagonal cell further down.
        for col in 1..n {
            partial.set(0, col, None);
        }
        partial.set(n - 1, n - 1, None);
        let by_search: Vec<Square> = Enumeration::completing(&partial, kind)
            .unwrap()
            .squares()
            .collect();
        assert!(by_search.contains(&square), "order {n} {kind}");
        assert!(
            by_search
                .iter()
                .all(|s| partial.matches(s) && is_magic(n, s.cells(), kind))
        );
        let by_csp: HashSet<Square> = Completion::new(&partial, kind)
            .unwrap()
            .completions()
            .collect();
        assert_eq!(by_csp, by_search.into_iter().collect(), "order {n} {kind}");
    }
}
