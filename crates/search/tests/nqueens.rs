//! N-queens through the CSP: the solution counts of OEIS A000170, each
//! solution re-checked by hand, under every variable order.

use kongming_search::csp::{
    Comparison, Descending, DomWdeg, InputOrder, Model, Mrv, SmallDomain, Solver, Var,
};

/// OEIS A000170: solutions of n-queens for n = 1..=12.
const A000170: [u64; 12] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];

/// One variable per column: the row of its queen. Pairwise relations.
fn queens_by_relations(n: usize) -> (Model<SmallDomain>, Vec<Var>) {
    let mut model = Model::new();
    let rows = model.new_vars(n, 0, n as u32 - 1).expect("n <= 64");
    for i in 0..n {
        for j in i + 1..n {
            let gap = (j - i) as u32;
            model.relation(rows[i], rows[j], move |a, b| a != b && a.abs_diff(b) != gap);
        }
    }
    (model, rows)
}

/// The same puzzle with all-different on rows and on both diagonal
/// directions, the diagonals as auxiliary variables tied by linear equations.
fn queens_by_all_different(n: usize) -> (Model<SmallDomain>, Vec<Var>) {
    let mut model = Model::new();
    let top = n as u32 - 1;
    let rows = model.new_vars(n, 0, top).expect("n <= 32");
    let mut up = Vec::new();
    let mut down = Vec::new();
    for (i, &r) in rows.iter().enumerate() {
        // up = r + i, down = r - i + (n - 1): both within 0..2n-1.
        let u = model.new_var(0, 2 * top).expect("fits");
        let d = model.new_var(0, 2 * top).expect("fits");
        model.linear(&[(1, u), (-1, r)], Comparison::Equal, i as i64);
        model.linear(&[(1, d), (-1, r)], Comparison::Equal, top as i64 - i as i64);
        up.push(u);
        down.push(d);
    }
    model.all_different(&rows);
    model.all_different(&up);
    model.all_different(&down);
    (model, rows)
}

/// An independent check: no two queens share a row or a diagonal.
fn is_valid_placement(rows: &[u32]) -> bool {
    (0..rows.len()).all(|i| {
        (i + 1..rows.len())
            .all(|j| rows[i] != rows[j] && rows[i].abs_diff(rows[j]) as usize != j - i)
    })
}

#[test]
fn counts_match_oeis_a000170() {
    for (n, &expected) in (1..=12).zip(&A000170) {
        let (model, _) = queens_by_relations(n);
        let mut solver = Solver::new(model);
        assert_eq!(solver.count(), expected, "n = {n}");
        assert!(solver.outcome().expect("finished").is_complete());
    }
}

#[test]
fn every_solution_is_a_valid_distinct_placement() {
    for n in 1..=9 {
        let (model, rows) = queens_by_relations(n);
        let mut solutions: Vec<Vec<u32>> = Solver::new(model)
            .solutions()
            .map(|s| rows.iter().map(|&r| s[r]).collect())
            .collect();
        assert!(solutions.iter().all(|s| is_valid_placement(s)), "n = {n}");
        let found = solutions.len();
        solutions.sort();
        solutions.dedup();
        assert_eq!(solutions.len(), found, "duplicates for n = {n}");
        assert_eq!(found as u64, A000170[n - 1], "n = {n}");
    }
}

#[test]
fn every_variable_order_gives_the_same_counts() {
    for n in 1..=8 {
        let expected = A000170[n - 1];
        let count = |m: Model<SmallDomain>| -> [u64; 4] {
            [
                Solver::new(m.clone())
                    .with_variable_order(Mrv::default())
                    .count(),
                Solver::new(m.clone())
                    .with_variable_order(Mrv::without_degree())
                    .count(),
                Solver::new(m.clone())
                    .with_variable_order(DomWdeg::default())
                    .count(),
                Solver::new(m)
                    .with_variable_order(InputOrder)
                    .with_value_order(Descending)
                    .count(),
            ]
        };
        assert_eq!(
            count(queens_by_relations(n).0),
            [expected; 4],
            "relations, n = {n}"
        );
        assert_eq!(
            count(queens_by_all_different(n).0),
            [expected; 4],
            "all-different, n = {n}"
        );
    }
}

#[test]
fn all_different_model_counts_match_too() {
    for n in [9, 10] {
        let (model, rows) = queens_by_all_different(n);
        let mut solver = Solver::new(model);
        let mut found = 0;
        for s in solver.solutions() {
            let placement: Vec<u32> = rows.iter().map(|&r| s[r]).collect();
            assert!(is_valid_placement(&placement));
            found += 1;
        }
        assert_eq!(found, A000170[n - 1]);
    }
}
