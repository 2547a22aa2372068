//! The printer of MLIR's textual syntax: the custom form of registered operations that
//! declare one (a declarative format or a hand-written hook), the generic form otherwise or
//! on request, and `loc(...)` with `debug_info`.
//!
//! Values are named as MLIR names them: numbering restarts inside every operation that is
//! `IsolatedFromAbove`; entry-block arguments are `%argN`, other values `%N`, results of a
//! multi-result operation `%N:k` (used as `%N#i`), blocks `^bbN` per region. Names are
//! assigned before printing, so uses printed before their definitions (later blocks, graph
//! regions) are named consistently. Output is deterministic.

use std::collections::HashMap;
use std::fmt::Write;

use crate::op_def::OpTrait;
use crate::{Attribute, BlockId, Body, Context, NamedAttribute, OpId, RegionId, Type, ValueDef, ValueId};

/// How to print.
#[derive(Clone, Debug, Default)]
pub struct PrintOptions {
    /// Print every operation in the generic form.
    pub generic: bool,
    /// Print `loc(...)` after every operation.
    pub debug_info: bool,
}

/// Prints `op` (usually a module) and everything nested in it, ending with a newline.
pub fn print_op(body: &Body, op: OpId, options: &PrintOptions) -> String {
    let mut printer = OpPrinter::new(body, options.clone());
    printer.number_op_regions(op, &mut Counters::default(), true);
    printer.print_operation(op);
    printer.out.push('\n');
    printer.out
}

#[derive(Default)]
struct Counters {
    value: usize,
    arg: usize,
}

/// Prints operations; custom assembly hooks write through it.
pub struct OpPrinter<'b, 'c> {
    body: &'b Body<'c>,
    options: PrintOptions,
    pub out: String,
    indent: usize,
    value_names: HashMap<ValueId, String>,
    block_names: HashMap<BlockId, String>,
}

impl<'b, 'c> OpPrinter<'b, 'c> {
    fn new(body: &'b Body<'c>, options: PrintOptions) -> Self {
        OpPrinter { body, options, out: String::new(), indent: 0, value_names: HashMap::new(), block_names: HashMap::new() }
    }

    pub fn body(&self) -> &'b Body<'c> {
        self.body
    }

    pub fn ctx(&self) -> &'c Context {
        self.body.ctx()
    }

    // ---- Naming --------------------------------------------------------------------------

    fn is_isolated(&self, op: OpId) -> bool {
        self.ctx().op_def(self.body.op(op).name).is_some_and(|d| d.has_trait(OpTrait::IsolatedFromAbove))
    }

    fn number_op_regions(&mut self, op: OpId, counters: &mut Counters, is_root: bool) {
        let mut fresh = Counters::default();
        let counters = if self.is_isolated(op) && !is_root { &mut fresh } else { counters };
        for &region in &self.body.op(op).regions {
            for (i, &block) in self.body.region(region).blocks.iter().enumerate() {
                self.block_names.insert(block, format!("bb{i}"));
                for &arg in &self.body.block(block).args {
                    let name = if i == 0 {
                        counters.arg += 1;
                        format!("arg{}", counters.arg - 1)
                    } else {
                        counters.value += 1;
                        format!("{}", counters.value - 1)
                    };
                    self.value_names.insert(arg, name);
                }
                for inner in self.body.block_ops(block) {
                    let results = &self.body.op(inner).results;
                    if !results.is_empty() {
                        let base = counters.value;
                        counters.value += 1;
                        if results.len() == 1 {
                            self.value_names.insert(results[0], format!("{base}"));
                        } else {
                            for (k, r) in results.iter().enumerate() {
                                self.value_names.insert(*r, format!("{base}#{k}"));
                            }
                        }
                    }
                    self.number_op_regions(inner, counters, false);
                }
            }
        }
    }

    /// The name of `v` without `%`; values the printer has not numbered (outside the printed
    /// operation) print as `<<UNKNOWN SSA VALUE>>`, as MLIR does.
    pub fn value_name(&self, v: ValueId) -> String {
        self.value_names.get(&v).cloned().unwrap_or_else(|| "<<UNKNOWN SSA VALUE>>".to_string())
    }

    // ---- Pieces --------------------------------------------------------------------------

    pub fn print(&mut self, text: &str) {
        self.out.push_str(text);
    }

    pub fn print_operand(&mut self, v: ValueId) {
        let name = self.value_name(v);
        self.out.push('%');
        self.out.push_str(&name);
    }

    /// Prints `%a, %b`.
    pub fn print_operands(&mut self, values: &[ValueId]) {
        for (i, v) in values.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.print_operand(*v);
        }
    }

    pub fn print_type(&mut self, ty: Type) {
        self.ctx().write_type(&mut self.out, ty);
    }

    /// Prints `a, b`.
    pub fn print_types(&mut self, types: &[Type]) {
        self.ctx().write_type_list(&mut self.out, types);
    }

    pub fn print_attr(&mut self, attr: Attribute) {
        self.ctx().write_attr(&mut self.out, attr);
    }

    /// Prints ` {a = ...}` with the attributes whose names are not in `elided`, if any.
    pub fn print_attr_dict(&mut self, attrs: &[NamedAttribute], elided: &[&str]) {
        let ctx = self.ctx();
        let kept: Vec<NamedAttribute> =
            attrs.iter().filter(|a| !elided.contains(&ctx.symbol_str(a.name))).copied().collect();
        if !kept.is_empty() {
            self.out.push(' ');
            ctx.write_attr_dict(&mut self.out, &kept);
        }
    }

    /// Prints `@name`.
    pub fn print_symbol_name(&mut self, name: &str) {
        self.out.push('@');
        crate::attributes::write_symbol_name(&mut self.out, name);
    }

    /// Prints `%arg0: type` for each argument of `block`.
    pub fn print_block_args(&mut self, block: BlockId) {
        let args = self.body.block(block).args.clone();
        for (i, a) in args.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.print_operand(*a);
            self.out.push_str(": ");
            self.print_type(self.body.value_type(*a));
        }
    }

    fn newline(&mut self) {
        self.out.push('\n');
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
    }

    /// Prints `{ ... }` with the region's blocks; the entry block's label and arguments are
    /// printed when `entry_args` is set and it has arguments (a function prints them in its
    /// signature instead).
    pub fn print_region(&mut self, region: RegionId, entry_args: bool) {
        self.out.push('{');
        let blocks = self.body.region(region).blocks.clone();
        for (i, &block) in blocks.iter().enumerate() {
            let has_args = !self.body.block(block).args.is_empty();
            if i > 0 || (entry_args && has_args) {
                self.newline();
                let _ = write!(self.out, "^{}", self.block_names.get(&block).cloned().unwrap_or_default());
                if has_args {
                    self.out.push('(');
                    self.print_block_args(block);
                    self.out.push(')');
                }
                self.out.push(':');
            }
            self.indent += 1;
            let ops: Vec<OpId> = self.body.block_ops(block).collect();
            for op in ops {
                self.newline();
                self.print_operation(op);
            }
            self.indent -= 1;
        }
        self.newline();
        self.out.push('}');
    }

    /// Prints `^bbN`.
    pub fn print_successor(&mut self, block: BlockId) {
        let name = self.block_names.get(&block).cloned().unwrap_or_else(|| "<<UNKNOWN BLOCK>>".to_string());
        let _ = write!(self.out, "^{name}");
    }

    /// Prints a successor with the values it receives: `^bbN`, or `^bbN(%a, %b : i64, f32)`.
    pub fn print_successor_and_operands(&mut self, block: BlockId, operands: &[ValueId]) {
        self.print_successor(block);
        if operands.is_empty() {
            return;
        }
        self.out.push('(');
        self.print_operands(operands);
        self.out.push_str(" : ");
        let types: Vec<Type> = operands.iter().map(|v| self.body.value_type(*v)).collect();
        self.print_types(&types);
        self.out.push(')');
    }

    // ---- Operations ----------------------------------------------------------------------

    /// Prints one operation (no leading indentation, no trailing newline).
    fn print_operation(&mut self, op: OpId) {
        let data = self.body.op(op);
        if let Some(&first) = data.results.first() {
            let name = self.value_name(first);
            let base = name.split('#').next().unwrap_or(&name).to_string();
            let _ = write!(self.out, "%{base}");
            if data.results.len() > 1 {
                let _ = write!(self.out, ":{}", data.results.len());
            }
            self.out.push_str(" = ");
        }
        let def = self.ctx().op_def(data.name);
        match def {
            Some(def) if def.has_custom_form() && !self.options.generic => {
                // Builtin operations print without their dialect, as MLIR prints `module`.
                self.out.push_str(def.name.strip_prefix("builtin.").unwrap_or(def.name));
                match (def.print, def.format) {
                    (Some(print), _) => print(self, op),
                    (None, Some(format)) => crate::format::print_with_format(self, def, format, op),
                    (None, None) => {}
                }
            }
            _ => self.print_generic(op),
        }
        if self.options.debug_info {
            self.out.push(' ');
            self.ctx().write_location(&mut self.out, self.body.op(op).location);
        }
    }

    fn print_generic(&mut self, op: OpId) {
        let data = self.body.op(op).clone();
        crate::attributes::write_string_literal(&mut self.out, self.body.op_name(op));
        self.out.push('(');
        self.print_operands(&data.operands);
        self.out.push(')');
        if !data.successors.is_empty() {
            self.out.push('[');
            for (i, s) in data.successors.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.print_successor(*s);
            }
            self.out.push(']');
        }
        if !data.regions.is_empty() {
            self.out.push_str(" (");
            for (i, r) in data.regions.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.print_region(*r, true);
            }
            self.out.push(')');
        }
        self.print_attr_dict(&data.attributes, &[]);
        self.out.push_str(" : ");
        let inputs: Vec<Type> = data.operands.iter().map(|v| self.body.value_type(*v)).collect();
        let results: Vec<Type> = data.results.iter().map(|v| self.body.value_type(*v)).collect();
        self.out.push('(');
        self.print_types(&inputs);
        self.out.push_str(") -> ");
        self.ctx().write_result_types(&mut self.out, &results);
    }
}

/// Whether `v` is an argument of an entry block (printed as `%argN`).
pub fn is_entry_arg(body: &Body, v: ValueId) -> bool {
    match body.value(v).def {
        ValueDef::BlockArg { block, .. } => {
            body.block(block).region.expand().and_then(|r| body.entry_block(r)) == Some(block)
        }
        ValueDef::Result { .. } => false,
    }
}
