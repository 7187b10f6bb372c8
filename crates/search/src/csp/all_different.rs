//! All-different with generalised arc consistency (Régin's matching method).

use super::constraint::{Conflict, Constraint, Propagation};
use super::domain::{Domain, SmallDomain};
use super::var::Var;
use smallvec::SmallVec;

const NONE: u32 = u32::MAX;

/// Scopes up to this size keep their variables and matching inline, with
/// no allocation (a sudoku house has 9, a logic-grid category up to 16).
const INLINE_VARS: usize = 16;

/// The variables take pairwise different values.
///
/// Propagation achieves generalised arc consistency: a value stays in a
/// domain exactly when some assignment of all the variables, all different
/// and within their domains, uses it. It finds a maximum matching of
/// variables to values (kept between calls as a hint and repaired by
/// augmenting paths), then keeps an unmatched edge only if it lies on an
/// alternating cycle or on an alternating path to a free value: one strongly
/// connected components pass over the variables, with a virtual node for
/// the free values. This catches every Hall set, not only assigned values.
///
/// Built with [`Model::all_different`](super::Model::all_different).
///
/// # Example
///
/// Three variables over two values cannot be all different:
///
/// ```
/// use kongming_search::csp::{Model, SmallDomain, Solver};
///
/// let mut model = Model::<SmallDomain>::new();
/// let v = model.new_vars(3, 0, 1)?;
/// model.all_different(&v);
/// let mut solver = Solver::new(model);
/// assert_eq!(solver.count(), 0);
/// assert_eq!(solver.stats().nodes, 0); // refuted before any decision
/// # Ok::<(), kongming_search::csp::ModelError>(())
/// ```
#[derive(Clone, Debug)]
pub struct AllDifferent<D = SmallDomain> {
    /// The scope; inline (no allocation) up to [`INLINE_VARS`] variables.
    vars: SmallVec<[Var; INLINE_VARS]>,
    /// Positions (in `vars`) of the variables with more than one value
    /// (general path; the word path keeps its own on the stack).
    free: Vec<u32>,
    /// The value matched to each variable (by position in `vars`), a hint
    /// kept between calls.
    mate: SmallVec<[u32; INLINE_VARS]>,
    /// For each value, the index in `free` of the variable matched to it.
    owner: Vec<u32>,
    /// Scratch for augmenting paths: the round in which a value was seen.
    seen: Vec<u32>,
    round: u32,
    path: Vec<(u32, D)>,
    graph: Graph,
    removals: Vec<(u32, u32)>,
}

/// Adjacency of the free variables (plus one node standing for the free
/// values) and the state of an iterative Tarjan components pass.
#[derive(Clone, Debug, Default)]
struct Graph {
    starts: Vec<u32>,
    edges: Vec<u32>,
    index: Vec<u32>,
    low: Vec<u32>,
    component: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<u32>,
    calls: Vec<(u32, u32)>,
    /// For graphs of at most 64 nodes: `reach[j]` is the set of nodes
    /// reachable from `j` (itself included), by bitset transitive closure.
    reach: Vec<u64>,
}

impl<D: Domain> AllDifferent<D> {
    /// All-different over `vars`.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{AllDifferent, Model, SmallDomain, Solver};
    ///
    /// let mut model = Model::<SmallDomain>::new();
    /// let v = model.new_vars(3, 0, 2)?;
    /// model.add(AllDifferent::new(&v));
    /// assert_eq!(Solver::new(model).count(), 6);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    #[must_use]
    pub fn new(vars: &[Var]) -> Self {
        let n = vars.len();
        AllDifferent {
            vars: SmallVec::from_slice(vars),
            free: Vec::new(),
            mate: smallvec::smallvec![NONE; n],
            owner: Vec::new(),
            seen: Vec::new(),
            round: 0,
            // The general path's scratch grows on first use: most models
            // take the word-at-a-time path and never need it.
            path: Vec::new(),
            graph: Graph::default(),
            removals: Vec::new(),
        }
    }

    /// Generalised arc consistency when every value is below 64 and the
    /// scope has at most 63 variables: the same algorithm as the general
    /// path, on one `u64` per domain, with every scratch array on the
    /// stack. Returns `None` when it does not apply.
    fn propagate_bits(&mut self, p: &mut Propagation<'_, D>) -> Option<Result<(), Conflict>> {
        let n = self.vars.len();
        if n > MAX_WORD_VARS {
            return None;
        }
        // Scratch arrays sized for the scope: small ones are cheap to clear.
        if n < 16 {
            self.propagate_word::<16>(p)
        } else {
            self.propagate_word::<64>(p)
        }
    }

    /// The word path with arrays of `N` slots (a power of two above the
    /// number of variables).
    fn propagate_word<const N: usize>(
        &mut self,
        p: &mut Propagation<'_, D>,
    ) -> Option<Result<(), Conflict>> {
        let n = self.vars.len();
        let mut bits = [0u64; N];
        for (d, &x) in bits.iter_mut().zip(&self.vars) {
            *d = p.domain(x).to_bits64()?;
        }
        let before = bits;
        let outcome = filter_bits(&mut bits, n, &mut self.mate);
        Some(outcome.and_then(|()| self.write_back(p, &before[..n], &bits[..n])))
    }

    /// Writes the domains in `after` back to the variables, where they
    /// differ from `before` (the domains read at the start).
    fn write_back(
        &self,
        p: &mut Propagation<'_, D>,
        before: &[u64],
        after: &[u64],
    ) -> Result<(), Conflict> {
        for ((&x, &old), &new) in self.vars.iter().zip(before).zip(after) {
            if old != new {
                p.intersect(x, &D::from_bits64(new))?;
            }
        }
        Ok(())
    }

    /// Removes the values of assigned variables from the others, until no
    /// new variable becomes assigned; fills `free` with the unassigned ones.
    fn eliminate_fixed(&mut self, p: &mut Propagation<'_, D>) -> Result<(), Conflict> {
        loop {
            let mut taken = D::with_capacity(0);
            self.free.clear();
            for (i, &x) in self.vars.iter().enumerate() {
                match p.value(x) {
                    Some(v) if taken.contains(v) => return Err(Conflict),
                    Some(v) => taken.insert(v),
                    None => self.free.push(i as u32),
                }
            }
            let mut newly_fixed = false;
            for &i in &self.free {
                let x = self.vars[i as usize];
                if p.domain(x).intersects(&taken) {
                    p.exclude(x, &taken)?;
                    newly_fixed |= p.value(x).is_some();
                }
            }
            if !newly_fixed {
                return Ok(());
            }
        }
    }

    /// Tries to match free variable `j` (an index into `free`), moving other
    /// variables along an augmenting path (explicit stack).
    fn augment(&mut self, p: &Propagation<'_, D>, j: u32) -> bool {
        self.path.clear();
        let x = self.vars[self.free[j as usize] as usize];
        self.path.push((j, p.domain(x).clone()));
        while let Some((_, candidates)) = self.path.last_mut() {
            let mut next = None;
            while let Some(v) = candidates.min() {
                candidates.remove(v);
                if self.seen[v as usize] != self.round {
                    self.seen[v as usize] = self.round;
                    next = Some(v);
                    break;
                }
            }
            let Some(v) = next else {
                self.path.pop();
                continue;
            };
            let holder = self.owner[v as usize];
            if holder == NONE {
                // A free value: shift every variable on the path along.
                let mut value = v;
                while let Some((k, _)) = self.path.pop() {
                    let position = self.free[k as usize] as usize;
                    let previous = self.mate[position];
                    self.mate[position] = value;
                    self.owner[value as usize] = k;
                    value = previous;
                }
                return true;
            }
            let y = self.vars[self.free[holder as usize] as usize];
            self.path.push((holder, p.domain(y).clone()));
        }
        false
    }

    /// Matches every free variable to a distinct value, or reports a conflict.
    fn match_free(&mut self, p: &Propagation<'_, D>, values: &D) -> Result<(), Conflict> {
        let top = values.max().map_or(0, |m| m as usize + 1);
        if self.owner.len() < top {
            self.owner.resize(top, NONE);
            self.seen.resize(top, 0);
        }
        for v in values.iter() {
            self.owner[v as usize] = NONE;
        }
        let mut unmatched = false;
        for (k, &i) in self.free.iter().enumerate() {
            let v = self.mate[i as usize];
            if v != NONE
                && p.domain(self.vars[i as usize]).contains(v)
                && self.owner[v as usize] == NONE
            {
                self.owner[v as usize] = k as u32;
            } else {
                self.mate[i as usize] = NONE;
                unmatched = true;
            }
        }
        if !unmatched {
            return Ok(());
        }
        for k in 0..self.free.len() as u32 {
            if self.mate[self.free[k as usize] as usize] != NONE {
                continue;
            }
            self.round = self.round.wrapping_add(1);
            if self.round == 0 {
                self.seen.fill(0);
                self.round = 1;
            }
            if !self.augment(p, k) {
                return Err(Conflict);
            }
        }
        Ok(())
    }

    /// Builds the graph over free variables: `j -> k` when `j` may take
    /// `k`'s matched value, `j -> sink` when `j` may take an unmatched
    /// value, and `sink -> every j` when some variable reaches the sink.
    fn build_graph(&mut self, p: &Propagation<'_, D>) {
        let n = self.free.len() as u32;
        let sink = n;
        let g = &mut self.graph;
        g.starts.clear();
        g.edges.clear();
        let mut any_to_sink = false;
        for &i in &self.free {
            g.starts.push(g.edges.len() as u32);
            let mate = self.mate[i as usize];
            let mut to_sink = false;
            for v in p.domain(self.vars[i as usize]).iter() {
                if v == mate {
                    continue;
                }
                match self.owner[v as usize] {
                    NONE => to_sink = true,
                    k => g.edges.push(k),
                }
            }
            if to_sink {
                g.edges.push(sink);
                any_to_sink = true;
            }
        }
        g.starts.push(g.edges.len() as u32);
        if any_to_sink {
            g.edges.extend(0..n);
        }
        g.starts.push(g.edges.len() as u32);
    }

    /// Removes every value whose edge joins two different components.
    fn prune(&mut self, p: &mut Propagation<'_, D>) -> Result<(), Conflict> {
        self.removals.clear();
        for (j, &i) in self.free.iter().enumerate() {
            let mate = self.mate[i as usize];
            for v in p.domain(self.vars[i as usize]).iter() {
                if v == mate {
                    continue;
                }
                let k = self.owner[v as usize];
                if k != NONE && !self.graph.same_component(j as u32, k) {
                    self.removals.push((i, v));
                }
            }
        }
        for &(i, v) in &self.removals {
            p.remove(self.vars[i as usize], v)?;
        }
        Ok(())
    }
}

/// The most variables the word-at-a-time path takes: with the node for the
/// free values, the graph has at most 64 nodes, one bit each.
const MAX_WORD_VARS: usize = 63;

/// Narrows `doms[..n]` (one bitset per variable, every value below 64,
/// `n` at most [`MAX_WORD_VARS`]) to generalised arc consistency. `mate`
/// holds the matched value of each variable, a hint kept between calls.
/// The arrays have `N` slots, a power of two above `n`; indices are masked
/// to `0..N`, always in bounds, so no checks.
fn filter_bits<const N: usize>(
    doms: &mut [u64; N],
    n: usize,
    mate: &mut [u32],
) -> Result<(), Conflict> {
    debug_assert!(N.is_power_of_two() && N <= 64 && n < N && mate.len() == n);
    // Values of assigned variables leave the others, until no new one;
    // the last pass also lists the free variables (more than one value,
    // by position in `doms`) and the union of their domains.
    let mut free = [0u8; N];
    let (n, union) = loop {
        let mut taken = 0u64;
        for &d in &doms[..n] {
            if d.is_power_of_two() {
                if taken & d != 0 {
                    return Err(Conflict);
                }
                taken |= d;
            }
        }
        let mut newly_fixed = false;
        let mut count = 0;
        let mut union = 0u64;
        for (i, d) in doms[..n].iter_mut().enumerate() {
            if d.is_power_of_two() {
                continue;
            }
            if *d & taken != 0 {
                *d &= !taken;
                if *d == 0 {
                    return Err(Conflict);
                }
                if d.is_power_of_two() {
                    newly_fixed = true;
                    continue;
                }
            }
            free[count & (N - 1)] = i as u8;
            count += 1;
            union |= *d;
        }
        if !newly_fixed {
            break (count, union);
        }
    };
    if n <= 1 {
        return Ok(());
    }
    if (union.count_ones() as usize) < n {
        return Err(Conflict); // pigeonhole
    }
    let dom_of = |doms: &[u64; N], k: usize| doms[free[k & (N - 1)] as usize & (N - 1)];
    // A maximum matching: `owner[v]` is the free index matched to value v.
    let mut owner = [u8::MAX; 64];
    let mut matched = 0u64;
    let mut unmatched: u64 = 0;
    for k in 0..n {
        let i = free[k & (N - 1)] as usize;
        let v = mate.get(i).copied().unwrap_or(NONE);
        if v < 64 && dom_of(doms, k) >> v & 1 == 1 && matched >> v & 1 == 0 {
            owner[v as usize & 63] = k as u8;
            matched |= 1 << v;
        } else {
            unmatched |= 1 << k;
        }
    }
    while unmatched != 0 {
        let k = unmatched.trailing_zeros() as usize;
        unmatched &= unmatched - 1;
        if !augment_bits(doms, &free, mate, &mut owner, &mut matched, k) {
            return Err(Conflict);
        }
    }
    // The value matched to free variable k (below 64 once all are matched).
    let mate_of = |k: usize| mate[free[k & (N - 1)] as usize] & 63;
    // The graph over free variables plus a sink for the free values:
    // k -> l when k may take l's value; k -> sink when k may take a free
    // value; sink -> all when anyone reaches it.
    let free_values = union & !matched;
    let sink = n;
    let mut reach = [0u64; N];
    for k in 0..n {
        let d = dom_of(doms, k);
        let mut others = d & matched & !(1u64 << mate_of(k));
        let mut edges = 1u64 << k;
        while others != 0 {
            let v = others.trailing_zeros();
            others &= others - 1;
            edges |= 1 << (owner[v as usize & 63] & 63);
        }
        if d & free_values != 0 {
            edges |= 1 << sink;
        }
        reach[k & (N - 1)] = edges;
    }
    // n + 1 nodes with the sink: at most 64, so the mask may be full.
    reach[sink & (N - 1)] = if free_values != 0 {
        u64::MAX >> (63 - n)
    } else {
        1 << sink
    };
    // Transitive closure (Warshall), without branches: a row takes in
    // `through` exactly when it reaches `m` (the mask is all ones then).
    let nodes = &mut reach[..=n];
    for m in 0..nodes.len() {
        let through = nodes[m];
        for r in nodes.iter_mut() {
            *r |= through & 0u64.wrapping_sub(*r >> m & 1);
        }
    }
    // Each variable keeps its own value, the free values, and the values
    // of the variables in its strongly connected component: found once
    // per component, from its first member.
    let variables = u64::MAX >> (64 - n);
    let mut done = 0u64;
    for k in 0..n {
        if done >> k & 1 == 1 {
            continue;
        }
        let mut members = 0u64;
        let mut values = 0u64;
        let mut candidates = reach[k & (N - 1)] & variables;
        while candidates != 0 {
            let l = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            if reach[l & (N - 1)] >> k & 1 == 1 {
                members |= 1 << l;
                values |= 1 << mate_of(l);
            }
        }
        done |= members;
        let keep = values | free_values;
        while members != 0 {
            let l = members.trailing_zeros() as usize;
            members &= members - 1;
            doms[free[l & (N - 1)] as usize & (N - 1)] &= keep;
        }
    }
    Ok(())
}

/// Matches free variable `k` (an index into `free`) by an augmenting path,
/// depth first with an explicit stack; values are bits of a `u64`.
fn augment_bits<const N: usize>(
    doms: &[u64; N],
    free: &[u8; N],
    mate: &mut [u32],
    owner: &mut [u8; 64],
    matched: &mut u64,
    k: usize,
) -> bool {
    // Every value is tried at most once per call: the values a step may
    // still try are its domain minus `seen`. Each step after the first is
    // the owner of a distinct matched value and `k` owns none, so the
    // path (free indices) holds at most `n < N` steps.
    let mut seen = 0u64;
    let mut steps = [0u8; N];
    let mut len = 1;
    steps[0] = k as u8;
    while len > 0 {
        let step = steps[(len - 1) & (N - 1)] as usize;
        let options = doms[free[step & (N - 1)] as usize & (N - 1)] & !seen;
        if options == 0 {
            len -= 1;
            continue;
        }
        let v = options.trailing_zeros();
        seen |= 1 << v;
        if *matched >> v & 1 == 0 {
            // A free value: shift every variable on the path along.
            *matched |= 1 << v;
            let mut value = v;
            for &l in steps[..len.min(N)].iter().rev() {
                let position = free[l as usize & (N - 1)] as usize;
                let previous = mate[position];
                mate[position] = value;
                owner[value as usize & 63] = l;
                value = previous;
            }
            return true;
        }
        debug_assert!(len < N, "an augmenting path visits each variable once");
        steps[len & (N - 1)] = owner[v as usize & 63];
        len += 1;
    }
    false
}

impl Graph {
    /// Finds the strongly connected components of nodes `0..nodes`: by
    /// bitset transitive closure (Warshall) when they fit in a word, which
    /// is cheaper for the small scopes of most puzzles, else by Tarjan.
    fn components(&mut self, nodes: usize) {
        if nodes <= 64 {
            self.close_reachability(nodes);
        } else {
            self.reach.clear();
            self.tarjan(nodes);
        }
    }

    /// Whether nodes `j` and `k` lie in one strongly connected component.
    #[inline]
    fn same_component(&self, j: u32, k: u32) -> bool {
        if self.reach.is_empty() {
            self.component[j as usize] == self.component[k as usize]
        } else {
            self.reach[j as usize] >> k & 1 == 1 && self.reach[k as usize] >> j & 1 == 1
        }
    }

    fn close_reachability(&mut self, nodes: usize) {
        self.reach.clear();
        for j in 0..nodes {
            let (start, end) = (self.starts[j] as usize, self.starts[j + 1] as usize);
            let direct = self.edges[start..end]
                .iter()
                .fold(1u64 << j, |m, &k| m | 1 << k);
            self.reach.push(direct);
        }
        for m in 0..nodes {
            let through = self.reach[m];
            for r in &mut self.reach {
                if *r >> m & 1 == 1 {
                    *r |= through;
                }
            }
        }
    }

    /// Tarjan's strongly connected components, iteratively, over nodes
    /// `0..nodes`; fills `component`.
    fn tarjan(&mut self, nodes: usize) {
        const UNSEEN: u32 = u32::MAX;
        self.index.clear();
        self.index.resize(nodes, UNSEEN);
        self.low.clear();
        self.low.resize(nodes, 0);
        self.component.clear();
        self.component.resize(nodes, UNSEEN);
        self.on_stack.clear();
        self.on_stack.resize(nodes, false);
        self.stack.clear();
        let mut counter = 0u32;
        let mut components = 0u32;
        for root in 0..nodes as u32 {
            if self.index[root as usize] != UNSEEN {
                continue;
            }
            self.calls.push((root, self.starts[root as usize]));
            self.index[root as usize] = counter;
            self.low[root as usize] = counter;
            counter += 1;
            self.stack.push(root);
            self.on_stack[root as usize] = true;
            while let Some(&mut (node, ref mut edge)) = self.calls.last_mut() {
                let end = self.starts[node as usize + 1];
                if *edge < end {
                    let next = self.edges[*edge as usize];
                    *edge += 1;
                    let n = next as usize;
                    if self.index[n] == UNSEEN {
                        self.index[n] = counter;
                        self.low[n] = counter;
                        counter += 1;
                        self.stack.push(next);
                        self.on_stack[n] = true;
                        self.calls.push((next, self.starts[n]));
                    } else if self.on_stack[n] {
                        self.low[node as usize] = self.low[node as usize].min(self.index[n]);
                    }
                    continue;
                }
                self.calls.pop();
                let u = node as usize;
                if let Some(&(parent, _)) = self.calls.last() {
                    let p = parent as usize;
                    self.low[p] = self.low[p].min(self.low[u]);
                }
                if self.low[u] == self.index[u] {
                    while let Some(w) = self.stack.pop() {
                        self.on_stack[w as usize] = false;
                        self.component[w as usize] = components;
                        if w == node {
                            break;
                        }
                    }
                    components += 1;
                }
            }
        }
    }
}

impl<D: Domain> Constraint<D> for AllDifferent<D> {
    fn scope(&self) -> &[Var] {
        &self.vars
    }

    fn propagate(&mut self, p: &mut Propagation<'_, D>) -> Result<(), Conflict> {
        if let Some(result) = self.propagate_bits(p) {
            return result;
        }
        self.eliminate_fixed(p)?;
        if self.free.len() <= 1 {
            return Ok(());
        }
        let mut values = D::with_capacity(0);
        for &i in &self.free {
            values.union_with(p.domain(self.vars[i as usize]));
        }
        if (values.len() as usize) < self.free.len() {
            return Err(Conflict); // pigeonhole
        }
        self.match_free(p, &values)?;
        self.build_graph(p);
        self.graph.components(self.free.len() + 1);
        self.prune(p)?;
        // Pruning may have assigned variables; their values are already
        // gone from the others (GAC), so one call reaches the fixpoint.
        Ok(())
    }

    fn check(&self, values: &[u32]) -> bool {
        // Values below 64 in one word; any other, by sorting.
        let mut seen = 0u64;
        let mut small = true;
        for x in &self.vars {
            let v = values[x.index()];
            if v >= 64 {
                small = false;
                break;
            }
            if seen >> v & 1 == 1 {
                return false;
            }
            seen |= 1 << v;
        }
        if small {
            return true;
        }
        let mut seen: Vec<u32> = self.vars.iter().map(|x| values[x.index()]).collect();
        seen.sort_unstable();
        seen.windows(2).all(|w| w[0] != w[1])
    }

    fn is_idempotent(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use crate::csp::{Domain, LargeDomain, Mac, Model, SmallDomain};

    /// `n` variables: the first `n - 1` over `0..n-1`, the last over `0..n`.
    /// The first ones form a Hall set, so GAC must fix the last to `n - 1`.
    fn hall_set<D: Domain>(n: u32) -> (Mac<D>, Vec<crate::csp::Var>) {
        let mut model = Model::<D>::new();
        let mut vars = model.new_vars(n as usize - 1, 0, n - 2).expect("fits");
        vars.push(model.new_var(0, n - 1).expect("fits"));
        model.all_different(&vars);
        (Mac::new(model), vars)
    }

    #[test]
    fn a_hall_set_is_found_by_closure_and_by_tarjan() {
        // 10 variables: the bitset closure; 80: Tarjan (more than 64 nodes).
        let (mac, vars) = hall_set::<SmallDomain>(10);
        assert_eq!(mac.domain(vars[9]).single_value(), Some(9));
        assert_eq!(mac.domain(vars[0]).len(), 9);
        let (mac, vars) = hall_set::<LargeDomain>(80);
        assert!(!mac.is_failed());
        assert_eq!(mac.domain(vars[79]).single_value(), Some(79));
        assert_eq!(mac.domain(vars[0]).len(), 79);
    }

    #[test]
    fn pigeonhole_fails_at_the_root_for_both_sizes() {
        for n in [5u32, 70] {
            let mut model = Model::<LargeDomain>::new();
            let vars = model.new_vars(n as usize, 0, n - 2).expect("fits");
            model.all_different(&vars);
            assert!(Mac::new(model).is_failed(), "n = {n}");
        }
    }

    #[test]
    fn hidden_pairs_are_pruned() {
        // x0, x1 in {0, 1}; x2 in {0, 1, 2, 3}; x3 in {1, 2, 3}:
        // {x0, x1} take {0, 1}, so x2 and x3 lose them.
        let mut model = Model::<SmallDomain>::new();
        let x0 = model.new_var(0, 1).expect("fits");
        let x1 = model.new_var(0, 1).expect("fits");
        let x2 = model.new_var(0, 3).expect("fits");
        let x3 = model.new_var(1, 3).expect("fits");
        model.all_different(&[x0, x1, x2, x3]);
        let mac = Mac::new(model);
        assert_eq!(mac.domain(x2).iter().collect::<Vec<_>>(), [2, 3]);
        assert_eq!(mac.domain(x3).iter().collect::<Vec<_>>(), [2, 3]);
        assert_eq!(mac.domain(x0).len(), 2);
    }
}
