//! Round trips through serde (JSON) of every serializable value of the core.
#![cfg(feature = "serde")]

use kongming_search::control::{Budget, Outcome, Progress, StopReason};
use kongming_search::dfs::{self, CountReport, Problem, Stats};
use kongming_search::symmetry::Permutation;
use proptest::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;

fn round_trip<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(value: &T) {
    let text = serde_json::to_string(value).expect("serializes");
    let back: T = serde_json::from_str(&text).expect("deserializes");
    assert_eq!(&back, value, "{text}");
}

fn outcome() -> impl Strategy<Value = Outcome> {
    prop_oneof![
        Just(Outcome::Complete),
        Just(Outcome::Stopped(StopReason::NodeLimit)),
        Just(Outcome::Stopped(StopReason::TimeLimit)),
        Just(Outcome::Stopped(StopReason::Cancelled)),
    ]
}

/// Binary strings up to a length: a problem whose stats and counts vary.
struct Bits {
    len: usize,
    max: usize,
}

impl Problem for Bits {
    type Move = bool;
    type Solution = ();
    fn moves(&self, out: &mut Vec<bool>) {
        if self.len < self.max {
            out.extend([false, true]);
        }
    }
    fn apply(&mut self, _: &bool) {
        self.len += 1;
    }
    fn undo(&mut self, _: &bool) {
        self.len -= 1;
    }
    fn solution(&self) -> Option<()> {
        (self.len == self.max).then_some(())
    }
}

proptest! {
    #[test]
    fn outcomes_progress_and_counts_round_trip(
        outcome in outcome(),
        done in any::<u64>(),
        total in any::<Option<u64>>(),
        found in any::<u64>(),
    ) {
        round_trip(&outcome);
        let mut progress = Progress::new(format!("stage {done}"), done).with_found(found);
        if let Some(total) = total {
            progress = progress.with_total(total);
        }
        round_trip(&progress);
        round_trip(&Progress::new((), done));
    }

    #[test]
    fn count_reports_round_trip(max in 0usize..10, limit in 0u64..2_000) {
        let mut bits = Bits { len: 0, max };
        let split = dfs::split(&mut bits, 2);
        let report: CountReport<u64> = split
            .counting(&mut bits)
            .budget(Budget::unlimited().with_node_limit(limit))
            .count();
        round_trip(&report);
    }

    #[test]
    fn stats_round_trip(max in 0usize..8) {
        let mut search = dfs::Search::new(Bits { len: 0, max });
        search.count();
        let stats: Stats = search.stats();
        round_trip(&stats);
    }

    #[test]
    fn permutations_round_trip(images in Just((0..12usize).collect::<Vec<_>>()).prop_shuffle()) {
        let permutation = Permutation::from_images(images).expect("a permutation");
        round_trip(&permutation);
    }
}

#[test]
fn a_list_that_is_no_permutation_is_refused() {
    assert!(serde_json::from_str::<Permutation>("[0, 0, 1]").is_err());
    assert!(serde_json::from_str::<Permutation>("[1, 2]").is_err());
    assert_eq!(
        serde_json::from_str::<Permutation>("[1, 0]").expect("a swap"),
        Permutation::from_images(vec![1, 0]).expect("a swap")
    );
}
