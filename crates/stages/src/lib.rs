//! Which of goti's tests that need installed tools (a browser, Neovim,
//! npm packages, the built guide, a second build of goti) are built: a
//! dev-dependency of goti whose features say so, each for its own step of
//! `.ci/run`. A whole test file is kept by `required-features =
//! ["goti-stages/browser-test"]`; the tests of a file that others share
//! it with are wrapped in the feature's macro, which keeps its items only
//! with the feature on (`goti_stages::desk! { #[test] fn ... }`).
//!
//! A feature of goti's own would change goti's features, and Cargo would
//! compile goti again for each such step; these change only this crate
//! and the tests that use it.
//!
//! The `bench` feature brings divan for the speed benchmarks
//! (`benches/engine.rs`), re-exported here as [`divan`].

/// divan, for the speed benchmarks (`cargo bench --features
/// goti-stages/bench`).
#[cfg(feature = "bench")]
pub use divan;

/// Keeps its items with the `desk-test` feature (the TextMate grammar in
/// VS Code's engine, the init workflow in actionlint), else drops them.
#[cfg(feature = "desk-test")]
#[macro_export]
macro_rules! desk {
    ($($item:item)*) => { $($item)* };
}

/// Keeps its items with the `desk-test` feature, else drops them.
#[cfg(not(feature = "desk-test"))]
#[macro_export]
macro_rules! desk {
    ($($item:item)*) => {};
}

/// Keeps its items with the `guide-test` feature (the built guide's
/// links), else drops them.
#[cfg(feature = "guide-test")]
#[macro_export]
macro_rules! guide {
    ($($item:item)*) => { $($item)* };
}

/// Keeps its items with the `guide-test` feature, else drops them.
#[cfg(not(feature = "guide-test"))]
#[macro_export]
macro_rules! guide {
    ($($item:item)*) => {};
}
