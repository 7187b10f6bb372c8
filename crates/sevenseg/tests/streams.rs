//! The lazy streams are the primary API and the collecting calls are
//! sugar on them: the same answers in the same order, found lazily (the
//! first answer of a huge search comes after a few nodes), reported to the
//! progress callbacks as documented.

mod common;

use std::sync::{Arc, Mutex};

use common::{Kind, OracleStyle, ascii, one_stick};
use kongming_sevenseg::{
    Budget, Change, Equation, Fix, Generator, Op, Outcome, Puzzle, Rules, Solver, Style,
};
use proptest::prelude::*;

/// A short well-formed equation: up to four numbers of one or two digits.
fn short_equation() -> impl Strategy<Value = String> {
    (
        prop::collection::vec(
            (0u32..100, prop::sample::select(vec!['+', '-', '*', '/'])),
            1..4,
        ),
        0u32..100,
        0usize..3,
    )
        .prop_map(|(terms, last, equals_at)| {
            let mut text = String::new();
            let at = equals_at.min(terms.len() - 1);
            for (i, (n, op)) in terms.iter().enumerate() {
                text.push_str(&n.to_string());
                text.push(if i == at { '=' } else { *op });
            }
            text.push_str(&last.to_string());
            text
        })
}

fn change() -> impl Strategy<Value = Change> {
    (0usize..3, 1usize..=2).prop_map(|(kind, k)| match kind {
        0 => Change::Move(k),
        1 => Change::Remove(k),
        _ => Change::Add(k),
    })
}

fn rules() -> impl Strategy<Value = Rules> {
    (any::<[bool; 4]>(), any::<bool>()).prop_map(|(style, keep)| {
        Rules::default()
            .style(
                Style::default()
                    .six_with_top(style[0])
                    .seven_with_upper_left(style[1])
                    .nine_with_bottom(style[2]),
            )
            .keep_orientation(keep)
            .leading_zeros(style[3])
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// `solve` collects exactly the stream of `fixes`, in order, with the
    /// same outcome and statistics; `neighbours` streams a superset (every
    /// equation the change makes, true or not).
    #[test]
    fn solve_collects_the_stream(text in short_equation(), change in change(), rules in rules()) {
        let Ok(eq) = rules.parse(&text) else { return Ok(()) };
        let solver = Solver::new(change).rules(rules);
        let solutions = solver.solve(&eq).unwrap();
        let mut stream = solver.fixes(&eq).unwrap();
        prop_assert_eq!(stream.outcome(), None);
        let streamed: Vec<Fix> = stream.by_ref().collect();
        prop_assert_eq!(&streamed, solutions.fixes());
        prop_assert_eq!(stream.outcome(), Some(solutions.outcome()));
        prop_assert_eq!(stream.stats(), solutions.stats());
        let near: Vec<Fix> = solver.neighbours(&eq).unwrap().collect();
        for fix in solutions.fixes() {
            prop_assert!(near.contains(fix));
        }
        prop_assert_eq!(
            near.iter().filter(|f| f.equation().is_true()).count(),
            solutions.fixes().len()
        );
    }
}

#[test]
fn the_first_fix_of_a_huge_search_comes_at_once() {
    // Moving three sticks in this 63-glyph equation makes about 1.5
    // million true equations; the stream finds the first after a few
    // nodes, and one more after a few more.
    let eq: Equation = "1+2+3+4+5+6+7+8+9+1+2+3+4+5+6+7+8+9+1+2+3+4+5+6+7+8+9+1+2+3=126"
        .parse()
        .unwrap();
    let solver = Solver::new(Change::Move(3));
    let mut fixes = solver.fixes(&eq).unwrap();
    let first = fixes.next().unwrap();
    assert!(first.equation().is_true());
    assert!(fixes.stats().nodes < 100, "{}", fixes.stats());
    let tenth = fixes.nth(8).unwrap();
    assert!(tenth.equation().is_true());
    assert!(fixes.stats().nodes < 1_000, "{}", fixes.stats());
    assert_eq!(fixes.stats().solutions, 10);
    assert_eq!(fixes.outcome(), None);
}

#[test]
fn all_collects_the_stream_of_puzzles() {
    for generator in [
        Generator::new(Change::Move(1)).unwrap(),
        Generator::new(Change::Remove(1)).unwrap().max_result(12),
        Generator::new(Change::Move(2))
            .unwrap()
            .operators(&[Op::Times, Op::Divide]),
    ] {
        let mut stream = generator.puzzles();
        assert_eq!(stream.outcome(), None);
        let streamed: Vec<Puzzle> = stream.by_ref().collect();
        assert_eq!(stream.outcome(), Some(Outcome::Complete));
        assert_eq!(stream.next(), None, "fused");
        // True equation by true equation.
        let by_truth: Vec<Puzzle> = generator
            .true_equations()
            .iter()
            .flat_map(|t| generator.puzzles_for(t).into_puzzles())
            .collect();
        assert_eq!(streamed, by_truth);
        let mut sorted = streamed;
        sorted.sort_by(|a, b| a.equation().cmp(b.equation()));
        let all = generator.all();
        assert_eq!(all.outcome(), Outcome::Complete);
        assert_eq!(all.puzzles(), sorted);
        assert!(!sorted.is_empty());
    }
}

#[test]
fn operators_named_twice_count_once() {
    let once = Generator::new(Change::Move(1))
        .unwrap()
        .operators(&[Op::Plus]);
    let twice =
        Generator::new(Change::Move(1))
            .unwrap()
            .operators(&[Op::Plus, Op::Equals, Op::Plus]);
    assert_eq!(once.true_equations(), twice.true_equations());
    assert_eq!(once.all(), twice.all());
}

#[test]
fn the_solver_reports_progress_every_4096_nodes() {
    let eq: Equation = "12+34-56=780".parse().unwrap();
    let reports = Arc::new(Mutex::new(Vec::new()));
    let log = Arc::clone(&reports);
    let solver = Solver::new(Change::Move(3))
        .on_progress(move |report| log.lock().unwrap().push((report.done, report.found)));
    let solutions = solver.solve(&eq).unwrap();
    let nodes = solutions.stats().nodes;
    let got = reports.lock().unwrap().clone();
    let dones: Vec<u64> = got.iter().map(|r| r.0).collect();
    let every: Vec<u64> = (1..=nodes / 4096).map(|i| i * 4096).collect();
    assert!(!every.is_empty());
    assert_eq!(dones, every);
    assert!(got.windows(2).all(|w| w[0].1 <= w[1].1));
    assert!(got.iter().all(|r| r.1 <= solutions.fixes().len() as u64));
    // The stream reports to the same callback, and so does a clone.
    solver.fixes(&eq).unwrap().for_each(drop);
    solver.clone().fixes(&eq).unwrap().for_each(drop);
    assert_eq!(
        *reports.lock().unwrap(),
        [got.clone(), got.clone(), got].concat()
    );
}

#[test]
fn the_generator_reports_after_each_true_equation_and_each_draw() {
    let reports = Arc::new(Mutex::new(Vec::new()));
    let log = Arc::clone(&reports);
    let generator = Generator::new(Change::Move(1))
        .unwrap()
        .on_progress(move |report| {
            log.lock()
                .unwrap()
                .push((report.done, report.total, report.found));
        });
    let all = generator.all();
    let total = generator.true_equations().len() as u64;
    let got = std::mem::take(&mut *reports.lock().unwrap());
    assert_eq!(got.len() as u64, total);
    for (i, r) in got.iter().enumerate() {
        assert_eq!((r.0, r.1), (i as u64 + 1, Some(total)));
    }
    assert!(got.windows(2).all(|w| w[0].2 <= w[1].2));
    assert_eq!(got.last().unwrap().2, all.puzzles().len() as u64);

    let drawn = generator.generate_batch(5, 7);
    let got = std::mem::take(&mut *reports.lock().unwrap());
    assert_eq!(got.last().unwrap().2, drawn.puzzles().len() as u64);
    for (i, r) in got.iter().enumerate() {
        assert_eq!((r.0, r.1), (i as u64 + 1, None));
    }

    let truth: Equation = "9-7=2".parse().unwrap();
    let one = generator.puzzles_for(&truth);
    let got = std::mem::take(&mut *reports.lock().unwrap());
    assert_eq!(got, [(1, Some(1), one.puzzles().len() as u64)]);
}

#[test]
fn reports_print_their_answers_and_outcome() {
    let solver = Solver::new(Change::Move(1));
    let solutions = solver.solve(&"6+4=4".parse().unwrap()).unwrap();
    let shown: Vec<String> = solutions.fixes().iter().map(ToString::to_string).collect();
    assert_eq!(
        solutions.to_string(),
        format!("{} (complete)", shown.join(", "))
    );
    let none = solver.solve(&"1=1".parse().unwrap()).unwrap();
    assert_eq!(none.to_string(), "no fix (complete)");
    let stopped = Solver::new(Change::Move(3))
        .budget(Budget::unlimited().with_node_limit(5))
        .solve(&"12+34-56=780".parse().unwrap())
        .unwrap();
    assert_eq!(stopped.to_string(), "no fix (stopped: node limit reached)");

    let generated = Generator::new(Change::Move(1))
        .unwrap()
        .puzzles_for(&"9-7=2".parse().unwrap());
    let shown: Vec<String> = generated
        .puzzles()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(shown.contains(&"5+7=2".to_string()));
    assert_eq!(
        generated.to_string(),
        format!("{} (complete)", shown.join(", "))
    );
    // Each puzzle shown has exactly that one fix (the tests' own
    // enumeration).
    for p in generated.puzzles() {
        let fixes = one_stick::fixes(
            &ascii(&p.to_string()),
            Kind::Move,
            false,
            OracleStyle::default(),
            false,
        );
        assert_eq!(fixes.into_iter().collect::<Vec<_>>(), [p.fix().to_string()]);
    }
}
