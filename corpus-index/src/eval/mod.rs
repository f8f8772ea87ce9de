//! Measurements: retrieval quality over query sets, citation extraction over the
//! development cases, cross-references against official markup.

pub mod citations;
pub mod retrieval;
pub mod xrefs;

pub use retrieval::*;
