//! The matchstick equation parser on arbitrary text.
//!
//! Parsing never panics; an accepted equation prints and parses back to the
//! same glyphs; evaluation never panics and the quick truth test (residues
//! modulo 2^64) agrees with exact evaluation; a budgeted one-stick solve of
//! a short equation reports only true fixes that keep the stick count.
#![no_main]

use kongming_sevenseg::{Budget, Change, Equation, Rules, Solver, Style};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&flags, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let rules = Rules::default()
        .leading_zeros(flags & 1 != 0)
        .multiple_equals(flags & 2 != 0)
        .keep_orientation(flags & 4 != 0);
    let Ok(eq) = rules.parse(text) else {
        return;
    };
    let printed = eq.to_string();
    let again: Equation = rules.parse(&printed).expect("printed equations parse");
    assert_eq!(again, eq);
    assert_eq!(again.to_string(), printed);
    let exactly_true = match eq.evaluate() {
        Ok(sides) => sides.windows(2).all(|w| w[0] == w[1]),
        Err(_) => false,
    };
    assert_eq!(eq.is_true(), exactly_true);
    if eq.len() <= 16 {
        let solver = Solver::new(Change::Move(1))
            .rules(rules)
            .budget(Budget::unlimited().with_node_limit(20_000));
        let solutions = solver.solve(&eq).expect("one stick is allowed");
        let sticks = eq.sticks(&Style::default());
        for fix in solutions.fixes() {
            assert!(fix.equation().is_true());
            assert!(fix.equation().evaluate().is_ok());
            assert_eq!(fix.equation().sticks(&Style::default()), sticks);
        }
    }
});
