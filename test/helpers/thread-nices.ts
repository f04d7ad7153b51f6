import { readdirSync, readFileSync } from 'node:fs';

/** The nice value of every thread of a process (default: this one), by thread id (Linux /proc; field 19 of stat). */
export function threadNices(pid: number | 'self' = 'self'): Map<number, number> {
  const nices = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces): state is field 3, nice field 19.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      nices.set(Number(tid), Number(fields[16]));
    } catch {
      // The thread ended while we looked.
    }
  }
  return nices;
}
