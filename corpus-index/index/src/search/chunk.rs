//! Chunking for retrieval: a parent chunk per section and a child chunk per top-level
//! subsection (hierarchical chunking, seed 003 § 3.2), each carrying its ancestry
//! (`NYC Admin. Code > § 20-871 > (b)`) in the indexed text so that a passage keeps the
//! context a reader would see. Sections without subsections that run long, and documents
//! without sections, are split into windows of whole paragraphs.
//!
//! Chunk text stays linear in the document: a parent chunk holds its section's text once (a
//! section's span never holds another section), a child its subdivision's, and the context
//! each chunk repeats (ancestry and heading) is cut to [`CONTEXT_CHARS`].

use std::ops::Range;

use std::sync::{Arc, OnceLock};

use serde::{Deserialize, Serialize};

use lexls_syntax::model::{Document, Format, LabelStyle, ProvisionId};

/// Bump when chunking changes, so persisted indexes are rebuilt.
pub const CHUNKER_VERSION: u32 = 2;

/// The most a chunk repeats of its context (ancestry and heading), in characters. Every child
/// chunk of a section repeats the section's context, so an unbounded one (a file whose first
/// line, its title, runs on for pages) would be copied once per subdivision.
pub const CONTEXT_CHARS: usize = 240;

/// Sections longer than this (words) without subsections get window children.
const WINDOW_THRESHOLD_WORDS: usize = 300;
/// Target size of a window (words).
const WINDOW_WORDS: usize = 220;

/// The id of the `ordinal`-th chunk (0-based) of the document at `rel_path`:
/// `<rel_path>#<ordinal>` ([`Chunk::id`]).
pub fn chunk_id(rel_path: &str, ordinal: usize) -> String {
    format!("{rel_path}#{ordinal}")
}

/// Whether a chunk is a whole section or a part of one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChunkLevel {
    /// A whole section (or a whole document without sections).
    Parent,
    /// A top-level subsection or a window of a parent.
    Child,
}

/// A passage of a document indexed for retrieval.
///
/// The chunk does not hold its text: [`Chunk::text`] derives it from the document when
/// asked (BM25 indexing, embedding, answers), so the workspace's text is held once, in its
/// documents, however many chunks repeat it.
#[derive(Clone)]
pub struct Chunk {
    /// Position among the document's chunks (0-based): the `#<ordinal>` of [`Chunk::id`].
    ordinal: u32,
    /// The provision the chunk is (for windows, the section they are cut from).
    pub provision: Option<ProvisionId>,
    /// Parent or child.
    pub level: ChunkLevel,
    /// Index (within the document's chunks) of the parent chunk of a child.
    pub parent: Option<usize>,
    /// Byte range of the passage in the document text.
    pub span: Range<usize>,
    /// The document the passage is cut from.
    doc: Arc<Document>,
    /// The embedding-cache key of the text with the digest of the model id it was computed
    /// for ([`model_digest`]), once computed (boxed: without a model it is never set).
    key: OnceLock<Box<(u64, EmbeddingKey)>>,
}

/// The chunk without its document (which every chunk of the document shares).
impl std::fmt::Debug for Chunk {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Chunk")
            .field("id", &self.id())
            .field("provision", &self.provision)
            .field("level", &self.level)
            .field("parent", &self.parent)
            .field("span", &self.span)
            .finish_non_exhaustive()
    }
}

impl Chunk {
    /// What is indexed and embedded: the context ([`Self::context`]), a line break and the
    /// passage ([`Self::body`]).
    pub fn text(&self) -> String {
        let context = self.context();
        let body = self.body();
        let mut text = String::with_capacity(context.len() + body.len() + 1);
        text.push_str(&context);
        text.push('\n');
        text.push_str(&body);
        text
    }

    /// The context a reader sees above the passage: the ancestry and the heading
    /// (`NYC Admin. Code > § 20-871 > (b) Requirements for …`).
    pub fn context(&self) -> String {
        let ancestry = self.ancestry();
        match self.heading(&ancestry) {
            Some(h) => format!("{ancestry} {h}"),
            None => ancestry,
        }
    }

    /// The passage (trimmed; for XML and HTML, the markup's blank runs collapsed as by
    /// [`lexls_syntax::parse::markup::tidy`]).
    pub fn body(&self) -> String {
        let body = self
            .doc
            .text
            .get(self.span.clone())
            .unwrap_or_default()
            .trim();
        if matches!(self.doc.format, Format::Xml | Format::Html) {
            // The text view of markup: blanked tags leave long runs of spaces.
            lexls_syntax::parse::markup::tidy(body)
        } else {
            body.to_string()
        }
    }

    /// The ordinal of the chunk's section among the document's chunks: its parent's, or its
    /// own for a parent.
    pub fn section_ordinal(&self) -> usize {
        self.parent.unwrap_or(self.ordinal as usize)
    }

    /// Key of the chunk's text in the embedding cache (BLAKE3 of model id and text), computed
    /// once per model.
    pub fn cache_key(&self, model_id: &str) -> EmbeddingKey {
        let model = model_digest(model_id);
        if let Some(memo) = self.key.get()
            && memo.0 == model
        {
            return memo.1;
        }
        let key = embedding_key(model_id, &self.text());
        let _ = self.key.set(Box::new((model, key)));
        key
    }

    /// `NYC Admin. Code > § 20-871 > (b)` (the document's title for text outside its
    /// sections), cut to [`CONTEXT_CHARS`]; derived from the document when asked.
    pub fn ancestry(&self) -> String {
        let full = match self.provision {
            Some(p) if p < self.doc.provisions.len() => ancestry(&self.doc, p),
            _ => self.doc.title.clone(),
        };
        cut_chars(&full, CONTEXT_CHARS)
    }

    /// The heading repeated after `ancestry` (the provision's, else its section's), cut so
    /// that both fit in [`CONTEXT_CHARS`].
    fn heading(&self, ancestry: &str) -> Option<String> {
        Some(cut_chars(
            self.provision_heading()?,
            CONTEXT_CHARS.saturating_sub(ancestry.chars().count()),
        ))
    }

    /// The heading of the chunk's provision, else of its section, as the document gives it.
    pub fn provision_heading(&self) -> Option<&str> {
        let p = self.provision.filter(|&p| p < self.doc.provisions.len())?;
        let section = self.doc.section_of(p);
        self.doc.provisions[p]
            .heading
            .as_deref()
            .or(self.doc.provisions[section].heading.as_deref())
    }

    /// Stable id: `<rel_path>#<ordinal>` ([`chunk_id`]).
    pub fn id(&self) -> String {
        chunk_id(&self.doc.rel_path, self.ordinal as usize)
    }

    /// Position among the document's chunks (0-based).
    pub fn ordinal(&self) -> usize {
        self.ordinal as usize
    }

    /// The relative path of the chunk's document.
    pub fn rel_path(&self) -> &str {
        &self.doc.rel_path
    }
}

/// The key of a text in the embedding cache ([`embedding_key`]): 32 bytes held inline (the
/// engine keeps one for every window of the workspace, about 130,000 for the D.C. Code), in
/// the store's embedding file as those bytes ([`super::embedding_log`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EmbeddingKey(pub(crate) [u8; 32]);

impl EmbeddingKey {
    /// The key as versions before the embedding file wrote it in sled: 64 lower-case hex
    /// digits.
    pub fn hex(&self) -> String {
        blake3::Hash::from_bytes(self.0).to_hex().to_string()
    }

    /// The key of [`EmbeddingKey::hex`]'s digits; `None` when they are not 64 hex digits.
    pub fn from_hex(hex: &[u8]) -> Option<Self> {
        blake3::Hash::from_hex(hex)
            .ok()
            .map(|h| Self(*h.as_bytes()))
    }
}

/// Key of `text` in the embedding cache: BLAKE3 of model id, a zero byte and the text (a
/// chunk's text or one of its windows, [`super::windows`]).
pub fn embedding_key(model_id: &str, text: &str) -> EmbeddingKey {
    let mut h = blake3::Hasher::new();
    h.update(model_id.as_bytes());
    h.update(&[0]);
    h.update(text.as_bytes());
    EmbeddingKey(*h.finalize().as_bytes())
}

/// A hash of a model id (SipHash, fixed keys): which model a chunk's memoised key is for. It
/// only tells apart the models one process loads (one, or two across a settings change).
fn model_digest(model_id: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::hash::DefaultHasher::new();
    model_id.hash(&mut h);
    h.finish()
}

/// The ancestry label of the namespace a document belongs to.
fn root_label(doc: &Document) -> String {
    if doc.namespace_is_code {
        doc.namespace.clone()
    } else {
        doc.title.clone()
    }
}

/// Ancestry of a provision: `NYC Admin. Code > § 20-871 > (b)`.
pub fn ancestry(doc: &Document, id: ProvisionId) -> String {
    let mut parts = vec![root_label(doc)];
    for p in doc.lineage(id) {
        let prov = &doc.provisions[p];
        parts.push(match prov.style {
            None => format!("{}{}", prov.unit.prefix(), prov.number),
            Some(LabelStyle::Definition) => prov.number.to_string(),
            Some(_) => format!("({})", prov.number),
        });
    }
    parts.join(" > ")
}

/// Splits a document into chunks (which share the document, see [`Chunk::text`]).
pub fn chunk_document(doc: &Arc<Document>) -> Vec<Chunk> {
    let mut chunks = Vec::new();
    let push = |chunks: &mut Vec<Chunk>,
                provision: Option<ProvisionId>,
                level: ChunkLevel,
                parent: Option<usize>,
                span: Range<usize>| {
        if doc.text[span.clone()].trim().is_empty() {
            return;
        }
        chunks.push(Chunk {
            ordinal: u32::try_from(chunks.len()).unwrap_or(u32::MAX),
            provision,
            level,
            parent,
            span,
            doc: doc.clone(),
            key: OnceLock::new(),
        });
    };
    let sections: Vec<ProvisionId> = doc.sections().collect();
    if sections.is_empty() {
        let body = body_span(doc);
        push(&mut chunks, None, ChunkLevel::Parent, None, body.clone());
        if word_count(&doc.text[body.clone()]) > WINDOW_THRESHOLD_WORDS {
            for w in windows(&doc.text, body) {
                push(&mut chunks, None, ChunkLevel::Child, Some(0), w);
            }
        }
        return chunks;
    }
    // Text before the first section (a policy's preamble).
    let first = doc.provisions[sections[0]].span.start;
    let pre = body_span(doc).start..first;
    if word_count(&doc.text[pre.clone()]) >= 20 {
        push(&mut chunks, None, ChunkLevel::Parent, None, pre);
    }
    for s in sections {
        let section = &doc.provisions[s];
        let parent_index = chunks.len();
        push(
            &mut chunks,
            Some(s),
            ChunkLevel::Parent,
            None,
            section.span.clone(),
        );
        if chunks.len() == parent_index {
            continue;
        }
        if section.children.is_empty() {
            if word_count(doc.provision_text(s)) > WINDOW_THRESHOLD_WORDS {
                for w in windows(&doc.text, section.span.clone()) {
                    push(
                        &mut chunks,
                        Some(s),
                        ChunkLevel::Child,
                        Some(parent_index),
                        w,
                    );
                }
            }
            continue;
        }
        for &c in &section.children {
            let child = &doc.provisions[c];
            push(
                &mut chunks,
                Some(c),
                ChunkLevel::Child,
                Some(parent_index),
                child.span.clone(),
            );
        }
    }
    chunks
}

/// `text` cut to at most `max` characters, the cut marked with `…`.
fn cut_chars(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        None => text.to_string(),
        Some(_) => {
            let keep = max.saturating_sub(1);
            let end = text.char_indices().nth(keep).map_or(text.len(), |(i, _)| i);
            format!("{}…", &text[..end])
        }
    }
}

fn body_span(doc: &Document) -> Range<usize> {
    let (front, _) = lexls_syntax::parse::frontmatter::parse(&doc.text);
    front.body_start.min(doc.text.len())..doc.text.len()
}

fn word_count(text: &str) -> usize {
    text.split_whitespace().count()
}

/// Windows of whole paragraphs (blank-line separated) of about [`WINDOW_WORDS`] words.
fn windows(text: &str, span: Range<usize>) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    let mut words = 0;
    let mut pos = span.start;
    let slice = &text[span.clone()];
    for para in slice.split_inclusive("\n\n") {
        let para_start = pos;
        pos += para.len();
        let n = word_count(para);
        if n == 0 {
            continue;
        }
        if start.is_none() {
            start = Some(para_start);
        }
        words += n;
        if words >= WINDOW_WORDS {
            if let Some(s) = start.take() {
                out.push(s..pos);
            }
            words = 0;
        }
    }
    if let Some(s) = start {
        out.push(s..span.end);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use lexls_syntax::test_support::example;

    #[test]
    fn parent_per_section_and_child_per_subdivision_with_ancestry() {
        let doc = Arc::new(example("statute/nyc-admin-code-20-871.md"));
        let chunks = chunk_document(&doc);
        assert_eq!(chunks.len(), 3, "{chunks:#?}");
        assert_eq!(chunks[0].level, ChunkLevel::Parent);
        assert!(
            chunks[0]
                .text()
                .starts_with("NYC Admin. Code > § 20-871 Requirements")
        );
        assert_eq!(chunks[2].ancestry(), "NYC Admin. Code > § 20-871 > (b)");
        assert!(chunks[2].text().contains("ten business days"));
        assert_eq!(chunks[2].parent, Some(0));
    }

    #[test]
    fn definitions_become_children_and_long_guidance_is_windowed() {
        let doc = Arc::new(example("rules/6-rcny-5-300.md"));
        let chunks = chunk_document(&doc);
        assert!(
            chunks
                .iter()
                .any(|c| c.ancestry() == "6 RCNY > § 5-300 > Bias Audit")
        );
        let doc = Arc::new(example(
            "guidance/6-rcny-subchapter-t-notice-of-adoption.md",
        ));
        let chunks = chunk_document(&doc);
        assert!(chunks.len() >= 4, "{}", chunks.len());
        assert!(chunks[1..].iter().all(|c| c.parent == Some(0)));
    }
}
