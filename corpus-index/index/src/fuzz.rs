//! Property-based fuzzing (proptest, stable Rust) of every parser — Markdown, plain text,
//! USLM, Akoma Ntoso, HTML, D.C. Code XML — and of the citation extractor (issue 14).
//!
//! Inputs are structured and realistic: excerpts of the real statutes of the repository's
//! fixtures, mutated (cut, duplicated, broken tags, stray `<`, `&` and `]]>`, entities, odd
//! Unicode, `§` runs, huge numbers, thousands of nested elements), and markup generated from
//! each schema's own vocabulary. Each input must parse without a panic, within
//! [`case_limit`], into a document that keeps the model's invariants
//! ([`lexls_syntax::parse::invariants`]: a text view as long as the file, spans inside the text
//! and on character boundaries, a well-nested provision tree, citations in order and not
//! overlapping) and whose chunks stay linear in its size.
//!
//! A plain `cargo test` runs [`CI_CASES`] inputs per target. `LEXLS_FUZZ_SECS=N` runs each
//! target for N seconds instead (`scripts/fuzz.sh` runs them all, in release mode, and
//! prints inputs per second); `LEXLS_FUZZ_CASE_MS` sets the time limit of one input. A
//! failing input is shrunk and written to `target/fuzz-failures/`. An input that runs past
//! ten times the limit (a hang, which a test cannot interrupt) is written there by a
//! watchdog before it aborts the run.

use std::path::Path;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::test_runner::{Config as RunnerConfig, RngAlgorithm, TestError, TestRng, TestRunner};

use crate::search::chunk::chunk_document;
use lexls_syntax::model::Format;
use lexls_syntax::parse::invariants::{citation_violations, violations};
use lexls_syntax::parse::{Hints, parse_document};

/// Inputs per target in a plain test run (a few seconds per target in a debug build).
const CI_CASES: u32 = 256;

/// Real statute text and markup the mutations start from.
mod seeds {
    pub const MARKDOWN: &[&str] = &[
        include_str!("../../../examples/nyc-ll144/statute/nyc-admin-code-20-870.md"),
        include_str!("../../../examples/nyc-ll144/statute/nyc-admin-code-20-871.md"),
        include_str!("../../../examples/nyc-ll144/statute/nyc-admin-code-20-873.md"),
        include_str!("../../../examples/nyc-ll144/rules/6-rcny-5-300.md"),
        include_str!("../../../examples/nyc-ll144/rules/6-rcny-5-301.md"),
        include_str!("../../../examples/nyc-ll144/rules/6-rcny-5-304.md"),
        include_str!("../../../examples/nyc-ll144/policy/acme-aedt-hiring-policy.md"),
        include_str!(
            "../../../examples/nyc-ll144/guidance/6-rcny-subchapter-t-notice-of-adoption.md"
        ),
    ];
    pub const USLM: &[&str] = &[
        include_str!("../../../tests/fixtures/markup/usc35-s122.xml"),
        include_str!("../../../tests/fixtures/markup/cfr27-s40.21-22.xml"),
    ];
    pub const AKN: &[&str] = &[include_str!(
        "../../../tests/fixtures/markup/eu-ai-act-akn.xml"
    )];
    pub const HTML: &[&str] = &[
        include_str!("../../../tests/fixtures/markup/eu-ai-act-art6.html"),
        include_str!("../../../tests/fixtures/markup/gdpr-art5-6.html"),
    ];
    pub const DC: &[&str] = &[
        include_str!(
            "../../../tests/fixtures/dc-code/us/dc/council/code/titles/1/sections/1-1001.03.xml"
        ),
        include_str!(
            "../../../tests/fixtures/dc-code/us/dc/council/code/titles/12/sections/12-301.xml"
        ),
        include_str!(
            "../../../tests/fixtures/dc-code/us/dc/council/code/titles/5/sections/5-581.xml"
        ),
        include_str!("../../../tests/fixtures/dc-code/us/dc/council/code/titles/12/index.xml"),
    ];
}

/// Fragments a mutation inserts: broken and stray markup, entities, citation pieces, odd
/// Unicode.
const FRAGMENTS: &[&str] = &[
    "<",
    ">",
    "</",
    "/>",
    "&",
    "&amp;",
    "&#167;",
    "&#xA7;",
    "&#0;",
    "&#xD800;",
    "&#99999999999;",
    "&sect;",
    "&bogus;",
    "&nbsp;",
    "<![CDATA[",
    "]]>",
    "<!--",
    "-->",
    "<?pi x?>",
    "<!DOCTYPE x>",
    "<section>",
    "</section>",
    "<section><num value=\"1\">§ 1.</num>",
    "<num>(a)</num>",
    "<num value=\"\"/>",
    "<heading>",
    "</heading>",
    "<para><num>(1)</num><text>",
    "</text></para>",
    "<annotations><annotation type=\"History\">",
    "</annotation></annotations>",
    "<xi:include href=\"../../../x.xml\"/>",
    "<article><num>Article 9</num>",
    "</article>",
    "<p class=\"oj-ti-art\">Article 7</p>",
    "<div id=\"rct_3\">(3) Whereas</div>",
    "<script>",
    "</script>",
    "<br>",
    "\n",
    "\n\n",
    "\r\n",
    "\t",
    "§",
    "§§",
    "§ 20-871(b)(1)",
    "§§ 5-301 through 5-304",
    "42 U.S.C. § 1983",
    "D.C. Official Code § 2-1401.01",
    "Id. at (c)",
    "supra",
    "this section",
    "paragraph (1) of this subsection",
    "Article 6(1)(a) GDPR",
    "Regulation (EU) 2016/679",
    "Pub. L. 112–29, § 3(a)",
    "(a)",
    "(ii)",
    "a.",
    "# ",
    "## § 9. Heading\n",
    "```",
    "---\n",
    "99999999999999999999999",
    "\u{0}",
    "\u{feff}",
    "\u{200b}",
    "\u{2028}",
    "\u{202e}",
    "\u{301}",
    "😀",
    "\u{a0}",
    "\u{fffd}",
];

/// Characters that change length between encodings or are whitespace for some readers only.
const ODD_CHARS: &[char] = &[
    '\u{0}',
    '\u{a0}',
    '\u{ad}',
    '\u{2002}',
    '\u{2028}',
    '\u{feff}',
    '\u{301}',
    '\u{1f600}',
    '§',
    '—',
    '\r',
    '\u{85}',
    'ß',
    'İ',
];

/// One change to a text; positions are fractions of its length (`u16::MAX` = the end).
#[derive(Debug, Clone)]
enum Mutation {
    Delete(u16, u16),
    Insert(u16, usize),
    InsertChar(u16, usize),
    Duplicate(u16, u16, u8),
    Truncate(u16),
    /// `count` copies of a fragment at one place: thousands of nested tags, `§` runs.
    Repeat(u16, usize, u16),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        1 => (any::<u16>(), 0u16..512).prop_map(|(a, n)| Mutation::Delete(a, n)),
        4 => (any::<u16>(), 0..FRAGMENTS.len()).prop_map(|(a, f)| Mutation::Insert(a, f)),
        2 => (any::<u16>(), 0..ODD_CHARS.len()).prop_map(|(a, c)| Mutation::InsertChar(a, c)),
        1 => (any::<u16>(), 1u16..2048, 1u8..8).prop_map(|(a, n, k)| Mutation::Duplicate(a, n, k)),
        1 => (any::<u16>()).prop_map(Mutation::Truncate),
        1 => (any::<u16>(), 0..FRAGMENTS.len(), 1u16..3000)
            .prop_map(|(a, f, n)| Mutation::Repeat(a, f, n)),
    ]
}

/// The byte offset at fraction `at` of `text`, on a character boundary.
fn offset(text: &str, at: u16) -> usize {
    let raw = (text.len() as u64 * u64::from(at) / u64::from(u16::MAX)) as usize;
    lexls_syntax::line_index::floor_char_boundary(text, raw)
}

fn apply(text: &mut String, m: &Mutation) {
    match *m {
        Mutation::Delete(at, len) => {
            let start = offset(text, at);
            let end = lexls_syntax::line_index::floor_char_boundary(text, start + usize::from(len));
            text.replace_range(start..end, "");
        }
        Mutation::Insert(at, f) => {
            let at = offset(text, at);
            text.insert_str(at, FRAGMENTS[f]);
        }
        Mutation::InsertChar(at, c) => {
            let at = offset(text, at);
            text.insert(at, ODD_CHARS[c]);
        }
        Mutation::Duplicate(at, len, times) => {
            let start = offset(text, at);
            let end = lexls_syntax::line_index::floor_char_boundary(text, start + usize::from(len));
            let piece = text[start..end].repeat(usize::from(times));
            text.insert_str(end, &piece);
        }
        Mutation::Truncate(at) => {
            let at = offset(text, at);
            text.truncate(at);
        }
        Mutation::Repeat(at, f, n) => {
            let at = offset(text, at);
            text.insert_str(at, &FRAGMENTS[f].repeat(usize::from(n)));
        }
    }
}

/// A mutated excerpt of one of `seeds`: (seed, start, length in bytes, mutations).
fn mutated(seeds: &'static [&'static str]) -> impl Strategy<Value = String> {
    (
        0..seeds.len(),
        any::<u16>(),
        prop_oneof![Just(usize::MAX), 64usize..16_384],
        prop::collection::vec(mutation(), 0..12),
    )
        .prop_map(move |(i, at, len, mutations)| {
            let seed = seeds[i];
            let mut text = if len == usize::MAX {
                seed.to_string()
            } else {
                let start = offset(seed, at);
                let end =
                    lexls_syntax::line_index::floor_char_boundary(seed, start.saturating_add(len));
                seed[start..end].to_string()
            };
            for m in &mutations {
                apply(&mut text, m);
            }
            text
        })
}

/// A markup element tree from a schema's vocabulary: `names` are container elements,
/// `leaves` complete elements, `words` text.
fn element_tree(
    names: &'static [&'static str],
    leaves: &'static [&'static str],
) -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        3 => prop::sample::select(leaves).prop_map(str::to_string),
        2 => prop::sample::select(WORDS).prop_map(str::to_string),
        1 => prop::sample::select(FRAGMENTS).prop_map(str::to_string),
    ];
    leaf.prop_recursive(6, 256, 8, move |inner| {
        (
            prop::sample::select(names),
            prop::collection::vec(inner, 0..8),
            any::<bool>(),
        )
            .prop_map(|(name, children, closed)| {
                let body: String = children.concat();
                if closed {
                    format!("<{name}>{body}</{name}>\n")
                } else {
                    format!("<{name}>{body}\n")
                }
            })
    })
}

/// Statute words and citations for generated text.
const WORDS: &[&str] = &[
    "The Board shall ",
    "except as provided in subsection (b) of this section, ",
    "under § 1-1001.03(a)(1) ",
    "see §§ 12-301 and 12-302; ",
    "and 42 U.S.C. § 1983(b)(2)(A)(iii) ",
    "as defined in 6 RCNY § 5-300, ",
    "“bias audit” means an impartial evaluation. ",
    "Article 6(1)(a) of Regulation (EU) 2016/679 ",
    "paragraph (2) of this subdivision ",
    "Id. § 4. ",
    "the preceding paragraph ",
    "Pub. L. 94–546, § 1(1) ",
    "125 Stat. 284 ",
    "(a) ",
    "(1) ",
    "(A) ",
    "(i) ",
    "1. ",
    "\n",
    "\n\n",
];

/// Runs fuzz target `name`: [`CI_CASES`] inputs of `inputs` (`per_case` times as many), or
/// as many as `LEXLS_FUZZ_SECS` seconds allow, each checked by `check`.
fn run(
    name: &str,
    per_case: u32,
    inputs: impl Strategy<Value = String>,
    check: impl Fn(&str) -> Result<(), String>,
) {
    let secs: Option<u64> = std::env::var("LEXLS_FUZZ_SECS")
        .ok()
        .and_then(|s| s.parse().ok());
    let started = Instant::now();
    let mut total = 0u64;
    let mut round = 0u64;
    loop {
        let cases = if secs.is_some() {
            256
        } else {
            CI_CASES * per_case
        };
        let mut runner = TestRunner::new_with_rng(
            RunnerConfig {
                cases,
                failure_persistence: None,
                max_shrink_iters: 2_000,
                ..RunnerConfig::default()
            },
            TestRng::from_seed(RngAlgorithm::ChaCha, &seed_for(name, round)),
        );
        let result = runner.run(&inputs, |src| check(&src).map_err(TestCaseError::fail));
        total += u64::from(cases);
        if let Err(e) = result {
            let raw = match &e {
                TestError::Fail(_, input) => Some(input.as_str()),
                TestError::Abort(_) => None,
            };
            let path = save_failure(name, &format!("{e}"), raw);
            panic!("fuzz target {name} failed (input saved to {path}): {e}");
        }
        round += 1;
        match secs {
            Some(s) if started.elapsed() < Duration::from_secs(s) => {}
            _ => break,
        }
    }
    report(name, total, started.elapsed());
}

/// Runs parser target `name`: inputs parsed as `format`.
fn run_target(name: &str, format: Format, inputs: impl Strategy<Value = String>) {
    let limit = case_limit();
    run(name, 1, inputs, |src| check_parse(name, format, src, limit));
}

/// The CPU time one input may take: `LEXLS_FUZZ_CASE_MS`, else 5 s (a debug build parses the
/// largest inputs, a 64 KB file with thousands of nested elements, in well under a second).
fn case_limit() -> Duration {
    Duration::from_millis(
        std::env::var("LEXLS_FUZZ_CASE_MS")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(5_000),
    )
}

/// A 32-byte seed from the target's name and the round: every run explores the same inputs
/// unless `LEXLS_FUZZ_SEED` says otherwise.
fn seed_for(name: &str, round: u64) -> [u8; 32] {
    let salt = std::env::var("LEXLS_FUZZ_SEED").unwrap_or_default();
    *blake3::hash(format!("{name}/{salt}/{round}").as_bytes()).as_bytes()
}

fn report(name: &str, total: u64, took: Duration) {
    eprintln!(
        "fuzz {name}: {total} inputs in {:.1} s ({:.0} inputs/s)",
        took.as_secs_f64(),
        total as f64 / took.as_secs_f64().max(1e-9)
    );
}

/// Writes `what` (the failure, with the input as proptest shows it) to
/// `target/fuzz-failures/<name>-<ms>.txt`, and the input itself, byte for byte, beside it as
/// `<name>-<ms>.input` (replay it with [`fuzz_replay`]). Returns the first path.
fn save_failure(name: &str, what: &str, raw: Option<&str>) -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/fuzz-failures");
    let _ = std::fs::create_dir_all(&dir);
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis());
    let path = dir.join(format!("{name}-{stamp}.txt"));
    let _ = std::fs::write(&path, what);
    if let Some(raw) = raw {
        let _ = std::fs::write(dir.join(format!("{name}-{stamp}.input")), raw);
    }
    path.display().to_string()
}

/// The input being checked (target, input, start), for the watchdog.
static CURRENT: Mutex<Option<(String, String, Instant)>> = Mutex::new(None);

/// Starts (once) a thread that writes out and aborts on an input running past ten times
/// [`case_limit`]: a hang cannot be interrupted from inside the test.
fn watchdog() {
    static STARTED: std::sync::Once = std::sync::Once::new();
    STARTED.call_once(|| {
        let hard = case_limit() * 10;
        std::thread::spawn(move || {
            loop {
                std::thread::sleep(Duration::from_millis(250));
                let Ok(guard) = CURRENT.lock() else { continue };
                if let Some((name, input, since)) = guard.as_ref()
                    && since.elapsed() > hard
                {
                    let path = save_failure(name, &format!("hang past {hard:?}"), Some(input));
                    eprintln!("fuzz {name}: an input ran past {hard:?}; saved to {path}");
                    std::process::abort();
                }
            }
        });
    });
}

/// Parses `src` as `format` and checks what every parse must give.
fn check_parse(name: &str, format: Format, src: &str, limit: Duration) -> Result<(), String> {
    watchdog();
    if let Ok(mut c) = CURRENT.lock() {
        *c = Some((name.to_string(), src.to_string(), Instant::now()));
    }
    // The limit is on the CPU time of this thread, not the wall clock: a loaded machine
    // (a long run beside a build) must not turn a slow scheduler into a failure.
    let started = cpu_time::ThreadTime::try_now().ok();
    let doc = parse_document(
        Path::new("fuzz"),
        "dir/fuzz",
        src.to_string(),
        format,
        &Hints::default(),
        Vec::new(),
    );
    let doc = std::sync::Arc::new(doc);
    let chunks = chunk_document(&doc);
    let took = started.map_or(Duration::ZERO, |t| t.elapsed());
    if let Ok(mut c) = CURRENT.lock() {
        *c = None;
    }
    let mut problems = violations(&doc, src);
    if took > limit {
        problems.push(format!("took {took:?} of CPU time (limit {limit:?})"));
    }
    // What is stored stays linear in the input: chunks hold each part of the text a bounded
    // number of times, plus a bounded context each.
    let chunk_bytes: usize = chunks.iter().map(|c| c.text().len()).sum();
    let bound = 4 * src.len() + chunks.len() * 1_024;
    if chunk_bytes > bound {
        problems.push(format!(
            "{} chunks hold {chunk_bytes} bytes for a {}-byte input",
            chunks.len(),
            src.len()
        ));
    }
    if doc.provisions.len() > src.len() {
        problems.push(format!("{} provisions", doc.provisions.len()));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("; "))
    }
}

/// Extracts the citations of `src` and checks them.
fn check_citations(src: &str, limit: Duration) -> Result<(), String> {
    watchdog();
    if let Ok(mut c) = CURRENT.lock() {
        *c = Some(("citations".into(), src.to_string(), Instant::now()));
    }
    let started = cpu_time::ThreadTime::try_now().ok();
    let cites = lexls_syntax::citation::extract(src);
    let took = started.map_or(Duration::ZERO, |t| t.elapsed());
    if let Ok(mut c) = CURRENT.lock() {
        *c = None;
    }
    let mut problems = citation_violations(&cites, src);
    if took > limit {
        problems.push(format!("took {took:?} of CPU time (limit {limit:?})"));
    }
    if cites.len() > src.len() {
        problems.push(format!("{} citations", cites.len()));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("; "))
    }
}

fn wrap(open: &'static str, close: &'static str) -> impl Fn(String) -> String {
    move |body| format!("{open}{body}{close}")
}

/// Lines of statutes and policies in Markdown: headings, labels, definitions, front matter,
/// code and HTML blocks.
const LINES: &[&str] = &[
    "---\ntitle: Policy\nkind: policy\nnamespace: NYC Admin. Code\n---\n",
    "---\nkind: [unclosed\n",
    "# NYC Administrative Code § 20-871 Requirements\n",
    "## § 5-301 Bias Audit\n",
    "### Article 6 — Classification rules\n",
    "Section 5. Scope.\n",
    "§ 1.\n",
    "a. In the city, it shall be unlawful.\n",
    "b. Notices required. Any employer shall notify.\n",
    "1. That an automated employment decision tool will be used;\n",
    "(a) First.\n",
    "(1) One;\n",
    "(A) Capital;\n",
    "(i) roman one\n",
    "(ii) roman two\n",
    "(h) h\n",
    "(i) i as a letter\n",
    "i. item\n",
    "Bias audit. The term “bias audit” means an impartial evaluation.\n",
    "- (b) Publication.— (1) In general.— (A) Subject to paragraph (2), each.\n",
    "<!-- Title 20, Chapter 5 -->\n",
    "```\n§ 99 in code\n```\n",
    "> quoted § 20-870\n",
    "\n",
    "Text citing § 20-871(b)(1) and §§ 5-301 through 5-304 of this chapter.\n",
];

#[test]
fn fuzz_markdown() {
    let inputs = prop_oneof![
        3 => mutated(seeds::MARKDOWN),
        1 => prop::collection::vec(prop::sample::select(LINES), 0..300).prop_map(|l| l.concat()),
    ];
    run_target("markdown", Format::Markdown, inputs);
}

#[test]
fn fuzz_text() {
    let inputs = prop_oneof![
        3 => mutated(seeds::MARKDOWN),
        1 => prop::collection::vec(prop::sample::select(WORDS), 0..400).prop_map(|w| w.concat()),
        1 => prop::collection::vec(prop::sample::select(LINES), 0..300).prop_map(|l| l.concat()),
    ];
    run_target("text", Format::Text, inputs);
}

#[test]
fn fuzz_uslm() {
    let inputs = prop_oneof![
        3 => mutated(seeds::USLM),
        1 => element_tree(
            &["section", "subsection", "paragraph", "subparagraph", "clause", "content",
              "notes", "note", "quotedContent", "toc", "chapeau", "main"],
            &["<num value=\"1\">§ 1.</num>", "<num value=\"a\">(a)</num>",
              "<num>(2)</num>", "<heading>In general.—</heading>",
              "<sourceCredit>(Pub. L. 112–29, § 3(a).)</sourceCredit>",
              "<ref href=\"/us/usc/t35/s122\">section 122</ref>"],
        )
        .prop_map(wrap(
            "<?xml version=\"1.0\"?>\n<uscDoc xmlns=\"http://xml.house.gov/schemas/uslm/1.0\" identifier=\"/us/usc/t35\"><meta><docNumber>35</docNumber></meta><main>",
            "</main></uscDoc>",
        )),
    ];
    run_target("uslm", Format::Xml, inputs);
}

#[test]
fn fuzz_akn() {
    let inputs = prop_oneof![
        3 => mutated(seeds::AKN),
        1 => element_tree(
            &["article", "paragraph", "point", "list", "section", "chapter", "recital",
              "content", "p", "authorialNote", "quotedStructure", "intro"],
            &["<num>Article 6</num>", "<num>1.</num>", "<num>(a)</num>",
              "<heading>Classification rules</heading>", "<p>referred to in Annex III</p>"],
        )
        .prop_map(wrap(
            "<akomaNtoso xmlns=\"http://docs.oasis-open.org/legaldocml/ns/akn/3.0\"><act><preface><longTitle><p>Regulation (EU) 2024/1689</p></longTitle></preface><body>",
            "</body></act></akomaNtoso>",
        )),
    ];
    run_target("akn", Format::Xml, inputs);
}

#[test]
fn fuzz_html() {
    let inputs = prop_oneof![
        3 => mutated(seeds::HTML),
        1 => element_tree(
            &["div", "p", "span", "table", "td", "body", "h1", "h2", "script", "style"],
            &["<p class=\"oj-ti-art\">Article 5</p>", "<p class=\"oj-sti-art\">Principles</p>",
              "<p class=\"oj-ti-section-1\">SECTION 1</p>", "<div id=\"rct_1\">(1) Whereas</div>",
              "<p class=\"oj-doc-ti\">ANNEX III</p>", "<br>", "<img src=x>"],
        )
        .prop_map(wrap("<html><body>", "</body></html>")),
    ];
    run_target("html", Format::Html, inputs);
}

#[test]
fn fuzz_dc() {
    let inputs = prop_oneof![
        3 => mutated(seeds::DC),
        1 => element_tree(
            &["section", "para", "text", "annotations", "annotation", "container",
              "codify:insert", "include", "aftertext", "table", "td", "cite"],
            &["<num>1-1001.03</num>", "<num>(a)</num>", "<num>[(b)]</num>",
              "<num undesignated=\"true\">(1)</num>", "<heading>Definitions.</heading>",
              "<reason>Repealed</reason>", "<prefix>Chapter</prefix>",
              "<xi:include href=\"./sections/1-101.xml\"/>",
              "<annotation type=\"History\">Apr. 27, 2012, D.C. Law 19-124</annotation>",
              "<cite path=\"§47-2853.04\">§ 47-2853.04</cite>"],
        )
        .prop_map(wrap(
            "<section xmlns=\"https://code.dccouncil.us/schemas/dc-library\" xmlns:codify=\"https://code.dccouncil.us/schemas/codify\" xmlns:xi=\"http://www.w3.org/2001/XInclude\" containing-doc=\"D.C. Code\"><num>1-1</num>",
            "</section>",
        )),
    ];
    run_target("dc", Format::Xml, inputs);
}

#[test]
fn fuzz_citations() {
    let limit = case_limit();
    let inputs = prop_oneof![
        2 => mutated(seeds::MARKDOWN),
        2 => prop::collection::vec(
            prop_oneof![
                4 => prop::sample::select(WORDS).prop_map(str::to_string),
                2 => prop::sample::select(FRAGMENTS).prop_map(str::to_string),
                1 => ("[0-9]{1,25}", "[-.:–]?", "[0-9a-z]{0,4}")
                    .prop_map(|(a, b, c)| format!("§ {a}{b}{c} ")),
                1 => prop::collection::vec("\\([a-zA-Z0-9]{1,4}\\)", 0..40)
                    .prop_map(|labels| format!("§ 1{} ", labels.concat())),
            ],
            0..300,
        )
        .prop_map(|parts| parts.concat()),
    ];
    run("citations", 2, inputs, |src| check_citations(src, limit));
}

/// Inputs fuzzing found, kept as regressions: (format, input).
const REGRESSIONS: &[(Format, &str)] = &[
    // A short form's antecedent was an index of the extraction, before the header citation
    // was dropped: it pointed at itself or past the list.
    (
        Format::Markdown,
        "# NYC Administrative Code §42 U.S.C. § 1983 20-870 D&amp;\nAutomated e",
    ),
    (
        Format::Xml,
        "<akomaNtoso xmlns=\"http://docs.oasis-open.org/legaldocml/ns/akn/3.0\"><act><preface><longTitle><p>Regulation (EU) 2024/1689</p></longTitle></preface><body><article><num>Article 6</num><article>Id. § 4. \n\n</body></act></akomaNtoso>",
    ),
    // A character reference to a line break was a line break in the text view: every
    // position after it was a line off.
    (
        Format::Xml,
        "<section><p>a&#xA;b&#13;c&#x2028;d</p></section>\n§ 1",
    ),
    // A mismatched end tag whose name holds a combining mark: the problem ended inside it.
    (
        Format::Xml,
        "\u{feff}-->\u{feff}</note>\n</note\u{301}s>\n</section>\n</title>\n</main>\n</uscDoc>\n",
    ),
];

#[test]
fn fuzz_regressions() {
    let limit = case_limit();
    for (format, src) in REGRESSIONS {
        check_parse("regression", *format, src, limit).unwrap_or_else(|e| panic!("{e}"));
    }
}

/// Replays a saved input (`LEXLS_FUZZ_REPLAY=target/fuzz-failures/<name>-<ms>.input`, the
/// target taken from the file name) and prints what the checks find; nothing to do without
/// the variable.
#[test]
fn fuzz_replay() {
    let Some(path) = std::env::var_os("LEXLS_FUZZ_REPLAY") else {
        return;
    };
    let path = std::path::PathBuf::from(path);
    let src = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let target = path
        .file_name()
        .and_then(|n| n.to_str())
        .and_then(|n| n.split('-').next())
        .unwrap_or_default()
        .to_string();
    let limit = case_limit();
    let result = match target.as_str() {
        "citations" => check_citations(&src, limit),
        "markdown" => check_parse(&target, Format::Markdown, &src, limit),
        "text" => check_parse(&target, Format::Text, &src, limit),
        "html" => check_parse(&target, Format::Html, &src, limit),
        _ => check_parse(&target, Format::Xml, &src, limit),
    };
    if let Err(e) = result {
        panic!("{target}: {e}");
    }
}
