//! The 4nums.com list: 1362 hands from 1..13 that make 24, 3017 distinct
//! solutions; every hand's count matches and every listed solution is
//! equivalent to one of ours.

use kongming_game24::{Canonical, Expr, Game, Rational};

const DATA: &str = include_str!("data/game24-4nums-target24.txt");

struct Line {
    hand: Vec<i64>,
    listed: Vec<String>,
}

fn lines() -> Vec<Line> {
    DATA.lines()
        .map(|line| {
            let mut fields = line.split('\t');
            let hand = fields
                .next()
                .expect("a hand")
                .split_whitespace()
                .map(|n| n.parse().expect("a number"))
                .collect();
            let listed = fields.map(|s| s.trim().to_string()).collect();
            Line { hand, listed }
        })
        .collect()
}

#[test]
fn file_has_1362_hands_and_3017_solutions() {
    let lines = lines();
    assert_eq!(lines.len(), 1362);
    assert_eq!(lines.iter().map(|l| l.listed.len()).sum::<usize>(), 3017);
}

#[test]
fn every_hand_matches_4nums() {
    let mut bad = Vec::new();
    let mut total = 0;
    for line in lines() {
        let game = Game::new(&line.hand, 24).expect("a hand");
        let ours = game.solutions().expect("no overflow");
        total += ours.len();
        let mine: Vec<Canonical> = ours
            .iter()
            .map(|e| Canonical::of(e).expect("a value"))
            .collect();
        let mut missing = Vec::new();
        for text in &line.listed {
            let e: Expr = text.parse().expect("a listed solution parses");
            assert_eq!(e.eval(), Ok(Rational::from_integer(24)), "{text}");
            let c = Canonical::of(&e).expect("a value");
            if !mine.contains(&c) {
                missing.push(text.clone());
            }
        }
        if ours.len() != line.listed.len() || !missing.is_empty() {
            let ours: Vec<String> = ours.iter().map(|e| format!("{e:#}")).collect();
            bad.push(format!(
                "{:?}: listed {} {:?}, ours {} {:?}, not found {:?}",
                line.hand,
                line.listed.len(),
                line.listed,
                ours.len(),
                ours,
                missing
            ));
        }
    }
    for b in bad.iter().take(60) {
        println!("{b}");
    }
    assert!(
        bad.is_empty(),
        "{} hands differ; {total} solutions in all",
        bad.len()
    );
    assert_eq!(total, 3017);
}
