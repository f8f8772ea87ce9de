//! Fingerprints the sources of this crate (parsers and citation extraction), so an index
//! keeps the documents it parsed only while the analysis that parsed them is the same: an
//! upgrade that reads statutes differently parses them again instead of serving stale
//! citations. The fingerprint reaches the crate as `LEXLS_ANALYSIS_VERSION` (16 hex digits
//! of the BLAKE3 hash of every file under `src/`, in path order, with its path).

use std::path::{Path, PathBuf};

fn main() {
    println!("cargo:rerun-if-changed=src");
    let root = Path::new("src");
    let mut files = Vec::new();
    collect(root, &mut files);
    files.sort();
    let mut hasher = blake3::Hasher::new();
    for file in &files {
        hasher.update(file.to_string_lossy().as_bytes());
        hasher.update(b"\0");
        // A file that cannot be read still changes the fingerprint by its name alone.
        if let Ok(bytes) = std::fs::read(file) {
            hasher.update(&bytes);
        }
        hasher.update(b"\n");
    }
    let hex = hasher.finalize().to_hex();
    println!("cargo:rustc-env=LEXLS_ANALYSIS_VERSION={}", &hex[..16]);
}

/// Every file under `dir`, recursively.
fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, out);
        } else {
            out.push(path);
        }
    }
}
