//! End-to-end: `lexls serve` on a workspace that mixes the EU AI Act, the GDPR and a
//! policy citing both (`tests/fixtures/eu-ai-gdpr`): hover, definition, references,
//! diagnostics and quick fixes for the EU citation forms.

use lexls_tests::{LspClient, fixture, line_of, position_of, uri};
use serde_json::{Value, json};

fn started() -> (LspClient, std::path::PathBuf) {
    let root = fixture("eu-ai-gdpr");
    let mut client = LspClient::start(&[("LEXLS_MODEL_DIR", "/nonexistent/lexls-model")]);
    client.initialize(&root, json!({}));
    client.wait_indexed();
    (client, root)
}

fn policy(root: &std::path::Path) -> std::path::PathBuf {
    root.join("policy/ai-hiring-data-policy.md")
}

fn hover(client: &mut LspClient, uri: &str, pos: &Value) -> String {
    let hover = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": pos}),
    );
    hover["contents"]["value"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn eu_citation_forms_hover_and_go_to_the_cited_point() {
    let (mut client, root) = started();
    let (uri, text) = client.open(&policy(&root));

    // `Article 6(1)(a) GDPR`: the consent ground of the GDPR, not the AI Act's Article 6.
    let pos = position_of(&text, "Article 6(1)(a) GDPR", 0, 3);
    let md = hover(&mut client, &uri, &pos);
    assert!(md.contains("Regulation (EU) 2016/679"), "{md}");
    assert!(md.contains("has given consent"), "{md}");
    let def = client.definition(&uri, &pos);
    let gdpr6 = root.join("gdpr/article-006.md");
    assert_eq!(def["uri"], json!(uri_of(&gdpr6)));
    assert_eq!(
        def["range"]["start"]["line"].as_u64(),
        Some(line_of(&gdpr6, "(a) the data subject has given consent"))
    );

    // `point (a) of Article 9(2) of Regulation (EU) 2016/679`, across a line break.
    let pos = position_of(&text, "point (a) of Article 9(2)", 0, 2);
    let md = hover(&mut client, &uri, &pos);
    assert!(md.contains("explicit consent"), "{md}");

    // `Article 6(2) of Regulation (EU) 2024/1689`: the AI Act's classification rule.
    let pos = position_of(&text, "Article 6(2) of Regulation", 0, 3);
    let md = hover(&mut client, &uri, &pos);
    assert!(md.contains("Regulation (EU) 2024/1689"), "{md}");
    assert!(md.contains("Annex III"), "{md}");

    // `Annex III of the AI Act` by popular name.
    let pos = position_of(&text, "Annex III of the AI Act", 0, 2);
    let def = client.definition(&uri, &pos);
    assert!(
        def["uri"]
            .as_str()
            .is_some_and(|u| u.ends_with("ai-act/annex-03-III.md")),
        "{def}"
    );

    // `Articles 13 and 14 GDPR`: each item of the list goes to its own article.
    let pos = position_of(&text, "13 and 14 GDPR", 0, 8);
    let def = client.definition(&uri, &pos);
    assert!(
        def["uri"]
            .as_str()
            .is_some_and(|u| u.ends_with("gdpr/article-014.md")),
        "{def}"
    );
    assert!(client.shutdown());
}

#[test]
fn references_cross_the_two_acts_and_the_policy() {
    let (mut client, root) = started();
    // Article 35 GDPR (impact assessment) is cited by the AI Act's Article 26(9) and by the
    // policy.
    let gdpr35 = root.join("gdpr/article-035.md");
    let (uri, text) = client.open(&gdpr35);
    let heading = position_of(&text, "Article 35", 0, 2);
    let refs = client.request(
        "textDocument/references",
        json!({"textDocument": {"uri": uri}, "position": heading, "context": {"includeDeclaration": false}}),
    );
    let files: Vec<&str> = refs
        .as_array()
        .expect("locations")
        .iter()
        .filter_map(|r| r["uri"].as_str())
        .collect();
    assert!(
        files.iter().any(|u| u.ends_with("ai-act/article-026.md")),
        "{files:?}"
    );
    assert!(
        files
            .iter()
            .any(|u| u.ends_with("policy/ai-hiring-data-policy.md")),
        "{files:?}"
    );
    assert!(client.shutdown());
}

#[test]
fn unresolvable_eu_citations_get_diagnostics_and_quick_fixes() {
    let (mut client, root) = started();
    let (uri, _) = client.open(&policy(&root));
    let diags = client.wait_notification("textDocument/publishDiagnostics", |p| {
        p["uri"] == json!(uri)
            && p["diagnostics"]
                .as_array()
                .is_some_and(|d| d.iter().any(|d| d["code"] == "unresolved-citation"))
    });
    let broken: Vec<&Value> = diags["diagnostics"]
        .as_array()
        .expect("array")
        .iter()
        .filter(|d| d["code"] == "unresolved-citation")
        .collect();
    let messages: Vec<&str> = broken
        .iter()
        .filter_map(|d| d["message"].as_str())
        .collect();
    assert_eq!(broken.len(), 2, "{messages:?}");
    assert!(
        messages
            .iter()
            .any(|m| m.contains("has no (5)") && m.contains("Article 6(4)")),
        "{messages:?}"
    );
    assert!(
        messages.iter().any(|m| m.contains("has no (z)")),
        "{messages:?}"
    );
    // The external C.F.R. citation is not an error by default; nothing is ambiguous.
    let all = diags.to_string();
    assert!(!all.contains("1607.4"), "{all}");
    assert!(!all.contains("ambiguous-citation"), "{all}");

    let six_five = broken
        .iter()
        .find(|d| d["message"].as_str().is_some_and(|m| m.contains("(5)")))
        .expect("Article 6(5) diagnostic");
    let fixes = client.quick_fixes(&uri, six_five);
    assert!(
        fixes.iter().any(|f| f["title"]
            .as_str()
            .is_some_and(|t| t.contains("Article 6(4)"))),
        "{fixes:?}"
    );
    assert!(client.shutdown());
}

fn uri_of(path: &std::path::Path) -> String {
    uri(path)
}
