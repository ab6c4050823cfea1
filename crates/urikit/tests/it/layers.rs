//! The layering rule, checked: a module imports only modules below it.
//! docs/design.md draws the layers; the lists here are the order, lowest
//! first. A file's module is the first component of its path under
//! `src/`; what it refers to is every `crate::` path outside comments and
//! test modules, with the names the crate root re-exports mapped back to
//! the module that defines them. A layer may hold several modules
//! (`"a|b"`), which may not import each other. (The CLI's tests include
//! this file for its own list.)

use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The library's layers, lowest first.
#[allow(dead_code)]
pub const LIBRARY: &[&str] = &[
    "error",
    "dialect",
    "work",
    "bytes",
    "out",
    "grammar",
    "arch",
    "registry",
    "parse",
    "pct",
    "host",
    "iter",
    "uri",
    "require",
    "buf",
    "iri",
    "path",
    "resolve",
    "normalize",
    "relativize",
    "build",
    "template",
    "scheme",
    "context",
];

/// The Rust files under `dir`, recursively.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(files(&p));
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
    out.sort();
    out
}

/// The code of a file without comments (doc links may point anywhere) and
/// without its test module (tests may use anything).
fn code(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(i) => &text[..i],
        None => text,
    };
    text.lines()
        .map(|l| match l.find("//") {
            Some(i) => &l[..i],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The root's re-exports: name -> defining module, from `pub use m::{...}`.
fn reexports(lib: &str) -> HashMap<String, String> {
    let mut map = HashMap::new();
    let code = code(lib);
    let mut rest = code.as_str();
    while let Some(i) = rest.find("pub use ") {
        rest = &rest[i + 8..];
        let end = rest.find(';').unwrap();
        let item = &rest[..end];
        let module = item.split("::").next().unwrap().trim().to_owned();
        let names = match (item.find('{'), item.rfind('}')) {
            (Some(a), Some(b)) => item[a + 1..b].to_owned(),
            _ => item.rsplit("::").next().unwrap().to_owned(),
        };
        for n in names.split(',') {
            let n = n.trim().rsplit(" as ").next().unwrap().trim();
            if !n.is_empty() {
                map.insert(n.to_owned(), module.clone());
            }
        }
    }
    map
}

/// The top-level modules the code refers to through `crate::`.
fn referenced(code: &str, roots: &HashMap<String, String>) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(i) = rest.find("crate::") {
        rest = &rest[i + 7..];
        if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').unwrap();
            for part in group[..end].split(',') {
                let first = part.trim().split("::").next().unwrap().trim();
                out.push(
                    roots
                        .get(first)
                        .cloned()
                        .unwrap_or_else(|| first.to_owned()),
                );
            }
            continue;
        }
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        out.push(roots.get(&name).cloned().unwrap_or(name));
    }
    out.retain(|m| !m.is_empty() && m.chars().next().unwrap().is_lowercase());
    out
}

/// Every import from a module to one at or above its own layer, as
/// `file: module -> module`.
pub fn violations(src: &Path, layers: &[&str], root: &str) -> Vec<String> {
    // A layer may hold several modules (`a|b`), which may not import each
    // other.
    let rank = |m: &str| layers.iter().position(|l| l.split('|').any(|x| x == m));
    let roots = reexports(&std::fs::read_to_string(src.join(root)).unwrap());
    let mut bad = Vec::new();
    for f in files(src) {
        let rel = f.strip_prefix(src).unwrap();
        let own = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy()
            .trim_end_matches(".rs")
            .to_owned();
        let Some(own_rank) = rank(&own) else {
            // The root, which declares the layers, and files outside them.
            assert!(rel == Path::new(root), "{} is in no layer", rel.display());
            continue;
        };
        let text = std::fs::read_to_string(&f).unwrap();
        for m in referenced(&code(&text), &roots) {
            match rank(&m) {
                Some(r) if r < own_rank || m == own => {}
                Some(_) => bad.push(format!("{}: {own} -> {m}", rel.display())),
                None => bad.push(format!(
                    "{}: {own} -> {m} (a module in no layer)",
                    rel.display()
                )),
            }
        }
    }
    bad.sort();
    bad.dedup();
    bad
}

/// Fails, listing them, when some import of the crate's `src/` points up.
pub fn check(layers: &[&str], root: &str) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let bad = violations(&src, layers, root);
    assert!(
        bad.is_empty(),
        "imports that point up or sideways:\n{}",
        bad.join("\n")
    );
}

/// The check finds what it is meant to find.
#[test]
fn the_check_sees_an_upward_import() {
    let roots: HashMap<String, String> = [("UriRef".to_owned(), "uri".to_owned())]
        .into_iter()
        .collect();
    let code = code("use crate::{Dialect, UriRef};\nuse crate::parse::scan;\n// crate::context\n");
    assert_eq!(referenced(&code, &roots), ["uri", "parse"]);
}
