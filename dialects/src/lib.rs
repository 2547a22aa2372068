//! Dialects: builtin, func and hlo.
