//! Passes.
