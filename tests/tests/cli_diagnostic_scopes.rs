//! End-to-end through `lexls check --json` (issue 11, item 3): where citation diagnostics
//! apply and where bare citations resolve, on real excerpts — a section of 14 U.S.C. whose
//! notes cite a former number, a C.F.R. authority citation of a Public Law section, Indian
//! statutes of the AILA 2019 set next to 35 U.S.C., the example policy with a broken
//! citation, and a compact enacted as one section of the D.C. Code.

use std::path::Path;
use std::process::Command;

use lexls_tests::{example_copy, fixture, lexls_bin};
use serde_json::Value;

/// `lexls check --json` of `dir`, without the embedding model, with a private cache.
fn check(dir: &Path) -> Value {
    let cache = tempfile::tempdir().expect("temp cache");
    let out = Command::new(lexls_bin())
        .args(["check", "--json"])
        .arg(dir)
        .env("LEXLS_NO_MODEL", "1")
        .env("LEXLS_LOG", "warn")
        .env("XDG_CACHE_HOME", cache.path())
        .env("HOME", cache.path())
        .env_remove("LEXLS_INDEX_DIR")
        .output()
        .expect("lexls runs");
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "lexls check --json printed no JSON ({e}): {}",
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

/// A workspace of the files of `tests/fixtures/scopes/<sub>` for each of `subs`, with
/// `config` as its `.lexls.toml`.
fn workspace(subs: &[&str], config: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp workspace");
    for sub in subs {
        let from = fixture("scopes").join(sub);
        let to = dir.path().join(sub);
        std::fs::create_dir_all(&to).expect("folder");
        for entry in std::fs::read_dir(&from).expect("fixture folder") {
            let path = entry.expect("entry").path();
            let name = path.file_name().expect("file name");
            std::fs::copy(&path, to.join(name)).expect("copy fixture");
        }
    }
    std::fs::write(dir.path().join(".lexls.toml"), config).expect("config");
    dir
}

fn items<'a>(report: &'a Value, key: &str) -> &'a [Value] {
    report[key].as_array().map_or(&[], Vec::as_slice)
}

fn messages(report: &Value, path_prefix: &str) -> Vec<String> {
    items(report, "diagnostics")
        .iter()
        .filter(|d| {
            d["path"]
                .as_str()
                .is_some_and(|p| p.starts_with(path_prefix))
        })
        .map(|d| d["message"].as_str().unwrap_or_default().to_string())
        .collect()
}

/// Class: a former number in the OLRC's editorial notes (14 U.S.C. § 907, "Pub. L. 115–282
/// renumbered section 672 of this title as this section"): no diagnostic by default, one
/// with `in_notes = true`.
#[test]
fn a_former_number_in_a_note_is_checked_only_when_notes_are() {
    let quiet = check(workspace(&["usc"], "").path());
    let former = |report: &Value| {
        messages(report, "usc/usc14")
            .into_iter()
            .filter(|m| m.contains("section 672 of this title"))
            .count()
    };
    assert_eq!(former(&quiet), 0, "{:#?}", messages(&quiet, "usc"));
    let loud = check(workspace(&["usc"], "[diagnostics]\nin_notes = true\n").path());
    assert_eq!(former(&loud), 1, "{:#?}", messages(&loud, "usc"));
}

/// Class: a section of a Public Law cited before the law (27 C.F.R. authority citation
/// `(Sec. 202, Pub. L. 85–859, 72 Stat. 1422 (26 U.S.C. 5723))`): a section of that act
/// (`Pub. L. 85-859, § 202`), outside the workspace, never 35 U.S.C. § 202 of the workspace.
#[test]
fn a_public_law_section_is_not_resolved_into_a_code() {
    let report = check(workspace(&["usc", "cfr"], "").path());
    // (The excerpt's other citations, of sections of part 40 it does not hold, may be
    // reported; the act's section must not be.)
    let about_202: Vec<String> = messages(&report, "cfr")
        .into_iter()
        .filter(|m| m.contains("202"))
        .collect();
    assert!(about_202.is_empty(), "{about_202:#?}");
    let of_act = items(&report, "external").iter().any(|e| {
        e["path"].as_str().is_some_and(|p| p.starts_with("cfr"))
            && e["citation"].as_str().is_some_and(|c| c.ends_with("§ 202"))
            && e["code"].as_str().is_some_and(|c| c.contains("85-859"))
    });
    assert!(of_act, "{:#}", report["external"]);
}

/// Class: citations of a foreign statute (AILA 2019 S177 "section 31", S67 "section 2",
/// Indian Acts) in a workspace holding 35 U.S.C. §§ 2 and 31: a bare one stays in its
/// document, which lacks it, and a section of the act a note names (`Substituted by Act 104
/// of 1976 , section 31`) is that act's; both are external, never 35 U.S.C.
#[test]
fn a_bare_citation_in_an_indian_act_does_not_resolve_to_a_us_section() {
    let report = check(workspace(&["usc", "india"], "").path());
    assert!(messages(&report, "india").is_empty(), "{report:#}");
    let external = |file: &str, cited: &str| {
        items(&report, "external").iter().any(|e| {
            e["path"].as_str().is_some_and(|p| p.ends_with(file)) && e["citation"] == cited
        })
    };
    assert!(
        external("S177.txt", "Act 104 of 1976 § 31"),
        "{:#}",
        report["external"]
    );
    assert!(external("S67.txt", "§ 2"), "{:#}", report["external"]);
}

/// Class: the broken citations of a policy (the example policy with `§ 5-302(b)` made
/// `§ 5-302(g)`, and its `§ 20-875`): still flagged, in the codes the policy names.
#[test]
fn the_broken_citations_of_a_policy_are_still_flagged() {
    let dir = example_copy("nyc-ll144");
    let policy = dir.path().join("policy/acme-aedt-hiring-policy.md");
    let text = std::fs::read_to_string(&policy).expect("policy");
    assert!(text.contains("§ 5-302(b)"));
    std::fs::write(&policy, text.replacen("§ 5-302(b)", "§ 5-302(g)", 1)).expect("write");
    let report = check(dir.path());
    let found = messages(&report, "policy");
    assert!(
        found
            .iter()
            .any(|m| m.contains("§ 5-302(g)") && m.contains("6 RCNY")),
        "{found:#?}"
    );
    assert!(
        found
            .iter()
            .any(|m| m.contains("§ 20-875") && m.contains("NYC Admin. Code")),
        "{found:#?}"
    );
}

/// Class: subsections of an article inside a section (the Interstate Compact on the
/// Placement of Children, D.C. Code § 4-1422). `subsection (b) of this article` resolves in
/// the article it stands in; made `subsection (k) of this article`, it is flagged, and no
/// fix offers the text without a label (`subsection  of this article`).
#[test]
fn a_compacts_articles_hold_the_subsections_they_name() {
    let rel = "us/dc/council/code/titles/4/sections/4-1422.xml";
    let dir = tempfile::tempdir().expect("temp workspace");
    let path = dir.path().join("4-1422.xml");
    std::fs::copy(fixture("dc-code").join(rel), &path).expect("copy fixture");
    let report = check(dir.path());
    let warnings: Vec<&Value> = items(&report, "diagnostics")
        .iter()
        .filter(|d| d["severity"] == "warning")
        .collect();
    assert!(warnings.is_empty(), "{warnings:#?}");

    let text = std::fs::read_to_string(&path).expect("fixture");
    assert!(text.contains("subsection (b) of this article"));
    std::fs::write(
        &path,
        text.replacen(
            "subsection (b) of this article",
            "subsection (k) of this article",
            1,
        ),
    )
    .expect("write");
    let report = check(dir.path());
    let flagged: Vec<&Value> = items(&report, "diagnostics")
        .iter()
        .filter(|d| d["message"].as_str().is_some_and(|m| m.contains("(k)")))
        .collect();
    assert_eq!(flagged.len(), 1, "{report:#}");
    for fix in flagged[0]["fixes"]
        .as_array()
        .map_or(&[][..], Vec::as_slice)
    {
        let replacement = fix["replacement"].as_str().unwrap_or_default();
        assert!(
            replacement.contains("subsection (") && !replacement.contains("(k)"),
            "{fix}"
        );
    }
}

/// Class: the codifier's notes and `et seq.` runs of the D.C. Code as published. A citation
/// the codifier already marks (`§ 47-2102 [repealed]`, `D.C. Code § 1-242(12) [1-204.22]
/// (1992)`) gets no diagnostic; `[§ 2-1801 et seq.]` cites the chapter whose sections are
/// numbered `2-1801.01`, …; a repealed section cited with no note is still reported.
#[test]
fn a_codifiers_note_or_an_et_seq_run_is_no_warning_and_a_bare_repealed_target_is() {
    let ws = workspace(&["dc"], "");
    let report = check(ws.path());
    let warned = |file: &str| messages(&report, &format!("dc/{file}"));
    assert!(
        warned("47-2104.xml").is_empty(),
        "{:?}",
        warned("47-2104.xml")
    );
    assert!(
        warned("1-1511.03.xml").iter().all(|m| !m.contains("1-242")),
        "{:?}",
        warned("1-1511.03.xml")
    );
    assert!(
        warned("47-2888.07.xml")
            .iter()
            .all(|m| !m.contains("2-1801")),
        "{:?}",
        warned("47-2888.07.xml")
    );
    let bare = warned("7-625.xml");
    assert!(
        bare.iter()
            .any(|m| m.contains("§ 3-2926") && m.contains("which is repealed")),
        "{bare:?}"
    );
}

/// Class: India's codes cited by abbreviation (`Sections 302/34 IPC`) and acts by their short
/// title with the year after a comma (`section 135 of the Companies Act, 2013`) resolve to
/// the workspace's documents titled `The Indian Penal Code, 1860` and `The Companies Act`;
/// a section the workspace lacks is reported with the sections it has as fixes. The statute
/// texts are the Acts' own (IPC ss. 34 and 302; Companies Act, 2013, s. 135(1)).
#[test]
fn indian_codes_and_short_titles_resolve_to_their_documents() {
    let dir = tempfile::tempdir().expect("temp workspace");
    let write =
        |name: &str, text: &str| std::fs::write(dir.path().join(name), text).expect("write");
    write(
        "ipc.md",
        "# The Indian Penal Code, 1860\n\n## Section 34. Acts done by several persons in furtherance of common intention\n\nWhen a criminal act is done by several persons in furtherance of the common intention of all, each of such persons is liable for that act in the same manner as if it were done by him alone.\n\n## Section 302. Punishment for murder\n\nWhoever commits murder shall be punished with death, or imprisonment for life, and shall also be liable to fine.\n",
    );
    write(
        "companies.md",
        "# The Companies Act\n\n## Section 135. Corporate Social Responsibility\n\n(1) Every company having net worth of rupees five hundred crore or more, or turnover of rupees one thousand crore or more during the immediately preceding financial year shall constitute a Corporate Social Responsibility Committee of the Board.\n",
    );
    write(
        "memo.md",
        "# Charge memo\n\nThe accused were charged under Sections 302/34 IPC and Section 3020 IPC. The company is bound by section 135 of the Companies Act, 2013.\n",
    );
    let report = check(dir.path());
    let found = messages(&report, "memo");
    assert_eq!(found.len(), 1, "{report:#}");
    assert!(
        found[0].contains("Section 3020 IPC") && found[0].contains("Indian Penal Code, 1860"),
        "{report:#}"
    );
    assert!(items(&report, "external").is_empty(), "{report:#}");
    assert_eq!(report["counts"]["unresolved"], 1, "{report:#}");
}
