//! # lexls-ide — the editor layer of lexls
//!
//! Editor features as plain data ([`features`]: hover, definition, references, diagnostics with
//! "did you mean" fixes, document symbols) and the ask pipeline of HyPA-RAG ([`ask`]): the
//! query-complexity classifier ([`classify`]), query rewrites, hybrid retrieval with knowledge
//! graph expansion, the optional reranker, composition by an LLM ([`llm`], any
//! OpenAI-compatible endpoint) or extractively, and verification of every citation.
//!
//! Depends on `lexls-index` and `lexls-syntax` (see `ARCHITECTURE.md`); no protocol types.

pub mod ask;
pub mod classify;
pub mod features;
pub mod llm;
