//! The backtracking state of [`super::Program::exec`]: the alternatives
//! still to try (with the capture values to restore on the way back) and
//! the (split, position) pairs already explored. Both live in place while
//! small, so matching a route allocates nothing in the common case; larger
//! ones move to the heap, without limit other than the input's length.

use alloc::vec;
use alloc::vec::Vec;

#[derive(Clone, Copy)]
pub(super) enum Job {
    /// Continue at instruction `pc`, byte `pos`: a split's alternative.
    Explore { pc: usize, pos: usize },
    /// Put back a capture slot's value: undoing a failed path's `Save`.
    Restore { slot: usize, old: Option<usize> },
    /// Put back a register's value: undoing a failed path's `IterStart`.
    Register { register: usize, old: usize },
}

/// Jobs kept in place: routes backtrack over a handful of alternatives.
const INLINE_JOBS: usize = 16;
/// Visited-set words kept in place: splits × (input length + 1) bits.
const INLINE_WORDS: usize = 8;

/// The alternatives still to try and the (split, position) pairs explored,
/// in place while they are small.
pub(super) struct Backtrack {
    pub(super) stack: Stack,
    visited: Words,
    /// Where the current iteration of each loop with an empty check began.
    pub(super) registers: Vec<usize>,
    /// The last run each `Inst::Run` found (start, end), by split number;
    /// made at the first run.
    runs: Vec<(usize, usize)>,
}

/// The first [`INLINE_JOBS`] jobs in place, the rest on the heap.
pub(super) struct Stack {
    inline: [Job; INLINE_JOBS],
    len: usize,
    heap: Vec<Job>,
}

enum Words {
    Inline([u64; INLINE_WORDS]),
    Heap(Vec<u64>),
}

impl Backtrack {
    /// For `rows` rows of visited cells (one per split, or more: see
    /// `Program::cell`) and `registers` registers.
    pub(super) fn new(rows: usize, registers: usize, input: &str) -> Backtrack {
        let splits = rows;
        let cells = splits.saturating_mul(input.len().saturating_add(1));
        let visited = match cells.div_ceil(64) {
            words if words <= INLINE_WORDS => Words::Inline([0; INLINE_WORDS]),
            words => Words::Heap(vec![0; words]),
        };
        let stack = Stack {
            inline: [Job::Explore { pc: 0, pos: 0 }; INLINE_JOBS],
            len: 0,
            heap: Vec::new(),
        };
        Backtrack {
            stack,
            visited,
            registers: vec![usize::MAX; registers],
            runs: Vec::new(),
        }
    }

    /// The run split `n`'s `Inst::Run` found last: (start, end), or an
    /// empty range.
    pub(super) fn run_cache(&self, n: usize) -> (usize, usize) {
        self.runs.get(n).copied().unwrap_or((0, 0))
    }

    /// Records the run from `start` to `end` for split `n`.
    pub(super) fn set_run_cache(&mut self, n: usize, start: usize, end: usize) {
        if self.runs.len() <= n {
            self.runs.resize(n + 1, (0, 0));
        }
        if let Some(r) = self.runs.get_mut(n) {
            *r = (start, end);
        }
    }

    /// Sets `register` to `pos`, keeping the old value to restore if the
    /// path fails and an alternative is pending.
    pub(super) fn set_register(&mut self, register: usize, pos: usize) {
        let Some(r) = self.registers.get_mut(register) else {
            return;
        };
        let old = core::mem::replace(r, pos);
        if !self.stack.is_empty() {
            self.stack.push(Job::Register { register, old });
        }
    }

    /// Marks `cell`; false when it was marked already (or out of range,
    /// which cannot happen: the set has a cell per split and position).
    pub(super) fn first_visit(&mut self, cell: usize) -> bool {
        let words: &mut [u64] = match &mut self.visited {
            Words::Inline(w) => w,
            Words::Heap(w) => w,
        };
        let Some(word) = words.get_mut(cell / 64) else {
            return false;
        };
        let bit = 1u64 << (cell % 64);
        let first = *word & bit == 0;
        *word |= bit;
        first
    }
}

impl Stack {
    pub(super) fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub(super) fn push(&mut self, job: Job) {
        match self.inline.get_mut(self.len) {
            Some(slot) => *slot = job,
            None => self.heap.push(job),
        }
        self.len += 1;
    }

    pub(super) fn pop(&mut self) -> Option<Job> {
        self.len = self.len.checked_sub(1)?;
        match self.inline.get(self.len) {
            Some(job) => Some(*job),
            None => self.heap.pop(),
        }
    }
}
