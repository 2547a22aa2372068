//! The wall time of each phase of a compilation, for `xla-aotc --timing` and
//! `xla-run --timing`: the passes from hlo to the llvm dialect, translation to LLVM IR,
//! LLVM's optimization and the object's emission, as rows of the execution time report
//! `xla-opt --timing` prints ([`TimingReport`]).
//!
//! Invariant: rows keep the order in which their phases first ran; a phase that runs more
//! than once (the verifier after each pass) is one row with the sum of its runs, and the
//! report's total is the sum of the rows.

use std::time::{Duration, Instant};

use xla_ir::pass::{TimingReport, TimingRow};

/// The phases of one compilation and the time each took.
#[derive(Clone, Debug, Default)]
pub struct PhaseTimes {
    rows: Vec<TimingRow>,
}

impl PhaseTimes {
    /// Runs `phase`, adding its wall time to the row `name`.
    pub fn time<T>(&mut self, name: &str, phase: impl FnOnce() -> T) -> T {
        let start = Instant::now();
        let result = phase();
        self.add(name, start.elapsed());
        result
    }

    /// Adds `elapsed` to the row `name`, which is appended when it is new.
    pub fn add(&mut self, name: &str, elapsed: Duration) {
        match self.rows.iter_mut().find(|row| row.name == name) {
            Some(row) => row.elapsed += elapsed,
            None => self.rows.push(TimingRow { depth: 0, name: name.to_string(), elapsed }),
        }
    }

    /// Adds every row of `other` ([`PhaseTimes::add`]): the phases of a compilation after
    /// the ones before it.
    pub fn extend(&mut self, other: &PhaseTimes) {
        for row in &other.rows {
            self.add(&row.name, row.elapsed);
        }
    }

    /// The rows, in the order their phases first ran.
    pub fn rows(&self) -> &[TimingRow] {
        &self.rows
    }

    /// The execution time report of these phases, its total their sum.
    pub fn report(&self) -> TimingReport {
        TimingReport { rows: self.rows.clone(), total: self.rows.iter().map(|row| row.elapsed).sum() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_phase_run_twice_is_one_row_in_first_run_order() {
        let mut phases = PhaseTimes::default();
        phases.add("fusion", Duration::from_millis(3));
        phases.add("Verifier", Duration::from_millis(1));
        assert_eq!(phases.time("lower-to-loops", || 7), 7);
        phases.add("Verifier", Duration::from_millis(2));
        let names: Vec<&str> = phases.rows().iter().map(|row| row.name.as_str()).collect();
        assert_eq!(names, ["fusion", "Verifier", "lower-to-loops"]);
        assert_eq!(phases.rows()[1].elapsed, Duration::from_millis(3));
        let report = phases.report();
        assert_eq!(report.total, phases.rows().iter().map(|row| row.elapsed).sum());
        assert!(report.render().contains("  Verifier\n"));
    }
}
