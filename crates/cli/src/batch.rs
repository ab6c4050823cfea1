//! Work on several threads with results in input order: items are split
//! into contiguous chunks, a few per job, and the results come back in
//! the order of the chunks. The threads are made once for the run (a
//! rayon pool). A leaf: it knows nothing of URIs or of the input.

use std::num::NonZeroUsize;
use std::sync::OnceLock;

use rayon::prelude::*;

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

/// Chunks per job: a job slowed by another thread on its core (the
/// reader of the input) leaves the chunks it has not begun to the others.
const CHUNKS_PER_JOB: usize = 4;

/// The threads of the run: `jobs` of them, made at the first batch and
/// kept (a thread made for each batch took 0.3 ms to start on a virtual
/// machine, and the job it ran took twice as long as the same work on
/// the thread that made it). `None` when they cannot be made (a process
/// limit): the work then runs on this thread. A process runs one command,
/// so the first number of jobs asked for is the pool's.
fn pool(jobs: usize) -> Option<&'static rayon::ThreadPool> {
    static POOL: OnceLock<Option<rayon::ThreadPool>> = OnceLock::new();
    POOL.get_or_init(|| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(jobs)
            .thread_name(|i| format!("uri-job-{i}"))
            .build()
            .ok()
    })
    .as_ref()
}

/// Runs `work(chunk, index_of_its_first_item)` on contiguous chunks of
/// `items` on up to `jobs` threads, and returns the results in order.
/// Threads that cannot be made cost parallelism, not the answer.
pub fn ordered<I: Sync, R: Send>(
    jobs: usize,
    items: &[I],
    work: impl Fn(&[I], usize) -> R + Sync,
) -> Vec<R> {
    let pool = if jobs > 1 { pool(jobs) } else { None };
    ordered_with(pool, jobs, items, Vec::new(), |c, i, ()| work(c, i)).0
}

/// [`ordered`] for work that keeps a state from one call to the next (an
/// output buffer, so that its memory is not asked for and faulted in
/// again for every batch): `states[k]` is the `k`-th chunk's, in order,
/// made with `Default` where there is none yet, and left in `states`
/// afterwards for the caller to read (the chunks' results) and to pass
/// again. States beyond the chunks of a small batch are kept, after the
/// chunks' own, as they were.
pub fn ordered_in<I: Sync, S: Send + Default>(
    jobs: usize,
    items: &[I],
    states: &mut Vec<S>,
    work: impl Fn(&[I], usize, &mut S) + Sync,
) {
    let pool = if jobs > 1 { pool(jobs) } else { None };
    let seeds = std::mem::take(states);
    let (done, spare) = ordered_with(pool, jobs, items, seeds, |c, i, mut s| {
        work(c, i, &mut s);
        s
    });
    *states = done;
    states.extend(spare);
}

/// [`ordered`] and [`ordered_in`] on `pool` (on this thread where there
/// is none): the `k`-th chunk's work takes `seeds[k]`, or a new `S` where
/// there is none; the seeds beyond the chunks come back unused.
fn ordered_with<I: Sync, S: Send + Default, R: Send>(
    pool: Option<&rayon::ThreadPool>,
    jobs: usize,
    items: &[I],
    mut seeds: Vec<S>,
    work: impl Fn(&[I], usize, S) -> R + Sync,
) -> (Vec<R>, Vec<S>) {
    let size = if jobs <= 1 || items.len() < 2 {
        items.len().max(1)
    } else {
        items.len().div_ceil(jobs * CHUNKS_PER_JOB)
    };
    let chunks = items.len().div_ceil(size).max(1);
    let spare = if seeds.len() > chunks {
        seeds.split_off(chunks)
    } else {
        seeds.resize_with(chunks, S::default);
        Vec::new()
    };
    // An empty `items` is one empty chunk, as it is for one job.
    let parts = items
        .chunks(size)
        .chain((items.is_empty()).then_some(items));
    let tasks: Vec<_> = parts.zip(seeds).enumerate().collect();
    let done = match pool {
        Some(pool) if tasks.len() > 1 => pool.install(|| {
            tasks
                .into_par_iter()
                .map(|(k, (c, s))| work(c, k * size, s))
                .collect()
        }),
        _ => tasks
            .into_iter()
            .map(|(k, (c, s))| work(c, k * size, s))
            .collect(),
    };
    (done, spare)
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

    /// Threads that cannot be created (here: a stack no system gives)
    /// cost parallelism, not the answer (under a process limit, `uri check
    /// --jobs 1000` panicked with "failed to spawn thread").
    #[test]
    fn chunks_whose_threads_cannot_start_run_here() {
        let items: Vec<usize> = (0..100).collect();
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(4)
            .stack_size(usize::MAX / 2)
            .build();
        assert!(pool.is_err());
        let (parts, _) = ordered_with(pool.ok().as_ref(), 4, &items, Vec::new(), |c, i, ()| {
            assert_eq!(c[0], i);
            c.to_vec()
        });
        assert!(parts.len() > 1);
        assert_eq!(parts.concat(), items);
    }

    /// No items are one empty chunk, whatever the jobs.
    #[test]
    fn no_items_are_one_empty_chunk() {
        for jobs in [1, 2] {
            let parts = ordered(jobs, &[] as &[u8], |c, i| (c.len(), i));
            assert_eq!(parts, [(0, 0)]);
        }
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
        // Ten items in chunks of two, each seen three times.
        let parts: Vec<usize> = states.iter().map(Vec::len).collect();
        assert_eq!(parts, [6; 5]);
        assert_eq!(states[0][4..], items[..2]);
        assert_eq!(states[4][4..], items[8..]);
        // A smaller batch (three chunks of one) leaves the states it has no
        // chunk for as they were.
        ordered_in(2, &items[..3], &mut states, |c, _, s| {
            s.extend_from_slice(c)
        });
        let parts: Vec<usize> = states.iter().map(Vec::len).collect();
        assert_eq!(parts, [7, 7, 7, 6, 6]);
    }

    #[test]
    fn jobs_are_capped_at_the_cores() {
        let cores = jobs(0);
        assert!(cores >= 1);
        assert_eq!(jobs(1), 1);
        assert_eq!(jobs(20_000), cores);
    }
}
