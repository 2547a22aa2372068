//! Collectives across the processes of the grid: `hlo.replica_id`, `hlo.partition_id`,
//! `hlo.all_reduce`, `hlo.all_gather`, `hlo.reduce_scatter`, `hlo.all_to_all`,
//! `hlo.collective_permute` and `hlo.collective_broadcast`.
//!
//! The runtime only moves bytes (`runtime/src/exchange.rs`): each collective hands an
//! operand's buffer to `xla_rt_collective_exchange`, which meets every process of the run
//! (each replica of each partition), resolves this process's group from the op's
//! `replica_groups` (a constant table, shorter groups padded with -1) under the op's
//! [`ProcessGroupMode`] and writes the group's size, this process's position in it and
//! its id of the mode's kind (replica, partition or flattened id) to a small buffer;
//! `xla_rt_collective_member(k, tmp)` then copies the buffer of the group's `k`-th member
//! into a temporary of the operand's type. Everything else is loops over logical indices,
//! so layouts, every element type and any reducer region work alike, with the
//! interpreter's semantics (`interp/src/ops/collectives.rs`) and order; ops of several
//! operands exchange each on its own:
//! - `all_reduce`: per operand, the result starts as member 0's buffer and is combined
//!   with members 1, 2, ... in group order, the computation inlined as scalar ops; the
//!   group size is read at run time, so an empty `replica_groups` needs no replica count;
//! - `all_gather`: member `k`'s buffer goes to block `k` along `all_gather_dimension`;
//! - `reduce_scatter`: the reduction as for `all_reduce`, of this process's block only
//!   (its position times the block size along `scatter_dimension`);
//! - `all_to_all`: block `position` (along `split_dimension`) of member `k`'s buffer goes
//!   to block `k` along `concat_dimension`;
//! - `collective_permute`: zeros, then the buffer of the source of the pair whose target
//!   is this process's id (one exchange of every id, whose member at position `id` is the
//!   process of that id);
//! - `collective_broadcast`: zeros, then, on a process in a group, the buffer of the
//!   group's member at the root's position (0, or the root operand's element);
//! - `replica_id`, `partition_id`: `xla_rt_replica_id`/`xla_rt_partition_id` from the
//!   run options.
//!
//! Where the types fix the group size (gather, scatter, all-to-all), the exchange checks
//! that the group has that size. Differences from the interpreter: a
//! `source_target_pairs` entry naming an id that does not exist fails only on the
//! process that reads from it.

use xla_dialects::hlo::{
    AllGatherOp, AllReduceOp, AllToAllOp, CollectiveBroadcastOp, CollectivePermuteOp, ComparisonDirection, ProcessGroupMode,
    ReduceScatterOp,
};
use xla_ir::{Op, OpId, RegionId, ValueId};

use super::emit::Emitted;
use super::lowering::{Lowered, Lowering};

/// The flag of the runtime's group modes under which a process may be in no group
/// (`XLA_RT_GROUP_OPTIONAL`).
const GROUP_OPTIONAL: i64 = 4;

/// What an exchange told this process.
struct Exchanged {
    /// A buffer of the operand's type for the members' buffers.
    scratch: ValueId,
    /// The group's size, as an `index` (0 for a process in no group).
    size: ValueId,
    /// This process's position in its group.
    position: ValueId,
    /// This process's id of the mode's kind (replica, partition or flattened id).
    id: ValueId,
    /// The byte size of `scratch`.
    bytes: ValueId,
}

/// How an exchange forms groups: the op's groups, its mode's runtime code, and the group
/// size its types need (0: any).
struct Groups {
    rows: Vec<Vec<i64>>,
    mode: i64,
    expected: i64,
}

impl Groups {
    fn new(rows: Vec<&[i64]>, mode: ProcessGroupMode, expected: i64) -> Groups {
        Groups { rows: rows.iter().map(|g| g.to_vec()).collect(), mode: mode.runtime_code(), expected }
    }

    /// One group of every id of `mode`'s kind.
    fn everyone(mode: ProcessGroupMode) -> Groups {
        Groups { rows: Vec::new(), mode: mode.runtime_code(), expected: 0 }
    }
}

impl<'a, 'c> Lowering<'a, 'c> {
    /// Lowers `hlo.replica_id`.
    pub fn lower_replica_id(&mut self, op: OpId) -> Emitted<()> {
        let buffers = self.bind_result_buffers(op)?;
        self.call_runtime("xla_rt_replica_id", &buffers)
    }

    /// Lowers `hlo.partition_id`.
    pub fn lower_partition_id(&mut self, op: OpId) -> Emitted<()> {
        let buffers = self.bind_result_buffers(op)?;
        self.call_runtime("xla_rt_partition_id", &buffers)
    }

    /// Lowers `hlo.all_reduce`: each operand on its own exchange.
    pub fn lower_all_reduce(&mut self, all_reduce: AllReduceOp) -> Emitted<()> {
        let op = all_reduce.id();
        let groups = Groups::new(all_reduce.replica_groups(self.body), all_reduce.process_group_mode(self.body), 0);
        let computation = all_reduce.computation(self.body);
        let operands = self.body.op(op).operands.clone();
        let results = self.bind_result_buffers(op)?;
        for (&operand, &result) in operands.iter().zip(&results) {
            let shape = self.shape_of(operand)?;
            let exchanged = self.exchange(operand, &groups)?;
            self.reduce_members(&exchanged, computation, result, &shape, None)?;
        }
        Ok(())
    }

    /// Lowers `hlo.reduce_scatter`.
    pub fn lower_reduce_scatter(&mut self, scatter: ReduceScatterOp) -> Emitted<()> {
        let op = scatter.id();
        let computation = scatter.computation(self.body);
        let operand = self.body.op(op).operands[0];
        let (operand_shape, result_shape) = (self.shape_of(operand)?, self.shape_of(self.body.result(op, 0))?);
        let dim = self.dimension(scatter.scatter_dimension(self.body), result_shape.len(), "scatter_dimension")?;
        let size = group_size_of(operand_shape[dim], result_shape[dim]).ok_or_else(|| self.error("reduce_scatter's result does not divide its operand"))?;
        let groups = Groups::new(scatter.replica_groups(self.body), scatter.process_group_mode(self.body), size);
        let exchanged = self.exchange(operand, &groups)?;
        let offset = self.mul_const(exchanged.position, result_shape[dim]);
        let result = self.bind_result_buffers(op)?[0];
        self.reduce_members(&exchanged, computation, result, &result_shape, Some((dim, offset)))
    }

    /// Lowers `hlo.all_gather`: each operand on its own exchange.
    pub fn lower_all_gather(&mut self, gather: AllGatherOp) -> Emitted<()> {
        let op = gather.id();
        let (rows, mode) = (gather.replica_groups(self.body), gather.process_group_mode(self.body));
        let operands = self.body.op(op).operands.clone();
        let results = self.bind_result_buffers(op)?;
        for (i, (&operand, &result)) in operands.iter().zip(&results).enumerate() {
            let (operand_shape, result_shape) = (self.shape_of(operand)?, self.shape_of(self.body.result(op, i))?);
            let dim = self.dimension(gather.all_gather_dimension(self.body), operand_shape.len(), "all_gather_dimension")?;
            let size = group_size_of(result_shape[dim], operand_shape[dim]).ok_or_else(|| self.error("all_gather's operand does not divide its result"))?;
            let exchanged = self.exchange(operand, &Groups::new(rows.clone(), mode, size))?;
            let (zero, upper) = (self.index(0), self.index(size));
            self.for_loop(zero, upper, &[], |this, k, _| {
                this.fetch_member(&exchanged, k)?;
                let offset = this.mul_const(k, operand_shape[dim]);
                this.loop_nest(&operand_shape, |this, index| {
                    let x = this.load(exchanged.scratch, index);
                    let mut at = index.to_vec();
                    at[dim] = this.add_index(at[dim], offset);
                    this.store(x, result, &at);
                    Ok(())
                })?;
                Ok(Vec::new())
            })?;
        }
        Ok(())
    }

    /// Lowers `hlo.all_to_all`: each operand on its own exchange.
    pub fn lower_all_to_all(&mut self, all_to_all: AllToAllOp) -> Emitted<()> {
        let op = all_to_all.id();
        let count = all_to_all.split_count(self.body);
        let groups = Groups::new(all_to_all.replica_groups(self.body), all_to_all.process_group_mode(self.body), count);
        let operands = self.body.op(op).operands.clone();
        let results = self.bind_result_buffers(op)?;
        for (&operand, &result) in operands.iter().zip(&results) {
            let operand_shape = self.shape_of(operand)?;
            let rank = operand_shape.len();
            let split = self.dimension(all_to_all.split_dimension(self.body), rank, "split_dimension")?;
            let concat = self.dimension(all_to_all.concat_dimension(self.body), rank, "concat_dimension")?;
            if count <= 0 || operand_shape[split] % count != 0 {
                return Err(self.error("all_to_all's split_count does not divide its split dimension"));
            }
            let mut block = operand_shape.clone();
            block[split] /= count;
            let exchanged = self.exchange(operand, &groups)?;
            let source_offset = self.mul_const(exchanged.position, block[split]);
            let (zero, upper) = (self.index(0), self.index(count));
            self.for_loop(zero, upper, &[], |this, k, _| {
                this.fetch_member(&exchanged, k)?;
                let target_offset = this.mul_const(k, block[concat]);
                this.loop_nest(&block, |this, index| {
                    let mut from = index.to_vec();
                    from[split] = this.add_index(from[split], source_offset);
                    let x = this.load(exchanged.scratch, &from);
                    let mut to = index.to_vec();
                    to[concat] = this.add_index(to[concat], target_offset);
                    this.store(x, result, &to);
                    Ok(())
                })?;
                Ok(Vec::new())
            })?;
        }
        Ok(())
    }

    /// Lowers `hlo.collective_permute`: on the process whose id is the target of a
    /// `(source, target)` pair, the operand of the pair's source; zeros on every other.
    pub fn lower_collective_permute(&mut self, permute: CollectivePermuteOp) -> Emitted<()> {
        let op = permute.id();
        let mut pairs = Vec::new();
        for pair in permute.source_target_pairs(self.body) {
            let &[source, target] = pair else { return Err(self.error("a source_target_pairs entry is not a pair")) };
            pairs.push((source, target));
        }
        let operand = self.body.op(op).operands[0];
        let shape = self.shape_of(operand)?;
        let element = self.element_type_of(operand)?;
        let exchanged = self.exchange(operand, &Groups::everyone(permute.process_group_mode(self.body)))?;
        let result = self.bind_result_buffers(op)?[0];
        let zero = self.zero(element)?;
        self.copy(&Lowered::Scalar(zero), result, &shape)?;
        for (source, target) in pairs {
            let target = self.index(target);
            let is_target = self.compare_index(ComparisonDirection::Eq, exchanged.id, target);
            let source = self.index(source);
            self.if_then(is_target, |this| {
                this.fetch_member(&exchanged, source)?;
                this.copy(&Lowered::Buffer(exchanged.scratch), result, &shape)
            })?;
        }
        Ok(())
    }

    /// Lowers `hlo.collective_broadcast`: per data operand, zeros, then on a process in a
    /// group the operand of the group's member at the root's position (the first, or the
    /// root operand's element under `has_dynamic_root`).
    pub fn lower_collective_broadcast(&mut self, broadcast: CollectiveBroadcastOp) -> Emitted<()> {
        let op = broadcast.id();
        let mode = broadcast.process_group_mode(self.body);
        let mut groups = Groups::new(broadcast.replica_groups(self.body), mode, 0);
        groups.mode |= GROUP_OPTIONAL;
        let data = broadcast.data_operands(self.body).to_vec();
        let roots = match broadcast.root_operand(self.body) {
            Some(root) => {
                let lowered = self.lowered(root)?;
                Some(self.buffer_for(&lowered, self.body.value_type(root))?)
            }
            None => None,
        };
        let results = self.bind_result_buffers(op)?;
        for (j, (&operand, &result)) in data.iter().zip(&results).enumerate() {
            let shape = self.shape_of(operand)?;
            let element = self.element_type_of(operand)?;
            let exchanged = self.exchange(operand, &groups)?;
            let zero = self.zero(element)?;
            self.copy(&Lowered::Scalar(zero), result, &shape)?;
            let root = match roots {
                Some(roots) => self.load_index(roots, j as i64),
                None => self.index(0),
            };
            let none = self.index(0);
            let in_group = self.compare_index(ComparisonDirection::Gt, exchanged.size, none);
            self.if_then(in_group, |this| {
                this.fetch_member(&exchanged, root)?;
                this.copy(&Lowered::Buffer(exchanged.scratch), result, &shape)
            })?;
        }
        Ok(())
    }

    /// Hands the buffer of hlo value `operand` to the runtime's exchange under `groups`,
    /// and reads what it answered.
    fn exchange(&mut self, operand: ValueId, groups: &Groups) -> Emitted<Exchanged> {
        let ty = self.body.value_type(operand);
        let lowered = self.lowered(operand)?;
        let input = self.buffer_for(&lowered, ty)?;
        let bytes = self.buffer_bytes(input)?;
        let width = groups.rows.iter().map(Vec::len).max().unwrap_or(0);
        let padded: Vec<Vec<i64>> = groups.rows.iter().map(|g| g.iter().copied().chain(std::iter::repeat(-1)).take(width).collect()).collect();
        let rows: Vec<&[i64]> = padded.iter().map(Vec::as_slice).collect();
        let table = self.i64_table(&rows)?;
        let (num_groups, width) = (self.index(padded.len() as i64), self.index(width as i64));
        let (mode, expected) = (self.index(groups.mode), self.index(groups.expected));
        let info_type = self.i64_buffer_type(3)?;
        let info = self.alloc(info_type);
        self.call_runtime("xla_rt_collective_exchange", &[input, bytes, table, num_groups, width, mode, expected, info])?;
        let (size, position, id) = (self.load_index(info, 0), self.load_index(info, 1), self.load_index(info, 2));
        let scratch = self.alloc_like(input);
        Ok(Exchanged { scratch, size, position, id, bytes })
    }

    /// Copies the buffer of the member at `position` (an `index`) into the scratch buffer.
    fn fetch_member(&mut self, exchanged: &Exchanged, position: ValueId) -> Emitted<()> {
        self.call_runtime("xla_rt_collective_member", &[position, exchanged.scratch, exchanged.bytes])
    }

    /// Writes to `result` (of shape `shape`) the members' buffers combined by
    /// `computation` in group order; with `block = (dim, offset)` the members' elements
    /// are read `offset` further along `dim` (this replica's block of a reduce-scatter).
    fn reduce_members(&mut self, exchanged: &Exchanged, computation: RegionId, result: ValueId, shape: &[i64], block: Option<(usize, ValueId)>) -> Emitted<()> {
        let scratch = exchanged.scratch;
        let source = move |this: &mut Self, index: &[ValueId]| -> ValueId {
            let mut at = index.to_vec();
            if let Some((dim, offset)) = block {
                at[dim] = this.add_index(at[dim], offset);
            }
            this.load(scratch, &at)
        };
        let zero = self.index(0);
        self.fetch_member(exchanged, zero)?;
        self.loop_nest(shape, |this, index| {
            let x = source(this, index);
            this.store(x, result, index);
            Ok(())
        })?;
        let one = self.index(1);
        self.for_loop(one, exchanged.size, &[], |this, k, _| {
            this.fetch_member(exchanged, k)?;
            this.loop_nest(shape, |this, index| {
                let accumulated = this.load(result, index);
                let x = source(this, index);
                let combined = this.inline_scalar_region(computation, &[accumulated, x])?;
                let combined = *combined.first().ok_or_else(|| this.error("the computation returned nothing"))?;
                this.store(combined, result, index);
                Ok(())
            })?;
            Ok(Vec::new())
        })?;
        Ok(())
    }

    /// Attribute `name`'s `value` as a dimension of a rank-`rank` tensor.
    fn dimension(&self, value: i64, rank: usize, name: &str) -> Emitted<usize> {
        usize::try_from(value).ok().filter(|&d| d < rank).ok_or_else(|| self.error(format!("{name} = {value} is out of range")))
    }

    /// `memref<N x i64>`.
    fn i64_buffer_type(&self, n: i64) -> Emitted<xla_ir::Type> {
        let ctx = self.ctx();
        self.memref_type(ctx.tensor_type(&[n], ctx.int_type(64)))
    }
}

/// How many blocks of size `part` make `whole`, when they do.
fn group_size_of(whole: i64, part: i64) -> Option<i64> {
    (part > 0 && whole % part == 0).then(|| whole / part)
}
