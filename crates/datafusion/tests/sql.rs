//! The functions in a DataFusion session, as a user runs them: SQL over
//! tables of every string type, every function of the table on every
//! line of the shared datasets (the same answers as the column crate
//! gives directly), literals and columns as arguments, NULL, `''`, a
//! value of a megabyte, and the errors a user meets.

use std::sync::Arc;

use arrow_array::{Array, ArrayRef, LargeStringArray, RecordBatch, StringArray, StringViewArray};
use arrow_schema::{DataType, Field, Schema};
use datafusion::prelude::SessionContext;
use urikit_columns::{call_array, Arg, Param, SPECS};

fn datasets() -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/urls");
    let mut lines = Vec::new();
    for name in ["isaacs_files", "kasztp", "node_files", "userbait"] {
        let t = std::fs::read_to_string(dir.join(format!("{name}.txt"))).expect("the datasets");
        // Every fifth line: each kind of line, quick in a debug build.
        lines.extend(t.lines().step_by(5).map(String::from));
    }
    lines
}

/// A session with the functions and a table `t(u)` of `rows` as `ty`.
async fn session(rows: &[Option<String>], ty: &DataType) -> SessionContext {
    let mut ctx = SessionContext::new();
    urikit_datafusion::register(&mut ctx).unwrap();
    let col: ArrayRef = match ty {
        DataType::Utf8 => Arc::new(StringArray::from(rows.to_vec())),
        DataType::LargeUtf8 => Arc::new(LargeStringArray::from(rows.to_vec())),
        _ => Arc::new(StringViewArray::from(rows.to_vec())),
    };
    let schema = Arc::new(Schema::new(vec![Field::new("u", ty.clone(), true)]));
    let batch = RecordBatch::try_new(schema, vec![col]).unwrap();
    ctx.register_batch("t", batch).unwrap();
    ctx
}

async fn column(ctx: &SessionContext, sql: &str) -> ArrayRef {
    let batches = ctx.sql(sql).await.unwrap().collect().await.unwrap();
    let arrays: Vec<ArrayRef> = batches.iter().map(|b| b.column(0).clone()).collect();
    let refs: Vec<&dyn Array> = arrays.iter().map(|a| a.as_ref()).collect();
    arrow::compute::concat(&refs).unwrap()
}

use datafusion::arrow;

/// Row `k` of a result of UTF-8 strings.
fn text(got: &ArrayRef, k: usize) -> &str {
    let strings = got.as_any().downcast_ref::<StringArray>();
    strings.expect("a column of UTF-8 strings").value(k)
}

/// A literal for each argument the contract requires, SQL and Arrow.
fn required(params: &[Param]) -> (String, Vec<Arg>) {
    let mut sql = String::new();
    let mut args = Vec::new();
    for p in params {
        let v = match p.name() {
            "component" => "path",
            "name" => "q",
            "pattern" => "utm_*",
            "profile" => "ia",
            _ => "http://example.com/a/b?c#d",
        };
        sql.push_str(&format!(", '{v}'"));
        args.push(Arg::Text(Some(v.into())));
    }
    (sql, args)
}

#[tokio::test(flavor = "current_thread")]
async fn every_function_on_the_datasets_in_every_string_type() {
    let mut rows: Vec<Option<String>> = datasets().into_iter().map(Some).collect();
    rows.extend([None, Some(String::new())]);
    let direct: ArrayRef = Arc::new(StringArray::from(rows.clone()));
    for ty in [DataType::Utf8, DataType::LargeUtf8, DataType::Utf8View] {
        let ctx = session(&rows, &ty).await;
        for s in SPECS {
            let (sql_args, args) = required(&s.params[..s.required]);
            let got = column(&ctx, &format!("SELECT {}(u{sql_args}) FROM t", s.name)).await;
            let want = call_array(s, &direct, &args).unwrap();
            assert_eq!(got.to_data(), want.to_data(), "{} over {ty}", s.name);
        }
    }
}

#[tokio::test(flavor = "current_thread")]
async fn arguments_literal_or_column_and_nulls() {
    let rows = vec![
        Some("http://Example.COM:80/a/./b?q=1&utm_source=x#f".to_owned()),
        Some("a:b".to_owned()),
        None,
        Some(String::new()),
        Some("http://\u{e9}x.example/".to_owned()),
    ];
    let ctx = session(&rows, &DataType::Utf8).await;
    let got = column(&ctx, "SELECT uri_host(u, 'rfc3987') FROM t").await;
    let hosts = got.as_any().downcast_ref::<StringArray>().unwrap();
    assert_eq!(hosts.value(0), "Example.COM");
    assert!(hosts.is_null(1) && hosts.is_null(2));
    assert_eq!(hosts.value(4), "\u{e9}x.example");
    // Under RFC 3986 the IRI's host is not valid.
    let got = column(&ctx, "SELECT uri_is_valid(u) FROM t").await;
    let valid = got
        .as_any()
        .downcast_ref::<arrow_array::BooleanArray>()
        .unwrap();
    assert!(
        valid.value(0) && valid.value(1) && valid.is_null(2) && valid.value(3) && !valid.value(4)
    );
    // A column of dialects, and a NULL dialect (RFC 3986).
    let got = column(
        &ctx,
        "SELECT uri_is_valid(u, CASE WHEN u LIKE '%\u{e9}%' THEN 'rfc3987' ELSE NULL END) FROM t",
    )
    .await;
    let valid = got
        .as_any()
        .downcast_ref::<arrow_array::BooleanArray>()
        .unwrap();
    assert!(valid.value(4) && valid.value(0));
    // Optional arguments of every kind.
    let got = column(&ctx, "SELECT uri_query_param(u, 'q') FROM t").await;
    assert_eq!(text(&got, 0), "1");
    let got = column(&ctx, "SELECT uri_resolve(u, 'http://h/x/y') FROM t").await;
    assert_eq!(text(&got, 1), "a:b");
    let got = column(&ctx, "SELECT uri_to_uri(u, true) FROM t").await;
    assert_eq!(text(&got, 4), "http://xn--x-9fa.example/");
    let got = column(&ctx, "SELECT uri_normalize(u) FROM t").await;
    assert_eq!(text(&got, 0), "http://example.com/a/b?q=1&utm_source=x#f");
    // All arguments literal: a scalar.
    let got = column(&ctx, "SELECT uri_scheme('HTTPS://h/') FROM t LIMIT 1").await;
    assert_eq!(text(&got, 0), "HTTPS");
    // NULL literals and an all-NULL column.
    let got = column(&ctx, "SELECT uri_host(NULL) FROM t").await;
    assert_eq!(got.null_count(), rows.len());
    let got = column(&ctx, "SELECT uri_host(CAST(NULL AS VARCHAR)) FROM t").await;
    assert_eq!(got.null_count(), rows.len());
}

#[tokio::test(flavor = "current_thread")]
async fn a_megabyte_value() {
    let big = format!("http://h/{}", "a".repeat(1 << 20));
    let ctx = session(&[Some(big.clone())], &DataType::Utf8).await;
    let got = column(&ctx, "SELECT length(uri_path(u)) FROM t").await;
    let n = got
        .as_any()
        .downcast_ref::<arrow_array::Int32Array>()
        .unwrap();
    assert_eq!(n.value(0) as usize, big.len() - 8);
}

#[tokio::test(flavor = "current_thread")]
async fn errors_name_the_function() {
    let ctx = session(&[Some("http://h/".to_owned())], &DataType::Utf8).await;
    // The wrong type: DataFusion's own planning error, naming the function.
    let e = ctx
        .sql("SELECT uri_host(1) FROM t")
        .await
        .unwrap_err()
        .to_string();
    assert!(e.contains("uri_host"), "{e}");
    // A dialect that does not exist.
    let e = ctx
        .sql("SELECT uri_host(u, 'nope') FROM t")
        .await
        .unwrap()
        .collect()
        .await
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("uri_host") && e.contains("unknown dialect \"nope\""),
        "{e}"
    );
    // A literal base that is not absolute.
    let e = ctx
        .sql("SELECT uri_resolve(u, '../c') FROM t")
        .await
        .unwrap()
        .collect()
        .await
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("uri_resolve") && e.contains("not an absolute URI"),
        "{e}"
    );
    // Too many arguments: planning.
    assert!(ctx
        .sql("SELECT uri_host(u, 'rfc3986', 'x') FROM t")
        .await
        .is_err());
}
