/**
 * Linux's /proc/…/stat of a process (`/proc/PID/stat`, every thread together) or of the calling thread
 * (`/proc/thread-self/stat`): its CPU time and minor page faults so far. Shared by the benchmarks that
 * measure another process or their own thread. Undefined where /proc is not there.
 */
import { readFileSync } from 'node:fs';

/** Clock ticks per second of stat's times: USER_HZ, 100 on Linux. */
const TICKS_PER_SECOND = 100;

export interface ProcStat {
  /** User and system CPU seconds. */
  readonly cpuSeconds: number;
  /** Minor page faults: first touches of pages of new memory. */
  readonly minorFaults: number;
}

export function readProcStat(path: string): ProcStat | undefined {
  try {
    const stat = readFileSync(path, 'utf8');
    // The command name (field 2) may hold spaces; the fields after it are fixed. From the third field on,
    // minflt is the 10th field, utime and stime the 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const minorFaults = Number(fields[7]);
    const user = Number(fields[11]);
    const system = Number(fields[12]);
    if (![minorFaults, user, system].every(Number.isFinite)) return undefined;
    return { cpuSeconds: (user + system) / TICKS_PER_SECOND, minorFaults };
  } catch {
    return undefined;
  }
}
