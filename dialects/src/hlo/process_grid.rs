//! The process grid a program runs in: `hlo.replica_id`, `hlo.partition_id`, and how a
//! collective's groups name processes ([`ProcessGroupMode`]).
//!
//! A program runs as one process of StableHLO's process grid of `num_replicas x
//! num_partitions` processes; process `(replica, partition)` has the flattened id
//! `replica * num_partitions + partition`. Neither count is part of a program: both are
//! known only when it runs, so nothing here depends on them.
//!
//! A collective's `replica_groups` (or `source_target_pairs`) list ids of one kind, which
//! its channel decides (StableHLO's spec, "Collective ops"):
//! - `all_gather`, `all_reduce`, `reduce_scatter`: without a positive `channel_id` the ids
//!   are replica ids, each group once per partition (`cross_replica`); with one they are
//!   replica ids whose groups take every partition of their replicas
//!   (`cross_replica_and_partition`), or with `use_global_device_ids` flattened ids
//!   (`flattened_ids`);
//! - `all_to_all`, `collective_broadcast`, `collective_permute`: replica ids each group
//!   once per partition without a positive `channel_id` (`cross_replica`), partition ids
//!   each group once per replica with one (`cross_partition`).
//!
//! Invariant: a `channel_id` of 0 (StableHLO's `channel_handle<handle = 0>`) is no channel,
//! as the spec's `channel_id <= 0` says.

use xla_ir::constraints::AnyTensor;
use xla_ir::op_def::InferContext;
use xla_ir::Type;
use xla_macros::op;

/// The id of the replica running the program, in `[0, number of replicas)`.
///
/// XLA's `ReplicaId`: a `tensor<ui32>`, different on every replica.
///
/// Example: `%0 = hlo.replica_id : tensor<ui32>`
#[op(name = "hlo.replica_id", traits = [Pure], infer = infer_process_id, format = "attr-dict `:` type($result)")]
pub struct ReplicaIdOp {
    #[result]
    result: AnyTensor,
}

/// The id of the partition running the program, in `[0, number of partitions)`.
///
/// XLA's `PartitionId` (StableHLO's `partition_id`): a `tensor<ui32>`, the same on every
/// replica of one partition.
///
/// Example: `%0 = hlo.partition_id : tensor<ui32>`
#[op(name = "hlo.partition_id", traits = [Pure], infer = infer_process_id, format = "attr-dict `:` type($result)")]
pub struct PartitionIdOp {
    #[result]
    result: AnyTensor,
}

/// The shape function of `hlo.replica_id` and `hlo.partition_id`: `tensor<ui32>`.
pub fn infer_process_id(cx: &InferContext) -> Result<Vec<Type>, String> {
    Ok(vec![cx.ctx.tensor_type(&[], cx.ctx.uint_type(32))])
}

/// Which processes the ids of a collective's groups name (see the module).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ProcessGroupMode {
    /// Groups of replica ids, each group once per partition.
    CrossReplica,
    /// Groups of partition ids, each group once per replica.
    CrossPartition,
    /// Groups of replica ids, each group with every partition of its replicas, partition
    /// by partition.
    CrossReplicaAndPartition,
    /// Groups of flattened ids, `replica * num_partitions + partition`.
    FlattenedIds,
}

impl ProcessGroupMode {
    /// The mode of `all_gather`, `all_reduce` and `reduce_scatter`.
    pub fn of_gathering(channel_id: Option<i64>, use_global_device_ids: bool) -> ProcessGroupMode {
        match (has_channel(channel_id), use_global_device_ids) {
            (false, _) => ProcessGroupMode::CrossReplica,
            (true, false) => ProcessGroupMode::CrossReplicaAndPartition,
            (true, true) => ProcessGroupMode::FlattenedIds,
        }
    }

    /// The mode of `all_to_all`, `collective_broadcast` and `collective_permute`.
    pub fn of_exchange(channel_id: Option<i64>) -> ProcessGroupMode {
        if has_channel(channel_id) { ProcessGroupMode::CrossPartition } else { ProcessGroupMode::CrossReplica }
    }

    /// StableHLO's name of the mode.
    pub fn name(self) -> &'static str {
        match self {
            ProcessGroupMode::CrossReplica => "cross_replica",
            ProcessGroupMode::CrossPartition => "cross_partition",
            ProcessGroupMode::CrossReplicaAndPartition => "cross_replica_and_partition",
            ProcessGroupMode::FlattenedIds => "flattened_ids",
        }
    }

    /// The code of the mode in the runtime's collective exchange (`xla_runtime.h`).
    pub fn runtime_code(self) -> i64 {
        match self {
            ProcessGroupMode::CrossReplica => 0,
            ProcessGroupMode::CrossPartition => 1,
            ProcessGroupMode::CrossReplicaAndPartition => 2,
            ProcessGroupMode::FlattenedIds => 3,
        }
    }

    /// Whether the size of a process group is the length of its list of ids: not so for
    /// `cross_replica_and_partition`, whose groups also take every partition.
    pub fn group_size_is_static(self) -> bool {
        self != ProcessGroupMode::CrossReplicaAndPartition
    }
}

/// Whether a collective's `channel_id` is a channel (positive).
fn has_channel(channel_id: Option<i64>) -> bool {
    channel_id.is_some_and(|id| id > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn channels_and_global_ids_choose_the_mode() {
        use ProcessGroupMode::*;
        assert_eq!(ProcessGroupMode::of_gathering(None, false), CrossReplica);
        assert_eq!(ProcessGroupMode::of_gathering(Some(0), false), CrossReplica);
        assert_eq!(ProcessGroupMode::of_gathering(Some(1), false), CrossReplicaAndPartition);
        assert_eq!(ProcessGroupMode::of_gathering(Some(1), true), FlattenedIds);
        assert_eq!(ProcessGroupMode::of_exchange(Some(0)), CrossReplica);
        assert_eq!(ProcessGroupMode::of_exchange(Some(2)), CrossPartition);
        assert_eq!([CrossReplica, CrossPartition, CrossReplicaAndPartition, FlattenedIds].map(ProcessGroupMode::runtime_code), [0, 1, 2, 3]);
        assert!(!CrossReplicaAndPartition.group_size_is_static() && FlattenedIds.group_size_is_static());
    }
}
