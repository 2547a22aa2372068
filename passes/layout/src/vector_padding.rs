//! Padding the minor dimension of intermediate values to the vector width (option
//! `vector-bytes` of `layout-assignment`, off by default): a value of rank 2 or more whose
//! most minor dimension is not a multiple of the vector's lanes gets a padded layout with
//! that dimension rounded up, so that every row starts on a vector boundary and the
//! innermost loops run whole vectors.
//!
//! Where it pays: at least two lanes, a minor dimension of at least one vector that is not
//! already a multiple, at least two rows, and at most a quarter more memory. Only values
//! whose every use reads elements by logical index (elementwise ops and the shape, slicing,
//! reduction and dot ops that lower through loads) are padded; values that are returned,
//! passed to calls or regions, or reinterpreted keep their layouts, so signatures and
//! region types never change.
//!
//! Invariant: padding changes no value (loads and stores address logical elements and
//! skip padding), only where elements are in memory.

use xla_ir::{Body, OpId, OpTrait, TypeData, ValueId};

use crate::layouts::{layout_of, with_layout};

/// Pads the minor dimension of the values of `func`'s top-level block where it pays, for
/// vectors of `vector_bytes` bytes; returns how many values it padded.
pub fn pad_minor_dimensions(body: &mut Body, func: OpId, vector_bytes: u32) -> usize {
    let Some(&region) = body.op(func).regions.first() else { return 0 };
    let Some(&block) = body.region(region).blocks.first() else { return 0 };
    let ops: Vec<OpId> = body.block_ops(block).collect();
    let mut padded = 0;
    for op in ops {
        if body.op(op).results.len() != 1 {
            continue;
        }
        let v = body.result(op, 0);
        let uses = &body.value(v).uses;
        if uses.is_empty() || !uses.iter().all(|u| reads_logically(body, u.op)) {
            continue;
        }
        if let Some(ty) = padded_type(body, v, vector_bytes) {
            body.set_value_type(v, ty);
            padded += 1;
        }
    }
    padded
}

/// Whether `op` reads its operands' elements through logical indices only.
/// Elementwise ops and those that declare [`OpTrait::PaddableOperands`] do.
fn reads_logically(body: &Body, op: OpId) -> bool {
    body.ctx()
        .op_def(body.op(op).name)
        .is_some_and(|def| def.has_trait(OpTrait::Elementwise) || def.has_trait(OpTrait::PaddableOperands))
}

/// The type of `v` with its minor dimension padded to whole vectors, when that pays.
fn padded_type(body: &Body, v: ValueId, vector_bytes: u32) -> Option<xla_ir::Type> {
    let ctx = body.ctx();
    let ty = body.value_type(v);
    let tensor = ctx.as_tensor(ty)?;
    let shape: Vec<i64> = tensor.dims.iter().map(|d| d.static_size()).collect::<Option<_>>()?;
    if shape.len() < 2 {
        return None;
    }
    let element_bits = match ctx.type_data(tensor.element) {
        TypeData::Float(kind) => kind.bit_width(),
        TypeData::Integer { width, .. } if *width >= 8 => *width,
        _ => return None,
    };
    let lanes = i64::from(vector_bytes * 8 / element_bits);
    let layout = layout_of(ctx, ty)?;
    if lanes < 2 || layout.padded_dims.is_some() {
        return None;
    }
    let minor = usize::try_from(*layout.minor_to_major.first()?).ok()?;
    let size = shape[minor];
    let rows: i64 = shape.iter().enumerate().filter(|(d, _)| *d != minor).map(|(_, s)| *s).product();
    let rounded = (size + lanes - 1) / lanes * lanes;
    let pays = size >= lanes && size % lanes != 0 && rows >= 2 && (rounded - size) * 4 <= size;
    if !pays {
        return None;
    }
    let mut padded_dims = shape.clone();
    padded_dims[minor] = rounded;
    let mut layout = layout;
    layout.padded_dims = Some(padded_dims);
    Some(with_layout(ctx, ty, &layout))
}
