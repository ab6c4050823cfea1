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

/// At most this many lines in one batch: enough to keep the jobs busy, and
/// more than a batch's bytes hold of URLs of usual length (about 57 bytes
/// in the datasets), so that the line bound does not cut a read short and
/// carry much of it to the next batch.
pub const BATCH_LINES: usize = 1 << 15;

/// A batch stops growing at this many bytes (a single longer line makes a
/// batch of its own).
pub const BATCH_BYTES: usize = 1 << 20;

/// Whether a buffer of `capacity` bytes, grown for a line far longer than
/// a batch, is to be given back to the system rather than kept for the
/// rest of the run.
pub fn oversized(capacity: usize) -> bool {
    capacity > 4 * BATCH_BYTES
}

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

/// Where a line lies in its batch's buffer, without its line break.
pub type Span = (usize, usize);

impl Batch {
    /// The inputs given as arguments, as a batch of lines (an argument
    /// may hold a line break: it is one input all the same).
    pub fn of_args(args: &[String]) -> Batch {
        let mut batch = Batch::default();
        for a in args {
            let start = batch.text.len();
            batch.text.push_str(a);
            batch.spans.push((start, batch.text.len()));
        }
        batch
    }

    /// Where the lines lie, in order: the items to share out among jobs,
    /// each read with [`Batch::line`].
    pub fn spans(&self) -> &[Span] {
        &self.spans
    }

    /// The line at `span`, one of [`Batch::spans`].
    pub fn line(&self, (s, e): Span) -> Line<'_> {
        if self.buf.is_empty() {
            // Lines end at ASCII bytes, so every span is on characters.
            Line::text(&self.text[s..e])
        } else {
            Line::bytes(&self.buf[s..e])
        }
    }

    /// The lines, in order.
    pub fn lines(&self) -> impl Iterator<Item = Line<'_>> {
        self.spans.iter().map(|&span| self.line(span))
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
        if oversized(self.buf.capacity()) {
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

/// Bytes asked of the source in one read (a batch takes several).
const READ_BYTES: usize = 1 << 16;

/// A source of lines, read straight into the batches: a batch's buffer is
/// where the system writes the input, and only the end of a line that a
/// batch cut off is copied, into the next (reading through a buffered
/// reader copied every byte once more: a fifth of the reader's time).
pub struct Lines {
    r: Box<dyn Read + Send>,
    /// The bytes read after the last batch's last line: the next one's
    /// first.
    carry: Vec<u8>,
    eof: bool,
}

impl Lines {
    /// The lines of `r`.
    pub fn new(r: Box<dyn Read + Send>) -> Lines {
        Lines {
            r,
            carry: Vec::new(),
            eof: false,
        }
    }

    /// Reads the next batch of lines into `batch` (its buffers reused, and
    /// given back to the system after a line far longer than a batch);
    /// returns how many bytes were read, 0 at the end of the input (a
    /// batch may then still hold the last lines, read before). With
    /// `eager` (a terminal or a pipe, where lines may come one at a time,
    /// as from `tail -f`), the batch also ends after a read that ended a
    /// line, so that every line read gets its answer before the command
    /// waits for the next; a file's batches stay full.
    pub fn read_batch(&mut self, batch: &mut Batch, eager: bool) -> io::Result<u64> {
        batch.clear();
        let buf = &mut batch.buf;
        buf.extend_from_slice(&self.carry);
        self.carry.clear();
        let mut bytes = 0u64;
        // Where the line begins whose end is not found yet, and how far
        // line ends have been looked for.
        let (mut start, mut scanned) = (0, 0);
        // Whether the last read filled all the room it was given: more
        // input is then likely waiting, and reading on will not wait.
        let mut full_read = false;
        let cut = loop {
            for nl in memchr::memchr_iter(b'\n', &buf[scanned..]) {
                let nl = scanned + nl;
                let end = if nl > start && buf[nl - 1] == b'\r' {
                    nl - 1
                } else {
                    nl
                };
                batch.spans.push((start, end));
                start = nl + 1;
                if batch.spans.len() == BATCH_LINES {
                    break;
                }
            }
            scanned = buf.len();
            let lines = !batch.spans.is_empty();
            // Full when its buffer is: the unfinished line goes to the next.
            // Eager, it also ends after a read that took what was there (a
            // terminal's line, `tail -f`'s); after one that filled its room
            // (a pipe from a faster writer) it reads on, so that a pipe's
            // batches are as large as a file's.
            let waits = eager && !full_read;
            if batch.spans.len() == BATCH_LINES || lines && (waits || buf.len() >= BATCH_BYTES) {
                break start;
            }
            if self.eof {
                // The input ends, and with it a line without a line break.
                if start < buf.len() {
                    batch.spans.push((start, buf.len()));
                }
                break buf.len();
            }
            // Read into the buffer's end: zeroed first (safe code reads
            // only into initialized memory), a read's worth at a time.
            let room = if buf.len() < BATCH_BYTES {
                (BATCH_BYTES - buf.len()).min(if eager { READ_BYTES } else { BATCH_BYTES })
            } else {
                READ_BYTES
            };
            let at = buf.len();
            buf.resize(at + room, 0);
            let n = loop {
                match self.r.read(&mut buf[at..]) {
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    read => break read,
                }
            };
            let n = n.inspect_err(|_| buf.truncate(at))?;
            buf.truncate(at + n);
            bytes += n as u64;
            self.eof = n == 0;
            full_read = n == room;
        };
        self.carry.extend_from_slice(&buf[cut..]);
        buf.truncate(cut);
        batch.settle();
        Ok(bytes)
    }
}

/// Calls `f` on each batch of inputs: the positional arguments as one
/// batch, or else standard input's lines (see [`read_batches`]).
pub fn batches(args: Vec<String>, mut f: impl FnMut(&Batch) -> io::Result<()>) -> io::Result<()> {
    if !args.is_empty() {
        return f(&Batch::of_args(&args));
    }
    read_batches(open_raw("-")?, may_wait("-"), |batch, _| f(batch))
}

/// Whether reading `source` may wait for input still to come, so that
/// its batches are read eagerly (see [`Lines::read_batch`]): standard
/// input, unless it is a regular file (`uri check < file`), whose batches
/// stay full.
pub fn may_wait(source: &str) -> bool {
    if source != "-" {
        return false;
    }
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        let file = io::stdin().as_fd().try_clone_to_owned().map(File::from);
        if file.and_then(|f| f.metadata()).is_ok_and(|m| m.is_file()) {
            return false;
        }
    }
    true
}

/// Calls `f(batch, bytes_read)` on each batch of `r`'s lines (read as
/// [`Lines::read_batch`] reads them, `eager` or not), in order, while a
/// thread of its own reads the next: reading took a fifth of the time of
/// `uri check` and of the commands beside it, and the jobs waited for it.
/// At most three batches are in memory: the one `f` has, one read ahead,
/// and one being read. An error of the source comes after the batches
/// before it; an error of `f` ends the reading. Where no thread can be
/// made, the batches are read in turn on this one.
pub fn read_batches(
    r: Box<dyn Read + Send>,
    eager: bool,
    mut f: impl FnMut(&Batch, u64) -> io::Result<()>,
) -> io::Result<()> {
    use std::sync::mpsc;
    let mut lines = Lines::new(r);
    // Read batches, and the ones `f` is done with, to be read into again.
    let (full_tx, full) = mpsc::sync_channel::<io::Result<(Batch, u64)>>(1);
    let (done, free) = mpsc::channel::<Batch>();
    // The source goes to the thread once it runs, so that it is still here
    // when none can be made.
    let (source_tx, source) = mpsc::channel::<Lines>();
    let reader = std::thread::Builder::new()
        .name("uri-reader".into())
        .spawn(move || {
            let Ok(mut lines) = source.recv() else { return };
            loop {
                let mut batch = free.try_recv().unwrap_or_default();
                match lines.read_batch(&mut batch, eager) {
                    Ok(_) if batch.spans.is_empty() => return,
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
            let bytes = lines.read_batch(&mut batch, eager)?;
            if batch.spans.is_empty() {
                return Ok(());
            }
            f(&batch, bytes)?;
        }
    };
    // The thread waits for its source, so this cannot fail.
    let _ = source_tx.send(lines);
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
pub fn open(source: &str) -> io::Result<Box<dyn BufRead + Send>> {
    Ok(Box::new(BufReader::with_capacity(
        READ_BYTES,
        open_raw(source)?,
    )))
}

/// [`open`], unbuffered: for [`Lines`], which reads into its batches.
pub fn open_raw(source: &str) -> io::Result<Box<dyn Read + Send>> {
    if source == "-" {
        return Ok(Box::new(Named {
            inner: io::stdin(),
            name: name(source).to_owned(),
        }));
    }
    let file =
        File::open(source).map_err(|e| io::Error::new(e.kind(), format!("{source}: {e}")))?;
    Ok(Box::new(Named {
        inner: file,
        name: source.to_owned(),
    }))
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

/// [`text_chunks`] of a source that may wait for input still to come
/// (`tail -f log | uri extract`): its text as it comes, each read that
/// ends short (a terminal's line, a pipe's write) answered at once, but
/// for what a URI may still cross (a line ending in a hyphen, an open
/// `<`), which waits for the lines after it.
pub fn text_stream(
    r: Box<dyn Read + Send>,
    eager: bool,
    mut f: impl FnMut(&str, usize) -> io::Result<()>,
) -> io::Result<()> {
    if !eager {
        return text_chunks(&mut BufReader::with_capacity(READ_BYTES, r), f);
    }
    let mut pending: Vec<u8> = Vec::new();
    let mut line = 1;
    let mut emit = |pending: &mut Vec<u8>, cut: usize, line: &mut usize| -> io::Result<()> {
        if cut == 0 {
            return Ok(());
        }
        let text = String::from_utf8_lossy(&pending[..cut]);
        f(&text, *line)?;
        *line += memchr::memchr_iter(b'\n', &pending[..cut]).count();
        pending.drain(..cut);
        Ok(())
    };
    read_batches(r, true, |batch, _| {
        for l in batch.lines() {
            pending.extend_from_slice(l.raw());
            pending.push(b'\n');
        }
        let cut = match safe_cut(&pending) {
            Some(cut) => cut,
            None if pending.len() < CHUNK_MAX_BYTES => 0,
            None => memchr::memrchr(b'\n', &pending).map_or(pending.len(), |i| i + 1),
        };
        emit(&mut pending, cut, &mut line)
    })?;
    let all = pending.len();
    emit(&mut pending, all, &mut line)
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
        batch.lines().map(Line::raw).collect()
    }

    /// A source that gives at most `piece` bytes a read, as a pipe or a
    /// terminal gives what has come.
    struct Pieces {
        text: Vec<u8>,
        at: usize,
        piece: usize,
    }

    impl Read for Pieces {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = buf.len().min(self.piece).min(self.text.len() - self.at);
            buf[..n].copy_from_slice(&self.text[self.at..self.at + n]);
            self.at += n;
            Ok(n)
        }
    }

    /// Every batch of `text` read `piece` bytes at a time, as lines, and
    /// the bytes read.
    fn batches_of(text: &[u8], piece: usize, eager: bool) -> (Vec<Vec<Vec<u8>>>, u64) {
        let r = Pieces {
            text: text.to_vec(),
            at: 0,
            piece,
        };
        let mut lines = Lines::new(Box::new(r));
        let mut batch = Batch::default();
        let (mut all, mut bytes) = (Vec::new(), 0);
        loop {
            bytes += lines.read_batch(&mut batch, eager).unwrap();
            if batch.spans.is_empty() {
                return (all, bytes);
            }
            all.push(raw(&batch).into_iter().map(<[u8]>::to_vec).collect());
        }
    }

    #[test]
    fn batches_split_lines_and_strip_line_ends() {
        let (batches, bytes) = batches_of(b"a\r\nb\n\nc", 100, false);
        assert_eq!(batches, [[&b"a"[..], b"b", b"", b"c"]]);
        assert_eq!(bytes, 7);
        // A batch that is not UTF-8 gives bytes, and the error at the bad
        // byte of its line.
        let mut lines = Lines::new(Box::new(io::Cursor::new(b"a\nb\xffc\n".to_vec())));
        let mut batch = Batch::default();
        lines.read_batch(&mut batch, false).unwrap();
        let got: Vec<Line<'_>> = batch.lines().collect();
        assert_eq!(got[0].read(), (Cow::Borrowed("a"), None));
        let (text, bad) = got[1].read();
        assert_eq!(text, "b\u{fffd}c");
        assert_eq!(
            bad.map(|e| (e.kind(), e.offset())),
            Some((ErrorKind::InvalidUtf8, 1))
        );
        // And the next batch, text again, gives text.
        let mut lines = Lines::new(Box::new(io::Cursor::new("é\n".as_bytes().to_vec())));
        lines.read_batch(&mut batch, false).unwrap();
        assert_eq!(
            batch.line(batch.spans()[0]).read(),
            (Cow::Borrowed("é"), None)
        );
    }

    /// Lines and their `\r\n` split across the reads, at every size of a
    /// read, come out as from one read; a `\r` before `\r\n` stays in its
    /// line, and the empty line after it takes nothing from it.
    #[test]
    fn lines_across_pieces_of_every_size() {
        let text = b"ab\r\ncd\r\n\r\nef\n\nx\r\r\n\ny\r";
        let want: [&[u8]; 8] = [b"ab", b"cd", b"", b"ef", b"", b"x\r", b"", b"y\r"];
        for piece in 1..=text.len() + 1 {
            for eager in [false, true] {
                let (batches, bytes) = batches_of(text, piece, eager);
                assert_eq!(batches.concat(), want, "{piece} {eager}");
                assert_eq!(bytes, text.len() as u64);
            }
        }
    }

    /// An eager batch ends after a read that ended a line: with reads of
    /// 4 bytes, `a\nb\n` comes in one, and `c\n` needs another, which
    /// would wait on a terminal. Not eager, the batch is the whole input.
    #[test]
    fn eager_batches_end_where_the_input_would_be_waited_for() {
        let sizes = |eager| {
            let (batches, _) = batches_of(b"a\nb\nc\nd\n", 4, eager);
            batches.iter().map(Vec::len).collect::<Vec<_>>()
        };
        assert_eq!(sizes(true), [2, 2]);
        assert_eq!(sizes(false), [4]);
        // A line longer than a read waits for its end.
        let (batches, _) = batches_of(b"abcdefgh\nij\n", 3, true);
        assert_eq!(batches, [vec![b"abcdefgh".to_vec()], vec![b"ij".to_vec()]]);
        // Reads that fill their room (a pipe from a faster writer) go on
        // into one batch; reads a byte shorter end a batch each (three
        // reads take the text).
        let text = b"http://a/\n".repeat(3 * READ_BYTES / 10);
        let lines = text.len() / 10;
        let (batches, _) = batches_of(&text, usize::MAX, true);
        assert_eq!(batches.iter().map(Vec::len).collect::<Vec<_>>(), [lines]);
        let (batches, _) = batches_of(&text, READ_BYTES - 1, true);
        assert_eq!(batches.len(), 3);
        assert_eq!(batches.concat().len(), lines);
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
        // Lines a byte longer than a quarter of a batch: three fit whole,
        // and the fourth goes to the next batch.
        let (batches, _) = batches_of(&text, usize::MAX, false);
        let sizes: Vec<usize> = batches.iter().map(Vec::len).collect();
        assert_eq!(sizes, [3, 3, 3, 1]);
        // A line longer than a batch makes a batch of its own.
        let long = vec![b'y'; 3 * BATCH_BYTES];
        let text = [&b"a\n"[..], &long, b"\nb"].concat();
        let (batches, bytes) = batches_of(&text, usize::MAX, false);
        let lens: Vec<Vec<usize>> = batches
            .iter()
            .map(|b| b.iter().map(Vec::len).collect())
            .collect();
        assert_eq!(lens, [vec![1], vec![long.len()], vec![1]]);
        assert!(batches[2][0] == b"b" && batches[1][0] == long);
        assert_eq!(bytes, text.len() as u64);
    }

    /// Batches are bounded by lines too, the rest carried to the next.
    #[test]
    fn batches_are_bounded_by_lines() {
        let text = vec![b'\n'; BATCH_LINES * 2 + 3];
        let (batches, _) = batches_of(&text, usize::MAX, false);
        let sizes: Vec<usize> = batches.iter().map(Vec::len).collect();
        assert_eq!(sizes, [BATCH_LINES, BATCH_LINES, 3]);
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
