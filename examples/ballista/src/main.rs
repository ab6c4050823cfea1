//! urikit's DataFusion functions on Ballista: a scheduler and two
//! executors started on this machine, each executor with urikit's
//! functions in its registry (a Ballista executor resolves a plan's
//! functions by name in its own registry), and a query whose stages run
//! on them, checked against the same query in a local DataFusion session.
//!
//! ```text
//! cd examples/ballista && cargo run --release
//! ```
//!
//! The data: the shared datasets' lines (`../shared/data/urls`, or the
//! directory `URIKIT_DATA` names), written as a CSV file the executors
//! read.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use ballista::prelude::*;
use ballista_core::serde::protobuf::scheduler_grpc_client::SchedulerGrpcClient;
use datafusion::error::{DataFusionError, Result};
use datafusion::execution::SessionStateBuilder;
use datafusion::prelude::{CsvReadOptions, SessionConfig, SessionContext};

const QUERY: &str = "SELECT uri_registrable_domain(u) AS domain, count(*) AS n, \
     count(uri_port_number(u)) AS ports \
     FROM t WHERE uri_is_valid(u) GROUP BY domain ORDER BY n DESC, domain LIMIT 10";

fn err(e: impl std::fmt::Display) -> DataFusionError {
    DataFusionError::Configuration(e.to_string())
}

/// The datasets' lines as a CSV file of one quoted column `u`.
fn data() -> Result<PathBuf> {
    let dir = std::env::var_os("URIKIT_DATA").map(PathBuf::from).unwrap_or_else(|| {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/urls")
    });
    let mut csv = String::from("u\n");
    for name in ["isaacs_files", "kasztp", "node_files", "userbait"] {
        let bytes = std::fs::read(dir.join(format!("{name}.txt"))).map_err(err)?;
        for line in String::from_utf8_lossy(&bytes).lines() {
            csv.push('"');
            csv.push_str(&line.replace('"', "\"\""));
            csv.push_str("\"\n");
        }
    }
    let path = std::env::temp_dir().join("urikit-ballista-urls.csv");
    std::fs::write(&path, csv).map_err(err)?;
    Ok(path)
}

#[tokio::main]
async fn main() -> Result<()> {
    let path = data()?;
    let udfs: Vec<_> = urikit_datafusion::udfs().into_iter().map(Arc::new).collect();
    let state = SessionStateBuilder::new()
        .with_config(SessionConfig::new_with_ballista().with_target_partitions(4))
        .with_default_features()
        .with_scalar_functions(udfs)
        .build();

    // The scheduler, then two executors of one task slot each, all with
    // the session's functions.
    let addr = ballista_scheduler::standalone::new_standalone_scheduler_from_state(&state)
        .await
        .map_err(err)?;
    let url = format!("http://localhost:{}", addr.port());
    let scheduler = loop {
        match SchedulerGrpcClient::connect(url.clone()).await {
            Ok(s) => break s,
            Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
        }
    };
    for _ in 0..2 {
        ballista_executor::new_standalone_executor_from_state(scheduler.clone(), 1, &state)
            .await
            .map_err(err)?;
    }

    let remote =
        SessionContext::remote_with_state(&format!("df://localhost:{}", addr.port()), state)
            .await?;
    // Ballista's client state keeps its own list of scalar functions in
    // place of the session's, so the client registers urikit's again for
    // planning (the scheduler and the executors have them from `state`).
    for f in urikit_datafusion::udfs() {
        remote.register_udf(f);
    }
    remote
        .register_csv("t", path.to_str().expect("a UTF-8 path"), CsvReadOptions::new())
        .await?;
    let distributed = remote.sql(QUERY).await?.collect().await?;

    let mut local_state = SessionContext::new().state();
    urikit_datafusion::register(&mut local_state)?;
    let local = SessionContext::new_with_state(local_state);
    local
        .register_csv("t", path.to_str().expect("a UTF-8 path"), CsvReadOptions::new())
        .await?;
    let expected = local.sql(QUERY).await?.collect().await?;

    let shown = datafusion::arrow::util::pretty::pretty_format_batches(&distributed)?.to_string();
    println!("{shown}");
    let want = datafusion::arrow::util::pretty::pretty_format_batches(&expected)?.to_string();
    if shown != want {
        return Err(err(format!("Ballista and DataFusion differ; DataFusion gave\n{want}")));
    }
    println!("Ballista (a scheduler, two executors) and a local DataFusion session agree.");
    Ok(())
}
