//! Integration tests of the `dfs` module: budgets, return to the root,
//! deep searches, splitting, memos and closure entry points, each checked
//! against an independent count.

#[cfg(feature = "parallel")]
use std::sync::Arc;
#[cfg(feature = "parallel")]
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use kongming_search::control::{Budget, CancelFlag, Outcome, StopReason};
use kongming_search::dfs::{self, Keyed, MemoCountError, MemoSearch, PathCounter, Problem, Search};

/// Binary strings up to `max` bits; solutions are the strings with exactly
/// `ones` ones at full length. Tracks the bits to check the root state.
#[derive(Clone, Debug)]
struct Bits {
    bits: Vec<bool>,
    max: usize,
    ones: usize,
}

impl Bits {
    fn new(max: usize, ones: usize) -> Self {
        Bits {
            bits: Vec::new(),
            max,
            ones,
        }
    }
}

impl Problem for Bits {
    type Move = bool;
    type Solution = Vec<bool>;

    fn moves(&self, out: &mut Vec<bool>) {
        if self.bits.len() < self.max {
            out.extend([false, true]);
        }
    }
    fn apply(&mut self, bit: &bool) {
        self.bits.push(*bit);
    }
    fn undo(&mut self, bit: &bool) {
        assert_eq!(
            self.bits.pop(),
            Some(*bit),
            "undo of a move not applied last"
        );
    }
    fn solution(&self) -> Option<Vec<bool>> {
        (self.bits.len() == self.max && self.bits.iter().filter(|&&b| b).count() == self.ones)
            .then(|| self.bits.clone())
    }
    fn prune(&self) -> bool {
        self.bits.iter().filter(|&&b| b).count() > self.ones
    }
}

impl Keyed for Bits {
    // (length, ones so far) determines the future.
    type Key = (usize, usize);
    fn key(&self) -> (usize, usize) {
        (self.bits.len(), self.bits.iter().filter(|&&b| b).count())
    }
}

fn binomial(n: u64, k: u64) -> u64 {
    let exact = (0..u128::from(k)).fold(1u128, |acc, i| acc * (u128::from(n) - i) / (i + 1));
    u64::try_from(exact).expect("small binomials only")
}

/// An endless chain: one move everywhere, never a solution.
#[derive(Clone, Debug, Default)]
struct Endless {
    depth: u64,
}

impl Problem for Endless {
    type Move = ();
    type Solution = ();
    fn moves(&self, out: &mut Vec<()>) {
        out.push(());
    }
    fn apply(&mut self, _: &()) {
        self.depth += 1;
    }
    fn undo(&mut self, _: &()) {
        self.depth -= 1;
    }
    fn solution(&self) -> Option<()> {
        None
    }
}

impl Keyed for Endless {
    type Key = u64;
    fn key(&self) -> u64 {
        self.depth
    }
}

/// A chain of `len` levels with a solution at the bottom.
#[derive(Clone, Debug)]
struct Chain {
    depth: u64,
    len: u64,
}

impl Problem for Chain {
    type Move = u64;
    type Solution = u64;
    fn moves(&self, out: &mut Vec<u64>) {
        if self.depth < self.len {
            out.push(self.depth);
        }
    }
    fn apply(&mut self, mv: &u64) {
        assert_eq!(*mv, self.depth);
        self.depth += 1;
    }
    fn undo(&mut self, _: &u64) {
        self.depth -= 1;
    }
    fn solution(&self) -> Option<u64> {
        (self.depth == self.len).then_some(self.depth)
    }
}

impl Keyed for Chain {
    type Key = u64;
    fn key(&self) -> u64 {
        self.depth
    }
}

#[test]
fn bits_counts_match_binomials_every_way() {
    for (max, ones) in [(0, 0), (1, 0), (1, 1), (6, 2), (10, 5), (12, 3)] {
        let expected = binomial(max as u64, ones as u64);
        let mut bits = Bits::new(max, ones);
        assert_eq!(Search::new(&mut bits).count(), expected);
        assert_eq!(Search::new(&mut bits).solutions().count() as u64, expected);
        for depth in 0..=max.min(5) + 1 {
            let split = dfs::split(&mut bits, depth);
            assert_eq!(split.count(&mut bits), expected, "split at {depth}");
        }
        assert_eq!(dfs::count_paths(&mut bits), Ok(u128::from(expected)));
        assert_eq!(
            dfs::first_with_memo(&mut bits).is_some(),
            expected > 0 && ones <= max
        );
        assert!(bits.bits.is_empty());
    }
}

#[test]
fn node_limit_stops_every_search() {
    let limit = Budget::unlimited().with_node_limit(100);
    let stopped = Some(Outcome::Stopped(StopReason::NodeLimit));

    let mut endless = Endless::default();
    let mut search = Search::new(&mut endless).budget(limit.clone());
    assert_eq!(search.count(), 0);
    assert_eq!(search.outcome(), stopped);
    assert_eq!(search.stats().nodes, 100);
    drop(search);
    assert_eq!(endless.depth, 0);

    let mut memo = MemoSearch::new(&mut endless).budget(limit.clone());
    assert_eq!(memo.first(), None);
    assert_eq!(memo.outcome(), stopped);
    assert_eq!(memo.stats().nodes, 100);
    assert_eq!(memo.dead_states(), 0, "states on the path are not dead");
    drop(memo);
    assert_eq!(endless.depth, 0);

    let mut counter = PathCounter::new(&mut endless).budget(limit.clone());
    let report = counter.count().unwrap();
    assert_eq!(report.outcome, Outcome::Stopped(StopReason::NodeLimit));
    assert_eq!((report.count, report.stats.nodes), (0, 100));
    assert_eq!(counter.memo_len(), 0, "unfinished counts are not memoised");
    drop(counter);
    assert_eq!(endless.depth, 0);

    let mut bits = Bits::new(12, 6);
    let split = dfs::split(&mut bits, 3);
    let report = split.counting(&mut bits).budget(limit.clone()).count();
    assert_eq!(report.outcome, Outcome::Stopped(StopReason::NodeLimit));
    assert_eq!(report.stats.nodes - split.stats.nodes, 100);
    assert!(report.count < binomial(12, 6));
    assert!(bits.bits.is_empty());
}

#[test]
fn node_limit_exactly_the_tree_completes() {
    let mut bits = Bits::new(8, 3);
    let mut full = Search::new(&mut bits);
    let count = full.count();
    let nodes = full.stats().nodes;
    drop(full);
    let mut exact = Search::new(&mut bits).budget(Budget::unlimited().with_node_limit(nodes));
    assert_eq!(exact.count(), count);
    assert_eq!(exact.outcome(), Some(Outcome::Complete));
    drop(exact);
    let mut short = Search::new(&mut bits).budget(Budget::unlimited().with_node_limit(nodes - 1));
    short.count();
    assert_eq!(
        short.outcome(),
        Some(Outcome::Stopped(StopReason::NodeLimit))
    );
}

#[test]
fn cancel_flag_stops_searches() {
    // Raised before the start.
    let flag = CancelFlag::new();
    flag.cancel();
    let budget = Budget::unlimited().with_cancel_flag(flag);
    let cancelled = Some(Outcome::Stopped(StopReason::Cancelled));
    let mut search = Search::new(Endless::default()).budget(budget.clone());
    assert_eq!(search.count(), 0);
    assert_eq!(search.outcome(), cancelled);
    let mut memo = MemoSearch::new(Endless::default()).budget(budget.clone());
    assert_eq!(memo.first(), None);
    assert_eq!(memo.outcome(), cancelled);
    let mut counter = PathCounter::new(Endless::default()).budget(budget);
    assert_eq!(
        counter.count().unwrap().outcome,
        Outcome::Stopped(StopReason::Cancelled)
    );

    // Raised by a progress callback while running.
    let flag = CancelFlag::new();
    let remote = flag.clone();
    let mut endless = Endless::default();
    let mut search = Search::new(&mut endless)
        .budget(Budget::unlimited().with_cancel_flag(flag))
        .on_progress(move |report| {
            if report.done >= 50_000 {
                remote.cancel();
            }
        });
    assert_eq!(search.count(), 0);
    assert_eq!(search.outcome(), cancelled);
    let nodes = search.stats().nodes;
    assert!((50_000..70_000).contains(&nodes), "{nodes}");
    drop(search);
    assert_eq!(endless.depth, 0);
}

#[test]
fn time_limit_zero_stops_at_once() {
    let budget = Budget::unlimited().with_time_limit(Duration::ZERO);
    let timed_out = Some(Outcome::Stopped(StopReason::TimeLimit));
    let mut search = Search::new(Endless::default()).budget(budget.clone());
    search.count();
    assert_eq!(search.outcome(), timed_out);
    let mut memo = MemoSearch::new(Endless::default()).budget(budget.clone());
    memo.first();
    assert_eq!(memo.outcome(), timed_out);
    let mut counter = PathCounter::new(Endless::default()).budget(budget);
    assert_eq!(
        counter.count().unwrap().outcome,
        Outcome::Stopped(StopReason::TimeLimit)
    );
}

#[test]
fn back_at_root_after_first_solution_and_after_stop() {
    let mut bits = Bits::new(10, 4);
    // `first` leaves the engine at the solution; `into_problem` unwinds.
    let mut search = Search::new(&mut bits);
    let first = search.first().unwrap();
    assert_eq!(first.len(), 10);
    assert_eq!(search.problem().bits, first);
    search.into_problem();
    assert!(bits.bits.is_empty());

    let mut memo = MemoSearch::new(&mut bits);
    assert_eq!(memo.first(), Some(first.clone()));
    assert_eq!(memo.solution_path(), first.as_slice());
    assert!(memo.problem().bits.is_empty());
    // Searching again gives the same answer (path marks were cleared).
    assert_eq!(memo.first(), Some(first));
    drop(memo);

    let mut stopped = MemoSearch::new(&mut bits).budget(Budget::unlimited().with_node_limit(7));
    assert_eq!(stopped.first(), None);
    assert!(stopped.problem().bits.is_empty());
    drop(stopped);
    assert!(bits.bits.is_empty());
}

#[test]
fn memo_search_resumes_after_a_stop() {
    // No solution (more ones than bits): exhausting needs many nodes, and
    // every call with a small budget proves a few more states dead. (Each
    // call walks again from the root, skipping dead children at a node each:
    // the limit must exceed the depth times the branching to progress.)
    let mut memo =
        MemoSearch::new(Bits::new(14, 15)).budget(Budget::unlimited().with_node_limit(60));
    let mut calls = 0;
    loop {
        calls += 1;
        assert_eq!(memo.first(), None);
        if memo.outcome() == Some(Outcome::Complete) {
            break;
        }
        assert!(calls < 1000, "no progress");
    }
    assert!(calls > 1);
    assert!(memo.problem().bits.is_empty());
    // Every key (length, ones) with ones <= length <= 14 is dead.
    assert_eq!(memo.dead_states(), (1..=15).sum::<usize>());
}

#[test]
fn path_counter_resumes_after_a_stop() {
    // The node limit must exceed the depth (40) for each call to complete
    // at least one state.
    let mut counter =
        PathCounter::new(Bits::new(40, 20)).budget(Budget::unlimited().with_node_limit(100));
    let mut calls = 0;
    let report = loop {
        calls += 1;
        let report = counter.count().unwrap();
        if report.outcome.is_complete() {
            break report;
        }
        assert!(report.count <= u128::from(binomial(40, 20)));
        assert!(calls < 10_000, "no progress");
    };
    assert!(calls > 1);
    assert_eq!(report.count, u128::from(binomial(40, 20)));
    assert!(counter.problem().bits.is_empty());
    // Counting again is a memo hit at the root.
    let again = counter.count().unwrap();
    assert_eq!((again.count, again.stats.nodes), (report.count, 0));
}

#[test]
fn million_level_chain_without_stack_overflow() {
    const LEN: u64 = 1_000_000;
    let mut chain = Chain { depth: 0, len: LEN };

    let mut search = Search::new(&mut chain);
    assert_eq!(search.count(), 1);
    assert_eq!(search.stats().max_depth, LEN as usize);
    drop(search);
    let mut search = Search::new(&mut chain);
    assert_eq!(search.first(), Some(LEN));
    search.into_problem();
    assert_eq!(chain.depth, 0);

    let split = dfs::split(&mut chain, 3);
    assert_eq!(split.prefixes, [vec![0, 1, 2]]);
    assert_eq!(split.count(&mut chain), 1);

    let mut memo = MemoSearch::new(&mut chain);
    assert_eq!(memo.first(), Some(LEN));
    assert_eq!(memo.solution_path().len(), LEN as usize);
    drop(memo);

    let mut counter = PathCounter::new(&mut chain);
    assert_eq!(counter.count().unwrap().count, 1);
    assert_eq!(counter.memo_len(), LEN as usize + 1);
    drop(counter);
    assert_eq!(chain.depth, 0);

    // The closure entry compares each successor with the path, so keep it
    // shorter; it still goes far deeper than any recursion could.
    let path = dfs::find_path(0u32, |&n| (n < 20_000).then_some(n + 1), |&n| n == 20_000);
    assert_eq!(path.map(|p| p.len()), Some(20_001));
}

/// After `first`, a `Search` stands at the solution state, and
/// `into_problem` unwinds it to the root.
#[test]
fn search_first_leaves_problem_at_solution_until_unwound() {
    let mut chain = Chain { depth: 0, len: 5 };
    let mut search = Search::new(&mut chain);
    assert_eq!(search.first(), Some(5));
    assert_eq!(search.problem().depth, 5);
    search.into_problem();
    assert_eq!(chain.depth, 0);
}

/// `count(k) = 1 + 2 count(k + 1)`: every level is a solution and has two
/// moves to the next one, so the root counts `2^(levels + 1) - 1` paths.
#[derive(Debug)]
struct Doubling {
    level: u32,
    levels: u32,
}

impl Problem for Doubling {
    type Move = u8;
    type Solution = ();
    fn moves(&self, out: &mut Vec<u8>) {
        if self.level < self.levels {
            out.extend([0, 1]);
        }
    }
    fn apply(&mut self, _: &u8) {
        self.level += 1;
    }
    fn undo(&mut self, _: &u8) {
        self.level -= 1;
    }
    fn solution(&self) -> Option<()> {
        Some(())
    }
}

impl Keyed for Doubling {
    type Key = u32;
    fn key(&self) -> u32 {
        self.level
    }
}

#[test]
fn memo_count_is_exact_up_to_u128_and_reports_overflow() {
    for levels in [0, 1, 5, 63, 64, 100, 126, 127] {
        let mut doubling = Doubling { level: 0, levels };
        let expected = u128::MAX >> (127 - levels);
        assert_eq!(dfs::count_paths(&mut doubling), Ok(expected), "{levels}");
        if levels <= 10 {
            assert_eq!(u128::from(dfs::count(&mut doubling)), expected);
        }
    }
    // 2^128 - 1 == u128::MAX fits; 2^129 - 1 does not.
    for levels in [128, 129, 200] {
        let mut doubling = Doubling { level: 0, levels };
        let mut counter = PathCounter::new(&mut doubling);
        assert_eq!(counter.count(), Err(MemoCountError::Overflow));
        assert_eq!(counter.problem().level, 0);
    }
}

/// Moves around a ring of `n` states, plus an exit from state `n - 1` to a
/// solution state `n`.
#[derive(Debug)]
struct Ring {
    at: u32,
    n: u32,
}

impl Problem for Ring {
    type Move = u32;
    type Solution = u32;
    fn moves(&self, out: &mut Vec<u32>) {
        if self.at < self.n {
            out.push((self.at + 1) % self.n);
            if self.at == self.n - 1 {
                out.push(self.n);
            }
        }
    }
    fn apply(&mut self, to: &u32) {
        self.at = *to;
    }
    fn undo(&mut self, to: &u32) {
        // The only move into `to` comes from the state before it.
        self.at = if *to == self.n || *to == 0 {
            self.n - 1
        } else {
            to - 1
        };
    }
    fn solution(&self) -> Option<u32> {
        (self.at == self.n).then_some(self.at)
    }
}

impl Keyed for Ring {
    type Key = u32;
    fn key(&self) -> u32 {
        self.at
    }
}

#[test]
fn memo_handles_cycles() {
    let mut ring = Ring { at: 0, n: 6 };
    let mut memo = MemoSearch::new(&mut ring);
    assert_eq!(memo.first(), Some(6));
    assert_eq!(memo.solution_path(), [1, 2, 3, 4, 5, 6]);
    drop(memo);
    assert_eq!(ring.at, 0);
    let mut counter = PathCounter::new(&mut ring);
    assert_eq!(counter.count(), Err(MemoCountError::Cycle));
    drop(counter);
    assert_eq!(ring.at, 0);
}

#[test]
fn closure_entry_points_agree_with_each_other() {
    // Simple paths in the complete graph K5 from 0 to 4: sum over the
    // number k of intermediate nodes of 3!/(3-k)!.
    let complete = |&n: &u8| (0..5).filter(move |&m| m != n);
    let expected = 1 + 3 + 6 + 6;
    assert_eq!(dfs::count_simple_paths(0, complete, |&n| n == 4), expected);
    let paths: Vec<Vec<u8>> = dfs::all_paths(0, complete, |&n| n == 4).collect();
    assert_eq!(paths.len() as u64, expected);
    for path in &paths {
        assert_eq!((path[0], *path.last().unwrap()), (0, 4));
        let mut seen = path.clone();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), path.len(), "a simple path");
    }
    assert_eq!(
        dfs::find_path(0, complete, |&n| n == 4),
        paths.first().cloned()
    );

    // Success at the start: the one-node path, not extended.
    let mut iter = dfs::all_paths(7u8, |&n| [n + 1], |_| true);
    assert_eq!(iter.next(), Some(vec![7]));
    assert_eq!(iter.next(), None);
    assert_eq!(iter.next(), None);

    // FnMut successors and success tests.
    let mut calls = 0;
    let mut checks = 0;
    let found = dfs::find_path(
        1u32,
        |&n| {
            calls += 1;
            [n + 1, n * 2]
        },
        |&n| {
            checks += 1;
            n == 8
        },
    );
    assert_eq!(found, Some(vec![1, 2, 3, 4, 5, 6, 7, 8]));
    assert!(calls > 0 && checks > 0);
}

/// A wide problem whose `apply` raises a cancel flag after a number of
/// moves counted across threads.
#[cfg(feature = "parallel")]
#[derive(Clone, Debug)]
struct Tripwire {
    bits: Bits,
    applied: Arc<AtomicU64>,
    after: u64,
    flag: CancelFlag,
}

#[cfg(feature = "parallel")]
impl Problem for Tripwire {
    type Move = bool;
    type Solution = Vec<bool>;
    fn moves(&self, out: &mut Vec<bool>) {
        self.bits.moves(out);
    }
    fn apply(&mut self, mv: &bool) {
        if self.applied.fetch_add(1, Ordering::Relaxed) == self.after {
            self.flag.cancel();
        }
        self.bits.apply(mv);
    }
    fn undo(&mut self, mv: &bool) {
        self.bits.undo(mv);
    }
    fn solution(&self) -> Option<Vec<bool>> {
        self.bits.solution()
    }
}

#[cfg(feature = "parallel")]
#[test]
fn parallel_count_matches_and_stops() {
    let bits = Bits::new(16, 8);
    let expected = binomial(16, 8);
    for depth in 0..=6 {
        assert_eq!(dfs::par_count(&bits, depth), expected, "depth {depth}");
    }
    assert_eq!(dfs::par_count_auto(&bits), expected);

    let mut whole = Search::new(bits.clone());
    whole.count();
    let report = dfs::ParCount::new(&bits)
        .split_depth(4)
        .budget(Budget::unlimited())
        .count();
    assert_eq!(report.count, expected);
    assert_eq!(report.outcome, Outcome::Complete);
    assert_eq!(report.stats, whole.stats());

    let report = dfs::ParCount::new(&bits)
        .split_depth(4)
        .budget(Budget::unlimited().with_node_limit(whole.stats().nodes))
        .count();
    assert_eq!(
        (report.count, report.outcome),
        (expected, Outcome::Complete)
    );

    let report = dfs::ParCount::new(&bits)
        .split_depth(4)
        .budget(Budget::unlimited().with_node_limit(500))
        .count();
    assert_eq!(report.outcome, Outcome::Stopped(StopReason::NodeLimit));
    assert!(report.count < expected);

    let report = dfs::ParCount::new(&bits)
        .split_depth(4)
        .budget(Budget::unlimited().with_time_limit(Duration::ZERO))
        .count();
    assert_eq!(report.outcome, Outcome::Stopped(StopReason::TimeLimit));

    let big = Bits::new(26, 13);
    let flag = CancelFlag::new();
    let wire = Tripwire {
        bits: big,
        applied: Arc::new(AtomicU64::new(0)),
        after: 100_000,
        flag: flag.clone(),
    };
    let report = dfs::ParCount::new(&wire)
        .split_depth(6)
        .budget(Budget::unlimited().with_cancel_flag(flag))
        .count();
    assert_eq!(report.outcome, Outcome::Stopped(StopReason::Cancelled));
    assert!(report.count < binomial(26, 13));
    // Every part stopped soon after the flag went up.
    assert!(
        report.stats.nodes < 100_000 + 64 * 10_000,
        "{}",
        report.stats.nodes
    );
}

#[test]
fn keyed_grid_paths_match_binomials() {
    #[derive(Debug)]
    struct Grid {
        x: u64,
        y: u64,
        w: u64,
        h: u64,
    }
    impl Problem for Grid {
        type Move = bool;
        type Solution = ();
        fn moves(&self, out: &mut Vec<bool>) {
            if self.x < self.w {
                out.push(true);
            }
            if self.y < self.h {
                out.push(false);
            }
        }
        fn apply(&mut self, &right: &bool) {
            if right { self.x += 1 } else { self.y += 1 }
        }
        fn undo(&mut self, &right: &bool) {
            if right { self.x -= 1 } else { self.y -= 1 }
        }
        fn solution(&self) -> Option<()> {
            (self.x == self.w && self.y == self.h).then_some(())
        }
    }
    impl Keyed for Grid {
        type Key = (u64, u64);
        fn key(&self) -> (u64, u64) {
            (self.x, self.y)
        }
    }
    for (w, h) in [(0, 0), (1, 0), (3, 4), (10, 10), (30, 34)] {
        let expected = binomial(w + h, w);
        let mut grid = Grid { x: 0, y: 0, w, h };
        assert_eq!(dfs::count_paths(&mut grid), Ok(u128::from(expected)));
        if w + h <= 20 {
            assert_eq!(dfs::count(&mut grid), expected);
        }
        let mut counter = PathCounter::new(&mut grid);
        counter.count().unwrap();
        assert_eq!(counter.memo_len() as u64, (w + 1) * (h + 1));
    }
}
