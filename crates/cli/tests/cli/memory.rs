//! Peak memory of the commands on one long line (docs/robustness.md, "CLI
//! memory on long lines"): within about 2.5 times the longer of the line
//! and the command's output for it, beyond what the process takes before
//! it reads anything. The fault hunt of 2026-11-27 (issue 44, item 11)
//! measured, on one 8 MB line, `uri repair` at 485 MB, `uri check
//! --repair` at 332 MB, `uri template match` at 637 MB and `uri to-uri
//! --idna` at 114 MB.

use std::fs::File;
use std::process::{Command, Stdio};

/// Runs `uri args` with `input` on standard input: its peak resident
/// memory in KiB and the bytes it wrote. Measured by GNU time (`%M`,
/// wait4's `ru_maxrss`), which starts the command from its own small
/// process: a child forked from this test process would count the test's
/// own pages, which it had before it ran `uri`. None where GNU time is
/// not installed (`.ci/run` installs it).
fn peak(args: &[&str], input: &std::path::Path) -> Option<(u64, usize)> {
    let time = std::path::Path::new("/usr/bin/time");
    if !time.exists() {
        return None;
    }
    let out = Command::new(time)
        .args(["-f", "peak %M"])
        .arg(env!("CARGO_BIN_EXE_uri"))
        .args(args)
        .stdin(File::open(input).unwrap())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    let kib = err
        .lines()
        .rev()
        .find_map(|l| l.strip_prefix("peak "))
        .and_then(|k| k.trim().parse().ok())
        .unwrap_or_else(|| panic!("no peak from GNU time: {err}"));
    Some((kib, out.stdout.len()))
}

fn temp(name: &str, text: &str) -> std::path::PathBuf {
    let p = std::env::temp_dir().join(format!("urikit-memory-{}-{name}", std::process::id()));
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn one_long_line_costs_memory_in_proportion() {
    const N: usize = 1 << 20;
    let lines = [
        ("path", format!("http://h{}\n", "/a".repeat(N / 2))),
        ("spaces", format!("http://h/{}\n", "a b".repeat(N / 3))),
        (
            "query",
            format!("http://h/x?{}\n", vec!["a=b"; N / 4].join("&")),
        ),
        ("accents", format!("http://h/{}\n", "\u{e9}".repeat(N / 2))),
        (
            "labels",
            format!("http://{}/\n", vec!["\u{fc}"; N / 3].join(".")),
        ),
    ];
    let commands: &[&[&str]] = &[
        &["check"],
        &["check", "--repair"],
        &["repair"],
        &["repair", "--json"],
        &["template", "match", "--json", "http://{h}{/p*}{?a*}"],
        &["to-uri", "--idna"],
        &["inspect", "--json"],
        &["normalize"],
    ];
    let empty = temp("empty", "");
    let Some((base, _)) = peak(&["check"], &empty) else {
        eprintln!("skipped: GNU time (/usr/bin/time) is not installed");
        return;
    };
    for (name, text) in &lines {
        let file = temp(name, text);
        for args in commands {
            let (kib, written) = peak(args, &file).expect("GNU time ran before");
            let longer = text.len().max(written) as u64 / 1024;
            let bound = base + longer * 5 / 2 + 4 * 1024;
            assert!(
                kib <= bound,
                "uri {} on the {name} line ({} KiB, {} KiB written): {kib} KiB, bound {bound} KiB",
                args.join(" "),
                text.len() / 1024,
                written / 1024
            );
        }
        let _ = std::fs::remove_file(file);
    }
    let _ = std::fs::remove_file(empty);
}
