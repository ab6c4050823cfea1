//! `uri inspect`: the scheme-specific view of RFC 1738 section 3.
//!
//! Each scheme's fields are listed once, by the library ([`View::visit`]), and read three ways: a
//! first pass checks that every decoded value is UTF-8, then the JSON
//! record or the human form is written field by field, so that a URI of a
//! million path segments costs no list of a million values.

use std::io::{self, Write};

use clap::Args;
use serde::ser::{Error as _, SerializeMap, SerializeSeq, Serializer as _};
use serde::Serialize;
use urikit::pct::PctStr;
use urikit::scheme::{self, Fields, FtpCommand, GopherPlus, View, Warning};
use urikit::{Error, UriRef};

use crate::json::ErrorRecord;
use crate::{args, input, show, status};

/// The options of `uri inspect`.
#[derive(Args)]
pub struct InspectArgs {
    #[command(flatten)]
    dialect: args::DialectArg,
    #[command(flatten)]
    json: args::Json,
    #[command(flatten)]
    errors: args::ErrorsArg,
    /// URIs to inspect; standard input, one per line, when none.
    uris: Vec<String>,
}

/// Inspects each input.
pub fn run(a: InspectArgs) -> io::Result<()> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let parser = a.dialect.parser();
    let iri = parser.dialect() == urikit::Dialect::Rfc3987;
    input::batches(a.uris, |lines| {
        for line in lines.lines() {
            let (text, bad) = line.read();
            let uri = match bad {
                None => parse_absolute(&parser, &text),
                Some(e) => Err(e),
            };
            // The security warnings come from the generic syntax: they hold
            // whether or not the scheme's own syntax does.
            let warnings: Vec<Warning> = uri.iter().flat_map(scheme::warnings).collect();
            let view = uri.and_then(|u| {
                let view = View::new(u)?;
                view.visit(&mut Check)?;
                Ok(view)
            });
            status::record(view.is_ok());
            let scheme_name = uri
                .ok()
                .and_then(|u| u.scheme())
                .map(str::to_ascii_lowercase);
            let inspected = Inspected {
                input: &text,
                scheme: scheme_name.as_deref(),
                view: &view,
                warnings: &warnings,
                iri,
            };
            match (view.is_ok(), a.errors.errors) {
                (false, args::Errors::Skip) => {}
                (false, args::Errors::Stderr) => {
                    let mut err = io::stderr().lock();
                    if a.json.json {
                        write_json(&mut err, &inspected)?;
                    } else {
                        write_human(&mut err, &inspected)?;
                    }
                }
                _ if a.json.json => write_json(&mut out, &inspected)?,
                _ => write_human(&mut out, &inspected)?,
            }
        }
        // Each batch answered as it comes (a pipe's line is a batch).
        out.flush()
    })?;
    out.flush()
}

/// An absolute URI read by `parser` (`empty-input` for nothing,
/// `missing-scheme` for a relative reference).
fn parse_absolute<'a>(parser: &urikit::Parser, text: &'a str) -> Result<UriRef<'a>, Error> {
    if text.is_empty() {
        return Err(Error::new(urikit::ErrorKind::EmptyInput, 0));
    }
    let u = parser.parse(text)?;
    if !u.has_scheme() {
        return Err(Error::new(urikit::ErrorKind::MissingScheme, 0));
    }
    Ok(u)
}

/// What is known of one input.
struct Inspected<'a, 'u> {
    input: &'a str,
    scheme: Option<&'a str>,
    view: &'a Result<View<'u>, Error>,
    warnings: &'a [Warning],
    /// Whether the input was read as an IRI (for the messages' hints).
    iri: bool,
}

/// The first pass: every decoded value is UTF-8.
struct Check;

impl Fields for Check {
    type Err = Error;
    fn text(&mut self, _: &str, uri: UriRef<'_>, v: PctStr<'_>) -> Result<(), Error> {
        uri.decode_part(v).map(drop)
    }
    fn opt_text(&mut self, n: &str, uri: UriRef<'_>, v: Option<PctStr<'_>>) -> Result<(), Error> {
        v.map_or(Ok(()), |v| self.text(n, uri, v))
    }
    fn raw(&mut self, _: &str, _: Option<&str>) -> Result<(), Error> {
        Ok(())
    }
    fn number(&mut self, _: &str, _: Option<u64>) -> Result<(), Error> {
        Ok(())
    }
    fn flag(&mut self, _: &str, _: bool) -> Result<(), Error> {
        Ok(())
    }
    fn list<'p>(
        &mut self,
        n: &str,
        uri: UriRef<'_>,
        items: &mut dyn Iterator<Item = PctStr<'p>>,
    ) -> Result<(), Error> {
        for v in items {
            self.text(n, uri, v)?;
        }
        Ok(())
    }
    fn pairs<'p>(
        &mut self,
        n: &str,
        uri: UriRef<'_>,
        items: &mut dyn Iterator<Item = (PctStr<'p>, PctStr<'p>)>,
    ) -> Result<(), Error> {
        for (k, v) in items {
            self.text(n, uri, k)?;
            self.text(n, uri, v)?;
        }
        Ok(())
    }
}

/// A decoded value, serialized as it is decoded.
struct Decoded<'a>(UriRef<'a>, PctStr<'a>);

impl Serialize for Decoded<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let text = self.0.decode_part(self.1).map_err(S::Error::custom)?;
        s.serialize_str(&text)
    }
}

/// The fields written into a JSON map as they are visited.
struct JsonFields<'m, M>(&'m mut M);

impl<M: SerializeMap> Fields for JsonFields<'_, M> {
    type Err = M::Error;
    fn text(&mut self, name: &str, uri: UriRef<'_>, v: PctStr<'_>) -> Result<(), M::Error> {
        self.0.serialize_entry(name, &Decoded(uri, v))
    }
    fn opt_text(
        &mut self,
        name: &str,
        uri: UriRef<'_>,
        v: Option<PctStr<'_>>,
    ) -> Result<(), M::Error> {
        self.0.serialize_entry(name, &v.map(|v| Decoded(uri, v)))
    }
    fn raw(&mut self, name: &str, v: Option<&str>) -> Result<(), M::Error> {
        self.0.serialize_entry(name, &v)
    }
    fn number(&mut self, name: &str, v: Option<u64>) -> Result<(), M::Error> {
        self.0.serialize_entry(name, &v)
    }
    fn flag(&mut self, name: &str, v: bool) -> Result<(), M::Error> {
        self.0.serialize_entry(name, &v)
    }
    fn list<'p>(
        &mut self,
        name: &str,
        uri: UriRef<'_>,
        items: &mut dyn Iterator<Item = PctStr<'p>>,
    ) -> Result<(), M::Error> {
        self.0
            .serialize_entry(name, &Lazy::new(items.map(|v| Decoded(uri, v))))
    }
    fn pairs<'p>(
        &mut self,
        name: &str,
        uri: UriRef<'_>,
        items: &mut dyn Iterator<Item = (PctStr<'p>, PctStr<'p>)>,
    ) -> Result<(), M::Error> {
        let pairs = items.map(|(k, v)| (Decoded(uri, k), Decoded(uri, v)));
        self.0.serialize_entry(name, &Lazy::new(pairs))
    }
}

/// A sequence serialized from an iterator, once, without collecting it.
struct Lazy<I>(std::cell::RefCell<Option<I>>);

impl<I> Lazy<I> {
    fn new(items: I) -> Lazy<I> {
        Lazy(std::cell::RefCell::new(Some(items)))
    }
}

impl<I: Iterator<Item = T>, T: Serialize> Serialize for Lazy<I> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let items = self.0.borrow_mut().take();
        let mut seq = s.serialize_seq(None)?;
        for item in items.into_iter().flatten() {
            seq.serialize_element(&item)?;
        }
        seq.end()
    }
}

/// A view's fields as a JSON object.
struct FieldsOf<'a, 'u>(&'a View<'u>);

impl Serialize for FieldsOf<'_, '_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        self.0.visit(&mut JsonFields(&mut map))?;
        map.end()
    }
}

/// A warning as the contract writes it: `{"code", "offset", "message"}`.
#[derive(Serialize)]
struct WarningRecord {
    code: &'static str,
    offset: usize,
    message: String,
}

/// The contract's record, written as it is made.
fn write_json(out: &mut impl Write, r: &Inspected<'_, '_>) -> io::Result<()> {
    let mut ser = serde_json::Serializer::new(&mut *out);
    let mut map = ser.serialize_map(None)?;
    map.serialize_entry("input", r.input)?;
    map.serialize_entry("ok", &r.view.is_ok())?;
    map.serialize_entry("scheme", &r.scheme)?;
    map.serialize_entry("default_port", &r.scheme.and_then(scheme::default_port))?;
    match r.view {
        Ok(view) => map.serialize_entry("fields", &FieldsOf(view))?,
        Err(_) => map.serialize_entry("fields", &None::<()>)?,
    }
    let warnings: Vec<WarningRecord> = r
        .warnings
        .iter()
        .map(|w| WarningRecord {
            code: w.code(),
            offset: w.offset(),
            message: w.to_string(),
        })
        .collect();
    map.serialize_entry("warnings", &warnings)?;
    map.serialize_entry(
        "error",
        &r.view
            .as_ref()
            .err()
            .map(|&e| ErrorRecord::at(e, r.input, r.iri)),
    )?;
    SerializeMap::end(map)?;
    out.write_all(b"\n")
}

/// The fields for people, a line each: decoded values shown by the
/// escaping rule, `(undefined)` for null, `(empty)` for `""`, lists as
/// JSON.
struct HumanFields<'w, W>(&'w mut W);

impl<W: Write> HumanFields<'_, W> {
    fn line(&mut self, name: &str, value: &str) -> io::Result<()> {
        writeln!(self.0, "  {:<12} {value}", name.replace('_', " "))
    }
    fn shown(v: Option<&str>) -> String {
        match v {
            None => "(undefined)".into(),
            Some("") => "(empty)".into(),
            Some(s) => show::text(s).into_owned(),
        }
    }
}

impl<W: Write> Fields for HumanFields<'_, W> {
    type Err = io::Error;
    fn text(&mut self, name: &str, uri: UriRef<'_>, v: PctStr<'_>) -> io::Result<()> {
        self.opt_text(name, uri, Some(v))
    }
    fn opt_text(&mut self, name: &str, uri: UriRef<'_>, v: Option<PctStr<'_>>) -> io::Result<()> {
        let text = v.map(|v| uri.decode_part(v).unwrap_or_default());
        self.line(name, &Self::shown(text.as_deref()))
    }
    fn raw(&mut self, name: &str, v: Option<&str>) -> io::Result<()> {
        self.line(name, &Self::shown(v))
    }
    fn number(&mut self, name: &str, v: Option<u64>) -> io::Result<()> {
        let shown = v.map_or("(undefined)".to_owned(), |n| n.to_string());
        self.line(name, &shown)
    }
    fn flag(&mut self, name: &str, v: bool) -> io::Result<()> {
        self.line(name, if v { "true" } else { "false" })
    }
    fn list<'p>(
        &mut self,
        name: &str,
        uri: UriRef<'_>,
        items: &mut dyn Iterator<Item = PctStr<'p>>,
    ) -> io::Result<()> {
        write!(self.0, "  {:<12} [", name.replace('_', " "))?;
        for (i, v) in items.enumerate() {
            let sep = if i == 0 { "" } else { ", " };
            let text = uri.decode_part(v).unwrap_or_default();
            write!(self.0, "{sep}{}", quoted(&text))?;
        }
        writeln!(self.0, "]")
    }
    fn pairs<'p>(
        &mut self,
        name: &str,
        uri: UriRef<'_>,
        items: &mut dyn Iterator<Item = (PctStr<'p>, PctStr<'p>)>,
    ) -> io::Result<()> {
        write!(self.0, "  {:<12} [", name.replace('_', " "))?;
        for (i, (k, v)) in items.enumerate() {
            let sep = if i == 0 { "" } else { ", " };
            let (k, v) = (
                uri.decode_part(k).unwrap_or_default(),
                uri.decode_part(v).unwrap_or_default(),
            );
            write!(self.0, "{sep}[{}, {}]", quoted(&k), quoted(&v))?;
        }
        writeln!(self.0, "]")
    }
}

/// A value in a human list: in double quotes, shown by the escaping rule,
/// a `"` inside written `\"`.
fn quoted(s: &str) -> String {
    format!("\"{}\"", show::text(s).replace('"', "\\\""))
}

fn write_human(out: &mut impl Write, r: &Inspected<'_, '_>) -> io::Result<()> {
    writeln!(out, "{}", show::text(r.input))?;
    if let Some(s) = r.scheme {
        let known = match (scheme::lookup(s), scheme::default_port(s)) {
            (Some(_), Some(p)) => format!(" (default port {p})"),
            (Some(info), None) => format!(" ({})", info.reference()),
            (None, _) if scheme::is_experimental(s) => " (experimental, RFC 1738 section 4)".into(),
            (None, _) => " (not a scheme we know: generic syntax only)".into(),
        };
        writeln!(out, "  {:<12} {}{known}", "scheme", show::text(s))?;
    }
    match r.view {
        Err(e) => {
            let rec = ErrorRecord::at(*e, r.input, r.iri);
            writeln!(
                out,
                "  error: {} at byte {}: {}",
                rec.code, rec.offset, rec.message
            )?;
            let (line, mark) = crate::show::caret(r.input, e.offset());
            writeln!(out, "  {line}\n  {mark}")?;
        }
        Ok(view) => {
            view.visit(&mut HumanFields(out))?;
            write_semantics(out, view)?;
        }
    }
    if r.warnings.is_empty() {
        writeln!(out, "  warnings:    none")?;
    } else {
        writeln!(out, "  warnings:")?;
        for w in r.warnings {
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
                writeln!(out, "    {}{note}", show::text(&c.to_string()))?;
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
            .map(|n| show::text(&String::from_utf8_lossy(&n.decode())).into_owned())
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
                format!(
                    ", language {}",
                    show::text(&l.decode_utf8().unwrap_or_default())
                )
            });
            format!(
                "alternate view {}{lang} (3.4.8)",
                show::text(&view.decode_utf8().unwrap_or_default())
            )
        }
        GopherPlus::AskData(mut v) => format!("filled-in ASK block: {} (3.4.9)", list(&mut v)),
        _ => "not one of the forms of RFC 1738 3.4.4 to 3.4.9".into(),
    }
}
