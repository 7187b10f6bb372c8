//! Constraint satisfaction: finite-domain variables, constraints that
//! propagate, and MAC search.
//!
//! A [`Model`] holds variables over values `0..` (domains are bitsets:
//! [`SmallDomain`], one `u64`, or [`LargeDomain`] beyond 64 values) and
//! constraints:
//!
//! - binary relations ([`Model::relation`], [`Model::not_equal`], …),
//!   tabulated as support bitsets and revised by AC-3 with residual
//!   supports;
//! - [`AllDifferent`], with generalised arc consistency by matching
//!   (every Hall set is found);
//! - [`Linear`] sums with bounds propagation;
//! - your own [`Constraint`]s.
//!
//! A [`Solver`] runs MAC search (maintaining arc consistency: every decision
//! is propagated to a fixpoint; undo is by trail) on the [`dfs`](crate::dfs)
//! engine, with a [`VariableOrder`] ([`Mrv`] with degree tie-break,
//! [`DomWdeg`], [`InputOrder`], or yours), a [`ValueOrder`], an optional
//! [`Budget`](crate::control::Budget), [`CspStats`], and an optional
//! [`Observer`] that sees every domain reduction with its cause.
//!
//! # Example
//!
//! Four queens, one per column, as pairwise relations:
//!
//! ```
//! use kongming_search::csp::{Model, SmallDomain, Solver};
//!
//! let n = 4;
//! let mut model = Model::<SmallDomain>::new();
//! let rows = model.new_vars(n, 0, n as u32 - 1)?;
//! for i in 0..n {
//!     for j in i + 1..n {
//!         let gap = (j - i) as u32;
//!         model.relation(rows[i], rows[j], move |a, b| a != b && a.abs_diff(b) != gap);
//!     }
//! }
//! let mut solver = Solver::new(model);
//! let first = solver.first().expect("4 queens can be placed");
//! assert_eq!(first.values(), [1, 3, 0, 2]);
//! assert_eq!(solver.count(), 1); // one more after the first
//! # Ok::<(), kongming_search::csp::ModelError>(())
//! ```

mod all_different;
mod constraint;
mod domain;
mod linear;
mod mac;
mod model;
mod network;
mod observer;
mod order;
mod propagate;
mod relation;
mod solver;
mod store;
mod var;

pub use all_different::AllDifferent;
pub use constraint::{Conflict, Constraint, Propagation};
pub use domain::{Domain, LargeDomain, LargeDomainIter, SmallDomain, SmallDomainIter};
/// The bit set a [`LargeDomain`] is ([`LargeDomain::as_bitset`]), from the
/// `fixedbitset` crate: re-exported so that its version is the one this
/// crate uses.
pub use fixedbitset::FixedBitSet;
pub use linear::{Comparison, Linear};
pub use mac::{Decision, Mac};
pub use model::{Model, ModelError};
pub use observer::{Cause, NoObserver, Observer, Reduction};
pub use order::{Ascending, Descending, DomWdeg, InputOrder, Mrv, ValueOrder, VariableOrder, View};
pub use solver::{CspSolutions, CspStats, Solver};
pub use var::{Assignment, ConstraintId, Var};
