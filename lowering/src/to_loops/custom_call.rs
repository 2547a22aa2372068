//! `hlo.custom_call` compiled: a call of the target registered in the runtime under its
//! name (`xla_rt_register_custom_call`), as tfcompile's code calls XLA CPU's registry.
//!
//! Compiled code builds no arrays of pointers, so the buffers are staged one runtime call at
//! a time: `xla_rt_custom_call_arg` per operand leaf (tuples flattened, tokens dropped, a
//! splat operand materialized), `xla_rt_custom_call_result` per result leaf, then
//! `xla_rt_custom_call_staged(name, name_len, config, config_len)` with the target's name
//! and its `backend_config` as bytes. The target gets the runtime's one signature
//! (`results`, `args`, `opaque`, `opaque_len`, `status`), whatever the op's `api_version`
//! but the typed FFI, and a failure it reports ends the function with
//! `XLA_RT_CUSTOM_CALL_FAILED`.
//!
//! Located errors: `API_VERSION_TYPED_FFI` (XLA's FFI passes typed buffers and attributes
//! the runtime does not build), `output_operand_aliases`, and `operand_layouts`/
//! `result_layouts` other than the buffers' own (the target would read them in a layout
//! they are not in).

use xla_dialects::hlo::{CustomCallApiVersion, CustomCallOp};
use xla_ir::{Op, Type};

use super::emit::Emitted;
use super::lowering::{Lowered, Lowering};

impl Lowering<'_, '_> {
    /// Lowers `hlo.custom_call` (see the module).
    pub fn lower_custom_call(&mut self, call: CustomCallOp) -> Emitted<()> {
        let op = call.id();
        let target = call.call_target_name(self.body).to_string();
        let config = call.backend_config(self.body).unwrap_or("").to_string();
        if call.api_version(self.body) == Some(CustomCallApiVersion::TypedFfi) {
            return Err(self.error(format!(
                "lower-to-loops does not handle the typed FFI (API_VERSION_TYPED_FFI) of custom call @{target} yet"
            )));
        }
        if call.output_operand_aliases(self.body).is_some() {
            return Err(self.error(format!("lower-to-loops does not handle output_operand_aliases of custom call @{target} yet")));
        }
        let operands = self.body.op(op).operands.clone();
        let results = self.body.op(op).results.clone();
        let operand_types: Vec<Type> = operands.iter().map(|v| self.body.value_type(*v)).collect();
        let result_types: Vec<Type> = results.iter().map(|v| self.body.value_type(*v)).collect();
        if let Some(layouts) = call.operand_layouts(self.body) {
            self.check_layouts(&target, "operand", &layouts, &operand_types)?;
        }
        if let Some(layouts) = call.result_layouts(self.body) {
            self.check_layouts(&target, "result", &layouts, &result_types)?;
        }
        for (&v, &ty) in operands.iter().zip(&operand_types) {
            let lowered = self.lowered(v)?;
            for (leaf, leaf_type) in lowered.leaves().into_iter().zip(self.leaf_types(ty)) {
                let buffer = self.buffer_for(&leaf, leaf_type)?;
                self.call_runtime("xla_rt_custom_call_arg", &[buffer])?;
            }
        }
        let mut bound = Vec::new();
        for (&r, &ty) in results.iter().zip(&result_types) {
            let lowered = self.result_buffers(r, ty)?;
            for leaf in lowered.leaves() {
                let Lowered::Buffer(buffer) = leaf else { return Err(self.error("internal error: a result leaf without a buffer")) };
                self.call_runtime("xla_rt_custom_call_result", &[buffer])?;
            }
            bound.push((r, lowered));
        }
        let name = self.byte_string(&target)?;
        let name_len = self.index(target.len() as i64);
        let opaque = self.byte_string(&config)?;
        let opaque_len = self.index(config.len() as i64);
        self.call_runtime("xla_rt_custom_call_staged", &[name, name_len, opaque, opaque_len])?;
        for (r, lowered) in bound {
            // The target wrote the results: loads from before the call are stale.
            for leaf in lowered.leaves() {
                if let Lowered::Buffer(buffer) = leaf {
                    self.forget_loads(buffer);
                }
            }
            self.bind(r, lowered);
        }
        Ok(())
    }

    /// Fails unless each of `layouts` (minor-to-major, one per value of `types`) is the
    /// layout the value's buffer has (its type's, row-major by default).
    fn check_layouts(&self, target: &str, what: &str, layouts: &[&[i64]], types: &[Type]) -> Emitted<()> {
        let ctx = self.ctx();
        for (i, (layout, &ty)) in layouts.iter().zip(types).enumerate() {
            let Some(tensor) = ctx.as_tensor(ty) else { continue };
            let actual = match &tensor.layout {
                Some(l) => l.minor_to_major.clone(),
                None => (0..tensor.dims.len() as i64).rev().collect(),
            };
            if *layout != actual.as_slice() {
                return Err(self.error(format!(
                    "lower-to-loops does not handle custom call @{target} with {what} #{i} in layout {layout:?}, not its buffer's {actual:?}, yet"
                )));
            }
        }
        Ok(())
    }
}

