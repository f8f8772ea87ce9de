//! Measurements: retrieval quality over query sets, citation extraction over the
//! development cases, cross-references against official markup, extraction and resolution
//! against the reference markup of real files ([`markup`]).

pub mod citations;
mod dc_containers;
pub mod markup;
pub mod retrieval;
pub mod xrefs;

pub use retrieval::*;
