//! Runs the built `uri` binary against the cases in testdata/cli/ (format
//! at the top of each file), printing a readable diff for each failure.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::Value;

/// The records of every `.jsonl` file in `testdata/<dir>`, each with its
/// `file:line`; empty lines and `#` comments are skipped.
fn records(dir: &str) -> Vec<(String, Value)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata")
        .join(dir);
    let mut out = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    for f in files
        .iter()
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
    {
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        for (n, line) in std::fs::read_to_string(f).unwrap().lines().enumerate() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let v = serde_json::from_str(line).unwrap_or_else(|e| panic!("{name}:{}: {e}", n + 1));
            out.push((format!("{name}:{}", n + 1), v));
        }
    }
    out
}

fn hex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn run(args: &[String], stdin: &[u8]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_uri"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Written from another thread: a command that answers while it reads
    // would otherwise fill its output pipe and wait for us forever.
    let mut pipe = child.stdin.take().unwrap();
    let input = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

fn check(case: &Value) -> Result<(), String> {
    let args: Vec<String> = serde_json::from_value(case["args"].clone()).unwrap();
    let stdin = match (case.get("stdin"), case.get("stdin_hex")) {
        (Some(s), _) => s.as_str().unwrap().as_bytes().to_vec(),
        (_, Some(h)) => hex(h.as_str().unwrap()),
        _ => Vec::new(),
    };
    let r = run(&args, &stdin);
    let want_exit = case["exit"].as_i64().unwrap() as i32;
    if r.code != want_exit {
        return Err(format!(
            "exit {} (expected {want_exit})\nstdout:\n{}\nstderr:\n{}",
            r.code, r.stdout, r.stderr
        ));
    }
    let lines = || -> Result<Vec<Value>, String> {
        r.stdout
            .lines()
            .map(|l| {
                serde_json::from_str(l).map_err(|e| format!("stdout line is not JSON ({e}): {l}"))
            })
            .collect()
    };
    if let Some(Value::Array(want)) = case.get("json") {
        let got = lines()?;
        if got.len() != want.len() {
            return Err(format!(
                "{} JSON lines, expected {}:\n{}",
                got.len(),
                want.len(),
                r.stdout
            ));
        }
        for (i, (g, w)) in got.iter().zip(want).enumerate() {
            if g != w {
                return Err(format!("line {}:\n  got      {g}\n  expected {w}", i + 1));
            }
        }
    }
    if let Some(Value::Array(want)) = case.get("json_errors") {
        let got = lines()?;
        if got.len() != want.len() {
            return Err(format!("{} JSON lines, expected {}", got.len(), want.len()));
        }
        for (i, (g, w)) in got.iter().zip(want).enumerate() {
            let e = &g["error"];
            let got_pair = if e.is_null() {
                Value::Null
            } else {
                serde_json::json!([e["code"], e["offset"]])
            };
            if got_pair != *w || g["ok"] != Value::Bool(e.is_null()) {
                return Err(format!(
                    "line {}: error {got_pair}, expected {w}: {g}",
                    i + 1
                ));
            }
        }
    }
    for (key, text) in [
        ("stdout_contains", &r.stdout),
        ("stderr_contains", &r.stderr),
    ] {
        if let Some(want) = case.get(key).and_then(Value::as_str) {
            if !text.contains(want) {
                return Err(format!("{key}: {want:?} not found in:\n{text}"));
            }
        }
    }
    Ok(())
}

#[test]
fn contract_cases() {
    let all = records("cli");
    assert!(all.len() >= 20);
    let failures: Vec<String> = all
        .iter()
        .filter_map(|(at, c)| check(c).err().map(|e| format!("{at} ({}): {e}", c["cite"])))
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} CLI cases failed:\n\n{}",
        failures.len(),
        all.len(),
        failures.join("\n\n")
    );
}

#[test]
fn check_reads_files_and_reports_each_by_name() {
    let dir = std::env::temp_dir().join(format!("urikit-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("urls.txt");
    std::fs::write(&f, "http://a/\nhttp://a b/\n").unwrap();
    let r = run(&["check".into(), f.display().to_string()], b"");
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(r.code, 1);
    assert!(
        r.stdout.contains("urls.txt:2: invalid-char at byte 8"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("checked 2 lines"), "{}", r.stdout);
}

#[test]
fn a_missing_file_is_an_error_with_its_name() {
    let r = run(&["check".into(), "/nonexistent/urls.txt".into()], b"");
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("/nonexistent/urls.txt"), "{}", r.stderr);
}

/// The scheme vectors of testdata/scheme/ (format in testdata/README.md),
/// all fed to one `uri inspect --json` run through standard input.
#[test]
fn scheme_vectors() {
    let records = records("scheme");
    assert!(records.len() >= 90, "{} scheme vectors", records.len());
    let stdin: String = records
        .iter()
        .map(|(_, r)| format!("{}\n", r["input"].as_str().unwrap()))
        .collect();
    let r = run(&["inspect".into(), "--json".into()], stdin.as_bytes());
    let got: Vec<Value> = r
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(got.len(), records.len());
    let mut failures = Vec::new();
    for ((at, want), got) in records.iter().zip(&got) {
        let mut problems = Vec::new();
        let want_error = want.get("error").map(|code| (code, &want["offset"]));
        match want_error {
            Some((code, offset)) => {
                let e = &got["error"];
                if got["ok"] != false || e["code"] != *code || e["offset"] != *offset {
                    problems.push(format!(
                        "error {} at {}, expected {code} at {offset}",
                        e["code"], e["offset"]
                    ));
                }
            }
            None if got["ok"] != true => problems.push(format!("failed: {}", got["error"])),
            None => {}
        }
        for key in ["fields", "warnings", "scheme", "default_port"] {
            if let Some(w) = want.get(key) {
                if got[key] != *w {
                    problems.push(format!("{key}: got {}, expected {w}", got[key]));
                }
            }
        }
        if !problems.is_empty() {
            failures.push(format!(
                "{at} {} ({}):\n  {}",
                want["input"],
                want["cite"],
                problems.join("\n  ")
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} scheme vectors failed:\n\n{}",
        failures.len(),
        records.len(),
        failures.join("\n\n")
    );
}

/// A file in a fresh temporary directory holding `text`.
fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("uri-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// The vectors of testdata/base/ through `uri base --json` (every layer)
/// and `uri links --json` (for the documents whose base comes from the
/// HTML and the retrieval URI alone, which is what `uri links` reads).
#[test]
fn base_and_links_vectors() {
    let records = records("base");
    assert!(records.len() > 20, "{} base vectors", records.len());
    let mut failures = Vec::new();
    for (i, (at, r)) in records.iter().enumerate() {
        let mut args: Vec<String> = vec!["base".into(), "--json".into()];
        let mut link_args: Vec<String> = vec!["links".into(), "--json".into()];
        let html = r["html"]
            .as_str()
            .map(|h| temp_file(&format!("{i}.html"), h));
        if let Some(h) = &html {
            args.extend(["--html".into(), h.display().to_string()]);
        }
        if let Some(h) = r["headers"].as_str() {
            let f = temp_file(&format!("{i}.headers"), h);
            args.extend(["--headers".into(), f.display().to_string()]);
        }
        if let Some(u) = r["retrieval"].as_str() {
            args.extend(["--retrieval".into(), u.into()]);
            link_args.extend(["--base".into(), u.into()]);
        }
        for u in r["redirects"].as_array().into_iter().flatten() {
            args.extend(["--redirect".into(), u.as_str().unwrap().into()]);
        }
        if let Some(u) = r["default"].as_str() {
            args.extend(["--default".into(), u.into()]);
        }
        if let Some(d) = r["dialect"].as_str() {
            args.extend(["--dialect".into(), d.into()]);
            link_args.extend(["--dialect".into(), d.into()]);
        }
        let out = run(&args, b"");
        let got: Value = serde_json::from_str(out.stdout.trim()).unwrap_or(Value::Null);
        let want_error = r.get("error");
        let got_error = (!got["error"].is_null())
            .then(|| serde_json::json!({"layer": got["layer"], "code": got["error"]["code"]}));
        let layer_ok = want_error.is_some() || got["layer"] == r["layer"];
        if got["base"] != r["base"] || !layer_ok || got_error.as_ref() != want_error {
            failures.push(format!("{at} uri base: {}", out.stdout.trim()));
        }
        if out.code != i32::from(want_error.is_some()) {
            failures.push(format!("{at} uri base: exit status {}", out.code));
        }
        let only_html_and_retrieval = ["headers", "redirects", "default"]
            .iter()
            .all(|k| r.get(*k).is_none());
        let (Some(h), Some(want), true) = (&html, r.get("links"), only_html_and_retrieval) else {
            continue;
        };
        link_args.push(h.display().to_string());
        let out = run(&link_args, b"");
        let got: Vec<Value> = out
            .stdout
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let want = want.as_array().unwrap();
        if got.len() != want.len() {
            failures.push(format!("{at} uri links: {}", out.stdout));
            continue;
        }
        for (g, w) in got.iter().zip(want) {
            let same_place = ["element", "attribute", "line", "input"]
                .iter()
                .all(|k| g[*k] == w[*k]);
            let same_outcome = match w.get("error") {
                Some(code) => g["ok"] == false && g["error"]["code"] == *code,
                None => g["ok"] == true && g["result"] == w["result"],
            };
            if !same_place || !same_outcome {
                failures.push(format!("{at} uri links: {g} (expected {w})"));
            }
        }
        let any_error = want.iter().any(|w| w.get("error").is_some()) || want_error.is_some();
        if out.code != i32::from(any_error) {
            failures.push(format!("{at} uri links: exit status {}", out.code));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// More lines than one batch, some invalid and one not UTF-8: `--jobs 3`
/// prints exactly what one job prints, in input order, and the line that
/// is not UTF-8 is reported as `invalid-utf8` with its line number.
#[test]
fn jobs_keep_input_order_and_report_bad_utf8_by_line() {
    let mut input = Vec::new();
    for i in 0..40_000 {
        match i % 997 {
            0 => input.extend_from_slice(format!("http://h/{i} bad\n").as_bytes()),
            _ => input.extend_from_slice(format!("HTTP://H/{i}/./x\n").as_bytes()),
        }
    }
    input.extend_from_slice(b"http://h/\xff\n");
    let file = temp_file("jobs.txt", &String::from_utf8_lossy(&input));
    std::fs::write(&file, &input).unwrap();
    let path = file.display().to_string();
    let one = run(&["check".into(), "--json".into(), path.clone()], b"");
    let three = run(
        &[
            "check".into(),
            "--json".into(),
            "--jobs".into(),
            "3".into(),
            path.clone(),
        ],
        b"",
    );
    assert_eq!(one.code, 1);
    assert_eq!(one.stdout, three.stdout);
    assert_eq!(one.stdout.lines().count(), 40_001);
    let last: Value = serde_json::from_str(one.stdout.lines().last().unwrap()).unwrap();
    assert_eq!(last["error"]["code"], "invalid-utf8");
    assert_eq!(last["error"]["offset"], 9);
    let human = run(&["check".into(), "--jobs".into(), "2".into(), path], b"");
    assert!(
        human.stdout.contains(":40001: invalid-utf8 at byte 9"),
        "{}",
        human.stdout
    );
    assert!(
        human.stdout.contains(":998: invalid-char"),
        "{}",
        human.stdout
    );
    let n1 = run(&["normalize".into()], &input);
    let n2 = run(&["normalize".into(), "--jobs".into(), "2".into()], &input);
    assert_eq!(
        (n1.stdout.as_str(), n1.stderr.as_str()),
        (n2.stdout.as_str(), n2.stderr.as_str())
    );
    assert!(n1.stdout.starts_with("http://h/1/x\n"));
}
