//! Shared drivers of the command-line tools.
