//! serde round trips (JSON) for every stored type, the text forms stored
//! as strings, and loading refuses what the crate could not have made.
#![cfg(feature = "serde")]

use kongming_sevenseg::{
    Budget, Change, Clue, Difficulty, Equation, Fault, Fix, Generator, Glyph, GlyphChange, Grade,
    MAX_STICKS, MoveKind, Puzzle, PuzzleList, Rating, Rules, Segments, Solutions, Solver, Stick,
    StickMove, Style, Value,
};
use proptest::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::json;

/// Serializes and reads back.
fn round_trip<T: Serialize + DeserializeOwned>(value: &T) -> T {
    let text = serde_json::to_string(value).unwrap();
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn load<T: DeserializeOwned>(json: serde_json::Value) -> Result<T, String> {
    serde_json::from_value(json).map_err(|e| e.to_string())
}

/// Equation text of any notation: numbers (leading zeros allowed), the
/// four operators and `=` (at least one), spaced or not.
fn equation_text() -> impl Strategy<Value = String> {
    let number = "[0-9]{1,3}";
    let op = prop::sample::select(vec!["+", "-", "−", "*", "x", "×", "/", "÷", "="]);
    (
        prop::collection::vec((number, op), 1..6),
        number,
        any::<bool>(),
        any::<prop::sample::Index>(),
    )
        .prop_map(|(terms, last, spaced, equals)| {
            let at = equals.index(terms.len());
            let mut text = String::new();
            for (i, (n, op)) in terms.iter().enumerate() {
                text.push_str(n);
                let op = if i == at { "=" } else { op };
                if spaced {
                    text.push_str(&format!(" {op} "));
                } else {
                    text.push_str(op);
                }
            }
            text.push_str(&last);
            text
        })
}

fn permissive() -> Rules {
    Rules::default().leading_zeros(true).multiple_equals(true)
}

fn equation() -> impl Strategy<Value = Equation> {
    equation_text().prop_map(|t| permissive().parse(&t).unwrap())
}

fn style() -> impl Strategy<Value = Style> {
    any::<[bool; 3]>().prop_map(|b| {
        Style::default()
            .six_with_top(b[0])
            .seven_with_upper_left(b[1])
            .nine_with_bottom(b[2])
    })
}

fn rules() -> impl Strategy<Value = Rules> {
    (style(), any::<[bool; 3]>()).prop_map(|(style, b)| {
        Rules::default()
            .style(style)
            .keep_orientation(b[0])
            .leading_zeros(b[1])
            .multiple_equals(b[2])
    })
}

fn change(max: usize) -> impl Strategy<Value = Change> {
    (0usize..3, 1..=max)
        .prop_map(|(kind, k)| [Change::Move(k), Change::Remove(k), Change::Add(k)][kind])
}

fn stick() -> impl Strategy<Value = Stick> {
    (
        0usize..70,
        prop::sample::select(Segments::all().iter().collect::<Vec<_>>()),
    )
        .prop_map(|(position, segment)| Stick { position, segment })
}

fn glyph() -> impl Strategy<Value = Glyph> {
    prop::sample::select(
        Glyph::DIGITS
            .iter()
            .chain(&Glyph::OPS)
            .copied()
            .collect::<Vec<_>>(),
    )
}

fn glyph_change() -> impl Strategy<Value = GlyphChange> {
    (0usize..70, glyph(), glyph()).prop_map(|(position, from, to)| GlyphChange {
        position,
        from,
        to,
    })
}

/// Every equation a change makes from a short equation (true or not), as
/// fixes, under random rules.
fn fixes() -> impl Strategy<Value = Vec<Fix>> {
    (equation_text(), change(2), rules()).prop_map(|(text, change, rules)| {
        let Ok(eq) = rules.parse(&text) else {
            return Vec::new();
        };
        if eq.len() > 12 {
            return Vec::new();
        }
        Solver::new(change)
            .rules(rules)
            .neighbours(&eq)
            .unwrap()
            .take(200)
            .collect()
    })
}

/// The puzzles of a random true equation, perhaps cut short by a node
/// limit.
fn generated() -> impl Strategy<Value = PuzzleList> {
    (
        0u32..10,
        0u32..10,
        any::<bool>(),
        change(2),
        rules(),
        prop::option::of(0u64..2_000),
    )
        .prop_map(|(a, b, plus, change, rules, limit)| {
            let (a, b) = (a.max(b), a.min(b));
            let text = if plus {
                format!("{a}+{b}={}", a + b)
            } else {
                format!("{a}-{b}={}", a - b)
            };
            let truth = rules.parse(&text).unwrap();
            let mut generator = Generator::new(change).unwrap().rules(rules);
            if let Some(limit) = limit {
                generator = generator.budget(Budget::unlimited().with_node_limit(limit));
            }
            generator.puzzles_for(&truth)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn equations_round_trip_as_text(eq in equation()) {
        let json = serde_json::to_value(&eq).unwrap();
        prop_assert_eq!(&json, &json!(eq.to_string()));
        let back: Equation = load(json).unwrap();
        prop_assert_eq!(&back, &eq);
        prop_assert_eq!(back.to_string(), eq.to_string());
    }

    #[test]
    fn values_round_trip(eq in equation()) {
        if let Ok(values) = eq.evaluate() {
            let back: Vec<Value> = round_trip(&values);
            prop_assert_eq!(back, values);
        }
    }

    #[test]
    fn changes_round_trip_as_text(change in change(MAX_STICKS), k in MAX_STICKS + 1..usize::MAX) {
        prop_assert_eq!(serde_json::to_value(change).unwrap(), json!(change.to_string()));
        prop_assert_eq!(round_trip(&change), change);
        // Counts a puzzle cannot have do not load.
        for text in [format!("move {k}"), format!("add {k}"), "remove 0".to_string()] {
            prop_assert!(load::<Change>(json!(text)).is_err());
        }
    }

    #[test]
    fn rules_and_styles_round_trip(rules in rules()) {
        prop_assert_eq!(round_trip(&rules), rules);
        prop_assert_eq!(round_trip(&rules.glyph_style()), rules.glyph_style());
    }

    #[test]
    fn sticks_moves_and_glyph_changes_round_trip_as_text(
        a in stick(), b in stick(), c in glyph_change(),
    ) {
        prop_assert_eq!(serde_json::to_value(a).unwrap(), json!(a.to_string()));
        prop_assert_eq!(round_trip(&a), a);
        let moved = StickMove { from: a, to: b };
        prop_assert_eq!(serde_json::to_value(moved).unwrap(), json!(moved.to_string()));
        prop_assert_eq!(round_trip(&moved), moved);
        prop_assert_eq!(serde_json::to_value(c).unwrap(), json!(c.to_string()));
        prop_assert_eq!(round_trip(&c), c);
    }

    #[test]
    fn move_kinds_round_trip(flags in any::<[bool; 3]>()) {
        let kind = MoveKind { inside_glyph: flags[0], between_glyphs: flags[1], through_operator: flags[2] };
        prop_assert_eq!(round_trip(&kind), kind);
    }

    /// A fix reads back equal, and everything it tells is the same.
    #[test]
    fn fixes_round_trip(fixes in fixes()) {
        for fix in &fixes {
            let back = round_trip(fix);
            prop_assert_eq!(&back, fix);
            prop_assert_eq!(back.to_string(), fix.to_string());
            prop_assert_eq!(back.change(), fix.change());
            prop_assert_eq!(back.moves(), fix.moves());
            prop_assert_eq!(back.all_moves(), fix.all_moves());
            prop_assert_eq!(back.move_kind(), fix.move_kind());
            prop_assert_eq!(back.clue(), fix.clue());
            prop_assert_eq!(back.original(), fix.original());
        }
    }

    /// A fix with one part replaced: refused, or (when the part happens to
    /// agree) a fix whose methods all work.
    #[test]
    fn tampered_fixes_are_refused_or_sound(
        fixes in fixes(), pick in any::<prop::sample::Index>(), part in 0usize..4,
        other_stick in stick(), other_change in glyph_change(),
    ) {
        if fixes.is_empty() {
            return Ok(());
        }
        let fix = &fixes[pick.index(fixes.len())];
        let mut json = serde_json::to_value(fix).unwrap();
        let replace = |list: &mut serde_json::Value, with: serde_json::Value| {
            if let Some(first) = list.as_array_mut().and_then(|l| l.first_mut()) {
                *first = with;
            }
        };
        match part {
            0 => replace(&mut json["removed"], json!(other_stick.to_string())),
            1 => replace(&mut json["added"], json!(other_stick.to_string())),
            2 => replace(&mut json["changes"], json!(other_change.to_string())),
            _ => json["keep_orientation"] = json!(true),
        }
        if let Ok(loaded) = load::<Fix>(json) {
            let _ = (loaded.moves(), loaded.all_moves(), loaded.move_kind(), loaded.clue().to_string(), loaded.original());
        }
    }

    #[test]
    fn solutions_round_trip(text in equation_text(), change in change(2), limit in prop::option::of(0u64..500)) {
        let Ok(eq) = text.parse::<Equation>() else { return Ok(()) };
        let mut solver = Solver::new(change);
        if let Some(limit) = limit {
            solver = solver.budget(Budget::unlimited().with_node_limit(limit));
        }
        let solutions: Solutions = solver.solve(&eq).unwrap();
        prop_assert_eq!(round_trip(&solutions), solutions);
    }

    /// Hints and grades of random equations, perhaps from searches cut
    /// short, read back equal and print the same.
    #[test]
    fn hints_and_grades_round_trip(
        text in equation_text(), change in change(2), limit in prop::option::of(0u64..500),
    ) {
        let Ok(eq) = text.parse::<Equation>() else { return Ok(()) };
        let mut solver = Solver::new(change);
        if let Some(limit) = limit {
            solver = solver.budget(Budget::unlimited().with_node_limit(limit));
        }
        if let Some(hint) = solver.solve(&eq).unwrap().clue() {
            let back: Clue = round_trip(&hint);
            prop_assert_eq!(back.to_string(), hint.to_string());
            prop_assert_eq!(back, hint);
        }
        let grade: Rating = solver.rate(&eq).unwrap();
        prop_assert_eq!(round_trip(&grade), grade);
        if let Some(difficulty) = grade.difficulty() {
            prop_assert_eq!(round_trip(&difficulty), difficulty);
            prop_assert_eq!(round_trip(&difficulty.grade()), difficulty.grade());
        }
    }

    #[test]
    fn puzzles_and_runs_round_trip(generated in generated()) {
        for puzzle in generated.puzzles() {
            prop_assert_eq!(&round_trip(puzzle), puzzle);
        }
        prop_assert_eq!(round_trip(&generated), generated);
    }
}

#[test]
fn equations_load_under_any_rules_but_are_checked() {
    for text in ["05+1=6", "1+1=2=2", "3 x 2 = 6", "8÷2=4"] {
        let eq: Equation = load(json!(text)).unwrap();
        assert_eq!(eq.to_string(), text);
    }
    let err = load::<Equation>(json!("6+4=")).unwrap_err();
    assert!(err.contains("expected a number at position 5"), "{err}");
    assert!(load::<Equation>(json!(12)).is_err());
    let err = load::<Change>(json!("jump 1")).unwrap_err();
    assert!(err.contains("position 1"), "{err}");
    assert!(load::<Stick>(json!("middle@")).is_err());
    assert!(
        load::<Rules>(
            json!({"style": {"six_top": true, "seven_upper_left": false, "nine_bottom": true},
        "keep_orientation": false, "leading_zeros": false, "multiple_equals": false, "extra": 1})
        )
        .is_err()
    );
}

#[test]
fn a_stick_of_several_slots_is_not_stored() {
    let stick = Stick {
        position: 0,
        segment: Segments::TOP | Segments::MIDDLE,
    };
    assert!(serde_json::to_string(&stick).is_err());
    let moved = StickMove {
        from: stick,
        to: Stick {
            position: 1,
            segment: Segments::TOP,
        },
    };
    assert!(serde_json::to_string(&moved).is_err());
}

/// The fix 0+4=4 of 6+4=4 (moving the middle stick of the 6 upright).
fn zero_fix() -> (Equation, Fix) {
    let eq: Equation = "6+4=4".parse().unwrap();
    let fix = Solver::new(Change::Move(1))
        .solve(&eq)
        .unwrap()
        .into_fixes()
        .into_iter()
        .find(|f| f.to_string() == "0+4=4")
        .unwrap();
    (eq, fix)
}

#[test]
fn fixes_whose_parts_disagree_are_refused() {
    let (_, fix) = zero_fix();
    let good = serde_json::to_value(&fix).unwrap();
    assert_eq!(
        good,
        json!({
            "equation": "0+4=4",
            "change": "move 1",
            "keep_orientation": false,
            "changes": ["6 -> 0 at 1"],
            "removed": ["middle@1"],
            "added": ["upper-right@1"],
        })
    );
    assert_eq!(load::<Fix>(good.clone()).unwrap(), fix);
    let tampered = |key: &str, value: serde_json::Value| {
        let mut json = good.clone();
        json[key] = value;
        load::<Fix>(json).unwrap_err()
    };
    let cases = [
        ("equation", json!("8+4=4"), "does not give the glyph"),
        ("change", json!("move 2"), "do not make `move 2`"),
        ("change", json!("move 0"), "at least 1 stick"),
        ("keep_orientation", json!(true), "orientations"),
        ("changes", json!([]), "at least one glyph"),
        ("changes", json!(["6 -> 0 at 10"]), "past the 5 glyphs"),
        ("changes", json!(["+ -> 0 at 1"]), "must change a digit"),
        ("changes", json!(["0 -> 0 at 1"]), "must change a digit"),
        ("changes", json!(["9 -> 0 at 1"]), "any glyph style"),
        ("removed", json!(["top@1"]), "any glyph style"),
        ("removed", json!(["middle@2"]), "does not change"),
        ("added", json!([]), "do not make"),
        (
            "added",
            json!(["upper-right@1", "upper-right@1"]),
            "out of order",
        ),
    ];
    for (key, value, why) in cases {
        let err = tampered(key, value.clone());
        assert!(err.contains(why), "{key} = {value}: {err}");
    }
    let mut extra = good.clone();
    extra["note"] = json!("hi");
    assert!(load::<Fix>(extra).is_err());
}

/// The puzzle 5+7=2 (fixed as 9-7=2) under move 1 and the default rules.
fn five_seven_two() -> Puzzle {
    Generator::new(Change::Move(1))
        .unwrap()
        .puzzles_for(&"9-7=2".parse().unwrap())
        .into_puzzles()
        .into_iter()
        .find(|p| p.to_string() == "5+7=2")
        .unwrap()
}

#[test]
fn puzzles_are_stored_without_their_fix_unless_asked() {
    let puzzle = five_seven_two();
    let plain = serde_json::to_value(&puzzle).unwrap();
    let keys: Vec<&str> = plain
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(keys, ["change", "difficulty", "equation", "rules"]);
    assert_eq!(plain["equation"], json!("5+7=2"));
    assert_eq!(plain["change"], json!("move 1"));
    assert!(!plain.to_string().contains("9-7=2"), "{plain}");
    assert_eq!(load::<Puzzle>(plain.clone()).unwrap(), puzzle);
    let both = serde_json::to_value(puzzle.with_answer()).unwrap();
    assert_eq!(both["fix"]["equation"], json!("9-7=2"));
    assert_eq!(load::<Puzzle>(both).unwrap(), puzzle);
}

#[test]
fn puzzles_that_are_no_puzzles_are_refused() {
    let plain = serde_json::to_value(five_seven_two()).unwrap();
    let cases = [
        ("equation", json!("6+4=4"), "exactly one fix"),
        ("equation", json!("8-4=4"), "true already"),
        ("equation", json!("05+7=2"), "breaks its rules"),
        ("change", json!("move 0"), "at least 1 stick"),
        ("change", json!("move 2"), "the difficulty of 5+7=2"),
        ("equation", json!("1+1=7"), "exactly one fix"),
    ];
    for (key, value, why) in cases {
        let mut bad = plain.clone();
        bad[key] = value.clone();
        let err = load::<Puzzle>(bad).unwrap_err();
        assert!(err.contains(why), "{key} = {value}: {err}");
    }
    let mut bad = plain.clone();
    bad["difficulty"]["effort"] = json!(0);
    let err = load::<Puzzle>(bad).unwrap_err();
    assert!(err.contains("difficulty of 5+7=2"), "{err}");
    // A stored fix must be the fix.
    let mut other = serde_json::to_value(five_seven_two().with_answer()).unwrap();
    let (_, zero) = zero_fix();
    other["fix"] = serde_json::to_value(&zero).unwrap();
    let err = load::<Puzzle>(other).unwrap_err();
    assert!(err.contains("not 0+4=4"), "{err}");
    let mut extra = plain;
    extra["note"] = json!("hi");
    assert!(load::<Puzzle>(extra).is_err());
}

#[test]
fn grades_that_do_not_fit_are_refused() {
    let (_, fix) = zero_fix();
    let kind = serde_json::to_value(fix.move_kind()).unwrap();
    let good = json!({"effort": 2, "near_misses": 3, "fixes": 1, "kind": kind.clone()});
    let loaded: Difficulty = load(good.clone()).unwrap();
    assert_eq!(
        (loaded.effort(), loaded.near_misses(), loaded.fixes()),
        (2, 3, 1)
    );
    assert_eq!(loaded.grade(), Grade::Easy);
    for (key, value) in [
        ("effort", json!(4)),
        ("fixes", json!(0)),
        ("kind", serde_json::to_value(MoveKind::default()).unwrap()),
    ] {
        let mut bad = good.clone();
        bad[key] = value.clone();
        assert!(load::<Difficulty>(bad).is_err(), "{key} = {value}");
    }
    assert_eq!(load::<Grade>(json!("hard")).unwrap(), Grade::Hard);
    assert!(load::<Grade>(json!("Impossible")).is_err());
}

#[test]
fn hints_whose_parts_disagree_are_refused() {
    let eq: Equation = "6+4=4".parse().unwrap();
    let hint = Solver::new(Change::Move(1))
        .solve(&eq)
        .unwrap()
        .clue()
        .unwrap();
    let good = serde_json::to_value(&hint).unwrap();
    assert_eq!(good["equation"], json!("6+4=4"));
    assert_eq!(good["fault"], json!("mixed"));
    assert_eq!(load::<Clue>(good.clone()).unwrap(), hint);
    assert_eq!(load::<Fault>(json!("extra")).unwrap(), Fault::Extra);
    let cases = [
        // The stored position counts from 0, the message from 1.
        ("position", json!(5), "glyph 6 is past the 5 glyphs"),
        (
            "fixes_changing_it",
            json!(0),
            "cannot change the hinted glyph",
        ),
        (
            "fixes_changing_it",
            json!(3),
            "cannot change the hinted glyph",
        ),
        ("change", json!("remove 1"), "cannot make the fault"),
        ("change", json!("move 0"), "at least 1 stick"),
    ];
    for (key, value, why) in cases {
        let mut bad = good.clone();
        bad[key] = value.clone();
        let err = load::<Clue>(bad).unwrap_err();
        assert!(err.contains(why), "{key} = {value}: {err}");
    }
    for (fault, change) in [
        ("extra", "add 1"),
        ("missing", "remove 1"),
        ("misplaced", "add 1"),
    ] {
        let mut bad = good.clone();
        bad["fault"] = json!(fault);
        bad["change"] = json!(change);
        assert!(load::<Clue>(bad).is_err(), "{fault} under {change}");
    }
    let mut extra = good;
    extra["note"] = json!("hi");
    assert!(load::<Clue>(extra).is_err());
}
