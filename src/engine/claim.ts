/**
 * Who runs a task that its sender may take back (ScanTask.claim): one 32-bit slot on shared memory,
 * turned from UNCLAIMED by exactly one side. A lane thread turns it to LANE when it reaches the task in
 * its queue, and skips the task if the sender was first; the sender turns it to SENDER to run the task
 * itself (the command line's adaptive pool, when its own thread has nothing left to do: pool.ts).
 */
const UNCLAIMED = 0;
const LANE = 1;
const SENDER = 2;

/** A new slot, unclaimed. */
export function newClaim(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
}

/** On the lane thread: whether the task is its to run (true at most once per slot, and never after takeBack). */
export function claimForLane(claim: Int32Array | undefined): boolean {
  return claim === undefined || Atomics.compareExchange(claim, 0, UNCLAIMED, LANE) === UNCLAIMED;
}

/** On the sending thread: whether it took the task back (the lane will then skip it). */
export function takeBack(claim: Int32Array): boolean {
  return Atomics.compareExchange(claim, 0, UNCLAIMED, SENDER) === UNCLAIMED;
}

/** Whether nobody has started or taken the task yet. */
export function unclaimed(claim: Int32Array): boolean {
  return Atomics.load(claim, 0) === UNCLAIMED;
}
