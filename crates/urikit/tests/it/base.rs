//! Establishing the base URI (section 5.1): the vectors of testdata/base/
//! (format in testdata/README.md) and the cost of hostile header blocks.

use serde_json::Value;
use urikit::{BaseBuilder, Dialect};

use crate::vectors::check_all;

/// The layers of a vector, as a `BaseBuilder`; the HTML layer needs the `html`
/// feature, so vectors with HTML are only run with it.
fn layers(r: &Value) -> Option<BaseBuilder> {
    let mut b = BaseBuilder::new();
    if let Some(d) = r.get("dialect").and_then(Value::as_str) {
        b = b.dialect(Dialect::from_name(d).unwrap());
    }
    if let Some(html) = r.get("html").and_then(Value::as_str) {
        #[cfg(feature = "html")]
        if let Some(href) = urikit::html::HtmlDocument::parse(html).base_href() {
            b = b.embedded(href);
        }
        #[cfg(not(feature = "html"))]
        {
            let _ = html;
            return None;
        }
    }
    if let Some(h) = r.get("headers").and_then(Value::as_str) {
        b = b.headers(h);
    }
    if let Some(u) = r.get("retrieval").and_then(Value::as_str) {
        b = b.retrieved_from(u);
    }
    for u in r
        .get("redirects")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        b = b.redirected_to(u.as_str().unwrap());
    }
    if let Some(u) = r.get("default").and_then(Value::as_str) {
        b = b.default_base(u);
    }
    Some(b)
}

#[test]
fn base_vectors() {
    check_all("base", 20, |r| {
        let Some(b) = layers(r) else { return Ok(()) };
        let got = match b.establish() {
            Ok(Some(base)) => (
                Value::from(base.uri().as_str()),
                Value::from(base.layer().name()),
                Value::Null,
            ),
            Ok(None) => (Value::Null, Value::Null, Value::Null),
            Err(e) => (
                Value::Null,
                Value::Null,
                serde_json::json!({"layer": e.layer().name(), "code": e.error().code()}),
            ),
        };
        let want = (
            r["base"].clone(),
            r["layer"].clone(),
            r.get("error").cloned().unwrap_or(Value::Null),
        );
        if got != want {
            return Err(format!("got {got:?}"));
        }
        Ok(())
    });
}

/// The links of each vector's HTML, with the element, attribute, line and
/// value the scan reports, and each resolved target against the base.
#[cfg(feature = "html")]
#[test]
fn html_link_vectors() {
    check_all("base", 20, |r| {
        let (Some(html), Some(want)) = (r["html"].as_str(), r.get("links")) else {
            return Ok(());
        };
        let doc = urikit::html::HtmlDocument::parse(html);
        let got: Vec<Value> = doc
            .links()
            .iter()
            .map(|l| serde_json::json!([l.element(), l.attribute(), l.line(), l.value()]))
            .collect();
        let want_links: Vec<Value> = want
            .as_array()
            .unwrap()
            .iter()
            .map(|l| serde_json::json!([l["element"], l["attribute"], l["line"], l["input"]]))
            .collect();
        if got != want_links {
            return Err(format!("links {got:?}"));
        }
        let base = layers(r).unwrap().establish();
        for (link, w) in doc.links().iter().zip(want.as_array().unwrap()) {
            // A link given unresolved (no base) is the CLI's matter.
            let Some(result) = w.get("result").filter(|_| w["resolved"] != false) else {
                continue;
            };
            let r = urikit::UriRef::parse(link.value()).map_err(|e| e.to_string())?;
            let target = match &base {
                Ok(Some(b)) => b.resolver().resolve(r),
                _ => urikit::Resolver::new(r).and_then(|x| x.resolve(r)),
            };
            let target = target.map_err(|e| e.to_string())?;
            if target.as_str() != result {
                return Err(format!("{} resolved to {target}", link.value()));
            }
        }
        Ok(())
    });
}

/// A value folded over thousands of lines is joined whole, each
/// continuation line once (draft 1996 section 5.1.1).
#[test]
fn a_long_folded_header_is_joined() {
    for n in [1_000usize, 8_000] {
        let mut block = String::from("Content-Location: http://a.example/");
        for _ in 0..n {
            block.push_str("\r\n  x/");
        }
        let base = BaseBuilder::new()
            .headers(&block)
            .establish()
            .unwrap()
            .unwrap();
        assert_eq!(base.uri().path().len(), 1 + 2 * n);
    }
}
