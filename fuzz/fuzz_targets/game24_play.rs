//! A game played with arbitrary step text: the input's first line is a
//! hand (`3 3 8 8 = 24`, of at most five numbers), each later line a step
//! (`8/3`, `3-[8/3]`). Playing never panics and judges as `check` did; an
//! illegal step changes nothing, a legal one is kept with the hand as
//! given; `Solved` exactly when one number, the target, is left; the hints
//! followed from there (under a node budget) end `Solved`, `DeadEnd` or
//! `Stopped`, and taking every step back gives the game as given.
#![no_main]

use kongming_game24::{Budget, Check, Game, Hint, Step};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let mut lines = text.lines();
    let Some(Ok(given)) = lines.next().map(str::parse::<Game>) else {
        return;
    };
    if given.numbers().len() > 5 {
        return;
    }
    let budget = Budget::unlimited().with_node_limit(20_000);
    let given = given.budget(budget);
    let mut game = given.clone();
    for line in lines.take(8) {
        let Ok(step) = line.parse::<Step>() else {
            continue;
        };
        let before = game.clone();
        let judged = game.check(&step);
        let played = game.play(step);
        assert_eq!(judged, played, "{step} on {before}");
        assert_eq!(game.hand(), given.hand());
        if let Check::Illegal(_) = played {
            assert_eq!(game, before, "an illegal {step} changed the game");
        } else {
            assert_eq!(game.steps().len(), before.steps().len() + 1);
            assert_eq!(game.steps().last(), Some(&step));
        }
        if played == Check::Solved {
            assert!(game.is_solved(), "{game}");
        }
    }
    let played = game.steps().len();
    // Each hint brings the game nearer its end: at most the steps played
    // taken back, then one step per number of the hand.
    for _ in 0..2 * (played + given.hand().len()) + 2 {
        let Ok(hint) = game.hint() else {
            // Only a game of two numbers or more with no operation has no hint.
            assert!(game.ops().is_empty());
            break;
        };
        match hint {
            Hint::Next { step, .. } => {
                let verdict = game.play(step);
                assert!(
                    matches!(verdict, Check::Right | Check::Solved | Check::Stopped(_)),
                    "the hinted {step}: {verdict}"
                );
            }
            Hint::Undo { index, step, .. } => {
                assert!(index < game.steps().len());
                assert_eq!(game.steps()[index], step);
                game.undo().expect("a step to take back");
            }
            Hint::Solved { .. } => {
                assert!(game.is_solved());
                break;
            }
            _ => break,
        }
    }
    while game.undo().is_some() {}
    assert_eq!(game, given);
});
