//! Published figures about which hands make 24.

use kongming_game24::{Game, HandSize, hands, survey_solvable};

#[test]
fn hands_from_1_to_10_566_of_715() {
    let tally = survey_solvable(
        hands(HandSize::new(4).expect("a hand size a game takes"), 1..=10),
        24,
    )
    .expect("no overflow");
    assert_eq!((tally.solvable, tally.hands), (566, 715));
}

#[test]
fn hands_from_1_to_13_1362_of_1820() {
    let tally = survey_solvable(
        hands(HandSize::new(4).expect("a hand size a game takes"), 1..=13),
        24,
    )
    .expect("no overflow");
    assert_eq!((tally.solvable, tally.hands), (1362, 1820));
}

#[test]
fn one_one_one_eleven_thirteen() {
    let game = Game::new(&[1, 1, 1, 11, 13], 24).expect("a hand");
    assert!(game.solvable().expect("no overflow"));
    let all: Vec<String> = game
        .solutions()
        .expect("no overflow")
        .iter()
        .map(|e| e.to_string())
        .collect();
    assert!(all.contains(&"(13+11)*1*1*1".to_string()), "{all:?}");
}

#[test]
fn sixteen_hands_need_fractions() {
    let mut need = Vec::new();
    for hand in hands(HandSize::new(4).expect("a hand size a game takes"), 1..=13) {
        let difficulty = Game::new(&hand, 24)
            .expect("a hand")
            .difficulty()
            .expect("no overflow");
        if difficulty.needs_fractions {
            need.push(hand);
        }
    }
    for example in [
        [3, 3, 8, 8],
        [1, 5, 5, 5],
        [3, 3, 7, 7],
        [1, 3, 4, 6],
        [4, 4, 7, 7],
    ] {
        assert!(need.contains(&example.to_vec()), "{example:?} in {need:?}");
    }
    assert_eq!(need.len(), 16, "{need:?}");
}

#[test]
fn five_numbers_from_1_to_13_at_most_four_of_a_kind() {
    let tally = survey_solvable(
        hands(HandSize::new(5).expect("a hand size a game takes"), 1..=13).max_copies(4),
        24,
    )
    .expect("no overflow");
    assert_eq!((tally.solvable, tally.hands - tally.solvable), (6095, 80));
}

#[test]
fn five_numbers_from_1_to_10() {
    let tally = survey_solvable(
        hands(HandSize::new(5).expect("a hand size a game takes"), 1..=10).max_copies(4),
        24,
    )
    .expect("no overflow");
    assert_eq!((tally.solvable, tally.hands), (1955, 1992));
}

#[test]
fn six_numbers_from_1_to_10() {
    let tally = survey_solvable(
        hands(HandSize::new(6).expect("a hand size a game takes"), 1..=10).max_copies(4),
        24,
    )
    .expect("no overflow");
    assert_eq!((tally.solvable, tally.hands), (4902, 4905));
}
