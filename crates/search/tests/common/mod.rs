//! Helpers shared by the CSP property tests.

use kongming_search::csp::{Domain, Solver, ValueOrder, Var, VariableOrder};

/// Every solution `solver` finds, as the values of `vars` less `offset`,
/// sorted (to compare with an enumeration in another order).
pub fn solutions_of<D, V, W>(
    solver: &mut Solver<D, V, W>,
    vars: &[Var],
    offset: u32,
) -> Vec<Vec<u32>>
where
    D: Domain,
    V: VariableOrder<D>,
    W: ValueOrder<D>,
{
    let mut all: Vec<Vec<u32>> = solver
        .solutions()
        .map(|s| vars.iter().map(|&v| s[v] - offset).collect())
        .collect();
    all.sort();
    all
}
