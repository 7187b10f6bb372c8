//! The search core of the kongming puzzle solvers.
#![cfg_attr(docsrs, feature(doc_cfg))]

pub mod csp;
pub mod dfs;
pub mod symmetry;
