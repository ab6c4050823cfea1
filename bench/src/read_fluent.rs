// fluent-uri is a dev-dependency: this is included by the benchmark and
// the work example, which have it.

/// `urikit_bench::read_urikit` with fluent-uri.
#[inline(never)]
pub fn read_fluent(s: &str) -> usize {
    match fluent_uri::UriRef::parse(s) {
        Ok(u) => {
            u.authority().map_or(0, |a| a.host().len())
                + u.path().as_str().len()
                + u.query().map_or(0, |q| q.as_str().len())
                + 1
        }
        Err(_) => 0,
    }
}
