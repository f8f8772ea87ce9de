//! Resolving citations against the documents of a workspace.
//!
//! Every document belongs to a namespace (its code). A citation naming a code resolves in
//! that code; a bare one first in the citing document's own code, then in the one code of the
//! workspace that has the number; with several candidates it is ambiguous. A citation of a
//! code the workspace does not hold is *external*. Resolution walks down to the deepest
//! provision that exists and remembers what was asked for, so `§ 20-871(b)(4)`, where (b)
//! has three paragraphs, is reported with § 20-871(b)(3) as the closest provision.

pub mod context;
pub mod dependents;
pub mod lookups;
mod update;

use std::cmp::Ordering;
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};

use serde::Serialize;

use lexls_syntax::CompactString;
use lexls_syntax::citation::{Citation, CodeRef, Relative, ShortForm};
use lexls_syntax::citation::{codes, container};
use lexls_syntax::model::{Document, DocumentKind, ProvisionId, Unit};

use lookups::{Lookup, Lookups};
pub use update::IndexChange;

/// Index of a document in a snapshot.
pub type DocId = usize;

/// A provision of a document of the workspace.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct ProvisionRef {
    /// The document.
    pub doc: DocId,
    /// The provision in [`Document::provisions`].
    pub provision: ProvisionId,
}

/// The outcome of resolving one citation. One per citation of the workspace (about 400,000
/// in the D.C. Code), so kept small: names inline (up to 24 bytes) or boxed, the lists of
/// the rare missing subsection boxed; 56 bytes (`resolve::tests::a_resolution_takes_56_bytes`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "status", rename_all = "kebab-case")]
pub enum Resolution {
    /// The cited provision exists. For a range, `covered` lists every section or
    /// subsection the range spans (start and end included); for `§ 1-901 et seq.` where no
    /// § 1-901 exists, the run of sections numbered under it (`§ 1-901.01`, …).
    Resolved {
        /// The cited provision.
        target: ProvisionRef,
        /// The provision is a section whose subsections lexls could not read, so the
        /// requested subsection was not checked.
        unverified: bool,
        /// Every provision a range or run covers (empty for a single citation).
        covered: Vec<ProvisionRef>,
    },
    /// The section exists but a requested subsection does not (`§ 20-871(b)(4)`).
    MissingSubsection {
        /// The deepest provision that exists on the requested path.
        deepest: ProvisionRef,
        /// The labels that were not found, outermost first.
        missing: Box<[CompactString]>,
        /// Existing provisions closest to what was asked, best first.
        suggestions: Box<[ProvisionRef]>,
    },
    /// The code is in the workspace but the section is not.
    Unresolved {
        /// The code the citation was resolved in.
        namespace: Box<str>,
        /// The number lies among the sections the workspace has for that code (a likely
        /// typo) rather than in a part of the code the workspace lacks.
        in_range: bool,
        /// The section number looked for. The sections closest to it ("did you mean") are
        /// computed when shown ([`NamespaceIndex::nearest_to`]): a large code has thousands
        /// of unresolved citations in notes that nobody looks at.
        number: CompactString,
    },
    /// Several codes of the workspace have the cited number.
    Ambiguous {
        /// One provision per candidate code.
        candidates: Vec<ProvisionRef>,
    },
    /// A code the workspace does not hold.
    External {
        /// The code, when the text names it (inline up to 24 bytes: `Pub. L. 88-241`).
        code: Option<CompactString>,
    },
    /// A reference to a whole code (`this subchapter`, `Regulation (EU) 2016/679`) the
    /// workspace holds.
    Code {
        /// The namespace.
        namespace: CompactString,
    },
    /// A relative reference outside any provision, which has nothing to count from.
    Unanchored,
}

impl Resolution {
    /// The provision a reader should be taken to, if any.
    pub fn target(&self) -> Option<ProvisionRef> {
        match self {
            Self::Resolved { target, .. } => Some(*target),
            Self::MissingSubsection { deepest, .. } => Some(*deepest),
            _ => None,
        }
    }

    /// Every provision the resolution names: the target and what a range covers, the deepest
    /// provision and the closest ones of a missing subsection, the candidates of an ambiguous
    /// citation.
    pub fn provisions(&self) -> impl Iterator<Item = ProvisionRef> + '_ {
        let (one, many): (Option<ProvisionRef>, &[ProvisionRef]) = match self {
            Self::Resolved {
                target, covered, ..
            } => (Some(*target), covered),
            Self::MissingSubsection {
                deepest,
                suggestions,
                ..
            } => (Some(*deepest), suggestions),
            Self::Ambiguous { candidates } => (None, candidates),
            _ => (None, &[]),
        };
        one.into_iter().chain(many.iter().copied())
    }
}

/// One namespace of the workspace.
#[derive(Debug, Clone, Default)]
pub struct Namespace {
    /// Canonical name.
    pub name: String,
    /// Whether the name is a code lexls recognises or a document's own title.
    pub is_code: bool,
    /// Sections by unit and lower-cased number: the first in document order when several
    /// documents have the number.
    pub sections: BTreeMap<(Unit, CompactString), ProvisionRef>,
    /// The other sections of a number several have, in document order: the next one answers
    /// when an edit removes the first.
    pub shadowed: HashMap<(Unit, CompactString), Vec<ProvisionRef>>,
    /// Documents that belong to the namespace.
    pub docs: Vec<DocId>,
    /// The sections of [`Namespace::sections`] by unit and number prefix (`20-` of
    /// `20-871`, `40.` of `40.22`, empty for `6`), in the same order, each with the value
    /// of its number's tail: where a mistyped number's neighbours are looked for, without
    /// going through every section of a large code.
    pub by_prefix: HashMap<(Unit, CompactString), Vec<PrefixEntry>>,
    /// The same sections by unit and length of the number in characters, in the same
    /// order: the edit distance of two numbers is at least the difference of their lengths.
    pub by_length: HashMap<(Unit, usize), Vec<PrefixEntry>>,
    /// The sections of each unit in the natural order of their numbers ([`natural_key`]),
    /// with their keys: a range (`§§ 1-201.01 to 1-201.09`) is two binary searches, and the
    /// first and last sections (what a diagnostic says the workspace has, `§§ 1-101–51-111`)
    /// are at hand without sorting a large code again.
    pub ordered: HashMap<Unit, Vec<(Vec<Chunk>, ProvisionRef)>>,
    /// How many sections of each unit have each shape of number ([`number_shape`]: `-.`
    /// for `1-1001.03`, `` for `106`): a number of a shape the code does not use is not one
    /// of its sections ([`Namespace::numbers_like`]).
    pub shapes: HashMap<(Unit, CompactString), usize>,
}

impl Namespace {
    /// Fills the look-up tables of section numbers by length and by number prefix (the
    /// neighbours a "did you mean" offers) from `sections`.
    fn index_numbers(&mut self) {
        self.by_length.clear();
        self.by_prefix.clear();
        self.ordered.clear();
        self.shapes.clear();
        for ((unit, number), r) in &self.sections {
            self.ordered
                .entry(*unit)
                .or_default()
                .push((natural_key(number), *r));
        }
        for list in self.ordered.values_mut() {
            // Stable: numbers of the same key keep the order of `sections`.
            list.sort_by(|a, b| a.0.cmp(&b.0));
        }
        for ((unit, number), r) in &self.sections {
            *self
                .shapes
                .entry((*unit, number_shape(number)))
                .or_default() += 1;
            let entry = PrefixEntry {
                number: number.clone(),
                tail: tail_value(number),
                section: *r,
            };
            self.by_length
                .entry((*unit, number.chars().count()))
                .or_default()
                .push(entry.clone());
            self.by_prefix
                .entry((*unit, CompactString::from(number_prefix(number))))
                .or_default()
                .push(entry);
        }
    }
}

impl Namespace {
    /// Whether the code numbers sections of `unit` in the shape of `number`: at least one
    /// section in a hundred of that unit has it. A shape a few sections have by accident
    /// (one file of the D.C. Code's 23,900 read with a chapter's number, `6B`) does not
    /// make it the code's.
    pub fn numbers_like(&self, unit: Unit, number: &str) -> bool {
        let alike = self
            .shapes
            .get(&(unit, number_shape(number)))
            .copied()
            .unwrap_or(0);
        Self::shape_used(alike, self.sections_of(unit))
    }

    /// The shapes of number [`Self::numbers_like`] accepts for `unit`, sorted: what an edit
    /// must keep for no answer of it to change.
    pub fn shapes_used(&self, unit: Unit) -> Vec<CompactString> {
        let total = self.sections_of(unit);
        let mut used: Vec<CompactString> = self
            .shapes
            .iter()
            .filter(|((u, _), n)| *u == unit && Self::shape_used(**n, total))
            .map(|((_, shape), _)| shape.clone())
            .collect();
        used.sort();
        used
    }

    /// Sections of `unit` the shape counts hold.
    fn sections_of(&self, unit: Unit) -> usize {
        self.shapes
            .iter()
            .filter(|((u, _), _)| *u == unit)
            .map(|(_, n)| n)
            .sum()
    }

    /// Whether `alike` sections of `total` make a shape the code's (one in a hundred).
    fn shape_used(alike: usize, total: usize) -> bool {
        alike > 0 && alike * 100 >= total
    }
}

/// A section of a namespace among those of its number prefix ([`Namespace::by_prefix`]).
#[derive(Debug, Clone)]
pub struct PrefixEntry {
    /// The lower-cased number (`20-871`).
    pub number: CompactString,
    /// The value of its tail (`871`), if it starts with digits.
    pub tail: Option<u64>,
    /// The section.
    pub section: ProvisionRef,
}

/// The namespaces of a workspace, for resolving citations.
#[derive(Debug, Clone, Default)]
pub struct NamespaceIndex {
    /// Namespaces by name, each shared with the index an edit derives from this one until
    /// the edit changes its sections.
    spaces: HashMap<String, Arc<Namespace>>,
    /// (namespace of the defining documents, lower-cased alias) → code.
    aliases: HashMap<(String, String), String>,
    /// Per document ([`DocId`]) that is secondary (not a statute or rule of a code): the
    /// namespaces of the workspace other than its own that its citations name (`NYC Admin. Code § 20-870`,
    /// `6 RCNY § 5-300`), sorted: where its bare citations may resolve besides its own
    /// namespace. Empty for statutes and regulations, whose bare citations are their own.
    named: Vec<Vec<String>>,
    /// Per document: it is a secondary text (not a statute or rule of a code).
    secondary: Vec<bool>,
    /// The closest sections found for numbers a namespace lacks, by (namespace, unit, cited
    /// number): the same foreign number (`§ 10` of a session law in a code's notes) recurs
    /// thousands of times in a large code.
    nearest: Memo<(String, Unit, String), Vec<ProvisionRef>>,
    /// What code phrases name, by citing namespace and phrase, while the workspace is
    /// resolved whole ([`Self::forget_phrases`] after): most citations of a large code name
    /// a session law or an act (`Pub. L. 88-241`, `D.C. Law 2-95`), each several times,
    /// and telling that such a phrase names no code of the workspace was 15% of a restart.
    phrases: Memo<String, HashMap<String, Result<String, String>>>,
}

/// Where a bare citation (`§ 12`, `section 3`) may resolve.
#[derive(Debug, Clone, Copy)]
enum BareScope<'a> {
    /// In a document: its own namespace, then the codes it names itself; never a code of
    /// another jurisdiction that merely has the number.
    Document {
        /// The citing document's namespace.
        own: &'a str,
        /// The namespaces it names.
        named: &'a [String],
        /// A secondary text (policy, guidance, memo) rather than a statute or rule.
        secondary: bool,
    },
    /// Text of no document (a question): its namespace, then the one namespace of the
    /// workspace that has the number.
    Workspace {
        /// The namespace the text is read in (`""` for none).
        own: &'a str,
    },
}

impl BareScope<'_> {
    fn own(&self) -> &str {
        match self {
            Self::Document { own, .. } | Self::Workspace { own } => own,
        }
    }
}

/// Answers remembered by key, shared by the threads that resolve documents; a clone starts
/// empty (what it remembers holds for the index it belongs to).
struct Memo<K, V>(Mutex<HashMap<K, V>>);

impl<K, V> Default for Memo<K, V> {
    fn default() -> Self {
        Self(Mutex::new(HashMap::new()))
    }
}

impl<K, V> Clone for Memo<K, V> {
    fn clone(&self) -> Self {
        Self::default()
    }
}

impl<K, V> std::fmt::Debug for Memo<K, V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Memo")
    }
}

impl<K: std::hash::Hash + Eq + Clone, V: Clone> Memo<K, V> {
    /// Every answer remembered.
    fn entries(&self) -> Vec<(K, V)> {
        self.0
            .lock()
            .map(|memo| memo.iter().map(|(k, v)| (k.clone(), v.clone())).collect())
            .unwrap_or_default()
    }

    /// Remembers `value` for `key`.
    fn insert(&self, key: K, value: V) {
        if let Ok(mut memo) = self.0.lock() {
            memo.insert(key, value);
        }
    }
}

impl<K, V> Memo<K, V> {
    /// `f` of the remembered answers (`None` when the lock is poisoned).
    fn with<T>(&self, f: impl FnOnce(&mut HashMap<K, V>) -> T) -> Option<T> {
        self.0.lock().ok().map(|mut memo| f(&mut memo))
    }
}

impl<K: std::hash::Hash + Eq, V: Clone> Memo<K, V> {
    /// The answer for `key`, computed by `compute` the first time.
    fn get_or(&self, key: K, compute: impl FnOnce() -> V) -> V {
        if let Ok(memo) = self.0.lock()
            && let Some(found) = memo.get(&key)
        {
            return found.clone();
        }
        let value = compute();
        if let Ok(mut memo) = self.0.lock() {
            memo.insert(key, value.clone());
        }
        value
    }
}

impl NamespaceIndex {
    /// Builds the index of `docs` (indexed by [`DocId`]).
    pub fn build(docs: &[Arc<Document>]) -> Self {
        let mut index = Self::default();
        let mut spaces: HashMap<String, Namespace> = HashMap::new();
        for (doc_id, doc) in docs.iter().enumerate() {
            let space = spaces
                .entry(doc.namespace.clone())
                .or_insert_with(|| Namespace {
                    name: doc.namespace.clone(),
                    is_code: doc.namespace_is_code,
                    ..Namespace::default()
                });
            space.docs.push(doc_id);
            for section in doc.sections() {
                let p = &doc.provisions[section];
                let key = (p.unit, p.number.to_lowercase());
                let r = ProvisionRef {
                    doc: doc_id,
                    provision: section,
                };
                match space.sections.entry(key) {
                    std::collections::btree_map::Entry::Vacant(v) => {
                        v.insert(r);
                    }
                    // The first in document order answers; the others wait for it to go.
                    std::collections::btree_map::Entry::Occupied(o) => {
                        space.shadowed.entry(o.key().clone()).or_default().push(r);
                    }
                }
            }
            for (alias, code) in &doc.code_aliases {
                index.aliases.insert(
                    (doc.namespace.clone(), normalize_alias(alias)),
                    code.clone(),
                );
            }
        }
        for space in spaces.values_mut() {
            space.index_numbers();
        }
        index.spaces = spaces
            .into_iter()
            .map(|(name, space)| (name, Arc::new(space)))
            .collect();
        // A statute or rule cites its own sections bare (`section 5` is of the same title
        // or Act, as the drafting manuals write references); only a secondary text (a
        // policy, guidance, a notice, a decision) cites by number the codes it has named.
        let named: Vec<Vec<String>> = docs.iter().map(|doc| index.named_codes(doc)).collect();
        index.named = named;
        index.secondary = docs.iter().map(|d| is_secondary(d)).collect();
        index
    }

    /// The namespaces that have section `key`, sorted by name.
    fn namespaces_having(&self, key: &(Unit, CompactString)) -> Vec<&str> {
        let mut names: Vec<&str> = self
            .spaces
            .values()
            .filter(|s| s.sections.contains_key(key))
            .map(|s| s.name.as_str())
            .collect();
        names.sort_unstable();
        names
    }

    /// The namespaces of the workspace other than its own that a secondary document's
    /// citations name, sorted; empty for statutes and regulations.
    fn named_codes(&self, doc: &Document) -> Vec<String> {
        if !is_secondary(doc) {
            return Vec::new();
        }
        let mut names: Vec<String> = doc
            .citations
            .iter()
            .filter_map(|c| c.named_code())
            .filter_map(|phrase| self.code_for_phrase(&doc.namespace, phrase).ok())
            .filter(|ns| *ns != doc.namespace)
            .collect();
        names.sort();
        names.dedup();
        names
    }

    /// Whether `new` offers what `old` offered to citations of other documents but for its
    /// text (the same document edited): same namespace, kind, code aliases, table of contents
    /// and provision tree (unit, number, label style, heading, parent, depth, repeal). The
    /// section tables stay valid, and the diagnostics of citations of it (which name its
    /// provisions and say whether they are repealed) read the same; only citations whose
    /// walk down its provisions reads its text can resolve otherwise
    /// ([`Self::note_edit`]).
    pub fn same_targets(old: &Document, new: &Document) -> bool {
        old.rel_path == new.rel_path
            && old.namespace == new.namespace
            && old.namespace_is_code == new.namespace_is_code
            && old.kind == new.kind
            && old.code_aliases == new.code_aliases
            && old.contents == new.contents
            && old.provisions.len() == new.provisions.len()
            && old.provisions.iter().zip(&new.provisions).all(|(a, b)| {
                a.unit == b.unit
                    && a.number == b.number
                    && a.style == b.style
                    && a.heading == b.heading
                    && a.parent == b.parent
                    && a.depth == b.depth
                    && a.repealed == b.repealed
            })
    }

    /// The three sections of `space` closest to `number`, remembered per number.
    fn nearest(&self, space: &Namespace, unit: Unit, number: &str) -> Vec<ProvisionRef> {
        self.nearest
            .get_or((space.name.clone(), unit, number.to_string()), || {
                nearest_sections(space, unit, number, 3)
            })
    }

    /// The three sections of namespace `namespace` closest to `number` (of `unit`), best
    /// first: those of the same number prefix by the distance of their tails, then the others
    /// by edit distance. Remembered per number. Empty for an unknown namespace.
    pub fn nearest_to(&self, namespace: &str, unit: Unit, number: &str) -> Vec<ProvisionRef> {
        self.spaces
            .get(namespace)
            .map(|space| self.nearest(space, unit, number))
            .unwrap_or_default()
    }

    /// The namespace named `name`.
    pub fn get(&self, name: &str) -> Option<&Namespace> {
        self.spaces.get(name).map(|s| &**s)
    }

    /// All namespaces, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = &Namespace> {
        self.spaces.values().map(|s| &**s)
    }

    /// Resolves citation `cite` of document `doc_id`. A bare citation stays within the
    /// document's own namespace and the codes the document names (see [`Self::resolve_in`]
    /// for text of no document).
    pub fn resolve(&self, docs: &[Arc<Document>], doc_id: DocId, cite: &Citation) -> Resolution {
        self.resolve_noting(docs, doc_id, cite, &mut Lookups::default())
    }

    fn resolve_noting(
        &self,
        docs: &[Arc<Document>],
        doc_id: DocId,
        cite: &Citation,
        lk: &mut Lookups,
    ) -> Resolution {
        let own = docs.get(doc_id).map_or("", |d| d.namespace.as_str());
        let named = self.named.get(doc_id).map_or(&[][..], Vec::as_slice);
        let secondary = self.secondary.get(doc_id).copied().unwrap_or(false);
        self.resolve_scoped(
            docs,
            BareScope::Document {
                own,
                named,
                secondary,
            },
            cite,
            lk,
        )
    }

    /// Resolves every citation of document `doc_id`, reading each in its context (see
    /// [`context`]): a section of an act cited just before the act
    /// (`Sec. 202, Pub. L. 85–859`) or of an instrument named after it is of that act, an
    /// item of a list takes the code named once for the list, and a number a history note
    /// marks as former (`former section 671`, `renumbered section 671 … as this section`)
    /// is not read as the section that holds that number now.
    /// One resolution per citation, in order.
    pub fn resolve_document(&self, docs: &[Arc<Document>], doc_id: DocId) -> Vec<Resolution> {
        let mut lk = Lookups::default();
        let count = docs.get(doc_id).map_or(0, |d| d.citations.len());
        (0..count)
            .map(|i| {
                lk.clear();
                self.resolve_citation(docs, doc_id, i, &mut lk)
            })
            .collect()
    }

    /// [`Self::resolve_document`] with what each resolution read: one resolution per
    /// citation, in order, and the (key, citation) pairs of the reverse index
    /// ([`dependents::Dependents`]).
    pub fn resolve_document_noting(
        &self,
        docs: &[Arc<Document>],
        doc_id: DocId,
    ) -> (Vec<Resolution>, dependents::LookupPairs) {
        let mut lk = Lookups::default();
        let mut pairs = Vec::new();
        let count = docs.get(doc_id).map_or(0, |d| d.citations.len());
        let resolutions = (0..count)
            .map(|i| {
                let resolution = self.resolve_citation(docs, doc_id, i, &mut lk);
                if let Some(at) = dependents::CitationRef::new(doc_id, i) {
                    pairs.extend(lk.drain_from(0).map(|k| (k, at)));
                }
                resolution
            })
            .collect();
        (resolutions, pairs)
    }

    /// Resolves citation `i` of document `doc_id` in its context (see
    /// [`Self::resolve_document`]), noting in `lk` what it read. `Unanchored` past the
    /// document's citations.
    pub fn resolve_citation(
        &self,
        docs: &[Arc<Document>],
        doc_id: DocId,
        i: usize,
        lk: &mut Lookups,
    ) -> Resolution {
        let Some(doc) = docs.get(doc_id) else {
            return Resolution::Unanchored;
        };
        let Some(cite) = doc.citations.get(i) else {
            return Resolution::Unanchored;
        };
        match context::reading(doc, i) {
            context::Reading::OfAct(act) => Resolution::External {
                code: Some(act.into()),
            },
            context::Reading::Former => {
                match self.resolve_noting(docs, doc_id, cite, lk) {
                    // A number of the citing code before a renumbering: not the section
                    // that holds it now.
                    Resolution::Resolved { target, .. }
                    | Resolution::MissingSubsection {
                        deepest: target, ..
                    } => Resolution::External {
                        code: Some(
                            format!(
                                "{} as numbered before",
                                docs.get(target.doc).map_or("", |d| d.namespace.as_str())
                            )
                            .into(),
                        ),
                    },
                    // A former number no section holds now stays unresolved: checked
                    // when notes are (`in_notes`), it is a reference out of date.
                    other => other,
                }
            }
            context::Reading::InCodeOf(j) => {
                let mut item = cite.clone();
                if let Some(other) = doc.citations.get(j) {
                    item.code.clone_from(&other.code);
                    item.kind = other.kind;
                }
                self.resolve_noting(docs, doc_id, &item, lk)
            }
            context::Reading::InTitle(number) => {
                let mut in_title = cite.clone();
                in_title.section = Some(number.into());
                match self.resolve_noting(docs, doc_id, &in_title, lk) {
                    found
                    @ (Resolution::Resolved { .. } | Resolution::MissingSubsection { .. }) => found,
                    _ => self.resolve_noting(docs, doc_id, cite, lk),
                }
            }
            context::Reading::AsWritten => self.resolve_noting(docs, doc_id, cite, lk),
        }
    }

    /// Resolves `cite` as if written in a document of namespace `own` (`""` for text that
    /// belongs to no document, such as a question). A bare citation that `own` lacks
    /// resolves in the one namespace of the workspace that has its number.
    pub fn resolve_in(&self, docs: &[Arc<Document>], own: &str, cite: &Citation) -> Resolution {
        self.resolve_scoped(
            docs,
            BareScope::Workspace { own },
            cite,
            &mut Lookups::default(),
        )
    }

    fn resolve_scoped(
        &self,
        docs: &[Arc<Document>],
        scope: BareScope<'_>,
        cite: &Citation,
        lk: &mut Lookups,
    ) -> Resolution {
        let own = scope.own();
        // A C.F.R. part (`part 63 of this chapter`, `14 CFR part 25`) is a division of the
        // code, which holds its sections (`§ 63.1`), not a section numbered `63`.
        let part = cite.designator() == Some("Part");
        let Some(section) = cite.section.as_deref().filter(|_| !part) else {
            return self.resolve_code_reference(own, cite);
        };
        let key = (cite.unit, CompactString::from(section.to_lowercase()));
        // A bare `§ 40.31` that the extractor linked to the code of a preceding citation
        // (`26 U.S.C. 5731(b)`) still means the citing document's own section when it has one.
        let inherited_but_own =
            cite.short_form == Some(ShortForm::Inherited) && self.has_section(own, &key, lk);
        // An inherited code that the workspace holds but without that section: the bare
        // number may still mean a section elsewhere (`§ 20-871(b)(3)` after `6 RCNY § 5-304`).
        let inherited_elsewhere = cite.short_form == Some(ShortForm::Inherited)
            && matches!(&cite.code, Some(CodeRef::Named(name))
                if self.spaces.contains_key(name.as_str()) && !self.has_section(name, &key, lk));
        let namespace = match &cite.code {
            _ if inherited_but_own => own.to_string(),
            _ if inherited_elsewhere && {
                lk.note(Lookup::Number {
                    unit: key.0,
                    number: &key.1,
                });
                self.namespaces_having(&key).len() == 1
            } =>
            {
                match self.bare_namespace(scope, &key, lk) {
                    Ok(ns) => ns,
                    Err(resolution) => return resolution,
                }
            }
            Some(CodeRef::This) => own.to_string(),
            Some(CodeRef::Named(name)) => match self.code_for_phrase(own, name) {
                Ok(ns) => ns,
                Err(code) => {
                    return Resolution::External {
                        code: Some(code.into()),
                    };
                }
            },
            None if cite.relative.is_some() => own.to_string(),
            None => match self.bare_namespace(scope, &key, lk) {
                Ok(ns) => ns,
                Err(resolution) => return resolution,
            },
        };
        let Some(space) = self.spaces.get(&namespace) else {
            return Resolution::External {
                code: Some(namespace.into()),
            };
        };
        // The section, found or not, and with it the document it belongs to: its
        // provisions and text are walked below.
        lk.note(Lookup::Section {
            namespace: &namespace,
            unit: key.0,
            number: &key.1,
        });
        // A bare number that a short form gave the code of the citation before it (`§ 3002
        // of Fiscal Year 2010 Budget Support Emergency Act` after `D.C. Official Code §
        // 1-301.01`) is not of that code when the code numbers no section like it.
        if cite.short_form == Some(ShortForm::Inherited)
            && !space.sections.contains_key(&key)
            && !self.numbers_like(&namespace, &key, lk)
        {
            return Resolution::External { code: None };
        }
        let Some(&section_ref) = space.sections.get(&key) else {
            if let Some(run) = self.et_seq_run(&namespace, cite, &key, lk) {
                return run;
            }
            let prefix = number_prefix(section).to_lowercase();
            lk.note(Lookup::Prefix {
                namespace: &namespace,
                unit: cite.unit,
                prefix: &prefix,
            });
            return Resolution::Unresolved {
                in_range: in_range(space, cite.unit, section),
                number: section.into(),
                namespace: namespace.into(),
            };
        };
        let start = match walk(docs, section_ref, &cite.subsections) {
            Walk::Found(target, unverified) => (target, unverified),
            Walk::Missing(deepest, missing) => {
                return Resolution::MissingSubsection {
                    suggestions: nearest_children(docs, deepest, &missing).into(),
                    deepest,
                    missing: missing.into(),
                };
            }
        };
        let covered = match &cite.range_end {
            Some(end) => expand_range(docs, space, cite.unit, start.0, section, end, lk),
            None => Vec::new(),
        };
        Resolution::Resolved {
            target: start.0,
            unverified: start.1,
            covered,
        }
    }

    /// `§ 1-901 et seq.` where the code numbers no § 1-901 but a run of sections under it
    /// (`§ 1-901.01`, `§ 1-901.02`, …: the D.C. Code's chapters; `et seq.`, "and those
    /// following", Bluebook rule 3.3(b)): the run, from its first section. The look-up is
    /// noted as a [`Lookup::Prefix`] of `1-901.`.
    fn et_seq_run(
        &self,
        namespace: &str,
        cite: &Citation,
        key: &(Unit, CompactString),
        lk: &mut Lookups,
    ) -> Option<Resolution> {
        if !cite.et_seq || !cite.subsections.is_empty() {
            return None;
        }
        let prefix = CompactString::from(format!("{}.", key.1));
        if !self.has_prefix(namespace, key.0, &prefix, lk) {
            return None;
        }
        let run = self
            .spaces
            .get(namespace)?
            .by_prefix
            .get(&(key.0, prefix))?;
        let first = run.first()?.section;
        Some(Resolution::Resolved {
            target: first,
            unverified: false,
            covered: run.iter().map(|e| e.section).collect(),
        })
    }

    /// Whether namespace `name` has section `key`, noted as a [`Lookup::Section`].
    fn has_section(&self, name: &str, key: &(Unit, CompactString), lk: &mut Lookups) -> bool {
        lk.note(Lookup::Section {
            namespace: name,
            unit: key.0,
            number: &key.1,
        });
        self.spaces
            .get(name)
            .is_some_and(|s| s.sections.contains_key(key))
    }

    /// Whether namespace `name` has sections of `unit` numbered with `prefix`, noted as a
    /// [`Lookup::Prefix`].
    fn has_prefix(&self, name: &str, unit: Unit, prefix: &str, lk: &mut Lookups) -> bool {
        lk.note(Lookup::Prefix {
            namespace: name,
            unit,
            prefix,
        });
        self.spaces.get(name).is_some_and(|s| {
            s.by_prefix
                .contains_key(&(unit, CompactString::from(prefix)))
        })
    }

    /// Whether namespace `name` numbers sections of `key`'s unit in the shape of its number
    /// ([`Namespace::numbers_like`]), noted as a [`Lookup::Shapes`].
    fn numbers_like(&self, name: &str, key: &(Unit, CompactString), lk: &mut Lookups) -> bool {
        lk.note(Lookup::Shapes {
            namespace: name,
            unit: key.0,
        });
        self.spaces
            .get(name)
            .is_some_and(|s| s.numbers_like(key.0, &key.1))
    }

    fn resolve_code_reference(&self, own: &str, cite: &Citation) -> Resolution {
        if cite.relative.is_some()
            && cite.code != Some(CodeRef::This)
            && cite.relative != Some(Relative::ThisCode)
        {
            return Resolution::Unanchored;
        }
        // `chapter 35 of title 44` in the U.S. Code: of that title, not of the citing one.
        let other_title = match &cite.code {
            Some(CodeRef::This) => cite
                .division()
                .and_then(|d| container::of_another_federal_title(own, d))
                .map(|(code, _)| CodeRef::Named(code.into())),
            _ => None,
        };
        let name = match other_title.as_ref().or(cite.code.as_ref()) {
            Some(CodeRef::Named(name)) => match self.code_for_phrase(own, name) {
                Ok(ns) => ns,
                Err(code) => {
                    return Resolution::External {
                        code: Some(code.into()),
                    };
                }
            },
            _ => own.to_string(),
        };
        if self.spaces.contains_key(&name) {
            Resolution::Code {
                namespace: name.into(),
            }
        } else {
            Resolution::External {
                code: Some(name.into()),
            }
        }
    }

    /// The namespace a code phrase names from inside namespace `own`, or `Err(code)` for a
    /// code the workspace does not hold ([`Self::phrase_named`], remembered).
    fn code_for_phrase(&self, own: &str, phrase: &str) -> Result<String, String> {
        if let Some(known) = self
            .phrases
            .with(|memo| memo.get(own)?.get(phrase).cloned())
            .flatten()
        {
            return known;
        }
        let named = self.phrase_named(own, phrase);
        self.phrases.with(|memo| {
            memo.entry(own.to_string())
                .or_default()
                .insert(phrase.to_string(), named.clone())
        });
        named
    }

    /// Forgets the remembered answers of [`Self::code_for_phrase`] (after the workspace was
    /// resolved: they would be memory held for nothing).
    pub fn forget_phrases(&self) {
        self.phrases.with(HashMap::clear);
    }

    /// What [`Self::code_for_phrase`] answers, computed.
    fn phrase_named(&self, own: &str, phrase: &str) -> Result<String, String> {
        // `section 4 of this act`: the citing document when it is an act of its own, the
        // act its words come from when it is a section of a code.
        if phrase == lexls_syntax::citation::scan::THIS_ACT {
            return match self.spaces.get(own) {
                Some(space) if !space.is_code => Ok(own.to_string()),
                _ => Err(phrase.to_string()),
            };
        }
        // `I.R.C.` is 26 U.S.C., section for section.
        let phrase = codes::codified_as(phrase).unwrap_or(phrase);
        if self.spaces.contains_key(phrase) {
            return Ok(phrase.to_string());
        }
        let alias = normalize_alias(phrase);
        if let Some(code) = self
            .aliases
            .get(&(own.to_string(), alias.clone()))
            .or_else(|| {
                // An alias defined anywhere in the workspace, if only one code is meant, for
                // a text outside every code (a policy naming `the Code` its sources define).
                // A code's own text means its own definitions: `section 4216(b) of the Code`
                // in 27 C.F.R. (which defines `Code` as the Internal Revenue Code) is never
                // the New York City Administrative Code that another folder calls `the Code`.
                if self.spaces.get(own).is_some_and(|space| space.is_code) {
                    return None;
                }
                let mut found = self
                    .aliases
                    .iter()
                    .filter(|((_, a), _)| *a == alias)
                    .map(|(_, code)| code);
                let first = found.next()?;
                found.all(|c| c == first).then_some(first)
            })
        {
            return if self.spaces.contains_key(code) {
                Ok(code.clone())
            } else {
                Err(code.clone())
            };
        }
        if let Some(code) = codes::canonical_code(phrase) {
            return if self.spaces.contains_key(&code.name) {
                Ok(code.name)
            } else {
                Err(code.name)
            };
        }
        if let Some(space) = self
            .spaces
            .values()
            .find(|s| s.name.eq_ignore_ascii_case(&alias))
        {
            return Ok(space.name.clone());
        }
        // `Companies Act, 2013` and a document titled `The Companies Act`: one act by its
        // short title, when only one document is titled so.
        let cited = codes::ShortTitle::of(phrase);
        let mut titled = self
            .spaces
            .values()
            .filter(|s| cited.matches(&codes::ShortTitle::of(&s.name)));
        if let (Some(only), None) = (titled.next(), titled.next()) {
            return Ok(only.name.clone());
        }
        let mut fits = self
            .spaces
            .values()
            .filter(|s| s.is_code && codes::phrase_matches_namespace(phrase, &s.name));
        match (fits.next(), fits.next()) {
            (Some(only), None) => Ok(only.name.clone()),
            _ => Err(phrase.to_string()),
        }
    }

    /// The namespace of a citation that names no code.
    fn bare_namespace(
        &self,
        scope: BareScope<'_>,
        key: &(Unit, CompactString),
        lk: &mut Lookups,
    ) -> Result<String, Resolution> {
        let own = scope.own();
        if self.has_section(own, key, lk) {
            return Ok(own.to_string());
        }
        let prefix = number_prefix(&key.1);
        // A code cites its own sections bare (`§ 3` in 14 U.S.C. is 14 U.S.C. § 3 even if
        // only title 35 of the workspace has a § 3), when the number is numbered like them.
        if self.spaces.get(own).is_some_and(|s| s.is_code)
            && self.has_prefix(own, key.0, prefix, lk)
            && self.numbers_like(own, key, lk)
        {
            return Ok(own.to_string());
        }
        if let BareScope::Document {
            named, secondary, ..
        } = scope
        {
            if secondary && named.is_empty() {
                // A memo naming no code: a structured number (`20-879`, `40.22`) carries
                // its title and chapter, so it is of the one code numbered like it.
                let alike = self.namespaces_with_prefix(key.0, prefix, lk);
                if let [only] = alike
                    .iter()
                    .filter(|s| self.spaces.get(**s).is_some_and(|s| s.is_code))
                    .collect::<Vec<_>>()
                    .as_slice()
                {
                    return Ok((**only).to_string());
                }
            }
            return self.bare_in_named(own, named, key, lk);
        }
        lk.note(Lookup::Number {
            unit: key.0,
            number: &key.1,
        });
        match self.namespaces_having(key).as_slice() {
            [only] => Ok((*only).to_string()),
            [] => {
                // Not found anywhere: blame the code whose numbers look like it (`20-875`
                // next to §§ 20-870–20-874), else the citing document's own code when it has
                // sections of that unit; otherwise the code is not in the workspace.
                let similar = self
                    .namespaces_with_prefix(key.0, prefix, lk)
                    .into_iter()
                    .min();
                if let Some(ns) = similar {
                    return Ok(ns.to_string());
                }
                self.own_if_numbered_alike(own, key, lk)
            }
            many => Err(Resolution::Ambiguous {
                candidates: many
                    .iter()
                    .filter_map(|ns| self.spaces.get(*ns)?.sections.get(key).copied())
                    .collect(),
            }),
        }
    }

    /// The namespaces with sections of `unit` numbered with `prefix` (none for an empty
    /// prefix), noted as a [`Lookup::AnyPrefix`].
    fn namespaces_with_prefix(&self, unit: Unit, prefix: &str, lk: &mut Lookups) -> Vec<&str> {
        lk.note(Lookup::AnyPrefix { unit, prefix });
        if prefix.is_empty() {
            return Vec::new();
        }
        let key = (unit, CompactString::from(prefix));
        self.spaces
            .values()
            .filter(|s| s.by_prefix.contains_key(&key))
            .map(|s| s.name.as_str())
            .collect()
    }

    /// A bare citation of a document whose own namespace lacks the number: one of the codes
    /// the document names that has it (several: ambiguous); else the named code numbered
    /// like it (`§ 20-875` next to §§ 20-870–20-874), else the document's own namespace when
    /// it has sections of that unit; otherwise a code the workspace does not hold.
    fn bare_in_named(
        &self,
        own: &str,
        named: &[String],
        key: &(Unit, CompactString),
        lk: &mut Lookups,
    ) -> Result<String, Resolution> {
        let having: Vec<(&String, ProvisionRef)> = named
            .iter()
            .filter_map(|ns| {
                lk.note(Lookup::Section {
                    namespace: ns,
                    unit: key.0,
                    number: &key.1,
                });
                Some((ns, self.spaces.get(ns)?.sections.get(key).copied()?))
            })
            .collect();
        match having.as_slice() {
            [] => {}
            [(ns, _)] => return Ok((*ns).clone()),
            _ => {
                return Err(Resolution::Ambiguous {
                    candidates: having.into_iter().map(|(_, r)| r).collect(),
                });
            }
        }
        let prefix = number_prefix(&key.1);
        if !prefix.is_empty()
            && let Some(ns) = named
                .iter()
                .find(|ns| self.has_prefix(ns, key.0, prefix, lk))
        {
            return Ok(ns.clone());
        }
        self.own_if_numbered_alike(own, key, lk)
    }

    /// The citing document's own namespace when it has sections of `key`'s unit numbered
    /// in the same shape (a number it lacks is then its own mistake), else a code the
    /// workspace does not hold. A number of a shape the code never uses is not one of its
    /// sections: in the D.C. Code, whose sections all carry their title (`§ 1-1001.03`,
    /// `§ 28:2-706`), a bare `section 203` or `§ 2` is a section of the act the text quotes
    /// or names, never D.C. Code § 203. One look-up in the set of shapes.
    fn own_if_numbered_alike(
        &self,
        own: &str,
        key: &(Unit, CompactString),
        lk: &mut Lookups,
    ) -> Result<String, Resolution> {
        if self.numbers_like(own, key, lk) {
            return Ok(own.to_string());
        }
        Err(Resolution::External { code: None })
    }
}

/// The sections or subsections a range from `start` (section `start_section`) to `end`
/// covers: siblings for a range of subsections, else the sections of `space` between the
/// two numbers in their natural order (noted as a [`Lookup::Range`]).
fn expand_range(
    docs: &[Arc<Document>],
    space: &Namespace,
    unit: Unit,
    start: ProvisionRef,
    start_section: &str,
    end: &lexls_syntax::citation::RangeEnd,
    lk: &mut Lookups,
) -> Vec<ProvisionRef> {
    if end.section.eq_ignore_ascii_case(start_section) || end.section.is_empty() {
        // A range of subsections: siblings from the start to the end label.
        let doc = &docs[start.doc];
        let Some(parent) = doc.provisions[start.provision].parent else {
            return vec![start];
        };
        let Some(end_label) = end.subsections.last() else {
            return vec![start];
        };
        let siblings = &doc.provisions[parent].children;
        let from = siblings.iter().position(|&c| c == start.provision);
        let to = siblings
            .iter()
            .position(|&c| doc.provisions[c].number.eq_ignore_ascii_case(end_label));
        return match (from, to) {
            (Some(f), Some(t)) if f <= t => siblings[f..=t]
                .iter()
                .map(|&p| ProvisionRef {
                    doc: start.doc,
                    provision: p,
                })
                .collect(),
            _ => vec![start],
        };
    }
    let lo = natural_key(start_section);
    let hi = natural_key(&end.section);
    lk.note(Lookup::Range {
        namespace: &space.name,
        unit,
        head: lo.first().filter(|&first| hi.first() == Some(first)),
    });
    let Some(ordered) = space.ordered.get(&unit) else {
        return Vec::new();
    };
    let from = ordered.partition_point(|(k, _)| *k < lo);
    let to = ordered.partition_point(|(k, _)| *k <= hi);
    ordered
        .get(from..to)
        .unwrap_or_default()
        .iter()
        .map(|(_, r)| *r)
        .collect()
}

/// Whether a document cites codes from outside rather than being part of one: anything but
/// a statute or rule of a code (a policy, guidance, a memo, a text whose code is unknown).
fn is_secondary(doc: &Document) -> bool {
    !(doc.namespace_is_code && matches!(doc.kind, DocumentKind::Statute | DocumentKind::Regulation))
}

fn normalize_alias(alias: &str) -> String {
    let lower = alias.trim().to_lowercase();
    lower
        .strip_prefix("the ")
        .unwrap_or(&lower)
        .trim()
        .to_string()
}

enum Walk {
    Found(ProvisionRef, bool),
    Missing(ProvisionRef, Vec<CompactString>),
}

fn walk(docs: &[Arc<Document>], section: ProvisionRef, labels: &[CompactString]) -> Walk {
    let doc = &docs[section.doc];
    let mut cur = section.provision;
    let mut skip_next = false;
    for (i, label) in labels.iter().enumerate() {
        if skip_next {
            skip_next = false;
            continue;
        }
        let found = doc
            .child_by_label(cur, label)
            .or_else(|| flat_child(doc, cur, label))
            .or_else(|| {
                // `Article 113(3), point (a)`: an EU article whose paragraphs are not numbered
                // (EUR-Lex numbers them by position when citing) holds its points directly.
                let next = labels.get(i + 1)?;
                let unnumbered = doc.provisions[cur].unit == Unit::Article
                    && label.chars().all(|c| c.is_ascii_digit())
                    && !doc.provisions[cur].children.iter().any(|&c| {
                        doc.provisions[c]
                            .number
                            .starts_with(|ch: char| ch.is_ascii_digit())
                    });
                let point = unnumbered
                    .then(|| doc.child_by_label(cur, next))
                    .flatten()?;
                skip_next = true;
                Some(point)
            });
        match found {
            Some(next) => cur = next,
            None => {
                let here = ProvisionRef {
                    doc: section.doc,
                    provision: cur,
                };
                let has_citable_children = doc.provisions[cur]
                    .children
                    .iter()
                    .any(|&c| doc.provisions[c].style.is_some_and(|s| s.is_citable()));
                // A section whose subsections were not recognised cannot be checked; nor a
                // subdivision whose own subdivisions are numbered in its text only (GPO's
                // C.F.R.: `<p>(1) In general. …</p>` inside `<paragraph>(b)`).
                if !has_citable_children
                    && (cur == section.provision || labelled_in_text(doc, cur, label))
                {
                    return Walk::Found(here, true);
                }
                return Walk::Missing(here, labels[i..].to_vec());
            }
        }
    }
    Walk::Found(
        ProvisionRef {
            doc: section.doc,
            provision: cur,
        },
        false,
    )
}

/// Whether the text of provision `cur` numbers a subdivision `(label)` itself: a line it
/// starts (GPO's C.F.R.), or a clause enumerated inside a sentence (35 U.S.C. § 202(a): `…
/// unless the contractor (i) is not located in the United States, (ii) …`; the House
/// Legislative Counsel's inline clauses), which the markup does not make an element. An
/// occurrence inside one of the document's citations (`subsection (a)`) is a reference,
/// not a label.
fn labelled_in_text(doc: &Document, cur: ProvisionId, label: &str) -> bool {
    let span = doc.provisions[cur].span.clone();
    let Some(text) = doc.text.get(span.clone()) else {
        return false;
    };
    let wanted = format!("({label})");
    if text
        .lines()
        .skip(1)
        .any(|line| line.trim_start().starts_with(&wanted))
    {
        return true;
    }
    text.match_indices(&wanted).take(64).any(|(i, _)| {
        let at = span.start + i;
        let after_space = text[..i].ends_with(char::is_whitespace);
        let first = doc.citations.partition_point(|c| c.span.end <= at);
        let cited = doc.citations.get(first).is_some_and(|c| c.span.start <= at);
        after_space && !cited
    })
}

/// The subdivision labelled `label` of `cur` when the markup lists subdivisions flat, as
/// following siblings (GPO's C.F.R. markup gives `(b)`, `(1)`, `(2)`, `(c)` as one list of
/// paragraphs, the level shown by the label's style alone): among the siblings after `cur`
/// up to the next one of `cur`'s style, the first with that label and another style.
fn flat_child(doc: &Document, cur: ProvisionId, label: &str) -> Option<ProvisionId> {
    let p = &doc.provisions[cur];
    let style = p.style?;
    if p.children
        .iter()
        .any(|&c| doc.provisions[c].style.is_some_and(|s| s.is_citable()))
    {
        return None;
    }
    let siblings = &doc.provisions[p.parent?].children;
    let at = siblings.iter().position(|&c| c == cur)?;
    siblings[at + 1..]
        .iter()
        .map(|&c| (c, &doc.provisions[c]))
        .take_while(|(_, s)| s.style != Some(style))
        .find(|(_, s)| {
            s.style.is_some_and(|st| st.is_citable()) && s.number.eq_ignore_ascii_case(label)
        })
        .map(|(c, _)| c)
}

/// A chunk of a section number for natural ordering: `20-871` → `[20, -, 871]`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Chunk {
    /// A run of digits, compared by value (`9` before `10`).
    Num(u64),
    /// Anything else, compared as text (inline up to 24 bytes).
    Text(CompactString),
}

/// The natural sort key of a section number: digit runs compare as numbers, so `5-9` sorts
/// before `5-10`.
pub fn natural_key(number: &str) -> Vec<Chunk> {
    let mut out = Vec::new();
    let mut digits = String::new();
    let mut text = String::new();
    for ch in number.chars() {
        if ch.is_ascii_digit() {
            if !text.is_empty() {
                out.push(Chunk::Text(CompactString::from(std::mem::take(&mut text))));
            }
            digits.push(ch);
        } else {
            if !digits.is_empty() {
                out.push(Chunk::Num(digits.parse().unwrap_or(u64::MAX)));
                digits.clear();
            }
            text.push(ch.to_ascii_lowercase());
        }
    }
    if !digits.is_empty() {
        out.push(Chunk::Num(digits.parse().unwrap_or(u64::MAX)));
    }
    if !text.is_empty() {
        out.push(Chunk::Text(CompactString::from(text)));
    }
    out
}

/// The separators of a section number in order, the shape of its numbering: `-` for
/// `20-871` and `2000e-8`, `-.` for `1-1001.03`, `:-` for `28:2-706`, `.` for `40.22`, ``
/// for `106`.
pub fn number_shape(number: &str) -> CompactString {
    number
        .chars()
        .filter_map(|c| match c {
            '-' | '–' => Some('-'),
            '.' | ':' => Some(c),
            _ => None,
        })
        .collect()
}

/// Everything up to the last separator when a number follows it, the title and chapter a
/// structured number carries: `20-` for `20-871`, `40.` for `40.22`; `` for `6`, and for
/// `5-A`, India's and the older Commonwealth drafting's spelling of section 5A, which names
/// no chapter.
fn number_prefix(number: &str) -> &str {
    match number.rfind(['-', '.', ':']) {
        Some(i) if number[i + 1..].starts_with(|c: char| c.is_ascii_digit()) => &number[..=i],
        _ => "",
    }
}

fn tail_value(number: &str) -> Option<u64> {
    let tail = &number[number_prefix(number).len()..];
    let digits: String = tail.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// Whether `number` falls among (or within 10 of) the numbers the namespace has with the
/// same prefix: a likely typo rather than a part of the code the workspace lacks.
fn in_range(space: &Namespace, unit: Unit, number: &str) -> bool {
    let prefix = CompactString::from(number_prefix(number).to_lowercase());
    let Some(value) = tail_value(number) else {
        return false;
    };
    let values = space
        .by_prefix
        .get(&(unit, prefix))
        .into_iter()
        .flatten()
        .filter_map(|e| e.tail);
    let (lo, hi) = values.fold((None, None), |(lo, hi): (Option<u64>, Option<u64>), v| {
        (
            Some(lo.map_or(v, |l| l.min(v))),
            Some(hi.map_or(v, |h| h.max(v))),
        )
    });
    match (lo, hi) {
        (Some(lo), Some(hi)) => value + 10 >= lo && value <= hi + 10,
        _ => false,
    }
}

/// The `n` sections closest to `number`: those of the same prefix by the distance of their
/// tails, then the others by edit distance; ties go to the higher number.
fn nearest_sections(space: &Namespace, unit: Unit, number: &str, n: usize) -> Vec<ProvisionRef> {
    /// Distances of sections of another prefix start here, above any of the same prefix
    /// whose tails are closer than this.
    const OTHER_PREFIX: u64 = 1_000_000;
    let prefix = CompactString::from(number_prefix(number).to_lowercase());
    let value = tail_value(number);
    let mut scored: Vec<(u64, &str, ProvisionRef)> = space
        .by_prefix
        .get(&(unit, prefix.clone()))
        .into_iter()
        .flatten()
        .map(|e| {
            let distance = match (value, e.tail) {
                (Some(a), Some(b)) => a.abs_diff(b),
                _ => 1_000,
            };
            (distance, e.number.as_str(), e.section)
        })
        .collect();
    // Sections of other prefixes come in only when those of the same prefix are fewer than
    // `n` or not all closer than any of them can be.
    let mut distances: Vec<u64> = scored.iter().map(|s| s.0).collect();
    let enough =
        distances.len() >= n && n > 0 && *distances.select_nth_unstable(n - 1).1 < OTHER_PREFIX;
    if !enough && n > 0 {
        // The edit distance is at least the difference of the lengths: lengths are taken
        // from the cited number's outwards until none can come in among the `n` best.
        let wanted = number.chars().count();
        let longest = space
            .by_length
            .keys()
            .filter(|(u, _)| *u == unit)
            .map(|(_, len)| *len)
            .max()
            .unwrap_or(0);
        let mut best: std::collections::BinaryHeap<u64> = scored.iter().map(|s| s.0).collect();
        while best.len() > n {
            best.pop();
        }
        for d in 0..=wanted.max(longest) {
            let lengths = [wanted.checked_sub(d), (d > 0).then_some(wanted + d)];
            for len in lengths.into_iter().flatten() {
                for e in space.by_length.get(&(unit, len)).into_iter().flatten() {
                    if number_prefix(&e.number) == prefix {
                        continue;
                    }
                    let distance = OTHER_PREFIX + edit_distance(&e.number, number) as u64;
                    // The worst of the best `n` only falls: a farther one never comes in.
                    if best.len() >= n && best.peek().is_some_and(|&worst| distance > worst) {
                        continue;
                    }
                    best.push(distance);
                    if best.len() > n {
                        best.pop();
                    }
                    scored.push((distance, e.number.as_str(), e.section));
                }
            }
            let next_bound = OTHER_PREFIX + d as u64 + 1;
            if best.len() >= n && best.peek().is_some_and(|&worst| next_bound > worst) {
                break;
            }
        }
    }
    // Only the `n` best (and those tied with the last) need the natural order of numbers.
    if scored.len() > n && n > 0 {
        let cut = *scored
            .iter()
            .map(|s| s.0)
            .collect::<Vec<_>>()
            .select_nth_unstable(n - 1)
            .1;
        scored.retain(|s| s.0 <= cut);
    }
    // In the order of the numbers, as the sections are listed: ties keep it.
    scored.sort_by(|a, b| a.1.cmp(b.1));
    let mut keyed: Vec<(u64, Vec<Chunk>, ProvisionRef)> = scored
        .into_iter()
        .map(|(d, num, r)| (d, natural_key(num), r))
        .collect();
    keyed.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| b.1.cmp(&a.1)));
    keyed.into_iter().take(n).map(|(_, _, r)| r).collect()
}

fn nearest_children(
    docs: &[Arc<Document>],
    parent: ProvisionRef,
    missing: &[CompactString],
) -> Vec<ProvisionRef> {
    let doc = &docs[parent.doc];
    let Some(wanted) = missing.first() else {
        return vec![parent];
    };
    let mut children: Vec<(usize, ProvisionId)> = doc.provisions[parent.provision]
        .children
        .iter()
        .filter(|&&c| doc.provisions[c].style.is_some_and(|s| s.is_citable()))
        .map(|&c| (label_distance(&doc.provisions[c].number, wanted), c))
        .collect();
    children.sort_by(|a, b| match a.0.cmp(&b.0) {
        Ordering::Equal => b.1.cmp(&a.1),
        other => other,
    });
    let mut out: Vec<ProvisionRef> = children
        .into_iter()
        .take(3)
        .map(|(_, c)| ProvisionRef {
            doc: parent.doc,
            provision: c,
        })
        .collect();
    out.push(parent);
    out
}

fn label_distance(a: &str, b: &str) -> usize {
    match (a.parse::<i64>(), b.parse::<i64>()) {
        (Ok(x), Ok(y)) => x.abs_diff(y) as usize,
        _ => {
            let (x, y) = (a.to_ascii_lowercase(), b.to_ascii_lowercase());
            match (x.as_bytes(), y.as_bytes()) {
                ([p], [q]) => p.abs_diff(*q) as usize,
                _ => edit_distance(&x, &y) + 26,
            }
        }
    }
}

/// Levenshtein distance of two section numbers, in characters (`strsim`).
fn edit_distance(a: &str, b: &str) -> usize {
    strsim::levenshtein(a, b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn natural_order_of_section_numbers() {
        assert!(natural_key("20-871") < natural_key("20-1000"));
        assert!(natural_key("40.25") < natural_key("40.25a"));
        assert_eq!(number_prefix("20-871"), "20-");
        assert_eq!(number_prefix("6"), "");
        assert_eq!(number_prefix("5-A"), "");
        assert_eq!(tail_value("40.22"), Some(22));
    }

    /// The closest sections by scoring every section of the namespace (what
    /// [`nearest_sections`] computes without looking at most of them).
    fn nearest_by_scan(space: &Namespace, unit: Unit, number: &str, n: usize) -> Vec<ProvisionRef> {
        let prefix = CompactString::from(number_prefix(number).to_lowercase());
        let value = tail_value(number);
        let mut scored: Vec<(u64, Vec<Chunk>, ProvisionRef)> = space
            .sections
            .iter()
            .filter(|((u, _), _)| *u == unit)
            .map(|((_, num), r)| {
                let distance = match (number_prefix(num) == prefix, value, tail_value(num)) {
                    (true, Some(a), Some(b)) => a.abs_diff(b),
                    (true, _, _) => 1_000,
                    _ => 1_000_000 + edit_distance(num, number) as u64,
                };
                (distance, natural_key(num), *r)
            })
            .collect();
        scored.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| b.1.cmp(&a.1)));
        scored.into_iter().take(n).map(|(_, _, r)| r).collect()
    }

    #[test]
    fn nearest_sections_are_those_a_full_scan_finds() {
        let numbers = [
            "20-870",
            "20-871",
            "20-0871",
            "20-874",
            "5-301",
            "5-304",
            "1-1001.03",
            "1-1001.3",
            "1-1001.10",
            "47-2853.04",
            "47-2853.04a",
            "28:2-725",
            "6",
            "7",
            "12",
            "40.22",
            "40.22a",
            "40.9999999",
            "3",
            "A-1",
            "1-99999999999",
        ];
        let mut index = NamespaceIndex::default();
        let mut space = Namespace {
            name: "X".into(),
            is_code: true,
            ..Namespace::default()
        };
        for (i, n) in numbers.iter().enumerate() {
            space.sections.insert(
                (Unit::Section, CompactString::from(n.to_lowercase())),
                ProvisionRef {
                    doc: i,
                    provision: 0,
                },
            );
        }
        // Build the look-up tables as `build` does.
        space.index_numbers();
        index.spaces.insert("X".into(), Arc::new(space));
        let space = &index.spaces["X"];
        for cited in [
            "20-872",
            "20-8710",
            "5-302",
            "1-1001.04",
            "1-1001",
            "10",
            "1983",
            "§",
            "40.23",
            "28:2-726",
            "47-2853.05",
            "99-1",
            "1-5",
            "",
            "A-2",
            "20-99999999",
        ] {
            for n in [0, 1, 3, 5] {
                assert_eq!(
                    nearest_sections(space, Unit::Section, cited, n),
                    nearest_by_scan(space, Unit::Section, cited, n),
                    "{cited} ({n})"
                );
            }
            // In range: within 10 of the tails of the numbers of the same prefix.
            let prefix = number_prefix(cited).to_lowercase();
            let tails: Vec<u64> = space
                .sections
                .keys()
                .filter(|(_, n)| number_prefix(n) == prefix)
                .filter_map(|(_, n)| tail_value(n))
                .collect();
            let by_scan = match (tail_value(cited), tails.iter().min(), tails.iter().max()) {
                (Some(v), Some(&lo), Some(&hi)) => v + 10 >= lo && v <= hi + 10,
                _ => false,
            };
            assert_eq!(in_range(space, Unit::Section, cited), by_scan, "{cited}");
        }
    }

    /// One resolution per citation of the workspace: its size is memory of a large code.
    #[test]
    fn a_resolution_takes_56_bytes() {
        assert_eq!(std::mem::size_of::<Resolution>(), 56);
    }

    #[test]
    fn label_distances_prefer_neighbours() {
        assert!(label_distance("3", "4") < label_distance("1", "4"));
        assert!(label_distance("c", "d") < label_distance("a", "d"));
    }
}

#[cfg(test)]
mod numbering_tests;

#[cfg(test)]
mod walk_tests;
