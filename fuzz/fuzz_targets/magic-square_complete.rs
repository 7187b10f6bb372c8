//! Completion input: a small grid built from bytes (order 1 to 4, cells
//! blank or any number). Both completion paths either reject it with an
//! error or return only squares that match the givens and are magic of the
//! kind asked, and the two paths agree on the count.
#![no_main]

use kongming_magic_square::{Completion, Enumeration, Kind, PartialSquare};
use kongming_search::control::Budget;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&head, rest)) = data.split_first() else {
        return;
    };
    let order = usize::from(head % 4) + 1;
    let kind = Kind::ALL[usize::from(head / 4) % Kind::ALL.len()];
    let cells: Vec<Option<u32>> = (0..order * order)
        .map(|i| match rest.get(i).copied().unwrap_or(0) {
            0..=127 => None,
            b => Some(u32::from(b - 128) % 20),
        })
        .collect();
    let partial = PartialSquare::from_cells(order, cells).expect("order² cells");
    let budget = Budget::unlimited().with_node_limit(20_000);
    let Ok(completion) = Completion::with_budget(&partial, kind, budget.clone()) else {
        assert!(Enumeration::completing(&partial, kind).is_err());
        return;
    };
    let mut by_csp = 0u64;
    let mut completion = completion;
    for square in completion.by_ref() {
        assert!(partial.matches(&square));
        assert!(square.is(kind), "{square}\nis not {kind}");
        by_csp += 1;
    }
    let enumeration = Enumeration::completing(&partial, kind).expect("same validation");
    let report = enumeration.count_with_budget(budget, 1 << 20, |_| {});
    if completion.outcome().is_some_and(|o| o.is_complete()) && report.outcome.is_complete() {
        assert_eq!(by_csp, report.count);
    }
});
