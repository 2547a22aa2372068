//! Processes and the rendezvous their collectives meet at.
//!
//! A program runs as one [`Process`] of StableHLO's process grid: `replicas x partitions`
//! processes, process `(replica, partition)` with the flattened index `replica *
//! partitions + partition`. Under `--replicas N` every replica runs the same program in
//! its own thread (one partition); `interpreter.run_parallel` runs a grid of programs.
//! Each process has its own interpreter (and its own parse of the module: IR is not
//! shared across threads). Collective ops meet at a [`Rendezvous`]: each process hands in
//! its contribution and blocks until every process has, then reads them all, by flattened
//! index.
//!
//! Invariant: every process executes the same sequence of collectives (XLA's SPMD
//! contract), so the `n`-th collective of one process meets the `n`-th of every other;
//! a process that fails instead aborts the rendezvous, and the others get an error rather
//! than waiting forever.
//!
//! `hlo.send` and `hlo.recv` pass values through channels: a queue per channel id, in this
//! process alone when it has no others, else in the rendezvous, so that one process's send
//! meets another's recv. A recv waits for a value on its channel; it fails, rather than
//! waiting forever, when every other process has finished or one failed, and at once when
//! it is the only process. The rendezvous also holds the grid's infeed
//! (`interpreter.run_parallel`'s `infeed`), one queue every process takes from.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Condvar, Mutex};

use crate::value::Value;

/// One process's place in the grid and its link to the others.
#[derive(Debug)]
pub struct Process {
    /// Its replica id, in `[0, replicas)`.
    pub replica: u32,
    /// Its partition id, in `[0, partitions)`.
    pub partition: u32,
    /// How many replicas the grid has.
    pub replicas: u32,
    /// How many partitions the grid has.
    pub partitions: u32,
    rendezvous: Option<Arc<Rendezvous>>,
    /// How many collectives this process has joined.
    sequence: Mutex<u64>,
    /// The channels of a process without others.
    own_channels: Mutex<Channels>,
}

/// What was sent and not yet received, per channel id, oldest first.
type Channels = HashMap<i64, VecDeque<Vec<Value>>>;

impl Process {
    /// The only process of a run without collectives.
    pub fn single() -> Process {
        Process { replica: 0, partition: 0, replicas: 1, partitions: 1, rendezvous: None, sequence: Mutex::new(0), own_channels: Mutex::default() }
    }

    /// Replica `replica` of the one-partition grid meeting at `rendezvous`.
    pub fn replica(replica: u32, rendezvous: Arc<Rendezvous>) -> Process {
        Process::new(replica, 0, rendezvous)
    }

    /// Process `(replica, partition)` of the grid meeting at `rendezvous`.
    pub fn new(replica: u32, partition: u32, rendezvous: Arc<Rendezvous>) -> Process {
        Process {
            replica,
            partition,
            replicas: rendezvous.replicas,
            partitions: rendezvous.partitions,
            rendezvous: Some(rendezvous),
            sequence: Mutex::new(0),
            own_channels: Mutex::default(),
        }
    }

    /// How many processes the grid has.
    pub fn count(&self) -> usize {
        self.replicas as usize * self.partitions as usize
    }

    /// This process's flattened index, `replica * partitions + partition`.
    pub fn index(&self) -> usize {
        self.replica as usize * self.partitions as usize + self.partition as usize
    }

    /// Hands `value` in to this process's next collective and returns every process's
    /// contribution, by flattened index.
    pub fn exchange(&self, value: Value) -> Result<Vec<Value>, String> {
        let Some(rendezvous) = &self.rendezvous else { return Ok(vec![value]) };
        let sequence = {
            let mut next = self.sequence.lock().map_err(|_| "a process panicked")?;
            *next += 1;
            *next
        };
        rendezvous.exchange(sequence, self.index(), value)
    }

    /// Sends `values` on `channel`.
    pub fn send(&self, channel: i64, values: Vec<Value>) -> Result<(), String> {
        match &self.rendezvous {
            Some(rendezvous) => rendezvous.send(channel, values),
            None => {
                let mut channels = self.own_channels.lock().map_err(|_| "a process panicked")?;
                channels.entry(channel).or_default().push_back(values);
                Ok(())
            }
        }
    }

    /// Receives the oldest values sent on `channel`, waiting for another process to send
    /// them when there are others.
    pub fn recv(&self, channel: i64) -> Result<Vec<Value>, String> {
        match &self.rendezvous {
            Some(rendezvous) => rendezvous.recv(channel),
            None => {
                let mut channels = self.own_channels.lock().map_err(|_| "a process panicked")?;
                channels
                    .get_mut(&channel)
                    .and_then(VecDeque::pop_front)
                    .ok_or_else(|| format!("nothing was sent on channel {channel} before this recv"))
            }
        }
    }

    /// Takes the front of the grid's infeed, if there is one.
    pub fn take_infeed(&self) -> Option<Value> {
        self.rendezvous.as_ref().and_then(|rendezvous| rendezvous.state.lock().ok()?.infeed.pop_front())
    }

    /// Tells the other processes this one will send nothing more (it finished its program).
    pub fn finish(&self) {
        if let Some(rendezvous) = &self.rendezvous {
            rendezvous.finish();
        }
    }

    /// Tells the other processes this one failed, so that none waits for it.
    pub fn abort(&self) {
        if let Some(rendezvous) = &self.rendezvous {
            rendezvous.abort();
        }
    }
}

/// Where the processes of one grid meet.
#[derive(Debug)]
pub struct Rendezvous {
    replicas: u32,
    partitions: u32,
    state: Mutex<State>,
    arrived: Condvar,
}

#[derive(Debug, Default)]
struct State {
    /// Contributions per collective, by flattened index; removed once every process has
    /// read them.
    slots: HashMap<u64, Slot>,
    aborted: bool,
    /// The channels every process sends on and receives from.
    channels: Channels,
    /// How many processes have finished their programs.
    finished: usize,
    /// The grid's infeed, front first.
    infeed: VecDeque<Value>,
}

#[derive(Debug)]
struct Slot {
    values: Vec<Option<Value>>,
    readers_left: usize,
}

impl Rendezvous {
    /// The rendezvous of a grid of `replicas x partitions` processes (each at least 1).
    pub fn new(replicas: u32, partitions: u32) -> Rendezvous {
        Rendezvous { replicas: replicas.max(1), partitions: partitions.max(1), state: Mutex::new(State::default()), arrived: Condvar::new() }
    }

    /// How many processes meet here.
    pub fn count(&self) -> usize {
        self.replicas as usize * self.partitions as usize
    }

    /// Appends `values` to the grid's infeed.
    pub fn feed(&self, values: impl IntoIterator<Item = Value>) {
        if let Ok(mut state) = self.state.lock() {
            state.infeed.extend(values);
        }
    }

    fn exchange(&self, sequence: u64, process: usize, value: Value) -> Result<Vec<Value>, String> {
        let count = self.count();
        if process >= count {
            return Err(format!("process {process} joined a rendezvous of {count} processes"));
        }
        let mut state = self.state.lock().map_err(|_| "a process panicked")?;
        let slot = state.slots.entry(sequence).or_insert_with(|| Slot { values: vec![None; count], readers_left: count });
        slot.values[process] = Some(value);
        self.arrived.notify_all();
        loop {
            let slot = state.slots.get_mut(&sequence).ok_or("internal error: a collective's contributions vanished")?;
            // A collective every process reached is complete, even if one of them failed
            // afterwards (and aborted before this process woke up).
            if slot.values.iter().all(Option::is_some) {
                let values: Vec<Value> = slot.values.iter().flatten().cloned().collect();
                slot.readers_left -= 1;
                if slot.readers_left == 0 {
                    state.slots.remove(&sequence);
                }
                return Ok(values);
            }
            if state.aborted {
                return Err("another process failed before reaching this collective".into());
            }
            state = self.arrived.wait(state).map_err(|_| "a process panicked")?;
        }
    }

    fn abort(&self) {
        if let Ok(mut state) = self.state.lock() {
            state.aborted = true;
        }
        self.arrived.notify_all();
    }

    fn send(&self, channel: i64, values: Vec<Value>) -> Result<(), String> {
        let mut state = self.state.lock().map_err(|_| "a process panicked")?;
        state.channels.entry(channel).or_default().push_back(values);
        self.arrived.notify_all();
        Ok(())
    }

    fn recv(&self, channel: i64) -> Result<Vec<Value>, String> {
        let mut state = self.state.lock().map_err(|_| "a process panicked")?;
        loop {
            if let Some(values) = state.channels.get_mut(&channel).and_then(VecDeque::pop_front) {
                return Ok(values);
            }
            if state.aborted {
                return Err(format!("another process failed before sending on channel {channel}"));
            }
            // Every process but this one has finished: nothing will be sent any more.
            if state.finished + 1 >= self.count() {
                return Err(format!("nothing was sent on channel {channel}, and no other process is left to send"));
            }
            state = self.arrived.wait(state).map_err(|_| "a process panicked")?;
        }
    }

    fn finish(&self) {
        if let Ok(mut state) = self.state.lock() {
            state.finished += 1;
        }
        self.arrived.notify_all();
    }
}
