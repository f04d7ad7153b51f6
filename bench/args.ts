/** `--flag N` from the command line: a positive integer, or `fallback` when the flag is absent. */
export function positiveIntArg(flag: string, fallback: number): number {
  const i = process.argv.indexOf(flag);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${flag}: expected a positive integer`);
  return value;
}

/** `--help` or `-h`: prints `usage` and ends the process before the benchmark starts anything. */
export function exitOnHelp(usage: string): void {
  if (!process.argv.includes('--help') && !process.argv.includes('-h')) return;
  process.stdout.write(`${usage.trim()}\n`);
  process.exit(0);
}
