//! One HLO computation being written: its instruction lines, which line defines each IR
//! value, and which line is the ROOT.
//!
//! A computation is written from one block: its arguments become `parameter(i)` lines (or,
//! for a `while` with several loop values, one tuple parameter and a `get-tuple-element` per
//! value), its operations become instructions, and its terminator's operands become the
//! ROOT (a `tuple` of them unless there is exactly one).
//!
//! Invariant: a value is bound to a line before any line names it, so operands always refer
//! to earlier instructions of the same computation; a value with no binding is one the block
//! captured from an enclosing region, which HLO cannot express.

use std::collections::HashMap;

use xla_ir::ValueId;

/// One instruction: `name = shape opcode(operands), attributes`.
struct Line {
    name: String,
    shape: String,
    /// `opcode(operands)` followed by `, attr=value` entries.
    rest: String,
}

/// A computation under construction; see the module documentation.
pub(crate) struct Computation {
    pub(crate) name: String,
    lines: Vec<Line>,
    values: HashMap<ValueId, usize>,
    root: Option<usize>,
}

/// An instruction of a [`Computation`], by position.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) struct Inst(usize);

impl Computation {
    pub(crate) fn new(name: String) -> Computation {
        Computation { name, lines: Vec::new(), values: HashMap::new(), root: None }
    }

    /// Appends `name = shape opcode(operands), attrs...`.
    pub(crate) fn push(&mut self, name: String, shape: String, opcode: &str, operands: &[String], attrs: &[String]) -> Inst {
        let mut rest = format!("{opcode}({})", operands.join(", "));
        for a in attrs {
            rest.push_str(", ");
            rest.push_str(a);
        }
        self.lines.push(Line { name, shape, rest });
        Inst(self.lines.len() - 1)
    }

    /// The name of instruction `inst`.
    pub(crate) fn name(&self, inst: Inst) -> &str {
        &self.lines[inst.0].name
    }

    /// The shape text of instruction `inst`.
    pub(crate) fn shape(&self, inst: Inst) -> &str {
        &self.lines[inst.0].shape
    }

    /// Records that `inst` defines `value`.
    pub(crate) fn bind(&mut self, value: ValueId, inst: Inst) {
        self.values.insert(value, inst.0);
    }

    /// The instruction that defines `value`, if this computation has one.
    pub(crate) fn inst_of(&self, value: ValueId) -> Option<Inst> {
        self.values.get(&value).copied().map(Inst)
    }

    /// Marks `inst` as the ROOT.
    pub(crate) fn set_root(&mut self, inst: Inst) {
        self.root = Some(inst.0);
    }

    /// The shape of the ROOT instruction, once set.
    pub(crate) fn root_shape(&self) -> Option<&str> {
        self.root.map(|r| self.lines[r].shape.as_str())
    }

    /// The text of the computation, `ENTRY`-prefixed when `entry`.
    pub(crate) fn text(&self, entry: bool) -> String {
        let mut out = String::new();
        if entry {
            out.push_str("ENTRY ");
        }
        out.push_str(&self.name);
        out.push_str(" {\n");
        for (i, line) in self.lines.iter().enumerate() {
            out.push_str("  ");
            if self.root == Some(i) {
                out.push_str("ROOT ");
            }
            out.push_str(&format!("{} = {} {}\n", line.name, line.shape, line.rest));
        }
        out.push_str("}\n");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_print_with_the_root_marked() {
        let mut c = Computation::new("f".to_string());
        let p = c.push("Arg_0.1".into(), "f32[]".into(), "parameter", &["0".into()], &[]);
        let a = c.push("add.2".into(), "f32[]".into(), "add", &["Arg_0.1".into(), "Arg_0.1".into()], &[]);
        c.set_root(a);
        assert_eq!(c.name(p), "Arg_0.1");
        assert_eq!(c.root_shape(), Some("f32[]"));
        assert_eq!(c.text(false), "f {\n  Arg_0.1 = f32[] parameter(0)\n  ROOT add.2 = f32[] add(Arg_0.1, Arg_0.1)\n}\n");
    }
}
