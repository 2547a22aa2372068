//! The execution time report: wall time per pass, in pipeline order, as `mlir-opt
//! --mlir-timing` prints it.
//!
//! ```text
//! ===-------------------------------------------------------------------------===
//!                          ... Execution time report ...
//! ===-------------------------------------------------------------------------===
//!   Total Execution Time: 0.0135 seconds
//!
//!   ----Wall Time----  ----Name----
//!     0.0010 (  7.4%)  'func.func' Pipeline
//!     0.0005 (  3.7%)    CSE
//!     0.0002 (  1.5%)  DCE
//!     0.0135 (100.0%)  Total
//! ```
//!
//! A nested pipeline's row is the time spent in it (its passes and the walk over the
//! operations it anchors on), and its passes are indented under it; a pass that runs on
//! many functions has one row with the sum. Percentages are of the total wall time.

use std::fmt::Write;
use std::time::Duration;

/// One line of the report.
#[derive(Clone, Debug)]
pub struct TimingRow {
    /// Nesting depth: 0 for passes on the root operation.
    pub depth: usize,
    pub name: String,
    pub elapsed: Duration,
}

/// The timing of one pass manager run.
#[derive(Clone, Debug)]
pub struct TimingReport {
    /// Rows in pipeline order.
    pub rows: Vec<TimingRow>,
    /// The wall time of the whole run.
    pub total: Duration,
}

impl TimingReport {
    /// Renders the report; see the module documentation.
    pub fn render(&self) -> String {
        let rule = format!("==={}===", "-".repeat(73));
        let title = "... Execution time report ...";
        let mut out = String::new();
        let _ = writeln!(out, "{rule}");
        let _ = writeln!(out, "{:>width$}", title, width = (rule.len() + title.len()) / 2);
        let _ = writeln!(out, "{rule}");
        let total = self.total.as_secs_f64();
        let _ = writeln!(out, "  Total Execution Time: {total:.4} seconds");
        let _ = writeln!(out);
        let _ = writeln!(out, "  ----Wall Time----  ----Name----");
        let percent = |seconds: f64| if total > 0.0 { seconds / total * 100.0 } else { 0.0 };
        for row in &self.rows {
            let seconds = row.elapsed.as_secs_f64();
            let indent = "  ".repeat(row.depth);
            let _ = writeln!(out, "  {seconds:>8.4} ({:>5.1}%)  {indent}{}", percent(seconds), row.name);
        }
        let _ = writeln!(out, "  {total:>8.4} ({:>5.1}%)  Total", if total > 0.0 { 100.0 } else { 0.0 });
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_rows_with_percentages() {
        let report = TimingReport {
            rows: vec![
                TimingRow { depth: 0, name: "'func.func' Pipeline".to_string(), elapsed: Duration::from_millis(500) },
                TimingRow { depth: 1, name: "CSE".to_string(), elapsed: Duration::from_millis(250) },
                TimingRow { depth: 0, name: "DCE".to_string(), elapsed: Duration::from_millis(125) },
            ],
            total: Duration::from_secs(1),
        };
        let expected = "\
===-------------------------------------------------------------------------===
                         ... Execution time report ...
===-------------------------------------------------------------------------===
  Total Execution Time: 1.0000 seconds

  ----Wall Time----  ----Name----
    0.5000 ( 50.0%)  'func.func' Pipeline
    0.2500 ( 25.0%)    CSE
    0.1250 ( 12.5%)  DCE
    1.0000 (100.0%)  Total
";
        assert_eq!(report.render(), expected);
    }
}
