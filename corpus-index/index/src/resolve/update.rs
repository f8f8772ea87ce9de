//! Updating the namespace index in place after an edit of one document: its sections are
//! taken out and put in again, and what the edit changed is reported as the
//! [`super::lookups::Lookup`] keys whose answers may differ, for the citations that read them
//! to be resolved again ([`super::dependents`]).
//!
//! An update holds only when the edit keeps the *phrase-level* state of the workspace (the
//! document's namespace, whether it is a code, the code aliases it defines): those decide what
//! every code phrase of every document means, and an edit of them resolves the workspace
//! again ([`NamespaceIndex::update_holds`]).

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use lexls_syntax::CompactString;
use lexls_syntax::model::{Document, Unit};

use super::lookups::{Lookup, range_keys_of};
use super::{
    DocId, Namespace, NamespaceIndex, PrefixEntry, ProvisionRef, edit_distance, is_secondary,
    natural_key, number_prefix, number_shape, tail_value,
};

/// What an update of the index changed ([`NamespaceIndex::replace_document`]).
#[derive(Debug, Default)]
pub struct IndexChange {
    /// Look-up keys whose answers may differ: the citations that read them resolve again.
    pub keys: Vec<u64>,
    /// Per namespace and unit, the numbers whose section appeared, went, or is another
    /// provision now: the "did you mean" answers near them may differ.
    pub numbers: HashMap<(String, Unit), Vec<CompactString>>,
    /// The namespaces and units whose first or last section (what a diagnostic says the
    /// workspace has, `§§ 1-101–51-178`) changed.
    pub bounds: HashSet<(String, Unit)>,
}

/// A document's sections as the index keys them: unit and lower-cased number, and the
/// provision of document `id`.
fn sections_of(doc: &Document, id: DocId) -> Vec<((Unit, CompactString), ProvisionRef)> {
    doc.sections()
        .map(|s| {
            let p = &doc.provisions[s];
            (
                (p.unit, p.number.to_lowercase()),
                ProvisionRef {
                    doc: id,
                    provision: s,
                },
            )
        })
        .collect()
}

/// A number whose section changed: its key, the section before and after.
type Changed<'a> = (
    &'a (Unit, CompactString),
    Option<ProvisionRef>,
    Option<ProvisionRef>,
);

/// The tails of a prefix's sections: whether there are any, and the lowest and highest
/// (what [`super::in_range`] reads).
type PrefixStats = (bool, Option<u64>, Option<u64>);

fn prefix_stats(space: &Namespace, key: &(Unit, CompactString)) -> PrefixStats {
    let Some(entries) = space.by_prefix.get(key) else {
        return (false, None, None);
    };
    let tails = entries.iter().filter_map(|e| e.tail);
    (true, tails.clone().min(), tails.max())
}

impl NamespaceIndex {
    /// Whether the index can be updated in place ([`Self::replace_document`]) after document
    /// `id`, which was `old`, became `docs[id]`: the edit keeps the phrase-level state of the
    /// index, which decides what every code phrase of every document means. Its code aliases
    /// are the same, and it stays in its namespace or moves between two that hold other
    /// documents before and after (none appears or goes), each still a code or not as its
    /// first document says.
    pub fn update_holds(&self, docs: &[Arc<Document>], id: DocId, old: &Document) -> bool {
        let Some(new) = docs.get(id) else {
            return false;
        };
        if old.code_aliases != new.code_aliases {
            return false;
        }
        if old.namespace == new.namespace && old.namespace_is_code == new.namespace_is_code {
            return true;
        }
        // The aliases are the namespace's: they would move with the document.
        if !old.code_aliases.is_empty() {
            return false;
        }
        let (Some(from), Some(to)) = (
            self.spaces.get(old.namespace.as_str()),
            self.spaces.get(new.namespace.as_str()),
        ) else {
            return false;
        };
        let is_code = |d: DocId| docs.get(d).is_some_and(|doc| doc.namespace_is_code);
        let moves = old.namespace != new.namespace;
        let first_left = from.docs.iter().copied().find(|&d| !moves || d != id);
        let first_joined = to.docs.first().map_or(id, |&d| d.min(id));
        first_left.is_some_and(|d| is_code(d) == from.is_code)
            && (!moves || is_code(first_joined) == to.is_code)
    }

    /// Notes in `change` what an edit of document `id` from `old` into `new` (with
    /// [`Self::update_holds`]) makes answer differently whatever it does to the section
    /// tables: every section number it had or has, in its namespace and across namespaces
    /// (its provisions and text are walked from there); with `targets_kept` false (its
    /// provisions' numbers, headings or structure changed, [`Self::same_targets`]) also the
    /// ranges over its sections, whose diagnostics name them.
    pub fn note_edit(old: &Document, new: &Document, targets_kept: bool, change: &mut IndexChange) {
        for doc in [old, new] {
            let name = doc.namespace.as_str();
            for s in doc.sections() {
                let p = &doc.provisions[s];
                let number = p.number.to_lowercase();
                change.keys.push(
                    Lookup::Section {
                        namespace: name,
                        unit: p.unit,
                        number: &number,
                    }
                    .key(),
                );
                change.keys.push(
                    Lookup::Number {
                        unit: p.unit,
                        number: &number,
                    }
                    .key(),
                );
                if !targets_kept {
                    change.keys.extend(range_keys_of(name, p.unit, &number));
                }
            }
        }
    }

    /// Whether the index holds something else for document `id` (`docs[id]`, which was
    /// `old`): its sections, the codes it names, whether it is secondary.
    pub fn needs_replacing(&self, docs: &[Arc<Document>], id: DocId, old: &Document) -> bool {
        let Some(new) = docs.get(id) else {
            return true;
        };
        old.namespace != new.namespace
            || sections_of(old, id) != sections_of(new, id)
            || self.secondary.get(id) != Some(&is_secondary(new))
            || self.named.get(id) != Some(&self.named_codes(new))
    }

    /// Replaces document `id`, which was `old`, by `docs[id]` (the documents after the edit,
    /// with [`Self::update_holds`]): its sections leave the section tables of its namespace
    /// before and enter those of its namespace after, the codes it names and whether it is secondary are read again. Adds to
    /// `change` the prefixes, units and ranges whose sections changed (with
    /// [`Self::note_edit`] what an edit changes). Returns `false` when the index does not
    /// know the document's namespace (it was built from other documents).
    pub fn replace_document(
        &mut self,
        docs: &[Arc<Document>],
        id: DocId,
        old: &Document,
        change: &mut IndexChange,
    ) -> bool {
        let Some(new) = docs.get(id) else {
            return false;
        };
        let before = sections_of(old, id);
        let after = sections_of(new, id);
        if old.namespace != new.namespace {
            for (name, leaves) in [
                (old.namespace.as_str(), true),
                (new.namespace.as_str(), false),
            ] {
                let Some(space) = self.spaces.get_mut(name) else {
                    return false;
                };
                let space = Arc::make_mut(space);
                if leaves {
                    space.docs.retain(|&d| d != id);
                    replace_sections(space, docs, id, old, &before, &[], change);
                } else {
                    let at = space.docs.partition_point(|&d| d < id);
                    space.docs.insert(at, id);
                    replace_sections(space, docs, id, old, &[], &after, change);
                }
            }
        } else if before != after {
            let Some(space) = self.spaces.get_mut(new.namespace.as_str()) else {
                return false;
            };
            replace_sections(Arc::make_mut(space), docs, id, old, &before, &after, change);
        }
        let named = self.named_codes(new);
        if let Some(slot) = self.named.get_mut(id) {
            *slot = named;
        }
        if let Some(slot) = self.secondary.get_mut(id) {
            *slot = is_secondary(new);
        }
        true
    }

    /// The "did you mean" answers remembered by `old` (the index this one was updated from,
    /// maybe the same) that still hold here are remembered here too. Returns the
    /// (namespace, unit, number) of every remembered answer a diagnostic may show otherwise
    /// now: an answer that changed, that shows a provision of a document in
    /// `targets_changed` (its label may read otherwise), or whose namespace's first or last
    /// section changed. `old_docs` are the documents before the edit.
    pub fn carry_nearest(
        &self,
        old: &NamespaceIndex,
        old_docs: &[Arc<Document>],
        change: &IndexChange,
        targets_changed: &[DocId],
    ) -> Vec<(String, Unit, String)> {
        let same = std::ptr::eq(self, old);
        let mut shown = Vec::new();
        for ((name, unit, number), answer) in old.nearest.entries() {
            let at = (name.clone(), unit);
            let mut differs = change.bounds.contains(&at)
                || answer.iter().any(|r| targets_changed.contains(&r.doc));
            let mut now = answer.clone();
            if !same && let Some(changed) = change.numbers.get(&at) {
                let number_of = |r: &ProvisionRef| -> Option<CompactString> {
                    let p = old_docs.get(r.doc)?.provisions.get(r.provision)?;
                    Some(p.number.to_lowercase())
                };
                let listed: Vec<CompactString> = answer.iter().filter_map(number_of).collect();
                let worst = listed.last().map(|n| nearest_distance(&number, n));
                let may_change = changed.iter().any(|x| {
                    listed.contains(x)
                        || answer.len() < 3
                        || worst.is_none_or(|w| nearest_distance(&number, x) <= w)
                });
                if may_change {
                    now = self.nearest_to(&name, unit, &number);
                    differs |= now != answer;
                }
            }
            if !same {
                self.nearest
                    .insert((name.clone(), unit, number.clone()), now);
            }
            if differs {
                shown.push((name, unit, number));
            }
        }
        shown
    }
}

/// The distance [`super::nearest_sections`] ranks section `number` (lower-cased) by for a
/// cited number `cited`: of the same prefix, the difference of the tails (1,000 when one is
/// not a number); else 1,000,000 and the edit distance.
fn nearest_distance(cited: &str, number: &str) -> u64 {
    let prefix = number_prefix(cited).to_lowercase();
    if number_prefix(number) == prefix {
        match (tail_value(cited), tail_value(number)) {
            (Some(a), Some(b)) => a.abs_diff(b),
            _ => 1_000,
        }
    } else {
        1_000_000 + edit_distance(number, cited) as u64
    }
}

/// Takes the sections `before` of document `id` out of `space` and puts `after` in, keeping
/// the look-up tables in the order [`Namespace::index_numbers`] gives them, and notes in
/// `change` what answers differently. `docs` are the documents after the edit, `old` the
/// document before.
fn replace_sections(
    space: &mut Namespace,
    docs: &[Arc<Document>],
    id: DocId,
    old: &Document,
    before: &[((Unit, CompactString), ProvisionRef)],
    after: &[((Unit, CompactString), ProvisionRef)],
    change: &mut IndexChange,
) {
    let name = space.name.clone();
    let keys: Vec<&(Unit, CompactString)> = {
        let mut k: Vec<_> = before.iter().chain(after).map(|(k, _)| k).collect();
        k.sort();
        k.dedup();
        k
    };
    let prefixes: Vec<(Unit, CompactString)> = {
        let mut p: Vec<_> = keys
            .iter()
            .map(|(u, n)| (*u, CompactString::from(number_prefix(n))))
            .collect();
        p.sort();
        p.dedup();
        p
    };
    let units: Vec<Unit> = {
        let mut u: Vec<Unit> = keys.iter().map(|(u, _)| *u).collect();
        u.sort();
        u.dedup();
        u
    };
    // The number of a provision before the edit (the edited document as it was).
    let number_before = |r: ProvisionRef| -> Option<CompactString> {
        let doc = if r.doc == id { old } else { docs.get(r.doc)? };
        Some(doc.provisions.get(r.provision)?.number.clone())
    };
    let number_after = |r: ProvisionRef| -> Option<CompactString> {
        Some(docs.get(r.doc)?.provisions.get(r.provision)?.number.clone())
    };
    let bounds =
        |space: &Namespace, u: Unit, number: &dyn Fn(ProvisionRef) -> Option<CompactString>| {
            space.ordered.get(&u).map(|list| {
                let first = list.first().map(|(_, r)| (*r, number(*r)));
                let last = list.last().map(|(_, r)| (*r, number(*r)));
                (first, last)
            })
        };
    let winners_before: Vec<Option<ProvisionRef>> = keys
        .iter()
        .map(|k| space.sections.get(*k).copied())
        .collect();
    let prefixes_before: Vec<PrefixStats> =
        prefixes.iter().map(|p| prefix_stats(space, p)).collect();
    let bounds_before: Vec<_> = units
        .iter()
        .map(|u| bounds(space, *u, &number_before))
        .collect();
    let shapes_before: Vec<Vec<CompactString>> =
        units.iter().map(|u| space.shapes_used(*u)).collect();

    for (key, r) in before {
        if space.sections.get(key) == Some(r) {
            match space.shadowed.get_mut(key) {
                Some(waiting) if !waiting.is_empty() => {
                    let next = waiting.remove(0);
                    if waiting.is_empty() {
                        space.shadowed.remove(key);
                    }
                    space.sections.insert(key.clone(), next);
                }
                _ => {
                    space.sections.remove(key);
                }
            }
        } else if let Some(waiting) = space.shadowed.get_mut(key) {
            waiting.retain(|w| w != r);
            if waiting.is_empty() {
                space.shadowed.remove(key);
            }
        }
    }
    for (key, r) in after {
        match space.sections.get(key).copied() {
            None => {
                space.sections.insert(key.clone(), *r);
            }
            Some(first) => {
                let (first, waiting) = if *r < first { (*r, first) } else { (first, *r) };
                space.sections.insert(key.clone(), first);
                let list = space.shadowed.entry(key.clone()).or_default();
                let at = list.partition_point(|w| *w < waiting);
                list.insert(at, waiting);
            }
        }
    }

    // The look-up tables of the numbers whose section changed.
    let changed: Vec<Changed<'_>> = keys
        .iter()
        .zip(&winners_before)
        .map(|(k, was)| (*k, *was, space.sections.get(*k).copied()))
        .filter(|(_, was, now)| was != now)
        .collect();
    for (key, was, _) in &changed {
        let Some(was) = was else { continue };
        let (unit, number) = (key.0, &key.1);
        let prefix = (unit, CompactString::from(number_prefix(number)));
        remove_entry(&mut space.by_prefix, &prefix, number);
        remove_entry(
            &mut space.by_length,
            &(unit, number.chars().count()),
            number,
        );
        if let Some(list) = space.ordered.get_mut(&unit) {
            list.retain(|(_, r)| r != was);
            if list.is_empty() {
                space.ordered.remove(&unit);
            }
        }
    }
    for (key, _, now) in &changed {
        let Some(now) = now else { continue };
        let (unit, number) = (key.0, &key.1);
        let entry = PrefixEntry {
            number: number.clone(),
            tail: tail_value(number),
            section: *now,
        };
        insert_entry(
            &mut space.by_prefix,
            (unit, CompactString::from(number_prefix(number))),
            entry.clone(),
        );
        insert_entry(&mut space.by_length, (unit, number.chars().count()), entry);
        let natural = natural_key(number);
        let list = space.ordered.entry(unit).or_default();
        // After the sections of a lower key, and of the same key with a lower number (the
        // order of `sections`, which a stable sort keeps).
        let at = list.partition_point(|(k, r)| match k.cmp(&natural) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Equal => {
                number_after(*r).is_some_and(|n| n.to_lowercase() < *number)
            }
        });
        list.insert(at, (natural, *now));
    }

    // How many sections have each shape of number: one more or one fewer where a number
    // gained or lost its section.
    for (key, was, now) in &changed {
        let shape = (key.0, number_shape(&key.1));
        match (was, now) {
            (None, Some(_)) => *space.shapes.entry(shape).or_default() += 1,
            (Some(_), None) => {
                if let Some(n) = space.shapes.get_mut(&shape) {
                    *n = n.saturating_sub(1);
                    if *n == 0 {
                        space.shapes.remove(&shape);
                    }
                }
            }
            _ => {}
        }
    }

    // What answers differently.
    for (key, _, _) in &changed {
        change.keys.extend(range_keys_of(&name, key.0, &key.1));
        change
            .numbers
            .entry((name.clone(), key.0))
            .or_default()
            .push(key.1.clone());
    }
    for (p, was) in prefixes.iter().zip(prefixes_before) {
        let now = prefix_stats(space, p);
        if now != was {
            change.keys.push(
                Lookup::Prefix {
                    namespace: &name,
                    unit: p.0,
                    prefix: &p.1,
                }
                .key(),
            );
        }
        if now.0 != was.0 {
            change.keys.push(
                Lookup::AnyPrefix {
                    unit: p.0,
                    prefix: &p.1,
                }
                .key(),
            );
        }
    }
    for (u, was) in units.iter().zip(shapes_before) {
        if space.shapes_used(*u) != was {
            change.keys.push(
                Lookup::Shapes {
                    namespace: &name,
                    unit: *u,
                }
                .key(),
            );
        }
    }
    for (u, was) in units.iter().zip(bounds_before) {
        let now = bounds(space, *u, &number_after);
        if now.is_some() != was.is_some() {
            change.keys.push(
                Lookup::Unit {
                    namespace: &name,
                    unit: *u,
                }
                .key(),
            );
        }
        if now != was {
            change.bounds.insert((name.clone(), *u));
        }
    }
}

/// Removes the entry of `number` from list `key` of a look-up table, and the list when it
/// is left empty (a prefix or length no section has is no key).
fn remove_entry<K: std::hash::Hash + Eq>(
    table: &mut HashMap<K, Vec<PrefixEntry>>,
    key: &K,
    number: &str,
) {
    if let Some(list) = table.get_mut(key) {
        list.retain(|e| e.number != number);
        if list.is_empty() {
            table.remove(key);
        }
    }
}

/// Puts `entry` into list `key` of a look-up table, in the order of numbers.
fn insert_entry<K: std::hash::Hash + Eq>(
    table: &mut HashMap<K, Vec<PrefixEntry>>,
    key: K,
    entry: PrefixEntry,
) {
    let list = table.entry(key).or_default();
    let at = list.partition_point(|e| e.number < entry.number);
    list.insert(at, entry);
}

#[cfg(test)]
impl NamespaceIndex {
    /// Everything the index holds but its remembered answers, in a canonical order: what an
    /// index updated in place must share with one built anew.
    pub(crate) fn canonical(&self) -> Vec<String> {
        let mut out = Vec::new();
        let mut names: Vec<&String> = self.spaces.keys().collect();
        names.sort();
        for name in names {
            let s = &self.spaces[name];
            out.push(format!("{name} code {} docs {:?}", s.is_code, s.docs));
            out.push(format!("sections {:?}", s.sections));
            let mut shadowed: Vec<_> = s.shadowed.iter().collect();
            shadowed.sort();
            out.push(format!("shadowed {shadowed:?}"));
            let entries = |list: &[PrefixEntry]| -> Vec<String> {
                list.iter()
                    .map(|e| format!("{} {:?} {:?}", e.number, e.tail, e.section))
                    .collect()
            };
            let mut prefixes: Vec<_> = s.by_prefix.iter().map(|(k, v)| (k, entries(v))).collect();
            prefixes.sort();
            out.push(format!("by prefix {prefixes:?}"));
            let mut lengths: Vec<_> = s.by_length.iter().map(|(k, v)| (k, entries(v))).collect();
            lengths.sort();
            out.push(format!("by length {lengths:?}"));
            let mut ordered: Vec<_> = s.ordered.iter().collect();
            ordered.sort_by_key(|(u, _)| **u);
            out.push(format!("ordered {ordered:?}"));
            let mut shapes: Vec<_> = s.shapes.iter().collect();
            shapes.sort();
            out.push(format!("shapes {shapes:?}"));
        }
        let mut aliases: Vec<_> = self.aliases.iter().collect();
        aliases.sort();
        out.push(format!("aliases {aliases:?}"));
        out.push(format!("named {:?}", self.named));
        out.push(format!("secondary {:?}", self.secondary));
        out
    }
}
