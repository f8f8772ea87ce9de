use super::*;
use crate::model::Format;
use std::path::Path;

pub(crate) fn example(rel: &str) -> Document {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/nyc-ll144");
    let path = root.join(rel);
    let text = std::fs::read_to_string(&path).expect("example file");
    parse_document(
        &path,
        rel,
        text,
        Format::Markdown,
        &Hints::default(),
        Vec::new(),
    )
}

#[test]
fn dump() {
    for rel in [
        "statute/nyc-admin-code-20-870.md",
        "statute/nyc-admin-code-20-871.md",
        "statute/nyc-admin-code-20-872.md",
        "rules/6-rcny-5-300.md",
        "rules/6-rcny-5-301.md",
        "rules/6-rcny-5-302.md",
        "rules/6-rcny-5-304.md",
        "guidance/6-rcny-subchapter-t-notice-of-adoption.md",
        "policy/acme-aedt-hiring-policy.md",
    ] {
        let d = example(rel);
        println!(
            "== {rel} ns={} code={} kind={:?} title={}",
            d.namespace, d.namespace_is_code, d.kind, d.title
        );
        for (i, p) in d.provisions.iter().enumerate() {
            println!(
                "  {}{} [{}] {:?} {:?}",
                "  ".repeat(p.depth as usize),
                p.number,
                i,
                p.heading,
                p.style
            );
        }
        for c in &d.citations {
            println!(
                "  CITE {:?} -> {} rel={:?}",
                &d.text[c.span.clone()],
                c.normalized(),
                c.relative
            );
        }
        println!(
            "  aliases {:?} defs {:?}",
            d.code_aliases,
            d.definitions
                .iter()
                .map(|x| (&x.term, &x.aliases))
                .collect::<Vec<_>>()
        );
    }
}
