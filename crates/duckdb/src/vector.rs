//! DuckDB's vectors, read and written: the strings and booleans of an
//! input chunk, and an output vector of each result type of the table
//! (a string, a boolean, an integer, a struct of strings and a BIGINT, a
//! list of strings or of structs).
//!
//! Everything here is `unsafe` to call: the handles must be the ones
//! DuckDB passed to the running scalar function, and a row must be below
//! the chunk's size. Within that, each read stays inside the buffers
//! DuckDB sized for the chunk (a row's string, its validity bit), and
//! each write goes through the C API or into the data buffer of a vector
//! of the matching type.

use std::os::raw::c_char;

use libduckdb_sys as ffi;
use urikit_columns::{TldMember, Ty, Value};

/// A column of the input chunk: its data and its validity mask (null
/// when every row is valid). DuckDB flattens a scalar function's input
/// before calling it, so row `i` is at index `i`.
#[derive(Clone, Copy)]
pub(crate) struct Column {
    data: *const std::ffi::c_void,
    validity: *const u64,
}

impl Column {
    /// Column `k` of `chunk`.
    ///
    /// # Safety
    /// `chunk` is the running function's input and has a column `k`.
    pub(crate) unsafe fn new(chunk: ffi::duckdb_data_chunk, k: usize) -> Column {
        // SAFETY: per the caller.
        unsafe {
            let v = ffi::duckdb_data_chunk_get_vector(chunk, k as u64);
            Column {
                data: ffi::duckdb_vector_get_data(v),
                validity: ffi::duckdb_vector_get_validity(v),
            }
        }
    }

    /// Whether row `i` is not NULL.
    ///
    /// # Safety
    /// `i` is below the chunk's size.
    #[inline(always)]
    unsafe fn valid(self, i: usize) -> bool {
        // SAFETY: the mask has a bit for each row of the chunk.
        self.validity.is_null() || unsafe { *self.validity.add(i / 64) >> (i % 64) & 1 == 1 }
    }

    /// The bytes of row `i` of a VARCHAR column, `None` when NULL. A
    /// string of at most 12 bytes is inlined in its 16-byte slot, a
    /// longer one points into the vector's heap.
    ///
    /// # Safety
    /// The column is VARCHAR and `i` is below the chunk's size.
    #[inline(always)]
    pub(crate) unsafe fn bytes<'a>(self, i: usize) -> Option<&'a [u8]> {
        // SAFETY: per the caller; the length and the pointer are DuckDB's
        // for this row, valid while the function runs.
        unsafe {
            if !self.valid(i) {
                return None;
            }
            let s = &*(self.data as *const ffi::duckdb_string_t).add(i);
            let len = s.value.inlined.length as usize;
            let ptr = if len <= 12 {
                s.value.inlined.inlined.as_ptr()
            } else {
                s.value.pointer.ptr as *const c_char
            };
            Some(std::slice::from_raw_parts(ptr as *const u8, len))
        }
    }

    /// Row `i` of a BOOLEAN column.
    ///
    /// # Safety
    /// The column is BOOLEAN and `i` is below the chunk's size.
    #[inline(always)]
    pub(crate) unsafe fn flag(self, i: usize) -> Option<bool> {
        // SAFETY: per the caller; DuckDB stores a BOOLEAN as one byte, 0 or 1.
        unsafe { self.valid(i).then(|| *(self.data as *const u8).add(i) != 0) }
    }
}

/// A vector being written.
#[derive(Clone, Copy)]
struct Vector(ffi::duckdb_vector);

impl Vector {
    /// Marks row `i` NULL.
    unsafe fn null(self, i: usize) {
        // SAFETY: the vector is an output of the running function.
        unsafe {
            ffi::duckdb_vector_ensure_validity_writable(self.0);
            ffi::duckdb_validity_set_row_invalid(ffi::duckdb_vector_get_validity(self.0), i as u64);
        }
    }

    /// Row `i` of a VARCHAR vector: `s`, copied into the vector's heap
    /// (without DuckDB's check of its UTF-8: a `str` is UTF-8).
    #[inline(always)]
    unsafe fn text(self, i: usize, s: &str) {
        // SAFETY: the vector is VARCHAR; DuckDB copies `s`, which is UTF-8.
        unsafe {
            ffi::duckdb_unsafe_vector_assign_string_element_len(
                self.0,
                i as u64,
                s.as_ptr() as *const c_char,
                s.len() as u64,
            )
        }
    }

    /// Row `i` of the VARCHAR vector whose data is `data`: a string of at
    /// most 12 bytes, written inline in its slot as DuckDB writes one (its
    /// length, the bytes, zeros), without a call.
    ///
    /// # Safety
    /// `data` is the vector's array of 16-byte string slots, with a slot
    /// for row `i`; `s` has at most 12 bytes.
    #[inline(always)]
    unsafe fn inline_at(data: *mut std::ffi::c_void, i: usize, s: &str) {
        debug_assert!(s.len() <= 12);
        let mut inlined = [0 as c_char; 12];
        for (d, &c) in inlined.iter_mut().zip(s.as_bytes()) {
            *d = c as c_char;
        }
        let slot = ffi::duckdb_string_t {
            value: ffi::duckdb_string_t__bindgen_ty_1 {
                inlined: ffi::duckdb_string_t__bindgen_ty_1__bindgen_ty_2 {
                    length: s.len() as u32,
                    inlined,
                },
            },
        };
        // SAFETY: per the caller; `s` is UTF-8 (a `str`).
        unsafe { *(data as *mut ffi::duckdb_string_t).add(i) = slot }
    }

    /// Row `i` of a VARCHAR vector: `s` or NULL.
    unsafe fn opt_text(self, i: usize, s: Option<&str>) {
        // SAFETY: per the caller.
        unsafe {
            match s {
                Some(s) => self.text(i, s),
                None => self.null(i),
            }
        }
    }

    /// Row `i` of a vector whose values are `T` (BOOLEAN as `bool`,
    /// INTEGER as `i32`, BIGINT as `i64`, a list's entry).
    #[inline(always)]
    unsafe fn set<T: Copy>(self, i: usize, v: T) {
        // SAFETY: the vector's type stores a `T` per row.
        unsafe { *(ffi::duckdb_vector_get_data(self.0) as *mut T).add(i) = v }
    }

    /// Member `k` of a STRUCT vector.
    unsafe fn member(self, k: usize) -> Vector {
        // SAFETY: the vector is a STRUCT with a member `k`.
        Vector(unsafe { ffi::duckdb_struct_vector_get_child(self.0, k as u64) })
    }

    /// Appends `n` elements to a LIST vector as row `i`'s list, returning
    /// the element vector and the index of the first.
    unsafe fn list(self, i: usize, n: usize) -> (Vector, usize) {
        // SAFETY: the vector is a LIST; reserve before the size grows.
        unsafe {
            let at = ffi::duckdb_list_vector_get_size(self.0) as usize;
            ffi::duckdb_list_vector_reserve(self.0, (at + n) as u64);
            ffi::duckdb_list_vector_set_size(self.0, (at + n) as u64);
            self.set(
                i,
                ffi::duckdb_list_entry {
                    offset: at as u64,
                    length: n as u64,
                },
            );
            (Vector(ffi::duckdb_list_vector_get_child(self.0)), at)
        }
    }

    /// Row `i` of a STRUCT{code, offset, message} vector.
    unsafe fn error(self, i: usize, code: &str, offset: usize, message: &str) {
        // SAFETY: the vector has the error struct's three members.
        unsafe {
            self.member(0).text(i, code);
            self.member(1)
                .set(i, i64::try_from(offset).unwrap_or(i64::MAX));
            self.member(2).text(i, message);
        }
    }
}

/// A flat vector being written row by row: its data, its validity words
/// (fetched writable at its first NULL), and, for a VARCHAR vector, its
/// answers longer than 12 bytes kept until the chunk ends.
struct Slots {
    v: Vector,
    /// The vector's data: 16-byte string slots, or the values.
    data: *mut std::ffi::c_void,
    /// The validity words, made writable at the first NULL (null before):
    /// a NULL is then one bit cleared, not three calls.
    validity: *mut u64,
    /// The long answers not yet in the vector: their bytes one after
    /// another ([`Slots::flush`]).
    heap: Vec<u8>,
    /// The row of each answer in `heap`, and where its bytes begin.
    long: Vec<(usize, usize)>,
}

impl Slots {
    /// # Safety
    /// `v` is an output vector of the running function (or a member of
    /// one), flat.
    unsafe fn new(v: Vector) -> Slots {
        Slots {
            v,
            // SAFETY: per the caller.
            data: unsafe { ffi::duckdb_vector_get_data(v.0) },
            validity: std::ptr::null_mut(),
            heap: Vec::new(),
            long: Vec::new(),
        }
    }

    /// The buffers for the long answers, from this thread's spares where
    /// it has one (a chunk's are about 30 KB, grown by doubling from
    /// nothing on each chunk otherwise).
    #[inline(always)]
    fn buffers(&mut self) {
        if self.long.capacity() == 0 {
            (self.heap, self.long) = SPARE.with(|s| s.borrow_mut().pop()).unwrap_or_default();
        }
    }

    /// Marks row `i` NULL.
    ///
    /// # Safety
    /// `i` is below the chunk's size.
    #[inline(always)]
    unsafe fn null(&mut self, i: usize) {
        // SAFETY: per the caller; the mask has a bit for each row of the
        // chunk, set where the row is valid (what
        // `duckdb_validity_set_row_invalid` clears).
        unsafe {
            if self.validity.is_null() {
                ffi::duckdb_vector_ensure_validity_writable(self.v.0);
                self.validity = ffi::duckdb_vector_get_validity(self.v.0);
            }
            *self.validity.add(i / 64) &= !(1u64 << (i % 64));
        }
    }

    /// Row `i` of a vector whose values are `T` (BOOLEAN as `bool`,
    /// INTEGER as `i32`, BIGINT as `i64`).
    ///
    /// # Safety
    /// The vector stores a `T` per row and `i` is below the chunk's size.
    #[inline(always)]
    unsafe fn set<T: Copy>(&mut self, i: usize, v: T) {
        // SAFETY: per the caller.
        unsafe { *(self.data as *mut T).add(i) = v }
    }

    /// Row `i` of a VARCHAR vector: `s`. One of at most 12 bytes is
    /// written inline in its slot; a longer one is kept until the chunk
    /// ends ([`Slots::flush`]), so that the chunk's long answers go into
    /// the vector's heap in one call and one copy, not a call a row.
    ///
    /// # Safety
    /// The vector is VARCHAR and `i` is below the chunk's size.
    #[inline(always)]
    unsafe fn text(&mut self, i: usize, s: &str) {
        if s.len() <= 12 {
            // SAFETY: per the caller.
            return unsafe { Vector::inline_at(self.data, i, s) };
        }
        self.buffers();
        if self.heap.len() + s.len() > u32::MAX as usize {
            // SAFETY: per the caller.
            unsafe { self.flush() };
        }
        self.long.push((i, self.heap.len()));
        self.heap.extend_from_slice(s.as_bytes());
    }

    /// Row `i` of a VARCHAR vector: `s`, or NULL.
    ///
    /// # Safety
    /// As [`Slots::text`].
    #[inline(always)]
    unsafe fn opt_text(&mut self, i: usize, s: Option<&str>) {
        // SAFETY: per the caller.
        unsafe {
            match s {
                Some(s) => self.text(i, s),
                None => self.null(i),
            }
        }
    }

    /// Writes the long answers kept by [`Slots::text`]: their bytes, one
    /// after another, are copied into the vector's heap as the string of
    /// the first one's row (DuckDB's own call, which owns the copy with
    /// the vector), and each one's slot is then written to point at its
    /// bytes within that copy, with its length and its first four bytes,
    /// as DuckDB writes a string of more than 12 bytes. The strings of a
    /// vector's heap are never freed one by one: the copy lives as long
    /// as the vector, and the slots into it are what DuckDB's own string
    /// functions leave.
    ///
    /// # Safety
    /// The rows kept are below the chunk's size (`text`'s callers').
    unsafe fn flush(&mut self) {
        let Some(&(first, _)) = self.long.first() else {
            return;
        };
        // The first answer alone has more than 12 bytes, so the copy is
        // never inlined: its slot holds the copy's pointer.
        let slots = self.data as *mut ffi::duckdb_string_t;
        // SAFETY: per the caller; `heap` is UTF-8 (answers of `str`s put
        // one after another) and below 4 GiB (`text`).
        let base = unsafe {
            ffi::duckdb_unsafe_vector_assign_string_element_len(
                self.v.0,
                first as u64,
                self.heap.as_ptr() as *const c_char,
                self.heap.len() as u64,
            );
            (*slots.add(first)).value.pointer.ptr
        };
        let ends = self.long.iter().skip(1).map(|&(_, at)| at);
        for (&(row, at), end) in self.long.iter().zip(ends.chain([self.heap.len()])) {
            let bytes = &self.heap[at..end];
            let mut prefix = [0 as c_char; 4];
            for (p, &c) in prefix.iter_mut().zip(bytes) {
                *p = c as c_char;
            }
            let slot = ffi::duckdb_string_t {
                value: ffi::duckdb_string_t__bindgen_ty_1 {
                    pointer: ffi::duckdb_string_t__bindgen_ty_1__bindgen_ty_1 {
                        length: bytes.len() as u32,
                        prefix,
                        // SAFETY: `at` is within the copy of `heap`.
                        ptr: unsafe { base.add(at) },
                    },
                },
            };
            // SAFETY: `row` is below the chunk's size (`text`'s caller).
            unsafe { *slots.add(row) = slot };
        }
        self.heap.clear();
        self.long.clear();
    }
}

impl Drop for Slots {
    fn drop(&mut self) {
        // SAFETY: `text` kept rows of this chunk's vector. Dropped at the
        // end of the chunk, whichever way its evaluation returns.
        unsafe { self.flush() }
        // The buffers kept for the thread's next chunks: a few pairs (a
        // struct's members each have one), none larger than a megabyte.
        if self.long.capacity() > 0 && self.heap.capacity() <= 1 << 20 {
            let spare = (
                std::mem::take(&mut self.heap),
                std::mem::take(&mut self.long),
            );
            SPARE.with(|s| {
                let mut s = s.borrow_mut();
                if s.len() < 32 {
                    s.push(spare);
                }
            });
        }
    }
}

/// The buffers of a [`Slots`] dropped on this thread, emptied, for its
/// next chunks.
type Spare = (Vec<u8>, Vec<(usize, usize)>);

thread_local! {
    static SPARE: std::cell::RefCell<Vec<Spare>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The output vector of a function whose result type is `ty`: the result,
/// and for a STRUCT its members, each fetched once a chunk. A LIST of
/// VARCHAR result is gathered for the whole chunk and written when the
/// `Out` is dropped ([`Items`]).
pub(crate) struct Out {
    ty: Ty,
    top: Slots,
    members: Vec<Slots>,
    items: Items,
}

/// The lists of a chunk's LIST of VARCHAR result, gathered: the list
/// vector's child grows with each row's list (a call to reserve, one to
/// set the size, and one a string, row by row, where its data may move at
/// each reserve). Gathered, the child is sized once for the chunk and its
/// strings written as a result's are ([`Slots`]).
#[derive(Default)]
struct Items {
    /// Each row with a list (NULL rows too, with none): the row, its
    /// first item's index and how many it has.
    rows: Vec<(usize, usize, usize)>,
    /// Each item's bytes in `bytes`, `None` for a NULL item.
    spans: Vec<Option<(usize, usize)>>,
    bytes: Vec<u8>,
}

impl Items {
    /// Row `i`'s list: `items`.
    fn push<'a>(&mut self, i: usize, items: impl ExactSizeIterator<Item = Option<&'a str>>) {
        self.rows.push((i, self.spans.len(), items.len()));
        for item in items {
            self.spans.push(item.map(|t| {
                let start = self.bytes.len();
                self.bytes.extend_from_slice(t.as_bytes());
                (start, self.bytes.len())
            }));
        }
    }

    /// Writes the gathered lists into the LIST vector `v`: the child
    /// sized once, each row's entry, each item.
    ///
    /// # Safety
    /// `v` is the running function's LIST of VARCHAR output, and the
    /// rows gathered are below the chunk's size.
    unsafe fn write(&mut self, v: Vector) {
        if self.rows.is_empty() {
            return;
        }
        // SAFETY: per the caller; the child is fetched after the reserve
        // (which may move its data), and each item's index is below the
        // size set.
        unsafe {
            let at = ffi::duckdb_list_vector_get_size(v.0) as usize;
            let total = at + self.spans.len();
            ffi::duckdb_list_vector_reserve(v.0, total as u64);
            ffi::duckdb_list_vector_set_size(v.0, total as u64);
            let entries = ffi::duckdb_vector_get_data(v.0) as *mut ffi::duckdb_list_entry;
            for &(row, first, n) in &self.rows {
                *entries.add(row) = ffi::duckdb_list_entry {
                    offset: (at + first) as u64,
                    length: n as u64,
                };
            }
            let mut child = Slots::new(Vector(ffi::duckdb_list_vector_get_child(v.0)));
            for (k, span) in self.spans.iter().enumerate() {
                match *span {
                    // The bytes of a `str`, put whole.
                    Some((start, end)) => child.text(
                        at + k,
                        std::str::from_utf8_unchecked(&self.bytes[start..end]),
                    ),
                    None => child.null(at + k),
                }
            }
        }
        self.rows.clear();
        self.spans.clear();
        self.bytes.clear();
    }
}

impl Out {
    /// # Safety
    /// `v` is the running function's output, of the type DuckDB was told
    /// for `ty` ([`crate::function::logical_type`]).
    pub(crate) unsafe fn new(ty: Ty, v: ffi::duckdb_vector) -> Out {
        let n = match urikit_columns::data_type(ty) {
            arrow_schema::DataType::Struct(fields) => fields.len(),
            _ => 0,
        };
        // SAFETY: per the caller; a STRUCT vector has its `n` members.
        unsafe {
            let top = Slots::new(Vector(v));
            let members = (0..n).map(|k| Slots::new(top.v.member(k))).collect();
            Out {
                ty,
                top,
                members,
                items: Items::default(),
            }
        }
    }

    /// Writes row `i`: `value`, or NULL when it is not of the type.
    ///
    /// # Safety
    /// `i` is below the chunk's size.
    #[inline]
    pub(crate) unsafe fn write(&mut self, i: usize, value: Value<'_>) {
        let v = self.top.v;
        let m = &mut self.members;
        // SAFETY: the vector's layout is the one of `self.ty` (see `new`).
        unsafe {
            match (self.ty, value) {
                (Ty::Str, Value::Str(s)) => self.top.text(i, &s),
                (Ty::Bool, Value::Bool(b)) => self.top.set(i, b),
                (Ty::I32, Value::I32(n)) => self.top.set(i, n),
                (Ty::StrList, Value::List(items)) => {
                    self.items.push(i, items.iter().map(|t| t.as_deref()))
                }
                (Ty::Pairs, Value::Pairs(items)) => {
                    let (child, at) = v.list(i, items.len());
                    for (k, (key, value)) in items.iter().enumerate() {
                        child.member(0).opt_text(at + k, key.as_deref());
                        child.member(1).opt_text(at + k, value.as_deref());
                    }
                }
                (Ty::ErrorList, Value::Errors(items)) => {
                    let (child, at) = v.list(i, items.len());
                    for (k, (code, offset, message)) in items.iter().enumerate() {
                        child.error(at + k, code, *offset, message);
                    }
                }
                (Ty::ErrorStruct, Value::Error(code, offset, message)) => {
                    m[0].text(i, code);
                    m[1].set(i, i64::try_from(offset).unwrap_or(i64::MAX));
                    m[2].text(i, &message);
                }
                (Ty::ParseStruct, Value::Parse(parts)) => {
                    for (slots, p) in m.iter_mut().zip(parts.iter()) {
                        slots.opt_text(i, *p);
                    }
                }
                (Ty::CcStruct, Value::Cc(c)) => {
                    for (slots, name) in m.iter_mut().zip(urikit_columns::CC_NAMES) {
                        if name == "url_port" {
                            match c.port {
                                Some(p) => slots.set(i, p),
                                None => slots.null(i),
                            }
                        } else {
                            slots.opt_text(i, c.text(name).flatten());
                        }
                    }
                }
                (Ty::TldStruct, Value::Tld(e)) => {
                    for (k, slots) in m.iter_mut().enumerate() {
                        match urikit_columns::tld_member(&e, k) {
                            TldMember::Text(t) => slots.text(i, t),
                            TldMember::Flag(f) => slots.set(i, f),
                        }
                    }
                }
                (Ty::ParseStruct, Value::ParseOwned(parts)) => {
                    for (slots, p) in m.iter_mut().zip(parts.iter()) {
                        slots.opt_text(i, p.as_deref());
                    }
                }
                _ => self.null(i),
            }
        }
    }

    /// Writes row `i` of a VARCHAR result: `s`, or NULL.
    ///
    /// # Safety
    /// The result is VARCHAR and `i` is below the chunk's size.
    #[inline(always)]
    pub(crate) unsafe fn text(&mut self, i: usize, s: Option<&str>) {
        // SAFETY: per the caller.
        unsafe { self.top.opt_text(i, s) }
    }

    /// Row `i` of a LIST of VARCHAR result: the items `buf[..ends[0]]`,
    /// `buf[ends[0]..ends[1]]` and so on (each UTF-8; an item that is
    /// not is NULL).
    ///
    /// # Safety
    /// `i` is below the chunk's size, and the result is a LIST of VARCHAR.
    pub(crate) unsafe fn texts(&mut self, i: usize, buf: &[u8], ends: &[usize]) {
        let items = (0..ends.len()).map(|k| {
            let start = if k == 0 { 0 } else { ends[k - 1] };
            std::str::from_utf8(&buf[start..ends[k]]).ok()
        });
        self.items.push(i, items);
    }

    /// Writes row `i` of a result whose values are `T` (BOOLEAN: `bool`,
    /// INTEGER: `i32`), or NULL.
    ///
    /// # Safety
    /// The result stores a `T` per row and `i` is below the chunk's size.
    #[inline(always)]
    pub(crate) unsafe fn value<T: Copy>(&mut self, i: usize, v: Option<T>) {
        // SAFETY: per the caller.
        unsafe {
            match v {
                Some(v) => self.top.set(i, v),
                None => self.top.null(i),
            }
        }
    }

    /// Writes row `i` as NULL (its struct's members NULL too, its list
    /// empty).
    ///
    /// # Safety
    /// `i` is below the chunk's size.
    pub(crate) unsafe fn null(&mut self, i: usize) {
        // SAFETY: as in `write`.
        unsafe {
            match self.ty {
                Ty::StrList => self.items.push(i, std::iter::empty()),
                Ty::Pairs | Ty::ErrorList => {
                    self.top.v.list(i, 0);
                }
                _ => {}
            }
            for m in &mut self.members {
                m.null(i);
            }
            self.top.null(i);
        }
    }
}

impl Drop for Out {
    fn drop(&mut self) {
        // SAFETY: the items were gathered for this chunk's LIST of VARCHAR
        // result (`Ty::StrList`), rows below its size.
        unsafe { self.items.write(self.top.v) }
    }
}
