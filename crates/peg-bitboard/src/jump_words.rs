//! The legal jumps of a position as the set bits of a few words.
//!
//! A [`JumpGroup`] finds its legal jumps with one AND chain, as a mask of
//! their `from` holes. Looping over each group's mask costs a loop exit
//! per group, and which groups have legal jumps is data: on the English
//! board, twelve hard-to-predict branches a position. So each group's
//! mask is shifted to a place of its own in one of a few words (its bits
//! apart from every other group's there), the masks of a word ORed
//! together, and the loop runs over each word's set bits: two words on
//! the English board, two loop exits a position in place of twelve
//! unpredictable ones, in the census's innermost loop.

use crate::board::JumpGroup;
use crate::position::Shift;

/// The groups sharing one word, and the jump at each of its bits.
#[derive(Clone, Debug)]
pub(crate) struct JumpWord {
    /// The groups placed in this word.
    pub(crate) groups: Vec<PlacedGroup>,
    /// The index (into the board's jumps) of the jump at each bit used.
    pub(crate) jump_at: [u16; 64],
}

/// A [`JumpGroup`] placed in its word, as rotations: bit `i` of
/// `x.rotate_right(r)` is bit `i + r` of `x` (indices mod 64), so where
/// no bit wraps round a rotation is the shift of the same offset, one
/// instruction where a shift of either sign takes two. Every bit the
/// group keeps is a `from` hole whose `over` and `to` holes are on the
/// board, and its place in the word keeps every `from` hole: no bit that
/// matters wraps round, and the place can be folded into the other
/// rotations (a rotation of an AND is the AND of the rotations).
#[derive(Clone, Copy, Debug)]
pub(crate) struct PlacedGroup {
    /// The `from` holes of the group's jumps, at their places.
    pub(crate) mask: u64,
    /// The rotation from the `from` holes to their places.
    pub(crate) place: u32,
    /// The rotation from the `over` holes to the places of their `from`
    /// holes (the offset `over - from` and the place's).
    pub(crate) over: u32,
    /// The same from the `to` holes.
    pub(crate) to: u32,
}

impl JumpWord {
    /// The jumps of this word whose `from` and `over` holes are in
    /// `takeoff` and whose `to` hole is in `landing`: the legal ones, with
    /// the pegs as `takeoff` and the empty holes as `landing` for jumps
    /// played forwards, the other way round for jumps played back; as
    /// bits to look up in [`jump_at`](Self::jump_at).
    #[inline(always)]
    pub(crate) fn legal(&self, takeoff: u64, landing: u64) -> u64 {
        self.groups.iter().fold(0, |legal, group| {
            let from = takeoff.rotate_right(group.place) & takeoff.rotate_right(group.over);
            legal | group.mask & from & landing.rotate_right(group.to)
        })
    }

    /// The indices (into the board's jumps) of this word's jumps legal
    /// from `takeoff` to `landing` (see [`legal`](Self::legal)), one set
    /// bit at a time.
    #[inline(always)]
    pub(crate) fn jumps(&self, takeoff: u64, landing: u64) -> impl Iterator<Item = u16> + '_ {
        let mut legal = self.legal(takeoff, landing);
        std::iter::from_fn(move || {
            (legal != 0).then(|| {
                let bit = legal.trailing_zeros() as usize;
                legal &= legal - 1;
                self.jump_at[bit]
            })
        })
    }
}

/// Places each of `groups` in the first word where its `from` holes,
/// shifted, keep all their bits and meet no other group's: at most one
/// word per group (each fits a word of its own unshifted).
pub(crate) fn pack(groups: &[JumpGroup]) -> Vec<JumpWord> {
    let mut words: Vec<(u64, JumpWord)> = Vec::new();
    for group in groups {
        let mask = group.from_mask;
        let fits = |used: u64, offset: i32| {
            let moved = Shift::new(offset).apply(mask);
            moved.count_ones() == mask.count_ones() && moved & used == 0
        };
        // Offsets nearest zero first; zero always fits an empty word.
        let offsets = (0..64).flat_map(|distance| [distance, -distance]);
        let found = words.iter().enumerate().find_map(|(at, (used, _))| {
            let offset = offsets.clone().find(|&offset| fits(*used, offset));
            offset.map(|offset| (at, offset))
        });
        let (at, offset) = found.unwrap_or_else(|| {
            words.push((
                0,
                JumpWord {
                    groups: Vec::new(),
                    jump_at: [u16::MAX; 64],
                },
            ));
            (words.len() - 1, 0)
        });
        let place = Shift::new(offset);
        let (used, word) = &mut words[at];
        *used |= place.apply(mask);
        let mut rest = mask;
        while rest != 0 {
            let from = rest.trailing_zeros();
            rest &= rest - 1;
            word.jump_at[place.apply(1 << from).trailing_zeros() as usize] =
                group.index[from as usize];
        }
        let rotation = |by: Shift| (by.offset() + offset).rem_euclid(64) as u32;
        word.groups.push(PlacedGroup {
            mask: place.apply(mask),
            place: offset.rem_euclid(64) as u32,
            over: rotation(group.over),
            to: rotation(group.to),
        });
    }
    words.into_iter().map(|(_, word)| word).collect()
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use crate::board::Board;
    use crate::test_rules::can_play;

    /// Every built-in board and a few odd shapes.
    fn boards() -> Vec<Board> {
        let mut boards: Vec<Board> = ["english", "french", "triangle", "diamond", "wiegleb"]
            .iter()
            .map(|name| Board::named(name).unwrap())
            .collect();
        boards.push(Board::triangular(8).unwrap());
        boards.push(["o o o o o o o o"; 8].join("\n").parse().unwrap());
        boards.push("o o o o o o o\n  o o o\no o o o o\n    o".parse().unwrap());
        boards
    }

    #[test]
    fn each_jump_has_one_bit_and_the_words_are_few() {
        for board in boards() {
            let words = board.jump_words();
            let mut seen = vec![0; board.jumps().len()];
            for word in words {
                for &jump in word.jump_at.iter().filter(|&&j| j != u16::MAX) {
                    seen[usize::from(jump)] += 1;
                }
            }
            assert!(seen.iter().all(|&n| n == 1), "{board}");
            // At most one word per group.
            assert!(words.len() <= board.jump_groups().len(), "{board}");
        }
        // Twelve groups in two words.
        assert_eq!(Board::english().jump_groups().len(), 12);
        assert_eq!(Board::english().jump_words().len(), 2);
    }

    #[test]
    fn the_bits_set_are_the_legal_jumps_played_either_way() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for board in boards() {
            for _ in 0..500 {
                let pegs = rng.random::<u64>() & board.holes();
                let empty = board.holes() & !pegs;
                for (takeoff, landing, backwards) in [(pegs, empty, false), (empty, pegs, true)] {
                    let mut found: Vec<usize> = board
                        .jump_words()
                        .iter()
                        .flat_map(|word| word.jumps(takeoff, landing).map(usize::from))
                        .collect();
                    found.sort_unstable();
                    let expected: Vec<usize> = (0..board.jumps().len())
                        .filter(|&j| can_play(&board.jumps()[j], pegs, backwards))
                        .collect();
                    assert_eq!(found, expected, "{board} {pegs:b} backwards {backwards}");
                }
            }
        }
    }
}
