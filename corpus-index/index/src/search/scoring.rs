//! BM25 scoring of chunks and sections over the index's postings: Okapi BM25 or BM25F over
//! two fields, a proximity term, and the passage granularity a section is scored at.
//!
//! Tantivy's own BM25 fixes k1 = 1.2 and b = 0.75 and scores fields separately; this scorer
//! reads the same postings and field norms term at a time, so that the constants are
//! settings of the query:
//!
//! - **BM25** (Robertson and Zaragoza, "The Probabilistic Relevance Framework: BM25 and
//!   Beyond", 2009): `Σ_t w_t · idf(t) · (k1 + 1) · tf / (tf + k1 · (1 − b + b · dl / avgdl))`
//!   with `idf(t) = ln(1 + (N − df + 0.5) / (df + 0.5))` over chunks, the context (ancestry
//!   and heading) and the body read as one text.
//! - **BM25F** (Robertson, Zaragoza and Taylor, "Simple BM25 extension to multiple weighted
//!   fields", CIKM 2004): each field's frequency normalised by its own length, weighted,
//!   summed, then saturated once: `tf~ = w_c · tf_c / B_c + tf_b / B_b`,
//!   `B_f = 1 − b + b · len_f / avglen_f`, score `Σ_t idf(t) · (k1 + 1) · tf~ / (k1 + tf~)`.
//! - **Proximity** (Büttcher, Clarke and Lushman, "Term proximity scoring for ad-hoc
//!   retrieval on very large text collections", SIGIR 2006): in the body of each of the best
//!   [`PROXIMITY_CANDIDATES`] chunks, every two neighbouring occurrences of different query
//!   terms `t`, `t'` at distance `d` add `idf(t') / d²` to `acc(t)` (and the reverse); the
//!   chunk gains `Σ_t min(1, idf(t)) · acc(t) · (k1 + 1) / (acc(t) + K)`,
//!   `K = k1 · (1 − b + b · dl / avgdl)`.
//! - The query's **word pairs** are scored as BM25 terms of the pair field, at
//!   [`super::query::BIGRAM_BOOST`].
//!
//! Sections are then scored from their chunks at a [`Granularity`].

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use tantivy::fieldnorm::FieldNormReader;
use tantivy::postings::Postings;
use tantivy::schema::{Field, IndexRecordOption};
use tantivy::{DocId, DocSet, Searcher, SegmentReader, TERMINATED, Term};

use super::query::BIGRAM_BOOST;

/// Chunks of the first ranking whose proximity is computed.
pub const PROXIMITY_CANDIDATES: usize = 100;

/// At which passages a section is scored. A section is indexed whole (its parent chunk)
/// and, when it has subdivisions or runs long, as passages (its top-level subsections or
/// windows of paragraphs); a section without either is one chunk at both levels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Granularity {
    /// The section's best chunk, whole section or passage.
    #[default]
    Best,
    /// The whole section only.
    Section,
    /// The section's best passage only.
    Passage,
    /// The mean of the whole section's score and its best passage's.
    Mean,
}

impl Granularity {
    /// Every granularity.
    pub const ALL: [Self; 4] = [Self::Best, Self::Section, Self::Passage, Self::Mean];

    /// The name in settings and reports (`best`, `section`, `passage`, `mean`).
    pub fn name(self) -> &'static str {
        match self {
            Self::Best => "best",
            Self::Section => "section",
            Self::Passage => "passage",
            Self::Mean => "mean",
        }
    }

    /// Whether a chunk of `level` takes part.
    fn admits(self, level: ChunkKind) -> bool {
        match self {
            Self::Best | Self::Mean => true,
            Self::Section => level != ChunkKind::Passage,
            Self::Passage => level != ChunkKind::Section,
        }
    }
}

/// What a chunk is of its section, as the index records it (a fast field).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChunkKind {
    /// A whole section that also has passages.
    Section = 0,
    /// A whole section that is its only chunk.
    Whole = 1,
    /// A passage of a section (a top-level subsection, a window).
    Passage = 2,
}

impl ChunkKind {
    /// From the fast field's value.
    pub fn from_code(code: u64) -> Self {
        match code {
            0 => Self::Section,
            2 => Self::Passage,
            _ => Self::Whole,
        }
    }
}

/// The constants of BM25 scoring, all read at query time.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Bm25Params {
    /// Term-frequency saturation k1 (Robertson and Zaragoza: 1.2 usual).
    pub k1: f32,
    /// Length normalisation b in `[0, 1]` (0.75 usual).
    pub b: f32,
    /// BM25F weight of the context field (ancestry and heading) against the body's 1;
    /// `None`: context and body read as one text (plain BM25).
    pub context_weight: Option<f32>,
    /// Büttcher et al.'s proximity term.
    pub proximity: bool,
    /// The passages a section is scored at.
    pub granularity: Granularity,
}

/// lexls's defaults (as `[retrieval]`'s): k1 1.6, b 0.75, one text, no proximity, a
/// section at its best chunk (chosen by cross-validation, `docs/measurements.md`).
impl Default for Bm25Params {
    fn default() -> Self {
        Self {
            k1: 1.6,
            b: 0.75,
            context_weight: None,
            proximity: false,
            granularity: Granularity::Best,
        }
    }
}

/// The fields the scorer reads.
#[derive(Debug, Clone, Copy)]
pub struct ScoredFields {
    /// Ancestry and heading (frequencies).
    pub context: Field,
    /// The passage (frequencies and positions).
    pub body: Field,
    /// Word pairs (frequencies).
    pub pairs: Field,
    /// Fast field: the section's key (equal for the chunks of one section).
    pub section: &'static str,
    /// Fast field: [`ChunkKind`] as a number.
    pub kind: &'static str,
}

/// A scored chunk: where it is in the index and its score.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ScoredChunk {
    /// Segment ordinal in the searcher.
    pub segment: u32,
    /// Document id in the segment.
    pub doc: DocId,
    /// The score (for a section, the section's).
    pub score: f32,
}

/// BM25's inverse document frequency `ln(1 + (N − df + 0.5) / (df + 0.5))`.
pub fn idf(n: u64, df: u64) -> f32 {
    let (n, df) = (n as f32, df.min(n) as f32);
    (1.0 + (n - df + 0.5) / (df + 0.5)).ln()
}

/// Per-segment readers and scratch space.
struct Segment<'a> {
    reader: &'a SegmentReader,
    context_norms: FieldNormReader,
    body_norms: FieldNormReader,
    pairs_norms: FieldNormReader,
    kinds: Option<tantivy::columnar::Column<u64>>,
    sections: Option<tantivy::columnar::Column<u64>>,
    score: Vec<f32>,
    mark: Vec<u32>,
    tf: Vec<(u32, u32)>,
    touched: Vec<DocId>,
}

impl Segment<'_> {
    fn alive(&self, doc: DocId) -> bool {
        self.reader.alive_bitset().is_none_or(|a| a.is_alive(doc))
    }

    fn kind(&self, doc: DocId) -> ChunkKind {
        self.kinds
            .as_ref()
            .and_then(|c| c.first(doc))
            .map_or(ChunkKind::Whole, ChunkKind::from_code)
    }

    fn section(&self, doc: DocId) -> u64 {
        self.sections
            .as_ref()
            .and_then(|c| c.first(doc))
            .unwrap_or(u64::from(doc) | (1 << 63))
    }
}

/// Average length of `field` over the searcher's documents.
fn average_length(searcher: &Searcher, field: Field) -> f32 {
    let (mut tokens, mut docs) = (0u64, 0u64);
    for s in searcher.segment_readers() {
        if let Ok(inv) = s.inverted_index(field) {
            tokens += inv.total_num_tokens();
        }
        docs += u64::from(s.max_doc());
    }
    if docs == 0 {
        1.0
    } else {
        (tokens as f32 / docs as f32).max(1e-3)
    }
}

/// Reads the postings of `term` in `field` of `segment` (frequencies), calling `each` with
/// each document and frequency.
fn for_postings(
    reader: &SegmentReader,
    field: Field,
    term: &str,
    mut each: impl FnMut(DocId, u32),
) {
    let Ok(inv) = reader.inverted_index(field) else {
        return;
    };
    let t = Term::from_field_text(field, term);
    let Ok(Some(mut postings)) = inv.read_postings(&t, IndexRecordOption::WithFreqs) else {
        return;
    };
    let mut doc = postings.doc();
    while doc != TERMINATED {
        each(doc, postings.term_freq());
        doc = postings.advance();
    }
}

/// Scores the sections of the index for weighted analysed `terms` and word `pairs` with
/// `params`, and returns the best `limit` sections, best first, each as its best chunk
/// (under the granularity) with the section's score. Chunks without a section key (an index
/// written before sections were recorded) are their own sections.
pub fn score_sections(
    searcher: &Searcher,
    fields: &ScoredFields,
    terms: &[(String, f32)],
    pairs: &[String],
    params: &Bm25Params,
    limit: usize,
) -> Vec<ScoredChunk> {
    if limit == 0 || (terms.is_empty() && pairs.is_empty()) {
        return Vec::new();
    }
    let n = searcher.num_docs();
    let (k1, b) = (params.k1.max(0.0), params.b.clamp(0.0, 1.0));
    let avg_context = average_length(searcher, fields.context);
    let avg_body = average_length(searcher, fields.body);
    let avg_pairs = average_length(searcher, fields.pairs);
    let mut segments: Vec<Segment<'_>> = searcher
        .segment_readers()
        .iter()
        .filter_map(|reader| {
            let max = reader.max_doc() as usize;
            Some(Segment {
                reader,
                context_norms: reader.get_fieldnorms_reader(fields.context).ok()?,
                body_norms: reader.get_fieldnorms_reader(fields.body).ok()?,
                pairs_norms: reader.get_fieldnorms_reader(fields.pairs).ok()?,
                kinds: reader.fast_fields().u64(fields.kind).ok(),
                sections: reader.fast_fields().u64(fields.section).ok(),
                score: vec![0.0; max],
                mark: vec![0; max],
                tf: vec![(0, 0); max],
                touched: Vec::new(),
            })
        })
        .collect();
    let granularity = params.granularity;
    let norm = |len: u32, avg: f32| 1.0 - b + b * len as f32 / avg;

    // Terms: frequencies in both fields gathered first (df is over chunks holding the term
    // in either), then scored.
    for (generation, (term, weight)) in terms.iter().enumerate() {
        let generation = generation as u32 + 1;
        let mut df = 0u64;
        for seg in &mut segments {
            seg.touched.clear();
            let (mark, tf, touched) = (&mut seg.mark, &mut seg.tf, &mut seg.touched);
            for (field, slot) in [(fields.context, 0), (fields.body, 1)] {
                for_postings(seg.reader, field, term, |doc, f| {
                    let d = doc as usize;
                    if d >= mark.len() {
                        return;
                    }
                    if mark[d] != generation {
                        mark[d] = generation;
                        tf[d] = (0, 0);
                        touched.push(doc);
                    }
                    if slot == 0 {
                        tf[d].0 = f;
                    } else {
                        tf[d].1 = f;
                    }
                });
            }
            let alive = seg.reader.alive_bitset();
            df += seg
                .touched
                .iter()
                .filter(|&&d| alive.is_none_or(|a| a.is_alive(d)))
                .count() as u64;
        }
        if df == 0 {
            continue;
        }
        let w = weight * idf(n, df) * (k1 + 1.0);
        for seg in &mut segments {
            let touched = std::mem::take(&mut seg.touched);
            for &doc in &touched {
                if !seg.alive(doc) || !granularity.admits(seg.kind(doc)) {
                    continue;
                }
                let (tf_c, tf_b) = seg.tf[doc as usize];
                let (len_c, len_b) = (
                    seg.context_norms.fieldnorm(doc),
                    seg.body_norms.fieldnorm(doc),
                );
                let tf = match params.context_weight {
                    None => (tf_c + tf_b) as f32 / norm(len_c + len_b, avg_context + avg_body),
                    Some(wc) => {
                        wc * tf_c as f32 / norm(len_c, avg_context)
                            + tf_b as f32 / norm(len_b, avg_body)
                    }
                };
                seg.score[doc as usize] += w * tf / (k1 + tf);
            }
            seg.touched = touched;
        }
    }

    // Word pairs: BM25 of the pair field.
    for pair in pairs {
        let mut postings: Vec<Vec<(DocId, u32)>> = Vec::with_capacity(segments.len());
        let mut df = 0u64;
        for seg in &segments {
            let mut list = Vec::new();
            for_postings(seg.reader, fields.pairs, pair, |doc, f| {
                if seg.alive(doc) {
                    list.push((doc, f));
                }
            });
            df += list.len() as u64;
            postings.push(list);
        }
        if df == 0 {
            continue;
        }
        let w = BIGRAM_BOOST * idf(n, df) * (k1 + 1.0);
        for (seg, list) in segments.iter_mut().zip(postings) {
            for (doc, f) in list {
                if (doc as usize) >= seg.score.len() || !granularity.admits(seg.kind(doc)) {
                    continue;
                }
                let tf = f as f32;
                let k = k1 * norm(seg.pairs_norms.fieldnorm(doc), avg_pairs);
                seg.score[doc as usize] += w * tf / (tf + k);
            }
        }
    }

    if params.proximity && terms.len() > 1 {
        add_proximity(searcher, fields, terms, params, avg_body, &mut segments);
    }
    sections_of(&segments, granularity, limit)
}

/// Adds Büttcher et al.'s proximity term to the best [`PROXIMITY_CANDIDATES`] chunks.
fn add_proximity(
    searcher: &Searcher,
    fields: &ScoredFields,
    terms: &[(String, f32)],
    params: &Bm25Params,
    avg_body: f32,
    segments: &mut [Segment<'_>],
) {
    let mut best: Vec<(f32, usize, DocId)> = segments
        .iter()
        .enumerate()
        .flat_map(|(s, seg)| {
            seg.score
                .iter()
                .enumerate()
                .filter(|(_, sc)| **sc > 0.0)
                .map(move |(d, sc)| (*sc, s, d as DocId))
        })
        .collect();
    best.sort_by(|a, b| b.0.total_cmp(&a.0));
    best.truncate(PROXIMITY_CANDIDATES);
    let mut by_segment: HashMap<usize, Vec<DocId>> = HashMap::new();
    for &(_, s, d) in &best {
        by_segment.entry(s).or_default().push(d);
    }
    let n = searcher.num_docs();
    let idfs: Vec<f32> = terms
        .iter()
        .map(|(t, _)| {
            let df: u64 = segments
                .iter()
                .filter_map(|seg| seg.reader.inverted_index(fields.body).ok())
                .filter_map(|inv| inv.doc_freq(&Term::from_field_text(fields.body, t)).ok())
                .map(u64::from)
                .sum();
            idf(n, df.max(1))
        })
        .collect();
    let (k1, b) = (params.k1.max(0.0), params.b.clamp(0.0, 1.0));
    for (s, mut docs) in by_segment {
        docs.sort_unstable();
        let seg = &mut segments[s];
        let Ok(inv) = seg.reader.inverted_index(fields.body) else {
            continue;
        };
        let mut occurrences: HashMap<DocId, Vec<(u32, usize)>> = HashMap::new();
        let mut buf = Vec::new();
        for (ti, (t, _)) in terms.iter().enumerate() {
            let term = Term::from_field_text(fields.body, t);
            let Ok(Some(mut postings)) =
                inv.read_postings(&term, IndexRecordOption::WithFreqsAndPositions)
            else {
                continue;
            };
            for &d in &docs {
                if postings.doc() == TERMINATED {
                    break;
                }
                if postings.doc() < d && postings.seek(d) == TERMINATED {
                    break;
                }
                if postings.doc() == d {
                    buf.clear();
                    postings.positions(&mut buf);
                    occurrences
                        .entry(d)
                        .or_default()
                        .extend(buf.iter().map(|&p| (p, ti)));
                }
            }
        }
        for (d, mut occ) in occurrences {
            occ.sort_unstable();
            let mut acc = vec![0.0f32; terms.len()];
            for w in occ.windows(2) {
                let ((p1, t1), (p2, t2)) = (w[0], w[1]);
                if t1 == t2 || p2 == p1 {
                    continue;
                }
                let dist = (p2 - p1) as f32;
                acc[t1] += idfs[t2] / (dist * dist);
                acc[t2] += idfs[t1] / (dist * dist);
            }
            let k = k1 * (1.0 - b + b * seg.body_norms.fieldnorm(d) as f32 / avg_body);
            let gain: f32 = acc
                .iter()
                .zip(terms)
                .zip(&idfs)
                .filter(|((a, _), _)| **a > 0.0)
                .map(|((a, (_, w)), i)| w * i.min(1.0) * a * (k1 + 1.0) / (a + k))
                .sum();
            seg.score[d as usize] += gain;
        }
    }
}

/// The best `limit` sections from the chunks' scores at `granularity`.
fn sections_of(
    segments: &[Segment<'_>],
    granularity: Granularity,
    limit: usize,
) -> Vec<ScoredChunk> {
    /// Per section: the best whole-section chunk and the best passage chunk.
    #[derive(Default)]
    struct Best {
        section: Option<ScoredChunk>,
        passage: Option<ScoredChunk>,
    }
    let keep = |slot: &mut Option<ScoredChunk>, c: ScoredChunk| {
        if slot.is_none_or(|s| c.score > s.score) {
            *slot = Some(c);
        }
    };
    let mut by_section: HashMap<u64, Best> = HashMap::new();
    for (s, seg) in segments.iter().enumerate() {
        for (d, &score) in seg.score.iter().enumerate() {
            if score <= 0.0 {
                continue;
            }
            let doc = d as DocId;
            let chunk = ScoredChunk {
                segment: s as u32,
                doc,
                score,
            };
            let entry = by_section.entry(seg.section(doc)).or_default();
            match seg.kind(doc) {
                ChunkKind::Section => keep(&mut entry.section, chunk),
                ChunkKind::Passage => keep(&mut entry.passage, chunk),
                ChunkKind::Whole => {
                    keep(&mut entry.section, chunk);
                    keep(&mut entry.passage, chunk);
                }
            }
        }
    }
    let mut out: Vec<ScoredChunk> = by_section
        .into_values()
        .filter_map(|best| match granularity {
            Granularity::Best | Granularity::Section | Granularity::Passage => {
                match (best.section, best.passage) {
                    (Some(a), Some(b)) => Some(if b.score > a.score { b } else { a }),
                    (a, b) => a.or(b),
                }
            }
            Granularity::Mean => {
                let s = best.section.map_or(0.0, |c| c.score);
                let p = best.passage.map_or(0.0, |c| c.score);
                let rep = best.passage.or(best.section)?;
                Some(ScoredChunk {
                    score: (s + p) / 2.0,
                    ..rep
                })
            }
        })
        .collect();
    out.sort_by(|a, b| {
        b.score
            .total_cmp(&a.score)
            .then(a.segment.cmp(&b.segment))
            .then(a.doc.cmp(&b.doc))
    });
    out.truncate(limit);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn idf_is_bm25s() {
        assert!((idf(100, 1) - (1.0f32 + 99.5 / 1.5).ln()).abs() < 1e-6);
        assert!(idf(100, 100) > 0.0, "never negative");
    }
}
