//! The published figures (T = all, E = up to the 8 symmetries).
//!
//! Sources: OEIS A006052 (normal magic squares: 1, 0, 1, 880,
//! 275305224 up to symmetry), A271103 (semi-magic squares), Schroeppel
//! (1973) for order 5, and the order-5 counts by centre value; pandiagonal
//! and associative counts of orders 4 and 5 as listed in the issue.

use kongming_magic_square::{Enumeration, Kind};
use kongming_search::control::{Budget, Outcome, StopReason};
use kongming_search::dfs::{self};

fn counts(n: usize, kind: Kind) -> (u64, u64) {
    let enumeration = Enumeration::new(n, kind).unwrap();
    let all = enumeration.count();
    let basic = enumeration.up_to_symmetry().unwrap().count();
    (all, basic)
}

#[test]
fn normal_magic_orders_1_to_4() {
    assert_eq!(counts(1, Kind::MAGIC), (1, 1));
    assert_eq!(counts(2, Kind::MAGIC), (0, 0));
    assert_eq!(counts(3, Kind::MAGIC), (8, 1));
    assert_eq!(counts(4, Kind::MAGIC), (7040, 880));
}

#[test]
fn semi_magic_orders_3_and_4() {
    assert_eq!(counts(3, Kind::SEMI_MAGIC), (72, 9));
    assert_eq!(counts(4, Kind::SEMI_MAGIC), (549_504, 68_688));
}

#[test]
fn pandiagonal_and_associative_order_4() {
    assert_eq!(counts(4, Kind::PANDIAGONAL), (384, 48));
    assert_eq!(counts(4, Kind::ASSOCIATIVE), (384, 48));
}

#[test]
#[ignore = "seconds in release, minutes in a debug build: run with cargo test --release -p kongming-magic-square --test counts -- --ignored release_"]
fn release_associative_order_5() {
    assert_eq!(counts(5, Kind::ASSOCIATIVE), (388_352, 48_544));
}

#[test]
#[ignore = "seconds in release, minutes in a debug build: run with cargo test --release -p kongming-magic-square --test counts -- --ignored release_"]
fn release_order_5_group_of_32_agrees_with_frenicle_forms() {
    // Order-5 counts of kinds with diagonals run on one square per orbit of
    // a group of 32 (four Frénicle forms each); `problem()` still searches
    // Frénicle forms.
    let basic = Enumeration::new(5, Kind::ASSOCIATIVE)
        .unwrap()
        .up_to_symmetry()
        .unwrap();
    assert_eq!(dfs::count(basic.problem()), 48_544);
    assert_eq!(basic.count(), 48_544);
    let report = basic.count_with_budget(Budget::unlimited(), 1 << 20, |_| {});
    assert_eq!(report.count, 48_544);
    assert_eq!(
        basic
            .count_in_parts(&Budget::unlimited(), |_, _, _| {})
            .count,
        48_544
    );
}

#[test]
#[ignore = "seconds in release, minutes in a debug build: run with cargo test --release -p kongming-magic-square --test counts -- --ignored release_"]
fn release_pandiagonal_order_5() {
    assert_eq!(counts(5, Kind::PANDIAGONAL), (28_800, 3_600));
}

#[test]
#[ignore = "seconds in release, minutes in a debug build: run with cargo test --release -p kongming-magic-square --test counts -- --ignored release_"]
fn release_ultramagic_order_5_is_a_subset_of_both() {
    let (all, basic) = counts(5, Kind::ULTRAMAGIC);
    assert_eq!(all, basic * 8);
    assert!(basic > 0 && basic < 3_600);
}

#[test]
#[ignore = "seconds in release, minutes in a debug build: run with cargo test --release -p kongming-magic-square --test counts -- --ignored release_"]
fn release_order_5_centre_1_slice() {
    // The order-5 counter (diagonals first, then two frames joined by
    // their sets), through both entry points that take a budget.
    let slice = Enumeration::new(5, Kind::MAGIC)
        .unwrap()
        .with_centre(1)
        .unwrap()
        .up_to_symmetry()
        .unwrap();
    let parts = slice.count_in_parts(&Budget::unlimited(), |_, _, _| {});
    assert_eq!(parts.count, 4_365_792);
    assert!(parts.outcome.is_complete());
    let budgeted = slice.count_with_budget(Budget::unlimited(), 1 << 16, |_| {});
    assert_eq!(budgeted.count, 4_365_792);
    assert_eq!(budgeted.stats.nodes, parts.stats.nodes);
}

#[test]
fn order_5_budget_stops_the_counter() {
    let order5 = Enumeration::new(5, Kind::MAGIC).unwrap();
    let mut calls = 0;
    let report =
        order5.count_with_budget(Budget::unlimited().with_node_limit(5_000), 1_000, |_| {
            calls += 1;
        });
    assert_eq!(report.outcome, Outcome::Stopped(StopReason::NodeLimit));
    assert!(report.stats.nodes >= 5_000 && report.stats.nodes < 6_000);
    assert!(calls >= 4);
    assert_eq!(report.count % 32, 0);
    let parts = order5.count_in_parts(&Budget::unlimited().with_node_limit(5_000), |_, _, _| {});
    assert_eq!(parts.outcome, Outcome::Stopped(StopReason::NodeLimit));
}

#[test]
#[ignore = "order-5 slice: about 10 s of CPU in release"]
fn order_5_centre_13_slice() {
    let slice = Enumeration::new(5, Kind::MAGIC)
        .unwrap()
        .with_centre(13)
        .unwrap()
        .up_to_symmetry()
        .unwrap();
    assert_eq!(
        slice
            .count_in_parts(&Default::default(), |_, _, _| {})
            .count,
        19_079_744
    );
}

#[test]
#[ignore = "the full order-5 count: about two CPU minutes in release (cargo test --release -p kongming-magic-square --features parallel --test counts -- --ignored order_5_full)"]
fn order_5_full_count() {
    let order5 = Enumeration::new(5, Kind::MAGIC).unwrap();
    let basic = order5
        .clone()
        .up_to_symmetry()
        .unwrap()
        .count_in_parts(&Default::default(), |_, _, _| {})
        .count;
    assert_eq!(basic, 275_305_224);
    assert_eq!(basic * 8, 2_202_441_792);
}
