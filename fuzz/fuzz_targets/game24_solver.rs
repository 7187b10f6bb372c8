//! The solver: every solution it returns must pass `check`, and it must
//! find one exactly when a naive search says the hand can make the target.
//!
//! The input gives a hand of one to four numbers (mostly 1 to 13,
//! sometimes 0, negative or a fraction), a set of allowed operations, and a
//! target: usually the value of a random expression over the hand (so the
//! hand can make it), otherwise a small integer. `Game` and the shared-work
//! `Solver` must agree with each other and with the naive search
//! (`game24_oracle::naive_solvable`) on solvability, give the same number of
//! distinct solutions, and every solution (and `solve`'s answer) must pass
//! `Game::check` in ASCII and Unicode and be worth the target by the
//! independent evaluator. Five-number hands run within a node budget.
#![no_main]

#[path = "../common/game24_oracle.rs"]
mod game24_oracle;

use arbitrary::{Result, Unstructured};
use game24_oracle::{Q, Tree, Value, hand_number, naive_solvable, sorted};
use kongming_game24::{Budget, Check, Expr, Game, GameError, Ops, Solver};
use libfuzzer_sys::fuzz_target;

#[derive(Debug)]
struct Case {
    hand: Vec<Q>,
    target: Q,
    ops: Ops,
    /// Whether the target is the value of an expression over the hand.
    made: bool,
}

fn case(u: &mut Unstructured<'_>) -> Result<Case> {
    let size = if u.ratio(1, 8)? {
        5
    } else {
        u.int_in_range(1..=4)?
    };
    let hand: Vec<Q> = (0..size).map(|_| hand_number(u)).collect::<Result<_>>()?;
    let ops = if u.ratio(1, 4)? {
        Ops::from_bits_truncate(u.int_in_range(0..=15)?)
    } else {
        Ops::all()
    };
    let tree = Tree::over(u, &hand)?;
    let (target, made) = match tree.value() {
        Value::Exact(v) if tree.uses_only(ops) && !u.ratio(1, 4)? => (v, true),
        _ => (Q::int(u.int_in_range(-10..=40)?), false),
    };
    Ok(Case {
        hand,
        target,
        ops,
        made,
    })
}

/// A solution must pass `check` and be worth the target here too.
fn assert_solves(game: &Game, case: &Case, e: &Expr) {
    for text in [e.to_string(), format!("{e:#}")] {
        assert_eq!(game.check_answer(&text), Check::Solved, "{text} for {game}");
    }
    let tree = Tree::from_expr(e);
    assert_eq!(tree.value(), Value::Exact(case.target), "{e}");
    let mut leaves = Vec::new();
    tree.leaves(&mut leaves);
    assert_eq!(sorted(leaves), sorted(case.hand.clone()), "{e}");
    assert!(tree.uses_only(case.ops), "{e}");
}

fuzz_target!(|data: &[u8]| {
    let Ok(case) = case(&mut Unstructured::new(data)) else {
        return;
    };
    let hand: Vec<_> = case.hand.iter().map(|q| q.to_rational()).collect();
    let target = case.target.to_rational();
    let game = Game::new(&hand, target)
        .expect("one to five numbers")
        .with_ops(case.ops);

    if case.ops.is_empty() {
        // Nothing to combine with: an error, or for one number the plain
        // comparison.
        match game.solvable() {
            Err(GameError::NoOperations) => {}
            Ok(yes) => assert_eq!(yes, hand.len() == 1 && hand[0] == target, "{game}"),
            Err(e) => panic!("{game}: {e}"),
        }
        return;
    }
    if hand.len() == 5 {
        // Within a budget: whatever comes back is right.
        let budget = Budget::unlimited().with_node_limit(20_000);
        let mut stream = game
            .iter_solutions()
            .expect("valid rules")
            .budget(budget.clone());
        let all: Vec<_> = stream.by_ref().collect();
        for e in &all {
            assert_solves(&game, &case, e);
        }
        let complete = stream.outcome().is_some_and(|o| o.is_complete());
        assert!(!complete || !all.is_empty() || !case.made, "{game}");
        match game.solver().budget(budget).solvable(game.numbers()) {
            Ok(verdict) => assert!(
                verdict.known() == Some(true) || verdict.known().is_none() || !case.made,
                "{game}"
            ),
            Err(e) => panic!("{game}: {e}"),
        }
        return;
    }

    let naive = naive_solvable(&case.hand, case.target, case.ops);
    assert!(naive || !case.made, "the naive search missed {game}");
    assert_eq!(game.solvable(), Ok(naive), "{game}");
    let one = game.solve().expect("small numbers");
    assert_eq!(one.is_some(), naive, "{game}");
    if let Some(e) = &one {
        assert_solves(&game, &case, e);
    }
    let all = game.solutions().expect("small numbers");
    assert_eq!(all.is_empty(), !naive, "{game}");
    for e in &all {
        assert_solves(&game, &case, e);
    }
    let difficulty = game.difficulty().expect("small numbers");
    assert_eq!(difficulty.distinct_solutions, all.len());

    // The shared-work solver gives the same answers.
    let mut solver = Solver::new(target).with_ops(case.ops);
    assert_eq!(
        solver.solvable(&hand).map(|v| v.known()),
        Ok(Some(naive)),
        "{game}"
    );
    let shared: Vec<_> = solver
        .iter_solutions(&hand)
        .expect("small numbers")
        .collect();
    assert_eq!(
        shared.len(),
        all.len(),
        "{game}: {shared:?} against {all:?}"
    );
    for e in &shared {
        assert_solves(&game, &case, e);
    }
});
