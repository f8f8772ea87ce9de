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

/// Everything a user sees of a snapshot's cross-references: each document's resolutions,
/// and for every provision the citations of it and the provisions it cites.
fn observable(snap: &Snapshot) -> Vec<String> {
    let mut out = Vec::new();
    for (d, doc) in snap.docs.iter().enumerate() {
        out.push(format!("{} {:?}", doc.rel_path, snap.resolutions[d]));
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

#[test]
fn an_edit_of_a_section_heading_resolves_the_workspace_again() {
    let (_dir, root) = example_copy();
    let mut engine = open(&root);
    let before = engine.snapshot();
    let statute = root.join("statute/nyc-admin-code-20-873.md");
    let text = std::fs::read_to_string(&statute).expect("statute");
    let edited = text.replace("§ 20-873 Enforcement", "§ 20-873 Enforcement and penalties");
    assert_ne!(edited, text);
    assert!(engine.set_overlay(&statute, edited));
    let after = engine.snapshot();
    assert!(!std::sync::Arc::ptr_eq(
        &before.namespaces,
        &after.namespaces
    ));
    let full = Snapshot::build(&root, engine.config().clone(), after.entries(), None);
    assert_eq!(observable(&after), observable(&full));
}

/// An editor's unsaved text reaches the BM25 index on disk; at the next start (the text on
/// disk again) only that document is written again, not the whole index.
#[test]
fn a_restart_after_unsaved_edits_updates_bm25_for_that_document_only() {
    let (_dir, root) = example_copy();
    let index = tempfile::tempdir().expect("index dir");
    let mut config = Config::default();
    config.index.dir = Some(index.path().join("idx"));
    config.index.dir_trusted = true;
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
