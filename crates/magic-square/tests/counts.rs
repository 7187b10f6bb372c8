//! The published figures (T = all, E = up to the 8 symmetries).
//!
//! Sources: OEIS A006052 (normal magic squares: 1, 0, 1, 880,
//! 275305224 up to symmetry), A271103 (semi-magic squares), Schroeppel
//! (1973) for order 5, and the order-5 counts by centre value; pandiagonal
//! and associative counts of orders 4 and 5 as listed in the issue.

use std::sync::{Arc, Mutex};

use kongming_magic_square::{Budget, Enumeration, Kind, Outcome, Progress, Stage, StopReason};
use kongming_search::dfs::{self};

/// The exact counts (all, up to symmetry); a stopped count fails here.
fn counts(n: usize, kind: Kind) -> (u64, u64) {
    let enumeration = Enumeration::new(n, kind).unwrap();
    let all = enumeration.count().exact().expect("complete");
    let basic = enumeration
        .up_to_symmetry()
        .unwrap()
        .count()
        .exact()
        .expect("complete");
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
    assert_eq!(basic.count().exact(), Some(48_544));
    let bounded = basic
        .clone()
        .budget(Budget::unlimited().with_node_limit(u64::MAX - 1));
    assert_eq!(bounded.count().exact(), Some(48_544));
    assert_eq!(basic.count_in_parts().exact(), Some(48_544));
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
    // their sets), through both entry points, with progress reports.
    let reports = Arc::new(Mutex::new(Vec::new()));
    let seen = Arc::clone(&reports);
    let slice = Enumeration::new(5, Kind::MAGIC)
        .unwrap()
        .with_centre(1)
        .unwrap()
        .up_to_symmetry()
        .unwrap()
        .budget(Budget::unlimited().with_node_limit(u64::MAX - 1))
        .on_progress(move |report: &Progress<Stage>| seen.lock().unwrap().push(*report));
    let (parts, parts_stats) = slice.count_in_parts_with_stats();
    assert_eq!(parts.exact(), Some(4_365_792));
    let last = *reports.lock().unwrap().last().unwrap();
    assert_eq!(last.stage, Stage::Parts);
    assert_eq!((Some(last.done), last.found), (last.total, 4_365_792));
    reports.lock().unwrap().clear();
    let (counted, counted_stats) = slice.count_with_stats();
    assert_eq!(counted.exact(), Some(4_365_792));
    assert_eq!(counted_stats.nodes, parts_stats.nodes);
    let reports = reports.lock().unwrap();
    assert!(reports.iter().all(|r| r.stage == Stage::Diagonals));
    assert!(reports.len() as u64 >= counted_stats.nodes / 4096 - 1);
    assert!(
        reports
            .windows(2)
            .all(|w| w[0].done < w[1].done && w[0].found <= w[1].found)
    );
    assert!(reports.last().unwrap().found <= 4_365_792);
}

#[test]
fn order_5_budget_stops_the_counter() {
    let calls = Arc::new(Mutex::new(0));
    let seen = Arc::clone(&calls);
    let order5 = Enumeration::new(5, Kind::MAGIC)
        .unwrap()
        .budget(Budget::unlimited().with_node_limit(9_000))
        .on_progress(move |_| *seen.lock().unwrap() += 1);
    let (report, report_stats) = order5.count_with_stats();
    assert_eq!(report.outcome(), Outcome::Stopped(StopReason::NodeLimit));
    assert_eq!(report.exact(), None);
    assert!(report_stats.nodes >= 9_000 && report_stats.nodes < 10_000);
    // A report at 4,096 and 8,192 pairs of diagonals.
    assert_eq!(*calls.lock().unwrap(), 2);
    assert_eq!(report.count() % 32, 0);
    let (parts, parts_stats) = order5.count_in_parts_with_stats();
    assert_eq!(parts.outcome(), Outcome::Stopped(StopReason::NodeLimit));
    assert!(parts_stats.nodes >= 9_000 && parts_stats.nodes < 10_000);
    assert_eq!(parts.count() % 32, 0);
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
    assert_eq!(slice.count_in_parts().exact(), Some(19_079_744));
}

#[test]
#[ignore = "the full order-5 count: about two CPU minutes in release (cargo test --release -p kongming-magic-square --features parallel --test counts -- --ignored order_5_full)"]
fn order_5_full_count() {
    let order5 = Enumeration::new(5, Kind::MAGIC).unwrap();
    let basic = order5
        .clone()
        .up_to_symmetry()
        .unwrap()
        .count_in_parts()
        .exact()
        .expect("complete");
    assert_eq!(basic, 275_305_224);
    assert_eq!(basic * 8, 2_202_441_792);
}
