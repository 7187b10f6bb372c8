//! The puzzle generator: every puzzle it makes has exactly one fix, by
//! brute force over every glyph combination, and that fix is the true
//! equation the puzzle reports.
//!
//! The input gives the change (one or two sticks moved, removed or added),
//! the rules, the generator's limits (operands up to 9, results up to 18,
//! a set of operators), a seed and a count; `generate`, `generate_batch`
//! and `puzzles_for` (for one of the true equations) are all checked.
#![no_main]

#[path = "../common/sevenseg_oracle.rs"]
mod sevenseg_oracle;

use std::collections::BTreeSet;

use arbitrary::{Result, Unstructured};
use kongming_sevenseg::{Change, Generator, Op, Puzzle, Rules, Style};
use libfuzzer_sys::fuzz_target;
use sevenseg_oracle::{Looks, Model, ascii, is_true, replay};

#[derive(Debug)]
struct Case {
    model: Model,
    change: Change,
    max_operand: u32,
    max_result: u32,
    ops: Vec<Op>,
    seed: u64,
    count: usize,
    truth: usize,
}

fn case(u: &mut Unstructured<'_>) -> Result<Case> {
    let k = u.int_in_range(1..=2)?;
    let mut ops = Vec::new();
    for op in Op::ALL {
        if u.ratio(1, 2)? {
            ops.push(op);
        }
    }
    Ok(Case {
        model: Model {
            looks: Looks {
                six_top: u.arbitrary()?,
                seven_left: u.arbitrary()?,
                nine_bottom: u.arbitrary()?,
            },
            keep_orientation: u.arbitrary()?,
            leading_zeros: u.ratio(1, 4)?,
            // The generator writes `a op b = c`: one `=`.
            multiple_equals: false,
        },
        change: match u.int_in_range(0..=2)? {
            0 => Change::Move(k),
            1 => Change::Remove(k),
            _ => Change::Add(k),
        },
        max_operand: u.int_in_range(0..=9)?,
        max_result: u.int_in_range(0..=18)?,
        ops,
        seed: u.arbitrary()?,
        count: u.int_in_range(0..=3)?,
        truth: u.arbitrary()?,
    })
}

fn check_puzzle(m: &Model, change: Change, puzzle: &Puzzle) {
    let text: Vec<char> = puzzle
        .equation()
        .to_string()
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let text: Vec<char> = text
        .into_iter()
        .map(|c| match c {
            'x' | 'X' | '×' => '*',
            '÷' => '/',
            c => c,
        })
        .collect();
    let fix = puzzle.fix();
    let shown = ascii(fix);
    assert!(is_true(&shown.chars().collect::<Vec<_>>()), "{shown}");
    replay(m, &text, fix, change);
    let all = m.fixes(&text, change);
    let only: BTreeSet<String> = [shown].into();
    assert_eq!(all, only, "{puzzle:?} under {change}");
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
        .leading_zeros(m.leading_zeros);
    let generator = Generator::new(case.change)
        .expect("two sticks at most")
        .rules(rules)
        .max_operand(case.max_operand)
        .max_result(case.max_result)
        .operators(&case.ops);
    let truths = generator.true_equations();
    for t in &truths {
        let text: Vec<char> = t.to_string().chars().collect();
        assert!(is_true(&text), "{t} is not true");
    }
    let puzzles = generator.generate_batch(case.seed, case.count);
    assert!(puzzles.outcome().is_complete(), "an unlimited run ends");
    assert!(puzzles.puzzles().len() <= case.count);
    for p in puzzles.puzzles() {
        check_puzzle(&m, case.change, p);
    }
    // One puzzle from the seed: one fix, or a reason (never a stop, with
    // no budget).
    match generator.clone().attempts(8).generate(case.seed) {
        Ok(p) => check_puzzle(&m, case.change, &p),
        Err(e) => assert!(
            !matches!(e, kongming_sevenseg::GenerateError::Stopped(_)),
            "{e}"
        ),
    }
    if !truths.is_empty() {
        let truth = &truths[case.truth % truths.len()];
        for p in generator.puzzles_for(truth).puzzles() {
            assert_eq!(p.fix().equation(), truth);
            check_puzzle(&m, case.change, p);
        }
    }
});
