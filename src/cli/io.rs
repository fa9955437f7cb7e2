//! Printing that never panics: a closed standard output (`goti run | head
//! -1`) ends goti quietly with status 141, as a process ended by a closed
//! pipe; any other failure to write (a full disk) ends it with status 2 and
//! a message. Standard error is best effort.

use std::fmt;
use std::io::Write;

/// Writes to standard output, with `outln!` adding a newline.
macro_rules! out {
    ($($t:tt)*) => { $crate::cli::io::write_out(format_args!($($t)*), false) };
}

macro_rules! outln {
    () => { $crate::cli::io::write_out(format_args!(""), true) };
    ($($t:tt)*) => { $crate::cli::io::write_out(format_args!($($t)*), true) };
}

/// Writes a line to standard error, ignoring failures.
macro_rules! errln {
    ($($t:tt)*) => { $crate::cli::io::write_err(format_args!($($t)*)) };
}

/// The exit status of a process ended by a closed pipe (128 + SIGPIPE).
pub const CLOSED_PIPE: i32 = 141;

/// Writes goti's own workflow command lines (`::error ...` annotations):
/// the one path around the net of [`crate::shown::output`].
macro_rules! annotation {
    ($($t:tt)*) => { $crate::cli::io::write_raw(format_args!($($t)*)) };
}

pub fn write_raw(args: fmt::Arguments) {
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_fmt(args).and_then(|()| out.write_all(b"\n")) {
        fail(e);
    }
}

/// Everything printed passes the last net (`shown::output`): no line of it
/// is a workflow command goti did not mean to write.
pub fn write_out(args: fmt::Arguments, newline: bool) {
    let text = match args.as_str() {
        Some(s) => std::borrow::Cow::Borrowed(s),
        None => std::borrow::Cow::Owned(args.to_string()),
    };
    let text = crate::shown::output(&text);
    let mut out = std::io::stdout().lock();
    let result = out.write_all(text.as_bytes()).and_then(|()| {
        if newline {
            out.write_all(b"\n")
        } else {
            Ok(())
        }
    });
    if let Err(e) = result {
        fail(e);
    }
}

pub fn write_err(args: fmt::Arguments) {
    let text = args.to_string();
    let text = crate::shown::output(&text);
    let mut err = std::io::stderr().lock();
    let _ = err
        .write_all(text.as_bytes())
        .and_then(|()| err.write_all(b"\n"));
}

/// Flushes standard output before goti exits.
pub fn flush() {
    if let Err(e) = std::io::stdout().flush() {
        fail(e);
    }
}

fn fail(e: std::io::Error) -> ! {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(CLOSED_PIPE);
    }
    write_err(format_args!("error: cannot write the output: {e}"));
    std::process::exit(2);
}
