//! Sizes from the user are checked before anything is built (issue 17,
//! point 11): a huge order is a typed error at once. Each call here used
//! to, or would if the check came after the allocation, ask for gigabytes
//! to terabytes, which aborts the test process.

use kongming_magic_square::{
    Completion, ConstructError, Enumeration, EnumerationError, Kind, MAX_ORDER, PartialSquare,
    Square, construct, construct_pandiagonal,
};

#[test]
fn a_huge_enumeration_order_is_refused_before_anything_is_built() {
    // Issue 17, point 11: this aborted the process ("memory allocation of
    // 80000000000 bytes failed").
    for order in [9, 100_000, 1 << 32, usize::MAX] {
        for kind in Kind::ALL {
            assert_eq!(
                Enumeration::new(order, kind).unwrap_err(),
                EnumerationError::OrderOutOfRange { order }
            );
        }
    }
}

#[test]
fn a_huge_empty_grid_is_refused() {
    for order in [MAX_ORDER + 1, 100_000, 1 << 32, usize::MAX] {
        assert_eq!(PartialSquare::empty(order), None);
    }
    assert_eq!(PartialSquare::empty(0), None);
}

#[test]
fn huge_constructions_are_refused() {
    for order in [MAX_ORDER + 1, 1 << 32, usize::MAX] {
        assert_eq!(construct(order), Err(ConstructError::TooLarge { order }));
        assert_eq!(
            construct_pandiagonal(order),
            Err(ConstructError::TooLarge { order })
        );
    }
}

#[test]
fn a_text_of_many_short_rows_reserves_no_square_of_them() {
    // 100,000 rows of one number: the order would be 100,000, its grid
    // 10^10 cells (80 GB); the first row's length refuses it before any
    // grid is reserved.
    let text = "1\n".repeat(100_000);
    assert!(text.parse::<PartialSquare>().is_err());
    assert!(text.parse::<Square>().is_err());
}

#[test]
fn grids_of_orders_past_the_search_are_refused_by_the_searches() {
    let partial: PartialSquare = vec![". ".repeat(40); 40].join("\n").parse().unwrap();
    assert_eq!(
        Completion::new(&partial, Kind::MAGIC).unwrap_err(),
        EnumerationError::OrderOutOfRange { order: 40 }
    );
    assert_eq!(
        Enumeration::completing(&partial, Kind::MAGIC).unwrap_err(),
        EnumerationError::OrderOutOfRange { order: 40 }
    );
    assert!(Square::from_cells(usize::MAX, vec![]).is_none());
}
