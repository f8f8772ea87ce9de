//! BM25 over chunks with tantivy (Okapi BM25, k1 = 1.2, b = 0.75, tantivy's defaults).
//!
//! Text is analysed with an English analyser: simple tokenizer, long-token removal, lower
//! case, English stop words, Snowball (Porter 2) stemming. A second field holds the
//! analysed text's adjacent word pairs ([`super::query::bigrams`]). Queries are built from
//! the same analyser ([`super::query`]: question words left out, word pairs added at
//! [`super::query::BIGRAM_BOOST`], verbose queries reduced) as a disjunction of term
//! queries, so user questions never fail to parse (`§`, quotes, `AND` and parentheses are
//! just text).
//!
//! An index opened from disk proves itself first ([`Bm25::open`]): every file of every
//! segment must pass its CRC32 footer checksum, and each segment's document count in
//! `meta.json` (which has no checksum) must agree with its own files. A failure is
//! [`Bm25Error::Damaged`]; the caller rebuilds the index.

use std::path::Path;
use std::sync::LazyLock;

use tantivy::collector::TopDocs;
use tantivy::directory::{Directory, MmapDirectory};
use tantivy::query::{BooleanQuery, BoostQuery, Occur, Query, TermQuery};
use tantivy::schema::{
    Field, IndexRecordOption, STORED, STRING, Schema, TextFieldIndexing, TextOptions, Value,
};
use tantivy::tokenizer::{
    Language, LowerCaser, RemoveLongFilter, SimpleTokenizer, Stemmer, StopWordFilter, TextAnalyzer,
    WhitespaceTokenizer,
};
use tantivy::{Index, IndexReader, IndexWriter, ReloadPolicy, Searcher, TantivyDocument, Term};

use super::chunk::Chunk;
use super::query::{self, BIGRAM_BOOST};

const ANALYZER: &str = "lexls_en";
/// The word-pair field is written already analysed: split on spaces only.
const PAIRS: &str = "lexls_pairs";

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
    /// Indexed text.
    pub text: Field,
    /// Adjacent pairs of the text's analysed words (`serious_incid`).
    pub bigrams: Field,
}

fn schema() -> (Schema, Fields) {
    let mut b = Schema::builder();
    let id = b.add_text_field("id", STRING | STORED);
    let path = b.add_text_field("path", STRING);
    let indexing = TextFieldIndexing::default()
        .set_tokenizer(ANALYZER)
        .set_index_option(IndexRecordOption::WithFreqsAndPositions);
    let text = b.add_text_field(
        "text",
        TextOptions::default().set_indexing_options(indexing),
    );
    let pairs = TextFieldIndexing::default()
        .set_tokenizer(PAIRS)
        .set_index_option(IndexRecordOption::WithFreqs);
    let bigrams = b.add_text_field(
        "bigrams",
        TextOptions::default().set_indexing_options(pairs),
    );
    (
        b.build(),
        Fields {
            id,
            path,
            text,
            bigrams,
        },
    )
}

/// The English analyser used for indexing and queries.
pub fn analyzer() -> TextAnalyzer {
    let builder = TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(40))
        .filter(LowerCaser);
    match StopWordFilter::new(Language::English) {
        Some(stop) => builder
            .filter(stop)
            .filter(Stemmer::new(Language::English))
            .build(),
        None => builder.filter(Stemmer::new(Language::English)).build(),
    }
}

/// [`analyzer`], built once (stop-word set and stemmer); [`analyse`] clones it.
static ANALYSER: LazyLock<TextAnalyzer> = LazyLock::new(analyzer);

/// The analysed terms of `text`, in order (what [`analyzer`] makes of it).
pub fn analyse(text: &str) -> Vec<String> {
    let mut analyzer = ANALYSER.clone();
    let mut stream = analyzer.token_stream(text);
    let mut out = Vec::new();
    while let Some(token) = stream.next() {
        out.push(token.text.clone());
    }
    out
}

/// A writable BM25 index.
pub struct Bm25 {
    index: Index,
    writer: IndexWriter,
    reader: IndexReader,
    fields: Fields,
}

impl std::fmt::Debug for Bm25 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Bm25").finish_non_exhaustive()
    }
}

impl Bm25 {
    /// Opens (or creates) the index in `dir`, or in memory when `dir` is `None`. An
    /// existing index is checked first ([`verify_files`], [`verify_counts`]).
    ///
    /// # Errors
    /// [`Bm25Error::Damaged`] when a file fails its checksum or disagrees with `meta.json`,
    /// another [`Bm25Error`] when the directory holds an unreadable or incompatible index or
    /// another process holds its writer lock.
    pub fn open(dir: Option<&Path>) -> Result<Self, Bm25Error> {
        let (schema, fields) = schema();
        let mut existed = false;
        let index = match dir {
            None => Index::create_in_ram(schema),
            Some(dir) => {
                std::fs::create_dir_all(dir).map_err(|e| {
                    tantivy::TantivyError::SystemError(format!("{}: {e}", dir.display()))
                })?;
                let mmap = MmapDirectory::open(dir)?;
                existed = Index::exists(&mmap).map_err(tantivy::TantivyError::from)?;
                let index = Index::open_or_create(mmap, schema.clone())?;
                if index.schema() != schema {
                    return Err(tantivy::TantivyError::SchemaError(
                        "the index was written with another schema".into(),
                    )
                    .into());
                }
                if existed {
                    let started = std::time::Instant::now();
                    verify_files(&index)?;
                    tracing::debug!("BM25 file checksums verified in {:?}", started.elapsed());
                }
                index
            }
        };
        index.tokenizers().register(ANALYZER, analyzer());
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
            verify_counts(&reader.searcher())?;
            tracing::debug!("BM25 document counts verified in {:?}", started.elapsed());
        }
        Ok(Self {
            index,
            writer,
            reader,
            fields,
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

    /// Removes everything.
    ///
    /// # Errors
    /// A tantivy error.
    pub fn clear(&mut self) -> Result<(), Bm25Error> {
        self.writer.delete_all_documents()?;
        Ok(())
    }

    /// Adds chunks.
    ///
    /// # Errors
    /// A tantivy error.
    pub fn add<'a>(
        &mut self,
        chunks: impl IntoIterator<Item = &'a Chunk>,
    ) -> Result<(), Bm25Error> {
        for c in chunks {
            let mut doc = TantivyDocument::default();
            doc.add_text(self.fields.id, c.id());
            doc.add_text(self.fields.path, c.rel_path());
            let text = c.text();
            doc.add_text(self.fields.text, &text);
            doc.add_text(
                self.fields.bigrams,
                query::bigrams(&analyse(&text)).join(" "),
            );
            self.writer.add_document(doc)?;
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
        self.reader.reload()?;
        Ok(())
    }

    /// A point-in-time searcher.
    pub fn searcher(&self) -> Bm25Searcher {
        Bm25Searcher {
            searcher: self.reader.searcher(),
            fields: self.fields,
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
pub fn verify_counts(searcher: &Searcher) -> Result<(), Bm25Error> {
    let (_, fields) = schema();
    let metas = searcher.index().searchable_segment_metas()?;
    for segment in searcher.segment_readers() {
        let norms = segment.get_fieldnorms_reader(fields.text)?;
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

/// A read-only, point-in-time view of the BM25 index.
#[derive(Clone)]
pub struct Bm25Searcher {
    searcher: Searcher,
    fields: Fields,
}

impl std::fmt::Debug for Bm25Searcher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Bm25Searcher")
            .field("docs", &self.searcher.num_docs())
            .finish()
    }
}

impl Bm25Searcher {
    /// The analysed terms of `text` (lower-cased, stop words removed, stemmed).
    pub fn terms(&self, text: &str) -> Vec<String> {
        analyse(text)
    }

    /// The analysed query of `text` ([`query::build`]): its terms without question words
    /// and its word pairs, a verbose query reduced to its rarest.
    pub fn query(&self, text: &str) -> query::Bm25Query {
        let n = self.searcher.num_docs();
        let idf = |field: Field, t: &str| {
            let df = self.doc_freq(field, t);
            (df > 0).then(|| bm25_idf(n, df))
        };
        query::build(
            &self.terms(text),
            &query::ENGLISH_QUESTION_WORDS,
            |t| idf(self.fields.text, t),
            |t| idf(self.fields.bigrams, t),
        )
    }

    /// The `limit` best chunks for `query` as `(chunk id, BM25 score)`, best first: the
    /// BM25 of its terms plus [`BIGRAM_BOOST`] times that of its word pairs ([`Self::query`]).
    /// An empty list for a query without indexable terms.
    pub fn search(&self, query: &str, limit: usize) -> Vec<(String, f32)> {
        let analysed = self.query(query);
        let terms: Vec<(String, f32)> = analysed.terms.into_iter().map(|t| (t, 1.0)).collect();
        self.search_weighted(&terms, &analysed.bigrams, limit)
    }

    /// [`Self::search`] with a weight per analysed term (1 = as in a plain query; used by
    /// pseudo-relevance feedback, [`super::prf`]) and the word pairs at [`BIGRAM_BOOST`].
    pub fn search_weighted(
        &self,
        terms: &[(String, f32)],
        bigrams: &[String],
        limit: usize,
    ) -> Vec<(String, f32)> {
        if (terms.is_empty() && bigrams.is_empty()) || limit == 0 {
            return Vec::new();
        }
        let term = |field: Field, t: &str| -> Box<dyn Query> {
            Box::new(TermQuery::new(
                Term::from_field_text(field, t),
                IndexRecordOption::WithFreqs,
            ))
        };
        let clauses: Vec<(Occur, Box<dyn Query>)> = terms
            .iter()
            .map(|(t, w)| {
                let q = term(self.fields.text, t);
                let q: Box<dyn Query> = if (w - 1.0).abs() < f32::EPSILON {
                    q
                } else {
                    Box::new(BoostQuery::new(q, *w))
                };
                (Occur::Should, q)
            })
            .chain(bigrams.iter().map(|t| {
                let boosted: Box<dyn Query> =
                    Box::new(BoostQuery::new(term(self.fields.bigrams, t), BIGRAM_BOOST));
                (Occur::Should, boosted)
            }))
            .collect();
        let query = BooleanQuery::new(clauses);
        let hits = match self
            .searcher
            .search(&query, &TopDocs::with_limit(limit).order_by_score())
        {
            Ok(hits) => hits,
            Err(e) => {
                tracing::error!("BM25 search failed ({e}); run `lexls index --rebuild`");
                return Vec::new();
            }
        };
        hits.into_iter()
            .filter_map(|(score, addr)| {
                let doc: TantivyDocument = self
                    .searcher
                    .doc(addr)
                    .map_err(|e| tracing::error!("BM25 index: cannot read a chunk ({e})"))
                    .ok()?;
                let id = doc.get_first(self.fields.id)?.as_str()?.to_string();
                Some((id, score))
            })
            .collect()
    }

    /// Inverse document frequency of an analysed term, BM25's
    /// `ln(1 + (N - df + 0.5) / (df + 0.5))` over chunks.
    pub fn idf(&self, term: &str) -> f32 {
        bm25_idf(
            self.searcher.num_docs(),
            self.doc_freq(self.fields.text, term),
        )
    }

    /// Number of chunks whose `field` holds the analysed `term` (0 when unreadable).
    fn doc_freq(&self, field: Field, term: &str) -> u64 {
        self.searcher
            .doc_freq(&Term::from_field_text(field, term))
            .unwrap_or(0)
    }

    /// Number of indexed chunks.
    pub fn num_chunks(&self) -> u64 {
        self.searcher.num_docs()
    }
}

/// BM25's inverse document frequency `ln(1 + (N - df + 0.5) / (df + 0.5))`.
fn bm25_idf(n: u64, df: u64) -> f32 {
    let (n, df) = (n as f32, df as f32);
    (1.0 + (n - df + 0.5) / (df + 0.5)).ln()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::chunk::chunk_document;
    use lexls_syntax::test_support::example;

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
        assert!(s.search("§ \"(\" AND OR", 5).is_empty());
        assert_eq!(bm25.payload().as_deref(), Some("test"));
        bm25.delete_document("statute/nyc-admin-code-20-871.md");
        bm25.commit("after delete").expect("commit");
        let hits = bm25.searcher().search("business days notified", 5);
        assert!(hits.iter().all(|(id, _)| !id.contains("20-871")));
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
