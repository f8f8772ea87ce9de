//! Finding and reading the statute and policy files of a workspace.
//!
//! The walk respects `.gitignore`, `.ignore` and `.lexlsignore` files (also outside a git
//! repository), skips hidden files and the `[index] exclude` globs, and keeps the file types
//! lexls parses: Markdown, plain text, XML (USLM, Akoma Ntoso) and HTML.

use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

use crate::config::Config;
use lexls_syntax::model::{Format, Problem};

/// A file of the workspace that lexls indexes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FoundFile {
    /// Absolute path.
    pub path: PathBuf,
    /// Path relative to the root, `/`-separated.
    pub rel_path: String,
    /// The format chosen from the extension.
    pub format: Format,
    /// Size in bytes.
    pub size: u64,
    /// Modification time in nanoseconds since the Unix epoch (0 when unknown).
    pub mtime_ns: u128,
}

/// A file the walk could not take, with why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    /// The file or directory.
    pub path: PathBuf,
    /// What went wrong and what to do.
    pub reason: String,
}

/// Lists the indexable files under `root`, sorted by relative path.
pub fn walk(root: &Path, config: &Config) -> (Vec<FoundFile>, Vec<Skipped>) {
    let mut files = Vec::new();
    let mut skipped = Vec::new();
    let mut builder = ignore::WalkBuilder::new(root);
    builder
        .hidden(true)
        .git_ignore(true)
        .git_global(false)
        .require_git(false)
        .add_custom_ignore_filename(".lexlsignore")
        .sort_by_file_path(|a, b| a.cmp(b));
    if !config.index.exclude.is_empty() || !config.index.include.is_empty() {
        let mut overrides = ignore::overrides::OverrideBuilder::new(root);
        for glob in &config.index.include {
            let _ = overrides.add(glob);
        }
        for glob in &config.index.exclude {
            // Validated when the configuration was read.
            let _ = overrides.add(&format!("!{glob}"));
        }
        if let Ok(built) = overrides.build() {
            builder.overrides(built);
        }
    }
    let max_bytes = config.index.max_file_mb.saturating_mul(1024 * 1024);
    for entry in builder.build() {
        let entry = match entry {
            Ok(e) => e,
            Err(err) => {
                skipped.push(Skipped {
                    path: root.to_path_buf(),
                    reason: format!("cannot walk: {err}"),
                });
                continue;
            }
        };
        if !entry.file_type().is_some_and(|t| t.is_file()) {
            continue;
        }
        let path = entry.path();
        let Some(format) = path
            .extension()
            .and_then(|e| e.to_str())
            .and_then(Format::from_extension)
        else {
            continue;
        };
        let meta = match entry.metadata() {
            Ok(m) => m,
            Err(err) => {
                skipped.push(Skipped {
                    path: path.to_path_buf(),
                    reason: format!("cannot read metadata: {err}"),
                });
                continue;
            }
        };
        if meta.len() > max_bytes {
            skipped.push(Skipped {
                path: path.to_path_buf(),
                reason: format!(
                    "{:.1} MiB is larger than the limit of {} MiB; raise [index] max_file_mb in .lexls.toml to index it",
                    meta.len() as f64 / (1024.0 * 1024.0),
                    config.index.max_file_mb
                ),
            });
            continue;
        }
        let mtime_ns = meta
            .modified()
            .ok()
            .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_nanos());
        files.push(FoundFile {
            path: path.to_path_buf(),
            rel_path: rel_path(root, path),
            format,
            size: meta.len(),
            mtime_ns,
        });
    }
    (files, skipped)
}

/// `path` relative to `root` with `/` separators (the path itself when outside the root).
pub fn rel_path(root: &Path, path: &Path) -> String {
    let rel = path.strip_prefix(root).unwrap_or(path);
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// Bytes looked at to tell a binary file from text: git's rule (`buffer_is_binary`) is a NUL
/// byte in the first 8000 bytes.
const BINARY_PROBE_BYTES: usize = 8000;

/// Whether `bytes` look binary by git's rule (a NUL byte in the first 8000 bytes). UTF-8 text
/// never holds NUL; UTF-16 text does, and is reported with the advice to re-save it as UTF-8.
pub fn looks_binary(bytes: &[u8]) -> bool {
    bytes[..bytes.len().min(BINARY_PROBE_BYTES)].contains(&0)
}

/// Reads a file as text. Invalid UTF-8 is replaced by U+FFFD and reported as a problem, so
/// nothing of the readable text is lost.
///
/// # Errors
/// The I/O error when the file cannot be read at all, and [`std::io::ErrorKind::InvalidData`]
/// when it is binary ([`looks_binary`]): indexing random bytes as text would only add noise
/// to search and diagnostics.
pub fn read_text(path: &Path) -> std::io::Result<(String, Vec<Problem>)> {
    let bytes = std::fs::read(path)?;
    if looks_binary(&bytes) {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "binary content (a NUL byte in its first 8000 bytes); lexls indexes text files — if it is UTF-16 text, re-save it as UTF-8",
        ));
    }
    Ok(decode(bytes))
}

/// Decodes bytes as UTF-8, replacing invalid sequences (see [`read_text`]).
pub fn decode(bytes: Vec<u8>) -> (String, Vec<Problem>) {
    match String::from_utf8(bytes) {
        Ok(text) => (text, Vec::new()),
        Err(err) => {
            let valid_up_to = err.utf8_error().valid_up_to();
            let text = String::from_utf8_lossy(err.as_bytes()).into_owned();
            let at = lexls_syntax::line_index::floor_char_boundary(&text, valid_up_to);
            let end = text[at..]
                .char_indices()
                .nth(1)
                .map_or(text.len(), |(i, _)| at + i);
            (
                text,
                vec![Problem {
                    span: at..end,
                    message: format!(
                        "the file is not valid UTF-8 (first bad byte at offset {valid_up_to}); invalid bytes are shown as U+FFFD — re-save it as UTF-8"
                    ),
                }],
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walk_respects_gitignore_types_and_size() {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path();
        std::fs::write(root.join(".gitignore"), "drafts/\n").expect("write");
        std::fs::create_dir_all(root.join("drafts")).expect("mkdir");
        std::fs::create_dir_all(root.join("law")).expect("mkdir");
        std::fs::write(root.join("drafts/x.md"), "# § 1").expect("write");
        std::fs::write(root.join("law/a.md"), "# § 1").expect("write");
        std::fs::write(root.join("law/b.txt"), "§ 2.").expect("write");
        std::fs::write(root.join("law/c.pdf"), "%PDF").expect("write");
        std::fs::write(root.join("law/d.xml"), "<uscDoc/>").expect("write");
        std::fs::write(root.join("law/e.htm"), "<p>§ 3.</p>").expect("write");
        let mut config = Config::default();
        config.index.max_file_mb = 1;
        std::fs::write(root.join("law/big.md"), vec![b'a'; 2 * 1024 * 1024]).expect("write");
        let (files, skipped) = walk(root, &config);
        let rels: Vec<&str> = files.iter().map(|f| f.rel_path.as_str()).collect();
        assert_eq!(
            rels,
            vec!["law/a.md", "law/b.txt", "law/d.xml", "law/e.htm"]
        );
        assert_eq!(skipped.len(), 1);
        assert!(skipped[0].reason.contains("max_file_mb"));
    }

    #[test]
    fn invalid_utf8_is_kept_and_reported() {
        let (text, problems) = decode(b"\xc2\xa7 20-871 ok \xff\xfe tail".to_vec());
        assert!(text.starts_with("§ 20-871 ok"));
        assert!(text.ends_with(" tail"));
        assert_eq!(problems.len(), 1);
        assert!(problems[0].message.contains("not valid UTF-8"));
        assert_eq!(&text[problems[0].span.clone()], "\u{fffd}");
    }

    #[test]
    fn binary_files_are_refused_and_utf16_gets_advice() {
        let dir = tempfile::tempdir().expect("tempdir");
        let blob = dir.path().join("blob.md");
        let mut bytes = b"# Section 1\n".to_vec();
        bytes.extend([0u8, 159, 146, 150, 0, 7]);
        std::fs::write(&blob, &bytes).expect("write");
        let err = read_text(&blob).expect_err("a binary file is not read as text");
        assert_eq!(err.kind(), std::io::ErrorKind::InvalidData);
        assert!(err.to_string().contains("UTF-8"), "{err}");
        let utf16: Vec<u8> = "§ 20-871"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        assert!(looks_binary(&utf16));
        // Text with invalid UTF-8 but no NUL is still read (and its problem reported).
        let latin1 = dir.path().join("latin1.md");
        std::fs::write(&latin1, b"Section \xa7 1. Caf\xe9").expect("write");
        let (text, problems) = read_text(&latin1).expect("read");
        assert!(text.starts_with("Section "));
        assert_eq!(problems.len(), 1);
    }
}
