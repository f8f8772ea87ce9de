//! The reverse index of resolution: from each key a resolution read ([`super::lookups`]) to
//! the citations whose resolution read it. After an edit, the citations to resolve again are
//! those of the keys the edit changed.
//!
//! Compact for a large code (the D.C. Code has about 400,000 citations): keys sorted once,
//! each with the run of its citations in one array (compressed sparse rows), 8 bytes a
//! citation and 12 a key.

use rayon::prelude::*;

use super::DocId;

/// A citation of the workspace: its document and its index among the document's citations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CitationRef {
    /// The document ([`DocId`], as 32 bits).
    pub doc: u32,
    /// The index in [`lexls_syntax::model::Document::citations`].
    pub citation: u32,
}

impl CitationRef {
    /// The citation `citation` of document `doc`; `None` past 32 bits.
    pub fn new(doc: DocId, citation: usize) -> Option<Self> {
        Some(Self {
            doc: u32::try_from(doc).ok()?,
            citation: u32::try_from(citation).ok()?,
        })
    }

    /// The document.
    pub fn doc_id(self) -> DocId {
        self.doc as DocId
    }
}

/// The (key, citation) pairs of what citations' resolutions looked up.
pub type LookupPairs = Vec<(u64, CitationRef)>;

/// Key → citations that read it (see the module documentation).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Dependents {
    /// Sorted keys, each once.
    keys: Vec<u64>,
    /// `starts[i]..starts[i + 1]` is the run of `keys[i]` in `citations`.
    starts: Vec<u32>,
    /// The citations, by key, each run sorted.
    citations: Vec<CitationRef>,
}

impl Dependents {
    /// Builds the index of `(key, citation)` pairs (any order, repeats allowed).
    pub fn build(mut pairs: LookupPairs) -> Self {
        pairs.par_sort_unstable();
        pairs.dedup();
        Self::from_sorted(pairs.into_iter())
    }

    fn from_sorted(pairs: impl Iterator<Item = (u64, CitationRef)>) -> Self {
        let mut out = Self::default();
        for (key, cite) in pairs {
            if out.keys.last() != Some(&key) {
                out.keys.push(key);
                out.starts.push(out.citations.len() as u32);
            }
            out.citations.push(cite);
        }
        out.starts.push(out.citations.len() as u32);
        out.keys.shrink_to_fit();
        out.starts.shrink_to_fit();
        out.citations.shrink_to_fit();
        out
    }

    /// The citations that read `key`, sorted.
    pub fn of(&self, key: u64) -> &[CitationRef] {
        match self.keys.binary_search(&key) {
            Ok(i) => {
                let (a, b) = (self.starts[i] as usize, self.starts[i + 1] as usize);
                &self.citations[a..b]
            }
            Err(_) => &[],
        }
    }

    /// The index with the pairs of the citations `dropped` says are resolved again removed
    /// and `added` (their new look-ups; any order) put in. `dropped` is asked only for
    /// citations of documents `touched` marks (indexed by [`DocId`]).
    pub fn replaced(
        &self,
        touched: &[bool],
        dropped: impl Fn(CitationRef) -> bool,
        mut added: LookupPairs,
    ) -> Self {
        added.sort_unstable();
        added.dedup();
        let kept = self.keys.iter().enumerate().flat_map(|(i, &key)| {
            let (a, b) = (self.starts[i] as usize, self.starts[i + 1] as usize);
            self.citations[a..b]
                .iter()
                .filter(|c| {
                    !(touched.get(c.doc as usize).copied().unwrap_or(false) && dropped(**c))
                })
                .map(move |&c| (key, c))
        });
        Self::from_sorted(Merge {
            a: kept.peekable(),
            b: added.into_iter().peekable(),
        })
    }

    /// Number of (key, citation) pairs.
    pub fn len(&self) -> usize {
        self.citations.len()
    }

    /// Whether the index is empty.
    pub fn is_empty(&self) -> bool {
        self.citations.is_empty()
    }

    /// Bytes the index holds (its arrays' capacity).
    pub fn heap_bytes(&self) -> usize {
        self.keys.capacity() * 8 + self.starts.capacity() * 4 + self.citations.capacity() * 8
    }
}

/// Two sorted iterators merged, an item in both given once.
struct Merge<A: Iterator, B: Iterator> {
    a: std::iter::Peekable<A>,
    b: std::iter::Peekable<B>,
}

impl<T: Ord, A: Iterator<Item = T>, B: Iterator<Item = T>> Iterator for Merge<A, B> {
    type Item = T;

    fn next(&mut self) -> Option<T> {
        match (self.a.peek(), self.b.peek()) {
            (Some(x), Some(y)) => match x.cmp(y) {
                std::cmp::Ordering::Less => self.a.next(),
                std::cmp::Ordering::Greater => self.b.next(),
                std::cmp::Ordering::Equal => {
                    self.b.next();
                    self.a.next()
                }
            },
            (Some(_), None) => self.a.next(),
            (None, _) => self.b.next(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(doc: u32, citation: u32) -> CitationRef {
        CitationRef { doc, citation }
    }

    #[test]
    fn citations_are_found_by_key_and_replaced_per_citation() {
        let index = Dependents::build(vec![
            (7, c(0, 1)),
            (3, c(1, 0)),
            (7, c(2, 5)),
            (7, c(0, 1)),
            (9, c(1, 2)),
        ]);
        assert_eq!(index.of(7), [c(0, 1), c(2, 5)]);
        assert_eq!(index.of(3), [c(1, 0)]);
        assert!(index.of(4).is_empty());
        assert_eq!(index.len(), 4);
        // Citation 0 of document 1 resolved again reads key 9 now; document 2 is untouched.
        let touched = [false, true, false];
        let next = index.replaced(&touched, |r| r == c(1, 0), vec![(9, c(1, 0)), (1, c(1, 0))]);
        assert!(next.of(3).is_empty());
        assert_eq!(next.of(9), [c(1, 0), c(1, 2)]);
        assert_eq!(next.of(1), [c(1, 0)]);
        assert_eq!(next.of(7), [c(0, 1), c(2, 5)]);
    }
}
