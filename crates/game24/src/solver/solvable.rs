//! Yes or no for a hand of the fast path, from the table of sub-hands
//! ([`super::sub_hands`]): the hand is split into two sides in every way,
//! and the last step is a lookup — a bit of a finishing mask for a small
//! integer, a binary search among a side's values otherwise.

use super::Fallback;
use super::masks::small_integer;
use super::sub_hand::{MAX_FAST_NUMBERS, SubHand};
use super::sub_hands::SubHandTable;

impl SubHandTable {
    /// Whether the numbers of `hand` (two to four) make the target.
    pub(super) fn solvable(&mut self, hand: SubHand) -> Result<bool, Fallback> {
        self.keep_made = false;
        let n = usize::from(hand.len);
        // Splits with a single number first: a mask or a few lookups.
        for k in 0..n {
            if k > 0 && hand.indices[k] == hand.indices[k - 1] {
                continue;
            }
            let mut rest = SubHand {
                len: hand.len - 1,
                ..SubHand::default()
            };
            for (m, &x) in hand.indices[..n].iter().enumerate() {
                if m != k {
                    rest.indices[m - usize::from(m > k)] = x;
                }
            }
            let one = hand.indices[k];
            if rest.len == 1 {
                let y = self.number(rest.indices[0]);
                if self.number_finishers(one).contains(&Some(y)) {
                    return Ok(true);
                }
                continue;
            }
            let at = self.info(rest)?;
            let hit = match small_integer(self.number(one)) {
                Some(bit) => self.infos[at].any_mask >> bit & 1 == 1,
                None => {
                    let to_target = self.number_finishers(one);
                    let values = self.values(at)?;
                    to_target
                        .iter()
                        .flatten()
                        .any(|wanted| values.binary_search(wanted).is_ok())
                }
            };
            if hit {
                return Ok(true);
            }
        }
        if n == MAX_FAST_NUMBERS {
            // Two pairs (a pairing met twice is only tested twice).
            let h = hand.indices;
            for (p, q) in [(1, 2), (2, 1), (3, 1)] {
                // {0, p} and the other two.
                let r = 6 - p - q;
                let (a, b) = (SubHand::pair(h[0], h[p]), SubHand::pair(h[q], h[r]));
                let (pa, pb) = (self.info(a)?, self.info(b)?);
                if self.pairs_meet(pa, pb) {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }
}
