//! The time property of the fuzz targets, replayed without a fuzzer: the
//! largest inputs of each target's corpus (kept in testdata/fuzz/, see its
//! README) run through the target's properties at their size and repeated
//! eight times, and the work (bytes the library examined, not the clock)
//! must grow linearly.

use std::path::Path;

use urikit::count_work;

use crate::fuzz_ops::{linear, CONSTANT, TARGETS};

/// The inputs kept for `target`.
fn inputs(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/fuzz")
        .join(target);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut files: Vec<_> = entries.map(|e| e.unwrap().path()).collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&p).unwrap())
        })
        .collect()
}

#[test]
fn the_largest_corpus_inputs_cost_linear_work_at_8x() {
    let mut replayed = 0;
    for &(target, op) in TARGETS {
        for (name, data) in inputs(target) {
            let big = data.repeat(8);
            let (small, ()) = count_work(|| op(&data));
            let (large, ()) = count_work(|| op(&big));
            assert!(
                large <= 16 * small + CONSTANT,
                "{target}/{name}: {small} bytes examined at n, {large} at 8n"
            );
            // Template matching is linear in the URI for a given template
            // and asserts its own bound (template times URI).
            if target != "template" {
                linear(&data, op);
                linear(&big, op);
            }
            replayed += 1;
        }
    }
    assert!(
        replayed >= 50,
        "only {replayed} corpus inputs in testdata/fuzz"
    );
}

/// The reproducers of the fault hunt, through the targets' properties.
#[test]
fn the_fault_hunt_reproducers_through_the_targets() {
    for text in [
        "http:%-\n".repeat(512),
        "http://a%-\n".repeat(512),
        "(http:%".repeat(512),
        "www.a-\n".repeat(512),
        "http://a-\n".repeat(512),
    ] {
        for sel in [0u8, 0x80, 4, 0x84] {
            let mut data = vec![sel];
            data.extend_from_slice(text.as_bytes());
            linear(&data, crate::fuzz_ops::extract);
        }
    }
}

/// IRIs (RFC 3987) through every target's properties, with every selector
/// byte so that each target meets each dialect (`Dialect::GRAMMARS`, the IRI
/// dialect included) and each of its option bits: the corpus predates the
/// IRI dialect, so these keep its paths in the suite and not only in the
/// fuzzer's hands.
#[test]
fn iris_through_every_target() {
    let texts = [
        "http://例え.テスト/パス?q=ü#frag",
        "http://ü@münchen.de:80/straße/./../a?\u{E000}#x",
        "//bücher.de/a/b/../c",
        "../ä/./b?ö",
        "mailto:ä@example.com",
        "http://a/b\nhttp://b/ü/../x",
        "foo:bar\u{10FFFD}/é",
        "http://xn--mnchen-3ya.de/%C3%BC",
        // Zone identifiers, which the dialects target reads on request.
        "http://[FE80::1%25Eth0]:80/a/../b?q#f",
        "//[::1%25lo%2D1]/x",
    ];
    for &(_, op) in TARGETS {
        for text in texts {
            for sel in 0..=255u8 {
                let mut data = vec![sel];
                data.extend_from_slice(text.as_bytes());
                linear(&data, op);
            }
            // The text alone, its first character as the selector.
            linear(text.as_bytes(), op);
        }
    }
}
