//! The levels of a census's two searches, forward from the start and
//! backward from the complement of the target: [`BothWays`], the one
//! place that knows whether they are two searches or one.
//!
//! A game from S to T played backwards is a game from the complement of
//! T to the complement of S. When S is the complement of T (as in every
//! single-vacancy game ending in its starting hole), the backward search
//! is the forward one: its levels are the forward levels, not copied.
//! Both the levels the searches reach and the winnable positions kept
//! out of them ([`Meet`](super::meet::Meet)) are held this way, and
//! every stage reads the backward levels through [`BothWays::backward`].

/// Levels forward from the start, and backward from the complement of
/// the target (the forward ones when both searches are one).
pub(super) struct BothWays {
    /// Per number of jumps from the start.
    forward: Vec<Vec<u64>>,
    /// Per number of jumps from the complement of the target; `None` when
    /// both searches are one.
    backward: Option<Vec<Vec<u64>>>,
}

impl BothWays {
    /// Empty levels, `forward` of them forward and, unless `one_search`,
    /// `backward` of the backward search's own.
    pub(super) fn new(one_search: bool, forward: usize, backward: usize) -> BothWays {
        BothWays {
            forward: vec![Vec::new(); forward],
            backward: (!one_search).then(|| vec![Vec::new(); backward]),
        }
    }

    /// Whether both searches are one (the start is the complement of the
    /// target).
    pub(super) fn one_search(&self) -> bool {
        self.backward.is_none()
    }

    /// The forward levels.
    pub(super) fn forward(&self) -> &[Vec<u64>] {
        &self.forward
    }

    /// The forward levels, to build or narrow.
    pub(super) fn forward_mut(&mut self) -> &mut Vec<Vec<u64>> {
        &mut self.forward
    }

    /// The backward levels: the forward ones when both searches are one.
    pub(super) fn backward(&self) -> &[Vec<u64>] {
        self.backward.as_deref().unwrap_or(&self.forward)
    }

    /// The backward levels, to narrow: the forward ones when both
    /// searches are one.
    pub(super) fn backward_mut(&mut self) -> &mut Vec<Vec<u64>> {
        match &mut self.backward {
            Some(backward) => backward,
            None => &mut self.forward,
        }
    }

    /// The backward search's own levels, to build; `None` when both
    /// searches are one (the forward search builds them).
    pub(super) fn own_backward_mut(&mut self) -> Option<&mut Vec<Vec<u64>>> {
        self.backward.as_mut()
    }
}

/// Takes level `level` of `levels`, empty if there is none.
pub(super) fn take_level(levels: &mut [Vec<u64>], level: usize) -> Vec<u64> {
    levels
        .get_mut(level)
        .map(std::mem::take)
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_search_reads_its_backward_levels_from_its_forward_ones() {
        let mut one = BothWays::new(true, 3, 2);
        one.forward_mut()[1] = vec![5, 7];
        assert!(one.one_search());
        assert_eq!(one.backward(), one.forward());
        assert_eq!(take_level(one.backward_mut(), 1), [5, 7]);
        assert!(one.forward()[1].is_empty());
        assert!(one.own_backward_mut().is_none());
        let mut two = BothWays::new(false, 3, 2);
        two.forward_mut()[1] = vec![5, 7];
        two.backward_mut()[0] = vec![9];
        assert!(!two.one_search());
        assert_eq!((two.forward().len(), two.backward().len()), (3, 2));
        assert_eq!(two.backward()[0], [9]);
        assert_eq!(two.forward()[1], [5, 7]);
        assert!(take_level(two.backward_mut(), 5).is_empty());
        two.own_backward_mut().expect("its own").push(vec![1]);
        assert_eq!(two.backward().len(), 3);
    }
}
