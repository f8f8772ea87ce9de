//! The layering of `ARCHITECTURE.md`, checked on the dependency graph cargo resolves
//! (`cargo metadata`) and on the sources: a lower crate never depends on a higher one, no core
//! crate reaches the LSP crates, the syntax layer reaches no index, model or network crate, and
//! the `lexls` binary does not link the evaluation crate.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

use serde_json::Value;

/// The layers, lowest first.
const LAYERS: [&str; 5] = [
    "lexls-syntax",
    "lexls-index",
    "lexls-ide",
    "lexls-eval",
    "lexls",
];

/// The crates of the Language Server Protocol: only the server may reach them.
const PROTOCOL_CRATES: [&str; 3] = ["tower-lsp-server", "lsp-types", "ls-types"];

/// What the syntax layer must never reach: the index, the models, the network.
const NOT_IN_SYNTAX: [&str; 6] = ["tantivy", "sled", "ort", "fastembed", "reqwest", "petgraph"];

/// The host's target triple (`rustc -vV`), which the tests are built for.
fn host_triple() -> String {
    let out = Command::new(std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into()))
        .arg("-vV")
        .output()
        .unwrap_or_else(|e| panic!("cannot run rustc -vV: {e}"));
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("host: "))
        .unwrap_or_else(|| panic!("rustc -vV names no host"))
        .trim()
        .to_string()
}

/// Normal (non-dev, non-build) dependencies by package name, from `cargo metadata` for the
/// host platform: offline, a fresh machine's package cache holds only the crates its builds
/// fetched, not the other platforms' (`anstyle-wincon`), which an unfiltered resolve needs.
fn normal_dependencies() -> BTreeMap<String, BTreeSet<String>> {
    let root = lexls_tests::repo_root();
    let host = host_triple();
    let out = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args([
            "metadata",
            "--format-version",
            "1",
            "--offline",
            "--filter-platform",
        ])
        .arg(&host)
        .current_dir(&root)
        .output();
    let out = match out {
        Ok(out) if out.status.success() => out,
        Ok(out) => panic!(
            "cargo metadata failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ),
        Err(e) => panic!("cannot run cargo metadata: {e}"),
    };
    let meta: Value = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
    let names: BTreeMap<&str, &str> = meta["packages"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|p| Some((p["id"].as_str()?, p["name"].as_str()?)))
        .collect();
    let mut graph = BTreeMap::new();
    for node in meta["resolve"]["nodes"].as_array().into_iter().flatten() {
        let Some(name) = node["id"].as_str().and_then(|id| names.get(id)) else {
            continue;
        };
        let deps: BTreeSet<String> = node["deps"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|d| {
                d["dep_kinds"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .any(|k| k["kind"].is_null())
            })
            .filter_map(|d| names.get(d["pkg"].as_str()?).map(|n| (*n).to_owned()))
            .collect();
        graph
            .entry((*name).to_owned())
            .or_insert_with(BTreeSet::new)
            .extend(deps);
    }
    assert!(
        LAYERS.iter().all(|l| graph.contains_key(*l)),
        "every layer crate is in the workspace: {:?}",
        graph
            .keys()
            .filter(|k| k.starts_with("lexls"))
            .collect::<Vec<_>>()
    );
    graph
}

/// Every package `name` reaches through normal dependencies.
fn reachable(graph: &BTreeMap<String, BTreeSet<String>>, name: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut stack = vec![name.to_owned()];
    while let Some(n) = stack.pop() {
        for d in graph.get(&n).into_iter().flatten() {
            if seen.insert(d.clone()) {
                stack.push(d.clone());
            }
        }
    }
    seen
}

#[test]
fn a_layer_depends_only_on_the_layers_below_it() {
    let graph = normal_dependencies();
    for (rank, layer) in LAYERS.iter().enumerate() {
        let upward: Vec<&String> = graph[*layer]
            .iter()
            .filter(|d| {
                LAYERS
                    .iter()
                    .position(|l| l == d)
                    .is_some_and(|r| r >= rank)
            })
            .collect();
        assert!(
            upward.is_empty(),
            "{layer} depends on a layer at or above it: {upward:?}"
        );
    }
}

#[test]
fn no_core_crate_reaches_the_protocol() {
    let graph = normal_dependencies();
    for layer in &LAYERS[..4] {
        let reach = reachable(&graph, layer);
        let protocol: Vec<&&str> = PROTOCOL_CRATES
            .iter()
            .filter(|p| reach.contains(**p))
            .collect();
        assert!(
            protocol.is_empty(),
            "{layer} reaches LSP crates {protocol:?}"
        );
    }
}

#[test]
fn the_syntax_layer_reaches_no_index_model_or_network_crate() {
    let graph = normal_dependencies();
    let reach = reachable(&graph, "lexls-syntax");
    let found: Vec<&&str> = NOT_IN_SYNTAX
        .iter()
        .filter(|c| reach.contains(**c))
        .collect();
    assert!(found.is_empty(), "lexls-syntax reaches {found:?}");
}

/// Rust sources under `dir`, recursively, as (path, text).
fn sources(dir: &Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return out;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs")
            && let Ok(text) = std::fs::read_to_string(&path)
        {
            out.push((path.display().to_string(), text));
        }
    }
    out
}

#[test]
fn the_server_binary_does_not_use_the_evaluation_crate() {
    let server = lexls_tests::repo_root().join("server/src");
    let eval_bin = server.join("bin");
    let offending: Vec<String> = sources(&server)
        .into_iter()
        .filter(|(path, _)| !Path::new(path).starts_with(&eval_bin))
        .filter(|(_, text)| text.contains("lexls_eval::") || text.contains("use lexls_eval"))
        .map(|(path, _)| path)
        .collect();
    assert!(
        !sources(&server).is_empty(),
        "the server sources are at {}",
        server.display()
    );
    assert!(
        offending.is_empty(),
        "only src/bin/lexls-eval may use lexls_eval: {offending:?}"
    );
}

#[test]
fn no_core_source_names_a_protocol_type() {
    let core = lexls_tests::repo_root().join("corpus-index");
    let files = sources(&core);
    assert!(
        files.len() > 50,
        "the core sources are at {}",
        core.display()
    );
    let offending: Vec<&String> = files
        .iter()
        .filter(|(_, text)| text.contains("tower_lsp_server") || text.contains("lsp_types::"))
        .map(|(path, _)| path)
        .collect();
    assert!(
        offending.is_empty(),
        "protocol types in the core: {offending:?}"
    );
}
