//! Repairing near-URIs (`urikit::repair`): the vectors of testdata/repair/
//! and the properties every repair keeps.

use proptest::prelude::*;
use serde_json::Value;
use urikit::{repair, UriRef};

use crate::vectors::check_all;

#[test]
fn repair_vectors() {
    check_all("repair", 10, |v| {
        let input = v["input"].as_str().ok_or("no input")?;
        let r = repair(input);
        let changes: Vec<Value> = r
            .changes()
            .map(|c| serde_json::json!([c.offset, c.from, c.to()]))
            .collect();
        match (&r.result, v.get("result")) {
            (Ok(u), Some(want)) if want.as_str() == Some(u.as_str()) => {
                if Some(&Value::Array(changes.clone())) == v.get("changes") {
                    Ok(())
                } else {
                    Err(format!("changes {changes:?}"))
                }
            }
            (Err(e), None)
                if v["error"].as_str() == Some(e.code())
                    && v["offset"].as_u64() == Some(e.offset() as u64) =>
            {
                Ok(())
            }
            (got, _) => Err(format!("got {got:?}")),
        }
    });
}

/// A long line beyond ASCII is one change, made in linear work.
#[test]
fn a_long_run_beyond_ascii_is_one_change() {
    let text = format!("http://a/{}", "ü".repeat(500_000));
    let (work, r) = urikit::count_work(|| repair(&text));
    assert_eq!(r.changes().count(), 1);
    assert_eq!(r.result.unwrap().as_str().len(), 9 + 6 * 500_000);
    assert!(work <= 4 * text.len() as u64, "{work}");
}

proptest! {
    /// Whatever the text: the changes lie in order inside the input and,
    /// applied to it, give the result; a valid result parses; a text that
    /// is already a reference, with nothing around it, is not changed.
    #[test]
    fn repairs_are_the_changes_they_report(s in "[ -~\u{a0}é\t\"<>%|{}\\[\\]]{0,40}") {
        let r = repair(&s);
        let mut rebuilt = String::new();
        let mut at = 0;
        for c in r.changes() {
            prop_assert!(c.offset >= at, "{:?}", r.changes().collect::<Vec<_>>());
            prop_assert_eq!(&s[c.offset..c.offset + c.from.len()], c.from);
            rebuilt.push_str(&s[at..c.offset]);
            rebuilt.push_str(&c.to());
            at = c.offset + c.from.len();
        }
        rebuilt.push_str(&s[at..]);
        match &r.result {
            Ok(u) => {
                prop_assert_eq!(u.as_str(), rebuilt.as_str());
                prop_assert!(UriRef::parse(u.as_str()).is_ok());
            }
            Err(e) => prop_assert!(e.offset() <= s.len()),
        }
        if UriRef::parse(&s).is_ok() && s.trim() == s && !s.starts_with('"') && !s.starts_with('<') {
            prop_assert!(r.changes().next().is_none(), "{:?}", r.changes().collect::<Vec<_>>());
        }
    }
}
