//! Round trips through serde (JSON) of every serialized value, and what
//! loading refuses.
#![cfg(feature = "serde")]

use std::fmt::Debug;

use kongming_peg_bitboard::{
    Board, Budget, Cell, Census, Count, Goal, Grid, Jump, LevelCounts, Outcome, Position, Progress,
    Proof, Solution, Stage, StopReason, Verdict,
};
use proptest::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// `value` through JSON and back, checked equal; the JSON text.
fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T) -> String {
    let text = serde_json::to_string(value).expect("serializes");
    let back: T = serde_json::from_str(&text).expect("deserializes");
    assert_eq!(&back, value, "{text}");
    text
}

/// Whether `text` loads as a `T`.
fn loads<T: DeserializeOwned>(text: &str) -> bool {
    serde_json::from_str::<T>(text).is_ok()
}

/// A built-in board, or a triangle of 1 to 10 rows.
fn board() -> impl Strategy<Value = Board> {
    (0..15usize).prop_map(|index| match index {
        0 => Board::english(),
        1 => Board::european(),
        2 => Board::diamond(),
        3 => Board::wiegleb(),
        4 => "o".parse().unwrap(),
        rows => Board::triangular(rows - 4).unwrap(),
    })
}

/// A random layout of holes on a small square or triangular grid, as a
/// board, if it reads as one.
fn random_board() -> impl Strategy<Value = Option<Board>> {
    (any::<bool>(), prop::collection::vec(any::<bool>(), 1..30)).prop_map(|(triangular, holes)| {
        let lines: Vec<String> = holes
            .chunks(5)
            .enumerate()
            .map(|(row, chunk)| {
                let indent = if triangular && row % 2 == 1 { " " } else { "" };
                let cells: Vec<&str> = chunk.iter().map(|&h| if h { "o" } else { " " }).collect();
                format!("{indent}{}", cells.join(" "))
            })
            .collect();
        lines.join("\n").parse().ok()
    })
}

/// A position of `board` from `bits`.
fn position_of(board: &Board, bits: u64) -> Position {
    board.position(bits & board.holes()).unwrap()
}

/// A game of up to `jumps` random legal jumps from a position of `board`.
fn game(board: &Board, bits: u64, choices: &[usize]) -> Solution {
    let start = position_of(board, bits);
    let mut position = start.clone();
    let mut jumps = Vec::new();
    for &choice in choices {
        let legal = position.legal_jumps();
        if legal.is_empty() {
            break;
        }
        let jump = legal[choice % legal.len()];
        position = position.play(jump).unwrap();
        jumps.push(jump);
    }
    Solution::new(&start, jumps).unwrap()
}

fn stop_reason() -> impl Strategy<Value = StopReason> {
    prop_oneof![
        Just(StopReason::NodeLimit),
        Just(StopReason::TimeLimit),
        Just(StopReason::Cancelled),
    ]
}

fn stage() -> impl Strategy<Value = Stage> {
    prop_oneof![
        Just(Stage::Reachable),
        Just(Stage::Backward),
        Just(Stage::Winnable),
        Just(Stage::Solutions),
        Just(Stage::FewestMoves),
    ]
}

fn proof() -> impl Strategy<Value = Proof> {
    prop_oneof![
        Just(Proof::PegCount),
        Just(Proof::Class),
        Just(Proof::Pagoda),
        Just(Proof::Exhausted),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn boards_positions_cells_and_jumps_round_trip(
        board in board(),
        random in random_board(),
        bits in any::<u64>(),
        pick in any::<usize>(),
    ) {
        for board in [Some(board), random].into_iter().flatten() {
            let text = round_trip(&board);
            prop_assert_eq!(text, serde_json::to_string(&board.to_string()).unwrap());
            round_trip(&board.grid());
            let position = position_of(&board, bits);
            prop_assert_eq!(round_trip(&position), serde_json::to_string(&position.to_string()).unwrap());
            let cell = board.cells().nth(pick % board.len()).unwrap();
            round_trip(&cell);
            let back: Cell = serde_json::from_str(&serde_json::to_string(&cell).unwrap()).unwrap();
            prop_assert!(board.contains(back));
            if !board.jumps().is_empty() {
                let jump = board.jumps()[pick % board.jumps().len()];
                round_trip(&jump);
                let back: Jump = serde_json::from_str(&serde_json::to_string(&jump).unwrap()).unwrap();
                prop_assert!(board.contains_jump(back));
            }
        }
    }

    #[test]
    fn solutions_goals_and_verdicts_round_trip(
        board in board(),
        bits in any::<u64>(),
        choices in prop::collection::vec(any::<usize>(), 0..40),
        reason in stop_reason(),
        proof in proof(),
        pick in any::<usize>(),
    ) {
        let solution = game(&board, bits, &choices);
        let text = round_trip(&solution);
        // The jumps in notation, the start as its layout.
        prop_assert!(text.contains(&serde_json::to_string(&solution.to_string()).unwrap()));
        let cell = board.cells().nth(pick % board.len()).unwrap();
        for goal in [Goal::OnePeg, Goal::FewestPegs, Goal::OnePegAt(cell), Goal::Pattern(bits)] {
            round_trip(&goal);
        }
        round_trip(&proof);
        for verdict in [Verdict::Solved(solution), Verdict::Impossible(proof), Verdict::Stopped(reason)] {
            round_trip(&verdict);
        }
    }

    #[test]
    fn counts_and_progress_round_trip(
        empty in 0..15usize,
        nodes in 1u64..3_000,
        stage in stage(),
        done in any::<u64>(),
        total in any::<Option<u64>>(),
        found in any::<u64>(),
    ) {
        // Counts of complete and of stopped work, from censuses of the
        // triangle of 5 rows.
        let board = Board::triangular(5).unwrap();
        let hole = board.cells().nth(empty).unwrap();
        let start = board.start(hole).unwrap();
        let end = board.position(hole.bit()).unwrap();
        for budget in [Budget::unlimited(), Budget::unlimited().with_node_limit(nodes)] {
            let mut census = Census::new(&start).with_target(&end).unwrap().budget(budget);
            round_trip(&census.reachable().unwrap());
            round_trip(&census.winnable().unwrap());
            round_trip(&census.solutions().unwrap());
        }
        round_trip(&stage);
        let mut progress = Progress::new(stage, done).with_found(found);
        if let Some(total) = total {
            progress = progress.with_total(total);
        }
        round_trip(&progress);
    }
}

#[test]
fn stopped_counts_round_trip_with_their_outcome() {
    let board = Board::english();
    let centre = board.cell("d4").unwrap();
    let start = board.start(centre).unwrap();
    let budget = Budget::unlimited().with_node_limit(20_000);
    let counts = Census::new(&start).budget(budget).reachable().unwrap();
    assert_eq!(counts.outcome(), Outcome::Stopped(StopReason::NodeLimit));
    let text = round_trip(&counts);
    let back: LevelCounts = serde_json::from_str(&text).unwrap();
    assert_eq!(back.outcome(), counts.outcome());
    let triangle = Board::triangular(5).unwrap();
    let corner = triangle.cell("c1").unwrap();
    let mut census = Census::new(&triangle.start(corner).unwrap())
        .with_target(&triangle.position(corner.bit()).unwrap())
        .unwrap();
    let count = census.solutions().unwrap();
    assert_eq!(round_trip(&count), r#"{"count":6816,"outcome":"complete"}"#);
    let back: Count<u128> =
        serde_json::from_str(r#"{"count":5,"outcome":{"stopped":"time_limit"}}"#).unwrap();
    assert_eq!((back.count(), back.exact()), (5, None));
}

#[test]
fn loading_checks_what_it_reads() {
    // Layouts are read as layouts.
    assert!(loads::<Board>(r#""o o o""#));
    assert!(!loads::<Board>(r#""o ? o""#));
    assert!(!loads::<Position>(r#""""#));
    assert!(!loads::<Grid>(r#""hexagonal""#));
    // A solution's jumps are replayed from its start: an illegal one
    // (d3-d5 over the empty centre, d2-d4 again from the emptied d2) is
    // refused, and so are a hole the board lacks and a malformed jump.
    let board = Board::english();
    let start = board.start(board.cell("d4").unwrap()).unwrap();
    let solution = Solution::new(&start, board.parse_jumps("d2-d4 f3-d3").unwrap()).unwrap();
    let text = serde_json::to_string(&solution).unwrap();
    assert!(loads::<Solution>(&text));
    for jumps in [
        "d2-d4 f3-d3",
        "d3-d5",
        "d2-d4 d2-d4",
        "a1-c1",
        "d2-d4,,",
        "d2",
    ] {
        let text = text.replace("d2-d4 f3-d3", jumps);
        assert_eq!(
            loads::<Solution>(&text),
            jumps == "d2-d4 f3-d3" || jumps == "d2-d4,,",
            "{jumps}"
        );
    }
    // A cell keeps its board's fingerprint: read back, it is a hole of its
    // board only; one whose parts disagree is refused.
    let d4 = board.cell("d4").unwrap();
    let text = serde_json::to_string(&d4).unwrap();
    let back: Cell = serde_json::from_str(&text).unwrap();
    assert!(board.contains(back) && !Board::european().contains(back));
    assert_eq!(back.to_string(), "d4");
    let renamed = text.replace(r#""name":"d4""#, r#""name":"d5""#);
    assert!(!loads::<Cell>(&renamed));
    // The place of another hole under the right name: loaded (the parts
    // agree), but no hole of the board.
    let c1 = board.cell("c1").unwrap();
    let moved = serde_json::to_string(&c1)
        .unwrap()
        .replace(r#""index":0"#, r#""index":16"#);
    let moved: Cell = serde_json::from_str(&moved).unwrap();
    assert!(!board.contains(moved));
    assert!(start.has_peg(moved).is_err());
    let off = text.replace(r#""index":16"#, r#""index":64"#);
    assert!(!loads::<Cell>(&off));
    let unfingerprinted = text.replace(r#""board":""#, r#""board":"zz"#);
    assert!(!loads::<Cell>(&unfingerprinted));
    // A jump's cells must lie in a row and make its name.
    let jump = board.parse_jump("d2-d4").unwrap();
    let text = serde_json::to_string(&jump).unwrap();
    assert!(board.contains_jump(serde_json::from_str(&text).unwrap()));
    assert!(!loads::<Jump>(&text.replacen(
        r#""name":"d2-d4""#,
        r#""name":"d2-d5""#,
        1
    )));
    // Level counts must agree with each other.
    let good =
        r#"{"up_to_symmetry":[1,1],"total":[1,4],"counted":[true,true],"outcome":"complete"}"#;
    assert!(loads::<LevelCounts>(good));
    for bad in [
        r#"{"up_to_symmetry":[1],"total":[1,4],"counted":[true,true],"outcome":"complete"}"#,
        r#"{"up_to_symmetry":[1,1],"total":[1,4],"counted":[true,false],"outcome":"complete"}"#,
        r#"{"up_to_symmetry":[1,5],"total":[1,4],"counted":[true,true],"outcome":"complete"}"#,
        r#"{"up_to_symmetry":[1,0],"total":[1,4],"counted":[true,true],"outcome":"complete"}"#,
    ] {
        assert!(!loads::<LevelCounts>(bad), "{bad}");
    }
    let stopped = r#"{"up_to_symmetry":[1,0],"total":[1,0],"counted":[true,false],"outcome":{"stopped":"cancelled"}}"#;
    let stopped: LevelCounts = serde_json::from_str(stopped).unwrap();
    assert!(stopped.is_counted(0) && !stopped.is_counted(1));
}
