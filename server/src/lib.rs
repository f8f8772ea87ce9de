//! The `lexls` server and command line as a library shared by its two binaries: `lexls` (the
//! language server and the everyday commands) and `lexls-eval` (evaluation and classifier
//! training, kept out of the server binary; see `ARCHITECTURE.md`).

pub mod cli;
pub mod embed_worker;
pub mod eval_binary;
pub mod lsp;
pub mod process;
pub mod proto;
