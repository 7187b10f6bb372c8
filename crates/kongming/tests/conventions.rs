//! Conventions of the family that a test can check on the sources (see
//! "Conventions every crate follows" in docs/architecture.md).

use std::fs;
use std::path::{Path, PathBuf};

/// The `src` folders of the workspace's crates, when the workspace is at
/// hand (a packaged crate alone has no siblings, and checks nothing).
fn sources() -> Vec<PathBuf> {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    let Ok(entries) = fs::read_dir(&crates) else {
        return files;
    };
    for entry in entries.flatten() {
        collect(&entry.path().join("src"), &mut files);
    }
    files
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

/// Only the core's control layer reads the clock, and only when a budget
/// has a time limit: `Instant::now` panics on `wasm32-unknown-unknown`.
#[test]
fn only_the_control_layer_reads_the_clock() {
    let files = sources();
    let mut readers = Vec::new();
    for file in &files {
        let text = fs::read_to_string(file).expect("a source file reads");
        let in_control = file.components().any(|c| c.as_os_str() == "control")
            && file.components().any(|c| c.as_os_str() == "search");
        if !in_control && (text.contains("Instant::now") || text.contains(".elapsed()")) {
            readers.push(file.display().to_string());
        }
    }
    assert!(readers.is_empty(), "these read the clock: {readers:?}");
    if !files.is_empty() {
        assert!(files.len() > 50, "the workspace's sources were found");
    }
}
