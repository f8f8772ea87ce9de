//! Tests of the parsers through the index: real files parsed, chunked, resolved by the engine.

mod bounded;
mod dc;
mod markup;
mod store_format;
