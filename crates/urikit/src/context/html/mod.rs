//! The links of an HTML document and its embedded base (feature `html`).
//!
//! The document is read by the HTML standard's tokenization (section
//! 13.2.5): character references in attribute values are decoded, tag and
//! attribute names are compared without regard to case, comments and the
//! text of `script`, `style`, `title`, `textarea` and the other raw-text
//! elements are not searched for tags. No tree is built: the builder plays
//! the part of the tree builder where it matters, switching the tokenizer
//! into raw text after those elements' start tags and following the "in
//! head" insertion mode to tell where the head ends. Values are borrowed
//! from the document unless they had to be decoded.

use alloc::borrow::Cow;
use alloc::vec::Vec;

mod builder;
mod elements;
#[cfg(any(test, feature = "html-reference"))]
mod reference;
mod tokenize;

#[cfg(feature = "html-reference")]
#[doc(hidden)]
pub use reference::{miscounts_lines, reference};

/// The elements and attributes whose whole values are links (the HTML
/// standard's attributes that take a "valid URL potentially surrounded by
/// spaces"). Besides these, each candidate of `srcset` on `img` and
/// `source` is a link, and so is the URL of `<meta http-equiv=refresh
/// content="0; url=...">` (attribute `content`). An element's entries are
/// together, and an element with several gives its links in their order.
///
/// ```
/// assert!(urikit::html::LINK_ATTRIBUTES.contains(&("form", "action")));
/// assert!(urikit::html::LINK_ATTRIBUTES.contains(&("video", "poster")));
/// ```
pub const LINK_ATTRIBUTES: &[(&str, &str)] = &[
    ("a", "href"),
    ("area", "href"),
    ("audio", "src"),
    ("blockquote", "cite"),
    ("button", "formaction"),
    ("del", "cite"),
    ("embed", "src"),
    ("form", "action"),
    ("iframe", "src"),
    ("img", "src"),
    ("input", "src"),
    ("input", "formaction"),
    ("ins", "cite"),
    ("link", "href"),
    ("object", "data"),
    ("q", "cite"),
    ("script", "src"),
    ("source", "src"),
    ("track", "src"),
    ("video", "src"),
    ("video", "poster"),
];

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
pub struct HtmlLink<'h> {
    element: &'static str,
    attribute: &'static str,
    value: Cow<'h, str>,
    line: u64,
}

impl<'h> HtmlLink<'h> {
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

    /// The value, borrowed from the document unless it had to be decoded.
    ///
    /// ```
    /// use std::borrow::Cow;
    /// let doc = urikit::html::HtmlDocument::parse("<a href=x><a href='&lt;'>");
    /// assert!(matches!(doc.links()[0].value_cow(), Cow::Borrowed("x")));
    /// assert!(matches!(doc.links()[1].value_cow(), Cow::Owned(_)));
    /// ```
    pub fn value_cow(&self) -> &Cow<'h, str> {
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
pub struct HtmlDocument<'h> {
    base: Option<(Cow<'h, str>, u64)>,
    links: Vec<HtmlLink<'h>>,
}

impl<'h> HtmlDocument<'h> {
    /// Scans `html` in one pass, in time linear in its length.
    ///
    /// ```
    /// let doc = urikit::html::HtmlDocument::parse("<script>var a = '<a href=no>';</script><a href=yes>");
    /// assert_eq!(doc.links().len(), 1);
    /// assert_eq!(doc.links()[0].value(), "yes");
    /// ```
    pub fn parse(html: &'h str) -> HtmlDocument<'h> {
        let mut b = builder::Builder::new(html);
        tokenize::tokenize(html, &mut b);
        b.doc
    }

    /// The document with every value owned, independent of the text it
    /// was read from.
    ///
    /// ```
    /// let doc = {
    ///     let text = String::from("<a href=x>");
    ///     urikit::html::HtmlDocument::parse(&text).into_owned()
    /// };
    /// assert_eq!(doc.links()[0].value(), "x");
    /// ```
    pub fn into_owned(self) -> HtmlDocument<'static> {
        let own = |c: Cow<'h, str>| Cow::Owned(c.into_owned());
        HtmlDocument {
            base: self.base.map(|(href, line)| (own(href), line)),
            links: self
                .links
                .into_iter()
                .map(|l| HtmlLink {
                    value: own(l.value),
                    ..l
                })
                .collect(),
        }
    }

    /// The `href` of the embedded `<base>` (whitespace around it removed),
    /// if the head has one.
    ///
    /// ```
    /// let doc = urikit::html::HtmlDocument::parse("<body><base href='http://a/'>");
    /// assert_eq!(doc.base_href(), None);
    /// ```
    pub fn base_href(&self) -> Option<&str> {
        self.base.as_ref().map(|(href, _)| href.as_ref())
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
    pub fn links(&self) -> &[HtmlLink<'h>] {
        &self.links
    }
}

#[cfg(test)]
mod tests {
    use super::builder::{refresh_url, srcset_urls, value};
    use super::*;
    use alloc::string::String;

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

    #[test]
    fn values_are_decoded_as_the_tokenizer_gives_them() {
        // Character references by the attribute rules (HTML standard
        // 13.2.5.73): without `;`, not before `=` or an alphanumeric.
        assert_eq!(value(" ?a=1&amp;b=2 "), "?a=1&b=2");
        assert_eq!(value("?a&ampb"), "?a&ampb");
        assert_eq!(value("?a&amp=b"), "?a&amp=b");
        assert_eq!(value("?a&amp;=b"), "?a&=b");
        assert_eq!(value("&#x2F;p&#47&#0;&#128;"), "/p/\u{FFFD}\u{20AC}");
        // Newlines normalized (13.2.3.5), NUL replaced, then trimmed.
        assert_eq!(value("\r\na\rb\r\n\0"), "a\nb\n\u{FFFD}");
        assert_eq!(value("&#32;x&Tab;"), "x");
    }

    #[test]
    fn lines_count_cr_lf_and_lone_cr_once_each() {
        let doc = HtmlDocument::parse("<a href=1>\r\n<a href=2>\r<a href=3>\n\r\n<a\nhref=4>");
        let lines: Vec<_> = doc.links().iter().map(HtmlLink::line).collect();
        assert_eq!(lines, [1, 2, 3, 6]);
        // A line break before an attribute value counts too (html5ever 0.40
        // passes over it uncounted: `reference::miscounts_lines`).
        let doc = HtmlDocument::parse("<script \0=\n <video src=v>");
        assert_eq!(doc.links()[0].line(), 2);
        assert!(reference::miscounts_lines("<script \0=\n <video src=v>"));
    }

    #[test]
    fn text_ends_the_head_unless_it_stands_for_whitespace() {
        assert_eq!(base("&#32;&Tab;\n<base href=a>").as_deref(), Some("a"));
        assert_eq!(base("&nbsp;<base href=a>"), None);
        assert_eq!(base("&amp<base href=a>"), None);
        assert_eq!(base("< <base href=a>"), None);
        assert_eq!(base("\0<base href=a>"), None);
        // Raw text does not end it; PLAINTEXT is not raw text.
        assert_eq!(base("<style>x</style><base href=a>").as_deref(), Some("a"));
        assert_eq!(base("<plaintext>x"), None);
    }

    /// Pieces of markup that reach every tokenizer state that decides where
    /// a tag is, and every rule of the head.
    const PIECES: &[&str] = &[
        "<a href=x>",
        "<A HREF='y z'>",
        "<a href=\"1\" href=2>",
        "<img src=i srcset=\"a 1x, b 2x\">",
        "<source srcset=s>",
        "<base href=http://b/>",
        "<BASE HREF=\"rel\">",
        "<base target=t>",
        "<meta http-equiv=Refresh content=\"0; url=/r\">",
        "<head>",
        "</head>",
        "<body>",
        "</body>",
        "<html>",
        "</html>",
        "<p>",
        "</p>",
        "<br>",
        "</br>",
        "<title>",
        "</title>",
        "<script>",
        "</script>",
        "</SCRIPT >",
        "<script src=j>",
        "<style>",
        "</style>",
        "<textarea>",
        "</textarea>",
        "<xmp>",
        "</xmp>",
        "<iframe src=f>",
        "</iframe>",
        "<noscript>",
        "<plaintext>",
        "<noframes>",
        "</noframes>",
        "<template>",
        "<link href=l>",
        "<frameset>",
        "<form action=/f>",
        "<video src=v poster=p>",
        "<input src=s formaction=fa>",
        "<q cite=c>",
        "<",
        ">",
        "/",
        "=",
        "\"",
        "'",
        " ",
        "\n",
        "\r",
        "\r\n",
        "\t",
        "\0",
        "&",
        "&amp;",
        "&amp",
        "&ampx",
        "&#x2F;",
        "&#47",
        "&#0;",
        "&#128;",
        "&#xD800;",
        "&#1114112;",
        "&notin;",
        "&notit;",
        "&Tab;",
        "&#32;",
        "&nbsp;",
        "-",
        "--",
        "-->",
        "--!>",
        "<!--",
        "<!---",
        "<!-->",
        "<!",
        "<!DOCTYPE html>",
        "<![CDATA[",
        "]]>",
        "<?",
        "</",
        "</a",
        "<!--<script>",
        "<script ",
        "</script",
        "text",
        "é",
        "\u{feff}",
        "a",
        "href",
        "src",
        "=x",
        "x",
        "<a",
        " href",
        "=\"",
    ];

    fn html_strategy() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::prelude::*;
        let pieces =
            prop::collection::vec(prop::sample::select(PIECES), 0..40).prop_map(|v| v.concat());
        let bytes = "[<>/!=\"' \\n\\r&#;a-cx?\\[\\]\\-\\x00]{0,60}";
        prop_oneof![pieces, bytes]
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(10000))]

        /// The tokenizer finds what html5ever's finds: the same base, and
        /// the same links with the same values and lines.
        #[test]
        fn tokenizer_agrees_with_html5ever(html in html_strategy()) {
            let (ours, theirs) = (HtmlDocument::parse(&html), reference::reference(&html));
            proptest::prop_assert_eq!(without_lines(&ours), without_lines(&theirs));
            if !reference::miscounts_lines(&html) {
                proptest::prop_assert_eq!(ours, theirs);
            }
        }
    }

    /// The document with every line set to 0.
    fn without_lines<'h>(doc: &HtmlDocument<'h>) -> HtmlDocument<'h> {
        let mut doc = doc.clone();
        doc.links.iter_mut().for_each(|l| l.line = 0);
        if let Some((_, line)) = &mut doc.base {
            *line = 0;
        }
        doc
    }
}
