//! `uri set` (edit components) and `uri get` (print components through a
//! template).

use std::borrow::Cow;
use std::io;

use clap::{Args, ValueEnum};
use urikit::pct::{encode, Component, PctStr};
use urikit::psl::View;
use urikit::{Dialect, Error, Part, QueryParams, UriRef, UriRefBuf};

use crate::args;
use crate::each::{each_value, Output};
use crate::json::ErrorRecord;

/// The components `--clear` removes: those a reference may lack (the
/// host removes the whole authority; the path is always there).
const CLEARABLE: [Part; 6] = [
    Part::Scheme,
    Part::Userinfo,
    Part::Host,
    Part::Port,
    Part::Query,
    Part::Fragment,
];

/// `--clear`'s values: the names of [`CLEARABLE`], as the library names
/// them.
fn clearable() -> impl clap::builder::TypedValueParser<Value = Part> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(CLEARABLE.map(Part::name))
        .map(|name: String| Part::from_name(&name).unwrap_or(Part::Scheme))
}

/// `--default-port`.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum DefaultPort {
    Drop,
    Add,
}

/// The options of `uri set`.
#[derive(Args)]
pub struct SetArgs {
    /// Set the scheme.
    #[arg(long, value_name = "S")]
    scheme: Option<String>,
    /// Set the userinfo.
    #[arg(long, value_name = "U")]
    userinfo: Option<String>,
    /// Set the host (an IPv6 address is bracketed for you).
    #[arg(long, value_name = "H")]
    host: Option<String>,
    /// Set the port: digits, or "" for an empty port.
    #[arg(long, value_name = "P")]
    port: Option<String>,
    /// Set the path.
    #[arg(long, value_name = "P")]
    path: Option<String>,
    /// Set the query (without "?").
    #[arg(long, value_name = "Q")]
    query: Option<String>,
    /// Set the fragment (without "#").
    #[arg(long, value_name = "F")]
    fragment: Option<String>,
    /// Remove a component (the host removes the whole authority).
    /// Repeatable; applied first.
    #[arg(long, value_name = "COMPONENT", value_parser = clearable())]
    clear: Vec<Part>,
    /// Join a path onto the path with exactly one "/" between (not
    /// reference resolution). Repeatable.
    #[arg(long, value_name = "PATH")]
    append_path: Vec<String>,
    /// Add a query parameter KEY=VALUE, or KEY alone for one without "=".
    /// Repeatable; always plain text.
    #[arg(long, value_name = "K=V")]
    append_query: Vec<String>,
    /// Remove every query parameter whose decoded key matches this glob (`*` any run, `?` one
    /// character; `utm_*`). Repeatable.
    #[arg(long, value_name = "GLOB")]
    remove_query: Vec<String>,
    /// Set a query parameter KEY=VALUE in place: the first with the key takes the value, the
    /// others go; appended when there is none. Repeatable; plain text.
    #[arg(long, value_name = "K=V")]
    set_query: Vec<String>,
    /// Remove the port when it is the scheme's default (`drop`), or write the default port
    /// when there is none (`add`).
    #[arg(long, value_name = "HOW")]
    default_port: Option<DefaultPort>,
    /// Sort the query parameters by key (stable).
    #[arg(long)]
    sort_query: bool,
    /// Query parameters use "+" for a space (application/x-www-form-urlencoded).
    #[arg(long)]
    form: bool,
    /// The values of --scheme ... --append-path are already percent-encoded:
    /// check them instead of encoding them.
    #[arg(long)]
    encoded: bool,
    /// Write --host in its ASCII form for the DNS (UTS #46 ToASCII: `münchen.de` becomes
    /// `xn--mnchen-3ya.de`) instead of percent-encoding it.
    #[arg(long, conflicts_with = "encoded")]
    idna: bool,
    /// The character that joins query parameters, for the query edits (default "&"; some
    /// servers use ";").
    #[arg(long, value_name = "C")]
    query_separator: Option<char>,
    /// One output per value: COMPONENT=VALUE VALUE... (space-separated; scheme, userinfo,
    /// host, port, path, query or fragment). Repeated, every combination, the first
    /// varying slowest (trurl's --iterate).
    #[arg(long, value_name = "C=V V...", conflicts_with = "json")]
    iterate: Vec<String>,
    /// With --dialect whatwg: run the URL Standard's setter of the attribute NAME (href,
    /// protocol, username, password, host, hostname, port, pathname, search, hash) with
    /// VALUE. Repeatable, in the order given; the other edits apply to the IETF dialects.
    #[arg(long, value_name = "NAME=VALUE", value_parser = crate::whatwg::attr,
          conflicts_with_all = ["scheme", "userinfo", "host", "port", "path", "query", "fragment",
              "clear", "append_path", "append_query", "remove_query", "set_query", "default_port",
              "sort_query", "form", "encoded", "idna", "query_separator", "iterate"])]
    attr: Vec<(String, String)>,
    #[command(flatten)]
    dialect: args::DialectArg,
    #[command(flatten)]
    json: args::Json,
    #[command(flatten)]
    errors: args::ErrorsArg,
    #[command(flatten)]
    jobs: args::Jobs,
    /// URI references to edit; standard input, one per line, when none.
    uris: Vec<String>,
}

/// A `--query-separator` that cannot join parameters is a usage error.
fn query_separator(sep: Option<char>) {
    if let Some(sep) = sep {
        if QueryParams::parse_separated("", sep).is_err() {
            crate::status::usage_error(&format!(
                "--query-separator {sep:?}: parameters are joined by a character a query may \
                 hold, not '=' or '%'"
            ));
        }
    }
}

/// The `--iterate` options: each component and its values (the
/// components of a reference, [`Part::COMPONENTS`], by name).
fn iterations(specs: &[String]) -> Vec<(Part, Vec<String>)> {
    specs
        .iter()
        .map(|spec| {
            let Some((name, values)) = spec.split_once('=') else {
                crate::status::usage_error(&format!(
                    "--iterate {spec:?}: write COMPONENT=VALUE VALUE..."
                ));
            };
            let Some(c) = Part::from_name(name).filter(|p| Part::COMPONENTS.contains(p)) else {
                let names: Vec<&str> = Part::COMPONENTS.iter().map(|p| p.name()).collect();
                crate::status::usage_error(&format!(
                    "--iterate {name:?}: a component is one of {}",
                    names.join(", ")
                ));
            };
            (c, values.split(' ').map(str::to_owned).collect())
        })
        .collect()
}

/// Attaches the option's name to an error of its value.
fn at(option: &'static str) -> impl Fn(Error) -> ErrorRecord {
    move |e| ErrorRecord {
        code: e.code(),
        offset: e.offset(),
        message: format!("{option}: {}", crate::json::message(e.kind())),
    }
}

/// `uri set`: applies the edits to each input, in a fixed order: clears,
/// then scheme, userinfo, host, port, path, appended paths, query, query
/// parameter edits, fragment. With `--iterate`, one output per combination
/// of the values given, each on its own line.
pub fn set(mut args: SetArgs) -> io::Result<()> {
    let uris = std::mem::take(&mut args.uris);
    if args.dialect.whatwg() {
        let output = Output {
            jobs: args.jobs.get(),
            ..Output::new(args.json, args.errors)
        };
        return crate::whatwg::set(&args.attr, uris, output);
    }
    if !args.attr.is_empty() {
        crate::status::usage_error(
            "--attr runs the URL Standard's setters: use it with --dialect whatwg",
        );
    }
    query_separator(args.query_separator);
    let parser = args.dialect.parser();
    let iri = parser.dialect() == Dialect::Rfc3987;
    let iterate = iterations(&args.iterate);
    let output = Output {
        jobs: args.jobs.get(),
        ..Output::new(args.json, args.errors)
    };
    each_value(uris, output, |input| {
        let u = UriRefBuf::parse_by(&parser, input.to_owned())
            .map_err(|e| ErrorRecord::at(e, input, iri))?;
        if iterate.is_empty() {
            let mut u = u;
            apply(&args, &mut u, &[])?;
            return Ok(u.into_string());
        }
        // Every combination, as an odometer: the last component turns
        // fastest.
        let mut at = vec![0usize; iterate.len()];
        let mut lines = Vec::new();
        loop {
            let values: Vec<(Part, &str)> = iterate
                .iter()
                .zip(&at)
                .map(|((c, vs), &k)| (*c, vs[k].as_str()))
                .collect();
            let mut v = u.clone();
            apply(&args, &mut v, &values)?;
            lines.push(v.into_string());
            let mut k = at.len();
            loop {
                if k == 0 {
                    return Ok(lines.join("\n"));
                }
                k -= 1;
                at[k] += 1;
                if at[k] < iterate[k].1.len() {
                    break;
                }
                at[k] = 0;
            }
        }
    })
}

/// Applies the edits of `a` to `u`; `iterated` gives values that take the
/// place of the options of their components.
fn apply(a: &SetArgs, u: &mut UriRefBuf, iterated: &[(Part, &str)]) -> Result<(), ErrorRecord> {
    let given = |c: Part, option: &Option<String>| -> Option<String> {
        iterated
            .iter()
            .rev()
            .find(|(x, _)| *x == c)
            .map(|(_, v)| (*v).to_owned())
            .or_else(|| option.clone())
    };
    let scheme = given(Part::Scheme, &a.scheme);
    let userinfo = given(Part::Userinfo, &a.userinfo);
    let host = given(Part::Host, &a.host);
    let port = given(Part::Port, &a.port);
    let path = given(Part::Path, &a.path);
    let query = given(Part::Query, &a.query);
    let fragment = given(Part::Fragment, &a.fragment);
    for c in &a.clear {
        let r = match c {
            Part::Scheme => u.set_scheme(None),
            Part::Userinfo => u.set_userinfo(None),
            Part::Port => u.set_port(None),
            Part::Query => u.set_query(None),
            Part::Fragment => u.set_fragment(None),
            // The host, and with it the whole authority.
            _ => u.set_host(None),
        };
        r.map_err(at("--clear"))?;
    }
    let enc = a.encoded;
    if let Some(s) = &scheme {
        // A port that was the old scheme's default (implied by it) or is
        // the new one's is dropped with the change (`http://h:80/` with
        // https is `https://h/`), unless a port is given too.
        let old = u.scheme().and_then(urikit::scheme::default_port);
        u.set_scheme(Some(s)).map_err(at("--scheme"))?;
        let new = urikit::scheme::default_port(s);
        if port.is_none() && matches!(u.port_u16(), Ok(Some(p)) if Some(p) == old || Some(p) == new)
        {
            u.set_port(None).map_err(at("--scheme"))?;
        }
    }
    if let Some(v) = &userinfo {
        plain_or_encoded(
            u,
            v,
            enc,
            UriRefBuf::set_userinfo,
            UriRefBuf::set_userinfo_encoded,
        )
        .map_err(at("--userinfo"))?;
    }
    if let Some(v) = &host {
        if a.idna {
            u.set_host_idna(v).map_err(at("--host"))?;
        } else {
            plain_or_encoded(u, v, enc, UriRefBuf::set_host, UriRefBuf::set_host_encoded)
                .map_err(at("--host"))?;
        }
    }
    if let Some(p) = &port {
        u.set_port_str(Some(p)).map_err(at("--port"))?;
    }
    if let Some(v) = &path {
        let r = if enc {
            u.set_path_encoded(v)
        } else {
            u.set_path(v)
        };
        r.map_err(at("--path"))?;
    }
    for p in &a.append_path {
        let p: Cow<'_, str> = if enc {
            p.into()
        } else {
            encode(p, Component::Path)
        };
        u.append_path(&p).map_err(at("--append-path"))?;
    }
    if let Some(v) = &query {
        plain_or_encoded(
            u,
            v,
            enc,
            UriRefBuf::set_query,
            UriRefBuf::set_query_encoded,
        )
        .map_err(at("--query"))?;
    }
    if let Some(how) = a.default_port {
        let default = u.scheme().and_then(urikit::scheme::default_port);
        match (how, default, u.port_u16()) {
            (DefaultPort::Drop, Some(d), Ok(Some(p))) if p == d => {
                u.set_port(None).map_err(at("--default-port"))?;
            }
            (DefaultPort::Drop, _, _) if u.port() == Some("") => {
                u.set_port(None).map_err(at("--default-port"))?;
            }
            (DefaultPort::Add, Some(d), Ok(None)) if u.host().is_some() => {
                u.set_port(Some(d)).map_err(at("--default-port"))?;
            }
            _ => {}
        }
    }
    let params_edited = !a.append_query.is_empty()
        || !a.remove_query.is_empty()
        || !a.set_query.is_empty()
        || a.sort_query;
    if params_edited {
        // The separator was checked once, before any input.
        let params = a
            .query_separator
            .and_then(|sep| u.query_params_separated(sep).ok())
            .unwrap_or_else(|| u.query_params());
        let mut params: QueryParams = params.form(a.form);
        for k in &a.remove_query {
            params.remove_matching(k);
        }
        for kv in &a.set_query {
            let (k, v) = kv.split_once('=').unwrap_or((kv, ""));
            params.set(k, v);
        }
        for kv in &a.append_query {
            match kv.split_once('=') {
                Some((k, v)) => params.append(k, v),
                None => params.append_flag(kv),
            }
        }
        if a.sort_query {
            params.sort_by_key();
        }
        u.set_query_params(&params).map_err(at("--append-query"))?;
    }
    if let Some(v) = &fragment {
        plain_or_encoded(
            u,
            v,
            enc,
            UriRefBuf::set_fragment,
            UriRefBuf::set_fragment_encoded,
        )
        .map_err(at("--fragment"))?;
    }
    Ok(())
}

type Setter = fn(&mut UriRefBuf, Option<&str>) -> Result<(), Error>;

/// Sets a component from plain text, or from encoded text with `--encoded`.
fn plain_or_encoded(
    u: &mut UriRefBuf,
    v: &str,
    encoded: bool,
    plain: Setter,
    checked: Setter,
) -> Result<(), Error> {
    if encoded {
        checked(u, Some(v))
    } else {
        plain(u, Some(v))
    }
}

/// One piece of a `uri get` template.
#[derive(Debug, PartialEq)]
enum Piece {
    Text(String),
    /// A component, decoded or as written.
    Component(Part, bool),
    /// The whole reference (`{url}`), decoded or as written.
    Url(bool),
    /// The port, or the scheme's default port where there is none
    /// (`{port:default}`).
    PortOrDefault,
    /// The first value of a query parameter, decoded or as written.
    Param(String, bool),
    /// Every value of a query parameter, separated by a space
    /// (`{query-all:KEY}`), decoded or as written.
    ParamAll(String, bool),
    /// The host in its ASCII form for the DNS (`{host:ascii}`, UTS #46
    /// ToASCII) or in Unicode (`{host:unicode}`, ToUnicode).
    Host(HostForm),
    /// The host's registrable domain (`{registrable_domain}`) or public
    /// suffix (`{public_suffix}`), by the Public Suffix List's sections in
    /// the view (`{icann_registrable_domain}`, `{icann_public_suffix}`:
    /// the ICANN section alone).
    Suffix(SuffixPart, urikit::psl::View),
    /// `[...]`: printed only when every placeholder in it is defined.
    Optional(Vec<Piece>),
    /// `{name!}`: a placeholder whose value must be there; the input fails
    /// (`missing-component`) where it is not.
    Strict(Box<Piece>, String),
}

/// What the Public Suffix List gives of a host.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SuffixPart {
    Registrable,
    Public,
}

/// The forms of a host name that IDNA converts between (RFC 3987 section
/// 3.1 step 2, RFC 3986 section 3.2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostForm {
    Ascii,
    Unicode,
}

/// Reads a template: `{name}` is a component as written, `{:name}`
/// decoded; `{url}` the whole reference; `{port:default}` the port or the
/// scheme's default; `{query:KEY}` the first value of a parameter and
/// `{query-all:KEY}` every value, space-separated (both `:`-prefixed for
/// decoded); `{host:ascii}`, `{host:unicode}`; `[...]` a part printed only
/// when every placeholder in it is defined (not nested); `{{`, `}}`, `[[`
/// and `]]` the characters themselves.
fn parse_template(t: &str) -> Result<Vec<Piece>, String> {
    let mut top: Vec<Piece> = Vec::new();
    // The open `[...]` part, with where it opened.
    let mut optional: Option<(Vec<Piece>, usize)> = None;
    let mut text = String::new();
    let mut rest = t;
    let flush = |text: &mut String, into: &mut Vec<Piece>| {
        if !text.is_empty() {
            into.push(Piece::Text(std::mem::take(text)));
        }
    };
    while let Some(i) = rest.find(['{', '}', '[', ']']) {
        let at = t.len() - rest.len() + i;
        text.push_str(&rest[..i]);
        let (c, after) = (rest.as_bytes()[i], &rest[i + 1..]);
        if after.starts_with(c as char) {
            text.push(c as char);
            rest = &after[1..];
            continue;
        }
        let open = optional.is_some();
        match c {
            b'}' => {
                return Err(format!(
                    "unmatched '}}' at byte {at} (write '}}}}' for one)"
                ))
            }
            b'[' if open => {
                return Err(format!(
                    "'[' at byte {at} inside '[...]' (write '[[' for one)"
                ))
            }
            b'[' => {
                flush(&mut text, &mut top);
                optional = Some((Vec::new(), at));
                rest = after;
                continue;
            }
            b']' => {
                let Some((inner, _)) = optional.take() else {
                    return Err(format!("unmatched ']' at byte {at} (write ']]' for one)"));
                };
                let mut inner = inner;
                flush(&mut text, &mut inner);
                top.push(Piece::Optional(inner));
                rest = after;
                continue;
            }
            _ => {}
        }
        let Some(end) = after.find('}') else {
            return Err(format!("unclosed '{{' at byte {at}"));
        };
        let into = match &mut optional {
            Some((v, _)) => v,
            None => &mut top,
        };
        flush(&mut text, into);
        into.push(placeholder(&after[..end])?);
        rest = &after[end + 1..];
    }
    if let Some((_, at)) = optional {
        return Err(format!("unclosed '[' at byte {at}"));
    }
    text.push_str(rest);
    flush(&mut text, &mut top);
    Ok(top)
}

/// The piece a `{...}` placeholder names.
fn placeholder(name: &str) -> Result<Piece, String> {
    if let Some(inner) = name.strip_suffix('!') {
        return Ok(Piece::Strict(
            Box::new(placeholder(inner)?),
            inner.to_owned(),
        ));
    }
    let (decoded, name) = match name.strip_prefix(':') {
        Some(n) => (true, n),
        None => (false, name),
    };
    Ok(if let Some(key) = name.strip_prefix("query:") {
        Piece::Param(key.to_owned(), decoded)
    } else if let Some(key) = name.strip_prefix("query-all:") {
        Piece::ParamAll(key.to_owned(), decoded)
    } else {
        match name {
            "url" => Piece::Url(decoded),
            "port:default" => Piece::PortOrDefault,
            "host:ascii" => Piece::Host(HostForm::Ascii),
            "host:unicode" => Piece::Host(HostForm::Unicode),
            "registrable_domain" => Piece::Suffix(SuffixPart::Registrable, View::All),
            "public_suffix" => Piece::Suffix(SuffixPart::Public, View::All),
            "icann_registrable_domain" => Piece::Suffix(SuffixPart::Registrable, View::Icann),
            "icann_public_suffix" => Piece::Suffix(SuffixPart::Public, View::Icann),
            _ => match Part::from_name(name) {
                Some(c) => Piece::Component(c, decoded),
                None => {
                    let names: Vec<&str> = Part::ALL.iter().map(|p| p.name()).collect();
                    return Err(format!(
                        "unknown placeholder {{{name}}}; known: {}, url, port:default, \
                         query:KEY, query-all:KEY, host:ascii, host:unicode, \
                         registrable_domain, public_suffix, icann_registrable_domain, \
                         icann_public_suffix (each with '!' after the name to require it)",
                        names.join(", ")
                    ));
                }
            },
        }
    })
}

/// Appends `s` percent-decoded (`+` as a space too when `form`), bytes
/// that are not UTF-8 as U+FFFD; text that is not well encoded as it is. A
/// decoded value comes from the input: on a terminal it is written by the
/// escaping rule ([`crate::show::data`]), exactly elsewhere.
fn push_decoded(out: &mut String, s: &str, form: bool) {
    let bytes = match PctStr::new(s) {
        Ok(p) if form => p.decode_form(),
        Ok(p) => p.decode(),
        Err(_) => return out.push_str(s),
    };
    out.push_str(&crate::show::data(&String::from_utf8_lossy(&bytes)));
}

/// The options of `uri get`.
#[derive(Args)]
pub struct GetArgs {
    /// The template: {component} as written, {:component} decoded (the opposite of trurl's
    /// convention, where ':' marks the encoded form); {url} the whole reference; {port:default}
    /// the port or the scheme's default; {query:KEY} the first value of a parameter,
    /// {query-all:KEY} every value (space-separated); {host:ascii} / {host:unicode} the host
    /// converted by IDNA (UTS #46); {registrable_domain} and {public_suffix} by the Public
    /// Suffix List ({icann_registrable_domain}, {icann_public_suffix}: its ICANN section
    /// alone); {name!} any of these, required (the input fails with missing-component
    /// where it is undefined); [...] a part printed only when every placeholder in it is
    /// defined, as in '{scheme}://{host}[:{port}]{path}[?{query}]'; {{ }} [[ ]] the characters.
    template: String,
    /// Query keys and values use "+" for a space (application/x-www-form-urlencoded) when
    /// decoded.
    #[arg(long)]
    form: bool,
    /// The character that joins query parameters, for {query:KEY} and {query-all:KEY}
    /// (default "&"; some servers use ";").
    #[arg(long, value_name = "C")]
    query_separator: Option<char>,
    #[command(flatten)]
    dialect: args::DialectArg,
    #[command(flatten)]
    require: args::RequireArgs,
    #[command(flatten)]
    json: args::Json,
    #[command(flatten)]
    errors: args::ErrorsArg,
    #[command(flatten)]
    jobs: args::Jobs,
    /// URI references; standard input, one per line, when none.
    uris: Vec<String>,
}

/// `uri get TEMPLATE`: prints the template filled in for each input; an
/// undefined component prints as nothing. In human output decoded values
/// are shown by the escaping rule of `show` (a decoded `%0A` as `\n`, so
/// that one input stays one line); `--json` gives them exactly.
pub fn get(a: GetArgs) -> io::Result<()> {
    let pieces = match parse_template(&a.template) {
        Ok(p) => p,
        Err(e) => {
            crate::status::usage_error(&format!("the template: {e}"));
        }
    };
    if !pieces.iter().any(|p| !matches!(p, Piece::Text(_))) {
        // `uri get https://x/ '{host}'` (swapped) or `uri get host ...`
        // (no braces): the template would print itself for every input.
        let hint = if Part::from_name(&a.template).is_some() {
            format!("write {{{}}} for the component", a.template)
        } else if UriRef::parse(&a.template).is_ok_and(|u| u.has_scheme()) {
            "it looks like a URI: the template comes first (uri get TEMPLATE [URI...])".to_owned()
        } else {
            "name a component in braces, such as {host}".to_owned()
        };
        crate::status::usage_error(&format!(
            "the template {:?} has no placeholder, so it would print itself for every input; {hint}",
            a.template
        ));
    }
    query_separator(a.query_separator);
    let output = Output {
        jobs: a.jobs.get(),
        // The template's text is the user's own: only the values taken from
        // the input are escaped (on a terminal), as they are written.
        escape: false,
        ..Output::new(a.json, a.errors)
    };
    let parser = a.dialect.parser();
    let how = Fill {
        form: a.form,
        sep: a.query_separator.unwrap_or('&'),
    };
    let schemes = a.require.scheme_list();
    let require = a.require.get(&schemes);
    each_value(a.uris, output, |input| {
        let u = parser
            .parse(input)
            .map_err(|e| ErrorRecord::at(e, input, parser.dialect() == Dialect::Rfc3987))?;
        args::meets(&require, &u)?;
        let mut out = String::new();
        fill(&pieces, &u, how, &mut out)?;
        Ok(out)
    })
}

/// How `uri get` reads query parameters.
#[derive(Clone, Copy)]
struct Fill {
    form: bool,
    sep: char,
}

/// Writes `pieces` filled in for `u` onto `out`; whether every placeholder
/// was defined (an undefined one writes nothing, and an optional part with
/// one is left out).
fn fill(
    pieces: &[Piece],
    u: &UriRef<'_>,
    how: Fill,
    out: &mut String,
) -> Result<bool, ErrorRecord> {
    let form = how.form;
    let mut defined = true;
    for p in pieces {
        match p {
            Piece::Text(t) => out.push_str(t),
            Piece::Optional(inner) => {
                let mut part = String::new();
                if fill(inner, u, how, &mut part)? {
                    out.push_str(&part);
                }
            }
            Piece::Strict(inner, name) => {
                if !fill(std::slice::from_ref(inner), u, how, out)? {
                    return Err(ErrorRecord {
                        code: "missing-component",
                        offset: 0,
                        message: format!(
                            "this reference has no {name}, which {{{name}!}} requires"
                        ),
                    });
                }
            }
            Piece::Suffix(part, view) => {
                let list = urikit::psl::List::builtin();
                let name = u.host().and_then(|h| h.reg_name()).map(|n| n.as_str());
                let v = match part {
                    SuffixPart::Registrable => name.and_then(|n| list.registrable_domain(n, *view)),
                    SuffixPart::Public => name.and_then(|n| list.public_suffix(n, *view)),
                };
                match v {
                    Some(v) => out.push_str(v),
                    None => defined = false,
                }
            }
            Piece::Url(decoded) => {
                if *decoded {
                    push_decoded(out, u.as_str(), form);
                } else {
                    out.push_str(u.as_str());
                }
            }
            Piece::Component(part, decoded) => match u.get(*part) {
                // A host's brackets and a scheme hold no escapes.
                Some(v) if *decoded && *part != Part::Scheme => push_decoded(out, v, false),
                Some(v) => out.push_str(v),
                None => defined = false,
            },
            Piece::PortOrDefault => {
                let port = u
                    .port()
                    .filter(|p| !p.is_empty())
                    .map(str::to_owned)
                    .or_else(|| {
                        u.scheme()
                            .and_then(urikit::scheme::default_port)
                            .map(|p| p.to_string())
                    });
                match port {
                    Some(p) if u.authority().is_some() => out.push_str(&p),
                    _ => defined = false,
                }
            }
            Piece::Host(form) => {
                // An IP address is its own ASCII and Unicode form; a
                // reg-name is decoded and converted, and one IDNA refuses
                // fails the input (at its offset in the input).
                match (u.host(), u.span(Part::Host)) {
                    (Some(h), Some(span)) => {
                        let start = span.start;
                        let converted = match form {
                            HostForm::Ascii => h.to_ascii(),
                            HostForm::Unicode => h.to_unicode(),
                        };
                        let v = converted
                            .map_err(|e| Error::new(e.kind(), start + e.offset()))
                            .map_err(ErrorRecord::from)?;
                        out.push_str(&crate::show::data(&v));
                    }
                    _ => defined = false,
                }
            }
            Piece::Param(key, decoded) | Piece::ParamAll(key, decoded) => {
                let all = matches!(p, Piece::ParamAll(..));
                // The parameters as `QueryParams` reads them: a key matches
                // as written or decoded (`+` as a space with `--form`).
                let query = u.query().map_or("", |q| q.as_str());
                let params = QueryParams::parse_separated(query, how.sep)
                    .unwrap_or_else(|_| QueryParams::new())
                    .form(form);
                let mut values = params
                    .get_all(key)
                    .map(|p| p.value_encoded().unwrap_or(""))
                    .peekable();
                if values.peek().is_none() {
                    defined = false;
                }
                for (i, v) in values.enumerate() {
                    if i > 0 {
                        if !all {
                            break;
                        }
                        out.push(' ');
                    }
                    if *decoded {
                        push_decoded(out, v, form);
                    } else {
                        out.push_str(v);
                    }
                }
            }
        }
    }
    Ok(defined)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_read_components_params_and_braces() {
        let p = parse_template("{{{scheme}}}://{:host}/{query:q}").unwrap();
        assert_eq!(
            p,
            [
                Piece::Text("{".into()),
                Piece::Component(Part::Scheme, false),
                Piece::Text("}://".into()),
                Piece::Component(Part::Host, true),
                Piece::Text("/".into()),
                Piece::Param("q".into(), false),
            ]
        );
        assert!(parse_template("{nope}").is_err());
        assert!(parse_template("{host").is_err());
        assert!(parse_template("a}b").is_err());
    }
}
