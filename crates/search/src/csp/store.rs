//! The domains of all variables, with trail-based undo.

use super::domain::Domain;

/// Domains of every variable, a trail of overwritten domains for undo, and
/// the list of variables changed since the propagation engine last looked.
///
/// Undo is by trail: the first change of a variable at a level saves its
/// previous domain once; popping the level restores those saved domains.
#[derive(Clone, Debug)]
pub(crate) struct Store<D> {
    domains: Vec<D>,
    trail: Vec<(u32, D)>,
    /// The level stamp at which each variable was last saved on the trail.
    saved_at: Vec<u64>,
    /// The stamp of the current level (0 at the root: never undone).
    stamp: u64,
    last_stamp: u64,
    /// For each open level: the trail length, the stamp of the level below
    /// and the settled variables when it opened.
    levels: Vec<(usize, u64, u64)>,
    /// The settled variables among the first 64, as bits: each has a single
    /// value and the arcs out of it have been revised (or are being), so
    /// that every value left in a neighbour agrees with its value (see
    /// `Propagator::revise_by_target`). Restored with the domains.
    settled: u64,
    /// Variables changed since the last [`Store::take_changes`], each with its
    /// domain before the first of those changes.
    changes: Vec<(u32, D)>,
    noted_at: Vec<u64>,
    change_round: u64,
}

impl<D: Domain> Store<D> {
    pub(crate) fn new(domains: Vec<D>) -> Self {
        let n = domains.len();
        Store {
            domains,
            trail: Vec::new(),
            saved_at: vec![0; n],
            stamp: 0,
            last_stamp: 0,
            levels: Vec::new(),
            settled: 0,
            changes: Vec::new(),
            noted_at: vec![0; n],
            change_round: 1,
        }
    }

    #[inline]
    pub(crate) fn domain(&self, var: u32) -> &D {
        &self.domains[var as usize]
    }

    pub(crate) fn domains(&self) -> &[D] {
        &self.domains
    }

    /// The settled variables among the first 64, as bits (see
    /// [`Store::settle`]).
    #[inline(always)]
    pub(crate) fn settled(&self) -> u64 {
        self.settled
    }

    /// Records that `var`, single-valued, is settled: the arcs out of it
    /// are being revised, and its neighbours will all agree with its value
    /// unless that fails. Undone with the level. Variables from 64 on are
    /// not recorded.
    #[inline(always)]
    pub(crate) fn settle(&mut self, var: u32) {
        self.settled |= 1u64.checked_shl(var).unwrap_or(0);
    }

    pub(crate) fn len(&self) -> usize {
        self.domains.len()
    }

    /// Replaces the domain of `var` by `new`, which must be a non-empty
    /// subset of it that differs from it.
    #[inline]
    pub(crate) fn set(&mut self, var: u32, new: D) {
        let i = var as usize;
        if self.saved_at[i] != self.stamp {
            self.saved_at[i] = self.stamp;
            self.trail.push((var, self.domains[i].clone()));
        }
        if self.noted_at[i] != self.change_round {
            self.noted_at[i] = self.change_round;
            self.changes.push((var, self.domains[i].clone()));
        }
        self.domains[i] = new;
    }

    /// Like [`Store::set`], without recording the change for
    /// [`Store::take_changes`] (the caller schedules and reports it).
    #[inline]
    pub(crate) fn set_quietly(&mut self, var: u32, new: D) {
        let i = var as usize;
        let domain = &mut self.domains[i];
        if let Some(saved) = self.saved_at.get_mut(i)
            && *saved != self.stamp
        {
            *saved = self.stamp;
            self.trail.push((var, domain.clone()));
        }
        *domain = new;
    }

    /// Moves the recorded changes into `out` (cleared first).
    #[inline]
    pub(crate) fn take_changes(&mut self, out: &mut Vec<(u32, D)>) {
        out.clear();
        std::mem::swap(out, &mut self.changes);
        self.change_round += 1;
    }

    /// Forgets recorded changes (after a conflict).
    pub(crate) fn discard_changes(&mut self) {
        self.changes.clear();
        self.change_round += 1;
    }

    /// Opens a level: changes from now on are undone by [`Store::pop_level`].
    #[inline]
    pub(crate) fn push_level(&mut self) {
        self.levels
            .push((self.trail.len(), self.stamp, self.settled));
        self.last_stamp += 1;
        self.stamp = self.last_stamp;
    }

    /// Restores every domain changed since the matching [`Store::push_level`].
    #[inline]
    pub(crate) fn pop_level(&mut self) {
        let (len, stamp, settled) = self.levels.pop().expect("pop_level without push_level");
        while self.trail.len() > len {
            let (var, old) = self.trail.pop().expect("trail is longer than len");
            self.domains[var as usize] = old;
        }
        self.stamp = stamp;
        self.settled = settled;
    }
}
