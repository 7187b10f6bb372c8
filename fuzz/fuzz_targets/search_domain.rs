//! The CSP domains against a `BTreeSet` model.
//!
//! A sequence of operations (insert, remove, intersect, difference, union,
//! range retention, 64-bit round trips, …) runs on a `SmallDomain`, a
//! `LargeDomain` and a plain set side by side; after every step each
//! domain's answers and contents must be the set's.
#![no_main]

use std::collections::BTreeSet;

use arbitrary::{Arbitrary, Unstructured};
use kongming_search::csp::{Domain, LargeDomain, SmallDomain};
use libfuzzer_sys::fuzz_target;

/// Which of the two sets an operation reads or writes.
#[derive(Arbitrary, Debug, Clone, Copy)]
enum Slot {
    A,
    B,
}

#[derive(Arbitrary, Debug)]
enum Op {
    Insert(Slot, u8),
    Remove(Slot, u8),
    Range(Slot, u8, u8),
    Capacity(Slot, u8),
    Intersect(Slot),
    Difference(Slot),
    Union(Slot),
    RetainRange(Slot, u8, u8),
    Bits(Slot, u64),
    LenAtMost(Slot, u8),
}

/// The three representations of one set.
struct Triple<D: Domain> {
    model: BTreeSet<u32>,
    domain: D,
}

fn check<D: Domain>(t: &Triple<D>, limit: u32) {
    let d = &t.domain;
    let values: Vec<u32> = d.iter().collect();
    let expected: Vec<u32> = t.model.iter().copied().collect();
    assert_eq!(values, expected, "{d:?}");
    let mut backwards: Vec<u32> = d.iter().rev().collect();
    backwards.reverse();
    assert_eq!(backwards, expected);
    assert_eq!(d.len() as usize, expected.len());
    assert_eq!(d.is_empty(), expected.is_empty());
    assert_eq!(d.min(), expected.first().copied());
    assert_eq!(d.max(), expected.last().copied());
    assert_eq!(d.single_value(), (expected.len() == 1).then(|| expected[0]));
    for v in 0..limit + 2 {
        assert_eq!(d.contains(v), t.model.contains(&v), "contains {v}");
    }
    let low64 = expected.iter().all(|&v| v < 64);
    match d.to_bits64() {
        Some(bits) => {
            assert!(low64);
            let back: Vec<u32> = (0..64).filter(|b| bits >> b & 1 == 1).collect();
            assert_eq!(back, expected);
        }
        None => assert!(!low64),
    }
}

fn run<D: Domain>(ops: &[Op], limit: u32) {
    let clamp = |v: u8| u32::from(v) % limit;
    let mut sets = [
        Triple::<D> {
            model: BTreeSet::new(),
            domain: D::with_capacity(limit),
        },
        Triple::<D> {
            model: BTreeSet::new(),
            domain: D::with_capacity(limit),
        },
    ];
    for op in ops {
        match *op {
            Op::Insert(s, v) => {
                let t = &mut sets[s as usize];
                t.domain.insert(clamp(v));
                t.model.insert(clamp(v));
            }
            Op::Remove(s, v) => {
                let t = &mut sets[s as usize];
                assert_eq!(t.domain.remove(clamp(v)), t.model.remove(&clamp(v)));
            }
            Op::Range(s, lo, hi) => {
                let (lo, hi) = (clamp(lo), clamp(hi));
                let t = &mut sets[s as usize];
                t.domain = D::range(lo, hi);
                t.model = (lo..=hi).collect();
            }
            Op::Capacity(s, c) => {
                let t = &mut sets[s as usize];
                t.domain = D::with_capacity(clamp(c));
                t.model.clear();
            }
            Op::Intersect(s) | Op::Difference(s) | Op::Union(s) => {
                let other = sets[1 - s as usize].domain.clone();
                let other_model = sets[1 - s as usize].model.clone();
                let t = &mut sets[s as usize];
                assert_eq!(
                    t.domain.intersects(&other),
                    !t.model.is_disjoint(&other_model)
                );
                assert_eq!(
                    t.domain.first_common(&other),
                    t.model.intersection(&other_model).next().copied()
                );
                assert_eq!(t.domain.is_subset(&other), t.model.is_subset(&other_model));
                let before = t.model.clone();
                match op {
                    Op::Intersect(_) => {
                        let changed = t.domain.intersect_with(&other);
                        t.model = &t.model & &other_model;
                        assert_eq!(changed, t.model != before);
                    }
                    Op::Difference(_) => {
                        let changed = t.domain.difference_with(&other);
                        t.model = &t.model - &other_model;
                        assert_eq!(changed, t.model != before);
                    }
                    _ => {
                        t.domain.union_with(&other);
                        t.model = &t.model | &other_model;
                    }
                }
            }
            Op::RetainRange(s, lo, hi) => {
                let (lo, hi) = (clamp(lo), clamp(hi));
                let t = &mut sets[s as usize];
                let before = t.model.clone();
                let changed = t.domain.retain_range(lo, hi);
                t.model.retain(|&v| lo <= v && v <= hi);
                assert_eq!(changed, t.model != before);
            }
            Op::Bits(s, bits) => {
                let t = &mut sets[s as usize];
                t.domain = D::from_bits64(bits);
                t.model = (0..64).filter(|b| bits >> b & 1 == 1).collect();
            }
            Op::LenAtMost(s, limit) => {
                let t = &sets[s as usize];
                let len = t.model.len() as u32;
                let limit = u32::from(limit);
                let got = t.domain.len_at_most(limit);
                assert_eq!(got, (len <= limit).then_some(len), "len_at_most({limit})");
            }
        }
        for t in &sets {
            check(t, limit.max(64));
        }
        // Equal sets are equal domains, whatever their capacities.
        assert_eq!(
            sets[0].domain == sets[1].domain,
            sets[0].model == sets[1].model
        );
    }
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(large) = bool::arbitrary(&mut u) else {
        return;
    };
    let Ok(limit) = u.int_in_range(1u32..=200) else {
        return;
    };
    let Ok(ops) = u
        .arbitrary_iter::<Op>()
        .and_then(|it| it.take(64).collect::<Result<Vec<_>, _>>())
    else {
        return;
    };
    if large {
        run::<LargeDomain>(&ops, limit);
    } else {
        run::<SmallDomain>(&ops, limit.min(64));
    }
});
