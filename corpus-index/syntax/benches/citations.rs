//! Citation extraction throughput on statute text (MB/s on one core).
//!
//! `cargo bench -p lexls-syntax --bench citations [-- DIR…]` reads every `.md` file under
//! the given folders (default: `../shared/corpora/{cfr-title27,us-code-titles}/sections`,
//! else the repository's example workspace), extracts the citations of each file, repeats
//! until at least 3 s have passed, and prints MB/s and citations per second.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn collect(dir: &Path, out: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "md")
            && let Ok(text) = std::fs::read_to_string(&path)
        {
            out.push(text);
        }
    }
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut dirs: Vec<PathBuf> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .map(PathBuf::from)
        .collect();
    if dirs.is_empty() {
        let shared = root.join("../../../shared/corpora");
        dirs = vec![
            shared.join("cfr-title27/sections"),
            shared.join("us-code-titles/sections"),
        ];
        if !dirs[0].is_dir() {
            dirs = vec![root.join("../../examples")];
        }
    }
    let mut texts = Vec::new();
    for d in &dirs {
        collect(d, &mut texts);
    }
    let bytes: usize = texts.iter().map(String::len).sum();
    if bytes == 0 {
        eprintln!("no .md files under {dirs:?}");
        std::process::exit(2);
    }
    let started = Instant::now();
    let (mut rounds, mut cites) = (0usize, 0usize);
    while started.elapsed() < Duration::from_secs(3) || rounds == 0 {
        for t in &texts {
            cites += std::hint::black_box(lexls_syntax::citation::extract(t)).len();
        }
        rounds += 1;
    }
    let secs = started.elapsed().as_secs_f64();
    let mb = (bytes * rounds) as f64 / 1e6;
    println!(
        "citation extraction: {} files, {:.1} MB × {rounds} rounds in {secs:.2} s = {:.1} MB/s, {:.0} citations/s ({} per round)",
        texts.len(),
        bytes as f64 / 1e6,
        mb / secs,
        cites as f64 / secs,
        cites / rounds
    );
}
