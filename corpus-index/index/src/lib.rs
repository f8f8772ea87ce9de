//! # lexls-index — the index layer of lexls
//!
//! The workspace and its files ([`workspace`]), configuration ([`config`]), citation
//! resolution against the workspace ([`resolve`]) and the citation graph ([`graph`],
//! petgraph), BM25 (tantivy) and dense (fastembed) search with the on-disk store ([`search`]),
//! the knowledge graph of defined terms and cross-references ([`kg`]), and the [`engine`] that
//! keeps them current as files change.
//!
//! Depends on `lexls-syntax` only (see `ARCHITECTURE.md`). No protocol types, no editor
//! features, no LLM: positions are byte offsets, results are plain data.

pub mod config;
pub mod engine;
pub mod graph;
pub mod kg;
pub mod resolve;
pub mod search;
pub mod workspace;

#[cfg(any(test, feature = "test-support"))]
pub mod test_support;

#[cfg(test)]
mod fuzz;
#[cfg(test)]
mod tests;
