//! kongming-zebra-csp against the `puzzle-solver` crate (0.4.1), side by side
//! in one run:
//!
//! - `einstein`: all solutions of Einstein's puzzle (so the uniqueness
//!   proof), each peer with its own idiomatic model, built every iteration;
//!   kongming also from the text format (parse included), and from a
//!   `Compiled` puzzle (built and root-propagated once, copied per run);
//! - `generate`: 100 unique, irreducible 6×6 puzzles (seeds 0..100);
//! - `english`: puzzles in English, read and answered with the proof that
//!   the answer is forced (`kongming_zebra_csp::english`): the 7×18
//!   BBEH-size puzzle of 137 clues in `crates/zebra-csp/tests/data/bbeh-7x18.json`
//!   (read and answered, and read only), and all the BBEH samples of
//!   `zebra-english-samples.json` together. A puzzle larger than the
//!   crate's limits is left out, and the 7×18 one replaced by the largest
//!   sample that reads (the benchmark's name says which);
//! - `zebralogic`: the 6×6 ZebraLogic samples of `zebra-english-samples.json`
//!   (the largest size of the benchmark): each read, solved and its
//!   solution proved the only one; a model's grid of one graded (the
//!   grader made once, as an evaluator grades many outputs of one
//!   puzzle); a reasoning-gym 7×7 puzzle of `reasoning-gym-72.json` read
//!   and answered;
//! - `hint`: the next hint of Einstein's puzzle (`Puzzle::hint`: the marks
//!   checked against the solution, then the first step from them), from
//!   the empty grid and from a half-filled one (every other cell of the
//!   solution's grid marked), and in English (ZebraLogic style) from the
//!   empty grid.
//!
//! Before a peer is timed its answer is checked once (one solution, the
//! German owns the fish; each English puzzle's answer is its target).
//!
//! `cargo bench --manifest-path benches/Cargo.toml --bench zebra-csp`

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, SamplingMode, criterion_group, criterion_main};
use kongming_zebra_csp::english::{Answered, EnglishPuzzle, Reader, Style};
use kongming_zebra_csp::{
    Compiled, EINSTEIN, Generator, HintKind, Marks, Puzzle, SolveOptions, Solver, einstein,
};

/// Einstein's puzzle in puzzle-solver 0.4.1, as its own zebra test models it:
/// one variable per value (house 1..=5), all-different per category, "next
/// to" through an extra variable in {-1, 1}.
mod peer {
    use puzzle_solver::{Puzzle, Solution, VarToken};

    pub struct Einstein {
        pub puzzle: Puzzle,
        pub nationality: Vec<VarToken>,
        pub pet: Vec<VarToken>,
    }

    pub fn einstein() -> Einstein {
        let mut sys = Puzzle::new();
        let houses = [1, 2, 3, 4, 5];
        // Value orders as in kongming's EINSTEIN text.
        let nat = sys.new_vars_with_candidates_1d(5, &houses); // Brit Swede Dane German Norwegian
        let col = sys.new_vars_with_candidates_1d(5, &houses); // red green white yellow blue
        let dri = sys.new_vars_with_candidates_1d(5, &houses); // tea coffee milk beer water
        let smo = sys.new_vars_with_candidates_1d(5, &houses); // PallMall Dunhill Blend BlueMaster Prince
        let pet = sys.new_vars_with_candidates_1d(5, &houses); // birds cats dogs horses fish
        for v in [&nat, &col, &dri, &smo, &pet] {
            sys.all_different(v);
        }
        sys.equals(nat[0], col[0]);
        sys.equals(nat[1], pet[2]);
        sys.equals(nat[2], dri[0]);
        sys.equals(col[1], col[2] - 1);
        sys.equals(col[1], dri[1]);
        sys.equals(smo[0], pet[0]);
        sys.equals(col[3], smo[1]);
        sys.equals(dri[2], 3);
        sys.equals(nat[4], 1);
        let n1 = sys.new_var_with_candidates(&[-1, 1]);
        sys.equals(smo[2], pet[1] + n1);
        let n2 = sys.new_var_with_candidates(&[-1, 1]);
        sys.equals(pet[3], smo[1] + n2);
        sys.equals(smo[3], dri[3]);
        sys.equals(nat[3], smo[4]);
        let n3 = sys.new_var_with_candidates(&[-1, 1]);
        sys.equals(nat[4], col[4] + n3);
        let n4 = sys.new_var_with_candidates(&[-1, 1]);
        sys.equals(smo[2], dri[4] + n4);
        Einstein {
            puzzle: sys,
            nationality: nat,
            pet,
        }
    }

    pub fn all_solutions() -> (Vec<Solution>, Einstein) {
        let mut e = einstein();
        let all = e.puzzle.solve_all();
        (all, e)
    }
}

fn einstein_all(c: &mut Criterion) {
    let mut group = c.benchmark_group("einstein");
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(4));

    let (all, e) = peer::all_solutions();
    assert_eq!(all.len(), 1, "puzzle-solver: one solution");
    assert_eq!(
        all[0][e.nationality[3]], all[0][e.pet[4]],
        "German owns the fish"
    );
    group.bench_function("puzzle-solver", |b| {
        b.iter(|| peer::einstein().puzzle.solve_all().len());
    });

    let puzzle = einstein();
    let solution = puzzle.solve().expect("a solution");
    let fish = solution.house_of(puzzle.item("fish").expect("fish"));
    let nationality = puzzle.category("nationality").expect("nationality");
    assert_eq!(
        puzzle.value_name(solution.value_at(nationality, fish)),
        "German"
    );
    assert_eq!(puzzle.count(), 1);
    group.bench_function("kongming", |b| {
        b.iter(|| Solver::new(black_box(&puzzle)).count());
    });
    let compiled = Compiled::new(&puzzle, SolveOptions::new());
    assert_eq!(compiled.solver().count().exact(), Some(1));
    group.bench_function("kongming-compiled", |b| {
        b.iter(|| black_box(&compiled).solver().count());
    });
    group.bench_function("kongming-from-text", |b| {
        b.iter(|| {
            let p: Puzzle = black_box(EINSTEIN).parse().expect("parses");
            Solver::new(&p).count()
        });
    });
    group.finish();
}

fn generate(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate");
    group
        .sampling_mode(SamplingMode::Flat)
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(20));
    let generator = Generator::new(6, 6).expect("a valid size");
    group.bench_function("kongming-100-6x6", |b| {
        b.iter(|| generator.generate_batch(0..100).count());
    });
    group.finish();
}

/// The answer of an English puzzle, read as either reading of a shared
/// value (as BBEH's need), if it reads and the answer is forced.
fn answer(reader: &Reader, input: &str) -> Option<String> {
    let english = reader.read(input).ok()?;
    match english.answerer()?.answer() {
        Answered::Forced(answer, _) => Some(answer.text),
        _ => None,
    }
}

/// The (input, target) pairs of a samples file's `examples` (of `family`,
/// or at its top when `None`).
fn examples(json: &str, family: Option<&str>) -> Vec<(String, String)> {
    let file: serde_json::Value = serde_json::from_str(json).expect("JSON");
    let set = family.map_or(&file, |f| &file[f]);
    set["examples"]
        .as_array()
        .expect("examples")
        .iter()
        .map(|e| {
            let text = |key: &str| e[key].as_str().expect("a string").to_string();
            (text("input"), text("target"))
        })
        .collect()
}

/// The ZebraLogic samples of size `n`×`n`: their inputs, headers and
/// rows.
fn zebralogic(n: usize) -> Vec<(String, Vec<String>, Vec<Vec<String>>)> {
    let file: serde_json::Value = serde_json::from_str(include_str!(
        "../../crates/zebra-csp/tests/data/zebra-english-samples.json"
    ))
    .expect("JSON");
    let strings = |v: &serde_json::Value| -> Vec<String> {
        v.as_array()
            .expect("a list")
            .iter()
            .map(|s| s.as_str().expect("a string").to_string())
            .collect()
    };
    file["zebralogic"]["examples"]
        .as_array()
        .expect("examples")
        .iter()
        .filter(|e| {
            e["id"]
                .as_str()
                .is_some_and(|id| id.contains(&format!("-{n}x{n}-")))
        })
        .map(|e| {
            let rows = e["solution"]["rows"]
                .as_array()
                .expect("rows")
                .iter()
                .map(strings)
                .collect();
            (
                e["input"].as_str().expect("input").to_string(),
                strings(&e["solution"]["header"]),
                rows,
            )
        })
        .collect()
}

/// A model's output: some reasoning, then the grid `rows` as ZebraLogic's
/// JSON.
fn model_output(header: &[String], rows: &[Vec<String>]) -> String {
    let mut solution = serde_json::Map::new();
    for row in rows {
        let mut house = serde_json::Map::new();
        for (c, name) in header.iter().enumerate().skip(1) {
            house.insert(name.clone(), serde_json::Value::String(row[c].clone()));
        }
        solution.insert(
            format!("House {}", row[0]),
            serde_json::Value::Object(house),
        );
    }
    let grid = serde_json::json!({
        "reasoning": "From clue 7, Arnold is in the third house; then clue 10 places Alice ...",
        "solution": solution
    });
    format!(
        "Let me work through the clues one by one.\n\n```json\n{}\n```\n",
        serde_json::to_string_pretty(&grid).expect("JSON")
    )
}

fn zebralogic_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("zebralogic");
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(4));
    let samples = zebralogic(6);
    assert!(!samples.is_empty(), "6×6 samples");
    for (i, (input, header, rows)) in samples.iter().enumerate() {
        // Checked once: the grid read is the published one.
        let english: EnglishPuzzle = input.parse().expect("reads");
        let grade = english
            .grid_grader()
            .expect("one solution")
            .columns(header)
            .expect("its columns")
            .grade(&model_output(header, rows))
            .expect("grades");
        assert!(grade.right, "the published grid is right");
        group.bench_function(format!("read-solve-prove-6x6-{i}"), |b| {
            b.iter(|| {
                let english: EnglishPuzzle = black_box(input).parse().expect("reads");
                english
                    .grid_grader()
                    .expect("one solution")
                    .solution()
                    .houses()
                    .len()
            });
        });
    }
    let (input, header, rows) = &samples[0];
    let english: EnglishPuzzle = input.parse().expect("reads");
    let grader = english
        .grid_grader()
        .expect("one solution")
        .columns(header)
        .expect("its columns");
    let mut wrong = rows.clone();
    let name = wrong[0][1].clone();
    wrong[0][1] = wrong[1][1].clone();
    wrong[1][1] = name;
    let output = model_output(header, &wrong);
    group.bench_function("grade-grid-6x6", |b| {
        b.iter(|| grader.grade(black_box(&output)).expect("grades").correct);
    });
    let gym: serde_json::Value = serde_json::from_str(include_str!(
        "../../crates/zebra-csp/tests/data/reasoning-gym-72.json"
    ))
    .expect("JSON");
    let largest = gym["examples"]
        .as_array()
        .expect("examples")
        .iter()
        .rfind(|e| e["id"].as_str().is_some_and(|id| id.contains("7x7")))
        .expect("a 7×7 puzzle");
    let input = largest["input"].as_str().expect("input");
    let target = largest["answer"].as_str().expect("answer");
    let plain = Reader::new();
    assert_eq!(answer(&plain, input).as_deref(), Some(target));
    group.bench_function("read-answer-reasoning-gym-7x7", |b| {
        b.iter(|| answer(&plain, black_box(input)));
    });
    group.finish();
}

fn english(c: &mut Criterion) {
    let mut group = c.benchmark_group("english");
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(4));
    let reader = Reader::new().either_reading(true);
    let samples = examples(
        include_str!("../../crates/zebra-csp/tests/data/zebra-english-samples.json"),
        Some("bbeh"),
    );
    let readable: Vec<&(String, String)> = samples
        .iter()
        .filter(|(input, _)| reader.read(input).is_ok())
        .collect();
    for (input, target) in &readable {
        assert_eq!(
            answer(&reader, input).as_ref(),
            Some(target),
            "a sample's answer"
        );
    }
    let large = examples(
        include_str!("../../crates/zebra-csp/tests/data/bbeh-7x18.json"),
        None,
    );
    // The 7×18 puzzle, or (until the crate takes 18 categories) the largest
    // sample that reads.
    let (input, target) = match reader.read(&large[0].0) {
        Ok(_) => &large[0],
        Err(_) => *readable
            .iter()
            .max_by_key(|(input, _)| {
                let e = reader.read(input).expect("reads");
                (
                    e.puzzle().positions() * e.phrasings().len(),
                    e.clues().len(),
                )
            })
            .expect("a sample that reads"),
    };
    assert_eq!(answer(&reader, input).as_ref(), Some(target), "its answer");
    let english = reader.read(input).expect("reads");
    let size = format!(
        "{}x{}-{}-clues",
        english.puzzle().positions(),
        english.phrasings().len(),
        english.clues().len()
    );
    group.bench_function(format!("read-answer-{size}"), |b| {
        b.iter(|| answer(&reader, black_box(input)));
    });
    group.bench_function(format!("read-{size}"), |b| {
        b.iter(|| reader.read(black_box(input)).map(|e| e.clues().len()));
    });
    group.bench_function(
        format!("read-answer-{}-bbeh-samples", readable.len()),
        |b| {
            b.iter(|| {
                readable
                    .iter()
                    .filter_map(|(input, _)| answer(&reader, black_box(input)))
                    .count()
            });
        },
    );
    group.finish();
}

fn hint(c: &mut Criterion) {
    let mut group = c.benchmark_group("hint");
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(3));
    let puzzle = einstein();
    let empty = Marks::new(&puzzle);
    let solution = puzzle.solve().expect("a solution");
    let mut half = Marks::new(&puzzle);
    for (i, (item, house, mark)) in Marks::from_solution(&solution).marked().enumerate() {
        if i % 2 == 0 {
            half.set(item, house, mark);
        }
    }
    for marks in [&empty, &half] {
        let hint = puzzle.hint(marks).expect("marks of the puzzle");
        assert!(matches!(hint.kind(), HintKind::Next(_)), "{hint}");
    }
    group.bench_function("einstein-empty", |b| {
        b.iter(|| puzzle.hint(black_box(&empty)));
    });
    group.bench_function("einstein-half", |b| {
        b.iter(|| puzzle.hint(black_box(&half)));
    });
    let english = EnglishPuzzle::from_puzzle(&puzzle, Style::ZebraLogic).expect("English");
    group.bench_function("einstein-english-empty", |b| {
        b.iter(|| english.hint(black_box(&empty)));
    });
    group.finish();
}

criterion_group!(
    zebra,
    einstein_all,
    generate,
    english,
    zebralogic_bench,
    hint
);
criterion_main!(zebra);
