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

/// Class: clauses enumerated inside a sentence (35 U.S.C. § 202(a): `That a funding
/// agreement may provide otherwise (i) when the contractor is not located in the United
/// States …, (ii) in exceptional circumstances …`), which the OLRC's markup does not make
/// elements: `clauses (i) through (iv) of subsection (a)` cites them; a label the text never
/// enumerates is still missing, and one that stands only inside a citation is no label.
#[test]
fn clauses_enumerated_inside_a_sentence_are_subdivisions() {
    let src = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<uscDoc identifier=\"/us/usc/t35\" xmlns=\"http://xml.house.gov/schemas/uslm/1.0\"><meta><docNumber>35</docNumber></meta><main>\n\
<section identifier=\"/us/usc/t35/s202\"><num value=\"202\">§ 202.</num><heading> Disposition of rights</heading>\n\
<subsection identifier=\"/us/usc/t35/s202/a\"><num value=\"a\">(a)</num><content> Each nonprofit organization or small business firm may, within a reasonable time after disclosure as required by paragraph (c)(1) of this section, elect to retain title to any subject invention: Provided, however, That a funding agreement may provide otherwise (i) when the contractor is not located in the United States, (ii) in exceptional circumstances when it is determined by the agency that restriction or elimination of the right to retain title will better promote the policy and objectives of this chapter, (iii) when it is determined by a Government authority that restriction is necessary to protect the security of such activities, or (iv) when the funding agreement includes the operation of a Government-owned, contractor-operated facility.</content></subsection>\n\
<subsection identifier=\"/us/usc/t35/s202/b\"><num value=\"b\">(b)</num><paragraph identifier=\"/us/usc/t35/s202/b/1\"><num value=\"1\">(1)</num><content> The rights of the Government under subsection (a) shall not be exercised by a Federal agency unless it first determines that at least one of the conditions identified in clauses (i) through (iv) of subsection (a) exists. Nor under clause (vi) of subsection (a).</content></paragraph></subsection>\n\
<subsection identifier=\"/us/usc/t35/s202/c\"><num value=\"c\">(c)</num><content> Each funding agreement shall contain provisions under subsection (b)(2) of this section.</content></subsection>\n\
</section>\n</main></uscDoc>\n";
    let r = resolutions("usc35.xml", src, Format::Xml);
    let of = |raw: &str| {
        r.iter()
            .find(|(t, _)| t.starts_with(raw))
            .map(|(_, r)| r.clone())
            .unwrap_or_else(|| panic!("{raw} not read: {r:?}"))
    };
    assert!(matches!(
        of("clauses (i) through (iv) of subsection (a)"),
        Resolution::Resolved { .. }
    ));
    assert!(matches!(
        of("clause (vi) of subsection (a)"),
        Resolution::MissingSubsection { .. }
    ));
}
