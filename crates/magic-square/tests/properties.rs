//! Property tests: symmetries, standard forms, constructions, completions,
//! text round trips.

use std::sync::OnceLock;

use kongming_magic_square::{
    Budget, Completion, Enumeration, Kind, PartialSquare, Square, SquareSymmetry, construct,
    construct_pandiagonal,
};
use kongming_search::symmetry::Group;
use proptest::prelude::*;

/// Independent check of a normal square of `kind` (rows, columns, and the
/// diagonals the kind asks for), from the definitions.
fn is_magic(square: &Square, kind: Kind) -> bool {
    let n = square.order();
    let cells = square.cells();
    let total = (n * n) as u64;
    let mut seen = vec![false; n * n];
    for &v in cells {
        if v == 0 || u64::from(v) > total || std::mem::replace(&mut seen[v as usize - 1], true) {
            return false;
        }
    }
    let m = n as u64 * (total + 1) / 2;
    let at = |r: usize, c: usize| u64::from(cells[r * n + c]);
    let mut sums: Vec<u64> = Vec::new();
    for i in 0..n {
        sums.push((0..n).map(|j| at(i, j)).sum());
        sums.push((0..n).map(|j| at(j, i)).sum());
    }
    if kind.has_diagonals() {
        sums.push((0..n).map(|i| at(i, i)).sum());
        sums.push((0..n).map(|i| at(i, n - 1 - i)).sum());
    }
    if kind.is_pandiagonal() {
        for k in 0..n {
            sums.push((0..n).map(|i| at(i, (i + k) % n)).sum());
            sums.push((0..n).map(|i| at(i, (n - 1 - i + k) % n)).sum());
        }
    }
    sums.iter().all(|&s| s == m)
}

/// The 7040 magic squares of order 4, listed once.
fn order_4() -> &'static [Square] {
    static ALL: OnceLock<Vec<Square>> = OnceLock::new();
    ALL.get_or_init(|| {
        Enumeration::new(4, Kind::MAGIC)
            .unwrap()
            .squares()
            .collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn symmetries_of_a_magic_square_are_magic(index in 0usize..7040) {
        let square = &order_4()[index];
        for image in square.symmetries() {
            prop_assert!(is_magic(&image, Kind::MAGIC));
            prop_assert!(image.is(Kind::MAGIC));
        }
    }

    #[test]
    fn frenicle_form_is_the_same_for_all_eight(index in 0usize..7040) {
        let square = &order_4()[index];
        let standard = square.frenicle();
        prop_assert!(standard.is_frenicle());
        for image in square.symmetries() {
            prop_assert_eq!(&image.frenicle(), &standard);
        }
        // The core's canonical form (least image) agrees.
        let group = Group::square(4);
        prop_assert_eq!(group.canonical(&square.cells().to_vec()), standard.cells().to_vec());
        let c = standard.cells();
        prop_assert!(c[0] < c[3] && c[0] < c[12] && c[0] < c[15] && c[1] < c[4]);
    }

    #[test]
    fn constructed_squares_are_magic(n in 3usize..200) {
        let square = construct(n).unwrap();
        prop_assert_eq!(square.order(), n);
        prop_assert!(is_magic(&square, Kind::MAGIC));
        if n % 4 != 2 {
            // Siamese and doubly even squares are associative too.
            prop_assert!(square.is(Kind::ASSOCIATIVE));
        }
    }

    #[test]
    fn constructed_pandiagonal_squares_are_pandiagonal(n in 3usize..200) {
        match construct_pandiagonal(n) {
            Ok(square) => {
                prop_assert!(n % 4 == 0 || (n % 2 == 1 && n >= 5));
                prop_assert_eq!(square.order(), n);
                prop_assert!(is_magic(&square, Kind::PANDIAGONAL));
            }
            Err(_) => prop_assert!(n == 3 || n % 4 == 2),
        }
    }

    #[test]
    fn pandiagonal_squares_of_odd_multiples_of_3(m in 1usize..34) {
        let n = 3 * (2 * m + 1);
        let square = construct_pandiagonal(n).unwrap();
        prop_assert_eq!(square.order(), n);
        prop_assert!(is_magic(&square, Kind::PANDIAGONAL));
    }

    #[test]
    fn completions_include_the_square(
        index in 0usize..7040,
        erase in proptest::collection::vec(0usize..16, 1..10),
        symmetry in 0usize..8,
    ) {
        let square = order_4()[index].transformed(SquareSymmetry::ALL[symmetry]);
        let mut partial = PartialSquare::from(&square);
        for cell in erase {
            partial.set(cell / 4, cell % 4, None);
        }
        let completions: Vec<Square> = Completion::new(&partial, Kind::MAGIC).unwrap().completions().collect();
        prop_assert!(completions.contains(&square));
        for completion in &completions {
            prop_assert!(partial.matches(completion));
            prop_assert!(is_magic(completion, Kind::MAGIC));
        }
        let by_search = Enumeration::completing(&partial, Kind::MAGIC).unwrap().count();
        prop_assert_eq!(by_search.exact(), Some(completions.len() as u64));
    }

    #[test]
    fn pandiagonal_order_5_completions_include_the_square(
        erase in proptest::collection::vec(0usize..25, 1..14),
        symmetry in 0usize..8,
    ) {
        let square = construct_pandiagonal(5).unwrap().transformed(SquareSymmetry::ALL[symmetry]);
        let mut partial = PartialSquare::from(&square);
        for cell in erase {
            partial.set(cell / 5, cell % 5, None);
        }
        let completions: Vec<Square> =
            Enumeration::completing(&partial, Kind::PANDIAGONAL).unwrap().squares().collect();
        prop_assert!(completions.contains(&square));
        prop_assert!(completions.iter().all(|c| partial.matches(c) && is_magic(c, Kind::PANDIAGONAL)));
    }

    #[test]
    fn text_round_trips(n in 1usize..8, cells in proptest::collection::vec(0u32..2000, 49)) {
        let square = Square::from_cells(n, cells[..n * n].to_vec()).unwrap();
        prop_assert_eq!(square.to_string().parse::<Square>().unwrap(), square.clone());
        let partial = PartialSquare::from_cells(
            n,
            cells[..n * n].iter().map(|&v| (v % 3 != 0).then_some(v)).collect(),
        ).unwrap();
        prop_assert_eq!(partial.to_string().parse::<PartialSquare>().unwrap(), partial);
    }

    #[test]
    fn parsing_never_panics(text in "[0-9 ./_,\n-]{0,60}") {
        let _ = text.parse::<Square>();
        if let Ok(partial) = text.parse::<PartialSquare>() {
            prop_assert_eq!(partial.to_string().parse::<PartialSquare>().unwrap(), partial.clone());
            // Completion input: errors, never panics.
            let budget = Budget::unlimited().with_node_limit(10_000);
            if let (true, Ok(completion)) = (
                partial.order() <= 4,
                Completion::new(&partial, Kind::MAGIC).map(|c| c.budget(budget)),
            ) {
                for square in completion.completions().take(3) {
                    prop_assert!(partial.matches(&square));
                }
            }
        }
    }
}
