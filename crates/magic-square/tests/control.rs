//! Every long operation stops under its budget (a time limit of a few
//! milliseconds, a cancel flag raised from another thread or from the
//! progress callback, a node limit) with the stopped outcome, and keeps
//! what it found: the squares listed are checked here from the
//! definitions, and a stopped count is what the same work counts when
//! stopped at the same node.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use kongming_magic_square::{
    Budget, CancelFlag, Completion, Count, Enumeration, Kind, Outcome, PartialSquare, Progress,
    Square, Stage, Stats, StopReason,
};

/// An independent check of a normal square of `kind` (rows, columns, the
/// diagonals the kind asks for, centre pairs), from the definitions.
fn is_magic(square: &Square, kind: Kind) -> bool {
    let n = square.order();
    let cells = square.cells();
    let total = (n * n) as u64;
    let mut seen = vec![false; n * n];
    for &v in cells {
        if v == 0 || u64::from(v) > total || std::mem::replace(&mut seen[v as usize - 1], true) {
            return false;
        }
    }
    let m = n as u64 * (total + 1) / 2;
    let at = |r: usize, c: usize| u64::from(cells[r * n + c]);
    let mut sums: Vec<u64> = Vec::new();
    for i in 0..n {
        sums.push((0..n).map(|j| at(i, j)).sum());
        sums.push((0..n).map(|j| at(j, i)).sum());
    }
    if kind.has_diagonals() {
        sums.push((0..n).map(|i| at(i, i)).sum());
        sums.push((0..n).map(|i| at(i, n - 1 - i)).sum());
    }
    if kind.is_pandiagonal() {
        for k in 0..n {
            sums.push((0..n).map(|i| at(i, (i + k) % n)).sum());
            sums.push((0..n).map(|i| at(i, (n - 1 - i + k) % n)).sum());
        }
    }
    let pairs = !kind.is_associative()
        || (0..n * n).all(|c| u64::from(cells[c] + cells[n * n - 1 - c]) == total + 1);
    pairs && sums.iter().all(|&s| s == m)
}

/// A budget that stops after `millis` milliseconds.
fn time_limit(millis: u64) -> Budget {
    Budget::unlimited().with_time_limit(Duration::from_millis(millis))
}

/// A budget watching `flag`, with a time limit far away that stops the
/// test (and fails it: the reason is then not `Cancelled`) should the flag
/// be ignored.
fn cancelled_by(flag: &CancelFlag) -> Budget {
    Budget::unlimited()
        .with_cancel_flag(flag.clone())
        .with_time_limit(Duration::from_secs(120))
}

/// Raises a new flag from another thread after a few milliseconds.
fn cancel_soon() -> (CancelFlag, thread::JoinHandle<()>) {
    let flag = CancelFlag::new();
    let remote = flag.clone();
    let handle = thread::spawn(move || {
        thread::sleep(Duration::from_millis(5));
        remote.cancel();
    });
    (flag, handle)
}

/// The squares of `squares` until it ends, each checked, all distinct.
fn checked(squares: impl Iterator<Item = Square>, kind: Kind) -> Vec<Square> {
    let listed: Vec<Square> = squares.collect();
    assert!(listed.iter().all(|square| is_magic(square, kind)));
    let distinct: HashSet<&Square> = listed.iter().collect();
    assert_eq!(distinct.len(), listed.len());
    listed
}

/// Runs `attempt` with time limits of 5, 20, 80, … ms until what it keeps
/// is not empty (a loaded machine may find nothing in the first few
/// milliseconds), checking that each attempt stops on its time limit.
fn until_something_is_kept<T>(
    mut attempt: impl FnMut(Budget) -> (Option<Outcome>, T),
    kept: impl Fn(&T) -> bool,
) -> T {
    let mut millis = 5;
    loop {
        let (outcome, found) = attempt(time_limit(millis));
        assert_eq!(outcome, Some(Outcome::Stopped(StopReason::TimeLimit)));
        if kept(&found) || millis > 5_000 {
            assert!(kept(&found), "nothing kept in {millis} ms");
            return found;
        }
        millis *= 4;
    }
}

#[test]
fn a_time_limit_stops_the_order_5_count_and_keeps_its_count() {
    let order5 = Enumeration::new(5, Kind::MAGIC).unwrap();
    let (count, count_stats) = until_something_is_kept(
        |budget| {
            let count = order5.clone().budget(budget).count_with_stats();
            (Some(count.0.outcome()), count)
        },
        |count: &(Count, Stats)| count.0.count() > 0,
    );
    assert_eq!(count.exact(), None);
    assert!(count.to_string().starts_with("at least "));
    // Each orbit of the group of 32 is 32 squares.
    assert_eq!(count.count() % 32, 0);
    assert!(count.count() < 2_202_441_792);
    // Stopped at the same pair of diagonals by a node limit, the counter
    // counts the same squares.
    let (again, again_stats) = order5
        .budget(Budget::unlimited().with_node_limit(count_stats.nodes))
        .count_with_stats();
    assert_eq!(again.outcome(), Outcome::Stopped(StopReason::NodeLimit));
    assert_eq!((again.count(), again_stats), (count.count(), count_stats));
}

#[test]
fn a_time_limit_stops_the_count_in_parts() {
    for kind in [Kind::MAGIC, Kind::PANDIAGONAL] {
        let order5 = Enumeration::new(5, kind).unwrap().up_to_symmetry().unwrap();
        let (count, _) = until_something_is_kept(
            |budget| {
                let count = order5.clone().budget(budget).count_in_parts_with_stats();
                (Some(count.0.outcome()), count)
            },
            |count: &(Count, Stats)| count.1.nodes > 0,
        );
        assert_eq!(count.exact(), None, "{kind}");
        assert!(count.count() < 275_305_224, "{kind}");
    }
}

#[test]
fn a_time_limit_stops_the_general_count() {
    let pandiagonal = Enumeration::new(5, Kind::PANDIAGONAL)
        .unwrap()
        .up_to_symmetry()
        .unwrap();
    let (count, count_stats) = until_something_is_kept(
        |budget| {
            let count = pandiagonal.clone().budget(budget).count_with_stats();
            (Some(count.0.outcome()), count)
        },
        |count: &(Count, Stats)| count.1.nodes > 0,
    );
    assert!(count.count() < 3_600);
    assert_eq!(count_stats.solutions, count.count());
}

#[test]
fn a_time_limit_stops_the_listing_and_keeps_the_squares() {
    let order5 = Enumeration::new(5, Kind::MAGIC).unwrap();
    let listed = until_something_is_kept(
        |budget| {
            let mut squares = order5.clone().budget(budget).squares();
            let listed = checked(squares.by_ref(), Kind::MAGIC);
            (squares.outcome(), listed)
        },
        |listed: &Vec<Square>| !listed.is_empty(),
    );
    // The listing is the unlimited one, cut short.
    let unlimited: Vec<Square> = order5.squares().take(listed.len()).collect();
    assert_eq!(listed, unlimited);
}

#[test]
fn a_time_limit_stops_the_completion_and_keeps_the_squares() {
    let empty = PartialSquare::empty(5).unwrap();
    let listed = until_something_is_kept(
        |budget| {
            let mut completion = Completion::new(&empty, Kind::MAGIC)
                .unwrap()
                .budget(budget)
                .completions();
            let listed = checked(completion.by_ref(), Kind::MAGIC);
            (completion.outcome(), listed)
        },
        |listed: &Vec<Square>| !listed.is_empty(),
    );
    let unlimited: Vec<Square> = Completion::new(&empty, Kind::MAGIC)
        .unwrap()
        .completions()
        .take(listed.len())
        .collect();
    assert_eq!(listed, unlimited);
}

#[test]
fn a_cancel_flag_from_another_thread_stops_every_count() {
    let order5 = Enumeration::new(5, Kind::MAGIC).unwrap();
    let pandiagonal = Enumeration::new(5, Kind::PANDIAGONAL).unwrap();
    let runs: [(&str, &dyn Fn(Budget) -> Count); 4] = [
        ("order-5 counter", &|b| order5.clone().budget(b).count()),
        ("order-5 counter in parts", &|b| {
            order5.clone().budget(b).count_in_parts()
        }),
        ("general search", &|b| pandiagonal.clone().budget(b).count()),
        ("general search in parts", &|b| {
            pandiagonal.clone().budget(b).count_in_parts()
        }),
    ];
    for (name, run) in runs {
        let (flag, canceller) = cancel_soon();
        let count = run(cancelled_by(&flag));
        canceller.join().unwrap();
        assert_eq!(
            count.outcome(),
            Outcome::Stopped(StopReason::Cancelled),
            "{name}"
        );
        assert_eq!(count.exact(), None, "{name}");
    }
}

#[test]
fn a_cancel_flag_from_another_thread_stops_the_listings() {
    let (flag, canceller) = cancel_soon();
    let order5 = Enumeration::new(5, Kind::MAGIC)
        .unwrap()
        .budget(cancelled_by(&flag));
    let mut squares = order5.squares();
    let listed = checked(squares.by_ref(), Kind::MAGIC);
    canceller.join().unwrap();
    assert_eq!(
        squares.outcome(),
        Some(Outcome::Stopped(StopReason::Cancelled))
    );
    let unlimited: Vec<Square> = Enumeration::new(5, Kind::MAGIC)
        .unwrap()
        .squares()
        .take(listed.len())
        .collect();
    assert_eq!(listed, unlimited);

    let (flag, canceller) = cancel_soon();
    let empty = PartialSquare::empty(6).unwrap();
    let mut completion = Completion::new(&empty, Kind::MAGIC)
        .unwrap()
        .budget(cancelled_by(&flag))
        .completions();
    checked(completion.by_ref(), Kind::MAGIC);
    canceller.join().unwrap();
    assert_eq!(
        completion.outcome(),
        Some(Outcome::Stopped(StopReason::Cancelled))
    );
}

#[test]
fn a_cancel_flag_raised_by_the_progress_callback_stops_the_count() {
    for kind in [Kind::MAGIC, Kind::PANDIAGONAL] {
        let flag = CancelFlag::new();
        let raise = flag.clone();
        let order5 = Enumeration::new(5, kind)
            .unwrap()
            .budget(cancelled_by(&flag))
            .on_progress(move |report| {
                if report.done >= 8192 {
                    raise.cancel();
                }
            });
        let (count, count_stats) = order5.count_with_stats();
        assert_eq!(count.outcome(), Outcome::Stopped(StopReason::Cancelled));
        // The flag is looked at every few thousand nodes or sooner.
        assert!(
            count_stats.nodes >= 8192 && count_stats.nodes < 8192 + 4096 + 100,
            "{kind}: {}",
            count_stats.nodes
        );
    }
}

#[test]
fn the_order_4_enumerator_stops_after_its_node_limit_of_corners() {
    let order4 = Enumeration::new(4, Kind::MAGIC).unwrap();
    let unlimited: Vec<Square> = order4.squares().collect();
    for corners in [0, 1, 37, 515] {
        let bounded = order4
            .clone()
            .budget(Budget::unlimited().with_node_limit(corners));
        let (count, count_stats) = bounded.count_with_stats();
        assert_eq!(count.outcome(), Outcome::Stopped(StopReason::NodeLimit));
        assert_eq!(count_stats.nodes, corners);
        let mut squares = bounded.squares();
        let listed = checked(squares.by_ref(), Kind::MAGIC);
        assert_eq!(
            squares.outcome(),
            Some(Outcome::Stopped(StopReason::NodeLimit))
        );
        assert_eq!(squares.stats().nodes, corners);
        // What was listed is the start of the whole listing, and as many
        // squares as the stopped count says.
        assert_eq!(listed[..], unlimited[..listed.len()]);
        assert_eq!(listed.len() as u64, count.count());
    }
    // All 516 choices of corners: complete.
    let enough = order4.budget(Budget::unlimited().with_node_limit(516));
    assert_eq!(enough.count().exact(), Some(7040));
    let mut squares = enough.squares();
    assert_eq!(squares.by_ref().count(), 7040);
    assert_eq!(squares.outcome(), Some(Outcome::Complete));
}

/// The reports an enumeration's callback hears, collected.
fn recorded(enumeration: Enumeration) -> (Enumeration, Arc<Mutex<Vec<Progress<Stage>>>>) {
    let reports = Arc::new(Mutex::new(Vec::new()));
    let seen = Arc::clone(&reports);
    let enumeration = enumeration.on_progress(move |report| seen.lock().unwrap().push(*report));
    (enumeration, reports)
}

#[test]
fn progress_reports_name_their_stage_and_count_what_was_found() {
    // The order-4 enumerator: after each choice of corners.
    let (order4, reports) = recorded(Enumeration::new(4, Kind::MAGIC).unwrap());
    let listed = checked(order4.squares(), Kind::MAGIC);
    assert_eq!(listed.len(), 7040);
    {
        let reports = reports.lock().unwrap();
        assert_eq!(reports.len(), 516);
        assert!(reports.iter().enumerate().all(|(i, r)| {
            r.stage == Stage::Corners && r.done == i as u64 + 1 && r.total == Some(516)
        }));
        assert_eq!(reports.last().unwrap().found, 7040);
    }
    // The general search: every 4,096 nodes, its squares so far.
    let (semi, reports) = recorded(Enumeration::new(4, Kind::SEMI_MAGIC).unwrap());
    let mut squares = semi
        .budget(Budget::unlimited().with_node_limit(20_000))
        .squares();
    let listed = squares.by_ref().count() as u64;
    let reports = reports.lock().unwrap();
    let done: Vec<u64> = reports.iter().map(|r| r.done).collect();
    assert_eq!(done, [4096, 8192, 12288, 16384]);
    assert!(reports.iter().all(|r| r.stage == Stage::Search));
    assert!(reports.windows(2).all(|w| w[0].found <= w[1].found));
    // Squares are found eight at a time (a form and its images).
    assert!(
        reports
            .iter()
            .all(|r| r.found % 8 == 0 && r.found <= listed)
    );
}

#[test]
fn counts_in_parts_report_each_part() {
    for (kind, expected) in [(Kind::MAGIC, 880), (Kind::PANDIAGONAL, 48)] {
        let (order4, reports) =
            recorded(Enumeration::new(4, kind).unwrap().up_to_symmetry().unwrap());
        let count = order4.count_in_parts();
        assert_eq!(count.exact(), Some(expected));
        let reports = reports.lock().unwrap();
        let total = reports[0].total.unwrap();
        assert!(total > 1);
        assert_eq!(reports.len() as u64, total);
        let mut done: Vec<u64> = reports.iter().map(|r| r.done).collect();
        done.sort_unstable();
        assert_eq!(done, (1..=total).collect::<Vec<_>>());
        assert!(reports.iter().all(|r| r.stage == Stage::Parts));
        assert_eq!(reports.iter().map(|r| r.found).max(), Some(expected));
    }
}
