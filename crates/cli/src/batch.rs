//! Work on several threads with results in input order: items are split
//! into contiguous chunks, one per job, and the results come back in the
//! order of the chunks. A leaf: it knows nothing of URIs or of the input.

use std::num::NonZeroUsize;

/// The number of jobs for `--jobs N`: 0 means one per core, and more than
/// the cores is capped at the cores (more threads than cores only add
/// switching; `--jobs 20000` spent its time creating threads).
pub fn jobs(n: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, NonZeroUsize::get);
    if n == 0 {
        cores
    } else {
        n.min(cores)
    }
}

/// Runs `work(chunk, index_of_its_first_item)` on up to `jobs` contiguous
/// chunks of `items`, the first on this thread, and returns the results in
/// order. A thread that cannot be created (a process limit) costs
/// parallelism, not the answer: its chunk runs on this thread.
pub fn ordered<I: Sync, R: Send>(
    jobs: usize,
    items: &[I],
    work: impl Fn(&[I], usize) -> R + Sync,
) -> Vec<R> {
    ordered_with(std::thread::Builder::new, jobs, items, work)
}

/// [`ordered`], with threads made by `builder` (the tests make ones that
/// cannot start).
fn ordered_with<I: Sync, R: Send>(
    builder: fn() -> std::thread::Builder,
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
        // Each chunk after the first: its thread, or the chunk itself when
        // no thread could be made for it.
        let spawned: Vec<_> = chunks
            .map(|(i, c)| {
                builder()
                    .spawn_scoped(s, move || work(c, i * size))
                    .map_err(|_| (i, c))
            })
            .collect();
        let mut out = Vec::with_capacity(spawned.len() + 1);
        if let Some((_, c)) = first {
            out.push(work(c, 0));
        }
        for h in spawned {
            match h {
                Ok(h) => match h.join() {
                    Ok(r) => out.push(r),
                    Err(panic) => std::panic::resume_unwind(panic),
                },
                Err((i, c)) => out.push(work(c, i * size)),
            }
        }
        out
    })
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

    /// A thread that cannot be created (here: a stack no system gives)
    /// costs parallelism, not the answer (under a process limit, `uri check
    /// --jobs 1000` panicked with "failed to spawn thread").
    #[test]
    fn chunks_whose_thread_cannot_start_run_here() {
        let items: Vec<usize> = (0..100).collect();
        let impossible = || std::thread::Builder::new().stack_size(usize::MAX / 2);
        let parts = ordered_with(impossible, 4, &items, |c, _| c.to_vec());
        assert_eq!(parts.concat(), items);
    }

    #[test]
    fn jobs_are_capped_at_the_cores() {
        let cores = jobs(0);
        assert!(cores >= 1);
        assert_eq!(jobs(1), 1);
        assert_eq!(jobs(20_000), cores);
    }
}
