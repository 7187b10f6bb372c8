//! kongming-sevenseg: fixing matchstick equations and generating puzzles.
//!
//! No crate on the Rust package registry solves matchstick equations, so the
//! peer in each `fix` group is a naive baseline written here: enumerate every
//! combination of glyphs (digits for digits, operators for operators), keep
//! those whose stick difference fits and that are true. Its answers are
//! checked against the library's once before it is timed.
//!
//! - `move1_12`, `move2_12`, `move3_12`: every fix of the 12-glyph
//!   `12+34-56=780` moving 1, 2 or 3 sticks;
//! - `move1_5`: every fix of `6+4=4` moving one stick, library and baseline
//!   side by side (the baseline is only practical on short equations);
//! - `generate_all`: every single-digit `a+b=c` and `a-b=c` puzzle with a
//!   unique one-move fix, each graded;
//! - `hint`: the hint button on the classic instance `6+4=4` (move one
//!   stick): `classic`, the equation's hint from its fixes; `classic_grade`,
//!   its grade from every candidate; `classic_svg`, the hint and its SVG;
//!   `long_move3`, the hint of `12+34=56-78` moving three sticks (18 fixes).
//!
//! Run with `cargo bench --manifest-path benches/Cargo.toml --bench sevenseg`
//! (`-- hint` for the hint group alone).

use std::collections::BTreeSet;
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use kongming_sevenseg::{Change, Equation, Generator, Glyph, Solver, Style, draw};

const LONG: &str = "12+34-56=780";

/// The naive baseline: all glyph combinations, stick counts from segment
/// sets, truth from the library's exact evaluator.
fn baseline_move(eq: &Equation, k: usize) -> BTreeSet<String> {
    let style = Style::default();
    let glyphs = eq.glyphs();
    let pools: Vec<&[Glyph]> = glyphs
        .iter()
        .map(|g| {
            if g.is_digit() {
                &Glyph::DIGITS[..]
            } else {
                &Glyph::OPS[..]
            }
        })
        .collect();
    let mut index = vec![0usize; glyphs.len()];
    let mut out = BTreeSet::new();
    loop {
        let candidate: Vec<Glyph> = index.iter().zip(&pools).map(|(&i, p)| p[i]).collect();
        let (mut taken, mut put) = (0, 0);
        for (a, b) in glyphs.iter().zip(&candidate) {
            let (sa, sb) = (style.segments(*a), style.segments(*b));
            taken += (sa - sb).bits().count_ones() as usize;
            put += (sb - sa).bits().count_ones() as usize;
        }
        if taken == k && put == k {
            let text: String = candidate.iter().map(ToString::to_string).collect();
            if let Ok(c) = text.parse::<Equation>()
                && c.is_true()
            {
                out.insert(text);
            }
        }
        let mut p = glyphs.len();
        loop {
            if p == 0 {
                return out;
            }
            p -= 1;
            index[p] += 1;
            if index[p] < pools[p].len() {
                break;
            }
            index[p] = 0;
        }
    }
}

fn fixes(eq: &Equation, k: usize) -> BTreeSet<String> {
    Solver::new(Change::Move(k))
        .solve(eq)
        .expect("k is small")
        .fixes()
        .iter()
        .map(ToString::to_string)
        .collect()
}

fn bench(c: &mut Criterion) {
    let long: Equation = LONG.parse().expect("a valid equation");
    let mut group = c.benchmark_group("sevenseg/fix");
    for k in 1..=3 {
        let solver = Solver::new(Change::Move(k));
        group.bench_function(format!("move{k}_12/kongming"), |b| {
            b.iter(|| {
                solver
                    .solve(black_box(&long))
                    .expect("k is small")
                    .fixes()
                    .len()
            });
        });
    }
    let short: Equation = "6+4=4".parse().expect("a valid equation");
    assert_eq!(
        fixes(&short, 1),
        baseline_move(&short, 1),
        "baseline agrees"
    );
    let solver = Solver::new(Change::Move(1));
    group.bench_function("move1_5/kongming", |b| {
        b.iter(|| {
            solver
                .solve(black_box(&short))
                .expect("k is small")
                .fixes()
                .len()
        });
    });
    group.bench_function("move1_5/brute-force", |b| {
        b.iter(|| baseline_move(black_box(&short), 1).len());
    });
    group.finish();

    let mut group = c.benchmark_group("sevenseg/generate");
    group.sample_size(10);
    let generator = Generator::new(Change::Move(1)).expect("one stick");
    group.bench_function("all_single_digit/kongming", |b| {
        b.iter(|| generator.all().puzzles().len());
    });
    group.finish();

    let mut group = c.benchmark_group("sevenseg/hint");
    let classic: Equation = "6+4=4".parse().expect("a valid equation");
    let solver = Solver::new(Change::Move(1));
    group.bench_function("classic", |b| {
        b.iter(|| {
            solver
                .solve(black_box(&classic))
                .expect("k is small")
                .clue()
                .expect("6+4=4 has fixes")
                .position()
        });
    });
    group.bench_function("classic_grade", |b| {
        b.iter(|| solver.rate(black_box(&classic)).expect("k is small"));
    });
    let style = Style::default();
    group.bench_function("classic_svg", |b| {
        b.iter(|| {
            let hint = solver
                .solve(black_box(&classic))
                .expect("k is small")
                .clue()
                .expect("6+4=4 has fixes");
            draw::svg_clue(&hint, &style).len()
        });
    });
    let long: Equation = "12+34=56-78".parse().expect("a valid equation");
    let three = Solver::new(Change::Move(3));
    group.bench_function("long_move3", |b| {
        b.iter(|| {
            three
                .solve(black_box(&long))
                .expect("k is small")
                .clue()
                .expect("12+34=56-78 has fixes")
                .position()
        });
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
