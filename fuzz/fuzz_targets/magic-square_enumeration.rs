//! `Enumeration` for any order and kind, with or without a centre and
//! counting up to symmetry.
//!
//! Orders 0 and past 8 are refused; orders 1 to 3 must count exactly what
//! a brute force over every permutation finds (per kind, per centre value,
//! and one per class of the eight symmetries), and list exactly those
//! squares; larger orders run within a node budget, and every square they
//! list must be magic of the kind by naive line sums (and match the centre,
//! and be in Frénicle standard form when counting up to symmetry).
#![no_main]

#[path = "../common/magic_oracle.rs"]
mod magic_oracle;

use std::collections::BTreeSet;

use arbitrary::{Arbitrary, Result, Unstructured};
use kongming_magic_square::{Enumeration, EnumerationError, Kind};
use kongming_search::control::Budget;
use libfuzzer_sys::fuzz_target;
use magic_oracle::{naive_is, small_squares, symmetries};

#[derive(Debug)]
struct Case {
    order: usize,
    kind: Kind,
    centre: Option<u32>,
    up_to_symmetry: bool,
    node_limit: u64,
}

impl<'a> Arbitrary<'a> for Case {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        // Any order: those past 8 are refused before anything is built.
        let order = if u.ratio(1, 8)? {
            u.arbitrary()?
        } else {
            u.int_in_range(1..=5)?
        };
        Ok(Case {
            order,
            kind: *u.choose(&Kind::ALL)?,
            centre: if u.ratio(1, 3)? {
                Some(u.int_in_range(0..=26)?)
            } else {
                None
            },
            up_to_symmetry: u.ratio(1, 3)?,
            node_limit: u.int_in_range(0..=4000)?,
        })
    }
}

fuzz_target!(|case: Case| {
    let n = case.order;
    let enumeration = match Enumeration::new(n, case.kind) {
        Ok(e) => {
            assert!((1..=8).contains(&n));
            e
        }
        Err(EnumerationError::OrderOutOfRange { order }) => {
            assert_eq!(order, n);
            assert!(n == 0 || n > 8);
            return;
        }
        Err(e) => panic!("{e:?}"),
    };
    assert_eq!((enumeration.order(), enumeration.kind()), (n, case.kind));
    let mut enumeration = enumeration;
    if let Some(value) = case.centre {
        enumeration = match enumeration.with_centre(value) {
            Ok(e) => {
                assert!(n % 2 == 1 && (1..=(n * n) as u32).contains(&value));
                e
            }
            Err(EnumerationError::NoCentre { order }) => {
                assert!(order == n && n.is_multiple_of(2));
                return;
            }
            Err(EnumerationError::ValueOutOfRange { value: v, .. }) => {
                assert!(v == value && !(1..=(n * n) as u32).contains(&value));
                return;
            }
            Err(e) => panic!("{e:?}"),
        };
    }
    if case.up_to_symmetry {
        // Only the centre is given, and the symmetries keep it.
        enumeration = enumeration
            .up_to_symmetry()
            .expect("at most the centre given");
    }
    let centre = case.centre;
    let fits = |cells: &[u32]| centre.is_none_or(|v| cells[cells.len() / 2] == v);

    if n <= 3 {
        let all: Vec<&Vec<u32>> = small_squares(n)
            .iter()
            .filter(|s| naive_is(n, s, case.kind) && fits(s))
            .collect();
        let expected: BTreeSet<Vec<u32>> = if case.up_to_symmetry {
            all.iter()
                .map(|s| symmetries(n, s).into_iter().min().expect("eight"))
                .collect()
        } else {
            all.iter().map(|s| s.to_vec()).collect()
        };
        assert_eq!(enumeration.count().exact(), Some(expected.len() as u64), "{case:?}");
        let listed: BTreeSet<Vec<u32>> =
            enumeration.squares().map(|s| s.cells().to_vec()).collect();
        if !case.up_to_symmetry {
            assert_eq!(listed, expected, "{case:?}");
        } else {
            // One per class, whichever member stands for it.
            let classes: BTreeSet<Vec<u32>> = listed
                .iter()
                .map(|s| symmetries(n, s).into_iter().min().expect("eight"))
                .collect();
            assert_eq!(classes, expected, "{case:?}");
            assert_eq!(listed.len(), expected.len());
        }
        return;
    }

    let budget = Budget::unlimited().with_node_limit(case.node_limit);
    let bounded = enumeration.clone().budget(budget);
    let mut squares = bounded.squares();
    let mut seen = BTreeSet::new();
    for square in squares.by_ref() {
        assert_eq!(square.order(), n);
        assert!(
            naive_is(n, square.cells(), case.kind),
            "{case:?}:\n{square}"
        );
        assert!(fits(square.cells()), "{square}");
        if case.up_to_symmetry {
            assert!(square.is_frenicle());
        }
        assert!(
            seen.insert(square.cells().to_vec()),
            "listed twice:\n{square}"
        );
    }
    let report = bounded.count();
    if report.is_complete() && squares.outcome().is_some_and(|o| o.is_complete()) {
        assert_eq!(report.count(), seen.len() as u64, "{case:?}");
    }
});
