//! The web-platform tests' data files of `shared/data/wpt/`, read where
//! they are (never copied into the repository). Included by the library's
//! tests and by the CLI's (which run the same files through `uri`).
#![allow(dead_code)]

use serde_json::Value;

pub fn wpt(name: &str) -> Vec<Value> {
    wpt_value(name).as_array().unwrap().clone()
}

pub fn wpt_value(name: &str) -> Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/wpt")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str::<Value>(&usv(&text)).unwrap()
}

/// The JSON text with each lone surrogate escape (`\\uD800` without its
/// pair) as U+FFFD: the harnesses pass JavaScript strings to `new URL`,
/// whose USVString conversion does the same.
pub fn usv(text: &str) -> String {
    let b = text.as_bytes();
    let unit = |i: usize| -> Option<u16> {
        (b.get(i) == Some(&b'\\') && b.get(i + 1) == Some(&b'u'))
            .then(|| {
                text.get(i + 2..i + 6)
                    .and_then(|h| u16::from_str_radix(h, 16).ok())
            })
            .flatten()
    };
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        if let Some(u) = unit(i) {
            let high = (0xD800..0xDC00).contains(&u);
            let low = (0xDC00..0xE000).contains(&u);
            if high && unit(i + 6).is_some_and(|v| (0xDC00..0xE000).contains(&v)) {
                out.push_str(&text[i..i + 12]);
                i += 12;
                continue;
            }
            if high || low {
                out.push_str("\\uFFFD");
                i += 6;
                continue;
            }
            out.push_str(&text[i..i + 6]);
            i += 6;
            continue;
        }
        let c = text[i..].chars().next().unwrap();
        if c == '\\' {
            // An escape other than \u: copy it whole, so that `\\\\u` is not read as one.
            out.push_str(&text[i..i + 2]);
            i += 2;
            continue;
        }
        out.push(c);
        i += c.len_utf8();
    }
    out
}
