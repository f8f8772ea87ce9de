//! # corpus-index — the core of lexls
//!
//! Parses statute, regulation and policy files into provision trees, extracts and resolves
//! their citations through a citation graph, chunks and indexes them for hybrid retrieval
//! (BM25 with tantivy, dense vectors with fastembed, reciprocal rank fusion), and answers
//! editor queries (hover, definition, references, diagnostics, symbols, ask) as plain data.
//!
//! This crate knows nothing of the Language Server Protocol: positions are byte offsets
//! (see [`line_index`] for conversion), results are plain structs.

pub mod ask;
pub mod citation;
pub mod classify;
pub mod config;
pub mod engine;
pub mod eval;
pub mod features;
pub mod kg;
pub mod line_index;
pub mod llm;
pub mod model;
pub mod parse;
pub mod search;
pub mod workspace;

#[cfg(test)]
mod fuzz;
