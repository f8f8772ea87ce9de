//! The editor's settings (`initializationOptions`, the `lexls` section of
//! `workspace/configuration`, `workspace/didChangeConfiguration`) as a [`Config`].
//!
//! They come as JSON in the shape of `.lexls.toml` — the same sections and keys — with the
//! keys in `camelCase` as LSP names are (`diagnostics.unresolvedOutside`, `llm.timeoutS`);
//! the `snake_case` of the file (`unresolved_outside`) is accepted too. They are merged over
//! the file's settings and the result passes exactly the checks of the file
//! ([`Config::from_table`]: unknown keys, types, ranges, globs). A `null` is a setting left
//! unset: the file's value stays.

use std::path::Path;

use lexls_index::config::Config;
use serde_json::Value;

/// How error messages name the editor's settings.
pub const SOURCE: &str = "the editor's settings";

/// `file` (the settings of `.lexls.toml`, or the defaults) with the editor's `layers` merged
/// over it in order (`initializationOptions`, then the answer to `workspace/configuration`),
/// section by section and key by key.
///
/// # Errors
/// What is wrong, naming the key (`the editor's settings: retrieval.alpha = 3 is outside
/// [0, 1]`): then none of the editor's settings applies.
pub fn merged(file: &Config, layers: &[&Value]) -> Result<Config, String> {
    let mut table = toml::Table::try_from(file)
        .map_err(|e| format!("the settings of {SOURCE} cannot be merged: {e}"))?;
    for layer in layers {
        match layer {
            Value::Null => {}
            Value::Object(_) => {
                if let toml::Value::Table(overlay) = to_toml(layer, "")? {
                    merge(&mut table, overlay);
                }
            }
            other => {
                return Err(format!(
                    "{SOURCE}: expected an object of sections, not `{other}`"
                ));
            }
        }
    }
    Config::from_table(table, Path::new(SOURCE)).map_err(|e| e.to_string())
}

/// The key of `.lexls.toml` for a `camelCase` key (`unresolvedOutside` →
/// `unresolved_outside`, `timeoutS` → `timeout_s`); a `snake_case` key is itself.
pub fn file_key(key: &str) -> String {
    let mut out = String::with_capacity(key.len() + 4);
    for c in key.chars() {
        if c.is_ascii_uppercase() {
            out.push('_');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// The `camelCase` wire name of a key of `.lexls.toml` (`in_notes` → `inNotes`).
pub fn wire_key(key: &str) -> String {
    let mut out = String::with_capacity(key.len());
    let mut upper = false;
    for c in key.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.push(c.to_ascii_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

/// JSON as TOML, keys as in `.lexls.toml`; `None` for a `null` (unset). `at` is the key path
/// so far, for messages.
fn to_toml_opt(value: &Value, at: &str) -> Result<Option<toml::Value>, String> {
    Ok(Some(match value {
        Value::Null => return Ok(None),
        Value::Bool(b) => toml::Value::Boolean(*b),
        Value::Number(n) => match (n.as_i64(), n.as_f64()) {
            (Some(i), _) => toml::Value::Integer(i),
            (None, Some(f)) if n.is_f64() => toml::Value::Float(f),
            _ => return Err(format!("{SOURCE}: {at} = {n} is out of range")),
        },
        Value::String(s) => toml::Value::String(s.clone()),
        Value::Array(items) => {
            let mut out = Vec::with_capacity(items.len());
            for item in items {
                match to_toml_opt(item, at)? {
                    Some(v) => out.push(v),
                    None => return Err(format!("{SOURCE}: {at} holds a null")),
                }
            }
            toml::Value::Array(out)
        }
        Value::Object(map) => {
            let mut table = toml::Table::new();
            for (key, item) in map {
                let name = file_key(key);
                let path = if at.is_empty() {
                    name.clone()
                } else {
                    format!("{at}.{name}")
                };
                let Some(v) = to_toml_opt(item, &path)? else {
                    continue;
                };
                if table.insert(name.clone(), v).is_some() {
                    return Err(format!(
                        "{SOURCE}: {path} is given twice (as `{}` and `{name}`); give one",
                        wire_key(&name)
                    ));
                }
            }
            toml::Value::Table(table)
        }
    }))
}

fn to_toml(value: &Value, at: &str) -> Result<toml::Value, String> {
    Ok(to_toml_opt(value, at)?.unwrap_or(toml::Value::Table(toml::Table::new())))
}

/// Merges `overlay` into `base`: tables key by key, other values replace.
fn merge(base: &mut toml::Table, overlay: toml::Table) {
    for (key, value) in overlay {
        match (base.get_mut(&key), value) {
            (Some(toml::Value::Table(b)), toml::Value::Table(o)) => merge(b, o),
            (_, value) => {
                base.insert(key, value);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lexls_index::config::Severity;
    use serde_json::json;

    fn file() -> Config {
        Config::from_toml(
            "[retrieval]\nalpha = 0.5\n\n[index]\nexclude = [\"drafts/**\"]\n\n[[documents]]\nglob = \"policies/**\"\nkind = \"policy\"\n",
            Path::new(".lexls.toml"),
        )
        .expect("valid file")
    }

    #[test]
    fn camel_case_and_the_files_names_set_the_same_settings() {
        let camel = json!({"diagnostics": {"unresolvedOutside": "hint", "inNotes": true},
                           "llm": {"timeoutS": 30}, "index": {"maxFileMb": 5}});
        let snake = json!({"diagnostics": {"unresolved_outside": "hint", "in_notes": true},
                           "llm": {"timeout_s": 30}, "index": {"max_file_mb": 5}});
        let a = merged(&file(), &[&camel]).expect("camelCase");
        let b = merged(&file(), &[&snake]).expect("snake_case");
        assert_eq!(a, b);
        assert_eq!(a.diagnostics.unresolved_outside, Severity::Hint);
        assert!(a.diagnostics.in_notes);
        assert_eq!(a.llm.timeout_s, 30);
        // The file's settings the editor does not set stay.
        assert!((a.retrieval.alpha - 0.5).abs() < 1e-6);
        assert_eq!(a.index.exclude, ["drafts/**"]);
        assert_eq!(a.documents.len(), 1);
    }

    #[test]
    fn an_invalid_value_is_refused_with_its_key_and_why() {
        let err = merged(&file(), &[&json!({"retrieval": {"alpha": 3}})]).expect_err("alpha 3");
        assert!(
            err.contains("retrieval.alpha = 3 is outside [0, 1]"),
            "{err}"
        );
        assert!(err.starts_with(SOURCE), "{err}");
        let err = merged(&file(), &[&json!({"index": {"exclude": ["rules/[**"]}})])
            .expect_err("a bad glob");
        assert!(err.contains("index.exclude glob `rules/[**`"), "{err}");
        let err =
            merged(&file(), &[&json!({"retrieval": {"alpha": "high"}})]).expect_err("a string");
        assert!(err.contains("retrieval.alpha"), "{err}");
        let err = merged(&file(), &[&json!({"diagnostics": {"unresolvd": "off"}})])
            .expect_err("an unknown key");
        assert!(err.contains("unresolvd"), "{err}");
        let err = merged(
            &file(),
            &[&json!({"diagnostics": {"inNotes": true, "in_notes": false}})],
        )
        .expect_err("both names");
        assert!(err.contains("diagnostics.in_notes is given twice"), "{err}");
        let err = merged(&file(), &[&json!(["alpha"])]).expect_err("not an object");
        assert!(err.contains("an object"), "{err}");
    }

    #[test]
    fn null_leaves_the_files_value() {
        let config = merged(
            &file(),
            &[&json!({"retrieval": {"alpha": null}, "llm": null})],
        )
        .expect("valid");
        assert!((config.retrieval.alpha - 0.5).abs() < 1e-6);
        assert_eq!(
            merged(&file(), &[&Value::Null]).expect("no settings"),
            file()
        );
        assert_eq!(merged(&file(), &[&json!({})]).expect("no settings"), file());
    }

    #[test]
    fn later_layers_win_whatever_the_names() {
        let init = json!({"diagnostics": {"in_notes": true, "external": "hint"}});
        let pulled = json!({"diagnostics": {"inNotes": false}});
        let config = merged(&file(), &[&init, &pulled]).expect("valid");
        assert!(!config.diagnostics.in_notes);
        assert_eq!(config.diagnostics.external, Severity::Hint);
    }

    #[test]
    fn keys_convert_both_ways() {
        for (file, wire) in [
            ("unresolved_outside", "unresolvedOutside"),
            ("timeout_s", "timeoutS"),
            ("max_file_mb", "maxFileMb"),
            ("rrf_k", "rrfK"),
            ("alpha", "alpha"),
        ] {
            assert_eq!(file_key(wire), file);
            assert_eq!(file_key(file), file);
            assert_eq!(wire_key(file), wire);
        }
    }
}
