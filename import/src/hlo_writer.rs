//! The writer of XLA HLO text from the hlo dialect (filled by the HLO writer work).
