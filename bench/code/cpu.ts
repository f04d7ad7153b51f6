/**
 * CPU time of the calling thread, so that rates stay meaningful on a busy machine.
 * Node 20 has no `process.threadCpuUsage()`; on Linux the thread's own user and system
 * time is read from /proc/thread-self/stat (clock ticks, normally 100 per second).
 * Elsewhere the whole process's time (`process.cpuUsage()`, which includes GC and
 * compiler threads) stands in.
 */
import { readProcStat } from '../proc-stat.js';

/** Seconds of CPU time used so far by this thread (or process, see above). */
export function threadCpuSeconds(): number {
  const own = readProcStat('/proc/thread-self/stat')?.cpuSeconds;
  if (own !== undefined) return own;
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/** Seconds of CPU time used so far by the whole process (all threads). */
export function processCpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}
