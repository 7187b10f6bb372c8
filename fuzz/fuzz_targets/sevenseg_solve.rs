//! The solver against a brute force over every glyph combination, on
//! short equations: moving, removing and adding one to three sticks.
//!
//! The input gives a short well-formed equation (numbers of one or two
//! digits, three to seven glyphs, one `=` or, when the rules allow, more),
//! the style, the rules and the change. The solver's fixes must be exactly
//! the brute force's (`sevenseg_oracle::Model::fixes`: its own stick table,
//! evaluator and rules), each fix's sticks must replay on the input, and a
//! node budget must give a subset of them.
#![no_main]

#[path = "../common/sevenseg_oracle.rs"]
mod sevenseg_oracle;

use std::collections::BTreeSet;

use arbitrary::{Result, Unstructured};
use kongming_sevenseg::{Budget, Change, Rules, Solver, Style};
use libfuzzer_sys::fuzz_target;
use sevenseg_oracle::{Looks, Model, ascii, replay};

#[derive(Debug)]
struct Case {
    text: Vec<char>,
    model: Model,
    change: Change,
    node_limit: u16,
}

fn number(u: &mut Unstructured<'_>, leading_zeros: bool) -> Result<String> {
    let first = if leading_zeros { 0 } else { 1 };
    Ok(if u.ratio(1, 3)? {
        format!("{}{}", u.int_in_range(first..=9)?, u.int_in_range(0..=9)?)
    } else {
        u.int_in_range(0..=9)?.to_string()
    })
}

fn case(u: &mut Unstructured<'_>) -> Result<Case> {
    let model = Model {
        looks: Looks {
            six_top: u.arbitrary()?,
            seven_left: u.arbitrary()?,
            nine_bottom: u.arbitrary()?,
        },
        keep_orientation: u.arbitrary()?,
        leading_zeros: u.ratio(1, 4)?,
        multiple_equals: u.ratio(1, 4)?,
    };
    // Two to three numbers joined by operators, one of them `=`.
    let numbers = u.int_in_range(2..=3)?;
    let equals_at = u.int_in_range(0..=numbers - 2)?;
    let mut text = number(u, model.leading_zeros)?;
    for i in 0..numbers - 1 {
        let op = if i == equals_at {
            '='
        } else {
            *u.choose(&['+', '-', '*', '/', '='])?
        };
        text.push(op);
        text.push_str(&number(u, model.leading_zeros)?);
    }
    let k = u.int_in_range(1..=3)?;
    let change = match u.int_in_range(0..=2)? {
        0 => Change::Move(k),
        1 => Change::Remove(k),
        _ => Change::Add(k),
    };
    Ok(Case {
        text: text.chars().collect(),
        model,
        change,
        node_limit: u.arbitrary()?,
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(case) = case(&mut Unstructured::new(data)) else {
        return;
    };
    let m = case.model;
    let rules = Rules::default()
        .style(
            Style::default()
                .six_with_top(m.looks.six_top)
                .seven_with_upper_left(m.looks.seven_left)
                .nine_with_bottom(m.looks.nine_bottom),
        )
        .keep_orientation(m.keep_orientation)
        .leading_zeros(m.leading_zeros)
        .multiple_equals(m.multiple_equals);
    let text: String = case.text.iter().collect();
    let Ok(equation) = rules.parse(&text) else {
        // Only a second `=` under the one-`=` rule is refused.
        assert!(
            !m.multiple_equals && text.matches('=').count() > 1,
            "{text}"
        );
        return;
    };
    let solver = Solver::new(case.change).rules(rules);
    let solutions = solver.solve(&equation).expect("at most three sticks");
    assert!(solutions.outcome().is_complete());
    let mut found = BTreeSet::new();
    for fix in solutions.fixes() {
        replay(&m, &case.text, fix, case.change);
        assert!(found.insert(ascii(fix)), "{fix} twice");
    }
    let expected = m.fixes(&case.text, case.change);
    assert_eq!(found, expected, "{text} {}", case.change);

    // A budgeted search finds some of them.
    let limited = solver
        .budget(Budget::unlimited().with_node_limit(u64::from(case.node_limit)))
        .solve(&equation)
        .expect("at most three sticks");
    for fix in limited.fixes() {
        assert!(expected.contains(&ascii(fix)), "{fix}");
    }
    if limited.outcome().is_complete() {
        assert_eq!(limited.fixes().len(), expected.len());
    }
});
