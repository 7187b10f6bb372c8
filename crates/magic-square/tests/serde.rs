//! Round trips through serde (JSON) of every serializable value: squares,
//! partial squares and kinds as their text forms (read back through
//! `FromStr`, so a bad stored value is refused), counts and progress
//! reports derived.
#![cfg(feature = "serde")]

use kongming_magic_square::{
    Budget, Count, Enumeration, Kind, PartialSquare, Progress, Square, Stage,
};
use proptest::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;

fn round_trip<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(value: &T) -> String {
    let text = serde_json::to_string(value).expect("serializes");
    let back: T = serde_json::from_str(&text).expect("deserializes");
    assert_eq!(&back, value, "{text}");
    text
}

fn kind() -> impl Strategy<Value = Kind> {
    prop::sample::select(Kind::ALL.to_vec())
}

fn stage() -> impl Strategy<Value = Stage> {
    prop::sample::select(vec![
        Stage::Search,
        Stage::Corners,
        Stage::Diagonals,
        Stage::Parts,
    ])
}

#[test]
fn text_forms_are_the_serialized_forms() {
    let lo_shu: Square = "2 7 6\n9 5 1\n4 3 8".parse().unwrap();
    assert_eq!(round_trip(&lo_shu), r#""2 7 6\n9 5 1\n4 3 8""#);
    let partial: PartialSquare = "2 . .\n. . .\n. . 8".parse().unwrap();
    assert_eq!(round_trip(&partial), r#""2 . .\n. . .\n. . 8""#);
    assert_eq!(round_trip(&Kind::SEMI_MAGIC), r#""semi-magic""#);
    assert_eq!(round_trip(&Stage::Diagonals), r#""Diagonals""#);
}

#[test]
fn bad_stored_values_are_refused_as_they_are_loaded() {
    // A row too short, a blank in a full square, a number too large for
    // u32, an unknown kind, a value that is no string.
    for text in [
        r#""1 2\n3""#,
        r#""1 .\n3 4""#,
        r#""99999999999""#,
        "17",
        "null",
    ] {
        assert!(serde_json::from_str::<Square>(text).is_err(), "{text}");
    }
    assert!(serde_json::from_str::<PartialSquare>(r#""1 x\n. .""#).is_err());
    assert!(serde_json::from_str::<PartialSquare>(r#""""#).is_err());
    let err = serde_json::from_str::<Kind>(r#""hexagonal""#).unwrap_err();
    assert!(err.to_string().contains("hexagonal"), "{err}");
}

proptest! {
    #[test]
    fn squares_and_partial_squares_round_trip(
        n in 1usize..8,
        cells in proptest::collection::vec(0u32..100_000, 49),
        blanks in proptest::collection::vec(any::<bool>(), 49),
    ) {
        let square = Square::from_cells(n, cells[..n * n].to_vec()).unwrap();
        round_trip(&square);
        let partial = PartialSquare::from_cells(
            n,
            (0..n * n).map(|i| (!blanks[i]).then_some(cells[i])).collect(),
        ).unwrap();
        round_trip(&partial);
        round_trip(&vec![square.clone(), square]);
    }

    #[test]
    fn kinds_stages_and_progress_round_trip(
        kind in kind(),
        stage in stage(),
        done in any::<u64>(),
        total in any::<Option<u64>>(),
        found in any::<u64>(),
    ) {
        round_trip(&kind);
        round_trip(&stage);
        let mut report = Progress::new(stage, done).with_found(found);
        if let Some(total) = total {
            report = report.with_total(total);
        }
        round_trip(&report);
    }

    #[test]
    fn counts_round_trip(
        n in 1usize..=4,
        kind in kind(),
        up_to_symmetry in any::<bool>(),
        nodes in prop::option::of(0u64..3000),
    ) {
        let mut enumeration = Enumeration::new(n, kind).unwrap();
        if up_to_symmetry {
            enumeration = enumeration.up_to_symmetry().unwrap();
        }
        // Whole counts of order 4 take long in a debug build: bounded.
        if let Some(nodes) = nodes.or((n == 4).then_some(3000)) {
            enumeration = enumeration.budget(Budget::unlimited().with_node_limit(nodes));
        }
        let count: Count = enumeration.count();
        round_trip(&count);
        let in_parts = enumeration.count_in_parts();
        round_trip(&in_parts);
    }
}
