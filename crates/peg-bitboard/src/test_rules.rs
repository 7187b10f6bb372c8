//! The rules of a jump, written plainly, for unit tests to check the
//! bit-parallel paths against.

use crate::Jump;

/// Whether `jump` can be played on `pegs`: pegs at its start and the
/// hole it jumps over, its landing hole empty. `backwards`: whether it can
/// be played back (the reverse: a peg at its landing hole, the other two
/// empty).
pub(crate) fn can_play(jump: &Jump, pegs: u64, backwards: bool) -> bool {
    let (full, open) = (jump.from().bit() | jump.over().bit(), jump.to().bit());
    let (full, open) = if backwards {
        (open, full)
    } else {
        (full, open)
    };
    pegs & full == full && pegs & open == 0
}
