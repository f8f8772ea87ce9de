//! Which folders lexls accepts as a workspace: an existing, readable directory that is
//! neither the file system root nor the home directory (indexing either would read the
//! whole machine or the whole home into an index of many gigabytes).

use std::path::{Path, PathBuf};

/// Why a folder is not accepted as a workspace. Each message says what to do.
#[derive(Debug, thiserror::Error)]
pub enum RootError {
    /// The path does not exist.
    #[error(
        "workspace directory {0} does not exist; give the folder that holds the statutes and policies"
    )]
    Missing(PathBuf),
    /// The path is a file (or something else that is not a directory).
    #[error("{0} is a file, not a folder; give the folder that holds the statutes and policies")]
    NotADirectory(PathBuf),
    /// The directory cannot be listed.
    #[error(
        "cannot read the workspace folder {path}: {reason}; check its permissions or give another folder"
    )]
    Unreadable {
        /// The directory.
        path: PathBuf,
        /// The I/O error (part of the message, not a separate cause).
        reason: std::io::Error,
    },
    /// The file system root or the home directory.
    #[error(
        "{path} is {what}; lexls would index every file under it. Open the folder that holds the statutes and policies instead"
    )]
    TooBroad {
        /// The directory.
        path: PathBuf,
        /// "the file system root" or "your home directory".
        what: &'static str,
    },
}

/// Checks that `root` can be a workspace and returns its canonical path.
///
/// # Errors
/// [`RootError`] when `root` is missing, not a directory, cannot be listed, or is the file
/// system root or the user's home directory.
pub fn check_root(root: &Path) -> Result<PathBuf, RootError> {
    let meta = match std::fs::metadata(root) {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(RootError::Missing(root.to_path_buf()));
        }
        Err(source) => {
            return Err(RootError::Unreadable {
                path: root.to_path_buf(),
                reason: source,
            });
        }
    };
    if !meta.is_dir() {
        return Err(RootError::NotADirectory(root.to_path_buf()));
    }
    let canonical = root
        .canonicalize()
        .map_err(|source| RootError::Unreadable {
            path: root.to_path_buf(),
            reason: source,
        })?;
    if canonical.parent().is_none() {
        return Err(RootError::TooBroad {
            path: canonical,
            what: "the file system root",
        });
    }
    if home_dir().is_some_and(|home| home == canonical) {
        return Err(RootError::TooBroad {
            path: canonical,
            what: "your home directory",
        });
    }
    if let Err(source) = std::fs::read_dir(&canonical) {
        return Err(RootError::Unreadable {
            path: root.to_path_buf(),
            reason: source,
        });
    }
    Ok(canonical)
}

/// The user's home directory (`$HOME` on Linux and macOS), canonical when it exists.
pub fn home_dir() -> Option<PathBuf> {
    let home = directories::BaseDirs::new()?.home_dir().to_path_buf();
    Some(home.canonicalize().unwrap_or(home))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_a_missing_folder_and_the_file_system_root_are_refused() {
        let dir = tempfile::tempdir().expect("tempdir");
        let file = dir.path().join("statute.md");
        std::fs::write(&file, "# § 1\n").expect("write");
        let err = check_root(&file).expect_err("a file");
        assert!(matches!(err, RootError::NotADirectory(_)), "{err}");
        assert!(err.to_string().contains("is a file, not a folder"), "{err}");
        let err = check_root(&dir.path().join("missing")).expect_err("missing");
        assert!(matches!(err, RootError::Missing(_)), "{err}");
        let err = check_root(Path::new("/")).expect_err("the root");
        assert!(err.to_string().contains("file system root"), "{err}");
        assert_eq!(
            check_root(dir.path()).ok(),
            dir.path().canonicalize().ok(),
            "a plain folder is accepted"
        );
    }
}
