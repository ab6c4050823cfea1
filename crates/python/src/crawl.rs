//! The keys of crawlers and web archives: `urikit.surt` (the Internet
//! Archive's SURT key, as the `surt` package computes it) and
//! `urikit.canonical` (a canonical URL by the rules of a tool of the
//! field), `urikit.canonicalize_url` (w3lib's), `urikit.safebrowsing_expressions` and `safebrowsing_hashes`
//! (Google Safe Browsing's lookup expressions and their hashes).

use std::borrow::Cow;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString};
use urikit::canonical::Profile;
use urikit::safebrowsing::Url as SafeBrowsingUrl;
use urikit::surt::{Canonicalizer, Options};

use crate::error::{parse_error, unknown};

thread_local! {
    /// The text of a call's answer (a SURT key, a canonical URL), made in
    /// one buffer per thread and copied into the Python object: no
    /// allocation a call. Nothing that runs while it is borrowed calls
    /// back into these functions.
    static KEY: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
    static TEXT: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

fn canonicalizer(c: Option<&Bound<'_, PyAny>>) -> PyResult<Canonicalizer> {
    let Some(c) = c.filter(|c| !c.is_none()) else {
        return Ok(Canonicalizer::Default);
    };
    let Ok(name) = c.cast::<PyString>() else {
        return Err(PyTypeError::new_err(
            "canonicalizer must be None or a name ('default', 'google', 'ia', 'identity', \
             'ordinary', 'aggressive'); \
             a function of one's own is not supported",
        ));
    };
    let name = name.to_str()?;
    Canonicalizer::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Canonicalizer::ALL.iter().map(|c| c.name()).collect();
        unknown("canonicalizer", name, &names)
    })
}

fn options(c: Option<&Bound<'_, PyAny>>, kw: Option<&Bound<'_, PyDict>>) -> PyResult<Options> {
    let mut o = Options {
        canonicalizer: canonicalizer(c)?,
        ..Options::default()
    };
    for (k, v) in kw.into_iter().flatten() {
        let name: String = k.extract()?;
        if !o.set(&name, v.is_truthy()?) {
            return Err(PyValueError::new_err(format!(
                "surt() has no option {name:?}; its options: {}",
                Options::names().join(", ")
            )));
        }
    }
    Ok(o)
}

/// The SURT key of ``url`` (``str``, or ``bytes``, which give ``bytes``),
/// with the answers of the ``surt`` package: the Internet Archive's
/// canonicalization, then the host's labels reversed.
///
/// ``canonicalizer`` is ``None`` (or ``'default'``: Google's steps, then
/// the Archive's), ``'google'``, ``'ia'``, ``'identity'``, or
/// webarchive-commons' ``'ordinary'`` and ``'aggressive'``; the options
/// are the package's keyword arguments (``with_scheme``,
/// ``trailing_comma``, ``reverse_ipaddr``, ``host_massage``,
/// ``query_lowercase``, ... and ``surt=False`` for the canonical URL). An
/// option the package does not have raises ``ValueError`` (the package
/// ignores it). A port that is not a number raises ``ParseError``, as the
/// package raises ``ValueError``.
///
/// >>> import urikit
/// >>> urikit.surt("http://www.archive.org/goo/?b&a")
/// 'org,archive)/goo?a&b'
/// >>> urikit.surt("https://www.example.com/", with_scheme=True, trailing_comma=True)
/// 'https://(com,example,)/'
/// >>> urikit.surt(b"http://192.168.1.254/info/", reverse_ipaddr=False)
/// b'192.168.1.254)/info'
#[pyfunction]
#[pyo3(signature = (url, canonicalizer = None, **options))]
pub fn surt(
    py: Python<'_>,
    url: &Bound<'_, PyAny>,
    canonicalizer: Option<&Bound<'_, PyAny>>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let o = if canonicalizer.is_none() && options.is_none() {
        Options::default()
    } else {
        self::options(canonicalizer, options)?
    };
    if let Ok(s) = url.cast::<PyString>() {
        let text = s.to_str()?;
        return KEY.with_borrow_mut(|out| {
            out.clear();
            urikit::surt::surt_bytes(text.as_bytes(), &o, out)
                .map_err(|e| parse_error(py, e, text, true))?;
            // A key is ASCII, or the input itself (a `filedesc` line).
            let key = std::str::from_utf8(out).unwrap_or_default();
            Ok(PyString::new(py, key).into_any().unbind())
        });
    }
    if let Ok(b) = url.cast::<PyBytes>() {
        let bytes = b.as_bytes();
        return KEY.with_borrow_mut(|out| {
            out.clear();
            urikit::surt::surt_bytes(bytes, &o, out)
                .map_err(|e| parse_error(py, e, &String::from_utf8_lossy(bytes), true))?;
            Ok(PyBytes::new(py, out).into_any().unbind())
        });
    }
    if url.is_none() {
        // The package's key of None, as of "".
        return Ok(PyString::new(py, "-").into_any().unbind());
    }
    Err(PyTypeError::new_err(format!(
        "url must be str or bytes, not {}",
        url.get_type().name()?
    )))
}

/// ``url`` in the canonical form of ``profile``: ``'ia'``, the Internet
/// Archive's (Google's steps, then the Archive's: the URL before its SURT
/// key is made), ``'ia-basic'``, Google's steps alone
/// (webarchive-commons' ``BasicURLCanonicalizer``), or ``'ia-ordinary'`` and
/// ``'ia-aggressive'`` (its Ordinary and Aggressive canonicalizers),
/// ``'safebrowsing'``, Google Safe Browsing's canonical URL, or
/// ``'w3lib'``, Scrapy's (``canonicalize_url`` with its defaults).
///
/// >>> import urikit
/// >>> urikit.canonical("http://www34.archive.org/index.html?b=a&a=b#x")
/// 'http://archive.org/index.html?a=b&b=a'
/// >>> urikit.canonical("http://host/%25%32%35", profile="ia-basic")
/// 'http://host/%25'
/// >>> urikit.canonical("http://www.GOOgle.com.../a/../b?q#f", profile="safebrowsing")
/// 'http://www.google.com/b?q'
#[pyfunction]
#[pyo3(signature = (url, profile = "ia"))]
pub fn canonical(py: Python<'_>, url: &Bound<'_, PyAny>, profile: &str) -> PyResult<String> {
    let Some(p) = Profile::from_name(profile) else {
        let names: Vec<&str> = Profile::ALL.iter().map(|p| p.name()).collect();
        return Err(unknown("profile", profile, &names));
    };
    let text = crate::error::text(url, "url")?;
    p.canonicalize(&text)
        .map_err(|e| parse_error(py, e, &text, true))
}

/// The URL of ``url`` (``str`` or ``bytes``, which need not be UTF-8) as
/// Safe Browsing canonicalizes it.
fn safebrowsing_url(py: Python<'_>, url: &Bound<'_, PyAny>) -> PyResult<SafeBrowsingUrl> {
    // Read where they lie; the text for an error's message made only then.
    let parsed = match url.cast::<PyBytes>() {
        Ok(b) => SafeBrowsingUrl::parse_bytes(b.as_bytes())
            .map_err(|e| (e, String::from_utf8_lossy(b.as_bytes()).into_owned())),
        Err(_) => {
            let t = crate::error::text(url, "url")?;
            SafeBrowsingUrl::parse(&t).map_err(|e| (e, t.into_owned()))
        }
    };
    parsed.map_err(|(e, text)| parse_error(py, e, &text, true))
}

/// Google Safe Browsing's lookup expressions of ``url``: each host suffix
/// (the host and up to six shorter suffixes; an IP address alone) with
/// each path prefix (``/``, up to three directories, the path, the path
/// and query), after Safe Browsing's canonicalization, with the answers
/// of Google's Go client. ``url`` is ``str`` or ``bytes``. A URL the
/// client refuses (no host, a scheme without ``//``) raises
/// ``ParseError``.
///
/// >>> import urikit
/// >>> urikit.safebrowsing_expressions("http://a.b.c/1/2.html?param=1/2")[:4]
/// ['a.b.c/', 'a.b.c/1/', 'a.b.c/1/2.html', 'a.b.c/1/2.html?param=1/2']
/// >>> urikit.safebrowsing_expressions("http://3279880203/blah")
/// ['195.127.0.11/', '195.127.0.11/blah']
#[pyfunction]
pub fn safebrowsing_expressions(py: Python<'_>, url: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    Ok(safebrowsing_url(py, url)?.expressions())
}

/// The SHA-256 hash (32 bytes) of each of ``safebrowsing_expressions(url)``,
/// in the same order; a hash prefix is its first bytes (``h[:4]``).
///
/// >>> import urikit
/// >>> [h[:4].hex() for h in urikit.safebrowsing_hashes("http://b/")]
/// ['a9eed1a7']
#[pyfunction]
pub fn safebrowsing_hashes<'py>(
    py: Python<'py>,
    url: &Bound<'py, PyAny>,
) -> PyResult<Vec<Bound<'py, PyBytes>>> {
    Ok(safebrowsing_url(py, url)?
        .hashes()
        .iter()
        .map(|h| PyBytes::new(py, h))
        .collect())
}

/// ``url`` canonicalized as w3lib's ``canonicalize_url`` does it (w3lib
/// 2.5.0, the key of Scrapy's duplicate filter): the URL made safe, the
/// query sorted (blank values kept unless ``keep_blank_values=False``),
/// percent-encoding made upper-case, dot segments resolved, an IPv6
/// address in RFC 5952's form, the fragment dropped unless
/// ``keep_fragments``. ``url`` is ``str`` or ``bytes`` (a byte that is not
/// UTF-8 is percent-encoded); ``encoding`` may only be UTF-8 (``None``,
/// ``'utf-8'``, ``'utf8'``). What w3lib refuses with ``ValueError`` raises
/// ``ParseError`` (a ``ValueError``).
///
/// >>> import urikit
/// >>> urikit.canonicalize_url("http://www.example.com/do?c=3&b=5&b=2&a=50")
/// 'http://www.example.com/do?a=50&b=2&b=5&c=3'
/// >>> urikit.canonicalize_url("http://www.example.com/do?c=3;a=50", query_separator=";")
/// 'http://www.example.com/do?a=50;c=3'
/// >>> urikit.canonicalize_url("http://[::0:1]/a/../b#f", keep_fragments=True)
/// 'http://[::1]/b#f'
#[pyfunction]
#[pyo3(signature = (url, keep_blank_values = true, keep_fragments = false, encoding = None, *, query_separator = "&"))]
pub fn canonicalize_url(
    py: Python<'_>,
    url: &Bound<'_, PyAny>,
    keep_blank_values: bool,
    keep_fragments: bool,
    encoding: Option<&str>,
    query_separator: &str,
) -> PyResult<Py<PyString>> {
    if let Some(e) = encoding {
        let e = e.to_ascii_lowercase().replace('_', "-");
        if !matches!(e.as_str(), "utf-8" | "utf8") {
            return Err(PyValueError::new_err(format!(
                "canonicalize_url() supports only the UTF-8 encoding, not {e:?}"
            )));
        }
    }
    if query_separator.is_empty() {
        return Err(PyValueError::new_err("query_separator must not be empty"));
    }
    // The options of the calls with `&` made once, not a `String` a call.
    static WITH_AMP: std::sync::LazyLock<[urikit::w3lib::Options; 4]> =
        std::sync::LazyLock::new(|| {
            [(false, false), (false, true), (true, false), (true, true)].map(
                |(keep_blank_values, keep_fragments)| urikit::w3lib::Options {
                    keep_blank_values,
                    keep_fragments,
                    ..urikit::w3lib::Options::default()
                },
            )
        });
    let own;
    let o = if query_separator == "&" {
        &WITH_AMP[usize::from(keep_blank_values) * 2 + usize::from(keep_fragments)]
    } else {
        own = urikit::w3lib::Options {
            keep_blank_values,
            keep_fragments,
            query_separator: query_separator.to_owned().into(),
        };
        &own
    };
    if let Ok(b) = url.cast::<PyBytes>() {
        let bytes = b.as_bytes();
        return urikit::w3lib::canonicalize_url_bytes(bytes, o)
            .map(|c| PyString::new(py, &c).unbind())
            .map_err(|e| parse_error(py, e, &String::from_utf8_lossy(bytes), true));
    }
    let text = crate::error::text(url, "url")?;
    TEXT.with_borrow_mut(|out| {
        out.clear();
        urikit::w3lib::canonicalize_url_into(&text, o, out)
            .map_err(|e| parse_error(py, e, &text, true))?;
        Ok(PyString::new(py, out).unbind())
    })
}

/// Common Crawl's 16 URL columns of ``url`` as its columnar index computes
/// them (commoncrawl/cc-index-table: Java's URL reading, crawler-commons'
/// reading of the Public Suffix List, the SURT key): a ``dict`` from
/// ``url_surtkey`` to ``url_query`` in the index's order, ``None`` for
/// NULL, ``url_port`` an ``int``. A URL the reference makes no row for
/// raises ``ParseError``.
///
/// >>> import urikit
/// >>> c = urikit.cc_columns("https://www.Example.co.uk:8443/a?x=1")
/// >>> c["url_host_registered_domain"], c["url_host_name_reversed"], c["url_port"]
/// ('example.co.uk', 'uk.co.example.www', 8443)
/// >>> urikit.cc_columns("http://example.invalid/")["url_host_registry_suffix"] is None
/// True
#[pyfunction]
pub fn cc_columns<'py>(py: Python<'py>, url: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyDict>> {
    let text = crate::error::text(url, "url")?;
    let c = urikit::ccindex::columns(&text).map_err(|e| parse_error(py, e, &text, true))?;
    let d = PyDict::new(py);
    for name in urikit::ccindex::NAMES {
        if name == "url_port" {
            d.set_item(name, c.port)?;
        } else {
            d.set_item(name, c.text(name).flatten())?;
        }
    }
    Ok(d)
}

/// ``tldextract.extract``'s parts of ``url``: ``(subdomain, domain,
/// suffix, is_private, registry_suffix)``, by the Public Suffix List
/// compiled in, read as the ``tldextract`` package reads it (its host
/// reading, its walk of the list's tree, no implicit ``*`` rule). With
/// ``authority``, ``url`` is already a URL's authority (``netloc``).
/// ``urikit.compat.tldextract`` wraps it in the package's ``ExtractResult``.
///
/// >>> import urikit
/// >>> urikit.tldextract_parts("http://forums.bbc.co.uk/")
/// ('forums', 'bbc', 'co.uk', False, 'co.uk')
/// >>> urikit.tldextract_parts("http://waiterrant.blogspot.com", True)
/// ('', 'waiterrant', 'blogspot.com', True, 'com')
#[pyfunction]
#[pyo3(signature = (url, include_psl_private_domains = false, authority = false))]
pub fn tldextract_parts(
    url: &str,
    include_psl_private_domains: bool,
    authority: bool,
) -> (Cow<'_, str>, Cow<'_, str>, Cow<'_, str>, bool, Cow<'_, str>) {
    let e = urikit::psl::List::builtin().tldextract(url, include_psl_private_domains, authority);
    (
        e.subdomain,
        e.domain,
        e.suffix,
        e.is_private,
        e.registry_suffix,
    )
}
