//! The fast path against the general search: every answer and every list
//! of the fast path is compared with [`Game`]'s own, on all the hands of
//! four numbers from 1..13 and on random hands, targets and operations,
//! with one solver carried across hands.

use proptest::prelude::*;

use super::*;
use crate::Game;
use crate::{HandSize, hands};
use kongming_search::control::Budget;

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
    // Limits::SOLVER keeps 16,384 sub-hands; a hand adds at most 10.
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

/// A target a few hands in a row share (so that a thread's kept solvers
/// are used again, and some are dropped), or any target.
fn kept_target() -> impl Strategy<Value = Rational> {
    prop_oneof![
        3 => prop::sample::select(vec![
            Rational::from_integer(24),
            Rational::from_integer(10),
            Rational::from_integer(1),
            Rational::new(3, 2),
            Rational::from_integer(36),
            Rational::from_integer(7),
        ]),
        2 => target(),
    ]
}

/// The four operations half the time (what the fast path lists under),
/// any set of them otherwise.
fn ops() -> impl Strategy<Value = Ops> {
    prop_oneof![
        1 => Just(Ops::all()),
        1 => (0u8..16).prop_map(Ops::from_bits_truncate),
    ]
}

/// The numbers of `hand` folded left to right, `steps[k]` choosing the
/// operation of step `k`; `None` on a division by zero.
fn folded(hand: &[Rational], steps: &[u8]) -> Option<Rational> {
    let mut value = hand[0];
    for (&n, &step) in hand[1..].iter().zip(steps) {
        value = match step {
            0 => value + n,
            1 => value - n,
            2 => value * n,
            _ if n == Rational::from_integer(0) => return None,
            _ => value / n,
        };
    }
    Some(value)
}

fn equivalence() -> impl Strategy<Value = Equivalence> {
    prop_oneof![
        3 => Just(Equivalence::Standard),
        1 => Just(Equivalence::Structural),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(debug_assertions) { 256 } else { 2000 }))]

    /// A `Game` answers through the solvers its thread keeps when it can;
    /// the cases run one after another on one thread, so each meets the
    /// solvers as the cases before left them. Lists compare as sets of
    /// expressions, each written as it is (so their classes agree too);
    /// six numbers list through the general search on both sides, so only
    /// their yes/no is compared.
    #[test]
    fn a_game_answers_as_the_general_search(
        hand in prop::collection::vec(number(), 1..=6),
        t in kept_target(),
        made in prop::option::of(prop::collection::vec(0u8..4, 5)),
        ops in ops(),
        equivalence in equivalence(),
    ) {
        // Half the time, a target the hand makes: the numbers folded
        // left to right by the operations drawn.
        let t = match made {
            Some(steps) => folded(&hand, &steps).unwrap_or(t),
            None => t,
        };
        let game = Game::new(&hand, t)
            .expect("a hand")
            .with_ops(ops)
            .with_equivalence(equivalence);
        let general = game.general_solvable();
        prop_assert_eq!(game.solvable(), general.clone(), "{}", game);
        let first = game
            .rules()
            .and_then(|()| game.first(crate::board::Mode::Values, &Budget::unlimited(), None))
            .map(|first| first.complete());
        prop_assert_eq!(game.solve(), first, "{}", game);
        if hand.len() <= 5 {
            let listed = game.solutions();
            let general = game.general_solutions();
            prop_assert_eq!(listed.is_ok(), general.is_ok(), "{}", game);
            if let (Ok(listed), Ok(general)) = (listed, general) {
                prop_assert_eq!(sorted_text(&listed), sorted_text(&general), "{}", game);
                prop_assert_eq!(sorted_classes(&listed), sorted_classes(&general), "{}", game);
            }
        }
    }
}

/// Each hand's list (in its order) from a thread that has answered
/// nothing before, and from one that has answered other hands first:
/// their numbers met in another order, other targets in between.
#[test]
fn a_games_list_does_not_depend_on_what_the_thread_answered_before() {
    let all: Vec<Vec<i64>> = hands(HandSize::new(4).expect("a hand size a game takes"), 1..=13)
        .step_by(7)
        .collect();
    let list = |hand: &[i64]| -> Vec<String> {
        let game = Game::new(hand, 24).expect("a hand");
        let list = game.solutions().expect("exact");
        list.iter().map(|e| e.to_string()).collect()
    };
    let fresh: Vec<Vec<String>> = all
        .iter()
        .map(|hand| {
            let hand = hand.clone();
            std::thread::spawn(move || list(&hand))
                .join()
                .expect("lists")
        })
        .collect();
    let all_in_one = all.clone();
    let after_others = std::thread::spawn(move || {
        for hand in all_in_one.iter().rev() {
            let _ = Game::new(hand, 10).expect("a hand").solutions();
            let _ = list(hand);
        }
        all_in_one.iter().map(|hand| list(hand)).collect::<Vec<_>>()
    })
    .join()
    .expect("lists");
    assert_eq!(fresh, after_others);
    assert!(fresh.iter().any(|l| l.len() > 3));
}

#[test]
fn a_thread_keeps_a_few_solvers_the_one_used_last_at_the_end() {
    std::thread::spawn(|| {
        for t in 1..=6 {
            assert!(
                Game::new(&[1, 2, 3, t], t)
                    .expect("a hand")
                    .solvable()
                    .expect("rules")
            );
        }
        let t = |k: i64| (Rational::from_integer(k), Ops::all());
        assert_eq!(kept::kept_rules(), [t(3), t(4), t(5), t(6)]);
        // Used again: moved to the end; no other solver dropped.
        assert!(
            Game::new(&[4, 1], 4)
                .expect("a hand")
                .solvable()
                .expect("rules")
        );
        assert_eq!(kept::kept_rules(), [t(3), t(5), t(6), t(4)]);
        // Games the fast path does not cover keep no solver.
        for game in [
            "1 2 3 4 5 = 15",
            "2 2 = 0",
            "1 2 = -1",
            "2 = 2",
            "1 4 = 3 ops -",
        ] {
            let game: Game = game.parse().expect("a game");
            assert!(game.solvable().expect("rules"), "{game}");
        }
        let listed: Game = "1 2 3 = 6 structural".parse().expect("a game");
        assert!(!listed.solutions().expect("rules").is_empty());
        assert_eq!(kept::kept_rules(), [t(3), t(5), t(6), t(4)]);
        // Other operations are other rules.
        let restricted = Game::new(&[2, 3], 6).expect("a hand").with_ops(Ops::MUL);
        assert!(restricted.solvable().expect("rules"));
        assert_eq!(
            kept::kept_rules(),
            [t(5), t(6), t(4), (Rational::from_integer(6), Ops::MUL)]
        );
    })
    .join()
    .expect("answers");
}

#[test]
fn a_kept_solver_remembers_less_than_a_users() {
    // Pseudo-random hands of four numbers from 1..=250 through games on
    // one thread: its kept solver starts afresh at its own, lower limit.
    std::thread::spawn(|| {
        let mut state = 54_321u64;
        let mut next = || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            (state >> 33) as i64 % 250 + 1
        };
        let mut most = (0, 0);
        for k in 0..6_000 {
            let game = Game::new(&[next(), next(), next(), next()], 24).expect("a hand");
            if k % 2 == 0 {
                let listed = game.solutions().expect("exact");
                assert_eq!(listed.is_empty(), !game.general_solvable().expect("exact"));
            } else {
                assert_eq!(game.solvable(), game.general_solvable());
            }
            let sizes = kept::with_kept_solver(Rational::from_integer(24), Ops::all(), |s| {
                Some((s.table.infos.len(), s.forms.len()))
            })
            .expect("a kept solver");
            most = (most.0.max(sizes.0), most.1.max(sizes.1));
        }
        // A hand adds at most 10 sub-hands; the limit was reached.
        let limits = Limits::KEPT;
        assert!(most.0 <= limits.sub_hands + 10, "{most:?}");
        assert!(most.0 > limits.sub_hands / 2, "{most:?}");
        assert!(most.1 <= limits.forms + 1_000, "{most:?}");
    })
    .join()
    .expect("answers");
}
