//! The bounded line reading of both readers: the 9x9 one
//! ([`super::Reader`]) and the one of every size
//! ([`crate::sizes::format::SizedReader`]).

use std::io::{self, BufRead};

use super::MAX_LINE;

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Reads lines of at most [`MAX_LINE`] bytes, dropping `\r\n`/`\n` and a
/// leading byte-order mark; longer lines are consumed but not stored.
pub(crate) struct LineReader<R> {
    inner: R,
    /// The line read last, without its end (at most [`MAX_LINE`] bytes).
    pub(crate) buf: Vec<u8>,
    /// 1-based number of the line in `buf`.
    pub(crate) number: usize,
    /// Full length of the line in `buf`, which may exceed `buf.len()`.
    pub(crate) length: usize,
    /// The next [`LineReader::next_line`] gives the line in `buf` again.
    again: bool,
    /// Whether a byte-order mark opening line 1 is dropped: not when the
    /// text is read again from the middle of an input, where a mark is a
    /// stray character.
    drop_bom: bool,
}

impl<R: BufRead> LineReader<R> {
    /// A reader at the start of `inner`.
    pub(crate) fn new(inner: R) -> LineReader<R> {
        LineReader {
            inner,
            buf: Vec::new(),
            number: 0,
            length: 0,
            again: false,
            drop_bom: true,
        }
    }

    /// Keeps a byte-order mark that opens line 1 as part of the line.
    pub(crate) fn keep_bom(&mut self) {
        self.drop_bom = false;
    }

    /// Makes the next [`LineReader::next_line`] keep the line it read last:
    /// a reader that found the line belongs to another reading takes it
    /// again.
    pub(crate) fn read_again(&mut self) {
        self.again = true;
    }

    /// Reads the next line into `buf`, its number into `number` and its
    /// full length into `length`; `false` at the end of the input.
    pub(crate) fn next_line(&mut self) -> io::Result<bool> {
        if std::mem::take(&mut self.again) {
            return Ok(true);
        }
        self.buf.clear();
        let mut length = 0;
        let mut any = false;
        loop {
            let available = match self.inner.fill_buf() {
                Ok(bytes) => bytes,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                break;
            }
            any = true;
            let (chunk, consumed, done) = match memchr::memchr(b'\n', available) {
                Some(i) => (&available[..i], i + 1, true),
                None => (available, available.len(), false),
            };
            let room = MAX_LINE.saturating_sub(self.buf.len());
            self.buf.extend_from_slice(&chunk[..chunk.len().min(room)]);
            length += chunk.len();
            self.inner.consume(consumed);
            if done {
                break;
            }
        }
        if !any {
            return Ok(false);
        }
        self.number += 1;
        if length <= MAX_LINE && self.buf.last() == Some(&b'\r') {
            self.buf.pop();
            length -= 1;
        }
        if self.number == 1 && self.drop_bom && self.buf.starts_with(BOM) {
            self.buf.drain(..BOM.len());
            length -= BOM.len();
        }
        self.length = length;
        Ok(true)
    }
}
