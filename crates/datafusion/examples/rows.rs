//! CPU and wall time per row of urikit's functions in DataFusion, above
//! the engine's own scan of the column, on 10 million rows of the shared
//! datasets held in memory (issue: native kernels):
//!
//! `cargo run --release -p urikit-datafusion --example rows [ROWS]`
//!
//! Each query runs three times; the best is reported, with CPU time (the
//! process's user and system time, so both cores count) beside wall time.

use std::sync::Arc;
use std::time::Instant;

use arrow_array::{ArrayRef, RecordBatch, StringArray};
use arrow_schema::{DataType, Field, Schema};
use datafusion::prelude::{SessionConfig, SessionContext};

fn cpu_seconds() -> f64 {
    // utime and stime of /proc/self/stat, in clock ticks (100 a second).
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after = stat.rsplit(')').next().unwrap_or("");
    let f: Vec<&str> = after.split_whitespace().collect();
    let t = |k: usize| f.get(k).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    (t(11) + t(12)) / 100.0
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let rows: usize = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(10_000_000);
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/urls");
    let mut lines = Vec::new();
    for name in ["isaacs_files", "kasztp", "node_files", "userbait"] {
        let t = std::fs::read_to_string(dir.join(format!("{name}.txt"))).expect("the datasets");
        lines.extend(t.lines().map(String::from));
    }
    let schema = Arc::new(Schema::new(vec![Field::new("u", DataType::Utf8, true)]));
    // Batches of 8,192 rows (DataFusion's default), cycling the lines.
    let mut batches = Vec::new();
    let mut k = 0;
    while k < rows {
        let n = 8192.min(rows - k);
        let col: ArrayRef = Arc::new(StringArray::from_iter_values(
            (k..k + n).map(|i| lines[i % lines.len()].as_str()),
        ));
        batches.push(RecordBatch::try_new(schema.clone(), vec![col]).unwrap());
        k += n;
    }
    for threads in [1usize, 2] {
        let config = SessionConfig::new().with_target_partitions(threads);
        let mut ctx = SessionContext::new_with_config(config);
        urikit_datafusion::register(&mut ctx).unwrap();
        let parts = threads.max(1);
        let per = batches.len().div_ceil(parts);
        let partitions: Vec<Vec<RecordBatch>> = batches.chunks(per).map(|c| c.to_vec()).collect();
        let table = datafusion::datasource::MemTable::try_new(schema.clone(), partitions).unwrap();
        ctx.register_table("t", Arc::new(table)).unwrap();
        let mut scan = (0.0, 0.0);
        println!("threads {threads}, {rows} rows: ns per row (CPU, wall), and above the scan");
        for (name, expr) in [
            ("scan", "sum(length(u))"),
            ("uri_host", "sum(length(uri_host(u)))"),
            ("uri_is_valid", "sum(CAST(uri_is_valid(u) AS INT))"),
            (
                "uri_registrable_domain",
                "sum(length(uri_registrable_domain(u)))",
            ),
        ] {
            let sql = format!("SELECT {expr} FROM t");
            let mut best = (f64::MAX, f64::MAX);
            for _ in 0..3 {
                let (c0, w0) = (cpu_seconds(), Instant::now());
                let out = ctx.sql(&sql).await.unwrap().collect().await.unwrap();
                std::hint::black_box(out);
                let (c, w) = (cpu_seconds() - c0, w0.elapsed().as_secs_f64());
                if w < best.1 {
                    best = (c, w);
                }
            }
            let per = |s: f64| s * 1e9 / rows as f64;
            if name == "scan" {
                scan = best;
            }
            println!(
                "  {name:<24} cpu {:>6.1} wall {:>6.1} | above scan: cpu {:>6.1} wall {:>6.1}",
                per(best.0),
                per(best.1),
                per(best.0 - scan.0),
                per(best.1 - scan.1)
            );
        }
    }
}
