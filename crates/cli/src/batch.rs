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
    ordered_with(
        std::thread::Builder::new,
        jobs,
        items,
        Vec::new(),
        |c, i, ()| work(c, i),
    )
}

/// [`ordered`] for work that keeps a state from one call to the next (an
/// output buffer, so that its memory is not asked for and faulted in
/// again for every batch): `states[k]` is the `k`-th chunk's, in order,
/// made with `Default` where there is none yet, and left in `states`
/// afterwards for the caller to read (the chunks' results) and to pass
/// again. A thread that cannot be created loses its state; a new one is
/// made for its chunk.
pub fn ordered_in<I: Sync, S: Send + Default>(
    jobs: usize,
    items: &[I],
    states: &mut Vec<S>,
    work: impl Fn(&[I], usize, &mut S) + Sync,
) {
    let seeds = std::mem::take(states);
    *states = ordered_with(
        std::thread::Builder::new,
        jobs,
        items,
        seeds,
        |c, i, mut s| {
            work(c, i, &mut s);
            s
        },
    );
}

/// [`ordered`] and [`ordered_in`], with threads made by `builder` (the
/// tests make ones that cannot start): the `k`-th chunk's work takes
/// `seeds[k]`, or a new `S` where there is none.
fn ordered_with<I: Sync, S: Send + Default, R: Send>(
    builder: fn() -> std::thread::Builder,
    jobs: usize,
    items: &[I],
    seeds: Vec<S>,
    work: impl Fn(&[I], usize, S) -> R + Sync,
) -> Vec<R> {
    let mut seeds = seeds.into_iter();
    if jobs <= 1 || items.len() < 2 {
        return vec![work(items, 0, seeds.next().unwrap_or_default())];
    }
    let size = items.len().div_ceil(jobs);
    let work = &work;
    std::thread::scope(|s| {
        let mut chunks = items.chunks(size).enumerate();
        let first = chunks
            .next()
            .map(|(_, c)| (c, seeds.next().unwrap_or_default()));
        // Each chunk after the first: its thread, or the chunk itself when
        // no thread could be made for it (its seed went with the thread
        // that never started).
        let spawned: Vec<_> = chunks
            .map(|(i, c)| {
                let seed = seeds.next().unwrap_or_default();
                builder()
                    .spawn_scoped(s, move || work(c, i * size, seed))
                    .map_err(|_| (i, c))
            })
            .collect();
        let mut out = Vec::with_capacity(spawned.len() + 1);
        if let Some((c, seed)) = first {
            out.push(work(c, 0, seed));
        }
        for h in spawned {
            match h {
                Ok(h) => match h.join() {
                    Ok(r) => out.push(r),
                    Err(panic) => std::panic::resume_unwind(panic),
                },
                Err((i, c)) => out.push(work(c, i * size, S::default())),
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
        let parts = ordered_with(impossible, 4, &items, Vec::new(), |c, _, ()| c.to_vec());
        assert_eq!(parts.concat(), items);
    }

    /// Each chunk finds the state the chunk in its place left, in order,
    /// from one call to the next; more chunks than states get new ones.
    #[test]
    fn states_stay_with_their_chunks() {
        let items: Vec<usize> = (0..10).collect();
        let mut states: Vec<Vec<usize>> = Vec::new();
        for round in 0..3 {
            ordered_in(2, &items, &mut states, |c, start, s| {
                assert_eq!(s.len(), round * c.len(), "chunk at {start}");
                s.extend_from_slice(c);
            });
        }
        let parts: Vec<usize> = states.iter().map(Vec::len).collect();
        assert_eq!(parts, [15, 15]);
        assert_eq!(states[0][..5], items[..5]);
        assert_eq!(states[1][10..], items[5..]);
    }

    #[test]
    fn jobs_are_capped_at_the_cores() {
        let cores = jobs(0);
        assert!(cores >= 1);
        assert_eq!(jobs(1), 1);
        assert_eq!(jobs(20_000), cores);
    }
}
