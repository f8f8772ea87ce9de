//! # lexls-syntax — the syntax layer of lexls
//!
//! The document model ([`model`]: provisions, subsection trees, spans as byte offsets), the line
//! index that converts offsets to lines and UTF-16 columns ([`line_index`]), the parsers of the
//! statute formats (Markdown, plain text, HTML, USLM, Akoma Ntoso, the D.C. Council's Open Law
//! XML: [`parse`]) and citation extraction ([`citation`]: Bluebook, Document Drafting Handbook
//! and the codes' own forms).
//!
//! The lowest layer (see `ARCHITECTURE.md`): no index, no search, no models, no network, no
//! protocol types. Everything here is a pure function of the text.

/// A string of up to 24 bytes held inline, without a heap allocation: section numbers,
/// subsection labels and code names in citations and provisions. The whole D.C. Code holds
/// about 400,000 citations and as many provisions; as `String`s each of these short values
/// was one allocation (24 bytes of header plus 16–32 of heap). Serialized as a string, so a
/// stored index reads the same bytes as before.
pub use compact_str::CompactString;

/// The fingerprint of this crate's analysis: 16 hex digits of the BLAKE3 hash of its
/// sources (`build.rs`). Documents stored by an index under another fingerprint were parsed
/// and their citations extracted by other code, so the index parses them again.
pub const ANALYSIS_VERSION: &str = env!("LEXLS_ANALYSIS_VERSION");

pub mod citation;
pub mod line_index;
pub mod model;
pub mod parse;

#[cfg(any(test, feature = "test-support"))]
pub mod test_support;
