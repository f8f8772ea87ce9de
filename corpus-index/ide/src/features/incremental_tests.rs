//! Property: a writer that diagnoses again only the documents whose diagnostics may differ
//! ([`Snapshot::diagnostics_may_differ`]) after each edit shows, for every document, the
//! diagnostics a full build gives, after any sequence of edits of real documents that cite
//! each other (sections and subsections renumbered, added, removed and relabelled, headings
//! renamed or repealed, citations retargeted, ranges added). Notes are checked too, so that
//! many citations do not resolve and show "did you mean" answers and the sections a
//! namespace has.

use std::collections::HashMap;

use proptest::prelude::*;
use proptest::test_runner::{Config as RunnerConfig, RngAlgorithm, TestRng, TestRunner};

use super::diagnostics::{Diagnostic, diagnostics};
use lexls_index::config::Config;
use lexls_index::engine::{Engine, OpenOptions};
use lexls_index::test_support::{Edit, apply, copy_fixtures, number_pool};
use lexls_index::workspace::Snapshot;

fn fail(e: impl std::fmt::Display) -> TestCaseError {
    TestCaseError::fail(e.to_string())
}

/// Runs `edits`, publishing diagnostics as the server's writer does; `idle[i]` makes a
/// snapshot without diagnosing it after edit `i` (the writer's idle publish).
fn check(edits: &[(Edit, bool)]) -> Result<(), TestCaseError> {
    let dir = tempfile::tempdir().map_err(fail)?;
    let root = dir.path().to_path_buf();
    let files = copy_fixtures(&root).map_err(fail)?;
    std::fs::write(
        root.join(".lexls.toml"),
        "[diagnostics]\nin_notes = true\n\n[[documents]]\nglob = \"policy/**\"\nkind = \"policy\"\n",
    )
    .map_err(fail)?;
    let config = Config::load(&root).map_err(fail)?;
    let mut engine = Engine::open(&root, config, &OpenOptions::in_memory()).map_err(fail)?;
    engine.scan(&mut |_| {});
    let mut diagnosed = engine.snapshot();
    let mut shown: HashMap<usize, Vec<Diagnostic>> = (0..diagnosed.docs.len())
        .map(|id| (id, diagnostics(&diagnosed, id)))
        .collect();
    let mut texts: HashMap<usize, String> = HashMap::new();
    for (step, (edit, idle)) in edits.iter().enumerate() {
        let file = edit.file % files.len();
        let path = &files[file];
        let text = match texts.get(&file) {
            Some(t) => t.clone(),
            None => std::fs::read_to_string(path).map_err(fail)?,
        };
        let pool = number_pool(&diagnosed);
        let Some(new) = apply(&text, path, edit, &pool) else {
            continue;
        };
        texts.insert(file, new.clone());
        engine.set_overlay(path, new);
        if *idle {
            // Published without diagnostics, then the next edit's snapshot is derived from it.
            let _ = engine.snapshot();
        }
        let snap = engine.snapshot();
        let id = snap.docs.iter().position(|d| d.path == *path);
        let holds = id.is_some_and(|id| {
            diagnosed
                .namespaces
                .update_holds(&snap.docs, id, &diagnosed.docs[id])
        });
        let at = format!("step {step}, {edit:?} of {}", path.display());
        prop_assert!(
            !holds || snap.derived_from(&diagnosed),
            "{at}: rebuilt whole"
        );
        let derived = snap.derived_from(&diagnosed);
        for id in 0..snap.docs.len() {
            if !derived || snap.diagnostics_may_differ(&diagnosed, id) {
                shown.insert(id, diagnostics(&snap, id));
            }
        }
        diagnosed = snap;
        let full = Snapshot::build(&root, engine.config().clone(), diagnosed.entries(), None);
        for id in 0..full.docs.len() {
            let want = diagnostics(&full, id);
            let have = shown.get(&id).cloned().unwrap_or_default();
            if want != have {
                let first = (0..want.len().max(have.len()))
                    .find(|&i| want.get(i) != have.get(i))
                    .unwrap_or(0);
                return Err(fail(format!(
                    "{at}: {} shows {:?}, a full build {:?}",
                    full.docs[id].rel_path,
                    have.get(first),
                    want.get(first)
                )));
            }
        }
    }
    Ok(())
}

#[test]
fn diagnosing_only_what_may_differ_shows_what_a_full_build_does() {
    let cases = std::env::var("LEXLS_INCREMENTAL_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(16);
    let mut runner = TestRunner::new_with_rng(
        RunnerConfig {
            cases,
            failure_persistence: None,
            ..RunnerConfig::default()
        },
        TestRng::deterministic_rng(RngAlgorithm::ChaCha),
    );
    let edit = (
        any::<usize>(),
        0u8..10,
        any::<u32>(),
        any::<u32>(),
        any::<bool>(),
    )
        .prop_map(|(file, op, at, pick, idle)| (Edit { file, op, at, pick }, idle));
    let result = runner.run(&proptest::collection::vec(edit, 1..12), |edits| {
        check(&edits)
    });
    if let Err(e) = result {
        panic!("{e}");
    }
}
