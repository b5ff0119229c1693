//! Which engine of the route ladder answered, and for which form of the
//! input: recorded with the `route-trace` feature (tests), nothing without.

/// The engines of the ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    /// The canonical recognizer.
    Canonical,
    /// The reference resolver.
    Reference,
    /// The straight-line route.
    Straight,
    /// The `can_parse` predicate.
    Predicate,
    /// The state machine.
    StateMachine,
}

/// The form of the input an engine answered for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// The input as given.
    Given,
    /// Without leading and trailing C0 control or space.
    Trimmed,
    /// Trimmed, and without ASCII tab or newline.
    Stripped,
}

/// Records which engine answered, with the `route-trace` feature.
#[inline(always)]
pub(super) fn answered(route: Route, form: Form) {
    #[cfg(feature = "route-trace")]
    last::record(route, form);
    #[cfg(not(feature = "route-trace"))]
    let _ = (route, form);
}

/// The engine that answered an entry point's last call on this thread
/// (feature `route-trace`, for tests: it costs a thread-local write per
/// parse).
#[cfg(feature = "route-trace")]
pub mod last {
    use super::{Form, Route};
    use core::cell::Cell;

    std::thread_local! {
        static LAST: Cell<Option<(Route, Form)>> = const { Cell::new(None) };
    }

    pub(super) fn record(route: Route, form: Form) {
        LAST.with(|l| l.set(Some((route, form))));
    }

    /// The engine and input form of the last answer on this thread, and
    /// forgets it.
    pub fn take() -> Option<(Route, Form)> {
        LAST.with(|l| l.take())
    }
}
