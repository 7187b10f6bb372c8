//! kongming-magic-square: counting and construction, with the
//! `magicsquare` crate (0.2.0, the only magic-square crate on the Rust
//! package registry we found; it constructs one square per order and does
//! not enumerate) side by side on construction.
//!
//! - `order4`: count the 880 magic squares of order 4 in Frénicle form
//!   (hence all 7,040), and list all 7,040 lazily as `Square`s (both run
//!   the crate's specialised order-4 enumerator);
//! - `order5_kinds`: count the 3,600 pandiagonal and 48,544 associative
//!   order-5 squares up to symmetry;
//! - `order5_counter`: the order-5 counter (diagonals first, then two
//!   frames joined by their number sets) on the first 20,000 diagonal
//!   pairs of the centre-1 slice (a node budget; the whole slice is
//!   433,548 pairs);
//! - `construct1000`: build one 1000×1000 magic square;
//! - `hint`: the hint button on the classic order-4 puzzle, Dürer's square
//!   from four of its numbers (`16 . . 13 / . . 11 . / . 6 . . / . . . .`,
//!   one completion): its first hint (a line with one blank), the hint
//!   two moves later that only search finds ("every completion has it"),
//!   and all twelve hints that solve it.
//!
//! Before a peer is timed its answer is checked once (a magic square of
//! the right order), so a fast wrong answer is never reported.
//!
//! Run with `cargo bench --manifest-path benches/Cargo.toml --bench magic-square`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use kongming_magic_square::{
    Budget, Enumeration, Hint, Hinter, Kind, PartialSquare, Reason, Square, construct,
};

fn order4(c: &mut Criterion) {
    let mut group = c.benchmark_group("magic_order4");
    let basic = Enumeration::new(4, Kind::MAGIC)
        .unwrap()
        .up_to_symmetry()
        .unwrap();
    assert_eq!(basic.count().exact(), Some(880));
    group.bench_function("kongming/count_880", |b| {
        b.iter(|| black_box(&basic).count())
    });
    let all = Enumeration::new(4, Kind::MAGIC).unwrap();
    group.bench_function("kongming/list_7040", |b| {
        b.iter(|| black_box(&all).squares().count())
    });
    group.finish();
}

fn order5_kinds(c: &mut Criterion) {
    let mut group = c.benchmark_group("magic_order5_kinds");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20));
    for (name, kind, expected) in [
        ("pandiagonal_3600", Kind::PANDIAGONAL, 3_600),
        ("associative_48544", Kind::ASSOCIATIVE, 48_544),
    ] {
        let basic = Enumeration::new(5, kind).unwrap().up_to_symmetry().unwrap();
        assert_eq!(basic.count().exact(), Some(expected));
        group.bench_function(format!("kongming/{name}"), |b| {
            b.iter(|| black_box(&basic).count())
        });
    }
    group.finish();
}

fn order5_counter(c: &mut Criterion) {
    let mut group = c.benchmark_group("magic_order5_counter");
    group.sample_size(10);
    let slice = Enumeration::new(5, Kind::MAGIC)
        .unwrap()
        .with_centre(1)
        .unwrap()
        .up_to_symmetry()
        .unwrap()
        .budget(Budget::unlimited().with_node_limit(20_000));
    let (first, stats) = slice.count_with_stats();
    assert!(stats.nodes >= 20_000 && first.count() > 0);
    group.bench_function("kongming/centre1_20000_diagonals", |b| {
        b.iter(|| black_box(&slice).count().count())
    });
    group.finish();
}

/// The peer's square as ours, for checking.
fn peer_square(n: usize) -> Square {
    let array = magicsquare::MagicSquare::new(n)
        .get_array()
        .expect("the peer builds orders other than 0 and 2");
    let cells = array.iter().map(|&v| v as u32).collect();
    Square::from_cells(n, cells).expect("n² cells")
}

fn construct1000(c: &mut Criterion) {
    let mut group = c.benchmark_group("magic_construct1000");
    let n = 1000;
    assert!(construct(n).unwrap().is(Kind::MAGIC));
    assert!(
        peer_square(n).is(Kind::MAGIC),
        "the peer's square is not magic"
    );
    group.bench_function("kongming", |b| b.iter(|| construct(black_box(n)).unwrap()));
    group.bench_function("magicsquare", |b| {
        b.iter(|| magicsquare::MagicSquare::new(black_box(n)).get_array())
    });
    group.finish();
}

/// Follows the hints from `grid` to the end; the hints given.
fn solve_by_hints(hinter: &Hinter, grid: &PartialSquare) -> usize {
    let mut grid = grid.clone();
    let mut hints = 0;
    while let Hint::Next(hint) = hinter.hint(&grid).unwrap() {
        hint.apply(&mut grid);
        hints += 1;
    }
    hints
}

fn hint(c: &mut Criterion) {
    let mut group = c.benchmark_group("hint");
    let durer: Square = "16 3 2 13\n5 10 11 8\n9 6 7 12\n4 15 14 1".parse().unwrap();
    let puzzle: PartialSquare = "16 . . 13\n. . 11 .\n. 6 . .\n. . . .".parse().unwrap();
    let later: PartialSquare = "16 . . 13\n. . 11 .\n. 6 . .\n4 . . 1".parse().unwrap();
    let hinter = Hinter::new(Kind::MAGIC);
    // Checked once before timing: the right numbers, for the right reasons.
    let first = hinter.hint(&puzzle).unwrap();
    let first = first.step().unwrap();
    assert!(matches!(first.reason, Reason::LastInLine { .. }));
    let search = hinter.hint(&later).unwrap();
    let search = search.step().unwrap();
    assert_eq!(search.reason, Reason::EveryCompletion);
    for hint in [first, search] {
        assert_eq!(
            durer.get(hint.fill.cell.row, hint.fill.cell.col),
            Some(hint.fill.value)
        );
    }
    assert_eq!(solve_by_hints(&hinter, &puzzle), 12);
    group.bench_function("kongming/durer_first", |b| {
        b.iter(|| hinter.hint(black_box(&puzzle)).unwrap())
    });
    group.bench_function("kongming/durer_search", |b| {
        b.iter(|| hinter.hint(black_box(&later)).unwrap())
    });
    group.bench_function("kongming/durer_all_12", |b| {
        b.iter(|| solve_by_hints(&hinter, black_box(&puzzle)))
    });
    group.finish();
}

criterion_group!(
    benches,
    order4,
    order5_kinds,
    order5_counter,
    construct1000,
    hint
);
criterion_main!(benches);
