//! kongming-game24 against the `inrust` crate (0.3.8, its pure-Rust
//! `DynProg` algorithm; the C++ path is off), side by side in one run, on
//! the 1820 hands of four numbers from 1..13:
//!
//! - `solutions_1820`: list every solution of every hand (kongming: the
//!   distinct ones, 3017 in all; inrust: its own deduplicated list);
//! - `solvable_1820`: yes/no for every hand (1362 solvable); inrust answers
//!   with its first solution.
//!
//! kongming runs each job with one `Solver` made inside the timed closure
//! (the batch API: results for sub-hands of two and three numbers are
//! shared between hands, and building them is part of the time); the
//! `per-game` rows make a fresh `Game` per hand instead, which answers
//! through the solvers its thread keeps (built in the first pass, then
//! found again), and the `per-game-new-thread` rows do the same on a new
//! thread each pass, so that building them is part of the time.
//!
//! Before a peer is timed its answers are checked once (1362 solvable
//! hands), so a fast wrong answer is never reported as a speed-up.
//!
//! The group `hint` times the hint button on the classic hand 3 3 8 8: the
//! hint from the start (`Game::hint`), the hint after the player's first
//! step 8/3, and the hand's grade (`Game::difficulty`).
//!
//! The group `countdown` times Countdown's numbers round (integer rules,
//! six tiles): a first solution, a closest value, every distinct solution.
//!
//! The group `generate` times the generator of numbers games
//! (`CountdownGenerator`), one instance per iteration, each from the next
//! seed: the 24 game (four numbers from 1 to 13, the target 24) of each
//! grade and of any, and Countdown (six tiles, a target from 101 to 999)
//! of each grade, of any, and with no solution. Instances per second are
//! one over the time.
//!
//! The group `model_answer` times the checker of a model's answer, on the
//! 24 game (`Game::check_model_answer`) and under Countdown's rules
//! (`Countdown::check_model_answer`).
//!
//! Run with `cargo bench --manifest-path benches/Cargo.toml --bench game24`
//! (`-- hint` for the hint group alone, `-- countdown` for Countdown,
//! `-- generate/` for the generator).

use std::hint::black_box;

use criterion::{Criterion, SamplingMode, criterion_group, criterion_main};
use inrust::calc24::{DynProg, Rational as PeerRational, calc24_coll, calc24_first};
use kongming_game24::{
    Answer, Arithmetic, Check, Countdown, CountdownGenerator, Game, Grade, HandSize, Hint,
    NumberUse, Rules, Solvability, Solver, Step, Verdict, hands, tile_selections,
};

fn all_hands() -> Vec<Vec<i64>> {
    hands(HandSize::new(4).expect("a hand size a game takes"), 1..=13).collect()
}

fn kongming_solutions(hands: &[Vec<i64>]) -> (usize, usize) {
    let mut solver = Solver::new(24);
    let (mut solvable, mut total) = (0, 0);
    for hand in hands {
        let n = solver.iter_solutions(hand).expect("exact").count();
        solvable += usize::from(n > 0);
        total += n;
    }
    (solvable, total)
}

fn kongming_solvable(hands: &[Vec<i64>]) -> usize {
    let mut solver = Solver::new(24);
    hands
        .iter()
        .filter(|hand| solver.solvable(hand).expect("exact") == Verdict::Solvable)
        .count()
}

fn per_game_solutions(hands: &[Vec<i64>]) -> (usize, usize) {
    let (mut solvable, mut total) = (0, 0);
    for hand in hands {
        let n = Game::new(hand, 24)
            .expect("a hand")
            .solutions()
            .expect("exact")
            .len();
        solvable += usize::from(n > 0);
        total += n;
    }
    (solvable, total)
}

fn per_game_solvable(hands: &[Vec<i64>]) -> usize {
    hands
        .iter()
        .filter(|hand| {
            Game::new(hand, 24)
                .expect("a hand")
                .solvable()
                .expect("exact")
        })
        .count()
}

/// `job` on a new thread: a `Game` answers through solvers its thread
/// keeps, so a new thread times the first pass, tables built included.
fn on_new_thread<R: Send>(job: impl FnOnce() -> R + Send) -> R {
    std::thread::scope(|s| s.spawn(job).join().expect("the job ends"))
}

fn peer_hands(hands: &[Vec<i64>]) -> Vec<Vec<PeerRational>> {
    hands
        .iter()
        .map(|h| h.iter().map(|&n| PeerRational::from(n as i32)).collect())
        .collect()
}

fn peer_solutions(hands: &[Vec<PeerRational>]) -> (usize, usize) {
    let goal = PeerRational::from(24);
    let (mut solvable, mut total) = (0, 0);
    for nums in hands {
        let n = calc24_coll(&goal, nums, DynProg).len();
        solvable += usize::from(n > 0);
        total += n;
    }
    (solvable, total)
}

fn peer_solvable(hands: &[Vec<PeerRational>]) -> usize {
    let goal = PeerRational::from(24);
    hands
        .iter()
        .filter(|nums| !calc24_first(&goal, nums, DynProg).is_empty())
        .count()
}

fn bench(c: &mut Criterion) {
    let hands = all_hands();
    let peer = peer_hands(&hands);
    assert_eq!(kongming_solutions(&hands), (1362, 3017));
    assert_eq!(kongming_solvable(&hands), 1362);
    assert_eq!(per_game_solutions(&hands), (1362, 3017));
    assert_eq!(per_game_solvable(&hands), 1362);
    assert_eq!(peer_solutions(&peer).0, 1362);
    assert_eq!(peer_solvable(&peer), 1362);

    let mut group = c.benchmark_group("game24");
    group.sample_size(20);
    group.bench_function("solutions_1820/kongming-game24", |b| {
        b.iter(|| kongming_solutions(black_box(&hands)))
    });
    group.bench_function("solutions_1820/inrust", |b| {
        b.iter(|| peer_solutions(black_box(&peer)))
    });
    group.bench_function("solvable_1820/kongming-game24", |b| {
        b.iter(|| kongming_solvable(black_box(&hands)))
    });
    group.bench_function("solvable_1820/inrust", |b| {
        b.iter(|| peer_solvable(black_box(&peer)))
    });
    group.bench_function("solutions_1820/kongming-game24-per-game", |b| {
        b.iter(|| per_game_solutions(black_box(&hands)))
    });
    group.bench_function("solvable_1820/kongming-game24-per-game", |b| {
        b.iter(|| per_game_solvable(black_box(&hands)))
    });
    group.bench_function("solutions_1820/kongming-game24-per-game-new-thread", |b| {
        b.iter(|| on_new_thread(|| per_game_solutions(black_box(&hands))))
    });
    group.bench_function("solvable_1820/kongming-game24-per-game-new-thread", |b| {
        b.iter(|| on_new_thread(|| per_game_solvable(black_box(&hands))))
    });
    group.bench_function("solutions_3388/kongming-game24", |b| {
        let game = Game::new(&[3, 3, 8, 8], 24).expect("a hand");
        b.iter(|| black_box(&game).solutions().expect("exact").len())
    });
    group.finish();
}

fn hint(c: &mut Criterion) {
    let game: Game = "3 3 8 8".parse().expect("a hand");
    let first: Step = "8/3".parse().expect("a step");
    let after = game.apply(&first).expect("plays");
    assert_eq!(game.hint().expect("rules").step(), Some(&first));
    assert!(matches!(after.hint().expect("rules"), Hint::Next { .. }));
    assert_eq!(
        game.difficulty().expect("rules").grade(),
        Some(Grade::Expert)
    );

    let mut group = c.benchmark_group("hint");
    group.bench_function("3388", |b| {
        b.iter(|| black_box(&game).hint().expect("rules"))
    });
    group.bench_function("3388-after-first-step", |b| {
        b.iter(|| black_box(&after).hint().expect("rules"))
    });
    group.bench_function("3388-grade", |b| {
        b.iter(|| black_box(&game).difficulty().expect("rules"))
    });
    group.finish();
}

/// Countdown's numbers round, integer rules, six tiles and a three-digit
/// target: a first solution (952 from 25 50 75 100 3 6), the closest value
/// when the target cannot be made (875 from 25 50 1 1 2 2: 25 away at
/// best), every distinct solution of both hands, and both jobs over a
/// spread of 100 games.
fn countdown(c: &mut Criterion) {
    let exact = Countdown::new(&[25, 50, 75, 100, 3, 6], 952, Rules::countdown()).expect("tiles");
    let closest = Countdown::new(&[25, 50, 1, 1, 2, 2], 875, Rules::countdown()).expect("tiles");
    assert_eq!(exact.solve().expect("fits").known(), Some(true));
    assert!(matches!(
        closest.solve().expect("fits"),
        Answer::Closest { distance, .. } if distance == 25.into()
    ));

    let mut group = c.benchmark_group("countdown");
    group.bench_function("first-solution", |b| {
        b.iter(|| black_box(&exact).solve().expect("fits"))
    });
    group.bench_function("closest-value", |b| {
        b.iter(|| black_box(&closest).solve().expect("fits"))
    });
    group.bench_function("solutions", |b| {
        b.iter(|| {
            black_box(&exact)
                .solutions()
                .expect("fits")
                .solutions()
                .len()
        })
    });
    group.bench_function("solutions-unsolvable", |b| {
        b.iter(|| {
            black_box(&closest)
                .solutions()
                .expect("fits")
                .solutions()
                .len()
        })
    });
    // A spread of 100 games: every 131st selection, targets spread over
    // 101..=999; the time is for all 100.
    let spread: Vec<Countdown> = tile_selections()
        .iter()
        .step_by(131)
        .zip(0u64..)
        .map(|(tiles, k)| {
            let target = 101 + (k * 337) % 899;
            let numbers: Vec<i64> = tiles.iter().map(|&t| t as i64).collect();
            Countdown::new(&numbers, target as i64, Rules::countdown()).expect("tiles")
        })
        .collect();
    group.sample_size(20);
    group.bench_function("solve-100-games", |b| {
        b.iter(|| {
            black_box(&spread)
                .iter()
                .filter(|g| g.solve().expect("fits").known() == Some(true))
                .count()
        })
    });
    group.bench_function("solutions-100-games", |b| {
        b.iter(|| {
            black_box(&spread)
                .iter()
                .map(|g| g.solutions().expect("fits").solutions().len())
                .sum::<usize>()
        })
    });
    // reasoning-gym's rules: every number, any exact rational on the way
    // (the hand splits before the depth-first search runs).
    let rational = Rules::countdown()
        .with_number_use(NumberUse::All)
        .with_arithmetic(Arithmetic::Rational);
    let generated = Countdown::new(&[1, 71, 11, 1, 87, 24], 957, rational).expect("numbers");
    let classic = Countdown::new(&[25, 50, 75, 100, 3, 6], 952, rational).expect("tiles");
    for (name, game) in [("rational-957", &generated), ("rational-952", &classic)] {
        assert_eq!(game.solve().expect("fits").known(), Some(true));
        group.bench_function(name, |b| b.iter(|| black_box(game).solve().expect("fits")));
    }
    group.finish();
}

/// A model's answer checked as it is written: one line, LaTeX, three
/// steps, and a claim of no solution (on a hand with none, so the claim
/// is checked by a search); then Countdown answers under Countdown's
/// rules: one line, five steps, a step that is not a whole number, and
/// a value off the target (measured against the closest value, so it
/// searches).
fn model_answer(c: &mut Criterion) {
    let game: Game = "10 4 13 9".parse().expect("a hand");
    let fractions: Game = "3 3 8 8".parse().expect("a hand");
    let none: Game = "1 1 1 1".parse().expect("a hand");
    let answers = [
        ("one-line", &game, "(10 - 4) * (13 - 9) = 24"),
        (
            "latex",
            &fractions,
            r"**Final answer:** $\frac{8}{3 - \frac{8}{3}} = 24$.",
        ),
        ("steps", &game, "10 - 4 = 6\n13 - 9 = 4\n6 * 4 = 24"),
        ("no-solution", &none, "There is no solution."),
    ];
    let mut group = c.benchmark_group("model_answer");
    for (name, game, text) in answers {
        assert_eq!(game.check_model_answer(text), Check::Solved, "{name}");
        group.bench_function(name, |b| {
            b.iter(|| black_box(game).check_model_answer(black_box(text)))
        });
    }

    let classic = Countdown::new(&[25, 50, 75, 100, 3, 6], 952, Rules::countdown()).expect("tiles");
    let closest = Countdown::new(&[25, 50, 1, 1, 2, 2], 875, Rules::countdown()).expect("tiles");
    let countdown_answers = [
        (
            "countdown-one-line",
            &classic,
            "**Answer:** ((100 + 6) × 3 × 75 − 50) ÷ 25 = 952",
            true,
        ),
        (
            "countdown-steps",
            &classic,
            "100 + 6 = 106\n106 × 3 = 318\n318 × 75 = 23850\n23850 − 50 = 23800\n23800 ÷ 25 = 952",
            true,
        ),
        (
            "countdown-not-whole",
            &classic,
            "75 / 6 * 100 + 3 + 50 - 25",
            false,
        ),
        (
            "countdown-closest",
            &closest,
            "Answer: 50 * (25 - ((2 + 1) * 2 + 1)) = 900",
            false,
        ),
    ];
    for (name, game, text, right) in countdown_answers {
        let verdict = game.check_model_answer(text).expect("fits");
        assert_eq!(verdict == Check::Solved, right, "{name}: {verdict:?}");
        group.bench_function(name, |b| {
            b.iter(|| black_box(game).check_model_answer(black_box(text)))
        });
    }
    group.finish();
}

/// One instance per iteration, from the next seed each time, so the time
/// is the mean over seeds (a generator draws until a game fits).
fn time<M: criterion::measurement::Measurement>(
    group: &mut criterion::BenchmarkGroup<'_, M>,
    name: &str,
    generator: CountdownGenerator,
) {
    let mut seed = 0u64;
    group.bench_function(name, |b| {
        b.iter(|| {
            seed += 1;
            generator.generate(seed).expect("an instance")
        })
    });
}

/// The generator of numbers games, grade by grade.
fn generate(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate");
    time(&mut group, "24-any", CountdownGenerator::game24());
    for grade in Grade::ALL {
        time(
            &mut group,
            &format!("24-{grade}"),
            CountdownGenerator::game24().grade(grade),
        );
    }
    group.sample_size(10);
    group.sampling_mode(SamplingMode::Flat);
    time(&mut group, "countdown-any", CountdownGenerator::countdown());
    for grade in Grade::ALL {
        time(
            &mut group,
            &format!("countdown-{grade}"),
            CountdownGenerator::countdown().grade(grade),
        );
    }
    time(
        &mut group,
        "countdown-unsolvable",
        CountdownGenerator::countdown().solvability(Solvability::Unsolvable),
    );
    group.finish();
}

criterion_group!(benches, bench, hint, countdown, model_answer, generate);
criterion_main!(benches);
