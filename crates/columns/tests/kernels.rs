//! The direct kernels give what the general evaluator gives: every
//! function they serve, on every line of the shared datasets and on rows
//! that are NULL, empty, not UTF-8 or cut inside a character, in every
//! Arrow string type. (A dialect given as a column sends a call to the
//! general evaluator; given once, to the kernel.)

use std::sync::Arc;

use arrow_array::{Array, ArrayRef, BinaryArray, LargeStringArray, StringArray, StringViewArray};
use urikit_columns::{call_array, spec, Arg, SPECS};

fn datasets() -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/urls");
    let mut lines = Vec::new();
    for name in ["isaacs_files", "kasztp", "node_files", "userbait"] {
        if let Ok(t) = std::fs::read_to_string(dir.join(format!("{name}.txt"))) {
            // Every seventh line: each kind of line, in a test that stays
            // quick in a debug build.
            lines.extend(t.lines().step_by(7).map(String::from));
        }
    }
    lines
}

/// A string array whose rows are `rows`, some of them bytes that are not
/// UTF-8 (Arrow's promise broken, as an unchecked import can).
fn utf8_array(rows: &[Option<Vec<u8>>]) -> ArrayRef {
    let bin = BinaryArray::from_iter(rows.iter().map(|r| r.as_deref()));
    let data = bin
        .into_data()
        .into_builder()
        .data_type(arrow_schema::DataType::Utf8);
    // SAFETY: the array breaks Arrow's UTF-8 promise on purpose, as an
    // unchecked import can; the functions under test check the bytes
    // themselves and never read them as `str` unchecked.
    Arc::new(StringArray::from(unsafe { data.build_unchecked() }))
}

/// A `string_view` array whose rows are `rows`, some of them not UTF-8.
fn view_array(rows: &[Option<Vec<u8>>]) -> ArrayRef {
    let bin = arrow_array::BinaryViewArray::from_iter(rows.iter().map(|r| r.as_deref()));
    let data = bin
        .into_data()
        .into_builder()
        .data_type(arrow_schema::DataType::Utf8View);
    // SAFETY: as `utf8_array`'s.
    Arc::new(StringViewArray::from(unsafe { data.build_unchecked() }))
}

/// A `string_view` column whose views point past their buffer (a producer
/// that broke Arrow's rules; the C data interface checks nothing): such
/// rows are answered as bytes that are not UTF-8 are, never read out of
/// bounds, and the rows around them as ever.
#[test]
fn views_out_of_their_buffers_are_not_read() {
    let long = "http://a-rather-long-host-name.example/path";
    let good = StringViewArray::from(vec![Some(long), Some("http://h/"), Some(long)]);
    let mut views: Vec<u128> = good.views().to_vec();
    // Row 0: an offset past the buffer; row 2: a buffer that is not there.
    views[0] = (views[0] & !(u128::from(u32::MAX) << 96)) | (1u128 << 100);
    views[2] = (views[2] & !(u128::from(u32::MAX) << 64)) | (7u128 << 64);
    let data = good
        .into_data()
        .into_builder()
        .buffers(Vec::new())
        .add_buffer(arrow_buffer::Buffer::from_vec(views))
        .add_buffer(arrow_buffer::Buffer::from(long.as_bytes()));
    // SAFETY: broken on purpose, as an unchecked import can be.
    let col: ArrayRef = Arc::new(StringViewArray::from(unsafe { data.build_unchecked() }));
    for name in ["uri_is_valid", "uri_host", "uri_port_number"] {
        let s = spec(name).unwrap();
        for out in [
            call_array(s, &col, &[]).unwrap(),
            urikit_columns::call_views(s, std::slice::from_ref(&col), &[], 1).unwrap()[0].clone(),
        ] {
            let want: [Option<&str>; 3] = match name {
                "uri_is_valid" => [Some("false"), Some("true"), Some("false")],
                "uri_host" => [None, Some("h"), None],
                _ => [None, Some("80"), None],
            };
            let want: Vec<Option<String>> = want.iter().map(|w| w.map(String::from)).collect();
            assert_eq!(strings(&out), want, "{name}");
        }
    }
}

fn rows() -> Vec<Option<Vec<u8>>> {
    let mut rows: Vec<Option<Vec<u8>>> = datasets()
        .into_iter()
        .map(|l| Some(l.into_bytes()))
        .collect();
    rows.extend([
        None,
        Some(Vec::new()),
        Some(b"http://h\xff/".to_vec()),
        Some("http://h\u{e9}/x".as_bytes()[..9].to_vec()),
        Some("http://\u{e9}xample.com/".as_bytes().to_vec()),
        Some(b"http://[::1]:8080/p?q#f".to_vec()),
        Some(b"mailto:a@b".to_vec()),
        Some(b"//h:99999/".to_vec()),
    ]);
    rows
}

#[test]
fn kernels_agree_with_the_evaluator() {
    let rows = rows();
    let n = rows.len();
    let col = utf8_array(&rows);
    let text: Vec<Option<String>> = rows
        .iter()
        .map(|r| r.as_ref().and_then(|b| String::from_utf8(b.clone()).ok()))
        .collect();
    let large: ArrayRef = Arc::new(LargeStringArray::from(text.clone()));
    let view: ArrayRef = Arc::new(StringViewArray::from(text.clone()));
    let served = [
        "uri_is_valid",
        "uri_scheme",
        "uri_userinfo",
        "uri_authority",
        "uri_host",
        "uri_port",
        "uri_path",
        "uri_query",
        "uri_fragment",
        "uri_host_type",
        "uri_port_number",
        "uri_registrable_domain",
        "uri_public_suffix",
        "uri_icann_registrable_domain",
        "uri_icann_public_suffix",
    ];
    for name in served {
        let s = spec(name).unwrap();
        for dialect in ["rfc3986", "rfc3987", "rfc2396"] {
            let once = [Arg::Text(Some(dialect.into()))];
            let per_row: ArrayRef = Arc::new(StringArray::from(vec![dialect; n]));
            let column = [Arg::Texts(per_row)];
            let fast = call_array(s, &col, &once).unwrap();
            let slow = call_array(s, &col, &column).unwrap();
            assert_eq!(fast.to_data(), slow.to_data(), "{name} {dialect}");
            for other in [&large, &view] {
                let a = call_array(s, other, &once).unwrap();
                let b = call_array(s, other, &column).unwrap();
                assert_eq!(
                    a.to_data(),
                    b.to_data(),
                    "{name} {dialect} {}",
                    other.data_type()
                );
            }
        }
        // A slice of a column (its offsets and NULLs start past 0): the
        // rows of the whole column's answer.
        for whole in [&col, &large, &view] {
            let part = whole.slice(5, n - 9);
            let a = call_array(s, &part, &[]).unwrap();
            let b = call_array(s, whole, &[]).unwrap().slice(5, n - 9);
            assert_eq!(
                a.to_data(),
                b.to_data(),
                "{name} sliced {}",
                whole.data_type()
            );
        }
        // Without a dialect: RFC 3986.
        let none = call_array(s, &col, &[]).unwrap();
        let named = call_array(s, &col, &[Arg::Text(Some("rfc3986".into()))]).unwrap();
        assert_eq!(none.to_data(), named.to_data(), "{name}");
    }
    // Every function of the table runs on these rows.
    for s in SPECS {
        let args: Vec<Arg> = s.params[..s.required]
            .iter()
            .map(|p| match p.name() {
                "component" => Arg::Text(Some("path".into())),
                "profile" => Arg::Text(Some("ia".into())),
                _ => Arg::Text(Some("http://a/b".into())),
            })
            .collect();
        let out = call_array(s, &col, &args);
        assert!(out.is_ok_and(|a| a.len() == n), "{}", s.name);
    }
}

/// A generator of numbers below `n` (xorshift from `seed`): the same
/// rows on every run.
fn draws(seed: u64) -> impl FnMut(usize) -> usize {
    let mut state = seed;
    move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    }
}

/// Over generated rows (pieces of references: capitals, hosts longer
/// than the 32 bytes a slice is copied by at once, percent signs, text
/// beyond ASCII, bytes that are not UTF-8, NULLs), the kernels give the
/// evaluator's answers: 3 x 40,000 rows a run, as a column that is all
/// UTF-8 (the kernels' checked range) and as one that is not (row by
/// row), whole and sliced.
#[test]
fn kernels_agree_on_generated_rows() {
    const PIECES: &[&[u8]] = &[
        b"http:",
        b"//",
        b"HTTPS://",
        b"a",
        b"Z",
        b".",
        b"example",
        b".co.uk",
        b".GitHub.io",
        b"[::1]",
        b"[v7.x]",
        b":",
        b"8080",
        b"/",
        b"?",
        b"#",
        b"%41",
        b"%g",
        b"@",
        b"\xc3\xa9",
        b" ",
        b"xn--",
        b"..",
        b"%",
        b"-",
        b"1.2.3.4",
        b"~",
        b"www.",
        b"a-rather-long-label-of-a-host-name",
        b"\xff",
    ];
    let mut next = draws(0x2545_f491_4f6c_dd1d);
    let mut gen = |bad: bool| -> Vec<Option<Vec<u8>>> {
        (0..40_000)
            .map(|_| {
                if next(40) == 0 {
                    return None;
                }
                let mut row = Vec::new();
                for _ in 0..next(14) {
                    // The last piece, `\xff`, only in the column that may hold it.
                    row.extend_from_slice(PIECES[next(PIECES.len() - usize::from(!bad))]);
                }
                Some(row)
            })
            .collect()
    };
    let good = gen(false);
    let text: Vec<Option<String>> = good
        .iter()
        .map(|r| r.as_ref().map(|b| String::from_utf8(b.clone()).unwrap()))
        .collect();
    let n = good.len();
    let bad = gen(true);
    let columns: [ArrayRef; 4] = [
        utf8_array(&good),
        utf8_array(&bad),
        Arc::new(LargeStringArray::from(text)),
        view_array(&bad),
    ];
    // Every component (each has a loop of its own) and the other slices.
    for name in [
        "uri_is_valid",
        "uri_scheme",
        "uri_authority",
        "uri_userinfo",
        "uri_host",
        "uri_port",
        "uri_path",
        "uri_query",
        "uri_fragment",
        "uri_port_number",
        "uri_registrable_domain",
        "uri_host_type",
    ] {
        let s = spec(name).unwrap();
        let per_row: ArrayRef = Arc::new(StringArray::from(vec!["rfc3986"; n]));
        for col in &columns {
            let fast = call_array(s, col, &[]).unwrap();
            let slow = call_array(s, col, &[Arg::Texts(per_row.clone())]).unwrap();
            same(&fast, &slow, col, &format!("{name} {}", col.data_type()));
            // As Polars takes them: a slice of a view column as views
            // into the column's own buffers.
            let views = urikit_columns::call_views(s, std::slice::from_ref(col), &[], 1).unwrap();
            assert_eq!(
                strings(&views[0]),
                strings(&slow),
                "{name} {} as views",
                col.data_type()
            );
            let part = col.slice(17, n - 40);
            let fast = call_array(s, &part, &[]).unwrap();
            same(
                &fast,
                &slow.slice(17, n - 40),
                &part,
                &format!("{name} sliced"),
            );
        }
    }
}

/// The rows of a result as text (NULL: `None`), whatever its type.
/// The suffix list's functions remember the row before's host (a column
/// is most often grouped by host): over generated runs of hosts, most of
/// them the same length as the row before's and differing from it in one
/// byte anywhere (a dot moved, a capital, another letter), at every
/// length from 1 to 70 (the kept host is 64 octets at most), with rows
/// that do not parse, IP hosts, empty hosts and NULLs between them, the
/// kernels give the evaluator's answers row by row: 60,000 rows of each
/// of the four functions, as `string` and as `string_view` columns.
#[test]
fn remembered_hosts_are_the_evaluators_answers() {
    let mut next = draws(0x9e37_79b9_7f4a_7c15);
    const BYTES: &[u8] = b"ab.Aco";
    const SUFFIXES: &[&str] = &["", ".com", ".co.uk", ".github.io", ".kawasaki.jp", ".ck"];
    let mut host = b"example.com".to_vec();
    let mut rows: Vec<Option<String>> = Vec::new();
    while rows.len() < 60_000 {
        match next(16) {
            // Another host, of any length.
            0 => {
                let n = 1 + next(70);
                host = (0..n).map(|_| BYTES[next(BYTES.len())]).collect();
                host.extend_from_slice(SUFFIXES[next(SUFFIXES.len())].as_bytes());
            }
            // One byte changed: the same length, another host.
            1..=6 => {
                let k = next(host.len());
                host[k] = BYTES[next(BYTES.len())];
            }
            // Rows between, each of which leaves the host remembered.
            7 => {
                rows.push(None);
                continue;
            }
            8 => {
                let odd = [
                    "http://[::1]/",
                    "file:///x",
                    "http://1.2.3.4/",
                    "http://a b/",
                    "x",
                ];
                rows.push(Some(odd[next(odd.len())].to_owned()));
                continue;
            }
            // The same host again.
            _ => {}
        }
        let host = String::from_utf8(host.clone()).unwrap();
        rows.push(Some(format!("http://{host}/p{}", next(3))));
    }
    let n = rows.len();
    let columns: [ArrayRef; 2] = [
        Arc::new(StringArray::from(rows.clone())),
        Arc::new(StringViewArray::from(rows.clone())),
    ];
    let per_row: ArrayRef = Arc::new(StringArray::from(vec!["rfc3986"; n]));
    for name in [
        "uri_registrable_domain",
        "uri_public_suffix",
        "uri_icann_registrable_domain",
        "uri_icann_public_suffix",
    ] {
        let s = spec(name).unwrap();
        for col in &columns {
            let fast = call_array(s, col, &[]).unwrap();
            let slow = call_array(s, col, &[Arg::Texts(per_row.clone())]).unwrap();
            same(&fast, &slow, col, &format!("{name} {}", col.data_type()));
            let views = urikit_columns::call_views(s, std::slice::from_ref(col), &[], 1).unwrap();
            assert_eq!(strings(&views[0]), strings(&slow), "{name} as views");
        }
        // Row by row, as DuckDB's vectors give them.
        let slow = call_array(s, &columns[0], &[Arg::Texts(per_row.clone())]).unwrap();
        let Some(Ok(urikit_columns::Direct::Lower(parser, slice))) =
            urikit_columns::RowFn::new(s).direct(None)
        else {
            panic!("{name} has a direct kernel");
        };
        let mut got = vec![None; n];
        urikit_columns::lowered_slices(
            parser,
            slice,
            n,
            |i| rows[i].as_deref().map(str::as_bytes),
            |i, v| got[i] = v.map(String::from),
        );
        assert_eq!(got, strings(&slow), "{name} row by row");
    }
}

fn strings(a: &ArrayRef) -> Vec<Option<String>> {
    use arrow_array::cast::AsArray;
    use arrow_schema::DataType;
    (0..a.len())
        .map(|i| {
            (!a.is_null(i)).then(|| match a.data_type() {
                DataType::Utf8 => a.as_string::<i32>().value(i).to_owned(),
                DataType::Utf8View => a.as_string_view().value(i).to_owned(),
                DataType::Boolean => a.as_boolean().value(i).to_string(),
                DataType::Int32 => a
                    .as_primitive::<arrow_array::types::Int32Type>()
                    .value(i)
                    .to_string(),
                other => panic!("a result of type {other}"),
            })
        })
        .collect()
}

/// Asserts that `a` and `b` hold the same rows, naming the first that
/// differs and its input in `col` (not two whole arrays).
fn same(a: &ArrayRef, b: &ArrayRef, col: &ArrayRef, what: &str) {
    use arrow_array::cast::AsArray;
    if a.to_data() == b.to_data() {
        return;
    }
    let cell = |x: &ArrayRef, i: usize| -> String {
        if i >= x.len() {
            return "(no row)".into();
        }
        if x.is_null(i) {
            return "NULL".into();
        }
        match x.data_type() {
            arrow_schema::DataType::Utf8 => format!("{:?}", x.as_string::<i32>().value(i)),
            arrow_schema::DataType::LargeUtf8 => format!("{:?}", x.as_string::<i64>().value(i)),
            arrow_schema::DataType::Boolean => x.as_boolean().value(i).to_string(),
            arrow_schema::DataType::Int32 => x
                .as_primitive::<arrow_array::types::Int32Type>()
                .value(i)
                .to_string(),
            other => format!("({other})"),
        }
    };
    let i = (0..a.len().max(b.len()))
        .find(|&i| cell(a, i) != cell(b, i))
        .unwrap_or(0);
    let input = match col.data_type() {
        arrow_schema::DataType::Utf8 if col.is_valid(i) => {
            let c = col.as_string::<i32>();
            let o = c.value_offsets();
            format!(
                "{:?}",
                String::from_utf8_lossy(&c.value_data()[o[i] as usize..o[i + 1] as usize])
            )
        }
        _ => cell(col, i),
    };
    panic!(
        "{what}: row {i} of {input} is {} against {}",
        cell(a, i),
        cell(b, i)
    );
}

/// An unknown dialect fails the call, with a sentence that names it.
#[test]
fn an_unknown_dialect_names_itself() {
    let col: ArrayRef = Arc::new(StringArray::from(vec!["http://h/"]));
    let e = call_array(
        spec("uri_host").unwrap(),
        &col,
        &[Arg::Text(Some("nope".into()))],
    )
    .unwrap_err();
    assert!(e.contains("unknown dialect \"nope\""), "{e}");
}

/// `call_views` gives what `call_with` gives, as `string_view` for the
/// slice functions over a `string_view` column (views into the column's
/// own buffers, or inline), row for row, in one part and in several.
#[test]
fn string_view_results_are_the_slices() {
    let mut text: Vec<Option<String>> = rows()
        .into_iter()
        .map(|r| r.and_then(|b| String::from_utf8(b).ok()))
        .collect();
    // Capitals in a registrable domain, inline (12 bytes or fewer) and
    // longer: lowered into views of their own.
    for host in [
        "WWW.A-Longer-Name.CO.UK",
        "x.Ab.COM",
        "Q.example.ORG",
        "a.b.GitHub.IO",
    ] {
        text.push(Some(format!("http://{host}/p")));
    }
    let view: ArrayRef = Arc::new(StringViewArray::from(text));
    for name in [
        "uri_host",
        "uri_path",
        "uri_query",
        "uri_scheme",
        "uri_fragment",
        "uri_userinfo",
        "uri_authority",
        "uri_port",
        "uri_host_type",
        "uri_registrable_domain",
        "uri_icann_public_suffix",
        "uri_is_valid",
    ] {
        let s = spec(name).unwrap();
        let plain = urikit_columns::call_with(s, std::slice::from_ref(&view), &[], 1).unwrap();
        for threads in [1, 3] {
            let views =
                urikit_columns::call_views(s, std::slice::from_ref(&view), &[], threads).unwrap();
            let refs: Vec<&dyn Array> = views.iter().map(|a| a.as_ref()).collect();
            let joined = arrow_select::concat::concat(&refs).unwrap();
            assert_eq!(
                strings(&joined),
                strings(&plain[0]),
                "{name}, {threads} threads"
            );
            if name != "uri_is_valid" {
                assert_eq!(joined.data_type(), &arrow_schema::DataType::Utf8View);
            }
        }
    }
}

/// The rows as a column of every Arrow string type: `string` and
/// `string_view` with the rows' bytes as they are (some not UTF-8),
/// `large_string` and `string_view` of the rows that are UTF-8.
fn every_type(rows: &[Option<Vec<u8>>]) -> Vec<ArrayRef> {
    let text: Vec<Option<String>> = rows
        .iter()
        .map(|r| r.as_ref().and_then(|b| String::from_utf8(b.clone()).ok()))
        .collect();
    vec![
        utf8_array(rows),
        Arc::new(LargeStringArray::from(text.clone())),
        Arc::new(StringViewArray::from(text)),
        view_array(rows),
    ]
}

/// Function `name` with `arg` given once (its `Writer`) against `arg`
/// given as a column (the general evaluator, row by row): the same rows
/// on every column, whole and sliced, fewer than `n / 2` of them NULL.
fn once_as_per_row(name: &str, arg: &str, columns: &[ArrayRef]) {
    let s = spec(name).unwrap();
    let n = columns[0].len();
    let once = [Arg::Text(Some(arg.into()))];
    let per_row: ArrayRef = Arc::new(StringArray::from(vec![arg; n]));
    for c in columns {
        let fast = call_array(s, c, &once).unwrap();
        let slow = call_array(s, c, &[Arg::Texts(per_row.clone())]).unwrap();
        let what = format!("{name} {arg} {}", c.data_type());
        same(&fast, &slow, c, &what);
        assert!(fast.null_count() < n / 2, "{what}: {}", fast.null_count());
        let part = call_array(s, &c.slice(3, n - 7), &once).unwrap();
        same(&part, &slow.slice(3, n - 7), c, &format!("{what}, sliced"));
    }
}

/// `uri_surt` with its options given once is written straight into the
/// result's bytes; given as a column, each row goes through the general
/// evaluator. Both give the same keys on every dataset line and on rows
/// that are NULL, empty, `filedesc` lines, not UTF-8 or cut inside a
/// character, in every Arrow string type, whole and sliced; without
/// options (or NULL ones) the keys are those of the defaults; options that
/// do not exist are the same error either way.
#[test]
fn surt_written_in_place_as_the_evaluator_gives_it() {
    let mut rows = rows();
    rows.extend([
        Some(b"filedesc://x.arc".to_vec()),
        Some("filedesc:\u{e9}".as_bytes().to_vec()),
        Some(b"dns:archive.org".to_vec()),
        Some(
            b"HTTP://www.Archive.org:80/goo/?b&a&jsessionid=0123456789abcdef0123456789abcdef"
                .to_vec(),
        ),
    ]);
    let columns = every_type(&rows);
    // The defaults spelled out, per row, are the empty list.
    for options in ["", "with_scheme,trailing_comma", "host_massage=false"] {
        once_as_per_row("uri_surt", options, &columns);
    }
    let s = spec("uri_surt").unwrap();
    for c in &columns {
        let listed = call_array(s, c, &[Arg::Text(Some(String::new()))]).unwrap();
        for absent in [vec![], vec![Arg::Text(None)]] {
            let keys = call_array(s, c, &absent).unwrap();
            assert_eq!(keys.data_type(), &arrow_schema::DataType::Utf8);
            same(&keys, &listed, c, "uri_surt, options absent or NULL");
        }
    }
    let (col, n) = (&columns[0], columns[0].len());
    let bad = [Arg::Text(Some("colour=blue".into()))];
    let per_row: ArrayRef = Arc::new(StringArray::from(vec!["colour=blue"; n]));
    let fast = call_array(s, col, &bad).unwrap_err();
    let slow = call_array(s, col, &[Arg::Texts(per_row)]).unwrap_err();
    assert_eq!(fast, slow);
    assert!(fast.contains("colour"), "{fast}");
}

/// `uri_normalize` with its dialect given once is written straight into
/// the result's bytes; given as a column, each row goes through the
/// general evaluator: the same answers on every dataset line and on the
/// odd rows, in every Arrow string type, under three dialects; the WHATWG
/// reading stays with the evaluator and still answers.
#[test]
fn normalize_written_in_place_as_the_evaluator_gives_it() {
    let columns = every_type(&rows());
    for dialect in ["rfc3986", "rfc3987", "rfc2396", "whatwg"] {
        once_as_per_row("uri_normalize", dialect, &columns);
    }
    let (s, col) = (spec("uri_normalize").unwrap(), &columns[0]);
    let none = call_array(s, col, &[]).unwrap();
    let named = call_array(s, col, &[Arg::Text(Some("rfc3986".into()))]).unwrap();
    same(&none, &named, col, "uri_normalize without a dialect");
    let bad = call_array(s, col, &[Arg::Text(Some("rfc9999".into()))]).unwrap_err();
    assert!(bad.contains("rfc9999"), "{bad}");
}

/// `uri_canonical` with its profile given once is written straight into
/// the result's bytes; given as a column, each row goes through the
/// general evaluator: the same answers for every profile on every dataset
/// line and on the odd rows, in every Arrow string type. A NULL profile
/// is a NULL row, as the profile is required.
#[test]
fn canonical_written_in_place_as_the_evaluator_gives_it() {
    let columns = every_type(&rows());
    for profile in urikit::canonical::Profile::ALL.iter().map(|p| p.name()) {
        once_as_per_row("uri_canonical", profile, &columns);
    }
    let (s, col) = (spec("uri_canonical").unwrap(), &columns[0]);
    let null = call_array(s, col, &[Arg::Text(None)]).unwrap();
    assert_eq!(null.null_count(), col.len());
    let bad = call_array(s, col, &[Arg::Text(Some("tidy".into()))]).unwrap_err();
    assert!(bad.contains("w3lib"), "{bad}");
}

/// Safe Browsing's expressions and hashes are written straight into a
/// `list<string>` column; the general evaluator (`RowFn::eval`, a row at
/// a time) and the `Lister` (DuckDB's) give the same lists, and NULL for
/// the same rows, on every
/// dataset line and on rows that are NULL, empty, not UTF-8, cut inside a
/// character or refused by the client, in every Arrow string type, whole
/// and sliced.
#[test]
fn safebrowsing_lists_written_as_the_evaluator_gives_them() {
    use arrow_array::cast::AsArray;
    let mut rows = rows();
    rows.extend([
        Some(b"http:/no-authority".to_vec()),
        Some(b"http://%25%32%35/a/./b/../c//d?q=1#f".to_vec()),
        Some(b"http://a.b.c.d.e.f.g.h.i.com/1/2/3/4/5.html?x".to_vec()),
        Some(b"http://3279880203/blah".to_vec()),
    ]);
    for name in ["uri_safebrowsing_expressions", "uri_safebrowsing_hashes"] {
        let s = spec(name).unwrap();
        let mut f = urikit_columns::RowFn::new(s);
        let want: Vec<Option<Vec<String>>> = rows
            .iter()
            .map(|r| {
                let r = r.as_ref()?;
                f.eval(r, &[], |v| match v {
                    urikit_columns::Value::List(items) => Some(
                        items
                            .into_iter()
                            .map(|i| i.expect("no NULL item").into_owned())
                            .collect(),
                    ),
                    urikit_columns::Value::Null => None,
                    other => panic!("{name}: {other:?}"),
                })
                .unwrap()
            })
            .collect();
        assert!(want.iter().filter(|w| w.is_some()).count() > rows.len() / 2);
        // DuckDB's way, a row's items at a time, in order.
        let mut lister = urikit_columns::Lister::of(s).unwrap();
        for (r, want) in rows.iter().zip(&want) {
            let mut items = Vec::new();
            let got = r.as_ref().is_some_and(|r| {
                lister.each(r, |i| items.push(String::from_utf8(i.to_vec()).unwrap()))
            });
            assert_eq!(
                got.then_some(items).as_ref(),
                want.as_ref(),
                "{name}: {r:?}"
            );
        }
        for c in every_type(&rows) {
            for (skip, len) in [(0, c.len()), (3, c.len() - 7)] {
                let got = call_array(s, &c.slice(skip, len), &[]).unwrap();
                let got = got.as_list::<i32>();
                assert_eq!(got.len(), len);
                for (i, want) in want[skip..skip + len].iter().enumerate() {
                    let got = got.is_valid(i).then(|| {
                        let items = got.value(i);
                        let items = items.as_string::<i32>();
                        assert_eq!(items.null_count(), 0);
                        items
                            .iter()
                            .map(|s| s.unwrap().to_owned())
                            .collect::<Vec<_>>()
                    });
                    assert_eq!(&got, want, "{name}, {}, row {}", c.data_type(), skip + i);
                }
            }
        }
    }
}

/// `uri_tldextract` with its flag given once (or absent, or NULL) is
/// written straight into its struct's children; given as a column, each
/// row goes through the general evaluator. Both give the same parts on
/// every dataset line and on rows that are NULL, empty, not UTF-8, cut
/// inside a character, IP addresses, ideographic full stops and wildcard
/// suffixes, in every Arrow string type, whole and sliced.
#[test]
fn tldextract_written_in_place_as_the_evaluator_gives_it() {
    let mut rows = rows();
    rows.extend([
        Some(
            "http://a\u{3002}example\u{ff0e}co\u{ff61}uk/"
                .as_bytes()
                .to_vec(),
        ),
        Some(b"http://waiterrant.blogspot.com".to_vec()),
        Some(b"https://u@www.city.kawasaki.jp:80/x".to_vec()),
        Some(b"http://a.b.ck/".to_vec()),
        Some(b"http://127.0.0.1:8080/".to_vec()),
        Some(b"http://[2001:db8::1]/".to_vec()),
        Some(b"  ..example.com. ".to_vec()),
    ]);
    let s = spec("uri_tldextract").unwrap();
    let columns = every_type(&rows);
    let n = rows.len();
    for private in [false, true] {
        let per_row: ArrayRef = Arc::new(arrow_array::BooleanArray::from(vec![private; n]));
        for c in &columns {
            let slow = call_array(s, c, &[Arg::Flags(per_row.clone())]).unwrap();
            let what = format!("uri_tldextract {private} {}", c.data_type());
            let once = [Arg::Flag(Some(private))];
            let fast = call_array(s, c, &once).unwrap();
            assert_eq!(fast.data_type(), &urikit_columns::data_type(s.ty));
            assert_eq!(fast.to_data(), slow.to_data(), "{what}");
            assert!(fast.null_count() < n / 4, "{what}");
            let part = call_array(s, &c.slice(3, n - 7), &once).unwrap();
            assert_eq!(
                part.to_data(),
                slow.slice(3, n - 7).to_data(),
                "{what}, sliced"
            );
            if !private {
                for absent in [vec![], vec![Arg::Flag(None)]] {
                    let got = call_array(s, c, &absent).unwrap();
                    assert_eq!(got.to_data(), slow.to_data(), "{what}, flag absent");
                }
            }
        }
    }
    // The parts themselves, as the library gives them.
    use arrow_array::cast::AsArray;
    let col: ArrayRef = Arc::new(StringArray::from(vec![
        Some("http://forums.bbc.co.uk/"),
        None,
        Some("http://a.b.blogspot.com"),
    ]));
    let got = call_array(s, &col, &[Arg::Flag(Some(true))]).unwrap();
    let got = got.as_struct();
    let text = |k: usize, i: usize| got.column(k).as_string::<i32>().value(i).to_owned();
    assert_eq!(
        (text(0, 0), text(1, 0), text(2, 0)),
        ("forums".into(), "bbc".into(), "co.uk".into())
    );
    assert!(got.is_null(1) && got.column(0).is_null(1));
    assert_eq!(
        (text(1, 2), text(2, 2), text(4, 2)),
        ("b".into(), "blogspot.com".into(), "com".into())
    );
    assert!(got.column(3).as_boolean().value(2));
}
