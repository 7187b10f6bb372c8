//! Difficulty grades are the documented measure: the first of propagation,
//! singleton consistency and case splits that settles a puzzle, recomputed
//! here by the test oracle's brute-force propagation (and its own
//! singleton tests, in the documented order, with the same count of values
//! ruled out); and the grades' order sorts puzzles by that measure.

mod common;

use common::{Doms, Oracle};
use kongming_zebra_csp::{Difficulty, Generator, Puzzle, einstein, life};

/// The documented measure, by the oracle: `(0, 0)` when propagation
/// settles every value, `(1, removals)` when singleton consistency does
/// (its singleton tests ruling out `removals` values), else `(2, _)`.
fn measure(oracle: &Oracle) -> (u8, u64) {
    let settled = |doms: &Doms| doms.iter().flatten().all(|d| d.count_ones() == 1);
    let mut doms = oracle.full();
    if oracle.propagate(&mut doms) && settled(&doms) {
        return (0, 0);
    }
    if settled(&doms) {
        // Propagation failed: no solution.
        return (2, 0);
    }
    // Singleton consistency at the root, to a fixpoint: each value of each
    // variable (by category, value, house) supposed on a copy.
    let mut removals = 0;
    let mut changed = true;
    let mut alive = true;
    while changed && alive {
        changed = false;
        for c in 0..oracle.cats {
            for v in 0..oracle.n {
                if doms[c][v].count_ones() < 2 {
                    continue;
                }
                for h in 0..oracle.n {
                    if doms[c][v] >> h & 1 == 0 {
                        continue;
                    }
                    let mut supposed = doms.clone();
                    supposed[c][v] = 1 << h;
                    if !oracle.propagate(&mut supposed) {
                        removals += 1;
                        changed = true;
                        doms[c][v] &= !(1 << h);
                        alive = oracle.propagate(&mut doms);
                        if !alive {
                            break;
                        }
                    }
                }
                if !alive {
                    break;
                }
            }
            if !alive {
                break;
            }
        }
    }
    if alive && settled(&doms) {
        (1, removals)
    } else {
        (2, 0)
    }
}

/// The grade's place in the measure: its level and its count.
fn level(difficulty: Difficulty) -> (u8, u64) {
    match difficulty {
        Difficulty::Propagation => (0, 0),
        Difficulty::Singleton { removals } => (1, removals),
        Difficulty::CaseSplits { splits } => (2, splits),
        _ => panic!("an unknown grade"),
    }
}

#[test]
fn grades_are_the_documented_measure_and_sort_by_it() {
    let mut puzzles: Vec<Puzzle> = vec![einstein(), life()];
    for (n, cats, seeds) in [(4, 3, 0..12), (5, 3, 0..6)] {
        let generator = Generator::new(n, cats).unwrap();
        puzzles.extend(seeds.map(|seed| generator.generate(seed).unwrap().puzzle));
    }
    // Several solutions, and none: case splits.
    puzzles.push(
        "pet: cat dog fox\ndrink: tea milk water\ncat left-of milk\n"
            .parse()
            .unwrap(),
    );
    puzzles.push("pet: cat dog\ncat at 1\ndog at 1\n".parse().unwrap());
    let mut graded: Vec<(Difficulty, (u8, u64))> = Vec::new();
    for puzzle in &puzzles {
        let oracle = Oracle::new(&puzzle.to_string());
        let grade = puzzle.difficulty();
        let (want, removals) = measure(&oracle);
        let (got, count) = level(grade);
        assert_eq!(got, want, "{grade}\n{puzzle}");
        if want < 2 {
            assert_eq!(count, removals, "{grade}\n{puzzle}");
        }
        graded.push((grade, level(grade)));
    }
    let levels: Vec<u8> = graded.iter().map(|(_, (l, _))| *l).collect();
    assert!(
        levels.contains(&0) && levels.contains(&1) && levels.contains(&2),
        "{levels:?}"
    );
    // Monotone: the grades' order is the measure's.
    for (a, ma) in &graded {
        for (b, mb) in &graded {
            assert_eq!(a.cmp(b), ma.cmp(mb), "{a} against {b}");
        }
    }
    assert!(Difficulty::Singleton { removals: 3 } < Difficulty::Singleton { removals: 4 });
    assert!(Difficulty::Singleton { removals: u64::MAX } < Difficulty::CaseSplits { splits: 0 });
}
