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

pub fn write_out(args: fmt::Arguments, newline: bool) {
    let mut out = std::io::stdout().lock();
    let result = out.write_fmt(args).and_then(|()| {
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
    let mut err = std::io::stderr().lock();
    let _ = err.write_fmt(args).and_then(|()| err.write_all(b"\n"));
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
