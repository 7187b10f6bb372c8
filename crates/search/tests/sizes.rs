//! Sizes from the caller are checked before room is reserved (issue 17,
//! point 11, the workspace audit): each call here asked for terabytes, or
//! overflowed `usize`, which aborted or panicked the test process.

use kongming_search::csp::{LargeDomain, Model, ModelError, SmallDomain, Solver};
use kongming_search::symmetry::{Group, GroupError, SquareSymmetry};

#[test]
fn a_huge_capacity_hint_reserves_a_bounded_room() {
    let mut model = Model::<SmallDomain>::with_capacity(usize::MAX, usize::MAX);
    let v = model.new_vars(2, 0, 1).unwrap();
    model.not_equal(v[0], v[1]);
    assert_eq!(Solver::new(model).count(), 2);
}

#[test]
fn huge_variable_counts_are_checked_before_reserving() {
    let mut model = Model::<SmallDomain>::new();
    assert_eq!(
        model.new_vars(usize::MAX, 1, 0),
        Err(ModelError::EmptyDomain)
    );
    assert!(matches!(
        model.new_vars(usize::MAX, 0, 100),
        Err(ModelError::ValueTooLarge { .. })
    ));
    assert_eq!(
        model.new_vars(1 << 40, 0, 1),
        Err(ModelError::TooManyVariables)
    );
    let mut large = Model::<LargeDomain>::new();
    assert!(matches!(
        large.new_vars(usize::MAX, 0, u32::MAX),
        Err(ModelError::ValueTooLarge { .. })
    ));
    // Nothing was added on the way.
    assert_eq!(model.num_vars(), 0);
    assert_eq!(model.new_vars(0, 1, 0), Ok(Vec::new()));
    assert_eq!(model.new_vars(3, 0, 1).unwrap().len(), 3);
}

#[test]
fn a_huge_square_grid_is_refused_before_anything_is_built() {
    for size in [Group::MAX_SQUARE_SIZE + 1, 1 << 32, usize::MAX] {
        assert!(matches!(
            Group::try_square(size),
            Err(GroupError::DegreeTooLarge { .. })
        ));
    }
    assert_eq!(Group::try_square(4).unwrap(), Group::square(4));
}

#[test]
#[should_panic(expected = "above Group::MAX_SQUARE_SIZE")]
fn a_huge_square_symmetry_permutation_panics_with_a_message_not_an_abort() {
    // usize::MAX² overflowed (a wrapped, wrong grid in release).
    let _ = SquareSymmetry::Rotate90.permutation(usize::MAX);
}
