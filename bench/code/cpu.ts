/**
 * CPU time of the calling thread, so that rates stay meaningful on a busy machine.
 * Node 20 has no `process.threadCpuUsage()`; on Linux the thread's own user and system
 * time is read from /proc/thread-self/stat (clock ticks, normally 100 per second).
 * Elsewhere the whole process's time (`process.cpuUsage()`, which includes GC and
 * compiler threads) stands in.
 */
import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

function fromProc(): number | undefined {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    // The command name (field 2) may contain spaces; fields after it are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const user = Number(fields[11]);
    const system = Number(fields[12]);
    return Number.isFinite(user) && Number.isFinite(system) ? (user + system) / TICKS_PER_SECOND : undefined;
  } catch {
    return undefined;
  }
}

/** Seconds of CPU time used so far by this thread (or process, see above). */
export function threadCpuSeconds(): number {
  const own = fromProc();
  if (own !== undefined) return own;
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/** Seconds of CPU time used so far by the whole process (all threads). */
export function processCpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}
