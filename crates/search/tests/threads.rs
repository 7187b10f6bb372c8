//! The values meant to cross threads are `Send + Sync` (checked when this
//! file compiles).

use kongming_search::control::{Budget, CancelFlag, Meter, Outcome, Progress, StopReason};
use kongming_search::csp::{LargeDomain, Model, SmallDomain, Solver};
use kongming_search::dfs::{CountReport, Split, Stats};
use kongming_search::symmetry::{Group, Permutation};

fn send_sync<T: Send + Sync>() {}
fn send<T: Send>() {}

#[test]
fn values_cross_threads() {
    send_sync::<Budget>();
    send_sync::<CancelFlag>();
    send_sync::<Meter>();
    send_sync::<Outcome>();
    send_sync::<StopReason>();
    send_sync::<Progress<&'static str>>();
    send_sync::<Stats>();
    send_sync::<CountReport<u128>>();
    send_sync::<Split<u8, ()>>();
    send_sync::<Permutation>();
    send_sync::<Group>();
    send_sync::<SmallDomain>();
    send_sync::<LargeDomain>();
    send_sync::<Model<SmallDomain>>();
    send::<Solver<SmallDomain>>();
}
