//! What the builder knows of each element: the facts below, gathered at
//! compile time into one table that a start tag's name finds with one
//! hash, so that reading a tag costs no string comparison.

use super::tokenize::{Content, Name};
use super::LINK_ATTRIBUTES;

/// Elements the HTML tree builder keeps in the head ("in head" insertion
/// mode, HTML standard 13.2.6.4.4), plus `html` and `head` themselves.
/// Any other start tag ends the head.
pub(super) const HEAD_ELEMENTS: &[&str] = &[
    "base", "basefont", "bgsound", "head", "html", "link", "meta", "noframes", "noscript",
    "script", "style", "template", "title",
];

/// The elements whose text is not markup, and the state the tree builder
/// has the tokenizer read it in (13.2.6.4.4, "in head", and 13.2.6.4.7,
/// "in body"). `noscript` is read as markup, as a client without scripts
/// reads it, so that the links inside it are found.
pub(super) const RAW_TEXT: &[(&str, Content)] = &[
    ("title", Content::Rcdata),
    ("textarea", Content::Rcdata),
    ("style", Content::Rawtext),
    ("xmp", Content::Rawtext),
    ("iframe", Content::Rawtext),
    ("noembed", Content::Rawtext),
    ("noframes", Content::Rawtext),
    ("script", Content::Script),
    ("plaintext", Content::Plaintext),
];

/// The elements each candidate of whose `srcset` is a link.
pub(super) const SRCSET_ELEMENTS: &[&str] = &["img", "source"];

/// Names the builder looks for by themselves.
pub(super) const BASE: Name = Name::lower("base");
pub(super) const META: Name = Name::lower("meta");
pub(super) const HREF: Name = Name::lower("href");
pub(super) const SRCSET: Name = Name::lower("srcset");
pub(super) const HTTP_EQUIV: Name = Name::lower("http-equiv");
pub(super) const CONTENT: Name = Name::lower("content");

/// The attribute names of [`LINK_ATTRIBUTES`], in its order.
pub(super) const LINK_NAMES: [Name; LINK_ATTRIBUTES.len()] = {
    let mut names = [Name(0); LINK_ATTRIBUTES.len()];
    let mut k = 0;
    while k < names.len() {
        names[k] = Name::lower(LINK_ATTRIBUTES[k].1);
        k += 1;
    }
    names
};

/// An element the builder knows (or, with the name 0, any other).
#[derive(Clone, Copy, Debug)]
pub(super) struct Element {
    pub name: Name,
    /// The name as text ("" for any other element).
    pub tag: &'static str,
    /// Its entries of [`LINK_ATTRIBUTES`] (and [`LINK_NAMES`]), from and to.
    pub links: (u8, u8),
    /// In [`HEAD_ELEMENTS`].
    pub in_head: bool,
    /// From [`RAW_TEXT`]; markup otherwise.
    pub content: Content,
    /// In [`SRCSET_ELEMENTS`].
    pub srcset: bool,
}

impl Element {
    /// Whether the builder reads any attribute of the element.
    pub fn has_links(&self) -> bool {
        self.links.0 != self.links.1 || self.srcset
    }
}

const OTHER: Element = Element {
    name: Name(0),
    tag: "",
    links: (0, 0),
    in_head: false,
    content: Content::Data,
    srcset: false,
};

/// Slots in the table: a power of two, over twice the elements named.
const SLOTS: usize = 128;

/// Where the search for `name` starts: the name's two halves mixed and
/// multiplied, the top seven bits.
const fn slot(name: Name) -> usize {
    let x = (name.0 as u64) ^ ((name.0 >> 64) as u64).rotate_left(29);
    (x.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - 7)) as usize
}

/// The slot that holds `name`, or the empty one where it would go (open
/// addressing: the slots after the first are tried in turn).
const fn find(table: &[Element; SLOTS], name: Name) -> usize {
    let mut i = slot(name);
    while table[i].name.0 != name.0 && table[i].name.0 != 0 {
        i = (i + 1) % SLOTS;
    }
    i
}

/// The table, built from the facts above at compile time.
static TABLE: [Element; SLOTS] = {
    let mut t = [OTHER; SLOTS];
    // Every element named anywhere gets a slot; the first loop also
    // records each element's run of link attributes.
    let mut k = 0;
    while k < LINK_ATTRIBUTES.len() {
        let name = Name::lower(LINK_ATTRIBUTES[k].0);
        let i = find(&t, name);
        if t[i].name.0 == 0 {
            t[i].name = name;
            t[i].tag = LINK_ATTRIBUTES[k].0;
            t[i].links = (k as u8, k as u8 + 1);
        } else {
            assert!(
                t[i].links.1 as usize == k,
                "an element's entries in LINK_ATTRIBUTES are together"
            );
            t[i].links.1 += 1;
        }
        k += 1;
    }
    let mut k = 0;
    while k < HEAD_ELEMENTS.len() + RAW_TEXT.len() + SRCSET_ELEMENTS.len() {
        let (tag, j) = if k < HEAD_ELEMENTS.len() {
            (HEAD_ELEMENTS[k], 0)
        } else if k < HEAD_ELEMENTS.len() + RAW_TEXT.len() {
            (RAW_TEXT[k - HEAD_ELEMENTS.len()].0, 1)
        } else {
            (SRCSET_ELEMENTS[k - HEAD_ELEMENTS.len() - RAW_TEXT.len()], 2)
        };
        let name = Name::lower(tag);
        let i = find(&t, name);
        t[i].name = name;
        t[i].tag = tag;
        match j {
            0 => t[i].in_head = true,
            1 => t[i].content = RAW_TEXT[k - HEAD_ELEMENTS.len()].1,
            _ => t[i].srcset = true,
        }
        k += 1;
    }
    t
};

/// What the builder knows of the element `name`.
pub(super) fn element(name: Name) -> &'static Element {
    &TABLE[find(&TABLE, name)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_fact_is_in_the_table() {
        for &(e, a) in LINK_ATTRIBUTES {
            let el = element(Name::lower(e));
            assert_eq!(el.tag, e);
            let (from, to) = (el.links.0 as usize, el.links.1 as usize);
            assert!(LINK_ATTRIBUTES[from..to].contains(&(e, a)));
            assert!(LINK_ATTRIBUTES[from..to].iter().all(|&(x, _)| x == e));
            assert!(LINK_NAMES[from..to].contains(&Name::lower(a)));
        }
        for e in HEAD_ELEMENTS {
            assert!(element(Name::lower(e)).in_head, "{e}");
        }
        for &(e, c) in RAW_TEXT {
            assert_eq!(element(Name::lower(e)).content, c, "{e}");
        }
        for e in SRCSET_ELEMENTS {
            assert!(element(Name::lower(e)).srcset, "{e}");
        }
        // Nothing else is anything.
        for e in [
            "div",
            "span",
            "body",
            "frameset",
            "p",
            "br",
            "svg",
            "noscripts",
        ] {
            let el = element(Name::lower(e));
            assert_eq!(
                (el.tag, el.in_head, el.content, el.has_links()),
                ("", false, Content::Data, false),
                "{e}"
            );
        }
        assert_eq!(element(Name(0)).tag, "");
        assert!(element(Name::of(b"NoScript")).in_head);
    }
}
