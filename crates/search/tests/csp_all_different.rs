//! All-different reaches generalised arc consistency: after root
//! propagation, a value stays in a domain exactly when some all-different
//! assignment uses it. The reference here is a plain augmenting-path
//! matching per (variable, value), independent of the library; sizes cross
//! both the 63-variable limit of the word-at-a-time path and 64 values.

use kongming_search::csp::{Domain, LargeDomain, Mac, Model, SmallDomain};
use proptest::prelude::*;

/// Whether the variables (domains as value lists) can all take different
/// values with variable `fixed.0` set to `fixed.1`.
fn has_matching(domains: &[Vec<u32>], fixed: (usize, u32)) -> bool {
    let top = domains
        .iter()
        .flatten()
        .copied()
        .max()
        .map_or(0, |m| m as usize + 1);
    let mut owner: Vec<Option<usize>> = vec![None; top];
    fn try_match(
        x: usize,
        domains: &[Vec<u32>],
        fixed: (usize, u32),
        owner: &mut [Option<usize>],
        seen: &mut [bool],
    ) -> bool {
        for &v in &domains[x] {
            if x == fixed.0 && v != fixed.1 {
                continue;
            }
            let v = v as usize;
            if seen[v] {
                continue;
            }
            seen[v] = true;
            let free = match owner[v] {
                None => true,
                Some(y) => try_match(y, domains, fixed, owner, seen),
            };
            if free {
                owner[v] = Some(x);
                return true;
            }
        }
        false
    }
    (0..domains.len()).all(|x| {
        let mut seen = vec![false; top];
        try_match(x, domains, fixed, &mut owner, &mut seen)
    })
}

/// The GAC domains, by brute force over (variable, value) pairs.
fn reference(domains: &[Vec<u32>]) -> Vec<Vec<u32>> {
    let consistent = domains
        .iter()
        .enumerate()
        .all(|(x, d)| d.iter().any(|&v| has_matching(domains, (x, v))));
    if !consistent {
        return vec![Vec::new(); domains.len()];
    }
    domains
        .iter()
        .enumerate()
        .map(|(x, d)| {
            d.iter()
                .copied()
                .filter(|&v| has_matching(domains, (x, v)))
                .collect()
        })
        .collect()
}

fn root_domains<D: Domain>(domains: &[Vec<u32>]) -> Option<Vec<Vec<u32>>> {
    let mut model = Model::<D>::new();
    let vars: Vec<_> = domains
        .iter()
        .map(|d| {
            model
                .new_var_with_values(d.iter().copied())
                .expect("values fit")
        })
        .collect();
    model.all_different(&vars);
    let mac = Mac::new(model);
    if mac.is_failed() {
        return None;
    }
    Some(
        vars.iter()
            .map(|&v| mac.domain(v).iter().collect())
            .collect(),
    )
}

fn check(domains: &[Vec<u32>]) -> Result<(), TestCaseError> {
    let expected = reference(domains);
    let failed = expected.iter().any(Vec::is_empty);
    let fits_small = domains.iter().flatten().all(|&v| v < 64);
    if fits_small {
        match root_domains::<SmallDomain>(domains) {
            None => prop_assert!(failed, "small: failed, but a matching exists"),
            Some(found) => prop_assert_eq!(found, expected.clone()),
        }
    }
    match root_domains::<LargeDomain>(domains) {
        None => prop_assert!(failed, "large: failed, but a matching exists"),
        Some(found) => prop_assert_eq!(found, expected),
    }
    Ok(())
}

#[test]
fn sixty_three_free_variables_keep_values_reached_through_a_free_value() {
    // k in {0, 1}, l in {1, 63}, and 61 more in {i, 63}: k = 1 with l = 63
    // is a solution, so k keeps 1.
    let mut domains = vec![vec![0, 1], vec![1, 63]];
    domains.extend((2..=62).map(|i| vec![i, 63]));
    assert_eq!(domains.len(), 63);
    check(&domains).expect("GAC at 63 variables");
    let found = root_domains::<SmallDomain>(&domains).expect("consistent");
    assert_eq!(found[0], [0, 1]);
}

/// Domains of `n` variables over values `0..n + slack`: variable `i` holds
/// `hidden[i]` (a hidden all-different assignment, so a matching exists)
/// and a few values near it, so Hall sets and free values are common.
fn domains(n: std::ops::RangeInclusive<usize>) -> impl Strategy<Value = Vec<Vec<u32>>> {
    (n, 0u32..4).prop_flat_map(|(n, slack)| {
        let values = n as u32 + slack;
        let hidden = Just((0..values).collect::<Vec<u32>>()).prop_shuffle();
        let extras = proptest::collection::vec((0u32..6, any::<u8>()), n);
        (hidden, extras).prop_map(move |(hidden, extras)| {
            (0..n)
                .map(|i| {
                    let (spread, mask) = extras[i];
                    let mut d: Vec<u32> = (0..spread)
                        .filter(|k| mask >> k & 1 == 1)
                        .map(|k| (hidden[i] + 1 + k) % values)
                        .chain([hidden[i]])
                        .collect();
                    d.sort_unstable();
                    d.dedup();
                    d
                })
                .collect()
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn small_scopes_reach_gac(d in domains(2..=12)) {
        check(&d)?;
    }

    #[test]
    fn scopes_around_the_word_limits_reach_gac(d in domains(55..=90)) {
        check(&d)?;
    }
}
