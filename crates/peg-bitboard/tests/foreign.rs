//! Cells, jumps, positions and bitboards of one board given to another
//! (issue 17, point 13): refused, never a panic, never taken for one of
//! the board's own holes or jumps.

use kongming_peg_bitboard::{
    Board, Census, CensusError, Goal, IllegalJump, Pagoda, PositionError, Solution, SolveError,
    Solver,
};
use std::sync::LazyLock;

use kongming_search::control::Budget;
use proptest::prelude::*;

/// The built-in boards, every triangle, and a few small layouts, some of
/// them equal to others though written differently.
fn boards() -> Vec<Board> {
    let mut boards = vec![
        Board::english(),
        Board::european(),
        Board::diamond(),
        Board::wiegleb(),
    ];
    boards.extend((1..=10).map(|rows| Board::triangular(rows).unwrap()));
    for text in [
        "ooo\nooo",
        "o o o\no o o",
        "  ooo\n  ooo\nooooooo\nooooooo\nooooooo\n  ooo\n  ooo",
        "oooo",
        "o o o o",
        "ooo\nooo\nooo",
        " o\no o",
        "o o\n o",
        "oo\noo\noo",
    ] {
        boards.push(text.parse().unwrap());
    }
    boards
}

#[test]
fn a_jump_of_another_board_is_named_and_refused_not_a_panic() {
    // Issue 17, point 13: this panicked (index out of bounds).
    let english = Board::english();
    let triangle = Board::triangular(10).unwrap();
    let start = english.start(english.cell("d4").unwrap()).unwrap();
    for &jump in triangle.jumps() {
        assert_eq!(english.jump_name(jump), jump.name());
        assert!(!english.contains_jump(jump));
        assert_eq!(start.check(jump), Err(IllegalJump::NotOnBoard));
        let error = start.replay(&[jump]).unwrap_err();
        assert_eq!(error.reason(), IllegalJump::NotOnBoard);
        assert!(error.to_string().contains(&jump.name()));
    }
    // A jump whose holes are numbered like one of the English board's is
    // still the triangle's: the triangle's hole 16 is not the centre.
    let centre = english.cell("d4").unwrap();
    let sixteen = triangle.cell_at(16).unwrap();
    assert_eq!(centre.index(), sixteen.index());
    assert_ne!(centre, sixteen);
    assert!(matches!(
        english.start(sixteen),
        Err(PositionError::ForeignCell { .. })
    ));
    assert!(start.has_peg(sixteen).is_err());
    assert_eq!(
        Solver::new(&start).goal(Goal::OnePegAt(sixteen)).solve(),
        Err(SolveError::GoalOffBoard)
    );
    // The same layout is the same board, however it was built.
    let again: Board = english.to_string().parse().unwrap();
    assert!(again.contains(centre));
    assert_eq!(again.start(centre).unwrap(), start);
}

#[test]
fn a_pagoda_function_of_another_board_is_refused_by_the_solver() {
    // A row of six and three rows of two have as many holes: the row's
    // Fibonacci weights increase along a column jump of the rectangle
    // (a1-a3: 0 + 1 < 3), so they would prove wrong things there.
    let row: Board = "o o o o o o".parse().unwrap();
    let rectangle: Board = "oo\noo\noo".parse().unwrap();
    let weights = [0, 1, 1, 2, 3, 5];
    let pagoda = Pagoda::new(&row, &weights).unwrap();
    assert!(Pagoda::new(&rectangle, &weights).is_err());
    let start = rectangle.start(rectangle.cell("a1").unwrap()).unwrap();
    assert_eq!(
        Solver::new(&start).pagoda(pagoda).solve(),
        Err(SolveError::PagodaOffBoard)
    );
}

static BOARDS: LazyLock<Vec<Board>> = LazyLock::new(boards);

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, .. ProptestConfig::default() })]

    /// Random cells, jumps, positions and bitboards of one board given to
    /// another: no panic; refused exactly when the boards differ.
    #[test]
    fn values_of_one_board_given_to_another(
        a in 0usize..23,
        b in 0usize..23,
        cell in any::<prop::sample::Index>(),
        other_cell in any::<prop::sample::Index>(),
        jump in any::<prop::sample::Index>(),
        pegs in any::<u64>(),
        bits in any::<u64>(),
    ) {
        let boards = &*BOARDS;
        let (a, b) = (&boards[a % boards.len()], &boards[b % boards.len()]);
        let same = a == b;
        let cells: Vec<_> = a.cells().collect();
        let (cell, other_cell) = (*cell.get(&cells), *other_cell.get(&cells));
        let position_a = a.position(pegs & a.holes()).unwrap();
        let position_b = b.position(pegs & b.holes()).unwrap();

        // Cells.
        prop_assert_eq!(b.contains(cell), same);
        prop_assert_eq!(b.name(cell), cell.name());
        prop_assert_eq!(b.start(cell).is_ok(), same);
        prop_assert_eq!(position_b.has_peg(cell).is_ok(), same);
        if !same {
            prop_assert!(b.jump(cell, other_cell).is_none());
        }
        let goal = Solver::new(&position_b)
            .goal(Goal::OnePegAt(cell))
            .budget(Budget::unlimited().with_node_limit(50))
            .solve();
        prop_assert_eq!(goal.is_err(), !same, "{:?}", goal);
        let fewest = Solver::new(&position_b).goal(Goal::OnePegAt(cell)).budget(Budget::unlimited().with_node_limit(50)).fewest_moves();
        prop_assert_eq!(fewest.is_err(), !same);

        // Jumps.
        if !a.jumps().is_empty() {
            let jump = *jump.get(a.jumps());
            prop_assert_eq!(b.jump_name(jump), jump.name());
            prop_assert_eq!(b.contains_jump(jump), same);
            if !same {
                prop_assert_eq!(position_b.check(jump), Err(IllegalJump::NotOnBoard));
                prop_assert_eq!(position_b.play(jump), Err(IllegalJump::NotOnBoard));
                let error = position_b.replay(&[jump]).unwrap_err();
                prop_assert_eq!((error.index(), error.reason()), (0, IllegalJump::NotOnBoard));
                prop_assert!(Solution::new(&position_b, vec![jump]).is_err());
            }
        }

        // Positions.
        let census = Census::new(&position_b).with_target(&position_a);
        prop_assert_eq!(census.is_ok(), same);
        if let Err(error) = census {
            prop_assert_eq!(error, CensusError::Position(PositionError::OtherBoard));
        }
        prop_assert_eq!(b.position(position_a.pegs()).is_ok(), position_a.pegs() & !b.holes() == 0);

        // Bitboards with bits that are no hole.
        let _ = b.class(bits);
        let _ = b.single_peg_finishes(bits).count();
        let fixing = b.symmetries_fixing(&[bits]);
        prop_assert_eq!(fixing.order(), b.symmetries_fixing(&[bits & b.holes()]).order());
        let goal = Solver::new(&position_b).goal(Goal::Pattern(bits)).budget(Budget::unlimited().with_node_limit(50)).fewest_moves();
        prop_assert_eq!(goal.is_err(), bits & !b.holes() != 0);

        // Pagoda functions: accepted exactly when they are the board's.
        let weights: Vec<i32> = a.cells().map(|c| i32::from(c.index() % 3 == 0)).collect();
        if let Ok(pagoda) = Pagoda::new(a, &weights) {
            let fits = Pagoda::new(b, &weights).is_ok();
            let verdict = Solver::new(&position_b)
                .pagoda(pagoda)
                .budget(Budget::unlimited().with_node_limit(50))
                .solve();
            prop_assert_eq!(verdict.is_ok(), fits);
        }
    }
}
