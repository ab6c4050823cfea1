//! The reference the tokenizer is checked against: html5ever's tokenizer
//! (the HTML standard's tokenization, character by character), driven by
//! the same facts as [`Builder`](super::Builder): which elements hold links
//! and raw text, and where the head ends. Differences between the two can
//! only come from tokenization, so the property tests and the `html` fuzz
//! target compare them on every input. Compiled for tests, and for the
//! fuzz targets with the `html-reference` feature.

use core::cell::RefCell;

use html5ever::tendril::StrTendril;
use html5ever::tokenizer::states::RawKind;
use html5ever::tokenizer::{
    BufferQueue, Tag, TagKind, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOpts,
};

use alloc::borrow::Cow;

use super::builder::{refresh_url, srcset_urls};
use super::elements::{element, HEAD_ELEMENTS};
use super::tokenize::{Content, Name};
use super::{HtmlDocument, HtmlLink, LINK_ATTRIBUTES};

/// The document as html5ever's tokenizer reads it.
///
/// ```
/// # #[cfg(feature = "html-reference")] {
/// let html = "<head><base href=http://a/></head><a href='&amp;x'>";
/// assert_eq!(urikit::html::reference(html), urikit::html::HtmlDocument::parse(html));
/// # }
/// ```
pub fn reference(html: &str) -> HtmlDocument<'static> {
    let tokenizer = Tokenizer::new(Reference::default(), TokenizerOpts::default());
    let input = BufferQueue::default();
    input.push_back(StrTendril::from_slice(html));
    // The sink never asks to pause for a script, so one feed reads all.
    let _ = tokenizer.feed(&input);
    tokenizer.end();
    tokenizer.sink.state.into_inner().doc
}

/// Whether html5ever may count the lines of `html` short: it passes over
/// the whitespace before an attribute value without counting the line
/// breaks in it (0.40, `BeforeAttributeValue`), so where `=` is followed
/// by whitespace with a line break, only the links and values compare.
pub fn miscounts_lines(html: &str) -> bool {
    html.match_indices('=').any(|(i, _)| {
        html[i + 1..]
            .bytes()
            .take_while(|c| matches!(c, b'\t' | b'\n' | b'\x0C' | b'\r' | b' '))
            .any(|c| c == b'\n' || c == b'\r')
    })
}

#[derive(Default)]
struct Reference {
    state: RefCell<State>,
}

#[derive(Default)]
struct State {
    doc: HtmlDocument<'static>,
    body: bool,
    /// Inside an element whose text the tokenizer reads raw: its text does
    /// not end the head.
    raw_text: bool,
}

impl TokenSink for Reference {
    type Handle = ();

    fn process_token(&self, token: Token, line: u64) -> TokenSinkResult<()> {
        let mut st = self.state.borrow_mut();
        match token {
            Token::TagToken(tag) => match tag.kind {
                TagKind::StartTag => return st.start_tag(&tag, line),
                TagKind::EndTag => {
                    st.raw_text = false;
                    if matches!(&*tag.name, "body" | "html" | "br") {
                        st.body = true;
                    }
                }
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
                self.doc.base = Some((Cow::Owned(href.into()), line));
            }
        }
        let mut push = |element, attribute, value: &str| {
            self.doc.links.push(HtmlLink {
                element,
                attribute,
                value: Cow::Owned(value.into()),
                line,
            });
        };
        for &(element, attr) in LINK_ATTRIBUTES {
            if element == name {
                if let Some(value) = attribute(tag, attr) {
                    push(element, attr, value);
                }
            }
        }
        for element in ["img", "source"] {
            if let (true, Some(v)) = (name == element, attribute(tag, "srcset")) {
                for url in srcset_urls(v) {
                    push(element, "srcset", url);
                }
            }
        }
        let refresh = name == "meta"
            && attribute(tag, "http-equiv").is_some_and(|v| v.eq_ignore_ascii_case("refresh"));
        if let Some(url) = refresh
            .then(|| attribute(tag, "content"))
            .flatten()
            .and_then(refresh_url)
        {
            push("meta", "content", url);
        }
        let raw = match element(Name::of(name.as_bytes())).content {
            Content::Data => return TokenSinkResult::Continue,
            Content::Plaintext => return TokenSinkResult::Plaintext,
            Content::Rcdata => RawKind::Rcdata,
            Content::Rawtext => RawKind::Rawtext,
            Content::Script => RawKind::ScriptData,
        };
        self.raw_text = true;
        TokenSinkResult::RawData(raw)
    }
}

/// The first attribute named `name`, whitespace around it removed.
fn attribute<'t>(tag: &'t Tag, name: &str) -> Option<&'t str> {
    tag.attrs
        .iter()
        .find(|a| a.name.ns.is_empty() && &*a.name.local == name)
        .map(|a| a.value.trim_matches(|c: char| c.is_ascii_whitespace()))
}
