//! The text format: errors with their lines, comments, aliases.

use kongming_zebra_csp::{Clue, House, Puzzle, PuzzleError, Term};

fn error(text: &str) -> (Option<usize>, PuzzleError) {
    let err = text.parse::<Puzzle>().unwrap_err();
    (err.line(), err.error().clone())
}

#[test]
fn errors_name_the_line_and_the_problem() {
    let head = "# pets\npet: cat dog fox\ndrink: tea milk water\n\n";
    let cases: Vec<(&str, usize, PuzzleError)> = vec![
        ("cat = beer", 5, PuzzleError::UnknownName("beer".into())),
        (
            "cat next-to cat",
            5,
            PuzzleError::RepeatedTerm("cat".into()),
        ),
        (
            "cat at 4",
            5,
            PuzzleError::HouseOutOfRange {
                house: 4,
                positions: 3,
            },
        ),
        (
            "cat at 0",
            5,
            PuzzleError::HouseOutOfRange {
                house: 0,
                positions: 3,
            },
        ),
        ("1 next-to 2", 5, PuzzleError::NoValue),
        ("cat distance 3 from tea", 5, PuzzleError::BadDistance(3)),
        (
            "cat at tea",
            5,
            PuzzleError::Syntax("'at' needs a house number after it, not 'tea'".into()),
        ),
        (
            "cat = tea\ncolour: red blue green",
            6,
            PuzzleError::Syntax("categories come before the clues (or a clue has a ':')".into()),
        ),
    ];
    for (line, at, expected) in cases {
        let text = format!("{head}{line}\n");
        let (line_no, err) = error(&text);
        assert_eq!(line_no, Some(at), "{line}");
        assert_eq!(err, expected, "{line}");
    }
    assert_eq!(
        error("pet: cat dog\ndrink: tea\n"),
        (
            Some(2),
            PuzzleError::ValueCount {
                category: "drink".into(),
                expected: 2,
                found: 1
            }
        )
    );
    assert_eq!(
        error("pet: cat dog\ndrink: tea cat\n"),
        (Some(2), PuzzleError::DuplicateName("cat".into()))
    );
    assert_eq!(
        error("pet: cat cat\n"),
        (Some(1), PuzzleError::DuplicateName("cat".into()))
    );
    assert_eq!(
        error("pet: cat 3\n"),
        (Some(1), PuzzleError::InvalidName("3".into()))
    );
    assert_eq!(
        error("pet: cat at\n"),
        (Some(1), PuzzleError::InvalidName("at".into()))
    );
    assert_eq!(
        error("pet: cat\n"),
        (Some(1), PuzzleError::PositionCount(1))
    );
    assert_eq!(
        error("cat = dog\n"),
        (
            Some(1),
            PuzzleError::Syntax(
                "a clue before any category (a category is 'name: value value ...')".into()
            )
        )
    );
    assert_eq!(error("# nothing\n"), (None, PuzzleError::NoCategories));
    let err = "pet: cat dog\ncat frobs dog\n"
        .parse::<Puzzle>()
        .unwrap_err();
    assert_eq!(err.to_string(), "line 2: unknown relation 'frobs'");
    let err = "pet: cat dog\ncat is dog fox\n"
        .parse::<Puzzle>()
        .unwrap_err();
    assert!(err.to_string().starts_with("line 2: a clue is"), "{err}");
}

#[test]
fn aliases_and_comments() {
    let puzzle: Puzzle = "pet: cat, dog, fox   # commas work too\ncat = 2 # a house\ndog != 1\n"
        .parse()
        .unwrap();
    let cat = Term::Value(puzzle.item("cat").unwrap());
    let second = House::from_number(2).unwrap();
    assert_eq!(puzzle.clues()[0], Clue::Same(cat, Term::House(second)));
    assert_eq!(
        puzzle.to_string(),
        "pet: cat dog fox\n\ncat at 2\ndog not-at 1\n"
    );
    let solution = puzzle.solve().unwrap();
    assert_eq!(solution.house_of(puzzle.item("fox").unwrap()).number(), 1);
}

#[test]
fn every_clue_kind_round_trips() {
    let text = "\
a: a1 a2 a3 a4
b: b1 b2 b3 b4

a1 = b2
a1 != b1
a1 at 2
a2 not-at 1
a3 left-of b1
a3 right-of 1
a4 somewhere-left-of b4
a4 somewhere-right-of b3
a2 next-to b3
a2 not-next-to 4
a1 distance 2 from b4
b3 between a1 and 4
b1 with a2 or a3
";
    let puzzle: Puzzle = text.parse().unwrap();
    assert_eq!(puzzle.clues().len(), 13);
    assert_eq!(puzzle.to_string(), text);
}

#[test]
fn limits_are_enforced() {
    let values: Vec<String> = (0..17).map(|v| format!("v{v}")).collect();
    let err = format!("big: {}\n", values.join(" "))
        .parse::<Puzzle>()
        .unwrap_err();
    assert_eq!(err.error(), &PuzzleError::PositionCount(17));
    let long = "x".repeat(65);
    let err = format!("pet: {long} cat\n").parse::<Puzzle>().unwrap_err();
    assert_eq!(err.error(), &PuzzleError::InvalidName(long));
    let cats: String = (0..65).map(|c| format!("c{c}: a{c} b{c}\n")).collect();
    let err = cats.parse::<Puzzle>().unwrap_err();
    assert_eq!(err.error(), &PuzzleError::TooManyCategories);
    assert_eq!(err.line(), Some(65));
}
