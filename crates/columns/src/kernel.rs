//! The direct kernels: for the functions whose answer is whether a text
//! parses, a slice of it, or its port number, under a dialect given once
//! for the whole call, one loop parses each row and writes the answer
//! straight into the result's buffers, reserved once for the range: no
//! row's value is built, moved or dropped on the way, and no buffer grows.
//! Each row's bytes go to the parse unchecked
//! ([`urikit::Parser::parse_bytes`]): under RFC 3986 the parse's own
//! classification refuses every byte above 0x7F, so UTF-8 costs no pass of
//! its own, and a row that is not UTF-8 gets the general evaluator's
//! answer for it (false, or NULL). Everything else is the general
//! evaluator's, which gives the same answers (the tests compare them on
//! every dataset line).

use std::sync::Arc;

use arrow_array::builder::Int32Builder;
use arrow_array::{ArrayRef, BooleanArray, StringArray};
use arrow_buffer::{Buffer, NullBuffer, OffsetBuffer, ScalarBuffer};
use urikit::{Dialect, Parser, Part, UriRef};

use crate::eval::{lower_fn, parser_for, slice_fn, Slice, Value};
use crate::input::*;
use crate::ops;
use crate::spec::*;
use crate::texts::{Bits, Slices, Texts, Validity};
use crate::value::MAX_BYTES;

/// A function with a direct kernel, its parser chosen: what one row
/// costs is one parse and a slice, a test or a port.
///
/// ```
/// use urikit_columns::{RowFn, Value};
///
/// let port = RowFn::new(urikit_columns::spec("uri_port_number").unwrap());
/// let direct = port.direct(Some("rfc3986")).unwrap().unwrap();
/// assert_eq!(direct.eval(b"https://h/"), Value::I32(443));
/// assert!(port.direct(Some("rfc0")).unwrap().is_err());
/// ```
#[derive(Clone, Copy)]
pub enum Direct {
    /// `uri_is_valid`.
    IsValid(Parser),
    /// `uri_port_number`.
    PortNumber(Parser),
    /// A slice of the reference: a component or the host's type.
    Slice(Parser, Slice),
    /// A slice in lower case: the registrable domain or the public
    /// suffix (copied only where it has a capital).
    Lower(Parser, Slice),
}

impl Direct {
    /// The direct kernel of `spec` with the dialect `dialect` for every row
    /// (`None`: absent, RFC 3986), or `None` when there is none (another
    /// argument, the WHATWG dialect, a function that builds its answer).
    /// `Some(Err)`: the dialect's name is unknown.
    pub(crate) fn of(spec: &Spec, dialect: Option<At<'_>>) -> Option<Result<Direct, String>> {
        if spec.params.len() > usize::from(dialect_index(spec).is_some()) {
            return None;
        }
        let parser = match parser_for(dialect, &mut None) {
            Ok(p) if p.dialect() != Dialect::Whatwg => p,
            Ok(_) => return None,
            Err(e) => return Some(Err(e)),
        };
        Some(Ok(match spec.f {
            F::IsValid => Direct::IsValid(parser),
            F::PortNumber => Direct::PortNumber(parser),
            f => match lower_fn(f) {
                Some(get) => Direct::Lower(parser, get),
                None => Direct::Slice(parser, slice_fn(f)?),
            },
        }))
    }

    /// The answer for the bytes `b`, checked as UTF-8 by the parse
    /// ([`urikit::Parser::parse_bytes`]): bytes that are not are not a
    /// reference (false, or NULL, as the general evaluator answers).
    ///
    /// ```
    /// use urikit_columns::{RowFn, Value};
    ///
    /// let host = RowFn::new(urikit_columns::spec("uri_host").unwrap());
    /// let direct = host.direct(None).unwrap().unwrap();
    /// assert_eq!(direct.eval(b"http://h/"), Value::Str("h".into()));
    /// assert_eq!(direct.eval(b"http://h\xff/"), Value::Null);
    /// ```
    #[inline]
    pub fn eval<'a>(&self, b: &'a [u8]) -> Value<'a> {
        match *self {
            Direct::IsValid(p) => Value::Bool(p.parse_bytes(b).is_ok()),
            Direct::PortNumber(p) => port(p, b).map_or(Value::Null, Value::I32),
            Direct::Slice(p, get) => match p.parse_bytes(b).as_ref().ok().and_then(|u| get.of(u)) {
                Some(v) => Value::Str(v.into()),
                None => Value::Null,
            },
            Direct::Lower(p, get) => match p.parse_bytes(b).as_ref().ok().and_then(|u| get.of(u)) {
                Some(v) => Value::Str(crate::ops::lower(v)),
                None => Value::Null,
            },
        }
    }
}

/// Rows `range` of `col` by a direct kernel, or `None` when `spec` with
/// these arguments has none.
pub(crate) fn run(
    spec: &Spec,
    col: &Strs<'_>,
    args: &Args<'_>,
    range: std::ops::Range<usize>,
    views: bool,
) -> Option<Result<ArrayRef, String>> {
    if let Some(done) = written(spec, col, args, range.clone()) {
        return Some(done);
    }
    if let Some(done) = listed(spec, col, range.clone(), MAX_BYTES) {
        return Some(done);
    }
    if let Some(done) = tlds(spec, col, args, range.clone()) {
        return Some(done);
    }
    // The dialect, the only argument these functions take, once for all.
    let dialect = match dialect_index(spec) {
        // Given as a column: each row may differ.
        Some(k) if k < args.items.len() && !args.is_literal(k) => return None,
        Some(k) => args.at(k, 0),
        None => None,
    };
    let direct = match Direct::of(spec, dialect)? {
        Ok(d) => d,
        Err(e) => return Some(Err(e)),
    };
    // Every row's bytes go to the parse as they are: it refuses what is
    // not UTF-8 in its own pass, and such a row is answered as the
    // general evaluator answers it (`eval::not_utf8`: false, or NULL).
    let n = range.len();
    Some(Ok(match direct {
        Direct::IsValid(parser) => {
            // NULL exactly where the column is NULL (functions.md).
            let mut bits = Bits::new(n);
            col.each_bytes(range.clone(), |_, row| {
                bits.push(row.is_some_and(|b| parser.parse_bytes(b).is_ok()));
            });
            Arc::new(BooleanArray::new(bits.finish(), col.nulls(&range)))
        }
        Direct::PortNumber(parser) => {
            let mut b = Int32Builder::with_capacity(n);
            col.each_bytes(range, |_, row| {
                b.append_option(row.and_then(|row| port(parser, row)));
            });
            Arc::new(b.finish())
        }
        Direct::Slice(parser, get) | Direct::Lower(parser, get) => {
            let s = Sliced {
                col,
                range,
                parser,
                lower: matches!(direct, Direct::Lower(..)),
                views: views && matches!(col, Strs::View(_)),
            };
            // A component is taken by a loop of its own, in which its
            // accessor is inlined with the part known (`UriRef::get` called
            // with the part as a value cost a twelfth of `uri_host`'s time
            // in `kernels.py`'s Polars query); the other slices share one.
            return match get {
                Slice::Part(p) => match p {
                    Part::Scheme => s.run(Component::<{ Part::Scheme as usize }>),
                    Part::Authority => s.run(Component::<{ Part::Authority as usize }>),
                    Part::Userinfo => s.run(Component::<{ Part::Userinfo as usize }>),
                    Part::Host => s.run(Component::<{ Part::Host as usize }>),
                    Part::Port => s.run(Component::<{ Part::Port as usize }>),
                    Part::Path => s.run(Component::<{ Part::Path as usize }>),
                    Part::Query => s.run(Component::<{ Part::Query as usize }>),
                    Part::Fragment => s.run(Component::<{ Part::Fragment as usize }>),
                },
                // The suffix list's slices remember the row before's host:
                // a column's rows are most often grouped by host.
                other => match Remembered::new(other) {
                    Some(r) => s.run(r),
                    None => s.run(other),
                },
            };
        }
    }))
}

/// What a slice kernel takes of each parsed row: a [`Slice`] read per row,
/// or a [`Component`] fixed for the loop.
trait Take {
    fn take<'a>(&mut self, u: &UriRef<'a>) -> Option<&'a str>;
}

impl Take for Slice {
    #[inline(always)]
    fn take<'a>(&mut self, u: &UriRef<'a>) -> Option<&'a str> {
        self.of(u)
    }
}

/// A slice of the Public Suffix List's ([`Slice::suffix_list`]) that
/// remembers the last host it read and where its answer lay in it: a row
/// whose host is the same text as the row before's answers from that,
/// without the list's walk. The rows of a column of URLs are most often
/// grouped by host (a crawl's log, a sitemap, an index sorted by SURT:
/// about half of the datasets' rows with a host repeat the host of the
/// row before); a row of another host pays for one comparison of lengths,
/// and of words where the lengths agree. Measured (`bench/RESULTS.md`,
/// 2026-12-02): 649 → 598 instructions a row of `uri_registrable_domain`
/// over the datasets in their order, 636 shuffled; the time saved is
/// smaller (3 %), since the walk of the host just walked is the quick one
/// (its branches and table words are the processor's already).
struct Remembered {
    /// The list's view, and whether the answer is the registrable domain
    /// (else the public suffix).
    view: urikit::psl::View,
    domain: bool,
    /// The last host read, if it was 64 octets or shorter.
    host: [u8; 64],
    /// Its length; `usize::MAX` before any, or after a longer one.
    len: usize,
    /// Where its answer lay in it, or `None` where it had none.
    answer: Option<(usize, usize)>,
}

impl Remembered {
    /// `None` for a slice that does not read the list.
    fn new(slice: Slice) -> Option<Remembered> {
        let (view, domain) = slice.suffix_list()?;
        Some(Remembered {
            view,
            domain,
            host: [0; 64],
            len: usize::MAX,
            answer: None,
        })
    }

    /// The answer for the host name `name`: from what was kept where it
    /// is the last name asked about, else by the list's walk (and kept).
    #[inline(always)]
    fn answer<'s>(&mut self, name: &'s str) -> Option<&'s str> {
        let b = name.as_bytes();
        if b.len() == self.len && same(&self.host, b) {
            return self.answer.map(|(start, end)| &name[start..end]);
        }
        let list = urikit::psl::List::builtin();
        let v = if self.domain {
            list.registrable_domain(name, self.view)
        } else {
            list.public_suffix(name, self.view)
        };
        if b.len() <= 64 {
            keep(&mut self.host, b);
            self.len = b.len();
            // The answer is a slice of the host's text.
            self.answer = v.map(|v| {
                let start = v.as_ptr() as usize - name.as_ptr() as usize;
                (start, start + v.len())
            });
        } else {
            self.len = usize::MAX;
        }
        v
    }
}

/// The host name of a parsed row (its reg-name; `None` for an IP
/// address or no host), which the suffix list's slices read.
#[inline(always)]
fn host_name<'s>(u: &UriRef<'s>) -> Option<&'s str> {
    Some(u.host()?.reg_name()?.as_str())
}

/// Whether `b` (at most 64 bytes) is the text `kept` begins with: a word
/// at a time ([`words`]), rather than a call to compare memory that costs
/// more than a short host.
#[inline(always)]
fn same(kept: &[u8; 64], b: &[u8]) -> bool {
    debug_assert!(b.len() <= 64);
    let n = b.len().min(64);
    if n < 8 {
        return words(&kept[..n], 0).0 == words(b, 0).0;
    }
    let word = |s: &[u8], at: usize| u64::from_le_bytes(s[at..at + 8].try_into().unwrap_or([0; 8]));
    let mut at = 0;
    while at + 8 < n {
        if word(kept, at) != word(b, at) {
            return false;
        }
        at += 8;
    }
    word(kept, n - 8) == word(b, n - 8)
}

/// `b` kept in `to` (at most 64 bytes of it), a word at a time, the last
/// word ending where `b` does (under eight bytes, its one word of
/// [`words`], zeros after it): no call to copy memory.
#[inline(always)]
fn keep(to: &mut [u8; 64], b: &[u8]) {
    let n = b.len().min(64);
    if n < 8 {
        to[..8].copy_from_slice(&words(b, 0).0.to_le_bytes());
        return;
    }
    let mut at = 0;
    while at + 8 < n {
        to[at..at + 8].copy_from_slice(&b[at..at + 8]);
        at += 8;
    }
    to[n - 8..n].copy_from_slice(&b[n - 8..n]);
}

/// The word of `b` that begins at `at` (a multiple of eight below
/// `b.len()`, or 0), little endian, and where the next begins (`None`
/// after the last): eight bytes at `at`, except that the last word is the
/// last eight bytes (read twice where they overlap the word before);
/// under eight bytes, the bytes with zeros after them, read as two
/// overlapping loads of four or byte by byte. Two texts of one length
/// are equal exactly where their words are, and a test that holds of no
/// byte 0 holds of some byte of `b` exactly where it holds of some word.
#[inline(always)]
fn words(b: &[u8], at: usize) -> (u64, Option<usize>) {
    let n = b.len();
    let word = |k: usize| u64::from_le_bytes(b[k..k + 8].try_into().unwrap_or([0; 8]));
    if n >= 8 {
        return match at + 8 < n {
            true => (word(at), Some(at + 8)),
            false => (word(n - 8), None),
        };
    }
    let w = if n >= 4 {
        let four =
            |k: usize| u64::from(u32::from_le_bytes(b[k..k + 4].try_into().unwrap_or([0; 4])));
        four(0) | four(n - 4) << (8 * (n - 4))
    } else {
        b.iter().rev().fold(0u64, |w, &c| w << 8 | u64::from(c))
    };
    (w, None)
}

/// The high bit of each byte of `w` that is an ASCII capital (`A` to
/// `Z`): for each byte `c` below 0x80, `c | 0x80` less `A` has its high
/// bit set where `c` is `A` or above, less `[` (after `Z`) where it is
/// above `Z`; neither subtraction borrows across bytes. A byte of 0x80 or
/// above (UTF-8's) is never one.
#[inline(always)]
fn capitals(w: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x80 * ONES;
    let h = w | HIGH;
    let from_a = h - u64::from(b'A') * ONES;
    let past_z = h - u64::from(b'Z' + 1) * ONES;
    from_a & !past_z & !w & HIGH
}

/// The bytes of `w` (a view's inline bytes, [`short_le`]) with each ASCII
/// capital lowered: its high bit moved to 0x20 ([`capitals`]).
#[inline(always)]
fn lowered_le(w: u128) -> u128 {
    let low = |x: u64| x | capitals(x) >> 2;
    u128::from(low(w as u64)) | u128::from(low((w >> 64) as u64)) << 64
}

/// Whether `b` has an ASCII capital (`A` to `Z`), eight bytes at a time
/// ([`words`], [`capitals`]).
#[inline(always)]
fn has_capital(b: &[u8]) -> bool {
    let mut at = 0;
    loop {
        let (w, next) = words(b, at);
        if capitals(w) != 0 {
            return true;
        }
        match next {
            Some(k) => at = k,
            None => return false,
        }
    }
}

/// The component `Part::ALL[K]` (the part whose discriminant is `K`).
#[derive(Clone, Copy)]
struct Component<const K: usize>;

impl<const K: usize> Take for Component<K> {
    #[inline(always)]
    fn take<'a>(&mut self, u: &UriRef<'a>) -> Option<&'a str> {
        u.get(Part::ALL[K])
    }
}

/// The rows of a slice kernel and how their slices are written.
struct Sliced<'c, 's> {
    col: &'c Strs<'s>,
    range: std::ops::Range<usize>,
    parser: Parser,
    /// In lower case (the registrable domain, the public suffix).
    lower: bool,
    /// As views over the column's own buffers (a view column only).
    views: bool,
}

impl Sliced<'_, '_> {
    /// The slices `t` takes, or `None` when the column is too large for
    /// this kernel (the general evaluator's then).
    #[inline(always)]
    fn run(self, t: impl Filler) -> Option<Result<ArrayRef, String>> {
        let Sliced {
            col,
            range,
            parser,
            lower,
            views,
        } = self;
        if let (true, Strs::View(a)) = (views, col) {
            let out = ViewsOut::new(a, range.len(), lower);
            let out = t.views(a, range, parser, out);
            return Some(Ok(Arc::new(out.finish(a)?)));
        }
        // Reserved once: a slice of a row is no longer than the row.
        let bytes = col.bytes(&range);
        if bytes > MAX_BYTES {
            return None;
        }
        let mut out = Slices::new(range.len(), bytes, col.data());
        if lower {
            t.fill::<true>(col, range, parser, &mut out);
        } else {
            t.fill::<false>(col, range, parser, &mut out);
        }
        Some(out.finish().map(|a| Arc::new(a) as ArrayRef))
    }
}

/// How a slice kernel's rows are read and written: a row at a time
/// (any [`Take`]), or in blocks, the parses of a block before its
/// walks of the suffix list ([`Remembered`]).
trait Filler {
    /// The slices of rows `range`, appended to `out` (in lower case with
    /// `LOWER`).
    fn fill<const LOWER: bool>(
        self,
        col: &Strs<'_>,
        range: std::ops::Range<usize>,
        parser: Parser,
        out: &mut Slices<'_>,
    );

    /// The slices of rows `range` of a `string_view` column, as views
    /// (`out` taken and given back, so that its fields are the loop's
    /// own).
    fn views<'v>(
        self,
        a: &arrow_array::BinaryViewArray,
        range: std::ops::Range<usize>,
        parser: Parser,
        out: ViewsOut<'v>,
    ) -> ViewsOut<'v>;
}

impl<T: Take> Filler for T {
    #[inline(always)]
    fn fill<const LOWER: bool>(
        self,
        col: &Strs<'_>,
        range: std::ops::Range<usize>,
        parser: Parser,
        out: &mut Slices<'_>,
    ) {
        fill::<LOWER>(col, range, parser, self, out);
    }

    #[inline(always)]
    fn views<'v>(
        self,
        a: &arrow_array::BinaryViewArray,
        range: std::ops::Range<usize>,
        parser: Parser,
        out: ViewsOut<'v>,
    ) -> ViewsOut<'v> {
        slice_views(a, range, parser, self, out)
    }
}

/// The slices `t` takes of rows `range` of the `string_view` column `a`,
/// put into `out`. A function of its own over the view column's loop
/// alone (`each_view`, one call of the row's closure), so that the
/// closure is inlined into the loop: called once a row instead, as it was
/// from `each_bytes`' four loops, it cost 12 to 18 instructions a row
/// (`work views-host`).
#[inline(never)]
fn slice_views<'v>(
    a: &arrow_array::BinaryViewArray,
    range: std::ops::Range<usize>,
    parser: Parser,
    mut t: impl Take,
    mut out: ViewsOut<'v>,
) -> ViewsOut<'v> {
    each_view(a, range, |i, row| {
        // Bytes that are not UTF-8 do not parse: NULL, as the general
        // evaluator answers. (The parse's result is read where it was
        // written, as in `fill`.) One call of `put`, inlined once.
        let Some(b) = row else {
            return out.put(i, None);
        };
        let parsed = parser.parse_bytes(b);
        let found = parsed
            .as_ref()
            .ok()
            .and_then(|u| Some((u.as_str(), t.take(u)?)));
        out.put(i, found);
    });
    out
}

/// The rows of a suffix list's slice in blocks of this many: the block's
/// parses first, then its hosts' walks of the list, one after another.
/// Measured over the datasets' lines (`bench/RESULTS.md`, 2026-12-02,
/// afternoon): the parse and the walk of each row in turn took 39 to 40
/// ns a row, in blocks of 64 to 1,024 rows 32.5 to 33 (the parse with the
/// host alone, 19). Each loop keeps its own branches and table words in
/// the processor, where the two in turn evict each other's.
const BLOCK: usize = 256;

/// Rows `range` in blocks of [`BLOCK`]: `read` keeps what it keeps of
/// each row of a block (appended to the vector it is given), then `then`
/// is given what was kept, in order.
#[inline(always)]
fn in_blocks<K>(
    range: std::ops::Range<usize>,
    mut read: impl FnMut(std::ops::Range<usize>, &mut Vec<K>),
    mut then: impl FnMut(K),
) {
    let mut kept: Vec<K> = Vec::with_capacity(BLOCK.min(range.len()));
    let mut start = range.start;
    while start < range.end {
        let end = start.saturating_add(BLOCK).min(range.end);
        read(start..end, &mut kept);
        kept.drain(..).for_each(&mut then);
        start = end;
    }
}

/// The host name of row `b` (NULL: `None`) by `parser`, which a suffix
/// list's slice reads. (The parse's result is read where it was written,
/// as in `fill`.)
#[inline(always)]
fn host_of(parser: Parser, b: Option<&[u8]>) -> Option<&str> {
    let parsed = parser.parse_bytes(b?);
    parsed.as_ref().ok().and_then(host_name)
}

/// The slices `slice` takes of rows `0..n`, in lower case where it is a
/// suffix list's (the registrable domain, the public suffix; `lower`
/// copies only a slice with a capital), for an engine whose rows are not
/// an Arrow array (DuckDB's vectors): `row(i)` is row `i`'s bytes (`None`:
/// NULL), checked as UTF-8 by the parse; `put(i, v)` takes its answer.
/// A suffix list's slice is read as the Arrow kernels read it: a block of
/// rows parsed, then their hosts walked, the host of the row before
/// remembered.
///
/// ```
/// use urikit_columns::{lowered_slices, Slice};
/// let rows: [Option<&[u8]>; 3] = [Some(b"http://www.Example.co.uk/"), None, Some(b"x")];
/// let mut got = Vec::new();
/// let parser = urikit::Parser::new(urikit::Dialect::Rfc3986);
/// lowered_slices(parser, Slice::RegistrableDomain, 3, |i| rows[i], |i, v| got.push((i, v.map(String::from))));
/// assert_eq!(got, [(0, Some("example.co.uk".into())), (1, None), (2, None)]);
/// ```
#[inline]
pub fn lowered_slices<'s>(
    parser: Parser,
    slice: Slice,
    n: usize,
    mut row: impl FnMut(usize) -> Option<&'s [u8]>,
    mut put: impl FnMut(usize, Option<std::borrow::Cow<'s, str>>),
) {
    let Some(mut r) = Remembered::new(slice) else {
        for i in 0..n {
            let parsed = row(i).map(|b| parser.parse_bytes(b));
            let v = match &parsed {
                Some(Ok(u)) => slice.of(u),
                _ => None,
            };
            put(i, v.map(crate::ops::lower));
        }
        return;
    };
    in_blocks(
        0..n,
        |rows, kept| kept.extend(rows.map(|i| (i, host_of(parser, row(i))))),
        |(i, name)| put(i, name.and_then(|n| r.answer(n)).map(crate::ops::lower)),
    );
}

impl Filler for Remembered {
    #[inline(always)]
    fn fill<const LOWER: bool>(
        mut self,
        col: &Strs<'_>,
        range: std::ops::Range<usize>,
        parser: Parser,
        out: &mut Slices<'_>,
    ) {
        in_blocks(
            range,
            |rows, kept| col.each_bytes(rows, |_, row| kept.push(host_of(parser, row))),
            |name| match name.and_then(|n| self.answer(n)) {
                Some(v) => out.push::<LOWER>(v),
                None => out.null(),
            },
        );
    }

    #[inline(always)]
    fn views<'v>(
        mut self,
        a: &arrow_array::BinaryViewArray,
        range: std::ops::Range<usize>,
        parser: Parser,
        mut out: ViewsOut<'v>,
    ) -> ViewsOut<'v> {
        in_blocks(
            range,
            |rows, kept| {
                each_view(a, rows, |i, row| {
                    let found = row.and_then(|b| {
                        let parsed = parser.parse_bytes(b);
                        parsed
                            .as_ref()
                            .ok()
                            .and_then(|u| Some((u.as_str(), host_name(u)?)))
                    });
                    kept.push((i, found));
                })
            },
            |(i, found)| out.put(i, found.and_then(|(text, n)| Some((text, self.answer(n)?)))),
        );
        out
    }
}

/// The slices `t` takes of rows `range`, appended to `out` (in lower case
/// with `LOWER`: a loop of its own for each, so that no row asks).
#[inline(always)]
fn fill<const LOWER: bool>(
    col: &Strs<'_>,
    range: std::ops::Range<usize>,
    parser: Parser,
    mut t: impl Take,
    out: &mut Slices<'_>,
) {
    col.each_bytes(range, |_, row| {
        // The parse's result is read where it was written: moved into an
        // `Option` first, it was copied on the stack and read back wider
        // than written, a stall on every row.
        let Some(b) = row else { return out.null() };
        let parsed = parser.parse_bytes(b);
        match parsed.as_ref().ok().and_then(|u| t.take(u)) {
            Some(v) => out.push::<LOWER>(v),
            None => out.null(),
        }
    });
}

/// The slices of a `string_view` column's rows as a `string_view` column
/// over the same buffers, row by row (`put`): a slice of at most 12 bytes
/// is inlined in its view, a longer one is a view into the row's own
/// bytes, so that nothing is copied (Polars takes its strings so).
/// `lower`: the slice in lower case; a longer slice with a capital (or
/// one that is not a part of its row) is copied, lowered, into one buffer
/// of its own, after the column's.
struct ViewsOut<'v> {
    /// The column's views.
    raw: &'v [u128],
    /// The index of the buffer of lowered copies, after the column's.
    own: u32,
    lower: bool,
    lowered: Vec<u8>,
    views: Vec<u128>,
    /// Which rows are valid: a shift and an or a row, where Arrow's
    /// `NullBufferBuilder` checked its capacity on each (`work
    /// views-host`: 383 → 365 instructions a row,
    /// `views-registrable-domain` 631 → 610; `bench/RESULTS.md`).
    valid: Validity,
    /// A row's view did not fit in a `u32` offset.
    too_long: bool,
}

impl<'v> ViewsOut<'v> {
    fn new(a: &'v arrow_array::BinaryViewArray, rows: usize, lower: bool) -> ViewsOut<'v> {
        ViewsOut {
            raw: a.views(),
            own: a.data_buffers().len() as u32,
            lower,
            lowered: Vec::new(),
            views: Vec::with_capacity(rows),
            valid: Validity::new(rows),
            too_long: false,
        }
    }

    /// Row `i`'s slice: its text (the row as it lies in its buffer) and
    /// the slice of it, or `None` for NULL.
    #[inline(always)]
    fn put(&mut self, i: usize, found: Option<(&str, &str)>) {
        let Some((text, v)) = found else {
            self.views.push(0u128);
            self.valid.push(false);
            return;
        };
        // Where the slice starts in the row, when it is a part of it (a
        // component is; the host's type is a word of the library's own).
        let start = (v.as_ptr() as usize)
            .checked_sub(text.as_ptr() as usize)
            .filter(|&at| at + v.len() <= text.len());
        let len = v.len() as u128;
        // A short slice is inlined, lowered in registers where asked (no
        // pass over its bytes to look for a capital first).
        let view = if v.len() <= 12 {
            let w = short_le(v.as_bytes());
            Some(if self.lower { lowered_le(w) } else { w } << 32 | len)
        } else {
            self.long_view(i, v, start)
        };
        match view {
            Some(view) => {
                self.views.push(view);
                self.valid.push(true);
            }
            None => self.too_long = true,
        }
    }

    /// The view of row `i`'s slice `v`, longer than 12 bytes, which starts
    /// at `start` in the row where it is a part of it; `None` where a copy
    /// outgrows a view's offset.
    #[inline(always)]
    fn long_view(&mut self, i: usize, v: &str, start: Option<usize>) -> Option<u128> {
        let len = v.len() as u128;
        match (start, self.lower && has_capital(v.as_bytes())) {
            // A longer slice lies in a row longer than 12 bytes, which is
            // in buffer `raw >> 64` at offset `raw >> 96`.
            (Some(start), false) => {
                let r = self.raw[i];
                let (buffer, at) = ((r >> 64) as u32, (r >> 96) as u32);
                let prefix = u32::from_le_bytes(v.as_bytes()[..4].try_into().expect("4 bytes"));
                Some(
                    len | u128::from(prefix) << 32
                        | u128::from(buffer) << 64
                        | u128::from(at + start as u32) << 96,
                )
            }
            // A capital to lower, or a slice that is not a part of its
            // row: copied.
            _ => lowered_view(v, self.lower, &mut self.lowered, self.own),
        }
    }

    /// The column, over `a`'s buffers; `None` when a row's view did not
    /// fit in a `u32` offset.
    fn finish(self, a: &arrow_array::BinaryViewArray) -> Option<arrow_array::StringViewArray> {
        if self.too_long {
            return None;
        }
        let mut buffers = a.data_buffers().to_vec();
        if !self.lowered.is_empty() {
            buffers.push(arrow_buffer::Buffer::from_vec(self.lowered));
        }
        // SAFETY: each view is either inline bytes copied from a `str`
        // (ASCII letters lowered, which keeps it UTF-8), or the length,
        // prefix, buffer and offset of a `str` that lies in one of
        // `buffers` (a slice of a row read from them within bounds and
        // parsed, so UTF-8, or such a slice lowered into the last buffer),
        // so every view is in bounds and UTF-8, as `new_unchecked`
        // requires.
        #[allow(unsafe_code)]
        Some(unsafe {
            arrow_array::StringViewArray::new_unchecked(
                self.views.into(),
                buffers,
                self.valid.finish(),
            )
        })
    }
}

/// The view of `v` (longer than 12 bytes: a shorter one is inlined), in
/// lower case if `lower` (ASCII letters), copied into `lowered`, buffer
/// `own` of the result. `None` when `lowered` outgrows a view's offset.
/// Apart from the loop of [`slice_views`], which it would slow, for the
/// rare row that needs it (a capital in a registrable domain).
#[cold]
#[inline(never)]
fn lowered_view(v: &str, lower: bool, lowered: &mut Vec<u8>, own: u32) -> Option<u128> {
    debug_assert!(v.len() > 12, "a short slice is inlined");
    let len = v.len() as u128;
    let at = u32::try_from(lowered.len()).ok()?;
    lowered.extend(
        v.bytes()
            .map(|c| if lower { c.to_ascii_lowercase() } else { c }),
    );
    let prefix = u32::from_le_bytes(
        lowered[at as usize..at as usize + 4]
            .try_into()
            .expect("4 bytes"),
    );
    Some(len | u128::from(prefix) << 32 | u128::from(own) << 64 | u128::from(at) << 96)
}

/// The bytes `b` (at most 16) as a little-endian number, read in
/// registers by two loads that overlap, as a short copy is done: a view's
/// inline bytes built so, not in an array on the stack read back whole
/// (which stalled on the store of each byte: `kernels.py`'s Polars
/// `uri_host`).
#[inline(always)]
fn short_le(b: &[u8]) -> u128 {
    let n = b.len();
    debug_assert!(n <= 16);
    let word = |at: usize| u64::from_le_bytes(b[at..at + 8].try_into().expect("8 bytes"));
    let half = |at: usize| u32::from_le_bytes(b[at..at + 4].try_into().expect("4 bytes"));
    match n {
        8.. => u128::from(word(0)) | u128::from(word(n - 8)) << (8 * (n - 8)),
        4.. => u128::from(u64::from(half(0)) | u64::from(half(n - 4)) << (8 * (n - 4))),
        1.. => u128::from(
            u64::from(b[0])
                | u64::from(b[n / 2]) << (8 * (n / 2))
                | u64::from(b[n - 1]) << (8 * (n - 1)),
        ),
        0 => 0,
    }
}

/// A function whose answer is built, not sliced, with its argument the
/// same on every row: each answer appended straight to the caller's bytes
/// (a result's value buffer, a reused row buffer), with no string of its
/// own per row. `uri_surt` with its options given once (the general
/// evaluator's path cost a quarter more instructions a URL: `work
/// column-surt` against `work surt`), `uri_normalize` with its dialect
/// given once (but the WHATWG one), and `uri_canonical` with its profile
/// given once.
///
/// ```
/// let surt = urikit_columns::spec("uri_surt").unwrap();
/// let mut w = urikit_columns::Writer::of(surt, Some("with_scheme")).unwrap().unwrap();
/// let mut out = Vec::new();
/// assert!(w.write(b"http://www.archive.org/goo/?b&a", &mut out));
/// assert_eq!(out, b"http://(org,archive)/goo?a&b");
/// assert!(!w.write(b"http://a\xff/", &mut out), "not UTF-8: NULL");
/// assert!(urikit_columns::Writer::of(surt, Some("colour")).unwrap().is_err());
///
/// let normalize = urikit_columns::spec("uri_normalize").unwrap();
/// let mut w = urikit_columns::Writer::of(normalize, None).unwrap().unwrap();
/// out.clear();
/// assert!(w.write(b"HTTP://a/./b/%7e", &mut out));
/// assert_eq!(out, b"http://a/b/~");
/// assert!(urikit_columns::Writer::of(normalize, Some("whatwg")).is_none());
/// ```
pub struct Writer {
    job: Job,
}

enum Job {
    Surt(urikit::surt::Options),
    /// The parser, and the text of the row's answer, reused.
    Normalize(Parser, String),
    /// The profile, and the text of the row's answer, reused.
    Canonical(urikit::canonical::Profile, String),
}

impl Writer {
    /// The writer of `spec` with the text `arg` as its argument on every
    /// row (`None`: absent, its default), or `None` when the function has
    /// none with it. `Some(Err)`: the argument is wrong (options that do
    /// not exist, a dialect that does not).
    pub fn of(spec: &Spec, arg: Option<&str>) -> Option<Result<Writer, String>> {
        let job = match spec.f {
            F::Surt => ops::surt_options(arg).map(Job::Surt),
            // The profile is required: NULL makes every row NULL (the
            // general evaluator's).
            F::Canonical => ops::canonical_profile(arg?).map(|p| Job::Canonical(p, String::new())),
            F::Normalize => match parser_for(arg.map(|a| At::Text(Some(a))), &mut None) {
                Ok(p) if p.dialect() == Dialect::Whatwg => return None,
                p => p.map(|p| Job::Normalize(p, String::new())),
            },
            _ => return None,
        };
        Some(job.map(|job| Writer { job }))
    }

    /// Appends the answer for the bytes `b` to `out`: `false` where it is
    /// NULL (`out` then as it was). Bytes that are not UTF-8 are NULL, as
    /// the general evaluator answers them; the answer for UTF-8 is UTF-8
    /// (a key is ASCII, or the row itself for a `filedesc` line; a
    /// normalized reference is text).
    #[inline]
    pub fn write(&mut self, b: &[u8], out: &mut Vec<u8>) -> bool {
        match &mut self.job {
            Job::Normalize(p, text) => match p.parse_bytes(b) {
                Ok(u) => {
                    urikit::Normalizer::new().normalize_into(u, text);
                    out.extend_from_slice(text.as_bytes());
                    true
                }
                Err(_) => false,
            },
            _ => crate::input::utf8(b).is_ok_and(|s| self.write_str(s, out)),
        }
    }

    /// Whether the job reads its rows as text, checked as UTF-8 before
    /// (SURT, a canonical URL), not as bytes that its parse checks in its
    /// own pass (the normal form).
    fn reads_text(&self) -> bool {
        !matches!(self.job, Job::Normalize(..))
    }

    /// [`write`](Self::write) of a row that is text.
    #[inline]
    fn write_str(&mut self, s: &str, out: &mut Vec<u8>) -> bool {
        match &mut self.job {
            Job::Surt(o) => urikit::surt::surt_bytes(s.as_bytes(), o, out).is_ok(),
            Job::Normalize(..) => self.write(s.as_bytes(), out),
            Job::Canonical(p, text) => {
                text.clear();
                let ok = p.canonicalize_into(s, text).is_ok();
                if ok {
                    out.extend_from_slice(text.as_bytes());
                }
                ok
            }
        }
    }

    /// [`write`](Self::write) appended to text: the canonical URL is
    /// written where it goes (`canonicalize_into` appends, and leaves the
    /// text as it was where it answers an error); SURT's key, made as
    /// bytes, is copied in after its UTF-8 is checked.
    ///
    /// ```
    /// let spec = urikit_columns::spec("uri_canonical").unwrap();
    /// let mut w = urikit_columns::Writer::of(spec, Some("w3lib")).unwrap().unwrap();
    /// let mut out = String::from("> ");
    /// assert!(w.write_text(b"http://A.com/?b=1&a=2", &mut out));
    /// assert!(!w.write_text(b"http://a:99999/", &mut out));
    /// assert_eq!(out, "> http://a.com/?a=2&b=1");
    /// ```
    #[inline]
    pub fn write_text(&mut self, b: &[u8], out: &mut String) -> bool {
        match &mut self.job {
            Job::Canonical(p, _) => {
                crate::input::utf8(b).is_ok_and(|s| p.canonicalize_into(s, out).is_ok())
            }
            Job::Normalize(p, text) => match p.parse_bytes(b) {
                Ok(u) => {
                    urikit::Normalizer::new().normalize_into(u, text);
                    out.push_str(text);
                    true
                }
                Err(_) => false,
            },
            Job::Surt(_) => {
                let mut key = Vec::new();
                match self.write(b, &mut key).then(|| String::from_utf8(key)) {
                    Some(Ok(key)) => {
                        out.push_str(&key);
                        true
                    }
                    _ => false,
                }
            }
        }
    }

    /// [`write_text`](Self::write_text) of a row that is text.
    #[inline]
    fn write_text_str(&mut self, s: &str, out: &mut String) -> bool {
        match &mut self.job {
            Job::Canonical(p, _) => p.canonicalize_into(s, out).is_ok(),
            _ => self.write_text(s.as_bytes(), out),
        }
    }
}

/// The items of a row's `list<string>` answer, given one at a time where
/// they are made, with no `String` or `Vec` for each: Google Safe
/// Browsing's lookup expressions (each a piece of the canonical URL,
/// [`urikit::safebrowsing::Url::for_each_expression`]) or their SHA-256
/// hashes in hex. The Arrow kernel and DuckDB's extension write them
/// straight into their buffers. A lister keeps its rooms from row to row
/// (the canonical URL's, [`urikit::safebrowsing::Reader`], and a row's
/// hashes'), so that a row read after the first allocates nothing once
/// the rooms are as large as it needs.
///
/// ```
/// let spec = urikit_columns::spec("uri_safebrowsing_expressions").unwrap();
/// let mut l = urikit_columns::Lister::of(spec).unwrap();
/// let mut items = Vec::new();
/// assert!(l.each(b"http://a.b.c/1/2.html?param=1", |e| items.push(String::from_utf8(e.to_vec()).unwrap())));
/// // The eight of the "URLs and Hashing" page's example, in the client's order.
/// assert_eq!(items.len(), 8);
/// assert!(items.iter().any(|e| e == "a.b.c/1/2.html?param=1"));
/// assert!(items.iter().any(|e| e == "b.c/"));
/// assert!(!l.each(b"http://[bad/", |_| {}));
/// assert!(urikit_columns::Lister::of(urikit_columns::spec("uri_host").unwrap()).is_none());
/// ```
#[derive(Clone, Debug)]
pub struct Lister {
    /// The hashes in hex, not the expressions.
    hashes: bool,
    /// The room of each row's canonical URL, the row before's.
    reader: urikit::safebrowsing::Reader,
    /// A row's expressions hashed together (four side by side where the
    /// processor has the SHA extensions), tagged with their places.
    hasher: urikit::safebrowsing::Hasher<usize>,
    /// A row's hashes, in the order of its expressions.
    digests: Vec<[u8; 32]>,
    /// The row before's, as `digests` was then: an expression it had is
    /// not hashed again
    /// ([`Reader::for_each_expression`](urikit::safebrowsing::Reader::for_each_expression)).
    before: Vec<[u8; 32]>,
}

impl Lister {
    /// The lister of `spec`, or `None` when its answer is no such list.
    pub fn of(spec: &Spec) -> Option<Lister> {
        let hashes = match spec.f {
            F::SafebrowsingExpressions => false,
            F::SafebrowsingHashes => true,
            _ => return None,
        };
        Some(Lister {
            hashes,
            reader: urikit::safebrowsing::Reader::new(),
            hasher: urikit::safebrowsing::Hasher::new(),
            digests: Vec::new(),
            before: Vec::new(),
        })
    }

    /// Calls `item` with each item of the answer for the bytes `b`, in
    /// order; `false` (and no call) where the answer is NULL: bytes that
    /// are not UTF-8, or a URL the client refuses, as the general
    /// evaluator answers them.
    ///
    /// A row's hashes are computed together, as
    /// [`Url::hashes`](urikit::safebrowsing::Url::hashes) computes them,
    /// then given in order.
    #[inline]
    pub fn each(&mut self, b: &[u8], mut item: impl FnMut(&[u8])) -> bool {
        let Ok(s) = crate::input::utf8(b) else {
            return false;
        };
        if !self.hashes {
            return self.expressions(s, |e| item(e.as_bytes()));
        }
        // The reader keeps the row before's URL as each read begins,
        // refused or not.
        core::mem::swap(&mut self.digests, &mut self.before);
        self.digests.clear();
        let (hasher, digests, before) = (&mut self.hasher, &mut self.digests, &self.before);
        let read = found_expressions(&mut self.reader, s, |e, found| {
            let at = digests.len();
            match found.and_then(|k| before.get(k)) {
                Some(&h) => digests.push(h),
                None => {
                    digests.push([0; 32]);
                    hasher.push(e, at, |at, h| digests[at] = h);
                }
            }
        });
        if !read {
            return false;
        }
        hasher.finish(|at, h| digests[at] = h);
        for h in digests.iter() {
            item(&urikit::safebrowsing::hex_digits(h));
        }
        true
    }

    /// The lookup expressions of the text `s`, each to `f`; `false` (and
    /// no call) where the answer is NULL, as [`each`](Self::each). The
    /// canonical URL is written into the lister's room, the one before's.
    fn expressions(&mut self, s: &str, f: impl FnMut(&str)) -> bool {
        let Ok(url) = self.reader.read(s.as_bytes()) else {
            return false;
        };
        url.for_each_expression(f);
        true
    }
}

/// [`Lister::expressions`] by `reader`, each expression with the index of
/// the same one among the text's read before it, where it is one
/// ([`Reader::for_each_expression`](urikit::safebrowsing::Reader::for_each_expression)):
/// its hash is that one's. A function of the reader alone, so that `f`
/// may borrow the lister's other rooms.
#[inline(always)]
fn found_expressions(
    reader: &mut urikit::safebrowsing::Reader,
    s: &str,
    f: impl FnMut(&str, Option<usize>),
) -> bool {
    if reader.read(s.as_bytes()).is_err() {
        return false;
    }
    reader.for_each_expression(f);
    true
}

/// Rows `range` by a [`Writer`], into a `string` column. `None` when an
/// argument is a column (each row may differ).
fn written(
    spec: &Spec,
    col: &Strs<'_>,
    args: &Args<'_>,
    range: std::ops::Range<usize>,
) -> Option<Result<ArrayRef, String>> {
    let options = match args.items.len() {
        0 => None,
        // A NULL literal is an absent option (`eval`).
        _ if args.is_literal(0) => match args.at(0, 0) {
            Some(At::Text(t)) => t,
            _ => None,
        },
        _ => return None,
    };
    let w = match Writer::of(spec, options)? {
        Ok(w) => w,
        Err(e) => return Some(Err(e)),
    };
    let out = match w.job {
        Job::Surt(_) => written_into::<Vec<u8>>(w, col, range),
        Job::Normalize(..) | Job::Canonical(..) => written_into::<String>(w, col, range),
    };
    Some(out.map(|a| Arc::new(a) as ArrayRef))
}

/// Where a [`Writer`] appends a column's answers: bytes (SURT's keys,
/// checked as UTF-8 once at the end, by `StringArray::try_new`), or text,
/// which the canonical URL and the normal form are written into where
/// they go (no copy of each answer from a buffer of its own, and no check
/// at the end: a `String` is UTF-8).
trait Answers {
    fn with_capacity(bytes: usize) -> Self;
    fn len(&self) -> usize;
    /// The answer for `b` by `w` appended: `false` where it is NULL.
    fn write(&mut self, w: &mut Writer, b: &[u8]) -> bool;
    /// The same of a row that is text.
    fn write_str(&mut self, w: &mut Writer, s: &str) -> bool;
    fn column(self, offsets: Vec<i32>, nulls: Option<NullBuffer>) -> Result<StringArray, String>;
}

impl Answers for Vec<u8> {
    fn with_capacity(bytes: usize) -> Self {
        Vec::with_capacity(bytes)
    }
    #[inline(always)]
    fn len(&self) -> usize {
        Vec::len(self)
    }
    #[inline(always)]
    fn write(&mut self, w: &mut Writer, b: &[u8]) -> bool {
        w.write(b, self)
    }
    #[inline(always)]
    fn write_str(&mut self, w: &mut Writer, s: &str) -> bool {
        w.write_str(s, self)
    }
    fn column(self, offsets: Vec<i32>, nulls: Option<NullBuffer>) -> Result<StringArray, String> {
        let offsets = OffsetBuffer::new(ScalarBuffer::from(offsets));
        StringArray::try_new(offsets, Buffer::from_vec(self), nulls).map_err(|e| e.to_string())
    }
}

impl Answers for String {
    fn with_capacity(bytes: usize) -> Self {
        String::with_capacity(bytes)
    }
    #[inline(always)]
    fn len(&self) -> usize {
        String::len(self)
    }
    #[inline(always)]
    fn write(&mut self, w: &mut Writer, b: &[u8]) -> bool {
        w.write_text(b, self)
    }
    #[inline(always)]
    fn write_str(&mut self, w: &mut Writer, s: &str) -> bool {
        w.write_text_str(s, self)
    }
    fn column(self, offsets: Vec<i32>, nulls: Option<NullBuffer>) -> Result<StringArray, String> {
        crate::texts::string_column(offsets, self, nulls)
    }
}

/// [`written`]'s loop, into `A`.
fn written_into<A: Answers>(
    mut w: Writer,
    col: &Strs<'_>,
    range: std::ops::Range<usize>,
) -> Result<StringArray, String> {
    let n = range.len();
    // Reserved for the whole column where the range begins it (`Strs::ahead`).
    let ahead = col.ahead(&range);
    let mut offsets: Vec<i32> = Vec::with_capacity(ahead.len() + 1);
    offsets.push(0);
    // An answer is about as long as its row: reserved once, for most ranges.
    let mut out = A::with_capacity(col.bytes(&ahead).min(MAX_BYTES) + ahead.len());
    let mut valid = Validity::new(n);
    let mut too_long = false;
    let mut put = |ok: bool, len: usize| {
        too_long |= len > MAX_BYTES;
        offsets.push(len as i32);
        valid.push(ok);
    };
    if w.reads_text() {
        // The range's text checked as UTF-8 once where it can be
        // (`Strs::rows`), not each row's on its own.
        for (_, row) in col.rows(range) {
            let ok = matches!(row, crate::input::Row::Text(s) if out.write_str(&mut w, s));
            put(ok, out.len());
        }
    } else {
        // The normal form's parse checks the bytes in its own pass.
        col.each_bytes(range, |_, row| {
            let ok = row.is_some_and(|b| out.write(&mut w, b));
            put(ok, out.len());
        });
    }
    if too_long {
        return Err(crate::value::overflow());
    }
    out.column(offsets, valid.finish())
}

/// Google Safe Browsing's lookup expressions, or their SHA-256 hashes in
/// hex, of rows `range`, written straight into a `list<string>` column's
/// buffers: each expression is a piece of the canonical URL
/// ([`urikit::safebrowsing::Url::for_each_expression`]), copied or hashed
/// where it lies, where the general evaluator made a `String` for each
/// and a `Vec` for each row. NULL where the row is NULL, not UTF-8 or
/// refused by the client, as the general evaluator answers (the tests
/// compare them on every dataset line). `None` for every other function.
/// More than `cap` bytes of text (`MAX_BYTES`, but in a test) is refused
/// as one array's overflow, and nothing is written past it.
fn listed(
    spec: &Spec,
    col: &Strs<'_>,
    range: std::ops::Range<usize>,
    cap: usize,
) -> Option<Result<ArrayRef, String>> {
    let mut lister = Lister::of(spec)?;
    let hashes = lister.hashes;
    let n = range.len();
    // Reserved for the whole column where the range begins it (`Strs::ahead`).
    let ahead = col.ahead(&range);
    let mut lists: Vec<i32> = Vec::with_capacity(ahead.len() + 1);
    lists.push(0);
    // About five expressions a URL in the datasets, each a little shorter
    // than the URL, or 64 digits.
    let mut items: Vec<i32> = Vec::with_capacity(6 * ahead.len() + 1);
    items.push(0);
    let reserve = match hashes {
        true => 6 * 64 * ahead.len(),
        false => 4 * col.bytes(&ahead),
    };
    let mut text = crate::texts::InPlace::with_capacity(reserve.min(cap));
    let mut valid = Validity::new(n);
    // A hash's 64 digits are written into their place when the hash is
    // known: the expressions of many rows are hashed together, four side
    // by side or sixteen at a time, as the processor allows. A place whose
    // digits could not be written (none: the digits are ASCII, the places
    // whole) leaves the call refused below, not a wrong hash.
    let mut hasher = urikit::safebrowsing::Hasher::<usize>::new();
    let mut placed = true;
    let mut put = |text: &mut crate::texts::InPlace, at: usize, hash: [u8; 32]| {
        placed &= text.write_ascii(at, &urikit::safebrowsing::hex_digits(&hash));
    };
    // Where the digits of each expression of the row read before lie, and
    // of this row's: an expression the row before had (most of a host's,
    // in a column grouped by host) has its digits copied from there once
    // they are written, not hashed again.
    let (mut before, mut now): (Vec<usize>, Vec<usize>) = (Vec::new(), Vec::new());
    // The range's text checked as UTF-8 once where it can be
    // (`Strs::rows`), not each row's on its own.
    for (_, row) in col.rows(range) {
        let ok = matches!(row, crate::input::Row::Text(s) if {
            if hashes {
                // The reader keeps the row before's URL as each read
                // begins, refused or not.
                std::mem::swap(&mut before, &mut now);
                now.clear();
            }
            let mut item = |e: &str, found: Option<usize>| {
                // Past `MAX_BYTES` the call is refused below: nothing more
                // is written (a 100 MB URL's expressions would be 4 GB).
                if text.len() > cap {
                    return;
                }
                match hashes {
                    true => {
                        let at = text.push_room_64();
                        let from = found.and_then(|k| before.get(k));
                        if !from.is_some_and(|&from| text.copy_digits(from, at)) {
                            hasher.push(e, at, |at, h| put(&mut text, at, h));
                        }
                        now.push(at);
                    }
                    false => text.push_str(e),
                }
                // Past `MAX_BYTES` it wraps; refused below.
                items.push(text.len() as i32);
            };
            match hashes {
                true => found_expressions(&mut lister.reader, s, item),
                false => lister.expressions(s, |e| item(e, None)),
            }
        });
        lists.push((items.len() - 1) as i32);
        valid.push(ok);
    }
    hasher.finish(|at, h| put(&mut text, at, h));
    if text.len() > cap || items.len() > cap {
        return Some(Err(crate::value::overflow()));
    }
    if !placed {
        return Some(Err(
            "a hash's digits could not be written in place".to_owned()
        ));
    }
    let nulls = valid.finish();
    // The item's field as the table has it for `list<string>`.
    let arrow_schema::DataType::List(item) = data_type(spec.ty) else {
        return Some(Err(format!("{} does not answer a list", spec.name)));
    };
    // The offsets checked (`string_column`); the text is a `String`.
    let values = text.into_column(items, None);
    Some(
        values
            .and_then(|v| {
                arrow_array::ListArray::try_new(
                    item,
                    OffsetBuffer::new(ScalarBuffer::from(lists)),
                    Arc::new(v),
                    nulls,
                )
                .map_err(|e| e.to_string())
            })
            .map(|a| Arc::new(a) as ArrayRef),
    )
}

/// `uri_tldextract` of rows `range`, with its `private` flag given once
/// (absent, or a literal), written straight into the struct's five
/// children: the parts are slices of each row's host
/// ([`urikit::psl::List::tldextract`]), copied once, where the general
/// evaluator made a boxed value a row and appended it through the
/// struct's builders. NULL where the row is NULL or not UTF-8, as the
/// general evaluator answers (the tests compare them on every dataset
/// line). `None` for every other function, or a flag given as a column.
fn tlds(
    spec: &Spec,
    col: &Strs<'_>,
    args: &Args<'_>,
    range: std::ops::Range<usize>,
) -> Option<Result<ArrayRef, String>> {
    if spec.f != F::Tldextract || !args.items.is_empty() && !args.is_literal(0) {
        return None;
    }
    // A NULL literal is the absent flag (`eval`): false.
    let private = matches!(args.at(0, 0), Some(At::Flag(Some(true))));
    let done = if private {
        tld_rows::<4>(col, range)
    } else {
        tld_rows::<3>(col, range)
    };
    let (children, nulls) = match done {
        Ok(done) => done,
        Err(e) => return Some(Err(e)),
    };
    let arrow_schema::DataType::Struct(fields) = data_type(spec.ty) else {
        return Some(Err(format!("{} does not answer a struct", spec.name)));
    };
    Some(
        arrow_array::StructArray::try_new(fields, children, nulls)
            .map(|a| Arc::new(a) as ArrayRef)
            .map_err(|e| e.to_string()),
    )
}

/// The struct's five children of `uri_tldextract` over rows `range` (see
/// [`tlds`]), and the rows' NULLs: `K` texts a row, the four parts with
/// the private section (`K` 4), or three without it (3). Without the
/// private section no suffix is private, so that every row's registry
/// suffix is its suffix (`List::tldextract`): the suffix's column is
/// given for both, its buffers shared, and `is_private` is false in every
/// row, with no fourth text copied nor a bit set a row.
fn tld_rows<const K: usize>(
    col: &Strs<'_>,
    range: std::ops::Range<usize>,
) -> Result<(Vec<ArrayRef>, Option<arrow_buffer::NullBuffer>), String> {
    let private = K == 4;
    let list = urikit::psl::List::builtin();
    let n = range.len();
    // Each part is a piece of its row's host, copied from where it lies:
    // the column's bytes bound every child's, and a host is most often a
    // sixth of its URL. Reserved for the whole column where the range
    // begins it (`Strs::ahead`).
    let ahead = col.ahead(&range);
    let reserve = col.bytes(&ahead) / 4 + 8 * ahead.len();
    let mut texts: [Texts<'_>; K] =
        std::array::from_fn(|_| Texts::new(ahead.len(), reserve, col.data()));
    let (mut private_bits, mut valid) = (Bits::new(if private { n } else { 0 }), Validity::new(n));
    // The range's text is checked as UTF-8 once where it can be
    // (`Strs::rows`), not each row's on its own.
    for (_, row) in col.rows(range) {
        // The parts are read where `tldextract` wrote them, not moved into
        // an `Option` first.
        let crate::input::Row::Text(text) = row else {
            texts.iter_mut().for_each(Texts::empty);
            if private {
                private_bits.push(false);
            }
            valid.push(false);
            continue;
        };
        let e = list.tldextract(text, private, false);
        let parts = [&e.subdomain, &e.domain, &e.suffix, &e.registry_suffix];
        for (t, part) in texts.iter_mut().zip(parts) {
            t.push::<false>(part);
        }
        if private {
            private_bits.push(e.is_private);
        } else {
            debug_assert!(!e.is_private && e.registry_suffix == e.suffix);
        }
        valid.push(true);
    }
    // A NULL row is NULL in every child too, as the struct's builder
    // leaves it.
    let nulls = valid.finish();
    let mut children: Vec<ArrayRef> = Vec::with_capacity(5);
    for t in texts {
        children.push(Arc::new(t.finish(nulls.clone())?));
    }
    let bits = if private {
        private_bits.finish()
    } else {
        // The registry suffix: the suffix's column again.
        children.push(Arc::clone(&children[2]));
        arrow_buffer::BooleanBuffer::new_unset(n)
    };
    // In the struct's order: `is_private` is the fourth member.
    children.insert(3, Arc::new(BooleanArray::new(bits, nulls.clone())));
    Ok((children, nulls))
}

/// `uri_port_number` of the bytes `b`.
#[inline]
fn port(parser: Parser, b: &[u8]) -> Option<i32> {
    parser
        .parse_bytes(b)
        .ok()
        .and_then(ops::port_number)
        .map(i32::from)
}

#[cfg(test)]
mod tests {
    /// Expressions past the cap on the text of one array: the call is
    /// refused with the overflow's sentence, and what was written stops
    /// at the first expression past it (a 100 MB URL's expressions would
    /// be 4 GB); below the cap the same rows are answered.
    #[test]
    fn safebrowsing_lists_past_the_cap_are_refused() {
        let long = format!("http://a.b.c.d.e.f.g.h.com/1/2/3/{}?q", "x".repeat(1000));
        let col: arrow_array::ArrayRef =
            std::sync::Arc::new(arrow_array::StringArray::from(vec![long.as_str(); 3]));
        let col = crate::input::Strs::of(col.as_ref(), "u").unwrap();
        let spec = |name| crate::spec(name).unwrap();
        let err = super::listed(spec("uri_safebrowsing_expressions"), &col, 0..3, 4000)
            .unwrap()
            .unwrap_err();
        assert!(err.contains("2 GiB"), "{err}");
        let ok = super::listed(spec("uri_safebrowsing_expressions"), &col, 0..1, 40_000);
        assert_eq!(ok.unwrap().unwrap().len(), 1);
        // 42 hashes of 64 digits: 2,688 bytes a row.
        let hashes = super::listed(spec("uri_safebrowsing_hashes"), &col, 0..1, 4000);
        assert_eq!(hashes.unwrap().unwrap().len(), 1);
    }

    /// A row's hashes copied from the row before's, where it has the same
    /// expressions (`Reader::for_each_expression`), are each expression's
    /// own, as `Url::hashes` gives them: after rows that repeat, that share
    /// a host or a path's first directories, whose hashes are still
    /// gathered (a row of one expression), that are refused or NULL, or
    /// whose scheme moves every place by one; with expressions of two
    /// blocks; in the column and in DuckDB's `Lister`.
    #[test]
    fn safebrowsing_hashes_found_in_the_row_before_are_their_own() {
        use arrow_array::cast::AsArray;
        use arrow_array::Array;
        let long = format!("http://a.b.c/{}/x", "d".repeat(60));
        let rows: Vec<Option<&str>> = vec![
            Some("http://a.b.c/1/2.html?q"),
            Some("http://a.b.c/1/2.html?q"),
            None,
            Some("http://a.b.c/1/2.html?q"),
            Some("http://[bad/"),
            Some("http://a.b.c/1/2.html?q"),
            Some("https://a.b.c/1/2.html?q"),
            Some("http://a.b.c/1/3.html"),
            Some("http://a.b.c/1/"),
            Some("http://b/"),
            Some("http://b/"),
            Some("http://b/"),
            Some("http://b/c"),
            Some("http://x.a.b.c/1/2/3/4.html"),
            Some(long.as_str()),
            Some(long.as_str()),
            Some("http://a.b.c/"),
            Some("http://a.b.c/1/2.html?q"),
        ];
        let want: Vec<Option<Vec<String>>> = rows
            .iter()
            .map(|r| {
                let url = urikit::safebrowsing::Url::parse((*r)?).ok()?;
                Some(url.hashes().iter().map(urikit::safebrowsing::hex).collect())
            })
            .collect();
        assert!(want[14].as_ref().is_some_and(|w| w.len() == 6));
        let spec = crate::spec("uri_safebrowsing_hashes").unwrap();
        let col: arrow_array::ArrayRef =
            std::sync::Arc::new(arrow_array::StringArray::from(rows.clone()));
        let strs = crate::input::Strs::of(col.as_ref(), "u").unwrap();
        let got = super::listed(spec, &strs, 0..rows.len(), usize::MAX)
            .unwrap()
            .unwrap();
        let got = got.as_list::<i32>();
        let mut lister = super::Lister::of(spec).unwrap();
        for (i, want) in want.iter().enumerate() {
            let row = got.is_valid(i).then(|| {
                let items = got.value(i);
                let items = items.as_string::<i32>();
                items
                    .iter()
                    .map(|s| s.unwrap().to_owned())
                    .collect::<Vec<_>>()
            });
            assert_eq!(&row, want, "row {i}: {:?}", rows[i]);
            let mut items = Vec::new();
            let each = rows[i].is_some_and(|r| {
                lister.each(r.as_bytes(), |h| {
                    items.push(String::from_utf8(h.to_vec()).unwrap())
                })
            });
            assert_eq!(
                each.then_some(items).as_ref(),
                want.as_ref(),
                "row {i}, by the lister"
            );
        }
    }

    /// Each text of `lengths` bytes of one byte value (a lower-case
    /// letter, a capital, a byte of UTF-8's, the bytes around `A` to `Z`)
    /// with each byte value put at each place in turn.
    fn each_text(lengths: std::ops::RangeInclusive<usize>, mut f: impl FnMut(&[u8])) {
        for n in lengths {
            for fill in [b'a', b'Z', 0xC3, b'@', b'['] {
                for k in 0..n {
                    for c in 0..=255u8 {
                        let mut v = vec![fill; n];
                        v[k] = c;
                        f(&v);
                    }
                }
            }
            f(&vec![b'a'; n]);
        }
    }

    /// `has_capital` is a byte loop's answer at every length from 0 to
    /// 40, with each byte value placed at each place among lower-case
    /// letters, and among capitals (every other byte value around it).
    #[test]
    fn has_capital_is_a_byte_loop() {
        each_text(0..=40, |v| {
            let want = v.iter().any(u8::is_ascii_uppercase);
            assert_eq!(super::has_capital(v), want, "{v:?}");
        });
    }

    /// `lowered_le` lowers the ASCII capitals of a view's inline bytes and
    /// no other byte, as `make_ascii_lowercase` does: each byte value at
    /// each place of 1 to 12 bytes, among lower-case letters, capitals and
    /// UTF-8's bytes.
    #[test]
    fn lowered_le_is_make_ascii_lowercase() {
        each_text(1..=12, |v| {
            let want = v.to_ascii_lowercase();
            assert_eq!(
                super::lowered_le(super::short_le(v)),
                super::short_le(&want),
                "{v:?}"
            );
        });
    }

    /// `keep` copies the text (and nothing past it) at every length from
    /// 0 to 64.
    #[test]
    fn keep_is_a_copy() {
        let src: Vec<u8> = (0..64u8).map(|k| k.wrapping_mul(37) | 1).collect();
        for n in 0..=64 {
            let mut to = [0u8; 64];
            super::keep(&mut to, &src[..n]);
            assert_eq!(&to[..n], &src[..n], "{n}");
            assert!(to[n..].iter().all(|&c| c == 0), "{n}");
            assert!(super::same(&to, &src[..n]));
        }
    }

    /// `same` is the slices' equality at every length from 0 to 64, with
    /// the two texts differing nowhere and at each byte in turn.
    #[test]
    fn same_is_slice_equality() {
        let mut kept = [0u8; 64];
        for (k, c) in kept.iter_mut().enumerate() {
            *c = b'a' + (k % 26) as u8;
        }
        for n in 0..=64 {
            let b = kept[..n].to_vec();
            assert!(super::same(&kept, &b), "{n}");
            for k in 0..n {
                let mut other = b.clone();
                other[k] ^= 0x20;
                assert!(!super::same(&kept, &other), "{n} at {k}");
            }
        }
    }

    /// `short_le` against the bytes placed one by one, for every length a
    /// view inlines and more, with every byte different and high bits set.
    #[test]
    fn short_le_is_the_bytes_in_order() {
        let src: Vec<u8> = (0..16u8).map(|k| 0x80 | (k * 7 + 3)).collect();
        for n in 0..=16 {
            let mut want = [0u8; 16];
            want[..n].copy_from_slice(&src[..n]);
            assert_eq!(
                super::short_le(&src[..n]),
                u128::from_le_bytes(want),
                "{n} bytes"
            );
        }
    }
}
