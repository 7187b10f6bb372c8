//! Boards: layouts, built-ins, symmetries, position classes, names, jumps.

mod oracle;

use kongming_peg_bitboard::{Board, Grid, LayoutError, MoveError, Position};
use kongming_search::symmetry::Permute;

fn builtins() -> Vec<(&'static str, Board)> {
    vec![
        ("english", Board::english()),
        ("european", Board::european()),
        ("triangular", Board::triangular(5).unwrap()),
        ("diamond", Board::diamond()),
        ("wiegleb", Board::wiegleb()),
    ]
}

#[test]
fn built_in_boards_have_their_published_sizes_and_symmetries() {
    let expected = [
        ("english", 33, Grid::Square, 8, 76),
        ("european", 37, Grid::Square, 8, 92),
        ("triangular", 15, Grid::Triangular, 6, 36),
        ("diamond", 41, Grid::Square, 8, 100),
        ("wiegleb", 45, Grid::Square, 8, 108),
    ];
    for ((name, board), (n, holes, grid, order, jumps)) in builtins().into_iter().zip(expected) {
        assert_eq!(name, n);
        assert_eq!(board.len(), holes, "{name}");
        assert_eq!(board.grid(), grid, "{name}");
        assert_eq!(board.symmetries().order(), order, "{name}");
        assert_eq!(board.jumps().len(), jumps, "{name}");
        assert_eq!(Board::named(name).unwrap(), board);
    }
    for rows in 1..=10 {
        let board = Board::triangular(rows).unwrap();
        assert_eq!(board.len(), rows * (rows + 1) / 2);
        let order = if rows == 1 { 1 } else { 6 };
        assert_eq!(board.symmetries().order(), order, "{rows} rows");
    }
    assert_eq!(
        Board::triangular(0),
        Err(LayoutError::TriangleRows { rows: 0 })
    );
}

#[test]
fn jumps_counted_by_hand_from_the_text() {
    // Independent count of the jumps of a full board: straight triples of
    // holes in the layout text.
    for (name, board) in builtins() {
        let full = board.position(board.holes()).unwrap().to_string();
        let mut text = oracle::Text::read(&full);
        // Count jumps over an empty board: a triple exists when from and
        // over are holes and to is a hole; use a board with one empty hole
        // at a time to let the oracle see each triple with `to` empty.
        let mut triples = 0;
        let keys: Vec<_> = text.holes.keys().copied().collect();
        for key in keys {
            text.holes.insert(key, false);
            triples += text.jumps().iter().filter(|j| j[2] == key).count();
            text.holes.insert(key, true);
        }
        assert_eq!(triples, board.jumps().len(), "{name}");
    }
}

#[test]
fn every_symmetry_maps_jumps_to_jumps() {
    for (name, board) in builtins() {
        let jumps: std::collections::HashSet<(usize, usize, usize)> = board
            .jumps()
            .iter()
            .map(|j| (j.from().index(), j.over().index(), j.to().index()))
            .collect();
        for perm in board.symmetries().elements() {
            for &(a, b, c) in &jumps {
                let image = (perm.apply(a), perm.apply(b), perm.apply(c));
                assert!(jumps.contains(&image), "{name}: {perm} breaks a jump");
            }
        }
        // The bitboard action agrees with the permutations.
        let bits = board.bitboard_symmetries();
        let sample = 0x1234_5678_9abc_def0 & board.holes();
        for (e, perm) in board.symmetries().elements().iter().enumerate() {
            assert_eq!(bits.image(e, sample), sample.permuted(perm));
        }
    }
}

#[test]
fn rectangles_and_irregular_shapes_get_their_own_groups() {
    let cases = [
        ("ooo\nooo", 4),
        ("oooo", 2),
        ("oo\noo", 8),
        ("o\noo", 2),
        ("ooo\no", 1),
        ("  o\n o o\no o o\n o o\n  o", 4),
    ];
    for (layout, order) in cases {
        let board: Board = layout.parse().unwrap();
        assert_eq!(board.symmetries().order(), order, "{layout:?}");
    }
}

#[test]
fn layouts_round_trip_and_compact_equals_spaced() {
    for (_, board) in builtins() {
        let text = board.to_string();
        assert_eq!(text.parse::<Board>().unwrap(), board);
        let start = board.start(board.cells().nth(3).unwrap()).unwrap();
        assert_eq!(start.to_string().parse::<Position>().unwrap(), start);
    }
    let compact: Position = "  o.o\n  ooo\nooooooo\nooo.ooo\nooooooo\n  ooo\n  ooo"
        .parse()
        .unwrap();
    assert_eq!(compact.board(), &Board::english());
    assert_eq!(compact.peg_count(), 31);
    assert_eq!(
        compact.to_string(),
        "    o . o\n    o o o\no o o o o o o\no o o . o o o\no o o o o o o\n    o o o\n    o o o"
    );
    // Margins, blank lines and carriage returns do not matter.
    let padded: Board = "\n\n      o o o\r\n      o o o\r\n  o o o o o o o\n  o o o o o o o\n  o o o o o o o\n      o o o\n      o o o\n\n".parse().unwrap();
    assert_eq!(padded, Board::english());
}

#[test]
fn bad_layouts_are_errors_with_positions() {
    assert_eq!("".parse::<Board>(), Err(LayoutError::Empty));
    assert_eq!("  \n \n".parse::<Board>(), Err(LayoutError::Empty));
    assert_eq!(
        "o o\no x".parse::<Board>(),
        Err(LayoutError::UnexpectedChar {
            line: 2,
            column: 3,
            found: 'x'
        })
    );
    assert_eq!(
        "o\to".parse::<Board>(),
        Err(LayoutError::UnexpectedChar {
            line: 1,
            column: 2,
            found: '\t'
        })
    );
    assert_eq!(
        "o o\n o\no  o".parse::<Board>(),
        Err(LayoutError::MixedGrid { line: 3, column: 4 })
    );
    let too_many = "o".repeat(65);
    assert_eq!(
        too_many.parse::<Board>(),
        Err(LayoutError::TooManyHoles {
            line: 1,
            column: 65
        })
    );
    assert_eq!(
        "o".repeat(64).parse::<Board>(),
        Err(LayoutError::TooLarge {
            line: 1,
            column: 27
        })
    );
    let tall = format!("o{}o", "\n".repeat(150));
    assert!(matches!(
        tall.parse::<Board>(),
        Err(LayoutError::TooLarge { .. })
    ));
    assert!(matches!(
        "o".repeat(27).parse::<Board>(),
        Err(LayoutError::TooLarge { .. })
    ));
    assert!(Board::named("hex").is_err());
}

#[test]
fn full_sixty_four_hole_board_works() {
    let layout = ["oooooooo"; 8].join("\n");
    let board: Board = layout.parse().unwrap();
    assert_eq!(board.len(), 64);
    assert_eq!(board.holes(), u64::MAX);
    assert_eq!(board.symmetries().order(), 8);
    let start = board.start(board.cell("d4").unwrap()).unwrap();
    assert_eq!(start.legal_jumps().len(), 4);
}

#[test]
fn names_and_jumps_round_trip() {
    for (name, board) in builtins() {
        for cell in board.cells() {
            assert_eq!(board.cell(&board.name(cell)).unwrap(), cell, "{name}");
        }
        for &jump in board.jumps() {
            assert_eq!(
                board.parse_jump(&board.jump_name(jump)).unwrap(),
                jump,
                "{name}"
            );
        }
    }
    let board = Board::english();
    assert_eq!(
        board.cell("d44"),
        Err(MoveError::NoHole {
            offset: 0,
            name: "d44".into()
        })
    );
    assert_eq!(
        board.cell("D4"),
        Err(MoveError::MalformedCell { offset: 0 })
    );
    assert_eq!(board.cell("d"), Err(MoveError::MalformedCell { offset: 0 }));
    assert_eq!(
        board.cell("d0"),
        Err(MoveError::NoHole {
            offset: 0,
            name: "d0".into()
        })
    );
    assert_eq!(
        board.cell("d99999"),
        Err(MoveError::MalformedCell { offset: 0 })
    );
    assert_eq!(
        board.parse_jumps("d2-d4 d4-"),
        Err(MoveError::Malformed { offset: 6 })
    );
    assert_eq!(
        board.parse_jumps("d2-d4,c3-e5"),
        Err(MoveError::NotAJump { offset: 6 })
    );
    assert_eq!(
        board.parse_jumps("d2-d4 xx-d4"),
        Err(MoveError::MalformedCell { offset: 6 })
    );
    assert_eq!(board.parse_jumps("  "), Ok(vec![]));
    // The messages count places from 1, as a player does.
    for (text, at) in [
        ("D4", "position 1"),
        ("d2-d4 d4-", "position 7"),
        ("d2-d4,c3-e5", "position 7"),
        ("d2-d4 xx-d4", "position 7"),
        ("d2-d4 a1-a3", "position 7"),
    ] {
        let message = board.parse_jumps(text).unwrap_err().to_string();
        assert!(message.ends_with(at), "{text:?}: {message}");
    }
    assert!(board.parse_jump("d2-d4-d6").is_err());
    assert!(board.parse_jump("d2").is_err());
}

#[test]
fn legal_jumps_agree_with_the_text_oracle() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    for (name, board) in builtins() {
        for _ in 0..200 {
            let pegs = rng.random::<u64>() & board.holes();
            let position = board.position(pegs).unwrap();
            let mut mine: Vec<String> = position
                .legal_jumps()
                .iter()
                .map(|&j| board.jump_name(j))
                .collect();
            let text = oracle::Text::read(&position.to_string());
            let mut theirs: Vec<String> = text
                .jumps()
                .iter()
                .map(|j| {
                    let mut t = text.clone();
                    let name = |p: (i64, i64)| {
                        format!("{}{}", char::from(b'a' + (p.1 / 2) as u8), p.0 + 1)
                    };
                    let n = format!("{}-{}", name(j[0]), name(j[2]));
                    t.play(&n).expect("the oracle's own jump");
                    n
                })
                .collect();
            mine.sort();
            theirs.sort();
            assert_eq!(mine, theirs, "{name} {pegs:#x}");
        }
    }
}

#[test]
fn position_class_is_invariant_and_separates() {
    for (name, board) in builtins() {
        for &jump in board.jumps() {
            // Any position where the jump is legal: only its three holes matter.
            let before = jump.from().bit() | jump.over().bit();
            let after = jump.to().bit();
            assert_eq!(board.class(before), board.class(after), "{name}");
        }
    }
    let board = Board::english();
    // A single peg has, per labelling, one residue: three classes each.
    let classes: std::collections::BTreeSet<u8> =
        board.cells().map(|c| board.class(c.bit())).collect();
    assert_eq!(classes.len(), 9);
    let all: std::collections::BTreeSet<u8> = (0..1u64 << 12).map(|p| board.class(p)).collect();
    assert_eq!(all.len(), 16);
    let tri = Board::triangular(5).unwrap();
    let classes: std::collections::BTreeSet<u8> = tri.cells().map(|c| tri.class(c.bit())).collect();
    assert_eq!(classes.len(), 3);
    let all: std::collections::BTreeSet<u8> = (0..1u64 << 15).map(|p| tri.class(p)).collect();
    assert_eq!(all.len(), 4);
}

#[test]
fn replay_reports_the_first_illegal_jump() {
    let board = Board::english();
    let start = board.start(board.cell("d4").unwrap()).unwrap();
    let jumps = board.parse_jumps("d2-d4 f3-d3 d4-d2 c1-c3").unwrap();
    let error = start.replay(&jumps).unwrap_err();
    assert_eq!(error.index(), 3);
    assert_eq!(
        error.to_string(),
        "jump 4 (c1-c3): the landing hole is not empty"
    );
    let other = Board::triangular(5).unwrap();
    let foreign = *other.jumps().last().unwrap();
    let error = board
        .start(board.cell("c1").unwrap())
        .unwrap()
        .replay(&[foreign])
        .unwrap_err();
    assert_eq!(
        error.reason(),
        kongming_peg_bitboard::IllegalJump::NotOnBoard
    );
}

#[test]
fn rendering_has_coordinates() {
    let board = Board::triangular(3).unwrap();
    let start = board.start(board.cell("b1").unwrap()).unwrap();
    assert_eq!(start.render(), "   a b c\n 1   .\n 2  o o\n 3 o o o");
}
