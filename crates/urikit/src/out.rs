//! Where the transforms write text: a [`String`], a [`Text`] (the storage
//! of an owned reference, in place up to [`INLINE`] bytes), or a [`Lazy`]
//! copy of an input that stays borrowed until the first byte that differs
//! from it, so that one writer both produces a normal form and tells,
//! without allocating, whether the input already is one.
//! It knows nothing of URIs.
//!
//! May use: `bytes`.

use alloc::string::String;
use core::ops::Range;

use arrayvec::ArrayString;

use crate::bytes::any_byte;

/// Text being written: appended to, cut back, and read behind the end.
/// Reads ([`tail`](Out::tail)) may come back empty once a [`Lazy`] in check
/// mode has seen a difference (the answer is known by then); every index
/// the writers use is therefore relative to what `tail` returns.
pub(crate) trait Out: Push + core::fmt::Write {
    /// The length written so far.
    fn len(&self) -> usize;
    /// Appends `s` in ASCII lower case.
    fn push_lower(&mut self, s: &str);
    /// Appends the ASCII byte `c`.
    fn push(&mut self, c: u8);
    /// Cuts the text back to `len` bytes (a character boundary).
    fn truncate(&mut self, len: usize);
    /// Inserts `s` at byte `at` (a character boundary).
    fn insert_str(&mut self, at: usize, s: &str);
    /// Removes the bytes from `start` to `end` (character boundaries).
    fn remove(&mut self, start: usize, end: usize);
    /// The bytes written from byte `from` on (empty past the end).
    fn tail(&self, from: usize) -> &[u8];
}

/// Where text is appended and nothing else: a [`String`], every [`Out`],
/// and sinks that compare what is written with a text instead of keeping
/// it (template matching's check).
pub(crate) trait Push {
    /// Appends `s`.
    fn push_str(&mut self, s: &str);
}

impl Push for String {
    #[inline]
    fn push_str(&mut self, s: &str) {
        String::push_str(self, s);
    }
}

/// An [`Out`] whose text written can be changed in place.
pub(crate) trait Lower: Out {
    /// Lowers the ASCII letters among the bytes `r` written (`r` lies on
    /// character boundaries).
    fn lower(&mut self, r: Range<usize>);
}

impl Lower for String {
    #[inline]
    fn lower(&mut self, r: Range<usize>) {
        self[r].make_ascii_lowercase();
    }
}

impl Lower for Text {
    #[inline]
    fn lower(&mut self, r: Range<usize>) {
        match self {
            Text::Inline(a) => a[r].make_ascii_lowercase(),
            Text::Heap(h) => h[r].make_ascii_lowercase(),
        }
    }
}

impl Out for String {
    #[inline]
    fn len(&self) -> usize {
        String::len(self)
    }

    fn push_lower(&mut self, s: &str) {
        let at = String::len(self);
        String::push_str(self, s);
        self[at..].make_ascii_lowercase();
    }

    #[inline]
    fn push(&mut self, c: u8) {
        String::push(self, char::from(c));
    }

    #[inline]
    fn truncate(&mut self, len: usize) {
        String::truncate(self, len);
    }

    #[inline]
    fn insert_str(&mut self, at: usize, s: &str) {
        String::insert_str(self, at, s);
    }

    fn remove(&mut self, start: usize, end: usize) {
        self.replace_range(start..end, "");
    }

    #[inline]
    fn tail(&self, from: usize) -> &[u8] {
        self.as_bytes().get(from..).unwrap_or(&[])
    }
}

/// How many bytes a [`Text`] holds in place, without a heap allocation:
/// most URLs are shorter (the shared datasets' lines average 44 to 61
/// bytes, and over 85% of them are under 96).
pub(crate) const INLINE: usize = 96;

/// Text held in place up to [`INLINE`] bytes and on the heap beyond: the
/// storage of an owned reference, so that making one of a URL (a
/// resolution's target, a normal form, a copy) costs no allocation, which
/// is a third of the time of such an operation with the system's
/// allocator.
#[derive(Clone)]
pub(crate) enum Text {
    Inline(ArrayString<INLINE>),
    Heap(String),
}

impl Text {
    /// Empty text with room for `n` bytes: in place if they fit.
    #[inline]
    pub(crate) fn with_capacity(n: usize) -> Text {
        if n <= INLINE {
            Text::Inline(ArrayString::new_const())
        } else {
            Text::Heap(String::with_capacity(n))
        }
    }

    /// The text.
    #[inline]
    pub(crate) fn as_str(&self) -> &str {
        match self {
            Text::Inline(a) => a.as_str(),
            Text::Heap(s) => s.as_str(),
        }
    }

    /// The text as a `String` (allocated now if it was in place).
    pub(crate) fn into_string(self) -> String {
        match self {
            Text::Inline(a) => String::from(a.as_str()),
            Text::Heap(s) => s,
        }
    }

    /// Runs `f` on the text as a `String`, moving it to the heap first if
    /// it was in place (with room for `extra` more bytes).
    #[cold]
    #[inline(never)]
    fn on_heap<R>(&mut self, extra: usize, f: impl FnOnce(&mut String) -> R) -> R {
        let mut s = match core::mem::replace(self, Text::Heap(String::new())) {
            Text::Heap(s) => s,
            Text::Inline(a) => {
                let mut s = String::with_capacity((a.len() + extra).max(2 * INLINE));
                s.push_str(&a);
                s
            }
        };
        let r = f(&mut s);
        *self = Text::Heap(s);
        r
    }
}

impl From<&str> for Text {
    /// Written in place: an `ArrayString` filled first and then moved into
    /// the `Text` was copied whole (its 96 bytes), whatever the length.
    #[inline]
    fn from(s: &str) -> Text {
        let mut t = Text::with_capacity(s.len());
        Push::push_str(&mut t, s);
        t
    }
}

impl From<String> for Text {
    /// The `String` is kept, not copied.
    #[inline]
    fn from(s: String) -> Text {
        Text::Heap(s)
    }
}

impl Push for Text {
    #[inline]
    fn push_str(&mut self, s: &str) {
        match self {
            Text::Heap(h) => h.push_str(s),
            Text::Inline(a) => {
                if a.try_push_str(s).is_err() {
                    self.on_heap(s.len(), |h| h.push_str(s));
                }
            }
        }
    }
}

impl Out for Text {
    #[inline]
    fn len(&self) -> usize {
        self.as_str().len()
    }

    fn push_lower(&mut self, s: &str) {
        let at = Out::len(self);
        Push::push_str(self, s);
        match self {
            Text::Inline(a) => a[at..].make_ascii_lowercase(),
            Text::Heap(h) => h[at..].make_ascii_lowercase(),
        }
    }

    #[inline]
    fn push(&mut self, c: u8) {
        Push::push_str(self, char::from(c).encode_utf8(&mut [0; 4]));
    }

    #[inline]
    fn truncate(&mut self, len: usize) {
        match self {
            Text::Inline(a) => a.truncate(len.min(a.len())),
            Text::Heap(h) => h.truncate(len),
        }
    }

    fn insert_str(&mut self, at: usize, s: &str) {
        self.on_heap(s.len(), |h| h.insert_str(at, s));
    }

    fn remove(&mut self, start: usize, end: usize) {
        self.on_heap(0, |h| h.replace_range(start..end, ""));
    }

    #[inline]
    fn tail(&self, from: usize) -> &[u8] {
        self.as_str().as_bytes().get(from..).unwrap_or(&[])
    }
}

impl AsRef<str> for Text {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl core::fmt::Write for Text {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        Push::push_str(self, s);
        Ok(())
    }
}

/// The output of a transform on `src`, held as "the first `len` bytes of
/// `src`" for as long as every write repeats `src`. The first write that
/// differs copies the whole of `src` into a buffer and goes on there: a
/// write that repeats `src` where the buffer still holds it untouched
/// costs nothing, and lower-casing one is done in place, so a change of
/// case costs one copy; any other write cuts the buffer at the end of the
/// output and appends. In check mode, the first difference is only
/// recorded: nothing is allocated, and reads behind the end come back
/// empty.
pub(crate) struct Lazy<'s> {
    src: &'s str,
    /// The length written, in every mode.
    len: usize,
    /// Once `Owned`: the output is `buf[..len]`, and from `clean` on the
    /// buffer still holds `src` as it was (`buf[clean..] == src[clean..]`).
    /// `len` is a character boundary of `buf`, since `buf[..len]` is made
    /// of whole written strings and `buf` is a `String`.
    buf: String,
    clean: usize,
    mode: Mode,
    check: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    /// The output is `src[..len]`.
    Same,
    /// The output is `buf[..len]`.
    Owned,
    /// Check mode after a difference: only `len` is followed.
    Differs,
}

impl<'s> Lazy<'s> {
    /// An empty output that copies `src` once it differs from it.
    pub(crate) fn new(src: &'s str) -> Lazy<'s> {
        Lazy {
            src,
            len: 0,
            buf: String::new(),
            clean: 0,
            mode: Mode::Same,
            check: false,
        }
    }

    /// An empty output that only finds whether it differs from `src`.
    /// Once it differs, nothing is kept to compare with, so the answer is
    /// "differs" even if later cuts came back to `src`: a writer may use
    /// check mode only if its output, once not a prefix of its input, never
    /// ends equal to it (the normalization writer: a cut there removes a
    /// dot segment, which the input then has and the output cannot).
    pub(crate) fn check(src: &'s str) -> Lazy<'s> {
        Lazy {
            check: true,
            ..Lazy::new(src)
        }
    }

    /// Whether the output is exactly `src`.
    #[inline]
    pub(crate) fn is_src(&self) -> bool {
        self.mode == Mode::Same && self.len == self.src.len()
    }

    /// The output, or `None` if it is exactly `src` (which the caller
    /// has); `None` too in check mode, where nothing was kept.
    #[inline]
    pub(crate) fn into_owned(self) -> Option<String> {
        match self.mode {
            Mode::Same if self.len == self.src.len() => None,
            Mode::Same => Some(String::from(&self.src[..self.len])),
            Mode::Owned => {
                let mut b = self.buf;
                b.truncate(self.len);
                Some(b)
            }
            Mode::Differs => None,
        }
    }

    /// Leaves the `Same` mode: the buffer becomes a copy of `src` (with
    /// room to grow a little), or in check mode only `Differs` is noted.
    #[cold]
    #[inline(never)]
    fn diverge(&mut self) {
        if self.check {
            self.mode = Mode::Differs;
        } else {
            let mut b = String::with_capacity(self.src.len() + 8);
            b.push_str(self.src);
            self.buf = b;
            self.clean = 0;
            self.mode = Mode::Owned;
        }
    }

    /// Whether `s` is the slice of `src` that starts at `len`. (Most writes
    /// are slices of `src` at the place they are copied to: the pointers
    /// tell at once.)
    #[inline(always)]
    fn is_src_here(&self, s: &str) -> bool {
        core::ptr::eq(s.as_ptr(), self.src.as_ptr().wrapping_add(self.len))
            && s.len() <= self.src.len() - self.len
    }

    /// Writes `s` (lowered if `lower`) at `len` once the output differs.
    #[inline(never)]
    fn write_owned(&mut self, s: &str, lower: bool) {
        let (at, end) = (self.len, self.len + s.len());
        if self.mode == Mode::Owned {
            if at >= self.clean
                && end <= self.buf.len()
                && core::ptr::eq(s.as_ptr(), self.src.as_ptr().wrapping_add(at))
            {
                // The buffer holds `s` there already (so `at` and `end`
                // are character boundaries of it).
                if lower {
                    self.buf[at..end].make_ascii_lowercase();
                    self.clean = end;
                }
            } else {
                self.buf.truncate(at);
                self.buf.push_str(s);
                if lower {
                    self.buf[at..].make_ascii_lowercase();
                }
                self.clean = end;
            }
        }
        self.len = end;
    }
}

impl Push for Lazy<'_> {
    #[inline(always)]
    fn push_str(&mut self, s: &str) {
        if self.mode == Mode::Same {
            if self.is_src_here(s)
                || self.src.as_bytes().get(self.len..self.len + s.len()) == Some(s.as_bytes())
            {
                self.len += s.len();
                return;
            }
            self.diverge();
        }
        self.write_owned(s, false);
    }
}

impl Out for Lazy<'_> {
    #[inline(always)]
    fn len(&self) -> usize {
        self.len
    }

    #[inline(always)]
    fn push_lower(&mut self, s: &str) {
        if self.mode == Mode::Same {
            let here = self.is_src_here(s)
                || self.src.as_bytes().get(self.len..self.len + s.len()) == Some(s.as_bytes());
            if here && !any_byte(s.as_bytes(), |c| c.is_ascii_uppercase()) {
                self.len += s.len();
                return;
            }
            self.diverge();
        }
        self.write_owned(s, true);
    }

    #[inline(always)]
    fn push(&mut self, c: u8) {
        if self.mode == Mode::Same {
            if self.src.as_bytes().get(self.len) == Some(&c) {
                self.len += 1;
                return;
            }
            self.diverge();
        }
        if self.mode == Mode::Owned && self.buf.as_bytes().get(self.len) != Some(&c) {
            self.buf.truncate(self.len);
            self.buf.push(char::from(c));
            self.clean = self.buf.len();
        }
        self.len += 1;
    }

    fn truncate(&mut self, n: usize) {
        self.len = self.len.min(n);
    }

    fn insert_str(&mut self, at: usize, s: &str) {
        let at = at.min(self.len);
        if self.mode == Mode::Same {
            // `src[..at] + s + src[at..len]` is `src[..len + s.len()]` when
            // `src` holds `s` at `at` and its text from `at` again after it.
            let b = self.src.as_bytes();
            let (len, end) = (self.len, self.len + s.len());
            if end <= b.len()
                && b[at..at + s.len()] == *s.as_bytes()
                && b[at + s.len()..end] == b[at..len]
            {
                self.len = end;
                return;
            }
            self.diverge();
        }
        if self.mode == Mode::Owned {
            self.buf.truncate(self.len);
            self.buf.insert_str(at, s);
            self.clean = self.buf.len();
        }
        self.len += s.len();
    }

    fn remove(&mut self, start: usize, end: usize) {
        let end = end.min(self.len);
        let start = start.min(end);
        if self.mode == Mode::Same {
            // `src[..start] + src[end..len]` is `src[..len - n]` when the
            // text from `start` on repeats, `n` bytes later, up to `len`.
            let (b, len) = (self.src.as_bytes(), self.len);
            if b[start..len - (end - start)] == b[end..len] {
                self.len = len - (end - start);
                return;
            }
            self.diverge();
        }
        if self.mode == Mode::Owned {
            self.buf.truncate(self.len);
            self.buf.replace_range(start..end, "");
            self.clean = self.buf.len();
        }
        self.len -= end - start;
    }

    fn tail(&self, from: usize) -> &[u8] {
        let all = match self.mode {
            Mode::Same => self.src.as_bytes(),
            Mode::Owned => self.buf.as_bytes(),
            Mode::Differs => return &[],
        };
        all.get(from..self.len).unwrap_or(&[])
    }
}

impl core::fmt::Write for Lazy<'_> {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        Push::push_str(self, s);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;
    use proptest::prelude::*;

    #[derive(Clone, Debug)]
    enum Op {
        /// `src[a..a + n]`, copied from wherever it falls.
        Slice(usize, usize),
        Text(String),
        Lower(String),
        Byte(u8),
        Truncate(usize),
        Insert(usize, String),
        Remove(usize, usize),
    }

    const TEXT: &str = "[aAé/.]{0,3}";

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            4 => (0..12usize, 0..5usize).prop_map(|(a, n)| Op::Slice(a, n)),
            2 => TEXT.prop_map(Op::Text),
            1 => TEXT.prop_map(Op::Lower),
            2 => prop::sample::select(b"aA/.".to_vec()).prop_map(Op::Byte),
            1 => (0..12usize).prop_map(Op::Truncate),
            1 => (0..12usize, TEXT).prop_map(|(a, s)| Op::Insert(a, s)),
            1 => (0..12usize, 0..3usize).prop_map(|(a, n)| Op::Remove(a, n)),
        ]
    }

    /// The character boundary of `s` at or before `i`.
    fn floor(s: &str, i: usize) -> usize {
        (0..=i.min(s.len()))
            .rev()
            .find(|&i| s.is_char_boundary(i))
            .unwrap_or(0)
    }

    /// Applies `op` to `out`; positions are snapped to the character
    /// boundaries of `now`, the text every output stands for.
    fn apply(out: &mut impl Out, src: &str, now: &str, op: &Op) {
        match op {
            Op::Slice(a, n) => {
                let a = floor(src, *a);
                out.push_str(&src[a..floor(src, a + n)]);
            }
            Op::Text(s) => out.push_str(s),
            Op::Lower(s) => out.push_lower(s),
            Op::Byte(c) => out.push(*c),
            Op::Truncate(n) => out.truncate(floor(now, *n)),
            Op::Insert(at, s) => out.insert_str(floor(now, *at), s),
            Op::Remove(at, n) => {
                let at = floor(now, *at);
                out.remove(at, floor(now, at + n).max(at));
            }
        }
    }

    proptest! {
        /// A `Lazy` output is the `String` the same writes make, whether it
        /// stayed borrowed or not; in check mode it tells only whether that
        /// `String` is the source, and allocates nothing.
        #[test]
        fn lazy_is_the_string_it_stands_for(src in "[aAé/.]{0,10}", ops in prop::collection::vec(op(), 0..12)) {
            let mut want = String::new();
            let mut lazy = Lazy::new(&src);
            let mut check = Lazy::check(&src);
            for op in &ops {
                let now = want.clone();
                apply(&mut want, &src, &now, op);
                apply(&mut lazy, &src, &now, op);
                apply(&mut check, &src, &now, op);
                prop_assert_eq!(lazy.tail(0), want.as_bytes());
                prop_assert_eq!(Out::len(&lazy), want.len());
                prop_assert_eq!(Out::len(&check), want.len());
                prop_assert!(check.mode != Mode::Owned && check.buf.capacity() == 0);
            }
            // A difference is final in check mode (see `Lazy::check`): an
            // answer of "the same" is always right.
            prop_assert!(!check.is_src() || want == src);
            prop_assert!(!lazy.is_src() || want == src);
            prop_assert_eq!(lazy.into_owned().unwrap_or_else(|| src.clone()), want);
        }
    }

    proptest! {
        /// A `Text` is the `String` the same writes make, in place or on
        /// the heap, across the in-place limit both ways (the writes start
        /// from text just under it).
        #[test]
        fn text_is_the_string_it_stands_for(
            start in 0..=INLINE,
            src in "[aAé/.]{0,10}",
            ops in prop::collection::vec(op(), 0..24),
        ) {
            let head = "x".repeat(start);
            let mut want = head.clone();
            let mut text = Text::from(head.as_str());
            prop_assert!(matches!(text, Text::Inline(_)));
            for op in &ops {
                let now = want.clone();
                apply(&mut want, &src, &now, op);
                apply(&mut text, &src, &now, op);
                prop_assert_eq!(text.as_str(), want.as_str());
                prop_assert_eq!(Out::len(&text), want.len());
            }
            prop_assert_eq!(text.clone().into_string(), want);
        }
    }

    #[test]
    fn text_is_in_place_up_to_the_limit() {
        let at = "a".repeat(INLINE);
        assert!(matches!(Text::from(at.as_str()), Text::Inline(_)));
        assert!(matches!(Text::from(&*format!("{at}b")), Text::Heap(_)));
        assert!(matches!(Text::with_capacity(INLINE), Text::Inline(_)));
        assert!(matches!(Text::with_capacity(INLINE + 1), Text::Heap(_)));
        // Pushed past the limit: on the heap, the text whole.
        let mut t = Text::from(at.as_str());
        t.push_lower("BC");
        assert!(matches!(t, Text::Heap(_)));
        assert_eq!(t.as_str(), format!("{at}bc"));
        // A `String` given is kept.
        assert!(matches!(Text::from(String::from("a")), Text::Heap(_)));
    }

    #[test]
    fn a_repeating_write_stays_borrowed() {
        let src = "./a/b";
        let mut out = Lazy::check(src);
        out.push_str("./");
        out.push_str(&src[2..3]);
        out.push_str("/b");
        assert!(out.is_src());
        // Inserted and removed where the text repeats.
        let mut out = Lazy::check("aab");
        out.push_str("a");
        out.insert_str(0, "a");
        out.push_str("b");
        assert!(out.is_src());
        let mut out = Lazy::check("aab");
        out.push_str("aa");
        out.remove(0, 1);
        out.push_str("ab");
        assert!(out.is_src());
    }

    /// After a change of case the buffer is the one copy: what follows is
    /// skipped where it lies, and lowered in place.
    #[test]
    fn a_change_of_case_copies_once() {
        let src = "HTTP://A.EXAMPLE/Path";
        let mut out = Lazy::new(src);
        out.push_lower(&src[..4]);
        let copy = out.buf.as_ptr();
        out.push_str(&src[4..7]);
        out.push_lower(&src[7..16]);
        out.push_str(&src[16..]);
        // Nothing was appended after the host: the path was skipped.
        assert_eq!(out.clean, 16);
        assert_eq!(out.buf.as_ptr(), copy);
        assert_eq!(out.into_owned().as_deref(), Some("http://a.example/Path"));
    }
}
