//! What resolving a citation reads of the workspace, as keys: the record that lets a snapshot
//! resolve again only the citations an edit can change ([`super::dependents`]).
//!
//! Resolution ([`super::NamespaceIndex::resolve_document`]) reads the citing document, the
//! *phrase-level* state of the workspace (which namespaces exist, whether each is a code, the
//! code aliases documents define: what [`super::NamespaceIndex`] maps a code phrase to), the
//! section tables of namespaces, and the provisions and text of the documents the sections it
//! finds belong to. Every read of a section table is noted as a [`Lookup`]:
//!
//! | read | key |
//! |---|---|
//! | a section number in a namespace (found or not: a citation that did not resolve looks again when a section with its number appears); the document the section belongs to is walked down from it | [`Lookup::Section`] |
//! | which namespaces have a number (a bare number in text of no document, an inherited code that lacks it) | [`Lookup::Number`] |
//! | the numbers of a prefix in a namespace (`20-` of `20-871`: numbered alike, the range a likely typo falls in) | [`Lookup::Prefix`] |
//! | which code namespaces have numbers of a prefix | [`Lookup::AnyPrefix`] |
//! | whether a namespace has sections of a unit | [`Lookup::Unit`] |
//! | the shapes of number a namespace uses for a unit | [`Lookup::Shapes`] |
//! | the sections of a range (`§§ 1-201.01 to 1-201.09`) in the natural order of numbers | [`Lookup::Range`] |
//!
//! The phrase-level state is no key: an edit that changes it (a document's namespace, its
//! being a code, its code aliases) resolves the workspace again. Keys are hashed to 64 bits
//! (FxHash); two keys of one hash make an edit of one resolve the citations of both again,
//! never fewer.

use std::hash::{Hash, Hasher};

use lexls_syntax::model::Unit;

use super::{Chunk, natural_key};

/// One read of a namespace's section table during resolution (see the module documentation).
/// Numbers and prefixes are lower-cased, as the tables hold them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lookup<'a> {
    /// Section `number` of `unit` in `namespace`, whether it exists or not.
    Section {
        /// The namespace looked in.
        namespace: &'a str,
        /// The unit (section, article, …).
        unit: Unit,
        /// The lower-cased number.
        number: &'a str,
    },
    /// Which namespaces of the workspace have section `number` of `unit`.
    Number {
        /// The unit.
        unit: Unit,
        /// The lower-cased number.
        number: &'a str,
    },
    /// The sections of `unit` whose numbers start with `prefix` in `namespace` (whether
    /// there are any, the lowest and highest tail).
    Prefix {
        /// The namespace.
        namespace: &'a str,
        /// The unit.
        unit: Unit,
        /// The lower-cased prefix (`20-`).
        prefix: &'a str,
    },
    /// Which namespaces have sections of `unit` whose numbers start with `prefix`.
    AnyPrefix {
        /// The unit.
        unit: Unit,
        /// The lower-cased prefix.
        prefix: &'a str,
    },
    /// Whether `namespace` has sections of `unit`.
    Unit {
        /// The namespace.
        namespace: &'a str,
        /// The unit.
        unit: Unit,
    },
    /// Which shapes of number `namespace` uses for sections of `unit`
    /// ([`super::Namespace::numbers_like`]: a shape one section in a hundred has).
    Shapes {
        /// The namespace.
        namespace: &'a str,
        /// The unit.
        unit: Unit,
    },
    /// The sections of `unit` of `namespace` between two numbers in their natural order. `head`
    /// is the first chunk of both ends' natural keys when they share it (every section of the
    /// range then has it), `None` for a range across first chunks.
    Range {
        /// The namespace.
        namespace: &'a str,
        /// The unit.
        unit: Unit,
        /// The first chunk both ends share.
        head: Option<&'a Chunk>,
    },
}

impl Lookup<'_> {
    /// The 64-bit key of the look-up (FxHash of its parts).
    pub fn key(&self) -> u64 {
        let mut h = rustc_hash::FxHasher::default();
        match self {
            Self::Section {
                namespace,
                unit,
                number,
            } => (0u8, namespace, unit, number).hash(&mut h),
            Self::Number { unit, number } => (1u8, unit, number).hash(&mut h),
            Self::Prefix {
                namespace,
                unit,
                prefix,
            } => (2u8, namespace, unit, prefix).hash(&mut h),
            Self::AnyPrefix { unit, prefix } => (3u8, unit, prefix).hash(&mut h),
            Self::Unit { namespace, unit } => (4u8, namespace, unit).hash(&mut h),
            Self::Range {
                namespace,
                unit,
                head,
            } => (5u8, namespace, unit, head).hash(&mut h),
            Self::Shapes { namespace, unit } => (6u8, namespace, unit).hash(&mut h),
        }
        h.finish()
    }
}

/// The [`Lookup::Range`] keys a change of section `number` (lower-cased) of `unit` in
/// `namespace` concerns: ranges within its first chunk, and ranges across first chunks.
pub fn range_keys_of(namespace: &str, unit: Unit, number: &str) -> [u64; 2] {
    let key = natural_key(number);
    [
        Lookup::Range {
            namespace,
            unit,
            head: key.first(),
        }
        .key(),
        Lookup::Range {
            namespace,
            unit,
            head: None,
        }
        .key(),
    ]
}

/// The keys a resolution read, in the order it read them (repeats removed by the caller).
#[derive(Debug, Default)]
pub struct Lookups {
    keys: Vec<u64>,
}

impl Lookups {
    /// Notes a look-up.
    pub fn note(&mut self, lookup: Lookup<'_>) {
        self.keys.push(lookup.key());
    }

    /// Notes a key computed already ([`range_key`]).
    pub fn note_key(&mut self, key: u64) {
        self.keys.push(key);
    }

    /// The keys noted since `from` ([`Lookups::len`]), sorted, without repeats.
    pub fn drain_from(&mut self, from: usize) -> impl Iterator<Item = u64> + '_ {
        let tail = &mut self.keys[from..];
        tail.sort_unstable();
        let mut last = None;
        self.keys.drain(from..).filter(move |k| {
            let new = last != Some(*k);
            last = Some(*k);
            new
        })
    }

    /// Forgets every key noted.
    pub fn clear(&mut self) {
        self.keys.clear();
    }

    /// How many keys are noted.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether no key is noted.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_range_within_a_title_is_keyed_by_that_title_and_one_across_titles_by_none() {
        let range_key = |namespace, lo: &str, hi: &str| {
            let (lo, hi) = (natural_key(lo), natural_key(hi));
            Lookup::Range {
                namespace,
                unit: Unit::Section,
                head: lo.first().filter(|&first| hi.first() == Some(first)),
            }
            .key()
        };
        let within = range_key("D.C. Code", "1-201.01", "1-201.09");
        let [title_1, across] = range_keys_of("D.C. Code", Unit::Section, "1-201.05");
        assert_eq!(within, title_1);
        let wide = range_key("D.C. Code", "1-101", "2-101");
        assert_eq!(wide, across);
        let [title_2, _] = range_keys_of("D.C. Code", Unit::Section, "2-101");
        assert_ne!(title_2, within);
        assert_ne!(
            range_key("6 RCNY", "1-201.01", "1-201.09"),
            within,
            "another namespace"
        );
    }

    #[test]
    fn keys_repeat_once_per_citation() {
        let mut l = Lookups::default();
        let s = Lookup::Section {
            namespace: "X",
            unit: Unit::Section,
            number: "5",
        };
        l.note(s);
        let from = l.len();
        l.note(s);
        l.note(Lookup::Unit {
            namespace: "X",
            unit: Unit::Section,
        });
        l.note(s);
        let drained: Vec<u64> = l.drain_from(from).collect();
        assert_eq!(drained.len(), 2);
        assert!(drained.contains(&s.key()));
        assert_eq!(l.len(), 1);
    }
}
