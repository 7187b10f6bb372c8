//! `construct` and `construct_pandiagonal` for any order: a square of the
//! order, magic (pandiagonal) by naive line sums, exactly when one exists;
//! `TooLarge` past order 65,535 (without building anything).
#![no_main]

#[path = "../common/magic_oracle.rs"]
mod magic_oracle;

use arbitrary::{Arbitrary, Unstructured};
use kongming_magic_square::{ConstructError, Kind, construct, construct_pandiagonal};
use libfuzzer_sys::fuzz_target;
use magic_oracle::naive_is;

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(pick) = u8::arbitrary(&mut u) else {
        return;
    };
    // Orders up to 200 are built and checked; huge ones must be refused.
    let n = match pick % 8 {
        0 => 65_536 + usize::arbitrary(&mut u).unwrap_or(0) % (usize::MAX - 65_536),
        1 => u.int_in_range(0..=200usize).unwrap_or(0),
        _ => u.int_in_range(0..=24usize).unwrap_or(0),
    };
    if n == 0 {
        // No square of order 0 (the error may name it either way).
        assert!(construct(0).is_err() && construct_pandiagonal(0).is_err());
        return;
    }
    match construct(n) {
        Ok(square) => {
            assert!(n != 2);
            assert_eq!(square.order(), n);
            assert!(
                naive_is(n, square.cells(), Kind::MAGIC),
                "order {n}:\n{square}"
            );
        }
        Err(ConstructError::NoneExists { order }) => assert!(order == n && n == 2),
        Err(ConstructError::TooLarge { order }) => assert!(order == n && n > 65_535),
        Err(e) => panic!("{e:?}"),
    }
    // Pandiagonal squares exist for order 1 and the orders from 4 up that
    // are not 2 more than a multiple of 4.
    let exists = n == 1 || (n >= 4 && n % 4 != 2);
    match construct_pandiagonal(n) {
        Ok(square) => {
            assert!(exists, "order {n}");
            assert_eq!(square.order(), n);
            assert!(
                naive_is(n, square.cells(), Kind::PANDIAGONAL),
                "order {n}:\n{square}"
            );
        }
        Err(ConstructError::NoneExists { order }) => assert!(order == n && !exists),
        Err(ConstructError::TooLarge { order }) => assert!(order == n && n > 65_535),
        Err(e) => panic!("{e:?}"),
    }
});
