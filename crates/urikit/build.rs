//! Compiles the Public Suffix List in `data/public_suffix_list.dat` into
//! the table `src/psl` looks names up in (the `psl` feature), with the
//! same reader a list given at run time goes through (`src/psl/rules.rs`).

#[cfg(feature = "psl")]
extern crate alloc;

#[cfg(feature = "psl")]
use std::fmt::Write as _;
#[cfg(feature = "psl")]
use std::path::PathBuf;

#[cfg(feature = "psl")]
#[allow(dead_code)]
#[path = "src/psl/rules.rs"]
mod rules;

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=src/psl/rules.rs");
    println!("cargo::rerun-if-changed=data/public_suffix_list.dat");
    #[cfg(feature = "psl")]
    suffix_list();
}

/// The table of `data/public_suffix_list.dat`, written to
/// `$OUT_DIR/psl_table.rs`.
#[cfg(feature = "psl")]
fn suffix_list() {
    let text = std::fs::read_to_string("data/public_suffix_list.dat")
        .expect("data/public_suffix_list.dat is read");
    let to_ascii = |label: &str| {
        idna::domain_to_ascii(label)
            .ok()
            .filter(|a| !a.is_empty() && !a.contains('.'))
    };
    let table = rules::compile(&text, &to_ascii)
        .unwrap_or_else(|r| panic!("data/public_suffix_list.dat, line {}: {}", r.line, r.why));
    let mut out = String::with_capacity(table.slots.len() * 32 + table.labels.len() * 2);
    writeln!(out, "/// The list's `// VERSION:` line.").unwrap();
    writeln!(out, "pub(super) const VERSION: &str = {:?};", table.version).unwrap();
    writeln!(out, "pub(super) const RULES: usize = {};", table.rules).unwrap();
    writeln!(out, "pub(super) static LABELS: &str = {:?};", table.labels).unwrap();
    writeln!(
        out,
        "const fn s(word: u64, up: u32, down: u32) -> Slot {{ Slot {{ word, up, down }} }}"
    )
    .unwrap();
    writeln!(
        out,
        "pub(super) static SLOTS: [Slot; {}] = [",
        table.slots.len()
    )
    .unwrap();
    for s in &table.slots {
        writeln!(out, "s({},{},{}),", s.word, s.up, s.down).unwrap();
    }
    writeln!(out, "];").unwrap();
    array(&mut out, "LONG", "u32", &table.long);
    array(&mut out, "FILTER", "u64", &table.filter);
    array(&mut out, "PAIRS", "u64", &table.pairs);
    array(&mut out, "WILD", "u64", &table.wild);
    let dir = PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR is set"));
    std::fs::write(dir.join("psl_table.rs"), out).expect("the table is written");
}

/// A static array of integers named `name`, sixteen to a line.
#[cfg(feature = "psl")]
fn array<T: std::fmt::Display>(out: &mut String, name: &str, ty: &str, values: &[T]) {
    writeln!(
        out,
        "pub(super) static {name}: [{ty}; {}] = [",
        values.len()
    )
    .unwrap();
    for chunk in values.chunks(16) {
        for v in chunk {
            write!(out, "{v},").unwrap();
        }
        out.push('\n');
    }
    writeln!(out, "];").unwrap();
}
