//! The builder: what reads the tokens into an [`HtmlDocument`], the links
//! of each start tag and the one part of the tree builder that matters
//! here, where the head ends.

use alloc::borrow::{Cow, ToOwned};

use super::elements::{self, element, Element};
use super::tokenize::{Attribute, Content, Name, Sink};
use super::{HtmlDocument, HtmlLink, LINK_ATTRIBUTES};

/// What reads the tokens into an [`HtmlDocument`].
pub(super) struct Builder<'h> {
    pub html: &'h str,
    pub doc: HtmlDocument<'h>,
    /// The head has ended: a later `<base>` is in the body.
    pub body: bool,
    pub lines: Lines,
}

impl<'h> Builder<'h> {
    pub fn new(html: &'h str) -> Builder<'h> {
        Builder {
            html,
            doc: HtmlDocument::default(),
            body: false,
            lines: Lines::default(),
        }
    }

    /// The first attribute named `name`, decoded.
    fn find(&self, attrs: &[Attribute], name: Name) -> Option<Cow<'h, str>> {
        let html = self.html;
        attrs
            .iter()
            .find(|a| a.name == name)
            .map(|a| value(&html[a.value.clone()]))
    }

    fn push(
        &mut self,
        element: &'static str,
        attribute: &'static str,
        value: Cow<'h, str>,
        end: usize,
    ) {
        let line = self.lines.line_at(self.html.as_bytes(), end);
        self.doc.links.push(HtmlLink {
            element,
            attribute,
            value,
            line,
        });
    }
}

impl<'h> Sink for Builder<'h> {
    fn wants_text(&self) -> bool {
        // Text only ends the head, which matters while no base is found.
        !self.body && self.doc.base.is_none()
    }

    fn text(&mut self, text: &str) {
        // Text that is not whitespace ends the head ("in head", anything
        // else). A character reference may stand for whitespace (`&#32;`),
        // so text with one is judged decoded.
        crate::work::add(text.len());
        let blank = |s: &str| s.bytes().all(|c| c.is_ascii_whitespace());
        let whitespace = blank(text) || (text.contains('&') && blank(&htmlize::unescape(text)));
        if !whitespace {
            self.body = true;
        }
    }

    fn wants_attributes(&mut self, name: Name) -> bool {
        element(name).has_links()
            || name == elements::META
            || (name == elements::BASE && self.wants_text())
    }

    fn start_tag(&mut self, name: Name, attrs: &[Attribute], end: usize) -> Content {
        let e: &Element = element(name);
        if !e.in_head {
            self.body = true;
        }
        if attrs.is_empty() {
            return e.content;
        }
        if name == elements::BASE && !self.body && self.doc.base.is_none() {
            if let Some(href) = self.find(attrs, elements::HREF) {
                let line = self.lines.line_at(self.html.as_bytes(), end);
                self.doc.base = Some((href, line));
            }
        }
        let links = e.links.0 as usize..e.links.1 as usize;
        for (&(element, attribute), &name) in LINK_ATTRIBUTES[links.clone()]
            .iter()
            .zip(&elements::LINK_NAMES[links])
        {
            if let Some(v) = self.find(attrs, name) {
                self.push(element, attribute, v, end);
            }
        }
        if e.srcset {
            if let Some(v) = self.find(attrs, elements::SRCSET) {
                for url in srcset_urls(&v) {
                    let url = part(&v, url);
                    self.push(e.tag, "srcset", url, end);
                }
            }
        }
        if name == elements::META
            && self
                .find(attrs, elements::HTTP_EQUIV)
                .is_some_and(|v| v.eq_ignore_ascii_case("refresh"))
        {
            if let Some(v) = self.find(attrs, elements::CONTENT) {
                if let Some(url) = refresh_url(&v) {
                    let url = part(&v, url);
                    self.push("meta", "content", url, end);
                }
            }
        }
        e.content
    }

    fn end_tag(&mut self, name: Name) {
        // "in head": these end tags act as "anything else", ending the head.
        const ENDS_HEAD: [Name; 3] = [Name::lower("body"), Name::lower("html"), Name::lower("br")];
        if ENDS_HEAD.contains(&name) {
            self.body = true;
        }
    }
}

/// `part`, a slice of `whole`, borrowed from the document when `whole` is.
fn part<'h>(whole: &Cow<'h, str>, part: &str) -> Cow<'h, str> {
    match whole {
        Cow::Borrowed(s) => {
            let start = part.as_ptr() as usize - s.as_ptr() as usize;
            Cow::Borrowed(&s[start..start + part.len()])
        }
        Cow::Owned(_) => Cow::Owned(part.to_owned()),
    }
}

/// ASCII whitespace around `s` removed.
fn trim(s: &str) -> &str {
    s.trim_matches(|c: char| c.is_ascii_whitespace())
}

/// An attribute's value as the tokenizer gives it to the tree builder
/// (newlines normalized, NUL replaced, character references decoded by the
/// attribute rules), then with ASCII whitespace around it removed: a slice
/// of the document unless something had to be decoded.
pub(super) fn value(raw: &str) -> Cow<'_, str> {
    // Whitespace stays whitespace when decoded (a CR becomes a LF).
    let raw = trim(raw);
    // Nothing to decode without `&`, CR or NUL (the bytes below CR are
    // only sent the long way).
    if !crate::bytes::any_below_or(raw.as_bytes(), b'\r' + 1, [b'&']) {
        return Cow::Borrowed(raw);
    }
    // 13.2.3.5: CR LF and CR are LF; 13.2.5.36 to 13.2.5.38: NUL is U+FFFD.
    let pre: Cow<'_, str> = if memchr::memchr2(b'\r', b'\0', raw.as_bytes()).is_some() {
        Cow::Owned(
            raw.replace("\r\n", "\n")
                .replace('\r', "\n")
                .replace('\0', "\u{FFFD}"),
        )
    } else {
        Cow::Borrowed(raw)
    };
    let decoded = htmlize::unescape_attribute(pre.as_ref());
    // A reference may stand for whitespace at either end.
    Cow::Owned(trim(&decoded).to_owned())
}

/// The line (from 1) of an offset, counted from the last offset asked
/// for: line feeds, and carriage returns not followed by one (input
/// preprocessing makes each a line feed, HTML standard 13.2.3.5).
#[derive(Default)]
pub(super) struct Lines {
    at: usize,
    line: u64,
}

impl Lines {
    /// The line of `end`, which is at or after the last offset asked for
    /// (and not after a CR: tags end at `>`).
    pub fn line_at(&mut self, b: &[u8], end: usize) -> u64 {
        self.line += crate::bytes::line_breaks(&b[self.at..end]);
        self.at = end;
        self.line + 1
    }
}

/// The URLs of a `srcset` value, by the HTML standard's "parse a srcset
/// attribute": candidates separated by commas, each a URL (a run without
/// white space; commas at its end are separators) and descriptors (`2x`,
/// `100w`), which are skipped up to the next comma outside parentheses.
pub(super) fn srcset_urls(v: &str) -> impl Iterator<Item = &str> {
    let mut rest = v;
    core::iter::from_fn(move || loop {
        rest = rest.trim_start_matches(|c: char| c.is_ascii_whitespace() || c == ',');
        if rest.is_empty() {
            return None;
        }
        let end = rest
            .find(|c: char| c.is_ascii_whitespace())
            .unwrap_or(rest.len());
        let url = &rest[..end];
        let (url, ended) = match url.trim_end_matches(',') {
            u if u.len() < url.len() => (u, true),
            u => (u, false),
        };
        rest = &rest[end..];
        if !ended {
            // The descriptors, to the next comma outside parentheses.
            let mut depth = 0usize;
            let cut = rest
                .char_indices()
                .find(|&(_, c)| {
                    match c {
                        '(' => depth += 1,
                        ')' => depth = depth.saturating_sub(1),
                        ',' if depth == 0 => return true,
                        _ => {}
                    }
                    false
                })
                .map_or(rest.len(), |(i, _)| i);
            rest = &rest[cut..];
        }
        if !url.is_empty() {
            return Some(url);
        }
    })
}

/// The URL of a `<meta http-equiv=refresh>` `content` value, by the HTML
/// standard's "shared declarative refresh steps": a time, `;` or `,`, then
/// `url=` (any case, spaces around `=`), the URL in quotes or to the end.
/// `None` when the value names no URL (a plain reload).
pub(super) fn refresh_url(content: &str) -> Option<&str> {
    let s = content.trim_start_matches(|c: char| c.is_ascii_whitespace());
    let s = s.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
    let s = s.trim_start_matches(|c: char| c.is_ascii_whitespace());
    let s = s.strip_prefix([';', ','])?;
    let s = s.trim_start_matches(|c: char| c.is_ascii_whitespace());
    let s = match s.get(..3) {
        Some(p) if p.eq_ignore_ascii_case("url") => {
            let after = s[3..].trim_start_matches(|c: char| c.is_ascii_whitespace());
            match after.strip_prefix('=') {
                Some(a) => a.trim_start_matches(|c: char| c.is_ascii_whitespace()),
                None => s,
            }
        }
        _ => s,
    };
    let url = match s.chars().next() {
        Some(q @ ('"' | '\'')) => {
            let inner = &s[1..];
            &inner[..inner.find(q).unwrap_or(inner.len())]
        }
        _ => s,
    };
    let url = url.trim_matches(|c: char| c.is_ascii_whitespace());
    (!url.is_empty()).then_some(url)
}
