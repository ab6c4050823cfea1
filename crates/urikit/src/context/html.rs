//! The links of an HTML document and its embedded base (feature `html`).
//!
//! The document is read with html5ever's tokenizer, the HTML standard's
//! tokenization: character references in attribute values are decoded,
//! tag and attribute names are compared without regard to case, and the
//! text of `script`, `style`, `title`, `textarea` and the other raw-text
//! elements is not searched for tags. No tree is built.

use alloc::string::String;
use alloc::vec::Vec;
use core::cell::RefCell;

use html5ever::tendril::StrTendril;
use html5ever::tokenizer::states::RawKind;
use html5ever::tokenizer::{
    BufferQueue, Tag, TagKind, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOpts,
};

/// The elements and attributes whose whole values are links (the HTML
/// standard's attributes that take a "valid URL potentially surrounded by
/// spaces"). Besides these, each candidate of `srcset` on `img` and
/// `source` is a link, and so is the URL of `<meta http-equiv=refresh
/// content="0; url=...">` (attribute `content`).
///
/// ```
/// assert!(urikit::html::LINK_ATTRIBUTES.contains(&("form", "action")));
/// assert!(urikit::html::LINK_ATTRIBUTES.contains(&("video", "poster")));
/// ```
pub const LINK_ATTRIBUTES: &[(&str, &str)] = &[
    ("a", "href"),
    ("area", "href"),
    ("link", "href"),
    ("img", "src"),
    ("script", "src"),
    ("iframe", "src"),
    ("form", "action"),
    ("source", "src"),
    ("video", "src"),
    ("video", "poster"),
    ("audio", "src"),
    ("track", "src"),
    ("embed", "src"),
    ("object", "data"),
    ("input", "src"),
    ("button", "formaction"),
    ("input", "formaction"),
    ("blockquote", "cite"),
    ("q", "cite"),
    ("ins", "cite"),
    ("del", "cite"),
];

/// The URLs of a `srcset` value, by the HTML standard's "parse a srcset
/// attribute": candidates separated by commas, each a URL (a run without
/// white space; commas at its end are separators) and descriptors (`2x`,
/// `100w`), which are skipped up to the next comma outside parentheses.
fn srcset_urls(v: &str) -> impl Iterator<Item = &str> {
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
fn refresh_url(content: &str) -> Option<&str> {
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

/// One link of a document: the element and attribute it came from, its
/// value, and the line its tag ends on.
///
/// ```
/// let doc = urikit::html::HtmlDocument::parse("<p>\n<IMG SRC=' a.png '>");
/// let link = &doc.links()[0];
/// assert_eq!((link.element(), link.attribute()), ("img", "src"));
/// assert_eq!(link.value(), "a.png");
/// assert_eq!(link.line(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HtmlLink {
    element: &'static str,
    attribute: &'static str,
    value: String,
    line: u64,
}

impl HtmlLink {
    /// The element's name, in lower case.
    ///
    /// ```
    /// let doc = urikit::html::HtmlDocument::parse("<A HREF=x>");
    /// assert_eq!(doc.links()[0].element(), "a");
    /// ```
    pub const fn element(&self) -> &'static str {
        self.element
    }

    /// The attribute's name, in lower case.
    ///
    /// ```
    /// let doc = urikit::html::HtmlDocument::parse("<form ACTION=/post>");
    /// assert_eq!(doc.links()[0].attribute(), "action");
    /// ```
    pub const fn attribute(&self) -> &'static str {
        self.attribute
    }

    /// The attribute's value, character references decoded and leading
    /// and trailing whitespace removed (HTML's "valid URL potentially
    /// surrounded by spaces"). It is not checked: it may not be a valid
    /// URI reference.
    ///
    /// ```
    /// let doc = urikit::html::HtmlDocument::parse("<a href='?a=1&amp;b=2'>");
    /// assert_eq!(doc.links()[0].value(), "?a=1&b=2");
    /// ```
    pub fn value(&self) -> &str {
        &self.value
    }

    /// The line (from 1) on which the element's tag ends.
    ///
    /// ```
    /// let doc = urikit::html::HtmlDocument::parse("\n\n<a href=x>");
    /// assert_eq!(doc.links()[0].line(), 3);
    /// ```
    pub const fn line(&self) -> u64 {
        self.line
    }
}

/// What a scan of an HTML document found: the embedded base and the links.
///
/// The base is the `href` of the first `<base>` element that has one and
/// is in the head (RFC 2396 Appendix D: "when present in the HEAD portion
/// of a document"). The head is where the HTML standard's tree builder puts
/// it: it ends at `<body>`, at the first start tag that does not belong in
/// a head, or at text other than whitespace. A `<base>` after `</head>` but
/// before the body still counts, since the tree builder moves it into the
/// head; one in the body does not.
///
/// ```
/// use urikit::html::HtmlDocument;
///
/// // RFC 2396 Appendix D.
/// let doc = HtmlDocument::parse(
///     r#"<!doctype html public "-//IETF//DTD HTML//EN">
/// <HTML><HEAD>
/// <TITLE>An example HTML document</TITLE>
/// <BASE href="http://www.ics.uci.edu/Test/a/b/c">
/// </HEAD><BODY>
/// ... <A href="../x">a hypertext anchor</A> ...
/// </BODY></HTML>"#,
/// );
/// assert_eq!(doc.base_href(), Some("http://www.ics.uci.edu/Test/a/b/c"));
/// assert_eq!(doc.base_line(), Some(4));
/// assert_eq!(doc.links()[0].value(), "../x");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HtmlDocument {
    base: Option<(String, u64)>,
    links: Vec<HtmlLink>,
}

impl HtmlDocument {
    /// Scans `html` in one pass, in time linear in its length.
    ///
    /// ```
    /// let doc = urikit::html::HtmlDocument::parse("<script>var a = '<a href=no>';</script><a href=yes>");
    /// assert_eq!(doc.links().len(), 1);
    /// assert_eq!(doc.links()[0].value(), "yes");
    /// ```
    pub fn parse(html: &str) -> HtmlDocument {
        let tokenizer = Tokenizer::new(Sink::default(), TokenizerOpts::default());
        let input = BufferQueue::default();
        input.push_back(StrTendril::from_slice(html));
        // The sink never asks to pause for a script, so one feed reads all.
        let _ = tokenizer.feed(&input);
        tokenizer.end();
        tokenizer.sink.state.into_inner().doc
    }

    /// The `href` of the embedded `<base>` (whitespace around it removed),
    /// if the head has one.
    ///
    /// ```
    /// let doc = urikit::html::HtmlDocument::parse("<body><base href='http://a/'>");
    /// assert_eq!(doc.base_href(), None);
    /// ```
    pub fn base_href(&self) -> Option<&str> {
        self.base.as_ref().map(|(href, _)| href.as_str())
    }

    /// The line of the `<base>` element that gave [`base_href`](Self::base_href).
    ///
    /// ```
    /// let doc = urikit::html::HtmlDocument::parse("<head>\n<base href=x>");
    /// assert_eq!(doc.base_line(), Some(2));
    /// ```
    pub fn base_line(&self) -> Option<u64> {
        self.base.as_ref().map(|&(_, line)| line)
    }

    /// The links, in document order.
    ///
    /// ```
    /// let doc = urikit::html::HtmlDocument::parse("<link href=a.css><a href=b>");
    /// let v: Vec<_> = doc.links().iter().map(|l| l.value()).collect();
    /// assert_eq!(v, ["a.css", "b"]);
    /// ```
    pub fn links(&self) -> &[HtmlLink] {
        &self.links
    }
}

#[derive(Default)]
struct Sink {
    state: RefCell<State>,
}

#[derive(Default)]
struct State {
    doc: HtmlDocument,
    /// The head has ended: a later `<base>` is in the body.
    body: bool,
    /// Inside an element whose text the tokenizer reads raw (`title`,
    /// `style`, `script`, ...): its text does not end the head.
    raw_text: bool,
}

/// Elements the HTML tree builder keeps in the head ("in head" insertion
/// mode), plus `html` and `head` themselves.
const HEAD_ELEMENTS: &[&str] = &[
    "html", "head", "base", "basefont", "bgsound", "link", "meta", "title", "noscript", "noframes",
    "style", "script", "template",
];

impl TokenSink for Sink {
    type Handle = ();

    fn process_token(&self, token: Token, line: u64) -> TokenSinkResult<()> {
        let mut st = self.state.borrow_mut();
        match token {
            Token::TagToken(tag) => match tag.kind {
                TagKind::StartTag => return st.start_tag(&tag, line),
                TagKind::EndTag => st.end_tag(&tag),
            },
            Token::CharacterTokens(text)
                if !st.raw_text && !text.chars().all(|c| c.is_ascii_whitespace()) =>
            {
                st.body = true;
            }
            Token::NullCharacterToken => st.body |= !st.raw_text,
            _ => {}
        }
        TokenSinkResult::Continue
    }
}

impl State {
    fn start_tag(&mut self, tag: &Tag, line: u64) -> TokenSinkResult<()> {
        let name: &str = &tag.name;
        if name == "body" || name == "frameset" || !HEAD_ELEMENTS.contains(&name) {
            self.body = true;
        }
        if name == "base" && !self.body && self.doc.base.is_none() {
            if let Some(href) = attribute(tag, "href") {
                self.doc.base = Some((href.into(), line));
            }
        }
        for &(element, attr) in LINK_ATTRIBUTES {
            if element == name {
                if let Some(value) = attribute(tag, attr) {
                    self.doc.links.push(HtmlLink {
                        element,
                        attribute: attr,
                        value: value.into(),
                        line,
                    });
                }
            }
        }
        let srcset_element = match name {
            "img" => Some("img"),
            "source" => Some("source"),
            _ => None,
        };
        if let (Some(element), Some(v)) = (srcset_element, attribute(tag, "srcset")) {
            for url in srcset_urls(v) {
                self.doc.links.push(HtmlLink {
                    element,
                    attribute: "srcset",
                    value: url.into(),
                    line,
                });
            }
        }
        let refresh = name == "meta"
            && attribute(tag, "http-equiv").is_some_and(|v| v.eq_ignore_ascii_case("refresh"));
        if let Some(url) = refresh
            .then(|| attribute(tag, "content"))
            .flatten()
            .and_then(refresh_url)
        {
            self.doc.links.push(HtmlLink {
                element: "meta",
                attribute: "content",
                value: url.into(),
                line,
            });
        }
        // What the tree builder tells the tokenizer (HTML standard 13.2.6).
        let raw = match name {
            "title" | "textarea" => RawKind::Rcdata,
            "style" | "xmp" | "iframe" | "noembed" | "noframes" => RawKind::Rawtext,
            "script" => RawKind::ScriptData,
            "plaintext" => return TokenSinkResult::Plaintext,
            _ => return TokenSinkResult::Continue,
        };
        self.raw_text = true;
        TokenSinkResult::RawData(raw)
    }

    fn end_tag(&mut self, tag: &Tag) {
        self.raw_text = false;
        // "in head": these end tags act as "anything else", ending the head.
        if matches!(&*tag.name, "body" | "html" | "br") {
            self.body = true;
        }
    }
}

/// The first attribute named `name`, whitespace around it removed.
fn attribute<'t>(tag: &'t Tag, name: &str) -> Option<&'t str> {
    tag.attrs
        .iter()
        .find(|a| a.name.ns.is_empty() && &*a.name.local == name)
        .map(|a| a.value.trim_matches(|c: char| c.is_ascii_whitespace()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn base(html: &str) -> Option<String> {
        HtmlDocument::parse(html).base_href().map(String::from)
    }

    #[test]
    fn srcset_candidates_each_a_link() {
        fn urls(v: &str) -> Vec<&str> {
            srcset_urls(v).collect()
        }
        assert_eq!(urls("a.png 1x, b.png 2x"), ["a.png", "b.png"]);
        // A comma inside the URL is part of it (only trailing ones end it).
        assert_eq!(urls("a.png,b.png"), ["a.png,b.png"]);
        assert_eq!(urls("a.png, b.png"), ["a.png", "b.png"]);
        assert_eq!(urls(" a,b.png 100w , c.png"), ["a,b.png", "c.png"]);
        assert_eq!(urls("x.png (foo, bar) 2x, y.png"), ["x.png", "y.png"]);
        assert_eq!(
            urls("data:image/png;base64,AAA= 1x"),
            ["data:image/png;base64,AAA="]
        );
        assert!(urls(" , ,").is_empty());
    }

    #[test]
    fn refresh_urls() {
        assert_eq!(refresh_url("0; url=http://a/"), Some("http://a/"));
        assert_eq!(refresh_url("5;URL = 'b.html' "), Some("b.html"));
        assert_eq!(refresh_url("1, \"c d\""), Some("c d"));
        assert_eq!(refresh_url("3; /x"), Some("/x"));
        assert_eq!(refresh_url("10"), None);
        assert_eq!(refresh_url("x; url=y"), None);
    }

    #[test]
    fn the_first_base_in_the_head_wins() {
        let html = "<head><base target=_top><base href=http://a/><base href=http://b/></head>";
        assert_eq!(base(html).as_deref(), Some("http://a/"));
    }

    #[test]
    fn a_base_in_the_body_is_ignored() {
        assert_eq!(base("<html><body><base href=http://a/>"), None);
        assert_eq!(base("<p>text</p><base href=http://a/>"), None);
        assert_eq!(base("text<base href=http://a/>"), None);
        assert_eq!(base("<div><base href=http://a/>"), None);
    }

    #[test]
    fn title_text_and_whitespace_do_not_end_the_head() {
        let html = "<html>\n <head> <title>Text <body></title>\n<base href=http://a/>";
        assert_eq!(base(html).as_deref(), Some("http://a/"));
    }

    #[test]
    fn raw_text_elements_hide_tags() {
        let html = "<style>a{background:url(<a href=1>)}</style><textarea><a href=2></textarea>\
                    <title><a href=3></title><a href=4>";
        let doc = HtmlDocument::parse(html);
        let v: Vec<_> = doc.links().iter().map(|l| l.value()).collect();
        assert_eq!(v, ["4"]);
    }

    #[test]
    fn attributes_in_a_namespace_are_not_links() {
        // `xlink:href` on an SVG `a` tokenizes as the attribute "xlink:href".
        let doc = HtmlDocument::parse("<a xlink:href=x>");
        assert!(doc.links().is_empty());
    }
}
