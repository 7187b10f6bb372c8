//! kongming-peg-bitboard: solving and counting peg solitaire.
//!
//! - `peg_english_centre`: one solution of the English board from the
//!   centre to the centre (31 jumps), checked once before timing;
//! - `peg_english_ends`: one solution to each of d1, a4, g4, d7;
//! - `peg_triangle_census`: every solution of the 15-hole triangle, summed
//!   over the 15 starts and 15 end holes (438,984), by census;
//! - `peg_english_winnable`: the 1,679,072 positions (up to symmetry) of
//!   the English board reachable from the centre start and still able to
//!   end with one peg in the centre (OEIS A112738), from scratch;
//! - `peg_english_solutions`: the same, then the
//!   40,861,647,040,079,968 jump sequences that solve it;
//! - `peg_english_fewest_moves`: the same winnable set, then a game of
//!   the fewest moves (18);
//! - `peg_winnable_set`: the English centre game's winnable set
//!   (`Census::winnable_set`: the same positions, each with its solutions
//!   left), from scratch, one thread;
//! - `peg_hint`: questions to that set about a position twelve jumps in
//!   (reached by following its hints): winnable?, the jumps that keep it
//!   winnable, the solutions left, and a hint.
//!
//! The English census groups take 10 samples of a second or more each.
//! No crate on the Rust package registry solves peg solitaire as a
//! library, so there is no peer in these groups.
//!
//! Run with `cargo bench --manifest-path benches/Cargo.toml --bench peg-bitboard`.

use std::cell::OnceCell;
use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use kongming_peg_bitboard::{Board, Census, Goal, Solver, Verdict};

fn english_centre(c: &mut Criterion) {
    let board = Board::english();
    let centre = board.cell("d4").expect("the English board has d4");
    let start = board.start(centre).expect("a cell of this board");
    let solve = || {
        let verdict = Solver::new(&start).goal(Goal::OnePegAt(centre)).solve();
        match verdict.expect("the goal fits the board") {
            Verdict::Solved(solution) => solution,
            other => panic!("no solution: {other:?}"),
        }
    };
    let solution = solve();
    assert_eq!(
        start.replay(solution.jumps()).expect("legal").pegs(),
        centre.bit()
    );
    let mut group = c.benchmark_group("peg_english_centre");
    group.bench_function("kongming-peg-bitboard", |b| b.iter(|| black_box(solve())));
    group.finish();

    let mut group = c.benchmark_group("peg_english_ends");
    group.measurement_time(Duration::from_secs(10));
    group.bench_function("kongming-peg-bitboard", |b| {
        b.iter(|| {
            for name in ["d1", "a4", "g4", "d7"] {
                let end = board.cell(name).expect("a hole");
                let verdict = Solver::new(&start).goal(Goal::OnePegAt(end)).solve();
                assert!(matches!(verdict, Ok(Verdict::Solved(_))));
            }
        });
    });
    group.finish();
}

fn triangle_census(c: &mut Criterion) {
    let board = Board::triangular(5).expect("5 rows");
    let count = || {
        let mut total = 0u128;
        for empty in board.cells() {
            let start = board.start(empty).expect("a cell of this board");
            for last in board.cells() {
                let end = board.position(last.bit()).expect("a hole");
                let mut census = Census::new(&start).with_target(&end).expect("same board");
                let count = census.solutions().expect("small");
                total += count.exact().expect("no budget");
            }
        }
        total
    };
    assert_eq!(count(), 438_984);
    let mut group = c.benchmark_group("peg_triangle_census");
    group.bench_function("kongming-peg-bitboard", |b| b.iter(|| black_box(count())));
    group.finish();
}

fn english_census(c: &mut Criterion) {
    let board = Board::english();
    let centre = board.cell("d4").expect("the English board has d4");
    let start = board.start(centre).expect("a cell of this board");
    let end = board.position(centre.bit()).expect("a hole");
    let census = || Census::new(&start).with_target(&end).expect("same board");
    let mut group = c.benchmark_group("peg_english_winnable");
    group.sample_size(10);
    group.bench_function("kongming-peg-bitboard", |b| {
        b.iter(|| {
            let winnable = census().winnable().expect("fits the default limit");
            assert_eq!(winnable.sum_up_to_symmetry(), 1_679_072);
        });
    });
    group.finish();
    let mut group = c.benchmark_group("peg_english_solutions");
    group.sample_size(10);
    group.bench_function("kongming-peg-bitboard", |b| {
        b.iter(|| {
            let solutions = census().solutions().expect("fits the default limit");
            assert_eq!(solutions.exact(), Some(40_861_647_040_079_968));
        });
    });
    group.finish();
    let mut group = c.benchmark_group("peg_english_fewest_moves");
    group.sample_size(10);
    group.bench_function("kongming-peg-bitboard", |b| {
        b.iter(|| {
            let verdict = census().fewest_moves().expect("fits the default limit");
            assert_eq!(verdict.solution().map(|game| game.move_count()), Some(18));
        });
    });
    group.finish();
}

fn english_winnable_set(c: &mut Criterion) {
    let board = Board::english();
    let centre = board.cell("d4").expect("the English board has d4");
    let start = board.start(centre).expect("a cell of this board");
    let end = board.position(centre.bit()).expect("a hole");
    let build = || {
        let mut census = Census::new(&start).with_target(&end).expect("same board");
        let set = census.winnable_set().expect("fits the default limit").set();
        set.expect("no budget: complete")
    };
    let mut group = c.benchmark_group("peg_winnable_set");
    group.sample_size(10);
    group.bench_function("kongming-peg-bitboard", |b| {
        b.iter(|| assert_eq!(build().len(), 1_679_072));
    });
    group.finish();
    // Built once, when the first of the group runs (not when another
    // group is chosen).
    let asked = OnceCell::new();
    let setup = || {
        let set = build();
        let mut position = start.clone();
        for _ in 0..12 {
            let jump = set.hint(&position).expect("same board").jump();
            position = position.play(jump.expect("winnable")).expect("legal");
        }
        (set, position)
    };
    let mut group = c.benchmark_group("peg_hint");
    group.bench_function("winnable", |b| {
        let (set, position) = asked.get_or_init(setup);
        b.iter(|| set.is_winnable(black_box(position)).expect("same board"));
    });
    group.bench_function("winnable_jumps", |b| {
        let (set, position) = asked.get_or_init(setup);
        b.iter(|| set.winnable_jumps(black_box(position)).expect("same board"));
    });
    group.bench_function("solutions_left", |b| {
        let (set, position) = asked.get_or_init(setup);
        b.iter(|| set.solutions_left(black_box(position)).expect("same board"));
    });
    group.bench_function("hint", |b| {
        let (set, position) = asked.get_or_init(setup);
        b.iter(|| set.hint(black_box(position)).expect("same board"));
    });
    group.finish();
}

criterion_group!(
    benches,
    english_centre,
    triangle_census,
    english_census,
    english_winnable_set
);
criterion_main!(benches);
