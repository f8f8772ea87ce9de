//! BM25 over chunks with tantivy: each chunk indexed as its context (ancestry and heading),
//! its body and the word pairs of both, scored by [`super::scoring`] (BM25 or BM25F, k1 and
//! b, proximity and the passage granularity are settings of the query, [`Bm25Params`]).
//!
//! Text is analysed by an [`Analysis`] (by default [`Analysis::Legal`]: legal conventions,
//! stop words, Snowball stemming). The word-pair field holds the analysed text's adjacent
//! word pairs ([`super::query::bigrams`]). Queries are built from the same analysis
//! ([`super::query`]: question words left out, word pairs added at
//! [`super::query::BIGRAM_BOOST`], verbose queries reduced) as weighted terms, so user
//! questions never fail to parse (`§`, quotes, `AND` and parentheses are just text).
//!
//! The schema names the analysis and [`BM25_FORMAT`]: an index written by another analysis
//! or format has another schema and is refused ([`Bm25::open`]), so the engine rebuilds it
//! rather than misreads it.
//!
//! An index opened from disk proves itself first ([`Bm25::open`]): every file of every
//! segment must pass its CRC32 footer checksum, and each segment's document count in
//! `meta.json` (which has no checksum) must agree with its own files. A failure is
//! [`Bm25Error::Damaged`]; the caller rebuilds the index.

use std::collections::HashSet;
use std::path::Path;

use rayon::prelude::*;
use tantivy::directory::{Directory, MmapDirectory};
use tantivy::merge_policy::{DefaultMergePolicy, NoMergePolicy};
use tantivy::schema::{
    FAST, Field, IndexRecordOption, STORED, STRING, Schema, TextFieldIndexing, TextOptions, Value,
};
use tantivy::tokenizer::{TextAnalyzer, WhitespaceTokenizer};
use tantivy::{
    DocAddress, Index, IndexReader, IndexWriter, ReloadPolicy, Searcher, TantivyDocument, Term,
};

pub use super::analysis::Analysis;
use super::analysis::word_strs;
use super::chunk::Chunk;
use super::pre_analysed::{self, PreAnalysed};
use super::query;
pub use super::scoring::{Bm25Params, Granularity};
use super::scoring::{ChunkKind, ScoredFields, score_sections};

/// Version of the BM25 index's layout (fields and their analysis). Part of the schema: an
/// index of another version is refused and rebuilt. 2: context and body fields, section and
/// chunk-kind fast fields, the analysis named (2026-11-26).
pub const BM25_FORMAT: u32 = 2;

/// The word-pair field is written already analysed: split on spaces only.
const PAIRS: &str = "lexls_pairs";
/// Fast field names.
const SECTION: &str = "section";
const KIND: &str = "kind";

/// Errors of the BM25 index.
#[derive(Debug, thiserror::Error)]
pub enum Bm25Error {
    /// Tantivy failed (damaged files, lock held by another process, I/O).
    #[error("BM25 index: {0}")]
    Tantivy(#[from] tantivy::TantivyError),
    /// The directory could not be opened.
    #[error("BM25 index directory: {0}")]
    Directory(#[from] tantivy::directory::error::OpenDirectoryError),
    /// A file of the index fails its checksum, is missing, or disagrees with `meta.json`.
    #[error("BM25 index is damaged: {0}")]
    Damaged(String),
}

/// The fields of the schema.
#[derive(Debug, Clone, Copy)]
pub struct Fields {
    /// Chunk id (`rel_path#n`), stored.
    pub id: Field,
    /// Relative path of the chunk's document, for deletes.
    pub path: Field,
    /// The chunk's context: ancestry and heading.
    pub context: Field,
    /// The chunk's passage (positions kept, for proximity).
    pub body: Field,
    /// Adjacent pairs of the analysed words of context and body (`serious_incid`).
    pub bigrams: Field,
    /// The section's key (fast).
    pub section: Field,
    /// [`ChunkKind`] (fast).
    pub kind: Field,
}

impl Fields {
    fn scored(&self) -> ScoredFields {
        ScoredFields {
            context: self.context,
            body: self.body,
            pairs: self.bigrams,
            section: SECTION,
            kind: KIND,
        }
    }
}

/// The name of the analyser of `analysis` in the schema (`lexls_legal_2`).
fn analyzer_name(analysis: Analysis) -> String {
    format!("lexls_{}_{BM25_FORMAT}", analysis.name())
}

fn schema(analysis: Analysis) -> (Schema, Fields) {
    let mut b = Schema::builder();
    let id = b.add_text_field("id", STRING | STORED);
    let path = b.add_text_field("path", STRING);
    let name = analyzer_name(analysis);
    let context = b.add_text_field(
        "context",
        TextOptions::default().set_indexing_options(
            TextFieldIndexing::default()
                .set_tokenizer(&name)
                .set_index_option(IndexRecordOption::WithFreqs),
        ),
    );
    let body = b.add_text_field(
        "body",
        TextOptions::default().set_indexing_options(
            TextFieldIndexing::default()
                .set_tokenizer(&name)
                .set_index_option(IndexRecordOption::WithFreqsAndPositions),
        ),
    );
    let bigrams = b.add_text_field(
        "bigrams",
        TextOptions::default().set_indexing_options(
            TextFieldIndexing::default()
                .set_tokenizer(PAIRS)
                .set_index_option(IndexRecordOption::WithFreqs),
        ),
    );
    let section = b.add_u64_field(SECTION, FAST);
    let kind = b.add_u64_field(KIND, FAST);
    (
        b.build(),
        Fields {
            id,
            path,
            context,
            body,
            bigrams,
            section,
            kind,
        },
    )
}

/// The analysed terms of `text`, in order, by the default analysis ([`Analysis::default`]).
pub fn analyse(text: &str) -> Vec<String> {
    Analysis::default().terms(text)
}

/// The key of a chunk's section: the first 8 bytes of BLAKE3 of its document's path and the
/// section's chunk ordinal.
fn section_key(chunk: &Chunk) -> u64 {
    let mut h = blake3::Hasher::new();
    h.update(chunk.rel_path().as_bytes());
    h.update(&[0]);
    h.update(&(chunk.section_ordinal() as u64).to_le_bytes());
    let bytes = h.finalize();
    let mut first = [0u8; 8];
    first.copy_from_slice(&bytes.as_bytes()[..8]);
    u64::from_le_bytes(first)
}

/// How many chunks [`Bm25::add`] analyses at a time (in parallel) before handing their
/// documents to the writer: enough to keep the cores busy, few enough that the batch's
/// tokens take a few megabytes.
const ADD_BATCH: usize = 256;

/// The index document of chunk `c`: its id and path, its context and body analysed by
/// `analysis` (here, so the text is analysed once and in parallel; handed to the writer
/// [`pre_analysed::encode`]d), the word pairs of both, its section key and kind.
fn document(fields: Fields, analysis: Analysis, c: &Chunk, kind: ChunkKind) -> TantivyDocument {
    let mut doc = TantivyDocument::default();
    doc.add_text(fields.id, c.id());
    doc.add_text(fields.path, c.rel_path());
    let context = analysis.analysed(&c.context());
    let body = analysis.analysed(&c.body());
    let pairs = query::bigram_text(word_strs(&context).chain(word_strs(&body)));
    doc.add_text(fields.context, pre_analysed::encode(&context));
    doc.add_text(fields.body, pre_analysed::encode(&body));
    doc.add_text(fields.bigrams, pairs);
    doc.add_u64(fields.section, section_key(c));
    doc.add_u64(fields.kind, kind as u64);
    doc
}

/// A writable BM25 index.
pub struct Bm25 {
    index: Index,
    writer: IndexWriter,
    reader: IndexReader,
    fields: Fields,
    analysis: Analysis,
    /// A rewrite since [`Bm25::clear`] that the next commit has not ended yet.
    bulk_load: bool,
}

impl std::fmt::Debug for Bm25 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Bm25")
            .field("analysis", &self.analysis)
            .finish_non_exhaustive()
    }
}

impl Bm25 {
    /// Opens (or creates) the index in `dir`, or in memory when `dir` is `None`, with the
    /// default analysis ([`Bm25::open_with`]).
    ///
    /// # Errors
    /// As [`Bm25::open_with`].
    pub fn open(dir: Option<&Path>) -> Result<Self, Bm25Error> {
        Self::open_with(dir, Analysis::default())
    }

    /// Opens (or creates) the index in `dir`, or in memory when `dir` is `None`, analysing
    /// text with `analysis`. An existing index is checked first ([`verify_files`],
    /// [`verify_counts`]).
    ///
    /// # Errors
    /// [`Bm25Error::Damaged`] when a file fails its checksum or disagrees with `meta.json`,
    /// another [`Bm25Error`] when the directory holds an unreadable index or one of another
    /// schema (another [`BM25_FORMAT`] or analysis: the caller rebuilds it), or another
    /// process holds its writer lock.
    pub fn open_with(dir: Option<&Path>, analysis: Analysis) -> Result<Self, Bm25Error> {
        let (schema, fields) = schema(analysis);
        let mut existed = false;
        let index = match dir {
            None => Index::create_in_ram(schema),
            Some(dir) => {
                std::fs::create_dir_all(dir).map_err(|e| {
                    tantivy::TantivyError::SystemError(format!("{}: {e}", dir.display()))
                })?;
                let mmap = MmapDirectory::open(dir)?;
                existed = Index::exists(&mmap).map_err(tantivy::TantivyError::from)?;
                let another = || {
                    tantivy::TantivyError::SchemaError(format!(
                        "the index was written with another schema (not BM25 format {BM25_FORMAT}, {} analysis)",
                        analysis.name()
                    ))
                };
                let index = match Index::open_or_create(mmap, schema.clone()) {
                    Err(tantivy::TantivyError::SchemaError(_)) => return Err(another().into()),
                    other => other?,
                };
                if index.schema() != schema {
                    return Err(another().into());
                }
                if existed {
                    let started = std::time::Instant::now();
                    verify_files(&index)?;
                    tracing::debug!("BM25 file checksums verified in {:?}", started.elapsed());
                }
                index
            }
        };
        index.tokenizers().register(
            &analyzer_name(analysis),
            TextAnalyzer::from(PreAnalysed::default()),
        );
        index.tokenizers().register(
            PAIRS,
            TextAnalyzer::builder(WhitespaceTokenizer::default()).build(),
        );
        let writer = index.writer_with_num_threads(1, 30_000_000)?;
        let reader: IndexReader = index
            .reader_builder()
            .reload_policy(ReloadPolicy::Manual)
            .try_into()?;
        if existed {
            let started = std::time::Instant::now();
            verify_counts(&reader.searcher(), fields.body)?;
            tracing::debug!("BM25 document counts verified in {:?}", started.elapsed());
        }
        Ok(Self {
            index,
            writer,
            reader,
            fields,
            analysis,
            bulk_load: false,
        })
    }

    /// The payload of the last commit (lexls stores a fingerprint of the indexed files).
    pub fn payload(&self) -> Option<String> {
        self.index.load_metas().ok()?.payload
    }

    /// Removes every chunk of the document `rel_path`.
    pub fn delete_document(&mut self, rel_path: &str) {
        self.writer
            .delete_term(Term::from_field_text(self.fields.path, rel_path));
    }

    /// Removes everything, and starts a rewrite of the whole index: until the next
    /// [`Bm25::commit`], segments are not merged in the background; that commit merges them
    /// into one and waits.
    ///
    /// # Errors
    /// A tantivy error.
    pub fn clear(&mut self) -> Result<(), Bm25Error> {
        self.writer.delete_all_documents()?;
        self.writer.set_merge_policy(Box::new(NoMergePolicy));
        self.bulk_load = true;
        Ok(())
    }

    /// Adds chunks (a parent chunk is recorded as a section with passages when a chunk of
    /// its document among `chunks` names it as parent). Chunks are analysed in parallel
    /// (rayon), [`ADD_BATCH`] at a time, each text once: its tokens are written
    /// already analysed ([`pre_analysed`]) and its word pairs made from them.
    ///
    /// # Errors
    /// A tantivy error.
    pub fn add<'a>(
        &mut self,
        chunks: impl IntoIterator<Item = &'a Chunk>,
    ) -> Result<(), Bm25Error> {
        let chunks: Vec<&Chunk> = chunks.into_iter().collect();
        let parents: HashSet<(&str, usize)> = chunks
            .iter()
            .filter_map(|c| Some((c.rel_path(), c.parent?)))
            .collect();
        let (fields, analysis) = (self.fields, self.analysis);
        for batch in chunks.chunks(ADD_BATCH) {
            let docs: Vec<TantivyDocument> = batch
                .par_iter()
                .map(|c| {
                    let kind = if c.parent.is_some() {
                        ChunkKind::Passage
                    } else if parents.contains(&(c.rel_path(), c.ordinal())) {
                        ChunkKind::Section
                    } else {
                        ChunkKind::Whole
                    };
                    document(fields, analysis, c, kind)
                })
                .collect();
            for doc in docs {
                self.writer.add_document(doc)?;
            }
        }
        Ok(())
    }

    /// Commits with a payload and makes the changes visible to new searchers.
    ///
    /// # Errors
    /// A tantivy error.
    pub fn commit(&mut self, payload: &str) -> Result<(), Bm25Error> {
        let mut prepared = self.writer.prepare_commit()?;
        prepared.set_payload(payload);
        prepared.commit()?;
        if std::mem::take(&mut self.bulk_load) {
            self.merge_all();
        }
        self.reader.reload()?;
        Ok(())
    }

    /// Merges every segment into one, waits for it, and turns background merges back on.
    ///
    /// A rewrite of the whole index (the first index of a workspace) leaves a segment per
    /// writer budget (nine for the D.C. Code). Merged in the background, the searcher the
    /// engine publishes keeps the old segments open while the merge maps them again: the
    /// server held about 30 MB more of mapped files after a first index than after a
    /// restart. Merged here, before the searcher is taken, the index a restart and a first
    /// index open is the same single segment. A merge that fails (a segment already in a
    /// merge, a full disk) is logged and leaves the segments as they are: the index is whole
    /// either way.
    fn merge_all(&mut self) {
        match self.index.searchable_segment_ids() {
            Ok(segments) if segments.len() > 1 => {
                let started = std::time::Instant::now();
                match self.writer.merge(&segments).wait() {
                    Ok(_) => tracing::debug!(
                        "BM25: {} segments merged into one in {:.2?}",
                        segments.len(),
                        started.elapsed()
                    ),
                    Err(e) => tracing::warn!("BM25: segments left unmerged: {e}"),
                }
            }
            Ok(_) => {}
            Err(e) => tracing::warn!("BM25: segments left unmerged: {e}"),
        }
        self.writer
            .set_merge_policy(Box::<DefaultMergePolicy>::default());
    }

    /// A point-in-time searcher with the default scoring constants.
    pub fn searcher(&self) -> Bm25Searcher {
        Bm25Searcher {
            searcher: self.reader.searcher(),
            fields: self.fields,
            analysis: self.analysis,
            params: Bm25Params::default(),
        }
    }
}

/// Checks every file of every segment `meta.json` lists against its CRC32 footer.
///
/// # Errors
/// [`Bm25Error::Damaged`] naming the first file that fails or cannot be read.
pub fn verify_files(index: &Index) -> Result<(), Bm25Error> {
    let metas = index.load_metas()?;
    let directory = index.directory();
    let mut files: Vec<_> = metas.list_segment_files().into_iter().collect();
    files.sort();
    for file in files {
        if !directory.exists(&file).unwrap_or(false) {
            continue; // a component this segment does not have; a missing needed one fails at read
        }
        match directory.validate_checksum(&file) {
            Ok(true) => {}
            Ok(false) => {
                return Err(Bm25Error::Damaged(format!(
                    "{} fails its checksum",
                    file.display()
                )));
            }
            Err(e) => return Err(Bm25Error::Damaged(format!("{}: {e}", file.display()))),
        }
    }
    Ok(())
}

/// Checks that each segment's document count in `meta.json` agrees with its own files
/// (the field norms hold one byte per document; deletes must lie within them).
///
/// # Errors
/// [`Bm25Error::Damaged`] naming the segment that disagrees.
pub fn verify_counts(searcher: &Searcher, field: Field) -> Result<(), Bm25Error> {
    let metas = searcher.index().searchable_segment_metas()?;
    for segment in searcher.segment_readers() {
        let norms = segment.get_fieldnorms_reader(field)?;
        let deleted_in_meta = metas
            .iter()
            .find(|m| m.id() == segment.segment_id())
            .map(tantivy::SegmentMeta::num_deleted_docs);
        let bitset_len = segment
            .alive_bitset()
            .map(|a| a.bitset().max_value() as usize);
        if norms.num_docs() != segment.max_doc()
            || deleted_in_meta != Some(segment.num_deleted_docs())
            || bitset_len.is_some_and(|len| len < segment.max_doc() as usize)
        {
            return Err(Bm25Error::Damaged(format!(
                "segment {} has {} documents in meta.json, {} in its files",
                segment.segment_id().short_uuid_string(),
                segment.max_doc(),
                norms.num_docs()
            )));
        }
    }
    Ok(())
}

/// A read-only, point-in-time view of the BM25 index, with the scoring constants its
/// searches use.
#[derive(Clone)]
pub struct Bm25Searcher {
    searcher: Searcher,
    fields: Fields,
    analysis: Analysis,
    /// The scoring constants of [`Self::search`].
    pub params: Bm25Params,
}

impl std::fmt::Debug for Bm25Searcher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Bm25Searcher")
            .field("docs", &self.searcher.num_docs())
            .field("analysis", &self.analysis)
            .field("params", &self.params)
            .finish()
    }
}

impl Bm25Searcher {
    /// The same view scoring with `params`.
    #[must_use]
    pub fn with_params(mut self, params: Bm25Params) -> Self {
        self.params = params;
        self
    }

    /// The analysis the index was written with.
    pub fn analysis(&self) -> Analysis {
        self.analysis
    }

    /// The analysed terms of `text` (the index's analysis: stop words removed, stemmed).
    pub fn terms(&self, text: &str) -> Vec<String> {
        self.analysis.terms(text)
    }

    /// The analysed query of `text` ([`query::build`]): its terms without question words
    /// and its word pairs, a verbose query reduced to its rarest.
    pub fn query(&self, text: &str) -> query::Bm25Query {
        let n = self.searcher.num_docs();
        let idf = |df: u64| (df > 0).then(|| super::scoring::idf(n, df));
        query::build(
            &self.analysis.terms(text),
            &self.analysis.words(text),
            query::QuestionWords::of(self.analysis),
            |t| idf(self.doc_freq(t)),
            |t| idf(self.doc_freq_in(self.fields.bigrams, t)),
        )
    }

    /// The `limit` best sections for `query`, best first, each as its best chunk `(chunk
    /// id, the section's score)` ([`Self::query`], scored by [`Self::search_weighted`]).
    /// An empty list for a query without indexable terms.
    pub fn search(&self, query: &str, limit: usize) -> Vec<(String, f32)> {
        let analysed = self.query(query);
        let terms: Vec<(String, f32)> = analysed.terms.into_iter().map(|t| (t, 1.0)).collect();
        self.search_weighted(&terms, &analysed.bigrams, limit)
    }

    /// [`Self::search`] with a weight per analysed term (1 = as in a plain query; used by
    /// pseudo-relevance feedback, [`super::prf`]) and the word pairs at
    /// [`query::BIGRAM_BOOST`], scored with [`Self::params`] ([`super::scoring`]).
    pub fn search_weighted(
        &self,
        terms: &[(String, f32)],
        bigrams: &[String],
        limit: usize,
    ) -> Vec<(String, f32)> {
        let scored = score_sections(
            &self.searcher,
            &self.fields.scored(),
            terms,
            bigrams,
            &self.params,
            limit,
        );
        scored
            .into_iter()
            .filter_map(|c| {
                let doc: TantivyDocument = self
                    .searcher
                    .doc(DocAddress::new(c.segment, c.doc))
                    .map_err(|e| {
                        tracing::error!(
                            "BM25 index: cannot read a chunk ({e}); run `lexls index --rebuild`"
                        );
                    })
                    .ok()?;
                let id = doc.get_first(self.fields.id)?.as_str()?.to_string();
                Some((id, c.score))
            })
            .collect()
    }

    /// Inverse document frequency of an analysed term, BM25's
    /// `ln(1 + (N - df + 0.5) / (df + 0.5))` over chunks (df: chunks holding it in their
    /// context or body, whichever more).
    pub fn idf(&self, term: &str) -> f32 {
        super::scoring::idf(self.searcher.num_docs(), self.doc_freq(term))
    }

    /// Chunks holding the analysed `term` in their context or body (the larger count).
    fn doc_freq(&self, term: &str) -> u64 {
        self.doc_freq_in(self.fields.body, term)
            .max(self.doc_freq_in(self.fields.context, term))
    }

    /// Number of chunks whose `field` holds the analysed `term` (0 when unreadable).
    fn doc_freq_in(&self, field: Field, term: &str) -> u64 {
        self.searcher
            .doc_freq(&Term::from_field_text(field, term))
            .unwrap_or(0)
    }

    /// Number of indexed chunks.
    pub fn num_chunks(&self) -> u64 {
        self.searcher.num_docs()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::chunk::chunk_document;
    use lexls_syntax::test_support::example;

    /// The commit that ends a rewrite of the whole index (what a first index of a workspace
    /// is) merges its segments into one, as a restart finds it; the index answers as before,
    /// and edits after it still apply. A rewrite spills into several segments only past the
    /// writer's 30 MB budget, too large for a unit test: here the segments come from a commit
    /// per document, and the rewrite is the state [`Bm25::clear`] leaves.
    #[test]
    fn the_commit_ending_a_rewrite_merges_the_segments_into_one() {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut bm25 = Bm25::open(Some(dir.path())).expect("index");
        let rels = [
            "statute/nyc-admin-code-20-870.md",
            "statute/nyc-admin-code-20-871.md",
            "statute/nyc-admin-code-20-872.md",
        ];
        bm25.clear().expect("clear");
        assert!(bm25.bulk_load, "clear starts a rewrite");
        bm25.bulk_load = false;
        for rel in rels {
            let doc = std::sync::Arc::new(example(rel));
            bm25.add(&chunk_document(&doc)).expect("add");
            bm25.commit("one at a time").expect("commit");
        }
        let segments = |b: &Bm25| b.index.searchable_segment_ids().expect("segments").len();
        assert_eq!(
            segments(&bm25),
            3,
            "a commit per document makes a segment each"
        );
        let question = "How many business days before use must a candidate be notified?";
        let top = |b: &Bm25| b.searcher().search(question, 1)[0].0.clone();
        let before = top(&bm25);

        bm25.bulk_load = true;
        bm25.commit("rewritten").expect("commit");
        assert_eq!(segments(&bm25), 1);
        assert_eq!(top(&bm25), before);
        assert_eq!(bm25.payload().as_deref(), Some("rewritten"));

        assert!(before.starts_with(rels[1]), "{before}");
        bm25.delete_document(rels[1]);
        bm25.commit("edited").expect("commit");
        assert!(
            !top(&bm25).starts_with(rels[1]),
            "a deletion after the merge applies"
        );
    }

    #[test]
    fn finds_the_notice_subdivision_for_a_notice_question() {
        let mut bm25 = Bm25::open(None).expect("ram index");
        for rel in [
            "statute/nyc-admin-code-20-870.md",
            "statute/nyc-admin-code-20-871.md",
            "statute/nyc-admin-code-20-872.md",
        ] {
            bm25.add(&chunk_document(&std::sync::Arc::new(example(rel))))
                .expect("add");
        }
        bm25.commit("test").expect("commit");
        let s = bm25.searcher();
        let hits = s.search(
            "How many business days before use must a candidate be notified?",
            5,
        );
        assert!(!hits.is_empty());
        assert!(
            hits[0].0.starts_with("statute/nyc-admin-code-20-871.md"),
            "{hits:?}"
        );
        assert!(
            s.search("\"(\" AND OR", 5).is_empty(),
            "punctuation and stop words"
        );
        assert_eq!(bm25.payload().as_deref(), Some("test"));
        bm25.delete_document("statute/nyc-admin-code-20-871.md");
        bm25.commit("after delete").expect("commit");
        let hits = bm25.searcher().search("business days notified", 5);
        assert!(hits.iter().all(|(id, _)| !id.contains("20-871")));
    }

    /// A RAM index of the NYC example's statute and rules (`examples/nyc-ll144`).
    fn nyc(analysis: Analysis) -> Bm25 {
        let mut bm25 = Bm25::open_with(None, analysis).expect("ram index");
        for rel in [
            "statute/nyc-admin-code-20-870.md",
            "statute/nyc-admin-code-20-871.md",
            "statute/nyc-admin-code-20-872.md",
            "statute/nyc-admin-code-20-873.md",
            "statute/nyc-admin-code-20-874.md",
            "rules/6-rcny-5-300.md",
            "rules/6-rcny-5-301.md",
            "rules/6-rcny-5-303.md",
            "rules/6-rcny-5-304.md",
        ] {
            bm25.add(&chunk_document(&std::sync::Arc::new(example(rel))))
                .expect("add");
        }
        bm25.commit("test").expect("commit");
        bm25
    }

    #[test]
    fn a_section_sign_and_the_word_section_find_the_same_section() {
        let s = nyc(Analysis::Legal).searcher();
        let by_sign = s.search("What does § 20-873 say?", 3);
        let by_word = s.search("What does section 20-873 say?", 3);
        assert!(
            by_sign[0].0.starts_with("statute/nyc-admin-code-20-873.md"),
            "{by_sign:?}"
        );
        assert_eq!(by_sign[0].0, by_word[0].0);
        assert!(
            (by_sign[0].1 - by_word[0].1).abs() < 1e-4,
            "{by_sign:?} / {by_word:?}"
        );
    }

    #[test]
    fn one_hit_per_section_at_the_granularity_asked() {
        let bm25 = nyc(Analysis::Legal);
        let question = "Where must the summary of the results of the bias audit be published?";
        let best = bm25.searcher().search(question, 20);
        let sections: HashSet<&str> = best.iter().map(|(id, _)| id.as_str()).collect();
        assert_eq!(sections.len(), best.len());
        // Whole sections only: every hit is a section's parent chunk (ordinal 0 of a file
        // whose sections start it, or a chunk without a parent).
        let whole = bm25.searcher().with_params(Bm25Params {
            granularity: Granularity::Section,
            ..Bm25Params::default()
        });
        for (id, _) in whole.search(question, 20) {
            let (rel, n) = id.rsplit_once('#').expect("chunk id");
            let doc = std::sync::Arc::new(example(rel));
            let chunk = &chunk_document(&doc)[n.parse::<usize>().expect("ordinal")];
            assert_eq!(chunk.parent, None, "{id} is a passage");
        }
        // Passages only: the notice rule and § 20-871 are found in their subdivisions b
        // (a subdivision, or a section that has none, is a passage; a section with
        // subdivisions is not).
        let passages = bm25.searcher().with_params(Bm25Params {
            granularity: Granularity::Passage,
            ..Bm25Params::default()
        });
        let hits = passages.search("notice to candidates ten business days", 3);
        assert!(hits[0].0.starts_with("rules/6-rcny-5-304.md#"), "{hits:?}");
        assert!(
            hits[1].0.starts_with("statute/nyc-admin-code-20-871.md#"),
            "{hits:?}"
        );
        for (id, _) in &hits {
            let (rel, n) = id.rsplit_once('#').expect("chunk id");
            let n: usize = n.parse().expect("ordinal");
            let chunks = chunk_document(&std::sync::Arc::new(example(rel)));
            let has_passages = chunks.iter().any(|c| c.parent == Some(n));
            assert!(
                chunks[n].parent.is_some() || !has_passages,
                "{id} is a whole section"
            );
        }
    }

    #[test]
    fn bm25f_weighs_the_heading_and_proximity_the_nearness_of_terms() {
        let bm25 = nyc(Analysis::Legal);
        let question = "penalties";
        let score_of = |params: Bm25Params, prefix: &str| -> f32 {
            bm25.searcher()
                .with_params(params)
                .search(question, 20)
                .into_iter()
                .find(|(id, _)| id.starts_with(prefix))
                .map_or(0.0, |(_, s)| s)
        };
        // § 20-872 is headed "Penalties"; § 20-871 is not.
        let one = Bm25Params::default();
        let fields = Bm25Params {
            context_weight: Some(4.0),
            ..one
        };
        let heading = "statute/nyc-admin-code-20-872.md";
        assert!(score_of(fields, heading) > score_of(one, heading));
        let top = bm25.searcher().with_params(fields).search(question, 1);
        assert!(top[0].0.starts_with(heading), "{top:?}");
        // "civil penalty": adjacent in § 20-872(a) and (d), so proximity adds to it.
        let near = Bm25Params {
            proximity: true,
            ..one
        };
        let q = "civil penalty violation";
        let plain = bm25.searcher().search(q, 5);
        let prox = bm25.searcher().with_params(near).search(q, 5);
        assert_eq!(plain[0].0, prox[0].0);
        assert!(prox[0].1 > plain[0].1, "{plain:?} / {prox:?}");
    }

    #[test]
    fn an_index_of_another_analysis_is_refused_not_misread() {
        let dir = tempfile::tempdir().expect("tempdir");
        {
            let mut bm25 = Bm25::open_with(Some(dir.path()), Analysis::Plain).expect("disk");
            bm25.add(&chunk_document(&std::sync::Arc::new(example(
                "statute/nyc-admin-code-20-871.md",
            ))))
            .expect("add");
            bm25.commit("plain").expect("commit");
        }
        let err = Bm25::open_with(Some(dir.path()), Analysis::Legal).expect_err("another schema");
        assert!(err.to_string().contains("another schema"), "{err}");
        assert!(Bm25::open_with(Some(dir.path()), Analysis::Plain).is_ok());
    }

    /// An index of three NYC sections written to `dir`, closed.
    fn written(dir: &Path) {
        let mut bm25 = Bm25::open(Some(dir)).expect("disk index");
        for rel in [
            "statute/nyc-admin-code-20-870.md",
            "statute/nyc-admin-code-20-871.md",
        ] {
            bm25.add(&chunk_document(&std::sync::Arc::new(example(rel))))
                .expect("add");
        }
        bm25.commit("fingerprint").expect("commit");
    }

    #[test]
    fn a_disk_index_reopens_and_damage_is_refused_not_used() {
        let dir = tempfile::tempdir().expect("tempdir");
        written(dir.path());
        let reopened = Bm25::open(Some(dir.path())).expect("an intact index opens");
        assert_eq!(reopened.payload().as_deref(), Some("fingerprint"));
        drop(reopened);

        // A document count in meta.json that its segment's files disagree with.
        let meta = dir.path().join("meta.json");
        let text = std::fs::read_to_string(&meta).expect("meta.json");
        let max_doc = regex::Regex::new(r#""max_doc": (\d+)"#).expect("regex");
        let n: u32 = max_doc.captures(&text).expect("max_doc")[1]
            .parse()
            .expect("number");
        let bumped = max_doc.replace(&text, format!("\"max_doc\": {}", n + 2).as_str());
        std::fs::write(&meta, bumped.as_bytes()).expect("write");
        let err = Bm25::open(Some(dir.path())).expect_err("wrong count");
        assert!(matches!(err, Bm25Error::Damaged(_)), "{err}");
        std::fs::write(&meta, &text).expect("restore");

        // One byte of the term dictionary flipped.
        let term = std::fs::read_dir(dir.path())
            .expect("list")
            .filter_map(Result::ok)
            .map(|e| e.path())
            .find(|p| p.extension().is_some_and(|e| e == "term"))
            .expect("a .term file");
        let mut bytes = std::fs::read(&term).expect("read");
        bytes[3] ^= 0x41;
        std::fs::write(&term, &bytes).expect("write");
        let err = Bm25::open(Some(dir.path())).expect_err("damaged file");
        assert!(matches!(err, Bm25Error::Damaged(_)), "{err}");
        assert!(err.to_string().contains(".term"), "{err}");
    }
}
