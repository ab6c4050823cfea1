//! All reading of inputs: the positional arguments, or standard input one
//! input per line, or files. Lines come in batches bounded by their number
//! and by their bytes, in one buffer, so memory follows the longest line,
//! not the number or the length of the lines; text for extraction comes in
//! chunks cut at line ends. A file that cannot be read is named in the
//! error.

use std::borrow::Cow;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};

use urikit::{Error, ErrorKind};

/// At most this many lines in one batch: enough to keep the jobs busy.
pub const BATCH_LINES: usize = 1 << 14;

/// A batch stops growing at this many bytes (a single longer line makes a
/// batch of its own).
pub const BATCH_BYTES: usize = 1 << 20;

/// A batch of lines: one buffer holding the input as read (line breaks
/// included), and where each line lies in it without its `\n` or `\r\n`.
/// The buffer is checked for UTF-8 once, when the batch is read: a batch
/// that is text (nearly every one) is kept as a `String`, and its lines
/// are text without a check of their own (which took a tenth of the time
/// of `uri check`, most of it per call).
#[derive(Default)]
pub struct Batch {
    /// The batch while it is read, and after when it is not UTF-8.
    buf: Vec<u8>,
    /// The batch when it is UTF-8 (`buf` is then empty).
    text: String,
    spans: Vec<(usize, usize)>,
}

impl Batch {
    /// The lines, in order.
    pub fn lines(&self) -> Vec<Line<'_>> {
        if self.buf.is_empty() {
            let t = &self.text;
            // Lines end at ASCII bytes, so every span is on characters.
            self.spans
                .iter()
                .map(|&(s, e)| Line::text(&t[s..e]))
                .collect()
        } else {
            let b = &self.buf;
            self.spans
                .iter()
                .map(|&(s, e)| Line::bytes(&b[s..e]))
                .collect()
        }
    }

    /// Whether another line may begin at `at` bytes into the buffer.
    fn has_room(&self, at: usize) -> bool {
        self.spans.len() < BATCH_LINES && at < BATCH_BYTES
    }

    /// Empties the batch for reading into, its memory kept (given back
    /// after a line far longer than a batch).
    fn clear(&mut self) {
        if self.buf.capacity() == 0 {
            self.buf = std::mem::take(&mut self.text).into_bytes();
        }
        self.buf.clear();
        self.text.clear();
        self.spans.clear();
        if self.buf.capacity() > 4 * BATCH_BYTES {
            self.buf.shrink_to(BATCH_BYTES);
        }
    }

    /// Keeps the batch just read as text when it is UTF-8.
    fn settle(&mut self) {
        match String::from_utf8(std::mem::take(&mut self.buf)) {
            Ok(text) => self.text = text,
            Err(e) => self.buf = e.into_bytes(),
        }
    }
}

/// A line of input: its bytes, and its text when they are known to be
/// UTF-8.
#[derive(Clone, Copy)]
pub struct Line<'a> {
    raw: &'a [u8],
    text: Option<&'a str>,
}

impl<'a> Line<'a> {
    /// A line that is text.
    pub fn text(s: &'a str) -> Line<'a> {
        Line {
            raw: s.as_bytes(),
            text: Some(s),
        }
    }

    /// A line of bytes, checked for UTF-8 when read as text.
    pub fn bytes(raw: &'a [u8]) -> Line<'a> {
        Line { raw, text: None }
    }

    /// The line's bytes, as read.
    pub fn raw(self) -> &'a [u8] {
        self.raw
    }

    /// The line as text (see [`line_text`]).
    pub fn read(self) -> (Cow<'a, str>, Option<Error>) {
        match self.text {
            Some(s) => (Cow::Borrowed(s), None),
            None => line_text(self.raw),
        }
    }
}

/// A buffered source of lines that can tell whether it has read ahead:
/// when it has not, the next read waits for its input.
pub trait Source: BufRead {
    /// Whether nothing read ahead is left, so that another line means
    /// waiting on the input.
    fn idle(&self) -> bool;
}

impl<R: Read> Source for BufReader<R> {
    fn idle(&self) -> bool {
        self.buffer().is_empty()
    }
}

/// Reads the next batch of lines into `batch` (its buffers reused, and
/// given back to the system after a line far longer than a batch); returns
/// how many bytes were read, 0 at the end of the input. With `eager` (a
/// terminal or a pipe, where lines may come one at a time, as from `tail
/// -f`), the batch also ends when no more input is waiting, so that every
/// line read gets its answer before the command waits for the next; a
/// file's batches stay full.
pub fn read_batch(
    r: &mut (impl Source + ?Sized),
    batch: &mut Batch,
    eager: bool,
) -> io::Result<u64> {
    batch.clear();
    let mut bytes = 0u64;
    // Where in `buf` a line begins whose line break is not read yet.
    let mut open: Option<usize> = None;
    // The reader's buffer a piece at a time: its lines are found with one
    // search and copied with one copy, not read one by one.
    loop {
        let avail = r.fill_buf()?;
        if avail.is_empty() {
            // The input ends, and with it a line without a line break.
            if let Some(start) = open {
                batch.spans.push((start, batch.buf.len()));
            }
            break;
        }
        // `avail[0]` lands at `base` in `buf`; `take` bytes of it go there.
        let base = batch.buf.len();
        let mut take = 0;
        let mut full = false;
        for nl in memchr::memchr_iter(b'\n', avail) {
            let start = match open.take() {
                Some(start) => start,
                None if batch.has_room(base + take) => base + take,
                None => {
                    full = true;
                    break;
                }
            };
            // The byte before the `\n`, in this piece or the one before.
            let before = match nl {
                0 => batch.buf.last().copied(),
                _ => Some(avail[nl - 1]),
            };
            let mut end = base + nl;
            if end > start && before == Some(b'\r') {
                end -= 1;
            }
            batch.spans.push((start, end));
            take = nl + 1;
        }
        // What follows the last line break: a line begun, if there is room.
        if !full && take < avail.len() {
            match open {
                Some(_) => take = avail.len(),
                None if batch.has_room(base + take) => {
                    open = Some(base + take);
                    take = avail.len();
                }
                None => full = true,
            }
        }
        batch.buf.extend_from_slice(&avail[..take]);
        r.consume(take);
        bytes += take as u64;
        if full || open.is_none() && (eager && r.idle() || !batch.has_room(batch.buf.len())) {
            break;
        }
    }
    batch.settle();
    Ok(bytes)
}

/// Calls `f` on each batch of inputs: the positional arguments as one
/// batch, or else standard input's lines (see [`read_batches`]).
pub fn batches(
    args: Vec<String>,
    mut f: impl FnMut(&[Line<'_>]) -> io::Result<()>,
) -> io::Result<()> {
    if !args.is_empty() {
        let lines: Vec<Line<'_>> = args.iter().map(|a| Line::text(a)).collect();
        return f(&lines);
    }
    read_batches(open("-")?, true, |batch, _| f(&batch.lines()))
}

/// Calls `f(batch, bytes_read)` on each batch of `r`'s lines (read as
/// [`read_batch`] reads them, `eager` or not), in order, while a thread of
/// its own reads the next: reading took a fifth of the time of `uri check`
/// and of the commands beside it, and the jobs waited for it. At most
/// three batches are in memory: the one `f` has, one read ahead, and one
/// being read. An error of the source comes after the batches before it;
/// an error of `f` ends the reading. Where no thread can be made, the
/// batches are read in turn on this one.
pub fn read_batches(
    mut r: Box<dyn Source + Send>,
    eager: bool,
    mut f: impl FnMut(&Batch, u64) -> io::Result<()>,
) -> io::Result<()> {
    use std::sync::mpsc;
    // Read batches, and the ones `f` is done with, to be read into again.
    let (full_tx, full) = mpsc::sync_channel::<io::Result<(Batch, u64)>>(1);
    let (done, free) = mpsc::channel::<Batch>();
    // The source goes to the thread once it runs, so that it is still here
    // when none can be made.
    let (source_tx, source) = mpsc::channel::<Box<dyn Source + Send>>();
    let reader = std::thread::Builder::new()
        .name("uri-reader".into())
        .spawn(move || {
            let Ok(mut r) = source.recv() else { return };
            loop {
                let mut batch = free.try_recv().unwrap_or_default();
                match read_batch(&mut *r, &mut batch, eager) {
                    Ok(0) => return,
                    // `f` has failed when no one receives.
                    Ok(n) if full_tx.send(Ok((batch, n))).is_ok() => {}
                    Ok(_) => return,
                    Err(e) => {
                        let _ = full_tx.send(Err(e));
                        return;
                    }
                }
            }
        });
    let Ok(reader) = reader else {
        let mut batch = Batch::default();
        loop {
            let bytes = read_batch(&mut *r, &mut batch, eager)?;
            if bytes == 0 {
                return Ok(());
            }
            f(&batch, bytes)?;
        }
    };
    // The thread waits for its source, so this cannot fail.
    let _ = source_tx.send(r);
    for read in full {
        let (batch, bytes) = read?;
        f(&batch, bytes)?;
        // The reader may be gone (at the end of the input).
        let _ = done.send(batch);
    }
    // The reader has ended: its sender is gone.
    let _ = reader.join();
    Ok(())
}

/// A raw line as text: itself when it is UTF-8; otherwise with replacement
/// characters (for display) and the `invalid-utf8` error at its first bad
/// byte.
pub fn line_text(raw: &[u8]) -> (Cow<'_, str>, Option<Error>) {
    match std::str::from_utf8(raw) {
        Ok(s) => (Cow::Borrowed(s), None),
        Err(e) => (
            String::from_utf8_lossy(raw),
            Some(Error::new(ErrorKind::InvalidUtf8, e.valid_up_to())),
        ),
    }
}

/// How a source is named in messages: `<stdin>` for standard input.
pub fn name(source: &str) -> &str {
    if source == "-" {
        "<stdin>"
    } else {
        source
    }
}

/// A reader whose errors name the file it reads (reading a directory only
/// fails at the first read, with "Is a directory").
struct Named<R> {
    inner: R,
    name: String,
}

impl<R: Read> Read for Named<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.inner
            .read(buf)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", self.name)))
    }
}

/// Opens a source for reading: a file, or standard input for `-`. Every
/// error, at the opening or at any read, names the source.
pub fn open(source: &str) -> io::Result<Box<dyn Source + Send>> {
    if source == "-" {
        return Ok(Box::new(BufReader::with_capacity(
            1 << 16,
            Named {
                inner: io::stdin(),
                name: name(source).to_owned(),
            },
        )));
    }
    let file =
        File::open(source).map_err(|e| io::Error::new(e.kind(), format!("{source}: {e}")))?;
    Ok(Box::new(BufReader::with_capacity(
        1 << 16,
        Named {
            inner: file,
            name: source.to_owned(),
        },
    )))
}

/// Whether `e` is an error of a source (reading or opening it) rather than
/// of the output: a closed output pipe stops the command, a source that
/// cannot be read is reported and the next one read.
pub fn is_read_error(e: &io::Error) -> bool {
    e.kind() != io::ErrorKind::BrokenPipe
}

/// The text of a whole source (a document: HTML, header fields). Bytes
/// that are not UTF-8 are read as replacement characters (which no URI
/// contains).
pub fn read_text(source: &str) -> io::Result<String> {
    let mut bytes = Vec::new();
    open(source)?.read_to_end(&mut bytes)?;
    Ok(match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    })
}

/// Chunks of text are cut at line ends once they hold this many bytes.
const CHUNK_BYTES: usize = 1 << 20;

/// A chunk that finds no safe cut grows up to this many bytes, then is cut
/// at its last line end anyway.
const CHUNK_MAX_BYTES: usize = 16 * CHUNK_BYTES;

/// Calls `f(text, line)` on the text of `r` in chunks of about a megabyte,
/// `line` being the number (from 1) of the chunk's first line, so that
/// extraction runs in memory that does not grow with the input. A chunk
/// ends at a line end that no URI crosses: not after a line ending in a
/// hyphen (which the next line may continue), and not while a `<` is open.
/// Where none is found within 16 MiB the chunk is cut at its last line end
/// all the same. Bytes that are not UTF-8 are read as replacement
/// characters.
pub fn text_chunks(
    r: &mut dyn BufRead,
    mut f: impl FnMut(&str, usize) -> io::Result<()>,
) -> io::Result<()> {
    let mut buf: Vec<u8> = Vec::new();
    let mut line = 1;
    let mut eof = false;
    while !eof || !buf.is_empty() {
        let want = if buf.len() >= CHUNK_BYTES {
            buf.len() + CHUNK_BYTES
        } else {
            CHUNK_BYTES
        };
        while !eof && buf.len() < want {
            eof = r.read_until(b'\n', &mut buf)? == 0;
        }
        let cut = if eof {
            buf.len()
        } else {
            match safe_cut(&buf) {
                Some(cut) => cut,
                None if buf.len() < CHUNK_MAX_BYTES => continue,
                None => memchr::memrchr(b'\n', &buf).map_or(buf.len(), |i| i + 1),
            }
        };
        let text = String::from_utf8_lossy(&buf[..cut]);
        f(&text, line)?;
        line += memchr::memchr_iter(b'\n', &buf[..cut]).count();
        buf.drain(..cut);
    }
    Ok(())
}

/// The last line end of `buf` that a URI cannot cross (see
/// [`text_chunks`]), as the offset after its `\n`.
fn safe_cut(buf: &[u8]) -> Option<usize> {
    // Everything after the last '<' that has no '>' after it may be the
    // inside of `<...>`, broken across lines.
    let open = memchr::memrchr(b'<', buf).filter(|&lt| memchr::memchr(b'>', &buf[lt..]).is_none());
    let limit = open.unwrap_or(buf.len());
    memchr::memrchr_iter(b'\n', &buf[..limit]).find_map(|nl| {
        let before = buf[..nl]
            .iter()
            .rposition(|&c| !matches!(c, b' ' | b'\t' | b'\r'));
        let hyphen = before.is_some_and(|i| buf[i] == b'-');
        (!hyphen).then_some(nl + 1)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(batch: &Batch) -> Vec<&[u8]> {
        batch.lines().into_iter().map(Line::raw).collect()
    }

    #[test]
    fn batches_split_lines_and_strip_line_ends() {
        let mut r = BufReader::new(io::Cursor::new(b"a\r\nb\n\nc".to_vec()));
        let mut batch = Batch::default();
        assert_eq!(read_batch(&mut r, &mut batch, false).unwrap(), 7);
        assert_eq!(raw(&batch), [&b"a"[..], b"b", b"", b"c"]);
        assert_eq!(read_batch(&mut r, &mut batch, false).unwrap(), 0);
        assert!(batch.lines().is_empty());
        // A batch that is not UTF-8 gives bytes, and the error at the bad
        // byte of its line.
        let mut r = BufReader::new(io::Cursor::new(b"a\nb\xffc\n".to_vec()));
        read_batch(&mut r, &mut batch, false).unwrap();
        let lines = batch.lines();
        assert_eq!(lines[0].read(), (Cow::Borrowed("a"), None));
        let (text, bad) = lines[1].read();
        assert_eq!(text, "b\u{fffd}c");
        assert_eq!(
            bad.map(|e| (e.kind(), e.offset())),
            Some((ErrorKind::InvalidUtf8, 1))
        );
        // And the next batch, text again, gives text.
        let mut r = BufReader::new(io::Cursor::new("é\n".as_bytes().to_vec()));
        read_batch(&mut r, &mut batch, false).unwrap();
        assert_eq!(batch.lines()[0].read(), (Cow::Borrowed("é"), None));
    }

    /// Lines and their `\r\n` split across the reader's pieces, at every
    /// size of its buffer, come out as from one piece; a `\r` before
    /// `\r\n` stays in its line, and the empty line after it takes nothing
    /// from it.
    #[test]
    fn lines_across_pieces_of_every_size() {
        let text = b"ab\r\ncd\r\n\r\nef\n\nx\r\r\n\ny\r";
        let want: [&[u8]; 8] = [b"ab", b"cd", b"", b"ef", b"", b"x\r", b"", b"y\r"];
        for cap in 1..=text.len() + 1 {
            for eager in [false, true] {
                let mut r = BufReader::with_capacity(cap, io::Cursor::new(text.to_vec()));
                let mut batch = Batch::default();
                let (mut lines, mut bytes) = (Vec::new(), 0);
                loop {
                    let n = read_batch(&mut r, &mut batch, eager).unwrap();
                    if n == 0 {
                        break;
                    }
                    bytes += n;
                    lines.extend(raw(&batch).into_iter().map(<[u8]>::to_vec));
                }
                assert_eq!(lines, want, "{cap} {eager}");
                assert_eq!(bytes, text.len() as u64);
            }
        }
    }

    /// An eager batch ends where the reader has nothing read ahead: with
    /// a buffer of 4 bytes, `a\nb\n` fills it, and `c\n` needs another
    /// read, which would wait on a terminal.
    #[test]
    fn eager_batches_end_where_the_input_would_be_waited_for() {
        let mut r = BufReader::with_capacity(4, io::Cursor::new(b"a\nb\nc\nd\n".to_vec()));
        let mut batch = Batch::default();
        let mut sizes = Vec::new();
        while read_batch(&mut r, &mut batch, true).unwrap() > 0 {
            sizes.push(raw(&batch).len());
        }
        assert_eq!(sizes, [2, 2]);
        let mut r = BufReader::with_capacity(4, io::Cursor::new(b"a\nb\nc\nd\n".to_vec()));
        assert_eq!(read_batch(&mut r, &mut batch, false).unwrap(), 8);
    }

    /// A batch stops at its byte bound: long lines make small batches.
    #[test]
    fn batches_are_bounded_by_bytes() {
        let line = vec![b'x'; BATCH_BYTES / 4];
        let mut text = Vec::new();
        for _ in 0..10 {
            text.extend_from_slice(&line);
            text.push(b'\n');
        }
        let mut r = BufReader::new(io::Cursor::new(text));
        let mut batch = Batch::default();
        let mut sizes = Vec::new();
        while read_batch(&mut r, &mut batch, false).unwrap() > 0 {
            sizes.push(raw(&batch).len());
        }
        assert_eq!(sizes, [4, 4, 2]);
    }

    #[test]
    fn chunks_are_cut_where_no_uri_crosses() {
        assert_eq!(safe_cut(b"a\nb\n"), Some(4));
        assert_eq!(safe_cut(b"a\nhttp://x/long-\n"), Some(2));
        assert_eq!(safe_cut(b"a-  \r\n"), None);
        assert_eq!(safe_cut(b"a\n<http://x/\n"), Some(2));
        assert_eq!(safe_cut(b"<a>\n<b\n"), Some(4));
        // Every chunk's text and first line, on a text long enough for many.
        let mut text = String::new();
        for i in 0..200_000 {
            text.push_str(&format!(
                "line {i} http://h/{i}-\n  x <URL:http://a/\n b> y\n"
            ));
        }
        let mut r = io::Cursor::new(text.clone().into_bytes());
        let (mut joined, mut lines) = (String::new(), Vec::new());
        text_chunks(&mut r, |t, line| {
            joined.push_str(t);
            lines.push(line);
            Ok(())
        })
        .unwrap();
        assert_eq!(joined, text);
        assert!(lines.len() > 1, "{lines:?}");
        for &l in &lines {
            // Each chunk starts at the first line of a record of three.
            assert_eq!(l % 3, 1, "{lines:?}");
        }
    }
}
