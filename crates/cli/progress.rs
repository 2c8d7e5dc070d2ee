//! The progress bar of a batch on a terminal: drawn only once the batch
//! has run for a moment (a quick run draws nothing, no flicker), then kept
//! ticking, so that a slow puzzle (a hard 25x25 one takes seconds) shows
//! a moving spinner and the time spent instead of a still bar.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread::{self, JoinHandle};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long a batch runs before its bar is drawn.
const SHOW_AFTER: Duration = Duration::from_millis(500);

/// How often a drawn bar is redrawn with nothing new (spinner, time).
const TICK: Duration = Duration::from_millis(100);

/// A bar that shows itself after [`SHOW_AFTER`]; [`Progress::finish`]
/// clears it (or stops it from ever showing).
pub struct Progress {
    bar: ProgressBar,
    /// Dropping the sender tells the thread that would show the bar to
    /// stop waiting.
    show: Option<(mpsc::Sender<()>, JoinHandle<()>)>,
}

impl Progress {
    /// A bar of `len` steps in the style of `template` (an indicatif
    /// template; `{msg}` is what [`Progress::advance`] says).
    pub fn new(len: u64, template: &str) -> Progress {
        let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::hidden());
        bar.set_style(ProgressStyle::with_template(template).expect("a valid template"));
        bar.set_message("0 puzzles done");
        let (tx, rx) = mpsc::channel::<()>();
        let shown = bar.clone();
        let handle = thread::spawn(move || {
            if let Err(RecvTimeoutError::Timeout) = rx.recv_timeout(SHOW_AFTER) {
                shown.set_draw_target(ProgressDrawTarget::stderr());
                shown.enable_steady_tick(TICK);
            }
        });
        Progress {
            bar,
            show: Some((tx, handle)),
        }
    }

    /// The bar at `position`, with `done` puzzles finished.
    pub fn advance(&self, position: u64, done: u64) {
        self.bar.set_position(position);
        self.bar.set_message(format!(
            "{done} puzzle{} done",
            if done == 1 { "" } else { "s" }
        ));
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
        self.bar.finish_and_clear();
    }
}

/// The bar of a file read as it goes: bytes of the puzzles finished.
pub fn bytes(size: u64) -> Progress {
    Progress::new(
        size,
        "{spinner} {wide_bar} {bytes}/{total_bytes}, {msg}, {elapsed} (eta {eta})",
    )
}

/// The bar of an input read whole (variant puzzles): puzzles finished.
pub fn puzzles(count: u64) -> Progress {
    Progress::new(
        count,
        "{spinner} {wide_bar} {pos}/{len} puzzles, {elapsed} (eta {eta})",
    )
}
