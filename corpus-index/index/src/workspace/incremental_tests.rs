//! A snapshot derived after an edit ([`Snapshot::updated`]) resolves and links exactly as
//! one built from scratch, on the NYC Local Law 144 example workspace.

use std::path::{Path, PathBuf};

use super::Snapshot;
use crate::config::Config;
use crate::engine::{Engine, OpenOptions};
use crate::graph::Node;
use crate::resolve::ProvisionRef;

fn example_copy() -> (tempfile::TempDir, PathBuf) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/nyc-ll144");
    let dir = tempfile::tempdir().expect("temp dir");
    let status = std::process::Command::new("cp")
        .arg("-r")
        .arg(&src)
        .arg(dir.path())
        .status()
        .expect("cp runs");
    assert!(status.success());
    let root = dir.path().join("nyc-ll144");
    (dir, root)
}

/// Default settings with the index in a new temporary directory (kept while the guard lives).
fn persistent_config() -> (tempfile::TempDir, Config) {
    let index = tempfile::tempdir().expect("index dir");
    let mut config = Config::default();
    config.index.dir = Some(index.path().join("idx"));
    config.index.dir_trusted = true;
    (index, config)
}

/// Everything a user sees of a snapshot's cross-references: each document's resolutions,
/// and for every provision the citations of it and the provisions it cites.
fn observable(snap: &Snapshot) -> Vec<String> {
    let mut out = Vec::new();
    for (d, doc) in snap.docs.iter().enumerate() {
        for (i, r) in snap.resolutions[d].iter().enumerate() {
            out.push(format!("{} #{i} {r:?}", doc.rel_path));
        }
        for p in 0..doc.provisions.len() {
            let r = ProvisionRef {
                doc: d,
                provision: p,
            };
            let mut cited = snap.graph.cited_from(Node::Provision(r));
            cited.sort();
            out.push(format!(
                "{r:?} cited by {:?} cites {cited:?}",
                snap.graph.citations_of(&snap.docs, r)
            ));
        }
    }
    out.push(format!("edges {}", snap.graph.edge_count()));
    out
}

fn open(root: &Path) -> Engine {
    let mut engine = Engine::open(root, Config::default(), &OpenOptions::in_memory())
        .expect("the example opens");
    engine.scan(&mut |_| {});
    engine
}

#[test]
fn an_edit_of_a_policys_citations_is_derived_and_matches_a_full_build() {
    let (_dir, root) = example_copy();
    let mut engine = open(&root);
    let before = engine.snapshot();
    let policy = root.join("policy/acme-aedt-hiring-policy.md");
    let text = std::fs::read_to_string(&policy).expect("policy");
    // A citation retargeted, and one that does not resolve.
    let edited = text
        .replace("§ 20-871(b) no less", "§ 20-873 no less")
        .replace("as required by § 20-871(a)(1).", "as required by § 20-899.");
    assert_ne!(edited, text);
    assert!(engine.set_overlay(&policy, edited));
    let derived = engine.snapshot();
    assert!(
        std::sync::Arc::ptr_eq(&before.namespaces, &derived.namespaces),
        "the edit kept every target: the namespace index is shared"
    );
    let full = Snapshot::build(&root, engine.config().clone(), derived.entries(), None);
    assert_eq!(observable(&derived), observable(&full));
    assert_ne!(observable(&before), observable(&derived));
    let policy_id = derived.doc_id(&policy).expect("the policy is a document");
    assert!(derived.diagnostics_may_differ(&before, policy_id));
    let statute = derived
        .doc_by_rel("statute/nyc-admin-code-20-871.md")
        .expect("the statute");
    assert!(!derived.diagnostics_may_differ(&before, statute));
}

/// A heading is what a diagnostic of a citation of the section shows: the documents citing
/// it are diagnosed again, the others are not, and nothing is resolved whole again.
#[test]
fn an_edit_of_a_section_heading_is_derived_and_its_citers_are_diagnosed_again() {
    let (_dir, root) = example_copy();
    let mut engine = open(&root);
    let before = engine.snapshot();
    let statute = root.join("statute/nyc-admin-code-20-873.md");
    let text = std::fs::read_to_string(&statute).expect("statute");
    let edited = text.replace("§ 20-873 Enforcement", "§ 20-873 Enforcement and penalties");
    assert_ne!(edited, text);
    assert!(engine.set_overlay(&statute, edited));
    let after = engine.snapshot();
    assert!(after.derived_from(&before));
    assert!(
        std::sync::Arc::ptr_eq(&before.namespaces, &after.namespaces),
        "the sections are the same: the namespace index is shared"
    );
    let full = Snapshot::build(&root, engine.config().clone(), after.entries(), None);
    assert_eq!(observable(&after), observable(&full));
    let target = after
        .doc_by_rel("statute/nyc-admin-code-20-873.md")
        .expect("the statute");
    let cites_it = |id: usize| {
        after.resolutions[id]
            .iter()
            .any(|r| r.provisions().any(|p| p.doc == target))
    };
    let citers: Vec<usize> = (0..after.docs.len())
        .filter(|&id| id != target && cites_it(id))
        .collect();
    assert!(!citers.is_empty(), "the policy cites § 20-873");
    for id in 0..after.docs.len() {
        assert_eq!(
            after.diagnostics_may_differ(&before, id),
            id == target || citers.contains(&id),
            "{}",
            after.docs[id].rel_path
        );
    }
}

/// An editor's unsaved text reaches the BM25 index on disk; at the next start (the text on
/// disk again) only that document is written again, not the whole index.
#[test]
fn a_restart_after_unsaved_edits_updates_bm25_for_that_document_only() {
    let (_dir, root) = example_copy();
    let (_index, config) = persistent_config();
    let options = OpenOptions {
        load_model: false,
        ..OpenOptions::default()
    };
    let policy = root.join("policy/acme-aedt-hiring-policy.md");
    let text = std::fs::read_to_string(&policy).expect("policy");
    {
        let mut engine = Engine::open(&root, config.clone(), &options).expect("opens");
        let first = engine.scan(&mut |_| {});
        assert_eq!(
            first.bm25_written, first.files,
            "a new index is written whole"
        );
        assert!(engine.set_overlay(&policy, format!("{text}\nUnsaved zeugma clause.\n")));
        engine.flush_search();
        let search = engine.snapshot().search.expect("search index");
        assert!(
            !search.bm25.search("zeugma", 5).is_empty(),
            "the edit is searchable"
        );
    }
    let mut engine = Engine::open(&root, config, &options).expect("opens again");
    let report = engine.scan(&mut |_| {});
    assert_eq!(report.bm25_written, 1, "{report:?}");
    let search = engine.snapshot().search.expect("search index");
    assert!(
        search.bm25.search("zeugma", 5).is_empty(),
        "the unsaved text is gone"
    );
    assert!(!search.bm25.search("bias audit", 5).is_empty());
}

/// A bag-of-words embedder (each word hashed to one of 64 dimensions, then normalised):
/// enough to tell the NYC example's sections apart, and deterministic.
#[derive(Debug)]
struct WordHashEmbedder;

impl crate::search::dense::Embedder for WordHashEmbedder {
    fn model_id(&self) -> &str {
        "word-hash-64"
    }

    fn embed(&self, texts: &[String]) -> Result<Vec<Vec<f32>>, crate::search::dense::EmbedError> {
        Ok(texts
            .iter()
            .map(|t| {
                let mut v = vec![0.0f32; 64];
                for word in t
                    .split(|c: char| !c.is_alphanumeric())
                    .filter(|w| w.len() > 3)
                {
                    let h = blake3::hash(word.to_lowercase().as_bytes());
                    v[usize::from(h.as_bytes()[0]) % 64] += 1.0;
                }
                crate::search::dense::normalize(v)
            })
            .collect())
    }
}

/// Class: the background embedding of a workspace (the language server embeds in batches
/// while the user works). Vectors added reach the search view at the next flush, not one
/// view per batch; a restart takes them from the store (8 bits a component) instead of
/// embedding again; a snapshot made when only the search view changed shares every table.
#[test]
fn embeddings_reach_the_search_view_at_the_next_flush_and_survive_a_restart() {
    use crate::search::window_keys::pending_texts;
    let (_dir, root) = example_copy();
    let (_index, config) = persistent_config();
    let embedder: std::sync::Arc<dyn crate::search::dense::Embedder> =
        std::sync::Arc::new(WordHashEmbedder);
    let options = OpenOptions {
        embedder: Some(Ok(embedder.clone())),
        ..OpenOptions::default()
    };
    let windows;
    {
        let mut engine = Engine::open(&root, config.clone(), &options).expect("opens");
        engine.scan(&mut |_| {});
        let before = engine.snapshot();
        assert_eq!(before.search.as_ref().map(|s| s.dense.len()), Some(0));
        let pending = engine.pending_embeddings();
        windows = pending.len();
        assert!(windows > 10, "{windows} windows to embed");
        let texts = pending_texts(embedder.as_ref(), &pending);
        assert!(
            texts.iter().all(|t| !t.trim().is_empty()),
            "every window has text"
        );
        let vectors = embedder.embed(&texts).expect("embeds");
        engine.add_embeddings(pending.iter().map(|p| p.key).zip(vectors).collect());
        assert!(
            engine.pending_embeddings().is_empty(),
            "nothing left to embed"
        );
        let unflushed = engine.snapshot();
        assert_eq!(
            unflushed.search.as_ref().map(|s| s.dense.len()),
            Some(0),
            "no new search view before the flush"
        );
        assert!(
            std::sync::Arc::ptr_eq(&unflushed.dependents, &before.dependents)
                && std::sync::Arc::ptr_eq(&unflushed.namespaces, &before.namespaces),
            "a snapshot with no document changed shares its tables"
        );
        engine.flush_search();
        let after = engine.snapshot();
        let search = after.search.expect("search view");
        assert!(search.dense.len() >= windows, "{} rows", search.dense.len());
        assert!(std::sync::Arc::ptr_eq(
            &after.dependents,
            &before.dependents
        ));
        engine.flush();
    }
    let mut engine = Engine::open(&root, config, &options).expect("opens again");
    engine.scan(&mut |_| {});
    assert!(
        engine.pending_embeddings().is_empty(),
        "the stored vectors are used after a restart"
    );
    engine.flush_search();
    let snap = engine.snapshot();
    let search = snap.search.expect("search view");
    assert!(search.dense.len() >= windows);
    // A section's own words find it first among the dense results.
    let (chunk, words) = search
        .chunks
        .iter()
        .enumerate()
        .map(|(i, c)| (i, c.text()))
        .max_by_key(|(_, t)| t.len())
        .expect("chunks");
    let query = embedder.embed(&[words]).expect("embeds").remove(0);
    let hits = search.dense.search(&query, 3);
    assert_eq!(hits.first().map(|h| h.0), Some(chunk), "{hits:?}");
}

mod edits {
    //! Property: after any sequence of edits of real documents that cite each other (sections
    //! and subsections renumbered, added, removed and relabelled, headings renamed or
    //! repealed, citations retargeted, ranges added), the snapshot derived edit by edit
    //! resolves, links and records its look-ups exactly as one built from scratch, and its
    //! namespace index holds what a fresh one does.

    use std::collections::HashMap;
    use std::sync::atomic::{AtomicUsize, Ordering};

    use proptest::prelude::*;
    use proptest::test_runner::{Config as RunnerConfig, RngAlgorithm, TestRng, TestRunner};

    use super::{Snapshot, observable};
    use crate::config::Config;
    use crate::engine::{Engine, OpenOptions};
    use crate::resolve::NamespaceIndex;
    use crate::test_support::{Edit, apply, copy_fixtures, number_pool};

    /// Edits that resolved the workspace whole (`[0]`) and that were derived (`[1]`); of these,
    /// those that moved a document to another namespace and those that changed its targets.
    static STEPS: [AtomicUsize; 2] = [AtomicUsize::new(0), AtomicUsize::new(0)];
    static MOVES: AtomicUsize = AtomicUsize::new(0);
    static TARGETS_CHANGED: AtomicUsize = AtomicUsize::new(0);

    /// Runs `edits` one after the other; `Err` names the first edit after which the derived
    /// snapshot differs from a full build.
    fn check(edits: &[Edit]) -> Result<(), TestCaseError> {
        let dir = tempfile::tempdir().map_err(|e| TestCaseError::fail(e.to_string()))?;
        let root = dir.path().to_path_buf();
        let files = copy_fixtures(&root).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let config = Config::load(&root).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let mut engine = Engine::open(&root, config, &OpenOptions::in_memory())
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        engine.scan(&mut |_| {});
        let mut snap = engine.snapshot();
        let mut texts: HashMap<usize, String> = HashMap::new();
        for (step, edit) in edits.iter().enumerate() {
            let file = edit.file % files.len();
            let path = &files[file];
            let text = match texts.get(&file) {
                Some(t) => t.clone(),
                None => {
                    std::fs::read_to_string(path).map_err(|e| TestCaseError::fail(e.to_string()))?
                }
            };
            let pool = number_pool(&snap);
            let Some(new) = apply(&text, path, edit, &pool) else {
                continue;
            };
            texts.insert(file, new.clone());
            engine.set_overlay(path, new);
            let derived = engine.snapshot();
            let full = Snapshot::build(&root, engine.config().clone(), derived.entries(), None);
            let at = format!("step {step}, {edit:?} of {}", path.display());
            let rel = derived.docs.iter().position(|d| d.path == *path);
            let holds = rel.is_some_and(|id| {
                snap.namespaces
                    .update_holds(&derived.docs, id, &snap.docs[id])
            });
            prop_assert!(!holds || derived.derived_from(&snap), "{at}: rebuilt whole");
            let moved = rel.is_some_and(|id| snap.docs[id].namespace != derived.docs[id].namespace);
            let kept = rel
                .is_some_and(|id| NamespaceIndex::same_targets(&snap.docs[id], &derived.docs[id]));
            let count = |c: &AtomicUsize| c.fetch_add(1, Ordering::Relaxed);
            count(&STEPS[usize::from(holds)]);
            if holds && moved {
                count(&MOVES);
            }
            if holds && !kept {
                count(&TARGETS_CHANGED);
            }
            if let Some(d) = difference(&observable(&derived), &observable(&full)) {
                return Err(TestCaseError::fail(format!("{at}: {d}")));
            }
            if let Some(d) = difference(
                &derived.namespaces.canonical(),
                &full.namespaces.canonical(),
            ) {
                return Err(TestCaseError::fail(format!("{at}: namespace index {d}")));
            }
            prop_assert!(
                *derived.dependents == *full.dependents,
                "{at}: look-ups differ"
            );
            snap = derived;
        }
        Ok(())
    }

    /// The first line where the derived snapshot's view (`derived`) and the full build's
    /// (`full`) differ.
    fn difference(derived: &[String], full: &[String]) -> Option<String> {
        let at = (0..derived.len().max(full.len())).find(|&i| derived.get(i) != full.get(i))?;
        Some(format!(
            "line {at}: derived {:?}, full build {:?}",
            derived.get(at),
            full.get(at)
        ))
    }

    fn edit() -> impl Strategy<Value = Edit> {
        (any::<usize>(), 0u8..10, any::<u32>(), any::<u32>())
            .prop_map(|(file, op, at, pick)| Edit { file, op, at, pick })
    }

    #[test]
    fn a_snapshot_derived_edit_by_edit_equals_a_full_build() {
        let cases = std::env::var("LEXLS_INCREMENTAL_CASES")
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(24);
        let mut runner = TestRunner::new_with_rng(
            RunnerConfig {
                cases,
                failure_persistence: None,
                ..RunnerConfig::default()
            },
            TestRng::deterministic_rng(RngAlgorithm::ChaCha),
        );
        let result = runner.run(&proptest::collection::vec(edit(), 1..12), |edits| {
            check(&edits)
        });
        if let Err(e) = result {
            panic!("{e}");
        }
        let derived = STEPS[1].load(Ordering::Relaxed);
        eprintln!(
            "edits: {derived} derived ({} changed targets, {} moved a document to another \
             namespace), {} resolved whole (a namespace appeared or went)",
            TARGETS_CHANGED.load(Ordering::Relaxed),
            MOVES.load(Ordering::Relaxed),
            STEPS[0].load(Ordering::Relaxed)
        );
        assert!(derived > 0);
    }
}
