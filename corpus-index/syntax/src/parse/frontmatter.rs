//! YAML front matter (`---` … `---` at the top of a file).
//!
//! Recognised keys: `kind` (statute, regulation, case, guidance, policy), `title`,
//! `namespace` (the code the document belongs to), `authority` (a weight in `[0, 1]`),
//! `repealed` (bool), `aliases` (names the document uses for codes, e.g. `Code: NYC Admin.
//! Code`). Other keys are ignored, so files can carry front matter for other tools.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::model::{DocumentKind, Problem};

/// Front matter values lexls understands.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FrontMatter {
    /// `kind:`.
    pub kind: Option<DocumentKind>,
    /// `title:`.
    pub title: Option<String>,
    /// `namespace:`.
    pub namespace: Option<String>,
    /// `authority:`.
    pub authority: Option<f32>,
    /// `repealed:`.
    pub repealed: bool,
    /// `aliases:` — alias → code.
    pub aliases: Vec<(String, String)>,
    /// Byte offset where the body starts (after the closing `---` line).
    pub body_start: usize,
}

#[derive(Debug, Deserialize, Default)]
#[serde(default)]
struct Raw {
    kind: Option<String>,
    title: Option<String>,
    namespace: Option<String>,
    authority: Option<f32>,
    repealed: Option<bool>,
    aliases: Option<BTreeMap<String, String>>,
}

/// Splits front matter off `text`. Returns the parsed values (all `None` without front
/// matter) and the problems found in it; never fails.
pub fn parse(text: &str) -> (FrontMatter, Vec<Problem>) {
    let mut problems = Vec::new();
    let Some((yaml, yaml_start, body_start)) = split(text) else {
        return (FrontMatter::default(), problems);
    };
    let raw: Raw = match serde_yaml_ng::from_str::<Option<Raw>>(yaml) {
        Ok(raw) => raw.unwrap_or_default(),
        Err(err) => {
            problems.push(Problem {
                span: yaml_start..body_start,
                message: format!(
                    "front matter is not valid YAML ({err}); its values are ignored — fix the YAML between the `---` lines"
                ),
            });
            Raw::default()
        }
    };
    let kind = raw.kind.as_deref().and_then(|k| {
        let parsed = DocumentKind::parse(k);
        if parsed.is_none() {
            problems.push(Problem {
                span: yaml_start..body_start,
                message: format!(
                    "unknown document kind `{k}` in front matter; use statute, regulation, case, guidance or policy"
                ),
            });
        }
        parsed
    });
    let authority = raw.authority.filter(|a| {
        let ok = (0.0..=1.0).contains(a);
        if !ok {
            problems.push(Problem {
                span: yaml_start..body_start,
                message: format!("front matter `authority: {a}` is outside [0, 1]; ignored"),
            });
        }
        ok
    });
    let front = FrontMatter {
        kind,
        title: raw.title.filter(|t| !t.trim().is_empty()),
        namespace: raw.namespace.filter(|n| !n.trim().is_empty()),
        authority,
        repealed: raw.repealed.unwrap_or(false),
        aliases: raw.aliases.unwrap_or_default().into_iter().collect(),
        body_start,
    };
    (front, problems)
}

/// `(yaml, yaml_start, body_start)` when `text` opens with a `---` line closed by a `---` or
/// `...` line.
fn split(text: &str) -> Option<(&str, usize, usize)> {
    let text_start = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let rest = &text[text_start..];
    let first_end = rest.find('\n')?;
    if rest[..first_end].trim_end() != "---" {
        return None;
    }
    let yaml_start = text_start + first_end + 1;
    let mut pos = yaml_start;
    for line in text[yaml_start..].split_inclusive('\n') {
        let trimmed = line.trim_end();
        if trimmed == "---" || trimmed == "..." {
            return Some((&text[yaml_start..pos], yaml_start, pos + line.len()));
        }
        pos += line.len();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_kind_namespace_and_aliases() {
        let text = "---\nkind: policy\ntitle: AEDT Policy\nnamespace: Acme Policy\naliases:\n  Code: NYC Admin. Code\ntags: [hr]\n---\n# Body\n";
        let (front, problems) = parse(text);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(front.kind, Some(DocumentKind::Policy));
        assert_eq!(front.title.as_deref(), Some("AEDT Policy"));
        assert_eq!(
            front.aliases,
            vec![("Code".into(), "NYC Admin. Code".into())]
        );
        assert_eq!(&text[front.body_start..], "# Body\n");
    }

    #[test]
    fn broken_yaml_is_a_problem_not_a_failure() {
        let text = "---\nkind: [unclosed\n---\nbody";
        let (front, problems) = parse(text);
        assert_eq!(front.kind, None);
        assert_eq!(problems.len(), 1);
        assert!(problems[0].message.contains("not valid YAML"));
        assert_eq!(&text[front.body_start..], "body");
    }

    #[test]
    fn unknown_kind_is_reported() {
        let (front, problems) = parse("---\nkind: memo\n---\n");
        assert_eq!(front.kind, None);
        assert!(problems[0].message.contains("unknown document kind `memo`"));
    }

    #[test]
    fn no_front_matter() {
        let (front, problems) = parse("# Title\n---\n");
        assert_eq!(front, FrontMatter::default());
        assert!(problems.is_empty());
    }
}
