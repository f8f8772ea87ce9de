//! Walking the subdivisions a citation names, on real markup.

use std::path::Path;
use std::sync::Arc;

use crate::config::Config;
use crate::resolve::Resolution;
use crate::workspace::{DocEntry, Snapshot};
use lexls_syntax::model::Format;
use lexls_syntax::parse::{Hints, parse_document};

fn resolutions(name: &str, src: &str, format: Format) -> Vec<(String, Resolution)> {
    let doc = parse_document(
        Path::new(name),
        name,
        src.to_string(),
        format,
        &Hints::default(),
        Vec::new(),
    );
    let snap = Snapshot::build(
        Path::new(""),
        Arc::new(Config::default()),
        vec![DocEntry::new(doc)],
        None,
    );
    let doc = &snap.docs[0];
    doc.citations
        .iter()
        .zip(snap.resolutions[0].iter())
        .map(|(c, r)| (doc.text[c.span.clone()].to_string(), r.clone()))
        .collect()
}

/// Class: GPO's C.F.R. numbers some paragraphs in their text only (27 CFR 53.100(b):
/// `<p>(1) In general. …</p>` inside `<paragraph>(b)`): a citation of them is not checked
/// against the markup, which does not hold them.
#[test]
fn paragraphs_numbered_in_the_text_only_are_not_reported_missing() {
    let src = "<?xml version=\"1.0\"?>\n<cfrDoc xmlns=\"http://schemas.gpo.gov/xml/uslm\"><meta><docNumber>27</docNumber></meta><main>\n\
<section identifier=\"/us/cfr/t27/s53.100\"><num value=\"53.100\">§ 53.100</num><heading>Local advertising.</heading>\n\
<paragraph identifier=\"/us/cfr/t27/s53.100/a\"><num value=\"a\">(a) </num><content>In general, the price shall be determined.</content></paragraph>\n\
<paragraph identifier=\"/us/cfr/t27/s53.100/b\"><num value=\"b\">(b) </num><heading>Definition of local advertising—</heading><content>\n\
<p>(1) In general. The term “local advertising” means advertising which relates to an article.</p>\n\
<p>(2) Initiating or obtaining advertising. For purposes of paragraph (b)(1) of this section, the advertising must be initiated by the purchaser.</p>\n\
<p>(3) The same rule applies under paragraph (a)(4) of this section.</p>\n\
</content></paragraph>\n</section>\n</main></cfrDoc>\n";
    let r = resolutions("vol2.xml", src, Format::Xml);
    let of = |raw: &str| {
        r.iter()
            .find(|(t, _)| t.starts_with(raw))
            .map(|(_, r)| r.clone())
            .expect("the citation is read")
    };
    assert!(matches!(
        of("paragraph (b)(1)"),
        Resolution::Resolved { .. }
    ));
    // A subdivision the text does not number either is still reported.
    assert!(matches!(
        of("paragraph (a)(4)"),
        Resolution::MissingSubsection { .. }
    ));
}
