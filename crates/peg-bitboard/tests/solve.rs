//! Solving: published facts about the English, triangular and European
//! boards, every solution replayed by the independent text oracle.

mod oracle;

use std::collections::HashMap;
use std::collections::hash_map::Entry;

use kongming_peg_bitboard::{
    Board, Census, CensusError, Goal, Pagoda, Position, Proof, Solution, Solver, Verdict,
};
use kongming_search::control::{Budget, StopReason};

/// Replays a solution with the oracle and returns the final layout.
fn check(solution: &Solution) -> String {
    let board = solution.start().board();
    let names: Vec<String> = solution
        .jumps()
        .iter()
        .map(|&j| board.jump_name(j))
        .collect();
    let end = oracle::replay(&solution.start().to_string(), &names)
        .expect("the oracle accepts every jump");
    assert_eq!(end, solution.end().to_string());
    // And through the notation, chains included.
    let reread = board.parse_jumps(&solution.notation()).unwrap();
    assert_eq!(reread, solution.jumps());
    end
}

fn one_peg_at(board: &Board, name: &str) -> String {
    board
        .position(board.cell(name).unwrap().bit())
        .unwrap()
        .to_string()
}

#[test]
fn english_centre_start_solved_to_the_centre() {
    let board = Board::english();
    let centre = board.cell("d4").unwrap();
    let start = board.start(centre).unwrap();
    let verdict = Solver::new(&start)
        .goal(Goal::OnePegAt(centre))
        .solve()
        .unwrap();
    let solution = verdict.solution().expect("solvable");
    assert_eq!(solution.jumps().len(), 31);
    assert_eq!(check(solution), one_peg_at(&board, "d4"));
    let verdict = Solver::new(&start).goal(Goal::OnePeg).solve().unwrap();
    assert_eq!(check(verdict.solution().unwrap()).matches('o').count(), 1);
}

#[test]
fn english_centre_start_ends_only_at_the_centre_or_four_holes() {
    let board = Board::english();
    let start = board.start(board.cell("d4").unwrap()).unwrap();
    let possible = ["d1", "a4", "d4", "g4", "d7"];
    for cell in board.cells() {
        let name = board.name(cell);
        let mut solver = Solver::new(&start).goal(Goal::OnePegAt(cell));
        let verdict = solver.solve().unwrap();
        if possible.contains(&name.as_str()) {
            let solution = verdict
                .solution()
                .unwrap_or_else(|| panic!("{name}: {verdict:?}"));
            assert_eq!(check(solution), one_peg_at(&board, &name));
        } else {
            assert_eq!(verdict, Verdict::Impossible(Proof::Class), "{name}");
            assert_eq!(solver.stats().nodes, 0, "{name}: proved without search");
        }
    }
}

#[test]
fn european_centre_start_is_impossible_by_class() {
    let board = Board::european();
    let start = board.start(board.cell("d4").unwrap()).unwrap();
    let mut solver = Solver::new(&start);
    assert_eq!(solver.solve().unwrap(), Verdict::Impossible(Proof::Class));
    assert_eq!(solver.stats().nodes, 0);
    assert_eq!(board.single_peg_finishes(start.pegs()).count(), 0);
    // Any end hole, too.
    for cell in board.cells() {
        let verdict = Solver::new(&start)
            .goal(Goal::OnePegAt(cell))
            .solve()
            .unwrap();
        assert_eq!(verdict, Verdict::Impossible(Proof::Class));
    }
}

#[test]
fn triangle_every_single_vacancy_start_is_solvable() {
    let board = Board::triangular(5).unwrap();
    for cell in board.cells() {
        let start = board.start(cell).unwrap();
        let verdict = Solver::new(&start).solve().unwrap();
        let solution = verdict
            .solution()
            .unwrap_or_else(|| panic!("{}", board.name(cell)));
        assert_eq!(check(solution).matches('o').count(), 1);
    }
}

#[test]
fn fewest_pegs_matches_brute_force() {
    let layouts = [
        "o o . o o",
        "o o o . o o o",
        "o o o\no . o\no o o",
        "  o\n o o\no . o\n o o",
        "o o o o\no o . o\no o o o",
        "   .\n  o o\n o o o\no o o o",
    ];
    for layout in layouts {
        let start: Position = layout.parse().unwrap();
        let expected = oracle::Text::read(&start.to_string()).fewest_pegs();
        let verdict = Solver::new(&start).goal(Goal::FewestPegs).solve().unwrap();
        let solution = verdict.solution().expect("the start itself qualifies");
        assert_eq!(check(solution).matches('o').count(), expected, "{layout}");
    }
}

#[test]
fn exact_patterns_and_impossible_goals() {
    let board = Board::english();
    let start = board.start(board.cell("d4").unwrap()).unwrap();
    // Pattern: reach a position known to be reachable.
    let target = start
        .replay(&board.parse_jumps("d2-d4 f3-d3 e1-e3 e4-e2").unwrap())
        .unwrap();
    let verdict = Solver::new(&start)
        .goal(Goal::Pattern(target.pegs()))
        .solve()
        .unwrap();
    assert_eq!(check(verdict.solution().unwrap()), target.to_string());
    // More pegs than the start.
    let verdict = Solver::new(&target)
        .goal(Goal::Pattern(start.pegs()))
        .solve()
        .unwrap();
    assert_eq!(verdict, Verdict::Impossible(Proof::PegCount));
    // Off the board.
    assert!(
        Solver::new(&start)
            .goal(Goal::Pattern(1 << 40))
            .solve()
            .is_err()
    );
    // No pegs at all.
    let empty = board.position(0).unwrap();
    assert_eq!(
        Solver::new(&empty).solve().unwrap(),
        Verdict::Impossible(Proof::PegCount)
    );
    // A search that proves a goal impossible by exhausting it.
    let start: Position = "o o . o o o".parse().unwrap();
    let verdict = Solver::new(&start).solve().unwrap();
    assert_eq!(verdict, Verdict::Impossible(Proof::Exhausted));
    assert_eq!(oracle::Text::read(&start.to_string()).fewest_pegs(), 2);
}

#[test]
fn pagoda_functions_prove_and_prune() {
    let start: Position = "o o . . . .".parse().unwrap();
    let board = start.board();
    let fibonacci = Pagoda::new(board, &[0, 1, 1, 2, 3, 5]).unwrap();
    let goal = Goal::OnePegAt(board.cell("f1").unwrap());
    let mut solver = Solver::new(&start).goal(goal).pagoda(fibonacci);
    assert_eq!(solver.solve().unwrap(), Verdict::Impossible(Proof::Pagoda));
    assert_eq!(solver.stats().nodes, 0);
    // Without the pagoda function the search finds out.
    let verdict = Solver::new(&start).goal(goal).solve().unwrap();
    assert!(matches!(verdict, Verdict::Impossible(_)));
    // A pagoda function for another board is refused.
    let other = Pagoda::new(&"o o o".parse::<Board>().unwrap(), &[1, 1, 1]).unwrap();
    assert!(Solver::new(&start).pagoda(other).solve().is_err());
    // Grown pagoda functions are pagoda functions (checked by `new`), on
    // every built-in board and seed.
    for board in [
        Board::english(),
        Board::european(),
        Board::triangular(5).unwrap(),
    ] {
        for cell in board.cells() {
            let grown = Pagoda::grown(&board, cell.bit());
            assert!(Pagoda::new(&board, grown.weights()).is_ok());
            assert!(grown.value(cell.bit()) == 1);
        }
    }
}

#[test]
fn budgets_stop_cleanly() {
    let board = Board::english();
    let start = board.start(board.cell("d4").unwrap()).unwrap();
    // Fewer nodes than the 31 jumps of any solution: no search can finish.
    let budget = Budget::unlimited().with_node_limit(20);
    for goal in [
        Goal::OnePeg,
        Goal::OnePegAt(board.cell("d1").unwrap()),
        Goal::FewestPegs,
    ] {
        let mut solver = Solver::new(&start).goal(goal).budget(budget.clone());
        assert_eq!(
            solver.solve().unwrap(),
            Verdict::Stopped(StopReason::NodeLimit),
            "{goal:?}"
        );
        assert!(solver.stats().nodes <= 20, "{goal:?}");
    }
}

/// The fewest moves by brute force: breadth-first over positions, one
/// move being a chain of jumps by one peg, on the oracle's positions.
fn fewest_moves_oracle(start: &str) -> usize {
    fewest_moves_to_every_position(start)
        .into_iter()
        .filter(|(end, _)| oracle::Text::read(end).pegs() == 1)
        .map(|(_, moves)| moves)
        .min()
        .expect("solvable")
}

/// The fewest moves from `start` to every position reachable from it, by
/// their text, breadth-first as above.
fn fewest_moves_to_every_position(start: &str) -> HashMap<String, usize> {
    let mut seen = HashMap::from([(start.to_string(), 0)]);
    let mut frontier = vec![oracle::Text::read(start)];
    let mut moves = 0;
    while !frontier.is_empty() {
        moves += 1;
        let mut next = Vec::new();
        for t in &frontier {
            // Chains: a stack of (position, hole of the moving peg).
            let mut stack: Vec<(oracle::Text, (i64, i64))> =
                t.jumps().into_iter().map(|j| (apply(t, j), j[2])).collect();
            while let Some((p, at)) = stack.pop() {
                if let Entry::Vacant(slot) = seen.entry(p.write()) {
                    slot.insert(moves);
                    next.push(p.clone());
                }
                for j in p.jumps().into_iter().filter(|j| j[0] == at) {
                    stack.push((apply(&p, j), j[2]));
                }
            }
        }
        frontier = next;
    }
    seen
}

fn apply(t: &oracle::Text, j: [(i64, i64); 3]) -> oracle::Text {
    let mut n = t.clone();
    n.holes.insert(j[0], false);
    n.holes.insert(j[1], false);
    n.holes.insert(j[2], true);
    n
}

#[test]
fn fewest_moves_on_small_boards_match_brute_force() {
    let board = Board::triangular(5).unwrap();
    for name in ["c1", "b2", "b3", "c3"] {
        let start = board.start(board.cell(name).unwrap()).unwrap();
        let verdict = Solver::new(&start)
            .budget(Budget::unlimited().with_node_limit(1 << 16))
            .fewest_moves()
            .unwrap();
        let solution = verdict.solution().expect("solvable");
        check(solution);
        assert_eq!(solution.end().peg_count(), 1);
        assert_eq!(
            solution.move_count(),
            fewest_moves_oracle(&start.to_string()),
            "{name}"
        );
    }
    let start: Position = "o o . o o o\n. o o . o .".parse().unwrap();
    match Solver::new(&start)
        .budget(Budget::unlimited().with_node_limit(1 << 12))
        .fewest_moves()
        .unwrap()
    {
        Verdict::Solved(solution) => {
            check(&solution);
            assert_eq!(
                solution.move_count(),
                fewest_moves_oracle(&start.to_string())
            );
        }
        other => assert!(matches!(other, Verdict::Impossible(_)), "{other:?}"),
    }
    // A bound on positions stops the search.
    let english = Board::english();
    let start = english.start(english.cell("d4").unwrap()).unwrap();
    assert_eq!(
        Solver::new(&start)
            .budget(Budget::unlimited().with_node_limit(1000))
            .fewest_moves()
            .unwrap(),
        Verdict::Stopped(StopReason::NodeLimit)
    );
}

#[test]
fn census_fewest_moves_match_brute_force() {
    // Against the oracle's fewest moves to every position: every start
    // and end of one peg on the 15-hole triangle, many ends of a 12-hole
    // game, and every start and end of one peg on the 3x4 rectangle.
    let triangle = Board::triangular(5).unwrap();
    let mut games: Vec<(Position, Vec<Position>)> = triangle
        .cells()
        .map(|empty| {
            let ends = triangle
                .cells()
                .map(|last| triangle.position(last.bit()).unwrap());
            (triangle.start(empty).unwrap(), ends.collect())
        })
        .collect();
    // Every position of at most three pegs, every position reachable, and
    // the start's complement (a game of even depth that is its own
    // backward search, and has no solution).
    let start: Position = "o o . o o o\n. o o . o .".parse().unwrap();
    let board = start.board().clone();
    let reachable = fewest_moves_to_every_position(&start.to_string());
    let mut ends: Vec<Position> = (1..1u64 << board.len())
        .map(|pegs| board.position(pegs).unwrap())
        .filter(|end| end.peg_count() <= 3 || reachable.contains_key(&end.to_string()))
        .collect();
    ends.push(board.position(board.holes() & !start.pegs()).unwrap());
    games.push((start, ends));
    // The 3x4 rectangle from every hole to one peg: games of even depth,
    // those ending in the starting hole their own backward search (eight
    // of those are solved).
    let rectangle: Board = "o o o o\no o o o\no o o o".parse().unwrap();
    for empty in rectangle.cells() {
        let ends = rectangle
            .cells()
            .map(|last| rectangle.position(last.bit()).unwrap());
        games.push((rectangle.start(empty).unwrap(), ends.collect()));
    }
    let (mut solved, mut unsolved, mut own_backward_solved) = (0, 0, 0);
    for (start, ends) in games {
        let fewest = fewest_moves_to_every_position(&start.to_string());
        for end in ends {
            let game = Census::new(&start)
                .with_target(&end)
                .unwrap()
                .fewest_moves()
                .unwrap();
            let expected = fewest.get(&end.to_string());
            match game {
                Verdict::Solved(game) => {
                    assert_eq!(check(&game), end.to_string());
                    assert_eq!(Some(&game.move_count()), expected, "{start}\nto\n{end}");
                    solved += 1;
                    let board = start.board();
                    let complement = board.position(board.holes() & !start.pegs()).unwrap();
                    own_backward_solved += usize::from(end == complement);
                }
                Verdict::Impossible(_) => {
                    assert_eq!(expected, None, "{start}\nto\n{end}");
                    unsolved += 1;
                }
                other => panic!("{other:?}"),
            }
        }
    }
    assert!(solved > 50 && unsolved > 100, "{solved} {unsolved}");
    // 12 on the triangle (odd depth), 8 on the rectangle (even depth).
    assert_eq!(own_backward_solved, 20);
    // No move to stay put; none to add pegs.
    let start = triangle.start(triangle.cell("c3").unwrap()).unwrap();
    let mut census = Census::new(&start).with_target(&start).unwrap();
    let game = census.fewest_moves().unwrap();
    let game = game.solution().expect("already there");
    assert_eq!((game.jumps().len(), game.move_count()), (0, 0));
    let full = triangle.position(triangle.holes()).unwrap();
    let mut census = Census::new(&start).with_target(&full).unwrap();
    assert_eq!(
        census.fewest_moves().unwrap(),
        Verdict::Impossible(Proof::PegCount)
    );
    assert_eq!(
        Census::new(&start).fewest_moves().unwrap_err(),
        CensusError::NoTarget
    );
}

#[test]
fn solutions_render_as_boards() {
    let board = Board::triangular(4).unwrap();
    let start = board.start(board.cell("b1").unwrap()).unwrap();
    let verdict = Solver::new(&start).goal(Goal::FewestPegs).solve().unwrap();
    let solution = verdict.solution().unwrap();
    let text = solution.render();
    assert!(text.starts_with("start\n"));
    assert_eq!(text.matches("\n\n").count(), solution.jumps().len());
    assert_eq!(solution.positions().len(), solution.jumps().len() + 1);
}

/// The layouts with one peg reachable from `start`, by brute force on the
/// oracle's positions.
fn single_peg_ends_oracle(start: &str) -> std::collections::BTreeSet<String> {
    use std::collections::BTreeSet;
    let mut seen = BTreeSet::new();
    let mut ends = BTreeSet::new();
    let mut stack = vec![oracle::Text::read(start)];
    while let Some(t) = stack.pop() {
        if !seen.insert(t.write()) {
            continue;
        }
        if t.pegs() == 1 {
            ends.insert(t.write());
        }
        for j in t.jumps() {
            stack.push(apply(&t, j));
        }
    }
    ends
}

#[test]
fn triangle_every_start_and_end_hole_agrees_with_brute_force() {
    // Solved or impossible as brute force says, for each pair of holes:
    // the searches in turn (orders, both directions) and the impossible
    // goals that only an exhausted search proves.
    let board = Board::triangular(5).unwrap();
    for empty in board.cells() {
        let start = board.start(empty).unwrap();
        let ends = single_peg_ends_oracle(&start.to_string());
        for cell in board.cells() {
            let verdict = Solver::new(&start)
                .goal(Goal::OnePegAt(cell))
                .solve()
                .unwrap();
            let end = one_peg_at(&board, &board.name(cell));
            match verdict {
                Verdict::Solved(solution) => assert_eq!(check(&solution), end),
                Verdict::Impossible(_) => assert!(!ends.contains(&end), "{end}"),
                other => panic!("{other:?}"),
            }
        }
    }
}

#[test]
fn large_boards_central_games_are_solved() {
    // The Wiegleb board's centre game took the depth-first orders more
    // than 20 million nodes; the beam search between their rotations
    // solves it in under 200,000.
    let board = Board::wiegleb();
    let centre = board.centre().unwrap();
    let budget = Budget::unlimited().with_node_limit(2_000_000);
    let mut solver = Solver::new(&board.start(centre).unwrap())
        .goal(Goal::OnePegAt(centre))
        .budget(budget);
    let verdict = solver.solve().unwrap();
    let solution = verdict.solution().expect("solved within the budget");
    assert_eq!(solution.jumps().len(), 43);
    assert_eq!(check(solution), one_peg_at(&board, &board.name(centre)));
    assert!(solver.stats().nodes <= 2_000_000);
}

#[test]
fn english_every_single_vacancy_start_reaches_every_hole_its_class_allows() {
    // Each goal within half a million nodes (a4 to a4 took the
    // depth-first orders 1.75 million before the beam search, 23,000
    // with it).
    let board = Board::english();
    for empty in board.cells() {
        let start = board.start(empty).unwrap();
        for end in board.single_peg_finishes(start.pegs()) {
            let verdict = Solver::new(&start)
                .goal(Goal::OnePegAt(end))
                .budget(Budget::unlimited().with_node_limit(500_000))
                .solve()
                .unwrap();
            let name = board.name(end);
            let solution = verdict
                .solution()
                .unwrap_or_else(|| panic!("{} to {name}: {verdict:?}", board.name(empty)));
            assert_eq!(check(solution), one_peg_at(&board, &name));
        }
    }
}

#[test]
fn fewest_moves_to_the_fewest_pegs_is_answered() {
    // Issue 17, point 14: this was refused with GoalOffBoard ("the goal
    // is not on the board"). On the English board a thousand positions
    // do not settle it.
    let english = Board::english();
    let start = english.start(english.cell("d4").unwrap()).unwrap();
    assert_eq!(
        Solver::new(&start)
            .goal(Goal::FewestPegs)
            .budget(Budget::unlimited().with_node_limit(1000))
            .fewest_moves(),
        Ok(Verdict::Stopped(StopReason::NodeLimit))
    );
    // On the triangle: one peg, in the fewest moves to any one peg.
    let triangle = Board::triangular(5).unwrap();
    let start = triangle.start(triangle.cell("c1").unwrap()).unwrap();
    let verdict = Solver::new(&start)
        .goal(Goal::FewestPegs)
        .budget(Budget::unlimited().with_node_limit(1 << 16))
        .fewest_moves()
        .unwrap();
    let solution = verdict.solution().expect("the triangle is solvable");
    check(solution);
    assert_eq!(solution.end().peg_count(), 1);
    assert_eq!(
        solution.move_count(),
        fewest_moves_oracle(&start.to_string())
    );
}

/// Small boards for the fewest-moves property: at most 12 holes.
fn small_board(index: usize) -> Board {
    let layouts = [
        "o o o o\no o o o\no o o o",
        "o o o o o o",
        "  o o\no o o o\no o o o\n  o o",
        "o o o o o\no o o o o",
        "   o\n  o o\n o o o\no o o o",
    ];
    layouts[index % layouts.len()].parse().unwrap()
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 48, .. proptest::prelude::ProptestConfig::default() })]

    /// Every goal `solve` takes, `fewest_moves` takes too (the fewest pegs
    /// included), and its game matches brute force: the fewest moves to
    /// the goal, or to the fewest pegs any game leaves.
    #[test]
    fn fewest_moves_to_every_goal_match_brute_force(
        board in 0usize..5,
        pegs in proptest::prelude::any::<u64>(),
        pick in proptest::prelude::any::<proptest::sample::Index>(),
        hole in proptest::prelude::any::<proptest::sample::Index>(),
    ) {
        let board = small_board(board);
        let start = board.position(pegs & board.holes()).unwrap();
        let reach = fewest_moves_to_every_position(&start.to_string());
        let pegs_of = |text: &str| oracle::Text::read(text).pegs();
        let fewest = |ends: &mut dyn Iterator<Item = (&String, &usize)>| ends.map(|(_, &m)| m).min();

        let least = reach.keys().map(|end| pegs_of(end)).min().unwrap();
        let verdict = Solver::new(&start).goal(Goal::FewestPegs).budget(Budget::unlimited().with_node_limit(1 << 16)).fewest_moves().unwrap();
        let solution = verdict.solution().expect("the fewest pegs are always reached");
        check(solution);
        proptest::prop_assert_eq!(solution.end().peg_count() as usize, least);
        let best = fewest(&mut reach.iter().filter(|(end, _)| pegs_of(end) == least));
        proptest::prop_assert_eq!(Some(solution.move_count()), best);

        let cell = *hole.get(&board.cells().collect::<Vec<_>>());
        let single = board.position(cell.bit()).unwrap().to_string();
        let ends: Vec<String> = reach.keys().cloned().collect();
        let mut sorted = ends.clone();
        sorted.sort();
        let pattern = board.position(0).unwrap();
        let picked = pick.get(&sorted);
        let goals = [
            (Goal::OnePeg, fewest(&mut reach.iter().filter(|(end, _)| pegs_of(end) == 1))),
            (Goal::OnePegAt(cell), reach.get(&single).copied()),
            (
                Goal::Pattern(picked.parse::<kongming_peg_bitboard::Position>().unwrap().pegs()),
                reach.get(picked).copied(),
            ),
            (Goal::Pattern(pattern.pegs()), reach.get(&pattern.to_string()).copied()),
        ];
        for (goal, expected) in goals {
            let verdict = Solver::new(&start).goal(goal).budget(Budget::unlimited().with_node_limit(1 << 16)).fewest_moves().unwrap();
            match (verdict.solution(), expected) {
                (Some(solution), Some(moves)) => {
                    check(solution);
                    proptest::prop_assert_eq!(solution.move_count(), moves, "{:?}", goal);
                }
                (None, None) => {
                    proptest::prop_assert_eq!(&verdict, &Verdict::Impossible(Proof::Exhausted));
                }
                _ => proptest::prop_assert!(false, "{:?}: {:?} against {:?}", goal, verdict, expected),
            }
        }
    }
}

/// A lost 26-peg English position: the search alone needs tens of
/// millions of nodes to exhaust it; after a short search a census proves
/// it lost well within a million.
#[test]
fn a_lost_position_is_proved_lost_by_the_census() {
    let board = Board::english();
    let centre = board.cell("d4").unwrap();
    let mut position = board.start(centre).unwrap();
    for name in ["f4-d4", "e2-e4", "c2-e2", "c3-e3", "f3-d3", "d4-d2"] {
        let jump = position
            .legal_jumps()
            .into_iter()
            .find(|j| j.name() == name)
            .unwrap();
        position = position.play(jump).unwrap();
    }
    let mut solver = Solver::new(&position)
        .goal(Goal::OnePegAt(centre))
        .budget(Budget::unlimited().with_node_limit(1_000_000));
    assert_eq!(
        solver.solve().unwrap(),
        Verdict::Impossible(Proof::Exhausted)
    );
    // The census agrees.
    let target = board.position(centre.bit()).unwrap();
    let mut census = Census::new(&position).with_target(&target).unwrap();
    assert_eq!(census.solutions().unwrap().exact(), Some(0));
}
