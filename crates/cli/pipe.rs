//! Standard input from a pipe, read on a thread of its own, so that the
//! batch can ask whether more is coming within a moment without blocking:
//! a puzzle is taken whole when its writer pauses after it (see
//! `sudoku_engine::sizes::format::peek_streaming`), and a script that
//! writes a jigsaw's givens and its map with two commands still has them
//! read as one puzzle.

use std::collections::VecDeque;
use std::io::{self, Read};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// Bytes read ahead at most: the reading thread waits while this many are
/// queued, so a pipe faster than the solving keeps memory bounded.
const AHEAD: usize = 1 << 20;

/// What the reading thread has read and not yet been taken.
#[derive(Default)]
struct Queue {
    chunks: VecDeque<Vec<u8>>,
    /// Bytes in `chunks`.
    bytes: usize,
    /// The end of the input, or the error that ended the reading.
    ended: Option<Option<io::Error>>,
}

type Shared = Arc<(Mutex<Queue>, Condvar)>;

/// The reading end: what the thread read, in order.
pub struct PipeReader {
    shared: Shared,
    /// The front chunk, being taken.
    front: Vec<u8>,
    at: usize,
}

/// Asks whether more input arrives.
#[derive(Clone)]
pub struct Arrivals {
    shared: Shared,
}

/// Starts the thread that reads `source` and returns its reading end.
pub fn spawn(mut source: impl Read + Send + 'static) -> (PipeReader, Arrivals) {
    let shared: Shared = Arc::default();
    let theirs = Arc::clone(&shared);
    std::thread::spawn(move || {
        let (lock, signal) = &*theirs;
        loop {
            let mut chunk = vec![0; 1 << 16];
            let read = loop {
                match source.read(&mut chunk) {
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    other => break other,
                }
            };
            let mut queue = lock.lock().expect("pipe queue");
            match read {
                Ok(0) => queue.ended = Some(None),
                Ok(n) => {
                    chunk.truncate(n);
                    queue.bytes += n;
                    queue.chunks.push_back(chunk);
                }
                Err(e) => queue.ended = Some(Some(e)),
            }
            signal.notify_all();
            if queue.ended.is_some() {
                return;
            }
            while queue.bytes >= AHEAD {
                queue = signal.wait(queue).expect("pipe queue");
            }
        }
    });
    let reader = PipeReader {
        shared: Arc::clone(&shared),
        front: Vec::new(),
        at: 0,
    };
    (reader, Arrivals { shared })
}

impl Read for PipeReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.at == self.front.len() {
            let (lock, signal) = &*self.shared;
            let mut queue = lock.lock().expect("pipe queue");
            loop {
                if let Some(chunk) = queue.chunks.pop_front() {
                    queue.bytes -= chunk.len();
                    signal.notify_all();
                    self.front = chunk;
                    self.at = 0;
                    break;
                }
                match &mut queue.ended {
                    Some(error) => return error.take().map_or(Ok(0), Err),
                    None => queue = signal.wait(queue).expect("pipe queue"),
                }
            }
        }
        let n = (self.front.len() - self.at).min(buf.len());
        buf[..n].copy_from_slice(&self.front[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

impl Arrivals {
    /// Whether input not yet taken is there, or comes within `wait`; false
    /// at the end of the input.
    pub fn within(&self, wait: Duration) -> bool {
        let (lock, signal) = &*self.shared;
        let queue = lock.lock().expect("pipe queue");
        let (queue, _) = signal
            .wait_timeout_while(queue, wait, |q| q.chunks.is_empty() && q.ended.is_none())
            .expect("pipe queue");
        !queue.chunks.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    /// A source that gives its parts one read at a time, after a pause.
    struct Slow(VecDeque<&'static [u8]>, Duration);

    impl Read for Slow {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            std::thread::sleep(self.1);
            let Some(part) = self.0.pop_front() else {
                return Ok(0);
            };
            buf[..part.len()].copy_from_slice(part);
            Ok(part.len())
        }
    }

    #[test]
    fn reads_everything_in_order_and_tells_what_is_coming() {
        let parts = VecDeque::from([&b"ab"[..], b"c", b"def"]);
        let (mut reader, arrivals) = spawn(Slow(parts, Duration::from_millis(200)));
        let started = Instant::now();
        assert!(!arrivals.within(Duration::from_millis(20)));
        assert!(arrivals.within(Duration::from_secs(20)));
        assert!(started.elapsed() >= Duration::from_millis(150));
        let mut all = String::new();
        reader.read_to_string(&mut all).unwrap();
        assert_eq!(all, "abcdef");
        assert!(!arrivals.within(Duration::from_secs(20)));
    }

    #[test]
    fn a_fast_source_is_read_ahead_only_so_far() {
        let (mut reader, arrivals) = spawn(io::repeat(b'x').take(10 * AHEAD as u64));
        std::thread::sleep(Duration::from_millis(100));
        assert!(arrivals.within(Duration::ZERO));
        let queued = arrivals.shared.0.lock().unwrap().bytes;
        assert!(queued <= AHEAD + (1 << 16), "{queued}");
        assert_eq!(
            io::copy(&mut reader, &mut io::sink()).unwrap(),
            10 * AHEAD as u64
        );
    }
}
