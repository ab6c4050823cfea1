//! What the benchmarks and the instruction-count example share.

use std::path::PathBuf;

/// Where the datasets are: `URIKIT_DATA`, or `../../shared/data/urls`
/// relative to this crate (they are never copied into the repository).
pub fn data_dir() -> PathBuf {
    std::env::var_os("URIKIT_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/urls"))
}

/// The datasets, each as its name and its lines (the trailing newline
/// removed).
pub fn datasets() -> Vec<(String, Vec<String>)> {
    let dir = data_dir();
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read the datasets in {}: {e}", dir.display()))
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|p| {
            let bytes = std::fs::read(&p).unwrap();
            let text = String::from_utf8_lossy(&bytes);
            let lines = text.lines().map(str::to_owned).collect();
            (p.file_stem().unwrap().to_string_lossy().into_owned(), lines)
        })
        .collect()
}

/// A fixed mix of reference kinds: RFC 3986 section 5.4, normal and
/// abnormal, plus typical links.
/// The host names of every dataset line that has one, as the WHATWG
/// reading gives them (lower case, `xn--` form): what a Public Suffix
/// List lookup is asked in a pipeline.
pub fn hosts() -> Vec<String> {
    datasets()
        .iter()
        .flat_map(|(_, lines)| lines.iter())
        .filter_map(|l| {
            let u = urikit::whatwg::Url::parse(l).ok()?;
            match u.host_record()? {
                urikit::whatwg::Host::Domain(_) => Some(u.hostname().to_owned()),
                _ => None,
            }
        })
        .collect()
}

pub const REFS: &[&str] = &[
    "g",
    "./g",
    "g/",
    "/g",
    "//g",
    "?y",
    "g?y",
    "#s",
    "g?y#s",
    ";x",
    "g;x?y#s",
    "",
    ".",
    "./",
    "..",
    "../",
    "../g",
    "../..",
    "../../g",
    "../../../g",
    "/./g",
    "g/./h",
    "g/../h",
    "index.html",
    "../images/logo.png",
    "/search?q=uri&lang=en",
    "https://example.com/x",
];

/// The scripts the Unicode IRIs are written in, as the first letter of a
/// run that stands for `a` to `z`: Cyrillic, Greek, Devanagari, Han, Hangul
/// syllables and Arabic (all `ucschar`, RFC 3987 section 2.2; none a bidi
/// formatting character).
const SCRIPTS: &[(&str, u32)] = &[
    ("cyrillic", 0x0430),
    ("greek", 0x03B1),
    ("devanagari", 0x0915),
    ("han", 0x4E00),
    ("hangul", 0xAC00),
    ("arabic", 0x0628),
];

/// Parses `s` with urikit and reads its host, path and query as a user's
/// code does: the sum of their lengths (0 when `s` is not valid), so that
/// the offsets are computed and used, not only the verdict.
#[inline(never)]
pub fn read_urikit(s: &str) -> usize {
    match urikit::UriRef::parse(s) {
        Ok(u) => {
            u.host().map_or(0, |h| h.as_str().len())
                + u.path().as_str().len()
                + u.query().map_or(0, |q| q.as_str().len())
                + 1
        }
        Err(_) => 0,
    }
}

/// `line` rewritten into a script, where it is an http(s) URL with a
/// reg-name: the letters of its host (but the top-level label, as real
/// IDNs mostly keep an ASCII one) and of its path become letters of the
/// `n`th script; digits, delimiters and percent-encodings stay. `None`
/// for any other line.
pub fn in_script(line: &str, n: usize) -> Option<String> {
    let u = urikit::UriRef::parse_absolute(line).ok()?;
    if !matches!(u.scheme(), Some("http" | "https")) {
        return None;
    }
    let host = u.host()?.reg_name()?.as_str();
    let tld = host.rfind('.').map_or(host.len(), |i| i);
    let first = SCRIPTS[n % SCRIPTS.len()].1;
    let map = |s: &str| -> String {
        let mut out = String::with_capacity(s.len() * 3);
        let mut escape = 0;
        for c in s.chars() {
            // The two hex digits after '%' stay.
            if c == '%' {
                escape = 2;
                out.push(c);
                continue;
            }
            if escape > 0 {
                escape -= 1;
                out.push(c);
                continue;
            }
            let l = c.to_ascii_lowercase();
            match l {
                'a'..='z' => out.push(char::from_u32(first + (l as u32 - 'a' as u32)).unwrap()),
                _ => out.push(c),
            }
        }
        out
    };
    let scheme = u.scheme()?;
    let rest = &line[scheme.len() + 3 + u.authority()?.as_str().len()..];
    let path_end = rest.find(['?', '#']).unwrap_or(rest.len());
    let userinfo = u.userinfo().map(|x| format!("{}@", x.as_str()));
    let port = u.port().map(|p| format!(":{p}"));
    Some(format!(
        "{scheme}://{}{}{}{}{}{}",
        userinfo.unwrap_or_default(),
        map(&host[..tld]),
        &host[tld..],
        port.unwrap_or_default(),
        map(&rest[..path_end]),
        &rest[path_end..]
    ))
}

/// Every http(s) URL of `lines` with a reg-name, rewritten by turns into
/// each script of [`in_script`].
pub fn unicode_iris<'a>(lines: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    lines
        .into_iter()
        .filter(|l| l.starts_with("http"))
        .enumerate()
        .filter_map(|(i, l)| in_script(l, i))
        .collect()
}

/// Templates shaped after public APIs (GitHub's issue and repository
/// listings, a search endpoint, a file store, map tiles, an order with
/// parameters).
pub const TEMPLATES: &[&str] = &[
    "https://api.github.com/repos/{owner}/{repo}/issues{?state,labels,sort,direction,per_page,page}",
    "https://api.github.com/users/{user}/repos{?type,sort,per_page}",
    "https://api.example.com/v1/search{?q,lang,page,tags*}",
    "https://files.example.com/files{/path*}{?version}",
    "https://maps.example.com/{+region}/tiles/{z}/{x}/{y}.png{?key}",
    "https://api.example.com/orders/{id}{;fields*}{#section}",
];

/// The words the values are made of: ASCII, spaces, characters beyond
/// ASCII, reserved characters.
pub const WORDS: &[&str] = &[
    "octocat",
    "hello world",
    "rust-lang",
    "Dürst",
    "日本",
    "open",
    "a/b",
    "50 percent",
    "x",
    "comments",
    "asc",
    "2",
    "100",
    "café au lait",
    "main",
    "v1.2.3",
];

/// The variables of set `i`: every name the templates use.
pub fn values(i: usize) -> Vec<(String, urikit::template::Value)> {
    let w = |k: usize| WORDS[(i * 7 + k * 3) % WORDS.len()].to_owned();
    let names = [
        "owner",
        "repo",
        "state",
        "labels",
        "sort",
        "direction",
        "per_page",
        "page",
        "user",
        "type",
        "q",
        "lang",
        "version",
        "region",
        "z",
        "x",
        "y",
        "key",
        "id",
        "section",
    ];
    // `{+region}` and `{#section}` get ASCII values only: iri-string
    // 0.7.14 panics on a reserved expansion of some characters beyond
    // ASCII (it slices "日本" inside a character).
    let mut v: Vec<(String, urikit::template::Value)> = names
        .iter()
        .enumerate()
        .map(|(k, n)| match *n {
            "region" | "section" => (
                n.to_string(),
                urikit::template::Value::String(format!("eu-west-{}/{}", i % 3, k)),
            ),
            _ => (n.to_string(), urikit::template::Value::String(w(k))),
        })
        .collect();
    v.push((
        "tags".into(),
        urikit::template::Value::List((0..1 + i % 3).map(|k| w(k + 20)).collect()),
    ));
    v.push((
        "path".into(),
        urikit::template::Value::List((0..1 + i % 4).map(|k| w(k + 30)).collect()),
    ));
    v.push((
        "fields".into(),
        urikit::template::Value::Assoc(
            (0..1 + i % 2)
                .map(|k| (format!("f{k}"), w(k + 40)))
                .collect(),
        ),
    ));
    v
}

/// The URIs the matching benchmark reads back: `TEMPLATES[0]` expanded
/// with 64 sets of values (a third without `labels`).
pub fn match_uris() -> Vec<String> {
    use urikit::template::{Template, Variables};
    let template = Template::parse(TEMPLATES[0]).unwrap();
    (0..64)
        .map(|i| {
            let v = values(i)
                .into_iter()
                .filter(|(n, _)| i % 3 != 0 || n != "labels")
                .fold(Variables::new(), |v, (n, x)| v.value(&n, x));
            template.expand(&v).unwrap()
        })
        .collect()
}

/// The regular expression that does the matcher's job on `TEMPLATES[0]`
/// (path variables by capture; the query split and decoded by
/// [`regex_match`]).
pub const MATCH_REGEX: &str = r"^https://api\.github\.com/repos/(?P<owner>[A-Za-z0-9\-._~%]*)/(?P<repo>[A-Za-z0-9\-._~%]*)/issues(?:\?(?P<q>[A-Za-z0-9\-._~%=&,]*))?$";

/// What the regular expression's side of the matching benchmark does for
/// one URI: the captures, each decoded, and the query split at `&` into
/// decoded `name=value` pairs.
pub fn regex_match(re: &regex::Regex, uri: &str) -> Vec<(String, String)> {
    let decode = |s: &str| {
        urikit::pct::PctStr::new(s)
            .unwrap()
            .decode_utf8()
            .unwrap()
            .into_owned()
    };
    let caps = re.captures(uri).unwrap();
    let mut vars: Vec<(String, String)> = vec![
        ("owner".into(), decode(&caps["owner"])),
        ("repo".into(), decode(&caps["repo"])),
    ];
    if let Some(q) = caps.name("q") {
        for pair in q.as_str().split('&') {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            vars.push((k.to_owned(), decode(v)));
        }
    }
    vars
}

/// The http(s) lines of every dataset shorter than `max` bytes, in order.
fn http_lines(max: usize) -> Vec<String> {
    datasets()
        .into_iter()
        .flat_map(|(_, lines)| lines)
        .filter(|l| l.starts_with("http") && l.len() < max)
        .collect()
}

/// Every link of the HTML document `html` parsed and resolved against its
/// base (the embedded one, else `http://example.org/dir/page.html` as the
/// retrieval URI) into one reused `String`, as `uri links` does: the
/// number that resolve.
pub fn resolve_links(html: &str, out: &mut String) -> usize {
    let doc = urikit::html::HtmlDocument::parse(html);
    let mut b = urikit::BaseBuilder::new().retrieved_from("http://example.org/dir/page.html");
    if let Some(href) = doc.base_href() {
        b = b.embedded(href);
    }
    let base = b.establish().unwrap().unwrap();
    let r = base.resolver();
    doc.links()
        .iter()
        .filter(|l| urikit::UriRef::parse(l.value()).is_ok_and(|u| r.resolve_into(u, out).is_ok()))
        .count()
}

/// The specification files of `URIKIT_SPEC_DIR` (default
/// `../../shared/spec`), the `.txt` ones in name order, concatenated
/// `times` times: text about URIs, dense with them.
pub fn spec_text(times: usize) -> String {
    let dir = std::env::var_os("URIKIT_SPEC_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/spec"));
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    let one: String = files
        .iter()
        .map(|f| String::from_utf8_lossy(&std::fs::read(f).unwrap()).into_owned())
        .collect();
    one.repeat(times)
}

/// A mail archive in mbox form, `messages` long: mostly prose, few URLs,
/// the text an extractor meets in list archives. Each message has the
/// usual headers (every one with a colon, a `Message-ID` and often an
/// `In-Reply-To` in angle brackets), a body of prose lines from the
/// specification files with their URIs taken out, a quoted passage of the
/// message before, sometimes a URL of the datasets (bare, in `<...>` or
/// in `<URL:...>`; about one message in three) and a signature.
/// Deterministic: the same archive on every machine.
pub fn mail_archive(messages: usize) -> String {
    // Prose: the specification's lines that hold no URI-like text.
    let prose: Vec<String> = spec_text(1)
        .lines()
        // Some files number their lines: the number is no prose.
        .map(|l| l.trim_start_matches(|c: char| c.is_ascii_digit()).trim())
        .filter(|l| l.len() > 20 && !l.contains("://") && !l.contains('<') && !l.contains("urn:"))
        .map(str::to_owned)
        .collect();
    let urls = http_lines(120);
    let people = [
        "Alice Moreau",
        "Bo Lindqvist",
        "Chidi Okafor",
        "Dana Weiss",
        "Emeka Eze",
    ];
    let topics = [
        "resolving dot-segments",
        "IRI mapping",
        "port normalization",
        "the hyphen rule",
    ];
    let days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
    let mut random = Lcg(0x2545_f491_4f6c_dd1d);
    let mut next = |n: usize| random.below(n);
    let mut out = String::new();
    let mut last_body: Vec<String> = Vec::new();
    for m in 0..messages {
        let who = people[next(people.len())];
        let user = who.split(' ').next().unwrap().to_lowercase();
        let day = days[m % 7];
        let (hh, mm, ss) = (next(24), next(60), next(60));
        let date = 1 + m % 28;
        out.push_str(&format!(
            "From {user}@example.org  {day} Nov {date:2} {hh:02}:{mm:02}:{ss:02} 2026\n\
             From: {who} <{user}@example.org>\n\
             To: uri-review@example.org\n\
             Subject: Re: {}\n\
             Date: {day}, {date} Nov 2026 {hh:02}:{mm:02}:{ss:02} +0000\n\
             Message-ID: <2026{m:06}.{}@mail.example.org>\n",
            topics[next(topics.len())],
            next(1_000_000)
        ));
        if m > 0 {
            out.push_str(&format!(
                "In-Reply-To: <2026{:06}.{}@mail.example.org>\n",
                m - 1,
                next(1_000_000)
            ));
        }
        out.push_str("Content-Type: text/plain; charset=utf-8\n\n");
        if !last_body.is_empty() {
            out.push_str(&format!("On {day}, {who} wrote:\n"));
            for l in last_body.iter().take(3) {
                out.push_str("> ");
                out.push_str(l);
                out.push('\n');
            }
            out.push('\n');
        }
        last_body.clear();
        let paragraphs = 2 + next(3);
        for p in 0..paragraphs {
            let start = next(prose.len().saturating_sub(8).max(1));
            for l in prose.iter().skip(start).take(3 + next(5)) {
                out.push_str(l);
                out.push('\n');
                last_body.push(l.clone());
            }
            if p == 0 && next(3) == 0 {
                let url = &urls[next(urls.len())];
                match next(3) {
                    0 => out.push_str(&format!("See {url} for the details.\n")),
                    1 => out.push_str(&format!("The draft is at <{url}>.\n")),
                    _ => out.push_str(&format!("Archived copy: <URL:{url}>\n")),
                }
            }
            out.push('\n');
        }
        out.push_str(&format!("-- \n{who}\n\n"));
    }
    out
}

/// The page of the links benchmark: every http(s) URL of kasztp.txt and
/// userbait.txt as an `<a href>` (escaped as an attribute value) with an
/// `<img src>` beside it, after a head with a title, a stylesheet link,
/// inline style and script (9.5 MB).
pub fn links_page() -> String {
    let dir = data_dir();
    let mut html = String::from(
        "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8><title>Links</title>\n\
         <link rel=stylesheet href=\"/css/site.css\"><style>a { color: red } /* <a href=no> */</style>\n\
         <script>document.write('<a href=\"no\">'); var x = 1 < 2;</script></head>\n<body><ul>\n",
    );
    for name in ["kasztp.txt", "userbait.txt"] {
        let text = std::fs::read(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        for (i, line) in String::from_utf8_lossy(&text).lines().enumerate() {
            if !line.starts_with("http") {
                continue;
            }
            let href = line
                .replace('&', "&amp;")
                .replace('"', "&quot;")
                .replace('<', "&lt;");
            html.push_str(&format!(
                "<li class=\"item\"><a href=\"{href}\" rel=nofollow>Link number {i}</a> \
                 <img src=\"../img/{i}.png\" alt=\"\" width=16></li>\n"
            ));
        }
    }
    html.push_str("</ul><form action=\"/search\"><input name=q></form></body></html>\n");
    html
}

/// A deterministic generator of small numbers (a linear congruential
/// generator: reproducible without a crate).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

/// `s` escaped for HTML text or a quoted attribute value.
fn escape_html(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// `pages` real-looking HTML pages (about 40 KB each on average): the
/// shapes of news articles, documentation and shop listings, with what
/// such pages carry around their links. A head with `meta` (one a
/// refresh on some pages), canonical, stylesheet, preload and icon
/// `link`s, an analytics `script src`, inline scripts that write markup
/// in strings, compare with `<` and hold `<!--` and `</scr' + 'ipt>`,
/// JSON-LD, a long inline stylesheet and an old conditional comment; a
/// body with navigation lists, paragraphs of the specification's prose
/// (escaped) with inline links to the datasets' URLs (their `&` as
/// `&amp;`), `em`, `code` and entities (`&mdash;`, `&nbsp;`, `&copy;`),
/// figures with `srcset`, `blockquote cite`, a form with a `formaction`
/// button, an `iframe`, inline SVG, a table, comments, `data-*` and
/// `aria-*` attributes. Some pages use upper-case tags and unquoted
/// values (old markup), some CRLF line ends, some a `<base href>`.
/// Deterministic: the same pages on every machine.
pub fn real_pages(pages: usize) -> Vec<String> {
    let prose: Vec<String> = spec_text(1)
        .lines()
        .map(|l| l.trim_start_matches(|c: char| c.is_ascii_digit()).trim())
        .filter(|l| l.len() > 30)
        .map(escape_html)
        .collect();
    let urls = http_lines(160);
    let sections = [
        "world",
        "business",
        "technology",
        "science",
        "health",
        "sport",
        "culture",
        "opinion",
        "travel",
        "food",
        "docs",
        "api",
        "guides",
        "shop",
        "deals",
        "help",
    ];
    let style: String = (0..120)
        .map(|i| {
            format!(
                ".c{i} > a:hover, .c{i}[data-x=\"{i}\"] {{ color: #{:06x}; margin: {}px {}px; \
                 background: url(/img/bg{i}.png) no-repeat }}\n",
                i * 7919 % 0xFF_FFFF,
                i % 13,
                i % 7
            )
        })
        .collect();
    let mut r = Lcg(0x9e37_79b9_7f4a_7c15);
    let mut out = Vec::with_capacity(pages);
    for p in 0..pages {
        let old = p % 7 == 3; // upper-case tags, unquoted values
        let (a, img, li) = if old {
            ("A HREF", "IMG SRC", "LI")
        } else {
            ("a href", "img src", "li")
        };
        let q = |v: &str| {
            if old && !v.contains([' ', '>', '"', '\'', '=', '`']) {
                v.to_owned()
            } else {
                format!("\"{v}\"")
            }
        };
        let section = sections[r.below(sections.len())];
        let url = escape_html(&urls[r.below(urls.len())]);
        let mut h = String::with_capacity(96 * 1024);
        h.push_str("<!DOCTYPE html>\n<html lang=\"en\" class=\"no-js\">\n<head>\n<meta charset=\"utf-8\">\n");
        h.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
        if p % 11 == 5 {
            h.push_str(&format!(
                "<meta http-equiv=\"refresh\" content=\"300; url=/{section}/latest\">\n"
            ));
        }
        if p % 9 == 4 {
            h.push_str(&format!(
                "<base href=\"https://cdn{}.example.com/{section}/\">\n",
                p % 4
            ));
        }
        h.push_str(&format!(
            "<title>{} &mdash; Example {}</title>\n<link rel=\"canonical\" href=\"{url}\">\n\
             <link rel=\"stylesheet\" href=\"/static/css/main.{:08x}.css\">\n\
             <link rel=\"preload\" href=\"/static/fonts/inter-var.woff2\" as=\"font\" type=\"font/woff2\" crossorigin>\n\
             <link rel=\"icon\" href=\"/favicon.ico\" sizes=\"any\">\n\
             <meta property=\"og:image\" content=\"https://img.example.com/{section}/{p}.jpg\">\n\
             <script async src=\"https://analytics.example.com/tag.js?id=G-{:06}\"></script>\n\
             <script>window.dataLayer = window.dataLayer || []; function track(){{dataLayer.push(arguments);}}\n\
             if (window.innerWidth < 600 && document.cookie.length > 0) {{ track('small', {p}); }}\n\
             var tpl = '<div class=\"promo\"><a href=\"/promo/{p}\">Offer</a></div>' + \"</div>\";\n\
             var legacy = '<!-- not a comment -->'; document.write('<scr' + 'ipt src=\"/x.js\"></scr' + 'ipt>');\n\
             </script>\n\
             <script type=\"application/ld+json\">{{\"@context\": \"https://schema.org\", \"@type\": \"NewsArticle\", \"url\": \"{url}\", \"headline\": \"&lt;b&gt; x\"}}</script>\n\
             <style>\n{style}</style>\n\
             <!--[if lt IE 9]><script src=\"/static/js/html5shiv.js\"></script><![endif]-->\n</head>\n",
            prose[r.below(prose.len())].chars().take(60).collect::<String>(),
            section,
            r.below(1 << 30),
            r.below(1_000_000)
        ));
        h.push_str(&format!(
            "<body class=\"{section} page-{p}\" data-page=\"{p}\">\n<header class=\"site-header\">\n\
             <nav aria-label=\"Main\"><ul class=\"nav\">\n"
        ));
        for s in sections.iter().take(8 + r.below(8)) {
            h.push_str(&format!(
                "<{li} class=\"nav-item\"><{a}={} class=\"nav-link\" data-track=\"nav-{s}\">{}</a></{li}>\n",
                q(&format!("/{s}/")),
                s.to_uppercase()
            ));
        }
        h.push_str("</ul></nav>\n<form action=\"/search\" role=\"search\"><input type=\"search\" name=\"q\" placeholder=\"Search&hellip;\" aria-label=\"Search\"></form>\n</header>\n");
        h.push_str("<main id=\"content\">\n<article class=\"story\">\n");
        h.push_str(&format!(
            "<h1 class=\"headline\">{}</h1>\n<p class=\"byline\">By <{a}={} rel=\"author\">Dana Weiss</a> &middot; \
             <time datetime=\"2026-11-{:02}T10:00:00Z\">November {}</time></p>\n",
            prose[r.below(prose.len())],
            q(&format!("/author/{}", r.below(500))),
            1 + p % 28,
            1 + p % 28
        ));
        let paragraphs = 10 + r.below(50);
        for k in 0..paragraphs {
            if k % 6 == 2 {
                let n = r.below(100_000);
                h.push_str(&format!(
                    "<figure class=\"media\">\n<{img}=\"https://img.example.com/{section}/{n}-800.jpg\" \
                     srcset=\"https://img.example.com/{section}/{n}-480.jpg 480w, \
                     https://img.example.com/{section}/{n}-800.jpg 800w, \
                     https://img.example.com/{section}/{n}-1200.jpg 1200w\" \
                     sizes=\"(max-width: 600px) 480px, 800px\" alt=\"Photo {n}\" loading=\"lazy\" width=\"800\" height=\"450\">\n\
                     <figcaption>{} &copy; Example Photos</figcaption>\n</figure>\n",
                    prose[r.below(prose.len())].chars().take(50).collect::<String>()
                ));
            }
            if k % 9 == 7 {
                h.push_str(&format!(
                    "<blockquote cite=\"{}\"><p>{}</p></blockquote>\n",
                    escape_html(&urls[r.below(urls.len())]),
                    prose[r.below(prose.len())]
                ));
            }
            h.push_str("<p>");
            let lines = 2 + r.below(6);
            for l in 0..lines {
                let line = &prose[r.below(prose.len())];
                if l == 1 {
                    // A link in the middle of the line.
                    let cut = line.find(' ').unwrap_or(0);
                    h.push_str(&format!(
                        "{} <{a}={}>{}</a>",
                        &line[..cut],
                        q(&escape_html(&urls[r.below(urls.len())])),
                        &line[cut..]
                    ));
                } else if l == 2 {
                    h.push_str(&format!("<em>{line}</em> &mdash; <code>uri</code>&nbsp;"));
                } else {
                    h.push_str(line);
                }
                h.push('\n');
            }
            h.push_str("</p>\n");
        }
        h.push_str("<!-- end of the story; related below -->\n</article>\n<aside class=\"related\"><h2>Related</h2><ul>\n");
        for _ in 0..6 + r.below(10) {
            let n = r.below(100_000);
            h.push_str(&format!(
                "<{li}><{a}={} class=\"card\"><{img}={} alt=\"\" width=\"120\" height=\"80\" loading=\"lazy\"><span>{}</span></a></{li}>\n",
                q(&format!("/{section}/{n}/story-{n}")),
                q(&format!("/thumbs/{n}.webp")),
                prose[r.below(prose.len())].chars().take(40).collect::<String>()
            ));
        }
        h.push_str("</ul></aside>\n");
        h.push_str(&format!(
            "<table class=\"scores\"><tr><th>Team</th><th>Score</th></tr>\n{}</table>\n",
            (0..4 + r.below(8))
                .map(|i| format!(
                    "<tr><td><{a}=\"/teams/{i}\">Team {i}</a></td><td>{}</td></tr>\n",
                    r.below(100)
                ))
                .collect::<String>()
        ));
        h.push_str(
            "<form action=\"/newsletter\" method=\"post\" class=\"signup\">\
             <input type=\"email\" name=\"email\" placeholder=\"you@example.com\" required>\
             <button type=\"submit\" formaction=\"/newsletter/subscribe?src=story&amp;v=2\">Subscribe</button></form>\n",
        );
        if p % 3 == 0 {
            h.push_str(&format!(
                "<iframe src=\"https://video.example.com/embed/{}\" width=\"560\" height=\"315\" allowfullscreen></iframe>\n",
                r.below(1 << 20)
            ));
        }
        h.push_str("<svg width=\"24\" height=\"24\" viewBox=\"0 0 24 24\" aria-hidden=\"true\"><path d=\"M12 2L2 7l10 5 10-5-10-5z\"/></svg>\n");
        h.push_str("</main>\n<footer class=\"site-footer\"><ul>\n");
        for s in [
            "about",
            "contact",
            "privacy",
            "terms",
            "careers",
            "advertise",
        ] {
            h.push_str(&format!(
                "<{li}><{a}={}>{s}</a></{li}>\n",
                q(&format!("/{s}"))
            ));
        }
        h.push_str(
            "</ul><p>&copy; 2026 Example Media &middot; All rights reserved</p></footer>\n\
             <script src=\"/static/js/app.js\" defer></script>\n\
             <script>document.querySelectorAll('a[data-track]').forEach(function (a) { if (a.href.length > 0 && 1 < 2) {} });</script>\n\
             </body>\n</html>\n",
        );
        if p % 5 == 1 {
            h = h.replace('\n', "\r\n");
        }
        out.push(h);
    }
    out
}

/// The links of `html` found by lol_html (Cloudflare's streaming HTML
/// rewriter), each with element, attribute, value as written (lol_html
/// does not decode character references) and the line its tag ends on.
/// With `all`, every element and attribute of
/// `urikit::html::LINK_ATTRIBUTES` plus `srcset`, `meta content` and
/// `base href` (what `HtmlDocument::parse` reads); otherwise the seven
/// commonest: `a`, `area` and `link` `href`, `img`, `script` and `iframe`
/// `src`, `form action`.
pub fn lol_html_links(html: &str, all: bool) -> Vec<(&'static str, &'static str, String, usize)> {
    use lol_html::{element, HtmlRewriter, Settings};
    let seven: &[(&'static str, &'static str)] = &[
        ("a", "href"),
        ("area", "href"),
        ("link", "href"),
        ("img", "src"),
        ("script", "src"),
        ("iframe", "src"),
        ("form", "action"),
    ];
    let mut pairs = if all {
        urikit::html::LINK_ATTRIBUTES.to_vec()
    } else {
        seven.to_vec()
    };
    if all {
        pairs.extend([
            ("img", "srcset"),
            ("source", "srcset"),
            ("meta", "content"),
            ("base", "href"),
        ]);
    }
    let selectors: Vec<(String, &'static str, &'static str)> = pairs
        .iter()
        .map(|&(e, a)| (format!("{e}[{a}]"), e, a))
        .collect();
    let links = std::cell::RefCell::new(Vec::new());
    let lines = std::cell::RefCell::new((0usize, 1usize)); // (offset counted to, line)
    let line_at = |offset: usize| {
        let mut l = lines.borrow_mut();
        let (from, n) = *l;
        let n = n + memchr::memchr_iter(b'\n', &html.as_bytes()[from..offset]).count();
        *l = (offset, n);
        n
    };
    let mut settings = Settings::new();
    for (selector, name, attr) in &selectors {
        let (links, line_at, name, attr) = (&links, &line_at, *name, *attr);
        settings =
            settings.append_element_content_handler(element!(selector.as_str(), move |el| {
                let value = el.get_attribute(attr).unwrap_or_default();
                let line = line_at(el.source_location().bytes().end);
                links.borrow_mut().push((name, attr, value, line));
                Ok(())
            }));
    }
    let mut rw = HtmlRewriter::new(settings, |_: &[u8]| {});
    rw.write(html.as_bytes()).unwrap();
    rw.end().unwrap();
    links.into_inner()
}
