//! Runs the built `uri` binary against the cases in testdata/cli/ (format
//! at the top of each file), printing a readable diff for each failure.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::Value;

#[path = "../../../urikit/tests/it/layers.rs"]
mod layers;
#[cfg(target_os = "linux")]
mod memory;
#[path = "../../../urikit/tests/it/wpt.rs"]
mod wpt;

/// The CLI's modules, lowest first: each imports only modules below it,
/// and no subcommand imports another (docs/design.md).
const CLI: &[&str] = &[
    "batch",
    "status",
    "show",
    "json",
    "input",
    "args",
    "each",
    "whatwg",
    "check|codec|crawl|edit|extract|guess|inspect|iri|links|man|normalize|parse|resolve|template",
];

#[test]
fn every_import_points_down() {
    layers::check(CLI, "main.rs");
}

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
    run_env(args, stdin, &[])
}

/// [`run`] with the colour variables of the environment removed (so that
/// the tests see plain text wherever they run), then `env` set.
fn run_env(args: &[String], stdin: &[u8], env: &[(String, String)]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_uri"))
        .args(args)
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR")
        .env_remove("CLICOLOR_FORCE")
        .envs(env.iter().map(|(k, v)| (k, v)))
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
    let env: Vec<(String, String)> = case
        .get("env")
        .and_then(Value::as_object)
        .map(|m| {
            m.iter()
                .map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_owned()))
                .collect()
        })
        .unwrap_or_default();
    let r = run_env(&args, &stdin, &env);
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
    if let Some(want) = case.get("stdout_is").and_then(Value::as_str) {
        if r.stdout != want {
            return Err(format!("stdout: {:?}, expected {want:?}", r.stdout));
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
        for key in ["fields", "scheme", "default_port"] {
            if let Some(w) = want.get(key) {
                if got[key] != *w {
                    problems.push(format!("{key}: got {}, expected {w}", got[key]));
                }
            }
        }
        // Warnings are `{"code", "offset", "message"}` (the contract); the
        // vectors give their codes.
        if let Some(w) = want.get("warnings") {
            let warnings = got["warnings"].as_array().cloned().unwrap_or_default();
            let codes: Vec<Value> = warnings.iter().map(|x| x["code"].clone()).collect();
            let complete = warnings.iter().all(|x| {
                x["offset"].is_u64() && x["message"].as_str().is_some_and(|m| !m.is_empty())
            });
            if Value::Array(codes) != *w || !complete {
                problems.push(format!(
                    "warnings: got {}, expected codes {w}",
                    got["warnings"]
                ));
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
                None => {
                    g["ok"] == true
                        && g["result"] == w["result"]
                        && g["resolved"] == w.get("resolved").cloned().unwrap_or(Value::Bool(true))
                }
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
    // One line per input, in order: line 0 is invalid, line 1 is not.
    assert!(
        n1.stdout
            .starts_with("error: \"http://h/0 bad\": invalid-char")
            && n1.stdout.lines().nth(1) == Some("http://h/1/x"),
        "{}",
        &n1.stdout[..200]
    );
    assert_eq!(n1.stdout.lines().count(), 40_001);
}

/// The fault hunt's CLI reproducers, each on the real binary.
mod robustness {
    use super::*;
    use std::io::Read;

    /// A closed output pipe still ends with the status of what was seen:
    /// 1 when an invalid line went by before the pipe closed.
    #[test]
    fn a_closed_pipe_keeps_exit_status_1_for_invalid_lines() {
        let mut text = String::from("http://a b/\n");
        for i in 0..200_000 {
            text.push_str(&format!("http://h/{i}\n"));
        }
        let file = temp_file("closed-pipe.txt", &text);
        for args in [
            vec![
                "check".to_string(),
                "--json".into(),
                file.display().to_string(),
            ],
            vec!["normalize".to_string(), file.display().to_string()],
        ] {
            let mut args = args;
            let (cmd, rest) = args.split_at_mut(1);
            let mut child = Command::new(env!("CARGO_BIN_EXE_uri"))
                .arg(&cmd[0])
                .args(
                    rest.iter()
                        .filter(|a| a.as_str() != file.display().to_string().as_str()),
                )
                .stdin(std::fs::File::open(&file).unwrap())
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .unwrap();
            let mut first = [0u8; 64];
            child
                .stdout
                .as_mut()
                .unwrap()
                .read_exact(&mut first)
                .unwrap();
            drop(child.stdout.take());
            let status = child.wait().unwrap();
            assert_eq!(status.code(), Some(1), "{args:?}");
        }
    }

    /// An empty pipe is "0 lines", not the embedded sample.
    #[test]
    fn an_empty_pipe_checks_nothing() {
        let r = run(&["check".into()], b"");
        assert_eq!(r.code, 0);
        assert!(r.stdout.contains("checked 0 lines"), "{}", r.stdout);
        assert!(!r.stdout.contains("sample"), "{}", r.stdout);
        let one = run(&["check".into()], b"http://a/\n");
        assert!(one.stdout.contains("checked 1 line "), "{}", one.stdout);
    }

    /// Issue 45, item 7: what a user asks for goes to a pipe exactly (so
    /// that `uri decode` inverts `uri encode` and a template's tab makes
    /// TSV); on a terminal the values taken from the input are escaped, so
    /// that a decoded `%0A` cannot split one answer into two lines nor
    /// `%1B[31m` change colours. `--json` is exact everywhere.
    #[test]
    fn decoded_control_characters_are_exact_in_a_pipe_and_escaped_on_a_terminal() {
        let r = run(&["decode".into(), "a%09b%5Cc%0Ad".into()], b"");
        assert_eq!(r.stdout, "a\tb\\c\nd\n");
        let r = run(
            &[
                "get".into(),
                "{:query:q}".into(),
                "https://s/?q=C%3A%5CUsers%5Cme".into(),
            ],
            b"",
        );
        assert_eq!(r.stdout, "C:\\Users\\me\n");
        let r = run(
            &["get".into(), "{host}\t{path}".into(), "http://h/p".into()],
            b"",
        );
        assert_eq!(r.stdout, "h\t/p\n");
        let r = run(&["decode".into(), "--json".into(), "a%0Ab".into()], b"");
        let v: Value = serde_json::from_str(r.stdout.trim()).unwrap();
        assert_eq!(v["result"], "a\nb");
        // On a terminal (script(1) gives the command one).
        let on_terminal = |cmd: &str| -> Option<String> {
            let out = Command::new("script")
                .args([
                    "-qec",
                    &format!("{} {cmd}", env!("CARGO_BIN_EXE_uri")),
                    "/dev/null",
                ])
                .stdin(Stdio::null())
                .output()
                .ok()?;
            Some(String::from_utf8_lossy(&out.stdout).replace("\r\n", "\n"))
        };
        match on_terminal("decode 'a%0Ab%1B[31mc'") {
            Some(out) => {
                assert_eq!(out, "a\\nb\\e[31mc\n");
                let out = on_terminal("get '{host}\t{:path}' 'http://h/a%0Ab'").unwrap();
                assert_eq!(out, "h\t/a\\nb\n");
            }
            None => eprintln!("skipped the terminal half: script(1) is not installed"),
        }
        // The input itself, in an error message.
        let r = run(&["normalize".into(), "http://a/\x1b[31mx".into()], b"");
        assert_eq!(r.code, 1);
        assert!(r.stdout.contains("\\e[31mx"), "{}", r.stdout);
        assert!(!r.stdout.contains('\x1b'), "{}", r.stdout);
        let r = run(&["parse".into(), "http://a/\x1b[31mx".into()], b"");
        assert!(!r.stdout.contains('\x1b'), "{}", r.stdout);
    }

    /// A directory is named in the error, the other files are still
    /// checked, and the status is 2 at the end.
    #[test]
    fn an_unreadable_file_is_named_and_the_others_are_read() {
        let good = temp_file("good.txt", "http://a/\n");
        let dir = good.parent().unwrap().join("a-directory");
        std::fs::create_dir_all(&dir).unwrap();
        let (d, g) = (dir.display().to_string(), good.display().to_string());
        for cmd in ["check", "extract", "links"] {
            let r = run(
                &[
                    cmd.into(),
                    d.clone(),
                    "/nonexistent/x.txt".into(),
                    g.clone(),
                ],
                b"",
            );
            assert_eq!(r.code, 2, "{cmd}: {}", r.stderr);
            assert!(r.stderr.contains(&d), "{cmd}: {}", r.stderr);
            assert!(
                r.stderr.contains("/nonexistent/x.txt"),
                "{cmd}: {}",
                r.stderr
            );
            if cmd == "check" {
                assert!(r.stdout.contains("checked 1 line"), "{}", r.stdout);
            }
            if cmd == "extract" {
                assert!(r.stdout.contains("http://a/"), "{}", r.stdout);
            }
        }
    }

    /// `--jobs` beyond the cores is capped (20000 took 41 s making
    /// threads), and the output is the same.
    #[test]
    fn jobs_beyond_the_cores_give_the_same_output() {
        let mut text = String::new();
        for i in 0..50_000 {
            text.push_str(&format!("HTTP://H/{i}/./x\n"));
        }
        let one = run(&["normalize".into()], text.as_bytes());
        let many = run(
            &["normalize".into(), "--jobs".into(), "20000".into()],
            text.as_bytes(),
        );
        assert_eq!(one.stdout, many.stdout);
        assert_eq!(many.code, 0);
    }

    /// Under a process limit, threads that cannot be made are done
    /// without: no panic, no status outside 0/1/2 (it was 101). Limits do
    /// not bind root, so the command runs as `nobody` where `setpriv` can
    /// make it so.
    #[test]
    fn a_thread_limit_does_not_panic() {
        let text: String = (0..40_000).map(|i| format!("http://h/{i}\n")).collect();
        let file = temp_file("limited.txt", &text);
        let script = format!(
            "ulimit -u 1; exec {} check --jobs 1000 {}",
            env!("CARGO_BIN_EXE_uri"),
            file.display()
        );
        let is_root = Command::new("id")
            .arg("-u")
            .output()
            .is_ok_and(|o| o.stdout == b"0\n");
        let mut cmd = if is_root {
            let mut c = Command::new("setpriv");
            c.args([
                "--reuid=65534",
                "--regid=65534",
                "--clear-groups",
                "bash",
                "-c",
                &script,
            ]);
            c
        } else {
            let mut c = Command::new("bash");
            c.args(["-c", &script]);
            c
        };
        let Ok(out) = cmd.output() else {
            eprintln!("skipped: setpriv or bash is not available");
            return;
        };
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{stdout}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(stdout.contains("checked 40000 lines"), "{stdout}");
    }

    /// Warnings come from the generic syntax, so they are given even when
    /// the scheme's own syntax fails (they were all dropped), as the
    /// contract's objects.
    #[test]
    fn inspect_keeps_warnings_when_the_scheme_view_fails() {
        for (uri, code) in [
            ("http://user:pass@host/", "password-in-userinfo"),
            ("http://a%0d%0a.com/", "encoded-control-character"),
            ("nntp://h/g%0D%0Aquit", "encoded-control-character"),
        ] {
            let r = run(&["inspect".into(), "--json".into(), uri.into()], b"");
            let v: Value = serde_json::from_str(r.stdout.trim()).unwrap();
            assert_eq!(v["ok"], false, "{uri}: {v}");
            let w = &v["warnings"][0];
            assert_eq!(w["code"], code, "{uri}: {v}");
            assert!(
                w["offset"].is_u64() && w["message"].is_string(),
                "{uri}: {v}"
            );
            let human = run(&["inspect".into(), uri.into()], b"");
            assert!(human.stdout.contains(code), "{uri}: {}", human.stdout);
        }
        let r = run(
            &["inspect".into(), "--json".into(), "http://h:65561/".into()],
            b"",
        );
        let v: Value = serde_json::from_str(r.stdout.trim()).unwrap();
        assert_eq!(v["warnings"][0]["code"], "non-default-port");
        assert!(v["warnings"][0]["message"]
            .as_str()
            .unwrap()
            .contains("beyond 65535"));
    }

    /// Relativization of a target that nothing reaches is the contract's
    /// `unreachable-target`, at the first dot segment.
    #[test]
    fn relativize_an_unreachable_target() {
        let r = run(
            &[
                "relativize".into(),
                "--base".into(),
                "http://a/b".into(),
                "--json".into(),
                "http://a/../g".into(),
            ],
            b"",
        );
        assert_eq!(r.code, 1);
        let v: Value = serde_json::from_str(r.stdout.trim()).unwrap();
        assert_eq!(v["error"]["code"], "unreachable-target");
        assert_eq!(v["error"]["offset"], 9);
    }
}

/// Bad input of the IRI work (issue: a 10 MB line of text beyond ASCII,
/// mixed scripts, bytes that are not UTF-8): each line gets its answer,
/// with the offsets of its first offending byte.
#[test]
fn a_ten_megabyte_line_beyond_ascii_and_mixed_scripts() {
    let path = "/пример/例え/مثال/παράδειγμα/".repeat(10 * 1024 * 1024 / 60);
    let line = format!("http://例え.テスト{path}");
    let bad = format!("{line}\u{202e}x");
    let stdin = format!("{line}\n{bad}\n");
    let out = run(
        &["parse", "--json", "--dialect", "rfc3987"].map(String::from),
        stdin.as_bytes(),
    );
    assert_eq!(out.code, 1, "{}", out.stderr);
    let records: Vec<Value> = out
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 2);
    assert_eq!(records[0]["ok"], true);
    assert_eq!(records[0]["path"].as_str().map(str::len), Some(path.len()));
    // U+202E RIGHT-TO-LEFT OVERRIDE (RFC 3987 section 4.1) at its byte.
    assert_eq!(records[1]["error"]["code"], "invalid-char");
    assert_eq!(records[1]["error"]["offset"], line.len());
    // Extraction of the same text finds the IRI whole, and the other up to
    // the formatting character.
    let out = run(
        &["extract", "--json", "--dialect", "rfc3987"].map(String::from),
        stdin.as_bytes(),
    );
    let found: Vec<Value> = out
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(found.len(), 2, "{}", out.stderr);
    assert_eq!(found[0]["uri"].as_str().map(str::len), Some(line.len()));
    assert_eq!(found[1]["uri"].as_str().map(str::len), Some(line.len()));
}

/// A line from a terminal or a slow pipe (`tail -f | uri parse`) is
/// answered before the next line comes, not when the input ends. (The
/// wait below only keeps a regression from hanging the suite.)
#[test]
fn each_line_is_answered_before_the_input_ends() {
    use std::io::{BufRead, BufReader};
    use std::sync::mpsc;
    for (args, line, answer) in [
        (&["parse", "--json"][..], "http://a/x\n", "\"ok\":true"),
        (&["normalize"][..], "HTTP://A/x\n", "http://a/x"),
        (
            &["resolve", "--base", "http://a/b/"][..],
            "../c\n",
            "http://a/c",
        ),
        (&["check", "--json", "-"][..], "http://a/x\n", "\"ok\":true"),
        (&["check", "-"][..], "http://a/x y\n", "invalid-char"),
        // Issue 44, item 10: inspect waited for the end of the input.
        (
            &["inspect", "--json"][..],
            "ftp://h/f\n",
            "\"scheme\":\"ftp\"",
        ),
        (&["inspect"][..], "ftp://h/f\n", "ftp"),
        (
            &["relativize", "--base", "http://a/b/"][..],
            "http://a/b/c\n",
            "c",
        ),
        (&["clean"][..], "HTTP://A/x?utm_source=y\n", "http://a/x"),
        (
            &["set", "--scheme", "https"][..],
            "http://a/x\n",
            "https://a/x",
        ),
        (&["get", "{host}"][..], "http://a/x\n", "a"),
        (
            &["guess"][..],
            "www.example.com\n",
            "http://www.example.com",
        ),
        (&["encode", "--component", "path"][..], "a b\n", "a%20b"),
        (&["decode"][..], "a%20b\n", "a b"),
        (&["to-uri"][..], "http://a/\u{e9}\n", "%C3%A9"),
        (&["to-iri"][..], "http://a/%C3%A9\n", "\u{e9}"),
        (&["repair"][..], "http://a/x y\n", "%20"),
        (
            &["template", "match", "--json", "/{x}"][..],
            "/a\n",
            "\"x\":\"a\"",
        ),
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_uri"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(line.as_bytes()).unwrap();
        stdin.flush().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut first = String::new();
            let _ = BufReader::new(stdout).read_line(&mut first);
            let _ = tx.send(first);
        });
        // Standard input is still open: the answer must come regardless.
        let got = rx.recv_timeout(std::time::Duration::from_secs(60));
        drop(stdin);
        let _ = child.wait();
        let got = got.unwrap_or_else(|_| panic!("{args:?}: no answer while the input stayed open"));
        assert!(got.contains(answer), "{args:?}: {got}");
    }
}

/// With several files, the records of `check --json` and `extract --json`
/// name the file (and `check`'s the line) each input came from; with one,
/// they are the contract's records as they are.
#[test]
fn records_of_several_files_name_their_file_and_line() {
    let a = temp_file("several-a.txt", "http://a/\n")
        .display()
        .to_string();
    let b = temp_file("several-b.txt", "x\nsee http://b/\n")
        .display()
        .to_string();
    let out = run(
        &["check".into(), "--json".into(), a.clone(), b.clone()],
        b"",
    );
    let records: Vec<Value> = out
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let places: Vec<(String, u64)> = records
        .iter()
        .map(|r| {
            (
                r["file"].as_str().unwrap().to_owned(),
                r["line"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(places, [(a.clone(), 1), (b.clone(), 1), (b.clone(), 2)]);
    let out = run(
        &["extract".into(), "--json".into(), a.clone(), b.clone()],
        b"",
    );
    let found: Vec<Value> = out
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(found[0]["file"], a.as_str());
    assert_eq!(found[1]["file"], b.as_str());
    assert_eq!(found[1]["line"], 2);
    let one = run(&["check".into(), "--json".into(), a], b"");
    assert!(!one.stdout.contains("\"file\""), "{}", one.stdout);
}

/// Every subcommand's help ends with examples.
#[test]
fn every_help_has_examples() {
    for cmd in [
        "parse",
        "check",
        "resolve",
        "relativize",
        "normalize",
        "clean",
        "equivalent",
        "inspect",
        "extract",
        "links",
        "base",
        "set",
        "get",
        "guess",
        "encode",
        "decode",
        "to-uri",
        "to-iri",
        "repair",
    ] {
        let out = run(&[cmd.into(), "--help".into()], b"");
        assert_eq!(out.code, 0, "{cmd}");
        assert!(
            out.stdout.contains("Examples:\n  uri "),
            "{cmd}: {}",
            out.stdout
        );
    }
}

/// docs/cli.md, the reference written by hand, keeps up with the command:
/// every subcommand has its section, and every option and error code that
/// the manual page lists (read from the command's own definition and the
/// library's `ErrorKind::ALL`) is named in it.
#[test]
fn the_reference_names_every_command_option_and_code() {
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/cli.md"))
            .expect("docs/cli.md");
    let man = run(&["man".into()], b"");
    assert_eq!(man.code, 0);
    let page = man.stdout.replace("\\-", "-");
    let mut section = "";
    let mut missing = Vec::new();
    let mut lines = page.lines();
    while let Some(line) = lines.next() {
        if let Some(s) = line.strip_prefix(".SH ") {
            section = if s == "COMMANDS" {
                "commands"
            } else if s == "ERROR CODES" {
                "codes"
            } else {
                ""
            };
        } else if let Some(cmd) = line.strip_prefix(".SS ") {
            let cmd = cmd.trim_matches('"');
            if !doc.contains(&format!("`{cmd}`")) && !doc.contains(&format!("## `{cmd}")) {
                missing.push(format!("command {cmd}"));
            }
        } else if line == ".TP" {
            let term = lines.next().unwrap_or("").trim_start_matches(".B ");
            let word = term.split(' ').next().unwrap_or("");
            let named = match section {
                "commands" if word.starts_with("--") => {
                    doc.contains(&format!("{word} "))
                        || doc.contains(&format!("{word}`"))
                        || doc.contains(&format!("{word}]"))
                }
                "codes" => doc.contains(&format!("`{word}`")),
                _ => true,
            };
            if !named {
                missing.push(format!("{section}: {word}"));
            }
        }
    }
    assert!(missing.is_empty(), "docs/cli.md does not name: {missing:?}");
}

/// The `console` examples of README.md and docs/cli.md print what they
/// say: each `$ uri ...` line is run by the shell with this build's `uri`
/// first on the PATH, and its output (standard output, then standard
/// error, as a terminal would show them for one result) must be the lines
/// that follow it. An example that reads a file or pipes is shown, not
/// run, and is marked so by `<` or `|` in its command.
#[test]
fn console_examples_in_the_docs_print_what_they_say() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let bin = Path::new(env!("CARGO_BIN_EXE_uri"))
        .parent()
        .unwrap()
        .to_owned();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut ran = 0;
    let mut failures = Vec::new();
    for doc in ["README.md", "docs/cli.md"] {
        let text = std::fs::read_to_string(root.join(doc)).unwrap();
        let mut in_console = false;
        let mut examples: Vec<(String, String)> = Vec::new();
        for line in text.lines() {
            if line.starts_with("```console") {
                in_console = true;
            } else if line.starts_with("```") {
                in_console = false;
            } else if in_console {
                if let Some(cmd) = line.strip_prefix("$ ") {
                    examples.push((cmd.to_owned(), String::new()));
                } else if let Some((_, out)) = examples.last_mut() {
                    out.push_str(line);
                    out.push('\n');
                }
            }
        }
        for (cmd, expected) in examples {
            if !cmd.starts_with("uri ") || cmd.contains(" < ") || cmd.contains(" | ") {
                continue;
            }
            let out = Command::new("sh")
                .args(["-c", &cmd])
                .env("PATH", &path)
                .env_remove("NO_COLOR")
                .env_remove("CLICOLOR_FORCE")
                .stdin(Stdio::null())
                .output()
                .unwrap();
            let got = format!(
                "{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
            ran += 1;
            if got != expected {
                failures.push(format!(
                    "{doc}: $ {cmd}\n--- expected\n{expected}--- got\n{got}"
                ));
            }
        }
    }
    assert!(ran >= 8, "only {ran} examples found");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `uri template expand` with a template that is not UTF-8 on the command
/// line: an `invalid-utf8` error at the first bad byte, status 1, not a
/// crash or clap's refusal.
#[cfg(unix)]
#[test]
fn a_template_that_is_not_utf8() {
    use std::os::unix::ffi::OsStrExt;
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_uri"))
        .args(["template", "expand", "--json"])
        .arg(std::ffi::OsStr::from_bytes(b"ab\xff{x}"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["error"]["code"], "invalid-utf8");
    assert_eq!(v["error"]["offset"], 2);
}

/// A template of 10,000 expressions and a megabyte of text is expanded, not
/// refused, in one pass.
#[test]
fn a_large_template() {
    let many: String = (0..10_000).map(|i| format!("{{v{i}}}")).collect();
    let r = run(
        &[
            "template".into(),
            "expand".into(),
            many,
            "--var".into(),
            "v9999=x".into(),
        ],
        b"",
    );
    assert_eq!((r.code, r.stdout.as_str()), (0, "x\n"));
}

/// urltestdata.json through the command (docs/cli.md, "The WHATWG
/// dialect"): every entry, its input given as an argument (after `--`),
/// or on standard input when it holds a NUL, which no argument can; the
/// record's getters are the entry's, a failure entry fails. Inputs are
/// grouped by base, one run each.
#[test]
fn urltestdata_through_the_command() {
    use std::collections::BTreeMap;
    let mut by_base: BTreeMap<Option<String>, Vec<serde_json::Map<String, Value>>> =
        BTreeMap::new();
    for e in wpt::wpt("urltestdata.json") {
        let Value::Object(e) = e else { continue };
        let base = e.get("base").and_then(Value::as_str).map(str::to_owned);
        by_base.entry(base).or_default().push(e);
    }
    let mut checked = 0;
    let mut failures = Vec::new();
    for (base, entries) in &by_base {
        let mut head: Vec<String> = vec![
            "parse".into(),
            "--dialect".into(),
            "whatwg".into(),
            "--json".into(),
        ];
        if let Some(b) = base {
            head.extend(["--base".into(), b.clone()]);
        }
        let base_fails = base
            .as_deref()
            .is_some_and(|b| urikit::whatwg::Url::parse(b).is_err());
        let (nul, plain): (Vec<_>, Vec<_>) = entries
            .iter()
            .partition(|e| e["input"].as_str().unwrap().contains('\0'));
        let mut runs = Vec::new();
        if !plain.is_empty() {
            let mut args = head.clone();
            args.push("--".into());
            args.extend(
                plain
                    .iter()
                    .map(|e| e["input"].as_str().unwrap().to_owned()),
            );
            runs.push((plain, run(&args, b"")));
        }
        if !nul.is_empty() {
            // Two of them hold a newline too, which no line can: it goes,
            // as the basic URL parser removes every tab and newline before
            // it reads (URL Standard 4.4), so the record is the same.
            let stdin: String = nul
                .iter()
                .map(|e| format!("{}\n", e["input"].as_str().unwrap().replace('\n', "")))
                .collect();
            runs.push((nul, run(&head, stdin.as_bytes())));
        }
        for (entries, r) in runs {
            if base_fails {
                // Every entry with this base is a failure entry; the base
                // is one usage error.
                assert_eq!(r.code, 2, "{base:?}");
                assert!(entries.iter().all(|e| e.contains_key("failure")));
                checked += entries.len();
                continue;
            }
            let records: Vec<Value> = r
                .stdout
                .lines()
                .map(|l| serde_json::from_str(l).unwrap())
                .collect();
            assert_eq!(records.len(), entries.len(), "{base:?}: {}", r.stderr);
            for (e, rec) in entries.iter().zip(&records) {
                checked += 1;
                let input = e["input"].as_str().unwrap();
                if e.contains_key("failure") {
                    if rec["ok"] != Value::Bool(false) {
                        failures.push(format!("{input:?} should fail: {rec}"));
                    }
                    continue;
                }
                for (k, want) in e.iter() {
                    if [
                        "input",
                        "base",
                        "failure",
                        "relativeTo",
                        "searchParams",
                        "comment",
                    ]
                    .contains(&k.as_str())
                    {
                        continue;
                    }
                    if rec.get(k) != Some(want) {
                        failures.push(format!("{input:?} {k}: {:?} != {want}", rec.get(k)));
                    }
                }
            }
        }
    }
    assert!(checked > 850, "{checked}");
    assert!(
        failures.is_empty(),
        "{}:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// `uri --version` names the Public Suffix List compiled in, as the
/// library reports it.
#[test]
fn the_version_names_the_suffix_list() {
    let r = run(&["--version".to_owned()], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let want = format!("public suffix list: {})", urikit::psl::VERSION);
    assert!(r.stdout.trim_end().ends_with(&want), "{}", r.stdout);
}
