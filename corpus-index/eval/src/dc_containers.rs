//! Targets of container citations in the D.C. Code's markup: the D.C. Council marks
//! `Chapter 10 of Title 1`, `subchapter II of this chapter` and `this chapter` as `<cite
//! path="1|10">`, `<cite path="2|5|II">`: the designations of the containers from the title
//! down, as the code's table of contents (`index.xml`, nested `<container>`s) nests them.
//!
//! A container citation's chain ([`lexls_syntax::citation::container`]) becomes such a path: a chain
//! anchored at the citing position (`this chapter`) takes the citing file's containers down
//! to the one at that level; a chain from a title (`Chapter 9 of Title 28`) is looked up in
//! the table of contents, which may hold levels the text skips (a chapter inside a
//! subtitle).

use std::collections::{HashMap, HashSet};

use lexls_index::workspace::Snapshot;
use lexls_syntax::citation::container::{self, ChainAnchor};

/// The containers of a workspace's tables of contents.
#[derive(Debug, Default)]
pub(crate) struct Contents {
    /// Each included file's containers, outermost first, as (level abbreviation, designation).
    files: HashMap<String, Vec<(String, String)>>,
    /// Every container's chain, outermost first.
    chains: HashSet<Vec<(String, String)>>,
}

impl Contents {
    /// Reads the tables of contents (`Document::contents`) of the workspace.
    pub(crate) fn of(snap: &Snapshot) -> Self {
        let mut out = Self::default();
        for doc in &snap.docs {
            for (i, c) in doc.contents.iter().enumerate() {
                let mut chain = Vec::new();
                let mut at = Some(i);
                // Parents precede their children; the bound keeps a malformed list from looping.
                let mut steps = 0;
                while let Some(k) = at.filter(|_| steps < 64) {
                    let Some(k_c) = doc.contents.get(k) else {
                        break;
                    };
                    let level = container::abbreviation(&k_c.prefix).unwrap_or("?");
                    chain.push((level.to_string(), k_c.number.clone()));
                    at = k_c.parent.filter(|&p| p < k);
                    steps += 1;
                }
                chain.reverse();
                for f in &c.includes {
                    out.files.insert(f.clone(), chain.clone());
                }
                out.chains.insert(chain);
            }
        }
        out
    }

    /// The path of the container `division` names (`1/10/II`), cited from the file
    /// `rel_path`; `None` when `division` is no chain or the citing file is in no container
    /// of that level.
    pub(crate) fn target(&self, division: &str, rel_path: &str) -> Option<String> {
        let chain = container::parse(division)?;
        let mut path: Vec<(String, String)> = match &chain.anchor {
            ChainAnchor::This(level) => {
                let own = self.files.get(rel_path)?;
                let at = own.iter().rposition(|(l, _)| l == level)?;
                own[..=at].to_vec()
            }
            ChainAnchor::Title(n) => vec![("tit.".to_string(), n.clone())],
        };
        path.extend(chain.levels.iter().cloned());
        if matches!(chain.anchor, ChainAnchor::Title(_)) && !self.chains.contains(&path) {
            // A level the text skips: the one container of the title ending in these levels.
            let found: Vec<&Vec<(String, String)>> = self
                .chains
                .iter()
                .filter(|c| c.first() == path.first() && c.ends_with(&path[1..]))
                .collect();
            if let [one] = found.as_slice() {
                path = (*one).clone();
            }
        }
        let numbers: Vec<&str> = path.iter().map(|(_, n)| n.as_str()).collect();
        Some(numbers.join("/"))
    }
}
