//! The columns and arguments a call reads: strings of any Arrow string
//! type (a NULL-typed column as NULLs), literals, the dialect.

use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, BooleanArray, OffsetSizeTrait};
use arrow_buffer::NullBuffer;
use arrow_schema::DataType;
use urikit::{Dialect, Parser};

use crate::ahead::{ahead, DISTANCE};
use crate::spec::*;

/// The bytes `b` as text: at once when they are ASCII (the common row,
/// checked with one loop that the compiler vectorizes), else through the
/// standard library's UTF-8 decoder. What every row of every engine costs
/// before its parse: on the datasets, `std::str::from_utf8` alone took a
/// third of the time of the parse (10 % against 18 % of the samples of a
/// DuckDB `uri_host` query), this takes a few percent.
///
/// ```
/// assert_eq!(urikit_columns::utf8(b"http://a/"), Ok("http://a/"));
/// assert_eq!(urikit_columns::utf8("é".as_bytes()), Ok("é"));
/// assert_eq!(urikit_columns::utf8(b"a\xff").unwrap_err().valid_up_to(), 1);
/// ```
#[inline(always)]
pub fn utf8(b: &[u8]) -> Result<&str, std::str::Utf8Error> {
    if is_ascii(b) {
        // SAFETY: every byte is below 0x80, and ASCII is UTF-8.
        Ok(unsafe { std::str::from_utf8_unchecked(b) })
    } else {
        std::str::from_utf8(b)
    }
}

/// Whether every byte of `b` is below 0x80: 32 bytes at a time in four
/// words the compiler joins into vector registers, then eight at a time,
/// the last eight read again where they overlap (no loop over a tail).
/// A block of a column's rows is some kilobytes: a word at a time it was
/// 14 instructions a row of a column of URLs.
#[inline(always)]
fn is_ascii(b: &[u8]) -> bool {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let word = |c: &[u8]| u64::from_le_bytes(c.try_into().expect("eight bytes"));
    if b.len() < 8 {
        return b.iter().fold(0u8, |acc, &c| acc | c) < 0x80;
    }
    let mut acc = word(&b[b.len() - 8..]);
    let mut wide = [0u64; 4];
    let mut blocks = b.chunks_exact(32);
    for c in &mut blocks {
        for (k, w) in wide.iter_mut().enumerate() {
            *w |= word(&c[8 * k..8 * k + 8]);
        }
    }
    for c in blocks.remainder().chunks_exact(8) {
        acc |= word(c);
    }
    (acc | wide[0] | wide[1] | wide[2] | wide[3]) & HIGH == 0
}

/// What a row whose offsets or view point outside the column's bytes
/// is read as: one byte that is not UTF-8 ([`Strs::each_bytes`]).
const BROKEN: &[u8] = b"\xff";

/// [`Strs::each_bytes`] of a `string_view` column.
#[inline(always)]
pub(crate) fn each_view<'s>(
    a: &'s arrow_array::BinaryViewArray,
    range: std::ops::Range<usize>,
    mut f: impl FnMut(usize, Option<&'s [u8]>),
) {
    let views = a.views();
    // The views' own bytes, where a row of at most 12 bytes lies (after
    // its length, in the view's bytes 4 to 16).
    let inline = views.inner().as_slice();
    let buffers = a.data_buffers();
    let nulls = a.nulls().filter(|n| n.null_count() > 0);
    for i in range {
        // The views of the rows to come.
        ahead(inline.as_ptr().wrapping_add(16 * i + DISTANCE));
        // One call of `f` a loop, as in `each_bytes`.
        let row = match nulls.is_some_and(|n| n.is_null(i)) {
            true => None,
            false => Some(view_bytes(views[i], i, inline, buffers).unwrap_or(BROKEN)),
        };
        f(i, row);
    }
}

/// The bytes of row `i` of a `string_view` column whose view is `v`: in
/// the view itself (`inline`, the views' bytes) when 12 or fewer, else in
/// one of `buffers`; `None` where the view points outside them.
#[inline(always)]
fn view_bytes<'s>(
    v: u128,
    i: usize,
    inline: &'s [u8],
    buffers: &'s [arrow_buffer::Buffer],
) -> Option<&'s [u8]> {
    let len = v as u32 as usize;
    if len <= 12 {
        return inline.get(16 * i + 4..16 * i + 4 + len);
    }
    let (buffer, at) = ((v >> 64) as u32 as usize, (v >> 96) as u32 as usize);
    buffers.get(buffer).and_then(|d| {
        // The bytes of the rows to come, most often after this one in the
        // same buffer.
        ahead(d.as_ptr().wrapping_add(at.wrapping_add(DISTANCE)));
        d.as_slice().get(at..at + len)
    })
}

/// A column of text: Arrow `string`, `large_string` or `string_view`.
///
/// Arrow promises UTF-8, but a producer may not keep the promise (Spark
/// casting a binary column to string sends the bytes as they are, and an
/// array imported through the C data interface is not checked), so nothing
/// here takes it on trust: a range of rows whose bytes are all UTF-8 and
/// whose offsets all fall between characters is read through Arrow's own
/// accessor, any other row is checked on its own.
pub enum Strs<'a> {
    Utf8(&'a arrow_array::StringArray),
    Large(&'a arrow_array::LargeStringArray),
    View(arrow_array::BinaryViewArray),
    /// A column of the null type (a NULL literal in DuckDB, an all-null
    /// Polars series): every row NULL.
    Nulls,
}

/// A row of a column of text.
pub enum Row<'a> {
    Null,
    Text(&'a str),
    /// Bytes that are not UTF-8, and where they stop being.
    Bad(std::str::Utf8Error, u8),
}

impl<'a> Strs<'a> {
    pub fn of(a: &'a dyn Array, what: &str) -> Result<Strs<'a>, String> {
        Ok(match a.data_type() {
            DataType::Utf8 => Strs::Utf8(a.as_string::<i32>()),
            DataType::LargeUtf8 => Strs::Large(a.as_string::<i64>()),
            DataType::Utf8View => Strs::View(a.as_string_view().clone().to_binary_view()),
            // NULL in, NULL out (functions.md), whatever the engine typed
            // a column of nothing but NULL as.
            DataType::Null => Strs::Nulls,
            other => {
                return Err(format!(
                    "{what} must be a column of strings (Arrow string, large_string or \
                     string_view), not {other}"
                ))
            }
        })
    }

    /// The rows of `range`, in order, each with its index. The text of a
    /// range of an offsets array is checked once: where it is UTF-8 with
    /// every row's cut between characters, each row is a slice of it, else
    /// each row is checked on its own, as [`Strs::get`] does. An iterator
    /// (not a callback) so that a kernel's body is one loop the compiler
    /// sees whole.
    #[inline]
    pub(crate) fn rows(&self, range: std::ops::Range<usize>) -> Rows<'_> {
        let fast = match self {
            Strs::Utf8(a) => {
                let o = a.value_offsets();
                Checked::of(o, Offsets::Small(o), a.value_data(), a.nulls(), &range)
            }
            Strs::Large(a) => {
                let o = a.value_offsets();
                Checked::of(o, Offsets::Large(o), a.value_data(), a.nulls(), &range)
            }
            Strs::View(_) | Strs::Nulls => None,
        };
        Rows {
            col: self,
            fast,
            range,
        }
    }

    /// Calls `f` with each row of `range`, its index and its bytes as they
    /// are (`None`: NULL), nothing checked: for a kernel whose parse checks
    /// the bytes in its own pass ([`urikit::Parser::parse_bytes`]). One loop
    /// per kind of column, `f` inlined into each. A row whose offsets or
    /// view point outside the column's bytes (a producer that broke
    /// Arrow's rules, which the C data interface does not check) is read
    /// as one byte that is not UTF-8, so that it is answered as such a row
    /// is, never read out of bounds.
    #[inline(always)]
    pub(crate) fn each_bytes<'s>(
        &'s self,
        range: std::ops::Range<usize>,
        mut f: impl FnMut(usize, Option<&'s [u8]>),
    ) {
        fn offsets<'s, O: OffsetSizeTrait>(
            a: &'s arrow_array::GenericStringArray<O>,
            range: std::ops::Range<usize>,
            f: &mut impl FnMut(usize, Option<&'s [u8]>),
        ) {
            let (o, data) = (a.value_offsets(), a.value_data());
            let nulls = a.nulls().filter(|n| n.null_count() > 0);
            for i in range {
                // The bytes and the offsets of the rows to come.
                ahead(
                    data.as_ptr()
                        .wrapping_add(o[i].as_usize().wrapping_add(DISTANCE)),
                );
                ahead(
                    o.as_ptr()
                        .cast::<u8>()
                        .wrapping_add(i * size_of::<O>() + DISTANCE),
                );
                // One call of `f` a loop, so that it is inlined once.
                let row = match nulls.is_some_and(|n| n.is_null(i)) {
                    true => None,
                    false => Some(
                        data.get(o[i].as_usize()..o[i + 1].as_usize())
                            .unwrap_or(BROKEN),
                    ),
                };
                f(i, row);
            }
        }
        match self {
            Strs::Utf8(a) => offsets(a, range, &mut f),
            Strs::Large(a) => offsets(a, range, &mut f),
            Strs::View(a) => each_view(a, range, f),
            Strs::Nulls => range.for_each(|i| f(i, None)),
        }
    }

    /// Row `i`, its bytes checked as UTF-8 on their own.
    pub(crate) fn get(&self, i: usize) -> Row<'_> {
        /// A row of an offsets array.
        fn offsets_row<O: OffsetSizeTrait>(
            a: &arrow_array::GenericStringArray<O>,
            i: usize,
        ) -> Row<'_> {
            if a.is_null(i) {
                return Row::Null;
            }
            let o = a.value_offsets();
            checked(&a.value_data()[o[i].as_usize()..o[i + 1].as_usize()])
        }
        fn checked(b: &[u8]) -> Row<'_> {
            match crate::input::utf8(b) {
                Ok(s) => Row::Text(s),
                Err(e) => Row::Bad(e, b[e.valid_up_to()]),
            }
        }
        match self {
            Strs::Utf8(a) => offsets_row(a, i),
            Strs::Large(a) => offsets_row(a, i),
            Strs::View(a) if a.is_null(i) => Row::Null,
            Strs::View(a) => checked(a.value(i)),
            Strs::Nulls => Row::Null,
        }
    }

    /// The bytes of an offsets array, where every row's text lies (empty
    /// for the other columns): what a kernel copies slices from.
    pub(crate) fn data(&self) -> &[u8] {
        match self {
            Strs::Utf8(a) => a.value_data(),
            Strs::Large(a) => a.value_data(),
            Strs::View(_) | Strs::Nulls => &[],
        }
    }

    /// Which rows of `range` are NULL, as a result's validity (`None`:
    /// none is).
    pub(crate) fn nulls(&self, range: &std::ops::Range<usize>) -> Option<NullBuffer> {
        let n = match self {
            Strs::Utf8(a) => a.nulls(),
            Strs::Large(a) => a.nulls(),
            Strs::View(a) => a.nulls(),
            Strs::Nulls => return Some(NullBuffer::new_null(range.len())),
        };
        n.map(|n| n.slice(range.start, range.len()))
            .filter(|n| n.null_count() > 0)
    }

    /// The rows a kernel reserves its result's buffers for: all of the
    /// column's for a range that begins it, so that where the column was
    /// cut into parts (one a thread), the later parts' rows are appended
    /// to the first's buffers, not the first's copied too
    /// ([`crate::build::join`]); any other range's own. Memory reserved
    /// and never written is only the address space's, and all the parts
    /// together reserve at most twice the column's answers.
    pub(crate) fn ahead(&self, range: &std::ops::Range<usize>) -> std::ops::Range<usize> {
        let rows = match self {
            Strs::Utf8(a) => a.len(),
            Strs::Large(a) => a.len(),
            Strs::View(a) => a.len(),
            Strs::Nulls => range.end,
        };
        match range.start {
            0 => 0..rows.max(range.end),
            _ => range.clone(),
        }
    }

    /// The bytes of rows `range`, together.
    pub(crate) fn bytes(&self, range: &std::ops::Range<usize>) -> usize {
        fn span<O: OffsetSizeTrait>(o: &[O], r: &std::ops::Range<usize>) -> usize {
            o[r.end].as_usize() - o[r.start].as_usize()
        }
        match self {
            Strs::Utf8(a) => span(a.value_offsets(), range),
            Strs::Large(a) => span(a.value_offsets(), range),
            Strs::View(a) => range.clone().map(|i| a.views()[i] as u32 as usize).sum(),
            Strs::Nulls => 0,
        }
    }

    /// Row `i` as text, None for NULL or bytes that are not UTF-8.
    pub fn text(&self, i: usize) -> Option<&str> {
        match self.get(i) {
            Row::Text(t) => Some(t),
            _ => None,
        }
    }
}

/// The rows of a range of a column ([`Strs::rows`]).
pub(crate) struct Rows<'a> {
    col: &'a Strs<'a>,
    fast: Option<Checked<'a>>,
    range: std::ops::Range<usize>,
}

/// The rows of a block whose text [`Checked::of`] reads as ASCII or as
/// UTF-8 in one piece.
const ROWS_A_BLOCK: usize = 64;

/// A range of an offsets array whose text is known to be UTF-8 with every
/// row cut between characters ([`Checked::of`], a block of rows at a
/// time): its offsets as `usize` from the range's first byte, read as
/// either width.
struct Checked<'a> {
    text: &'a str,
    offsets: Offsets<'a>,
    from: usize,
    nulls: Option<&'a NullBuffer>,
}

#[derive(Clone, Copy)]
enum Offsets<'a> {
    Small(&'a [i32]),
    Large(&'a [i64]),
}

impl<'a> Checked<'a> {
    /// The range `range` of an offsets array (`o`, also as `offsets`),
    /// where its text is UTF-8, no
    /// offset is below the one before it, and every offset falls between
    /// characters; `None` where a row must be checked on its own.
    fn of<O: OffsetSizeTrait>(
        o: &'a [O],
        offsets: Offsets<'a>,
        data: &'a [u8],
        nulls: Option<&'a NullBuffer>,
        range: &std::ops::Range<usize>,
    ) -> Option<Checked<'a>> {
        let (from, to) = (o[range.start].as_usize(), o[range.end].as_usize());
        let bytes = data.get(from..to)?;
        let cuts = &o[range.start..=range.end];
        // No offset below the one before it (so all lie within `from..to`).
        // Folded without a branch a pair, so that the compiler compares
        // several pairs to an instruction.
        let (before, after) = (&cuts[..cuts.len() - 1], &cuts[1..]);
        if before
            .iter()
            .zip(after)
            .fold(false, |down, (a, b)| down | (a > b))
        {
            return None;
        }
        // Checked a block of rows at a time: a block of ASCII (nearly all
        // of a column of URLs) is read once, a word at a time, and only a
        // block with a byte beyond ASCII is read as UTF-8 and has its rows'
        // cuts checked. (The whole range read as UTF-8 where one of its
        // rows was not ASCII cost 49 instructions a dataset line, where 5
        // of 109,061 lines are not ASCII.)
        for k in (range.start..range.end).step_by(ROWS_A_BLOCK) {
            let end = (k + ROWS_A_BLOCK).min(range.end);
            let (a, b) = (o[k].as_usize() - from, o[end].as_usize() - from);
            let block = bytes.get(a..b)?;
            if is_ascii(block) {
                continue;
            }
            let text = std::str::from_utf8(block).ok()?;
            if !o[k..=end]
                .iter()
                .all(|c| text.is_char_boundary(c.as_usize() - from - a))
            {
                return None;
            }
        }
        // SAFETY: the bytes are the blocks above in order, each of them
        // UTF-8 (ASCII, or read as UTF-8), so that they are UTF-8
        // together; and every offset falls between characters (in a block
        // of ASCII, between two bytes; in another, checked above).
        #[allow(unsafe_code)]
        let text = unsafe { std::str::from_utf8_unchecked(bytes) };
        Some(Checked {
            text,
            offsets,
            from,
            nulls: nulls.filter(|n| n.null_count() > 0),
        })
    }
}

impl<'a> Iterator for Rows<'a> {
    type Item = (usize, Row<'a>);

    #[inline(always)]
    fn next(&mut self) -> Option<(usize, Row<'a>)> {
        let i = self.range.next()?;
        let Some(c) = &self.fast else {
            return Some((i, self.col.get(i)));
        };
        if c.nulls.is_some_and(|n| n.is_null(i)) {
            return Some((i, Row::Null));
        }
        let (start, end) = match c.offsets {
            Offsets::Small(o) => (o[i] as usize, o[i + 1] as usize),
            Offsets::Large(o) => (o[i] as usize, o[i + 1] as usize),
        };
        let (start, end) = (start - c.from, end - c.from);
        debug_assert!(start <= end && end <= c.text.len());
        ahead(c.text.as_ptr().wrapping_add(start + DISTANCE));
        // SAFETY: `Checked::of` checked every offset of the range to lie
        // on a character boundary of `text` (so within it) and to be no
        // smaller than the one before: `start..end` is a range of `text`
        // cut between characters.
        #[allow(unsafe_code)]
        let s = unsafe { c.text.get_unchecked(start..end) };
        Some((i, Row::Text(s)))
    }
}

/// An argument after the first: one value for every row, or a column.
pub enum Arg {
    Text(Option<String>),
    Texts(ArrayRef),
    Flag(Option<bool>),
    Flags(ArrayRef),
}

/// An argument's value on a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum At<'a> {
    /// A text argument's value (NULL: `None`).
    Text(Option<&'a str>),
    /// A boolean argument's value (NULL: `None`).
    Flag(Option<bool>),
}

impl At<'_> {
    /// Whether the value is NULL.
    pub(crate) fn is_null(self) -> bool {
        matches!(self, At::Text(None) | At::Flag(None))
    }
}

/// The arguments, ready to read row by row.
pub(crate) struct Args<'a> {
    pub(crate) items: Vec<ArgCol<'a>>,
}

pub(crate) enum ArgCol<'a> {
    Text(Option<&'a str>),
    Texts(Strs<'a>),
    Flag(Option<bool>),
    Flags(&'a BooleanArray),
    /// A column's value on the one row being evaluated (the row API).
    Cell(At<'a>),
}

impl<'a> Args<'a> {
    /// The values of column arguments on one row, evaluated as row 0.
    pub(crate) fn cells(row: &[At<'a>]) -> Args<'a> {
        Args {
            items: row.iter().map(|&a| ArgCol::Cell(a)).collect(),
        }
    }

    pub(crate) fn new(args: &'a [Arg]) -> Result<Args<'a>, String> {
        let items = args
            .iter()
            .map(|a| {
                Ok(match a {
                    Arg::Text(t) => ArgCol::Text(t.as_deref()),
                    Arg::Texts(c) => ArgCol::Texts(Strs::of(c.as_ref(), "an argument column")?),
                    Arg::Flag(b) => ArgCol::Flag(*b),
                    Arg::Flags(c) => ArgCol::Flags(c.as_boolean()),
                })
            })
            .collect::<Result<_, String>>()?;
        Ok(Args { items })
    }

    /// Whether argument `k` is one value for every row.
    pub(crate) fn is_literal(&self, k: usize) -> bool {
        matches!(self.items.get(k), Some(ArgCol::Text(_) | ArgCol::Flag(_)))
    }

    pub(crate) fn at(&self, k: usize, row: usize) -> Option<At<'_>> {
        Some(match self.items.get(k)? {
            ArgCol::Text(t) => At::Text(*t),
            ArgCol::Texts(c) => At::Text(c.text(row)),
            ArgCol::Flag(b) => At::Flag(*b),
            ArgCol::Flags(c) => At::Flag(c.is_valid(row).then(|| c.value(row))),
            ArgCol::Cell(a) => *a,
        })
    }
}

/// A base given as one value for every row must be an absolute URI, or
/// the whole call fails, naming the argument (functions.md: the swapped
/// call `uri_resolve('http://a/b', '../c')` is no NULL on every row). A
/// column of bases gives NULL on the rows whose base cannot serve; a
/// column that holds one value on every row is taken as a literal.
pub fn literal_base(spec: &Spec, args: &[Arg]) -> Result<(), String> {
    if !matches!(spec.f, F::Resolve | F::Relativize) {
        return Ok(());
    }
    // A column whose every row is the same base is a literal too: engines
    // that call through Arrow hand a SQL constant over as such a column.
    let base: String = match args.first() {
        Some(Arg::Text(Some(base))) => base.clone(),
        Some(Arg::Texts(col)) => {
            let Ok(strs) = Strs::of(col.as_ref(), "the base") else {
                return Ok(());
            };
            let first = match strs.text(0) {
                Some(t) if !col.is_empty() => t,
                _ => return Ok(()),
            };
            if (1..col.len()).any(|i| strs.text(i) != Some(first)) {
                return Ok(());
            }
            first.to_owned()
        }
        _ => return Ok(()),
    };
    let base = base.as_str();
    let dialect = match dialect_index(spec).and_then(|k| args.get(k)) {
        Some(Arg::Text(Some(name))) => Dialect::from_name(name).unwrap_or(Dialect::Rfc3986),
        _ => Dialect::Rfc3986,
    };
    if dialect == Dialect::Whatwg {
        return match urikit::whatwg::Url::parse(base) {
            Ok(_) => Ok(()),
            Err(e) => Err(format!(
                "{}: the base {:?} (the second argument) is not a URL: {} at byte {} ({}); \
                 {}({}, base) takes the base second",
                spec.name,
                base,
                e.message(),
                e.offset(),
                e.code(),
                spec.name,
                spec.first
            )),
        };
    }
    let problem = match Parser::new(dialect).parse(base) {
        Ok(u) if u.has_scheme() => return Ok(()),
        Ok(_) => "it has no scheme (relative-base)".to_owned(),
        Err(e) => format!(
            "{} at byte {} ({})",
            e.kind().message(),
            e.offset(),
            e.code()
        ),
    };
    Err(format!(
        "{}: the base {:?} (the second argument) is not an absolute URI: {problem}; {}({}, base) \
         takes the base second",
        spec.name, base, spec.name, spec.first
    ))
}

#[cfg(test)]
mod tests {
    use super::{Row, Strs, ROWS_A_BLOCK};
    use arrow_array::{Array, StringArray};
    use std::sync::Arc;

    /// A row as the test compares it: `None` for NULL, the text, or where
    /// the bytes stop being UTF-8 and the byte there.
    type Seen = Option<Result<String, (usize, Option<usize>, u8)>>;

    fn seen(r: Row<'_>) -> Seen {
        match r {
            Row::Null => None,
            Row::Text(s) => Some(Ok(s.to_owned())),
            Row::Bad(e, b) => Some(Err((e.valid_up_to(), e.error_len(), b))),
        }
    }

    /// `Checked::of` reads a range's rows as slices of one text only where
    /// no offset is below the one before it (an array from a producer
    /// that broke Arrow's rules, which the C data interface does not
    /// check, must not be sliced backwards): every place of one fall, in
    /// ranges of 1 to 70 rows, more than the compiler compares at once,
    /// beside the same offsets without it.
    #[test]
    fn offsets_that_fall_are_not_read_at_once() {
        let data = vec![b'a'; 200];
        for n in 1..70 {
            let good: Vec<i32> = (0..=n as i32).map(|i| 10 + 2 * i).collect();
            let of = |o: &[i32]| {
                super::Checked::of(o, super::Offsets::Small(o), &data, None, &(0..n)).is_some()
            };
            assert!(of(&good), "{n} rows");
            for k in 1..=n {
                let mut bad = good.clone();
                bad[k] = good[k - 1] - 1;
                assert!(!of(&bad), "{n} rows, offset {k} below the one before");
            }
        }
    }

    /// `Strs::rows` reads a range's text once, a block of
    /// `ROWS_A_BLOCK` rows at a time; each row is what `Strs::get`
    /// reads it as on its own (Arrow's `string` holds UTF-8, but nothing
    /// here takes that on trust). Over 20,000 generated columns of up to
    /// 300 rows: rows of ASCII, of characters of two, three and four
    /// bytes, of bytes that are not UTF-8, rows whose offsets cut a
    /// character (moved a byte), NULLs, with the rows beyond ASCII
    /// anywhere in a block or at its edges; every range of a column read
    /// whole and from a random row to another.
    #[test]
    fn a_range_is_read_as_its_rows_are() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        const PIECES: &[&[u8]] = &[
            b"http://example.com/",
            b"a",
            b"/path?q=1",
            "\u{e9}".as_bytes(),
            "\u{20ac}".as_bytes(),
            "\u{1d11e}".as_bytes(),
            b"\xff",
            b"\xe2\x82",
        ];
        for _ in 0..20_000 {
            let n = 1 + next(300);
            // Most columns all ASCII but a few rows, as a column of URLs is.
            let rare = next(4) == 0;
            let mut data = Vec::new();
            let mut offsets = vec![0i32];
            let mut valid = Vec::new();
            for _ in 0..n {
                for _ in 0..next(4) {
                    let p = match rare && next(8) != 0 {
                        true => PIECES[next(3)],
                        false => PIECES[next(PIECES.len())],
                    };
                    data.extend_from_slice(p);
                }
                offsets.push(data.len() as i32);
                valid.push(next(10) != 0);
            }
            // A cut moved by a byte, where it stays between its
            // neighbours: inside a character, or not.
            if next(3) == 0 {
                let k = 1 + next(n);
                if k < n && offsets[k] < offsets[k + 1] {
                    offsets[k] += 1;
                }
            }
            let bin = arrow_array::BinaryArray::new(
                arrow_buffer::OffsetBuffer::new(arrow_buffer::ScalarBuffer::from(offsets)),
                arrow_buffer::Buffer::from_vec(data),
                Some(arrow_buffer::NullBuffer::from(valid)),
            );
            let data = bin
                .into_data()
                .into_builder()
                .data_type(arrow_schema::DataType::Utf8);
            // SAFETY: a binary array's offsets and bytes; the bytes may
            // break Arrow's UTF-8 promise on purpose, as an unchecked
            // import can, and the functions under test check them
            // themselves.
            let col: Arc<dyn Array> =
                Arc::new(StringArray::from(unsafe { data.build_unchecked() }));
            let strs = Strs::of(col.as_ref(), "c").unwrap();
            let start = next(n);
            let end = start + next(n - start + 1);
            for range in [0..n, start..end] {
                let got: Vec<Seen> = strs.rows(range.clone()).map(|(_, r)| seen(r)).collect();
                let want: Vec<Seen> = range.clone().map(|i| seen(strs.get(i))).collect();
                assert_eq!(got, want, "rows {range:?} of {n}, blocks of {ROWS_A_BLOCK}");
            }
        }
    }
}
