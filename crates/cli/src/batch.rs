//! Work on several cores with output in input order: a batch of inputs is
//! split into contiguous chunks, one per job, and the results come back in
//! the order of the chunks.

use std::io::{self, BufRead};
use std::num::NonZeroUsize;

use crate::input;

/// How many lines one batch holds: enough to keep the jobs busy, few enough
/// that memory stays flat however long the input is.
pub const BATCH_LINES: usize = 1 << 14;

/// The number of jobs for `--jobs N`; 0 means every core.
pub fn jobs(n: usize) -> usize {
    if n == 0 {
        std::thread::available_parallelism().map_or(1, NonZeroUsize::get)
    } else {
        n
    }
}

/// Runs `work(chunk, index_of_its_first_item)` on `jobs` contiguous chunks
/// of `items`, the first on this thread, and returns the results in order.
pub fn ordered<I: Sync, R: Send>(
    jobs: usize,
    items: &[I],
    work: impl Fn(&[I], usize) -> R + Sync,
) -> Vec<R> {
    if jobs <= 1 || items.len() < 2 {
        return vec![work(items, 0)];
    }
    let size = items.len().div_ceil(jobs);
    let work = &work;
    std::thread::scope(|s| {
        let mut chunks = items.chunks(size).enumerate();
        let first = chunks.next();
        let handles: Vec<_> = chunks
            .map(|(i, c)| s.spawn(move || work(c, i * size)))
            .collect();
        let mut out = Vec::with_capacity(handles.len() + 1);
        if let Some((_, c)) = first {
            out.push(work(c, 0));
        }
        for h in handles {
            match h.join() {
                Ok(r) => out.push(r),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        out
    })
}

/// Reads up to [`BATCH_LINES`] lines (without `\n` or `\r\n`) into `batch`,
/// reusing its buffers; returns how many bytes were read (0 at the end).
pub fn read_batch(r: &mut impl BufRead, batch: &mut Vec<Vec<u8>>) -> io::Result<u64> {
    let mut bytes = 0;
    let mut n = 0;
    while n < BATCH_LINES {
        if batch.len() == n {
            batch.push(Vec::new());
        }
        let got = input::read_line(r, &mut batch[n])?;
        if got == 0 {
            break;
        }
        bytes += got as u64;
        n += 1;
    }
    batch.truncate(n);
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_back_in_input_order() {
        let items: Vec<usize> = (0..1000).collect();
        for jobs in [1, 2, 3, 7] {
            let parts = ordered(jobs, &items, |c, start| {
                assert_eq!(c[0], start);
                c.to_vec()
            });
            assert_eq!(parts.concat(), items);
        }
    }

    #[test]
    fn batches_split_lines_and_strip_line_ends() {
        let mut r = io::Cursor::new(b"a\r\nb\n\nc".to_vec());
        let mut batch = Vec::new();
        assert_eq!(read_batch(&mut r, &mut batch).unwrap(), 7);
        assert_eq!(
            batch,
            [b"a".to_vec(), b"b".to_vec(), b"".to_vec(), b"c".to_vec()]
        );
        assert_eq!(read_batch(&mut r, &mut batch).unwrap(), 0);
        assert!(batch.is_empty());
    }
}
