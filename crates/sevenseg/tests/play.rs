//! The app developer's whole round: generate a puzzle of a chosen grade,
//! show it, check a wrong step and an illegal one, follow the hints to the
//! end from a state with a mistake in it, save and load the game, draw it.
//! Then properties: generated puzzles have the grade asked for and one fix
//! (by the tests' own brute force); answers and steps are judged as the
//! solver and an enumeration of the steps left say; hints followed from
//! any reachable state finish; games and puzzles round trip as JSON.

mod common;

use std::collections::BTreeSet;
use std::sync::OnceLock;

use common::{Kind, OracleStyle, brute_force_all, select};
use kongming_sevenseg::{
    Change, Check, Game, GenerateError, Generator, Grade, Hint, IllegalAnswer, IllegalStep,
    Mistake, Puzzle, Rules, Segments, Solver, Step, Stick, StickMove, WrongStep, draw,
};
use proptest::prelude::*;

/// Every slot of every cell of the game's equation (and one past it).
fn slots(game: &Game) -> Vec<Stick> {
    let cells = game.puzzle().equation().len() + 1;
    (0..cells)
        .flat_map(|position| {
            Segments::all()
                .iter()
                .map(move |segment| Stick { position, segment })
        })
        .collect()
}

/// Every step of the puzzle's kind between any two slots.
fn all_steps(game: &Game) -> Vec<Step> {
    let slots = slots(game);
    match game.puzzle().change() {
        Change::Move(_) => slots
            .iter()
            .flat_map(|&from| {
                slots
                    .iter()
                    .map(move |&to| Step::Move(StickMove { from, to }))
            })
            .collect(),
        Change::Remove(_) | Change::Add(_) => slots
            .iter()
            .flat_map(|&s| [Step::Remove(s), Step::Add(s)])
            .collect(),
    }
}

/// Follows hints (a hint's step, or the take-back of an undo) until the
/// game is solved, checking each against the game before it is followed;
/// the number of hints followed.
fn follow_hints(game: &mut Game) -> usize {
    let most = 2 * game.puzzle().change().sticks() + 2;
    for followed in 0..=most {
        let hint = game.hint();
        match hint {
            Hint::Solved => {
                assert!(game.is_solved());
                assert!(!game.follow(&hint), "solved: nothing to do");
                return followed;
            }
            Hint::Next { step } => {
                let verdict = game.check(&step);
                assert!(
                    matches!(verdict, Check::Right | Check::Solved),
                    "{step}: {verdict}"
                );
            }
            Hint::Undo {
                index,
                step,
                take_back,
            } => {
                assert_eq!(game.steps()[index], step);
                assert_eq!(take_back, step.reverse());
            }
            other => panic!("{other}"),
        }
        let before = game.steps().to_vec();
        assert!(game.follow(&hint), "{hint}");
        assert_ne!(game.steps(), before, "{hint} changed nothing");
        if let Hint::Undo { step, .. } = hint {
            assert!(!game.steps().contains(&step), "{step} is still played");
        }
    }
    panic!("{most} hints did not solve {game:?}");
}

#[test]
fn a_whole_round() {
    // Generate by grade.
    let generator = Generator::new(Change::Move(1))
        .unwrap()
        .grade(Grade::Medium);
    let puzzle = generator.generate(2026).unwrap();
    assert_eq!(puzzle.grade(), Grade::Medium);
    assert_eq!(generator.generate(2026).unwrap(), puzzle);
    // Show.
    let shown = puzzle.to_string();
    assert_eq!(shown, puzzle.equation().to_string());
    let style = puzzle.rules().glyph_style();
    assert!(draw::ascii(puzzle.equation(), &style).contains('|'));

    // A wrong step and an illegal one.
    let mut game = Game::new(puzzle.clone());
    let wrong = all_steps(&game)
        .into_iter()
        .find(|s| matches!(game.check(s), Check::Wrong(_)))
        .expect("some legal step is wrong");
    let Check::Wrong(why) = game.check(&wrong) else {
        unreachable!()
    };
    assert!(matches!(why, WrongStep::Stays(_) | WrongStep::NotThere(_)));
    assert!(!why.to_string().contains("@0"), "{why}");
    let far = Step::Move(StickMove {
        from: Stick {
            position: 0,
            segment: Segments::TOP,
        },
        to: Stick {
            position: 99,
            segment: Segments::TOP,
        },
    });
    assert!(matches!(
        game.check(&far),
        Check::Illegal(IllegalStep::NoSuchSlot(_))
    ));
    let top = Stick {
        position: 0,
        segment: Segments::TOP,
    };
    assert_eq!(
        game.check(&Step::Move(StickMove { from: top, to: top })),
        Check::Illegal(IllegalStep::SameSlot(top))
    );
    assert_eq!(
        game.check(&Step::Remove(Stick {
            position: 0,
            segment: Segments::TOP
        })),
        Check::Illegal(IllegalStep::OtherChange(Change::Move(1)))
    );
    // The wrong step played; a second is one too many.
    assert_eq!(game.play(wrong), Check::Wrong(why));
    assert_eq!(game.steps(), [wrong]);
    assert!(
        all_steps(&game).iter().any(|s| matches!(
            game.check(s),
            Check::Illegal(IllegalStep::TooManySteps { allowed: 1 })
        )),
        "a second step of its own is refused"
    );
    assert!(matches!(game.hint(), Hint::Undo { index: 0, .. }));
    // The game drawn as it stands: the stick put down, the slot it left.
    let svg = game.to_svg();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let class = |c: &str| {
        doc.descendants()
            .filter(|n| n.attribute("class") == Some(c))
            .count()
    };
    assert_eq!((class("stick moved"), class("stick gone")), (1, 1));
    assert!(draw::ascii_game(&game).contains('#'));
    assert!(game.hint().to_string().starts_with("Step 1 ("));

    // Save and load, mistake included.
    #[cfg(feature = "serde")]
    {
        let saved = serde_json::to_string(&game).unwrap();
        assert!(!saved.contains(&puzzle.fix().to_string()), "{saved}");
        let loaded: Game = serde_json::from_str(&saved).unwrap();
        assert_eq!(loaded, game);
        assert_eq!(loaded.puzzle(), &puzzle);
        game = loaded;
    }

    // Hints to the end.
    follow_hints(&mut game);
    assert!(game.is_solved());
    assert_eq!(game.equation().as_ref(), Some(puzzle.fix().equation()));
    assert!(matches!(game.check(&wrong), Check::Illegal(_)));

    // The answer checked whole.
    assert_eq!(puzzle.check_answer(puzzle.fix().equation()), Check::Solved);
    assert_eq!(
        puzzle.check_answer(puzzle.equation()),
        Check::Wrong(Mistake::FalseAndNotTheChange)
    );

    // Draw.
    let svg = draw::svg_fix(puzzle.equation(), puzzle.fix(), &style);
    assert!(svg.starts_with("<svg"));
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert!(doc.descendants().any(|n| n.has_tag_name("line")));
}

#[test]
fn a_hint_from_another_state_changes_nothing() {
    let puzzle = Generator::new(Change::Move(1))
        .unwrap()
        .generate(5)
        .unwrap();
    let mut game = Game::new(puzzle);
    let next = game.hint();
    let Hint::Next { step } = next else {
        panic!("{next}")
    };
    // An undo of a step the game does not have, at a place it has none.
    let undo = Hint::Undo {
        index: 0,
        step,
        take_back: step.reverse(),
    };
    assert!(!game.follow(&undo));
    assert!(game.steps().is_empty());
    // A step on a glyph the equation does not have.
    let far = Stick {
        position: 99,
        segment: Segments::TOP,
    };
    let foreign = Hint::Next {
        step: Step::Move(StickMove { from: far, to: far }),
    };
    assert!(!game.follow(&foreign));
    assert!(game.steps().is_empty());
    // The hint followed twice: the second time its stick has moved.
    assert!(game.follow(&next));
    assert_eq!(game.steps(), [step]);
    assert!(!game.follow(&next));
    assert_eq!(game.steps(), [step]);
    // The undo at another index than the step's.
    let undo = Hint::Undo {
        index: 1,
        step,
        take_back: step.reverse(),
    };
    assert!(!game.follow(&undo));
    assert_eq!(game.steps(), [step]);
}

#[test]
fn answers_are_told_apart() {
    // 5+7=2: its fix, a false equation one move away, a true equation
    // that is not one move away, other glyphs, another stick count, text
    // that does not read.
    let puzzle = Generator::new(Change::Move(1))
        .unwrap()
        .puzzles_for(&"9-7=2".parse().unwrap())
        .into_puzzles()
        .into_iter()
        .find(|p| p.to_string() == "5+7=2")
        .unwrap();
    assert_eq!(puzzle.check_answer_text("9 - 7 = 2"), Check::Solved);
    assert_eq!(
        puzzle.check_answer_text("9+1=2"),
        Check::Wrong(Mistake::False)
    );
    // 5+2=7 has the same 17 sticks and is true, but needs more moves.
    assert_eq!(
        puzzle.check_answer_text("5+2=7"),
        Check::Wrong(Mistake::TrueButNotTheChange)
    );
    assert_eq!(
        puzzle.check_answer_text("5+7=12"),
        Check::Illegal(IllegalAnswer::OtherGlyphs)
    );
    assert_eq!(
        puzzle.check_answer_text("5+7=8"),
        Check::Illegal(IllegalAnswer::Sticks {
            expected: 17,
            found: 19
        })
    );
    assert!(matches!(
        puzzle.check_answer_text("5+7="),
        Check::Illegal(IllegalAnswer::Unparsable(_))
    ));
    assert!(matches!(
        puzzle.check_answer(&Rules::default().leading_zeros(true).parse("05=2").unwrap()),
        Check::Illegal(IllegalAnswer::Unparsable(_))
    ));
}

#[test]
fn the_generator_says_why_it_has_no_puzzle() {
    // 0+0=0, 0-0=0 and nothing else: no expert puzzle among them.
    let tiny = Generator::new(Change::Move(1))
        .unwrap()
        .max_operand(0)
        .max_result(0);
    assert_eq!(
        tiny.clone().grade(Grade::Expert).generate(1),
        Err(GenerateError::GradeNotReached {
            grade: Grade::Expert,
            attempts: 2
        })
    );
    let starved = Generator::new(Change::Move(1))
        .unwrap()
        .grade(Grade::Hard)
        .budget(kongming_sevenseg::Budget::unlimited().with_node_limit(50));
    assert!(matches!(
        starved.generate(4),
        Err(GenerateError::Stopped(_))
    ));
}

/// Puzzles to play in the properties, made once: a few of each change.
fn pool() -> &'static [Puzzle] {
    static POOL: OnceLock<Vec<Puzzle>> = OnceLock::new();
    POOL.get_or_init(|| {
        let mut pool = Vec::new();
        for (change, keep) in [
            (Change::Move(1), false),
            (Change::Move(1), true),
            (Change::Move(2), false),
            (Change::Remove(1), false),
            (Change::Add(1), false),
            (Change::Add(2), false),
        ] {
            let generator = Generator::new(change)
                .unwrap()
                .rules(Rules::default().keep_orientation(keep));
            pool.extend(generator.generate_batch(11, 4).into_puzzles());
        }
        pool
    })
}

/// A state reachable by a player: up to `moves` legal steps, each drawn
/// from every step of the puzzle's kind.
fn reach(puzzle: &Puzzle, picks: &[prop::sample::Index]) -> Game {
    let mut game = Game::new(puzzle.clone());
    let steps = all_steps(&game);
    for pick in picks {
        let legal: Vec<Step> = steps
            .iter()
            .copied()
            .filter(|s| !matches!(game.check(s), Check::Illegal(_)))
            .collect();
        if legal.is_empty() {
            break;
        }
        let step = legal[pick.index(legal.len())];
        assert!(!matches!(game.play(step), Check::Illegal(_)));
    }
    game
}

/// The cells of the fix, the target of every game.
fn fix_cells(puzzle: &Puzzle) -> Vec<Segments> {
    let style = puzzle.rules().glyph_style();
    puzzle
        .fix()
        .equation()
        .glyphs()
        .iter()
        .map(|&g| style.segments(g))
        .collect()
}

/// Whether the fix can be reached from `cells` by `left` fresh steps: sticks
/// of the puzzle not yet taken up, put down in slots of the puzzle still
/// empty (no stick moved twice), enumerated one by one.
fn can_finish(puzzle: &Puzzle, cells: &[Segments], left: usize) -> bool {
    let target = fix_cells(puzzle);
    if cells == target {
        return true;
    }
    if left == 0 {
        return false;
    }
    let style = puzzle.rules().glyph_style();
    let original: Vec<Segments> = puzzle
        .equation()
        .glyphs()
        .iter()
        .map(|&g| style.segments(g))
        .collect();
    let slots: Vec<Stick> = (0..cells.len())
        .flat_map(|position| {
            let kind = if puzzle.equation().glyphs()[position].is_digit() {
                Segments::from_bits_truncate(0x7f)
            } else {
                Segments::from_bits_truncate(0xf80)
            };
            kind.iter().map(move |segment| Stick { position, segment })
        })
        .collect();
    let has = |cells: &[Segments], s: Stick| cells[s.position].contains(s.segment);
    let takeable: Vec<Stick> = slots
        .iter()
        .copied()
        .filter(|&s| has(cells, s) && has(&original, s))
        .collect();
    let puttable: Vec<Stick> = slots
        .iter()
        .copied()
        .filter(|&s| !has(cells, s) && !has(&original, s))
        .collect();
    let keep = puzzle.rules().keeps_orientation();
    let mut next = cells.to_vec();
    match puzzle.change() {
        Change::Move(_) => takeable.iter().any(|&from| {
            puttable.iter().any(|&to| {
                if keep && from.segment.orientation() != to.segment.orientation() {
                    return false;
                }
                next.copy_from_slice(cells);
                next[from.position].remove(from.segment);
                next[to.position].insert(to.segment);
                can_finish(puzzle, &next, left - 1)
            })
        }),
        Change::Remove(_) => takeable.iter().any(|&s| {
            next.copy_from_slice(cells);
            next[s.position].remove(s.segment);
            can_finish(puzzle, &next, left - 1)
        }),
        Change::Add(_) => puttable.iter().any(|&s| {
            next.copy_from_slice(cells);
            next[s.position].insert(s.segment);
            can_finish(puzzle, &next, left - 1)
        }),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(debug_assertions) { 48 } else { 256 }))]

    /// A generated puzzle has the grade asked for, the change and rules it
    /// was made under, and one fix by the tests' own brute force.
    #[test]
    fn generated_puzzles_have_the_grade_and_one_fix(
        seed in any::<u64>(),
        grade in prop::sample::select(Grade::ALL.to_vec()),
        keep in any::<bool>(),
    ) {
        let rules = Rules::default().keep_orientation(keep);
        let generator = Generator::new(Change::Move(1)).unwrap().rules(rules).grade(grade);
        match generator.generate(seed) {
            Ok(puzzle) => {
                prop_assert_eq!(puzzle.grade(), grade);
                prop_assert_eq!(puzzle.rules(), rules);
                let again = Solver::new(Change::Move(1)).rules(rules).rate(puzzle.equation()).unwrap();
                prop_assert_eq!(again.difficulty(), Some(puzzle.difficulty()));
                let text = puzzle.to_string();
                let fixes = select(&brute_force_all(&text, 1, OracleStyle::default()), Kind::Move, 1, keep);
                prop_assert_eq!(fixes, BTreeSet::from([puzzle.fix().to_string()]));
            }
            // Single digits have no expert puzzle when orientation is kept.
            Err(GenerateError::GradeNotReached { grade: missed, .. }) => prop_assert_eq!(missed, grade),
            Err(other) => prop_assert!(false, "{other}"),
        }
    }

    /// An answer is solved or wrong-but-false exactly when the solver's
    /// neighbours (every equation the change makes) hold it, solved when
    /// it is true; an answer the change does not make is wrong or illegal.
    #[test]
    fn answers_are_judged_as_the_solver_says(
        which in any::<prop::sample::Index>(),
        digits in prop::collection::vec(0u8..10, 12),
        ops in prop::collection::vec(prop::sample::select(vec!['+', '-', '*', '/', '=']), 12),
        near in any::<prop::sample::Index>(),
    ) {
        let puzzle = &pool()[which.index(pool().len())];
        let solver = Solver::new(puzzle.change()).rules(puzzle.rules());
        let neighbours: Vec<_> = solver.neighbours(puzzle.equation()).unwrap().map(|f| f.equation().clone()).collect();
        // One of the neighbours, and an equation of the puzzle's shape.
        let close = neighbours[near.index(neighbours.len())].clone();
        let shaped: String = puzzle.equation().glyphs().iter().enumerate().map(|(i, g)| {
            if g.is_digit() { char::from(b'0' + digits[i % 12]) } else { ops[i % 12] }
        }).collect();
        for answer in [Some(close), puzzle.rules().parse(&shaped).ok()].into_iter().flatten() {
            let verdict = puzzle.check_answer(&answer);
            let made = neighbours.contains(&answer);
            match verdict {
                Check::Solved => {
                    prop_assert!(made && answer.is_true());
                    prop_assert_eq!(&answer, puzzle.fix().equation());
                }
                Check::Wrong(Mistake::False) => prop_assert!(made && !answer.is_true()),
                Check::Wrong(Mistake::TrueButNotTheChange) => prop_assert!(!made && answer.is_true()),
                Check::Wrong(Mistake::FalseAndNotTheChange) => prop_assert!(!made && !answer.is_true()),
                Check::Illegal(IllegalAnswer::Sticks { .. }) => prop_assert!(!made),
                other => prop_assert!(false, "{answer}: {other:?}"),
            }
        }
    }

    /// From a reachable state, a random step: illegal ones change nothing;
    /// a legal one is solved when it makes the fix, right when the fix can
    /// still be reached by fresh steps, wrong when it cannot.
    #[test]
    fn steps_are_judged_as_an_enumeration_says(
        which in any::<prop::sample::Index>(),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 0..3),
        pick in any::<prop::sample::Index>(),
    ) {
        let puzzle = &pool()[which.index(pool().len())];
        let mut game = reach(puzzle, &picks);
        let steps = all_steps(&game);
        let step = steps[pick.index(steps.len())];
        let before = game.clone();
        let checked = game.check(&step);
        let played = game.play(step);
        prop_assert_eq!(&checked, &played);
        let left = puzzle.change().sticks() - game.steps().len();
        match &played {
            Check::Illegal(_) => prop_assert_eq!(&game, &before),
            Check::Solved => {
                prop_assert_eq!(game.cells(), fix_cells(puzzle));
                prop_assert!(game.is_solved());
            }
            Check::Right => prop_assert!(can_finish(puzzle, &game.cells(), left)),
            Check::Wrong(_) => prop_assert!(!can_finish(puzzle, &game.cells(), left)),
            other => prop_assert!(false, "{other:?}"),
        }
        // The stick moved where the step says, when it was played.
        if !matches!(played, Check::Illegal(_)) {
            let mut expected = before.cells();
            match step {
                Step::Move(m) => {
                    expected[m.from.position].remove(m.from.segment);
                    expected[m.to.position].insert(m.to.segment);
                }
                Step::Remove(s) => expected[s.position].remove(s.segment),
                Step::Add(s) => expected[s.position].insert(s.segment),
            }
            prop_assert_eq!(game.cells(), expected);
        }
    }

    /// Hints followed from any reachable state solve the game.
    #[test]
    fn hints_finish_from_any_reachable_state(
        which in any::<prop::sample::Index>(),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 0..4),
    ) {
        let puzzle = &pool()[which.index(pool().len())];
        let mut game = reach(puzzle, &picks);
        follow_hints(&mut game);
        prop_assert!(game.is_solved());
        let now = game.equation();
        prop_assert_eq!(now.as_ref(), Some(puzzle.fix().equation()));
        prop_assert_eq!(game.hint().to_string(), "Solved: the equation is true.");
    }
}

#[cfg(feature = "serde")]
proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(debug_assertions) { 48 } else { 256 }))]

    /// A game in any reachable state, its puzzle (with and without the
    /// fix), its hint and a step's verdict round trip as JSON; the plain
    /// forms do not hold the fix.
    #[test]
    fn games_round_trip_as_json(
        which in any::<prop::sample::Index>(),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 0..4),
        pick in any::<prop::sample::Index>(),
    ) {
        let puzzle = &pool()[which.index(pool().len())];
        let game = reach(puzzle, &picks);
        let text = serde_json::to_string(&game).unwrap();
        let back: Game = serde_json::from_str(&text).unwrap();
        prop_assert_eq!(&back, &game);
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        prop_assert!(value["puzzle"].get("fix").is_none());
        let steps: Vec<String> = game.steps().iter().map(ToString::to_string).collect();
        prop_assert_eq!(&value["steps"], &serde_json::json!(steps));
        let both = serde_json::to_string(&puzzle.with_answer()).unwrap();
        prop_assert_eq!(&serde_json::from_str::<Puzzle>(&both).unwrap(), puzzle);
        let hint = game.hint();
        prop_assert_eq!(serde_json::from_str::<Hint>(&serde_json::to_string(&hint).unwrap()).unwrap(), hint);
        let steps = all_steps(&game);
        let verdict = game.check(&steps[pick.index(steps.len())]);
        let stored = serde_json::to_string(&verdict).unwrap();
        prop_assert_eq!(serde_json::from_str::<Check<WrongStep, IllegalStep>>(&stored).unwrap(), verdict);
    }
}

#[cfg(feature = "serde")]
#[test]
fn saved_games_read_as_the_family_writes_them() {
    let puzzle = &pool()[0];
    let mut game = Game::new(puzzle.clone());
    let Hint::Next { step } = game.hint() else {
        unreachable!()
    };
    game.play(step);
    let value = serde_json::to_value(&game).unwrap();
    assert_eq!(value["steps"], serde_json::json!([step.to_string()]));
    assert_eq!(value["puzzle"]["change"], serde_json::json!("move 1"));
    assert_eq!(
        serde_json::to_value(Hint::Solved).unwrap(),
        serde_json::json!("solved")
    );
    assert_eq!(
        serde_json::to_value(Hint::Next { step }).unwrap(),
        serde_json::json!({"next": {"step": step.to_string()}})
    );
    assert_eq!(
        serde_json::to_value(Mistake::TrueButNotTheChange).unwrap(),
        serde_json::json!("true_but_not_the_change")
    );
    // An undo names the step from 1.
    let undo = Hint::Undo {
        index: 0,
        step,
        take_back: step.reverse(),
    };
    let stored = serde_json::to_value(undo).unwrap();
    assert_eq!(stored["undo"]["index"], serde_json::json!(1));
    assert_eq!(
        serde_json::from_value::<Hint>(stored.clone()).unwrap(),
        undo
    );
    let mut zero = stored;
    zero["undo"]["index"] = serde_json::json!(0);
    assert!(serde_json::from_value::<Hint>(zero).is_err());
    // A step that cannot be played does not load.
    let mut bad = value.clone();
    bad["steps"] = serde_json::json!([step.to_string(), step.to_string()]);
    let err = serde_json::from_value::<Game>(bad).unwrap_err().to_string();
    assert!(err.contains("step 2"), "{err}");
}

#[cfg(feature = "serde")]
#[test]
fn a_puzzle_written_by_hand_is_played_in_its_notation() {
    let puzzle: Puzzle =
        serde_json::from_str(r#"{"equation": "5 + 7 = 2", "change": "move 1"}"#).unwrap();
    assert_eq!(puzzle.rules(), Rules::default());
    assert_eq!(puzzle.to_string(), "5 + 7 = 2");
    assert_eq!(puzzle.fix().to_string(), "9 - 7 = 2");
    let mut game = Game::new(puzzle);
    game.play("stem@2 -> lower-left@1".parse().unwrap());
    assert_eq!(game.to_string(), "6 - 7 = 2");
    follow_hints(&mut game);
    assert_eq!(game.to_string(), "9 - 7 = 2");
    // Half-way through two moves, a cell may be no glyph.
    let two: Puzzle =
        serde_json::from_str(r#"{"equation": "5 + 7 = 2", "change": "move 2"}"#).unwrap();
    let mut game = Game::new(two);
    let Hint::Next { step } = game.hint() else {
        unreachable!()
    };
    game.play(step);
    let shown = game.to_string();
    assert_eq!(shown.len(), game.puzzle().to_string().len(), "{shown}");
    assert!(game.equation().is_some() || shown.contains('?'), "{shown}");
}

#[cfg(feature = "serde")]
#[test]
fn answer_verdicts_are_sent_as_json() {
    let puzzle = Generator::new(Change::Move(1))
        .unwrap()
        .puzzles_for(&"9-7=2".parse().unwrap())
        .into_puzzles()
        .into_iter()
        .find(|p| p.to_string() == "5+7=2")
        .unwrap();
    let cases = [
        ("9-7=2", serde_json::json!("solved")),
        ("9+1=2", serde_json::json!({"wrong": "false"})),
        ("5+7=12", serde_json::json!({"illegal": "other_glyphs"})),
        (
            "5+7=8",
            serde_json::json!({"illegal": {"sticks": {"expected": 17, "found": 19}}}),
        ),
        // The place counts from 1, as the message says it.
        (
            "5+7=",
            serde_json::json!({"illegal": {"unparsable": {"kind": "expected_number", "position": 5}}}),
        ),
        (
            "5+?=2",
            serde_json::json!({"illegal": {"unparsable": {"kind": {"unexpected_char": "?"}, "position": 3}}}),
        ),
    ];
    for (answer, stored) in cases {
        let verdict = puzzle.check_answer_text(answer);
        let value = serde_json::to_value(&verdict).unwrap();
        assert_eq!(value, stored, "{answer}");
        let back: Check<Mistake, IllegalAnswer> = serde_json::from_value(value).unwrap();
        assert_eq!(back, verdict, "{answer}");
    }
    let zero = serde_json::json!({"unparsable": {"kind": "empty", "position": 0}});
    assert!(serde_json::from_value::<IllegalAnswer>(zero).is_err());
}
