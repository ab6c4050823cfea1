//! A counting global allocator: parsing must not allocate (issue: "The
//! parse builds offsets into the input and allocates nothing").

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    // `const` initialisation: no lazy set-up, so no allocation of its own.
    static COUNT: Cell<Option<usize>> = const { Cell::new(None) };
}

fn bump() {
    let _ = COUNT.try_with(|c| {
        if let Some(n) = c.get() {
            c.set(Some(n + 1));
        }
    });
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        bump();
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        bump();
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The number of allocations `f` makes on this thread.
pub fn allocations<R>(f: impl FnOnce() -> R) -> (usize, R) {
    COUNT.with(|c| c.set(Some(0)));
    let r = f();
    let n = COUNT.with(|c| c.replace(None)).unwrap();
    (n, r)
}

#[test]
fn the_counter_sees_allocations() {
    let (n, v) = allocations(|| vec![1u8; 100]);
    assert_eq!(v.len(), 100);
    assert!(n >= 1, "the counting allocator must notice a Vec");
}

#[test]
fn parsing_and_accessors_allocate_nothing() {
    let inputs: Vec<String> = [
        "foo://user:pw@example.com:8042/over/there?name=ferret#nose",
        "http://[2001:db8::7]:80/c=GB?objectClass?one",
        "http://[::ffff:1.2.3.4]/",
        "//[v1.x]/a/b/c",
        "http://10.0.0.1/%41%42?a=1&b=2#frag",
        "../a/./b?c#d",
        "",
        "http://a b/",
        "http://[1::2::3]/",
        "%zz",
    ]
    .iter()
    .map(|s| s.to_string())
    .chain(std::iter::once(format!(
        "http://h/{}",
        "a/".repeat(100_000)
    )))
    .collect();
    for s in &inputs {
        let (n, ok) = allocations(|| {
            let r = urikit::UriRef::parse(s);
            if let Ok(u) = r {
                let _ = (
                    u.scheme(),
                    u.authority(),
                    u.userinfo(),
                    u.port(),
                    u.port_u16(),
                );
                let _ = u
                    .host()
                    .map(|h| (h.host_type(), h.ipv4(), h.ipv6(), h.ip_literal()));
                let _ = (u.path(), u.query(), u.fragment());
                let segments = u.path_segments().count();
                let pairs = u.query_pairs().count();
                std::hint::black_box((segments, pairs));
            }
            r.is_ok()
        });
        assert_eq!(
            n,
            0,
            "parsing {:?} (ok: {ok}) allocated {n} times",
            &s[..s.len().min(40)]
        );
    }
}

#[test]
fn lazy_decoding_allocates_only_when_something_is_encoded() {
    let u = urikit::UriRef::parse("/plain/path?q=%41").unwrap();
    let (n, _) = allocations(|| u.path().decode_utf8().unwrap());
    assert_eq!(n, 0);
    let (n, _) = allocations(|| urikit::pct::encode("plain-text", urikit::pct::Component::Path));
    assert_eq!(n, 0);
    let (n, d) = allocations(|| u.query().unwrap().decode_utf8().unwrap().into_owned());
    assert_eq!(d, "q=A");
    assert_eq!(n, 1, "one allocation for the decoded text");
}
