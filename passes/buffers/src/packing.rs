//! Offsets in one arena for buffers with live ranges: XLA's and TensorFlow Lite's "greedy by
//! size" heap simulation.
//!
//! Buffers are placed largest first (ties by earlier start, then by order of request); each
//! goes into the smallest gap, between the buffers already placed whose live ranges overlap
//! its own, that holds it, or after the highest of them. Every offset and every size is
//! rounded up to [`ARENA_ALIGNMENT`], so each buffer is as aligned as the arena.
//!
//! Invariant: two buffers whose ranges overlap get disjoint bytes; the arena's size is the
//! end of the highest buffer (0 when there is none).

use xla_dialects::loops::arena::ARENA_ALIGNMENT;

use crate::liveness::LiveRange;

/// A buffer to place: its size in bytes and when it is live.
#[derive(Copy, Clone, Debug)]
pub struct Request {
    /// The size in bytes.
    pub bytes: u64,
    /// When it is live.
    pub range: LiveRange,
}

/// The layout of an arena: an offset per request, in order, and the arena's size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Packing {
    /// The offset of each request, in bytes.
    pub offsets: Vec<u64>,
    /// The arena's size in bytes, a multiple of [`ARENA_ALIGNMENT`].
    pub size: u64,
}

/// `bytes` rounded up to [`ARENA_ALIGNMENT`], at least one unit so that every buffer has an
/// address of its own while it is live; `None` on overflow.
pub fn aligned(bytes: u64) -> Option<u64> {
    bytes.max(1).checked_next_multiple_of(ARENA_ALIGNMENT)
}

/// Packs `requests` into one arena; `None` when the sizes overflow.
pub fn pack(requests: &[Request]) -> Option<Packing> {
    let sizes = requests.iter().map(|r| aligned(r.bytes)).collect::<Option<Vec<u64>>>()?;
    let mut order: Vec<usize> = (0..requests.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(sizes[i]), requests[i].range.start, i));
    let mut offsets = vec![0u64; requests.len()];
    let mut placed: Vec<usize> = Vec::new();
    let mut size = 0u64;
    for i in order {
        let mut neighbours: Vec<(u64, u64)> =
            placed.iter().filter(|&&j| requests[j].range.overlaps(requests[i].range)).map(|&j| (offsets[j], offsets[j] + sizes[j])).collect();
        neighbours.sort_unstable();
        let mut best: Option<(u64, u64)> = None;
        let mut free_from = 0u64;
        for (start, end) in neighbours {
            if start > free_from {
                let gap = start - free_from;
                if gap >= sizes[i] && best.is_none_or(|(_, g)| gap < g) {
                    best = Some((free_from, gap));
                }
            }
            free_from = free_from.max(end);
        }
        let offset = best.map_or(free_from, |(offset, _)| offset);
        offsets[i] = offset;
        size = size.max(offset.checked_add(sizes[i])?);
        placed.push(i);
    }
    Some(Packing { offsets, size })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(bytes: u64, start: u32, end: u32) -> Request {
        Request { bytes, range: LiveRange { start, end } }
    }

    #[test]
    fn buffers_live_at_once_get_disjoint_bytes() {
        let packing = pack(&[request(100, 0, 5), request(64, 2, 3)]).expect("no overflow");
        assert_eq!(packing, Packing { offsets: vec![0, 128], size: 192 });
    }

    #[test]
    fn a_dead_buffer_is_reused() {
        let packing = pack(&[request(256, 0, 1), request(256, 2, 3), request(64, 1, 2)]).expect("no overflow");
        assert_eq!(packing.offsets[0], packing.offsets[1]);
        assert_eq!(packing.size, 320);
    }

    #[test]
    fn the_smallest_gap_that_fits_is_taken() {
        // A (0..128) and C (192..256) with a 64-byte gap at 128..192, and a 128-byte gap
        // above B's end once B (live only early) is gone: the small one goes in the gap.
        let requests = [request(128, 0, 9), request(64, 0, 1), request(64, 0, 9), request(64, 5, 6)];
        let packing = pack(&requests).expect("no overflow");
        assert_eq!(packing.offsets[3], packing.offsets[1]);
        assert_eq!(packing.size, 256);
    }

    #[test]
    fn an_empty_arena_has_size_zero() {
        assert_eq!(pack(&[]), Some(Packing { offsets: vec![], size: 0 }));
    }
}
