//! `uri inspect`: the scheme-specific view of RFC 1738 section 3.

use std::io::{self, Write};

use serde_json::{json, Map, Value};
use urikit::pct::PctStr;
use urikit::scheme::{self, FtpCommand, GopherPlus, View, Warning};
use urikit::{Error, UriRef};

use crate::input;
use crate::json::{self, InspectRecord};
use crate::parse::caret;

/// Inspects each input; `Ok(true)` when all were valid for their scheme.
pub fn run(uris: Vec<String>, as_json: bool) -> io::Result<bool> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut all_ok = true;
    input::for_each(uris, |inp| {
        let (text, uri) = inp.apply(UriRef::parse_absolute);
        let warnings: Vec<Warning> = uri.iter().flat_map(scheme::warnings).collect();
        let scheme_name = uri
            .ok()
            .and_then(|u| u.scheme())
            .map(str::to_ascii_lowercase);
        let default_port = scheme_name.as_deref().and_then(scheme::default_port);
        let result = uri.and_then(|u| {
            let view = View::new(u)?;
            Ok((fields(&view)?, view))
        });
        all_ok &= result.is_ok();
        let record = InspectRecord {
            input: text,
            ok: result.is_ok(),
            scheme: scheme_name.clone(),
            default_port,
            fields: result
                .as_ref()
                .ok()
                .map(|(f, _)| Value::Object(f.iter().cloned().collect::<Map<_, _>>())),
            warnings: warnings.iter().map(Warning::code).collect(),
            error: result.as_ref().err().map(|e| (*e).into()),
        };
        if as_json {
            json::write_line(&mut out, &record)
        } else {
            write_human(&mut out, &record, &result, &warnings)
        }
    })?;
    out.flush()?;
    Ok(all_ok)
}

type Fields = Vec<(String, Value)>;

/// The contract's `fields` of a view, in the contract's order, decoded.
fn fields(view: &View<'_>) -> Result<Fields, Error> {
    let uri = view.uri();
    let text = |p: PctStr<'_>| -> Result<Value, Error> { decoded(uri, p).map(Value::String) };
    let opt = |p: Option<PctStr<'_>>| -> Result<Value, Error> { p.map_or(Ok(Value::Null), &text) };
    let host = |h: urikit::Host<'_>| Value::String(h.as_str().to_owned());
    let f: Vec<(&str, Value)> = match view {
        View::Ftp(v) => vec![
            ("user", opt(v.user())?),
            ("password", opt(v.password())?),
            ("host", host(v.host())),
            ("port", json!(v.port())),
            (
                "cwd",
                Value::Array(v.cwd().map(text).collect::<Result<_, _>>()?),
            ),
            ("name", opt(v.name())?),
            (
                "typecode",
                json!(v.typecode().map(|t| t.as_char().to_string())),
            ),
        ],
        View::Http(v) => vec![
            ("host", host(v.host())),
            ("port", json!(v.port())),
            ("path", json!(v.path().as_str())),
            ("search", json!(v.search().map(|s| s.as_str()))),
        ],
        View::Gopher(v) => vec![
            ("host", host(v.host())),
            ("port", json!(v.port())),
            ("gopher_type", text(v.gopher_type())?),
            ("selector", text(v.selector())?),
            ("search", opt(v.search())?),
            ("gopher_plus", opt(v.gopher_plus_str())?),
        ],
        View::Mailto(v) => vec![(
            "addresses",
            Value::Array(v.addresses().map(text).collect::<Result<_, _>>()?),
        )],
        View::News(v) => vec![
            ("newsgroup", opt(v.newsgroup())?),
            ("message_id", opt(v.message_id())?),
            ("all_groups", json!(v.is_all_groups())),
        ],
        View::Nntp(v) => vec![
            ("host", host(v.host())),
            ("port", json!(v.port())),
            ("newsgroup", text(v.newsgroup())?),
            ("article", json!(v.article())),
        ],
        View::Telnet(v) => vec![
            ("user", opt(v.user())?),
            ("password", opt(v.password())?),
            ("host", host(v.host())),
            ("port", json!(v.port())),
        ],
        View::Wais(v) => vec![
            ("host", host(v.host())),
            ("port", json!(v.port())),
            ("database", text(v.database())?),
            ("search", opt(v.search())?),
            ("wtype", opt(v.wtype())?),
            ("wpath", opt(v.wpath())?),
        ],
        View::File(v) => vec![("host", host(v.host())), ("path", text(v.path())?)],
        View::Prospero(v) => {
            let pairs = v
                .fields()
                .map(|(k, val)| Ok(json!([text(k)?, text(val)?])))
                .collect::<Result<_, Error>>()?;
            vec![
                ("host", host(v.host())),
                ("port", json!(v.port())),
                ("hsoname", text(v.hsoname())?),
                ("fields", Value::Array(pairs)),
            ]
        }
        _ => vec![],
    };
    Ok(f.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())
}

/// The decoded text of a part of `uri`; `invalid-utf8` at its offset in
/// the input when the decoded bytes are not UTF-8.
fn decoded(uri: UriRef<'_>, p: PctStr<'_>) -> Result<String, Error> {
    p.decode_utf8().map(|s| s.into_owned()).map_err(|e| {
        let at = p.as_str().as_ptr() as usize - uri.as_str().as_ptr() as usize;
        Error::new(e.kind(), at + e.offset())
    })
}

fn write_human(
    out: &mut impl Write,
    r: &InspectRecord<'_>,
    result: &Result<(Fields, View<'_>), Error>,
    warnings: &[Warning],
) -> io::Result<()> {
    writeln!(out, "{}", r.input)?;
    if let Some(s) = &r.scheme {
        let known = match (scheme::lookup(s), r.default_port) {
            (Some(_), Some(p)) => format!(" (default port {p})"),
            (Some(info), None) => format!(" ({})", info.reference()),
            (None, _) if scheme::is_experimental(s) => " (experimental, RFC 1738 section 4)".into(),
            (None, _) => " (not a scheme we know: generic syntax only)".into(),
        };
        writeln!(out, "  {:<12} {s}{known}", "scheme")?;
    }
    match result {
        Err(e) => {
            writeln!(out, "  error: {e}")?;
            let (line, mark) = caret(r.input, e.offset());
            writeln!(out, "  {line}\n  {mark}")?;
        }
        Ok((fields, view)) => {
            for (name, value) in fields {
                writeln!(out, "  {:<12} {}", name.replace('_', " "), show(value))?;
            }
            write_semantics(out, view)?;
        }
    }
    if warnings.is_empty() {
        writeln!(out, "  warnings:    none")?;
    } else {
        writeln!(out, "  warnings:")?;
        for w in warnings {
            writeln!(out, "    {} (byte {}): {w}", w.code(), w.offset())?;
        }
    }
    Ok(())
}

/// What the URL stands for in its protocol: the FTP commands, the gopher
/// request line.
fn write_semantics(out: &mut impl Write, view: &View<'_>) -> io::Result<()> {
    match view {
        View::Ftp(f) => {
            writeln!(out, "  FTP commands (RFC 1738 section 3.2.2):")?;
            for c in f.commands() {
                let note = match c {
                    FtpCommand::Pass(_) => "   (if the server asks)",
                    _ => "",
                };
                writeln!(out, "    {c}{note}")?;
            }
        }
        View::Gopher(g) => {
            if let Some(plus) = g.gopher_plus() {
                writeln!(out, "  Gopher+ form: {}", gopher_plus(plus))?;
            }
            let line = g.request();
            let shown: String = line.escape_ascii().to_string();
            writeln!(
                out,
                "  request line sent to {}:{}: {shown}",
                g.host(),
                g.port()
            )?;
        }
        View::File(f) => {
            let local = if f.is_local() {
                "this machine"
            } else {
                "another host"
            };
            writeln!(out, "  {:<12} {local}", "on")?;
        }
        _ => {}
    }
    Ok(())
}

/// What a Gopher+ string asks for (RFC 1738 sections 3.4.4 to 3.4.9).
fn gopher_plus(p: GopherPlus<'_>) -> String {
    let list = |parts: &mut dyn Iterator<Item = PctStr<'_>>| {
        let names: Vec<String> = parts
            .map(|n| {
                String::from_utf8_lossy(&n.decode())
                    .escape_debug()
                    .to_string()
            })
            .collect();
        if names.is_empty() {
            "all".to_owned()
        } else {
            names.join(", ")
        }
    };
    match p {
        GopherPlus::DefaultView => "the item's default view (3.4.4)".into(),
        GopherPlus::Ask => "an item with a +ASK form to fill in (3.4.5)".into(),
        GopherPlus::ItemAttributes(mut n) => format!("item attributes: {} (3.4.6)", list(&mut n)),
        GopherPlus::DirectoryAttributes(mut n) => {
            format!(
                "attributes of every item in the directory: {} (3.4.6)",
                list(&mut n)
            )
        }
        GopherPlus::AlternateView { view, language } => {
            let lang = language.map_or(String::new(), |l| {
                format!(", language {}", l.decode_utf8().unwrap_or_default())
            });
            format!(
                "alternate view {}{lang} (3.4.8)",
                view.decode_utf8().unwrap_or_default()
            )
        }
        GopherPlus::AskData(mut v) => format!("filled-in ASK block: {} (3.4.9)", list(&mut v)),
        _ => "not one of the forms of RFC 1738 3.4.4 to 3.4.9".into(),
    }
}

/// A field value for people: strings bare, `(undefined)` for null,
/// `(empty)` for `""`, lists as JSON.
fn show(v: &Value) -> String {
    match v {
        Value::Null => "(undefined)".into(),
        Value::String(s) if s.is_empty() => "(empty)".into(),
        Value::String(s) => s.escape_debug().to_string(),
        other => other.to_string(),
    }
}
