//! The development sets evaluated together (`lexls eval retrieval --suite`): each set a
//! corpus folder and either a query file (`shared/eval/README.md` format) or, for SARA, the
//! case file its queries are built from ([`super::sara`]).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::retrieval::{Query, read_queries};

/// One development set of a suite.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SuiteSet {
    /// Name in reports.
    pub name: String,
    /// The corpus folder (relative paths: to the suite file's folder, or for the built-in
    /// suite to the shared data folder).
    pub corpus: PathBuf,
    /// A query file (JSON lines: id, question, relevant).
    #[serde(default)]
    pub queries: Option<PathBuf>,
    /// A SARA case file to build the queries from (instead of `queries`).
    #[serde(default)]
    pub sara_cases: Option<PathBuf>,
}

/// The built-in suite, relative to the shared data folder: EU AI Act, NYC Local Law 144,
/// AILA 2019 and SARA.
pub fn default_suite(shared: &Path) -> Vec<SuiteSet> {
    let set = |name: &str, corpus: &str, queries: Option<&str>, cases: Option<&str>| SuiteSet {
        name: name.to_string(),
        corpus: shared.join(corpus),
        queries: queries.map(|q| shared.join(q)),
        sara_cases: cases.map(|c| shared.join(c)),
    };
    vec![
        set(
            "eu-ai-act",
            "corpora/eu-ai-act",
            Some("eval/eu-ai-act.jsonl"),
            None,
        ),
        set(
            "nyc-ll144",
            "corpora/nyc-ll144",
            Some("eval/nyc-ll144.jsonl"),
            None,
        ),
        set(
            "aila",
            "corpora/aila-2019-statutes",
            Some("eval/aila.jsonl"),
            None,
        ),
        set(
            "sara",
            "corpora/sara-v1",
            None,
            Some("corpora/sara-v1/cases.jsonl"),
        ),
    ]
}

/// Reads a suite file: a JSON array of sets (`name`, `corpus`, `queries` or `sara_cases`),
/// relative paths taken from the file's folder.
///
/// # Errors
/// An unreadable file or one that is not such an array.
pub fn read_suite(path: &Path) -> Result<Vec<SuiteSet>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut sets: Vec<SuiteSet> = serde_json::from_str(&text).map_err(|e| {
        format!(
            "{}: not a suite (a JSON array of {{name, corpus, queries | sara_cases}}): {e}",
            path.display()
        )
    })?;
    let base = path.parent().unwrap_or_else(|| Path::new("."));
    for s in &mut sets {
        s.corpus = base.join(&s.corpus);
        s.queries = s.queries.as_ref().map(|q| base.join(q));
        s.sara_cases = s.sara_cases.as_ref().map(|c| base.join(c));
    }
    Ok(sets)
}

impl SuiteSet {
    /// The set's queries (built from the SARA cases when given) and the notes on cases
    /// left out.
    ///
    /// # Errors
    /// A missing or unreadable file, or a line that is not a query or case.
    pub fn load_queries(&self) -> Result<(Vec<Query>, Vec<String>), String> {
        let read = |p: &Path| {
            std::fs::read_to_string(p).map_err(|e| format!("cannot read {}: {e}", p.display()))
        };
        match (&self.queries, &self.sara_cases) {
            (Some(q), _) => Ok((
                read_queries(&read(q)?).map_err(|e| format!("{}: {e}", q.display()))?,
                Vec::new(),
            )),
            (None, Some(c)) => {
                let built = super::sara::sara_queries(&read(c)?)
                    .map_err(|e| format!("{}: {e}", c.display()))?;
                let notes = summarise_dropped(&built.dropped);
                Ok((built.queries, notes))
            }
            (None, None) => Err(format!(
                "set {}: neither `queries` nor `sara_cases`",
                self.name
            )),
        }
    }
}

/// One line per reason: how many cases were left out for it.
fn summarise_dropped(dropped: &[(String, String)]) -> Vec<String> {
    let mut by: std::collections::BTreeMap<&str, usize> = Default::default();
    for (_, why) in dropped {
        *by.entry(why.as_str()).or_default() += 1;
    }
    by.into_iter()
        .map(|(why, n)| format!("{n} cases left out: {why}"))
        .collect()
}

/// The shared data folder (`shared/`, holding `corpora/` and `eval/`): `start` or the
/// nearest of its ancestors with a `shared/corpora` folder, or `start` itself if it is that
/// folder.
pub fn find_shared(start: &Path) -> Option<PathBuf> {
    let start = std::fs::canonicalize(start).unwrap_or_else(|_| start.to_path_buf());
    if start.join("corpora").is_dir() && start.join("eval").is_dir() {
        return Some(start);
    }
    start
        .ancestors()
        .map(|a| a.join("shared"))
        .find(|s| s.join("corpora").is_dir())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_suite_reads_every_set() {
        let shared = find_shared(Path::new(env!("CARGO_MANIFEST_DIR"))).expect("shared data");
        for set in default_suite(&shared) {
            let (queries, notes) = set.load_queries().expect("loads");
            assert!(!queries.is_empty(), "{}", set.name);
            assert!(set.corpus.is_dir(), "{}", set.corpus.display());
            if set.name == "sara" {
                assert_eq!(
                    notes,
                    vec![
                        "100 cases left out: tax_liability case: no single gold section"
                            .to_string()
                    ]
                );
            }
        }
    }
}
