//! A game played with arbitrary step text (`middle@1 -> top@3`,
//! `remove top@1`, `add top@1`): parsing never panics and what it reads
//! prints back to the same step; playing never panics, judges as `check`
//! did, keeps at most the change's count of steps, and changes nothing on
//! an illegal step; the hints then solve the game.
#![no_main]

use arbitrary::{Result, Unstructured};
use kongming_sevenseg::{Change, Check, Game, Generator, Hint, Step};
use libfuzzer_sys::fuzz_target;

fn case(u: &mut Unstructured<'_>) -> Result<(Change, u64, Vec<String>)> {
    let k = u.int_in_range(1..=2)?;
    let change = match u.int_in_range(0..=2)? {
        0 => Change::Move(k),
        1 => Change::Remove(k),
        _ => Change::Add(k),
    };
    Ok((change, u.arbitrary()?, u.arbitrary()?))
}

fuzz_target!(|data: &[u8]| {
    let Ok((change, seed, texts)) = case(&mut Unstructured::new(data)) else {
        return;
    };
    let Ok(puzzle) = Generator::new(change)
        .expect("two sticks at most")
        .attempts(4)
        .generate(seed)
    else {
        return;
    };
    let mut game = Game::new(puzzle);
    for text in texts.iter().take(8) {
        let Ok(step) = text.parse::<Step>() else {
            continue;
        };
        assert_eq!(step.to_string().parse::<Step>(), Ok(step));
        let before = game.clone();
        let checked = game.check(&step);
        let played = game.play(step);
        assert_eq!(checked, played);
        assert!(game.steps().len() <= change.sticks());
        if matches!(played, Check::Illegal(_)) {
            assert_eq!(game, before);
        }
        let _ = (
            played.to_string(),
            game.to_string(),
            game.hint().to_string(),
        );
    }
    for _ in 0..=2 * change.sticks() + 1 {
        let step = match game.hint() {
            Hint::Next { step } => step,
            Hint::Undo { take_back, .. } => take_back,
            _ => break,
        };
        assert!(!matches!(game.play(step), Check::Illegal(_)));
    }
    assert!(game.is_solved(), "{game:?}");
});
