//! The buffers of a result column of text, written in place: the offsets
//! and bytes of a `string` column ([`Texts`]), with a validity bit a row
//! ([`Slices`]), a column cut from one text ([`string_column`]), a text
//! overwritten in places with ASCII ([`InPlace`]), and a column of bits
//! ([`Bits`]). A kernel that copies slices of its rows into
//! them makes the array without Arrow's check of the bytes again: every
//! text appended is a whole `str`, so the check could find nothing, and it
//! cost a pass over the answers (`cachegrind.sh`'s `column-host`: 16
//! instructions of 405 a row; `column-tldextract`, four children: 49 of
//! 882). The `unsafe` that skips it is here alone, argued where it is
//! taken.

use arrow_array::{Array, StringArray};
use arrow_buffer::{BooleanBuffer, Buffer, NullBuffer, OffsetBuffer, ScalarBuffer};

use crate::value::{overflow, MAX_BYTES};

/// A column of booleans written a bit at a time into whole words: what
/// `BooleanBuilder` does with a null mask and a length check per value,
/// here a shift and an or (the NULLs are the column's own).
pub(crate) struct Bits {
    words: Vec<u64>,
    word: u64,
    len: usize,
}

impl Bits {
    pub(crate) fn new(rows: usize) -> Bits {
        Bits {
            words: Vec::with_capacity(rows.div_ceil(64)),
            word: 0,
            len: 0,
        }
    }

    #[inline(always)]
    pub(crate) fn push(&mut self, bit: bool) {
        self.word |= u64::from(bit) << (self.len % 64);
        self.len += 1;
        if self.len.is_multiple_of(64) {
            self.words.push(self.word);
            self.word = 0;
        }
    }

    pub(crate) fn finish(mut self) -> BooleanBuffer {
        if !self.len.is_multiple_of(64) {
            self.words.push(self.word);
        }
        BooleanBuffer::new(Buffer::from_vec(self.words), 0, self.len)
    }
}

/// Which rows of a column are valid, a bit a row ([`Bits`]), and how many
/// are not: the column's NULL buffer, or none where every row is valid.
pub(crate) struct Validity {
    bits: Bits,
    nulls: usize,
}

impl Validity {
    pub(crate) fn new(rows: usize) -> Validity {
        Validity {
            bits: Bits::new(rows),
            nulls: 0,
        }
    }

    #[inline(always)]
    pub(crate) fn push(&mut self, valid: bool) {
        self.bits.push(valid);
        self.nulls += usize::from(!valid);
    }

    pub(crate) fn finish(self) -> Option<NullBuffer> {
        (self.nulls > 0).then(|| NullBuffer::new(self.bits.finish()))
    }
}

/// A `string` column's offsets and bytes, a whole `str` appended a row.
/// The bytes are reserved once for the whole range (what the caller
/// expects them to hold) with 32 to spare, so that a text that lies in
/// the column's bytes `src` with 32 bytes after its start is copied as
/// one fixed load and store of 32 into the spare capacity: no call to
/// copy a slice of unknown length (which costs more than a short host),
/// no capacity check, no zeroing first (`cachegrind.sh`'s `column-host`,
/// instructions a row: 442 with the buffer zeroed first and copied into,
/// 414 so; `Vec::extend_from_slice` alone cost 19 a row). Any other text
/// (one past the reserve, or not in `src`) is appended as it is.
pub(crate) struct Texts<'s> {
    src: &'s [u8],
    offsets: Vec<i32>,
    bytes: Vec<u8>,
}

impl<'s> Texts<'s> {
    /// Room for `rows` texts of `bytes` bytes together, copied from `src`
    /// where they lie in it.
    pub(crate) fn new(rows: usize, bytes: usize, src: &'s [u8]) -> Texts<'s> {
        let mut offsets = Vec::with_capacity(rows + 1);
        offsets.push(0);
        Texts {
            src,
            offsets,
            bytes: Vec::with_capacity(bytes.min(MAX_BYTES) + 32),
        }
    }

    /// Appends `v`, in lower case with `LOWER` (ASCII letters: the length
    /// stays, so the copy is lowered where it lies).
    #[inline(always)]
    pub(crate) fn push<const LOWER: bool>(&mut self, v: &str) {
        let start = self.bytes.len();
        let at = (v.as_ptr() as usize).wrapping_sub(self.src.as_ptr() as usize);
        let run = self.src.get(at..at.wrapping_add(32));
        let spare = self.bytes.spare_capacity_mut();
        match (
            run.and_then(|r| <[u8; 32]>::try_from(r).ok()),
            spare.get_mut(..32),
        ) {
            (Some(run), Some(to)) if v.len() <= 32 => {
                // Lowered in the copy, all 32 bytes at once (the bytes
                // past `v` are not kept): a loop of a fixed length is
                // vectorized whole, where lowering `v`'s own bytes after
                // goes a byte at a time.
                if LOWER {
                    let low = run.map(|c| c | u8::from(c.wrapping_sub(b'A') < 26) << 5);
                    for (to, from) in to.iter_mut().zip(low) {
                        to.write(from);
                    }
                } else {
                    for (to, from) in to.iter_mut().zip(run) {
                        to.write(from);
                    }
                }
                // SAFETY: the 32 bytes after the vector's length were
                // written just above, and `v.len()` is at most 32.
                #[allow(unsafe_code)]
                unsafe {
                    self.bytes.set_len(start + v.len());
                }
            }
            _ => {
                self.bytes.extend_from_slice(v.as_bytes());
                if LOWER {
                    self.bytes[start..].make_ascii_lowercase();
                }
            }
        }
        // Past `MAX_BYTES` it wraps; `finish` refuses the column then.
        self.offsets.push(self.bytes.len() as i32);
    }

    /// Appends an empty text (a NULL row's place).
    #[inline(always)]
    pub(crate) fn empty(&mut self) {
        self.offsets.push(self.bytes.len() as i32);
    }

    /// The column, its rows NULL where `nulls` says (as many rows as were
    /// appended); the overflow's sentence where the texts are more than
    /// one array holds.
    pub(crate) fn finish(self, nulls: Option<NullBuffer>) -> Result<StringArray, String> {
        debug_assert!(std::str::from_utf8(&self.bytes).is_ok());
        // SAFETY: the offsets begin at 0 and each is the bytes' length
        // after a `push` or `empty` (which wraps only past `MAX_BYTES`),
        // so they never decrease, and the last is the bytes' length; each row's bytes are those of a whole
        // `str` appended by `push` (copied from where it lies, or with its
        // ASCII letters lowered, which keeps it UTF-8) or none: what
        // `unchecked` asks.
        #[allow(unsafe_code)]
        unsafe {
            unchecked(self.offsets, self.bytes, nulls)
        }
    }
}

/// The byte of a room not yet written ([`InPlace::push_room_64`]): not a
/// hex digit.
const ROOM: u8 = b'-';

/// A room of 64 [`ROOM`]s.
const ROOMS: &str = "----------------------------------------------------------------";
const _: () = assert!(ROOMS.len() == 64 && ROOMS.as_bytes()[0] == ROOM);

/// Text whose pieces are appended, and some of them overwritten later
/// with ASCII in place (Safe Browsing's hashes, whose digits are known
/// only when the hashes gathered with them are): a `String` after every
/// call, so that the column made of it is not checked again. Arrow's
/// `try_new` read every byte of it (and every offset, at each a boundary
/// test): 30 of the 400 ns of a row of `uri_safebrowsing_hashes`.
pub(crate) struct InPlace {
    text: String,
    /// Whether the text is ASCII, so that every offset within it is a
    /// boundary and the column's offsets need not be read against it (for
    /// a column of hashes, a read of every 64 bytes: a pass over the
    /// whole text, as long as the check of every byte it replaced).
    ascii: bool,
}

impl InPlace {
    pub(crate) fn with_capacity(bytes: usize) -> InPlace {
        InPlace {
            text: String::with_capacity(bytes),
            ascii: true,
        }
    }

    /// The text's length in bytes.
    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.text.len()
    }

    #[inline(always)]
    pub(crate) fn push_str(&mut self, s: &str) {
        self.ascii &= s.is_ascii();
        self.text.push_str(s);
    }

    /// Sixty-four ASCII `-`s appended, where
    /// [`write_ascii`](Self::write_ascii) will write (a hash's hex
    /// digits); where they begin. A room's first byte is [`ROOM`] until
    /// its digits are written, which are never `-`
    /// ([`copy_digits`](Self::copy_digits) asks).
    #[inline(always)]
    pub(crate) fn push_room_64(&mut self) -> usize {
        let at = self.text.len();
        self.text.push_str(ROOMS);
        at
    }

    /// The 64 digits written at `from` (by [`write_ascii`](Self::write_ascii)
    /// into a room of [`push_room_64`](Self::push_room_64)) copied over the
    /// room at `to`: `false`, and nothing written, where they are not
    /// written yet (a hash still gathered with others) or either place is
    /// not 64 bytes of the text.
    #[inline(always)]
    pub(crate) fn copy_digits(&mut self, from: usize, to: usize) -> bool {
        let digits = match self
            .text
            .as_bytes()
            .get(from..)
            .and_then(<[u8]>::first_chunk::<64>)
        {
            Some(d) if d[0] != ROOM => *d,
            _ => return false,
        };
        self.write_ascii(to, &digits)
    }

    /// `ascii` written over the `N` bytes from `at`, where they are whole
    /// characters (`at` and `at + N` are boundaries of the text) and
    /// `ascii` is ASCII; else nothing is written, and `false`.
    #[inline(always)]
    pub(crate) fn write_ascii<const N: usize>(&mut self, at: usize, ascii: &[u8; N]) -> bool {
        let end = at.wrapping_add(N);
        // In a text that is all ASCII every offset within it is a
        // boundary: only the end is compared (a hash's digits were
        // written after two reads of the text for its boundaries, 30
        // instructions a row of `uri_safebrowsing_hashes`).
        let whole = match self.ascii {
            true => at <= end && end <= self.text.len(),
            false => at <= end && self.text.is_char_boundary(at) && self.text.is_char_boundary(end),
        };
        if !whole || !ascii.is_ascii() {
            return false;
        }
        // SAFETY: the bytes replaced are whole characters (both ends are
        // boundaries within the text: any offset up to its length where
        // the text is ASCII, which `ascii` says (every piece pushed was
        // ASCII, and every write is), else where `is_char_boundary`
        // says so), and what replaces them is ASCII,
        // each byte a character: the text stays UTF-8, as `as_mut_vec`
        // requires of it when the borrow ends.
        #[allow(unsafe_code)]
        let bytes = unsafe { self.text.as_mut_vec() };
        bytes[at..end].copy_from_slice(ascii);
        true
    }

    /// The column of the text cut at `offsets` ([`string_column`]; where
    /// the text is ASCII, the offsets' boundaries are not read).
    pub(crate) fn into_column(
        self,
        offsets: Vec<i32>,
        nulls: Option<NullBuffer>,
    ) -> Result<StringArray, String> {
        if !self.ascii {
            return string_column(offsets, self.text, nulls);
        }
        if !cuts(&offsets, &self.text, |_| true) {
            return Err("the answers' offsets do not cut their text into rows".to_owned());
        }
        // SAFETY: checked above: the offsets begin at 0, never decrease and
        // end at the text's length; the text is ASCII (every piece pushed
        // was, and every write is), so each offset is a character's
        // boundary and every row's bytes are UTF-8: what `unchecked` asks.
        #[allow(unsafe_code)]
        unsafe {
            unchecked(offsets, self.text.into_bytes(), nulls)
        }
    }
}

/// A `string` column of `text`, row `k` the bytes between `offsets[k]`
/// and `offsets[k + 1]`: the offsets are checked (they begin at 0, never
/// decrease, end at the text's length, and fall on characters'
/// boundaries), but not the bytes again, which a `String` holds as UTF-8
/// already (Arrow's `try_new` would check every byte of it).
pub(crate) fn string_column(
    offsets: Vec<i32>,
    text: String,
    nulls: Option<NullBuffer>,
) -> Result<StringArray, String> {
    if !cuts(&offsets, &text, |o| text.is_char_boundary(o)) {
        return Err("the answers' offsets do not cut their text into rows".to_owned());
    }
    // SAFETY: checked above: the offsets begin at 0, never decrease and
    // end at the text's length; each falls on a character's boundary of a
    // `String`, so every row's bytes are UTF-8: what `unchecked` asks.
    #[allow(unsafe_code)]
    unsafe {
        unchecked(offsets, text.into_bytes(), nulls)
    }
}

/// Whether `offsets` begin at 0, never decrease, end at `text`'s length,
/// and each is a `boundary`. One pass, without a branch a row (a negative
/// offset is no boundary: as a `usize` it lies past the text).
#[inline(always)]
fn cuts(offsets: &[i32], text: &str, boundary: impl Fn(usize) -> bool) -> bool {
    let (mut bounds, mut prev) = (offsets.first() == Some(&0), 0);
    for &o in offsets.iter().skip(1) {
        bounds &= prev <= o && boundary(o as usize);
        prev = o;
    }
    bounds && prev as usize == text.len()
}

/// The validity of parts of `(rows, nulls)` one after another; `None`
/// where every row is valid.
pub(crate) fn joined_nulls<'a>(
    parts: impl Iterator<Item = (usize, Option<&'a NullBuffer>)> + Clone,
) -> Option<NullBuffer> {
    if parts.clone().all(|(_, n)| n.is_none()) {
        return None;
    }
    let mut bits =
        arrow_buffer::BooleanBufferBuilder::new(parts.clone().map(|(rows, _)| rows).sum());
    for (rows, n) in parts {
        match n {
            Some(n) => bits.append_buffer(n.inner()),
            None => bits.append_n(rows, true),
        }
    }
    Some(NullBuffer::new(bits.finish()))
}

/// `parts` (two or more `string` arrays) joined into one, the later
/// parts' bytes appended to the first's own buffer and their offsets to
/// its offsets, moved by the bytes before them: where the first part's
/// kernel reserved its buffers for the rows after it too
/// ([`Strs::ahead`](crate::input::Strs::ahead)), only the later parts are
/// copied, where Arrow's `concat` copies every part into new buffers (for
/// Safe Browsing's hashes, 350 bytes a URL). `Err(parts)`, as they were,
/// where the first's buffers cannot be grown (shared with another array,
/// sliced, or not allocated by Arrow or a `Vec`); the overflow's sentence
/// where the bytes are more than one array holds.
#[allow(unsafe_code)]
pub(crate) fn appended(
    parts: Vec<StringArray>,
) -> Result<Result<StringArray, Vec<StringArray>>, String> {
    let mut rest = parts.into_iter();
    let Some(first) = rest.next() else {
        return Ok(Err(Vec::new()));
    };
    let rest: Vec<StringArray> = rest.collect();
    let nulls = joined_nulls(
        std::iter::once(&first)
            .chain(&rest)
            .map(|p| (p.len(), p.nulls())),
    );
    let (offsets, bytes, first_nulls) = first.into_parts();
    // The first part's offsets begin at 0 and end where its bytes do (a
    // part that is a slice of a longer array is copied as it was).
    let whole =
        offsets.first() == Some(&0) && offsets.last().map(|&o| o as usize) == Some(bytes.len());
    let grown = match whole {
        true => (
            offsets.into_inner().into_inner().into_mutable(),
            bytes.into_mutable(),
        ),
        false => (Err(offsets.into_inner().into_inner()), Err(bytes)),
    };
    let (mut offsets, mut bytes) = match grown {
        (Ok(o), Ok(b)) => (o, b),
        (o, b) => {
            let offsets = o.map_or_else(|o| o, Buffer::from);
            let bytes = b.map_or_else(|b| b, Buffer::from);
            // SAFETY: the first part's own offsets, bytes and NULLs, as
            // they were: it was a `StringArray` a moment ago.
            let first = unsafe {
                StringArray::new_unchecked(
                    OffsetBuffer::new_unchecked(ScalarBuffer::from(offsets)),
                    bytes,
                    first_nulls,
                )
            };
            return Ok(Err(std::iter::once(first).chain(rest).collect()));
        }
    };
    for p in &rest {
        let o = p.value_offsets();
        let (from, to) = (o[0] as usize, o[o.len() - 1] as usize);
        let base = bytes.len();
        if base + (to - from) > MAX_BYTES {
            return Err(overflow());
        }
        bytes.extend_from_slice(&p.value_data()[from..to]);
        // At most `MAX_BYTES` (`i32::MAX`), checked above: no offset wraps.
        let moved = base as i32 - o[0];
        offsets.extend(o[1..].iter().map(|&x| x + moved));
    }
    // SAFETY: the first part's offsets begin at 0 and end at its bytes'
    // length (`whole`); each later part's bytes between its first and last
    // offsets were appended, and its offsets after its first moved by the
    // bytes before them, so that the offsets still never decrease, end at
    // the bytes' length (at most `MAX_BYTES`, none negative), and cut the
    // bytes where each part's own offsets cut its UTF-8; `nulls` has a bit
    // for each part's row, in order: what `new_unchecked` asks.
    unsafe {
        Ok(Ok(StringArray::new_unchecked(
            OffsetBuffer::new_unchecked(ScalarBuffer::from(Buffer::from(offsets))),
            Buffer::from(bytes),
            nulls,
        )))
    }
}

/// The `string` column of `bytes` cut at `offsets`, with Arrow's checks of
/// the offsets and the bytes left out; the overflow's sentence where the
/// bytes are more than one array holds, an error where `nulls` has not a
/// bit a row.
///
/// # Safety
///
/// Where the bytes are at most `MAX_BYTES` long (else nothing is built),
/// the offsets begin at 0, never decrease, and end at the bytes' length,
/// and the bytes between each two are UTF-8.
#[allow(unsafe_code)]
unsafe fn unchecked(
    offsets: Vec<i32>,
    bytes: Vec<u8>,
    nulls: Option<NullBuffer>,
) -> Result<StringArray, String> {
    if bytes.len() > MAX_BYTES {
        return Err(overflow());
    }
    if nulls.as_ref().is_some_and(|n| n.len() + 1 != offsets.len()) {
        return Err("the answers' NULLs are not a bit a row".to_owned());
    }
    // SAFETY: per the caller, and since the last offset, the bytes'
    // length, is at most `MAX_BYTES` (`i32::MAX`), none wrapped to a
    // negative one; `nulls` has a bit a row, checked above. That is what
    // `OffsetBuffer::new_unchecked` and `StringArray::new_unchecked`
    // require.
    unsafe {
        let offsets = OffsetBuffer::new_unchecked(ScalarBuffer::from(offsets));
        Ok(StringArray::new_unchecked(
            offsets,
            Buffer::from_vec(bytes),
            nulls,
        ))
    }
}

/// The slices of a column's rows as a `string` column: [`Texts`] and a
/// validity bit a row.
pub(crate) struct Slices<'s> {
    texts: Texts<'s>,
    valid: Validity,
}

impl<'s> Slices<'s> {
    /// Room for `rows` slices of `bytes` bytes together, copied from `src`
    /// where they lie in it.
    pub(crate) fn new(rows: usize, bytes: usize, src: &'s [u8]) -> Slices<'s> {
        Slices {
            texts: Texts::new(rows, bytes, src),
            valid: Validity::new(rows),
        }
    }

    /// Appends `v`, in lower case with `LOWER`.
    #[inline(always)]
    pub(crate) fn push<const LOWER: bool>(&mut self, v: &str) {
        self.texts.push::<LOWER>(v);
        self.valid.push(true);
    }

    /// Appends a NULL.
    #[inline(always)]
    pub(crate) fn null(&mut self) {
        self.texts.empty();
        self.valid.push(false);
    }

    pub(crate) fn finish(self) -> Result<StringArray, String> {
        self.texts.finish(self.valid.finish())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrow_array::Array;

    /// A place is overwritten only with ASCII, and only where it is whole
    /// characters within the text: any other write is refused and leaves
    /// the text as it was, so the column is its pieces, UTF-8.
    #[test]
    fn only_whole_characters_are_overwritten_with_ascii() {
        let mut t = InPlace::with_capacity(0);
        t.push_str("é");
        let at = t.push_room_64();
        t.push_str("ü");
        let end = t.len();
        let digits = [b'a'; 64];
        let mut bad = digits;
        bad[63] = 0xC3;
        // Not ASCII; a place that begins inside `é` or ends inside `ü`;
        // one past the text; one whose end overflows.
        assert!(!t.write_ascii(at, &bad));
        assert!(!t.write_ascii(at - 1, &digits));
        assert!(!t.write_ascii(at + 1, &digits));
        assert!(!t.write_ascii(end - 63, &digits));
        assert!(!t.write_ascii(usize::MAX - 10, &digits));
        assert!(t.write_ascii(at, &digits));
        let col = t.into_column(vec![0, at as i32, (at + 64) as i32, end as i32], None);
        let col = col.expect("the pieces are UTF-8 and the offsets boundaries");
        let a = "a".repeat(64);
        assert_eq!(
            (0..3).map(|i| col.value(i)).collect::<Vec<_>>(),
            ["é", &a[..], "ü"]
        );
        // An ASCII text's offsets are checked without reading it: they
        // must still begin at 0, never decrease and end at its length.
        let ascii = || {
            let mut t = InPlace::with_capacity(0);
            t.push_str("ab");
            let at = t.push_room_64();
            assert!(t.write_ascii(at, &digits));
            t
        };
        // In an ASCII text any place within it may be written (every
        // offset is a boundary); one past its end, or whose end
        // overflows, may not.
        let mut t = ascii();
        assert!(!t.write_ascii(t.len() - 63, &digits));
        assert!(!t.write_ascii(usize::MAX - 10, &digits));
        assert!(!t.write_ascii(1, &bad));
        assert!(t.write_ascii(1, &digits));
        assert_eq!(t.len(), 66);
        for bad in [
            vec![0, 40, 2, 66],
            vec![1, 2, 66],
            vec![0, 2, 65],
            vec![0, -1, 66],
        ] {
            assert!(ascii().into_column(bad, None).is_err());
        }
        let col = ascii()
            .into_column(vec![0, 2, 66], None)
            .expect("cut into rows");
        assert_eq!([col.value(0), col.value(1)], ["ab", &a[..]]);
    }

    /// Texts in `src` (some within 32 bytes of its end) and out of it, of
    /// every length from 0 to 40 (the fixed copy of 32 and the plain
    /// append), lowered and not, NULLs between them, past the reserve:
    /// the column holds each as given.
    #[test]
    fn every_text_is_held_as_given() {
        let src = "Aa0.-bB".repeat(7);
        let other = "Zz~".repeat(20);
        let mut want: Vec<Option<String>> = Vec::new();
        // A reserve of 10 bytes: most pushes go past it.
        let (mut plain, mut low) = (
            Slices::new(0, 10, src.as_bytes()),
            Slices::new(0, 10, src.as_bytes()),
        );
        let mut lowered: Vec<Option<String>> = Vec::new();
        for len in 0..=40 {
            for (k, from) in [&src[..], &other[..]].into_iter().enumerate() {
                let v = &from[len % 7..len % 7 + len];
                plain.push::<false>(v);
                low.push::<true>(v);
                want.push(Some(v.to_owned()));
                lowered.push(Some(v.to_ascii_lowercase()));
                if k == 1 {
                    plain.null();
                    low.null();
                    want.push(None);
                    lowered.push(None);
                }
            }
        }
        for (out, want) in [(plain, want), (low, lowered)] {
            let a = out.finish().unwrap();
            a.to_data().validate_full().unwrap();
            let got: Vec<Option<String>> = a.iter().map(|v| v.map(str::to_owned)).collect();
            assert_eq!(got, want);
        }
    }

    /// Offsets that cut the text into rows make its column; any that do
    /// not (not from 0, decreasing, inside a character, negative, short of
    /// or past the end, or NULLs of another length) are refused.
    #[test]
    fn a_text_is_cut_only_at_its_rows() {
        let text = "ab\u{e9}c".to_owned(); // a, b, é (two bytes), c
        let a = string_column(vec![0, 1, 1, 4, 5], text.clone(), None).unwrap();
        a.to_data().validate_full().unwrap();
        let got: Vec<&str> = a.iter().map(Option::unwrap).collect();
        assert_eq!(got, ["a", "", "b\u{e9}", "c"]);
        let nulls = Some(NullBuffer::from(vec![true, false]));
        let a = string_column(vec![0, 2, 5], text.clone(), nulls.clone()).unwrap();
        assert_eq!((a.value(0), a.is_null(1)), ("ab", true));
        for bad in [
            vec![1, 5],
            vec![0, 4, 2, 5],
            vec![0, 3, 5],
            vec![0, -1, 5],
            vec![0, 4],
            vec![0, 6],
            vec![],
        ] {
            assert!(
                string_column(bad.clone(), text.clone(), None).is_err(),
                "{bad:?}"
            );
        }
        assert!(string_column(vec![0, 5], text, nulls).is_err());
    }

    #[test]
    fn bits_fill_whole_words_and_the_last() {
        for n in [0, 1, 63, 64, 65, 200] {
            let mut b = Bits::new(n);
            for i in 0..n {
                b.push(i % 3 == 0);
            }
            let got: Vec<bool> = b.finish().iter().collect();
            assert_eq!(got, (0..n).map(|i| i % 3 == 0).collect::<Vec<_>>());
        }
    }
}
