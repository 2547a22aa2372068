//! The parser of HLO text into the syntax tree of [`super::ast`].
//!
//! Grammar (XLA's `hlo_parser.cc`, which this follows):
//! ```text
//! module       ::= 'HloModule' name (',' attr)* stack_frames? computation+
//! stack_frames ::= 'FileNames' ... 'FunctionNames' ... 'FileLocations' ... 'StackFrames' ...
//! computation  ::= 'ENTRY'? name ('(' (name ':' shape),* ')' '->' shape)?
//!                  '{' instruction+ '}' (',' attr)*
//! instruction  ::= 'ROOT'? name '=' shape? opcode '(' operands ')' (',' attr)*
//! operand      ::= shape? name | shape? opcode '(' operands ')'     (a nested instruction)
//! attr         ::= name '=' value
//! ```
//! Names are written with or without `%`. The operands of `constant` (a literal) and
//! `parameter` (a number) are kept as token ranges. An attribute value is one bracketed
//! group or token, followed by whatever is written against it with no space
//! (`b01f_01io->b01f`, `[2,2]<=[4]T(1,0)`); a computation attribute (`to_apply`, `calls`,
//! ...) whose value is `{` is a computation written inline. The stack frame tables of
//! optimized HLO are skipped.
//!
//! Invariant: the parser never panics; it stops at the first error with a located
//! diagnostic. Nesting (tuple shapes, nested instructions, inline computations) is bounded.

use super::ast::{Attr, Computation, Instruction, Module, Operand};
use super::cursor::{Cursor, PResult};
use super::lexer::TokenKind;
use super::shape::{parse_shape, shape_follows};
use super::source::Source;

/// Attributes whose value names one computation (and may be one written inline).
const COMPUTATION_ATTRS: [&str; 8] =
    ["to_apply", "calls", "condition", "body", "select", "scatter", "true_computation", "false_computation"];

/// How deeply nested instructions and inline computations may nest.
const MAX_NESTING: usize = 64;

/// Parses the module in `src`.
pub fn parse_module(src: &Source) -> PResult<Module> {
    let mut p = Parser { c: Cursor::new(src), computations: Vec::new(), nested: 0, depth: 0 };
    p.module()
}

struct Parser<'a, 't, 'c> {
    c: Cursor<'a, 't, 'c>,
    computations: Vec<Computation>,
    /// How many nested instructions have been named so far.
    nested: usize,
    /// The current nesting depth of nested instructions and inline computations.
    depth: usize,
}

impl Parser<'_, '_, '_> {
    fn module(&mut self) -> PResult<Module> {
        if !self.c.accept_word("HloModule") {
            return Err(self.c.expected("'HloModule' at the start of HLO text"));
        }
        let name_offset = self.c.offset();
        let name = self.name("the module name")?;
        let mut attrs = Vec::new();
        while self.c.accept(TokenKind::Comma) {
            attrs.push(self.attr()?);
        }
        self.skip_stack_frames();
        if self.c.at_end() {
            return Err(self.c.expected("a computation"));
        }
        while !self.c.at_end() {
            self.computation(false, None)?;
        }
        Ok(Module { name, name_offset, attrs, computations: std::mem::take(&mut self.computations) })
    }

    /// Reads a name, with or without `%`.
    fn name(&mut self, what: &str) -> PResult<String> {
        match self.c.kind() {
            TokenKind::Name => {
                let text = self.c.text();
                self.c.bump();
                Ok(text.trim_start_matches('%').to_string())
            }
            TokenKind::Word => {
                let text = self.c.text();
                self.c.bump();
                Ok(text.to_string())
            }
            _ => Err(self.c.expected(what)),
        }
    }

    /// Skips the `FileNames ... StackFrames ...` tables optimized HLO prints after the
    /// header: keywords, numbers, strings and braced records.
    fn skip_stack_frames(&mut self) {
        if !self.c.is_word("FileNames") {
            return;
        }
        loop {
            let keyword = ["FileNames", "FunctionNames", "FileLocations", "StackFrames"].contains(&self.c.text())
                && self.c.is(TokenKind::Word);
            let skippable = keyword || self.c.is(TokenKind::Number) || self.c.is(TokenKind::String) || self.c.is(TokenKind::LBrace);
            if !skippable || !self.c.skip_item() {
                return;
            }
        }
    }

    /// Reads a computation and returns its index. `inline_name` names a computation written
    /// as an attribute value, which starts at its `{`.
    fn computation(&mut self, nested_in_attr: bool, inline_name: Option<String>) -> PResult<usize> {
        let offset = self.c.offset();
        let (name, is_entry) = match inline_name {
            Some(name) => (name, false),
            None => {
                let is_entry = self.c.accept_word("ENTRY");
                (self.name("a computation name")?, is_entry)
            }
        };
        if !nested_in_attr && self.c.is(TokenKind::LParen) {
            self.signature()?;
        }
        let open = self.c.offset();
        self.c.expect_what(TokenKind::LBrace, &format!("'{{' to start the instructions of computation '{name}'"))?;
        let mut instructions = Vec::new();
        let mut root = None;
        while !self.c.accept(TokenKind::RBrace) {
            if self.c.at_end() {
                return Err(self.c.expected(&format!("'}}' to end computation '{name}'")));
            }
            let root_offset = self.c.offset();
            let is_root = self.c.accept_word("ROOT");
            self.instruction(&mut instructions)?;
            if is_root {
                if root.is_some() {
                    return Err(self.c.src.error(root_offset, format!("computation '{name}' has more than one ROOT")));
                }
                root = Some(instructions.len() - 1);
            }
        }
        if instructions.is_empty() {
            return Err(self.c.src.error(open, format!("computation '{name}' has no instructions")));
        }
        if !nested_in_attr {
            // `execution_thread="..."` and the like: read and ignored.
            while self.c.accept(TokenKind::Comma) {
                self.attr()?;
            }
        }
        let root = root.unwrap_or(instructions.len() - 1);
        self.computations.push(Computation { name, offset, is_entry, is_inline: nested_in_attr, instructions, root });
        Ok(self.computations.len() - 1)
    }

    /// Reads `(p0: shape, ...) -> shape`. The parameters' shapes come from the `parameter`
    /// instructions themselves, so the signature is checked for syntax only.
    fn signature(&mut self) -> PResult<()> {
        self.c.expect(TokenKind::LParen)?;
        if !self.c.accept(TokenKind::RParen) {
            loop {
                self.name("a parameter name")?;
                self.c.expect_what(TokenKind::Colon, "':' after the parameter name")?;
                parse_shape(&mut self.c)?;
                if self.c.accept(TokenKind::RParen) {
                    break;
                }
                if !self.c.accept(TokenKind::Comma) {
                    return Err(self.c.expected("',' or ')' in the parameter list"));
                }
            }
        }
        self.c.expect_what(TokenKind::Arrow, "'->' after the parameter list")?;
        parse_shape(&mut self.c)?;
        Ok(())
    }

    /// Reads `name = [shape] opcode(operands), attrs` and appends it (after the nested
    /// instructions among its operands) to `out`.
    fn instruction(&mut self, out: &mut Vec<Instruction>) -> PResult<()> {
        let offset = self.c.offset();
        let name = self.name("an instruction name")?;
        self.c.expect_what(TokenKind::Equal, &format!("'=' after the instruction name '{name}'"))?;
        let instruction = self.instruction_rhs(name, offset, out, true)?;
        out.push(instruction);
        Ok(())
    }

    /// Reads what follows `name =`: shape, opcode, operands and (when allowed) attributes.
    fn instruction_rhs(&mut self, name: String, offset: usize, out: &mut Vec<Instruction>, with_attrs: bool) -> PResult<Instruction> {
        let shape = if shape_follows(&self.c) { Some(parse_shape(&mut self.c)?) } else { None };
        if !(self.c.is(TokenKind::Word) && self.c.kind_at(1) == TokenKind::LParen) {
            return Err(self.c.expected("an opcode followed by '('"));
        }
        let opcode_offset = self.c.offset();
        let opcode = self.c.text().to_string();
        self.c.bump();
        let operands_offset = self.c.offset();
        let (operands, raw_operands) = if opcode == "constant" || opcode == "parameter" {
            let start = self.c.pos + 1;
            self.c.skip_item();
            self.reject_error_tokens(start, &format!("the operand of '{opcode}'"))?;
            let end = self.c.pos.saturating_sub(1);
            if self.c.src.token(end).kind != TokenKind::RParen || end < start {
                return Err(self.c.expected(&format!("')' to end the operand of '{opcode}'")));
            }
            (Vec::new(), Some((start, end)))
        } else {
            (self.operands(out)?, None)
        };
        let mut attrs = Vec::new();
        if with_attrs {
            while self.c.accept(TokenKind::Comma) {
                attrs.push(self.attr()?);
            }
        }
        Ok(Instruction { name, offset, shape, opcode, opcode_offset, operands, raw_operands, operands_offset, attrs })
    }

    /// Reads `(operand, ...)`; nested instructions go to `out` and are used by name.
    fn operands(&mut self, out: &mut Vec<Instruction>) -> PResult<Vec<Operand>> {
        self.c.expect(TokenKind::LParen)?;
        let mut operands = Vec::new();
        if self.c.accept(TokenKind::RParen) {
            return Ok(operands);
        }
        loop {
            let offset = self.c.offset();
            let checkpoint = self.c.pos;
            let shape = if shape_follows(&self.c) { Some(parse_shape(&mut self.c)?) } else { None };
            let nested = self.c.is(TokenKind::Word) && self.c.kind_at(1) == TokenKind::LParen;
            if nested {
                self.c.pos = checkpoint;
                if self.depth >= MAX_NESTING {
                    return Err(self.c.error(format!("instructions nest deeper than {MAX_NESTING} levels")));
                }
                self.depth += 1;
                // A name no text can spell, so it never clashes with a written one.
                let name = format!("#nested.{}", self.nested);
                self.nested += 1;
                let instruction = self.instruction_rhs(name.clone(), offset, out, false)?;
                self.depth -= 1;
                out.push(instruction);
                operands.push(Operand { name, offset, shape: None });
            } else {
                let name_offset = self.c.offset();
                let name = self.name("an operand name")?;
                operands.push(Operand { name, offset: name_offset, shape });
            }
            if self.c.accept(TokenKind::RParen) {
                return Ok(operands);
            }
            if !self.c.accept(TokenKind::Comma) {
                return Err(self.c.expected("',' or ')' after an operand"));
            }
        }
    }

    /// Reads `name=value` (the `,` before it is consumed).
    fn attr(&mut self) -> PResult<Attr> {
        let offset = self.c.offset();
        if !self.c.is(TokenKind::Word) {
            return Err(self.c.expected("an attribute name"));
        }
        let name = self.c.text().to_string();
        self.c.bump();
        self.c.expect_what(TokenKind::Equal, &format!("'=' after attribute '{name}'"))?;
        let start = self.c.pos;
        if self.c.at_end() || self.c.is(TokenKind::Comma) || self.c.kind().is_close() {
            return Err(self.c.expected(&format!("a value for attribute '{name}'")));
        }
        if COMPUTATION_ATTRS.contains(&name.as_str()) && self.c.is(TokenKind::LBrace) {
            if self.depth >= MAX_NESTING {
                return Err(self.c.error(format!("computations nest deeper than {MAX_NESTING} levels")));
            }
            self.depth += 1;
            let index = self.computation(true, Some(format!("{name}.inline")))?;
            self.depth -= 1;
            return Ok(Attr { name, offset, value: (start, self.c.pos), inline_computation: Some(index) });
        }
        self.c.skip_item();
        if name == "literal" {
            // `literal=f32[2] {1, 2}`: a shape, a space, then the literal.
            while !(self.c.is(TokenKind::Comma) || self.c.kind().is_close()) && self.c.skip_item() {}
        } else {
            while self.c.adjacent_to_previous() && !self.c.is(TokenKind::Comma) && !self.c.kind().is_close() && self.c.skip_item() {}
        }
        self.reject_error_tokens(start, &format!("the value of attribute '{name}'"))?;
        Ok(Attr { name, offset, value: (start, self.c.pos), inline_computation: None })
    }

    /// Fails at the first malformed token (an unterminated string, a stray character)
    /// between token `start` and the cursor, which skipping a group passes over.
    fn reject_error_tokens(&self, start: usize, what: &str) -> PResult<()> {
        for i in start..self.c.pos {
            if self.c.src.token(i).kind == TokenKind::Error {
                return Err(self.c.src.error(self.c.src.token(i).start, format!("found {} in {what}", self.c.src.describe(i))));
            }
        }
        Ok(())
    }
}
