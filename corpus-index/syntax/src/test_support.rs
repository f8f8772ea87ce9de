//! Helpers for the tests of this crate and of the crates above it (feature `test-support`):
//! documents of the example workspace and the invariants every parsed document keeps.

use std::path::Path;

use crate::model::{Document, Format};
use crate::parse::{Hints, parse_document};

pub use crate::parse::invariants::{citation_violations, violations};

/// Parses a file of `examples/nyc-ll144`.
pub fn example(rel: &str) -> Document {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/nyc-ll144");
    let path = root.join(rel);
    #[allow(clippy::expect_used)]
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

/// The text of each citation [`crate::citation::extract`] reads in `text`, in order.
pub fn raws(text: &str) -> Vec<String> {
    crate::citation::extract(text)
        .iter()
        .map(|c| text.get(c.span.clone()).unwrap_or_default().to_string())
        .collect()
}
