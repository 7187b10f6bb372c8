//! Permutation groups acting on states: canonical forms and orbits.
