//! The canonical citation of a provision, in the form lexls's own extractor reads back.

use super::codes::{self, CodeFamily};
use crate::model::{Document, ProvisionId, Unit};

/// The full citation of a provision in a form lexls's own extractor reads back:
/// `NYC Admin. Code § 20-871(b)`, `6 RCNY § 5-301(b)(1)`, `35 U.S.C. § 122(b)`,
/// `Article 6(1)(a) of Regulation (EU) 2024/1689`, `§ 4 of the Acme AEDT Policy` for a
/// namespace set in front matter, or `§ 4` for a document without one.
pub fn cite_string(doc: &Document, id: ProvisionId) -> String {
    let path = doc.display_path(id);
    let unit = doc.provisions[doc.section_of(id)].unit;
    if !doc.namespace_is_code {
        return path;
    }
    if codes::family_of(&doc.namespace) == CodeFamily::Named {
        return format!("{path} of the {}", doc.namespace);
    }
    match unit {
        Unit::Section => format!("{} {path}", doc.namespace),
        Unit::Article | Unit::Annex | Unit::Recital => format!("{path} of {}", doc.namespace),
    }
}
