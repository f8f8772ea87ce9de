//! `lexls/ask`: its params and its result object (`docs/lsp-extensions.md`). Every name
//! on the wire is `camelCase`, values of several words included (`usesTerm`).

use lexls_ide::ask::{AskContext, AskResult};
use lexls_ide::features;
use lexls_index::kg::Relation;
use lexls_index::workspace::Snapshot;
use serde::Deserialize;
use serde_json::{Value, json};
use tower_lsp_server::ls_types::{ProgressToken, Range, TextDocumentIdentifier};

use super::{Doc, location};

/// Parameters of `lexls/ask`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AskParams {
    /// The question.
    pub question: String,
    /// The document the selection is in.
    pub text_document: Option<TextDocumentIdentifier>,
    /// The selection the question is about.
    pub range: Option<Range>,
    /// Number of sources.
    pub top_k: Option<usize>,
    /// A token the client created for progress of this request (LSP work-done progress
    /// initiated by the client); the generated answer is streamed as its reports.
    pub work_done_token: Option<ProgressToken>,
}

/// The selection of `doc` in `range` as the context of a question (`None` without a range).
pub fn context(doc: &Doc<'_>, range: Option<Range>) -> Option<AskContext> {
    let span = doc.span(range?);
    Some(AskContext {
        doc: Some(doc.id),
        text: doc.text().get(span).unwrap_or_default().to_string(),
    })
}

/// The name of a knowledge-graph relation on the wire.
pub fn relation(r: Relation) -> &'static str {
    match r {
        Relation::Cites => "cites",
        Relation::Implements => "implements",
        Relation::Defines => "defines",
        Relation::UsesTerm => "usesTerm",
        Relation::PartOf => "partOf",
    }
}

/// The `lexls/ask` result object.
pub fn result(snap: &Snapshot, result: &AskResult) -> Value {
    let loc = |l: &features::Location| location(snap, l).map(|l| json!(l));
    json!({
        "answer": result.answer,
        "citations": result.citations.iter().map(|c| json!({
            "text": c.text,
            "target": c.target,
            "resolved": c.resolved,
            "supported": c.supported,
            "location": c.location.as_ref().and_then(loc),
        })).collect::<Vec<_>>(),
        "sources": result.sources.iter().map(|s| json!({
            "citation": s.citation,
            "heading": s.heading,
            "location": loc(&s.location),
            "path": s.rel_path,
            "score": s.score,
            "kind": s.kind.as_str(),
            "authority": s.authority,
        })).collect::<Vec<_>>(),
        "warnings": result.warnings,
        "params": result.params.as_ref().map(|p| json!({
            "class": p.class,
            "classes": p.classes,
            "k": p.k,
            "q": p.rewrites,
            "kgKeywords": p.kg_keywords,
            "kgPath": p.kg_path,
        })),
        "rewrites": result.rewrites.iter().map(|r| json!({
            "kind": r.kind,
            "text": r.text,
        })).collect::<Vec<_>>(),
        "kgKeywords": result.kg_keywords,
        "triplets": result.triplets.iter().map(|t| json!({
            "subject": t.subject,
            "relation": relation(t.relation),
            "object": t.object,
        })).collect::<Vec<_>>(),
        "timingsMs": result.timings_ms,
        "generatedBy": result.generated_by,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every key of a JSON value, at any depth, with its path.
    fn keys(value: &Value, path: &str, out: &mut Vec<String>) {
        match value {
            Value::Object(map) => {
                for (k, v) in map {
                    out.push(format!("{path}.{k}"));
                    keys(v, &format!("{path}.{k}"), out);
                }
            }
            Value::Array(items) => items.iter().for_each(|v| keys(v, path, out)),
            _ => {}
        }
    }

    #[test]
    fn an_answer_on_the_example_has_camel_case_names_only() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/nyc-ll144");
        let config = lexls_index::config::Config {
            retrieval: lexls_index::config::RetrievalConfig {
                mode: lexls_index::config::RetrievalMode::Bm25,
                kg: true,
                rewrite: true,
                ..Default::default()
            },
            ..Default::default()
        };
        let snap = lexls_index::engine::Engine::scan_in_memory(&root, config)
            .expect("example workspace opens");
        let request = lexls_ide::ask::AskRequest {
            question: "What must a bias audit of an AEDT include?".into(),
            context: None,
            top_k: None,
            mode: None,
        };
        let answer = lexls_ide::ask::ask_with(
            &snap,
            &request,
            &lexls_ide::ask::Models::default(),
            &mut |_| {},
        );
        let value = result(&snap, &answer);
        let mut names = Vec::new();
        keys(&value, "", &mut names);
        assert!(names.iter().any(|k| k == ".triplets.relation"), "{names:?}");
        assert!(names.iter().any(|k| k == ".timingsMs"), "{names:?}");
        let snake: Vec<&String> = names.iter().filter(|k| k.contains('_')).collect();
        assert!(snake.is_empty(), "snake_case names on the wire: {snake:?}");
        let relations: Vec<&str> = value["triplets"]
            .as_array()
            .expect("triplets")
            .iter()
            .filter_map(|t| t["relation"].as_str())
            .collect();
        assert!(!relations.is_empty());
        assert!(
            relations
                .iter()
                .all(|r| !r.contains('_') && !r.contains(' ')),
            "{relations:?}"
        );
    }
}
