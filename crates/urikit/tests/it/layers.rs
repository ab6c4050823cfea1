//! The layering rule, checked: a file imports only files in layers below
//! its own. docs/design.md draws the layers; the lists here are the order,
//! lowest first. A layer is a path under `src/` (`"arch/kernel"`, `"arch"`,
//! `"parse/scan"`): a file belongs to the layer with the longest path that
//! its own path begins with (`arch/x86_64/avx2.rs` to `"arch"` when no
//! deeper one is listed; a folder's `mod.rs` is the folder). A layer may
//! also hold several paths (`"a|b"`), which may not import each other.
//! Files of one layer may import each other.
//!
//! What a file refers to is every `crate::` path and every `super::` path
//! (read from the file's place) outside comments and test modules, with
//! the names the crate root re-exports mapped back to the module that
//! defines them. (The CLI's tests include this file for their own list,
//! and it checks the Python crate's.)

use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The library's layers, lowest first.
#[allow(dead_code)]
pub const LIBRARY: &[&str] = &[
    "error",
    "dialect",
    "part",
    "work",
    "bytes",
    "out",
    "grammar",
    "arch/kernel",
    "arch/sets",
    "arch/portable",
    "arch/generic",
    "arch/x86_64",
    "arch",
    "registry",
    "parse/scan",
    "parse",
    "pct",
    "javanet",
    "psl/rules",
    "psl",
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
    "edit",
    "template",
    "scheme",
    "context",
    "whatwg/encode|whatwg/error",
    "whatwg/host",
    "whatwg/record",
    "whatwg/fast",
    "whatwg/parser",
    "whatwg/form",
    "whatwg",
    "idna2003",
    "surt/escape|surt/ip|surt/session",
    "surt",
    "safebrowsing/ipv4|safebrowsing/punycode|safebrowsing/space",
    "safebrowsing",
    "w3lib",
    "canonical",
    "ccindex",
];

/// The Python crate's layers (crates/python/src), lowest first.
#[allow(dead_code)]
pub const PYTHON: &[&str] = &[
    "error",
    "psl",
    "crawl",
    "inspect",
    "uri",
    "url",
    "funcs",
    "columns/args",
    "columns",
    "polars",
    "datafusion",
];

/// The column crate's layers (crates/columns/src), lowest first.
#[allow(dead_code)]
pub const COLUMNS: &[&str] = &[
    "ahead", "caught", "ops", "spec", "input", "value", "texts", "whatwg", "eval", "kernel", "row",
    "build",
];

/// The DuckDB extension's files, lowest first (its lib.rs is the top;
/// main.rs, the program that writes the file, uses the library alone).
pub const DUCKDB: &[&str] = &["footer", "vector", "function", "main"];

/// The Spark crate's files, lowest first (its lib.rs, the JNI functions,
/// is the top).
pub const SPARK: &[&str] = &["wire", "row"];

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
    // The test module: `mod tests` (or `pub(crate) mod tests`) after a
    // `#[cfg(...)]` that names `test`.
    let mut end = text.len();
    for (i, _) in text.match_indices("mod tests {") {
        let head = &text[..i];
        let line = head[..head.rfind('\n').unwrap_or(0)]
            .lines()
            .last()
            .unwrap_or("");
        if line.starts_with("#[cfg(") && line.contains("test") {
            end = head.rfind("#[cfg(").unwrap_or(i);
            break;
        }
    }
    let text = &text[..end];
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

/// The identifiers of a path after `::`, up to its end: `a::b::{c, d}`
/// gives `[a, b]` and the group `{c, d}` apart.
fn path_at(rest: &str) -> (Vec<String>, Option<&str>) {
    let mut parts = Vec::new();
    let mut rest = rest;
    loop {
        if let Some(g) = rest.strip_prefix('{') {
            return (parts, Some(&g[..g.find('}').unwrap_or(g.len())]));
        }
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if name.is_empty() {
            return (parts, None);
        }
        rest = &rest[name.len()..];
        parts.push(name);
        match rest.strip_prefix("::") {
            Some(r) => rest = r,
            None => return (parts, None),
        }
    }
}

/// The module paths the code of the file at module path `own` refers to,
/// through `crate::` and `super::`, each as its components (the trailing
/// item names are kept; the layer lookup takes the longest layer that
/// begins them).
fn referenced(code: &str, own: &[String], roots: &HashMap<String, String>) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut push = |mut path: Vec<String>| {
        if let Some(first) = path.first() {
            if let Some(m) = roots.get(first) {
                path[0] = m.clone();
            }
            if !path[0].is_empty() && path[0].chars().next().unwrap().is_lowercase() {
                out.push(path);
            }
        }
    };
    let bytes = code.as_bytes();
    let mut i = 0;
    while i < code.len() {
        let rest = &code[i..];
        // A path starts at `crate::` or at a run of `super::`, not inside
        // an identifier.
        let boundary = i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
        let (base, after) = if boundary && rest.starts_with("crate::") {
            (Vec::new(), &rest[7..])
        } else if boundary && rest.starts_with("super::") {
            let mut base: Vec<String> = own.to_vec();
            let mut r = rest;
            while let Some(x) = r.strip_prefix("super::") {
                base.pop();
                r = x;
            }
            (base, r)
        } else {
            i += rest.chars().next().map_or(1, char::len_utf8);
            continue;
        };
        let (parts, group) = path_at(after);
        let mut prefix = base;
        prefix.extend(parts);
        match group {
            Some(g) => {
                for item in g.split(',') {
                    let (sub, _) = path_at(item.trim());
                    let mut p = prefix.clone();
                    p.extend(sub);
                    push(p);
                }
            }
            None => push(prefix),
        }
        i += rest.len() - after.len() + 1;
    }
    out
}

/// A file's module path under `src/`: `arch/x86_64/avx2.rs` is
/// `arch/x86_64/avx2`, a folder's `mod.rs` the folder.
fn module_path(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| {
            c.as_os_str()
                .to_string_lossy()
                .trim_end_matches(".rs")
                .to_owned()
        })
        .collect();
    if parts.last().is_some_and(|l| l == "mod") {
        parts.pop();
    }
    parts
}

/// The rank of the layer a module path belongs to: the layer with the
/// longest path that begins it (`None` when none does).
fn rank(layers: &[&str], path: &[String]) -> Option<(usize, usize)> {
    let mut best: Option<(usize, usize)> = None;
    for (r, layer) in layers.iter().enumerate() {
        for alt in layer.split('|') {
            let l: Vec<&str> = alt.split('/').collect();
            let matches = l.len() <= path.len() && l.iter().zip(path).all(|(a, b)| a == b);
            if matches && best.is_none_or(|(_, n)| l.len() > n) {
                best = Some((r, l.len()));
            }
        }
    }
    best
}

/// The path of the layer a module path belongs to (its `a|b` alternative).
fn layer_of(layers: &[&str], path: &[String]) -> Option<String> {
    let (r, n) = rank(layers, path)?;
    Some(path[..n].join("/")).filter(|_| r < layers.len())
}

/// Every import from a file to one at or above its own layer, as
/// `file: layer -> layer`.
pub fn violations(src: &Path, layers: &[&str], root: &str) -> Vec<String> {
    let roots = reexports(&std::fs::read_to_string(src.join(root)).unwrap());
    let mut bad = Vec::new();
    for f in files(src) {
        let rel = f.strip_prefix(src).unwrap();
        let own = module_path(rel);
        let Some((own_rank, _)) = rank(layers, &own) else {
            // The root, which declares the layers, and files outside them.
            assert!(rel == Path::new(root), "{} is in no layer", rel.display());
            continue;
        };
        let own_layer = layer_of(layers, &own).unwrap();
        let text = std::fs::read_to_string(&f).unwrap();
        for m in referenced(&code(&text), &own, &roots) {
            let target = layer_of(layers, &m);
            match rank(layers, &m) {
                Some((r, _)) if r < own_rank || target.as_deref() == Some(own_layer.as_str()) => {}
                Some(_) => bad.push(format!(
                    "{}: {own_layer} -> {}",
                    rel.display(),
                    target.unwrap_or_default()
                )),
                None => bad.push(format!(
                    "{}: {own_layer} -> {} (a module in no layer)",
                    rel.display(),
                    m.join("::")
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
    check_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        layers,
        root,
    );
}

/// [`check`] for the crate whose sources are `src`.
pub fn check_dir(src: &Path, layers: &[&str], root: &str) {
    let bad = violations(src, layers, root);
    assert!(
        bad.is_empty(),
        "imports that point up or sideways:\n{}",
        bad.join("\n")
    );
}

/// The check finds what it is meant to find: `crate::` and `super::`
/// paths, groups, the root's re-exports, and the longest layer.
#[test]
fn the_check_sees_an_upward_import() {
    let roots: HashMap<String, String> = [("UriRef".to_owned(), "uri".to_owned())]
        .into_iter()
        .collect();
    let own: Vec<String> = ["arch", "x86_64", "avx2"].map(String::from).to_vec();
    let code = code(
        "use crate::{Dialect, UriRef};\nuse crate::parse::scan;\n// crate::context\nuse super::sse2::X;\nuse super::super::{kernel::Y, sets};\n",
    );
    let refs = referenced(&code, &own, &roots);
    let refs: Vec<String> = refs.iter().map(|p| p.join("/")).collect();
    assert_eq!(
        refs,
        [
            "uri",
            "parse/scan",
            "arch/x86_64/sse2/X",
            "arch/kernel/Y",
            "arch/sets"
        ]
    );
    let layers = ["parse/scan", "parse", "arch/kernel", "arch"];
    let path = |s: &str| s.split('/').map(String::from).collect::<Vec<_>>();
    assert_eq!(rank(&layers, &path("parse/scan/x")), Some((0, 2)));
    assert_eq!(rank(&layers, &path("parse/rfc3986")), Some((1, 1)));
    assert_eq!(rank(&layers, &path("arch/x86_64/sse2")), Some((3, 1)));
    assert_eq!(rank(&layers, &path("uri")), None);
}

/// The Python crate's files import only files in layers below theirs.
#[test]
fn the_python_crate_imports_point_down() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../python/src");
    // Once, from the library's tests (the CLI's include this file too).
    if env!("CARGO_PKG_NAME") == "urikit" && src.is_dir() {
        check_dir(&src, PYTHON, "lib.rs");
    }
}

/// The column crate's files import only files in layers below theirs.
#[test]
fn the_column_crate_imports_point_down() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../columns/src");
    if env!("CARGO_PKG_NAME") == "urikit" && src.is_dir() {
        check_dir(&src, COLUMNS, "lib.rs");
    }
}

/// The DuckDB extension's files import only files in layers below theirs.
#[test]
fn the_duckdb_crate_imports_point_down() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../duckdb/src");
    if env!("CARGO_PKG_NAME") == "urikit" && src.is_dir() {
        check_dir(&src, DUCKDB, "lib.rs");
    }
}

#[test]
fn the_spark_crate_imports_point_down() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../spark/src");
    if env!("CARGO_PKG_NAME") == "urikit" && src.is_dir() {
        check_dir(&src, SPARK, "lib.rs");
    }
}
