//! Completing real squares with cells removed.
//!
//! The input picks a real square (every semi-magic square of order 3, by
//! brute force here; for orders 4 and 5 the squares `construct` and
//! `construct_pandiagonal` build, turned, complemented, rows and columns
//! permuted), a kind and which cells to keep (often only a few, so the
//! completion fills many cells). Both completion paths must either refuse
//! the same inputs or return only squares that match the givens and are
//! magic of the kind by naive line sums; when the search finished, the
//! original square (if of that kind) must be among them and both paths
//! must count the same.
#![no_main]

#[path = "../common/magic_oracle.rs"]
mod magic_oracle;

use arbitrary::{Result, Unstructured};
use kongming_magic_square::{
    Completion, Enumeration, Kind, PartialSquare, construct, construct_pandiagonal,
};
use kongming_search::control::Budget;
use libfuzzer_sys::fuzz_target;
use magic_oracle::{naive_is, small_squares, symmetries};

#[derive(Debug)]
struct Case {
    n: usize,
    square: Vec<u32>,
    kind: Kind,
    kept: Vec<Option<u32>>,
    /// Whether a given was changed (the original may not fit then).
    spoiled: bool,
    node_limit: u32,
}

fn case(u: &mut Unstructured<'_>) -> Result<Case> {
    let n = u.int_in_range(1..=5)?;
    let mut square: Vec<u32> = match n {
        1..=3 => {
            let all = small_squares(n);
            if all.is_empty() {
                // Order 2 has none: a shuffle of 1..=4 then.
                let mut cells: Vec<u32> = (1..=4).collect();
                cells.swap(0, u.int_in_range(0..=3)?);
                cells
            } else {
                u.choose(all)?.clone()
            }
        }
        _ => {
            let built = if u.arbitrary()? {
                construct(n)
            } else {
                construct_pandiagonal(n)
            };
            built.expect("orders 4 and 5").cells().to_vec()
        }
    };
    square = symmetries(n, &square)[u.choose_index(8)?].clone();
    if u.ratio(1, 4)? {
        let top = (n * n) as u32 + 1;
        square.iter_mut().for_each(|v| *v = top - *v);
    }
    if u.ratio(1, 4)? {
        let (a, b) = (u.choose_index(n)?, u.choose_index(n)?);
        for c in 0..n {
            square.swap(a * n + c, b * n + c);
        }
    }
    let keep = u.int_in_range(0..=n * n / 2)?;
    let mut kept: Vec<Option<u32>> = vec![None; n * n];
    for _ in 0..keep {
        let at = u.choose_index(n * n)?;
        kept[at] = Some(square[at]);
    }
    let spoiled = u.ratio(1, 16)?;
    if spoiled {
        // A given out of range, repeated or moved.
        let at = u.choose_index(n * n)?;
        kept[at] = Some(*u.choose(&[0, (n * n) as u32 + 1, square[0]])?);
    }
    Ok(Case {
        n,
        square,
        kind: *u.choose(&Kind::ALL)?,
        kept,
        spoiled,
        node_limit: u.int_in_range(1..=20_000)?,
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(case) = case(&mut Unstructured::new(data)) else {
        return;
    };
    let n = case.n;
    let kind = case.kind;
    let partial = PartialSquare::from_cells(n, case.kept.clone()).expect("n² cells");
    let budget = Budget::unlimited().with_node_limit(u64::from(case.node_limit));
    let mut givens: Vec<u32> = case.kept.iter().flatten().copied().collect();
    let in_range = givens.iter().all(|&v| (1..=(n * n) as u32).contains(&v));
    givens.sort_unstable();
    let distinct = givens.windows(2).all(|w| w[0] != w[1]);
    let Ok(completion) = Completion::new(&partial, kind).map(|c| c.budget(budget.clone())) else {
        assert!(!(in_range && distinct), "refused valid givens");
        assert!(Enumeration::completing(&partial, kind).is_err());
        return;
    };
    assert!(in_range && distinct, "accepted bad givens");
    let mut completion = completion.completions();
    let mut found = Vec::new();
    for square in completion.by_ref() {
        assert!(partial.matches(&square));
        for (cell, given) in square.cells().iter().zip(&case.kept) {
            assert!(given.is_none_or(|g| g == *cell));
        }
        assert!(naive_is(n, square.cells(), kind), "{square}\nis not {kind}");
        found.push(square.cells().to_vec());
    }
    let complete = completion.outcome().is_some_and(|o| o.is_complete());
    let original_fits = !case.spoiled && naive_is(n, &case.square, kind);
    if complete && original_fits {
        assert!(
            found.contains(&case.square),
            "the original square was not found: {case:?}\n{partial}\nfound {found:?}"
        );
    }
    let enumeration = Enumeration::completing(&partial, kind).expect("same validation");
    let report = enumeration.budget(budget).count();
    if complete && report.is_complete() {
        assert_eq!(found.len() as u64, report.count());
    }
});
