//! Grades against the tests' own count: the candidates of a one-stick
//! change come from the stick-by-stick enumeration, each sorted by the
//! kind of move read from the glyphs it changes, and the effort counted
//! again from them. Levels never decrease as the effort grows.

mod common;

use common::{
    Kind, OracleStyle, ascii, one_stick, oracle_true, oracle_well_formed, short_equation,
};
use kongming_sevenseg::{
    Budget, Change, Difficulty, Equation, Generator, Grade, Rating, Rules, Solver, StopReason,
};
use proptest::prelude::*;

/// When a player is assumed to try a candidate: 0 sticks between
/// digits, 1 through an operator, 2 inside one glyph — read from the
/// glyphs a one-stick change alters.
fn oracle_rank(before: &str, after: &str) -> u8 {
    let changed: Vec<char> = before
        .chars()
        .zip(after.chars())
        .filter(|(a, b)| a != b)
        .map(|(a, _)| a)
        .collect();
    if changed.iter().any(|c| !c.is_ascii_digit()) {
        1
    } else if changed.len() == 1 {
        2
    } else {
        0
    }
}

/// The oracle's (effort, near misses, fixes) for `text` under a
/// one-stick change, `None` without a fix.
fn oracle_measures(text: &str, kind: Kind, keep: bool) -> Option<(usize, usize, usize)> {
    let text = ascii(text);
    let mut misses = [0usize; 3];
    let mut fixes = 0;
    let mut easiest = u8::MAX;
    for candidate in one_stick::neighbours(&text, kind, keep, OracleStyle::default()) {
        if candidate == text || !oracle_well_formed(&candidate, false) {
            continue;
        }
        let rank = oracle_rank(&text, &candidate);
        if oracle_true(&candidate) {
            fixes += 1;
            easiest = easiest.min(rank);
        } else {
            misses[usize::from(rank)] += 1;
        }
    }
    (fixes > 0).then(|| {
        let effort = misses[..=usize::from(easiest)].iter().sum();
        (effort, misses.iter().sum(), fixes)
    })
}

fn measures(d: &Difficulty) -> (usize, usize, usize) {
    (d.effort(), d.near_misses(), d.fixes())
}

fn kind_of(change: Change) -> Kind {
    match change {
        Change::Move(_) => Kind::Move,
        Change::Remove(_) => Kind::Remove,
        Change::Add(_) => Kind::Add,
    }
}

/// Every one-stick puzzle's grade is the oracle's count.
#[test]
fn generated_grades_count_the_near_misses() {
    for (change, keep) in [
        (Change::Move(1), false),
        (Change::Move(1), true),
        (Change::Remove(1), false),
        (Change::Add(1), false),
    ] {
        let generator = Generator::new(change)
            .unwrap()
            .rules(Rules::default().keep_orientation(keep));
        let puzzles = generator.all().into_puzzles();
        assert!(!puzzles.is_empty());
        for p in &puzzles {
            let text = p.to_string();
            let want = oracle_measures(&text, kind_of(change), keep);
            assert_eq!(Some(measures(&p.difficulty())), want, "{text} {change}");
            assert_eq!(p.difficulty().kind(), p.move_kind(), "{text}");
        }
    }
}

/// The classic instance: two fixes, 8-4=4 (through an operator) found
/// before 0+4=4 (inside a glyph).
#[test]
fn the_classic_instance_is_graded() {
    let eq: Equation = "6+4=4".parse().unwrap();
    let grade = Solver::new(Change::Move(1)).rate(&eq).unwrap();
    let d = grade.difficulty().unwrap();
    assert_eq!(
        Some(measures(&d)),
        oracle_measures("6+4=4", Kind::Move, false)
    );
    assert_eq!(d.fixes(), 2);
    assert!(d.kind().through_operator);
    assert_eq!(d.grade(), Grade::Easy);
    assert!(grade.to_string().starts_with("easy (effort "), "{grade}");
    assert_eq!(
        Solver::new(Change::Move(1))
            .rate(&"1=7".parse().unwrap())
            .unwrap(),
        Rating::NoFix
    );
}

/// The levels rise with the effort, across generators, and the
/// difficulties sort by effort.
#[test]
fn levels_are_monotone_in_effort() {
    for e in 0..1000 {
        assert!(
            Difficulty::grade_of_effort(e) <= Difficulty::grade_of_effort(e + 1),
            "{e}"
        );
        assert!(
            Difficulty::efforts(Difficulty::grade_of_effort(e)).contains(&e),
            "{e}"
        );
    }
    let bands: Vec<_> = Grade::ALL.iter().map(|&g| Difficulty::efforts(g)).collect();
    assert_eq!(*bands[0].start(), 0);
    for pair in bands.windows(2) {
        assert_eq!(*pair[0].end() + 1, *pair[1].start());
    }
    assert_eq!(*bands.last().unwrap().end(), usize::MAX);
    let mut all = Vec::new();
    for change in [Change::Move(1), Change::Remove(1), Change::Add(1)] {
        let generator = Generator::new(change).unwrap().max_result(18);
        all.extend(
            generator
                .all()
                .into_puzzles()
                .iter()
                .map(|p| p.difficulty()),
        );
    }
    all.extend(
        Generator::new(Change::Move(2))
            .unwrap()
            .generate_batch(3, 40)
            .puzzles()
            .iter()
            .map(|p| p.difficulty()),
    );
    all.sort_by_key(Difficulty::effort);
    for pair in all.windows(2) {
        assert!(
            pair[0].grade() <= pair[1].grade(),
            "{} then {}",
            pair[0],
            pair[1]
        );
        if pair[0].effort() < pair[1].effort() {
            assert!(pair[0] < pair[1], "{} then {}", pair[0], pair[1]);
        }
    }
    // The sample spans the levels.
    for level in Grade::ALL {
        assert!(all.iter().any(|d| d.grade() == level), "no {level} puzzle");
    }
}

/// A level filter keeps exactly the puzzles of that level, in order.
#[test]
fn a_generator_keeps_the_level_asked_for() {
    let generator = Generator::new(Change::Move(1)).unwrap().max_result(18);
    let all = generator.all().into_puzzles();
    for level in Grade::ALL {
        let kept = generator.clone().grade(level).all().into_puzzles();
        let want: Vec<_> = all.iter().filter(|p| p.grade() == level).cloned().collect();
        assert_eq!(kept, want, "{level}");
        let drawn = generator.clone().grade(level).generate_batch(8, 5);
        assert!(drawn.puzzles().iter().all(|p| p.grade() == level));
        assert_eq!(drawn.puzzles().len(), want.len().min(5), "{level}");
    }
}

/// Grading within a budget: stopped, never a wrong grade.
#[test]
fn grading_stops_with_its_budget() {
    let eq: Equation = "12+34=56-78".parse().unwrap();
    let full = Solver::new(Change::Move(3)).rate(&eq).unwrap();
    assert!(full.difficulty().is_some());
    for limit in [0, 10, 1000] {
        let solver =
            Solver::new(Change::Move(3)).budget(Budget::unlimited().with_node_limit(limit));
        assert_eq!(
            solver.rate(&eq).unwrap(),
            Rating::Stopped(StopReason::NodeLimit)
        );
    }
    let roomy = Solver::new(Change::Move(3)).budget(Budget::unlimited().with_node_limit(1 << 30));
    assert_eq!(roomy.rate(&eq).unwrap(), full);
    assert!(Solver::new(Change::Move(0)).rate(&eq).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn grades_of_random_equations_count_the_near_misses(
        text in short_equation(),
        kind in prop::sample::select(vec![Kind::Move, Kind::Remove, Kind::Add]),
        keep in any::<bool>(),
    ) {
        let Ok(eq) = text.parse::<Equation>() else { return Ok(()) };
        let change = match kind {
            Kind::Move => Change::Move(1),
            Kind::Remove => Change::Remove(1),
            Kind::Add => Change::Add(1),
        };
        let grade = Solver::new(change)
            .rules(Rules::default().keep_orientation(keep))
            .rate(&eq)
            .unwrap();
        let want = oracle_measures(&text, kind, keep);
        prop_assert_eq!(grade.difficulty().map(|d| measures(&d)), want, "{}", text);
        prop_assert_eq!(grade == Rating::NoFix, want.is_none());
    }
}

/// The level counts the docs give for the single-digit puzzles.
#[test]
fn the_documented_level_counts() {
    let count = |change: Change| {
        let mut counts = [0usize; 4];
        for p in Generator::new(change).unwrap().all().puzzles() {
            let level = p.grade();
            counts[Grade::ALL.iter().position(|l| *l == level).unwrap()] += 1;
        }
        counts
    };
    assert_eq!(count(Change::Move(1)), [212, 210, 108, 1]);
    let (remove, add) = (count(Change::Remove(1)), count(Change::Add(1)));
    assert_eq!(remove[0] + add[0], 458 - 34);
    assert_eq!(
        remove.iter().sum::<usize>() + add.iter().sum::<usize>(),
        458
    );
}
