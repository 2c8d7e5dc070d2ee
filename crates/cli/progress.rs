//! The progress bar of a batch on a terminal: drawn only once the batch
//! has run for a moment (a quick run draws nothing, no flicker), then kept
//! ticking, so that a slow puzzle (a hard 25x25 one takes seconds) shows
//! a moving spinner and the time spent instead of a still bar.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, Once};
use std::thread::{self, JoinHandle};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long a batch runs before its bar is drawn.
const SHOW_AFTER: Duration = Duration::from_millis(500);

/// How often a drawn bar is redrawn with nothing new (spinner, time).
const TICK: Duration = Duration::from_millis(100);

/// The bar on the terminal, for Ctrl-C to clear before the process ends
/// (otherwise its last frame stays on the line the shell prompts on).
static SHOWN: Mutex<Option<ProgressBar>> = Mutex::new(None);

/// Ctrl-C's handler, installed when a bar is first drawn: runs with no
/// bar keep the default (the process ends at once).
static ON_CTRL_C: Once = Once::new();

/// A bar that shows itself after [`SHOW_AFTER`]; [`Progress::finish`]
/// clears it (or stops it from ever showing).
pub struct Progress {
    bar: ProgressBar,
    /// Puzzles done, read by the template's `{done}` when the bar is
    /// drawn: a message formatted for every part written took 3 % of a
    /// fast batch's time.
    done: Arc<AtomicU64>,
    /// Dropping the sender tells the thread that would show the bar to
    /// stop waiting.
    show: Option<(mpsc::Sender<()>, JoinHandle<()>)>,
}

impl Progress {
    /// A bar of `len` steps in the style of `template` (an indicatif
    /// template; `{done}` is the puzzles done, `N puzzles done`).
    pub fn new(len: u64, template: &str) -> Progress {
        let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::hidden());
        let done = Arc::new(AtomicU64::new(0));
        let count = Arc::clone(&done);
        let style = ProgressStyle::with_template(template)
            .expect("a valid template")
            .with_key(
                "done",
                move |_: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                    let n = count.load(Ordering::Relaxed);
                    let _ = write!(w, "{n} puzzle{} done", if n == 1 { "" } else { "s" });
                },
            );
        bar.set_style(style);
        let (tx, rx) = mpsc::channel::<()>();
        let shown = bar.clone();
        let handle = thread::spawn(move || {
            if let Err(RecvTimeoutError::Timeout) = rx.recv_timeout(SHOW_AFTER) {
                shown.set_draw_target(ProgressDrawTarget::stderr());
                shown.enable_steady_tick(TICK);
                *SHOWN.lock().unwrap_or_else(|e| e.into_inner()) = Some(shown);
                ON_CTRL_C.call_once(|| {
                    let _ = ctrlc::set_handler(|| {
                        let bar = SHOWN.lock().unwrap_or_else(|e| e.into_inner()).take();
                        if let Some(bar) = bar {
                            bar.finish_and_clear();
                        }
                        std::process::exit(130);
                    });
                });
            }
        });
        Progress {
            bar,
            done,
            show: Some((tx, handle)),
        }
    }

    /// The bar at `position`, with `done` puzzles finished.
    pub fn advance(&self, position: u64, done: u64) {
        self.done.store(done, Ordering::Relaxed);
        self.bar.set_position(position);
    }

    /// The bar, for writing around it ([`ProgressBar::suspend`]).
    pub fn bar(&self) -> &ProgressBar {
        &self.bar
    }

    /// Clears the bar, or keeps it from showing (as dropping it does).
    pub fn finish(self) {}
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some((tx, handle)) = self.show.take() {
            drop(tx);
            let _ = handle.join();
        }
        SHOWN.lock().unwrap_or_else(|e| e.into_inner()).take();
        self.bar.finish_and_clear();
    }
}

/// The bar of a file read as it goes: bytes of the puzzles finished.
pub fn bytes(size: u64) -> Progress {
    Progress::new(
        size,
        "{spinner} {wide_bar} {bytes}/{total_bytes}, {done}, {elapsed} (eta {eta})",
    )
}
