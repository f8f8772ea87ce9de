//! Test support (feature `test-support`): a workspace of real documents of the repository that
//! cite each other, and edits of their sections and subsections as an editor makes them, for
//! the tests that check an incrementally derived snapshot against a full build
//! (`workspace::incremental_tests`, and the diagnostics' in `lexls-ide`).
//!
//! The documents: the NYC Local Law 144 example (Administrative Code sections, RCNY rules, a
//! policy and a notice, Markdown), sections of title 12 and others of the D.C. Code (the
//! Council's XML), and excerpts of 14 and 35 U.S.C. and 27 C.F.R. (USLM).

use std::path::{Path, PathBuf};

use regex::Regex;

use crate::workspace::Snapshot;

/// The documents copied by [`copy_fixtures`], relative to the repository root, and where
/// they go in the workspace.
const FIXTURES: &[(&str, &str)] = &[
    ("examples/nyc-ll144/statute", "nyc/statute"),
    ("examples/nyc-ll144/rules", "nyc/rules"),
    ("examples/nyc-ll144/policy", "policy"),
    ("examples/nyc-ll144/guidance", "nyc/guidance"),
    (
        "tests/fixtures/dc-code/us/dc/council/code/titles/12",
        "dc/titles/12",
    ),
    (
        "tests/fixtures/dc-code/us/dc/council/code/titles/1/sections",
        "dc/titles/1/sections",
    ),
    (
        "tests/fixtures/dc-code/us/dc/council/code/titles/4/sections",
        "dc/titles/4/sections",
    ),
    ("tests/fixtures/scopes/usc", "usc"),
    ("tests/fixtures/scopes/cfr", "cfr"),
];

/// Copies the documents into `root` with a configuration that reads `policy/` as a policy,
/// and returns their paths (sorted).
///
/// # Errors
/// When a fixture cannot be read or `root` cannot be written.
pub fn copy_fixtures(root: &Path) -> std::io::Result<Vec<PathBuf>> {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = Vec::new();
    for (from, to) in FIXTURES {
        copy_dir(&repo.join(from), &root.join(to), &mut files)?;
    }
    std::fs::write(
        root.join(".lexls.toml"),
        "[[documents]]\nglob = \"policy/**\"\nkind = \"policy\"\n",
    )?;
    files.sort();
    Ok(files)
}

fn copy_dir(from: &Path, to: &Path, files: &mut Vec<PathBuf>) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let path = entry.path();
        let target = to.join(entry.file_name());
        if path.is_dir() {
            copy_dir(&path, &target, files)?;
        } else if matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("md" | "xml" | "txt")
        ) {
            std::fs::copy(&path, &target)?;
            files.push(target);
        }
    }
    Ok(())
}

/// One edit of a document: what to do ([`Edit::op`], modulo the kinds there are), which
/// match of the pattern it applies to (`at`), and which number or label it brings in
/// (`pick`, an index into the pool of numbers).
#[derive(Debug, Clone, Copy)]
pub struct Edit {
    /// The document (an index into the files, modulo their number).
    pub file: usize,
    /// 0 renumber a section; 1 rename or repeal a heading; 2 add a section (Markdown) or a
    /// subsection; 3 remove a section (Markdown) or a subsection; 4 add a subsection; 5
    /// remove a subsection; 6 relabel a subsection; 7 change the number a citation cites;
    /// 8 add a citation of a section or a range; 9 name another code of the workspace in
    /// the document's heading or metadata (the document moves to that code).
    pub op: u8,
    /// Which match of the pattern.
    pub at: u32,
    /// Which number of the pool, or which label.
    pub pick: u32,
}

/// Section numbers to bring in: every section number and cited section number of `snap`,
/// and numbers next to them (a section that does not exist yet).
pub fn number_pool(snap: &Snapshot) -> Vec<String> {
    let mut pool: Vec<String> = Vec::new();
    for doc in &snap.docs {
        for s in doc.sections() {
            pool.push(doc.provisions[s].number.to_string());
        }
        for c in &doc.citations {
            if let Some(s) = &c.section {
                pool.push(s.to_string());
            }
        }
    }
    let next: Vec<String> = pool.iter().filter_map(|n| bump(n)).collect();
    pool.extend(next);
    pool.sort();
    pool.dedup();
    pool
}

/// `20-871` → `20-872`: the last run of digits plus one.
fn bump(number: &str) -> Option<String> {
    let end = number.rfind(|c: char| c.is_ascii_digit())? + 1;
    let start = number[..end]
        .rfind(|c: char| !c.is_ascii_digit())
        .map_or(0, |i| i + 1);
    let value: u64 = number[start..end].parse().ok()?;
    Some(format!(
        "{}{}{}",
        &number[..start],
        value + 1,
        &number[end..]
    ))
}

const LABELS: &[&str] = &[
    "a", "b", "c", "d", "h", "z", "1", "2", "3", "4", "9", "A", "ii",
];
const HEADINGS: &[&str] = &[
    "Definitions",
    "Enforcement and penalties",
    "Repealed",
    "Notices required",
    "Applicability",
];

/// `text` (of the document at `path`) after `edit`, or `None` when the edit does not apply
/// to it (no match of its pattern) or changes nothing.
pub fn apply(text: &str, path: &Path, edit: &Edit, pool: &[String]) -> Option<String> {
    let number = pool
        .get(edit.pick as usize % pool.len().max(1))
        .map_or("1", String::as_str);
    let other = pool
        .get((edit.pick as usize / 7 + 3) % pool.len().max(1))
        .map_or("2", String::as_str);
    let label = LABELS[edit.pick as usize % LABELS.len()];
    let heading = HEADINGS[edit.pick as usize % HEADINGS.len()];
    let kind = Kind::of(path, text);
    let at = edit.at as usize;
    let edited = match (kind, edit.op % 10) {
        (Kind::Markdown, 9) => replace_group(
            text,
            r"(?m)^(?:# |namespace: )(NYC Administrative Code|6 RCNY|NYC Admin\. Code)",
            at,
            1,
            ["NYC Administrative Code", "6 RCNY", "NYC Admin. Code"][edit.pick as usize % 3],
        ),
        (Kind::Uslm, 9) => replace_group(
            text,
            r"<docNumber>([0-9]+)</docNumber>",
            at,
            1,
            ["14", "35"][edit.pick as usize % 2],
        ),
        (Kind::DcXml, 9) => None,
        (Kind::Markdown, 0) => replace_group(
            text,
            r"(?m)^#{1,6} [^\n]*?(?:§ ?|Section )([0-9][0-9A-Za-z.\-]*)",
            at,
            1,
            number,
        ),
        (Kind::Markdown, 1) => replace_group(
            text,
            r"(?m)^#{1,6} [^\n]*?(?:§ ?|Section )[0-9][0-9A-Za-z.\-]*\.? ([^\n]*)$",
            at,
            1,
            heading,
        ),
        (Kind::Markdown, 2) => Some(format!(
            "{text}\n\n## § {number} {heading}\n\na. Text under § {other}(b).\n\nb. See §§ {other} through {number}.\n"
        )),
        (Kind::Markdown, 3) => remove_section(text, at),
        (Kind::Markdown, 4) => insert_after_line(
            text,
            r"(?m)^\(?[a-z0-9]{1,3}[.)] ",
            at,
            &format!("\n({label}) Added text citing § {number}({label}).\n"),
        ),
        (Kind::Markdown, 5) => {
            replace_group(text, r"(?m)^(\(?[a-z0-9]{1,3}[.)] [^\n]*)$", at, 1, "")
        }
        (Kind::Markdown, 6) => replace_group(text, r"(?m)^\(?([a-z0-9]{1,3})[.)] ", at, 1, label),
        (Kind::DcXml, 0) => {
            replace_group(text, r"<section[^>]*>\s*<num>([^<]*)</num>", at, 1, number)
        }
        (Kind::DcXml, 1) => replace_group(text, r"<heading>([^<]*)</heading>", at, 1, heading),
        (Kind::DcXml, 2 | 4) => insert_before(
            text,
            &["<annotations>", "</section>"],
            &format!(
                "<para><num>({label})</num><text>Added, see § {number}({label}).</text></para>"
            ),
        ),
        (Kind::DcXml, 3 | 5) => replace_group(
            text,
            r"(<para>\s*<num>[^<]*</num>\s*<text>[^<]*</text>\s*</para>)",
            at,
            1,
            "",
        ),
        (Kind::DcXml, 6) => replace_group(text, r"<num>\(([^<)]*)\)</num>", at, 1, label),
        (Kind::Uslm, 0) => replace_group(
            text,
            r#"<section\b[^>]*>\s*<num value="([^"]*)""#,
            at,
            1,
            number,
        )
        .and_then(|t| {
            replace_group(
                &t,
                r"<section\b[^>]*>\s*<num[^>]*>§ ?([^<.]*)",
                at,
                1,
                number,
            )
        }),
        (Kind::Uslm, 1) => replace_group(text, r"<heading[^>]*>([^<]*)</heading>", at, 1, heading),
        (Kind::Uslm, 2 | 4) => insert_before(
            text,
            &["</section>"],
            &format!(
                "<subsection><num value=\"{label}\">({label})</num><content> Added, see section {number} of this title.</content></subsection>"
            ),
        ),
        (Kind::Uslm, 3 | 5) => replace_group(
            text,
            r"(<(?:paragraph|subsection)\b[^>]*>\s*<num[^>]*>[^<]*</num>\s*<content>(?:[^<]|<ref[^>]*>[^<]*</ref>)*</content>\s*</(?:paragraph|subsection)>)",
            at,
            1,
            "",
        ),
        (Kind::Uslm, 6) => replace_group(
            text,
            r#"<num value="([a-z0-9]{1,4})"[^>]*>\("#,
            at,
            1,
            label,
        )
        .and_then(|t| replace_group(&t, r"<num[^>]*>\(([a-z0-9]{1,4})\)</num>", at, 1, label)),
        (_, 7) => replace_group(text, r"§ ?([0-9][0-9A-Za-z.\-]*[0-9A-Za-z])", at, 1, number),
        (Kind::Markdown, _) => Some(format!(
            "{text}\n\nSee § {number}, §§ {other} through {number}, and § {other}(a).\n"
        )),
        (Kind::DcXml, _) => insert_before(
            text,
            &["<annotations>", "</section>"],
            &format!(
                "<para><num>({label})</num><text>See §§ {other} to {number} and § {number}.</text></para>"
            ),
        ),
        (Kind::Uslm, _) => insert_before(
            text,
            &["</section>"],
            &format!(
                "<subsection><num value=\"{label}\">({label})</num><content> See sections {other} through {number} of this title.</content></subsection>"
            ),
        ),
    }?;
    (edited != text).then_some(edited)
}

#[derive(Debug, Clone, Copy)]
enum Kind {
    Markdown,
    DcXml,
    Uslm,
}

impl Kind {
    fn of(path: &Path, text: &str) -> Self {
        if path.extension().is_some_and(|e| e == "xml") {
            if text.contains("dccouncil.us/schemas") {
                Self::DcXml
            } else {
                Self::Uslm
            }
        } else {
            Self::Markdown
        }
    }
}

/// `text` with capture group `group` of match `at` (modulo the matches) of `pattern`
/// replaced by `with`; `None` without a match.
fn replace_group(text: &str, pattern: &str, at: usize, group: usize, with: &str) -> Option<String> {
    let re = Regex::new(pattern).ok()?;
    let all: Vec<_> = re.captures_iter(text).collect();
    let found = all.get(at % all.len().max(1))?.get(group)?;
    Some(format!(
        "{}{with}{}",
        &text[..found.start()],
        &text[found.end()..]
    ))
}

/// `text` with `insert` after the line of match `at` of `pattern`.
fn insert_after_line(text: &str, pattern: &str, at: usize, insert: &str) -> Option<String> {
    let re = Regex::new(pattern).ok()?;
    let all: Vec<_> = re.find_iter(text).collect();
    let found = all.get(at % all.len().max(1))?;
    let end = text[found.end()..]
        .find('\n')
        .map_or(text.len(), |i| found.end() + i);
    Some(format!("{}{insert}{}", &text[..end], &text[end..]))
}

/// `text` with `insert` before the first of `anchors` it has (the last occurrence).
fn insert_before(text: &str, anchors: &[&str], insert: &str) -> Option<String> {
    let at = anchors.iter().find_map(|a| text.rfind(a))?;
    Some(format!("{}{insert}{}", &text[..at], &text[at..]))
}

/// `text` without the section whose heading is match `at` of the section headings: up to
/// the next heading of its level or higher.
fn remove_section(text: &str, at: usize) -> Option<String> {
    let re = Regex::new(r"(?m)^(#{1,6}) [^\n]*(?:§|Section )").ok()?;
    let all: Vec<_> = re.captures_iter(text).collect();
    let found = all.get(at % all.len().max(1))?;
    let (start, level) = (found.get(0)?.start(), found.get(1)?.as_str().len());
    let next = Regex::new(r"(?m)^(#{1,6}) ").ok()?;
    let end = next
        .captures_iter(&text[start + 1..])
        .find(|c| c.get(1).is_some_and(|h| h.as_str().len() <= level))
        .and_then(|c| c.get(0))
        .map_or(text.len(), |m| start + 1 + m.start());
    Some(format!("{}{}", &text[..start], &text[end..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edits_renumber_and_remove_sections_of_real_text() {
        let md = "# NYC Administrative Code § 20-871 Requirements\n\na. Text.\n\nb. More.\n\n# § 20-872 Other\n\nc. Last.\n";
        let path = Path::new("x.md");
        let pool = vec!["20-899".to_string()];
        let renumbered = apply(
            md,
            path,
            &Edit {
                file: 0,
                op: 0,
                at: 1,
                pick: 0,
            },
            &pool,
        );
        assert_eq!(
            renumbered.as_deref(),
            Some(
                "# NYC Administrative Code § 20-871 Requirements\n\na. Text.\n\nb. More.\n\n# § 20-899 Other\n\nc. Last.\n"
            )
        );
        let removed = apply(
            md,
            path,
            &Edit {
                file: 0,
                op: 3,
                at: 0,
                pick: 0,
            },
            &pool,
        );
        assert_eq!(removed.as_deref(), Some("# § 20-872 Other\n\nc. Last.\n"));
        assert_eq!(bump("20-871").as_deref(), Some("20-872"));
        assert_eq!(bump("1-1001.03").as_deref(), Some("1-1001.4"));
    }
}
