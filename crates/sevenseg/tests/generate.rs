//! Generated puzzles have exactly one fix, checked by brute force.

mod common;

use common::{Kind, OracleStyle, brute_force_all, select};
use kongming_sevenseg::{Change, Generator, Rules};

#[test]
fn single_digit_puzzles_have_one_fix() {
    let all = Generator::new(Change::Move(1))
        .unwrap()
        .all()
        .into_puzzles();
    assert!(all.len() > 50, "{}", all.len());
    assert!(all.iter().any(|p| p.to_string() == "5+7=2"));
    for p in &all {
        let text = p.to_string();
        let fixes = select(
            &brute_force_all(&text, 1, OracleStyle::default()),
            Kind::Move,
            1,
            false,
        );
        assert_eq!(fixes.len(), 1, "{text}");
        assert!(fixes.contains(&p.fix().to_string()));
        assert!(!p.equation().is_true());
    }
    // No duplicates.
    let distinct: std::collections::BTreeSet<String> =
        all.iter().map(ToString::to_string).collect();
    assert_eq!(distinct.len(), all.len());
}

#[test]
fn seeds_are_deterministic() {
    let g = Generator::new(Change::Move(1)).unwrap().max_result(18);
    let a = g.generate_batch(2024, 8).into_puzzles();
    assert_eq!(a, g.generate_batch(2024, 8).into_puzzles());
    assert_eq!(a.len(), 8);
    assert_ne!(
        a.iter().map(ToString::to_string).collect::<Vec<_>>(),
        g.generate_batch(2025, 8)
            .into_puzzles()
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
    );
}

#[test]
fn other_changes_and_rules() {
    for change in [Change::Remove(1), Change::Add(1), Change::Move(2)] {
        let puzzles = Generator::new(change)
            .unwrap()
            .generate_batch(5, 4)
            .into_puzzles();
        assert!(!puzzles.is_empty(), "{change}");
        for p in &puzzles {
            let kind = match change {
                Change::Move(_) => Kind::Move,
                Change::Remove(_) => Kind::Remove,
                Change::Add(_) => Kind::Add,
            };
            let k = change.sticks();
            let fixes = select(
                &brute_force_all(&p.to_string(), k, OracleStyle::default()),
                kind,
                k,
                false,
            );
            assert_eq!(fixes.len(), 1, "{p} {change}");
        }
    }
    let kept = Generator::new(Change::Move(1))
        .unwrap()
        .rules(Rules::default().keep_orientation(true));
    for p in kept.generate_batch(9, 5).into_puzzles() {
        let fixes = select(
            &brute_force_all(&p.to_string(), 1, OracleStyle::default()),
            Kind::Move,
            1,
            true,
        );
        assert_eq!(fixes.len(), 1, "{p}");
    }
}

#[test]
fn move_kinds_describe_the_fix() {
    let all = Generator::new(Change::Move(1))
        .unwrap()
        .all()
        .into_puzzles();
    let kinds: Vec<_> = all.iter().map(|p| p.move_kind()).collect();
    assert!(kinds.iter().any(|h| h.inside_glyph));
    assert!(kinds.iter().any(|h| h.between_glyphs));
    assert!(kinds.iter().any(|h| h.through_operator));
    let five = all.iter().find(|p| p.to_string() == "5+7=2").unwrap();
    assert!(five.move_kind().through_operator);
}
