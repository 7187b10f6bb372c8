//! Random small puzzles: the solver against brute force, the text format
//! round trip, and sound explanations (replayed against brute-force
//! propagation written here).

mod common;

use common::{Doms, Oracle, bits, indices};
use kongming_zebra_csp::{
    Category, Clue, House, Item, Outcome, Puzzle, Reason, SolveOptions, Solver, Step, Term,
};
use proptest::prelude::*;

/// A puzzle of `n` houses and `cats` categories with the clues drawn from
/// `raw` (invalid ones are skipped).
fn build(n: usize, cats: usize, raw: &[(u8, u16, u16, u16, u8)]) -> Puzzle {
    let categories: Vec<(String, Vec<String>)> = (0..cats)
        .map(|c| {
            let letter = char::from(b'a' + c as u8);
            (
                format!("cat{letter}"),
                (0..n).map(|v| format!("{letter}{v}")).collect(),
            )
        })
        .collect();
    let spec: Vec<(&str, &[String])> = categories
        .iter()
        .map(|(name, values)| (name.as_str(), values.as_slice()))
        .collect();
    let mut puzzle = Puzzle::new(&spec).unwrap();
    let term = |t: u16| {
        if t.is_multiple_of(5) {
            Term::House(House::from_index(usize::from(t / 5) % n).unwrap())
        } else {
            let category = Category::from_index(usize::from(t / 5) % cats).unwrap();
            Term::Value(Item::new(category, usize::from(t / 7) % n).unwrap())
        }
    };
    for &(kind, a, b, c, k) in raw {
        let (a, b, c) = (term(a), term(b), term(c));
        let clue = match kind % 11 {
            0 => Clue::Same(a, b),
            1 => Clue::NotSame(a, b),
            2 => Clue::LeftOf(a, b),
            3 => Clue::RightOf(a, b),
            4 => Clue::SomewhereLeftOf(a, b),
            5 => Clue::SomewhereRightOf(a, b),
            6 => Clue::NextTo(a, b),
            7 => Clue::NotNextTo(a, b),
            8 => Clue::Distance(a, usize::from(k) % n, b),
            9 => Clue::Between(a, b, c),
            _ => Clue::EitherOr(a, b, c),
        };
        let _ = puzzle.add_clue(clue);
    }
    puzzle
}

fn puzzles() -> impl Strategy<Value = Puzzle> {
    (2usize..=4, 1usize..=3)
        .prop_flat_map(|(n, cats)| {
            (
                Just(n),
                Just(cats),
                prop::collection::vec(
                    (
                        any::<u8>(),
                        any::<u16>(),
                        any::<u16>(),
                        any::<u16>(),
                        any::<u8>(),
                    ),
                    0..9,
                ),
            )
        })
        .prop_map(|(n, cats, raw)| build(n, cats, &raw))
}

fn domains_of(changes_state: &Doms, item: Item) -> u32 {
    changes_state[item.category().index()][item.index()]
}

/// The bit mask of a set of houses (by index).
fn mask(houses: &[House]) -> u32 {
    common::mask(&houses.iter().map(|h| h.index()).collect::<Vec<_>>())
}

/// Where the oracle keeps `item`.
fn at(item: Item) -> (usize, usize) {
    (item.category().index(), item.index())
}

/// Checks one step against brute-force propagation; applies it to `doms`.
fn check_step(oracle: &Oracle, step: &Step, doms: &mut Doms, solution: Option<&Vec<Vec<usize>>>) {
    let before = doms.clone();
    for change in &step.changes {
        assert_eq!(
            mask(&change.before),
            domains_of(doms, change.item),
            "the step starts from the current domain"
        );
        let after = mask(&change.after);
        assert_eq!(after & !mask(&change.before), 0, "a step only removes");
        let (c, v) = at(change.item);
        doms[c][v] = after;
    }
    match step.reason {
        Reason::Clue(i) => {
            let support = oracle.clue_support(i, &before);
            for change in &step.changes {
                for (k, op) in oracle.clues[i].ops.iter().enumerate() {
                    let (c, v) = at(change.item);
                    if *op == common::Op::Item(c, v) {
                        let removed = mask(&change.before) & !mask(&change.after);
                        assert_eq!(
                            removed & support[k],
                            0,
                            "clue {i} removed a supported value"
                        );
                    }
                }
            }
        }
        Reason::Category(category) => {
            let support = oracle.category_support(category.index(), &before);
            for change in &step.changes {
                assert_eq!(change.item.category(), category);
                let removed = mask(&change.before) & !mask(&change.after);
                assert_eq!(removed & support[change.item.index()], 0);
            }
        }
        Reason::Refuted { item, house } => {
            // Supposing item in house fails under brute-force propagation.
            let (c, v) = at(item);
            let house = house.index();
            let mut trial = before.clone();
            trial[c][v] = 1 << house;
            assert!(!oracle.propagate(&mut trial), "refutation not confirmed");
            // And the recorded chain is itself sound.
            let mut chain = before.clone();
            chain[c][v] = 1 << house;
            for s in &step.refutation {
                check_step(oracle, s, &mut chain, None);
            }
            assert_eq!(step.changes[0].item, item);
            assert_eq!(
                mask(&step.changes[0].before) & !mask(&step.changes[0].after),
                1 << house
            );
        }
        Reason::CaseSplit { item, house } => {
            assert_eq!(mask(&step.changes[0].after), 1 << house.index());
            if let Some(solution) = solution {
                let (c, v) = at(item);
                assert_eq!(solution[c][v], house.index());
            }
        }
        _ => panic!("unknown reason"),
    }
}

/// Replays an explanation from full domains, checking every step.
fn replay(puzzle: &Puzzle, options: &SolveOptions) {
    let oracle = Oracle::new(&puzzle.to_string());
    let explanation = puzzle.explain_with(options);
    let solution = explanation.solution().map(|s| indices(s.houses()));
    let mut doms = oracle.full();
    for step in explanation.steps() {
        check_step(&oracle, step, &mut doms, solution.as_ref());
    }
    match solution {
        Some(houses) => {
            assert!(oracle.holds_at(&houses));
            let replayed: Vec<Vec<usize>> = doms
                .iter()
                .map(|row| row.iter().map(|&d| bits(d)[0]).collect())
                .collect();
            assert_eq!(replayed, houses, "replaying the steps reaches the solution");
        }
        None => assert_eq!(oracle.count_brute(1), 0),
    }
}

#[test]
fn explanations_of_the_classics_replay_soundly() {
    for puzzle in [kongming_zebra_csp::einstein(), kongming_zebra_csp::life()] {
        for sac in [false, true] {
            replay(&puzzle, &SolveOptions::new().singleton_consistency(sac));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn counts_match_brute_force(puzzle in puzzles()) {
        let oracle = Oracle::new(&puzzle.to_string());
        let expected = oracle.count_brute(u64::MAX);
        for sac in [false, true] {
            let options = SolveOptions::new().singleton_consistency(sac);
            let mut solver = Solver::with_options(&puzzle, options);
            let mut found = Vec::new();
            let mut solutions = solver.solutions();
            for s in solutions.by_ref() {
                prop_assert!(oracle.holds(s.houses()));
                prop_assert!(s.satisfies(&puzzle));
                found.push(s);
            }
            prop_assert_eq!(solutions.outcome(), Some(Outcome::Complete));
            prop_assert_eq!(found.len() as u64, expected);
            // Counting, without building the solutions, agrees.
            let count = Solver::with_options(&puzzle, options).count();
            prop_assert_eq!(count.exact(), Some(expected));
            found.sort_by(|a, b| a.houses().cmp(b.houses()));
            found.dedup();
            prop_assert_eq!(found.len() as u64, expected, "no solution twice");
        }
    }

    #[test]
    fn text_round_trips(puzzle in puzzles()) {
        let text = puzzle.to_string();
        let back: Puzzle = text.parse().unwrap();
        prop_assert_eq!(&back, &puzzle);
        prop_assert_eq!(back.to_string(), text);
    }

    #[test]
    fn explanations_replay_soundly(puzzle in puzzles(), sac in any::<bool>()) {
        replay(&puzzle, &SolveOptions::new().singleton_consistency(sac));
    }

    #[test]
    fn parser_never_panics(text in "[a-z0-9:#=! \n-]{0,200}") {
        let _ = text.parse::<Puzzle>();
    }
}
