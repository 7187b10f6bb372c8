//! The symmetry constructors against naive permutation arithmetic.
//!
//! Permutations from images, cycles and point maps are accepted exactly
//! when they are permutations (checked here by counting), act as their
//! images say, and round-trip through their cycles; groups generated from
//! a few permutations have the elements of a naive closure (or report the
//! limit passed); orbits, canonical forms and stabilisers, on vectors and
//! on bitboards, agree with the naive images; the square symmetries and
//! the groups preserving a set of cells agree with the eight maps of the
//! square written out here.
#![no_main]

use std::collections::BTreeSet;

use arbitrary::{Arbitrary, Result, Unstructured};
use kongming_search::symmetry::{
    BitboardGroup, Group, GroupError, Permutation, PermutationError, SquareSymmetry,
};
use libfuzzer_sys::fuzz_target;

#[derive(Debug)]
struct Input {
    degree: usize,
    /// Candidate image lists, most of them permutations.
    images: Vec<Vec<usize>>,
    /// Candidate cycles (possibly out of range or repeating a point).
    cycles: Vec<Vec<usize>>,
    /// A state for orbits: one small value per point.
    state: Vec<u8>,
    limit: usize,
    /// Cells of a small square, and its size, for the square symmetries.
    size: usize,
    cells: Vec<(usize, usize)>,
    /// A point map on byte-valued points.
    points: Vec<u8>,
    map: Vec<u8>,
}

impl<'a> Arbitrary<'a> for Input {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let degree = u.int_in_range(0..=7)?;
        let mut images = Vec::new();
        for _ in 0..u.int_in_range(0..=3)? {
            let mut perm: Vec<usize> = (0..degree).collect();
            // A random shuffle, then sometimes a mistake.
            for i in (1..degree).rev() {
                let j = u.int_in_range(0..=i)?;
                perm.swap(i, j);
            }
            if u.ratio(1, 8)? && degree > 0 {
                let at = u.choose_index(degree)?;
                perm[at] = u.int_in_range(0..=degree)?;
            }
            if u.ratio(1, 16)? {
                perm.push(u.int_in_range(0..=degree)?);
            }
            images.push(perm);
        }
        let mut cycles = Vec::new();
        for _ in 0..u.int_in_range(0..=3)? {
            let len = u.int_in_range(1..=4)?;
            let mut cycle = Vec::new();
            for _ in 0..len {
                cycle.push(u.int_in_range(0..=degree)?);
            }
            cycles.push(cycle);
        }
        let state = (0..degree)
            .map(|_| u.int_in_range(0..=2))
            .collect::<Result<_>>()?;
        let size = u.int_in_range(1..=5)?;
        let mut cells = BTreeSet::new();
        for _ in 0..u.int_in_range(0..=size * size)? {
            cells.insert((u.int_in_range(0..=size - 1)?, u.int_in_range(0..=size - 1)?));
        }
        let points: Vec<u8> = (0..u.int_in_range(0..=6)?)
            .map(|_| u.int_in_range(0..=7))
            .collect::<Result<_>>()?;
        let map: Vec<u8> = (0..8)
            .map(|_| u.int_in_range(0..=7))
            .collect::<Result<_>>()?;
        Ok(Input {
            degree,
            images,
            cycles,
            state,
            limit: u.int_in_range(1..=6000)?,
            size,
            cells: cells.into_iter().collect(),
            points,
            map,
        })
    }
}

fn is_permutation(images: &[usize]) -> bool {
    let mut seen = vec![false; images.len()];
    images
        .iter()
        .all(|&i| i < images.len() && !std::mem::replace(&mut seen[i], true))
}

fn compose(a: &[usize], b: &[usize]) -> Vec<usize> {
    a.iter().map(|&p| b[p]).collect()
}

/// Every product of the generators, breadth first; `None` past `limit`.
fn closure(degree: usize, generators: &[Vec<usize>], limit: usize) -> Option<BTreeSet<Vec<usize>>> {
    let mut seen = BTreeSet::from([(0..degree).collect::<Vec<_>>()]);
    let mut frontier: Vec<Vec<usize>> = seen.iter().cloned().collect();
    while let Some(element) = frontier.pop() {
        for g in generators {
            let product = compose(&element, g);
            if seen.insert(product.clone()) {
                if seen.len() > limit {
                    return None;
                }
                frontier.push(product);
            }
        }
    }
    Some(seen)
}

fn apply_to_state(perm: &[usize], state: &[u8]) -> Vec<u8> {
    // The value at point i moves to point perm[i].
    let mut out = vec![0; state.len()];
    for (i, &p) in perm.iter().enumerate() {
        out[p] = state[i];
    }
    out
}

fn apply_to_bits(perm: &[usize], board: u64) -> u64 {
    perm.iter()
        .enumerate()
        .filter(|&(i, _)| board >> i & 1 == 1)
        .fold(0, |acc, (_, &p)| acc | 1 << p)
}

/// Where a map of the square of side `n` sends the cell `(row, column)`.
type CellMap = fn(usize, usize, usize) -> (usize, usize);

/// The eight maps of the square, written out.
fn square_maps() -> [CellMap; 8] {
    [
        |r, c, _| (r, c),
        |r, c, n| (c, n - 1 - r),
        |r, c, n| (n - 1 - r, n - 1 - c),
        |r, c, n| (n - 1 - c, r),
        |r, c, n| (r, n - 1 - c),
        |r, c, n| (n - 1 - r, c),
        |r, c, _| (c, r),
        |r, c, n| (n - 1 - c, n - 1 - r),
    ]
}

fuzz_target!(|input: Input| {
    let degree = input.degree;

    // Permutations from images.
    let mut generators = Vec::new();
    for images in &input.images {
        let result = Permutation::from_images(images.clone());
        assert_eq!(result.is_ok(), is_permutation(images), "{images:?}");
        let Ok(p) = result else {
            continue;
        };
        assert_eq!(p.images(), images.as_slice());
        assert_eq!(p.degree(), images.len());
        for (i, &image) in images.iter().enumerate() {
            assert_eq!(p.apply(i), image);
        }
        assert_eq!(
            p.is_identity(),
            images.iter().enumerate().all(|(i, &x)| i == x)
        );
        assert!(p.then(&p.inverse()).is_identity());
        assert!(p.inverse().then(&p).is_identity());
        let again = Permutation::from_cycles(images.len(), p.cycles()).expect("its own cycles");
        assert_eq!(again, p);
        let _ = p.to_string();
        if images.len() == degree {
            generators.push(p);
        }
    }

    // Permutations from cycles.
    let cycles_ok = {
        let mut seen = vec![false; degree];
        input
            .cycles
            .iter()
            .flatten()
            .all(|&point| point < degree && !std::mem::replace(&mut seen[point], true))
    };
    match Permutation::from_cycles(degree, &input.cycles) {
        Ok(p) => {
            assert!(cycles_ok);
            for cycle in &input.cycles {
                for (k, &point) in cycle.iter().enumerate() {
                    assert_eq!(p.apply(point), cycle[(k + 1) % cycle.len()]);
                }
            }
            generators.push(p);
        }
        Err(PermutationError::PointOutOfRange { .. } | PermutationError::RepeatedPoint { .. }) => {
            assert!(!cycles_ok)
        }
        Err(e) => panic!("unexpected {e:?}"),
    }

    // Permutations from point maps.
    let points = &input.points;
    let distinct = points.iter().collect::<BTreeSet<_>>().len() == points.len();
    let images: Option<Vec<usize>> = points
        .iter()
        .map(|&x| points.iter().position(|&y| y == input.map[usize::from(x)]))
        .collect();
    let expected = distinct
        .then_some(images)
        .flatten()
        .filter(|i| is_permutation(i));
    let from_map = Permutation::from_map(points, |&x| input.map[usize::from(x)]);
    assert_eq!(from_map.ok().map(|p| p.images().to_vec()), expected);

    // Groups: the closure of the generators.
    let naive_generators: Vec<Vec<usize>> =
        generators.iter().map(|g| g.images().to_vec()).collect();
    let naive = closure(degree, &naive_generators, input.limit);
    let group = Group::generate_with_limit(degree, generators.clone(), input.limit);
    let group = match (group, naive) {
        (Ok(group), Some(naive)) => {
            assert_eq!(group.order(), naive.len());
            let elements: BTreeSet<Vec<usize>> = group
                .elements()
                .iter()
                .map(|e| e.images().to_vec())
                .collect();
            assert_eq!(elements, naive);
            for g in &generators {
                assert!(group.contains(g));
            }
            group
        }
        (Err(GroupError::OrderTooLarge { limit }), None) => {
            assert_eq!(limit, input.limit);
            return;
        }
        (got, naive) => panic!(
            "{got:?} but the closure has {:?} elements",
            naive.map(|n| n.len())
        ),
    };

    // Orbits of a vector.
    let naive_orbit: BTreeSet<Vec<u8>> = group
        .elements()
        .iter()
        .map(|e| apply_to_state(e.images(), &input.state))
        .collect();
    let orbit: BTreeSet<Vec<u8>> = group.orbit(&input.state).into_iter().collect();
    assert_eq!(orbit, naive_orbit);
    assert_eq!(group.orbit_size(&input.state), naive_orbit.len());
    assert_eq!(
        group.orbit_size(&input.state) * group.stabilizer_size(&input.state),
        group.order()
    );
    let least = naive_orbit.iter().next().expect("the state itself").clone();
    assert_eq!(group.canonical(&input.state), least);
    assert_eq!(group.is_canonical(&input.state), least == input.state);
    let images: BTreeSet<Vec<u8>> = group.images(&input.state).collect();
    assert_eq!(images, naive_orbit);

    // The same group on bitboards.
    let bitboard = match BitboardGroup::new(&group) {
        Ok(b) => b,
        Err(GroupError::OrderTooLarge { limit }) => {
            assert!(group.order() > BitboardGroup::MAX_ORDER);
            assert_eq!(limit, BitboardGroup::MAX_ORDER);
            return;
        }
        Err(e) => panic!("{e:?} for a group of order {}", group.order()),
    };
    assert!(group.order() <= BitboardGroup::MAX_ORDER);
    assert_eq!(bitboard.order(), group.order());
    assert_eq!(bitboard.degree(), degree);
    let board = input
        .state
        .iter()
        .enumerate()
        .fold(0u64, |acc, (i, &v)| acc | u64::from(v & 1) << i);
    let naive_images: BTreeSet<u64> = group
        .elements()
        .iter()
        .map(|e| apply_to_bits(e.images(), board))
        .collect();
    let images: BTreeSet<u64> = (0..bitboard.order())
        .map(|e| bitboard.image(e, board))
        .collect();
    assert_eq!(images, naive_images);
    let least = *naive_images.first().expect("the board itself");
    assert_eq!(bitboard.canonical(board), least);
    assert_eq!(bitboard.is_canonical(board), least == board);
    assert_eq!(bitboard.orbit_size(board), naive_images.len());
    assert_eq!(bitboard.images(board).canonical(), least);

    // The square symmetries.
    let n = input.size;
    let maps = square_maps();
    let naive_square: BTreeSet<Vec<usize>> = maps
        .iter()
        .map(|m| {
            (0..n * n)
                .map(|i| {
                    let (r, c) = m(i / n, i % n, n);
                    r * n + c
                })
                .collect()
        })
        .collect();
    for s in SquareSymmetry::ALL {
        let p = s.permutation(n);
        assert!(naive_square.contains(p.images()), "{s:?} on {n}");
        for i in 0..n * n {
            let (r, c) = s.apply(i / n, i % n, n);
            assert!(r < n && c < n);
        }
    }
    let square = Group::square(n);
    let side = n + 4 * usize::from(input.state.first() == Some(&2));
    assert_eq!(
        BitboardGroup::new(&Group::square(side)).is_ok(),
        side * side <= 64,
        "side {side}"
    );
    let elements: BTreeSet<Vec<usize>> = square
        .elements()
        .iter()
        .map(|e| e.images().to_vec())
        .collect();
    assert_eq!(elements, naive_square);

    // The symmetries of the square that keep a set of cells.
    let cells = &input.cells;
    let keeping: BTreeSet<Vec<usize>> = maps
        .iter()
        .filter_map(|m| {
            cells
                .iter()
                .map(|&(r, c)| cells.iter().position(|&x| x == m(r, c, n)))
                .collect::<Option<Vec<usize>>>()
        })
        .collect();
    let preserving = Group::preserving(
        cells,
        SquareSymmetry::ALL.map(|s| move |&(r, c): &(usize, usize)| s.apply(r, c, n)),
    )
    .expect("distinct cells");
    let elements: BTreeSet<Vec<usize>> = preserving
        .elements()
        .iter()
        .map(|e| e.images().to_vec())
        .collect();
    assert_eq!(elements, keeping);
});
