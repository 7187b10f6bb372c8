//! The fast path against the general search: every answer and every list
//! of the fast path is compared with [`Game`]'s own, on all the hands of
//! four numbers from 1..13 and on random hands, targets and operations,
//! with one solver carried across hands.

use proptest::prelude::*;

use super::*;
use crate::Game;
use crate::{HandSize, hands};

fn sorted_text(list: &[Expr]) -> Vec<String> {
    let mut text: Vec<String> = list.iter().map(|e| e.to_string()).collect();
    text.sort();
    text
}

/// The classes of `list`, each as the tidy text of its canonical form,
/// sorted (a class found twice appears twice). The two searches may write
/// a class by different members when the hand is not in order
/// (`12-10-1` and `12-1-10`), so random hands compare classes.
fn sorted_classes(list: &[Expr]) -> Vec<String> {
    let mut classes: Vec<String> = list
        .iter()
        .map(|e| {
            let form = crate::Canonical::of(e).expect("a solution evaluates");
            form.to_expr()
                .map_or_else(|| format!("{form:?}"), |tidy| tidy.to_string())
        })
        .collect();
    classes.sort();
    classes
}

fn number() -> impl Strategy<Value = Rational> {
    prop_oneof![
        6 => (1i64..=13).prop_map(Rational::from_integer),
        1 => (1i64..=13, 1i64..=5).prop_map(|(n, d)| Rational::new(n, d)),
        1 => (-3i64..=0).prop_map(Rational::from_integer),
    ]
}

fn target() -> impl Strategy<Value = Rational> {
    prop_oneof![
        4 => (0i64..=40).prop_map(Rational::from_integer),
        1 => (1i64..=30, 1i64..=6).prop_map(|(n, d)| Rational::new(n, d)),
    ]
}

/// The fast path's answers and the general search's, side by side.
fn agree(hand: &[Rational], t: Rational, ops: Ops) -> Result<(), TestCaseError> {
    let game = Game::new(hand, t).expect("a hand").with_ops(ops);
    let mut solver = Solver::new(t).with_ops(ops);
    if let Some(fast) = solver.fast_solvable_of(hand) {
        prop_assert_eq!(fast, game.general_solvable().expect("no overflow"));
    }
    if let Some(fast) = solver.fast_solutions_of(hand) {
        let general = game.general_solutions().expect("no overflow");
        prop_assert_eq!(sorted_classes(&fast), sorted_classes(&general), "{}", game);
    }
    Ok(())
}

#[test]
fn fractions_with_a_cancelling_pair_list_as_the_general_search_does() {
    // Found by a differential review: with 1/3 in the hand and only
    // multiplication and division, the fast path once merged two
    // classes the general search keeps apart. Listing with fractions
    // now goes to the general search.
    let third = Rational::new(1, 3);
    let two = Rational::from_integer(2);
    let hand = [third, Rational::from_integer(1), two, two];
    let ops = Ops::MUL | Ops::DIV;
    let mut solver = Solver::new(3).with_ops(ops);
    let game = Game::new(&hand, 3).expect("a hand").with_ops(ops);
    assert_eq!(
        sorted_text(
            &solver
                .iter_solutions(&hand)
                .expect("exact")
                .collect::<Vec<_>>()
        ),
        sorted_text(&game.solutions().expect("exact")),
    );
}

#[test]
fn many_different_hands_keep_the_memory_bounded() {
    // 30,000 pseudo-random hands of four numbers from 1..=250 (fewer
    // distinct numbers than the number limit): far more sub-hands than
    // the limit; the solver starts afresh instead of growing.
    let mut solver = Solver::new(24);
    let mut state = 12_345u64;
    let mut next = || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1);
        (state >> 33) as i64 % 250 + 1
    };
    let mut most = 0;
    for _ in 0..30_000 {
        let hand = [next(), next(), next(), next()];
        assert!(solver.solvable(&hand).expect("exact").known().is_some());
        most = most.max(solver.table.infos.len());
    }
    // MAX_SUB_HANDS is 16,384; a hand adds at most 10 sub-hands.
    assert!(most <= 16_384 + 10, "{most} sub-hands kept");
}

#[test]
fn debug_shows_sizes_not_caches() {
    let mut solver = Solver::new(24);
    for hand in hands(HandSize::new(4).expect("a hand size a game takes"), 1..=13) {
        assert!(solver.solvable(&hand).expect("exact").known().is_some());
    }
    let text = format!("{solver:?}");
    assert!(text.starts_with("Solver { target: "), "{text}");
    assert!(text.contains("numbers_seen: 13"), "{text}");
    assert!(text.len() < 200, "{text}");
}

#[test]
fn fast_path_agrees_on_all_1820_hands() {
    let mut solver = Solver::new(24);
    let mut total = 0;
    for hand in hands(HandSize::new(4).expect("a hand size a game takes"), 1..=13) {
        let game = Game::new(&hand, 24).expect("a hand");
        let fast = solver.fast_solutions_of(&hand).expect("fast path");
        assert_eq!(
            sorted_text(&fast),
            sorted_text(&game.general_solutions().expect("exact")),
            "{hand:?}"
        );
        let yes = solver.fast_solvable_of(&hand).expect("fast path");
        assert_eq!(yes, !fast.is_empty(), "{hand:?}");
        total += fast.len();
    }
    assert_eq!(total, 3017);
}

proptest! {
    #[test]
    fn fast_path_agrees_with_general_search(
        hand in prop::collection::vec(number(), 2..=4),
        t in target(),
        mask in 1u8..16,
    ) {
        agree(&hand, t, Ops::from_bits_truncate(mask))?;
    }

    #[test]
    fn one_solver_agrees_across_hands(
        hands in prop::collection::vec(prop::collection::vec(number(), 2..=4), 1..12),
        t in target(),
        listing_first in any::<bool>(),
    ) {
        // One solver for every hand: what it keeps from one hand (in
        // either mode) must not change the answers for the next.
        let mut solver = Solver::new(t);
        for hand in &hands {
            let game = Game::new(hand, t).expect("a hand");
            let yes = (!listing_first).then(|| solver.fast_solvable_of(hand));
            if let Some(fast) = solver.fast_solutions_of(hand) {
                let general = game.general_solutions().expect("no overflow");
                prop_assert_eq!(sorted_classes(&fast), sorted_classes(&general), "{}", game);
            }
            let yes = yes.unwrap_or_else(|| solver.fast_solvable_of(hand));
            if let Some(fast) = yes {
                prop_assert_eq!(fast, game.general_solvable().expect("no overflow"));
            }
        }
    }

    #[test]
    fn fast_path_agrees_on_small_integers(
        hand in prop::collection::vec(1i64..=6, 2..=4),
        t in 2i64..=30,
    ) {
        let hand: Vec<Rational> = hand.into_iter().map(Rational::from_integer).collect();
        agree(&hand, Rational::from_integer(t), Ops::all())?;
    }

}

#[test]
fn one_solver_many_targets_and_sizes() {
    // A solver reused across hands of different sizes gives the same
    // answers as fresh ones.
    let mut solver = Solver::new(10);
    for hand in [
        &[1, 2, 3, 4][..],
        &[5, 5],
        &[2, 3, 5],
        &[1, 1, 1, 1, 1],
        &[4, 6, 7],
    ] {
        let fresh = Game::new(hand, 10).expect("a hand");
        assert_eq!(
            solver.solvable(hand).map(|v| v.known()),
            fresh.general_solvable().map(Some)
        );
        assert_eq!(
            sorted_text(
                &solver
                    .iter_solutions(hand)
                    .expect("exact")
                    .collect::<Vec<_>>()
            ),
            sorted_text(&fresh.general_solutions().expect("exact"))
        );
    }
}
