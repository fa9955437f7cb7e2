//! The language server's framing on standard input and output, read by
//! goti itself: lsp-server's `Connection::stdio()` allocates whatever
//! `Content-Length` a client claims before reading a byte of it, so a
//! claim of 99999999999999 aborts the server and 1000000000 takes a
//! gigabyte. Here a header is bounded, a claim over [`MAX_FRAME_BYTES`] is
//! a protocol error (a clean exit with words), and a body grows only as
//! its bytes arrive. Messages are handed to the server through an
//! in-memory [`Connection`], so the server itself is the same in the tests.

use std::io::{BufRead, Read, Write};
use std::thread::JoinHandle;

use lsp_server::{Connection, Message};

/// The largest frame accepted: the document limit twice (JSON escapes a
/// document's newlines and quotes) plus a mebibyte of framing.
pub const MAX_FRAME_BYTES: usize = 2 * crate::dsl::MAX_FILE_BYTES + (1 << 20);

/// The longest header line and the most header lines of one frame.
const MAX_HEADER_LINE: usize = 1024;
const MAX_HEADER_LINES: usize = 16;

/// The threads that carry messages between standard input and output and
/// the server's connection.
pub struct Threads {
    reader: JoinHandle<Result<(), String>>,
    writer: JoinHandle<Result<(), String>>,
}

impl Threads {
    /// Waits for both: the input's error first (a protocol error ends the
    /// server's channel), then the output's.
    pub fn join(self) -> Result<(), crate::error::Error> {
        crate::error::Error::of(crate::error::ErrorKind::Io, || self.join_words())
    }

    fn join_words(self) -> Result<(), String> {
        let writer = self
            .writer
            .join()
            .map_err(|_| "the output thread failed".to_string())?;
        let reader = self
            .reader
            .join()
            .map_err(|_| "the input thread failed".to_string())?;
        reader.and(writer)
    }
}

/// A connection over standard input and output, framed by goti.
pub fn connect() -> (Connection, Threads) {
    let (server, client) = Connection::memory();
    let Connection { sender, receiver } = client;
    let reader = std::thread::spawn(move || {
        let stdin = std::io::stdin();
        let mut input = stdin.lock();
        loop {
            let message = match read_frame(&mut input)? {
                None => {
                    return Err("the editor closed the connection without `exit`".into());
                }
                Some(m) => m,
            };
            let exit = matches!(&message, Message::Notification(n) if n.method == "exit");
            if sender.send(message).is_err() {
                return Ok(());
            }
            if exit {
                return Ok(());
            }
        }
    });
    let writer = std::thread::spawn(move || {
        let stdout = std::io::stdout();
        for message in receiver {
            let mut out = stdout.lock();
            message
                .write(&mut out)
                .and_then(|()| out.flush())
                .map_err(|e| format!("cannot write to the editor: {e}"))?;
        }
        Ok(())
    });
    (server, Threads { reader, writer })
}

/// Reads one frame: `None` at the end of the input before a frame starts.
fn read_frame(input: &mut impl BufRead) -> Result<Option<Message>, String> {
    let mut length: Option<usize> = None;
    let mut lines = 0;
    loop {
        let mut line = Vec::new();
        let n = input
            .by_ref()
            .take(MAX_HEADER_LINE as u64 + 1)
            .read_until(b'\n', &mut line)
            .map_err(|e| format!("cannot read from the editor: {e}"))?;
        if n == 0 {
            return if lines == 0 {
                Ok(None)
            } else {
                Err("the input ended inside a frame's header".into())
            };
        }
        if line.len() > MAX_HEADER_LINE {
            return Err(format!(
                "protocol error: a header line longer than {MAX_HEADER_LINE} bytes"
            ));
        }
        lines += 1;
        if lines > MAX_HEADER_LINES {
            return Err(format!(
                "protocol error: more than {MAX_HEADER_LINES} header lines"
            ));
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches(['\r', '\n']);
        if text.is_empty() {
            break;
        }
        let Some((name, value)) = text.split_once(':') else {
            return Err("protocol error: a header line without `:`".into());
        };
        if name.trim().eq_ignore_ascii_case("content-length") {
            let value = value.trim();
            let claimed: u128 = value.parse().map_err(|_| {
                format!(
                    "protocol error: Content-Length `{}` is not a number",
                    crate::shown::line(value)
                )
            })?;
            if claimed > MAX_FRAME_BYTES as u128 {
                return Err(format!(
                    "protocol error: Content-Length {claimed} is over goti's limit of {MAX_FRAME_BYTES} bytes (a document is at most {} bytes)",
                    crate::dsl::MAX_FILE_BYTES
                ));
            }
            length = Some(claimed as usize);
        }
    }
    let Some(length) = length else {
        return Err("protocol error: a frame without Content-Length".into());
    };
    // Grows as the bytes arrive: a claim is never allocated up front.
    let mut body = Vec::new();
    input
        .by_ref()
        .take(length as u64)
        .read_to_end(&mut body)
        .map_err(|e| format!("cannot read from the editor: {e}"))?;
    if body.len() < length {
        return Err("the input ended inside a frame's body".into());
    }
    let mut framed = format!("Content-Length: {length}\r\n\r\n").into_bytes();
    framed.append(&mut body);
    match Message::read(&mut std::io::Cursor::new(framed)) {
        Ok(Some(m)) => Ok(Some(m)),
        Ok(None) => Err("protocol error: an empty frame".into()),
        Err(e) => Err(format!("protocol error: {e}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_huge_claim_is_refused_before_any_allocation() {
        for claim in [
            "99999999999999",
            "1000000000",
            "340282366920938463463374607431768211456",
        ] {
            let input = format!("Content-Length: {claim}\r\n\r\n{{}}");
            let e = read_frame(&mut input.as_bytes()).unwrap_err();
            assert!(
                e.contains("protocol error") && e.contains("over goti's limit")
                    || e.contains("not a number"),
                "{e}"
            );
        }
    }

    #[test]
    fn frames_read_as_messages() {
        let body = r#"{"jsonrpc":"2.0","method":"exit"}"#;
        let input = format!(
            "Content-Length: {}\r\nContent-Type: x\r\n\r\n{body}",
            body.len()
        );
        let m = read_frame(&mut input.as_bytes()).unwrap().unwrap();
        assert!(matches!(m, Message::Notification(n) if n.method == "exit"));
        assert!(read_frame(&mut "".as_bytes()).unwrap().is_none());
        let cut = "Content-Length: 10\r\n\r\n{}";
        assert!(read_frame(&mut cut.as_bytes())
            .unwrap_err()
            .contains("ended"));
        let long = format!("X: {}\r\n", "a".repeat(5000));
        assert!(read_frame(&mut long.as_bytes())
            .unwrap_err()
            .contains("longer"));
    }
}
