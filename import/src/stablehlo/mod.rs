//! The reader of StableHLO text (filled by the StableHLO reader work).
