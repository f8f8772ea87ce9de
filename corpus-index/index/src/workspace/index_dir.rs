//! Where a workspace's index may live, and what of it lexls may delete.
//!
//! lexls deletes files only to rebuild its own index, so it must know what is its own:
//!
//! - **Marker.** Every index directory lexls uses carries [`MARKER_FILE`]
//!   (`lexls-index.json`), written by lexls when it creates the directory or takes an empty
//!   one. A non-empty directory without it is refused: lexls neither writes into it nor
//!   deletes it. The one exception is a directory inside lexls's own index cache
//!   (`<cache>/lexls/index/`) that holds nothing but lexls's entries (an index written
//!   before markers existed): it is adopted.
//! - **Entries.** Inside a marked directory lexls removes only its own entries
//!   ([`Entry::Store`] `store/`, [`Entry::Bm25`] `bm25/`), never the directory itself.
//! - **Location.** An index directory may not be, contain or lie inside the workspace, and
//!   may not be or contain the home directory or `/`.
//! - **Trust.** A directory named by the workspace's own settings (`.lexls.toml`, the
//!   editor's settings) must lie inside lexls's index cache unless the user's own settings
//!   allow it ([`crate::config::IndexConfig::dir_trusted`]); the default directory lies there.

use std::path::{Component, Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::config::cache_dir;
use crate::workspace::root::home_dir;

/// The name of the marker file lexls writes in every index directory it owns.
pub const MARKER_FILE: &str = "lexls-index.json";

/// Version of the marker's layout.
const MARKER_VERSION: u32 = 1;

/// Who chose an index directory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// lexls's default, `<cache>/lexls/index/<name>-<hash>`.
    Default,
    /// The user's own settings (`LEXLS_INDEX_DIR`, or a workspace's choice the user
    /// allowed).
    User,
    /// The workspace's settings (`.lexls.toml`, the editor's settings): confined to lexls's
    /// index cache.
    Workspace,
}

/// Why lexls will not use a directory for the index. Each message says what to do.
#[derive(Debug, thiserror::Error)]
pub enum IndexDirError {
    /// The directory is `/`, or is or contains the home directory.
    #[error(
        "the index directory {dir} is or contains {what}; lexls will not write or delete there. Set `[index] dir` or LEXLS_INDEX_DIR to a directory of its own, or unset it to use the user cache"
    )]
    TooBroad {
        /// The directory.
        dir: PathBuf,
        /// "the file system root" or "your home directory".
        what: &'static str,
    },
    /// The directory is, contains or lies inside the workspace.
    #[error(
        "the index directory {dir} {relation} the workspace {root}; lexls will not write or delete among your files. Set `[index] dir` or LEXLS_INDEX_DIR to a directory outside the workspace, or unset it to use the user cache"
    )]
    Workspace {
        /// The directory.
        dir: PathBuf,
        /// The workspace root.
        root: PathBuf,
        /// "is", "contains" or "lies inside".
        relation: &'static str,
    },
    /// The workspace's settings name a directory outside lexls's index cache.
    #[error(
        "the workspace's settings put the index in {dir}, outside lexls's index cache {cache}; lexls writes elsewhere only when you allow it: set LEXLS_ALLOW_WORKSPACE_INDEX_DIR=1 (or LEXLS_INDEX_DIR) in your environment, or remove `[index] dir` from the workspace's settings"
    )]
    Untrusted {
        /// The directory.
        dir: PathBuf,
        /// lexls's index cache (`<cache>/lexls/index`), or a note that there is none.
        cache: String,
    },
    /// A non-empty directory that lexls did not make.
    #[error(
        "the index directory {dir} is not empty and has no {MARKER_FILE}, so lexls did not make it; lexls will not write into it or delete it. Choose an empty or new directory for `[index] dir` (or LEXLS_INDEX_DIR), or remove {dir} yourself"
    )]
    NotOurs {
        /// The directory.
        dir: PathBuf,
    },
    /// The path exists and is not a directory.
    #[error(
        "the index directory {dir} is a file; choose another `[index] dir` (or LEXLS_INDEX_DIR)"
    )]
    NotADirectory {
        /// The path.
        dir: PathBuf,
    },
    /// The directory or its marker could not be created.
    #[error(
        "cannot create the index directory {dir}: {reason}; check its permissions or choose another `[index] dir` (or LEXLS_INDEX_DIR)"
    )]
    Create {
        /// The directory.
        dir: PathBuf,
        /// The I/O error (part of the message, not a separate cause).
        reason: std::io::Error,
    },
}

/// One of lexls's own entries in an index directory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entry {
    /// `store/`: the sled database (documents, hashes, embeddings).
    Store,
    /// `bm25/`: the tantivy index.
    Bm25,
}

impl Entry {
    /// Every entry.
    pub const ALL: [Entry; 2] = [Entry::Store, Entry::Bm25];

    /// Its name in the index directory.
    pub fn name(self) -> &'static str {
        match self {
            Entry::Store => "store",
            Entry::Bm25 => "bm25",
        }
    }
}

/// What the marker file holds.
#[derive(Debug, Serialize, Deserialize)]
struct Marker {
    /// Always [`MARKER_VERSION`]; identifies the file as lexls's.
    lexls_index: u32,
    /// The workspace the directory was made for (informative: a directory may serve
    /// another workspace later, the store reconciles by file).
    workspace: PathBuf,
    /// The lexls version that wrote it.
    written_by: String,
}

/// An index directory that lexls owns: it carries [`MARKER_FILE`] and passed the location
/// rules. Only through it does lexls delete anything.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndexDir {
    path: PathBuf,
}

impl IndexDir {
    /// Checks `dir` (chosen by `origin`) for the workspace at `root` (canonical) and takes
    /// it: creates it with a marker when new, writes the marker into an empty directory,
    /// accepts a marked one. A relative `dir` is relative to `root`.
    ///
    /// Returns the directory and, when lexls adopted an unmarked index of its own cache, a
    /// note saying so.
    ///
    /// # Errors
    /// [`IndexDirError`] when a location rule or the marker rule refuses it, or it cannot
    /// be created. Nothing is written or deleted then.
    pub fn claim(
        dir: &Path,
        root: &Path,
        origin: Origin,
    ) -> Result<(Self, Option<String>), IndexDirError> {
        let joined = root.join(dir);
        let path = resolve(&joined);
        check_location(&path, root, origin)?;
        let created = |reason| IndexDirError::Create {
            dir: path.clone(),
            reason,
        };
        match std::fs::symlink_metadata(&path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                std::fs::create_dir_all(&path).map_err(created)?;
                write_marker(&path, root).map_err(created)?;
                return Ok((Self { path }, None));
            }
            Err(source) => return Err(created(source)),
            Ok(meta) if !meta.is_dir() => {
                return Err(IndexDirError::NotADirectory { dir: path });
            }
            Ok(_) => {}
        }
        if has_marker(&path) {
            return Ok((Self { path }, None));
        }
        let names: Vec<String> = std::fs::read_dir(&path)
            .map_err(created)?
            .filter_map(Result::ok)
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        if names.is_empty() {
            write_marker(&path, root).map_err(created)?;
            return Ok((Self { path }, None));
        }
        let own = |n: &String| n == MARKER_FILE || Entry::ALL.iter().any(|e| e.name() == n);
        if index_cache().is_some_and(|cache| path.starts_with(&cache) && path != cache)
            && names.iter().all(own)
        {
            write_marker(&path, root).map_err(created)?;
            let note = format!(
                "took over the index at {} (written before lexls marked its index directories)",
                path.display()
            );
            return Ok((Self { path }, Some(note)));
        }
        Err(IndexDirError::NotOurs { dir: path })
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Where `entry` lives.
    pub fn entry(&self, entry: Entry) -> PathBuf {
        self.path.join(entry.name())
    }

    /// Deletes `entry` (a damaged or incompatible store), so that it is made anew. A
    /// symbolic link is removed, not followed.
    ///
    /// # Errors
    /// The I/O error when it exists and cannot be removed.
    pub fn reset(&self, entry: Entry) -> std::io::Result<()> {
        let path = self.entry(entry);
        match std::fs::symlink_metadata(&path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(e),
            Ok(meta) if meta.is_dir() => std::fs::remove_dir_all(&path),
            Ok(_) => std::fs::remove_file(&path),
        }
    }
}

/// lexls's index cache, `<cache>/lexls/index` (resolved), where the default directories
/// live and where the workspace's settings may put an index.
pub fn index_cache() -> Option<PathBuf> {
    cache_dir().map(|c| resolve(&c.join("index")))
}

/// Applies the location rules to `dir` (resolved) for the workspace at `root`.
fn check_location(dir: &Path, root: &Path, origin: Origin) -> Result<(), IndexDirError> {
    if dir.parent().is_none() {
        return Err(IndexDirError::TooBroad {
            dir: dir.to_path_buf(),
            what: "the file system root",
        });
    }
    if home_dir().is_some_and(|home| home.starts_with(dir)) {
        return Err(IndexDirError::TooBroad {
            dir: dir.to_path_buf(),
            what: "your home directory",
        });
    }
    let relation = if dir == root {
        Some("is")
    } else if root.starts_with(dir) {
        Some("contains")
    } else if dir.starts_with(root) {
        Some("lies inside")
    } else {
        None
    };
    if let Some(relation) = relation {
        return Err(IndexDirError::Workspace {
            dir: dir.to_path_buf(),
            root: root.to_path_buf(),
            relation,
        });
    }
    if origin == Origin::Workspace {
        let cache = index_cache();
        let inside = cache
            .as_ref()
            .is_some_and(|cache| dir.starts_with(cache) && dir != cache);
        if !inside {
            return Err(IndexDirError::Untrusted {
                dir: dir.to_path_buf(),
                cache: cache.map_or_else(
                    || "(this system has no user cache directory)".into(),
                    |c| c.display().to_string(),
                ),
            });
        }
    }
    Ok(())
}

/// Whether `dir` holds a marker lexls wrote.
fn has_marker(dir: &Path) -> bool {
    std::fs::read(dir.join(MARKER_FILE))
        .ok()
        .and_then(|bytes| serde_json::from_slice::<Marker>(&bytes).ok())
        .is_some_and(|m| m.lexls_index == MARKER_VERSION)
}

fn write_marker(dir: &Path, root: &Path) -> std::io::Result<()> {
    let marker = Marker {
        lexls_index: MARKER_VERSION,
        workspace: root.to_path_buf(),
        written_by: format!("lexls {}", env!("CARGO_PKG_VERSION")),
    };
    let text = serde_json::to_string_pretty(&marker).map_err(std::io::Error::other)?;
    let tmp = dir.join(format!("{MARKER_FILE}.tmp"));
    std::fs::write(&tmp, text + "\n")?;
    std::fs::rename(&tmp, dir.join(MARKER_FILE))
}

/// `path` made absolute, with symbolic links of its existing part resolved and `.` and
/// `..` applied, so that paths compare by what they point at even when they do not exist
/// yet.
pub fn resolve(path: &Path) -> PathBuf {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut out = PathBuf::new();
    for component in absolute.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => {
                out.push(other);
                if let Ok(real) = out.canonicalize() {
                    out = real;
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files_of(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
        let mut out = Vec::new();
        for entry in walkdir(dir) {
            if entry.is_file() {
                let bytes = std::fs::read(&entry).unwrap_or_default();
                out.push((entry, bytes));
            }
        }
        out.sort();
        out
    }

    fn walkdir(dir: &Path) -> Vec<PathBuf> {
        let mut out = vec![dir.to_path_buf()];
        let mut i = 0;
        while i < out.len() {
            if let Ok(read) = std::fs::read_dir(&out[i]) {
                out.extend(read.filter_map(Result::ok).map(|e| e.path()));
            }
            i += 1;
        }
        out
    }

    #[test]
    fn the_workspace_and_what_holds_it_are_refused_whoever_chose_them() {
        let parent = tempfile::tempdir().expect("tempdir");
        let root = parent.path().join("ws");
        std::fs::create_dir_all(root.join(".git")).expect("mkdir");
        std::fs::write(root.join("store"), "not sled").expect("write");
        let root = root.canonicalize().expect("canonical");
        let before = files_of(&root);
        for (dir, relation) in [
            (PathBuf::from("."), "is"),
            (root.clone(), "is"),
            (root.join("index"), "lies inside"),
            (root.join("a/../.."), "contains"),
        ] {
            let err = IndexDir::claim(&dir, &root, Origin::User).expect_err("refused");
            let msg = err.to_string();
            assert!(
                msg.contains(&format!("{relation} the workspace")),
                "{dir:?}: {msg}"
            );
        }
        let err = IndexDir::claim(Path::new("/"), &root, Origin::User).expect_err("root");
        assert!(err.to_string().contains("file system root"), "{err}");
        assert_eq!(files_of(&root), before, "nothing written or deleted");
    }

    #[test]
    fn only_new_empty_or_marked_directories_are_taken_and_only_entries_are_reset() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let root = tmp.path().join("ws");
        std::fs::create_dir_all(&root).expect("mkdir");
        let root = root.canonicalize().expect("canonical");
        let foreign = tmp.path().join("foreign");
        std::fs::create_dir_all(foreign.join("store")).expect("mkdir");
        std::fs::write(foreign.join("notes.txt"), "mine").expect("write");
        let err = IndexDir::claim(&foreign, &root, Origin::User).expect_err("not ours");
        assert!(matches!(err, IndexDirError::NotOurs { .. }), "{err}");
        assert!(err.to_string().contains("remove"), "{err}");
        assert!(!foreign.join(MARKER_FILE).exists());

        let (dir, note) =
            IndexDir::claim(&tmp.path().join("new/index"), &root, Origin::User).expect("new");
        assert!(note.is_none());
        assert!(dir.path().join(MARKER_FILE).is_file());
        std::fs::create_dir_all(dir.entry(Entry::Store)).expect("mkdir");
        std::fs::write(dir.path().join("kept.txt"), "kept").expect("write");
        let (again, _) = IndexDir::claim(dir.path(), &root, Origin::User).expect("marked");
        again.reset(Entry::Store).expect("reset");
        assert!(!again.entry(Entry::Store).exists());
        assert!(
            again.path().join("kept.txt").is_file(),
            "only the entry goes"
        );

        let empty = tmp.path().join("empty");
        std::fs::create_dir_all(&empty).expect("mkdir");
        IndexDir::claim(&empty, &root, Origin::User).expect("empty");
        assert!(empty.join(MARKER_FILE).is_file());
    }

    #[test]
    fn a_workspace_choice_outside_the_cache_is_untrusted() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let root = tmp.path().join("ws");
        std::fs::create_dir_all(&root).expect("mkdir");
        let root = root.canonicalize().expect("canonical");
        let elsewhere = tmp.path().join("elsewhere");
        let err = IndexDir::claim(&elsewhere, &root, Origin::Workspace).expect_err("untrusted");
        assert!(matches!(err, IndexDirError::Untrusted { .. }), "{err}");
        assert!(
            err.to_string().contains("LEXLS_ALLOW_WORKSPACE_INDEX_DIR"),
            "{err}"
        );
        assert!(!elsewhere.exists(), "nothing created");
    }

    #[test]
    fn resolve_applies_dots_to_paths_that_do_not_exist() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let base = tmp.path().canonicalize().expect("canonical");
        assert_eq!(resolve(&base.join("a/b/../c/./d")), base.join("a/c/d"));
        assert_eq!(
            resolve(&base.join("a/../..")),
            base.parent().expect("parent")
        );
    }
}
