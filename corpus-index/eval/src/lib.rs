//! Measurements: retrieval quality over query sets, citation extraction over the
//! development cases, cross-references against official markup, extraction and resolution
//! against the reference markup of real files ([`markup`]); cross-validation of the
//! retrieval settings over development sets ([`folds`], [`grid`], [`suite`], [`sara`]).

pub mod citations;
mod dc_containers;
pub mod folds;
pub mod grid;
pub mod markup;
pub mod retrieval;
pub mod sara;
pub mod suite;
pub mod xrefs;

pub use retrieval::*;
