//! Panics caught where a face meets its caller (a C or JVM host, an
//! engine's thread): a panic must never unwind into C or the JVM, and what
//! it said becomes the error the engine raises, not lines the default
//! panic hook writes to the host process's standard error (a Spark
//! executor's log, a DuckDB shell's screen).
//!
//! The hook is installed once, the first time [`catch`] runs, and keeps
//! the one it replaces: a panic on a thread that is not inside [`catch`]
//! (the Python module's own functions, which PyO3 turns into
//! `PanicException`, or any other code of the process that shares this
//! copy of the standard library) is reported by that hook as before.

use std::cell::{Cell, RefCell};
use std::panic::{catch_unwind, AssertUnwindSafe, PanicHookInfo};
use std::sync::Once;

thread_local! {
    /// How many calls of [`catch`] this thread is inside.
    static DEPTH: Cell<u32> = const { Cell::new(0) };
    /// What the last panic inside [`catch`] on this thread said, and where.
    static LAST: RefCell<Option<String>> = const { RefCell::new(None) };
}

static HOOK: Once = Once::new();

fn install() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if DEPTH.with(Cell::get) > 0 {
            LAST.with(|l| *l.borrow_mut() = Some(describe(info)));
        } else {
            previous(info);
        }
    }));
}

/// The panic's message and the place in the source it came from.
fn describe(info: &PanicHookInfo<'_>) -> String {
    let payload = info.payload();
    let message = payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("no message");
    match info.location() {
        Some(at) => format!("{message}, at {}:{}", at.file(), at.line()),
        None => message.to_owned(),
    }
}

/// Runs `f`; a panic inside it is caught and answered as `Err` with a
/// sentence that says so, what the panic said and where, and asks for the
/// input (the face adds the function's name, and the row where it knows
/// it). Nothing is written to standard error.
///
/// ```
/// assert_eq!(urikit_columns::catch(|| 2 + 2), Ok(4));
/// let e = urikit_columns::catch(|| -> u8 { panic!("a test's panic") }).unwrap_err();
/// assert!(e.starts_with("internal error in urikit (a panic, caught: a test's panic, at "), "{e}");
/// assert!(e.ends_with("please report the input"), "{e}");
/// ```
pub fn catch<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    HOOK.call_once(install);
    DEPTH.with(|d| d.set(d.get() + 1));
    let done = catch_unwind(AssertUnwindSafe(f));
    DEPTH.with(|d| d.set(d.get() - 1));
    done.map_err(|_| {
        let said = LAST
            .with(|l| l.borrow_mut().take())
            .unwrap_or_else(|| "no message".to_owned());
        format!("internal error in urikit (a panic, caught: {said}); please report the input")
    })
}

#[cfg(test)]
mod tests {
    use super::catch;
    use std::cell::Cell;

    thread_local! {
        /// Panics this thread's earlier hook saw.
        static SEEN: Cell<u32> = const { Cell::new(0) };
    }

    /// A panic inside `catch` is its error, with what it said, and the
    /// hook the process had before does not see it; a panic outside every
    /// call still reaches that hook. Nested calls each answer their own.
    /// (The only test of this binary that calls `catch`, so the hook
    /// counted here is the one `catch` finds and keeps.)
    #[test]
    fn panics_inside_are_answered_and_outside_reach_the_earlier_hook() {
        std::panic::set_hook(Box::new(|_| SEEN.with(|s| s.set(s.get() + 1))));
        let e = catch(|| -> () { panic!("{}", String::from("an owned message")) }).unwrap_err();
        assert!(e.contains("caught: an owned message, at "), "{e}");
        assert_eq!(SEEN.with(Cell::get), 0);
        assert!(std::panic::catch_unwind(|| panic!("outside")).is_err());
        assert_eq!(SEEN.with(Cell::get), 1);
        let outer = catch(|| catch(|| -> () { panic!("inner") }).unwrap_err());
        assert!(outer.unwrap().contains("caught: inner, at "));
        assert_eq!(SEEN.with(Cell::get), 1);
    }
}
