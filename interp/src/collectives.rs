//! Replicas and the rendezvous their collectives meet at.
//!
//! Under `--replicas N` every replica runs the same program in its own thread, with its
//! own interpreter (and its own parse of the module: IR is not shared across threads).
//! Collective ops meet at a [`Rendezvous`]: each replica hands in its contribution and
//! blocks until every replica has, then reads them all, in replica order.
//!
//! Invariant: every replica executes the same sequence of collectives (XLA's SPMD
//! contract), so the `n`-th collective of one replica meets the `n`-th of every other;
//! a replica that fails instead aborts the rendezvous, and the others get an error rather
//! than waiting forever.
//!
//! `hlo.send` and `hlo.recv` pass values through channels: a queue per channel id, in this
//! replica alone when it has no others, else in the rendezvous, so that one replica's send
//! meets another's recv. A recv waits for a value on its channel; it fails, rather than
//! waiting forever, when every other replica has finished or one failed, and at once when
//! it is the only replica.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Condvar, Mutex};

use crate::value::Value;

/// One replica's identity and its link to the others.
#[derive(Debug)]
pub struct Replica {
    pub id: u32,
    pub count: u32,
    rendezvous: Option<Arc<Rendezvous>>,
    /// How many collectives this replica has joined.
    sequence: Mutex<u64>,
    /// The channels of a replica without others.
    own_channels: Mutex<Channels>,
}

/// What was sent and not yet received, per channel id, oldest first.
type Channels = HashMap<i64, VecDeque<Vec<Value>>>;

impl Replica {
    /// The only replica of a run without collectives.
    pub fn single() -> Replica {
        Replica { id: 0, count: 1, rendezvous: None, sequence: Mutex::new(0), own_channels: Mutex::default() }
    }

    /// Replica `id` of the replicas meeting at `rendezvous`.
    pub fn new(id: u32, rendezvous: Arc<Rendezvous>) -> Replica {
        Replica { id, count: rendezvous.count, rendezvous: Some(rendezvous), sequence: Mutex::new(0), own_channels: Mutex::default() }
    }

    /// Hands `value` in to this replica's next collective and returns every replica's
    /// contribution, in replica order.
    pub fn exchange(&self, value: Value) -> Result<Vec<Value>, String> {
        let Some(rendezvous) = &self.rendezvous else { return Ok(vec![value]) };
        let sequence = {
            let mut next = self.sequence.lock().map_err(|_| "a replica panicked")?;
            *next += 1;
            *next
        };
        rendezvous.exchange(sequence, self.id, value)
    }

    /// Sends `values` on `channel`.
    pub fn send(&self, channel: i64, values: Vec<Value>) -> Result<(), String> {
        match &self.rendezvous {
            Some(rendezvous) => rendezvous.send(channel, values),
            None => {
                let mut channels = self.own_channels.lock().map_err(|_| "a replica panicked")?;
                channels.entry(channel).or_default().push_back(values);
                Ok(())
            }
        }
    }

    /// Receives the oldest values sent on `channel`, waiting for another replica to send
    /// them when there are others.
    pub fn recv(&self, channel: i64) -> Result<Vec<Value>, String> {
        match &self.rendezvous {
            Some(rendezvous) => rendezvous.recv(channel),
            None => {
                let mut channels = self.own_channels.lock().map_err(|_| "a replica panicked")?;
                channels
                    .get_mut(&channel)
                    .and_then(VecDeque::pop_front)
                    .ok_or_else(|| format!("nothing was sent on channel {channel} before this recv"))
            }
        }
    }

    /// Tells the other replicas this one will send nothing more (it finished its program).
    pub fn finish(&self) {
        if let Some(rendezvous) = &self.rendezvous {
            rendezvous.finish();
        }
    }

    /// Tells the other replicas this one failed, so that none waits for it.
    pub fn abort(&self) {
        if let Some(rendezvous) = &self.rendezvous {
            rendezvous.abort();
        }
    }
}

/// Where the replicas of one run meet.
#[derive(Debug)]
pub struct Rendezvous {
    count: u32,
    state: Mutex<State>,
    arrived: Condvar,
}

#[derive(Debug, Default)]
struct State {
    /// Contributions per collective, by replica; removed once every replica has read them.
    slots: HashMap<u64, Slot>,
    aborted: bool,
    /// The channels every replica sends on and receives from.
    channels: Channels,
    /// How many replicas have finished their programs.
    finished: u32,
}

#[derive(Debug)]
struct Slot {
    values: Vec<Option<Value>>,
    readers_left: u32,
}


impl Rendezvous {
    pub fn new(count: u32) -> Rendezvous {
        Rendezvous { count, state: Mutex::new(State::default()), arrived: Condvar::new() }
    }

    pub fn count(&self) -> u32 {
        self.count
    }

    fn exchange(&self, sequence: u64, replica: u32, value: Value) -> Result<Vec<Value>, String> {
        let count = self.count as usize;
        if replica as usize >= count {
            return Err(format!("replica {replica} joined a rendezvous of {count} replicas"));
        }
        let mut state = self.state.lock().map_err(|_| "a replica panicked")?;
        let slot = state
            .slots
            .entry(sequence)
            .or_insert_with(|| Slot { values: vec![None; count], readers_left: self.count });
        slot.values[replica as usize] = Some(value);
        self.arrived.notify_all();
        loop {
            let slot = state.slots.get_mut(&sequence).ok_or("internal error: a collective's contributions vanished")?;
            // A collective every replica reached is complete, even if one of them failed
            // afterwards (and aborted before this replica woke up).
            if slot.values.iter().all(Option::is_some) {
                let values: Vec<Value> = slot.values.iter().flatten().cloned().collect();
                slot.readers_left -= 1;
                if slot.readers_left == 0 {
                    state.slots.remove(&sequence);
                }
                return Ok(values);
            }
            if state.aborted {
                return Err("another replica failed before reaching this collective".into());
            }
            state = self.arrived.wait(state).map_err(|_| "a replica panicked")?;
        }
    }

    fn abort(&self) {
        if let Ok(mut state) = self.state.lock() {
            state.aborted = true;
        }
        self.arrived.notify_all();
    }

    fn send(&self, channel: i64, values: Vec<Value>) -> Result<(), String> {
        let mut state = self.state.lock().map_err(|_| "a replica panicked")?;
        state.channels.entry(channel).or_default().push_back(values);
        self.arrived.notify_all();
        Ok(())
    }

    fn recv(&self, channel: i64) -> Result<Vec<Value>, String> {
        let mut state = self.state.lock().map_err(|_| "a replica panicked")?;
        loop {
            if let Some(values) = state.channels.get_mut(&channel).and_then(VecDeque::pop_front) {
                return Ok(values);
            }
            if state.aborted {
                return Err(format!("another replica failed before sending on channel {channel}"));
            }
            // Every replica but this one has finished: nothing will be sent any more.
            if state.finished + 1 >= self.count {
                return Err(format!("nothing was sent on channel {channel}, and no other replica is left to send"));
            }
            state = self.arrived.wait(state).map_err(|_| "a replica panicked")?;
        }
    }

    fn finish(&self) {
        if let Ok(mut state) = self.state.lock() {
            state.finished += 1;
        }
        self.arrived.notify_all();
    }
}
